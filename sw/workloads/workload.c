/*
 * workload.c - the workload registry, region layout, the helpers the generators share
 * and the --scale parser (docs/isca18-micro18.md §4.1 workload table, §4.2 trace model;
 * docs/design.md "Workloads" and "Names that outside tools rely on").
 *
 * Registry order is the ISCA'18 irregular set as the project lists it:
 * mvt, atax, bicg, gesummv, xsbench, nw; then the regular set: sssp, mis, color,
 * backprop, kmeans, hotspot (ISCA'18) and lud (MICRO'18); then the MASK applications of
 * mask_apps.c (ASPLOS'18 Table 2 order); then what MICRO'21 adds: prk (PageRank, Pannotia;
 * bench/results/reach-workloads.md); then HPCA'16's (hpca16.c: sgemm, comd, minife,
 * pathfinder, spmv, cns; docs/papers/paged-memory.md "Workloads"). Names and the papers'
 * abbreviations are looked up case-insensitively, names first: a workload's own name wins
 * over another's alias (MASK's mm, a 4096^3 SGEMM, is not called sgemm: HPCA'16's is).
 */
#include "xlat/workloads.h"
#include "xlat/itrace.h"

#include <stdio.h>
#include <string.h>

static const xl_wl_desc_t *const registry[] = {
    &xl_wl_mvt, &xl_wl_atax, &xl_wl_bicg, &xl_wl_gesummv, &xl_wl_xsbench, &xl_wl_nw,
    &xl_wl_sssp, &xl_wl_mis, &xl_wl_color,
    &xl_wl_backprop, &xl_wl_kmeans, &xl_wl_hotspot, &xl_wl_lud,
};

#define NREG (sizeof registry / sizeof registry[0])

/* After the MASK applications: MICRO'21's (Kotra et al., Table 2) one new application. */
static const xl_wl_desc_t *const registry_m21[] = {&xl_wl_prk};

#define NM21 (sizeof registry_m21 / sizeof registry_m21[0])

/* After them: HPCA'16's (Zheng et al., §4) workloads that none of the above covers. */
static const xl_wl_desc_t *const registry_h16[] = {&xl_wl_sgemm,      &xl_wl_comd,
                                                   &xl_wl_minife,     &xl_wl_pathfinder,
                                                   &xl_wl_spmv,       &xl_wl_cns};

#define NH16 (sizeof registry_h16 / sizeof registry_h16[0])

unsigned xl_wl_count(void)
{
    return (unsigned)NREG + xl_mk_count() + (unsigned)NM21 + (unsigned)NH16;
}

const xl_wl_desc_t *xl_wl_get(unsigned i)
{
    if (i < NREG)
        return registry[i];
    i -= (unsigned)NREG;
    if (i < xl_mk_count())
        return xl_mk_get(i);
    i -= xl_mk_count();
    if (i < NM21)
        return registry_m21[i];
    i -= (unsigned)NM21;
    return i < NH16 ? registry_h16[i] : NULL;
}

static int lower_ascii(int c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

/* Case-insensitive compare of name against the n bytes at tok. */
static int token_eq(const char *tok, size_t n, const char *name)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (name[i] == '\0' || lower_ascii((unsigned char)tok[i]) !=
                                   lower_ascii((unsigned char)name[i]))
            return 0;
    }
    return name[n] == '\0';
}

const xl_wl_desc_t *xl_wl_find(const char *name)
{
    if (!name || !*name)
        return NULL;
    /* a recorded trace, replayed: trace:FILE (docs/traces.md "Replaying") */
    if (!strncmp(name, "trace:", 6))
        return &xl_wl_trace;
    for (unsigned i = 0; i < xl_wl_count(); i++) {   /* names first */
        const xl_wl_desc_t *d = xl_wl_get(i);
        if (token_eq(d->name, strlen(d->name), name))
            return d;
    }
    for (unsigned i = 0; i < xl_wl_count(); i++) {
        const xl_wl_desc_t *d = xl_wl_get(i);
        /* aliases: space-separated tokens, e.g. "atx" */
        const char *p = d->aliases ? d->aliases : "";
        while (*p) {
            while (*p == ' ')
                p++;
            const char *q = p;
            while (*q && *q != ' ')
                q++;
            if (q > p && token_eq(p, (size_t)(q - p), name))
                return d;
            p = q;
        }
    }
    return NULL;
}

