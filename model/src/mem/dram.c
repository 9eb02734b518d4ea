/*
 * dram.c - the DRAM timing block of the memory system (dram.h): DDR3-1600 devices behind
 * each channel, docs/isca18-micro18.md §1.1 (Table I: 2 channels x 2 ranks x 16 banks) and
 * §1.2 (11-11-11, BL8, 64-bit channel, open page); the DRAM timing of issue 15
 * (refresh, pipelined column commands, write timing, tRRD/tFAW; checked against
 * DRAMsim3, bench/results/dram.md). The controller that decides which operation issues
 * when (queues, FR-FCFS, write drains, when refreshes apply) is dram_sched.c. Timing
 * only: data contents are not modelled.
 *
 * ---- Time and clocks ----------------------------------------------------------------
 * Time is in GPU cycles. With G = gpu.clock_mhz, D = dram.mhz, g = G / gcd(G, D) and
 * d = D / gcd(G, D), DRAM clock k (k = 0, 1, ...) has its edge at GPU cycle
 *     cyc(k) = ceil(k * g / d)                                   (dram_cyc)
 * (a fixed origin: DRAM clock 0 = GPU cycle 0), and the first DRAM edge at or after GPU
 * cycle t is DRAM clock
 *     clk(t) = ceil(t * d / g).                                  (dram_clk)
 * Defaults: g/d = 5/2, so DRAM clocks 0,1,2,3,4 are at GPU cycles 0,3,5,8,10; a DRAM
 * event is seen by the GPU at the first GPU cycle at or after it (memsys.h: "rounding
 * up each event to the next GPU cycle"). All DRAM timing is done in DRAM clocks and
 * converted once, when a result leaves the DRAM. Exact in 64 bits while t * d and
 * k * g stay below 2^64 (d, g <= 100000: over 10^14 cycles).
 *
 * ---- Address mapping (memsys.h: line interleaved across channels, then banks, then
 * ranks) -------------------------------------------------------------------------------
 *   line    = pa >> 6
 *   channel = line % channels;                x = line / channels
 *   bank    = x % banks;                      x = x / banks
 *   rank    = x % ranks;                      x = x / ranks
 *   column  = x % lines_per_row;              row = x / lines_per_row
 * with lines_per_row = dram.row_kb * 1024 / 64 (128 for 8 KB rows). With dram.mapping =
 * xor (the default) the row then permutes channel and bank:
 *   channel = (channel + row) % channels;  bank = (bank + row / channels) % banks
 * With dram.mapping = chunk (MASK's GPGPU-Sim-style map, ASPLOS'18 baseline;
 * docs/papers/mask.md) a channel takes a 256 B chunk (4 lines) at a time, and the chunks
 * of one channel fill a row before the next bank:
 *   chunk = line / 4 (pa[7:0] is the byte in the chunk)
 *   channel = chunk % channels;               x = chunk / channels
 *   column  = x % (lines_per_row / 4);        x = x / (lines_per_row / 4)  (with line % 4)
 *   bank    = x % banks;    x = x / banks;    rank = x % ranks;   row = x / ranks
 * so a stream of consecutive lines finds its row open in every channel (with 8 channels
 * and 2 KB rows: pa[10:8] channel, pa[13:11] column chunk, pa[16:14] bank, row above);
 * e.g. 8 channels, 8 banks, 1 rank, 2 KB rows: pa 0x0..0xff -> ch 0 bank 0 row 0;
 * 0x100 -> ch 1; 0x800 -> ch 0 bank 0 row 0 (next column chunk); 0x4000 -> ch 0 bank 1;
 * 0x20000 -> ch 0 bank 0 row 1.
 * The examples below are for dram.mapping = linear (the tests use it). Linear:
 * pa 0x0 -> ch 0 bank 0 rank 0 col 0 row 0; 0x40 -> ch 1; 0x80 -> ch 0 bank 1;
 * 0x800 (line 32) -> ch 0 bank 0 rank 1; 0x1000 (line 64) -> ch 0 bank 0 rank 0 col 1
 * row 0; 0x80000 (line 8192) -> ch 0 bank 0 rank 0 col 0 row 1.
 * Every (rank, bank) pair of a channel is an independent bank with its own row buffer;
 * the ranks of a channel share its data bus (a switch costs tRTRS, below).
 *
 * ---- DRAM timing (memsys.h; DRAM clocks; names are dram.* keys) ----------------------
 * Issued at k (dram_issue; the controller issues an op only once its bank is ready,
 * dram_sched.c), an op of bank b, rank r, for row R, with L = tCL for a read and tCWL
 * for a write, has
 *   row hit      (R open)         col0 = k                               dram.row_hits
 *   closed bank  (no row open)    act = A(k), col0 = act + tRCD          dram.row_misses
 *   row conflict (another open)   pre = max(k, b.pre_ok),
 *                                 act = A(pre + tRP), col0 = act + tRCD   dram.row_conflicts
 * where A(t) is the earliest clock >= t at least tRRD from every activate booked so far
 * in rank r, before or after it, with no five activates of rank r within fewer than tFAW
 * clocks (dram.act_delays counts A(t) > t). Its data burst is [s, s + tBURST) with s
 * the earliest clock >= col0 + L that keeps the data-bus rules below with every burst
 * booked on the channel, before or after it; its column command is at col = s - L
 * (data is fixed relative to its command), so a row hit issued later may take a free
 * data slot ahead of the burst of an earlier-issued conflict. Then
 *   b.ready  = col + tCCD         (the bank takes its next op when its next column
 *                                  command may issue: row hits pipeline tCCD apart;
 *                                  returned to the controller, which keeps it)
 *   b.pre_ok = max(act + tRAS (when activated), col + tRTP (read),
 *                  s + tBURST + tWR (write: recovery after the write data))
 * and the row stays open (open-page policy). The burst end e = s + tBURST is when the
 * data is back (a read) or written (a write): the L2 or the bypass requester sees it at
 * cyc(e) + C (memsys.c).
 * Data-bus rules. Between the end of a burst E and the start of a later burst N on one
 * channel the bus idles at least
 *   E and N of different ranks            tRTRS
 *   same rank, same direction             tCCD - tBURST (0 for BL8: back to back)
 *   same rank, E a read, N a write        tCCD + 2 - tBURST (2): JEDEC's read-to-write
 *                                         command spacing RL + tCCD + 2 - WL
 *   same rank, E a write, N a read        tWTR + tCL (17): tWTR from the end of the write
 *                                         data to the read command, then CL
 * (negative values count as 0). These are the command rules tCCD, read-to-write, tWTR
 * and the rank switch, written in data time; with every burst fixed relative to its
 * command they hold between the commands exactly.
 * Refresh (dram_refresh; when one is due and applied is dram_sched.c's). A refresh due
 * at D precharges the rank's banks at P = max(D, b.pre_ok of every open bank), issues
 * REF at P + tRP (at D, or the end of the rank's previous refresh if later, when no bank
 * is open) and blocks the rank until REF + tRFC: each of its banks gets ready =
 * max(ready, REF + tRFC) and its row closed. Ops already issued keep their commands (the
 * precharge waits for them).
 * Not modelled: the command bus beyond one decision per clock (commands of different
 * ops may share a clock), power-down, reads served from the write queue.
 *
 * ---- Energy counters (dram_energy.c turns them into energy) ---------------------------
 * Per rank, the commands as booked above: an activate per row miss or conflict, a
 * precharge per conflict (at pre) and per bank a refresh closes (at P; dram.*_pre_ref),
 * a REF per refresh, and a read or write burst per op, by traffic class (memkind.h).
 * Refreshes the controller counts without applying them (dram_sched.c) are booked by
 * dram_refresh_idle at their due clocks. Background: every rank's DRAM clocks from 0 on
 * are split into those with at least one bank open or a refresh running ([REF, REF +
 * tRFC), as DRAMPower counts tRFC active: E_ref charges IDD5 - IDD3N) and those with
 * every bank precharged. The split is exact, not sampled: a bank is open from its
 * activate's clock to its precharge's, and each of these and each refresh's start and
 * end is booked as a state change of its rank when it is decided; the rank's count of
 * open banks (plus a running refresh) is integrated over time change by change.
 * Changes are decided ahead of their clocks (an activate after a precharge that waits
 * for tWR), so each rank keeps those not yet reached in a sorted window and integrates up
 * to clock h only when nothing decided later can fall before h: an op issued at k books
 * changes at k or later, and a refresh applied at a decision at k was due after the
 * channel's previous decision, books its changes at or after its due clock, and every
 * later op of the rank issues at k or later; so dram_issue(k) integrates up to k and
 * dram_refresh(due) up to due. dram_rank_cycles finishes the integral at the end of a
 * run without changing the state. Counting changes nothing in the timing.
 * Examples (defaults, dram.mapping = linear, before the first refresh at clock 3120):
 *  (1) a closed bank, queued at GPU cycle 60 = DRAM clock 24: act 24, col 35, data
 *      46..50, cyc(50) = 125; the bank is ready again at 35 + tCCD = 39.
 *  (2) three more reads to that row queued with it: row hits at 39, 43, 47 with data
 *      50..54, 54..58, 58..62, back to back on the bus.
 *  (3) a write (row hit, col 466, data 474..478) then a read of the same rank (row
 *      hit, queued at 474): s >= 478 + tWTR + tCL = 495, col 484 (= 466 + CWL + tBURST +
 *      tWTR), data 495..499.
 * The booked activates and bursts sit in per-rank and per-channel windows sized at
 * creation: no allocation in the steady state.
 */
