/*
 * coalesce.h - twin block "xl_coalesce": neighbourhood-aware walk coalescing, MICRO'18
 * §III-IV (docs/isca18-micro18.md §3.2-§3.5, reconstructed). The per-slot PL/PA fields of
 * the IOMMU buffer, the CL flag (computed every cycle) and the neighbourhood scan on
 * every page-table line a walker receives. The walk scheduler (xl_walk_sched) holds the
 * rest of each slot; this block mirrors the slot's VA, written at the same edge as the
 * scheduler writes the arrival. The page-walk service table (PWST: per walker, the VA it
 * serves and the level of its outstanding access) belongs to the walkers (xl_walk_path) and
 * comes in as an input. The RTL module rtl/xl_coalesce.sv has the same ports and cycle
 * semantics (docs/design.md twin contract).
 *
 * Neighbourhood (docs/isca18-micro18.md §1.3): nbr(a, b, L) iff a[47:S] == b[47:S] with S = 15 + 9(L-1),
 * i.e. the 8 entries of one 64 B line: 32 KB at L1 (leaf), 16 MB at L2, 8 GB at L3,
 * 4 TB at L4. The level-L entry of va sits in slot idx_L(va) & 7 of its line.
 *
 * Modes (iommu.coalesce): off; leaf (only L1 lines); upper (only L4/L3/L2 lines); both.
 * Level L is "enabled" when the mode covers it.
 *
 * One cycle (comb, from the state before the edge and the inputs):
 *  - CL (docs/isca18-micro18.md §3.3 E3.1): blocked[s] = valid[s] and some walker w with pwst[w].valid,
 *    level L = pwst[w].level enabled, and nbr(va[s], pwst[w].va, L). arr_blocked is the
 *    same test for the arriving VA (so it is not dispatched immediately, §3.3 E1).
 *  - Scan (E2.2), when line_valid (a walker's level-L read returned; line_va is the VA it
 *    serves, line[] the 8 entries): for every valid slot s with nbr(va[s], line_va, L)
 *    and L enabled, with e = line[idx_L(va[s]) & 7] present (P = 1):
 *      leaf (L = 1, or L = 2 with PS = 1): complete s: lane i = idx_L(va[s]) & 7 gets
 *        cpl_valid/cpl_slot/cpl_frame/cpl_shift, and kill[s] = 1. Lane idx_L(line_va) & 7
 *        is the walker's own and is never used here; if two slots want one lane (only
 *        possible with two requests for one page) the lower slot takes it and the other
 *        stays pending.
 *      upper (L > 1, not a leaf): at the edge PL[s] = L and PA[s] = frame(e), only if
 *        PL[s] is none or L < PL[s] (the resume point only moves down, docs/isca18-micro18.md §8 item 8).
 *  - resume(s): PL[s] (0 = none, else 2..4) and PA[s] (0 when PL[s] is none): where a
 *    dispatched walk starts.
 * The edge: the dispatched slot and the killed slots become invalid (PL cleared); the
 * upper-level updates of this cycle's scan are applied; the arrival slot is written
 * (valid, va, PL none).
 *
 * scan_pipe 1, the scan drained one slot a cycle (config iommu.scan_pipe; rtl/README.md
 * "The scan drained one slot a cycle"). Everything above is scan_pipe 0, the papers'
 * one-cycle broadcast. With 1:
 *  - the cycle a line returns it acts on nothing; at the edge the slots it would act on
 *    (every slot scan_one gives a leaf completion off the walker's own lane, or a resume
 *    point) become the pending set `pend`, and the line (level, VA, entries) is kept;
 *  - each later cycle the lowest pending slot (cur) is scanned against the kept line with
 *    the rules above: a leaf completes on its lane unless the line already completed a
 *    slot on that lane (`lane_used`), a pointer moves the resume point. It leaves the
 *    pending set at the edge, except that a completion whose lane is in in->lane_busy
 *    (the walker's own completion holds that lane of the port this cycle) waits;
 *  - pending slots are CL (blocked), so the scheduler never dispatches one;
 *  - a line is taken only when nothing stays pending past this edge; otherwise it is not
 *    scanned and scan_drops counts it. scans counts the lines taken.
 */
