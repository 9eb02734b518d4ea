/*
 * dram_gsn.c - twin block "xl_dram_gsn" of dram_gsn.h: one DRAM channel's Golden /
 * Silver / Normal queues, the Silver rotation with per-application quotas and the pick
 * (GQ FIFO > SQ FR-FCFS > NQ FR-FCFS); MASK, ASPLOS'18 §5.4 (Equation 1) and §7.4
 * (16 / 64 / 192 entries), as docs/papers/mask.md states it. The edge's order, the
 * admission rules and every tie are in the header; this file says how the C twin gets
 * them cheaply. Integer only.
 *
 * Derived state. Each queue keeps, per bank, a doubly linked list of its slots in seq
 * order (arrivals append, so the list's head is the bank's oldest entry), and a mask of
 * the banks whose list is non-empty. The pick then visits, for the first class with an
 * entry in a ready bank, those banks only: GQ takes each bank's head; SQ and NQ scan a
 * bank's list from its head for the first entry of the open row (the oldest row hit).
 * Seqs grow by one per accepted arrival, so list order is seq order; comparisons across
 * banks use the 32-bit wrapping compare. The lowest free slot comes from a bitmap.
 */
#include "xlat/dram_gsn.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NIL UINT32_MAX

#define set_err(err, errlen, ...)                          \
    do {                                                   \
        if ((err) != NULL && (errlen) > 0u)                \
            snprintf((err), (errlen), __VA_ARGS__);        \
    } while (0)

/* a was accepted before b: (int32_t)(a - b) < 0, without the implementation-defined
 * conversion */
static int seq_older(uint32_t a, uint32_t b)
{
    return ((a - b) & UINT32_C(0x80000000)) != 0u;
}

static uint32_t words_of(uint32_t slots)
{
    return (slots + 63u) / 64u;
}

/* ------------------------------------------------------------ Silver rotation */

/* The Silver state one edge works with: after the timeout and the quota commit. */
typedef struct {
    uint8_t app;
    uint16_t cnt;
    uint64_t since;
    const uint16_t *thresh;
    uint16_t qv[XL_GSN_MAX_APPS];       /* the committed quota, when quota_valid */
    uint64_t timeouts, commit_adv;
} silver_t;

/* advance_silver()'s choice of the next application: the next one with a quota, or the
 * same one when none has. */
static uint8_t next_app(uint8_t app, const uint16_t *th, uint32_t napps)
{
    uint32_t i;
    for (i = 0; i < napps; i++) {
        app = (uint8_t)((app + 1u) % napps);
        if (th[app] > 0u)
            break;
    }
    return app;
}

/* Steps 1 and 2 of the edge (header) on a copy of the state. n timeouts are n calls of
 * advance_silver: the first reaches an application with a quota (or stays put when none
 * has one), each further one moves along the m applications with a quota, a cycle of
 * length m, so (n - 1) mod m further moves give the same place. */
static void silver_pre(const xl_dram_gsn_t *s, const xl_gsn_in_t *in, silver_t *v)
{
    const xl_gsn_params_t *p = &s->p;
    v->app = s->silver_app;
    v->cnt = s->silver_cnt;
    v->since = s->silver_since;
    v->thresh = s->thresh;
    v->timeouts = v->commit_adv = 0;
    if (p->silver_timeout > 0u && in->clk >= v->since &&
        in->clk - v->since >= p->silver_timeout) {
        uint64_t n = (in->clk - v->since) / p->silver_timeout, k;
        uint32_t a, m = 0;
        for (a = 0; a < p->napps; a++)
            m += v->thresh[a] > 0u;
        v->app = next_app(v->app, v->thresh, p->napps);
        for (k = m > 0u ? (n - 1u) % m : 0u; k > 0u; k--)
            v->app = next_app(v->app, v->thresh, p->napps);
        v->cnt = 0;
        v->since += n * p->silver_timeout;
        v->timeouts = n;
    }
    if (in->quota_valid) {
        uint32_t a;
        for (a = 0; a < XL_GSN_MAX_APPS; a++)
            v->qv[a] = a < p->napps ? (in->quota[a] > XL_GSN_THRESH_MAX ? XL_GSN_THRESH_MAX
                                                                        : in->quota[a]) : 0u;
        v->thresh = v->qv;
        if (v->thresh[v->app] == 0u || v->cnt >= v->thresh[v->app]) {
            v->app = next_app(v->app, v->thresh, p->napps);
            v->cnt = 0;
            v->since = in->clk;
            v->commit_adv = 1;
        }
    }
}

