/*
 * uvm_sys.c - a paged run (uvm_sys.h; HPCA'16 §3-§5, docs/papers/paged-memory.md): the
 * cycle model with paging on, the paging runtime (uvm.h) as its host, and the host
 * callbacks that join them.
 */
#include <stdlib.h>
#include <string.h>

#include "xlat/addrspace.h"
#include "xlat/host.h"
#include "xlat/uvm.h"
#include "xlat/uvm_sys.h"

#define SYS_PAGE XL_PAGE_4K

struct xl_uvm_sys {
    xl_config_t cfg;
    xl_sim_t *g;
    xl_uvm_t rt;
    int rt_on;
    xl_uvm_cb_t cb;
    xl_as_t *as;                  /* the application's address space (map_region) */
    xl_uvm_range_t *ranges;       /* the workload's regions, in 4 KB pages */
    size_t nranges;
    uint64_t npages;              /* footprint */
    xl_pa_t *fpa;                 /* runtime frame -> physical frame, 0 until first used */
    size_t nfpa;
    uint64_t *oracle;             /* first-touch order of pass 1 (oracle, warm-up) */
    size_t n_oracle;
    uint64_t *spur;               /* far-faults of pages already resident, to replay */
    size_t nspur, capspur;
    int bad;                      /* a callback failed: msg says why */
    char msg[256];
    /* counters */
    uint64_t copy_cycles;         /* the legacy bulk copy: footprint x page time */
    uint64_t maps, unmaps, late_touches, dirty_lines, spurious;
};

static uint64_t ns_cycles(uint64_t ns, uint32_t mhz)
{
    return (ns * mhz + 500u) / 1000u;   /* nearest cycle */
}

int xl_uvm_sys_params(const xl_config_t *c, xl_uvm_params_t *p, char *err, size_t errlen)
{
    *p = xl_uvm_defaults();
    uint32_t mhz = c->gpu.clock_mhz;
    p->engine = c->uvm.engine;
    p->l_ff = ns_cycles(c->uvm.fault_ns, mhz);
    /* one page: 4096 B / (link_mbps B per us) = 4096000 / link_mbps ns */
    p->t_page = (UINT64_C(4096000) * mhz / c->uvm.link_mbps + 500u) / 1000u;
    p->t_int = ns_cycles(c->uvm.interval_ns, mhz);
    p->t_select = ns_cycles(c->uvm.select_ns, mhz);
    p->l_evict = ns_cycles(c->uvm.evict_ns, mhz);
    p->set_pages = c->uvm.set_pages;
    p->prefetch = c->uvm.prefetch;
    p->window = c->uvm.window;
    p->anchor = c->uvm.anchor;
    p->random = c->uvm.random;
    p->evict = c->uvm.evict;
    p->writeback = c->uvm.writeback;
    p->oversub_prefetch = c->uvm.oversub_prefetch;
    p->oversub_seq_fallback = c->uvm.seq_fallback;
    p->seed = c->sim.seed;
    if (p->t_page == 0 || p->t_int == 0) {
        snprintf(err, errlen, "uvm: at gpu.clock_mhz %u a page of uvm.link_mbps %u or the "
                 "interval uvm.interval_ns %u is under one cycle", mhz, c->uvm.link_mbps,
                 c->uvm.interval_ns);
        return XL_EINPUT;
    }
    return XL_OK;
}

/* ---- host callbacks -------------------------------------------------------------- */

static void sys_fail(xl_uvm_sys_t *u, const char *what, uint64_t vpn, const char *why);

/* Nothing is mapped before the first cycle: every page starts on the CPU (HPCA'16 §2).
 * The regions become the runtime's allocated ranges. */
static int sys_map(void *ctx, xl_as_t *as, unsigned app, const xl_region_t *r,
                   unsigned page_shift, char *err, size_t errlen)
{
    xl_uvm_sys_t *u = ctx;
    (void)app;
    (void)page_shift;
    u->as = as;
    xl_uvm_range_t *n = realloc(u->ranges, (u->nranges + 1) * sizeof *n);
    if (!n) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    u->ranges = n;
    n[u->nranges].vpn0 = r->base / SYS_PAGE;
    n[u->nranges].pages = (r->bytes + SYS_PAGE - 1) / SYS_PAGE;
    u->npages += n[u->nranges].pages;
    u->nranges++;
    return XL_OK;
}

