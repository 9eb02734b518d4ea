/*
 * t31_evict.c - area 31: eviction of a page from the GPU in the cycle model (HPCA'16
 * §5.1; xl_sim_page_evict in model/include/xlat/sim.h, docs/papers/paged-memory.md):
 * the translation is shot down from every TLB, and only the page's lines leave the caches
 * (every CU's L1 data cache drops them; the L2 invalidates them and writes the dirty ones
 * back to DRAM at the eviction's cycle). Also the memory system's flush alone
 * (xl_memsys_flush_frame) with the L2's set kept packed and in LRU order.
 */
#include "xltest.h"
#include "xltest_mem.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "xlat/addrspace.h"
#include "xlat/config.h"
#include "xlat/host.h"
#include "xlat/memsys.h"
#include "xlat/sim.h"
#include "xlat/stats.h"
#include "xlat/workloads.h"

/* ---- a workload: one wavefront on one CU. It stores (store = 1) or loads one word in
 * each of `k` distinct 64 B lines of page 0 of its 64 KB region (lane i at byte 64 i),
 * waits `wait` cycles (an ALU instruction), loads the same k lines, then ends. Under
 * gpu.loads = blocking each memory instruction completes before the next instruction. */
typedef struct {
    unsigned k;
    int store;
    uint16_t wait;
} ew_t;

static int ew_create(xl_workload_t *wl, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    wl->nregions = 1;
    wl->regions[0].name = "x";
    wl->regions[0].bytes = 65536;
    wl->regions[0].base = XL_WL_VA_BASE;
    return XL_OK;
}
static void ew_destroy(xl_workload_t *wl) { (void)wl; }
static int ew_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    (void)wl;
    out->workgroups = 1;
    out->waves_per_wg = 1;
    return k == 0;
}
static void ew_begin(const xl_workload_t *wl, xl_wave_t *w) { (void)wl; w->step = 0; }
static int ew_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const ew_t *p = wl->priv;
    memset(out, 0, sizeof *out);
    switch (w->step++) {
    case 0:
    case 2:
        out->op = w->step == 1 && p->store ? XL_OP_STORE : XL_OP_LOAD;
        out->bytes = 4;
        out->mask = (p->k >= 64u ? ~UINT64_C(0) : (UINT64_C(1) << p->k) - 1u);
        for (unsigned i = 0; i < p->k; i++)
            out->va[i] = wl->regions[0].base + 64u * i;
        return 1;
    case 1:
        out->op = XL_OP_ALU;
        out->cycles = p->wait;
        return 1;
    default:
        out->op = XL_OP_END;
        return 0;
    }
}
static const xl_wl_desc_t ew_desc = {"ew", "", "test", "regular", "evicted page",
                                     ew_create, ew_destroy, ew_kernel, ew_begin, ew_next};

/* ---- a host: maps the whole region up front (so nothing far-faults unless a test
 * unmaps), keeps the address space for the test, records far-faults. */
typedef struct {
    xl_as_t *as;
    unsigned faults;
    uint64_t fault_va, fault_t;
} eh_t;

static int eh_map(void *ctx, xl_as_t *as, unsigned app, const xl_region_t *r,
                  unsigned page_shift, char *err, size_t errlen)
{
    eh_t *h = ctx;
    (void)app;
    h->as = as;
    return xl_as_map(as, r->base, r->bytes, page_shift,
                     XL_PTE_RW | XL_PTE_US | XL_PTE_A | XL_PTE_D, err, errlen);
}

static void eh_far_fault(void *ctx, uint16_t asid, uint64_t va, uint32_t cu, uint64_t cycle)
{
    eh_t *h = ctx;
    (void)asid;
    (void)cu;
    h->faults++;
    h->fault_va = va;
    h->fault_t = cycle;
}

typedef struct {
    xl_config_t c;
    xl_workload_t wl;
    xl_sim_t *g;
    eh_t h;
} er_t;

