/*
 * t12_memsys.c - unit tests of the memory system below the translation path
 * (model/src/memsys.c, memsys.h): L2 hit latency, cold misses, DRAM row hits,
 * conflicts and tRAS, MSHR merging and waiting, FR-FCFS, bypass_l2, dirty write-backs,
 * the address mapping, the GPU/DRAM clock ratio, determinism, event skipping and
 * geometry errors (spec seed-000-003 §1.1 Table I, §1.2 DDR3-1600 11-11-11, §7.1).
 *
 * Default config: L2 hit latency H = 40, controller latency C = 20 GPU cycles each way,
 * GPU 2000 MHz / DRAM 800 MHz, so DRAM clock k is at GPU cycle cyc(k) = ceil(k * 5 / 2)
 * and GPU cycle t sees DRAM clock clk(t) = ceil(t * 2 / 5); tCL = tRCD = tRP = 11,
 * tRAS = 28, tBURST = 4 DRAM clocks; 2 channels x 16 banks x 2 ranks, 8 KB rows
 * (128 lines). Mapping: line = pa >> 6; ch = line % 2; bank = (line / 2) % 16;
 * rank = (line / 32) % 2; col = (line / 64) % 128; row = line / 8192.
 */
#include "xltest.h"

#include <stdio.h>
#include <string.h>

#include "xlat/config.h"
#include "xlat/memsys.h"
#include "xlat/rng.h"
#include "xlat/stats.h"

static xl_memsys_t *mk(const xl_config_t *c)
{
    char err[200] = "";
    xl_memsys_t *m = xl_memsys_create(c, err, sizeof err);
    assert_non_null(m);
    assert_string_equal(err, "");
    return m;
}

static xl_memsys_t *mk_default(void)
{
    xl_config_t c;
    xl_config_defaults(&c);
    c.dram.mapping = XL_DRAM_MAP_LINEAR;   /* hand-computed bank/row examples */
    return mk(&c);
}

static void sub(xl_memsys_t *m, uint64_t now, uint64_t id, xl_pa_t pa, int write, int kind,
                int bypass)
{
    xl_mem_req_t r;
    memset(&r, 0, sizeof r);
    r.id = id;
    r.addr = pa;
    r.write = (uint8_t)write;
    r.kind = (uint8_t)kind;
    r.bypass_l2 = (uint8_t)bypass;
    xl_memsys_submit(m, now, &r);
}

static void rd(xl_memsys_t *m, uint64_t now, uint64_t id, xl_pa_t pa)
{
    sub(m, now, id, pa, 0, XL_MEM_DATA, 0);
}

/* Run to idle by jumping from event to event; record completions in pop order and
 * check each is popped at exactly its completion cycle. Returns how many. */
static unsigned drain(xl_memsys_t *m, uint64_t *ids, uint64_t *done, unsigned max)
{
    unsigned n = 0;
    uint64_t t;
    while ((t = xl_memsys_next_event(m)) != UINT64_MAX) {
        xl_mem_req_t r;
        uint64_t d;
        while (xl_memsys_pop(m, t, &r, &d)) {
            assert_true(n < max);
            assert_int_equal(d, t);
            ids[n] = r.id;
            done[n] = d;
            n++;
        }
    }
    assert_int_equal(xl_memsys_pending(m), 0);
    return n;
}

/* Completion cycle of the single outstanding request, which must have id `id`. */
static uint64_t one(xl_memsys_t *m, uint64_t id)
{
    uint64_t ids[4], done[4];
    assert_int_equal(drain(m, ids, done, 4), 1);
    assert_int_equal(ids[0], id);
    return done[0];
}

static uint64_t st(const xl_memsys_t *m, const char *name)
{
    xl_stats_t *s = xl_stats_create();
    uint64_t v = UINT64_MAX;
    xl_memsys_stats(m, s);
    assert_true(xl_stats_get(s, name, &v));
    xl_stats_destroy(s);
    return v;
}

/* L2 hit: submit at t, looked up and done at t + H = t + 40. The line is first brought
 * in by a cold miss (145, test 02); pa 0x20 is the same 64 B line as pa 0. */
static void test_12_01_l2_hit_latency(void **state)
{
    xl_memsys_t *m = mk_default();
    (void)state;
    rd(m, 0, 1, 0x0);
    assert_int_equal(one(m, 1), 145);
    rd(m, 200, 2, 0x20);
    assert_int_equal(xl_memsys_next_event(m), 240);   /* 200 + 40 */
    assert_int_equal(one(m, 2), 240);
    assert_int_equal(st(m, "l2d.accesses"), 2);
    assert_int_equal(st(m, "l2d.hits"), 1);
    assert_int_equal(st(m, "l2d.misses"), 1);
    assert_int_equal(st(m, "dram.reads"), 1);
    xl_memsys_destroy(m);
}

