/*
 * memsys.c - the memory system below the translation path (memsys.h), assembled from its
 * blocks: the shared L2 data cache with its MSHRs (l2cache.c), the DRAM controller's
 * queues and FR-FCFS scheduler (dram_sched.c) and the DDR3 timing of its devices
 * (dram.c); docs/isca18-micro18.md §1.1 (Table I: 4 MB 16-way 64 B L2; DDR3-1600,
 * 2 channels x 2 ranks x 16 banks), §1.2 (DDR3-1600 11-11-11, BL8, 64-bit channel,
 * FR-FCFS, open page, the walkers' path) and §7.1 (the counters). This file owns the
 * caller's requests: their way through the L2 and the controller latency, the MSHRs'
 * requesters and line fills, completions, and the one event loop that orders it all.
 * Timing only: data contents are not modelled.
 *
 * ---- Path of a request (memsys.h) ---------------------------------------------------
 * submit at t (not bypass_l2):
 *   t + H        L2 lookup (H = l2d.hit_latency). Hit: LRU touch, a write sets the dirty
 *                bit, the request completes at t + H. Miss: if an MSHR holds the line,
 *                merge into it (completes when the line arrives; a write makes the
 *                filled line dirty); else allocate a free MSHR; else (all l2d.mshrs
 *                busy) wait in a FIFO, "in order". A miss that finds an MSHR of its line
 *                merges at once even while others wait (it needs no new MSHR).
 *   +C           the MSHR's 64 B read reaches its channel's queue (C = dram.ctrl_latency).
 *   DRAM         queued, issued by FR-FCFS (dram_sched.c), burst ends at DRAM clock e
 *                (dram.c).
 *   cyc(e) + C   the line is filled into the L2 (victim: an invalid way, lowest index
 *                first, else the least recently used one; a dirty victim
 *                is written back: a DRAM write with no requester that reaches its
 *                channel's queue C cycles later); every merged request completes now;
 *                the MSHR is freed and waiting misses are retried in order (a retry
 *                that now finds its line in the L2 completes at once, one that finds an
 *                MSHR of its line merges, else it takes a free MSHR or stays waiting).
 *   Writes are write-allocate with fetch: a write miss reads the line like a read
 *   miss and completes when the line is filled (then the L2 "has taken it").
 * submit at t with bypass_l2: reaches its channel's queue at t + C, completes at
 *   cyc(e) + C; no L2 state or counter moves (memsys.h: "skip the L2 both ways").
 *   A page-table read whose depth MASK's L2 bypass has set (l2b_bypass, l2byp.h) goes
 *   the same way; its decision boundaries are processed before the first event at or
 *   after them and before that question (exact without events of their own, l2byp.h).
 *   Quotas of xl_memsys_set_quota wait for the next submit or pop: its `now` commits
 *   them after every event before it (memsys.h).
 * flush of a frame at t (xl_memsys_flush_frame, HPCA'16 §5.1): its lines in the L2 are
 *   invalidated (l2c_inv), a dirty one written back like a victim (at t + C at its
 *   channel); a line with a busy MSHR is left to its fill.
 * Counters split by kind count XL_MEM_PT as page table and every other kind as data
 * (memkind.h).
 * The rest of memsys.h's rules are its blocks': the L2 set index (l2d.index) in
 * l2cache.c; the clocks, the address mapping and the DRAM timing in dram.c; the
 * controller queues, FR-FCFS, write drains and refresh schedule in dram_sched.c.
 *
 * ---- Event order (determinism) -------------------------------------------------------
 * Internal events are processed in (GPU cycle, class, tie number) order. Within one GPU
 * cycle: class 0 line fills, class 1 L2 lookups (submission order), class 2 arrivals at
 * a channel queue, class 3 channel decisions (DRAM edges). The tie number of a decision
 * is its channel index (channels decide in index order); that of any other event is its
 * insertion count, itself fixed by the order of the events before it. Each class keeps
 * its events in time order without a heap: lookups (t + H) and arrivals (t + C) are
 * created at the cycle being processed, which never decreases, so they form FIFOs; a
 * channel's fills are kept in a list in (cycle, insertion count) order, inserted from
 * its tail (a later-issued burst may end first, DRAM timing), and the earliest head over
 * the channels goes first (ties by insertion count); a channel has at most one pending
 * decision (dram_sched.c, with when an arrival is seen by a decision).
 * xl_memsys_submit and xl_memsys_pop first process every event up to `now` (submit
 * treats a `now` below one already seen as that one), so when and how often a caller
 * calls them (every cycle, or only at xl_memsys_next_event cycles; popping before or
 * after submitting in a cycle) cannot change any result. Completions wait ordered by
 * (completion cycle, submission seq), the pop order of memsys.h, in a FIFO when they
 * come in that order (most do) and else in a heap; pop takes the smaller of the heads.
 * Requests and completion heap slots come from pools that grow by doubling and are
 * reused through free lists (the blocks' own state likewise): no allocation in the
 * steady state.
 */
