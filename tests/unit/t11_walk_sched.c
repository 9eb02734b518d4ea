/*
 * t11_walk_sched.c - unit tests of the twin block xl_walk_sched (model/src/iommu/walk_sched.c,
 * walk_sched.h): the IOMMU walk-request buffer and the FCFS / random / SIMT-aware walk
 * schedulers (docs/isca18-micro18.md §2.2-§2.5, §2.7, §8 items 3, 5, 6, 10).
 *
 * Most tests write the buffer contents by hand (put()) and then check comb's pick and
 * what step leaves behind; the last test drives random traffic and checks invariants
 * every cycle. Entry va = tag << 12 unless a test says otherwise.
 */
#include "xltest.h"

#include <stdlib.h>
#include <string.h>

#include "xlat/rng.h"
#include "xlat/walk_sched.h"

#define BIG_AGING 2000000u   /* the paper's threshold (§2.5): never reached in these tests */

static void mk(xl_walk_sched_t *s, uint32_t slots, xl_ws_policy_t pol, uint32_t aging,
               uint32_t seed)
{
    xl_ws_params_t p = {slots, pol, aging, seed, 0};
    char err[160] = "";
    assert_int_equal(xl_walk_sched_init(s, &p, err, sizeof err), XL_OK);
    assert_string_equal(err, "");
    assert_int_equal(s->count, 0);
}

/* Hand-built buffer entry. */
static void put(xl_walk_sched_t *s, uint32_t slot, uint32_t instr, uint32_t stamp,
                uint16_t score, uint32_t bypass, uint32_t tag)
{
    xl_ws_entry_t e;
    assert_int_equal(s->e[slot].valid, 0);
    e.valid = 1;
    e.va = (uint64_t)tag << 12;
    e.instr_id = instr;
    e.stamp = stamp;
    e.score = score;
    e.bypass = bypass;
    e.tag = tag;
    xl_walk_sched_load(s, slot, &e);
}

/* The architectural view of slot i (score and bypass as the RTL would hold them). */
static xl_ws_entry_t ent(const xl_walk_sched_t *s, uint32_t i)
{
    xl_ws_entry_t e;
    xl_walk_sched_entry(s, i, &e);
    return e;
}

/* Field checks by name (expect_fields, xltest.h): a comb's outputs, the scheduler's
 * registers and counters, and the architectural view of one slot. */
#define F(f) XLTEST_FIELD(xl_ws_out_t, f)
static const xltest_field_t out_fields[] = {
    F(arr_ready), F(arr_buffered), F(arr_slot), F(arr_score), F(disp_valid), F(disp_rule),
    F(disp_slot), F(disp_va), F(disp_instr_id), F(disp_stamp), F(disp_score), F(disp_tag),
    {NULL, 0, 0}};
#undef F
#define F(f) XLTEST_FIELD(xl_walk_sched_t, f)
static const xltest_field_t sched_fields[] = {
    F(count), F(next_stamp), F(last_sched_id), F(last_valid), F(lfsr), F(arrivals),
    F(immediate), F(full_cycles), F(score_updates), F(max_occupancy), F(score_sum), F(killed),
    {NULL, 0, 0}};
#undef F
#define F(f) XLTEST_FIELD(xl_ws_entry_t, f)
static const xltest_field_t ent_fields[] = {
    F(valid), F(va), F(instr_id), F(stamp), F(score), F(bypass), F(tag), {NULL, 0, 0}};
#undef F
XLTEST_EXPECT_FIELDS(out, xl_ws_out_t)
XLTEST_EXPECT_FIELDS(sched, xl_walk_sched_t)

static void expect_ent(const xl_walk_sched_t *s, uint32_t slot, const char *spec)
{
    xl_ws_entry_t e = ent(s, slot);
    expect_fields(&e, ent_fields, spec);
}

static xl_ws_in_t no_in(void)
{
    xl_ws_in_t in;
    memset(&in, 0, sizeof in);
    return in;
}

static xl_ws_in_t arrival(uint32_t instr, uint8_t est, uint32_t tag, uint8_t ready)
{
    xl_ws_in_t in = no_in();
    in.arr_valid = 1;
    in.arr_va = (uint64_t)tag << 12;
    in.arr_instr_id = instr;
    in.arr_est = est;
    in.arr_tag = tag;
    in.disp_ready = ready;
    return in;
}

/* One cycle with one arrival (as arrival()), nothing checked. */
static void step_arrival(xl_walk_sched_t *s, uint32_t instr, uint8_t est, uint32_t tag,
                         uint8_t ready)
{
    xl_ws_in_t in = arrival(instr, est, tag, ready);
    xl_walk_sched_step(s, &in);
}

/* One cycle with only disp_ready high: the pick must be `slot` by `rule` with `tag`. */
static void take(xl_walk_sched_t *s, uint32_t slot, xl_ws_rule_t rule, uint32_t tag)
{
    xl_ws_in_t in = no_in();
    xl_ws_out_t o;
    in.disp_ready = 1;
    xl_walk_sched_comb(s, &in, &o);
    assert_int_equal(o.disp_valid, 1);
    assert_string_equal(xl_ws_rule_name[o.disp_rule], xl_ws_rule_name[rule]);
    assert_int_equal(o.disp_slot, slot);
    assert_int_equal(o.disp_tag, tag);
    assert_int_equal(o.arr_ready, 0);
    xl_walk_sched_step(s, &in);
    assert_int_equal(s->e[slot].valid, 0);
}

static void expect_err(uint32_t slots, unsigned pol, uint32_t aging, const char *msg)
{
    xl_walk_sched_t s;
    xl_ws_params_t p = {slots, (xl_ws_policy_t)pol, aging, 1, 0};
    char err[160] = "";
    assert_int_equal(xl_walk_sched_init(&s, &p, err, sizeof err), XL_EINPUT);
    assert_string_equal(err, msg);
    assert_null(strchr(err, '\n'));
    xl_walk_sched_free(&s);   /* harmless after a failed init */
}

/* Parameter checks, one line each; rule names; seed 0 becomes LFSR state 1. */
static void test_11_01_init_errors(void **state)
{
    xl_walk_sched_t s;
    char err[160] = "";
    (void)state;
    assert_int_equal(xl_walk_sched_init(&s, NULL, err, sizeof err), XL_EINPUT);
    assert_string_equal(err, "walk_sched: no parameters given");
    expect_err(0, XL_WS_FCFS, 1, "walk_sched: slots must be at least 1 (got 0)");
    expect_err(1048577, XL_WS_FCFS, 1, "walk_sched: slots must be at most 1048576 (got 1048577)");
    expect_err(4, 3, 1, "walk_sched: policy 3 is not fcfs (0), random (1) or simt (2)");
    expect_err(4, XL_WS_SIMT, 0, "walk_sched: aging_threshold must be at least 1 (got 0)");
    expect_err(4, XL_WS_SIMT, 1073741825,
               "walk_sched: aging_threshold must be at most 1073741824 (got 1073741825)");
    expect_err(6, XL_WS_RANDOM, 1,
               "walk_sched: the random policy needs a power-of-two slot count (got 6 slots)");

    mk(&s, 6, XL_WS_FCFS, 1, 0);        /* 6 slots are fine outside RANDOM */
    assert_int_equal(s.lfsr, 1);         /* seed 0 -> 1 (an all-zero LFSR never moves) */
    xl_walk_sched_free(&s);
    mk(&s, 1, XL_WS_RANDOM, 1, 0x1234);  /* 1 = 2^0 slots */
    assert_int_equal(s.lfsr, 0x1234);
    xl_walk_sched_free(&s);

    assert_string_equal(xl_ws_rule_name[XL_RULE_NONE], "none");
    assert_string_equal(xl_ws_rule_name[XL_RULE_IMMEDIATE], "immediate");
    assert_string_equal(xl_ws_rule_name[XL_RULE_AGING], "aging");
    assert_string_equal(xl_ws_rule_name[XL_RULE_BATCH], "batch");
    assert_string_equal(xl_ws_rule_name[XL_RULE_MINSCORE], "minscore");
    assert_string_equal(xl_ws_rule_name[XL_RULE_FCFS], "fcfs");
    assert_string_equal(xl_ws_rule_name[XL_RULE_RANDOM], "random");
}

