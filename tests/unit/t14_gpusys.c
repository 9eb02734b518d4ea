/*
 * t14_gpusys.c - area 14: the cycle-level system (model/src/sys/sim.c): the walk path's
 * cycle timing on a hand-computed case, the ideal-translation mode, the watchdog, the
 * scheduling policies end to end, the counters of docs/isca18-micro18.md §7.1 (per kernel,
 * per CU, coalescer, IOMMU TLBs, buffer occupancy, walkers, PWC, scheduler), and the
 * CU's wavefront issue order (gpu.wave_sched) and memory waits (gpu.loads) on
 * hand-written wavefronts.
 */
#include "xltest.h"
#include "xltest_wl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/config.h"
#include "xlat/sim.h"
#include "xlat/stats.h"
#include "xlat/workloads.h"

/* Find the cycle of the n-th (0-based) line containing `ev` in the log; -1 if none. */
static long long ev_cycle(const char *log, const char *ev, int n)
{
    const char *p = log;
    while ((p = strstr(p, ev)) != NULL) {
        const char *bol = p;
        while (bol > log && bol[-1] != '\n')
            bol--;
        if (n-- == 0)
            return strtoll(bol, NULL, 10);
        p++;
    }
    return -1;
}

/* Run workload desc (its priv set to priv, in *wl, which must outlive the system) under the
 * default config with the given overrides (NULL-ended), the event log kept in *log; returns
 * the finished system (the caller destroys it and frees *log). */
static xl_sim_t *run_wl(const xl_wl_desc_t *desc, const void *priv, const char *const *sets,
                        xl_workload_t *wl, char **log)
{
    xl_config_t c;
    char err[256];
    *wl = (xl_workload_t){ .desc = desc, .scale_ppm = XL_SCALE_ONE, .seed = 1,
                           .priv = (void *)priv };
    xl_config_defaults(&c);
    for (; *sets; sets++)
        assert_int_equal(xl_config_set(&c, *sets, err, sizeof err), XL_OK);
    desc->create(wl, err, sizeof err);
    xl_sim_t *g = NULL;
    assert_int_equal(xl_sim_create(&g, &c, wl, err, sizeof err), XL_OK);
    size_t len = 0;
    FILE *f = open_memstream(log, &len);
    xl_sim_set_events(g, f);
    assert_int_equal(xl_sim_run(g, err, sizeof err), XL_OK);
    fclose(f);
    return g;
}

static const char *const no_sets[] = {NULL};

/* 14.01 A cold one-lane load, by hand (default latencies, FCFS, empty TLBs and PWCs):
 *   cycle 0   the wave issues; the L1 TLB misses (hit latency 1)
 *   cycle 1   the L2 TLB looks up; the miss is known after 69 cycles: 70
 *   cycle 120 the request arrives at the IOMMU (link 50); its TLBs take 2 cycles: 122
 *   cycle 122 the buffer is empty and all walkers idle: IMMEDIATE dispatch, PWC lookup
 *             misses every level, so the walk starts at L4 after pwc_latency 1: read at 123
 *   then four dependent reads: each MEM_RSP is processed the cycle it arrives (the PWC
 *   is filled) and the walker asks for the memory port again, so the next MEM_REQ goes
 *   out one cycle later; COMPLETE in the cycle of the fourth MEM_RSP
 *   the translation crosses back (50), fills L2 and L1 TLBs and the data load goes to the
 *   L1 data cache (16) and then to memory; the run ends when the data is back. */
