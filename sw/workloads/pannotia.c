/*
 * pannotia.c - the Pannotia graph codes SSSP, MIS and Color (OpenCL CSR versions:
 * sssp_csr kernel_csr.cl, mis kernel.cl, color kernel_max.cl), docs/isca18-micro18.md §4.1
 * (footprints, "fairly regular") and §4.2 "Regular workloads": "CSR graph. Coalesced
 * row-pointer and frontier reads, plus gathers of neighbour data".
 *
 * One work-item per vertex, as in Pannotia. A lane reads row[tid] and row[tid+1]
 * (coalesced: 64 lanes, 256 B), then walks its own edge list: per edge a col[e] load
 * (the wave's lanes sit in adjacent edge lists: one or two pages) and gathers of
 * neighbour data by col[e]. Trip counts differ per lane, so the loop runs for the wave's
 * largest degree and lanes leave the mask as their lists end. Pannotia rounds the NDRange
 * up to whole work-groups and every kernel starts with `if (tid < num_nodes)`
 * (kernel_csr.cl, kernel.cl, kernel_max.cl), so lanes past the last vertex are masked
 * off and a wavefront with none left issues nothing.
 *
 * Data-dependent masks come from the algorithm itself: create() runs the kernels'
 * semantics on the host for the fixed iteration count and keeps one byte per vertex
 * (the iteration at which its state changed), so which lanes enter an `if`, which
 * neighbours pass `c_array[col] == -1` and which lanes store follow the algorithm.
 * Node values are distinct 64-bit keys from the seed (Pannotia draws rand()/RAND_MAX
 * floats; only their order matters). SSSP weights: a graph file's own (graph_io.c); for
 * a generated graph 1..100, equal both ways (not road distances: they only decide which
 * distances change within the four iterations).
 *
 * Inputs (workload.graph = input, the default). ISCA'18 names neither the inputs nor
 * their sizes; Table II gives footprints only (SSSP 104.32, MIS 72.38, Color 26.68 MB).
 * Pannotia's own scripts: graph_app/sssp/makefile runs sssp_csr on USA-road-d.NW.gr
 * (DIMACS format, "0"), and dataset/sssp/readme says the NW (Northwest) and NY (New York)
 * distance graphs of the DIMACS 9th Challenge are the ones tested. graph_app/mis/makefile
 * and graph_app/color/makefile each run both ecology1.graph and G3_circuit.graph (METIS,
 * "1"), which Pannotia ships (its README: from the SuiteSparse collection). So SSSP runs
 * on USA-road-d.NW. For MIS and Color the scripts do not decide; Table II does, through
 * the buffers below: MIS on G3_circuit 59.46 MB, on ecology1 38.13 MB; Color on ecology1
 * 30.50 MB, on G3_circuit 47.37 MB. Table II has MIS 2.7 times Color; only MIS =
 * G3_circuit, Color = ecology1 keeps that order and is the nearer for each (-18 % and
 * +14 %, against -47 % and +78 % the other way round). (A gem5 test script of third
 * parties runs both on ecology1; it does not concern the paper.) graph.c generates a graph
 * of each input's kind with its published counts and documents the sources: a road
 * network (USA-road-d.NW: 1,207,945 nodes, 2,840,208 arcs), a 1000 x 1000 5-point mesh
 * (ecology1: 1,000,000 nodes, 3,996,000 arcs) and a circuit (G3_circuit: 1,585,478
 * nodes, 6,075,348 arcs). workload.graph_file reads a real file instead (graph_io.c;
 * when set it wins over workload.graph);
 * workload.graph = rmat selects the earlier model's community R-MAT graphs, sized to
 * Table II's footprints exactly (V, E below), unchanged bit for bit.
 * Footprints therefore follow the real inputs and do not match Table II: SSSP 35.49 MB
 * against 104.32 (no DIMACS region fits: the nearest, E with 3,598,623 nodes and
 * 8,778,114 arcs, gives 108.15 MB, LKS 84.10), MIS 59.46 against 72.38, Color 30.50
 * against 26.68. Nothing we tried derives Table II's figures: sssp_csr on NW or NY
 * (8.62 MB) or on any DIMACS region, sssp_ell (8 H V + 8 V + 4 B with H the largest
 * in-degree: about 92 MB for NW, whose largest degree is 9), or either pairing of the two
 * METIS inputs for MIS and Color; the paper does not say how it measured footprints. We
 * keep the published counts of the inputs Pannotia documents rather than resize them to
 * figures we cannot derive.
 * Edge loops (measured over the loop kernel of iteration 0, t13_workload_regular): road
 * 4.2 trips a wavefront at 56 % lane use, circuit 4.0 at 96 %, mesh 4.0 at 99.9 %; the
 * R-MAT graphs take 30-49 trips at 8 %. Gathers touch 1.7, 1.6 and 1.1 pages on average.
 *
 * Kernels and device arrays, in clCreateBuffer order (V vertices, E arcs):
 *   SSSP  row (V+1) col (E) data (E) stop (1) vector1 (V) vector2 (V), all int:
 *         12 V + 8 E + 8 B. USA-road-d.NW: 12 * 1,207,945 + 8 * 2,840,208 + 8 =
 *         37,217,012 B = 35.49 MB (rmat: V = 1696 * 2048 = 3,473,408, E = 8,463,318 ->
 *         109,387,448 B = 104.32 MB). Work-groups of 64 (18,875; rmat 54,272).
 *         vector_init, then per iteration vector_assign, spmv_min_dot_plus (the
 *         Bellman-Ford relax y[v] = min(x[v], data[e] + x[col[e]]), row v holding the
 *         arcs into v) and vector_diff; source vertex 0. 4 iterations: 13 kernels.
 *   MIS   row (V) col (E) stop (1) min_array c_array cu_array s_array node_value (V):
 *         24 V + 4 E + 4 B. G3_circuit: 24 * 1,585,478 + 4 * 6,075,348 + 4 =
 *         62,352,868 B = 59.46 MB (rmat: V = 927 * 2048 = 1,898,496, E = 7,583,006 ->
 *         75,895,932 B = 72.38 MB). Work-groups of 128 (12,387; rmat 14,832). init, then
 *         per iteration mis1 (min over unprocessed neighbours), mis2 (join the set,
 *         deactivate neighbours), mis3. 3 iterations: 10 kernels.
 *   Color row (V) col (E) stop (1) color node_value max (V): 16 V + 4 E + 4 B.
 *         ecology1: 16 * 1,000,000 + 4 * 3,996,000 + 4 = 31,984,004 B = 30.50 MB
 *         (rmat: V = 427 * 2048 = 874,496, E = 3,496,018 -> 27,976,012 B = 26.68 MB).
 *         Work-groups of 256 (3,907; rmat 3,416). Per iteration color (max over
 *         uncoloured neighbours) and color2. 4 iterations: 8 kernels.
 * (R-MAT history: a first choice, 2^20 vertices with R-MAT's usual 12 arcs per vertex,
 * gave each wavefront a private col/data stream of 2.9 KB per array; the 320 resident
 * wavefronts then kept more pages live than the 512-entry L2 TLB holds: SSSP measured
 * 76 % L2 TLB misses and twice the IDEAL run time at scale 0.1, not the "little
 * overhead" the papers report. The rmat sizes above use 2.44 and 4 arcs per vertex.)
 * The real codes iterate to convergence; the iteration counts here are fixed (above)
 * so that a run has a known length.
 *
 * Static instruction ids (pc = position in the kernel):
 *   vector_init 0 ALU, 1 ST vector1, 2 ST vector2; vector_assign 0 LD vector2,
 *   1 ST vector1; vector_diff 0 LD vector1, 1 LD vector2, 2 ALU, 3 ST stop;
 *   spmv 0 LD row[tid], 1 LD row[tid+1], 2 LD x[tid], loop { 3 LD col[e], 4 LD data[e],
 *   5 LD x[col[e]], 6 ALU }, 7 ST y[tid];
 *   mis init 0..2 ST c, cu, s; mis1 0 LD c[tid], 1 ST stop, 2 LD row[tid],
 *   3 LD row[tid+1], 4 ALU, loop { 5 LD col, 6 LD c[col], 7 LD node_value[col], 8 ALU },
 *   9 ST min_array; mis2 0 LD node_value, 1 LD min_array, 2 ALU, 3 LD c[tid],
 *   4 ST s, 5 LD row[tid], 6 LD row[tid+1], 7 ST c[tid], loop { 8 LD col, 9 LD c[col],
 *   10 ST cu[col], 11 ALU }; mis3 0 LD cu, 1 ALU, 2 ST c;
 *   color 0 LD color[tid], 1 LD row[tid], 2 LD row[tid+1], 3 ALU, loop { 4 LD col,
 *   5 LD color[col], 6 ST stop, 7 LD node_value[col], 8 ALU }, 9 ST max;
 *   color2 0 LD color, 1 LD node_value, 2 LD max, 3 ALU, 4 ST color.
 * A memory instruction whose mask would be empty is not issued (the hardware skips a
 * branch no lane takes).
 *
 * PageRank (prk, MICRO'21 Table 2; Pannotia graph_app/prk): row (V+1) col data (E)
 * page_rank1 page_rank2 (V), ints and floats: 12 V + 8 E + 4 B. Input: Pannotia runs
 * coAuthorsDBLP (a co-authorship graph, 299,067 vertices, 977,676 edges, both directions
 * stored); generated as the community R-MAT graph at its counts (146 communities of 2,048:
 * 299,008 vertices, 1,955,352 arcs): 19,230,916 B = 18.34 MB. Work-groups of 64 [I].
 * inibuffer, then 20 x (pagerank1: per vertex row[tid], row[tid+1], page_rank1[tid], then
 * per arc col[e] and atomic_add_float on page_rank2[col[e]] (load, add, compare-and-swap:
 * a gather and a scatter to the same word); pagerank2: page_rank2 read, page_rank1 and
 * page_rank2 written): 41 kernels. Static pcs: inibuffer 0 ALU, 1 ST pr1, 2 ST pr2;
 * pagerank1 0..1 LD row, 2 LD pr1, 3 ALU, loop { 4 LD col, 5 LD pr2[col], 6 ALU,
 * 7 ST pr2[col], 8 ALU }; pagerank2 0 LD pr2, 1 ALU, 2 ST pr1, 3 ST pr2.
 * MICRO'21 metadata (SSSP and PRK): a code id per kernel name, no LDS (pn_kernel).
 *
 * Scale: every kernel runs its first ceil(WGs * scale) work-groups, raised to
 * workload.min_rounds rounds of the GPU's resident wavefronts (xl_wl_scaled_wgs), i.e.
 * the same vertices in every kernel. The graph, the arrays and the iteration
 * count never change, so degrees, masks and pages per instruction are those of the
 * full run for the vertices that run.
 */