/* FCFS picks by stamp, not by slot: stamps (slot 0..3) = 7, 3, 5, 9, so the order is
 * slot 1 (3), slot 2 (5), slot 0 (7), slot 3 (9). Each pick is the oldest, so nothing
 * is ever passed by a younger one: every bypass stays 0. Scores are not used (0). */
static void test_11_02_fcfs_oldest(void **state)
{
    xl_walk_sched_t s;
    xl_ws_in_t in = no_in();
    xl_ws_out_t o;
    (void)state;
    mk(&s, 4, XL_WS_FCFS, BIG_AGING, 1);
    put(&s, 0, 1, 7, 0, 0, 100);
    put(&s, 1, 1, 3, 0, 0, 101);
    put(&s, 2, 1, 5, 0, 0, 102);
    put(&s, 3, 1, 9, 0, 0, 103);
    in.disp_ready = 1;
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_stamp, 3);
    assert_int_equal(o.disp_va, 101u << 12);
    assert_int_equal(o.disp_score, 0);
    take(&s, 1, XL_RULE_FCFS, 101);
    take(&s, 2, XL_RULE_FCFS, 102);
    assert_int_equal(ent(&s, 0).bypass, 0);
    assert_int_equal(ent(&s, 3).bypass, 0);
    take(&s, 0, XL_RULE_FCFS, 100);
    take(&s, 3, XL_RULE_FCFS, 103);
    assert_int_equal(s.count, 0);
    assert_int_equal(s.dispatched[XL_RULE_FCFS], 4);
    assert_int_equal(s.score_sum, 0);
    /* empty buffer, walker ready, no arrival: nothing happens */
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_valid, 0);
    assert_int_equal(o.disp_rule, XL_RULE_NONE);
    xl_walk_sched_free(&s);
}

/* Immediate dispatch (§2.3): empty buffer + arr_valid + disp_ready -> the arrival goes
 * out in the same cycle, rule IMMEDIATE, no slot, no stamp, no score.
 *   instr 0x123456 & 0xFFFFF = 0x23456; va 0xFFFF123456789000 & (2^48-1) = 0x123456789000.
 * Then: with disp_ready low the next arrival (instr 9, est 3) is buffered in slot 0 with
 * score 3 and stamp 0 (the immediate one used no stamp). Then an arrival (instr 10, est 1)
 * with disp_ready high is NOT immediate (the buffer is not empty): slot 0 is dispatched
 * (the only buffered entry, min score) and the arrival goes to slot 1, the lowest slot
 * free before the edge. */
static void test_11_03_immediate(void **state)
{
    xl_walk_sched_t s;
    xl_ws_in_t in;
    xl_ws_out_t o;
    (void)state;
    mk(&s, 4, XL_WS_SIMT, BIG_AGING, 1);
    in = arrival(0x123456, 3, 77, 1);
    in.arr_va = UINT64_C(0xFFFF123456789000);
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "arr_ready=1 arr_buffered=0 arr_score=0 disp_valid=1");
    assert_int_equal(o.disp_rule, XL_RULE_IMMEDIATE);
    expect_out(&o, "disp_va=0x123456789000 disp_instr_id=0x23456 disp_tag=77 disp_score=0 "
                   "disp_stamp=0");
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.count, 0);
    assert_int_equal(s.e[0].valid, 0);
    expect_sched(&s, "next_stamp=0 immediate=1 arrivals=1");
    assert_int_equal(s.dispatched[XL_RULE_IMMEDIATE], 1);
    expect_sched(&s, "last_sched_id=0x23456 last_valid=1 score_sum=0 max_occupancy=0");

    in = arrival(9, 3, 78, 0);
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "arr_ready=1 arr_buffered=1 arr_slot=0 arr_score=3 disp_valid=0");
    xl_walk_sched_step(&s, &in);
    expect_ent(&s, 0, "stamp=0 score=3 tag=78");

    in = arrival(10, 1, 79, 1);
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_rule, XL_RULE_MINSCORE);
    expect_out(&o, "disp_slot=0 disp_tag=78 disp_score=3 arr_buffered=1 arr_slot=1");
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.count, 1);
    expect_ent(&s, 1, "tag=79 stamp=1");
    expect_sched(&s, "immediate=1 arrivals=3 last_sched_id=9 score_sum=3");
    xl_walk_sched_free(&s);
}

/* Full buffer (2 slots): an arrival is refused (arr_ready 0) and counted in full_cycles,
 * also in a cycle that dispatches (the freed slot is usable only from the next cycle);
 * a cycle with no arrival is not a full cycle. The retried arrival then takes slot 0,
 * the lowest free one, with stamp 2. */
static void test_11_04_full_refused(void **state)
{
    xl_walk_sched_t s;
    xl_ws_in_t in;
    xl_ws_out_t o;
    (void)state;
    mk(&s, 2, XL_WS_FCFS, BIG_AGING, 1);
    in = arrival(1, 1, 1, 0);
    xl_walk_sched_step(&s, &in);
    step_arrival(&s, 1, 1, 2, 0);
    expect_sched(&s, "count=2 max_occupancy=2");

    in = arrival(1, 1, 3, 0);
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "arr_ready=0 arr_buffered=0");
    xl_walk_sched_step(&s, &in);
    expect_sched(&s, "full_cycles=1 arrivals=2 next_stamp=2");

    in = no_in();   /* full, but nothing offered */
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.full_cycles, 1);

    in = arrival(1, 1, 3, 1);
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_valid, 1);
    assert_int_equal(o.disp_slot, 0);   /* stamp 0 */
    expect_out(&o, "disp_tag=1 arr_ready=0");
    xl_walk_sched_step(&s, &in);
    expect_sched(&s, "full_cycles=2 count=1");

    in = arrival(1, 1, 3, 0);
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "arr_ready=1 arr_slot=0");
    xl_walk_sched_step(&s, &in);
    expect_ent(&s, 0, "tag=3 stamp=2");
    expect_sched(&s, "full_cycles=2 arrivals=3");
    xl_walk_sched_free(&s);
}

/* SIMT score merge (§2.3 1-b), walkers busy (disp_ready 0):
 *   instr 7 est 4            -> 4                      slot 0
 *   instr 7 est 3            -> 3 + 4 = 7, slot 0 too  slot 1   (1 entry raised)
 *   instr 9 est 2            -> 2 (other instruction)  slot 2
 *   instr 7 est 1            -> 1 + 7 = 8, slots 0,1   slot 3   (2 raised)
 *   instr 7 | 1<<20, est 1   -> same 20-bit id: 9      slot 4   (3 raised)
 * score_updates = 1 + 2 + 3 = 6; instr 9 keeps 2. */
