/*
 * run.c - `xlat run`: one workload, or several at once (A+B), through the cycle-level or
 * the functional model; its statistics printed and optionally written as results JSON,
 * with the IOMMU event log and trace (docs/design.md "What a user runs").
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "xlat/funcsys.h"
#include "xlat/itrace.h"
#include "xlat/sim.h"
#include "xlat/uvm_sys.h"

/* Run one workload under one model; stats go into *st (created here). */
/* A replayed trace that failed while streaming (a read error, a block damaged since it
 * was opened) has ended its wavefronts early: the run does not count. */
static int trace_failed(const xl_workload_t *wl, char *err, size_t errlen)
{
    const xl_itr_t *tr = xl_wl_trace_reader(wl);
    if (!tr || !xl_itr_error(tr))
        return XL_OK;
    snprintf(err, errlen, "%s", xl_itr_error(tr));
    return XL_EINPUT;
}

int cli_run_one(const xl_config_t *c, const char *name, uint32_t scale_ppm, const char *model,
                FILE *events, FILE *trace, FILE *gsn, cli_prog_t prog, const char *label, xl_stats_t **st,
                xl_workload_t *wl, char *err, size_t errlen)
{
    xl_wl_params_t wp;
    xl_config_wl_params(c, &wp);
    int rc = xl_wl_open(wl, name, scale_ppm, c->sim.seed, &wp, err, errlen);
    if (rc != XL_OK)
        return rc;
    *st = xl_stats_create();
    if (!*st) {
        snprintf(err, errlen, "out of host memory");
        xl_wl_close(wl);
        return XL_EINTERNAL;
    }
    if (!strcmp(model, "functional")) {
        xl_func_t *f = NULL;
        rc = xl_func_create(&f, c, wl, err, errlen);
        if (rc == XL_OK)
            rc = xl_func_run(f, err, errlen);
        if (rc == XL_OK) {
            xl_func_stats(f, *st);
            xl_stats_freeze(*st);   /* f is destroyed below */
        }
        xl_func_destroy(f);
    } else if (c->paging.mode != XL_PAGING_OFF) {
        /* HPCA'16 paged memory: the runtime of the [uvm] keys is the system's host */
        xl_uvm_sys_t *u = NULL;
        rc = xl_uvm_sys_create(&u, c, wl, err, errlen);
        if (rc == XL_OK && (events || trace || gsn)) {
            rc = XL_EINPUT;
            snprintf(err, errlen, "--events, --iommu-trace and --gsn-trace are not written for paged runs (paging.mode)");
        }
        if (rc == XL_OK)
            rc = xl_uvm_sys_run(u, err, errlen);
        if (rc == XL_OK) {
            xl_uvm_sys_stats(u, *st);
            xl_stats_freeze(*st);
        }
        xl_uvm_sys_destroy(u);
    } else {
        xl_sim_t *g = NULL;
        rc = xl_sim_create(&g, c, wl, err, errlen);
        if (rc == XL_OK) {
            xl_sim_set_events(g, events);
            if (xl_sim_set_iommu_trace(g, trace) != XL_OK) {
                rc = XL_EINPUT;
                snprintf(err, errlen, "--iommu-trace: pwc.fill = 0 has no RTL build to replay on");
            } else if (xl_sim_set_gsn_trace(g, gsn) != XL_OK) {
                rc = XL_EINPUT;   /* checked by the callers before the run */
                snprintf(err, errlen, "--gsn-trace needs dram.sched = gsn");
            } else {
                const xl_workload_t *one = wl;
                rc = cli_sim_run(g, prog, label, &one, 1, err, errlen);
            }
        }
        if (rc == XL_OK) {
            xl_sim_stats(g, *st);
            xl_stats_freeze(*st);
        }
        xl_sim_destroy(g);
    }
    if (rc == XL_OK)
        rc = trace_failed(wl, err, errlen);
    if (rc != XL_OK) {
        xl_stats_destroy(*st);
        *st = NULL;
        xl_wl_close(wl);
    }
    return rc;
}