/* Cold miss to a closed row, submitted at 0:
 *   lookup at 0 + 40 = 40 (miss) -> channel queue at 40 + 20 = 60 = DRAM clock
 *   clk(60) = 24 (an edge: cyc(24) = 60); activate 24, column 24 + tRCD = 35, data
 *   35 + tCL = 46, burst 46..50 (26 DRAM clocks = 65 GPU cycles, exact here because
 *   60 is on an edge; in general the burst end rounds up to the next GPU cycle);
 *   cyc(50) = 125; done 125 + 20 = 145 = 40 + 20 + 65 + 20.
 * next_event walks 40 (lookup), 60 (arrival; the decision at clock 24 is at 60 too),
 * then 145 (the fill and completion). */
static void test_12_02_cold_miss_closed_row(void **state)
{
    xl_memsys_t *m = mk_default();
    xl_mem_req_t r;
    uint64_t d;
    (void)state;
    assert_int_equal(xl_memsys_next_event(m), UINT64_MAX);   /* idle */
    rd(m, 0, 7, 0x0);
    assert_int_equal(xl_memsys_pending(m), 1);
    assert_int_equal(xl_memsys_next_event(m), 40);
    assert_int_equal(xl_memsys_pop(m, 40, &r, &d), 0);
    assert_int_equal(xl_memsys_next_event(m), 60);
    assert_int_equal(xl_memsys_pop(m, 60, &r, &d), 0);
    assert_int_equal(xl_memsys_next_event(m), 145);
    assert_int_equal(xl_memsys_pop(m, 144, &r, &d), 0);
    assert_int_equal(xl_memsys_pop(m, 145, &r, &d), 1);
    assert_int_equal(r.id, 7);
    assert_int_equal(d, 145);
    assert_int_equal(xl_memsys_pending(m), 0);
    assert_int_equal(xl_memsys_next_event(m), UINT64_MAX);
    assert_int_equal(st(m, "dram.row_misses"), 1);
    assert_int_equal(st(m, "dram.row_hits"), 0);
    assert_int_equal(st(m, "dram.queue_latency"), 0);   /* issued on arrival */
    assert_int_equal(st(m, "dram.max_queue"), 1);
    xl_memsys_destroy(m);
}

/* Row hit: after the cold miss of pa 0 (row 0 of ch 0 bank 0 rank 0 now open),
 * pa 0x1000 = line 64 -> ch 0, bank (64/2)%16 = 0, rank (64/32)%2 = 0, col 1, row 0.
 * Submitted at 1000: lookup 1040, queue 1060 = clock 424; column 424, data 435,
 * burst 435..439 (tCL + tBURST = 15 clocks = 37.5 GPU cycles); cyc(439) =
 * ceil(1097.5) = 1098; done 1098 + 20 = 1118. */
static void test_12_03_row_hit(void **state)
{
    xl_memsys_t *m = mk_default();
    (void)state;
    rd(m, 0, 1, 0x0);
    assert_int_equal(one(m, 1), 145);
    rd(m, 1000, 2, 0x1000);
    assert_int_equal(one(m, 2), 1118);
    assert_int_equal(st(m, "dram.row_hits"), 1);
    assert_int_equal(st(m, "dram.row_misses"), 1);
    assert_int_equal(st(m, "dram.row_conflicts"), 0);
    xl_memsys_destroy(m);
}

/* Row conflict: pa 0x80000 = line 8192 -> ch 0, bank 0, rank 0, col 0, row 1.
 * (a) Long after the activate of row 0 (clock 24): submitted at 1000, queue 1060 =
 *     clock 424; precharge max(424, 24 + 28) = 424, activate 435, column 446, data 457,
 *     burst 457..461; cyc(461) = ceil(1152.5) = 1153; done 1173 (tRP + tRCD + tCL +
 *     tBURST = 37 clocks = 92.5 -> 93 GPU cycles after 1060, + 20).
 * (b) Right after it: pa 0 and pa 0x80000 both submitted at 0 reach the queue at clock
 *     24; pa 0 (older, both to a closed bank) issues at 24, bank busy until 50. At 50
 *     pa 0x80000 finds row 0 open: tRAS holds the precharge until 24 + 28 = 52 (not 50);
 *     activate 63, column 74, data 85, burst 85..89; cyc(89) = ceil(222.5) = 223;
 *     done 243 (without tRAS: 87 -> cyc 218 -> 238). Its queueing: issued at clock 50 =
 *     cyc 125, queued since 60: 65 cycles. */
