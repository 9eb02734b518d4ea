/*
 * hostbuf.h - host memory for the memory system's blocks (memsys.c, l2cache.c, dram.c,
 * dram_sched.c): arrays aligned to a host cache line, and pools that grow by doubling.
 * Speed only: no simulated value depends on where or how the host keeps them
 * (docs/design.md determinism; the blocks model docs/isca18-micro18.md §1.1-1.2).
 *
 * Arrays start on a host cache line, so that an element or a set of HB_LINE bytes (a
 * request, a 16-way set's tags) is one host line and not two (malloc only aligns to 16).
 */
#ifndef XLAT_MEM_HOSTBUF_H
#define XLAT_MEM_HOSTBUF_H

#include <stddef.h>
#include <stdint.h>

#define HB_LINE 64u   /* host cache line */

/* n bytes aligned to a host cache line, zeroed; NULL when out of memory. */
void *hb_alloc(size_t n);
/* hb_alloc for memory needed in the middle of a run (a pool's growth, a wider tag array):
 * out of memory there is an internal error the void API cannot report, and a silently
 * lost request or tag would be wrong output, so it stops the process (exit status 1). */
void *hb_alloc_or_stop(size_t n);
/* A pool of *cap elements of elem bytes, doubled (64 when empty) and copied; *cap is
 * updated and the old buffer freed. Stops like hb_alloc_or_stop when out of memory. */
void *hb_grow(void *p, uint32_t *cap, size_t elem);

#endif