#include "xlat/memsys.h"

#include <stdio.h>
#include <stdlib.h>

#include "mem/dram.h"
#include "mem/dram_sched.h"
#include "mem/hostbuf.h"
#include "mem/l2byp.h"
#include "mem/l2cache.h"
#include "mem/memkind.h"

#define NONE      UINT32_MAX
#define LINE_SHIFT 6u

enum { OWN_NONE = 0, OWN_MSHR = 1, OWN_REQ = 2 };   /* who waits for a DRAM op */

/* A caller's request while it is in the memory system. */
typedef struct {
    xl_mem_req_t req;
    uint64_t seq;        /* submission order: the tie-break of completions */
    uint64_t t_lookup;   /* GPU cycle of the L2 lookup (submit + H) */
    uint64_t line;       /* addr >> 6 */
    uint64_t done;       /* completion cycle, once completed */
    uint32_t next;       /* lookup FIFO, MSHR requester list, MSHR wait FIFO, completion
                          * FIFO or free list */
    uint32_t set;        /* L2 set of line (l2c_set), computed once at submit */
} mreq_t;

/* What waits on a busy MSHR (l2cache.h), by MSHR number: its requesters, and once its
 * read has issued, its place in its channel's fill list. */
typedef struct {
    uint64_t fill_t;     /* GPU cycle its line arrives, once its read has issued */
    uint64_t fseq;       /* fill order: the tie-break of fills of one cycle */
    uint32_t head, tail; /* requesters (mreq indices), submission order */
    uint32_t fnext, fprev;   /* its channel's fill list, (fill_t, fseq) order */
} mfill_t;

typedef struct {
    uint64_t done, seq;
    uint32_t idx;        /* mreq */
} cpl_t;

struct xl_memsys {
    uint64_t H, C;                  /* l2d.hit_latency, dram.ctrl_latency (GPU cycles) */
    uint64_t now;                   /* largest `now` seen */
    uint64_t seq;                   /* submissions */
    uint64_t fseq;                  /* fills scheduled */
    uint64_t next_t;                /* earliest pending internal event, UINT64_MAX if none */
    /* the head of each event class (UINT64_MAX: none), kept up to date so that the event
     * loop picks the next event with three comparisons (arrivals and decisions:
     * sch.ar_t, sch.wake_t) */
    uint64_t fill_t, lk_t;
    uint32_t fill_c;                /* channel of the earliest fill */
    uint64_t pending;

    l2c_t l2;
    l2b_t byp;                      /* MASK's L2 bypass (l2byp.h) */
    dsched_t sch;
    dram_t dram;

    mfill_t *mf;                    /* per MSHR */
    uint32_t *fhead, *ftail;        /* per channel: MSHRs whose read has issued, (fill_t,
                                     * fseq) order */
    uint32_t wq_head, wq_tail;      /* misses waiting for an MSHR */

    mreq_t *rq;  uint32_t rq_cap, rq_free;
    uint32_t lk_head, lk_tail;      /* L2 lookup FIFO */
    cpl_t *cp;   uint32_t cp_n, cp_cap;
    uint32_t cf_head, cf_tail;      /* completions in (cycle, seq) order, beside the heap */
    uint64_t cp_t;                  /* earliest completion not popped, UINT64_MAX if none */

    uint32_t napps;                 /* applications sharing it (xl_memsys_set_apps) */
    uint32_t thresh[XL_MEMSYS_MAX_APPS];   /* their Silver quotas (xl_memsys_set_quota), */
    uint32_t quota_pending;         /* waiting for the next submit or pop's `now` */
};

/* ------------------------------------------------------------ requests */

