/*
 * t13_workload_regular.c - the regular workloads of ISCA'18 Table II and MICRO'18:
 * the Pannotia graph codes SSSP, MIS, Color on the R-MAT graph of graph.c, and the
 * Rodinia codes BackProp, K-Means, Hotspot, LUD (spec seed-000-003 §4.1 footprints,
 * §4.2 "Regular workloads").
 */
#include "xltest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/workload.h"

#include "xlat/graph.h"

#define MB (UINT64_C(1) << 20)
#define ALL ~UINT64_C(0)

static xl_workload_t open_wl(const char *name, uint32_t ppm, uint64_t seed)
{
    xl_workload_t wl;
    char err[256] = "";
    int rc = xl_wl_open(&wl, name, ppm, seed, NULL, err, sizeof err);
    if (rc != XL_OK)
        print_error("open %s: %s\n", name, err);
    assert_int_equal(rc, XL_OK);
    return wl;
}

static const xl_region_t *region(const xl_workload_t *wl, const char *name)
{
    for (unsigned i = 0; i < wl->nregions; i++)
        if (!strcmp(wl->regions[i].name, name))
            return &wl->regions[i];
    fail_msg("no region %s", name);
    return NULL;
}

/* Distinct values of va >> shift over the active lanes. */
static unsigned distinct_shifted(const xl_instr_t *in, unsigned shift)
{
    uint64_t seen[XL_MAX_LANES];
    unsigned n = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        if (!((in->mask >> l) & 1u))
            continue;
        uint64_t v = in->va[l] >> shift;
        unsigned k;
        for (k = 0; k < n && seen[k] != v; k++)
            ;
        if (k == n)
            seen[n++] = v;
    }
    return n;
}

static unsigned popcount64(uint64_t m)
{
    unsigned n = 0;
    for (; m; m &= m - 1u)
        n++;
    return n;
}

/* Next instruction with the given pc (skipping others); 0 at the end of the wave. */
static int next_pc(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *in, uint32_t pc)
{
    while (xl_wl_next(wl, w, in))
        if (in->pc == pc)
            return 1;
    return 0;
}

/* Stream of one wavefront as a checksum over every field of every instruction. */
static uint64_t wave_hash(const xl_workload_t *wl, uint32_t k, uint32_t wg, uint32_t wave)
{
    xl_wave_t w;
    xl_instr_t in;
    uint64_t h = 1469598103934665603u;
    xl_wl_wave_init(wl, &w, k, wg, wave);
    while (xl_wl_next(wl, &w, &in)) {
        uint64_t v[5] = {in.op, in.pc, in.mask, in.bytes, in.cycles};
        for (unsigned q = 0; q < 5; q++)
            h = (h ^ v[q]) * 1099511628211u;
        for (unsigned l = 0; l < 64; l++)
            if ((in.mask >> l) & 1u)
                h = (h ^ in.va[l]) * 1099511628211u;
    }
    return h;
}

/* ---- registry ------------------------------------------------------------------------ */

static void test_13_01_registry_and_aliases(void **state)
{
    (void)state;
    /* appended after nw, in this order (DESIGN.md names) */
    static const char *const order[] = {"sssp", "mis", "color", "backprop", "kmeans",
                                        "hotspot", "lud"};
    static const char *const suite[] = {"Pannotia", "Pannotia", "Pannotia", "Rodinia",
                                        "Rodinia", "Rodinia", "Rodinia"};
    assert_int_equal(xl_wl_count(), 13);
    assert_string_equal(xl_wl_get(5)->name, "nw");
    for (unsigned i = 0; i < 7; i++) {
        const xl_wl_desc_t *d = xl_wl_get(6u + i);
        assert_string_equal(d->name, order[i]);
        assert_string_equal(d->suite, suite[i]);
        /* ISCA'18 Table II: the graph codes are "fairly regular", still regular */
        assert_string_equal(d->klass, "regular");
        assert_true(strlen(d->summary) > 20 && !strchr(d->summary, '\n'));
    }
    assert_null(xl_wl_get(13));
    /* the papers' abbreviations (ISCA SSP CLR BCK KMN HOT, MICRO prop), any case */
    assert_ptr_equal(xl_wl_find("SSP"), &xl_wl_sssp);
    assert_ptr_equal(xl_wl_find("sssp"), &xl_wl_sssp);
    assert_ptr_equal(xl_wl_find("MIS"), &xl_wl_mis);
    assert_ptr_equal(xl_wl_find("clr"), &xl_wl_color);
    assert_ptr_equal(xl_wl_find("Color"), &xl_wl_color);
    assert_ptr_equal(xl_wl_find("BCK"), &xl_wl_backprop);
    assert_ptr_equal(xl_wl_find("prop"), &xl_wl_backprop);
    assert_ptr_equal(xl_wl_find("kmn"), &xl_wl_kmeans);
    assert_ptr_equal(xl_wl_find("HOT"), &xl_wl_hotspot);
    assert_ptr_equal(xl_wl_find("LUD"), &xl_wl_lud);
    assert_null(xl_wl_find("ss"));
    assert_null(xl_wl_find("hots"));
}

/* ---- footprints ---------------------------------------------------------------------- */