static void test_14_01_cold_walk_timing(void **st)
{
    (void)st;
    char *log = NULL;
    xl_workload_t wl;
    xl_sim_t *g = run_wl(&ld_desc, NULL, no_sets, &wl, &log);
    assert_int_equal(ev_cycle(log, "DISPATCH", 0), 122);
    assert_non_null(strstr(log, "rule=immediate"));
    assert_non_null(strstr(log, "start=L4"));
    assert_int_equal(ev_cycle(log, "MEM_REQ", 0), 123);
    for (int i = 0; i < 3; i++)   /* each response launches the next level's read a cycle later */
        assert_int_equal(ev_cycle(log, "MEM_RSP", i) + 1, ev_cycle(log, "MEM_REQ", i + 1));
    assert_int_equal(ev_cycle(log, "MEM_REQ", 4), -1);   /* exactly four reads */
    long long done = ev_cycle(log, "COMPLETE", 0);
    assert_int_equal(done, ev_cycle(log, "MEM_RSP", 3));
    assert_non_null(strstr(log, "reads=4"));
    xl_stats_t *s = xl_stats_create();
    xl_sim_stats(g, s);
    /* latency reported = COMPLETE - arrival at the IOMMU (120) */
    assert_int_equal(stat_get(s, "iommu.walk_latency_avg"), (uint64_t)(done - 120) * 10);
    /* the run ends after the link back (50), the L1 data lookup (16) and a memory access
     * of at least the L2 hit latency (40) */
    assert_true(stat_get(s, "sim.cycles") >= (uint64_t)done + 50 + 16 + 40);
    expect_stats(s, "iommu.walks=1 iommu.walk_mem_reads=4 gpu.mem_instructions=1");
    xl_stats_destroy(s);
    xl_sim_destroy(g);
    free(log);
}

/* 14.06 The docs/isca18-micro18.md §7.1 counters on 14.01's one-lane load, by hand. The wave issues in
 * cycle 0 and retires with its data in the last cycle R = sim.cycles:
 *   kernel 0 lasts R cycles; CU 0 issued 1 instruction (the load; the end of the stream
 *   is no instruction) and stalled in cycles 1..R-1 (R - 1); the other CUs ran nothing;
 *   the coalescer saw 1 lane, 1 page; the request missed both IOMMU TLBs;
 *   it was dispatched at once (cycle 122), so the buffer was empty in all R cycles, no
 *   score was merged, no PWC counter moved; walker 0 was busy from the dispatch to the
 *   leaf response (COMPLETE - 122 cycles), the other 7 never; the walk missed the PWCs
 *   and filled one L4, one L3 and one L2 entry into empty caches (no eviction). */
static void test_14_06_counters_by_hand(void **st)
{
    (void)st;
    char n[64], *log = NULL;
    xl_workload_t wl;
    xl_sim_t *g = run_wl(&ld_desc, NULL, no_sets, &wl, &log);
    long long disp = ev_cycle(log, "DISPATCH", 0), done = ev_cycle(log, "COMPLETE", 0);
    assert_int_equal(disp, 122);
    xl_stats_t *s = xl_stats_create();
    xl_sim_stats(g, s);
    uint64_t r = stat_get(s, "sim.cycles");
    expect_stats(s, "sim.kernels=1 gpu.cu0.instructions=1 gpu.cu0.mem_instructions=1");
    assert_int_equal(stat_get(s, "sim.kernel0.cycles"), r);
    assert_int_equal(stat_get(s, "gpu.cu0.stall_cycles"), r - 1);
    assert_int_equal(stat_get(s, "gpu.stall_cycles"), r - 1);
    for (unsigned cu = 1; cu < 8; cu++) {
        snprintf(n, sizeof n, "gpu.cu%u.instructions", cu);
        assert_int_equal(stat_get(s, n), 0);
        snprintf(n, sizeof n, "gpu.cu%u.stall_cycles", cu);
        assert_int_equal(stat_get(s, n), 0);
    }
    expect_stats(s, "coalescer.lanes=1 coalescer.pages_per_instr_max=1 "
                    "coalescer.pages_hist.1_16=1 coalescer.pages_hist.49_64=0");
    expect_stats(s, "iommu.tlb1.accesses=1 iommu.tlb1.misses=1 "
                    "iommu.tlb2.accesses=1 iommu.tlb2.misses=1");
    assert_int_equal(stat_get(s, "iommu.buffer_occ.empty"), r);
    expect_stats(s, "iommu.buffer_occ.le25=0 iommu.buffer_occ.full=0 "
                    "iommu.buffer_occupancy_avg=0 iommu.sched.score_updates=0");
    assert_int_equal(stat_get(s, "iommu.walker0.busy_cycles"), (uint64_t)(done - disp));
    for (unsigned w = 1; w < 8; w++) {
        snprintf(n, sizeof n, "iommu.walker%u.busy_cycles", w);
        assert_int_equal(stat_get(s, n), 0);
    }
    /* 4 decimals, truncated: (COMPLETE - 122) * 10^4 / (8 walkers * R) */
    assert_int_equal(stat_get(s, "iommu.walker_busy_frac"), (uint64_t)(done - disp) * 10000 / (8 * r));
    static const char *const lv[3] = {"l4", "l3", "l2"};
    for (unsigned i = 0; i < 3; i++) {
        snprintf(n, sizeof n, "pwc.%s.fills", lv[i]);
        assert_int_equal(stat_get(s, n), 1);
        snprintf(n, sizeof n, "pwc.%s.evictions", lv[i]);
        assert_int_equal(stat_get(s, n), 0);
        snprintf(n, sizeof n, "pwc.%s.cnt_incs", lv[i]);
        assert_int_equal(stat_get(s, n), 0);
    }
    xl_stats_destroy(s);
    xl_sim_destroy(g);
    free(log);
}