/* More request slots, onto the free list. Not inlined: rare, and it would make
 * rq_alloc's callers save registers. */
static void rq_grow(xl_memsys_t *m) __attribute__((noinline));
static void rq_grow(xl_memsys_t *m)
{
    uint32_t i, old = m->rq_cap;
    m->rq = hb_grow(m->rq, &m->rq_cap, sizeof *m->rq);
    for (i = m->rq_cap; i-- > old;) {
        m->rq[i].next = m->rq_free;
        m->rq_free = i;
    }
}

static inline uint32_t rq_alloc(xl_memsys_t *m)
{
    uint32_t i;
    if (m->rq_free == NONE)
        rq_grow(m);
    i = m->rq_free;
    m->rq_free = m->rq[i].next;
    m->rq[i].next = NONE;
    return i;
}

static void rq_release(xl_memsys_t *m, uint32_t i)
{
    m->rq[i].next = m->rq_free;
    m->rq_free = i;
}

/* A DRAM operation is created now and reaches its channel at GPU cycle t (the
 * controller's, dram_sched.c); its event is the earliest if it beats next_t. */
static inline void dram_send(xl_memsys_t *m, uint64_t line, uint8_t write, unsigned kd,
                             const xl_mem_req_t *r, uint8_t own, uint32_t owner, uint64_t t)
{
    dsched_send(&m->sch, line, write, (uint8_t)kd, r ? r->app : 0u, r ? r->depth : 0u, own,
                owner, t);
    if (t < m->next_t)
        m->next_t = t;
}

/* ------------------------------------------------------------ completions */
/* Completions are popped in (cycle, seq) order from two sorted stores: a FIFO that takes
 * every completion ordered after the FIFO's last one, and a heap for the others. Most
 * completions come in that order (hits and fills complete at the cycle being
 * processed, mostly in submission order), so few pay the heap's cost. */

static int cp_less(const cpl_t *a, const cpl_t *b)
{
    return a->done < b->done || (a->done == b->done && a->seq < b->seq);
}

/* Completion of request idx at cycle t ordered before the FIFO's last one: into the
 * heap. Not inlined: rare (complete below is inlined at its callers). */
static void cp_push(xl_memsys_t *m, uint32_t idx, uint64_t t) __attribute__((noinline));
static void cp_push(xl_memsys_t *m, uint32_t idx, uint64_t t)
{
    uint32_t i;
    cpl_t e;
    if (m->cp_n == m->cp_cap)
        m->cp = hb_grow(m->cp, &m->cp_cap, sizeof *m->cp);
    e.done = t;
    e.seq = m->rq[idx].seq;
    e.idx = idx;
    i = m->cp_n++;
    while (i > 0u) {
        uint32_t p = (i - 1u) / 2u;
        if (!cp_less(&e, &m->cp[p]))
            break;
        m->cp[i] = m->cp[p];
        i = p;
    }
    m->cp[i] = e;
}

/* Request idx completes at GPU cycle t. */
static inline void complete(xl_memsys_t *m, uint32_t idx, uint64_t t)
{
    mreq_t *q = &m->rq[idx];
    q->done = t;
    if (t < m->cp_t)
        m->cp_t = t;
    if (m->cf_tail == NONE || t > m->rq[m->cf_tail].done ||
        (t == m->rq[m->cf_tail].done && q->seq > m->rq[m->cf_tail].seq)) {
        q->next = NONE;
        if (m->cf_tail == NONE)
            m->cf_head = idx;
        else
            m->rq[m->cf_tail].next = idx;
        m->cf_tail = idx;
    } else
        cp_push(m, idx, t);
}

static cpl_t cp_pop(xl_memsys_t *m)
{
    cpl_t top = m->cp[0], last = m->cp[--m->cp_n];
    uint32_t i = 0, n = m->cp_n;
    for (;;) {
        uint32_t c = 2u * i + 1u;
        if (c >= n)
            break;
        if (c + 1u < n && cp_less(&m->cp[c + 1u], &m->cp[c]))
            c++;
        if (!cp_less(&m->cp[c], &last))
            break;
        m->cp[i] = m->cp[c];
        i = c;
    }
    if (n > 0u)
        m->cp[i] = last;
    return top;
}

/* ------------------------------------------------------------ DRAM results */

/* The earliest fill over the channels' fill lists, (time, fseq) order, after the
 * earliest one was taken. */