#include "xlat/workloads.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/graph.h"

#define PN_LOG2_WIN   11u    /* community: 2048 consecutive vertex ids (8 KB of an int array) */
#define PN_FAR_PERMIL 20u    /* long-range edges, per mille */
#define PN_VEC_CYCLES 4u     /* one 64-lane vector op on a 16-wide SIMD (docs/isca18-micro18.md §1.1) */
#define PN_BIG_DIST   99999999u   /* Pannotia BIG_NUM */
#define PN_NEVER      0x7Fu       /* state: no change within the run */
#define PN_JOINED     0x80u       /* MIS state: joined the independent set */

enum { CODE_SSSP, CODE_MIS, CODE_COLOR, CODE_PRK };

/* Kernel kinds. */
enum {
    K_SSSP_INIT, K_SSSP_ASSIGN, K_SSSP_SPMV, K_SSSP_DIFF,
    K_MIS_INIT, K_MIS1, K_MIS2, K_MIS3,
    K_CLR1, K_CLR2,
    K_PRK_INIT, K_PRK1, K_PRK2
};

/* Region indices of each code, in clCreateBuffer order. */
enum { S_ROW, S_COL, S_DATA, S_STOP, S_V1, S_V2 };
enum { M_ROW, M_COL, M_STOP, M_MIN, M_C, M_CU, M_S, M_NV };
enum { C_ROW, C_COL, C_STOP, C_COLOR, C_NV, C_MAX };
enum { P_ROW, P_COL, P_DATA, P_PR1, P_PR2 };

/* The real inputs (file comment: which code runs on which, and the published counts). */
enum { IN_ROAD, IN_CIRCUIT, IN_MESH, IN_COMMUNITY };

typedef struct {
    const char *name;     /* the real input whose counts the generated graph has */
    unsigned kind;        /* IN_* */
    uint32_t nv;          /* vertices */
    uint64_t narcs;       /* arcs of Pannotia's CSR */
    uint32_t rows, cols;  /* IN_MESH: the grid */
} pn_input_t;

static const pn_input_t in_road_nw = {"USA-road-d.NW", IN_ROAD, 1207945u, 2840208u, 0, 0};
static const pn_input_t in_g3_circuit = {"G3_circuit", IN_CIRCUIT, 1585478u, 6075348u, 0, 0};
static const pn_input_t in_ecology1 = {"ecology1", IN_MESH, 1000000u, 3996000u, 1000u, 1000u};
/* PageRank: Pannotia's coAuthorsDBLP (299,067 authors, 977,676 co-author links stored
 * both ways: 1,955,352 arcs), as the community R-MAT graph at its counts: 146
 * communities of 2^PN_LOG2_WIN authors (299,008, 59 fewer) and its arcs. */
static const pn_input_t in_coauthors = {"coAuthorsDBLP", IN_COMMUNITY, 299008u, 1955352u, 0, 0};

