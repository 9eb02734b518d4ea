/*
 * tlbh.c - the GPU's TLB hierarchy (tlbh.h; docs/isca18-micro18.md §1.5 steps 3-4 and 9):
 * per-CU L1 TLBs and the shared L2 TLB, each with miss-merging MSHRs, and the crossing of
 * L2 misses to the IOMMU.
 */
#include <stdlib.h>
#include <string.h>

#include "sys/system.h"

/* Step 3: the L1 TLB request of page pidx of memory record s, looked up at cycle t. A
 * retry (a miss that waited for a free MSHR) was counted already: it probes without
 * counting. */
void tlbh_issue_page(xl_sim_t *g, preq_t h, uint64_t t, int retry)
{
    uint32_t c = preq_cu(&g->core, h);
    uint16_t asid = cu_asid(&g->core, c);
    l1tlb_t *l1 = &g->tlb.l1[c];
    uint64_t vpn = preq_vpn(&g->core, h);
    xl_va_t va = vpn << g->page_shift;
    xl_pa_t pa;
    /* HPCA'16 §3.1: a CU blocked by a far-fault takes no lookups, hits included */
    if (ff_on(&g->tlb.ff) && ff_hold(g, c, h.id | (uint32_t)(retry != 0) << 31))
        return;
    if (g->cfg.translation.ideal) {
        xl_walk_t w;
        xl_pt_walk(g->pm, g->roots[asid], va, &w);
        PUSH(&g->q, t + 1, EV_L1_RESULT, h.id, w.pa & ~((UINT64_C(1) << w.page_shift) - 1));
        return;
    }
    if (!retry && g->vs.sh_on && vs_share_note(&g->vs, asid, vpn, c))
        g->oom = 1;
    if (retry ? xl_tlb_probe(&l1->tlb, asid, va, &pa)
              : xl_tlb_lookup(&l1->tlb, asid, va, &pa)) {
        PUSH(&g->q, t + g->cfg.l1tlb.hit_latency, EV_L1_RESULT, h.id,
             pa & ~((UINT64_C(1) << g->page_shift) - 1));
        return;
    }
    uint32_t b, m = mtab_find(&l1->t, vpn, &b);
    int merged = m != NONE;
    if (merged) {
        g->tlb.l1_merges++;
    } else {
        m = mtab_alloc(&l1->t, vpn, b);
        if (m == NONE) {
            if (!retry)
                g->tlb.l1_mshr_full++;
            FPUSH(&l1->retry, h.id);
            return;
        }
        l1->m[m].vpn = vpn;
        l1->m[m].head = NONE;
    }
    /* append the waiter (keeps arrival order; the first waiter is the requester) */
    uint32_t wi = l1->w_free;
    l1->w_free = l1->w[wi].next;
    l1->w[wi].req = h;
    l1->w[wi].next = NONE;
    if (l1->m[m].head == NONE) {
        l1->m[m].head = wi;
    } else {
        uint32_t k = l1->m[m].head;
        while (l1->w[k].next != NONE)
            k = l1->w[k].next;
        l1->w[k].next = wi;
    }
    if (merged)
        return;
    /* MICRO'21 §4.4: after an L1 miss the LDS, then the I-cache, then the L2 TLB */
    uint64_t at = t + g->cfg.l1tlb.hit_latency;
    if (g->vs.ldstx || g->vs.ictx)
        PUSH(&g->q, at, EV_VLOOKUP, l1mshr_of(&g->tlb, c, m).id, g->vs.ldstx ? 0 : 1);
    else
        PUSH(&g->q, at, EV_L2_ACCESS, l1mshr_of(&g->tlb, c, m).id, 0);
}

/* MICRO'21 §4.4 (docs/papers/translation-reach.md "The victim path"): L1 MSHR h's lookup
 * in its CU's LDS (stage 0) or its I-cache (stage 1). A hit is promoted to the L1 TLB
 * (tlbh_l1_release, as an L2 TLB hit would be); a miss or a skip goes on to the next
 * stage when its result is known. */
