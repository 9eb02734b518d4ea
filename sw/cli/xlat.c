/*
 * xlat.c - the command-line front end (DESIGN.md "What a user runs").
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "xlat/config.h"
#include "xlat/funcsys.h"
#include "xlat/stats.h"
#include "xlat/workload.h"

#define XLAT_VERSION "0.1.0"
#define MAX_SETS 64
#define MAX_WL 32

typedef struct {
    const char *preset, *config, *workload, *workloads, *json, *json_dir;
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
          "  study   run a set of workloads and print the ISCA'18 motivation tables\n"
          "  list    list workloads and presets (list workloads | list presets)\n"
          "  config  print the effective configuration as INI\n"
          "  keys    list every configuration key with its default, unit and meaning\n"
          "options:\n"
          "  --preset NAME        start from a built-in preset (default isca18)\n"
          "  --config FILE        apply an INI file after the preset\n"
          "  --set SEC.KEY=VALUE  override one key (repeatable, applied last)\n"
          "  --workload NAME      workload to run (run)\n"
          "  --workloads A,B,...  workloads of a study (default: mvt,atax,bicg,gesummv,xsbench,nw)\n"
          "  --scale F            fraction of the paper-sized work, 0 < F <= 1 (default 1)\n"
          "  --seed N             seed of every random choice (sets sim.seed)\n"
          "  --json FILE          write results as JSON (run)\n"
          "  --json-dir DIR       write one results JSON per workload (study)\n"
          "  --quiet              print statistics only, not the configuration (run)\n"
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

/* Run one workload; stats go into *st (created here). */
static int run_one(const xl_config_t *c, const char *name, uint32_t scale_ppm, xl_stats_t **st,
                   xl_workload_t *wl, char *err, size_t errlen)
{
    xl_func_t *f = NULL;
    int rc = xl_wl_open(wl, name, scale_ppm, c->sim.seed, err, errlen);
    if (rc != XL_OK)
        return rc;
    rc = xl_func_create(&f, c, wl, err, errlen);
    if (rc == XL_OK)
        rc = xl_func_run(f, err, errlen);
    if (rc == XL_OK) {
        *st = xl_stats_create();
        if (!*st) {
            snprintf(err, errlen, "out of host memory");
            rc = XL_EINTERNAL;
        } else {
            xl_func_stats(f, *st);
            xl_stats_freeze(*st);   /* f is destroyed below */
        }
    }
    xl_func_destroy(f);
    if (rc != XL_OK)
        xl_wl_close(wl);
    return rc;
}

static void write_results_json(FILE *f, const xl_config_t *c, const xl_workload_t *wl,
                               const char *scale, const xl_stats_t *st)
{
    fprintf(f, "{\n  \"xlat_version\": \"%s\",\n  \"model\": \"functional\",\n", XLAT_VERSION);
    fprintf(f, "  \"workload\": \"%s\",\n  \"scale\": \"%s\",\n  \"seed\": %llu,\n",
            wl->desc->name, scale, (unsigned long long)c->sim.seed);
    fputs("  \"config\": ", f);
    xl_config_write_json(c, f, 4);
    fputs(",\n  \"stats\": ", f);
    xl_stats_write_json(st, f, 4);
    fputs("\n}\n", f);
}

/* Open "path.tmp" now so a bad path is reported before the run; renamed when done, so
 * an existing file is never lost to a failed run. */
static FILE *open_tmp(const char *path, char *tmp, size_t tlen, char *err, size_t errlen)
{
    snprintf(tmp, tlen, "%s.tmp", path);
    FILE *f = fopen(tmp, "w");
    if (!f)
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
    return f;
}

static int finish_tmp(FILE *f, const char *tmp, const char *path, char *err, size_t errlen)
{
    if (fclose(f) != 0 || rename(tmp, path) != 0) {
        snprintf(err, errlen, "%s: cannot write: %s", path, strerror(errno));
        remove(tmp);
        return XL_EINTERNAL;
    }
    return XL_OK;
}

