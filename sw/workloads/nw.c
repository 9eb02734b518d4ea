/*
 * nw.c - Rodinia Needleman-Wunsch (OpenCL nw_kernel1 / nw_kernel2), docs/isca18-micro18.md
 * §4.2 "NW", read against Rodinia 3.1's OpenCL host code (opencl/nw/nw.c) and kernels
 * (opencl/nw/nw.cl).
 *
 * Two geometries, chosen by workload.nw_block (config.h [workload]):
 *
 * nw_block = 16 (default): Rodinia 3.1 OpenCL as shipped.
 *   - Tile width: nw.c defines BLOCK_SIZE 16 unless RD_WG_SIZE* is given at build time
 *     and passes it to the kernels with -DBLOCK_SIZE; each launch uses a local size of
 *     BLOCK_SIZE, so a work-group is one 16 x 16 tile and 16 work-items: one wavefront
 *     with lanes 0..15 active and 16..63 masked off on a 64-lane GPU.
 *   - Buffers: nw.c creates three device buffers of (N+1)^2 ints, in this order:
 *     input_itemsets_d, reference_d, output_itemsets_d. The kernels take all three but
 *     never touch output_itemsets_d (the host reads the result back from
 *     input_itemsets_d); it is declared here all the same, because it is allocated and
 *     mapped like the others and is part of the footprint.
 *   - Size: N = 6816 (cols = 6817, row pitch 27,268 B). Nothing in Rodinia fixes N (it
 *     is the first command-line argument); it is the N whose three buffers make ISCA'18
 *     Table II's 531.82 MB: 3 * 6817^2 * 4 B = 557,657,868 B = 531.82 MB (to 0.01 MB;
 *     6816 is also a multiple of 16, which nw.c requires).
 *   - Launches: block_width = N / 16 = 426. The host enqueues nw_kernel1 for blk =
 *     1..426 (upper-left triangle) and then nw_kernel2 for blk = 425..1 (lower-right),
 *     each with a global size of 16 * blk, i.e. blk work-groups: 851 kernels; kernel k
 *     (1-based) runs min(k, 852 - k) work-groups, at most 426 (k = 426).
 *
 * nw_block = 64: the earlier generator's geometry, after docs/isca18-micro18.md §4.2 (which made 64 the
 *   default); kept so reports can show the alternative.
 *   - Tile width 64 is Rodinia's own build-time override (RD_WG_SIZE_0_0=64 in OpenCL
 *     nw.c, and in needle.h of AMD's HIP port, rodinia_3.0/hip/nw in HIP-Examples,
 *     whose default is also 16): one fully populated 64-lane wavefront per tile.
 *   - Size: N = 8192 (cols = 8193, row pitch 32,772 B), block_width 128, 255 kernels
 *     (kernel k runs min(k, 256 - k) work-groups). [INF] N comes from MICRO'21 (Kotra et al.)'s
 *     report of 255 back-to-back NW kernels on the same infrastructure (docs/isca18-micro18.md §4.2),
 *     which 64-wide tiles give at N = 8192; N = 6816 is not a multiple of 64.
 *   - Buffers: two, reference then input_itemsets, as AMD's HIP port allocates on the
 *     device (referrence_cuda, matrix_cuda; no output buffer). 2 * 8193^2 * 4 B =
 *     537,001,992 B = 512.13 MB, 3.7 % under Table II's 531.82 MB; three buffers would
 *     be 768 MB, and no unused data are invented to pad the sum.
 *
 * Per work-group (tile bx, by; B = the tile width; index = cols*B*by + B*bx + tx +
 * cols + 1), in the order of nw.cl, each global load followed by its LDS write:
 *   1. input[index_nw]: lane 0 only                         (nw1: then a barrier)
 *   2. B x reference[index + cols*ty], ty = 0..B-1: B*4 contiguous bytes (64 B at 16,
 *      256 B at 64), a new row, so a new page, each time; barrier
 *   3. input[index_w + cols*tx]: B lanes on B rows, a row pitch apart: B pages in one
 *      instruction (16 pages spanning 409,024 B at 16; 64 spanning 2,064,640 B at 64);
 *      barrier
 *   4. input[index_n]: coalesced; barrier
 *   5. B + (B-1) LDS compute steps (m = 0..B-1 with lanes tx <= m, then m = B-2..0):
 *      LDS reads, ALU (max of three), LDS write, barrier     (nw1: a barrier in between)
 *   6. B x input[index + cols*ty] = SCORE(ty+1, tx+1): LDS read, coalesced store.
 * nw_kernel1 and nw_kernel2 differ only in the tile of work-group bx (nw1: bx,
 * blk-1-bx; nw2: bx + block_width - blk, block_width - 1 - bx) and in barrier placement
 * (nw2 has no barrier after step 1 nor between the two compute loops).
 * An instruction costs the same issue cycles with 16 active lanes as with 64 (a
 * wavefront instruction occupies the 16-wide SIMD for 4 cycles, docs/isca18-micro18.md §1.1).
 *
 * workload.nw_n sets N (a multiple of the tile width) for either geometry: MICRO'21's NW
 * (Table 2: 255 kernels) is 16-wide tiles at N = 2048, 2 * 128 - 1 = 255 launches, three
 * 2049^2 int buffers (48.05 MB); bench/results/reach-workloads.md.
 *
 * MICRO'21's LDS and I-cache (workload.h): a work-group allocates nw.cl's two __local
 * arrays, (b+1)^2 + b^2 ints (2180 B at b = 16), and every LDS instruction carries its
 * lanes' offsets in that block: the tile loads into LDS are XL_OP_LDS_ST, the diagonal
 * steps' reads XL_OP_LDS (the first of their four reads) and their writes XL_OP_LDS_ST,
 * the output reads XL_OP_LDS. Launches of nw_kernel1 share code id 1, nw_kernel2's id 2,
 * 8 KB each [I]. The instruction stream is otherwise the one above (same ops, cycles and
 * pcs), so a run with lds.model = 0 is unchanged.
 *
 * Scale: run n = ceil(K*scale) whole kernels of the K (at least 1), the middle one of
 * each of n equal stretches, so a short run keeps the full run's mix of short and long
 * diagonals. (An earlier choice, the middle n kernels, kept only the longest diagonals:
 * at scale 0.1 SIMT-aware scheduling then gained 0.998 against the full run's 1.020;
 * spread out, 1.015.) Geometry never changes with scale.
 */
