/*
 * polybench.c - MVT, ATAX, BICG and GESUMMV (PolyBench-ACC OpenCL kernels), built from
 * the two access shapes of spec seed-000-003 §4.2 "PolyBench/GPU matrix kernels":
 *
 *   row-walk (divergent):    lane l owns row i = 64*w_global + l and loops j over the
 *                            columns, loading A[i*NCOL + j]. At a given j the 64 lanes
 *                            are one row pitch apart: 64 pages per instruction when the
 *                            pitch is >= 4 KB, each lane staying on its page for 4096/E
 *                            iterations (never random pages).
 *   column-walk (coalesced): lane l owns column j = 64*w_global + l and loops i over the
 *                            rows, loading A[i*NCOL + j]: 64*E contiguous bytes, one page.
 *
 * Per iteration a wavefront issues the matrix load(s), the uniform vector load (every
 * lane the same address) and one ALU op for the multiply-add (4 issue cycles: one
 * 64-lane op on a 16-wide SIMD, spec §1.1). The accumulator (x1[i], tmp[i], ...) is
 * register-promoted: one coalesced load before the loop (omitted where the kernel
 * initialises it, BICG's q[i] = 0.0) and one coalesced store after it.
 *
 * Geometry (spec §4.2 "Matrix sizing", matched to ISCA'18 Table II):
 *   MVT     a 4096x4096 double (pitch 32 KB), x1 x2 y1 y2 double[4096]   = 128.125 MB
 *   ATAX    A 4096x4096 float (pitch 16 KB), x y tmp float[4096]         =  64.047 MB
 *   BICG    A 8192x4096 float (NX=8192 rows, pitch 16 KB), p s float[NY],
 *           q r float[NX]                                                = 128.094 MB
 *   GESUMMV a b 4096x4096 float, x y tmp float[4096]                     = 128.047 MB
 * Work-groups are 256 work-items = 4 wavefronts of 64 lanes (PolyBench-ACC
 * DIM_LOCAL_WORK_GROUP_X = 256).
 *
 * Scale: each kernel's loop runs its first ceil(trip * scale) iterations (at least 1),
 * where trip is NCOL for a row-walk and NROW for a column-walk; the matrix geometry and
 * the number of wavefronts never change, so pages per instruction and the reuse
 * pattern per page are those of the full run.
 */
#include "xlat/workload.h"

#include <string.h>

#define PB_WG_ITEMS 256u   /* work-items per work-group */
#define PB_WPW      (PB_WG_ITEMS / XL_MAX_LANES)
#define PB_FMA_CYCLES 4u   /* one 64-lane vector op on a 16-wide SIMD */

/* One kernel = one shape applied to the workload's regions. */
typedef struct {
    uint8_t column;      /* 0: row-walk, 1: column-walk */
    uint8_t nmat;        /* divergent/coalesced matrix loads per iteration: 1 or 2 */
    uint8_t mat[2];      /* region index of each matrix, in load order */
    uint8_t vec;         /* region index of the uniform vector indexed by the loop */
    uint8_t nacc;        /* accumulators indexed by the lane's work-item: 1 or 2 */
    uint8_t acc[2];      /* their region indices */
    uint8_t acc_load;    /* 1: read before the loop (x1[i] += ...); 0: kernel sets it to 0 */
    uint8_t final_alu;   /* 1: an ALU op after the loop (GESUMMV y = alpha*tmp + beta*y) */
} pb_kernel_t;

typedef struct {
    const xl_wl_desc_t *desc;
    uint32_t nrow, ncol;        /* every matrix of the workload is nrow x ncol */
    uint32_t esize;             /* 4 (float) or 8 (double) */
    unsigned nregions;
    const char *rname[5];
    uint32_t relems[5];         /* elements per region */
    unsigned nkernels;
    pb_kernel_t k[2];
} pb_def_t;