typedef struct {
    const xl_wl_desc_t *desc;
    unsigned code;
    const pn_input_t *input;   /* workload.graph = input (the default) */
    uint32_t ncomm;       /* workload.graph = rmat: communities of 2^PN_LOG2_WIN vertices */
    uint64_t narcs;       /* and its arcs */
    uint32_t wg_items;    /* Pannotia block_size */
    uint32_t iters;       /* fixed iteration count */
    unsigned nregions;
    const char *rname[XL_WL_MAX_REGIONS];
    uint8_t rkind[XL_WL_MAX_REGIONS];   /* 0: per vertex, 1: per vertex + 1, 2: per arc,
                                           3: one int */
} pn_def_t;

static const pn_def_t pn_sssp = {
    &xl_wl_sssp, CODE_SSSP, &in_road_nw, 1696, 8463318u, 64, 4, 6,
    {"row", "col", "data", "stop", "vector1", "vector2"}, {1, 2, 2, 3, 0, 0},
};
static const pn_def_t pn_mis = {
    &xl_wl_mis, CODE_MIS, &in_g3_circuit, 927, 7583006u, 128, 3, 8,
    {"row", "col", "stop", "min_array", "c_array", "cu_array", "s_array", "node_value"},
    {0, 2, 3, 0, 0, 0, 0, 0},
};
static const pn_def_t pn_color = {
    &xl_wl_color, CODE_COLOR, &in_ecology1, 427, 3496018u, 256, 4, 6,
    {"row", "col", "stop", "color", "node_value", "max"}, {0, 2, 3, 0, 0, 0},
};
/* PageRank (prk): row (V+1) col data (E, allocated and passed, never read) page_rank1
 * page_rank2 (V); work-groups of 64 [I]; 20 iterations. workload.graph = rmat gives the
 * same community graph. */
static const pn_def_t pn_prk = {
    &xl_wl_prk, CODE_PRK, &in_coauthors, 146, 1955352u, 64, 20, 5,
    {"row", "col", "data", "page_rank1", "page_rank2"}, {1, 2, 2, 0, 0},
};

typedef struct {
    const pn_def_t *def;
    uint32_t nv;
    uint64_t narcs;
    uint32_t *row;      /* nv + 1 entries (row[nv] = narcs) */
    uint32_t *col;      /* narcs entries */
    uint32_t *wt;       /* SSSP: narcs weights from graph_file, or NULL (drawn: edge_weight) */
    uint8_t *st;        /* per vertex: iteration of its state change, see each code */
    uint32_t nwg;       /* work-groups run per kernel at this scale */
} pn_priv_t;

static const pn_def_t *pn_def_of(const xl_workload_t *wl)
{
    if (wl->desc == &xl_wl_sssp)
        return &pn_sssp;
    if (wl->desc == &xl_wl_mis)
        return &pn_mis;
    if (wl->desc == &xl_wl_prk)
        return &pn_prk;
    return &pn_color;
}

/* ---- host-side algorithm state ------------------------------------------------------ */

#define KEY_STREAM    UINT64_C(0x4E4F444556414C55)   /* "NODEVALU" */
#define WEIGHT_STREAM UINT64_C(0x5745494748545321)   /* "WEIGHTS!" */

/* Node value of v: 32 random bits above the id, so keys are distinct (Pannotia's random
 * floats tie with negligible probability; a tie would stall both vertices). */
static uint64_t node_key(uint64_t seed, uint32_t v)
{
    xl_rng_t r;
    xl_rng_derive(&r, seed ^ KEY_STREAM, v);
    return (xl_rng_next(&r) & UINT64_C(0xFFFFFFFF00000000)) | v;
}

/* SSSP edge weight 1..100, the same in both directions (as the road networks' arcs). */
static uint32_t edge_weight(uint64_t seed, uint32_t u, uint32_t v)
{
    uint64_t lo = u < v ? u : v, hi = u < v ? v : u;
    xl_rng_t r;
    xl_rng_derive(&r, seed ^ WEIGHT_STREAM, (hi << 32) | lo);
    return 1u + (uint32_t)xl_rng_below(&r, 100u);
}

/* SSSP: st[v] bit i = vector_diff of iteration i finds y[v] != x[v]. The host loop of
 * sssp_csr: vector_init (x = y = BIG, source 0 at 0); per iteration x = y,
 * y[v] = min(x[v], min_e data[e] + x[col[e]]), compare. */
static int host_sssp(pn_priv_t *p, uint64_t seed)
{
    const uint32_t nv = p->nv;
    uint32_t *x = malloc((size_t)nv * sizeof *x), *y = malloc((size_t)nv * sizeof *y);
    if (!x || !y) {
        free(x);
        free(y);
        return XL_EINTERNAL;
    }
    for (uint32_t v = 0; v < nv; v++)
        y[v] = PN_BIG_DIST;
    y[0] = 0;
    memset(p->st, 0, nv);
    for (uint32_t it = 0; it < p->def->iters; it++) {
        memcpy(x, y, (size_t)nv * sizeof *x);
        for (uint32_t v = 0; v < nv; v++) {
            uint32_t m = x[v];
            for (uint32_t e = p->row[v]; e < p->row[v + 1u]; e++) {
                uint32_t u = p->col[e];
                if (x[u] >= m)   /* data[e] >= 0: cannot improve (also skips BIG) */
                    continue;
                uint32_t d = x[u] + (p->wt ? p->wt[e] : edge_weight(seed, v, u));
                if (d < m)
                    m = d;
            }
            y[v] = m;
            if (m != x[v])
                p->st[v] |= (uint8_t)(1u << it);
        }
    }
    free(x);
    free(y);
    return XL_OK;
}

/* MIS: st[v] = iteration at which v left the unprocessed set (c_array -> -2), with
 * PN_JOINED if it joined the set in mis2 (else it was deactivated as a neighbour),
 * or PN_NEVER. At iteration i a vertex is unprocessed when (st & 0x7F) >= i. */
static void host_mis(pn_priv_t *p, uint64_t seed)
{
    const uint32_t nv = p->nv;
    memset(p->st, PN_NEVER, nv);
    for (uint32_t it = 0; it < p->def->iters; it++) {
        /* mis1 + the mis2 test: v joins when its key is below every unprocessed
         * neighbour's. Vertices marked in this pass still count as unprocessed. */
        for (uint32_t v = 0; v < nv; v++) {
            if ((p->st[v] & 0x7Fu) < it)
                continue;
            uint64_t kv = node_key(seed, v);
            int joins = 1;
            for (uint32_t e = p->row[v]; e < p->row[v + 1u] && joins; e++) {
                uint32_t u = p->col[e];
                if ((p->st[u] & 0x7Fu) >= it && node_key(seed, u) < kv)
                    joins = 0;
            }
            if (joins)
                p->st[v] = (uint8_t)(PN_JOINED | it);
        }
        /* mis2 loop + mis3: unprocessed neighbours of the joiners are deactivated
         * (joiners are never adjacent: each is below all its unprocessed neighbours). */
        for (uint32_t v = 0; v < nv; v++) {
            if (p->st[v] != (PN_JOINED | it))
                continue;
            for (uint32_t e = p->row[v]; e < p->row[v + 1u]; e++) {
                uint32_t u = p->col[e];
                if (p->st[u] == PN_NEVER)
                    p->st[u] = (uint8_t)it;
            }
        }
    }
}