#include "xlat/workloads.h"

#include <stdio.h>

typedef struct {
    uint32_t b;          /* BLOCK_SIZE: tile width = work-items per work-group */
    uint32_t n;          /* sequence length: the matrices are (n+1)^2 */
    uint32_t cols;       /* n + 1: the row pitch in ints */
    uint32_t bw;         /* block_width = n / b tiles per side */
    uint32_t kernels;    /* 2 * bw - 1 */
    unsigned nbuf;       /* device buffers declared */
    const char *buf[3];  /* their names, in allocation order */
    unsigned ref, in;    /* region index of reference_d and input_itemsets_d */
} nw_geom_t;

/* Rodinia 3.1 OpenCL: three buffers in nw.c's clCreateBuffer order. */
static const nw_geom_t nw16 = {
    16, 6816, 6817, 426, 851, 3, {"input_itemsets", "reference", "output_itemsets"}, 1, 0,
};
/* 64-wide tiles, N = 8192, the two buffers of AMD's HIP port (the earlier geometry). */
static const nw_geom_t nw64 = {
    64, 8192, 8193, 128, 255, 2, {"reference", "input_itemsets", NULL}, 0, 1,
};

/* The geometry of this run: the tile width's, with N = workload.nw_n when set. */
static nw_geom_t nw_geom(const xl_workload_t *wl)
{
    nw_geom_t g = wl->params.nw_block == 64u ? nw64 : nw16;
    if (wl->params.nw_n) {
        g.n = wl->params.nw_n;
        g.cols = g.n + 1u;
        g.bw = g.n / g.b;
        g.kernels = 2u * g.bw - 1u;
    }
    return g;
}