static void test_11_05_score_merge(void **state)
{
    xl_walk_sched_t s;
    xl_ws_in_t in;
    xl_ws_out_t o;
    static const uint32_t instr[5] = { 7, 7, 9, 7, 7u | (1u << 20) };
    static const uint8_t est[5] = { 4, 3, 2, 1, 1 };
    static const uint16_t want[5] = { 4, 7, 2, 8, 9 };
    unsigned i;
    (void)state;
    mk(&s, 8, XL_WS_SIMT, BIG_AGING, 1);
    for (i = 0; i < 5; i++) {
        in = arrival(instr[i], est[i], i, 0);
        xl_walk_sched_comb(&s, &in, &o);
        assert_int_equal(o.arr_slot, i);
        assert_int_equal(o.arr_score, want[i]);
        xl_walk_sched_step(&s, &in);
        if (i == 1) {
            assert_int_equal(ent(&s, 0).score, 7);
            assert_int_equal(ent(&s, 1).score, 7);
        }
        if (i == 3) {
            assert_int_equal(ent(&s, 0).score, 8);
            assert_int_equal(ent(&s, 1).score, 8);
            assert_int_equal(ent(&s, 3).score, 8);
        }
    }
    assert_int_equal(ent(&s, 4).instr_id, 7);
    assert_int_equal(ent(&s, 0).score, 9);
    assert_int_equal(ent(&s, 1).score, 9);
    assert_int_equal(ent(&s, 3).score, 9);
    assert_int_equal(ent(&s, 4).score, 9);
    assert_int_equal(ent(&s, 2).score, 2);
    assert_int_equal(s.score_updates, 6);
    xl_walk_sched_free(&s);

    /* Saturation: 66 arrivals of instr 5 with est 4 -> after k arrivals min(256, 4k):
     * k = 64 reaches 256 exactly, k = 65, 66 stay at 256. Raised entries: arrival k
     * raises k - 1 entries up to k = 64, sum 0 + 1 + ... + 63 = 2016; later arrivals
     * find everything at 256 already and raise none. */
    mk(&s, 128, XL_WS_SIMT, BIG_AGING, 1);
    for (i = 1; i <= 66; i++) {
        in = arrival(5, 4, i, 0);
        xl_walk_sched_comb(&s, &in, &o);
        assert_int_equal(o.arr_score, 4u * i < 256u ? 4u * i : 256u);
        xl_walk_sched_step(&s, &in);
    }
    for (i = 0; i < 66; i++)
        assert_int_equal(ent(&s, i).score, 256);
    assert_int_equal(s.score_updates, 2016);
    xl_walk_sched_free(&s);
}

/* Buffer of tests 06 and 08: last dispatch was instr 5.
 *   slot 0: instr 9, score  2, stamp 1       slot 1: instr 5, score 40, stamp 4
 *   slot 2: instr 5, score 40, stamp 2       slot 3: instr 3, score  1, stamp 3 */
static void batch_setup(xl_walk_sched_t *s)
{
    mk(s, 4, XL_WS_SIMT, BIG_AGING, 1);
    put(s, 0, 9, 1, 2, 0, 10);
    put(s, 1, 5, 4, 40, 0, 11);
    put(s, 2, 5, 2, 40, 0, 12);
    put(s, 3, 3, 3, 1, 0, 13);
    s->last_sched_id = 5;
    s->last_valid = 1;
    s->next_stamp = 5;
}

/* Batching (§2.4 2-a) beats min score: instr 5 has entries, so its oldest (slot 2,
 * stamp 2) goes first although slot 3 has score 1 < 40; then its other entry (slot 1).
 * Bypass: pick stamp 2 passes slot 0 (stamp 1) -> 1; pick stamp 4 passes slot 0 and
 * slot 3 (stamp 3) -> 2 and 1. */
static void test_11_06_batch_over_minscore(void **state)
{
    xl_walk_sched_t s;
    (void)state;
    batch_setup(&s);
    take(&s, 2, XL_RULE_BATCH, 12);
    assert_int_equal(ent(&s, 0).bypass, 1);
    assert_int_equal(ent(&s, 3).bypass, 0);
    assert_int_equal(ent(&s, 1).bypass, 0);
    take(&s, 1, XL_RULE_BATCH, 11);
    assert_int_equal(ent(&s, 0).bypass, 2);
    assert_int_equal(ent(&s, 3).bypass, 1);
    assert_int_equal(s.dispatched[XL_RULE_BATCH], 2);
    expect_sched(&s, "score_sum=80 last_sched_id=5");
    xl_walk_sched_free(&s);
}

/* Min score, oldest on ties. No dispatch yet (last_valid 0), so the instr-0 entry is
 * not a batching candidate even though last_sched_id reads 0.
 *   slot 0: instr 0 score 6 stamp 10    slot 1: instr 1 score 3 stamp 12
 *   slot 2: instr 2 score 3 stamp 11    slot 3: instr 3 score 9 stamp 5
 * min score 3 in slots 1 and 2; slot 2 is older (11 < 12) -> slot 2, then slot 1, then
 * slot 0 (6), then slot 3 (9). Slot 3 (stamp 5) is passed by all three -> bypass 3;
 * slot 0 (stamp 10) is passed by stamps 11 and 12 -> 2. */
static void test_11_07_minscore_oldest(void **state)
{
    xl_walk_sched_t s;
    (void)state;
    mk(&s, 4, XL_WS_SIMT, BIG_AGING, 1);
    put(&s, 0, 0, 10, 6, 0, 20);
    put(&s, 1, 1, 12, 3, 0, 21);
    put(&s, 2, 2, 11, 3, 0, 22);
    put(&s, 3, 3, 5, 9, 0, 23);
    s.next_stamp = 13;
    take(&s, 2, XL_RULE_MINSCORE, 22);
    take(&s, 1, XL_RULE_MINSCORE, 21);
    assert_int_equal(ent(&s, 0).bypass, 2);
    take(&s, 0, XL_RULE_MINSCORE, 20);
    assert_int_equal(ent(&s, 3).bypass, 3);
    take(&s, 3, XL_RULE_MINSCORE, 23);
    assert_int_equal(s.dispatched[XL_RULE_MINSCORE], 4);
    assert_int_equal(s.score_sum, 3 + 3 + 6 + 9);
    xl_walk_sched_free(&s);
}

/* Continuing test 06's buffer: once instr 5's two entries are gone, no entry matches
 * last_sched_id = 5 -> min score: slot 3 (score 1). Now last = 3 with no entry left ->
 * min score again: slot 0 (score 2). */
static void test_11_08_minscore_after_batch(void **state)
{
    xl_walk_sched_t s;
    (void)state;
    batch_setup(&s);
    take(&s, 2, XL_RULE_BATCH, 12);
    take(&s, 1, XL_RULE_BATCH, 11);
    take(&s, 3, XL_RULE_MINSCORE, 13);
    assert_int_equal(s.last_sched_id, 3);
    take(&s, 0, XL_RULE_MINSCORE, 10);
    assert_int_equal(s.count, 0);
    assert_int_equal(s.score_sum, 40 + 40 + 1 + 2);
    xl_walk_sched_free(&s);
}

/* Aging (§2.5), aging_threshold 2:
 *   slot 0: instr 1 score 200 stamp 0    slot 1: instr 2 score 3 stamp 1
 *   slot 2: instr 3 score 4 stamp 2      slot 3: instr 3 score 4 stamp 3
 * 1st: min score -> slot 1; slot 0 older -> bypass 1.
 * 2nd: no instr 2 left -> min score 4, oldest slot 2; slot 0 -> bypass 2 (slot 3 is
 *      younger than stamp 2: stays 0).
 * 3rd: slot 0 reached the threshold -> AGING, although slot 3 is a batching candidate
 *      (instr 3 = last) with a much lower score.
 * 4th: last_sched_id is now 1 (the aged entry), so slot 3 goes by min score, not batch.
 * Then several aged entries: the oldest goes first (bypass 5 is as good as 2). */
