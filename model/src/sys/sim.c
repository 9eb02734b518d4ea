/*
 * sim.c - the cycle-level GPU translation system's assembly and main loop (sim.h).
 *
 * docs/isca18-micro18.md §1.5, the life of a translation, with time:
 *   1. a wavefront issues a memory instruction (one instruction per CU per cycle; which
 *      READY wavefront: gpu.wave_sched, round-robin or oldest-first, section "CU issue");
 *   2. the coalescer merges same-page lanes; the CU's L1 TLB takes l1tlb.ports
 *      requests per cycle (the CU's memory pipe is busy meanwhile);
 *   3. L1 TLB hit: translation after l1tlb.hit_latency; miss: an L1 MSHR (same-page
 *      misses merge; full: the request waits) and an L2 TLB lookup (l2tlb.ports per
 *      cycle, result after l2tlb.hit_latency; misses merge in L2 MSHRs);
 *   4. an L2 miss crosses the link (iommu.link_latency) to the IOMMU;
 *   5. the IOMMU takes one request per cycle into its L1/L2 TLBs (iommu.tlb_latency);
 *   6-8. a miss enters the IOMMU walk path, twin block xl_walk_path (walk buffer and
 *      scheduler, PWCs, walk coalescing, walkers; walk_path.h): it reads 64 B page-table
 *      lines through one port, here served by xl_memsys (the L2 data cache and DRAM,
 *      shared with data) or, with iommu.ptcache_kb, first by an IOMMU cache of
 *      page-table lines (MICRO'18 §VI); one response per cycle goes back in;
 *   9. the translation fills the IOMMU TLBs, crosses the link back, fills the L2 TLB,
 *      the waiting L1 TLBs, and releases the lanes' data accesses (L1 data cache, then
 *      xl_memsys). The instruction completes when all its translations and data are back.
 * Ideal translation (translation.ideal = 1): every L1 TLB lookup hits in one cycle.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "sys/system.h"

_Static_assert(XL_SIM_MAX_APPS + 1 <= XL_WP_ASIDS,
               "application a has ASID a + 1, an index of the walk path's root table");

void sys_evlog(xl_sim_t *g, const char *fmt, ...)
{
    va_list ap;
    fprintf(g->ev, "%llu ", (unsigned long long)g->now);
    va_start(ap, fmt);
    vfprintf(g->ev, fmt, ap);
    va_end(ap);
    fputc('\n', g->ev);
}


/* ------------------------------------------------------------------ creation */

int xl_sim_create(xl_sim_t **out, const xl_config_t *cfg, const xl_workload_t *wl,
                  char *err, size_t errlen)
{
    return xl_sim_create_apps(out, cfg, &wl, 1, err, errlen);
}

int xl_sim_create_apps(xl_sim_t **out, const xl_config_t *cfg, const xl_workload_t *const *wls,
                       unsigned napps, char *err, size_t errlen)
{
    return xl_sim_create_host(out, cfg, wls, napps, NULL, err, errlen);
}