void tlbh_vlookup(xl_sim_t *g, l1mshr_t h, unsigned stage)
{
    uint32_t c = l1mshr_cu(&g->tlb, h), m = l1mshr_idx(&g->tlb, h);
    uint64_t vpn = g->tlb.l1[c].m[m].vpn;
    uint16_t asid = cu_asid(&g->core, c);
    vs_look_t r;
    if (stage == 0)
        vs_lds_lookup(&g->vs, c, asid, vpn, g->now, &r);
    else
        vs_ic_lookup(&g->vs, c, asid, vpn, g->now, &r);
    if (r.res == VS_LK_HIT)
        PUSH(&g->q, r.done, EV_L2_RESULT, h.id, r.frame);
    else if (stage == 0 && g->vs.ictx)
        PUSH(&g->q, r.done, EV_VLOOKUP, h.id, 1);
    else
        PUSH(&g->q, r.done, EV_L2_ACCESS, h.id, 0);
}

/* A translation the fill chain hands to the shared L2 TLB (Fig 12 flows 10-11): present,
 * it is refreshed; else inserted as most recent, its victim dropped (the L2 TLB is not
 * exclusive, [I]). */
static void tlbh_l2_insert(xl_sim_t *g, const vs_out_t *o)
{
    if (g->tlb.has_l2)
        xl_tlb_fill(&g->tlb.l2, o->asid, o->vpn << g->page_shift, o->frame, g->page_shift, NULL);
}

/* The fill chain of an L1 TLB victim (MICRO'21 Fig 12), and the translations of I-cache
 * lines an instruction fill evicted (reach.fwd_l2). */
void tlbh_victim(xl_sim_t *g, uint32_t c, const xl_tlb_entry_t *v)
{
    vs_out_t o;
    if (vs_fill(&g->vs, c, v->asid, v->vpn, v->frame, g->now, &o))
        tlbh_l2_insert(g, &o);
}

void tlbh_l2_forward(xl_sim_t *g, const vs_out_t *o, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        tlbh_l2_insert(g, &o[i]);
}

static void tlbh_l2_free(xl_sim_t *g, uint32_t m);
static int tlbh_l2_miss(xl_sim_t *g, l1mshr_t h, uint64_t t_known);
static void tlbh_l2_lookup_mask(xl_sim_t *g, l1mshr_t h, xl_va_t va, uint64_t lat);
static void tlbh_l2_miss_mask(xl_sim_t *g, l1mshr_t h, treq_t *e, int merged);

/* Does the TLB hierarchy keep MASK's per-application counters (tokens.h)? With several
 * applications, tokens or the Silver queues; settled at the first L2 TLB access (the
 * system has its applications by then; every other user of the counters comes after
 * one, and reads g->tlb.mk.track > 0), and a single application's run skips them. */
static inline int tlbh_track(xl_sim_t *g)
{
    tok_unit_t *u = &g->tlb.mk;
    if (u->track < 0)
        u->track = u->on || g->cfg.dram.sched == XL_DSCHED_GSN || disp_napps(&g->disp) > 1;
    return u->track;
}

