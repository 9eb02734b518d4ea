/*
 * stats.c - the statistics registry (stats.h): named counters with one-line
 * descriptions, printed as an aligned text table and as the flat "stats" object of the
 * results JSON (docs/design.md, "Names that outside tools rely on"; the counters themselves
 * are those of docs/isca18-micro18.md §7.1).
 *
 * Entries keep their registration order (a growing array, never sorted or hashed), so
 * the output is the same on every run. Ratios are exact fractions num/den printed by
 * integer long division, digit by digit, with no 128-bit product and no floating point
 * (docs/design.md twin contract: "integer arithmetic only").
 */
#include "xlat/stats.h"

#include <stdlib.h>
#include <string.h>

#define STATS_NAME_MAX 63u   /* longest name kept; longer names are truncated */
#define RATIO_BUF      48u   /* 20 integer digits + '.' + 9 decimals + NUL fits easily */

typedef enum { ST_COUNTER, ST_VALUE, ST_RATIO } st_kind_t;

typedef struct {
    char name[STATS_NAME_MAX + 1];
    char *desc;              /* owned copy; "" when none was given */
    st_kind_t kind;
    const uint64_t *ptr;     /* ST_COUNTER: read at print time */
    uint64_t value;          /* ST_VALUE */
    uint64_t num, den;       /* ST_RATIO */
    unsigned decimals;       /* ST_RATIO, 0..9 */
} st_entry_t;

struct xl_stats {
    st_entry_t *e;
    unsigned n, cap;
};

/* Out of memory while registering: a statistics table with a silently missing row
 * would be wrong output, so stop (docs/design.md: internal error = exit status 1). */
static void stats_oom(void)
{
    fputs("xlat: out of memory in the statistics registry\n", stderr);
    exit(1);
}

xl_stats_t *xl_stats_create(void)
{
    return calloc(1, sizeof(xl_stats_t));
}

void xl_stats_destroy(xl_stats_t *s)
{
    if (!s)
        return;
    for (unsigned i = 0; i < s->n; i++)
        free(s->e[i].desc);
    free(s->e);
    free(s);
}

/* Find the entry called `name` (already truncated to STATS_NAME_MAX), or -1. A linear
 * scan: registries hold hundreds of names and registration happens once per run. */
static int stats_find(const xl_stats_t *s, const char *name)
{
    for (unsigned i = 0; i < s->n; i++)
        if (strcmp(s->e[i].name, name) == 0)
            return (int)i;
    return -1;
}

/* The slot for `name`: the existing entry (re-registering replaces it in place, so it
 * keeps its original position) or a new one appended at the end. */
static st_entry_t *stats_slot(xl_stats_t *s, const char *name, const char *desc)
{
    char key[STATS_NAME_MAX + 1];
    size_t nl = strlen(name);
    if (nl > STATS_NAME_MAX)
        nl = STATS_NAME_MAX;
    memcpy(key, name, nl);
    key[nl] = '\0';

    const char *d = desc ? desc : "";
    size_t dl = strlen(d);
    char *dcopy = malloc(dl + 1);
    if (!dcopy)
        stats_oom();
    memcpy(dcopy, d, dl + 1);

    int i = stats_find(s, key);
    st_entry_t *e;
    if (i >= 0) {
        e = &s->e[i];
        free(e->desc);
    } else {
        if (s->n == s->cap) {
            unsigned ncap = s->cap ? s->cap * 2u : 32u;
            st_entry_t *ne = realloc(s->e, (size_t)ncap * sizeof *ne);
            if (!ne)
                stats_oom();
            s->e = ne;
            s->cap = ncap;
        }
        e = &s->e[s->n++];
    }
    memset(e, 0, sizeof *e);
    memcpy(e->name, key, nl + 1);
    e->desc = dcopy;
    return e;
}

void xl_stats_counter(xl_stats_t *s, const char *name, const char *desc, const uint64_t *ptr)
{
    st_entry_t *e = stats_slot(s, name, desc);
    e->kind = ST_COUNTER;
    e->ptr = ptr;
}

void xl_stats_value(xl_stats_t *s, const char *name, const char *desc, uint64_t value)
{
    st_entry_t *e = stats_slot(s, name, desc);
    e->kind = ST_VALUE;
    e->value = value;
}

void xl_stats_ratio(xl_stats_t *s, const char *name, const char *desc, uint64_t num,
                    uint64_t den, unsigned decimals)
{
    st_entry_t *e = stats_slot(s, name, desc);
    e->kind = ST_RATIO;
    e->num = num;
    e->den = den;
    e->decimals = decimals > 9u ? 9u : decimals;
}

void xl_stats_freeze(xl_stats_t *s)
{
    /* Read every live counter once and keep the value, so the registry outlives the
     * structs its counters point into. */
    for (unsigned i = 0; i < s->n; i++) {
        if (s->e[i].kind == ST_COUNTER) {
            s->e[i].value = *s->e[i].ptr;
            s->e[i].ptr = NULL;
            s->e[i].kind = ST_VALUE;
        }
    }
}

unsigned xl_stats_count(const xl_stats_t *s)
{
    return s->n;
}

