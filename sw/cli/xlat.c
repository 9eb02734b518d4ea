/*
 * xlat.c - the command-line front end (docs/design.md "What a user runs").
 *
 *   xlat run   [--preset NAME] [--config FILE] --workload NAME [--scale F] [--seed N]
 *              [--set section.key=value ...] [--json FILE] [--quiet]
 *   xlat study [--preset NAME] [--config FILE] [--workloads a,b,...] [--scale F] [--seed N]
 *              [--set ...] [--json-dir DIR]
 *   xlat list [workloads|presets]
 *   xlat config [--preset NAME] [--config FILE] [--set ...]   print the effective config
 *   xlat keys                                                 every config key, documented
 *
 * Configuration is layered: built-in defaults, then the preset (isca18 when neither
 * --preset nor --config is given), then --config FILE, then each --set in order.
 * Every option is checked before anything runs; bad input prints one line and exits 2.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <strings.h>
#include <unistd.h>

#include "xlat/config.h"
#include "xlat/funcsys.h"
#include "xlat/sim.h"
#include "xlat/stats.h"
#include "xlat/workloads.h"

#define XLAT_VERSION "0.1.0"
#define MAX_SETS 64
#define MAX_WL 32

typedef struct {
    const char *preset, *config, *workload, *workloads, *json, *json_dir;
    const char *model, *events, *trace, *key, *values;
    const char *files[MAX_WL];
    unsigned nfiles;
    const char *sets[MAX_SETS];
    unsigned nsets;
    uint32_t scale_ppm;
    const char *scale_str;
    int have_seed, have_scale, quiet;
    uint64_t seed;
} opts_t;

static void usage(FILE *f)
{
    fputs("usage: xlat <command> [options]\n"
          "commands:\n"
          "  run     run one workload through the translation system and print its statistics\n"
          "  study   run a set of workloads on the functional model: ISCA'18 motivation tables\n"
          "  sweep   run workloads under each value of one config key; speedup table\n"
          "  compare print a speedup table of results JSON files (first = baseline)\n"
          "  list    list workloads and presets (list workloads | list presets)\n"
          "  config  print the effective configuration as INI\n"
          "  keys    list every configuration key with its default, unit and meaning\n"
          "options:\n"
          "  --preset NAME        start from a built-in preset (default isca18)\n"
          "  --config FILE        apply an INI file after the preset\n"
          "  --set SEC.KEY=VALUE  override one key (repeatable, applied last)\n"
          "  --workload NAME      workload to run (run); A+B runs several at once, each in its\n"
          "                       own address space on an even share of the CUs\n"
          "  --workloads A,B,...  workloads of a study (default: mvt,atax,bicg,gesummv,xsbench,nw)\n"
          "  --scale F            fraction of the paper-sized work, 0 < F <= 1 (default 1)\n"
          "  --seed N             seed of every random choice (sets sim.seed)\n"
          "  --json FILE          write results as JSON (run)\n"
          "  --json-dir DIR       write one results JSON per workload (study)\n"
          "  --quiet              print statistics only, not the configuration (run)\n"
          "  --model cycle|functional  the cycle-level model (default) or the untimed one\n"
          "  --events FILE        write the IOMMU event log (run, cycle model)\n"
          "  --iommu-trace FILE   write the walk path's per-cycle inputs for RTL replay (run)\n"
          "  --key SEC.KEY --values V1,V2,...  the key and values of a sweep\n"
          "exit status: 0 success, 2 bad input, 1 internal error\n", f);
}

static int bad(const char *msg)
{
    fprintf(stderr, "xlat: %s\n", msg);
    return XL_EINPUT;
}

static int parse_u64(const char *s, uint64_t *v)
{
    char *end;
    if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
        return -1;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (errno || *end)
        return -1;
    *v = (uint64_t)x;
    return 0;
}

static int parse_opts(int argc, char **argv, opts_t *o, char *err, size_t errlen)
{
    memset(o, 0, sizeof *o);
    o->scale_ppm = XL_SCALE_ONE;
    o->scale_str = "1";
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED()                                                                    \
    do {                                                                          \
        if (!v) {                                                                 \
            snprintf(err, errlen, "option %s needs a value", a);                  \
            return XL_EINPUT;                                                     \
        }                                                                         \
        i++;                                                                      \
    } while (0)
        if (!strcmp(a, "--preset")) { NEED(); o->preset = v; }
        else if (!strcmp(a, "--config")) { NEED(); o->config = v; }
        else if (!strcmp(a, "--workload")) { NEED(); o->workload = v; }
        else if (!strcmp(a, "--workloads")) { NEED(); o->workloads = v; }
        else if (!strcmp(a, "--json")) { NEED(); o->json = v; }
        else if (!strcmp(a, "--json-dir")) { NEED(); o->json_dir = v; }
        else if (!strcmp(a, "--quiet")) { o->quiet = 1; }
        else if (!strcmp(a, "--model")) {
            NEED();
            if (strcmp(v, "cycle") && strcmp(v, "functional")) {
                snprintf(err, errlen, "--model '%s': expected cycle or functional", v);
                return XL_EINPUT;
            }
            o->model = v;
        }
        else if (!strcmp(a, "--events")) { NEED(); o->events = v; }
        else if (!strcmp(a, "--iommu-trace")) { NEED(); o->trace = v; }
        else if (!strcmp(a, "--key")) { NEED(); o->key = v; }
        else if (!strcmp(a, "--values")) { NEED(); o->values = v; }
        else if (a[0] != '-' && o->nfiles < MAX_WL) { o->files[o->nfiles++] = a; }
        else if (!strcmp(a, "--scale")) {
            NEED();
            if (xl_parse_scale(v, &o->scale_ppm, err, errlen) != XL_OK)
                return XL_EINPUT;
            o->scale_str = v;
            o->have_scale = 1;
        } else if (!strcmp(a, "--seed")) {
            NEED();
            if (parse_u64(v, &o->seed)) {
                snprintf(err, errlen, "--seed '%s' is not an unsigned integer", v);
                return XL_EINPUT;
            }
            o->have_seed = 1;
        } else if (!strcmp(a, "--set")) {
            NEED();
            if (o->nsets == MAX_SETS) {
                snprintf(err, errlen, "more than %d --set options", MAX_SETS);
                return XL_EINPUT;
            }
            o->sets[o->nsets++] = v;
        } else {
            snprintf(err, errlen, "unknown option '%s' (see xlat --help)", a);
            return XL_EINPUT;
        }
#undef NEED
    }
    return XL_OK;
}

/* Defaults, preset, config file, --seed, --set; then cross-key validation. */
static int build_config(const opts_t *o, xl_config_t *c, char *err, size_t errlen)
{
    xl_config_defaults(c);
    const char *preset = o->preset ? o->preset : (o->config ? NULL : "isca18");
    if (preset && xl_config_load_preset(c, preset, err, errlen) != XL_OK)
        return XL_EINPUT;
    if (o->config && xl_config_load_file(c, o->config, err, errlen) != XL_OK)
        return XL_EINPUT;
    if (o->have_seed)
        c->sim.seed = o->seed;
    for (unsigned i = 0; i < o->nsets; i++)
        if (xl_config_set(c, o->sets[i], err, errlen) != XL_OK)
            return XL_EINPUT;
    return xl_config_validate(c, err, errlen);
}

