/*
 * results.c - reading back a results JSON file for `xlat compare` (results.h). A real
 * JSON parser, jansson, where the build found it (-DXL_HAVE_JANSSON, the Makefile's
 * probe): a file cut short, another version's or model's file, a cycle count that is
 * not a positive integer, or files of different work are refused with one line each.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "results.h"

#ifdef XL_HAVE_JANSSON
#include <jansson.h>
#endif

int cli_results_load(const char *path, cli_result_t *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return XL_EINPUT;
    }
    size_t cap = 64u << 10, n = 0;
    char *buf = malloc(cap);
    int rc = XL_OK;
    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap || cap > CLI_RESULTS_MAX_BYTES)
            break;
        char *more = realloc(buf, cap * 2);
        if (!more) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = more;
        cap *= 2;
    }
    if (!buf) {
        snprintf(err, errlen, "%s: out of host memory", path);
        rc = XL_EINTERNAL;
    } else if (ferror(f)) {
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        rc = XL_EINPUT;
    } else if (n > CLI_RESULTS_MAX_BYTES) {
        snprintf(err, errlen, "%s: larger than %u bytes, not a results file", path,
                 CLI_RESULTS_MAX_BYTES);
        rc = XL_EINPUT;
    } else {
        char e[512];
        rc = cli_results_read(buf, n, out, e, sizeof e);
        if (rc != XL_OK)
            snprintf(err, errlen, "%s: %s", path, e);
    }
    fclose(f);
    free(buf);
    return rc;
}

#ifndef XL_HAVE_JANSSON

int cli_results_available(void)
{
    return 0;
}

int cli_results_read(const char *text, size_t len, cli_result_t *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    snprintf(err, errlen, "this xlat was built without jansson, the JSON reader");
    return XL_EINPUT;
}

void cli_result_free(cli_result_t *r)
{
    r->wparams = NULL;
}

int cli_results_comparable(const cli_result_t *a, const char *an, const cli_result_t *b,
                           const char *bn, char *err, size_t errlen)
{
    snprintf(err, errlen, "this xlat was built without jansson, the JSON reader");
    return XL_EINPUT;
}

#else

int cli_results_available(void)
{
    return 1;
}

/* Messages are one line: control bytes from the input are shown as '?'. */
static void one_line(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s < 0x20u || *s == 0x7f)
            *s = '?';
}

void cli_result_free(cli_result_t *r)
{
    json_decref((json_t *)r->wparams);
    r->wparams = NULL;
}

/* A string of the input for a message: at most 40 bytes, then "...". */
static const char *shown(const char *s, char *buf, size_t n)
{
    snprintf(buf, n, "%.40s%s", s, strlen(s) > 40 ? "..." : "");
    one_line(buf);
    return buf;
}

/* A string field of the top-level object, or NULL. */
static const char *str_field(json_t *root, const char *key)
{
    return json_string_value(json_object_get(root, key));   /* NULL unless a string */
}

