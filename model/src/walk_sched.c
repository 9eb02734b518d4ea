/*
 * walk_sched.c - twin block "xl_walk_sched" of walk_sched.h: the IOMMU page-walk
 * request buffer and the walk scheduler (FCFS, random, SIMT-aware). Implements spec
 * seed-000-003 §2.2 (buffer fields, widths), §2.3 (arrival: immediate dispatch, score
 * merge), §2.4 (walker free: aging > batching > min score), §2.5 (aging), §2.7 (FCFS,
 * random) and §8 items 3, 5, 6, 10; ISCA'18 §III-IV.
 *
 * Widths (the RTL ports and registers): va 48 bits, instr_id 20 bits, score 9 bits
 * saturating at 256, arrival stamps 32 bits, bypass counters saturating at
 * aging_threshold, LFSR 32 bits. arr_est is an 8-bit port used as given (the IOMMU
 * sends 1..4).
 *
 * Cycle semantics (one call of comb = the combinational outputs before the edge):
 *  - Immediate dispatch: count == 0 && arr_valid && disp_ready -> the arrival goes to
 *    the walker, rule IMMEDIATE; no slot, no stamp, no score (disp_slot, disp_stamp and
 *    disp_score read 0), no LFSR step.
 *  - Otherwise, with disp_ready and count > 0, one entry buffered before this cycle is
 *    picked (below). An arrival is accepted iff a slot is free BEFORE the edge
 *    (count < slots): a slot freed by this cycle's dispatch is reusable only from the
 *    next cycle, so arr_ready never depends on the pick (no comb path
 *    disp_ready -> arr_ready). The arrival takes the lowest free slot index.
 *  - Scores (SIMT only; 0 under FCFS/RANDOM): new_score = min(256, arr_est + S) where
 *    S = score of any buffered entry with the same instr_id other than the entry
 *    dispatched this cycle (all such entries share one score), or 0 if none.
 *
 * Pick rules. "a older than b" is (int32_t)(a - b) < 0 on 32-bit stamps, computed as
 * ((a - b) & 0x80000000) != 0 to avoid an implementation-defined conversion. Live
 * stamps always span less than 2^31 (FCFS: < slots; SIMT: < aging_threshold + 2*slots,
 * hence the limits 2^30 and 2^20 checked by init), so on live entries this is a total
 * order and any reduction shape (linear scan here, a tree in the RTL) gives the same
 * pick. Stamps of live entries are distinct; the last tie rule (lower slot index) is
 * there only to make the key total.
 *  - FCFS:   key = (stamp age, slot).                       rule FCFS
 *  - SIMT:   key = (class, class == 2 ? score : 0, stamp age, slot), lexicographic
 *            minimum, where class = 0 if bypass >= aging_threshold   (rule AGING)
 *                                   1 if last_valid && instr_id == last_sched_id
 *                                                              (rule BATCH)
 *                                   2 otherwise                (rule MINSCORE)
 *            i.e. aging > batching > min score, oldest among equals. Every field of
 *            the key is per-entry, so the pick is one min-reduction over the slots.
 *  - RANDOM: start = lfsr & (slots - 1); the first valid slot at or after start,
 *            wrapping (one pass: lowest valid index >= start, else lowest valid index).
 *            The LFSR register value of this cycle is used; the edge of every RANDOM
 *            dispatch from the buffer then advances it once (immediate dispatches and
 *            other policies never advance it). The exact form is a 32-bit Galois LFSR,
 *            right-shifting:  lsb = s & 1;  s >>= 1;  if (lsb) s ^= 0x80200003;
 *            (x^32 + x^22 + x^2 + x + 1, maximal length; from seed 1 the states are
 *            0x00000001, 0x80200003, 0xC0300002, 0x60180001, 0xB02C0003, ...).
 *
 * The clock edge (step), in this order:
 *  1. the dispatched entry leaves its slot; every remaining entry older than it
 *     increments its bypass counter, saturating at aging_threshold (§2.5);
 *     last_sched_id = dispatched instr_id, immediate ones included (§8 item 6);
 *  2. the arrival (if buffered) is written to arr_slot with stamp next_stamp++,
 *     bypass 0, score arr_score; every other buffered entry of its instruction takes
 *     arr_score as well (§2.3 1-b: one score per instruction, never decreased).
 */
