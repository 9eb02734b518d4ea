/*
 * record.c - `xlat run --record FILE`: a workload's instruction trace, written by walking
 * the generator the way the model asks for it (docs/traces.md "Recording"): its regions,
 * then every kernel's geometry and every wavefront's stream in (kernel, wg, wave) order.
 * A wavefront's stream depends only on (seed, kernel, wg, wave) (workload.h), so the
 * order of generation here cannot change what the model would have been given.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "xlat/itrace.h"

int cli_record(const xl_workload_t *wl, const char *name, const char *path, int compress,
               uint64_t *ninstrs, char *err, size_t errlen)
{
    xl_itw_t *w = NULL;
    int rc = xl_itw_open(&w, path, name, compress, err, errlen);
    if (rc != XL_OK)
        return rc;
    const xl_itr_t *tr = xl_wl_trace_reader(wl);   /* a trace recorded again keeps its origin */
    rc = xl_itw_origin(w, tr ? xl_itr_scale_ppm(tr) : wl->scale_ppm, tr ? xl_itr_seed(tr) : wl->seed,
                       err, errlen);
    for (unsigned i = 0; rc == XL_OK && i < wl->nregions; i++) {
        xl_va_t base = 0;
        rc = xl_itw_region(w, wl->regions[i].name, wl->regions[i].bytes, &base, err, errlen);
        if (rc == XL_OK && base != wl->regions[i].base) {   /* both lay out as workload.h says */
            snprintf(err, errlen, "--record: region %s at 0x%llx in the trace, 0x%llx in %s",
                     wl->regions[i].name, (unsigned long long)base,
                     (unsigned long long)wl->regions[i].base, name);
            rc = XL_EINTERNAL;
        }
    }
    xl_kernel_t k;
    uint64_t n = 0;
    for (uint32_t kid = 0; rc == XL_OK && xl_wl_kernel(wl, kid, &k); kid++) {
        rc = xl_itw_kernel(w, &k, err, errlen);
        for (uint32_t wg = 0; rc == XL_OK && wg < k.workgroups; wg++)
            for (uint32_t wv = 0; rc == XL_OK && wv < k.waves_per_wg; wv++) {
                xl_wave_t cur;
                xl_instr_t in;
                rc = xl_itw_wave(w, wg, wv, err, errlen);
                if (rc != XL_OK)
                    break;
                xl_wl_wave_init(wl, &cur, kid, wg, wv);
                while (rc == XL_OK && xl_wl_next(wl, &cur, &in)) {
                    rc = xl_itw_instr(w, &in, err, errlen);
                    n++;
                }
            }
    }
    if (rc != XL_OK) {
        xl_itw_abort(w);
        return rc;
    }
    if (ninstrs)
        *ninstrs = n;
    return xl_itw_close(w, err, errlen);
}
