/*
 * xltest_wl.h - what the unit tests of workloads and of the system share: the workload
 * queries below, and a hand-written workload (ld_desc) of one wavefront
 * that waits (an ALU instruction of priv's cycles, 0: none) and then makes one one-lane
 * load of region base + 0x1234; its region is 8 KB at XL_WL_VA_BASE. Every number a test
 * derives from it is computed by hand in that test's comment.
 */
#ifndef XLTEST_WL_H
#define XLTEST_WL_H

#include <stdint.h>
#include <string.h>

#include "xltest.h"
#include "xlat/workload.h"
#include "xlat/workloads.h"

static int ld_create(xl_workload_t *wl, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    wl->nregions = 1;
    wl->regions[0].name = "x";
    wl->regions[0].bytes = 8192;
    wl->regions[0].base = XL_WL_VA_BASE;
    return XL_OK;
}
static void ld_destroy(xl_workload_t *wl) { (void)wl; }
static int ld_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    (void)wl;
    out->workgroups = 1;
    out->waves_per_wg = 1;
    return k == 0;
}
static void ld_begin(const xl_workload_t *wl, xl_wave_t *w) { (void)wl; w->step = 0; }
static int ld_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    uint16_t wait = (uint16_t)(uintptr_t)wl->priv;
    memset(out, 0, sizeof *out);
    if (w->step == 0 && wait == 0)
        w->step = 1;
    switch (w->step++) {
    case 0:
        out->op = XL_OP_ALU;
        out->cycles = wait;
        return 1;
    case 1:
        out->op = XL_OP_LOAD;
        out->bytes = 4;
        out->mask = 1;
        out->va[0] = wl->regions[0].base + 0x1234;
        return 1;
    default:
        out->op = XL_OP_END;
        return 0;
    }
}
static const xl_wl_desc_t ld_desc = {"ld", "", "test", "irregular", "one load",
                                     ld_create, ld_destroy, ld_kernel, ld_begin, ld_next};

/* A laid-out ld workload whose wave waits `wait` cycles before its load. */
static inline xl_workload_t ld_workload(uint16_t wait)
{
    xl_workload_t w = {0};
    w.desc = &ld_desc;
    w.priv = (void *)(uintptr_t)wait;
    ld_create(&w, NULL, 0);
    return w;
}

/* The workload tests' common queries: a region by name, the distinct values of va >> shift
 * over an instruction's active lanes, the active lanes. */
static inline const xl_region_t *region(const xl_workload_t *wl, const char *name)
{
    for (unsigned i = 0; i < wl->nregions; i++)
        if (!strcmp(wl->regions[i].name, name))
            return &wl->regions[i];
    fail_msg("no region %s", name);
    return NULL;
}

static inline unsigned distinct_shifted(const xl_instr_t *in, unsigned shift)
{
    uint64_t seen[XL_MAX_LANES];
    unsigned n = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        if (!((in->mask >> l) & 1u))
            continue;
        uint64_t v = in->va[l] >> shift;
        unsigned k;
        for (k = 0; k < n && seen[k] != v; k++)
            ;
        if (k == n)
            seen[n++] = v;
    }
    return n;
}

/* Kernel `kernel` of wl exists and runs `workgroups` work-groups of `waves` wavefronts. */
static inline void expect_kernel(const xl_workload_t *wl, uint32_t kernel, uint32_t workgroups,
                                 uint32_t waves)
{
    xl_kernel_t k;
    assert_int_equal(xl_wl_kernel(wl, kernel, &k), 1);
    assert_int_equal(k.workgroups, workgroups);
    assert_int_equal(k.waves_per_wg, waves);
}

/* wl has no kernel `kernel` (its kernels end before it). */
static inline void expect_no_kernel(const xl_workload_t *wl, uint32_t kernel)
{
    xl_kernel_t k;
    assert_int_equal(xl_wl_kernel(wl, kernel, &k), 0);
}

/* The first active lane of memory instruction `in` whose in->bytes at va[lane] do not lie
 * inside one of wl's regions; XL_MAX_LANES when every lane's do. */
static inline unsigned lane_outside_regions(const xl_workload_t *wl, const xl_instr_t *in)
{
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        if (!((in->mask >> l) & 1u))
            continue;
        unsigned r;
        for (r = 0; r < wl->nregions; r++)
            if (in->va[l] >= wl->regions[r].base &&
                in->va[l] + in->bytes <= wl->regions[r].base + wl->regions[r].bytes)
                break;
        if (r == wl->nregions)
            return l;
    }
    return XL_MAX_LANES;
}

/* The instruction stream of wave w (at most max instructions) as a checksum over every
 * field of every instruction. */
static inline uint64_t wave_stream_hash(const xl_workload_t *wl, xl_wave_t *w, unsigned max)
{
    xl_instr_t in;
    uint64_t h = 1469598103934665603u;
    for (unsigned i = 0; i < max && xl_wl_next(wl, w, &in); i++) {
        uint64_t v[5] = {in.op, in.pc, in.mask, in.bytes, in.cycles};
        for (unsigned q = 0; q < 5; q++)
            h = (h ^ v[q]) * 1099511628211u;
        for (unsigned l = 0; l < XL_MAX_LANES; l++)
            if ((in.mask >> l) & 1u)
                h = (h ^ in.va[l]) * 1099511628211u;
    }
    return h;
}

/* Registry look-ups, a spec (xltest.h): each "alias=name" finds the registered workload
 * `name` (as `name` itself does); each "alias=" finds none. */
static inline void expect_aliases(const char *spec)
{
    char alias[64], name[64];
    while ((spec = spec_item(spec, alias, name))) {
        const xl_wl_desc_t *want = NULL;
        for (unsigned i = 0; name[0] && xl_wl_get(i); i++)
            if (!strcmp(xl_wl_get(i)->name, name))
                want = xl_wl_get(i);
        if (name[0] && (!want || xl_wl_find(name) != want))
            fail_msg("no workload %s", name);
        if (xl_wl_find(alias) != want)
            fail_msg("xl_wl_find(\"%s\") is not %s", alias, name[0] ? name : "NULL");
    }
}

static inline unsigned popcount64(uint64_t m)
{
    unsigned n = 0;
    for (; m; m &= m - 1u)
        n++;
    return n;
}

#endif
