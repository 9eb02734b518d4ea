/*
 * study.c - `xlat study`: a set of workloads on the functional model, the ISCA'18
 * motivation tables (docs/isca18-micro18.md §1.3, Fig 3).
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "xlat/funcsys.h"

static const char *pct(char *buf, size_t len, uint64_t num, uint64_t den)
{
    xl_fmt_ratio(buf, len, num * 100u, den, 1);
    return buf;
}

#define STUDY_DEFAULT "mvt,atax,bicg,gesummv,xsbench,nw"

int cmd_study(const opts_t *o, char *err, size_t errlen)
{
    xl_config_t c;
    char list[CLI_LIST_MAX];
    const char *names[MAX_WL];
    unsigned n = 0;
    if (o->workload || o->json || o->events || o->trace || o->gsn_trace || o->key || o->values ||
        (o->model && strcmp(o->model, "functional"))) {
        snprintf(err, errlen, "study takes --workloads and --json-dir and runs the functional model "
                 "(see xlat --help)");
        return XL_EINPUT;
    }
    if (cli_check_unused(o, "study", 0, err, errlen))
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
    if (cli_build_config(o, &c, err, errlen) != XL_OK)
        return XL_EINPUT;
    /* every results file is checked before the first run, not found unwritable after it */
    if (o->json_dir) {
        if (cli_out_dir_check("--json-dir", o->json_dir, err, errlen) != XL_OK)
            return XL_EINPUT;
        for (unsigned i = 0; i < n; i++) {
            char path[PATH_MAX], file[128];
            cli_out_t jo;
            snprintf(file, sizeof file, "%s.json", xl_wl_find(names[i])->name);
            if (cli_out_dir_file(&jo, path, sizeof path, o->json_dir, file, err, errlen) != XL_OK ||
                cli_out_check(&jo, err, errlen) != XL_OK)
                return XL_EINPUT;
        }
    }

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
        rc = cli_run_one(&c, names[i], o->scale_ppm, "functional", NULL, NULL, NULL, CLI_PROG_OFF, names[i],
                         &st[i], &wl[i], err,
                     errlen);
        if (rc == XL_OK && o->json_dir) {
            char path[PATH_MAX], file[128];
            cli_out_t jo;
            snprintf(file, sizeof file, "%s.json", wl[i].desc->name);
            rc = cli_out_dir_file(&jo, path, sizeof path, o->json_dir, file, err, errlen);
            if (rc == XL_OK)
                rc = cli_outs_open(&jo, 1, err, errlen);
            if (rc == XL_OK) {
                cli_write_results_json(jo.f, &c, wl[i].desc->name, o->scale_str, "functional",
                                       st[i]);
                rc = cli_outs_close(&jo, 1, rc, err, errlen);
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
            uint64_t mi = cli_sget(st[i], "gpu.mem_instructions");
            xl_fmt_ratio(e, sizeof e, cli_sget(st[i], "coalescer.requests"), mi, 2);
            for (unsigned k = 0; k < XL_FIG3_BUCKETS; k++) {
                char nm[64];
                snprintf(nm, sizeof nm, "coalescer.pages_hist.%s", xl_fig3_bucket_name[k]);
                pct(d[k], sizeof d[k], cli_sget(st[i], nm), mi);
            }
            printf("%-9s %-9s %10llu %9s %9s %8s %7s %7s %7s %7s %7s\n", wl[i].desc->name,
                   wl[i].desc->klass, (unsigned long long)mi,
                   pct(a, sizeof a, cli_sget(st[i], "l1tlb.misses"), cli_sget(st[i], "l1tlb.accesses")),
                   pct(b, sizeof b, cli_sget(st[i], "l2tlb.misses"), cli_sget(st[i], "l2tlb.accesses")), e,
                   d[0], d[1], d[2], d[3], d[4]);
        }
        printf("\nWalk work per instruction: page-table reads caused by one memory instruction\n"
               "(%% of walk-causing instructions, ISCA'18 Fig 3)\n");
        printf("%-9s %10s %10s %9s %7s %7s %7s %7s %7s\n", "workload", "walks", "walk-instr",
               "reads/in", "1-16", "17-32", "33-48", "49-64", "65+");
        for (unsigned i = 0; i < n; i++) {
            uint64_t wi = cli_sget(st[i], "walk.work_instrs");
            for (unsigned k = 0; k < XL_FIG3_BUCKETS; k++) {
                char nm[64];
                snprintf(nm, sizeof nm, "walk.work_hist.%s", xl_fig3_bucket_name[k]);
                pct(d[k], sizeof d[k], cli_sget(st[i], nm), wi);
            }
            xl_fmt_ratio(e, sizeof e, cli_sget(st[i], "iommu.walk_mem_reads"), wi, 2);
            printf("%-9s %10llu %10llu %9s %7s %7s %7s %7s %7s\n", wl[i].desc->name,
                   (unsigned long long)cli_sget(st[i], "iommu.walks"), (unsigned long long)wi, e,
                   d[0], d[1], d[2], d[3], d[4]);
        }
        printf("\nPWC hit level of each walk (%% of walks; the deepest level that hit decides "
               "the reads)\n");
        printf("%-9s %10s %12s %12s %12s %12s %10s\n", "workload", "walks", "miss(4 rd)",
               "L4 hit(3)", "L3 hit(2)", "L2 hit(1)", "reads/walk");
        for (unsigned i = 0; i < n; i++) {
            uint64_t w = cli_sget(st[i], "iommu.walks");
            xl_fmt_ratio(e, sizeof e, cli_sget(st[i], "iommu.walk_mem_reads"), w, 2);
            printf("%-9s %10llu %12s %12s %12s %12s %10s\n", wl[i].desc->name,
                   (unsigned long long)w, pct(d[0], 32, cli_sget(st[i], "iommu.walk_pwc_miss"), w),
                   pct(d[1], 32, cli_sget(st[i], "iommu.walk_pwc_hit_l4"), w),
                   pct(d[2], 32, cli_sget(st[i], "iommu.walk_pwc_hit_l3"), w),
                   pct(d[3], 32, cli_sget(st[i], "iommu.walk_pwc_hit_l2"), w), e);
        }
    }
    for (unsigned i = 0; i < n; i++) {
        xl_stats_destroy(st[i]);
        xl_wl_close(&wl[i]);
    }
    return rc;
}
