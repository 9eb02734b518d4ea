/*
 * walk_path.h - twin block "xl_walk_path": the IOMMU walk path, the top that joins the walk
 * buffer and scheduler (xl_walk_sched), the page-walk caches (xl_pwc), walk coalescing
 * (xl_coalesce) and N page-table walkers with one memory read port. docs/isca18-micro18.md
 * §1.5 steps 6-9 (the walk), §2 (scheduling), §3 (coalescing). The IOMMU TLBs stay in
 * front of it (model/src/iommu/iommu.c), as do the link and the memory system. The RTL module
 * rtl/xl_walk_path.sv has the same ports and cycle semantics (docs/design.md twin contract).
 *
 * Ports, one cycle:
 *   arrival   arr_valid {arr_va, arr_instr_id, arr_tag, arr_asid} -> arr_ready. The PWC probe of
 *             the arrival gives its estimate (§2.3 1-a); the scheduler buffers it or
 *             sends it straight to an idle walker (IMMEDIATE).
 *   memory    mem_req_valid {mem_req_addr (64 B line), mem_req_walker, mem_req_level}
 *             <- mem_req_ready. At most one request per cycle: the lowest-numbered
 *             walker that has a read to issue.
 *   response  rsp_valid {rsp_walker, rsp_line[8]}: the 8 entries of the line that walker
 *             asked for; any latency, any order, at most one per cycle (always taken).
 *   complete  per lane i = 0..7 (the slot of the completing entry in the returned line):
 *             cpl_valid[i] {cpl_tag, cpl_frame (page base), cpl_shift, cpl_coalesced}.
 *             The walker's own request is on lane idx(va) & 7; leaf neighbours
 *             completed by coalescing are on their lanes. With scan_pipe 1 those come
 *             one a cycle after the line, and one whose lane the walker's own completion
 *             holds in that cycle waits (co_in.lane_busy; coalesce.h).
 *
 * Walker w: IDLE -> (dispatch) LOOKUP for pwc_latency - 1 cycles -> REQ (wants the
 * memory port) -> (granted) WAIT -> (response) leaf: IDLE and a completion; else the
 * PWC is filled with the entry, level - 1, node = the entry's frame, REQ again.
 * The PWST entry of w (coalescing) is {busy, va, level of its outstanding or next read}.
 *
 * Dispatch (one per cycle, to the lowest-numbered IDLE walker, the scheduler's pick):
 * the walk-time PWC lookup gives the deepest hit h (0 = none) and the node of level
 * h - 1. A request with a resume point (PL, PA) from coalescing starts at level PL - 1
 * with node PA, unless the PWC hit is deeper (h - 1 < PL - 1): docs/isca18-micro18.md §3.3 E3.3 [OPEN,
 * default yes]. Otherwise it starts at h - 1 (node from the PWC) or at L4 (the root).
 *
 * Comb computes, in this order, from the state before the edge: the response (own
 * completion or PWC fill), the coalescing block's CL/kill/lanes (PWST before the edge),
 * the PWC probe of the arrival, the scheduler (disp_ready = some walker IDLE before the
 * edge), the PWC lookup of the dispatched VA, the start of the dispatched walk, and the
 * memory request. The edge applies the scheduler, the PWC (lookup, probe increment when
 * the arrival is buffered, fill), the walkers and the coalescing block, in that order
 * (the blocks' registers are disjoint; the coalescing block goes last so its C-only CL
 * bitmaps see the PWST after the edge).
 */
#ifndef XLAT_WALK_PATH_H
#define XLAT_WALK_PATH_H

#include "xlat/coalesce.h"
#include "xlat/pwc.h"
#include "xlat/stats.h"
#include "xlat/types.h"
#include "xlat/walk_sched.h"

typedef struct {
    uint32_t slots, walkers;
    xl_ws_policy_t policy;
    uint32_t aging_threshold, lfsr_seed;
    xl_co_mode_t coalesce;
    xl_pwc_params_t pwc;
    uint32_t pwc_latency;     /* >= 1: dispatch to the first read request */
    uint32_t pick_pipe;       /* xl_walk_sched PickPipe: 0, 1 or 2 */
    uint32_t scan_pipe;       /* xl_coalesce ScanPipe: 0 or 1 */
    uint32_t pwc_off;         /* 1: walks never fill the PWCs, so they never hit (no PWC, as
                               * MASK's SharedTLB, ASPLOS'18 §3); C-only: the RTL has no such
                               * build, and the IOMMU-boundary trace refuses it */
} xl_walk_path_params_t;

