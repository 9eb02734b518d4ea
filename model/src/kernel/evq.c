/*
 * evq.c - the timed-event queue's out-of-line half (evq.h): the far-event heap, node pool
 * growth and the queries the main loop and the watchdog make.
 */
#include <stdlib.h>

#include "kernel/evq.h"

static int ev_less(const ev_t *x, const ev_t *y)
{
    return x->t < y->t || (x->t == y->t && x->seq < y->seq);
}

int evq_heap_push(heap_t *q, uint64_t t, uint32_t type, uint32_t a, uint64_t b)
{
    if (q->n == q->cap) {
        size_t nc = q->cap ? q->cap * 2 : 1024;
        ev_t *nh = realloc(q->h, nc * sizeof *nh);
        if (!nh)
            return -1;
        q->h = nh;
        q->cap = nc;
    }
    size_t i = q->n++;
    ev_t e = {t, q->seq++, type, a, b};
    while (i > 0) {
        size_t p = (i - 1) / 2;
        if (!ev_less(&e, &q->h[p]))
            break;
        q->h[i] = q->h[p];
        i = p;
    }
    q->h[i] = e;
    return 0;
}

ev_t evq_heap_pop(heap_t *q)
{
    ev_t top = q->h[0], last = q->h[--q->n];
    size_t i = 0;
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        const ev_t *best = &last;
        if (l < q->n && ev_less(&q->h[l], best)) {
            m = l;
            best = &q->h[l];
        }
        if (r < q->n && ev_less(&q->h[r], best))
            m = r;
        if (m == i)
            break;
        q->h[i] = q->h[m];
        i = m;
    }
    if (q->n)
        q->h[i] = last;
    return top;
}
void evq_init(evq_t *q)
{
    for (uint32_t i = 0; i < WHEEL; i++)
        q->b[i].head = q->b[i].tail = UINT32_MAX;
    q->free = UINT32_MAX;
}

/* Double the node pool (out of line: rare, and it keeps evq_wb_push small enough to inline). */
int evq_grow(evq_t *q)
{
    uint32_t nc = q->ncap ? 2 * q->ncap : 1024;
    wnode_t *nv = realloc(q->node, (size_t)nc * sizeof *nv);
    if (!nv)
        return -1;
    for (uint32_t k = nc; k-- > q->ncap;) {
        nv[k].next = q->free;
        q->free = k;
    }
    q->node = nv;
    q->ncap = nc;
    return 0;
}

/* Events queued (for the watchdog report: the queue keeps no count). */
size_t evq_count(const evq_t *q)
{
    size_t n = q->far.n;
    for (uint32_t i = 0; i < WHEEL; i++)
        for (uint32_t k = q->b[i].head; k != UINT32_MAX; k = q->node[k].next)
            n++;
    return n;
}

int evq_empty(const evq_t *q)
{
    for (uint32_t w = 0; w < WHEEL / 64; w++)
        if (q->nonempty[w])
            return 0;
    return q->far.n == 0;
}

void evq_free(evq_t *q)
{
    free(q->node);
    free(q->far.h);
}
