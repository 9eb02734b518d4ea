/*
 * uvm.c - the paging runtime's engine (HPCA'16 §3 fault handling, §4.1 demand-prioritized
 * transfer sets, §5 the oversubscribed warm-up; docs/papers/paged-memory.md): parameters,
 * the page table of the runtime (each page CPU, INFLIGHT or GPU), the fault buffer and its
 * interrupt, the drain, the interval close that builds and issues a set, arrivals, and the
 * counters. The API and the order of a time step are in sw/include/xlat/uvm.h; the
 * policies are in uvm_pf.c, frames and eviction in uvm_evict.c, the link in uvm_link.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "uvm_int.h"

xl_uvm_params_t xl_uvm_defaults(void)
{
    xl_uvm_params_t p;
    memset(&p, 0, sizeof p);
    p.engine = XL_UVM_SETS;
    p.l_ff = 28000;      /* 20 us at 1.4 GHz (HPCA'16 §2, Table 1) */
    p.t_page = 350;      /* 4 KB at 16 GB/s, 250 ns */
    p.t_int = 28000;     /* 20 us (§4.1) */
    p.set_pages = 80;    /* 16 GB/s x 20 us / 4 KB (§4.1) */
    p.prefetch = XL_UPF_NONE;
    p.window = 128;      /* §4.2 */
    p.anchor = XL_UANC_LAST_ARRIVED;
    p.random = XL_URND_PERMUTATION;
    p.evict = XL_UEV_LRU;
    p.writeback = XL_UWB_ALWAYS;
    p.oversub_prefetch = XL_UOSPF_LOCALITY;
    p.warmup = 1;
    p.seed = 1;
    return p;
}

static int bad(char *err, size_t errlen, const char *fmt, ...)
{
    if (err && errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errlen, fmt, ap);
        va_end(ap);
    }
    return XL_EINPUT;
}

static int cmp_range(const void *a, const void *b)
{
    const xl_uvm_range_t *x = a, *y = b;
    return x->vpn0 < y->vpn0 ? -1 : x->vpn0 > y->vpn0;
}

static const char *const pf_names[] = {"none", "random", "sequential", "locality", "oracle"};

static int check_params(const xl_uvm_params_t *p, char *err, size_t errlen)
{
    if ((unsigned)p->engine > XL_UVM_SETS)
        return bad(err, errlen, "uvm: engine %u is neither drain (0) nor sets (1)", (unsigned)p->engine);
    if ((unsigned)p->prefetch > XL_UPF_ORACLE)
        return bad(err, errlen, "uvm: prefetch %u is not none, random, sequential, locality or oracle (0-4)", (unsigned)p->prefetch);
    if ((unsigned)p->anchor > XL_UANC_EACH_DEMAND)
        return bad(err, errlen, "uvm: anchor %u is not last_arrived, last_in_set or each_demand_page (0-2)", (unsigned)p->anchor);
    if ((unsigned)p->random > XL_URND_REPLACEMENT)
        return bad(err, errlen, "uvm: random mode %u is not permutation or replacement (0-1)", (unsigned)p->random);
    if ((unsigned)p->evict > XL_UEV_RANDOM)
        return bad(err, errlen, "uvm: evict %u is not lru or random (0-1)", (unsigned)p->evict);
    if ((unsigned)p->writeback > XL_UWB_NONE)
        return bad(err, errlen, "uvm: writeback %u is not always, dirty_only or none (0-2)", (unsigned)p->writeback);
    if ((unsigned)p->oversub_prefetch > XL_UOSPF_LOCALITY)
        return bad(err, errlen, "uvm: oversub_prefetch %u is not off or locality (0-1)", (unsigned)p->oversub_prefetch);
    if (p->t_page == 0)
        return bad(err, errlen, "uvm: t_page is 0; a page needs at least 1 cycle on the link");
    if (p->engine == XL_UVM_SETS && p->t_int == 0)
        return bad(err, errlen, "uvm: t_int is 0; the transfer-set interval needs at least 1 cycle");
    if (p->engine == XL_UVM_SETS && p->set_pages == 0)
        return bad(err, errlen, "uvm: set_pages is 0; a transfer set holds at least 1 page");
    if (p->engine == XL_UVM_DRAIN && p->prefetch != XL_UPF_NONE)
        return bad(err, errlen, "uvm: prefetch %s needs engine sets (HPCA'16 §4.1: prefetches fill transfer sets)", pf_names[p->prefetch]);
    if (p->window == 0 && (p->prefetch == XL_UPF_LOCALITY || p->oversub_prefetch == XL_UOSPF_LOCALITY))
        return bad(err, errlen, "uvm: window is 0; the locality prefetcher needs at least 1 page");
    if (p->n_oracle && !p->oracle)
        return bad(err, errlen, "uvm: n_oracle is %zu but the oracle list is NULL", p->n_oracle);
    return XL_OK;
}

