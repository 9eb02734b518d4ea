/*
 * uvm_evict.c - GPU frames and eviction of the paging runtime (HPCA'16 §5.1;
 * docs/papers/paged-memory.md): frames handed out lowest first, then a victim chosen among
 * the resident pages (never one in flight), at random or by LRU, unmapped and written back
 * over the device-to-host pipe as the writeback parameter says.
 *
 * LRU is true LRU, which the paper treats as the upper bound: a list of the resident pages
 * ordered by (last_access, frame), oldest at the head. Touches come in time order, so a
 * touched page goes back to the tail, passing only pages stamped the same cycle with a
 * higher frame: O(1) per touch in practice, O(1) per eviction. Random eviction picks the
 * k-th resident frame in ascending frame order through a Fenwick tree of resident frames,
 * O(log frames), so the draw does not depend on the history of the structure.
 */
#include <stdlib.h>

#include "uvm_int.h"

int uvm_frames_init(xl_uvm_t *rt)
{
    rt->lru_head = rt->lru_tail = XL_UVM_NONE;
    if (!rt->nframes)
        return 0;
    size_t n = (size_t)rt->nframes;
    rt->frame_page = malloc(n * sizeof *rt->frame_page);
    rt->frame_free_at = calloc(n, sizeof *rt->frame_free_at);
    rt->fenwick = calloc(n + 1, sizeof *rt->fenwick);
    rt->lru_prev = malloc(rt->npages * sizeof *rt->lru_prev);
    rt->lru_next = malloc(rt->npages * sizeof *rt->lru_next);
    if (!rt->frame_page || !rt->frame_free_at || !rt->fenwick || !rt->lru_prev || !rt->lru_next)
        return -1;
    for (size_t i = 0; i < n; i++)
        rt->frame_page[i] = XL_UVM_NONE;
    return 0;
}

uint64_t uvm_frames_available(const xl_uvm_t *rt)
{
    if (!rt->nframes)
        return UINT64_MAX;
    return (rt->nframes - rt->frames_used) + rt->n_gpu;
}

/* ---- Fenwick tree of resident frames (1-based inside) */
static void fw_add(xl_uvm_t *rt, uint32_t frame, int delta)
{
    for (uint64_t i = (uint64_t)frame + 1; i <= rt->nframes; i += i & (~i + 1))
        rt->fenwick[i] = (uint32_t)((int64_t)rt->fenwick[i] + delta);
}

/* The frame of the k-th (0-based) resident frame in ascending order. */
static uint32_t fw_kth(const xl_uvm_t *rt, uint64_t k)
{
    uint64_t pos = 0, step = 1;
    while (step * 2 <= rt->nframes)
        step *= 2;
    for (; step; step /= 2) {
        if (pos + step <= rt->nframes && rt->fenwick[pos + step] <= k) {
            pos += step;
            k -= rt->fenwick[pos];
        }
    }
    return (uint32_t)pos;   /* 1-based pos + 1 is the frame, minus 1 */
}

/* ---- the LRU list */
static int lru_before(const xl_uvm_t *rt, uint32_t a, uint32_t b)   /* a older than b */
{
    if (rt->last_access[a] != rt->last_access[b])
        return rt->last_access[a] < rt->last_access[b];
    return rt->frame[a] < rt->frame[b];
}

static void lru_remove(xl_uvm_t *rt, uint32_t p)
{
    uint32_t pr = rt->lru_prev[p], nx = rt->lru_next[p];
    if (pr != XL_UVM_NONE)
        rt->lru_next[pr] = nx;
    else
        rt->lru_head = nx;
    if (nx != XL_UVM_NONE)
        rt->lru_prev[nx] = pr;
    else
        rt->lru_tail = pr;
}

static void lru_insert(xl_uvm_t *rt, uint32_t p)
{
    uint32_t after = rt->lru_tail;   /* walk back past the pages younger than p */
    while (after != XL_UVM_NONE && lru_before(rt, p, after))
        after = rt->lru_prev[after];
    uint32_t nx = after == XL_UVM_NONE ? rt->lru_head : rt->lru_next[after];
    rt->lru_prev[p] = after;
    rt->lru_next[p] = nx;
    if (after != XL_UVM_NONE)
        rt->lru_next[after] = p;
    else
        rt->lru_head = p;
    if (nx != XL_UVM_NONE)
        rt->lru_prev[nx] = p;
    else
        rt->lru_tail = p;
}

void uvm_lru_touch(xl_uvm_t *rt, uint32_t page, uint64_t t)
{
    if (rt->nframes) {
        lru_remove(rt, page);
        rt->last_access[page] = t;
        lru_insert(rt, page);
    } else {
        rt->last_access[page] = t;
    }
}

void uvm_resident(xl_uvm_t *rt, uint32_t page, uint64_t t)
{
    rt->loc[page] = XL_ULOC_GPU;
    rt->n_inflight--;
    rt->n_gpu++;
    rt->last_access[page] = t;   /* [I] an arrival counts as a use, so LRU spares fresh prefetches */
    rt->touched[page] = 0;
    rt->dirty[page] = 0;
    if (rt->src[page] != XL_USRC_DEMAND)
        rt->c.pf_untouched++;
    if (rt->nframes) {
        lru_insert(rt, page);
        fw_add(rt, rt->frame[page], 1);
    }
}

/* Evict the resident page in frame f at t. */
static void evict(xl_uvm_t *rt, uint32_t f, uint64_t t, const xl_uvm_cb_t *cb)
{
    uint32_t page = rt->frame_page[f];
    int dirty = rt->dirty[page];
    rt->loc[page] = XL_ULOC_CPU;
    rt->n_gpu--;
    lru_remove(rt, page);
    fw_add(rt, f, -1);
    rt->c.evictions++;
    if (rt->src[page] != XL_USRC_DEMAND && !rt->touched[page]) {
        rt->c.pf_evicted_unused++;
        rt->c.pf_untouched--;
    }
    rt->was_evicted[page] = 1;
    int wb = rt->p.writeback == XL_UWB_ALWAYS || (rt->p.writeback == XL_UWB_DIRTY && dirty);
    if (wb) {
        rt->frame_free_at[f] = uvm_d2h_issue(rt, page, f, t);
        rt->c.writebacks++;
    } else {
        rt->frame_free_at[f] = t;
    }
    rt->frame_page[f] = XL_UVM_NONE;
    rt->dirty[page] = 0;
    uvm_pf_evicted(rt, page);
    if (cb && cb->page_evicted)
        cb->page_evicted(cb->ctx, rt->vpn[page], f, dirty, t);
}

uint32_t uvm_reserve_frame(xl_uvm_t *rt, uint64_t t, const xl_uvm_cb_t *cb)
{
    if (!rt->nframes)
        return rt->frames_used++;   /* unlimited: a running count */
    if (rt->frames_used < rt->nframes)
        return rt->frames_used++;
    /* callers reserve only while uvm_frames_available() > 0, so a resident page exists */
    uint32_t f;
    if (rt->p.evict == XL_UEV_LRU)
        f = rt->frame[rt->lru_head];
    else
        f = fw_kth(rt, xl_rng_below(&rt->rng_ev, rt->n_gpu));
    evict(rt, f, t, cb);
    return f;
}