/* ------------------------------------------------------------ comb */

/* Where an arrival goes (header, step 5), given the Silver state v. */
static void admit(const xl_dram_gsn_t *s, const xl_gsn_in_t *in, const silver_t *v,
                  xl_gsn_out_t *out)
{
    const xl_gsn_params_t *p = &s->p;
    uint8_t q = XL_GSN_NQ, xlat = 0;
    if (in->arr_depth != 0u) {
        if (s->n[XL_GSN_GQ] < p->entries[XL_GSN_GQ])
            q = XL_GSN_GQ;
        else if (p->gq_backpressure)
            return;
        else
            xlat = 1;
    } else if (in->arr_app == v->app && v->cnt < v->thresh[v->app] &&
               s->n[XL_GSN_SQ] < p->entries[XL_GSN_SQ])
        q = XL_GSN_SQ;
    if (q == XL_GSN_NQ && s->n[XL_GSN_NQ] >= p->entries[XL_GSN_NQ])
        return;
    {
        const uint64_t *f = s->freemap[q];
        uint32_t w = 0;
        while (f[w] == 0u)
            w++;                                    /* a free slot exists: n < entries */
        out->arr_slot = w * 64u + xl_ctz64(f[w]);
    }
    out->arr_ready = 1;
    out->arr_queue = q;
    out->arr_xlat = xlat;
}

/* The pick (header): the first class with an entry in a ready bank; in it the oldest
 * row hit over the ready banks, else the oldest. */
static void pick(const xl_dram_gsn_t *s, const xl_gsn_in_t *in, xl_gsn_out_t *out)
{
    uint32_t q;
    for (q = 0; q < XL_GSN_QUEUES; q++) {
        uint64_t m = s->bmask[q] & in->bank_ready;
        const xl_gsn_entry_t *e = s->e[q];
        uint32_t best = NIL;
        int best_hit = 0;
        if (m == 0u)
            continue;
        if (q == XL_GSN_GQ && s->p.gq_strict_head) {
            /* only the oldest GQ entry overall, which is the oldest of some bank's list */
            uint64_t all = s->bmask[q];
            uint32_t h = NIL;
            while (all) {
                uint32_t b = xl_ctz64(all), j = s->head[q][b];
                all &= all - 1u;
                if (h == NIL || seq_older(e[j].seq, e[h].seq))
                    h = j;
            }
            m &= UINT64_C(1) << e[h].bank;
            if (m == 0u)
                continue;       /* its bank is busy: GQ waits, the bank's SQ/NQ may go */
        }
        while (m) {
            uint32_t b = xl_ctz64(m), j = s->head[q][b];
            int hit = 0;
            m &= m - 1u;
            if (in->open_valid >> b & 1u) {
                uint64_t r = in->open_row[b];
                if (q == XL_GSN_GQ)
                    hit = e[j].row == r;            /* FIFO: the bank's head only */
                else
                    for (uint32_t k = j; k != NIL; k = s->nxt[q][k])
                        if (e[k].row == r) {
                            j = k;
                            hit = 1;
                            break;
                        }
            }
            if (best == NIL || hit > best_hit ||
                (hit == best_hit && seq_older(e[j].seq, e[best].seq))) {
                best = j;
                best_hit = hit;
            }
        }
        out->iss_valid = 1;
        out->iss_queue = (uint8_t)q;
        out->iss_slot = best;
        out->iss_hit = (uint8_t)best_hit;
        out->iss = e[best];
        return;
    }
}