static void test_12_04_row_conflict_and_tras(void **state)
{
    xl_memsys_t *m = mk_default();
    uint64_t ids[4], done[4];
    (void)state;
    rd(m, 0, 1, 0x0);
    assert_int_equal(one(m, 1), 145);
    rd(m, 1000, 2, 0x80000);
    assert_int_equal(one(m, 2), 1173);
    assert_int_equal(st(m, "dram.row_conflicts"), 1);
    xl_memsys_destroy(m);

    m = mk_default();
    rd(m, 0, 1, 0x0);
    rd(m, 0, 2, 0x80000);
    assert_int_equal(drain(m, ids, done, 4), 2);
    assert_int_equal(ids[0], 1);
    assert_int_equal(done[0], 145);
    assert_int_equal(ids[1], 2);
    assert_int_equal(done[1], 243);
    assert_int_equal(st(m, "dram.row_misses"), 1);
    assert_int_equal(st(m, "dram.row_conflicts"), 1);
    assert_int_equal(st(m, "dram.queue_latency"), 65);
    assert_int_equal(st(m, "dram.max_queue"), 2);
    xl_memsys_destroy(m);
}

/* MSHR merge: pa 0 and pa 0x20 at 0 and pa 0x3f at 50 are one line. The first lookup
 * (40) allocates the MSHR, the second (40) and third (90) merge; one DRAM read; all
 * three complete with the fill at 145, in submission order. */
static void test_12_05_mshr_merge(void **state)
{
    xl_memsys_t *m = mk_default();
    uint64_t ids[4], done[4];
    (void)state;
    rd(m, 0, 10, 0x0);
    rd(m, 0, 11, 0x20);
    rd(m, 50, 12, 0x3f);
    assert_int_equal(drain(m, ids, done, 4), 3);
    assert_int_equal(ids[0], 10);
    assert_int_equal(ids[1], 11);
    assert_int_equal(ids[2], 12);
    assert_int_equal(done[0], 145);
    assert_int_equal(done[1], 145);
    assert_int_equal(done[2], 145);
    assert_int_equal(st(m, "dram.reads"), 1);
    assert_int_equal(st(m, "l2d.misses"), 3);
    assert_int_equal(st(m, "l2d.mshr_merges"), 2);
    assert_int_equal(st(m, "l2d.mshr_merges_data"), 2);
    xl_memsys_destroy(m);
}

/* FR-FCFS: row 0 of ch 0 bank 0 is open after pa 0. At 1000, B = pa 0x80000 (row 1,
 * older) then C = pa 0x1000 (row 0, younger) reach the queue together at clock 424.
 * FR-FCFS issues the row hit C first: column 424, burst 435..439, cyc(439) = 1098,
 * done 1118. B waits for the bank (ready 439): precharge max(439, 24 + 28) = 439,
 * activate 450, column 461, data 472, burst 472..476, cyc(476) = 1190, done 1210.
 * (FCFS would have served B first: done 1173, test 04a.) */
static void test_12_06_frfcfs_row_hit_first(void **state)
{
    xl_memsys_t *m = mk_default();
    uint64_t ids[4], done[4];
    (void)state;
    rd(m, 0, 1, 0x0);
    assert_int_equal(one(m, 1), 145);
    rd(m, 1000, 2, 0x80000);
    rd(m, 1000, 3, 0x1000);
    assert_int_equal(drain(m, ids, done, 4), 2);
    assert_int_equal(ids[0], 3);
    assert_int_equal(done[0], 1118);
    assert_int_equal(ids[1], 2);
    assert_int_equal(done[1], 1210);
    assert_int_equal(st(m, "dram.row_hits"), 1);
    assert_int_equal(st(m, "dram.row_conflicts"), 1);
    xl_memsys_destroy(m);
}

/* bypass_l2: A = read pa 0 (data) and B = write pa 0x20 (page table), both bypassing,
 * submitted at 0, reach the queue at 0 + 20 = 20 = clock 8. A: activate 8, column 19,
 * data 30, burst 30..34, cyc(34) = 85, done 105 (= 20 + 65 + 20). B (same bank, row 0
 * now open, bank ready at 34): column 34, data 45, burst 45..49, cyc(49) =
 * ceil(122.5) = 123, done 143. No L2 counter moves, and the L2 stays cold: a normal
 * read of pa 0 afterwards misses. */
