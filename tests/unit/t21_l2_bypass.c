/*
 * t21_l2_bypass.c - unit tests of MASK's address-translation-aware L2 bypass
 * (model/src/mem/l2byp.[ch] in the memory system, memsys.c; ASPLOS'18 §5.3;
 * docs/papers/mask.md): the decision from given hit rates, min-samples gating, strict
 * "below", the exact period boundary, that a bypassed read neither probes nor fills the
 * L2, the epoch mode's sampled reads and reset, the switch off, and the 128-bit compare.
 *
 * Default config (t12_memsys.c's file comment): L2 lookup H = 40 GPU cycles after submit,
 * 4 MB 16-way L2 of 64 B lines; plus mask.l2_bypass = 1, mask.byp_period = 100000
 * (decisions at cycles 100000, 200000, ...), mask.byp_min_samples = 100. Warm-up traffic
 * (warm below) is submitted at cycle 0 and again once it is all back, well before cycle
 * 100000: data reads of lines 0..D-1 (misses), then of the first Dh of them (hits);
 * page-table reads of depth L of lines 0x8000.. (misses), then of the first Ph (hits).
 * So the counters are A[0] = D + Dh, H[0] = Dh, A[L] = P + Ph, H[L] = Ph.
 */
#include "xltest.h"

#include "xlat/config.h"
#include "xlat/memsys.h"

#include "../../model/src/mem/l2byp.h"

#define B 100000u
#define PT_BASE 0x200000u      /* line 0x8000 */

static xl_config_t cfg(void)
{
    xl_config_t c;
    xl_config_defaults(&c);
    c.mask.l2_bypass = 1;
    c.mask.byp_period = B;
    c.mask.byp_min_samples = 100;
    return c;
}

static xl_memsys_t *mk(const xl_config_t *c)
{
    char err[200] = "";
    xl_memsys_t *m = xl_memsys_create(c, err, sizeof err);
    assert_non_null(m);
    xl_memsys_set_apps(m, 1);
    return m;
}

static void rd(xl_memsys_t *m, uint64_t now, xl_pa_t pa, uint8_t depth)
{
    xl_mem_req_t r;
    memset(&r, 0, sizeof r);
    r.addr = pa;
    r.kind = depth ? XL_MEM_PT : XL_MEM_DATA;
    r.depth = depth;
    xl_memsys_submit(m, now, &r);
}

/* Run to idle; the cycle of the last completion. */
static uint64_t drain(xl_memsys_t *m)
{
    uint64_t t, last = 0;
    while ((t = xl_memsys_next_event(m)) != UINT64_MAX) {
        while (xl_memsys_pop(m, t, NULL, NULL))
            last = t;
    }
    return last;
}

/* The warm-up of the file comment at depth L: D data misses, Dh data hits, P page-table
 * misses, Ph page-table hits. Returns the cycle it ended (checked < B - 40, so every
 * lookup precedes the first decision). */
static uint64_t warm(xl_memsys_t *m, unsigned D, unsigned Dh, unsigned P, unsigned Ph,
                     uint8_t L)
{
    uint64_t t;
    for (unsigned i = 0; i < D; i++)
        rd(m, 0, (xl_pa_t)i * 64u, 0);
    for (unsigned i = 0; i < P; i++)
        rd(m, 0, PT_BASE + (xl_pa_t)i * 64u, L);
    t = drain(m);
    for (unsigned i = 0; i < Dh; i++)
        rd(m, t, (xl_pa_t)i * 64u, 0);
    for (unsigned i = 0; i < Ph; i++)
        rd(m, t, PT_BASE + (xl_pa_t)i * 64u, L);
    t = drain(m);
    assert_true(t < B - 40u);
    return t;
}

static void expect_mem(const xl_memsys_t *m, const char *spec)
{
    xl_stats_t *s = xl_stats_create();
    xl_memsys_stats(m, s);
    expect_stats(s, spec);
    xl_stats_destroy(s);
}

/* 21.01 Leaf level 10/100 hits against data 50/100: 10 * 100 < 50 * 100, so from cycle
 * B on depth 4 bypasses (mask 0b1000); depths 1-3 have no samples and stay. A leaf read
 * of a new line Q1 submitted at B - 1 still probes (the decision is at B); one of Q2 at
 * B skips the L2. Afterwards a data read of Q1 hits (Q1 was filled), one of Q2 misses
 * (the bypassed read did not fill). */
static void test_21_01_decision_and_no_fill(void **state)
{
    (void)state;
    xl_config_t c = cfg();
    xl_memsys_t *m = mk(&c);
    const xl_pa_t q1 = 0x400000u, q2 = 0x400040u;
    warm(m, 50, 50, 90, 10, 4);
    expect_mem(m, "l2d.accesses_data=100 l2d.hits_data=50 l2d.accesses_depth4=100 "
                  "l2d.hits_depth4=10 l2d.byp_decisions=0");
    rd(m, B - 1u, q1, 4);
    rd(m, B, q2, 4);
    drain(m);
    expect_mem(m, "l2d.accesses_depth4=101 l2d.bypassed_depth4=1 l2d.byp_decisions=1 "
                  "l2d.byp_changes=1 l2d.byp_mask=8 l2d.byp_periods_depth4=1 "
                  "l2d.byp_periods_depth3=0 dram.reads_pt=92");
    rd(m, B + 5000u, q1, 0);
    rd(m, B + 5000u, q2, 0);
    drain(m);
    expect_mem(m, "l2d.accesses_data=102 l2d.hits_data=51 l2d.misses_data=51");
    xl_memsys_destroy(m);
}