#include "mem/dram.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem/hostbuf.h"
#include "xlat/dram_energy.h"

#define set_err(err, errlen, ...)                          \
    do {                                                   \
        if ((err) != NULL && (errlen) > 0u)                \
            snprintf((err), (errlen), __VA_ARGS__);        \
    } while (0)

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

static int is_pow2_64(uint64_t x)
{
    return x != 0u && (x & (x - 1u)) == 0u;
}

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* ------------------------------------------------------------ activates and the bus */

/* Drop the bursts of channel ch and the activates of rank r that no longer constrain
 * anything decided at clock k or later: a new burst starts at k + min(CL, CWL) or
 * later, a new activate at k or later. (A rank's activates are only read and added by an
 * issue to that rank, which prunes them first.) */
static void chan_prune(const dram_t *d, dram_chan_t *ch, dram_rank_t *r, uint64_t k)
{
    while (ch->b0 < ch->bn && ch->bk[ch->b0].s + d->bus_reach <= k + d->lat_min)
        ch->b0++;
    while (r->a0 < r->an && r->act[r->a0] + d->act_reach <= k)
        r->a0++;
}

/* The earliest activate clock at or after t for rank r: at least tRRD from every booked
 * activate of the rank on either side, and no five activates (booked ones and this one)
 * within fewer than tFAW clocks. Booked activates may lie ahead of t (another bank's,
 * decided earlier but waiting for its own precharge), so both sides count. The booked
 * ones keep both rules among themselves, so only t's neighbours matter: the booked
 * activate just before t and just after it (tRRD), and the five groups of four
 * consecutive booked activates next to t in time order (tFAW). Each rule t breaks gives
 * a clock below which it stays broken (the other activate + tRRD, or the group's first
 * + tFAW); t moves to the largest of them and is checked again, so the first t that
 * breaks nothing is the earliest. */
