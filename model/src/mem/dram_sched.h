/*
 * dram_sched.h - the DRAM scheduler block of the memory system (memsys.h): per channel,
 * the memory controller's read and write queues (with the FIFOs upstream of a full one),
 * FR-FCFS among the operations whose bank is ready, batched write drains and when a due
 * refresh is applied; docs/isca18-micro18.md §1.2 (FR-FCFS, open page) and §7.1
 * (queueing latency), the controller of issue 15 (checked against DRAMsim3,
 * bench/results/dram.md). It issues operations to the DRAM timing block (dram.h), which
 * answers when their data is done. The rules are in dram_sched.c.
 *
 * An operation is a 64 B read or write for an owner of the caller's (who waits for it:
 * an opaque tag and index handed back when it issues). It is sent at some GPU cycle t
 * and reaches its channel's controller at t (dsched_send: the caller adds its own
 * latency); it enters the queue at dsched_arrive, and issues at some channel's decision,
 * dsched_decide. The caller runs the two as events at ar_t and wake_t (memsys.c: event
 * order), channels deciding in wake_c order on a tie.
 */
#ifndef XLAT_MEM_DRAM_SCHED_H
#define XLAT_MEM_DRAM_SCHED_H

#include <stdio.h>

#include "mem/dram.h"
#include "xlat/config.h"
#include "xlat/dram_gsn.h"
#include "xlat/stats.h"
#include "xlat/types.h"

#define DSCHED_NONE UINT32_MAX

/* One 64 B DRAM read or write. */
typedef struct {
    uint64_t row;
    uint64_t arrive;     /* GPU cycle it reached the channel (its controller queue, or the
                          * upstream FIFO when that queue was full) */
    uint64_t age;        /* order of entering the controller queues (FR-FCFS "oldest") */
    uint32_t ch, bank;   /* bank = rank * banks + bank within the rank */
    uint32_t prev, next; /* its bank's queue (entry order), the upstream FIFO, the arrival
                          * FIFO or the free list */
    uint32_t owner;      /* the caller's index of who waits */
    uint8_t write, kd, own;   /* kd: class (memkind.h); own: the caller's owner tag */
    uint8_t app, depth;  /* MASK's tags (memsys.h): dram.sched = gsn's queue choice */
} dsched_op_t;

/* A bank's queued operations of one direction (q[0] reads, q[1] writes) and its place in
 * the channel's list of banks with operations of that direction queued. FR-FCFS compares
 * entry ages across banks, which gives exactly the order of one channel-wide queue at a
 * cost per decision of the number of banks with work, not of queued requests. Each list
 * is kept in order of max(ready, next_clk at insertion) (bank_insert): the banks a
 * decision at clock k can start are then a prefix (their key is at most k), and the head
 * gives the next clock at which any of them can start. The order among banks of equal
 * key does not matter: a decision compares entry ages, which are unique. */
typedef struct {
    uint32_t head, tail;     /* queued ops, entry order */
    uint32_t hit;            /* oldest of them whose row is the bank's open row, or NONE */
    uint32_t aprev, anext;   /* the channel's list of banks with ops of this direction */
    uint32_t active;         /* in that list */
} dsched_bq_t;

typedef struct {
    uint64_t ready;      /* first DRAM clock a decision can take an op of this bank: its last
                          * column command + tCCD (dram_issue), or the end of a refresh */
    dsched_bq_t q[2];
} dsched_bank_t;

typedef struct {
    dsched_bank_t *bank;     /* ranks * banks */
    uint64_t *ref_due;       /* per rank: DRAM clock its next refresh is due (UINT64_MAX: off) */
    uint32_t ahead[2], atail[2];   /* banks with queued reads [0] / writes [1] */
    uint32_t qn[2];          /* reads / writes in the controller queues */
    uint32_t uhead[2], utail[2];   /* reads / writes waiting upstream (queue full) */
    uint32_t wmode;          /* 1: draining writes */
    uint64_t ref_next;       /* min over ranks of ref_due */
    uint64_t next_clk;       /* first DRAM clock not yet decided */
    uint64_t wake_clk;       /* the scheduled decision, UINT64_MAX if none */
    uint64_t wake_t;         /* its GPU cycle, cyc(wake_clk), UINT64_MAX if none */
} dsched_chan_t;

/* An operation that issued (dsched_decide): when its data is done and who waits. */
typedef struct {
    uint64_t end;        /* its burst's end, DRAM clock */
    uint32_t ch;
    uint32_t owner;
    uint8_t own;
} dsched_issue_t;

