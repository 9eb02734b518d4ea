/*
 * l1d.h - a CU's L1 data cache (docs/isca18-micro18.md §1.1): set-associative, true LRU
 * kept as a recency list per set; loads allocate, stores write through without allocating.
 */
#ifndef XLAT_GPU_L1D_H
#define XLAT_GPU_L1D_H

#include <stdint.h>

#include "xlat/config.h"

typedef struct {
    uint64_t *tag;           /* line address + 1, 0 = invalid */
    uint16_t *prev, *next;   /* per line: its set's recency list, most recent first */
    uint16_t *head, *tail;   /* per set: most and least recently used way, L1D_NIL: none */
    uint32_t *nvalid;        /* valid ways per set (lines are never invalidated) */
    uint32_t sets, ways;
} l1d_t;

#define L1D_NIL 0xFFFFu   /* ways are at most 1024 (config.c) */
int l1d_init(l1d_t *d, const xl_config_t *c);
int l1d_access(l1d_t *d, uint64_t line);
void l1d_free(l1d_t *d);

#endif
