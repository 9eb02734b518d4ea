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

