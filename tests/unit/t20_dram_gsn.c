/*
 * t20_dram_gsn.c - unit tests of the twin block xl_dram_gsn (model/include/xlat/dram_gsn.h,
 * model/src/mem/dram_gsn.c): MASK's Golden / Silver / Normal queues of one DRAM channel
 * (ASPLOS'18 §5.4, Equation 1; docs/papers/mask.md) on hand-built request sets: strict
 * priority GQ > SQ > NQ, FR-FCFS inside SQ and NQ, the Golden FIFO and its strict-head
 * variant, the Silver rotation with quotas (exhaustion, zero quotas skipped, the advance
 * at a quota commit, the timeout), GQ overflow to NQ or backpressure, NQ full, slots,
 * occupancy and wrapping seqs; every pick of a long random run against a reference that
 * follows the header's rules over all slots; and the block inside the memory system
 * (dram.sched = gsn): a page-table read overtakes queued data reads, quotas apply at the
 * next call's cycle.
 *
 * Unless a test says otherwise: 4 banks, GQ 4 / SQ 4 / NQ 4 entries, 2 applications,
 * thresh_max 500 (so each application's quota is 500 / 2 = 250 until a commit), Silver
 * application 0 after reset, to_nq overflow, no strict head, no timeout. In arrivals
 * "data" is depth 0 and "xlat" depth 4; tags name the requests.
 */
#include "xltest.h"

#include "xlat/config.h"
#include "xlat/dram_gsn.h"
#include "xlat/memsys.h"
#include "xlat/rng.h"

enum { GQ = XL_GSN_GQ, SQ = XL_GSN_SQ, NQ = XL_GSN_NQ };

static xl_gsn_params_t params(void)
{
    xl_gsn_params_t p;
    memset(&p, 0, sizeof p);
    p.banks = 4;
    p.entries[GQ] = p.entries[SQ] = p.entries[NQ] = 4;
    p.napps = 2;
    p.thresh_max = 500;
    return p;
}

static void mk(xl_dram_gsn_t *s, const xl_gsn_params_t *p)
{
    char err[160] = "";
    memset(s, 0, sizeof *s);
    assert_int_equal(xl_dram_gsn_reset(s, p, err, sizeof err), XL_OK);
}

/* One edge with an arrival only. */
static xl_gsn_out_t arrive(xl_dram_gsn_t *s, uint64_t clk, uint32_t bank, uint64_t row,
                           uint8_t app, uint8_t depth, uint32_t tag)
{
    xl_gsn_in_t in;
    xl_gsn_out_t out;
    memset(&in, 0, sizeof in);
    in.clk = clk;
    in.arr_valid = 1;
    in.arr_bank = bank;
    in.arr_row = row;
    in.arr_app = app;
    in.arr_depth = depth;
    in.arr_tag = tag;
    xl_dram_gsn_step(s, &in, &out);
    return out;
}

/* One edge with an issue only: ready banks, open rows (open[b] = UINT64_MAX: closed). */
static xl_gsn_out_t issue(xl_dram_gsn_t *s, uint64_t clk, uint64_t ready, const uint64_t *open)
{
    xl_gsn_in_t in;
    xl_gsn_out_t out;
    memset(&in, 0, sizeof in);
    in.clk = clk;
    in.iss_en = 1;
    in.bank_ready = ready;
    for (uint32_t b = 0; open && b < s->p.banks; b++)
        if (open[b] != UINT64_MAX)
            in.open_valid |= UINT64_C(1) << b;
    in.open_row = open;
    xl_dram_gsn_step(s, &in, &out);
    return out;
}

/* One edge committing quotas q[0..napps-1]. */
static void commit(xl_dram_gsn_t *s, uint64_t clk, const uint16_t *q)
{
    xl_gsn_in_t in;
    memset(&in, 0, sizeof in);
    in.clk = clk;
    in.quota_valid = 1;
    for (uint32_t a = 0; a < s->p.napps; a++)
        in.quota[a] = q[a];
    xl_dram_gsn_step(s, &in, NULL);
}

