/*
 * host.h - the lockstep of xlat-board: drives the board through the protocol of
 * fpga/README.md "The protocol" (one arrival outstanding, a window of arrivals in flight,
 * one response outstanding, counters now and then) and steps the C twin of the walk path
 * (xlat/walk_path.h) through every cycle the board's records cover, comparing each.
 */
#ifndef XB_HOST_H
#define XB_HOST_H

#include <stdint.h>
#include <stdio.h>

#include "port.h"
#include "proto.h"
#include "work.h"
#include "xlat/walk_path.h"

typedef struct {
    uint32_t window;          /* arrivals in flight (sent, not yet completed or faulted) */
    uint64_t cnt_every;       /* E records between two rounds of K frames (the nine
                               * counters); 0: one round, at the end */
    int step_all;             /* step every idle cycle, even at a fixed point (host.c) */
} xb_host_opts_t;

/* A record with what follows it. */
typedef struct {
    xb_rec_t rec;
    uint64_t cycle;           /* rec.cycle extended to 64 bits */
    unsigned ncpl;
    xb_cpl_t cpl[8];
    uint64_t cnt;             /* with CNT: the value of the counter the K named */
} xb_group_t;

enum { XB_ARR_NONE = 0, XB_ARR_SENT, XB_ARR_PRES };

typedef struct {
    xb_port_t *port;
    xb_work_t *work;
    FILE *out;                /* the run's report */
    xb_host_opts_t o;
    xb_params_t bp;           /* the board's (z frame) */
    xl_walk_path_t m;         /* the C twin, at cycle `cyc` (before its comb) */
    xl_walk_path_out_t out_c;
    int twin_ok;
    xl_pa_t roots[XL_WP_ASIDS];
    uint64_t tag_mask, stat_mask;
    uint64_t cyc;             /* the next cycle the twin steps */
    int last_idle;            /* the last cycle stepped had no arrival and no response */
    /* the arrival at the board: none, sent (A), presented (ARR_PRES, until ARR_ACC) */
    int arr_state;
    xb_arrival_t arr;
    uint32_t arr_tag;
    /* the response at the board (R sent, RSP not yet seen), and the reads waiting for it */
    int rsp_out;
    uint8_t rsp_walker;
    uint64_t rsp_line[8];
    struct {
        uint8_t walker;
        xl_pa_t addr;
    } rq[256];                /* a read per walker at most; walkers <= 255 */
    unsigned rq_head, rq_n;
    /* tags in flight: flight[tag] != 0 */
    uint8_t *flight;
    uint32_t nflight, next_tag;
    /* the counters are read in rounds, one K per counter (0..8), each K after the previous
     * one's value: cnt_next is the next index of the round (XB_NCNT: no round going),
     * cnt_idx the index of the K whose CNT record is awaited (cnt_out) */
    unsigned cnt_next, cnt_idx;
    int cnt_out, final_round, done;
    uint64_t recs_since_k;
    /* the run's counts */
    uint64_t requests, completions, coalesced, faults, reads, records, cnt_checks, skipped;
    char err[320];
} xb_host_t;

/* Resets the board with the work's root, builds the twin from the board's parameters and
 * runs the work in lockstep. Returns the exit status: 0 every event matched, 1 a mismatch,
 * a protocol error, a board that stops answering, 2 an option the board's parameters
 * refuse (--window above 2^TagWidth). Messages go to stderr as "xlat-board: ..." lines. */
int xb_host_run(xb_host_t *h, xb_port_t *port, xb_work_t *work, const xb_host_opts_t *o,
                FILE *out);
void xb_host_free(xb_host_t *h);

#endif
