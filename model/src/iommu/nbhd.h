/*
 * nbhd.h - requests inside the IOMMU counted by neighbourhood, every level: the MICRO'18
 * Fig 5/6 measurement (docs/isca18-micro18.md §6). C-only: it measures, it decides nothing.
 * A request enters with its VA and its ASID above bit 47, so address spaces never share
 * a neighbourhood.
 */
#ifndef XLAT_IOMMU_NBHD_H
#define XLAT_IOMMU_NBHD_H

#include <stdint.h>

#include "xlat/coalesce.h"
#include "xlat/types.h"

/* Requests inside the IOMMU (buffered or being walked) counted by neighbourhood: the
 * MICRO'18 Fig 5/6 measurement (docs/isca18-micro18.md §6) asks, for every page-table read, whether
 * another request shares its neighbourhood. One node per level-L neighbourhood with a
 * request inside, found by key in the level's hash chains; a node links to the node of
 * its enclosing level-(L+1) neighbourhood and each request keeps its level-1 node
 * (l2m_t.nbhd), so an arrival looks up only the levels where it is the first request
 * and a departure none. A level holds at most as many nodes as requests inside, at most
 * buffer_entries + walkers (an arrival is taken only into a free buffer slot), so one
 * pool of four times that never runs out. C-only. */
typedef struct {
    uint64_t key;
    uint32_t cnt;            /* requests inside the IOMMU in this neighbourhood */
    uint32_t next;           /* next node of its hash chain, or of the free list */
    uint32_t up;             /* the enclosing neighbourhood's node, NONE at level 4 */
} nbnode_t;

typedef struct {
    uint32_t mask, free;     /* bucket index mask; free list head */
    uint32_t *bucket[5];     /* [L]: the level-L hash chains */
    nbnode_t *node;
} nbhd_t;
int nbhd_init(nbhd_t *nb, uint32_t n);
void nbhd_free(nbhd_t *nb);

#define NBHD_NONE UINT32_MAX

static inline uint64_t nbhd_key(uint64_t va, unsigned lv)
{
    return va >> xl_co_nbr_shift(lv);   /* the ASID rides above bit 47 */
}

/* The link that holds the level-lv node of key, or the chain's final NBHD_NONE. */
static inline uint32_t *nbhd_slot(nbhd_t *nb, unsigned lv, uint64_t key)
{
    uint32_t *p = &nb->bucket[lv][(uint32_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 40) & nb->mask];
    while (*p != NBHD_NONE && nb->node[*p].key != key)
        p = &nb->node[*p].next;
    return p;
}

/* Requests inside the IOMMU in the level-lv neighbourhood of a request inside it, given
 * its level-1 node: lv - 1 steps up its chain, no lookup. */
static inline uint32_t nbhd_count(const nbhd_t *nb, uint32_t i, unsigned lv)
{
    while (--lv)
        i = nb->node[i].up;
    return nb->node[i].cnt;
}

/* A request of va enters the IOMMU; returns its level-1 node. */
static inline uint32_t nbhd_enter(nbhd_t *nb, uint64_t va)
{
    uint32_t first = NBHD_NONE, *link = &first;
    for (unsigned lv = 1; lv <= 4; lv++) {
        uint64_t key = nbhd_key(va, lv);
        uint32_t *p = nbhd_slot(nb, lv, key), i = *p;
        if (i != NBHD_NONE) {
            /* another request shares this neighbourhood, so it shares the enclosing ones */
            *link = i;
            for (; i != NBHD_NONE; i = nb->node[i].up)
                nb->node[i].cnt++;
            break;
        }
        i = nb->free;
        nb->free = nb->node[i].next;
        nb->node[i] = (nbnode_t){key, 1, NBHD_NONE, NBHD_NONE};
        *p = i;
        *link = i;
        link = &nb->node[i].up;
    }
    return first;
}

/* The request whose level-1 node is i leaves the IOMMU. */
static inline void nbhd_leave(nbhd_t *nb, uint32_t i)
{
    for (unsigned lv = 1; i != NBHD_NONE; lv++) {
        nbnode_t *nd = &nb->node[i];
        uint32_t up = nd->up;
        if (--nd->cnt == 0) {
            *nbhd_slot(nb, lv, nd->key) = nd->next;
            nd->next = nb->free;
            nb->free = i;
        }
        i = up;
    }
}

#endif
