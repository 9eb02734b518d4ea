/*
 * t16_sim.c - area 16: the library's entry point (model/include/xlat/sim.h;
 * docs/architecture.md §1): a system keeps all its state to itself, so two systems in one
 * process, stepped in any interleaving, give the results each gives alone; a run stepped
 * in pieces is the run made in one call, bit for bit.
 */
#include "xltest.h"
#include "xltest_wl.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/config.h"
#include "xlat/host.h"
#include "xlat/physmem.h"
#include "xlat/sim.h"
#include "xlat/stats.h"
#include "xlat/workloads.h"

/* g's statistics, frozen; the caller destroys them. */
static xl_stats_t *stats_of(const xl_sim_t *g)
{
    xl_stats_t *s = xl_stats_create();
    xl_sim_stats(g, s);
    xl_stats_freeze(s);
    return s;
}

/* The results JSON of a finished system, as a string (the caller frees it). */
static char *results_of(const xl_sim_t *g)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    xl_stats_t *s = stats_of(g);
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

/* Run g to its end with its event log captured: the log, malloc'ed. */
static char *run_logged(xl_sim_t *g)
{
    char err[256] = "", *log = NULL;
    size_t len = 0;
    FILE *ev = open_memstream(&log, &len);
    assert_non_null(ev);
    xl_sim_set_events(g, ev);
    assert_int_equal(xl_sim_run(g, err, sizeof err), XL_OK);
    fclose(ev);
    return log;
}

/* 16.03 Two address spaces, the same virtual address: application 0 loads VA
 * base + 0x1234 at once, application 1 after 3000 cycles, when application 0's
 * translation sits in the shared L2 TLB and both IOMMU TLBs. Each application has its
 * own page table (two roots, two frames for the one VA), so application 1 must miss
 * everywhere and walk its own table: 2 L2 TLB misses and no hit, no IOMMU TLB hit, 2
 * walks, and each walk's COMPLETE event names the frame of its own page table. With
 * one address space (both applications' requests tagged alike) the second load would
 * hit in the L2 TLB and read application 0's frame. */
static void test_16_03_two_address_spaces_never_cross(void **st)
{
    (void)st;
    xl_config_t c;
    char err[256];
    xl_workload_t w0 = ld_workload(0), w1 = ld_workload(3000);
    xl_config_defaults(&c);
    assert_int_equal(xl_config_set(&c, "gpu.cus=2", err, sizeof err), XL_OK);
    const xl_workload_t *wls[2] = {&w0, &w1};
    xl_sim_t *g = NULL;
    assert_int_equal(xl_sim_create_apps(&g, &c, wls, 2, err, sizeof err), XL_OK);
    char *log = run_logged(g);

    uint64_t va = XL_WL_VA_BASE + 0x1234, pa0 = 0, pa1 = 0;
    assert_int_equal(xl_sim_translate(g, 0, va, &pa0), XL_OK);
    assert_int_equal(xl_sim_translate(g, 1, va, &pa1), XL_OK);
    assert_true((pa0 & ~UINT64_C(0xFFF)) != (pa1 & ~UINT64_C(0xFFF)));
    assert_int_equal(pa0 & 0xFFF, 0x234);
    assert_int_equal(pa1 & 0xFFF, 0x234);
    assert_int_equal(xl_sim_translate(g, 2, va, &pa0), XL_EINPUT);   /* no third application */

    xl_stats_t *s = stats_of(g);
    expect_stats(s, "sim.apps=2 sim.app0.cus=1 sim.app1.cus=1 l2tlb.accesses=2 l2tlb.hits=0 "
                    "iommu.tlb1.hits=0 iommu.tlb2.hits=0 iommu.walks=2");
    /* application 1 finished after its 3000-cycle wait, application 0 long before */
    assert_true(stat_get(s, "sim.app0.cycles") < 3000);
    assert_true(stat_get(s, "sim.app1.cycles") > 3000);
    xl_stats_destroy(s);

    /* the walks, in order: application 0's, then application 1's, each with its frame */
    char want0[64], want1[64];
    assert_int_equal(xl_sim_translate(g, 0, va, &pa0), XL_OK);
    snprintf(want0, sizeof want0, "pa=0x%llx ", (unsigned long long)(pa0 & ~UINT64_C(0xFFF)));
    snprintf(want1, sizeof want1, "pa=0x%llx ", (unsigned long long)(pa1 & ~UINT64_C(0xFFF)));
    const char *c0 = strstr(log, "COMPLETE");
    assert_non_null(c0);
    const char *c1 = strstr(c0 + 1, "COMPLETE");
    assert_non_null(c1);
    assert_null(strstr(c1 + 1, "COMPLETE"));
    const char *e0 = strchr(c0, '\n'), *e1 = strchr(c1, '\n');
    const char *f0 = strstr(c0, want0), *f1 = strstr(c1, want1);
    assert_true(f0 != NULL && f0 < e0);
    assert_true(f1 != NULL && f1 < e1);
    free(log);
    xl_sim_destroy(g);
}