/* A record in the fault buffer: to the runtime, and the step ends after this cycle so
 * the runtime drains it at its cycle. */
static void sys_far_fault(void *ctx, uint16_t asid, uint64_t va, uint32_t cu, uint64_t cycle)
{
    xl_uvm_sys_t *u = ctx;
    (void)asid;
    xl_sim_yield(u->g);
    if (xl_uvm_page_state(&u->rt, va / SYS_PAGE, NULL) == XL_ULOC_GPU) {
        /* a walk that read the entry just before the page was mapped: the runtime finds
         * the page resident and has it replayed at once (after this cycle) */
        if (u->nspur == u->capspur) {
            size_t n = u->capspur ? 2 * u->capspur : 64;
            uint64_t *m = realloc(u->spur, n * sizeof *m);
            if (!m) {
                sys_fail(u, "far-fault", va / SYS_PAGE, "out of host memory");
                return;
            }
            u->spur = m;
            u->capspur = n;
        }
        u->spur[u->nspur++] = va;
        u->spurious++;
        return;
    }
    if (xl_uvm_fault(&u->rt, va / SYS_PAGE, cu, cycle) != XL_OK && !u->bad) {
        u->bad = 1;
        snprintf(u->msg, sizeof u->msg, "the workload touched VA 0x%llx, which it never "
                 "allocated (HPCA'16 §2.6: a fatal access)", (unsigned long long)va);
    }
}

static void sys_touch(void *ctx, uint16_t asid, uint64_t va, int store, uint64_t cycle)
{
    xl_uvm_sys_t *u = ctx;
    (void)asid;
    /* a translation delivered just after its page left (an L1 hit in flight at the
     * eviction) finds it gone: counted, not an error */
    if (xl_uvm_touch(&u->rt, va / SYS_PAGE, cycle, store) != XL_OK)
        u->late_touches++;
}

/* The runtime's frame f as a physical frame of the simulated memory, taken once. */
static xl_pa_t sys_frame(xl_uvm_sys_t *u, uint32_t f)
{
    if (f >= u->nfpa) {
        size_t n = u->nfpa ? u->nfpa : 1024;
        while (n <= f)
            n *= 2;
        xl_pa_t *m = realloc(u->fpa, n * sizeof *m);
        if (!m)
            return 0;
        memset(m + u->nfpa, 0, (n - u->nfpa) * sizeof *m);
        u->fpa = m;
        u->nfpa = n;
    }
    if (!u->fpa[f] && xl_physmem_alloc_4k(u->as->pm, &u->fpa[f]) != XL_OK)
        u->fpa[f] = 0;
    return u->fpa[f];
}

static void sys_fail(xl_uvm_sys_t *u, const char *what, uint64_t vpn, const char *why)
{
    if (u->bad)
        return;
    u->bad = 1;
    snprintf(u->msg, sizeof u->msg, "%s of page 0x%llx: %s", what,
             (unsigned long long)(vpn * SYS_PAGE), why);
}

static void sys_arrived(void *ctx, uint64_t vpn, uint32_t frame, uint64_t t)
{
    xl_uvm_sys_t *u = ctx;
    char err[200];
    xl_pa_t pa = sys_frame(u, frame);
    (void)t;
    if (!pa) {
        sys_fail(u, "arrival", vpn, "out of simulated physical memory");
        return;
    }
    if (xl_as_map_page(u->as, vpn * SYS_PAGE, pa, XL_PAGE_SHIFT_4K,
                       XL_PTE_RW | XL_PTE_US | XL_PTE_A | XL_PTE_D, err, sizeof err) != XL_OK) {
        sys_fail(u, "arrival", vpn, err);
        return;
    }
    u->maps++;
    xl_sim_page_resident(u->g, 0, vpn * SYS_PAGE);
}