static void test_11_09_aging(void **state)
{
    xl_walk_sched_t s;
    (void)state;
    mk(&s, 4, XL_WS_SIMT, 2, 1);
    put(&s, 0, 1, 0, 200, 0, 30);
    put(&s, 1, 2, 1, 3, 0, 31);
    put(&s, 2, 3, 2, 4, 0, 32);
    put(&s, 3, 3, 3, 4, 0, 33);
    s.next_stamp = 4;
    take(&s, 1, XL_RULE_MINSCORE, 31);
    assert_int_equal(ent(&s, 0).bypass, 1);
    take(&s, 2, XL_RULE_MINSCORE, 32);
    assert_int_equal(ent(&s, 0).bypass, 2);
    assert_int_equal(ent(&s, 3).bypass, 0);
    take(&s, 0, XL_RULE_AGING, 30);
    assert_int_equal(s.last_sched_id, 1);
    take(&s, 3, XL_RULE_MINSCORE, 33);
    assert_int_equal(s.dispatched[XL_RULE_AGING], 1);
    assert_int_equal(s.dispatched[XL_RULE_MINSCORE], 3);
    xl_walk_sched_free(&s);

    mk(&s, 4, XL_WS_SIMT, 2, 1);
    put(&s, 0, 1, 9, 50, 2, 40);
    put(&s, 1, 2, 8, 60, 5, 41);
    put(&s, 2, 3, 10, 1, 0, 42);
    s.next_stamp = 11;
    take(&s, 1, XL_RULE_AGING, 41);   /* stamp 8 < 9 */
    take(&s, 0, XL_RULE_AGING, 40);
    take(&s, 2, XL_RULE_MINSCORE, 42);
    xl_walk_sched_free(&s);
}

/* An arrival in a cycle with a dispatch is not pickable in that cycle, and it never
 * merges with the entry leaving at the same edge.
 * A: slot 0 holds instr 1 with score 200; arrival instr 2 est 1 + disp_ready: the pick
 *    is slot 0 (the only buffered entry) although the arrival's score 1 is lower; the
 *    arrival takes slot 1 (slot 0 is busy before the edge) and is picked next cycle.
 * B: slot 0 holds instr 7 score 4 (its only entry); arrival instr 7 est 3 while slot 0
 *    leaves -> score 3, not 3 + 4.
 * C: slots 0, 1 hold instr 7 with score 7 (stamps 0, 1); arrival instr 7 est 1 while
 *    slot 0 (older) leaves -> merges with slot 1: 1 + 7 = 8, goes to slot 2. */
static void test_11_10_same_cycle_arrival(void **state)
{
    xl_walk_sched_t s;
    xl_ws_in_t in;
    xl_ws_out_t o;
    (void)state;
    mk(&s, 4, XL_WS_SIMT, BIG_AGING, 1);
    put(&s, 0, 1, 0, 200, 0, 1);
    s.next_stamp = 1;
    in = arrival(2, 1, 50, 1);
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "disp_valid=1 disp_slot=0 disp_tag=1 arr_buffered=1 arr_slot=1 arr_score=1");
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.count, 1);
    expect_ent(&s, 1, "stamp=1 bypass=0");
    take(&s, 1, XL_RULE_MINSCORE, 50);
    xl_walk_sched_free(&s);

    mk(&s, 4, XL_WS_SIMT, BIG_AGING, 1);
    put(&s, 0, 7, 0, 4, 0, 1);
    s.next_stamp = 1;
    in = arrival(7, 3, 51, 1);
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "disp_slot=0 arr_slot=1 arr_score=3");
    xl_walk_sched_step(&s, &in);
    assert_int_equal(ent(&s, 1).score, 3);
    assert_int_equal(s.score_updates, 0);
    xl_walk_sched_free(&s);

    mk(&s, 4, XL_WS_SIMT, BIG_AGING, 1);
    put(&s, 0, 7, 0, 7, 0, 1);
    put(&s, 1, 7, 1, 7, 0, 2);
    s.next_stamp = 2;
    in = arrival(7, 1, 52, 1);
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "disp_slot=0 arr_slot=2 arr_score=8");
    xl_walk_sched_step(&s, &in);
    assert_int_equal(ent(&s, 1).score, 8);
    assert_int_equal(ent(&s, 2).score, 8);
    assert_int_equal(s.score_updates, 1);
    xl_walk_sched_free(&s);
}

/* §2.3: "If all of an instruction's pending entries have left the buffer, a later
 * request of that instruction starts a fresh score equal to its own estimate."
 * instr 7 est 4, est 3 -> scores 7, 7; both dispatched (batch after the first); an
 * idle cycle; then instr 7 est 2 -> score 2 (not 2 + 7). Scores never decrease while
 * entries remain: the dispatches left the other entry at 7. */
static void test_11_11_fresh_score_after_leave(void **state)
{
    xl_walk_sched_t s;
    xl_ws_in_t in;
    xl_ws_out_t o;
    (void)state;
    mk(&s, 4, XL_WS_SIMT, BIG_AGING, 1);
    in = arrival(7, 4, 1, 0);
    xl_walk_sched_step(&s, &in);
    step_arrival(&s, 7, 3, 2, 0);
    take(&s, 0, XL_RULE_MINSCORE, 1);
    assert_int_equal(ent(&s, 1).score, 7);
    take(&s, 1, XL_RULE_BATCH, 2);
    in = no_in();
    xl_walk_sched_step(&s, &in);
    in = arrival(7, 2, 3, 0);
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.arr_score, 2);
    xl_walk_sched_step(&s, &in);
    assert_int_equal(ent(&s, 0).score, 2);
    xl_walk_sched_free(&s);
}

/* RANDOM: Galois LFSR, right shift, taps 0x80200003, seed 1:
 *   s = 0x00000001: lsb 1, s>>1 = 0x00000000 ^ 0x80200003 = 0x80200003
 *   s = 0x80200003: lsb 1, 0x40100001 ^ 0x80200003 = 0xC0300002
 *   s = 0xC0300002: lsb 0, 0x60180001
 *   s = 0x60180001: lsb 1, 0x300C0000 ^ 0x80200003 = 0xB02C0003
 *   s = 0xB02C0003: lsb 1, 0x58160001 ^ 0x80200003 = 0xD8360002
 *   s = 0xD8360002: lsb 0, 0x6C1B0001
 *   s = 0x6C1B0001: lsb 1, 0x360D8000 ^ 0x80200003 = 0xB62D8003
 *   s = 0xB62D8003: lsb 1, 0x5B16C001 ^ 0x80200003 = 0xDB36C002
 * 8 slots full (stamp = slot); the pick uses this cycle's state, start = s & 7, then the
 * first valid slot at or after it, wrapping:
 *   start 1 -> 1;  3 -> 3;  2 -> 2;  1 -> (1,2,3 gone) 4;  3 -> 5;  2 -> 6;  1 -> 7;
 *   3 -> (3..7 gone) wraps to 0.
 * aging_threshold 1: bypass saturates at 1 (slot 0, stamp 0, is passed by every pick).
 * An immediate dispatch does not advance the LFSR. Scores are 0 under RANDOM. */