#include "xlat/walk_sched.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WS_MAX_SLOTS  (UINT32_C(1) << 20)   /* keeps stamp spans < 2^31 (above) */
#define WS_MAX_AGING  (UINT32_C(1) << 30)
#define WS_LFSR_TAPS  UINT32_C(0x80200003)  /* x^32 + x^22 + x^2 + x + 1 */

const char *const xl_ws_rule_name[XL_RULE_RANDOM + 1] = {
    "none", "immediate", "aging", "batch", "minscore", "fcfs", "random"
};

/* (int32_t)(a - b) < 0: a arrived before b (wrapping 32-bit stamps). */
static int stamp_older(uint32_t a, uint32_t b)
{
    return ((a - b) & UINT32_C(0x80000000)) != 0u;
}

/* One step of the documented Galois LFSR (right shift, taps 0x80200003). */
static uint32_t lfsr_next(uint32_t s)
{
    uint32_t lsb = s & 1u;
    s >>= 1;
    if (lsb)
        s ^= WS_LFSR_TAPS;
    return s;
}

static int is_pow2(uint32_t x)
{
    return x != 0u && (x & (x - 1u)) == 0u;
}

static void set_err(char *err, size_t errlen, const char *msg)
{
    if (err != NULL && errlen > 0u)
        snprintf(err, errlen, "walk_sched: %s", msg);
}

int xl_walk_sched_init(xl_walk_sched_t *s, const xl_ws_params_t *p, char *err, size_t errlen)
{
    char msg[160];
    memset(s, 0, sizeof *s);
    if (p == NULL) {
        set_err(err, errlen, "no parameters given");
        return XL_EINPUT;
    }
    if (p->slots == 0u) {
        set_err(err, errlen, "slots must be at least 1 (got 0)");
        return XL_EINPUT;
    }
    if (p->slots > WS_MAX_SLOTS) {
        snprintf(msg, sizeof msg, "slots must be at most %lu (got %lu)",
                 (unsigned long)WS_MAX_SLOTS, (unsigned long)p->slots);
        set_err(err, errlen, msg);
        return XL_EINPUT;
    }
    if ((unsigned)p->policy > (unsigned)XL_WS_SIMT) {
        snprintf(msg, sizeof msg, "policy %u is not fcfs (0), random (1) or simt (2)",
                 (unsigned)p->policy);
        set_err(err, errlen, msg);
        return XL_EINPUT;
    }
    if (p->aging_threshold == 0u) {
        set_err(err, errlen, "aging_threshold must be at least 1 (got 0)");
        return XL_EINPUT;
    }
    if (p->aging_threshold > WS_MAX_AGING) {
        snprintf(msg, sizeof msg, "aging_threshold must be at most %lu (got %lu)",
                 (unsigned long)WS_MAX_AGING, (unsigned long)p->aging_threshold);
        set_err(err, errlen, msg);
        return XL_EINPUT;
    }
    if (p->policy == XL_WS_RANDOM && !is_pow2(p->slots)) {
        snprintf(msg, sizeof msg,
                 "the random policy needs a power-of-two slot count (got %lu slots)",
                 (unsigned long)p->slots);
        set_err(err, errlen, msg);
        return XL_EINPUT;
    }
    s->p = *p;
    s->e = calloc(p->slots, sizeof *s->e);
    if (s->e == NULL) {
        set_err(err, errlen, "out of memory");
        return XL_EINTERNAL;
    }
    xl_walk_sched_reset(s);
    return XL_OK;
}

void xl_walk_sched_free(xl_walk_sched_t *s)
{
    if (s == NULL)
        return;
    free(s->e);
    s->e = NULL;
}

/* Reset: every slot invalid, stamps from 0, no last dispatch, LFSR = seed (0 -> 1, an
 * all-zero LFSR would stay 0 forever), every counter 0. Parameters are kept. */
void xl_walk_sched_reset(xl_walk_sched_t *s)
{
    if (s->e != NULL)
        memset(s->e, 0, (size_t)s->p.slots * sizeof *s->e);
    s->count = 0u;
    s->next_stamp = 0u;
    s->last_sched_id = 0u;
    s->last_valid = 0u;
    s->lfsr = s->p.lfsr_seed != 0u ? s->p.lfsr_seed : 1u;
    s->arrivals = 0u;
    s->immediate = 0u;
    memset(s->dispatched, 0, sizeof s->dispatched);
    s->full_cycles = 0u;
    s->score_updates = 0u;
    s->max_occupancy = 0u;
    s->score_sum = 0u;
}

/* SIMT priority class of a valid entry: 0 aging, 1 batching, 2 the rest (§2.4). */