#ifndef XLAT_COALESCE_H
#define XLAT_COALESCE_H

#include "xlat/types.h"

typedef enum {
    XL_CO_OFF = 0,
    XL_CO_LEAF = 1,
    XL_CO_UPPER = 2,
    XL_CO_BOTH = 3
} xl_co_mode_t;

#define XL_CO_LANES 8u   /* entries per 64 B page-table line */

typedef struct {
    uint32_t slots;      /* NumSlots, equal to the walk scheduler's */
    uint32_t walkers;    /* NumWalkers (PWST entries) */
    xl_co_mode_t mode;
    uint32_t scan_pipe;  /* ScanPipe: 0 the one-cycle scan, 1 drained one slot a cycle */
} xl_co_params_t;

/* One PWST entry: the walker's request VA and the level of its outstanding access. */
typedef struct {
    uint8_t  valid;
    uint8_t  level;      /* 1..4 */
    uint64_t va;
} xl_pwst_t;

/* C-only index of the valid slots by neighbourhood, one per enabled level (below). */
typedef struct {
    uint64_t key;        /* xl_co_pwst_key form of the neighbourhood; 0 = group free */
    uint32_t first;      /* its first slot (list in no particular order) */
    uint32_t hnext;      /* next group of the hash bucket, or of the free list */
} xl_co_grp_t;

typedef struct {
    uint32_t next, prev; /* the slot's neighbours in its group's list */
    uint32_t grp;        /* its group */
} xl_co_link_t;

typedef struct {
    xl_co_grp_t *grp;    /* p.slots groups: there are never more neighbourhoods than slots */
    xl_co_link_t *link;  /* per slot, valid slots only */
    uint32_t *bucket;    /* hash of the key -> first group of the chain */
    uint32_t bmask;      /* buckets - 1 */
    uint32_t gfree;      /* free groups, chained by hnext */
} xl_co_index_t;

typedef struct {
    xl_co_params_t p;
    uint32_t words;      /* 64-slot words of a slot bitmap */
    uint64_t *valid;     /* slot bitmap */
    uint64_t *va;        /* per slot, 48 bits */
    uint8_t  *pl;        /* per slot: 0 none, else 2..4 */
    xl_pa_t  *pa;        /* per slot: node to read at level PL-1 */
    /* counters */
    uint64_t scans;              /* lines scanned (line_valid with the level enabled) */
    uint64_t leaf_done;          /* requests completed by a neighbour's leaf line */
    uint64_t upper_set[5];       /* [L]: resume points set or moved down by a level-L line */
    uint64_t scan_drops;         /* scan_pipe 1: lines not scanned, a scan still draining */
    /* scan_pipe 1 state (RTL pend_q, sl_*_q, used_q): the pending slots (bitmap) and the
     * kept line they are scanned against, and the lanes it has completed on */
    uint64_t *pend;              /* words */
    uint8_t  sl_level;
    uint8_t  lane_used;
    uint64_t sl_va;
    uint64_t sl_line[XL_CO_LANES];
    /* C-only record of the last edge: a slot was pending before it or after it, so the CL
     * the next cycle sees may differ from this cycle's (xl_walk_path_busy) */
    uint8_t  drained;
    /* C-only record of the last edge (event log): slots whose resume point moved */
    uint32_t *moved;
    uint32_t nmoved;
    /* C-only derived state, kept by the edge so that CL costs O(walkers x words) a cycle
     * instead of O(slots x walkers): per walker, the neighbourhood of its PWST entry as
     * the last edge saw it (xl_co_pwst_key, 0 = none) and the valid slots inside it. comb
     * uses a walker's bitmap only when this cycle's PWST entry has the same key. */
    uint64_t *nb_key;            /* p.walkers */
    uint64_t *nb_slots;          /* p.walkers * words */
    /* ... and, C-only too, the PWST the last edge keyed them by (nb_pw_ok: it is set) and
     * the OR of every walker's bitmap (cl_all), so that a cycle whose PWST is the same,
     * byte for byte, needs neither the keys nor the per-walker bitmaps */
    xl_pwst_t *nb_pw;            /* p.walkers */
    uint8_t   nb_pw_ok;
    uint64_t *cl_all;            /* words */
    /* C-only derived state, kept by the edge wherever a slot becomes valid or invalid, so
     * that a walker's bitmap costs O(slots in its neighbourhood) to rebuild instead of a
     * pass over every slot: for each enabled level L, ix[L-1] groups the valid slots by
     * their level-L neighbourhood (VA[47:S], S as in xl_co_nbr). Levels the mode leaves
     * off have no index (all pointers NULL). */
    xl_co_index_t ix[4];
} xl_coalesce_t;