static void test_11_12_random_lfsr(void **state)
{
    xl_walk_sched_t s;
    xl_ws_in_t in;
    xl_ws_out_t o;
    static const uint32_t lfsr[9] = { 0x00000001u, 0x80200003u, 0xC0300002u, 0x60180001u,
                                      0xB02C0003u, 0xD8360002u, 0x6C1B0001u, 0xB62D8003u,
                                      0xDB36C002u };
    static const uint32_t pick[8] = { 1, 3, 2, 4, 5, 6, 7, 0 };
    unsigned i;
    (void)state;
    mk(&s, 8, XL_WS_RANDOM, 1, 1);
    for (i = 0; i < 8; i++)
        put(&s, i, 1, i, 0, 0, 200 + i);
    s.next_stamp = 8;
    for (i = 0; i < 8; i++) {
        assert_int_equal(s.lfsr, lfsr[i]);
        take(&s, pick[i], XL_RULE_RANDOM, 200 + pick[i]);
        if (i == 1) {
            assert_int_equal(ent(&s, 0).bypass, 1);   /* passed twice, saturated at 1 */
            assert_int_equal(ent(&s, 2).bypass, 1);   /* stamp 2 < 3 */
            assert_int_equal(ent(&s, 4).bypass, 0);   /* younger than both picks */
        }
    }
    assert_int_equal(s.lfsr, lfsr[8]);
    assert_int_equal(s.dispatched[XL_RULE_RANDOM], 8);

    in = arrival(3, 2, 300, 1);
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_rule, XL_RULE_IMMEDIATE);
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.lfsr, lfsr[8]);
    in = arrival(3, 2, 301, 0);
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.arr_score, 0);
    xl_walk_sched_free(&s);
}

/* Stamps wrap at 2^32. FCFS, next_stamp starts at 0xFFFFFFFE: arrivals A..D get stamps
 * FFFFFFFE, FFFFFFFF, 00000000, 00000001 in slots 0..3. A leaves; E arrives into slot 0
 * with stamp 2. Oldest first: B (slot 1), C (slot 2), D (slot 3), E (slot 0); comparing
 * raw values would wrongly take C (stamp 0) before B.
 * SIMT tie on score 3: stamp 0xFFFFFFF0 (slot 1) is older than 0x00000005 (slot 0).
 * SIMT bypass across the wrap: pick stamp 5 (score 1) passes stamp 0xFFFFFFF0. */
static void test_11_13_stamp_wrap(void **state)
{
    xl_walk_sched_t s;
    unsigned i;
    (void)state;
    mk(&s, 4, XL_WS_FCFS, BIG_AGING, 1);
    s.next_stamp = 0xFFFFFFFEu;
    for (i = 0; i < 4; i++) {
        step_arrival(&s, 1, 1, 10 + i, 0);
    }
    assert_int_equal(ent(&s, 0).stamp, 0xFFFFFFFEu);
    assert_int_equal(ent(&s, 2).stamp, 0);
    take(&s, 0, XL_RULE_FCFS, 10);
    step_arrival(&s, 1, 1, 14, 0);
    assert_int_equal(ent(&s, 0).stamp, 2);
    take(&s, 1, XL_RULE_FCFS, 11);
    take(&s, 2, XL_RULE_FCFS, 12);
    take(&s, 3, XL_RULE_FCFS, 13);
    take(&s, 0, XL_RULE_FCFS, 14);
    xl_walk_sched_free(&s);

    mk(&s, 2, XL_WS_SIMT, BIG_AGING, 1);
    put(&s, 0, 1, 0x00000005u, 3, 0, 1);
    put(&s, 1, 2, 0xFFFFFFF0u, 3, 0, 2);
    take(&s, 1, XL_RULE_MINSCORE, 2);
    xl_walk_sched_free(&s);

    mk(&s, 2, XL_WS_SIMT, BIG_AGING, 1);
    put(&s, 0, 1, 0x00000005u, 1, 0, 1);
    put(&s, 1, 2, 0xFFFFFFF0u, 3, 0, 2);
    take(&s, 0, XL_RULE_MINSCORE, 1);
    assert_int_equal(ent(&s, 1).bypass, 1);
    xl_walk_sched_free(&s);
}

/* §8 item 6: an immediate dispatch sets last_sched_id. Immediate instr 42; then with the
 * walkers busy instr 8 (est 1, score 1) and instr 42 (est 4, score 4, fresh: nothing of
 * 42 is buffered) arrive. The next pick is instr 42 by batching despite 4 > 1. */
static void test_11_14_last_sched_immediate(void **state)
{
    xl_walk_sched_t s;
    xl_ws_in_t in;
    (void)state;
    mk(&s, 4, XL_WS_SIMT, BIG_AGING, 1);
    step_arrival(&s, 42, 2, 1, 1);
    expect_sched(&s, "immediate=1 last_sched_id=42");
    in = arrival(8, 1, 2, 0);
    xl_walk_sched_step(&s, &in);
    step_arrival(&s, 42, 4, 3, 0);
    assert_int_equal(ent(&s, 1).score, 4);
    take(&s, 1, XL_RULE_BATCH, 3);
    take(&s, 0, XL_RULE_MINSCORE, 2);
    xl_walk_sched_free(&s);
}

/* Reset clears the buffer, the history and the counters, and reloads the LFSR seed. */
static void test_11_15_reset(void **state)
{
    xl_walk_sched_t s;
    xl_ws_in_t in;
    (void)state;
    mk(&s, 4, XL_WS_RANDOM, 4, 9);
    in = arrival(1, 1, 1, 0);
    xl_walk_sched_step(&s, &in);
    step_arrival(&s, 1, 1, 2, 1);   /* start 9 & 3 = 1: slot 1 empty -> slot 0 */
    assert_int_equal(s.dispatched[XL_RULE_RANDOM], 1);
    assert_int_not_equal(s.lfsr, 9);
    xl_walk_sched_reset(&s);
    assert_int_equal(s.count, 0);
    assert_int_equal(s.e[1].valid, 0);
    expect_sched(&s, "next_stamp=0 last_valid=0 lfsr=9 arrivals=0");
    assert_int_equal(s.dispatched[XL_RULE_RANDOM], 0);
    assert_int_equal(s.max_occupancy, 0);
    assert_int_equal(s.p.slots, 4);
    xl_walk_sched_free(&s);
}

/* ------------------------------------------------------------------ stress */

enum { T_NEW = 0, T_BUF = 1, T_DONE = 2 };

static int older(uint32_t a, uint32_t b)
{
    return (int32_t)(a - b) < 0;
}

/* SIMT class of an entry as the header defines it: 0 aging, 1 batch, 2 other. */
static unsigned cls(const xl_walk_sched_t *s, const xl_ws_entry_t *e)
{
    if (e->bypass >= s->p.aging_threshold)
        return 0;
    if (s->last_valid && e->instr_id == s->last_sched_id)
        return 1;
    return 2;
}

/* Is entry a (slot ia) strictly before entry b (slot ib) in the pick order? */
static int before(const xl_walk_sched_t *s, const xl_ws_entry_t *v, uint32_t ia, uint32_t ib)
{
    const xl_ws_entry_t *a = &v[ia], *b = &v[ib];
    if (s->p.policy == XL_WS_RANDOM) {
        uint32_t m = s->p.slots - 1u, st = s->lfsr & m;
        return ((ia - st) & m) < ((ib - st) & m);
    }
    if (s->p.policy == XL_WS_SIMT) {
        unsigned ca = cls(s, a), cb = cls(s, b);
        if (ca != cb)
            return ca < cb;
        if (ca == 2 && a->score != b->score)
            return a->score < b->score;
    }
    if (a->stamp != b->stamp)
        return older(a->stamp, b->stamp);
    return ia < ib;
}

static int xbit(const uint64_t *v, uint32_t i)
{
    return v != NULL && ((v[i >> 6] >> (i & 63)) & 1u);
}

static int entry_eq(const xl_ws_entry_t *a, const xl_ws_entry_t *b)
{
    return a->valid == b->valid && a->va == b->va && a->instr_id == b->instr_id &&
           a->stamp == b->stamp && a->score == b->score && a->bypass == b->bypass &&
           a->tag == b->tag;
}

#define INSTR_SPACE 4096u

