/*
 * tokens.c - MASK's epoch unit at the shared L2 TLB (tokens.h; ASPLOS'18 §5.2 TLB-fill
 * tokens, §5.4 Equation 1's inputs, §4.1-§4.2 Figs 5-7; docs/papers/mask.md): the
 * per-application token update of each epoch, the Silver quotas, the bypass cache's
 * creation, the sampling of concurrent walks and the counters. Where the requests go
 * (the token bit of an L2 MSHR, fill or bypass) is the TLB hierarchy's (tlbh.c).
 */
#include "gpu/tokens.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* docs/papers/mask.md "The epoch algorithm": the paper's text rule (§5.2) with its open
 * choices as keys. The miss rates m / ac and m_prev / ac_prev are compared in percentage
 * points by cross-multiplication: m / ac - m_prev / ac_prev > thresh / 100 is
 * 100 (m ac_prev - m_prev ac) > thresh ac ac_prev. m and ac are sums of 16-bit counters
 * over at most 256 cores, so every product fits 64 bits. */
void tok_epoch_compute(const tok_params_t *p, uint64_t k, uint64_t m, uint64_t ac, uint64_t W,
                       tok_app_t *a)
{
    uint64_t T = a->T;
    if (W > TOK_T_MAX)
        W = TOK_T_MAX;
    a->epochs++;
    a->m = m;
    a->ac = ac;
    if (k == 1) {
        /* the first epoch ran without bypassing (fn 6): start from a share of the warps */
        T = (uint64_t)p->initial_pct * W / 100u;
    } else if (ac > 0 && a->ac_prev > 0) {
        uint64_t now = m * a->ac_prev, before = a->m_prev * ac;
        uint64_t lim = (uint64_t)p->thresh_pp * ac * a->ac_prev;
        int worse = now > before && 100u * (now - before) > lim;
        int better = before > now && 100u * (before - now) > lim;
        uint64_t step = ((uint64_t)p->step_pct * W + 99u) / 100u;
        if (p->policy == XL_TOK_HILLCLIMB && worse)
            a->dir ^= 1u;   /* the last move made it worse: turn round */
        int up = p->policy == XL_TOK_HILLCLIMB ? (worse || better) && a->dir
                                               : better;
        int down = p->policy == XL_TOK_HILLCLIMB ? (worse || better) && !a->dir
                                                 : worse;
        /* threshold: a higher miss rate means contention, fewer warps may fill (§5.2) */
        if (down) {
            T = T > step ? T - step : 0;
            a->dir = 0;
            a->decs++;
        } else if (up) {
            T = T + step < W ? T + step : W;
            a->dir = 1;
            a->incs++;
        }
    }
    if (T > W)
        T = W;   /* the warps may have become fewer */
    a->T = (uint32_t)T;
    a->W = (uint32_t)W;
    if (ac > 0) {   /* an epoch without lookups says nothing about the miss rate */
        a->m_prev = m;
        a->ac_prev = ac;
    }
    a->f_new = tok_frac(a->T, a->W);
}

void tok_quota(const uint32_t *conptw, const uint32_t *ws, unsigned napps, uint32_t thresh_max,
               uint32_t *thresh)
{
    uint64_t p[TOK_MAX_APPS], S = 0;
    for (unsigned a = 0; a < napps; a++) {
        p[a] = (uint64_t)(conptw[a] < TOK_SAT6 ? conptw[a] : TOK_SAT6) *
               (ws[a] < TOK_SAT6 ? ws[a] : TOK_SAT6);
        S += p[a];
    }
    for (unsigned a = 0; a < napps; a++)
        thresh[a] = (uint32_t)(S ? thresh_max * p[a] / S : thresh_max / napps);
}

void tok_silver(tok_unit_t *u, xl_dstat_mode_t mode, const uint32_t *ws_live, unsigned napps,
                uint32_t thresh_max)
{
    uint32_t con[TOK_MAX_APPS] = {0}, ws[TOK_MAX_APPS] = {0}, th[TOK_MAX_APPS] = {0};
    for (unsigned a = 0; a < napps; a++) {
        tok_appc_t *c = &u->c[a];
        uint32_t cv = mode == XL_DSTAT_MAX ? c->live_hw : c->live;
        uint32_t wv = mode == XL_DSTAT_MAX ? c->ws_hw : ws_live[a];
        con[a] = c->conptw = cv < TOK_SAT6 ? cv : TOK_SAT6;
        ws[a] = c->ws = wv < TOK_SAT6 ? wv : TOK_SAT6;
        /* the counters reset every epoch (§5.4): the marks restart from what is live */
        c->live_hw = c->live;
        c->ws_hw = ws_live[a];
    }
    tok_quota(con, ws, napps, thresh_max, th);
    for (unsigned a = 0; a < napps; a++)
        u->c[a].thresh = th[a];
}

/* The samples at k * TOK_SAMPLE before now: the live counts have not changed since the
 * last call, so every such cycle saw the values held now. A sample at cycle B is the
 * count after B's events (a change at B itself is sampled by a later call). */