/* LDS of a work-group (nw.cl's two __local arguments, in argument order from offset 0):
 * input_itemsets_l, (b+1)^2 ints, SCORE(i, j) at (i*(b+1) + j)*4; then reference_l, b^2
 * ints, REF(i, j) at (b+1)^2*4 + (i*b + j)*4. b = 16: 1156 + 1024 = 2180 B. */
static uint32_t nw_score(uint32_t b, uint64_t i, uint64_t j)
{
    return (uint32_t)((i * (b + 1u) + j) * 4u);
}
static uint32_t nw_ref(uint32_t b, uint64_t i, uint64_t j)
{
    return (uint32_t)(((uint64_t)(b + 1u) * (b + 1u) + i * b + j) * 4u);
}
static uint32_t nw_lds_bytes(uint32_t b)
{
    return ((b + 1u) * (b + 1u) + b * b) * 4u;
}

/* Phases of the per-work-group program. */
enum { P_NW, P_BAR, P_REF, P_W, P_N, P_LOOP1, P_LOOP2, P_OUT };

/* Instructions in phase ph for tile width b. */
static uint32_t phase_len(unsigned ph, uint32_t b)
{
    switch (ph) {
    case P_NW: return 2;                  /* load, LDS write */
    case P_BAR: return 1;
    case P_REF: return 2u * b;            /* b x (load, LDS write) */
    case P_W: return 2;
    case P_N: return 2;
    case P_LOOP1: return 4u * b;          /* b x (LDS read, ALU, LDS write, barrier) */
    case P_LOOP2: return 4u * (b - 1u);   /* b-1 x (...) */
    default: return 2u * b;               /* P_OUT: b x (LDS read, store) */
    }
}

static const uint8_t prog_nw1[] = {P_NW, P_BAR, P_REF, P_BAR, P_W, P_BAR, P_N, P_BAR,
                                   P_LOOP1, P_BAR, P_LOOP2, P_OUT};
static const uint8_t prog_nw2[] = {P_NW, P_REF, P_BAR, P_W, P_BAR, P_N, P_BAR,
                                   P_LOOP1, P_LOOP2, P_OUT};

/* Kernels actually run at this scale. */
static uint32_t nw_run_count(const xl_workload_t *wl)
{
    return (uint32_t)xl_wl_scaled(nw_geom(wl).kernels, wl->scale_ppm);
}

/* Real kernel (0-based) of run kernel k: the middle of the k-th of n equal stretches of
 * the K kernels, so a scaled run keeps the full run's mix of short and long diagonals. */
static uint32_t nw_real_kernel(const xl_workload_t *wl, uint32_t k)
{
    uint64_t kk = nw_geom(wl).kernels, n = nw_run_count(wl);
    return (uint32_t)(((2u * (uint64_t)k + 1u) * kk) / (2u * n));
}

/* Real kernel r (0-based): nw1 on diagonal r+1 for r < bw, nw2 on diagonal K-r. */
static uint32_t nw_blk(const nw_geom_t *g, uint32_t r)
{
    return r < g->bw ? r + 1u : g->kernels - r;
}

