/*
 * t22_tokens.c - area 22: MASK's TLB-fill tokens and epoch unit (model/src/gpu/tokens.h;
 * docs/papers/mask.md "TLB-fill tokens", ASPLOS'18 §5.2, §5.4 Equation 1, §7.4): the
 * epoch rule on given miss counts, the token fraction and which warps hold a token for a
 * given residency, the 16-bit counters' halving, the Silver quotas, the Fig 5 sampling
 * of an event-skipping run, and in small systems: fill or bypass, a bypass-cache hit
 * counted as a hit, two address spaces apart in the bypass cache, no shared L2 TLB.
 */
#include "xltest.h"
#include "xltest_wl.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/config.h"
#include "xlat/sim.h"
#include "xlat/stats.h"
#include "xlat/tlb.h"

#include "../../model/src/gpu/tokens.h"

/* The paper's defaults: 80 % initial tokens, 2 points, steps of 10 % of the warps. */
static const tok_params_t P = {80, 2, 10, XL_TOK_THRESHOLD};

/* 22.01 Epoch 1 (k = 1) sets T to 80 % of the warps, whatever the miss rate:
 * W = 40 -> T = floor(80 * 40 / 100) = 32, f = floor(256 * 32 / 40) = floor(204.8) = 204.
 * The epoch's counts become the reference: m_prev = 30, ac_prev = 100. */
static void test_22_01_first_epoch(void **st)
{
    (void)st;
    tok_app_t a = {0};
    tok_epoch_compute(&P, 1, 30, 100, 40, &a);
    assert_int_equal(a.T, 32);
    assert_int_equal(a.W, 40);
    assert_int_equal(a.f_new, 204);
    assert_int_equal(a.m_prev, 30);
    assert_int_equal(a.ac_prev, 100);
    assert_int_equal(a.epochs, 1);
    assert_int_equal(a.incs + a.decs, 0);
}

/* 22.02 The threshold rule after epoch 1 (T = 32 of W = 40, miss rate 30/100 = 30 %):
 *   35/100 = 35 %: up 5 points > 2 -> contention: T = 32 - ceil(10 * 40 / 100) = 32 - 4 = 28,
 *     f = floor(256 * 28 / 40) = floor(179.2) = 179, direction down;
 *   then 60/200 = 30 %: down 5 points -> T = 28 + 4 = 32, direction up;
 *   then 61/200 = 30.5 %: within 2 points -> T stays 32;
 *   then 65/200 = 32.5 % against 30.5 %: exactly 2 points, not more:
 *     100 * (65 * 200 - 61 * 200) = 80000, 2 * 200 * 200 = 80000, not > -> T stays. */
static void test_22_02_threshold_rule(void **st)
{
    (void)st;
    tok_app_t a = {0};
    tok_epoch_compute(&P, 1, 30, 100, 40, &a);
    tok_epoch_compute(&P, 2, 35, 100, 40, &a);
    assert_int_equal(a.T, 28);
    assert_int_equal(a.f_new, 179);
    assert_int_equal(a.dir, 0);
    assert_int_equal(a.decs, 1);
    tok_epoch_compute(&P, 3, 60, 200, 40, &a);
    assert_int_equal(a.T, 32);
    assert_int_equal(a.dir, 1);
    assert_int_equal(a.incs, 1);
    tok_epoch_compute(&P, 4, 61, 200, 40, &a);
    assert_int_equal(a.T, 32);
    tok_epoch_compute(&P, 5, 65, 200, 40, &a);
    assert_int_equal(a.T, 32);
    assert_int_equal(a.incs, 1);
    assert_int_equal(a.decs, 1);
    assert_int_equal(a.epochs, 5);
}

/* 22.03 Edges: an epoch with no lookups (ac = 0) leaves T and keeps the old reference
 * (30/100), so the next epoch, 40/100 = 40 %, compares with 30 %: up 10 points,
 * T = 32 - 4 = 28. Steps round up: W = 41 -> ceil(4.1) = 5. T stays within 0..W: from
 * T = 3, W = 41, a rise takes 5 -> 0; a fall from T = 40 gives min(45, 41) = 41; fewer
 * warps clamp: W 41 -> 20 with T = 41 unchanged gives T = 20, f = 256. W = 0: f = 256. */