static int read_root(json_t *root, cli_result_t *out, char *err, size_t errlen)
{
    char s1[64];
    if (!json_is_object(root)) {
        snprintf(err, errlen, "not a results file: a JSON array, not an object");
        return XL_EINPUT;
    }
    const char *ver = str_field(root, "xlat_version");
    if (!ver) {
        snprintf(err, errlen, "not an xlat results file (no \"xlat_version\" string)");
        return XL_EINPUT;
    }
    if (strcmp(ver, XLAT_VERSION)) {
        snprintf(err, errlen, "made by xlat %s, this is %s", shown(ver, s1, sizeof s1),
                 XLAT_VERSION);
        return XL_EINPUT;
    }
    const char *model = str_field(root, "model");
    if (!model) {
        snprintf(err, errlen, "no \"model\" string");
        return XL_EINPUT;
    }
    if (strcmp(model, "cycle")) {
        snprintf(err, errlen, "results of the %s model: compare takes the cycle-level "
                 "model's (only they have cycles)", shown(model, s1, sizeof s1));
        return XL_EINPUT;
    }
    const char *wl = str_field(root, "workload");
    if (!wl || !*wl) {
        snprintf(err, errlen, "no \"workload\" name");
        return XL_EINPUT;
    }
    int ctl = 0;
    for (const char *p = wl; *p; p++)
        ctl |= (unsigned char)*p < 0x20u || *p == 0x7f;
    if (strlen(wl) >= sizeof out->workload || ctl) {
        snprintf(err, errlen, "workload '%s' is not a workload name", shown(wl, s1, sizeof s1));
        return XL_EINPUT;
    }
    strcpy(out->workload, wl);
    const char *scale = str_field(root, "scale");
    if (!scale) {
        snprintf(err, errlen, "no \"scale\" string");
        return XL_EINPUT;
    }
    char e[256];
    if (strlen(scale) >= sizeof out->scale ||
        xl_parse_scale(scale, &out->scale_ppm, e, sizeof e) != XL_OK) {
        snprintf(err, errlen, "scale '%s' is not a scale", shown(scale, s1, sizeof s1));
        return XL_EINPUT;
    }
    strcpy(out->scale, scale);
    json_t *stats = json_object_get(root, "stats");
    if (!json_is_object(stats)) {
        snprintf(err, errlen, "no \"stats\" object");
        return XL_EINPUT;
    }
    /* xl_stats_write_json writes the counters flat: "stats": {"sim.cycles": N, ...} */
    json_t *cyc = json_object_get(stats, "sim.cycles");
    if (!cyc) {
        snprintf(err, errlen, "no \"sim.cycles\" in \"stats\"");
        return XL_EINPUT;
    }
    if (json_is_real(cyc)) {   /* 1.5e6, 7.0: not what xlat writes; refuse, never round */
        snprintf(err, errlen, "\"sim.cycles\" is the real number %.17g, not a positive "
                 "integer", json_real_value(cyc));
        return XL_EINPUT;
    }
    if (!json_is_integer(cyc) || json_integer_value(cyc) <= 0) {
        if (json_is_integer(cyc))
            snprintf(err, errlen, "\"sim.cycles\" is %lld, not a positive integer",
                     (long long)json_integer_value(cyc));
        else
            snprintf(err, errlen, "\"sim.cycles\" is not a number");
        return XL_EINPUT;
    }
    out->cycles = (uint64_t)json_integer_value(cyc);
    json_t *wp = json_object_get(json_object_get(root, "config"), "workload");
    if (!json_is_object(wp)) {
        snprintf(err, errlen, "no \"config\" object with a \"workload\" section");
        return XL_EINPUT;
    }
    out->wparams = json_incref(wp);
    return XL_OK;
}

int cli_results_read(const char *text, size_t len, cli_result_t *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    json_error_t je;
    /* One complete object: trailing bytes, a NUL inside a string and a key given twice
     * (two "sim.cycles") are errors of jansson's too. */
    json_t *root = json_loadb(text ? text : "", text ? len : 0, JSON_REJECT_DUPLICATES, &je);
    if (!root) {
        snprintf(err, errlen, "not valid JSON: %s, line %d", je.text, je.line);
        one_line(err);
        return XL_EINPUT;
    }
    int rc = read_root(root, out, err, errlen);
    json_decref(root);
    if (rc != XL_OK) {
        cli_result_free(out);
        one_line(err);
    }
    return rc;
}

/* A workload parameter's value for a message. */
static const char *value_shown(json_t *v, char *buf, size_t n)
{
    if (!v) {
        snprintf(buf, n, "none");
        return buf;
    }
    char *d = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
    shown(d ? d : "?", buf, n);
    free(d);
    return buf;
}

int cli_results_comparable(const cli_result_t *a, const char *an, const cli_result_t *b,
                           const char *bn, char *err, size_t errlen)
{
    char s1[64], s2[64], s3[64];
    if (strcmp(a->workload, b->workload)) {
        snprintf(err, errlen, "not comparable: %s is %s, %s is %s", an, a->workload, bn,
                 b->workload);
        return XL_EINPUT;
    }
    if (a->scale_ppm != b->scale_ppm) {
        snprintf(err, errlen, "not comparable: %s is scale %s, %s is scale %s (a speedup "
                 "needs the same work)", an, a->scale, bn, b->scale);
        return XL_EINPUT;
    }
    /* The workload parameters shape the work too (min_rounds, the graph, ...). */
    json_t *pa = a->wparams, *pb = b->wparams;
    for (int pass = 0; pass < 2; pass++) {
        const char *key;
        json_t *v;
        json_object_foreach(pass ? pb : pa, key, v) {
            json_t *w = json_object_get(pass ? pa : pb, key);
            if (w && json_equal(v, w))
                continue;
            json_t *va = pass ? w : v, *vb = pass ? v : w;
            snprintf(err, errlen, "not comparable: %s has workload.%s = %s, %s has %s (a "
                     "speedup needs the same work)", an, shown(key, s1, sizeof s1),
                     value_shown(va, s2, sizeof s2), bn, value_shown(vb, s3, sizeof s3));
            return XL_EINPUT;
        }
    }
    return XL_OK;
}

#endif
