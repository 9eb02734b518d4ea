/*
 * watchdog.c - the watchdog's report (docs/architecture.md §4): when no instruction has
 * retired for sim.watchdog cycles, each component says what it waits for, from the
 * wavefronts to the memory system (ChampSim's print_deadlock does the same per block).
 */
#include "sys/system.h"

void sys_dump_waits(const xl_sim_t *g, FILE *f)
{
    fprintf(f, "xlat: no instruction retired for %llu cycles (cycle %llu); who waits on what:\n",
            (unsigned long long)g->cfg.sim.watchdog, (unsigned long long)g->now);
    cu_waits(g, f);
    tlbh_waits(g, f);
    vs_waits(&g->vs, f);
    iommu_waits(g, f);
    fprintf(f, "  memory system: %llu requests pending; %zu timed events queued\n",
            (unsigned long long)xl_memsys_pending(g->mem), evq_count(&g->q));
}
