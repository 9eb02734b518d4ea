/*
 * memsys.h - the memory system below the translation path: the shared L2 data cache
 * and the DRAM timing model (DDR3-1600: channels, ranks, banks, open row buffers,
 * FR-FCFS), docs/isca18-micro18.md §1.1 (Table I) and §1.2 (DRAM timing, walker path).
 * Data lines (after each CU's L1) and walkers' page-table lines share it, so walks
 * contend with data.
 *
 * Time is in GPU cycles. The DRAM runs at dram.mhz (command clock); DRAM clocks convert
 * to GPU cycles by the exact integer ratio gpu.clock_mhz / dram.mhz, rounding up each
 * event to the next GPU cycle (2000/800 = 5/2: a DRAM clock is 2.5 GPU cycles).
 *
 * Requests are never refused: when a channel's controller queue is full (dram.queue_depth
 * reads, dram.write_queue_depth writes), its DRAM requests wait upstream in arrival order
 * and enter as slots free, and the L2 MSHRs stay busy meanwhile. A request
 * submitted at cycle t is looked up in the L2 at t + l2d.hit_latency (L2 hit: done
 * then); a miss allocates or merges into an L2 MSHR (l2d.mshrs; when all are busy the
 * miss waits, in order) and goes to its channel's queue after dram.ctrl_latency;
 * its data returns dram.ctrl_latency after the DRAM burst ends; the line is filled.
 * Writes (stores) are write-back, write-allocate; a dirty victim is written to DRAM.
 * The L2 set of a line is its low bits (l2d.index = mod) or those XOR two higher groups
 * of its bits (xor), model/src/mem/l2cache.c.
 * bypass_l2 requests (walker reads when iommu.walk_path = dram) skip the L2 both ways.
 *
 * MASK (ASPLOS'18; docs/papers/mask.md), both off by default:
 *  - mask.l2_bypass = 1: the address-translation-aware L2 bypass (§5.3). The L2 counts
 *    lookups and hits by page-walk depth (0 = data); at every multiple of mask.byp_period
 *    a depth whose hit rate is below the data's (enough samples, exact integer compare)
 *    is set to bypass, and its page-table reads submitted from then on skip the L2 both
 *    ways, as bypass_l2 (model/src/mem/l2byp.h: counters, modes, exactness).
 *  - dram.sched = gsn: each channel's read queue becomes the Golden / Silver / Normal
 *    queues (§5.4), the twin block xl_dram_gsn (xlat/dram_gsn.h; hosted by
 *    model/src/mem/dram_sched_gsn.c): translation reads (depth != 0) in the Golden FIFO,
 *    one application's data in Silver by quota, the rest in Normal; strict priority,
 *    FR-FCFS inside Silver and Normal. Writes keep the write queue and drains.
 *
 * Address mapping (line interleaved across channels, then banks, then ranks):
 *   line = pa >> 6; channel = line mod channels; then bank, rank, column within the row,
 *   and row, from the remaining bits in that order (documented in model/src/mem/dram.c);
 *   dram.mapping = xor permutes channel and bank by the row; chunk interleaves channels
 *   by 256 B and fills a row's columns before the next bank (MASK's map).
 * FR-FCFS per channel, serving reads, or writes in batches (write_high / write_low
 * watermarks, or when no read waits): among requests whose bank can start, a row hit
 * first, oldest first; else the oldest. Timing per request (DDR3, model/src/mem/dram.c):
 * row hit tCL (tCWL for a write); closed row tRCD + tCL; row conflict tRP + tRCD + tCL after
 * tRAS, tRTP or tWR allow the precharge; activates of a rank tRRD apart and at most four
 * per tFAW; column commands to one bank pipelined tCCD apart, each burst's data fixed
 * relative to its command in a free slot of the channel's data bus (a later row hit may
 * take an earlier slot), with tWTR, read-to-write and rank-switch gaps; each rank
 * refreshed every dram.trefi (staggered, tRFC; 0 = off).
 */
#ifndef XLAT_MEMSYS_H
#define XLAT_MEMSYS_H

#include <stdio.h>

#include "xlat/config.h"
#include "xlat/stats.h"
#include "xlat/types.h"

typedef enum { XL_MEM_DATA = 0, XL_MEM_PT = 1 } xl_mem_kind_t;

typedef struct {
    uint64_t id;         /* caller's tag, returned on completion */
    xl_pa_t  addr;       /* byte address; the request is for its 64 B line */
    uint8_t  write;      /* 1: a store (the completion means the L2 has taken it) */
    uint8_t  kind;       /* xl_mem_kind_t, for statistics (and MASK classes later) */
    uint8_t  bypass_l2;  /* 1: straight to DRAM */
    uint8_t  app;        /* the application whose request it is (MASK's Silver queue) */
    uint8_t  depth;      /* MASK's page-walk depth tag (ASPLOS'18 §5.3): 0 = data, 1 = a
                          * read of the root level (L4) .. 4 = of the leaf level (L1) */
} xl_mem_req_t;

typedef struct xl_memsys xl_memsys_t;

xl_memsys_t *xl_memsys_create(const xl_config_t *c, char *err, size_t errlen);
void xl_memsys_destroy(xl_memsys_t *m);

