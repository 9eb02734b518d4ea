/*
 * accelsim.c - Accel-Sim SASS traces (kernelslist.g, kernel-N.traceg) read and converted
 * into xlat's instruction traces: `xlat import accelsim DIR -o FILE`. The grammar read,
 * the tracer versions accepted and every mapping choice (warp -> wavefront, thread block
 * -> work-group, opcodes -> ops, compute runs -> ALU gaps, device addresses -> regions)
 * are docs/traces-accelsim.md's, section by section; this file follows them.
 *
 * Memory is bounded whatever the traces' size: one line is held at a time, the first
 * pass keeps one entry per 2 MB grain of device memory touched, and per kernel only its
 * geometry and name (the names only hashed, for code_id).
 */
#include "xlat/accelsim.h"
#include "xlat/itrace.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------- small parsers */

static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return XL_EINPUT;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\r';
}

/* The next whitespace-separated token of *p: its start and length (0 at the end). */
static const char *next_tok(const char **p, size_t *len)
{
    const char *s = *p;
    while (*s && is_space(*s))
        s++;
    const char *e = s;
    while (*e && !is_space(*e))
        e++;
    *len = (size_t)(e - s);
    *p = e;
    return s;
}

/* Hexadecimal, with or without 0x, at most 16 digits. */
static int hex_u64(const char *t, size_t n, uint64_t *v)
{
    if (n > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
        t += 2;
        n -= 2;
    }
    if (n == 0 || n > 16)
        return 0;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        char c = t[i];
        unsigned d = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                     : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                     : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                            : 16u;
        if (d > 15u)
            return 0;
        x = x << 4 | d;
    }
    *v = x;
    return 1;
}

/* Unsigned decimal no larger than max. */
static int dec_u64(const char *t, size_t n, uint64_t max, uint64_t *v)
{
    if (n == 0 || n > 20)
        return 0;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] < '0' || t[i] > '9')
            return 0;
        unsigned d = (unsigned)(t[i] - '0');
        if (x > (UINT64_MAX - d) / 10u)
            return 0;
        x = x * 10u + d;
    }
    if (x > max)
        return 0;
    *v = x;
    return 1;
}

/* Signed decimal (an optional '-'), |v| < 2^63. */
static int dec_s64(const char *t, size_t n, int64_t *v)
{
    int neg = n > 0 && t[0] == '-';
    uint64_t m;
    if (!dec_u64(t + neg, n - (size_t)neg, (uint64_t)INT64_MAX, &m))
        return 0;
    *v = neg ? -(int64_t)m : (int64_t)m;
    return 1;
}

/* A token shown in a message: at most 24 characters of it. */
#define TOKF "'%.*s'"
#define TOKA(t, n) (int)((n) > 24 ? 24 : (n)), (t)

static unsigned popcount32(uint32_t m)
{
    unsigned c = 0;
    for (; m; m &= m - 1u)
        c++;
    return c;
}

/* ---------------------------------------------------------------- one instruction line */

int xl_accel_parse_inst(const char *line, unsigned version, int lineinfo,
                        xl_accel_inst_t *out, char *err, size_t errlen)
{
    const char *p = line, *t;
    size_t n;
    uint64_t v;
    if (version < XL_ACCEL_VER_MIN || version > XL_ACCEL_VER_MAX)
        return fail(err, errlen, "tracer version %u is not read (3, 4 and 5 are)", version);
    memset(out, 0, sizeof *out);
    if (lineinfo) {
        t = next_tok(&p, &n);
        if (!dec_u64(t, n, UINT32_MAX, &v))
            return fail(err, errlen, "line number " TOKF " is not a decimal number", TOKA(t, n));
    }
    t = next_tok(&p, &n);
    if (n == 0)
        return fail(err, errlen, "empty instruction line");
    if (!hex_u64(t, n, &v) || v > UINT32_MAX)
        return fail(err, errlen, "PC " TOKF " is not a 32-bit hexadecimal number", TOKA(t, n));
    out->pc = (uint32_t)v;
    t = next_tok(&p, &n);
    if (!hex_u64(t, n, &v) || v > UINT32_MAX)
        return fail(err, errlen, "active mask " TOKF " is not a 32-bit hexadecimal number",
                    TOKA(t, n));
    out->mask = (uint32_t)v;
    /* destination registers: a count, then that many names */
    t = next_tok(&p, &n);
    if (!dec_u64(t, n, 8, &v))
        return fail(err, errlen, "destination count " TOKF " is not 0-8", TOKA(t, n));
    for (uint64_t i = 0; i < v; i++) {
        t = next_tok(&p, &n);
        if (n == 0 || t[0] < 'A' || t[0] > 'Z')
            return fail(err, errlen, "destination register %u of %u missing or not a register",
                        (unsigned)i + 1u, (unsigned)v);
    }
    t = next_tok(&p, &n);
    if (n == 0 || t[0] < 'A' || t[0] > 'Z')
        return fail(err, errlen, "opcode " TOKF " does not start with a capital letter",
                    TOKA(t, n));
    if (n >= XL_ACCEL_OPC_MAX)
        return fail(err, errlen, "opcode longer than %u characters", XL_ACCEL_OPC_MAX - 1u);
    for (size_t i = 0; i < n; i++) {
        char c = t[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
              c == '.' || c == '_'))
            return fail(err, errlen, "opcode " TOKF " holds a character other than A-Z, 0-9, "
                        "'.' and '_'", TOKA(t, n));
    }
    memcpy(out->opcode, t, n);
    out->opcode[n] = '\0';
    t = next_tok(&p, &n);
    if (!dec_u64(t, n, 8, &v))
        return fail(err, errlen, "source count " TOKF " is not 0-8", TOKA(t, n));
    for (uint64_t i = 0; i < v; i++) {
        t = next_tok(&p, &n);
        if (n == 0 || t[0] < 'A' || t[0] > 'Z')
            return fail(err, errlen, "source register %u of %u missing or not a register",
                        (unsigned)i + 1u, (unsigned)v);
    }
    t = next_tok(&p, &n);
    if (!dec_u64(t, n, 128, &v))
        return fail(err, errlen, "memory width " TOKF " is not 0-128 bytes", TOKA(t, n));
    out->width = (uint32_t)v;
    if (out->width) {
        unsigned active = popcount32(out->mask);
        t = next_tok(&p, &n);
        if (!dec_u64(t, n, 2, &v))
            return fail(err, errlen, "address mode " TOKF " is not 0 (list), 1 (base+stride) "
                        "or 2 (base+deltas)", TOKA(t, n));
        out->mode = (int)v;
        if (out->mode == XL_ACCEL_LIST) {
            for (unsigned l = 0; l < XL_ACCEL_WARP; l++) {
                if (!(out->mask >> l & 1u))
                    continue;
                t = next_tok(&p, &n);
                if (!hex_u64(t, n, &out->addr[l]))
                    return fail(err, errlen, "address of lane %u " TOKF " is not hexadecimal "
                                "(list mode: one per active lane, %u here)", l, TOKA(t, n), active);
            }
        } else {
            uint64_t base;
            t = next_tok(&p, &n);
            if (!hex_u64(t, n, &base))
                return fail(err, errlen, "base address " TOKF " is not hexadecimal", TOKA(t, n));
            if (out->mode == XL_ACCEL_STRIDE) {
                int64_t stride;
                t = next_tok(&p, &n);
                if (!dec_s64(t, n, &stride))
                    return fail(err, errlen, "stride " TOKF " is not a decimal number", TOKA(t, n));
                /* The tracer writes base+stride only for one contiguous run of active
                 * lanes; the k-th of them is at base + k * stride. */
                uint32_t m = out->mask;
                if (m && ((m >> __builtin_ctz(m)) & ((m >> __builtin_ctz(m)) + 1u)))
                    return fail(err, errlen, "base+stride with active mask %08x: the lanes "
                                "must be one contiguous run", out->mask);
                uint64_t a = base;
                for (unsigned l = 0; l < XL_ACCEL_WARP; l++)
                    if (out->mask >> l & 1u) {
                        out->addr[l] = a;
                        a += (uint64_t)stride;
                    }
            } else {
                /* base+deltas: the first active lane at base, each next active lane at
                 * the previous one's address plus its delta (active - 1 deltas). */
                uint64_t a = base;
                int first = 1;
                for (unsigned l = 0; l < XL_ACCEL_WARP; l++) {
                    if (!(out->mask >> l & 1u))
                        continue;
                    if (!first) {
                        int64_t d;
                        t = next_tok(&p, &n);
                        if (!dec_s64(t, n, &d))
                            return fail(err, errlen, "delta of lane %u " TOKF " is not a "
                                        "decimal number (%u active lanes: %u deltas)", l,
                                        TOKA(t, n), active, active - 1u);
                        a += (uint64_t)d;
                    }
                    out->addr[l] = a;
                    first = 0;
                }
            }
        }
    }
    if (version >= 5) {
        int64_t imm;
        t = next_tok(&p, &n);
        if (!dec_s64(t, n, &imm))
            return fail(err, errlen, "immediate " TOKF " is not a decimal number (tracer "
                        "version 5 ends each line with one)", TOKA(t, n));
    }
    t = next_tok(&p, &n);
    if (n)
        return fail(err, errlen, "unexpected " TOKF " after the instruction's last field",
                    TOKA(t, n));
    return XL_OK;
}