static uint64_t act_slot(const dram_t *d, const dram_rank_t *r, uint64_t t)
{
    const uint64_t *a = r->act + r->a0;
    uint32_t n = r->an - r->a0, p = 0, hi = n, q;
    while (p < hi) {                       /* p: the first booked activate after t */
        uint32_t mid = p + (hi - p) / 2u;
        if (a[mid] <= t)
            p = mid + 1u;
        else
            hi = mid;
    }
    for (;;) {
        uint64_t nt = t;
        while (p < n && a[p] <= t)
            p++;
        /* tRRD first: past a run of booked activates t moves one neighbour at a time */
        if (p > 0u && a[p - 1u] + d->trrd > t) {
            t = a[p - 1u] + d->trrd;
            continue;
        }
        if (p < n && t + d->trrd > a[p]) {
            t = a[p] + d->trrd;
            continue;
        }
        /* groups a[q .. q + 3] with t just before, inside or just after them */
        for (q = p >= 4u ? p - 4u : 0u; d->tfaw > 0u && q <= p && q + 3u < n; q++)
            if (max64(t, a[q + 3u]) - (a[q] < t ? a[q] : t) < d->tfaw)
                nt = max64(nt, a[q] + d->tfaw);
        if (nt == t)
            return t;
        t = nt;
    }
}

/* Idle data-bus clocks needed between the end of burst (r1, w1) and the start of a
 * later burst (r2, w2) on one channel. */