/* A system of p with paging.mode = replay (so the paging.evict* counters are published),
 * blocking loads and no DRAM refresh (dram.trefi = 0: timing free of the refresh
 * period), stepped to cycle `at`. */
static void er_start(er_t *r, ew_t *p, uint64_t at)
{
    char err[256];
    const char *sets[] = {"dram.trefi=0", "workload.min_rounds=0", "paging.mode=replay",
                          "gpu.loads=blocking"};
    memset(r, 0, sizeof *r);
    xl_config_defaults(&r->c);
    for (size_t i = 0; i < sizeof sets / sizeof *sets; i++)
        assert_int_equal(xl_config_set(&r->c, sets[i], err, sizeof err), XL_OK);
    r->wl.desc = &ew_desc;
    r->wl.priv = p;
    ew_create(&r->wl, NULL, 0);
    xl_host_t host = {&r->h, NULL, eh_map, NULL, eh_far_fault, NULL};
    const xl_workload_t *wls[1] = {&r->wl};
    if (xl_sim_create_host(&r->g, &r->c, wls, 1, &host, err, sizeof err) != XL_OK)
        fail_msg("create: %s", err);
    if (xl_sim_step(r->g, at, err, sizeof err) != XL_OK)
        fail_msg("step: %s", err);
    assert_false(xl_sim_done(r->g));
}

static void er_finish(er_t *r)
{
    char err[256];
    if (xl_sim_run(r->g, err, sizeof err) != XL_OK)
        fail_msg("run: %s", err);
}

static xl_stats_t *er_stats(const er_t *r)
{
    xl_stats_t *s = xl_stats_create();
    xl_sim_stats(r->g, s);
    xl_stats_freeze(s);
    return s;
}

#define VA0 XL_WL_VA_BASE
#define WAIT 20000u   /* the ALU wait: every store's miss is long done by cycle 10000 */
#define AT 10000u     /* the eviction's cycle, inside the wait */

/* 31.01 A written page's dirty lines are written back. The wavefront stores to k = 8
 * distinct lines of page 0: 8 L2 write misses, each fetching its line (8 DRAM reads) and
 * filling it dirty; a store does not allocate in the L1. At cycle 10000 (inside the
 * 20000-cycle wait) the page is evicted: 8 dirty L2 lines, each written back, 8 L2 lines
 * invalidated, 0 L1 lines. The write-backs reach DRAM while the wait goes on: dram.writes
 * = dram.writes_data = 8 (nothing else writes: the footprint is 8 lines of a 4 MB L2, no
 * victim). The final load of the 8 lines misses in the L1 (8 accesses, 0 hits) and in the
 * L2 again: 8 + 8 = 16 data misses, 16 DRAM reads of data, 0 data hits. The same run
 * without the eviction writes nothing, and its final load hits the 8 lines in the L2. */
static void test_31_01_dirty_lines_written_back(void **state)
{
    (void)state;
    ew_t p = {8, 1, WAIT};
    er_t a, b;
    uint64_t dirty = 99;
    er_start(&a, &p, AT);
    assert_int_equal(xl_sim_page_evict(a.g, 0, VA0 + 0x10, &dirty), XL_OK);
    assert_int_equal(dirty, 8);
    er_finish(&a);
    xl_stats_t *s = er_stats(&a);
    expect_stats(s, "paging.evictions=1 paging.evict_dirty_lines=8 paging.evict_l2_lines=8 "
                    "paging.evict_l1_lines=0 paging.evict_inflight_lines=0 "
                    "dram.writes=8 dram.writes_data=8 l2d.writebacks=0 "
                    "l2d.misses_data=16 l2d.hits_data=0 dram.reads_data=16 "
                    "l1d.accesses=8 l1d.hits=0");
    xl_stats_destroy(s);

    er_start(&b, &p, AT);   /* the control: no eviction */
    er_finish(&b);
    s = er_stats(&b);
    expect_stats(s, "paging.evictions=0 paging.evict_dirty_lines=0 dram.writes=0 "
                    "l2d.misses_data=8 l2d.hits_data=8 dram.reads_data=8");
    xl_stats_destroy(s);
    xl_sim_destroy(a.g);
    xl_sim_destroy(b.g);
}