/* Color (kernel_max): st[v] = iteration (color - 1) at which v is coloured, or PN_NEVER.
 * At iteration i an uncoloured vertex takes colour i+1 when its value exceeds every
 * uncoloured neighbour's; a vertex of degree 1 skips its neighbours (start != end-1). */
static void host_color(pn_priv_t *p, uint64_t seed)
{
    const uint32_t nv = p->nv;
    memset(p->st, PN_NEVER, nv);
    for (uint32_t it = 0; it < p->def->iters; it++) {
        for (uint32_t v = 0; v < nv; v++) {
            if (p->st[v] != PN_NEVER)
                continue;
            uint64_t kv = node_key(seed, v);
            int wins = 1;
            if (p->row[v + 1u] - p->row[v] != 1u) {
                for (uint32_t e = p->row[v]; e < p->row[v + 1u] && wins; e++) {
                    uint32_t u = p->col[e];
                    /* uncoloured when kernel 1 ran: coloured in this pass counts */
                    if (p->st[u] >= it && node_key(seed, u) > kv)
                        wins = 0;
                }
            }
            if (wins)
                p->st[v] = (uint8_t)it;
        }
    }
}

/* ---- descriptor callbacks ------------------------------------------------------------ */

static void pn_destroy(xl_workload_t *wl)
{
    pn_priv_t *p = wl->priv;
    if (p) {
        free(p->row);
        free(p->col);
        free(p->wt);
        free(p->st);
        free(p);
    }
    wl->priv = NULL;
}

static int pn_create(xl_workload_t *wl, char *err, size_t errlen)
{
    const pn_def_t *d = pn_def_of(wl);
    pn_priv_t *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errlen, "%s: out of memory", d->desc->name);
        return XL_EINTERNAL;
    }
    wl->priv = p;
    p->def = d;
    int rc;
    if (wl->params.graph_file[0] || wl->params.graph != XL_GRAPH_RMAT) {
        /* a real graph file, else a graph of the real input's kind and counts */
        xl_graph_t g;
        const pn_input_t *in = d->input;
        if (wl->params.graph_file[0])
            rc = xl_graph_read(wl->params.graph_file,
                               d->code == CODE_SSSP ? XL_GRAPH_FOR_SSSP : XL_GRAPH_FOR_MIS_COLOR,
                               &g, err, errlen);
        else if (in->kind == IN_ROAD)
            rc = xl_graph_road(in->nv, in->narcs, wl->seed, &g, err, errlen);
        else if (in->kind == IN_CIRCUIT)
            rc = xl_graph_circuit(in->nv, in->narcs, wl->seed, &g, err, errlen);
        else if (in->kind == IN_COMMUNITY) {
            memset(&g, 0, sizeof g);
            g.nv = d->ncomm << PN_LOG2_WIN;
            g.narcs = d->narcs;
            rc = xl_graph_rmat(d->ncomm, PN_LOG2_WIN, PN_FAR_PERMIL, d->narcs, wl->seed, &g.row,
                               &g.col, err, errlen);
        }
        else
            rc = xl_graph_mesh(in->rows, in->cols, &g, err, errlen);
        if (rc != XL_OK)
            return rc;
        p->nv = g.nv;
        p->narcs = g.narcs;
        p->row = g.row;
        p->col = g.col;
        p->wt = g.wt;
    } else {
        p->nv = d->ncomm << PN_LOG2_WIN;
        p->narcs = d->narcs;
        rc = xl_graph_rmat(d->ncomm, PN_LOG2_WIN, PN_FAR_PERMIL, d->narcs, wl->seed, &p->row,
                           &p->col, err, errlen);
        if (rc != XL_OK)
            return rc;
    }
    p->st = malloc(p->nv);
    if (!p->st) {
        snprintf(err, errlen, "%s: out of memory", d->desc->name);
        return XL_EINTERNAL;
    }
    if (d->code == CODE_SSSP) {
        if (host_sssp(p, wl->seed) != XL_OK) {
            snprintf(err, errlen, "%s: out of memory", d->desc->name);
            return XL_EINTERNAL;
        }
    } else if (d->code == CODE_MIS) {
        host_mis(p, wl->seed);
    } else if (d->code == CODE_COLOR) {
        host_color(p, wl->seed);
    }   /* PageRank: no data-dependent mask (every vertex runs every kernel) */
    /* Pannotia rounds the NDRange up to whole work-groups; lanes past nv do nothing */
    uint64_t nwg = ((uint64_t)p->nv + d->wg_items - 1u) / d->wg_items;
    p->nwg = (uint32_t)xl_wl_scaled_wgs(wl, nwg, d->wg_items / XL_MAX_LANES);

    uint64_t elems[XL_WL_MAX_REGIONS];
    for (unsigned i = 0; i < d->nregions; i++)
        elems[i] = d->rkind[i] == 0 ? p->nv
                 : d->rkind[i] == 1 ? (uint64_t)p->nv + 1u
                 : d->rkind[i] == 2 ? p->narcs : 1u;
    xl_wl_regions(wl, d->nregions, d->rname, elems, 4u);   /* 4-byte ints or floats */
    return XL_OK;
}

/* Kernel k -> kind and iteration. */
static int pn_kind(const pn_def_t *d, uint32_t k, unsigned *kind, uint32_t *it)
{
    if (d->code == CODE_COLOR) {
        if (k >= 2u * d->iters)
            return 0;
        *kind = K_CLR1 + k % 2u;
        *it = k / 2u;
        return 1;
    }
    if (d->code == CODE_PRK) {   /* inibuffer, then per iteration pagerank1, pagerank2 */
        if (k >= 1u + 2u * d->iters)
            return 0;
        *kind = k == 0 ? K_PRK_INIT : K_PRK1 + (k - 1u) % 2u;
        *it = k == 0 ? 0 : (k - 1u) / 2u;
        return 1;
    }
    if (k >= 1u + 3u * d->iters)
        return 0;
    unsigned base = d->code == CODE_SSSP ? K_SSSP_INIT : K_MIS_INIT;
    *kind = k == 0 ? base : base + 1u + (k - 1u) % 3u;
    *it = k == 0 ? 0 : (k - 1u) / 3u;
    return 1;
}

