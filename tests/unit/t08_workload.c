/*
 * t08_workload.c - the built-in workload generators and the registry (spec
 * docs/isca18-micro18.md §4.1 workload table, §4.2 access patterns; ISCA'18 Table II footprints).
 */
#include "xltest.h"
#include "xltest_wl.h"

#include <string.h>

#include "xlat/workloads.h"

#define MB (UINT64_C(1) << 20)

static xl_workload_t open_wlp(const char *name, uint32_t ppm, uint64_t seed,
                              const xl_wl_params_t *params)
{
    xl_workload_t wl;
    char err[256] = "";
    int rc = xl_wl_open(&wl, name, ppm, seed, params, err, sizeof err);
    if (rc != XL_OK)
        print_error("open %s: %s\n", name, err);
    assert_int_equal(rc, XL_OK);
    return wl;
}

/* With the default [workload] parameters (PolyBench/GPU work-groups, 16-wide NW). */
static xl_workload_t open_wl(const char *name, uint32_t ppm, uint64_t seed)
{
    return open_wlp(name, ppm, seed, NULL);
}

/* The defaults with one of the two geometry keys changed (0 = leave as is). */
static xl_wl_params_t wl_params(uint32_t pb_wg_items, uint32_t nw_block)
{
    xl_wl_params_t p;
    xl_wl_params_defaults(&p);
    if (pb_wg_items)
        p.pb_wg_items = pb_wg_items;
    if (nw_block)
        p.nw_block = nw_block;
    return p;
}

/* Next instruction with the given pc (skipping others); fails on END. */
static void next_pc(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *in, uint32_t pc)
{
    for (;;) {
        assert_int_equal(xl_wl_next(wl, w, in), 1);
        if (in->pc == pc)
            return;
    }
}

/* ---- registry ---------------------------------------------------------------------- */

static void test_08_01_registry_order_and_aliases(void **state)
{
    (void)state;
    /* ISCA'18 Table II irregular, then regular, then MICRO'18's LUD */
    static const char *const order[] = {"mvt", "atax", "bicg", "gesummv", "xsbench", "nw",
                                        "sssp", "mis", "color", "backprop", "kmeans",
                                        "hotspot", "lud"};
    /* then the 23 MASK applications of mask_apps.c (tests/unit/t23_mask_apps.c), then
     * MICRO'21's PageRank (tests/unit/t26_reach_apps.c), then HPCA'16's six
     * (tests/unit/t32_hpca16_apps.c) */
    assert_int_equal(xl_wl_count(), 43);
    for (unsigned i = 0; i < 13; i++)
        assert_string_equal(xl_wl_get(i)->name, order[i]);
    assert_string_equal(xl_wl_get(13)->name, "nn");
    assert_string_equal(xl_wl_get(36)->name, "prk");
    assert_string_equal(xl_wl_get(42)->name, "cns");
    assert_null(xl_wl_get(43));
    /* names and the papers' abbreviations, any case (docs/design.md) */
    assert_ptr_equal(xl_wl_find("mvt"), &xl_wl_mvt);
    expect_aliases("MVT=mvt atx=atax ATX=atax bcg=bicg bic=bicg GeV=gesummv XSB=xsbench "
                   "XsBench=xsbench Nw=nw");
    /* no prefixes, no empty names */
    expect_aliases("mv= mvtx= at=");
    assert_null(xl_wl_find(""));
    assert_null(xl_wl_find(NULL));
}

static void test_08_02_unknown_workload_error(void **state)
{
    (void)state;
    xl_workload_t wl;
    char err[512] = "";
    assert_int_equal(xl_wl_open(&wl, "foo", XL_SCALE_ONE, 1, NULL, err, sizeof err), XL_EINPUT);
    assert_string_equal(err, "unknown workload 'foo' (known: mvt atax bicg gesummv xsbench nw sssp mis color backprop kmeans hotspot lud nn bfs2 fft histo qtc ray sad scp gup lps 3ds blk cfd cons fwt luh mm mum red sc scan srad trd prk sgemm comd minife pathfinder spmv cns)");
}

static void test_08_03_bad_scale_at_open(void **state)
{
    (void)state;
    xl_workload_t wl;
    char err[256] = "";
    assert_int_equal(xl_wl_open(&wl, "mvt", 0, 1, NULL, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "scale"));
    err[0] = '\0';
    assert_int_equal(xl_wl_open(&wl, "mvt", XL_SCALE_ONE + 1u, 1, NULL, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "scale"));
}

static void test_08_04_parse_scale(void **state)
{
    (void)state;
    static const struct { const char *s; uint32_t ppm; } good[] = {
        {"1", 1000000}, {"0.25", 250000}, {".5", 500000}, {"0.000001", 1},
        {"1.000000", 1000000}, {"0.0000010", 1}, /* a trailing zero loses nothing */
        {"0.01", 10000}, {"1.", 1000000}, {"00.125", 125000},
    };
    static const char *const bad[] = {
        "", "-0.5", "+0.5", "abc", "0.5x", "1e-3", " 0.5", "0", "0.0", ".", "1..2",
        "1.5", "2", "100000000000000000000", "0.0000001", "0.1234567",
    };
    char err[256];
    for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
        uint32_t ppm = 0;
        err[0] = '\0';
        assert_int_equal(xl_parse_scale(good[i].s, &ppm, err, sizeof err), XL_OK);
        assert_int_equal(ppm, good[i].ppm);
    }
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t ppm = 77;
        err[0] = '\0';
        assert_int_equal(xl_parse_scale(bad[i], &ppm, err, sizeof err), XL_EINPUT);
        assert_int_equal(ppm, 77);             /* untouched on error */
        assert_true(strlen(err) > 0);
        assert_null(strchr(err, '\n'));        /* one line */
    }
    /* the precision message says why */
    xl_parse_scale("0.0000001", &(uint32_t){0}, err, sizeof err);
    assert_non_null(strstr(err, "6 decimals"));
    xl_parse_scale("0", &(uint32_t){0}, err, sizeof err);
    assert_non_null(strstr(err, "zero"));
    xl_parse_scale("1.5", &(uint32_t){0}, err, sizeof err);
    assert_non_null(strstr(err, "above 1"));
}

/* ---- footprints and layout ----------------------------------------------------------- */