int xl_sim_create_host(xl_sim_t **out, const xl_config_t *cfg, const xl_workload_t *const *wls,
                       unsigned napps, const xl_host_t *host, char *err, size_t errlen)
{
    xl_sim_t *g;
    int rc;
    *out = NULL;
    if (napps < 1 || napps > XL_SIM_MAX_APPS) {
        snprintf(err, errlen, "%u applications: a system runs 1 to %u", napps, XL_SIM_MAX_APPS);
        return XL_EINPUT;
    }
    if (napps > cfg->gpu.cus) {
        snprintf(err, errlen, "%u applications on gpu.cus = %u: each needs a CU of its own",
                 napps, cfg->gpu.cus);
        return XL_EINPUT;
    }
    if (cfg->sim.app0_cus > 0u && napps < 2u) {
        snprintf(err, errlen, "sim.app0_cus = %u: a core split needs a workload of 2 or more "
                 "applications", cfg->sim.app0_cus);
        return XL_EINPUT;
    }
    if (cfg->sim.app0_cus > 0u && cfg->sim.app0_cus > cfg->gpu.cus - (napps - 1u)) {
        snprintf(err, errlen, "sim.app0_cus = %u on gpu.cus = %u: the other %u "
                 "application(s) need a CU each (at most %u)", cfg->sim.app0_cus,
                 cfg->gpu.cus, napps - 1u, cfg->gpu.cus - (napps - 1u));
        return XL_EINPUT;
    }
    if (napps > 1 && cfg->iommu.coalesce != XL_CO_OFF) {
        snprintf(err, errlen, "%u applications need iommu.coalesce = off: walk coalescing "
                 "matches neighbours by virtual address alone, across address spaces", napps);
        return XL_EINPUT;
    }
    if (!(g = calloc(1, sizeof *g))) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    g->cfg = *cfg;
    if (host)
        g->host = *host;
    evq_init(&g->q);
    if ((rc = core_init(&g->core, cfg, err, errlen)) != XL_OK)
        goto fail;
    disp_init(&g->disp, wls, napps, core_ncu(&g->core), cfg->sim.app0_cus);
    for (uint32_t c = 0; c < core_ncu(&g->core); c++) {
        uint32_t a = disp_app_of_cu(&g->disp, c);
        cu_assign(&g->core, c, a, wls[a], (uint16_t)(a + 1));
    }
    g->page_shift = xl_config_page_shift(cfg);
    g->pm = g->host.pm ? g->host.pm
                       : xl_physmem_create((uint64_t)cfg->mem.size_mb << 20, cfg->mem.alloc,
                                           cfg->sim.seed, err, errlen);
    if (!g->pm) {
        rc = XL_EINPUT;
        goto fail;
    }
    /* each application's page table, then its regions, in application order */
    for (uint32_t a = 0; a < napps; a++) {
        const xl_workload_t *wl = wls[a];
        /* Static (mask.partition): each application's page table and data in its slice */
        if (cfg->mask.partition && napps > 1 &&
            xl_physmem_set_zone(g->pm, a, napps) != XL_OK) {
            snprintf(err, errlen, "mask.partition: memory does not split into %u slices", napps);
            rc = XL_EINPUT;
            goto fail;
        }
        if ((rc = xl_as_init(&g->as[a], g->pm, (uint16_t)(a + 1), err, errlen)) != XL_OK)
            goto fail;
        g->roots[a + 1] = g->as[a].root;
        for (unsigned i = 0; i < wl->nregions; i++) {
            rc = g->host.map_region
                     ? g->host.map_region(g->host.ctx, &g->as[a], a, &wl->regions[i],
                                          g->page_shift, err, errlen)
                     : xl_as_map_region(&g->as[a], wl->regions[i].base, wl->regions[i].bytes,
                                        g->page_shift, err, errlen);
            if (rc != XL_OK)
                goto fail;
        }
    }
    if (!(g->mem = xl_memsys_create(cfg, err, errlen))) {
        rc = XL_EINPUT;
        goto fail;
    }
    xl_memsys_set_apps(g->mem, napps);
    if (cfg->mask.partition && napps > 1) {
        (void)xl_physmem_set_zone(g->pm, 0, 1);   /* later allocations: anywhere */
        if ((rc = xl_memsys_set_partition(g->mem, napps, xl_physmem_size(g->pm), err,
                                          errlen)) != XL_OK)
            goto fail;
    }
    if ((rc = tlbh_init(&g->tlb, cfg, core_ncu(&g->core), core_rpc(&g->core), core_slots(&g->core),
                        err, errlen)) != XL_OK)
        goto fail;
    if ((rc = vs_init(&g->vs, cfg, g->page_shift, err, errlen)) != XL_OK)
        goto fail;
    if ((rc = iommu_init(&g->iommu, cfg, err, errlen)) != XL_OK)
        goto fail;
    if (!(g->req = calloc(cfg->l2tlb.mshrs, sizeof *g->req))) {
        snprintf(err, errlen, "out of host memory");
        rc = XL_EINTERNAL;
        goto fail;
    }
    /* the housekeeping events: MASK's epochs (tokens, Silver quotas) and the window */
    if (cfg->mask.tokens || cfg->dram.sched == XL_DSCHED_GSN) {
        PUSH(&g->q, cfg->mask.epoch, EV_EPOCH, 0, 0);
        g->timers++;
    }
    if (cfg->sim.window) {
        PUSH(&g->q, cfg->sim.warmup, EV_WINDOW, 0, 0);
        PUSH(&g->q, cfg->sim.warmup + cfg->sim.window, EV_WINDOW, 1, 0);
        g->timers += 2;
    }
    if (g->oom) {
        snprintf(err, errlen, "out of host memory");
        rc = XL_EINTERNAL;
        goto fail;
    }
    *out = g;
    return XL_OK;
fail:
    xl_sim_destroy(g);
    return rc;
}