/*
 * Random traffic, one policy: `cycles` cycles, then a drain. A request is offered until
 * accepted (held while arr_ready is 0). Instruction ids come in groups (a new group
 * every ~16 cycles, 1..4 ids from it active) so batching and merging happen; the walker
 * readiness changes every 512 cycles among 1/8, 1/2, 7/8 and 1 so the buffer fills and
 * empties. Checked every cycle: comb leaves the state untouched; the pick is minimal
 * under the policy's order among all valid entries; count = valid entries; every valid
 * entry holds a request accepted and not yet dispatched; bypass changes by exactly the
 * §2.5 rule; SIMT entries of one instruction share one score in 1..256; scores are 0
 * under FCFS/RANDOM. At the end every accepted request was dispatched exactly once.
 */
static void stress(xl_ws_policy_t pol, uint32_t slots, uint32_t aging, uint64_t seed,
                   uint32_t cycles, uint64_t *rule_seen, int coal)
{
    uint64_t blocked[4], kill[4];   /* up to 256 slots */
    xl_walk_sched_t s;
    xl_rng_t rng;
    xl_ws_entry_t *snap, *view;
    uint8_t *tag_st;
    uint16_t *score_of;
    uint32_t *score_epoch;
    uint32_t cyc, i, next_tag = 0, group = 0, ready_num = 8, accepted = 0, done = 0, killed = 0;
    int holding = 0, draining = 0;
    xl_ws_in_t in = no_in();
    uint64_t sumd;

    mk(&s, slots, pol, aging, 0xACE1u);
    xl_rng_seed(&rng, seed);
    snap = calloc(slots, sizeof *snap);
    view = calloc(slots, sizeof *view);
    assert_non_null(view);
    tag_st = calloc(cycles + 1u, 1);
    score_of = calloc(INSTR_SPACE, sizeof *score_of);
    score_epoch = calloc(INSTR_SPACE, sizeof *score_epoch);
    assert_non_null(snap);
    assert_non_null(tag_st);
    assert_non_null(score_of);
    assert_non_null(score_epoch);

    for (cyc = 1; !draining || s.count > 0u; cyc++) {
        xl_walk_sched_t before_s = s;
        xl_ws_out_t o;
        uint32_t nvalid = 0;
        if (cyc > cycles)
            draining = 1;
        if (cyc % 512u == 0u) {
            static const uint32_t rn[4] = { 1, 4, 7, 8 };
            ready_num = rn[xl_rng_below(&rng, 4)];
        }
        if (xl_rng_below(&rng, 16) == 0)
            group = (group + 4u) % INSTR_SPACE;
        if (!holding && !draining && xl_rng_below(&rng, 8) < 5u) {
            in.arr_valid = 1;
            in.arr_instr_id = group + (uint32_t)xl_rng_below(&rng, 4) +
                              ((uint32_t)xl_rng_below(&rng, 2) << 20);   /* bit 20 ignored */
            in.arr_est = (uint8_t)(1u + xl_rng_below(&rng, 4));
            in.arr_va = xl_rng_next(&rng);   /* bits above 47 dropped */
            in.arr_tag = next_tag++;
            holding = 1;
        }
        if (!holding)
            in.arr_valid = 0;
        in.disp_ready = draining ? 1u : (uint8_t)(xl_rng_below(&rng, 8) < ready_num);
        /* coalescing ports: random CL (1 in 4) and kills (1 in 16) of valid slots; none
         * while draining, so the drain ends */
        in.blocked = in.kill = NULL;
        in.arr_blocked = 0;
        if (coal && !draining) {
            xl_walk_sched_view(&s, snap);
            memset(blocked, 0, sizeof blocked);
            memset(kill, 0, sizeof kill);
            for (i = 0; i < slots; i++) {
                if (!snap[i].valid)
                    continue;
                if (xl_rng_below(&rng, 4) == 0)
                    blocked[i >> 6] |= UINT64_C(1) << (i & 63);
                if (xl_rng_below(&rng, 16) == 0)
                    kill[i >> 6] |= UINT64_C(1) << (i & 63);
            }
            in.blocked = blocked;
            in.kill = kill;
            in.arr_blocked = (uint8_t)(xl_rng_below(&rng, 2) == 0);
        }

        xl_walk_sched_view(&s, snap);
        xl_walk_sched_comb(&s, &in, &o);
        /* comb has no side effects */
        xl_walk_sched_view(&s, view);
        for (i = 0; i < slots; i++)
            assert_true(entry_eq(&view[i], &snap[i]));
        assert_int_equal(s.count, before_s.count);
        assert_int_equal(s.lfsr, before_s.lfsr);

        if (o.disp_valid && o.disp_rule == XL_RULE_IMMEDIATE) {
            assert_int_equal(s.count, 0);
            assert_true(in.arr_valid && in.disp_ready);
            assert_int_equal(o.disp_tag, in.arr_tag);
            assert_int_equal(tag_st[in.arr_tag], T_NEW);
        } else if (o.disp_valid) {
            const xl_ws_entry_t *pe = &snap[o.disp_slot];
            assert_true(pe->valid);
            assert_int_equal(o.disp_tag, pe->tag);
            assert_int_equal(o.disp_stamp, pe->stamp);
            assert_int_equal(tag_st[pe->tag], T_BUF);
            assert_false(xbit(in.blocked, o.disp_slot) || xbit(in.kill, o.disp_slot));
            for (i = 0; i < slots; i++)
                if (snap[i].valid && i != o.disp_slot && !xbit(in.blocked, i) && !xbit(in.kill, i))
                    assert_true(before(&s, snap, o.disp_slot, i));
            if (pol == XL_WS_SIMT) {
                unsigned c = cls(&s, pe);
                static const xl_ws_rule_t r[3] = { XL_RULE_AGING, XL_RULE_BATCH,
                                                   XL_RULE_MINSCORE };
                assert_int_equal(o.disp_rule, r[c]);
            } else {
                assert_int_equal(o.disp_rule,
                                 pol == XL_WS_FCFS ? XL_RULE_FCFS : XL_RULE_RANDOM);
            }
        } else {
            /* no pick: not ready, or nothing eligible (IMMEDIATE needs no CL) */
            int eligible = 0;
            for (i = 0; i < slots; i++)
                eligible |= snap[i].valid && !xbit(in.blocked, i) && !xbit(in.kill, i);
            assert_true(!in.disp_ready || (!eligible && !(s.count == 0 && in.arr_valid &&
                                                          !in.arr_blocked)));
        }
        if (in.arr_valid)
            assert_int_equal(o.arr_ready, s.count < slots || o.disp_rule == XL_RULE_IMMEDIATE);
        if (o.arr_buffered && pol == XL_WS_SIMT) {
            /* the merge only sees same-instruction entries that stay */
            uint32_t want = o.arr_score, have = 0;
            for (i = 0; i < slots; i++)
                if (snap[i].valid && snap[i].instr_id == (in.arr_instr_id & XL_WS_INSTR_MASK) &&
                    !(o.disp_valid && i == o.disp_slot) && !xbit(in.kill, i))
                    have = snap[i].score;
            have += in.arr_est;
            assert_int_equal(want, have > XL_WS_SCORE_MAX ? XL_WS_SCORE_MAX : have);
        }

        xl_walk_sched_step(&s, &in);

        for (i = 0; i < slots; i++)
            if (snap[i].valid && xbit(in.kill, i)) {   /* completed by coalescing */
                assert_int_equal(tag_st[snap[i].tag], T_BUF);
                tag_st[snap[i].tag] = T_DONE;
                done++;
                killed++;
            }
        if (o.disp_valid) {
            assert_int_equal(tag_st[o.disp_tag], o.disp_rule == XL_RULE_IMMEDIATE ? T_NEW : T_BUF);
            tag_st[o.disp_tag] = T_DONE;
            done++;
            rule_seen[o.disp_rule]++;
        }
        if (in.arr_valid && o.arr_ready) {
            accepted++;
            holding = 0;
            if (o.arr_buffered) {
                assert_int_equal(tag_st[in.arr_tag], T_NEW);
                tag_st[in.arr_tag] = T_BUF;
                assert_int_equal(ent(&s, o.arr_slot).tag, in.arr_tag);
                assert_int_equal(ent(&s, o.arr_slot).score, o.arr_score);
            }
        }
        /* per-entry invariants after the edge */
        xl_walk_sched_view(&s, view);
        for (i = 0; i < slots; i++) {
            const xl_ws_entry_t *e = &view[i];
            if (!e->valid)
                continue;
            nvalid++;
            assert_int_equal(tag_st[e->tag], T_BUF);
            assert_true(e->bypass <= aging);
            assert_true(e->instr_id <= XL_WS_INSTR_MASK);
            assert_true(e->va <= XL_VA_MASK);
            if (snap[i].valid && snap[i].stamp == e->stamp) {
                /* §2.5: + 1 (saturating) iff older than the dispatched entry */
                uint32_t want = snap[i].bypass;
                if (o.disp_valid && o.disp_rule != XL_RULE_IMMEDIATE &&
                    older(e->stamp, o.disp_stamp) && want < aging)
                    want++;
                assert_int_equal(e->bypass, want);
            }
            if (pol == XL_WS_SIMT) {
                assert_true(e->score >= 1 && e->score <= XL_WS_SCORE_MAX);
                if (score_epoch[e->instr_id % INSTR_SPACE] != cyc) {
                    score_epoch[e->instr_id % INSTR_SPACE] = cyc;
                    score_of[e->instr_id % INSTR_SPACE] = e->score;
                } else {
                    assert_int_equal(e->score, score_of[e->instr_id % INSTR_SPACE]);
                }
            } else {
                assert_int_equal(e->score, 0);
            }
        }
        assert_int_equal(s.count, nvalid);
        assert_true(s.count <= slots);
    }
    /* drained: everything accepted went out exactly once (T_DONE set once, checked) */
    assert_int_equal(s.count, 0);
    assert_int_equal(done, accepted);
    for (i = 0; i < next_tag; i++)
        assert_true(tag_st[i] == T_DONE || (holding && i == next_tag - 1u));
    assert_int_equal(s.arrivals, accepted);
    sumd = 0;
    for (i = 0; i <= XL_RULE_RANDOM; i++)
        sumd += s.dispatched[i];
    assert_int_equal(sumd + killed, accepted);
    assert_int_equal(s.killed, killed);
    if (coal)
        assert_true(killed > 0);
    assert_int_equal(s.immediate, s.dispatched[XL_RULE_IMMEDIATE]);
    if (!coal || slots <= 16) {   /* kills keep a large buffer from filling */
        assert_int_equal(s.max_occupancy, slots);
        assert_true(s.full_cycles > 0);
    }

    free(snap);
    free(view);
    free(tag_st);
    free(score_of);
    free(score_epoch);
    xl_walk_sched_free(&s);
}