/* ---------------------------------------------------------------- the .traceg reader */

/* Reads the next line into r->buf (without its newline); 0 at the end of the file. */
static int rd_line(xl_accel_rd_t *r, int *got, char *err, size_t errlen)
{
    size_t n = 0;
    int c;
    *got = 0;
    while ((c = getc_unlocked(r->f)) != EOF && c != '\n') {
        if (c == '\0')
            return fail(err, errlen, "%s:%llu: NUL byte in a text line", r->path,
                        (unsigned long long)r->line + 1u);
        if (n + 1u >= sizeof r->buf)
            return fail(err, errlen, "%s:%llu: line longer than %u bytes", r->path,
                        (unsigned long long)r->line + 1u, XL_ACCEL_LINE_MAX - 1u);
        r->buf[n++] = (char)c;
    }
    if (ferror(r->f))
        return fail(err, errlen, "%s:%llu: read error: %s", r->path,
                    (unsigned long long)r->line + 1u, strerror(errno));
    if (c == EOF && n == 0)
        return XL_OK;
    while (n && is_space(r->buf[n - 1u]))
        n--;
    r->buf[n] = '\0';
    r->line++;
    *got = 1;
    return XL_OK;
}

#define RDERR(r, ...) rd_fail(r, err, errlen, __VA_ARGS__)
static int rd_fail(const xl_accel_rd_t *r, char *err, size_t errlen, const char *fmt, ...)
{
    char msg[384];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "%s:%llu: %s", r->path, (unsigned long long)r->line, msg);
    return XL_EINPUT;
}

/* "(x,y,z)" or "x,y,z" with each at least lo. */
static int parse_dim3(const char *s, uint32_t lo, uint32_t d[3])
{
    const char *p = s;
    int paren = *p == '(';
    p += paren;
    for (int i = 0; i < 3; i++) {
        const char *q = p;
        while (*q >= '0' && *q <= '9')
            q++;
        uint64_t v;
        if (!dec_u64(p, (size_t)(q - p), UINT32_MAX, &v) || v < lo)
            return 0;
        d[i] = (uint32_t)v;
        p = q;
        if (i < 2 && *p++ != ',')
            return 0;
    }
    if (paren && *p++ != ')')
        return 0;
    return *p == '\0';
}

