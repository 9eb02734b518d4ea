/*
 * nbhd.c - neighbourhood counts (nbhd.h).
 */
#include <stdlib.h>

#include "iommu/nbhd.h"
#include "xlat/coalesce.h"

#define NONE UINT32_MAX

/* ------------------------------------------------------------------ neighbourhood counts */

int nbhd_init(nbhd_t *nb, uint32_t n)
{
    uint32_t nb_buckets = 1;
    while (nb_buckets < 2 * n)
        nb_buckets <<= 1;
    nb->mask = nb_buckets - 1;
    nb->node = malloc((size_t)4 * n * sizeof *nb->node);
    if (!nb->node)
        return -1;
    for (unsigned lv = 1; lv <= 4; lv++) {
        if (!(nb->bucket[lv] = malloc(nb_buckets * sizeof *nb->bucket[lv])))
            return -1;
        for (uint32_t i = 0; i < nb_buckets; i++)
            nb->bucket[lv][i] = NONE;
    }
    nb->free = NONE;
    for (uint32_t i = 4 * n; i-- > 0;) {
        nb->node[i].next = nb->free;
        nb->free = i;
    }
    return 0;
}

void nbhd_free(nbhd_t *nb)
{
    for (unsigned lv = 1; lv <= 4; lv++)
        free(nb->bucket[lv]);
    free(nb->node);
}

static uint64_t nbhd_key(uint64_t va, unsigned lv)
{
    return va >> xl_co_nbr_shift(lv);   /* the ASID rides above bit 47 */
}

/* The link that holds the level-lv node of key, or the chain's final NONE. */
static uint32_t *nbhd_slot(nbhd_t *nb, unsigned lv, uint64_t key)
{
    uint32_t *p = &nb->bucket[lv][(uint32_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 40) & nb->mask];
    while (*p != NONE && nb->node[*p].key != key)
        p = &nb->node[*p].next;
    return p;
}

/* Requests inside the IOMMU in the level-lv neighbourhood of a request inside it, given
 * its level-1 node: lv - 1 steps up its chain, no lookup. */
uint32_t nbhd_count(const nbhd_t *nb, uint32_t i, unsigned lv)
{
    while (--lv)
        i = nb->node[i].up;
    return nb->node[i].cnt;
}

/* A request of va enters the IOMMU; returns its level-1 node. */
uint32_t nbhd_enter(nbhd_t *nb, uint64_t va)
{
    uint32_t first = NONE, *link = &first;
    for (unsigned lv = 1; lv <= 4; lv++) {
        uint64_t key = nbhd_key(va, lv);
        uint32_t *p = nbhd_slot(nb, lv, key), i = *p;
        if (i != NONE) {
            /* another request shares this neighbourhood, so it shares the enclosing ones */
            *link = i;
            for (; i != NONE; i = nb->node[i].up)
                nb->node[i].cnt++;
            break;
        }
        i = nb->free;
        nb->free = nb->node[i].next;
        nb->node[i] = (nbnode_t){key, 1, NONE, NONE};
        *p = i;
        *link = i;
        link = &nb->node[i].up;
    }
    return first;
}

/* The request whose level-1 node is i leaves the IOMMU. */
void nbhd_leave(nbhd_t *nb, uint32_t i)
{
    for (unsigned lv = 1; i != NONE; lv++) {
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