/* Each policy at 16 slots (fills often), and SIMT at the paper's 256 slots. Every rule
 * the policy can produce must occur, so the invariants are not checked vacuously. */
static void test_11_16_stress(void **state)
{
    uint64_t seen[XL_RULE_RANDOM + 1];
    (void)state;
    memset(seen, 0, sizeof seen);
    stress(XL_WS_FCFS, 16, 3, 1, 100000, seen, 0);
    assert_true(seen[XL_RULE_FCFS] > 0 && seen[XL_RULE_IMMEDIATE] > 0);
    memset(seen, 0, sizeof seen);
    stress(XL_WS_RANDOM, 16, 3, 2, 100000, seen, 0);
    assert_true(seen[XL_RULE_RANDOM] > 0 && seen[XL_RULE_IMMEDIATE] > 0);
    memset(seen, 0, sizeof seen);
    stress(XL_WS_SIMT, 16, 3, 3, 100000, seen, 0);
    assert_true(seen[XL_RULE_AGING] > 0 && seen[XL_RULE_BATCH] > 0 &&
                seen[XL_RULE_MINSCORE] > 0 && seen[XL_RULE_IMMEDIATE] > 0);
    memset(seen, 0, sizeof seen);
    stress(XL_WS_SIMT, 256, 64, 4, 100000, seen, 0);
    assert_true(seen[XL_RULE_AGING] > 0 && seen[XL_RULE_BATCH] > 0 &&
                seen[XL_RULE_MINSCORE] > 0);
}

/* The same random traffic with the coalescing ports driven at random: CL-blocked and
 * killed entries are never picked, the pick is minimal among the rest, kills leave the
 * buffer without counting as dispatches or bypasses, and the score merge ignores them. */
static void test_11_17_stress_coalescing_ports(void **state)
{
    uint64_t seen[XL_RULE_RANDOM + 1];
    (void)state;
    memset(seen, 0, sizeof seen);
    stress(XL_WS_FCFS, 16, 3, 11, 50000, seen, 1);
    assert_true(seen[XL_RULE_FCFS] > 0);
    memset(seen, 0, sizeof seen);
    stress(XL_WS_RANDOM, 16, 3, 12, 50000, seen, 1);
    assert_true(seen[XL_RULE_RANDOM] > 0);
    memset(seen, 0, sizeof seen);
    stress(XL_WS_SIMT, 16, 3, 13, 50000, seen, 1);
    assert_true(seen[XL_RULE_AGING] > 0 && seen[XL_RULE_BATCH] > 0 &&
                seen[XL_RULE_MINSCORE] > 0);
    memset(seen, 0, sizeof seen);
    stress(XL_WS_SIMT, 256, 64, 14, 50000, seen, 1);
    assert_true(seen[XL_RULE_BATCH] > 0 && seen[XL_RULE_MINSCORE] > 0);
}

/* 11.18 and 11.19 start alike: FCFS, 4 slots, stamps 7, 3, 5 in slots 0, 1, 2 (tags 100
 * to 102), a walker ready, CL and kills through blk and kill:
 *   cycle 1  no pick yet: nothing dispatched; pick <- slot 1 (stamp 3)
 *   cycle 2  slot 1 dispatched; pick <- slot 2 (stamp 5). */
static void pick_start(xl_walk_sched_t *s, const xl_ws_params_t *p, xl_ws_in_t *in,
                       uint64_t *blk, uint64_t *kill)
{
    xl_ws_out_t o;
    char err[160] = "";
    assert_int_equal(xl_walk_sched_init(s, p, err, sizeof err), XL_OK);
    put(s, 0, 1, 7, 0, 0, 100);
    put(s, 1, 1, 3, 0, 0, 101);
    put(s, 2, 1, 5, 0, 0, 102);
    in->disp_ready = 1;
    in->blocked = blk;
    in->kill = kill;
    /* cycle 1 */
    xl_walk_sched_comb(s, in, &o);
    assert_int_equal(o.disp_valid, 0);
    xl_walk_sched_step(s, in);
    assert_int_equal(s->pick_valid, 1);
    assert_int_equal(s->pick_slot, 1);
    /* cycle 2 */
    xl_walk_sched_comb(s, in, &o);
    expect_out(&o, "disp_valid=1 disp_rule=5 disp_slot=1 disp_stamp=3 disp_tag=101");
    xl_walk_sched_step(s, in);
    assert_int_equal(s->pick_slot, 2);
}

