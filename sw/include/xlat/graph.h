/*
 * graph.h - the seeded community R-MAT graph builder shared by the Pannotia workloads
 * (sw/workloads/graph.c; its file comment explains the construction and why).
 */
#ifndef XLAT_GRAPH_H
#define XLAT_GRAPH_H

#include "xlat/types.h"

/* Build a CSR graph of ncomm communities of 2^log2_win vertices with narcs arcs, of which
 * far_permille per mille leave their community. *row_ptr (V+1 entries) and *col_idx
 * (narcs entries) are malloc'd. XL_EINPUT with one line on a bad shape. */
int xl_graph_rmat(uint32_t ncomm, uint32_t log2_win, uint32_t far_permille, uint64_t narcs,
                  uint64_t seed, uint32_t **row_ptr, uint32_t **col_idx, char *err,
                  size_t errlen);

#endif
