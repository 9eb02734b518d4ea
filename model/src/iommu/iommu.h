/*
 * iommu.h - the IOMMU (docs/isca18-micro18.md §1.5 steps 5-9, §2, §6, §7.1): translation
 * requests (treq.h) arrive over the link from the GPU's L2 TLB into a FIFO; one per cycle
 * looks up the IOMMU's L1 and L2 TLBs (iommu.tlb_latency); misses wait for a slot of the
 * walk path twin block (walk_path.h: the walk buffer and scheduler, PWCs, walk coalescing
 * and walkers), whose single memory port reads 64 B page-table lines from the optional
 * page-table line cache (ptcache.h) or the memory system; completed walks fill both TLB
 * levels and go back over the link. C-only around the twin: the FIFOs, the TLBs, the
 * measurements (nbhd.h, walk latency and buffer occupancy).
 *
 * Work in a cycle (iommu_cycle), in this order: (1) one request from the link FIFO into
 * the TLBs, its result an event tlb_latency later; (2) the walk path's comb with this
 * cycle's arrival (the head of the walk FIFO) and response (the head of the response
 * FIFO); (3) what the outputs say: the arrival taken or refused (buffer full), the
 * walk reads counted, a dispatch, the memory request sent, completions returned;
 * (4) the walk path's commit (the clock edge).
 */
#ifndef XLAT_IOMMU_IOMMU_H
#define XLAT_IOMMU_IOMMU_H

#include <stdint.h>
#include <stdio.h>

#include "iommu/nbhd.h"
#include "iommu/ptcache.h"
#include "kernel/fifo.h"
#include "sys/treq.h"
#include "xlat/config.h"
#include "xlat/tlb.h"
#include "xlat/walk_path.h"

typedef struct xl_sim xl_sim_t;

#define LAT_BUCKETS 10u   /* walk latency histogram: lt128 .. lt32k, ge32k */

typedef struct {
    xl_tlb_t io1, io2;
    int no_tlb;                /* iommu.tlb1_entries = tlb2_entries = 0: no IOMMU TLBs */
    fifo_t in_fifo;           /* requests (treq_h.id) arrived over the link */
    fifo_t sched_fifo;        /* IOMMU TLB misses waiting to enter the buffer */
    fifo_t rsp_fifo;          /* walkers whose page-table read returned */
    xl_walk_path_t wp;        /* the walk path twin block */
    xl_walk_path_out_t wp_out;
    int io_stuck;             /* last cycle: idle walker, every buffered request had CL */
    int io_busy;              /* xl_walk_path_busy(wp, io_stuck): both change only in
                               * iommu_cycle, so it is kept there, not asked per check */
    uint64_t sched_arrivals;
    nbhd_t nbhd;              /* requests in the IOMMU by neighbourhood, every level */
    uint64_t nbhd_reads[5], nbhd_conc[5];
    ptcache_t ptc;
    uint64_t *cl_prev;        /* event log: CL of each slot last cycle */
    /* counters */
    uint64_t iommu_requests;  /* requests arriving at the IOMMU */
    uint64_t walks;           /* walks completed */
    uint64_t walk_faults;     /* walks that found the page not present (paging.mode) */
    uint64_t coalesced;       /* requests completed by a neighbour's leaf line */
    uint64_t done_reqs;       /* requests completed by the walk path (walked or coalesced) */
    uint64_t walk_reads, walk_reads_leaf;
    uint64_t walk_reads_level[5];
    uint64_t walk_lat_sum;    /* IOMMU arrival -> walk complete */
    uint64_t walk_queue_sum;  /* IOMMU arrival -> dispatch */
    uint64_t walk_svc_sum;    /* dispatch -> walk complete (the walk's own cost) */
    uint64_t lat_hist[LAT_BUCKETS];   /* walk-path requests by IOMMU arrival -> complete */
    uint64_t svc_hist[LAT_BUCKETS];   /* walks by dispatch -> complete */
    uint64_t buf_full_cycles;
    uint64_t *occ_cycles;     /* [n]: cycles the walk buffer held n requests (0..entries) */
    uint64_t occ_t;           /* first cycle whose occupancy is not yet in occ_cycles */
    uint32_t occ_last;        /* occupancy since occ_t */
    uint64_t *wk_busy;        /* [w]: cycles walker w was not idle */
} iommu_t;