/* An L1 MSHR's request at the shared L2 TLB (ports per cycle, then hit latency). */
void tlbh_l2_access(xl_sim_t *g, l1mshr_t h, int reserved)
{
    uint32_t c = l1mshr_cu(&g->tlb, h), m = l1mshr_idx(&g->tlb, h);
    l1tlb_t *l1 = &g->tlb.l1[c];
    if (!g->tlb.has_l2) {
        /* no shared L2 TLB (l2tlb.entries = 0, MASK's PWCache design): nothing to look up,
         * the miss goes to the MSHRs, which still merge misses of one page */
        tlbh_track(g);
        tlbh_l2_miss(g, h, g->now);
        return;
    }
    /* port arbitration: l2tlb.ports lookups start per cycle, in event order; a request
     * that finds this cycle's ports taken reserves a port in the first cycle with one */
    if (!reserved) {
        if (g->now > g->tlb.l2_port_cycle) {
            g->tlb.l2_port_cycle = g->now;
            g->tlb.l2_port_used = 0;
        }
        if (g->tlb.l2_port_used == g->cfg.l2tlb.ports) {
            g->tlb.l2_port_cycle++;
            g->tlb.l2_port_used = 0;
        }
        g->tlb.l2_port_used++;
        if (g->tlb.l2_port_cycle > g->now) {
            PUSH(&g->q, g->tlb.l2_port_cycle, EV_L2_ACCESS, h.id, 1);
            return;
        }
    }
    uint64_t vpn = l1->m[m].vpn;
    xl_va_t va = vpn << g->page_shift;
    xl_pa_t pa;
    preq_t first = l1->w[l1->m[m].head].req;
    /* Fig 12: distinct wavefronts per epoch of 1024 L2 TLB accesses */
    uint32_t gs = preq_gslot(&g->core, first);
    uint64_t uid = preq_wave_uid(&g->core, first);
    if (g->tlb.seen_epoch[gs] != g->tlb.epoch + 1 || g->tlb.seen_uid[gs] != uid) {
        g->tlb.seen_epoch[gs] = g->tlb.epoch + 1;
        g->tlb.seen_uid[gs] = uid;
        g->tlb.epoch_distinct++;
    }
    if (++g->tlb.epoch_acc == EPOCH) {
        g->tlb.epoch_sum += g->tlb.epoch_distinct;
        g->tlb.epochs++;
        g->tlb.epoch++;
        g->tlb.epoch_acc = 0;
        g->tlb.epoch_distinct = 0;
    }
    g->tlb.l2_acc++;
    uint64_t lat = g->cfg.l2tlb.hit_latency;
    if (tlbh_track(g)) {
        tlbh_l2_lookup_mask(g, h, va, lat);
        return;
    }
    if (xl_tlb_lookup(&g->tlb.l2, cu_asid(&g->core, c), va, &pa)) {
        g->tlb.l2_hit++;
        PUSH(&g->q, g->now + lat, EV_L2_RESULT, h.id,
             pa & ~((UINT64_C(1) << g->page_shift) - 1));
        return;
    }
    g->tlb.l2_miss++;
    tlbh_l2_miss(g, h, g->now + lat);
}

/* tlbh_l2_access's lookup with MASK's counters (tlbh_track) and, with mask.tokens, the
 * bypass cache and the per-core hit and miss counters of the token epochs. */
static void tlbh_l2_lookup_mask(xl_sim_t *g, l1mshr_t h, xl_va_t va, uint64_t lat)
{
    uint32_t c = l1mshr_cu(&g->tlb, h);
    tok_unit_t *u = &g->tlb.mk;
    tok_appc_t *ap = &u->c[cu_app(&g->core, c)];
    uint16_t asid = cu_asid(&g->core, c);
    xl_pa_t pa;
    int hit = xl_tlb_lookup(&g->tlb.l2, asid, va, &pa);
    if (u->on) {
        /* §5.2: the bypass cache's tags are probed in parallel; a hit in either is a hit
         * (a page is never in both: tlbh_gpu_resp) */
        u->byp_probes++;
        if (!hit && xl_tlb_lookup(&u->byp, asid, va, &pa)) {
            hit = 1;
            u->byp_hits++;
            ap->byp_hit++;
        }
    }
    ap->l2_acc++;
    if (hit) {
        g->tlb.l2_hit++;
        ap->l2_hit++;
        if (u->on)
            tok_count(&u->ctr[c], 0);
        PUSH(&g->q, g->now + lat, EV_L2_RESULT, h.id,
             pa & ~((UINT64_C(1) << g->page_shift) - 1));
        return;
    }
    g->tlb.l2_miss++;
    ap->l2_miss++;
    int merged = tlbh_l2_miss(g, h, g->now + lat);
    if (u->on)   /* a merged lookup waits for a walk: a miss, unless mask.merged_counts_as */
        tok_count(&u->ctr[c], !(merged == 1 && g->cfg.mask.merged_counts_as == XL_MERGED_HIT));
}

/* An L2 TLB miss of L1 MSHR (c, m): merge into the MSHR of the same page, or take a
 * free one (its request crosses to the IOMMU once the miss is known, at t_known), or
 * wait for one in arrival order. Returns 1 merged, 0 a new MSHR, -1 waiting. */