static void test_22_03_edges(void **st)
{
    (void)st;
    tok_app_t a = {0};
    tok_epoch_compute(&P, 1, 30, 100, 40, &a);
    tok_epoch_compute(&P, 2, 0, 0, 40, &a);
    assert_int_equal(a.T, 32);
    assert_int_equal(a.m_prev, 30);
    assert_int_equal(a.ac_prev, 100);
    tok_epoch_compute(&P, 3, 40, 100, 40, &a);
    assert_int_equal(a.T, 28);

    tok_app_t b = {.T = 3, .m_prev = 10, .ac_prev = 100};
    tok_epoch_compute(&P, 2, 50, 100, 41, &b);   /* 10 % -> 50 % */
    assert_int_equal(b.T, 0);
    assert_int_equal(b.f_new, 0);
    tok_app_t c = {.T = 40, .m_prev = 50, .ac_prev = 100};
    tok_epoch_compute(&P, 2, 10, 100, 41, &c);   /* 50 % -> 10 % */
    assert_int_equal(c.T, 41);
    tok_epoch_compute(&P, 3, 10, 100, 20, &c);   /* same rate, 20 warps */
    assert_int_equal(c.T, 20);
    assert_int_equal(c.f_new, 256);
    tok_epoch_compute(&P, 4, 0, 0, 0, &c);
    assert_int_equal(c.T, 0);
    assert_int_equal(c.f_new, 256);
    assert_int_equal(tok_frac(0, 0), 256);
}

/* 22.04 The hill climb (mask.tok_policy = hillclimb): the direction starts down; a miss
 * rate worse by more than 2 points flips it, then T steps that way; a better one steps
 * on in the same direction. W = 40, step 4: epoch 1 T = 32; 30 % -> 35 % (worse): flip to
 * up, T = 36; 35 % -> 20 % (better): up again, T = 40; 20 % -> 21 %: no move. */
static void test_22_04_hillclimb(void **st)
{
    (void)st;
    tok_params_t h = P;
    h.policy = XL_TOK_HILLCLIMB;
    tok_app_t a = {0};
    tok_epoch_compute(&h, 1, 30, 100, 40, &a);
    tok_epoch_compute(&h, 2, 35, 100, 40, &a);
    assert_int_equal(a.T, 36);
    assert_int_equal(a.dir, 1);
    tok_epoch_compute(&h, 3, 20, 100, 40, &a);
    assert_int_equal(a.T, 40);
    tok_epoch_compute(&h, 4, 21, 100, 40, &a);
    assert_int_equal(a.T, 40);
    assert_int_equal(a.incs, 2);
}

/* 22.05 Which warps hold a token: f = 204 (80 % of 40 warps) on a core with R = 10
 * resident warps allots (204 * 10) >> 8 = 2040 >> 8 = 7, so the warps with 0..6 resident
 * warps in lower slots hold one, the 8th does not. Residency {slots 0, 2, 5, 9}: R = 4,
 * allotment (204 * 4) >> 8 = 816 >> 8 = 3: slots 0, 2, 5 hold one (0, 1, 2 below), slot 9
 * (3 below) does not. f = 256 (epoch 0, or W = 0): every resident warp (R - 1 < R). f = 0:
 * none. */
static void test_22_05_has_token(void **st)
{
    (void)st;
    assert_true(tok_has(204, 6, 10));
    assert_false(tok_has(204, 7, 10));
    const uint64_t res = 1u << 0 | 1u << 2 | 1u << 5 | 1u << 9;
    const unsigned slot[4] = {0, 2, 5, 9};
    for (unsigned i = 0; i < 4; i++) {
        unsigned below = (unsigned)__builtin_popcountll(res & ((UINT64_C(1) << slot[i]) - 1u));
        assert_int_equal(below, i);
        assert_int_equal(tok_has(204, below, 4), i < 3);
    }
    assert_true(tok_has(256, 63, 64));
    assert_false(tok_has(0, 0, 64));
}

/* 22.06 The per-core 16-bit counters: when either would overflow, both halve first.
 * hit = 65535, miss = 11; a miss: hit = 32767, miss = 5 + 1 = 6. hit = 65535, miss = 0; a
 * hit: 32767 + 1 = 32768, 0. Below the top they just count. */