static void test_08_05_footprints_match_table2(void **state)
{
    (void)state;
    /* Table II in MB (2^20 B) x 100, and the exact declared sums:
     *   mvt     4096^2*8 + 4*4096*8               = 134,348,800 (128.125 MB)
     *   atax    4096^2*4 + 3*4096*4               =  67,158,016 ( 64.047 MB)
     *   bicg    8192*4096*4 + 2*4096*4 + 2*8192*4 = 134,316,032 (128.094 MB)
     *   gesummv 2*4096^2*4 + 3*4096*4             = 134,266,880 (128.047 MB)
     *   xsbench 68*9978*(48 + 8 + 68*4) + 12*4 + 12*34*(4+8) = 222,554,256 (212.24 MB) */
    static const struct { const char *n; uint64_t centi_mb, bytes; } t[] = {
        {"mvt", 12814, 134348800}, {"atax", 6406, 67158016}, {"bicg", 12811, 134316032},
        {"gesummv", 12806, 134266880}, {"xsbench", 21225, 222554256},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        xl_workload_t wl = open_wl(t[i].n, XL_SCALE_ONE, 1);
        uint64_t fp = xl_wl_footprint(&wl);
        assert_int_equal(fp, t[i].bytes);
        uint64_t paper = t[i].centi_mb * MB;   /* x100 */
        uint64_t diff = fp * 100u > paper ? fp * 100u - paper : paper - fp * 100u;
        assert_true(diff * 50u <= paper);      /* |fp - paper| <= 2 % */
        xl_wl_close(&wl);
    }
    /* nw (Rodinia 3.1 OpenCL, N = 6816): three (N+1)^2 int buffers, 3 * 6817^2 * 4 =
     * 557,657,868 B; x 100 / 2^20 = 53,182.39, so 531.82 MB to the hundredth. */
    xl_workload_t wl = open_wl("nw", XL_SCALE_ONE, 1);
    uint64_t fp = xl_wl_footprint(&wl);
    assert_int_equal(fp, UINT64_C(557657868));
    assert_int_equal((fp * 100u + MB / 2u) / MB, 53182);
    xl_wl_close(&wl);
    /* nw_block = 64 (N = 8192, two buffers): 2 * 8193^2 * 4 = 537,001,992 B = 512.13 MB,
     * 3.7 % under Table II: (53182*2^20 - 53,700,199,200) * 1000 / (53182*2^20) = 37
     * per mille. */
    xl_wl_params_t p64 = wl_params(0, 64);
    wl = open_wlp("nw", XL_SCALE_ONE, 1, &p64);
    fp = xl_wl_footprint(&wl);
    assert_int_equal(fp, UINT64_C(537001992));
    uint64_t paper = UINT64_C(53182) * MB;
    assert_int_equal((paper - fp * 100u) * 1000u / paper, 37);
    xl_wl_close(&wl);
    /* the PolyBench work-group size changes no footprint */
    xl_wl_params_t p32 = wl_params(32, 0);
    wl = open_wlp("mvt", XL_SCALE_ONE, 1, &p32);
    assert_int_equal(xl_wl_footprint(&wl), 134348800);
    xl_wl_close(&wl);
}

static void test_08_06_region_layout(void **state)
{
    (void)state;
    for (unsigned i = 0; i < xl_wl_count(); i++) {
        xl_workload_t wl = open_wl(xl_wl_get(i)->name, XL_SCALE_ONE, 1);
        assert_true(wl.nregions >= 1 && wl.nregions <= XL_WL_MAX_REGIONS);   /* LUD has one buffer */
        assert_int_equal(wl.regions[0].base, XL_WL_VA_BASE);
        for (unsigned r = 0; r < wl.nregions; r++) {
            assert_int_equal(wl.regions[r].base % XL_PAGE_2M, 0);
            if (r > 0) {
                /* declaration order, no overlap, and no more than one 2 MB gap */
                uint64_t end = wl.regions[r - 1].base + wl.regions[r - 1].bytes;
                assert_true(wl.regions[r].base >= end);
                assert_true(wl.regions[r].base < end + XL_PAGE_2M);
            }
        }
        xl_wl_close(&wl);
    }
    /* mvt by hand: a = 128 MB at the base, then x1 x2 y1 y2 at +128, +130, +132, +134 MB */
    xl_workload_t wl = open_wl("mvt", XL_SCALE_ONE, 1);
    assert_int_equal(region(&wl, "x1")->base, XL_WL_VA_BASE + 128u * MB);
    assert_int_equal(region(&wl, "y2")->base, XL_WL_VA_BASE + 134u * MB);
    xl_wl_close(&wl);
}

/* ---- PolyBench shapes ---------------------------------------------------------------- */

static void test_08_07_mvt_row_walk(void **state)
{
    (void)state;
    xl_workload_t wl = open_wl("mvt", XL_SCALE_ONE, 1);
    expect_kernel(&wl, 0, 16, 4);   /* 4096 rows / 256 work-items */
    expect_no_kernel(&wl, 2);
    const xl_va_t a = region(&wl, "a")->base, x1 = region(&wl, "x1")->base,
                  y1 = region(&wl, "y1")->base;
    xl_wave_t w;
    xl_instr_t in;
    xl_wl_wave_init(&wl, &w, 0, 0, 0);

    /* accumulator x1[i], i = lane: coalesced, 8 B apart */
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.op, XL_OP_LOAD);
    assert_int_equal(in.va[0], x1);
    assert_int_equal(in.va[63], x1 + 63u * 8u);
    assert_int_equal(distinct_shifted(&in, 12), 1);

    /* first A load: lane l on row l, j = 0: a + l * 4096 * 8 = a + l * 32768 */
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.op, XL_OP_LOAD);
    assert_int_equal(in.bytes, 8);
    assert_int_equal(in.mask, ~UINT64_C(0));
    const uint32_t pc_a = in.pc;
    for (unsigned l = 0; l < 64; l++)
        assert_int_equal(in.va[l], a + l * 32768u);
    assert_int_equal(distinct_shifted(&in, 12), 64);   /* 64 pages */
    assert_int_equal(distinct_shifted(&in, 15), 64);   /* 32 KB pitch: 64 leaf lines */

    /* y1[0]: every lane the same address */
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.op, XL_OP_LOAD);
    for (unsigned l = 0; l < 64; l++)
        assert_int_equal(in.va[l], y1);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.op, XL_OP_ALU);
    assert_int_equal(in.cycles, 4);

    /* lane 0 stays on page a for j = 0..511 (511*8 = 4088 < 4096) and moves at 512 */
    for (unsigned j = 1; j < 512; j++) {
        next_pc(&wl, &w, &in, pc_a);
        assert_int_equal(in.va[0], a + j * 8u);
        assert_int_equal(in.va[0] >> 12, a >> 12);
    }
    next_pc(&wl, &w, &in, pc_a);
    assert_int_equal(in.va[0], a + 4096u);

    /* total: 1 + 4096 * 3 + 1 store = 12,290 instructions */
    uint64_t n = 1u + 512u * 3u + 1u;   /* taken: acc load, iterations 0..511, A of 512 */
    while (xl_wl_next(&wl, &w, &in))
        n++;
    assert_int_equal(in.op, XL_OP_END);
    assert_int_equal(n, 12290);

    /* wavefront 3 of wg 2 = global wave 11: rows 704.., lane 0 at a + 704*32768 */
    xl_wl_wave_init(&wl, &w, 0, 2, 3);
    next_pc(&wl, &w, &in, pc_a);
    assert_int_equal(in.va[0], a + 704u * 32768u);
    xl_wl_close(&wl);
}

static void test_08_08_atax_leaf_neighbourhoods(void **state)
{
    (void)state;
    xl_workload_t wl = open_wl("atax", XL_SCALE_ONE, 1);
    const xl_va_t A = region(&wl, "A")->base;
    xl_wave_t w;
    xl_instr_t in;
    xl_wl_wave_init(&wl, &w, 0, 0, 0);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* tmp[i] */
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* A[i][0] */
    /* pitch 4096 * 4 = 16 KB: 64 pages, two lanes per 32 KB leaf neighbourhood -> 32,
     * and the whole 1 MB span inside one 16 MB neighbourhood */
    assert_int_equal(in.va[1], A + 16384u);
    assert_int_equal(in.bytes, 4);
    assert_int_equal(distinct_shifted(&in, 12), 64);
    assert_int_equal(distinct_shifted(&in, 15), 32);
    assert_int_equal(distinct_shifted(&in, 24), 1);
    xl_wl_close(&wl);
}

