/*
 * xltest.h - the common include of the unit tests: cmocka and the xlat headers.
 * Each test file is one area of docs/isca18-micro18.md (t01_rng, t03_pagetable, ...); each test
 * checks a value someone can compute by hand, and its comment shows the arithmetic.
 * Several values are checked on one line by name, as a spec "name=value name=value ...":
 * counters of a statistics registry (expect_stats(s, "l2d.hits=1 l2d.misses=3")) and
 * fields of a struct (expect_fields over a table of XLTEST_FIELD entries).
 */
#ifndef XLTEST_H
#define XLTEST_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/stats.h"

/* Specs: "name=value name=value ..." (space separated), how a test states several
 * expected values on one line. spec_item copies the next item's name and value text and
 * returns the rest of spec, or NULL at its end; spec_number reads a value (decimal or 0x
 * hex) and fails on anything else. */
static inline const char *spec_item(const char *spec, char name[64], char value[64])
{
    spec += strspn(spec, " ");
    if (!*spec)
        return NULL;
    int n = (int)strcspn(spec, " ");
    const char *eq = memchr(spec, '=', (size_t)n);
    if (!eq)
        fail_msg("spec item '%.*s' has no '='", n, spec);
    snprintf(name, 64, "%.*s", (int)(eq - spec), spec);
    snprintf(value, 64, "%.*s", (int)(spec + n - eq - 1), eq + 1);
    return spec + n;
}

static inline uint64_t spec_number(const char *name, const char *value)
{
    char *end;
    unsigned long long v = strtoull(value, &end, 0);
    if (!*value || *end)
        fail_msg("%s: '%s' is not a number", name, value);
    return v;
}

/* The counter `name` of s, which must be there. */
static inline uint64_t stat_get(const xl_stats_t *s, const char *name)
{
    uint64_t v = UINT64_MAX;
    assert_int_equal(xl_stats_get(s, name, &v), 1);   /* found */
    return v;
}

/* Check counters against a spec: each named counter of s must be there and hold its
 * value (a failure names the counter). */
static inline void expect_stats(const xl_stats_t *s, const char *spec)
{
    char name[64], value[64];
    while ((spec = spec_item(spec, name, value))) {
        uint64_t got = stat_get(s, name), want = spec_number(name, value);
        if (got != want)
            fail_msg("%s = %llu, want %llu", name, (unsigned long long)got,
                     (unsigned long long)want);
    }
}

/* A named unsigned integer field of a struct, for expect_fields: XLTEST_FIELD(type, f). */
typedef struct {
    const char *name;
    size_t offset, size;
} xltest_field_t;
#define XLTEST_FIELD(type, f) {#f, offsetof(type, f), sizeof(((type *)0)->f)}

/* Check fields of *obj against a spec; `fields` names them and ends with a NULL name. A
 * failure names the field. */
static inline void expect_fields(const void *obj, const xltest_field_t *fields, const char *spec)
{
    char name[64], value[64];
    while ((spec = spec_item(spec, name, value))) {
        uint64_t want = spec_number(name, value), got = 0;
        const xltest_field_t *f = fields;
        while (f->name && strcmp(f->name, name))
            f++;
        if (!f->name)
            fail_msg("no field %s", name);
        const unsigned char *at = (const unsigned char *)obj + f->offset;
        switch (f->size) {
        case 1: got = *at; break;
        case 2: { uint16_t v; memcpy(&v, at, 2); got = v; break; }
        case 4: { uint32_t v; memcpy(&v, at, 4); got = v; break; }
        default: memcpy(&got, at, 8); break;
        }
        if (got != want)
            fail_msg("%s = %llu (0x%llx), want %llu (0x%llx)", name, (unsigned long long)got,
                     (unsigned long long)got, (unsigned long long)want,
                     (unsigned long long)want);
    }
}

/* Defines expect_NAME(obj, spec): expect_fields over the table NAME_fields of TYPE. */
#define XLTEST_EXPECT_FIELDS(name, type)                                                   \
    static void expect_##name(const type *obj, const char *spec)                           \
    {                                                                                      \
        expect_fields(obj, name##_fields, spec);                                           \
    }

#endif
