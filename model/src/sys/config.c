/*
 * config.c - the effective configuration of a run (config.h): our own INI parser;
 * `--set` overrides; the built-in presets; cross-key validation; INI/JSON output. The key
 * schema (defaults, ranges, units, descriptions) is config_schema.c.
 *
 * Defaults are the ISCA'18 baseline: docs/isca18-micro18.md §1.1 (Table I) plus the proposed
 * defaults of §1.2 and the open choices of §8 (docs/design.md "Configuration and presets").
 *
 * Everything is driven by one table, `schema[]`: defaults, load, set, validate (ranges),
 * write_ini, write_json and describe all walk it, so adding a key is one table row
 * plus its struct field. Values are reached by byte offset and size (memcpy), which
 * also covers the enum fields: each enum here has the size of uint32_t (checked at
 * compile time) and holds small non-negative values.
 */
#include "xlat/config.h"
#include "sys/config_schema.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The presets, generated from configs/NAME.ini files by model/tools/embed-presets.sh. */
extern const struct { const char *name; const char *text; } xl_preset_table[];
extern const size_t xl_preset_count;

_Static_assert(sizeof(xl_repl_t) == sizeof(uint32_t), "enum fields are accessed as uint32_t");
_Static_assert(sizeof(xl_tlb_index_t) == sizeof(uint32_t), "enum fields are accessed as uint32_t");
_Static_assert(sizeof(xl_l2_index_t) == sizeof(uint32_t), "enum fields are accessed as uint32_t");
_Static_assert(sizeof(xl_ws_policy_t) == sizeof(uint32_t), "enum fields are accessed as uint32_t");
_Static_assert(sizeof(xl_wave_sched_t) == sizeof(uint32_t), "enum fields are accessed as uint32_t");
_Static_assert(sizeof(xl_loads_t) == sizeof(uint32_t), "enum fields are accessed as uint32_t");
_Static_assert(sizeof(xl_co_mode_t) == sizeof(uint32_t), "enum fields are accessed as uint32_t");
_Static_assert(sizeof(xl_alloc_policy_t) == sizeof(uint32_t), "enum fields are accessed as uint32_t");
_Static_assert(sizeof(xl_graph_kind_t) == sizeof(uint32_t), "enum fields are accessed as uint32_t");

static int is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

/* A byte span [p, p+n) of the input; never NUL-terminated. */
typedef struct { const char *p; size_t n; } span_t;

static span_t span_trim(span_t s)
{
    while (s.n && is_space(s.p[0])) { s.p++; s.n--; }
    while (s.n && is_space(s.p[s.n - 1])) s.n--;
    return s;
}

static int span_eq(span_t s, const char *str)
{
    size_t l = strlen(str);
    return s.n == l && memcmp(s.p, str, l) == 0;
}

/* Copy a span for an error message: at most 40 bytes, non-printable bytes shown as '?'
 * (so the message stays one line), "..." when cut. */
static const char *span_quote(span_t s, char *buf, size_t len)
{
    size_t lim = 40, o = 0;
    for (size_t i = 0; i < s.n && i < lim && o + 1 < len; i++) {
        unsigned char ch = (unsigned char)s.p[i];
        buf[o++] = (ch < 0x20u || ch >= 0x7fu) ? '?' : (char)ch;
    }
    if (s.n > lim && o + 4 < len) {
        memcpy(buf + o, "...", 3);
        o += 3;
    }
    buf[o] = '\0';
    return buf;
}

static int is_section(span_t s)
{
    for (size_t i = 0; i < cfg_nkeys; i++)
        if (span_eq(s, cfg_schema[i].section))
            return 1;
    return 0;
}

static int find_key(span_t sec, span_t key)
{
    for (size_t i = 0; i < cfg_nkeys; i++)
        if (span_eq(sec, cfg_schema[i].section) && span_eq(key, cfg_schema[i].key))
            return (int)i;
    return -1;
}

/* Parse an unsigned integer: decimal digits, or 0x/0X and hex digits; nothing else (no
 * sign, no inner spaces). Returns 1 and *v, 0 if malformed, -1 if above 2^64-1. */
static int parse_uint(span_t s, uint64_t *v)
{
    unsigned base = 10;
    size_t i = 0;
    if (s.n > 2 && s.p[0] == '0' && (s.p[1] == 'x' || s.p[1] == 'X')) {
        base = 16;
        i = 2;
    }
    if (i >= s.n)
        return 0;
    uint64_t r = 0;
    int over = 0;
    for (; i < s.n; i++) {
        char ch = s.p[i];
        unsigned d;
        if (ch >= '0' && ch <= '9')
            d = (unsigned)(ch - '0');
        else if (base == 16 && ch >= 'a' && ch <= 'f')
            d = (unsigned)(ch - 'a' + 10);
        else if (base == 16 && ch >= 'A' && ch <= 'F')
            d = (unsigned)(ch - 'A' + 10);
        else
            return 0;
        if (r > (UINT64_MAX - d) / base)
            over = 1;
        else
            r = r * base + d;
    }
    if (over)
        return -1;
    *v = r;
    return 1;
}