static int nw_create(xl_workload_t *wl, char *err, size_t errlen)
{
    if (wl->params.nw_block != 16u && wl->params.nw_block != 64u) {
        snprintf(err, errlen, "nw: workload.nw_block %u is not 16 or 64", wl->params.nw_block);
        return XL_EINPUT;
    }
    const nw_geom_t g = nw_geom(wl);
    if (wl->params.nw_n && (wl->params.nw_n % g.b || wl->params.nw_n < g.b)) {
        snprintf(err, errlen, "nw: workload.nw_n %u is not a positive multiple of nw_block %u",
                 wl->params.nw_n, g.b);
        return XL_EINPUT;
    }
    const uint64_t cells = (uint64_t)g.cols * g.cols;   /* every buffer is (n+1)^2 ints */
    const uint64_t elems[3] = {cells, cells, cells};
    xl_wl_regions(wl, g.nbuf, g.buf, elems, 4u);
    wl->priv = NULL;
    return XL_OK;
}

static void nw_destroy(xl_workload_t *wl)
{
    (void)wl;
}

static int nw_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    if (k >= nw_run_count(wl))
        return 0;
    const nw_geom_t g = nw_geom(wl);
    const uint32_t r = nw_real_kernel(wl, k);
    out->workgroups = nw_blk(&g, r);
    out->waves_per_wg = 1;
    out->lds_bytes = nw_lds_bytes(g.b);
    /* nw_kernel1 on the first bw diagonals, back to back, then nw_kernel2: two code
     * objects, 8 KB each [I] (BLOCK_SIZE is a build-time constant, so the compiler can
     * unroll the tile loops: about a thousand GCN instructions of 4 and 8 B) */
    out->code_bytes = 8192;
    out->code_id = r < g.bw ? 1u : 2u;
    return 1;
}

/* Cursor: a[0] program index, a[1] position within the phase, a[2] tile bx (column),
 * a[3] tile by (row), a[4] 0 = nw1 / 1 = nw2. */
static void nw_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    const nw_geom_t gg = nw_geom(wl), *g = &gg;
    xl_kernel_t k = {0, 0, 0, 0, 0};
    w->a[0] = UINT64_MAX;   /* done unless the kernel/wg exist */
    if (!nw_kernel(wl, w->kernel, &k) || w->wg >= k.workgroups || w->wave != 0)
        return;
    uint32_t r = nw_real_kernel(wl, w->kernel);
    uint32_t blk = nw_blk(g, r);
    if (r < g->bw) {   /* nw_kernel1: b_index_x = bx, b_index_y = blk - 1 - bx */
        w->a[2] = w->wg;
        w->a[3] = blk - 1u - w->wg;
        w->a[4] = 0;
    } else {           /* nw_kernel2: b_index_x = bx + bw - blk, b_index_y = bw - bx - 1 */
        w->a[2] = w->wg + g->bw - blk;
        w->a[3] = g->bw - w->wg - 1u;
        w->a[4] = 1;
    }
    w->a[0] = 0;
    w->a[1] = 0;
}

/* Lanes 0..m (the work-items tx <= m). */
static uint64_t lanes_upto(uint64_t m)
{
    return m + 1u >= XL_MAX_LANES ? ~UINT64_C(0) : (UINT64_C(1) << (m + 1u)) - 1u;
}

/* Lane tx (< b) at base + (e + stride*tx) * 4; the masked-off lanes repeat lane 0. */
static void lane_addrs(xl_instr_t *out, xl_va_t base, uint64_t e, uint64_t stride, uint32_t b)
{
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        out->va[l] = base + (e + stride * (l < b ? l : 0u)) * 4u;
}

/* An LDS access of 4 B per lane: op (XL_OP_LDS or XL_OP_LDS_ST), issue cycles, pc and mask
 * as xl_wl_op, and lane tx's offset in the work-group's block off(tx) (workload.h "LDS
 * addresses"); the masked-off lanes carry lane 0's. Under lds.model = 0 the model times
 * it by `cycles` alone, as before the offsets existed. */
typedef uint32_t (*nw_off_fn)(uint32_t b, uint64_t m, uint64_t tx);