/* The tags of the picks of `n` issue edges with every bank ready and no row open. */
static void expect_order(xl_dram_gsn_t *s, unsigned n, const uint32_t *tags)
{
    for (unsigned i = 0; i < n; i++) {
        xl_gsn_out_t o = issue(s, 100 + i, 0xF, NULL);
        assert_int_equal(o.iss_valid, 1);
        assert_int_equal(o.iss.tag, tags[i]);
    }
    assert_int_equal(issue(s, 200, 0xF, NULL).iss_valid, 0);
}

/* 20.01 Strict priority. Silver application 0 (quota 250): app 0's data goes to SQ,
 * app 1's to NQ, xlat to GQ. Arrival order NQ (tag 1), SQ (2), GQ (3): picks 3, 2, 1. */
static void test_20_01_priority(void **state)
{
    (void)state;
    xl_dram_gsn_t s;
    xl_gsn_params_t p = params();
    mk(&s, &p);
    assert_int_equal(arrive(&s, 1, 0, 5, 1, 0, 1).arr_queue, NQ);
    assert_int_equal(arrive(&s, 2, 1, 5, 0, 0, 2).arr_queue, SQ);
    assert_int_equal(arrive(&s, 3, 2, 5, 0, 4, 3).arr_queue, GQ);
    expect_order(&s, 3, (const uint32_t[]){3, 2, 1});
    assert_int_equal(s.enq[GQ] + s.enq[SQ] + s.enq[NQ], 3);
    assert_int_equal(s.issued[GQ] + s.issued[SQ] + s.issued[NQ], 3);
    xl_dram_gsn_free(&s);
}

/* 20.02 FR-FCFS inside SQ: A (bank 0, row 1), B (bank 0, row 2), C (bank 1, row 5), D
 * (bank 1, row 6), all app 0 data, in that order. Open rows: bank 0 row 2, bank 1 row 6.
 * Hits B and D: the older, B (hit 1). Then D (the only hit left). Then, rows unchanged
 * by the block (the host would move them), A and C miss: the older, A, then C. */
static void test_20_02_frfcfs_in_sq(void **state)
{
    (void)state;
    xl_dram_gsn_t s;
    xl_gsn_params_t p = params();
    uint64_t open[4] = {2, 6, UINT64_MAX, UINT64_MAX};
    xl_gsn_out_t o;
    mk(&s, &p);
    arrive(&s, 1, 0, 1, 0, 0, 'A');
    arrive(&s, 2, 0, 2, 0, 0, 'B');
    arrive(&s, 3, 1, 5, 0, 0, 'C');
    arrive(&s, 4, 1, 6, 0, 0, 'D');
    assert_int_equal(s.n[SQ], 4);
    o = issue(&s, 10, 0xF, open);
    assert_int_equal(o.iss.tag, 'B');
    assert_int_equal(o.iss_hit, 1);
    assert_int_equal(o.iss_queue, SQ);
    o = issue(&s, 11, 0xF, open);
    assert_int_equal(o.iss.tag, 'D');
    o = issue(&s, 12, 0xF, open);
    assert_int_equal(o.iss.tag, 'A');
    assert_int_equal(o.iss_hit, 0);
    assert_int_equal(issue(&s, 13, 0xF, open).iss.tag, 'C');
    assert_int_equal(s.issued_hit[SQ], 2);
    xl_dram_gsn_free(&s);
}

/* 20.03 The class beats the row hit, and busy banks do not block: GQ X (bank 1, row 9,
 * closed) against SQ Y (bank 0, row 2, open): X. Then GQ Z (bank 3) with bank 3 not
 * ready and NQ W (bank 2, app 1): W goes (bank parallelism), Z waits for its bank. */