static void test_13_02_footprints_match_table2(void **state)
{
    (void)state;
    /* Declared bytes (arrays as each code's clCreateBuffer calls size them) and ISCA'18
     * Table II in MB (2^20 B) x 100:
     *   sssp     12 V + 8 E + 8, V = 3,473,408, E = 8,463,318  = 109,387,448  (104.32)
     *   mis      24 V + 4 E + 4, V = 1,898,496, E = 7,583,006  =  75,895,932  ( 72.38)
     *   color    16 V + 4 E + 4, V =   874,496, E = 3,496,018  =  27,976,012  ( 26.68)
     *   backprop 4 (in+1) (1 + 17 + 17) + 4 in + 2 * 68, in = 786,432
     *                                                         = 113,246,484  (108.03)
     *   kmeans   2 * 16384 * 34 * 4 + 5 * 34 * 4 + 16384 * 4  =   4,522,664  (  4.33)
     *   hotspot  3 * 1024 * 1024 * 4                          =  12,582,912  ( 12.02)
     *   lud      2048 * 2048 * 4 (no Table II value)          =  16,777,216 */
    static const struct { const char *n; uint64_t centi_mb, bytes; } t[] = {
        {"sssp", 10432, 109387448}, {"mis", 7238, 75895932}, {"color", 2668, 27976012},
        {"backprop", 10803, 113246484}, {"kmeans", 433, 4522664},
        {"hotspot", 1202, 12582912}, {"lud", 0, 16777216},
    };
    /* |fp - paper| in units of paper / 10000 (basis points), by hand:
     *   sssp 109,387,448 vs 109,387,448.3: 0; mis 75,895,932 vs 75,895,930.9: 0;
     *   color 27,976,012 vs 27,976,007.7: 0; backprop 113,277,747.2 - 113,246,484
     *   = 31,263 -> 2 bp; kmeans 4,540,334.1 - 4,522,664 = 17,670 -> 38 bp;
     *   hotspot 12,603,883.5 - 12,582,912 = 20,971 -> 16 bp. All under 3 % = 300 bp. */
    static const uint64_t bp[] = {0, 0, 0, 2, 38, 16};
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        xl_workload_t wl = open_wl(t[i].n, XL_SCALE_ONE, 1);
        uint64_t fp = xl_wl_footprint(&wl);
        assert_int_equal(fp, t[i].bytes);
        if (t[i].centi_mb) {
            uint64_t paper = t[i].centi_mb * MB;   /* x100 */
            uint64_t diff = fp * 100u > paper ? fp * 100u - paper : paper - fp * 100u;
            assert_int_equal(diff * 10000u / paper, bp[i]);
        }
        xl_wl_close(&wl);
    }
}

/* ---- every address inside a region, for a few wavefronts of every kernel -------------- */

static void test_13_03_addresses_inside_regions(void **state)
{
    (void)state;
    static const char *const names[] = {"sssp", "mis", "color", "backprop", "kmeans",
                                        "hotspot", "lud"};
    /* kernels: sssp 1 + 3*4, mis 1 + 3*3, color 2*4, backprop 2, kmeans 1 + 5,
     * hotspot 4 steps / pyramid 2, lud 3*127 + 1 */
    static const uint32_t nkern[] = {13, 10, 8, 2, 6, 2, 382};
    for (unsigned i = 0; i < 7; i++) {
        xl_workload_t wl = open_wl(names[i], XL_SCALE_ONE, 5);
        xl_kernel_t k;
        uint32_t nk = 0;
        while (xl_wl_kernel(&wl, nk, &k))
            nk++;
        assert_int_equal(nk, nkern[i]);
        uint64_t mem = 0;
        for (uint32_t kid = 0; kid < nk; kid += (i == 6 ? 127u : 1u)) {
            assert_int_equal(xl_wl_kernel(&wl, kid, &k), 1);
            uint32_t wgsel[4] = {0, 1, k.workgroups / 2u, k.workgroups - 1u};
            for (unsigned s = 0; s < 4; s++) {
                for (uint32_t wv = 0; wv < k.waves_per_wg; wv++) {
                    xl_wave_t w;
                    xl_instr_t in;
                    xl_wl_wave_init(&wl, &w, kid, wgsel[s], wv);
                    while (xl_wl_next(&wl, &w, &in)) {
                        if (in.op != XL_OP_LOAD && in.op != XL_OP_STORE)
                            continue;
                        assert_int_equal(in.bytes, 4);   /* every array is int/float */
                        assert_true(in.mask != 0);
                        for (unsigned l = 0; l < 64; l++) {
                            if (!((in.mask >> l) & 1u))
                                continue;
                            unsigned r;
                            for (r = 0; r < wl.nregions; r++)
                                if (in.va[l] >= wl.regions[r].base &&
                                    in.va[l] + 4u <= wl.regions[r].base + wl.regions[r].bytes)
                                    break;
                            if (r == wl.nregions)
                                fail_msg("%s kernel %u wg %u wave %u pc %u lane %u outside",
                                         names[i], kid, wgsel[s], wv, in.pc, l);
                        }
                        mem++;
                    }
                    assert_int_equal(in.op, XL_OP_END);
                    assert_int_equal(xl_wl_next(&wl, &w, &in), 0);   /* END is sticky */
                }
            }
        }
        assert_true(mem > 0);
        /* past the last kernel, past the last work-group: nothing */
        xl_wave_t w;
        xl_instr_t in;
        assert_int_equal(xl_wl_kernel(&wl, nk, &k), 0);
        assert_int_equal(xl_wl_kernel(&wl, 0, &k), 1);
        xl_wl_wave_init(&wl, &w, 0, k.workgroups, 0);
        assert_int_equal(xl_wl_next(&wl, &w, &in), 0);
        xl_wl_close(&wl);
    }
}

/* ---- determinism --------------------------------------------------------------------- */

