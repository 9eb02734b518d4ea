/*
 * cu_stats.c - the CUs' counters (cu.h; docs/isca18-micro18.md §6, §7.1-§7.2): issue and
 * stall cycles in total and per CU, the coalescer, the per-instruction walk metrics of
 * ISCA'18 Figs 3, 5, 6 and 10, and the data accesses.
 */
#include "sys/system.h"

void cu_stats(const xl_sim_t *g, xl_stats_t *s)
{
    char n[64], d[128];
    uint64_t stall = 0;
    for (uint32_t c = 0; c < g->core.ncu; c++)
        stall += cu_stall(&g->core, &g->core.cu[c]);
    xl_stats_counter(s, "gpu.instructions", "wavefront instructions issued", &g->core.instrs);
    xl_stats_counter(s, "gpu.mem_instructions", "global memory instructions issued", &g->core.mem_instrs);
    xl_stats_value(s, "gpu.stall_cycles",
                   "CU cycles with resident wavefronts and none able to issue, summed over CUs",
                   stall);
    for (uint32_t c = 0; c < g->core.ncu; c++) {
        const cu_t *cu = &g->core.cu[c];
        snprintf(n, sizeof n, "gpu.cu%u.instructions", c);
        snprintf(d, sizeof d, "wavefront instructions issued by CU %u", c);
        xl_stats_counter(s, n, d, &cu->instrs);
        snprintf(n, sizeof n, "gpu.cu%u.mem_instructions", c);
        snprintf(d, sizeof d, "global memory instructions issued by CU %u", c);
        xl_stats_counter(s, n, d, &cu->mem_instrs);
        snprintf(n, sizeof n, "gpu.cu%u.stall_cycles", c);
        snprintf(d, sizeof d, "cycles CU %u had resident wavefronts and none could issue", c);
        xl_stats_value(s, n, d, cu_stall(&g->core, cu));
    }
    xl_stats_counter(s, "coalescer.lanes", "active lanes of global memory instructions",
                     &g->core.active_lanes);
    xl_stats_counter(s, "coalescer.requests", "translation requests after same-page merging",
                     &g->core.requests);
    xl_stats_ratio(s, "coalescer.pages_per_instr_avg",
                   "distinct pages per global memory instruction, mean", g->core.requests,
                   g->core.mem_instrs, 2);
    xl_stats_counter(s, "coalescer.pages_per_instr_max", "most distinct pages in one instruction",
                     &g->core.pages_max);
    xl_fig3_stats(s, "coalescer.pages_hist", "memory instructions touching %s distinct pages",
                  g->core.pages_bucket);
}

void cu_walk_stats(const xl_sim_t *g, xl_stats_t *s)
{
    xl_stats_counter(s, "walk.multi_instrs", "memory instructions with two or more walks",
                     &g->core.multi_instrs);
    xl_stats_counter(s, "walk.interleaved_instrs",
                     "of those, walks not contiguous in IOMMU arrival order (Fig 5)", &g->core.interleaved);
    xl_stats_ratio(s, "walk.interleaved_frac", "interleaved / multi-walk instructions (Fig 5)",
                   g->core.interleaved, g->core.multi_instrs, 4);
    xl_stats_ratio(s, "iommu.first_walk_latency_avg",
                   "latency of each multi-walk instruction's first-completed walk, mean (Fig 6)",
                   g->core.first_lat_sum, g->core.multi_instrs, 1);
    xl_stats_ratio(s, "iommu.last_walk_latency_avg",
                   "latency of each multi-walk instruction's last-completed walk, mean (Fig 6)",
                   g->core.last_lat_sum, g->core.multi_instrs, 1);
    xl_stats_ratio(s, "walk.last_first_2x_frac",
                   "multi-walk instructions whose last walk's latency was >= 2x the first's (Fig 6)",
                   g->core.lf_2x, g->core.multi_instrs, 4);
    xl_stats_ratio(s, "walk.last_first_3x_frac",
                   "multi-walk instructions whose last walk's latency was >= 3x the first's (Fig 6)",
                   g->core.lf_3x, g->core.multi_instrs, 4);
    xl_stats_ratio(s, "iommu.gap_first_last_avg",
                   "first-to-last walk completion gap per multi-walk instruction, mean cycles (Fig 10)",
                   g->core.gap_sum, g->core.multi_instrs, 1);
    xl_stats_counter(s, "walk.work_instrs", "memory instructions that caused at least one walk",
                     &g->core.work_instrs);
    xl_fig3_stats(s, "walk.work_hist", "instructions needing %s walk memory reads (ISCA'18 Fig 3)",
                  g->core.work_bucket);
}

void cu_data_stats(const xl_sim_t *g, xl_stats_t *s)
{
    xl_stats_counter(s, "l1d.accesses", "L1 data cache load lookups", &g->core.l1d_acc);
    xl_stats_counter(s, "l1d.hits", "L1 data cache load hits", &g->core.l1d_hit);
    xl_stats_counter(s, "gpu.data_lines", "64 B data lines accessed by lanes (loads and stores)",
                     &g->core.lines);
}

/* The watchdog's report: every occupied wavefront slot, what it waits for and its
 * memory instructions in flight. */
void cu_waits(const xl_sim_t *g, FILE *f)
{
    static const char *const sn[] = {"free", "ready", "busy", "memory", "barrier",
                                     "waiting for memory"};
    for (uint32_t c = 0; c < g->core.ncu; c++) {
        const cu_t *cu = &g->core.cu[c];
        for (uint32_t s = 0; s < g->core.spc; s++) {
            const slot_t *st = &cu->slot[s];
            if (st->state == W_FREE)
                continue;
            fprintf(f, "  cu %u slot %u: %s", c, s, sn[st->state]);
            for (uint32_t r = s * g->core.kmem; r < (s + 1) * g->core.kmem; r++)
                if (cu->rec[r].live)
                    fprintf(f, "; instr %u: %u translations, %u lines outstanding",
                            cu->rec[r].instr_id, cu->rec[r].pend_tr, cu->rec[r].pend_lines);
            fputc('\n', f);
        }
    }
}