/* The header: "-key = value" lines up to the first "#BEGIN_TB". */
static int rd_header(xl_accel_rd_t *r, char *err, size_t errlen)
{
    xl_accel_khdr_t *h = &r->h;
    int have_grid = 0, have_block = 0, have_shmem = 0, have_ver = 0, got;
    for (;;) {
        if (rd_line(r, &got, err, errlen) != XL_OK)
            return XL_EINPUT;
        if (!got)
            break;
        char *s = r->buf;
        while (is_space(*s))
            s++;
        if (*s == '\0')
            continue;
        if (*s == '#') {
            if (!strncmp(s, "#BEGIN_TB", 9) && (s[9] == '\0' || is_space(s[9]))) {
                r->pending = 1;
                break;
            }
            continue;   /* "#traces format = ...": a comment */
        }
        if (*s != '-')
            return RDERR(r, "expected a header line ('-key = value') or #BEGIN_TB, not '%.32s'", s);
        char *eq = strchr(s, '=');
        if (!eq)
            return RDERR(r, "header line without '=': '%.40s'", s);
        char *k = s + 1, *ke = eq, *val = eq + 1;
        while (ke > k && is_space(ke[-1]))
            ke--;
        while (is_space(*val))
            val++;
        size_t kn = (size_t)(ke - k);
        size_t vn = strlen(val);
        uint64_t v;
#define KEY(lit) (kn == sizeof(lit) - 1u && !memcmp(k, lit, kn))
        if (KEY("kernel name")) {
            size_t m = vn < sizeof h->name - 1u ? vn : sizeof h->name - 1u;
            memcpy(h->name, val, m);
            h->name[m] = '\0';
        } else if (KEY("grid dim")) {
            if (!parse_dim3(val, 1, h->grid))
                return RDERR(r, "grid dim '%.40s' is not (x,y,z) with each 1 or more", val);
            have_grid = 1;
        } else if (KEY("block dim")) {
            if (!parse_dim3(val, 1, h->block))
                return RDERR(r, "block dim '%.40s' is not (x,y,z) with each 1 or more", val);
            have_block = 1;
        } else if (KEY("shmem")) {
            if (!dec_u64(val, vn, UINT32_MAX, &v))
                return RDERR(r, "shmem '%.40s' is not a byte count", val);
            h->shmem = (uint32_t)v;
            have_shmem = 1;
        } else if (KEY("accelsim tracer version")) {
            if (!dec_u64(val, vn, UINT32_MAX, &v))
                return RDERR(r, "tracer version '%.40s' is not a number", val);
            if (v < XL_ACCEL_VER_MIN || v > XL_ACCEL_VER_MAX)
                return RDERR(r, "tracer version %llu is not read (3, 4 and 5 are)",
                             (unsigned long long)v);
            h->version = (unsigned)v;
            have_ver = 1;
        } else if (KEY("enable lineinfo")) {
            if (!dec_u64(val, vn, 1, &v))
                return RDERR(r, "enable lineinfo '%.40s' is not 0 or 1", val);
            h->lineinfo = (int)v;
        } else if (KEY("shmem base_addr")) {
            if (!hex_u64(val, vn, &h->shmem_base))
                return RDERR(r, "shmem base_addr '%.40s' is not hexadecimal", val);
        } else if (KEY("local mem base_addr")) {
            if (!hex_u64(val, vn, &h->local_base))
                return RDERR(r, "local mem base_addr '%.40s' is not hexadecimal", val);
        }
        /* other keys (kernel id, nregs, binary version, cuda stream id, nvbit version)
         * change nothing here */
#undef KEY
    }
    if (!have_ver)
        return RDERR(r, "no '-accelsim tracer version = N' line before the thread blocks");
    if (!have_grid)
        return RDERR(r, "no '-grid dim = (x,y,z)' line before the thread blocks");
    if (!have_block)
        return RDERR(r, "no '-block dim = (x,y,z)' line before the thread blocks");
    if (!have_shmem)
        return RDERR(r, "no '-shmem = N' line before the thread blocks");
    if (h->lineinfo && h->version < 4)
        return RDERR(r, "enable lineinfo = 1 with tracer version 3 (line numbers came with 4)");
    uint64_t wgs = (uint64_t)h->grid[0] * h->grid[1];
    if (wgs > UINT32_MAX || (wgs *= h->grid[2]) > UINT32_MAX)
        return RDERR(r, "grid of more than 2^32 - 1 thread blocks");
    uint64_t threads = (uint64_t)h->block[0] * h->block[1] * h->block[2];
    if (threads > 1024u)
        return RDERR(r, "block of %llu threads (CUDA's limit is 1024)",
                     (unsigned long long)threads);
    h->workgroups = (uint32_t)wgs;
    h->waves_per_wg = (uint32_t)((threads + XL_ACCEL_WARP - 1u) / XL_ACCEL_WARP);
    return XL_OK;
}

int xl_accel_rd_stream(xl_accel_rd_t *r, FILE *f, const char *name, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    r->f = f;
    snprintf(r->path, sizeof r->path, "%s", name);
    r->last_wg = -1;
    return rd_header(r, err, errlen);
}

int xl_accel_rd_open(xl_accel_rd_t *r, const char *path, char *err, size_t errlen)
{
    memset(r, 0, sizeof *r);
    if (strlen(path) >= sizeof r->path)
        return fail(err, errlen, "path longer than %u bytes: '%.60s...'",
                    (unsigned)sizeof r->path - 1u, path);
    FILE *f = fopen(path, "r");
    if (!f)
        return fail(err, errlen, "cannot open %s: %s", path, strerror(errno));
    if (xl_accel_rd_stream(r, f, path, err, errlen) != XL_OK) {
        fclose(f);
        r->f = NULL;
        return XL_EINPUT;
    }
    return XL_OK;
}

void xl_accel_rd_close(xl_accel_rd_t *r)
{
    if (r->f)
        fclose(r->f);
    r->f = NULL;
}

/* "WORD = rest" where the words before '=' equal key: the text after "= ". */
static const char *after_key(const char *s, const char *key)
{
    size_t n = strlen(key);
    if (strncmp(s, key, n))
        return NULL;
    s += n;
    while (is_space(*s))
        s++;
    if (*s != '=')
        return NULL;
    s++;
    while (is_space(*s))
        s++;
    return s;
}

