/*
 * xl_gsn_trace.h - the reader of the DRAM-boundary trace (model/README.md "DRAM-boundary
 * trace", written by `xlat run --gsn-trace FILE`), one line at a time: the P line of the
 * xl_dram_gsn blocks' parameters and the E line of one edge of one channel's block.
 * Header-only C (it also compiles as C++), so the lockstep harness of xl_dram_gsn and any
 * other reader parse with the same code. A line that does not parse gets one reason in
 * err and the return value 0; nothing here exits or allocates.
 */
#ifndef XL_GSN_TRACE_H
#define XL_GSN_TRACE_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define XL_GSN_TRACE_BANKS 64   /* the block's limits (model/include/xlat/dram_gsn.h) */
#define XL_GSN_TRACE_APPS 32

/* The P line: the parameters every channel's block was reset with. */
typedef struct {
    uint32_t channels, banks, entries[3], napps, thresh_max;
    uint32_t gq_backpressure, gq_strict_head, silver_timeout;
} xl_gsn_trace_p_t;

/* An E line: one edge of channel ch's block at DRAM clock clk, its inputs (the fields of
 * xl_gsn_in_t; open_row[b] is set where open_valid has bit b, 0 elsewhere; quota[a] for
 * a < napps when quota_valid) and the digest of what the recording block answered. */
typedef struct {
    uint32_t ch;
    uint64_t clk;
    uint8_t arr_valid, arr_app, arr_depth, arr_write;
    uint32_t arr_bank, arr_tag;
    uint64_t arr_row;
    uint8_t iss_en;
    uint64_t bank_ready, open_valid;
    uint64_t open_row[XL_GSN_TRACE_BANKS];
    uint8_t quota_valid;
    uint16_t quota[XL_GSN_TRACE_APPS];
    /* digest: arr_ready arr_queue arr_xlat arr_slot iss_valid iss_queue iss_slot iss_hit
     * silver_app silver_cnt */
    uint8_t d_arr_ready, d_arr_queue, d_arr_xlat, d_iss_valid, d_iss_queue, d_iss_hit;
    uint8_t d_silver_app;
    uint16_t d_silver_cnt;
    uint32_t d_arr_slot, d_iss_slot;
} xl_gsn_trace_e_t;

static inline int xl_gsn_trace_fail(char *err, size_t errlen, const char *why)
{
    if (err != NULL && errlen > 0)
        snprintf(err, errlen, "%s", why);
    return 0;
}

/* One number in base 10 or 16 (no 0x): at least one digit, no overflow, ended by a space,
 * a comma, the end of the line or of the text (left at *p). */
static inline int xl_gsn_trace_num(const char **p, uint64_t *v, unsigned base)
{
    const char *s = *p;
    uint64_t r = 0;
    int n = 0;
    for (;; s++, n++) {
        unsigned d;
        char ch = *s;
        if (ch >= '0' && ch <= '9')
            d = (unsigned)(ch - '0');
        else if (base == 16 && ch >= 'a' && ch <= 'f')
            d = (unsigned)(ch - 'a' + 10);
        else
            break;
        if (r > (UINT64_MAX - d) / base)
            return 0;
        r = r * base + d;
    }
    if (n == 0 || (*s != ' ' && *s != ',' && *s != '\n' && *s != '\0'))
        return 0;
    *v = r;
    *p = s;
    return 1;
}

/* One space, then a number no larger than max. */
static inline int xl_gsn_trace_field(const char **p, uint64_t *v, unsigned base, uint64_t max)
{
    if (**p != ' ')
        return 0;
    (*p)++;
    return xl_gsn_trace_num(p, v, base) && *v <= max;
}

/* "KEY=" then a decimal number no larger than max, then a space or the end. */
static inline int xl_gsn_trace_kv(const char **p, const char *key, uint64_t *v, uint64_t max)
{
    size_t n = strlen(key);
    while (**p == ' ')
        (*p)++;
    if (strncmp(*p, key, n) != 0 || (*p)[n] != '=')
        return 0;
    *p += n + 1;
    return xl_gsn_trace_num(p, v, 10) && *v <= max && **p != ',';
}

/* The P line: "P channels=C banks=B entries=G/S/N napps=A thresh_max=T gq_backpressure=0|1
 * gq_strict_head=0|1 silver_timeout=N". */