static inline uint64_t bus_gap(const dram_t *d, uint32_t r1, uint32_t w1, uint32_t r2,
                               uint32_t w2)
{
    return r1 != r2 ? d->trtrs : d->gap_same[w1][w2];
}

/* The earliest data start at or after s for a burst of rank r, direction w, that keeps
 * every gap rule with every booked burst, before it or after it (a later-decided burst
 * may take an earlier free slot). s only grows, by the smallest step that clears the
 * burst it collides with; repeat until a pass finds no collision. */
static uint64_t bus_slot(const dram_t *d, const dram_chan_t *ch, uint64_t s, uint32_t r,
                         uint32_t w)
{
    const dram_burst_t *b = ch->bk + ch->b0;
    uint32_t n = ch->bn - ch->b0, lo = 0, hi = n, i;
    int changed;
    /* sorted by start: a burst bus_reach or more before s cannot collide, nor can any
     * from the first that starts bus_reach or more after s; s only grows, so each pass
     * starts at the first burst within reach (binary search) */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if (b[mid].s + d->bus_reach <= s)
            lo = mid + 1u;
        else
            hi = mid;
    }
    do {
        changed = 0;
        while (lo < n && b[lo].s + d->bus_reach <= s)
            lo++;
        for (i = lo; i < n && b[i].s < s + d->bus_reach; i++) {
            uint64_t after = b[i].s + d->tburst + bus_gap(d, b[i].rank, b[i].w, r, w);
            if (b[i].s <= s ? s < after
                            : s + d->tburst + bus_gap(d, r, w, b[i].rank, b[i].w) > b[i].s) {
                s = after;
                changed = 1;
            }
        }
    } while (changed);
    return s;
}

/* Make room for one more element at the end of a sorted window buf[lo .. hi) of a buffer
 * of cap elements of esz bytes: when the end is reached, compact the window to the front,
 * or double the buffer if the window fills more than half of it. Returns the buffer. */
static void *window_room(void *buf, uint32_t *lo, uint32_t *hi, uint32_t *cap, size_t esz)
{
    if (*hi < *cap)
        return buf;
    uint32_t n = *hi - *lo;
    if (n * 2u > *cap) {
        void *p = hb_alloc_or_stop((size_t)*cap * 2u * esz);
        memcpy(p, (char *)buf + (size_t)*lo * esz, (size_t)n * esz);
        free(buf);
        buf = p;
        *cap *= 2u;
    } else {
        memmove(buf, (char *)buf + (size_t)*lo * esz, (size_t)n * esz);
    }
    *lo = 0;
    *hi = n;
    return buf;
}

/* Insert v into the rank's sorted window act[a0 .. an). The window holds at most one
 * activate per bank ahead of the decision clock and the few within act_reach behind it,
 * and the buffer starts at that size (dram_init): the steady state does not allocate.
 * burst_insert is the same for a channel's bursts. */
static void act_insert(dram_rank_t *r, uint64_t v)
{
    uint32_t i;
    r->act = window_room(r->act, &r->a0, &r->an, &r->acap, sizeof *r->act);
    for (i = r->an; i > r->a0 && r->act[i - 1u] > v; i--)
        r->act[i] = r->act[i - 1u];
    r->act[i] = v;
    r->an++;
}

static void burst_insert(dram_chan_t *ch, uint64_t s, uint32_t rank, uint32_t w)
{
    uint32_t i;
    ch->bk = window_room(ch->bk, &ch->b0, &ch->bn, &ch->bcap, sizeof *ch->bk);
    for (i = ch->bn; i > ch->b0 && ch->bk[i - 1u].s > s; i--)
        ch->bk[i] = ch->bk[i - 1u];
    ch->bk[i].s = s;
    ch->bk[i].rank = rank;
    ch->bk[i].w = w;
    ch->bn++;
}

/* ------------------------------------------------------------ energy counters */

/* Integrate the rank's state up to clock t: the clocks since t_done go to cyc_open when a
 * bank is open or a refresh runs, else to cyc_pre. */
static void ev_advance(dram_rank_t *r, uint64_t t)
{
    if (t > r->t_done) {
        if (r->n_open > 0u)
            r->cyc_open += t - r->t_done;
        else
            r->cyc_pre += t - r->t_done;
        r->t_done = t;
    }
}

/* Apply the rank's booked state changes before clock h, in clock order: nothing booked
 * later falls before h (file comment: energy counters). */
