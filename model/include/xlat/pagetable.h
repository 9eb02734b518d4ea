/*
 * pagetable.h - x86-64 4-level page-table entries and the functional walker
 * (docs/isca18-micro18.md §1.3, bit-exact).
 *
 * Levels follow MICRO'18: L4 = root (PML4), L3 = PDPT, L2 = PD, L1 = leaf (PT).
 * index(L) = VA[12+9(L-1)+8 : 12+9(L-1)], entry = node + 8*index,
 * line = node + 64*(index >> 3), slot in line = index & 7.
 */
#ifndef XLAT_PAGETABLE_H
#define XLAT_PAGETABLE_H

#include "xlat/physmem.h"
#include "xlat/types.h"

#define XL_PTE_P    (UINT64_C(1) << 0)   /* present */
#define XL_PTE_RW   (UINT64_C(1) << 1)   /* writable */
#define XL_PTE_US   (UINT64_C(1) << 2)   /* user */
#define XL_PTE_PWT  (UINT64_C(1) << 3)   /* write-through */
#define XL_PTE_PCD  (UINT64_C(1) << 4)   /* cache disable */
#define XL_PTE_A    (UINT64_C(1) << 5)   /* accessed */
#define XL_PTE_D    (UINT64_C(1) << 6)   /* dirty */
#define XL_PTE_PS   (UINT64_C(1) << 7)   /* page size (L3/L2); PAT in an L1 entry */
#define XL_PTE_G    (UINT64_C(1) << 8)   /* global */
/* Contiguous: this 4 KB leaf is one of 16 aligned leaves mapping one aligned 64 KB frame,
 * which a TLB may hold as a single 64 KB entry. x86-64 ignores leaf bits 52-58, so the
 * bit costs the format nothing; its place and meaning are Arm's contiguous bit (bit 52 of
 * a VMSAv8-64 descriptor, 16 entries at a 4 KB granule), the way 64 KB pages reach
 * hardware whose tables have 4 KB leaves (docs/architecture.md, "64 KB pages"). */
#define XL_PTE_CONT (UINT64_C(1) << 52)
#define XL_PTE_NX   (UINT64_C(1) << 63)  /* no execute */
#define XL_PTE_FRAME_MASK  UINT64_C(0x000FFFFFFFFFF000)   /* bits 51:12 */

#define XL_PT_LEVELS 4u

static inline unsigned xl_pt_index(xl_va_t va, unsigned level)
{
    return (unsigned)((va >> (12u + 9u * (level - 1u))) & 0x1FFu);
}
static inline xl_pa_t xl_pt_entry_addr(xl_pa_t node, xl_va_t va, unsigned level)
{
    return node + 8u * (xl_pa_t)xl_pt_index(va, level);
}
static inline xl_pa_t xl_pt_line_addr(xl_pa_t node, xl_va_t va, unsigned level)
{
    return node + 64u * (xl_pa_t)(xl_pt_index(va, level) >> 3);
}
static inline xl_pa_t xl_pte_frame(uint64_t pte) { return pte & XL_PTE_FRAME_MASK; }
static inline uint64_t xl_pte_make(xl_pa_t frame, uint64_t flags)
{
    return (frame & XL_PTE_FRAME_MASK) | flags;
}

typedef enum {
    XL_WALK_OK = 0,
    XL_WALK_FAULT_NOT_PRESENT = 1,   /* P = 0 at fault_level */
    XL_WALK_FAULT_RESERVED = 2,      /* PS = 1 where not allowed (L4 entry; L3 entry too:
                                      * 1 GB pages are not supported) */
    XL_WALK_BAD_LEVEL = 3            /* xl_pt_walk_from called with level outside 1..4;
                                      * nothing was read (added by the implementation) */
} xl_walk_status_t;

typedef struct {
    xl_walk_status_t status;
    unsigned fault_level;          /* level whose entry faulted (4..1), 0 when ok */
    xl_pa_t  pa;                   /* translated physical address when ok */
    unsigned page_shift;           /* 12 (4 KB), 16 (64 KB: a leaf with XL_PTE_CONT) or 21
                                    * (2 MB) when ok */
    unsigned leaf_level;           /* level of the entry that mapped the page: 1 or 2 */
    uint64_t leaf_pte;             /* the mapping entry */
    unsigned nreads;               /* 64-byte lines read: 1..4 */
    xl_pa_t  line_pa[XL_PT_LEVELS];   /* line addresses in read order */
    unsigned line_level[XL_PT_LEVELS];/* level of each read */
    xl_pa_t  node_pa[XL_PT_LEVELS + 1]; /* node_pa[L]: node base read at level L (0 if not) */
} xl_walk_t;

/* Walk rules (docs/isca18-micro18.md §1.3): at each level L the walker reads the 64 B line holding the
 * entry for va (recorded in line_pa/line_level, node base in node_pa[L]) and then
 *  - P = 0            -> XL_WALK_FAULT_NOT_PRESENT, fault_level = L;
 *  - L = 4 and PS = 1 -> XL_WALK_FAULT_RESERVED, fault_level = 4;
 *  - L = 3 and PS = 1 -> XL_WALK_FAULT_RESERVED, fault_level = 3 (1 GB pages are not
 *                        supported; the builder never makes them);
 *  - L = 2 and PS = 1 -> 2 MB page: pa = pte[51:21] << 21 | va[20:0] (PDE bits 20:12,
 *                        PAT and reserved, are ignored), page_shift 21, leaf_level 2;
 *  - L = 1            -> 4 KB page: pa = pte[51:12] << 12 | va[11:0] (bit 7 is PAT and
 *                        is ignored), page_shift 12, leaf_level 1;
 *  - otherwise        -> next node = pte[51:12] << 12, continue at L-1.
 * Only VA bits 47:0 are used. A, D and the permission bits are neither checked nor
 * updated (docs/isca18-micro18.md §1.2: A/D updates not modelled). On a fault, pa/page_shift/leaf_* are 0
 * and the faulting line is included in the reads.
 * Walk from the root node (CR3) for va. */
void xl_pt_walk(const xl_physmem_t *pm, xl_pa_t root, xl_va_t va, xl_walk_t *w);
/* Walk starting at level `level` whose node is `node` (a PWC hit or a resumed walk). */
void xl_pt_walk_from(const xl_physmem_t *pm, xl_pa_t node, unsigned level, xl_va_t va,
                     xl_walk_t *w);

#endif
