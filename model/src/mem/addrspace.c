/*
 * addrspace.c - the page-table builder ("driver"): builds an x86-64 4-level page
 * table (docs/isca18-micro18.md §1.3, bit-exact entry format; levels L4 = root .. L1 =
 * leaf) in the simulated physical memory, with 4 KB or 2 MB pages, taking every node
 * and data frame from the seeded frame allocator (§1.2).
 *
 * Entries written: intermediate = next node frame | P | RW | US; 4 KB leaf (L1) =
 * data frame | flags | P; 2 MB leaf (L2) = 2 MB frame | flags | P | PS.
 * A range is first checked for overlap as a whole (no write on an overlap error),
 * then mapped page by page in ascending VA order: missing nodes first (L3, L2, L1),
 * then the data frame. Only running out of physical memory can leave a partial map.
 */
#include "xlat/addrspace.h"

#include <stdio.h>

#define AS_VA_LIMIT     (UINT64_C(1) << 47)   /* lower canonical half: VA < 2^47 */
#define AS_TABLE_FLAGS  (XL_PTE_P | XL_PTE_RW | XL_PTE_US)

/* Bytes covered by one entry at level L: 4 KB, 2 MB, 1 GB, 512 GB. */
static uint64_t as_span(unsigned L)
{
    return UINT64_C(1) << (12u + 9u * (L - 1u));
}

static const char *as_page_name(unsigned page_shift)
{
    return page_shift == XL_PAGE_SHIFT_2M ? "2 MB" : page_shift == XL_PAGE_SHIFT_64K ? "64 KB" : "4 KB";
}

int xl_as_init(xl_as_t *as, xl_physmem_t *pm, uint16_t asid, char *err, size_t errlen)
{
    xl_pa_t root;
    int rc;
    if (!as || !pm) {
        snprintf(err, errlen, "xl_as_init: no address space or no physical memory given");
        return XL_EINPUT;
    }
    as->pm = pm;
    as->asid = asid;
    as->root = 0;
    as->pt_nodes = 0;
    as->pages_4k = 0;
    as->pages_2m = 0;
    as->pages_64k = 0;
    if ((rc = xl_physmem_alloc_4k(pm, &root)) != XL_OK) {
        snprintf(err, errlen, "xl_as_init: no free physical frame for the root node of asid %u",
                 (unsigned)asid);
        return rc;
    }
    xl_physmem_zero_frame(pm, root);
    as->root = root;
    as->pt_nodes = 1;
    return XL_OK;
}

/* Checks shared by xl_as_map and xl_as_map_page. */
static int as_check_range(const xl_as_t *as, const char *fn, xl_va_t va, uint64_t bytes,
                          unsigned page_shift, uint64_t flags, char *err, size_t errlen)
{
    unsigned long long v = (unsigned long long)va;
    if (!as || !as->pm || !as->root) {
        snprintf(err, errlen, "%s: VA 0x%llx: the address space is not initialised", fn, v);
        return XL_EINPUT;
    }
    if (page_shift != XL_PAGE_SHIFT_4K && page_shift != XL_PAGE_SHIFT_64K &&
        page_shift != XL_PAGE_SHIFT_2M) {
        snprintf(err, errlen, "%s: VA 0x%llx: page_shift %u is not 12 (4 KB), 16 (64 KB) or 21 (2 MB)",
                 fn, v, page_shift);
        return XL_EINPUT;
    }
    uint64_t page = UINT64_C(1) << page_shift;
    if (bytes == 0) {
        snprintf(err, errlen, "%s: VA 0x%llx: zero-length range", fn, v);
        return XL_EINPUT;
    }
    if (va & (page - 1u)) {
        snprintf(err, errlen, "%s: VA 0x%llx is not aligned to the %s page size", fn, v,
                 as_page_name(page_shift));
        return XL_EINPUT;
    }
    if (bytes & (page - 1u)) {
        snprintf(err, errlen, "%s: VA 0x%llx: length 0x%llx is not a multiple of the %s page size",
                 fn, v, (unsigned long long)bytes, as_page_name(page_shift));
        return XL_EINPUT;
    }
    if (va >= AS_VA_LIMIT || bytes > AS_VA_LIMIT - va) {
        snprintf(err, errlen,
                 "%s: VA 0x%llx: range of 0x%llx bytes reaches 2^47 (only the lower canonical "
                 "half is mapped)", fn, v, (unsigned long long)bytes);
        return XL_EINPUT;
    }
    if (flags & XL_PTE_FRAME_MASK) {
        snprintf(err, errlen, "%s: VA 0x%llx: flags 0x%llx set frame bits 51:12", fn, v,
                 (unsigned long long)flags);
        return XL_EINPUT;
    }
    if (flags & XL_PTE_CONT) {   /* the page size says whether a leaf is contiguous */
        snprintf(err, errlen, "%s: VA 0x%llx: flags 0x%llx set the contiguous bit 52 (map "
                 "with 64 KB pages instead)", fn, v, (unsigned long long)flags);
        return XL_EINPUT;
    }
    return XL_OK;
}

