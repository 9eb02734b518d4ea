/*
 * dram.h - the DRAM timing block of the memory system (memsys.h): the DDR3 devices behind
 * each channel, their address mapping, banks with open rows, activates (tRRD, tFAW), the
 * shared data bus, and what a refresh does to a rank; docs/isca18-micro18.md §1.1 (Table
 * I: DDR3-1600, 2 channels x 2 ranks x 16 banks) and §1.2 (11-11-11, BL8, open page).
 * Which operation goes when is the controller's (dram_sched.h); this block answers when
 * an operation issued at a DRAM clock has its data, and keeps the state that decides it.
 * The rules and their examples are in dram.c. It also counts, per rank, the commands it
 * books and the clocks with a bank open or all banks precharged, for the DRAM energy
 * (dram.c: energy counters; xlat/dram_energy.h).
 *
 * Time: DRAM clocks; dram_cyc and dram_clk convert to and from GPU cycles (dram.c: Time
 * and clocks). Banks are numbered within a channel: bank = rank * banks + bank of the rank.
 */
#ifndef XLAT_MEM_DRAM_H
#define XLAT_MEM_DRAM_H

#include "xlat/config.h"
#include "xlat/stats.h"
#include "xlat/types.h"

#include "mem/memkind.h"

#define DRAM_NO_ROW UINT64_MAX

typedef struct {
    uint64_t open_row;   /* DRAM_NO_ROW: precharged */
    uint64_t pre_ok;     /* first DRAM clock a precharge may issue: tRAS after the last
                          * activate, tRTP after the last read, tWR after the last write's
                          * data */
} dram_bank_t;

/* A change of a rank's state at a DRAM clock (dram.c: energy counters): delta +1 when a
 * bank opens (activate) or a refresh starts (REF), -1 when a bank closes (precharge) or a
 * refresh ends (REF + tRFC). */
typedef struct {
    uint64_t t;
    int32_t delta;
} dram_ev_t;

/* Per rank of a channel: the activates still within reach of tRRD and tFAW, sorted
 * (act[a0 .. an)), and the end of its last refresh; and the counters of the DRAM energy
 * model (dram.c: energy counters; xlat/dram_energy.h). */
typedef struct {
    uint64_t *act;
    uint32_t a0, an, acap;
    uint64_t ref_end;    /* REF + tRFC of the last refresh */
    /* commands booked: activates, precharges (those of refreshes included, one per bank
     * closed; n_pre_ref of them), refreshes, and read and write bursts by traffic class */
    uint64_t n_act, n_pre, n_pre_ref, n_ref;
    uint64_t n_rd[MK_NCLASS], n_wr[MK_NCLASS];
    /* DRAM clocks of [0, t_done): with a bank open or a refresh running (cyc_open), and
     * with every bank precharged and no refresh (cyc_pre); n_open = open banks + running
     * refresh at t_done; ev[e0 .. en) the state changes at or after t_done, by clock */
    uint64_t cyc_open, cyc_pre, t_done;
    uint32_t n_open;
    dram_ev_t *ev;
    uint32_t e0, en, ecap;
} dram_rank_t;

/* One data burst booked on a channel's data bus. */
typedef struct {
    uint64_t s;          /* DRAM clock its data starts (col + CL, or col + CWL) */
    uint32_t rank, w;    /* w = 1: a write */
} dram_burst_t;

typedef struct {
    dram_bank_t *bank;   /* ranks * banks */
    dram_rank_t *rank;
    dram_burst_t *bk;    /* data bursts still in reach of a new one, by start: bk[b0 .. bn) */
    uint32_t b0, bn, bcap;
} dram_chan_t;

typedef enum { DRAM_ROW_HIT = 0, DRAM_ROW_MISS = 1, DRAM_ROW_CONFLICT = 2 } dram_row_t;

/* What an operation issued at DRAM clock k does (dram_issue). */
typedef struct {
    uint64_t end;        /* its burst's end: the data is back (read) or written (write) */
    uint64_t ready;      /* its column command + tCCD: the bank's next column command */
    dram_row_t row;      /* row hit, closed bank (activate) or row conflict */
} dram_access_t;

