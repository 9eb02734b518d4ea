/*
 * config_schema.h - the configuration's key schema, shared by the parser, the validator
 * and the writers (config.c): one row per key with its default, range, unit and meaning.
 * Internal to model/src/sys.
 */
#ifndef XLAT_SYS_CONFIG_SCHEMA_H
#define XLAT_SYS_CONFIG_SCHEMA_H

#include <stdio.h>
#include <string.h>

#include "xlat/config.h"

typedef enum {
    KT_U32,    /* unsigned decimal (or 0x hex) that fits the [min, max] range */
    KT_U64,    /* the same, 64-bit */
    KT_ENUM,   /* one of names[]; stored as its index */
    KT_BOOL,   /* 0 or 1 */
    KT_STR     /* text, a path: NUL-terminated in a char[size]; no '#', ';' or control bytes */
} cfg_type_t;

typedef struct {
    const char *section;
    const char *key;
    size_t off;                 /* offsetof(xl_config_t, section.key) */
    size_t size;                /* 4 or 8 */
    cfg_type_t type;
    uint64_t def, min, max;
    const char *const *names;   /* KT_ENUM: NULL-terminated, names[i] is value i */
    const char *unit;           /* for enums/bools: the allowed values */
    const char *desc;           /* one line; says when the default is a project choice */
} cfg_key_t;

/* The schema: a constant table, in the order `xlat keys` and the INI/JSON writers list. */
extern const cfg_key_t cfg_schema[];
extern const size_t cfg_nkeys;

/* One-line error message into err (NULL or errlen 0: none). */
void cfg_err(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static inline uint64_t key_get(const xl_config_t *c, const cfg_key_t *k)
{
    const unsigned char *p = (const unsigned char *)c + k->off;
    if (k->size == sizeof(uint64_t)) {
        uint64_t v;
        memcpy(&v, p, sizeof v);
        return v;
    }
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline void key_put(xl_config_t *c, const cfg_key_t *k, uint64_t v)
{
    unsigned char *p = (unsigned char *)c + k->off;
    if (k->size == sizeof(uint64_t)) {
        memcpy(p, &v, sizeof v);
    } else {
        uint32_t w = (uint32_t)v;   /* range already checked against max <= UINT32_MAX */
        memcpy(p, &w, sizeof w);
    }
}

static inline const char *key_str(const xl_config_t *c, const cfg_key_t *k)
{
    return (const char *)c + k->off;
}

/* The value as text: enum name, or decimal. buf holds at least 24 bytes. */
static inline void key_format(const cfg_key_t *k, uint64_t v, char *buf, size_t len)
{
    if (k->type == KT_STR)   /* only defaults are formatted here, and those are "" */
        snprintf(buf, len, "\"\"");
    else if (k->type == KT_ENUM && v <= k->max)
        snprintf(buf, len, "%s", k->names[v]);
    else
        snprintf(buf, len, "%llu", (unsigned long long)v);
}

#endif
