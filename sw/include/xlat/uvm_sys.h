/*
 * uvm_sys.h - a paged run (HPCA'16; docs/papers/paged-memory.md): the cycle-level system of
 * model/include/xlat/sim.h with paging.mode on, and the paging runtime of uvm.h as its
 * host, joined by the host callbacks of model/include/xlat/host.h. Every data page starts
 * on the CPU; each first touch far-faults; the runtime, configured by the [uvm] keys,
 * decides what crosses the link and when, and this driver maps each page as it arrives
 * (xl_sim_page_resident), evicts pages from the model (xl_sim_page_evict: its TLBs and its
 * lines, dirty ones written back) and unmaps them,
 * and tells the runtime of every translated access (its LRU order and dirty bits).
 *
 * The loop: step the system to the runtime's next event (a page arrival, a write-back,
 * a drain, an interval close); a far-fault ends the step after its cycle
 * (xl_sim_yield), so the runtime hears of it at once; then let the runtime do what is due.
 * Everything is integer and in one order, so a run is the same bit for bit everywhere.
 *
 * The runtime works in 4 KB pages (HPCA'16 §2 migrates 4 KB pages), so mem.page_kb must be
 * 4, and one application runs (the paper's setting).
 */
#ifndef XLAT_UVM_SYS_H
#define XLAT_UVM_SYS_H

#include <stddef.h>
#include <stdint.h>

#include "xlat/config.h"
#include "xlat/sim.h"
#include "xlat/stats.h"
#include "xlat/uvm.h"
#include "xlat/workload.h"

typedef struct xl_uvm_sys xl_uvm_sys_t;

/* The runtime's parameters from cfg's [uvm] keys at cfg's GPU clock (ns to cycles,
 * rounded to the nearest cycle; a page's link time from uvm.link_mbps). XL_EINPUT with
 * one line in err when a value cannot be expressed (a page time of 0 cycles). */
int xl_uvm_sys_params(const xl_config_t *cfg, xl_uvm_params_t *p, char *err, size_t errlen);

/* A paged system of workload wl (opened, laid out) on cfg (paging.mode blocking or
 * replay). XL_EINPUT with one line in err for a configuration it cannot run. */
int  xl_uvm_sys_create(xl_uvm_sys_t **out, const xl_config_t *cfg, const xl_workload_t *wl,
                       char *err, size_t errlen);
/* Run to the end (or to cycle `until`, between steps of the host's choosing): XL_OK, or
 * the system's error, or XL_EINPUT for a workload touching a page it never allocated. */
int  xl_uvm_sys_step(xl_uvm_sys_t *u, uint64_t until, char *err, size_t errlen);
int  xl_uvm_sys_run(xl_uvm_sys_t *u, char *err, size_t errlen);
/* The system inside (its progress, its clock, its done flag). */
xl_sim_t *xl_uvm_sys_sim(xl_uvm_sys_t *u);
/* The system's counters, then the runtime's ("uvm.*") and the driver's: the footprint in
 * pages, the legacy copy's cycles (pages x page time, HPCA'16 §2.8), maps, evictions. */
void xl_uvm_sys_stats(xl_uvm_sys_t *u, xl_stats_t *s);
void xl_uvm_sys_destroy(xl_uvm_sys_t *u);

#endif
