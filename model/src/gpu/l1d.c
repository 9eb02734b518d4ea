/*
 * l1d.c - the L1 data cache (l1d.h).
 */
#include <stdlib.h>

#include "gpu/l1d.h"

/* ------------------------------------------------------------------ L1 data cache */

int l1d_init(l1d_t *d, const xl_config_t *c)
{
    uint64_t lines = (uint64_t)c->l1d.size_kb * 1024u / c->l1d.line_bytes;
    d->ways = c->l1d.ways;
    d->sets = (uint32_t)(lines / d->ways);
    d->tag = calloc(lines, sizeof *d->tag);
    d->prev = calloc(lines, sizeof *d->prev);
    d->next = calloc(lines, sizeof *d->next);
    d->head = malloc(d->sets * sizeof *d->head);
    d->tail = malloc(d->sets * sizeof *d->tail);
    d->nvalid = calloc(d->sets, sizeof *d->nvalid);
    if (!d->tag || !d->prev || !d->next || !d->head || !d->tail || !d->nvalid)
        return -1;
    for (uint32_t i = 0; i < d->sets; i++)
        d->head[i] = d->tail[i] = L1D_NIL;
    return 0;
}

/* Way w of set (base: its first line) becomes the most recently used. */
static void l1d_touch(l1d_t *d, uint32_t set, size_t base, uint32_t w, int linked)
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
int l1d_access(l1d_t *d, uint64_t line)
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

void l1d_free(l1d_t *d)
{
    free(d->tag);
    free(d->prev);
    free(d->next);
    free(d->head);
    free(d->tail);
    free(d->nvalid);
}
