/*
 * compare.c - `xlat compare`: a speedup table of results JSON files, the first the
 * baseline.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

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

int cmd_compare(const opts_t *o, char *err, size_t errlen)
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
