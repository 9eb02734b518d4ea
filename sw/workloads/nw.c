/*
 * nw.c - Rodinia Needleman-Wunsch (OpenCL nw_kernel1 / nw_kernel2), spec seed-000-003
 * §4.2 "NW".
 *
 * Geometry (spec §4.2, [INF] sizing): N = 8192, so the reference and the
 * input/score matrices are (N+1)^2 ints each (cols = 8193, row pitch 32,772 B);
 * BLOCK_SIZE = 64, block_width = N/64 = 128 tiles per side. The host launches nw1
 * for diagonals blk = 1..128 and then nw2 for blk = 127..1: 255 kernels, kernel k
 * (1-based) running min(k, 256-k) work-groups of one 64-lane wavefront, one per tile
 * of the anti-diagonal. Footprint: 2 * 8193^2 * 4 B = 537,001,992 B = 512.13 MB
 * ISCA Table II says 531.82 MB, 3.7 % more. Two (N+1)^2 int matrices cannot reach
 * that with 255 kernels of 64x64 tiles (that needs N = 8192), and no unused data are
 * invented to pad the sum. (Three 6817^2 int matrices, i.e. Rodinia's N = 6816 with
 * its three device buffers, give 531.82 MB exactly, but 851 kernels of 16x16 tiles.)
 *
 * Per work-group (tile bx, by; index = cols*64*by + 64*bx + tx + cols + 1), as the
 * kernels read, each global load followed by its LDS write:
 *   1. input[index_nw]: lane 0 only                         (nw1: then a barrier)
 *   2. 64 x reference[index + cols*ty], ty = 0..63: coalesced 256 B, a new row (page)
 *      each time; barrier
 *   3. input[index_w + cols*tx]: 64 lanes on 64 rows = 64 pages spanning 2 MB; barrier
 *   4. input[index_n]: coalesced; barrier
 *   5. 64 + 63 LDS compute steps (m = 0..63 with lanes tx <= m, then m = 62..0): LDS
 *      reads, ALU (max of three), LDS write, barrier     (nw1: a barrier in between)
 *   6. 64 x input[index + cols*ty] = SCORE(ty+1, tx+1): LDS read, coalesced store.
 * (The spec's "2 x 64 compute steps" is 64 + 63 in the kernel source.)
 *
 * Scale: run the middle ceil(255*scale) kernels (at least 1). The middle diagonals are
 * the longest, so a short run keeps the most concurrent work-groups, whose tiles are
 * 64 rows (2 MB) apart: the upper-level neighbourhood sharing that makes NW sensitive
 * to walk coalescing. Geometry never changes with scale.
 */
#include "xlat/workload.h"

#include <string.h>

#define NW_N      8192u
#define NW_COLS   (NW_N + 1u)
#define NW_B      64u                 /* BLOCK_SIZE: work-items per work-group */
#define NW_BW     (NW_N / NW_B)       /* block_width: 128 */
#define NW_KERNELS (2u * NW_BW - 1u)  /* 255 */

_Static_assert(NW_B <= XL_MAX_LANES, "one wavefront per work-group");

enum { R_REF = 0, R_INPUT, R_COUNT };

/* Phases of the per-work-group program; the value of each is also its length. */
enum { P_NW, P_BAR, P_REF, P_W, P_N, P_LOOP1, P_LOOP2, P_OUT };
static const uint16_t phase_len[] = {
    2,                 /* P_NW: load, LDS write */
    1,                 /* P_BAR */
    2 * NW_B,          /* P_REF: 64 x (load, LDS write) */
    2,                 /* P_W */
    2,                 /* P_N */
    4 * NW_B,          /* P_LOOP1: 64 x (LDS read, ALU, LDS write, barrier) */
    4 * (NW_B - 1),    /* P_LOOP2: 63 x (...) */
    2 * NW_B,          /* P_OUT: 64 x (LDS read, store) */
};

static const uint8_t prog_nw1[] = {P_NW, P_BAR, P_REF, P_BAR, P_W, P_BAR, P_N, P_BAR,
                                   P_LOOP1, P_BAR, P_LOOP2, P_OUT};
static const uint8_t prog_nw2[] = {P_NW, P_REF, P_BAR, P_W, P_BAR, P_N, P_BAR,
                                   P_LOOP1, P_LOOP2, P_OUT};

