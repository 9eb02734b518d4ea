/*
 * walk_sched.h - twin block "xl_walk_sched": the IOMMU page-walk request buffer and
 * the walk scheduler (FCFS, random, SIMT-aware), ISCA'18 §III-IV, docs/isca18-micro18.md
 * §2.2-§2.5 and §2.7. The RTL module rtl/xl_walk_sched.sv will have the same ports,
 * widths and cycle semantics (docs/design.md twin contract):
 *
 *   xl_walk_sched_reset(st, params)      asynchronous reset
 *   xl_walk_sched_comb(st, in, out)      this cycle's outputs; no side effects
 *   xl_walk_sched_step(st, in)           the clock edge (calls comb internally)
 *
 * One cycle, in words:
 *  - Arrival port: arr_valid with {arr_va, arr_instr_id, arr_est}. arr_est (1..4) is the
 *    estimated memory reads of this request's walk, from the PWC probe the IOMMU does in
 *    the same cycle (§2.3 step 1-a); the block only uses it when the request is buffered.
 *    arr_ready = a free slot exists, or the arrival is dispatched immediately.
 *  - Dispatch port: disp_ready says one walker can take a walk this cycle. At most one
 *    dispatch per cycle. If the buffer holds no pending request, disp_ready and
 *    arr_valid are both high, the arrival goes straight to the walker (rule IMMEDIATE):
 *    no slot, no score, no counter (§2.3 "if any walker idle"). Otherwise the pick is
 *    among requests buffered before this cycle, by the configured policy:
 *      FCFS     oldest (lowest arrival stamp)
 *      RANDOM   an LFSR-chosen valid entry (below)
 *      SIMT     aging first: any entry with bypass >= AgingThreshold, oldest;
 *               else batching: entries with instr_id == last_sched_id, oldest;
 *               else min score, oldest among equal scores.
 *    An arrival in a cycle with a (non-immediate) dispatch is written to a free slot at
 *    the clock edge and can be picked from the next cycle on.
 *  - Scores (SIMT, §2.3): at the edge that buffers an arrival, new_score =
 *    min(256, arr_est + score of a buffered entry with the same instr_id, or 0 if none);
 *    every buffered entry of that instr_id takes new_score. Scores never decrease.
 *    The dispatched entry leaves the buffer at the same edge, before the arrival's
 *    score lookup (so an arrival never merges with the entry dispatched in its cycle).
 *  - Aging (§2.5): at each dispatch from the buffer, every remaining entry older than
 *    the picked one (lower stamp) increments its bypass counter (saturating).
 *  - last_sched_id = instr_id of every dispatch, immediate ones included (§8 item 6).
 *  - Random: a 32-bit right-shifting Galois LFSR (lsb = s & 1; s >>= 1; if lsb,
 *    s ^= 0x80200003), seeded from params (never 0), advanced once per dispatch from the
 *    buffer. The pick is the first
 *    valid slot at or after index (lfsr mod NumSlots), wrapping; NumSlots must be a power
 *    of two for the RANDOM policy so the mod is a bit mask.
 *  - Slot allocation: the lowest free slot index. Stamps: a 32-bit arrival counter that
 *    increments per buffered arrival; "older" compares stamps by wrapping subtraction.
 *  - Walk coalescing (MICRO'18, docs/isca18-micro18.md §3.3; the xl_coalesce block computes these):
 *    blocked[slot] (CL) and kill[slot] (completed by a leaf line this cycle) exclude an
 *    entry from every pick rule ("CL filter first, then the policy", §3.5); arr_blocked
 *    (the arrival is in the neighbourhood of a walker's access) forbids the IMMEDIATE
 *    path, so such an arrival is buffered. Killed entries leave at the edge like the
 *    dispatched one; they are not dispatches (no bypass counted, no rule). The score
 *    merge of an arrival only sees entries that stay (neither dispatched nor killed).
 *
 * The C twin keeps, besides the RTL's registers, derived state that the clock edge
 * maintains (lists in stamp order, per-instruction records, a free-slot bitmap, lazy
 * bypass counts), so a cycle costs O(instructions buffered) rather than O(slots). Test
 * 11.16 checks every pick of long random runs against the order defined here over the
 * architectural view of all slots, and the RTL lockstep checks it cycle by cycle.
 */
#ifndef XLAT_WALK_SCHED_H
#define XLAT_WALK_SCHED_H