static void test_20_03_class_before_hit(void **state)
{
    (void)state;
    xl_dram_gsn_t s;
    xl_gsn_params_t p = params();
    uint64_t open[4] = {2, UINT64_MAX, UINT64_MAX, UINT64_MAX};
    mk(&s, &p);
    arrive(&s, 1, 0, 2, 0, 0, 'Y');
    arrive(&s, 2, 1, 9, 1, 3, 'X');
    assert_int_equal(issue(&s, 3, 0xF, open).iss.tag, 'X');
    assert_int_equal(issue(&s, 4, 0xF, open).iss.tag, 'Y');
    arrive(&s, 5, 3, 1, 0, 2, 'Z');
    arrive(&s, 6, 2, 1, 1, 0, 'W');
    assert_int_equal(issue(&s, 7, 0x7, open).iss.tag, 'W');   /* bank 3 busy */
    assert_int_equal(issue(&s, 8, 0x7, open).iss_valid, 0);
    assert_int_equal(issue(&s, 9, 0xF, open).iss.tag, 'Z');
    xl_dram_gsn_free(&s);
}

/* 20.04 The Golden FIFO: GQ A (bank 0, row 1) then B (bank 0, row 2) with row 2 open:
 * A first (no reordering inside a bank; iss_hit 0). Across banks the channel rule
 * "row hit first" still holds: GQ C (bank 0, row 1), D (bank 1, row 7, open): D.
 * Strict head: C (the oldest) waits for bank 0, D may not pass it; with nothing else
 * queued nothing issues; then bank 0 ready: C, then D. */
static void test_20_04_golden_fifo_and_strict_head(void **state)
{
    (void)state;
    xl_dram_gsn_t s;
    xl_gsn_params_t p = params();
    uint64_t open[4] = {2, 7, UINT64_MAX, UINT64_MAX};
    xl_gsn_out_t o;
    mk(&s, &p);
    arrive(&s, 1, 0, 1, 0, 4, 'A');
    arrive(&s, 2, 0, 2, 0, 4, 'B');
    o = issue(&s, 3, 0xF, open);
    assert_int_equal(o.iss.tag, 'A');
    assert_int_equal(o.iss_hit, 0);
    assert_int_equal(issue(&s, 4, 0xF, open).iss.tag, 'B');
    arrive(&s, 5, 0, 1, 0, 4, 'C');
    arrive(&s, 6, 1, 7, 0, 4, 'D');
    o = issue(&s, 7, 0xF, open);
    assert_int_equal(o.iss.tag, 'D');
    assert_int_equal(o.iss_hit, 1);
    xl_dram_gsn_free(&s);

    p.gq_strict_head = 1;
    mk(&s, &p);
    arrive(&s, 5, 0, 1, 0, 4, 'C');
    arrive(&s, 6, 1, 7, 0, 4, 'D');
    assert_int_equal(issue(&s, 7, 0x2, open).iss_valid, 0);    /* only bank 1 ready */
    arrive(&s, 8, 1, 3, 1, 0, 'N');                            /* NQ, bank 1 */
    assert_int_equal(issue(&s, 9, 0x2, open).iss.tag, 'N');    /* GQ waits, bank 1's NQ goes */
    assert_int_equal(issue(&s, 10, 0xF, open).iss.tag, 'C');
    assert_int_equal(issue(&s, 11, 0xF, open).iss.tag, 'D');
    xl_dram_gsn_free(&s);
}

/* 20.05 Quotas and exhaustion: commit {2, 3} (Silver app 0, count 0: no advance). App
 * 0's first two data reads go to SQ, the second reaches 2: the turn passes to app 1
 * (exhaustion 1). App 0's third goes to NQ. App 1: three to SQ... but SQ holds 4, so
 * the first two fit (SQ 2 + 2 = 4) and the third finds SQ full: NQ, count stays 2. */