static xl_stats_t *run(const char *wlname, uint32_t scale, const char *set1, const char *set2,
                       int expect)
{
    xl_config_t c;
    xl_workload_t wl;
    char err[256];
    xl_config_defaults(&c);
    if (set1)
        assert_int_equal(xl_config_set(&c, set1, err, sizeof err), XL_OK);
    if (set2)
        assert_int_equal(xl_config_set(&c, set2, err, sizeof err), XL_OK);
    assert_int_equal(xl_wl_open(&wl, wlname, scale, c.sim.seed, &c.workload, err, sizeof err), XL_OK);
    xl_sim_t *g = NULL;
    assert_int_equal(xl_sim_create(&g, &c, &wl, err, sizeof err), XL_OK);
    int rc = xl_sim_run(g, err, sizeof err);
    assert_int_equal(rc, expect);
    xl_stats_t *s = NULL;
    if (rc == XL_OK) {
        s = xl_stats_create();
        xl_sim_stats(g, s);
        xl_stats_freeze(s);
    } else {
        assert_non_null(strstr(err, "deadlock"));
    }
    xl_sim_destroy(g);
    xl_wl_close(&wl);
    return s;
}

/* 14.02 Ideal translation: no walk, no IOMMU request, and the run is faster. */
static void test_14_02_ideal_translation(void **st)
{
    (void)st;
    xl_stats_t *base = run("atax", 1000, NULL, NULL, XL_OK);
    xl_stats_t *ideal = run("atax", 1000, "translation.ideal=1", NULL, XL_OK);
    assert_int_equal(stat_get(ideal, "iommu.walks"), 0);
    assert_int_equal(stat_get(ideal, "iommu.requests"), 0);
    assert_true(stat_get(ideal, "sim.cycles") < stat_get(base, "sim.cycles"));
    /* the same instructions ran */
    assert_int_equal(stat_get(ideal, "gpu.instructions"), stat_get(base, "gpu.instructions"));
    xl_stats_destroy(base);
    xl_stats_destroy(ideal);
}

/* 14.03 The watchdog: with a 1000-cycle limit, MVT's first walks (hundreds of cycles
 * each, queued behind one another) cannot retire an instruction in time. */
static void test_14_03_watchdog(void **st)
{
    (void)st;
    run("mvt", 1000, "sim.watchdog=1000", NULL, XL_EINTERNAL);
}

/* 14.04 Policies end to end: each dispatch rule appears only under its policy, and every
 * walk is dispatched by exactly one rule. */
