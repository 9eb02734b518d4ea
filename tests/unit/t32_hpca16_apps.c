/*
 * t32_hpca16_apps.c - the HPCA'16 workload generators of sw/workloads/hpca16.c (Zheng et
 * al., §4): sgemm, comd, minife, pathfinder, spmv, cns. Every value is computed by hand
 * from the real application's dimensions in the comment beside it. Opened with
 * workload.min_rounds = 0, so a kernel at scale s runs ceil(WGs * s) work-groups.
 *
 *   32.01 the registry: names and aliases (sgemm is HPCA'16's; MASK's 4096^3 SGEMM is mm),
 *         the footprints byte for byte and the region layout;
 *   32.02 sgemm: grid, the first B and A loads of a wavefront, its pages, the C stores;
 *   32.03 comd: atoms per box, the force kernel's first loads, the neighbour box, kernels;
 *   32.04 minife: CSR offsets, the matvec's first loads and near-diagonal gathers, kernels;
 *   32.05 pathfinder: the ghost columns' masks, the wall row loads, ping-pong, launches;
 *   32.06 spmv: the jagged diagonals, a fixed matrix across launches, the last row;
 *   32.07 cns: ghosted and interior geometry, the 8th-order neighbours, RK3 stage arrays;
 *   32.08 every memory instruction of sampled wavefronts lies in a region; same seed, same
 *         stream; spmv's permutation follows the seed;
 *   32.09 XSBench at HPCA'16's largest footprint (workload.xsb_gridpts = 6456): the regions
 *         byte for byte, the first search probe, and a G out of range refused by name.
 */
#include "xltest.h"
#include "xltest_wl.h"

#include <string.h>

#include "xlat/workloads.h"

#define ALL ~UINT64_C(0)
#define PG(va, r) (((va) - (r)->base) >> 12)

static xl_workload_t open_h(const char *name, uint32_t ppm, uint64_t seed)
{
    xl_workload_t wl;
    xl_wl_params_t p;
    char err[512] = "";
    xl_wl_params_defaults(&p);
    p.min_rounds = 0;
    int rc = xl_wl_open(&wl, name, ppm, seed, &p, err, sizeof err);
    if (rc != XL_OK)
        print_error("open %s: %s\n", name, err);
    assert_int_equal(rc, XL_OK);
    return wl;
}

/* Instruction n (0-based) of wavefront (kernel, wg, wave); fails if the stream is shorter. */
static xl_instr_t nth(const xl_workload_t *wl, uint32_t kernel, uint32_t wg, uint32_t wave,
                      unsigned n)
{
    xl_wave_t w;
    xl_instr_t in;
    xl_wl_wave_init(wl, &w, kernel, wg, wave);
    for (unsigned i = 0; i <= n; i++)
        if (!xl_wl_next(wl, &w, &in))
            fail_msg("wave (%u, %u, %u) ends before instruction %u", kernel, wg, wave, n);
    return in;
}

/* Instructions of a wavefront, and how many of them are loads and stores. */
static unsigned count_wave(const xl_workload_t *wl, uint32_t kernel, uint32_t wg, uint32_t wave,
                           unsigned *loads, unsigned *stores)
{
    xl_wave_t w;
    xl_instr_t in;
    unsigned n = 0;
    *loads = *stores = 0;
    xl_wl_wave_init(wl, &w, kernel, wg, wave);
    while (xl_wl_next(wl, &w, &in)) {
        n++;
        *loads += in.op == XL_OP_LOAD;
        *stores += in.op == XL_OP_STORE;
    }
    return n;
}

