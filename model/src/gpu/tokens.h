/*
 * tokens.h - MASK's epoch unit at the shared L2 TLB (ASPLOS'18 §5.2, §5.4, §7.4;
 * docs/papers/mask.md "TLB-fill tokens"): the TLB-fill tokens with their bypass cache,
 * the inputs of the Silver-queue quotas (Equation 1), and the translation counters of the
 * paper's Figs 5-7. The pure parts (the per-core 16-bit counters, an epoch's token update,
 * the token test of one warp, the quotas) take plain structs, so tests/unit/t22_tokens.c
 * checks them without a system; the TLB hierarchy (tlbh.c) calls them where requests go.
 * All integer: the RTL twin of this unit must give the same bits.
 */
#ifndef XLAT_GPU_TOKENS_H
#define XLAT_GPU_TOKENS_H

#include <stdint.h>

#include "xlat/config.h"
#include "xlat/sim.h"
#include "xlat/stats.h"
#include "xlat/tlb.h"

#define TOK_MAX_APPS XL_SIM_MAX_APPS
#define TOK_SAT6 63u        /* ConPTW and WarpsStalled are 6-bit saturating (§5.4) */
#define TOK_T_MAX 32767u    /* a token count is 15 bits (§7.4) */
#define TOK_SAMPLE 10000u   /* Fig 5 samples the concurrent walks every 10 K cycles (§4.1) */

/* One core's L2 TLB outcomes this epoch: two 16-bit counters (§7.4). When either would
 * overflow, both are halved first, so the ratio survives [I]. */
typedef struct { uint16_t hit, miss; } tok_ctr_t;

static inline void tok_count(tok_ctr_t *c, int miss)
{
    if (c->hit == UINT16_MAX || c->miss == UINT16_MAX) {
        c->hit >>= 1;
        c->miss >>= 1;
    }
    if (miss)
        c->miss++;
    else
        c->hit++;
}

/* The epoch rule's settings (section [mask]). */
typedef struct {
    uint32_t initial_pct;   /* mask.initial_tokens_pct */
    uint32_t thresh_pp;     /* mask.tok_thresh_pp */
    uint32_t step_pct;      /* mask.tok_step_pct */
    xl_tok_policy_t policy; /* mask.tok_policy */
} tok_params_t;

/* One application's token state (§5.2; docs/papers/mask.md). dir: the direction register
 * (1 = the last move was up; 0 = down, also the reset value, so hillclimb's first step
 * is down). */
typedef struct {
    uint32_t T;             /* tokens as computed at the last boundary, 0..W */
    uint32_t W;             /* its warps in the last epoch (sum of the cores' uniq) */
    uint32_t f_new;         /* floor(256 T / W), 256 when W = 0: from the next commit */
    uint32_t f;             /* the fraction in force (Q0.8, 0..256) */
    uint8_t dir;
    uint64_t m, ac;         /* the last epoch's L2 TLB misses and lookups */
    uint64_t m_prev, ac_prev;   /* the last epoch with lookups (ac > 0) */
    uint64_t epochs, incs, decs;   /* counters: boundaries seen, moves up, moves down */
} tok_app_t;

/* f = floor(256 T / W); 256 (everyone holds a token) when W = 0. */
static inline uint32_t tok_frac(uint32_t T, uint32_t W)
{
    return W ? (uint32_t)(((uint64_t)T << 8) / W) : 256u;
}

/* Does the warp in a slot hold a token? below: resident warps of its core in lower slots;
 * R: resident warps of the core now; f: its application's fraction. The (f R) >> 8
 * lowest-slot resident warps hold one ("the warps with the lowest ids", ASPLOS'18 §5.2;
 * [I] counted per core by slot, docs/papers/mask.md). */
static inline int tok_has(uint32_t f, uint32_t below, uint32_t R)
{
    return below < ((f * R) >> 8);
}

/* The epoch algorithm for one application at boundary k (k >= 1): m misses, ac lookups
 * and W warps of the epoch that ended. Epoch 1 sets T to initial_pct of W; a later epoch
 * moves T by ceil(step_pct W / 100) when the miss rate m / ac moved by more than
 * thresh_pp points since the last epoch with lookups (threshold: down when it rose, up
 * when it fell; hillclimb: flip the direction when it rose, then step in the direction;
 * neither when it stayed within). Integer cross-multiplication only. Computes f_new;
 * f changes at the commit (tlbh_epoch, phase 1). */
void tok_epoch_compute(const tok_params_t *p, uint64_t k, uint64_t m, uint64_t ac, uint64_t W,
                       tok_app_t *a);

/* Equation 1: thresh_i = floor(thresh_max p_i / S), p_i = ConPTW_i WarpsStalled_i (each
 * saturated at 63 here), S = sum of p_i; S = 0 gives thresh_max / napps each ([I]). */
void tok_quota(const uint32_t *conptw, const uint32_t *ws, unsigned napps, uint32_t thresh_max,
               uint32_t *thresh);

