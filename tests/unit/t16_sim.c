/*
 * t16_sim.c - area 16: the library's entry point (model/include/xlat/sim.h;
 * docs/architecture.md §1): a system keeps all its state to itself, so two systems in one
 * process, stepped in any interleaving, give the results each gives alone; a run stepped
 * in pieces is the run made in one call, bit for bit.
 */
#include "xltest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/config.h"
#include "xlat/sim.h"
#include "xlat/stats.h"
#include "xlat/workload.h"

/* The results JSON of a finished system, as a string (the caller frees it). */
static char *results_of(const xl_sim_t *g)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    xl_stats_t *s = xl_stats_create();
    xl_sim_stats(g, s);
    xl_stats_freeze(s);
    xl_stats_write_json(s, f, 0);
    xl_stats_destroy(s);
    fclose(f);
    return buf;
}

typedef struct {
    xl_config_t cfg;
    xl_workload_t wl;
    xl_sim_t *g;
} one_t;

/* A small run of wlname (scale in ppm, whole-kernel rounds off) with one setting. */
static void open_one(one_t *o, const char *wlname, uint32_t scale, const char *set)
{
    char err[256];
    xl_config_defaults(&o->cfg);
    assert_int_equal(xl_config_set(&o->cfg, "workload.min_rounds=0", err, sizeof err), XL_OK);
    if (set)
        assert_int_equal(xl_config_set(&o->cfg, set, err, sizeof err), XL_OK);
    assert_int_equal(xl_wl_open(&o->wl, wlname, scale, o->cfg.sim.seed, &o->cfg.workload, err,
                                sizeof err), XL_OK);
    assert_int_equal(xl_sim_create(&o->g, &o->cfg, &o->wl, err, sizeof err), XL_OK);
}

static void close_one(one_t *o)
{
    xl_sim_destroy(o->g);
    xl_wl_close(&o->wl);
}

/* The results of wlname run alone, in one call. */
static char *alone(const char *wlname, uint32_t scale, const char *set, uint64_t *cycles)
{
    one_t o;
    char err[256];
    open_one(&o, wlname, scale, set);
    assert_int_equal(xl_sim_run(o.g, err, sizeof err), XL_OK);
    assert_true(xl_sim_done(o.g));
    *cycles = xl_sim_now(o.g);
    char *r = results_of(o.g);
    close_one(&o);
    return r;
}

/* 16.01 Two systems in one process, different workloads and schedulers, stepped by turns
 * 500 cycles at a time: each ends with exactly the results it has when run alone. */
static void test_16_01_two_systems_side_by_side(void **st)
{
    (void)st;
    uint64_t ca, cb;
    char *ra = alone("mvt", 2000, "iommu.sched=simt", &ca);
    char *rb = alone("bicg", 2000, "iommu.coalesce=both", &cb);
    assert_true(strcmp(ra, rb) != 0);   /* the two runs differ, so a mix-up would show */
    one_t a, b;
    char err[256];
    open_one(&a, "mvt", 2000, "iommu.sched=simt");
    open_one(&b, "bicg", 2000, "iommu.coalesce=both");
    for (uint64_t t = 500; !xl_sim_done(a.g) || !xl_sim_done(b.g); t += 500) {
        assert_int_equal(xl_sim_step(a.g, t, err, sizeof err), XL_OK);
        assert_int_equal(xl_sim_step(b.g, t, err, sizeof err), XL_OK);
    }
    assert_int_equal(xl_sim_now(a.g), ca);
    assert_int_equal(xl_sim_now(b.g), cb);
    char *sa = results_of(a.g), *sb = results_of(b.g);
    assert_string_equal(sa, ra);
    assert_string_equal(sb, rb);
    free(sa);
    free(sb);
    close_one(&a);
    close_one(&b);
    free(ra);
    free(rb);
}

/* 16.02 Stepping: a run stepped one cycle at a time for its first 3000 cycles, then in
 * pieces of 7777, is the one-call run bit for bit; until a step reaches the end the system
 * is not done and its clock never passes the cycle it was stepped to by more than the
 * jump over cycles in which nothing can act (it only ever moves forward). */
static void test_16_02_stepping_is_the_same_run(void **st)
{
    (void)st;
    uint64_t cycles;
    char *whole = alone("atax", 2000, "iommu.sched=simt", &cycles);
    one_t o;
    char err[256];
    open_one(&o, "atax", 2000, "iommu.sched=simt");
    uint64_t prev = 0;
    assert_int_equal(xl_sim_now(o.g), 0);
    for (uint64_t t = 1; t <= 3000 && !xl_sim_done(o.g); t++) {
        assert_int_equal(xl_sim_step(o.g, t, err, sizeof err), XL_OK);
        assert_true(xl_sim_now(o.g) >= t);
        assert_true(xl_sim_now(o.g) >= prev);
        prev = xl_sim_now(o.g);
    }
    assert_false(xl_sim_done(o.g));   /* atax at this scale runs far longer than 3000 cycles */
    for (uint64_t t = 3000 + 7777; !xl_sim_done(o.g); t += 7777)
        assert_int_equal(xl_sim_step(o.g, t, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_now(o.g), cycles);
    /* stepping a finished system changes nothing */
    assert_int_equal(xl_sim_step(o.g, cycles + 100000, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_now(o.g), cycles);
    char *s = results_of(o.g);
    assert_string_equal(s, whole);
    free(s);
    free(whole);
    close_one(&o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_16_01_two_systems_side_by_side),
        cmocka_unit_test(test_16_02_stepping_is_the_same_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