static void test_08_09_column_walks(void **state)
{
    (void)state;
    xl_wave_t w;
    xl_instr_t in;
    /* MVT kernel 2, wg 1 wave 3 = global wave 7: columns 448..511 */
    xl_workload_t wl = open_wl("mvt", XL_SCALE_ONE, 1);
    const xl_va_t a = region(&wl, "a")->base, y2 = region(&wl, "y2")->base;
    xl_wl_wave_init(&wl, &w, 1, 1, 3);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* x2[448..511] */
    assert_int_equal(in.va[0], region(&wl, "x2")->base + 448u * 8u);
    for (unsigned i = 0; i < 6; i++) {
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* a[i][448 + l] */
        /* a + (i*4096 + 448 + l) * 8 = a + i*32768 + 3584 + 8l: one page (3584..4095) */
        assert_int_equal(in.va[0], a + i * 32768u + 3584u);
        assert_int_equal(in.va[63], a + i * 32768u + 3584u + 63u * 8u);
        assert_int_equal(distinct_shifted(&in, 12), 1);
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* y2[i] */
        assert_int_equal(in.va[5], y2 + i * 8u);
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* ALU */
        assert_int_equal(in.op, XL_OP_ALU);
    }
    xl_wl_close(&wl);

    /* ATAX kernel 2: one page per A load, 64 lanes x 4 B = 256 contiguous bytes */
    wl = open_wl("atax", XL_SCALE_ONE, 1);
    xl_wl_wave_init(&wl, &w, 1, 0, 0);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* y[j] */
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.va[63] - in.va[0], 63u * 4u);
    assert_int_equal(distinct_shifted(&in, 12), 1);
    xl_wl_close(&wl);

    /* BICG kernel 2: s[j] = 0 (no accumulator load) then NX = 8192 rows, one page each;
     * the last instruction stores s[j] */
    wl = open_wl("bicg", XL_SCALE_ONE, 1);
    xl_kernel_t k;
    assert_int_equal(xl_wl_kernel(&wl, 0, &k), 1);
    assert_int_equal(k.workgroups, 32);   /* NX = 8192 rows / 256 */
    assert_int_equal(xl_wl_kernel(&wl, 1, &k), 1);
    assert_int_equal(k.workgroups, 16);   /* NY = 4096 columns / 256 */
    const xl_va_t A = region(&wl, "A")->base;
    xl_wl_wave_init(&wl, &w, 1, 0, 0);
    unsigned aloads = 0;
    xl_instr_t last;
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.va[0], A);                  /* the first instruction is A[0][0] */
    const uint32_t pc_a = in.pc;
    do {
        if (in.pc == pc_a) {
            assert_int_equal(distinct_shifted(&in, 12), 1);
            assert_int_equal(in.va[0], A + (uint64_t)aloads * 16384u);
            aloads++;
        }
        last = in;
    } while (xl_wl_next(&wl, &w, &in));
    assert_int_equal(aloads, 8192);
    assert_int_equal(last.op, XL_OP_STORE);
    assert_int_equal(last.va[0], region(&wl, "s")->base);
    xl_wl_close(&wl);
}

static void test_08_10_gesummv_two_divergent_loads(void **state)
{
    (void)state;
    xl_workload_t wl = open_wl("gesummv", XL_SCALE_ONE, 1);
    const xl_region_t *ra = region(&wl, "a"), *rb = region(&wl, "b");
    xl_wave_t w;
    xl_instr_t in;
    xl_wl_wave_init(&wl, &w, 0, 0, 1);   /* rows 64..127 */
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* tmp[i] */
    assert_int_equal(in.va[0], region(&wl, "tmp")->base + 64u * 4u);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* y[i] */
    assert_int_equal(in.va[0], region(&wl, "y")->base + 64u * 4u);
    for (unsigned j = 0; j < 3; j++) {
        /* a[i][j] then b[i][j], i = 64 + l: base + (64 + l) * 16384 + 4j */
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
        assert_int_equal(in.op, XL_OP_LOAD);
        assert_int_equal(in.va[7], ra->base + 71u * 16384u + 4u * j);
        assert_int_equal(distinct_shifted(&in, 12), 64);
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
        assert_int_equal(in.op, XL_OP_LOAD);
        assert_int_equal(in.va[7], rb->base + 71u * 16384u + 4u * j);
        assert_int_equal(distinct_shifted(&in, 12), 64);
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* x[j] */
        assert_int_equal(in.va[0], region(&wl, "x")->base + 4u * j);
        assert_int_equal(in.va[63], in.va[0]);
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* two FMAs: 8 cycles */
        assert_int_equal(in.op, XL_OP_ALU);
        assert_int_equal(in.cycles, 8);
    }
    /* 2 + 4096 * 4 + (ALU, store tmp, store y) = 16,389 instructions */
    uint64_t n = 2u + 3u * 4u;
    xl_instr_t prev[3];
    while (xl_wl_next(&wl, &w, &in)) {
        prev[n % 3] = in;
        n++;
    }
    assert_int_equal(n, 16389);
    assert_int_equal(prev[16386 % 3].op, XL_OP_ALU);
    assert_int_equal(prev[16387 % 3].op, XL_OP_STORE);
    assert_int_equal(prev[16388 % 3].op, XL_OP_STORE);
    assert_int_equal(prev[16388 % 3].va[0], region(&wl, "y")->base + 64u * 4u);
    xl_wl_close(&wl);
}

static void test_08_11_polybench_scale(void **state)
{
    (void)state;
    /* scale 0.25: ceil(4096 * 0.25) = 1024 iterations; BICG k2: ceil(8192 * .25) = 2048;
     * scale 0.000001: ceil(4096e-6) = 1 iteration. Geometry is unchanged. */
    static const struct { const char *n; uint32_t kernel, ppm; uint64_t instrs; } t[] = {
        {"mvt", 0, 250000, 1u + 1024u * 3u + 1u},
        {"mvt", 1, 250000, 1u + 1024u * 3u + 1u},
        {"bicg", 1, 250000, 2048u * 3u + 1u},
        {"gesummv", 0, 1, 2u + 4u + 3u},
        {"atax", 0, 1, 1u + 3u + 1u},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        xl_workload_t wl = open_wl(t[i].n, t[i].ppm, 1);
        xl_kernel_t k;
        xl_wave_t w;
        xl_instr_t in;
        assert_int_equal(xl_wl_kernel(&wl, t[i].kernel, &k), 1);
        xl_wl_wave_init(&wl, &w, t[i].kernel, k.workgroups - 1u, 3);
        uint64_t n = 0;
        while (xl_wl_next(&wl, &w, &in))
            n++;
        assert_int_equal(n, t[i].instrs);
        xl_wl_close(&wl);
    }
}

/* ---- XSBench ------------------------------------------------------------------------ */

static const unsigned xsb_nn[12] = {34, 5, 4, 4, 27, 21, 21, 21, 21, 21, 9, 9};