int xl_config_parse_u64(const char *s, uint64_t *v)
{
    span_t sp = {s, strlen(s)};
    return parse_uint(sp, v) == 1 ? XL_OK : XL_EINPUT;
}

/* Parse a value for key k. On error write the reason (without the key name; the caller
 * adds its "FILE:LINE: key: " or "--set ...: " prefix) into msg and return XL_EINPUT. */
static int parse_value(const cfg_key_t *k, span_t s, uint64_t *out, char *msg, size_t mlen)
{
    char q[64];
    if (s.n == 0) {
        snprintf(msg, mlen, "missing value");
        return XL_EINPUT;
    }
    if (k->type == KT_ENUM) {
        for (uint64_t i = 0; k->names[i]; i++)
            if (span_eq(s, k->names[i])) {
                *out = i;
                return XL_OK;
            }
        char allowed[128] = "";
        size_t o = 0;
        for (unsigned i = 0; k->names[i] && o < sizeof allowed; i++)
            o += (size_t)snprintf(allowed + o, sizeof allowed - o, "%s%s", i ? ", " : "", k->names[i]);
        snprintf(msg, mlen, "'%s' is not one of %s", span_quote(s, q, sizeof q), allowed);
        return XL_EINPUT;
    }
    uint64_t v = 0;
    int r = parse_uint(s, &v);
    if (k->type == KT_BOOL) {
        if (r != 1 || v > 1) {
            snprintf(msg, mlen, "'%s' is not 0 or 1", span_quote(s, q, sizeof q));
            return XL_EINPUT;
        }
        *out = v;
        return XL_OK;
    }
    if (r == 0) {
        snprintf(msg, mlen, "'%s' is not an unsigned integer", span_quote(s, q, sizeof q));
        return XL_EINPUT;
    }
    if (r < 0 || v < k->min || v > k->max) {
        snprintf(msg, mlen, "%s is out of range (min %llu, max %llu)", span_quote(s, q, sizeof q),
                 (unsigned long long)k->min, (unsigned long long)k->max);
        return XL_EINPUT;
    }
    *out = v;
    return XL_OK;
}

/* A string value is stored as given (after trimming). It must fit its field and hold no
 * control byte; '#' and ';' cannot occur (they start an INI comment), so a value written
 * by xl_config_write_ini reads back the same. */
static int parse_str(const cfg_key_t *k, span_t s, char *out, char *msg, size_t mlen)
{
    char q[64];
    if (s.n >= k->size) {
        snprintf(msg, mlen, "'%s' is longer than %zu bytes", span_quote(s, q, sizeof q), k->size - 1u);
        return XL_EINPUT;
    }
    for (size_t i = 0; i < s.n; i++) {
        unsigned char ch = (unsigned char)s.p[i];
        if (ch < 0x20u || ch == 0x7fu || ch == '#' || ch == ';') {
            snprintf(msg, mlen, "'%s' holds a control byte, '#' or ';'", span_quote(s, q, sizeof q));
            return XL_EINPUT;
        }
    }
    memcpy(out, s.p, s.n);
    out[s.n] = '\0';
    return XL_OK;
}

/* Parse a value for key k and store it in *c (nothing stored on error). */
static int parse_put(xl_config_t *c, const cfg_key_t *k, span_t s, char *msg, size_t mlen)
{
    if (k->type == KT_STR) {
        char buf[XL_CFG_PATH_MAX];
        if (k->size > sizeof buf) {
            snprintf(msg, mlen, "internal: string key larger than %zu bytes", sizeof buf);
            return XL_EINTERNAL;
        }
        if (parse_str(k, s, buf, msg, mlen) != XL_OK)
            return XL_EINPUT;
        memcpy((char *)c + k->off, buf, strlen(buf) + 1u);
        return XL_OK;
    }
    uint64_t v;
    if (parse_value(k, s, &v, msg, mlen) != XL_OK)
        return XL_EINPUT;
    key_put(c, k, v);
    return XL_OK;
}

/* ------------------------------------------------------------------ defaults, load */

void xl_config_defaults(xl_config_t *c)
{
    memset(c, 0, sizeof *c);   /* string keys default to "" */
    for (size_t i = 0; i < cfg_nkeys; i++)
        if (cfg_schema[i].type != KT_STR)
            key_put(c, &cfg_schema[i], cfg_schema[i].def);
}