static void fill_rescan(xl_memsys_t *m)
{
    uint64_t fs = 0;
    uint32_t c;
    m->fill_t = UINT64_MAX;
    m->fill_c = 0;
    for (c = 0; c < m->dram.channels; c++)
        if (m->fhead[c] != NONE) {
            const mfill_t *f = &m->mf[m->fhead[c]];
            if (f->fill_t < m->fill_t || (f->fill_t == m->fill_t && f->fseq < fs)) {
                m->fill_t = f->fill_t;
                fs = f->fseq;
                m->fill_c = c;
            }
        }
}

/* A DRAM operation issued (dsched_decide): its data is back through the controller at
 * cyc(end) + C, where its owner sees it. */
static void dram_done(xl_memsys_t *m, const dsched_issue_t *d)
{
    uint64_t tdone = dram_cyc(&m->dram, d->end) + m->C;
    if (d->own == OWN_MSHR) {
        /* a later-issued burst may end first (an earlier free data slot): the fill
         * list is kept in (fill_t, fseq) order, searched from its tail */
        uint32_t s = d->owner, c = d->ch, after = m->ftail[c];
        mfill_t *f = &m->mf[s];
        f->fill_t = tdone;
        f->fseq = m->fseq++;
        while (after != NONE && m->mf[after].fill_t > tdone)
            after = m->mf[after].fprev;
        f->fprev = after;
        f->fnext = after == NONE ? m->fhead[c] : m->mf[after].fnext;
        if (after == NONE)
            m->fhead[c] = s;
        else
            m->mf[after].fnext = s;
        if (f->fnext == NONE)
            m->ftail[c] = s;
        else
            m->mf[f->fnext].fprev = s;
        /* a new head: the earliest fill if it beats the current one (a fill pushed
         * later wins no tie, its fseq being larger) */
        if (after == NONE && tdone < m->fill_t) {
            m->fill_t = tdone;
            m->fill_c = c;
        }
    } else if (d->own == OWN_REQ)
        complete(m, d->owner, tdone);
}

/* ------------------------------------------------------------ L2 misses and fills */

/* Request r joins the requesters of MSHR s. */
static void mshr_add_req(xl_memsys_t *m, uint32_t s, uint32_t r)
{
    mfill_t *f = &m->mf[s];
    m->rq[r].next = NONE;
    if (f->tail == NONE)
        f->head = r;
    else
        m->rq[f->tail].next = r;
    f->tail = r;
}

/* Request r takes a free MSHR at GPU cycle t; its read reaches DRAM at t + C. Inline:
 * called per miss from the event loop, which has its registers saved. */
static inline void mshr_alloc(xl_memsys_t *m, uint32_t r, uint64_t t)
{
    const mreq_t *q = &m->rq[r];
    unsigned kd = mk_class(q->req.kind);
    uint32_t s = l2c_mshr_alloc(&m->l2, q->line, q->set, kd, q->req.write);
    m->mf[s].head = m->mf[s].tail = NONE;
    mshr_add_req(m, s, r);
    dram_send(m, q->line, 0, kd, &q->req, OWN_MSHR, s, t + m->C);
}

static void wq_push(xl_memsys_t *m, uint32_t r)
{
    m->rq[r].next = NONE;
    if (m->wq_tail == NONE)
        m->wq_head = r;
    else
        m->rq[m->wq_tail].next = r;
    m->wq_tail = r;
}

/* Retry the misses waiting for an MSHR, in order, until one still has to wait. */
static void wq_drain(xl_memsys_t *m, uint64_t t)
{
    while (m->wq_head != NONE) {
        uint32_t r = m->wq_head;
        const mreq_t *q = &m->rq[r];
        uint32_t s = l2c_mshr_find(&m->l2, q->line);
        size_t base;
        int w = l2c_find(&m->l2, q->line, q->set, &base);
        if (w < 0 && s == L2C_NONE && !l2c_mshr_can_alloc(&m->l2))
            break;                             /* still no MSHR: it and all behind wait */
        m->wq_head = q->next;
        if (m->wq_head == NONE)
            m->wq_tail = NONE;
        if (w >= 0) {
            l2c_hit(&m->l2, q->set, base, (uint32_t)w, q->req.write);
            complete(m, r, t);
        } else if (s != L2C_NONE) {
            l2c_mshr_merge(&m->l2, s, mk_class(q->req.kind), q->req.write);
            mshr_add_req(m, s, r);
        } else
            mshr_alloc(m, r, t);
    }
}

