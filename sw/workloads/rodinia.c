/*
 * rodinia.c - the Rodinia regular workloads BackProp, K-Means, Hotspot (ISCA'18 Table
 * II) and LUD (MICRO'18's regular set), from the OpenCL kernels of Rodinia 3.1
 * (backprop_kernel.cl, kmeans.cl, hotspot_kernel.cl, lud_kernel.cl) and their host
 * launch loops; docs/isca18-micro18.md §4.1 (footprints) and §4.2 "Regular workloads".
 *
 * Every global access is coalesced: a wavefront reads 16-float (64 B) row segments of
 * one to four rows, or 64 consecutive floats. Translation overhead is small, which is
 * what the papers use these workloads to show ("do-no-harm"); K-Means is the partial
 * exception noted below. A 16 x 16 work-group is
 * 4 wavefronts; wavefront w holds ty = 4w .. 4w+3 (lane l: ty = 4w + l/16,
 * tx = l % 16); 2-D grids are numbered by work-group x fastest (wg = by * nbx + bx).
 * ALU ops are 4 issue cycles per 64-lane vector op (16-wide SIMD, docs/isca18-micro18.md §1.1); LDS ops
 * 4 cycles per access.
 *
 * BackProp (bpnn_layerforward_ocl, bpnn_adjust_weights_ocl): in = 786,432 input units
 * (12 x Rodinia's default 65,536; the input count is a run argument), 16 hidden units,
 * num_blocks = in/16 work-groups of 16 x 16. Device buffers in clCreateBuffer order:
 * input (in+1), input_hidden ((in+1) x 17), output_hidden (17), hidden_partial_sum
 * (num_blocks x 16 = in), hidden_delta (17), input_prev_weights ((in+1) x 17), floats:
 * 144 in + 276 = 113,246,484 B = 108.00 MB (Table II: 108.03, 0.03 % more). Rodinia's
 * default 65,536 inputs would give only 9.0 MB. Two kernels: layerforward (each lane
 * loads one weight of a 17-float row: 4 rows x 16 floats = 272 B, one page; LDS
 * multiply and a 5-step tree reduction with barriers; partial sums stored by tx == 0)
 * then adjust_weights (w and oldw read-modify-write, coalesced).
 *
 * K-Means (kmeans_swap, kmeans_kernel_c): 16,384 points x 34 features (the feature
 * count of Rodinia's kdd_cup input), 5 clusters (Rodinia's default). Buffers feature,
 * feature_swap (n x 34), clusters (5 x 34), membership (n): 8*34 n + 680 + 4 n =
 * 4,522,664 B = 4.31 MB (Table II: 4.33; 16,448 points would match to the byte but are
 * not a whole number of 256-item work-groups, and Rodinia's kmeans_swap has no bounds
 * check). kmeans_swap transposes once (strided 136 B reads: 3 pages; coalesced stores),
 * then 5 iterations of kmeans_kernel_c: per cluster and feature a coalesced
 * feature-major load (one page) and a uniform clusters load. 6 kernels. The 34 feature
 * rows of 64 KB are 544 pages, which every wavefront cycles through once per cluster:
 * just over the 512-entry L2 TLB, so K-Means keeps a visible translation overhead (docs/isca18-micro18.md §4.2:
 * 4.33 MB "fits the TLB reach of 512 x 4 KB = 2 MB only partly").
 *
 * Hotspot: 1024 x 1024 grid (Rodinia's temp_1024/power_1024 inputs), buffers temp[0],
 * temp[1], power: 3 x 4 MB = 12.00 MB (Table II: 12.02, 0.17 % less). BLOCK_SIZE 16,
 * pyramid height 2 (small block 12 x 12, border 2), 86 x 86 = 7,396 work-groups; total
 * 4 simulation steps = 2 launches, ping-ponging temp[0] -> temp[1] -> temp[0]. A
 * wavefront's load is 4 tile rows of 16 floats, one 4 KB grid row (one page) each.
 *
 * LUD (lud_diagonal, lud_perimeter, lud_internal): 2048 x 2048 floats = 16 MB, the
 * largest input Rodinia ships (data/lud/2048.dat); MICRO'18 gives no LUD footprint, and
 * 2048 keeps LUD between Hotspot (12 MB) and the graph codes in size. BLOCK_SIZE 16:
 * per step (offset = 16 s, s = 0 .. 126) diagonal (1 work-group of 16), perimeter
 * (127 - s work-groups of 32) and internal ((127 - s)^2 work-groups of 16 x 16), then a
 * last diagonal: 3 * 127 + 1 = 382 kernels. Row pitch 8 KB: a wavefront load of 4 tile
 * rows touches 4 pages. The LDS work of diagonal and perimeter follows their
 * triangular loops one j step at a time (LDS reads, FMA, LDS write): 813 and 928
 * instructions per wavefront.
 *
 * Scale: BackProp, K-Means and Hotspot run the first ceil(WGs * scale) work-groups of
 * every kernel, raised to workload.min_rounds rounds of the GPU's resident wavefronts
 * (xl_wl_scaled_wgs); LUD runs its first ceil(382 * scale) kernels (at
 * least one; the early steps are the largest). Geometry never changes.
 */
#include "xlat/workloads.h"

#define RD_VEC 4u   /* issue cycles of one 64-lane vector op / one LDS access */