static void test_32_01_registry_and_footprints(void **state)
{
    (void)state;
    expect_aliases("sgemm=sgemm sge=sgemm mm=mm comd=comd minife=minife mfe=minife "
                   "pathfinder=pathfinder pf=pathfinder spmv=spmv cns=cns expcns=cns");
    static const struct {
        const char *name;
        uint64_t bytes;
    } fp[] = {
        {"sgemm", 12578816},        /* 4 (1024x992 + 992x1056 + 1024x1056) */
        {"comd", 19386000},         /* 3375 boxes x (4 + 108 + 64 x 88) */
        {"minife", 68151028},       /* 368 x 185,193 + 4 */
        {"pathfinder", 40400000},   /* 4 (2 x 100,000 + 99 x 100,000) */
        {"spmv", 31104268},         /* 2 x 4 x 25 x 146,720 + 3 x 4 x 146,689 */
        {"cns", 54525952},          /* 26 x 8 x 64^3 */
    };
    for (unsigned i = 0; i < sizeof fp / sizeof fp[0]; i++) {
        xl_workload_t wl = open_h(fp[i].name, 1000000, 1);
        if (xl_wl_footprint(&wl) != fp[i].bytes)
            fail_msg("%s: footprint %llu, expected %llu", fp[i].name,
                     (unsigned long long)xl_wl_footprint(&wl), (unsigned long long)fp[i].bytes);
        /* contiguous in allocation order, each at the next 2 MB boundary */
        xl_va_t va = XL_WL_VA_BASE;
        for (unsigned r = 0; r < wl.nregions; r++) {
            va = (va + XL_PAGE_2M - 1) & ~(XL_PAGE_2M - 1);
            assert_true(wl.regions[r].base == va);
            va += wl.regions[r].bytes;
        }
        xl_wl_close(&wl);
    }
    /* region sizes from the dimensions */
    xl_workload_t wl = open_h("minife", 1000000, 1);
    assert_true(region(&wl, "row_offsets")->bytes == 4u * 185194u);
    assert_true(region(&wl, "packed_cols")->bytes == 4u * 27u * 185193u);
    assert_true(region(&wl, "packed_coefs")->bytes == 8u * 27u * 185193u);
    assert_true(region(&wl, "Ap")->bytes == 8u * 185193u);
    assert_string_equal(wl.regions[0].name, "row_offsets");
    assert_string_equal(wl.regions[7].name, "Ap");
    xl_wl_close(&wl);
    wl = open_h("comd", 1000000, 1);
    assert_true(region(&wl, "r")->bytes == 3375u * 64u * 24u);   /* 5,184,000 */
    assert_true(region(&wl, "nbrBoxes")->bytes == 3375u * 27u * 4u);
    xl_wl_close(&wl);
}

static void test_32_02_sgemm(void **state)
{
    (void)state;
    xl_workload_t wl = open_h("sgemm", 1000000, 1);
    const xl_region_t *A = region(&wl, "A"), *B = region(&wl, "B"), *C = region(&wl, "C");
    expect_kernel(&wl, 0, 528, 2);   /* (1024 / 128) x (1056 / 16) */
    expect_no_kernel(&wl, 1);
    /* wg 9 = (bx 1, by 1), wave 1: rows m = 128 + 64 + l, columns n0 = 16.
     * b_s load: B[16 + tx + (0 + ty) 1056], ty = 4 + l / 16: lane 0 at 4 (16 + 4224) =
     * 16,960, lane 63 (tx 15, ty 7) at 4 (31 + 7392) = 29,692; 4 rows 4,224 B apart are
     * 4 pages: 4, 5, 6, 7. */
    xl_instr_t in = nth(&wl, 0, 9, 1, 0);
    assert_int_equal(in.op, XL_OP_LOAD);
    assert_true(in.va[0] == B->base + 16960 && in.va[63] == B->base + 29692);
    assert_int_equal(distinct_shifted(&in, 12), 4);
    assert_true(PG(in.va[0], B) == 4 && PG(in.va[63], B) == 7);
    /* then LDS store, barrier, and A[m + 0 x 1024]: 4 x 192 = 768 .. 1020, one page */
    assert_int_equal(nth(&wl, 0, 9, 1, 1).op, XL_OP_LDS_ST);
    assert_int_equal(nth(&wl, 0, 9, 1, 2).op, XL_OP_BARRIER);
    in = nth(&wl, 0, 9, 1, 3);
    assert_int_equal(in.op, XL_OP_LOAD);
    assert_true(in.va[0] == A->base + 768 && in.va[63] == A->base + 1020);
    assert_int_equal(distinct_shifted(&in, 12), 1);
    /* LDS (4 ld.shared.v4: 16 cycles), 16 FMAs (64 cycles), then A column 1: 4 (192 + 1024) */
    assert_int_equal(nth(&wl, 0, 9, 1, 4).cycles, 16);
    assert_int_equal(nth(&wl, 0, 9, 1, 5).cycles, 64);
    assert_true(nth(&wl, 0, 9, 1, 6).va[0] == A->base + 4864);
    /* 124 trips x 28 + 16 x 3 = 3,520 instructions; 124 x 9 + 16 loads, 16 stores; the
     * last store C[t + 15 x 1024], t = 1024 x 16 + 192: 4 (16,576 + 15,360) = 127,744 */
    unsigned ld, st;
    assert_int_equal(count_wave(&wl, 0, 9, 1, &ld, &st), 3520);
    assert_int_equal(ld, 1132);
    assert_int_equal(st, 16);
    in = nth(&wl, 0, 9, 1, 3519);
    assert_int_equal(in.op, XL_OP_STORE);
    assert_true(in.va[0] == C->base + 127744);
    xl_wl_close(&wl);
    /* scale 0.05: ceil(528 x 0.05) = 27 work-groups */
    wl = open_h("sgemm", 50000, 1);
    expect_kernel(&wl, 0, 27, 2);
    xl_wl_close(&wl);
}