/* The L2 lookup of the request at the head of the lookup FIFO, at its cycle t. */
static void ev_lookup(xl_memsys_t *m)
{
    uint32_t r = m->lk_head, s;
    mreq_t *q = &m->rq[r];
    uint64_t t = q->t_lookup;
    unsigned kd = mk_class(q->req.kind);
    size_t base;
    int w;

    m->lk_head = q->next;
    if (m->lk_head == NONE) {
        m->lk_tail = NONE;
        m->lk_t = UINT64_MAX;
    } else
        m->lk_t = m->rq[m->lk_head].t_lookup;
    w = l2c_lookup(&m->l2, q->line, q->set, kd, &base);
    l2b_count(&m->byp, q->req.depth, w >= 0);
    if (w >= 0) {
        l2c_hit(&m->l2, q->set, base, (uint32_t)w, q->req.write);
        complete(m, r, t);
        return;
    }
    if ((s = l2c_mshr_find(&m->l2, q->line)) != L2C_NONE) {
        l2c_mshr_merge(&m->l2, s, kd, q->req.write);
        mshr_add_req(m, s, r);
    } else if (!l2c_mshr_can_alloc(&m->l2)) {
        l2c_mshr_wait(&m->l2);
        wq_push(m, r);
    } else
        mshr_alloc(m, r, t);
}

/* The line of the MSHR at the head of channel c's fill list arrives at the L2. */
static void ev_fill(xl_memsys_t *m, uint32_t c)
{
    uint32_t s = m->fhead[c], r;
    const mfill_t *f = &m->mf[s];
    uint64_t t = f->fill_t, wb_line;
    unsigned wb_kd;

    m->fhead[c] = f->fnext;
    if (m->fhead[c] == NONE)
        m->ftail[c] = NONE;
    else
        m->mf[m->fhead[c]].fprev = NONE;
    fill_rescan(m);
    if (l2c_fill(&m->l2, s, &wb_line, &wb_kd))   /* a dirty victim: written back */
        dram_send(m, wb_line, 1, wb_kd, NULL, OWN_NONE, NONE, t + m->C);
    for (r = f->head; r != NONE;) {
        uint32_t nx = m->rq[r].next;
        complete(m, r, t);
        r = nx;
    }
    l2c_mshr_release(&m->l2, s);
    wq_drain(m, t);
}

/* ------------------------------------------------------------ event loop */

/* Process every event at or before GPU cycle `now`, in (cycle, class, tie) order
 * (file comment: event order). Each class has its own queue whose head is its
 * earliest event: fills (one sorted list per channel, ties by fseq), lookups and arrivals
 * (FIFOs) and decisions (one per channel, ties by channel index). Leaves next_t at the
 * earliest event left. Not inlined: advance() below is the cheap check in front of it. */
static void advance_events(xl_memsys_t *m, uint64_t now) __attribute__((noinline));
static void advance_events(xl_memsys_t *m, uint64_t now)
{
    if (m->quota_pending) {
        /* xl_memsys_set_quota: in force from this `now` on, after every earlier event */
        m->quota_pending = 0;
        if (now > 0u)
            advance_events(m, now - 1u);
        dsched_gsn_quota(&m->sch, dram_clk(&m->dram, now), m->thresh, m->napps);
    }
    for (;;) {
        uint64_t t = m->fill_t < m->lk_t ? m->fill_t : m->lk_t;
        if (m->sch.ar_t < t)
            t = m->sch.ar_t;
        if (m->sch.wake_t < t)
            t = m->sch.wake_t;
        if (t > now) {
            m->next_t = t;
            return;
        }
        if (t >= m->byp.next)
            l2b_boundary(&m->byp, t);   /* the L2 bypass decisions before it (l2byp.h) */
        if (m->fill_t == t)
            ev_fill(m, m->fill_c);
        else if (m->lk_t == t)
            ev_lookup(m);
        else if (m->sch.ar_t == t)
            dsched_arrive(&m->sch);
        else {
            dsched_issue_t d;
            if (dsched_decide(&m->sch, &d))
                dram_done(m, &d);
        }
    }
}

