/*
 * graph_io.c - read a real graph for the Pannotia workloads (workload.graph_file): a DIMACS
 * shortest-path file (.gr) or a Matrix Market coordinate file (.mtx), into the CSR arrays
 * the code in question copies to the GPU.
 *
 * Formats.
 *   DIMACS (9th Implementation Challenge, "File formats" page): comment lines "c ...";
 *   one problem line "p sp N M" before any arc, N nodes and M arcs; arc lines "a U V W",
 *   tail U, head V (1-based ids), W an integer weight. Graphs may have parallel arcs and
 *   self loops. The road graphs list each road as two arcs (USA-road-d.NY.gr: "a 1 2 803",
 *   "a 2 1 803").
 *   Matrix Market (NIST, "The Matrix Market exchange formats"): the banner
 *   "%%MatrixMarket matrix coordinate FIELD SYMMETRY", comment lines "%...", the size line
 *   "ROWS COLS ENTRIES", then one "I J [VALUE]" line per entry, 1-based. FIELD is pattern
 *   (no value), integer or real; SYMMETRY general or symmetric (a symmetric file stores
 *   one triangle). complex, array, skew-symmetric and hermitian files are refused: they
 *   are not the graphs Pannotia reads. The first line of the file decides the format
 *   (the banner, else DIMACS).
 *
 * Which arcs go where: Pannotia's hosts, graph_parser/parse.cpp and each app's main().
 *   sssp_csr (file format 0 = DIMACS): parseCOO_transpose(directed = 1): arc U -> V goes
 *   to row V with column U (y[v] = min over arcs u -> v of x[u] + w), its weight W to
 *   data[]; the CSR has M arcs, each row in file order (a stable sort by row).
 *   mis, coloring_max (format 0): parseCOO(directed = 0): every arc is stored both ways,
 *   U -> V in row U and V -> U in row V: 2M arcs. A DIMACS road file, which lists both
 *   directions already, so has each neighbour twice in a list - as Pannotia runs it.
 *   Self loops: the DIMACS parsers report and keep them; so do we.
 *   Matrix Market: Pannotia's parseMM (not called by these three apps) drops self loops
 *   and, undirected, stores each entry both ways; the METIS files Pannotia ships for MIS
 *   and Color (ecology1.graph, G3_circuit.graph from the SuiteSparse matrices) hold the
 *   off-diagonal pattern on both sides. So: diagonal entries are dropped; a symmetric file
 *   stores each entry as I -> J and J -> I; a general file does so for MIS and Color
 *   (directed = 0) and keeps I -> J (row I, the matrix as stored) for SSSP.
 * Weights for SSSP: the .gr weights; an integer .mtx's values; none from a pattern or real
 * file (pannotia.c then draws them as for a generated graph). SSSP needs weights >= 0 (the
 * host's relaxation relies on it) and < 2^31 (Pannotia's int).
 * Pannotia's parsers do not check counts or ids and build row[] only where a row changes,
 * so a node without arcs shifts the rows after it; we check and build a correct CSR.
 *
 * Streaming: two passes over the file, no copy of it. Pass 1 checks every line and counts
 * each row's arcs (into row[]); pass 2 re-reads from the first entry and places the arcs
 * through one fill cursor a row. Memory: the CSR (row, col, and wt when kept) and the
 * cursors (4 B a node). A file that is not seekable, or that changes between the passes,
 * is refused.
 * Errors: one line "graph_file 'PATH' line N: what is wrong", XL_EINPUT; nothing leaks.
 */
#include "xlat/graph.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LINE_BYTES 1024u   /* a data line longer than this is refused; comments may be longer */

typedef struct {
    FILE *f;
    uint32_t *fill;         /* pass 2: each row's next free arc */
    const char *path;
    unsigned long line;     /* number of the line in buf */
    char buf[LINE_BYTES];
    char *err;
    size_t errlen;
    xl_graph_use_t use;
    int mtx;                /* 1: Matrix Market */
    int field;              /* mtx: 0 pattern, 1 integer, 2 real */
    int symmetric;          /* mtx */
    int keep_wt;            /* weights go to g->wt */
    uint64_t nv, nent;      /* nodes; arc lines (.gr) or entries (.mtx) the header announces */
    unsigned long hdr_line; /* line of the 'p' / size line */
    long data_pos;          /* file offset just after the header */
    unsigned long data_line;
} rd_t;

