/*
 * l1d.c - the L1 data cache (l1d.h): set-up, and the invalidation of an evicted page's
 * lines (HPCA'16 §5.1).
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


void l1d_free(l1d_t *d)
{
    free(d->tag);
    free(d->prev);
    free(d->next);
    free(d->head);
    free(d->tail);
    free(d->nvalid);
}

uint64_t l1d_inv_range(l1d_t *d, uint64_t line, uint64_t n)
{
    uint64_t held = 0;
    for (uint64_t l = line; l < line + n; l++) {
        uint32_t set = (uint32_t)(l & (d->sets - 1));
        size_t base = (size_t)set * d->ways;
        for (uint32_t w = 0; w < d->ways; w++)
            if (d->tag[base + w] == l + 1) {
                /* the hole is found by l1d_access's scan for a zero tag while the set is
                 * not full, so it is filled before any valid way is replaced */
                xl_repl_list_remove(d->prev + base, d->next + base, &d->head[set],
                                    &d->tail[set], w);
                d->tag[base + w] = 0;
                d->nvalid[set]--;
                held++;
                break;
            }
    }
    return held;
}