typedef struct {
    uint8_t  arr_valid;          /* the scheduler buffers an arrival in arr_slot at this edge */
    uint32_t arr_slot;
    uint64_t arr_va;
    uint8_t  disp_valid;         /* slot disp_slot leaves the buffer at this edge */
    uint32_t disp_slot;
    const xl_pwst_t *pwst;       /* p.walkers entries, state before the edge */
    uint8_t  line_valid;         /* a walker's page-table line is back this cycle */
    uint8_t  line_level;         /* its level, 1..4 */
    uint64_t line_va;            /* the VA the walker serves */
    uint64_t line[XL_CO_LANES];  /* the line's 8 entries */
    uint8_t  lane_busy;          /* scan_pipe 1: completion lanes taken this cycle (bit i) */
} xl_co_in_t;

typedef struct {
    uint64_t *blocked;           /* caller's array of `words` words: CL per slot (may be NULL) */
    uint64_t *kill;              /* caller's array: slots completed by the scan (may be NULL) */
    uint8_t  arr_blocked;        /* CL of arr_va */
    uint8_t  cpl_valid[XL_CO_LANES];
    uint32_t cpl_slot[XL_CO_LANES];
    xl_pa_t  cpl_frame[XL_CO_LANES];   /* page base */
    uint8_t  cpl_shift[XL_CO_LANES];   /* 12 or 21 */
} xl_co_out_t;

int  xl_coalesce_init(xl_coalesce_t *c, const xl_co_params_t *p, char *err, size_t errlen);
void xl_coalesce_free(xl_coalesce_t *c);
void xl_coalesce_reset(xl_coalesce_t *c);
/* blocked/kill/cpl and arr_blocked; out->blocked and out->kill are filled when not NULL
 * (kill must be given when line_valid for the lanes to be complete). */
void xl_coalesce_comb(const xl_coalesce_t *c, const xl_co_in_t *in, xl_co_out_t *out);
/* The clock edge given this cycle's comb output (out = comb(c, in)). As in every twin
 * block, _commit is the edge and _step is comb then commit. */
void xl_coalesce_commit(xl_coalesce_t *c, const xl_co_in_t *in, const xl_co_out_t *out);

/* The low VA bit of a level-L neighbourhood, the VAs whose level-L page-table entries
 * share one 64 B line: VA[47 : 15 + 9(L-1)] (docs/isca18-micro18.md §1.3; 32 KB at L1). */
static inline unsigned xl_co_nbr_shift(unsigned level)
{
    return 15u + 9u * (level - 1u);
}

/* Neighbourhood test and CL of one VA against the PWST (also used by comb). */
int xl_co_nbr(uint64_t a, uint64_t b, unsigned level);
int xl_coalesce_cl(const xl_coalesce_t *c, const xl_pwst_t *pwst, uint64_t va);
/* Resume point of a buffered slot: *pl = 0 (none) or 2..4, *pa its node (0 when *pl is 0). */
void xl_coalesce_resume(const xl_coalesce_t *c, uint32_t slot, unsigned *pl, xl_pa_t *pa);
/* scan_pipe 1: is a scan draining (a slot pending)? */
int xl_coalesce_draining(const xl_coalesce_t *c);
/* Is level L covered by the mode? */
int xl_co_level_on(xl_co_mode_t mode, unsigned level);
/* The neighbourhood a PWST entry blocks, as one key: 0 when the entry is idle or its
 * level is not enabled, else VA[47:S] and the level (two entries with equal keys block
 * the same VAs). */
uint64_t xl_co_pwst_key(xl_co_mode_t mode, const xl_pwst_t *pw);

#endif