/* Find the first existing mapping in [lo, hi) below `node` (a level-L node), for a
 * request whose leaves live at leaf_level (1 for 4 KB, 2 for 2 MB). Only present
 * entries are descended, so the cost is the part of the range already populated.
 * Returns 1 and sets *at / *why on a conflict, else 0. */
static int as_find_conflict(const xl_physmem_t *pm, xl_pa_t node, unsigned L, xl_va_t lo,
                            xl_va_t hi, unsigned leaf_level, xl_va_t *at, const char **why)
{
    uint64_t span = as_span(L);
    for (xl_va_t v = lo; v < hi;) {
        xl_va_t next = (v & ~(span - 1u)) + span;
        if (next > hi)
            next = hi;
        uint64_t pte = xl_physmem_read64(pm, xl_pt_entry_addr(node, v, L));
        if (pte & XL_PTE_P) {
            *at = v;
            if (L == leaf_level) {
                if (L == 1u)
                    *why = "is already mapped by a 4 KB page";
                else if (pte & XL_PTE_PS)
                    *why = "is already mapped by a 2 MB page";
                else
                    *why = "lies in a 2 MB range whose page-table node already holds 4 KB "
                           "mappings";
                return 1;
            }
            if (pte & XL_PTE_PS) {
                *why = L == 2u ? "is already mapped by a 2 MB page"
                     : L == 3u ? "lies in a 1 GB page (unsupported PS bit in an L3 entry)"
                               : "lies under an L4 entry with the reserved PS bit set";
                return 1;
            }
            if (as_find_conflict(pm, xl_pte_frame(pte), L - 1u, v, next, leaf_level, at, why))
                return 1;
        }
        v = next;
    }
    return 0;
}

static int as_check_free(const xl_as_t *as, const char *fn, xl_va_t va, uint64_t bytes,
                         unsigned page_shift, char *err, size_t errlen)
{
    xl_va_t at = 0;
    const char *why = "";
    unsigned leaf = page_shift == XL_PAGE_SHIFT_2M ? 2u : 1u;
    if (as_find_conflict(as->pm, as->root, XL_PT_LEVELS, va, va + bytes, leaf, &at, &why)) {
        snprintf(err, errlen, "%s: VA 0x%llx %s", fn, (unsigned long long)at, why);
        return XL_EINPUT;
    }
    return XL_OK;
}

static int as_alloc_fail(int rc, const char *fn, xl_va_t va, const char *what, char *err,
                         size_t errlen)
{
    if (rc == XL_EINPUT)
        snprintf(err, errlen, "%s: VA 0x%llx: out of simulated physical memory for %s", fn,
                 (unsigned long long)va, what);
    else
        snprintf(err, errlen, "%s: VA 0x%llx: out of host memory allocating %s", fn,
                 (unsigned long long)va, what);
    return rc;
}

/* Walk from the root to the node that holds va's entry at leaf_level, creating every
 * missing node (zeroed) and linking it with P|RW|US. */