#include "xlat/types.h"

#define XL_WS_SCORE_MAX   256u
#define XL_WS_INSTR_BITS  20u
#define XL_WS_INSTR_MASK  ((1u << XL_WS_INSTR_BITS) - 1u)

typedef enum {
    XL_WS_FCFS = 0,
    XL_WS_RANDOM = 1,
    XL_WS_SIMT = 2
} xl_ws_policy_t;

typedef enum {
    XL_RULE_NONE = 0,
    XL_RULE_IMMEDIATE,   /* arrival sent straight to an idle walker */
    XL_RULE_AGING,       /* SIMT: bypass counter reached the threshold */
    XL_RULE_BATCH,       /* SIMT: same instruction as the last dispatch */
    XL_RULE_MINSCORE,    /* SIMT: lowest score, oldest on ties */
    XL_RULE_FCFS,        /* FCFS: oldest */
    XL_RULE_RANDOM       /* RANDOM: LFSR-chosen */
} xl_ws_rule_t;

extern const char *const xl_ws_rule_name[];   /* "none", "immediate", "aging", ... */

typedef struct {
    uint32_t slots;            /* NumSlots (buffer entries), >= 1 */
    xl_ws_policy_t policy;
    uint32_t aging_threshold;  /* AgingThreshold, >= 1 */
    uint32_t lfsr_seed;        /* RANDOM: initial LFSR state; 0 is replaced by 1 */
    uint32_t pick_pipe;        /* PickPipe: 0 the pick in the dispatch cycle; 1 the pick
                                  registered one cycle ahead; 2 registered ahead from
                                  registers only (last cycle's CL), rtl/README.md,
                                  xl_walk_sched */
} xl_ws_params_t;

/* One buffer slot. The first six fields are the RTL's per-slot registers; score and
 * bypass are kept per instruction and lazily (below) and read through
 * xl_walk_sched_entry(). */
typedef struct {
    uint8_t  valid;
    uint64_t va;         /* 48 bits */
    uint32_t instr_id;   /* 20 bits */
    uint32_t stamp;      /* arrival stamp */
    uint32_t tag;        /* caller's request handle, carried through (RTL: TagWidth bits) */
    /* derived state (C only), kept by the clock edge so comb needs no full scan */
    uint32_t age_prev, age_next;   /* list of valid slots in stamp order */
    uint32_t ins_prev, ins_next;   /* list of the instruction's slots in stamp order */
    uint32_t rec;                  /* instruction record */
    uint64_t d0;                   /* dispatches from the buffer before it arrived */
    uint32_t o0;                   /* older valid entries when it arrived (adjusted) */
    uint32_t b0;                   /* bypass it started with (hand-loaded state) */
} xl_ws_slot_t;

/* The architectural view of a slot (what the RTL holds per entry). */
typedef struct {
    uint8_t  valid;
    uint64_t va;
    uint32_t instr_id;
    uint32_t stamp;
    uint16_t score;      /* 9 bits, 1..256 (0 under FCFS/RANDOM) */
    uint32_t bypass;     /* saturating at aging_threshold */
    uint32_t tag;
} xl_ws_entry_t;

/* Per-instruction record: every buffered entry of one instruction shares its score. */
typedef struct {
    uint32_t instr_id;
    uint32_t count;      /* its buffered entries */
    uint16_t score;
    uint32_t head, tail; /* its slots, oldest first */
    uint32_t act;        /* position in the active-record array */
    uint32_t hnext;      /* hash chain */
} xl_ws_rec_t;