static void comb_v(const xl_dram_gsn_t *s, const xl_gsn_in_t *in, xl_gsn_out_t *out,
                   silver_t *v)
{
    memset(out, 0, sizeof *out);
    silver_pre(s, in, v);
    out->silver_app = v->app;
    out->silver_cnt = v->cnt;
    if (in->arr_valid)
        admit(s, in, v, out);
    if (in->iss_en)
        pick(s, in, out);
}

void xl_dram_gsn_comb(const xl_dram_gsn_t *s, const xl_gsn_in_t *in, xl_gsn_out_t *out)
{
    silver_t v;
    comb_v(s, in, out, &v);
}

/* ------------------------------------------------------------ the edge */

static void unlink_slot(xl_dram_gsn_t *s, uint32_t q, uint32_t j)
{
    uint32_t b = s->e[q][j].bank, pv = s->prv[q][j], nx = s->nxt[q][j];
    if (pv == NIL)
        s->head[q][b] = nx;
    else
        s->nxt[q][pv] = nx;
    if (nx == NIL)
        s->tail[q][b] = pv;
    else
        s->prv[q][nx] = pv;
    if (s->head[q][b] == NIL)
        s->bmask[q] &= ~(UINT64_C(1) << b);
    s->e[q][j].valid = 0;
    s->freemap[q][j / 64u] |= UINT64_C(1) << (j % 64u);
    s->n[q]--;
}

static void link_slot(xl_dram_gsn_t *s, uint32_t q, uint32_t j)
{
    uint32_t b = s->e[q][j].bank, t = s->tail[q][b];
    s->prv[q][j] = t;
    s->nxt[q][j] = NIL;
    if (t == NIL)
        s->head[q][b] = j;
    else
        s->nxt[q][t] = j;
    s->tail[q][b] = j;
    s->bmask[q] |= UINT64_C(1) << b;
    s->freemap[q][j / 64u] &= ~(UINT64_C(1) << (j % 64u));
    s->n[q]++;
}

void xl_dram_gsn_step(xl_dram_gsn_t *s, const xl_gsn_in_t *in, xl_gsn_out_t *out)
{
    xl_gsn_out_t o;
    silver_t v;
    uint32_t q, a;
    uint64_t dt;

    comb_v(s, in, &o, &v);
    /* 1, 2: the Silver state the arrival saw */
    s->silver_app = v.app;
    s->silver_cnt = v.cnt;
    s->silver_since = v.since;
    if (in->quota_valid)
        for (a = 0; a < XL_GSN_MAX_APPS; a++)
            s->thresh[a] = v.qv[a];
    s->timeout_advances += v.timeouts;
    s->commit_advances += v.commit_adv;
    s->silver_turns += v.timeouts + v.commit_adv;
    /* 3: occupancy before the edge, over the clocks since the last edge */
    dt = in->clk > s->last_clk ? in->clk - s->last_clk : 0u;
    for (q = 0; q < XL_GSN_QUEUES; q++)
        s->occ_sum[q] += (uint64_t)s->n[q] * dt;
    if (in->clk > s->last_clk)
        s->last_clk = in->clk;
    /* 4: the issued entry leaves */
    if (o.iss_valid) {
        s->issued[o.iss_queue]++;
        s->issued_hit[o.iss_queue] += o.iss_hit;
        s->issued_xlat_nq += o.iss.xlat;
        unlink_slot(s, o.iss_queue, o.iss_slot);
    }
    /* 5: the arrival enters */
    if (in->arr_valid && !o.arr_ready)
        s->refused++;
    if (o.arr_ready) {
        xl_gsn_entry_t *e = &s->e[o.arr_queue][o.arr_slot];
        e->valid = 1;
        e->app = in->arr_app;
        e->depth = in->arr_depth;
        e->write = in->arr_write;
        e->xlat = o.arr_xlat;
        e->bank = in->arr_bank;
        e->row = in->arr_row;
        e->seq = s->next_seq++;
        e->tag = in->arr_tag;
        link_slot(s, o.arr_queue, o.arr_slot);
        s->enq[o.arr_queue]++;
        s->gq_overflows += o.arr_xlat;
        if (in->arr_depth == 0u && in->arr_app == s->silver_app)
            s->silver_since = in->clk;          /* the Silver application is active */
        if (o.arr_queue == XL_GSN_SQ &&
            ++s->silver_cnt >= s->thresh[s->silver_app]) {
            s->silver_app = next_app(s->silver_app, s->thresh, s->p.napps);
            s->silver_cnt = 0;
            s->silver_since = in->clk;
            s->quota_exhaustions++;
            s->silver_turns++;
        }
    }
    for (q = 0; q < XL_GSN_QUEUES; q++)
        if (s->n[q] > s->max_occ[q])
            s->max_occ[q] = s->n[q];
    if (out != NULL)
        *out = o;
}

