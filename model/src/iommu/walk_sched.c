/*
 * walk_sched.c - twin block "xl_walk_sched" of walk_sched.h: the IOMMU page-walk
 * request buffer and the walk scheduler (FCFS, random, SIMT-aware). Implements spec
 * docs/isca18-micro18.md §2.2 (buffer fields, widths), §2.3 (arrival: immediate dispatch, score
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
 * ((a - b) & 0x80000000) != 0 to avoid an implementation-defined conversion. Without
 * coalescing, live stamps span less than 2^31 (FCFS: < slots; SIMT: < aging_threshold +
 * 2*slots, hence the limits 2^30 and 2^20 checked by init), so on live entries this is a
 * total order and any reduction shape (linear scan here, a tree in the RTL) gives the
 * same pick. With coalescing, an entry excluded by CL is passed without bound while a
 * walker stays in its neighbourhood; the order stays total as long as no entry outlives
 * 2^31 later arrivals (a walk would have to last that long), and RANDOM has no bound. Stamps of live entries are distinct; the last tie rule (lower slot index) is
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
 * Derived state (not in the RTL; walk_sched.h). The edge keeps every valid slot on an
 * age list (stamp order) and on its instruction's list (stamp order); an instruction
 * record holds the instruction's one score; a bitmap holds the free slots. So:
 *   FCFS = the age list's head; batching = the head of last_sched_id's list; min score
 *   = the record with the least (score, head stamp); the lowest free slot and the
 *   RANDOM pick are bitmap searches.
 * Bypass counters are not incremented one by one. With D = dispatches from the buffer
 * so far, an entry that arrived when D was d0 with o0 older entries present, and that
 * has rank r now (r older entries still present), has been passed by exactly
 *   bypass = b0 + (D - d0) - (o0 - r)
 * younger dispatches (every dispatch since its arrival is of an older entry, which
 * lowers r by one, or of a younger one), b0 = 0 unless loaded by hand. bypass <= b0 +
 * D - d0, so while D - min(d0 - b0) < aging_threshold no entry can be aged and the
 * aging check costs nothing; otherwise comb walks the age list counting r.
 *
 * The registered pick (p.pick_pipe 1, RTL PickPipe 1; rtl/README.md): the pick above is
 * made every cycle over the entries that stay past the edge (buffered before it, not CL-
 * blocked or killed in the cycle, and not the entry dispatched in it), with the state
 * before the edge, and held in pick_valid/pick_slot/pick_rule. The next cycle dispatches
 * that entry, by the rule it was picked by, if a walker is ready and neither CL nor a kill
 * excludes it then; otherwise nothing is dispatched from the buffer that cycle (the pick
 * is dropped, and the register takes that cycle's pick). The entry is still buffered: the
 * cycle of the pick neither dispatched nor killed it, and an arrival only takes a slot
 * that was free before its edge. IMMEDIATE is unchanged (it needs an empty buffer, which
 * leaves nothing to pick). A buffered entry is thus dispatched one cycle later than with
 * the pick in the dispatch cycle, at the earliest two cycles after its arrival's edge.
 *
 * The pick from registers (p.pick_pipe 2, RTL PickPipe 2): as pick_pipe 1, but the pick
 * of a cycle reads no input of that cycle, so no path runs from the memory response
 * through the coalescing scan into the pick. Its CL is last cycle's (cl_q; a slot that
 * took an arrival holds the arrival's CL); a kill of the cycle is not looked at (an entry
 * killed then is dropped from the register next cycle, because it is no longer buffered);
 * and the entry held in the pick register is left out when a walker is ready (it is then
 * dispatched or dropped; without a ready walker it stays the pick). The dispatch cycle
 * checks, as with pick_pipe 1, that the entry is still
 * buffered and that CL and a kill do not exclude it now.
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
#define NIL           UINT32_MAX

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

/* ------------------------------------------------------------ derived state */

static uint32_t rec_hash(const xl_walk_sched_t *s, uint32_t id)
{
    return (id ^ (id >> 7) ^ (id >> 14)) & s->bmask;
}