int xl_accel_rd_next(xl_accel_rd_t *r, xl_accel_ev_t *ev, char *err, size_t errlen)
{
    int got;
    for (;;) {
        if (r->pending) {
            r->pending = 0;
        } else {
            if (rd_line(r, &got, err, errlen) != XL_OK)
                return XL_EINPUT;
            if (!got) {
                if (r->in_tb)
                    return RDERR(r, "the file ends inside a thread block (no #END_TB)");
                *ev = XL_ACCEL_EV_EOF;
                return XL_OK;
            }
        }
        const char *s = r->buf, *v;
        while (is_space(*s))
            s++;
        if (*s == '\0')
            continue;
        if (r->left) {   /* inside a warp's instruction lines */
            if (*s == '#' || !strncmp(s, "warp", 4) || !strncmp(s, "thread block", 12))
                return RDERR(r, "warp %u has fewer instruction lines than its 'insts = %u'",
                             r->warp, r->insts);
            char msg[256];
            if (xl_accel_parse_inst(s, r->h.version, r->h.lineinfo, &r->inst, msg,
                                    sizeof msg) != XL_OK)
                return RDERR(r, "%s", msg);
            r->left--;
            *ev = XL_ACCEL_EV_INST;
            return XL_OK;
        }
        if (!strncmp(s, "#BEGIN_TB", 9) && s[9] == '\0') {
            if (r->in_tb)
                return RDERR(r, "#BEGIN_TB before the previous thread block's #END_TB");
            r->in_tb = 1;
            r->have_tb = r->have_warp = 0;
            r->last_warp = -1;
            continue;
        }
        if (!strncmp(s, "#END_TB", 7) && s[7] == '\0') {
            if (!r->in_tb)
                return RDERR(r, "#END_TB without #BEGIN_TB");
            if (!r->have_tb)
                return RDERR(r, "thread block without a 'thread block = x,y,z' line");
            if (r->have_warp)
                return RDERR(r, "'warp = %u' without its 'insts = N' line", r->warp);
            r->in_tb = 0;
            *ev = XL_ACCEL_EV_TB_END;
            return XL_OK;
        }
        if (*s == '#')
            continue;   /* a comment */
        if (!r->in_tb)
            return RDERR(r, "'%.32s' outside a thread block (#BEGIN_TB ... #END_TB)", s);
        if ((v = after_key(s, "thread block"))) {
            uint32_t d[3];
            if (r->have_tb)
                return RDERR(r, "a second 'thread block' line in one thread block");
            if (!parse_dim3(v, 0, d))
                return RDERR(r, "thread block '%.40s' is not x,y,z", v);
            for (int i = 0; i < 3; i++)
                if (d[i] >= r->h.grid[i])
                    return RDERR(r, "thread block %u,%u,%u lies outside the grid (%u,%u,%u)",
                                 d[0], d[1], d[2], r->h.grid[0], r->h.grid[1], r->h.grid[2]);
            uint32_t wg = d[0] + r->h.grid[0] * (d[1] + r->h.grid[1] * d[2]);
            if ((int64_t)wg <= r->last_wg)
                return RDERR(r, "thread block %u,%u,%u after a later one (the post-processor "
                             "writes them in x-fastest order, each once)", d[0], d[1], d[2]);
            memcpy(r->tb, d, sizeof d);
            r->wg = wg;
            r->last_wg = wg;
            r->have_tb = 1;
            *ev = XL_ACCEL_EV_TB;
            return XL_OK;
        }
        if (!strncmp(s, "cluster ", 8))
            continue;   /* cluster id / cta / rank (Hopper's clusters): not modelled */
        if (!r->have_tb)
            return RDERR(r, "'%.32s' before the 'thread block = x,y,z' line", s);
        if ((v = after_key(s, "warp"))) {
            uint64_t w;
            if (r->have_warp)
                return RDERR(r, "'warp = %u' without its 'insts = N' line", r->warp);
            if (!dec_u64(v, strlen(v), UINT32_MAX, &w))
                return RDERR(r, "warp '%.40s' is not a number", v);
            if (w >= r->h.waves_per_wg)
                return RDERR(r, "warp %llu of a block of %u warps", (unsigned long long)w,
                             r->h.waves_per_wg);
            if ((int64_t)w <= r->last_warp)
                return RDERR(r, "warp %llu after warp %lld (each once, in order)",
                             (unsigned long long)w, (long long)r->last_warp);
            r->warp = (uint32_t)w;
            r->last_warp = (int64_t)w;
            r->have_warp = 1;
            continue;
        }
        if ((v = after_key(s, "insts"))) {
            uint64_t k;
            if (!r->have_warp)
                return RDERR(r, "'insts = N' without a 'warp = N' line before it");
            if (!dec_u64(v, strlen(v), UINT32_MAX, &k))
                return RDERR(r, "insts '%.40s' is not a number", v);
            r->insts = r->left = (uint32_t)k;
            r->have_warp = 0;
            *ev = XL_ACCEL_EV_WARP;
            return XL_OK;
        }
        if (r->last_warp >= 0)
            return RDERR(r, "warp %u has more instruction lines than its 'insts = %u'",
                         r->warp, r->insts);
        return RDERR(r, "unexpected '%.32s' in a thread block", s);
    }
}

/* ---------------------------------------------------------------- lowering */

/* The opcode's base (before the first '.') is b, and one of its modifiers is m. */
static int base_is(const char *opc, const char *b)
{
    size_t n = strlen(b);
    return !strncmp(opc, b, n) && (opc[n] == '\0' || opc[n] == '.');
}

static int has_mod(const char *opc, const char *m)
{
    size_t n = strlen(m);
    for (const char *p = strchr(opc, '.'); p; p = strchr(p + 1, '.'))
        if (!strncmp(p + 1, m, n) && (p[1 + n] == '\0' || p[1 + n] == '.'))
            return 1;
    return 0;
}

/* Generic-address windows: shared from shmem_base up to local_base, local from local_base
 * for as far again (the tracer gives both bases; Accel-Sim tells a generic LD/ST's space
 * by its first active lane the same way). */
static int in_shared(const xl_accel_khdr_t *h, uint64_t a)
{
    return h->shmem_base && h->local_base > h->shmem_base && a >= h->shmem_base &&
           a < h->local_base;
}

static int in_local(const xl_accel_khdr_t *h, uint64_t a)
{
    return h->shmem_base && h->local_base > h->shmem_base && a >= h->local_base &&
           a - h->local_base < h->local_base - h->shmem_base;
}