/* One step of long division: with rem < den, return floor(rem*10 / den) and set *rem to
 * (rem*10) mod den, without forming rem*10 (which overflows for den > 2^64/10). The
 * product is built as ten additions of rem modulo den, each of which stays below den. */
static unsigned ratio_digit(uint64_t *rem, uint64_t den)
{
    uint64_t r = 0, add = *rem;
    unsigned d = 0;
    for (unsigned k = 0; k < 10u; k++) {
        /* r + add >= den  <=>  r >= den - add   (both sides < den, no overflow) */
        if (r >= den - add) {
            r -= den - add;
            d++;
        } else {
            r += add;
        }
    }
    *rem = r;
    return d;
}

void xl_fmt_ratio(char *buf, size_t len, uint64_t num, uint64_t den, unsigned decimals)
{
    char tmp[RATIO_BUF];
    if (!buf || len == 0)
        return;
    if (decimals > 9u)
        decimals = 9u;
    if (den == 0) {   /* stats.h: "den == 0 prints 0" */
        snprintf(buf, len, "0");
        return;
    }
    uint64_t ip = num / den, rem = num % den;
    int n = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)ip);
    if (decimals > 0) {
        tmp[n++] = '.';
        for (unsigned k = 0; k < decimals; k++)
            tmp[n++] = (char)('0' + ratio_digit(&rem, den));   /* truncated, never rounded */
        tmp[n] = '\0';
    }
    snprintf(buf, len, "%s", tmp);
}

/* The fixed-point value floor(num * 10^decimals / den) (the printed digits without the
 * point), saturating at UINT64_MAX; 0 when den == 0. */
static uint64_t ratio_fixed(uint64_t num, uint64_t den, unsigned decimals)
{
    if (den == 0)
        return 0;
    uint64_t v = num / den, rem = num % den;
    for (unsigned k = 0; k < decimals; k++) {
        unsigned d = ratio_digit(&rem, den);
        if (v > (UINT64_MAX - d) / 10u)
            return UINT64_MAX;
        v = v * 10u + d;
    }
    return v;
}

int xl_stats_get(const xl_stats_t *s, const char *name, uint64_t *value)
{
    char key[STATS_NAME_MAX + 1];
    snprintf(key, sizeof key, "%s", name);
    int i = stats_find(s, key);
    if (i < 0)
        return 0;
    const st_entry_t *e = &s->e[i];
    uint64_t v = 0;
    switch (e->kind) {
    case ST_COUNTER: v = e->ptr ? *e->ptr : 0; break;
    case ST_VALUE:   v = e->value; break;
    case ST_RATIO:   v = ratio_fixed(e->num, e->den, e->decimals); break;
    }
    if (value)
        *value = v;
    return 1;
}

/* The entry's value as text: a decimal integer, or a ratio with its decimals. */
static void stats_format(const st_entry_t *e, char *buf, size_t len)
{
    switch (e->kind) {
    case ST_COUNTER:
        snprintf(buf, len, "%llu", (unsigned long long)(e->ptr ? *e->ptr : 0));
        break;
    case ST_VALUE:
        snprintf(buf, len, "%llu", (unsigned long long)e->value);
        break;
    case ST_RATIO:
        xl_fmt_ratio(buf, len, e->num, e->den, e->decimals);
        break;
    }
}

void xl_stats_print(const xl_stats_t *s, FILE *f)
{
    char v[RATIO_BUF];
    size_t wn = 0, wv = 0;
    for (unsigned i = 0; i < s->n; i++) {
        size_t l = strlen(s->e[i].name);
        if (l > wn)
            wn = l;
        stats_format(&s->e[i], v, sizeof v);
        l = strlen(v);
        if (l > wv)
            wv = l;
    }
    /* name left-aligned, value right-aligned so digits line up, then the description */
    for (unsigned i = 0; i < s->n; i++) {
        stats_format(&s->e[i], v, sizeof v);
        if (s->e[i].desc[0])
            fprintf(f, "%-*s  %*s  %s\n", (int)wn, s->e[i].name, (int)wv, v, s->e[i].desc);
        else
            fprintf(f, "%-*s  %*s\n", (int)wn, s->e[i].name, (int)wv, v);
    }
}

/* A JSON string literal: quotes, backslashes and control bytes escaped. */
static void json_string(FILE *f, const char *str)
{
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)str; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20u)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

void xl_stats_write_json(const xl_stats_t *s, FILE *f, unsigned indent)
{
    /* indent 0: one line {"a": 1, "b": 2}; otherwise one key per line with `indent`
     * spaces before it and the closing brace two spaces further left, so that the
     * object nests inside a caller's object printed at indent-2. */
    char v[RATIO_BUF];
    if (s->n == 0) {
        fputs("{}", f);
        return;
    }
    fputc('{', f);
    for (unsigned i = 0; i < s->n; i++) {
        if (indent)
            fprintf(f, "%s\n%*s", i ? "," : "", (int)indent, "");
        else if (i)
            fputs(", ", f);
        json_string(f, s->e[i].name);
        stats_format(&s->e[i], v, sizeof v);   /* a ratio "0.3333" is a JSON number */
        fprintf(f, ": %s", v);
    }
    if (indent)
        fprintf(f, "\n%*s}", (int)(indent >= 2u ? indent - 2u : 0u), "");
    else
        fputc('}', f);
}