static void test_12_07_bypass_l2(void **state)
{
    xl_memsys_t *m = mk_default();
    uint64_t ids[4], done[4];
    (void)state;
    sub(m, 0, 1, 0x0, 0, XL_MEM_DATA, 1);
    sub(m, 0, 2, 0x20, 1, XL_MEM_PT, 1);
    assert_int_equal(xl_memsys_next_event(m), 20);
    assert_int_equal(drain(m, ids, done, 4), 2);
    assert_int_equal(ids[0], 1);
    assert_int_equal(done[0], 105);
    assert_int_equal(ids[1], 2);
    assert_int_equal(done[1], 143);
    assert_int_equal(st(m, "l2d.accesses"), 0);
    assert_int_equal(st(m, "l2d.hits"), 0);
    assert_int_equal(st(m, "l2d.misses"), 0);
    assert_int_equal(st(m, "l2d.mshr_merges"), 0);
    assert_int_equal(st(m, "dram.reads"), 1);
    assert_int_equal(st(m, "dram.reads_data"), 1);
    assert_int_equal(st(m, "dram.writes"), 1);
    assert_int_equal(st(m, "dram.writes_pt"), 1);
    assert_int_equal(st(m, "dram.row_misses"), 1);
    assert_int_equal(st(m, "dram.row_hits"), 1);
    rd(m, 1000, 3, 0x0);
    /* row 0 still open: 1040 lookup miss, 1060 = clock 424 row hit -> 1118 (test 03) */
    assert_int_equal(one(m, 3), 1118);
    assert_int_equal(st(m, "l2d.misses"), 1);
    xl_memsys_destroy(m);
}

/* Dirty eviction: L2 of 1 KB, 1 way -> 16 sets of one line; line L lives in set L % 16.
 *  W = write pa 0 at 0: write-allocate, fetched like a read miss, done 145, dirty.
 *  R = read pa 0x400 (line 16: set 0; ch 0, bank 8, rank 0, row 0) at 1000: lookup
 *      1040 miss, queue 1060 = clock 424, closed bank 8: activate 424, column 435,
 *      data 446, burst 446..450, cyc(450) = 1125, filled and done at 1145. The fill
 *      evicts dirty line 0: a DRAM write that reaches ch 0 at 1145 + 20 = 1165 =
 *      clock 466; bank 0 has row 0 open: row hit, burst 477..481 (bank 0 busy to 481).
 *  S = read pa 0x1000 (line 64: set 0; ch 0 bank 0 row 0) at 1125: lookup 1165 miss,
 *      queue 1185 = clock 474; bank 0 busy until 481 with the write-back: column 481,
 *      data 492, burst 492..496, cyc(496) = 1240, done 1260 (without the write it would
 *      be column 474, burst end 489, cyc 1223, done 1243). Its fill evicts line 16,
 *      which is clean: no second write-back. */
static void test_12_08_dirty_eviction_writes_dram(void **state)
{
    xl_config_t c;
    xl_memsys_t *m;
    uint64_t ids[4], done[4];
    (void)state;
    xl_config_defaults(&c);
    c.dram.mapping = XL_DRAM_MAP_LINEAR;   /* hand-computed bank/row examples */
    c.l2d.size_kb = 1;
    c.l2d.ways = 1;
    m = mk(&c);
    sub(m, 0, 1, 0x0, 1, XL_MEM_DATA, 0);
    assert_int_equal(one(m, 1), 145);
    assert_int_equal(st(m, "dram.writes"), 0);
    rd(m, 1000, 2, 0x400);
    rd(m, 1125, 3, 0x1000);
    assert_int_equal(drain(m, ids, done, 4), 2);
    assert_int_equal(ids[0], 2);
    assert_int_equal(done[0], 1145);
    assert_int_equal(ids[1], 3);
    assert_int_equal(done[1], 1260);
    assert_int_equal(st(m, "l2d.writebacks"), 1);
    assert_int_equal(st(m, "l2d.writebacks_data"), 1);
    assert_int_equal(st(m, "dram.writes"), 1);
    assert_int_equal(st(m, "dram.writes_data"), 1);
    assert_int_equal(st(m, "dram.reads"), 3);
    assert_int_equal(st(m, "dram.row_hits"), 2);   /* the write-back and S */
    assert_int_equal(st(m, "dram.row_misses"), 2); /* W's fetch and R */
    xl_memsys_destroy(m);
}

/* Address mapping, seen through timing and row counters (default geometry):
 *  pa 0x0   line 0  -> ch 0 bank 0 rank 0 row 0
 *  pa 0x40  line 1  -> ch 1 (other channel: runs in parallel, also done at 145)
 *  pa 0x80  line 2  -> ch 0 bank 1: same channel, so issued one DRAM clock later (25):
 *           activate 25, column 36, data ready 47, but the bus carries pa 0's burst
 *           until 50: burst 50..54, cyc(54) = 135, done 155. Queue depth of ch 0: 2.
 *  pa 0x800 line 32 -> ch 0 bank 0 rank 1: its own closed bank, a row miss, not a
 *           conflict with row 0 of rank 0 (at 1000: done 1145, like a cold miss).
 *  pa 0x1000 line 64 -> ch 0 bank 0 rank 0 col 1 row 0: a row hit (at 2000: 2118).
 *  pa 0x80000 line 8192 -> ch 0 bank 0 rank 0 row 1: a row conflict (at 3000:
 *           queue 3060 = clock 1224, precharge 1224, burst 1257..1261, cyc 3153, 3173). */
