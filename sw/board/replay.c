/*
 * replay.c - replay mode of work.h: the arrivals an IOMMU-boundary trace (model/README.md
 * "IOMMU-boundary trace", read with tests/lockstep/xl_trace.h) shows the walk path
 * accepting, in their order, and the memory the trace's reads show, to give the board
 * (fpga/README.md "The protocol").
 *
 * The memory is rebuilt from (request address, response line) pairs: a walker's read is
 * in one C line's digest (mem_req_addr) and its line in a later C line's inputs (rsp_walker,
 * e0..e7). The digest does not name the requesting walker, so the trace is first run
 * through a C twin of the trace's own parameters (its P line), stepped in the listed cycles
 * only, as the recording model stepped it: that twin's mem_req_walker pairs each read with
 * its response, and the twin must reproduce every recorded digest on the way, or the
 * pairing could not be trusted (a trace of another model version: bad input). The board
 * runs with its own parameters and timing, so it may read lines the trace never read; those
 * read as zero entries (work.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tests/lockstep/xl_trace.h"
#include "work.h"
#include "xlat/config.h"

/* ------------------------------------------------------------------ the line map */

static size_t slot_of(uint64_t addr, size_t cap)
{
    return (size_t)(((addr >> 6) * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & (cap - 1u);
}

static int grow(xb_lines_t *t)
{
    size_t cap = t->cap ? 2u * t->cap : 1024u;
    uint64_t *key = calloc(cap, sizeof *key);
    uint64_t(*line)[8] = malloc(cap * sizeof *line);
    if (key == NULL || line == NULL) {
        free(key);
        free(line);
        return XL_EINTERNAL;
    }
    for (size_t i = 0; i < t->cap; i++) {
        if (t->key[i] == 0)
            continue;
        size_t j = slot_of(t->key[i], cap);
        while (key[j] != 0)
            j = (j + 1u) & (cap - 1u);
        key[j] = t->key[i];
        memcpy(line[j], t->line[i], sizeof line[j]);
    }
    free(t->key);
    free(t->line);
    t->key = key;
    t->line = line;
    t->cap = cap;
    return XL_OK;
}

int xb_lines_put(xb_lines_t *t, uint64_t addr, const uint64_t line[8], int *changed)
{
    uint64_t k = (addr & ~UINT64_C(63)) | 1u;
    *changed = 0;
    if (2u * (t->n + 1u) > t->cap && grow(t) != XL_OK)
        return XL_EINTERNAL;
    size_t j = slot_of(k, t->cap);
    while (t->key[j] != 0 && t->key[j] != k)
        j = (j + 1u) & (t->cap - 1u);
    if (t->key[j] == k) {
        /* read again with other contents (the model changed the table): the first line
         * stays; both twins see the same one, so the comparison holds either way */
        *changed = memcmp(t->line[j], line, sizeof t->line[j]) != 0;
        return XL_OK;
    }
    t->key[j] = k;
    memcpy(t->line[j], line, sizeof t->line[j]);
    t->n++;
    return XL_OK;
}

const uint64_t *xb_lines_get(const xb_lines_t *t, uint64_t addr)
{
    uint64_t k = (addr & ~UINT64_C(63)) | 1u;
    if (t->cap == 0)
        return NULL;
    size_t j = slot_of(k, t->cap);
    while (t->key[j] != 0) {
        if (t->key[j] == k)
            return t->line[j];
        j = (j + 1u) & (t->cap - 1u);
    }
    return NULL;
}

void xb_lines_free(xb_lines_t *t)
{
    free(t->key);
    free(t->line);
    memset(t, 0, sizeof *t);
}

/* ------------------------------------------------------------------ the P line */

/* A decimal (or 0x hex) number up to one of the characters of `end` or the string's end. */
static int num(const char **s, const char *end, uint64_t *v)
{
    char buf[32];
    size_t n = strcspn(*s, end);
    if (n == 0 || n >= sizeof buf)
        return 0;
    memcpy(buf, *s, n);
    buf[n] = '\0';
    if (xl_config_parse_u64(buf, v) != XL_OK)
        return 0;
    *s += n;
    return 1;
}

static int name_of(const char *v, const char *const *names, unsigned n, unsigned *out)
{
    for (unsigned i = 0; i < n; i++)
        if (strcmp(v, names[i]) == 0) {
            *out = i;
            return 1;
        }
    return 0;
}

/* The P line's parameters (xl_trace_p_t.params, the text before root=) into a twin's
 * parameters and the ASID; 0 with the reason in why. */
static int parse_params(const char *text, xl_walk_path_params_t *p, unsigned *asid, char *why,
                        size_t whylen)
{
    static const char *const pol[] = {"fcfs", "random", "simt"};
    static const char *const co[] = {"off", "leaf", "upper", "both"};
    static const char *const need[] = {"slots", "walkers", "policy", "coalesce", "aging",
                                       "lfsr", "pwc", "pwc_latency", "asid"};
    char buf[512];
    unsigned seen = 0;
    memset(p, 0, sizeof *p);
    snprintf(buf, sizeof buf, "%s", text);
    for (char *save = NULL, *tok = strtok_r(buf, " ", &save); tok != NULL;
         tok = strtok_r(NULL, " ", &save)) {
        char *eq = strchr(tok, '=');
        uint64_t v = 0;
        unsigned k = 0, e = 0;
        if (eq == NULL) {
            snprintf(why, whylen, "P line: '%.40s' is not key=value", tok);
            return 0;
        }
        *eq = '\0';
        const char *val = eq + 1, *s = val;
        if (!name_of(tok, need, 9, &k)) {
            if (strcmp(tok, "pick_pipe") == 0 && num(&s, "", &v) && v <= 2) {
                p->pick_pipe = (uint32_t)v;
                continue;
            }
            if (strcmp(tok, "scan_pipe") == 0 && num(&s, "", &v) && v <= 1) {
                p->scan_pipe = (uint32_t)v;
                continue;
            }
            snprintf(why, whylen, "P line: unknown or malformed key '%.40s'", tok);
            return 0;
        }
        int ok = 1;
        switch (k) {
        case 2:
            ok = name_of(val, pol, 3, &e);
            p->policy = (xl_ws_policy_t)e;
            break;
        case 3:
            ok = name_of(val, co, 4, &e);
            p->coalesce = (xl_co_mode_t)e;
            break;
        case 6:   /* pwc=E4/W4,E3/W3,E2/W2 */
            for (unsigned l = 0; ok && l < 3; l++) {
                uint64_t en = 0, wy = 0;
                ok = num(&s, "/", &en) && *s++ == '/' && num(&s, ",", &wy) &&
                     (l == 2 ? *s == '\0' : *s++ == ',') && en <= UINT32_MAX &&
                     wy <= UINT32_MAX;
                p->pwc.entries[l] = (uint32_t)en;
                p->pwc.ways[l] = (uint32_t)wy;
            }
            break;
        default:
            ok = num(&s, "", &v) && v <= UINT32_MAX;
            if (k == 0)
                p->slots = (uint32_t)v;
            else if (k == 1)
                p->walkers = (uint32_t)v;
            else if (k == 4)
                p->aging_threshold = (uint32_t)v;
            else if (k == 5)
                p->lfsr_seed = (uint32_t)v;
            else if (k == 7)
                p->pwc_latency = (uint32_t)v;
            else
                *asid = (unsigned)v;
            break;
        }
        if (!ok) {
            snprintf(why, whylen, "P line: malformed %s", tok);
            return 0;
        }
        seen |= 1u << k;
    }
    for (unsigned k = 0; k < 9; k++)
        if (!(seen & (1u << k))) {
            snprintf(why, whylen, "P line without %s=", need[k]);
            return 0;
        }
    if (*asid >= XL_WP_ASIDS) {
        snprintf(why, whylen, "P line: asid %u is not below %u", *asid, XL_WP_ASIDS);
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ the trace */

typedef struct {
    FILE *f;
    const char *path;
    unsigned long lineno;
    char *err;
    size_t errlen;
} reader_t;

/* The next line that is neither a comment nor empty; 0 at the end, -1 (err set) when too
 * long. */
static int next_line(reader_t *r, char *buf, int size)
{
    while (fgets(buf, size, r->f) != NULL) {
        r->lineno++;
        if (strchr(buf, '\n') == NULL && !feof(r->f)) {
            snprintf(r->err, r->errlen, "trace %s:%lu: line too long", r->path, r->lineno);
            return -1;
        }
        if (buf[0] != '#' && buf[0] != '\n')
            return 1;
    }
    return 0;
}

static int bad(reader_t *r, const char *why)
{
    snprintf(r->err, r->errlen, "trace %s:%lu: %s", r->path, r->lineno, why);
    return XL_EINPUT;
}

static int push_arrival(xb_work_t *w, size_t *cap, uint64_t va, uint32_t instr)
{
    if (w->narr == *cap) {
        size_t n = *cap ? 2u * *cap : 1024u;
        xb_arrival_t *a = realloc(w->arr, n * sizeof *a);
        if (a == NULL)
            return XL_EINTERNAL;
        w->arr = a;
        *cap = n;
    }
    w->arr[w->narr].va = va;
    w->arr[w->narr].instr = instr;
    w->narr++;
    return XL_OK;
}

/* Runs the twin m over the trace's C lines (after the P line). */
static int run_trace(xb_work_t *w, reader_t *r, xl_walk_path_t *m, xl_walk_path_out_t *o,
                     const xl_pa_t *roots, unsigned asid, uint64_t limit)
{
    char buf[1024], why[128];
    uint32_t nw = m->p.walkers;
    xl_pa_t *pend = calloc(nw, sizeof *pend);   /* [walker]: its read's line, 0 = none */
    size_t cap = 0;
    uint64_t prev = 0;
    int have_prev = 0, rc = XL_OK, got;
    if (pend == NULL)
        return XL_EINTERNAL;
    while ((got = next_line(r, buf, sizeof buf)) > 0) {
        xl_trace_c_t c;
        xl_walk_path_in_t in;
        if (!xl_trace_parse_c(buf, &c, XL_VA_MASK, XL_WS_INSTR_MASK, why, sizeof why)) {
            rc = bad(r, why);
            break;
        }
        if (have_prev && c.cycle <= prev) {
            rc = bad(r, "cycles must increase");
            break;
        }
        have_prev = 1;
        prev = c.cycle;
        w->trace_lines++;
        memset(&in, 0, sizeof in);
        in.root = roots;
        in.arr_asid = (uint16_t)asid;
        in.mem_req_ready = 1;
        in.arr_valid = (uint8_t)c.in[0];
        in.arr_va = c.in[1];
        in.arr_instr_id = (uint32_t)c.in[2];
        in.arr_tag = (uint32_t)c.in[3];
        in.rsp_valid = (uint8_t)c.in[4];
        in.rsp_walker = (uint32_t)c.in[5];
        for (int i = 0; i < 8; i++)
            in.rsp_line[i] = c.in[6 + i];
        if (in.rsp_valid && in.rsp_walker >= nw) {
            rc = bad(r, "rsp_walker outside the P line's walkers");
            break;
        }
        if (in.rsp_valid && pend[in.rsp_walker] == 0) {
            rc = bad(r, "a response for a walker without a read outstanding");
            break;
        }
        xl_walk_path_comb(m, &in, o);
        unsigned lanes = 0;
        for (unsigned i = 0; i < 8; i++)
            lanes |= (unsigned)(o->cpl_valid[i] & 1u) << i;
        const char *diff = o->arr_ready != c.out[0]       ? "arr_ready"
                           : o->disp_valid != c.out[1]    ? "disp_valid"
                           : o->disp_walker != c.out[2]   ? "disp_walker"
                           : o->ws.disp_slot != c.out[3]  ? "disp_slot"
                           : o->mem_req_valid != c.out[4] ? "mem_req_valid"
                           : o->mem_req_addr != c.out[5]  ? "mem_req_addr"
                           : lanes != c.out[6]            ? "cpl_lanes"
                                                          : NULL;
        if (diff != NULL) {
            snprintf(why, sizeof why, "the C twin of the P line's parameters does not reproduce "
                     "the recorded %s (a trace of another model version?)", diff);
            rc = bad(r, why);
            break;
        }
        if (in.rsp_valid) {
            int changed = 0;
            if (xb_lines_put(&w->lines, pend[in.rsp_walker], in.rsp_line, &changed) != XL_OK) {
                rc = XL_EINTERNAL;
                break;
            }
            w->changed += (uint64_t)changed;
            pend[in.rsp_walker] = 0;
        }
        if (o->mem_req_valid) {
            pend[o->mem_req_walker] = o->mem_req_addr | 1u;   /* 1: a read of line 0 shows too */
            w->trace_reads++;
        }
        if (in.arr_valid && o->arr_ready && w->narr < limit &&
            push_arrival(w, &cap, in.arr_va & XL_VA_MASK, in.arr_instr_id) != XL_OK) {
            rc = XL_EINTERNAL;
            break;
        }
        xl_walk_path_commit(m, &in, o);
    }
    if (got < 0)
        rc = XL_EINPUT;
    if (rc == XL_EINTERNAL)
        snprintf(r->err, r->errlen, "trace %s: out of memory", r->path);
    free(pend);
    return rc;
}

int xb_work_replay(xb_work_t *w, const char *path, uint64_t limit, char *err, size_t errlen)
{
    char buf[1024], why[128];
    reader_t r = {NULL, path, 0, err, errlen};
    xl_trace_p_t tp;
    xl_walk_path_params_t p;
    xl_walk_path_t m;
    xl_walk_path_out_t o;
    xl_pa_t roots[XL_WP_ASIDS] = {0};
    unsigned asid = 0;
    int rc, got;

    memset(w, 0, sizeof *w);
    w->replay = 1;
    r.f = fopen(path, "r");
    if (r.f == NULL) {
        snprintf(err, errlen, "cannot read trace %s: %s", path, strerror(errno));
        return XL_EINPUT;
    }
    got = next_line(&r, buf, sizeof buf);
    if (got <= 0) {
        fclose(r.f);
        return got < 0 ? XL_EINPUT : bad(&r, "no P line");
    }
    if (!xl_trace_parse_p(buf, &tp, why, sizeof why) ||
        !parse_params(tp.params, &p, &asid, why, sizeof why)) {
        fclose(r.f);
        return bad(&r, why);
    }
    snprintf(w->trace_params, sizeof w->trace_params, "%s", tp.params);
    w->root = tp.root & XL_PA_MASK;   /* the walks' root: the Z frame carries it */
    roots[asid] = w->root;
    if (xl_walk_path_init(&m, &p, why, sizeof why) != XL_OK) {
        fclose(r.f);
        return bad(&r, why);
    }
    if (xl_walk_path_out_init(&o, &m) != XL_OK) {
        xl_walk_path_out_free(&o);
        xl_walk_path_free(&m);
        fclose(r.f);
        snprintf(err, errlen, "out of memory");
        return XL_EINTERNAL;
    }
    rc = run_trace(w, &r, &m, &o, roots, asid, limit);
    xl_walk_path_out_free(&o);
    xl_walk_path_free(&m);
    fclose(r.f);
    if (rc == XL_OK && w->trace_lines == 0)
        rc = bad(&r, "no C line");
    if (rc == XL_OK && w->narr == 0)
        rc = bad(&r, "no arrival is accepted in the trace");
    w->limit = w->narr;
    return rc;
}