void cli_write_results_json(FILE *f, const xl_config_t *c, const char *workload,
                            const char *scale, const char *model, const xl_stats_t *st)
{
    fprintf(f, "{\n  \"xlat_version\": \"%s\",\n  \"model\": \"%s\",\n", XLAT_VERSION, model);
    fprintf(f, "  \"workload\": \"%s\",\n  \"scale\": \"%s\",\n  \"seed\": %llu,\n",
            workload, scale, (unsigned long long)c->sim.seed);
    fputs("  \"config\": ", f);
    xl_config_write_json(c, f, 4);
    fputs(",\n  \"stats\": ", f);
    xl_stats_write_json(st, f, 4);
    fputs("\n}\n", f);
}

/* --gsn-trace's check before anything runs: the Golden/Silver/Normal blocks exist only
 * under dram.sched = gsn. */
static int gsn_trace_check(const opts_t *o, const xl_config_t *c, char *err, size_t errlen)
{
    if (o->gsn_trace && c->dram.sched != XL_DSCHED_GSN) {
        snprintf(err, errlen, "--gsn-trace records the Golden/Silver/Normal DRAM queues: it "
                 "needs dram.sched = gsn (--design mask-dram, --design mask or --set "
                 "dram.sched=gsn)");
        return XL_EINPUT;
    }
    return XL_OK;
}

/* The first line of a DRAM-boundary trace (its format: model/README.md). */
static void gsn_trace_head(FILE *f, const char *workload, const xl_config_t *c)
{
    if (f)
        fprintf(f, "# xlat %s DRAM-boundary trace (every edge of every channel's xl_dram_gsn "
                "block), workload %s, seed %llu; format: model/README.md\n", XLAT_VERSION,
                workload, (unsigned long long)c->sim.seed);
}

/* A trace's recorded scale as --scale would have been written ("0.001", "1"). */
static const char *trace_scale(char sc[16], uint32_t ppm)
{
    snprintf(sc, 16, "%u.%06u", ppm / XL_SCALE_ONE, ppm % XL_SCALE_ONE);
    for (char *e = sc + strlen(sc) - 1; *e == '0' || *e == '.'; e--) {
        int dot = *e == '.';
        *e = '\0';
        if (dot)
            break;
    }
    return sc;
}

void cli_results_label(const xl_workload_t *wl, const char *asked, const char *scale_str,
                       char sc[16], const char **name, const char **scale)
{
    const xl_itr_t *tr = xl_wl_trace_reader(wl);
    *name = tr ? asked : wl->desc->name;
    *scale = tr ? trace_scale(sc, xl_itr_scale_ppm(tr)) : scale_str;
}

/* run --workload A+B[+...]: the applications at once on one GPU (sim.h
 * xl_sim_create_apps: each its own address space and an even share of the CUs). The
 * cycle-level model only; no IOMMU trace (its format has one address space). */