/* Every global access of the four codes is a 4-byte float or int. */
static void set_op(xl_instr_t *out, uint8_t op, uint16_t cycles, uint32_t pc, uint64_t mask)
{
    xl_wl_op(out, op, 4u, cycles, pc, mask);
}

/* Lanes of a 16-wide tile row group: ty = 4w + l/16, tx = l%16. */
#define LANE_TY(w, l) (4u * (w) + (l) / 16u)
#define LANE_TX(l)    ((l) % 16u)
#define TX0_LANES     UINT64_C(0x0001000100010001)   /* tx == 0: lanes 0, 16, 32, 48 */
#define ALL_LANES     (~UINT64_C(0))

static int end_wave(xl_wave_t *w, xl_instr_t *out)
{
    w->a[0] = UINT64_MAX;
    return xl_wl_end(out);
}

/* ======================================================================= BackProp === */

#define BP_IN    786432u
#define BP_HID   16u
#define BP_ROW   (BP_HID + 1u)          /* 17 floats per input_hidden row */
#define BP_BLOCKS (BP_IN / 16u)         /* 49,152 work-groups */

enum { BP_INPUT, BP_W, BP_OUTH, BP_PSUM, BP_DELTA, BP_OLDW, BP_NREG };

static int bp_create(xl_workload_t *wl, char *err, size_t errlen)
{
    static const char *const names[BP_NREG] = {"input", "input_hidden", "output_hidden",
                                                "hidden_partial_sum", "hidden_delta",
                                                "input_prev_weights"};
    const uint64_t elems[BP_NREG] = {BP_IN + 1u, (uint64_t)(BP_IN + 1u) * BP_ROW, BP_ROW,
                                     (uint64_t)BP_BLOCKS * 16u, BP_ROW,
                                     (uint64_t)(BP_IN + 1u) * BP_ROW};
    (void)err;
    (void)errlen;
    xl_wl_regions(wl, BP_NREG, names, elems, 4u);
    wl->priv = NULL;
    return XL_OK;
}

static void rd_destroy(xl_workload_t *wl)
{
    (void)wl;
}

static int bp_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    if (k >= 2u)
        return 0;
    out->workgroups = (uint32_t)xl_wl_scaled_wgs(wl, BP_BLOCKS, 4);
    out->waves_per_wg = 4;
    return 1;
}

/* Cursor: a[0] instruction slot, a[1] reduction step. */
static void bp_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k;
    w->a[0] = UINT64_MAX;
    if (!bp_kernel(wl, w->kernel, &k) || w->wg >= k.workgroups || w->wave >= 4u)
        return;
    w->a[0] = 0;
}

/* input_hidden index of lane l: (hid+1)*HEIGHT*by + (hid+1)*ty + tx + 1 + (hid+1). */
static void bp_w_addr(xl_instr_t *out, xl_va_t base, uint32_t by, uint32_t wave)
{
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        uint64_t idx = (uint64_t)BP_ROW * 16u * by + BP_ROW * LANE_TY(wave, l) + LANE_TX(l) +
                       1u + BP_ROW;
        out->va[l] = base + idx * 4u;
    }
}

/* layerforward slots: 0 LD input[index_in] (tx == 0), 1 LDS, 2 BAR, 3 LD input_hidden,
 * 4 LDS, 5 BAR, 6 LDS, 7 ALU (multiply), 8 LDS, 9 BAR, 10..29 the reduction
 * (i = 1, 2, 4, 8, 16: LDS, ALU, LDS for lanes ty % i == 0, BAR), 30 LDS, 31 ST
 * input_hidden, 32 BAR, 33 LDS, 34 ST hidden_partial_sum[by*hid + ty] (tx == 0). */
static int bp_forward(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const uint32_t by = w->wg, wave = w->wave;
    const xl_region_t *R = wl->regions;
    for (;;) {
        uint64_t s = w->a[0];
        if (s >= 35u)
            return 0;
        w->a[0]++;
        if (s == 0) {
            set_op(out, XL_OP_LOAD, 0, 0, TX0_LANES);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)   /* input[16*by + ty + 1] */
                out->va[l] =
                    R[BP_INPUT].base + (16u * (uint64_t)by + LANE_TY(wave, l) + 1u) * 4u;
        } else if (s == 1 || s == 4 || s == 8 || s == 30) {
            set_op(out, XL_OP_LDS, RD_VEC, (uint32_t)s, s == 1 ? TX0_LANES : ALL_LANES);
        } else if (s == 2 || s == 5 || s == 9 || s == 32) {
            set_op(out, XL_OP_BARRIER, 0, (uint32_t)s, ALL_LANES);
        } else if (s == 3 || s == 31) {
            set_op(out, s == 3 ? XL_OP_LOAD : XL_OP_STORE, 0, (uint32_t)s, ALL_LANES);
            bp_w_addr(out, R[BP_W].base, by, wave);
        } else if (s == 6) {
            set_op(out, XL_OP_LDS, 2u * RD_VEC, 6, ALL_LANES);
        } else if (s == 7) {
            set_op(out, XL_OP_ALU, RD_VEC, 7, ALL_LANES);
        } else if (s < 30u) {
            /* for (i = 1; i <= HEIGHT; i *= 2):
             *     if (ty % i == 0) wm[ty][tx] += wm[ty + i/2][tx] */
            uint32_t step = (uint32_t)(s - 10u) / 4u, sub = (uint32_t)(s - 10u) % 4u;
            uint32_t pi = 1u << step;
            uint64_t m = 0;
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                if (LANE_TY(wave, l) % pi == 0)
                    m |= UINT64_C(1) << l;
            uint32_t pc = 10u + sub;
            if (sub == 3)
                set_op(out, XL_OP_BARRIER, 0, pc, ALL_LANES);
            else if (m == 0)
                continue;   /* no lane of this wavefront takes the branch */
            else if (sub == 1)
                set_op(out, XL_OP_ALU, RD_VEC, pc, m);
            else
                set_op(out, XL_OP_LDS, sub == 0 ? 2u * RD_VEC : RD_VEC, pc, m);
        } else if (s == 33) {
            set_op(out, XL_OP_LDS, RD_VEC, 33, TX0_LANES);
        } else { /* 34 */
            set_op(out, XL_OP_STORE, 0, 34, TX0_LANES);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = R[BP_PSUM].base +
                             ((uint64_t)by * BP_HID + LANE_TY(wave, l)) * 4u;
        }
        w->step++;
        return 1;
    }
}

