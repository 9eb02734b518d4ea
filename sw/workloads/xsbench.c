/*
 * xsbench.c - XSBench macroscopic cross-section lookups, unionized-grid version
 * (docs/isca18-micro18.md §4.2 "XSBench"; algorithm of the public XSBench proxy app:
 * grid_search, calculate_macro_xs, calculate_micro_xs).
 *
 * One work-item = one lookup: a random energy E and a random material m.
 *   1. grid_search over the unionized energy grid: lower = 0, upper = U-1; while
 *      upper - lower > 1: load egrid[lower + (upper-lower)/2] and halve. All lanes
 *      start on the same element (top of the search tree, one page) and diverge to
 *      random pages within a few steps; lanes that finish a step early drop out.
 *   2. Load num_nucs[m]; then for each nuclide j < num_nucs[m] (lanes whose material
 *      has fewer nuclides drop out of the mask): mats[m][j] (nuclide id n),
 *      concs[m][j], index_grid[idx*68 + n] (random page), then the two adjacent
 *      nuclide records low = nuclide_grids[n][p], high = low + 1 (48 B each: energy and
 *      five cross sections, read field by field as 8-byte loads, high then low, in the
 *      order of calculate_micro_xs), then the interpolate-and-accumulate ALU work.
 *
 * Sizing: 68 isotopes (XSBench "small") and G grid points per isotope; XSBench's own
 * data layout gives U = 68*G union points and
 *     nuclide_grids 68*G*48 B + egrid U*8 B + index_grid U*68*4 B = 68*G*328 B.
 * With XSBench's default G = 11,303 this is 240.4 MB, 13 % above ISCA Table II. The
 * paper does not give its XSBench options, and the grid-point count is a run option
 * (-g), so G is chosen to meet the footprint the paper states: G = 9,978 gives
 * 68*9978*328 = 222,549,312 B plus 4,944 B of material tables (num_nucs, mats, concs)
 * = 222,554,256 B = 212.24 MB (Table II: 212.25 MB). workload.xsb_gridpts sets another G,
 * as XSBench's -g does: HPCA'16 §4 puts its largest workload at 144 MB (its footprints
 * run 2.6-144 MB), and G = 6,456 gives 68*6456*328 + 4,944 = 143,999,568 B.
 *
 * Scale multiplies the lookups (default 262,144 = 4,096 wavefronts; at least 64),
 * raised to workload.min_rounds rounds of the GPU's resident wavefronts (xl_wl_scaled_wgs);
 * the data sizes never change. Work-groups are 256 work-items (4 wavefronts); lanes
 * past the last lookup are masked off (the kernel's `if (i >= lookups) return`).
 */
#include "xlat/workloads.h"

#include <stdio.h>
#include <stdlib.h>

#define XSB_ISOTOPES   68u
#define XSB_GRIDPTS    9978u                          /* G unless workload.xsb_gridpts */
#define XSB_GRIDPTS_MAX 15420u                        /* 68 G < 2^20 */
#define XSB_REC_BYTES  48u                            /* 6 doubles per NuclideGridPoint */
#define XSB_MATS       12u
#define XSB_MAXNUCS    34u                            /* mats/concs row stride */
#define XSB_LOOKUPS    262144u
#define XSB_WG_ITEMS   256u
#define XSB_WPW        (XSB_WG_ITEMS / XL_MAX_LANES)
#define XSB_PROB_DEN   1001u                          /* the probabilities sum to 1.001 */

/* Per-lane state is packed into one 64-bit word: target index, lower, upper (20 bits
 * each) and material (4 bits). */
#define XSB_IDX_BITS 20u
#define XSB_IDX_MASK ((UINT64_C(1) << XSB_IDX_BITS) - 1u)
_Static_assert(XSB_ISOTOPES * XSB_GRIDPTS_MAX < (1u << XSB_IDX_BITS),
               "union grid index must fit 20 bits");
