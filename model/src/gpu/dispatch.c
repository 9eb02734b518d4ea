/*
 * dispatch.c - kernel and work-group dispatch to the CUs (dispatch.h; docs/isca18-micro18.md
 * §1.5): work-groups go whole to the first of the application's CUs, round-robin, with
 * enough free slots.
 */
#include <stdlib.h>

#include "sys/system.h"

void disp_init(disp_t *d, const xl_workload_t *const *wls, uint32_t napps, uint32_t ncu,
               uint32_t app0_cus)
{
    /* app0_cus > 0 (sim.app0_cus; xl_sim_create checked 0 < app0_cus <= ncu - napps + 1):
     * application 0 takes that many and the others share the rest as an even split does */
    uint32_t own = app0_cus > 0u && napps > 1u ? app0_cus : 0u;
    uint32_t rest = napps - (own > 0u), pool = ncu - own;
    uint32_t base = pool / rest, extra = pool % rest, first = 0;
    d->napps = napps;
    d->running = napps;
    for (uint32_t a = 0; a < napps; a++) {
        disp_app_t *p = &d->app[a];
        p->wl = wls[a];
        p->cu_first = first;
        if (own > 0u && a == 0u)
            p->cu_n = own;
        else   /* a - (own > 0): its place among the evenly split ones */
            p->cu_n = base + (a - (own > 0u) < extra);
        p->launches = 1;
        first += p->cu_n;
    }
}

/* Instructions application a's CUs have issued since the start. */
static uint64_t app_instrs_all(const xl_sim_t *g, uint32_t a)
{
    const disp_app_t *p = &g->disp.app[a];
    uint64_t n = 0;
    for (uint32_t c = p->cu_first; c < p->cu_first + p->cu_n; c++)
        n += cu_instrs(&g->core, c);
    return n;
}

void disp_window_start(xl_sim_t *g)
{
    for (uint32_t a = 0; a < g->disp.napps; a++)
        g->disp.app[a].instr_warm = app_instrs_all(g, a);
}

uint64_t disp_app_instrs(const xl_sim_t *g, uint32_t a)
{
    return app_instrs_all(g, a) - g->disp.app[a].instr_warm;
}

/* Double an application's per-kernel cycle array (out of line: rare). */
static int kcycles_grow(xl_sim_t *g, disp_app_t *p) __attribute__((noinline));
static int kcycles_grow(xl_sim_t *g, disp_app_t *p)
{
    uint32_t nc = p->kcap ? p->kcap * 2 : 16;
    uint64_t *nk = realloc(p->kcycles, nc * sizeof *nk);
    if (!nk) {
        g->oom = 1;
        return -1;
    }
    p->kcycles = nk;
    p->kcap = nc;
    return 0;
}

/* Application a: place its work-groups on its CUs while they fit; when its kernel has
 * retired, start the next one. */
static void disp_app(xl_sim_t *g, uint32_t a)
{
    disp_app_t *p = &g->disp.app[a];
    for (;;) {
        if (p->finished)
            return;
        if (p->have_kernel && p->next_wg >= p->k.workgroups && p->live)
            return;   /* the current kernel is placed and still running */
        if (!p->have_kernel) {
            if (p->live)
                return;   /* an application's kernels run one after another */
            if (!xl_wl_kernel(p->wl, p->kernel - p->kbase, &p->k)) {
                if (p->launches == 1)
                    p->end = g->now;
                if (g->cfg.sim.window && p->kernel > p->kbase) {
                    p->kbase = p->kernel;   /* relaunch: its kernel 0 again */
                    p->launches++;
                    continue;
                }
                p->finished = 1;   /* the workload is done */
                g->disp.running--;
                return;
            }
            p->have_kernel = 1;
            p->next_wg = 0;
            p->rr_cu = 0;
            p->k_start = g->now;
            /* MICRO'21: the kernel's code (I-cache) and its LDS blocks */
            uint32_t code = p->k.code_bytes ? p->k.code_bytes : g->cfg.icache.code_bytes;
            p->code_id = p->k.code_id ? p->k.code_id : p->kernel - p->kbase + 1u;
            p->code_lines = (code + 63u) / 64u;
            if (g->vs.ic_on)
                vs_kernel_start(&g->vs, &g->cfg, a, p->code_id);
            if (g->vs.lds_on && p->k.lds_bytes > g->cfg.lds.size_kb * 1024u) {
                snprintf(g->bad, sizeof g->bad, "workload %s: kernel %u's work-groups need %u B "
                         "of LDS, more than lds.size_kb (%u KB) holds", p->wl->desc->name,
                         p->kernel - p->kbase, p->k.lds_bytes, g->cfg.lds.size_kb);
                return;
            }
        }
        while (p->next_wg < p->k.workgroups) {
            uint32_t i = p->rr_cu, tried, c = 0;
            for (tried = 0; tried < p->cu_n; tried++, i = (i + 1) % p->cu_n) {
                if (cu_free_slots(&g->core, c = p->cu_first + i) < p->k.waves_per_wg)
                    continue;
                /* counted live first: a wave may retire while it is placed */
                p->live += p->k.waves_per_wg;
                if (cu_place_wg(g, c, p->kernel - p->kbase, p->next_wg, p->k.waves_per_wg,
                                p->k.lds_bytes, &g->disp.wave_uid))
                    break;
                p->live -= p->k.waves_per_wg;   /* no LDS block free on this CU */
            }
            if (tried == p->cu_n)
                return;
            p->next_wg++;
            p->rr_cu = (i + 1) % p->cu_n;
        }
        /* every work-group of this kernel is placed; wait for them to finish */
        if (p->live)
            return;
        if (p->kernel >= p->kcap && kcycles_grow(g, p))
            return;
        p->kcycles[p->kernel] = g->now - p->k_start;
        p->have_kernel = 0;
        p->kernel++;
    }
}