static void test_12_09_address_mapping(void **state)
{
    xl_memsys_t *m = mk_default();
    uint64_t ids[4], done[4];
    (void)state;
    rd(m, 0, 0, 0x0);
    rd(m, 0, 1, 0x40);
    rd(m, 0, 2, 0x80);
    assert_int_equal(drain(m, ids, done, 4), 3);
    assert_int_equal(ids[0], 0);
    assert_int_equal(done[0], 145);
    assert_int_equal(ids[1], 1);
    assert_int_equal(done[1], 145);
    assert_int_equal(ids[2], 2);
    assert_int_equal(done[2], 155);
    assert_int_equal(st(m, "dram.max_queue"), 2);
    assert_int_equal(st(m, "dram.row_misses"), 3);
    rd(m, 1000, 3, 0x800);
    assert_int_equal(one(m, 3), 1145);
    assert_int_equal(st(m, "dram.row_misses"), 4);
    assert_int_equal(st(m, "dram.row_conflicts"), 0);
    rd(m, 2000, 4, 0x1000);
    assert_int_equal(one(m, 4), 2118);
    assert_int_equal(st(m, "dram.row_hits"), 1);
    rd(m, 3000, 5, 0x80000);
    assert_int_equal(one(m, 5), 3173);
    assert_int_equal(st(m, "dram.row_conflicts"), 1);
    xl_memsys_destroy(m);
}

/* One MSHR (l2d.mshrs = 1). All at 0: A pa 0, B pa 0x40 (line 1), C pa 0x20 (line 0),
 * D pa 0x48 (line 1). Lookups at 40: A allocates the MSHR; B finds none free and waits;
 * C merges into A's MSHR at once; D has no MSHR of its line (B has none yet) and waits
 * behind B. At 145 A's fill completes A and C and frees the MSHR: B takes it (read at
 * ch 1 at 165 = clock 66: activate 66, column 77, burst 88..92, cyc(92) = 230, done
 * 250), and D merges into B's MSHR: done 250. */
static void test_12_10_mshr_full_waits_in_order(void **state)
{
    xl_config_t c;
    xl_memsys_t *m;
    uint64_t ids[4], done[4];
    (void)state;
    xl_config_defaults(&c);
    c.dram.mapping = XL_DRAM_MAP_LINEAR;   /* hand-computed bank/row examples */
    c.l2d.mshrs = 1;
    m = mk(&c);
    rd(m, 0, 0, 0x0);
    rd(m, 0, 1, 0x40);
    rd(m, 0, 2, 0x20);
    rd(m, 0, 3, 0x48);
    assert_int_equal(drain(m, ids, done, 4), 4);
    assert_int_equal(ids[0], 0);
    assert_int_equal(done[0], 145);
    assert_int_equal(ids[1], 2);
    assert_int_equal(done[1], 145);
    assert_int_equal(ids[2], 1);
    assert_int_equal(done[2], 250);
    assert_int_equal(ids[3], 3);
    assert_int_equal(done[3], 250);
    assert_int_equal(st(m, "l2d.mshr_waits"), 2);
    assert_int_equal(st(m, "l2d.mshr_merges"), 2);
    assert_int_equal(st(m, "dram.reads"), 2);
    xl_memsys_destroy(m);
}

/* Clock ratio rule with GPU 1000 MHz / DRAM 800 MHz (5/4: cyc(k) = ceil(k * 5 / 4),
 * clk(t) = ceil(t * 4 / 5)). Cold miss at 0: queue at 60 = clock 48 (cyc(48) = 60);
 * burst ends at 48 + 26 = 74, cyc(74) = ceil(92.5) = 93; done 93 + 20 = 113.
 * Then a row hit at 1000: queue 1060 = clock 848; burst end 848 + 15 = 863,
 * cyc(863) = ceil(1078.75) = 1079; done 1099. */
static void test_12_11_clock_ratio_rounding(void **state)
{
    xl_config_t c;
    xl_memsys_t *m;
    (void)state;
    xl_config_defaults(&c);
    c.dram.mapping = XL_DRAM_MAP_LINEAR;   /* hand-computed bank/row examples */
    c.gpu.clock_mhz = 1000;
    m = mk(&c);
    rd(m, 0, 1, 0x0);
    assert_int_equal(one(m, 1), 113);
    rd(m, 1000, 2, 0x1000);
    assert_int_equal(one(m, 2), 1099);
    xl_memsys_destroy(m);
}