/* Run one workload under one model; stats go into *st (created here). */
static int run_one(const xl_config_t *c, const char *name, uint32_t scale_ppm, const char *model,
                   FILE *events, FILE *trace, xl_stats_t **st, xl_workload_t *wl, char *err,
                   size_t errlen)
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
    } else {
        xl_sim_t *g = NULL;
        rc = xl_sim_create(&g, c, wl, err, errlen);
        if (rc == XL_OK) {
            xl_sim_set_events(g, events);
            xl_sim_set_iommu_trace(g, trace);
            xl_sim_set_progress(g, isatty(2) ? stderr : NULL);
            rc = xl_sim_run(g, err, errlen);
        }
        if (rc == XL_OK) {
            xl_sim_stats(g, *st);
            xl_stats_freeze(*st);
        }
        xl_sim_destroy(g);
    }
    if (rc != XL_OK) {
        xl_stats_destroy(*st);
        *st = NULL;
        xl_wl_close(wl);
    }
    return rc;
}

static void write_results_json(FILE *f, const xl_config_t *c, const xl_workload_t *wl,
                               const char *scale, const char *model, const xl_stats_t *st)
{
    fprintf(f, "{\n  \"xlat_version\": \"%s\",\n  \"model\": \"%s\",\n", XLAT_VERSION, model);
    fprintf(f, "  \"workload\": \"%s\",\n  \"scale\": \"%s\",\n  \"seed\": %llu,\n",
            wl->desc->name, scale, (unsigned long long)c->sim.seed);
    fputs("  \"config\": ", f);
    xl_config_write_json(c, f, 4);
    fputs(",\n  \"stats\": ", f);
    xl_stats_write_json(st, f, 4);
    fputs("\n}\n", f);
}