int xl_sim_translate(const xl_sim_t *g, unsigned app, uint64_t va, uint64_t *pa)
{
    xl_walk_t w;
    if (app >= disp_napps(&g->disp) || va > XL_VA_MASK)
        return XL_EINPUT;
    xl_pt_walk(g->pm, g->as[app].root, va, &w);
    if (w.status != XL_WALK_OK)
        return XL_EINPUT;
    *pa = w.pa;
    return XL_OK;
}

uint64_t xl_sim_shootdown(xl_sim_t *g, unsigned app, uint64_t va)
{
    if (app >= disp_napps(&g->disp) || va > XL_VA_MASK)
        return UINT64_MAX;
    uint16_t asid = g->as[app].asid;
    return tlbh_shootdown(g, asid, va) + vs_shootdown(&g->vs, asid, va >> g->page_shift) +
           iommu_shootdown(g, asid, va);
}

void xl_sim_destroy(xl_sim_t *g)
{
    if (!g)
        return;
    core_free(&g->core);
    disp_free(&g->disp);
    tlbh_free(&g->tlb);
    vs_free(&g->vs);
    iommu_free(&g->iommu);
    free(g->req);
    evq_free(&g->q);
    xl_memsys_destroy(g->mem);
    if (!g->host.pm)
        xl_physmem_destroy(g->pm);
    free(g);
}

void xl_sim_set_events(xl_sim_t *g, FILE *f) { g->ev = f; }
void xl_sim_progress(const xl_sim_t *g, xl_sim_progress_t *p)
{
    p->instrs = core_instrs(&g->core);
    p->cycle = g->now;
}

int xl_sim_set_iommu_trace(xl_sim_t *g, FILE *f)
{
    if (f && disp_napps(&g->disp) > 1)
        return XL_EINPUT;   /* the trace's format has one address space (its P line) */
    if (f && !g->cfg.pwc.fill)
        return XL_EINPUT;   /* the RTL walk path has no PWC-less build to replay it on */
    g->trace = f;
    if (f)
        iommu_trace_begin(&g->iommu, f, g->as[0].asid, g->as[0].root);
    return XL_OK;
}

int xl_sim_set_gsn_trace(xl_sim_t *g, FILE *f)
{
    return xl_memsys_set_gsn_trace(g->mem, f);
}

/* ------------------------------------------------------------------ events */

