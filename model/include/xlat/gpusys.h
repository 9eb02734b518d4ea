/*
 * gpusys.h - the cycle-level GPU translation system (docs/isca18-micro18.md §1.5, §2, §6,
 * §7): compute units issuing wavefront instructions, the coalescer, per-CU L1 TLBs and
 * the shared L2 TLB with miss-merging MSHRs, the GPU<->IOMMU link, the IOMMU TLBs, the
 * walk-request buffer and scheduler (twin block xl_walk_sched), the page-walk caches
 * (twin block xl_pwc), the walkers reading real page-table lines from simulated memory
 * through the L2 data cache and DRAM (xl_memsys), and the workload's data accesses
 * through the per-CU L1 data caches into the same L2 and DRAM.
 *
 * Time is GPU cycles. The model advances cycle by cycle while anything can act and
 * jumps to the next timed event when nothing can; a jump never skips work.
 */
#ifndef XLAT_GPUSYS_H
#define XLAT_GPUSYS_H

#include <stdio.h>

#include "xlat/config.h"
#include "xlat/stats.h"
#include "xlat/workload.h"

typedef struct xl_gpu xl_gpu_t;

int  xl_gpu_create(xl_gpu_t **out, const xl_config_t *cfg, const xl_workload_t *wl,
                   char *err, size_t errlen);
void xl_gpu_destroy(xl_gpu_t *g);
/* Write the IOMMU-boundary event log to f (NULL: off). Format: model/README.md. */
void xl_gpu_set_events(xl_gpu_t *g, FILE *f);
/* Write the walk path block's (xl_walk_path) input and a digest of its output for every
 * cycle it is stepped (NULL: off), for replay into the RTL lockstep harness. Format:
 * model/README.md "IOMMU-boundary trace". */
void xl_gpu_set_iommu_trace(xl_gpu_t *g, FILE *f);
/* Show progress on f (a terminal) about once a second of host time (NULL: off). */
void xl_gpu_set_progress(xl_gpu_t *g, FILE *f);
/* Run every kernel to completion. XL_EINTERNAL with a message (and a dump of who waits
 * on what, written to stderr) when the watchdog fires or a walk faults. */
int  xl_gpu_run(xl_gpu_t *g, char *err, size_t errlen);
/* Register every counter and derived metric (call after run). */
void xl_gpu_stats(const xl_gpu_t *g, xl_stats_t *s);

#endif