static int fail(rd_t *r, const char *fmt, const char *what)
{
    char msg[256];
    snprintf(msg, sizeof msg, fmt, what);
    if (r->line)
        snprintf(r->err, r->errlen, "graph_file '%s' line %lu: %s", r->path, r->line, msg);
    else
        snprintf(r->err, r->errlen, "graph_file '%s': %s", r->path, msg);
    return XL_EINPUT;
}

/* Next line into r->buf without its end of line. Returns 1, 0 at end of file, or -1 with
 * the error set. A line longer than the buffer is an error unless it is a comment
 * (first byte 'c' in DIMACS, '%' in Matrix Market), whose rest is skipped. */
static int next_line(rd_t *r)
{
    if (!fgets(r->buf, sizeof r->buf, r->f)) {
        if (ferror(r->f)) {
            fail(r, "read error: %s", strerror(errno));
            return -1;
        }
        return 0;
    }
    r->line++;
    size_t n = strlen(r->buf);
    if (n > 0 && r->buf[n - 1u] == '\n') {
        r->buf[--n] = '\0';
    } else if (!feof(r->f)) {
        char cmt = r->mtx ? '%' : 'c';
        if (r->buf[0] != cmt) {
            char lim[32];
            snprintf(lim, sizeof lim, "%u", LINE_BYTES - 2u);
            fail(r, "line longer than %s bytes", lim);
            return -1;
        }
        int ch;
        while ((ch = fgetc(r->f)) != EOF && ch != '\n')
            ;
    }
    if (n > 0 && r->buf[n - 1u] == '\r')
        r->buf[--n] = '\0';
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)r->buf[i];
        if (ch == '\0' || (ch < 0x20u && ch != '\t')) {
            fail(r, "%s", "control byte in the line (not a text graph file?)");
            return -1;
        }
    }
    return 1;
}

/* Split the line into at most max tokens (space or tab separated); returns the count,
 * or max + 1 if there are more. */
static unsigned tokens(char *s, char **tok, unsigned max)
{
    unsigned n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            return n;
        if (n == max)
            return max + 1u;
        tok[n++] = s;
        while (*s && *s != ' ' && *s != '\t')
            s++;
        if (*s)
            *s++ = '\0';
    }
}

/* Decimal unsigned integer, the whole token; 0 on success. */
static int parse_u64(const char *s, uint64_t *out)
{
    uint64_t v = 0;
    if (*s == '+')
        s++;
    if (*s < '0' || *s > '9')
        return -1;
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return -1;
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10u)
            return -1;
        v = v * 10u + d;
    }
    *out = v;
    return 0;
}

/* Decimal signed integer in int64 range, one optional sign; 0 on success. */
static int parse_i64(const char *s, int64_t *out)
{
    int neg = 0;
    uint64_t m;
    if (*s == '-' || *s == '+') {
        neg = *s == '-';
        s++;
    }
    if (*s < '0' || *s > '9' || parse_u64(s, &m) != 0)   /* no second sign */
        return -1;
    if (m > (uint64_t)INT64_MAX + (uint64_t)neg)
        return -1;
    *out = neg ? (int64_t)(0u - m) : (int64_t)m;
    return 0;
}

/* A real number's syntax (Matrix Market real values), checked without converting it:
 * [+-] digits [. digits] [(e|E) [+-] digits], at least one digit in the mantissa. */
static int real_syntax(const char *s)
{
    int digits = 0;
    if (*s == '+' || *s == '-')
        s++;
    for (; *s >= '0' && *s <= '9'; s++)
        digits++;
    if (*s == '.')
        for (s++; *s >= '0' && *s <= '9'; s++)
            digits++;
    if (!digits)
        return -1;
    if (*s == 'e' || *s == 'E') {
        s++;
        if (*s == '+' || *s == '-')
            s++;
        if (*s < '0' || *s > '9')
            return -1;
        while (*s >= '0' && *s <= '9')
            s++;
    }
    return *s ? -1 : 0;
}

static int lower_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = (*a >= 'A' && *a <= 'Z') ? (char)(*a - 'A' + 'a') : *a;
        if (x != *b)
            return 0;
    }
    return *a == *b;
}

/* A node id token: 1..nv. */
static int node_id(rd_t *r, const char *tok, const char *which, uint32_t *id)
{
    uint64_t v;
    char what[96];
    if (parse_u64(tok, &v) != 0) {
        snprintf(what, sizeof what, "%s '%.40s' is not a number", which, tok);
        return fail(r, "%s", what);
    }
    if (v < 1u || v > r->nv) {
        snprintf(what, sizeof what, "%s %.24s out of range 1..%llu", which, tok,
                 (unsigned long long)r->nv);
        return fail(r, "%s", what);
    }
    *id = (uint32_t)(v - 1u);
    return XL_OK;
}

