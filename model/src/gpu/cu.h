/*
 * cu.h - the compute units (docs/isca18-micro18.md §1.5 steps 1-2, §6, §7.1): wavefront
 * slots, one instruction issued per CU per cycle (round-robin or oldest-first), the
 * coalescer that merges a memory instruction's lanes into one translation request per
 * page, the per-instruction memory records, and the data accesses a translation releases
 * into the CU's L1 data cache (docs/architecture.md §3).
 */
#ifndef XLAT_GPU_CU_H
#define XLAT_GPU_CU_H

#include <stdint.h>
#include <string.h>

#include "gpu/l1d.h"
#include "xlat/funcsys.h"   /* XL_FIG3_BUCKETS, xl_fig3_bucket */
#include "xlat/config.h"
#include "xlat/workload.h"

typedef struct xl_sim xl_sim_t;

/* A wavefront slot's state. W_MEM: blocked on its memory instruction (gpu.loads =
 * blocking); W_WAIT: its next instruction waits for memory instructions in flight
 * (gpu.loads = waitcnt: loads before a non-memory instruction, everything before a
 * barrier or the end, or a free record when wave_mem_max are in flight). */
enum { W_FREE, W_READY, W_BUSY, W_MEM, W_BARRIER, W_WAIT };

typedef struct {
    uint8_t state;
    uint16_t wg;             /* work-group record index within the CU */
    uint8_t ifwait;          /* waiting for an instruction line: the next EV_WAVE_READY
                              * goes on with the instruction it holds (icache.model) */
    uint32_t nfetch;         /* instructions pulled (icache.model: a line every
                              * 64 / icache.instr_bytes of them) */
    uint64_t uid;            /* dispatch number: distinguishes waves reusing a slot */
    xl_wave_t cur;
    xl_instr_t in;           /* the next (READY, WAIT) or current (MEM) instruction */
    uint32_t nmem, nload;    /* waitcnt: memory instructions (loads) in flight */
} slot_t;

/* A global memory instruction in flight, from issue until its last line is back: the
 * record its translations and lines report to (docs/isca18-micro18.md §7.2 per-instruction
 * record). Slot s owns records s * K .. s * K + K - 1 of its CU, K = 1 when loads block,
 * gpu.wave_mem_max under waitcnt; with K = 1 record s is slot s's instruction. */
typedef struct {
    uint8_t live, npages, store;
    uint32_t slot;           /* the wavefront slot that issued it */
    const xl_va_t *va;       /* its lanes' addresses: the slot's instruction while the wave
                              * blocks on it (it stays put), else the copy in own */
    xl_instr_t own;          /* waitcnt: the instruction, kept while the wave issues on */
    uint64_t vpn[XL_MAX_LANES];
    uint8_t page_first[XL_MAX_LANES];   /* first lane of each page (0xFF: none) */
    uint8_t lane_next[XL_MAX_LANES];    /* next listed lane of the same page (0xFF: last);
                                         * a lane on the line of the one listed before
                                         * it is left out */
    uint32_t instr_id;
    uint32_t pend_tr, pend_lines;
    uint32_t n_walks, walk_reads;
    uint64_t first_arr, last_arr;
    uint64_t t_first_done, t_last_done, lat_first, lat_last;
} mrec_t;

typedef struct {
    uint8_t live;
    uint32_t waves, at_barrier;
    uint32_t lds_base, lds_bytes;   /* its LDS block (lds.model) */
    uint8_t lds_all;         /* an address-less LDS instruction turned its block LDS mode */
} wg_t;

typedef struct {
    slot_t *slot;            /* slots_per_cu */
    wg_t *wg;                /* slots_per_cu */
    uint64_t ready_mask[4];  /* READY waves (up to 256 slots) */
    uint64_t ready_mem[4];   /* the READY waves whose instruction is a global load or store */
    uint64_t *age;           /* per slot: its wave's dispatch number (slot_t.uid), kept here
                              * so that the oldest-first scan reads one small array */
    uint32_t rr;             /* round-robin: the slot after the last issue */
    uint32_t live;           /* resident waves */
    uint32_t free;           /* free slots */
    uint64_t mem_free_at;    /* memory pipe busy until */
    l1d_t l1d;
    uint32_t nready;         /* READY waves */
    mrec_t *rec;             /* memory instructions in flight: K per slot (mrec_t) */
    /* counters (docs/isca18-micro18.md §7.1 "Per CU") */
    uint64_t instrs;         /* wavefront instructions issued by this CU */
    uint64_t mem_instrs;     /* global memory instructions issued by this CU */
    uint64_t stall;          /* stall cycles counted so far (docs/isca18-micro18.md §6): those of the per-CU
                              * issue loop, plus, at each time the CU lost its last resident
                              * wave, the all-stalled cycles of its resident stretch */
    uint64_t stall_base;     /* all_stall when the CU last became resident */
    /* MASK's tokens (ASPLOS'18 §5.2, §7.4; tokens.h): the resident slots (the token
     * allotment goes to the lowest of them), and with mask.tokens the active-warp vector
     * and the unique warps that issued this epoch (8-bit saturating; a slot's new wave
     * counts again) */
    uint64_t res[4], act[4];
    uint32_t uniq;
    uint8_t app;             /* the application it runs (dispatch.h) */
    const xl_workload_t *wl; /* that application's workload: its waves' instructions */
    uint16_t asid;           /* its address space: every request it makes carries it */
} cu_t;

