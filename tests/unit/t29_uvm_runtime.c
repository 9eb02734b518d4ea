/*
 * t29_uvm_runtime.c - area 29: the paging runtime of HPCA'16 alone (sw/include/xlat/uvm.h,
 * sw/uvm/; docs/papers/paged-memory.md): one fault's latency on an idle link under the §3
 * drain and the §4.1 interval sets, the link's page rate, demand before prefetch with
 * carry-over, each prefetcher's set on a hand-built fault history (§4.2), LRU and random
 * eviction with write-backs and the frame-reuse rule (§5.1), the oversubscribed warm-up and
 * continued locality prefetch (§5.2), a run that fits faulting once per page, and bad
 * parameters refused.
 *
 * Unless a test says otherwise: l_ff = 1000, t_page = 100, t_int = 2000 cycles, t_select =
 * l_evict = drain_delay = 0, N = 4, unlimited capacity, seed 7. A page issued at t on an
 * idle link lands at t + 1000; pages issued together land 100 apart; interval closes fall
 * at 2000, 4000, 6000, ... Callbacks are logged as A(vpn, frame, t) arrival, E(vpn, frame,
 * dirty, t) eviction, W(vpn, frame, t) write-back done.
 */
#include "xltest.h"

#include "xlat/rng.h"
#include "xlat/uvm.h"

typedef struct {
    char kind;   /* 'A', 'E', 'W' */
    uint64_t vpn, t;
    uint32_t frame;
    int dirty;
} ev_t;

typedef struct {
    ev_t e[256];
    unsigned n;
} evlog_t;

static void on_arrived(void *ctx, uint64_t vpn, uint32_t frame, uint64_t t)
{
    evlog_t *l = ctx;
    assert_true(l->n < 256);
    l->e[l->n++] = (ev_t){'A', vpn, t, frame, 0};
}
static void on_evicted(void *ctx, uint64_t vpn, uint32_t frame, int dirty, uint64_t t)
{
    evlog_t *l = ctx;
    assert_true(l->n < 256);
    l->e[l->n++] = (ev_t){'E', vpn, t, frame, dirty};
}
static void on_wb(void *ctx, uint64_t vpn, uint32_t frame, uint64_t t)
{
    evlog_t *l = ctx;
    assert_true(l->n < 256);
    l->e[l->n++] = (ev_t){'W', vpn, t, frame, 0};
}


typedef struct {
    xl_uvm_t rt;
    evlog_t log;
    xl_uvm_cb_t cb;
    unsigned seen;   /* log entries already checked */
} fx_t;

static xl_uvm_params_t base(void)
{
    xl_uvm_params_t p = xl_uvm_defaults();
    p.l_ff = 1000;
    p.t_page = 100;
    p.t_int = 2000;
    p.set_pages = 4;
    p.seed = 7;
    return p;
}

static void mk(fx_t *f, const xl_uvm_params_t *p, const xl_uvm_range_t *r, size_t n)
{
    char err[200] = "";
    memset(f, 0, sizeof *f);
    f->cb = (xl_uvm_cb_t){&f->log, on_arrived, on_evicted, on_wb};
    int rc = xl_uvm_init(&f->rt, p, r, n, err, sizeof err);
    if (rc != XL_OK)
        fail_msg("init: %s", err);
}

static void run_to(fx_t *f, uint64_t t) { xl_uvm_advance(&f->rt, t, &f->cb); }

static void fault(fx_t *f, uint64_t vpn, uint64_t t)
{
    run_to(f, t);   /* the model reports at t after the runtime has done what was due */
    assert_int_equal(xl_uvm_fault(&f->rt, vpn, 0, t), XL_OK);
}

/* The next logged event must be this one. */
static void expect_ev(fx_t *f, char kind, uint64_t vpn, uint32_t frame, uint64_t t)
{
    if (f->seen >= f->log.n)
        fail_msg("no event %c(0x%llx, %u, %llu): only %u logged", kind,
                 (unsigned long long)vpn, frame, (unsigned long long)t, f->log.n);
    const ev_t *e = &f->log.e[f->seen++];
    if (e->kind != kind || e->vpn != vpn || e->frame != frame || e->t != t)
        fail_msg("event %u: %c(0x%llx, %u, %llu), want %c(0x%llx, %u, %llu)", f->seen - 1,
                 e->kind, (unsigned long long)e->vpn, e->frame, (unsigned long long)e->t, kind,
                 (unsigned long long)vpn, frame, (unsigned long long)t);
}
static void expect_arrivals(fx_t *f, const uint64_t *vpn, const uint64_t *t, unsigned n,
                            uint32_t frame0)
{
    for (unsigned i = 0; i < n; i++)
        expect_ev(f, 'A', vpn[i], frame0 + i, t[i]);
}
static void expect_no_more(fx_t *f) { assert_int_equal(f->log.n, f->seen); }