/* adjust_weights slots: 0 LD delta[tx+1], 1 LD ly[16*by + ty + 1], 2 LD oldw[index],
 * 3 ALU, 4 LD w[index], 5 ALU, 6 ST w[index], 7 ST oldw[index], 8 BAR; then in
 * work-group 0, ty == 0 (wavefront 0, lanes 0..15): 9 LD oldw[tx+1], 10 ALU,
 * 11 LD w[tx+1], 12 ALU, 13 ST w[tx+1], 14 ST oldw[tx+1]. */
static int bp_adjust(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const uint32_t by = w->wg, wave = w->wave;
    const xl_region_t *R = wl->regions;
    const uint64_t row0 = UINT64_C(0xFFFF);
    uint64_t s = w->a[0];
    if (s >= 15u || (s >= 9u && (by != 0 || wave != 0)))
        return 0;
    w->a[0]++;
    switch (s) {
    case 0:
        set_op(out, XL_OP_LOAD, 0, 0, ALL_LANES);
        for (unsigned l = 0; l < XL_MAX_LANES; l++)
            out->va[l] = R[BP_DELTA].base + (LANE_TX(l) + 1u) * 4u;
        break;
    case 1:
        set_op(out, XL_OP_LOAD, 0, 1, ALL_LANES);
        for (unsigned l = 0; l < XL_MAX_LANES; l++)
            out->va[l] = R[BP_INPUT].base + (16u * (uint64_t)by + LANE_TY(wave, l) + 1u) * 4u;
        break;
    case 2:
    case 7:
        set_op(out, s == 2 ? XL_OP_LOAD : XL_OP_STORE, 0, (uint32_t)s, ALL_LANES);
        bp_w_addr(out, R[BP_OLDW].base, by, wave);
        break;
    case 3:
        set_op(out, XL_OP_ALU, 3u * RD_VEC, 3, ALL_LANES);   /* mul, mul, fma */
        break;
    case 4:
    case 6:
        set_op(out, s == 4 ? XL_OP_LOAD : XL_OP_STORE, 0, (uint32_t)s, ALL_LANES);
        bp_w_addr(out, R[BP_W].base, by, wave);
        break;
    case 5:
    case 12:
        set_op(out, XL_OP_ALU, RD_VEC, (uint32_t)s, s == 5 ? ALL_LANES : row0);
        break;
    case 8:
        set_op(out, XL_OP_BARRIER, 0, 8, ALL_LANES);
        break;
    case 10:
        set_op(out, XL_OP_ALU, 2u * RD_VEC, 10, row0);
        break;
    default: { /* 9, 11, 13, 14: oldw / w [index_x] on lanes tx = 0..15 of row 0 */
        int is_w = s == 11 || s == 13;
        set_op(out, s <= 11 ? XL_OP_LOAD : XL_OP_STORE, 0, (uint32_t)s, row0);
        for (unsigned l = 0; l < XL_MAX_LANES; l++)
            out->va[l] = R[is_w ? BP_W : BP_OLDW].base + (LANE_TX(l) + 1u) * 4u;
        break;
    }
    }
    w->step++;
    return 1;
}

static int bp_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    if (w->a[0] != UINT64_MAX &&
        (w->kernel == 0 ? bp_forward(wl, w, out) : bp_adjust(wl, w, out)))
        return 1;
    return end_wave(w, out);
}

/* ======================================================================== K-Means === */

#define KM_N     16384u
#define KM_F     34u
#define KM_K     5u
#define KM_ITERS 5u
#define KM_WG    256u

enum { KM_FEATURE, KM_SWAP, KM_CLUSTERS, KM_MEMBER, KM_NREG };

static int km_create(xl_workload_t *wl, char *err, size_t errlen)
{
    static const char *const names[KM_NREG] = {"feature", "feature_swap", "clusters",
                                               "membership"};
    const uint64_t elems[KM_NREG] = {(uint64_t)KM_N * KM_F, (uint64_t)KM_N * KM_F,
                                     KM_K * KM_F, KM_N};
    (void)err;
    (void)errlen;
    xl_wl_regions(wl, KM_NREG, names, elems, 4u);
    wl->priv = NULL;
    return XL_OK;
}

static int km_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    if (k > KM_ITERS)
        return 0;
    out->workgroups = (uint32_t)xl_wl_scaled_wgs(wl, KM_N / KM_WG, KM_WG / XL_MAX_LANES);
    out->waves_per_wg = KM_WG / XL_MAX_LANES;
    return 1;
}

