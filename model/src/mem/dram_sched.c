/*
 * dram_sched.c - the DRAM scheduler block of the memory system (dram_sched.h): the memory
 * controller of each channel, docs/isca18-micro18.md §1.2 (FR-FCFS, open page) and §7.1
 * (DRAM reads and writes by source, row hits and misses, queueing latency); the bounded
 * controller queues, batched write drains and refresh schedule of issue 15 (checked
 * against DRAMsim3, bench/results/dram.md). What an issued operation costs is the DRAM
 * timing block's (dram.c); times below are DRAM clocks unless they say GPU cycles, and
 * names are dram.* keys.
 *
 * Controller queues. Each channel has a read queue of queue_depth entries and a write
 * queue of write_queue_depth. An op reaching its channel enters its queue if that has
 * room, else waits upstream in a FIFO of its direction (dram.backpressure_waits); when an
 * op of that direction issues, its slot goes to the oldest op waiting upstream, which
 * enters at that decision's clock and can issue from the next one
 * (dram.backpressure_cycles sums the GPU cycles from reaching the channel to entering).
 * Nothing is refused: an L2 miss's MSHR simply stays busy longer.
 * Direction. A channel serves either reads or writes. It drains writes while
 *   writes queued >= write_high, or (writes queued > 0 and no read queued), or
 *   (a drain has begun and writes queued > write_low);
 * else it serves reads. The rule is re-evaluated at every change of either queue (an
 * op entering or issuing), so it depends on the queues' contents over time alone;
 * dram.write_drains counts the switches to writes. Writes go out in batches, and a lone
 * write goes out when no read waits (no write waits for reads that may never come).
 * Decisions. A channel decides at most once per DRAM clock. At clock k, after any
 * refresh due (below), its candidates are the queued ops of the current direction whose
 * bank is ready (bank.ready <= k: the bank's last column command + tCCD, or the end of
 * its rank's refresh); FR-FCFS takes the oldest (queue entry order) whose row is open in
 * its bank, else the oldest candidate, and issues it at k (dram_issue: dram.row_hits,
 * dram.row_misses or dram.row_conflicts by what it finds; dram.queue_latency sums the
 * GPU cycles from reaching the channel to issuing, upstream waiting included).
 * When decisions happen. A request entering a channel's queue at GPU cycle t is seen by
 * the decision at DRAM clock clk(t), or by the next undecided clock if that one is
 * already decided (only possible when dram.ctrl_latency = 0 sends a bypass_l2 request to
 * its queue in the very cycle it is submitted); one entering from upstream at a
 * decision's clock k is seen from k + 1. After a decision the channel's next one is the
 * first clock after it at which a queued op of the (possibly new) direction has its bank
 * ready; a channel has at most one pending decision (an earlier one replaces a later
 * one). A decision may find no ready op of its direction (an arrival schedules one for
 * its own clock, a refresh may then block the bank): it issues nothing; when it happens
 * is fixed by the events before it, like every other event.
 * Refresh. Rank r of every channel is due at n * tREFI + (r + 1) * tREFI / ranks (n = 0,
 * 1, ...; integer division; the ranks staggered as in DRAMsim3's rank-level staggered
 * policy); trefi = 0 turns refresh off. What a refresh does is dram_refresh's. A refresh
 * due at D is applied at the channel's first decision at a clock >= D, before that
 * decision: it reads only bank state, which only decisions change, and nothing before
 * that decision depends on it, so the state is the one applying it at D would give;
 * refreshes need no events of their own (xl_memsys_next_event does not stop for them,
 * and an idle memory system stays idle). dram.refreshes counts those applied.
 * dram.sched = gsn (MASK): reads enter, and are picked from, one Golden/Silver/Normal
 * block per channel instead (dram_sched_gsn.c); the bank lists above still hold them,
 * so the channel's wake-ups, write drains and refresh are the same rules.
 * DRAM operations come from a pool that grows by doubling and is reused through a free
 * list: no allocation in the steady state.
 */
#include "mem/dram_sched.h"

