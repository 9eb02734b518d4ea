/*
 * dispatch.h - kernel and work-group dispatch (docs/isca18-micro18.md §1.5, §7.1;
 * docs/architecture.md §1): each application runs its workload's kernels in order, a
 * kernel starting when the application's previous one has retired its last wavefront; a
 * kernel's work-groups are placed whole, round-robin, on the application's CUs. With
 * several applications (MASK, docs/papers/mask.md) the CUs are split between them
 * evenly, the remainder going to the lowest application numbers ([I]: MASK §6 picked
 * the best static split by exhaustive search), and their kernels run at the same time.
 */
#ifndef XLAT_GPU_DISPATCH_H
#define XLAT_GPU_DISPATCH_H

#include <stdint.h>

#include "xlat/sim.h"
#include "xlat/workload.h"

/* One application's dispatch state. */
typedef struct {
    const xl_workload_t *wl;
    uint32_t cu_first, cu_n;  /* its CUs: cu_first .. cu_first + cu_n - 1 */
    uint32_t live;            /* its resident wavefronts */
    uint32_t kernel;          /* the current kernel (kernels done, after the run) */
    xl_kernel_t k;
    int have_kernel;
    int finished;             /* its last kernel has retired */
    uint32_t next_wg, rr_cu;  /* next work-group; next CU to try, from cu_first */
    uint64_t *kcycles;        /* [k]: cycles of kernel k, from the placement of its first
                               * work-group to the retirement of its last wavefront */
    uint32_t kcap;            /* kcycles entries allocated */
    uint64_t k_start;         /* cycle the current kernel started */
    uint64_t end;             /* cycle its last kernel retired (with sim.window: the end
                               * of its first launch) */
    uint32_t kbase;           /* kernels of its earlier launches (sim.window relaunches) */
    uint32_t launches;        /* launches started (1 + relaunches) */
    uint64_t instr_warm;      /* its CUs' instructions when the window opened */
    uint32_t code_id;         /* the current kernel's code object (xl_kernel_t.code_id, or
                               * its index + 1) and its code in 64 B lines (icache.model) */
    uint32_t code_lines;
} disp_app_t;

typedef struct {
    int dispatch_pending;     /* a slot was freed or a kernel may start: try dispatch */
    uint64_t wave_uid;        /* wavefronts placed, all applications: each wave's dispatch
                               * number (one GPU-wide counter, as gem5's) */
    uint32_t napps;
    uint32_t running;         /* applications not finished */
    disp_app_t app[XL_SIM_MAX_APPS];
} disp_t;

/* A wavefront of application a retired (the CUs report it): dispatch may place more. */
static inline void disp_wave_retired(disp_t *d, uint32_t a)
{
    d->app[a].live--;
    d->dispatch_pending = 1;
}

static inline uint32_t disp_napps(const disp_t *d) { return d->napps; }
/* The application CU c runs (the even split above). */
static inline uint32_t disp_app_of_cu(const disp_t *d, uint32_t c)
{
    uint32_t a = 0;
    while (c >= d->app[a].cu_first + d->app[a].cu_n)
        a++;
    return a;
}
/* Applications not finished; kernels started by application a so far. */
static inline uint32_t disp_running(const disp_t *d) { return d->running; }
static inline uint32_t disp_kernel(const disp_t *d, uint32_t a) { return d->app[a].kernel; }
/* The code object of application a's current kernel and its size in 64 B lines. */
static inline uint32_t disp_code_id(const disp_t *d, uint32_t a) { return d->app[a].code_id; }
static inline uint32_t disp_code_lines(const disp_t *d, uint32_t a) { return d->app[a].code_lines; }
/* Must dispatch be tried this cycle? */
static inline int disp_pending(const disp_t *d) { return d->dispatch_pending; }

/* napps applications (1..XL_SIM_MAX_APPS) over ncu CUs (at least one each). */
void disp_init(disp_t *d, const xl_workload_t *const *wls, uint32_t napps, uint32_t ncu,
               uint32_t app0_cus);
/* The measured window opens (sim.window, EV_WINDOW 0): note each application's
 * instructions so far, so its window's count is the difference at the end. */
void disp_window_start(xl_sim_t *g);
/* Instructions application a's CUs issued since the window opened (all of them without a
 * window). */
uint64_t disp_app_instrs(const xl_sim_t *g, uint32_t a);
/* Place what can be placed now; start each application's next kernel when its current
 * one is done; with sim.window, an application whose last kernel retired launches its
 * workload again (MASK §6: the one that finishes first is relaunched), so every
 * application runs throughout the window. */
void disp_run(xl_sim_t *g);
void disp_free(disp_t *d);
/* Kernels and their cycles (per application when there are several), wavefronts run. */
void disp_stats(const xl_sim_t *g, xl_stats_t *s);

#endif