/* The CUs together: geometry, the issue counters and the per-instruction metrics. */
typedef struct {
    uint32_t ncu, spc;
    uint32_t *slot_cu, *slot_idx;   /* per global slot gslot(c, s): c and s, so that a
                                     * slot's events name it without a division */
    int blocking;             /* gpu.loads = blocking */
    int tok;                  /* mask.tokens: track the warps that issue each epoch */
    uint32_t kmem;            /* memory records per slot: 1 (blocking) or gpu.wave_mem_max */
    uint32_t rpc;             /* memory records per CU: spc * kmem */
    uint32_t *rec_cu, *rec_idx;     /* per global record grec(c, r): c and r, for the events
                                     * and memory completions of a memory instruction */
    cu_t *cu;
    uint32_t live_total;      /* resident wavefronts, all CUs */
    uint32_t live_cus;        /* CUs with a resident wavefront */
    uint64_t all_stall;       /* cycles in which no wave of any CU could issue (the main loop's
                               * shortcut and skipped cycles): each resident CU stalled in all
                               * of them, so a CU's share is all_stall's growth while it was
                               * resident (cu_t.stall_base), added when it stops being so; the
                               * GPU's stall cycles (docs/isca18-micro18.md §6) are the sum over
                               * CUs (cu_stall) */
    uint32_t ready_total;     /* READY wavefronts, all CUs */
    uint32_t next_instr_id;
    /* counters */
    uint64_t instrs;          /* wavefront instructions issued */
    uint64_t mem_instrs;      /* global memory instructions issued */
    uint64_t requests;        /* translation requests after coalescing */
    uint64_t lf_2x, lf_3x;    /* multi-walk instructions whose last walk took >= 2x, 3x the first */
    uint64_t work_instrs, work_bucket[XL_FIG3_BUCKETS];
    uint64_t multi_instrs, interleaved;
    uint64_t first_lat_sum, last_lat_sum, gap_sum;
    uint64_t l1d_acc, l1d_hit, lines;
    uint64_t data_mem_reqs;
    uint64_t active_lanes;    /* active lanes of global memory instructions */
    uint64_t pages_max;       /* most distinct pages in one memory instruction */
    uint64_t pages_bucket[XL_FIG3_BUCKETS];   /* memory instructions by distinct pages */
} core_t;

/* Allocate the CUs of cfg; XL_EINPUT with a message for a geometry the model cannot hold. */
int  core_init(core_t *k, const xl_config_t *cfg, char *err, size_t errlen);
void core_free(core_t *k);

static inline uint32_t gslot(const core_t *k, uint32_t cu, uint32_t s) { return cu * k->spc + s; }
static inline uint32_t grec(const core_t *k, uint32_t cu, uint32_t r) { return cu * k->rpc + r; }
static inline int is_mem_op(uint8_t op) { return op == XL_OP_LOAD || op == XL_OP_STORE; }

/* A page request: page p of memory record r of CU c, one of the translation requests the
 * coalescer makes of a memory instruction (one per distinct page). It names its place in
 * the records' page pool, id = grec(c, r) * XL_MAX_LANES + p; the record holds the
 * instruction, the page number (mrec_t.vpn[p]) and its lanes (page_first / lane_next),
 * the CU its application's ASID. The TLB hierarchy passes it along until its
 * translation comes back (cu_deliver). */
typedef struct { uint32_t id; } preq_t;

