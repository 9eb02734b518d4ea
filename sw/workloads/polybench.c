/*
 * polybench.c - MVT, ATAX, BICG and GESUMMV, the PolyBench/GPU 1.0 OpenCL kernels
 * (Grauer-Gray et al.; the host .c and kernel .cl of OpenCL/MVT, ATAX, BICG and
 * GESUMMV), built from the two access shapes of docs/isca18-micro18.md §4.2 "PolyBench/GPU
 * matrix kernels":
 *
 *   row-walk (divergent):    lane l owns row i = first + l and loops j over the
 *                            columns, loading A[i*NCOL + j]. At a given j the active
 *                            lanes are one row pitch apart: one page per active lane
 *                            (64 with 64 lanes) when the pitch is >= 4 KB, each lane
 *                            staying on its page for 4096/E iterations (never random
 *                            pages).
 *   column-walk (coalesced): lane l owns column j = first + l and loops i over the
 *                            rows, loading A[i*NCOL + j]: contiguous bytes, one page.
 *
 * Per iteration a wavefront issues the matrix load(s), the uniform vector load (every
 * lane the same address) and one ALU op for the multiply-add (4 issue cycles: one
 * wavefront op on a 16-wide SIMD, docs/isca18-micro18.md §1.1, however many lanes are active). The
 * accumulator (x1[i], tmp[i], ...) is register-promoted: one coalesced load before the
 * loop (omitted where the kernel initialises it, BICG's q[i] = 0.0) and one coalesced
 * store after it.
 *
 * Which suite. ISCA'18 §V-A draws MVT, ATAX, BICG and GESUMMV from "Polybench [29]",
 * citing Pouchet's PolyBench page, which hosts PolyBench/C and PolyBench/GPU 1.0; the
 * simulator runs OpenCL (or HCC) programs, so the candidates are PolyBench/GPU 1.0's
 * OpenCL codes and their later repackaging PolyBench-ACC (cavazos-lab/PolyBench-ACC,
 * distributed on GitHub; its files keep the PolyBench/GPU 1.0 banner). The two differ
 * in one fact that drives translation, the work-group size:
 *   PolyBench/GPU 1.0: DIM_LOCAL_WORK_GROUP_X 256 (_Y 1) in the OpenCL MVT, ATAX, BICG
 *     and GESUMMV, 1-D NDRange (the CUDA versions: DIM_THREAD_BLOCK_X 256).
 *   PolyBench-ACC: MVT and ATAX use 32 (OpenCL linear-algebra/kernels/mvt/mvt.h:
 *     DIM_LOCAL_WORK_GROUP_X 32, _Y 8, but the NDRange is 1-D, so 32 work-items; the
 *     CUDA mvt.cuh and atax.cuh: DIM_THREAD_BLOCK_X 32); BICG and GESUMMV keep 256
 *     (gesummv.h), as in PolyBench/GPU.
 * The default is PolyBench/GPU 1.0's 256 (4 wavefronts of 64 lanes), for two reasons:
 * it is the suite on the cited page, and ISCA'18 Fig 3 says more than 33-70 % of the
 * walk-generating instructions need 49 or more memory accesses. A 32-item work-group
 * is one wavefront with lanes 32..63 masked off, so its row-walk load touches 32
 * pages, and in this model (scale 0.1, FCFS) no MVT or ATAX instruction then reaches
 * 49 accesses, against 77 % (MVT) and 82 % (ATAX) with 256 items.
 * workload.pb_wg_items selects another MVT/ATAX work-group size, 32 being
 * PolyBench-ACC's; a work-group smaller than 64 items is one partially filled
 * wavefront. BICG and GESUMMV use 256 in both suites and ignore the key.
 *
 * Geometry (docs/isca18-micro18.md §4.2 "Matrix sizing", matched to ISCA'18 Table II):
 *   MVT     a 4096x4096 double (pitch 32 KB), x1 x2 y1 y2 double[4096]   = 128.125 MB
 *   ATAX    A 4096x4096 float (pitch 16 KB), x y tmp float[4096]         =  64.047 MB
 *   BICG    A 8192x4096 float (NX=8192 rows, pitch 16 KB), p s float[NY],
 *           q r float[NX]                                                = 128.094 MB
 *   GESUMMV a b 4096x4096 float, x y tmp float[4096]                     = 128.047 MB
 * N = 4096 and float are PolyBench/GPU 1.0's (and PolyBench-ACC's STANDARD_DATASET)
 * for all four. MVT's double is an inference [INF], not a fact of either suite: both
 * declare DATA_TYPE float (PolyBench/GPU marks it "can switch between float and
 * double"), but float N = 4096 gives 64.06 MB, half of Table II's 128.14 MB, while
 * double gives 128.125 MB. The same holds in the other three rows: each Table II value
 * is the sum above plus 16 KB to within 0.01 MB (64.0625, 128.109, 128.0625, and
 * 128.141 for double MVT), so the element type, not the size, is what differs. BICG's
 * 8192 rows are likewise inferred from its 128.11 MB (docs/isca18-micro18.md §4.2; the suites use 4096).
 *
 * Scale: each kernel's loop runs its first ceil(trip * scale) iterations (at least 1),
 * where trip is NCOL for a row-walk and NROW for a column-walk; the matrix geometry and
 * the number of wavefronts never change, so pages per instruction and the reuse
 * pattern per page are those of the full run.
 */
