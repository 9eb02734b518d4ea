/*
 * graph.c - the seeded R-MAT graph behind the Pannotia workloads SSSP, MIS and Color
 * (spec seed-000-003 §4.2 "Regular workloads": "CSR graph ... give the gathers high
 * locality, e.g. an RMAT-like graph with vertex ordering giving <= 4 pages per
 * instruction"; §4.1: the graph codes are "fairly regular").
 *
 * The graph is built once per workload in create(), in host memory, as the two CSR
 * arrays Pannotia copies to the GPU: row_ptr (nv + 1 entries) and col_idx (narcs
 * entries). It is undirected: every generated edge {s, t} is stored as the two arcs
 * s->t and t->s, as Pannotia's parsers store the road networks (DIMACS lists both arc
 * directions) and the METIS graphs of MIS and Color (parsed with directed = 0).
 * Neighbour lists are sorted by vertex id, as in those input files. Duplicate edges
 * are kept (multi-edges, as the Graph500 R-MAT generator keeps them); self-loops are
 * redrawn.
 *
 * Why communities. Each edge is drawn by R-MAT recursion (Chakrabarti et al.,
 * a = 0.57, b = 0.19, c = 0.19, d = 0.05, as integer per-mille weights), one quadrant
 * per level, so the degree distribution is R-MAT's skewed one. A plain R-MAT graph has
 * no locality to find, however it is numbered: 38 % of its edges cross the top-level
 * halves (1 - a - d), so its gathers hit nearly one page per lane. Pannotia's real
 * inputs are the opposite: road networks number intersections geographically, and the
 * mesh and co-author graphs of MIS and Color number a region's or a group's vertices
 * together, so a vertex's neighbours sit a few hundred ids away, which fits the papers'
 * measurement of little translation overhead for these codes. The generator mirrors
 * this: vertex ids are split into communities of 2^log2_win consecutive ids (a road
 * region, an author group); each community draws its share of the edges, both
 * endpoints' offsets inside the community by R-MAT recursion (log2_win levels),
 * so ids follow R-MAT recursion order within each community, hubs sit at the start
 * of their community and neighbours are close. A fraction far_permille / 1000 of the
 * edges are long-range links whose target community is drawn uniformly too.
 *
 * Determinism: one xl_rng stream derived from (seed, "RMATGRPH"); quadrant choices use
 * base-1000 digits of 64-bit draws (six per draw; draws >= 18 * 10^18 are rejected so
 * every digit is uniform), so the graph depends only on the parameters and the seed.
 *
 * Shape: nv = ncomm * 2^log2_win vertices; communities get equal shares of the edges
 * (the first narcs/2 % ncomm one more). Memory: row_ptr 4 (nv + 1) B and col_idx
 * 4 narcs B are returned; while building, a second arc array and a fill counter exist
 * (for SSSP: 14 + 34 + 34 + 14 MB at the peak).
 */
#include "xlat/rng.h"
#include "xlat/types.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/graph.h"

/* R-MAT quadrant weights, per mille: a (0,0), b (0,1), c (1,0), d (1,1) as
 * (source bit, target bit). d = 1000 - a - b - c = 50. */
#define RMAT_A 570u
#define RMAT_B 190u
#define RMAT_C 190u

#define GRAPH_STREAM UINT64_C(0x524D415447525048)   /* "RMATGRPH" */
#define DIGITS_PER_DRAW 6u
#define DIGIT_SPAN UINT64_C(1000000000000000000)     /* 1000^6 = 10^18 */
#define DIGIT_LIMIT (UINT64_C(18) * DIGIT_SPAN)      /* largest multiple of 10^18 < 2^64 */

/* Uniform base-1000 digits from the rng. */
typedef struct {
    xl_rng_t rng;
    uint64_t r;      /* remaining digits of the current draw */
    unsigned left;   /* how many */
} digits_t;

static unsigned next_digit(digits_t *d)
{
    if (d->left == 0) {
        uint64_t r;
        do
            r = xl_rng_next(&d->rng);
        while (r >= DIGIT_LIMIT);
        d->r = r % DIGIT_SPAN;
        d->left = DIGITS_PER_DRAW;
    }
    unsigned v = (unsigned)(d->r % 1000u);
    d->r /= 1000u;
    d->left--;
    return v;
}

/* One edge of community cs: R-MAT offsets inside it (MSB first) for both endpoints;
 * the target community is cs unless the edge is long-range. Redrawn on a self-loop. */