static void test_08_12_xsbench_search_and_dropout(void **state)
{
    (void)state;
    xl_workload_t wl = open_wl("xsbench", XL_SCALE_ONE, 42);
    const xl_region_t *eg = region(&wl, "egrid"), *nn = region(&wl, "num_nucs"),
                      *mats = region(&wl, "mats"), *ig = region(&wl, "index_grid"),
                      *ng = region(&wl, "nuclide_grids");
    expect_kernel(&wl, 0, 1024, 4);   /* 262,144 lookups / 256 */
    xl_wave_t w;
    xl_instr_t in;
    xl_wl_wave_init(&wl, &w, 0, 7, 2);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.op, XL_OP_ALU);
    assert_int_equal(in.mask, ~UINT64_C(0));   /* 64 lanes, all lookups exist */

    /* grid_search over U = 68*9978 = 678,504 points: lower 0, upper 678,503; first
     * point 678503/2 = 339,251 for every lane (one address); second step either
     * 0 + 339251/2 = 169,625 or 339,251 + 339252/2 = 508,877. */
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.op, XL_OP_LOAD);
    const uint32_t pc_s = in.pc;
    for (unsigned l = 0; l < 64; l++)
        assert_int_equal(in.va[l], eg->base + 339251u * 8u);
    next_pc(&wl, &w, &in, pc_s);
    for (unsigned l = 0; l < 64; l++)
        assert_true(in.va[l] == eg->base + 169625u * 8u ||
                    in.va[l] == eg->base + 508877u * 8u);
    /* 678,503 needs 19 or 20 halvings: steps 1..19 run on every lane (after 18 steps
     * the length is still >= floor(678503 / 2^18) = 2) */
    unsigned steps = 2;
    xl_instr_t last_search = in;
    for (;;) {
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
        if (in.op == XL_OP_ALU)
            continue;
        if (in.pc != pc_s)
            break;
        steps++;
        if (steps <= 19) {
            assert_int_equal(in.mask, ~UINT64_C(0));
            last_search = in;
        }
    }
    assert_true(steps == 19 || steps == 20);
    /* by step 19 the lanes have spread over the 5.2 MB grid (1,326 pages): 64 random
     * pages out of 1,326 collide about 64*63/2/1326 = 1.5 times on average */
    assert_true(distinct_shifted(&last_search, 12) >= 56);

    /* num_nucs[mat]: gives each lane's material */
    assert_int_equal(in.va[0] >= nn->base && in.va[0] < nn->base + 48u, 1);
    unsigned mat[64], maxn = 0;
    for (unsigned l = 0; l < 64; l++) {
        mat[l] = (unsigned)((in.va[l] - nn->base) / 4u);
        assert_true(mat[l] < 12);
        if (xsb_nn[mat[l]] > maxn)
            maxn = xsb_nn[mat[l]];
    }
    /* per nuclide j: mats[mat][j] with lanes num_nucs[mat] > j, then index_grid, then the
     * records; index_grid row idx is the lane's search result for every nuclide */
    uint64_t idx[64];
    unsigned j = 0;
    for (;;) {
        int more = xl_wl_next(&wl, &w, &in);
        if (!more)
            break;
        if (in.op != XL_OP_LOAD || in.va[0] < mats->base || in.va[0] >= mats->base + 1632u)
            continue;
        uint64_t want = 0;
        for (unsigned l = 0; l < 64; l++)
            if (xsb_nn[mat[l]] > j)
                want |= UINT64_C(1) << l;
        assert_int_equal(in.mask, want);
        for (unsigned l = 0; l < 64; l++)
            if ((want >> l) & 1u)
                assert_int_equal(in.va[l], mats->base + (mat[l] * 34u + j) * 4u);
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* concs */
        assert_int_equal(in.bytes, 8);
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* index_grid[idx][n] */
        assert_int_equal(in.mask, want);
        assert_int_equal(in.bytes, 4);
        uint64_t nuc[64];
        for (unsigned l = 0; l < 64; l++) {
            if (!((want >> l) & 1u))
                continue;
            uint64_t e = (in.va[l] - ig->base) / 4u;
            if (j == 0)
                idx[l] = e / 68u;
            assert_int_equal(e / 68u, idx[l]);
            nuc[l] = e % 68u;
        }
        /* high.energy: nuclide_grids + ((n*9978 + idx/68) + 1) * 48 */
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
        for (unsigned l = 0; l < 64; l++) {
            if (!((want >> l) & 1u))
                continue;
            uint64_t pos = idx[l] / 68u;
            if (pos >= 9977u)
                pos = 9976u;
            assert_int_equal(in.va[l], ng->base + (nuc[l] * 9978u + pos + 1u) * 48u);
        }
        j++;
    }
    assert_int_equal(in.op, XL_OP_END);
    assert_int_equal(j, maxn);
    assert_int_equal(maxn, 34);   /* some lane of 64 has the fuel material (p = 0.140) */
    xl_wl_close(&wl);
}

static void test_08_13_xsbench_scale_and_tail(void **state)
{
    (void)state;
    /* scale 0.01 as a plain fraction (workload.min_rounds = 0): ceil(262144 * 0.01) =
     * 2,622 lookups = 40 full waves + 62 lanes; 41 waves -> 11 work-groups of 4 */
    xl_wl_params_t p;
    xl_wl_params_defaults(&p);
    p.min_rounds = 0;
    xl_workload_t wl = open_wlp("xsbench", 10000, 1, &p);
    xl_kernel_t k;
    xl_wave_t w;
    xl_instr_t in;
    expect_kernel(&wl, 0, 11, 4);
    expect_no_kernel(&wl, 1);
    xl_wl_wave_init(&wl, &w, 0, 10, 0);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.mask, (UINT64_C(1) << 62) - 1u);
    xl_wl_wave_init(&wl, &w, 0, 10, 1);   /* lookups 2,624.. do not exist */
    assert_int_equal(xl_wl_next(&wl, &w, &in), 0);
    assert_int_equal(in.op, XL_OP_END);
    xl_wl_close(&wl);
    /* with the default 12 rounds of the 320 resident waves: 3,840 waves = 960 work-groups
     * of 4 (245,760 lookups > 2,622), every lane of the last wave active */
    wl = open_wl("xsbench", 10000, 1);
    assert_int_equal(xl_wl_kernel(&wl, 0, &k), 1);
    assert_int_equal(k.workgroups, 960);
    xl_wl_wave_init(&wl, &w, 0, 959, 3);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.mask, ~UINT64_C(0));
    xl_wl_close(&wl);
    /* with 4 rounds (1,280 waves = 320 work-groups) scale 0.5's 131,072 lookups = 512
     * work-groups are more than the rounds: the fraction stands */
    p.min_rounds = 4;
    wl = open_wlp("xsbench", 500000, 1, &p);
    assert_int_equal(xl_wl_kernel(&wl, 0, &k), 1);
    assert_int_equal(k.workgroups, 512);
    p.min_rounds = 0;
    xl_wl_close(&wl);
    /* scale 0.000001, plain fraction: ceil(0.26) = 1 lookup, raised to the minimum of 64:
     * one wave */
    wl = open_wlp("xsbench", 1, 1, &p);
    expect_kernel(&wl, 0, 1, 1);
    xl_wl_close(&wl);
}

/* Stream of one wavefront as a checksum over every field (wave_stream_hash). */
static uint64_t wave_hash(const xl_workload_t *wl, xl_wave_t *w, unsigned max)
{
    return wave_stream_hash(wl, w, max);
}

