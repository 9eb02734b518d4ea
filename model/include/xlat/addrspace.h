/*
 * addrspace.h - the page-table builder ("driver"): an address space with an
 * address-space id and an x86-64 4-level page table built in simulated physical
 * memory (docs/isca18-micro18.md §1.3). Maps virtual ranges with 4 KB, 64 KB or 2 MB pages,
 * allocating data frames and page-table nodes from the seeded frame allocator.
 */
#ifndef XLAT_ADDRSPACE_H
#define XLAT_ADDRSPACE_H

#include "xlat/pagetable.h"
#include "xlat/physmem.h"

typedef struct {
    xl_physmem_t *pm;
    uint16_t asid;
    xl_pa_t  root;          /* L4 node (CR3) */
    uint64_t pt_nodes;      /* page-table nodes allocated, root included */
    uint64_t pages_4k;      /* 4 KB pages mapped */
    uint64_t pages_2m;      /* 2 MB pages mapped */
    uint64_t pages_64k;     /* 64 KB pages mapped (16 contiguous 4 KB leaves each) */
} xl_as_t;

/* Allocates the root node. */
int xl_as_init(xl_as_t *as, xl_physmem_t *pm, uint16_t asid, char *err, size_t errlen);

/* Map [va, va+bytes) with pages of 1 << page_shift (12, 16 or 21), each backed by a new
 * frame; a 64 KB page is 16 level-1 leaves with XL_PTE_CONT over one aligned 64 KB frame. va and bytes must be page aligned, the range must lie below 2^47 (canonical
 * lower half) and must not overlap an existing mapping. flags are PTE bits ORed into
 * every leaf (P is always set; intermediate entries get P|RW|US). Errors: XL_EINPUT
 * with a message (misaligned, overlap, out of range, out of physical memory).
 * Implementation details:
 *  - The whole range is checked for overlap before anything is written, so an overlap
 *    error leaves the table unchanged. Running out of simulated physical memory part
 *    way leaves the pages before the failing VA mapped (and their frames and nodes
 *    allocated); the caller is expected to abort the run.
 *  - Allocation order, page by page in ascending VA: first any missing page-table
 *    nodes from L3 down to the leaf's node, then the page's data frame. With
 *    XL_ALLOC_SEQUENTIAL this makes every address predictable.
 *  - Overlap means: a 4 KB request whose leaf entry is present, or whose VA lies in a
 *    2 MB page; a 2 MB request whose L2 entry is present (a 2 MB page, or an L1 node
 *    holding 4 KB mappings, even if all its entries are empty).
 *  - flags may not set frame bits 51:12 (XL_PTE_FRAME_MASK) nor XL_PTE_CONT (the page
 *    size sets it).
 *  - Every error message is one line naming the function and the VA. */
int xl_as_map(xl_as_t *as, xl_va_t va, uint64_t bytes, unsigned page_shift, uint64_t flags,
              char *err, size_t errlen);
/* A workload region's default mapping: [va, va + bytes) rounded up to whole pages of
 * 1 << page_shift, present, writable, user, accessed and dirty (A/D updates are not
 * modelled, docs/isca18-micro18.md §1.2). xl_as_map's checks and errors. */
int xl_as_map_region(xl_as_t *as, xl_va_t va, uint64_t bytes, unsigned page_shift, char *err,
                     size_t errlen);
/* Map one page at va to the given frame (used by tests and by paging later). Same
 * checks as xl_as_map; the frame must also be aligned to the page size, non-zero and
 * inside physical memory. It is not allocated here nor checked against the allocator. */
int xl_as_map_page(xl_as_t *as, xl_va_t va, xl_pa_t frame, unsigned page_shift,
                   uint64_t flags, char *err, size_t errlen);
/* Unmap the page of 1 << page_shift bytes at va (page aligned), mapped at that size: its
 * leaf entry (a 64 KB page: its 16) becomes 0, not present, and *frame (may be NULL)
 * receives the page's frame. The page-table nodes stay, so a later map of the page reads
 * the same upper levels (and page-walk caches holding them stay right). The frame is the
 * caller's to free or reuse. Used by paging's eviction (docs/papers/paged-memory.md).
 * XL_EINPUT with a one-line message, nothing changed, when va is not mapped at that size. */
int xl_as_unmap_page(xl_as_t *as, xl_va_t va, unsigned page_shift, xl_pa_t *frame, char *err,
                     size_t errlen);

#endif