static void test_14_04_policies(void **st)
{
    (void)st;
    static const char *const pol[] = {"iommu.sched=fcfs", "iommu.sched=random", "iommu.sched=simt"};
    for (int p = 0; p < 3; p++) {
        xl_stats_t *s = run("gesummv", 300, pol[p], NULL, XL_OK);
        uint64_t walks = stat_get(s, "iommu.walks");
        uint64_t imm = stat_get(s, "iommu.dispatch.immediate"), fc = stat_get(s, "iommu.dispatch.fcfs"),
                 rn = stat_get(s, "iommu.dispatch.random"), ba = stat_get(s, "iommu.dispatch.batch"),
                 ms = stat_get(s, "iommu.dispatch.minscore"), ag = stat_get(s, "iommu.dispatch.aging");
        assert_int_equal(imm + fc + rn + ba + ms + ag, walks);
        assert_true(walks > 1000);
        if (p == 0)
            assert_true(fc > 0 && rn == 0 && ba == 0 && ms == 0);
        if (p == 1)
            assert_true(rn > 0 && fc == 0 && ba == 0 && ms == 0);
        if (p == 2)
            assert_true(ba > 0 && ms > 0 && fc == 0 && rn == 0);
        xl_stats_destroy(s);
    }
}

/* 14.05 Aging fires when the threshold is tiny: with SIMT and aging_threshold 1 some
 * walks are dispatched by the aging rule. */
static void test_14_05_aging(void **st)
{
    (void)st;
    xl_stats_t *s = run("gesummv", 300, "iommu.sched=simt", "iommu.aging_threshold=1", XL_OK);
    assert_true(stat_get(s, "iommu.dispatch.aging") > 0);
    xl_stats_destroy(s);
}

/* Sum of the stats whose names start with pre and end with suf. */
static uint64_t sum_of(const xl_stats_t *s, const char *pre, const char *suf, unsigned n)
{
    char name[64];
    uint64_t t = 0;
    for (unsigned i = 0; i < n; i++) {
        snprintf(name, sizeof name, "%s%u%s", pre, i, suf);
        t += stat_get(s, name);
    }
    return t;
}

/* 14.07 The §7.1 counters add up on a real run (GESUMMV, SIMT-aware, 8 CUs, 8 walkers):
 * the per-CU instructions, memory instructions and stall cycles sum to the GPU's; the
 * kernels' cycles fit in the run; the buffer-occupancy buckets cover every cycle; each
 * walker was busy at most every cycle; every memory instruction is in one pages bucket;
 * a PWC counter is lowered only after being raised (decrements <= increments); and the
 * SIMT-aware scores merged and dispatched (a score is at least 1). */
static void test_14_07_counters_add_up(void **st)
{
    (void)st;
    xl_stats_t *s = run("gesummv", 300, "iommu.sched=simt", NULL, XL_OK);
    uint64_t cyc = stat_get(s, "sim.cycles");
    assert_int_equal(sum_of(s, "gpu.cu", ".instructions", 8), stat_get(s, "gpu.instructions"));
    assert_int_equal(sum_of(s, "gpu.cu", ".mem_instructions", 8), stat_get(s, "gpu.mem_instructions"));
    assert_int_equal(sum_of(s, "gpu.cu", ".stall_cycles", 8), stat_get(s, "gpu.stall_cycles"));
    uint64_t nk = stat_get(s, "sim.kernels");
    assert_true(nk >= 1);
    assert_true(sum_of(s, "sim.kernel", ".cycles", (unsigned)nk) <= cyc);
    static const char *const occ[6] = {"empty", "le25", "le50", "le75", "lt100", "full"};
    uint64_t occ_sum = 0;
    char n[64];
    for (unsigned b = 0; b < 6; b++) {
        snprintf(n, sizeof n, "iommu.buffer_occ.%s", occ[b]);
        occ_sum += stat_get(s, n);
    }
    assert_int_equal(occ_sum, cyc);
    assert_true(stat_get(s, "iommu.buffer_occupancy_avg") > 0);
    uint64_t busy = 0;
    for (unsigned w = 0; w < 8; w++) {
        snprintf(n, sizeof n, "iommu.walker%u.busy_cycles", w);
        assert_true(stat_get(s, n) <= cyc);
        busy += stat_get(s, n);
    }
    assert_true(busy > 0);
    assert_int_equal(stat_get(s, "coalescer.pages_hist.1_16") + stat_get(s, "coalescer.pages_hist.17_32") +
                         stat_get(s, "coalescer.pages_hist.33_48") + stat_get(s, "coalescer.pages_hist.49_64") +
                         stat_get(s, "coalescer.pages_hist.65_up"),
                     stat_get(s, "gpu.mem_instructions"));
    assert_true(stat_get(s, "coalescer.lanes") >= stat_get(s, "coalescer.requests"));
    static const char *const lv[3] = {"l4", "l3", "l2"};
    uint64_t incs = 0;
    for (unsigned i = 0; i < 3; i++) {
        snprintf(n, sizeof n, "pwc.%s.cnt_incs", lv[i]);
        uint64_t inc = stat_get(s, n);
        snprintf(n, sizeof n, "pwc.%s.cnt_decs", lv[i]);
        assert_true(stat_get(s, n) <= inc);
        incs += inc;
    }
    assert_true(incs > 0);
    assert_true(stat_get(s, "iommu.sched.score_updates") > 0);
    assert_true(stat_get(s, "iommu.sched.score_at_dispatch_avg") >= 100);   /* 2 decimals */
    xl_stats_destroy(s);
}

