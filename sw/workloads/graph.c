/*
 * graph.c - the seeded graphs behind the Pannotia workloads SSSP, MIS and Color: graphs of
 * the kind of the real inputs Pannotia runs (a road network, a 2-D mesh, a circuit;
 * pannotia.c says which code runs on which and why), and the community R-MAT graph of
 * the earlier model (workload.graph = rmat). Real graph files are read by graph_io.c.
 *
 * Every generator builds, once per workload in create(), the CSR arrays Pannotia copies
 * to the GPU: row (nv + 1 entries) and col (one entry per arc). Each graph is undirected
 * and stored as both arcs of every edge, as Pannotia's inputs hold them: the DIMACS road
 * files list every road in both directions (USA-road-d.NY.gr begins "a 1 2 803",
 * "a 2 1 803", ...) and the METIS files of MIS and Color (ecology1.graph,
 * G3_circuit.graph, shipped with Pannotia, its README) list each neighbour on both sides.
 * Neighbour lists are in increasing id. No generator makes a self loop or a duplicate
 * link, except R-MAT (below). Integer arithmetic and the project's xorshift rng only.
 *
 * ---- Road network (xl_graph_road): USA-road-d, the DIMACS 9th Challenge road graphs ----
 * Published figures. The Challenge's road graphs are TIGER/Line road networks, "graph
 * contains N nodes and M arcs" with both directions of a road as two arcs (the .gr files'
 * own header and lines). Per region: NY 264,346 nodes / 733,846 arcs, NW 1,207,945 /
 * 2,840,208, LKS 2,758,119 / 6,885,658, USA 23,947,347 / 58,333,344 (the Challenge's
 * download page, as its tables are reproduced in many users' READMEs). Degrees (arcs out
 * of a node): NW's maximum out- and in-degree is 9 (KONECT dimacs9-NW); the share of nodes
 * by degree 1 / 2 / 3 / 4 / 5 / 6+ is 19.81 / 28.87 / 39.76 / 11.14 / 0.32 / 0.10 % for
 * USA and 17.25 / 30.53 / 38.32 / 13.26 / 0.46 / 0.16 % for LKS, no node has degree 0
 * (a published degree count of the Challenge files, blog.goo.ne.jp/u1low_cheap,
 * 2009-08-03). Mean degree: 2.351 (NW), 2.436 (USA). The graphs are connected (KONECT:
 * largest connected component = all nodes) and nearly planar (roads meet at junctions).
 * The DIMACS counts include a few parallel arcs (KONECT, which drops them, has 2,820,774
 * arcs for NW); the generated network has none and exactly the DIMACS arc count.
 * Construction. Intersections sit on a near-square lattice, W = ceil(sqrt(nv)) sites a
 * row (the last row partial). The candidate roads are the lattice links (right, down)
 * plus, in ROAD_DIAG_PERMIL per mille of the lattice cells, one diagonal of random
 * orientation, so the graph stays planar and no node can exceed degree 8. The candidates
 * are taken in one seeded random order (Fisher-Yates): a candidate joining two separate
 * pieces (union-find) is built - this is Kruskal's algorithm on random weights, so the
 * first nv - 1 built roads form a spanning tree and the network is connected with every
 * degree >= 1 - and a candidate closing a cycle is built while the count of such extra
 * roads is below narcs / 2 - (nv - 1). The result has exactly narcs arcs. [INF] The
 * model and ROAD_DIAG_PERMIL are ours: the diagonal share is set so that, at USA's mean
 * degree, about 0.4 % of the nodes have degree >= 5 (USA: 0.42 %; the model at USA's
 * mean: 0.43 %). Measured with seed 1 at NW's counts (t13_workload_regular): degree
 * 1 / 2 / 3 / 4 / >=5 for 19.95 / 36.70 / 31.99 / 11.00 / 0.36 % of the nodes, the
 * largest 6, so 56.7 % have degree <= 2, against USA's 48.7 % at a higher mean degree
 * (2.44 against NW's 2.35: fewer links leave more dead ends and chains). At the same mean
 * the model gives 52.7 % (USA 48.7 %); at LKS's counts 49.9 % (LKS 47.8 %). The model has
 * fewer degree-3 junctions and more degree-2 nodes than the published counts.
 * Numbering. DIMACS ids follow the source data: the first lines of USA-road-d.NY.gr
 * ("a 1 2", "a 3 4", "a 5 6", "a 7 8", "a 9 10", "a 9 11") number nodes as the road
 * segments that reach them are listed, and the TIGER/Line data are distributed one file
 * per county (U.S. Census Bureau). [INF] We number county block by county block (blocks
 * of ROAD_COUNTY_SIDE^2 sites, row-major over the map: 23,947,347 USA nodes / 3,109
 * counties of the 48 contiguous states = 7,703 nodes, side 88), and inside a block in
 * depth-first order along its roads from its first site, so a node's ids run along a
 * road and its cross roads get ids from elsewhere in the same county. Neighbour ids are
 * therefore mostly within a block (7,744 ids, 31 KB of an int array, 8 pages) and
 * sometimes a block row away. This numbering is the assumption with the most influence on
 * pages per gather; workload.graph_file runs a real .gr file instead.
 *
 * ---- 2-D mesh (xl_graph_mesh): SuiteSparse McRae/ecology1 ----
 * Published figures: 1,000,000 rows, 4,996,000 nonzeros, symmetric (SuiteSparse Matrix
 * Collection; the same counts in the SpMV and solver tables that use it). 4,996,000 is
 * exactly the 5-point stencil of a 1000 x 1000 grid: 1,000,000 diagonal entries plus
 * 2 (2 * 1000 * 999) links; an a x b grid with ab = 10^6 has 5ab - 2(a + b) entries, so
 * a + b = 2000 and a = b = 1000. Pannotia's ecology1.graph (METIS) holds the links
 * without the diagonal: 3,996,000 arcs, degree 2 at the 4 corners, 3 on the 3,992 other
 * border nodes, 4 on the 996,004 interior ones. Ids are row-major (node r * 1000 + c):
 * the matrix is a raster of landscape cells. [INF] The order is not stated by the
 * collection; the sister matrix ecology2 (999,999 rows) has 3,998 levels in its
 * triangular solves (Li & Zhang, "Efficient parallel implementations of sparse triangular
 * solves for GPU architectures", Table 4), twice the 1000 + 1000 - 1 levels of a
 * row-major 1000 x 1000 grid per sweep (their formula nx + ny + nz - 2 for a grid), which
 * fits a raster order and not a scattered one.
 *
 * ---- Circuit (xl_graph_circuit): SuiteSparse AMD/G3_circuit ----
 * Published figures: 1,585,478 rows, 7,660,826 nonzeros (SuiteSparse; "Circuit Simulation
 * Problem"), symmetric positive definite, stored as 4,623,152 entries of one triangle
 * (as Matrix Market files store a symmetric matrix): (7,660,826 + n) / 2 = 4,623,152
 * means all 1,585,478 diagonal entries are present, so the graph has 6,075,348 arcs
 * (3,037,674 links), 3.83 per node. The same solver table gives 5,188 levels for its
 * triangular solves (2,594 a sweep), close to the 2,518 of a row-major 1260 x 1259 grid.
 * [INF] We found no published degree distribution or drawing description, so the model is
 * the simplest graph with these counts and that level structure: a W = ceil(sqrt(nv))
 * lattice in row-major order (a power grid laid out as the matrix orders it) with
 * randomly chosen links missing, none removed from a node with a single link left.
 * Degrees 1..4, nearly all 3 or 4.
 *
 * ---- Community R-MAT (xl_graph_rmat), workload.graph = rmat, unchanged ----
 * The earlier model's graph (docs/isca18-micro18.md §4.2 "Regular workloads": "CSR graph ...
 * give the gathers high locality, e.g. an RMAT-like graph with vertex ordering giving
 * <= 4 pages per instruction"; §4.1: the graph codes are "fairly regular"). Duplicate
 * edges are kept (multi-edges, as the Graph500 R-MAT generator keeps them); self-loops
 * are redrawn. Each edge is drawn by R-MAT recursion (Chakrabarti et al., a = 0.57,
 * b = 0.19, c = 0.19, d = 0.05, as integer per-mille weights), one quadrant per level, so
 * the degree distribution is R-MAT's skewed one. A plain R-MAT graph has no locality to
 * find, however it is numbered: 38 % of its edges cross the top-level halves (1 - a - d),
 * so its gathers hit nearly one page per lane. The generator therefore splits ids into
 * communities of 2^log2_win consecutive ids; each community draws its share of the edges,
 * both endpoints' offsets inside the community by R-MAT recursion (log2_win levels), so
 * ids follow R-MAT recursion order within each community, hubs sit at the start of their
 * community and neighbours are close. A fraction far_permille / 1000 of the edges are
 * long-range links whose target community is drawn uniformly too. Its degrees are not
 * those of Pannotia's inputs: at 2.44 arcs a node 73-81 % of the nodes have degree <= 2
 * and the largest has several hundred (issue 15).
 * Determinism: one xl_rng stream derived from (seed, "RMATGRPH"); quadrant choices use
 * base-1000 digits of 64-bit draws (six per draw; draws >= 18 * 10^18 are rejected so
 * every digit is uniform), so the graph depends only on the parameters and the seed.
 * Shape: nv = ncomm * 2^log2_win vertices; communities get equal shares of the edges
 * (the first narcs/2 % ncomm one more). Memory: row_ptr 4 (nv + 1) B and col_idx
 * 4 narcs B are returned; while building, a second arc array and a fill counter exist.
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

/* ---- shared by the input-kind generators ------------------------------------------- */

