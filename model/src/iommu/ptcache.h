/*
 * ptcache.h - the IOMMU's optional cache of page-table lines (iommu.ptcache_kb; MICRO'18
 * §VI, docs/isca18-micro18.md §6): set-associative, LRU by stamp, read-only lines.
 */
#ifndef XLAT_IOMMU_PTCACHE_H
#define XLAT_IOMMU_PTCACHE_H

#include <stdint.h>

/* The IOMMU cache of page-table lines (MICRO'18 §VI alternative): set-associative,
 * LRU by stamp, lines are never written (A/D bits are not modelled). C-only. */
typedef struct {
    uint32_t sets, ways;
    uint64_t *tag;          /* line address + 1, 0 = invalid */
    uint64_t *stamp, clock;
    uint64_t hits, misses;
} ptcache_t;
int ptc_lookup(ptcache_t *c, uint64_t line);
void ptc_fill(ptcache_t *c, uint64_t line);
/* kb KB of 64 B lines, ways per set (config.c checks the geometry). */
int  ptc_init(ptcache_t *c, uint32_t kb, uint32_t ways);
void ptc_free(ptcache_t *c);

#endif
