/*
 * uvm_pf.c - the prefetch candidate policies of the paging runtime (HPCA'16 §4.2, and
 * §5.2 for prefetching while oversubscribed; docs/papers/paged-memory.md): random,
 * sequential, locality and the oracle, each adding candidates to the set being built in
 * its own order until the set's room is used or candidates run out. A candidate must be
 * CPU-resident and not in the set already (the paper skips pages already on the GPU; the
 * project also skips pages in flight, whose DMA is already issued).
 */
#include <stdlib.h>

#include "uvm_int.h"

int uvm_eligible(const xl_uvm_t *rt, uint32_t page)
{
    return rt->loc[page] == XL_ULOC_CPU && rt->set_mark[page] != rt->set_id;
}

void uvm_set_add(xl_uvm_t *rt, uint32_t page, uint8_t src)
{
    rt->set[rt->set_n] = page;
    rt->set_src[rt->set_n] = src;
    rt->set_n++;
    rt->set_mark[page] = rt->set_id;
}

int uvm_pf_init(xl_uvm_t *rt, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    size_t n = rt->npages;
    if (rt->p.prefetch == XL_UPF_RANDOM && rt->p.random == XL_URND_PERMUTATION) {
        /* [I] sampling without replacement: one Fisher-Yates permutation drawn at init */
        rt->perm = malloc(n * sizeof *rt->perm);
        if (!rt->perm)
            return XL_EINTERNAL;
        for (size_t i = 0; i < n; i++)
            rt->perm[i] = (uint32_t)i;
        for (size_t i = n - 1; i > 0; i--) {
            size_t j = (size_t)xl_rng_below(&rt->rng_pf, (uint64_t)i + 1);
            uint32_t x = rt->perm[i];
            rt->perm[i] = rt->perm[j];
            rt->perm[j] = x;
        }
    }
    rt->anchor = -1;
    return XL_OK;
}

void uvm_pf_evicted(xl_uvm_t *rt, uint32_t page)
{
    /* The cursor's invariant is "no CPU page behind it"; an eviction behind it breaks
     * that, so it moves back (HPCA'16 §5.2: evicted pages can be chosen again). */
    if (page < rt->cur_seq)
        rt->cur_seq = page;
}

static uint32_t fill_sequential(xl_uvm_t *rt, uint32_t need, uint8_t src)
{
    uint32_t added = 0;
    while (added < need && rt->cur_seq < rt->npages) {
        uint32_t p = (uint32_t)rt->cur_seq++;
        if (uvm_eligible(rt, p)) {
            uvm_set_add(rt, p, src);
            added++;
        }
    }
    return added;
}

static uint32_t fill_random(xl_uvm_t *rt, uint32_t need, uint8_t src)
{
    uint32_t added = 0;
    if (rt->p.random == XL_URND_PERMUTATION) {
        while (added < need && rt->cur_rand < rt->npages) {
            uint32_t p = rt->perm[rt->cur_rand++];
            if (uvm_eligible(rt, p)) {
                uvm_set_add(rt, p, src);
                added++;
            }
        }
    } else {
        /* with replacement: at most 4 draws per page wanted, so a set's time is bounded */
        uint64_t draws = (uint64_t)need * 4;
        while (added < need && draws--) {
            uint32_t p = (uint32_t)xl_rng_below(&rt->rng_pf, rt->npages);
            if (uvm_eligible(rt, p)) {
                uvm_set_add(rt, p, src);
                added++;
            }
        }
    }
    return added;
}

static uint32_t fill_oracle(xl_uvm_t *rt, uint32_t need, uint8_t src)
{
    uint32_t added = 0;
    while (added < need && rt->cur_oracle < rt->n_oracle) {
        uint32_t p = rt->oracle_idx[rt->cur_oracle++];
        if (uvm_eligible(rt, p)) {
            uvm_set_add(rt, p, src);
            added++;
        }
    }
    return added;
}

/* The allocated pages of (vpn(a), vpn(a) + window], ascending: pages are indexed in VPN
 * order, so they are the indices right after a. */
static uint32_t fill_window(xl_uvm_t *rt, uint32_t a, uint32_t need, uint8_t src)
{
    uint32_t added = 0;
    uint64_t last = rt->vpn[a] + rt->p.window;
    for (size_t i = (size_t)a + 1; added < need && i < rt->npages && rt->vpn[i] <= last; i++) {
        if (uvm_eligible(rt, (uint32_t)i)) {
            uvm_set_add(rt, (uint32_t)i, src);
            added++;
        }
    }
    return added;
}

static uint32_t fill_locality(xl_uvm_t *rt, uint32_t need, uint8_t src, int fallback)
{
    uint32_t added = 0, ndemand = 0;
    while (ndemand < rt->set_n && rt->set_src[ndemand] == XL_USRC_DEMAND)
        ndemand++;   /* demand pages lead the set */
    switch (rt->p.anchor) {
    case XL_UANC_EACH_DEMAND:
        /* [I] each demand page its own window, in arrival order */
        for (uint32_t k = 0; k < ndemand && added < need; k++)
            added += fill_window(rt, rt->set[k], need - added, src);
        if (!ndemand && rt->anchor >= 0)
            added += fill_window(rt, (uint32_t)rt->anchor, need, src);
        break;
    case XL_UANC_LAST_IN_SET:
        if (ndemand)
            added += fill_window(rt, rt->set[ndemand - 1], need, src);
        else if (rt->anchor >= 0)
            added += fill_window(rt, (uint32_t)rt->anchor, need, src);
        break;
    default:   /* last_arrived: the latest drained record, else the last one ever */
        if (rt->anchor >= 0)
            added += fill_window(rt, (uint32_t)rt->anchor, need, src);
        break;
    }
    if (added < need && fallback) {
        uint32_t more = fill_sequential(rt, need - added, src);
        rt->c.pf_fallback += more;
        added += more;
    }
    return added;
}

uint32_t uvm_pf_fill(xl_uvm_t *rt, xl_uvm_prefetch_t policy, uint32_t need, uint8_t src,
                     int fallback)
{
    if (!need)
        return 0;
    switch (policy) {
    case XL_UPF_RANDOM: return fill_random(rt, need, src);
    case XL_UPF_SEQUENTIAL: return fill_sequential(rt, need, src);
    case XL_UPF_LOCALITY: return fill_locality(rt, need, src, fallback);
    case XL_UPF_ORACLE: return fill_oracle(rt, need, src);
    default: return 0;
    }
}