void xl_graph_free(xl_graph_t *g)
{
    if (!g)
        return;
    free(g->row);
    free(g->col);
    free(g->wt);
    memset(g, 0, sizeof *g);
}

/* ceil(sqrt(n)) for n >= 1, in integers. */
static uint32_t ceil_sqrt(uint32_t n)
{
    uint32_t r = 1;
    while ((uint64_t)r * r < n)
        r++;
    return r;
}

/* Fisher-Yates shuffle of a[0..n-1] from the rng. */
static void shuffle_u32(uint32_t *a, uint64_t n, xl_rng_t *rng)
{
    for (uint64_t i = n; i > 1; i--) {
        uint64_t j = xl_rng_below(rng, i);
        uint32_t t = a[i - 1u];
        a[i - 1u] = a[j];
        a[j] = t;
    }
}

/* CSR of the undirected graph with nedges links ed[2k] - ed[2k+1] (ids < nv, relabelled
 * through map[] when map is not NULL): both arcs of each link, every list sorted by id. */
static int csr_from_links(uint32_t nv, uint64_t nedges, const uint32_t *ed, const uint32_t *map,
                          xl_graph_t *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->nv = nv;
    g->narcs = 2u * nedges;
    g->row = calloc((size_t)nv + 1u, sizeof *g->row);
    g->col = malloc((size_t)g->narcs * sizeof *g->col);
    if (!g->row || !g->col) {
        xl_graph_free(g);
        snprintf(err, errlen, "graph: out of memory for %llu arcs",
                 (unsigned long long)(2u * nedges));
        return XL_EINTERNAL;
    }
    for (uint64_t k = 0; k < nedges; k++) {
        uint32_t a = ed[2u * k], b = ed[2u * k + 1u];
        if (map) {
            a = map[a];
            b = map[b];
        }
        g->row[a + 1u]++;
        g->row[b + 1u]++;
    }
    for (uint32_t v = 0; v < nv; v++)
        g->row[v + 1u] += g->row[v];
    /* place: row[v] runs as v's fill cursor and ends at v's end = row[v+1]'s start */
    for (uint64_t k = 0; k < nedges; k++) {
        uint32_t a = ed[2u * k], b = ed[2u * k + 1u];
        if (map) {
            a = map[a];
            b = map[b];
        }
        g->col[g->row[a]++] = b;
        g->col[g->row[b]++] = a;
    }
    for (uint32_t v = nv; v > 0; v--)
        g->row[v] = g->row[v - 1u];
    g->row[0] = 0;
    for (uint32_t v = 0; v < nv; v++) {   /* short lists: insertion sort */
        uint32_t *l = g->col + g->row[v];
        uint32_t n = g->row[v + 1u] - g->row[v];
        for (uint32_t i = 1; i < n; i++) {
            uint32_t x = l[i], j = i;
            for (; j > 0 && l[j - 1u] > x; j--)
                l[j] = l[j - 1u];
            l[j] = x;
        }
    }
    return XL_OK;
}

