/*
 * fuzz_graph.c - libFuzzer target for the graph-file readers (sw/workloads/graph_io.c:
 * DIMACS .gr and Matrix Market .mtx, workload.graph_file; docs/design.md "Verification stack"
 * 6: input parsers are fuzzed).
 *
 * Each input is written to a file of its own under build/fuzz and read for both uses
 * (SSSP's in-arcs with weights, MIS/Color's both-way arcs). Any crash, sanitizer report,
 * or a broken contract aborts the run:
 *   - a rejected file gives XL_EINPUT and one non-empty line naming the file;
 *   - an accepted file gives a well-formed CSR: row[0] = 0, rows non-decreasing,
 *     row[nv] = narcs, every col[e] < nv.
 * Inputs whose header asks for more than 2^20 vertices or arcs are skipped: the reader
 * would rightly allocate that much, which tells nothing about its parsing.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xlat/graph.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The largest count in the input's first numbers (headers come first in both formats). */
static int asks_too_much(const uint8_t *data, size_t size)
{
    size_t n = size < 4096 ? size : 4096;
    uint64_t v = 0;
    int digits = 0;
    for (size_t i = 0; i <= n; i++) {
        if (i < n && data[i] >= '0' && data[i] <= '9') {
            if (++digits > 7)
                return 1;
            v = v * 10u + (uint64_t)(data[i] - '0');
            continue;
        }
        if (digits && v > (UINT64_C(1) << 20))
            return 1;
        v = 0;
        digits = 0;
    }
    return 0;
}

static void check(int rc, const xl_graph_t *g, const char *err, const char *path)
{
    if (rc != XL_OK) {
        if (rc != XL_EINPUT || err[0] == '\0' || strchr(err, '\n') || !strstr(err, path))
            abort();
        if (g->row || g->col || g->wt)
            abort();   /* nothing is left allocated on failure */
        return;
    }
    if (!g->row || g->row[0] != 0 || g->row[g->nv] != g->narcs)
        abort();
    for (uint32_t v = 0; v < g->nv; v++)
        if (g->row[v] > g->row[v + 1])
            abort();
    for (uint64_t e = 0; e < g->narcs; e++)
        if (g->col[e] >= g->nv)
            abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof path, "build/fuzz/graph-input-%ld.gr", (long)getpid());
    if (asks_too_much(data, size))
        return 0;
    FILE *f = fopen(path, "wb");
    if (!f)
        abort();
    if (size && fwrite(data, 1, size, f) != size)
        abort();
    fclose(f);
    for (int use = XL_GRAPH_FOR_SSSP; use <= XL_GRAPH_FOR_MIS_COLOR; use++) {
        xl_graph_t g;
        char err[512] = "";
        memset(&g, 0, sizeof g);
        int rc = xl_graph_read(path, (xl_graph_use_t)use, &g, err, sizeof err);
        check(rc, &g, err, path);
        xl_graph_free(&g);
    }
    return 0;
}