static void ev_commit(dram_rank_t *r, uint64_t h)
{
    while (r->e0 < r->en && r->ev[r->e0].t < h) {
        ev_advance(r, r->ev[r->e0].t);
        r->n_open = (uint32_t)((int64_t)r->n_open + r->ev[r->e0].delta);
        r->e0++;
    }
}

/* Book a state change at clock t (>= t_done) in the rank's sorted window ev[e0 .. en),
 * after those of the same clock (a close is always later than its open, so n_open never
 * goes below 0). */
static void ev_insert(dram_rank_t *r, uint64_t t, int32_t delta)
{
    uint32_t i;
    r->ev = window_room(r->ev, &r->e0, &r->en, &r->ecap, sizeof *r->ev);
    for (i = r->en; i > r->e0 && r->ev[i - 1u].t > t; i--)
        r->ev[i] = r->ev[i - 1u];
    r->ev[i].t = t;
    r->ev[i].delta = delta;
    r->en++;
}

/* ------------------------------------------------------------ operations */

void dram_issue(dram_t *d, uint32_t c, uint32_t bank, uint64_t row, uint32_t write,
                unsigned kd, uint64_t k, dram_access_t *a)
{
    dram_chan_t *ch = &d->ch[c];
    dram_bank_t *b = &ch->bank[bank];
    uint32_t x = write, rk = bank / d->banks;
    dram_rank_t *r = &ch->rank[rk];
    uint64_t col, s, end, lat = x ? d->tcwl : d->tcl;

    chan_prune(d, ch, r, k);
    ev_commit(r, k);
    if (b->open_row == row) {
        col = k;
        a->row = DRAM_ROW_HIT;
    } else {
        uint64_t t0, act;
        if (b->open_row == DRAM_NO_ROW) {
            t0 = k;
            a->row = DRAM_ROW_MISS;
        } else {
            uint64_t pre = max64(k, b->pre_ok);     /* precharge, then tRP */
            t0 = pre + d->trp;
            a->row = DRAM_ROW_CONFLICT;
            ev_insert(r, pre, -1);
            r->n_pre++;
        }
        act = act_slot(d, r, t0);
        if (act > t0)
            d->act_delays++;
        act_insert(r, act);
        ev_insert(r, act, 1);
        r->n_act++;
        b->pre_ok = act + d->tras;
        b->open_row = row;
        col = act + d->trcd;
    }
    s = bus_slot(d, ch, col + lat, rk, x);
    col = s - lat;                                  /* data fixed relative to its command */
    burst_insert(ch, s, rk, x);
    end = s + d->tburst;
    b->pre_ok = max64(b->pre_ok, x ? end + d->twr : col + d->trtp);
    if (x)
        r->n_wr[kd]++;
    else
        r->n_rd[kd]++;
    a->end = end;
    a->ready = col + d->tccd;
}

uint64_t dram_refresh(dram_t *d, uint32_t c, uint32_t rk, uint64_t due)
{
    dram_chan_t *ch = &d->ch[c];
    dram_rank_t *r = &ch->rank[rk];
    dram_bank_t *b = ch->bank + (size_t)rk * d->banks;
    uint64_t ref = max64(due, r->ref_end), pre = due;
    uint32_t j, open = 0;
    ev_commit(r, due);
    for (j = 0; j < d->banks; j++)
        if (b[j].open_row != DRAM_NO_ROW) {
            open++;
            pre = max64(pre, b[j].pre_ok);
        }
    if (open) {
        ref = max64(ref, pre + d->trp);
        for (j = 0; j < open; j++)                  /* each open bank closes at pre */
            ev_insert(r, pre, -1);
        r->n_pre += open;
        r->n_pre_ref += open;
    }
    r->ref_end = ref + d->trfc;
    ev_insert(r, ref, 1);
    ev_insert(r, r->ref_end, -1);
    r->n_ref++;
    for (j = 0; j < d->banks; j++)
        b[j].open_row = DRAM_NO_ROW;
    return r->ref_end;
}

void dram_refresh_idle(dram_t *d, uint32_t c, uint32_t rk, uint64_t due, uint64_t n,
                       uint64_t trefi)
{
    dram_rank_t *r = &d->ch[c].rank[rk];
    uint64_t i;
    for (i = 0; i < n; i++) {
        uint64_t t = due + i * trefi;
        ev_commit(r, t);
        ev_insert(r, t, 1);
        ev_insert(r, t + d->trfc, -1);
        r->n_ref++;
    }
}