static void test_08_14_determinism(void **state)
{
    (void)state;
    xl_workload_t a = open_wl("xsbench", XL_SCALE_ONE, 7);
    xl_workload_t b = open_wl("xsbench", XL_SCALE_ONE, 7);
    xl_workload_t c = open_wl("xsbench", XL_SCALE_ONE, 8);
    xl_wave_t w1, w2, w3;
    /* same seed, same stream */
    xl_wl_wave_init(&a, &w1, 0, 5, 2);
    uint64_t h_alone = wave_hash(&a, &w1, 100000);
    xl_wl_wave_init(&b, &w1, 0, 5, 2);
    assert_int_equal(wave_hash(&b, &w1, 100000), h_alone);
    /* generation order: start (0,3,1) and (0,9,0) first, interleave, then (0,5,2) */
    xl_instr_t in;
    xl_wl_wave_init(&a, &w2, 0, 3, 1);
    xl_wl_wave_init(&a, &w3, 0, 9, 0);
    for (unsigned i = 0; i < 50; i++) {
        xl_wl_next(&a, &w2, &in);
        xl_wl_next(&a, &w3, &in);
    }
    xl_wl_wave_init(&a, &w1, 0, 5, 2);
    xl_wl_next(&a, &w2, &in);
    assert_int_equal(wave_hash(&a, &w1, 100000), h_alone);
    /* another seed draws other lookups; other wavefronts differ too */
    xl_wl_wave_init(&c, &w1, 0, 5, 2);
    assert_true(wave_hash(&c, &w1, 100000) != h_alone);
    xl_wl_wave_init(&a, &w1, 0, 5, 3);
    assert_true(wave_hash(&a, &w1, 100000) != h_alone);
    xl_wl_close(&a);
    xl_wl_close(&b);
    xl_wl_close(&c);
    /* PolyBench and NW have no randomness: the seed changes nothing */
    a = open_wl("nw", XL_SCALE_ONE, 1);
    b = open_wl("nw", XL_SCALE_ONE, 99);
    xl_wl_wave_init(&a, &w1, 100, 10, 0);
    xl_wl_wave_init(&b, &w2, 100, 10, 0);
    assert_int_equal(wave_hash(&a, &w1, 100000), wave_hash(&b, &w2, 100000));
    xl_wl_close(&a);
    xl_wl_close(&b);
}

/* ---- NW ------------------------------------------------------------------------------ */

/* NW with block_width blocks a side: 2 * block_width - 1 kernels, kernel k (1-based)
 * running min(k, 2 * block_width - k) work-groups of one wavefront; no kernel after them.
 * Returns the work-groups of all kernels; *largest, the most of one kernel. */
static uint64_t nw_kernels(const xl_workload_t *wl, uint32_t block_width, uint32_t *largest)
{
    xl_kernel_t k;
    uint64_t total = 0;
    uint32_t n = 2u * block_width - 1u;
    *largest = 0;
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(xl_wl_kernel(wl, i, &k), 1);
        uint32_t kk = i + 1u;   /* 1-based */
        assert_int_equal(k.workgroups, kk < n + 1u - kk ? kk : n + 1u - kk);
        assert_int_equal(k.waves_per_wg, 1);
        if (k.workgroups > *largest)
            *largest = k.workgroups;
        total += k.workgroups;
    }
    expect_no_kernel(wl, n);
    return total;
}

/* The n kernels of a scaled run have wgs[i] work-groups; there is no kernel n. */
static void scaled_kernels(const xl_workload_t *wl, uint32_t n, const uint32_t *wgs)
{
    xl_kernel_t k;
    for (uint32_t i = 0; i < n; i++) {
        assert_int_equal(xl_wl_kernel(wl, i, &k), 1);
        assert_int_equal(k.workgroups, wgs[i]);
    }
    expect_no_kernel(wl, n);
}

/* The first address of kernel `kernel`'s work-group 0: input_itemsets + index_nw * 4. */
static void nw_first_load(const xl_workload_t *wl, uint32_t kernel, uint64_t index_nw)
{
    xl_wave_t w;
    xl_instr_t in;
    xl_wl_wave_init(wl, &w, kernel, 0, 0);
    assert_int_equal(xl_wl_next(wl, &w, &in), 1);
    assert_int_equal(in.va[0], region(wl, "input_itemsets")->base + index_nw * 4u);
}

static void test_08_15_nw_kernels(void **state)
{
    (void)state;
    /* Rodinia 3.1 OpenCL: BLOCK_SIZE 16, N = 6816, block_width = 6816 / 16 = 426;
     * nw_kernel1 for blk = 1..426, then nw_kernel2 for blk = 425..1: 851 kernels, kernel
     * k (1-based) running min(k, 852 - k) work-groups of 16 work-items (one wavefront) */
    xl_workload_t wl = open_wl("nw", XL_SCALE_ONE, 1);
    xl_kernel_t k;
    uint32_t largest;
    uint64_t total = nw_kernels(&wl, 426, &largest);
    assert_int_equal(largest, 426);   /* kernel 426: the main anti-diagonal */
    assert_int_equal(xl_wl_kernel(&wl, 425, &k), 1);
    assert_int_equal(k.workgroups, 426);
    assert_int_equal(total, 181476);   /* 426*427/2 + 425*426/2 = 90,951 + 90,525 = 426^2 */
    xl_wl_close(&wl);

    /* scale 0.01: ceil(8.51) = 9 kernels, the middle of each ninth of the 851: real
     * floor((2k + 1) * 851 / 18) = 47, 141, 236, 330, 425, 520, 614, 709, 803 (0-based),
     * min(r + 1, 851 - r) work-groups each */
    wl = open_wl("nw", 10000, 1);
    static const uint32_t wgs[9] = {48, 142, 237, 331, 426, 331, 237, 142, 48};
    scaled_kernels(&wl, 9, wgs);
    /* run kernel 5 = real 520 = nw_kernel2 with blk 851 - 520 = 331, wg 0:
     * bx = 0 + 426 - 331 = 95, by = 426 - 0 - 1 = 425:
     * index_nw = 6817*16*425 + 16*95 = 46,357,120 */
    nw_first_load(&wl, 5, UINT64_C(46357120));
    xl_wl_close(&wl);
}

/* One NW work-group wavefront of B = workload.nw_block lanes on a matrix of `cols`
 * columns (nw.c), with index_nw = nw: in_b = input_itemsets, ref = reference. */
typedef struct {
    const xl_workload_t *wl;
    xl_wave_t w;
    xl_instr_t in;
    xl_va_t ref, in_b;
    uint64_t nw, cols, lanes;   /* lanes: the mask of the B work-items */
    unsigned b;
} nw_wave_t;

static nw_wave_t nw_wave(const xl_workload_t *wl, uint32_t kernel, uint32_t wg, unsigned b,
                         uint64_t cols, uint64_t nw)
{
    nw_wave_t v;
    memset(&v, 0, sizeof v);
    v.wl = wl;
    v.ref = region(wl, "reference")->base;
    v.in_b = region(wl, "input_itemsets")->base;
    v.nw = nw;
    v.cols = cols;
    v.b = b;
    v.lanes = b == 64 ? ~UINT64_C(0) : (UINT64_C(1) << b) - 1u;
    xl_wl_wave_init(wl, &v.w, kernel, wg, 0);
    return v;
}