static void handle(xl_sim_t *g, const ev_t *e)
{
    switch (e->type) {
    case EV_WAVE_READY:
        cu_wave_ready(g, (uint32_t)e->a);
        break;
    case EV_CU_WAKE:
        break;   /* only makes the loop visit this cycle */
    case EV_L1_RESULT:
        cu_deliver(g, (preq_t){e->a}, e->b);   /* b: the page frame */
        break;
    case EV_L2_ACCESS:
        tlbh_l2_access(g, (l1mshr_t){e->a}, e->b != 0);   /* b: port reserved */
        break;
    case EV_L2_RESULT:
        tlbh_l1_release(g, (l1mshr_t){e->a}, e->b);
        break;
    case EV_IOMMU_ARRIVE:
        iommu_arrive(g, (treq_h){(uint32_t)e->a});
        break;
    case EV_IOMMU_HIT:
        iommu_tlb_hit(g, (treq_h){(uint32_t)e->a}, e->b);
        break;
    case EV_IOMMU_MISS:
        iommu_tlb_miss(g, (treq_h){(uint32_t)e->a});
        break;
    case EV_GPU_RESP:
        tlbh_gpu_resp(g, (treq_h){(uint32_t)e->a});
        break;
    case EV_PT_HIT:
        iommu_ptc_back(g, (uint32_t)e->a);
        break;
    case EV_L1D_MISS:
        cu_l1d_miss(g, (uint32_t)e->a, e->b);
        break;
    case EV_LINE_DONE:
        cu_line_back(g, (uint32_t)e->a);
        break;
    case EV_EPOCH:
        g->timers--;
        tlbh_epoch(g, (unsigned)e->a);
        if (e->a == 0u) {   /* the next boundary, and this one's commit */
            PUSH(&g->q, g->now + g->cfg.mask.epoch_commit, EV_EPOCH, 1, 0);
            PUSH(&g->q, g->now + g->cfg.mask.epoch, EV_EPOCH, 0, 0);
            g->timers += 2;
        }
        break;
    case EV_WINDOW:
        g->timers--;
        if (e->a == 0u)
            disp_window_start(g);
        else
            g->window_end = 1;
        break;
    case EV_VLOOKUP:
        tlbh_vlookup(g, (l1mshr_t){e->a}, (unsigned)e->b);   /* b: 0 LDS, 1 I-cache */
        break;
    }
}

/* A memory request is back: a walker's page-table line, or a line of a memory
 * instruction (its global record). */
static void mem_complete(xl_sim_t *g, const xl_mem_req_t *r)
{
    if (r->kind == XL_MEM_PT)
        iommu_line_back(g, (uint32_t)r->id, r->addr);
    else
        cu_line_back(g, (uint32_t)r->id);
}

/* Every kernel finished: close the measurements that run until the end. */
static void finish(xl_sim_t *g)
{
    g->cycles = g->now;
    iommu_finish(&g->iommu, g->cycles);
    g->done = 1;
}

/* ------------------------------------------------------------------ main loop */