/* advance_events when an event is due: most calls (every submit and every poll) find
 * none, and this check is much cheaper than entering the event loop. */
static inline void advance(xl_memsys_t *m, uint64_t now)
{
    if (m->next_t <= now)
        advance_events(m, now);
    if (now > m->now)
        m->now = now;
}

/* ------------------------------------------------------------ API */

xl_memsys_t *xl_memsys_create(const xl_config_t *c, char *err, size_t errlen)
{
    xl_memsys_t *m;
    uint32_t i;

    if (err != NULL && errlen > 0u)
        err[0] = '\0';
    if (c == NULL) {
        if (err != NULL && errlen > 0u)
            snprintf(err, errlen, "memsys: no configuration given");
        return NULL;
    }
    /* every key checked, in this order, before anything is built */
    if (l2c_check(c, err, errlen) || dram_check(c, err, errlen) ||
        dsched_check(c, err, errlen))
        return NULL;

    m = calloc(1, sizeof *m);
    if (m == NULL)
        goto oom;
    m->H = c->l2d.hit_latency;
    m->C = c->dram.ctrl_latency;
    m->rq_free = NONE;
    m->lk_head = m->lk_tail = NONE;
    m->next_t = UINT64_MAX;
    m->cf_head = m->cf_tail = NONE;
    m->cp_t = UINT64_MAX;
    m->fill_t = m->lk_t = UINT64_MAX;
    m->wq_head = m->wq_tail = NONE;
    if (l2c_init(&m->l2, c) || dram_init(&m->dram, c) || dsched_init(&m->sch, c, &m->dram))
        goto oom;
    l2b_init(&m->byp, c);
    m->napps = 1;
    m->mf = hb_alloc((size_t)m->l2.nmshr * sizeof *m->mf);
    m->fhead = malloc((size_t)m->dram.channels * sizeof *m->fhead);
    m->ftail = malloc((size_t)m->dram.channels * sizeof *m->ftail);
    if (!m->mf || !m->fhead || !m->ftail)
        goto oom;
    for (i = 0; i < m->dram.channels; i++)
        m->fhead[i] = m->ftail[i] = NONE;
    return m;

oom:
    xl_memsys_destroy(m);
    if (err != NULL && errlen > 0u)
        snprintf(err, errlen, "memsys: out of memory for the L2 (%u KB, %u ways)",
                 c->l2d.size_kb, c->l2d.ways);
    return NULL;
}

void xl_memsys_destroy(xl_memsys_t *m)
{
    if (m == NULL)
        return;
    l2c_free(&m->l2);
    dsched_free(&m->sch);
    dram_free(&m->dram);
    free(m->mf);
    free(m->fhead);
    free(m->ftail);
    free(m->rq);
    free(m->cp);
    free(m);
}

/* A request slot for r, submitted at the cycle being processed. */
static inline uint32_t submit_new(xl_memsys_t *m, const xl_mem_req_t *r)
{
    uint32_t i = rq_alloc(m);
    mreq_t *q = &m->rq[i];
    q->req = *r;
    q->seq = m->seq++;
    q->line = r->addr >> LINE_SHIFT;
    q->set = l2c_set(&m->l2, q->line);
    q->next = NONE;
    m->pending++;
    return i;
}

/* Request i, submitted at `now`, waits for its L2 lookup. */
static inline void submit_lookup(xl_memsys_t *m, uint32_t i, uint64_t now)
{
    mreq_t *q = &m->rq[i];
    q->t_lookup = now + m->H;                 /* H >= 1 and now never decreases: FIFO */
    if (m->lk_tail == NONE) {
        m->lk_head = i;
        m->lk_t = q->t_lookup;
    } else
        m->rq[m->lk_tail].next = i;
    m->lk_tail = i;
    if (q->t_lookup < m->next_t)
        m->next_t = q->t_lookup;
}

/* xl_memsys_submit when an event is due, the request bypasses the L2 (bypass_l2, or
 * MASK's L2 bypass may apply) or its line's tag needs 64 bits. Not inlined: without these calls the common submit saves no
 * registers. */
static void submit_slow(xl_memsys_t *m, uint64_t now, const xl_mem_req_t *r)
    __attribute__((noinline));