#include <stdio.h>
#include <stdlib.h>

#include "mem/hostbuf.h"
#include "mem/memkind.h"

#define NONE DSCHED_NONE

#define set_err(err, errlen, ...)                          \
    do {                                                   \
        if ((err) != NULL && (errlen) > 0u)                \
            snprintf((err), (errlen), __VA_ARGS__);        \
    } while (0)

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

static uint32_t op_alloc(dsched_t *q)
{
    uint32_t i;
    if (q->op_free == NONE) {
        uint32_t old = q->op_cap;
        q->op = hb_grow(q->op, &q->op_cap, sizeof *q->op);
        for (i = q->op_cap; i-- > old;) {
            q->op[i].next = q->op_free;
            q->op_free = i;
        }
    }
    i = q->op_free;
    q->op_free = q->op[i].next;
    return i;
}

static void op_release(dsched_t *q, uint32_t i)
{
    q->op[i].next = q->op_free;
    q->op_free = i;
}

/* Schedule channel c's decision at DRAM clock w unless one is due no later. */
static void chan_wake(dsched_t *q, uint32_t c, uint64_t w)
{
    dsched_chan_t *ch = &q->ch[c];
    if (w < ch->next_clk)
        w = ch->next_clk;
    if (w < ch->wake_clk) {
        ch->wake_clk = w;
        ch->wake_t = dram_cyc(q->dram, w);
        /* a channel's decision only moves earlier here: it is the earliest one if it
         * beats the current earliest, ties going to the lower channel index */
        if (ch->wake_t < q->wake_t || (ch->wake_t == q->wake_t && c < q->wake_c)) {
            q->wake_t = ch->wake_t;
            q->wake_c = c;
        }
    }
}

void dsched_send(dsched_t *q, uint64_t line, uint8_t write, uint8_t kd, uint8_t app,
                 uint8_t depth, uint8_t own, uint32_t owner, uint64_t t)
{
    uint32_t i = op_alloc(q);
    dsched_op_t *o = &q->op[i];
    dram_map(q->dram, line, &o->ch, &o->bank, &o->row);
    o->write = write;
    o->kd = kd;
    o->app = app;
    o->depth = depth;
    o->own = own;
    o->owner = owner;
    o->arrive = t;
    /* arrival times never decrease (dram_sched.h): a FIFO keeps them sorted */
    o->next = NONE;
    if (q->ar_tail == NONE) {
        q->ar_head = i;
        q->ar_t = t;
    } else
        q->op[q->ar_tail].next = i;
    q->ar_tail = i;
}

/* ------------------------------------------------------------ bank lists */

/* Put bank bi into list x of ch after bank `after` (NONE: at the head). */
static void bank_link(dsched_chan_t *ch, uint32_t x, uint32_t bi, uint32_t after)
{
    dsched_bq_t *b = &ch->bank[bi].q[x];
    b->aprev = after;
    b->anext = after == NONE ? ch->ahead[x] : ch->bank[after].q[x].anext;
    if (after == NONE)
        ch->ahead[x] = bi;
    else
        ch->bank[after].q[x].anext = bi;
    if (b->anext == NONE)
        ch->atail[x] = bi;
    else
        ch->bank[b->anext].q[x].aprev = bi;
}

static void bank_unlink(dsched_chan_t *ch, uint32_t x, uint32_t bi)
{
    dsched_bq_t *b = &ch->bank[bi].q[x];
    if (b->aprev == NONE)
        ch->ahead[x] = b->anext;
    else
        ch->bank[b->aprev].q[x].anext = b->anext;
    if (b->anext == NONE)
        ch->atail[x] = b->aprev;
    else
        ch->bank[b->anext].q[x].aprev = b->aprev;
}

/* Bank bi into list x by its key max(ready, next_clk): a bank free by the next decision
 * goes first; one still busy goes after every bank that frees no later than it. A bank
 * whose ready just moved is usually the latest, so the walk from the tail is short. */