static int tlbh_l2_miss(xl_sim_t *g, l1mshr_t h, uint64_t t_known)
{
    uint32_t c = l1mshr_cu(&g->tlb, h), m = l1mshr_idx(&g->tlb, h);
    uint16_t asid = cu_asid(&g->core, c);
    l1tlb_t *l1 = &g->tlb.l1[c];
    uint64_t vpn = l1->m[m].vpn;
    /* the shared L2's MSHRs tell address spaces apart: the ASID above the page number */
    uint64_t key = treq_key(asid, vpn);
    uint32_t b, k = mtab_find(&g->tlb.l2t, key, &b);
    int merged = k != NONE;
    if (merged) {
        g->tlb.l2_merges++;
    } else {
        k = mtab_alloc(&g->tlb.l2t, key, b);
        if (k == NONE) {
            g->tlb.l2_mshr_full++;
            FPUSH(&g->tlb.l2_retry, h.id);
            return -1;
        }
    }
    treq_t *e = treq_at(g->req, (treq_h){k});   /* L2 MSHR k holds request k */
    if (!merged) {
        preq_t first = l1->w[l1->m[m].head].req;
        memset(e, 0, sizeof *e);
        e->vpn = vpn;
        e->asid = asid;
        e->head = NONE;
        e->owner = first;
        e->instr_id = preq_instr(&g->core, first);
        e->token = 1;
    }
    e->warps++;   /* one more warp (L1 MSHR) waits on this walk */
    if (g->tlb.mk.track > 0)
        tlbh_l2_miss_mask(g, h, e, merged);
    uint32_t wi = g->tlb.l2w_free;
    g->tlb.l2w_free = g->tlb.l2w[wi].next;
    g->tlb.l2w[wi].mshr = h;
    g->tlb.l2w[wi].next = e->head;
    e->head = wi;
    /* only the allocating request crosses to the IOMMU; its arrival is queued now rather
     * than from an event at t_known: arrivals due in one cycle still reach the IOMMU in
     * the order of their misses, and nothing else happens at t_known */
    if (!merged)
        PUSH(&g->q, t_known + g->cfg.iommu.link_latency, EV_IOMMU_ARRIVE, k, 0);
    return merged;
}

/* MASK's part of an L2 MSHR allocation or merge (tlbh_track): the application's
 * counters, the concurrent walks, WarpsStalled's epoch maximum (§5.4), and the token bit
 * (§5.2): that of the warp that missed in the L1 TLB first (the L1 MSHR's first waiter),
 * ORed into a merged MSHR's (mask.tok_fill = any) or the first request's (originator);
 * everyone holds a token until bypassing begins. */
static void tlbh_l2_miss_mask(xl_sim_t *g, l1mshr_t h, treq_t *e, int merged)
{
    uint32_t c = l1mshr_cu(&g->tlb, h), m = l1mshr_idx(&g->tlb, h);
    uint32_t app = cu_app(&g->core, c);
    tok_unit_t *u = &g->tlb.mk;
    int tok = 1;
    if (u->bypass_on) {
        const l1tlb_t *l1 = &g->tlb.l1[c];
        preq_t first = l1->w[l1->m[m].head].req;
        tok = tok_has(u->app[app].f, cu_res_below(&g->core, c, preq_slot(&g->core, first)),
                      cu_resident(&g->core, c));
    }
    if (!merged) {
        e->app = (uint8_t)app;
        e->token = (uint8_t)tok;
        tok_walk_start(u, app, g->now);
    } else {
        u->c[app].l2_merge++;
        if (g->cfg.mask.tok_fill == XL_TOK_FILL_ANY)
            e->token |= (uint8_t)tok;
    }
    if (e->warps > u->c[app].ws_hw)
        u->c[app].ws_hw = e->warps;
}

