/*
 * t27_dram_energy.c - unit tests of the DRAM energy model (model/src/mem/dram_energy.c,
 * xlat/dram_energy.h) and the DRAM timing block's energy counters (model/src/mem/dram.c:
 * energy counters), for the MICRO'21 translation-reach study's Fig 13c (DRAMPower's
 * formulas, the study's specification §7.3; counters §10; docs/papers/translation-reach.md).
 *
 * Device: DRAMPower memspec MICRON_1Gb_DDR3-1600_8bit_G, 8 devices per rank: tCK 1250 ps,
 * VDD 1500 mV, IDD0 70, IDD2N 45, IDD3N 45, IDD4R 140, IDD4W 145, IDD5 170 mA, RC 38,
 * RAS 28, RFC 88 tCK, BL 8. mV x mA x ps = aJ, so VDD tCK = 1500 x 1250 = 1,875,000 aJ =
 * 1875 fJ per mA-clock per device, 15,000 fJ per mA-clock per rank (x 8). Per rank:
 *   E_act = 15,000 x (70 - 45) x 28        = 10,500,000 fJ
 *   E_pre = 15,000 x (70 - 45) x (38 - 28) =  3,750,000 fJ
 *   E_act+pre = 15,000 x (70 x 38 - 45 x 28 - 45 x 10) = 15,000 x 950 = 14,250,000 fJ
 *   E_rd  = 15,000 x (140 - 45) x 8/2      =  5,700,000 fJ
 *   E_wr  = 15,000 x (145 - 45) x 8/2      =  6,000,000 fJ
 *   E_ref = 15,000 x (170 - 45) x 88       = 165,000,000 fJ
 *   E_bg  = 15,000 x 45 = 675,000 fJ per clock, open (IDD3N) or precharged (IDD2N).
 * In pJ (the statistics): 10,500 + 3,750 per activate-precharge pair, 5,700 per read,
 * 6,000 per write, 165,000 per refresh, 675 per rank-clock.
 *
 * The memory-system runs use t12_memsys's default configuration with the linear mapping
 * (its header has the timing): GPU 2000 MHz, DRAM 800 MHz, cyc(k) = ceil(k * 5 / 2),
 * clk(t) = ceil(t * 2 / 5); tRCD = tCL = tRP = 11, tRAS 28, tRTP 6, tRFC 208, tREFI 6240
 * (rank 0 due at 3120 + n 6240, rank 1 at 6240 + n 6240); 2 channels x 2 ranks x 16
 * banks; pa 0 -> ch 0 bank 0 rank 0 row 0, 0x80 -> ch 0 bank 1 rank 0, 0x1000 -> ch 0
 * bank 0 rank 0 row 0 col 1, 0x80000 -> ch 0 bank 0 rank 0 row 1. A bypass_l2 request
 * reaches its channel's queue C = 20 GPU cycles after it is submitted and completes C
 * after its burst's end. The background window W is the DRAM clock of the memory
 * system's last `now` (the last pop) unless a booked bank change is later.
 */
#include "xltest.h"
#include "xltest_mem.h"

#include <string.h>

#include "xlat/config.h"
#include "xlat/dram_energy.h"
#include "xlat/memsys.h"
#include "xlat/rng.h"
#include "xlat/stats.h"

static const xl_dre_spec_t *const SP = &xl_dre_ddr3_1600_x8;

static xl_memsys_t *mk_lin(void)
{
    xl_config_t c;
    lin_config(&c);
    return mk(&c);
}

/* Run to idle from event to event; the single outstanding request must complete at
 * `done`. */
static void one_done(xl_memsys_t *m, uint64_t done)
{
    uint64_t t, d, n = 0;
    while ((t = xl_memsys_next_event(m)) != UINT64_MAX) {
        xl_mem_req_t r;
        while (xl_memsys_pop(m, t, &r, &d)) {
            assert_int_equal(d, done);
            n++;
        }
    }
    assert_int_equal(n, 1);
}

static void expect_st(const xl_memsys_t *m, const char *spec)
{
    xl_stats_t *s = xl_stats_create();
    xl_memsys_stats(m, s);
    expect_stats(s, spec);
    xl_stats_destroy(s);
}

static xl_dre_energy_t energy_of(uint64_t act, uint64_t pre, uint64_t rd, uint64_t wr,
                                 uint64_t ref, uint64_t open, uint64_t prech,
                                 uint32_t mhz)
{
    xl_dre_counts_t n = { act, pre, rd, wr, ref, open, prech };
    xl_dre_energy_t e;
    memset(&e, 0, sizeof e);
    xl_dre_rank(SP, &n, mhz, &e);
    return e;
}

