/*
 * host.c - the lockstep of host.h: xlat-board's side of fpga/README.md "The protocol".
 *
 * The board stamps each cycle in which something visible happened with an E record; the
 * inputs of the walk path in every cycle are known to the host from the records alone
 * (the arrival it sent, presented from the ARR_PRES cycle through the ARR_ACC cycle; the
 * line it sent, in the RSP cycle; otherwise every input 0, mem_req_ready 1). So on each
 * record for cycle t the C twin, which stands at cycle c (every cycle before c stepped),
 * steps through c .. t, each cycle: set the inputs, comb, compare, commit. In c .. t-1
 * (no record) the twin must show no visible event: no arr_ready while an arrival is
 * presented, no mem_req_valid, no rsp_fault, no completion. In t it must match the record:
 * MREQ and its walker, level and line; ARR_ACC = presented && arr_ready; FAULT = rsp_fault;
 * NCPL and each C frame against the twin's completion lanes in increasing lane order; CNT
 * against the twin's counter that the K named.
 *
 * The counters: the board latches the walk path's cnt_*_o output that a K names in the
 * cycle the K frame ends (the CNT record's cycle). Those outputs are registers, so they hold
 * what the edges before that cycle made of them, not that cycle's own increments. The twin
 * increments its counters in commit, so the value compared is the twin's before the commit
 * of the record's cycle (after its comb, which does not touch them), masked to StatWidth
 * bits: the same instant the RTL lockstep compares them at
 * (tests/lockstep/xl_walk_path_lockstep.cpp, collect_c after comb).
 *
 * Idle stretches: between two records the board runs thousands of cycles with idle
 * inputs (a 66-byte R frame is 7,920 clocks at 12 MHz and 1 Mbaud), and stepping each costs
 * the twin about as long as the board takes for it, which would stretch every round trip.
 * When the last cycle stepped had idle inputs and xl_walk_path_busy says the next cannot
 * change anything, every cycle up to the next record is that same fixed point: nothing
 * visible, no state change but cl_stalls, which counts each of them when the fixed point is
 * a stuck one (an idle walker, every buffered request CL-blocked). So those cycles go to
 * xl_walk_path_idle, which spends them as the RTL would, instead of being stepped. The
 * condition "the last cycle's inputs were idle" keeps out the one case busy() is known to misjudge: a stuck cycle that buffered an arrival (its
 * last_stuck does not see the new entry; tests/lockstep/xl_walk_path_lockstep.cpp's replay
 * diagnosis). --step-all steps every cycle (to rule this out when chasing a mismatch).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host.h"

static const char *const kPolicy[] = {"fcfs", "random", "simt"};
static const char *const kCoal[] = {"off", "leaf", "upper", "both"};
static const char *const kCntName[XB_NCNT] = {
    "cnt_walks", "cnt_reads_l1", "cnt_reads_l2", "cnt_reads_l3", "cnt_reads_l4",
    "cnt_coalesced", "cnt_resumed", "cnt_cl_stalls", "cnt_faults"};

static uint64_t mask_of(unsigned w)
{
    return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1u;
}

/* One error line on stderr; returns status. */
static int fail(int status, const char *fmt, ...)
{
    va_list ap;
    fputs("xlat-board: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    return status;
}

/* ------------------------------------------------------------------ sending */

static int send(xb_host_t *h, const uint8_t *b, size_t n)
{
    if (xb_port_write(h->port, b, n, h->err, sizeof h->err) != XL_OK)
        return fail(1, "%s", h->err);
    return 0;
}

/* Everything the protocol lets the host send now: the next response (after the previous
 * one's RSP), the next arrival (after the previous one's ARR_ACC, inside the window), and
 * the next K (after the previous one's value) of a round over the nine counters, a round
 * every cnt_every records and one at the end. */
static int send_next(xb_host_t *h)
{
    uint8_t b[XB_LEN_R];
    if (!h->rsp_out && h->rq_n > 0) {
        unsigned i = h->rq_head;
        h->rsp_walker = h->rq[i].walker;
        xb_work_line(h->work, h->rq[i].addr, h->rsp_line);
        h->rq_head = (i + 1u) % 256u;
        h->rq_n--;
        h->rsp_out = 1;
        if (send(h, b, xb_enc_r(b, h->rsp_walker, h->rsp_line)))
            return 1;
    }
    if (h->arr_state == XB_ARR_NONE && h->nflight < h->o.window &&
        xb_work_next(h->work, &h->arr)) {
        /* a tag no request in flight has: the window is at most 2^TagWidth, so one is free */
        uint32_t t = h->next_tag & (uint32_t)h->tag_mask;
        while (h->flight[t])
            t = (t + 1u) & (uint32_t)h->tag_mask;
        h->flight[t] = 1;
        h->nflight++;
        h->next_tag = t + 1u;
        h->arr_tag = t;
        h->arr_state = XB_ARR_SENT;
        h->requests++;
        if (send(h, b, xb_enc_a(b, h->arr.va, h->arr.instr, t)))
            return 1;
    }
    int all_done = xb_work_left(h->work) == 0 && h->arr_state == XB_ARR_NONE && h->nflight == 0;
    if (!h->cnt_out) {
        if (h->cnt_next == XB_NCNT) {   /* no round going: start one? */
            if (all_done && !h->final_round) {
                h->final_round = 1;
                h->cnt_next = 0;
            } else if (!all_done && h->o.cnt_every && h->recs_since_k >= h->o.cnt_every) {
                h->cnt_next = 0;
                h->recs_since_k = 0;
            }
        }
        if (h->cnt_next < XB_NCNT) {
            h->cnt_idx = h->cnt_next++;
            h->cnt_out = 1;
            if (send(h, b, xb_enc_k(b, (uint8_t)h->cnt_idx)))
                return 1;
        }
    }
    return 0;
}

/* ------------------------------------------------------------------ receiving */

/* The next record and what follows it. */
static int read_group(xb_host_t *h, xb_group_t *g, const char *what)
{
    uint8_t b[XB_LEN_E];   /* the longest frame read here (E 16, C 13, a counter 8) */
    char w2[96];
    if (xb_port_read(h->port, b, XB_LEN_E, what, h->err, sizeof h->err) != XL_OK)
        return fail(1, "%s", h->err);
    if (!xb_dec_rec(b, &g->rec))
        return fail(1, "protocol: byte 0x%02x where an E record should start (after %" PRIu64
                    " records)", b[0], h->records);
    h->records++;
    g->ncpl = XB_NCPL(g->rec.flags);
    if (g->rec.flags & (XB_F_OVERRUN | XB_F_BADCMD))
        return fail(1, "the board reports %s%s%s in the record of cycle %" PRIu32
                    " (mod 2^32): %s",
                    g->rec.flags & XB_F_OVERRUN ? "OVERRUN" : "",
                    (g->rec.flags & XB_F_OVERRUN) && (g->rec.flags & XB_F_BADCMD) ? " and " : "",
                    g->rec.flags & XB_F_BADCMD ? "BADCMD" : "", g->rec.cycle,
                    g->rec.flags & XB_F_OVERRUN
                        ? "a FIFO overflowed, the stream is no longer complete"
                        : "it received a byte that starts no frame");
    if (g->ncpl > 8)
        return fail(1, "protocol: NCPL %u > 8 in the record of cycle %" PRIu32, g->ncpl,
                    g->rec.cycle);
    for (unsigned i = 0; i < g->ncpl; i++) {
        snprintf(w2, sizeof w2, "C frame %u of the record of cycle %" PRIu32, i + 1,
                 g->rec.cycle);
        if (xb_port_read(h->port, b, XB_LEN_C, w2, h->err, sizeof h->err) != XL_OK)
            return fail(1, "%s", h->err);
        if (!xb_dec_cpl(b, &g->cpl[i]))
            return fail(1, "protocol: byte 0x%02x where %s should start", b[0], w2);
    }
    if (g->rec.flags & XB_F_CNT) {
        snprintf(w2, sizeof w2, "the counter of the record of cycle %" PRIu32, g->rec.cycle);
        if (xb_port_read(h->port, b, XB_LEN_CNT, w2, h->err, sizeof h->err) != XL_OK)
            return fail(1, "%s", h->err);
        g->cnt = xb_dec_counter(b);
    }
    return 0;
}

/* ------------------------------------------------------------------ the lockstep */

typedef struct {
    char name[32];
    uint64_t board, c;
} diff_t;

typedef struct {
    diff_t d[64];
    unsigned n;
} diffs_t;

static void cmp(diffs_t *ds, const char *name, uint64_t board, uint64_t c)
{
    if (board == c || ds->n == sizeof ds->d / sizeof ds->d[0])
        return;
    diff_t *d = &ds->d[ds->n++];
    snprintf(d->name, sizeof d->name, "%s", name);
    d->board = board;
    d->c = c;
}

/* Marks tag's request done (a completion or a fault). */
static int retire(xb_host_t *h, uint64_t tag, uint64_t cycle, const char *how)
{
    if (!h->flight[tag])
        return fail(1, "cycle %" PRIu64 ": %s of tag 0x%" PRIx64 ", which no request in flight "
                    "has (board and C twin agree on it)", cycle, how, tag);
    h->flight[tag] = 0;
    h->nflight--;
    return 0;
}

/* Steps the twin through one cycle: h->cyc, the cycle of record g, or a cycle without a
 * record (g NULL). Returns the exit status (0: go on). */
static int step(xb_host_t *h, const xb_group_t *g)
{
    xl_walk_path_out_t *o = &h->out_c;
    xl_walk_path_in_t in;
    diffs_t ds;
    uint16_t f = g ? g->rec.flags : 0;
    uint64_t cyc = h->cyc;
    char nm[32];

    memset(&in, 0, sizeof in);
    in.root = h->roots;
    in.arr_asid = 1;   /* the RTL's one address space, its parameter Asid */
    in.mem_req_ready = 1;
    if (f & XB_F_ARR_PRES) {
        if (h->arr_state != XB_ARR_SENT)
            return fail(1, "protocol: cycle %" PRIu64 ": ARR_PRES without an arrival sent "
                        "and not yet presented", cyc);
        h->arr_state = XB_ARR_PRES;
    }
    if ((f & XB_F_ARR_ACC) && h->arr_state != XB_ARR_PRES)
        return fail(1, "protocol: cycle %" PRIu64 ": ARR_ACC without an arrival presented", cyc);
    if (h->arr_state == XB_ARR_PRES) {
        in.arr_valid = 1;
        in.arr_va = h->arr.va & XL_VA_MASK;
        in.arr_instr_id = h->arr.instr & XL_WS_INSTR_MASK;
        in.arr_tag = h->arr_tag;
    }
    if (f & XB_F_RSP) {
        if (!h->rsp_out)
            return fail(1, "protocol: cycle %" PRIu64 ": RSP without a response sent", cyc);
        if (h->rsp_walker >= h->bp.walkers)
            return fail(1, "internal: response for walker %u of %u", h->rsp_walker,
                        h->bp.walkers);
        in.rsp_valid = 1;
        in.rsp_walker = h->rsp_walker;
        memcpy(in.rsp_line, h->rsp_line, sizeof in.rsp_line);
    }

    xl_walk_path_comb(&h->m, &in, o);

    /* the twin's completion lanes, in increasing order */
    unsigned lane[8], nc = 0;
    for (unsigned i = 0; i < 8; i++)
        if (o->cpl_valid[i])
            lane[nc++] = i;
    int acc = in.arr_valid && o->arr_ready;
    ds.n = 0;
    if (g == NULL) {
        /* a cycle without a record: nothing visible may happen */
        cmp(&ds, "arr_acc (no record)", 0, (uint64_t)acc);
        cmp(&ds, "mem_req_valid (no record)", 0, o->mem_req_valid);
        cmp(&ds, "rsp_fault (no record)", 0, o->rsp_fault);
        cmp(&ds, "ncpl (no record)", 0, nc);
    } else {
        const xb_rec_t *r = &g->rec;
        cmp(&ds, "mem_req_valid", (f & XB_F_MREQ) != 0, o->mem_req_valid);
        if ((f & XB_F_MREQ) && o->mem_req_valid) {
            cmp(&ds, "mem_req_walker", r->walker, o->mem_req_walker);
            cmp(&ds, "mem_req_level", r->level, o->mem_req_level);
            cmp(&ds, "mem_req_addr", r->addr, o->mem_req_addr & XL_PA_MASK);
        } else if (!(f & XB_F_MREQ)) {
            /* fpga/README.md: walker, level and line address are 0 without MREQ */
            cmp(&ds, "mem_req_walker (no MREQ)", r->walker, 0);
            cmp(&ds, "mem_req_level (no MREQ)", r->level, 0);
            cmp(&ds, "mem_req_addr (no MREQ)", r->addr, 0);
        }
        cmp(&ds, "arr_acc", (f & XB_F_ARR_ACC) != 0, (uint64_t)acc);
        cmp(&ds, "rsp_fault", (f & XB_F_FAULT) != 0, o->rsp_fault);
        cmp(&ds, "ncpl", g->ncpl, nc);
        for (unsigned i = 0; i < g->ncpl && i < nc; i++) {
            const xb_cpl_t *b = &g->cpl[i];
            unsigned l = lane[i];
#define CPL(field, bv, cv)                                          \
    do {                                                            \
        snprintf(nm, sizeof nm, "cpl[%u].%s", i, field);            \
        cmp(&ds, nm, (bv), (cv));                                   \
    } while (0)
            CPL("lane", b->lane, l);
            CPL("tag", b->tag, o->cpl_tag[l] & h->tag_mask);
            CPL("frame", b->frame, o->cpl_frame[l] & XL_PA_MASK);
            CPL("shift", b->shift, o->cpl_shift[l]);
            CPL("coalesced", b->coalesced, o->cpl_coalesced[l] & 1u);
            CPL("reads", b->reads, o->cpl_reads[l] & 7u);
#undef CPL
        }
        if (f & XB_F_CNT) {
            /* the counter the K named, before the commit: see the top of this file */
            const xl_walk_path_t *m = &h->m;
            uint64_t c[XB_NCNT] = {m->walks, m->reads[1], m->reads[2], m->reads[3],
                                   m->reads[4], m->coalesced, m->resumed, m->cl_stalls,
                                   m->faults};
            if (!h->cnt_out)
                return fail(1, "protocol: cycle %" PRIu64 ": CNT without a K sent", cyc);
            cmp(&ds, kCntName[h->cnt_idx], g->cnt, c[h->cnt_idx] & h->stat_mask);
            h->cnt_checks++;
        }
    }
    if (ds.n > 0) {
        for (unsigned i = 0; i < ds.n; i++)
            fprintf(h->out, "MISMATCH cycle %" PRIu64 " %s: board 0x%" PRIx64 " C 0x%" PRIx64
                    "\n", cyc, ds.d[i].name, ds.d[i].board, ds.d[i].c);
        fflush(h->out);
        return fail(1, "the board and the C twin differ at cycle %" PRIu64 " (%s; %" PRIu64
                    " records read): %u field(s), listed above", cyc,
                    g ? "a record's cycle" : "a cycle without a record", h->records, ds.n);
    }

    /* what the cycle did to the requests, read off the twin (it matched the board) */
    uint64_t fault_tag = o->rsp_fault ? h->m.wk[in.rsp_walker].tag & h->tag_mask : 0;
    for (unsigned i = 0; i < nc; i++) {
        unsigned l = lane[i];
        if (retire(h, o->cpl_tag[l] & h->tag_mask, cyc, "a completion"))
            return 1;
        h->completions++;
        h->coalesced += o->cpl_coalesced[l] & 1u;
    }
    if (o->rsp_fault) {
        if (retire(h, fault_tag, cyc, "a fault"))
            return 1;
        h->faults++;
    }
    if (o->mem_req_valid) {
        if (h->rq_n == 256u)
            return fail(1, "internal: more than 256 reads waiting for a response");
        unsigned i = (h->rq_head + h->rq_n++) % 256u;
        h->rq[i].walker = (uint8_t)o->mem_req_walker;
        h->rq[i].addr = o->mem_req_addr;
        h->reads++;
    }
    xl_walk_path_commit(&h->m, &in, o);
    h->cyc++;
    h->last_idle = !in.arr_valid && !in.rsp_valid;
    if (f & XB_F_ARR_ACC)
        h->arr_state = XB_ARR_NONE;
    if (f & XB_F_RSP)
        h->rsp_out = 0;
    return 0;
}

/* A record: the twin steps up to and through its cycle. */
static int process(xb_host_t *h, xb_group_t *g)
{
    g->cycle = xb_extend_cycle(h->cyc, g->rec.cycle);
    if (g->cycle - h->cyc >= (UINT64_C(1) << 31))
        return fail(1, "protocol: a record for cycle %" PRIu32 " (mod 2^32) when the host has "
                    "stepped every cycle before %" PRIu64 ": records out of order or repeated",
                    g->rec.cycle, h->cyc);
    while (h->cyc < g->cycle) {
        if (!h->o.step_all && h->last_idle && h->arr_state != XB_ARR_PRES &&
            !xl_walk_path_busy(&h->m, h->out_c.stuck)) {
            /* a fixed point until the record (see the top of this file) */
            uint64_t k = g->cycle - h->cyc;
            xl_walk_path_idle(&h->m, k, h->out_c.stuck);
            h->skipped += k;
            h->cyc = g->cycle;
            break;
        }
        int rc = step(h, NULL);
        if (rc)
            return rc;
    }
    int rc = step(h, g);
    if (rc)
        return rc;
    if (g->rec.flags & XB_F_CNT) {
        h->cnt_out = 0;
        if (h->final_round && h->cnt_idx == XB_NCNT - 1u)
            h->done = 1;
    }
    h->recs_since_k++;
    return 0;
}

/* ------------------------------------------------------------------ the run */

/* The z frame's parameters as a C twin's; 0 with the reason in h->err when there is none. */
static int build_twin(xb_host_t *h)
{
    const xb_params_t *b = &h->bp;
    xl_walk_path_params_t p;
    char e[256] = "";
    if (b->policy > 2 || b->coalesce > 3 || b->tag_width > 16 || b->stat_width == 0 ||
        b->stat_width > 64 || b->walkers == 0) {
        snprintf(h->err, sizeof h->err, "the board's parameters are outside the protocol's "
                 "ranges: policy %u, coalesce %u, tag_width %u, stat_width %u, walkers %u",
                 b->policy, b->coalesce, b->tag_width, b->stat_width, b->walkers);
        return 0;
    }
    memset(&p, 0, sizeof p);
    p.slots = b->slots;
    p.walkers = b->walkers;
    p.policy = (xl_ws_policy_t)b->policy;
    p.aging_threshold = b->aging;
    p.lfsr_seed = b->lfsr;
    p.coalesce = (xl_co_mode_t)b->coalesce;
    p.pwc.entries[0] = b->l4_entries;
    p.pwc.ways[0] = b->l4_ways;
    p.pwc.entries[1] = b->l3_entries;
    p.pwc.ways[1] = b->l3_ways;
    p.pwc.entries[2] = b->l2_entries;
    p.pwc.ways[2] = b->l2_ways;
    p.pwc_latency = b->pwc_latency;
    p.pick_pipe = b->pick_pipe;
    p.scan_pipe = b->scan_pipe;
    if (xl_walk_path_init(&h->m, &p, e, sizeof e) != XL_OK) {
        snprintf(h->err, sizeof h->err, "the board's parameters make no C twin: %s", e);
        return 0;
    }
    h->twin_ok = 1;
    if (xl_walk_path_out_init(&h->out_c, &h->m) != XL_OK) {
        snprintf(h->err, sizeof h->err, "out of memory");
        return 0;
    }
    h->tag_mask = mask_of(b->tag_width);
    h->stat_mask = mask_of(b->stat_width);
    h->flight = calloc((size_t)h->tag_mask + 1u, 1);
    if (h->flight == NULL) {
        snprintf(h->err, sizeof h->err, "out of memory");
        return 0;
    }
    return 1;
}

/* Brings the board to a known state and reads its parameters. The protocol has no way to
 * tell a frame's first byte from its data, so a board whose parser is inside a frame (a
 * host that died half-way through one) would take the Z for data. So first 66 zero bytes,
 * enough to complete the longest frame (R): zero starts no frame, so an idle parser only
 * sets BADCMD, which the Z clears; a parser inside a frame completes it with zeros, the
 * least harmful data (an R of not-present entries ends a walk with a fault, an A of VA 0
 * starts one walk that waits). Whatever that makes the board send is dropped until it
 * falls silent, then Z. The z frame is then followed by the answer to one S, which must
 * be an E record with SYNC alone: this checks that host and board agree on the z frame's
 * length, so a mismatch there is named instead of garbling every record after it. */
static int handshake(xb_host_t *h)
{
    uint8_t b[XB_LEN_R];
    xb_group_t g;
    memset(b, 0, sizeof b);
    if (send(h, b, sizeof b))
        return 1;
    if (xb_port_drain(h->port, 200, h->err, sizeof h->err) != XL_OK)
        return fail(1, "%s", h->err);
    if (send(h, b, xb_enc_z(b, h->work->root)))
        return 1;
    if (xb_port_read(h->port, b, 1, "the z frame (the answer to Z)", h->err, sizeof h->err) !=
        XL_OK)
        return fail(1, "%s", h->err);
    if (b[0] != 'z')
        return fail(1, "protocol: the board answered Z with byte 0x%02x, not z", b[0]);
    if (xb_port_read(h->port, b + 1, XB_LEN_ZP - 1u, "the rest of the z frame", h->err,
                     sizeof h->err) != XL_OK)
        return fail(1, "%s", h->err);
    xb_dec_params(b, &h->bp);
    if (!build_twin(h))
        return fail(1, "%s", h->err);
    const xb_params_t *p = &h->bp;
    fprintf(h->out, "xlat-board: board slots %u walkers %u policy %s coalesce %s pick_pipe %u "
            "scan_pipe %u pwc %u/%u,%u/%u,%u/%u pwc_latency %u aging %" PRIu32 " lfsr 0x%" PRIx32
            " tag %u bits stats %u bits\n",
            (unsigned)p->slots, p->walkers, kPolicy[p->policy], kCoal[p->coalesce], p->pick_pipe,
            p->scan_pipe, p->l4_entries, p->l4_ways, p->l3_entries, p->l3_ways, p->l2_entries,
            p->l2_ways, p->pwc_latency, p->aging, p->lfsr, p->tag_width, p->stat_width);
    fflush(h->out);
    if ((uint64_t)h->o.window > h->tag_mask + 1u)
        return fail(2, "--window %" PRIu32 ": more arrivals in flight than the board's %u-bit "
                    "tags tell apart (at most %" PRIu64 ")", h->o.window, p->tag_width,
                    h->tag_mask + 1u);
    b[0] = 'S';
    if (send(h, b, XB_LEN_S))
        return 1;
    if (read_group(h, &g, "the answer to S after the z frame"))
        return 1;
    if (g.rec.flags != XB_F_SYNC)
        return fail(1, "protocol: the record after the z frame has flags 0x%04x, not SYNC alone: "
                    "is the board's z frame %u bytes long, as fpga/README.md says?",
                    g.rec.flags, XB_LEN_ZP);
    return process(h, &g);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int xb_host_run(xb_host_t *h, xb_port_t *port, xb_work_t *work, const xb_host_opts_t *o,
                FILE *out)
{
    char what[160];
    double t0 = now_s();
    int rc;
    memset(h, 0, offsetof(xb_host_t, err));
    h->port = port;
    h->work = work;
    h->out = out;
    h->o = *o;
    h->roots[1] = work->root;
    h->cnt_next = XB_NCNT;
    if ((rc = handshake(h)) != 0)
        return rc;
    if (send_next(h))
        return 1;
    while (!h->done) {
        xb_group_t g;
        snprintf(what, sizeof what, "an E record; %" PRIu32 " request(s) in flight, %" PRIu64
                 " to send, the last record's cycle %" PRIu64,
                 h->nflight, xb_work_left(h->work), h->cyc - 1u);
        if (read_group(h, &g, what) || process(h, &g) || send_next(h))
            return 1;
    }
    if (h->rq_n > 0 || h->rsp_out || h->nflight > 0)
        return fail(1, "the run ended with %u read(s) unanswered and %" PRIu32 " request(s) in "
                    "flight", h->rq_n + (unsigned)h->rsp_out, h->nflight);
    double dt = now_s() - t0;
    fprintf(out, "PASS cycles=%" PRIu64 " (%" PRIu64 " idle ones counted, not stepped) requests=%" PRIu64 " completions=%" PRIu64
            " (coalesced %" PRIu64 ") faults=%" PRIu64 " reads=%" PRIu64 " records=%" PRIu64
            " counter_checks=%" PRIu64 " bytes host->board=%" PRIu64 " board->host=%" PRIu64
            " time=%.2fs\n",
            h->cyc, h->skipped, h->requests, h->completions, h->coalesced, h->faults, h->reads, h->records,
            h->cnt_checks, port->sent, port->received, dt);
    if (work->replay)
        fprintf(out, "xlat-board: %" PRIu64 " read(s) the trace has no line for, answered with "
                "eight not-present entries (both twins saw the same line)\n", work->zero_lines);
    fflush(out);
    return 0;
}

void xb_host_free(xb_host_t *h)
{
    if (h->twin_ok) {
        xl_walk_path_out_free(&h->out_c);
        xl_walk_path_free(&h->m);
    }
    free(h->flight);
    h->flight = NULL;
    h->twin_ok = 0;
}