/* Write hit: 1 KB 1-way L2 (16 sets). R pa 0 at 0 fills line 0 clean (145); W = write
 * pa 0x10 at 200 hits at 240 and makes it dirty; X = read pa 0x400 (line 16, set 0) at
 * 1000 evicts it: one write-back (done 1145 as in test 08). A clean victim writes
 * nothing: Y = read pa 0x800 (line 32, set 0) at 2000 evicts clean line 16. */
static void test_12_15_write_hit_dirties_line(void **state)
{
    xl_config_t c;
    xl_memsys_t *m;
    (void)state;
    xl_config_defaults(&c);
    c.dram.mapping = XL_DRAM_MAP_LINEAR;   /* hand-computed bank/row examples */
    c.l2d.size_kb = 1;
    c.l2d.ways = 1;
    m = mk(&c);
    rd(m, 0, 1, 0x0);
    assert_int_equal(one(m, 1), 145);
    sub(m, 200, 2, 0x10, 1, XL_MEM_PT, 0);
    assert_int_equal(one(m, 2), 240);
    assert_int_equal(st(m, "l2d.hits_pt"), 1);
    rd(m, 1000, 3, 0x400);
    assert_int_equal(one(m, 3), 1145);
    rd(m, 2000, 4, 0x800);   /* ch 0 bank 0 rank 1: a closed bank, 2000 + 145 */
    assert_int_equal(one(m, 4), 2145);
    assert_int_equal(st(m, "l2d.writebacks"), 1);
    assert_int_equal(st(m, "l2d.writebacks_data"), 1);   /* the line was filled by a data read */
    assert_int_equal(st(m, "dram.writes"), 1);
    xl_memsys_destroy(m);
}

/* Same-cycle order: fills before lookups. A = pa 0 at 0 fills at 145; B = pa 0x20
 * (same line) submitted at 105 is looked up at 105 + 40 = 145, after the fill: a hit
 * (done 145), not an MSHR merge. */
static void test_12_16_fill_before_lookup_same_cycle(void **state)
{
    xl_memsys_t *m = mk_default();
    uint64_t ids[4], done[4];
    (void)state;
    rd(m, 0, 1, 0x0);
    rd(m, 105, 2, 0x20);
    assert_int_equal(drain(m, ids, done, 4), 2);
    assert_int_equal(ids[0], 1);
    assert_int_equal(done[0], 145);
    assert_int_equal(ids[1], 2);
    assert_int_equal(done[1], 145);
    assert_int_equal(st(m, "l2d.hits"), 1);
    assert_int_equal(st(m, "l2d.misses"), 1);
    assert_int_equal(st(m, "l2d.mshr_merges"), 0);
    xl_memsys_destroy(m);
}

/* True LRU: 1 KB 2-way L2 = 8 sets; lines 0, 8, 16 (pa 0x0, 0x200, 0x400) share set 0.
 * Fill 0 (at 0), fill 8 (at 1000), hit 0 (at 2000: 0 becomes most recent), fill 16 (at
 * 3000) evicts the least recent, line 8. Then 0 still hits (4000 + 40 = 4040) and 8
 * misses: ch 0 bank 4 still has row 0 open, a row hit, 5000 + 118 = 5118 (test 03). */
static void test_12_17_lru_victim(void **state)
{
    xl_config_t c;
    xl_memsys_t *m;
    (void)state;
    xl_config_defaults(&c);
    c.dram.mapping = XL_DRAM_MAP_LINEAR;   /* hand-computed bank/row examples */
    c.l2d.size_kb = 1;
    c.l2d.ways = 2;
    m = mk(&c);
    rd(m, 0, 1, 0x0);
    assert_int_equal(one(m, 1), 145);
    rd(m, 1000, 2, 0x200);
    assert_int_equal(one(m, 2), 1145);
    rd(m, 2000, 3, 0x0);
    assert_int_equal(one(m, 3), 2040);
    rd(m, 3000, 4, 0x400);
    assert_int_equal(one(m, 4), 3145);
    rd(m, 4000, 5, 0x0);
    assert_int_equal(one(m, 5), 4040);
    rd(m, 5000, 6, 0x200);
    assert_int_equal(one(m, 6), 5118);
    assert_int_equal(st(m, "l2d.hits"), 2);
    assert_int_equal(st(m, "l2d.misses"), 4);
    xl_memsys_destroy(m);
}

/* ------------------------------------------------------------ random streams */

#define NREQ 4000u

typedef struct {
    uint64_t t;
    xl_mem_req_t r;
} stim_t;