_Static_assert(XSB_MATS <= 16u, "material must fit 4 bits");
_Static_assert(XSB_ISOTOPES <= 128u, "nuclide id must fit 7 bits");

/* XSBench load_num_nucs() for the small (68-isotope) problem. */
static const uint8_t xsb_num_nucs[XSB_MATS] = {34, 5, 4, 4, 27, 21, 21, 21, 21, 21, 9, 9};
/* XSBench pick_mat() probabilities, per mille. */
static const uint16_t xsb_prob[XSB_MATS] = {140, 52, 275, 134, 154, 64,
                                            66,  55, 8,   15,  25,  13};

enum { R_NUC = 0, R_EGRID, R_INDEX, R_NUMNUCS, R_MATS, R_CONCS, R_COUNT };

/* Static instruction ids. */
enum {
    PC_RNG = 0,      /* random energy and material */
    PC_SEARCH = 1,   /* egrid load in grid_search */
    PC_CMP = 2,      /* compare and move a bound */
    PC_NUMNUCS = 3,
    PC_MATS = 4,
    PC_CONCS = 5,
    PC_INDEX = 6,
    PC_REC = 7,      /* 7..18: the 12 record field loads */
    PC_XS = 19       /* interpolation and accumulation */
};

/* Cursor phases (a[0]). */
enum { PH_RNG = 0, PH_SEARCH, PH_NUMNUCS, PH_NUCS, PH_DONE };
#define NUC_SLOTS 16u   /* mats, concs, index, 12 field loads, ALU */

typedef struct {
    uint32_t lookups;                    /* work-items of the kernel */
    uint32_t gp;                         /* G, grid points per isotope */
    uint32_t uni;                        /* U = 68 G, union grid points */
    uint8_t  mats[XSB_MATS][XSB_MAXNUCS]; /* nuclide ids of each material */
} xsb_priv_t;

static uint64_t lane_pack(uint64_t t, uint64_t lo, uint64_t hi, uint64_t mat)
{
    return t | (lo << XSB_IDX_BITS) | (hi << (2 * XSB_IDX_BITS)) | (mat << (3 * XSB_IDX_BITS));
}
static uint64_t lane_t(uint64_t s) { return s & XSB_IDX_MASK; }
static uint64_t lane_lo(uint64_t s) { return (s >> XSB_IDX_BITS) & XSB_IDX_MASK; }
static uint64_t lane_hi(uint64_t s) { return (s >> (2 * XSB_IDX_BITS)) & XSB_IDX_MASK; }
static unsigned lane_mat(uint64_t s) { return (unsigned)(s >> (3 * XSB_IDX_BITS)); }
/* In the nuclide loop the target and upper bound are dead: bits 0-19 hold the current
 * nuclide's low record (n*G + pos, < 2^20) and bits 40-46 the nuclide id. */
static uint64_t lane_pack_nuc(uint64_t rec, uint64_t idx, uint64_t n, uint64_t mat)
{
    return rec | (idx << XSB_IDX_BITS) | (n << (2 * XSB_IDX_BITS)) | (mat << (3 * XSB_IDX_BITS));
}
static uint64_t lane_rec(uint64_t s) { return s & XSB_IDX_MASK; }
static uint64_t lane_nuc(uint64_t s) { return (s >> (2 * XSB_IDX_BITS)) & 0x7Fu; }