/* Submit at GPU cycle now; now never decreases across calls to submit/advance. */
void xl_memsys_submit(xl_memsys_t *m, uint64_t now, const xl_mem_req_t *r);
/* Return one request completed at or before `now` (earliest completion cycle first,
 * then submission order); 0 when none. *done receives its completion cycle. */
int  xl_memsys_pop(xl_memsys_t *m, uint64_t now, xl_mem_req_t *out, uint64_t *done);
/* The earliest cycle > or = the last `now` at which something can complete or a queued
 * request can start; UINT64_MAX when idle. Lets the system skip idle stretches. */
uint64_t xl_memsys_next_event(const xl_memsys_t *m);
/* Requests submitted and not yet popped. */
uint64_t xl_memsys_pending(const xl_memsys_t *m);

/* MASK (docs/papers/mask.md): the number of applications sharing the memory system
 * (1..XL_MEMSYS_MAX_APPS; the Silver rotation's length; called once after create, before
 * any submit), and each application's Silver quota thresh_i of Equation 1 (the epoch unit
 * calls it at each epoch's commit cycle t). The quotas commit at the `now` of the next
 * xl_memsys_submit or xl_memsys_pop, after every event before that cycle and before any
 * of it: with xl_sim_step, which handles its timed events before popping the memory,
 * that is t. Until the first quota call every application's quota is
 * dram.thresh_max / napps. Both only matter under dram.sched = gsn. */
#define XL_MEMSYS_MAX_APPS 8u
void xl_memsys_set_apps(xl_memsys_t *m, unsigned napps);
void xl_memsys_set_quota(xl_memsys_t *m, const uint32_t *thresh, unsigned napps);
/* dram.sched = gsn: write every later edge of every channel's xl_dram_gsn block to f
 * (NULL: off), after the P line of the blocks' parameters, for the RTL lockstep's replay
 * (model/README.md "DRAM-boundary trace"). After xl_memsys_set_apps. XL_EINPUT (nothing
 * written) under dram.sched = frfcfs, which has no such block. */
int  xl_memsys_set_gsn_trace(xl_memsys_t *m, FILE *f);
/* MASK's Static design (mask.partition, docs/papers/mask.md): the L2's sets and the DRAM
 * channels split equally between n applications, application z owning the lines of
 * memory zone z (mem_bytes / n bytes each; the system allocates its frames there,
 * xl_physmem_set_zone). Before any submit. XL_EINPUT with a one-line message when the
 * channels, the L2 sets or the memory do not split into n equal parts (the sets into
 * powers of two). */
int  xl_memsys_set_partition(xl_memsys_t *m, unsigned n, uint64_t mem_bytes, char *err,
                             size_t errlen);

/* HPCA'16 §5.1's selective flush of an evicted page (xl_sim_page_evict): at GPU cycle
 * now, after every internal event up to now (as xl_memsys_submit), each 64 B line of
 * [pa, pa + bytes) that the L2 holds is invalidated; a dirty one is written back, a DRAM
 * write with no requester that reaches its channel's queue dram.ctrl_latency later and
 * costs DRAM time like a victim's write-back (dram.writes; not l2d.writebacks, which
 * counts replacements). A line whose miss is out (a busy L2 MSHR) is left to its fill:
 * its requesters need it, and the line lands after the flush (counted in inflight; the
 * model carries no data, so a stale line only costs a hit where a miss was due). Not on
 * the request path: a run that never flushes is unchanged. */
typedef struct {
    uint64_t lines;       /* lines the L2 held, now invalid */
    uint64_t dirty;       /* of them dirty: written back */
    uint64_t inflight;    /* lines with a busy L2 MSHR, left to their fill */
} xl_memsys_flush_t;
void xl_memsys_flush_frame(xl_memsys_t *m, uint64_t now, xl_pa_t pa, uint64_t bytes,
                           xl_memsys_flush_t *out);

/* Counters: l2d.accesses/hits/misses/mshr_merges/writebacks (data and page-table split),
 * then by walk depth l2d.accesses_depthL/hits_depthL (L = 1 root .. 4 leaf), the L2
 * bypass's l2d.bypassed_depthL, l2d.byp_periods_depthL, l2d.byp_decisions,
 * l2d.byp_changes, l2d.byp_mask; dram.reads/writes (by kind), dram.row_hits/row_misses/
 * row_conflicts, dram.queue_latency sum (channel arrival to issue, upstream waiting
 * included), dram.max_queue, dram.refreshes, dram.act_delays (tRRD/tFAW),
 * dram.write_drains and dram.backpressure_waits/backpressure_cycles; then by class
 * (data, pt) dram.read_latency_* (sum, avg, max: channel arrival to burst end, GPU
 * cycles), dram.bus_busy_* (DRAM clocks), dram.row_hits_*; and the Golden/Silver/Normal
 * queues' (0 under frfcfs): dram.{gq,sq,nq}_{enqueues,issued,row_hits,max,occupancy,
 * occupancy_avg}, dram.gq_overflows, dram.nq_xlat_issued, dram.gsn_refusals,
 * dram.silver_turns, dram.silver_quota_exhaustions, dram.silver_commit_advances,
 * dram.silver_timeout_advances. */
void xl_memsys_stats(const xl_memsys_t *m, xl_stats_t *s);

#endif
