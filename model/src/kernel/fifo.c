/*
 * fifo.c - FIFO growth (fifo.h).
 */
#include <stdlib.h>

#include "kernel/fifo.h"

/* Double a full FIFO (out of line: rare). */
int fifo_grow(fifo_t *f)
{
    uint32_t nc = f->cap ? f->cap * 2 : 256;
    uint32_t *nv = malloc(nc * sizeof *nv);
    if (!nv)
        return -1;
    for (uint32_t i = 0; i < f->n; i++)
        nv[i] = f->v[(f->head + i) & (f->cap - 1)];
    free(f->v);
    f->v = nv;
    f->cap = nc;
    f->head = 0;
    return 0;
}


void fifo_free(fifo_t *f)
{
    free(f->v);
    f->v = NULL;
    f->head = f->n = f->cap = 0;
}
