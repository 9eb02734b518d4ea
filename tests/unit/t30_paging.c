/*
 * t30_paging.c - area 30: far-faults of paged GPU memory in the cycle model (HPCA'16 §3;
 * model/src/gpu/farfault.h; docs/papers/paged-memory.md): a host that maps nothing before
 * the first cycle hears of each far-fault (host.h far_fault), maps the page a fixed
 * latency later between steps and says so (xl_sim_page_resident); the model Nacks,
 * replays, drops beyond F and blocks as the paper's Modes A and B do.
 */
#include "xltest.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "xlat/config.h"
#include "xlat/host.h"
#include "xlat/sim.h"
#include "xlat/stats.h"
#include "xlat/workloads.h"

/* ---- a workload: one work-group of `waves` wavefronts on one CU; wavefront i waits
 * wait[i] cycles (an ALU instruction), then loads one lane of page page[i] of its 64 KB
 * region, then (again[i]) loads the same page once more, then ends. */
typedef struct {
    unsigned waves;
    uint16_t wait[4];
    unsigned page[4];
    unsigned again[4];
} pw_t;

static int pw_create(xl_workload_t *wl, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    wl->nregions = 1;
    wl->regions[0].name = "x";
    wl->regions[0].bytes = 65536;
    wl->regions[0].base = XL_WL_VA_BASE;
    return XL_OK;
}
static void pw_destroy(xl_workload_t *wl) { (void)wl; }
static int pw_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    const pw_t *p = wl->priv;
    out->workgroups = 1;
    out->waves_per_wg = p->waves;
    return k == 0;
}
static void pw_begin(const xl_workload_t *wl, xl_wave_t *w) { (void)wl; w->step = 0; }
static int pw_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const pw_t *p = wl->priv;
    unsigned i = w->wave % p->waves;
    memset(out, 0, sizeof *out);
    if (w->step == 0 && p->wait[i] == 0)
        w->step = 1;
    if (w->step == 2 && !p->again[i])
        w->step = 3;
    switch (w->step++) {
    case 0:
        out->op = XL_OP_ALU;
        out->cycles = p->wait[i];
        return 1;
    case 1:
    case 2:
        out->op = XL_OP_LOAD;
        out->bytes = 4;
        out->mask = 1;
        out->va[0] = wl->regions[0].base + (uint64_t)p->page[i] * 4096u + 0x10;
        return 1;
    default:
        out->op = XL_OP_END;
        return 0;
    }
}
static const xl_wl_desc_t pw_desc = {"pw", "", "test", "irregular", "paged loads",
                                     pw_create, pw_destroy, pw_kernel, pw_begin, pw_next};

/* ---- a host: maps nothing up front, records far-faults, maps a page `lat` cycles after
 * its fault and reports it resident. */
typedef struct {
    xl_as_t *as;
    uint64_t lat;
    unsigned n, done;
    uint64_t va[16], t[16];
    uint32_t cu[16];
    unsigned touches, stores;
    xl_sim_t *g;              /* set: a far-fault ends the step (xl_sim_yield) */
} ph_t;

static int ph_map(void *ctx, xl_as_t *as, unsigned app, const xl_region_t *r,
                  unsigned page_shift, char *err, size_t errlen)
{
    ph_t *h = ctx;
    (void)app;
    (void)r;
    (void)page_shift;
    (void)err;
    (void)errlen;
    h->as = as;   /* nothing mapped: every first touch far-faults */
    return XL_OK;
}

static void ph_far_fault(void *ctx, uint16_t asid, uint64_t va, uint32_t cu, uint64_t cycle)
{
    ph_t *h = ctx;
    assert_int_equal(asid, 1);
    assert_true(h->n < 16);
    h->va[h->n] = va;
    h->t[h->n] = cycle;
    h->cu[h->n] = cu;
    h->n++;
    if (h->g)
        xl_sim_yield(h->g);
}