/* Fill the L1 TLB and hand the translation to every waiting page; retry waiting misses. */
void tlbh_l1_release(xl_sim_t *g, l1mshr_t h, xl_pa_t frame)
{
    uint32_t c = l1mshr_cu(&g->tlb, h), m = l1mshr_idx(&g->tlb, h);
    l1tlb_t *l1 = &g->tlb.l1[c];
    xl_va_t va = l1->m[m].vpn << g->page_shift;
    if (ff_on(&g->tlb.ff))
        ff_answered(g, h.id);
    if (g->vs.ldstx || g->vs.ictx) {
        xl_tlb_entry_t v;
        xl_tlb_fill(&l1->tlb, cu_asid(&g->core, c), va, frame, g->page_shift, &v);
        if (v.valid)
            tlbh_victim(g, c, &v);
    } else {
        xl_tlb_fill(&l1->tlb, cu_asid(&g->core, c), va, frame, g->page_shift, NULL);
    }
    uint32_t w = l1->m[m].head, n = 0;
    mtab_release(&l1->t, m);
    while (w != NONE) {
        uint32_t nx = l1->w[w].next;
        preq_t req = l1->w[w].req;
        l1->w[w].next = l1->w_free;
        l1->w_free = w;
        cu_deliver(g, req, frame);
        w = nx;
        n++;
    }
    /* MASK Fig 6 (core-local): the page requests that waited on this MSHR */
    if (g->tlb.mk.track > 0)
        tok_dist_add(&g->tlb.mk.c[cu_app(&g->core, c)].l1_merged, n, 1);
    /* a freed MSHR lets the oldest waiting miss of this CU try again */
    while (l1->retry.n && l1->t.used < l1->t.n) {
        uint32_t v = fifo_front(&l1->retry);
        fifo_pop(&l1->retry);
        tlbh_issue_page(g, (preq_t){v}, g->now, 1);
    }
}

static void tlbh_l2_free(xl_sim_t *g, uint32_t k)
{
    if (g->tlb.mk.track > 0)
        tok_walk_end(&g->tlb.mk, treq_at(g->req, (treq_h){k})->app, g->now);
    mtab_release(&g->tlb.l2t, k);
    /* the oldest miss waiting for an MSHR takes it; it was looked up (and counted) already,
     * so only a probe decides whether the page arrived meanwhile */
    while (g->tlb.l2_retry.n && g->tlb.l2t.used < g->tlb.l2t.n) {
        uint32_t v = fifo_front(&g->tlb.l2_retry);
        fifo_pop(&g->tlb.l2_retry);
        l1mshr_t h = {v};
        uint32_t c = l1mshr_cu(&g->tlb, h), m = l1mshr_idx(&g->tlb, h);
        xl_pa_t pa;
        uint16_t asid = cu_asid(&g->core, c);
        xl_va_t va = g->tlb.l1[c].m[m].vpn << g->page_shift;
        if (g->tlb.has_l2 && (xl_tlb_probe(&g->tlb.l2, asid, va, &pa) ||
                              (g->tlb.mk.on && xl_tlb_probe(&g->tlb.mk.byp, asid, va, &pa))))
            PUSH(&g->q, g->now, EV_L2_RESULT, v, pa & ~((UINT64_C(1) << g->page_shift) - 1));
        else
            tlbh_l2_miss(g, h, g->now);
    }
}

/* Step 9: the translation is back at the GPU: fill the L2 TLB (with MASK's tokens: only
 * for a request with a token, else the bypass cache), then every waiting L1. */
void tlbh_gpu_resp(xl_sim_t *g, treq_h k)
{
    treq_t *e = treq_at(g->req, k);
    tok_unit_t *u = &g->tlb.mk;
    xl_va_t va = e->vpn << g->page_shift;
    if (e->fault) {   /* HPCA'16 §3: the page is not present: Nack every waiting L1 MSHR */
        ff_nack(g, k.id);
        tlbh_l2_free(g, k.id);
        return;
    }
    if (e->stale) {   /* shot down while out (paging): every waiting L1 MSHR asks again */
        uint32_t w = e->head;
        e->head = NONE;
        tlbh_l2_free(g, k.id);
        while (w != NONE) {
            l1mshr_t m;
            w = tlbh_l2w_take(&g->tlb, w, &m);
            g->tlb.ff.rewalks++;
            tlbh_l2_access(g, m, 0);
        }
        return;
    }
    if (u->bypass_on && !e->token) {
        u->byp_fills++;
        xl_tlb_fill(&u->byp, e->asid, va, e->pa, g->page_shift, NULL);
    } else if (g->tlb.has_l2) {   /* (none: the waiting L1 TLBs are filled below) */
        if (u->on) {
            u->l2_fills++;
            /* [I] the fill invalidates the page in the bypass cache. It cannot be there:
             * lookups probe both and misses of a page merge, so a page is walked only while
             * in neither (counted; the generic TLB has no single-entry invalidate) */
            u->byp_dups += xl_tlb_probe(&u->byp, e->asid, va, NULL) != 0;
        }
        xl_tlb_fill(&g->tlb.l2, e->asid, va, e->pa, g->page_shift, NULL);
    }
    if (g->tlb.mk.track > 0)
        tok_dist_add(&u->c[e->app].l2_warps, e->warps, 1);
    uint32_t w = e->head;
    e->head = NONE;
    xl_pa_t frame = e->pa;
    while (w != NONE) {
        l1mshr_t m;
        w = tlbh_l2w_take(&g->tlb, w, &m);
        tlbh_l1_release(g, m, frame);
    }
    tlbh_l2_free(g, k.id);
}