/* 16.04 What a system refuses: several applications with walk coalescing on (it matches
 * neighbours by VA alone), more applications than CUs, no application, and an IOMMU trace
 * of several (its format has one address space). Each is XL_EINPUT with a message. */
static void test_16_04_apps_refused(void **st)
{
    (void)st;
    xl_config_t c;
    char err[256] = "";
    xl_workload_t w = ld_workload(0);
    const xl_workload_t *wls[3] = {&w, &w, &w};
    xl_sim_t *g = NULL;
    xl_config_defaults(&c);
    assert_int_equal(xl_config_set(&c, "iommu.coalesce=both", err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_create_apps(&g, &c, wls, 2, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "iommu.coalesce"));
    assert_null(g);
    xl_config_defaults(&c);
    assert_int_equal(xl_config_set(&c, "gpu.cus=2", err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_create_apps(&g, &c, wls, 3, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "gpu.cus"));
    assert_int_equal(xl_sim_create_apps(&g, &c, wls, 0, err, sizeof err), XL_EINPUT);
    assert_int_equal(xl_sim_create_apps(&g, &c, wls, 2, err, sizeof err), XL_OK);
    FILE *f = fopen("/dev/null", "w");
    assert_non_null(f);
    assert_int_equal(xl_sim_set_iommu_trace(g, f), XL_EINPUT);
    fclose(f);
    xl_sim_destroy(g);
}

/* 16.06 The core split (sim.app0_cus): on 10 CUs, application 0 of three takes 2 and
 * the other two share 8 as an even split does (4 and 4); of two, 7 leaves 3; 8 of three
 * leaves 1 and 1; with 0 the split is even, 4/3/3 (the remainder to the lowest number). Refused, with the key named:
 * a split of one application, and 9 of 10 CUs for application 0 of three (the other two
 * need a CU each: at most 8). */
static void test_16_06_core_split(void **st)
{
    (void)st;
    static const struct {
        const char *set;
        unsigned napps;
        const char *want;
    } ok[] = {
        {"sim.app0_cus=2", 3, "sim.app0.cus=2 sim.app1.cus=4 sim.app2.cus=4"},
        {"sim.app0_cus=7", 2, "sim.app0.cus=7 sim.app1.cus=3"},
        {"sim.app0_cus=0", 3, "sim.app0.cus=4 sim.app1.cus=3 sim.app2.cus=3"},
        {"sim.app0_cus=8", 3, "sim.app0.cus=8 sim.app1.cus=1 sim.app2.cus=1"},
    };
    xl_config_t c;
    char err[256] = "";
    xl_workload_t w = ld_workload(0);
    const xl_workload_t *wls[3] = {&w, &w, &w};
    xl_sim_t *g = NULL;
    for (unsigned i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        xl_config_defaults(&c);
        assert_int_equal(xl_config_set(&c, "gpu.cus=10", err, sizeof err), XL_OK);
        assert_int_equal(xl_config_set(&c, ok[i].set, err, sizeof err), XL_OK);
        assert_int_equal(xl_sim_create_apps(&g, &c, wls, ok[i].napps, err, sizeof err), XL_OK);
        xl_stats_t *s = stats_of(g);
        expect_stats(s, ok[i].want);
        xl_stats_destroy(s);
        xl_sim_destroy(g);
        g = NULL;
    }
    xl_config_defaults(&c);
    assert_int_equal(xl_config_set(&c, "gpu.cus=10", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_set(&c, "sim.app0_cus=4", err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_create_apps(&g, &c, wls, 1, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "sim.app0_cus"));
    assert_null(g);
    assert_int_equal(xl_config_set(&c, "sim.app0_cus=9", err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_create_apps(&g, &c, wls, 3, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "at most 8"));
    assert_null(g);
}

/* A host for 16.05: maps each region page by page itself, skipping the page at `hole`
 * (0: none) and putting the page at `at` (0: none) on frame `frame`; records faults. */
typedef struct {
    uint64_t hole, at, frame;
    unsigned faults;
    uint16_t fault_asid;
    uint64_t fault_va;
    unsigned fault_level;
} host_t;

static int host_map(void *ctx, xl_as_t *as, unsigned app, const xl_region_t *r,
                    unsigned page_shift, char *err, size_t errlen)
{
    host_t *h = ctx;
    uint64_t psz = UINT64_C(1) << page_shift;
    (void)app;
    for (uint64_t va = r->base; va < r->base + r->bytes; va += psz) {
        int rc;
        if (va == h->hole)
            continue;
        if (va == h->at)
            rc = xl_as_map_page(as, va, h->frame, page_shift, XL_PTE_RW | XL_PTE_A, err, errlen);
        else
            rc = xl_as_map(as, va, psz, page_shift, XL_PTE_RW | XL_PTE_A, err, errlen);
        if (rc != XL_OK)
            return rc;
    }
    return XL_OK;
}

static void host_fault(void *ctx, uint16_t asid, uint64_t va, unsigned level)
{
    host_t *h = ctx;
    h->faults++;
    h->fault_asid = asid;
    h->fault_va = va;
    h->fault_level = level;
}

/* 16.05 The host (host.h): its memory, its mapping and its fault callback.
 *   a. It maps the load's page (base + 0x1000) on frame 0x5000000 of its own memory: the
 *      system's page table says so (xl_sim_translate: 0x5000234) and the walk completes
 *      with pa=0x5000000; the system leaves the host's memory alone when destroyed.
 *   b. It leaves that page unmapped: the walk reads L4, L3, L2 and finds no leaf entry;
 *      the host hears of it once (ASID 1, the page's VA, level 1) and the run stops with
 *      an error naming the VA. */
static void test_16_05_host_callbacks(void **st)
{
    (void)st;
    xl_config_t c;
    char err[256] = "";
    xl_workload_t w = ld_workload(0);
    const xl_workload_t *wls[1] = {&w};
    uint64_t page = XL_WL_VA_BASE + 0x1000, pa = 0;
    xl_config_defaults(&c);

    host_t h = {0, page, 0x5000000, 0, 0, 0, 0};
    xl_physmem_t *pm = xl_physmem_create(UINT64_C(256) << 20, XL_ALLOC_SEQUENTIAL, 1, err,
                                         sizeof err);
    assert_non_null(pm);
    xl_host_t host = {&h, pm, host_map, host_fault, NULL, NULL};
    xl_sim_t *g = NULL;
    assert_int_equal(xl_sim_create_host(&g, &c, wls, 1, &host, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_translate(g, 0, page + 0x234, &pa), XL_OK);
    assert_int_equal(pa, 0x5000234);
    char *log = run_logged(g);
    assert_non_null(strstr(log, "pa=0x5000000 "));
    assert_int_equal(h.faults, 0);
    free(log);
    xl_sim_destroy(g);
    uint64_t line[8];
    xl_physmem_read_line(pm, 0x5000000, line);   /* still the host's: reading it is fine */
    xl_physmem_destroy(pm);

    host_t hole = {page, 0, 0, 0, 0, 0, 0};
    xl_host_t host2 = {&hole, NULL, host_map, host_fault, NULL, NULL};
    assert_int_equal(xl_sim_create_host(&g, &c, wls, 1, &host2, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_translate(g, 0, page + 0x234, &pa), XL_EINPUT);
    assert_int_not_equal(xl_sim_run(g, err, sizeof err), XL_OK);
    assert_int_equal(hole.faults, 1);
    assert_int_equal(hole.fault_asid, 1);
    assert_int_equal(hole.fault_va, page);
    assert_int_equal(hole.fault_level, 1);
    assert_non_null(strstr(err, "found no mapping"));
    assert_non_null(strstr(err, "0x7f0000001000"));
    xl_sim_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_16_01_two_systems_side_by_side),
        cmocka_unit_test(test_16_02_stepping_is_the_same_run),
        cmocka_unit_test(test_16_03_two_address_spaces_never_cross),
        cmocka_unit_test(test_16_04_apps_refused),
        cmocka_unit_test(test_16_05_host_callbacks),
        cmocka_unit_test(test_16_06_core_split),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