static void test_13_04_determinism_and_generation_order(void **state)
{
    (void)state;
    /* sssp kernel 2 = spmv of iteration 0; wavefronts 5 and 6 (vertices 320..447) */
    xl_workload_t a = open_wl("sssp", XL_SCALE_ONE, 7);
    xl_workload_t b = open_wl("sssp", 10000, 7);       /* same seed, scale 0.01 */
    xl_workload_t c = open_wl("sssp", XL_SCALE_ONE, 8);
    uint64_t h5 = wave_hash(&a, 2, 5, 0), h6 = wave_hash(&a, 2, 6, 0);
    assert_true(h5 != h6);
    /* the same seed builds the same graph at any scale: identical streams */
    assert_int_equal(wave_hash(&b, 2, 5, 0), h5);
    assert_int_equal(wave_hash(&a, 2, 5, 0), h5);   /* and again */
    /* another seed, another graph */
    assert_true(wave_hash(&c, 2, 5, 0) != h5);

    /* generation order: interleave the two wavefronts instruction by instruction, and
     * generate a third one (another kernel) in between; each stream is unchanged */
    xl_wave_t w5, w6, wx;
    xl_instr_t in;
    uint64_t g5 = 1469598103934665603u, g6 = g5;
    int more5 = 1, more6 = 1;
    xl_wl_wave_init(&a, &w6, 2, 6, 0);
    xl_wl_wave_init(&a, &wx, 5, 100, 0);
    xl_wl_wave_init(&a, &w5, 2, 5, 0);
    while (more5 || more6) {
        if (more6 && (more6 = xl_wl_next(&a, &w6, &in))) {
            uint64_t v[5] = {in.op, in.pc, in.mask, in.bytes, in.cycles};
            for (unsigned q = 0; q < 5; q++)
                g6 = (g6 ^ v[q]) * 1099511628211u;
            for (unsigned l = 0; l < 64; l++)
                if ((in.mask >> l) & 1u)
                    g6 = (g6 ^ in.va[l]) * 1099511628211u;
        }
        (void)xl_wl_next(&a, &wx, &in);
        if (more5 && (more5 = xl_wl_next(&a, &w5, &in))) {
            uint64_t v[5] = {in.op, in.pc, in.mask, in.bytes, in.cycles};
            for (unsigned q = 0; q < 5; q++)
                g5 = (g5 ^ v[q]) * 1099511628211u;
            for (unsigned l = 0; l < 64; l++)
                if ((in.mask >> l) & 1u)
                    g5 = (g5 ^ in.va[l]) * 1099511628211u;
        }
    }
    assert_int_equal(g5, h5);
    assert_int_equal(g6, h6);
    xl_wl_close(&a);
    xl_wl_close(&b);
    xl_wl_close(&c);

    /* MIS masks come from the host run of the algorithm: same seed, same masks */
    xl_workload_t m1 = open_wl("mis", XL_SCALE_ONE, 3), m2 = open_wl("mis", 500000, 3);
    for (uint32_t kid = 0; kid < 10; kid++)
        assert_int_equal(wave_hash(&m1, kid, 7, 1), wave_hash(&m2, kid, 7, 1));
    xl_wl_close(&m1);
    xl_wl_close(&m2);

    /* the Rodinia codes draw nothing: the seed changes nothing */
    static const char *const rod[] = {"backprop", "kmeans", "hotspot", "lud"};
    for (unsigned i = 0; i < 4; i++) {
        xl_workload_t r1 = open_wl(rod[i], XL_SCALE_ONE, 1), r2 = open_wl(rod[i], 10000, 99);
        assert_int_equal(wave_hash(&r1, 1, 0, 0), wave_hash(&r2, 1, 0, 0));
        xl_wl_close(&r1);
        xl_wl_close(&r2);
    }
}

/* ---- the graph ----------------------------------------------------------------------- */

static void test_13_05_graph_builder_small(void **state)
{
    (void)state;
    char err[256];
    uint32_t *row, *col;
    /* 4 communities of 2^4 = 16 vertices (V = 64), 100 edges = 200 arcs, no long-range
     * edges: every arc stays in its community (col >> 4 == v >> 4) */
    assert_int_equal(xl_graph_rmat(4, 4, 0, 200, 11, &row, &col, err, sizeof err), XL_OK);
    assert_int_equal(row[0], 0);
    assert_int_equal(row[64], 200);
    /* each community draws 100 / 4 = 25 edges = 50 arcs */
    for (unsigned c = 0; c < 4; c++)
        assert_int_equal(row[16u * (c + 1u)] - row[16u * c], 50);
    unsigned cnt[64][64];
    memset(cnt, 0, sizeof cnt);
    for (unsigned v = 0; v < 64; v++) {
        assert_true(row[v] <= row[v + 1u]);                     /* monotone */
        for (uint32_t e = row[v]; e < row[v + 1u]; e++) {
            assert_true(col[e] < 64);                            /* col < V */
            assert_true(col[e] != v);                            /* no self-loop */
            assert_int_equal(col[e] >> 4, v >> 4);               /* in its community */
            if (e > row[v])
                assert_true(col[e - 1u] <= col[e]);              /* sorted list */
            cnt[v][col[e]]++;
        }
    }
    for (unsigned u = 0; u < 64; u++)   /* undirected: u->v as often as v->u */
        for (unsigned v = 0; v < 64; v++)
            assert_int_equal(cnt[u][v], cnt[v][u]);
    /* R-MAT puts the hub at offset 0: a source offset bit is 0 with probability
     * a + b = 0.76 per level and a target bit with a + c = 0.76, so an edge has its
     * source at offset 0 with 0.76^4 = 0.334, its target with 0.334, both (a self-loop,
     * redrawn) with 0.57^4 = 0.106, and any self-loop with (a + d)^4 = 0.148: offset 0
     * gets (0.334 + 0.334 - 2 * 0.106) / (1 - 0.148) = 0.535 arcs per edge, about 53
     * over the 4 x 25 edges, against 200 arcs / 16 offsets = 12.5 if uniform */
    unsigned hub = 0;
    for (unsigned c = 0; c < 4; c++)
        hub += row[16u * c + 1u] - row[16u * c];
    assert_true(hub > 2u * 200u / 16u);
    free(row);
    free(col);

    /* all edges long-range (1000 per mille): targets leave the community about
     * 3 times in 4 (a uniform other community), so some arcs cross */
    assert_int_equal(xl_graph_rmat(4, 4, 1000, 200, 11, &row, &col, err, sizeof err), XL_OK);
    unsigned cross = 0;
    for (unsigned v = 0; v < 64; v++)
        for (uint32_t e = row[v]; e < row[v + 1u]; e++)
            cross += (col[e] >> 4) != (v >> 4);
    assert_true(cross > 200u / 2u);
    free(row);
    free(col);

    /* bad shapes: one line naming the problem */
    err[0] = '\0';
    assert_int_equal(xl_graph_rmat(0, 4, 0, 200, 1, &row, &col, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "communities"));
    assert_null(row);
    assert_int_equal(xl_graph_rmat(4, 4, 1001, 200, 1, &row, &col, err, sizeof err),
                     XL_EINPUT);
    err[0] = '\0';
    assert_int_equal(xl_graph_rmat(4, 4, 0, 201, 1, &row, &col, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "even"));
    assert_null(strchr(err, '\n'));
}

/* SSSP's spmv stream reveals the CSR arrays: lane v's col[e] loads (pc 3) walk
 * e = row[v] .. row[v+1]-1 and its gathers (pc 5) read x[col[e]]. */