/* 31.02 A clean page read and evicted. The wavefront loads k = 8 lines of page 0: 8 L1
 * misses (each allocates in CU 0's L1), 8 L2 misses filled clean. Eviction at 10000:
 * 0 dirty lines, 8 L1 lines dropped (one CU holds them), 8 L2 lines invalidated, nothing
 * written to DRAM. The second load misses in the L1 (16 accesses, 0 hits) and in the L2
 * (16 data misses, 0 hits, 16 DRAM reads). Without the eviction the second load hits all
 * 8 lines in the L1 (8 hits), and the L2 sees only the first 8 misses. */
static void test_31_02_clean_page_invalidated(void **state)
{
    (void)state;
    ew_t p = {8, 0, WAIT};
    er_t a, b;
    uint64_t dirty = 99;
    er_start(&a, &p, AT);
    assert_int_equal(xl_sim_page_evict(a.g, 0, VA0, &dirty), XL_OK);
    assert_int_equal(dirty, 0);
    er_finish(&a);
    xl_stats_t *s = er_stats(&a);
    expect_stats(s, "paging.evictions=1 paging.evict_dirty_lines=0 paging.evict_l2_lines=8 "
                    "paging.evict_l1_lines=8 dram.writes=0 "
                    "l1d.accesses=16 l1d.hits=0 l2d.misses_data=16 l2d.hits_data=0 "
                    "dram.reads_data=16");
    xl_stats_destroy(s);

    er_start(&b, &p, AT);
    er_finish(&b);
    s = er_stats(&b);
    expect_stats(s, "l1d.accesses=16 l1d.hits=8 l2d.misses_data=8 dram.reads_data=8");
    xl_stats_destroy(s);
    xl_sim_destroy(a.g);
    xl_sim_destroy(b.g);
}

/* 31.03 The TLBs no longer hold the page. At cycle 10000 the page's translation is held
 * (the first load walked and filled the TLBs): a shootdown of the control system drops at
 * least one copy. After xl_sim_page_evict a shootdown finds none (0 copies). The page is
 * still mapped here (the test skips the host's unmap), so the second load walks again:
 * iommu.walks = 2 against the control's 1 (one walk per first touch; page 0 only). */
static void test_31_03_tlbs_shot_down(void **state)
{
    (void)state;
    ew_t p = {8, 0, WAIT};
    er_t a, b;
    er_start(&a, &p, AT);
    er_start(&b, &p, AT);
    assert_int_equal(xl_sim_page_evict(a.g, 0, VA0, NULL), XL_OK);
    assert_int_equal(xl_sim_shootdown(a.g, 0, VA0), 0);
    er_finish(&a);
    er_finish(&b);
    xl_stats_t *s = er_stats(&a);
    expect_stats(s, "iommu.walks=2");
    xl_stats_destroy(s);
    s = er_stats(&b);
    expect_stats(s, "iommu.walks=1");
    xl_stats_destroy(s);
    assert_true(xl_sim_shootdown(b.g, 0, VA0) >= 1);   /* the control still held it */
    xl_sim_destroy(a.g);
    xl_sim_destroy(b.g);
}

/* 31.04 The contract, whole: evict while mapped, then unmap (the host's order, sim.h).
 * The second load finds no translation in any TLB, walks, finds no page and far-faults:
 * exactly 1 far-fault, for VA0's page. The host maps the page again (a new frame) 1000
 * cycles later and says it is resident; the load replays and the run ends. The frame it
 * left held 8 clean lines in the L1 and the L2, none dirty. */