static void ph_touch(void *ctx, uint16_t asid, uint64_t va, int store, uint64_t cycle)
{
    ph_t *h = ctx;
    (void)asid;
    (void)va;
    (void)cycle;
    h->touches++;
    h->stores += store != 0;
}

/* Run g to the end, resolving each fault exactly h->lat cycles after it: steps never
 * longer than lat, so no fault's resolution cycle is passed. */
static void ph_run(xl_sim_t *g, ph_t *h)
{
    char err[256];
    while (!xl_sim_done(g)) {
        uint64_t now = xl_sim_now(g), until = now + h->lat;
        if (h->done < h->n && h->t[h->done] + h->lat < until)
            until = h->t[h->done] + h->lat;
        if (xl_sim_step(g, until, err, sizeof err) != XL_OK)
            fail_msg("step: %s", err);
        while (h->done < h->n && h->t[h->done] + h->lat == xl_sim_now(g)) {
            assert_int_equal(xl_as_map(h->as, h->va[h->done], 4096, XL_PAGE_SHIFT_4K,
                                       XL_PTE_RW | XL_PTE_US | XL_PTE_A | XL_PTE_D, err,
                                       sizeof err), XL_OK);
            assert_true(xl_sim_page_resident(g, 0, h->va[h->done]) >= 1);
            h->done++;
        }
    }
}

typedef struct {
    xl_config_t c;
    xl_workload_t wl;
    xl_sim_t *g;
    ph_t h;
} pr_t;

/* A paged system of p with the settings in sets (space-separated key=value), each fault
 * to be resolved lat cycles after it. DRAM refresh is off (dram.trefi = 0), so that a
 * run's timing does not depend on where in the refresh period its accesses fall. */
static void pr_open(pr_t *r, pw_t *p, uint64_t lat, const char *sets)
{
    char err[256], buf[256];
    memset(r, 0, sizeof *r);
    xl_config_defaults(&r->c);
    snprintf(buf, sizeof buf, "dram.trefi=0 workload.min_rounds=0 %s", sets);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        assert_int_equal(xl_config_set(&r->c, tok, err, sizeof err), XL_OK);
    r->wl.desc = &pw_desc;
    r->wl.priv = p;
    pw_create(&r->wl, NULL, 0);
    r->h.lat = lat;
    xl_host_t host = {&r->h, NULL, ph_map, NULL, ph_far_fault, ph_touch};
    const xl_workload_t *wls[1] = {&r->wl};
    if (xl_sim_create_host(&r->g, &r->c, wls, 1, &host, err, sizeof err) != XL_OK)
        fail_msg("create: %s", err);
}

/* pr_open's system run to the end. */
static void pr_run(pr_t *r, pw_t *p, uint64_t lat, const char *sets)
{
    pr_open(r, p, lat, sets);
    ph_run(r->g, &r->h);
}

static uint64_t st(const xl_sim_t *g, const char *name)
{
    xl_stats_t *s = xl_stats_create();
    uint64_t v = 0;
    xl_sim_stats(g, s);
    xl_stats_freeze(s);
    if (!xl_stats_get(s, name, &v))
        fail_msg("no statistic %s", name);
    xl_stats_destroy(s);
    return v;
}

/* 30.01 One far-fault, replay mode. The wavefront's load walks, finds no page (the host
 * mapped nothing), and its L1 MSHR is Nacked: one far-fault MSHR, one record for the host,
 * on CU 0, for the page of VA base + 0x10. The host maps it L = 1000 cycles later; the
 * replay walks again and completes: walks 1 (the replay's) and 1 walk fault. The entry
 * waited exactly L. With L = 3000 nothing else changes but the wait: the run ends exactly
 * 2000 cycles later (one wavefront, no refresh: every later event moves by 2000). */