/* The table is the memspec's, and each command's energy is a whole number of fJ (the
 * division by 1000 from aJ truncates nothing): VDD tCK x mA-clocks x 8 % 1000 == 0. */
static void test_27_01_memspec_table(void **state)
{
    const uint64_t vt8 = (uint64_t)SP->vdd_mv * SP->tck_ps * SP->devices;   /* aJ */
    (void)state;
    assert_string_equal(SP->name, "MICRON_1Gb_DDR3-1600_8bit_G");
    assert_int_equal(SP->clk_mhz, 800);
    assert_int_equal(SP->tck_ps, 1250);
    assert_int_equal(SP->vdd_mv, 1500);
    assert_int_equal(SP->idd0, 70);
    assert_int_equal(SP->idd2n, 45);
    assert_int_equal(SP->idd3n, 45);
    assert_int_equal(SP->idd4r, 140);
    assert_int_equal(SP->idd4w, 145);
    assert_int_equal(SP->idd5, 170);
    assert_int_equal(SP->rc, 38);
    assert_int_equal(SP->ras, 28);
    assert_int_equal(SP->rfc, 88);
    assert_int_equal(SP->bl, 8);
    assert_int_equal(SP->devices, 8);
    assert_int_equal(vt8, 15000000u);                  /* 15,000 fJ per mA-clock */
    assert_int_equal(vt8 * 25u * 28u % 1000u, 0);
    assert_int_equal(vt8 * 25u * 10u % 1000u, 0);
    assert_int_equal(vt8 * 95u * 4u % 1000u, 0);
    assert_int_equal(vt8 * 100u * 4u % 1000u, 0);
    assert_int_equal(vt8 * 125u * 88u % 1000u, 0);
}

/* One activate and its precharge: 10,500,000 + 3,750,000 = 14,250,000 fJ, the study's
 * E_act+pre = VDD tCK (IDD0 RC - IDD3N RAS - IDD2N (RC - RAS)) x 8 = 15,000 x 950. */
static void test_27_02_act_pre_pair(void **state)
{
    xl_dre_energy_t e = energy_of(1, 1, 0, 0, 0, 0, 0, 800);
    (void)state;
    assert_int_equal(xl_dre_act_fj(SP), 10500000u);
    assert_int_equal(xl_dre_pre_fj(SP), 3750000u);
    assert_int_equal(e.act_pre, 14250000u);
    assert_int_equal(e.act_pre,
                     15000u * (70u * 38u - 45u * 28u - 45u * (38u - 28u)));
    assert_int_equal(xl_dre_total(&e), 14250000u);
    e = energy_of(3, 2, 0, 0, 0, 0, 0, 800);           /* one row still open */
    assert_int_equal(e.act_pre, 3u * 10500000u + 2u * 3750000u);
}

/* One read burst: 15,000 x (140 - 45) x 4 = 5,700,000 fJ; one write burst: 15,000 x
 * (145 - 45) x 4 = 6,000,000 fJ. */
static void test_27_03_read_write_burst(void **state)
{
    xl_dre_energy_t e = energy_of(0, 0, 1, 0, 0, 0, 0, 800);
    (void)state;
    assert_int_equal(xl_dre_rd_fj(SP), 5700000u);
    assert_int_equal(e.rd, 5700000u);
    assert_int_equal(xl_dre_total(&e), 5700000u);
    e = energy_of(0, 0, 0, 1, 0, 0, 0, 800);
    assert_int_equal(xl_dre_wr_fj(SP), 6000000u);
    assert_int_equal(e.wr, 6000000u);
    e = energy_of(0, 0, 7, 3, 0, 0, 0, 800);
    assert_int_equal(e.rd + e.wr, 7u * 5700000u + 3u * 6000000u);
}

/* One refresh: 15,000 x (170 - 45) x 88 = 165,000,000 fJ (the memspec's RFC, whatever
 * the model's tRFC). */
static void test_27_04_refresh(void **state)
{
    xl_dre_energy_t e = energy_of(0, 0, 0, 0, 1, 0, 0, 800);
    (void)state;
    assert_int_equal(xl_dre_ref_fj(SP), 165000000u);
    assert_int_equal(e.ref, 165000000u);
    assert_int_equal(xl_dre_total(&e), 165000000u);
}

