/*
 * t12_memsys.c - unit tests of the memory system below the translation path
 * (model/src/mem/memsys.c and its blocks l2cache.c, dram_sched.c, dram.c; memsys.h):
 * L2 hit latency, cold misses, DRAM row hits, conflicts and tRAS, MSHR merging and
 * waiting, FR-FCFS, bypass_l2, dirty write-backs,
 * the address mapping, the GPU/DRAM clock ratio, determinism, event skipping and
 * geometry errors (docs/isca18-micro18.md §1.1 Table I, §1.2 DDR3-1600 11-11-11, §7.1); and
 * the DDR3 timing of issue 15: refresh, row hits pipelined tCCD apart, data slots taken
 * out of issue order, CWL/tWTR/tWR and read-to-write, batched write drains, tRRD/tFAW
 * and bounded controller queues; and the L2 set index of issue 16 (l2d.index = xor:
 * conflicts of one mod set spread, the set of an address, a victim's write-back
 * address and widened tags rebuilt from tag and set, the random streams under xor).
 *
 * Default config: L2 hit latency H = 40, controller latency C = 20 GPU cycles each way,
 * GPU 2000 MHz / DRAM 800 MHz, so DRAM clock k is at GPU cycle cyc(k) = ceil(k * 5 / 2)
 * and GPU cycle t sees DRAM clock clk(t) = ceil(t * 2 / 5); tCL = tRCD = tRP = 11,
 * tRAS = 28, tBURST = 4, CWL = 8, tCCD = 4, tRRD = 5, tFAW = 24, tWR = 12, tWTR = 6,
 * tRTP = 6, tRTRS = 1, tREFI = 6240 (rank 0 first due at 3120 = GPU cycle 7800, rank 1
 * at 6240), tRFC = 208 DRAM clocks; controller queues of 32 reads and 32 writes, writes
 * drained from 32 to 0 or when no read waits; 2 channels x 16 banks x 2 ranks, 8 KB rows
 * (128 lines). Mapping: line = pa >> 6; ch = line % 2; bank = (line / 2) % 16;
 * rank = (line / 32) % 2; col = (line / 64) % 128; row = line / 8192.
 */
#include "xltest.h"
#include "xltest_mem.h"

#include <stdio.h>
#include <string.h>

#include "xlat/config.h"
#include "xlat/memsys.h"
#include "xlat/rng.h"
#include "xlat/stats.h"

static xl_memsys_t *mk_default(void)
{
    xl_config_t c;
    lin_config(&c);
    return mk(&c);
}

/* lin_config with an L2 of size_kb KB with `ways` ways and set index `index` (file
 * comment of l2cache.c: with b = log2(sets), xor puts line in set
 * (line ^ line >> b ^ line >> 2b) & (sets - 1); mod, the default, in line & (sets - 1)). */