static void expect_uvm_stats(fx_t *f, const char *spec)
{
    xl_stats_t *s = xl_stats_create();
    xl_uvm_stats(&f->rt, s);
    expect_stats(s, spec);
    xl_stats_destroy(s);
}

static void done(fx_t *f) { xl_uvm_free(&f->rt); }

static const xl_uvm_range_t R16 = {0x100, 16};

/* 29.01 One fault, §3 drain engine, idle link: fault 0x105 at 500 raises the interrupt,
 * drained at 500 (drain_delay 0) and issued at once: lands at 500 + 1000 = 1500 in frame 0
 * (the first frame of an unlimited memory). Nothing before 1500, nothing after. */
static void test_29_01_one_fault_drain(void **st)
{
    (void)st;
    xl_uvm_params_t p = base();
    p.engine = XL_UVM_DRAIN;
    fx_t f;
    mk(&f, &p, &R16, 1);
    assert_int_equal(xl_uvm_next_event(&f.rt), UINT64_MAX);   /* no prefetch: nothing to do */
    fault(&f, 0x105, 500);
    assert_int_equal(xl_uvm_next_event(&f.rt), 500);           /* the interrupt */
    run_to(&f, 500);
    uint32_t fr = 99;
    assert_int_equal(xl_uvm_page_state(&f.rt, 0x105, &fr), XL_ULOC_INFLIGHT);
    assert_int_equal(xl_uvm_next_event(&f.rt), 1500);
    run_to(&f, 1499);
    expect_no_more(&f);
    run_to(&f, 1500);
    expect_ev(&f, 'A', 0x105, 0, 1500);
    expect_no_more(&f);
    assert_int_equal(xl_uvm_page_state(&f.rt, 0x105, &fr), XL_ULOC_GPU);
    assert_int_equal(xl_uvm_next_event(&f.rt), UINT64_MAX);
    expect_uvm_stats(&f, "uvm.faults=1 uvm.interrupts=1 uvm.pages_demand=1 uvm.h2d_pages=1 "
                         "uvm.h2d_busy=100 uvm.sets=0");
    done(&f);
}

/* 29.02 One fault, §4.1 sets: the fault at 500 waits for the close at 2000 and lands at
 * 2000 + 1000 = 3000. With t_select = 300 the set goes out at 2300: 3300. A fault at
 * exactly 4000 (a close) is drained before the close (uvm.h order 3 before 4), so it is in
 * that close's set: 5000. */
static void test_29_02_one_fault_sets(void **st)
{
    (void)st;
    for (int sel = 0; sel < 2; sel++) {
        xl_uvm_params_t p = base();
        p.t_select = sel ? 300 : 0;
        fx_t f;
        mk(&f, &p, &R16, 1);
        fault(&f, 0x105, 500);
        run_to(&f, 500);
        assert_int_equal(xl_uvm_next_event(&f.rt), 2000);   /* the close */
        run_to(&f, 2000);
        assert_int_equal(xl_uvm_next_event(&f.rt), sel ? 3300 : 3000);
        run_to(&f, 3999);
        expect_ev(&f, 'A', 0x105, 0, sel ? 3300 : 3000);
        fault(&f, 0x10F, 4000);
        run_to(&f, 4000);
        assert_int_equal(xl_uvm_next_event(&f.rt), sel ? 5300 : 5000);
        run_to(&f, 10000);
        expect_ev(&f, 'A', 0x10F, 1, sel ? 5300 : 5000);
        expect_no_more(&f);
        expect_uvm_stats(&f, "uvm.sets=2 uvm.closes=2 uvm.pages_demand=2 uvm.carryover=0");
        done(&f);
    }
}

/* 29.03 The link's rate, drain engine with drain_delay = 40: faults 0x100 at 0, 0x101 at 10,
 * 0x102 at 20 share one interrupt (raised at 0, drained at 40) and go out together at 40:
 * 1040, then max(1040 + 1000, 1040 + 100) = 1140, then 1240. At 45 a fault for 0x101 (in
 * flight: dropped at the drain) and one for 0x103 raise the second interrupt, drained at 85:
 * 0x103 lands at max(85 + 1000, 1240 + 100) = 1340, held by the link's rate, not its
 * latency. 0x104 at 2000, drained at 2040, finds the link idle: 3040. */