typedef struct {
    uint64_t g, d;                  /* reduced clock ratio gpu : dram */
    uint32_t mhz;                   /* dram.mhz: the energy's clock (xlat/dram_energy.h) */
    uint32_t channels, ranks, banks;
    uint64_t lines_per_row;
    int map_pow2;               /* channels, ranks, banks, lines_per_row all powers of two: */
    unsigned ch_sh, rk_sh, bk_sh, lpr_sh;   /* dram_map shifts instead of dividing (log2s) */
    int xor_map;                /* dram.mapping = xor */
    int chunk_map;              /* dram.mapping = chunk (256 B chunks, dram.c) */
    uint32_t part_n;            /* MASK's Static design: channels split between part_n
                                 * applications by memory zone (dram_partition); 0 = not */
    uint64_t part_lines;        /* lines per memory zone */
    uint64_t tcl, trcd, trp, tras, tburst;   /* DRAM clocks (dram.c: DRAM timing) */
    uint64_t tcwl, tccd, trrd, tfaw, twr, twtr, trtp, trtrs, trfc;
    uint64_t gap_same[2][2];        /* idle data-bus clocks between two bursts of one rank,
                                     * [first is a write][second is a write] */
    uint64_t bus_reach;             /* tBURST + the largest gap: a burst starting this many
                                     * clocks before another cannot constrain it */
    uint64_t lat_min;               /* min(CL, CWL) */
    uint64_t act_reach;             /* max(tRRD, tFAW) */
    dram_chan_t *ch;
    dram_bank_t *banks_all;
    dram_rank_t *ranks_all;
    uint64_t act_delays;            /* counter: activates held back by tRRD or tFAW */
} dram_t;

/* Validate the clocks and the DRAM geometry and timing keys of c; 0, or -1 with a
 * one-line message in err. */
int dram_check(const xl_config_t *c, char *err, size_t errlen);
/* Set up d (zeroed, c checked): every bank precharged; 0, or -1 when out of memory
 * (dram_free then releases what was allocated). */
int dram_init(dram_t *d, const xl_config_t *c);
void dram_free(dram_t *d);

/* Operation (bank, row, write) of channel ch issued at DRAM clock k (dram.c: DRAM
 * timing): books its activate and data burst, opens its row, and tells when its data is
 * done and its bank can take the next column command. kd is its traffic class
 * (memkind.h), counted with its burst. */
void dram_issue(dram_t *d, uint32_t ch, uint32_t bank, uint64_t row, uint32_t write,
                unsigned kd, uint64_t k, dram_access_t *a);
/* Rank rk of channel ch refreshes, due at DRAM clock due (dram.c: refresh): every row
 * of the rank closes. Returns the end of the refresh (REF + tRFC), before which none of
 * the rank's banks can take an operation. */
uint64_t dram_refresh(dram_t *d, uint32_t ch, uint32_t rk, uint64_t due);
/* The controller counts n refreshes of rank rk of channel ch due at due, due + trefi, ...
 * without applying them (dram_sched.c: refresh_catch_up; every row already closed and the
 * previous refresh over): the energy counters take them, the timing state is unchanged. */
void dram_refresh_idle(dram_t *d, uint32_t ch, uint32_t rk, uint64_t due, uint64_t n,
                       uint64_t trefi);

/* Energy counters (dram.c: energy counters). The clock of the last state change booked
 * in any rank (0 if none). */
uint64_t dram_last_change(const dram_t *d);
/* Rank rk of channel ch over DRAM clocks [0, end), end at or after dram_last_change: the
 * clocks with a bank open or a refresh running, and with every bank precharged. */
void dram_rank_cycles(const dram_t *d, uint32_t ch, uint32_t rk, uint64_t end,
                      uint64_t *open, uint64_t *pre);

/* Counter: dram.act_delays. */
void dram_stats(const dram_t *d, xl_stats_t *s);
/* The energy (xlat/dram_energy.h) of the devices at DRAM clock now_clk (the end of the
 * run) and its counters: dram.energy_pj and its parts, the command and clock totals, then
 * per rank dram.chC.rankR.* (dram_energy.c: statistics). */
void dram_energy_stats(const dram_t *d, xl_stats_t *s, uint64_t now_clk);