static int pn_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    const pn_priv_t *p = wl->priv;
    unsigned kind;
    uint32_t it;
    if (!pn_kind(p->def, k, &kind, &it))
        return 0;
    out->workgroups = p->nwg;
    out->waves_per_wg = p->def->wg_items / XL_MAX_LANES;
    /* MICRO'21 (bench/results/reach-workloads.md): one code object per kernel name, so a
     * repeated kernel keeps its id (SSSP: 1 vector_init, 2 vector_assign, 3 spmv, 4
     * vector_diff; PageRank: 1 inibuffer, 2 pagerank1, 3 pagerank2); the loop kernels
     * 6 KB, the streaming ones 4 KB [I]; no LDS (the CSR kernels declare no __local).
     * MIS and Color keep the defaults. */
    if (p->def->code == CODE_SSSP) {
        out->code_id = kind - K_SSSP_INIT + 1u;
        out->code_bytes = kind == K_SSSP_SPMV ? 6144u : 4096u;
    } else if (p->def->code == CODE_PRK) {
        out->code_id = kind - K_PRK_INIT + 1u;
        out->code_bytes = kind == K_PRK1 ? 6144u : 4096u;
    }
    return 1;
}

/* Cursor: a[0] position in the kernel (also the pc), a[1] first vertex of the wave,
 * a[2] lanes inside the kernel's `if`, a[3] lanes still in the edge loop, a[4] lanes
 * passing the per-edge condition, a[5] kind | iteration << 8.
 * lane[l] = end << 32 | e: the lane's edge cursor. */
#define POS_DONE UINT64_MAX

static void pn_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    const pn_priv_t *p = wl->priv;
    unsigned kind;
    uint32_t it;
    w->a[0] = POS_DONE;
    if (!pn_kind(p->def, w->kernel, &kind, &it) || w->wg >= p->nwg ||
        w->wave >= p->def->wg_items / XL_MAX_LANES)
        return;
    w->a[1] = ((uint64_t)w->wg * (p->def->wg_items / XL_MAX_LANES) + w->wave) * XL_MAX_LANES;
    if (w->a[1] >= p->nv)
        return;   /* every lane fails `if (tid < num_nodes)`: no instruction */
    w->a[0] = 0;
    /* the lanes with tid < num_nodes (all of them but in the last wavefronts) */
    w->a[2] = p->nv - w->a[1] >= XL_MAX_LANES ? ~UINT64_C(0)
                                               : (UINT64_C(1) << (p->nv - w->a[1])) - 1u;
    w->a[3] = 0;
    w->a[4] = 0;
    w->a[5] = kind | ((uint64_t)it << 8);
}

/* Every Pannotia array holds 4-byte ints or floats. */
static void set_op(xl_instr_t *out, uint8_t op, uint16_t cycles, uint32_t pc, uint64_t mask)
{
    xl_wl_op(out, op, 4u, cycles, pc, mask);
}

/* A[tid + off] with tid = a[1] + l on every lane (inactive lanes too: they stay inside the
 * array, except the last vertex's row[tid+1] of MIS/Color, whose lane is masked and gets
 * the array base). */
static void vec_op(xl_instr_t *out, const xl_wave_t *w, uint8_t op, uint32_t pc, uint64_t mask,
                   const xl_region_t *r, uint64_t off)
{
    set_op(out, op, 0, pc, mask);
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        uint64_t a = (w->a[1] + l + off) * 4u;
        out->va[l] = a < r->bytes ? r->base + a : r->base;
    }
}

/* *stop = 1: every lane at one address. */
static void stop_store(xl_instr_t *out, uint32_t pc, uint64_t mask, const xl_region_t *r)
{
    set_op(out, XL_OP_STORE, 0, pc, mask);
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        out->va[l] = r->base;
}

/* Start the edge loop for `mask`: e = row[v], end = row[v+1] (= num_edges for the last
 * vertex, which row[] also holds). Returns the lanes with a non-empty list. */
static uint64_t loop_init(const pn_priv_t *p, xl_wave_t *w, uint64_t mask)
{
    uint64_t loop = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        w->lane[l] = 0;
        if (!((mask >> l) & 1u))
            continue;
        uint64_t v = w->a[1] + l;
        uint64_t e = p->row[v], end = p->row[v + 1u];
        w->lane[l] = (end << 32) | e;
        if (e < end)
            loop |= UINT64_C(1) << l;
    }
    return loop;
}

/* e++ on the loop lanes; returns those still inside their list. */
static uint64_t loop_advance(xl_wave_t *w, uint64_t loop)
{
    uint64_t still = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        if (!((loop >> l) & 1u))
            continue;
        uint64_t s = w->lane[l] + 1u;
        w->lane[l] = s;
        if ((s & 0xFFFFFFFFu) < (s >> 32))
            still |= UINT64_C(1) << l;
    }
    return still;
}

/* A[e] on the lanes still in the edge loop (col, data: the lane's own edge list). */
static void edge_load(xl_instr_t *out, const xl_wave_t *w, uint32_t pc, const xl_region_t *r)
{
    const uint64_t loop = w->a[3];
    set_op(out, XL_OP_LOAD, 0, pc, loop);
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        out->va[l] = ((loop >> l) & 1u) ? r->base + (w->lane[l] & 0xFFFFFFFFu) * 4u : r->base;
}

/* A[col[e]] on the loop lanes in mask: the gather (or, a store, the scatter). */
static void gather_op(xl_instr_t *out, const pn_priv_t *p, const xl_wave_t *w, uint8_t op,
                      uint32_t pc, uint64_t mask, const xl_region_t *r)
{
    set_op(out, op, 0, pc, mask);
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        out->va[l] = ((mask >> l) & 1u)
                         ? r->base + (uint64_t)p->col[w->lane[l] & 0xFFFFFFFFu] * 4u
                         : r->base;
}

/* What one step of a kernel did (step_sssp, step_mis, step_color); pn_wave_next moves the
 * cursor on accordingly. */
enum {
    ST_END = -1,   /* the wavefront is done */
    ST_SKIP = 0,   /* no instruction: go on at the new a[0] (a memory instruction with an
                    * empty mask, as the hardware skips a branch no lane takes) */
    ST_NEXT = 1,   /* an instruction, then the next position */
    ST_JUMP = 2    /* an instruction, and a[0] already holds the position after it */
};

/* The edge loop's last instruction, an ALU op of `cycles` on the loop lanes: e++, and back
 * to the loop's head at position `head` with the lanes still inside their list. */
static int loop_tail(xl_instr_t *out, xl_wave_t *w, uint16_t cycles, uint32_t pc, uint64_t head)
{
    set_op(out, XL_OP_ALU, cycles, pc, w->a[3]);
    w->a[3] = loop_advance(w, w->a[3]);
    w->a[0] = head;
    return ST_JUMP;
}

/* A memory instruction not issued (its mask is empty): the kernel goes on at position pos. */
static int skip_to(xl_wave_t *w, uint64_t pos)
{
    w->a[0] = pos;
    return ST_SKIP;
}

/* Lanes whose vertex state byte satisfies pred(state, it). */
typedef int (*st_pred_t)(uint8_t s, uint32_t it);

static uint64_t lanes_where(const pn_priv_t *p, const xl_wave_t *w, uint64_t mask, st_pred_t f,
                            uint32_t it)
{
    uint64_t out = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        if (((mask >> l) & 1u) && f(p->st[w->a[1] + l], it))
            out |= UINT64_C(1) << l;
    return out;
}