/* Open the output now so a bad path is reported before the run. A regular file (or a new
 * one) is written as "path.tmp" and renamed over it when done, so an existing file is
 * never lost to a failed run. Anything else that exists at path (a device such as
 * /dev/null, a pipe, a symbolic link such as /dev/stdout) is written in place: renaming
 * over it would replace the special file itself, which as root destroys it. tmp is left
 * empty then, and finish_tmp only closes. */
static FILE *open_tmp(const char *path, char *tmp, size_t tlen, char *err, size_t errlen)
{
    struct stat sb;
    FILE *f;
    if (lstat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        tmp[0] = '\0';
        f = fopen(path, "w");
    } else {
        snprintf(tmp, tlen, "%s.tmp", path);
        f = fopen(tmp, "w");
    }
    if (!f)
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
    return f;
}

/* Abandon an output opened by open_tmp (f may be NULL): close it and remove its temporary
 * file, so a failed run leaves what was at the path untouched. */
static void drop_tmp(FILE *f, const char *tmp)
{
    if (!f)
        return;
    fclose(f);
    if (tmp[0])
        remove(tmp);
}


static int finish_tmp(FILE *f, const char *tmp, const char *path, char *err, size_t errlen)
{
    if (fclose(f) != 0 || (tmp[0] && rename(tmp, path) != 0)) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        if (tmp[0])
            remove(tmp);
        return XL_EINTERNAL;
    }
    return XL_OK;
}

static int check_unused(const opts_t *o, const char *cmd, int allow_files, char *err, size_t errlen)
{
    if (o->nfiles && !allow_files) {
        snprintf(err, errlen, "%s: unexpected argument '%s' (see xlat --help)", cmd, o->files[0]);
        return XL_EINPUT;
    }
    return XL_OK;
}

/* run --workload A+B[+...]: the applications at once on one GPU (sim.h
 * xl_sim_create_apps: each its own address space and an even share of the CUs). The
 * cycle-level model only; no IOMMU trace (its format has one address space). */