/* GPU cycle of DRAM clock k: ceil(k * g / d). */
static inline uint64_t dram_cyc(const dram_t *d, uint64_t k)
{
    return (k * d->g + d->d - 1u) / d->d;
}

/* First DRAM clock whose edge is at or after GPU cycle t: ceil(t * d / g). */
static inline uint64_t dram_clk(const dram_t *d, uint64_t t)
{
    return (t * d->d + d->g - 1u) / d->g;
}

/* The chunk map by division (any geometry) over nch channels: x is the line's 256 B chunk
 * number; its channel, then the row's columns, bank, rank and row. */
static inline void dram_chunk(const dram_t *d, uint64_t x, uint32_t nch, uint32_t *c,
                              uint32_t *bank, uint64_t *row)
{
    *c = (uint32_t)(x % nch);
    x = x / nch / (d->lines_per_row / 4u);
    uint32_t b = (uint32_t)(x % d->banks);
    x /= d->banks;
    *bank = (uint32_t)(x % d->ranks) * d->banks + b;
    *row = x / d->ranks;
}

/* The address mapping of a 64 B line (dram.c: address mapping). */
static inline void dram_map(const dram_t *d, uint64_t line, uint32_t *ch, uint32_t *bank,
                            uint64_t *row)
{
    uint64_t x = line, rw;
    uint32_t c, b, r;
    if (d->part_n) {   /* Static: the chunk map inside zone z's channels */
        uint32_t cpa = d->channels / d->part_n, z = (uint32_t)(x / d->part_lines);
        dram_chunk(d, (x % d->part_lines) >> 2, cpa, &c, bank, row);
        *ch = z * cpa + c;
        return;
    }
    if (d->chunk_map) {  /* 4 lines a channel, then the row's columns, bank, rank, row */
        x >>= 2;
        if (d->map_pow2) {
            c = (uint32_t)(x & (d->channels - 1u));
            x >>= d->ch_sh + d->lpr_sh - 2u;
            b = (uint32_t)(x & (d->banks - 1u));
            x >>= d->bk_sh;
            r = (uint32_t)(x & (d->ranks - 1u));
            rw = x >> d->rk_sh;
            *ch = c;
            *bank = r * d->banks + b;
            *row = rw;
            return;
        }
        dram_chunk(d, x, d->channels, ch, bank, row);
        return;
    }
    if (d->map_pow2) {   /* the same arithmetic by shifts and masks (the usual geometry) */
        c = (uint32_t)(x & (d->channels - 1u));
        x >>= d->ch_sh;
        b = (uint32_t)(x & (d->banks - 1u));
        x >>= d->bk_sh;
        r = (uint32_t)(x & (d->ranks - 1u));
        x >>= d->rk_sh;
        rw = x >> d->lpr_sh;
        if (d->xor_map) {
            c = (uint32_t)((c + rw) & (d->channels - 1u));
            b = (uint32_t)((b + (rw >> d->ch_sh)) & (d->banks - 1u));
        }
        *ch = c;
        *bank = r * d->banks + b;
        *row = rw;
        return;
    }
    c = (uint32_t)(x % d->channels);
    x /= d->channels;
    b = (uint32_t)(x % d->banks);
    x /= d->banks;
    r = (uint32_t)(x % d->ranks);
    x /= d->ranks;
    rw = x / d->lines_per_row;
    if (d->xor_map) {
        /* permutation-based interleaving: for a fixed row, adding a constant modulo the
         * count permutes channels and banks, so the mapping stays one-to-one, while lines
         * at the same page offset of pages in different rows land on different banks */
        c = (uint32_t)((c + rw) % d->channels);
        b = (uint32_t)((b + rw / d->channels) % d->banks);
    }
    *ch = c;
    *bank = r * d->banks + b;
    *row = rw;
}

/* The row open in a bank of channel ch, or DRAM_NO_ROW. */
static inline uint64_t dram_open_row(const dram_t *d, uint32_t ch, uint32_t bank)
{
    return d->ch[ch].bank[bank].open_row;
}

/* The end of rank rk's last refresh (REF + tRFC; 0 before the first). */
static inline uint64_t dram_ref_end(const dram_t *d, uint32_t ch, uint32_t rk)
{
    return d->ch[ch].rank[rk].ref_end;
}

#endif
