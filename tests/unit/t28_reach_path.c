/*
 * t28_reach_path.c - area 28: MICRO'21's victim path in the timed GPU (model/src/gpu/vstore.h;
 * docs/papers/translation-reach.md "The victim path"), on the reach preset (MICRO'21
 * Table 1: L1 TLB 108 cycles, Tx-mode LDS 35 + MUX 1, I-cache tag 16, Tx-mode I-cache
 * 20 + 1). Hand-written workloads of one or two wavefronts; every number is worked out
 * in the test's comment from the rules of vstore.h.
 *
 * The store-level rules (tag codec, 3-way ages, instruction-aware replacement, the flush
 * call) are tests/unit/t24_lds_tx.c and t25_icache_tx.c; this file checks what the
 * system adds: the lookup order and its latencies, promotion of a hit, the fill chain's
 * flows, the LDS port shared by an LDS instruction and a lookup, bank conflicts, the
 * kernel-boundary flush at a change of code object, LDS blocks at dispatch, a shootdown.
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

/* ------------------------------------------------------------------ a small program */

/* Each wavefront runs prog[wave]: n steps of {op, arg}; LOAD: one lane at region base +
 * arg; LDS / LDS_ST: lanes per the pattern in `lds`; ALU: arg cycles. Kernels: `kernels`
 * launches of one work-group of `waves` wavefronts, code_bytes and code ids as given. */
typedef struct { uint8_t op; uint32_t arg; } step_t;
typedef struct {
    unsigned waves, kernels;
    unsigned n[4];
    step_t prog[4][48];
    uint32_t lds_bytes, code_bytes, code_id[4];
    unsigned lds_pattern;      /* 0: 32 lanes in distinct banks; 1: 32 lanes all in bank 0 */
} prog_t;

static int p_create(xl_workload_t *wl, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    wl->nregions = 1;
    wl->regions[0].name = "x";
    wl->regions[0].bytes = 64u * 4096u;
    wl->regions[0].base = XL_WL_VA_BASE;
    return XL_OK;
}
static void p_destroy(xl_workload_t *wl) { (void)wl; }
static int p_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    const prog_t *p = wl->priv;
    out->workgroups = 1;
    out->waves_per_wg = p->waves;
    out->lds_bytes = p->lds_bytes;
    out->code_bytes = p->code_bytes;
    out->code_id = p->code_id[k & 3u];
    return k < p->kernels;
}
static void p_begin(const xl_workload_t *wl, xl_wave_t *w) { (void)wl; w->step = 0; }
static int p_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const prog_t *p = wl->priv;
    memset(out, 0, sizeof *out);
    if (w->step >= p->n[w->wave]) {
        out->op = XL_OP_END;
        return 0;
    }
    const step_t *s = &p->prog[w->wave][w->step++];
    out->op = s->op;
    out->pc = (uint32_t)w->step;
    switch (s->op) {
    case XL_OP_LOAD:
        out->bytes = 4;
        out->mask = 1;
        out->va[0] = wl->regions[0].base + s->arg;
        break;
    case XL_OP_LDS:
    case XL_OP_LDS_ST:
        out->bytes = 4;
        out->cycles = 1;
        out->mask = UINT64_C(0xFFFFFFFF);   /* lanes 0..31: one half-wavefront */
        for (unsigned l = 0; l < 32u; l++)
            out->va[l] = p->lds_pattern ? l * 128u : l * 4u;   /* 128 B apart: bank 0 */
        break;
    default:
        out->cycles = (uint16_t)s->arg;
        break;
    }
    return 1;
}
static const xl_wl_desc_t p_desc = {"prog", "", "test", "regular", "hand-written program",
                                    p_create, p_destroy, p_kernel, p_begin, p_next};

/* Run prog under the reach preset plus `sets` (NULL-ended); the statistic `name`s values go
 * to out[] (NULL-ended list). */