static void test_29_03_link_rate(void **st)
{
    (void)st;
    xl_uvm_params_t p = base();
    p.engine = XL_UVM_DRAIN;
    p.drain_delay = 40;
    fx_t f;
    mk(&f, &p, &R16, 1);
    fault(&f, 0x100, 0);
    fault(&f, 0x101, 10);
    fault(&f, 0x102, 20);
    assert_int_equal(xl_uvm_next_event(&f.rt), 40);
    fault(&f, 0x101, 45);
    fault(&f, 0x103, 45);
    assert_int_equal(xl_uvm_next_event(&f.rt), 85);
    fault(&f, 0x104, 2000);
    run_to(&f, 5000);
    static const uint64_t v[] = {0x100, 0x101, 0x102, 0x103, 0x104};
    static const uint64_t t[] = {1040, 1140, 1240, 1340, 3040};
    expect_arrivals(&f, v, t, 5, 0);
    expect_no_more(&f);
    expect_uvm_stats(&f, "uvm.faults=6 uvm.faults_dropped=1 uvm.interrupts=3 uvm.h2d_pages=5 "
                         "uvm.h2d_busy=500");
    done(&f);
}

/* 29.04 Demand before prefetch, sequential, N = 4. The close at 2000 has no demand: the set
 * is all prefetch, the cursor's first four pages 0x100-0x103, landing 3000, 3100, 3200,
 * 3300. Faults in (2000, 4000]: 0x110, 0x108, 0x11A, 0x110 again, 0x105, 0x11F. The close
 * at 4000 takes the first four unique ones: 0x110, 0x108, 0x11A (the second 0x110 is in S,
 * skipped), 0x105; 0x11F is carried over (carryover 1), no room for prefetch. They land at
 * max(4000 + 1000, 3300 + 100) = 5000, 5100, 5200, 5300. The close at 6000: demand 0x11F
 * first, then three prefetches from the cursor (at 0x104): 0x104, 0x105 (resident since
 * 5300: skipped), 0x106, 0x107; 7000 .. 7300. */
static void test_29_04_demand_first(void **st)
{
    (void)st;
    xl_uvm_params_t p = base();
    p.prefetch = XL_UPF_SEQUENTIAL;
    const xl_uvm_range_t r = {0x100, 32};
    fx_t f;
    mk(&f, &p, &r, 1);
    assert_int_equal(xl_uvm_next_event(&f.rt), 2000);   /* prefetching: the first close */
    fault(&f, 0x110, 2500);
    fault(&f, 0x108, 2600);
    fault(&f, 0x11A, 2700);
    fault(&f, 0x110, 2800);
    fault(&f, 0x105, 2900);
    fault(&f, 0x11F, 3000);
    run_to(&f, 7999);
    static const uint64_t v[] = {0x100, 0x101, 0x102, 0x103, 0x110, 0x108, 0x11A, 0x105,
                                 0x11F, 0x104, 0x106, 0x107};
    static const uint64_t t[] = {3000, 3100, 3200, 3300, 5000, 5100, 5200, 5300,
                                 7000, 7100, 7200, 7300};
    expect_arrivals(&f, v, t, 12, 0);
    expect_no_more(&f);
    expect_uvm_stats(&f, "uvm.sets=3 uvm.carryover=1 uvm.pages_demand=5 "
                         "uvm.pages_sequential=7 uvm.faults=6");
    done(&f);
}

/* The permutation uvm.h documents: Fisher-Yates over 0..n-1 on xl_rng_derive(seed, 1). */
static void perm_of(uint64_t seed, uint32_t n, uint32_t *perm)
{
    xl_rng_t r;
    xl_rng_derive(&r, seed, 1);
    for (uint32_t i = 0; i < n; i++)
        perm[i] = i;
    for (uint32_t i = n - 1; i > 0; i--) {
        uint32_t j = (uint32_t)xl_rng_below(&r, (uint64_t)i + 1), x = perm[i];
        perm[i] = perm[j];
        perm[j] = x;
    }
}

/* 29.05 Random prefetch, seed 7, 16 pages at 0x200: the permutation P of 0..15 is computed
 * here from xl_rng as uvm.h defines it. A demand fault for page P[2] at 100; the close at
 * 2000 takes it first, then fills from P: P[0], P[1], (P[2] is in S: skipped), P[3]; they
 * land 3000 .. 3300. The close at 4000 takes P[4] .. P[7] (5000 .. 5300). With replacement
 * instead: draws xl_rng_below(16) on the same stream, each page taken if still CPU and not
 * in S, at most 4 x 4 = 16 draws; computed here the same way. */