static int run_apps(const opts_t *o, char *err, size_t errlen)
{
    xl_config_t c;
    xl_workload_t wl[XL_SIM_MAX_APPS];
    const xl_workload_t *wls[XL_SIM_MAX_APPS];
    char names[256], tmp[4096], etmp[4096];
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
    if (build_config(o, &c, err, errlen) != XL_OK)
        return XL_EINPUT;
    FILE *jf = NULL, *ef = NULL;
    if (o->json && !(jf = open_tmp(o->json, tmp, sizeof tmp, err, errlen)))
        return XL_EINPUT;
    if (o->events && !(ef = open_tmp(o->events, etmp, sizeof etmp, err, errlen))) {
        drop_tmp(jf, tmp);
        return XL_EINPUT;
    }
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
        xl_sim_set_progress(g, isatty(2) ? stderr : NULL);
        rc = xl_sim_run(g, err, errlen);
    }
    if (rc == XL_OK && !(st = xl_stats_create())) {
        snprintf(err, errlen, "out of host memory");
        rc = XL_EINTERNAL;
    }
    if (rc == XL_OK) {
        xl_sim_stats(g, st);
        xl_stats_freeze(st);
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
    if (jf && rc == XL_OK) {
        fprintf(jf, "{\n  \"xlat_version\": \"%s\",\n  \"model\": \"cycle\",\n", XLAT_VERSION);
        fprintf(jf, "  \"workload\": \"%s\",\n  \"scale\": \"%s\",\n  \"seed\": %llu,\n",
                o->workload, o->scale_str, (unsigned long long)c.sim.seed);
        fputs("  \"config\": ", jf);
        xl_config_write_json(&c, jf, 4);
        fputs(",\n  \"stats\": ", jf);
        xl_stats_write_json(st, jf, 4);
        fputs("\n}\n", jf);
        rc = finish_tmp(jf, tmp, o->json, err, errlen);
    } else drop_tmp(jf, tmp);
    if (ef && rc == XL_OK) {
        rc = finish_tmp(ef, etmp, o->events, err, errlen);
    } else drop_tmp(ef, etmp);
    xl_stats_destroy(st);
    xl_sim_destroy(g);
    for (unsigned i = 0; i < opened; i++)
        xl_wl_close(&wl[i]);
    return rc;
}


static int cmd_run(const opts_t *o, char *err, size_t errlen)
{
    xl_config_t c;
    xl_workload_t wl;
    xl_stats_t *st = NULL;
    FILE *jf = NULL, *ef = NULL, *tf = NULL;
    char tmp[4096], etmp[4096], ttmp[4096];
    const char *model = o->model ? o->model : "cycle";
    if (o->workloads || o->json_dir || o->key || o->values) {
        snprintf(err, errlen, "run takes --workload and --json (--workloads, --json-dir, --key, "
                 "--values belong to study and sweep)");
        return XL_EINPUT;
    }
    if (check_unused(o, "run", 0, err, errlen))
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
    if ((o->events || o->trace) && !strcmp(model, "functional")) {
        snprintf(err, errlen, "%s needs the cycle-level model (--model cycle)",
                 o->events ? "--events" : "--iommu-trace");
        return XL_EINPUT;
    }
    if (build_config(o, &c, err, errlen) != XL_OK)
        return XL_EINPUT;
    if (o->json && !(jf = open_tmp(o->json, tmp, sizeof tmp, err, errlen)))
        return XL_EINPUT;
    if (o->events && !(ef = open_tmp(o->events, etmp, sizeof etmp, err, errlen))) {
        drop_tmp(jf, tmp);
        return XL_EINPUT;
    }
    if (o->trace && !(tf = open_tmp(o->trace, ttmp, sizeof ttmp, err, errlen))) {
        drop_tmp(jf, tmp);
        drop_tmp(ef, etmp);
        return XL_EINPUT;
    }
    if (ef)
        fprintf(ef, "# xlat %s IOMMU event log, workload %s, seed %llu; format: model/README.md\n",
                XLAT_VERSION, o->workload, (unsigned long long)c.sim.seed);
    int rc = run_one(&c, o->workload, o->scale_ppm, model, ef, tf, &st, &wl, err, errlen);
    if (rc != XL_OK) {
        drop_tmp(jf, tmp);
        drop_tmp(ef, etmp);
        drop_tmp(tf, ttmp);
        return rc;
    }
    printf("xlat %s: %s run of %s (%s, %s), scale %s, seed %llu\n", XLAT_VERSION,
           !strcmp(model, "cycle") ? "cycle-level" : "functional",
           wl.desc->name, wl.desc->suite, wl.desc->klass, o->scale_str,
           (unsigned long long)c.sim.seed);
    if (!o->quiet) {
        printf("\n# effective configuration\n");
        xl_config_write_ini(&c, stdout);
        printf("\n# statistics\n");
    }
    xl_stats_print(st, stdout);
    if (jf) {
        write_results_json(jf, &c, &wl, o->scale_str, model, st);
        rc = finish_tmp(jf, tmp, o->json, err, errlen);
    }
    if (ef && rc == XL_OK)
        rc = finish_tmp(ef, etmp, o->events, err, errlen);
    else drop_tmp(ef, etmp);
    if (tf && rc == XL_OK)
        rc = finish_tmp(tf, ttmp, o->trace, err, errlen);
    else drop_tmp(tf, ttmp);
    xl_stats_destroy(st);
    xl_wl_close(&wl);
    return rc;
}