static void bank_insert(dsched_chan_t *ch, uint32_t x, uint32_t bi)
{
    uint32_t after = NONE;
    uint64_t r = ch->bank[bi].ready;
    if (r > ch->next_clk)
        for (after = ch->atail[x]; after != NONE && ch->bank[after].ready > r;)
            after = ch->bank[after].q[x].aprev;
    bank_link(ch, x, bi, after);
}

/* Bank bi's ready has grown: move it to its new place in each list it is in. */
static void bank_relink(dsched_chan_t *ch, uint32_t bi)
{
    uint32_t x;
    for (x = 0; x < 2u; x++)
        if (ch->bank[bi].q[x].active) {
            bank_unlink(ch, x, bi);
            bank_insert(ch, x, bi);
        }
}

/* ------------------------------------------------------------ queues */

/* The oldest op from j on in a bank queue whose row is `row`, or NONE. */
static uint32_t find_hit(const dsched_t *q, uint32_t j, uint64_t row)
{
    for (; j != NONE; j = q->op[j].next)
        if (q->op[j].row == row)
            return j;
    return NONE;
}

/* The write drain rule (file comment): draining while the write queue is at the high
 * watermark, or holds writes and no read is queued, or a drain has begun and more than
 * the low watermark remain. Evaluated at every change of either queue, so it is a
 * function of the queue contents over time alone. */
static void mode_update(dsched_t *q, dsched_chan_t *ch)
{
    uint32_t w = ch->qn[1] >= q->whigh || (ch->qn[1] > 0u && ch->qn[0] == 0u) ||
                 (ch->wmode && ch->qn[1] > q->wlow);
    if (w && !ch->wmode)
        q->write_drains++;
    ch->wmode = w;
}

/* The earliest decision clock at or after `from` at which a queued op of the current
 * direction has its bank ready: the head of that list. UINT64_MAX if none is queued. */
static uint64_t chan_next(const dsched_chan_t *ch, uint64_t from)
{
    uint32_t h = ch->ahead[ch->wmode];
    if (h == NONE)
        return UINT64_MAX;
    return max64(from, ch->bank[h].ready);
}

/* Op i enters its channel's controller queue (it has room): it can be issued from the
 * first decision at or after now. Inlined into dsched_arrive: once per operation. */
static inline void enter_queue(dsched_t *q, dsched_chan_t *ch, uint32_t i)
    __attribute__((always_inline));
static inline void enter_queue(dsched_t *q, dsched_chan_t *ch, uint32_t i)
{
    dsched_op_t *o = &q->op[i];
    dsched_bank_t *b = &ch->bank[o->bank];
    uint32_t x = o->write;
    dsched_bq_t *bq = &b->q[x];
    o->age = q->age++;
    o->next = NONE;
    o->prev = bq->tail;
    if (bq->tail == NONE)
        bq->head = i;
    else
        q->op[bq->tail].next = i;
    bq->tail = i;
    if (bq->hit == NONE && o->row == dram_open_row(q->dram, o->ch, o->bank))
        bq->hit = i;
    if (!bq->active) {
        bq->active = 1;
        bank_insert(ch, x, o->bank);
    }
    ch->qn[x]++;
    if ((uint64_t)ch->qn[0] + ch->qn[1] > q->max_queue)
        q->max_queue = (uint64_t)ch->qn[0] + ch->qn[1];
    mode_update(q, ch);
}

/* The op at the head of the arrival FIFO reaches its channel at cycle ar_t: into its
 * controller queue, or, that queue being full, to the tail of the upstream FIFO. */