static inline int xl_gsn_trace_parse_p(const char *line, xl_gsn_trace_p_t *t, char *err,
                                       size_t errlen)
{
    const char *p = line + 2;
    uint64_t v[10];
    if (line[0] != 'P' || line[1] != ' ')
        return xl_gsn_trace_fail(err, errlen,
                                 "the first line that is not a comment must be the P line");
    if (!xl_gsn_trace_kv(&p, "channels", &v[0], 1024) || v[0] == 0)
        return xl_gsn_trace_fail(err, errlen, "P line: channels=1..1024 expected first");
    if (!xl_gsn_trace_kv(&p, "banks", &v[1], XL_GSN_TRACE_BANKS) || v[1] == 0)
        return xl_gsn_trace_fail(err, errlen, "P line: banks=1..64 expected after channels");
    while (*p == ' ')
        p++;
    if (strncmp(p, "entries=", 8) != 0)
        return xl_gsn_trace_fail(err, errlen, "P line: entries=G/S/N expected after banks");
    p += 8;
    for (int q = 0; q < 3; q++) {
        if (q > 0) {
            if (*p != '/')
                return xl_gsn_trace_fail(err, errlen, "P line: entries=G/S/N, three numbers");
            p++;
        }
        uint64_t e = 0;
        const char *s = p;
        while (*p >= '0' && *p <= '9' && e <= (UINT64_C(1) << 20))
            e = e * 10u + (uint64_t)(*p++ - '0');
        if (p == s || e == 0 || e > (UINT64_C(1) << 20))
            return xl_gsn_trace_fail(err, errlen, "P line: each queue has 1 to 2^20 entries");
        v[2 + q] = e;
    }
    if (*p != ' ')
        return xl_gsn_trace_fail(err, errlen, "P line: entries=G/S/N, three numbers");
    if (!xl_gsn_trace_kv(&p, "napps", &v[5], XL_GSN_TRACE_APPS) || v[5] == 0)
        return xl_gsn_trace_fail(err, errlen, "P line: napps=1..32 expected after entries");
    if (!xl_gsn_trace_kv(&p, "thresh_max", &v[6], 511) || v[6] == 0)
        return xl_gsn_trace_fail(err, errlen, "P line: thresh_max=1..511 expected after napps");
    if (!xl_gsn_trace_kv(&p, "gq_backpressure", &v[7], 1))
        return xl_gsn_trace_fail(err, errlen, "P line: gq_backpressure=0|1 expected");
    if (!xl_gsn_trace_kv(&p, "gq_strict_head", &v[8], 1))
        return xl_gsn_trace_fail(err, errlen, "P line: gq_strict_head=0|1 expected");
    if (!xl_gsn_trace_kv(&p, "silver_timeout", &v[9], UINT32_MAX))
        return xl_gsn_trace_fail(err, errlen, "P line: silver_timeout=N expected last");
    while (*p == ' ' || *p == '\n')
        p++;
    if (*p != '\0')
        return xl_gsn_trace_fail(err, errlen, "P line: text after silver_timeout");
    t->channels = (uint32_t)v[0];
    t->banks = (uint32_t)v[1];
    for (int q = 0; q < 3; q++)
        t->entries[q] = (uint32_t)v[2 + q];
    t->napps = (uint32_t)v[5];
    t->thresh_max = (uint32_t)v[6];
    t->gq_backpressure = (uint32_t)v[7];
    t->gq_strict_head = (uint32_t)v[8];
    t->silver_timeout = (uint32_t)v[9];
    return 1;
}

/* An E line of the trace whose P line is t:
 *   E ch clk arr_valid arr_bank arr_row arr_app arr_depth arr_write arr_tag iss_en
 *     bank_ready open_valid ROWS quota_valid QUOTAS | arr_ready arr_queue arr_xlat arr_slot
 *     iss_valid iss_queue iss_slot iss_hit silver_app silver_cnt
 * Hex without 0x: arr_row, arr_tag, bank_ready, open_valid, each row of ROWS; the rest
 * decimal. ROWS: the open rows of the banks of open_valid, lowest bank first, joined by
 * ',' (hex), or '-' when no bank is open. QUOTAS: napps decimal quotas joined by ',' when
 * quota_valid, else '-'. Every field is checked against its port's range and the P line
 * (a bank below banks, masks of banks bits, slots below their queue's entries); whether
 * clocks go forward is the caller's to check. */