static void test_20_05_silver_quota(void **state)
{
    (void)state;
    xl_dram_gsn_t s;
    xl_gsn_params_t p = params();
    xl_gsn_out_t o;
    mk(&s, &p);
    assert_int_equal(s.thresh[0], 250);                        /* 500 / 2 */
    commit(&s, 1, (const uint16_t[]){2, 3});
    assert_int_equal(s.silver_app, 0);
    assert_int_equal(s.commit_advances, 0);
    assert_int_equal(arrive(&s, 2, 0, 1, 0, 0, 1).arr_queue, SQ);
    o = arrive(&s, 3, 0, 1, 0, 0, 2);
    assert_int_equal(o.arr_queue, SQ);
    assert_int_equal(o.silver_app, 0);                         /* before its edge */
    assert_int_equal(s.silver_app, 1);                         /* after it */
    assert_int_equal(s.quota_exhaustions, 1);
    assert_int_equal(arrive(&s, 4, 0, 1, 0, 0, 3).arr_queue, NQ);
    assert_int_equal(arrive(&s, 5, 1, 1, 1, 0, 4).arr_queue, SQ);
    assert_int_equal(arrive(&s, 6, 1, 1, 1, 0, 5).arr_queue, SQ);
    assert_int_equal(arrive(&s, 7, 1, 1, 1, 0, 6).arr_queue, NQ);   /* SQ full */
    assert_int_equal(s.silver_cnt, 2);
    assert_int_equal(s.silver_app, 1);
    /* one SQ issue frees a slot: app 1's next reaches 3 and passes the turn to 0 */
    issue(&s, 8, 0xF, NULL);
    assert_int_equal(arrive(&s, 9, 1, 1, 1, 0, 7).arr_queue, SQ);
    assert_int_equal(s.silver_app, 0);
    assert_int_equal(s.silver_turns, 2);
    xl_dram_gsn_free(&s);
}

/* 20.06 Zero quotas are skipped: 3 applications, commit {0, 5, 0} while app 0 is
 * Silver: thresh[0] = 0, so the commit advances to app 1 (the first with a quota).
 * App 1's 5th SQ read passes the turn: 2 and 0 have no quota, so back to 1. */
static void test_20_06_zero_quota_skipped(void **state)
{
    (void)state;
    xl_dram_gsn_t s;
    xl_gsn_params_t p = params();
    p.napps = 3;
    p.entries[SQ] = 8;
    mk(&s, &p);
    assert_int_equal(s.thresh[2], 166);                        /* 500 / 3 */
    commit(&s, 1, (const uint16_t[]){0, 5, 0});
    assert_int_equal(s.silver_app, 1);
    assert_int_equal(s.commit_advances, 1);
    assert_int_equal(arrive(&s, 2, 0, 1, 0, 0, 0).arr_queue, NQ);   /* app 0: no quota */
    for (unsigned i = 0; i < 5; i++)
        assert_int_equal(arrive(&s, 3 + i, 0, 1, 1, 0, i).arr_queue, SQ);
    assert_int_equal(s.silver_app, 1);
    assert_int_equal(s.silver_cnt, 0);
    assert_int_equal(s.quota_exhaustions, 1);
    xl_dram_gsn_free(&s);
}

/* 20.07 The advance at a commit: app 0 has put 3 reads into SQ (count 3). Commit
 * {10, 10}: 3 < 10, the turn stays (count 3). Commit {2, 250}: 3 >= 2, the turn passes
 * to app 1 with count 0. */
static void test_20_07_commit_advance(void **state)
{
    (void)state;
    xl_dram_gsn_t s;
    xl_gsn_params_t p = params();
    mk(&s, &p);
    for (unsigned i = 0; i < 3; i++)
        arrive(&s, 1 + i, 0, 1, 0, 0, i);
    commit(&s, 5, (const uint16_t[]){10, 10});
    assert_int_equal(s.silver_app, 0);
    assert_int_equal(s.silver_cnt, 3);
    commit(&s, 6, (const uint16_t[]){2, 250});
    assert_int_equal(s.silver_app, 1);
    assert_int_equal(s.silver_cnt, 0);
    assert_int_equal(s.commit_advances, 1);
    assert_int_equal(s.thresh[1], 250);
    /* a quota above 9 bits reads as 511 */
    commit(&s, 7, (const uint16_t[]){600, 1});
    assert_int_equal(s.thresh[0], 511);
    xl_dram_gsn_free(&s);
}

/* 20.08 A full GQ: the third xlat arrival with GQ of 2. to_nq: NQ, marked xlat (one
 * overflow), issued after GQ (it ranks as NQ). backpressure: refused (arr_ready 0).
 * NQ full (NQ of 1): the second app-1 data read is refused. */