int64_t uvm_page_index(const xl_uvm_t *rt, uint64_t vpn)
{
    size_t lo = 0, hi = rt->nranges;   /* the last range with vpn0 <= vpn */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (rt->rvpn0[mid] <= vpn)
            lo = mid;
        else
            hi = mid;
    }
    if (vpn < rt->rvpn0[lo])
        return -1;
    uint64_t off = vpn - rt->rvpn0[lo];
    uint64_t pages = (uint64_t)rt->rfirst[lo + 1] - rt->rfirst[lo];
    return off < pages ? (int64_t)(rt->rfirst[lo] + off) : -1;
}

/* The prefetcher in force now: the policy, the source its pages are counted under, and
 * whether locality falls back to the sequential cursor. */
static xl_uvm_prefetch_t cur_policy(const xl_uvm_t *rt, uint8_t *src, int *fallback)
{
    static const uint8_t srcs[] = {XL_USRC_DEMAND, XL_USRC_RANDOM, XL_USRC_SEQUENTIAL,
                                   XL_USRC_LOCALITY, XL_USRC_ORACLE};
    *fallback = 1;
    if (rt->oversub) {
        if (rt->warm) {
            *src = XL_USRC_WARMUP;
            return XL_UPF_ORACLE;
        }
        *src = XL_USRC_LOCALITY;
        *fallback = (int)rt->p.oversub_seq_fallback;
        return rt->p.oversub_prefetch == XL_UOSPF_LOCALITY ? XL_UPF_LOCALITY : XL_UPF_NONE;
    }
    *src = srcs[rt->p.prefetch];
    return rt->p.prefetch;
}

static int pf_active(const xl_uvm_t *rt)
{
    uint8_t src;
    int fb;
    return rt->p.engine == XL_UVM_SETS && cur_policy(rt, &src, &fb) != XL_UPF_NONE && !rt->pf_idle;
}