/* The wave's next instruction, of kind op. */
static void nw_next(nw_wave_t *v, int op)
{
    assert_int_equal(xl_wl_next(v->wl, &v->w, &v->in), 1);
    /* an LDS access, load or store alike here (t26 checks which, and its offsets) */
    assert_int_equal(v->in.op == XL_OP_LDS_ST ? XL_OP_LDS : v->in.op, op);
}

/* Steps 1 and 2 (the same for every B):
 * 1. input[index_nw] on lane 0, then LDS and a barrier of all B lanes;
 * 2. B reference rows: index + cols*ty = nw + cols + 1 + cols*ty: B lanes x 4 B
 *    contiguous (one page, or two across a 4 KB boundary: the pitch cols * 4 is not page
 *    aligned), a new page every row, each followed by LDS; then a barrier. */
static void nw_corner_and_reference_rows(nw_wave_t *v)
{
    xl_instr_t *in = &v->in;
    nw_next(v, XL_OP_LOAD);
    assert_int_equal(in->mask, 1);
    assert_int_equal(in->va[0], v->in_b + v->nw * 4u);
    nw_next(v, XL_OP_LDS);
    nw_next(v, XL_OP_BARRIER);
    assert_int_equal(in->mask, v->lanes);
    xl_va_t prev_page = 0;
    for (unsigned ty = 0; ty < v->b; ty++) {
        nw_next(v, XL_OP_LOAD);
        assert_int_equal(in->mask, v->lanes);
        assert_int_equal(in->va[0], v->ref + (v->nw + v->cols + 1u + v->cols * ty) * 4u);
        assert_int_equal(in->va[v->b - 1], in->va[0] + 4u * (v->b - 1));
        assert_int_equal(distinct_shifted(in, 12),
                         (in->va[0] & 4095u) + 4u * v->b > 4096u ? 2 : 1);
        assert_true(in->va[0] >> 12 != prev_page);
        prev_page = in->va[0] >> 12;
        nw_next(v, XL_OP_LDS);
    }
    nw_next(v, XL_OP_BARRIER);
}

/* 3. The west column: lane tx loads input[nw + cols + cols*tx], one page a lane. */
static void nw_west_column(nw_wave_t *v)
{
    xl_instr_t *in = &v->in;
    nw_next(v, XL_OP_LOAD);
    assert_int_equal(in->mask, v->lanes);
    assert_int_equal(popcount64(in->mask), v->b);
    for (unsigned l = 0; l < v->b; l++)
        assert_int_equal(in->va[l], v->in_b + (v->nw + v->cols + v->cols * l) * 4u);
    assert_int_equal(distinct_shifted(in, 12), v->b);
}

/* After the west column's LDS and barrier, 4. the north row: index_n = nw + 1 + tx,
 * coalesced. */
static void nw_north_row(nw_wave_t *v)
{
    xl_instr_t *in = &v->in;
    assert_int_equal(xl_wl_next(v->wl, &v->w, in), 1);   /* LDS */
    assert_int_equal(xl_wl_next(v->wl, &v->w, in), 1);   /* barrier */
    nw_next(v, XL_OP_LOAD);
    assert_int_equal(in->va[0], v->in_b + (v->nw + 1u) * 4u);
    assert_int_equal(in->va[v->b - 1], v->in_b + (v->nw + v->b) * 4u);
}

typedef struct {
    unsigned lds, alu, bar, ld, st;
} nw_counts_t;

/* The rest of the wave, counted by kind (as `want`): every barrier and store of all B
 * lanes; compute step s on m + 1 lanes (m = s for s < B, then B - 2 .. 0); store i on row
 * nw + cols + 1 + cols*i, B x 4 contiguous bytes (one page or two), below `below`. */
static void nw_rest(nw_wave_t *v, xl_va_t below, nw_counts_t want)
{
    xl_instr_t *in = &v->in;
    nw_counts_t n = {0, 0, 0, 0, 0};
    unsigned step = 0, b = v->b;
    while (xl_wl_next(v->wl, &v->w, in)) {
        switch (in->op) {
        case XL_OP_LDS:
        case XL_OP_LDS_ST: n.lds++; break;   /* load or store (t26) */
        case XL_OP_BARRIER: n.bar++; assert_int_equal(in->mask, v->lanes); break;
        case XL_OP_LOAD: n.ld++; break;
        case XL_OP_ALU:
            assert_int_equal(popcount64(in->mask), step < b ? step + 1u : 2u * b - 2u - step + 1u);
            step++;
            n.alu++;
            break;
        case XL_OP_STORE:
            assert_int_equal(in->mask, v->lanes);
            assert_int_equal(in->va[0], v->in_b + (v->nw + v->cols + 1u + v->cols * n.st) * 4u);
            assert_int_equal(in->va[b - 1], in->va[0] + 4u * (b - 1));
            assert_int_equal(distinct_shifted(in, 12),
                             (in->va[0] & 4095u) + 4u * b > 4096u ? 2 : 1);
            assert_true(in->va[0] < below);
            n.st++;
            break;
        default: fail();
        }
    }
    assert_int_equal(in->op, XL_OP_END);
    assert_int_equal(n.lds, want.lds);
    assert_int_equal(n.alu, want.alu);
    assert_int_equal(n.bar, want.bar);
    assert_int_equal(n.ld, want.ld);
    assert_int_equal(n.st, want.st);
}

static void test_08_16_nw_work_group_sequence(void **state)
{
    (void)state;
    xl_workload_t wl = open_wl("nw", XL_SCALE_ONE, 1);
    /* three 6817^2 int buffers in nw.c's clCreateBuffer order, 185,885,956 B each */
    assert_int_equal(wl.nregions, 3);
    assert_string_equal(wl.regions[0].name, "input_itemsets");
    assert_string_equal(wl.regions[1].name, "reference");
    assert_string_equal(wl.regions[2].name, "output_itemsets");
    for (unsigned r = 0; r < 3; r++)
        assert_int_equal(wl.regions[r].bytes, UINT64_C(185885956));
    /* a 16-item work-group: lanes 16..63 masked off (mask 0xFFFF).
     * kernel 425 = nw1 on diagonal 426, wg 5: bx = 5, by = 426 - 1 - 5 = 420;
     * index_nw = 6817*16*420 + 16*5 = 45,810,240 + 80 = 45,810,320.
     * 2. reference rows nw + 6818 + 6817*ty, 64 B each, the pitch 27,268 = 6*4096 + 2,692 */
    nw_wave_t v = nw_wave(&wl, 425, 5, 16, 6817, UINT64_C(6817) * 16u * 420u + 80u);
    assert_int_equal(v.lanes, 0xFFFFu);
    nw_corner_and_reference_rows(&v);
    /* 3. west column: index_w + cols*tx = nw + 6817 + 6817*tx: 16 rows 27,268 B apart,
     * so 16 pages, spanning 15*27268 + 4 = 409,024 B. input_itemsets starts the layout
     * (2 MB aligned) and lane 0 is at byte (45,810,320 + 6817)*4 = 183,268,548 =
     * 87*2 MB + 816,324: the span ends at 1,225,348 < 2 MB, one 2 MB region; in 32 KB
     * leaf lines (816,324 + 27,268*tx) / 32,768 = 24, 25, .., 37 with tx 5, 6 (both
     * 29) and 11, 12 (both 34) sharing: 14 lines */
    nw_west_column(&v);
    assert_int_equal(v.in.va[0] - v.in_b, UINT64_C(183268548));
    assert_int_equal(distinct_shifted(&v.in, 15), 14);
    assert_int_equal(distinct_shifted(&v.in, 21), 1);
    assert_int_equal(v.in.va[15] + 4u - v.in.va[0], 409024u);
    nw_north_row(&v);
    /* the rest: count op kinds. nw1 per work-group after the north load:
     * LDS 1 + 31*2 (compute: 16 + 15 steps) + 16 (output) = 79, ALU 31, barriers
     * 1 + 16 + 1 + 15 = 33, loads 0, stores 16 on rows nw + 6818 + 6817*ty; nothing
     * touches output_itemsets (the kernels never use it) */
    nw_rest(&v, region(&wl, "output_itemsets")->base,
            (nw_counts_t){.lds = 79, .alu = 31, .bar = 33, .ld = 0, .st = 16});
    xl_wl_close(&wl);
}

