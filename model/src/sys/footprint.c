/*
 * footprint.c - the host memory a configuration's system allocates when it is created
 * (xl_config_footprint, config.h), estimated from its geometry so that a configuration
 * too big for the machine is refused before anything is allocated (sim.max_memory_mb,
 * checked by xl_config_validate). The large terms are the per-CU structures (wavefront
 * slots, memory records with their L1 TLB waiters, the L1 TLBs and data caches), the
 * shared TLBs and the L2 data cache; each is counted from the sizes of the records the
 * components allocate. The IOMMU's walk buffer, the PWCs and the DRAM queues are small
 * and are counted with a per-entry bound. Not counted: the simulated memory, which holds
 * only the page tables and grows as they are built (a few MB per GB of workload data),
 * and the queues that grow during a run.
 */
#include "gpu/cu.h"
#include "gpu/tlbh.h"
#include "sys/treq.h"
#include "xlat/config.h"
#include "xlat/tlb.h"

/* per-entry bound of the IOMMU's walk-buffer slot (scheduler, coalescing, the walk
 * path's own arrays) and of a PWC, page-table line cache and L2 data cache line */
#define WB_SLOT_BYTES 256u
#define PWC_ENTRY_BYTES 32u
#define LINE_BYTES_HOST 24u

static uint64_t mtab_bytes(uint64_t n)
{
    uint64_t nb = 1;
    while (nb < 2 * n)
        nb <<= 1;
    return nb * 4u + n * (4u + 8u) + (n + 63) / 64 * 8u;
}

uint64_t xl_config_footprint(const xl_config_t *c, const char **largest, uint64_t *largest_bytes)
{
    uint64_t ncu = c->gpu.cus, spc = (uint64_t)c->gpu.simds_per_cu * c->gpu.waves_per_simd;
    uint64_t rpc = spc * (c->gpu.loads == XL_LOADS_BLOCKING ? 1u : c->gpu.wave_mem_max);
    xl_tlb_params_t l1 = {c->l1tlb.entries, c->l1tlb.ways, c->l1tlb.repl, c->l1tlb.index};
    xl_tlb_params_t l2 = {c->l2tlb.entries, c->l2tlb.ways, c->l2tlb.repl, c->l2tlb.index};
    xl_tlb_params_t i1 = {c->iommu.tlb1_entries, c->iommu.tlb1_ways, XL_REPL_LRU, XL_TLB_INDEX_MOD};
    xl_tlb_params_t i2 = {c->iommu.tlb2_entries, c->iommu.tlb2_ways, XL_REPL_LRU, XL_TLB_INDEX_MOD};
    uint64_t l1d_lines = (uint64_t)c->l1d.size_kb * 1024u / (c->l1d.line_bytes ? c->l1d.line_bytes : 64u);
    struct { const char *what; uint64_t bytes; } part[] = {
        {"the CUs' wavefront slots and memory records",
         ncu * (sizeof(cu_t) + spc * (sizeof(slot_t) + sizeof(wg_t) + 8u + 8u + 16u) +
                rpc * (sizeof(mrec_t) + 8u))},
        {"the L1 TLBs with their MSHRs and waiters",
         ncu * (sizeof(l1tlb_t) + xl_tlb_bytes(&l1) +
                (uint64_t)c->l1tlb.mshrs * (sizeof(l1m_t) + sizeof(l2w_t) + 4u) +
                mtab_bytes(c->l1tlb.mshrs) + rpc * XL_MAX_LANES * sizeof(l1w_t))},
        {"the L1 data caches", ncu * (l1d_lines * 16u + l1d_lines / (c->l1d.ways ? c->l1d.ways : 1u) * 12u)},
        {"the L2 TLB and its MSHRs",
         xl_tlb_bytes(&l2) + (uint64_t)c->l2tlb.mshrs * sizeof(treq_t) + mtab_bytes(c->l2tlb.mshrs)},
        {"the IOMMU (TLBs, walk buffer, PWCs, page-table line cache)",
         xl_tlb_bytes(&i1) + xl_tlb_bytes(&i2) + (uint64_t)c->iommu.buffer_entries * WB_SLOT_BYTES +
         ((uint64_t)c->pwc.l4_entries + c->pwc.l3_entries + c->pwc.l2_entries) * PWC_ENTRY_BYTES +
         (uint64_t)c->iommu.ptcache_kb * 1024u / 64u * LINE_BYTES_HOST},
        {"the L2 data cache", (uint64_t)c->l2d.size_kb * 1024u / 64u * LINE_BYTES_HOST +
                              (uint64_t)c->l2d.mshrs * 64u},
    };
    uint64_t total = 0, big = 0;
    const char *bigname = part[0].what;
    for (size_t i = 0; i < sizeof part / sizeof part[0]; i++) {
        total += part[i].bytes;
        if (part[i].bytes > big) {
            big = part[i].bytes;
            bigname = part[i].what;
        }
    }
    if (largest)
        *largest = bigname;
    if (largest_bytes)
        *largest_bytes = big;
    return total;
}