/* Cursor: a[0] instruction slot, a[1] first point of the wavefront. */
static void km_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k;
    w->a[0] = UINT64_MAX;
    if (!km_kernel(wl, w->kernel, &k) || w->wg >= k.workgroups ||
        w->wave >= KM_WG / XL_MAX_LANES)
        return;
    w->a[0] = 0;
    w->a[1] = ((uint64_t)w->wg * (KM_WG / XL_MAX_LANES) + w->wave) * XL_MAX_LANES;
}

static int km_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    const uint64_t s = w->a[0], p0 = w->a[1];
    if (s == UINT64_MAX)
        return end_wave(w, out);
    if (w->kernel == 0) {
        /* kmeans_swap: for i < nfeatures:
         *   feature_swap[i*npoints + tid] = feature[tid*nfeatures + i] */
        if (s >= 3u * KM_F)
            return end_wave(w, out);
        uint64_t i = s / 3u, sub = s % 3u;
        if (sub == 0) {
            set_op(out, XL_OP_LOAD, 0, 0, ALL_LANES);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = R[KM_FEATURE].base + ((p0 + l) * KM_F + i) * 4u;
        } else if (sub == 1) {
            set_op(out, XL_OP_STORE, 0, 1, ALL_LANES);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = R[KM_SWAP].base + (i * KM_N + p0 + l) * 4u;
        } else {
            set_op(out, XL_OP_ALU, RD_VEC, 2, ALL_LANES);   /* i++, i < nfeatures */
        }
    } else {
        /* kmeans_kernel_c: for i < nclusters { for l < nfeatures: ans += (feature[l*n + p]
         * - clusters[i*nf + l])^2; if (ans < min_dist) ... }; membership[p] = index */
        const uint64_t per_cluster = 3u * KM_F + 1u;
        if (s > KM_K * per_cluster)
            return end_wave(w, out);
        if (s == KM_K * per_cluster) {
            set_op(out, XL_OP_STORE, 0, 4, ALL_LANES);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = R[KM_MEMBER].base + (p0 + l) * 4u;
        } else {
            uint64_t c = s / per_cluster, r = s % per_cluster;
            if (r == 3u * KM_F) {
                set_op(out, XL_OP_ALU, 2u * RD_VEC, 3, ALL_LANES);   /* compare, select */
            } else {
                uint64_t f = r / 3u, sub = r % 3u;
                if (sub == 0) {   /* feature-major: 64 consecutive floats, one page */
                    set_op(out, XL_OP_LOAD, 0, 0, ALL_LANES);
                    for (unsigned l = 0; l < XL_MAX_LANES; l++)
                        out->va[l] = R[KM_SWAP].base + (f * KM_N + p0 + l) * 4u;
                } else if (sub == 1) {   /* clusters[i*nf + l]: one address */
                    set_op(out, XL_OP_LOAD, 0, 1, ALL_LANES);
                    for (unsigned l = 0; l < XL_MAX_LANES; l++)
                        out->va[l] = R[KM_CLUSTERS].base + (c * KM_F + f) * 4u;
                } else {
                    set_op(out, XL_OP_ALU, 2u * RD_VEC, 2, ALL_LANES);   /* sub, fma */
                }
            }
        }
    }
    w->a[0]++;
    w->step++;
    return 1;
}

/* ======================================================================== Hotspot === */

#define HS_GRID   1024u
#define HS_BLOCK  16u
#define HS_PYR    2u                               /* iterations per launch */
#define HS_SMALL  (HS_BLOCK - 2u * HS_PYR)         /* 12 */
#define HS_BORDER HS_PYR                           /* 2 */
#define HS_NB     ((HS_GRID + HS_SMALL - 1u) / HS_SMALL)   /* 86 */
#define HS_STEPS  4u                               /* total simulation steps */
#define HS_LAUNCHES (HS_STEPS / HS_PYR)            /* 2 */
#define HS_SLOTS  (5u + 6u * (HS_PYR - 1u) + 4u + 2u)   /* 17 */

enum { HS_TEMP0, HS_TEMP1, HS_POWER, HS_NREG };

static int hs_create(xl_workload_t *wl, char *err, size_t errlen)
{
    static const char *const names[HS_NREG] = {"temp0", "temp1", "power"};
    const uint64_t grid = (uint64_t)HS_GRID * HS_GRID;   /* each a float per grid cell */
    const uint64_t elems[HS_NREG] = {grid, grid, grid};
    (void)err;
    (void)errlen;
    xl_wl_regions(wl, HS_NREG, names, elems, 4u);
    wl->priv = NULL;
    return XL_OK;
}

static int hs_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    if (k >= HS_LAUNCHES)
        return 0;
    out->workgroups = (uint32_t)xl_wl_scaled_wgs(wl, (uint64_t)HS_NB * HS_NB, 4);
    out->waves_per_wg = 4;
    return 1;
}

/* Cursor: a[0] slot, a[1] in-range lanes (the loads), a[4] = bx, a[5] = by;
 * lane[i] = the lanes computing in iteration i (i < pyramid height). As in the kernel:
 * blkY = small*by - border; validYmin/max clip the tile to the grid; a lane computes in
 * iteration i when tx and ty are in [i+1, BLOCK-i-2] and inside the valid range. */
_Static_assert(HS_PYR <= XL_MAX_LANES, "iteration masks live in lane[]");