uint64_t tlbh_shootdown(xl_sim_t *g, uint16_t asid, xl_va_t va)
{
    uint64_t n = 0;
    for (uint32_t c = 0; c < g->tlb.ncu; c++)
        n += (uint64_t)xl_tlb_inv(&g->tlb.l1[c].tlb, asid, va);
    if (g->tlb.has_l2)
        n += (uint64_t)xl_tlb_inv(&g->tlb.l2, asid, va);
    if (g->tlb.mk.on)
        n += (uint64_t)xl_tlb_inv(&g->tlb.mk.byp, asid, va);
    /* paging: a walk of the page in flight read what the host has just changed (an
     * eviction); its answer is stale, and its request walks again when it is back */
    if (ff_on(&g->tlb.ff)) {
        uint32_t b, k = mtab_find(&g->tlb.l2t, treq_key(asid, (va & XL_VA_MASK) >> g->page_shift), &b);
        if (k != NONE)
            treq_at(g->req, (treq_h){k})->stale = 1;
    }
    g->tlb.shootdowns++;
    g->tlb.shot += n;
    return n;
}

/* ------------------------------------------------------------------ creation */

int tlbh_init(tlbh_t *t, const xl_config_t *cfg, uint32_t ncu, uint32_t rpc, uint32_t slots,
              char *err, size_t errlen)
{
    int rc;
    xl_tlb_params_t p1 = {cfg->l1tlb.entries, cfg->l1tlb.ways, cfg->l1tlb.repl, cfg->l1tlb.index};
    xl_tlb_params_t p2 = {cfg->l2tlb.entries, cfg->l2tlb.ways, cfg->l2tlb.repl, cfg->l2tlb.index};
    t->ncu = ncu;
    t->l1_mshrs = cfg->l1tlb.mshrs;
    if (!(t->l1 = calloc(ncu, sizeof *t->l1)) ||
        !(t->mshr_cu = malloc((size_t)ncu * t->l1_mshrs * sizeof *t->mshr_cu)))
        goto nomem;
    for (uint32_t i = 0; i < ncu * t->l1_mshrs; i++)
        t->mshr_cu[i] = i / t->l1_mshrs;
    for (uint32_t c = 0; c < ncu; c++) {
        l1tlb_t *l1 = &t->l1[c];
        l1->m = calloc(cfg->l1tlb.mshrs, sizeof *l1->m);
        l1->w = calloc((size_t)rpc * XL_MAX_LANES, sizeof *l1->w);
        if (!l1->m || !l1->w || mtab_init(&l1->t, cfg->l1tlb.mshrs))
            goto nomem;
        for (uint32_t i = 0; i < rpc * XL_MAX_LANES; i++)
            l1->w[i].next = i + 1 < rpc * XL_MAX_LANES ? i + 1 : NONE;
        l1->w_free = 0;
        if ((rc = xl_tlb_init(&l1->tlb, &p1, "l1tlb", err, errlen)) != XL_OK)
            return rc;
    }
    t->has_l2 = cfg->l2tlb.entries != 0;
    if (t->has_l2 && (rc = xl_tlb_init(&t->l2, &p2, "l2tlb", err, errlen)) != XL_OK)
        return rc;
    if ((rc = tok_init(&t->mk, cfg, ncu, err, errlen)) != XL_OK)
        return rc;
    if ((rc = ff_init(&t->ff, cfg, ncu, err, errlen)) != XL_OK)
        return rc;
    uint32_t nl2w = ncu * cfg->l1tlb.mshrs;
    t->l2w = calloc(nl2w, sizeof *t->l2w);
    t->seen_epoch = calloc(slots, sizeof *t->seen_epoch);
    t->seen_uid = calloc(slots, sizeof *t->seen_uid);
    if (!t->l2w || !t->seen_epoch || !t->seen_uid || mtab_init(&t->l2t, cfg->l2tlb.mshrs))
        goto nomem;
    for (uint32_t i = 0; i < nl2w; i++)
        t->l2w[i].next = i + 1 < nl2w ? i + 1 : NONE;
    return XL_OK;
nomem:
    snprintf(err, errlen, "out of host memory");
    return XL_EINTERNAL;
}