static xl_memsys_t *mk_l2(uint32_t size_kb, uint32_t ways, xl_l2_index_t index)
{
    xl_config_t c;
    lin_config(&c);
    c.l2d.size_kb = size_kb;
    c.l2d.ways = ways;
    c.l2d.index = index;
    return mk(&c);
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

/* Run to idle and require exactly n completions, in this order: want[i] = {id, done}. */
static void expect_done(xl_memsys_t *m, unsigned n, const uint64_t (*want)[2])
{
    uint64_t ids[8], done[8];
    assert_true(n <= 8);
    assert_int_equal(drain(m, ids, done, 8), n);
    for (unsigned i = 0; i < n; i++) {
        assert_int_equal(ids[i], want[i][0]);
        assert_int_equal(done[i], want[i][1]);
    }
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
    uint64_t v;
    xl_memsys_stats(m, s);
    v = stat_get(s, name);
    xl_stats_destroy(s);
    return v;
}

/* Check the memory system's counters: spec as expect_stats (xltest.h). */
static void expect_st(const xl_memsys_t *m, const char *spec)
{
    xl_stats_t *s = xl_stats_create();
    xl_memsys_stats(m, s);
    expect_stats(s, spec);
    xl_stats_destroy(s);
}

/* A read, or a data write, at `now` alone in the memory system: its completion cycle. */
static uint64_t rd_one(xl_memsys_t *m, uint64_t now, uint64_t id, xl_pa_t pa)
{
    rd(m, now, id, pa);
    return one(m, id);
}

static uint64_t wr_one(xl_memsys_t *m, uint64_t now, uint64_t id, xl_pa_t pa)
{
    sub(m, now, id, pa, 1, XL_MEM_DATA, 0);
    return one(m, id);
}

/* Reads one at a time, ids first_id, first_id + 1, ...: step = {submit cycle, pa, done}. */
static void rd_steps(xl_memsys_t *m, uint64_t first_id, unsigned n, const uint64_t (*step)[3])
{
    for (unsigned i = 0; i < n; i++)
        assert_int_equal(rd_one(m, step[i][0], first_id + i, step[i][1]), step[i][2]);
}

/* A bypass_l2 read or write: it reaches its channel's queue C = 20 cycles after submit. */
static void byp(xl_memsys_t *m, uint64_t now, uint64_t id, xl_pa_t pa, int write)
{
    sub(m, now, id, pa, write, XL_MEM_DATA, 1);
}

/* Bypassing requests, req = {submit cycle, id, pa, write}. */
static void byp_all(xl_memsys_t *m, unsigned n, const uint64_t (*req)[4])
{
    for (unsigned i = 0; i < n; i++)
        byp(m, req[i][0], req[i][1], req[i][2], (int)req[i][3]);
}

/* L2 hit: submit at t, looked up and done at t + H = t + 40. The line is first brought
 * in by a cold miss (145, test 02); pa 0x20 is the same 64 B line as pa 0. */
static void test_12_01_l2_hit_latency(void **state)
{
    xl_memsys_t *m = mk_default();
    (void)state;
    assert_int_equal(rd_one(m, 0, 1, 0x0), 145);
    rd(m, 200, 2, 0x20);
    assert_int_equal(xl_memsys_next_event(m), 240);   /* 200 + 40 */
    assert_int_equal(one(m, 2), 240);
    expect_st(m, "l2d.accesses=2 l2d.hits=1 l2d.misses=1 dram.reads=1");
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
    /* queue_latency 0: issued on arrival */
    expect_st(m, "dram.row_misses=1 dram.row_hits=0 dram.queue_latency=0 dram.max_queue=1");
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
    assert_int_equal(rd_one(m, 0, 1, 0x0), 145);
    assert_int_equal(rd_one(m, 1000, 2, 0x1000), 1118);
    expect_st(m, "dram.row_hits=1 dram.row_misses=1 dram.row_conflicts=0");
    xl_memsys_destroy(m);
}

/* Row conflict: pa 0x80000 = line 8192 -> ch 0, bank 0, rank 0, col 0, row 1.
 * (a) Long after the activate of row 0 (clock 24): submitted at 1000, queue 1060 =
 *     clock 424; precharge max(424, 24 + 28) = 424, activate 435, column 446, data 457,
 *     burst 457..461; cyc(461) = ceil(1152.5) = 1153; done 1173 (tRP + tRCD + tCL +
 *     tBURST = 37 clocks = 92.5 -> 93 GPU cycles after 1060, + 20).
 *     (The precharge also waits tRTP = 6 after the read's column command at 35: 41,
 *     long past.)
 * (b) Right after it: pa 0 and pa 0x80000 both submitted at 0 reach the queue at clock
 *     24; pa 0 (older, both to a closed bank) issues at 24: column 35, so the bank takes
 *     its next request from 35 + tCCD = 39. At 39 pa 0x80000 finds row 0 open: the
 *     precharge waits for max(39, act 24 + tRAS 28 = 52, column 35 + tRTP 6 = 41) = 52;
 *     activate 63, column 74, data 85, burst 85..89; cyc(89) = ceil(222.5) = 223;
 *     done 243 (without tRAS: precharge 41, burst end 41 + 11 + 11 + 11 + 4 = 78 ->
 *     cyc 195 -> 215). Its queueing: issued at clock 39 = cyc ceil(97.5) = 98, queued
 *     since 60: 38 cycles. */
static void test_12_04_row_conflict_and_tras(void **state)
{
    xl_memsys_t *m = mk_default();
    (void)state;
    assert_int_equal(rd_one(m, 0, 1, 0x0), 145);
    assert_int_equal(rd_one(m, 1000, 2, 0x80000), 1173);
    expect_st(m, "dram.row_conflicts=1");
    xl_memsys_destroy(m);

    m = mk_default();
    rd(m, 0, 1, 0x0);
    rd(m, 0, 2, 0x80000);
    expect_done(m, 2, (const uint64_t[][2]){{1, 145}, {2, 243}});
    expect_st(m, "dram.row_misses=1 dram.row_conflicts=1 dram.queue_latency=38 dram.max_queue=2");
    xl_memsys_destroy(m);
}

/* MSHR merge: pa 0 and pa 0x20 at 0 and pa 0x3f at 50 are one line. The first lookup
 * (40) allocates the MSHR, the second (40) and third (90) merge; one DRAM read; all
 * three complete with the fill at 145, in submission order. */
static void test_12_05_mshr_merge(void **state)
{
    xl_memsys_t *m = mk_default();
    (void)state;
    rd(m, 0, 10, 0x0);
    rd(m, 0, 11, 0x20);
    rd(m, 50, 12, 0x3f);
    expect_done(m, 3, (const uint64_t[][2]){{10, 145}, {11, 145}, {12, 145}});
    expect_st(m, "dram.reads=1 l2d.misses=3 l2d.mshr_merges=2 l2d.mshr_merges_data=2");
    xl_memsys_destroy(m);
}

/* FR-FCFS: row 0 of ch 0 bank 0 is open after pa 0. At 1000, B = pa 0x80000 (row 1,
 * older) then C = pa 0x1000 (row 0, younger) reach the queue together at clock 424.
 * FR-FCFS issues the row hit C first: column 424, burst 435..439, cyc(439) = 1098,
 * done 1118. B waits for the bank (ready 424 + tCCD = 428): precharge max(428, 24 + 28,
 * C's column 424 + tRTP 6 = 430) = 430, activate 441, column 452, data 463, burst
 * 463..467, cyc(467) = ceil(1167.5) = 1168, done 1188.
 * (FCFS would have served B first: done 1173, test 04a.) */
static void test_12_06_frfcfs_row_hit_first(void **state)
{
    xl_memsys_t *m = mk_default();
    (void)state;
    assert_int_equal(rd_one(m, 0, 1, 0x0), 145);
    rd(m, 1000, 2, 0x80000);
    rd(m, 1000, 3, 0x1000);
    expect_done(m, 2, (const uint64_t[][2]){{3, 1118}, {2, 1188}});
    expect_st(m, "dram.row_hits=1 dram.row_conflicts=1");
    xl_memsys_destroy(m);
}

/* bypass_l2: A = read pa 0 (data) and B = write pa 0x20 (page table), both bypassing,
 * submitted at 0, reach the queues at 0 + 20 = 20 = clock 8 (A the read queue, B the
 * write queue). A read is queued, so the channel serves reads: A: activate 8, column
 * 19, data 30, burst 30..34, cyc(34) = 85, done 105 (= 20 + 65 + 20). With no read
 * left the channel drains writes: B (same bank, row 0 now open, bank ready at 19 +
 * tCCD = 23) is a row hit, its data CWL = 8 after its column; read then write on one
 * rank needs RL + tCCD + 2 - WL = 11 + 4 + 2 - 8 = 9 clocks between the column commands
 * (on the data bus: 2 idle clocks after A's burst): column max(23, 19 + 9) = 28, data
 * 36..40, cyc(40) = 100, done 120. No L2 counter moves, and the L2 stays cold: a normal
 * read of pa 0 afterwards misses. */
static void test_12_07_bypass_l2(void **state)
{
    xl_memsys_t *m = mk_default();
    (void)state;
    sub(m, 0, 1, 0x0, 0, XL_MEM_DATA, 1);
    sub(m, 0, 2, 0x20, 1, XL_MEM_PT, 1);
    assert_int_equal(xl_memsys_next_event(m), 20);
    expect_done(m, 2, (const uint64_t[][2]){{1, 105}, {2, 120}});
    expect_st(m, "l2d.accesses=0 l2d.hits=0 l2d.misses=0 l2d.mshr_merges=0");
    expect_st(m, "dram.reads=1 dram.reads_data=1 dram.writes=1 dram.writes_pt=1");
    expect_st(m, "dram.row_misses=1 dram.row_hits=1 dram.write_drains=1");
    /* row 0 still open: 1040 lookup miss, 1060 = clock 424 row hit -> 1118 (test 03) */
    assert_int_equal(rd_one(m, 1000, 3, 0x0), 1118);
    expect_st(m, "l2d.misses=1");
    xl_memsys_destroy(m);
}

/* Dirty eviction: L2 of 1 KB, 1 way -> 16 sets of one line; line L lives in set L % 16.
 *  W = write pa 0 at 0: write-allocate, fetched like a read miss, done 145, dirty.
 *  R = read pa 0x400 (line 16: set 0; ch 0, bank 8, rank 0, row 0) at 1000: lookup
 *      1040 miss, queue 1060 = clock 424, closed bank 8: activate 424, column 435,
 *      data 446, burst 446..450, cyc(450) = 1125, filled and done at 1145. The fill
 *      evicts dirty line 0: a DRAM write that reaches ch 0 at 1145 + 20 = 1165 =
 *      clock 466. No read is queued, so the channel drains it at once: bank 0 has row 0
 *      open, a row hit: column 466, data 466 + CWL 8 = 474, burst 474..478.
 *  S = read pa 0x1000 (line 64: set 0; ch 0 bank 0 row 0) at 1125: lookup 1165 miss,
 *      queue 1185 = clock 474; a row hit (bank 0 ready at 466 + tCCD = 470), but after
 *      a write to its rank a read command waits until tWTR = 6 after the write's data:
 *      column 478 + 6 = 484, data 495, burst 495..499, cyc(499) = ceil(1247.5) = 1248,
 *      done 1268 (without the write it would be column 474, burst end 489, cyc 1223,
 *      done 1243). Its fill evicts line 16, which is clean: no second write-back. */
static void test_12_08_dirty_eviction_writes_dram(void **state)
{
    xl_memsys_t *m = mk_l2(1, 1, XL_L2_INDEX_MOD);
    (void)state;
    assert_int_equal(wr_one(m, 0, 1, 0x0), 145);
    expect_st(m, "dram.writes=0");
    rd(m, 1000, 2, 0x400);
    rd(m, 1125, 3, 0x1000);
    expect_done(m, 2, (const uint64_t[][2]){{2, 1145}, {3, 1268}});
    expect_st(m, "l2d.writebacks=1 l2d.writebacks_data=1 dram.writes=1 dram.writes_data=1");
    /* row hits: the write-back and S; row misses: W's fetch and R */
    expect_st(m, "dram.reads=3 dram.row_hits=2 dram.row_misses=2");
    xl_memsys_destroy(m);
}

/* Address mapping, seen through timing and row counters (default geometry):
 *  pa 0x0   line 0  -> ch 0 bank 0 rank 0 row 0
 *  pa 0x40  line 1  -> ch 1 (other channel: runs in parallel, also done at 145)
 *  pa 0x80  line 2  -> ch 0 bank 1: same channel, so issued one DRAM clock later (25);
 *           same rank, so its activate waits tRRD = 5 after pa 0's (24): activate 29,
 *           column 40, data 51 (the bus is free: pa 0's burst ends at 50), burst 51..55,
 *           cyc(55) = ceil(137.5) = 138, done 158. Queue depth of ch 0: 2.
 *  pa 0x800 line 32 -> ch 0 bank 0 rank 1: its own closed bank, a row miss, not a
 *           conflict with row 0 of rank 0 (at 1000: done 1145, like a cold miss).
 *  pa 0x1000 line 64 -> ch 0 bank 0 rank 0 col 1 row 0: a row hit (at 2000: 2118).
 *  pa 0x80000 line 8192 -> ch 0 bank 0 rank 0 row 1: a row conflict (at 3000:
 *           queue 3060 = clock 1224, precharge 1224, burst 1257..1261, cyc 3153, 3173). */
static void test_12_09_address_mapping(void **state)
{
    xl_memsys_t *m = mk_default();
    (void)state;
    rd(m, 0, 0, 0x0);
    rd(m, 0, 1, 0x40);
    rd(m, 0, 2, 0x80);
    expect_done(m, 3, (const uint64_t[][2]){{0, 145}, {1, 145}, {2, 158}});
    expect_st(m, "dram.max_queue=2 dram.row_misses=3 dram.act_delays=1");
    assert_int_equal(rd_one(m, 1000, 3, 0x800), 1145);
    expect_st(m, "dram.row_misses=4 dram.row_conflicts=0");
    assert_int_equal(rd_one(m, 2000, 4, 0x1000), 2118);
    expect_st(m, "dram.row_hits=1");
    assert_int_equal(rd_one(m, 3000, 5, 0x80000), 3173);
    expect_st(m, "dram.row_conflicts=1");
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
    (void)state;
    lin_config(&c);
    c.l2d.mshrs = 1;
    m = mk(&c);
    rd(m, 0, 0, 0x0);
    rd(m, 0, 1, 0x40);
    rd(m, 0, 2, 0x20);
    rd(m, 0, 3, 0x48);
    expect_done(m, 4, (const uint64_t[][2]){{0, 145}, {2, 145}, {1, 250}, {3, 250}});
    expect_st(m, "l2d.mshr_waits=2 l2d.mshr_merges=2 dram.reads=2");
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
    lin_config(&c);
    c.gpu.clock_mhz = 1000;
    m = mk(&c);
    assert_int_equal(rd_one(m, 0, 1, 0x0), 113);
    assert_int_equal(rd_one(m, 1000, 2, 0x1000), 1099);
    xl_memsys_destroy(m);
}

/* Write hit: 1 KB 1-way L2 (16 sets). R pa 0 at 0 fills line 0 clean (145); W = write
 * pa 0x10 at 200 hits at 240 and makes it dirty; X = read pa 0x400 (line 16, set 0) at
 * 1000 evicts it: one write-back (done 1145 as in test 08). A clean victim writes
 * nothing: Y = read pa 0x800 (line 32, set 0) at 2000 evicts clean line 16. */
static void test_12_15_write_hit_dirties_line(void **state)
{
    xl_memsys_t *m = mk_l2(1, 1, XL_L2_INDEX_MOD);
    (void)state;
    assert_int_equal(rd_one(m, 0, 1, 0x0), 145);
    sub(m, 200, 2, 0x10, 1, XL_MEM_PT, 0);
    assert_int_equal(one(m, 2), 240);
    expect_st(m, "l2d.hits_pt=1");
    assert_int_equal(rd_one(m, 1000, 3, 0x400), 1145);
    /* ch 0 bank 0 rank 1: a closed bank, 2000 + 145 */
    assert_int_equal(rd_one(m, 2000, 4, 0x800), 2145);
    /* writebacks_data: the line was filled by a data read */
    expect_st(m, "l2d.writebacks=1 l2d.writebacks_data=1 dram.writes=1");
    xl_memsys_destroy(m);
}

/* Same-cycle order: fills before lookups. A = pa 0 at 0 fills at 145; B = pa 0x20
 * (same line) submitted at 105 is looked up at 105 + 40 = 145, after the fill: a hit
 * (done 145), not an MSHR merge. */
static void test_12_16_fill_before_lookup_same_cycle(void **state)
{
    xl_memsys_t *m = mk_default();
    (void)state;
    rd(m, 0, 1, 0x0);
    rd(m, 105, 2, 0x20);
    expect_done(m, 2, (const uint64_t[][2]){{1, 145}, {2, 145}});
    expect_st(m, "l2d.hits=1 l2d.misses=1 l2d.mshr_merges=0");
    xl_memsys_destroy(m);
}

/* True LRU: 1 KB 2-way L2 = 8 sets; lines 0, 8, 16 (pa 0x0, 0x200, 0x400) share set 0.
 * Fill 0 (at 0), fill 8 (at 1000), hit 0 (at 2000: 0 becomes most recent), fill 16 (at
 * 3000) evicts the least recent, line 8. Then 0 still hits (4000 + 40 = 4040) and 8
 * misses: ch 0 bank 4 still has row 0 open, a row hit, 5000 + 118 = 5118 (test 03). */
static void test_12_17_lru_victim(void **state)
{
    xl_memsys_t *m = mk_l2(1, 2, XL_L2_INDEX_MOD);
    (void)state;
    rd_steps(m, 1, 6, (const uint64_t[][3]){{0, 0x0, 145}, {1000, 0x200, 1145},
                                            {2000, 0x0, 2040}, {3000, 0x400, 3145},
                                            {4000, 0x0, 4040}, {5000, 0x200, 5118}});
    expect_st(m, "l2d.hits=2 l2d.misses=4");
    xl_memsys_destroy(m);
}

/* ------------------------------------------------------------ issue 15: DRAM timing */

/* (a) Refresh (defaults: tREFI 6240, tRFC 208, 2 ranks staggered): rank 0 is due at
 * 6240 / 2 = 3120, rank 1 at 6240 (DRAM clocks).
 * Part 1. R0 = read pa 0 at 0 opens row 0 of ch 0 bank 0 rank 0 (done 105: 20 + 65 +
 *   20, as test 07's A; act 8, col 19, so pre_ok = max(8 + tRAS 28, 19 + tRTP 6) = 36).
 *   At 7800, H = read pa 0x1000 (row 0 again) and K = read pa 0x800 (bank 0 of rank 1)
 *   reach the queue at 7820 = clock 3128. The decision at 3128 first applies rank 0's
 *   refresh due at 3120: precharge-all at max(3120, 36) = 3120, REF at 3120 + tRP 11 =
 *   3131, rank 0 blocked until 3131 + 208 = 3339, row 0 closed. K (rank 1, not blocked,
 *   closed bank) issues at 3128: act 3128, col 3139, data 3150..3154, cyc(3154) = 7885,
 *   done 7905. H is now to a closed bank and waits for its rank: act 3339, col 3350,
 *   data 3361..3365, cyc(3365) = ceil(8412.5) = 8413, done 8433 (a row miss, not a hit).
 *   With dram.trefi = 0 H is a row hit at 3128: data 3139..3143, cyc(3143) =
 *   ceil(7857.5) = 7858, done 7878; K issues at 3129 (one decision per clock): act 3129,
 *   col 3140, data 3151 (after H's burst and tRTRS 1: 3144), cyc(3155) = ceil(7887.5) =
 *   7888, done 7908.
 * Part 2. The refresh waits for a row just opened: P = read pa 0 submitted at 7755
 *   reaches the queue at 7775 = clock 3110: act 3110, col 3121 (pre_ok = max(3110 + 28,
 *   3121 + 6) = 3138), data 3132..3136, cyc(3136) = 7840, done 7860. Q = read pa 0x80
 *   (bank 1 of rank 0) submitted at 7795 reaches the queue at 7815 = clock 3126; that
 *   decision applies the refresh due at 3120: precharge-all at max(3120, 3138) = 3138
 *   (tRAS of P's activate), REF 3149, blocked until 3357. Q: act 3357, col 3368, data
 *   3379..3383, cyc(3383) = ceil(8457.5) = 8458, done 8478. Channel 1 saw no request:
 *   its refreshes are never applied, and the idle memory system has no next event. */
static void test_12_18_refresh_blocks_rank(void **state)
{
    /* H and K of part 1; P and Q of part 2 */
    static const uint64_t hk[][4] = {{7800, 2, 0x1000, 0}, {7800, 3, 0x800, 0}};
    static const uint64_t pq[][4] = {{7755, 1, 0x0, 0}, {7795, 2, 0x80, 0}};
    xl_config_t c;
    xl_memsys_t *m;
    (void)state;
    lin_config(&c);
    m = mk(&c);
    byp(m, 0, 1, 0x0, 0);
    assert_int_equal(one(m, 1), 105);
    byp_all(m, 2, hk);
    expect_done(m, 2, (const uint64_t[][2]){{3, 7905}, {2, 8433}});
    expect_st(m, "dram.refreshes=1 dram.row_hits=0 dram.row_misses=3");
    assert_int_equal(xl_memsys_next_event(m), UINT64_MAX);
    xl_memsys_destroy(m);

    c.dram.trefi = 0;                 /* refresh off: H is a row hit */
    m = mk(&c);
    byp(m, 0, 1, 0x0, 0);
    assert_int_equal(one(m, 1), 105);
    byp_all(m, 2, hk);
    expect_done(m, 2, (const uint64_t[][2]){{2, 7878}, {3, 7908}});
    expect_st(m, "dram.refreshes=0 dram.row_hits=1");
    xl_memsys_destroy(m);

    m = mk_default();
    byp_all(m, 2, pq);
    expect_done(m, 2, (const uint64_t[][2]){{1, 7860}, {2, 8478}});
    expect_st(m, "dram.refreshes=1");
    xl_memsys_destroy(m);
}

/* (b) Four reads to row 0 of ch 0 bank 0 rank 0 (pa 0, 0x1000, 0x2000, 0x3000: columns
 * 0..3), bypassing, submitted at 0, reach the queue at 20 = clock 8. The first opens
 * the row: act 8, col 19, data 30..34; the bank takes its next request tCCD = 4 after
 * the column command: 23. The others are row hits with columns at 23, 27, 31 and data
 * at col + CL: 34..38, 38..42, 42..46, back to back after the first burst. Done at
 * cyc(34, 38, 42, 46) + 20 = 85, 95, 105, 115 + 20 = 105, 115, 125, 135: one burst every
 * 4 DRAM clocks = 10 GPU cycles. (Serving one request per bank until its burst ends,
 * each hit would take tCL + tBURST = 15 clocks: 105, 143, 180, 218.) */
static void test_12_19_row_hits_pipeline_tccd(void **state)
{
    xl_memsys_t *m = mk_default();
    uint64_t ids[4], done[4];
    unsigned i;
    (void)state;
    for (i = 0; i < 4u; i++)
        byp(m, 0, i, (xl_pa_t)i * 0x1000u, 0);
    assert_int_equal(drain(m, ids, done, 4), 4);
    for (i = 0; i < 4u; i++) {
        assert_int_equal(ids[i], i);
        assert_int_equal(done[i], 105 + 10 * i);
    }
    expect_st(m, "dram.row_misses=1 dram.row_hits=3");
    xl_memsys_destroy(m);
}

/* (c) Write timing. W = write pa 0 (bypass) at 0 reaches the write queue at clock 8; no
 * read is queued, so the channel drains it: act 8, col 19, data at col + CWL 8 = 27..31,
 * cyc(31) = ceil(77.5) = 78, done 98 (a read: 105). R = read pa 0x80 (bank 1 of the same
 * rank) at 5 reaches the queue at 25 = clock 10: act 8 + tRRD 5 = 13, col 24 would put
 * its data at 35, but a read of the rank must wait tWTR = 6 after the write data (31):
 * column 37 (= 19 + CWL 8 + tBURST 4 + tWTR 6), data 48..52, cyc(52) = 130, done 150.
 * The same read of the other rank, pa 0x800 (bank 0 of rank 1): act 10 (tRRD is per
 * rank), col 21, data 32..36 (the bus needs only tRTRS = 1 after the write: 32),
 * cyc(36) = 90, done 110. The write then leaves bank 0 with pre_ok = 31 + tWR 12 = 43:
 * X = read pa 0x80000 (row 1 of bank 0) at 5 too, a row conflict at clock 10,
 * precharges at 43 (tWR; tRAS allows 36), act 54, col 65, data 76..80, cyc(80) = 200,
 * done 220. */
/* W = write pa 0 at 0 then a read of pa at 5, bypassing, drained: how many completed. */
static unsigned write_then_read(xl_memsys_t *m, xl_pa_t pa, uint64_t *ids, uint64_t *done)
{
    byp(m, 0, 1, 0x0, 1);
    byp(m, 5, 2, pa, 0);
    return drain(m, ids, done, 4);
}

static void test_12_20_write_then_read_twtr(void **state)
{
    xl_memsys_t *m = mk_default();
    uint64_t ids[4], done[4];
    (void)state;
    assert_int_equal(write_then_read(m, 0x80, ids, done), 2);
    assert_int_equal(ids[0], 1);
    assert_int_equal(done[0], 98);
    assert_int_equal(ids[1], 2);
    assert_int_equal(done[1], 150);
    expect_st(m, "dram.writes=1 dram.write_drains=1");
    xl_memsys_destroy(m);

    m = mk_default();
    assert_int_equal(write_then_read(m, 0x800, ids, done), 2);
    assert_int_equal(done[0], 98);
    assert_int_equal(ids[1], 2);
    assert_int_equal(done[1], 110);
    xl_memsys_destroy(m);

    m = mk_default();
    assert_int_equal(write_then_read(m, 0x80000, ids, done), 2);
    assert_int_equal(ids[1], 2);
    assert_int_equal(done[1], 220);
    expect_st(m, "dram.row_conflicts=1");
    xl_memsys_destroy(m);
}

/* (d) tRRD and tFAW. Five reads to banks 0..4 of rank 0 of ch 0 (pa 0, 0x80, 0x100,
 * 0x180, 0x200), bypassing, submitted at 0, reach the queue at clock 8 and are decided
 * at 8, 9, 10, 11, 12 (oldest first, one per clock). Activates: 8; 13, 18, 23 (tRRD 5
 * after the previous one); the fifth would be at 28, but 8, 13, 18, 23 and 28 would be
 * five within 20 < tFAW 24 clocks: 8 + 24 = 32. Columns 19, 24, 29, 34, 43; data 30, 35,
 * 40, 45, 54 (each after the previous burst's end: 34, 39, 44, 49); done cyc(34, 39,
 * 44, 49, 58) + 20 = 85, 98, 110, 123, 145 + 20 = 105, 118, 130, 143, 165. Four
 * activates were held back. */
static void test_12_21_trrd_and_tfaw(void **state)
{
    static const uint64_t want[5] = {105, 118, 130, 143, 165};
    xl_memsys_t *m = mk_default();
    uint64_t ids[5], done[5];
    unsigned i;
    (void)state;
    for (i = 0; i < 5u; i++)
        byp(m, 0, i, (xl_pa_t)i * 0x80u, 0);
    assert_int_equal(drain(m, ids, done, 5), 5);
    for (i = 0; i < 5u; i++) {
        assert_int_equal(ids[i], i);
        assert_int_equal(done[i], want[i]);
    }
    expect_st(m, "dram.act_delays=4");
    xl_memsys_destroy(m);
}

/* (e) Back-pressure, dram.queue_depth = 2. A = read pa 0 at 0 reaches the queue at clock
 * 8 and issues at once (act 8, col 19, data 30..34, done 105; bank 0 ready at 23,
 * pre_ok 36). B = pa 0x80000 (row 1 of bank 0) and B2 = pa 0x100000 (row 2 of bank 0)
 * submitted at 3 reach the queue at 23 (clock 10) and fill it; C = pa 0x80 (bank 1)
 * submitted at 5 reaches the channel at 25 and waits upstream. At 23 bank 0 is ready:
 * B (older) issues: precharge at pre_ok 36, act 47, col 58, data 69..73, cyc(73) = 183,
 * done 203; bank 0 next ready at 62. Its slot lets C in at clock 23 = GPU cycle 58 (33
 * cycles upstream); C issues at 24: act 24 (tRRD from 8 and from 47), col 35, data
 * 46..50, an earlier data slot than B's, cyc(50) = 125, done 145. B2 at 62: precharge at
 * max(47 + tRAS 28, 58 + tRTP 6) = 75, act 86, col 97, data 108..112, cyc(112) = 280,
 * done 300. With the default queue (32) C enters at clock 10 and issues then: act 13
 * (tRRD), col 24, data 35..39, cyc(39) = 98, done 118. */
static void test_12_22_queue_full_backpressure(void **state)
{
    /* A, B, B2, C */
    static const uint64_t req[][4] = {
        {0, 1, 0x0, 0}, {3, 2, 0x80000, 0}, {3, 3, 0x100000, 0}, {5, 4, 0x80, 0}};
    xl_config_t c;
    xl_memsys_t *m;
    uint64_t ids[4], done[4];
    (void)state;
    lin_config(&c);
    c.dram.queue_depth = 2;
    m = mk(&c);
    byp_all(m, 4, req);
    expect_done(m, 4, (const uint64_t[][2]){{1, 105}, {4, 145}, {2, 203}, {3, 300}});
    expect_st(m, "dram.backpressure_waits=1 dram.backpressure_cycles=33 dram.max_queue=2");
    xl_memsys_destroy(m);

    m = mk_default();
    byp_all(m, 4, req);
    assert_int_equal(drain(m, ids, done, 4), 4);
    assert_int_equal(ids[1], 4);
    assert_int_equal(done[1], 118);
    expect_st(m, "dram.backpressure_waits=0");
    xl_memsys_destroy(m);
}

/* A later row hit takes an earlier free data slot. Rows 0 of banks 0 and 1 (rank 0, ch
 * 0) are opened by reads at 0 (done 105 and 118: act 8 and 13). C = pa 0x80000 (row 1 of
 * bank 0, a conflict) submitted at 1000 reaches the queue at 1020 = clock 408 and issues
 * there: precharge 408, act 419, col 430, data 441..445, cyc(445) = 1113, done 1133.
 * H = pa 0x1080 (line 66: bank 1, rank 0, row 0, a row hit) submitted at 1003 reaches
 * the queue at 1023, clock 410, and issues then: col 410, data 421..425, ahead of C's
 * burst, cyc(425) = 1063, done 1083 (booking the bus in issue order would have put it
 * after C's burst: 445..449, done 1143). */
static void test_12_23_later_hit_takes_earlier_slot(void **state)
{
    xl_memsys_t *m = mk_default();
    uint64_t ids[4], done[4];
    (void)state;
    byp(m, 0, 1, 0x0, 0);
    byp(m, 0, 2, 0x80, 0);
    assert_int_equal(drain(m, ids, done, 4), 2);
    assert_int_equal(done[0], 105);
    assert_int_equal(done[1], 118);
    byp(m, 1000, 3, 0x80000, 0);
    byp(m, 1003, 4, 0x1080, 0);
    expect_done(m, 2, (const uint64_t[][2]){{4, 1083}, {3, 1133}});
    xl_memsys_destroy(m);
}

/* Writes drain in batches (write_high = 2, write_low = 0). All bypassing, to rank 0 of
 * ch 0, submitted at 0 in this order, reach the queues at clock 8: R1 = read pa 0x400
 * (bank 8, row 0), R2 = read pa 0x80400 (bank 8, row 1), W1 = write pa 0 and W2 = write
 * pa 0x1000 (bank 0, row 0). W2's arrival makes two writes = write_high: the channel
 * drains writes although older reads wait and their bank is free. W1 at 8: act 8, col
 * 19, data 27..31, cyc(31) = 78, done 98; W2 (row hit) at 23 (19 + tCCD): data 31..35,
 * cyc(35) = 88, done 108. No write left (<= write_low): back to reads. R1 at 24: act 24,
 * col 35 would give data at 46, but a read of the rank waits tWTR after W2's data (35):
 * data 35 + 6 + 11 = 52..56, col 41, cyc(56) = 140, done 160. R2 at 41 + 4 = 45: a
 * conflict, precharge at max(24 + tRAS 28, 41 + tRTP 6) = 52, act 63, col 74, data
 * 85..89, cyc(89) = 223, done 243. With the default watermarks (32 / 0) the reads go
 * first: R1 at 8 (data 30..34, done 105), then R2 (bank 8 ready at 23, precharge at
 * max(23, 8 + 28, 19 + 6) = 36, act 47, col 58, data 69..73, done 203) is decided at 23,
 * and with no read left the writes drain: W1 at 24, act 24 (tRRD from 8 and 47), col
 * 35, data 43..47 (2 clocks after R1's burst would do; and 17 clear of R2's: 47 + 17 =
 * 64 <= 69), cyc(47) = 118, done 138; W2 at 39: data 47..51, cyc(51) = 128, done 148. */
static void test_12_24_write_drain_batches(void **state)
{
    /* R1, R2, W1, W2 */
    static const uint64_t req[][4] = {
        {0, 1, 0x400, 0}, {0, 2, 0x80400, 0}, {0, 3, 0x0, 1}, {0, 4, 0x1000, 1}};
    xl_config_t c;
    xl_memsys_t *m;
    (void)state;
    lin_config(&c);
    c.dram.write_high = 2;
    m = mk(&c);
    byp_all(m, 4, req);
    expect_done(m, 4, (const uint64_t[][2]){{3, 98}, {4, 108}, {1, 160}, {2, 243}});
    expect_st(m, "dram.write_drains=1");
    xl_memsys_destroy(m);

    m = mk_default();
    byp_all(m, 4, req);
    expect_done(m, 4, (const uint64_t[][2]){{1, 105}, {3, 138}, {4, 148}, {2, 203}});
    xl_memsys_destroy(m);
}

/* ------------------------------------------------------------ issue 16: L2 set index */

/* (a) Two lines of one mod set in two xor sets. 1 KB 1-way L2: 16 sets, b = 4.
 *   A = pa 0x0   line 0:  mod set 0; xor 0 ^ 0 ^ 0 = 0.
 *   B = pa 0x400 line 16: mod set 16 & 15 = 0; xor (16 ^ 1 ^ 0) & 15 = 1.
 * A at 0 (cold miss, 145), B at 1000 (ch 0 bank 8 rank 0, a closed bank: 1145), A at
 * 2000: under xor B went to set 1 and A hits (2040); under mod B evicted A, which is
 * read again, a row hit (row 0 of bank 0 still open: 2000 + 118 = 2118, test 03).
 * (b) 17 lines of one mod set, default geometry (4 MB 16-way: 4096 sets, b = 12):
 * pa k * 0x40000 = line k * 4096 (k = 0..16), mod set 0 for all; xor set
 * (k * 4096 ^ k ^ 0) & 4095 = k, 17 different sets. Read each in turn (one at a time, so
 * fills go in order), then all again in the same order: under mod the 17th fill
 * evicted line 0 (LRU) and each re-read evicts the next one to be read: 34 misses;
 * under xor the second pass hits all 17. */
static void test_12_25_l2_xor_spreads_mod_conflicts(void **state)
{
    xl_memsys_t *m;
    unsigned x, k, p;
    (void)state;
    for (x = 0; x < 2u; x++) {
        m = mk_l2(1, 1, x ? XL_L2_INDEX_XOR : XL_L2_INDEX_MOD);
        rd_steps(m, 1, 3, (const uint64_t[][3]){{0, 0x0, 145}, {1000, 0x400, 1145},
                                                {2000, 0x0, x ? 2040 : 2118}});
        assert_int_equal(st(m, "l2d.hits"), x ? 1 : 0);
        assert_int_equal(st(m, "l2d.misses"), x ? 2 : 3);
        xl_memsys_destroy(m);

        m = mk_l2(4096, 16, x ? XL_L2_INDEX_XOR : XL_L2_INDEX_MOD);
        for (p = 0; p < 2u; p++)
            for (k = 0; k <= 16u; k++) {
                uint64_t id = p * 17u + k;
                (void)rd_one(m, id * 1000u, id, (xl_pa_t)k * 0x40000u);
            }
        assert_int_equal(st(m, "l2d.accesses"), 34);
        assert_int_equal(st(m, "l2d.hits"), x ? 17 : 0);
        assert_int_equal(st(m, "dram.reads"), x ? 17 : 34);
        xl_memsys_destroy(m);
    }
}

/* The set of one address, hand-computed. 256 KB 1-way L2: 4096 sets, b = 12 (as the
 * default 4 MB 16-way L2). X = pa 0x48d159e240, line 0x123456789: bits 0..11 = 0x789,
 * 12..23 = 0x456, 24..35 = 0x123; mod set 0x789; xor set 0x789 ^ 0x456 ^ 0x123 = 0x2fc.
 * Y = pa 0x1e240 (line 0x789) and Z = pa 0xbf00 (line 0x2fc) are below 4096 lines: their
 * sets are their line numbers under both. In a 1-way L2 a line is evicted exactly by a
 * fill of another line of its set. Reads, each alone:
 *   X at 0     cold miss                                          145
 *   Y at 1000  miss; ch 1 bank 4 rank 0 as X (linear mapping: X is line 0x123456789 ->
 *              ch 1, bank 0x91a2b3c4 % 16 = 4, rank 0, row 0x91a2b; Y line 0x789 -> ch 1,
 *              bank 0x3c4 % 16 = 4, rank 0, row 0): a row conflict, 1000 + 173 = 1173
 *              (test 04 (a)); mod: Y evicts X (set 0x789); xor: not (X is in 0x2fc)
 *   X at 2000  xor: hit, 2040; mod: miss, a row conflict again (Y's row 0 open), 2173
 *   Z at 3000  miss, ch 0 bank 0x17e % 16 = 14 rank 1, closed: 3145; xor: evicts X
 *   X at 4000  xor: miss, a row conflict (row 0 open since Y), 4173; mod: hit, 4040. */
static void test_12_26_l2_xor_set_of_address(void **state)
{
    const uint64_t x_pa = UINT64_C(0x48d159e240);
    unsigned x;
    (void)state;
    for (x = 0; x < 2u; x++) {
        xl_memsys_t *m = mk_l2(256, 1, x ? XL_L2_INDEX_XOR : XL_L2_INDEX_MOD);
        rd_steps(m, 1, 5, (const uint64_t[][3]){{0, x_pa, 145}, {1000, 0x1e240, 1173},
                                                {2000, x_pa, x ? 2040 : 2173},
                                                {3000, 0xbf00, 3145},
                                                {4000, x_pa, x ? 4173 : 4040}});
        expect_st(m, "l2d.hits=1 dram.row_conflicts=2");
        xl_memsys_destroy(m);
    }
}

/* A dirty victim under xor is written back to its own line, rebuilt from tag and set as
 * line = t << b | (set ^ ((t ^ t >> b) & (sets - 1))). 1 KB 1-way L2 (16 sets, b = 4),
 * as test 08 with lines that share a set under xor only:
 *   W = write pa 0x400 at 0: line 16, t = 1, xor set (16 ^ 1 ^ 0) & 15 = 1; ch 0 bank 8
 *       rank 0 row 0, a closed bank: done 145, row 0 of bank 8 stays open.
 *   R = read pa 0x40 at 1000: line 1, set 1; ch 1 bank 0, a closed bank: done 1145. Its
 *       fill evicts dirty line 16: t = 1, set 1 -> 1 << 4 | (1 ^ ((1 ^ 0) & 15)) = 16.
 *       The write reaches ch 0 at 1165 = clock 466; no read waits there, so it drains:
 *       a row hit in bank 8, col 466, data 474..478 (test 08).
 *   S = read pa 0x1400 at 1125: line 80, xor set (80 ^ 5 ^ 0) & 15 = 5 (no eviction);
 *       ch 0, bank 40 % 16 = 8, rank 0, col 1, row 0: lookup 1165 miss, queue 1185 =
 *       clock 474, a row hit, but a read after a write to its rank waits tWTR after the
 *       write data: column 478 + 6 = 484, data 495..499, cyc(499) = 1248, done 1268.
 * Had the victim been rebuilt as t << b | set = 17 (ch 1, bank 8, closed), the write
 * would be a row miss on the other channel and S a plain row hit: column 474, data
 * 485..489, cyc(489) = 1223, done 1243; the row hits would be 1, not 2.
 * Under mod, W (set 16 & 15 = 0) and R (set 1) do not meet: no write-back. */
static void test_12_27_l2_xor_writeback_address(void **state)
{
    xl_memsys_t *m;
    (void)state;
    m = mk_l2(1, 1, XL_L2_INDEX_XOR);
    assert_int_equal(wr_one(m, 0, 1, 0x400), 145);
    rd(m, 1000, 2, 0x40);
    rd(m, 1125, 3, 0x1400);
    expect_done(m, 2, (const uint64_t[][2]){{2, 1145}, {3, 1268}});
    /* row hits: the write-back and S; row misses: W's fetch and R */
    expect_st(m, "l2d.writebacks=1 dram.writes=1 dram.row_hits=2 dram.row_misses=2");
    xl_memsys_destroy(m);

    m = mk_l2(1, 1, XL_L2_INDEX_MOD);
    assert_int_equal(wr_one(m, 0, 1, 0x400), 145);
    assert_int_equal(rd_one(m, 1000, 2, 0x40), 1145);
    expect_st(m, "l2d.writebacks=0 dram.writes=0");
    xl_memsys_destroy(m);
}

/* Tags widened to 64 bits under xor keep every line (tag_widen rebuilds each from its
 * 32-bit tag and set). 1 KB 1-way L2 (16 sets, b = 4): tags fit 32 bits below line
 * 0xffffffff << 4, pa 0x3ffffffffc00.
 *   A = write pa 0x400 at 0 (line 16, xor set 1, as test 27): 145, dirty.
 *   F = read pa 0x3ffffffffc00 at 1000: line 0xffffffff0, t = 0xffffffff does not fit:
 *       the L2 widens. xor set (0 ^ 0xf ^ 0xf) & 15 = 0 (A stays); ch 0, bank
 *       0x7fffffff8 % 16 = 8, rank 1, a closed bank of the other rank: 1145.
 *   A at 2000: a hit only if widening rebuilt A's line as 16: 2040.
 *   R = read pa 0x40 at 3000 (line 1, set 1; ch 1 bank 0, closed): 3145; evicts A, whose
 *       write-back (now from its 64-bit tag) goes to line 16: ch 0 bank 8 rank 0, row 0
 *       open since A's fetch, a row hit. */
static void test_12_28_l2_xor_tag_widening(void **state)
{
    xl_memsys_t *m = mk_l2(1, 1, XL_L2_INDEX_XOR);
    (void)state;
    assert_int_equal(wr_one(m, 0, 1, 0x400), 145);
    rd_steps(m, 2, 3, (const uint64_t[][3]){{1000, UINT64_C(0x3ffffffffc00), 1145},
                                            {2000, 0x400, 2040}, {3000, 0x40, 3145}});
    assert_int_equal(xl_memsys_next_event(m), UINT64_MAX);   /* the write-back drained */
    expect_st(m, "l2d.hits=1 l2d.writebacks=1 dram.writes=1");
    /* row hits: the write-back; row misses: A, F, R */
    expect_st(m, "dram.row_hits=1 dram.row_misses=3");
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
    "dram.max_queue", "dram.refreshes", "dram.act_delays", "dram.write_drains",
    "dram.backpressure_waits", "dram.backpressure_cycles",
};
#define NNAMES (sizeof names / sizeof names[0])

/* Two runs of one stream completed every request at the same cycle and in the same order. */
static void same_run(const uint64_t *d1, const uint64_t *o1, const uint64_t *d2,
                     const uint64_t *o2)
{
    assert_memory_equal(d1, d2, NREQ * sizeof *d1);
    assert_memory_equal(o1, o2, NREQ * sizeof *o1);
}

/* Every counter of names[] is the same in a and b; and, if `moved`, above 0. */
static void same_counters(const xl_memsys_t *a, const xl_memsys_t *b, int moved)
{
    for (unsigned i = 0; i < NNAMES; i++) {
        assert_int_equal(st(a, names[i]), st(b, names[i]));
        if (moved)
            assert_true(st(a, names[i]) > 0);
    }
}

/* Small L2 (16 KB, 4 ways = 64 sets) and 8 MSHRs so evictions, write-backs, merges and
 * waits all happen; small controller queues (4 reads, 4 writes, drains from 3 down to
 * 1) so back-pressure and write drains do, and refresh every 600 DRAM clocks so many
 * refreshes fall inside the stream. */
static void small_config(xl_config_t *c)
{
    xl_config_defaults(c);
    c->dram.mapping = XL_DRAM_MAP_LINEAR;
    c->l2d.size_kb = 16;
    c->l2d.ways = 4;
    c->l2d.mshrs = 8;
    c->dram.queue_depth = 4;
    c->dram.write_queue_depth = 4;
    c->dram.write_high = 3;
    c->dram.write_low = 1;
    c->dram.trefi = 600;
}

/* Same stream, same config, two fresh instances: identical completion cycles, order and
 * counters; and every counter moved (the stream exercises every path). */
static void test_12_12_determinism(void **state)
{
    static stim_t s[NREQ];
    static uint64_t d1[NREQ], d2[NREQ], o1[NREQ], o2[NREQ];
    xl_config_t c;
    uint64_t stops;
    xl_memsys_t *a, *b;
    (void)state;
    small_config(&c);
    make_stream(s, NREQ, 12345);
    a = mk(&c);
    b = mk(&c);
    run_skipping(a, s, NREQ, d1, o1, &stops);
    run_skipping(b, s, NREQ, d2, o2, &stops);
    same_run(d1, o1, d2, o2);
    same_counters(a, b, 1);
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
        same_run(d1, o1, d2, o2);
        for (i = 0; i < NREQ; i++)
            if (d1[i] > last)
                last = d1[i];
        assert_true(stops < last);
        same_counters(a, b, 0);
        xl_memsys_destroy(a);
        xl_memsys_destroy(b);
    }
}