static void test_13_06_sssp_csr_from_the_stream(void **state)
{
    (void)state;
    xl_workload_t wl = open_wl("sssp", XL_SCALE_ONE, 1);
    const xl_va_t rowb = region(&wl, "row")->base, colb = region(&wl, "col")->base,
                  datab = region(&wl, "data")->base, xb = region(&wl, "vector1")->base;
    const uint64_t V = 3473408u, E = 8463318u;
    xl_kernel_t k;
    assert_int_equal(xl_wl_kernel(&wl, 2, &k), 1);
    assert_int_equal(k.workgroups, V / 64u);   /* 54,272 work-groups of one wavefront */
    assert_int_equal(k.waves_per_wg, 1);
    uint64_t next_row = 0, arcs = 0, local = 0, isolated = 0, maxdeg = 0;
    for (uint32_t wg = 0; wg < k.workgroups; wg++) {
        xl_wave_t w;
        xl_instr_t in;
        uint64_t first = (uint64_t)wg * 64u, e0[64] = {0}, deg[64] = {0}, lastc[64] = {0};
        xl_wl_wave_init(&wl, &w, 2, wg, 0);
        while (xl_wl_next(&wl, &w, &in)) {
            if (in.pc == 0) {   /* row[tid]: coalesced, 256 B, one page */
                assert_int_equal(in.va[0], rowb + first * 4u);
                assert_int_equal(in.va[63], rowb + (first + 63u) * 4u);
            } else if (in.pc == 3) {
                for (unsigned l = 0; l < 64; l++) {
                    if (!((in.mask >> l) & 1u))
                        continue;
                    uint64_t e = (in.va[l] - colb) / 4u;
                    if (deg[l] == 0)
                        e0[l] = e;
                    assert_int_equal(e, e0[l] + deg[l]);   /* its own list, in order */
                    deg[l]++;
                }
            } else if (in.pc == 4) {   /* data[e]: the same e as col[e] */
                for (unsigned l = 0; l < 64; l++)
                    if ((in.mask >> l) & 1u)
                        assert_int_equal(in.va[l], datab + (e0[l] + deg[l] - 1u) * 4u);
            } else if (in.pc == 5) {
                for (unsigned l = 0; l < 64; l++) {
                    if (!((in.mask >> l) & 1u))
                        continue;
                    uint64_t v = first + l, c = (in.va[l] - xb) / 4u;
                    assert_true(c < V);                         /* col < V */
                    assert_true(c != v);                        /* no self-loop */
                    if (deg[l] > 1)
                        assert_true(c >= lastc[l]);             /* sorted list */
                    lastc[l] = c;
                    local += (c >> 11) == (v >> 11);            /* same community */
                    arcs++;
                }
            }
        }
        /* row[v] = sum of the degrees before v: monotone, and lanes with no edges
         * issue no col load */
        for (unsigned l = 0; l < 64; l++) {
            if (deg[l] > 0)
                assert_int_equal(e0[l], next_row);
            else
                isolated++;
            next_row += deg[l];
            if (deg[l] > maxdeg)
                maxdeg = deg[l];
        }
    }
    /* every arc once: E = (109,387,448 - 8 - 12 V) / 8 = 8,463,318 */
    assert_int_equal(next_row, E);
    assert_int_equal(arcs, E);
    /* 2 % of the edges (20 per mille) are long-range and pick one of 1,696 communities,
     * so 98.0 % of the arcs stay in their 2048-vertex community; with 4.23 M edges the
     * binomial spread is 0.007 %, so 97.8 .. 98.2 % is a loose bound */
    assert_true(local * 1000u >= arcs * 978u && local * 1000u <= arcs * 982u);
    /* R-MAT skew: isolated vertices and hubs exist (at 2.44 arcs per vertex, about half
     * the vertices have none; a community's hub has over 100 times the mean) */
    assert_true(isolated > V / 4u && isolated < 3u * V / 4u);
    assert_true(maxdeg > 100u && maxdeg < 2048u);
    xl_wl_close(&wl);
}

static void test_13_07_gather_pages(void **state)
{
    (void)state;
    /* The gather x[col[e]] (spmv pc 5) over the whole kernel. Its active lanes are few
     * on average (each lane leaves at the end of its list, the R-MAT degrees are skewed
     * and the loop runs to the wave's largest degree), and 98 % of a lane's neighbours
     * are in its own community, whose x entries are 2048 * 4 B = 8 KB = 2 pages; only
     * a long-range arc (2 %) adds a page. Measured with seed 1: 1.45 pages per gather
     * on average and 3.6 for gathers with at least 32 lanes; a gather of 64 lanes spread
     * uniformly over x's 3,392 pages would touch about 63. The bounds: at most 2 pages
     * on average, at most 4.5 with >= 32 lanes (the spec's "<= 4 pages" order). The
     * col[e] load (pc 3) reads the wave's own contiguous lists: at most 2 on average. */
    xl_workload_t wl = open_wl("sssp", XL_SCALE_ONE, 1);
    xl_kernel_t k;
    assert_int_equal(xl_wl_kernel(&wl, 2, &k), 1);
    uint64_t g = 0, gpages = 0, gl = 0, big = 0, bigpages = 0, c = 0, cpages = 0;
    for (uint32_t wg = 0; wg < k.workgroups; wg++) {
        xl_wave_t w;
        xl_instr_t in;
        xl_wl_wave_init(&wl, &w, 2, wg, 0);
        while (xl_wl_next(&wl, &w, &in)) {
            if (in.pc == 5) {
                unsigned p = distinct_shifted(&in, 12), n = popcount64(in.mask);
                g++;
                gpages += p;
                gl += n;
                if (n >= 32) {
                    big++;
                    bigpages += p;
                }
            } else if (in.pc == 3) {
                c++;
                cpages += distinct_shifted(&in, 12);
            }
        }
    }
    assert_true(g > 1000000u && big > 1000u);
    assert_true(gpages * 10u >= g * 12u);      /* >= 1.2: lanes do spread */
    assert_true(gpages <= 2u * g);             /* <= 2.0 */
    assert_true(bigpages * 10u <= big * 45u);  /* <= 4.5 with >= 32 lanes */
    assert_true(gl <= 8u * g);                 /* few lanes per gather on average */
    assert_true(cpages <= 2u * c);
    xl_wl_close(&wl);
}

/* ---- the graph codes' kernels -------------------------------------------------------- */