/* Hand-written wavefronts for the wavefront issue order (gpu.wave_sched): kernel 0 has
 * `workgroups` work-groups of `waves` wavefronts; wave i of work-group g runs prog[g *
 * waves + i], a list of instructions: "A" an ALU instruction of one cycle, a string of
 * digits a load with one lane on each of those pages (page k at region base + k * 4096
 * + 0x40), "S" and digits such a store. The workload's priv points to the program. */
typedef struct {
    uint32_t workgroups, waves;
    const char *prog[4][5];   /* NULL ends a wave's list */
} order_prog_t;

static int order_create(xl_workload_t *wl, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    wl->nregions = 1;
    wl->regions[0].name = "x";
    wl->regions[0].bytes = 5 * 4096;
    wl->regions[0].base = XL_WL_VA_BASE;
    return XL_OK;
}
static int order_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    const order_prog_t *pr = wl->priv;
    out->workgroups = pr->workgroups;
    out->waves_per_wg = pr->waves;
    return k == 0;
}
static int order_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const order_prog_t *pr = wl->priv;
    const char *in = w->step < 4 ? pr->prog[w->wg * pr->waves + w->wave][w->step] : NULL;
    memset(out, 0, sizeof *out);
    if (!in) {
        out->op = XL_OP_END;
        return 0;
    }
    w->step++;
    if (in[0] == 'A') {
        out->op = XL_OP_ALU;
        out->cycles = 1;
        return 1;
    }
    out->op = XL_OP_LOAD;
    if (in[0] == 'S') {
        out->op = XL_OP_STORE;
        in++;
    }
    out->bytes = 4;
    for (unsigned l = 0; in[l]; l++) {
        out->mask |= UINT64_C(1) << l;
        out->va[l] = wl->regions[0].base + (uint64_t)(in[l] - '0') * 4096 + 0x40;
    }
    return 1;
}
static const xl_wl_desc_t order_desc = {"order", "", "test", "irregular", "issue order",
                                        order_create, ld_destroy, order_kernel, ld_begin,
                                        order_next};

/* The cycle of the first `ev` line of the log that contains `key`, and (if instr is not
 * NULL) its instruction id; -1 if none. */
static long long event_of(const char *log, const char *ev, const char *key, long long *instr)
{
    for (const char *p = strstr(log, ev); p; p = strstr(p + 1, ev)) {
        const char *eol = strchr(p, '\n'), *v = strstr(p, key), *bol = p;
        if (!v || (eol && v > eol))
            continue;
        while (bol > log && bol[-1] != '\n')
            bol--;
        if (instr)
            *instr = strtoll(strstr(p, "instr=") + 6, NULL, 10);
        return strtoll(bol, NULL, 10);
    }
    return -1;
}