int xl_uvm_init(xl_uvm_t *rt, const xl_uvm_params_t *p, const xl_uvm_range_t *ranges,
                size_t n, char *err, size_t errlen)
{
    memset(rt, 0, sizeof *rt);
    if (err && errlen)
        err[0] = 0;
    if (!p)
        return bad(err, errlen, "uvm: no parameters");
    int rc = check_params(p, err, errlen);
    if (rc)
        return rc;
    if (!n || !ranges)
        return bad(err, errlen, "uvm: no ranges; the runtime needs the workload's allocated pages");
    rt->p = *p;
    xl_uvm_range_t *r = malloc(n * sizeof *r);
    if (!r)
        return bad(err, errlen, "uvm: out of memory"), XL_EINTERNAL;
    memcpy(r, ranges, n * sizeof *r);
    qsort(r, n, sizeof *r, cmp_range);   /* vpn0 are distinct once checked, so any sort agrees */
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        if (r[i].pages == 0) {
            rc = bad(err, errlen, "uvm: the range at VPN 0x%llx has 0 pages", (unsigned long long)r[i].vpn0);
            break;
        }
        if (r[i].vpn0 + r[i].pages < r[i].vpn0) {
            rc = bad(err, errlen, "uvm: the range at VPN 0x%llx of %llu pages runs past the VPN space",
                     (unsigned long long)r[i].vpn0, (unsigned long long)r[i].pages);
            break;
        }
        if (i && r[i - 1].vpn0 + r[i - 1].pages > r[i].vpn0) {
            rc = bad(err, errlen, "uvm: the ranges at VPN 0x%llx and 0x%llx overlap",
                     (unsigned long long)r[i - 1].vpn0, (unsigned long long)r[i].vpn0);
            break;
        }
        total += r[i].pages;
        if (total >= UINT32_MAX) {
            rc = bad(err, errlen, "uvm: %llu pages or more; the runtime holds at most 2^32 - 2",
                     (unsigned long long)total);
            break;
        }
    }
    if (rc) {
        free(r);
        return rc;
    }
    size_t np = (size_t)total;
    rt->npages = np;
    rt->nranges = n;
    rt->nframes = p->capacity == 0 ? 0 : (p->capacity < np ? p->capacity : np);
    rt->oversub = p->capacity != 0 && p->capacity < np;
    if (rt->oversub && p->engine == XL_UVM_DRAIN) {
        free(r);
        return bad(err, errlen, "uvm: capacity %llu below the footprint's %zu pages needs engine sets (HPCA'16 §5 runs on the §4 engine)",
                   (unsigned long long)p->capacity, np);
    }
    int need_oracle = (!rt->oversub && p->engine == XL_UVM_SETS && p->prefetch == XL_UPF_ORACLE) ||
                      (rt->oversub && p->warmup);
    if (need_oracle && !p->n_oracle) {
        free(r);
        return bad(err, errlen, rt->oversub ? "uvm: the warm-up of an oversubscribed run needs the oracle's first-touch list (or warmup = 0)"
                                            : "uvm: prefetch oracle needs the first-touch list (oracle, n_oracle)");
    }
    rt->rvpn0 = malloc(n * sizeof *rt->rvpn0);
    rt->rfirst = malloc((n + 1) * sizeof *rt->rfirst);
    rt->vpn = malloc(np * sizeof *rt->vpn);
    rt->loc = calloc(np, 1);
    rt->src = calloc(np, 1);
    rt->dirty = calloc(np, 1);
    rt->touched = calloc(np, 1);
    rt->was_evicted = calloc(np, 1);
    rt->frame = calloc(np, sizeof *rt->frame);
    rt->last_access = calloc(np, sizeof *rt->last_access);
    rt->set_mark = calloc(np, sizeof *rt->set_mark);
    rt->set = malloc((size_t)p->set_pages * sizeof *rt->set + sizeof *rt->set);
    rt->set_src = malloc((size_t)p->set_pages + 1);
    rt->oracle_idx = malloc((p->n_oracle + 1) * sizeof *rt->oracle_idx);
    if (!rt->rvpn0 || !rt->rfirst || !rt->vpn || !rt->loc || !rt->src || !rt->dirty ||
        !rt->touched || !rt->was_evicted || !rt->frame || !rt->last_access || !rt->set_mark ||
        !rt->set || !rt->set_src || !rt->oracle_idx || uvm_frames_init(rt)) {
        free(r);
        xl_uvm_free(rt);
        return bad(err, errlen, "uvm: out of memory"), XL_EINTERNAL;
    }
    uint32_t k = 0;
    for (size_t i = 0; i < n; i++) {
        rt->rvpn0[i] = r[i].vpn0;
        rt->rfirst[i] = k;
        for (uint64_t j = 0; j < r[i].pages; j++)
            rt->vpn[k++] = r[i].vpn0 + j;
    }
    rt->rfirst[n] = k;
    free(r);
    for (size_t i = 0; i < p->n_oracle; i++) {
        int64_t idx = uvm_page_index(rt, p->oracle[i]);
        if (idx < 0) {
            xl_uvm_free(rt);
            return bad(err, errlen, "uvm: oracle entry %zu, VPN 0x%llx, is in no range", i,
                       (unsigned long long)p->oracle[i]);
        }
        rt->oracle_idx[i] = (uint32_t)idx;
    }
    rt->n_oracle = p->n_oracle;
    rt->p.oracle = NULL;   /* copied; the caller's list need not outlive init */
    xl_rng_derive(&rt->rng_pf, p->seed, 1);
    xl_rng_derive(&rt->rng_ev, p->seed, 2);
    rc = uvm_pf_init(rt, err, errlen);
    if (rc) {
        xl_uvm_free(rt);
        return bad(err, errlen, "uvm: out of memory"), XL_EINTERNAL;
    }
    rt->warm = rt->oversub && p->warmup;
    rt->close_at = pf_active(rt) ? p->t_int : UINT64_MAX;   /* prefetch runs from the first close */
    return XL_OK;
}