/* Background: N clocks at 800 MHz (tCK 1250 ps) cost 1500 mV x 45 mA x 1250 ps x 8 =
 * 675,000 fJ each, open (IDD3N) or precharged (IDD2N, also 45 mA here): 1000 open +
 * 300 precharged = 877,500,000 fJ. At other clocks the model's clocks convert by time:
 * 1000 MHz (1000 ps): 10 clocks = 10,000 ps, 1500 x 45 x 10,000 x 8 aJ = 5,400,000 fJ;
 * 667 MHz: 1 clock = 10^6 / 667 ps, 1500 x 45 x 8 x 1000 / 667 = 540,000,000 / 667 =
 * 809,595.2 -> 809,595 fJ (truncated); 2001 clocks at 667 MHz: q = 3, r = 0, 3 x
 * 540,000,000 = 1,620,000,000 fJ exactly (2001 clocks = 3 us). A different current:
 * IDD4R 140 mA for 4 clocks at 800 MHz = 1500 x 140 x 1250 x 4 x 8 aJ = 8,400,000 fJ. */
static void test_27_05_background_open_and_precharged(void **state)
{
    xl_dre_energy_t e = energy_of(0, 0, 0, 0, 0, 1000, 300, 800);
    (void)state;
    assert_int_equal(e.bg, 1300u * 675000u);
    assert_int_equal(e.bg, 877500000u);
    assert_int_equal(xl_dre_bg_fj(SP, SP->idd3n, 1, 800), 675000u);
    assert_int_equal(xl_dre_bg_fj(SP, SP->idd3n, 10, 1000), 5400000u);
    assert_int_equal(xl_dre_bg_fj(SP, SP->idd3n, 1, 667), 809595u);
    assert_int_equal(xl_dre_bg_fj(SP, SP->idd3n, 2001, 667), 1620000000u);
    assert_int_equal(xl_dre_bg_fj(SP, SP->idd4r, 4, 800), 8400000u);
    /* large counts do not overflow: 10^12 clocks at 800 MHz = 6.75 x 10^17 fJ */
    assert_int_equal(xl_dre_bg_fj(SP, SP->idd3n, UINT64_C(1000000000000), 800),
                     UINT64_C(675000000000000000));
}

/* One read to a closed bank through the L2 (t12's cold miss): submitted at 0, L2 miss at
 * 40, queue at 60 = DRAM clock 24: activate 24, burst 46..50, done 145. W = clk(145) =
 * 58. Rank ch0.rank0: precharged [0, 24), open [24, 58) = 34 (open page: the row stays
 * open); the other three ranks precharged 58 each: 24 + 3 x 58 = 198.
 * Energy, pJ: act_pre 10,500 (an activate, no precharge yet), rd 5,700, bg 4 x 58 x 675
 * = 156,600; total 172,800. */
static void test_27_06_one_read_closed_bank(void **state)
{
    xl_memsys_t *m = mk_lin();
    (void)state;
    sub(m, 0, 1, 0x0, 0, XL_MEM_DATA, 0);
    one_done(m, 145);
    expect_st(m, "dram.activates=1 dram.precharges=0 dram.energy_clocks=58 "
                 "dram.ch0.rank0.activates=1 dram.ch0.rank0.reads=1 "
                 "dram.ch0.rank0.reads_pt=0 dram.ch0.rank0.open_clocks=34 "
                 "dram.ch0.rank0.precharged_clocks=24 dram.ch0.rank1.precharged_clocks=58 "
                 "dram.ch1.rank0.open_clocks=0 dram.open_clocks=34 "
                 "dram.precharged_clocks=198");
    expect_st(m, "dram.energy_act_pre_pj=10500 dram.energy_rd_pj=5700 dram.energy_wr_pj=0 "
                 "dram.energy_ref_pj=0 dram.energy_bg_pj=156600 dram.energy_pj=172800");
    xl_memsys_destroy(m);
}

/* A row conflict: an activate-precharge pair. A = bypass read pa 0 at 0: queue at 20 =
 * clock 8, activate 8, column 19, burst 30..34, done 105; pre_ok = max(8 + tRAS 28,
 * 19 + tRTP 6) = 36. B = bypass read pa 0x80000 (row 1 of the same bank) at 200: queue
 * at 220 = clock 88, precharge at max(88, 36) = 88, activate 88 + tRP 11 = 99, column
 * 110, burst 121..125, cyc(125) = ceil(312.5) = 313, done 333. W = clk(333) =
 * ceil(133.2) = 134. Rank ch0.rank0: precharged [0, 8) and [88, 99) = 19, open [8, 88)
 * and [99, 134) = 80 + 35 = 115.
 * Energy, pJ: act_pre 2 x 10,500 + 3,750 = 24,750; rd 2 x 5,700 = 11,400; bg 4 x 134 x
 * 675 = 361,800; total 397,950. */