/* The walk path's LFSR seed is derived from the run's seed (sim.seed). */
int  iommu_init(iommu_t *io, const xl_config_t *cfg, char *err, size_t errlen);
void iommu_free(iommu_t *io);
/* One IOMMU cycle (the order above). XL_EINTERNAL with a message if a walk faults. */
int  iommu_cycle(xl_sim_t *g, char *err, size_t errlen);
/* Its ports to the link and to memory, called as the events fall due: translation
 * request k arrives over the link; its IOMMU TLB lookup hit (frame) or missed; walker's
 * page-table line came back, from memory or from the page-table line cache. */
void iommu_arrive(xl_sim_t *g, treq_h k);
void iommu_tlb_hit(xl_sim_t *g, treq_h k, xl_pa_t frame);
void iommu_tlb_miss(xl_sim_t *g, treq_h k);
void iommu_line_back(xl_sim_t *g, uint32_t walker, xl_pa_t line);
void iommu_ptc_back(xl_sim_t *g, uint32_t walker);
/* The PWCs' counters (the results list them after the walks'). */
void iommu_pwc_stats(const iommu_t *io, xl_stats_t *s);
/* A shootdown (xl_sim_shootdown): (asid, va) leaves the IOMMU's TLBs; the copies dropped
 * (the page-walk caches keep theirs: only a leaf changed). */
uint64_t iommu_shootdown(xl_sim_t *g, uint16_t asid, xl_va_t va);
/* Begin the IOMMU-boundary trace on f: its parameter line (model/README.md), for one
 * address space, asid with its page-table root. */
void iommu_trace_begin(const iommu_t *io, FILE *f, uint16_t asid, xl_pa_t root);
/* The IOMMU's counters, the twin's among them (iommu_stats.c). */
void iommu_stats(const xl_sim_t *g, xl_stats_t *s);
/* The watchdog's report of the IOMMU. */
void iommu_waits(const xl_sim_t *g, FILE *f);

/* Can the IOMMU change state this cycle? An arrival blocked by a full buffer while the
 * walk path has nothing to do cannot: those cycles are skipped and counted as
 * buffer-full cycles. */
static inline int iommu_active(const iommu_t *io)
{
    /* an arrival for an empty buffer with an idle walker is covered by count < slots
     * (slots >= 1); io_busy, the usual case, is tested first */
    return io->io_busy || io->in_fifo.n || io->rsp_fifo.n ||
           (io->sched_fifo.n && xl_walk_path_count(&io->wp) < xl_walk_path_slots(&io->wp));
}

static inline int iommu_blocked_full(const iommu_t *io)
{
    return io->sched_fifo.n && xl_walk_path_count(&io->wp) == xl_walk_path_slots(&io->wp);
}

/* n cycles passed in which the IOMMU could not act (!iommu_active): an arrival blocked
 * by a full buffer stayed blocked, count them. */
static inline void iommu_skip(iommu_t *io, uint64_t n)
{
    if (iommu_blocked_full(io))
        io->buf_full_cycles += n;
}

/* The walk buffer held occ_last entries in the cycles [occ_t, t): count them, and start
 * a stretch of `occ` entries at t. (Called in most IOMMU cycles, so it only adds; the
 * buckets and the mean are made from occ_cycles when the statistics are read.) */
static inline void iommu_occ_change(iommu_t *io, uint64_t t, uint32_t occ)
{
    io->occ_cycles[io->occ_last] += t - io->occ_t;
    io->occ_t = t;
    io->occ_last = occ;
}

/* The run ended at cycle t: count the last stretch of buffer occupancy. */
static inline void iommu_finish(iommu_t *io, uint64_t t)
{
    iommu_occ_change(io, t, xl_walk_path_count(&io->wp));
}

#endif