/* A reproducible mixed stream: half the addresses in a hot 8 KB, half in 4 MB (65536
 * lines, 8 rows per bank); 25% writes, 20% page-table, 10% bypass, 0..3 cycle gaps. */
static void make_stream(stim_t *s, unsigned n, uint64_t seed)
{
    xl_rng_t rng;
    uint64_t t = 0;
    unsigned i;
    xl_rng_seed(&rng, seed);
    for (i = 0; i < n; i++) {
        t += xl_rng_below(&rng, 4);
        memset(&s[i].r, 0, sizeof s[i].r);
        s[i].t = t;
        s[i].r.id = i;
        if (xl_rng_below(&rng, 2))   /* a hot 8 KB that mostly hits the L2 */
            s[i].r.addr = xl_rng_below(&rng, 128) * 64u + xl_rng_below(&rng, 64);
        else                         /* 4 MB: 8 rows per bank, conflicts and misses */
            s[i].r.addr = xl_rng_below(&rng, 65536) * 64u + xl_rng_below(&rng, 64);
        s[i].r.write = xl_rng_below(&rng, 4) == 0;
        s[i].r.kind = xl_rng_below(&rng, 5) == 0 ? XL_MEM_PT : XL_MEM_DATA;
        s[i].r.bypass_l2 = xl_rng_below(&rng, 10) == 0;
    }
}

/* Caller that calls pop every cycle; done[id] = completion cycle. */
static void run_every_cycle(xl_memsys_t *m, const stim_t *s, unsigned n, uint64_t *done,
                            uint64_t *order)
{
    unsigned i = 0, k = 0;
    uint64_t t;
    for (t = 0; i < n || xl_memsys_pending(m) > 0; t++) {
        xl_mem_req_t r;
        uint64_t d;
        while (xl_memsys_pop(m, t, &r, &d)) {
            assert_int_equal(d, t);
            done[r.id] = d;
            order[k++] = r.id;
        }
        while (i < n && s[i].t == t)
            xl_memsys_submit(m, t, &s[i++].r);
        assert_true(t < 100000000u);
    }
    assert_int_equal(k, n);
}

/* Caller that only wakes at submit times and at xl_memsys_next_event. */
static void run_skipping(xl_memsys_t *m, const stim_t *s, unsigned n, uint64_t *done,
                         uint64_t *order, uint64_t *stops)
{
    unsigned i = 0, k = 0;
    *stops = 0;
    while (i < n || xl_memsys_pending(m) > 0) {
        uint64_t t = xl_memsys_next_event(m);
        xl_mem_req_t r;
        uint64_t d;
        if (i < n && s[i].t < t)
            t = s[i].t;
        assert_true(t != UINT64_MAX);
        (*stops)++;
        /* submit first this time (the other caller pops first): same results */
        while (i < n && s[i].t == t)
            xl_memsys_submit(m, t, &s[i++].r);
        while (xl_memsys_pop(m, t, &r, &d)) {
            assert_int_equal(d, t);
            done[r.id] = d;
            order[k++] = r.id;
        }
    }
    assert_int_equal(k, n);
}

static const char *const names[] = {
    "l2d.accesses", "l2d.hits", "l2d.misses", "l2d.mshr_merges", "l2d.mshr_waits",
    "l2d.writebacks", "dram.reads", "dram.writes", "dram.reads_pt", "dram.writes_pt",
    "dram.row_hits", "dram.row_misses", "dram.row_conflicts", "dram.queue_latency",
    "dram.max_queue",
};
#define NNAMES (sizeof names / sizeof names[0])

/* Small L2 (16 KB, 4 ways = 64 sets) and 8 MSHRs so evictions, write-backs, merges and
 * waits all happen. */
static void small_config(xl_config_t *c)
{
    xl_config_defaults(c);
    c->dram.mapping = XL_DRAM_MAP_LINEAR;
    c->l2d.size_kb = 16;
    c->l2d.ways = 4;
    c->l2d.mshrs = 8;
}

/* Same stream, same config, two fresh instances: identical completion cycles, order and
 * counters; and every counter moved (the stream exercises every path). */
static void test_12_12_determinism(void **state)
{
    static stim_t s[NREQ];
    static uint64_t d1[NREQ], d2[NREQ], o1[NREQ], o2[NREQ];
    xl_config_t c;
    uint64_t stops;
    unsigned i;
    xl_memsys_t *a, *b;
    (void)state;
    small_config(&c);
    make_stream(s, NREQ, 12345);
    a = mk(&c);
    b = mk(&c);
    run_skipping(a, s, NREQ, d1, o1, &stops);
    run_skipping(b, s, NREQ, d2, o2, &stops);
    assert_memory_equal(d1, d2, sizeof d1);
    assert_memory_equal(o1, o2, sizeof o1);
    for (i = 0; i < NNAMES; i++) {
        assert_int_equal(st(a, names[i]), st(b, names[i]));
        assert_true(st(a, names[i]) > 0);
    }
    /* counters add up: each L2 lookup hits or misses; 10% bypass skip the L2 */
    assert_int_equal(st(a, "l2d.hits") + st(a, "l2d.misses"), st(a, "l2d.accesses"));
    assert_true(st(a, "l2d.accesses") < NREQ);
    xl_memsys_destroy(a);
    xl_memsys_destroy(b);
}