int xl_accel_lower(const xl_accel_khdr_t *h, const xl_accel_inst_t *in, xl_accel_kind_t *kind,
                   xl_instr_t *out, char *err, size_t errlen)
{
    const char *o = in->opcode;
    memset(out, 0, sizeof *out);
    out->pc = in->pc;
    out->mask = in->mask;
    if (!strncmp(o, "UTMA", 4) || !strncmp(o, "UBLK", 4))
        return fail(err, errlen, "tensor-memory-accelerator instruction %s is not read", o);
    if (base_is(o, "BAR")) {
        /* BAR.ARV arrives without waiting: a compute instruction here */
        int wait = !has_mod(o, "ARV");
        *kind = wait ? XL_ACCEL_K_BARRIER : XL_ACCEL_K_COMPUTE;
        out->op = wait ? XL_OP_BARRIER : XL_OP_ALU;
        out->cycles = wait ? 0 : 1;
        return XL_OK;
    }
    *kind = XL_ACCEL_K_COMPUTE;
    out->op = XL_OP_ALU;
    out->cycles = 1;
    if (!in->width || !in->mask)
        return XL_OK;   /* no lane touches memory: it costs its issue cycle only */
    uint64_t first = in->addr[__builtin_ctz(in->mask)];
    int load = -1;      /* 1 load, 0 store or atomic, -1 no translated access */
    int generic = 0, shared = -1;
    if (base_is(o, "LDG") || base_is(o, "LDGSTS"))
        load = 1;
    else if (base_is(o, "STG") || base_is(o, "ATOMG") || base_is(o, "REDG"))
        load = 0;
    else if (base_is(o, "LD"))
        load = 1, generic = 1;
    else if (base_is(o, "ST") || base_is(o, "ATOM") || base_is(o, "RED"))
        load = 0, generic = 1;
    else if (base_is(o, "LDS") || base_is(o, "LDSM"))
        shared = 1;
    else if (base_is(o, "STS") || base_is(o, "ATOMS"))
        shared = 0;
    else if (base_is(o, "LDL") || base_is(o, "STL")) {
        *kind = XL_ACCEL_K_LOCAL;
        return XL_OK;
    } else {
        *kind = XL_ACCEL_K_OTHER_MEM;
        return XL_OK;
    }
    if (generic && in_shared(h, first))
        shared = load, load = -1;
    else if (generic && in_local(h, first)) {
        *kind = XL_ACCEL_K_LOCAL;
        return XL_OK;
    }
    out->bytes = (uint8_t)in->width;
    if (shared >= 0) {
        *kind = shared ? XL_ACCEL_K_LDS : XL_ACCEL_K_LDS_ST;
        out->op = shared ? XL_OP_LDS : XL_OP_LDS_ST;
        for (unsigned l = 0; l < XL_ACCEL_WARP; l++) {
            if (!(in->mask >> l & 1u))
                continue;
            uint64_t a = in->addr[l];
            uint64_t off = h->shmem_base && a >= h->shmem_base ? a - h->shmem_base : a;
            if (off >= h->shmem || in->width > h->shmem - off)
                return fail(err, errlen, "%s lane %u: shared offset %llu (+%u B) lies outside "
                            "the block's %u B of shared memory (-shmem)", o, l,
                            (unsigned long long)off, in->width, h->shmem);
            out->va[l] = off;
        }
        return XL_OK;
    }
    *kind = load ? XL_ACCEL_K_LOAD : XL_ACCEL_K_STORE;
    out->op = load ? XL_OP_LOAD : XL_OP_STORE;
    out->cycles = 0;
    for (unsigned l = 0; l < XL_ACCEL_WARP; l++) {
        if (!(in->mask >> l & 1u))
            continue;
        if (in->addr[l] > UINT64_MAX - in->width)
            return fail(err, errlen, "%s lane %u: address 0x%llx + %u B wraps past 2^64", o, l,
                        (unsigned long long)in->addr[l], in->width);
        out->va[l] = in->addr[l];
    }
    return XL_OK;
}

/* ---------------------------------------------------------------- regions */

static int span_cmp(const void *a, const void *b)
{
    const xl_accel_span_t *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo ? 1 : x->hi < y->hi ? -1 : x->hi > y->hi;
}

typedef struct { uint64_t gap; size_t i; } gap_t;

static int gap_cmp(const void *a, const void *b)
{
    const gap_t *x = a, *y = b;   /* largest first; of equal gaps, the lower address first */
    return x->gap > y->gap ? -1 : x->gap < y->gap ? 1 : x->i < y->i ? -1 : x->i > y->i;
}

int xl_accel_regions(xl_accel_span_t *spans, size_t n, unsigned max, xl_accel_span_t *out,
                     unsigned *nout, char *err, size_t errlen)
{
    *nout = 0;
    if (max == 0)
        return fail(err, errlen, "no region allowed");
    qsort(spans, n, sizeof *spans, span_cmp);
    /* 1. clusters: a span starting in the grain its predecessor ends in, or the next one */
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (spans[i].hi <= spans[i].lo)
            continue;
        if (m && spans[i].lo / XL_ACCEL_GRAIN <= (spans[m - 1].hi - 1u) / XL_ACCEL_GRAIN + 1u) {
            if (spans[i].hi > spans[m - 1].hi)
                spans[m - 1].hi = spans[i].hi;
        } else {
            spans[m++] = spans[i];
        }
    }
    /* 2. at most max: keep the max - 1 largest gaps between clusters as boundaries */
    size_t keep = m;
    if (m > max) {
        gap_t *g = malloc((m - 1u) * sizeof *g);
        unsigned char *cut = calloc(m, 1);
        if (!g || !cut) {
            free(g);
            free(cut);
            return fail(err, errlen, "out of memory grouping %zu address ranges", m);
        }
        for (size_t i = 0; i + 1u < m; i++)
            g[i] = (gap_t){spans[i + 1u].lo - spans[i].hi, i};
        qsort(g, m - 1u, sizeof *g, gap_cmp);
        for (unsigned i = 0; i + 1u < max; i++)
            cut[g[i].i] = 1;
        keep = 0;
        for (size_t i = 0; i < m; i++) {
            if (keep && !cut[i - 1u])
                spans[keep - 1u].hi = spans[i].hi;
            else
                spans[keep++] = spans[i];
        }
        free(g);
        free(cut);
    }
    for (size_t i = 0; i < keep; i++) {
        out[i].lo = spans[i].lo & ~(XL_ACCEL_GRAIN - 1u);
        out[i].hi = spans[i].hi;
    }
    *nout = (unsigned)keep;
    return XL_OK;
}

/* ---------------------------------------------------------------- the converter */

static int conv_gap(xl_accel_conv_t *c, char *err, size_t errlen)
{
    if (!c->alu)
        return XL_OK;
    xl_instr_t g;
    memset(&g, 0, sizeof g);
    g.op = XL_OP_ALU;
    g.cycles = (uint16_t)c->alu;
    g.pc = c->alu_pc;
    g.mask = UINT64_C(0xFFFFFFFF);
    c->alu = 0;
    c->emitted++;
    return c->emit(c->ctx, &g, err, errlen);
}