static uint64_t sget(const xl_stats_t *st, const char *name)
{
    uint64_t v = 0;
    xl_stats_get(st, name, &v);
    return v;
}

static const char *pct(char *buf, size_t len, uint64_t num, uint64_t den)
{
    xl_fmt_ratio(buf, len, num * 100u, den, 1);
    return buf;
}

#define STUDY_DEFAULT "mvt,atax,bicg,gesummv,xsbench,nw"

static int cmd_study(const opts_t *o, char *err, size_t errlen)
{
    xl_config_t c;
    char list[512];
    const char *names[MAX_WL];
    unsigned n = 0;
    if (o->workload || o->json || o->events || o->trace || o->key || o->values ||
        (o->model && strcmp(o->model, "functional"))) {
        snprintf(err, errlen, "study takes --workloads and --json-dir and runs the functional model "
                 "(see xlat --help)");
        return XL_EINPUT;
    }
    if (check_unused(o, "study", 0, err, errlen))
        return XL_EINPUT;
    snprintf(list, sizeof list, "%s", o->workloads ? o->workloads : STUDY_DEFAULT);
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        if (n == MAX_WL) {
            snprintf(err, errlen, "more than %d workloads", MAX_WL);
            return XL_EINPUT;
        }
        if (!xl_wl_find(tok)) {
            xl_workload_t tmpwl;
            return xl_wl_open(&tmpwl, tok, o->scale_ppm, 0, NULL, err, errlen);
        }
        names[n++] = tok;
    }
    if (!n) {
        snprintf(err, errlen, "--workloads is empty");
        return XL_EINPUT;
    }
    if (build_config(o, &c, err, errlen) != XL_OK)
        return XL_EINPUT;

    xl_stats_t *st[MAX_WL] = {0};
    xl_workload_t wl[MAX_WL];
    int rc = XL_OK;
    printf("xlat %s: functional translation study, preset %s, scale %s, seed %llu\n",
           XLAT_VERSION, o->preset ? o->preset : (o->config ? o->config : "isca18"),
           o->scale_str, (unsigned long long)c.sim.seed);
    printf("GPU %u CUs; L1 TLB %u entries %u-way per CU; L2 TLB %u entries %u-way; IOMMU TLBs "
           "%u/%u; PWC L4/L3/L2 %u/%u/%u entries\n", c.gpu.cus, c.l1tlb.entries, c.l1tlb.ways,
           c.l2tlb.entries, c.l2tlb.ways, c.iommu.tlb1_entries, c.iommu.tlb2_entries,
           c.pwc.l4_entries, c.pwc.l3_entries, c.pwc.l2_entries);
    for (unsigned i = 0; i < n && rc == XL_OK; i++) {
        fprintf(stderr, "  running %s ...\n", names[i]);
        rc = run_one(&c, names[i], o->scale_ppm, "functional", NULL, NULL, &st[i], &wl[i], err,
                     errlen);
        if (rc == XL_OK && o->json_dir) {
            char path[4096], tmp[4200];
            snprintf(path, sizeof path, "%s/%s.json", o->json_dir, wl[i].desc->name);
            FILE *jf = open_tmp(path, tmp, sizeof tmp, err, errlen);
            if (!jf) {
                rc = XL_EINPUT;
            } else {
                write_results_json(jf, &c, &wl[i], o->scale_str, "functional", st[i]);
                rc = finish_tmp(jf, tmp, path, err, errlen);
            }
        }
        if (rc != XL_OK) {
            xl_stats_destroy(st[i]);
            st[i] = NULL;
            n = i;
        }
    }
    if (rc == XL_OK) {
        char a[32], b[32], e[32], d[5][32];
        printf("\nTranslation requests: TLB miss rates and distinct 4 KB pages per wavefront "
               "memory instruction\n(%% of memory instructions by distinct pages, ISCA'18 Fig 3 "
               "buckets)\n");
        printf("%-9s %-9s %10s %9s %9s %8s %7s %7s %7s %7s %7s\n", "workload", "class",
               "mem-instr", "L1 miss%", "L2 miss%", "pages", "1-16", "17-32", "33-48", "49-64",
               "65+");
        for (unsigned i = 0; i < n; i++) {
            uint64_t mi = sget(st[i], "gpu.mem_instructions");
            xl_fmt_ratio(e, sizeof e, sget(st[i], "coalescer.requests"), mi, 2);
            for (unsigned k = 0; k < XL_FIG3_BUCKETS; k++) {
                char nm[64];
                snprintf(nm, sizeof nm, "coalescer.pages_hist.%s", xl_fig3_bucket_name[k]);
                pct(d[k], sizeof d[k], sget(st[i], nm), mi);
            }
            printf("%-9s %-9s %10llu %9s %9s %8s %7s %7s %7s %7s %7s\n", wl[i].desc->name,
                   wl[i].desc->klass, (unsigned long long)mi,
                   pct(a, sizeof a, sget(st[i], "l1tlb.misses"), sget(st[i], "l1tlb.accesses")),
                   pct(b, sizeof b, sget(st[i], "l2tlb.misses"), sget(st[i], "l2tlb.accesses")), e,
                   d[0], d[1], d[2], d[3], d[4]);
        }
        printf("\nWalk work per instruction: page-table reads caused by one memory instruction\n"
               "(%% of walk-causing instructions, ISCA'18 Fig 3)\n");
        printf("%-9s %10s %10s %9s %7s %7s %7s %7s %7s\n", "workload", "walks", "walk-instr",
               "reads/in", "1-16", "17-32", "33-48", "49-64", "65+");
        for (unsigned i = 0; i < n; i++) {
            uint64_t wi = sget(st[i], "walk.work_instrs");
            for (unsigned k = 0; k < XL_FIG3_BUCKETS; k++) {
                char nm[64];
                snprintf(nm, sizeof nm, "walk.work_hist.%s", xl_fig3_bucket_name[k]);
                pct(d[k], sizeof d[k], sget(st[i], nm), wi);
            }
            xl_fmt_ratio(e, sizeof e, sget(st[i], "iommu.walk_mem_reads"), wi, 2);
            printf("%-9s %10llu %10llu %9s %7s %7s %7s %7s %7s\n", wl[i].desc->name,
                   (unsigned long long)sget(st[i], "iommu.walks"), (unsigned long long)wi, e,
                   d[0], d[1], d[2], d[3], d[4]);
        }
        printf("\nPWC hit level of each walk (%% of walks; the deepest level that hit decides "
               "the reads)\n");
        printf("%-9s %10s %12s %12s %12s %12s %10s\n", "workload", "walks", "miss(4 rd)",
               "L4 hit(3)", "L3 hit(2)", "L2 hit(1)", "reads/walk");
        for (unsigned i = 0; i < n; i++) {
            uint64_t w = sget(st[i], "iommu.walks");
            xl_fmt_ratio(e, sizeof e, sget(st[i], "iommu.walk_mem_reads"), w, 2);
            printf("%-9s %10llu %12s %12s %12s %12s %10s\n", wl[i].desc->name,
                   (unsigned long long)w, pct(d[0], 32, sget(st[i], "iommu.walk_pwc_miss"), w),
                   pct(d[1], 32, sget(st[i], "iommu.walk_pwc_hit_l4"), w),
                   pct(d[2], 32, sget(st[i], "iommu.walk_pwc_hit_l3"), w),
                   pct(d[3], 32, sget(st[i], "iommu.walk_pwc_hit_l2"), w), e);
        }
    }
    for (unsigned i = 0; i < n; i++) {
        xl_stats_destroy(st[i]);
        xl_wl_close(&wl[i]);
    }
    return rc;
}

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

