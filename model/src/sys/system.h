/*
 * system.h - the cycle-level system's assembly (docs/architecture.md §1-§3): the
 * components and what they share. The system owns the simulated physical memory, the
 * address space, the memory system, the one event queue and the pool of translation
 * requests; each component owns its own state (cu.h, dispatch.h, tlbh.h, iommu.h) and
 * is stepped or called by the main loop (sim.c) and by the events it schedules.
 * Internal to model/src: the public interface is xlat/sim.h.
 */
#ifndef XLAT_SYS_SYSTEM_H
#define XLAT_SYS_SYSTEM_H

#include <stdio.h>

#include "gpu/cu.h"
#include "gpu/dispatch.h"
#include "gpu/tlbh.h"
#include "iommu/iommu.h"
#include "kernel/evq.h"
#include "kernel/fifo.h"
#include "sys/treq.h"
#include "xlat/addrspace.h"
#include "xlat/config.h"
#include "xlat/sim.h"
#include "xlat/memsys.h"
#include "xlat/physmem.h"

#define NONE UINT32_MAX
#define EPOCH 1024u   /* L2 TLB accesses per epoch of the Fig 12 metric */

/* xl_sim_page_evict's counters (HPCA'16 §5.1; registered as paging.evict* with
 * paging.mode on, simstats.c). */
typedef struct {
    uint64_t evictions;       /* pages evicted */
    uint64_t dirty_lines;     /* dirty L2 lines written back to DRAM */
    uint64_t l1_lines;        /* L1 data cache lines dropped, over all CUs */
    uint64_t l2_lines;        /* L2 lines invalidated (dirty ones included) */
    uint64_t inflight_lines;  /* lines whose L2 miss was out: left to their fill */
} sys_evict_t;

/* Event types: who is called when the event is due (sim.c handle). */
enum {
    EV_WAVE_READY,   /* a: gslot - an ALU/LDS instruction finished */
    EV_CU_WAKE,      /* a: cu - the memory pipe became free */
    EV_L1_RESULT,    /* a: preq_t, b: frame - an L1 TLB hit delivers its translation */
    EV_L2_ACCESS,    /* a: l1mshr_t, b: port reserved - the request reaches the L2 TLB */
    EV_L2_RESULT,    /* a: l1mshr_t, b: frame - an L2 TLB hit delivers its translation */
    EV_IOMMU_ARRIVE, /* a: treq_h - the request reaches the IOMMU */
    EV_IOMMU_HIT,    /* a: treq_h, b: frame - an IOMMU TLB hit */
    EV_IOMMU_MISS,   /* a: treq_h - an IOMMU TLB miss: the request goes to the walk path */
    EV_GPU_RESP,     /* a: treq_h - the translation is back at the GPU */
    EV_PT_HIT,       /* a: walker - its read hit the page-table line cache */
    EV_L1D_MISS,     /* a: grec, b: line pa - L1 data miss goes to memory */
    EV_LINE_DONE,    /* a: grec - an L1 data hit returns */
    EV_EPOCH,        /* a: 0 = a MASK epoch boundary, 1 = its settings commit (tlbh_epoch) */
    EV_WINDOW,       /* a: 0 = the warm-up ends, 1 = the measured window ends (sim.window) */
    EV_VLOOKUP       /* a: l1mshr_t, b: 0 LDS / 1 I-cache - a victim-store lookup (tlbh_vlookup) */
};

struct xl_sim {
    xl_config_t cfg;
    xl_host_t host;           /* the embedder's callbacks (host.h); zero: the defaults */
    xl_physmem_t *pm;
    xl_as_t as[XL_SIM_MAX_APPS];   /* [app]: its address space, ASID app + 1 */
    xl_pa_t roots[XL_WP_ASIDS];    /* [asid]: page-table roots, the walk path's root port */
    unsigned page_shift;
    xl_memsys_t *mem;
    evq_t q;
    uint64_t now;
    FILE *ev;                 /* event log */
    FILE *trace;              /* IOMMU-boundary trace for the RTL lockstep */
    int oom;                  /* a queue could not grow: the run ends with an internal error */
    uint64_t last_retire;     /* watchdog */
    uint64_t cycles;
    int yield;                   /* xl_sim_yield: the step returns after this cycle */
    int started, done, failed;   /* xl_sim_step: dispatched the first kernel, finished, stopped
                                  * by an error */
    uint32_t timers;          /* EV_EPOCH and EV_WINDOW events queued: they keep no work
                               * alive, so a run whose queue holds only them is done */
    int window_end;           /* EV_WINDOW 1 was handled: the run stops this cycle */
    char bad[200];            /* a component found the workload asks what the configuration
                               * cannot hold: the run stops with this input error */
    sys_evict_t evict;        /* xl_sim_page_evict's counters */

    core_t core;              /* the CUs (cu.h) */
    disp_t disp;              /* applications, kernel and work-group dispatch (dispatch.h) */
    tlbh_t tlb;               /* the GPU's TLB hierarchy (tlbh.h) */
    vstore_t vs;              /* MICRO'21's LDS and I-caches, victim stores (vstore.h) */
    treq_t *req;              /* translation requests, one per L2 MSHR (treq.h) */
    iommu_t iommu;            /* the IOMMU (iommu.h) */
};

/* A queue that cannot grow sets g->oom, which the main loop reports as an internal error
 * (the macros are used where the system g is in scope). */
#define PUSH(q, t, ty, a, b) do { if (evq_push((q), (t), (ty), (a), (b))) g->oom = 1; } while (0)
#define FPUSH(f, v) do { if (fifo_push((f), (v))) g->oom = 1; } while (0)

static const char *const lvl_name[5] = {"-", "L1", "L2", "L3", "L4"};

/* One line of the event log (g->ev must be set): the cycle, then the formatted text. */
void sys_evlog(xl_sim_t *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The watchdog's report: who waits on what. */
void sys_dump_waits(const xl_sim_t *g, FILE *f);

#endif
