/*
 * simstats.c - the cycle-level system's results (docs/isca18-micro18.md §6, §7;
 * model/README.md lists them by group): each component registers its own counters, in
 * the order the results list them.
 */
#include "sys/system.h"

void xl_sim_stats(const xl_sim_t *g, xl_stats_t *s)
{
    xl_stats_value(s, "sim.cycles", "GPU cycles from the first dispatch to the last retirement",
                   g->cycles);
    disp_stats(g, s);
    cu_stats(g, s);
    tlbh_stats(g, s);
    if (g->cfg.paging.mode != XL_PAGING_OFF) {   /* beside the far-fault counters */
        xl_stats_value(s, "paging.evictions", "pages evicted (xl_sim_page_evict)", g->evict.evictions);
        xl_stats_value(s, "paging.evict_dirty_lines", "dirty L2 lines of evicted pages written back to DRAM", g->evict.dirty_lines);
        xl_stats_value(s, "paging.evict_l1_lines", "L1 data cache lines of evicted pages dropped, all CUs", g->evict.l1_lines);
        xl_stats_value(s, "paging.evict_l2_lines", "L2 lines of evicted pages invalidated (dirty included)", g->evict.l2_lines);
        xl_stats_value(s, "paging.evict_inflight_lines", "lines of evicted pages whose L2 miss was out: left to their fill", g->evict.inflight_lines);
    }
    vs_stats(&g->vs, g->cycles, s);
    iommu_stats(g, s);
    cu_walk_stats(g, s);
    iommu_pwc_stats(&g->iommu, s);
    cu_data_stats(g, s);
    xl_memsys_stats(g->mem, s);
}