static void test_31_04_evict_then_unmap_far_faults(void **state)
{
    (void)state;
    ew_t p = {8, 0, WAIT};
    er_t a;
    char err[256];
    uint64_t dirty = 99, frame = 0;
    er_start(&a, &p, AT);
    assert_int_equal(xl_sim_page_evict(a.g, 0, VA0, &dirty), XL_OK);
    assert_int_equal(xl_as_unmap_page(a.h.as, VA0, XL_PAGE_SHIFT_4K, &frame, err, sizeof err),
                     XL_OK);
    assert_true(frame != 0);
    /* the page is gone: a second eviction is misuse */
    assert_int_equal(xl_sim_page_evict(a.g, 0, VA0, &dirty), XL_EINPUT);
    while (a.h.faults == 0 && !xl_sim_done(a.g))
        assert_int_equal(xl_sim_step(a.g, xl_sim_now(a.g) + 1000, err, sizeof err), XL_OK);
    assert_int_equal(a.h.faults, 1);
    assert_int_equal(a.h.fault_va >> 12, VA0 >> 12);
    uint64_t t = a.h.fault_t + 1000;
    assert_true(xl_sim_now(a.g) <= t);
    assert_int_equal(xl_sim_step(a.g, t, err, sizeof err), XL_OK);
    assert_int_equal(xl_as_map(a.h.as, VA0, 4096, XL_PAGE_SHIFT_4K,
                               XL_PTE_RW | XL_PTE_US | XL_PTE_A | XL_PTE_D, err, sizeof err),
                     XL_OK);
    assert_true(xl_sim_page_resident(a.g, 0, VA0) >= 1);
    er_finish(&a);
    xl_stats_t *s = er_stats(&a);
    expect_stats(s, "paging.evictions=1 paging.far_faults=1 paging.evict_l1_lines=8 "
                    "paging.evict_l2_lines=8 paging.evict_dirty_lines=0");
    xl_stats_destroy(s);
    xl_sim_destroy(a.g);
}

/* 31.05 Misuse changes nothing: application 1 of a one-application system, a VA beyond
 * 48 bits, a VA the host never mapped (the region is 64 KB: VA0 + 1 MB is outside) are
 * XL_EINPUT; *dirty_lines is left alone, and no counter moves (paging.evictions = 0),
 * and the run is the control's cycle for cycle. */
static void test_31_05_misuse(void **state)
{
    (void)state;
    ew_t p = {8, 1, WAIT};
    er_t a, b;
    uint64_t dirty = 77;
    er_start(&a, &p, AT);
    assert_int_equal(xl_sim_page_evict(a.g, 1, VA0, &dirty), XL_EINPUT);
    assert_int_equal(xl_sim_page_evict(a.g, 0, UINT64_C(1) << 48, &dirty), XL_EINPUT);
    assert_int_equal(xl_sim_page_evict(a.g, 0, VA0 + (UINT64_C(1) << 20), &dirty), XL_EINPUT);
    assert_int_equal(dirty, 77);
    er_finish(&a);
    er_start(&b, &p, AT);
    er_finish(&b);
    assert_int_equal(xl_sim_now(a.g), xl_sim_now(b.g));
    xl_stats_t *s = er_stats(&a);
    expect_stats(s, "paging.evictions=0 paging.evict_l2_lines=0 paging.evict_l1_lines=0 "
                    "dram.writes=0 l2d.hits_data=8");
    xl_stats_destroy(s);
    xl_sim_destroy(a.g);
    xl_sim_destroy(b.g);
}

/* ---- the memory system alone */

/* Submit and complete every request: step from event to event popping. */
static void settle(xl_memsys_t *m)
{
    uint64_t t;
    while ((t = xl_memsys_next_event(m)) != UINT64_MAX)
        while (xl_memsys_pop(m, t, NULL, NULL))
            ;
}

static uint64_t mstat(const xl_memsys_t *m, const char *name)
{
    xl_stats_t *s = xl_stats_create();
    uint64_t v;
    xl_memsys_stats(m, s);
    xl_stats_freeze(s);
    v = stat_get(s, name);
    xl_stats_destroy(s);
    return v;
}

