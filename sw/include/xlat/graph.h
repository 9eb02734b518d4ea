/*
 * graph.h - the CSR graphs behind the Pannotia workloads (sssp, mis, color): the seeded
 * generators of sw/workloads/graph.c (a road network, a 2-D mesh and a circuit of the
 * kind of Pannotia's real inputs, and the community R-MAT graph of the earlier model)
 * and the readers of real graph files in sw/workloads/graph_io.c. Each file's comment
 * gives the construction, the published figures it follows and their sources.
 */
#ifndef XLAT_GRAPH_H
#define XLAT_GRAPH_H

#include "xlat/types.h"

/* A graph in compressed sparse row form, as Pannotia's hosts hand it to the GPU:
 * row[v] .. row[v+1]-1 index v's arcs in col (and wt). */
typedef struct {
    uint32_t nv;      /* vertices */
    uint64_t narcs;   /* arcs = row[nv] */
    uint32_t *row;    /* nv + 1 entries, malloc'd */
    uint32_t *col;    /* narcs entries, malloc'd */
    uint32_t *wt;     /* narcs arc weights from a file, or NULL (the generators draw none) */
} xl_graph_t;

/* Free the arrays and zero *g (safe on a zeroed or half-built graph). */
void xl_graph_free(xl_graph_t *g);

/* Community R-MAT: ncomm communities of 2^log2_win vertices with narcs arcs, of which
 * far_permille per mille leave their community. *row_ptr (V+1 entries) and *col_idx
 * (narcs entries) are malloc'd. XL_EINPUT with one line on a bad shape. */
int xl_graph_rmat(uint32_t ncomm, uint32_t log2_win, uint32_t far_permille, uint64_t narcs,
                  uint64_t seed, uint32_t **row_ptr, uint32_t **col_idx, char *err,
                  size_t errlen);

/* The rows x cols grid with the 5-point stencil's links (no self loops), vertex
 * r * cols + c (row-major): corners have 2 neighbours, other border vertices 3,
 * interior ones 4, each list in increasing id. */
int xl_graph_mesh(uint32_t rows, uint32_t cols, xl_graph_t *g, char *err, size_t errlen);

/* A road-like planar graph: nv intersections, exactly narcs arcs (both directions of
 * narcs / 2 roads), connected, numbered county block by county block along the roads. */
int xl_graph_road(uint32_t nv, uint64_t narcs, uint64_t seed, xl_graph_t *g, char *err,
                  size_t errlen);

/* A circuit-like graph: a near-square grid of nv nodes in row-major order with links
 * missing at random until exactly narcs arcs remain; no node loses its last link. */
int xl_graph_circuit(uint32_t nv, uint64_t narcs, uint64_t seed, xl_graph_t *g, char *err,
                     size_t errlen);

/* How a file's arcs become the CSR of one Pannotia code (graph_io.c gives the sources). */
typedef enum {
    XL_GRAPH_FOR_SSSP = 0,   /* sssp_csr: row v lists the arcs into v, with their weights */
    XL_GRAPH_FOR_MIS_COLOR   /* mis, color: every arc is stored in both directions */
} xl_graph_use_t;

/* Largest graph a file may hold: Pannotia keeps vertex and arc counts in int. */
#define XL_GRAPH_MAX_VERTICES UINT32_C(0x7FFFFFFF)
#define XL_GRAPH_MAX_ARCS     UINT32_C(0x7FFFFFFF)

/* Read a DIMACS shortest-path file (.gr: "p sp N M", "a U V W") or a Matrix Market
 * coordinate file (banner "%%MatrixMarket matrix coordinate ..."), told apart by the
 * first line. Weights are kept (g->wt) for SSSP when the file has integer ones.
 * XL_EINPUT with one line "graph_file 'PATH' line N: ..." on any defect; nothing is left
 * allocated on failure. */
int xl_graph_read(const char *path, xl_graph_use_t use, xl_graph_t *g, char *err,
                  size_t errlen);

#endif