static void test_32_03_comd(void **state)
{
    (void)state;
    xl_workload_t wl = open_h("comd", 1000000, 1);
    const xl_region_t *NA = region(&wl, "nAtoms"), *NB = region(&wl, "nbrBoxes"),
                      *R = region(&wl, "r");
    /* initial force + 2 x (vel, pos, force, vel): 9 kernels of 3,375 one-wave groups */
    expect_kernel(&wl, 0, 3375, 1);
    expect_kernel(&wl, 8, 3375, 1);
    expect_no_kernel(&wl, 9);
    xl_kernel_t k;
    xl_wl_kernel(&wl, 3, &k);   /* the second force kernel runs the first's code */
    assert_int_equal(k.code_id, 1);
    /* box 0: floor(37,044 / 3,375) = 10 atoms -> lanes 0..9; box 1: floor(74,088 / 3,375)
     * - 10 = 21 - 10 = 11 */
    xl_instr_t in = nth(&wl, 0, 0, 0, 0);
    assert_int_equal(in.op, XL_OP_LOAD);
    assert_true(in.mask == 0x3FF && in.va[0] == NA->base && in.va[9] == NA->base);
    assert_true(nth(&wl, 0, 1, 0, 0).mask == 0x7FF);
    /* rx of the slot, then ry: + 3375 x 64 x 8 = 1,728,000 */
    in = nth(&wl, 0, 0, 0, 1);
    assert_true(in.va[0] == R->base && in.va[9] == R->base + 72);
    assert_true(nth(&wl, 0, 0, 0, 2).va[0] == R->base + 1728000);
    /* neighbour 0 of box (0,0,0) is (-1,-1,-1) -> (14,14,14) = 14 + 15 (14 + 15 x 14) =
     * 3,374; it holds 37,044 - floor(3,374 x 37,044 / 3,375) = 37,044 - 37,033 = 11 atoms */
    in = nth(&wl, 0, 0, 0, 4);
    assert_true(in.va[0] == NB->base);
    assert_true(nth(&wl, 0, 0, 0, 5).va[3] == NA->base + 3374u * 4u);
    /* its atom 0's rx, a broadcast: r + 3,374 x 64 x 8 = 1,727,488 (page 421) */
    in = nth(&wl, 0, 0, 0, 6);
    assert_true(in.va[0] == R->base + 1727488 && in.va[9] == R->base + 1727488);
    assert_int_equal(PG(in.va[0], R), 421);
    assert_int_equal(nth(&wl, 0, 0, 0, 9).cycles, 84);   /* 21 ops per pair */
    /* the force wave: 4 + sum over the 27 neighbours of (2 + 4 atoms) + 4 stores */
    unsigned n = 8, ld, st;
    for (unsigned nb = 0; nb < 27; nb++) {
        uint64_t x = (15 + nb % 3 - 1) % 15, y = (15 + nb / 3 % 3 - 1) % 15,
                 z = (15 + nb / 9 - 1) % 15, b = x + 15 * (y + 15 * z);
        n += 2 + 4 * (unsigned)((b + 1) * 37044 / 3375 - b * 37044 / 3375);
    }
    assert_int_equal(count_wave(&wl, 0, 0, 0, &ld, &st), n);
    assert_int_equal(st, 4);
    /* velocity: 3 x (f, p, fma, p); position: iSpecies + 3 x (p, r, 2 ops, r) */
    assert_int_equal(count_wave(&wl, 1, 5, 0, &ld, &st), 12);
    assert_int_equal(count_wave(&wl, 2, 5, 0, &ld, &st), 13);
    assert_int_equal(ld, 7);
    xl_wl_close(&wl);
    /* scale 0.05: ceil(2 x 0.05) = 1 timestep, 5 kernels of ceil(3375 x 0.05) = 169 */
    wl = open_h("comd", 50000, 1);
    expect_kernel(&wl, 4, 169, 1);
    expect_no_kernel(&wl, 5);
    xl_wl_close(&wl);
}