static void test_29_05_random(void **st)
{
    (void)st;
    uint32_t P[16];
    perm_of(7, 16, P);
    xl_uvm_params_t p = base();
    p.prefetch = XL_UPF_RANDOM;
    const xl_uvm_range_t r = {0x200, 16};
    fx_t f;
    mk(&f, &p, &r, 1);
    fault(&f, 0x200 + P[2], 100);
    run_to(&f, 5999);
    const uint64_t v[] = {0x200 + P[2], 0x200 + P[0], 0x200 + P[1], 0x200 + P[3],
                          0x200 + P[4], 0x200 + P[5], 0x200 + P[6], 0x200 + P[7]};
    static const uint64_t t[] = {3000, 3100, 3200, 3300, 5000, 5100, 5200, 5300};
    expect_arrivals(&f, v, t, 8, 0);
    expect_no_more(&f);
    expect_uvm_stats(&f, "uvm.pages_random=7 uvm.pages_demand=1");
    done(&f);

    /* with replacement: one close with no demand */
    p.random = XL_URND_REPLACEMENT;
    mk(&f, &p, &r, 1);
    run_to(&f, 2000);
    xl_rng_t g;
    xl_rng_derive(&g, 7, 1);
    uint64_t want[4];
    unsigned n = 0;
    for (unsigned d = 0; d < 16 && n < 4; d++) {
        uint64_t x = xl_rng_below(&g, 16);
        unsigned dup = 0;
        for (unsigned k = 0; k < n; k++)
            dup |= want[k] == 0x200 + x;
        if (!dup)
            want[n++] = 0x200 + x;
    }
    run_to(&f, 3999);
    for (unsigned k = 0; k < n; k++)
        expect_ev(&f, 'A', want[k], k, 3000 + 100 * k);
    expect_no_more(&f);
    done(&f);
}

/* 29.06 The sequential cursor over two ranges (0x100-0x103 and 0x300-0x303), N = 3. The
 * close at 2000: 0x100, 0x101, 0x102 (3000 .. 3200). A fault for 0x301 at 2100. The close at
 * 4000: 0x301 first, then the cursor: 0x103, 0x300 (across the gap); 5000 .. 5200. The
 * close at 6000: the cursor passes 0x301 (in flight / resident) and takes 0x302, 0x303
 * (7000, 7100). The close at 8000 finds nothing: no set, and no further event. */
static void test_29_06_sequential(void **st)
{
    (void)st;
    xl_uvm_params_t p = base();
    p.prefetch = XL_UPF_SEQUENTIAL;
    p.set_pages = 3;
    const xl_uvm_range_t r[2] = {{0x300, 4}, {0x100, 4}};   /* any order */
    fx_t f;
    mk(&f, &p, r, 2);
    fault(&f, 0x301, 2100);
    run_to(&f, 8000);
    static const uint64_t v[] = {0x100, 0x101, 0x102, 0x301, 0x103, 0x300, 0x302, 0x303};
    static const uint64_t t[] = {3000, 3100, 3200, 5000, 5100, 5200, 7000, 7100};
    expect_arrivals(&f, v, t, 8, 0);
    expect_no_more(&f);
    assert_int_equal(xl_uvm_next_event(&f.rt), UINT64_MAX);
    expect_uvm_stats(&f, "uvm.closes=4 uvm.sets=3 uvm.pages_sequential=7 uvm.pages_demand=1");
    done(&f);
}

/* 29.07 Locality, window W, N = 6, 64 pages at 0x1000.
 * (a) last_arrived, W = 8: faults 0x1020 at 2100 and 0x103C at 2200 (the anchor is the last
 * to arrive). Before that, the close at 2000 has no anchor yet: the fallback (sequential
 * cursor) takes 0x1000 .. 0x1005. The close at 4000: 0x1020, 0x103C, the window (0x103C,
 * 0x1044] holds only 0x103D .. 0x103F (the range ends), then the fallback 0x1006. The close
 * at 6000, no new fault: the anchor stays 0x103C, its window is gone, the fallback gives
 * 0x1007 .. 0x100C. pf_fallback = 6 + 1 + 6 = 13.
 * (b) each_demand_page, W = 2: faults 0x1020 at 100, 0x1030 at 200; the close at 2000:
 * 0x1020, 0x1030, then 0x1021, 0x1022 (0x1020's window), 0x1031, 0x1032 (0x1030's).
 * (c) last_in_set, same faults: the window of 0x1030 only, 0x1031, 0x1032, then the
 * fallback 0x1000, 0x1001. */