static void draw_edge(digits_t *d, uint32_t cs, uint32_t ncomm, uint32_t log2_win,
                      uint32_t far_permille, uint32_t *s, uint32_t *t)
{
    for (;;) {
        uint32_t ct = cs;
        if (ncomm > 1u && next_digit(d) < far_permille)
            ct = (uint32_t)xl_rng_below(&d->rng, ncomm);
        uint32_t os = 0, ot = 0;
        for (uint32_t lvl = 0; lvl < log2_win; lvl++) {
            /* Quadrant by per-mille digit q: [0, a) (0,0); [a, a+b) (0,1); [a+b, a+b+c)
             * (1,0); [a+b+c, 1000) (1,1). Branch-free: the source bit is q >= a+b, the
             * target bit flips at each of the three boundaries. */
            unsigned q = next_digit(d);
            uint32_t ge_a = q >= RMAT_A, ge_ab = q >= RMAT_A + RMAT_B,
                     ge_abc = q >= RMAT_A + RMAT_B + RMAT_C;
            os = (os << 1) | ge_ab;
            ot = (ot << 1) | (ge_a ^ ge_ab ^ ge_abc);
        }
        *s = (cs << log2_win) | os;
        *t = (ct << log2_win) | ot;
        if (*s != *t)
            return;
    }
}

int xl_graph_rmat(uint32_t ncomm, uint32_t log2_win, uint32_t far_permille, uint64_t narcs,
                  uint64_t seed, uint32_t **row_ptr, uint32_t **col_idx, char *err,
                  size_t errlen)
{
    *row_ptr = NULL;
    *col_idx = NULL;
    /* at least two vertices per community (an edge needs two ends), nv < 2^31 */
    if (ncomm < 1u || log2_win < 1u || log2_win > 24u ||
        ncomm > (UINT32_C(1) << (31u - log2_win)) || far_permille > 1000u) {
        snprintf(err, errlen, "graph: bad shape (%u communities of 2^%u vertices, %u per "
                 "mille long-range)", ncomm, log2_win, far_permille);
        return XL_EINPUT;
    }
    if (narcs == 0 || (narcs & 1u) || narcs > UINT32_MAX) {
        snprintf(err, errlen, "graph: arc count %llu must be even and in 2..2^32-2",
                 (unsigned long long)narcs);
        return XL_EINPUT;
    }
    const uint32_t nv = ncomm << log2_win;
    const uint64_t nedges = narcs / 2u;
    uint32_t *rp = calloc((size_t)nv + 1u, sizeof *rp);
    uint32_t *ci = malloc((size_t)narcs * sizeof *ci);
    uint32_t *edges = malloc((size_t)narcs * sizeof *edges);   /* s0 t0 s1 t1 ... */
    uint32_t *fill = NULL;
    if (!rp || !ci || !edges) {
        free(rp);
        free(ci);
        free(edges);
        snprintf(err, errlen, "graph: out of memory for %llu arcs", (unsigned long long)narcs);
        return XL_EINTERNAL;
    }

    digits_t d;
    memset(&d, 0, sizeof d);
    xl_rng_derive(&d.rng, seed, GRAPH_STREAM);
    /* Communities get equal shares of the edges (the first nedges % ncomm one more),
     * generated community by community so that the counting and placement passes
     * below write to one community's part of the arrays at a time. */
    uint64_t e = 0;
    for (uint64_t c = 0; c < ncomm; c++) {
        uint64_t m = nedges / ncomm + (c < nedges % ncomm ? 1u : 0u);
        for (uint64_t i = 0; i < m; i++, e++) {
            uint32_t s, t;
            draw_edge(&d, (uint32_t)c, ncomm, log2_win, far_permille, &s, &t);
            edges[2u * e] = s;
            edges[2u * e + 1u] = t;
            rp[s + 1u]++;   /* degree counts, shifted by one for the prefix sum */
            rp[t + 1u]++;
        }
    }
    for (uint32_t v = 0; v < nv; v++)
        rp[v + 1u] += rp[v];

    /* Place both arcs of every edge: a counting sort by source vertex. */
    fill = malloc((size_t)nv * sizeof *fill);
    if (!fill) {
        free(rp);
        free(ci);
        free(edges);
        snprintf(err, errlen, "graph: out of memory for %u vertices", nv);
        return XL_EINTERNAL;
    }
    memcpy(fill, rp, (size_t)nv * sizeof *fill);
    for (uint64_t k = 0; k < nedges; k++) {
        uint32_t s = edges[2u * k], t = edges[2u * k + 1u];
        ci[fill[s]++] = t;
        ci[fill[t]++] = s;
    }
    /* Neighbour lists in increasing id, as the input files list them: transpose once.
     * Walking u = 0, 1, ... and appending u to the list of each neighbour v of u fills
     * every list in increasing order, and since the arcs are symmetric (u->v for each
     * v->u) the transposed lists are the same multisets. The edge list's memory holds
     * the result. */
    memcpy(fill, rp, (size_t)nv * sizeof *fill);
    for (uint32_t u = 0; u < nv; u++)
        for (uint32_t i = rp[u]; i < rp[u + 1u]; i++)
            edges[fill[ci[i]]++] = u;
    free(fill);
    free(ci);
    ci = edges;
    *row_ptr = rp;
    *col_idx = ci;
    return XL_OK;
}