static void test_32_04_minife(void **state)
{
    (void)state;
    xl_workload_t wl = open_h("minife", 1000000, 1);
    const xl_region_t *RP = region(&wl, "row_offsets"), *CO = region(&wl, "packed_cols"),
                      *VA = region(&wl, "packed_coefs"), *P = region(&wl, "p");
    /* setup 4 + iteration 1 (5) + iteration 2 (6) = 15 kernels of ceil(185,193 / 256) =
     * 724 groups of 4 */
    expect_kernel(&wl, 0, 724, 4);
    expect_kernel(&wl, 14, 724, 4);
    expect_no_kernel(&wl, 15);
    xl_kernel_t k;
    xl_wl_kernel(&wl, 1, &k);   /* matvec */
    assert_int_equal(k.code_id, 2);
    xl_wl_kernel(&wl, 3, &k);   /* dot: 256 doubles of LDS */
    assert_int_equal(k.lds_bytes, 2048);
    /* matvec (kernel 1), wave 0: row_offsets[l] and [l + 1] */
    xl_instr_t in = nth(&wl, 1, 0, 0, 0);
    assert_true(in.va[0] == RP->base && in.va[63] == RP->base + 252 && in.bytes == 4);
    assert_true(nth(&wl, 1, 0, 0, 1).va[0] == RP->base + 4);
    /* trip 0: cols[rp[row]]; row 0 (a corner) has 8 entries, row 1 (an edge) 12, so
     * rp = 0, 8, 20; rp[63] = (8 + 55 x 12 + 8) + (12 + 5 x 18) = 676 + 102 = 778 */
    in = nth(&wl, 1, 0, 0, 2);
    assert_true(in.va[0] == CO->base && in.va[1] == CO->base + 32 && in.va[2] == CO->base + 80);
    assert_true(in.va[63] == CO->base + 778u * 4u);   /* 3,112: one page */
    assert_int_equal(distinct_shifted(&in, 12), 1);
    in = nth(&wl, 1, 0, 0, 3);   /* coefs: 778 x 8 = 6,224: pages 0 and 1 */
    assert_true(in.va[63] == VA->base + 6224 && in.bytes == 8);
    assert_int_equal(distinct_shifted(&in, 12), 2);
    /* the gather x[col] (p): row 0's first neighbour is itself (no -1 in any axis): col 0;
     * row 1's is (dx -1) col 0; row 60 = (3, 1, 0)'s is (dz 0, dy -1, dx -1): 60 - 57 - 1
     * = 2. Row 0's second and third: col 1, col 57 */
    in = nth(&wl, 1, 0, 0, 4);
    assert_true(in.va[0] == P->base && in.va[1] == P->base && in.va[60] == P->base + 16);
    assert_true(nth(&wl, 1, 0, 0, 8).va[0] == P->base + 8);
    assert_true(nth(&wl, 1, 0, 0, 12).va[0] == P->base + 57u * 8u);
    /* wave 0 holds rows of the z = 0 face (18 entries at most): trips 0..17 of 4 slots,
     * then the store: 2 + 18 x 4 + 1 = 75 instructions */
    unsigned ld, st;
    assert_int_equal(count_wave(&wl, 1, 0, 0, &ld, &st), 75);
    assert_int_equal(st, 1);
    /* the last group's wave 3 starts at row 723 x 256 + 192 = 185,280 > 185,193: no rows,
     * a waxpby wavefront is empty; a dot wavefront keeps its LDS tree (1 + 1 + 8 x 3) */
    assert_int_equal(count_wave(&wl, 0, 723, 3, &ld, &st), 0);
    assert_int_equal(count_wave(&wl, 3, 723, 3, &ld, &st), 26);
    assert_int_equal(ld, 0);
    /* wave 1 of group 723: rows 185,152 .. 185,192, 41 lanes */
    assert_true(nth(&wl, 0, 723, 1, 0).mask == (UINT64_C(1) << 41) - 1);
    xl_wl_close(&wl);
    wl = open_h("minife", 50000, 1);   /* 1 iteration: 9 kernels */
    expect_kernel(&wl, 8, 37, 4);
    expect_no_kernel(&wl, 9);
    xl_wl_close(&wl);
}

