/*
 * fifo.h - the simulation kernel's FIFO of 32-bit ids, the queue between components
 * (docs/architecture.md §2): request handles waiting for a port, a buffer slot or a
 * response. It grows by doubling, so a burst never drops anything.
 */
#ifndef XLAT_KERNEL_FIFO_H
#define XLAT_KERNEL_FIFO_H

#include <stdint.h>


/* A FIFO of 32-bit ids; its capacity is a power of two (256, doubling), so positions
 * wrap with a mask rather than a division. */
typedef struct { uint32_t *v; uint32_t head, n, cap; } fifo_t;
int fifo_grow(fifo_t *f) __attribute__((noinline, cold));   /* double it (rare) */

static inline int fifo_push(fifo_t *f, uint32_t v)
{
    if (f->n == f->cap && fifo_grow(f))
        return -1;
    f->v[(f->head + f->n) & (f->cap - 1)] = v;
    f->n++;
    return 0;
}
static inline uint32_t fifo_front(const fifo_t *f) { return f->v[f->head]; }
static inline void fifo_pop(fifo_t *f)
{
    f->head = (f->head + 1) & (f->cap - 1);
    f->n--;
}

void fifo_free(fifo_t *f);

#endif