void dsched_arrive(dsched_t *q)
{
    uint32_t i = q->ar_head, x;
    dsched_op_t *o = &q->op[i];
    dsched_chan_t *ch = &q->ch[o->ch];
    uint64_t t = q->ar_t;
    q->ar_head = o->next;
    if (q->ar_head == NONE) {
        q->ar_tail = NONE;
        q->ar_t = UINT64_MAX;
    } else
        q->ar_t = q->op[q->ar_head].arrive;
    x = o->write;
    /* dram.sched = gsn: a read enters when its Golden/Silver/Normal queue takes it */
    if (x == 0u && q->gsn ? !dsched_gsn_admit(q, o->ch, i, dram_clk(q->dram, t), 0)
                          : ch->qn[x] >= q->qcap[x]) {
        q->bp_waits++;
        o->next = NONE;
        if (ch->utail[x] == NONE)
            ch->uhead[x] = i;
        else
            q->op[ch->utail[x]].next = i;
        ch->utail[x] = i;
        return;                /* a full queue has ops, so a decision is scheduled */
    }
    enter_queue(q, ch, i);
    /* the earliest decision that could issue something: the op's DRAM edge, once a bank
     * of the current direction is free */
    chan_wake(q, o->ch, chan_next(ch, dram_clk(q->dram, t)));
}

/* dram.sched = gsn: channel c's reads waiting upstream enter its queues at DRAM clock k,
 * in order, until one is not taken (the port holds it, and those behind it). Called
 * after an issue and at a quota commit, the changes that can make room. */
void dsched_refill(dsched_t *q, uint32_t c, uint64_t k)
{
    dsched_chan_t *ch = &q->ch[c];
    uint32_t u, n = 0;
    while ((u = ch->uhead[0]) != NONE && dsched_gsn_admit(q, c, u, k, 1)) {
        ch->uhead[0] = q->op[u].next;
        if (ch->uhead[0] == NONE)
            ch->utail[0] = NONE;
        q->bp_cycles += dram_cyc(q->dram, k) - q->op[u].arrive;
        enter_queue(q, ch, u);
        n++;
    }
    /* outside a decision (a quota commit) the channel may have to wake for them; inside
     * one, the decision's own next wake replaces this */
    if (n > 0u)
        chan_wake(q, c, chan_next(ch, k));
}

/* ------------------------------------------------------------ refresh */

/* Apply every refresh of channel c due at or before DRAM clock k, in due order per rank
 * (the ranks do not interact). Nothing between a refresh's due clock and the channel's
 * next decision depends on it or changes what it does, so applying it here gives the
 * state that applying it at its due clock would (file comment: refresh). After one
 * refresh every row is closed and, with tRFC < tREFI, each further one due by k starts
 * at its due clock: only the last of them leaves a trace (the rank's banks blocked until
 * its end), so they are counted and skipped. */
static void refresh_catch_up(dsched_t *q, uint32_t c, uint64_t k)
{
    dsched_chan_t *ch = &q->ch[c];
    uint32_t rk, j;
    ch->ref_next = UINT64_MAX;
    for (rk = 0; rk < q->ranks; rk++) {
        uint64_t *due = &ch->ref_due[rk];
        while (*due <= k) {
            /* the rank's rows close and its banks wait for the end of the refresh */
            uint64_t end = dram_refresh(q->dram, c, rk, *due);
            q->refreshes++;
            for (j = 0; j < q->banks; j++) {
                uint32_t bi = rk * q->banks + j;
                dsched_bank_t *b = &ch->bank[bi];
                b->q[0].hit = b->q[1].hit = NONE;
                if (b->ready < end) {
                    b->ready = end;
                    bank_relink(ch, bi);
                }
            }
            *due += q->trefi;
            if (*due <= k && dram_ref_end(q->dram, c, rk) <= *due) {
                uint64_t n = (k - *due) / q->trefi;
                q->refreshes += n;
                dram_refresh_idle(q->dram, c, rk, *due, n, q->trefi);   /* energy only */
                *due += n * q->trefi;
            }
        }
        if (*due < ch->ref_next)
            ch->ref_next = *due;
    }
}

/* ------------------------------------------------------------ decisions */