static int xsb_create(xl_workload_t *wl, char *err, size_t errlen)
{
    static const char *const names[R_COUNT] = {"nuclide_grids", "egrid", "index_grid",
                                               "num_nucs", "mats", "concs"};
    const uint32_t gp = wl->params.xsb_gridpts ? wl->params.xsb_gridpts : XSB_GRIDPTS;
    if (gp < 2u || gp > XSB_GRIDPTS_MAX) {   /* the schema's range; a direct caller too */
        snprintf(err, errlen, "xsbench: workload.xsb_gridpts %u is outside 2..%u", gp,
                 XSB_GRIDPTS_MAX);
        return XL_EINPUT;
    }
    const uint64_t uni = (uint64_t)XSB_ISOTOPES * gp;
    const uint64_t bytes[R_COUNT] = {   /* at G = 9,978: */
        uni * XSB_REC_BYTES,                  /* 32,569,792 */
        uni * 8u,                             /*  5,428,032 */
        uni * XSB_ISOTOPES * 4u,              /* 184,551,488 */
        XSB_MATS * 4u,
        XSB_MATS * XSB_MAXNUCS * 4u,
        XSB_MATS * XSB_MAXNUCS * 8u,
    };
    xsb_priv_t *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errlen, "xsbench: out of memory");
        return XL_EINTERNAL;
    }
    p->gp = gp;
    p->uni = (uint32_t)uni;
    xl_wl_regions(wl, R_COUNT, names, bytes, 1u);
    uint64_t n = xl_wl_scaled(XSB_LOOKUPS, wl->scale_ppm);
    /* at least workload.min_rounds rounds of resident wavefronts, in whole 256-lookup
     * work-groups (the rule of xl_wl_scaled_wgs, applied to lookups) */
    uint64_t floor = xl_wl_scaled_wgs(wl, XSB_LOOKUPS / XSB_WG_ITEMS, XSB_WPW);
    uint64_t plain = xl_wl_scaled(XSB_LOOKUPS / XSB_WG_ITEMS, wl->scale_ppm);
    if (floor > plain && floor * XSB_WG_ITEMS > n)   /* only when the rounds raise it */
        n = floor * XSB_WG_ITEMS;
    p->lookups = (uint32_t)(n < XL_MAX_LANES ? XL_MAX_LANES : n);

    /* Nuclide ids of each material: distinct within the material, drawn once from the
     * workload seed (partial Fisher-Yates over the 68 isotopes). */
    xl_rng_t r;
    xl_rng_derive(&r, wl->seed, UINT64_C(0x585342454E4348));   /* "XSBENCH" */
    for (unsigned m = 0; m < XSB_MATS; m++) {
        uint8_t pool[XSB_ISOTOPES];
        for (unsigned i = 0; i < XSB_ISOTOPES; i++)
            pool[i] = (uint8_t)i;
        for (unsigned j = 0; j < xsb_num_nucs[m]; j++) {
            unsigned pick = j + (unsigned)xl_rng_below(&r, XSB_ISOTOPES - j);
            uint8_t t = pool[j];
            pool[j] = pool[pick];
            pool[pick] = t;
            p->mats[m][j] = pool[j];
        }
    }
    wl->priv = p;
    return XL_OK;
}

static void xsb_destroy(xl_workload_t *wl)
{
    free(wl->priv);
    wl->priv = NULL;
}

static int xsb_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    const xsb_priv_t *p = wl->priv;
    if (k != 0)
        return 0;
    uint32_t waves = (p->lookups + XL_MAX_LANES - 1) / XL_MAX_LANES;
    if (waves < XSB_WPW) {   /* tiny scales: one work-group of just the needed waves */
        out->workgroups = 1;
        out->waves_per_wg = waves;
    } else {
        out->workgroups = (waves + XSB_WPW - 1) / XSB_WPW;
        out->waves_per_wg = XSB_WPW;
    }
    return 1;
}

/* Cursor: a[0] phase, a[1] step (search step or nuclide j), a[2] slot within a nuclide,
 * a[3] active lanes, a[4] most nuclides of any active lane, a[5] mask of the current
 * search step or nuclide. lane[l]: packed target / lower / upper / material (search),
 * then low record / result / nuclide id / material (nuclide loop). */