static void sys_evicted(void *ctx, uint64_t vpn, uint32_t frame, int dirty, uint64_t t)
{
    xl_uvm_sys_t *u = ctx;
    char err[200];
    uint64_t lines = 0;
    (void)frame;
    (void)dirty;
    (void)t;
    /* the model drops the page from every TLB and flushes its lines (dirty ones to DRAM)
     * while it is still mapped; then the entry goes */
    if (xl_sim_page_evict(u->g, 0, vpn * SYS_PAGE, &lines) != XL_OK) {
        sys_fail(u, "eviction", vpn, "the page was not mapped");
        return;
    }
    if (xl_as_unmap_page(u->as, vpn * SYS_PAGE, XL_PAGE_SHIFT_4K, NULL, err, sizeof err) != XL_OK) {
        sys_fail(u, "eviction", vpn, err);
        return;
    }
    u->unmaps++;
    u->dirty_lines += lines;
}

/* ---- pass 1: the first-touch order (oracle prefetch, the oversubscribed warm-up) ---- */

typedef struct {
    const xl_uvm_range_t *r;
    size_t nr;
    uint8_t *seen;
    uint64_t *order;
    size_t n;
    const xl_uvm_sys_t *u;
} pass1_t;

static int p1_map(void *ctx, xl_as_t *as, unsigned app, const xl_region_t *r,
                  unsigned page_shift, char *err, size_t errlen)
{
    (void)ctx;
    (void)app;
    return xl_as_map_region(as, r->base, r->bytes, page_shift, err, errlen);
}

static void p1_touch(void *ctx, uint16_t asid, uint64_t va, int store, uint64_t cycle)
{
    pass1_t *p = ctx;
    uint64_t vpn = va / SYS_PAGE, base = 0;
    (void)asid;
    (void)store;
    (void)cycle;
    for (size_t i = 0; i < p->nr; i++) {
        if (vpn >= p->r[i].vpn0 && vpn < p->r[i].vpn0 + p->r[i].pages) {
            uint64_t k = base + (vpn - p->r[i].vpn0);
            if (!p->seen[k]) {
                p->seen[k] = 1;
                p->order[p->n++] = vpn;
            }
            return;
        }
        base += p->r[i].pages;
    }
}

/* The resident run (paging off, everything mapped) that records the order in which the
 * pages are first touched: HPCA'16 §4.2's profiled oracle. */