/* Loop lanes whose current neighbour col[e] satisfies pred (and, for Color, whose own
 * degree is not 1). */
static uint64_t nbrs_where(const pn_priv_t *p, const xl_wave_t *w, uint64_t loop, st_pred_t f,
                           uint32_t it, int skip_deg1)
{
    uint64_t out = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        if (!((loop >> l) & 1u))
            continue;
        uint64_t s = w->lane[l];
        if (skip_deg1 && (s >> 32) - p->row[w->a[1] + l] == 1u)
            continue;
        if (f(p->st[p->col[s & 0xFFFFFFFFu]], it))
            out |= UINT64_C(1) << l;
    }
    return out;
}

/* The state tests of each code (see host_sssp, host_mis, host_color). */
static int sssp_changed(uint8_t s, uint32_t it) { return (s >> it) & 1u; }
static int mis_unprocessed(uint8_t s, uint32_t it) { return (s & 0x7Fu) >= it; }
static int mis_in_set_by(uint8_t s, uint32_t it)
{
    return (s & PN_JOINED) && (s & 0x7Fu) <= it;
}
static int mis_joins_at(uint8_t s, uint32_t it) { return s == (PN_JOINED | it); }
static int mis_cu_set_by(uint8_t s, uint32_t it)
{
    return !(s & PN_JOINED) && (s & 0x7Fu) <= it;
}
static int clr_uncolored(uint8_t s, uint32_t it) { return s >= it; }
static int clr_colored_at(uint8_t s, uint32_t it) { return s == it; }

/* Lanes except the graph's last vertex (its row[tid+1] is replaced by num_edges). */
static uint64_t not_last(const pn_priv_t *p, const xl_wave_t *w)
{
    const uint64_t last = (uint64_t)p->nv - 1u;
    if (last < w->a[1] || last >= w->a[1] + XL_MAX_LANES)
        return ~UINT64_C(0);
    return ~(UINT64_C(1) << (last - w->a[1]));
}

/* One step of a kernel at position a[0]: the instruction there, if any, and what
 * pn_wave_next is to do next (ST_*). */
static int step_sssp(const xl_workload_t *wl, const pn_priv_t *p, xl_wave_t *w, unsigned kind,
                     uint32_t it, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    const uint64_t pos = w->a[0], act = w->a[2];
    switch (kind) {
    case K_SSSP_INIT:   /* vector1[tid] = vector2[tid] = (tid == src ? 0 : BIG) */
        if (pos == 0) {
            set_op(out, XL_OP_ALU, PN_VEC_CYCLES, 0, act);
        } else if (pos <= 2) {
            vec_op(out, w, XL_OP_STORE, (uint32_t)pos, act, &R[pos == 1 ? S_V1 : S_V2], 0);
        } else {
            return ST_END;
        }
        break;
    case K_SSSP_ASSIGN:   /* vector1[tid] = vector2[tid] */
        if (pos > 1)
            return ST_END;
        vec_op(out, w, pos == 0 ? XL_OP_LOAD : XL_OP_STORE, (uint32_t)pos, act,
               &R[pos == 0 ? S_V2 : S_V1], 0);
        break;
    case K_SSSP_DIFF:   /* if (vector2[tid] != vector1[tid]) *stop = 1 */
        if (pos <= 1) {
            vec_op(out, w, XL_OP_LOAD, (uint32_t)pos, act, &R[pos == 0 ? S_V1 : S_V2], 0);
        } else if (pos == 2) {
            set_op(out, XL_OP_ALU, PN_VEC_CYCLES, 2, act);
        } else if (pos == 3) {
            uint64_t m = lanes_where(p, w, act, sssp_changed, it);
            if (m == 0)
                return skip_to(w, 4);
            stop_store(out, 3, m, &R[S_STOP]);
        } else {
            return ST_END;
        }
        break;
    default: /* K_SSSP_SPMV, x = vector1, y = vector2 */
        switch (pos) {
        case 0: /* row_start = row[tid] */
        case 1: /* row_end = row[tid+1] */
            vec_op(out, w, XL_OP_LOAD, (uint32_t)pos, act, &R[S_ROW], pos);
            break;
        case 2: /* min = x[tid] */
            vec_op(out, w, XL_OP_LOAD, 2, act, &R[S_V1], 0);
            w->a[3] = loop_init(p, w, act);
            break;
        case 3: /* for (i = row_start; i < row_end; i++): col[i] */
            if (w->a[3] == 0)
                return skip_to(w, 7);
            edge_load(out, w, 3, &R[S_COL]);
            break;
        case 4: /* data[i] */
            edge_load(out, w, 4, &R[S_DATA]);
            break;
        case 5: /* x[col[i]]: the gather */
            gather_op(out, p, w, XL_OP_LOAD, 5, w->a[3], &R[S_V1]);
            break;
        case 6: /* add, compare, min; i++, i < row_end */
            return loop_tail(out, w, 3u * PN_VEC_CYCLES, 6, 3);
        case 7: /* y[tid] = min */
            vec_op(out, w, XL_OP_STORE, 7, act, &R[S_V2], 0);
            break;
        default:
            return ST_END;
        }
        break;
    }
    return ST_NEXT;
}