static inline preq_t preq_of(const core_t *k, uint32_t c, uint32_t r, uint32_t p)
{
    return (preq_t){grec(k, c, r) * XL_MAX_LANES + p};
}
static inline uint32_t preq_cu(const core_t *k, preq_t h) { return k->rec_cu[h.id / XL_MAX_LANES]; }
static inline uint32_t preq_rec(const core_t *k, preq_t h) { return k->rec_idx[h.id / XL_MAX_LANES]; }
static inline uint32_t preq_page(preq_t h) { return h.id % XL_MAX_LANES; }

/* What the TLB hierarchy and the IOMMU ask of a page request; the CUs answer, so no
 * other component reads their records. Its page, its address space, its instruction: */
static inline uint16_t cu_asid(const core_t *k, uint32_t c) { return k->cu[c].asid; }
static inline uint64_t preq_vpn(const core_t *k, preq_t h)
{
    return k->cu[preq_cu(k, h)].rec[preq_rec(k, h)].vpn[preq_page(h)];
}
static inline uint16_t preq_asid(const core_t *k, preq_t h) { return k->cu[preq_cu(k, h)].asid; }
static inline uint32_t preq_instr(const core_t *k, preq_t h)
{
    return k->cu[preq_cu(k, h)].rec[preq_rec(k, h)].instr_id;
}
/* The wavefront that issued it: its global slot and dispatch number (which tell apart
 * the waves that reuse a slot, Fig 12's distinct wavefronts). */
static inline uint32_t preq_gslot(const core_t *k, preq_t h)
{
    uint32_t c = preq_cu(k, h);
    return gslot(k, c, k->cu[c].rec[preq_rec(k, h)].slot);
}
static inline uint64_t preq_wave_uid(const core_t *k, preq_t h)
{
    const cu_t *cu = &k->cu[preq_cu(k, h)];
    return cu->slot[cu->rec[preq_rec(k, h)].slot].uid;
}

/* The slot (within its CU) of the wavefront that issued it. */
static inline uint32_t preq_slot(const core_t *k, preq_t h)
{
    return k->cu[preq_cu(k, h)].rec[preq_rec(k, h)].slot;
}
/* What MASK's tokens ask of a CU (tokens.h): its application, its resident wavefronts,
 * those in slots below s, the unique warps that issued this epoch. */
static inline uint32_t cu_app(const core_t *k, uint32_t c) { return k->cu[c].app; }
static inline uint32_t cu_resident(const core_t *k, uint32_t c) { return k->cu[c].live; }
static inline uint32_t cu_res_below(const core_t *k, uint32_t c, uint32_t s)
{
    const uint64_t *r = k->cu[c].res;
    uint32_t n = 0;
    for (uint32_t w = 0; w < s >> 6; w++)
        n += (uint32_t)__builtin_popcountll(r[w]);
    if (s & 63)
        n += (uint32_t)__builtin_popcountll(r[s >> 6] & ((UINT64_C(1) << (s & 63)) - 1u));
    return n;
}
static inline uint32_t cu_uniq(const core_t *k, uint32_t c) { return k->cu[c].uniq; }
/* An epoch boundary: every CU's active-warp vector and unique-warp count start again. */
static inline void core_tok_epoch(core_t *k)
{
    for (uint32_t c = 0; c < k->ncu; c++) {
        memset(k->cu[c].act, 0, sizeof k->cu[c].act);
        k->cu[c].uniq = 0;
    }
}

/* The walk metrics of the instruction that first missed on a page (docs/isca18-micro18.md
 * §6; the IOMMU reports them through these two calls). h is that page request, instr its
 * instruction number when it missed: a record since reused by another instruction is left
 * alone. The walk of h's page entered the walk buffer as the arr_idx-th arrival: */
static inline void cu_walk_arrived(core_t *k, preq_t h, uint32_t instr, uint64_t arr_idx)
{
    mrec_t *st = &k->cu[preq_cu(k, h)].rec[preq_rec(k, h)];
    if (st->live && st->instr_id == instr) {
        if (st->n_walks++ == 0)
            st->first_arr = arr_idx;
        st->last_arr = arr_idx;
    }
}
/* ... and completed at cycle now, lat cycles after it reached the IOMMU, reading `reads`
 * page-table lines. */
static inline void cu_walk_done(core_t *k, preq_t h, uint32_t instr, unsigned reads, uint64_t now,
                                uint64_t lat)
{
    mrec_t *st = &k->cu[preq_cu(k, h)].rec[preq_rec(k, h)];
    if (st->live && st->instr_id == instr) {
        st->walk_reads += reads;
        if (st->t_first_done == UINT64_MAX) {
            st->t_first_done = now;
            st->lat_first = lat;
        }
        st->t_last_done = now;
        st->lat_last = lat;
    }
}