int xl_accel_conv_feed(xl_accel_conv_t *c, xl_accel_kind_t kind, const xl_instr_t *in,
                       char *err, size_t errlen)
{
    c->kinds[kind]++;
    if (kind == XL_ACCEL_K_COMPUTE || kind == XL_ACCEL_K_LOCAL || kind == XL_ACCEL_K_OTHER_MEM) {
        if (!c->alu)
            c->alu_pc = in->pc;
        if (++c->alu == UINT16_MAX)
            return conv_gap(c, err, errlen);
        return XL_OK;
    }
    if (conv_gap(c, err, errlen) != XL_OK)
        return XL_EINPUT;
    xl_instr_t o = *in;
    if (kind == XL_ACCEL_K_LOAD || kind == XL_ACCEL_K_STORE) {
        for (unsigned l = 0; l < XL_ACCEL_WARP; l++) {
            if (!(o.mask >> l & 1u))
                continue;
            unsigned r = 0;
            for (; r < c->nregions; r++) {
                uint64_t size = c->region[r].hi - c->region[r].lo, off = o.va[l] - c->region[r].lo;
                if (o.va[l] >= c->region[r].lo && off < size && o.bytes <= size - off)
                    break;
            }
            if (r == c->nregions)
                return fail(err, errlen, "address 0x%llx (+%u B) lies outside every region",
                            (unsigned long long)o.va[l], o.bytes);
            o.va[l] = c->base[r] + (o.va[l] - c->region[r].lo);
        }
    }
    c->emitted++;
    return c->emit(c->ctx, &o, err, errlen);
}

int xl_accel_conv_flush(xl_accel_conv_t *c, char *err, size_t errlen)
{
    return conv_gap(c, err, errlen);
}

/* ---------------------------------------------------------------- the import */

/* The 2 MB grains of device memory touched: grain -> [lo, hi) of the accesses starting
 * in it (open addressing; key 0 = empty, so keys are grain + 1). */
typedef struct {
    uint64_t *key;
    xl_accel_span_t *span;
    size_t cap, n;
} grains_t;

static int grains_add(grains_t *g, uint64_t lo, uint64_t hi)
{
    if (2u * (g->n + 1u) > g->cap) {
        size_t cap = g->cap ? 2u * g->cap : 1024u;
        uint64_t *key = calloc(cap, sizeof *key);
        xl_accel_span_t *span = malloc(cap * sizeof *span);
        if (!key || !span) {
            free(key);
            free(span);
            return 0;
        }
        for (size_t i = 0; i < g->cap; i++) {
            if (!g->key[i])
                continue;
            size_t j = (size_t)(g->key[i] * UINT64_C(0x9E3779B97F4A7C15) >> 20) & (cap - 1u);
            while (key[j])
                j = (j + 1u) & (cap - 1u);
            key[j] = g->key[i];
            span[j] = g->span[i];
        }
        free(g->key);
        free(g->span);
        g->key = key;
        g->span = span;
        g->cap = cap;
    }
    uint64_t k = lo / XL_ACCEL_GRAIN + 1u;
    size_t j = (size_t)(k * UINT64_C(0x9E3779B97F4A7C15) >> 20) & (g->cap - 1u);
    while (g->key[j] && g->key[j] != k)
        j = (j + 1u) & (g->cap - 1u);
    if (!g->key[j]) {
        g->key[j] = k;
        g->span[j] = (xl_accel_span_t){lo, hi};
        g->n++;
    } else {
        if (lo < g->span[j].lo)
            g->span[j].lo = lo;
        if (hi > g->span[j].hi)
            g->span[j].hi = hi;
    }
    return 1;
}

typedef struct {
    char    *file;        /* as named in kernelslist.g */
    uint32_t code_id;
    uint32_t code_bytes;
    uint32_t lds_bytes;
} kern_t;

typedef struct {
    char     dir[512];
    kern_t  *k;
    size_t   nk, capk;
    xl_accel_span_t *mc;  /* MemcpyHtoD ranges */
    size_t   nmc, capmc;
    /* kernel names -> code_id (hash of name, first kernel index + 1) */
    uint64_t *nh;
    uint32_t *nid;
    size_t   ncap, nn;
    grains_t g;
    xl_itw_t *w;
    xl_accel_summary_t *sum;
} imp_t;

static void imp_free(imp_t *m)
{
    for (size_t i = 0; i < m->nk; i++)
        free(m->k[i].file);
    free(m->k);
    free(m->mc);
    free(m->nh);
    free(m->nid);
    free(m->g.key);
    free(m->g.span);
}

static int grow(void **p, size_t *cap, size_t n, size_t size)
{
    if (n < *cap)
        return 1;
    size_t c = *cap ? 2u * *cap : 16u;
    void *q = realloc(*p, c * size);
    if (!q)
        return 0;
    *p = q;
    *cap = c;
    return 1;
}

static int ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

/* kernelslist.g: "MemcpyHtoD,0xADDR,BYTES" and kernel-N.traceg lines, in launch order. */
static int read_list(imp_t *m, char *err, size_t errlen)
{
    xl_accel_rd_t *r = calloc(1, sizeof *r);   /* its line reader, for the counting */
    if (!r)
        return fail(err, errlen, "out of memory");
    int n = snprintf(r->path, sizeof r->path, "%s/kernelslist.g", m->dir);
    if (n < 0 || (size_t)n >= sizeof r->path) {
        free(r);
        return fail(err, errlen, "directory name too long");
    }
    r->f = fopen(r->path, "r");
    if (!r->f) {
        fail(err, errlen, "cannot open %s: %s", r->path, strerror(errno));
        free(r);
        return XL_EINPUT;
    }
    int rc = XL_OK, got;
    while ((rc = rd_line(r, &got, err, errlen)) == XL_OK && got) {
        const char *s = r->buf;
        while (is_space(*s))
            s++;
        if (*s == '\0')
            continue;
        if (!strncmp(s, "MemcpyHtoD,", 11)) {
            const char *a = s + 11, *c = strchr(a, ',');
            uint64_t addr, bytes;
            if (!c || !hex_u64(a, (size_t)(c - a), &addr) ||
                !dec_u64(c + 1, strlen(c + 1), UINT64_MAX, &bytes)) {
                rc = RDERR(r, "expected 'MemcpyHtoD,0xADDRESS,BYTES', not '%.48s'", s);
                break;
            }
            if (bytes > UINT64_MAX - addr) {
                rc = RDERR(r, "copy of %llu B at 0x%llx wraps past 2^64",
                           (unsigned long long)bytes, (unsigned long long)addr);
                break;
            }
            if (!grow((void **)&m->mc, &m->capmc, m->nmc, sizeof *m->mc)) {
                rc = fail(err, errlen, "out of memory");
                break;
            }
            m->mc[m->nmc++] = (xl_accel_span_t){addr, addr + bytes};
            continue;
        }
        if (!strncmp(s, "kernel", 6)) {
            if (ends_with(s, ".traceg.xz")) {
                rc = RDERR(r, "%s is xz-compressed: trace with TRACE_FILE_COMPRESS=0, or "
                           "unpack it (xz -dk) and drop .xz from this line", s);
                break;
            }
            if (ends_with(s, ".trace") || ends_with(s, ".trace.xz")) {
                rc = RDERR(r, "%s is the tracer's raw output: run Accel-Sim's "
                           "post-traces-processing on the directory first", s);
                break;
            }
            if (!ends_with(s, ".traceg")) {
                rc = RDERR(r, "kernel file '%.48s' does not end in .traceg", s);
                break;
            }
            if (m->nk >= UINT32_MAX - 1u ||
                !grow((void **)&m->k, &m->capk, m->nk, sizeof *m->k)) {
                rc = fail(err, errlen, "out of memory");
                break;
            }
            memset(&m->k[m->nk], 0, sizeof m->k[m->nk]);
            if (!(m->k[m->nk].file = strdup(s))) {
                rc = fail(err, errlen, "out of memory");
                break;
            }
            m->nk++;
            continue;
        }
        rc = RDERR(r, "expected 'MemcpyHtoD,0xADDRESS,BYTES' or a kernel-N.traceg name, "
                   "not '%.40s'", s);
        break;
    }
    if (rc == XL_OK && m->nk == 0)
        rc = fail(err, errlen, "%s names no kernel-N.traceg", r->path);
    fclose(r->f);
    free(r);
    return rc;
}