static void test_29_07_locality(void **st)
{
    (void)st;
    const xl_uvm_range_t r = {0x1000, 64};
    xl_uvm_params_t p = base();
    p.prefetch = XL_UPF_LOCALITY;
    p.set_pages = 6;
    p.window = 8;
    fx_t f;
    mk(&f, &p, &r, 1);
    fault(&f, 0x1020, 2100);
    fault(&f, 0x103C, 2200);
    run_to(&f, 7999);
    static const uint64_t va[] = {0x1000, 0x1001, 0x1002, 0x1003, 0x1004, 0x1005,
                                  0x1020, 0x103C, 0x103D, 0x103E, 0x103F, 0x1006,
                                  0x1007, 0x1008, 0x1009, 0x100A, 0x100B, 0x100C};
    for (unsigned i = 0; i < 18; i++)
        expect_ev(&f, 'A', va[i], i, 3000 + 2000 * (i / 6) + 100 * (i % 6));
    expect_no_more(&f);
    expect_uvm_stats(&f, "uvm.pages_locality=16 uvm.pf_fallback=13 uvm.pages_demand=2");
    done(&f);

    static const uint64_t vb[] = {0x1020, 0x1030, 0x1021, 0x1022, 0x1031, 0x1032};
    static const uint64_t vc[] = {0x1020, 0x1030, 0x1031, 0x1032, 0x1000, 0x1001};
    for (int m = 0; m < 2; m++) {
        p.window = 2;
        p.anchor = m ? XL_UANC_LAST_IN_SET : XL_UANC_EACH_DEMAND;
        mk(&f, &p, &r, 1);
        fault(&f, 0x1020, 100);
        fault(&f, 0x1030, 200);
        run_to(&f, 3999);
        for (unsigned i = 0; i < 6; i++)
            expect_ev(&f, 'A', (m ? vc : vb)[i], i, 3000 + 100 * i);
        expect_no_more(&f);
        done(&f);
    }
}

/* 29.08 The oracle, first-touch list 0x105, 0x102, 0x10A, 0x101, 0x103, N = 3: a demand fault
 * for 0x102 at 100. The close at 2000: 0x102, then the list: 0x105, (0x102 in S), 0x10A.
 * The close at 4000: 0x101, 0x103, and the list is done; the close at 6000 finds nothing and
 * the runtime goes quiet. */
static void test_29_08_oracle(void **st)
{
    (void)st;
    static const uint64_t ftl[] = {0x105, 0x102, 0x10A, 0x101, 0x103};
    xl_uvm_params_t p = base();
    p.prefetch = XL_UPF_ORACLE;
    p.set_pages = 3;
    p.oracle = ftl;
    p.n_oracle = 5;
    fx_t f;
    mk(&f, &p, &R16, 1);
    fault(&f, 0x102, 100);
    run_to(&f, 6000);
    static const uint64_t v[] = {0x102, 0x105, 0x10A, 0x101, 0x103};
    static const uint64_t t[] = {3000, 3100, 3200, 5000, 5100};
    expect_arrivals(&f, v, t, 5, 0);
    expect_no_more(&f);
    assert_int_equal(xl_uvm_next_event(&f.rt), UINT64_MAX);
    expect_uvm_stats(&f, "uvm.pages_oracle=4 uvm.pages_demand=1 uvm.closes=3 uvm.sets=2");
    done(&f);
}

/* Oversubscribed runs below: 8 pages at 0x100, capacity 3, no warm-up, no prefetch after it. */
static xl_uvm_params_t oversub(void)
{
    xl_uvm_params_t p = base();
    p.capacity = 3;
    p.warmup = 0;
    p.oversub_prefetch = XL_UOSPF_OFF;
    return p;
}

/* Faults for 0x100, 0x101, 0x102 at 0: the close at 2000 puts them in frames 0, 1, 2,
 * landing 3000, 3100, 3200. */
static void fill3(fx_t *f)
{
    fault(f, 0x100, 0);
    fault(f, 0x101, 0);
    fault(f, 0x102, 0);
    run_to(f, 3200);
    static const uint64_t v[] = {0x100, 0x101, 0x102};
    static const uint64_t t[] = {3000, 3100, 3200};
    expect_arrivals(f, v, t, 3, 0);
}

/* 29.09 LRU, writeback dirty_only, l_evict = 5000. Touches: 0x102 at 3300 (read), 0x101 at
 * 3500 (write: dirty), 0x100 at 3600: LRU order 0x102, 0x101, 0x100. Faults 0x103, 0x104 at
 * 3700; the close at 4000 (room min(4, 0 free + 3 resident) = 3) evicts for 0x103 the
 * oldest, 0x102 in frame 2 (clean: no write-back, frame free at 4000), for 0x104 0x101 in
 * frame 1 (dirty: written back, 4000 + 5000 = 9000). 0x103 lands in frame 2 at max(5000,
 * 3200 + 100) = 5000; 0x104 in frame 1 no earlier than its victim's write-back: max(5000,
 * 5100, 9000) = 9000 (arrival listed before the write-back at the same time, uvm.h order).
 * Ties: 0x103, 0x104 and 0x100 all touched at 9500: by frame, 0x100 (0), 0x104 (1), 0x103
 * (2). Faults 0x105, 0x106 at 9600: the close at 10000 evicts 0x100 then 0x104 (clean),
 * 0x105 in frame 0 at max(11000, 9100, 10000) = 11000, 0x106 in frame 1 at 11100. */