/* The cycle and instruction id of the walk dispatch (DISPATCH, by the immediate rule) of
 * page `page` of the order workload; -1 if none. */
static long long dispatch_of(const char *log, unsigned page, long long *instr)
{
    char key[64];
    snprintf(key, sizeof key, "va=0x%llx rule=immediate ",
             (unsigned long long)(XL_WL_VA_BASE + (uint64_t)page * 4096));
    return event_of(log, "DISPATCH", key, instr);
}

/* Run program pr with the overrides and check the DISPATCH cycle and instruction id of pages
 * 0..npages-1 against cyc[] and instr[]. */
static void check_order(const order_prog_t *pr, const char *const *sets, unsigned npages,
                        const long long *cyc, const long long *instr, unsigned ninstrs)
{
    xl_workload_t wl;
    char *log = NULL;
    const char *label = "";
    for (const char *const *p = sets; *p; p++)
        if (strncmp(*p, "gpu.wave_sched=", 15) == 0)
            label = *p + 15;
    xl_sim_t *g = run_wl(&order_desc, pr, sets, &wl, &log);
    for (unsigned p = 0; p < npages; p++) {
        long long in = -1, cy = dispatch_of(log, p, &in);
        if (cy != cyc[p] || in != instr[p])
            print_error("%s: page %u DISPATCH at %lld instr %lld; wanted %lld instr %lld\n",
                        label, p, cy, in, cyc[p], instr[p]);
        assert_int_equal(cy, cyc[p]);
        assert_int_equal(in, instr[p]);
    }
    xl_stats_t *s = xl_stats_create();
    xl_sim_stats(g, s);
    assert_int_equal(stat_get(s, "gpu.instructions"), ninstrs);
    xl_stats_destroy(s);
    xl_sim_destroy(g);
    free(log);
}

/* 14.08 The wavefront issue order within a work-group, by hand. One work-group of three
 * waves on CU 0, slots 0, 1, 2, dispatched in that order (dispatch numbers 1, 2, 3):
 *   w0: ALU, LOAD p0 p1 p2     w1: LOAD p3     w2: ALU, ALU, LOAD p4
 * with l1tlb.ports = 1. One instruction issues per cycle; an ALU instruction issued in
 * cycle t makes its wave READY again in t + 1; a load issued in t keeps the memory pipe
 * busy until t + pages, and a load cannot issue while it is busy. A page looked up by the
 * L1 TLB in cycle u reaches the IOMMU in u + 120 and, both its TLBs missing, reaches the
 * walk scheduler in u + 122, where an idle walker takes it at once (DISPATCH, rule
 * immediate: 14.01); page p of a load issued in t is looked up in t + p. No two pages
 * reach the IOMMU in one cycle and 5 walks keep 5 of the 8 walkers, so nothing queues.
 * Memory instructions are numbered in issue order (instr=).
 *   rr (from the slot after the last issue):
 *     0: w0 ALU (rr -> 1)   1: w1 LOAD p3 (pipe busy to 2, rr -> 2)   2: w2 ALU (rr -> 0)
 *     3: w0 LOAD p0 p1 p2 (pipe busy to 6, rr -> 1)   4: w1 waits for its load; w2 ALU
 *     5: w2's LOAD waits for the pipe, nothing issues   6: w2 LOAD p4
 *     DISPATCH: p3 1+122 = 123 (instr 0); p0 3+122 = 125, p1 126, p2 127 (instr 1);
 *               p4 6+122 = 128 (instr 2)
 *   oldest (smallest dispatch number among the eligible):
 *     0: w0 ALU   1: w0 LOAD p0 p1 p2 (pipe busy to 4)
 *     2, 3: w1's LOAD waits for the pipe, so w2 (younger) issues its two ALUs
 *     4: w1 LOAD p3 (pipe busy to 5)   5: w2 LOAD p4
 *     DISPATCH: p0 1+122 = 123, p1 124, p2 125 (instr 0); p3 4+122 = 126 (instr 1);
 *               p4 5+122 = 127 (instr 2)
 *   Were the blocked w1 to hold the CU in cycles 2 and 3, w2 would load in 7 (DISPATCH
 *   129); were the busy pipe ignored, w1 would load in 2, its page reaching the IOMMU with
 *   p1 in 122 and queueing behind it: p3 would dispatch in 125 and p2 in 126.
 * 6 instructions: 3 ALU, 3 loads. */
