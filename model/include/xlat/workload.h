/*
 * workload.h - the contract a workload generator implements, and the one the system
 * keeps (docs/architecture.md §1; docs/isca18-micro18.md §4.2).
 *
 * A workload is a sequence of kernels; a kernel is a 1-D grid of work-groups of
 * wavefronts. Each wavefront's instruction stream is generated lazily from a small
 * cursor (xl_wave_t), so no trace is ever held in memory: the model asks for the next
 * instruction of a wavefront when that wavefront can issue.
 *
 * Data lives in regions (matrices, vectors, grids) that the generator declares in
 * create(); the opener lays them out in virtual memory from XL_WL_VA_BASE upward, each
 * aligned to 2 MB and in declaration order, before any instruction is generated. The
 * system maps every region in the application's address space before the first cycle.
 *
 * The built-in generators, their registry and the opener are the software side's
 * (sw/include/xlat/workloads.h); the model needs only this page.
 */
#ifndef XLAT_WORKLOAD_H
#define XLAT_WORKLOAD_H

#include "xlat/config.h"
#include "xlat/rng.h"
#include "xlat/types.h"

#define XL_WL_VA_BASE     UINT64_C(0x00007F0000000000)
#define XL_WL_MAX_REGIONS 8u
#define XL_SCALE_ONE      1000000u

typedef enum {
    XL_OP_END = 0,     /* the wavefront has finished */
    XL_OP_ALU,         /* compute: `cycles` issue cycles with no memory access */
    XL_OP_LOAD,        /* global load: lanes in mask read `bytes` at va[lane] */
    XL_OP_STORE,       /* global store */
    XL_OP_LDS,         /* local data share load (no translation); see "LDS addresses" */
    XL_OP_BARRIER,     /* work-group barrier */
    XL_OP_LDS_ST       /* local data share store */
} xl_op_t;

/* LDS addresses (MICRO'21 §4.2; used when lds.model = 1). An LDS instruction with
 * bytes > 0 carries, for each lane in mask, the byte offset of its access within its
 * work-group's LDS block in va[lane] (bytes per lane as for global accesses); the
 * offsets lie below the kernel's lds_bytes. With bytes = 0 it carries no addresses: it
 * is timed by `cycles` alone, and a kernel that declares lds_bytes has its blocks set to
 * LDS mode when they are allocated (as lds.alloc = eager), since the model cannot tell
 * which segments it writes. */

typedef struct {
    uint8_t  op;          /* xl_op_t */
    uint8_t  bytes;       /* per-lane access size for LOAD/STORE */
    uint16_t cycles;      /* ALU/LDS issue cycles */
    uint32_t pc;          /* static instruction id within the kernel */
    uint64_t mask;        /* active lanes (bit i = lane i) */
    xl_va_t  va[XL_MAX_LANES];
} xl_instr_t;

typedef struct {
    const char *name;     /* "A", "x", ... */
    uint64_t bytes;       /* size as declared */
    xl_va_t  base;        /* assigned by xl_wl_open */
} xl_region_t;

/* A kernel's geometry and what MICRO'21's LDS and I-cache need of it (the caller zeroes
 * it before the generator fills it in: a field left 0 takes the default said here). */
typedef struct {
    uint32_t workgroups;
    uint32_t waves_per_wg;
    uint32_t lds_bytes;    /* LDS a work-group allocates (0: none) */
    uint32_t code_bytes;   /* the kernel's code size (0: icache.code_bytes) */
    uint32_t code_id;      /* which code object it runs: launches with the same id run the
                            * same code (NW's back-to-back nw_kernel1); 0: kernel index + 1,
                            * every kernel its own code */
} xl_kernel_t;

/* Cursor of one wavefront; generators interpret the fields as they need. */
typedef struct {
    uint32_t kernel, wg, wave;   /* set by the caller before wave_begin */
    uint64_t step;               /* generator-defined progress */
    uint64_t a[6];               /* generator-defined state */
    xl_rng_t rng;                /* per-wavefront stream: derived from (seed, kernel, wg, wave) */
    uint64_t lane[XL_MAX_LANES]; /* generator-defined per-lane state (XSBench: search bounds) */
} xl_wave_t;

typedef struct xl_workload xl_workload_t;

typedef struct xl_wl_desc {
    const char *name;      /* lower case, e.g. "mvt" */
    const char *aliases;   /* space-separated, e.g. "" or "atx" */
    const char *suite;     /* "PolyBench", "Rodinia", ... */
    const char *klass;     /* "irregular" or "regular" (ISCA'18 Table II) */
    const char *summary;   /* one line: footprint and access pattern */
    /* Fill wl->regions / nregions and wl->priv from wl->scale_ppm and wl->seed. */
    int  (*create)(xl_workload_t *wl, char *err, size_t errlen);
    void (*destroy)(xl_workload_t *wl);
    /* Geometry of kernel k; returns 0 when k is past the last kernel. */
    int  (*kernel)(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out);
    /* Initialise a cursor whose kernel/wg/wave and rng are already set. */
    void (*wave_begin)(const xl_workload_t *wl, xl_wave_t *w);
    /* Next instruction; writes op = XL_OP_END (and returns 0) when the wavefront is done. */
    int  (*wave_next)(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out);
} xl_wl_desc_t;

struct xl_workload {
    const xl_wl_desc_t *desc;
    uint32_t scale_ppm;
    uint64_t seed;
    xl_wl_params_t params;   /* the [workload] section of the run's config (config.h) */
    unsigned nregions;
    xl_region_t regions[XL_WL_MAX_REGIONS];
    void *priv;
};

/* Set kernel/wg/wave, derive the rng and call wave_begin. */
void xl_wl_wave_init(const xl_workload_t *wl, xl_wave_t *w, uint32_t kernel, uint32_t wg,
                     uint32_t wave);
/* Geometry of kernel k of an open workload; 0 when k is past the last kernel. */
static inline int xl_wl_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    *out = (xl_kernel_t){0, 0, 0, 0, 0};
    return wl->desc->kernel(wl, k, out);
}
static inline int xl_wl_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    return wl->desc->wave_next(wl, w, out);
}
#endif