static void test_22_06_counter_halving(void **st)
{
    (void)st;
    tok_ctr_t c = {65535, 11};
    tok_count(&c, 1);
    assert_int_equal(c.hit, 32767);
    assert_int_equal(c.miss, 6);
    tok_ctr_t d = {65535, 0};
    tok_count(&d, 0);
    assert_int_equal(d.hit, 32768);
    assert_int_equal(d.miss, 0);
    tok_ctr_t e = {100, 65534};
    tok_count(&e, 1);
    assert_int_equal(e.miss, 65535);
    assert_int_equal(e.hit, 100);
}

/* 22.07 Equation 1: p = (10 * 5, 2 * 3) = (50, 6), S = 56: thresh = floor(500 * 50 / 56) =
 * floor(446.4) = 446 and floor(500 * 6 / 56) = floor(53.6) = 53. Inputs saturate at 63:
 * (100, 1) and (63, 1) are alike: p = (63, 63), 250 each. S = 0: 500 / 2 = 250 each, and
 * 500 / 3 = 166 for three applications. */
static void test_22_07_quota(void **st)
{
    (void)st;
    uint32_t th[3];
    tok_quota((const uint32_t[]){10, 2}, (const uint32_t[]){5, 3}, 2, 500, th);
    assert_int_equal(th[0], 446);
    assert_int_equal(th[1], 53);
    tok_quota((const uint32_t[]){100, 63}, (const uint32_t[]){1, 1}, 2, 500, th);
    assert_int_equal(th[0], 250);
    assert_int_equal(th[1], 250);
    tok_quota((const uint32_t[]){0, 7}, (const uint32_t[]){9, 0}, 2, 500, th);
    assert_int_equal(th[0], 250);
    assert_int_equal(th[1], 250);
    tok_quota((const uint32_t[]){0, 0, 0}, (const uint32_t[]){0, 0, 0}, 3, 500, th);
    assert_int_equal(th[2], 166);
}

/* 22.08 The Silver inputs of an epoch (tok_silver). Application 0 had at most 12 walks
 * at once and 4 now; the most warps on one of its MSHRs were 9 this epoch, 2 on those
 * live now. Application 1: 3 walks at most, 3 now, 5 warps at most, 5 now.
 *   max:      p = (12 * 9, 3 * 5) = (108, 15), S = 123: 500 * 108 / 123 = 439, 500 * 15 / 123 = 60;
 *   snapshot: p = (4 * 2, 3 * 5) = (8, 15), S = 23: 500 * 8 / 23 = 173, 500 * 15 / 23 = 326.
 * After either, the marks restart from the live values (12 -> 4, 9 -> 2). */
static void test_22_08_silver_inputs(void **st)
{
    (void)st;
    for (int mode = 0; mode < 2; mode++) {
        tok_unit_t u;
        memset(&u, 0, sizeof u);
        u.c[0] = (tok_appc_t){.live = 4, .live_hw = 12, .ws_hw = 9};
        u.c[1] = (tok_appc_t){.live = 3, .live_hw = 3, .ws_hw = 5};
        const uint32_t ws_live[2] = {2, 5};
        tok_silver(&u, mode ? XL_DSTAT_SNAPSHOT : XL_DSTAT_MAX, ws_live, 2, 500);
        assert_int_equal(u.c[0].conptw, mode ? 4 : 12);
        assert_int_equal(u.c[0].ws, mode ? 2 : 9);
        assert_int_equal(u.c[0].thresh, mode ? 173 : 439);
        assert_int_equal(u.c[1].thresh, mode ? 326 : 60);
        assert_int_equal(u.c[0].live_hw, 4);
        assert_int_equal(u.c[0].ws_hw, 2);
    }
}

/* 22.09 Fig 5's samples at cycles 10000, 20000, ... of a run that visits only the
 * cycles where something happens: a walk starts at 5000 (1 live) and another at 10000
 * (2 live; the sample at 10000 takes the count after that cycle's events), one ends at
 * 20001: the samples at 10000 and 20000 both read 2 (sum 4, min = max = 2); the end at
 * 45000 adds 30000 and 40000 with 1: four samples, sum 6, min 1, max 2. */