static void test_14_08_wave_order_in_workgroup(void **st)
{
    (void)st;
    static const order_prog_t pr = {1, 3, {{"A", "012", NULL}, {"3", NULL}, {"A", "A", "4", NULL}}};
    static const char *const rr[] = {"l1tlb.ports=1", "gpu.wave_sched=rr", NULL};
    static const char *const old[] = {"l1tlb.ports=1", "gpu.wave_sched=oldest", NULL};
    static const long long rr_cyc[5] = {125, 126, 127, 123, 128}, rr_in[5] = {1, 1, 1, 0, 2};
    static const long long old_cyc[5] = {123, 124, 125, 126, 127}, old_in[5] = {0, 0, 0, 1, 2};
    check_order(&pr, rr, 5, rr_cyc, rr_in, 6);
    check_order(&pr, old, 5, old_cyc, old_in, 6);
}

/* 14.09 Oldest is by dispatch, not by slot. One CU of two slots (gpu.cus = 1,
 * simds_per_cu = 1, waves_per_simd = 2); three work-groups of one wave:
 *   A: ALU     B: ALU, LOAD p1     C: LOAD p2
 * Cycle 0: A (slot 0, dispatch number 1) and B (slot 1, number 2) are placed; C waits for
 * a slot. Both policies issue A's ALU in 0 (rr -> 1) and B's in 1 (rr -> 0; A finished
 * in 1), after which C takes the freed slot 0 (number 3). In cycle 2 B and C are READY:
 *   rr: from slot 0, C LOAD p2 in 2, then B LOAD p1 in 3 (a one-page load keeps the pipe
 *       busy one cycle): DISPATCH p2 2+122 = 124 (instr 0), p1 3+122 = 125 (instr 1)
 *   oldest: B (number 2) before C (number 3), although C has the lower slot:
 *       DISPATCH p1 124 (instr 0), p2 125 (instr 1)
 * 4 instructions: 2 ALU, 2 loads; page 0 is never loaded. */
static void test_14_09_oldest_by_dispatch(void **st)
{
    (void)st;
    static const order_prog_t pr = {3, 1, {{"A", NULL}, {"A", "1", NULL}, {"2", NULL}}};
    static const char *const rr[] = {"gpu.cus=1", "gpu.simds_per_cu=1", "gpu.waves_per_simd=2",
                                     "gpu.wave_sched=rr", NULL};
    static const char *const old[] = {"gpu.cus=1", "gpu.simds_per_cu=1", "gpu.waves_per_simd=2",
                                      "gpu.wave_sched=oldest", NULL};
    static const long long rr_cyc[3] = {-1, 125, 124}, rr_in[3] = {-1, 1, 0};
    static const long long old_cyc[3] = {-1, 124, 125}, old_in[3] = {-1, 0, 1};
    check_order(&pr, rr, 3, rr_cyc, rr_in, 4);
    check_order(&pr, old, 3, old_cyc, old_in, 4);
}

/* The cycle of the walk completion (COMPLETE) of page `page` of the order workload. */
static long long complete_of(const char *log, unsigned page)
{
    char key[64];
    snprintf(key, sizeof key, "va=0x%llx ",
             (unsigned long long)(XL_WL_VA_BASE + (uint64_t)page * 4096));
    return event_of(log, "COMPLETE", key, NULL);
}

/* Run program pr with the overrides and return its event log (the caller frees it). */
static char *run_prog(const order_prog_t *pr, const char *const *sets)
{
    xl_workload_t wl;
    char *log = NULL;
    xl_sim_destroy(run_wl(&order_desc, pr, sets, &wl, &log));
    return log;
}

