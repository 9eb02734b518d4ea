/*
 * pwc.h - the IOMMU page-walk caches: one small set-associative cache per upper
 * level (L4, L3, L2 entries), tree-PLRU, each entry with a 2-bit saturating pending
 * counter (docs/isca18-micro18.md §1.4, §2.6; ISCA'18 §IV).
 *
 * An entry of level L (4, 3 or 2) is tagged by (asid, VA[47 : 12+9(L-1)]) and holds
 * the physical base of the level L-1 node that the L entry points to. A hit on the
 * deepest level L leaves L-1 page-table reads (1..3); a full miss leaves 4.
 * Set index = tag & (sets-1).
 *
 * Counters (§2.6): the arrival-time probe increments (saturating at 3) every entry
 * it hits without touching PLRU; the walk-time lookup decrements (saturating at 0)
 * and touches PLRU. Replacement: among invalid ways the lowest index; otherwise walk
 * the PLRU tree, at each node following the PLRU direction unless that subtree has no
 * counter-0 way while the other subtree has one; with no counter-0 way in the set,
 * follow plain PLRU.
 */
#ifndef XLAT_PWC_H
#define XLAT_PWC_H

#include "xlat/types.h"

#define XL_PWC_LEVELS 3u   /* L4, L3, L2; array index = 4 - level */

typedef struct {
    uint32_t entries[XL_PWC_LEVELS];   /* [0] = L4, [1] = L3, [2] = L2 */
    uint32_t ways[XL_PWC_LEVELS];
} xl_pwc_params_t;

typedef struct {
    uint8_t  valid;
    uint8_t  cnt;      /* 2-bit pending counter, 0..3 */
    uint16_t asid;
    uint64_t tag;      /* VA[47 : 12+9(L-1)] */
    xl_pa_t  next;     /* base of the level L-1 node */
} xl_pwc_entry_t;

typedef struct {
    uint32_t sets, ways;
    xl_pwc_entry_t *e;   /* sets * ways */
    uint8_t *plru;       /* ways bits per set */
    uint64_t *key;       /* C only, per entry: xl_pwc_key of a valid entry, 0 if invalid;
                          * a way test is one compare (kept by fill, reset, sync) */
    uint8_t *mru;        /* C only, per set: the way of the set's last PLRU touch, or 0xFF
                          * (none since reset or sync); touching it again would rewrite
                          * the bits it already holds, so that touch is skipped */
    /* counters */
    uint64_t hits;            /* walk-time lookups that hit this level */
    uint64_t misses;          /* walk-time lookups that missed this level */
    uint64_t fills;           /* entries written */
    uint64_t evictions;       /* valid entries replaced */
    uint64_t protected_evictions; /* victim choices that skipped a PLRU way with counter > 0 */
    uint64_t forced_evictions;    /* evictions where every way had counter > 0 */
    uint64_t cnt_incs;            /* pending counters raised by an arrival probe (from < 3) */
    uint64_t cnt_decs;            /* pending counters lowered by a walk-time lookup (from > 0) */
} xl_pwc_level_t;

typedef struct {
    unsigned hit_level;   /* deepest level that hit: 2, 3 or 4; 0 on a full miss */
    xl_pa_t  next;        /* node of level hit_level-1 (valid when hit_level != 0) */
    unsigned reads;       /* page-table reads still needed: hit_level ? hit_level-1 : 4 */
} xl_pwc_result_t;

/* C only: one remembered answer of the twin block's probe or lookup port. The answer for
 * a VA depends only on VA[47:21] (the L2 tag holds every upper tag and every set index),
 * on the asid and on which entries are valid with which tag and next, which only a fill
 * (or reset) changes; counters and PLRU bits play no part in it. */
typedef struct {
    uint64_t key;                  /* xl_pwc_key(asid, VA[47:21]) it answers, 0 if none */
    xl_pwc_result_t r;
    uint32_t at[XL_PWC_LEVELS];    /* as xl_pwc_out_t's probe_at / lookup_at */
} xl_pwc_memo_t;

typedef struct {
    xl_pwc_level_t lv[XL_PWC_LEVELS];
    /* C only, derived: the last answer of the probe port ([0]) and of the lookup port
     * ([1]), kept by xl_pwc_commit so comb need not search the levels again for a VA of
     * the same 2 MB region (a refused arrival is offered again every cycle); cleared by
     * every fill, reset and sync */
    xl_pwc_memo_t memo[2];
} xl_pwc_t;

