/*
 * mtab.c - the miss-queue table's allocation (mtab.h).
 */
#include <stdlib.h>

#include "kernel/mtab.h"

int mtab_init(mtab_t *t, uint32_t n)
{
    uint32_t nb = 1;
    while (nb < 2 * n)
        nb <<= 1;
    t->n = n;
    t->mask = nb - 1;
    t->bucket = malloc(nb * sizeof *t->bucket);
    t->hnext = calloc(n, sizeof *t->hnext);
    t->key = calloc(n, sizeof *t->key);
    t->freemap = calloc((n + 63) / 64, sizeof *t->freemap);
    if (!t->bucket || !t->hnext || !t->key || !t->freemap)
        return -1;
    for (uint32_t i = 0; i < nb; i++)
        t->bucket[i] = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++)
        t->freemap[i >> 6] |= UINT64_C(1) << (i & 63);
    return 0;
}
void mtab_free_all(mtab_t *t)
{
    free(t->bucket);
    free(t->hnext);
    free(t->key);
    free(t->freemap);
}