static void test_27_07_row_conflict_pair(void **state)
{
    xl_memsys_t *m = mk_lin();
    (void)state;
    sub(m, 0, 1, 0x0, 0, XL_MEM_DATA, 1);
    one_done(m, 105);
    sub(m, 200, 2, 0x80000, 0, XL_MEM_DATA, 1);
    one_done(m, 333);
    expect_st(m, "dram.row_conflicts=1 dram.activates=2 dram.precharges=1 "
                 "dram.precharges_ref=0 dram.energy_clocks=134 "
                 "dram.ch0.rank0.open_clocks=115 dram.ch0.rank0.precharged_clocks=19 "
                 "dram.ch0.rank0.reads=2");
    expect_st(m, "dram.energy_act_pre_pj=24750 dram.energy_rd_pj=11400 "
                 "dram.energy_bg_pj=361800 dram.energy_pj=397950");
    xl_memsys_destroy(m);
}

/* A refresh closes an open row (t12's test 18 part 2). P = bypass read pa 0 at 7755:
 * queue at 7775 = clock 3110, activate 3110, column 3121 (pre_ok 3138), done 7860.
 * Q = bypass page-table read pa 0x80 (bank 1 of rank 0) at 7795: queue at 7815 = clock
 * 3126, whose decision applies rank 0's refresh due at 3120: precharge-all at 3138,
 * REF 3149, rank blocked to 3149 + 208 = 3357; Q activates at 3357, done 8478. W =
 * clk(8478) = ceil(3391.2) = 3392. Rank ch0.rank0: precharged [0, 3110) and [3138,
 * 3149) = 3121; open [3110, 3138) = 28, refreshing [3149, 3357) = 208, open [3357,
 * 3392) = 35: 271. One precharge (the refresh's), one refresh; channel 1 never decides,
 * so its refreshes are not applied (nor counted in dram.refreshes).
 * Energy, pJ: act_pre 2 x 10,500 + 3,750 = 24,750; rd 11,400; ref 165,000; bg 4 x 3392 x
 * 675 = 9,158,400; total 9,359,550. */
static void test_27_08_refresh_closes_row(void **state)
{
    xl_memsys_t *m = mk_lin();
    uint64_t t, d, n = 0;
    (void)state;
    sub(m, 7755, 1, 0x0, 0, XL_MEM_DATA, 1);
    sub(m, 7795, 2, 0x80, 0, XL_MEM_PT, 1);
    while ((t = xl_memsys_next_event(m)) != UINT64_MAX) {
        xl_mem_req_t r;
        while (xl_memsys_pop(m, t, &r, &d)) {
            assert_int_equal(d, r.id == 1 ? 7860 : 8478);
            n++;
        }
    }
    assert_int_equal(n, 2);
    expect_st(m, "dram.refreshes=1 dram.activates=2 dram.precharges=1 "
                 "dram.precharges_ref=1 dram.energy_clocks=3392 "
                 "dram.ch0.rank0.refreshes=1 dram.ch0.rank0.precharges=1 "
                 "dram.ch0.rank0.reads=2 dram.ch0.rank0.reads_pt=1 dram.reads_pt=1 "
                 "dram.ch0.rank0.open_clocks=271 dram.ch0.rank0.precharged_clocks=3121 "
                 "dram.ch0.rank1.refreshes=0 dram.ch1.rank0.refreshes=0");
    expect_st(m, "dram.energy_act_pre_pj=24750 dram.energy_rd_pj=11400 "
                 "dram.energy_ref_pj=165000 dram.energy_bg_pj=9158400 "
                 "dram.energy_pj=9359550");
    xl_memsys_destroy(m);
}