static uint32_t rec_find(const xl_walk_sched_t *s, uint32_t id)
{
    uint32_t r;
    for (r = s->bucket[rec_hash(s, id)]; r != NIL; r = s->rec[r].hnext)
        if (s->rec[r].instr_id == id)
            return r;
    return NIL;
}

static uint32_t rec_new(xl_walk_sched_t *s, uint32_t id, uint16_t score)
{
    uint32_t r = s->rec_free, h = rec_hash(s, id);
    xl_ws_rec_t *x = &s->rec[r];
    s->rec_free = x->hnext;
    x->instr_id = id;
    x->count = 0u;
    x->score = score;
    x->head = x->tail = NIL;
    x->hnext = s->bucket[h];
    s->bucket[h] = r;
    x->act = s->nact;
    s->act[s->nact++] = r;
    return r;
}

static void rec_del(xl_walk_sched_t *s, uint32_t r)
{
    xl_ws_rec_t *x = &s->rec[r];
    uint32_t *p = &s->bucket[rec_hash(s, x->instr_id)], last;
    while (*p != r)
        p = &s->rec[*p].hnext;
    *p = x->hnext;
    last = s->act[--s->nact];
    s->act[x->act] = last;
    s->rec[last].act = x->act;
    x->hnext = s->rec_free;
    s->rec_free = r;
}

/* Link valid slot i (stamp set) into the age list and its record's list, both in stamp
 * order: an arrival goes to the tails; a hand-loaded entry may go further in. */
static void slot_link(xl_walk_sched_t *s, uint32_t i, uint32_t r)
{
    xl_ws_slot_t *e = &s->e[i];
    xl_ws_rec_t *x = &s->rec[r];
    uint32_t a = s->age_tail, b = x->tail;
    while (a != NIL && stamp_older(e->stamp, s->e[a].stamp))
        a = s->e[a].age_prev;
    e->age_prev = a;
    e->age_next = a == NIL ? s->age_head : s->e[a].age_next;
    if (a == NIL)
        s->age_head = i;
    else
        s->e[a].age_next = i;
    if (e->age_next == NIL)
        s->age_tail = i;
    else
        s->e[e->age_next].age_prev = i;
    while (b != NIL && stamp_older(e->stamp, s->e[b].stamp))
        b = s->e[b].ins_prev;
    e->ins_prev = b;
    e->ins_next = b == NIL ? x->head : s->e[b].ins_next;
    if (b == NIL)
        x->head = i;
    else
        s->e[b].ins_next = i;
    if (e->ins_next == NIL)
        x->tail = i;
    else
        s->e[e->ins_next].ins_prev = i;
    e->rec = r;
    x->count++;
    e->valid = 1u;
    s->freemap[i >> 6] &= ~(UINT64_C(1) << (i & 63u));
    s->count++;
}

static void slot_unlink(xl_walk_sched_t *s, uint32_t i)
{
    xl_ws_slot_t *e = &s->e[i];
    xl_ws_rec_t *x = &s->rec[e->rec];
    if (e->age_prev == NIL)
        s->age_head = e->age_next;
    else
        s->e[e->age_prev].age_next = e->age_next;
    if (e->age_next == NIL)
        s->age_tail = e->age_prev;
    else
        s->e[e->age_next].age_prev = e->age_prev;
    if (e->ins_prev == NIL)
        x->head = e->ins_next;
    else
        s->e[e->ins_prev].ins_next = e->ins_next;
    if (e->ins_next == NIL)
        x->tail = e->ins_prev;
    else
        s->e[e->ins_next].ins_prev = e->ins_prev;
    if (--x->count == 0u)
        rec_del(s, e->rec);
    e->valid = 0u;
    s->freemap[i >> 6] |= UINT64_C(1) << (i & 63u);
    s->count--;
}

/* Bypass of valid slot i whose rank (older valid entries) is r, not saturated. */
static uint64_t bypass_of(const xl_walk_sched_t *s, uint32_t i, uint32_t r)
{
    const xl_ws_slot_t *e = &s->e[i];
    return (uint64_t)e->b0 + (s->disp_count - e->d0) - ((uint64_t)e->o0 - r);
}