/* ---- headers ------------------------------------------------------------------------ */

/* The header's sizes (nv nodes, nent arc lines or entries, making up to arcs arcs) are
 * checked against Pannotia's int limits and kept, with the header's line. */
static int set_size(rd_t *r, uint64_t nv, uint64_t nent, uint64_t arcs, const char *upto)
{
    if (nv < 1u || nv > XL_GRAPH_MAX_VERTICES || arcs > XL_GRAPH_MAX_ARCS) {
        char what[128];
        snprintf(what, sizeof what, "too large or empty: %llu nodes, %s%llu arcs (at most "
                 "%u of each)", (unsigned long long)nv, upto, (unsigned long long)arcs,
                 XL_GRAPH_MAX_ARCS);
        return fail(r, "%s", what);
    }
    r->nv = nv;
    r->nent = nent;
    r->hdr_line = r->line;
    return XL_OK;
}

static int gr_header(rd_t *r)
{
    int k;
    while ((k = next_line(r)) > 0) {
        char *t[5];
        unsigned n = tokens(r->buf, t, 4);
        if (n == 0 || r->buf[0] == 'c' || (t[0][0] == 'c' && t[0][1] == '\0'))
            continue;
        if (strcmp(t[0], "p") != 0)
            return fail(r, "%s", n && !strcmp(t[0], "a") ?
                        "arc line before the 'p sp NODES ARCS' line" :
                        "expected the problem line 'p sp NODES ARCS'");
        uint64_t nv, m;
        if (n != 4 || strcmp(t[1], "sp") != 0 || parse_u64(t[2], &nv) != 0 ||
            parse_u64(t[3], &m) != 0)
            return fail(r, "%s", "malformed problem line (expected 'p sp NODES ARCS')");
        return set_size(r, nv, m, r->use == XL_GRAPH_FOR_SSSP ? m : 2u * m, "");
    }
    if (k == 0) {
        r->line = 0;
        return fail(r, "%s", "no problem line 'p sp NODES ARCS'");
    }
    return XL_EINPUT;
}

static int mtx_header(rd_t *r)
{
    char *t[6];
    unsigned n = tokens(r->buf, t, 5);   /* line 1, already read */
    if (n != 5 || !lower_eq(t[0], "%%matrixmarket") || !lower_eq(t[1], "matrix"))
        return fail(r, "%s", "malformed banner (expected '%MatrixMarket matrix coordinate "
                    "FIELD SYMMETRY')");
    if (!lower_eq(t[2], "coordinate"))
        return fail(r, "%s", "not a coordinate (sparse) matrix: only 'coordinate' files are "
                    "graphs");
    if (lower_eq(t[3], "pattern"))
        r->field = 0;
    else if (lower_eq(t[3], "integer"))
        r->field = 1;
    else if (lower_eq(t[3], "real"))
        r->field = 2;
    else
        return fail(r, "unsupported field '%.20s' (pattern, integer or real)", t[3]);
    if (lower_eq(t[4], "general"))
        r->symmetric = 0;
    else if (lower_eq(t[4], "symmetric"))
        r->symmetric = 1;
    else
        return fail(r, "unsupported symmetry '%.20s' (general or symmetric)", t[4]);
    int k;
    while ((k = next_line(r)) > 0) {
        char *s[4];
        n = tokens(r->buf, s, 3);
        if (n == 0 || r->buf[0] == '%')
            continue;
        uint64_t rows, cols, nnz;
        if (n != 3 || parse_u64(s[0], &rows) != 0 || parse_u64(s[1], &cols) != 0 ||
            parse_u64(s[2], &nnz) != 0)
            return fail(r, "%s", "malformed size line (expected 'ROWS COLS ENTRIES')");
        if (rows != cols) {
            char what[96];
            snprintf(what, sizeof what, "not square (%llu rows, %llu columns)",
                     (unsigned long long)rows, (unsigned long long)cols);
            return fail(r, "%s", what);
        }
        int both = r->symmetric || r->use != XL_GRAPH_FOR_SSSP;
        return set_size(r, rows, nnz, both ? 2u * nnz : nnz, "up to ");
    }
    if (k == 0) {
        r->line = 0;
        return fail(r, "%s", "no size line 'ROWS COLS ENTRIES'");
    }
    return XL_EINPUT;
}

