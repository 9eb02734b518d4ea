/*
 * uvm_link.c - the paging runtime's PCIe-like link (HPCA'16 §2 and §4.1: 16 GB/s, about
 * 250 ns a 4 KB page, a far-fault served in about 20 us; docs/papers/paged-memory.md):
 * two independent FIFO pipes, host to device for fetched pages and device to host for
 * write-backs, each a fixed latency plus one page per t_page; and the growable FIFO the
 * runtime keeps its queues in.
 */
#include <stdlib.h>

#include "uvm_int.h"

int uvm_q_push(xl_uvm_q_t *q, uint64_t a, uint64_t b)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? q->cap * 2 : 64;
        uint64_t *na = malloc(cap * sizeof *na), *nb = malloc(cap * sizeof *nb);
        if (!na || !nb) {
            free(na);
            free(nb);
            return -1;
        }
        for (size_t i = 0; i < q->n; i++) {   /* unwrap the ring in order */
            size_t k = (q->head + i) % q->cap;
            na[i] = q->a[k];
            nb[i] = q->b[k];
        }
        free(q->a);
        free(q->b);
        q->a = na;
        q->b = nb;
        q->cap = cap;
        q->head = 0;
    }
    size_t k = (q->head + q->n) % q->cap;
    q->a[k] = a;
    q->b[k] = b;
    q->n++;
    return 0;
}

void uvm_q_front(const xl_uvm_q_t *q, uint64_t *a, uint64_t *b)
{
    if (a)
        *a = q->a[q->head];
    if (b)
        *b = q->b[q->head];
}

void uvm_q_pop(xl_uvm_q_t *q)
{
    q->head = (q->head + 1) % q->cap;
    q->n--;
}

void uvm_q_free(xl_uvm_q_t *q)
{
    free(q->a);
    free(q->b);
    q->a = q->b = NULL;
    q->cap = q->head = q->n = 0;
}

static uint64_t max64(uint64_t a, uint64_t b) { return a > b ? a : b; }

/* c = max(t + l_ff, c_prev + t_page, the frame's victim written back): a lone page costs
 * l_ff, a train of them one t_page apart, and the page never lands in a frame whose old
 * contents are still on their way out. Completions only grow, so the pipe stays a FIFO. */
uint64_t uvm_h2d_issue(xl_uvm_t *rt, uint32_t page, uint32_t frame, uint64_t t)
{
    uint64_t c = t + rt->p.l_ff;
    if (rt->h2d_any)
        c = max64(c, rt->h2d_last + rt->p.t_page);
    if (rt->nframes)
        c = max64(c, rt->frame_free_at[frame]);
    rt->h2d_last = c;
    rt->h2d_any = 1;
    rt->c.h2d_busy += rt->p.t_page;
    if (uvm_q_push(&rt->h2d, page | (uint64_t)frame << 32, c))
        abort();   /* out of memory in the middle of a run: nothing sensible is left */
    return c;
}

uint64_t uvm_d2h_issue(xl_uvm_t *rt, uint32_t page, uint32_t frame, uint64_t t)
{
    uint64_t c = t + rt->p.l_evict;
    if (rt->d2h_any)
        c = max64(c, rt->d2h_last + rt->p.t_page);
    rt->d2h_last = c;
    rt->d2h_any = 1;
    rt->c.d2h_busy += rt->p.t_page;
    if (uvm_q_push(&rt->d2h, page | (uint64_t)frame << 32, c))
        abort();
    return c;
}