/* 31.06 One set, packed after an invalidation, its LRU order kept; for 16 ways (the
 * order word) and 32 ways (the recency list). An L2 of one set: size = W ways x 64 B
 * (1 KB, 16 ways; 2 KB, 32 ways). Lines 0 .. W-1 are written one after the other (each
 * a write miss, filled dirty): least recent first, 0, 1, .., W-1. Flushing the 64 B of
 * line 5 invalidates 1 line, dirty: 1 write to DRAM (dram.writes 1); l2d.writebacks
 * stays 0 (it counts replacements). Order: 0 1 2 3 4 6 .. W-1.
 *   write W    fills the freed way, no victim: l2d.writebacks 0    0 1 2 3 4 6 .. W
 *   write W+1  replaces the LRU, line 0 (dirty): writebacks 1, dram.writes 2
 *                                                                  1 2 3 4 6 .. W+1
 *   read 1     hit (h0 + 1)                                        2 3 4 6 .. W+1 1
 *   read 0     miss, replaces 2 (dirty): writebacks 2              3 4 6 .. W+1 1 0
 *   read 5     miss, replaces 3 (dirty): writebacks 3, dram.writes 4 (m0 + 2 misses)
 *                                                                  4 6 .. W+1 1 0 5
 *   read 3     miss (m0 + 3), replaces 4                           6 .. W+1 1 0 5 3
 *   read 6     hit (h0 + 2): line 6 was never moved out of order by the packing.
 * Then W new lines replace all W held ones (line W-1, moved into way 5 by the packing,
 * included), so a read of line W-1 misses: W + 1 more misses, no more hits. */
static void flush_one_set(uint32_t ways)
{
    xl_config_t c;
    lin_config(&c);
    c.l2d.size_kb = ways * 64u / 1024u;
    c.l2d.ways = ways;
    c.dram.trefi = 0;
    xl_memsys_t *m = mk(&c);
    uint64_t t = 0, id = 0;
    xl_memsys_flush_t f;
    for (uint32_t l = 0; l < ways; l++) {
        sub(m, t, id++, (xl_pa_t)l * 64u, 1, XL_MEM_DATA, 0);
        settle(m);
        t += 1000;
    }
    assert_int_equal(mstat(m, "l2d.misses"), ways);
    xl_memsys_flush_frame(m, t, 5u * 64u, 64u, &f);
    assert_int_equal(f.lines, 1);
    assert_int_equal(f.dirty, 1);
    assert_int_equal(f.inflight, 0);
    settle(m);
    assert_int_equal(mstat(m, "dram.writes"), 1);
    assert_int_equal(mstat(m, "l2d.writebacks"), 0);
    t += 1000;
    sub(m, t, id++, (xl_pa_t)ways * 64u, 1, XL_MEM_DATA, 0);   /* line W: the freed way */
    settle(m);
    assert_int_equal(mstat(m, "l2d.writebacks"), 0);
    t += 1000;
    sub(m, t, id++, (xl_pa_t)(ways + 1u) * 64u, 1, XL_MEM_DATA, 0);   /* replaces line 0 */
    settle(m);
    assert_int_equal(mstat(m, "l2d.writebacks"), 1);
    assert_int_equal(mstat(m, "dram.writes"), 2);
    uint64_t h0 = mstat(m, "l2d.hits"), m0 = mstat(m, "l2d.misses");
    t += 1000;
    sub(m, t, id++, 64u, 0, XL_MEM_DATA, 0);   /* line 1: held */
    settle(m);
    assert_int_equal(mstat(m, "l2d.hits"), h0 + 1);
    t += 1000;
    sub(m, t, id++, 0u, 0, XL_MEM_DATA, 0);   /* line 0: replaced; its fill takes the LRU,
                                             * line 2 (dirty): write-back 2 */
    settle(m);
    t += 1000;
    sub(m, t, id++, 5u * 64u, 0, XL_MEM_DATA, 0);   /* line 5: flushed; replaces line 3 */
    settle(m);
    assert_int_equal(mstat(m, "l2d.misses"), m0 + 2);
    assert_int_equal(mstat(m, "l2d.writebacks"), 3);
    assert_int_equal(mstat(m, "dram.writes"), 4);
    /* line 4 is now the LRU and 6 the next; a read of line 3 (gone) replaces 4 */
    t += 1000;
    sub(m, t, id++, 3u * 64u, 0, XL_MEM_DATA, 0);
    settle(m);
    assert_int_equal(mstat(m, "l2d.misses"), m0 + 3);
    t += 1000;
    sub(m, t, id++, 6u * 64u, 0, XL_MEM_DATA, 0);   /* still held: a hit */
    settle(m);
    assert_int_equal(mstat(m, "l2d.hits"), h0 + 2);
    /* W new lines replace all W held ones, the moved one (line W-1, now in way 5)
     * included: a read of line W-1 then misses. The hits stay h0 + 2. */
    uint64_t m1 = mstat(m, "l2d.misses");
    for (uint32_t i = 0; i < ways; i++) {
        t += 1000;
        sub(m, t, id++, (xl_pa_t)(1000u + i) * 64u, 0, XL_MEM_DATA, 0);
        settle(m);
    }
    t += 1000;
    sub(m, t, id++, (xl_pa_t)(ways - 1u) * 64u, 0, XL_MEM_DATA, 0);
    settle(m);
    assert_int_equal(mstat(m, "l2d.misses"), m1 + ways + 1u);
    assert_int_equal(mstat(m, "l2d.hits"), h0 + 2);
    xl_memsys_destroy(m);
}

