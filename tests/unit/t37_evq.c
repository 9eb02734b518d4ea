/*
 * t37_evq.c - area 37: the simulation kernel's timed-event queue (model/src/kernel/evq.h;
 * docs/architecture.md §2): events leave in (time, push order), as from one heap, whether
 * they sit in the timing wheel or in the far heap; an event pushed for the current cycle
 * after that cycle's events were taken (a zero-latency push from a later phase of the
 * cycle) leaves first at the next cycle, not a turn of the wheel later; and in a system
 * whose link and IOMMU TLB step take no time (the mask preset), a walk starts the cycle
 * after its request arrives.
 */
#include "xltest.h"
#include "xltest_wl.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "xlat/config.h"
#include "xlat/sim.h"
#include "xlat/stats.h"

#include "../../model/src/kernel/evq.h"

/* A queue as a system's starts: zeroed (calloc), then initialised. */
static void q_open(evq_t *q)
{
    memset(q, 0, sizeof *q);
    evq_init(q);
}

/* Push an event for cycle t, told apart by a. */
static void put(evq_t *q, uint64_t t, uint32_t a)
{
    assert_int_equal(evq_push(q, t, 0, a, 0), 0);
}

/* Time moves to `now`: exactly the n events want[0..n-1] (by a) leave, in that order. */
static void expect_take(evq_t *q, uint64_t now, unsigned n, const uint32_t *want)
{
    ev_t e;
    unsigned k = 0;
    assert_int_equal(evq_advance(q, now), 0);
    while (evq_pop_now(q, &e)) {
        assert_true(k < n);
        assert_int_equal(e.a, want[k]);
        k++;
    }
    assert_int_equal(k, n);
}

/* 37.01 Pushes at 7, 3, 7, 3 + WHEEL + 5 (far: beyond the wheel from base 0) and 3 leave
 * as 3 (2nd push), 3 (5th), then 7 (1st), 7 (3rd), then the far one at its cycle. */
static void test_37_01_time_then_push_order(void **st)
{
    (void)st;
    evq_t q;
    q_open(&q);
    put(&q, 7, 1);
    put(&q, 3, 2);
    put(&q, 7, 3);
    put(&q, 3 + WHEEL + 5, 4);
    put(&q, 3, 5);
    assert_int_equal(evq_count(&q), 5);
    assert_int_equal(evq_next_time(&q), 3);
    expect_take(&q, 3, 2, (const uint32_t[]){2, 5});
    assert_int_equal(evq_next_time(&q), 7);
    expect_take(&q, 7, 2, (const uint32_t[]){1, 3});
    assert_int_equal(evq_next_time(&q), 3 + WHEEL + 5);
    expect_take(&q, 3 + WHEEL + 5, 1, (const uint32_t[]){4});
    assert_true(evq_empty(&q));
    assert_int_equal(q.past, 0);
    evq_free(&q);
}

/* 37.02 At cycle 10, after its events were taken, A is pushed for 10 (no delay); B was
 * pushed for 11 before. A is due (next time 10, not yet past) and leaves at 11 ahead of
 * B: its time is the earlier one. Before the fix A stayed in cycle 10's bucket and left
 * only when the wheel came round to it, at 10 + WHEEL. */
static void test_37_02_zero_latency_push_leaves_next_cycle(void **st)
{
    (void)st;
    evq_t q;
    q_open(&q);
    put(&q, 10, 9);
    put(&q, 11, 2);   /* B */
    expect_take(&q, 10, 1, (const uint32_t[]){9});
    put(&q, 10, 1);   /* A, after cycle 10's pops */
    assert_int_equal(q.past, 0);
    assert_int_equal(evq_next_time(&q), 10);
    assert_int_equal(evq_count(&q), 2);
    expect_take(&q, 11, 2, (const uint32_t[]){1, 2});
    assert_true(evq_empty(&q));
    evq_free(&q);
}

/* 37.03 The same after a jump: A pushed for 10 after its pops, then time jumps to 500
 * (nothing due between): A leaves at 500 before C, pushed for 500 earlier. And a jump of
 * exactly WHEEL cycles, where cycle 10's bucket is also cycle 10 + WHEEL's: A' leaves at
 * 10 + WHEEL ahead of D, pushed for that cycle into the far heap before A'. */
static void test_37_03_zero_latency_push_across_a_jump(void **st)
{
    (void)st;
    evq_t q, r;
    q_open(&q);
    put(&q, 500, 3);                    /* C */
    expect_take(&q, 10, 0, NULL);
    put(&q, 10, 1);                     /* A */
    expect_take(&q, 500, 2, (const uint32_t[]){1, 3});

    q_open(&r);
    expect_take(&r, 10, 0, NULL);
    put(&r, 10 + WHEEL, 4);             /* D: far from base 10 */
    put(&r, 10, 1);                     /* A' */
    expect_take(&r, 10 + WHEEL, 2, (const uint32_t[]){1, 4});
    assert_true(evq_empty(&q));
    assert_true(evq_empty(&r));
    evq_free(&q);
    evq_free(&r);
}

/* 37.04 The mask preset has iommu.link_latency = 0 and iommu.tlb_latency = 0: a request
 * that reaches the IOMMU at cycle t has its (skipped) IOMMU TLB step at t, reaches the
 * walk path at t + 1 and, with a walker free, is dispatched from its buffer at t + 2.
 * A small MM on two CUs has at most 64 L2 TLB MSHRs' walks for 64 walkers, so no walk
 * waits for a walker; a request waits longer only behind another that reached the
 * one-per-cycle intake in the same cycle. The mean arrival-to-dispatch time is therefore
 * in [2, 3) cycles (it was over WHEEL = 1024 while a zero-latency event waited a turn of
 * the wheel). */
static void test_37_04_walk_starts_the_cycle_after_arrival(void **st)
{
    (void)st;
    xl_config_t c;
    xl_wl_params_t p;
    xl_workload_t wl;
    xl_sim_t *g = NULL;
    char err[512] = "";
    xl_config_defaults(&c);
    assert_int_equal(xl_config_load_preset(&c, "mask", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_set(&c, "gpu.cus=2", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_set(&c, "sim.warmup=0", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_set(&c, "sim.window=200000", err, sizeof err), XL_OK);
    xl_config_wl_params(&c, &p);
    assert_int_equal(xl_wl_open(&wl, "mm", XL_SCALE_ONE, c.sim.seed, &p, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_create(&g, &c, &wl, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_run(g, err, sizeof err), XL_OK);
    xl_stats_t *s = xl_stats_create();
    xl_sim_stats(g, s);
    uint64_t walks = 0, queue = 0;   /* walk_queue_avg: cycles x 10 (one decimal) */
    assert_int_equal(xl_stats_get(s, "iommu.walks", &walks), 1);
    assert_int_equal(xl_stats_get(s, "iommu.walk_queue_avg", &queue), 1);
    assert_true(walks > 100);
    assert_true(queue >= 20 && queue < 30);
    xl_stats_destroy(s);
    xl_sim_destroy(g);
    xl_wl_close(&wl);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_37_01_time_then_push_order),
        cmocka_unit_test(test_37_02_zero_latency_push_leaves_next_cycle),
        cmocka_unit_test(test_37_03_zero_latency_push_across_a_jump),
        cmocka_unit_test(test_37_04_walk_starts_the_cycle_after_arrival),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