uint64_t dram_last_change(const dram_t *d)
{
    uint64_t last = 0;
    size_t i;
    for (i = 0; i < (size_t)d->channels * d->ranks; i++) {
        const dram_rank_t *r = &d->ranks_all[i];
        last = max64(last, r->en > r->e0 ? r->ev[r->en - 1u].t : r->t_done);
    }
    return last;
}

void dram_rank_cycles(const dram_t *d, uint32_t c, uint32_t rk, uint64_t end,
                      uint64_t *open, uint64_t *pre)
{
    const dram_rank_t *r = &d->ch[c].rank[rk];
    uint64_t cyc[2] = { r->cyc_pre, r->cyc_open }, t = r->t_done;
    int64_t n = r->n_open;
    uint32_t i;
    for (i = r->e0; i < r->en; i++) {               /* ev_commit on a copy */
        cyc[n > 0] += r->ev[i].t - t;
        t = r->ev[i].t;
        n += r->ev[i].delta;
    }
    if (end > t)
        cyc[n > 0] += end - t;
    *open = cyc[1];
    *pre = cyc[0];
}

/* ------------------------------------------------------------ set-up */

int dram_check(const xl_config_t *c, char *err, size_t errlen)
{
    if (c->gpu.clock_mhz == 0u || c->dram.mhz == 0u) {
        set_err(err, errlen, "gpu.clock_mhz (%u) and dram.mhz (%u) must be at least 1",
                c->gpu.clock_mhz, c->dram.mhz);
        return -1;
    }
    if (c->dram.channels == 0u || c->dram.ranks == 0u || c->dram.banks == 0u) {
        set_err(err, errlen, "dram.channels (%u), dram.ranks (%u), dram.banks (%u) must be "
                "at least 1", c->dram.channels, c->dram.ranks, c->dram.banks);
        return -1;
    }
    if (c->dram.row_kb == 0u || c->dram.tburst == 0u) {
        set_err(err, errlen, "dram.row_kb (%u) and dram.tburst (%u) must be at least 1",
                c->dram.row_kb, c->dram.tburst);
        return -1;
    }
    if (c->dram.tccd == 0u || c->dram.trrd == 0u) {
        set_err(err, errlen, "dram.tccd (%u) and dram.trrd (%u) must be at least 1",
                c->dram.tccd, c->dram.trrd);
        return -1;
    }
    return 0;
}