static int sys_pass1(xl_uvm_sys_t *u, const xl_workload_t *wl, char *err, size_t errlen)
{
    xl_config_t c = u->cfg;
    pass1_t p = {u->ranges, u->nranges, calloc(u->npages, 1),
                 malloc(u->npages * sizeof(uint64_t)), 0, u};
    xl_host_t host = {&p, NULL, p1_map, NULL, NULL, p1_touch};
    xl_sim_t *g = NULL;
    int rc;
    c.paging.mode = XL_PAGING_OFF;
    if (!p.seen || !p.order) {
        free(p.seen);
        free(p.order);
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    const xl_workload_t *wls[1] = {wl};
    rc = xl_sim_create_host(&g, &c, wls, 1, &host, err, errlen);
    if (rc == XL_OK)
        rc = xl_sim_run(g, err, errlen);
    xl_sim_destroy(g);
    free(p.seen);
    u->oracle = p.order;
    u->n_oracle = p.n;
    return rc;
}

/* ---- the system ------------------------------------------------------------------ */

int xl_uvm_sys_create(xl_uvm_sys_t **out, const xl_config_t *cfg, const xl_workload_t *wl,
                      char *err, size_t errlen)
{
    xl_uvm_params_t p;
    int rc;
    *out = NULL;
    if (cfg->paging.mode == XL_PAGING_OFF) {
        snprintf(err, errlen, "uvm: a paged run needs paging.mode = blocking or replay");
        return XL_EINPUT;
    }
    if (cfg->mem.page_kb != 4u) {
        snprintf(err, errlen, "uvm: paging migrates 4 KB pages: mem.page_kb must be 4, not %u",
                 cfg->mem.page_kb);
        return XL_EINPUT;
    }
    if ((rc = xl_uvm_sys_params(cfg, &p, err, errlen)) != XL_OK)
        return rc;
    xl_uvm_sys_t *u = calloc(1, sizeof *u);
    if (!u) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    u->cfg = *cfg;
    xl_host_t host = {u, NULL, sys_map, NULL, sys_far_fault, sys_touch};
    const xl_workload_t *wls[1] = {wl};
    if ((rc = xl_sim_create_host(&u->g, cfg, wls, 1, &host, err, errlen)) != XL_OK)
        goto fail;
    p.capacity = cfg->uvm.capacity_pct >= 100u ? 0 : u->npages * cfg->uvm.capacity_pct / 100u;
    if (cfg->uvm.capacity_pct < 100u && p.capacity == 0) {
        snprintf(err, errlen, "uvm: uvm.capacity_pct %u of %llu pages is no page at all",
                 cfg->uvm.capacity_pct, (unsigned long long)u->npages);
        rc = XL_EINPUT;
        goto fail;
    }
    if (p.prefetch == XL_UPF_ORACLE || p.capacity) {
        if ((rc = sys_pass1(u, wl, err, errlen)) != XL_OK)
            goto fail;
        p.oracle = u->oracle;
        p.n_oracle = u->n_oracle;
    }
    if ((rc = xl_uvm_init(&u->rt, &p, u->ranges, u->nranges, err, errlen)) != XL_OK)
        goto fail;
    u->rt_on = 1;
    u->cb = (xl_uvm_cb_t){u, sys_arrived, sys_evicted, NULL};
    u->copy_cycles = u->npages * p.t_page;
    *out = u;
    return XL_OK;
fail:
    xl_uvm_sys_destroy(u);
    return rc;
}

int xl_uvm_sys_step(xl_uvm_sys_t *u, uint64_t until, char *err, size_t errlen)
{
    while (!xl_sim_done(u->g) && xl_sim_now(u->g) < until) {
        xl_uvm_advance(&u->rt, xl_sim_now(u->g), &u->cb);
        if (u->bad) {
            snprintf(err, errlen, "%s", u->msg);
            return XL_EINPUT;
        }
        uint64_t next = xl_uvm_next_event(&u->rt);
        int rc = xl_sim_step(u->g, next < until ? next : until, err, errlen);
        if (rc != XL_OK)
            return rc;
        for (size_t i = 0; i < u->nspur; i++)
            xl_sim_page_resident(u->g, 0, u->spur[i]);
        u->nspur = 0;
        if (u->bad) {
            snprintf(err, errlen, "%s", u->msg);
            return XL_EINPUT;
        }
    }
    return XL_OK;
}

int xl_uvm_sys_run(xl_uvm_sys_t *u, char *err, size_t errlen)
{
    return xl_uvm_sys_step(u, UINT64_MAX, err, errlen);
}

xl_sim_t *xl_uvm_sys_sim(xl_uvm_sys_t *u) { return u->g; }

void xl_uvm_sys_stats(xl_uvm_sys_t *u, xl_stats_t *s)
{
    xl_sim_stats(u->g, s);
    xl_uvm_stats(&u->rt, s);
    xl_stats_value(s, "uvm.footprint_pages", "4 KB pages the workload allocated", u->npages);
    xl_stats_value(s, "uvm.copy_cycles", "the legacy bulk copy of the footprint: pages x page time (HPCA'16 §2.8)", u->copy_cycles);
    xl_stats_value(s, "uvm.maps", "pages mapped on arrival", u->maps);
    xl_stats_value(s, "uvm.unmaps", "pages unmapped on eviction", u->unmaps);
    xl_stats_value(s, "uvm.evict_dirty_lines", "dirty L2 lines written back by evictions", u->dirty_lines);
    xl_stats_value(s, "uvm.spurious_faults", "far-faults of pages already resident (a walk read the entry just before the mapping), replayed at once", u->spurious);
    xl_stats_value(s, "uvm.late_touches", "translations delivered just after their page was evicted", u->late_touches);
}

void xl_uvm_sys_destroy(xl_uvm_sys_t *u)
{
    if (!u)
        return;
    if (u->rt_on)
        xl_uvm_free(&u->rt);
    xl_sim_destroy(u->g);
    free(u->ranges);
    free(u->fpa);
    free(u->oracle);
    free(u->spur);
    free(u);
}