static void test_32_05_pathfinder(void **state)
{
    (void)state;
    xl_workload_t wl = open_h("pathfinder", 1000000, 1);
    const xl_region_t *R0 = region(&wl, "gpuResult0"), *R1 = region(&wl, "gpuResult1"),
                      *W = region(&wl, "gpuWall");
    /* ceil(100,000 / 216) = 463 blocks of 4; t = 0, 20, 40, 60, 80: 5 launches */
    expect_kernel(&wl, 0, 463, 4);
    expect_kernel(&wl, 4, 463, 4);
    expect_no_kernel(&wl, 5);
    /* block 0, wave 0, launch 0: blkX = -20, so lanes 20..63 are columns 0..43 */
    const uint64_t m20 = ALL << 20;
    xl_instr_t in = nth(&wl, 0, 0, 0, 0);
    assert_true(in.op == XL_OP_LOAD && in.mask == m20 && in.va[20] == R0->base);
    /* step 0: LDS x3, ALU, then wall row 0 for the computing lanes (tx >= 1, valid) */
    in = nth(&wl, 0, 0, 0, 5);
    assert_true(in.op == XL_OP_LOAD && in.mask == m20 && in.va[20] == W->base);
    assert_int_equal(distinct_shifted(&in, 12), 1);
    /* step 1 reads wall row 1, 400,000 B on */
    in = nth(&wl, 0, 0, 0, 13);
    assert_true(in.op == XL_OP_LOAD && in.va[20] == W->base + 400000);
    /* launch 1 (t = 20) reads gpuResult1; block 1 wave 1: blkX = 196, lane 0 is column
     * 260, its wall load at 4 (20 x 100,000 + 260) = 8,001,040 */
    in = nth(&wl, 1, 1, 1, 0);
    assert_true(in.va[0] == R1->base + 1040);
    assert_true(nth(&wl, 1, 1, 1, 5).va[0] == W->base + 8001040);
    /* 3 + 19 x 8 + 5 + 1 = 161 instructions for a full wave; 21 loads, 1 store; the
     * last store (launch 0: dst gpuResult1) for tx in [20, 235]: wave 1 all lanes */
    unsigned ld, st;
    assert_int_equal(count_wave(&wl, 0, 5, 1, &ld, &st), 161);
    assert_int_equal(ld, 21);
    assert_int_equal(st, 1);
    in = nth(&wl, 0, 5, 1, 160);
    assert_true(in.op == XL_OP_STORE && in.mask == ALL);
    assert_true(in.va[0] == R1->base + 4u * (216u * 5u - 20u + 64u));
    xl_wl_close(&wl);
    wl = open_h("pathfinder", 50000, 1);   /* ceil(5 x 0.05) = 1 launch */
    expect_kernel(&wl, 0, 24, 4);
    expect_no_kernel(&wl, 1);
    xl_wl_close(&wl);
}

static void test_32_06_spmv(void **state)
{
    (void)state;
    xl_workload_t wl = open_h("spmv", 1000000, 1);
    const xl_region_t *D = region(&wl, "d_data"), *I = region(&wl, "d_index"),
                      *X = region(&wl, "x_vec");
    expect_kernel(&wl, 0, 2293, 1);   /* ceil(146,689 / 64) */
    expect_kernel(&wl, 49, 2293, 1);
    expect_no_kernel(&wl, 50);
    /* diagonal 0: d_index[ix], d_data[ix]; diagonal 1 starts at 146,720 (x 4 B) */
    xl_instr_t in = nth(&wl, 0, 3, 0, 0);
    assert_true(in.va[0] == I->base + 192u * 4u && in.mask == ALL);
    assert_true(nth(&wl, 0, 3, 0, 1).va[5] == D->base + (192u + 5u) * 4u);
    assert_true(nth(&wl, 0, 3, 0, 4).va[0] == I->base + (146720u + 192u) * 4u);
    /* the gather: inside x, and the same matrix in every launch */
    xl_instr_t g0 = nth(&wl, 0, 3, 0, 2), g7 = nth(&wl, 7, 3, 0, 2);
    for (unsigned l = 0; l < 64; l++) {
        assert_true(g0.va[l] >= X->base && g0.va[l] < X->base + X->bytes);
        assert_true(g0.va[l] == g7.va[l]);
    }
    /* 25 x 4 + perm + store = 102 instructions; the last wave holds row 146,688 alone */
    unsigned ld, st;
    assert_int_equal(count_wave(&wl, 0, 3, 0, &ld, &st), 102);
    assert_int_equal(ld, 76);
    assert_true(nth(&wl, 0, 2292, 0, 0).mask == 1);
    xl_wl_close(&wl);
    wl = open_h("spmv", 50000, 1);   /* ceil(50 x 0.05) = 3 launches */
    expect_no_kernel(&wl, 3);
    xl_wl_close(&wl);
}

