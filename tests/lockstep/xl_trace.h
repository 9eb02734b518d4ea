/*
 * xl_trace.h - the reader of the IOMMU-boundary trace (model/README.md "IOMMU-boundary
 * trace"), one line at a time: the P line of the walk path's parameters and the C line of
 * one stepped cycle. Header-only C, so the walk path's lockstep harness (C++) and the
 * fuzz target (tests/fuzz/fuzz_trace.c) read with the same code. A line that does not
 * parse gets a reason and 0; nothing here exits or allocates.
 */
#ifndef XL_TRACE_H
#define XL_TRACE_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define XL_TRACE_IN 14    /* arr_valid arr_va arr_instr arr_tag rsp_valid rsp_walker e0 .. e7 */
#define XL_TRACE_OUT 7    /* arr_ready disp_valid disp_walker disp_slot mem_req_valid
                           * mem_req_addr cpl_lanes */

/* One C line: the cycle, the block's inputs, the digest of its outputs. */
typedef struct {
    uint64_t cycle;
    uint64_t in[XL_TRACE_IN];
    uint64_t out[XL_TRACE_OUT];
} xl_trace_c_t;

/* The P line: its text up to " root=" (for comparison with the harness's parameter set)
 * and the root. */
typedef struct {
    char params[512];
    uint64_t root;
} xl_trace_p_t;

static inline int xl_trace_fail(char *err, size_t errlen, const char *why)
{
    snprintf(err, errlen, "%s", why);
    return 0;
}

/* One field in base 16 or 10 (the writer prints the valid bits, the walker numbers and
 * disp_slot in decimal, everything else in hex without 0x): digits up to a space, the
 * end of the line or of the text. */
static inline int xl_trace_num(const char **p, uint64_t *v, int base)
{
    const char *s = *p;
    uint64_t r = 0;
    int n = 0;
    while (*s == ' ')
        s++;
    for (;; s++, n++) {
        unsigned d;
        char ch = *s;
        if (ch >= '0' && ch <= '9')
            d = (unsigned)(ch - '0');
        else if (base == 16 && ch >= 'a' && ch <= 'f')
            d = (unsigned)(ch - 'a' + 10);
        else if (base == 16 && ch >= 'A' && ch <= 'F')
            d = (unsigned)(ch - 'A' + 10);
        else
            break;
        if (r > (UINT64_MAX - d) / (unsigned)base)
            return 0;   /* above 2^64 - 1 */
        r = r * (unsigned)base + d;
    }
    if (n == 0 || (*s != ' ' && *s != '\n' && *s != '\0'))
        return 0;
    *v = r;
    *p = s;
    return 1;
}

/* The P line's text after "P ": params (up to " root=0x") and root. */
static inline int xl_trace_parse_p(const char *line, xl_trace_p_t *p, char *err, size_t errlen)
{
    if (line[0] != 'P' || line[1] != ' ')
        return xl_trace_fail(err, errlen, "the first line that is not a comment must be the P line");
    const char *s = line + 2, *r = strstr(s, " root=0x");
    if (r == NULL)
        return xl_trace_fail(err, errlen, "P line without root=0x...");
    if ((size_t)(r - s) >= sizeof p->params)
        return xl_trace_fail(err, errlen, "P line too long");
    memcpy(p->params, s, (size_t)(r - s));
    p->params[r - s] = '\0';
    const char *q = r + 8;
    if (!xl_trace_num(&q, &p->root, 16))
        return xl_trace_fail(err, errlen, "P line: malformed root");
    while (*q == ' ' || *q == '\n')
        q++;
    if (*q != '\0')
        return xl_trace_fail(err, errlen, "P line: text after the root");
    return 1;
}

/* A C line, with the ranges the walk path's ports allow (va_mask, instr_mask: the widest
 * VA and instruction id). Whether cycles increase is the caller's to check. */
static inline int xl_trace_parse_c(const char *line, xl_trace_c_t *t, uint64_t va_mask,
                                   uint64_t instr_mask, char *err, size_t errlen)
{
    static const int in_base[XL_TRACE_IN] = {10, 16, 16, 16, 10, 10, 16, 16, 16, 16, 16, 16, 16, 16};
    static const int out_base[XL_TRACE_OUT] = {10, 10, 10, 10, 10, 16, 16};
    if (line[0] != 'C' || line[1] != ' ')
        return xl_trace_fail(err, errlen, "expected a C line");
    const char *p = line + 2;
    memset(t, 0, sizeof *t);
    if (!xl_trace_num(&p, &t->cycle, 10) || *p != ' ')
        return xl_trace_fail(err, errlen, "malformed cycle");
    for (int i = 0; i < XL_TRACE_IN; i++)
        if (!xl_trace_num(&p, &t->in[i], in_base[i]))
            return xl_trace_fail(err, errlen, "malformed input field");
    while (*p == ' ')
        p++;
    if (*p != '|')
        return xl_trace_fail(err, errlen, "missing '|'");
    p++;
    for (int i = 0; i < XL_TRACE_OUT; i++)
        if (!xl_trace_num(&p, &t->out[i], out_base[i]))
            return xl_trace_fail(err, errlen, "malformed digest field");
    while (*p == ' ' || *p == '\n')
        p++;
    if (*p != '\0')
        return xl_trace_fail(err, errlen, "trailing text");
    if (t->in[0] > 1 || t->in[4] > 1 || t->in[3] > UINT32_MAX || t->in[2] > instr_mask ||
        t->in[1] > va_mask || t->in[5] > UINT32_MAX || t->out[0] > 1 || t->out[1] > 1 ||
        t->out[2] > UINT32_MAX || t->out[3] > UINT32_MAX || t->out[4] > 1 || t->out[6] > 255)
        return xl_trace_fail(err, errlen, "field out of range");
    return 1;
}

#endif