#include "xlat/workloads.h"

#include <stdio.h>
#include <stdlib.h>

#define PB_WG_FIXED   256u   /* BICG, GESUMMV: DIM_LOCAL_WORK_GROUP_X in both suites */
#define PB_WG_MIN     32u    /* workload.pb_wg_items range (config.c) */
#define PB_WG_MAX     1024u
#define PB_FMA_CYCLES 4u     /* one wavefront vector op on a 16-wide SIMD */

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
    uint8_t wg_param;           /* 1: work-group size is workload.pb_wg_items (MVT, ATAX);
                                 * 0: PB_WG_FIXED (BICG, GESUMMV) */
    unsigned nregions;
    const char *rname[5];
    uint64_t relems[5];         /* elements per region */
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
    &xl_wl_mvt, 4096, 4096, 8, 1, 5,
    {"a", "x1", "x2", "y1", "y2"}, {4096u * 4096u, 4096, 4096, 4096, 4096},
    2,
    {{0, 1, {0, 0}, 3, 1, {1, 0}, 1, 0},
     {1, 1, {0, 0}, 4, 1, {2, 0}, 1, 0}},
};

/* atax_kernel1: tmp[i] += A[i*ny+j]*x[j]; atax_kernel2: y[j] += A[i*ny+j]*tmp[i]. */
static const pb_def_t pb_atax = {
    &xl_wl_atax, 4096, 4096, 4, 1, 4,
    {"A", "x", "y", "tmp"}, {4096u * 4096u, 4096, 4096, 4096},
    2,
    {{0, 1, {0, 0}, 1, 1, {3, 0}, 1, 0},
     {1, 1, {0, 0}, 3, 1, {2, 0}, 1, 0}},
};

/* bicg k1: q[i] = 0; q[i] += A[i*ny+j]*p[j] (i < NX); k2: s[j] = 0; s[j] += A[i*ny+j]*r[i]
 * (j < NY). NX = 8192 rows, NY = 4096 columns (docs/isca18-micro18.md §4.2: the 16 KB-pitch option). */
static const pb_def_t pb_bicg = {
    &xl_wl_bicg, 8192, 4096, 4, 0, 5,
    {"A", "p", "q", "r", "s"}, {8192u * 4096u, 4096, 8192, 8192, 4096},
    2,
    {{0, 1, {0, 0}, 1, 1, {2, 0}, 0, 0},
     {1, 1, {0, 0}, 3, 1, {4, 0}, 0, 0}},
};

/* gesummv_kernel: tmp[i] += a[i*n+j]*x[j]; y[i] += b[i*n+j]*x[j]; then
 * y[i] = alpha*tmp[i] + beta*y[i]. Two divergent row-walk loads per iteration. */
static const pb_def_t pb_gesummv = {
    &xl_wl_gesummv, 4096, 4096, 4, 0, 5,
    {"a", "b", "x", "y", "tmp"}, {4096u * 4096u, 4096u * 4096u, 4096, 4096, 4096},
    1,
    {{0, 2, {0, 1}, 2, 2, {4, 3}, 1, 1}},
};

static const pb_def_t *const pb_defs[] = {&pb_mvt, &pb_atax, &pb_bicg, &pb_gesummv};

