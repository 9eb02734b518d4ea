/*
 * mtab.h - the simulation kernel's miss-queue table (docs/architecture.md §2): the MSHRs
 * of the L1 and L2 TLBs, entries found by page number, so a lookup costs the same with 64
 * or 1024 entries.
 */
#ifndef XLAT_KERNEL_MTAB_H
#define XLAT_KERNEL_MTAB_H

#include <stdint.h>

#include "xlat/types.h"

/* An MSHR table: entries found by page number through a hash of chains, so a lookup
 * costs the same with 64 or 1024 MSHRs; free entries are taken lowest index first
 * (a bitmap of free entries). */
typedef struct {
    uint32_t n, used, mask;
    uint32_t *bucket, *hnext;
    uint64_t *key;
    uint64_t *freemap;
} mtab_t;

int  mtab_init(mtab_t *t, uint32_t n);
void mtab_free_all(mtab_t *t);

static inline uint32_t mtab_hash(const mtab_t *t, uint64_t key)
{
    return (uint32_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & t->mask;
}
/* The entry of key, NONE if none; *h receives key's bucket, for mtab_alloc. */
static inline uint32_t mtab_find(const mtab_t *t, uint64_t key, uint32_t *h)
{
    *h = mtab_hash(t, key);
    for (uint32_t i = t->bucket[*h]; i != UINT32_MAX; i = t->hnext[i])
        if (t->key[i] == key)
            return i;
    return UINT32_MAX;
}
/* An entry for key (not in the table; h: its bucket), NONE when all are in use. */
static inline uint32_t mtab_alloc(mtab_t *t, uint64_t key, uint32_t h)
{
    if (t->used == t->n)
        return UINT32_MAX;
    uint32_t w = 0;
    while (!t->freemap[w])
        w++;
    uint32_t i = 64 * w + xl_ctz64(t->freemap[w]);
    t->freemap[w] &= ~(UINT64_C(1) << (i & 63));
    t->key[i] = key;
    t->hnext[i] = t->bucket[h];
    t->bucket[h] = i;
    t->used++;
    return i;
}
static inline void mtab_release(mtab_t *t, uint32_t i)
{
    uint32_t *p = &t->bucket[mtab_hash(t, t->key[i])];
    while (*p != i)
        p = &t->hnext[*p];
    *p = t->hnext[i];
    t->freemap[i >> 6] |= UINT64_C(1) << (i & 63);
    t->used--;
}

#endif
