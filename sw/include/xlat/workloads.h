/*
 * workloads.h - the built-in workload generators (docs/isca18-micro18.md §4.2, "access
 * patterns for the synthetic trace generator"): the registry, the opener that creates a
 * generator and lays out its regions, and the helpers generators share (scaling a count,
 * declaring regions, filling an instruction, ending a wavefront).
 *
 * Sizes default to the papers' footprints (ISCA'18 Table II). scale_ppm (parts per
 * million, 1000000 = the paper's size) shrinks the work for quick runs; each generator
 * says how it applies scale, and never changes the geometry that drives translation
 * (row pitch, pages per instruction).
 */
#ifndef XLAT_WORKLOADS_H
#define XLAT_WORKLOADS_H

#include "xlat/workload.h"

#include <string.h>

unsigned xl_wl_count(void);
const xl_wl_desc_t *xl_wl_get(unsigned i);
/* By name or alias, case-insensitive; NULL if unknown. "trace:FILE" names the replay of a
 * recorded instruction trace (xl_wl_trace, itrace.h; docs/traces.md), which xl_wl_open
 * opens and checks. */
const xl_wl_desc_t *xl_wl_find(const char *name);

/* Create and lay out. XL_EINPUT on unknown name or bad scale (0 or > 1000000), or on a
 * parameter the generator cannot use (e.g. an unreadable graph_file). params NULL means
 * the defaults (xl_wl_params_defaults). */
int  xl_wl_open(xl_workload_t *wl, const char *name, uint32_t scale_ppm, uint64_t seed,
                const xl_wl_params_t *params, char *err, size_t errlen);
void xl_wl_close(xl_workload_t *wl);
/* Work-groups a kernel of wgs work-groups of waves_per_wg wavefronts runs at this scale:
 * ceil(wgs * scale), raised to workload.min_rounds rounds of the GPU's resident wavefronts
 * (params.resident_waves) but never above wgs, and at least 1. At scale 1 it is wgs. */
uint64_t xl_wl_scaled_wgs(const xl_workload_t *wl, uint64_t wgs, uint32_t waves_per_wg);
/* ceil(n * scale), at least 1: how much of a count of n (kernels, loop trips, lookups) a
 * run at scale_ppm keeps. */
uint64_t xl_wl_scaled(uint64_t n, uint32_t scale_ppm);
/* Declare the regions of create(): n of them, region i named names[i] and elems[i] * esize
 * bytes, in the order the opener lays them out. */
void xl_wl_regions(xl_workload_t *wl, unsigned n, const char *const *names,
                   const uint64_t *elems, uint32_t esize);
/* Sum of the declared region sizes in bytes (the footprint of ISCA'18 Table II). */
uint64_t xl_wl_footprint(const xl_workload_t *wl);
/* Parse a decimal scale ("1", "0.25", "0.001") into ppm; XL_EINPUT if malformed,
 * zero or above 1. */
int  xl_parse_scale(const char *s, uint32_t *ppm, char *err, size_t errlen);

/* Fill one instruction for wave_next: op, per-lane bytes (a LOAD's or STORE's; 0 in any
 * other op), issue cycles, pc and mask. A memory op's addresses are the caller's to write;
 * any other op gets all-zero addresses, never a stale instruction's. Inline: it runs once
 * per generated instruction. */
static inline void xl_wl_op(xl_instr_t *out, uint8_t op, uint8_t bytes, uint16_t cycles,
                            uint32_t pc, uint64_t mask)
{
    const int mem = op == XL_OP_LOAD || op == XL_OP_STORE;
    out->op = op;
    out->bytes = mem ? bytes : 0u;
    out->cycles = cycles;
    out->pc = pc;
    out->mask = mask;
    if (!mem)
        memset(out->va, 0, sizeof out->va);
}
/* The end of a wavefront: an all-zero instruction, op = XL_OP_END. Returns 0, what
 * wave_next returns then. */
static inline int xl_wl_end(xl_instr_t *out)
{
    memset(out, 0, sizeof *out);
    return 0;
}

/* The built-in generators, in registry order (workload.c lists them). */
extern const xl_wl_desc_t xl_wl_mvt, xl_wl_atax, xl_wl_bicg, xl_wl_gesummv;   /* polybench.c */
extern const xl_wl_desc_t xl_wl_xsbench;                                      /* xsbench.c */
extern const xl_wl_desc_t xl_wl_nw;                                           /* nw.c */
extern const xl_wl_desc_t xl_wl_sssp, xl_wl_mis, xl_wl_color;                 /* pannotia.c */
extern const xl_wl_desc_t xl_wl_prk;                                          /* pannotia.c */
extern const xl_wl_desc_t xl_wl_backprop, xl_wl_kmeans, xl_wl_hotspot, xl_wl_lud; /* rodinia.c */
/* HPCA'16 §4's workloads the others do not cover (hpca16.c); the registry lists them last. */
extern const xl_wl_desc_t xl_wl_sgemm, xl_wl_comd, xl_wl_minife, xl_wl_pathfinder;
extern const xl_wl_desc_t xl_wl_spmv, xl_wl_cns;
/* The MASK applications (ASPLOS'18 Table 2) that mask_apps.c adds, in Table 2 order (its
 * LUD, NW, HS and BP are the generators above): how many, and the i-th (NULL past the
 * end). The registry lists them after the built-ins. */
unsigned xl_mk_count(void);
const xl_wl_desc_t *xl_mk_get(unsigned i);

#endif
