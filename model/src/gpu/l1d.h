/*
 * l1d.h - a CU's L1 data cache (docs/isca18-micro18.md §1.1): set-associative, true LRU
 * kept as a recency list per set; loads allocate, stores write through without allocating.
 * A line leaves only as a victim, or when its page is evicted (l1d_inv_range).
 */
#ifndef XLAT_GPU_L1D_H
#define XLAT_GPU_L1D_H

#include <stddef.h>
#include <stdint.h>

#include "xlat/config.h"
#include "xlat/repl.h"

typedef struct {
    uint64_t *tag;           /* line address + 1, 0 = invalid */
    uint16_t *prev, *next;   /* per line: its set's recency list, most recent first */
    uint16_t *head, *tail;   /* per set: most and least recently used way, L1D_NIL: none */
    uint32_t *nvalid;        /* valid ways per set (an invalidated way, l1d_inv_range, leaves
                              * a hole that the next miss of its set fills first) */
    uint32_t sets, ways;
} l1d_t;

#define L1D_NIL XL_REPL_NIL   /* ways are at most 1024 (config.c) */
int l1d_init(l1d_t *d, const xl_config_t *c);
void l1d_free(l1d_t *d);
/* HPCA'16 §5.1's selective flush of an evicted page: the 64 B lines line .. line + n - 1
 * (a page's frame) leave the cache. Write-through, so none is dirty: they are dropped.
 * Returns how many were held. Called between steps, never on the access path; a load
 * whose miss is still out does not refill (a miss allocates at lookup, l1d_access). */
uint64_t l1d_inv_range(l1d_t *d, uint64_t line, uint64_t n);

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
            xl_repl_list_touch(d->prev + base, d->next + base, &d->head[set], &d->tail[set], w);
            return 1;
        }
    if (d->nvalid[set] < d->ways) {
        for (w = 0; t[w] != 0; w++)
            ;
        victim = w;
        d->nvalid[set]++;
        xl_repl_list_push(d->prev + base, d->next + base, &d->head[set], &d->tail[set], victim);
    } else {
        victim = d->tail[set];
        xl_repl_list_touch(d->prev + base, d->next + base, &d->head[set], &d->tail[set], victim);
    }
    t[victim] = line + 1;
    return 0;
}

#endif