static void test_30_01_one_fault_replayed(void **state)
{
    (void)state;
    pw_t p = {1, {0}, {0}, {0}};
    pr_t a, b;
    pr_run(&a, &p, 1000, "paging.mode=replay");
    assert_int_equal(a.h.n, 1);
    assert_int_equal(a.h.va[0], XL_WL_VA_BASE);
    assert_int_equal(a.h.cu[0], 0);
    assert_int_equal(st(a.g, "paging.far_faults"), 1);
    assert_int_equal(st(a.g, "paging.nacks"), 1);
    assert_int_equal(st(a.g, "paging.dropped"), 0);
    assert_int_equal(st(a.g, "paging.replays"), 1);
    assert_int_equal(st(a.g, "paging.ff_latency_max"), 1000);
    assert_int_equal(st(a.g, "iommu.walk_faults"), 1);
    assert_int_equal(st(a.g, "iommu.walks"), 1);
    pr_run(&b, &p, 3000, "paging.mode=replay");
    assert_int_equal(b.h.t[0], a.h.t[0]);
    assert_int_equal(xl_sim_now(b.g), xl_sim_now(a.g) + 2000);
    xl_sim_destroy(a.g);
    xl_sim_destroy(b.g);
}

/* 30.02 A page faults once: after it is resident, the same wavefront's second load of it
 * and a second wavefront's load of it (issued 5000 cycles in, after the page arrived at
 * fault + 1000) hit or walk without a fault: far_faults 1, walk faults 1. The host hears
 * of 3 translated accesses (host.h touch), all loads. */
static void test_30_02_resident_page_does_not_fault_again(void **state)
{
    (void)state;
    pw_t p = {2, {0, 5000}, {3, 3}, {1, 0}};
    pr_t a;
    pr_run(&a, &p, 1000, "paging.mode=replay");
    assert_int_equal(a.h.n, 1);
    assert_int_equal(a.h.va[0], XL_WL_VA_BASE + 3 * 4096);
    assert_true(a.h.t[0] + 1000 < 5000);
    assert_int_equal(st(a.g, "paging.far_faults"), 1);
    assert_int_equal(st(a.g, "iommu.walk_faults"), 1);
    assert_int_equal(a.h.touches, 3);
    assert_int_equal(a.h.stores, 0);
    xl_sim_destroy(a.g);
}

/* 30.03 F = 1 (paging.ff_per_cu): two wavefronts of one CU load pages 0 and 1 at once;
 * both walks fault. The first Nack takes CU 0's one far-fault MSHR (a record: page 0);
 * the second is beyond F: dropped, no record, queued in the TLB. At page 0's arrival
 * (fault + 1000) CU 0's count drops to 0: page 0's MSHR replays, and the queued page 1
 * is replayed too (0 tracked + 0 in flight < 1); page 1's walk faults again and is now
 * tracked (a record: page 1), and resolved 1000 cycles later. Nacks 3, dropped 1, records
 * 2, replays 2 (tracked), untracked replays 1. With F = 2 both are tracked at once: 2
 * Nacks, 2 records, nothing dropped. */
static void test_30_03_dropped_beyond_F(void **state)
{
    (void)state;
    pw_t p = {2, {0, 0}, {0, 1}, {0, 0}};
    pr_t a, b;
    pr_run(&a, &p, 1000, "paging.mode=replay paging.ff_per_cu=1");
    assert_int_equal(a.h.n, 2);
    assert_int_equal(a.h.va[0], XL_WL_VA_BASE);
    assert_int_equal(a.h.va[1], XL_WL_VA_BASE + 4096);
    assert_true(a.h.t[1] > a.h.t[0] + 1000);   /* page 1's record only after page 0 arrived */
    assert_int_equal(st(a.g, "paging.nacks"), 3);
    assert_int_equal(st(a.g, "paging.dropped"), 1);
    assert_int_equal(st(a.g, "paging.far_faults"), 2);
    assert_int_equal(st(a.g, "paging.replays"), 2);
    assert_int_equal(st(a.g, "paging.untracked_replays"), 1);
    assert_int_equal(st(a.g, "paging.ff_peak"), 1);
    pr_run(&b, &p, 1000, "paging.mode=replay paging.ff_per_cu=2");
    assert_int_equal(b.h.n, 2);
    assert_int_equal(st(b.g, "paging.nacks"), 2);
    assert_int_equal(st(b.g, "paging.dropped"), 0);
    assert_int_equal(st(b.g, "paging.ff_peak"), 2);
    assert_true(xl_sim_now(b.g) < xl_sim_now(a.g));
    xl_sim_destroy(a.g);
    xl_sim_destroy(b.g);
}