static uint64_t name_hash(const char *s)
{
    uint64_t h = UINT64_C(1469598103934665603);   /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
    return h | 1u;
}

/* code_id of kernel k named name: the first kernel of that name's index + 1 (launches of
 * one kernel function run one code object). Names are kept only as 64-bit hashes. */
static int code_id(imp_t *m, const char *name, uint32_t k, uint32_t *id)
{
    if (2u * (m->nn + 1u) > m->ncap) {
        size_t cap = m->ncap ? 2u * m->ncap : 64u;
        uint64_t *nh = calloc(cap, sizeof *nh);
        uint32_t *nid = malloc(cap * sizeof *nid);
        if (!nh || !nid) {
            free(nh);
            free(nid);
            return 0;
        }
        for (size_t i = 0; i < m->ncap; i++) {
            if (!m->nh[i])
                continue;
            size_t j = (size_t)(m->nh[i] >> 7) & (cap - 1u);
            while (nh[j])
                j = (j + 1u) & (cap - 1u);
            nh[j] = m->nh[i];
            nid[j] = m->nid[i];
        }
        free(m->nh);
        free(m->nid);
        m->nh = nh;
        m->nid = nid;
        m->ncap = cap;
    }
    uint64_t h = name_hash(name);
    size_t j = (size_t)(h >> 7) & (m->ncap - 1u);
    while (m->nh[j] && m->nh[j] != h)
        j = (j + 1u) & (m->ncap - 1u);
    if (!m->nh[j]) {
        m->nh[j] = h;
        m->nid[j] = k + 1u;
        m->nn++;
    }
    *id = m->nid[j];
    return 1;
}

static int kernel_path(const imp_t *m, size_t k, char *path, size_t len, char *err, size_t errlen)
{
    int n = snprintf(path, len, "%s/%s", m->dir, m->k[k].file);
    if (n < 0 || (size_t)n >= len)
        return fail(err, errlen, "path of %s too long", m->k[k].file);
    return XL_OK;
}

/* Pass 1: every kernel file read and checked; the device ranges touched collected. */
static int pass1(imp_t *m, xl_accel_rd_t *r, char *err, size_t errlen)
{
    char path[600];
    for (size_t i = 0; i < m->nmc; i++)
        if (m->mc[i].hi > m->mc[i].lo && !grains_add(&m->g, m->mc[i].lo, m->mc[i].hi))
            return fail(err, errlen, "out of memory");
    for (size_t k = 0; k < m->nk; k++) {
        if (kernel_path(m, k, path, sizeof path, err, errlen) != XL_OK ||
            xl_accel_rd_open(r, path, err, errlen) != XL_OK)
            return XL_EINPUT;
        uint32_t maxpc = 0;
        int rc = XL_OK;
        xl_accel_ev_t ev;
        while ((rc = xl_accel_rd_next(r, &ev, err, errlen)) == XL_OK && ev != XL_ACCEL_EV_EOF) {
            if (ev != XL_ACCEL_EV_INST)
                continue;
            xl_accel_kind_t kind;
            xl_instr_t in;
            char msg[256];
            if (r->inst.pc > maxpc)
                maxpc = r->inst.pc;
            if (xl_accel_lower(&r->h, &r->inst, &kind, &in, msg, sizeof msg) != XL_OK) {
                rc = RDERR(r, "%s", msg);
                break;
            }
            if (kind != XL_ACCEL_K_LOAD && kind != XL_ACCEL_K_STORE)
                continue;
            for (unsigned l = 0; l < XL_ACCEL_WARP; l++)
                if ((in.mask >> l & 1u) && !grains_add(&m->g, in.va[l], in.va[l] + in.bytes)) {
                    rc = fail(err, errlen, "out of memory");
                    break;
                }
            if (rc != XL_OK)
                break;
        }
        if (rc == XL_OK && maxpc > UINT32_MAX - 16u)
            rc = RDERR(r, "PC 0x%x too large", maxpc);
        if (rc == XL_OK && !code_id(m, r->h.name, (uint32_t)k, &m->k[k].code_id))
            rc = fail(err, errlen, "out of memory");
        m->k[k].code_bytes = maxpc + 16u;
        m->k[k].lds_bytes = r->h.shmem;
        xl_accel_rd_close(r);
        if (rc != XL_OK)
            return XL_EINPUT;
    }
    return XL_OK;
}

static int emit_itw(void *ctx, const xl_instr_t *in, char *err, size_t errlen)
{
    return xl_itw_instr((xl_itw_t *)ctx, in, err, errlen);
}