/* Issue queued operation i of channel c at DRAM clock k (file comment: decisions). */
static void issue(dsched_t *q, uint32_t c, uint32_t i, uint64_t k, dsched_issue_t *out)
{
    dsched_chan_t *ch = &q->ch[c];
    dsched_op_t *o = &q->op[i];
    dsched_bank_t *b = &ch->bank[o->bank];
    uint32_t x = o->write;
    dsched_bq_t *bq = &b->q[x];
    dram_access_t a;
    int same_row;

    dram_issue(q->dram, c, o->bank, o->row, x, o->kd, k, &a);
    if (a.row == DRAM_ROW_HIT)
        q->row_hits++;
    else if (a.row == DRAM_ROW_MISS)
        q->row_misses++;
    else
        q->row_conflicts++;
    same_row = a.row == DRAM_ROW_HIT;
    b->ready = a.ready;
    q->hits_kd[o->kd] += (uint64_t)same_row;
    q->bus[o->kd] += q->dram->tburst;
    if (x) {
        q->wr[o->kd]++;
        q->writes++;
    } else {
        uint64_t lat = dram_cyc(q->dram, a.end) - o->arrive;
        q->rd[o->kd]++;
        q->reads++;
        q->lat_sum[o->kd] += lat;
        if (lat > q->lat_max[o->kd])
            q->lat_max[o->kd] = lat;
    }
    q->queue_latency += dram_cyc(q->dram, k) - o->arrive;

    /* Unlink from the bank queue and find the bank's next row hits (its open row is
     * now o's). If o was a row hit (row unchanged) nothing older in its queue has the
     * row; if not, o was its queue's oldest op: either way that queue's next hit can
     * only come after o. The other direction's hit is looked for anew when the row
     * changed. */
    bq->hit = find_hit(q, o->next, o->row);
    if (!same_row)
        b->q[x ^ 1u].hit = find_hit(q, b->q[x ^ 1u].head, o->row);
    if (o->prev == NONE)
        bq->head = o->next;
    else
        q->op[o->prev].next = o->next;
    if (o->next == NONE)
        bq->tail = o->prev;
    else
        q->op[o->next].prev = o->prev;
    if (bq->head == NONE) {
        bq->active = 0;
        bank_unlink(ch, x, o->bank);
    }
    bank_relink(ch, o->bank);                       /* its ready has grown */
    ch->qn[x]--;
    /* the freed slot takes the oldest op waiting upstream (gsn reads: those the
     * Golden/Silver/Normal queues now take, the pick having left its queue) */
    if (x == 0u && q->gsn)
        dsched_refill(q, c, k);
    else if (ch->uhead[x] != NONE) {
        uint32_t u = ch->uhead[x];
        ch->uhead[x] = q->op[u].next;
        if (ch->uhead[x] == NONE)
            ch->utail[x] = NONE;
        q->bp_cycles += dram_cyc(q->dram, k) - q->op[u].arrive;
        enter_queue(q, ch, u);
    }
    mode_update(q, ch);

    out->end = a.end;
    out->ch = c;
    out->owner = o->owner;
    out->own = o->own;
    op_release(q, i);
}

/* The earliest decision over the channels, after the earliest one was taken. */
static void wake_rescan(dsched_t *q)
{
    uint32_t c;
    q->wake_t = UINT64_MAX;
    q->wake_c = 0;
    for (c = 0; c < q->channels; c++)
        if (q->ch[c].wake_t < q->wake_t) {
            q->wake_t = q->ch[c].wake_t;
            q->wake_c = c;
        }
}

/* Channel wake_c decides at its DRAM clock wake_clk: due refreshes first, then FR-FCFS
 * among the queued ops of the current direction whose bank is ready. */