void tok_sample(tok_unit_t *u, uint64_t now)
{
    uint64_t n = (now - 1u - u->next_sample) / TOK_SAMPLE + 1u;
    for (unsigned a = 0; a < TOK_MAX_APPS; a++)
        tok_dist_add(&u->c[a].walks, u->c[a].live, n);
    tok_dist_add(&u->walks, u->live, n);
    u->next_sample += n * TOK_SAMPLE;
}

/* ------------------------------------------------------------------ creation */

int tok_init(tok_unit_t *u, const xl_config_t *cfg, uint32_t ncu, char *err, size_t errlen)
{
    memset(u, 0, sizeof *u);
    u->on = cfg->mask.tokens != 0;
    u->track = -1;
    u->ncu = ncu;
    u->next_sample = TOK_SAMPLE;
    u->p = (tok_params_t){cfg->mask.initial_tokens_pct, cfg->mask.tok_thresh_pp,
                          cfg->mask.tok_step_pct, cfg->mask.tok_policy};
    for (unsigned a = 0; a < TOK_MAX_APPS; a++)
        u->app[a].f = u->app[a].f_new = 256u;   /* epoch 0: every warp holds a token */
    if (!(u->ctr = calloc(ncu, sizeof *u->ctr))) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    if (u->on) {
        /* §5.2: fully associative, LRU, ASID-tagged like the L2 TLB's entries (§7.4) */
        xl_tlb_params_t pb = {cfg->mask.bypass_entries, cfg->mask.bypass_entries, XL_REPL_LRU,
                              XL_TLB_INDEX_MOD};
        return xl_tlb_init(&u->byp, &pb, "mask.bypass_entries", err, errlen);
    }
    return XL_OK;
}

void tok_free(tok_unit_t *u)
{
    free(u->ctr);
    u->ctr = NULL;
    xl_tlb_free(&u->byp);
}

/* ------------------------------------------------------------------ statistics */

/* name and description of application a's counter: prefix "l2tlb", what "hits" gives
 * "l2tlb.app0.hits". */
static void reg(xl_stats_t *s, const char *pre, unsigned a, const char *what, const char *desc,
                uint64_t v)
{
    char n[80], d[200];
    snprintf(n, sizeof n, "%s.app%u.%s", pre, a, what);
    snprintf(d, sizeof d, "application %u: %s", a, desc);
    xl_stats_value(s, n, d, v);
}

static void reg_ratio(xl_stats_t *s, const char *pre, unsigned a, const char *what,
                      const char *desc, uint64_t num, uint64_t den)
{
    char n[80], d[200];
    snprintf(n, sizeof n, "%s.app%u.%s", pre, a, what);
    snprintf(d, sizeof d, "application %u: %s", a, desc);
    xl_stats_ratio(s, n, d, num, den, 2);
}

/* d with the samples at the cycles k * TOK_SAMPLE from next up to end, of value v. */
static tok_dist_t dist_at_end(const tok_dist_t *d, uint64_t next, uint64_t end, uint64_t v)
{
    tok_dist_t r = *d;
    if (end >= next)
        tok_dist_add(&r, v, (end - next) / TOK_SAMPLE + 1u);
    return r;
}

