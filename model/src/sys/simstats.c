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
    vs_stats(&g->vs, g->cycles, s);
    iommu_stats(g, s);
    cu_walk_stats(g, s);
    iommu_pwc_stats(&g->iommu, s);
    cu_data_stats(g, s);
    xl_memsys_stats(g->mem, s);
}
