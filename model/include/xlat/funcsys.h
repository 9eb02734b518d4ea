/*
 * funcsys.h - the functional translation system: a workload's wavefront instruction
 * streams driven through the coalescer, the per-CU L1 TLBs, the shared L2 TLB, the
 * IOMMU TLBs and the page-walk caches, with real walks of the page table in simulated
 * memory. No timing: every lookup and fill takes effect at once, in a fixed
 * round-robin issue order (docs/isca18-micro18.md §1.5, steps 1-9 without latencies).
 *
 * It answers the questions the ISCA'18 motivation asks before any timing exists:
 * how often each TLB level misses, how many distinct pages one wavefront memory
 * instruction touches (Fig 3's cause), how much walk work one instruction generates,
 * and which PWC level each walk hits.
 */
#ifndef XLAT_FUNCSYS_H
#define XLAT_FUNCSYS_H

#include "xlat/config.h"
#include "xlat/stats.h"
#include "xlat/workload.h"

typedef struct xl_func xl_func_t;

/* Build memory, page tables (mapping every workload region) and the TLB hierarchy. */
int  xl_func_create(xl_func_t **out, const xl_config_t *cfg, const xl_workload_t *wl,
                    char *err, size_t errlen);
void xl_func_destroy(xl_func_t *f);
/* Run every kernel of the workload to completion. XL_EINTERNAL if a walk faults
 * (every generated address lies in a mapped region, so a fault is a bug). */
int  xl_func_run(xl_func_t *f, char *err, size_t errlen);
/* Register counters and derived values (rates, averages, histograms). */
void xl_func_stats(const xl_func_t *f, xl_stats_t *s);

/* Buckets of ISCA'18 Fig 3 (walk memory accesses per instruction) and the same edges
 * for distinct pages per instruction: [1,16] [17,32] [33,48] [49,64] [65,inf). */
#define XL_FIG3_BUCKETS 5u
unsigned xl_fig3_bucket(uint64_t v);   /* v >= 1 */
extern const char *const xl_fig3_bucket_name[XL_FIG3_BUCKETS];
/* Register a histogram in those buckets: counters "<prefix>.<bucket name>", each described
 * by `desc` with the bucket name in place of its one %s. */
void xl_fig3_stats(xl_stats_t *s, const char *prefix, const char *desc,
                   const uint64_t bucket[XL_FIG3_BUCKETS]);

#endif