/* Static instruction ids (pc) of the shared kernel skeleton. */
enum {
    PC_ACC_LOAD = 0,   /* +0, +1: accumulator loads */
    PC_MAT = 2,        /* +0, +1: matrix loads in the loop */
    PC_VEC = 4,        /* uniform vector load in the loop */
    PC_FMA = 5,        /* multiply-add(s) in the loop */
    PC_FINAL = 6,      /* post-loop ALU */
    PC_STORE = 7       /* +0, +1: accumulator stores */
};

/* Cursor phases (a[0]). */
enum { PH_PRO = 0, PH_LOOP, PH_EPI, PH_DONE };

/* mvt_kernel1: x1[i] += a[i*n+j]*y_1[j]; mvt_kernel2: x2[i] += a[j*n+i]*y_2[j]. */
static const pb_def_t pb_mvt = {
    &xl_wl_mvt, 4096, 4096, 8, 5,
    {"a", "x1", "x2", "y1", "y2"}, {4096u * 4096u, 4096, 4096, 4096, 4096},
    2,
    {{0, 1, {0, 0}, 3, 1, {1, 0}, 1, 0},
     {1, 1, {0, 0}, 4, 1, {2, 0}, 1, 0}},
};

/* atax_kernel1: tmp[i] += A[i*ny+j]*x[j]; atax_kernel2: y[j] += A[i*ny+j]*tmp[i]. */
static const pb_def_t pb_atax = {
    &xl_wl_atax, 4096, 4096, 4, 4,
    {"A", "x", "y", "tmp"}, {4096u * 4096u, 4096, 4096, 4096},
    2,
    {{0, 1, {0, 0}, 1, 1, {3, 0}, 1, 0},
     {1, 1, {0, 0}, 3, 1, {2, 0}, 1, 0}},
};

/* bicg k1: q[i] = 0; q[i] += A[i*ny+j]*p[j] (i < NX); k2: s[j] = 0; s[j] += A[i*ny+j]*r[i]
 * (j < NY). NX = 8192 rows, NY = 4096 columns (spec §4.2: the 16 KB-pitch option). */
static const pb_def_t pb_bicg = {
    &xl_wl_bicg, 8192, 4096, 4, 5,
    {"A", "p", "q", "r", "s"}, {8192u * 4096u, 4096, 8192, 8192, 4096},
    2,
    {{0, 1, {0, 0}, 1, 1, {2, 0}, 0, 0},
     {1, 1, {0, 0}, 3, 1, {4, 0}, 0, 0}},
};

/* gesummv_kernel: tmp[i] += a[i*n+j]*x[j]; y[i] += b[i*n+j]*x[j]; then
 * y[i] = alpha*tmp[i] + beta*y[i]. Two divergent row-walk loads per iteration. */
static const pb_def_t pb_gesummv = {
    &xl_wl_gesummv, 4096, 4096, 4, 5,
    {"a", "b", "x", "y", "tmp"}, {4096u * 4096u, 4096u * 4096u, 4096, 4096, 4096},
    1,
    {{0, 2, {0, 1}, 2, 2, {4, 3}, 1, 1}},
};

static const pb_def_t *const pb_defs[] = {&pb_mvt, &pb_atax, &pb_bicg, &pb_gesummv};

static const pb_def_t *pb_def_of(const xl_workload_t *wl)
{
    for (unsigned i = 0; i < sizeof pb_defs / sizeof pb_defs[0]; i++)
        if (pb_defs[i]->desc == wl->desc)
            return pb_defs[i];
    return NULL;
}

static uint32_t pb_items(const pb_def_t *d, const pb_kernel_t *k)
{
    return k->column ? d->ncol : d->nrow;   /* one work-item per column / per row */
}

static uint32_t pb_trip(const pb_def_t *d, const pb_kernel_t *k)
{
    return k->column ? d->nrow : d->ncol;   /* loop over the other dimension */
}