/* The definition of wl: the static one, or (workload.pb_n other than 4096) its copy at N,
 * held in wl->priv. */
static const pb_def_t *pb_def_of(const xl_workload_t *wl)
{
    if (wl->priv)
        return wl->priv;
    for (unsigned i = 0; i < sizeof pb_defs / sizeof pb_defs[0]; i++)
        if (pb_defs[i]->desc == wl->desc)
            return pb_defs[i];
    return NULL;
}

/* Work-items per work-group. */
static uint32_t pb_wg_items(const xl_workload_t *wl, const pb_def_t *d)
{
    return d->wg_param ? wl->params.pb_wg_items : PB_WG_FIXED;
}

/* Wavefronts per work-group: a work-group under 64 items is one partial wavefront. */
static uint32_t pb_waves(uint32_t wg_items)
{
    return (wg_items + XL_MAX_LANES - 1u) / XL_MAX_LANES;
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
    uint32_t wg = wl->params.pb_wg_items;
    if (d->wg_param && (wg < PB_WG_MIN || wg > PB_WG_MAX || (wg & (wg - 1u)))) {
        snprintf(err, errlen, "%s: workload.pb_wg_items %u is not a power of two in %u..%u",
                 d->desc->name, wg, PB_WG_MIN, PB_WG_MAX);
        return XL_EINPUT;
    }
    wl->priv = NULL;   /* everything lives in the static definition */
    uint32_t n = wl->params.pb_n ? wl->params.pb_n : 4096u;
    if (n < 64u || n % 32u) {
        snprintf(err, errlen, "%s: workload.pb_n %u is not a multiple of 32 of at least 64",
                 d->desc->name, n);
        return XL_EINPUT;
    }
    if (n != 4096u) {
        /* every size scales with N: rows and columns (BICG keeps its 2:1), the matrices
         * by N^2, the vectors by N */
        pb_def_t *c = malloc(sizeof *c);
        if (!c) {
            snprintf(err, errlen, "%s: out of host memory", d->desc->name);
            return XL_EINTERNAL;
        }
        *c = *d;
        c->nrow = (uint32_t)((uint64_t)d->nrow * n / 4096u);
        c->ncol = (uint32_t)((uint64_t)d->ncol * n / 4096u);
        for (unsigned r = 0; r < d->nregions; r++)
            c->relems[r] = d->relems[r] >= 4096u * 4096u ? d->relems[r] / 4096u * n / 4096u * n
                                                           : d->relems[r] / 4096u * n;
        wl->priv = c;
        d = c;
    }
    xl_wl_regions(wl, d->nregions, d->rname, d->relems, d->esize);
    return XL_OK;
}

static void pb_destroy(xl_workload_t *wl)
{
    free(wl->priv);
    wl->priv = NULL;
}

static int pb_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    const pb_def_t *d = pb_def_of(wl);
    if (k >= d->nkernels)
        return 0;
    uint32_t items = pb_items(d, &d->k[k]), wg = pb_wg_items(wl, d);
    out->workgroups = (items + wg - 1u) / wg;
    out->waves_per_wg = pb_waves(wg);
    /* MICRO'21: no LDS (PolyBench/GPU declares no __local); each kernel its own code of
     * 6 KB [I]: the paper gives no code sizes but says ATAX's kernel 1 leaves about 6 KB
     * of dead I-cache lines when kernel 2 starts (§4.5), and the four codes' kernels are
     * loops of the same shape */
    out->code_bytes = 6144;
    out->code_id = k + 1u;
    return 1;
}

/* Cursor: a[0] phase, a[1] loop iteration (or pro/epilogue slot), a[2] slot within the
 * iteration, a[3] scaled trip count, a[4] first work-item of the wavefront, a[5] its
 * lanes inside the work-group (64, or fewer in a work-group under 64 items). */
static void pb_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    const pb_def_t *d = pb_def_of(wl);
    const pb_kernel_t *k = &d->k[w->kernel < d->nkernels ? w->kernel : 0];
    w->step = 0;
    w->a[0] = w->kernel < d->nkernels ? PH_PRO : PH_DONE;
    w->a[1] = 0;
    w->a[2] = 0;
    w->a[3] = xl_wl_scaled(pb_trip(d, k), wl->scale_ppm);
    uint32_t wg = pb_wg_items(wl, d);
    uint32_t in_wg = wg - w->wave * XL_MAX_LANES;   /* items of the work-group from here */
    w->a[4] = (uint64_t)w->wg * wg + (uint64_t)w->wave * XL_MAX_LANES;
    w->a[5] = w->wave < pb_waves(wg) ? (in_wg < XL_MAX_LANES ? in_wg : XL_MAX_LANES) : 0;
}