static const xl_ws_rule_t simt_rule[3] = { XL_RULE_AGING, XL_RULE_BATCH, XL_RULE_MINSCORE };

/* Result of ws_scan. */
typedef struct {
    int64_t  pick;        /* picked slot or -1 */
    xl_ws_rule_t rule;
    int64_t  free_slot;   /* lowest invalid slot or -1 */
    int64_t  match[2];    /* first two valid slots with instr_id == id, or -1 */
} ws_scan_t;

/*
 * One pass over the slots computing everything comb needs: the dispatch pick (when
 * want_pick), the lowest free slot, and (when want_match) the first two valid slots
 * holding instr_id `id`, so that at least one of them is not the pick if the
 * instruction keeps an entry in the buffer (score merge, §2.3 1-b).
 */
static void ws_scan(const xl_walk_sched_t *s, int want_pick, int want_match, uint32_t id,
                    ws_scan_t *r)
{
    uint32_t i, n = s->p.slots;
    uint32_t start = (s->p.policy == XL_WS_RANDOM) ? (s->lfsr & (n - 1u)) : 0u;
    int64_t rnd_first = -1, rnd_after = -1;
    /* One ordering key per entry, smallest wins. Live stamps lie within 2^31 of each
     * other (init limits), so with ref = (first valid stamp) - 2^31, (stamp - ref) mod
     * 2^32 orders them exactly as the pairwise wrapping comparison, oldest first:
     *   FCFS  key = age
     *   SIMT  key = class << 41 | score << 32 | age, score only in class 2 (§2.4:
     *         aging, then batching, then lowest score; oldest on ties).
     * Keys are unique (stamps are), so the pick does not depend on scan order. */
    uint64_t best = UINT64_MAX;
    int policy = s->p.policy;
    uint32_t thr = s->p.aging_threshold, last = s->last_sched_id, ref = 0;
    int batch = s->last_valid != 0u, have_ref = 0;
    r->pick = -1;
    r->rule = XL_RULE_NONE;
    r->free_slot = -1;
    r->match[0] = r->match[1] = -1;
    for (i = 0; i < n; i++) {
        const xl_ws_entry_t *e = &s->e[i];
        if (!e->valid) {
            if (r->free_slot < 0)
                r->free_slot = i;
            continue;
        }
        if (want_match && e->instr_id == id) {
            if (r->match[0] < 0)
                r->match[0] = i;
            else if (r->match[1] < 0)
                r->match[1] = i;
        }
        if (!want_pick)
            continue;
        if (!have_ref) {
            ref = e->stamp - UINT32_C(0x80000000);
            have_ref = 1;
        }
        uint64_t age = (uint32_t)(e->stamp - ref), key;
        if (policy == XL_WS_SIMT) {
            if (e->bypass >= thr)
                key = age;                                      /* class 0: aging */
            else if (batch && e->instr_id == last)
                key = (UINT64_C(1) << 41) | age;                /* class 1: batching */
            else
                key = (UINT64_C(2) << 41) | ((uint64_t)e->score << 32) | age;
        } else if (policy == XL_WS_FCFS) {
            key = age;   /* §2.7 FCFS: oldest pending request */
        } else {
            /* §2.7 random: first valid slot at or after the LFSR index, wrapping */
            if (rnd_first < 0)
                rnd_first = i;
            if (rnd_after < 0 && i >= start)
                rnd_after = i;
            continue;
        }
        if (key < best) {
            best = key;
            r->pick = i;
        }
    }
    if (!want_pick)
        return;
    if (policy == XL_WS_RANDOM) {
        r->pick = rnd_after >= 0 ? rnd_after : rnd_first;
        r->rule = XL_RULE_RANDOM;
    } else if (policy == XL_WS_FCFS) {
        r->rule = XL_RULE_FCFS;
    } else if (r->pick >= 0) {
        r->rule = simt_rule[best >> 41];
    }
    if (r->pick < 0)
        r->rule = XL_RULE_NONE;
}