/* Event skipping: the every-cycle caller and the next_event caller see the same
 * completion cycle for every request and the same pop order, under the default clocks,
 * with ctrl_latency 0 (a bypass reaches its queue in the cycle it is submitted) and
 * with a DRAM clock faster than the GPU (3000 vs 2000 MHz: two DRAM edges can share a
 * GPU cycle). The skipping caller stops far less often. */
static void test_12_13_event_skipping_equivalence(void **state)
{
    static stim_t s[NREQ];
    static uint64_t d1[NREQ], d2[NREQ], o1[NREQ], o2[NREQ];
    xl_config_t c;
    unsigned v;
    (void)state;
    for (v = 0; v < 3; v++) {
        xl_memsys_t *a, *b;
        uint64_t stops, last = 0;
        unsigned i;
        small_config(&c);
        if (v == 1)
            c.dram.ctrl_latency = 0;
        if (v == 2)
            c.dram.mhz = 3000;
        make_stream(s, NREQ, 777u + v);
        a = mk(&c);
        b = mk(&c);
        run_every_cycle(a, s, NREQ, d1, o1);
        run_skipping(b, s, NREQ, d2, o2, &stops);
        assert_memory_equal(d1, d2, sizeof d1);
        assert_memory_equal(o1, o2, sizeof o1);
        for (i = 0; i < NREQ; i++)
            if (d1[i] > last)
                last = d1[i];
        assert_true(stops < last);
        for (i = 0; i < NNAMES; i++)
            assert_int_equal(st(a, names[i]), st(b, names[i]));
        xl_memsys_destroy(a);
        xl_memsys_destroy(b);
    }
}

/* Geometry errors: 48 KB / 64 B / 16 ways = 768 / 16 = 48 sets, not a power of two;
 * 128 B lines are not what the memory system moves. NULL and one line naming the keys. */
static void test_12_14_bad_geometry(void **state)
{
    xl_config_t c;
    char err[200];
    (void)state;
    xl_config_defaults(&c);
    c.dram.mapping = XL_DRAM_MAP_LINEAR;   /* hand-computed bank/row examples */
    c.l2d.size_kb = 48;
    err[0] = '\0';
    assert_null(xl_memsys_create(&c, err, sizeof err));
    assert_non_null(strstr(err, "l2d.size_kb"));
    assert_non_null(strstr(err, "power-of-two"));
    assert_null(strchr(err, '\n'));

    xl_config_defaults(&c);
    c.dram.mapping = XL_DRAM_MAP_LINEAR;   /* hand-computed bank/row examples */
    c.l2d.line_bytes = 128;
    err[0] = '\0';
    assert_null(xl_memsys_create(&c, err, sizeof err));
    assert_non_null(strstr(err, "l2d.line_bytes (128)"));
    assert_null(strchr(err, '\n'));

    /* a NULL err buffer is allowed */
    assert_null(xl_memsys_create(&c, NULL, 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_12_01_l2_hit_latency),
        cmocka_unit_test(test_12_02_cold_miss_closed_row),
        cmocka_unit_test(test_12_03_row_hit),
        cmocka_unit_test(test_12_04_row_conflict_and_tras),
        cmocka_unit_test(test_12_05_mshr_merge),
        cmocka_unit_test(test_12_06_frfcfs_row_hit_first),
        cmocka_unit_test(test_12_07_bypass_l2),
        cmocka_unit_test(test_12_08_dirty_eviction_writes_dram),
        cmocka_unit_test(test_12_09_address_mapping),
        cmocka_unit_test(test_12_10_mshr_full_waits_in_order),
        cmocka_unit_test(test_12_11_clock_ratio_rounding),
        cmocka_unit_test(test_12_12_determinism),
        cmocka_unit_test(test_12_13_event_skipping_equivalence),
        cmocka_unit_test(test_12_14_bad_geometry),
        cmocka_unit_test(test_12_15_write_hit_dirties_line),
        cmocka_unit_test(test_12_16_fill_before_lookup_same_cycle),
        cmocka_unit_test(test_12_17_lru_victim),
    };
    return cmocka_run_group_tests_name("t12_memsys", tests, NULL, NULL);
}
