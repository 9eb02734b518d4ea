/*
 * sweep.c - `xlat sweep`: workloads under each value of one config key, their runtimes
 * and speedups over the first value (the ISCA'18 and MICRO'18 comparisons). Each point
 * (workload, value) runs through the execution engine (engine.h, docs/sweeps.md): here,
 * over GNU parallel's logins or as a Slurm job array, resumable from its --store; the
 * table says how many points ran, were skipped and failed, and shows the failed ones.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "engine.h"

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

/* A --json-dir file: WORKLOAD-LABEL.json, a combination's '/' written '_'. */
/* A workload's name in the table, the store and the plan: the registry's (an alias becomes
 * its name), but a recorded trace keeps its path, which is what tells two traces apart. */
static const char *wl_name(const char *n)
{
    return strncmp(n, "trace:", 6) ? xl_wl_find(n)->name : n;
}

static void json_name(char *file, size_t len, const char *wl, const char *label)
{
    snprintf(file, len, "%s-%s.json", wl, label);
    for (char *c = file; *c; c++)
        if (*c == '/')
            *c = '_';
}

#define MAX_VALUES 64   /* a table row of 64 runtimes and 63 speedups is wide enough */

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
    char wbuf[CLI_LIST_MAX], vbuf[CLI_MAX_KEYS][CLI_LIST_MAX];
    char setb[MAX_VALUES][CLI_MAX_KEYS][CLI_NAME_MAX], lab[MAX_VALUES][CLI_NAME_MAX];
    char keys[CLI_NAME_MAX * CLI_MAX_KEYS], values[CLI_LIST_MAX * CLI_MAX_KEYS], base[1024];
    const char *names[MAX_WL], *vals[MAX_VALUES], *kv[CLI_MAX_KEYS][MAX_VALUES];
    int nkv[CLI_MAX_KEYS];
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
    if (o->nkeys != o->nvals) {
        snprintf(err, errlen, "sweep: one --values per --key (%u --key, %u --values)", o->nkeys,
                 o->nvals);
        return XL_EINPUT;
    }
    snprintf(wbuf, sizeof wbuf, "%s", o->workloads ? o->workloads : STUDY_DEFAULT);
    int nw = split_list(wbuf, names, MAX_WL), nv = 1;
    unsigned nk = o->nkeys;
    for (unsigned k = 0; k < nk; k++) {
        snprintf(vbuf[k], sizeof vbuf[k], "%s", o->vals[k]);
        nkv[k] = split_list(vbuf[k], kv[k], MAX_VALUES);
        if (nkv[k] <= 0) {
            nv = 0;
            break;
        }
        nv *= nkv[k];
        if (nv > MAX_VALUES) {
            snprintf(err, errlen, "sweep: more than %d combinations of the values", MAX_VALUES);
            return XL_EINPUT;
        }
    }
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
    /* value v is a combination, one value of each key, the first key's changing slowest;
     * its label is those values joined by '/' */
    xl_config_t cfg[MAX_VALUES];
    for (int v = 0; v < nv; v++) {
        opts_t ov = *o;
        int ik[CLI_MAX_KEYS];
        for (int k = (int)nk - 1, r = v; k >= 0; k--)
            ik[k] = r % nkv[k], r /= nkv[k];
        lab[v][0] = '\0';
        for (unsigned k = 0; k < nk; k++) {
            const char *val = kv[k][ik[k]];
            size_t kl = strlen(o->keys[k]), vl = strlen(val);
            if (kl + 1 + vl >= sizeof setb[v][k] ||
                strlen(lab[v]) + 1 + vl >= sizeof lab[v]) {
                snprintf(err, errlen, "sweep: %s=%.40s...: longer than %zu characters", o->keys[k],
                         val, sizeof setb[v][k] - 1);
                return XL_EINPUT;
            }
            memcpy(setb[v][k], o->keys[k], kl);   /* KEY=VALUE, known to fit */
            setb[v][k][kl] = '=';
            memcpy(setb[v][k] + kl + 1, val, vl + 1);
            snprintf(lab[v] + strlen(lab[v]), sizeof lab[v] - strlen(lab[v]), "%s%s",
                     k ? "/" : "", val);
            if (ov.nsets == MAX_SETS) {
                snprintf(err, errlen, "too many --set options");
                return XL_EINPUT;
            }
            ov.sets[ov.nsets++] = setb[v][k];
        }
        vals[v] = lab[v];
        if (cli_build_config(&ov, &cfg[v], err, errlen) != XL_OK)
            return XL_EINPUT;
    }
    /* what the table's heading says: the keys, their values, the baseline's assignments */
    keys[0] = values[0] = base[0] = '\0';
    for (unsigned k = 0; k < nk; k++) {
        snprintf(keys + strlen(keys), sizeof keys - strlen(keys), "%s%s", k ? " x " : "", o->keys[k]);
        snprintf(values + strlen(values), sizeof values - strlen(values), "%s%s", k ? " x " : "",
                 o->vals[k]);
        snprintf(base + strlen(base), sizeof base - strlen(base), "%s%s", k ? " " : "", setb[0][k]);
    }
    /* every results file is checked before the first run, not found unwritable after it */
    if (o->json_dir) {
        if (cli_out_dir_check("--json-dir", o->json_dir, err, errlen) != XL_OK)
            return XL_EINPUT;
        for (int i = 0; i < nw; i++)
            for (int v = 0; v < nv; v++) {
                char path[PATH_MAX], file[600];
                cli_out_t jo;
                json_name(file, sizeof file, wl_name(names[i]), vals[v]);
                if (cli_out_dir_file(&jo, path, sizeof path, o->json_dir, file, err,
                                     errlen) != XL_OK || cli_out_check(&jo, err, errlen) != XL_OK)
                    return XL_EINPUT;
            }
    }
    /* the points, workload by workload, each value in turn; run by the engine, each into
     * the store under its key (engine.h) */
    cli_eng_t eng;
    int rc = cli_eng_open(&eng, o, model, err, errlen);
    if (rc != XL_OK)
        return rc;
    if (strlen(o->scale_str) >= 40 || strcspn(o->scale_str, " \t\n") != strlen(o->scale_str)) {
        snprintf(err, errlen, "sweep: --scale '%.40s': not a plain number", o->scale_str);
        cli_eng_close(&eng, NULL, 0);
        return XL_EINPUT;
    }
    unsigned np = (unsigned)(nw * nv);
    const char *klass[MAX_WL];
    cli_point_t *pt = calloc(np, sizeof *pt);
    if (!pt) {
        cli_eng_close(&eng, NULL, 0);
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    for (int i = 0; i < nw; i++) {
        klass[i] = xl_wl_find(names[i])->klass;
        names[i] = wl_name(names[i]);
        for (int v = 0; v < nv && rc == XL_OK; v++) {
            cli_point_t *p = &pt[i * nv + v];
            p->cfg = &cfg[v];
            p->workload = names[i];
            rc = cli_eng_key(&eng, &cfg[v], names[i], p->key, err, errlen);
        }
    }
    if (rc == XL_OK) {
        fprintf(stderr, "  sweep: %u points (%d workloads x %d values), store %s ...\n", np, nw,
                nv, eng.tmp_store ? "temporary" : eng.store);
        rc = cli_eng_run(&eng, pt, np, err, errlen);
    }
    if (rc != XL_OK) {
        cli_eng_close(&eng, pt, np);
        free(pt);
        return rc;
    }
    /* the finished points' counters read back from the store; a file that cannot be read
     * makes its point failed, never a silent zero */
    cli_pt_stats_t (*sv)[MAX_VALUES] = calloc(MAX_WL, sizeof *sv);   /* 64 KB: off the stack */
    int okp[MAX_WL][MAX_VALUES];
    if (!sv) {
        cli_eng_close(&eng, pt, np);
        free(pt);
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    for (int i = 0; i < nw; i++)
        for (int v = 0; v < nv; v++) {
            cli_point_t *p = &pt[i * nv + v];
            okp[i][v] = p->state != CLI_PT_FAILED;
            if (okp[i][v] && cli_eng_read(&eng, p, &sv[i][v], err, errlen) != XL_OK) {
                fprintf(stderr, "xlat: %s\n", err);
                okp[i][v] = 0;
                if (p->state == CLI_PT_RAN)
                    eng.ran--;
                else
                    eng.skipped--;
                p->state = CLI_PT_FAILED;
                eng.failed++;
            }
            if (okp[i][v] && o->json_dir) {   /* the store's file, copied under its old name */
                char path[PATH_MAX], file[600], src[PATH_MAX];
                cli_out_t jo;
                json_name(file, sizeof file, names[i], vals[v]);
                cli_eng_result_path(&eng, p, src, sizeof src);
                rc = cli_out_dir_file(&jo, path, sizeof path, o->json_dir, file, err, errlen);
                if (rc == XL_OK)
                    rc = cli_outs_open(&jo, 1, err, errlen);
                if (rc == XL_OK) {
                    FILE *in = fopen(src, "rb");
                    char buf[8192];
                    size_t k;
                    if (!in) {
                        snprintf(err, errlen, "%s: cannot open: %s", src, strerror(errno));
                        rc = XL_EINTERNAL;
                    } else {
                        while ((k = fread(buf, 1, sizeof buf, in)) > 0)
                            fwrite(buf, 1, k, jo.f);
                        if (ferror(in))
                            rc = XL_EINTERNAL, snprintf(err, errlen, "%s: cannot read", src);
                        fclose(in);
                    }
                    rc = cli_outs_close(&jo, 1, rc, err, errlen);
                }
                if (rc != XL_OK) {
                    cli_eng_close(&eng, pt, np);
                    free(sv);
                    free(pt);
                    return rc;
                }
            }
        }
    printf("xlat %s: sweep of %s over %s, %s model, scale %s, seed %llu\n", XLAT_VERSION, keys,
           values, model, o->scale_str, (unsigned long long)cfg[0].sim.seed);
    printf("\nRuntime (GPU cycles) and speedup over %s\n%-9s %-9s", base, "workload", "class");
    for (int v = 0; v < nv; v++)
        printf(" %13s", vals[v]);
    for (int v = 1; v < nv; v++)
        printf(" %9s", vals[v]);
    printf("\n");
    for (int i = 0; i < nw; i++) {
        printf("%-9s %-9s", names[i], klass[i]);
        for (int v = 0; v < nv; v++)
            if (okp[i][v])
                printf(" %13llu", (unsigned long long)sv[i][v].cycles);
            else
                printf(" %13s", "failed");
        for (int v = 1; v < nv; v++)
            if (okp[i][0] && okp[i][v])
                printf(" %8.3fx", (double)sv[i][0].cycles / (double)sv[i][v].cycles);
            else
                printf(" %9s", "-");
        printf("\n");
    }
    /* a class's geomean over its workloads with both points finished */
    static const char *const classes[] = {"irregular", "regular"};
    for (int k = 0; k < 2; k++) {
        double sp[MAX_WL];
        unsigned n = 0, shown = 0;
        for (int v = 1; v < nv; v++) {
            n = 0;
            for (int i = 0; i < nw; i++)
                if (!strcmp(klass[i], classes[k]) && okp[i][0] && okp[i][v])
                    sp[n++] = (double)sv[i][0].cycles / (double)sv[i][v].cycles;
            int any = 0;
            for (int i = 0; i < nw; i++)
                any |= !strcmp(klass[i], classes[k]);
            if (!any)
                break;
            if (!shown++)
                printf("%-9s %-9s", "geomean", classes[k]), printf("%*s", 14 * nv, "");
            if (n)
                printf(" %8.3fx", geomean(sp, n));
            else
                printf(" %9s", "-");
        }
        if (shown)
            printf("\n");
    }
    if (nv > 1) {
        printf("\nRelative to %s (value / baseline): walks (Fig 11), stall cycles (Fig 9), "
               "first-to-last walk gap (Fig 10)\n%-9s", base, "workload");
        for (int v = 1; v < nv; v++)
            printf(" %9s-walk %9s-stall %9s-gap", vals[v], vals[v], vals[v]);
        printf("\n");
        for (int i = 0; i < nw; i++) {
            printf("%-9s", names[i]);
            for (int v = 1; v < nv; v++) {
                const cli_pt_stats_t *a = &sv[i][0], *b = &sv[i][v];
                if (okp[i][0] && okp[i][v])
                    printf(" %14.3f %15.3f %13.3f", a->walks ? (double)b->walks / a->walks : 0,
                           a->stall ? (double)b->stall / a->stall : 0,
                           a->gap ? (double)b->gap / a->gap : 0);
                else
                    printf(" %14s %15s %13s", "-", "-", "-");
            }
            printf("\n");
        }
    }
    /* what this invocation did: a restarted sweep skips what is in the store */
    printf("\npoints: %u, ran %u, skipped %u (already done), failed %u\n", np, eng.ran,
           eng.skipped, eng.failed);
    unsigned failed = eng.failed;
    if (failed)
        snprintf(err, errlen, "sweep: %u of %u points failed after %u retr%s (shown as failed; "
                 "run the sweep again with the same --store to finish them)", failed, np,
                 eng.retries, eng.retries == 1 ? "y" : "ies");
    cli_eng_close(&eng, pt, np);
    free(sv);
    free(pt);
    return failed ? XL_EINTERNAL : XL_OK;
}