/* 30.04 Blocking (Mode A) against replay (Mode B). Wavefront 0 loads page 0 at once;
 * wavefront 1 of the same CU waits 2000 cycles, then loads page 1; the host takes L =
 * 5000 cycles a fault. Blocking: page 0's Nack (well before cycle 2000) stops CU 0's L1
 * TLB until page 0 arrives at its fault + 5000; wavefront 1's request is held until then,
 * so page 1 faults only after it, and blocks the CU another 5000: blocked cycles 2 x 5000
 * = 10000 exactly (a CU is blocked from its Nack to its page's arrival). Replay: page 1's
 * fault comes at once, before page 0 arrives, and nothing blocks; from page 1's arrival
 * to the end both runs take the same cycles. */
static void test_30_04_blocking_against_replay(void **state)
{
    (void)state;
    pw_t p = {2, {0, 2000}, {0, 1}, {0, 0}};
    pr_t a, b;
    pr_run(&a, &p, 5000, "paging.mode=blocking");
    assert_int_equal(a.h.n, 2);
    assert_true(a.h.t[0] < 2000);
    assert_true(a.h.t[1] > a.h.t[0] + 5000);
    assert_int_equal(st(a.g, "paging.blocked_cycles"), 10000);
    assert_int_equal(st(a.g, "paging.far_faults"), 2);
    pr_run(&b, &p, 5000, "paging.mode=replay");
    assert_int_equal(b.h.n, 2);
    assert_true(b.h.t[1] < b.h.t[0] + 5000);
    assert_int_equal(st(b.g, "paging.blocked_cycles"), 0);
    /* after page 1's arrival both runs take the same path: a replay whose walk finds the
     * upper levels in the page-walk caches (page 0's replay filled them), then the load */
    assert_int_equal(xl_sim_now(a.g) - (a.h.t[1] + 5000), xl_sim_now(b.g) - (b.h.t[1] + 5000));
    assert_true(xl_sim_now(b.g) < xl_sim_now(a.g));
    xl_sim_destroy(a.g);
    xl_sim_destroy(b.g);
}

/* 30.05 What is refused: paging with ideal translation (no walks to fault) or more than
 * 64 CUs (the far-fault MSHR's CU mask), each one line naming the keys; a page reported
 * resident when paging is off, or for an application that does not exist: -1. */