static void xsb_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    const xsb_priv_t *p = wl->priv;
    xl_kernel_t k;
    w->a[0] = PH_DONE;
    if (!xsb_kernel(wl, w->kernel, &k))
        return;
    uint64_t first = ((uint64_t)w->wg * k.waves_per_wg + w->wave) * XL_MAX_LANES;
    uint64_t active = 0;
    unsigned maxn = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        /* Every lane draws, active or not, so a lane's lookup does not depend on the
         * lookup count. A uniform energy lands in a uniform union-grid interval:
         * grid_search returns t in [0, U-2]. */
        uint64_t t = xl_rng_below(&w->rng, p->uni - 1u);
        uint64_t u = xl_rng_below(&w->rng, XSB_PROB_DEN);
        unsigned m = 0;
        while (m + 1 < XSB_MATS && u >= xsb_prob[m]) {
            u -= xsb_prob[m];
            m++;
        }
        w->lane[l] = lane_pack(t, 0, p->uni - 1u, m);
        if (first + l < p->lookups) {
            active |= UINT64_C(1) << l;
            if (xsb_num_nucs[m] > maxn)
                maxn = xsb_num_nucs[m];
        }
    }
    w->a[0] = active ? PH_RNG : PH_DONE;
    w->a[1] = 0;
    w->a[2] = 0;
    w->a[3] = active;
    w->a[4] = maxn;
    w->a[5] = 0;
}