static void test_20_08_overflow(void **state)
{
    (void)state;
    xl_dram_gsn_t s;
    xl_gsn_params_t p = params();
    xl_gsn_out_t o;
    p.entries[GQ] = 2;
    mk(&s, &p);
    arrive(&s, 1, 0, 1, 0, 4, 1);
    arrive(&s, 2, 1, 1, 0, 4, 2);
    o = arrive(&s, 3, 2, 1, 0, 4, 3);
    assert_int_equal(o.arr_ready, 1);
    assert_int_equal(o.arr_queue, NQ);
    assert_int_equal(o.arr_xlat, 1);
    assert_int_equal(s.gq_overflows, 1);
    arrive(&s, 4, 3, 1, 0, 0, 4);                               /* SQ */
    expect_order(&s, 4, (const uint32_t[]){1, 2, 4, 3});
    assert_int_equal(s.issued_xlat_nq, 1);
    xl_dram_gsn_free(&s);

    p.gq_backpressure = 1;
    p.entries[NQ] = 1;
    mk(&s, &p);
    arrive(&s, 1, 0, 1, 0, 4, 1);
    arrive(&s, 2, 1, 1, 0, 4, 2);
    assert_int_equal(arrive(&s, 3, 2, 1, 0, 4, 3).arr_ready, 0);
    assert_int_equal(s.n[NQ], 0);
    assert_int_equal(arrive(&s, 4, 2, 1, 1, 0, 4).arr_queue, NQ);
    assert_int_equal(arrive(&s, 5, 2, 1, 1, 0, 5).arr_ready, 0);   /* NQ full */
    assert_int_equal(s.refused, 2);
    xl_dram_gsn_free(&s);
}

/* 20.09 Silver timeout T = 100 (turn began at clock 0). An app-1 read at clock 250:
 * (250 - 0) / 100 = 2 turns pass (0 -> 1 -> 0), S = 200; app 0 is Silver, the read goes
 * to NQ. At 350: 150 >= 100, one more: app 1, whose read now goes to SQ (and restarts
 * S = 350). At 449 nothing passes (99 < 100). */
static void test_20_09_silver_timeout(void **state)
{
    (void)state;
    xl_dram_gsn_t s;
    xl_gsn_params_t p = params();
    p.silver_timeout = 100;
    mk(&s, &p);
    assert_int_equal(arrive(&s, 250, 0, 1, 1, 0, 1).arr_queue, NQ);
    assert_int_equal(s.silver_app, 0);
    assert_int_equal(s.timeout_advances, 2);
    assert_int_equal(s.silver_since, 200);
    assert_int_equal(arrive(&s, 350, 0, 1, 1, 0, 2).arr_queue, SQ);
    assert_int_equal(s.silver_app, 1);
    assert_int_equal(s.silver_since, 350);
    assert_int_equal(arrive(&s, 449, 0, 1, 1, 0, 3).arr_queue, SQ);
    assert_int_equal(s.timeout_advances, 3);
    assert_int_equal(s.silver_turns, 3);
    xl_dram_gsn_free(&s);
}

/* 20.10 Slots, occupancy, wrapping seqs. Three NQ reads take slots 0, 1, 2; issuing the
 * one in slot 1 lets the next arrival take slot 1. Occupancy: one GQ entry from clock 10
 * to its issue at 30 adds 1 x 20 = 20 entry-clocks. Seqs 0xffffffff and 0 (wrapped):
 * the first is the older. */