static void lds_op(xl_instr_t *out, uint8_t op, uint16_t cycles, uint32_t pc, uint64_t mask,
                   uint32_t b, uint64_t m, nw_off_fn off)
{
    xl_wl_op(out, op, 0, cycles, pc, mask);
    out->bytes = 4;
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        out->va[l] = off(b, m, ((mask >> l) & 1u) ? l : 0u);
}

/* The offsets of nw.cl's LDS accesses (m: the phase's step: ty, or the diagonal m). */
static uint32_t off_nw(uint32_t b, uint64_t m, uint64_t tx)    /* SCORE(0, 0) */
{
    (void)m; (void)tx;
    return nw_score(b, 0, 0);
}
static uint32_t off_ref(uint32_t b, uint64_t ty, uint64_t tx)  /* REF(ty, tx) */
{
    return nw_ref(b, ty, tx);
}
static uint32_t off_w(uint32_t b, uint64_t m, uint64_t tx)     /* SCORE(tx+1, 0) */
{
    (void)m;
    return nw_score(b, tx + 1u, 0);
}
static uint32_t off_n(uint32_t b, uint64_t m, uint64_t tx)     /* SCORE(0, tx+1) */
{
    (void)m;
    return nw_score(b, 0, tx + 1u);
}
/* First loop, step m: t_x = tx + 1, t_y = m - tx + 1 (lanes tx <= m). The read carries
 * SCORE(t_y-1, t_x-1), the first of the step's four reads (the others, SCORE(t_y, t_x-1),
 * SCORE(t_y-1, t_x) and REF(t_y-1, t_x-1), are in its issue cycles). */
static uint32_t off_l1_rd(uint32_t b, uint64_t m, uint64_t tx)
{
    return nw_score(b, m - (tx <= m ? tx : 0u), tx);
}
static uint32_t off_l1_wr(uint32_t b, uint64_t m, uint64_t tx)
{
    return nw_score(b, m - (tx <= m ? tx : 0u) + 1u, tx + 1u);
}
/* Second loop, step m: t_x = tx + b - m, t_y = b - tx. */
static uint32_t off_l2_rd(uint32_t b, uint64_t m, uint64_t tx)
{
    return nw_score(b, b - tx - 1u, tx + b - m - 1u);
}
static uint32_t off_l2_wr(uint32_t b, uint64_t m, uint64_t tx)
{
    return nw_score(b, b - tx, tx + b - m);
}
static uint32_t off_out(uint32_t b, uint64_t ty, uint64_t tx)  /* SCORE(ty+1, tx+1) */
{
    return nw_score(b, ty + 1u, tx + 1u);
}