static inline int xl_gsn_trace_parse_e(const char *line, const xl_gsn_trace_p_t *t,
                                       xl_gsn_trace_e_t *e, char *err, size_t errlen)
{
    const char *p = line + 1;
    uint64_t v, bmask = t->banks >= 64 ? UINT64_MAX : (UINT64_C(1) << t->banks) - 1u;
    uint32_t maxent = t->entries[0];
    if (t->entries[1] > maxent)
        maxent = t->entries[1];
    if (t->entries[2] > maxent)
        maxent = t->entries[2];
    if (line[0] != 'E' || line[1] != ' ')
        return xl_gsn_trace_fail(err, errlen, "expected an E line");
    memset(e, 0, sizeof *e);
#define XL_GSN_F(dst, base, max, what)                                     \
    do {                                                                   \
        if (!xl_gsn_trace_field(&p, &v, (base), (max)))                    \
            return xl_gsn_trace_fail(err, errlen, "malformed or out-of-range " what); \
        dst = v;                                                           \
    } while (0)
    XL_GSN_F(e->ch, 10, t->channels - 1u, "channel (below the P line's channels)");
    XL_GSN_F(e->clk, 10, UINT64_MAX, "clk");
    XL_GSN_F(e->arr_valid, 10, 1, "arr_valid (0 or 1)");
    XL_GSN_F(e->arr_bank, 10, t->banks - 1u, "arr_bank (below the P line's banks)");
    XL_GSN_F(e->arr_row, 16, UINT64_MAX, "arr_row");
    XL_GSN_F(e->arr_app, 10, XL_GSN_TRACE_APPS - 1u, "arr_app (0..31)");
    XL_GSN_F(e->arr_depth, 10, 7, "arr_depth (0..7)");
    XL_GSN_F(e->arr_write, 10, 1, "arr_write (0 or 1)");
    XL_GSN_F(e->arr_tag, 16, UINT32_MAX, "arr_tag (32 bits)");
    XL_GSN_F(e->iss_en, 10, 1, "iss_en (0 or 1)");
    XL_GSN_F(e->bank_ready, 16, bmask, "bank_ready (one bit per bank)");
    XL_GSN_F(e->open_valid, 16, bmask, "open_valid (one bit per bank)");
    if (*p != ' ')
        return xl_gsn_trace_fail(err, errlen, "missing open rows");
    p++;
    if (e->open_valid == 0) {
        if (*p != '-')
            return xl_gsn_trace_fail(err, errlen, "open rows must be '-' when no bank is open");
        p++;
    } else {
        uint64_t m = e->open_valid;
        while (m != 0) {
            unsigned b = 0;
            while (!(m >> b & 1u))
                b++;
            m &= m - 1u;
            if (!xl_gsn_trace_num(&p, &e->open_row[b], 16))
                return xl_gsn_trace_fail(err, errlen, "malformed open row");
            if ((m != 0) != (*p == ','))
                return xl_gsn_trace_fail(err, errlen,
                                         "open rows: one per bit of open_valid, joined by ','");
            if (m != 0)
                p++;
        }
    }
    XL_GSN_F(e->quota_valid, 10, 1, "quota_valid (0 or 1)");
    if (*p != ' ')
        return xl_gsn_trace_fail(err, errlen, "missing quotas");
    p++;
    if (!e->quota_valid) {
        if (*p != '-')
            return xl_gsn_trace_fail(err, errlen, "quotas must be '-' without quota_valid");
        p++;
    } else {
        for (uint32_t a = 0; a < t->napps; a++) {
            if (a > 0) {
                if (*p != ',')
                    return xl_gsn_trace_fail(err, errlen,
                                             "quotas: napps numbers joined by ','");
                p++;
            }
            if (!xl_gsn_trace_num(&p, &v, 10) || v > 511)
                return xl_gsn_trace_fail(err, errlen, "malformed or out-of-range quota (0..511)");
            e->quota[a] = (uint16_t)v;
        }
        if (*p == ',')
            return xl_gsn_trace_fail(err, errlen, "quotas: more than napps numbers");
    }
    while (*p == ' ')
        p++;
    if (*p != '|')
        return xl_gsn_trace_fail(err, errlen, "missing '|' before the digest");
    p++;
    XL_GSN_F(e->d_arr_ready, 10, 1, "digest arr_ready");
    XL_GSN_F(e->d_arr_queue, 10, 2, "digest arr_queue");
    XL_GSN_F(e->d_arr_xlat, 10, 1, "digest arr_xlat");
    XL_GSN_F(e->d_arr_slot, 10, maxent - 1u, "digest arr_slot");
    XL_GSN_F(e->d_iss_valid, 10, 1, "digest iss_valid");
    XL_GSN_F(e->d_iss_queue, 10, 2, "digest iss_queue");
    XL_GSN_F(e->d_iss_slot, 10, maxent - 1u, "digest iss_slot");
    XL_GSN_F(e->d_iss_hit, 10, 1, "digest iss_hit");
    XL_GSN_F(e->d_silver_app, 10, t->napps - 1u, "digest silver_app");
    XL_GSN_F(e->d_silver_cnt, 10, 511, "digest silver_cnt");
#undef XL_GSN_F
    while (*p == ' ' || *p == '\n')
        p++;
    if (*p != '\0')
        return xl_gsn_trace_fail(err, errlen, "trailing text");
    return 1;
}

#endif