void xl_uvm_free(xl_uvm_t *rt)
{
    void *ptrs[] = {rt->rvpn0, rt->rfirst, rt->vpn, rt->loc, rt->src, rt->dirty, rt->touched,
                    rt->was_evicted, rt->frame, rt->last_access, rt->set_mark, rt->lru_prev,
                    rt->lru_next, rt->frame_page, rt->frame_free_at, rt->fenwick, rt->set,
                    rt->set_src, rt->perm, rt->oracle_idx};
    for (size_t i = 0; i < sizeof ptrs / sizeof ptrs[0]; i++)
        free(ptrs[i]);
    uvm_q_free(&rt->fbuf);
    uvm_q_free(&rt->demand);
    uvm_q_free(&rt->h2d);
    uvm_q_free(&rt->d2h);
    memset(rt, 0, sizeof *rt);
}

int xl_uvm_fault(xl_uvm_t *rt, uint64_t vpn, uint32_t cu, uint64_t now)
{
    int64_t i = uvm_page_index(rt, vpn);
    if (i < 0)
        return XL_EINPUT;
    if (uvm_q_push(&rt->fbuf, (uint64_t)i | (uint64_t)cu << 32, now))
        return XL_EINTERNAL;
    rt->c.faults++;
    if (!rt->irq_pending) {   /* one interrupt while none is pending (HPCA'16 §3) */
        rt->irq_pending = 1;
        rt->irq_at = now + rt->p.drain_delay;
        rt->c.interrupts++;
    }
    return XL_OK;
}

int xl_uvm_touch(xl_uvm_t *rt, uint64_t vpn, uint64_t now, int is_write)
{
    int64_t i = uvm_page_index(rt, vpn);
    if (i < 0 || rt->loc[i] != XL_ULOC_GPU)
        return XL_EINPUT;
    uint32_t p = (uint32_t)i;
    if (!rt->touched[p]) {
        rt->touched[p] = 1;
        if (rt->src[p] != XL_USRC_DEMAND) {
            rt->c.pf_used++;
            rt->c.pf_untouched--;
        }
    }
    if (is_write)
        rt->dirty[p] = 1;
    uvm_lru_touch(rt, p, now);
    return XL_OK;
}

uint64_t xl_uvm_next_event(const xl_uvm_t *rt)
{
    uint64_t t = rt->close_at, c;
    if (rt->irq_pending && rt->irq_at < t)
        t = rt->irq_at;
    if (rt->h2d.n) {
        uvm_q_front(&rt->h2d, NULL, &c);
        if (c < t)
            t = c;
    }
    if (rt->d2h.n) {
        uvm_q_front(&rt->d2h, NULL, &c);
        if (c < t)
            t = c;
    }
    return t;
}

/* Reserve a frame (evicting at t_decide if none is free) and put the page on the link at
 * t_issue. */
static void issue_page(xl_uvm_t *rt, uint32_t page, uint8_t src, uint64_t t_decide,
                       uint64_t t_issue, const xl_uvm_cb_t *cb)
{
    uint32_t f = uvm_reserve_frame(rt, t_decide, cb);
    rt->frame[page] = f;
    if (rt->nframes)
        rt->frame_page[f] = page;
    rt->loc[page] = XL_ULOC_INFLIGHT;
    rt->n_inflight++;
    rt->src[page] = src;
    rt->c.pages[src]++;
    rt->c.h2d_pages++;
    if (rt->was_evicted[page])
        rt->c.refetches++;
    uvm_h2d_issue(rt, page, f, t_issue);
}

/* The first close at or after t, after the last one done. */
static uint64_t close_after(const xl_uvm_t *rt, uint64_t t)
{
    uint64_t T = rt->p.t_int, k = (t + T - 1) / T;
    uint64_t c = (k ? k : 1) * T;
    return c > rt->last_close ? c : rt->last_close + T;
}