static void test_30_05_refused(void **state)
{
    (void)state;
    xl_config_t c;
    char err[256] = "";
    xl_config_defaults(&c);
    assert_int_equal(xl_config_set(&c, "paging.mode=replay", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_set(&c, "translation.ideal=1", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "translation.ideal"));
    xl_config_defaults(&c);
    assert_int_equal(xl_config_set(&c, "paging.mode=blocking", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_set(&c, "gpu.cus=65", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "gpu.cus"));
    assert_null(strchr(err, '\n'));

    pw_t p = {1, {0}, {0}, {0}};
    xl_workload_t wl = {0};
    wl.desc = &pw_desc;
    wl.priv = &p;
    pw_create(&wl, NULL, 0);
    xl_sim_t *g = NULL;
    xl_config_defaults(&c);
    assert_int_equal(xl_sim_create(&g, &c, &wl, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_page_resident(g, 0, XL_WL_VA_BASE), -1);
    xl_sim_destroy(g);
    assert_int_equal(xl_config_set(&c, "paging.mode=replay", err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_create(&g, &c, &wl, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_page_resident(g, 1, XL_WL_VA_BASE), -1);
    assert_int_equal(xl_sim_page_resident(g, 0, XL_WL_VA_BASE), 0);   /* nothing waits */
    xl_sim_destroy(g);
}

/* 30.06 An eviction while a walk is out: 30.01's page arrives (fault + 1000) and its replay
 * walks; the moment the walk has completed at the walker (iommu.walks 1) its answer is
 * still crossing the 50-cycle link, and the host unmaps the page and shoots it down. The
 * answer is stale: the L1 MSHR asks again (paging.rewalks 1), walks, finds no page and
 * far-faults a second time (2 records, 2 walk faults); the host maps it again 1000 cycles
 * later and the run ends. */
static void test_30_06_stale_walk_after_eviction(void **state)
{
    (void)state;
    pw_t p = {1, {0}, {0}, {0}};
    pr_t r;
    char err[256];
    pr_open(&r, &p, 1000, "paging.mode=replay");
    while (r.h.n == 0)
        assert_int_equal(xl_sim_step(r.g, xl_sim_now(r.g) + 1, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_step(r.g, r.h.t[0] + 1000, err, sizeof err), XL_OK);
    assert_int_equal(xl_as_map(r.h.as, r.h.va[0], 4096, XL_PAGE_SHIFT_4K, XL_PTE_RW | XL_PTE_US,
                               err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_page_resident(r.g, 0, r.h.va[0]), 1);
    r.h.done = 1;
    while (st(r.g, "iommu.walks") == 0)
        assert_int_equal(xl_sim_step(r.g, xl_sim_now(r.g) + 1, err, sizeof err), XL_OK);
    assert_int_equal(xl_as_unmap_page(r.h.as, r.h.va[0], XL_PAGE_SHIFT_4K, NULL, err, sizeof err),
                     XL_OK);
    xl_sim_shootdown(r.g, 0, r.h.va[0]);
    ph_run(r.g, &r.h);
    assert_int_equal(st(r.g, "paging.rewalks"), 1);
    assert_int_equal(r.h.n, 2);
    assert_int_equal(r.h.va[1], r.h.va[0]);
    assert_int_equal(st(r.g, "paging.far_faults"), 2);
    assert_int_equal(st(r.g, "iommu.walk_faults"), 2);
    assert_int_equal(r.h.touches, 1);
    xl_sim_destroy(r.g);
}

/* 30.07 A host that yields from its far-fault callback (xl_sim_yield): a step asked to go
 * a million cycles returns right after the cycle of the fault, xl_sim_now() = fault + 1,
 * with the fault heard; stepping on, resolved 1000 cycles after it, the run is 30.01's
 * cycle for cycle. */
static void test_30_07_yield_at_the_fault(void **state)
{
    (void)state;
    pw_t p = {1, {0}, {0}, {0}};
    pr_t a, r;
    char err[256];
    pr_run(&a, &p, 1000, "paging.mode=replay");
    pr_open(&r, &p, 1000, "paging.mode=replay");
    r.h.g = r.g;
    assert_int_equal(xl_sim_step(r.g, 1000000, err, sizeof err), XL_OK);
    assert_int_equal(r.h.n, 1);
    assert_int_equal(xl_sim_now(r.g), r.h.t[0] + 1);
    assert_int_equal(r.h.t[0], a.h.t[0]);
    ph_run(r.g, &r.h);
    assert_int_equal(xl_sim_now(r.g), xl_sim_now(a.g));
    xl_sim_destroy(r.g);
    xl_sim_destroy(a.g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_30_01_one_fault_replayed),
        cmocka_unit_test(test_30_02_resident_page_does_not_fault_again),
        cmocka_unit_test(test_30_03_dropped_beyond_F),
        cmocka_unit_test(test_30_04_blocking_against_replay),
        cmocka_unit_test(test_30_05_refused),
        cmocka_unit_test(test_30_06_stale_walk_after_eviction),
        cmocka_unit_test(test_30_07_yield_at_the_fault),
    };
    return cmocka_run_group_tests_name("t30_paging", tests, NULL, NULL);
}