static uint64_t hs_iter_mask(uint32_t wave, uint32_t i, int64_t vxmin, int64_t vxmax,
                             int64_t vymin, int64_t vymax)
{
    const int64_t lo = (int64_t)i + 1, hi = (int64_t)HS_BLOCK - (int64_t)i - 2;
    uint64_t m = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        int64_t tx = LANE_TX(l), ty = LANE_TY(wave, l);
        if (tx >= lo && tx <= hi && ty >= lo && ty <= hi && tx >= vxmin && tx <= vxmax &&
            ty >= vymin && ty <= vymax)
            m |= UINT64_C(1) << l;
    }
    return m;
}

static void hs_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k;
    w->a[0] = UINT64_MAX;
    if (!hs_kernel(wl, w->kernel, &k) || w->wg >= k.workgroups || w->wave >= 4u)
        return;
    const int64_t bx = w->wg % HS_NB, by = w->wg / HS_NB, g = HS_GRID;
    const int64_t blkx = (int64_t)HS_SMALL * bx - HS_BORDER;
    const int64_t blky = (int64_t)HS_SMALL * by - HS_BORDER;
    const int64_t bmax = HS_BLOCK - 1;
    int64_t vymin = blky < 0 ? -blky : 0;
    int64_t vymax = blky + bmax > g - 1 ? bmax - (blky + bmax - g + 1) : bmax;
    int64_t vxmin = blkx < 0 ? -blkx : 0;
    int64_t vxmax = blkx + bmax > g - 1 ? bmax - (blkx + bmax - g + 1) : bmax;
    uint64_t in = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        int64_t y = blky + LANE_TY(w->wave, l), x = blkx + LANE_TX(l);
        if (y >= 0 && y < g && x >= 0 && x < g)
            in |= UINT64_C(1) << l;
    }
    w->a[0] = 0;
    w->a[1] = in;
    for (uint32_t i = 0; i < HS_PYR; i++)
        w->lane[i] = hs_iter_mask(w->wave, i, vxmin, vxmax, vymin, vymax);
    w->a[4] = (uint64_t)bx;
    w->a[5] = (uint64_t)by;
}

/* grid[index] of each lane (index = grid_cols * yidx + xidx); out-of-grid lanes,
 * which are masked, get the array base. */
static void hs_addr(xl_instr_t *out, const xl_wave_t *w, xl_va_t base)
{
    const int64_t blkx = (int64_t)HS_SMALL * (int64_t)w->a[4] - HS_BORDER;
    const int64_t blky = (int64_t)HS_SMALL * (int64_t)w->a[5] - HS_BORDER;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        int64_t y = blky + LANE_TY(w->wave, l), x = blkx + LANE_TX(l);
        out->va[l] = ((w->a[1] >> l) & 1u) ? base + (uint64_t)(y * HS_GRID + x) * 4u : base;
    }
}

/* Slots: 0 LD temp_src, 1 LD power, 2 LDS (2 writes), 3 BAR, 4 ALU (bounds, N/S/W/E);
 * per iteration i: LDS (6 reads), ALU (the update), LDS (temp_t), BAR, and unless i is
 * the last: LDS (temp_t -> temp_on_cuda), BAR; then LDS, ST temp_dst (computed lanes). */
static int hs_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    const unsigned src = w->kernel % 2u == 0 ? HS_TEMP0 : HS_TEMP1;
    const unsigned dst = src == HS_TEMP0 ? HS_TEMP1 : HS_TEMP0;
    for (;;) {
        uint64_t s = w->a[0];
        if (s >= HS_SLOTS)
            return end_wave(w, out);
        w->a[0]++;
        uint64_t m;
        if (s <= 2u) {
            m = w->a[1];
            if (m == 0)
                continue;
            if (s == 2u) {
                set_op(out, XL_OP_LDS, 2u * RD_VEC, 2, m);
            } else {
                set_op(out, XL_OP_LOAD, 0, (uint32_t)s, m);
                hs_addr(out, w, R[s == 0 ? src : HS_POWER].base);
            }
        } else if (s == 3u) {
            set_op(out, XL_OP_BARRIER, 0, 3, ALL_LANES);
        } else if (s == 4u) {
            set_op(out, XL_OP_ALU, 6u * RD_VEC, 4, ALL_LANES);
        } else if (s < HS_SLOTS - 2u) {
            /* iteration body: slots 5.. in groups of 6 (the last iteration has 4) */
            uint64_t r = s - 5u;
            uint64_t i = r / 6u, sub = r % 6u;
            uint32_t pc = 5u + (uint32_t)sub;
            m = w->lane[i];
            if (sub == 3u || sub == 5u) {
                set_op(out, XL_OP_BARRIER, 0, pc, ALL_LANES);
            } else if (m == 0) {
                continue;
            } else if (sub == 0u) {
                set_op(out, XL_OP_LDS, 6u * RD_VEC, pc, m);
            } else if (sub == 1u) {
                set_op(out, XL_OP_ALU, 10u * RD_VEC, pc, m);
            } else if (sub == 2u) {
                set_op(out, XL_OP_LDS, RD_VEC, pc, m);
            } else {
                set_op(out, XL_OP_LDS, 2u * RD_VEC, pc, m);
            }
        } else {
            m = w->lane[HS_PYR - 1u];
            if (m == 0)
                continue;
            if (s == HS_SLOTS - 2u) {
                set_op(out, XL_OP_LDS, RD_VEC, 11, m);
            } else {
                set_op(out, XL_OP_STORE, 0, 12, m);
                hs_addr(out, w, R[dst].base);
            }
        }
        w->step++;
        return 1;
    }
}