void xl_walk_sched_comb(const xl_walk_sched_t *s, const xl_ws_in_t *in, xl_ws_out_t *out)
{
    uint32_t id = in->arr_instr_id & XL_WS_INSTR_MASK;
    int arr = in->arr_valid != 0u, rdy = in->disp_ready != 0u;
    ws_scan_t sc;

    memset(out, 0, sizeof *out);
    if (s->count == 0u && arr && rdy) {
        /* §2.3: "if any walker idle (and buffer empty)": straight to the walker, no
         * score, no PWC counter (arr_buffered = 0 tells the IOMMU not to count it). */
        out->arr_ready = 1u;
        out->disp_valid = 1u;
        out->disp_rule = (uint8_t)XL_RULE_IMMEDIATE;
        out->disp_va = in->arr_va & XL_VA_MASK;
        out->disp_instr_id = id;
        out->disp_tag = in->arr_tag;
        return;
    }
    if (!arr && !(rdy && s->count > 0u))
        return;   /* nothing offered, nothing to pick */
    ws_scan(s, rdy && s->count > 0u, arr && s->p.policy == XL_WS_SIMT, id, &sc);
    if (sc.pick >= 0) {
        const xl_ws_entry_t *e = &s->e[sc.pick];
        out->disp_valid = 1u;
        out->disp_rule = (uint8_t)sc.rule;
        out->disp_slot = (uint32_t)sc.pick;
        out->disp_va = e->va;
        out->disp_instr_id = e->instr_id;
        out->disp_stamp = e->stamp;
        out->disp_score = e->score;
        out->disp_tag = e->tag;
    }
    if (arr && s->count < s->p.slots && sc.free_slot >= 0) {
        out->arr_ready = 1u;
        out->arr_buffered = 1u;
        out->arr_slot = (uint32_t)sc.free_slot;
        if (s->p.policy == XL_WS_SIMT) {
            /* §2.3 1-b: merge with a same-instruction entry that stays in the buffer
             * (the one dispatched at this edge leaves first). */
            int64_t m = sc.match[0] == sc.pick ? sc.match[1] : sc.match[0];
            uint32_t sum = (uint32_t)in->arr_est + (m >= 0 ? s->e[m].score : 0u);
            out->arr_score = (uint16_t)(sum > XL_WS_SCORE_MAX ? XL_WS_SCORE_MAX : sum);
        }
    }
}

void xl_walk_sched_step(xl_walk_sched_t *s, const xl_ws_in_t *in)
{
    xl_ws_out_t o;
    xl_walk_sched_comb(s, in, &o);
    xl_walk_sched_commit(s, in, &o);
}

void xl_walk_sched_commit(xl_walk_sched_t *s, const xl_ws_in_t *in, const xl_ws_out_t *op)
{
    xl_ws_out_t o = *op;
    uint32_t i, n = s->p.slots;
    int merge;
    if (in->arr_valid && !o.arr_ready)
        s->full_cycles++;
    if (o.disp_valid) {
        s->dispatched[o.disp_rule]++;
        s->last_sched_id = o.disp_instr_id;   /* §8 item 6: every dispatch */
        s->last_valid = 1u;
        if (o.disp_rule == XL_RULE_IMMEDIATE) {
            s->immediate++;
            s->arrivals++;
            return;   /* nothing buffered, nothing bypassed */
        }
        s->e[o.disp_slot].valid = 0u;
        s->count--;
        s->score_sum += o.disp_score;
        if (o.disp_rule == XL_RULE_RANDOM)
            s->lfsr = lfsr_next(s->lfsr);
    }
    merge = o.arr_buffered && s->p.policy == XL_WS_SIMT;
    if (o.disp_valid || merge) {
        uint32_t id = in->arr_instr_id & XL_WS_INSTR_MASK;
        for (i = 0; i < n; i++) {
            xl_ws_entry_t *e = &s->e[i];
            if (!e->valid)
                continue;
            /* §2.5: passed by a younger request -> bypass + 1, saturating. */
            if (o.disp_valid && stamp_older(e->stamp, o.disp_stamp) &&
                e->bypass < s->p.aging_threshold)
                e->bypass++;
            /* §2.3 1-b: all pending entries of the instruction take the new score. */
            if (merge && e->instr_id == id && e->score != o.arr_score) {
                e->score = o.arr_score;
                s->score_updates++;
            }
        }
    }
    if (o.arr_buffered) {
        xl_ws_entry_t *e = &s->e[o.arr_slot];
        e->valid = 1u;
        e->va = in->arr_va & XL_VA_MASK;
        e->instr_id = in->arr_instr_id & XL_WS_INSTR_MASK;
        e->stamp = s->next_stamp++;
        e->score = o.arr_score;
        e->bypass = 0u;
        e->tag = in->arr_tag;
        s->count++;
        s->arrivals++;
        if (s->count > s->max_occupancy)
            s->max_occupancy = s->count;
    }
}