static int64_t bkey(const xl_ws_slot_t *e)
{
    return (int64_t)e->d0 - (int64_t)e->b0;
}

/* Could any entry be aged? (Necessary condition, exact once bkey_min is tight.) */
static int aging_possible(const xl_walk_sched_t *s)
{
    return s->count > 0u &&
           (int64_t)s->disp_count - s->bkey_min >= (int64_t)s->p.aging_threshold;
}

static void bkey_recompute(xl_walk_sched_t *s)
{
    uint32_t i;
    int64_t m = INT64_MAX;
    for (i = s->age_head; i != NIL; i = s->e[i].age_next)
        if (bkey(&s->e[i]) < m)
            m = bkey(&s->e[i]);
    s->bkey_min = m;
}

/* Is slot i out of this cycle's picks (CL set, completed by coalescing, or slot skip)? */
static int excluded(const xl_ws_in_t *in, uint32_t i, uint32_t skip)
{
    uint64_t bit = UINT64_C(1) << (i & 63u);
    return i == skip || (in->blocked && (in->blocked[i >> 6] & bit)) ||
           (in->kill && (in->kill[i >> 6] & bit));
}

/* Remove slot i without a dispatch (walk coalescing completed it): every younger entry
 * loses an older one that was not dispatched, which the bypass formula must not count. */
static void slot_kill(xl_walk_sched_t *s, uint32_t i)
{
    uint32_t j;
    for (j = s->e[i].age_next; j != NIL; j = s->e[j].age_next)
        s->e[j].o0--;
    slot_unlink(s, i);
    s->killed++;
}

/* ------------------------------------------------------------ lifecycle */