uint64_t xl_wl_footprint(const xl_workload_t *wl)
{
    uint64_t sum = 0;
    for (unsigned i = 0; i < wl->nregions; i++)
        sum += wl->regions[i].bytes;
    return sum;
}

uint64_t xl_wl_scaled(uint64_t n, uint32_t scale_ppm)
{
    uint64_t r = (n * scale_ppm + XL_SCALE_ONE - 1u) / XL_SCALE_ONE;
    return r ? r : 1u;
}

void xl_wl_regions(xl_workload_t *wl, unsigned n, const char *const *names,
                   const uint64_t *elems, uint32_t esize)
{
    wl->nregions = n;
    for (unsigned i = 0; i < n; i++) {
        wl->regions[i].name = names[i];
        wl->regions[i].bytes = elems[i] * esize;
    }
}

uint64_t xl_wl_scaled_wgs(const xl_workload_t *wl, uint64_t wgs, uint32_t waves_per_wg)
{
    uint64_t run = xl_wl_scaled(wgs, wl->scale_ppm);
    /* A kernel cut to a fraction of its work-groups that is less than a few rounds of
     * what the GPU holds at once measures its ramp: the first round starts together and
     * floods the walk path, and no later round overlaps it. Keep whole rounds instead. */
    if (wl->params.min_rounds && wl->params.resident_waves && waves_per_wg) {
        uint64_t rounds = ((uint64_t)wl->params.min_rounds * wl->params.resident_waves +
                           waves_per_wg - 1u) / waves_per_wg;
        if (rounds > wgs)
            rounds = wgs;
        if (run < rounds)
            run = rounds;
    }
    return run;
}

int xl_wl_open(xl_workload_t *wl, const char *name, uint32_t scale_ppm, uint64_t seed,
               const xl_wl_params_t *params, char *err, size_t errlen)
{
    memset(wl, 0, sizeof *wl);
    const xl_wl_desc_t *d = xl_wl_find(name);
    if (!d) {
        /* One line naming the bad workload and every known name, in registry order. */
        char known[640];
        size_t off = 0;
        known[0] = '\0';
        for (unsigned i = 0; i < xl_wl_count(); i++) {
            int n = snprintf(known + off, sizeof known - off, "%s%s", i ? " " : "",
                             xl_wl_get(i)->name);
            if (n < 0 || (size_t)n >= sizeof known - off)
                break;
            off += (size_t)n;
        }
        snprintf(err, errlen, "unknown workload '%s' (known: %s)", name ? name : "", known);
        return XL_EINPUT;
    }
    if (scale_ppm == 0 || scale_ppm > XL_SCALE_ONE) {
        snprintf(err, errlen, "workload %s: scale %u ppm is outside 1..%u (0 < scale <= 1)",
                 d->name, scale_ppm, XL_SCALE_ONE);
        return XL_EINPUT;
    }
    wl->desc = d;
    wl->scale_ppm = scale_ppm;
    wl->seed = seed;
    if (params)
        wl->params = *params;
    else
        xl_wl_params_defaults(&wl->params);
    if (d == &xl_wl_trace)   /* its create() takes the file name from priv */
        wl->priv = (void *)(uintptr_t)(name + 6);
    int rc = d->create(wl, err, errlen);
    if (rc != XL_OK) {
        if (d->destroy)
            d->destroy(wl);
        memset(wl, 0, sizeof *wl);
        return rc;
    }
    if (wl->nregions == 0 || wl->nregions > XL_WL_MAX_REGIONS) {
        snprintf(err, errlen, "workload %s declared %u regions (1..%u allowed)", d->name,
                 wl->nregions, XL_WL_MAX_REGIONS);
        xl_wl_close(wl);
        return XL_EINTERNAL;
    }
    /* Layout: "from XL_WL_VA_BASE upward, each aligned to 2 MB and in declaration
     * order" (workload.h). 2 MB alignment lets the driver map any region with 2 MB
     * pages without two regions sharing a page. */
    xl_va_t va = XL_WL_VA_BASE;
    for (unsigned i = 0; i < wl->nregions; i++) {
        xl_region_t *r = &wl->regions[i];
        va = (va + XL_PAGE_2M - 1) & ~(XL_PAGE_2M - 1);
        if (r->bytes == 0 || !r->name || r->bytes > XL_VA_MASK - va) {
            snprintf(err, errlen, "workload %s: region %u has a bad size", d->name, i);
            xl_wl_close(wl);
            return XL_EINTERNAL;
        }
        r->base = va;
        va += r->bytes;
    }
    if (va > (UINT64_C(1) << (XL_VA_BITS - 1))) {   /* canonical lower half */
        snprintf(err, errlen, "workload %s: regions end above 2^47", d->name);
        xl_wl_close(wl);
        return XL_EINTERNAL;
    }
    return XL_OK;
}