static void test_29_09_lru(void **st)
{
    (void)st;
    xl_uvm_params_t p = oversub();
    p.writeback = XL_UWB_DIRTY;
    p.l_evict = 5000;
    const xl_uvm_range_t r = {0x100, 8};
    fx_t f;
    mk(&f, &p, &r, 1);
    fill3(&f);
    assert_int_equal(xl_uvm_touch(&f.rt, 0x102, 3300, 0), XL_OK);
    assert_int_equal(xl_uvm_touch(&f.rt, 0x101, 3500, 1), XL_OK);
    assert_int_equal(xl_uvm_touch(&f.rt, 0x100, 3600, 0), XL_OK);
    fault(&f, 0x103, 3700);
    fault(&f, 0x104, 3700);
    run_to(&f, 9000);
    expect_ev(&f, 'E', 0x102, 2, 4000);
    assert_int_equal(f.log.e[f.seen - 1].dirty, 0);
    expect_ev(&f, 'E', 0x101, 1, 4000);
    assert_int_equal(f.log.e[f.seen - 1].dirty, 1);
    expect_ev(&f, 'A', 0x103, 2, 5000);
    expect_ev(&f, 'A', 0x104, 1, 9000);
    expect_ev(&f, 'W', 0x101, 1, 9000);
    assert_int_equal(xl_uvm_page_state(&f.rt, 0x101, NULL), XL_ULOC_CPU);
    assert_int_equal(xl_uvm_touch(&f.rt, 0x101, 9100, 0), XL_EINPUT);   /* not resident */
    assert_int_equal(xl_uvm_touch(&f.rt, 0x103, 9500, 0), XL_OK);
    assert_int_equal(xl_uvm_touch(&f.rt, 0x104, 9500, 0), XL_OK);
    assert_int_equal(xl_uvm_touch(&f.rt, 0x100, 9500, 0), XL_OK);
    fault(&f, 0x105, 9600);
    fault(&f, 0x106, 9600);
    run_to(&f, 20000);
    expect_ev(&f, 'E', 0x100, 0, 10000);
    expect_ev(&f, 'E', 0x104, 1, 10000);
    expect_ev(&f, 'A', 0x105, 0, 11000);
    expect_ev(&f, 'A', 0x106, 1, 11100);
    expect_no_more(&f);
    expect_uvm_stats(&f, "uvm.evictions=4 uvm.writebacks=1 uvm.d2h_busy=100 uvm.h2d_pages=7");
    done(&f);
}

/* 29.10 Random eviction, writeback always, l_evict 0. After fill3, faults 0x103, 0x104 at
 * 3700; the close at 4000 draws k1 = below(3) on xl_rng_derive(7, 2): the victim is frame k1
 * (all three resident); then k2 = below(2): the k2-th of the two frames left, ascending.
 * Both written back: D2H 4000 + 0 = 4000 and max(4000, 4000 + 100) = 4100. 0x103 lands at
 * max(5000, 3300, 4000) = 5000, 0x104 at max(5000, 5100, 4100) = 5100. The first victim,
 * CPU again, faults at 6100 and comes back at the close at 8000 (a re-fetch), after a third
 * draw, landing at 9000. */
static void test_29_10_random_evict(void **st)
{
    (void)st;
    xl_uvm_params_t p = oversub();
    p.evict = XL_UEV_RANDOM;
    const xl_uvm_range_t r = {0x100, 8};
    fx_t f;
    mk(&f, &p, &r, 1);
    fill3(&f);
    xl_rng_t g;
    xl_rng_derive(&g, 7, 2);
    uint32_t f1 = (uint32_t)xl_rng_below(&g, 3);
    uint32_t left[2], nl = 0;
    for (uint32_t k = 0; k < 3; k++)
        if (k != f1)
            left[nl++] = k;
    uint32_t f2 = left[xl_rng_below(&g, 2)];
    fault(&f, 0x103, 3700);
    fault(&f, 0x104, 3700);
    run_to(&f, 5100);
    expect_ev(&f, 'E', 0x100 + f1, f1, 4000);   /* frame k holds 0x100 + k after fill3 */
    expect_ev(&f, 'E', 0x100 + f2, f2, 4000);
    expect_ev(&f, 'W', 0x100 + f1, f1, 4000);
    expect_ev(&f, 'W', 0x100 + f2, f2, 4100);
    expect_ev(&f, 'A', 0x103, f1, 5000);
    expect_ev(&f, 'A', 0x104, f2, 5100);
    assert_int_equal(xl_uvm_page_state(&f.rt, 0x100 + f1, NULL), XL_ULOC_CPU);
    /* resident now: frame f1 (0x103), f2 (0x104) and the third frame; a third draw */
    uint32_t f3 = (uint32_t)xl_rng_below(&g, 3);
    uint64_t in_frame[3];
    in_frame[f1] = 0x103;
    in_frame[f2] = 0x104;
    in_frame[3 - f1 - f2] = 0x100 + (3 - f1 - f2);
    fault(&f, 0x100 + f1, 6100);
    run_to(&f, 9000);
    expect_ev(&f, 'E', in_frame[f3], f3, 8000);
    expect_ev(&f, 'W', in_frame[f3], f3, 8000);
    expect_ev(&f, 'A', 0x100 + f1, f3, 9000);
    expect_no_more(&f);
    expect_uvm_stats(&f, "uvm.evictions=3 uvm.writebacks=3 uvm.d2h_busy=300 uvm.refetches=1");
    done(&f);
}