/* Free wavefront slots of CU c: dispatch places a work-group where it fits whole. */
static inline uint32_t cu_free_slots(const core_t *k, uint32_t c) { return k->cu[c].free; }
/* Place work-group wg of kernel `kernel` of the CU's workload, `waves` wavefronts, on CU c
 * (it has the free slots): each wave takes the next dispatch number from *uid, then each
 * fetches its first instruction. With lds.model the work-group takes lds_bytes of the
 * CU's LDS: 0 (nothing placed) when no block is free. */
int  cu_place_wg(xl_sim_t *g, uint32_t c, uint32_t kernel, uint32_t wg, uint32_t waves,
                 uint32_t lds_bytes, uint64_t *uid);
/* CU c runs application app, workload wl, in address space asid (the assembly's split,
 * dispatch.h). */
static inline void cu_assign(core_t *k, uint32_t c, uint32_t app, const xl_workload_t *wl,
                             uint16_t asid)
{
    k->cu[c].app = (uint8_t)app;
    k->cu[c].wl = wl;
    k->cu[c].asid = asid;
}
/* The geometry: CUs, memory records per CU, wavefront slots of the whole GPU. */
static inline uint32_t core_ncu(const core_t *k) { return k->ncu; }
static inline uint32_t core_rpc(const core_t *k) { return k->rpc; }
static inline uint32_t core_slots(const core_t *k) { return k->ncu * k->spc; }
/* What the main loop asks: resident wavefronts, whether any may issue, instructions. */
static inline uint32_t core_live(const core_t *k) { return k->live_total; }
static inline int core_ready(const core_t *k) { return k->ready_total != 0; }
static inline uint64_t core_instrs(const core_t *k) { return k->instrs; }
/* Wavefront instructions CU c has issued. */
static inline uint64_t cu_instrs(const core_t *k, uint32_t c) { return k->cu[c].instrs; }
/* An evicted page's lines leave every CU's L1 data cache (HPCA'16 §5.1's selective
 * flush; xl_sim_page_evict): the 64 B lines line .. line + n - 1 of its frame. Returns
 * the lines dropped, over all CUs. */
static inline uint64_t core_l1d_inv(core_t *k, uint64_t line, uint64_t n)
{
    uint64_t held = 0;
    for (uint32_t c = 0; c < k->ncu; c++)
        held += l1d_inv_range(&k->cu[c].l1d, line, n);
    return held;
}
/* n cycles passed in which no wavefront could issue (docs/isca18-micro18.md §6: each
 * resident CU stalled in all of them). */
static inline void core_skip(core_t *k, uint64_t n) { k->all_stall += n; }
/* The CUs' work in a cycle: each CU with resident wavefronts issues one instruction or
 * counts a stall cycle. */
void core_cycle(xl_sim_t *g);
/* Events of the CUs: global slot gs's ALU/LDS instruction finished; global record gr's
 * line missed in the L1 data cache (line_pa: to memory), or came back (L1 hit or memory). */
void cu_wave_ready(xl_sim_t *g, uint32_t gs);
void cu_l1d_miss(xl_sim_t *g, uint32_t gr, xl_pa_t line_pa);
void cu_line_back(xl_sim_t *g, uint32_t gr);
/* Slot s of CU c pulls its next instruction and goes on with it (a finished ALU
 * instruction, a completed blocking memory instruction, a released barrier). */
void cu_wave_fetch(xl_sim_t *g, uint32_t c, uint32_t s);
/* Memory record r of CU c: complete it if nothing is outstanding. */
void cu_check_mem_done(xl_sim_t *g, uint32_t c, uint32_t r);
/* Page request h's translation (its page frame) is known: issue its lanes' data accesses. */
void cu_deliver(xl_sim_t *g, preq_t h, xl_pa_t frame);
/* One issue of CU c this cycle (steps 1-2); 0 when no READY wavefront may issue. */
int  cu_issue(xl_sim_t *g, uint32_t c);
/* The CUs' counters, by group, in the order of the results (cu_stats.c). */
void cu_stats(const xl_sim_t *g, xl_stats_t *s);
void cu_walk_stats(const xl_sim_t *g, xl_stats_t *s);
void cu_data_stats(const xl_sim_t *g, xl_stats_t *s);
/* The watchdog's report of the wavefronts. */
void cu_waits(const xl_sim_t *g, FILE *f);
/* A CU's stall cycles so far (docs/isca18-micro18.md §6). */
uint64_t cu_stall(const core_t *k, const cu_t *cu);

#endif