void tlbh_free(tlbh_t *t)
{
    if (t->l1)
        for (uint32_t c = 0; c < t->ncu; c++) {
            l1tlb_t *l1 = &t->l1[c];
            free(l1->m);
            mtab_free_all(&l1->t);
            free(l1->w);
            fifo_free(&l1->retry);
            xl_tlb_free(&l1->tlb);
        }
    free(t->l1);
    free(t->mshr_cu);
    xl_tlb_free(&t->l2);
    tok_free(&t->mk);
    ff_free(&t->ff);
    mtab_free_all(&t->l2t);
    free(t->l2w);
    free(t->seen_epoch);
    free(t->seen_uid);
    fifo_free(&t->l2_retry);
}

/* ------------------------------------------------------------------ statistics */

void tlbh_stats(const xl_sim_t *g, xl_stats_t *s)
{
    uint64_t l1a = 0, l1h = 0, l1m = 0;
    for (uint32_t c = 0; c < g->tlb.ncu; c++) {
        l1a += g->tlb.l1[c].tlb.accesses;
        l1h += g->tlb.l1[c].tlb.hits;
        l1m += g->tlb.l1[c].tlb.misses;
    }
    xl_stats_value(s, "l1tlb.accesses", "L1 TLB lookups, all CUs", l1a);
    xl_stats_value(s, "l1tlb.hits", "L1 TLB hits, all CUs", l1h);
    xl_stats_value(s, "l1tlb.misses", "L1 TLB misses, all CUs", l1m);
    xl_stats_counter(s, "l1tlb.mshr_merges", "L1 TLB misses merged into an outstanding miss",
                     &g->tlb.l1_merges);
    xl_stats_counter(s, "l1tlb.mshr_full", "L1 TLB misses that waited for a free MSHR",
                     &g->tlb.l1_mshr_full);
    xl_stats_counter(s, "tlb.shootdowns", "page shootdowns (xl_sim_shootdown)", &g->tlb.shootdowns);
    xl_stats_counter(s, "tlb.shootdown_copies", "copies they dropped from the L1 and L2 TLBs", &g->tlb.shot);
    xl_stats_counter(s, "l2tlb.accesses", "L2 TLB lookups", &g->tlb.l2_acc);
    xl_stats_counter(s, "l2tlb.hits", "L2 TLB hits", &g->tlb.l2_hit);
    xl_stats_counter(s, "l2tlb.misses", "L2 TLB misses", &g->tlb.l2_miss);
    xl_stats_counter(s, "l2tlb.mshr_merges", "L2 TLB misses merged into an outstanding miss",
                     &g->tlb.l2_merges);
    xl_stats_counter(s, "l2tlb.mshr_full", "L2 TLB misses that waited for a free MSHR",
                     &g->tlb.l2_mshr_full);
    xl_stats_ratio(s, "l2tlb.wavefronts_per_epoch",
                   "distinct wavefronts per 1024 L2 TLB accesses, mean (ISCA'18 Fig 12)",
                   g->tlb.epoch_sum, g->tlb.epochs, 2);
    /* MASK (docs/papers/mask.md): with several applications, tokens or the Silver queues,
     * the per-application translation counters (Figs 5-7), the tokens' and the epoch's */
    unsigned napps = disp_napps(&g->disp);
    int epochs = g->cfg.mask.tokens || g->cfg.dram.sched == XL_DSCHED_GSN;
    if (napps > 1 || epochs) {
        uint64_t a1[TOK_MAX_APPS] = {0}, m1[TOK_MAX_APPS] = {0};
        for (uint32_t c = 0; c < g->tlb.ncu; c++) {
            a1[cu_app(&g->core, c)] += g->tlb.l1[c].tlb.accesses;
            m1[cu_app(&g->core, c)] += g->tlb.l1[c].tlb.misses;
        }
        tok_stats(&g->tlb.mk, napps, a1, m1, g->now, g->tlb.has_l2, s);
    }
    if (epochs)
        tok_epoch_stats(&g->tlb.mk, napps, s);
    ff_stats(g, s);
}

