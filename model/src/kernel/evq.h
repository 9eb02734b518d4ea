/*
 * evq.h - the simulation kernel's one timed-event queue (docs/architecture.md §2): every
 * component of the cycle-level system schedules its future work here as (time, type, a,
 * b) events, which leave in (time, push order). A timing wheel holds the near future, a
 * binary heap the far one; the order is exactly one heap's.
 */
#ifndef XLAT_KERNEL_EVQ_H
#define XLAT_KERNEL_EVQ_H

#include <stddef.h>
#include <stdint.h>

#include "xlat/types.h"

typedef struct {
    uint64_t t, seq;
    uint32_t type, a;
    uint64_t b;
} ev_t;

typedef struct {
    ev_t *h;
    size_t n, cap;
    uint64_t seq;
} heap_t;

/* The timed-event queue: a timing wheel of WHEEL one-cycle buckets for events due
 * within WHEEL cycles of `base` (FIFO per bucket), and the heap for later ones. Events
 * leave in (time, push order), exactly as from one heap: an event goes to the heap
 * only when its time is at least base + WHEEL, and it moves to its bucket as soon as
 * base comes within WHEEL of it, before anything else can be pushed for that time.
 * Bucket entries are nodes of one pool, linked per bucket, with a LIFO free list: a
 * push reuses the node popped last, which is still in the host cache, where a vector
 * per bucket would touch a line of the bucket's own array, cold after WHEEL cycles. */
#define WHEEL_BITS 10u   /* beyond every latency of the model's defaults */
#define WHEEL (1u << WHEEL_BITS)

typedef struct {
    uint32_t type, a;
    uint64_t b;
    uint32_t next;      /* next node of the same bucket or of the free list, NONE: last */
} wnode_t;

typedef struct {
    uint32_t head, tail;                 /* first and last node, NONE when empty */
} wbucket_t;

typedef struct {
    wbucket_t b[WHEEL];                  /* head and tail side by side: one cache line */
    uint64_t nonempty[WHEEL / 64];
    wnode_t *node;
    uint32_t ncap, free;                 /* pool size, free list head */
    heap_t far;
    uint64_t base;      /* every wheel event is due in [base, base + WHEEL) */
    int past;           /* an event was pushed for a cycle already gone (a bug) */
} evq_t;

void     evq_init(evq_t *q);
void     evq_free(evq_t *q);
int      evq_heap_push(heap_t *q, uint64_t t, uint32_t type, uint32_t a, uint64_t b);
ev_t     evq_heap_pop(heap_t *q);
int      evq_grow(evq_t *q) __attribute__((noinline, cold));
size_t   evq_count(const evq_t *q);
int      evq_empty(const evq_t *q);

/* Append an event to bucket i. */
static inline __attribute__((always_inline)) int evq_wb_push(evq_t *q, uint32_t i, uint32_t type,
                                                        uint32_t a, uint64_t b)
{
    if (q->free == UINT32_MAX && evq_grow(q))
        return -1;
    uint32_t k = q->free;
    wnode_t *nd = &q->node[k];
    q->free = nd->next;
    nd->type = type;
    nd->a = a;
    nd->b = b;
    nd->next = UINT32_MAX;
    wbucket_t *w = &q->b[i];
    if (w->head == UINT32_MAX) {
        w->head = k;
        q->nonempty[i >> 6] |= UINT64_C(1) << (i & 63);
    } else {
        q->node[w->tail].next = k;
    }
    w->tail = k;
    return 0;
}

static inline __attribute__((always_inline)) int evq_push(evq_t *q, uint64_t t, uint32_t type,
                                                         uint32_t a, uint64_t b)
{
    if (t < q->base) {
        q->past = 1;
        t = q->base;
    }
    if (t - q->base >= WHEEL)
        return evq_heap_push(&q->far, t, type, a, b);
    return evq_wb_push(q, (uint32_t)(t & (WHEEL - 1)), type, a, b);
}

/* Time moves to now (every event before now has been taken): bring far events in.
 * An event pushed for the cycle `base` after that cycle's events were taken (a
 * zero-latency push from a later phase of the cycle, e.g. iommu.link_latency = 0) is
 * still in base's bucket. It is due, and due before now's own events (an earlier time),
 * as it would be from one heap: its bucket's list goes to the head of now's. Left there,
 * it would wait until base came round the wheel again, WHEEL cycles late. */
static inline int evq_advance(evq_t *q, uint64_t now)
{
    if (now <= q->base)
        return 0;
    uint32_t i0 = (uint32_t)(q->base & (WHEEL - 1)), i1 = (uint32_t)(now & (WHEEL - 1));
    if (q->b[i0].head != UINT32_MAX && i0 != i1) {
        wbucket_t *s = &q->b[i0], *d = &q->b[i1];
        q->node[s->tail].next = d->head;
        if (d->head == UINT32_MAX) {
            d->tail = s->tail;
            q->nonempty[i1 >> 6] |= UINT64_C(1) << (i1 & 63);
        }
        d->head = s->head;
        s->head = UINT32_MAX;
        q->nonempty[i0 >> 6] &= ~(UINT64_C(1) << (i0 & 63));
    }
    q->base = now;
    while (q->far.n && q->far.h[0].t - q->base < WHEEL) {
        ev_t e = evq_heap_pop(&q->far);
        if (evq_wb_push(q, (uint32_t)(e.t & (WHEEL - 1)), e.type, e.a, e.b))
            return -1;
    }
    return 0;
}

/* Take the next event due at base (the current cycle), if any: its type, a and b (its
 * time is base; the order within the bucket is its list order). */
static inline int evq_pop_now(evq_t *q, ev_t *out)
{
    uint32_t i = (uint32_t)(q->base & (WHEEL - 1));
    uint32_t k = q->b[i].head;
    if (k == UINT32_MAX)
        return 0;
    wnode_t *nd = &q->node[k];
    out->type = nd->type;
    out->a = nd->a;
    out->b = nd->b;
    q->b[i].head = nd->next;
    if (nd->next == UINT32_MAX)
        q->nonempty[i >> 6] &= ~(UINT64_C(1) << (i & 63));
    nd->next = q->free;
    q->free = k;
    return 1;
}

/* The time of the earliest queued event, UINT64_MAX if none. */
/* Events queued (for the watchdog report: the queue keeps no count). */
/* The time of the earliest queued event, UINT64_MAX if none. */
static inline uint64_t evq_next_time(const evq_t *q)
{
    /* the buckets in time order: start's word from start on, the other words, then
     * start's word below start */
    uint32_t start = (uint32_t)(q->base & (WHEEL - 1)), w = start >> 6;
    uint64_t v = q->nonempty[w] & (~UINT64_C(0) << (start & 63));
    for (uint32_t k = 1; !v && k <= WHEEL / 64; k++) {
        w = (w + 1) % (WHEEL / 64);
        v = q->nonempty[w];
        if (k == WHEEL / 64)
            v &= (UINT64_C(1) << (start & 63)) - 1;
    }
    if (v)
        return q->base + ((w * 64 + xl_ctz64(v) - start) & (WHEEL - 1));
    return q->far.n ? q->far.h[0].t : UINT64_MAX;
}

#endif