/* ============================================================================ LUD === */

#define LUD_N     2048u
#define LUD_B     16u
#define LUD_NB    (LUD_N / LUD_B)              /* 128 */
#define LUD_KERNELS (3u * (LUD_NB - 1u) + 1u)  /* 382 */

enum { LUD_DIAG, LUD_PERI, LUD_INTERNAL };

static int lud_create(xl_workload_t *wl, char *err, size_t errlen)
{
    static const char *const names[1] = {"m"};
    const uint64_t elems[1] = {(uint64_t)LUD_N * LUD_N};
    (void)err;
    (void)errlen;
    xl_wl_regions(wl, 1, names, elems, 4u);
    wl->priv = NULL;
    return XL_OK;
}

/* Kernel k (0-based) of the host loop: step s = k / 3, kind = k % 3; the last kernel
 * (k = 381) is the final diagonal, s = 127. */
static void lud_which(uint32_t k, uint32_t *kind, uint32_t *step)
{
    *kind = k % 3u;
    *step = k / 3u;
}

static int lud_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    if (k >= xl_wl_scaled(LUD_KERNELS, wl->scale_ppm))
        return 0;
    uint32_t kind, s;
    lud_which(k, &kind, &s);
    uint32_t rest = LUD_NB - 1u - s;   /* tiles right of / below the diagonal block */
    out->workgroups = kind == LUD_DIAG ? 1u : kind == LUD_PERI ? rest : rest * rest;
    out->waves_per_wg = kind == LUD_INTERNAL ? 4u : 1u;
    return 1;
}

/* Cursor: a[0] slot, a[1] kind, a[2] offset (16 s), a[3] bx, a[4] by. */
static void lud_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k;
    w->a[0] = UINT64_MAX;
    if (!lud_kernel(wl, w->kernel, &k) || w->wg >= k.workgroups || w->wave >= k.waves_per_wg)
        return;
    uint32_t kind, s;
    lud_which(w->kernel, &kind, &s);
    uint32_t rest = LUD_NB - 1u - s;
    w->a[0] = 0;
    w->a[1] = kind;
    w->a[2] = (uint64_t)LUD_B * s;
    w->a[3] = kind == LUD_INTERNAL ? w->wg % rest : w->wg;
    w->a[4] = kind == LUD_INTERNAL ? w->wg / rest : 0;
}

/* m[row * N + col0 + (lane's column)] for the lanes in mask (column = lane - lane0). */
static void lud_row(xl_instr_t *out, xl_va_t base, uint64_t row, uint64_t col0, unsigned lane0,
                    uint64_t mask)
{
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        out->va[l] = ((mask >> l) & 1u) ? base + (row * LUD_N + col0 + (l - lane0)) * 4u : base;
}

#define LUD_ROW16 UINT64_C(0xFFFF)
#define LUD_HI16  UINT64_C(0xFFFF0000)

/* Position s inside a triangular loop nest: for i in [i0, i1) the body has mul*i + add
 * slots. Returns 1 with i and the slot r inside iteration i, 0 past the end. */
static int tri_pos(uint64_t s, uint32_t i0, uint32_t i1, uint32_t mul, uint32_t add,
                   uint32_t *i, uint64_t *r)
{
    for (uint32_t k = i0; k < i1; k++) {
        uint64_t len = (uint64_t)mul * k + add;
        if (s < len) {
            *i = k;
            *r = s;
            return 1;
        }
        s -= len;
    }
    return 0;
}

/* Slots of the triangular loops (j loops of i iterations, 3 slots each) */
#define LUD_DIAG_LOOP 750u    /* sum over i = 0..14 of (3i + 3) + 1 + 3(i + 1) + 1 */
#define LUD_PERI_ROW  360u    /* sum over i = 1..15 of 3i */
#define LUD_PERI_COL  408u    /* sum over i = 0..15 of (3i + 3) */

/* One j step of `a[..] -= b[..] * c[..]` on LDS: read three words, FMA, write back. */
static void lud_jstep(xl_instr_t *out, uint64_t r, uint32_t pc, uint64_t m)
{
    if (r == 0)
        set_op(out, XL_OP_LDS, 3u * RD_VEC, pc, m);
    else if (r == 1)
        set_op(out, XL_OP_ALU, RD_VEC, pc + 1u, m);
    else
        set_op(out, XL_OP_LDS, RD_VEC, pc + 2u, m);
}

/* The division `a[..] /= dia[i][i]`: read two words, divide (4 ops), write. */
static void lud_div(xl_instr_t *out, uint64_t r, uint32_t pc, uint64_t m)
{
    if (r == 0)
        set_op(out, XL_OP_LDS, 2u * RD_VEC, pc, m);
    else if (r == 1)
        set_op(out, XL_OP_ALU, 4u * RD_VEC, pc + 1u, m);
    else
        set_op(out, XL_OP_LDS, RD_VEC, pc + 2u, m);
}

/* lud_diagonal, one work-group of 16 lanes:
 *   slots 0..31   16 x (LD shadow row i = m[(offset + i) * N + offset + tx], LDS write)
 *   32            BAR
 *   33..782       for i = 0..14, lanes tx > i: i j-steps (pc 3-5) and the division
 *                 (pc 6-8); BAR (9); i + 1 j-steps (pc 10-12); BAR (13)
 *   783..812      15 x (LDS read, ST m[(offset + i) * N + offset + tx]), i = 1..15 */