static void test_32_07_cns(void **state)
{
    (void)state;
    xl_workload_t wl = open_h("cns", 1000000, 1);
    const xl_region_t *U = region(&wl, "U"), *Un = region(&wl, "Unew"), *Q = region(&wl, "Q");
    /* 2 timesteps x 3 stages x 4 kernels; ctoprim over 64^3 (16 x 64 groups), the
     * others over 56^3 (14 x 56) */
    expect_kernel(&wl, 0, 1024, 4);
    expect_kernel(&wl, 1, 784, 4);
    expect_kernel(&wl, 23, 784, 4);
    expect_no_kernel(&wl, 24);
    /* ctoprim group 17, wave 2: y = 4 (17 % 16) + 2 = 6, z = 1: point (64 + 6) 64 = 4,480 */
    xl_instr_t in = nth(&wl, 0, 17, 2, 0);
    assert_true(in.mask == ALL && in.va[0] == U->base + 4480u * 8u);
    assert_true(nth(&wl, 0, 17, 2, 6).op == XL_OP_STORE);
    assert_true(nth(&wl, 0, 17, 2, 6).va[0] == Q->base + 4480u * 8u);
    /* hypterm group 0, wave 0: point (4 x 64 + 4) 64 + 4 = 16,644, lanes 0..55; its first
     * load is mx (component 1) at x - 4: U + 8 (262,144 + 16,640) = U + 2,230,272 */
    in = nth(&wl, 1, 0, 0, 0);
    assert_true(in.mask == (UINT64_C(1) << 56) - 1);
    assert_true(in.va[0] == U->base + 2230272);
    /* z direction (slot 112), neighbour -4: 16,644 - 4 x 4,096 = 260, 4 pages on */
    assert_true(nth(&wl, 1, 0, 0, 112).va[0] == U->base + 8u * (262144u + 260u));
    /* hypterm: 3 x 8 x 7 + 5 = 173 instructions, 144 loads; diffterm 135 + 1 + 5 = 141,
     * 108 loads; update 5 x 6 = 30 */
    unsigned ld, st;
    assert_int_equal(count_wave(&wl, 1, 0, 0, &ld, &st), 173);
    assert_int_equal(ld, 144);
    assert_int_equal(count_wave(&wl, 2, 0, 0, &ld, &st), 141);
    assert_int_equal(ld, 108);
    assert_int_equal(count_wave(&wl, 3, 0, 0, &ld, &st), 30);
    /* RK3: stage 1 (kernel 3) writes Unew, stage 3 (kernel 11) writes U; stage 2's
     * ctoprim (kernel 4) reads Unew */
    assert_true(nth(&wl, 3, 0, 0, 5).va[0] == Un->base + 16644u * 8u);
    assert_true(nth(&wl, 11, 0, 0, 5).va[0] == U->base + 16644u * 8u);
    assert_true(nth(&wl, 4, 0, 0, 0).va[0] == Un->base);
    xl_wl_close(&wl);
}

