/*
 * farfault.c - far-faults of paged GPU memory at the GPU's side (farfault.h; HPCA'16 §3.1
 * blocking far-faults, §3.2 replayable far-faults with Nack-Replayable and F far-fault
 * MSHRs per CU; docs/papers/paged-memory.md).
 */
#include <stdlib.h>
#include <string.h>

#include "sys/system.h"

int ff_init(ff_t *f, const xl_config_t *cfg, uint32_t ncu, char *err, size_t errlen)
{
    memset(f, 0, sizeof *f);
    f->mode = cfg->paging.mode;
    f->policy = cfg->paging.untracked;
    f->F = cfg->paging.ff_per_cu;
    f->ncu = ncu;
    f->l1_mshrs = cfg->l1tlb.mshrs;
    if (!ff_on(f))
        return XL_OK;
    uint32_t n = ncu * f->l1_mshrs;   /* a CU cannot wait on more pages than its MSHRs */
    f->st = calloc(n, sizeof *f->st);
    f->occ = calloc(ncu, sizeof *f->occ);
    f->inflight = calloc(ncu, sizeof *f->inflight);
    f->untracked = calloc(ncu, sizeof *f->untracked);
    f->blockq = calloc(ncu, sizeof *f->blockq);
    f->blocked_since = malloc(ncu * sizeof *f->blocked_since);
    f->e = calloc(n, sizeof *f->e);
    if (!f->st || !f->occ || !f->inflight || !f->untracked || !f->blockq ||
        !f->blocked_since || !f->e || mtab_init(&f->t, n)) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    for (uint32_t c = 0; c < ncu; c++)
        f->blocked_since[c] = UINT64_MAX;
    return XL_OK;
}

void ff_free(ff_t *f)
{
    if (f->untracked)
        for (uint32_t c = 0; c < f->ncu; c++) {
            fifo_free(&f->untracked[c]);
            fifo_free(&f->blockq[c]);
        }
    if (f->e)
        mtab_free_all(&f->t);
    free(f->st);
    free(f->occ);
    free(f->inflight);
    free(f->untracked);
    free(f->blockq);
    free(f->blocked_since);
    free(f->e);
    memset(f, 0, sizeof *f);
}

/* The translation of L1 MSHR id goes back to the shared L2 TLB (and, on a miss, to a
 * walk): HPCA'16's "replay ... handled locally a second time". */
static void ff_send(xl_sim_t *g, uint32_t id)
{
    tlbh_l2_access(g, (l1mshr_t){id}, 0);
}

/* The TLB replays dropped far-faults of CU c while its tracked ones plus such replays
 * in flight stay below F (all: every queued one, paging.untracked = replay_all). */
static void ff_pump(xl_sim_t *g, uint32_t c, int all)
{
    ff_t *f = &g->tlb.ff;
    while (f->untracked[c].n && (all || f->occ[c] + f->inflight[c] < f->F)) {
        uint32_t id = fifo_front(&f->untracked[c]);
        fifo_pop(&f->untracked[c]);
        f->st[id] = FF_REPLAY;
        f->inflight[c]++;
        f->untracked_replays++;
        ff_send(g, id);
    }
}

/* One L1 MSHR of translation request e Nacked Replayable. */
static void ff_nack_one(xl_sim_t *g, const treq_t *e, l1mshr_t h)
{
    ff_t *f = &g->tlb.ff;
    uint32_t c = l1mshr_cu(&g->tlb, h);
    f->nacks++;
    if (f->st[h.id] == FF_REPLAY)
        f->inflight[c]--;
    if (f->mode == XL_PAGING_REPLAY && f->occ[c] >= f->F) {
        /* dropped at the GMMU: no MSHR, no record; the TLB counts the Nack as untracked */
        f->st[h.id] = FF_UNTRACKED;
        f->dropped++;
        FPUSH(&f->untracked[c], h.id);
    } else {
        uint64_t key = treq_key(e->asid, e->vpn);
        uint32_t b, i = mtab_find(&f->t, key, &b);
        if (i == NONE) {
            i = mtab_alloc(&f->t, key, b);   /* cannot fail: one per MSHR at most */
            f->e[i].cus = 0;
            f->e[i].t_alloc = g->now;
            f->records++;
            if (f->t.used > f->occ_peak)
                f->occ_peak = f->t.used;
            if (g->host.far_fault)
                g->host.far_fault(g->host.ctx, e->asid, e->vpn << g->page_shift, c, g->now);
            if (g->ev)
                sys_evlog(g, "FAR_FAULT cu=%u va=0x%llx asid=%u", c,
                          (unsigned long long)(e->vpn << g->page_shift), e->asid);
        } else {
            f->merged_cus++;
        }
        f->e[i].cus |= UINT64_C(1) << c;
        f->occ[c]++;
        f->st[h.id] = FF_TRACKED;
        if (f->mode == XL_PAGING_BLOCKING && f->blocked_since[c] == UINT64_MAX)
            f->blocked_since[c] = g->now;
    }
    if (f->mode == XL_PAGING_REPLAY && f->policy == XL_PGU_FREE_SLOT)
        ff_pump(g, c, 0);
}

void ff_nack(xl_sim_t *g, uint32_t k)
{
    treq_t *e = treq_at(g->req, (treq_h){k});
    uint32_t w = e->head;
    e->head = NONE;
    while (w != NONE) {
        l1mshr_t h;
        w = tlbh_l2w_take(&g->tlb, w, &h);
        ff_nack_one(g, e, h);
    }
}