static void drain(xl_uvm_t *rt, uint64_t t, const xl_uvm_cb_t *cb)
{
    rt->irq_pending = 0;
    while (rt->fbuf.n) {
        uint64_t a, rec_t;
        uvm_q_front(&rt->fbuf, &a, &rec_t);
        if (rec_t > t)
            break;
        uvm_q_pop(&rt->fbuf);
        uint32_t p = (uint32_t)(a & 0xFFFFFFFFu);
        if (rt->p.anchor == XL_UANC_LAST_ARRIVED)
            rt->anchor = p;   /* the last far-faulting page to reach the runtime */
        rt->pf_idle = 0;      /* a new anchor: the prefetcher may find candidates again */
        if (rt->loc[p] != XL_ULOC_CPU) {
            rt->c.faults_dropped++;
            continue;
        }
        if (rt->p.engine == XL_UVM_DRAIN)
            issue_page(rt, p, XL_USRC_DEMAND, t, t, cb);   /* §3: at the drain, in buffer order */
        else if (uvm_q_push(&rt->demand, p, 0))
            abort();   /* out of memory mid-run */
    }
    if (rt->fbuf.n) {   /* records stamped later than t: their own interrupt */
        uint64_t rec_t;
        uvm_q_front(&rt->fbuf, NULL, &rec_t);
        rt->irq_pending = 1;
        rt->irq_at = rec_t + rt->p.drain_delay;
        rt->c.interrupts++;
    }
    if (rt->close_at == UINT64_MAX && (rt->demand.n || pf_active(rt)))
        rt->close_at = close_after(rt, t);
}

static void interval_close(xl_uvm_t *rt, uint64_t t, const xl_uvm_cb_t *cb)
{
    rt->last_close = t;
    rt->close_at = UINT64_MAX;
    rt->c.closes++;
    rt->set_id++;
    rt->set_n = 0;
    uint64_t room = rt->p.set_pages, avail = uvm_frames_available(rt);
    if (avail < room)
        room = avail;   /* never more pages than frames that can be had */
    /* 1. demand pages, first in first out, each once; the rest wait (carry-over) */
    while (rt->set_n < room && rt->demand.n) {
        uint64_t a;
        uvm_q_front(&rt->demand, &a, NULL);
        uvm_q_pop(&rt->demand);
        if (uvm_eligible(rt, (uint32_t)a))
            uvm_set_add(rt, (uint32_t)a, XL_USRC_DEMAND);
    }
    rt->c.carryover += rt->demand.n;
    uint32_t ndemand = rt->set_n;
    /* 2. prefetches, only into the room demand left */
    uint8_t src;
    int fallback;
    xl_uvm_prefetch_t pol = cur_policy(rt, &src, &fallback);
    uint64_t need = room - rt->set_n;
    if (rt->warm) {   /* §5: the warm-up's set is cut so memory is not overfilled */
        uint64_t held = rt->n_gpu + rt->n_inflight + rt->set_n;
        uint64_t cut = rt->nframes > held ? rt->nframes - held : 0;
        if (cut < need)
            need = cut;
    }
    if (pol != XL_UPF_NONE && need)
        rt->pf_idle = uvm_pf_fill(rt, pol, (uint32_t)need, src, fallback) == 0;
    if (rt->p.anchor != XL_UANC_LAST_ARRIVED && ndemand)
        rt->anchor = rt->set[ndemand - 1];
    if (rt->warm && rt->n_gpu + rt->n_inflight + rt->set_n >= rt->nframes) {
        rt->warm = 0;   /* full: later closes use the policy under test */
        rt->c.warmup_end = t;
        rt->pf_idle = 0;
    }
    /* 3. frames (evicting), then the set on the link, demand first */
    uint64_t ev = rt->c.evictions;
    if (rt->set_n) {
        rt->c.sets++;
        for (uint32_t k = 0; k < rt->set_n; k++)
            issue_page(rt, rt->set[k], rt->set_src[k], t, t + rt->p.t_select, cb);
    }
    if (rt->c.evictions != ev)
        rt->pf_idle = 0;   /* pages went back to the CPU: candidates again */
    rt->set_id++;          /* the set is issued; no page is "in S" any more */
    if (rt->demand.n || pf_active(rt))
        rt->close_at = t + rt->p.t_int;
}