static void test_13_08_sssp_kernels(void **state)
{
    (void)state;
    xl_workload_t wl = open_wl("sssp", 10000, 1);   /* scale 0.01 */
    const xl_va_t v1 = region(&wl, "vector1")->base, v2 = region(&wl, "vector2")->base,
                  stop = region(&wl, "stop")->base;
    xl_kernel_t k;
    /* every kernel runs ceil(54,272 * 0.01) = 543 work-groups of 64 */
    for (uint32_t kid = 0; kid < 13; kid++) {
        assert_int_equal(xl_wl_kernel(&wl, kid, &k), 1);
        assert_int_equal(k.workgroups, 543);
        assert_int_equal(k.waves_per_wg, 1);
    }
    assert_int_equal(xl_wl_kernel(&wl, 13, &k), 0);
    xl_wave_t w;
    xl_instr_t in;
    /* vector_init, wavefront 3 (vertices 192..255): ALU, ST vector1, ST vector2 */
    xl_wl_wave_init(&wl, &w, 0, 3, 0);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.op, XL_OP_ALU);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.op, XL_OP_STORE);
    assert_int_equal(in.va[0], v1 + 192u * 4u);
    assert_int_equal(in.mask, ALL);
    assert_int_equal(distinct_shifted(&in, 12), 1);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.va[63], v2 + 255u * 4u);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 0);
    /* vector_assign (kernel 1): LD vector2, ST vector1 */
    xl_wl_wave_init(&wl, &w, 1, 3, 0);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_true(in.op == XL_OP_LOAD && in.va[0] == v2 + 192u * 4u);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_true(in.op == XL_OP_STORE && in.va[0] == v1 + 192u * 4u);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 0);
    /* spmv, wavefront 0: row[tid], row[tid+1], x[tid], then the edge loop; the loop
     * runs to the wave's largest degree; y[tid] last */
    xl_wl_wave_init(&wl, &w, 2, 0, 0);
    unsigned ncol = 0, ngather = 0, nalu = 0;
    uint64_t prev_mask = ALL;
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.pc, 0);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.pc, 1);
    assert_int_equal(in.va[0], region(&wl, "row")->base + 4u);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_true(in.pc == 2 && in.va[5] == v1 + 20u);
    while (xl_wl_next(&wl, &w, &in) && in.op != XL_OP_STORE) {
        if (in.pc == 3) {
            /* lanes only leave the loop */
            assert_int_equal(in.mask & ~prev_mask, 0);
            prev_mask = in.mask;
            ncol++;
        }
        ngather += in.pc == 5;
        nalu += in.op == XL_OP_ALU;
    }
    assert_true(ncol > 0);
    assert_int_equal(ngather, ncol);   /* one data and one gather per col load */
    assert_int_equal(nalu, ncol);
    assert_true(in.op == XL_OP_STORE && in.pc == 7 && in.va[0] == v2);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 0);
    /* vector_diff of iteration 0 (kernel 3): *stop = 1 on the lanes whose distance
     * changed. Vertex 0 is the source: it stays 0, so lane 0 never stores; its
     * neighbours change from BIG to their edge weight. */
    xl_wl_wave_init(&wl, &w, 3, 0, 0);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_true(in.op == XL_OP_LOAD && in.va[0] == v1);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_true(in.op == XL_OP_LOAD && in.va[0] == v2);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.op, XL_OP_ALU);
    if (xl_wl_next(&wl, &w, &in)) {
        assert_true(in.op == XL_OP_STORE && in.pc == 3);
        assert_int_equal(in.mask & 1u, 0);   /* the source never changes */
        for (unsigned l = 0; l < 64; l++)
            if ((in.mask >> l) & 1u)
                assert_int_equal(in.va[l], stop);
        assert_int_equal(xl_wl_next(&wl, &w, &in), 0);
    }
    xl_wl_close(&wl);
}

/* Lanes' degrees from a loop kernel: count of col loads (pc pc_col) per lane. */
static void lane_degrees(const xl_workload_t *wl, uint32_t kid, uint32_t wg, uint32_t wave,
                         uint32_t pc_col, unsigned deg[64])
{
    xl_wave_t w;
    xl_instr_t in;
    memset(deg, 0, 64 * sizeof deg[0]);
    xl_wl_wave_init(wl, &w, kid, wg, wave);
    while (xl_wl_next(wl, &w, &in))
        if (in.pc == pc_col)
            for (unsigned l = 0; l < 64; l++)
                deg[l] += (in.mask >> l) & 1u;
}

/* Mask of the first instruction with this pc in a wavefront, 0 if none. */
static uint64_t pc_mask(const xl_workload_t *wl, uint32_t kid, uint32_t wg, uint32_t wave,
                        uint32_t pc)
{
    xl_wave_t w;
    xl_instr_t in;
    xl_wl_wave_init(wl, &w, kid, wg, wave);
    return next_pc(wl, &w, &in, pc) ? in.mask : 0;
}

static void test_13_09_color_masks_follow_the_algorithm(void **state)
{
    (void)state;
    /* kernel_max: iteration i is kernels 2i (color) and 2i+1 (color2). Work-groups of
     * 256 = 4 wavefronts. */
    xl_workload_t wl = open_wl("color", XL_SCALE_ONE, 1);
    xl_kernel_t k;
    assert_int_equal(xl_wl_kernel(&wl, 0, &k), 1);
    assert_int_equal(k.workgroups, 874496u / 256u);   /* 3,416 */
    assert_int_equal(k.waves_per_wg, 4);
    assert_int_equal(xl_wl_kernel(&wl, 8, &k), 0);
    unsigned checked = 0;
    for (uint32_t wg = 0; wg < 3416; wg += 97) {
        for (uint32_t wv = 0; wv < 4; wv++) {
            unsigned deg[64];
            lane_degrees(&wl, 0, wg, wv, 4, deg);
            /* iteration 0: nothing is coloured, every lane loads its row (pc 1) */
            assert_int_equal(pc_mask(&wl, 0, wg, wv, 1), ALL);
            /* color2 of iteration 0 colours lanes whose value beats every uncoloured
             * neighbour's; a vertex with no neighbours, or exactly one (the kernel's
             * start != end-1 test skips it), keeps maximum = -1 and is coloured */
            uint64_t col0 = pc_mask(&wl, 1, wg, wv, 4);
            for (unsigned l = 0; l < 64; l++)
                if (deg[l] <= 1)
                    assert_true((col0 >> l) & 1u);
            /* the node_value gather (pc 7) never runs for a degree-1 lane */
            xl_wave_t w;
            xl_instr_t in;
            xl_wl_wave_init(&wl, &w, 0, wg, wv);
            while (next_pc(&wl, &w, &in, 7))
                for (unsigned l = 0; l < 64; l++)
                    if ((in.mask >> l) & 1u)
                        assert_true(deg[l] >= 2);
            /* iteration 1 (kernel 2) enters exactly the lanes iteration 0 left
             * uncoloured (its row load, pc 1, is issued only for them) */
            assert_int_equal(pc_mask(&wl, 2, wg, wv, 1), ~col0);
            checked++;
        }
    }
    assert_int_equal(checked, 36u * 4u);   /* wg = 0, 97, ..., 3395 */
    xl_wl_close(&wl);
}

