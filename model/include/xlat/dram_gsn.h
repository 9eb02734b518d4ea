/*
 * dram_gsn.h - twin block "xl_dram_gsn": one DRAM channel's Golden / Silver / Normal
 * request queues and their pick, MASK's address-space-aware DRAM scheduler (ASPLOS'18
 * §5.4, Equation 1, §7.4 sizes; docs/papers/mask.md "Golden / Silver / Normal queues").
 * The RTL module rtl/xl_dram_gsn.sv has the same ports, widths and edge semantics
 * (docs/design.md, twin contract) with one edge per clock: in lockstep the C twin gets
 * clk = clocks since reset. The C host is model/src/mem/dram_sched_gsn.c, which feeds the
 * bank state from the C DRAM timing model (model/src/mem/dram.c).
 *
 *   xl_dram_gsn_reset(st, params)        reset (and size the queues)
 *   xl_dram_gsn_comb(st, in, out)        this edge's outputs; no side effects
 *   xl_dram_gsn_step(st, in, out)        the clock edge (comb, then the state update)
 *
 * The block issues whole requests: the DRAM timing model turns an issued request into
 * its PRE/ACT/RD commands, so the spec's per-bank "target, locked after its first
 * command" collapses into one pick per edge among the banks that can take a request.
 *
 * Ports (xl_gsn_in_t / xl_gsn_out_t):
 *  - clk: the DRAM clock of the edge, non-decreasing. Only the Silver timeout and the
 *    time-weighted occupancy read it; the host may give several edges one clock (one
 *    per arrival or issue), an RTL wrapper one edge per clock.
 *  - Arrival: arr_valid, arr_bank (< banks), arr_row, arr_app (5 bits), arr_depth (3
 *    bits, 0 = data, else a page-table read), arr_write (carried, never looked at: a
 *    write is ordered like a read), arr_tag (the host's handle, carried).
 *    Out: arr_ready (accepted at this edge), arr_queue (GQ/SQ/NQ), arr_xlat (a
 *    translation request sent to NQ by a full GQ), arr_slot (its slot in that queue).
 *  - Issue: iss_en (the channel takes a request of this block at this edge), bank_ready
 *    (bit b: bank b can take one now), open_valid (bit b: bank b has a row open) and
 *    open_row[b] (read where open_valid). Out: iss_valid and the picked entry
 *    (iss_queue, iss_slot, iss_hit = its row is open, and its fields).
 *  - Quota: quota_valid with quota[a] for every application, thresh_a of Equation 1
 *    (9 bits, larger values read as 511), in force from this edge.
 *  - Out, state after the edge's timeout and quota commit (what the arrival sees):
 *    silver_app, silver_cnt.
 *  - Counters are kept in the state (xl_dram_gsn_t), as in walk_sched.h.
 *
 * One edge, in this order (comb computes the outputs for exactly this order):
 *  1. Silver timeout (silver_timeout = T > 0): with S the clock the current turn began
 *     or the Silver application's last data arrival, if clk - S >= T then
 *     n = (clk - S) / T turns pass (advance_silver n times) and S += n * T, exactly what
 *     checking at every clock would give.
 *  2. Quota commit (quota_valid): thresh = quota; then advance_silver() if
 *     thresh[silver_app] == 0 or silver_cnt >= thresh[silver_app].
 *  3. Occupancy: each queue's occupancy before the edge is added for clk - last_clk
 *     clocks (time-weighted occupancy), and max occupancy is taken after the edge.
 *  4. Issue (iss_en): the pick below, among entries present before the edge, leaves.
 *  5. Arrival (arr_valid): accepted iff its queue has a free slot before the edge (a
 *     slot freed by this edge's issue is reusable from the next edge, so arr_ready does
 *     not depend on the pick); it takes the lowest free slot and seq = next_seq++.
 *       depth != 0:  GQ; GQ full: to NQ marked xlat (gq_overflow to_nq) if NQ has room,
 *                    else not accepted (gq_overflow backpressure, or NQ full)
 *       depth == 0:  SQ if app == silver_app, silver_cnt < thresh[silver_app] and SQ
 *                    has room: silver_cnt += 1, and advance_silver() once it reaches
 *                    thresh[silver_app] (a quota exhaustion); else NQ; NQ full: not
 *                    accepted (the host holds the request: backpressure)
 *     A data arrival of silver_app restarts the timeout (S = clk), whichever queue.
 *
 * advance_silver(): silver_cnt = 0; repeat napps times: silver_app = (silver_app + 1)
 * mod napps, stop at the first with thresh > 0 (none: back where it started); S = clk.
 * After reset silver_app = 0, silver_cnt = 0, thresh[a] = thresh_max / napps.
 *
 * The pick (ties all written out; "older" = smaller seq by 32-bit wrapping compare):
 *  - per bank b with bank_ready: its target is the oldest GQ entry of b (no row-hit
 *    reordering in the Golden FIFO; with gq_strict_head only GQ's oldest entry overall,
 *    if its bank is b); else among SQ entries of b the oldest with row == open_row[b],
 *    else the oldest; else NQ the same way (an xlat-marked NQ entry ranks as NQ).
 *  - over the banks: the highest queue class (GQ > SQ > NQ) first, then a row hit
 *    before a miss, then the older. Equivalently: the first class with an entry in a
 *    ready bank; inside it, its oldest row hit among ready banks, else its oldest.
 *    With one class this is the plain FR-FCFS of the frfcfs controller.
 *
 * Widths: app 5 bits (napps <= 32), depth 3, thresh and silver_cnt 9 bits, seq 32 bits
 * (live entries must span less than 2^31 arrivals), banks <= 64 (one bit each).
 * The C twin keeps, besides the RTL's per-entry registers, per (queue, bank) lists in
 * seq order, a bank mask per queue and a free-slot bitmap, so a pick costs the ready
 * banks of one class (and a row-hit scan of each), not a pass over every slot.
 */