/* Refreshes the controller skips over an idle stretch count too (dram_refresh_idle).
 * A = bypass read pa 0 at 0: activate 8 (pre_ok 36), done 105. B = bypass read pa
 * 0x1000 (same bank and row) at 99980: queue at 100000 = clock 40000. That decision
 * applies every refresh due by 40000:
 *   rank 0, due 3120 + n 6240: 3120 closes the open row (precharge at max(3120, 36) =
 *     3120, REF 3131 to 3339); 9360, 15600, 21840, 28080 are skipped (counted: REF at the
 *     due clock, [due, due + 208) refreshing); 34320 applied (no row open, REF at 34320);
 *     6 refreshes.
 *   rank 1, due 6240 + n 6240: 6240 applied, 12480 ... 31200 skipped, 37440 applied: 6.
 * B then finds its row closed: activate 40000, burst 40022..40026, cyc(40026) = 100065,
 * done 100085. W = clk(100085) = 40034.
 *   ch0.rank0 open: [8, 3120) = 3112, six refreshes 6 x 208 = 1248, [40000, 40034) = 34:
 *     4394; precharged 40034 - 4394 = 35640.
 *   ch0.rank1 open 1248, precharged 38786. Channel 1 idle: 40034 precharged each.
 * Energy, pJ: act_pre 2 x 10,500 + 3,750 = 24,750; rd 11,400; ref 12 x 165,000 =
 * 1,980,000; bg 4 x 40034 x 675 = 108,091,800; total 110,107,950. */
static void test_27_09_idle_refreshes(void **state)
{
    xl_memsys_t *m = mk_lin();
    (void)state;
    sub(m, 0, 1, 0x0, 0, XL_MEM_DATA, 1);
    one_done(m, 105);
    sub(m, 99980, 2, 0x1000, 0, XL_MEM_DATA, 1);
    one_done(m, 100085);
    expect_st(m, "dram.refreshes=12 dram.row_misses=2 dram.activates=2 dram.precharges=1 "
                 "dram.precharges_ref=1 dram.energy_clocks=40034 "
                 "dram.ch0.rank0.refreshes=6 dram.ch0.rank1.refreshes=6 "
                 "dram.ch0.rank0.open_clocks=4394 dram.ch0.rank0.precharged_clocks=35640 "
                 "dram.ch0.rank1.open_clocks=1248 dram.ch0.rank1.precharged_clocks=38786 "
                 "dram.ch1.rank1.precharged_clocks=40034");
    expect_st(m, "dram.energy_act_pre_pj=24750 dram.energy_rd_pj=11400 "
                 "dram.energy_ref_pj=1980000 dram.energy_bg_pj=108091800 "
                 "dram.energy_pj=110107950");
    xl_memsys_destroy(m);
}

/* A random stream through a small L2 (evictions and write-backs), data and page-table
 * reads and writes, 10% bypassing the L2, idle gaps of up to 20,000 cycles, refresh
 * every 600 clocks: the counters agree with the controller's and with each other.
 *   per rank: 0 <= activates - precharges <= banks (rows still open at the end);
 *             open_clocks + precharged_clocks = W (dram.energy_clocks);
 *   summed over ranks: reads = dram.reads, reads_pt = dram.reads_pt, writes =
 *             dram.writes, writes_pt = dram.writes_pt, refreshes = dram.refreshes;
 *   activates = row_misses + row_conflicts; precharges = row_conflicts +
 *             precharges_ref; reads = the read requests that reached DRAM through a
 *             bypass plus the L2's line fills (dram.reads);
 *   energy, pJ: act_pre = 10,500 activates + 3,750 precharges, rd = 5,700 reads, wr =
 *             6,000 writes, ref = 165,000 refreshes, bg = 675 x ranks x W; total = sum. */
