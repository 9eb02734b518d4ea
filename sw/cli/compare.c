/*
 * compare.c - `xlat compare A.json B.json ...`: a speedup table of results JSON files, the
 * first the baseline. Each file is read with a JSON parser (results.c) and must be a
 * complete cycle-level results file of this xlat version; all must measure the same work
 * (workload, scale and workload parameters; seeds may differ). Nothing else is taken.
 */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "results.h"

/* The option given that compare does not take, or NULL. Every field of opts_t but the
 * files: a field added to opts_t belongs here too. */
static const char *other_option(const opts_t *o)
{
    return o->preset ? "--preset" : o->config ? "--config" : o->workload ? "--workload"
         : o->workloads ? "--workloads" : o->json ? "--json" : o->json_dir ? "--json-dir"
         : o->model ? "--model" : o->events ? "--events" : o->trace ? "--iommu-trace"
         : o->gsn_trace ? "--gsn-trace" : o->key ? "--key" : o->values ? "--values"
         : o->nsets ? "--set"
         : o->have_scale ? "--scale" : o->have_seed ? "--seed" : o->quiet ? "--quiet"
         : o->progress ? "--progress" : NULL;
}

int cmd_compare(const opts_t *o, char *err, size_t errlen)
{
    cli_result_t r[MAX_WL];
    const char *opt = other_option(o);
    if (opt) {
        snprintf(err, errlen, "compare takes only results files, not %s", opt);
        return XL_EINPUT;
    }
    if (o->nfiles < 2) {
        snprintf(err, errlen, "compare needs two or more results JSON files");
        return XL_EINPUT;
    }
    if (!cli_results_available()) {
        snprintf(err, errlen, "compare: this xlat was built without jansson, the JSON reader; "
                 "`make deps` installs it (libjansson-dev), then rebuild with make");
        return XL_EINPUT;
    }
    unsigned n = 0;
    int rc = XL_OK;
    for (; n < o->nfiles; n++) {
        if ((rc = cli_results_load(o->files[n], &r[n], err, errlen)) != XL_OK)
            break;
        if (n && (rc = cli_results_comparable(&r[0], o->files[0], &r[n], o->files[n], err,
                                              errlen)) != XL_OK) {
            n++;
            break;
        }
    }
    if (rc == XL_OK) {
        printf("%-40s %-9s %13s %9s\n", "results file", "workload", "cycles", "speedup");
        for (unsigned i = 0; i < o->nfiles; i++)
            printf("%-40s %-9s %13llu %8.3fx\n", o->files[i], r[i].workload,
                   (unsigned long long)r[i].cycles, (double)r[0].cycles / (double)r[i].cycles);
    }
    for (unsigned i = 0; i < n; i++)
        cli_result_free(&r[i]);
    return rc;
}