void xl_wl_close(xl_workload_t *wl)
{
    if (wl->desc && wl->desc->destroy)
        wl->desc->destroy(wl);
    memset(wl, 0, sizeof *wl);
}

int xl_parse_scale(const char *s, uint32_t *ppm, char *err, size_t errlen)
{
    if (!s || !*s) {
        snprintf(err, errlen, "scale is empty (expected a decimal in (0, 1], e.g. 0.25)");
        return XL_EINPUT;
    }
    /* Fixed point in millionths: integer part (saturated, only 0 or 1 can be valid)
     * and up to 6 decimals; further decimals must be zeros, since anything else would
     * be silently rounded. */
    uint64_t ip = 0, frac = 0;
    unsigned ndec = 0, ndig = 0;
    int dot = 0, lost = 0;
    for (const char *p = s; *p; p++) {
        char c = *p;
        if (c == '.') {
            if (dot) {
                snprintf(err, errlen, "scale '%.40s' is not a decimal number", s);
                return XL_EINPUT;
            }
            dot = 1;
        } else if (c >= '0' && c <= '9') {
            ndig++;
            if (!dot) {
                if (ip < 10)
                    ip = ip * 10 + (uint64_t)(c - '0');
            } else if (ndec < 6) {
                frac = frac * 10 + (uint64_t)(c - '0');
                ndec++;
            } else if (c != '0') {
                lost = 1;
            }
        } else {
            snprintf(err, errlen, "scale '%.40s' is not a decimal number (digits and one "
                     "'.' only, e.g. 0.25)", s);
            return XL_EINPUT;
        }
    }
    if (ndig == 0) {
        snprintf(err, errlen, "scale '%.40s' has no digits", s);
        return XL_EINPUT;
    }
    if (lost) {
        snprintf(err, errlen, "scale '%.40s' has more than 6 decimals (resolution is "
                 "0.000001)", s);
        return XL_EINPUT;
    }
    while (ndec < 6) {
        frac *= 10;
        ndec++;
    }
    uint64_t v = ip * XL_SCALE_ONE + frac;   /* ip <= 10 (saturated): no overflow */
    if (v == 0) {
        snprintf(err, errlen, "scale '%.40s' is zero (must be > 0)", s);
        return XL_EINPUT;
    }
    if (v > XL_SCALE_ONE) {
        snprintf(err, errlen, "scale '%.40s' is above 1 (the paper's size is the maximum)",
                 s);
        return XL_EINPUT;
    }
    *ppm = (uint32_t)v;
    return XL_OK;
}