/* ------------------------------------------------------------ set-up */

void xl_dram_gsn_free(xl_dram_gsn_t *s)
{
    uint32_t q;
    for (q = 0; q < XL_GSN_QUEUES; q++) {
        free(s->e[q]);
        free(s->prv[q]);
        free(s->nxt[q]);
        free(s->freemap[q]);
        s->e[q] = NULL;
        s->prv[q] = s->nxt[q] = NULL;
        s->freemap[q] = NULL;
    }
}

int xl_dram_gsn_reset(xl_dram_gsn_t *s, const xl_gsn_params_t *p, char *err, size_t errlen)
{
    uint32_t q, b, a;
    if (p->banks == 0u || p->banks > XL_GSN_MAX_BANKS) {
        set_err(err, errlen, "dram_gsn: %u banks per channel; 1 to %u are supported",
                p->banks, XL_GSN_MAX_BANKS);
        return XL_EINPUT;
    }
    if (p->napps == 0u || p->napps > XL_GSN_MAX_APPS) {
        set_err(err, errlen, "dram_gsn: %u applications; 1 to %u are supported", p->napps,
                XL_GSN_MAX_APPS);
        return XL_EINPUT;
    }
    if (p->thresh_max == 0u || p->thresh_max > XL_GSN_THRESH_MAX) {
        set_err(err, errlen, "dram_gsn: thresh_max %u must be 1 to %u", p->thresh_max,
                XL_GSN_THRESH_MAX);
        return XL_EINPUT;
    }
    for (q = 0; q < XL_GSN_QUEUES; q++)
        if (p->entries[q] == 0u || p->entries[q] > (UINT32_C(1) << 20)) {
            set_err(err, errlen, "dram_gsn: queue %u has %u entries; 1 to 2^20 are supported",
                    q, p->entries[q]);
            return XL_EINPUT;
        }
    xl_dram_gsn_free(s);
    memset(s, 0, sizeof *s);
    s->p = *p;
    for (q = 0; q < XL_GSN_QUEUES; q++) {
        uint32_t n = p->entries[q], w = words_of(n), i;
        s->e[q] = calloc(n, sizeof *s->e[q]);
        s->prv[q] = malloc((size_t)n * sizeof *s->prv[q]);
        s->nxt[q] = malloc((size_t)n * sizeof *s->nxt[q]);
        s->freemap[q] = calloc(w, sizeof *s->freemap[q]);
        if (!s->e[q] || !s->prv[q] || !s->nxt[q] || !s->freemap[q]) {
            xl_dram_gsn_free(s);
            set_err(err, errlen, "dram_gsn: out of host memory");
            return XL_EINTERNAL;
        }
        for (i = 0; i < n; i++)
            s->freemap[q][i / 64u] |= UINT64_C(1) << (i % 64u);
        for (b = 0; b < XL_GSN_MAX_BANKS; b++)
            s->head[q][b] = s->tail[q][b] = NIL;
    }
    for (a = 0; a < p->napps; a++)
        s->thresh[a] = (uint16_t)(p->thresh_max / p->napps);
    return XL_OK;
}
