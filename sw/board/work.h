/*
 * work.h - what xlat-board gives the board to do (fpga/README.md "The protocol": the
 * arrivals it sends as A frames and the page-table lines it answers reads with as R
 * frames): either a seeded random page table with instructions of 1..16 requests over it
 * (gen.c), or the accepted arrivals of an IOMMU-boundary trace and the memory its reads
 * and responses show (replay.c, model/README.md "IOMMU-boundary trace").
 */
#ifndef XB_WORK_H
#define XB_WORK_H

#include <stddef.h>
#include <stdint.h>

#include "xlat/addrspace.h"
#include "xlat/physmem.h"
#include "xlat/rng.h"
#include "xlat/walk_path.h"

typedef struct {
    uint64_t va;
    uint32_t instr;
} xb_arrival_t;

/* The trace's memory: line address -> its 8 entries, open addressing. */
typedef struct {
    uint64_t *key;           /* line address | 1 (lines are 64-byte aligned); 0 = empty */
    uint64_t (*line)[8];
    size_t cap, n;
} xb_lines_t;

typedef struct {
    int replay;
    xl_pa_t root;             /* the page-table root the Z frame carries */
    uint64_t limit, issued;   /* requests to give, given */
    uint64_t zero_lines;      /* reads answered with 8 zero entries (no line known) */

    /* random mode (gen.c): the page table, and instructions of 1..16 requests */
    xl_physmem_t *pm;
    xl_as_t as;
    uint64_t pages4k, pages2m, holes;
    xl_rng_t rng;
    xb_arrival_t cur[16];
    unsigned ncur, icur;
    uint32_t next_id, recent[8];
    unsigned nrecent;

    /* replay mode (replay.c) */
    xb_arrival_t *arr;
    size_t narr;
    xb_lines_t lines;
    uint64_t trace_lines, trace_reads, changed;   /* C lines; reads; lines read twice, differing */
    char trace_params[512];   /* the P line up to root= */
} xb_work_t;

/* Random mode: the page table of seed and `requests` requests over it. XL_EINTERNAL with
 * one line when the page table cannot be built. */
int xb_work_random(xb_work_t *w, uint64_t seed, uint64_t requests, char *err, size_t errlen);
/* Replay mode: the trace at path, at most `limit` of its arrivals (UINT64_MAX: all).
 * XL_EINPUT with one line naming the file and line when the trace is bad. */
int xb_work_replay(xb_work_t *w, const char *path, uint64_t limit, char *err, size_t errlen);
void xb_work_free(xb_work_t *w);

/* The next request; 0 when all have been given. */
int xb_work_next(xb_work_t *w, xb_arrival_t *a);
/* Requests left to give. */
uint64_t xb_work_left(const xb_work_t *w);
/* The 64-byte line at addr (aligned down) into line[8]; a replay's line it never saw reads
 * as 8 zero (not-present) entries, counted in zero_lines. */
void xb_work_line(xb_work_t *w, xl_pa_t addr, uint64_t line[8]);

/* Between the files of work.h: the random mode's next request (gen.c), and the line map
 * (replay.c) that xb_work_line reads. xb_lines_put sets *changed when addr held another
 * line; XL_EINTERNAL when out of memory. */
void xb_gen_next(xb_work_t *w, xb_arrival_t *a);
int xb_lines_put(xb_lines_t *t, uint64_t addr, const uint64_t line[8], int *changed);
const uint64_t *xb_lines_get(const xb_lines_t *t, uint64_t addr);
void xb_lines_free(xb_lines_t *t);

#endif