/* ---- 2-D mesh ------------------------------------------------------------------------ */

int xl_graph_mesh(uint32_t rows, uint32_t cols, xl_graph_t *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (rows < 1u || cols < 1u || (uint64_t)rows * cols < 2u ||
        (uint64_t)rows * cols > XL_GRAPH_MAX_VERTICES) {
        snprintf(err, errlen, "graph: bad mesh shape %u x %u", rows, cols);
        return XL_EINPUT;
    }
    const uint32_t nv = rows * cols;
    const uint64_t narcs = 2u * ((uint64_t)rows * (cols - 1u) + (uint64_t)(rows - 1u) * cols);
    if (narcs > XL_GRAPH_MAX_ARCS) {
        snprintf(err, errlen, "graph: bad mesh shape %u x %u (too many arcs)", rows, cols);
        return XL_EINPUT;
    }
    g->nv = nv;
    g->narcs = narcs;
    g->row = malloc(((size_t)nv + 1u) * sizeof *g->row);
    g->col = malloc((size_t)narcs * sizeof *g->col);
    if (!g->row || !g->col) {
        xl_graph_free(g);
        snprintf(err, errlen, "graph: out of memory for %llu arcs", (unsigned long long)narcs);
        return XL_EINTERNAL;
    }
    uint32_t e = 0;
    for (uint32_t r = 0; r < rows; r++) {
        for (uint32_t c = 0; c < cols; c++) {
            uint32_t v = r * cols + c;
            g->row[v] = e;
            if (r > 0)                /* in increasing id: up, left, right, down */
                g->col[e++] = v - cols;
            if (c > 0)
                g->col[e++] = v - 1u;
            if (c + 1u < cols)
                g->col[e++] = v + 1u;
            if (r + 1u < rows)
                g->col[e++] = v + cols;
        }
    }
    g->row[nv] = e;
    return XL_OK;
}