static int lud_diag(const xl_region_t *R, xl_wave_t *w, xl_instr_t *out)
{
    const uint64_t s = w->a[0], off = w->a[2];
    if (s >= 33u + LUD_DIAG_LOOP + 30u)
        return 0;
    if (s < 32u) {
        if (s % 2u == 0) {
            set_op(out, XL_OP_LOAD, 0, 0, LUD_ROW16);
            lud_row(out, R[0].base, off + s / 2u, off, 0, LUD_ROW16);
        } else {
            set_op(out, XL_OP_LDS, RD_VEC, 1, LUD_ROW16);
        }
    } else if (s == 32u) {
        set_op(out, XL_OP_BARRIER, 0, 2, LUD_ROW16);
    } else if (s < 33u + LUD_DIAG_LOOP) {
        uint32_t i = 0;
        uint64_t r = 0;
        tri_pos(s - 33u, 0, LUD_B - 1u, 6u, 8u, &i, &r);
        const uint64_t m = LUD_ROW16 & ~((UINT64_C(2) << i) - 1u);   /* tx > i */
        if (r < 3u * i) {
            lud_jstep(out, r % 3u, 3, m);
        } else if (r < 3u * i + 3u) {
            lud_div(out, r - 3u * i, 6, m);
        } else if (r == 3u * i + 3u) {
            set_op(out, XL_OP_BARRIER, 0, 9, LUD_ROW16);
        } else if (r < 6u * i + 7u) {
            lud_jstep(out, (r - 3u * i - 4u) % 3u, 10, m);
        } else {
            set_op(out, XL_OP_BARRIER, 0, 13, LUD_ROW16);
        }
    } else {
        uint64_t r = s - 33u - LUD_DIAG_LOOP, i = 1u + r / 2u;
        if (r % 2u == 0) {
            set_op(out, XL_OP_LDS, RD_VEC, 14, LUD_ROW16);
        } else {
            set_op(out, XL_OP_STORE, 0, 15, LUD_ROW16);
            lud_row(out, R[0].base, off + i, off, 0, LUD_ROW16);
        }
    }
    return 1;
}

/* lud_perimeter, 32 lanes: tx < 16 (peri-row, lanes 0..15) and tx >= 16 (peri-col,
 * lanes 16..31) take the two sides of each if/else in turn:
 *   0..47     row side: 8 x (LD dia row i, LDS), 16 x (LD peri_row row i, LDS)
 *   48..95    col side: 8 x (LD dia row 8+i, LDS), 16 x (LD peri_col row i, LDS)
 *   96        BAR
 *   97..456   row side: for i = 1..15, i j-steps (pc 9-11)
 *   457..864  col side: for i = 0..15, i j-steps (pc 12-14) and the division (15-17)
 *   865       BAR
 *   866..895  row side: 15 x (LDS, ST peri_row row i), i = 1..15
 *   896..927  col side: 16 x (LDS, ST peri_col row i) */
#define LUD_PERI_C0 (97u + LUD_PERI_ROW)              /* 457 */
#define LUD_PERI_B2 (LUD_PERI_C0 + LUD_PERI_COL)      /* 865 */
#define LUD_PERI_END (LUD_PERI_B2 + 1u + 30u + 32u)   /* 928 */

static int lud_peri(const xl_region_t *R, xl_wave_t *w, xl_instr_t *out)
{
    const uint64_t s = w->a[0], off = w->a[2], bx = w->a[3];
    const uint64_t pcol = off + (bx + 1u) * LUD_B;   /* the tile's first column / row */
    if (s >= LUD_PERI_END)
        return 0;
    if (s < 96u) {
        int col_side = s >= 48u;
        uint64_t r = s % 48u, i = r / 2u;
        uint64_t m = col_side ? LUD_HI16 : LUD_ROW16;
        unsigned lane0 = col_side ? 16u : 0u;
        if (r % 2u == 1u) {   /* the LDS write of the load before it */
            set_op(out, XL_OP_LDS, RD_VEC, (col_side ? 5u : 1u) + (i < 8u ? 0u : 2u), m);
        } else if (i < 8u) {   /* dia[i][idx] = m[(offset + i) * N + offset + idx] */
            set_op(out, XL_OP_LOAD, 0, col_side ? 4u : 0u, m);
            lud_row(out, R[0].base, off + i + (col_side ? 8u : 0u), off, lane0, m);
        } else if (!col_side) {
            /* peri_row[i][idx] = m[(offset + i) * N + offset + (bx+1) * 16 + idx] */
            set_op(out, XL_OP_LOAD, 0, 2, m);
            lud_row(out, R[0].base, off + (i - 8u), pcol, lane0, m);
        } else {   /* peri_col[i][idx] = m[(offset+(bx+1)*16 + i)*N + offset + idx] */
            set_op(out, XL_OP_LOAD, 0, 6, m);
            lud_row(out, R[0].base, pcol + (i - 8u), off, lane0, m);
        }
    } else if (s == 96u || s == LUD_PERI_B2) {
        set_op(out, XL_OP_BARRIER, 0, s == 96u ? 8u : 18u, LUD_ROW16 | LUD_HI16);
    } else if (s < LUD_PERI_C0) {
        uint32_t i = 0;
        uint64_t r = 0;
        tri_pos(s - 97u, 1, LUD_B, 3u, 0u, &i, &r);
        lud_jstep(out, r % 3u, 9, LUD_ROW16);
    } else if (s < LUD_PERI_B2) {
        uint32_t i = 0;
        uint64_t r = 0;
        tri_pos(s - LUD_PERI_C0, 0, LUD_B, 3u, 3u, &i, &r);
        if (r < 3u * i)
            lud_jstep(out, r % 3u, 12, LUD_HI16);
        else
            lud_div(out, r - 3u * i, 15, LUD_HI16);
    } else {
        int col_side = s >= LUD_PERI_B2 + 31u;
        uint64_t r = col_side ? s - LUD_PERI_B2 - 31u : s - LUD_PERI_B2 - 1u;
        uint64_t i = r / 2u + (col_side ? 0u : 1u);
        uint64_t m = col_side ? LUD_HI16 : LUD_ROW16;
        if (r % 2u == 0) {
            set_op(out, XL_OP_LDS, RD_VEC, col_side ? 21u : 19u, m);
        } else if (!col_side) {
            set_op(out, XL_OP_STORE, 0, 20, m);
            lud_row(out, R[0].base, off + i, pcol, 0, m);
        } else {
            set_op(out, XL_OP_STORE, 0, 22, m);
            lud_row(out, R[0].base, pcol + i, off, 16, m);
        }
    }
    return 1;
}