/* The watchdog's report: each miss queue's use and its waiting misses. */
void tlbh_waits(const xl_sim_t *g, FILE *f)
{
    for (uint32_t c = 0; c < g->tlb.ncu; c++)
        fprintf(f, "  cu %u: L1 TLB MSHRs %u/%u used, %u misses waiting for an MSHR\n", c,
                g->tlb.l1[c].t.used, g->tlb.l1[c].t.n, g->tlb.l1[c].retry.n);
    fprintf(f, "  L2 TLB MSHRs %u/%u used, %u misses waiting\n", g->tlb.l2t.used, g->tlb.l2t.n,
            g->tlb.l2_retry.n);
    ff_waits(g, f);
}

/* MASK's epoch unit (ASPLOS'18 §5.2, §5.4; docs/papers/mask.md "The epoch unit").
 * Phase 0, the boundary: each application's L2 TLB misses, lookups and warps of the
 * epoch become its new token count (tok_epoch_compute), the per-core counters restart;
 * the Silver inputs and quotas are computed (tok_silver). Phase 1, the commit
 * (mask.epoch_commit cycles later): the new token fractions take effect, bypassing is on
 * from the first commit, and the quotas go to the DRAM scheduler. */
void tlbh_epoch(xl_sim_t *g, unsigned phase)
{
    tok_unit_t *u = &g->tlb.mk;
    unsigned napps = disp_napps(&g->disp);
    if (phase == 0) {
        u->k++;
        if (u->on) {
            uint64_t m[TOK_MAX_APPS] = {0}, ac[TOK_MAX_APPS] = {0}, w[TOK_MAX_APPS] = {0};
            for (uint32_t c = 0; c < g->tlb.ncu; c++) {
                uint32_t a = cu_app(&g->core, c);
                m[a] += u->ctr[c].miss;
                ac[a] += (uint64_t)u->ctr[c].hit + u->ctr[c].miss;
                w[a] += cu_uniq(&g->core, c);
                u->ctr[c] = (tok_ctr_t){0, 0};
            }
            core_tok_epoch(&g->core);
            for (unsigned a = 0; a < napps; a++) {
                tok_app_t *p = &u->app[a];
                tok_epoch_compute(&u->p, u->k, m[a], ac[a], w[a], p);
                if (g->ev)
                    sys_evlog(g, "TOK_EPOCH k=%llu app=%u misses=%llu lookups=%llu warps=%u "
                              "tokens=%u frac=%u dir=%u", (unsigned long long)u->k, a,
                              (unsigned long long)m[a], (unsigned long long)ac[a], p->W, p->T,
                              p->f_new, p->dir);
            }
        }
        /* WarpsStalled of the MSHRs in use now: the snapshot, and where the next epoch's
         * high-water marks start */
        uint32_t ws[TOK_MAX_APPS] = {0};
        for (uint32_t k = 0; k < g->tlb.l2t.n; k++)
            if (!((g->tlb.l2t.freemap[k >> 6] >> (k & 63)) & 1u)) {
                const treq_t *e = treq_at(g->req, (treq_h){k});
                if (e->warps > ws[e->app])
                    ws[e->app] = e->warps;
            }
        tok_silver(u, g->cfg.mask.dsched_stat, ws, napps, g->cfg.dram.thresh_max);
        if (g->ev)
            for (unsigned a = 0; a < napps; a++)
                sys_evlog(g, "SILVER k=%llu app=%u conptw=%u warps_stalled=%u thresh=%u",
                          (unsigned long long)u->k, a, u->c[a].conptw, u->c[a].ws,
                          u->c[a].thresh);
        return;
    }
    if (u->on) {
        for (unsigned a = 0; a < napps; a++)
            u->app[a].f = u->app[a].f_new;
        u->bypass_on = 1;   /* fn 6: no bypassing before the first epoch's commit */
    }
    uint32_t th[TOK_MAX_APPS];
    for (unsigned a = 0; a < napps; a++)
        th[a] = u->c[a].thresh;
    xl_memsys_set_quota(g->mem, th, napps);
}