static void test_20_10_slots_occupancy_seq(void **state)
{
    (void)state;
    xl_dram_gsn_t s;
    xl_gsn_params_t p = params();
    uint64_t open[4] = {UINT64_MAX, 4, UINT64_MAX, UINT64_MAX};
    mk(&s, &p);
    assert_int_equal(arrive(&s, 1, 0, 1, 1, 0, 1).arr_slot, 0);
    assert_int_equal(arrive(&s, 1, 1, 4, 1, 0, 2).arr_slot, 1);
    assert_int_equal(arrive(&s, 1, 2, 1, 1, 0, 3).arr_slot, 2);
    assert_int_equal(issue(&s, 2, 0xF, open).iss_slot, 1);      /* the row hit, tag 2 */
    assert_int_equal(arrive(&s, 3, 3, 1, 1, 0, 4).arr_slot, 1);
    xl_dram_gsn_free(&s);

    mk(&s, &p);
    arrive(&s, 10, 0, 1, 0, 4, 1);
    issue(&s, 30, 0xF, NULL);
    assert_int_equal(s.occ_sum[GQ], 20);
    assert_int_equal(s.max_occ[GQ], 1);
    s.next_seq = UINT32_MAX;
    arrive(&s, 31, 0, 1, 1, 0, 'a');
    arrive(&s, 32, 1, 1, 1, 0, 'b');
    assert_int_equal(s.e[NQ][1].seq, 0);
    assert_int_equal(issue(&s, 33, 0xF, NULL).iss.tag, 'a');
    xl_dram_gsn_free(&s);
}

/* ---- the reference pick: the header's rules over every slot, no derived state ---- */

static int older(uint32_t a, uint32_t b)
{
    return ((a - b) & 0x80000000u) != 0u;
}

static void ref_pick(const xl_dram_gsn_t *s, const xl_gsn_in_t *in, int *q_out, uint32_t *slot)
{
    *q_out = -1;
    for (int q = 0; q < 3; q++) {
        const xl_gsn_entry_t *e = s->e[q];
        uint32_t head = UINT32_MAX, best = UINT32_MAX;
        int best_hit = 0;
        for (uint32_t j = 0; j < s->p.entries[q]; j++)
            if (e[j].valid && (head == UINT32_MAX || older(e[j].seq, e[head].seq)))
                head = j;
        for (uint32_t b = 0; b < s->p.banks; b++) {
            uint32_t t = UINT32_MAX;
            int hit = 0;
            if (!(in->bank_ready >> b & 1u))
                continue;
            int open = (int)(in->open_valid >> b & 1u);
            for (uint32_t j = 0; j < s->p.entries[q]; j++) {
                if (!e[j].valid || e[j].bank != b)
                    continue;
                if (q == 0 && s->p.gq_strict_head && j != head)
                    continue;
                int h = q != 0 && open && e[j].row == in->open_row[b];
                if (t == UINT32_MAX || h > hit || (h == hit && older(e[j].seq, e[t].seq))) {
                    t = j;
                    hit = h;
                }
            }
            if (t == UINT32_MAX)
                continue;
            if (q == 0)                 /* GQ: the bank's oldest; its hit for the channel */
                hit = open && e[t].row == in->open_row[b];
            if (best == UINT32_MAX || hit > best_hit ||
                (hit == best_hit && older(e[t].seq, e[best].seq))) {
                best = t;
                best_hit = hit;
            }
        }
        if (best != UINT32_MAX) {
            *q_out = q;
            *slot = best;
            return;
        }
    }
}

/* 20.11 Random run: 20,000 edges of random arrivals (banks 0..7, rows 0..3, two apps,
 * a quarter xlat), issues with random ready banks and open rows, and now and then a
 * random quota commit; every comb pick must equal the reference's, for both strict-head
 * settings and both overflow modes. */