static int xsb_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const xsb_priv_t *p = wl->priv;
    const uint64_t active = w->a[3];

    for (;;) {
        switch (w->a[0]) {
        case PH_RNG:
            /* The lookup's random energy and material (XSBench's LCG and pick_mat). */
            xl_wl_op(out, XL_OP_ALU, 0, 16, PC_RNG, active);
            w->a[0] = PH_SEARCH;
            w->step++;
            return 1;

        case PH_SEARCH:
            if (w->a[2] == 0) {
                /* egrid[lower + (upper-lower)/2] for every lane still searching. */
                xl_va_t base = wl->regions[R_EGRID].base;
                uint64_t mask = 0;
                for (unsigned l = 0; l < XL_MAX_LANES; l++) {
                    uint64_t s = w->lane[l];
                    uint64_t lo = lane_lo(s), hi = lane_hi(s);
                    out->va[l] = base + lo * 8u;
                    if (!((active >> l) & 1u) || hi - lo <= 1u)
                        continue;
                    uint64_t x = lo + (hi - lo) / 2u;
                    out->va[l] = base + x * 8u;
                    mask |= UINT64_C(1) << l;
                    /* if (egrid[x] > E) upper = x; else lower = x; and E lies in
                     * [egrid[t], egrid[t+1]), so egrid[x] > E exactly when x > t. */
                    if (x > lane_t(s))
                        hi = x;
                    else
                        lo = x;
                    w->lane[l] = lane_pack(lane_t(s), lo, hi, lane_mat(s));
                }
                if (mask == 0) {
                    w->a[0] = PH_NUMNUCS;
                    continue;
                }
                xl_wl_op(out, XL_OP_LOAD, 8, 0, PC_SEARCH, mask);
                w->a[5] = mask;
                w->a[2] = 1;
            } else {
                xl_wl_op(out, XL_OP_ALU, 0, 8, PC_CMP, w->a[5]);
                w->a[2] = 0;
                w->a[1]++;
            }
            w->step++;
            return 1;

        case PH_NUMNUCS: {
            xl_va_t base = wl->regions[R_NUMNUCS].base;
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = base + (uint64_t)lane_mat(w->lane[l]) * 4u;
            xl_wl_op(out, XL_OP_LOAD, 4, 0, PC_NUMNUCS, active);
            w->a[0] = PH_NUCS;
            w->a[1] = 0;
            w->a[2] = 0;
            w->step++;
            return 1;
        }

        case PH_NUCS: {
            uint64_t j = w->a[1];
            if (j >= w->a[4]) {
                w->a[0] = PH_DONE;
                continue;
            }
            const unsigned slot = (unsigned)w->a[2];
            if (slot == 0) {
                /* New nuclide j: the mask (lanes whose material has more than j
                 * nuclides) and each lane's nuclide id and low record, kept for the
                 * next 15 instructions so they cost one add per lane. */
                const xl_va_t base = wl->regions[R_MATS].base;
                uint64_t mask = 0;
                for (unsigned l = 0; l < XL_MAX_LANES; l++) {
                    uint64_t s = w->lane[l];
                    unsigned m = lane_mat(s);
                    /* Lanes out of the mask get a valid entry's address (never used). */
                    unsigned jj = j < xsb_num_nucs[m] ? (unsigned)j : 0u;
                    if (jj == j && ((active >> l) & 1u))
                        mask |= UINT64_C(1) << l;
                    uint64_t n = p->mats[m][jj];
                    /* index_grid[idx][n] = position of E in nuclide n's own grid: each
                     * isotope holds 1/68 of the union points, so idx/68 (XSBench: at
                     * the last point, use the one before). */
                    uint64_t pos = lane_lo(s) / XSB_ISOTOPES;
                    if (pos >= p->gp - 1u)
                        pos = p->gp - 2u;
                    w->lane[l] = lane_pack_nuc(n * p->gp + pos, lane_lo(s), n, m);
                    out->va[l] = base + ((uint64_t)m * XSB_MAXNUCS + jj) * 4u;
                }
                w->a[5] = mask;
                xl_wl_op(out, XL_OP_LOAD, 4, 0, PC_MATS, mask);   /* mats[m][j] */
            } else if (slot == 1) {
                const xl_va_t base = wl->regions[R_CONCS].base;
                for (unsigned l = 0; l < XL_MAX_LANES; l++) {
                    unsigned m = lane_mat(w->lane[l]);
                    uint64_t jj = j < xsb_num_nucs[m] ? j : 0u;
                    out->va[l] = base + ((uint64_t)m * XSB_MAXNUCS + jj) * 8u;
                }
                xl_wl_op(out, XL_OP_LOAD, 8, 0, PC_CONCS, w->a[5]);   /* concs[m][j] */
            } else if (slot == 2) {
                const xl_va_t base = wl->regions[R_INDEX].base;
                for (unsigned l = 0; l < XL_MAX_LANES; l++) {
                    uint64_t s = w->lane[l];
                    out->va[l] = base + (lane_lo(s) * XSB_ISOTOPES + lane_nuc(s)) * 4u;
                }
                xl_wl_op(out, XL_OP_LOAD, 4, 0, PC_INDEX, w->a[5]);   /* index_grid */
            } else if (slot < NUC_SLOTS - 1u) {
                /* Field f of high (= low + 1) then of low, as calculate_micro_xs reads
                 * them: energies for the interpolation factor, then the five xs. */
                unsigned f = (slot - 3u) / 2u;
                unsigned high = ((slot - 3u) & 1u) == 0;
                const xl_va_t base = wl->regions[R_NUC].base + high * XSB_REC_BYTES + f * 8u;
                for (unsigned l = 0; l < XL_MAX_LANES; l++)
                    out->va[l] = base + lane_rec(w->lane[l]) * XSB_REC_BYTES;
                xl_wl_op(out, XL_OP_LOAD, 8, 0, PC_REC + (slot - 3u), w->a[5]);
            } else {
                /* f = (high.E - E)/(high.E - low.E); five interpolations and five
                 * accumulations into macro_xs: about 16 vector ops. */
                xl_wl_op(out, XL_OP_ALU, 0, 64, PC_XS, w->a[5]);
            }
            if (++w->a[2] == NUC_SLOTS) {
                w->a[2] = 0;
                w->a[1]++;
            }
            w->step++;
            return 1;
        }

        default:
            w->a[0] = PH_DONE;
            return xl_wl_end(out);
        }
    }
}

const xl_wl_desc_t xl_wl_xsbench = {
    "xsbench", "xsb", "XSBench", "irregular",
    "212.24 MB: 68 isotopes x 9,978 points, unionized grid; binary search then random "
    "index/nuclide-grid loads; xsb_gridpts=6456: 144 MB (HPCA'16's largest)",
    xsb_create, xsb_destroy, xsb_kernel, xsb_wave_begin, xsb_wave_next,
};