static int as_descend(xl_as_t *as, const char *fn, xl_va_t va, unsigned leaf_level,
                      xl_pa_t *node_out, char *err, size_t errlen)
{
    xl_pa_t node = as->root;
    for (unsigned L = XL_PT_LEVELS; L > leaf_level; L--) {
        xl_pa_t ea = xl_pt_entry_addr(node, va, L);
        uint64_t pte = xl_physmem_read64(as->pm, ea);
        if (pte & XL_PTE_P) {
            if (pte & XL_PTE_PS) {   /* excluded by as_check_free; kept as a guard */
                snprintf(err, errlen, "%s: VA 0x%llx lies in a large page at level %u", fn,
                         (unsigned long long)va, L);
                return XL_EINPUT;
            }
            node = xl_pte_frame(pte);
            continue;
        }
        xl_pa_t child;
        int rc = xl_physmem_alloc_4k(as->pm, &child);
        if (rc != XL_OK)
            return as_alloc_fail(rc, fn, va, "a page-table node", err, errlen);
        xl_physmem_zero_frame(as->pm, child);
        as->pt_nodes++;
        xl_physmem_write64(as->pm, ea, xl_pte_make(child, AS_TABLE_FLAGS));
        node = child;
    }
    *node_out = node;
    return XL_OK;
}

/* Write the leaf entry for va in `node` (level 1 for 4 KB, level 2 for 2 MB); a 64 KB
 * page is its 16 level-1 entries, each with the contiguous bit and its 4 KB of the
 * frame, so a walker that ignores the bit still translates every address right. */
static int as_set_leaf(xl_as_t *as, const char *fn, xl_pa_t node, xl_va_t va,
                       unsigned page_shift, xl_pa_t frame, uint64_t flags, char *err,
                       size_t errlen)
{
    unsigned L = page_shift == XL_PAGE_SHIFT_2M ? 2u : 1u;
    unsigned n = page_shift == XL_PAGE_SHIFT_64K ? (unsigned)(XL_PAGE_64K / XL_PAGE_4K) : 1u;
    for (unsigned k = 0; k < n; k++) {   /* guard, see as_check_free */
        if (xl_physmem_read64(as->pm, xl_pt_entry_addr(node, va + k * XL_PAGE_4K, L)) & XL_PTE_P) {
            snprintf(err, errlen, "%s: VA 0x%llx is already mapped", fn,
                     (unsigned long long)(va + k * XL_PAGE_4K));
            return XL_EINPUT;
        }
    }
    uint64_t bits = flags | XL_PTE_P | (L == 2u ? XL_PTE_PS : 0u) | (n > 1u ? XL_PTE_CONT : 0u);
    for (unsigned k = 0; k < n; k++)
        xl_physmem_write64(as->pm, xl_pt_entry_addr(node, va + k * XL_PAGE_4K, L),
                           xl_pte_make(frame + k * XL_PAGE_4K, bits));
    if (L == 2u)
        as->pages_2m++;
    else if (n > 1u)
        as->pages_64k++;
    else
        as->pages_4k++;
    return XL_OK;
}

int xl_as_map(xl_as_t *as, xl_va_t va, uint64_t bytes, unsigned page_shift, uint64_t flags,
              char *err, size_t errlen)
{
    static const char fn[] = "xl_as_map";
    int rc = as_check_range(as, fn, va, bytes, page_shift, flags, err, errlen);
    if (rc == XL_OK)
        rc = as_check_free(as, fn, va, bytes, page_shift, err, errlen);
    if (rc != XL_OK)
        return rc;

    uint64_t page = UINT64_C(1) << page_shift;
    unsigned leaf = page_shift == XL_PAGE_SHIFT_2M ? 2u : 1u;
    /* Pages sharing VA[47 : 12+9*leaf] share the node holding their leaf entries,
     * so the descent is repeated only when that prefix changes. */
    uint64_t parent_key = UINT64_MAX;
    xl_pa_t parent = 0;
    for (xl_va_t v = va; v < va + bytes; v += page) {
        uint64_t key = v >> (12u + 9u * leaf);
        if (key != parent_key) {
            if ((rc = as_descend(as, fn, v, leaf, &parent, err, errlen)) != XL_OK)
                return rc;
            parent_key = key;
        }
        xl_pa_t frame;
        rc = leaf == 2u ? xl_physmem_alloc_2m(as->pm, &frame)
             : page_shift == XL_PAGE_SHIFT_64K ? xl_physmem_alloc_64k(as->pm, &frame)
                                              : xl_physmem_alloc_4k(as->pm, &frame);
        if (rc != XL_OK)
            return as_alloc_fail(rc, fn, v, leaf == 2u ? "a 2 MB data frame"
                                 : page_shift == XL_PAGE_SHIFT_64K ? "a 64 KB data frame"
                                                                  : "a 4 KB data frame", err, errlen);
        if ((rc = as_set_leaf(as, fn, parent, v, page_shift, frame, flags, err, errlen)) != XL_OK)
            return rc;
    }
    return XL_OK;
}