void xl_config_wl_params(const xl_config_t *c, xl_wl_params_t *p)
{
    *p = c->workload;
    p->resident_waves = c->gpu.cus * c->gpu.simds_per_cu * c->gpu.waves_per_simd;
}

void xl_wl_params_defaults(xl_wl_params_t *p)
{
    xl_config_t c;
    xl_config_defaults(&c);
    xl_config_wl_params(&c, p);
}

/* Apply INI text to *c in place (the callers pass a scratch copy, so a failure leaves
 * their config untouched). Stops at the first error. */
static int apply_ini(xl_config_t *c, const char *text, size_t len, const char *name, char *err,
                     size_t errlen)
{
    unsigned set_on[cfg_nkeys];     /* line where each key was set in this text, 0 = not yet */
    memset(set_on, 0, sizeof set_on);
    span_t sec = { NULL, 0 };   /* current section; p == NULL before the first header */
    char q[64], msg[256];
    unsigned lineno = 0;
    size_t pos = 0;

    if (!name)
        name = "(config)";
    /* a UTF-8 byte-order mark written by some editors is not part of line 1 */
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
        pos = 3;
    while (pos < len) {
        const char *ls = text + pos;
        const char *nl = memchr(ls, '\n', len - pos);
        size_t ll = nl ? (size_t)(nl - ls) : len - pos;
        pos += ll + (nl ? 1u : 0u);
        lineno++;

        if (memchr(ls, '\0', ll)) {
            cfg_err(err, errlen, "%s:%u: NUL byte in line", name, lineno);
            return XL_EINPUT;
        }
        span_t line = span_trim((span_t){ ls, ll });
        if (line.n == 0 || line.p[0] == '#' || line.p[0] == ';')
            continue;

        if (line.p[0] == '[') {
            const char *close = memchr(line.p, ']', line.n);
            if (!close) {
                cfg_err(err, errlen, "%s:%u: section header '%s' has no closing ']'", name, lineno,
                        span_quote(line, q, sizeof q));
                return XL_EINPUT;
            }
            span_t rest = span_trim((span_t){ close + 1, line.n - (size_t)(close + 1 - line.p) });
            if (rest.n && rest.p[0] != '#' && rest.p[0] != ';') {
                cfg_err(err, errlen, "%s:%u: unexpected text '%s' after section header", name,
                        lineno, span_quote(rest, q, sizeof q));
                return XL_EINPUT;
            }
            span_t s = span_trim((span_t){ line.p + 1, (size_t)(close - line.p - 1) });
            if (!is_section(s)) {
                cfg_err(err, errlen, "%s:%u: unknown section [%s]", name, lineno,
                        span_quote(s, q, sizeof q));
                return XL_EINPUT;
            }
            sec = s;
            continue;
        }

        const char *eq = memchr(line.p, '=', line.n);
        if (!eq) {
            cfg_err(err, errlen, "%s:%u: expected 'key = value' or '[section]', got '%s'", name,
                    lineno, span_quote(line, q, sizeof q));
            return XL_EINPUT;
        }
        span_t key = span_trim((span_t){ line.p, (size_t)(eq - line.p) });
        span_t val = { eq + 1, line.n - (size_t)(eq + 1 - line.p) };
        /* a value ends at a '#' or ';' comment */
        for (size_t i = 0; i < val.n; i++)
            if (val.p[i] == '#' || val.p[i] == ';') {
                val.n = i;
                break;
            }
        val = span_trim(val);
        if (key.n == 0) {
            cfg_err(err, errlen, "%s:%u: missing key before '='", name, lineno);
            return XL_EINPUT;
        }
        if (!sec.p) {
            cfg_err(err, errlen, "%s:%u: key '%s' before any [section]", name, lineno,
                    span_quote(key, q, sizeof q));
            return XL_EINPUT;
        }
        int ki = find_key(sec, key);
        if (ki < 0) {
            char qs[64];
            cfg_err(err, errlen, "%s:%u: unknown key '%s' in [%s]", name, lineno,
                    span_quote(key, q, sizeof q), span_quote(sec, qs, sizeof qs));
            return XL_EINPUT;
        }
        const cfg_key_t *k = &cfg_schema[ki];
        if (set_on[ki]) {
            cfg_err(err, errlen, "%s:%u: duplicate key %s.%s (already set on line %u)", name,
                    lineno, k->section, k->key, set_on[ki]);
            return XL_EINPUT;
        }
        if (parse_put(c, k, val, msg, sizeof msg) != XL_OK) {
            cfg_err(err, errlen, "%s:%u: %s.%s: %s", name, lineno, k->section, k->key, msg);
            return XL_EINPUT;
        }
        set_on[ki] = lineno;
    }
    return XL_OK;
}