/* A running mean / min / max (Figs 5 and 6 show averages with min-max bars). */
typedef struct { uint64_t n, sum, min, max; } tok_dist_t;

static inline void tok_dist_add(tok_dist_t *d, uint64_t v, uint64_t times)
{
    if (!times)
        return;
    if (!d->n || v < d->min)
        d->min = v;
    if (v > d->max)
        d->max = v;
    d->n += times;
    d->sum += v * times;
}

/* One application's translation counters (§4.1, §4.2: Figs 5-7). */
typedef struct {
    uint64_t l2_acc, l2_hit, l2_miss, l2_merge;   /* its L2 TLB lookups */
    uint64_t byp_hit;                             /* of l2_hit, those in the bypass cache */
    uint32_t live;           /* its L2 MSHRs in use now: concurrent walks */
    uint32_t live_hw;        /* their most this epoch (ConPTW before saturation) */
    uint32_t ws_hw;          /* most warps merged in one of its L2 MSHRs live this epoch */
    uint32_t conptw, ws, thresh;   /* the Silver inputs and quota of the last epoch */
    tok_dist_t walks;        /* live, sampled every TOK_SAMPLE cycles (Fig 5) */
    tok_dist_t l1_merged;    /* page requests per L1 TLB MSHR (Fig 6, core-local) */
    tok_dist_t l2_warps;     /* L1 MSHRs (warps) per L2 TLB MSHR (Fig 6, across cores) */
} tok_appc_t;

/* The epoch unit. */
typedef struct {
    int on;                  /* mask.tokens */
    int track;               /* keep the counters (tlbh.c tlbh_track); -1: not known yet */
    int bypass_on;           /* tokens gate fills: from the first epoch's commit (fn 6) */
    uint32_t ncu;
    uint64_t k;              /* epoch boundaries seen */
    tok_params_t p;
    tok_ctr_t *ctr;          /* [cu]: this epoch's L2 TLB hits and misses */
    tok_app_t app[TOK_MAX_APPS];
    tok_appc_t c[TOK_MAX_APPS];
    xl_tlb_t byp;            /* the bypass cache: fully associative, LRU, ASID-tagged */
    /* Fig 5 sampling at cycles k * TOK_SAMPLE, caught up whenever a live count changes:
     * the counts are constant between changes, so no cycle is visited for it */
    uint64_t next_sample;
    uint32_t live;           /* all applications' L2 MSHRs in use */
    tok_dist_t walks;        /* the total, sampled */
    /* counters */
    uint64_t l2_fills, byp_fills;   /* L2 TLB fills vs bypass-cache fills */
    uint64_t byp_probes, byp_hits;  /* bypass-cache probes (every lookup) and hits */
    uint64_t byp_dups;       /* L2 TLB fills of a page the bypass cache held (0: see tokens.c) */
} tok_unit_t;

int  tok_init(tok_unit_t *u, const xl_config_t *cfg, uint32_t ncu, char *err, size_t errlen);
void tok_free(tok_unit_t *u);

/* Fig 5: the samples due before cycle now (a live count is about to change at now). */
void tok_sample(tok_unit_t *u, uint64_t now);
/* An L2 MSHR of application a is taken / given back at cycle now. */
static inline void tok_walk_start(tok_unit_t *u, uint32_t a, uint64_t now)
{
    if (now > u->next_sample)
        tok_sample(u, now);
    u->live++;
    if (++u->c[a].live > u->c[a].live_hw)
        u->c[a].live_hw = u->c[a].live;
}
static inline void tok_walk_end(tok_unit_t *u, uint32_t a, uint64_t now)
{
    if (now > u->next_sample)
        tok_sample(u, now);
    u->live--;
    u->c[a].live--;
}

/* Epoch boundary k: the Silver inputs of each application from this epoch's marks (max:
 * high-water marks; snapshot: live values; ws_live[a] = the most warps merged in one of
 * a's L2 MSHRs in use now), the quotas into thresh, and the marks restarted from the live
 * values. */
void tok_silver(tok_unit_t *u, xl_dstat_mode_t mode, const uint32_t *ws_live, unsigned napps,
                uint32_t thresh_max);

/* The counters, registered after the TLB hierarchy's (tlbh_stats): l1a, l1m are each
 * application's L1 TLB lookups and misses; end is the last cycle (the Fig 5 samples not
 * yet taken are counted here). */
void tok_stats(const tok_unit_t *u, unsigned napps, const uint64_t *l1a, const uint64_t *l1m,
               uint64_t end, int has_l2, xl_stats_t *s);
/* The epoch unit's (registered when it runs, mask.tokens or dram.sched = gsn): the token
 * state after the last epoch, the last epoch's Silver inputs and quotas. */
void tok_epoch_stats(const tok_unit_t *u, unsigned napps, xl_stats_t *s);

#endif