/* Address spaces the walk path tells apart: a request carries its ASID (arr_asid, below
 * XL_WP_ASIDS), which selects its page-table root and tags its PWC entries. C-only so
 * far: the RTL (rtl/xl_walk_path.sv) has one address space, its parameter Asid, and the
 * lockstep drives both with that one; several address spaces also need coalescing off
 * (xl_coalesce matches neighbours by VA alone), which the system checks. */
#define XL_WP_ASIDS 16u

enum { XL_WK_IDLE = 0, XL_WK_LOOKUP, XL_WK_REQ, XL_WK_WAIT };

typedef struct {
    uint8_t  state;           /* XL_WK_* */
    uint8_t  level;           /* level of the read outstanding or to issue */
    uint8_t  reads;           /* page-table reads issued by this walk */
    uint32_t wait;            /* LOOKUP cycles left */
    uint64_t va;
    xl_pa_t  node;            /* page-table node read at `level` */
    uint32_t tag, instr_id;
    uint16_t asid;            /* the walk's address space */
} xl_walker_t;

typedef struct {
    xl_walk_path_params_t p;
    xl_walk_sched_t ws;
    xl_pwc_t pwc;
    xl_coalesce_t co;
    xl_walker_t *wk;
    uint16_t *slot_asid;      /* [slot]: ASID of the buffered request (C-only, see XL_WP_ASIDS) */
    xl_pwst_t *pwst;          /* derived from wk, kept by the edge */
    uint32_t idle;            /* IDLE walkers */
    uint32_t active;          /* walkers in LOOKUP or REQ (they need cycles) */
    /* counters */
    uint64_t walks;           /* walks finished by a walker */
    uint64_t reads[5];        /* [L]: page-table lines read at level L */
    uint64_t coalesced;       /* requests completed by a neighbour's leaf line */
    uint64_t resumed;         /* walks started from a coalescing resume point */
    uint64_t cl_stalls;       /* cycles a walker was idle and every buffered request had CL */
    uint64_t faults;          /* walks that found a not-present entry */
} xl_walk_path_t;

typedef struct {
    uint8_t  arr_valid;
    uint64_t arr_va;
    uint32_t arr_instr_id;
    uint32_t arr_tag;
    uint16_t arr_asid;        /* the arrival's address space, < XL_WP_ASIDS */
    const xl_pa_t *root;      /* [XL_WP_ASIDS]: page-table root (CR3) of each address space */
    uint8_t  mem_req_ready;
    uint8_t  rsp_valid;
    uint32_t rsp_walker;
    uint64_t rsp_line[XL_CO_LANES];
} xl_walk_path_in_t;

typedef struct {
    uint8_t  arr_ready;
    uint8_t  arr_est;                 /* PWC estimate of the arrival, 1..4 */
    /* dispatch */
    uint8_t  disp_valid;
    uint32_t disp_walker;
    uint8_t  disp_level;              /* first level to read */
    xl_pa_t  disp_node;
    uint8_t  disp_resumed;            /* started from a coalescing resume point */
    uint16_t disp_asid;               /* the walk's address space */
    /* memory read request */
    uint8_t  mem_req_valid;
    uint32_t mem_req_walker;
    uint8_t  mem_req_level;
    xl_pa_t  mem_req_addr;
    /* response */
    uint8_t  rsp_fault;               /* the entry was not present */
    uint8_t  fill_valid;              /* the response filled the PWC */
    /* completions, by lane */
    uint8_t  cpl_valid[XL_CO_LANES];
    uint32_t cpl_tag[XL_CO_LANES];
    xl_pa_t  cpl_frame[XL_CO_LANES];
    uint8_t  cpl_shift[XL_CO_LANES];
    uint8_t  cpl_coalesced[XL_CO_LANES];
    uint8_t  cpl_reads[XL_CO_LANES];  /* reads of the walk (0 when coalesced) */
    uint8_t  stuck;                   /* an idle walker, buffered requests, all with CL */
    /* the sub-blocks' ports of this cycle (the edge applies them) */
    xl_ws_in_t  ws_in;
    xl_ws_out_t ws;
    xl_pwc_in_t pwc_in;
    xl_pwc_out_t pwc;
    xl_co_in_t  co_in;
    xl_co_out_t co;
    uint64_t *blocked, *kill;         /* scratch owned by this struct (xl_walk_path_out_init) */
} xl_walk_path_out_t;