int dram_init(dram_t *d, const xl_config_t *c)
{
    uint64_t gg = gcd64(c->gpu.clock_mhz, c->dram.mhz), nb;
    uint32_t i, acap, bcap;
    d->g = c->gpu.clock_mhz / gg;
    d->d = c->dram.mhz / gg;
    d->mhz = c->dram.mhz;
    d->channels = c->dram.channels;
    d->ranks = c->dram.ranks;
    d->banks = c->dram.banks;
    d->lines_per_row = (uint64_t)c->dram.row_kb * 1024u / 64u;
    d->map_pow2 = is_pow2_64(d->channels) && is_pow2_64(d->ranks) && is_pow2_64(d->banks) &&
                  is_pow2_64(d->lines_per_row);
    if (d->map_pow2) {
        d->ch_sh = xl_ctz64(d->channels);
        d->rk_sh = xl_ctz64(d->ranks);
        d->bk_sh = xl_ctz64(d->banks);
        d->lpr_sh = xl_ctz64(d->lines_per_row);
    }
    d->xor_map = c->dram.mapping == XL_DRAM_MAP_XOR;
    d->chunk_map = c->dram.mapping == XL_DRAM_MAP_CHUNK;
    d->tcl = c->dram.tcl;
    d->trcd = c->dram.trcd;
    d->trp = c->dram.trp;
    d->tras = c->dram.tras;
    d->tburst = c->dram.tburst;
    d->tcwl = c->dram.tcwl;
    d->tccd = c->dram.tccd;
    d->trrd = c->dram.trrd;
    d->tfaw = c->dram.tfaw;
    d->twr = c->dram.twr;
    d->twtr = c->dram.twtr;
    d->trtp = c->dram.trtp;
    d->trtrs = c->dram.trtrs;
    d->trfc = c->dram.trfc;
    /* data-bus gaps of one rank (file comment): same direction, column commands tCCD
     * apart; read then write, RL + tCCD + 2 - WL between the commands; write then read,
     * tWTR after the write data, then CL */
    d->gap_same[0][0] = d->gap_same[1][1] = d->tccd > d->tburst ? d->tccd - d->tburst : 0u;
    d->gap_same[0][1] = d->tccd + 2u > d->tburst ? d->tccd + 2u - d->tburst : 0u;
    d->gap_same[1][0] = d->twtr + d->tcl;
    d->bus_reach = d->tburst + max64(max64(d->gap_same[0][0], d->gap_same[0][1]),
                                     max64(d->gap_same[1][0], d->trtrs));
    d->lat_min = d->tcl < d->tcwl ? d->tcl : d->tcwl;
    d->act_reach = max64(d->trrd, d->tfaw);

    nb = (uint64_t)d->channels * d->ranks * d->banks;
    d->ch = calloc(d->channels, sizeof *d->ch);
    d->banks_all = calloc((size_t)nb, sizeof *d->banks_all);
    d->ranks_all = calloc((size_t)d->channels * d->ranks, sizeof *d->ranks_all);
    if (!d->ch || !d->banks_all || !d->ranks_all)
        return -1;
    for (i = 0; i < nb; i++)
        d->banks_all[i].open_row = DRAM_NO_ROW;
    /* buffer sizes that hold the windows of act_insert and burst_insert: one entry per
     * bank ahead of the decision clock plus those within reach behind it */
    acap = d->banks + (uint32_t)(d->act_reach / d->trrd) + 2u;
    bcap = d->ranks * d->banks + (uint32_t)(d->bus_reach / d->tburst) + 2u;
    for (i = 0; i < d->channels; i++) {
        dram_chan_t *ch = &d->ch[i];
        uint32_t r;
        ch->bank = d->banks_all + (size_t)i * d->ranks * d->banks;
        ch->rank = d->ranks_all + (size_t)i * d->ranks;
        ch->bcap = bcap;
        if ((ch->bk = hb_alloc((size_t)bcap * sizeof *ch->bk)) == NULL)
            return -1;
        for (r = 0; r < d->ranks; r++) {
            dram_rank_t *rk = &ch->rank[r];
            rk->acap = acap;
            if ((rk->act = hb_alloc((size_t)acap * sizeof *rk->act)) == NULL)
                return -1;
            /* per bank an activate and a precharge ahead, and a refresh's two */
            rk->ecap = 4u * d->banks + 8u;
            if ((rk->ev = hb_alloc((size_t)rk->ecap * sizeof *rk->ev)) == NULL)
                return -1;
        }
    }
    return 0;
}

void dram_free(dram_t *d)
{
    size_t i;
    if (d->ch != NULL)
        for (i = 0; i < d->channels; i++)
            free(d->ch[i].bk);
    if (d->ranks_all != NULL)
        for (i = 0; i < (size_t)d->channels * d->ranks; i++) {
            free(d->ranks_all[i].act);
            free(d->ranks_all[i].ev);
        }
    free(d->ch);
    free(d->banks_all);
    free(d->ranks_all);
}

void dram_stats(const dram_t *d, xl_stats_t *s)
{
    xl_stats_counter(s, "dram.act_delays", "activates held back by tRRD or tFAW",
                     &d->act_delays);
}

/* ------------------------------------------------------------ energy (dram_energy.c) */