static void test_32_08_regions_and_determinism(void **state)
{
    (void)state;
    static const char *const names[] = {"sgemm", "comd", "minife", "pathfinder", "spmv", "cns"};
    for (unsigned i = 0; i < 6; i++) {
        xl_workload_t wl = open_h(names[i], 1000000, 7);
        xl_kernel_t k;
        for (uint32_t kn = 0; kn < 12 && xl_wl_kernel(&wl, kn, &k); kn++) {
            const uint32_t wgs[3] = {0, k.workgroups / 2, k.workgroups - 1};
            for (unsigned g = 0; g < 3; g++) {
                for (uint32_t wv = 0; wv < k.waves_per_wg; wv++) {
                    xl_wave_t w;
                    xl_instr_t in;
                    xl_wl_wave_init(&wl, &w, kn, wgs[g], wv);
                    while (xl_wl_next(&wl, &w, &in)) {
                        if (in.op != XL_OP_LOAD && in.op != XL_OP_STORE)
                            continue;
                        assert_true(in.mask != 0);
                        unsigned l = lane_outside_regions(&wl, &in);
                        if (l != XL_MAX_LANES)
                            fail_msg("%s kernel %u wg %u wave %u pc %u lane %u outside",
                                     names[i], kn, wgs[g], wv, in.pc, l);
                    }
                }
            }
        }
        /* same seed, same stream */
        xl_workload_t w2 = open_h(names[i], 1000000, 7);
        xl_wave_t a, b;
        xl_wl_wave_init(&wl, &a, 0, 1, 0);
        xl_wl_wave_init(&w2, &b, 0, 1, 0);
        assert_true(wave_stream_hash(&wl, &a, 400) == wave_stream_hash(&w2, &b, 400));
        xl_wl_close(&w2);
        xl_wl_close(&wl);
    }
    /* spmv's permutation follows the seed: another seed, other gathers */
    xl_workload_t s1 = open_h("spmv", 1000000, 1), s2 = open_h("spmv", 1000000, 2);
    xl_instr_t g1 = nth(&s1, 0, 0, 0, 2), g2 = nth(&s2, 0, 0, 0, 2);
    assert_true(memcmp(g1.va, g2.va, sizeof g1.va) != 0);
    xl_wl_close(&s1);
    xl_wl_close(&s2);
}

/* 32.09 G = 6,456 grid points: U = 68 G = 439,008 union points; nuclide_grids U x 48 B =
 * 21,072,384, egrid U x 8 = 3,512,064, index_grid U x 68 x 4 = 119,410,176, the material
 * tables 12 x 4 + 12 x 34 x 4 + 12 x 34 x 8 = 4,944: 143,999,568 B in all. Every lane's
 * search starts at egrid[(U - 1) / 2] = egrid[219,503]. */
static void test_32_09_xsbench_size(void **state)
{
    (void)state;
    xl_workload_t wl;
    xl_wl_params_t p;
    char err[256] = "";
    xl_wl_params_defaults(&p);
    p.min_rounds = 0;
    p.xsb_gridpts = 6456;
    assert_int_equal(xl_wl_open(&wl, "xsbench", XL_SCALE_ONE, 1, &p, err, sizeof err), XL_OK);
    static const uint64_t bytes[6] = {21072384, 3512064, 119410176, 48, 1632, 3264};
    uint64_t sum = 0;
    assert_int_equal(wl.nregions, 6);
    for (unsigned r = 0; r < 6; r++) {
        assert_int_equal(wl.regions[r].bytes, bytes[r]);
        sum += wl.regions[r].bytes;
    }
    assert_int_equal(sum, UINT64_C(143999568));
    xl_instr_t in = nth(&wl, 0, 0, 0, 1);   /* after the RNG ALU op: the first probe */
    assert_int_equal(in.op, XL_OP_LOAD);
    assert_int_equal(in.mask, ALL);
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        assert_int_equal(in.va[l], wl.regions[1].base + 219503u * 8u);
    xl_wl_close(&wl);
    p.xsb_gridpts = 15421;
    assert_int_equal(xl_wl_open(&wl, "xsbench", XL_SCALE_ONE, 1, &p, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "workload.xsb_gridpts 15421"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_32_01_registry_and_footprints),
        cmocka_unit_test(test_32_02_sgemm),
        cmocka_unit_test(test_32_03_comd),
        cmocka_unit_test(test_32_04_minife),
        cmocka_unit_test(test_32_05_pathfinder),
        cmocka_unit_test(test_32_06_spmv),
        cmocka_unit_test(test_32_07_cns),
        cmocka_unit_test(test_32_08_regions_and_determinism),
        cmocka_unit_test(test_32_09_xsbench_size),
    };
    return cmocka_run_group_tests_name("t32_hpca16_apps", tests, NULL, NULL);
}