int  xl_walk_path_init(xl_walk_path_t *m, const xl_walk_path_params_t *p, char *err, size_t errlen);
void xl_walk_path_free(xl_walk_path_t *m);
void xl_walk_path_reset(xl_walk_path_t *m);
/* Output scratch for an IOMMU of these parameters (bitmaps of the slots). */
int  xl_walk_path_out_init(xl_walk_path_out_t *o, const xl_walk_path_t *m);
void xl_walk_path_out_free(xl_walk_path_out_t *o);
void xl_walk_path_comb(const xl_walk_path_t *m, const xl_walk_path_in_t *in, xl_walk_path_out_t *out);
/* The clock edge, given this cycle's comb output. */
void xl_walk_path_commit(xl_walk_path_t *m, const xl_walk_path_in_t *in, const xl_walk_path_out_t *out);
/* comb then commit (out is scratch from xl_walk_path_out_init). */
void xl_walk_path_step(xl_walk_path_t *m, const xl_walk_path_in_t *in, xl_walk_path_out_t *out);

/* Can a cycle change anything? (No arrival, no response: walkers in LOOKUP/REQ, or an
 * idle walker with buffered requests not all blocked last time, or a registered pick
 * waiting to be dispatched.) */
int xl_walk_path_busy(const xl_walk_path_t *m, int last_stuck);
/* n idle cycles at a fixed point (xl_walk_path_busy false after a cycle with idle inputs
 * whose output said `stuck`), as a clocked block would spend them: nothing changes but
 * cl_stalls, which counts each of them when the fixed point is a stuck one. For a caller
 * that must keep every counter equal to the RTL's while skipping such cycles
 * (sw/board/host.c); the model itself only skips them (iommu.c). */
void xl_walk_path_idle(xl_walk_path_t *m, uint64_t n, int stuck);
/* The twin's own counters, registered by group at the place the system's results list
 * them (walk_path_stats.c, apart so the lockstep harness links the twin without it). */
typedef enum { XL_WP_STATS_COALESCE, XL_WP_STATS_BUFFER, XL_WP_STATS_SCHED, XL_WP_STATS_PWC } xl_wp_stats_t;
void xl_walk_path_stats(const xl_walk_path_t *m, xl_stats_t *s, xl_wp_stats_t group);

/* Read-only views for the IOMMU around the twin: its parameters, requests buffered,
 * buffer slots, busy walkers, and one walker (for the event log and the watchdog). */
static inline const xl_walk_path_params_t *xl_walk_path_params(const xl_walk_path_t *m)
{
    return &m->p;
}
static inline uint32_t xl_walk_path_count(const xl_walk_path_t *m) { return m->ws.count; }
static inline uint32_t xl_walk_path_slots(const xl_walk_path_t *m) { return m->ws.p.slots; }
static inline uint32_t xl_walk_path_busy_walkers(const xl_walk_path_t *m)
{
    return m->p.walkers - m->idle;
}
static inline const xl_walker_t *xl_walk_path_walker(const xl_walk_path_t *m, uint32_t w)
{
    return &m->wk[w];
}

/* Event-log views of coalescing state that is not a port (C-only): the CL bits of the
 * buffer slots 64w .. 64w+63 (w < xl_walk_path_cl_words), and the resume points the last
 * edge set or moved: slot, level and node of each. */
static inline uint32_t xl_walk_path_cl_words(const xl_walk_path_t *m) { return m->co.words; }
uint64_t xl_walk_path_cl_word(const xl_walk_path_t *m, uint32_t w);
static inline uint32_t xl_walk_path_nmoved(const xl_walk_path_t *m) { return m->co.nmoved; }
static inline uint32_t xl_walk_path_moved(const xl_walk_path_t *m, uint32_t i, unsigned *level,
                                          xl_pa_t *node)
{
    uint32_t slot = m->co.moved[i];
    *level = m->co.pl[slot];
    *node = m->co.pa[slot];
    return slot;
}

/* The 64 B line walker w is reading (valid while it waits for its response). */
xl_pa_t xl_walk_path_walker_line(const xl_walk_path_t *m, uint32_t w);
/* The address space (ASID) of walker w's walk. */
uint16_t xl_walk_path_walker_asid(const xl_walk_path_t *m, uint32_t w);

#endif
