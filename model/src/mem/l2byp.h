/*
 * l2byp.h - MASK's address-translation-aware L2 bypass (ASPLOS'18 §5.3, §7.4;
 * docs/papers/mask.md "L2 bypass"): the per-depth L2 hit and access counters of the
 * memory system and the bypass decision for each page-table level. The assembly
 * (memsys.c) counts each L2 lookup here, calls l2b_boundary before anything at or after a
 * decision boundary, and asks l2b_bypass for each page-table read it is submitted.
 *
 * Counters (64 bits): a[L], h[L] = L2 lookups and hits of page-table reads of depth L
 * (1 = the root level .. 4 = the leaf level), a[0], h[0] = of data (depth 0), reads and
 * writes. A lookup that finds its line is a hit; a miss that merges into an MSHR is a
 * miss; a miss retried after waiting for an MSHR is not looked up again (l2cache.h), so
 * it counts once. Depths above 4 are not counted and never bypass.
 * Decision mask BYP[1..4], recomputed at GPU cycles k * mask.byp_period (k >= 1; 0
 * before the first):
 *   BYP[L] = a[L] >= min && a[0] >= min && h[L] * a[0] < h[0] * a[L]
 * (min = mask.byp_min_samples; exact 128-bit products). mask.byp_mode:
 *   cumulative  the counters are never reset (the paper's 8-byte counters, §7.4);
 *   epoch       they are reset at GPU cycles k * mask.epoch, after the decision of that
 *               cycle when both fall on it (so that decision sees the whole epoch); a
 *               level without min samples keeps its previous decision; every
 *               mask.byp_sample_period-th read of a bypassed level (counted from the
 *               decision that set it) probes the L2 as usual, so the level's estimate
 *               stays alive.
 * Exactness. The counters change only at L2 lookups, which are memory-system events, and
 * a decision only matters to reads submitted at or after it. The assembly processes
 * every boundary B <= t before the first event at t >= B and before the bypass question
 * of a read submitted at t >= B, so each decision sees exactly the lookups of cycles
 * before B, as evaluating it at B would; no event of its own is needed.
 */
#ifndef XLAT_MEM_L2BYP_H
#define XLAT_MEM_L2BYP_H

#include "xlat/config.h"
#include "xlat/stats.h"
#include "xlat/types.h"

#define L2B_LEVELS 4u

typedef struct {
    uint32_t on, epoch_mode;        /* mask.l2_bypass, mask.byp_mode = epoch */
    uint64_t period, epoch, min, sample;
    uint64_t next_dec, next_reset;  /* the next decision / counter reset (UINT64_MAX: none) */
    uint64_t next;                  /* the earlier of the two */
    uint64_t a[L2B_LEVELS + 1], h[L2B_LEVELS + 1];   /* the mechanism's counters */
    uint32_t byp;                   /* bit L - 1: BYP[L] */
    uint64_t samp[L2B_LEVELS + 1];  /* epoch mode: bypassed reads since the last sample */
    /* statistics, never reset */
    uint64_t acc[L2B_LEVELS + 1], hit[L2B_LEVELS + 1], bypassed[L2B_LEVELS + 1];
    uint64_t on_periods[L2B_LEVELS + 1];   /* decisions that set BYP[L] */
    uint64_t decisions, changes, mask_final;
} l2b_t;

void l2b_init(l2b_t *b, const xl_config_t *c);
/* Every decision and counter reset at a boundary <= t, in time order (the decision
 * first on a tie). */
void l2b_boundary(l2b_t *b, uint64_t t);
/* Counters: l2d.accesses_depthL / hits_depthL / bypassed_depthL (L = 1..4),
 * l2d.byp_decisions, l2d.byp_changes, l2d.byp_periods_depthL, l2d.byp_mask. */
void l2b_stats(const l2b_t *b, xl_stats_t *s);

/* An L2 lookup of a request of page-walk depth `depth`: hit or not. */
static inline void l2b_count(l2b_t *b, uint8_t depth, int hit)
{
    if (depth <= L2B_LEVELS) {
        b->acc[depth]++;
        b->a[depth]++;
        b->hit[depth] += (uint64_t)(hit != 0);
        b->h[depth] += (uint64_t)(hit != 0);
    }
}

/* Does a read of depth `depth` submitted now skip the L2 (the boundaries up to now
 * processed)? Counts it when it does; in epoch mode a sampled read probes. */
static inline int l2b_bypass(l2b_t *b, uint8_t depth)
{
    if (!b->on || depth == 0u || depth > L2B_LEVELS || !(b->byp >> (depth - 1u) & 1u))
        return 0;
    if (b->epoch_mode && ++b->samp[depth] >= b->sample) {
        b->samp[depth] = 0;
        return 0;
    }
    b->bypassed[depth]++;
    return 1;
}

#endif