static void test_13_10_mis_masks_follow_the_algorithm(void **state)
{
    (void)state;
    /* init (kernel 0), then per iteration i: mis1 (3i+1), mis2 (3i+2), mis3 (3i+3).
     * Work-groups of 128 = 2 wavefronts. */
    xl_workload_t wl = open_wl("mis", XL_SCALE_ONE, 2);
    xl_kernel_t k;
    assert_int_equal(xl_wl_kernel(&wl, 1, &k), 1);
    assert_int_equal(k.workgroups, 1898496u / 128u);   /* 14,832 */
    assert_int_equal(k.waves_per_wg, 2);
    assert_int_equal(xl_wl_kernel(&wl, 10, &k), 0);
    unsigned joined_any = 0;
    for (uint32_t wg = 0; wg < 14832; wg += 401) {
        for (uint32_t wv = 0; wv < 2; wv++) {
            unsigned deg[64];
            lane_degrees(&wl, 1, wg, wv, 5, deg);
            /* mis1 of iteration 0: every vertex is unprocessed: *stop = 1 (pc 1) by all */
            assert_int_equal(pc_mask(&wl, 1, wg, wv, 1), ALL);
            /* mis2 of iteration 0: s_array[tid] = 2 (pc 4) for the joiners; a vertex
             * without neighbours has min = BIGNUM and always joins */
            uint64_t joins = pc_mask(&wl, 2, wg, wv, 4);
            for (unsigned l = 0; l < 64; l++)
                if (deg[l] == 0)
                    assert_true((joins >> l) & 1u);
            joined_any += popcount64(joins);
            /* mis3 of iteration 0: c_array = -2 (pc 2) for vertices deactivated as a
             * joiner's neighbour: never a joiner itself */
            uint64_t deact = pc_mask(&wl, 3, wg, wv, 2);
            assert_int_equal(deact & joins, 0);
            /* mis1 of iteration 1 (kernel 4): the unprocessed lanes are the rest */
            assert_int_equal(pc_mask(&wl, 4, wg, wv, 1), ~(joins | deact));
        }
    }
    assert_true(joined_any > 0);
    xl_wl_close(&wl);
}

/* ---- Rodinia ------------------------------------------------------------------------- */

static void test_13_11_backprop_shapes(void **state)
{
    (void)state;
    xl_workload_t wl = open_wl("backprop", XL_SCALE_ONE, 1);
    const xl_va_t in_b = region(&wl, "input")->base, w_b = region(&wl, "input_hidden")->base,
                  ps_b = region(&wl, "hidden_partial_sum")->base;
    xl_kernel_t k;
    assert_int_equal(xl_wl_kernel(&wl, 0, &k), 1);
    assert_int_equal(k.workgroups, 49152);   /* num_blocks = 786,432 / 16 */
    assert_int_equal(k.waves_per_wg, 4);     /* 16 x 16 work-items */
    assert_int_equal(xl_wl_kernel(&wl, 2, &k), 0);
    xl_wave_t w;
    xl_instr_t in;
    /* layerforward, work-group by = 5, wavefront 1: ty = 4..7 */
    xl_wl_wave_init(&wl, &w, 0, 5, 1);
    /* input[16*by + ty + 1] by the tx == 0 lanes (0, 16, 32, 48): indices 85..88 */
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.mask, UINT64_C(0x0001000100010001));
    for (unsigned t = 0; t < 4; t++)
        assert_int_equal(in.va[16u * t], in_b + (85u + t) * 4u);
    /* input_hidden[17*16*by + 17*ty + tx + 18]: lane 0 = 1360 + 68 + 18 = 1446,
     * lane 63 = 1360 + 119 + 15 + 18 = 1512: bytes 5784..6051, one page, 4 rows of
     * 16 floats 68 B apart */
    assert_int_equal(next_pc(&wl, &w, &in, 3), 1);
    assert_int_equal(in.op, XL_OP_LOAD);
    assert_int_equal(in.mask, ALL);
    assert_int_equal(in.va[0], w_b + 1446u * 4u);
    assert_int_equal(in.va[63], w_b + 1512u * 4u);
    assert_int_equal(in.va[16] - in.va[0], 68u);
    assert_int_equal(distinct_shifted(&in, 12), 1);
    /* the reduction: i = 1, 2, 4, 8, 16, lanes with ty % i == 0: ty 4..7 take the
     * steps i = 1 (all), 2 (ty 4, 6), 4 (ty 4), none for 8 and 16; 3 ops per taken
     * step and a barrier each: 9 + 5. Whole wave: 10 + 14 + 5 = 29 instructions. */
    unsigned n = 4, red = 0, bar = 0;   /* slots 0..3 taken so far */
    while (xl_wl_next(&wl, &w, &in)) {
        n++;
        if (in.pc >= 10 && in.pc <= 12)
            red++;
        bar += in.op == XL_OP_BARRIER;
        if (in.pc == 34) {   /* hidden_partial_sum[by * hid + ty], tx == 0 lanes */
            assert_int_equal(in.op, XL_OP_STORE);
            assert_int_equal(in.va[48], ps_b + (5u * 16u + 7u) * 4u);
        }
    }
    assert_int_equal(red, 9);
    assert_int_equal(bar, 2 + 5 + 1);   /* after the weights and the multiply; 5; 1 */
    assert_int_equal(n, 29);
    /* wavefront 0 (ty 0..3) has ty = 0 in every step: 10 + 20 + 5 = 35 */
    xl_wl_wave_init(&wl, &w, 0, 5, 0);
    n = 0;
    while (xl_wl_next(&wl, &w, &in))
        n++;
    assert_int_equal(n, 35);
    /* adjust_weights: 9 instructions; work-group 0's ty == 0 row adds 6 */
    xl_wl_wave_init(&wl, &w, 1, 5, 0);
    n = 0;
    while (xl_wl_next(&wl, &w, &in))
        n++;
    assert_int_equal(n, 9);
    xl_wl_wave_init(&wl, &w, 1, 0, 0);
    n = 0;
    while (xl_wl_next(&wl, &w, &in))
        n++;
    assert_int_equal(n, 15);
    xl_wl_close(&wl);
    /* scale 0.01: ceil(49,152 * 0.01) = 492 work-groups */
    wl = open_wl("backprop", 10000, 1);
    assert_int_equal(xl_wl_kernel(&wl, 1, &k), 1);
    assert_int_equal(k.workgroups, 492);
    xl_wl_close(&wl);
}

