/*
 * workload.c - the one call of the workload contract the system makes itself
 * (workload.h): starting a wavefront's cursor. Each wavefront's random stream is derived
 * from (seed, kernel, work-group, wave) alone, so a wavefront's instructions never depend
 * on when or where it was dispatched (docs/design.md "determinism").
 */
#include <string.h>

#include "xlat/workload.h"

void xl_wl_wave_init(const xl_workload_t *wl, xl_wave_t *w, uint32_t kernel, uint32_t wg,
                     uint32_t wave)
{
    memset(w, 0, sizeof *w);
    w->kernel = kernel;
    w->wg = wg;
    w->wave = wave;
    /* The stream id packs kernel (16 bits), work-group (32 bits) and wave (16 bits) into
     * one injective 64-bit value, so each wavefront's stream depends only on
     * (seed, kernel, wg, wave) and never on the order in which wavefronts are
     * generated. Kernels and waves per work-group stay far below 2^16. */
    uint64_t id = ((uint64_t)(kernel & 0xFFFFu) << 48) | ((uint64_t)wg << 16) |
                  (uint64_t)(wave & 0xFFFFu);
    xl_rng_derive(&w->rng, wl->seed, id);
    wl->desc->wave_begin(wl, w);
}