static int pb_create(xl_workload_t *wl, char *err, size_t errlen)
{
    const pb_def_t *d = pb_def_of(wl);
    (void)err;
    (void)errlen;
    wl->nregions = d->nregions;
    for (unsigned i = 0; i < d->nregions; i++) {
        wl->regions[i].name = d->rname[i];
        wl->regions[i].bytes = (uint64_t)d->relems[i] * d->esize;
    }
    wl->priv = NULL;   /* everything lives in the static definition */
    return XL_OK;
}

static void pb_destroy(xl_workload_t *wl)
{
    (void)wl;
}

static int pb_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    const pb_def_t *d = pb_def_of(wl);
    if (k >= d->nkernels)
        return 0;
    uint32_t items = pb_items(d, &d->k[k]);
    out->workgroups = (items + PB_WG_ITEMS - 1) / PB_WG_ITEMS;
    out->waves_per_wg = PB_WPW;
    return 1;
}

/* Cursor: a[0] phase, a[1] loop iteration (or pro/epilogue slot), a[2] slot within the
 * iteration, a[3] scaled trip count, a[4] first work-item of the wavefront. */
static void pb_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    const pb_def_t *d = pb_def_of(wl);
    const pb_kernel_t *k = &d->k[w->kernel < d->nkernels ? w->kernel : 0];
    uint64_t trip = pb_trip(d, k);
    uint64_t scaled = (trip * wl->scale_ppm + XL_SCALE_ONE - 1) / XL_SCALE_ONE;
    w->step = 0;
    w->a[0] = w->kernel < d->nkernels ? PH_PRO : PH_DONE;
    w->a[1] = 0;
    w->a[2] = 0;
    w->a[3] = scaled ? scaled : 1;
    w->a[4] = ((uint64_t)w->wg * PB_WPW + w->wave) * XL_MAX_LANES;
}

/* Lanes whose work-item exists (the kernels' `if (i < n)` guard). */
static uint64_t pb_mask(uint64_t first, uint32_t items)
{
    if (first >= items)
        return 0;
    uint64_t n = items - first;
    return n >= XL_MAX_LANES ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1u;
}

static void pb_mem(xl_instr_t *out, uint8_t op, uint32_t pc, uint32_t esize, uint64_t mask)
{
    out->op = op;
    out->bytes = (uint8_t)esize;
    out->cycles = 0;
    out->pc = pc;
    out->mask = mask;
}

static void pb_alu(xl_instr_t *out, uint32_t pc, uint16_t cycles, uint64_t mask)
{
    out->op = XL_OP_ALU;
    out->bytes = 0;
    out->cycles = cycles;
    out->pc = pc;
    out->mask = mask;
    memset(out->va, 0, sizeof out->va);
}

/* acc[item]: lane l at base + (first + l) * E, 64*E contiguous bytes. */
static void pb_acc(xl_instr_t *out, xl_va_t base, uint64_t first, uint32_t esize)
{
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        out->va[l] = base + (first + l) * esize;
}

