/*
 * l1d.h - a CU's L1 data cache (docs/isca18-micro18.md §1.1): set-associative, true LRU
 * kept as a recency list per set; loads allocate, stores write through without allocating.
 */
#ifndef XLAT_GPU_L1D_H
#define XLAT_GPU_L1D_H

#include <stddef.h>
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
void l1d_free(l1d_t *d);

/* Way w of set (base: its first line) becomes the most recently used. */
static inline void l1d_touch(l1d_t *d, uint32_t set, size_t base, uint32_t w, int linked)
{
    uint16_t *pv = d->prev + base, *nx = d->next + base;
    if (linked) {
        if (d->head[set] == w)
            return;
        nx[pv[w]] = nx[w];   /* w is not the head, so it has a predecessor */
        if (nx[w] == L1D_NIL)
            d->tail[set] = pv[w];
        else
            pv[nx[w]] = pv[w];
    }
    pv[w] = L1D_NIL;
    nx[w] = d->head[set];
    if (d->head[set] == L1D_NIL)
        d->tail[set] = (uint16_t)w;
    else
        pv[d->head[set]] = (uint16_t)w;
    d->head[set] = (uint16_t)w;
}

/* Returns 1 on hit (and touches); on miss allocates the line: the lowest invalid way,
 * else the least recently used one (the tail of the set's recency list). */
static inline int l1d_access(l1d_t *d, uint64_t line)
{
    uint32_t set = (uint32_t)(line & (d->sets - 1));
    size_t base = (size_t)set * d->ways;
    uint64_t *t = &d->tag[base];
    uint32_t victim, w;
    for (w = 0; w < d->ways; w++)
        if (t[w] == line + 1) {
            l1d_touch(d, set, base, w, 1);
            return 1;
        }
    if (d->nvalid[set] < d->ways) {
        for (w = 0; t[w] != 0; w++)
            ;
        victim = w;
        d->nvalid[set]++;
        l1d_touch(d, set, base, victim, 0);
    } else {
        victim = d->tail[set];
        l1d_touch(d, set, base, victim, 1);
    }
    t[victim] = line + 1;
    return 0;
}

#endif