int xl_config_load_string(xl_config_t *c, const char *text, size_t len, const char *name,
                          char *err, size_t errlen)
{
    xl_config_t tmp;
    memcpy(&tmp, c, sizeof tmp);   /* atomic: work on a copy, publish only on success */
    if (!text && len) {
        cfg_err(err, errlen, "%s: no text", name ? name : "(config)");
        return XL_EINPUT;
    }
    int rc = apply_ini(&tmp, text ? text : "", len, name, err, errlen);
    if (rc == XL_OK)
        memcpy(c, &tmp, sizeof tmp);
    return rc;
}

#define CONFIG_MAX_BYTES (1u << 20)   /* a config is a few KB; refuse to slurp huge files */

int xl_config_load_file(xl_config_t *c, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        cfg_err(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return XL_EINPUT;
    }
    char *buf = malloc(CONFIG_MAX_BYTES + 1u);
    if (!buf) {
        fclose(f);
        cfg_err(err, errlen, "%s: out of memory", path);
        return XL_EINTERNAL;
    }
    size_t n = fread(buf, 1, CONFIG_MAX_BYTES + 1u, f);
    int rc;
    if (ferror(f)) {
        cfg_err(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        rc = XL_EINPUT;
    } else if (n > CONFIG_MAX_BYTES) {
        cfg_err(err, errlen, "%s: larger than %u bytes, not a config file", path, CONFIG_MAX_BYTES);
        rc = XL_EINPUT;
    } else {
        rc = xl_config_load_string(c, buf, n, path, err, errlen);
    }
    free(buf);
    fclose(f);
    return rc;
}

int xl_config_set(xl_config_t *c, const char *assignment, char *err, size_t errlen)
{
    char q[64], msg[256];
    span_t all = { assignment ? assignment : "", assignment ? strlen(assignment) : 0 };
    const char *eq = memchr(all.p, '=', all.n);
    span_t lhs = span_trim((span_t){ all.p, eq ? (size_t)(eq - all.p) : 0 });
    const char *dot = lhs.n ? memchr(lhs.p, '.', lhs.n) : NULL;
    if (!eq || !dot || dot == lhs.p || dot == lhs.p + lhs.n - 1) {
        cfg_err(err, errlen, "--set '%s': expected section.key=value", span_quote(all, q, sizeof q));
        return XL_EINPUT;
    }
    span_t sec = span_trim((span_t){ lhs.p, (size_t)(dot - lhs.p) });
    span_t key = span_trim((span_t){ dot + 1, lhs.n - (size_t)(dot + 1 - lhs.p) });
    span_t val = span_trim((span_t){ eq + 1, all.n - (size_t)(eq + 1 - all.p) });
    int ki = find_key(sec, key);
    if (ki < 0) {
        cfg_err(err, errlen, "--set %s: unknown key", span_quote(all, q, sizeof q));
        return XL_EINPUT;
    }
    if (parse_put(c, &cfg_schema[ki], val, msg, sizeof msg) != XL_OK) {
        cfg_err(err, errlen, "--set %s: %s", span_quote(all, q, sizeof q), msg);
        return XL_EINPUT;
    }
    return XL_OK;
}

/* ------------------------------------------------------------------ presets */

unsigned xl_config_preset_count(void)
{
    return (unsigned)xl_preset_count;
}

const char *xl_config_preset_name(unsigned i)
{
    return i < xl_preset_count ? xl_preset_table[i].name : NULL;
}

const char *xl_config_preset_summary(unsigned i, char *buf, size_t len)
{
    /* The first line of the file, if it is a comment, without its '#'/';' and blanks
     * (the table's lines are not NUL-terminated, so it is copied into buf). */
    if (i >= xl_preset_count || !len)
        return NULL;
    const char *t = xl_preset_table[i].text;
    const char *nl = strchr(t, '\n');
    span_t s = span_trim((span_t){ t, nl ? (size_t)(nl - t) : strlen(t) });
    if (s.n && (s.p[0] == '#' || s.p[0] == ';')) {
        while (s.n && (s.p[0] == '#' || s.p[0] == ';')) { s.p++; s.n--; }
        s = span_trim(s);
    } else {
        s.n = 0;
    }
    if (s.n >= len)
        s.n = len - 1;
    memcpy(buf, s.p, s.n);
    buf[s.n] = '\0';
    return buf;
}

int xl_config_load_preset(xl_config_t *c, const char *name, char *err, size_t errlen)
{
    for (size_t i = 0; i < xl_preset_count; i++)
        if (name && strcmp(name, xl_preset_table[i].name) == 0) {
            char fname[128];
            snprintf(fname, sizeof fname, "configs/%s.ini", xl_preset_table[i].name);
            const char *t = xl_preset_table[i].text;
            return xl_config_load_string(c, t, strlen(t), fname, err, errlen);
        }
    char known[256] = "";
    size_t o = 0;
    for (size_t i = 0; i < xl_preset_count && o < sizeof known; i++)
        o += (size_t)snprintf(known + o, sizeof known - o, "%s%s", i ? ", " : "",
                              xl_preset_table[i].name);
    char q[64];
    span_t s = { name ? name : "", name ? strlen(name) : 0 };
    cfg_err(err, errlen, "unknown preset '%s' (known: %s)", span_quote(s, q, sizeof q), known);
    return XL_EINPUT;
}

/* ------------------------------------------------------------------ validation */

static int is_pow2(uint64_t v)
{
    return v && (v & (v - 1)) == 0;
}

/* An entries/ways pair: ways in 1..entries, entries a multiple of ways, and a
 * power-of-two set count (tlb.h, pwc.h: set index = tag & (sets-1)). `plru` adds the
 * tree-PLRU limit: power-of-two ways, at most 64 (repl.h xl_repl_plru_*). */
static int check_geometry(const char *e_name, uint32_t entries, const char *w_name, uint32_t ways,
                          int plru, const char *why, char *err, size_t errlen)
{
    if (ways == 0) {
        cfg_err(err, errlen, "%s is 0; it must be at least 1", w_name);
        return XL_EINPUT;
    }
    if (entries == 0) {
        cfg_err(err, errlen, "%s is 0; it must be at least 1", e_name);
        return XL_EINPUT;
    }
    if (ways > entries) {
        cfg_err(err, errlen, "%s (%u) exceeds %s (%u)", w_name, ways, e_name, entries);
        return XL_EINPUT;
    }
    if (entries % ways) {
        cfg_err(err, errlen, "%s (%u) is not a multiple of %s (%u)", e_name, entries, w_name, ways);
        return XL_EINPUT;
    }
    if (!is_pow2(entries / ways)) {
        cfg_err(err, errlen, "%s / %s = %u / %u = %u sets; the set count must be a power of two",
                e_name, w_name, entries, ways, entries / ways);
        return XL_EINPUT;
    }
    if (plru && (!is_pow2(ways) || ways > 64u)) {
        cfg_err(err, errlen, "%s (%u) must be a power of two no larger than 64 (%s)", w_name, ways, why);
        return XL_EINPUT;
    }
    return XL_OK;
}

/* A data cache: size_kb*1024 / line_bytes / ways must be a whole power-of-two set count. */
static int check_cache(const char *sec, uint32_t size_kb, uint32_t ways, uint32_t line,
                       char *err, size_t errlen)
{
    if (!is_pow2(line)) {
        cfg_err(err, errlen, "%s.line_bytes (%u) must be a power of two", sec, line);
        return XL_EINPUT;
    }
    if (line != 64u) {   /* the coalescer, both caches and a DRAM burst move 64 B lines */
        cfg_err(err, errlen, "%s.line_bytes (%u) must be 64: the model's caches and DRAM move "
                "64 B lines", sec, line);
        return XL_EINPUT;
    }
    uint64_t lines = (uint64_t)size_kb * 1024u / line;
    if (ways == 0 || (uint64_t)size_kb * 1024u % line || lines % ways || !is_pow2(lines / ways)) {
        cfg_err(err, errlen,
                "%s.size_kb, %s.line_bytes, %s.ways: %u KB / %u B / %u ways does not give a "
                "power-of-two number of sets", sec, sec, sec, size_kb, line, ways);
        return XL_EINPUT;
    }
    return XL_OK;
}

int xl_config_validate(const xl_config_t *c, char *err, size_t errlen)
{
    /* every key within its schema range (configs built in code skip the parser) */
    for (size_t i = 0; i < cfg_nkeys; i++) {
        const cfg_key_t *k = &cfg_schema[i];
        if (k->type == KT_STR) {
            const char *str = key_str(c, k);
            if (!memchr(str, '\0', k->size)) {
                cfg_err(err, errlen, "%s.%s: longer than %zu bytes", k->section, k->key, k->size - 1u);
                return XL_EINPUT;
            }
            continue;
        }
        uint64_t x = key_get(c, k);
        if (x < k->min || x > k->max) {
            if (k->type == KT_ENUM)
                cfg_err(err, errlen, "%s.%s: %llu is not a valid value (%s)", k->section, k->key,
                        (unsigned long long)x, k->unit);
            else
                cfg_err(err, errlen, "%s.%s: %llu is out of range (min %llu, max %llu)",
                        k->section, k->key, (unsigned long long)x, (unsigned long long)k->min,
                        (unsigned long long)k->max);
            return XL_EINPUT;
        }
    }

    /* GPU: a wavefront issues over wave_lanes / simd_width cycles (docs/isca18-micro18.md §1.1) */
    if (c->gpu.wave_lanes == 0 || c->gpu.wave_lanes > XL_MAX_LANES) {
        cfg_err(err, errlen, "gpu.wave_lanes (%u) must be 1..%u", c->gpu.wave_lanes, XL_MAX_LANES);
        return XL_EINPUT;
    }
    if (c->gpu.simd_width == 0 || c->gpu.wave_lanes % c->gpu.simd_width) {
        cfg_err(err, errlen, "gpu.wave_lanes (%u) must be a multiple of gpu.simd_width (%u)",
                c->gpu.wave_lanes, c->gpu.simd_width);
        return XL_EINPUT;
    }
    /* the workloads' instructions are written for this shape (64 lanes, a vector
     * instruction 4 cycles on a 16-wide SIMD: sw/workloads); another would be accepted
     * and silently ignored */
    if (c->gpu.wave_lanes != 64u || c->gpu.simd_width != 16u) {
        cfg_err(err, errlen, "gpu.wave_lanes (%u) and gpu.simd_width (%u): the workloads are "
                "written for 64-lane wavefronts on 16-wide SIMDs, the only shape modelled",
                c->gpu.wave_lanes, c->gpu.simd_width);
        return XL_EINPUT;
    }
    if (c->gpu.cus < 1) {
        cfg_err(err, errlen, "gpu.cus must be at least 1");
        return XL_EINPUT;
    }
    if (c->iommu.buffer_entries < 1 || c->iommu.walkers < 1) {
        cfg_err(err, errlen, "iommu.buffer_entries (%u) and iommu.walkers (%u) must be at least 1",
                c->iommu.buffer_entries, c->iommu.walkers);
        return XL_EINPUT;
    }

    if ((c->iommu.tlb1_entries == 0u) != (c->iommu.tlb2_entries == 0u)) {
        cfg_err(err, errlen, "iommu.tlb1_entries (%u) and iommu.tlb2_entries (%u): 0 means no "
                "IOMMU TLBs and must be given for both", c->iommu.tlb1_entries, c->iommu.tlb2_entries);
        return XL_EINPUT;
    }
    if (c->l2tlb.entries == 0u && c->mask.tokens) {
        cfg_err(err, errlen, "mask.tokens = 1 needs a shared L2 TLB to gate: l2tlb.entries is 0");
        return XL_EINPUT;
    }
    /* TLB and PWC geometries */
    int rc;
    if ((rc = check_geometry("l1tlb.entries", c->l1tlb.entries, "l1tlb.ways", c->l1tlb.ways,
                             c->l1tlb.repl == XL_REPL_PLRU, "l1tlb.repl = plru", err, errlen)) ||
        /* l2tlb.entries = 0: no shared L2 TLB (MASK's PWCache design) */
        (c->l2tlb.entries &&
         (rc = check_geometry("l2tlb.entries", c->l2tlb.entries, "l2tlb.ways", c->l2tlb.ways,
                              c->l2tlb.repl == XL_REPL_PLRU, "l2tlb.repl = plru", err, errlen))) ||
        ((c->iommu.tlb1_entries || c->iommu.tlb2_entries) &&
         ((rc = check_geometry("iommu.tlb1_entries", c->iommu.tlb1_entries, "iommu.tlb1_ways",
                               c->iommu.tlb1_ways, 0, "", err, errlen)) ||
          (rc = check_geometry("iommu.tlb2_entries", c->iommu.tlb2_entries, "iommu.tlb2_ways",
                               c->iommu.tlb2_ways, 0, "", err, errlen)))) ||
        /* the PWCs use tree-PLRU with pending counters (docs/isca18-micro18.md §2.6) */
        (rc = check_geometry("pwc.l4_entries", c->pwc.l4_entries, "pwc.l4_ways", c->pwc.l4_ways, 1,
                             "the PWC uses tree-PLRU", err, errlen)) ||
        (rc = check_geometry("pwc.l3_entries", c->pwc.l3_entries, "pwc.l3_ways", c->pwc.l3_ways, 1,
                             "the PWC uses tree-PLRU", err, errlen)) ||
        (rc = check_geometry("pwc.l2_entries", c->pwc.l2_entries, "pwc.l2_ways", c->pwc.l2_ways, 1,
                             "the PWC uses tree-PLRU", err, errlen)))
        return rc;

    /* the page-table line cache: whole sets of 64 B lines, a power of two of them */
    if (c->iommu.ptcache_kb) {
        uint32_t lines = c->iommu.ptcache_kb * 1024u / 64u;
        if (lines % c->iommu.ptcache_ways || (lines / c->iommu.ptcache_ways) &
                                                 (lines / c->iommu.ptcache_ways - 1u)) {
            cfg_err(err, errlen, "iommu.ptcache_kb (%u) = %u lines is not a power-of-two number "
                    "of sets of iommu.ptcache_ways (%u)", c->iommu.ptcache_kb, lines,
                    c->iommu.ptcache_ways);
            return XL_EINPUT;
        }
    }

    /* data caches */
    if ((rc = check_cache("l1d", c->l1d.size_kb, c->l1d.ways, c->l1d.line_bytes, err, errlen)) ||
        (rc = check_cache("l2d", c->l2d.size_kb, c->l2d.ways, c->l2d.line_bytes, err, errlen)))
        return rc;

    /* workloads: a work-group is a power of two of work-items; NW's tiles are the two
     * widths its ports use (sw/workloads/polybench.c, nw.c) */
    if (!is_pow2(c->workload.pb_wg_items)) {
        cfg_err(err, errlen, "workload.pb_wg_items (%u) must be a power of two", c->workload.pb_wg_items);
        return XL_EINPUT;
    }
    if (c->workload.nw_block != 16u && c->workload.nw_block != 64u) {
        cfg_err(err, errlen, "workload.nw_block (%u) must be 16 or 64", c->workload.nw_block);
        return XL_EINPUT;
    }

    /* MICRO'21's LDS, I-cache and the victim stores (docs/papers/translation-reach.md) */
    const char *bad = !is_pow2(c->lds.size_kb) ? "lds.size_kb must be a power of two"
        : c->lds.seg_bytes % 32u ? "lds.seg_bytes must be 32 or 64"
        : !is_pow2(c->icache.lines) ? "icache.lines must be 64, 128, 256 or 512"
        : !is_pow2(c->icache.instr_bytes) ? "icache.instr_bytes must be a power of two"
        : c->icache.model && c->gpu.cus % c->icache.sharers ? "icache.sharers must divide gpu.cus"
        : c->reach.lds_tx && !c->lds.model ? "reach.lds_tx = 1 needs lds.model = 1 (the LDS's "
                                             "idle segments come from its allocation)"
        : c->reach.ic_tx != XL_RIC_OFF && !c->icache.model ? "reach.ic_tx needs icache.model = 1 "
                                             "(an I-cache's idle lines come from its fetch)"
        : NULL;
    if (bad) {
        cfg_err(err, errlen, "%s", bad);
        return XL_EINPUT;
    }

    /* paging: the GMMU's far-fault MSHRs keep a mask of CUs; walks are real */
    if (c->paging.mode != XL_PAGING_OFF && c->gpu.cus > 64u) {
        cfg_err(err, errlen, "paging.mode needs gpu.cus (%u) of at most 64", c->gpu.cus);
        return XL_EINPUT;
    }
    if (c->paging.mode != XL_PAGING_OFF && c->translation.ideal) {
        cfg_err(err, errlen, "paging.mode needs real walks: translation.ideal must be 0");
        return XL_EINPUT;
    }
    /* memory: physmem.h needs a multiple of 2 MB, at least 4 MB; pages are 4 KB, 64 KB
     * (16 contiguous 4 KB leaves) or 2 MB */
    if (c->mem.page_kb != 4u && c->mem.page_kb != 64u && c->mem.page_kb != 2048u) {
        cfg_err(err, errlen, "mem.page_kb (%u) must be 4, 64 or 2048", c->mem.page_kb);
        return XL_EINPUT;
    }
    if (c->mem.size_mb < 4u || c->mem.size_mb % 2u) {
        cfg_err(err, errlen, "mem.size_mb (%u) must be a multiple of 2 and at least 4", c->mem.size_mb);
        return XL_EINPUT;
    }

    /* clocks: one walk's four DRAM reads (a row conflict each, after a refresh) must fit
     * in the watchdog, or no run could retire anything before it fires */
    uint64_t read_clk = (uint64_t)c->dram.trp + c->dram.trcd + c->dram.tcl + c->dram.tburst;
    uint64_t walk = (4u * read_clk + c->dram.trfc) * c->gpu.clock_mhz / c->dram.mhz +
                    8u * (uint64_t)c->dram.ctrl_latency;
    if (walk >= c->sim.watchdog) {
        cfg_err(err, errlen, "gpu.clock_mhz (%u) over dram.mhz (%u): one page walk's DRAM reads "
                "take about %llu GPU cycles, not less than sim.watchdog (%llu), so no run could "
                "finish; raise dram.mhz or sim.watchdog", c->gpu.clock_mhz, c->dram.mhz,
                (unsigned long long)walk, (unsigned long long)c->sim.watchdog);
        return XL_EINPUT;
    }

    /* host memory, before anything is allocated */
    const char *big;
    uint64_t big_bytes, need = xl_config_footprint(c, &big, &big_bytes);
    if (need > (uint64_t)c->sim.max_memory_mb << 20) {
        cfg_err(err, errlen, "the configuration needs about %llu MB of host memory (%llu MB of it "
                "%s), more than sim.max_memory_mb (%u)", (unsigned long long)(need >> 20),
                (unsigned long long)(big_bytes >> 20), big, c->sim.max_memory_mb);
        return XL_EINPUT;
    }
    return XL_OK;
}

/* ------------------------------------------------------------------ output */

void xl_config_write_ini(const xl_config_t *c, FILE *f)
{
    char v[32], kv[96];
    fputs("# xlat effective configuration: every key, loadable with --config\n", f);
    for (size_t i = 0; i < cfg_nkeys; i++) {
        const cfg_key_t *k = &cfg_schema[i];
        if (i == 0 || strcmp(k->section, cfg_schema[i - 1].section) != 0)
            fprintf(f, "%s[%s]\n", i ? "\n" : "", k->section);
        if (k->type == KT_STR) {   /* may be longer than kv: printed as it is */
            int n = fprintf(f, "%s = %s", k->key, key_str(c, k));
            fprintf(f, "%*s # %s\n", n >= 0 && n < 32 ? 32 - n : 0, "", k->unit);
            continue;
        }
        key_format(k, key_get(c, k), v, sizeof v);
        snprintf(kv, sizeof kv, "%s = %s", k->key, v);
        fprintf(f, "%-32s # %s\n", kv, k->unit);
    }
}

void xl_config_write_json(const xl_config_t *c, FILE *f, unsigned indent)
{
    /* Same layout rule as xl_stats_write_json: indent 0 is one line; otherwise keys at
     * `indent` spaces, each section's keys two further, closing braces two back. */
    char v[32];
    int in = (int)indent, in2 = (int)indent + 2, back = indent >= 2u ? (int)indent - 2 : 0;
    fputc('{', f);
    for (size_t i = 0; i < cfg_nkeys; i++) {
        const cfg_key_t *k = &cfg_schema[i];
        int first_in_sec = i == 0 || strcmp(k->section, cfg_schema[i - 1].section) != 0;
        if (first_in_sec) {
            if (i) {   /* close the previous section */
                if (indent)
                    fprintf(f, "\n%*s},", in, "");
                else
                    fputs("}, ", f);
            }
            if (indent)
                fprintf(f, "\n%*s\"%s\": {", in, "", k->section);
            else
                fprintf(f, "\"%s\": {", k->section);
        } else {
            fputc(',', f);
            if (!indent)
                fputc(' ', f);
        }
        if (indent)
            fprintf(f, "\n%*s", in2, "");
        if (k->type == KT_STR) {   /* JSON string; only '"' and '\\' need escapes (no control bytes) */
            fprintf(f, "\"%s\": \"", k->key);
            for (const char *p = key_str(c, k); *p; p++) {
                if (*p == '"' || *p == '\\')
                    fputc('\\', f);
                fputc(*p, f);
            }
            fputc('"', f);
            continue;
        }
        key_format(k, key_get(c, k), v, sizeof v);
        if (k->type == KT_ENUM)
            fprintf(f, "\"%s\": \"%s\"", k->key, v);
        else
            fprintf(f, "\"%s\": %s", k->key, v);
    }
    if (indent)
        fprintf(f, "\n%*s}\n%*s}", in, "", back, "");
    else
        fputs("}}", f);
}

void xl_config_describe(FILE *f)
{
    char name[64], v[32];
    size_t wn = 0, wv = 0, wu = 0;
    for (size_t i = 0; i < cfg_nkeys; i++) {
        size_t l = strlen(cfg_schema[i].section) + 1 + strlen(cfg_schema[i].key);
        if (l > wn) wn = l;
        key_format(&cfg_schema[i], cfg_schema[i].def, v, sizeof v);
        if (strlen(v) > wv) wv = strlen(v);
        if (strlen(cfg_schema[i].unit) > wu) wu = strlen(cfg_schema[i].unit);
    }
    for (size_t i = 0; i < cfg_nkeys; i++) {
        const cfg_key_t *k = &cfg_schema[i];
        snprintf(name, sizeof name, "%s.%s", k->section, k->key);
        key_format(k, k->def, v, sizeof v);
        fprintf(f, "%-*s  %-*s  %-*s  %s\n", (int)wn, name, (int)wv, v, (int)wu, k->unit, k->desc);
    }
}