int dsched_decide(dsched_t *q, dsched_issue_t *out)
{
    uint32_t c = q->wake_c;
    dsched_chan_t *ch = &q->ch[c];
    uint32_t bi, x, hit = NONE, any = NONE;
    uint64_t k = ch->wake_clk;

    ch->next_clk = k + 1u;
    if (ch->ref_next <= k)
        refresh_catch_up(q, c, k);
    x = ch->wmode;
    if (x == 0u && q->gsn) {
        /* Golden/Silver/Normal: the block picks (and lets go of) the op; the ops waiting
         * upstream then take the room it left */
        any = dsched_gsn_pick(q, c, k);
        if (any != NONE)
            issue(q, c, any, k, out);
        goto next;
    }
    /* k >= the next_clk of the list order, so the banks ready at k come first */
    for (bi = ch->ahead[x]; bi != NONE; bi = ch->bank[bi].q[x].anext) {
        const dsched_bank_t *b = &ch->bank[bi];
        if (b->ready > k)
            break;
        if (b->q[x].hit != NONE && (hit == NONE || q->op[b->q[x].hit].age < q->op[hit].age))
            hit = b->q[x].hit;                 /* the oldest row hit */
        if (any == NONE || q->op[b->q[x].head].age < q->op[any].age)
            any = b->q[x].head;                /* the oldest request */
    }
    if (any != NONE)
        issue(q, c, hit != NONE ? hit : any, k, out);
next:
    /* Next decision: the first clock after k at which a queued op of the (possibly new)
     * direction has its bank ready. */
    ch->wake_clk = chan_next(ch, k + 1u);
    ch->wake_t = ch->wake_clk != UINT64_MAX ? dram_cyc(q->dram, ch->wake_clk) : UINT64_MAX;
    wake_rescan(q);
    return any != NONE;
}

/* ------------------------------------------------------------ set-up */

int dsched_check(const xl_config_t *c, char *err, size_t errlen)
{
    if (c->dram.queue_depth == 0u || c->dram.write_queue_depth == 0u) {
        set_err(err, errlen, "dram.queue_depth (%u) and dram.write_queue_depth (%u) must be "
                "at least 1", c->dram.queue_depth, c->dram.write_queue_depth);
        return -1;
    }
    if (c->dram.write_high == 0u || c->dram.write_high > c->dram.write_queue_depth ||
        c->dram.write_low >= c->dram.write_high) {
        set_err(err, errlen, "dram.write_low (%u) < dram.write_high (%u) <= "
                "dram.write_queue_depth (%u) must hold, with write_high at least 1",
                c->dram.write_low, c->dram.write_high, c->dram.write_queue_depth);
        return -1;
    }
    if (c->dram.trefi != 0u && c->dram.trfc >= c->dram.trefi) {
        set_err(err, errlen, "dram.trfc (%u) must be below dram.trefi (%u) (dram.trefi = 0 "
                "turns refresh off)", c->dram.trfc, c->dram.trefi);
        return -1;
    }
    if (c->dram.sched == XL_DSCHED_GSN &&
        (uint64_t)c->dram.ranks * c->dram.banks > XL_GSN_MAX_BANKS) {
        set_err(err, errlen, "dram.sched = gsn: dram.ranks x dram.banks (%u x %u) must be at "
                "most %u (one bit per bank in the Golden/Silver/Normal pick)", c->dram.ranks,
                c->dram.banks, XL_GSN_MAX_BANKS);
        return -1;
    }
    return 0;
}

