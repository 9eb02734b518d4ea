/*
 * iommu_stats.c - the IOMMU's counters and derived metrics (iommu.h; docs/isca18-micro18.md
 * §6, §7.1): requests, its TLBs, walks and their reads, coalescing, the neighbourhood
 * measurement, the line cache, walk latency, buffer occupancy, walkers and the scheduler,
 * with the walk path twin's own counters registered by the twin in their places.
 */
#include "sys/system.h"
#include <string.h>

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

void iommu_stats(const xl_sim_t *g, xl_stats_t *s)
{
    char n[64], d[128];
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
    if (g->cfg.paging.mode != XL_PAGING_OFF)
        xl_stats_counter(s, "iommu.walk_faults", "walks that found the page not present (far-faults, paging.mode)", &g->iommu.walk_faults);
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
    xl_walk_path_stats(&g->iommu.wp, s, XL_WP_STATS_COALESCE);
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
    xl_walk_path_stats(&g->iommu.wp, s, XL_WP_STATS_BUFFER);
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
    xl_walk_path_stats(&g->iommu.wp, s, XL_WP_STATS_SCHED);
}

/* The watchdog's report: the IOMMU's queues, its buffer and each busy walker. */
void iommu_waits(const xl_sim_t *g, FILE *f)
{
    const xl_walk_path_t *wp = &g->iommu.wp;
    static const char *const wsn[] = {"idle", "pwc lookup", "waiting for the memory port",
                                      "waiting for its read"};
    fprintf(f, "  IOMMU: %u in TLB queue, %u waiting for the buffer, buffer %u/%u, walkers busy %u/%u, "
            "%u responses queued\n", g->iommu.in_fifo.n, g->iommu.sched_fifo.n,
            xl_walk_path_count(wp), xl_walk_path_slots(wp), xl_walk_path_busy_walkers(wp),
            xl_walk_path_params(wp)->walkers, g->iommu.rsp_fifo.n);
    for (uint32_t w = 0; w < xl_walk_path_params(wp)->walkers; w++) {
        const xl_walker_t *k = xl_walk_path_walker(wp, w);
        if (k->state != XL_WK_IDLE)
            fprintf(f, "  walker %u: va 0x%llx at %s, %s, %u reads done\n", w,
                    (unsigned long long)k->va, lvl_name[k->level], wsn[k->state], k->reads);
    }
}

void iommu_pwc_stats(const iommu_t *io, xl_stats_t *s)
{
    xl_walk_path_stats(&io->wp, s, XL_WP_STATS_PWC);
}

void iommu_trace_begin(const iommu_t *io, FILE *f, uint16_t asid, xl_pa_t root)
{
    const xl_walk_path_params_t *p = xl_walk_path_params(&io->wp);
    static const char *const pol[] = {"fcfs", "random", "simt"};
    static const char *const co[] = {"off", "leaf", "upper", "both"};
    char pp[48] = "";   /* PickPipe and ScanPipe, named only when not the papers' 0 */
    if (p->pick_pipe)
        snprintf(pp, sizeof pp, " pick_pipe=%u", (unsigned)p->pick_pipe);
    if (p->scan_pipe)
        snprintf(pp + strlen(pp), sizeof pp - strlen(pp), " scan_pipe=%u",
                 (unsigned)p->scan_pipe);
    fprintf(f, "# xlat IOMMU-boundary trace v1 (model/README.md)\n");
    fprintf(f, "P slots=%u walkers=%u policy=%s coalesce=%s aging=%u lfsr=0x%x "
            "pwc=%u/%u,%u/%u,%u/%u pwc_latency=%u%s asid=%u root=0x%llx\n",
            p->slots, p->walkers, pol[p->policy], co[p->coalesce], p->aging_threshold,
            p->lfsr_seed, p->pwc.entries[0], p->pwc.ways[0], p->pwc.entries[1], p->pwc.ways[1],
            p->pwc.entries[2], p->pwc.ways[2], p->pwc_latency,
            pp, (unsigned)asid,
            (unsigned long long)root);
}