static void test_13_12_kmeans_shapes(void **state)
{
    (void)state;
    xl_workload_t wl = open_wl("kmeans", XL_SCALE_ONE, 1);
    const xl_va_t f_b = region(&wl, "feature")->base, s_b = region(&wl, "feature_swap")->base,
                  c_b = region(&wl, "clusters")->base, m_b = region(&wl, "membership")->base;
    xl_kernel_t k;
    for (uint32_t kid = 0; kid < 6; kid++) {   /* swap + 5 iterations */
        assert_int_equal(xl_wl_kernel(&wl, kid, &k), 1);
        assert_int_equal(k.workgroups, 64);   /* 16,384 points / 256 */
        assert_int_equal(k.waves_per_wg, 4);
    }
    assert_int_equal(xl_wl_kernel(&wl, 6, &k), 0);
    xl_wave_t w;
    xl_instr_t in;
    /* kmeans_swap, work-group 2 wavefront 1: points 576..639. feature[p*34 + 0] is
     * strided by 136 B: 576*136 = 78,336 .. 78,336 + 63*136 + 3 = 86,907: pages 19..21 */
    xl_wl_wave_init(&wl, &w, 0, 2, 1);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.va[0], f_b + 78336u);
    assert_int_equal(in.va[1] - in.va[0], 136u);
    assert_int_equal(distinct_shifted(&in, 12), 3);
    /* feature_swap[0*n + p]: 64 consecutive floats, one page */
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_true(in.op == XL_OP_STORE && in.va[0] == s_b + 576u * 4u);
    assert_int_equal(distinct_shifted(&in, 12), 1);
    unsigned n = 2;
    while (xl_wl_next(&wl, &w, &in))
        n++;
    assert_int_equal(n, 3u * 34u);   /* load, store, loop ALU per feature */
    /* kmeans_kernel_c: per cluster i and feature l: feature_swap[l*n + p] (coalesced,
     * one page), clusters[i*34 + l] (one address), ALU; per cluster a compare */
    xl_wl_wave_init(&wl, &w, 1, 2, 1);
    unsigned nf = 0;
    n = 0;
    while (xl_wl_next(&wl, &w, &in)) {
        n++;
        if (in.op == XL_OP_LOAD && in.pc == 0) {
            uint64_t l = nf % 34u;
            assert_int_equal(in.va[0], s_b + (l * 16384u + 576u) * 4u);
            assert_int_equal(distinct_shifted(&in, 12), 1);
            nf++;
        } else if (in.op == XL_OP_LOAD) {
            uint64_t i = (nf - 1u) / 34u, l = (nf - 1u) % 34u;
            assert_int_equal(in.va[0], c_b + (i * 34u + l) * 4u);
            assert_int_equal(in.va[63], in.va[0]);
        } else if (in.op == XL_OP_STORE) {
            assert_int_equal(in.va[0], m_b + 576u * 4u);
        }
    }
    assert_int_equal(nf, 5u * 34u);
    assert_int_equal(n, 5u * (3u * 34u + 1u) + 1u);   /* 516 */
    xl_wl_close(&wl);
}

static void test_13_13_hotspot_shapes(void **state)
{
    (void)state;
    xl_workload_t wl = open_wl("hotspot", XL_SCALE_ONE, 1);
    const xl_va_t t0 = region(&wl, "temp0")->base, t1 = region(&wl, "temp1")->base,
                  pw = region(&wl, "power")->base;
    xl_kernel_t k;
    /* small block 16 - 2*2 = 12, ceil(1024 / 12) = 86 blocks per side */
    assert_int_equal(xl_wl_kernel(&wl, 1, &k), 1);
    assert_int_equal(k.workgroups, 86u * 86u);
    assert_int_equal(k.waves_per_wg, 4);
    assert_int_equal(xl_wl_kernel(&wl, 2, &k), 0);
    xl_wave_t w;
    xl_instr_t in;
    /* interior work-group bx = by = 1 (wg 87), wavefront 0 (ty 0..3): blkY = blkX =
     * 12 - 2 = 10, lane (ty, tx) reads index (10 + ty) * 1024 + 10 + tx */
    xl_wl_wave_init(&wl, &w, 0, 87, 0);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.mask, ALL);
    assert_int_equal(in.va[0], t0 + (10u * 1024u + 10u) * 4u);
    assert_int_equal(in.va[17], t0 + (11u * 1024u + 11u) * 4u);
    /* a tile row (16 lanes) is one page: a grid row is 4 KB; the wave's 4 rows are 4 */
    for (unsigned t = 0; t < 4; t++) {
        xl_instr_t row = in;
        row.mask = UINT64_C(0xFFFF) << (16u * t);
        assert_int_equal(distinct_shifted(&row, 12), 1);
    }
    assert_int_equal(distinct_shifted(&in, 12), 4);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);   /* power[index] */
    assert_int_equal(in.va[0], pw + (10u * 1024u + 10u) * 4u);
    /* the store after the last of 2 iterations: tx, ty in [2, 13]: ty 2, 3 x 12 lanes,
     * to temp1 (launch 0 writes temp[1]) */
    unsigned n = 2;
    while (xl_wl_next(&wl, &w, &in)) {
        n++;
        if (in.op == XL_OP_STORE) {
            assert_int_equal(in.mask, UINT64_C(0x3FFC3FFC) << 32);
            assert_int_equal(in.va[34], t1 + (12u * 1024u + 12u) * 4u);
        }
    }
    /* 2 loads, LDS, BAR, ALU, iteration 0: 6, iteration 1: 4, LDS, ST = 17 */
    assert_int_equal(n, 17);
    /* corner work-group (0, 0): blkY = blkX = -2, so only ty, tx >= 2 are in the grid:
     * wavefront 0 loads 2 rows x 14 lanes; lane (ty 2, tx 2) reads element 0 */
    xl_wl_wave_init(&wl, &w, 1, 0, 0);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.mask, UINT64_C(0xFFFCFFFC) << 32);
    assert_int_equal(in.va[34], t1);   /* launch 1 reads temp[1] */
    xl_wl_close(&wl);
    /* scale 0.01: ceil(7,396 * 0.01) = 74 work-groups */
    wl = open_wl("hotspot", 10000, 1);
    assert_int_equal(xl_wl_kernel(&wl, 0, &k), 1);
    assert_int_equal(k.workgroups, 74);
    xl_wl_close(&wl);
}