/* ---- road network -------------------------------------------------------------------- */

#define ROAD_STREAM      UINT64_C(0x524F41444E455457)   /* "ROADNETW" */
#define ROAD_DIAG_PERMIL 30u   /* lattice cells that offer a diagonal road, per mille */
#define ROAD_COUNTY_SIDE 88u   /* a county block is 88 x 88 lattice sites */

static uint32_t uf_find(uint32_t *par, uint32_t x)
{
    while (par[x] != x) {
        par[x] = par[par[x]];   /* path halving */
        x = par[x];
    }
    return x;
}

/* Candidate road k (site << 2 | type) -> its two lattice sites. */
static void road_ends(uint32_t k, uint32_t w, uint32_t *a, uint32_t *b)
{
    uint32_t s = k >> 2;
    switch (k & 3u) {
    case 0: *a = s; *b = s + 1u; break;             /* right */
    case 1: *a = s; *b = s + w; break;              /* down */
    case 2: *a = s; *b = s + w + 1u; break;         /* diagonal "\" */
    default: *a = s + 1u; *b = s + w; break;        /* diagonal "/" */
    }
}

/* Depth-first numbering of the sites, county block by county block (see the file
 * comment). adj is the CSR over site ids; newid[] receives the numbering. */
static int road_number(uint32_t nv, uint32_t w, const xl_graph_t *adj, uint32_t *newid)
{
    const uint32_t h = (nv + w - 1u) / w, side = ROAD_COUNTY_SIDE;
    const uint32_t bw = (w + side - 1u) / side, bh = (h + side - 1u) / side;
    uint32_t *stk = malloc((size_t)side * side * 2u * sizeof *stk);   /* (site, next arc) */
    if (!stk)
        return XL_EINTERNAL;
    for (uint32_t i = 0; i < nv; i++)
        newid[i] = UINT32_MAX;
    uint32_t next = 0;
    for (uint32_t by = 0; by < bh; by++) {
        for (uint32_t bx = 0; bx < bw; bx++) {
            const uint32_t r0 = by * side, c0 = bx * side;
            const uint32_t r1 = r0 + side < h ? r0 + side : h, c1 = c0 + side < w ? c0 + side : w;
            for (uint32_t r = r0; r < r1; r++) {
                for (uint32_t c = c0; c < c1; c++) {
                    uint32_t s = r * w + c;
                    if (s >= nv || newid[s] != UINT32_MAX)
                        continue;
                    uint32_t sp = 0;
                    newid[s] = next++;
                    stk[0] = s;
                    stk[1] = adj->row[s];
                    sp = 1;
                    while (sp > 0) {
                        uint32_t u = stk[2u * (sp - 1u)], e = stk[2u * (sp - 1u) + 1u];
                        if (e == adj->row[u + 1u]) {
                            sp--;
                            continue;
                        }
                        stk[2u * (sp - 1u) + 1u] = e + 1u;
                        uint32_t x = adj->col[e], xr = x / w, xc = x % w;
                        if (newid[x] != UINT32_MAX || xr < r0 || xr >= r1 || xc < c0 || xc >= c1)
                            continue;   /* seen, or in another county block */
                        newid[x] = next++;
                        stk[2u * sp] = x;
                        stk[2u * sp + 1u] = adj->row[x];
                        sp++;
                    }
                }
            }
        }
    }
    free(stk);
    return XL_OK;
}