/* 29.11 The oversubscribed warm-up and continued prefetch (§5.2): 16 pages at 0x100,
 * capacity 4, N = 3, oracle 0x108 .. 0x10D, then the locality window W = 2 without the
 * sequential fallback, LRU, no write-back. Close 2000: the oracle's 0x108, 0x109, 0x10A
 * (3 < 4 free frames), 3000 .. 3200. Close 4000: 3 held, so the warm-up set is cut to 1:
 * 0x10B (5000), memory is full, the warm-up ends at 4000. A fault for 0x100 at 4100; close
 * 6000: 0x100 and its window 0x101, 0x102, each evicting the oldest: 0x108 (frame 0),
 * 0x109 (1), 0x10A (2), warm-up pages never touched (3 useless); they land 7000 .. 7200.
 * Close 8000: the window (0x100, 0x102] is resident and there is no fallback: nothing, and
 * the runtime goes quiet although CPU pages remain. */
static void test_29_11_warmup(void **st)
{
    (void)st;
    static const uint64_t ftl[] = {0x108, 0x109, 0x10A, 0x10B, 0x10C, 0x10D};
    xl_uvm_params_t p = base();
    p.capacity = 4;
    p.set_pages = 3;
    p.oracle = ftl;
    p.n_oracle = 6;
    p.window = 2;
    p.writeback = XL_UWB_NONE;
    fx_t f;
    mk(&f, &p, &R16, 1);
    fault(&f, 0x100, 4100);
    run_to(&f, 8000);
    static const uint64_t v[] = {0x108, 0x109, 0x10A, 0x10B};
    static const uint64_t t[] = {3000, 3100, 3200, 5000};
    expect_arrivals(&f, v, t, 4, 0);
    expect_ev(&f, 'E', 0x108, 0, 6000);
    expect_ev(&f, 'E', 0x109, 1, 6000);
    expect_ev(&f, 'E', 0x10A, 2, 6000);
    static const uint64_t v2[] = {0x100, 0x101, 0x102};
    static const uint64_t t2[] = {7000, 7100, 7200};
    expect_arrivals(&f, v2, t2, 3, 0);
    expect_no_more(&f);
    assert_int_equal(xl_uvm_next_event(&f.rt), UINT64_MAX);
    assert_int_equal(xl_uvm_page_state(&f.rt, 0x108, NULL), XL_ULOC_CPU);
    expect_uvm_stats(&f, "uvm.pages_warmup=4 uvm.pages_locality=2 uvm.pages_demand=1 "
                         "uvm.evictions=3 uvm.writebacks=0 uvm.warmup_end=4000 "
                         "uvm.pf_evicted_unused=3 uvm.pf_untouched=3 uvm.pf_fallback=0");
    done(&f);
}

/* A tiny driver: two passes over the pages of r, one access every 10 cycles; an access to a
 * page that is not resident faults once (the GMMU holds a far-fault MSHR for the page until
 * it arrives, so it reports the page once) and waits for the runtime's next event. Returns
 * the faults of each pass. */
static void drive(fx_t *f, const xl_uvm_range_t *r, unsigned faults[2])
{
    uint64_t now = 0;
    uint8_t reported[64] = {0};
    assert_true(r->pages <= 64);
    for (int pass = 0; pass < 2; pass++) {
        faults[pass] = 0;
        for (uint64_t i = 0; i < r->pages;) {
            run_to(f, now);
            uint64_t vpn = r->vpn0 + i;
            int s = xl_uvm_page_state(&f->rt, vpn, NULL);
            if (s == XL_ULOC_GPU) {
                reported[i] = 0;
                assert_int_equal(xl_uvm_touch(&f->rt, vpn, now, 1), XL_OK);
                now += 10;
                i++;
                continue;
            }
            if (s == XL_ULOC_CPU && !reported[i]) {
                reported[i] = 1;
                assert_int_equal(xl_uvm_fault(&f->rt, vpn, 0, now), XL_OK);
                faults[pass]++;
            }
            uint64_t t = xl_uvm_next_event(&f->rt);
            assert_true(t != UINT64_MAX);
            now = t > now ? t : now;
        }
    }
}

