/*
 * simstats.c - the cycle-level system's counters and derived metrics (docs/isca18-micro18.md
 * §6, §7; model/README.md lists them by group), registered in the results' order.
 */
#include "sys/system.h"

#define OCC_BUCKETS 6u
static const char *const occ_name[OCC_BUCKETS] = {"empty", "le25", "le50", "le75", "lt100",
                                                  "full"};
static const char *const occ_desc[OCC_BUCKETS] = {
    "empty", "1 entry to a quarter full", "over a quarter to half full",
    "over half to three quarters full", "over three quarters full, not full", "full"};

static unsigned occ_bucket(uint64_t occ, uint64_t n)
{
    if (occ == 0)
        return 0;
    if (occ >= n)
        return 5;
    return 4 * occ <= n ? 1 : 4 * occ <= 2 * n ? 2 : 4 * occ <= 3 * n ? 3 : 4;
}

void xl_sim_stats(const xl_sim_t *g, xl_stats_t *s)
{
    char n[64], d[128];
    uint64_t stall = 0, l1a = 0, l1h = 0, l1m = 0;
    for (uint32_t c = 0; c < g->core.ncu; c++) {
        stall += cu_stall(&g->core, &g->core.cu[c]);
        l1a += g->tlb.l1[c].tlb.accesses;
        l1h += g->tlb.l1[c].tlb.hits;
        l1m += g->tlb.l1[c].tlb.misses;
    }
    xl_stats_value(s, "sim.cycles", "GPU cycles from the first dispatch to the last retirement",
                   g->cycles);
    if (g->disp.napps == 1) {
        const disp_app_t *p = &g->disp.app[0];
        xl_stats_value(s, "sim.kernels", "kernels run", p->kernel);
        for (uint32_t k = 0; k < p->kernel; k++) {
            snprintf(n, sizeof n, "sim.kernel%u.cycles", k);
            snprintf(d, sizeof d, "cycles of kernel %u, first work-group placed to last wavefront retired",
                     k);
            xl_stats_value(s, n, d, p->kcycles[k]);
        }
    } else {
        /* several applications: each one's kernels, its CUs and when it finished */
        uint64_t kernels = 0;
        for (uint32_t a = 0; a < g->disp.napps; a++)
            kernels += g->disp.app[a].kernel;
        xl_stats_value(s, "sim.kernels", "kernels run, all applications", kernels);
        xl_stats_value(s, "sim.apps", "applications run at once", g->disp.napps);
        for (uint32_t a = 0; a < g->disp.napps; a++) {
            const disp_app_t *p = &g->disp.app[a];
            snprintf(n, sizeof n, "sim.app%u.cycles", a);
            snprintf(d, sizeof d, "cycles until application %u retired its last wavefront", a);
            xl_stats_value(s, n, d, p->end);
            snprintf(n, sizeof n, "sim.app%u.cus", a);
            snprintf(d, sizeof d, "CUs of application %u (CUs %u..%u)", a, p->cu_first,
                     p->cu_first + p->cu_n - 1);
            xl_stats_value(s, n, d, p->cu_n);
            snprintf(n, sizeof n, "sim.app%u.kernels", a);
            snprintf(d, sizeof d, "kernels application %u ran", a);
            xl_stats_value(s, n, d, p->kernel);
            for (uint32_t k = 0; k < p->kernel; k++) {
                snprintf(n, sizeof n, "sim.app%u.kernel%u.cycles", a, k);
                snprintf(d, sizeof d, "cycles of application %u's kernel %u", a, k);
                xl_stats_value(s, n, d, p->kcycles[k]);
            }
        }
    }
    xl_stats_value(s, "gpu.wavefronts", "wavefronts run", g->disp.wave_uid);
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
    xl_stats_value(s, "l1tlb.accesses", "L1 TLB lookups, all CUs", l1a);
    xl_stats_value(s, "l1tlb.hits", "L1 TLB hits, all CUs", l1h);
    xl_stats_value(s, "l1tlb.misses", "L1 TLB misses, all CUs", l1m);
    xl_stats_counter(s, "l1tlb.mshr_merges", "L1 TLB misses merged into an outstanding miss",
                     &g->tlb.l1_merges);
    xl_stats_counter(s, "l1tlb.mshr_full", "L1 TLB misses that waited for a free MSHR",
                     &g->tlb.l1_mshr_full);
    xl_stats_counter(s, "l2tlb.accesses", "L2 TLB lookups", &g->tlb.l2_acc);
    xl_stats_counter(s, "l2tlb.hits", "L2 TLB hits", &g->tlb.l2_hit);
    xl_stats_counter(s, "l2tlb.misses", "L2 TLB misses", &g->tlb.l2_miss);
    xl_stats_counter(s, "l2tlb.mshr_merges", "L2 TLB misses merged into an outstanding miss",
                     &g->tlb.l2_merges);
    xl_stats_counter(s, "l2tlb.mshr_full", "L2 TLB misses that waited for a free MSHR",
                     &g->tlb.l2_mshr_full);
    xl_stats_ratio(s, "l2tlb.wavefronts_per_epoch",
                   "distinct wavefronts per 1024 L2 TLB accesses, mean (ISCA'18 Fig 12)",
                   g->tlb.epoch_sum, g->tlb.epochs, 2);
    xl_stats_counter(s, "iommu.requests", "page-walk requests reaching the IOMMU (Fig 11)",
                     &g->iommu.iommu_requests);
    xl_stats_counter(s, "iommu.tlb1.accesses", "IOMMU L1 TLB lookups", &g->iommu.io1.accesses);
    xl_stats_counter(s, "iommu.tlb1.hits", "IOMMU L1 TLB hits", &g->iommu.io1.hits);
    xl_stats_counter(s, "iommu.tlb1.misses", "IOMMU L1 TLB misses", &g->iommu.io1.misses);
    xl_stats_counter(s, "iommu.tlb2.accesses", "IOMMU L2 TLB lookups (L1 misses)",
                     &g->iommu.io2.accesses);
    xl_stats_counter(s, "iommu.tlb2.hits", "IOMMU L2 TLB hits", &g->iommu.io2.hits);
    xl_stats_counter(s, "iommu.tlb2.misses", "IOMMU L2 TLB misses (requests for a walk)",
                     &g->iommu.io2.misses);
    xl_stats_counter(s, "iommu.walks", "page-table walks performed", &g->iommu.walks);
    xl_stats_counter(s, "iommu.walk_mem_reads", "64 B page-table lines read by walkers",
                     &g->iommu.walk_reads);
    xl_stats_counter(s, "iommu.walk_mem_reads_leaf", "walk reads of the leaf (mapping) level",
                     &g->iommu.walk_reads_leaf);
    xl_stats_value(s, "iommu.walk_mem_reads_upper", "walk reads of upper levels",
                   g->iommu.walk_reads - g->iommu.walk_reads_leaf);
    for (unsigned lv = 4; lv >= 1; lv--) {
        snprintf(n, sizeof n, "iommu.walk_mem_reads_l%u", lv);
        snprintf(d, sizeof d, "walk reads of level-%u lines", lv);
        xl_stats_counter(s, n, d, &g->iommu.walk_reads_level[lv]);
    }
    xl_stats_counter(s, "iommu.coalesced",
                     "requests completed by a neighbour's leaf line (walk coalescing)", &g->iommu.coalesced);
    xl_stats_counter(s, "iommu.coalesce.resumed_walks",
                     "walks started below the root from a coalescing resume point", &g->iommu.wp.resumed);
    for (unsigned lv = 4; lv >= 2; lv--) {
        snprintf(n, sizeof n, "iommu.coalesce.upper_l%u", lv);
        snprintf(d, sizeof d, "resume points set or moved down by a level-%u line", lv);
        xl_stats_counter(s, n, d, &g->iommu.wp.co.upper_set[lv]);
    }
    xl_stats_counter(s, "iommu.coalesce.cl_stall_cycles",
                     "cycles a walker was idle while every buffered request had CL set",
                     &g->iommu.wp.cl_stalls);
    uint64_t nu = 0, nuc = 0;
    for (unsigned lv = 4; lv >= 1; lv--) {
        snprintf(n, sizeof n, "iommu.nbhd.l%u.reads", lv);
        snprintf(d, sizeof d, "level-%u page-table reads (neighbourhood measurement)", lv);
        xl_stats_counter(s, n, d, &g->iommu.nbhd_reads[lv]);
        snprintf(n, sizeof n, "iommu.nbhd.l%u.concurrent", lv);
        snprintf(d, sizeof d, "of those, with another request of the neighbourhood in the IOMMU");
        xl_stats_counter(s, n, d, &g->iommu.nbhd_conc[lv]);
        if (lv > 1) {
            nu += g->iommu.nbhd_reads[lv];
            nuc += g->iommu.nbhd_conc[lv];
        }
    }
    xl_stats_ratio(s, "iommu.nbhd_frac_leaf",
                   "leaf reads with a concurrent request in the same 32 KB (MICRO'18 Fig 5)",
                   g->iommu.nbhd_conc[1], g->iommu.nbhd_reads[1], 4);
    xl_stats_ratio(s, "iommu.nbhd_frac_upper",
                   "upper-level reads with a concurrent request in the same line (MICRO'18 Fig 6)",
                   nuc, nu, 4);
    xl_stats_counter(s, "iommu.ptcache.hits", "walker reads served by the page-table line cache",
                     &g->iommu.ptc.hits);
    xl_stats_counter(s, "iommu.ptcache.misses", "walker reads that missed the page-table line cache",
                     &g->iommu.ptc.misses);
    xl_stats_ratio(s, "iommu.walk_latency_avg",
                   "IOMMU arrival to completion, walked or coalesced, mean GPU cycles",
                   g->iommu.walk_lat_sum, g->iommu.done_reqs, 1);
    xl_stats_ratio(s, "iommu.walk_queue_avg", "IOMMU arrival to walker dispatch, mean GPU cycles",
                   g->iommu.walk_queue_sum, g->iommu.walks, 1);
    xl_stats_ratio(s, "iommu.walk_service_avg",
                   "walker dispatch to completion of a walk, mean GPU cycles (the walk's own cost)",
                   g->iommu.walk_svc_sum, g->iommu.walks, 1);
    static const char *const lat_name[LAT_BUCKETS] = {"lt128", "lt256", "lt512", "lt1k", "lt2k",
                                                      "lt4k",  "lt8k",  "lt16k", "lt32k", "ge32k"};
    for (unsigned b = 0; b < LAT_BUCKETS; b++) {
        snprintf(n, sizeof n, "iommu.walk_latency_hist.%s", lat_name[b]);
        snprintf(d, sizeof d, "walk-path requests whose IOMMU arrival to completion was %s cycles",
                 lat_name[b]);
        xl_stats_value(s, n, d, g->iommu.lat_hist[b]);
    }
    for (unsigned b = 0; b < LAT_BUCKETS; b++) {
        snprintf(n, sizeof n, "iommu.walk_service_hist.%s", lat_name[b]);
        snprintf(d, sizeof d, "walks whose dispatch to completion was %s cycles", lat_name[b]);
        xl_stats_value(s, n, d, g->iommu.svc_hist[b]);
    }
    xl_stats_counter(s, "iommu.buffer_full_cycles", "cycles an arrival found the walk buffer full",
                     &g->iommu.buf_full_cycles);
    xl_stats_counter(s, "iommu.buffer_max_occupancy", "most requests buffered at once",
                     &g->iommu.wp.ws.max_occupancy);
    uint64_t occ_hist[OCC_BUCKETS] = {0}, occ_sum = 0;
    for (uint32_t k = 0; k <= g->cfg.iommu.buffer_entries; k++) {
        occ_hist[occ_bucket(k, g->cfg.iommu.buffer_entries)] += g->iommu.occ_cycles[k];
        occ_sum += k * g->iommu.occ_cycles[k];
    }
    xl_stats_ratio(s, "iommu.buffer_occupancy_avg", "requests in the walk buffer, mean over cycles",
                   occ_sum, g->cycles, 1);
    for (unsigned b = 0; b < OCC_BUCKETS; b++) {
        snprintf(n, sizeof n, "iommu.buffer_occ.%s", occ_name[b]);
        snprintf(d, sizeof d, "cycles the walk buffer was %s", occ_desc[b]);
        xl_stats_value(s, n, d, occ_hist[b]);
    }
    uint64_t busy = 0;
    for (uint32_t w = 0; w < g->cfg.iommu.walkers; w++) {
        snprintf(n, sizeof n, "iommu.walker%u.busy_cycles", w);
        snprintf(d, sizeof d, "cycles walker %u was not idle (dispatch to leaf response)", w);
        xl_stats_counter(s, n, d, &g->iommu.wk_busy[w]);
        busy += g->iommu.wk_busy[w];
    }
    xl_stats_ratio(s, "iommu.walker_busy_frac", "walker cycles not idle / (walkers x cycles)",
                   busy, (uint64_t)g->cfg.iommu.walkers * g->cycles, 4);
    xl_stats_counter(s, "iommu.sched.score_updates",
                     "buffered entries whose score a same-instruction arrival raised (§2.3 1-b)",
                     &g->iommu.wp.ws.score_updates);
    xl_stats_ratio(s, "iommu.sched.score_at_dispatch_avg",
                   "SIMT-aware score of walks dispatched from the buffer, mean (0: other policies)",
                   g->iommu.wp.ws.score_sum, g->iommu.wp.ws.disp_count, 2);
    for (unsigned rl = XL_RULE_IMMEDIATE; rl <= XL_RULE_RANDOM; rl++) {
        snprintf(n, sizeof n, "iommu.dispatch.%s", xl_ws_rule_name[rl]);
        snprintf(d, sizeof d, "walks dispatched by the %s rule", xl_ws_rule_name[rl]);
        xl_stats_counter(s, n, d, &g->iommu.wp.ws.dispatched[rl]);
    }
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
    /* per PWC level: the counters of xl_pwc_level_t, named pwc.<level>.<counter> */
    static const char *const lvname[XL_PWC_LEVELS] = {"l4", "l3", "l2"};
    static const struct {
        const char *name, *desc;
        size_t off;
    } pwc_ctr[] = {
        {"hits", "walk-time lookups that hit", offsetof(xl_pwc_level_t, hits)},
        {"misses", "walk-time lookups that missed", offsetof(xl_pwc_level_t, misses)},
        {"fills", "entries written", offsetof(xl_pwc_level_t, fills)},
        {"evictions", "valid entries replaced", offsetof(xl_pwc_level_t, evictions)},
        {"protected_evictions", "victims chosen past a PLRU way with a pending counter (§2.6)",
         offsetof(xl_pwc_level_t, protected_evictions)},
        {"forced_evictions", "evictions with every way's pending counter above 0",
         offsetof(xl_pwc_level_t, forced_evictions)},
        {"cnt_incs", "pending counters raised by an arrival's probe",
         offsetof(xl_pwc_level_t, cnt_incs)},
        {"cnt_decs", "pending counters lowered by a walk's lookup",
         offsetof(xl_pwc_level_t, cnt_decs)},
    };
    for (unsigned i = 0; i < XL_PWC_LEVELS; i++)
        for (size_t k = 0; k < sizeof pwc_ctr / sizeof pwc_ctr[0]; k++) {
            snprintf(n, sizeof n, "pwc.%s.%s", lvname[i], pwc_ctr[k].name);
            snprintf(d, sizeof d, "%s entry cache: %s", lvname[i], pwc_ctr[k].desc);
            xl_stats_counter(s, n, d,
                             (const uint64_t *)((const char *)&g->iommu.wp.pwc.lv[i] + pwc_ctr[k].off));
        }
    xl_stats_counter(s, "l1d.accesses", "L1 data cache load lookups", &g->core.l1d_acc);
    xl_stats_counter(s, "l1d.hits", "L1 data cache load hits", &g->core.l1d_hit);
    xl_stats_counter(s, "gpu.data_lines", "64 B data lines accessed by lanes (loads and stores)",
                     &g->core.lines);
    xl_memsys_stats(g->mem, s);
}