static void test_27_10_stream_consistency(void **state)
{
    enum { NREQ = 4000 };
    xl_config_t c;
    xl_memsys_t *m;
    xl_stats_t *s;
    xl_rng_t rng;
    uint64_t t = 0, d, ev, byp_reads = 0, popped = 0;
    uint64_t sum[5] = { 0, 0, 0, 0, 0 }, acts = 0, pres = 0, w;
    const char *const fld[5] = { "reads", "reads_pt", "writes", "writes_pt", "refreshes" };
    const char *const tot[5] = { "dram.reads", "dram.reads_pt", "dram.writes",
                                 "dram.writes_pt", "dram.refreshes" };
    char name[64];
    unsigned i, ch, rk;
    (void)state;
    xl_config_defaults(&c);
    c.dram.mapping = XL_DRAM_MAP_LINEAR;
    c.l2d.size_kb = 16;
    c.l2d.ways = 4;
    c.l2d.mshrs = 8;
    c.dram.trefi = 600;
    c.dram.trfc = 100;
    m = mk(&c);
    xl_rng_seed(&rng, 2727);
    for (i = 0; i < NREQ; i++) {
        xl_mem_req_t r;
        int write = xl_rng_below(&rng, 5) == 0, pt = xl_rng_below(&rng, 3) == 0;
        int bypass = xl_rng_below(&rng, 10) == 0;
        t += xl_rng_below(&rng, 100) == 0 ? 20000 : xl_rng_below(&rng, 30);
        byp_reads += (uint64_t)(bypass && !write);
        sub(m, t, i + 1u, (xl_rng_below(&rng, 1u << 16) << 6), write,
            pt ? XL_MEM_PT : XL_MEM_DATA, bypass);
        while (xl_memsys_pop(m, t, &r, &d))
            popped++;
    }
    while ((ev = xl_memsys_next_event(m)) != UINT64_MAX) {
        xl_mem_req_t r;
        while (xl_memsys_pop(m, ev, &r, &d))
            popped++;
    }
    assert_int_equal(popped, NREQ);
    s = xl_stats_create();
    xl_memsys_stats(m, s);
    w = stat_get(s, "dram.energy_clocks");
    for (ch = 0; ch < c.dram.channels; ch++)
        for (rk = 0; rk < c.dram.ranks; rk++) {
            uint64_t a, p;
            snprintf(name, sizeof name, "dram.ch%u.rank%u.activates", ch, rk);
            a = stat_get(s, name);
            snprintf(name, sizeof name, "dram.ch%u.rank%u.precharges", ch, rk);
            p = stat_get(s, name);
            assert_true(a >= p && a - p <= c.dram.banks);
            acts += a;
            pres += p;
            for (i = 0; i < 5u; i++) {
                snprintf(name, sizeof name, "dram.ch%u.rank%u.%s", ch, rk, fld[i]);
                sum[i] += stat_get(s, name);
            }
            snprintf(name, sizeof name, "dram.ch%u.rank%u.open_clocks", ch, rk);
            a = stat_get(s, name);
            snprintf(name, sizeof name, "dram.ch%u.rank%u.precharged_clocks", ch, rk);
            assert_int_equal(a + stat_get(s, name), w);
        }
    for (i = 0; i < 5u; i++)
        assert_int_equal(sum[i], stat_get(s, tot[i]));
    assert_true(sum[1] > 0 && sum[2] > 0 && sum[4] > 0);   /* every kind happened */
    assert_true(stat_get(s, "dram.row_conflicts") > 0);
    assert_true(stat_get(s, "dram.precharges_ref") > 0);
    assert_true(byp_reads > 0 && sum[0] > byp_reads);     /* bypass reads and L2 fills */
    assert_int_equal(acts, stat_get(s, "dram.activates"));
    assert_int_equal(pres, stat_get(s, "dram.precharges"));
    assert_int_equal(acts, stat_get(s, "dram.row_misses") + stat_get(s, "dram.row_conflicts"));
    assert_int_equal(pres,
                     stat_get(s, "dram.row_conflicts") + stat_get(s, "dram.precharges_ref"));
    assert_int_equal(stat_get(s, "dram.energy_act_pre_pj"), 10500u * acts + 3750u * pres);
    assert_int_equal(stat_get(s, "dram.energy_rd_pj"), 5700u * sum[0]);
    assert_int_equal(stat_get(s, "dram.energy_wr_pj"), 6000u * sum[2]);
    assert_int_equal(stat_get(s, "dram.energy_ref_pj"), 165000u * sum[4]);
    assert_int_equal(stat_get(s, "dram.energy_bg_pj"),
                     675u * c.dram.channels * c.dram.ranks * w);
    assert_int_equal(stat_get(s, "dram.energy_pj"),
                     stat_get(s, "dram.energy_act_pre_pj") + stat_get(s, "dram.energy_rd_pj") +
                     stat_get(s, "dram.energy_wr_pj") + stat_get(s, "dram.energy_ref_pj") +
                     stat_get(s, "dram.energy_bg_pj"));
    xl_stats_destroy(s);
    xl_memsys_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_27_01_memspec_table),
        cmocka_unit_test(test_27_02_act_pre_pair),
        cmocka_unit_test(test_27_03_read_write_burst),
        cmocka_unit_test(test_27_04_refresh),
        cmocka_unit_test(test_27_05_background_open_and_precharged),
        cmocka_unit_test(test_27_06_one_read_closed_bank),
        cmocka_unit_test(test_27_07_row_conflict_pair),
        cmocka_unit_test(test_27_08_refresh_closes_row),
        cmocka_unit_test(test_27_09_idle_refreshes),
        cmocka_unit_test(test_27_10_stream_consistency),
    };
    return cmocka_run_group_tests_name("t27_dram_energy", tests, NULL, NULL);
}
