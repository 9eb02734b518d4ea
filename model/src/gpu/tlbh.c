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
    if (g->cfg.translation.ideal) {
        xl_walk_t w;
        xl_pt_walk(g->pm, g->roots[asid], va, &w);
        PUSH(&g->q, t + 1, EV_L1_RESULT, h.id, w.pa & ~((UINT64_C(1) << w.page_shift) - 1));
        return;
    }
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
    if (!merged)
        PUSH(&g->q, t + g->cfg.l1tlb.hit_latency, EV_L2_ACCESS, l1mshr_of(&g->tlb, c, m).id, 0);
}

static void tlbh_l2_free(xl_sim_t *g, uint32_t m);
static void tlbh_l2_miss(xl_sim_t *g, l1mshr_t h, uint64_t t_known);

/* An L1 MSHR's request at the shared L2 TLB (ports per cycle, then hit latency). */
void tlbh_l2_access(xl_sim_t *g, l1mshr_t h, int reserved)
{
    uint32_t c = l1mshr_cu(&g->tlb, h), m = l1mshr_idx(&g->tlb, h);
    l1tlb_t *l1 = &g->tlb.l1[c];
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
    if (xl_tlb_lookup(&g->tlb.l2, cu_asid(&g->core, c), va, &pa)) {
        g->tlb.l2_hit++;
        PUSH(&g->q, g->now + lat, EV_L2_RESULT, h.id,
             pa & ~((UINT64_C(1) << g->page_shift) - 1));
        return;
    }
    g->tlb.l2_miss++;
    tlbh_l2_miss(g, h, g->now + lat);
}

/* An L2 TLB miss of L1 MSHR (c, m): merge into the MSHR of the same page, or take a
 * free one (its request crosses to the IOMMU once the miss is known, at t_known), or
 * wait for one in arrival order. */
static void tlbh_l2_miss(xl_sim_t *g, l1mshr_t h, uint64_t t_known)
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
            return;
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
    }
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
}

/* Fill the L1 TLB and hand the translation to every waiting page; retry waiting misses. */
void tlbh_l1_release(xl_sim_t *g, l1mshr_t h, xl_pa_t frame)
{
    uint32_t c = l1mshr_cu(&g->tlb, h), m = l1mshr_idx(&g->tlb, h);
    l1tlb_t *l1 = &g->tlb.l1[c];
    xl_va_t va = l1->m[m].vpn << g->page_shift;
    xl_tlb_fill(&l1->tlb, cu_asid(&g->core, c), va, frame, g->page_shift, NULL);
    uint32_t w = l1->m[m].head;
    mtab_release(&l1->t, m);
    while (w != NONE) {
        uint32_t nx = l1->w[w].next;
        preq_t req = l1->w[w].req;
        l1->w[w].next = l1->w_free;
        l1->w_free = w;
        cu_deliver(g, req, frame);
        w = nx;
    }
    /* a freed MSHR lets the oldest waiting miss of this CU try again */
    while (l1->retry.n && l1->t.used < l1->t.n) {
        uint32_t v = fifo_front(&l1->retry);
        fifo_pop(&l1->retry);
        tlbh_issue_page(g, (preq_t){v}, g->now, 1);
    }
}

static void tlbh_l2_free(xl_sim_t *g, uint32_t k)
{
    mtab_release(&g->tlb.l2t, k);
    /* the oldest miss waiting for an MSHR takes it; it was looked up (and counted) already,
     * so only a probe decides whether the page arrived meanwhile */
    while (g->tlb.l2_retry.n && g->tlb.l2t.used < g->tlb.l2t.n) {
        uint32_t v = fifo_front(&g->tlb.l2_retry);
        fifo_pop(&g->tlb.l2_retry);
        l1mshr_t h = {v};
        uint32_t c = l1mshr_cu(&g->tlb, h), m = l1mshr_idx(&g->tlb, h);
        xl_pa_t pa;
        if (xl_tlb_probe(&g->tlb.l2, cu_asid(&g->core, c), g->tlb.l1[c].m[m].vpn << g->page_shift,
                         &pa))
            PUSH(&g->q, g->now, EV_L2_RESULT, v, pa & ~((UINT64_C(1) << g->page_shift) - 1));
        else
            tlbh_l2_miss(g, h, g->now);
    }
}

/* Step 9: the translation is back at the GPU: fill the L2 TLB, then every waiting L1. */
void tlbh_gpu_resp(xl_sim_t *g, treq_h k)
{
    treq_t *e = treq_at(g->req, k);
    xl_tlb_fill(&g->tlb.l2, e->asid, e->vpn << g->page_shift, e->pa, g->page_shift, NULL);
    uint32_t w = e->head;
    e->head = NONE;
    xl_pa_t frame = e->pa;
    while (w != NONE) {
        uint32_t nx = g->tlb.l2w[w].next;
        l1mshr_t m = g->tlb.l2w[w].mshr;
        g->tlb.l2w[w].next = g->tlb.l2w_free;
        g->tlb.l2w_free = w;
        tlbh_l1_release(g, m, frame);
        w = nx;
    }
    tlbh_l2_free(g, k.id);
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
    if ((rc = xl_tlb_init(&t->l2, &p2, "l2tlb", err, errlen)) != XL_OK)
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
}

/* The watchdog's report: each miss queue's use and its waiting misses. */
void tlbh_waits(const xl_sim_t *g, FILE *f)
{
    for (uint32_t c = 0; c < g->tlb.ncu; c++)
        fprintf(f, "  cu %u: L1 TLB MSHRs %u/%u used, %u misses waiting for an MSHR\n", c,
                g->tlb.l1[c].t.used, g->tlb.l1[c].t.n, g->tlb.l1[c].retry.n);
    fprintf(f, "  L2 TLB MSHRs %u/%u used, %u misses waiting\n", g->tlb.l2t.used, g->tlb.l2t.n,
            g->tlb.l2_retry.n);
}

void tlbh_epoch(xl_sim_t *g, unsigned phase)
{
    (void)g;
    (void)phase;   /* the token and Silver-quota epoch algorithm: in progress */
}