static void submit_slow(xl_memsys_t *m, uint64_t now, const xl_mem_req_t *r)
{
    uint32_t i;
    if (r->addr >= m->l2.tag32_alim)
        l2c_widen(&m->l2);                    /* before any lookup or fill of this line */
    advance(m, now);
    if (now >= m->byp.next)
        l2b_boundary(&m->byp, now);           /* the decision in force at now */
    i = submit_new(m, r);
    if (r->bypass_l2 || l2b_bypass(&m->byp, r->depth))
        dram_send(m, m->rq[i].line, r->write ? 1 : 0, mk_class(r->kind), r, OWN_REQ, i,
                  now + m->C);
    else
        submit_lookup(m, i, now);
}

void xl_memsys_submit(xl_memsys_t *m, uint64_t now, const xl_mem_req_t *r)
{
    if (now < m->now)
        now = m->now;                          /* time never runs backwards */
    if (m->next_t <= now || r->bypass_l2 || r->addr >= m->l2.tag32_alim ||
        (r->depth != 0u && m->byp.on)) {
        submit_slow(m, now, r);
        return;
    }
    m->now = now;                              /* advance() with no event due */
    submit_lookup(m, submit_new(m, r), now);
}

/* Hand request i, completed at cycle t, to the caller. */
static inline int pop_out(xl_memsys_t *m, uint32_t i, uint64_t t, xl_mem_req_t *out,
                          uint64_t *done)
{
    if (out != NULL)
        *out = m->rq[i].req;
    if (done != NULL)
        *done = t;
    rq_release(m, i);
    m->pending--;
    return 1;
}

/* cp_t after a pop: the earlier of the FIFO and heap heads. */
static inline void cp_t_refresh(xl_memsys_t *m)
{
    m->cp_t = m->cf_head != NONE ? m->rq[m->cf_head].done : UINT64_MAX;
    if (m->cp_n > 0u && m->cp[0].done < m->cp_t)
        m->cp_t = m->cp[0].done;
}

/* pop_done when the heap holds the next completion. Not inlined: rare. */
static int pop_heap(xl_memsys_t *m, xl_mem_req_t *out, uint64_t *done)
    __attribute__((noinline));
static int pop_heap(xl_memsys_t *m, xl_mem_req_t *out, uint64_t *done)
{
    cpl_t e = cp_pop(m);
    cp_t_refresh(m);
    return pop_out(m, e.idx, e.done, out, done);
}

/* The rest of xl_memsys_pop when a completion is due: the smaller of the FIFO and heap
 * heads. Not inlined: most polls find none, and without the heap code the poll needs
 * no saved registers; the FIFO path (most completions) is kept small the same way. */
static int pop_done(xl_memsys_t *m, xl_mem_req_t *out, uint64_t *done)
    __attribute__((noinline));
static int pop_done(xl_memsys_t *m, xl_mem_req_t *out, uint64_t *done)
{
    uint32_t i = m->cf_head;
    uint64_t t;
    if (m->cp_n != 0u && (i == NONE || m->cp[0].done < m->rq[i].done ||
                          (m->cp[0].done == m->rq[i].done && m->cp[0].seq < m->rq[i].seq)))
        return pop_heap(m, out, done);
    t = m->rq[i].done;
    m->cf_head = m->rq[i].next;
    if (m->cf_head == NONE)
        m->cf_tail = NONE;
    cp_t_refresh(m);
    return pop_out(m, i, t, out, done);
}

/* xl_memsys_pop when an event is due first. */
static int pop_events(xl_memsys_t *m, uint64_t now, xl_mem_req_t *out, uint64_t *done)
    __attribute__((noinline));
static int pop_events(xl_memsys_t *m, uint64_t now, xl_mem_req_t *out, uint64_t *done)
{
    advance(m, now);
    if (m->cp_t > now)
        return 0;
    return pop_done(m, out, done);
}

int xl_memsys_pop(xl_memsys_t *m, uint64_t now, xl_mem_req_t *out, uint64_t *done)
{
    /* the common poll (no event due, nothing to pop) makes no call and saves no
     * register: the other paths are tail calls */
    if (m->next_t <= now)
        return pop_events(m, now, out, done);
    if (now > m->now)
        m->now = now;
    if (m->cp_t > now)
        return 0;
    return pop_done(m, out, done);
}

uint64_t xl_memsys_next_event(const xl_memsys_t *m)
{
    uint64_t t = m->cp_t;
    if (m->next_t < t)
        t = m->next_t;
    if (t != UINT64_MAX && t < m->now)
        t = m->now;                            /* completions not yet popped: now */
    return t;
}

