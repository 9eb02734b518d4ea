/*
 * tlb.h - a generic translation lookaside buffer: fully or set associative, LRU or
 * tree-PLRU, tagged with an address-space id, holding 4 KB and 2 MB pages.
 * Used for the per-CU L1 TLBs, the shared L2 TLB and the IOMMU TLBs
 * (docs/isca18-micro18.md §1.1, Table I: 32-entry FA L1, 512-entry 16-way L2).
 *
 * Set index of a page number vpn (va >> 12 for a 4 KB entry, va >> 21 for a 2 MB one;
 * a lookup probes both), with b = log2(sets); sets = entries / ways must be a power of
 * two; tree-PLRU also needs a power-of-two way count:
 *   mod  vpn & (sets-1)                      (the low page-number bits)
 *   xor  (vpn ^ (vpn >> b)) & (sets-1)       (low bits XOR the next b bits, the XOR
 *        hash reverse-engineered for Intel's L2 sTLB by Gras et al., TLBleed, 2018)
 * With mod, pages a power-of-two stride apart crowd into few sets: a PolyBench row-walk
 * (64 rows of 32 KB pitch, one page per lane) lands in 4 of the 32 sets of a 512-entry
 * 16-way TLB. xor spreads such strides over every set.
 *
 * Replacement (repl.h): LRU keeps per-entry stamps (xl_repl_stamp_*) and, derived from
 * them, a ring per set in stamp order (xl_repl_ring_*); tree-PLRU keeps one bit per
 * internal node of each set (xl_repl_plru_*, the convention written there: bits start
 * at 0, so an empty set's first victim is way 0). Invalid ways are always chosen before
 * any valid one (lowest index first), for LRU and PLRU alike.
 */
#ifndef XLAT_TLB_H
#define XLAT_TLB_H

#include "xlat/repl.h"
#include "xlat/types.h"

typedef enum { XL_TLB_INDEX_MOD = 0, XL_TLB_INDEX_XOR = 1 } xl_tlb_index_t;

typedef struct {
    uint32_t  entries;
    uint32_t  ways;     /* ways == entries: fully associative */
    xl_repl_t repl;
    xl_tlb_index_t index;   /* set index function (file comment); 0 = mod */
} xl_tlb_params_t;

typedef struct {
    uint8_t  valid;
    uint8_t  page_shift;   /* 12, 16 or 21 */
    uint16_t asid;
    uint64_t vpn;          /* va >> page_shift */
    xl_pa_t  frame;        /* physical base of the page */
} xl_tlb_entry_t;

/* One entry's record: the entry (fields as in xl_tlb_entry_t) and its derived links,
 * 32 bytes, so a fill or a chain step touches one host cache line per entry. */
typedef struct {
    uint8_t  valid;
    uint8_t  page_shift;   /* 12, 16 or 21 */
    uint16_t asid;
    uint32_t hnext;        /* derived: next entry in the hash chain (NIL-terminated) */
    uint64_t vpn;          /* va >> page_shift */
    xl_pa_t  frame;        /* physical base of the page */
    xl_repl_ring_t lru;    /* derived: LRU ring of the set, head = most recent (repl.h) */
} xl_tlb_slot_t;

typedef struct {
    /* Fields in order of use, so an operation touches few host cache lines of the
     * struct: first what every lookup reads, then what a fill or a hit adds. */
    uint32_t *hbucket, hshift;   /* bucket = (vpn * odd) >> hshift (tlb.c h_of) */
    uint32_t  n2m;         /* valid 2 MB entries: none, and a lookup skips the 2 MB probe */
    uint32_t  n64k;        /* valid 64 KB entries: none, and a lookup skips the 64 KB probe */
    xl_tlb_slot_t *e;      /* sets * ways, set-major, 64-byte aligned */
    uint64_t  accesses;    /* counter: lookups */
    uint64_t  misses;      /* counter: lookups that missed */
    uint64_t  fills;       /* counter: entries written */
    uint64_t  evictions;   /* counter: valid entries replaced by a fill */
    /* derived (speed only, never changes a result): the hash above holds the valid
     * entries by (asid, page size, vpn), chained through e[].hnext; per set, the LRU
     * order of the valid ways (e[].lru), which is the stamp order, so the victim
     * is found without scanning the set */
    struct xl_tlb_set {
        uint32_t head, tail, nvalid, pad;   /* head, tail NIL while no way is valid */
    } *s;                  /* per set */
    uint64_t *stamp;       /* LRU: last-use stamp per entry */
    uint64_t  clock;       /* LRU stamp source */
    xl_tlb_params_t p;
    uint32_t  sets;
    uint32_t  set_bits;    /* log2(sets) */
    uint64_t  hits;        /* counter: lookups that hit */
    uint8_t  *plru;        /* PLRU: ways bits per set (index 1..ways-1 used) */
} xl_tlb_t;

/* Validate params and allocate. On bad geometry returns XL_EINPUT and a one-line
 * message naming the problem (prefixed by `what`, e.g. "l2tlb"). */
int  xl_tlb_init(xl_tlb_t *t, const xl_tlb_params_t *p, const char *what, char *err, size_t errlen);
void xl_tlb_free(xl_tlb_t *t);
/* The host bytes xl_tlb_init allocates for p (the footprint estimate, sys/footprint.c). */
uint64_t xl_tlb_bytes(const xl_tlb_params_t *p);

/* The set a page number (va >> page shift) lives in. */
uint32_t xl_tlb_set_of(const xl_tlb_t *t, uint64_t vpn);
/* Lookup with replacement update and counters. Returns 1 on hit and writes the
 * translated physical address of va to *pa (may be NULL); 0 on miss. */
int  xl_tlb_lookup(xl_tlb_t *t, uint16_t asid, xl_va_t va, xl_pa_t *pa);
/* Same result, no state change. */
int  xl_tlb_probe(const xl_tlb_t *t, uint16_t asid, xl_va_t va, xl_pa_t *pa);
/* Insert the page containing va (frame = page base PA). If already present it is
 * refreshed in place. *victim (may be NULL) receives the evicted entry, valid = 0 if none. */
void xl_tlb_fill(xl_tlb_t *t, uint16_t asid, xl_va_t va, xl_pa_t frame, unsigned page_shift,
                 xl_tlb_entry_t *victim);
/* Invalidate (asid)'s entry holding va, at either page size: the entries dropped (0-2). */
int  xl_tlb_inv(xl_tlb_t *t, uint16_t asid, xl_va_t va);
/* Invalidate every entry of one address space; returns how many. */
uint32_t xl_tlb_flush_asid(xl_tlb_t *t, uint16_t asid);

#endif