static int cmd_run(const opts_t *o, char *err, size_t errlen)
{
    xl_config_t c;
    xl_workload_t wl;
    xl_stats_t *st = NULL;
    FILE *jf = NULL;
    char tmp[4096];
    if (o->workloads || o->json_dir) {
        snprintf(err, errlen, "run takes --workload and --json (--workloads/--json-dir are for study)");
        return XL_EINPUT;
    }
    if (!o->workload) {
        snprintf(err, errlen, "run needs --workload NAME (see xlat list)");
        return XL_EINPUT;
    }
    if (!xl_wl_find(o->workload)) {   /* fail before any work, with the known names */
        return xl_wl_open(&wl, o->workload, o->scale_ppm, 0, err, errlen);
    }
    if (build_config(o, &c, err, errlen) != XL_OK)
        return XL_EINPUT;
    if (o->json && !(jf = open_tmp(o->json, tmp, sizeof tmp, err, errlen)))
        return XL_EINPUT;
    int rc = run_one(&c, o->workload, o->scale_ppm, &st, &wl, err, errlen);
    if (rc != XL_OK) {
        if (jf) {
            fclose(jf);
            remove(tmp);
        }
        return rc;
    }
    printf("xlat %s: functional run of %s (%s, %s), scale %s, seed %llu\n", XLAT_VERSION,
           wl.desc->name, wl.desc->suite, wl.desc->klass, o->scale_str,
           (unsigned long long)c.sim.seed);
    if (!o->quiet) {
        printf("\n# effective configuration\n");
        xl_config_write_ini(&c, stdout);
        printf("\n# statistics\n");
    }
    xl_stats_print(st, stdout);
    if (jf) {
        write_results_json(jf, &c, &wl, o->scale_str, st);
        rc = finish_tmp(jf, tmp, o->json, err, errlen);
    }
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
    if (o->workload || o->json) {
        snprintf(err, errlen, "study takes --workloads and --json-dir (--workload/--json are for run)");
        return XL_EINPUT;
    }
    snprintf(list, sizeof list, "%s", o->workloads ? o->workloads : STUDY_DEFAULT);
    for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
        if (n == MAX_WL) {
            snprintf(err, errlen, "more than %d workloads", MAX_WL);
            return XL_EINPUT;
        }
        if (!xl_wl_find(tok)) {
            xl_workload_t tmpwl;
            return xl_wl_open(&tmpwl, tok, o->scale_ppm, 0, err, errlen);
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
        rc = run_one(&c, names[i], o->scale_ppm, &st[i], &wl[i], err, errlen);
        if (rc == XL_OK && o->json_dir) {
            char path[4096], tmp[4200];
            snprintf(path, sizeof path, "%s/%s.json", o->json_dir, wl[i].desc->name);
            FILE *jf = open_tmp(path, tmp, sizeof tmp, err, errlen);
            if (!jf) {
                rc = XL_EINPUT;
            } else {
                write_results_json(jf, &c, &wl[i], o->scale_str, st[i]);
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
        for (unsigned i = 0; i < xl_config_preset_count(); i++)
            printf("  %-9s %s\n", xl_config_preset_name(i), xl_config_preset_summary(i));
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
    if (strcmp(cmd, "run") && strcmp(cmd, "study") && strcmp(cmd, "config")) {
        snprintf(err, sizeof err, "unknown command '%s' (see xlat --help)", cmd);
        return bad(err);
    }
    if ((rc = parse_opts(argc, argv, &o, err, sizeof err)) != XL_OK)
        return bad(err);
    if (!strcmp(cmd, "config")) {
        xl_config_t c;
        if (o.workload || o.workloads || o.json || o.json_dir || o.quiet || o.have_scale)
            return bad("config takes only --preset, --config, --seed and --set");
        if (build_config(&o, &c, err, sizeof err) != XL_OK)
            return bad(err);
        xl_config_write_ini(&c, stdout);
        return XL_OK;
    }
    rc = !strcmp(cmd, "run") ? cmd_run(&o, err, sizeof err) : cmd_study(&o, err, sizeof err);
    if (rc != XL_OK)
        fprintf(stderr, "xlat: %s\n", err);
    return rc;
}