static void run_prog(const prog_t *p, const char *const *sets, const char *const *names,
                     uint64_t *out)
{
    xl_config_t c;
    char err[256];
    xl_workload_t wl = {.desc = &p_desc, .scale_ppm = XL_SCALE_ONE, .seed = 1,
                        .priv = (void *)p};
    xl_config_defaults(&c);
    assert_int_equal(xl_config_load_preset(&c, "reach", err, sizeof err), XL_OK);
    for (; *sets; sets++)
        assert_int_equal(xl_config_set(&c, *sets, err, sizeof err), XL_OK);
    p_create(&wl, err, sizeof err);
    xl_sim_t *g = NULL;
    assert_int_equal(xl_sim_create(&g, &c, &wl, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_run(g, err, sizeof err), XL_OK);
    xl_stats_t *s = xl_stats_create();
    xl_sim_stats(g, s);
    for (unsigned i = 0; names[i]; i++)
        if (!xl_stats_get(s, names[i], &out[i]))
            fail_msg("no statistic %s", names[i]);
    xl_stats_destroy(s);
    xl_sim_destroy(g);
}

static const char *const BASE[] = {NULL};
static const char *const LDS[] = {"reach.lds_tx=1", NULL};
static const char *const IC[] = {"reach.ic_tx=v4", NULL};
/* the same with a DRAM clock of half the GPU's, so that a request shifted by an even
 * number of GPU cycles meets the DRAM clock edges the same way */
static const char *const BASE2[] = {"dram.mhz=1000", NULL};
static const char *const LDS2[] = {"dram.mhz=1000", "reach.lds_tx=1", NULL};
static const char *const IC2[] = {"dram.mhz=1000", "reach.ic_tx=v4", NULL};
static const char *const BOTH2[] = {"dram.mhz=1000", "reach.lds_tx=1", "reach.ic_tx=v4", NULL};

/* 28.01 The lookup order on an L1 TLB miss (MICRO'21 §4.4): one load of a cold page. The
 * stores are empty, so the miss walks the page in every design; what differs is the time
 * the miss spends before the L2 TLB: the LDS's segment is in Tx mode with no valid way, a
 * lookup of 35 + 1 = 36 cycles; the I-cache's line (VPN[7:0]) is invalid: 16 cycles.
 * Nothing else waits on the port. So the run is 36 cycles longer with the LDS, 16 with
 * the I-cache, 52 with both, and each store saw one lookup (with the DRAM clock at half
 * the GPU's: at DDR3-1600's 800 MHz a shift by 36 GPU cycles is 14.4 DRAM clocks, and
 * the walk's reads would meet the next DRAM edge, 2 cycles later). */
static void test_28_01_lookup_order(void **state)
{
    (void)state;
    prog_t p = {.waves = 1, .kernels = 1, .n = {1}, .prog = {{{XL_OP_LOAD, 0x1234}}},
                .code_bytes = 1024, .code_id = {1}};
    static const char *const cyc[] = {"sim.cycles", NULL};
    static const char *const l[] = {"sim.cycles", "lds_tx.misses", "iommu.walks", NULL};
    static const char *const i[] = {"sim.cycles", "ic_tx.line_invalid", "iommu.walks", NULL};
    static const char *const b[] = {"sim.cycles", "lds_tx.misses", "ic_tx.line_invalid", NULL};
    uint64_t base[1], vl[3], vi[3], vb[3];
    run_prog(&p, BASE2, cyc, base);
    run_prog(&p, LDS2, l, vl);
    run_prog(&p, IC2, i, vi);
    run_prog(&p, BOTH2, b, vb);
    assert_int_equal(vl[0] - base[0], 36);
    assert_int_equal(vl[1], 1);
    assert_int_equal(vl[2], 1);
    assert_int_equal(vi[0] - base[0], 16);
    assert_int_equal(vi[1], 1);
    assert_int_equal(vi[2], 1);
    assert_int_equal(vb[0] - base[0], 52);
    assert_int_equal(vb[1], 1);
    assert_int_equal(vb[2], 1);
}

/* 28.02 Promotion and the fill chain (Fig 12): one wavefront loads pages 8..40 of its
 * region, then page 8 again (call them pages 0..32: the region starts 2 MB-aligned, so
 * page 8 + k has VPN[7:0] = 8 + k and its I-cache line is set 8 + k, way 0 (k < 24), or
 * set k - 24, way 1: never one of the lines the code's first 5 instruction fills take,
 * sets 0..4, way 0). The L1 TLB (32 entries, LRU) evicts page 0 at the 33rd
 * fill; with the LDS it goes to its segment (Tx mode, empty: flow 1-2-4) and the second
 * load of page 0 hits there (promoted, no L2 TLB lookup); the promotion's fill evicts
 * page 1, the LRU entry then, into its own empty segment: 34 L1 misses, 33 L2 TLB
 * lookups, 1 LDS hit, 2 flows into a free way, none to the L2 TLB. The baseline drops
 * the victim and finds page 0 in the L2 TLB: 34 L2 lookups. With the I-cache alone the
 * victims go to their invalid lines (flow 6-7-8, twice) and page 0 hits there. */
static void test_28_02_promotion(void **state)
{
    (void)state;
    prog_t p = {.waves = 1, .kernels = 1, .n = {34}, .code_bytes = 1024, .code_id = {1}};
    for (unsigned k = 0; k < 33; k++)
        p.prog[0][k] = (step_t){XL_OP_LOAD, (8u + k) * 4096u};
    p.prog[0][33] = (step_t){XL_OP_LOAD, 8u * 4096u};
    static const char *const nb[] = {"l1tlb.misses", "l2tlb.accesses", NULL};
    static const char *const nl[] = {"l1tlb.misses", "l2tlb.accesses", "lds_tx.hits",
                                     "reach.flow_lds_free", "reach.flow_l2", NULL};
    static const char *const ni[] = {"l1tlb.misses", "l2tlb.accesses", "ic_tx.hits",
                                     "reach.flow_ic_in", "reach.flow_l2", NULL};
    uint64_t b[2], l[5], i[5];
    run_prog(&p, BASE, nb, b);
    run_prog(&p, LDS, nl, l);
    run_prog(&p, IC, ni, i);
    assert_int_equal(b[0], 34);
    assert_int_equal(b[1], 34);
    assert_int_equal(l[0], 34);
    assert_int_equal(l[1], 33);
    assert_int_equal(l[2], 1);
    assert_int_equal(l[3], 2);
    assert_int_equal(l[4], 0);
    assert_int_equal(i[0], 34);
    assert_int_equal(i[1], 33);
    assert_int_equal(i[2], 1);
    assert_int_equal(i[3], 2);
    assert_int_equal(i[4], 0);
}

/* 28.03 The LDS port (§4.2; vstore.h "Ports"): a half-wavefront LDS store whose 32 lanes
 * write words 128 B apart all falls in bank 0 (32 banks of 4 B): 32 port cycles; with
 * lanes 4 B apart, 32 banks, 1 cycle. Both lanes sets turn their segments LDS mode (the
 * block is 4 KB at 0: lanes 128 B apart touch segments 0, 4, ..., 124, i.e. 32 segments;
 * 4 B apart touch segment 0..3: 4 segments). */
static void test_28_03_bank_conflict(void **state)
{
    (void)state;
    prog_t p = {.waves = 1, .kernels = 1, .n = {1}, .prog = {{{XL_OP_LDS_ST, 0}}},
                .lds_bytes = 4096, .code_bytes = 1024, .code_id = {1}};
    static const char *const n[] = {"lds.native_busy", "lds.blocks", "lds.segs_lds_mode", NULL};
    uint64_t v[3];
    p.lds_pattern = 1;
    run_prog(&p, LDS, n, v);
    assert_int_equal(v[0], 32);
    assert_int_equal(v[1], 1);
    assert_int_equal(v[2], 0);   /* the released block is scrubbed back to Tx mode */
    p.lds_pattern = 0;
    run_prog(&p, LDS, n, v);
    assert_int_equal(v[0], 1);
}

/* 28.04 A lookup waits for an LDS instruction (§4.2 port arbitration). Wave 0 loads a
 * cold page; wave 1 waits 100 ALU cycles then issues the 32-cycle LDS store of 28.03.
 * Both start after the same instruction-line miss and wave 0 issues first, at T; wave 1's
 * ALU issues at T + 1, its LDS store at T + 101, holding the port over [T + 101,
 * T + 133). Wave 0's L1 miss reaches the LDS at T + 108 and waits until T + 133: 25
 * cycles. With the conflict-free store (port free from T + 102) it does not wait. */
static void test_28_04_port_shared(void **state)
{
    (void)state;
    prog_t p = {.waves = 2, .kernels = 1, .n = {1, 2},
                .prog = {{{XL_OP_LOAD, 0x1234}}, {{XL_OP_ALU, 100}, {XL_OP_LDS_ST, 0}}},
                .lds_bytes = 4096, .code_bytes = 1024, .code_id = {1}, .lds_pattern = 1};
    static const char *const n[] = {"lds_tx.port_wait", "lds.native_busy", NULL};
    uint64_t v[2];
    run_prog(&p, LDS, n, v);
    assert_int_equal(v[1], 32);
    assert_int_equal(v[0], 25);
    p.lds_pattern = 0;
    run_prog(&p, LDS, n, v);
    assert_int_equal(v[0], 0);
}

/* 28.05 The kernel-boundary flush (§4.3, IC_V4): two kernels of 1 KB of code (16 lines)
 * on one CU; the wavefront of each runs 40 ALU instructions, 40 / 8 = 5 line fetches
 * (lines 0..4). Different code objects: one flush at the second kernel, invalidating the
 * 5 lines of the first (the I-cache of CU 0; CUs 4..7's I-cache is empty). The same code
 * object twice (NW's back-to-back launches): no flush. v3 never flushes. The port's
 * idle-gap histogram has a gap before each fetch but the first: 9. */
static void test_28_05_kernel_flush(void **state)
{
    (void)state;
    prog_t p = {.waves = 1, .kernels = 2, .n = {40}, .code_bytes = 1024, .code_id = {1, 2}};
    for (unsigned k = 0; k < 40; k++)
        p.prog[0][k] = (step_t){XL_OP_ALU, 1};
    static const char *const n[] = {"icache.kflushes", "icache.kflush_lines", "icache.fetches",
                                    "icache.misses", NULL};
    static const char *const v3[] = {"reach.ic_tx=v3", NULL};
    uint64_t v[4];
    run_prog(&p, IC, n, v);
    assert_int_equal(v[0], 1);
    assert_int_equal(v[1], 5);
    assert_int_equal(v[2], 10);
    assert_int_equal(v[3], 10);   /* the second kernel's lines were flushed, or are others' */
    /* the idle-gap histogram (Fig 5b) counts a gap before every fetch but the first: 9 */
    static const char *const gn[] = {"icache.gap_0", "icache.gap_1", "icache.gap_2_3",
        "icache.gap_4_7", "icache.gap_8_15", "icache.gap_16_31", "icache.gap_32_63",
        "icache.gap_64_127", "icache.gap_128_255", "icache.gap_256_511",
        "icache.gap_512_1023", "icache.gap_ge1024", NULL};
    uint64_t gv[12], gsum = 0;
    run_prog(&p, IC, gn, gv);
    for (unsigned k = 0; k < 12; k++)
        gsum += gv[k];
    assert_int_equal(gsum, 9);
    run_prog(&p, v3, n, v);
    assert_int_equal(v[0], 0);
    assert_int_equal(v[3], 10);   /* different code: different lines, all cold */
    p.code_id[1] = 1;
    run_prog(&p, IC, n, v);
    assert_int_equal(v[0], 0);
    assert_int_equal(v[3], 5);    /* same code: the second launch hits */
}

/* 28.06 A work-group asking for more LDS than a CU has is bad input: one line naming the
 * kernel and lds.size_kb, status XL_EINPUT. */
static void test_28_06_lds_too_big(void **state)
{
    (void)state;
    prog_t p = {.waves = 1, .kernels = 1, .n = {1}, .prog = {{{XL_OP_ALU, 1}}},
                .lds_bytes = 16385, .code_bytes = 1024, .code_id = {1}};
    xl_config_t c;
    char err[256];
    xl_workload_t wl = {.desc = &p_desc, .scale_ppm = XL_SCALE_ONE, .seed = 1, .priv = &p};
    xl_config_defaults(&c);
    assert_int_equal(xl_config_load_preset(&c, "reach", err, sizeof err), XL_OK);
    p_create(&wl, err, sizeof err);
    xl_sim_t *g = NULL;
    assert_int_equal(xl_sim_create(&g, &c, &wl, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_run(g, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "16385 B of LDS, more than lds.size_kb (16 KB)"));
    xl_sim_destroy(g);
}

/* 28.07 A shootdown (§7.1, xl_sim_shootdown): the program of 28.02 with 60,000 ALU cycles
 * before the second load of page 8. Without a shootdown that load hits in the LDS (33
 * walks). Called half-way through the ALU wait, the shootdown finds page 8 in the LDS, in
 * the L2 TLB and in the IOMMU's 256-entry L2 TLB, but not in the L1 TLB (evicted) or the
 * IOMMU's 32-entry L1 TLB (pages 9..40 came after it): 3 copies. The second load then
 * misses everywhere: 34 walks, no LDS hit, 34 L2 TLB lookups. */
static void test_28_07_shootdown(void **state)
{
    (void)state;
    prog_t p = {.waves = 1, .kernels = 1, .n = {35}, .code_bytes = 1024, .code_id = {1}};
    for (unsigned k = 0; k < 33; k++)
        p.prog[0][k] = (step_t){XL_OP_LOAD, (8u + k) * 4096u};
    p.prog[0][33] = (step_t){XL_OP_ALU, 60000};
    p.prog[0][34] = (step_t){XL_OP_LOAD, 8u * 4096u};
    static const char *const n[] = {"sim.cycles", "iommu.walks", "lds_tx.hits", NULL};
    uint64_t v[3];
    run_prog(&p, LDS, n, v);
    assert_int_equal(v[1], 33);
    assert_int_equal(v[2], 1);
    uint64_t half = v[0] - 30000u;

    xl_config_t c;
    char err[256];
    xl_workload_t wl = {.desc = &p_desc, .scale_ppm = XL_SCALE_ONE, .seed = 1, .priv = &p};
    xl_config_defaults(&c);
    assert_int_equal(xl_config_load_preset(&c, "reach", err, sizeof err), XL_OK);
    assert_int_equal(xl_config_set(&c, "reach.lds_tx=1", err, sizeof err), XL_OK);
    p_create(&wl, err, sizeof err);
    xl_sim_t *g = NULL;
    assert_int_equal(xl_sim_create(&g, &c, &wl, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_step(g, half, err, sizeof err), XL_OK);
    assert_int_equal(xl_sim_shootdown(g, 0, wl.regions[0].base + 8u * 4096u), 3);
    assert_int_equal(xl_sim_shootdown(g, 0, wl.regions[0].base + 8u * 4096u), 0);
    assert_int_equal(xl_sim_shootdown(g, 1, wl.regions[0].base), UINT64_MAX);
    assert_int_equal(xl_sim_run(g, err, sizeof err), XL_OK);
    xl_stats_t *s = xl_stats_create();
    xl_sim_stats(g, s);
    uint64_t w, h, a;
    assert_true(xl_stats_get(s, "iommu.walks", &w) && xl_stats_get(s, "lds_tx.hits", &h) &&
                xl_stats_get(s, "l2tlb.accesses", &a));
    assert_int_equal(w, 34);
    assert_int_equal(h, 0);
    assert_int_equal(a, 34);
    xl_stats_destroy(s);
    xl_sim_destroy(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_28_01_lookup_order),
        cmocka_unit_test(test_28_02_promotion),
        cmocka_unit_test(test_28_03_bank_conflict),
        cmocka_unit_test(test_28_04_port_shared),
        cmocka_unit_test(test_28_05_kernel_flush),
        cmocka_unit_test(test_28_06_lds_too_big),
        cmocka_unit_test(test_28_07_shootdown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
