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

/* ------------------------------------------------------------ operations */

void dram_issue(dram_t *d, uint32_t c, uint32_t bank, uint64_t row, uint32_t write,
                uint64_t k, dram_access_t *a)
{
    dram_chan_t *ch = &d->ch[c];
    dram_bank_t *b = &ch->bank[bank];
    uint32_t x = write, rk = bank / d->banks;
    dram_rank_t *r = &ch->rank[rk];
    uint64_t col, s, end, lat = x ? d->tcwl : d->tcl;

    chan_prune(d, ch, r, k);
    if (b->open_row == row) {
        col = k;
        a->row = DRAM_ROW_HIT;
    } else {
        uint64_t t0, act;
        if (b->open_row == DRAM_NO_ROW) {
            t0 = k;
            a->row = DRAM_ROW_MISS;
        } else {
            t0 = max64(k, b->pre_ok) + d->trp;      /* precharge, then tRP */
            a->row = DRAM_ROW_CONFLICT;
        }
        act = act_slot(d, r, t0);
        if (act > t0)
            d->act_delays++;
        act_insert(r, act);
        b->pre_ok = act + d->tras;
        b->open_row = row;
        col = act + d->trcd;
    }
    s = bus_slot(d, ch, col + lat, rk, x);
    col = s - lat;                                  /* data fixed relative to its command */
    burst_insert(ch, s, rk, x);
    end = s + d->tburst;
    b->pre_ok = max64(b->pre_ok, x ? end + d->twr : col + d->trtp);
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
    for (j = 0; j < d->banks; j++)
        if (b[j].open_row != DRAM_NO_ROW) {
            open = 1;
            pre = max64(pre, b[j].pre_ok);
        }
    if (open)
        ref = max64(ref, pre + d->trp);
    r->ref_end = ref + d->trfc;
    for (j = 0; j < d->banks; j++)
        b[j].open_row = DRAM_NO_ROW;
    return r->ref_end;
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
        for (i = 0; i < (size_t)d->channels * d->ranks; i++)
            free(d->ranks_all[i].act);
    free(d->ch);
    free(d->banks_all);
    free(d->ranks_all);
}

void dram_stats(const dram_t *d, xl_stats_t *s)
{
    xl_stats_counter(s, "dram.act_delays", "activates held back by tRRD or tFAW",
                     &d->act_delays);
}