int  xl_pwc_init(xl_pwc_t *c, const xl_pwc_params_t *p, char *err, size_t errlen);
void xl_pwc_free(xl_pwc_t *c);

/* Walk-time lookup (§2.4 step 2-b): all levels in parallel, deepest hit wins; hit
 * entries get a PLRU touch and a counter decrement; per-level hit/miss counted. */
void xl_pwc_lookup(xl_pwc_t *c, uint16_t asid, xl_va_t va, xl_pwc_result_t *r);
/* Arrival-time probe (§2.3 step 1-a): same result, no PLRU update, no hit/miss count;
 * increments the counters of hit entries when inc is non-zero. */
void xl_pwc_probe(xl_pwc_t *c, uint16_t asid, xl_va_t va, int inc, xl_pwc_result_t *r);
/* Record that the level-`level` entry for va points at node `next`. Refreshes an
 * existing entry in place (PLRU touch, counter kept); otherwise allocates a victim,
 * new counter = 0. */
void xl_pwc_fill(xl_pwc_t *c, unsigned level, uint16_t asid, xl_va_t va, xl_pa_t next);

/* Twin block "xl_pwc" (docs/design.md contract; rtl/xl_pwc.sv will match). One probe, one
 * walk-time lookup and one fill per cycle. comb answers probe and lookup from the state
 * before the edge; step applies, in this order: the lookup's PLRU touch and counter
 * decrement, the probe's counter increment (when probe_inc), then the fill. */
typedef struct {
    uint8_t  probe_valid, probe_inc;
    uint16_t probe_asid;
    xl_va_t  probe_va;
    uint8_t  lookup_valid;
    uint16_t lookup_asid;
    xl_va_t  lookup_va;
    uint8_t  fill_valid, fill_level;   /* level 4, 3 or 2 */
    uint16_t fill_asid;
    xl_va_t  fill_va;
    xl_pa_t  fill_next;
} xl_pwc_in_t;

#define XL_PWC_MISS UINT32_MAX

typedef struct {
    xl_pwc_result_t probe;    /* valid when probe_valid */
    xl_pwc_result_t lookup;   /* valid when lookup_valid */
    /* C only, for xl_pwc_commit: per level ([0] = L4), the entry index (set * ways + way)
     * that hit, XL_PWC_MISS, or (levels above the deepest hit, which comb does not search)
     * another value that commit resolves; valid under the same conditions as probe and
     * lookup */
    uint32_t probe_at[XL_PWC_LEVELS], lookup_at[XL_PWC_LEVELS];
} xl_pwc_out_t;

void xl_pwc_reset(xl_pwc_t *c);   /* all entries invalid, counters 0, PLRU bits 0 */
/* Rebuild the derived key and last-touch arrays, and forget the port memos, after entries
 * or PLRU bits were written directly (tests). */
void xl_pwc_sync(xl_pwc_t *c);
void xl_pwc_comb(const xl_pwc_t *c, const xl_pwc_in_t *in, xl_pwc_out_t *out);
/* comb's lookup port alone (out->probe is left as it is). comb = the probe port, then
 * this; a caller whose lookup VA depends on the probe's answer (xl_walk_path) calls comb with
 * lookup_valid low, then this, instead of looking the probe up twice. */
void xl_pwc_comb_lookup(const xl_pwc_t *c, const xl_pwc_in_t *in, xl_pwc_out_t *out);
void xl_pwc_step(xl_pwc_t *c, const xl_pwc_in_t *in);
/* The clock edge given this cycle's comb output (out = comb(c, in)): step() is comb()
 * then commit(); a caller that already has out saves looking the probe and lookup up
 * again (neither changes which entries are valid, so comb's hit entries still hold). */
void xl_pwc_commit(xl_pwc_t *c, const xl_pwc_in_t *in, const xl_pwc_out_t *out);

static inline uint64_t xl_pwc_tag(xl_va_t va, unsigned level)
{
    return (va & XL_VA_MASK) >> (12u + 9u * (level - 1u));
}

/* (asid, tag) of a valid entry as one non-zero word: a tag has at most 27 bits (L2:
 * VA[47:21]), so tag << 17 | asid << 1 | 1 is exact. */
static inline uint64_t xl_pwc_key(uint16_t asid, uint64_t tag)
{
    return tag << 17 | (uint64_t)asid << 1 | 1u;
}

#endif