/* 29.12 A footprint that fits (capacity = its 20 pages) faults only on first touch: the drain
 * engine without prefetch faults once per page (20) in the first pass and never in the
 * second; sets with locality prefetch fault at most 20 times, none in the second pass; no
 * evictions either way. */
static void test_29_12_fits(void **st)
{
    (void)st;
    const xl_uvm_range_t r = {0x400, 20};
    for (int m = 0; m < 2; m++) {
        xl_uvm_params_t p = base();
        p.capacity = 20;
        if (m == 0) {
            p.engine = XL_UVM_DRAIN;
        } else {
            p.prefetch = XL_UPF_LOCALITY;
        }
        fx_t f;
        mk(&f, &p, &r, 1);
        unsigned faults[2];
        drive(&f, &r, faults);
        if (m == 0)
            assert_int_equal(faults[0], 20);
        else
            assert_in_range(faults[0], 1, 20);
        assert_int_equal(faults[1], 0);
        expect_uvm_stats(&f, "uvm.evictions=0 uvm.h2d_pages=20");
        done(&f);
    }
}

/* 29.13 Bad parameters: XL_EINPUT and one line naming what is wrong. */
static void test_29_13_refused(void **st)
{
    (void)st;
    static const uint64_t bad_ftl[] = {0x100, 0x999};
    static const struct {
        int what;
        const char *says;
    } row[] = {
        {0, "t_page is 0"},        {1, "t_int is 0"},          {2, "set_pages is 0"},
        {3, "needs engine sets"},  {4, "window is 0"},         {5, "prefetch 7 is not"},
        {6, "needs the first-touch list"}, {7, "warm-up of an oversubscribed run"},
        {8, "VPN 0x999, is in no range"},  {9, "overlap"},      {10, "has 0 pages"},
        {11, "no ranges"},         {12, "below the footprint"}, {13, "evict 5 is not"},
    };
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        xl_uvm_params_t p = base();
        xl_uvm_range_t r[2] = {{0x100, 16}, {0x200, 4}};
        size_t n = 2;
        switch (row[i].what) {
        case 0: p.t_page = 0; break;
        case 1: p.t_int = 0; break;
        case 2: p.set_pages = 0; break;
        case 3: p.engine = XL_UVM_DRAIN; p.prefetch = XL_UPF_SEQUENTIAL; break;
        case 4: p.prefetch = XL_UPF_LOCALITY; p.window = 0; break;
        case 5: p.prefetch = (xl_uvm_prefetch_t)7; break;
        case 6: p.prefetch = XL_UPF_ORACLE; break;
        case 7: p.capacity = 10; break;
        case 8: p.prefetch = XL_UPF_ORACLE; p.oracle = bad_ftl; p.n_oracle = 2; break;
        case 9: r[1].vpn0 = 0x10F; break;
        case 10: r[1].pages = 0; break;
        case 11: n = 0; break;
        case 12: p.engine = XL_UVM_DRAIN; p.capacity = 10; break;
        case 13: p.evict = (xl_uvm_evict_t)5; break;
        }
        xl_uvm_t rt;
        char err[200] = "";
        assert_int_equal(xl_uvm_init(&rt, &p, r, n, err, sizeof err), XL_EINPUT);
        if (!strstr(err, row[i].says) || strchr(err, '\n') || strncmp(err, "uvm: ", 5))
            fail_msg("case %d: '%s' does not say '%s' on one line", row[i].what, err, row[i].says);
    }
    /* a fault outside the ranges is refused too */
    fx_t f;
    xl_uvm_params_t p = base();
    mk(&f, &p, &R16, 1);
    assert_int_equal(xl_uvm_fault(&f.rt, 0x99, 0, 0), XL_EINPUT);
    assert_int_equal(xl_uvm_next_event(&f.rt), UINT64_MAX);
    done(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_29_01_one_fault_drain),
        cmocka_unit_test(test_29_02_one_fault_sets),
        cmocka_unit_test(test_29_03_link_rate),
        cmocka_unit_test(test_29_04_demand_first),
        cmocka_unit_test(test_29_05_random),
        cmocka_unit_test(test_29_06_sequential),
        cmocka_unit_test(test_29_07_locality),
        cmocka_unit_test(test_29_08_oracle),
        cmocka_unit_test(test_29_09_lru),
        cmocka_unit_test(test_29_10_random_evict),
        cmocka_unit_test(test_29_11_warmup),
        cmocka_unit_test(test_29_12_fits),
        cmocka_unit_test(test_29_13_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
