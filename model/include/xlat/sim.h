/*
 * sim.h - the library's entry point: the cycle-level GPU translation system
 * (docs/architecture.md). Create a system from a configuration and a workload, step it
 * to a cycle or run it to completion, read its statistics, destroy it.
 *
 * The system is compute units issuing wavefront instructions, the coalescer, per-CU L1
 * TLBs and the shared L2 TLB with miss-merging MSHRs, the GPU<->IOMMU link, the IOMMU
 * TLBs, the walk path (twin block xl_walk_path: walk buffer and scheduler, page-walk
 * caches, walk coalescing, walkers) reading real page-table lines from simulated memory,
 * the L2 data cache and DRAM (xl_memsys), and the workload's data accesses through the
 * per-CU L1 data caches into the same L2 and DRAM (docs/isca18-micro18.md §1.5, §2, §6, §7).
 *
 * Time is GPU cycles. The model advances cycle by cycle while anything can act and
 * jumps to the next timed event when nothing can; a jump never skips work.
 *
 * Everything a system needs is in its xl_sim_t: there is no global state, so any number
 * of systems can live in one process and be stepped in any interleaving (a SystemC
 * wrapper steps one per clock domain); the workload object is read, never written, and
 * may be shared by systems.
 */
#ifndef XLAT_SIM_H
#define XLAT_SIM_H

#include <stdint.h>
#include <stdio.h>

#include "xlat/config.h"
#include "xlat/host.h"
#include "xlat/stats.h"
#include "xlat/workload.h"

typedef struct xl_sim xl_sim_t;

/* Applications one system can run at once (MASK runs pairs; docs/papers/mask.md). */
#define XL_SIM_MAX_APPS 8u

/* A system running one application. XL_EINPUT with a message for a configuration or
 * workload it cannot hold. */
int  xl_sim_create(xl_sim_t **out, const xl_config_t *cfg, const xl_workload_t *wl,
                   char *err, size_t errlen);
/* A system running napps applications (1..XL_SIM_MAX_APPS) at once: application a has
 * its own address space (ASID a + 1, its own page table, its workload's regions mapped in
 * it), the CUs are split between the applications evenly (the remainder to the lowest
 * numbers), and each application's kernels run in order on its CUs while the others run
 * theirs. The TLBs, the IOMMU, the L2 data cache and DRAM are shared; every translation
 * request carries its ASID. With one application this is xl_sim_create. Several need
 * iommu.coalesce = off (coalescing matches neighbours by VA alone) and no IOMMU trace. */
int  xl_sim_create_apps(xl_sim_t **out, const xl_config_t *cfg, const xl_workload_t *const *wls,
                        unsigned napps, char *err, size_t errlen);
/* The same with a host (host.h; NULL or zero fields: the system's own defaults). The
 * host struct is copied; its memory, if it gives one, must outlive the system. */
int  xl_sim_create_host(xl_sim_t **out, const xl_config_t *cfg, const xl_workload_t *const *wls,
                        unsigned napps, const xl_host_t *host, char *err, size_t errlen);
/* What application app's page table maps va to (the functional walk, no timing, no
 * state changed): XL_OK and *pa, or XL_EINPUT when va is not mapped or app is out of
 * range. For embedders and tests: it reads the same page table the walkers read. */
int  xl_sim_translate(const xl_sim_t *g, unsigned app, uint64_t va, uint64_t *pa);
void xl_sim_destroy(xl_sim_t *g);
/* A TLB shootdown of one page (MICRO'21 §7.1; docs/papers/translation-reach.md
 * "Shootdowns"), as the driver's invalidation packet: application app's translation of
 * va leaves every L1 TLB, the shared L2 TLB (and MASK's bypass cache), every LDS and
 * I-cache victim store and the IOMMU's TLBs; the page-walk caches keep their entries
 * (the upper levels did not change). Returns the copies dropped (0 when none was held);
 * XL_EINPUT-like misuse (no application app, va beyond 48 bits) returns UINT64_MAX.
 * Between steps: a walk in flight when it is called still completes with what it read. */
uint64_t xl_sim_shootdown(xl_sim_t *g, unsigned app, uint64_t va);
/* HPCA'16 paged memory (paging.mode blocking or replay; docs/papers/paged-memory.md):
 * application app's page holding va is present now (the host mapped it between steps,
 * after the far_fault callback of host.h reported it). The far-faults waiting on it are
 * resolved at the current cycle: in replay mode each CU's Nacked translation is replayed
 * (a new L2 TLB lookup and walk), and the CU's dropped far-faults may follow; in
 * blocking mode a CU with none left takes lookups again. Returns the CUs told (0: none
 * waited, e.g. a prefetched page), or -1 when paging.mode is off or app is out of range. */
