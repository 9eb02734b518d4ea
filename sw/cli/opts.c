/*
 * opts.c - the command line's options and the configuration they build (docs/design.md
 * "What a user runs"): configuration is layered, built-in defaults, then the preset
 * (isca18 when neither --preset nor --config is given), then --config FILE, then the
 * --design's assignments, then each --set in order. Every option is checked here, before anything runs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

const cli_design_t cli_designs[] = {
    {"static", "Static: SharedTLB with the L2 sets, DRAM channels and memory split equally between the applications",
     {"mask.partition=1", NULL}},
    {"sharedtlb", "SharedTLB, the baseline: L1 TLBs, the shared L2 TLB, the walker through the L2 (the mask preset itself)", {NULL}},
    {"pwcache", "PWCache: no shared L2 TLB; an L1 TLB miss walks, each level probing an 8 KB page-walk cache (10 cycles)",
     {"l2tlb.entries=0", "pwc.fill=1", "iommu.pwc_latency=10", NULL}},
    {"ideal", "Ideal: every TLB access hits", {"translation.ideal=1", NULL}},
    {"mask-tlb", "SharedTLB + TLB-fill tokens and the bypass cache (MASK-TLB)", {"mask.tokens=1", NULL}},
    {"mask-cache", "SharedTLB + address-translation-aware L2 bypass (MASK-Cache)", {"mask.l2_bypass=1", NULL}},
    {"mask-dram", "SharedTLB + the Golden/Silver/Normal DRAM queues (MASK-DRAM)", {"dram.sched=gsn", NULL}},
    {"mask", "MASK: all three mechanisms", {"mask.tokens=1", "mask.l2_bypass=1", "dram.sched=gsn", NULL}},
};
const unsigned cli_ndesigns = sizeof cli_designs / sizeof cli_designs[0];

int cli_parse_opts(int argc, char **argv, opts_t *o, char *err, size_t errlen)
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
        else if (!strcmp(a, "--design")) {
            NEED();
            unsigned d;
            for (d = 0; d < cli_ndesigns && strcmp(v, cli_designs[d].name); d++)
                ;
            if (d == cli_ndesigns) {
                snprintf(err, errlen, "--design '%.40s': expected one of static, sharedtlb, "
                         "pwcache, ideal, mask-tlb, mask-cache, mask-dram, mask (xlat list designs)", v);
                return XL_EINPUT;
            }
            o->design = v;
        }
        else if (!strcmp(a, "--workload")) { NEED(); o->workload = v; }
        else if (!strcmp(a, "--workloads")) { NEED(); o->workloads = v; }
        else if (!strcmp(a, "--json")) { NEED(); o->json = v; }
        else if (!strcmp(a, "--json-dir")) { NEED(); o->json_dir = v; }
        else if (!strcmp(a, "--record")) { NEED(); o->record = v; }
        else if (!strcmp(a, "--compress")) {
            NEED();
            if (strcmp(v, "zstd") && strcmp(v, "none")) {
                snprintf(err, errlen, "--compress '%.40s': expected zstd or none", v);
                return XL_EINPUT;
            }
            o->compress = v;
        }
        else if (!strcmp(a, "--quiet")) { o->quiet = 1; }
        else if (!strcmp(a, "--progress")) { o->progress = 1; }
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
        else if (!strcmp(a, "--gsn-trace")) { NEED(); o->gsn_trace = v; }
        else if (!strcmp(a, "--key") || !strcmp(a, "--values")) {
            NEED();
            int k = a[2] == 'k';
            if ((k ? o->nkeys : o->nvals) == CLI_MAX_KEYS) {
                snprintf(err, errlen, "more than %d %s options", CLI_MAX_KEYS, a);
                return XL_EINPUT;
            }
            if (k)
                o->keys[o->nkeys++] = v, o->key = o->keys[0];
            else
                o->vals[o->nvals++] = v, o->values = o->vals[0];
        }
        else if (!strcmp(a, "--engine")) { NEED(); o->engine = v; }
        else if (!strcmp(a, "--jobs") || !strcmp(a, "-j")) { NEED(); o->jobs = v; }
        else if (!strcmp(a, "--retries")) { NEED(); o->retries = v; }
        else if (!strcmp(a, "--sshlogin")) { NEED(); o->sshlogin = v; }
        else if (!strcmp(a, "--sbatch")) { NEED(); o->sbatch = v; }
        else if (!strcmp(a, "--store")) { NEED(); o->store = v; }
        else if (a[0] != '-' && o->nfiles < MAX_WL) { o->files[o->nfiles++] = a; }
        else if (!strcmp(a, "--scale")) {
            NEED();
            if (xl_parse_scale(v, &o->scale_ppm, err, errlen) != XL_OK)
                return XL_EINPUT;
            o->scale_str = v;
            o->have_scale = 1;
        } else if (!strcmp(a, "--seed")) {
            NEED();
            if (xl_config_parse_u64(v, &o->seed) != XL_OK) {
                snprintf(err, errlen, "--seed '%.40s' is not an unsigned integer (decimal, or 0x "
                         "and hex digits)", v);
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
    /* the execution engine's options are sweep's (engine.c checks their values) */
    if ((o->engine || o->jobs || o->retries || o->sshlogin || o->sbatch || o->store) &&
        strcmp(argv[1], "sweep")) {
        snprintf(err, errlen, "--engine, --jobs, --retries, --sshlogin, --sbatch and --store "
                 "are sweep's options");
        return XL_EINPUT;
    }
    /* lists and names are copied into fixed buffers by the commands: a longer one is
     * refused here, never cut into something else */
    const struct { const char *opt, *v; size_t max; } lim[] = {
        {"--workload", o->workload, CLI_NAME_MAX}, {"--workloads", o->workloads, CLI_LIST_MAX},
        {"--values", o->values, CLI_LIST_MAX}, {"--key", o->key, CLI_NAME_MAX},
    };
    for (size_t k = 0; k < sizeof lim / sizeof lim[0]; k++)
        if (lim[k].v && strlen(lim[k].v) >= lim[k].max) {
            snprintf(err, errlen, "%s: longer than %zu characters", lim[k].opt, lim[k].max - 1);
            return XL_EINPUT;
        }
    for (unsigned k = 1; k < o->nkeys; k++)   /* a sweep's second, third ... pair */
        if (strlen(o->keys[k]) >= CLI_NAME_MAX) {
            snprintf(err, errlen, "--key: longer than %d characters", CLI_NAME_MAX - 1);
            return XL_EINPUT;
        }
    for (unsigned k = 1; k < o->nvals; k++)
        if (strlen(o->vals[k]) >= CLI_LIST_MAX) {
            snprintf(err, errlen, "--values: longer than %d characters", CLI_LIST_MAX - 1);
            return XL_EINPUT;
        }
    /* a trace is recorded by run only (docs/traces.md "Recording") */
    if ((o->record || o->compress) && strcmp(argv[1], "run")) {
        snprintf(err, errlen, "--record and --compress are run's options (xlat run --workload "
                 "NAME --record FILE)");
        return XL_EINPUT;
    }
    if (o->compress && !o->record) {
        snprintf(err, errlen, "--compress goes with --record FILE");
        return XL_EINPUT;
    }
    return XL_OK;
}