static int nw_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const nw_geom_t gg = nw_geom(wl), *g = &gg;
    const uint8_t *prog = w->a[4] ? prog_nw2 : prog_nw1;
    const uint64_t plen = w->a[4] ? sizeof prog_nw2 : sizeof prog_nw1;
    const uint32_t b = g->b;
    const uint64_t all = lanes_upto(b - 1u);   /* lanes 0..b-1: the work-group */

    while (w->a[0] < plen && w->a[1] >= phase_len(prog[w->a[0]], b)) {
        w->a[0]++;
        w->a[1] = 0;
    }
    if (w->a[0] >= plen) {
        w->a[0] = UINT64_MAX;
        return xl_wl_end(out);
    }
    const unsigned ph = prog[w->a[0]];
    const uint64_t pos = w->a[1];
    const uint32_t pc = (uint32_t)(w->a[0] * 4u);   /* + sub-slot: distinct per static op */
    const uint64_t cols = g->cols;
    /* index_nw = cols*B*by + B*bx: the tile's north-west corner (element offset). */
    const uint64_t nw = cols * b * w->a[3] + (uint64_t)b * w->a[2];
    const xl_va_t ref = wl->regions[g->ref].base;
    const xl_va_t in = wl->regions[g->in].base;

    switch (ph) {
    case P_NW:
        if (pos == 0) {   /* if (tx == 0) SCORE(0,0) = input_itemsets_d[index_nw] */
            xl_wl_op(out, XL_OP_LOAD, 4, 0, pc, 1u);
            lane_addrs(out, in, nw, 0, 1);
        } else {
            lds_op(out, XL_OP_LDS_ST, 4, pc + 1u, 1u, b, 0, off_nw);
        }
        break;
    case P_BAR:
        xl_wl_op(out, XL_OP_BARRIER, 0, 0, pc, all);
        break;
    case P_REF:
        if ((pos & 1u) == 0) {   /* REF(ty, tx) = reference_d[index + cols*ty] */
            xl_wl_op(out, XL_OP_LOAD, 4, 0, pc, all);
            lane_addrs(out, ref, nw + cols + 1u + cols * (pos / 2u), 1, b);
        } else {
            lds_op(out, XL_OP_LDS_ST, 4, pc + 1u, all, b, pos / 2u, off_ref);
        }
        break;
    case P_W:
        if (pos == 0) {   /* SCORE(tx+1, 0) = input_itemsets_d[index_w + cols*tx] */
            xl_wl_op(out, XL_OP_LOAD, 4, 0, pc, all);
            lane_addrs(out, in, nw + cols, cols, b);
        } else {
            lds_op(out, XL_OP_LDS_ST, 4, pc + 1u, all, b, 0, off_w);
        }
        break;
    case P_N:
        if (pos == 0) {   /* SCORE(0, tx+1) = input_itemsets_d[index_n] */
            xl_wl_op(out, XL_OP_LOAD, 4, 0, pc, all);
            lane_addrs(out, in, nw + 1u, 1, b);
        } else {
            lds_op(out, XL_OP_LDS_ST, 4, pc + 1u, all, b, 0, off_n);
        }
        break;
    case P_LOOP1:
    case P_LOOP2: {
        /* for m: if (tx <= m) SCORE(..) = maximum(NW + REF, W - penalty, N - penalty);
         * barrier. Lanes tx <= m: m+1 lanes, growing then shrinking. */
        uint64_t it = pos / 4u, sub = pos % 4u;
        uint64_t m = ph == P_LOOP1 ? it : (b - 2u) - it;
        uint64_t mask = lanes_upto(m) & all;
        const int first = ph == P_LOOP1;
        if (sub == 0)      /* 4 LDS reads */
            lds_op(out, XL_OP_LDS, 16, pc, mask, b, m, first ? off_l1_rd : off_l2_rd);
        else if (sub == 1)
            xl_wl_op(out, XL_OP_ALU, 0, 16, pc + 1u, mask);   /* add, 2 sub, max3 */
        else if (sub == 2) /* LDS write */
            lds_op(out, XL_OP_LDS_ST, 4, pc + 2u, mask, b, m, first ? off_l1_wr : off_l2_wr);
        else
            xl_wl_op(out, XL_OP_BARRIER, 0, 0, pc + 3u, all);
        break;
    }
    default: /* P_OUT */
        if ((pos & 1u) == 0) {
            lds_op(out, XL_OP_LDS, 4, pc, all, b, pos / 2u, off_out);   /* SCORE(ty+1, tx+1) */
        } else {   /* input_itemsets_d[index + cols*ty] = ... */
            xl_wl_op(out, XL_OP_STORE, 4, 0, pc + 1u, all);
            lane_addrs(out, in, nw + cols + 1u + cols * (pos / 2u), 1, b);
        }
        break;
    }
    w->a[1]++;
    w->step++;
    return 1;
}

const xl_wl_desc_t xl_wl_nw = {
    "nw", "", "Rodinia", "irregular",
    "531.82 MB: three 6817^2 int matrices, 16x16 tiles, 851 diagonal kernels; 16-row "
    "west-column load (16 pages); nw_block=64: 64x64 tiles, 255 kernels",
    nw_create, nw_destroy, nw_kernel, nw_wave_begin, nw_wave_next,
};