int xl_graph_road(uint32_t nv, uint64_t narcs, uint64_t seed, xl_graph_t *g, char *err,
                  size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (nv < 2u || nv > XL_GRAPH_MAX_VERTICES / 4u || (narcs & 1u) ||
        narcs / 2u < (uint64_t)nv - 1u || narcs > XL_GRAPH_MAX_ARCS) {
        snprintf(err, errlen, "graph: no road network of %u nodes and %llu arcs (need an even "
                 "arc count of at least 2 (nodes - 1))", nv, (unsigned long long)narcs);
        return XL_EINPUT;
    }
    const uint32_t w = ceil_sqrt(nv);
    const uint64_t nedges = narcs / 2u, nextra = nedges - (nv - 1u);
    xl_rng_t rng;
    xl_rng_derive(&rng, seed, ROAD_STREAM);
    uint32_t *cand = malloc((size_t)nv * 3u * sizeof *cand);
    uint32_t *par = malloc((size_t)nv * sizeof *par);
    uint32_t *size = calloc(nv, sizeof *size);
    uint32_t *ed = malloc((size_t)nedges * 2u * sizeof *ed);
    uint32_t *newid = NULL;
    xl_graph_t adj;
    memset(&adj, 0, sizeof adj);
    int rc = XL_EINTERNAL, oom = 0;
    if (!cand || !par || !size || !ed) {
        oom = 1;
        goto out;
    }
    uint64_t nc = 0;
    for (uint32_t s = 0; s < nv; s++) {
        uint32_t c = s % w;
        if (c + 1u < w && s + 1u < nv)
            cand[nc++] = s << 2;
        if ((uint64_t)s + w < nv)
            cand[nc++] = (s << 2) | 1u;
        if (c + 1u < w && (uint64_t)s + w + 1u < nv) {
            uint64_t x = xl_rng_next(&rng);
            if ((x >> 32) % 1000u < ROAD_DIAG_PERMIL)
                cand[nc++] = (s << 2) | (2u + (uint32_t)(x & 1u));
        }
    }
    if (nedges > nc) {
        snprintf(err, errlen, "graph: %llu roads do not fit a %u-wide lattice of %u nodes",
                 (unsigned long long)nedges, w, nv);
        rc = XL_EINPUT;
        goto out;
    }
    shuffle_u32(cand, nc, &rng);
    for (uint32_t i = 0; i < nv; i++)
        par[i] = i;
    uint64_t ne = 0, extra = 0;
    for (uint64_t i = 0; i < nc && ne < nedges; i++) {
        uint32_t a, b;
        road_ends(cand[i], w, &a, &b);
        uint32_t ra = uf_find(par, a), rb = uf_find(par, b);
        if (ra != rb) {             /* joins two pieces: a tree road */
            if (size[ra] < size[rb]) {
                uint32_t t = ra;
                ra = rb;
                rb = t;
            }
            par[rb] = ra;
            size[ra] += size[rb] + 1u;
        } else if (extra < nextra) {   /* closes a cycle: one of the extra roads */
            extra++;
        } else {
            continue;
        }
        ed[2u * ne] = a;
        ed[2u * ne + 1u] = b;
        ne++;
    }
    free(cand);
    cand = NULL;
    free(size);
    size = NULL;
    free(par);
    par = NULL;
    if (ne != nedges) {   /* the lattice is connected, so the tree always completes */
        snprintf(err, errlen, "graph: internal: %llu of %llu roads built",
                 (unsigned long long)ne, (unsigned long long)nedges);
        goto out;
    }
    /* number along the roads, county block by county block */
    rc = csr_from_links(nv, nedges, ed, NULL, &adj, err, errlen);
    if (rc != XL_OK)
        goto out;
    rc = XL_EINTERNAL;
    newid = malloc((size_t)nv * sizeof *newid);
    if (!newid || road_number(nv, w, &adj, newid) != XL_OK) {
        oom = 1;
        goto out;
    }
    xl_graph_free(&adj);
    rc = csr_from_links(nv, nedges, ed, newid, g, err, errlen);
out:
    if (oom)
        snprintf(err, errlen, "graph: out of memory for a road network of %u nodes", nv);
    free(cand);
    free(par);
    free(size);
    free(ed);
    free(newid);
    xl_graph_free(&adj);
    return rc;
}