/* Kernels actually run and the first real kernel (0-based) at this scale. */
static uint32_t nw_run_count(const xl_workload_t *wl)
{
    uint64_t k = ((uint64_t)NW_KERNELS * wl->scale_ppm + XL_SCALE_ONE - 1) / XL_SCALE_ONE;
    return k ? (uint32_t)k : 1u;
}

static uint32_t nw_real_kernel(const xl_workload_t *wl, uint32_t k)
{
    return (NW_KERNELS - nw_run_count(wl)) / 2u + k;
}

/* Real kernel r (0-based): nw1 on diagonal r+1 for r < 128, nw2 on diagonal 255-r. */
static uint32_t nw_blk(uint32_t r)
{
    return r < NW_BW ? r + 1u : NW_KERNELS - r;
}

static int nw_create(xl_workload_t *wl, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    wl->nregions = R_COUNT;
    wl->regions[R_REF].name = "reference";
    wl->regions[R_REF].bytes = (uint64_t)NW_COLS * NW_COLS * 4u;
    wl->regions[R_INPUT].name = "input_itemsets";
    wl->regions[R_INPUT].bytes = (uint64_t)NW_COLS * NW_COLS * 4u;
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
    out->workgroups = nw_blk(nw_real_kernel(wl, k));
    out->waves_per_wg = 1;
    return 1;
}

/* Cursor: a[0] program index, a[1] position within the phase, a[2] tile bx (column),
 * a[3] tile by (row), a[4] 0 = nw1 / 1 = nw2. */
static void nw_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_kernel_t k;
    w->a[0] = UINT64_MAX;   /* done unless the kernel/wg exist */
    if (!nw_kernel(wl, w->kernel, &k) || w->wg >= k.workgroups || w->wave != 0)
        return;
    uint32_t r = nw_real_kernel(wl, w->kernel);
    uint32_t blk = nw_blk(r);
    if (r < NW_BW) {   /* nw_kernel1: b_index_x = bx, b_index_y = blk - 1 - bx */
        w->a[2] = w->wg;
        w->a[3] = blk - 1u - w->wg;
        w->a[4] = 0;
    } else {           /* nw_kernel2: b_index_x = bx + bw - blk, b_index_y = bw - bx - 1 */
        w->a[2] = w->wg + NW_BW - blk;
        w->a[3] = NW_BW - w->wg - 1u;
        w->a[4] = 1;
    }
    w->a[0] = 0;
    w->a[1] = 0;
}

static void set_op(xl_instr_t *out, uint8_t op, uint8_t bytes, uint16_t cycles, uint32_t pc,
                   uint64_t mask)
{
    out->op = op;
    out->bytes = bytes;
    out->cycles = cycles;
    out->pc = pc;
    out->mask = mask;
}

/* Lanes tx <= m of the work-group. */
static uint64_t lanes_upto(uint64_t m)
{
    return m + 1u >= XL_MAX_LANES ? ~UINT64_C(0) : (UINT64_C(1) << (m + 1u)) - 1u;
}