typedef struct {
    dram_t *dram;                   /* the devices the controller drives */
    uint32_t channels, ranks, banks;
    uint32_t qcap[2];               /* controller queue entries: reads, writes */
    uint32_t whigh, wlow;           /* write drain watermarks */
    uint64_t trefi;

    uint64_t ar_t;                  /* GPU cycle the arrival FIFO's head reaches its
                                     * channel, UINT64_MAX if none */
    uint64_t wake_t;                /* the earliest decision over the channels, and its */
    uint32_t wake_c;                /* channel (lowest index on a tie); UINT64_MAX if none */
    uint32_t ar_head, ar_tail;      /* ops on their way to a channel queue (FIFO) */
    dsched_op_t *op;  uint32_t op_cap, op_free;
    uint64_t age;                   /* arrivals at the channel queues */

    dsched_chan_t *ch;
    dsched_bank_t *banks_all;
    uint64_t *ref_due_all;

    /* dram.sched = gsn (dram_sched_gsn.c): reads go through one xl_dram_gsn block per
     * channel instead of FR-FCFS; writes keep their queue and drains */
    uint32_t gsn;                   /* 1: dram.sched = gsn */
    xl_dram_gsn_t *gq;              /* per channel */
    xl_gsn_params_t gp;
    uint64_t *open_row;             /* ranks * banks: a pick's open-row input */
    FILE *gsn_trace;                /* every edge of every channel's block (NULL: off) */

    /* counters ([0] data, [1] page table) */
    uint64_t rd[2], wr[2], reads, writes, row_hits, row_misses, row_conflicts;
    uint64_t queue_latency, max_queue, refreshes, write_drains, bp_waits, bp_cycles;
    uint64_t lat_sum[2], lat_max[2];    /* reads: GPU cycles from reaching the channel to
                                         * the burst's end */
    uint64_t bus[2], hits_kd[2];        /* data-bus DRAM clocks and row hits, by class */
} dsched_t;

/* Validate the controller's keys of c (queues, drain watermarks, refresh interval); 0,
 * or -1 with a one-line message in err. */
int dsched_check(const xl_config_t *c, char *err, size_t errlen);
/* Set up q (zeroed, c checked) for the devices of dram (set up); 0, or -1 when out of
 * memory (dsched_free then releases what was allocated). */
int dsched_init(dsched_t *q, const xl_config_t *c, dram_t *dram);
void dsched_free(dsched_t *q);

/* An operation for line (read, or write when write = 1; kd its class; app and depth
 * its MASK tags) reaches its channel at GPU cycle t, which is never below the t of an
 * earlier call. */
void dsched_send(dsched_t *q, uint64_t line, uint8_t write, uint8_t kd, uint8_t app,
                 uint8_t depth, uint8_t own, uint32_t owner, uint64_t t);
/* The arrival FIFO's head reaches its channel (at ar_t). */
void dsched_arrive(dsched_t *q);
/* Channel wake_c decides at its DRAM clock (at wake_t). Returns 1 and fills *out when
 * an operation issued. */
int dsched_decide(dsched_t *q, dsched_issue_t *out);

/* Counters: dram.reads/writes (by class), dram.row_hits/row_misses/row_conflicts,
 * dram.queue_latency, dram.max_queue, dram.refreshes, then the devices' (dram_stats),
 * then dram.write_drains and dram.backpressure_waits/backpressure_cycles: the order of
 * the results JSON; then the per-class and Golden/Silver/Normal counters
 * (dsched_gsn_stats). now_clk: the DRAM clock the statistics are taken at. */
void dsched_stats(const dsched_t *q, xl_stats_t *s, uint64_t now_clk);

/* ---- dram.sched = gsn (dram_sched_gsn.c) ---- */
/* Op i (a read) of channel c is offered to the channel's queues at DRAM clock clk; head
 * = 1 when it is the upstream FIFO's head being retried (else an op finding ops waiting
 * upstream waits behind them). 1: it entered a queue (the caller links it in), 0: it
 * waits upstream. */
int  dsched_gsn_admit(dsched_t *q, uint32_t c, uint32_t i, uint64_t clk, int head);
/* The pick of channel c at DRAM clock k: the op to issue, or DSCHED_NONE. */
uint32_t dsched_gsn_pick(dsched_t *q, uint32_t c, uint64_t k);
/* Every channel's quotas (thresh[a], napps applications) commit at DRAM clock k. */
void dsched_gsn_quota(dsched_t *q, uint64_t k, const uint32_t *thresh, unsigned napps);
/* The applications sharing the memory system: resets every channel's queues (before
 * any request). 0, or -1 with a message. */
int  dsched_gsn_apps(dsched_t *q, unsigned napps, char *err, size_t errlen);
int  dsched_gsn_init(dsched_t *q, const xl_config_t *c);
void dsched_gsn_free(dsched_t *q);
void dsched_gsn_stats(const dsched_t *q, xl_stats_t *s, uint64_t now_clk);
/* Write every later edge of every channel's block to f (NULL: off), after the P line of
 * the blocks' parameters (model/README.md "DRAM-boundary trace"). */
void dsched_gsn_trace(dsched_t *q, FILE *f);
/* The channel's ops waiting upstream enter its queues (dram_sched.c's, for gsn). */
void dsched_refill(dsched_t *q, uint32_t c, uint64_t k);

#endif