/* Tests 12 and 13 under l2d.index = xor (small_config: 64 sets, b = 6; the stream's
 * lines lie below 65536 = 2^16, so all three 6-bit groups vary): two instances agree,
 * the every-cycle and the skipping caller agree, every counter moves (write-backs too,
 * whose lines are rebuilt from tag and set), and the index changes the L2's hits. */
static void test_12_29_xor_random_stream(void **state)
{
    static stim_t s[NREQ];
    static uint64_t d1[NREQ], d2[NREQ], d3[NREQ], o1[NREQ], o2[NREQ], o3[NREQ];
    xl_config_t c;
    uint64_t stops;
    xl_memsys_t *a, *b, *e, *mod;
    (void)state;
    small_config(&c);
    make_stream(s, NREQ, 12345);
    mod = mk(&c);
    run_skipping(mod, s, NREQ, d1, o1, &stops);
    c.l2d.index = XL_L2_INDEX_XOR;
    a = mk(&c);
    b = mk(&c);
    e = mk(&c);
    run_skipping(a, s, NREQ, d1, o1, &stops);
    run_skipping(b, s, NREQ, d2, o2, &stops);
    run_every_cycle(e, s, NREQ, d3, o3);
    same_run(d1, o1, d2, o2);
    same_run(d1, o1, d3, o3);
    same_counters(a, b, 1);
    same_counters(a, e, 1);
    assert_int_equal(st(a, "l2d.hits") + st(a, "l2d.misses"), st(a, "l2d.accesses"));
    assert_int_equal(st(a, "l2d.accesses"), st(mod, "l2d.accesses"));
    assert_true(st(a, "l2d.hits") != st(mod, "l2d.hits"));
    xl_memsys_destroy(a);
    xl_memsys_destroy(b);
    xl_memsys_destroy(e);
    xl_memsys_destroy(mod);
}

