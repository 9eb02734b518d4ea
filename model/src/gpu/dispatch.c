/*
 * dispatch.c - kernel and work-group dispatch to the CUs (dispatch.h; docs/isca18-micro18.md
 * §1.5): work-groups go whole to the first CU, round-robin, with enough free slots.
 */
#include <stdlib.h>

#include "sys/system.h"

/* Double the per-kernel cycle array (out of line: rare). */
static int kcycles_grow(xl_sim_t *g) __attribute__((noinline));
static int kcycles_grow(xl_sim_t *g)
{
    uint32_t nc = g->disp.kcap ? g->disp.kcap * 2 : 16;
    uint64_t *nk = realloc(g->disp.kcycles, nc * sizeof *nk);
    if (!nk) {
        g->oom = 1;
        return -1;
    }
    g->disp.kcycles = nk;
    g->disp.kcap = nc;
    return 0;
}

/* Work-groups go to CUs round-robin, whole, when a CU has enough free slots; the next
 * kernel starts when every wavefront of the current one has finished. */
void disp_run(xl_sim_t *g)
{
    g->disp.dispatch_pending = 0;
    for (;;) {
        if (g->disp.have_kernel && g->disp.next_wg >= g->disp.k.workgroups && g->core.live_total)
            return;   /* the current kernel is placed and still running */
        if (!g->disp.have_kernel) {
            if (g->core.live_total)
                return;   /* kernels run one after another */
            if (!g->wl->desc->kernel(g->wl, g->disp.kernel, &g->disp.k))
                return;   /* the workload is done */
            g->disp.have_kernel = 1;
            g->disp.next_wg = 0;
            g->disp.rr_cu = 0;
            g->disp.k_start = g->now;
        }
        while (g->disp.next_wg < g->disp.k.workgroups) {
            uint32_t c = g->disp.rr_cu, tried;
            for (tried = 0; tried < g->core.ncu; tried++, c = (c + 1) % g->core.ncu)
                if (g->core.cu[c].free >= g->disp.k.waves_per_wg)
                    break;
            if (tried == g->core.ncu)
                return;
            cu_t *cu = &g->core.cu[c];
            uint32_t w;
            for (w = 0; w < g->core.spc && cu->wg[w].live; w++)
                ;
            cu->wg[w].live = 1;
            cu->wg[w].waves = g->disp.k.waves_per_wg;
            cu->wg[w].at_barrier = 0;
            uint32_t placed = 0;
            for (uint32_t s = 0; s < g->core.spc && placed < g->disp.k.waves_per_wg; s++) {
                slot_t *st = &cu->slot[s];
                if (st->state != W_FREE)
                    continue;
                xl_wl_wave_init(g->wl, &st->cur, g->disp.kernel, g->disp.next_wg, placed);
                st->wg = (uint16_t)w;
                st->uid = ++g->disp.wave_uid;
                cu->age[s] = st->uid;
                st->state = W_BUSY;
                if (cu->live++ == 0) {
                    g->core.live_cus++;
                    cu->stall_base = g->core.all_stall;
                }
                g->core.live_total++;
                cu->free--;
                placed++;
            }
            g->disp.next_wg++;
            g->disp.rr_cu = (c + 1) % g->core.ncu;
            for (uint32_t s = 0; s < g->core.spc; s++)
                if (cu->slot[s].state == W_BUSY && cu->slot[s].wg == w)
                    cu_wave_fetch(g, c, s);
        }
        /* every work-group of this kernel is placed; wait for them to finish */
        if (g->core.live_total)
            return;
        if (g->disp.kernel >= g->disp.kcap && kcycles_grow(g))
            return;
        g->disp.kcycles[g->disp.kernel] = g->now - g->disp.k_start;
        g->disp.have_kernel = 0;
        g->disp.kernel++;
    }
}

void disp_free(disp_t *d)
{
    free(d->kcycles);
}