#ifndef XLAT_DRAM_GSN_H
#define XLAT_DRAM_GSN_H

#include <stddef.h>

#include "xlat/types.h"

#define XL_GSN_MAX_BANKS  64u
#define XL_GSN_MAX_APPS   32u
#define XL_GSN_THRESH_MAX 511u      /* 9 bits */

enum { XL_GSN_GQ = 0, XL_GSN_SQ = 1, XL_GSN_NQ = 2, XL_GSN_QUEUES = 3 };

typedef struct {
    uint32_t banks;                 /* banks of the channel (ranks x banks), 1..64 */
    uint32_t entries[XL_GSN_QUEUES];/* GQ, SQ, NQ slots, each >= 1 */
    uint32_t napps;                 /* 1..32 */
    uint32_t thresh_max;            /* 1..511: the quotas' sum until the first commit */
    uint8_t  gq_backpressure;       /* 1: a full GQ holds translation upstream; 0: to NQ */
    uint8_t  gq_strict_head;        /* 1: only GQ's oldest entry may issue */
    uint32_t silver_timeout;        /* DRAM clocks; 0 = off */
} xl_gsn_params_t;

/* One slot: the RTL's per-entry registers. */
typedef struct {
    uint8_t  valid;
    uint8_t  app, depth, write;
    uint8_t  xlat;                  /* a translation request in NQ (GQ was full) */
    uint32_t bank;
    uint64_t row;
    uint32_t seq;
    uint32_t tag;
} xl_gsn_entry_t;

typedef struct {
    xl_gsn_params_t p;
    xl_gsn_entry_t *e[XL_GSN_QUEUES];
    uint32_t n[XL_GSN_QUEUES];      /* valid entries */
    uint32_t next_seq;
    uint8_t  silver_app;
    uint16_t silver_cnt;
    uint16_t thresh[XL_GSN_MAX_APPS];
    uint64_t silver_since;          /* S of the timeout (header) */
    uint64_t last_clk;              /* clk of the last edge */
    /* derived state (C only) */
    uint32_t *prv[XL_GSN_QUEUES], *nxt[XL_GSN_QUEUES];   /* per slot: its bank list */
    uint32_t head[XL_GSN_QUEUES][XL_GSN_MAX_BANKS], tail[XL_GSN_QUEUES][XL_GSN_MAX_BANKS];
    uint64_t bmask[XL_GSN_QUEUES];  /* bit b: the queue holds an entry of bank b */
    uint64_t *freemap[XL_GSN_QUEUES];   /* bit i: slot i free */
    /* counters */
    uint64_t enq[XL_GSN_QUEUES];    /* arrivals accepted per queue */
    uint64_t gq_overflows;          /* translation requests sent to NQ by a full GQ */
    uint64_t refused;               /* edges whose arrival was not accepted */
    uint64_t issued[XL_GSN_QUEUES], issued_hit[XL_GSN_QUEUES];
    uint64_t issued_xlat_nq;        /* xlat-marked NQ entries issued */
    uint64_t max_occ[XL_GSN_QUEUES];
    uint64_t occ_sum[XL_GSN_QUEUES];    /* entries x DRAM clocks, up to last_clk */
    uint64_t silver_turns;          /* advance_silver() calls, all causes: */
    uint64_t quota_exhaustions;     /*   quota reached by an arrival */
    uint64_t commit_advances;       /*   at a quota commit */
    uint64_t timeout_advances;      /*   by the timeout */
} xl_dram_gsn_t;

typedef struct {
    uint64_t clk;
    uint8_t  arr_valid;
    uint32_t arr_bank;
    uint64_t arr_row;
    uint8_t  arr_app, arr_depth, arr_write;
    uint32_t arr_tag;
    uint8_t  iss_en;
    uint64_t bank_ready, open_valid;
    const uint64_t *open_row;       /* banks entries; NULL when open_valid == 0 */
    uint8_t  quota_valid;
    uint16_t quota[XL_GSN_MAX_APPS];
} xl_gsn_in_t;

typedef struct {
    uint8_t  arr_ready, arr_queue, arr_xlat;
    uint32_t arr_slot;
    uint8_t  iss_valid, iss_queue, iss_hit;
    uint32_t iss_slot;
    xl_gsn_entry_t iss;             /* the picked entry's registers */
    uint8_t  silver_app;
    uint16_t silver_cnt;
} xl_gsn_out_t;

/* Reset st to p: sizes (or re-sizes) the queues, every slot free, Silver state as in
 * the header, counters 0. st must be zeroed before its first reset. XL_EINPUT with one
 * line in err on bad params, XL_EINTERNAL when out of memory. */
int  xl_dram_gsn_reset(xl_dram_gsn_t *st, const xl_gsn_params_t *p, char *err, size_t errlen);
void xl_dram_gsn_free(xl_dram_gsn_t *st);
void xl_dram_gsn_comb(const xl_dram_gsn_t *st, const xl_gsn_in_t *in, xl_gsn_out_t *out);
/* The clock edge; out (may be NULL) receives this edge's comb outputs. */
void xl_dram_gsn_step(xl_dram_gsn_t *st, const xl_gsn_in_t *in, xl_gsn_out_t *out);

#endif