/* The registered pick (PickPipe 1, rtl/README.md xl_walk_sched): the pick made in a cycle,
 * over the entries that stay past its edge, is dispatched in the next cycle unless CL or
 * a kill then excludes its slot. FCFS, 4 slots, stamps 7, 3, 5 in slots 0, 1, 2:
 *   cycle 1  ready, no pick yet: nothing dispatched; pick <- slot 1 (stamp 3)
 *   cycle 2  ready: slot 1 dispatched; pick <- slot 2 (stamp 5), slot 1 excluded
 *   cycle 3  ready, slot 2 CL-blocked: the pick is dropped; pick <- slot 0 (2 is blocked)
 *   cycle 4  not ready: nothing; pick <- slot 2 again (no longer blocked, older than 0)
 *   cycle 5  ready, slot 2 killed: dropped, slot 2 leaves; pick <- slot 0
 *   cycle 6  ready: slot 0 dispatched; no entry left, pick invalid
 *   cycle 7  arrival with a walker ready and an empty buffer: IMMEDIATE, as without the
 *            registered pick. */
static void test_11_18_registered_pick(void **state)
{
    xl_walk_sched_t s;
    xl_ws_params_t p = {4, XL_WS_FCFS, BIG_AGING, 1, 1};
    xl_ws_in_t in = no_in();
    xl_ws_out_t o;
    uint64_t blk = 0, kill = 0;
    char err[160] = "";
    (void)state;
    pick_start(&s, &p, &in, &blk, &kill);
    /* cycle 3 */
    blk = 1u << 2;
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_valid, 0);
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.pick_valid, 1);
    assert_int_equal(s.pick_slot, 0);
    /* cycle 4 */
    blk = 0;
    in.disp_ready = 0;
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_valid, 0);
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.pick_slot, 2);
    /* cycle 5 */
    in.disp_ready = 1;
    kill = 1u << 2;
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_valid, 0);
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.pick_slot, 0);
    assert_int_equal(s.count, 1);
    /* cycle 6 */
    kill = 0;
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "disp_valid=1 disp_rule=5 disp_slot=0 disp_stamp=7 disp_tag=100");
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.pick_valid, 0);
    assert_int_equal(s.count, 0);
    /* cycle 7 */
    in = arrival(9, 2, 104, 1);
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "arr_ready=1 arr_buffered=0 disp_valid=1 disp_rule=1 disp_tag=104");
    xl_walk_sched_step(&s, &in);
    expect_sched(&s, "count=0 killed=1 immediate=1");
    assert_int_equal(s.dispatched[XL_RULE_FCFS], 2);
    /* a bad PickPipe is refused with one line */
    p.pick_pipe = 3;
    xl_walk_sched_free(&s);
    assert_int_equal(xl_walk_sched_init(&s, &p, err, sizeof err), XL_EINPUT);
    assert_string_equal(err, "walk_sched: pick_pipe must be 0, 1 or 2 (got 3)");
}

/* The pick from registers (PickPipe 2): as PickPipe 1, but the pick of a cycle sees last
 * cycle's CL (cl_q), not this cycle's kills, and leaves out the entry in the pick
 * register when a walker is ready. The same start as 11.18 (FCFS, 4 slots, stamps 7, 3,
 * 5 in slots 0, 1, 2):
 *   cycle 1   ready, no pick yet: nothing; pick <- slot 1
 *   cycle 2   ready: slot 1 dispatched; pick <- slot 2
 *   cycle 3   ready, slot 2 CL: dropped; pick <- slot 0 (2 is the registered one)
 *   cycle 4   not ready: nothing; pick <- slot 0 again (without a ready walker the
 *             registered entry stays a candidate; 2 was CL last cycle; PickPipe 1
 *             picked 2 here)
 *   cycle 5   ready, slot 2 killed: slot 0 dispatched; pick <- slot 2 (the kill is not
 *             seen), and 2 leaves
 *   cycle 6   ready: the registered slot 2 is no longer buffered: dropped; nothing left
 *   cycle 7   arrival, walker ready, buffer empty: IMMEDIATE
 *   cycle 8   arrival with arr_blocked, no walker ready: buffered in slot 0, cl_q bit 0
 *   cycle 9   ready: no pick (slot 0 holds the arrival's CL)
 *   cycle 10  ready: pick <- slot 0;  cycle 11: slot 0 dispatched. */
static void test_11_19_pick_from_registers(void **state)
{
    xl_walk_sched_t s;
    xl_ws_params_t p = {4, XL_WS_FCFS, BIG_AGING, 1, 2};
    xl_ws_in_t in = no_in();
    xl_ws_out_t o;
    uint64_t blk = 0, kill = 0;
    int c;
    (void)state;
    pick_start(&s, &p, &in, &blk, &kill);
    /* cycle 3 */
    blk = 1u << 2;
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_valid, 0);
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.pick_valid, 1);
    assert_int_equal(s.pick_slot, 0);
    assert_int_equal(s.cl_q[0], 1u << 2);
    /* cycle 4 */
    blk = 0;
    in.disp_ready = 0;
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_valid, 0);
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.pick_valid, 1);
    assert_int_equal(s.pick_slot, 0);
    /* cycle 5 */
    in.disp_ready = 1;
    kill = 1u << 2;
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "disp_valid=1 disp_rule=5 disp_slot=0 disp_stamp=7 disp_tag=100");
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.pick_valid, 1);
    assert_int_equal(s.pick_slot, 2);
    assert_int_equal(s.count, 0);
    /* cycle 6 */
    kill = 0;
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_valid, 0);
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.pick_valid, 0);
    /* cycle 7 */
    in = arrival(9, 2, 104, 1);
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "arr_ready=1 arr_buffered=0 disp_valid=1 disp_rule=1 disp_tag=104");
    xl_walk_sched_step(&s, &in);
    /* cycle 8 */
    in = arrival(9, 2, 105, 0);
    in.arr_blocked = 1;
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "arr_ready=1 arr_buffered=1 arr_slot=0");
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.cl_q[0], 1u);
    /* cycles 9 and 10 */
    in = no_in();
    in.disp_ready = 1;
    for (c = 9; c <= 10; c++) {
        xl_walk_sched_comb(&s, &in, &o);
        assert_int_equal(o.disp_valid, 0);
        xl_walk_sched_step(&s, &in);
        assert_int_equal(s.pick_valid, c == 10);
    }
    /* cycle 11 */
    xl_walk_sched_comb(&s, &in, &o);
    expect_out(&o, "disp_valid=1 disp_rule=5 disp_slot=0 disp_tag=105");
    xl_walk_sched_step(&s, &in);
    assert_int_equal(s.count, 0);
    xl_walk_sched_free(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_11_01_init_errors),
        cmocka_unit_test(test_11_02_fcfs_oldest),
        cmocka_unit_test(test_11_03_immediate),
        cmocka_unit_test(test_11_04_full_refused),
        cmocka_unit_test(test_11_05_score_merge),
        cmocka_unit_test(test_11_06_batch_over_minscore),
        cmocka_unit_test(test_11_07_minscore_oldest),
        cmocka_unit_test(test_11_08_minscore_after_batch),
        cmocka_unit_test(test_11_09_aging),
        cmocka_unit_test(test_11_10_same_cycle_arrival),
        cmocka_unit_test(test_11_11_fresh_score_after_leave),
        cmocka_unit_test(test_11_12_random_lfsr),
        cmocka_unit_test(test_11_13_stamp_wrap),
        cmocka_unit_test(test_11_14_last_sched_immediate),
        cmocka_unit_test(test_11_15_reset),
        cmocka_unit_test(test_11_16_stress),
        cmocka_unit_test(test_11_17_stress_coalescing_ports),
        cmocka_unit_test(test_11_18_registered_pick),
        cmocka_unit_test(test_11_19_pick_from_registers),
    };
    return cmocka_run_group_tests_name("t11_walk_sched", tests, NULL, NULL);
}