static int nw_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const uint8_t *prog = w->a[4] ? prog_nw2 : prog_nw1;
    const uint64_t plen = w->a[4] ? sizeof prog_nw2 : sizeof prog_nw1;
    const uint64_t all = NW_B >= XL_MAX_LANES ? ~UINT64_C(0) : (UINT64_C(1) << NW_B) - 1u;

    while (w->a[0] < plen && w->a[1] >= phase_len[prog[w->a[0]]]) {
        w->a[0]++;
        w->a[1] = 0;
    }
    if (w->a[0] >= plen) {
        memset(out, 0, sizeof *out);   /* op = XL_OP_END */
        w->a[0] = UINT64_MAX;
        return 0;
    }
    const unsigned ph = prog[w->a[0]];
    const uint64_t pos = w->a[1];
    const uint32_t pc = (uint32_t)(w->a[0] * 4u);   /* + sub-slot: distinct per static op */
    /* index_nw = cols*B*by + B*bx: the tile's north-west corner (element offset). */
    const uint64_t nw = (uint64_t)NW_COLS * NW_B * w->a[3] + (uint64_t)NW_B * w->a[2];
    const xl_va_t ref = wl->regions[R_REF].base;
    const xl_va_t in = wl->regions[R_INPUT].base;

    switch (ph) {
    case P_NW:
        if (pos == 0) {   /* if (tx == 0) SCORE(0,0) = input_itemsets_d[index_nw] */
            set_op(out, XL_OP_LOAD, 4, 0, pc, 1u);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = in + nw * 4u;
        } else {
            set_op(out, XL_OP_LDS, 0, 4, pc + 1u, 1u);
        }
        break;
    case P_BAR:
        set_op(out, XL_OP_BARRIER, 0, 0, pc, all);
        break;
    case P_REF:
        if ((pos & 1u) == 0) {   /* REF(ty, tx) = reference_d[index + cols*ty] */
            uint64_t ty = pos / 2u;
            uint64_t e = nw + NW_COLS + 1u + NW_COLS * ty;
            set_op(out, XL_OP_LOAD, 4, 0, pc, all);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = ref + (e + (l < NW_B ? l : 0)) * 4u;
        } else {
            set_op(out, XL_OP_LDS, 0, 4, pc + 1u, all);
        }
        break;
    case P_W:
        if (pos == 0) {   /* SCORE(tx+1, 0) = input_itemsets_d[index_w + cols*tx] */
            uint64_t e = nw + NW_COLS;
            set_op(out, XL_OP_LOAD, 4, 0, pc, all);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = in + (e + (uint64_t)NW_COLS * (l < NW_B ? l : 0)) * 4u;
        } else {
            set_op(out, XL_OP_LDS, 0, 4, pc + 1u, all);
        }
        break;
    case P_N:
        if (pos == 0) {   /* SCORE(0, tx+1) = input_itemsets_d[index_n] */
            uint64_t e = nw + 1u;
            set_op(out, XL_OP_LOAD, 4, 0, pc, all);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = in + (e + (l < NW_B ? l : 0)) * 4u;
        } else {
            set_op(out, XL_OP_LDS, 0, 4, pc + 1u, all);
        }
        break;
    case P_LOOP1:
    case P_LOOP2: {
        /* for m: if (tx <= m) SCORE(..) = maximum(NW + REF, W - penalty, N - penalty);
         * barrier. Lanes tx <= m: m+1 lanes, growing then shrinking. */
        uint64_t it = pos / 4u, sub = pos % 4u;
        uint64_t m = ph == P_LOOP1 ? it : (NW_B - 2u) - it;
        uint64_t mask = lanes_upto(m) & all;
        if (sub == 0)
            set_op(out, XL_OP_LDS, 0, 16, pc, mask);        /* 4 LDS reads */
        else if (sub == 1)
            set_op(out, XL_OP_ALU, 0, 16, pc + 1u, mask);   /* add, 2 sub, max3 */
        else if (sub == 2)
            set_op(out, XL_OP_LDS, 0, 4, pc + 2u, mask);    /* LDS write */
        else
            set_op(out, XL_OP_BARRIER, 0, 0, pc + 3u, all);
        break;
    }
    default: /* P_OUT */
        if ((pos & 1u) == 0) {
            set_op(out, XL_OP_LDS, 0, 4, pc, all);          /* SCORE(ty+1, tx+1) */
        } else {   /* input_itemsets_d[index + cols*ty] = ... */
            uint64_t ty = pos / 2u;
            uint64_t e = nw + NW_COLS + 1u + NW_COLS * ty;
            set_op(out, XL_OP_STORE, 4, 0, pc + 1u, all);
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                out->va[l] = in + (e + (l < NW_B ? l : 0)) * 4u;
        }
        break;
    }
    if (out->op != XL_OP_LOAD && out->op != XL_OP_STORE)
        memset(out->va, 0, sizeof out->va);
    w->a[1]++;
    w->step++;
    return 1;
}

const xl_wl_desc_t xl_wl_nw = {
    "nw", "", "Rodinia", "irregular",
    "512.13 MB: two 8193^2 int matrices, 64x64 tiles, 255 diagonal kernels; 64-row "
    "west-column load (64 pages)",
    nw_create, nw_destroy, nw_kernel, nw_wave_begin, nw_wave_next,
};