int xl_as_map_page(xl_as_t *as, xl_va_t va, xl_pa_t frame, unsigned page_shift,
                   uint64_t flags, char *err, size_t errlen)
{
    static const char fn[] = "xl_as_map_page";
    int rc = as_check_range(as, fn, va, page_shift < 32u ? UINT64_C(1) << page_shift : 0u,
                            page_shift, flags, err, errlen);
    if (rc != XL_OK)
        return rc;
    uint64_t page = UINT64_C(1) << page_shift;
    if (frame == 0 || (frame & (page - 1u)) || frame >= xl_physmem_size(as->pm) ||
        page > xl_physmem_size(as->pm) - frame) {
        snprintf(err, errlen,
                 "%s: VA 0x%llx: frame 0x%llx is zero, not %s aligned or outside physical "
                 "memory", fn, (unsigned long long)va, (unsigned long long)frame,
                 as_page_name(page_shift));
        return XL_EINPUT;
    }
    if ((rc = as_check_free(as, fn, va, page, page_shift, err, errlen)) != XL_OK)
        return rc;
    xl_pa_t parent;
    if ((rc = as_descend(as, fn, va, page_shift == XL_PAGE_SHIFT_2M ? 2u : 1u, &parent, err,
                         errlen)) != XL_OK)
        return rc;
    return as_set_leaf(as, fn, parent, va, page_shift, frame, flags, err, errlen);
}

int xl_as_map_region(xl_as_t *as, xl_va_t va, uint64_t bytes, unsigned page_shift, char *err,
                     size_t errlen)
{
    uint64_t psz = UINT64_C(1) << page_shift;
    return xl_as_map(as, va, (bytes + psz - 1) & ~(psz - 1), page_shift,
                     XL_PTE_RW | XL_PTE_US | XL_PTE_A | XL_PTE_D, err, errlen);
}

int xl_as_unmap_page(xl_as_t *as, xl_va_t va, unsigned page_shift, xl_pa_t *frame, char *err,
                     size_t errlen)
{
    static const char fn[] = "xl_as_unmap_page";
    int rc = as_check_range(as, fn, va, page_shift < 32u ? UINT64_C(1) << page_shift : 0u,
                            page_shift, 0, err, errlen);
    if (rc != XL_OK)
        return rc;
    xl_walk_t w;
    xl_pt_walk(as->pm, as->root, va, &w);
    if (w.status != XL_WALK_OK || w.page_shift != page_shift) {
        snprintf(err, errlen, "%s: VA 0x%llx is not mapped as a %s page", fn,
                 (unsigned long long)va, as_page_name(page_shift));
        return XL_EINPUT;
    }
    unsigned n = page_shift == XL_PAGE_SHIFT_64K ? (unsigned)(XL_PAGE_64K / XL_PAGE_4K) : 1u;
    xl_pa_t node = w.node_pa[w.leaf_level];
    for (unsigned k = 0; k < n; k++)
        xl_physmem_write64(as->pm, xl_pt_entry_addr(node, va + k * XL_PAGE_4K, w.leaf_level), 0);
    if (frame)
        *frame = w.pa & ~((UINT64_C(1) << page_shift) - 1u);
    if (page_shift == XL_PAGE_SHIFT_2M)
        as->pages_2m--;
    else if (n > 1u)
        as->pages_64k--;
    else
        as->pages_4k--;
    return XL_OK;
}