int dsched_init(dsched_t *q, const xl_config_t *c, dram_t *dram)
{
    uint64_t nb;
    uint32_t i, r;
    q->dram = dram;
    q->channels = dram->channels;
    q->ranks = dram->ranks;
    q->banks = dram->banks;
    q->qcap[0] = c->dram.queue_depth;
    q->qcap[1] = c->dram.write_queue_depth;
    q->whigh = c->dram.write_high;
    q->wlow = c->dram.write_low;
    q->trefi = c->dram.trefi;
    q->op_free = NONE;
    q->ar_head = q->ar_tail = NONE;
    q->ar_t = q->wake_t = UINT64_MAX;
    nb = (uint64_t)q->channels * q->ranks * q->banks;
    q->ch = calloc(q->channels, sizeof *q->ch);
    q->banks_all = calloc((size_t)nb, sizeof *q->banks_all);
    q->ref_due_all = calloc((size_t)q->channels * q->ranks, sizeof *q->ref_due_all);
    if (!q->ch || !q->banks_all || !q->ref_due_all)
        return -1;
    for (i = 0; i < nb; i++) {
        dsched_bank_t *b = &q->banks_all[i];
        unsigned x;
        for (x = 0; x < 2u; x++) {
            b->q[x].head = b->q[x].tail = b->q[x].hit = NONE;
            b->q[x].aprev = b->q[x].anext = NONE;
        }
    }
    for (i = 0; i < q->channels; i++) {
        dsched_chan_t *ch = &q->ch[i];
        unsigned x;
        ch->bank = q->banks_all + (size_t)i * q->ranks * q->banks;
        ch->ref_due = q->ref_due_all + (size_t)i * q->ranks;
        for (x = 0; x < 2u; x++) {
            ch->ahead[x] = ch->atail[x] = NONE;
            ch->uhead[x] = ch->utail[x] = NONE;
        }
        ch->wake_clk = ch->wake_t = UINT64_MAX;
        ch->ref_next = UINT64_MAX;
        for (r = 0; r < q->ranks; r++) {
            /* staggered: rank r's refreshes are due at n * tREFI + (r + 1) * tREFI / ranks
             * (n = 0, 1, ...), the same on every channel */
            ch->ref_due[r] = q->trefi ? (uint64_t)(r + 1u) * q->trefi / q->ranks : UINT64_MAX;
            if (ch->ref_due[r] < ch->ref_next)
                ch->ref_next = ch->ref_due[r];
        }
    }
    if (c->dram.sched == XL_DSCHED_GSN)
        return dsched_gsn_init(q, c);
    return 0;
}

void dsched_free(dsched_t *q)
{
    dsched_gsn_free(q);
    free(q->op);
    free(q->ch);
    free(q->banks_all);
    free(q->ref_due_all);
}

void dsched_stats(const dsched_t *q, xl_stats_t *s, uint64_t now_clk)
{
    xl_stats_counter(s, "dram.reads", "64 B DRAM reads issued (L2 fills and bypass reads)",
                     &q->reads);
    xl_stats_counter(s, "dram.reads_data", "DRAM reads for data", &q->rd[MK_DATA]);
    xl_stats_counter(s, "dram.reads_pt", "DRAM reads for page-table lines", &q->rd[MK_PT]);
    xl_stats_counter(s, "dram.writes", "64 B DRAM writes issued (write-backs and bypass writes)",
                     &q->writes);
    xl_stats_counter(s, "dram.writes_data", "DRAM writes of data lines", &q->wr[MK_DATA]);
    xl_stats_counter(s, "dram.writes_pt", "DRAM writes of page-table lines", &q->wr[MK_PT]);
    xl_stats_counter(s, "dram.row_hits", "DRAM requests that found their row open", &q->row_hits);
    xl_stats_counter(s, "dram.row_misses", "DRAM requests to a precharged bank (activate)",
                     &q->row_misses);
    xl_stats_counter(s, "dram.row_conflicts",
                     "DRAM requests that found another row open (precharge + activate)",
                     &q->row_conflicts);
    xl_stats_counter(s, "dram.queue_latency",
                     "sum of GPU cycles from reaching a channel queue to being issued",
                     &q->queue_latency);
    xl_stats_counter(s, "dram.max_queue",
                     "largest number of reads and writes in one channel's controller queues",
                     &q->max_queue);
    xl_stats_counter(s, "dram.refreshes",
                     "rank refreshes applied (due at or before each channel's last decision)",
                     &q->refreshes);
    dram_stats(q->dram, s);   /* the devices' counters in their published place */
    xl_stats_counter(s, "dram.write_drains",
                     "switches of a channel from reads to draining writes", &q->write_drains);
    xl_stats_counter(s, "dram.backpressure_waits",
                     "DRAM requests that found their controller queue full and waited upstream",
                     &q->bp_waits);
    xl_stats_counter(s, "dram.backpressure_cycles",
                     "sum of GPU cycles DRAM requests waited upstream of a full controller queue",
                     &q->bp_cycles);
    dsched_gsn_stats(q, s, now_clk);   /* by class, and the Golden/Silver/Normal queues */
}