int xl_walk_sched_init(xl_walk_sched_t *s, const xl_ws_params_t *p, char *err, size_t errlen)
{
    char msg[160];
    uint32_t nb = 1u;
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
    if (p->pick_pipe > 2u) {
        snprintf(msg, sizeof msg, "pick_pipe must be 0, 1 or 2 (got %lu)",
                 (unsigned long)p->pick_pipe);
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
    while (nb < 2u * p->slots)
        nb <<= 1;
    s->bmask = nb - 1u;
    s->words = (p->slots + 63u) / 64u;
    s->e = calloc(p->slots, sizeof *s->e);
    s->rec = calloc(p->slots, sizeof *s->rec);
    s->act = calloc(p->slots, sizeof *s->act);
    s->bucket = calloc(nb, sizeof *s->bucket);
    s->freemap = calloc(s->words, sizeof *s->freemap);
    s->cl_q = calloc(s->words, sizeof *s->cl_q);
    if (!s->e || !s->rec || !s->act || !s->bucket || !s->freemap || !s->cl_q) {
        xl_walk_sched_free(s);
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
    free(s->rec);
    free(s->act);
    free(s->bucket);
    free(s->freemap);
    free(s->cl_q);
    s->cl_q = NULL;
    s->e = NULL;
    s->rec = NULL;
    s->act = NULL;
    s->bucket = NULL;
    s->freemap = NULL;
}

/* Reset: every slot invalid, stamps from 0, no last dispatch, LFSR = seed (0 -> 1, an
 * all-zero LFSR would stay 0 forever), every counter 0. Parameters are kept. */
void xl_walk_sched_reset(xl_walk_sched_t *s)
{
    uint32_t i, n = s->p.slots;
    if (s->e == NULL)
        return;
    memset(s->e, 0, (size_t)n * sizeof *s->e);
    for (i = 0; i < s->words; i++) {
        uint32_t lo = 64u * i, k = n - lo >= 64u ? 64u : n - lo;
        s->freemap[i] = k == 64u ? ~UINT64_C(0) : (UINT64_C(1) << k) - 1u;
    }
    for (i = 0; i <= s->bmask; i++)
        s->bucket[i] = NIL;
    for (i = 0; i < n; i++)
        s->rec[i].hnext = i + 1u < n ? i + 1u : NIL;
    s->rec_free = 0u;
    s->nact = 0u;
    s->age_head = s->age_tail = NIL;
    s->disp_count = 0u;
    s->bkey_min = INT64_MAX;
    s->count = 0u;
    s->next_stamp = 0u;
    s->last_sched_id = 0u;
    s->last_valid = 0u;
    s->lfsr = s->p.lfsr_seed != 0u ? s->p.lfsr_seed : 1u;
    s->pick_valid = 0u;
    s->pick_slot = 0u;
    s->pick_rule = (uint8_t)XL_RULE_NONE;
    memset(s->cl_q, 0, (size_t)s->words * sizeof *s->cl_q);
    s->moved = 0u;
    s->arrivals = 0u;
    s->immediate = 0u;
    memset(s->dispatched, 0, sizeof s->dispatched);
    s->full_cycles = 0u;
    s->score_updates = 0u;
    s->max_occupancy = 0u;
    s->score_sum = 0u;
    s->killed = 0u;
}

void xl_walk_sched_entry(const xl_walk_sched_t *s, uint32_t slot, xl_ws_entry_t *out)
{
    const xl_ws_slot_t *e = &s->e[slot];
    uint32_t r = 0, i;
    memset(out, 0, sizeof *out);
    if (!e->valid)
        return;
    out->valid = 1u;
    out->va = e->va;
    out->instr_id = e->instr_id;
    out->stamp = e->stamp;
    out->tag = e->tag;
    out->score = s->rec[e->rec].score;
    for (i = s->age_head; i != slot; i = s->e[i].age_next)
        r++;
    uint64_t b = bypass_of(s, slot, r);
    out->bypass = b >= s->p.aging_threshold ? s->p.aging_threshold : (uint32_t)b;
}

void xl_walk_sched_view(const xl_walk_sched_t *s, xl_ws_entry_t *out)
{
    uint32_t i, r = 0;
    memset(out, 0, (size_t)s->p.slots * sizeof *out);
    for (i = s->age_head; i != NIL; i = s->e[i].age_next, r++) {
        const xl_ws_slot_t *e = &s->e[i];
        uint64_t b = bypass_of(s, i, r);
        out[i].valid = 1u;
        out[i].va = e->va;
        out[i].instr_id = e->instr_id;
        out[i].stamp = e->stamp;
        out[i].tag = e->tag;
        out[i].score = s->rec[e->rec].score;
        out[i].bypass = b >= s->p.aging_threshold ? s->p.aging_threshold : (uint32_t)b;
    }
}

void xl_walk_sched_load(xl_walk_sched_t *s, uint32_t slot, const xl_ws_entry_t *in)
{
    xl_ws_slot_t *e = &s->e[slot];
    uint32_t r = rec_find(s, in->instr_id & XL_WS_INSTR_MASK), i, rank = 0;
    e->va = in->va & XL_VA_MASK;
    e->instr_id = in->instr_id & XL_WS_INSTR_MASK;
    e->stamp = in->stamp;
    e->tag = in->tag;
    if (r == NIL)
        r = rec_new(s, e->instr_id, in->score);
    s->rec[r].score = in->score;
    slot_link(s, slot, r);
    /* rank now; every younger entry gained an older one that is not a dispatch */
    for (i = s->age_head; i != slot; i = s->e[i].age_next)
        rank++;
    for (i = e->age_next; i != NIL; i = s->e[i].age_next)
        s->e[i].o0++;
    e->d0 = s->disp_count;
    e->o0 = rank;
    e->b0 = in->bypass;
    if (bkey(e) < s->bkey_min)
        s->bkey_min = bkey(e);
}

/* ------------------------------------------------------------ comb */

/* The dispatch pick among buffered entries not excluded this cycle (count > 0), by the
 * policy's rule; NIL if every entry is excluded. Slot skip (NIL: none) is excluded too:
 * with the registered pick it is the entry dispatched in this cycle. */
static uint32_t ws_pick(const xl_walk_sched_t *s, const xl_ws_in_t *in, uint32_t skip,
                        xl_ws_rule_t *rule)
{
    uint32_t i;
    int ex = in->blocked != NULL || in->kill != NULL || skip != NIL;
    if (s->p.policy == XL_WS_FCFS) {
        *rule = XL_RULE_FCFS;   /* §2.7 FCFS: oldest pending request */
        for (i = s->age_head; i != NIL && ex && excluded(in, i, skip); i = s->e[i].age_next)
            ;
        return i;
    }
    if (s->p.policy == XL_WS_RANDOM) {
        /* §2.7 random: first valid slot at or after the LFSR index, wrapping */
        uint32_t n = s->p.slots, start = s->lfsr & (n - 1u), w = start >> 6, k;
        uint64_t last = n & 63u ? (UINT64_C(1) << (n & 63u)) - 1u : ~UINT64_C(0);
        *rule = XL_RULE_RANDOM;
        for (k = 0; k <= s->words; k++, w = (w + 1u) % s->words) {
            uint64_t v = ~s->freemap[w] & (w == s->words - 1u ? last : ~UINT64_C(0));
            if (in->blocked)
                v &= ~in->blocked[w];
            if (in->kill)
                v &= ~in->kill[w];
            if (skip != NIL && skip >> 6 == w)
                v &= ~(UINT64_C(1) << (skip & 63u));
            if (k == 0u)
                v &= ~UINT64_C(0) << (start & 63u);
            else if (k == s->words)
                v &= (start & 63u) ? (UINT64_C(1) << (start & 63u)) - 1u : 0u;
            if (v)
                return 64u * w + xl_ctz64(v);
        }
        return NIL;
    }
    /* SIMT (§2.4): aging, then batching, then min score; oldest among equals */
    if (aging_possible(s)) {
        uint32_t r = 0;
        for (i = s->age_head; i != NIL; i = s->e[i].age_next, r++)
            if (bypass_of(s, i, r) >= s->p.aging_threshold && !(ex && excluded(in, i, skip))) {
                *rule = XL_RULE_AGING;
                return i;
            }
    }
    if (s->last_valid) {
        uint32_t r = rec_find(s, s->last_sched_id);
        if (r != NIL) {
            for (i = s->rec[r].head; i != NIL && ex && excluded(in, i, skip); i = s->e[i].ins_next)
                ;
            if (i != NIL) {
                *rule = XL_RULE_BATCH;
                return i;
            }
        }
    }
    uint32_t best = NIL;
    for (uint32_t k = 0; k < s->nact; k++) {
        const xl_ws_rec_t *x = &s->rec[s->act[k]];
        if (s->last_valid && x->instr_id == s->last_sched_id)
            continue;   /* its entries are batching candidates, all excluded */
        for (i = x->head; i != NIL && ex && excluded(in, i, skip); i = s->e[i].ins_next)
            ;
        if (i == NIL)
            continue;
        if (best == NIL || x->score < s->rec[s->e[best].rec].score ||
            (x->score == s->rec[s->e[best].rec].score &&
             stamp_older(s->e[i].stamp, s->e[best].stamp)))
            best = i;
    }
    *rule = XL_RULE_MINSCORE;
    return best;
}

/* comb of a cycle that may pick or take the arrival (out is all-zero on entry). Out of
 * line so that the common cycle with neither (no walker ready and the arrival refused, or
 * nothing at all) costs comb no register saves. */
static __attribute__((noinline)) void ws_comb_busy(const xl_walk_sched_t *s,
                                                   const xl_ws_in_t *in, xl_ws_out_t *out)
{
    uint32_t id = in->arr_instr_id & XL_WS_INSTR_MASK, pick = NIL;
    int arr = in->arr_valid != 0u, rdy = in->disp_ready != 0u;
    xl_ws_rule_t rule = XL_RULE_NONE;

    if (s->count == 0u && arr && rdy && !in->arr_blocked) {
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
    if (rdy && s->count > 0u) {
        if (!s->p.pick_pipe) {
            pick = ws_pick(s, in, NIL, &rule);
        } else if (s->pick_valid && s->e[s->pick_slot].valid &&
                   !excluded(in, s->pick_slot, NIL)) {
            /* registered pick: the entry picked last cycle, unless CL or a kill now
             * excludes it, or (pick_pipe 2) a kill in the cycle of the pick removed it
             * (then no dispatch this cycle) */
            pick = s->pick_slot;
            rule = (xl_ws_rule_t)s->pick_rule;
        }
    }
    if (pick != NIL) {
        const xl_ws_slot_t *e = &s->e[pick];
        out->disp_valid = 1u;
        out->disp_rule = (uint8_t)rule;
        out->disp_slot = pick;
        out->disp_va = e->va;
        out->disp_instr_id = e->instr_id;
        out->disp_stamp = e->stamp;
        out->disp_score = s->rec[e->rec].score;
        out->disp_tag = e->tag;
    }
    if (arr && s->count < s->p.slots) {
        uint32_t w = 0;
        while (!s->freemap[w])
            w++;
        out->arr_ready = 1u;
        out->arr_buffered = 1u;
        out->arr_slot = 64u * w + xl_ctz64(s->freemap[w]);
        if (s->p.policy == XL_WS_SIMT) {
            /* §2.3 1-b: merge with a same-instruction entry that stays in the buffer
             * (the one dispatched at this edge leaves first). */
            uint32_t r = rec_find(s, id), sum = in->arr_est;
            if (r != NIL) {
                uint32_t stay = s->rec[r].count - (pick != NIL && s->e[pick].rec == r), i;
                if (in->kill)
                    for (i = s->rec[r].head; i != NIL && stay; i = s->e[i].ins_next)
                        if (in->kill[i >> 6] & (UINT64_C(1) << (i & 63u)))
                            stay--;
                if (stay)
                    sum += s->rec[r].score;
            }
            out->arr_score = (uint16_t)(sum > XL_WS_SCORE_MAX ? XL_WS_SCORE_MAX : sum);
        }
    }
}

void xl_walk_sched_comb(const xl_walk_sched_t *s, const xl_ws_in_t *in, xl_ws_out_t *out)
{
    memset(out, 0, sizeof *out);
    /* No pick without a ready walker and a buffered entry, and the arrival is taken only
     * with a free slot (immediate dispatch needs count == 0 < slots): otherwise every
     * output is 0. */
    if ((in->disp_ready && s->count > 0u) || (in->arr_valid && s->count < s->p.slots))
        ws_comb_busy(s, in, out);
}

/* ------------------------------------------------------------ edge */

void xl_walk_sched_step(xl_walk_sched_t *s, const xl_ws_in_t *in)
{
    xl_ws_out_t o;
    xl_walk_sched_comb(s, in, &o);
    xl_walk_sched_commit(s, in, &o);
}

/* The edge of a cycle in which an entry enters or leaves the buffer or a dispatch is made;
 * out of line for the same reason as ws_comb_busy. */
static __attribute__((noinline)) void ws_commit_busy(xl_walk_sched_t *s, const xl_ws_in_t *in,
                                                     const xl_ws_out_t *o)
{
    if (o->disp_valid) {
        s->dispatched[o->disp_rule]++;
        s->last_sched_id = o->disp_instr_id;   /* §8 item 6: every dispatch */
        s->last_valid = 1u;
        if (o->disp_rule == XL_RULE_IMMEDIATE) {
            s->immediate++;
            s->arrivals++;
            return;   /* nothing buffered, nothing bypassed */
        }
        /* §2.5: every older entry is passed by this one: counted lazily (file comment) */
        slot_unlink(s, o->disp_slot);
        s->disp_count++;
        s->score_sum += o->disp_score;
        if (o->disp_rule == XL_RULE_RANDOM)
            s->lfsr = lfsr_next(s->lfsr);
    }
    if (in->kill) {   /* entries completed by walk coalescing leave too */
        uint32_t w;
        for (w = 0; w < s->words; w++) {
            uint64_t v = in->kill[w] & ~s->freemap[w];
            while (v) {
                uint32_t i = 64u * w + xl_ctz64(v);
                v &= v - 1u;
                slot_kill(s, i);
            }
        }
    }
    if (o->arr_buffered) {
        uint32_t id = in->arr_instr_id & XL_WS_INSTR_MASK, r = rec_find(s, id);
        xl_ws_slot_t *e = &s->e[o->arr_slot];
        if (r == NIL) {
            r = rec_new(s, id, o->arr_score);
        } else if (s->rec[r].score != o->arr_score) {
            /* §2.3 1-b: all pending entries of the instruction take the new score */
            s->score_updates += s->rec[r].count;
            s->rec[r].score = o->arr_score;
        }
        e->va = in->arr_va & XL_VA_MASK;
        e->instr_id = id;
        e->stamp = s->next_stamp++;
        e->tag = in->arr_tag;
        e->d0 = s->disp_count;
        e->o0 = s->count;   /* every buffered entry is older */
        e->b0 = 0u;
        slot_link(s, o->arr_slot, r);
        if (bkey(e) < s->bkey_min)
            s->bkey_min = bkey(e);
        s->arrivals++;
        if (s->count > s->max_occupancy)
            s->max_occupancy = s->count;
    }
    if (aging_possible(s))
        bkey_recompute(s);   /* tighten the stale bound (removals never raise it) */
}

void xl_walk_sched_commit(xl_walk_sched_t *s, const xl_ws_in_t *in, const xl_ws_out_t *op)
{
    const xl_ws_out_t *o = op;
    if (s->p.pick_pipe) {
        /* The registered picks: this cycle's pick over the entries buffered before the
         * edge, by the state before the edge, dispatched next cycle if still eligible.
         *  pick_pipe 1: with this cycle's CL and kills, without the entry dispatched now;
         *    an entry it names stays valid until then (neither killed nor dispatched).
         *  pick_pipe 2, from registers only: last cycle's CL (cl_q), kills not looked
         *    at, the registered entry left out when a walker is ready (dispatched or
         *    dropped now). Then this cycle's CL is registered, the arrival's slot taking
         *    the arrival's own CL; moved records whether the edge changed the pick or
         *    cl_q: if not, and nothing else happens, the next cycle repeats this one
         *    (xl_walk_path_busy). */
        xl_ws_in_t rin;
        const xl_ws_in_t *pin = in;
        xl_ws_rule_t rule = XL_RULE_NONE;
        uint32_t skip = o->disp_valid && o->disp_rule != XL_RULE_IMMEDIATE ? o->disp_slot : NIL;
        uint32_t was_slot = s->pick_slot, nxt, w;
        uint8_t was_valid = s->pick_valid, was_rule = s->pick_rule;
        if (s->p.pick_pipe == 2u) {
            memset(&rin, 0, sizeof rin);
            rin.blocked = s->cl_q;
            pin = &rin;
            skip = s->pick_valid && in->disp_ready ? s->pick_slot : NIL;
        }
        nxt = s->count > 0u ? ws_pick(s, pin, skip, &rule) : NIL;
        s->pick_valid = nxt != NIL;
        s->pick_slot = nxt != NIL ? nxt : 0u;
        s->pick_rule = nxt != NIL ? (uint8_t)rule : (uint8_t)XL_RULE_NONE;
        if (s->p.pick_pipe == 2u) {
            s->moved = s->pick_valid != was_valid || s->pick_slot != was_slot ||
                       s->pick_rule != was_rule;
            for (w = 0; w < s->words; w++) {
                uint64_t v = in->blocked ? in->blocked[w] : 0u;
                if (o->arr_buffered && o->arr_slot >> 6 == w) {
                    uint64_t b = UINT64_C(1) << (o->arr_slot & 63u);
                    v = in->arr_blocked ? v | b : v & ~b;
                }
                s->moved |= v != s->cl_q[w];
                s->cl_q[w] = v;
            }
        }
    }
    if (in->arr_valid && !o->arr_ready)
        s->full_cycles++;
    /* No dispatch, no kill input and no arrival buffered: no register changes. The
     * derived bound bkey_min is left as it is too: the last edge made it tight whenever
     * aging was possible, so the recompute would give the same value, and it only decides
     * whether comb looks for aged entries, never which entry is picked. */
    if (o->disp_valid || in->kill || o->arr_buffered)
        ws_commit_busy(s, in, o);
}