static int pb_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const pb_def_t *d = pb_def_of(wl);
    const uint32_t e = d->esize;

    for (;;) {
        if (w->a[0] == PH_DONE || w->kernel >= d->nkernels) {
            memset(out, 0, sizeof *out);   /* op = XL_OP_END */
            w->a[0] = PH_DONE;
            return 0;
        }
        const pb_kernel_t *k = &d->k[w->kernel];
        const uint64_t first = w->a[4];
        const uint64_t mask = pb_mask(first, pb_items(d, k));
        if (mask == 0) {               /* a wavefront past the last work-item */
            w->a[0] = PH_DONE;
            continue;
        }

        if (w->a[0] == PH_PRO) {
            unsigned slot = (unsigned)w->a[1];
            if (!k->acc_load || slot >= k->nacc) {
                w->a[0] = PH_LOOP;
                w->a[1] = 0;
                w->a[2] = 0;
                continue;
            }
            pb_mem(out, XL_OP_LOAD, PC_ACC_LOAD + slot, e, mask);
            pb_acc(out, wl->regions[k->acc[slot]].base, first, e);
            w->a[1]++;
            w->step++;
            return 1;
        }

        if (w->a[0] == PH_LOOP) {
            uint64_t it = w->a[1];
            if (it >= w->a[3]) {
                w->a[0] = PH_EPI;
                w->a[1] = 0;
                continue;
            }
            unsigned slot = (unsigned)w->a[2];
            if (slot < k->nmat) {
                /* The matrix load: element (row, col) at base + (row*NCOL + col)*E. */
                xl_va_t base = wl->regions[k->mat[slot]].base;
                pb_mem(out, XL_OP_LOAD, PC_MAT + slot, e, mask);
                if (!k->column) {
                    /* row-walk: lane l on row first+l, column it: pitch NCOL*E apart */
                    uint64_t pitch = (uint64_t)d->ncol * e;
                    xl_va_t a = base + first * pitch + it * e;
                    for (unsigned l = 0; l < XL_MAX_LANES; l++, a += pitch)
                        out->va[l] = a;
                } else {
                    /* column-walk: row it, lane l on column first+l: contiguous */
                    xl_va_t a = base + (it * d->ncol + first) * e;
                    for (unsigned l = 0; l < XL_MAX_LANES; l++, a += e)
                        out->va[l] = a;
                }
            } else if (slot == k->nmat) {
                /* vector[it]: every lane the same address (one translation). */
                xl_va_t a = wl->regions[k->vec].base + it * e;
                pb_mem(out, XL_OP_LOAD, PC_VEC, e, mask);
                for (unsigned l = 0; l < XL_MAX_LANES; l++)
                    out->va[l] = a;
            } else {
                pb_alu(out, PC_FMA, (uint16_t)(PB_FMA_CYCLES * k->nmat), mask);
            }
            if (++w->a[2] == (uint64_t)k->nmat + 2u) {
                w->a[2] = 0;
                w->a[1]++;
            }
            w->step++;
            return 1;
        }

        /* PH_EPI: optional ALU, then one coalesced store per accumulator. */
        unsigned slot = (unsigned)w->a[1];
        if (slot < k->final_alu) {
            pb_alu(out, PC_FINAL, PB_FMA_CYCLES * 2u, mask);   /* alpha*tmp + beta*y */
        } else if (slot - k->final_alu < k->nacc) {
            unsigned s = slot - k->final_alu;
            pb_mem(out, XL_OP_STORE, PC_STORE + s, e, mask);
            pb_acc(out, wl->regions[k->acc[s]].base, first, e);
        } else {
            w->a[0] = PH_DONE;
            continue;
        }
        w->a[1]++;
        w->step++;
        return 1;
    }
}

const xl_wl_desc_t xl_wl_mvt = {
    "mvt", "", "PolyBench", "irregular",
    "128.13 MB: 4096x4096 double (32 KB pitch); k1 row-walk (64 pages/load), k2 column-walk",
    pb_create, pb_destroy, pb_kernel, pb_wave_begin, pb_wave_next,
};

const xl_wl_desc_t xl_wl_atax = {
    "atax", "atx", "PolyBench", "irregular",
    "64.05 MB: 4096x4096 float (16 KB pitch); k1 row-walk (64 pages/load), k2 column-walk",
    pb_create, pb_destroy, pb_kernel, pb_wave_begin, pb_wave_next,
};

const xl_wl_desc_t xl_wl_bicg = {
    "bicg", "bcg bic", "PolyBench", "irregular",
    "128.09 MB: 8192x4096 float (16 KB pitch); k1 row-walk (64 pages/load), k2 column-walk",
    pb_create, pb_destroy, pb_kernel, pb_wave_begin, pb_wave_next,
};

const xl_wl_desc_t xl_wl_gesummv = {
    "gesummv", "gev", "PolyBench", "irregular",
    "128.05 MB: two 4096x4096 float (16 KB pitch); two row-walk loads (2x64 pages) per step",
    pb_create, pb_destroy, pb_kernel, pb_wave_begin, pb_wave_next,
};