/* Geometry errors: 48 KB / 64 B / 16 ways = 768 / 16 = 48 sets, not a power of two;
 * 128 B lines are not what the memory system moves; an empty controller queue, write
 * watermarks out of order or above the write queue, tRFC >= tREFI. NULL and one line
 * naming the keys. */
/* c is refused: NULL, and one line (err of 200 bytes) holding want and, if given, want2. */
static void expect_bad(const xl_config_t *c, const char *want, const char *want2)
{
    char err[200] = "";
    assert_null(xl_memsys_create(c, err, sizeof err));
    assert_non_null(strstr(err, want));
    if (want2)
        assert_non_null(strstr(err, want2));
    assert_null(strchr(err, '\n'));
}

static void test_12_14_bad_geometry(void **state)
{
    xl_config_t c;
    (void)state;
    lin_config(&c);
    c.l2d.size_kb = 48;
    expect_bad(&c, "l2d.size_kb", "power-of-two");

    lin_config(&c);
    c.l2d.line_bytes = 128;
    expect_bad(&c, "l2d.line_bytes (128)", NULL);

    /* a NULL err buffer is allowed */
    assert_null(xl_memsys_create(&c, NULL, 0));

    /* impossible DRAM controller settings: one line naming the keys */
    xl_config_defaults(&c);
    c.dram.queue_depth = 0;
    expect_bad(&c, "dram.queue_depth (0)", NULL);
    xl_config_defaults(&c);
    c.dram.write_low = 32;                 /* = write_high */
    expect_bad(&c, "dram.write_low (32) < dram.write_high (32)", NULL);
    xl_config_defaults(&c);
    c.dram.write_high = 33;                /* above write_queue_depth = 32 */
    expect_bad(&c, "dram.write_queue_depth (32)", NULL);
    xl_config_defaults(&c);
    c.dram.trfc = c.dram.trefi;            /* a rank that would only refresh */
    expect_bad(&c, "dram.trfc (6240) must be below dram.trefi (6240)", NULL);
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
        cmocka_unit_test(test_12_18_refresh_blocks_rank),
        cmocka_unit_test(test_12_19_row_hits_pipeline_tccd),
        cmocka_unit_test(test_12_20_write_then_read_twtr),
        cmocka_unit_test(test_12_21_trrd_and_tfaw),
        cmocka_unit_test(test_12_22_queue_full_backpressure),
        cmocka_unit_test(test_12_23_later_hit_takes_earlier_slot),
        cmocka_unit_test(test_12_24_write_drain_batches),
        cmocka_unit_test(test_12_25_l2_xor_spreads_mod_conflicts),
        cmocka_unit_test(test_12_26_l2_xor_set_of_address),
        cmocka_unit_test(test_12_27_l2_xor_writeback_address),
        cmocka_unit_test(test_12_28_l2_xor_tag_widening),
        cmocka_unit_test(test_12_29_xor_random_stream),
    };
    return cmocka_run_group_tests_name("t12_memsys", tests, NULL, NULL);
}