static int cmd_sweep(const opts_t *o, char *err, size_t errlen)
{
    char wbuf[512], vbuf[512], setb[MAX_VALUES][256];
    const char *names[MAX_WL], *vals[MAX_VALUES];
    const char *model = o->model ? o->model : "cycle";
    if (!o->key || !o->values) {
        snprintf(err, errlen, "sweep needs --key SECTION.KEY and --values V1,V2,...");
        return XL_EINPUT;
    }
    if (o->workload || o->json || o->events || o->trace || check_unused(o, "sweep", 0, err, errlen)) {
        if (!*err)
            snprintf(err, errlen, "sweep takes --workloads and --json-dir, not --workload, --json, --events or --iommu-trace");
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
        snprintf(setb[v], sizeof setb[v], "%s=%s", o->key, vals[v]);
        if (ov.nsets == MAX_SETS) {
            snprintf(err, errlen, "too many --set options");
            return XL_EINPUT;
        }
        ov.sets[ov.nsets++] = setb[v];
        if (build_config(&ov, &cfg[v], err, errlen) != XL_OK)
            return XL_EINPUT;
    }
    uint64_t cyc[MAX_WL][MAX_VALUES], walks[MAX_WL][MAX_VALUES], stall[MAX_WL][MAX_VALUES];
    uint64_t gap[MAX_WL][MAX_VALUES];
    const char *klass[MAX_WL];
    for (int i = 0; i < nw; i++) {
        for (int v = 0; v < nv; v++) {
            xl_workload_t wl;
            xl_stats_t *st = NULL;
            fprintf(stderr, "  %s %s ...\n", names[i], setb[v]);
            int rc = run_one(&cfg[v], names[i], o->scale_ppm, model, NULL, NULL, &st, &wl, err,
                             errlen);
            if (rc != XL_OK)
                return rc;
            klass[i] = wl.desc->klass;
            names[i] = wl.desc->name;
            cyc[i][v] = sget(st, "sim.cycles");
            walks[i][v] = sget(st, "iommu.walks");
            stall[i][v] = sget(st, "gpu.stall_cycles");
            gap[i][v] = sget(st, "iommu.gap_first_last_avg");
            if (o->json_dir) {
                char path[4096], tmp[4200];
                snprintf(path, sizeof path, "%s/%s-%s.json", o->json_dir, wl.desc->name, vals[v]);
                FILE *jf = open_tmp(path, tmp, sizeof tmp, err, errlen);
                if (!jf)
                    rc = XL_EINPUT;
                else {
                    write_results_json(jf, &cfg[v], &wl, o->scale_str, model, st);
                    rc = finish_tmp(jf, tmp, path, err, errlen);
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

/* Pull a number or a string value of "key" out of a results JSON (our own format). */
static int json_field(const char *text, const char *key, char *out, size_t len)
{
    char pat[96];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *p = strstr(text, pat);
    if (!p)
        return -1;
    p += strlen(pat);
    size_t n = 0;
    if (*p == '"') {
        p++;
        while (p[n] && p[n] != '"' && n + 1 < len)
            n++;
    } else {
        while (p[n] >= '0' && p[n] <= '9' && n + 1 < len)
            n++;
    }
    if (!n)
        return -1;
    memcpy(out, p, n);
    out[n] = 0;
    return 0;
}

static int cmd_compare(const opts_t *o, char *err, size_t errlen)
{
    uint64_t cyc[MAX_WL];
    char wl[MAX_WL][64], model[MAX_WL][32];
    if (o->nfiles < 2) {
        snprintf(err, errlen, "compare needs two or more results JSON files");
        return XL_EINPUT;
    }
    for (unsigned i = 0; i < o->nfiles; i++) {
        FILE *f = fopen(o->files[i], "r");
        static char text[1 << 20];
        char num[32];
        if (!f) {
            snprintf(err, errlen, "%s: cannot open: %s", o->files[i], strerror(errno));
            return XL_EINPUT;
        }
        size_t n = fread(text, 1, sizeof text - 1, f);
        fclose(f);
        text[n] = 0;
        if (json_field(text, "workload", wl[i], sizeof wl[i]) ||
            json_field(text, "model", model[i], sizeof model[i]) ||
            json_field(text, "sim.cycles", num, sizeof num)) {
            snprintf(err, errlen, "%s: not a cycle-level xlat results file (no workload, model or "
                     "sim.cycles)", o->files[i]);
            return XL_EINPUT;
        }
        cyc[i] = strtoull(num, NULL, 10);
        if (!cyc[i]) {
            snprintf(err, errlen, "%s: sim.cycles is 0", o->files[i]);
            return XL_EINPUT;
        }
    }
    printf("%-40s %-9s %13s %9s\n", "results file", "workload", "cycles", "speedup");
    for (unsigned i = 0; i < o->nfiles; i++)
        printf("%-40s %-9s %13llu %8.3fx\n", o->files[i], wl[i], (unsigned long long)cyc[i],
               (double)cyc[0] / (double)cyc[i]);
    return XL_OK;
}

static int cmd_list(int argc, char **argv)
{
    const char *what = argc > 2 ? argv[2] : "all";
    int all = !strcmp(what, "all");
    if (argc > 3 || (!all && strcmp(what, "workloads") && strcmp(what, "presets"))) {
        fprintf(stderr, "xlat: list takes 'workloads' or 'presets', not '%s'\n",
                argc > 3 ? argv[3] : what);
        return XL_EINPUT;
    }
    if (all || !strcmp(what, "workloads")) {
        printf("workloads:\n");
        for (unsigned i = 0; i < xl_wl_count(); i++) {
            const xl_wl_desc_t *d = xl_wl_get(i);
            printf("  %-9s %-6s %-10s %-9s %s\n", d->name, d->aliases, d->suite, d->klass,
                   d->summary);
        }
    }
    if (all || !strcmp(what, "presets")) {
        printf("presets:\n");
        char sum[256];
        for (unsigned i = 0; i < xl_config_preset_count(); i++)
            printf("  %-9s %s\n", xl_config_preset_name(i),
                   xl_config_preset_summary(i, sum, sizeof sum));
    }
    return XL_OK;
}

int main(int argc, char **argv)
{
    char err[1024] = "";
    opts_t o;
    int rc;
    if (argc < 2) {
        usage(stderr);
        return XL_EINPUT;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return XL_OK;
    }
    if (!strcmp(cmd, "--version")) {
        printf("xlat %s\n", XLAT_VERSION);
        return XL_OK;
    }
    if (!strcmp(cmd, "list"))
        return cmd_list(argc, argv);
    if (!strcmp(cmd, "keys")) {
        if (argc > 2)
            return bad("keys takes no options");
        xl_config_describe(stdout);
        return XL_OK;
    }
    if (strcmp(cmd, "run") && strcmp(cmd, "study") && strcmp(cmd, "config") &&
        strcmp(cmd, "sweep") && strcmp(cmd, "compare")) {
        snprintf(err, sizeof err, "unknown command '%s' (see xlat --help)", cmd);
        return bad(err);
    }
    if ((rc = parse_opts(argc, argv, &o, err, sizeof err)) != XL_OK)
        return bad(err);
    if (!strcmp(cmd, "config")) {
        xl_config_t c;
        if (o.workload || o.workloads || o.json || o.json_dir || o.quiet || o.have_scale ||
            o.model || o.events || o.trace || o.key || o.values || o.nfiles)
            return bad("config takes only --preset, --config, --seed and --set");
        if (build_config(&o, &c, err, sizeof err) != XL_OK)
            return bad(err);
        xl_config_write_ini(&c, stdout);
        return XL_OK;
    }
    if (!strcmp(cmd, "run"))
        rc = cmd_run(&o, err, sizeof err);
    else if (!strcmp(cmd, "sweep"))
        rc = cmd_sweep(&o, err, sizeof err);
    else if (!strcmp(cmd, "compare"))
        rc = cmd_compare(&o, err, sizeof err);
    else
        rc = cmd_study(&o, err, sizeof err);
    if (rc != XL_OK)
        fprintf(stderr, "xlat: %s\n", err);
    return rc;
}