static void test_22_09_walk_samples(void **st)
{
    (void)st;
    tok_unit_t u;
    memset(&u, 0, sizeof u);
    u.next_sample = TOK_SAMPLE;
    tok_walk_start(&u, 0, 5000);
    tok_walk_start(&u, 0, 10000);
    assert_int_equal(u.walks.n, 0);
    tok_walk_end(&u, 0, 20001);
    assert_int_equal(u.walks.n, 2);
    assert_int_equal(u.walks.sum, 4);
    assert_int_equal(u.walks.min, 2);
    assert_int_equal(u.c[0].walks.max, 2);
    assert_int_equal(u.c[0].live_hw, 2);
    tok_sample(&u, 45000);
    assert_int_equal(u.walks.n, 4);
    assert_int_equal(u.walks.sum, 6);
    assert_int_equal(u.walks.min, 1);
    assert_int_equal(u.walks.max, 2);
    assert_int_equal(u.next_sample, 50000);
}

/* 22.10 The bypass cache keeps address spaces apart: a 32-entry fully associative
 * ASID-tagged TLB (tokens.c builds it so) filled for VA 0x5000 in ASID 1 (frame 0xA000)
 * misses the same VA in ASID 2; filled for ASID 2 (frame 0xB000), each finds its own. The
 * 33rd page evicts the least recently used one. */
static void test_22_10_bypass_asids(void **st)
{
    (void)st;
    xl_config_t c;
    char err[256];
    xl_config_defaults(&c);
    assert_int_equal(xl_config_set(&c, "mask.tokens=1", err, sizeof err), XL_OK);
    tok_unit_t u;
    assert_int_equal(tok_init(&u, &c, 4, err, sizeof err), XL_OK);
    xl_pa_t pa = 0;
    xl_tlb_fill(&u.byp, 1, 0x5000, 0xA000, 12, NULL);
    assert_false(xl_tlb_lookup(&u.byp, 2, 0x5000, &pa));
    xl_tlb_fill(&u.byp, 2, 0x5000, 0xB000, 12, NULL);
    assert_true(xl_tlb_lookup(&u.byp, 1, 0x5123, &pa));
    assert_int_equal(pa, 0xA123);
    assert_true(xl_tlb_lookup(&u.byp, 2, 0x5123, &pa));
    assert_int_equal(pa, 0xB123);
    /* 30 more pages fill it (32); ASID 1's 0x5000 was used before ASID 2's: the 33rd
     * page evicts it */
    for (uint64_t p = 0; p < 31; p++)
        xl_tlb_fill(&u.byp, 1, 0x100000 + p * 0x1000, 0x200000 + p * 0x1000, 12, NULL);
    assert_int_equal(u.byp.evictions, 1);
    assert_false(xl_tlb_probe(&u.byp, 1, 0x5000, &pa));
    assert_true(xl_tlb_probe(&u.byp, 2, 0x5000, &pa));
    tok_free(&u);
}

/* ------------------------------------------------------------------ small systems */

/* Workload "tk": work-group i of one wavefront spins on 500-cycle ALU instructions (so it
 * issues in every 1000-cycle epoch and counts among its core's warps), makes one one-lane
 * load of region base + 0x1234 after load_at[i] of them, and ends after 16 in all. */
typedef struct { uint32_t wgs, load_at[2]; } tk_t;

static int tk_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    out->workgroups = ((const tk_t *)wl->priv)->wgs;
    out->waves_per_wg = 1;
    return k == 0;
}
static int tk_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const tk_t *t = wl->priv;
    memset(out, 0, sizeof *out);
    uint64_t i = w->step++;
    if (i == t->load_at[w->wg]) {
        out->op = XL_OP_LOAD;
        out->bytes = 4;
        out->mask = 1;
        out->va[0] = wl->regions[0].base + 0x1234;
        return 1;
    }
    if (i > 16) {
        out->op = XL_OP_END;
        return 0;
    }
    out->op = XL_OP_ALU;
    out->cycles = 500;
    return 1;
}
static const xl_wl_desc_t tk_desc = {"tk", "", "test", "irregular", "spin, one load",
                                     ld_create, ld_destroy, tk_kernel, ld_begin, tk_next};

/* Application 0 (CUs 0 and 1 of 3) runs two wavefronts, one per CU, loading the page at
 * about cycle 2000 (after 4 ALU instructions) and 4000 (8); application 1 (CU 2) one
 * wavefront loading the same VA of its own address space at about 3000 (6). Tokens on,
 * epochs of 1000 cycles; set and set2 (may be NULL) add settings or undo them. */
