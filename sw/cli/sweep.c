/*
 * sweep.c - `xlat sweep`: workloads under each value of one config key, their runtimes
 * and speedups over the first value (the ISCA'18 and MICRO'18 comparisons).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* Split a comma list in place into at most max items; returns the count or -1. */
static int split_list(char *buf, const char **items, unsigned max)
{
    unsigned n = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (n == max)
            return -1;
        items[n++] = tok;
    }
    return (int)n;
}

#define MAX_VALUES 8

/* Speedups and geometric means are a report of the model's integer cycle counts, so
 * floating point is fine here (it never feeds back into a simulation). */
static double geomean(const double *v, unsigned n)
{
    double s = 0;
    for (unsigned i = 0; i < n; i++)
        s += log(v[i]);
    return n ? exp(s / n) : 0;
}

int cmd_sweep(const opts_t *o, char *err, size_t errlen)
{
    char wbuf[CLI_LIST_MAX], vbuf[CLI_LIST_MAX], setb[MAX_VALUES][CLI_NAME_MAX];
    const char *names[MAX_WL], *vals[MAX_VALUES];
    const char *model = o->model ? o->model : "cycle";
    if (!o->key || !o->values) {
        snprintf(err, errlen, "sweep needs --key SECTION.KEY and --values V1,V2,...");
        return XL_EINPUT;
    }
    if (strcmp(model, "cycle")) {   /* the functional model has no time: no runtimes */
        snprintf(err, errlen, "sweep compares runtimes: the cycle-level model only (--model cycle)");
        return XL_EINPUT;
    }
    if (o->workload || o->json || o->events || o->trace || o->gsn_trace || cli_check_unused(o, "sweep", 0, err, errlen)) {
        if (!*err)
            snprintf(err, errlen, "sweep takes --workloads and --json-dir, not --workload, --json, --events, --iommu-trace or --gsn-trace");
        return XL_EINPUT;
    }
    snprintf(wbuf, sizeof wbuf, "%s", o->workloads ? o->workloads : STUDY_DEFAULT);
    snprintf(vbuf, sizeof vbuf, "%s", o->values);
    int nw = split_list(wbuf, names, MAX_WL), nv = split_list(vbuf, vals, MAX_VALUES);
    if (nw <= 0 || nv <= 0) {
        snprintf(err, errlen, "sweep: --workloads and --values need 1 to %d and %d items", MAX_WL,
                 MAX_VALUES);
        return XL_EINPUT;
    }
    for (int i = 0; i < nw; i++)
        if (!xl_wl_find(names[i])) {
            xl_workload_t tmpwl;
            return xl_wl_open(&tmpwl, names[i], o->scale_ppm, 0, NULL, err, errlen);
        }
    /* every configuration is built and checked before anything runs */
    xl_config_t cfg[MAX_VALUES];
    for (int v = 0; v < nv; v++) {
        opts_t ov = *o;
        size_t kl = strlen(o->key), vl = strlen(vals[v]);
        if (kl + 1 + vl >= sizeof setb[v]) {
            snprintf(err, errlen, "sweep: %s=%.40s...: longer than %zu characters", o->key, vals[v],
                     sizeof setb[v] - 1);
            return XL_EINPUT;
        }
        memcpy(setb[v], o->key, kl);   /* KEY=VALUE, known to fit */
        setb[v][kl] = '=';
        memcpy(setb[v] + kl + 1, vals[v], vl + 1);
        if (ov.nsets == MAX_SETS) {
            snprintf(err, errlen, "too many --set options");
            return XL_EINPUT;
        }
        ov.sets[ov.nsets++] = setb[v];
        if (cli_build_config(&ov, &cfg[v], err, errlen) != XL_OK)
            return XL_EINPUT;
    }
    /* every results file is checked before the first run, not found unwritable after it */
    if (o->json_dir) {
        if (cli_out_dir_check("--json-dir", o->json_dir, err, errlen) != XL_OK)
            return XL_EINPUT;
        for (int i = 0; i < nw; i++)
            for (int v = 0; v < nv; v++) {
                char path[PATH_MAX], file[600];
                cli_out_t jo;
                snprintf(file, sizeof file, "%s-%s.json", xl_wl_find(names[i])->name, vals[v]);
                if (cli_out_dir_file(&jo, path, sizeof path, o->json_dir, file, err,
                                     errlen) != XL_OK || cli_out_check(&jo, err, errlen) != XL_OK)
                    return XL_EINPUT;
            }
    }
    uint64_t cyc[MAX_WL][MAX_VALUES], walks[MAX_WL][MAX_VALUES], stall[MAX_WL][MAX_VALUES];
    uint64_t gap[MAX_WL][MAX_VALUES];
    const char *klass[MAX_WL];
    for (int i = 0; i < nw; i++) {
        for (int v = 0; v < nv; v++) {
            xl_workload_t wl;
            xl_stats_t *st = NULL;
            /* runs done out of runs total, then the run's own progress line */
            char label[CLI_NAME_MAX + 64];
            snprintf(label, sizeof label, "[%d/%d] %s %s", i * nv + v + 1, nw * nv, names[i],
                     setb[v]);
            fprintf(stderr, "  %s ...\n", label);
            int rc = cli_run_one(&cfg[v], names[i], o->scale_ppm, model, NULL, NULL, NULL,
                                 cli_prog_mode(o), label, &st, &wl, err, errlen);
            if (rc != XL_OK)
                return rc;
            klass[i] = wl.desc->klass;
            names[i] = wl.desc->name;
            cyc[i][v] = cli_sget(st, "sim.cycles");
            walks[i][v] = cli_sget(st, "iommu.walks");
            stall[i][v] = cli_sget(st, "gpu.stall_cycles");
            gap[i][v] = cli_sget(st, "iommu.gap_first_last_avg");
            if (o->json_dir) {
                char path[PATH_MAX], file[600];
                cli_out_t jo;
                snprintf(file, sizeof file, "%s-%s.json", wl.desc->name, vals[v]);
                rc = cli_out_dir_file(&jo, path, sizeof path, o->json_dir, file, err, errlen);
                if (rc == XL_OK)
                    rc = cli_outs_open(&jo, 1, err, errlen);
                if (rc == XL_OK) {
                    cli_write_results_json(jo.f, &cfg[v], wl.desc->name, o->scale_str, model, st);
                    rc = cli_outs_close(&jo, 1, rc, err, errlen);
                }
            }
            xl_stats_destroy(st);
            xl_wl_close(&wl);
            if (rc != XL_OK)
                return rc;
        }
    }
    printf("xlat %s: sweep of %s over %s, %s model, scale %s, seed %llu\n", XLAT_VERSION, o->key,
           o->values, model, o->scale_str, (unsigned long long)cfg[0].sim.seed);
    printf("\nRuntime (GPU cycles) and speedup over %s=%s\n%-9s %-9s", o->key, vals[0], "workload",
           "class");
    for (int v = 0; v < nv; v++)
        printf(" %13s", vals[v]);
    for (int v = 1; v < nv; v++)
        printf(" %9s", vals[v]);
    printf("\n");
    for (int i = 0; i < nw; i++) {
        printf("%-9s %-9s", names[i], klass[i]);
        for (int v = 0; v < nv; v++)
            printf(" %13llu", (unsigned long long)cyc[i][v]);
        for (int v = 1; v < nv; v++)
            printf(" %8.3fx", (double)cyc[i][0] / (double)cyc[i][v]);
        printf("\n");
    }
    static const char *const classes[] = {"irregular", "regular"};
    for (int k = 0; k < 2; k++) {
        double sp[MAX_WL];
        unsigned n = 0;
        for (int v = 1; v < nv; v++) {
            n = 0;
            for (int i = 0; i < nw; i++)
                if (!strcmp(klass[i], classes[k]))
                    sp[n++] = (double)cyc[i][0] / (double)cyc[i][v];
            if (!n)
                break;
            if (v == 1)
                printf("%-9s %-9s", "geomean", classes[k]), printf("%*s", 14 * nv, "");
            printf(" %8.3fx", geomean(sp, n));
        }
        if (n)
            printf("\n");
    }
    if (nv > 1) {
        printf("\nRelative to %s=%s (value / baseline): walks (Fig 11), stall cycles (Fig 9), "
               "first-to-last walk gap (Fig 10)\n%-9s", o->key, vals[0], "workload");
        for (int v = 1; v < nv; v++)
            printf(" %9s-walk %9s-stall %9s-gap", vals[v], vals[v], vals[v]);
        printf("\n");
        for (int i = 0; i < nw; i++) {
            printf("%-9s", names[i]);
            for (int v = 1; v < nv; v++)
                printf(" %14.3f %15.3f %13.3f", walks[i][0] ? (double)walks[i][v] / walks[i][0] : 0,
                       stall[i][0] ? (double)stall[i][v] / stall[i][0] : 0,
                       gap[i][0] ? (double)gap[i][v] / gap[i][0] : 0);
            printf("\n");
        }
    }
    return XL_OK;
}