/* Lanes whose work-item exists: the first `lanes` of the wavefront, cut by the kernels'
 * `if (i < n)` guard. */
static uint64_t pb_mask(uint64_t first, uint64_t lanes, uint32_t items)
{
    if (first >= items)
        return 0;
    uint64_t n = items - first;
    if (n > lanes)
        n = lanes;
    return n >= XL_MAX_LANES ? ~UINT64_C(0) : (UINT64_C(1) << n) - 1u;
}

/* Masked-off lanes repeat lane 0's address. */
static void pb_idle_lanes(xl_instr_t *out)
{
    for (unsigned l = 1; l < XL_MAX_LANES; l++)
        if (!((out->mask >> l) & 1u))
            out->va[l] = out->va[0];
}

/* acc[item]: lane l at base + (first + l) * E, contiguous bytes. */
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
            w->a[0] = PH_DONE;
            return xl_wl_end(out);
        }
        const pb_kernel_t *k = &d->k[w->kernel];
        const uint64_t first = w->a[4];
        const uint64_t mask = pb_mask(first, w->a[5], pb_items(d, k));
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
            xl_wl_op(out, XL_OP_LOAD, e, 0, PC_ACC_LOAD + slot, mask);
            pb_acc(out, wl->regions[k->acc[slot]].base, first, e);
            pb_idle_lanes(out);
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
                xl_wl_op(out, XL_OP_LOAD, e, 0, PC_MAT + slot, mask);
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
                pb_idle_lanes(out);
            } else if (slot == k->nmat) {
                /* vector[it]: every lane the same address (one translation). */
                xl_va_t a = wl->regions[k->vec].base + it * e;
                xl_wl_op(out, XL_OP_LOAD, e, 0, PC_VEC, mask);
                for (unsigned l = 0; l < XL_MAX_LANES; l++)
                    out->va[l] = a;
            } else {
                xl_wl_op(out, XL_OP_ALU, 0, (uint16_t)(PB_FMA_CYCLES * k->nmat), PC_FMA, mask);
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
            /* y = alpha*tmp + beta*y */
            xl_wl_op(out, XL_OP_ALU, 0, PB_FMA_CYCLES * 2u, PC_FINAL, mask);
        } else if (slot - k->final_alu < k->nacc) {
            unsigned s = slot - k->final_alu;
            xl_wl_op(out, XL_OP_STORE, e, 0, PC_STORE + s, mask);
            pb_acc(out, wl->regions[k->acc[s]].base, first, e);
            pb_idle_lanes(out);
        } else {
            w->a[0] = PH_DONE;
            continue;
        }
        w->a[1]++;
        w->step++;
        return 1;
    }
}

/* The four workloads are one generator over their definitions (pb_def_of): only the
 * names and the summary differ. */
#define PB_DESC(name, aliases, summary)                                                      \
    {name, aliases, "PolyBench", "irregular", summary,                                       \
     pb_create, pb_destroy, pb_kernel, pb_wave_begin, pb_wave_next}

const xl_wl_desc_t xl_wl_mvt = PB_DESC(
    "mvt", "",
    "128.13 MB: 4096x4096 double (32 KB pitch); k1 row-walk (64 pages/load; 32 at "
    "pb_wg_items=32), k2 column-walk");

const xl_wl_desc_t xl_wl_atax = PB_DESC(
    "atax", "atx",
    "64.05 MB: 4096x4096 float (16 KB pitch); k1 row-walk (64 pages/load; 32 at "
    "pb_wg_items=32), k2 column-walk");

const xl_wl_desc_t xl_wl_bicg = PB_DESC(
    "bicg", "bcg bic",
    "128.09 MB: 8192x4096 float (16 KB pitch); k1 row-walk (64 pages/load), k2 column-walk");

const xl_wl_desc_t xl_wl_gesummv = PB_DESC(
    "gesummv", "gev",
    "128.05 MB: two 4096x4096 float (16 KB pitch); two row-walk loads (2x64 pages) per step");
