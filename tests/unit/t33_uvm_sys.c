/*
 * t33_uvm_sys.c - area 33: a paged run, the cycle model with the paging runtime as its
 * host (sw/include/xlat/uvm_sys.h; HPCA'16 §3-§4; docs/papers/paged-memory.md). The
 * workload is xltest_wl.h's one wavefront with one load of its 8 KB region (2 pages),
 * on the default system (2 GHz: 20 us = 40000 cycles, a 4 KB page at 16384 MB/s =
 * 250 ns = 500 cycles).
 */
#include "xltest.h"
#include "xltest_wl.h"

#include <stdio.h>
#include <string.h>

#include "xlat/config.h"
#include "xlat/stats.h"
#include "xlat/uvm_sys.h"

static uint64_t st(xl_stats_t *s, const char *name)
{
    uint64_t v = 0;
    if (!xl_stats_get(s, name, &v))
        fail_msg("no statistic %s", name);
    return v;
}

/* A paged run of the one-load workload with the settings in sets; its frozen statistics
 * (the caller destroys them) and its length. */
static xl_stats_t *paged(const char *sets, uint64_t *cycles)
{
    xl_config_t c;
    char err[256], buf[256];
    xl_config_defaults(&c);
    snprintf(buf, sizeof buf, "workload.min_rounds=0 paging.mode=replay %s", sets);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        assert_int_equal(xl_config_set(&c, tok, err, sizeof err), XL_OK);
    xl_workload_t w = ld_workload(0);
    xl_uvm_sys_t *u = NULL;
    if (xl_uvm_sys_create(&u, &c, &w, err, sizeof err) != XL_OK)
        fail_msg("create: %s", err);
    if (xl_uvm_sys_run(u, err, sizeof err) != XL_OK)
        fail_msg("run: %s", err);
    *cycles = xl_sim_now(xl_uvm_sys_sim(u));
    xl_stats_t *s = xl_stats_create();
    xl_uvm_sys_stats(u, s);
    xl_stats_freeze(s);
    xl_uvm_sys_destroy(u);
    return s;
}

/* 33.01 The parameters from the [uvm] keys at 2 GHz: 20000 ns = 40000 cycles (fault and
 * interval), a page 4096 B / 16384 B per us = 250 ns = 500 cycles; at 1.4 GHz 28000 and
 * 350, the paper's arithmetic (HPCA'16 §2: 80 pages in 20 us). */
static void test_33_01_params(void **state)
{
    (void)state;
    xl_config_t c;
    xl_uvm_params_t p;
    char err[256];
    xl_config_defaults(&c);
    assert_int_equal(xl_uvm_sys_params(&c, &p, err, sizeof err), XL_OK);
    assert_int_equal(p.l_ff, 40000);
    assert_int_equal(p.t_int, 40000);
    assert_int_equal(p.t_page, 500);
    assert_int_equal(p.set_pages, 80);
    c.gpu.clock_mhz = 1400;
    assert_int_equal(xl_uvm_sys_params(&c, &p, err, sizeof err), XL_OK);
    assert_int_equal(p.l_ff, 28000);
    assert_int_equal(p.t_page, 350);
    assert_int_equal(p.t_page * p.set_pages, p.t_int);
}

/* 33.02 One far-fault, drained at once (uvm.engine = drain): the record's page goes on
 * the idle link at the fault's cycle and is resident exactly L_ff = 40000 cycles later,
 * which is the far-fault MSHR's whole wait. One page of the two crosses; the legacy copy
 * would move both: 2 x 500 = 1000 cycles. With the interval engine the page waits for the
 * first close at 40000 (the fault comes long before it) and then L_ff: the wait is
 * 80000 - fault cycle, and the run is that much longer less 40000. */
static void test_33_02_one_fault(void **state)
{
    (void)state;
    uint64_t cd, cs;
    xl_stats_t *d = paged("uvm.engine=drain", &cd);
    assert_int_equal(st(d, "uvm.faults"), 1);
    assert_int_equal(st(d, "uvm.h2d_pages"), 1);
    assert_int_equal(st(d, "paging.far_faults"), 1);
    assert_int_equal(st(d, "paging.ff_latency_max"), 40000);
    assert_int_equal(st(d, "uvm.footprint_pages"), 2);
    assert_int_equal(st(d, "uvm.copy_cycles"), 1000);
    xl_stats_t *s = paged("uvm.engine=sets", &cs);
    uint64_t wait = st(s, "paging.ff_latency_max");
    assert_true(wait > 40000 && wait < 80000);
    assert_int_equal(cs - cd, wait - 40000);
    assert_int_equal(st(s, "uvm.sets"), 1);
    xl_stats_destroy(d);
    xl_stats_destroy(s);
}

/* 33.03 Refused: paging off, pages other than 4 KB, a capacity that is no page. */
static void test_33_03_refused(void **state)
{
    (void)state;
    xl_config_t c;
    char err[256];
    xl_workload_t w = ld_workload(0);
    xl_uvm_sys_t *u = NULL;
    xl_config_defaults(&c);
    assert_int_equal(xl_uvm_sys_create(&u, &c, &w, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "paging.mode"));
    assert_int_equal(xl_config_set(&c, "paging.mode=replay", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_set(&c, "mem.page_kb=2048", err, sizeof err), XL_OK);
    assert_int_equal(xl_uvm_sys_create(&u, &c, &w, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "mem.page_kb"));
    assert_int_equal(xl_config_set(&c, "mem.page_kb=4", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_set(&c, "uvm.capacity_pct=1", err, sizeof err), XL_OK);
    assert_int_equal(xl_uvm_sys_create(&u, &c, &w, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "uvm.capacity_pct"));
    assert_null(u);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_33_01_params),
        cmocka_unit_test(test_33_02_one_fault),
        cmocka_unit_test(test_33_03_refused),
    };
    return cmocka_run_group_tests_name("t33_uvm_sys", tests, NULL, NULL);
}