uint64_t xl_memsys_pending(const xl_memsys_t *m)
{
    return m->pending;
}

void xl_memsys_flush_frame(xl_memsys_t *m, uint64_t now, xl_pa_t pa, uint64_t bytes,
                           xl_memsys_flush_t *out)
{
    uint64_t line, end = (pa + bytes) >> LINE_SHIFT;
    out->lines = out->dirty = out->inflight = 0;
    advance(m, now < m->now ? m->now : now);   /* time never runs backwards */
    now = m->now;
    for (line = pa >> LINE_SHIFT; line < end; line++) {
        uint32_t set = l2c_set(&m->l2, line);
        size_t base;
        unsigned kd;
        int w;
        if ((line << LINE_SHIFT) >= m->l2.tag32_alim)
            continue;   /* never submitted: the L2 widens its tags first (submit_slow) */
        if (l2c_mshr_find(&m->l2, line) != L2C_NONE) {
            out->inflight++;                   /* not held yet: its fill lands later */
            continue;
        }
        if ((w = l2c_find(&m->l2, line, set, &base)) < 0)
            continue;
        out->lines++;
        if (l2c_inv(&m->l2, set, base, (uint32_t)w, &kd)) {
            out->dirty++;
            dram_send(m, line, 1, kd, NULL, OWN_NONE, NONE, now + m->C);
        }
    }
}

/* The published order (results JSON): the L2's counters, then the controller's with its
 * devices' in their place, then the devices' energy and its counters (dram_energy.c). */
void xl_memsys_stats(const xl_memsys_t *m, xl_stats_t *s)
{
    l2c_stats(&m->l2, s);
    l2b_stats(&m->byp, s);
    dsched_stats(&m->sch, s, dram_clk(&m->dram, m->now));
    dram_energy_stats(&m->dram, s, dram_clk(&m->dram, m->now));
}

void xl_memsys_set_apps(xl_memsys_t *m, unsigned napps)
{
    if (napps == 0u)
        napps = 1u;
    if (napps > XL_MEMSYS_MAX_APPS)
        napps = XL_MEMSYS_MAX_APPS;
    m->napps = napps;
    for (unsigned a = 0; a < XL_MEMSYS_MAX_APPS; a++)
        m->thresh[a] = 0;   /* dram.sched = gsn: the blocks' equal shares until a quota */
    /* dram.sched = gsn: the Silver rotation's length; before any request, so the reset
     * loses nothing */
    (void)dsched_gsn_apps(&m->sch, napps, NULL, 0);
}

int xl_memsys_set_gsn_trace(xl_memsys_t *m, FILE *f)
{
    if (f != NULL && !m->sch.gsn)
        return XL_EINPUT;
    dsched_gsn_trace(&m->sch, f);
    return XL_OK;
}

void xl_memsys_set_quota(xl_memsys_t *m, const uint32_t *thresh, unsigned napps)
{
    for (unsigned a = 0; a < m->napps; a++)
        m->thresh[a] = a < napps ? thresh[a] : 0u;
    /* applied by the next submit or pop, at its `now` (memsys.h); next_t = 0 sends it
     * there through advance_events */
    m->quota_pending = 1;
    m->next_t = 0;
}

int xl_memsys_set_partition(xl_memsys_t *m, unsigned n, uint64_t mem_bytes, char *err,
                            size_t errlen)
{
    uint64_t chunks = mem_bytes / (UINT64_C(2) << 20);
    if (n < 2u || m->dram.channels % n || chunks % n) {
        snprintf(err, errlen, "mask.partition: %u applications must split dram.channels (%u) "
                 "and mem.size_mb's 2 MB chunks (%llu) equally", n, m->dram.channels,
                 (unsigned long long)chunks);
        return XL_EINPUT;
    }
    uint64_t zone_lines = chunks / n * ((UINT64_C(2) << 20) >> 6);
    if (l2c_partition(&m->l2, n, zone_lines)) {
        snprintf(err, errlen, "mask.partition: the L2's %u sets do not split into %u equal "
                 "powers of two", m->l2.sets, n);
        return XL_EINPUT;
    }
    m->dram.part_n = n;
    m->dram.part_lines = zone_lines;
    return XL_OK;
}