/* 21.02 Gating and strictness. Data with 49 misses + 50 hits = 99 accesses < 100: no
 * decision may bypass, whatever the leaf's rate (0/100). Equal rates, leaf 50/100 and
 * data 50/100: 50 * 100 < 50 * 100 is false, no bypass. The leaf read at B probes in
 * both. */
static void test_21_02_min_samples_and_equal_rates(void **state)
{
    (void)state;
    xl_config_t c = cfg();
    for (int v = 0; v < 2; v++) {
        xl_memsys_t *m = mk(&c);
        if (v == 0)
            warm(m, 50, 49, 100, 0, 4);
        else
            warm(m, 50, 50, 50, 50, 4);
        rd(m, B, 0x400000u, 4);
        drain(m);
        expect_mem(m, "l2d.bypassed_depth4=0 l2d.byp_decisions=1 l2d.byp_mask=0");
        xl_memsys_destroy(m);
    }
}

/* 21.03 The boundary is exact: a decision at B counts the lookups of cycles before B
 * only. Warm-up: data 50/100, depth 3 with 9 hits in 99 accesses; one more depth-3 read
 * submitted at B - 40 is looked up at cycle B, after the decision: 99 < 100 samples, no
 * bypass at B (a depth-3 read at B + 1 probes). At 2B the counters hold 100 accesses,
 * 9 hits: 9 * 100 < 50 * 100, so a read at 2B is bypassed. */
static void test_21_03_period_boundary(void **state)
{
    (void)state;
    xl_config_t c = cfg();
    xl_memsys_t *m = mk(&c);
    warm(m, 50, 50, 90, 9, 3);
    rd(m, B - 40u, 0x400000u, 3);
    rd(m, B + 1u, 0x400040u, 3);
    drain(m);
    expect_mem(m, "l2d.accesses_depth3=101 l2d.bypassed_depth3=0 l2d.byp_decisions=1 "
                  "l2d.byp_mask=0");
    rd(m, 2u * B, 0x400080u, 3);
    drain(m);
    expect_mem(m, "l2d.accesses_depth3=101 l2d.bypassed_depth3=1 l2d.byp_decisions=2 "
                  "l2d.byp_mask=4");
    xl_memsys_destroy(m);
}

/* 21.04 byp_mode = epoch, byp_sample_period = 4, epoch 200000. As 21.01 depth 4
 * bypasses from B. Eight leaf reads at B: the 4th and 8th probe the L2 (samples), six
 * are bypassed. The decision at 2B still sees the whole epoch (102 accesses, 10 hits:
 * bypass), then the counters reset; at 3B no samples since 2B: the previous decision
 * stays, so a read at 3B is still bypassed (7 in all). */
static void test_21_04_epoch_mode(void **state)
{
    (void)state;
    xl_config_t c = cfg();
    c.mask.byp_mode = XL_BYP_EPOCH;
    c.mask.byp_sample_period = 4;
    c.mask.epoch = 2u * B;
    xl_memsys_t *m = mk(&c);
    warm(m, 50, 50, 90, 10, 4);
    for (unsigned i = 0; i < 8; i++)
        rd(m, B, 0x400000u + (xl_pa_t)i * 64u, 4);
    drain(m);
    expect_mem(m, "l2d.accesses_depth4=102 l2d.bypassed_depth4=6");
    rd(m, 3u * B, 0x500000u, 4);
    drain(m);
    expect_mem(m, "l2d.accesses_depth4=102 l2d.bypassed_depth4=7 l2d.byp_decisions=3 "
                  "l2d.byp_periods_depth4=3 l2d.byp_changes=1");
    xl_memsys_destroy(m);
}

/* 21.05 mask.l2_bypass = 0: the counters count, nothing is decided or bypassed. */
static void test_21_05_off(void **state)
{
    (void)state;
    xl_config_t c = cfg();
    c.mask.l2_bypass = 0;
    xl_memsys_t *m = mk(&c);
    warm(m, 50, 50, 90, 10, 4);
    rd(m, B, 0x400000u, 4);
    drain(m);
    expect_mem(m, "l2d.accesses_depth4=101 l2d.bypassed_depth4=0 l2d.byp_decisions=0");
    xl_memsys_destroy(m);
}

/* 21.06 The compare is exact beyond 64 bits: A[0] = A[4] = 2^40, H[0] = 2^39. With
 * H[4] = 2^39 - 1: (2^39 - 1) * 2^40 < 2^79, bypass; H[4] = 2^39: equal, no bypass;
 * H[4] = 2^39 + 1: no bypass. (The products wrap in 64 bits.) */
static void test_21_06_wide_compare(void **state)
{
    (void)state;
    const uint64_t h4[3] = {(UINT64_C(1) << 39) - 1u, UINT64_C(1) << 39,
                            (UINT64_C(1) << 39) + 1u};
    for (int i = 0; i < 3; i++) {
        xl_config_t c = cfg();
        l2b_t b;
        memset(&b, 0, sizeof b);
        c.mask.byp_period = 10;
        l2b_init(&b, &c);
        b.a[0] = b.a[4] = UINT64_C(1) << 40;
        b.h[0] = UINT64_C(1) << 39;
        b.h[4] = h4[i];
        l2b_boundary(&b, 10);
        assert_int_equal(b.byp, i == 0 ? 8u : 0u);
        assert_int_equal(b.decisions, 1);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_21_01_decision_and_no_fill),
        cmocka_unit_test(test_21_02_min_samples_and_equal_rates),
        cmocka_unit_test(test_21_03_period_boundary),
        cmocka_unit_test(test_21_04_epoch_mode),
        cmocka_unit_test(test_21_05_off),
        cmocka_unit_test(test_21_06_wide_compare),
    };
    return cmocka_run_group_tests_name("t21_l2_bypass", tests, NULL, NULL);
}