static void test_13_14_lud_kernels(void **state)
{
    (void)state;
    /* 2048 / 16 = 128 block steps: per step s = 0..126 diagonal (1 work-group of 16),
     * perimeter (127 - s work-groups of 32), internal ((127 - s)^2 of 16 x 16), then
     * the last diagonal: 3 * 127 + 1 = 382 kernels */
    xl_workload_t wl = open_wl("lud", XL_SCALE_ONE, 1);
    const xl_va_t m = region(&wl, "m")->base;
    static const struct { uint32_t k, wgs, waves; } t[] = {
        {0, 1, 1}, {1, 127, 1}, {2, 16129, 4}, {3, 1, 1}, {4, 126, 1}, {5, 15876, 4},
        {379, 1, 1}, {380, 1, 4}, {381, 1, 1},
    };
    xl_kernel_t k;
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        assert_int_equal(xl_wl_kernel(&wl, t[i].k, &k), 1);
        assert_int_equal(k.workgroups, t[i].wgs);
        assert_int_equal(k.waves_per_wg, t[i].waves);
    }
    assert_int_equal(xl_wl_kernel(&wl, 382, &k), 0);
    xl_wave_t w;
    xl_instr_t in;
    /* diagonal of step 0: 16 lanes load row i of the tile: m[i * 2048 + tx] */
    xl_wl_wave_init(&wl, &w, 0, 0, 0);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.mask, UINT64_C(0xFFFF));
    assert_int_equal(in.va[15], m + 15u * 4u);
    assert_int_equal(distinct_shifted(&in, 12), 1);
    /* 16 x 2 loads, a barrier, the triangular loops (sum over i = 0..14 of 6i + 8 =
     * 750), 15 x 2 stores: 813 */
    unsigned n = 1;
    while (xl_wl_next(&wl, &w, &in))
        n++;
    assert_int_equal(n, 813);
    /* internal of step 0, work-group (bx 0, by 0), wavefront 0 (ty 0..3): peri_row
     * m[ty * 2048 + 16 + tx]: a row pitch of 8 KB, so 4 rows = 4 pages */
    xl_wl_wave_init(&wl, &w, 2, 0, 0);
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.va[0], m + 16u * 4u);
    assert_int_equal(in.va[16], m + (2048u + 16u) * 4u);
    assert_int_equal(distinct_shifted(&in, 12), 4);
    /* peri_col m[(16 + ty) * 2048 + tx] */
    assert_int_equal(xl_wl_next(&wl, &w, &in), 1);
    assert_int_equal(in.va[0], m + 16u * 2048u * 4u);
    n = 2;
    while (xl_wl_next(&wl, &w, &in))
        n++;
    assert_int_equal(n, 9);
    /* perimeter of step 0, work-group 0: the row side (lanes 0..15) and the column side
     * (lanes 16..31) in turn; the column side's first load is dia row 8 */
    xl_wl_wave_init(&wl, &w, 1, 0, 0);
    assert_int_equal(next_pc(&wl, &w, &in, 4), 1);
    assert_int_equal(in.mask, UINT64_C(0xFFFF0000));
    assert_int_equal(in.va[16], m + 8u * 2048u * 4u);
    n = 0;
    xl_wl_wave_init(&wl, &w, 1, 0, 0);
    while (xl_wl_next(&wl, &w, &in))
        n++;
    /* 96 loads/LDS, BAR, 360 + 408 loop slots, BAR, 30 + 32 stores/LDS = 928 */
    assert_int_equal(n, 928);
    xl_wl_close(&wl);
    /* scale 0.01 runs the first ceil(3.82) = 4 kernels */
    wl = open_wl("lud", 10000, 1);
    assert_int_equal(xl_wl_kernel(&wl, 3, &k), 1);
    assert_int_equal(xl_wl_kernel(&wl, 4, &k), 0);
    xl_wl_close(&wl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_13_01_registry_and_aliases),
        cmocka_unit_test(test_13_02_footprints_match_table2),
        cmocka_unit_test(test_13_03_addresses_inside_regions),
        cmocka_unit_test(test_13_04_determinism_and_generation_order),
        cmocka_unit_test(test_13_05_graph_builder_small),
        cmocka_unit_test(test_13_06_sssp_csr_from_the_stream),
        cmocka_unit_test(test_13_07_gather_pages),
        cmocka_unit_test(test_13_08_sssp_kernels),
        cmocka_unit_test(test_13_09_color_masks_follow_the_algorithm),
        cmocka_unit_test(test_13_10_mis_masks_follow_the_algorithm),
        cmocka_unit_test(test_13_11_backprop_shapes),
        cmocka_unit_test(test_13_12_kmeans_shapes),
        cmocka_unit_test(test_13_13_hotspot_shapes),
        cmocka_unit_test(test_13_14_lud_kernels),
    };
    return cmocka_run_group_tests_name("t13_workload_regular", tests, NULL, NULL);
}