static void test_20_11_random_against_reference(void **state)
{
    (void)state;
    for (unsigned v = 0; v < 4; v++) {
        xl_dram_gsn_t s;
        xl_gsn_params_t p = params();
        xl_rng_t r;
        uint64_t open[8];
        p.banks = 8;
        p.entries[GQ] = 3;
        p.entries[SQ] = 5;
        p.entries[NQ] = 9;
        p.gq_strict_head = (uint8_t)(v & 1u);
        p.gq_backpressure = (uint8_t)(v >> 1);
        p.silver_timeout = 37;
        mk(&s, &p);
        xl_rng_seed(&r, 20 + v);
        for (uint64_t clk = 1; clk <= 20000; clk++) {
            xl_gsn_in_t in;
            xl_gsn_out_t o;
            int rq;
            uint32_t rs = 0;
            memset(&in, 0, sizeof in);
            in.clk = clk;
            in.arr_valid = xl_rng_below(&r, 2) != 0u;
            in.arr_bank = (uint32_t)xl_rng_below(&r, 8);
            in.arr_row = xl_rng_below(&r, 4);
            in.arr_app = (uint8_t)xl_rng_below(&r, 2);
            in.arr_depth = xl_rng_below(&r, 4) == 0u ? 4u : 0u;
            in.arr_tag = (uint32_t)clk;
            in.iss_en = xl_rng_below(&r, 2) != 0u;
            in.bank_ready = xl_rng_next(&r) & 0xFF;
            in.open_valid = xl_rng_next(&r) & 0xFF;
            for (unsigned b = 0; b < 8; b++)
                open[b] = xl_rng_below(&r, 4);
            in.open_row = open;
            if (xl_rng_below(&r, 500) == 0u) {
                in.quota_valid = 1;
                in.quota[0] = (uint16_t)xl_rng_below(&r, 6);
                in.quota[1] = (uint16_t)xl_rng_below(&r, 6);
            }
            xl_dram_gsn_comb(&s, &in, &o);
            if (in.iss_en) {
                ref_pick(&s, &in, &rq, &rs);
                assert_int_equal(o.iss_valid, rq >= 0);
                if (rq >= 0) {
                    assert_int_equal(o.iss_queue, rq);
                    assert_int_equal(o.iss_slot, rs);
                }
            }
            xl_dram_gsn_step(&s, &in, NULL);
            assert_int_equal(s.n[GQ] + s.n[SQ] + s.n[NQ],
                             s.enq[GQ] + s.enq[SQ] + s.enq[NQ] -
                             s.issued[GQ] - s.issued[SQ] - s.issued[NQ]);
        }
        assert_true(s.issued[GQ] > 100 && s.issued[SQ] > 100 && s.issued[NQ] > 100);
        xl_dram_gsn_free(&s);
    }
}

/* 20.12 Bad parameters: 65 banks, 0 applications: XL_EINPUT with a message. */
static void test_20_12_bad_params(void **state)
{
    (void)state;
    xl_dram_gsn_t s;
    xl_gsn_params_t p = params();
    char err[160] = "";
    memset(&s, 0, sizeof s);
    p.banks = 65;
    assert_int_equal(xl_dram_gsn_reset(&s, &p, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "banks"));
    p = params();
    p.napps = 0;
    assert_int_equal(xl_dram_gsn_reset(&s, &p, err, sizeof err), XL_EINPUT);
    xl_dram_gsn_free(&s);
}

/* ---- in the memory system (dram.sched = gsn) ---- */

/* Default config with the linear map (t12_memsys.c's file comment: C = 20 GPU cycles,
 * 2 channels, line = pa >> 6, ch = line % 2, bank = (line / 2) % 16, row = line / 8192),
 * so pa = row * 0x80000 is channel 0, bank 0 of row `row`. */
static xl_memsys_t *mk_mem(xl_dsched_kind_t sched)
{
    xl_config_t c;
    char err[200] = "";
    xl_config_defaults(&c);
    c.dram.mapping = XL_DRAM_MAP_LINEAR;
    c.dram.sched = sched;
    xl_memsys_t *m = xl_memsys_create(&c, err, sizeof err);
    assert_non_null(m);
    xl_memsys_set_apps(m, 2);
    return m;
}

static void bypass_read(xl_memsys_t *m, uint64_t now, uint64_t id, xl_pa_t pa, uint8_t app,
                        uint8_t depth)
{
    xl_mem_req_t r;
    memset(&r, 0, sizeof r);
    r.id = id;
    r.addr = pa;
    r.kind = depth ? XL_MEM_PT : XL_MEM_DATA;
    r.bypass_l2 = 1;
    r.app = app;
    r.depth = depth;
    xl_memsys_submit(m, now, &r);
}