static int run_apps(const opts_t *o, char *err, size_t errlen)
{
    xl_config_t c;
    xl_workload_t wl[XL_SIM_MAX_APPS];
    const xl_workload_t *wls[XL_SIM_MAX_APPS];
    char names[CLI_NAME_MAX];
    unsigned n = 0;
    int rc = XL_OK;
    if (o->model && strcmp(o->model, "cycle")) {
        snprintf(err, errlen, "several workloads (%s) need the cycle-level model", o->workload);
        return XL_EINPUT;
    }
    if (o->trace) {
        snprintf(err, errlen, "--iommu-trace takes one workload (its format has one address space)");
        return XL_EINPUT;
    }
    if (o->record) {
        snprintf(err, errlen, "--record takes one workload: record each (xlat run --workload A "
                 "--record A.xlt), then run trace:A.xlt+trace:B.xlt");
        return XL_EINPUT;
    }
    if (strlen(o->workload) >= sizeof names) {
        snprintf(err, errlen, "--workload: too long");
        return XL_EINPUT;
    }
    strcpy(names, o->workload);
    char *save = NULL;
    for (char *t = strtok_r(names, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
        if (n == XL_SIM_MAX_APPS) {
            snprintf(err, errlen, "--workload %s: at most %u workloads at once", o->workload,
                     XL_SIM_MAX_APPS);
            return XL_EINPUT;
        }
        if (!xl_wl_find(t)) {
            xl_workload_t bad;
            return xl_wl_open(&bad, t, o->scale_ppm, 0, NULL, err, errlen);
        }
        wls[n++] = NULL;
    }
    if (n < 2 || o->workload[0] == '+' || o->workload[strlen(o->workload) - 1] == '+' ||
        strstr(o->workload, "++")) {
        snprintf(err, errlen, "--workload %s: name workloads joined by '+', e.g. mvt+bicg",
                 o->workload);
        return XL_EINPUT;
    }
    if (cli_build_config(o, &c, err, errlen) != XL_OK || gsn_trace_check(o, &c, err, errlen))
        return XL_EINPUT;
    /* the outputs are checked and opened before the run: a bad path costs no simulation */
    cli_out_t out[3];
    unsigned nout = 0;
    int ji = -1, ei = -1, gi = -1;
    if (o->json)
        ji = (int)nout, cli_out_init(&out[nout++], "--json", o->json);
    if (o->events)
        ei = (int)nout, cli_out_init(&out[nout++], "--events", o->events);
    if (o->gsn_trace)
        gi = (int)nout, cli_out_init(&out[nout++], "--gsn-trace", o->gsn_trace);
    if ((rc = cli_outs_open(out, nout, err, errlen)) != XL_OK)
        return rc;
    FILE *jf = ji >= 0 ? out[ji].f : NULL, *ef = ei >= 0 ? out[ei].f : NULL;
    FILE *gf = gi >= 0 ? out[gi].f : NULL;
    xl_wl_params_t wp;
    xl_config_wl_params(&c, &wp);
    unsigned opened = 0;
    strcpy(names, o->workload);
    save = NULL;
    for (char *t = strtok_r(names, "+", &save); t && rc == XL_OK; t = strtok_r(NULL, "+", &save)) {
        rc = xl_wl_open(&wl[opened], t, o->scale_ppm, c.sim.seed, &wp, err, errlen);
        if (rc == XL_OK)
            wls[opened] = &wl[opened], opened++;
    }
    xl_sim_t *g = NULL;
    xl_stats_t *st = NULL;
    if (rc == XL_OK)
        rc = xl_sim_create_apps(&g, &c, wls, n, err, errlen);
    if (rc == XL_OK) {
        if (ef)
            fprintf(ef, "# xlat %s IOMMU event log, workloads %s, seed %llu; format: model/README.md\n",
                    XLAT_VERSION, o->workload, (unsigned long long)c.sim.seed);
        xl_sim_set_events(g, ef);
        gsn_trace_head(gf, o->workload, &c);
        if (xl_sim_set_gsn_trace(g, gf) != XL_OK) {
            rc = XL_EINPUT;
            snprintf(err, errlen, "--gsn-trace needs dram.sched = gsn");
        } else {
            rc = cli_sim_run(g, cli_prog_mode(o), o->workload, wls, n, err, errlen);
        }
    }
    if (rc == XL_OK && !(st = xl_stats_create())) {
        snprintf(err, errlen, "out of host memory");
        rc = XL_EINTERNAL;
    }
    for (unsigned i = 0; rc == XL_OK && i < opened; i++)
        rc = trace_failed(&wl[i], err, errlen);
    if (rc == XL_OK) {
        xl_sim_stats(g, st);
        xl_stats_freeze(st);
    }
    /* with --json -, --events - or --gsn-trace -, standard output carries that file and
     * nothing else */
    if (rc == XL_OK && !cli_outs_stdout(out, nout)) {
        printf("xlat %s: cycle-level run of %s (%u applications at once, each its own address "
               "space and %u or %u CUs), scale %s, seed %llu\n", XLAT_VERSION, o->workload, n,
               c.gpu.cus / n, (c.gpu.cus + n - 1) / n, o->scale_str, (unsigned long long)c.sim.seed);
        if (!o->quiet) {
            printf("\n# effective configuration\n");
            xl_config_write_ini(&c, stdout);
            printf("\n# statistics\n");
        }
        xl_stats_print(st, stdout);
    }
    /* replayed traces all recorded at one scale: that scale, as a single trace's run;
     * otherwise the run's own */
    const char *scale = o->scale_str, *nm, *si;
    char sc[16], sc1[16];
    for (unsigned i = 0; rc == XL_OK && i < opened; i++) {
        cli_results_label(&wl[i], o->workload, o->scale_str, i ? sc1 : sc, &nm, &si);
        if (!i) {
            scale = si;
        } else if (strcmp(scale, si)) {
            scale = o->scale_str;
            break;
        }
    }
    if (jf && rc == XL_OK)
        cli_write_results_json(jf, &c, o->workload, scale, "cycle", st);
    rc = cli_outs_close(out, nout, rc, err, errlen);
    xl_stats_destroy(st);
    xl_sim_destroy(g);
    for (unsigned i = 0; i < opened; i++)
        xl_wl_close(&wl[i]);
    return rc;
}


/* run --record FILE: the workload's trace, written before the run (docs/traces.md
 * "Recording"); the run then goes on as without it. */
static int record(const opts_t *o, const xl_config_t *c, char *err, size_t errlen)
{
    if (!strcmp(o->record, "-")) {
        snprintf(err, errlen, "--record needs a file (a trace is written with seeks), not -");
        return XL_EINPUT;
    }
    int zstd = o->compress ? !strcmp(o->compress, "zstd") : xl_itrace_have_zstd();
    xl_wl_params_t wp;
    xl_workload_t wl;
    xl_config_wl_params(c, &wp);
    int rc = xl_wl_open(&wl, o->workload, o->scale_ppm, c->sim.seed, &wp, err, errlen);
    if (rc != XL_OK)
        return rc;
    uint64_t n = 0;
    const xl_itr_t *tr = xl_wl_trace_reader(&wl);
    rc = cli_record(&wl, tr ? xl_itr_workload(tr) : wl.desc->name, o->record, zstd, &n, err,
                    errlen);
    xl_wl_close(&wl);
    return rc;
}

int cmd_run(const opts_t *o, char *err, size_t errlen)
{
    xl_config_t c;
    xl_workload_t wl;
    xl_stats_t *st = NULL;
    cli_out_t out[4];
    unsigned nout = 0;
    const char *model = o->model ? o->model : "cycle";
    if (o->workloads || o->json_dir || o->key || o->values) {
        snprintf(err, errlen, "run takes --workload and --json (--workloads, --json-dir, --key, "
                 "--values belong to study and sweep)");
        return XL_EINPUT;
    }
    if (cli_check_unused(o, "run", 0, err, errlen))
        return XL_EINPUT;
    if (!o->workload) {
        snprintf(err, errlen, "run needs --workload NAME (see xlat list)");
        return XL_EINPUT;
    }
    if (strchr(o->workload, '+'))
        return run_apps(o, err, errlen);
    if (!xl_wl_find(o->workload)) {   /* fail before any work, with the known names */
        return xl_wl_open(&wl, o->workload, o->scale_ppm, 0, NULL, err, errlen);
    }
    if ((o->events || o->trace || o->gsn_trace) && !strcmp(model, "functional")) {
        snprintf(err, errlen, "%s needs the cycle-level model (--model cycle)",
                 o->events ? "--events" : o->trace ? "--iommu-trace" : "--gsn-trace");
        return XL_EINPUT;
    }
    if (cli_build_config(o, &c, err, errlen) != XL_OK || gsn_trace_check(o, &c, err, errlen))
        return XL_EINPUT;
    /* the outputs are checked and opened before the run: a bad path costs no simulation */
    int ji = -1, ei = -1, ti = -1, gi = -1;
    if (o->json)
        ji = (int)nout, cli_out_init(&out[nout++], "--json", o->json);
    if (o->events)
        ei = (int)nout, cli_out_init(&out[nout++], "--events", o->events);
    if (o->trace)
        ti = (int)nout, cli_out_init(&out[nout++], "--iommu-trace", o->trace);
    if (o->gsn_trace)
        gi = (int)nout, cli_out_init(&out[nout++], "--gsn-trace", o->gsn_trace);
    int rc = cli_outs_open(out, nout, err, errlen);
    if (rc != XL_OK)
        return rc;
    FILE *jf = ji >= 0 ? out[ji].f : NULL, *ef = ei >= 0 ? out[ei].f : NULL;
    FILE *tf = ti >= 0 ? out[ti].f : NULL, *gf = gi >= 0 ? out[gi].f : NULL;
    if (o->record && (rc = record(o, &c, err, errlen)) != XL_OK)
        return cli_outs_close(out, nout, rc, err, errlen);
    if (ef)
        fprintf(ef, "# xlat %s IOMMU event log, workload %s, seed %llu; format: model/README.md\n",
                XLAT_VERSION, o->workload, (unsigned long long)c.sim.seed);
    gsn_trace_head(gf, o->workload, &c);
    rc = cli_run_one(&c, o->workload, o->scale_ppm, model, ef, tf, gf, cli_prog_mode(o),
                     o->workload, &st, &wl, err, errlen);
    if (rc != XL_OK)
        return cli_outs_close(out, nout, rc, err, errlen);
    /* with --json -, --events -, --iommu-trace - or --gsn-trace -, standard output carries
     * that file and nothing else, so it can be piped straight into a JSON reader */
    const xl_itr_t *tr = xl_wl_trace_reader(&wl);
    if (!cli_outs_stdout(out, nout) && tr) {
        printf("xlat %s: %s run of trace %s (recorded from %s at scale %.6g, seed %llu; "
               "the trace fixes the workload: [workload] keys do not apply), seed %llu\n",
               XLAT_VERSION, !strcmp(model, "cycle") ? "cycle-level" : "functional",
               o->workload + 6, *xl_itr_workload(tr) ? xl_itr_workload(tr) : "?",
               xl_itr_scale_ppm(tr) / 1e6, (unsigned long long)xl_itr_seed(tr),
               (unsigned long long)c.sim.seed);
    } else if (!cli_outs_stdout(out, nout)) {
        printf("xlat %s: %s run of %s (%s, %s), scale %s, seed %llu\n", XLAT_VERSION,
               !strcmp(model, "cycle") ? "cycle-level" : "functional",
               wl.desc->name, wl.desc->suite, wl.desc->klass, o->scale_str,
               (unsigned long long)c.sim.seed);
    }
    if (!cli_outs_stdout(out, nout)) {   /* the same report for a generator and a trace */
        if (!o->quiet) {
            printf("\n# effective configuration\n");
            xl_config_write_ini(&c, stdout);
            printf("\n# statistics\n");
        }
        xl_stats_print(st, stdout);
    }
    if (jf) {
        char sc[16];
        const char *nm, *si;
        cli_results_label(&wl, o->workload, o->scale_str, sc, &nm, &si);
        cli_write_results_json(jf, &c, nm, si, model, st);
    }
    rc = cli_outs_close(out, nout, rc, err, errlen);
    xl_stats_destroy(st);
    xl_wl_close(&wl);
    return rc;
}

uint64_t cli_sget(const xl_stats_t *st, const char *name)
{
    uint64_t v = 0;
    xl_stats_get(st, name, &v);
    return v;
}