static void test_08_18_nw_64_wide_kernels(void **state)
{
    (void)state;
    /* workload.nw_block = 64: N = 8192, block_width = 8192 / 64 = 128, 2*128 - 1 = 255
     * kernels, kernel k (1-based) running min(k, 256 - k) work-groups */
    xl_wl_params_t p64 = wl_params(0, 64);
    xl_workload_t wl = open_wlp("nw", XL_SCALE_ONE, 1, &p64);
    uint32_t largest;
    uint64_t total = nw_kernels(&wl, 128, &largest);
    assert_int_equal(largest, 128);
    assert_int_equal(total, 16384);   /* 128*129/2 + 127*128/2 = 8256 + 8128 = 128^2 */
    xl_wl_close(&wl);

    /* scale 0.01: ceil(2.55) = 3 kernels, the middle of each third of the 255: real
     * floor((2k + 1) * 255 / 6) = 42, 127, 212 (0-based): nw1 blk 43, nw1 blk 128,
     * nw2 blk 255 - 212 = 43 */
    wl = open_wlp("nw", 10000, 1, &p64);
    static const uint32_t wgs[3] = {43, 128, 43};
    scaled_kernels(&wl, 3, wgs);
    /* run kernel 2 = nw_kernel2 with blk 43, wg 0: bx = 0 + 128 - 43 = 85,
     * by = 128 - 0 - 1 = 127: index_nw = 8193*64*127 + 64*85 */
    nw_first_load(&wl, 2, UINT64_C(8193) * 64u * 127u + 64u * 85u);
    xl_wl_close(&wl);
}

static void test_08_19_nw_64_wide_work_group_sequence(void **state)
{
    (void)state;
    /* workload.nw_block = 64: one fully populated wavefront per 64 x 64 tile */
    xl_wl_params_t p64 = wl_params(0, 64);
    xl_workload_t wl = open_wlp("nw", XL_SCALE_ONE, 1, &p64);
    assert_int_equal(wl.nregions, 2);   /* reference, input_itemsets: no output buffer */
    /* kernel 127 = nw1 on diagonal 128, wg 5: bx = 5, by = 128 - 1 - 5 = 122;
     * index_nw = 8193*64*122 + 64*5 = 63,970,944 + 320 = 63,971,264.
     * 2. 64 reference rows nw + 8194 + 8193*ty: 256 contiguous bytes each (the pitch
     * 32,772 = 8*4096 + 4 is not page aligned) */
    nw_wave_t v = nw_wave(&wl, 127, 5, 64, 8193, UINT64_C(8193) * 64u * 122u + 320u);
    nw_corner_and_reference_rows(&v);
    /* 3. west column: index_w + cols*tx = nw + 8193 + 8193*tx: 64 rows 32,772 B apart,
     * so 64 pages and 64 leaf neighbourhoods, spanning 63*32772 + 4 = 2,064,640 B */
    nw_west_column(&v);
    assert_int_equal(distinct_shifted(&v.in, 15), 64);
    assert_int_equal(v.in.va[63] + 4u - v.in.va[0], 2064640u);
    nw_north_row(&v);
    /* the rest: count op kinds. nw1 per work-group after the north load:
     * LDS 1 + 127*2 (compute) + 64 (output) = 319, ALU 127, barriers 1 + 64 + 1 + 63 =
     * 129, loads 0, stores 64 on rows nw + 8194 + 8193*ty */
    nw_rest(&v, UINT64_MAX, (nw_counts_t){.lds = 319, .alu = 127, .bar = 129, .ld = 0, .st = 64});
    xl_wl_close(&wl);
}

/* ---- the [workload] parameters: PolyBench work-groups --------------------------------- */

static void test_08_20_polybench_work_group_size(void **state)
{
    (void)state;
    /* workload.pb_wg_items sets MVT's and ATAX's work-group: 256 (PolyBench/GPU 1.0, the
     * default) is 4 wavefronts of 64 lanes; 32 (PolyBench-ACC) is one wavefront with
     * lanes 32..63 masked off. Kernel 1 (row-walk over 4096 rows): 4096/256 = 16
     * work-groups of 4 wavefronts, or 4096/32 = 128 of 1. The first A load of
     * work-group g, wavefront v puts lane l on row g*WG + 64v + l, column 0:
     *   256: wg 2, wave 3 -> rows 704..767; 32: wg 22, wave 0 -> rows 704..735;
     * one page per active lane (pitch >= 4 KB): 64 or 32 pages. In 32 KB leaf lines:
     * MVT (32 KB pitch) one per row, 64 or 32; ATAX (16 KB pitch) two rows per line,
     * 32 or 16. */
    static const struct {
        const char *n, *mat;
        uint32_t wg, wgs, waves, g, v, pages, leaf, pitch;
    } t[] = {
        {"mvt", "a", 256, 16, 4, 2, 3, 64, 64, 32768},
        {"mvt", "a", 32, 128, 1, 22, 0, 32, 32, 32768},
        {"atax", "A", 256, 16, 4, 2, 3, 64, 32, 16384},
        {"atax", "A", 32, 128, 1, 22, 0, 32, 16, 16384},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        xl_wl_params_t p = wl_params(t[i].wg, 0);
        xl_workload_t wl = open_wlp(t[i].n, XL_SCALE_ONE, 1, &p);
        for (uint32_t kid = 0; kid < 2; kid++) {   /* both kernels: 4096 work-items */
            expect_kernel(&wl, kid, t[i].wgs, t[i].waves);
        }
        const xl_va_t a = region(&wl, t[i].mat)->base;
        const uint64_t mask = t[i].pages == 64 ? ~UINT64_C(0) : 0xFFFFFFFFu;
        xl_wave_t w;
        xl_instr_t in;
        xl_wl_wave_init(&wl, &w, 0, t[i].g, t[i].v);
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* accumulator, coalesced */
        assert_int_equal(in.mask, mask);
        assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* A[704 + l][0] */
        assert_int_equal(in.op, XL_OP_LOAD);
        assert_int_equal(in.mask, mask);
        assert_int_equal(popcount64(in.mask), t[i].pages);
        for (unsigned l = 0; l < t[i].pages; l++)
            assert_int_equal(in.va[l], a + (704u + l) * (uint64_t)t[i].pitch);
        assert_int_equal(distinct_shifted(&in, 12), t[i].pages);
        assert_int_equal(distinct_shifted(&in, 15), t[i].leaf);
        /* the wavefront's program is the same length: 1 + 4096*3 + 1 = 12,290 */
        uint64_t n = 2;
        while (xl_wl_next(&wl, &w, &in))
            n++;
        assert_int_equal(n, 12290);
        xl_wl_close(&wl);
    }
    /* other sizes: 64 items = 64 work-groups of one full wavefront; 1024 = 4 of 16 */
    xl_wl_params_t p = wl_params(64, 0);
    xl_workload_t wl = open_wlp("atax", XL_SCALE_ONE, 1, &p);
    expect_kernel(&wl, 0, 64, 1);
    xl_wl_close(&wl);
    p = wl_params(1024, 0);
    wl = open_wlp("mvt", XL_SCALE_ONE, 1, &p);
    expect_kernel(&wl, 1, 4, 16);
    xl_wl_close(&wl);
    /* BICG and GESUMMV use 256 in both suites and ignore the key: BICG kernel 1 has
     * 8192/256 = 32 work-groups, GESUMMV 4096/256 = 16, of 4 wavefronts */
    p = wl_params(32, 0);
    wl = open_wlp("bicg", XL_SCALE_ONE, 1, &p);
    expect_kernel(&wl, 0, 32, 4);
    xl_wl_close(&wl);
    wl = open_wlp("gesummv", XL_SCALE_ONE, 1, &p);
    expect_kernel(&wl, 0, 16, 4);
    xl_wl_close(&wl);
}