/* ---- the entries, pass 1 (count) and pass 2 (place) ---------------------------------- */

/* One arc into row a with column b: count (pass 1) or place (pass 2). */
static int put_arc(rd_t *r, xl_graph_t *g, int pass, uint32_t a, uint32_t b, uint32_t w)
{
    if (pass == 1) {
        g->row[a + 1u]++;
        return XL_OK;
    }
    uint32_t at = r->fill[a]++;
    if (at >= g->row[a + 1u])   /* more arcs in this row than pass 1 counted */
        return fail(r, "%s", "the file changed while being read");
    g->col[at] = b;
    if (g->wt)
        g->wt[at] = w;
    return XL_OK;
}

static int scan(rd_t *r, xl_graph_t *g, int pass)
{
    uint64_t seen = 0;
    int k;
    char what[160];
    while ((k = next_line(r)) > 0) {
        char *t[5];
        unsigned n = tokens(r->buf, t, 4);
        if (n == 0)
            continue;
        uint32_t a, b, w = 0;
        if (!r->mtx) {
            if (r->buf[0] == 'c' || (t[0][0] == 'c' && t[0][1] == '\0'))
                continue;
            if (!strcmp(t[0], "p"))
                return fail(r, "%s", "a second problem line");
            if (strcmp(t[0], "a") != 0)
                return fail(r, "unknown line type '%.16s' (expected 'a U V W' or 'c ...')",
                            t[0]);
            if (n != 4)
                return fail(r, "%s", "malformed arc line (expected 'a U V W')");
            if (seen == r->nent) {
                snprintf(what, sizeof what, "more arc lines than the %llu the 'p' line "
                         "(line %lu) announces", (unsigned long long)r->nent, r->hdr_line);
                return fail(r, "%s", what);
            }
            int64_t wv;
            if (node_id(r, t[1], "tail", &a) || node_id(r, t[2], "head", &b))
                return XL_EINPUT;
            if (parse_i64(t[3], &wv) != 0)
                return fail(r, "weight '%.40s' is not an integer", t[3]);
            if (r->use == XL_GRAPH_FOR_SSSP && (wv < 0 || wv > INT32_MAX)) {
                snprintf(what, sizeof what, "weight %.24s outside 0..%d (SSSP needs "
                         "non-negative int weights)", t[3], INT32_MAX);
                return fail(r, "%s", what);
            }
            w = (uint32_t)(wv < 0 ? 0 : wv);
            seen++;
            if (r->use == XL_GRAPH_FOR_SSSP) {   /* parseCOO_transpose: row = head */
                if (put_arc(r, g, pass, b, a, w))
                    return XL_EINPUT;
            } else if (put_arc(r, g, pass, a, b, 0) || put_arc(r, g, pass, b, a, 0)) {
                return XL_EINPUT;
            }
            continue;
        }
        if (r->buf[0] == '%')
            continue;
        unsigned want = r->field == 0 ? 2u : 3u;
        if (n != want)
            return fail(r, "%s", r->field == 0 ? "malformed entry (expected 'I J')" :
                        "malformed entry (expected 'I J VALUE')");
        if (seen == r->nent) {
            snprintf(what, sizeof what, "more entries than the %llu the size line (line %lu) "
                     "announces", (unsigned long long)r->nent, r->hdr_line);
            return fail(r, "%s", what);
        }
        if (node_id(r, t[0], "row", &a) || node_id(r, t[1], "column", &b))
            return XL_EINPUT;
        if (r->field == 1) {
            int64_t v;
            if (parse_i64(t[2], &v) != 0)
                return fail(r, "value '%.40s' is not an integer", t[2]);
            if (r->keep_wt && a != b && (v < 0 || v > INT32_MAX)) {
                snprintf(what, sizeof what, "value %.24s outside 0..%d (SSSP takes an "
                         "integer matrix's values as weights)", t[2], INT32_MAX);
                return fail(r, "%s", what);
            }
            w = (uint32_t)(v < 0 ? 0 : v);
        } else if (r->field == 2 && real_syntax(t[2]) != 0) {
            return fail(r, "value '%.40s' is not a number", t[2]);
        }
        seen++;
        if (a == b)
            continue;   /* the diagonal: no graph arc (parseMM, the METIS files) */
        if (put_arc(r, g, pass, a, b, w))
            return XL_EINPUT;
        if ((r->symmetric || r->use != XL_GRAPH_FOR_SSSP) && put_arc(r, g, pass, b, a, w))
            return XL_EINPUT;
    }
    if (k < 0)
        return XL_EINPUT;
    if (seen != r->nent) {
        snprintf(what, sizeof what, "end of file after %llu %s; the %s (line %lu) says %llu",
                 (unsigned long long)seen, r->mtx ? "entries" : "arc lines",
                 r->mtx ? "size line" : "'p' line", r->hdr_line,
                 (unsigned long long)r->nent);
        return fail(r, "%s", what);
    }
    return XL_OK;
}