/* The position (0-based) in completion order of request id. */
static unsigned rank_of(xl_memsys_t *m, uint64_t id, unsigned n)
{
    unsigned pos = UINT32_MAX, k = 0;
    uint64_t t;
    while ((t = xl_memsys_next_event(m)) != UINT64_MAX) {
        xl_mem_req_t r;
        while (xl_memsys_pop(m, t, &r, NULL)) {
            if (r.id == id)
                pos = k;
            k++;
        }
    }
    assert_int_equal(k, n);
    return pos;
}

static uint64_t stat_of(const xl_memsys_t *m, const char *name)
{
    xl_stats_t *s = xl_stats_create();
    xl_memsys_stats(m, s);
    uint64_t v = stat_get(s, name);
    xl_stats_destroy(s);
    return v;
}

/* 20.13 Six data reads of app 1 to rows 1..6 of channel 0 bank 0 (each a row conflict),
 * then one page-table read (depth 4) to row 7, all at cycle 0 (they reach the channel
 * at 20, in order). FR-FCFS: no row hits, oldest first: the page-table read completes
 * last (position 6). gsn: the first decision issues the Golden read ahead of the
 * Normal ones: position 0. */
static void test_20_13_memsys_translation_first(void **state)
{
    (void)state;
    for (int g = 0; g < 2; g++) {
        xl_memsys_t *m = mk_mem(g ? XL_DSCHED_GSN : XL_DSCHED_FRFCFS);
        for (unsigned i = 1; i <= 6; i++)
            bypass_read(m, 0, i, (xl_pa_t)i * 0x80000u, 1, 0);
        bypass_read(m, 0, 99, 7u * 0x80000u, 1, 4);
        assert_int_equal(rank_of(m, 99, 7), g ? 0u : 6u);
        if (g) {
            assert_int_equal(stat_of(m, "dram.gq_enqueues"), 1);
            assert_int_equal(stat_of(m, "dram.nq_enqueues"), 6);   /* app 1 is not Silver */
            assert_int_equal(stat_of(m, "dram.reads_pt"), 1);
        }
        xl_memsys_destroy(m);
    }
}

/* 20.14 Quotas reach the queues at the next call's cycle: commit {0, 9} (app 0's quota
 * 0: the turn passes to app 1 at the commit). Before it, app 1's data goes to NQ
 * (Silver app 0); submitted after it (at the cycle of the next submit), to SQ. */
static void test_20_14_memsys_quota(void **state)
{
    (void)state;
    xl_memsys_t *m = mk_mem(XL_DSCHED_GSN);
    bypass_read(m, 0, 1, 0x80000u, 1, 0);
    rank_of(m, 0, 1);
    assert_int_equal(stat_of(m, "dram.nq_enqueues"), 1);
    xl_memsys_set_quota(m, (const uint32_t[]){0, 9}, 2);
    bypass_read(m, 1000, 2, 0x100000u, 1, 0);
    rank_of(m, 0, 1);
    assert_int_equal(stat_of(m, "dram.sq_enqueues"), 1);
    assert_int_equal(stat_of(m, "dram.silver_commit_advances"), 2);   /* both channels */
    xl_memsys_destroy(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_20_01_priority),
        cmocka_unit_test(test_20_02_frfcfs_in_sq),
        cmocka_unit_test(test_20_03_class_before_hit),
        cmocka_unit_test(test_20_04_golden_fifo_and_strict_head),
        cmocka_unit_test(test_20_05_silver_quota),
        cmocka_unit_test(test_20_06_zero_quota_skipped),
        cmocka_unit_test(test_20_07_commit_advance),
        cmocka_unit_test(test_20_08_overflow),
        cmocka_unit_test(test_20_09_silver_timeout),
        cmocka_unit_test(test_20_10_slots_occupancy_seq),
        cmocka_unit_test(test_20_11_random_against_reference),
        cmocka_unit_test(test_20_12_bad_params),
        cmocka_unit_test(test_20_13_memsys_translation_first),
        cmocka_unit_test(test_20_14_memsys_quota),
    };
    return cmocka_run_group_tests_name("t20_dram_gsn", tests, NULL, NULL);
}