/* lud_internal, 16 x 16: 0 LD peri_row m[(offset+ty)*N + gcol + tx], 1 LD peri_col
 * m[(grow+ty)*N + offset + tx], 2 LDS, 3 BAR, 4 LDS (32 reads), 5 ALU (16 FMAs),
 * 6 LD m[(grow+ty)*N + gcol + tx], 7 ALU, 8 ST the same element. */
static int lud_internal(const xl_region_t *R, xl_wave_t *w, xl_instr_t *out)
{
    const uint64_t s = w->a[0], off = w->a[2];
    const uint64_t gcol = off + (w->a[3] + 1u) * LUD_B, grow = off + (w->a[4] + 1u) * LUD_B;
    if (s >= 9u)
        return 0;
    uint64_t row0 = 0, col0 = 0;
    switch (s) {
    case 0:
        row0 = off;
        col0 = gcol;
        break;
    case 1:
        row0 = grow;
        col0 = off;
        break;
    case 6:
    case 8:
        row0 = grow;
        col0 = gcol;
        break;
    case 2:
        set_op(out, XL_OP_LDS, 2u * RD_VEC, 2, ALL_LANES);
        return 1;
    case 3:
        set_op(out, XL_OP_BARRIER, 0, 3, ALL_LANES);
        return 1;
    case 4:
        set_op(out, XL_OP_LDS, 2u * LUD_B * RD_VEC, 4, ALL_LANES);
        return 1;
    case 5:
        set_op(out, XL_OP_ALU, LUD_B * RD_VEC, 5, ALL_LANES);
        return 1;
    default: /* 7 */
        set_op(out, XL_OP_ALU, RD_VEC, 7, ALL_LANES);
        return 1;
    }
    set_op(out, s == 8u ? XL_OP_STORE : XL_OP_LOAD, 0, (uint32_t)s, ALL_LANES);
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        out->va[l] = R[0].base +
                     ((row0 + LANE_TY(w->wave, l)) * LUD_N + col0 + LANE_TX(l)) * 4u;
    return 1;
}

static int lud_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    int r = 0;
    if (w->a[0] != UINT64_MAX) {
        if (w->a[1] == LUD_DIAG)
            r = lud_diag(wl->regions, w, out);
        else if (w->a[1] == LUD_PERI)
            r = lud_peri(wl->regions, w, out);
        else
            r = lud_internal(wl->regions, w, out);
    }
    if (!r)
        return end_wave(w, out);
    w->a[0]++;
    w->step++;
    return 1;
}

/* ==================================================================== descriptors === */

const xl_wl_desc_t xl_wl_backprop = {
    "backprop", "bck prop bp", "Rodinia", "regular",
    "108.00 MB: 786,432 x 17 float weights, 16x16 work-groups; coalesced weight rows, LDS "
    "tree reduction",
    bp_create, rd_destroy, bp_kernel, bp_wave_begin, bp_wave_next,
};

const xl_wl_desc_t xl_wl_kmeans = {
    "kmeans", "kmn", "Rodinia", "regular",
    "4.31 MB: 16,384 points x 34 features feature-major (1 page/load), 5 clusters, "
    "5 iterations",
    km_create, rd_destroy, km_kernel, km_wave_begin, km_wave_next,
};

const xl_wl_desc_t xl_wl_hotspot = {
    "hotspot", "hot hs", "Rodinia", "regular",
    "12.00 MB: 1024x1024 float temp x2 + power; 16x16 ghost-zone tiles in LDS, 4 rows "
    "(4 pages)/load",
    hs_create, rd_destroy, hs_kernel, hs_wave_begin, hs_wave_next,
};

const xl_wl_desc_t xl_wl_lud = {
    "lud", "", "Rodinia", "regular",
    "16.00 MB: 2048x2048 float, 16x16 tiles; diagonal/perimeter/internal, 382 kernels",
    lud_create, rd_destroy, lud_kernel, lud_wave_begin, lud_wave_next,
};