/* Empty wavefronts (wg, from) .. (wg, to - 1): warps or thread blocks the trace lacks. */
static int empty_waves(imp_t *m, uint32_t wg, uint32_t from, uint32_t to, char *err,
                       size_t errlen)
{
    for (uint32_t w = from; w < to; w++) {
        if (xl_itw_wave(m->w, wg, w, err, errlen) != XL_OK)
            return XL_EINPUT;
        m->sum->waves++;
        m->sum->empty_waves++;
    }
    return XL_OK;
}

/* Pass 2: each kernel's waves, in (wg, wave) order, into the writer. */
static int pass2(imp_t *m, xl_accel_rd_t *r, xl_accel_conv_t *c, char *err, size_t errlen)
{
    char path[600];
    xl_accel_summary_t *s = m->sum;
    for (size_t k = 0; k < m->nk; k++) {
        if (kernel_path(m, k, path, sizeof path, err, errlen) != XL_OK ||
            xl_accel_rd_open(r, path, err, errlen) != XL_OK)
            return XL_EINPUT;
        xl_kernel_t kk = {r->h.workgroups, r->h.waves_per_wg, m->k[k].lds_bytes,
                          m->k[k].code_bytes, m->k[k].code_id};
        int rc = xl_itw_kernel(m->w, &kk, err, errlen);
        uint32_t next_wg = 0, next_wave = 0, W = r->h.waves_per_wg;
        int open = 0;   /* a wave's instructions are being written */
        xl_accel_ev_t ev;
        while (rc == XL_OK && (rc = xl_accel_rd_next(r, &ev, err, errlen)) == XL_OK) {
            if (ev == XL_ACCEL_EV_INST) {
                xl_accel_kind_t kind;
                xl_instr_t in;
                char msg[256];
                s->lines++;
                if (xl_accel_lower(&r->h, &r->inst, &kind, &in, msg, sizeof msg) != XL_OK ||
                    xl_accel_conv_feed(c, kind, &in, msg, sizeof msg) != XL_OK)
                    rc = RDERR(r, "%s", msg);
                continue;
            }
            if (open) {
                char msg[256];
                if (xl_accel_conv_flush(c, msg, sizeof msg) != XL_OK)
                    rc = RDERR(r, "%s", msg);
                open = 0;
                if (rc != XL_OK)
                    break;
            }
            if (ev == XL_ACCEL_EV_TB) {
                for (; next_wg < r->wg && rc == XL_OK; next_wg++)
                    rc = empty_waves(m, next_wg, 0, W, err, errlen);
                next_wave = 0;
            } else if (ev == XL_ACCEL_EV_WARP) {
                rc = empty_waves(m, r->wg, next_wave, r->warp, err, errlen);
                if (rc == XL_OK)
                    rc = xl_itw_wave(m->w, r->wg, r->warp, err, errlen);
                s->waves++;
                s->empty_waves += r->insts == 0;
                next_wave = r->warp + 1u;
                open = 1;
            } else if (ev == XL_ACCEL_EV_TB_END) {
                rc = empty_waves(m, r->wg, next_wave, W, err, errlen);
                next_wg = r->wg + 1u;
            } else {   /* EOF */
                for (; next_wg < r->h.workgroups && rc == XL_OK; next_wg++)
                    rc = empty_waves(m, next_wg, 0, W, err, errlen);
                break;
            }
        }
        xl_accel_rd_close(r);
        if (rc != XL_OK)
            return XL_EINPUT;
        s->kernels++;
    }
    return XL_OK;
}

int xl_accel_import(const char *dir, const char *out, int compress, xl_accel_summary_t *sum,
                    char *err, size_t errlen)
{
    imp_t m;
    memset(&m, 0, sizeof m);
    memset(sum, 0, sizeof *sum);
    m.sum = sum;
    size_t dl = strlen(dir);
    while (dl > 1 && dir[dl - 1u] == '/')
        dl--;
    if (dl >= sizeof m.dir - 32u)
        return fail(err, errlen, "directory name too long");
    memcpy(m.dir, dir, dl);
    m.dir[dl] = '\0';
    xl_accel_rd_t *r = calloc(1, sizeof *r);
    xl_accel_conv_t *c = calloc(1, sizeof *c);
    xl_accel_span_t *spans = NULL;
    int rc = !r || !c ? fail(err, errlen, "out of memory") : read_list(&m, err, errlen);
    if (rc == XL_OK) {   /* opened first, so a bad FILE is said before the long first pass */
        const char *base = strrchr(m.dir, '/');
        char name[64];
        snprintf(name, sizeof name, "accelsim:%.50s", base && base[1] ? base + 1 : m.dir);
        rc = xl_itw_open(&m.w, out, name, compress, err, errlen);
    }
    if (rc == XL_OK)
        rc = pass1(&m, r, err, errlen);
    if (rc == XL_OK) {
        size_t n = 0;
        spans = malloc((m.g.n ? m.g.n : 1u) * sizeof *spans);
        if (!spans)
            rc = fail(err, errlen, "out of memory");
        for (size_t i = 0; rc == XL_OK && i < m.g.cap; i++)
            if (m.g.key[i])
                spans[n++] = m.g.span[i];
        if (rc == XL_OK)
            rc = xl_accel_regions(spans, n, XL_WL_MAX_REGIONS, c->region, &c->nregions, err,
                                  errlen);
    }
    for (unsigned i = 0; rc == XL_OK && i < c->nregions; i++) {
        char name[32];
        snprintf(name, sizeof name, "dev_0x%llx", (unsigned long long)c->region[i].lo);
        rc = xl_itw_region(m.w, name, c->region[i].hi - c->region[i].lo, &c->base[i], err,
                           errlen);
    }
    if (rc == XL_OK) {
        c->emit = emit_itw;
        c->ctx = m.w;
        rc = pass2(&m, r, c, err, errlen);
    }
    if (rc == XL_OK) {
        xl_itw_t *w = m.w;
        m.w = NULL;
        rc = xl_itw_close(w, err, errlen);
    }
    if (m.w)
        xl_itw_abort(m.w);
    if (rc == XL_OK) {
        sum->memcpys = m.nmc;
        sum->instrs = c->emitted;
        memcpy(sum->kinds, c->kinds, sizeof sum->kinds);
        sum->nregions = c->nregions;
        memcpy(sum->region, c->region, sizeof sum->region);
        memcpy(sum->base, c->base, sizeof sum->base);
    }
    free(spans);
    free(r);
    free(c);
    imp_free(&m);
    return rc;
}