int xl_graph_read(const char *path, xl_graph_use_t use, xl_graph_t *g, char *err,
                  size_t errlen)
{
    rd_t *r = calloc(1, sizeof *r);
    memset(g, 0, sizeof *g);
    if (!r) {
        snprintf(err, errlen, "graph_file: out of memory");
        return XL_EINTERNAL;
    }
    r->path = path;
    r->err = err;
    r->errlen = errlen;
    r->use = use;
    int rc = XL_EINPUT;
    if (!path || !*path) {
        snprintf(err, errlen, "graph_file: empty path");
        goto out;
    }
    r->f = fopen(path, "rb");
    if (!r->f) {
        fail(r, "cannot open: %s", strerror(errno));
        goto out;
    }
    /* the first line tells the format */
    int k = next_line(r);
    if (k < 0)
        goto out;
    if (k == 0) {
        r->line = 0;
        fail(r, "%s", "empty file");
        goto out;
    }
    r->mtx = !strncmp(r->buf, "%%", 2);
    if (r->mtx) {
        if (mtx_header(r) != XL_OK)
            goto out;
    } else {
        rewind(r->f);   /* the first line is DIMACS too: read it again */
        r->line = 0;
        if (gr_header(r) != XL_OK)
            goto out;
    }
    r->keep_wt = use == XL_GRAPH_FOR_SSSP && (!r->mtx || r->field == 1);
    r->data_pos = ftell(r->f);
    r->data_line = r->line;
    if (r->data_pos < 0) {
        fail(r, "%s", "cannot re-read the file (not a regular file?)");
        goto out;
    }
    g->nv = (uint32_t)r->nv;
    g->row = calloc((size_t)r->nv + 1u, sizeof *g->row);
    if (!g->row) {
        rc = XL_EINTERNAL;
        snprintf(err, errlen, "graph_file '%s': out of memory for %llu nodes", path,
                 (unsigned long long)r->nv);
        goto out;
    }
    if (scan(r, g, 1) != XL_OK)
        goto out;
    for (uint32_t v = 0; v < g->nv; v++)
        g->row[v + 1u] += g->row[v];
    g->narcs = g->row[g->nv];
    if (g->narcs == 0 || g->narcs > XL_GRAPH_MAX_ARCS) {
        r->line = 0;
        fail(r, "%s", g->narcs ? "too many arcs" :
             "no arcs (Pannotia cannot create an empty col buffer)");
        goto out;
    }
    g->col = malloc(((size_t)g->narcs + 1u) * sizeof *g->col);
    if (r->keep_wt)
        g->wt = malloc(((size_t)g->narcs + 1u) * sizeof *g->wt);
    r->fill = malloc(((size_t)g->nv + 1u) * sizeof *r->fill);
    if (!g->col || (r->keep_wt && !g->wt) || !r->fill) {
        rc = XL_EINTERNAL;
        snprintf(err, errlen, "graph_file '%s': out of memory for %llu arcs", path,
                 (unsigned long long)g->narcs);
        goto out;
    }
    memcpy(r->fill, g->row, (size_t)g->nv * sizeof *r->fill);
    if (fseek(r->f, r->data_pos, SEEK_SET) != 0) {
        fail(r, "%s", "cannot re-read the file (not a regular file?)");
        goto out;
    }
    r->line = r->data_line;
    if (scan(r, g, 2) != XL_OK)
        goto out;
    for (uint32_t v = 0; v < g->nv; v++) {   /* every row filled exactly */
        if (r->fill[v] != g->row[v + 1u]) {
            r->line = 0;
            fail(r, "%s", "the file changed while being read");
            goto out;
        }
    }
    rc = XL_OK;
out:
    if (r->f)
        fclose(r->f);
    free(r->fill);
    free(r);
    if (rc != XL_OK)
        xl_graph_free(g);
    return rc;
}
