/*
 * walk_path_stats.c - the walk path twin's own counters (walk_path.h), registered by
 * group where the system's results list them. Apart from walk_path.c so that the RTL
 * lockstep harness, which links the twin alone, needs no statistics module.
 */
#include <stddef.h>
#include <stdio.h>

#include "xlat/walk_path.h"

void xl_walk_path_stats(const xl_walk_path_t *m, xl_stats_t *s, xl_wp_stats_t group)
{
    char n[64], d[128];
    switch (group) {
    case XL_WP_STATS_COALESCE:
        xl_stats_counter(s, "iommu.coalesce.resumed_walks",
                         "walks started below the root from a coalescing resume point", &m->resumed);
        for (unsigned lv = 4; lv >= 2; lv--) {
            snprintf(n, sizeof n, "iommu.coalesce.upper_l%u", lv);
            snprintf(d, sizeof d, "resume points set or moved down by a level-%u line", lv);
            xl_stats_counter(s, n, d, &m->co.upper_set[lv]);
        }
        xl_stats_counter(s, "iommu.coalesce.cl_stall_cycles",
                         "cycles a walker was idle while every buffered request had CL set",
                         &m->cl_stalls);
        if (m->p.scan_pipe)   /* named only when the scan is drained (iommu.scan_pipe) */
            xl_stats_counter(s, "iommu.coalesce.scan_drops",
                             "page-table lines not scanned: an earlier line's scan was still draining",
                             &m->co.scan_drops);
        break;
    case XL_WP_STATS_BUFFER:
        xl_stats_counter(s, "iommu.buffer_max_occupancy", "most requests buffered at once",
                         &m->ws.max_occupancy);
        break;
    case XL_WP_STATS_SCHED:
        xl_stats_counter(s, "iommu.sched.score_updates",
                         "buffered entries whose score a same-instruction arrival raised (§2.3 1-b)",
                         &m->ws.score_updates);
        xl_stats_ratio(s, "iommu.sched.score_at_dispatch_avg",
                       "SIMT-aware score of walks dispatched from the buffer, mean (0: other policies)",
                       m->ws.score_sum, m->ws.disp_count, 2);
        for (unsigned rl = XL_RULE_IMMEDIATE; rl <= XL_RULE_RANDOM; rl++) {
            snprintf(n, sizeof n, "iommu.dispatch.%s", xl_ws_rule_name[rl]);
            snprintf(d, sizeof d, "walks dispatched by the %s rule", xl_ws_rule_name[rl]);
            xl_stats_counter(s, n, d, &m->ws.dispatched[rl]);
        }
        break;
    case XL_WP_STATS_PWC: {
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
                                 (const uint64_t *)((const char *)&m->pwc.lv[i] + pwc_ctr[k].off));
            }
        break;
    }
    }
}