int xl_sim_step(xl_sim_t *g, uint64_t until, char *err, size_t errlen)
{
    xl_mem_req_t r;
    uint64_t done_at;
    if (g->failed) {
        snprintf(err, errlen, "the system stopped with an error earlier; destroy it");
        return XL_EINTERNAL;
    }
    if (g->done)
        return XL_OK;
    if (!g->started) {
        g->started = 1;
        disp_run(g);
        if (g->bad[0]) {
            snprintf(err, errlen, "%s", g->bad);
            g->failed = 1;
            return XL_EINPUT;
        }
    }
    while (g->now < until) {
        /* timed events and memory completions due now, in time order */
        if (evq_advance(&g->q, g->now))
            g->oom = 1;
        for (;;) {
            ev_t e;
            if (evq_pop_now(&g->q, &e)) {
                handle(g, &e);
            } else if (xl_memsys_pop(g->mem, g->now, &r, &done_at)) {
                mem_complete(g, &r);
            } else {
                break;
            }
        }
        if (g->window_end) {   /* sim.window: the measured window is over */
            finish(g);
            return XL_OK;
        }
        if (iommu_active(&g->iommu)) {
            int rc = iommu_cycle(g, err, errlen);
            if (rc != XL_OK) {
                g->failed = 1;
                return rc;
            }
        } else {
            iommu_skip(&g->iommu, 1);
        }
        core_cycle(g);
        if (disp_pending(&g->disp))
            disp_run(g);
        if (g->bad[0]) {
            snprintf(err, errlen, "%s", g->bad);
            g->failed = 1;
            return XL_EINPUT;
        }
        if (g->oom || g->q.past) {
            snprintf(err, errlen, g->oom ? "out of host memory"
                                      : "internal: an event was scheduled in the past");
            g->failed = 1;
            return XL_EINTERNAL;
        }

        uint32_t live = core_live(&g->core);
        int ready = core_ready(&g->core);
        /* nothing after the IOMMU cycle feeds its FIFOs (CU issue only queues events and
         * memory requests), so whether it acts next cycle is known now */
        int io_act = iommu_active(&g->iommu);
        if (!live && !disp_running(&g->disp) && !xl_memsys_pending(g->mem) && !io_act &&
            (evq_empty(&g->q) || evq_count(&g->q) == g->timers)) {
            finish(g);   /* every kernel finished */
            return XL_OK;
        }

        uint64_t next = g->now + 1;
        if (!ready && !io_act) {
            next = UINT64_MAX;
            next = evq_next_time(&g->q);
            uint64_t m = xl_memsys_next_event(g->mem);
            if (m < next)
                next = m;
            if (next <= g->now)
                next = g->now + 1;
        }
        /* paging (paging.mode): the host acts between steps at cycles it chose (a page
         * arrives, faults wait), so a step stops at its end rather than jumping past it
         * (or, with only far-faults left, ending in a deadlock); a host callback may end
         * the step after this cycle (xl_sim_yield) */
        if (next > until && tlbh_paging(&g->tlb))
            next = until;
        if (g->yield) {
            g->yield = 0;
            next = until = g->now + 1;
        }
        if (next == UINT64_MAX || next - g->last_retire > g->cfg.sim.watchdog) {
            if (next != UINT64_MAX)
                g->now = g->last_retire + g->cfg.sim.watchdog;
            sys_dump_waits(g, stderr);
            snprintf(err, errlen, "internal: deadlock at cycle %llu (watchdog sim.watchdog=%llu)",
                     (unsigned long long)g->now, (unsigned long long)g->cfg.sim.watchdog);
            g->failed = 1;
            return XL_EINTERNAL;
        }
        if (next - g->now > 1) {
            /* skipped cycles: resident wavefronts could not issue in any of them */
            core_skip(&g->core, next - g->now - 1);
            iommu_skip(&g->iommu, next - g->now - 1);
        }
        g->now = next;
    }
    return XL_OK;
}

void xl_sim_yield(xl_sim_t *g) { g->yield = 1; }

int xl_sim_page_resident(xl_sim_t *g, unsigned app, uint64_t va)
{
    if (!tlbh_paging(&g->tlb) || app >= disp_napps(&g->disp))
        return -1;
    return (int)ff_resident(g, (uint16_t)(app + 1u), (va & XL_VA_MASK) >> g->page_shift);
}

/* sim.h: the frame is looked up before anything changes, so misuse changes nothing; the
 * flush goes through each owner (the CUs' L1s, the memory system's L2) at g->now. */
int xl_sim_page_evict(xl_sim_t *g, unsigned app, uint64_t va, uint64_t *dirty_lines)
{
    uint64_t pa, psz = UINT64_C(1) << g->page_shift, l1;
    xl_memsys_flush_t f;
    if (xl_sim_translate(g, app, va, &pa) != XL_OK)
        return XL_EINPUT;
    pa &= ~(psz - 1u);                              /* the frame */
    (void)xl_sim_shootdown(g, app, va);
    l1 = core_l1d_inv(&g->core, pa >> 6, psz >> 6);
    xl_memsys_flush_frame(g->mem, g->now, pa, psz, &f);
    g->evict.evictions++;
    g->evict.dirty_lines += f.dirty;
    g->evict.l1_lines += l1;
    g->evict.l2_lines += f.lines;
    g->evict.inflight_lines += f.inflight;
    if (dirty_lines != NULL)
        *dirty_lines = f.dirty;
    return XL_OK;
}

int xl_sim_run(xl_sim_t *g, char *err, size_t errlen)
{
    return xl_sim_step(g, UINT64_MAX, err, errlen);
}

int xl_sim_done(const xl_sim_t *g) { return g->done; }
uint64_t xl_sim_now(const xl_sim_t *g) { return g->now; }