static void test_31_06_one_set_packed_in_lru_order(void **state)
{
    (void)state;
    flush_one_set(16);
    flush_one_set(32);
}

/* 31.07 A miss in flight is left to its fill. The default L2 (lin_config). A read of the
 * line at 0x2000 is submitted at 0: its lookup at l2d.hit_latency misses and takes an
 * MSHR. Flushing the 4 KB frame at 0x2000 at that cycle finds 0 lines held and 1 in
 * flight; the read completes as usual and its line is then held: a second read hits.
 * A clean line flushed writes nothing (dram.writes 0). */
static void test_31_07_inflight_left_to_its_fill(void **state)
{
    (void)state;
    xl_config_t c;
    lin_config(&c);
    c.dram.trefi = 0;
    xl_memsys_t *m = mk(&c);
    xl_memsys_flush_t f;
    sub(m, 0, 1, 0x2000, 0, XL_MEM_DATA, 0);
    xl_memsys_flush_frame(m, c.l2d.hit_latency, 0x2000, 4096, &f);
    assert_int_equal(f.lines, 0);
    assert_int_equal(f.inflight, 1);
    assert_int_equal(f.dirty, 0);
    settle(m);
    uint64_t t = 100000;
    sub(m, t, 2, 0x2010, 0, XL_MEM_DATA, 0);
    settle(m);
    assert_int_equal(mstat(m, "l2d.hits"), 1);
    xl_memsys_flush_frame(m, t + 1000, 0x2000, 4096, &f);   /* now held, clean */
    assert_int_equal(f.lines, 1);
    assert_int_equal(f.inflight, 0);
    assert_int_equal(f.dirty, 0);
    settle(m);
    assert_int_equal(mstat(m, "dram.writes"), 0);
    xl_memsys_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_31_01_dirty_lines_written_back),
        cmocka_unit_test(test_31_02_clean_page_invalidated),
        cmocka_unit_test(test_31_03_tlbs_shot_down),
        cmocka_unit_test(test_31_04_evict_then_unmap_far_faults),
        cmocka_unit_test(test_31_05_misuse),
        cmocka_unit_test(test_31_06_one_set_packed_in_lru_order),
        cmocka_unit_test(test_31_07_inflight_left_to_its_fill),
    };
    return cmocka_run_group_tests_name("t31_evict", tests, NULL, NULL);
}