int cli_build_config(const opts_t *o, xl_config_t *c, char *err, size_t errlen)
{
    xl_config_defaults(c);
    const char *preset = o->preset ? o->preset : (o->config ? NULL : "isca18");
    if (preset && xl_config_load_preset(c, preset, err, errlen) != XL_OK)
        return XL_EINPUT;
    if (o->config && xl_config_load_file(c, o->config, err, errlen) != XL_OK)
        return XL_EINPUT;
    if (o->have_seed)
        c->sim.seed = o->seed;
    for (unsigned d = 0; o->design && d < cli_ndesigns; d++)
        if (!strcmp(o->design, cli_designs[d].name))
            for (unsigned i = 0; cli_designs[d].sets[i]; i++)
                if (xl_config_set(c, cli_designs[d].sets[i], err, errlen) != XL_OK)
                    return XL_EINPUT;
    for (unsigned i = 0; i < o->nsets; i++)
        if (xl_config_set(c, o->sets[i], err, errlen) != XL_OK)
            return XL_EINPUT;
    return xl_config_validate(c, err, errlen);
}

int cli_check_unused(const opts_t *o, const char *cmd, int allow_files, char *err, size_t errlen)
{
    if (o->nfiles && !allow_files) {
        snprintf(err, errlen, "%s: unexpected argument '%s' (see xlat --help)", cmd, o->files[0]);
        return XL_EINPUT;
    }
    return XL_OK;
}