int xl_sim_page_resident(xl_sim_t *g, unsigned app, uint64_t va);
/* HPCA'16 paged memory, eviction (§5.1; docs/papers/paged-memory.md): application app's
 * page holding va (a page of mem.page_kb) leaves the GPU at the current cycle, between
 * steps. Contract: call it while the page is still mapped, then unmap it (or clear its
 * present bit) before the next step, then reuse the frame; it finds the frame by the
 * functional walk (xl_sim_translate). It
 *  1. shoots the translation down (xl_sim_shootdown: every TLB; a walk of the page out
 *     now comes back stale and asks again, paging.rewalks, so it far-faults once the host
 *     has unmapped the page);
 *  2. flushes the frame's lines selectively (HPCA'16 §5.1: only that page's lines, not
 *     the whole caches): every CU's L1 data cache drops them (write-through: nothing to
 *     write), the L2 data cache invalidates them and writes each dirty one back to DRAM
 *     now, a DRAM write that takes DRAM time like any write-back (dram.writes);
 *  3. counts: *dirty_lines (may be NULL) gets the dirty lines written back.
 * Misses in flight: a line whose L2 miss is out is not held yet and is left to its fill
 * (its requesters wait for it), so it lands after the flush; the page is evicted anyway,
 * not skipped, because the runtime's victim is final (its frame is promised to the
 * arriving page) and the model carries no data: such a line can only give a hit where a
 * miss was due. They are counted in paging.evict_inflight_lines. An L1 data miss
 * allocates its line at lookup, so the L1 has none in flight.
 * Returns XL_OK, or XL_EINPUT with nothing changed when app is out of range, va is
 * beyond 48 bits or the page is not mapped. Any paging.mode; the counters
 * paging.evictions, paging.evict_dirty_lines, paging.evict_l1_lines,
 * paging.evict_l2_lines and paging.evict_inflight_lines are published with paging on. */
int xl_sim_page_evict(xl_sim_t *g, unsigned app, uint64_t va, uint64_t *dirty_lines);
/* From a host callback (host.h) during a step: the step returns once the cycle in
 * progress is done (xl_sim_now() is then the next cycle), so the host can act at once,
 * e.g. drain the fault buffer when the far-fault it just heard of happened. Stepping on
 * continues the same run. */
void xl_sim_yield(xl_sim_t *g);
/* Write the IOMMU-boundary event log to f (NULL: off). Format: model/README.md. */
void xl_sim_set_events(xl_sim_t *g, FILE *f);
/* Write the walk path block's (xl_walk_path) input and a digest of its output for every
 * cycle it is stepped (NULL: off), for replay into the RTL lockstep harness. Format:
 * model/README.md "IOMMU-boundary trace". XL_EINPUT (nothing written) for a system of
 * several applications: the format has one address space. */
int  xl_sim_set_iommu_trace(xl_sim_t *g, FILE *f);
/* Write every edge of every DRAM channel's Golden/Silver/Normal block (xl_dram_gsn) to f
 * (NULL: off): its inputs and a digest of its outputs, for replay into the RTL lockstep
 * harness. Format: model/README.md "DRAM-boundary trace". Any number of applications.
 * XL_EINPUT (nothing written) unless dram.sched = gsn. */
int  xl_sim_set_gsn_trace(xl_sim_t *g, FILE *f);
/* How far a run has come, for a progress line (the model prints nothing itself; the
 * embedder steps the system in pieces and asks between them): instructions issued, the
 * current cycle. */
typedef struct {
    uint64_t instrs;
    uint64_t cycle;
} xl_sim_progress_t;
void xl_sim_progress(const xl_sim_t *g, xl_sim_progress_t *p);
/* Advance the system through every cycle before `until` (or to completion, if sooner).
 * A run stepped in any pieces is the same run, bit for bit, as one xl_sim_run: the
 * pieces only choose where the embedder looks in. XL_EINTERNAL with a message (and a dump
 * of who waits on what, written to stderr) when the watchdog fires or a walk faults; the
 * system is then stopped and every later step says so. */
int  xl_sim_step(xl_sim_t *g, uint64_t until, char *err, size_t errlen);
/* Run every kernel to completion: xl_sim_step(g, UINT64_MAX, ...). */
int  xl_sim_run(xl_sim_t *g, char *err, size_t errlen);
/* 1 once every kernel has finished. */
int  xl_sim_done(const xl_sim_t *g);
/* The next cycle the system will simulate (after completion: the run's length). */
uint64_t xl_sim_now(const xl_sim_t *g);
/* Register every counter and derived metric (call after run). */
void xl_sim_stats(const xl_sim_t *g, xl_stats_t *s);

#endif