/* 14.10 When a wavefront waits for memory (gpu.loads), by hand, with l1tlb.ports = 1.
 * A translation that completes its walk in cycle C is back at the GPU in C + 50, its data
 * at the earliest 16 (L1 data cache) + 40 (L2 hit) later; the next instruction can issue
 * then, and a load issued in t dispatches its walk in t + 122 (14.08). So a load that had
 * to wait for page p's data dispatches no earlier than COMPLETE(p) + 50 + 16 + 40 + 122.
 *   LOAD p0, LOAD p1, ALU, LOAD p2:
 *     waitcnt: p0 issues in 0 (DISPATCH 122, instr 0) and p1 the next cycle without
 *       waiting (123, instr 1); the ALU waits for both loads' data, so p2 waits for the
 *       later of them;
 *     blocking, and waitcnt with wave_mem_max = 1: p1 waits for p0's data.
 *   STORE p0, ALU, LOAD p1 under waitcnt: the ALU does not wait for the store: it issues
 *     in 1, the load in 2 (DISPATCH 124, instr 1); under blocking the ALU waits. */
static void test_14_10_loads_blocking_or_waitcnt(void **st)
{
    (void)st;
    static const order_prog_t ld = {1, 1, {{"0", "1", "A", "2", NULL}}};
    static const order_prog_t stp = {1, 1, {{"S0", "A", "1", NULL}}};
    static const char *const wc[] = {"l1tlb.ports=1", "gpu.loads=waitcnt", NULL};
    static const char *const wc1[] = {"l1tlb.ports=1", "gpu.loads=waitcnt", "gpu.wave_mem_max=1",
                                      NULL};
    static const char *const bl[] = {"l1tlb.ports=1", "gpu.loads=blocking", NULL};
    const long long after = 50 + 16 + 40 + 122;
    long long in = -1;
    char *log = run_prog(&ld, wc);
    assert_int_equal(dispatch_of(log, 0, &in), 122);
    assert_int_equal(in, 0);
    assert_int_equal(dispatch_of(log, 1, &in), 123);
    assert_int_equal(in, 1);
    long long c0 = complete_of(log, 0), c1 = complete_of(log, 1);
    assert_true(c0 > 0 && c1 > 0);
    assert_true(dispatch_of(log, 2, &in) >= (c0 > c1 ? c0 : c1) + after);
    assert_int_equal(in, 2);
    free(log);
    for (int k = 0; k < 2; k++) {
        log = run_prog(&ld, k ? bl : wc1);
        assert_int_equal(dispatch_of(log, 0, &in), 122);
        assert_true(dispatch_of(log, 1, &in) >= complete_of(log, 0) + after);
        assert_int_equal(in, 1);
        free(log);
    }
    log = run_prog(&stp, wc);
    assert_int_equal(dispatch_of(log, 0, &in), 122);
    assert_int_equal(dispatch_of(log, 1, &in), 124);
    assert_int_equal(in, 1);
    free(log);
    log = run_prog(&stp, bl);
    assert_true(dispatch_of(log, 1, &in) >= complete_of(log, 0) + 50 + 16 + 122);
    free(log);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_14_01_cold_walk_timing),
        cmocka_unit_test(test_14_02_ideal_translation),
        cmocka_unit_test(test_14_03_watchdog),
        cmocka_unit_test(test_14_04_policies),
        cmocka_unit_test(test_14_05_aging),
        cmocka_unit_test(test_14_06_counters_by_hand),
        cmocka_unit_test(test_14_07_counters_add_up),
        cmocka_unit_test(test_14_08_wave_order_in_workgroup),
        cmocka_unit_test(test_14_09_oldest_by_dispatch),
        cmocka_unit_test(test_14_10_loads_blocking_or_waitcnt),
    };
    return cmocka_run_group_tests_name("t14_gpusys", tests, NULL, NULL);
}