void disp_run(xl_sim_t *g)
{
    g->disp.dispatch_pending = 0;
    for (uint32_t a = 0; a < g->disp.napps; a++)
        disp_app(g, a);
}

void disp_free(disp_t *d)
{
    for (uint32_t a = 0; a < d->napps; a++)
        free(d->app[a].kcycles);
}

/* ------------------------------------------------------------------ statistics */

void disp_stats(const xl_sim_t *g, xl_stats_t *s)
{
    char n[64], d[128];
    if (g->disp.napps == 1) {
        const disp_app_t *p = &g->disp.app[0];
        xl_stats_value(s, "sim.kernels", "kernels run", p->kernel);
        for (uint32_t k = 0; k < p->kernel; k++) {
            snprintf(n, sizeof n, "sim.kernel%u.cycles", k);
            snprintf(d, sizeof d, "cycles of kernel %u, first work-group placed to last wavefront retired",
                     k);
            xl_stats_value(s, n, d, p->kcycles[k]);
        }
    } else {
        /* several applications: each one's kernels, its CUs and when it finished */
        uint64_t kernels = 0;
        for (uint32_t a = 0; a < g->disp.napps; a++)
            kernels += g->disp.app[a].kernel;
        xl_stats_value(s, "sim.kernels", "kernels run, all applications", kernels);
        xl_stats_value(s, "sim.apps", "applications run at once", g->disp.napps);
        for (uint32_t a = 0; a < g->disp.napps; a++) {
            const disp_app_t *p = &g->disp.app[a];
            snprintf(n, sizeof n, "sim.app%u.cycles", a);
            snprintf(d, sizeof d, "cycles until application %u retired its last wavefront", a);
            xl_stats_value(s, n, d, p->end);
            snprintf(n, sizeof n, "sim.app%u.cus", a);
            snprintf(d, sizeof d, "CUs of application %u (CUs %u..%u)", a, p->cu_first,
                     p->cu_first + p->cu_n - 1);
            xl_stats_value(s, n, d, p->cu_n);
            snprintf(n, sizeof n, "sim.app%u.kernels", a);
            snprintf(d, sizeof d, "kernels application %u ran", a);
            xl_stats_value(s, n, d, p->kernel);
            for (uint32_t k = 0; k < p->kernel; k++) {
                snprintf(n, sizeof n, "sim.app%u.kernel%u.cycles", a, k);
                snprintf(d, sizeof d, "cycles of application %u's kernel %u", a, k);
                xl_stats_value(s, n, d, p->kcycles[k]);
            }
        }
    }
    xl_stats_value(s, "gpu.wavefronts", "wavefronts run", g->disp.wave_uid);
    if (g->cfg.sim.window) {
        /* the measured window (MASK §6): each application's instructions and IPC in it */
        uint64_t win = g->cycles > g->cfg.sim.warmup ? g->cycles - g->cfg.sim.warmup : 0;
        xl_stats_value(s, "sim.window.cycles", "cycles of the measured window (sim.window, "
                       "shorter if every application finished first)", win);
        for (uint32_t a = 0; a < g->disp.napps; a++) {
            uint64_t in = disp_app_instrs(g, a);
            snprintf(n, sizeof n, "sim.app%u.instructions", a);
            snprintf(d, sizeof d, "wavefront instructions application %u issued in the window", a);
            xl_stats_value(s, n, d, in);
            snprintf(n, sizeof n, "sim.app%u.ipc", a);
            snprintf(d, sizeof d, "application %u's instructions per cycle in the window", a);
            xl_stats_ratio(s, n, d, in, win, 4);
            snprintf(n, sizeof n, "sim.app%u.launches", a);
            snprintf(d, sizeof d, "launches of application %u's workload (1 + relaunches)", a);
            xl_stats_value(s, n, d, g->disp.app[a].launches);
        }
    }
}