typedef struct {
    xl_ws_params_t p;
    xl_ws_slot_t *e;           /* p.slots entries */
    uint32_t count;            /* valid entries */
    uint32_t next_stamp;
    uint32_t last_sched_id;
    uint8_t  last_valid;       /* 1 once any dispatch has happened since reset */
    uint32_t lfsr;
    uint8_t  pick_valid;       /* PickPipe 1: the registered pick (RTL pick_valid_q, */
    uint32_t pick_slot;        /*   pick_slot_q, pick_rule_q) */
    uint8_t  pick_rule;
    uint64_t *cl_q;            /* PickPipe 2: last cycle's CL per slot, the arrival's own
                                  CL in its slot (RTL blocked_q); read for valid slots */
    uint8_t  moved;            /* PickPipe 2, C only: the last edge changed the pick
                                  registers or cl_q (xl_walk_path_busy) */
    /* derived state (C only) */
    uint64_t *freemap;         /* bit i set: slot i is free */
    uint32_t words;            /* words of freemap */
    uint32_t age_head, age_tail;
    xl_ws_rec_t *rec;          /* p.slots records */
    uint32_t *act;             /* records with entries, unordered */
    uint32_t nact, rec_free;
    uint32_t *bucket, bmask;   /* instr_id -> record hash */
    uint64_t disp_count;       /* dispatches from the buffer since reset */
    int64_t  bkey_min;         /* lower bound of d0 - b0 over valid entries (aging fast path) */
    /* counters */
    uint64_t arrivals;         /* requests offered and accepted (immediate included) */
    uint64_t immediate;        /* dispatched at arrival to an idle walker */
    uint64_t dispatched[XL_RULE_RANDOM + 1];  /* dispatches by rule */
    uint64_t full_cycles;      /* cycles an arrival was refused because the buffer was full */
    uint64_t score_updates;    /* buffered entries whose score was raised by a same-instruction arrival */
    uint64_t max_occupancy;    /* most entries buffered at once */
    uint64_t score_sum;        /* sum of scores of entries dispatched from the buffer */
    uint64_t killed;           /* entries removed by walk coalescing */
} xl_walk_sched_t;

typedef struct {
    uint8_t  arr_valid;
    uint64_t arr_va;
    uint32_t arr_instr_id;
    uint8_t  arr_est;          /* 1..4 */
    uint32_t arr_tag;          /* caller handle, returned on dispatch */
    uint8_t  arr_blocked;      /* CL of the arrival: never dispatched immediately */
    uint8_t  disp_ready;       /* a walker can take a walk this cycle */
    const uint64_t *blocked;   /* CL bit per slot (NULL: none), words of 64 slots */
    const uint64_t *kill;      /* slots completed by coalescing this cycle (NULL: none) */
} xl_ws_in_t;

typedef struct {
    uint8_t  arr_ready;        /* the arrival is accepted this cycle */
    uint8_t  arr_buffered;     /* accepted into a slot (not immediate): PWC counters count it */
    uint32_t arr_slot;         /* slot it will occupy when arr_buffered */
    uint16_t arr_score;        /* its new score when arr_buffered (SIMT; 0 otherwise) */
    uint8_t  disp_valid;
    uint8_t  disp_rule;        /* xl_ws_rule_t */
    uint32_t disp_slot;        /* slot it leaves (0 for IMMEDIATE, as are stamp and score) */
    uint64_t disp_va;
    uint32_t disp_instr_id;
    uint32_t disp_stamp;
    uint16_t disp_score;
    uint32_t disp_tag;
} xl_ws_out_t;

/* Allocates the entry array; XL_EINPUT with one line on bad params. */
int  xl_walk_sched_init(xl_walk_sched_t *s, const xl_ws_params_t *p, char *err, size_t errlen);
void xl_walk_sched_free(xl_walk_sched_t *s);
void xl_walk_sched_reset(xl_walk_sched_t *s);
void xl_walk_sched_comb(const xl_walk_sched_t *s, const xl_ws_in_t *in, xl_ws_out_t *out);
void xl_walk_sched_step(xl_walk_sched_t *s, const xl_ws_in_t *in);
/* The clock edge given this cycle's comb output (out must be comb(s, in)): step() is
 * comb() then commit(); a caller that already has out saves the second scan. */
void xl_walk_sched_commit(xl_walk_sched_t *s, const xl_ws_in_t *in, const xl_ws_out_t *out);

/* The architectural contents of one slot (score and bypass materialised). */
void xl_walk_sched_entry(const xl_walk_sched_t *s, uint32_t slot, xl_ws_entry_t *out);
/* The architectural contents of every slot: out[0 .. slots-1] (one pass). */
void xl_walk_sched_view(const xl_walk_sched_t *s, xl_ws_entry_t *out);
/* Write one slot directly (tests and harnesses building a buffer by hand): e->valid must
 * be 1 and the slot free; stamps must be distinct and within 2^31 of each other, and
 * entries of one instruction share one score (the last one written wins). */
void xl_walk_sched_load(xl_walk_sched_t *s, uint32_t slot, const xl_ws_entry_t *e);

#endif
