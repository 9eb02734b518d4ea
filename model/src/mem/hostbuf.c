/*
 * hostbuf.c - host memory for the memory system's blocks (hostbuf.h): line-aligned zeroed
 * arrays and doubling pools. Speed only (docs/design.md determinism); the blocks it
 * serves model docs/isca18-micro18.md §1.1-1.2.
 */
#include "mem/hostbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *hb_alloc(size_t n)
{
    void *p;
    if (n == 0u)
        n = 1u;
    if (posix_memalign(&p, HB_LINE, n) != 0)
        return NULL;
    memset(p, 0, n);
    return p;
}

void *hb_alloc_or_stop(size_t n)
{
    void *p = hb_alloc(n);
    if (p == NULL) {
        fprintf(stderr, "xlat: memsys: out of memory\n");
        exit(1);
    }
    return p;
}

void *hb_grow(void *p, uint32_t *cap, size_t elem)
{
    uint32_t ncap = *cap ? *cap * 2u : 64u;
    void *q = hb_alloc_or_stop((size_t)ncap * elem);
    if (p != NULL)
        memcpy(q, p, (size_t)*cap * elem);
    free(p);
    *cap = ncap;
    return q;
}
