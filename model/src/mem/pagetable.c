/*
 * pagetable.c - the functional x86-64 4-level page-table walker (docs/isca18-micro18.md
 * §1.3, bit-exact format; §1.4 walk cost: one dependent 64 B line read per level
 * walked). Levels follow MICRO'18: L4 = root (PML4) ... L1 = leaf (PT).
 *
 * The walker is purely functional: it reads the simulated physical memory and
 * reports every line it read, in order, so that timing models can replay the same
 * reads through caches and DRAM. It never writes (no A/D updates, docs/isca18-micro18.md §1.2).
 */
#include "xlat/pagetable.h"

#include <string.h>

void xl_pt_walk(const xl_physmem_t *pm, xl_pa_t root, xl_va_t va, xl_walk_t *w)
{
    /* A cold walk starts at the root node (CR3) at level 4. */
    xl_pt_walk_from(pm, root, XL_PT_LEVELS, va, w);
}

static void pt_fault(xl_walk_t *w, xl_walk_status_t status, unsigned level)
{
    w->status = status;
    w->fault_level = level;
}

void xl_pt_walk_from(const xl_physmem_t *pm, xl_pa_t node, unsigned level, xl_va_t va,
                     xl_walk_t *w)
{
    memset(w, 0, sizeof *w);
    if (level < 1u || level > XL_PT_LEVELS) {
        w->status = XL_WALK_BAD_LEVEL;
        return;
    }
    for (unsigned L = level; L >= 1u; L--) {
        /* §1.3: line address = node_base + (idx >> 3) * 64; the entry is slot idx[2:0]
         * of that line, i.e. node_base + idx * 8. */
        w->node_pa[L] = node;
        w->line_pa[w->nreads] = xl_pt_line_addr(node, va, L);
        w->line_level[w->nreads] = L;
        w->nreads++;
        uint64_t pte = xl_physmem_read64(pm, xl_pt_entry_addr(node, va, L));

        if (!(pte & XL_PTE_P)) {
            pt_fault(w, XL_WALK_FAULT_NOT_PRESENT, L);
            return;
        }
        if (L == 1u) {
            /* 4 KB page: frame bits 51:12 | VA[11:0]. Bit 7 is PAT here, not PS. The
             * contiguous bit makes the page 64 KB for the TLBs; the PA is the same. */
            w->pa = xl_pte_frame(pte) | (va & (XL_PAGE_4K - 1u));
            w->page_shift = (pte & XL_PTE_CONT) ? XL_PAGE_SHIFT_64K : XL_PAGE_SHIFT_4K;
            w->leaf_level = 1u;
            w->leaf_pte = pte;
            return;
        }
        if (pte & XL_PTE_PS) {
            if (L == 2u) {
                /* 2 MB page: frame bits 51:21 | VA[20:0]. */
                w->pa = (xl_pte_frame(pte) & ~(XL_PAGE_2M - 1u)) | (va & (XL_PAGE_2M - 1u));
                w->page_shift = XL_PAGE_SHIFT_2M;
                w->leaf_level = 2u;
                w->leaf_pte = pte;
                return;
            }
            /* PS in a PML4E is reserved; PS in a PDPTE would be a 1 GB page, which
             * xlat does not support, so it is reported the same way. */
            pt_fault(w, XL_WALK_FAULT_RESERVED, L);
            return;
        }
        node = xl_pte_frame(pte);
    }
}