void tok_stats(const tok_unit_t *u, unsigned napps, const uint64_t *l1a, const uint64_t *l1m,
               uint64_t end, int has_l2, xl_stats_t *s)
{
    uint64_t acc = 0, hit = 0;
    for (unsigned a = 0; a < napps; a++) {
        acc += u->c[a].l2_acc;
        hit += u->c[a].l2_hit;
    }
    if (has_l2)
        xl_stats_ratio(s, "l2tlb.hit_rate", "L2 TLB hits / lookups, bypass-cache hits included "
                       "(MASK §5.2: a hit in either is a hit)", hit, acc, 4);
    if (u->on) {
        xl_stats_ratio(s, "l2tlb.hit_rate_no_bypass", "L2 TLB hits / lookups, without the "
                       "bypass cache's hits", hit - u->byp_hits, acc, 4);
        xl_stats_counter(s, "l2tlb.fills", "L2 TLB fills: walks of a request with a token, "
                         "or before bypassing began", &u->l2_fills);
        xl_stats_counter(s, "l2tlb.bypass.fills", "TLB bypass cache fills: walks of requests "
                         "without a token (MASK §5.2)", &u->byp_fills);
        xl_stats_counter(s, "l2tlb.bypass.probes", "TLB bypass cache probes (every L2 TLB "
                         "lookup, in parallel)", &u->byp_probes);
        xl_stats_counter(s, "l2tlb.bypass.hits", "TLB bypass cache hits", &u->byp_hits);
        xl_stats_counter(s, "l2tlb.bypass.evictions", "TLB bypass cache entries replaced by a "
                         "fill", &u->byp.evictions);
        xl_stats_counter(s, "l2tlb.bypass.duplicates", "L2 TLB fills of a page the bypass "
                         "cache held (none can: misses of a page merge, lookups probe both)",
                         &u->byp_dups);
    }
    /* Fig 5: concurrent walks, sampled every 10 K cycles */
    tok_dist_t w = dist_at_end(&u->walks, u->next_sample, end, u->live);
    xl_stats_value(s, "l2tlb.walks.samples", "concurrent-walk samples (every 10000 cycles)",
                   w.n);
    xl_stats_ratio(s, "l2tlb.walks.mean", "L2 TLB MSHRs in use (concurrent walks), mean of the "
                   "samples (MASK Fig 5)", w.sum, w.n, 2);
    xl_stats_value(s, "l2tlb.walks.min", "concurrent walks, least sampled", w.min);
    xl_stats_value(s, "l2tlb.walks.max", "concurrent walks, most sampled", w.max);
    for (unsigned a = 0; a < napps; a++) {
        const tok_appc_t *c = &u->c[a];
        reg(s, "l1tlb", a, "accesses", "L1 TLB lookups", l1a[a]);
        reg(s, "l1tlb", a, "misses", "L1 TLB misses", l1m[a]);
        reg_ratio(s, "l1tlb", a, "mshr_requests.mean", "page requests per L1 TLB MSHR, mean "
                  "(MASK Fig 6, core-local)", c->l1_merged.sum, c->l1_merged.n);
        reg(s, "l1tlb", a, "mshr_requests.max", "page requests per L1 TLB MSHR, most",
            c->l1_merged.max);
        reg(s, "l2tlb", a, "accesses", "L2 TLB lookups", c->l2_acc);
        reg(s, "l2tlb", a, "hits", "L2 TLB hits (bypass cache included)", c->l2_hit);
        reg(s, "l2tlb", a, "misses", "L2 TLB misses", c->l2_miss);
        reg(s, "l2tlb", a, "mshr_merges", "L2 TLB misses merged into an outstanding miss",
            c->l2_merge);
        if (u->on)
            reg(s, "l2tlb", a, "bypass_hits", "L2 TLB hits in the bypass cache", c->byp_hit);
        reg_ratio(s, "l2tlb", a, "mshr_warps.mean", "L1 TLB MSHRs (warps) per L2 TLB MSHR, "
                  "mean (MASK Fig 6, across cores)", c->l2_warps.sum, c->l2_warps.n);
        reg(s, "l2tlb", a, "mshr_warps.max", "L1 TLB MSHRs (warps) per L2 TLB MSHR, most",
            c->l2_warps.max);
        tok_dist_t wa = dist_at_end(&c->walks, u->next_sample, end, c->live);
        reg_ratio(s, "l2tlb", a, "walks.mean", "its L2 TLB MSHRs in use (concurrent walks), "
                  "mean of the samples every 10000 cycles (MASK Fig 5)", wa.sum, wa.n);
        reg(s, "l2tlb", a, "walks.min", "concurrent walks, least sampled", wa.min);
        reg(s, "l2tlb", a, "walks.max", "concurrent walks, most sampled", wa.max);
    }
}

void tok_epoch_stats(const tok_unit_t *u, unsigned napps, xl_stats_t *s)
{
    xl_stats_value(s, "mask.epochs", "MASK epoch boundaries passed", u->k);
    for (unsigned a = 0; a < napps; a++) {
        const tok_app_t *p = &u->app[a];
        const tok_appc_t *c = &u->c[a];
        if (u->on) {
            reg(s, "mask.tokens", a, "tokens", "tokens T_a after the last epoch", p->T);
            reg(s, "mask.tokens", a, "frac", "token fraction f_a = floor(256 T_a / W_a) in force "
                "(256: every warp)", p->f);
            reg(s, "mask.tokens", a, "warps", "warps W_a of the last epoch", p->W);
            reg(s, "mask.tokens", a, "dir", "direction register (1 = the last move was up)",
                p->dir);
            reg(s, "mask.tokens", a, "epochs", "epochs the token rule ran", p->epochs);
            reg(s, "mask.tokens", a, "decreases", "epochs that took tokens away", p->decs);
            reg(s, "mask.tokens", a, "increases", "epochs that gave tokens", p->incs);
            reg(s, "mask.tokens", a, "misses", "L2 TLB misses m of the last epoch (16-bit "
                "per-core counters)", p->m);
            reg(s, "mask.tokens", a, "lookups", "L2 TLB lookups ac of the last epoch", p->ac);
        }
        reg(s, "mask.silver", a, "conptw", "concurrent page walks ConPTW_i of the last epoch "
            "(6-bit)", c->conptw);
        reg(s, "mask.silver", a, "warps_stalled", "warps stalled per miss WarpsStalled_i of the "
            "last epoch (6-bit)", c->ws);
        reg(s, "mask.silver", a, "thresh", "Silver quota thresh_i from the last epoch "
            "(Equation 1)", c->thresh);
    }
}