static void test_08_21_bad_workload_params(void **state)
{
    (void)state;
    /* parameters built in code skip the config checks; the generators refuse what
     * they cannot run, with a one-line message naming the key */
    static const struct { const char *n; uint32_t wg, nwb; const char *key; } t[] = {
        {"nw", 0, 32, "nw_block"}, {"mvt", 48, 0, "pb_wg_items"},
        {"atax", 16, 0, "pb_wg_items"}, {"atax", 2048, 0, "pb_wg_items"},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        xl_wl_params_t p = wl_params(t[i].wg, t[i].nwb);
        xl_workload_t wl;
        char err[256] = "";
        assert_int_equal(xl_wl_open(&wl, t[i].n, XL_SCALE_ONE, 1, &p, err, sizeof err),
                         XL_EINPUT);
        assert_non_null(strstr(err, t[i].key));
        assert_null(strchr(err, '\n'));
    }
}

/* ---- every address inside a declared region ------------------------------------------ */

/* Every kernel's first, middle and last work-group of one workload at scale 0.01. */
static void check_all_addresses(const char *name, const xl_wl_params_t *params)
{
    xl_workload_t wl = open_wlp(name, 10000, 3, params);   /* scale 0.01 */
    xl_kernel_t k;
    uint64_t mem = 0;
    for (uint32_t kid = 0; xl_wl_kernel(&wl, kid, &k); kid++) {
        uint32_t wgsel[3] = {0, k.workgroups / 2u, k.workgroups - 1u};
        /* a pc names one static instruction: same op, size and cycles every time */
        uint32_t pc_sig[256];
        memset(pc_sig, 0xFF, sizeof pc_sig);
        for (unsigned s = 0; s < 3; s++) {
            for (uint32_t wv = 0; wv < k.waves_per_wg; wv++) {
                xl_wave_t w;
                xl_instr_t in;
                xl_wl_wave_init(&wl, &w, kid, wgsel[s], wv);
                unsigned n = 0;
                while (xl_wl_next(&wl, &w, &in)) {
                    assert_true(++n < 1000000u);
                    assert_true(in.op >= XL_OP_ALU && in.op <= XL_OP_LDS_ST);
                    assert_true(in.pc < 256u);
                    uint32_t sig = (uint32_t)in.op << 24 | (uint32_t)in.bytes << 16 |
                                   in.cycles;
                    if (pc_sig[in.pc] == UINT32_MAX)
                        pc_sig[in.pc] = sig;
                    assert_int_equal(pc_sig[in.pc], sig);
                    if (in.op != XL_OP_LOAD && in.op != XL_OP_STORE)
                        continue;
                    /* 4 and 8; the MASK applications also read byte flags (BFS2), 16-bit
                     * SADs (SAD) and float4 pixels (RAY) */
                    assert_true(in.bytes == 1 || in.bytes == 2 || in.bytes == 4 ||
                                in.bytes == 8 || in.bytes == 16);
                    assert_true(in.mask != 0);
                    unsigned out = lane_outside_regions(&wl, &in);
                    if (out < XL_MAX_LANES)
                        fail_msg("%s kernel %u wg %u wave %u: lane %u va 0x%llx "
                                 "outside every region", wl.desc->name, kid,
                                 wgsel[s], wv, out, (unsigned long long)in.va[out]);
                    /* an access never straddles a page */
                    for (unsigned l = 0; l < XL_MAX_LANES; l++)
                        if ((in.mask >> l) & 1u)
                            assert_int_equal(in.va[l] >> 12,
                                             (in.va[l] + in.bytes - 1u) >> 12);
                    mem++;
                }
                assert_int_equal(in.op, XL_OP_END);
                /* END is sticky */
                assert_int_equal(xl_wl_next(&wl, &w, &in), 0);
            }
        }
    }
    assert_true(mem > 0);
    xl_wl_close(&wl);
}

static void test_08_17_all_addresses_in_regions(void **state)
{
    (void)state;
    for (unsigned i = 0; i < xl_wl_count(); i++)
        check_all_addresses(xl_wl_get(i)->name, NULL);
    /* and the other settings of the [workload] geometry keys */
    xl_wl_params_t p = wl_params(32, 64);
    check_all_addresses("nw", &p);
    check_all_addresses("mvt", &p);
    check_all_addresses("atax", &p);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_08_01_registry_order_and_aliases),
        cmocka_unit_test(test_08_02_unknown_workload_error),
        cmocka_unit_test(test_08_03_bad_scale_at_open),
        cmocka_unit_test(test_08_04_parse_scale),
        cmocka_unit_test(test_08_05_footprints_match_table2),
        cmocka_unit_test(test_08_06_region_layout),
        cmocka_unit_test(test_08_07_mvt_row_walk),
        cmocka_unit_test(test_08_08_atax_leaf_neighbourhoods),
        cmocka_unit_test(test_08_09_column_walks),
        cmocka_unit_test(test_08_10_gesummv_two_divergent_loads),
        cmocka_unit_test(test_08_11_polybench_scale),
        cmocka_unit_test(test_08_12_xsbench_search_and_dropout),
        cmocka_unit_test(test_08_13_xsbench_scale_and_tail),
        cmocka_unit_test(test_08_14_determinism),
        cmocka_unit_test(test_08_15_nw_kernels),
        cmocka_unit_test(test_08_16_nw_work_group_sequence),
        cmocka_unit_test(test_08_17_all_addresses_in_regions),
        cmocka_unit_test(test_08_18_nw_64_wide_kernels),
        cmocka_unit_test(test_08_19_nw_64_wide_work_group_sequence),
        cmocka_unit_test(test_08_20_polybench_work_group_size),
        cmocka_unit_test(test_08_21_bad_workload_params),
    };
    return cmocka_run_group_tests_name("t08_workload", tests, NULL, NULL);
}