/* ---- circuit --------------------------------------------------------------------------- */

#define CIRCUIT_STREAM UINT64_C(0x4349524355495431)   /* "CIRCUIT1" */

int xl_graph_circuit(uint32_t nv, uint64_t narcs, uint64_t seed, xl_graph_t *g, char *err,
                     size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (nv < 2u || nv > XL_GRAPH_MAX_VERTICES / 2u || (narcs & 1u) || narcs == 0) {
        snprintf(err, errlen, "graph: no circuit of %u nodes and %llu arcs", nv,
                 (unsigned long long)narcs);
        return XL_EINPUT;
    }
    const uint32_t w = ceil_sqrt(nv);
    /* the lattice links: right (site << 1) and down (site << 1 | 1) */
    uint64_t m0 = 0;
    for (uint32_t s = 0; s < nv; s++)
        m0 += (s % w + 1u < w && s + 1u < nv) + ((uint64_t)s + w < nv);
    const uint64_t nedges = narcs / 2u;
    if (nedges > m0) {
        snprintf(err, errlen, "graph: %llu links do not fit a %u-wide grid of %u nodes",
                 (unsigned long long)nedges, w, nv);
        return XL_EINPUT;
    }
    uint32_t *link = malloc((size_t)m0 * sizeof *link);
    uint8_t *deg = calloc(nv, 1);
    uint8_t *gone = calloc((size_t)nv * 2u, 1);   /* by link id (site << 1 | down) */
    uint32_t *ed = malloc((size_t)nedges * 2u * sizeof *ed);
    int rc = XL_EINTERNAL;
    if (!link || !deg || !gone || !ed) {
        snprintf(err, errlen, "graph: out of memory for a circuit of %u nodes", nv);
        goto out;
    }
    uint64_t n = 0;
    for (uint32_t s = 0; s < nv; s++) {
        if (s % w + 1u < w && s + 1u < nv) {
            link[n++] = s << 1;
            deg[s]++;
            deg[s + 1u]++;
        }
        if ((uint64_t)s + w < nv) {
            link[n++] = (s << 1) | 1u;
            deg[s]++;
            deg[s + w]++;
        }
    }
    xl_rng_t rng;
    xl_rng_derive(&rng, seed, CIRCUIT_STREAM);
    shuffle_u32(link, m0, &rng);
    uint64_t drop = m0 - nedges;
    for (uint64_t i = 0; i < m0 && drop > 0; i++) {
        uint32_t s = link[i] >> 1, t = (link[i] & 1u) ? s + w : s + 1u;
        if (deg[s] < 2u || deg[t] < 2u)
            continue;   /* never a node's last link */
        deg[s]--;
        deg[t]--;
        gone[link[i]] = 1;
        drop--;
    }
    if (drop > 0) {
        snprintf(err, errlen, "graph: cannot remove %llu more links from the %u-node grid "
                 "without isolating a node", (unsigned long long)drop, nv);
        rc = XL_EINPUT;
        goto out;
    }
    /* the remaining links in row-major order of their first node */
    n = 0;
    for (uint32_t s = 0; s < nv; s++) {
        if (s % w + 1u < w && s + 1u < nv && !gone[s << 1]) {
            ed[2u * n] = s;
            ed[2u * n + 1u] = s + 1u;
            n++;
        }
        if ((uint64_t)s + w < nv && !gone[(s << 1) | 1u]) {
            ed[2u * n] = s;
            ed[2u * n + 1u] = s + w;
            n++;
        }
    }
    rc = csr_from_links(nv, nedges, ed, NULL, g, err, errlen);
out:
    free(link);
    free(deg);
    free(gone);
    free(ed);
    return rc;
}
