/*
 * ptcache.c - the page-table line cache (ptcache.h).
 */
#include <stdlib.h>

#include "iommu/ptcache.h"
#include "xlat/repl.h"

/* ------------------------------------------------------------------ page-table line cache */

/* Look line up (LRU touch on a hit); returns 1 on a hit. */
int ptc_lookup(ptcache_t *c, uint64_t line)
{
    uint32_t set = (uint32_t)((line >> 6) & (c->sets - 1));
    uint64_t *t = &c->tag[(size_t)set * c->ways], *st = &c->stamp[(size_t)set * c->ways];
    for (uint32_t w = 0; w < c->ways; w++)
        if (t[w] == line + 1) {
            xl_repl_stamp_touch(&st[w], &c->clock);
            c->hits++;
            return 1;
        }
    c->misses++;
    return 0;
}

/* Insert line: the lowest invalid way, else the least recently used one. */
void ptc_fill(ptcache_t *c, uint64_t line)
{
    uint32_t set = (uint32_t)((line >> 6) & (c->sets - 1));
    uint64_t *t = &c->tag[(size_t)set * c->ways], *st = &c->stamp[(size_t)set * c->ways];
    for (uint32_t w = 0; w < c->ways; w++)
        if (t[w] == line + 1)
            return;   /* two misses of one line: the second fill finds it */
    /* a way's stamp is 0 exactly while it is invalid (lines are never invalidated), so the
     * smallest stamp is the lowest invalid way, else the least recently used */
    unsigned v = xl_repl_stamp_victim(st, c->ways);
    t[v] = line + 1;
    xl_repl_stamp_touch(&st[v], &c->clock);
}

int ptc_init(ptcache_t *c, uint32_t kb, uint32_t ways)
{
    uint32_t lines = kb * 1024u / 64u;
    c->ways = ways;
    c->sets = lines / ways;
    c->tag = calloc(lines, sizeof *c->tag);
    c->stamp = calloc(lines, sizeof *c->stamp);
    return c->tag && c->stamp ? 0 : -1;
}

void ptc_free(ptcache_t *c)
{
    free(c->tag);
    free(c->stamp);
}