static int step_mis(const xl_workload_t *wl, const pn_priv_t *p, xl_wave_t *w, unsigned kind,
                    uint32_t it, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    const uint64_t pos = w->a[0], act = w->a[2];
    switch (kind) {
    case K_MIS_INIT:   /* c_array = cu_array = -1, s_array = 0 */
        if (pos > 2)
            return ST_END;
        vec_op(out, w, XL_OP_STORE, (uint32_t)pos, act,
               &R[pos == 0 ? M_C : pos == 1 ? M_CU : M_S], 0);
        break;
    case K_MIS1:
        switch (pos) {
        case 0: /* if (c_array[tid] == -1) */
            vec_op(out, w, XL_OP_LOAD, 0, act, &R[M_C], 0);
            w->a[2] = lanes_where(p, w, act, mis_unprocessed, it);
            if (w->a[2] == 0)
                w->a[0] = 9;   /* no lane enters: straight to the end */
            break;
        case 1: /* *stop = 1 */
            stop_store(out, 1, act, &R[M_STOP]);
            break;
        case 2: /* start = row[tid] */
            vec_op(out, w, XL_OP_LOAD, 2, act, &R[M_ROW], 0);
            break;
        case 3: /* end = tid + 1 < num_nodes ? row[tid + 1] : num_edges */
            if ((act & not_last(p, w)) == 0)
                return skip_to(w, 4);
            vec_op(out, w, XL_OP_LOAD, 3, act & not_last(p, w), &R[M_ROW], 1);
            break;
        case 4: /* min = BIGNUM, end select */
            set_op(out, XL_OP_ALU, PN_VEC_CYCLES, 4, act);
            w->a[3] = loop_init(p, w, act);
            break;
        case 5: /* for (edge = start; edge < end; edge++): col[edge] */
            if (w->a[3] == 0)
                return skip_to(w, 9);
            edge_load(out, w, 5, &R[M_COL]);
            break;
        case 6: /* if (c_array[col[edge]] == -1): gather */
            gather_op(out, p, w, XL_OP_LOAD, 6, w->a[3], &R[M_C]);
            w->a[4] = nbrs_where(p, w, w->a[3], mis_unprocessed, it, 0);
            break;
        case 7: /* node_value[col[edge]] < min: gather on the lanes that passed */
            if (w->a[4] == 0)
                return skip_to(w, 8);
            gather_op(out, p, w, XL_OP_LOAD, 7, w->a[4], &R[M_NV]);
            break;
        case 8: /* compare, select; edge++, edge < end */
            return loop_tail(out, w, 2u * PN_VEC_CYCLES, 8, 5);
        case 9: /* min_array[tid] = min */
            if (act == 0)
                return ST_END;
            vec_op(out, w, XL_OP_STORE, 9, act, &R[M_MIN], 0);
            break;
        default:
            return ST_END;
        }
        break;
    case K_MIS2:
        switch (pos) {
        case 0: /* node_value[tid] */
        case 1: /* min_array[tid] */
            vec_op(out, w, XL_OP_LOAD, (uint32_t)pos, act, &R[pos == 0 ? M_NV : M_MIN], 0);
            break;
        case 2: /* node_value[tid] < min_array[tid] */
            set_op(out, XL_OP_ALU, PN_VEC_CYCLES, 2, act);
            /* true for the set's members so far (their min is never rewritten), false
             * for deactivated vertices (a smaller neighbour joined) */
            w->a[4] = lanes_where(p, w, act, mis_in_set_by, it);
            break;
        case 3: /* && c_array[tid] == -1 */
            if (w->a[4] == 0)
                return ST_END;
            vec_op(out, w, XL_OP_LOAD, 3, w->a[4], &R[M_C], 0);
            w->a[2] = lanes_where(p, w, act, mis_joins_at, it);
            if (w->a[2] == 0)
                w->a[0] = 12;
            break;
        case 4: /* s_array[tid] = 2 */
            vec_op(out, w, XL_OP_STORE, 4, act, &R[M_S], 0);
            break;
        case 5: /* start = row[tid] */
            vec_op(out, w, XL_OP_LOAD, 5, act, &R[M_ROW], 0);
            break;
        case 6: /* end */
            if ((act & not_last(p, w)) == 0)
                return skip_to(w, 7);
            vec_op(out, w, XL_OP_LOAD, 6, act & not_last(p, w), &R[M_ROW], 1);
            break;
        case 7: /* c_array[tid] = -2 */
            vec_op(out, w, XL_OP_STORE, 7, act, &R[M_C], 0);
            w->a[3] = loop_init(p, w, act);
            break;
        case 8: /* for each edge: col[edge] */
            if (w->a[3] == 0)
                return ST_END;
            edge_load(out, w, 8, &R[M_COL]);
            break;
        case 9: /* if (c_array[col[edge]] == -1): gather */
            gather_op(out, p, w, XL_OP_LOAD, 9, w->a[3], &R[M_C]);
            w->a[4] = nbrs_where(p, w, w->a[3], mis_unprocessed, it, 0);
            break;
        case 10: /* cu_array[col[edge]] = -2: scatter */
            if (w->a[4] == 0)
                return skip_to(w, 11);
            gather_op(out, p, w, XL_OP_STORE, 10, w->a[4], &R[M_CU]);
            break;
        case 11: /* edge++, edge < end */
            return loop_tail(out, w, PN_VEC_CYCLES, 11, 8);
        default:
            return ST_END;
        }
        break;
    default: /* K_MIS3: if (cu_array[tid] == -2) c_array[tid] = cu_array[tid] */
        if (pos == 0) {
            vec_op(out, w, XL_OP_LOAD, 0, act, &R[M_CU], 0);
        } else if (pos == 1) {
            set_op(out, XL_OP_ALU, PN_VEC_CYCLES, 1, act);
        } else if (pos == 2) {
            uint64_t m = lanes_where(p, w, act, mis_cu_set_by, it);
            if (m == 0)
                return ST_END;
            vec_op(out, w, XL_OP_STORE, 2, m, &R[M_C], 0);
        } else {
            return ST_END;
        }
        break;
    }
    return ST_NEXT;
}

static int step_color(const xl_workload_t *wl, const pn_priv_t *p, xl_wave_t *w, unsigned kind,
                      uint32_t it, xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    const uint64_t pos = w->a[0], act = w->a[2];
    if (kind == K_CLR2) {
        switch (pos) {
        case 0: /* if (color_array[tid] == -1) */
            vec_op(out, w, XL_OP_LOAD, 0, act, &R[C_COLOR], 0);
            w->a[2] = lanes_where(p, w, act, clr_uncolored, it);
            if (w->a[2] == 0)
                w->a[0] = 4;
            break;
        case 1: /* node_value[tid] */
        case 2: /* max_d[tid] */
            vec_op(out, w, XL_OP_LOAD, (uint32_t)pos, act, &R[pos == 1 ? C_NV : C_MAX], 0);
            break;
        case 3:
            set_op(out, XL_OP_ALU, PN_VEC_CYCLES, 3, act);
            break;
        case 4: { /* if (node_value[tid] > max_d[tid]) color_array[tid] = color */
            uint64_t m = lanes_where(p, w, act, clr_colored_at, it);
            if (m == 0)
                return ST_END;
            vec_op(out, w, XL_OP_STORE, 4, m, &R[C_COLOR], 0);
            break;
        }
        default:
            return ST_END;
        }
        return ST_NEXT;
    }
    switch (pos) { /* K_CLR1 */
    case 0: /* if (color_array[tid] == -1) */
        vec_op(out, w, XL_OP_LOAD, 0, act, &R[C_COLOR], 0);
        w->a[2] = lanes_where(p, w, act, clr_uncolored, it);
        if (w->a[2] == 0)
            w->a[0] = 9;
        break;
    case 1: /* start = row[tid] */
        vec_op(out, w, XL_OP_LOAD, 1, act, &R[C_ROW], 0);
        break;
    case 2: /* end */
        if ((act & not_last(p, w)) == 0)
            return skip_to(w, 3);
        vec_op(out, w, XL_OP_LOAD, 2, act & not_last(p, w), &R[C_ROW], 1);
        break;
    case 3: /* maximum = -1, end select */
        set_op(out, XL_OP_ALU, PN_VEC_CYCLES, 3, act);
        w->a[3] = loop_init(p, w, act);
        break;
    case 4: /* for each edge: col[edge] */
        if (w->a[3] == 0)
            return skip_to(w, 9);
        edge_load(out, w, 4, &R[C_COL]);
        break;
    case 5: /* if (color_array[col[edge]] == -1 && start != end-1): gather */
        gather_op(out, p, w, XL_OP_LOAD, 5, w->a[3], &R[C_COLOR]);
        w->a[4] = nbrs_where(p, w, w->a[3], clr_uncolored, it, 1);
        break;
    case 6: /* *stop = 1 */
        if (w->a[4] == 0)
            return skip_to(w, 8);
        stop_store(out, 6, w->a[4], &R[C_STOP]);
        break;
    case 7: /* node_value[col[edge]] > maximum: gather */
        gather_op(out, p, w, XL_OP_LOAD, 7, w->a[4], &R[C_NV]);
        break;
    case 8: /* compare, select; edge++, edge < end */
        return loop_tail(out, w, 2u * PN_VEC_CYCLES, 8, 4);
    case 9: /* max_d[tid] = maximum */
        if (act == 0)
            return ST_END;
        vec_op(out, w, XL_OP_STORE, 9, act, &R[C_MAX], 0);
        break;
    default:
        return ST_END;
    }
    return ST_NEXT;
}