void dram_energy_stats(const dram_t *d, xl_stats_t *s, uint64_t now_clk)
{
    const xl_dre_spec_t *sp = &xl_dre_ddr3_1600_x8;
    uint64_t w = dram_last_change(d), tot[5] = { 0, 0, 0, 0, 0 };
    xl_dre_energy_t e = { 0, 0, 0, 0, 0 };
    uint32_t c, r, k;
    char name[64], desc[200];

    if (now_clk > w)
        w = now_clk;
    for (c = 0; c < d->channels; c++)
        for (r = 0; r < d->ranks; r++) {
            const dram_rank_t *rk = &d->ch[c].rank[r];
            xl_dre_counts_t n = { rk->n_act, rk->n_pre, 0, 0, rk->n_ref, 0, 0 };
            for (k = 0; k < MK_NCLASS; k++) {
                n.rd += rk->n_rd[k];
                n.wr += rk->n_wr[k];
            }
            dram_rank_cycles(d, c, r, w, &n.cyc_open, &n.cyc_pre);
            xl_dre_rank(sp, &n, d->mhz, &e);
            tot[0] += n.act;
            tot[1] += n.pre;
            tot[2] += rk->n_pre_ref;
            tot[3] += n.cyc_open;
            tot[4] += n.cyc_pre;
        }
    {
        const uint64_t part[5] = { e.act_pre / 1000u, e.rd / 1000u, e.wr / 1000u,
                                   e.ref / 1000u, e.bg / 1000u };
        snprintf(desc, sizeof desc, "DRAM energy, pJ: DRAMPower's formulas with memspec %s "
                 "x %u per rank (act_pre + rd + wr + ref + bg)", sp->name, sp->devices);
        xl_stats_value(s, "dram.energy_pj", desc,
                       part[0] + part[1] + part[2] + part[3] + part[4]);
        xl_stats_value(s, "dram.energy_act_pre_pj",
                       "DRAM energy of activates and precharges, pJ", part[0]);
        xl_stats_value(s, "dram.energy_rd_pj", "DRAM energy of read bursts, pJ", part[1]);
        xl_stats_value(s, "dram.energy_wr_pj", "DRAM energy of write bursts, pJ", part[2]);
        xl_stats_value(s, "dram.energy_ref_pj", "DRAM energy of refreshes, pJ", part[3]);
        xl_stats_value(s, "dram.energy_bg_pj",
                       "DRAM background energy (banks open or all precharged; no power-down), "
                       "pJ", part[4]);
    }
    xl_stats_value(s, "dram.energy_clocks",
                   "DRAM clocks of every rank the background energy covers (to the end of "
                   "the run or the last booked bank change)", w);
    xl_stats_value(s, "dram.activates", "DRAM activates, all ranks", tot[0]);
    xl_stats_value(s, "dram.precharges",
                   "DRAM bank precharges, all ranks (row conflicts and refreshes)", tot[1]);
    xl_stats_value(s, "dram.precharges_ref", "DRAM bank precharges for refreshes", tot[2]);
    xl_stats_value(s, "dram.open_clocks",
                   "DRAM clocks summed over ranks with a bank open or a refresh running",
                   tot[3]);
    xl_stats_value(s, "dram.precharged_clocks",
                   "DRAM clocks summed over ranks with every bank precharged", tot[4]);
    for (c = 0; c < d->channels; c++)
        for (r = 0; r < d->ranks; r++) {
            const dram_rank_t *rk = &d->ch[c].rank[r];
            uint64_t open, pre, v[7];
            static const char *const fld[7] = { "activates", "precharges", "refreshes",
                                                "reads", "reads_pt", "writes", "writes_pt" };
            static const char *const what[7] = {
                "activates", "bank precharges (refreshes' included)", "refreshes",
                "read bursts", "read bursts of page-table lines", "write bursts",
                "write bursts of page-table lines" };
            dram_rank_cycles(d, c, r, w, &open, &pre);
            v[0] = rk->n_act;
            v[1] = rk->n_pre;
            v[2] = rk->n_ref;
            v[3] = v[5] = 0;
            for (k = 0; k < MK_NCLASS; k++) {
                v[3] += rk->n_rd[k];
                v[5] += rk->n_wr[k];
            }
            v[4] = rk->n_rd[MK_PT];
            v[6] = rk->n_wr[MK_PT];
            for (k = 0; k < 7u; k++) {
                snprintf(name, sizeof name, "dram.ch%u.rank%u.%s", c, r, fld[k]);
                snprintf(desc, sizeof desc, "DRAM %s of channel %u rank %u", what[k], c, r);
                xl_stats_value(s, name, desc, v[k]);
            }
            snprintf(name, sizeof name, "dram.ch%u.rank%u.open_clocks", c, r);
            snprintf(desc, sizeof desc,
                     "DRAM clocks of channel %u rank %u with a bank open or refreshing", c, r);
            xl_stats_value(s, name, desc, open);
            snprintf(name, sizeof name, "dram.ch%u.rank%u.precharged_clocks", c, r);
            snprintf(desc, sizeof desc,
                     "DRAM clocks of channel %u rank %u with every bank precharged", c, r);
            xl_stats_value(s, name, desc, pre);
        }
}