static xl_sim_t *tk_run(const char *set, const char *set2, xl_workload_t *w0, xl_workload_t *w1)
{
    static const tk_t t0 = {2, {4, 8}}, t1 = {1, {6, 0}};
    xl_config_t c;
    char err[256];
    *w0 = (xl_workload_t){.desc = &tk_desc, .priv = (void *)&t0};
    *w1 = (xl_workload_t){.desc = &tk_desc, .priv = (void *)&t1};
    ld_create(w0, NULL, 0);
    ld_create(w1, NULL, 0);
    xl_config_defaults(&c);
    const char *sets[] = {"gpu.cus=3", "mask.tokens=1", "mask.epoch=1000",
                          "mask.tok_thresh_pp=100", set, set2};
    for (unsigned i = 0; i < 6; i++)
        if (sets[i])
            assert_int_equal(xl_config_set(&c, sets[i], err, sizeof err), XL_OK);
    const xl_workload_t *wls[2] = {w0, w1};
    xl_sim_t *g = NULL;
    assert_int_equal(xl_sim_create_apps(&g, &c, wls, 2, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_run(g, err, sizeof err), XL_OK);
    return g;
}

static xl_stats_t *stats_of(const xl_sim_t *g)
{
    xl_stats_t *s = xl_stats_create();
    xl_sim_stats(g, s);
    xl_stats_freeze(s);
    return s;
}

/* 22.11 Fill or bypass, and a bypass hit is a hit. With mask.initial_tokens_pct = 0 the
 * first epoch (cycles 0-999: 2 warps of application 0, 1 of application 1 issued) gives
 * T = floor(0 * W / 100) = 0, so f = 0 from the commit at 1032 on, and tok_thresh_pp =
 * 100 keeps it there (no rate moves more than 100 points); every epoch has warps issuing,
 * so W > 0 and f stays 0: no warp holds a token. The three loads come after 1032:
 *   ~2000 app 0 CU 0: misses the L2 TLB and the bypass cache, walks, fills the bypass cache;
 *   ~3000 app 1 CU 2, same VA, ASID 2: misses both (ASID 1's entry is not its), walks,
 *         fills the bypass cache;
 *   ~4000 app 0 CU 1: its own L1 TLB misses; the L2 TLB misses, the bypass cache hits.
 * So 3 lookups (each probes the bypass cache), 1 hit, 2 walks, 2 bypass fills, no L2 TLB
 * fill; hit rate 1/3 = 0.3333 with the bypass hit, 0 without. With initial_tokens_pct =
 * 100 (f = 256, every warp holds a token) the same run fills the L2 TLB twice and the
 * third load hits there; nothing else changes, so its cycles are the run without tokens. */
static void test_22_11_fill_or_bypass(void **st)
{
    (void)st;
    xl_workload_t w0, w1;
    xl_sim_t *g = tk_run("mask.initial_tokens_pct=0", NULL, &w0, &w1);
    (void)w1;
    xl_stats_t *s = stats_of(g);
    expect_stats(s, "sim.apps=2 l2tlb.accesses=3 l2tlb.hits=1 l2tlb.misses=2 iommu.walks=2 "
                    "l2tlb.fills=0 l2tlb.bypass.fills=2 l2tlb.bypass.probes=3 "
                    "l2tlb.bypass.hits=1 l2tlb.bypass.evictions=0 l2tlb.bypass.duplicates=0 "
                    "l2tlb.hit_rate=3333 l2tlb.hit_rate_no_bypass=0 "
                    "l2tlb.app0.accesses=2 l2tlb.app0.hits=1 l2tlb.app0.bypass_hits=1 "
                    "l2tlb.app1.accesses=1 l2tlb.app1.misses=1 l2tlb.app1.bypass_hits=0 "
                    "mask.tokens.app0.tokens=0 mask.tokens.app0.frac=0 "
                    "mask.tokens.app0.warps=2 mask.tokens.app1.warps=1 "
                    "mask.tokens.app0.increases=0 mask.tokens.app0.decreases=0");
    /* one boundary per 1000 cycles the run lasted */
    assert_int_equal(stat_get(s, "mask.epochs"), stat_get(s, "sim.cycles") / 1000);
    assert_true(stat_get(s, "mask.epochs") >= 5);
    uint64_t cyc = stat_get(s, "sim.cycles");
    xl_stats_destroy(s);
    xl_sim_destroy(g);

    g = tk_run("mask.initial_tokens_pct=100", NULL, &w0, &w1);
    s = stats_of(g);
    expect_stats(s, "l2tlb.accesses=3 l2tlb.hits=1 l2tlb.fills=2 l2tlb.bypass.fills=0 "
                    "l2tlb.bypass.hits=0 l2tlb.hit_rate=3333 l2tlb.hit_rate_no_bypass=3333 "
                    "mask.tokens.app0.frac=256");
    uint64_t cyc100 = stat_get(s, "sim.cycles");
    xl_stats_destroy(s);
    xl_sim_destroy(g);

    g = tk_run("mask.tokens=0", NULL, &w0, &w1);
    s = stats_of(g);
    assert_int_equal(stat_get(s, "sim.cycles"), cyc100);
    assert_int_equal(stat_get(s, "l2tlb.hits"), 1);
    assert_int_equal(xl_stats_get(s, "l2tlb.bypass.hits", &cyc), 0);   /* not registered */
    xl_stats_destroy(s);
    xl_sim_destroy(g);
}

/* 22.12 The Fig 6 counters of the same run: every L1 MSHR had one page request and every
 * L2 MSHR one L1 MSHR (one warp), so mean = max = 1 (1.00 -> 100); the Silver inputs of
 * the last epoch are 0 (nothing outstanding by then), so each quota is 500 / 2 = 250. */
static void test_22_12_fig6_and_silver(void **st)
{
    (void)st;
    xl_workload_t w0, w1;
    xl_sim_t *g = tk_run("mask.initial_tokens_pct=0", NULL, &w0, &w1);
    xl_stats_t *s = stats_of(g);
    expect_stats(s, "l1tlb.app0.mshr_requests.mean=100 l1tlb.app0.mshr_requests.max=1 "
                    "l2tlb.app0.mshr_warps.mean=100 l2tlb.app0.mshr_warps.max=1 "
                    "l2tlb.app1.mshr_warps.max=1 l1tlb.app0.misses=2 l1tlb.app1.misses=1 "
                    "mask.silver.app0.conptw=0 mask.silver.app0.thresh=250 "
                    "mask.silver.app1.thresh=250");
    xl_stats_destroy(s);
    xl_sim_destroy(g);
}

/* 22.13 No shared L2 TLB (l2tlb.entries = 0, the PWCache design; tokens off, they need
 * it): the three L1 misses go straight to the L2 MSHRs, so no L2 TLB lookup is counted
 * and nothing is filled there; all three reach the IOMMU (3 IOMMU TLB lookups, where
 * the third, application 0's page again, hits: 2 walks). Tokens without the L2 TLB: a
 * configuration error naming both keys. */
static void test_22_13_no_l2_tlb(void **st)
{
    (void)st;
    xl_workload_t w0, w1;
    xl_sim_t *g = tk_run("mask.tokens=0", "l2tlb.entries=0", &w0, &w1);
    xl_stats_t *s = stats_of(g);
    uint64_t v;
    expect_stats(s, "l2tlb.accesses=0 l2tlb.hits=0 l2tlb.mshr_merges=0 iommu.tlb1.accesses=3 "
                    "iommu.tlb1.hits=1 iommu.walks=2 l2tlb.app0.accesses=0");
    assert_int_equal(xl_stats_get(s, "l2tlb.hit_rate", &v), 0);
    xl_stats_destroy(s);
    xl_sim_destroy(g);

    xl_config_t c;
    char err[256] = "";
    xl_config_defaults(&c);
    assert_int_equal(xl_config_set(&c, "l2tlb.entries=0", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_OK);
    assert_int_equal(xl_config_set(&c, "mask.tokens=1", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "mask.tokens"));
    assert_non_null(strstr(err, "l2tlb.entries"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_22_01_first_epoch),
        cmocka_unit_test(test_22_02_threshold_rule),
        cmocka_unit_test(test_22_03_edges),
        cmocka_unit_test(test_22_04_hillclimb),
        cmocka_unit_test(test_22_05_has_token),
        cmocka_unit_test(test_22_06_counter_halving),
        cmocka_unit_test(test_22_07_quota),
        cmocka_unit_test(test_22_08_silver_inputs),
        cmocka_unit_test(test_22_09_walk_samples),
        cmocka_unit_test(test_22_10_bypass_asids),
        cmocka_unit_test(test_22_11_fill_or_bypass),
        cmocka_unit_test(test_22_12_fig6_and_silver),
        cmocka_unit_test(test_22_13_no_l2_tlb),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