/* PageRank (Pannotia prk kernel.cl). pagerank1's atomic_add_float is a compare-and-swap
 * loop: a load of page_rank2[nid] and the atom_cmpxchg on the same word (a store here;
 * one trip, as when no other lane updates the word meanwhile). page_rank1[tid] / (end -
 * start) is read once before the loop [I: the compiler may hoist it]. */
static int step_prk(const xl_workload_t *wl, const pn_priv_t *p, xl_wave_t *w, unsigned kind,
                    xl_instr_t *out)
{
    const xl_region_t *R = wl->regions;
    const uint64_t pos = w->a[0], act = w->a[2];
    if (kind == K_PRK_INIT) {   /* page_rank1[tid] = 1 / n; page_rank2[tid] = 0 */
        if (pos == 0)
            set_op(out, XL_OP_ALU, PN_VEC_CYCLES, 0, act);
        else if (pos <= 2)
            vec_op(out, w, XL_OP_STORE, (uint32_t)pos, act, &R[pos == 1 ? P_PR1 : P_PR2], 0);
        else
            return ST_END;
        return ST_NEXT;
    }
    if (kind == K_PRK2) {   /* page_rank1[tid] = (1 - d) / n + d * page_rank2[tid]; pr2 = 0 */
        if (pos == 0)
            vec_op(out, w, XL_OP_LOAD, 0, act, &R[P_PR2], 0);
        else if (pos == 1)
            set_op(out, XL_OP_ALU, 2u * PN_VEC_CYCLES, 1, act);
        else if (pos == 2)
            vec_op(out, w, XL_OP_STORE, 2, act, &R[P_PR1], 0);
        else if (pos == 3)
            vec_op(out, w, XL_OP_STORE, 3, act, &R[P_PR2], 0);
        else
            return ST_END;
        return ST_NEXT;
    }
    switch (pos) { /* K_PRK1 */
    case 0: /* start = row[tid] */
        vec_op(out, w, XL_OP_LOAD, 0, act, &R[P_ROW], 0);
        break;
    case 1: /* end = tid + 1 < num_nodes ? row[tid + 1] : num_edges */
        if ((act & not_last(p, w)) == 0)
            return skip_to(w, 2);
        vec_op(out, w, XL_OP_LOAD, 1, act & not_last(p, w), &R[P_ROW], 1);
        break;
    case 2: /* page_rank1[tid] */
        vec_op(out, w, XL_OP_LOAD, 2, act, &R[P_PR1], 0);
        break;
    case 3: /* / (float)(end - start), end select */
        set_op(out, XL_OP_ALU, 2u * PN_VEC_CYCLES, 3, act);
        w->a[3] = loop_init(p, w, act);
        break;
    case 4: /* for (edge = start; edge < end; edge++): nid = col[edge] */
        if (w->a[3] == 0)
            return ST_END;
        edge_load(out, w, 4, &R[P_COL]);
        break;
    case 5: /* atomic_add_float: old = page_rank2[nid] */
        gather_op(out, p, w, XL_OP_LOAD, 5, w->a[3], &R[P_PR2]);
        break;
    case 6: /* new = old + value */
        set_op(out, XL_OP_ALU, PN_VEC_CYCLES, 6, w->a[3]);
        break;
    case 7: /* atom_cmpxchg(&page_rank2[nid], old, new) */
        gather_op(out, p, w, XL_OP_STORE, 7, w->a[3], &R[P_PR2]);
        break;
    case 8: /* compare with old; edge++, edge < end */
        return loop_tail(out, w, PN_VEC_CYCLES, 8, 4);
    default:
        return ST_END;
    }
    return ST_NEXT;
}

static int pn_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    const pn_priv_t *p = wl->priv;
    const unsigned kind = (unsigned)(w->a[5] & 0xFFu);
    const uint32_t it = (uint32_t)(w->a[5] >> 8);
    for (;;) {
        int r = ST_END;
        if (w->a[0] != POS_DONE) {
            if (p->def->code == CODE_SSSP)
                r = step_sssp(wl, p, w, kind, it, out);
            else if (p->def->code == CODE_MIS)
                r = step_mis(wl, p, w, kind, it, out);
            else if (p->def->code == CODE_PRK)
                r = step_prk(wl, p, w, kind, out);
            else
                r = step_color(wl, p, w, kind, it, out);
        }
        if (r == ST_END) {
            w->a[0] = POS_DONE;
            return xl_wl_end(out);
        }
        if (r != ST_SKIP) {
            if (r == ST_NEXT)
                w->a[0]++;
            w->step++;
            return 1;
        }
    }
}

/* The three codes are one generator over their definitions (pn_def_of): only the names
 * and the summary differ. */
#define PN_DESC(name, aliases, summary)                                                      \
    {name, aliases, "Pannotia", "regular", summary,                                          \
     pn_create, pn_destroy, pn_kernel, pn_wave_begin, pn_wave_next}

const xl_wl_desc_t xl_wl_sssp = PN_DESC(
    "sssp", "ssp",
    "35.49 MB: road network of USA-road-d.NW's counts (1.21M vertices, 2.84M arcs); "
    "Bellman-Ford relax, per-lane edge loops, x[col[e]] gathers");

const xl_wl_desc_t xl_wl_mis = PN_DESC(
    "mis", "",
    "59.46 MB: circuit of G3_circuit's counts (1.59M vertices, 6.08M arcs); per-lane "
    "neighbour loops, c/value gathers");

const xl_wl_desc_t xl_wl_color = PN_DESC(
    "color", "clr",
    "30.50 MB: 1000 x 1000 5-point mesh of ecology1 (1.00M vertices, 4.00M arcs); "
    "per-lane neighbour loops, colour/value gathers");

const xl_wl_desc_t xl_wl_prk = PN_DESC(
    "prk", "pr",
    "18.34 MB: community graph of coAuthorsDBLP's counts (299K vertices, 1.96M arcs); "
    "inibuffer + 20 x (pagerank1 edge loops with page_rank2 scatter-adds, pagerank2)");
