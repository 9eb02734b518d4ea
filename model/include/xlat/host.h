/*
 * host.h - what a system needs from its host, as callbacks the embedder supplies
 * (docs/architecture.md §1): the memory that holds page tables and data, the mapping of
 * each application's regions before the first cycle (the driver's allocation), and the
 * news of a walk that found no mapping. Like the RISC-V IOMMU reference model's
 * embedder API, the library reaches outside itself only through these.
 *
 * Every field may be left zero: the system then makes its own physical memory from the
 * mem.* keys (sequential or seeded-random frames), maps every region of every
 * application with mem.page_kb pages (xl_as_map), and ends the run with an error when a
 * walk faults, unless paging.mode says a not-present page is a far-fault (HPCA'16;
 * docs/papers/paged-memory.md): the GMMU then reports it through far_fault, and the host
 * maps the page and calls xl_sim_page_resident (sim.h), which replays the translation.
 */
#ifndef XLAT_HOST_H
#define XLAT_HOST_H

#include <stddef.h>
#include <stdint.h>

#include "xlat/addrspace.h"
#include "xlat/physmem.h"
#include "xlat/workload.h"

typedef struct {
    void *ctx;   /* passed back to every callback */
    /* The simulated physical memory of page tables and data. NULL: the system makes
     * (and frees) its own. A host's memory is the host's to free, after the system. */
    xl_physmem_t *pm;
    /* Map region r of application app into its address space as (ASID app + 1, its
     * page table already rooted in pm), pages of 1 << page_shift bytes, before the first
     * cycle. XL_OK, or an error code with a one-line message in err. NULL:
     * xl_as_map_region (the whole region, present, writable, user, accessed, dirty). A host may map less (a walk to the hole then faults), other page sizes, or
     * frames of its choosing (xl_as_map_page). */
    int (*map_region)(void *ctx, xl_as_t *as, unsigned app, const xl_region_t *r,
                      unsigned page_shift, char *err, size_t errlen);
    /* A walk of va in address space asid found no present entry at the given level
     * (4..1). NULL: nothing. The run then stops with an error naming the VA. */
    void (*fault)(void *ctx, uint16_t asid, uint64_t va, unsigned level);
    /* paging.mode blocking or replay: a far-fault record in the GMMU's fault buffer
     * (HPCA'16 §3.2 step 5): CU cu's translation of page va (page aligned) of ASID asid
     * found it not present at this cycle, and a far-fault MSHR now waits for it. Once per
     * page while it waits; a fault the GMMU dropped (beyond paging.ff_per_cu) is not
     * reported. The host must not change the page tables from inside the call; it maps
     * the page later, between steps, and calls xl_sim_page_resident. NULL: nothing. */
    void (*far_fault)(void *ctx, uint16_t asid, uint64_t va, uint32_t cu, uint64_t cycle);
    /* Every translated access: a CU's page request (one memory instruction's lanes on one
     * page) got its frame, from a TLB hit or a fill, for page va (page aligned) of ASID
     * asid, a store or a load, at this cycle: what a paging runtime's LRU order and dirty
     * bits need (HPCA'16 §5.1). Called for most memory instructions; NULL: nothing. */
    void (*touch)(void *ctx, uint16_t asid, uint64_t va, int store, uint64_t cycle);
} xl_host_t;

#endif