/* Blocking: CU c's last far-fault is resolved: its TLB takes lookups again, the held
 * page requests first, in order, until one of them blocks it anew. */
static void ff_unblock(xl_sim_t *g, uint32_t c)
{
    ff_t *f = &g->tlb.ff;
    f->blocked_cycles += g->now - f->blocked_since[c];
    f->blocked_since[c] = UINT64_MAX;
    while (f->blockq[c].n && f->blocked_since[c] == UINT64_MAX) {
        uint32_t v = fifo_front(&f->blockq[c]);
        fifo_pop(&f->blockq[c]);
        tlbh_issue_page(g, (preq_t){v & 0x7FFFFFFFu}, g->now, (int)(v >> 31));
    }
}

uint32_t ff_resident(xl_sim_t *g, uint16_t asid, uint64_t vpn)
{
    ff_t *f = &g->tlb.ff;
    uint32_t b, i = mtab_find(&f->t, treq_key(asid, vpn), &b), n = 0;
    if (i == NONE)
        return 0;   /* nothing waited: a prefetched page, or one already replayed */
    uint64_t cus = f->e[i].cus, lat = g->now - f->e[i].t_alloc;
    mtab_release(&f->t, i);
    f->resident_calls++;
    f->lat_sum += lat;
    if (lat > f->lat_max)
        f->lat_max = lat;
    for (uint32_t c = 0; c < f->ncu; c++) {
        if (!(cus >> c & 1u))
            continue;
        l1tlb_t *l1 = &g->tlb.l1[c];
        uint32_t bb, m = mtab_find(&l1->t, vpn, &bb);
        f->occ[c]--;
        n++;
        if (m != NONE && cu_asid(&g->core, c) == asid) {
            l1mshr_t h = l1mshr_of(&g->tlb, c, m);
            f->st[h.id] = FF_WALK;
            f->replays++;
            ff_send(g, h.id);
        }
        if (f->mode == XL_PAGING_BLOCKING) {
            if (f->occ[c] == 0)
                ff_unblock(g, c);
        } else {
            ff_pump(g, c, f->policy == XL_PGU_REPLAY_ALL);
        }
    }
    return n;
}

void ff_answered(xl_sim_t *g, uint32_t id)
{
    ff_t *f = &g->tlb.ff;
    if (f->st[id] != FF_REPLAY)
        return;
    uint32_t c = l1mshr_cu(&g->tlb, (l1mshr_t){id});
    f->st[id] = FF_WALK;
    f->inflight[c]--;
    if (f->policy == XL_PGU_FREE_SLOT)
        ff_pump(g, c, 0);
}

int ff_hold(xl_sim_t *g, uint32_t c, uint32_t p)
{
    ff_t *f = &g->tlb.ff;
    if (f->mode != XL_PAGING_BLOCKING || f->blocked_since[c] == UINT64_MAX)
        return 0;
    FPUSH(&f->blockq[c], p);
    return 1;
}

void ff_stats(const xl_sim_t *g, xl_stats_t *s)
{
    const ff_t *f = &g->tlb.ff;
    if (!ff_on(f))
        return;
    xl_stats_value(s, "paging.far_faults", "far-fault MSHRs taken: records in the fault buffer for the host", f->records);
    xl_stats_value(s, "paging.nacks", "L1 TLB MSHRs Nacked (tracked or dropped)", f->nacks);
    xl_stats_value(s, "paging.nacks_merged", "tracked Nacks that joined another CU's far-fault MSHR of the page", f->merged_cus);
    xl_stats_value(s, "paging.dropped", "Nacks beyond paging.ff_per_cu: untracked, replayed by the TLB", f->dropped);
    xl_stats_value(s, "paging.replays", "tracked MSHRs replayed when their page became resident", f->replays);
    xl_stats_value(s, "paging.untracked_replays", "untracked MSHRs the TLB replayed itself", f->untracked_replays);
    xl_stats_value(s, "paging.resolved", "far-fault MSHRs resolved by xl_sim_page_resident", f->resident_calls);
    xl_stats_ratio(s, "paging.ff_latency_avg", "far-fault MSHR taken to page resident, mean GPU cycles",
                   f->lat_sum, f->resident_calls, 1);
    xl_stats_value(s, "paging.ff_latency_max", "far-fault MSHR taken to page resident, most GPU cycles", f->lat_max);
    xl_stats_value(s, "paging.ff_peak", "most far-fault MSHRs taken at once, all CUs", f->occ_peak);
    xl_stats_value(s, "paging.rewalks", "L1 MSHRs that asked again: their walk was shot down while out (an eviction)", f->rewalks);
    xl_stats_value(s, "paging.blocked_cycles", "blocking: CU cycles with the L1 TLB stopped by a far-fault, summed over CUs", f->blocked_cycles);
}

void ff_waits(const xl_sim_t *g, FILE *out)
{
    const ff_t *f = &g->tlb.ff;
    if (!ff_on(f))
        return;
    fprintf(out, "  far-faults: %u far-fault MSHRs wait for the host (xl_sim_page_resident)\n",
            f->t.used);
    for (uint32_t c = 0; c < f->ncu; c++)
        if (f->occ[c] || f->untracked[c].n || f->inflight[c] || f->blockq[c].n)
            fprintf(out, "    CU %u: %u tracked, %u untracked queued, %u replays in flight, "
                    "%u page requests held%s\n", c, f->occ[c], f->untracked[c].n,
                    f->inflight[c], f->blockq[c].n,
                    f->blocked_since[c] != UINT64_MAX ? " (TLB blocked)" : "");
}