void xl_uvm_advance(xl_uvm_t *rt, uint64_t now, const xl_uvm_cb_t *cb)
{
    for (;;) {
        uint64_t t = xl_uvm_next_event(rt);
        if (t > now)
            break;
        uint64_t a, c;
        while (rt->h2d.n) {   /* 1. arrivals */
            uvm_q_front(&rt->h2d, &a, &c);
            if (c > t)
                break;
            uvm_q_pop(&rt->h2d);
            uint32_t p = (uint32_t)(a & 0xFFFFFFFFu), f = (uint32_t)(a >> 32);
            uvm_resident(rt, p, c);
            if (cb && cb->page_arrived)
                cb->page_arrived(cb->ctx, rt->vpn[p], f, c);
        }
        while (rt->d2h.n) {   /* 2. write-backs done */
            uvm_q_front(&rt->d2h, &a, &c);
            if (c > t)
                break;
            uvm_q_pop(&rt->d2h);
            if (cb && cb->writeback_done)
                cb->writeback_done(cb->ctx, rt->vpn[a & 0xFFFFFFFFu], (uint32_t)(a >> 32), c);
        }
        if (rt->irq_pending && rt->irq_at <= t)   /* 3. the interrupt */
            drain(rt, t, cb);
        if (rt->close_at <= t)                    /* 4. the interval close */
            interval_close(rt, t, cb);
    }
}

int xl_uvm_page_state(const xl_uvm_t *rt, uint64_t vpn, uint32_t *frame)
{
    int64_t i = uvm_page_index(rt, vpn);
    if (i < 0)
        return -1;
    if (frame && rt->loc[i] != XL_ULOC_CPU)
        *frame = rt->frame[i];
    return rt->loc[i];
}

void xl_uvm_stats(xl_uvm_t *rt, xl_stats_t *s)
{
    xl_uvm_counters_t *c = &rt->c;
    xl_stats_counter(s, "uvm.faults", "fault records received by the runtime", &c->faults);
    xl_stats_counter(s, "uvm.faults_dropped", "records drained for a page no longer CPU-resident", &c->faults_dropped);
    xl_stats_counter(s, "uvm.interrupts", "fault-buffer interrupts (one drain each)", &c->interrupts);
    xl_stats_counter(s, "uvm.closes", "interval closes with work", &c->closes);
    xl_stats_counter(s, "uvm.sets", "transfer sets issued", &c->sets);
    xl_stats_counter(s, "uvm.carryover", "demand records left queued at a close, summed", &c->carryover);
    xl_stats_counter(s, "uvm.h2d_pages", "pages fetched host to device", &c->h2d_pages);
    xl_stats_counter(s, "uvm.pages_demand", "pages fetched on demand", &c->pages[XL_USRC_DEMAND]);
    xl_stats_counter(s, "uvm.pages_random", "pages prefetched at random", &c->pages[XL_USRC_RANDOM]);
    xl_stats_counter(s, "uvm.pages_sequential", "pages prefetched sequentially", &c->pages[XL_USRC_SEQUENTIAL]);
    xl_stats_counter(s, "uvm.pages_locality", "pages prefetched by locality", &c->pages[XL_USRC_LOCALITY]);
    xl_stats_counter(s, "uvm.pages_oracle", "pages prefetched by the oracle", &c->pages[XL_USRC_ORACLE]);
    xl_stats_counter(s, "uvm.pages_warmup", "pages prefetched by the oversubscribed warm-up", &c->pages[XL_USRC_WARMUP]);
    xl_stats_counter(s, "uvm.pf_fallback", "locality pages from the sequential fallback", &c->pf_fallback);
    xl_stats_counter(s, "uvm.refetches", "pages fetched again after an eviction", &c->refetches);
    xl_stats_counter(s, "uvm.evictions", "pages evicted", &c->evictions);
    xl_stats_counter(s, "uvm.writebacks", "evicted pages written back device to host", &c->writebacks);
    xl_stats_counter(s, "uvm.pf_used", "prefetched pages touched after arrival", &c->pf_used);
    xl_stats_counter(s, "uvm.pf_evicted_unused", "prefetched pages evicted before any touch", &c->pf_evicted_unused);
    xl_stats_counter(s, "uvm.pf_untouched", "prefetched pages resident and not touched yet", &c->pf_untouched);
    xl_stats_counter(s, "uvm.h2d_busy", "cycles the host-to-device pipe moved pages", &c->h2d_busy);
    xl_stats_counter(s, "uvm.d2h_busy", "cycles the device-to-host pipe moved pages", &c->d2h_busy);
    xl_stats_counter(s, "uvm.warmup_end", "cycle of the close that ended the warm-up (0: none)", &c->warmup_end);
}
