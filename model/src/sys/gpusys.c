/*
 * gpusys.c - the cycle-level GPU translation system (gpusys.h).
 *
 * docs/isca18-micro18.md §1.5, the life of a translation, with time:
 *   1. a wavefront issues a memory instruction (one instruction per CU per cycle; which
 *      READY wavefront: gpu.wave_sched, round-robin or oldest-first, section "CU issue");
 *   2. the coalescer merges same-page lanes; the CU's L1 TLB takes l1tlb.ports
 *      requests per cycle (the CU's memory pipe is busy meanwhile);
 *   3. L1 TLB hit: translation after l1tlb.hit_latency; miss: an L1 MSHR (same-page
 *      misses merge; full: the request waits) and an L2 TLB lookup (l2tlb.ports per
 *      cycle, result after l2tlb.hit_latency; misses merge in L2 MSHRs);
 *   4. an L2 miss crosses the link (iommu.link_latency) to the IOMMU;
 *   5. the IOMMU takes one request per cycle into its L1/L2 TLBs (iommu.tlb_latency);
 *   6-8. a miss enters the IOMMU walk path, twin block xl_walk_path (walk buffer and
 *      scheduler, PWCs, walk coalescing, walkers; walk_path.h): it reads 64 B page-table
 *      lines through one port, here served by xl_memsys (the L2 data cache and DRAM,
 *      shared with data) or, with iommu.ptcache_kb, first by an IOMMU cache of
 *      page-table lines (MICRO'18 §VI); one response per cycle goes back in;
 *   9. the translation fills the IOMMU TLBs, crosses the link back, fills the L2 TLB,
 *      the waiting L1 TLBs, and releases the lanes' data accesses (L1 data cache, then
 *      xl_memsys). The instruction completes when all its translations and data are back.
 * Ideal translation (translation.ideal = 1): every L1 TLB lookup hits in one cycle.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xlat/addrspace.h"
#include "xlat/funcsys.h"
#include "xlat/gpusys.h"
#include "xlat/walk_path.h"
#include "xlat/memsys.h"
#include "xlat/pagetable.h"
#include "xlat/pwc.h"
#include "xlat/tlb.h"
#include "xlat/walk_sched.h"

#define ASID 1u
#define NONE UINT32_MAX
#define EPOCH 1024u   /* L2 TLB accesses per epoch of the Fig 12 metric */

/* ------------------------------------------------------------------ events */

enum {
    EV_WAVE_READY,   /* a: gslot - an ALU/LDS instruction finished */
    EV_CU_WAKE,      /* a: cu - the memory pipe became free */
    EV_L1_RESULT,    /* a: gslot, b: vpn - an L1 TLB hit delivers its translation */
    EV_L2_ACCESS,    /* a: cu<<16 | l1 mshr - the request reaches the L2 TLB */
    EV_L2_RESULT,    /* a: cu<<16 | l1 mshr, b: frame - an L2 TLB hit delivers its translation */
    EV_IOMMU_ARRIVE, /* a: l2 mshr - the request reaches the IOMMU */
    EV_IOMMU_TLB,    /* a: l2 mshr, b: hit flag - IOMMU TLB lookup result */
    EV_GPU_RESP,     /* a: l2 mshr - the translation is back at the GPU */
    EV_PT_HIT,       /* a: walker - its read hit the page-table line cache */
    EV_L1D_MISS,     /* a: gslot, b: line pa - L1 data miss goes to memory */
    EV_LINE_DONE     /* a: gslot - an L1 data hit returns */
};

#define LAT_BUCKETS 10u   /* walk latency histogram: lt128 .. lt32k, ge32k */

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

static int ev_less(const ev_t *x, const ev_t *y)
{
    return x->t < y->t || (x->t == y->t && x->seq < y->seq);
}

static int heap_push(heap_t *q, uint64_t t, uint32_t type, uint32_t a, uint64_t b)
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

static ev_t heap_pop(heap_t *q)
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

static void evq_init(evq_t *q)
{
    for (uint32_t i = 0; i < WHEEL; i++)
        q->b[i].head = q->b[i].tail = UINT32_MAX;
    q->free = UINT32_MAX;
}

/* Double the node pool (out of line: rare, and it keeps wb_push small enough to inline). */
static int wb_grow(evq_t *q) __attribute__((noinline, cold));
static int wb_grow(evq_t *q)
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

/* Append an event to bucket i. */
static inline __attribute__((always_inline)) int wb_push(evq_t *q, uint32_t i, uint32_t type,
                                                        uint32_t a, uint64_t b)
{
    if (q->free == UINT32_MAX && wb_grow(q))
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
        return heap_push(&q->far, t, type, a, b);
    return wb_push(q, (uint32_t)(t & (WHEEL - 1)), type, a, b);
}

/* Time moves to now (every event before now has been taken): bring far events in. */
static int evq_advance(evq_t *q, uint64_t now)
{
    if (now <= q->base)
        return 0;
    q->base = now;
    while (q->far.n && q->far.h[0].t - q->base < WHEEL) {
        ev_t e = heap_pop(&q->far);
        if (wb_push(q, (uint32_t)(e.t & (WHEEL - 1)), e.type, e.a, e.b))
            return -1;
    }
    return 0;
}

/* Take the next event due at base (the current cycle), if any: its type, a and b (its
 * time is base; the order within the bucket is its list order). */
static int evq_pop_now(evq_t *q, ev_t *out)
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
static uint64_t evq_next_time(const evq_t *q)
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

/* Events queued (for the watchdog report: the queue keeps no count). */
static size_t evq_count(const evq_t *q)
{
    size_t n = q->far.n;
    for (uint32_t i = 0; i < WHEEL; i++)
        for (uint32_t k = q->b[i].head; k != UINT32_MAX; k = q->node[k].next)
            n++;
    return n;
}

static int evq_empty(const evq_t *q)
{
    for (uint32_t w = 0; w < WHEEL / 64; w++)
        if (q->nonempty[w])
            return 0;
    return q->far.n == 0;
}

static void evq_free(evq_t *q)
{
    free(q->node);
    free(q->far.h);
}

/* ------------------------------------------------------------------ state */

/* A wavefront slot's state. W_MEM: blocked on its memory instruction (gpu.loads =
 * blocking); W_WAIT: its next instruction waits for memory instructions in flight
 * (gpu.loads = waitcnt: loads before a non-memory instruction, everything before a
 * barrier or the end, or a free record when wave_mem_max are in flight). */
enum { W_FREE, W_READY, W_BUSY, W_MEM, W_BARRIER, W_WAIT };

typedef struct {
    uint8_t state;
    uint16_t wg;             /* work-group record index within the CU */
    uint64_t uid;            /* dispatch number: distinguishes waves reusing a slot */
    xl_wave_t cur;
    xl_instr_t in;           /* the next (READY, WAIT) or current (MEM) instruction */
    uint32_t nmem, nload;    /* waitcnt: memory instructions (loads) in flight */
} slot_t;

/* A global memory instruction in flight, from issue until its last line is back: the
 * record its translations and lines report to (docs/isca18-micro18.md §7.2 per-instruction
 * record). Slot s owns records s * K .. s * K + K - 1 of its CU, K = 1 when loads block,
 * gpu.wave_mem_max under waitcnt; with K = 1 record s is slot s's instruction. */
typedef struct {
    uint8_t live, npages, store;
    uint32_t slot;           /* the wavefront slot that issued it */
    const xl_va_t *va;       /* its lanes' addresses: the slot's instruction while the wave
                              * blocks on it (it stays put), else the copy in own */
    xl_instr_t own;          /* waitcnt: the instruction, kept while the wave issues on */
    uint64_t vpn[XL_MAX_LANES];
    uint8_t page_first[XL_MAX_LANES];   /* first lane of each page (0xFF: none) */
    uint8_t lane_next[XL_MAX_LANES];    /* next listed lane of the same page (0xFF: last);
                                         * a lane on the line of the one listed before
                                         * it is left out */
    uint32_t instr_id;
    uint32_t pend_tr, pend_lines;
    uint64_t t_issue;
    uint32_t n_walks, walk_reads;
    uint64_t first_arr, last_arr;
    uint64_t t_first_done, t_last_done, lat_first, lat_last;
} mrec_t;

typedef struct {
    uint8_t live;
    uint32_t waves, at_barrier;
} wg_t;

/* An MSHR table: entries found by page number through a hash of chains, so a lookup
 * costs the same with 64 or 1024 MSHRs; free entries are taken lowest index first
 * (a bitmap of free entries). */
typedef struct {
    uint32_t n, used, mask;
    uint32_t *bucket, *hnext;
    uint64_t *key;
    uint64_t *freemap;
} mtab_t;

static int mtab_init(mtab_t *t, uint32_t n)
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
static void mtab_free_all(mtab_t *t)
{
    free(t->bucket);
    free(t->hnext);
    free(t->key);
    free(t->freemap);
}
static uint32_t mtab_hash(const mtab_t *t, uint64_t key)
{
    return (uint32_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & t->mask;
}
/* The entry of key, NONE if none; *h receives key's bucket, for mtab_alloc. */
static uint32_t mtab_find(const mtab_t *t, uint64_t key, uint32_t *h)
{
    *h = mtab_hash(t, key);
    for (uint32_t i = t->bucket[*h]; i != UINT32_MAX; i = t->hnext[i])
        if (t->key[i] == key)
            return i;
    return UINT32_MAX;
}
/* An entry for key (not in the table; h: its bucket), NONE when all are in use. */
static uint32_t mtab_alloc(mtab_t *t, uint64_t key, uint32_t h)
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
static void mtab_release(mtab_t *t, uint32_t i)
{
    uint32_t *p = &t->bucket[mtab_hash(t, t->key[i])];
    while (*p != i)
        p = &t->hnext[*p];
    *p = t->hnext[i];
    t->freemap[i >> 6] |= UINT64_C(1) << (i & 63);
    t->used--;
}

typedef struct { uint32_t slot, next; } l1w_t;        /* L1 MSHR waiter: (record << 8) | page */
typedef struct { uint32_t cu, mshr, next; } l2w_t;    /* L2 MSHR waiter */

typedef struct {
    uint64_t vpn;
    uint32_t head;           /* waiter list */
} l1m_t;

typedef struct {
    uint64_t vpn;
    uint32_t head;
    uint32_t owner_cu, owner_rec, instr_id;   /* the memory instruction that missed first */
    uint64_t t_iommu;        /* arrival at the IOMMU */
    uint64_t t_dispatch;     /* its walk started */
    uint64_t arr_idx;        /* order among walk-scheduler arrivals */
    uint32_t nbhd;           /* its level-1 neighbourhood node while in the IOMMU */
    xl_pa_t pa;              /* page frame when done */
    uint8_t shift;
} l2m_t;

typedef struct {
    uint64_t *tag;           /* line address + 1, 0 = invalid */
    uint16_t *prev, *next;   /* per line: its set's recency list, most recent first */
    uint16_t *head, *tail;   /* per set: most and least recently used way, L1D_NIL: none */
    uint32_t *nvalid;        /* valid ways per set (lines are never invalidated) */
    uint32_t sets, ways;
} l1d_t;

#define L1D_NIL 0xFFFFu   /* ways are at most 1024 (config.c) */

/* Requests inside the IOMMU (buffered or being walked) counted by neighbourhood: the
 * MICRO'18 Fig 5/6 measurement (docs/isca18-micro18.md §6) asks, for every page-table read, whether
 * another request shares its neighbourhood. One node per level-L neighbourhood with a
 * request inside, found by key in the level's hash chains; a node links to the node of
 * its enclosing level-(L+1) neighbourhood and each request keeps its level-1 node
 * (l2m_t.nbhd), so an arrival looks up only the levels where it is the first request
 * and a departure none. A level holds at most as many nodes as requests inside, at most
 * buffer_entries + walkers (an arrival is taken only into a free buffer slot), so one
 * pool of four times that never runs out. C-only. */
typedef struct {
    uint64_t key;
    uint32_t cnt;            /* requests inside the IOMMU in this neighbourhood */
    uint32_t next;           /* next node of its hash chain, or of the free list */
    uint32_t up;             /* the enclosing neighbourhood's node, NONE at level 4 */
} nbnode_t;

typedef struct {
    uint32_t mask, free;     /* bucket index mask; free list head */
    uint32_t *bucket[5];     /* [L]: the level-L hash chains */
    nbnode_t *node;
} nbhd_t;

/* The IOMMU cache of page-table lines (MICRO'18 §VI alternative): set-associative,
 * LRU by stamp, lines are never written (A/D bits are not modelled). C-only. */
typedef struct {
    uint32_t sets, ways;
    uint64_t *tag;          /* line address + 1, 0 = invalid */
    uint64_t *stamp, clock;
    uint64_t hits, misses;
} ptcache_t;


/* A FIFO of 32-bit ids; its capacity is a power of two (256, doubling), so positions
 * wrap with a mask rather than a division. */
typedef struct { uint32_t *v; uint32_t head, n, cap; } fifo_t;

typedef struct {
    slot_t *slot;            /* slots_per_cu */
    wg_t *wg;                /* slots_per_cu */
    uint64_t ready_mask[4];  /* READY waves (up to 256 slots) */
    uint64_t ready_mem[4];   /* the READY waves whose instruction is a global load or store */
    uint64_t *age;           /* per slot: its wave's dispatch number (slot_t.uid), kept here
                              * so that the oldest-first scan reads one small array */
    uint32_t rr;             /* round-robin: the slot after the last issue */
    uint32_t live;           /* resident waves */
    uint32_t free;           /* free slots */
    uint64_t mem_free_at;    /* memory pipe busy until */
    xl_tlb_t l1;
    uint32_t l1_port_used;
    uint64_t l1_port_cycle;
    l1m_t *l1m;
    mtab_t l1t;
    l1w_t *l1w;
    uint32_t l1w_free;
    fifo_t l1_retry;         /* (record << 8) | page */
    l1d_t l1d;
    uint32_t nready;         /* READY waves */
    mrec_t *rec;             /* memory instructions in flight: K per slot (mrec_t) */
    /* counters (docs/isca18-micro18.md §7.1 "Per CU") */
    uint64_t instrs;         /* wavefront instructions issued by this CU */
    uint64_t mem_instrs;     /* global memory instructions issued by this CU */
    uint64_t stall;          /* stall cycles counted so far (docs/isca18-micro18.md §6): those of the per-CU
                              * issue loop, plus, at each time the CU lost its last resident
                              * wave, the all-stalled cycles of its resident stretch */
    uint64_t stall_base;     /* all_stall when the CU last became resident */
} cu_t;

struct xl_gpu {
    xl_config_t cfg;
    const xl_workload_t *wl;
    xl_physmem_t *pm;
    xl_as_t as;
    unsigned page_shift;
    xl_memsys_t *mem;
    evq_t q;
    uint64_t now;
    FILE *ev;
    FILE *trace;              /* IOMMU-boundary trace for the RTL lockstep */
    FILE *progress;

    uint32_t ncu, spc, lanes;
    uint32_t *gs_split;       /* per global slot gslot(c, s): (c << 8) | s, so that events
                               * name their slot without a division */
    int blocking;             /* gpu.loads = blocking */
    uint32_t kmem;            /* memory records per slot: 1 (blocking) or gpu.wave_mem_max */
    uint32_t rpc;             /* memory records per CU: spc * kmem */
    uint32_t *gr_split;       /* per global record grec(c, r): (c << 16) | r, for events and
                               * memory completions of a memory instruction */
    cu_t *cu;
    uint32_t live_total;      /* resident wavefronts, all CUs */
    uint32_t live_cus;        /* CUs with a resident wavefront */
    uint64_t all_stall;       /* cycles in which no wave of any CU could issue (the main loop's
                               * shortcut and skipped cycles): each resident CU stalled in all
                               * of them, so a CU's share is all_stall's growth while it was
                               * resident (cu_t.stall_base), added when it stops being so; the
                               * GPU's stall cycles (docs/isca18-micro18.md §6) are the sum over CUs (cu_stall) */
    int dispatch_pending;     /* a slot was freed or a kernel may start: try dispatch */
    int oom;                  /* a queue could not grow: the run ends with an internal error */
    uint32_t ready_total;     /* READY wavefronts, all CUs */

    /* kernel dispatch */
    uint32_t kernel;
    xl_kernel_t k;
    int have_kernel;
    uint32_t next_wg, rr_cu;
    uint64_t wave_uid;

    /* L2 TLB */
    xl_tlb_t l2;
    uint32_t l2_port_used;
    uint64_t l2_port_cycle;
    l2m_t *l2m;
    mtab_t l2t;
    l2w_t *l2w;
    uint32_t l2w_free;
    fifo_t l2_retry;          /* (cu << 16) | l1 mshr */

    /* IOMMU */
    xl_tlb_t io1, io2;
    fifo_t in_fifo;           /* l2 mshr ids arrived over the link */
    fifo_t sched_fifo;        /* IOMMU TLB misses waiting to enter the buffer */
    fifo_t rsp_fifo;          /* walkers whose page-table read returned */
    xl_walk_path_t io;            /* the walk path twin block */
    xl_walk_path_out_t io_out;
    int io_stuck;             /* last cycle: idle walker, every buffered request had CL */
    int io_busy;              /* xl_walk_path_busy(io, io_stuck): both change only in
                               * iommu_cycle, so it is kept there, not asked per check */
    uint64_t sched_arrivals;
    nbhd_t nbhd;              /* requests in the IOMMU by neighbourhood, every level */
    uint64_t nbhd_reads[5], nbhd_conc[5];
    ptcache_t ptc;
    uint64_t *cl_prev;        /* event log: CL of each slot last cycle */

    uint32_t next_instr_id;
    uint64_t last_retire;     /* watchdog */

    /* Fig 12 epoch tracking */
    uint64_t *seen_epoch, *seen_uid;
    uint64_t epoch, epoch_acc, epoch_distinct, epoch_sum, epochs;

    /* counters */
    uint64_t instrs;          /* wavefront instructions issued */
    uint64_t mem_instrs;      /* global memory instructions issued */
    uint64_t requests;        /* translation requests after coalescing */
    uint64_t l1_merges;       /* L1 TLB misses merged into an existing MSHR */
    uint64_t l1_mshr_full;    /* L1 TLB misses that waited for a free MSHR */
    uint64_t l2_merges;       /* L2 TLB misses merged into an existing MSHR */
    uint64_t l2_mshr_full;    /* L2 TLB misses that waited for a free MSHR */
    uint64_t l2_acc, l2_hit, l2_miss;
    uint64_t iommu_requests;  /* requests arriving at the IOMMU */
    uint64_t walks;           /* walks completed */
    uint64_t coalesced;       /* requests completed by a neighbour's leaf line */
    uint64_t done_reqs;       /* requests completed by the walk path (walked or coalesced) */
    uint64_t walk_reads, walk_reads_leaf;
    uint64_t walk_reads_level[5];
    uint64_t walk_lat_sum;    /* IOMMU arrival -> walk complete */
    uint64_t walk_queue_sum;  /* IOMMU arrival -> dispatch */
    uint64_t walk_svc_sum;    /* dispatch -> walk complete (the walk's own cost) */
    uint64_t lat_hist[LAT_BUCKETS];   /* walk-path requests by IOMMU arrival -> complete */
    uint64_t svc_hist[LAT_BUCKETS];   /* walks by dispatch -> complete */
    uint64_t lf_2x, lf_3x;    /* multi-walk instructions whose last walk took >= 2x, 3x the first */
    uint64_t buf_full_cycles;
    uint64_t work_instrs, work_bucket[XL_FIG3_BUCKETS];
    uint64_t multi_instrs, interleaved;
    uint64_t first_lat_sum, last_lat_sum, gap_sum;
    uint64_t l1d_acc, l1d_hit, lines;
    uint64_t data_mem_reqs;
    uint64_t cycles;
    /* docs/isca18-micro18.md §7.1 counters */
    uint64_t *kcycles;        /* [k]: cycles of kernel k, from the placement of its first
                               * work-group to the retirement of its last wavefront */
    uint32_t kcap;            /* kcycles entries allocated */
    uint64_t k_start;         /* cycle the current kernel started */
    uint64_t active_lanes;    /* active lanes of global memory instructions */
    uint64_t pages_max;       /* most distinct pages in one memory instruction */
    uint64_t pages_bucket[XL_FIG3_BUCKETS];   /* memory instructions by distinct pages */
    uint64_t *occ_cycles;     /* [n]: cycles the walk buffer held n requests (0..entries) */
    uint64_t occ_t;           /* first cycle whose occupancy is not yet in occ_cycles */
    uint32_t occ_last;        /* occupancy since occ_t */
    uint64_t *wk_busy;        /* [w]: cycles walker w was not idle */
};

/* ------------------------------------------------------------------ small helpers */

/* Double a full FIFO (out of line: rare). */
static int fifo_grow(fifo_t *f) __attribute__((noinline, cold));
static int fifo_grow(fifo_t *f)
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

static inline int fifo_push(fifo_t *f, uint32_t v)
{
    if (f->n == f->cap && fifo_grow(f))
        return -1;
    f->v[(f->head + f->n) & (f->cap - 1)] = v;
    f->n++;
    return 0;
}
static uint32_t fifo_front(const fifo_t *f) { return f->v[f->head]; }
static void fifo_pop(fifo_t *f)
{
    f->head = (f->head + 1) & (f->cap - 1);
    f->n--;
}

/* A queue that cannot grow sets g->oom, which the main loop reports as an internal error
 * (the macros are used where the system g is in scope). */
#define PUSH(q, t, ty, a, b) do { if (evq_push((q), (t), (ty), (a), (b))) g->oom = 1; } while (0)
#define FPUSH(f, v) do { if (fifo_push((f), (v))) g->oom = 1; } while (0)

static uint32_t gslot(const xl_gpu_t *g, uint32_t cu, uint32_t s) { return cu * g->spc + s; }
static uint32_t grec(const xl_gpu_t *g, uint32_t cu, uint32_t r) { return cu * g->rpc + r; }

static int is_mem_op(uint8_t op) { return op == XL_OP_LOAD || op == XL_OP_STORE; }

static void set_ready(xl_gpu_t *g, cu_t *c, uint32_t s, int on)
{
    uint64_t bit = UINT64_C(1) << (s & 63), *w = &c->ready_mask[s >> 6];
    if (on && !(*w & bit)) {
        *w |= bit;
        if (is_mem_op(c->slot[s].in.op))
            c->ready_mem[s >> 6] |= bit;
        g->ready_total++;
        c->nready++;
    } else if (!on && (*w & bit)) {
        *w &= ~bit;
        c->ready_mem[s >> 6] &= ~bit;
        g->ready_total--;
        c->nready--;
    }
}

static void evlog(xl_gpu_t *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
#include <stdarg.h>
static void evlog(xl_gpu_t *g, const char *fmt, ...)
{
    va_list ap;
    fprintf(g->ev, "%llu ", (unsigned long long)g->now);
    va_start(ap, fmt);
    vfprintf(g->ev, fmt, ap);
    va_end(ap);
    fputc('\n', g->ev);
}

/* ------------------------------------------------------------------ neighbourhood counts */

static int nbhd_init(nbhd_t *nb, uint32_t n)
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

static void nbhd_free(nbhd_t *nb)
{
    for (unsigned lv = 1; lv <= 4; lv++)
        free(nb->bucket[lv]);
    free(nb->node);
}

static uint64_t nbhd_key(uint64_t va, unsigned lv)
{
    return (va & XL_VA_MASK) >> xl_co_nbr_shift(lv);
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
static uint32_t nbhd_count(const nbhd_t *nb, uint32_t i, unsigned lv)
{
    while (--lv)
        i = nb->node[i].up;
    return nb->node[i].cnt;
}

/* A request of va enters the IOMMU; returns its level-1 node. */
static uint32_t nbhd_enter(nbhd_t *nb, uint64_t va)
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
static void nbhd_leave(nbhd_t *nb, uint32_t i)
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

/* ------------------------------------------------------------------ page-table line cache */

/* Look line up (LRU touch on a hit); returns 1 on a hit. */
static int ptc_lookup(ptcache_t *c, uint64_t line)
{
    uint32_t set = (uint32_t)((line >> 6) & (c->sets - 1));
    uint64_t *t = &c->tag[(size_t)set * c->ways], *st = &c->stamp[(size_t)set * c->ways];
    for (uint32_t w = 0; w < c->ways; w++)
        if (t[w] == line + 1) {
            st[w] = ++c->clock;
            c->hits++;
            return 1;
        }
    c->misses++;
    return 0;
}

/* Insert line (invalid ways first, lowest index; else the least recently used). */
static void ptc_fill(ptcache_t *c, uint64_t line)
{
    uint32_t set = (uint32_t)((line >> 6) & (c->sets - 1)), v = 0;
    uint64_t *t = &c->tag[(size_t)set * c->ways], *st = &c->stamp[(size_t)set * c->ways];
    for (uint32_t w = 0; w < c->ways; w++) {
        if (t[w] == line + 1)
            return;   /* two misses of one line: the second fill finds it */
        if (t[w] == 0) {
            if (t[v] != 0 || w < v)
                v = w;
        } else if (t[v] != 0 && st[w] < st[v]) {
            v = w;
        }
    }
    t[v] = line + 1;
    st[v] = ++c->clock;
}

/* ------------------------------------------------------------------ L1 data cache */

static int l1d_init(l1d_t *d, const xl_config_t *c)
{
    uint64_t lines = (uint64_t)c->l1d.size_kb * 1024u / c->l1d.line_bytes;
    d->ways = c->l1d.ways;
    d->sets = (uint32_t)(lines / d->ways);
    d->tag = calloc(lines, sizeof *d->tag);
    d->prev = calloc(lines, sizeof *d->prev);
    d->next = calloc(lines, sizeof *d->next);
    d->head = malloc(d->sets * sizeof *d->head);
    d->tail = malloc(d->sets * sizeof *d->tail);
    d->nvalid = calloc(d->sets, sizeof *d->nvalid);
    if (!d->tag || !d->prev || !d->next || !d->head || !d->tail || !d->nvalid)
        return -1;
    for (uint32_t i = 0; i < d->sets; i++)
        d->head[i] = d->tail[i] = L1D_NIL;
    return 0;
}

/* Way w of set (base: its first line) becomes the most recently used. */
static void l1d_touch(l1d_t *d, uint32_t set, size_t base, uint32_t w, int linked)
{
    uint16_t *pv = d->prev + base, *nx = d->next + base;
    if (linked) {
        if (d->head[set] == w)
            return;
        nx[pv[w]] = nx[w];   /* w is not the head, so it has a predecessor */
        if (nx[w] == L1D_NIL)
            d->tail[set] = pv[w];
        else
            pv[nx[w]] = pv[w];
    }
    pv[w] = L1D_NIL;
    nx[w] = d->head[set];
    if (d->head[set] == L1D_NIL)
        d->tail[set] = (uint16_t)w;
    else
        pv[d->head[set]] = (uint16_t)w;
    d->head[set] = (uint16_t)w;
}

/* Returns 1 on hit (and touches); on miss allocates the line: the lowest invalid way,
 * else the least recently used one (the tail of the set's recency list). */
static int l1d_access(l1d_t *d, uint64_t line)
{
    uint32_t set = (uint32_t)(line & (d->sets - 1));
    size_t base = (size_t)set * d->ways;
    uint64_t *t = &d->tag[base];
    uint32_t victim, w;
    for (w = 0; w < d->ways; w++)
        if (t[w] == line + 1) {
            l1d_touch(d, set, base, w, 1);
            return 1;
        }
    if (d->nvalid[set] < d->ways) {
        for (w = 0; t[w] != 0; w++)
            ;
        victim = w;
        d->nvalid[set]++;
        l1d_touch(d, set, base, victim, 0);
    } else {
        victim = d->tail[set];
        l1d_touch(d, set, base, victim, 1);
    }
    t[victim] = line + 1;
    return 0;
}

/* ------------------------------------------------------------------ creation */

int xl_gpu_create(xl_gpu_t **out, const xl_config_t *cfg, const xl_workload_t *wl,
                  char *err, size_t errlen)
{
    xl_gpu_t *g = calloc(1, sizeof *g);
    int rc;
    *out = NULL;
    if (!g) {
        snprintf(err, errlen, "out of host memory");
        return XL_EINTERNAL;
    }
    g->cfg = *cfg;
    evq_init(&g->q);
    g->wl = wl;
    g->ncu = cfg->gpu.cus;
    g->spc = cfg->gpu.simds_per_cu * cfg->gpu.waves_per_simd;
    g->lanes = cfg->gpu.wave_lanes;
    g->blocking = cfg->gpu.loads == XL_LOADS_BLOCKING;
    g->kmem = g->blocking ? 1u : cfg->gpu.wave_mem_max;
    g->rpc = g->spc * g->kmem;   /* <= 256 * 64: fits grec's 16 bits */
    if (g->spc > 256) {
        snprintf(err, errlen, "gpu.simds_per_cu x gpu.waves_per_simd = %u wavefront slots per CU; "
                 "the cycle-level model supports at most 256", g->spc);
        xl_gpu_destroy(g);
        return XL_EINPUT;
    }
    g->page_shift = cfg->mem.page_kb == 2048 ? XL_PAGE_SHIFT_2M : XL_PAGE_SHIFT_4K;
    g->pm = xl_physmem_create((uint64_t)cfg->mem.size_mb << 20, cfg->mem.alloc, cfg->sim.seed,
                              err, errlen);
    if (!g->pm) {
        xl_gpu_destroy(g);
        return XL_EINPUT;
    }
    if ((rc = xl_as_init(&g->as, g->pm, ASID, err, errlen)) != XL_OK) {
        xl_gpu_destroy(g);
        return rc;
    }
    for (unsigned i = 0; i < wl->nregions; i++) {
        uint64_t psz = UINT64_C(1) << g->page_shift;
        uint64_t len = (wl->regions[i].bytes + psz - 1) & ~(psz - 1);
        rc = xl_as_map(&g->as, wl->regions[i].base, len, g->page_shift,
                       XL_PTE_RW | XL_PTE_US | XL_PTE_A | XL_PTE_D, err, errlen);
        if (rc != XL_OK) {
            xl_gpu_destroy(g);
            return rc;
        }
    }
    if (!(g->mem = xl_memsys_create(cfg, err, errlen))) {
        xl_gpu_destroy(g);
        return XL_EINPUT;
    }
    g->cu = calloc(g->ncu, sizeof *g->cu);
    if (!g->cu)
        goto nomem;
    xl_tlb_params_t p1 = {cfg->l1tlb.entries, cfg->l1tlb.ways, cfg->l1tlb.repl, cfg->l1tlb.index};
    for (uint32_t c = 0; c < g->ncu; c++) {
        cu_t *cu = &g->cu[c];
        cu->slot = calloc(g->spc, sizeof *cu->slot);
        cu->wg = calloc(g->spc, sizeof *cu->wg);
        cu->age = calloc(g->spc, sizeof *cu->age);
        cu->l1m = calloc(cfg->l1tlb.mshrs, sizeof *cu->l1m);
        cu->l1w = calloc((size_t)g->rpc * XL_MAX_LANES, sizeof *cu->l1w);
        cu->rec = calloc(g->rpc, sizeof *cu->rec);
        if (!cu->slot || !cu->wg || !cu->age || !cu->l1m || !cu->l1w || !cu->rec ||
            l1d_init(&cu->l1d, cfg) || mtab_init(&cu->l1t, cfg->l1tlb.mshrs))
            goto nomem;
        for (uint32_t i = 0; i < g->rpc * XL_MAX_LANES; i++)
            cu->l1w[i].next = i + 1 < g->rpc * XL_MAX_LANES ? i + 1 : NONE;
        cu->l1w_free = 0;
        cu->free = g->spc;
        if ((rc = xl_tlb_init(&cu->l1, &p1, "l1tlb", err, errlen)) != XL_OK) {
            xl_gpu_destroy(g);
            return rc;
        }
    }
    xl_tlb_params_t p2 = {cfg->l2tlb.entries, cfg->l2tlb.ways, cfg->l2tlb.repl, cfg->l2tlb.index};
    xl_tlb_params_t pi1 = {cfg->iommu.tlb1_entries, cfg->iommu.tlb1_ways, XL_REPL_LRU, XL_TLB_INDEX_MOD};
    xl_tlb_params_t pi2 = {cfg->iommu.tlb2_entries, cfg->iommu.tlb2_ways, XL_REPL_LRU, XL_TLB_INDEX_MOD};
    if ((rc = xl_tlb_init(&g->l2, &p2, "l2tlb", err, errlen)) != XL_OK ||
        (rc = xl_tlb_init(&g->io1, &pi1, "iommu.tlb1", err, errlen)) != XL_OK ||
        (rc = xl_tlb_init(&g->io2, &pi2, "iommu.tlb2", err, errlen)) != XL_OK) {
        xl_gpu_destroy(g);
        return rc;
    }
    g->l2m = calloc(cfg->l2tlb.mshrs, sizeof *g->l2m);
    uint32_t nl2w = g->ncu * cfg->l1tlb.mshrs;
    g->l2w = calloc(nl2w, sizeof *g->l2w);
    g->seen_epoch = calloc((size_t)g->ncu * g->spc, sizeof *g->seen_epoch);
    g->seen_uid = calloc((size_t)g->ncu * g->spc, sizeof *g->seen_uid);
    g->gs_split = malloc((size_t)g->ncu * g->spc * sizeof *g->gs_split);
    if (g->gs_split)
        for (uint32_t c = 0; c < g->ncu; c++)
            for (uint32_t sl = 0; sl < g->spc; sl++)   /* spc <= 256 (checked above) */
                g->gs_split[gslot(g, c, sl)] = (c << 8) | sl;
    g->gr_split = malloc((size_t)g->ncu * g->rpc * sizeof *g->gr_split);
    if (g->gr_split)
        for (uint32_t c = 0; c < g->ncu; c++)
            for (uint32_t r = 0; r < g->rpc; r++)
                g->gr_split[grec(g, c, r)] = (c << 16) | r;
    if (!g->l2m || !g->l2w || !g->seen_epoch || !g->seen_uid || !g->gs_split || !g->gr_split ||
        mtab_init(&g->l2t, cfg->l2tlb.mshrs))
        goto nomem;
    for (uint32_t i = 0; i < nl2w; i++)
        g->l2w[i].next = i + 1 < nl2w ? i + 1 : NONE;

    xl_rng_t r;
    xl_rng_derive(&r, cfg->sim.seed, UINT64_C(0x5C4ED));
    xl_walk_path_params_t ip = {
        cfg->iommu.buffer_entries, cfg->iommu.walkers, (xl_ws_policy_t)cfg->iommu.sched,
        cfg->iommu.aging_threshold, (uint32_t)xl_rng_next(&r), (xl_co_mode_t)cfg->iommu.coalesce,
        {{cfg->pwc.l4_entries, cfg->pwc.l3_entries, cfg->pwc.l2_entries},
         {cfg->pwc.l4_ways, cfg->pwc.l3_ways, cfg->pwc.l2_ways}},
        cfg->iommu.pwc_latency, ASID};
    if ((rc = xl_walk_path_init(&g->io, &ip, err, errlen)) != XL_OK) {
        xl_gpu_destroy(g);
        return rc;
    }
    if (xl_walk_path_out_init(&g->io_out, &g->io) != XL_OK)
        goto nomem;
    g->occ_cycles = calloc((size_t)cfg->iommu.buffer_entries + 1, sizeof *g->occ_cycles);
    g->wk_busy = calloc(cfg->iommu.walkers, sizeof *g->wk_busy);
    if (!g->occ_cycles || !g->wk_busy)
        goto nomem;
    g->io_busy = xl_walk_path_busy(&g->io, g->io_stuck);
    if (nbhd_init(&g->nbhd, cfg->iommu.buffer_entries + cfg->iommu.walkers))
        goto nomem;
    g->cl_prev = calloc((cfg->iommu.buffer_entries + 63) / 64, sizeof *g->cl_prev);
    if (!g->cl_prev)
        goto nomem;
    if (cfg->iommu.ptcache_kb) {
        ptcache_t *pc = &g->ptc;
        uint32_t lines = cfg->iommu.ptcache_kb * 1024u / 64u;
        pc->ways = cfg->iommu.ptcache_ways;
        pc->sets = lines / pc->ways;
        pc->tag = calloc(lines, sizeof *pc->tag);
        pc->stamp = calloc(lines, sizeof *pc->stamp);
        if (!pc->tag || !pc->stamp)
            goto nomem;
    }
    *out = g;
    return XL_OK;
nomem:
    snprintf(err, errlen, "out of host memory");
    xl_gpu_destroy(g);
    return XL_EINTERNAL;
}

void xl_gpu_destroy(xl_gpu_t *g)
{
    if (!g)
        return;
    if (g->cu) {
        for (uint32_t c = 0; c < g->ncu; c++) {
            cu_t *cu = &g->cu[c];
            free(cu->slot);
            free(cu->rec);
            free(cu->wg);
            free(cu->age);
            free(cu->l1m);
            mtab_free_all(&cu->l1t);
            free(cu->l1w);
            free(cu->l1_retry.v);
            free(cu->l1d.tag);
            free(cu->l1d.prev);
            free(cu->l1d.next);
            free(cu->l1d.head);
            free(cu->l1d.tail);
            free(cu->l1d.nvalid);
            xl_tlb_free(&cu->l1);
        }
        free(g->cu);
    }
    xl_tlb_free(&g->l2);
    xl_tlb_free(&g->io1);
    xl_tlb_free(&g->io2);
    xl_walk_path_free(&g->io);
    xl_walk_path_out_free(&g->io_out);
    nbhd_free(&g->nbhd);
    free(g->cl_prev);
    free(g->kcycles);
    free(g->occ_cycles);
    free(g->wk_busy);
    free(g->ptc.tag);
    free(g->ptc.stamp);
    free(g->l2m);
    mtab_free_all(&g->l2t);
    free(g->l2w);
    free(g->seen_epoch);
    free(g->gs_split);
    free(g->gr_split);
    free(g->seen_uid);
    free(g->in_fifo.v);
    free(g->sched_fifo.v);
    free(g->rsp_fifo.v);
    free(g->l2_retry.v);
    evq_free(&g->q);
    xl_memsys_destroy(g->mem);
    xl_physmem_destroy(g->pm);
    free(g);
}

void xl_gpu_set_events(xl_gpu_t *g, FILE *f) { g->ev = f; }
void xl_gpu_set_progress(xl_gpu_t *g, FILE *f) { g->progress = f; }

void xl_gpu_set_iommu_trace(xl_gpu_t *g, FILE *f)
{
    const xl_walk_path_params_t *p = &g->io.p;
    static const char *const pol[] = {"fcfs", "random", "simt"};
    static const char *const co[] = {"off", "leaf", "upper", "both"};
    g->trace = f;
    if (!f)
        return;
    fprintf(f, "# xlat IOMMU-boundary trace v1 (model/README.md)\n");
    fprintf(f, "P slots=%u walkers=%u policy=%s coalesce=%s aging=%u lfsr=0x%x "
            "pwc=%u/%u,%u/%u,%u/%u pwc_latency=%u asid=%u root=0x%llx\n",
            p->slots, p->walkers, pol[p->policy], co[p->coalesce], p->aging_threshold,
            p->lfsr_seed, p->pwc.entries[0], p->pwc.ways[0], p->pwc.entries[1], p->pwc.ways[1],
            p->pwc.entries[2], p->pwc.ways[2], p->pwc_latency, p->asid,
            (unsigned long long)g->as.root);
}

/* ------------------------------------------------------------------ counters */

/* Double the per-kernel cycle array (out of line: rare). */
static int kcycles_grow(xl_gpu_t *g) __attribute__((noinline));
static int kcycles_grow(xl_gpu_t *g)
{
    uint32_t nc = g->kcap ? g->kcap * 2 : 16;
    uint64_t *nk = realloc(g->kcycles, nc * sizeof *nk);
    if (!nk) {
        g->oom = 1;
        return -1;
    }
    g->kcycles = nk;
    g->kcap = nc;
    return 0;
}

/* Walk-buffer occupancy buckets of the docs/isca18-micro18.md §7.1 histogram, by share of the n entries. */
/* Walk latency buckets, powers of two from 128 cycles: the ISCA'18 text puts a walk at
 * "hundreds of cycles" (§IV), the queueing in front of it adds thousands when the buffer
 * is full; lt128, lt256, ..., lt32k, ge32k. */
static unsigned lat_bucket(uint64_t lat)
{
    unsigned b = 0;
    for (uint64_t lim = 128; b < LAT_BUCKETS - 1 && lat >= lim; lim <<= 1)
        b++;
    return b;
}

#define OCC_BUCKETS 6u
static const char *const occ_name[OCC_BUCKETS] = {"empty", "le25", "le50", "le75", "lt100",
                                                  "full"};
static const char *const occ_desc[OCC_BUCKETS] = {
    "empty", "1 entry to a quarter full", "over a quarter to half full",
    "over half to three quarters full", "over three quarters full, not full", "full"};

static unsigned occ_bucket(uint64_t occ, uint64_t n)
{
    if (occ == 0)
        return 0;
    if (occ >= n)
        return 5;
    return 4 * occ <= n ? 1 : 4 * occ <= 2 * n ? 2 : 4 * occ <= 3 * n ? 3 : 4;
}

/* The walk buffer held occ_last entries in the cycles [occ_t, t): count them, and start
 * a stretch of `occ` entries at t. (Called in most IOMMU cycles, so it only adds; the
 * buckets and the mean are made from occ_cycles when the statistics are read.) */
static inline void occ_change(xl_gpu_t *g, uint64_t t, uint32_t occ)
{
    g->occ_cycles[g->occ_last] += t - g->occ_t;
    g->occ_t = t;
    g->occ_last = occ;
}

/* ------------------------------------------------------------------ wavefronts */

static void dispatch_wgs(xl_gpu_t *g);
static void issue_page(xl_gpu_t *g, uint32_t c, uint32_t s, uint32_t pidx, uint64_t t,
                       int retry);

static void wave_finish(xl_gpu_t *g, uint32_t c, uint32_t s);

static void wave_advance(xl_gpu_t *g, uint32_t c, uint32_t s);

/* Pull the wave's next instruction, then go on with it (wave_advance). */
static void wave_fetch(xl_gpu_t *g, uint32_t c, uint32_t s)
{
    slot_t *st = &g->cu[c].slot[s];
    if (!xl_wl_next(g->wl, &st->cur, &st->in))
        st->in.op = XL_OP_END;
    wave_advance(g, c, s);
}

/* The wave's next instruction is in st->in: finish, park at a barrier or make it READY;
 * under waitcnt first wait (W_WAIT) for what it needs back: its loads before a
 * non-memory instruction, everything at a barrier or the end, a free record before a
 * memory instruction. Under blocking nothing is in flight here. */
static void wave_advance(xl_gpu_t *g, uint32_t c, uint32_t s)
{
    cu_t *cu = &g->cu[c];
    slot_t *st = &cu->slot[s];
    if (st->nmem) {
        uint8_t op = st->in.op;
        int wait = op == XL_OP_END || op == XL_OP_BARRIER ? 1
                   : is_mem_op(op)                         ? st->nmem >= g->kmem
                                                           : st->nload > 0;
        if (wait) {
            st->state = W_WAIT;
            return;
        }
    }
    if (st->in.op == XL_OP_END) {
        wave_finish(g, c, s);
        return;
    }
    if (st->in.op == XL_OP_BARRIER) {
        wg_t *wg = &cu->wg[st->wg];
        g->instrs++;
        cu->instrs++;
        st->state = W_BARRIER;
        if (++wg->at_barrier < wg->waves)
            return;
        /* Everyone arrived: release the work-group's waves (slot order). */
        wg->at_barrier = 0;
        for (uint32_t i = 0; i < g->spc; i++)
            if (cu->slot[i].state == W_BARRIER && cu->slot[i].wg == st->wg)
                wave_fetch(g, c, i);
        return;
    }
    st->state = W_READY;
    set_ready(g, cu, s, 1);
}

static void wave_finish(xl_gpu_t *g, uint32_t c, uint32_t s)
{
    cu_t *cu = &g->cu[c];
    slot_t *st = &cu->slot[s];
    wg_t *wg = &cu->wg[st->wg];
    st->state = W_FREE;
    set_ready(g, cu, s, 0);
    if (--cu->live == 0) {
        g->live_cus--;
        cu->stall += g->all_stall - cu->stall_base;
    }
    g->live_total--;
    g->dispatch_pending = 1;
    cu->free++;
    g->last_retire = g->now;
    if (--wg->waves == 0) {
        wg->live = 0;
    } else if (wg->at_barrier == wg->waves) {
        /* the waves still waiting at a barrier no longer wait for this one */
        wg->at_barrier = 0;
        for (uint32_t i = 0; i < g->spc; i++)
            if (cu->slot[i].state == W_BARRIER && cu->slot[i].wg == st->wg)
                wave_fetch(g, c, i);
    }
}

/* Work-groups go to CUs round-robin, whole, when a CU has enough free slots; the next
 * kernel starts when every wavefront of the current one has finished. */
static void dispatch_wgs(xl_gpu_t *g)
{
    g->dispatch_pending = 0;
    for (;;) {
        if (g->have_kernel && g->next_wg >= g->k.workgroups && g->live_total)
            return;   /* the current kernel is placed and still running */
        if (!g->have_kernel) {
            if (g->live_total)
                return;   /* kernels run one after another */
            if (!g->wl->desc->kernel(g->wl, g->kernel, &g->k))
                return;   /* the workload is done */
            g->have_kernel = 1;
            g->next_wg = 0;
            g->rr_cu = 0;
            g->k_start = g->now;
        }
        while (g->next_wg < g->k.workgroups) {
            uint32_t c = g->rr_cu, tried;
            for (tried = 0; tried < g->ncu; tried++, c = (c + 1) % g->ncu)
                if (g->cu[c].free >= g->k.waves_per_wg)
                    break;
            if (tried == g->ncu)
                return;
            cu_t *cu = &g->cu[c];
            uint32_t w;
            for (w = 0; w < g->spc && cu->wg[w].live; w++)
                ;
            cu->wg[w].live = 1;
            cu->wg[w].waves = g->k.waves_per_wg;
            cu->wg[w].at_barrier = 0;
            uint32_t placed = 0;
            for (uint32_t s = 0; s < g->spc && placed < g->k.waves_per_wg; s++) {
                slot_t *st = &cu->slot[s];
                if (st->state != W_FREE)
                    continue;
                xl_wl_wave_init(g->wl, &st->cur, g->kernel, g->next_wg, placed);
                st->wg = (uint16_t)w;
                st->uid = ++g->wave_uid;
                cu->age[s] = st->uid;
                st->state = W_BUSY;
                if (cu->live++ == 0) {
                    g->live_cus++;
                    cu->stall_base = g->all_stall;
                }
                g->live_total++;
                cu->free--;
                placed++;
            }
            g->next_wg++;
            g->rr_cu = (c + 1) % g->ncu;
            for (uint32_t s = 0; s < g->spc; s++)
                if (cu->slot[s].state == W_BUSY && cu->slot[s].wg == w)
                    wave_fetch(g, c, s);
        }
        /* every work-group of this kernel is placed; wait for them to finish */
        if (g->live_total)
            return;
        if (g->kernel >= g->kcap && kcycles_grow(g))
            return;
        g->kcycles[g->kernel] = g->now - g->k_start;
        g->have_kernel = 0;
        g->kernel++;
    }
}

/* Memory record r is complete: record its walk metrics (docs/isca18-micro18.md §6, §7.2
 * per-instruction record); a blocked wave fetches its next instruction, a waitcnt wave
 * goes on if it waited for this one. */
static void mem_done(xl_gpu_t *g, uint32_t c, uint32_t r)
{
    mrec_t *st = &g->cu[c].rec[r];
    st->live = 0;
    if (st->walk_reads) {   /* Fig 3 counts page-table reads; all-coalesced work is 0 */
        g->work_instrs++;
        g->work_bucket[xl_fig3_bucket(st->walk_reads)]++;
    }
    if (st->n_walks >= 2) {
        g->multi_instrs++;
        if (st->last_arr - st->first_arr + 1 != st->n_walks)
            g->interleaved++;
        g->first_lat_sum += st->lat_first;
        g->last_lat_sum += st->lat_last;
        g->lf_2x += st->lat_last >= 2 * st->lat_first;
        g->lf_3x += st->lat_last >= 3 * st->lat_first;
        g->gap_sum += st->t_last_done - st->t_first_done;
    }
    g->last_retire = g->now;
    slot_t *w = &g->cu[c].slot[st->slot];
    if (w->state == W_MEM) {
        wave_fetch(g, c, st->slot);
        return;
    }
    w->nmem--;
    w->nload -= !st->store;
    if (w->state == W_WAIT)
        wave_advance(g, c, st->slot);
}

static void check_mem_done(xl_gpu_t *g, uint32_t c, uint32_t r)
{
    const mrec_t *st = &g->cu[c].rec[r];
    if (st->live && st->pend_tr == 0 && st->pend_lines == 0)
        mem_done(g, c, r);
}

/* ------------------------------------------------------------------ data path */

/* The translation of page pidx of memory record r is known (frame): issue the data
 * accesses of its lanes, one per distinct 64 B line. */
static void deliver(xl_gpu_t *g, uint32_t c, uint32_t r, uint32_t pidx, xl_pa_t frame)
{
    cu_t *cu = &g->cu[c];
    mrec_t *st = &cu->rec[r];
    uint64_t psz_mask = (UINT64_C(1) << g->page_shift) - 1;
    uint64_t seen[XL_MAX_LANES];
    unsigned nseen = 0;
    int store = st->store;
    uint32_t gs = grec(g, c, r);
    for (unsigned l = st->page_first[pidx]; l != 0xFF; l = st->lane_next[l]) {
        uint64_t line = (frame | (st->va[l] & psz_mask)) >> 6;
        unsigned k;
        for (k = 0; k < nseen && seen[k] != line; k++)
            ;
        if (k < nseen)
            continue;
        seen[nseen++] = line;
        g->lines++;
        st->pend_lines++;
        if (store) {
            /* write-through to the L2 (GPU L1 data caches do not keep stores) */
            xl_mem_req_t rq = {((uint64_t)XL_MEM_DATA << 56) | gs, line << 6, 1, XL_MEM_DATA, 0};
            xl_memsys_submit(g->mem, g->now, &rq);
            g->data_mem_reqs++;
            continue;
        }
        g->l1d_acc++;
        if (l1d_access(&cu->l1d, line)) {
            g->l1d_hit++;
            PUSH(&g->q, g->now + g->cfg.l1d.hit_latency, EV_LINE_DONE, gs, 0);
        } else {
            PUSH(&g->q, g->now + g->cfg.l1d.hit_latency, EV_L1D_MISS, gs, line << 6);
        }
    }
    st->pend_tr--;
    check_mem_done(g, c, r);
}

/* ------------------------------------------------------------------ TLB path */

static void l1_mshr_release(xl_gpu_t *g, uint32_t c, uint32_t m, xl_pa_t frame);

/* Step 3: the L1 TLB request of page pidx of memory record s, looked up at cycle t. A
 * retry (a miss that waited for a free MSHR) was counted already: it probes without
 * counting. */
static void issue_page(xl_gpu_t *g, uint32_t c, uint32_t s, uint32_t pidx, uint64_t t, int retry)
{
    cu_t *cu = &g->cu[c];
    const mrec_t *st = &cu->rec[s];
    uint64_t vpn = st->vpn[pidx];
    xl_va_t va = vpn << g->page_shift;
    xl_pa_t pa;
    uint32_t gs = grec(g, c, s);
    if (g->cfg.translation.ideal) {
        xl_walk_t w;
        xl_pt_walk(g->pm, g->as.root, va, &w);
        PUSH(&g->q, t + 1, EV_L1_RESULT, gs, (w.pa & ~((UINT64_C(1) << w.page_shift) - 1)) | pidx);
        return;
    }
    if (retry ? xl_tlb_probe(&cu->l1, ASID, va, &pa) : xl_tlb_lookup(&cu->l1, ASID, va, &pa)) {
        PUSH(&g->q, t + g->cfg.l1tlb.hit_latency, EV_L1_RESULT, gs,
             (pa & ~((UINT64_C(1) << g->page_shift) - 1)) | pidx);
        return;
    }
    uint32_t h, m = mtab_find(&cu->l1t, vpn, &h);
    int merged = m != NONE;
    if (merged) {
        g->l1_merges++;
    } else {
        m = mtab_alloc(&cu->l1t, vpn, h);
        if (m == NONE) {
            if (!retry)
                g->l1_mshr_full++;
            FPUSH(&cu->l1_retry, (s << 8) | pidx);
            return;
        }
        cu->l1m[m].vpn = vpn;
        cu->l1m[m].head = NONE;
    }
    /* append the waiter (keeps arrival order; the first waiter is the requester) */
    uint32_t wi = cu->l1w_free;
    cu->l1w_free = cu->l1w[wi].next;
    cu->l1w[wi].slot = (s << 8) | pidx;
    cu->l1w[wi].next = NONE;
    if (cu->l1m[m].head == NONE) {
        cu->l1m[m].head = wi;
    } else {
        uint32_t k = cu->l1m[m].head;
        while (cu->l1w[k].next != NONE)
            k = cu->l1w[k].next;
        cu->l1w[k].next = wi;
    }
    if (!merged)
        PUSH(&g->q, t + g->cfg.l1tlb.hit_latency, EV_L2_ACCESS, (c << 16) | m, 0);
}

static void l2_free_mshr(xl_gpu_t *g, uint32_t m);
static void l2_miss(xl_gpu_t *g, uint32_t c, uint32_t m, uint64_t t_known);

/* An L1 MSHR's request at the shared L2 TLB (ports per cycle, then hit latency). */
static void l2_access(xl_gpu_t *g, uint32_t c, uint32_t m, int reserved)
{
    cu_t *cu = &g->cu[c];
    /* port arbitration: l2tlb.ports lookups start per cycle, in event order; a request
     * that finds this cycle's ports taken reserves a port in the first cycle with one */
    if (!reserved) {
        if (g->now > g->l2_port_cycle) {
            g->l2_port_cycle = g->now;
            g->l2_port_used = 0;
        }
        if (g->l2_port_used == g->cfg.l2tlb.ports) {
            g->l2_port_cycle++;
            g->l2_port_used = 0;
        }
        g->l2_port_used++;
        if (g->l2_port_cycle > g->now) {
            PUSH(&g->q, g->l2_port_cycle, EV_L2_ACCESS, (c << 16) | m, 1);
            return;
        }
    }
    uint64_t vpn = cu->l1m[m].vpn;
    xl_va_t va = vpn << g->page_shift;
    xl_pa_t pa;
    uint32_t req_slot = cu->rec[cu->l1w[cu->l1m[m].head].slot >> 8].slot;
    /* Fig 12: distinct wavefronts per epoch of 1024 L2 TLB accesses */
    uint32_t gs = gslot(g, c, req_slot);
    uint64_t uid = cu->slot[req_slot].uid;
    if (g->seen_epoch[gs] != g->epoch + 1 || g->seen_uid[gs] != uid) {
        g->seen_epoch[gs] = g->epoch + 1;
        g->seen_uid[gs] = uid;
        g->epoch_distinct++;
    }
    if (++g->epoch_acc == EPOCH) {
        g->epoch_sum += g->epoch_distinct;
        g->epochs++;
        g->epoch++;
        g->epoch_acc = 0;
        g->epoch_distinct = 0;
    }
    g->l2_acc++;
    uint64_t lat = g->cfg.l2tlb.hit_latency;
    if (xl_tlb_lookup(&g->l2, ASID, va, &pa)) {
        g->l2_hit++;
        PUSH(&g->q, g->now + lat, EV_L2_RESULT, (c << 16) | m,
             pa & ~((UINT64_C(1) << g->page_shift) - 1));
        return;
    }
    g->l2_miss++;
    l2_miss(g, c, m, g->now + lat);
}

/* An L2 TLB miss of L1 MSHR (c, m): merge into the MSHR of the same page, or take a
 * free one (its request crosses to the IOMMU once the miss is known, at t_known), or
 * wait for one in arrival order. */
static void l2_miss(xl_gpu_t *g, uint32_t c, uint32_t m, uint64_t t_known)
{
    cu_t *cu = &g->cu[c];
    uint64_t vpn = cu->l1m[m].vpn;
    uint32_t h, k = mtab_find(&g->l2t, vpn, &h);
    int merged = k != NONE;
    if (merged) {
        g->l2_merges++;
    } else {
        k = mtab_alloc(&g->l2t, vpn, h);
        if (k == NONE) {
            g->l2_mshr_full++;
            FPUSH(&g->l2_retry, (c << 16) | m);
            return;
        }
        uint32_t req_rec = cu->l1w[cu->l1m[m].head].slot >> 8;
        l2m_t *e = &g->l2m[k];
        memset(e, 0, sizeof *e);
        e->vpn = vpn;
        e->head = NONE;
        e->owner_cu = c;
        e->owner_rec = req_rec;
        e->instr_id = cu->rec[req_rec].instr_id;
    }
    uint32_t wi = g->l2w_free;
    g->l2w_free = g->l2w[wi].next;
    g->l2w[wi].cu = c;
    g->l2w[wi].mshr = m;
    g->l2w[wi].next = g->l2m[k].head;
    g->l2m[k].head = wi;
    /* only the allocating request crosses to the IOMMU; its arrival is queued now rather
     * than from an event at t_known: arrivals due in one cycle still reach the IOMMU in
     * the order of their misses, and nothing else happens at t_known */
    if (!merged)
        PUSH(&g->q, t_known + g->cfg.iommu.link_latency, EV_IOMMU_ARRIVE, k, 0);
}

/* Fill the L1 TLB and hand the translation to every waiting page; retry waiting misses. */
static void l1_mshr_release(xl_gpu_t *g, uint32_t c, uint32_t m, xl_pa_t frame)
{
    cu_t *cu = &g->cu[c];
    xl_va_t va = cu->l1m[m].vpn << g->page_shift;
    xl_tlb_fill(&cu->l1, ASID, va, frame, g->page_shift, NULL);
    uint32_t w = cu->l1m[m].head;
    mtab_release(&cu->l1t, m);
    while (w != NONE) {
        uint32_t nx = cu->l1w[w].next;
        uint32_t s = cu->l1w[w].slot >> 8, pidx = cu->l1w[w].slot & 0xFF;
        cu->l1w[w].next = cu->l1w_free;
        cu->l1w_free = w;
        deliver(g, c, s, pidx, frame);
        w = nx;
    }
    /* a freed MSHR lets the oldest waiting miss of this CU try again */
    while (cu->l1_retry.n && cu->l1t.used < cu->l1t.n) {
        uint32_t v = fifo_front(&cu->l1_retry);
        fifo_pop(&cu->l1_retry);
        issue_page(g, c, v >> 8, v & 0xFF, g->now, 1);
    }
}

static void l2_free_mshr(xl_gpu_t *g, uint32_t k)
{
    mtab_release(&g->l2t, k);
    /* the oldest miss waiting for an MSHR takes it; it was looked up (and counted) already,
     * so only a probe decides whether the page arrived meanwhile */
    while (g->l2_retry.n && g->l2t.used < g->l2t.n) {
        uint32_t v = fifo_front(&g->l2_retry);
        fifo_pop(&g->l2_retry);
        uint32_t c = v >> 16, m = v & 0xFFFF;
        xl_pa_t pa;
        if (xl_tlb_probe(&g->l2, ASID, g->cu[c].l1m[m].vpn << g->page_shift, &pa))
            PUSH(&g->q, g->now, EV_L2_RESULT, v, pa & ~((UINT64_C(1) << g->page_shift) - 1));
        else
            l2_miss(g, c, m, g->now);
    }
}

/* Step 9: the translation is back at the GPU: fill the L2 TLB, then every waiting L1. */
static void gpu_resp(xl_gpu_t *g, uint32_t k)
{
    l2m_t *e = &g->l2m[k];
    xl_tlb_fill(&g->l2, ASID, e->vpn << g->page_shift, e->pa, g->page_shift, NULL);
    uint32_t w = e->head;
    e->head = NONE;
    xl_pa_t frame = e->pa;
    while (w != NONE) {
        uint32_t nx = g->l2w[w].next;
        uint32_t c = g->l2w[w].cu, m = g->l2w[w].mshr;
        g->l2w[w].next = g->l2w_free;
        g->l2w_free = w;
        l1_mshr_release(g, c, m, frame);
        w = nx;
    }
    l2_free_mshr(g, k);
}

/* ------------------------------------------------------------------ IOMMU */

static const char *const lvl_name[5] = {"-", "L1", "L2", "L3", "L4"};

/* A walk-path request finished (walked or completed by coalescing): fill the IOMMU TLBs
 * and send the translation back over the link (docs/isca18-micro18.md §1.5 step 9; coalesced completions
 * fill exactly like walked ones, docs/isca18-micro18.md §8 item 9). */
static void walk_done(xl_gpu_t *g, uint32_t k, xl_pa_t frame, unsigned shift, unsigned reads,
                      int coalesced, unsigned lane, uint32_t walker)
{
    l2m_t *e = &g->l2m[k];
    xl_va_t va = e->vpn << g->page_shift;
    uint64_t lat = g->now - e->t_iommu;
    g->done_reqs++;
    g->walk_lat_sum += lat;
    g->lat_hist[lat_bucket(lat)]++;
    if (coalesced) {
        g->coalesced++;
    } else {
        g->walks++;
        g->walk_queue_sum += e->t_dispatch - e->t_iommu;
        g->walk_svc_sum += g->now - e->t_dispatch;
        g->svc_hist[lat_bucket(g->now - e->t_dispatch)]++;
    }
    xl_tlb_fill(&g->io2, ASID, va, frame, shift, NULL);
    xl_tlb_fill(&g->io1, ASID, va, frame, shift, NULL);
    e->pa = frame;
    nbhd_leave(&g->nbhd, e->nbhd);
    /* attribute the walk to the instruction that first missed on this page (docs/isca18-micro18.md §6) */
    mrec_t *st = &g->cu[e->owner_cu].rec[e->owner_rec];
    if (st->live && st->instr_id == e->instr_id) {
        st->walk_reads += reads;
        if (st->t_first_done == UINT64_MAX) {
            st->t_first_done = g->now;
            st->lat_first = lat;
        }
        st->t_last_done = g->now;
        st->lat_last = lat;
    }
    if (g->ev) {
        if (coalesced)
            evlog(g, "COAL_LEAF lane=%u instr=%u va=0x%llx pa=0x%llx latency=%llu", lane,
                  e->instr_id, (unsigned long long)va, (unsigned long long)frame,
                  (unsigned long long)lat);
        else
            evlog(g, "COMPLETE walker=%u instr=%u va=0x%llx pa=0x%llx reads=%u latency=%llu",
                  walker, e->instr_id, (unsigned long long)va, (unsigned long long)frame, reads,
                  (unsigned long long)lat);
    }
    PUSH(&g->q, g->now + g->cfg.iommu.link_latency, EV_GPU_RESP, k, 0);
}

/* Can the IOMMU change state this cycle? An arrival blocked by a full buffer while the
 * walk path has nothing to do cannot: those cycles are skipped and counted as
 * buffer-full cycles. */
static inline int iommu_active(const xl_gpu_t *g)
{
    /* an arrival for an empty buffer with an idle walker is covered by count < slots
     * (slots >= 1); io_busy, the usual case, is tested first */
    return g->io_busy || g->in_fifo.n || g->rsp_fifo.n ||
           (g->sched_fifo.n && g->io.ws.count < g->io.ws.p.slots);
}

static int iommu_blocked_full(const xl_gpu_t *g)
{
    return g->sched_fifo.n && g->io.ws.count == g->io.ws.p.slots;
}

/* Event log of coalescing state that is not a port: CL transitions per slot. */
static void log_cl(xl_gpu_t *g)
{
    const xl_coalesce_t *co = &g->io.co;
    for (uint32_t w = 0; w < co->words; w++) {
        uint64_t now_cl = 0, v = co->valid[w];
        while (v) {
            uint32_t s = 64 * w + xl_ctz64(v);
            v &= v - 1;
            if (xl_coalesce_cl(co, g->io.pwst, co->va[s]))
                now_cl |= UINT64_C(1) << (s & 63);
        }
        uint64_t ch = now_cl ^ g->cl_prev[w];
        while (ch) {
            uint32_t s = 64 * w + xl_ctz64(ch);
            ch &= ch - 1;
            evlog(g, "%s slot=%u", (now_cl >> (s & 63)) & 1 ? "CL_SET" : "CL_CLR", s);
        }
        g->cl_prev[w] = now_cl;
    }
}

/* One IOMMU cycle: TLB intake, then the walk path twin block (xl_walk_path) with this
 * cycle's arrival and page-table response. */
static int iommu_cycle(xl_gpu_t *g, char *err, size_t errlen)
{
    /* step 5: one request per cycle into the IOMMU TLBs */
    if (g->in_fifo.n) {
        uint32_t k = fifo_front(&g->in_fifo);
        fifo_pop(&g->in_fifo);
        xl_va_t va = g->l2m[k].vpn << g->page_shift;
        xl_pa_t pa;
        uint64_t b = 0;
        if (xl_tlb_lookup(&g->io1, ASID, va, &pa)) {
            b = (pa & ~((UINT64_C(1) << g->page_shift) - 1)) | 1u;
        } else if (xl_tlb_lookup(&g->io2, ASID, va, &pa)) {
            b = (pa & ~((UINT64_C(1) << g->page_shift) - 1)) | 1u;
            xl_tlb_fill(&g->io1, ASID, va, b & ~UINT64_C(1), g->page_shift, NULL);
        }
        PUSH(&g->q, g->now + g->cfg.iommu.tlb_latency, EV_IOMMU_TLB, k, b);
    }

    /* steps 6-8: the walk path */
    xl_walk_path_t *io = &g->io;
    xl_walk_path_out_t *o = &g->io_out;
    /* every field is written below, idle ports as zeros (a memset of the whole struct
     * was a measurable share of the run) */
    xl_walk_path_in_t in;
    in.root = g->as.root;
    in.mem_req_ready = 1;
    in.arr_valid = 0;
    in.arr_va = 0;
    in.arr_instr_id = 0;
    in.arr_tag = 0;
    if (g->sched_fifo.n) {
        uint32_t k = fifo_front(&g->sched_fifo);
        in.arr_valid = 1;
        in.arr_va = g->l2m[k].vpn << g->page_shift;
        in.arr_instr_id = g->l2m[k].instr_id;
        in.arr_tag = k;
    }
    uint32_t rw = NONE;
    in.rsp_valid = 0;
    in.rsp_walker = 0;
    if (g->rsp_fifo.n) {
        rw = fifo_front(&g->rsp_fifo);
        fifo_pop(&g->rsp_fifo);
        xl_pa_t line = xl_walk_path_walker_line(io, rw);
        in.rsp_valid = 1;
        in.rsp_walker = rw;
        xl_physmem_read_line(g->pm, line, in.rsp_line);   /* one frame lookup, not eight */
    } else {
        for (unsigned i = 0; i < XL_CO_LANES; i++)
            in.rsp_line[i] = 0;
    }
    xl_walk_path_comb(io, &in, o);
    if (g->trace) {
        /* C cycle | arrival | response | digest of the outputs (dispatch, memory
         * request, completion lanes) so a replay can prove it reproduces this run */
        unsigned lanes = 0;
        for (unsigned i = 0; i < XL_CO_LANES; i++)
            lanes |= (unsigned)o->cpl_valid[i] << i;
        fprintf(g->trace, "C %llu %u %llx %x %x %u %u", (unsigned long long)g->now,
                in.arr_valid, (unsigned long long)in.arr_va, in.arr_instr_id, in.arr_tag,
                in.rsp_valid, in.rsp_walker);
        for (unsigned i = 0; i < XL_CO_LANES; i++)
            fprintf(g->trace, " %llx", (unsigned long long)in.rsp_line[i]);
        fprintf(g->trace, " | %u %u %u %u %u %llx %x\n", o->arr_ready, o->disp_valid,
                o->disp_walker, o->ws.disp_slot, o->mem_req_valid,
                (unsigned long long)o->mem_req_addr, lanes);
    }

    if (in.arr_valid && o->arr_ready) {
        uint32_t k = in.arr_tag;
        l2m_t *e = &g->l2m[k];
        fifo_pop(&g->sched_fifo);
        e->arr_idx = g->sched_arrivals++;
        mrec_t *st = &g->cu[e->owner_cu].rec[e->owner_rec];
        if (st->live && st->instr_id == e->instr_id) {
            if (st->n_walks++ == 0)
                st->first_arr = e->arr_idx;
            st->last_arr = e->arr_idx;
        }
        e->nbhd = nbhd_enter(&g->nbhd, in.arr_va);
        if (g->ev && o->ws.arr_buffered)
            evlog(g, "ARRIVE slot=%u instr=%u va=0x%llx est=%u score=%u", o->ws.arr_slot,
                  in.arr_instr_id, (unsigned long long)in.arr_va, o->arr_est, o->ws.arr_score);
    } else if (in.arr_valid) {
        g->buf_full_cycles++;
        if (g->ev)
            evlog(g, "BUF_FULL");
    }
    if (rw != NONE) {
        const xl_walker_t *wk = &io->wk[rw];
        unsigned lv = wk->level;
        if (o->rsp_fault) {
            snprintf(err, errlen, "internal: walk of va 0x%llx found no mapping at %s",
                     (unsigned long long)wk->va, lvl_name[lv]);
            return XL_EINTERNAL;
        }
        g->walk_reads++;
        g->walk_reads_level[lv]++;
        if (!o->fill_valid) {   /* the leaf line: the walker is idle after this edge */
            g->walk_reads_leaf++;
            g->wk_busy[rw] += g->now - g->l2m[wk->tag].t_dispatch;
        }
        /* MICRO'18 Fig 5/6: another request of this read's neighbourhood in the IOMMU? */
        g->nbhd_reads[lv]++;
        if (nbhd_count(&g->nbhd, g->l2m[wk->tag].nbhd, lv) >= 2)   /* wk->tag: its l2m */
            g->nbhd_conc[lv]++;
        if (g->ev && o->fill_valid)
            evlog(g, "PWC_FILL level=%s va=0x%llx next=0x%llx", lvl_name[lv],
                  (unsigned long long)wk->va, (unsigned long long)o->pwc_in.fill_next);
    }
    if (o->disp_valid) {
        g->l2m[o->ws.disp_tag].t_dispatch = g->now;
        if (g->ev)
            evlog(g, "DISPATCH walker=%u slot=%u instr=%u va=0x%llx rule=%s score=%u "
                  "start=%s node=0x%llx resumed=%u", o->disp_walker,
                  o->ws.disp_rule == XL_RULE_IMMEDIATE ? 0 : o->ws.disp_slot,
                  o->ws.disp_instr_id, (unsigned long long)o->ws.disp_va,
                  xl_ws_rule_name[o->ws.disp_rule], o->ws.disp_score,
                  lvl_name[o->disp_level], (unsigned long long)o->disp_node, o->disp_resumed);
    }
    if (o->mem_req_valid) {
        uint32_t w = o->mem_req_walker;
        if (g->ev)
            evlog(g, "MEM_REQ walker=%u level=%s line=0x%llx", w, lvl_name[o->mem_req_level],
                  (unsigned long long)o->mem_req_addr);
        if (g->ptc.sets && ptc_lookup(&g->ptc, o->mem_req_addr)) {
            PUSH(&g->q, g->now + g->cfg.iommu.ptcache_latency, EV_PT_HIT, w, 0);
        } else {
            xl_mem_req_t r = {((uint64_t)XL_MEM_PT << 56) | w, o->mem_req_addr, 0, XL_MEM_PT,
                              (uint8_t)(g->cfg.iommu.walk_path == XL_WALK_SRC_DRAM)};
            xl_memsys_submit(g->mem, g->now, &r);
        }
    }
    /* the completion lanes: most cycles complete nothing and the others mostly one lane,
     * so read the eight valid bytes (0 or 1) as one word, whose bytes sum to the number of
     * lanes to visit */
    uint64_t cpl_any;
    _Static_assert(sizeof o->cpl_valid == sizeof cpl_any, "eight completion lanes");
    memcpy(&cpl_any, o->cpl_valid, sizeof cpl_any);
    for (unsigned i = 0, left = (unsigned)((cpl_any * UINT64_C(0x0101010101010101)) >> 56);
         left; i++)
        if (o->cpl_valid[i]) {
            walk_done(g, o->cpl_tag[i], o->cpl_frame[i], o->cpl_shift[i], o->cpl_reads[i],
                      o->cpl_coalesced[i], i, rw);
            left--;
        }
    xl_walk_path_commit(io, &in, o);
    if (io->ws.count != g->occ_last)
        occ_change(g, g->now + 1, io->ws.count);   /* the edge ends this cycle */
    /* "stuck" (an idle walker, every buffered request with CL) lets the model skip cycles
     * until something changes; an arrival buffered or a response taken in this very cycle
     * is such a change, so then the next cycle must run */
    g->io_stuck = o->stuck && !o->ws.arr_buffered && !in.rsp_valid;
    g->io_busy = xl_walk_path_busy(io, g->io_stuck);
    if (g->ev && io->co.nmoved)
        for (uint32_t i = 0; i < io->co.nmoved; i++) {
            uint32_t sl = io->co.moved[i];
            evlog(g, "COAL_UPPER slot=%u level=%s node=0x%llx", sl, lvl_name[io->co.pl[sl]],
                  (unsigned long long)io->co.pa[sl]);
        }
    if (g->ev && g->cfg.iommu.coalesce != XL_COAL_OFF)
        log_cl(g);
    return XL_OK;
}

/* ------------------------------------------------------------------ CU issue */

/* cu_issue's page table of one instruction: a power of two of at least twice the lane
 * count (so a probe sequence ends), with 0xFF as the empty mark of its 8-bit indices. */
#define PG_HASH_BITS 7u
#define PG_HASH (1u << PG_HASH_BITS)
_Static_assert(PG_HASH >= 2u * XL_MAX_LANES && XL_MAX_LANES < 0xFFu,
               "cu_issue's page hash is sized by XL_MAX_LANES");

/* Which READY wavefront issues (docs/isca18-micro18.md §1.5 step 1: one instruction per CU per cycle).
 * Eligible: every READY slot, except that a global load or store cannot issue while
 * the CU's memory pipe is busy (cu_t.mem_free_at, the L1 TLB taking the previous memory
 * instruction's pages); such a blocked slot does not hold up the CU, another eligible
 * slot issues instead. Among the eligible slots, gpu.wave_sched [OPEN: neither paper
 * states the wavefront scheduler] chooses:
 *   rr      round-robin from the slot after the last issue (cu_t.rr): the eligible slots
 *           in [rr, spc), then in [0, rr), lowest first; rr becomes the issuing slot + 1
 *           (0 after the last slot). The model's choice so far and the default.
 *   oldest  oldest-first: the eligible slot whose wave was dispatched earliest, i.e. the
 *           smallest dispatch number (slot_t.uid, one GPU-wide counter incremented for
 *           each wave placed, work-groups in dispatch order, a work-group's waves in slot
 *           order). This is gem5's GPU model default (ComputeUnit execPolicy
 *           "OLDEST-FIRST"; apu_se.py --CUExecPolicy): its OFSchedulingPolicy picks the
 *           ready wave of smallest wfDynId, which ComputeUnit::startWavefront takes from
 *           a counter shared by all CUs. Dispatch numbers are unique, so no two slots tie
 *           (the scan below would keep the lowest slot). gem5 chooses per execution
 *           resource (each SIMD's VALU, the memory pipes) and may issue several
 *           instructions per CU per cycle; this model issues one, so the rule is applied
 *           to the CU's one issue. cu_t.rr is neither read nor moved.
 * Returns the slot, or NONE when no READY slot is eligible. */
static inline uint32_t pick_rr(xl_gpu_t *g, cu_t *cu)
{
    uint32_t pos = cu->rr, end = g->spc;
    int wrapped = 0;
    for (;;) {
        uint64_t v = pos < end ? cu->ready_mask[pos >> 6] & (~UINT64_C(0) << (pos & 63)) : 0;
        if (v)
            pos = (pos & ~63u) + xl_ctz64(v);
        if (!v && pos < end && (pos | 63) + 1 < end) {
            pos = (pos | 63) + 1;   /* nothing left in this word */
            continue;
        }
        if (!v || pos >= end) {     /* this pass is done */
            if (wrapped)
                return NONE;
            wrapped = 1;
            pos = 0;
            end = cu->rr;
            continue;
        }
        uint32_t s = pos++;
        if (is_mem_op(cu->slot[s].in.op) && cu->mem_free_at > g->now)
            continue;
        cu->rr = s + 1 == g->spc ? 0 : s + 1;
        return s;
    }
}

/* The oldest-first choice: of the READY slots (without, while the memory pipe is busy,
 * those whose instruction is a load or store: cu_t.ready_mem), the one of smallest age.
 * A cycle in which nothing can issue costs one mask word per 64 slots. */
static inline uint32_t pick_oldest(const xl_gpu_t *g, const cu_t *cu)
{
    uint64_t busy = cu->mem_free_at > g->now ? ~UINT64_C(0) : 0, best_age = UINT64_MAX;
    uint32_t best = NONE;
    for (uint32_t w = 0; w * 64 < g->spc; w++)
        for (uint64_t v = cu->ready_mask[w] & ~(cu->ready_mem[w] & busy); v; v &= v - 1) {
            uint32_t s = w * 64 + xl_ctz64(v);
            if (cu->age[s] < best_age) {
                best_age = cu->age[s];
                best = s;
            }
        }
    return best;
}

static int cu_issue(xl_gpu_t *g, uint32_t c)
{
    cu_t *cu = &g->cu[c];
    if (!cu->nready)
        return 0;
    uint32_t s = g->cfg.gpu.wave_sched == XL_WAVE_SCHED_OLDEST ? pick_oldest(g, cu)
                                                                : pick_rr(g, cu);
    if (s == NONE)
        return 0;
    slot_t *st = &cu->slot[s];
    int mem = is_mem_op(st->in.op);
    set_ready(g, cu, s, 0);
    g->instrs++;
    cu->instrs++;
    if (!mem) {
        st->state = W_BUSY;
        PUSH(&g->q, g->now + (st->in.cycles ? st->in.cycles : 1), EV_WAVE_READY,
             gslot(g, c, s), 0);
        return 1;
    }
    /* steps 1-2: a memory instruction; the coalescer merges same-page lanes. It takes a
     * free record of the slot (under waitcnt wave_advance saw to one being free). */
    g->mem_instrs++;
    cu->mem_instrs++;
    uint32_t r = s * g->kmem;
    while (cu->rec[r].live)
        r++;
    mrec_t *rc = &cu->rec[r];
    rc->live = 1;
    rc->slot = s;
    rc->store = st->in.op == XL_OP_STORE;
    if (g->blocking) {
        rc->va = st->in.va;
        st->state = W_MEM;
    } else {
        rc->own = st->in;
        rc->va = rc->own.va;
        st->state = W_BUSY;   /* it issues on from the next cycle */
        st->nmem++;
        st->nload += !rc->store;
    }
    rc->instr_id = g->next_instr_id++ & XL_WS_INSTR_MASK;
    rc->t_issue = g->now;
    rc->n_walks = rc->walk_reads = 0;
    rc->t_first_done = UINT64_MAX;
    rc->t_last_done = 0;
    uint8_t last_of[XL_MAX_LANES];   /* last lane of each page so far */
    /* pages seen so far by vpn: open addressing over twice the lane count, so a
     * load whose 64 lanes touch 64 pages costs 64 probes, not 64 * 63 / 2 */
    uint8_t pg_of[PG_HASH];
    memset(pg_of, 0xFF, sizeof pg_of);
    /* the loop keeps what it reads in locals: its byte stores (lane lists) could alias
     * any field, so fields would be loaded again for every lane */
    const xl_va_t *va = rc->va;
    uint64_t mask = st->in.mask;
    unsigned shift = g->page_shift, np = 0;
    for (unsigned l = 0, k = 0; l < XL_MAX_LANES; l++) {
        if (!((mask >> l) & 1u))
            continue;
        uint64_t vpn = va[l] >> shift;
        if (k >= np || rc->vpn[k] != vpn) {   /* same page as the last lane? */
            uint32_t h = (uint32_t)((vpn * UINT64_C(0x9E3779B97F4A7C15)) >>
                                    (64u - PG_HASH_BITS));
            while (pg_of[h] != 0xFF && rc->vpn[pg_of[h]] != vpn)
                h = (h + 1) & (PG_HASH - 1u);
            if (pg_of[h] == 0xFF)
                pg_of[h] = (uint8_t)np;   /* a new page: it takes index np */
            k = pg_of[h];
        }
        if (k == np) {
            rc->vpn[np++] = vpn;
            rc->page_first[k] = (uint8_t)l;
        } else if ((va[l] ^ va[last_of[k]]) >> 6 == 0) {
            continue;   /* deliver would find its line issued already (the usual case) */
        } else {
            rc->lane_next[last_of[k]] = (uint8_t)l;
        }
        last_of[k] = (uint8_t)l;
        rc->lane_next[l] = 0xFF;
    }
    rc->npages = (uint8_t)np;
    g->requests += rc->npages;
    g->active_lanes += (uint64_t)__builtin_popcountll(mask);
    if (np) {
        g->pages_bucket[xl_fig3_bucket(np)]++;
        if (np > g->pages_max)
            g->pages_max = np;
    }
    rc->pend_tr = rc->npages;
    rc->pend_lines = 0;
    uint32_t ports = g->cfg.l1tlb.ports;
    cu->mem_free_at = g->now + (rc->npages + ports - 1) / ports;
    if (cu->mem_free_at > g->now)
        PUSH(&g->q, cu->mem_free_at, EV_CU_WAKE, c, 0);
    for (uint32_t p = 0; p < rc->npages; p++)
        issue_page(g, c, r, p, g->now + p / ports, 0);
    if (!g->blocking)
        PUSH(&g->q, g->now + 1, EV_WAVE_READY, gslot(g, c, s), 0);
    check_mem_done(g, c, r);   /* an instruction with no active lane */
    return 1;
}

/* ------------------------------------------------------------------ events */

static void handle(xl_gpu_t *g, const ev_t *e)
{
    switch (e->type) {
    case EV_WAVE_READY:
        wave_fetch(g, g->gs_split[e->a] >> 8, g->gs_split[e->a] & 0xFF);
        break;
    case EV_CU_WAKE:
        break;   /* only makes the loop visit this cycle */
    case EV_L1_RESULT:
        deliver(g, g->gr_split[e->a] >> 16, g->gr_split[e->a] & 0xFFFF, (uint32_t)(e->b & 0xFFF),
                e->b & ~UINT64_C(0xFFF));
        break;
    case EV_L2_ACCESS:
        l2_access(g, e->a >> 16, e->a & 0xFFFF, e->b != 0);   /* b: port reserved */
        break;
    case EV_L2_RESULT:
        l1_mshr_release(g, e->a >> 16, e->a & 0xFFFF, e->b);
        break;
    case EV_IOMMU_ARRIVE:
        g->iommu_requests++;
        g->l2m[e->a].t_iommu = g->now;
        FPUSH(&g->in_fifo, e->a);
        break;
    case EV_IOMMU_TLB:
        if (e->b & 1u) {
            g->l2m[e->a].pa = e->b & ~UINT64_C(0xFFF);
            PUSH(&g->q, g->now + g->cfg.iommu.link_latency, EV_GPU_RESP, e->a, 0);
        } else {
            FPUSH(&g->sched_fifo, e->a);
        }
        break;
    case EV_GPU_RESP:
        gpu_resp(g, e->a);
        break;
    case EV_PT_HIT:
        if (g->ev)
            evlog(g, "MEM_RSP walker=%u line=0x%llx cache=1", e->a,
                  (unsigned long long)xl_walk_path_walker_line(&g->io, e->a));
        FPUSH(&g->rsp_fifo, e->a);
        break;
    case EV_L1D_MISS: {
        xl_mem_req_t r = {((uint64_t)XL_MEM_DATA << 56) | e->a, e->b, 0, XL_MEM_DATA, 0};
        xl_memsys_submit(g->mem, g->now, &r);
        g->data_mem_reqs++;
        break;
    }
    case EV_LINE_DONE: {
        uint32_t c = g->gr_split[e->a] >> 16, r = g->gr_split[e->a] & 0xFFFF;
        g->cu[c].rec[r].pend_lines--;
        check_mem_done(g, c, r);
        break;
    }
    }
}

static void mem_complete(xl_gpu_t *g, const xl_mem_req_t *r)
{
    uint32_t v = (uint32_t)(r->id & 0xFFFFFFFFu);
    if ((r->id >> 56) == XL_MEM_PT) {
        if (g->ev)
            evlog(g, "MEM_RSP walker=%u line=0x%llx", v, (unsigned long long)r->addr);
        if (g->ptc.sets)
            ptc_fill(&g->ptc, r->addr);
        FPUSH(&g->rsp_fifo, v);
        return;
    }
    uint32_t c = g->gr_split[v] >> 16, rr = g->gr_split[v] & 0xFFFF;
    g->cu[c].rec[rr].pend_lines--;
    check_mem_done(g, c, rr);
}

/* ------------------------------------------------------------------ watchdog */

static void dump_waits(const xl_gpu_t *g, FILE *f)
{
    fprintf(f, "xlat: no instruction retired for %llu cycles (cycle %llu); who waits on what:\n",
            (unsigned long long)g->cfg.sim.watchdog, (unsigned long long)g->now);
    for (uint32_t c = 0; c < g->ncu; c++) {
        const cu_t *cu = &g->cu[c];
        for (uint32_t s = 0; s < g->spc; s++) {
            const slot_t *st = &cu->slot[s];
            if (st->state == W_FREE)
                continue;
            static const char *const sn[] = {"free",    "ready",   "busy",
                                             "memory",  "barrier", "waiting for memory"};
            fprintf(f, "  cu %u slot %u: %s", c, s, sn[st->state]);
            for (uint32_t r = s * g->kmem; r < (s + 1) * g->kmem; r++)
                if (cu->rec[r].live)
                    fprintf(f, "; instr %u: %u translations, %u lines outstanding",
                            cu->rec[r].instr_id, cu->rec[r].pend_tr, cu->rec[r].pend_lines);
            fputc('\n', f);
        }
        fprintf(f, "  cu %u: L1 TLB MSHRs %u/%u used, %u misses waiting for an MSHR\n", c,
                cu->l1t.used, g->cfg.l1tlb.mshrs, cu->l1_retry.n);
    }
    fprintf(f, "  L2 TLB MSHRs %u/%u used, %u misses waiting\n", g->l2t.used,
            g->cfg.l2tlb.mshrs, g->l2_retry.n);
    fprintf(f, "  IOMMU: %u in TLB queue, %u waiting for the buffer, buffer %u/%u, walkers busy %u/%u, "
            "%u responses queued\n", g->in_fifo.n, g->sched_fifo.n, g->io.ws.count,
            g->cfg.iommu.buffer_entries, g->cfg.iommu.walkers - g->io.idle,
            g->cfg.iommu.walkers, g->rsp_fifo.n);
    static const char *const wsn[] = {"idle", "pwc lookup", "waiting for the memory port",
                                      "waiting for its read"};
    for (uint32_t w = 0; w < g->cfg.iommu.walkers; w++)
        if (g->io.wk[w].state != XL_WK_IDLE)
            fprintf(f, "  walker %u: va 0x%llx at %s, %s, %u reads done\n", w,
                    (unsigned long long)g->io.wk[w].va, lvl_name[g->io.wk[w].level],
                    wsn[g->io.wk[w].state], g->io.wk[w].reads);
    fprintf(f, "  memory system: %llu requests pending; %zu timed events queued\n",
            (unsigned long long)xl_memsys_pending(g->mem), evq_count(&g->q));
}

/* ------------------------------------------------------------------ main loop */

int xl_gpu_run(xl_gpu_t *g, char *err, size_t errlen)
{
    xl_mem_req_t r;
    uint64_t done_at;
    time_t last_progress = time(NULL);
    uint64_t iter = 0;
    dispatch_wgs(g);
    for (;;) {
        /* timed events and memory completions due now, in time order */
        if (evq_advance(&g->q, g->now))
            g->oom = 1;
        for (;;) {
            ev_t e;
            if (evq_pop_now(&g->q, &e)) {
                handle(g, &e);
            } else if (xl_memsys_pop(g->mem, g->now, &r, &done_at)) {
                mem_complete(g, &r);
            } else {
                break;
            }
        }
        if (iommu_active(g)) {
            int rc = iommu_cycle(g, err, errlen);
            if (rc != XL_OK)
                return rc;
        } else if (iommu_blocked_full(g)) {
            g->buf_full_cycles++;
        }
        /* docs/isca18-micro18.md §6 stall cycles: a CU with resident wavefronts of which none can issue */
        if (!g->ready_total) {
            g->all_stall++;
        } else {
            for (uint32_t c = 0; c < g->ncu; c++) {
                cu_t *cu = &g->cu[c];
                if (cu->live && !(cu->nready && cu_issue(g, c)))
                    cu->stall++;
            }
        }
        if (g->dispatch_pending)
            dispatch_wgs(g);
        if (g->oom || g->q.past) {
            snprintf(err, errlen, g->oom ? "out of host memory"
                                      : "internal: an event was scheduled in the past");
            return XL_EINTERNAL;
        }

        uint32_t live = g->live_total;
        int ready = g->ready_total != 0;
        /* nothing after the IOMMU cycle feeds its FIFOs (CU issue only queues events and
         * memory requests), so whether it acts next cycle is known now */
        int io_act = iommu_active(g);
        if (!live && !g->have_kernel && evq_empty(&g->q) && !xl_memsys_pending(g->mem) && !io_act)
            break;   /* every kernel finished */

        uint64_t next = g->now + 1;
        if (!ready && !io_act) {
            next = UINT64_MAX;
            next = evq_next_time(&g->q);
            uint64_t m = xl_memsys_next_event(g->mem);
            if (m < next)
                next = m;
            if (next <= g->now)
                next = g->now + 1;
        }
        if (next == UINT64_MAX || next - g->last_retire > g->cfg.sim.watchdog) {
            if (next != UINT64_MAX)
                g->now = g->last_retire + g->cfg.sim.watchdog;
            dump_waits(g, stderr);
            snprintf(err, errlen, "internal: deadlock at cycle %llu (watchdog sim.watchdog=%llu)",
                     (unsigned long long)g->now, (unsigned long long)g->cfg.sim.watchdog);
            return XL_EINTERNAL;
        }
        if (next - g->now > 1) {
            /* skipped cycles: resident wavefronts could not issue in any of them */
            g->all_stall += next - g->now - 1;
            if (iommu_blocked_full(g))
                g->buf_full_cycles += next - g->now - 1;
        }
        g->now = next;
        if (g->progress && (++iter & 0xFFFF) == 0 && time(NULL) != last_progress) {
            last_progress = time(NULL);
            fprintf(g->progress, "\r  cycle %llu, kernel %u, %llu instructions ",
                    (unsigned long long)g->now, g->kernel, (unsigned long long)g->instrs);
            fflush(g->progress);
        }
    }
    g->cycles = g->now;
    occ_change(g, g->cycles, g->io.ws.count);   /* the last stretch of buffer occupancy */
    if (g->progress)
        fprintf(g->progress, "\r%60s\r", "");
    return XL_OK;
}

/* ------------------------------------------------------------------ statistics */

/* A CU's stall cycles so far: those counted, plus, while it is resident, the all-stalled
 * cycles since it became so (xl_gpu.all_stall). */
static uint64_t cu_stall(const xl_gpu_t *g, const cu_t *cu)
{
    return cu->stall + (cu->live ? g->all_stall - cu->stall_base : 0);
}

void xl_gpu_stats(const xl_gpu_t *g, xl_stats_t *s)
{
    char n[64], d[128];
    uint64_t stall = 0, l1a = 0, l1h = 0, l1m = 0;
    for (uint32_t c = 0; c < g->ncu; c++) {
        stall += cu_stall(g, &g->cu[c]);
        l1a += g->cu[c].l1.accesses;
        l1h += g->cu[c].l1.hits;
        l1m += g->cu[c].l1.misses;
    }
    xl_stats_value(s, "sim.cycles", "GPU cycles from the first dispatch to the last retirement",
                   g->cycles);
    xl_stats_value(s, "sim.kernels", "kernels run", g->kernel);
    for (uint32_t k = 0; k < g->kernel; k++) {
        snprintf(n, sizeof n, "sim.kernel%u.cycles", k);
        snprintf(d, sizeof d, "cycles of kernel %u, first work-group placed to last wavefront retired",
                 k);
        xl_stats_value(s, n, d, g->kcycles[k]);
    }
    xl_stats_value(s, "gpu.wavefronts", "wavefronts run", g->wave_uid);
    xl_stats_counter(s, "gpu.instructions", "wavefront instructions issued", &g->instrs);
    xl_stats_counter(s, "gpu.mem_instructions", "global memory instructions issued", &g->mem_instrs);
    xl_stats_value(s, "gpu.stall_cycles",
                   "CU cycles with resident wavefronts and none able to issue, summed over CUs",
                   stall);
    for (uint32_t c = 0; c < g->ncu; c++) {
        const cu_t *cu = &g->cu[c];
        snprintf(n, sizeof n, "gpu.cu%u.instructions", c);
        snprintf(d, sizeof d, "wavefront instructions issued by CU %u", c);
        xl_stats_counter(s, n, d, &cu->instrs);
        snprintf(n, sizeof n, "gpu.cu%u.mem_instructions", c);
        snprintf(d, sizeof d, "global memory instructions issued by CU %u", c);
        xl_stats_counter(s, n, d, &cu->mem_instrs);
        snprintf(n, sizeof n, "gpu.cu%u.stall_cycles", c);
        snprintf(d, sizeof d, "cycles CU %u had resident wavefronts and none could issue", c);
        xl_stats_value(s, n, d, cu_stall(g, cu));
    }
    xl_stats_counter(s, "coalescer.lanes", "active lanes of global memory instructions",
                     &g->active_lanes);
    xl_stats_counter(s, "coalescer.requests", "translation requests after same-page merging",
                     &g->requests);
    xl_stats_ratio(s, "coalescer.pages_per_instr_avg",
                   "distinct pages per global memory instruction, mean", g->requests,
                   g->mem_instrs, 2);
    xl_stats_counter(s, "coalescer.pages_per_instr_max", "most distinct pages in one instruction",
                     &g->pages_max);
    xl_fig3_stats(s, "coalescer.pages_hist", "memory instructions touching %s distinct pages",
                  g->pages_bucket);
    xl_stats_value(s, "l1tlb.accesses", "L1 TLB lookups, all CUs", l1a);
    xl_stats_value(s, "l1tlb.hits", "L1 TLB hits, all CUs", l1h);
    xl_stats_value(s, "l1tlb.misses", "L1 TLB misses, all CUs", l1m);
    xl_stats_counter(s, "l1tlb.mshr_merges", "L1 TLB misses merged into an outstanding miss",
                     &g->l1_merges);
    xl_stats_counter(s, "l1tlb.mshr_full", "L1 TLB misses that waited for a free MSHR",
                     &g->l1_mshr_full);
    xl_stats_counter(s, "l2tlb.accesses", "L2 TLB lookups", &g->l2_acc);
    xl_stats_counter(s, "l2tlb.hits", "L2 TLB hits", &g->l2_hit);
    xl_stats_counter(s, "l2tlb.misses", "L2 TLB misses", &g->l2_miss);
    xl_stats_counter(s, "l2tlb.mshr_merges", "L2 TLB misses merged into an outstanding miss",
                     &g->l2_merges);
    xl_stats_counter(s, "l2tlb.mshr_full", "L2 TLB misses that waited for a free MSHR",
                     &g->l2_mshr_full);
    xl_stats_ratio(s, "l2tlb.wavefronts_per_epoch",
                   "distinct wavefronts per 1024 L2 TLB accesses, mean (ISCA'18 Fig 12)",
                   g->epoch_sum, g->epochs, 2);
    xl_stats_counter(s, "iommu.requests", "page-walk requests reaching the IOMMU (Fig 11)",
                     &g->iommu_requests);
    xl_stats_counter(s, "iommu.tlb1.accesses", "IOMMU L1 TLB lookups", &g->io1.accesses);
    xl_stats_counter(s, "iommu.tlb1.hits", "IOMMU L1 TLB hits", &g->io1.hits);
    xl_stats_counter(s, "iommu.tlb1.misses", "IOMMU L1 TLB misses", &g->io1.misses);
    xl_stats_counter(s, "iommu.tlb2.accesses", "IOMMU L2 TLB lookups (L1 misses)",
                     &g->io2.accesses);
    xl_stats_counter(s, "iommu.tlb2.hits", "IOMMU L2 TLB hits", &g->io2.hits);
    xl_stats_counter(s, "iommu.tlb2.misses", "IOMMU L2 TLB misses (requests for a walk)",
                     &g->io2.misses);
    xl_stats_counter(s, "iommu.walks", "page-table walks performed", &g->walks);
    xl_stats_counter(s, "iommu.walk_mem_reads", "64 B page-table lines read by walkers",
                     &g->walk_reads);
    xl_stats_counter(s, "iommu.walk_mem_reads_leaf", "walk reads of the leaf (mapping) level",
                     &g->walk_reads_leaf);
    xl_stats_value(s, "iommu.walk_mem_reads_upper", "walk reads of upper levels",
                   g->walk_reads - g->walk_reads_leaf);
    for (unsigned lv = 4; lv >= 1; lv--) {
        snprintf(n, sizeof n, "iommu.walk_mem_reads_l%u", lv);
        snprintf(d, sizeof d, "walk reads of level-%u lines", lv);
        xl_stats_counter(s, n, d, &g->walk_reads_level[lv]);
    }
    xl_stats_counter(s, "iommu.coalesced",
                     "requests completed by a neighbour's leaf line (walk coalescing)", &g->coalesced);
    xl_stats_counter(s, "iommu.coalesce.resumed_walks",
                     "walks started below the root from a coalescing resume point", &g->io.resumed);
    for (unsigned lv = 4; lv >= 2; lv--) {
        snprintf(n, sizeof n, "iommu.coalesce.upper_l%u", lv);
        snprintf(d, sizeof d, "resume points set or moved down by a level-%u line", lv);
        xl_stats_counter(s, n, d, &g->io.co.upper_set[lv]);
    }
    xl_stats_counter(s, "iommu.coalesce.cl_stall_cycles",
                     "cycles a walker was idle while every buffered request had CL set",
                     &g->io.cl_stalls);
    uint64_t nu = 0, nuc = 0;
    for (unsigned lv = 4; lv >= 1; lv--) {
        snprintf(n, sizeof n, "iommu.nbhd.l%u.reads", lv);
        snprintf(d, sizeof d, "level-%u page-table reads (neighbourhood measurement)", lv);
        xl_stats_counter(s, n, d, &g->nbhd_reads[lv]);
        snprintf(n, sizeof n, "iommu.nbhd.l%u.concurrent", lv);
        snprintf(d, sizeof d, "of those, with another request of the neighbourhood in the IOMMU");
        xl_stats_counter(s, n, d, &g->nbhd_conc[lv]);
        if (lv > 1) {
            nu += g->nbhd_reads[lv];
            nuc += g->nbhd_conc[lv];
        }
    }
    xl_stats_ratio(s, "iommu.nbhd_frac_leaf",
                   "leaf reads with a concurrent request in the same 32 KB (MICRO'18 Fig 5)",
                   g->nbhd_conc[1], g->nbhd_reads[1], 4);
    xl_stats_ratio(s, "iommu.nbhd_frac_upper",
                   "upper-level reads with a concurrent request in the same line (MICRO'18 Fig 6)",
                   nuc, nu, 4);
    xl_stats_counter(s, "iommu.ptcache.hits", "walker reads served by the page-table line cache",
                     &g->ptc.hits);
    xl_stats_counter(s, "iommu.ptcache.misses", "walker reads that missed the page-table line cache",
                     &g->ptc.misses);
    xl_stats_ratio(s, "iommu.walk_latency_avg",
                   "IOMMU arrival to completion, walked or coalesced, mean GPU cycles",
                   g->walk_lat_sum, g->done_reqs, 1);
    xl_stats_ratio(s, "iommu.walk_queue_avg", "IOMMU arrival to walker dispatch, mean GPU cycles",
                   g->walk_queue_sum, g->walks, 1);
    xl_stats_ratio(s, "iommu.walk_service_avg",
                   "walker dispatch to completion of a walk, mean GPU cycles (the walk's own cost)",
                   g->walk_svc_sum, g->walks, 1);
    static const char *const lat_name[LAT_BUCKETS] = {"lt128", "lt256", "lt512", "lt1k", "lt2k",
                                                      "lt4k",  "lt8k",  "lt16k", "lt32k", "ge32k"};
    for (unsigned b = 0; b < LAT_BUCKETS; b++) {
        snprintf(n, sizeof n, "iommu.walk_latency_hist.%s", lat_name[b]);
        snprintf(d, sizeof d, "walk-path requests whose IOMMU arrival to completion was %s cycles",
                 lat_name[b]);
        xl_stats_value(s, n, d, g->lat_hist[b]);
    }
    for (unsigned b = 0; b < LAT_BUCKETS; b++) {
        snprintf(n, sizeof n, "iommu.walk_service_hist.%s", lat_name[b]);
        snprintf(d, sizeof d, "walks whose dispatch to completion was %s cycles", lat_name[b]);
        xl_stats_value(s, n, d, g->svc_hist[b]);
    }
    xl_stats_counter(s, "iommu.buffer_full_cycles", "cycles an arrival found the walk buffer full",
                     &g->buf_full_cycles);
    xl_stats_counter(s, "iommu.buffer_max_occupancy", "most requests buffered at once",
                     &g->io.ws.max_occupancy);
    uint64_t occ_hist[OCC_BUCKETS] = {0}, occ_sum = 0;
    for (uint32_t k = 0; k <= g->cfg.iommu.buffer_entries; k++) {
        occ_hist[occ_bucket(k, g->cfg.iommu.buffer_entries)] += g->occ_cycles[k];
        occ_sum += k * g->occ_cycles[k];
    }
    xl_stats_ratio(s, "iommu.buffer_occupancy_avg", "requests in the walk buffer, mean over cycles",
                   occ_sum, g->cycles, 1);
    for (unsigned b = 0; b < OCC_BUCKETS; b++) {
        snprintf(n, sizeof n, "iommu.buffer_occ.%s", occ_name[b]);
        snprintf(d, sizeof d, "cycles the walk buffer was %s", occ_desc[b]);
        xl_stats_value(s, n, d, occ_hist[b]);
    }
    uint64_t busy = 0;
    for (uint32_t w = 0; w < g->cfg.iommu.walkers; w++) {
        snprintf(n, sizeof n, "iommu.walker%u.busy_cycles", w);
        snprintf(d, sizeof d, "cycles walker %u was not idle (dispatch to leaf response)", w);
        xl_stats_counter(s, n, d, &g->wk_busy[w]);
        busy += g->wk_busy[w];
    }
    xl_stats_ratio(s, "iommu.walker_busy_frac", "walker cycles not idle / (walkers x cycles)",
                   busy, (uint64_t)g->cfg.iommu.walkers * g->cycles, 4);
    xl_stats_counter(s, "iommu.sched.score_updates",
                     "buffered entries whose score a same-instruction arrival raised (§2.3 1-b)",
                     &g->io.ws.score_updates);
    xl_stats_ratio(s, "iommu.sched.score_at_dispatch_avg",
                   "SIMT-aware score of walks dispatched from the buffer, mean (0: other policies)",
                   g->io.ws.score_sum, g->io.ws.disp_count, 2);
    for (unsigned rl = XL_RULE_IMMEDIATE; rl <= XL_RULE_RANDOM; rl++) {
        snprintf(n, sizeof n, "iommu.dispatch.%s", xl_ws_rule_name[rl]);
        snprintf(d, sizeof d, "walks dispatched by the %s rule", xl_ws_rule_name[rl]);
        xl_stats_counter(s, n, d, &g->io.ws.dispatched[rl]);
    }
    xl_stats_counter(s, "walk.multi_instrs", "memory instructions with two or more walks",
                     &g->multi_instrs);
    xl_stats_counter(s, "walk.interleaved_instrs",
                     "of those, walks not contiguous in IOMMU arrival order (Fig 5)", &g->interleaved);
    xl_stats_ratio(s, "walk.interleaved_frac", "interleaved / multi-walk instructions (Fig 5)",
                   g->interleaved, g->multi_instrs, 4);
    xl_stats_ratio(s, "iommu.first_walk_latency_avg",
                   "latency of each multi-walk instruction's first-completed walk, mean (Fig 6)",
                   g->first_lat_sum, g->multi_instrs, 1);
    xl_stats_ratio(s, "iommu.last_walk_latency_avg",
                   "latency of each multi-walk instruction's last-completed walk, mean (Fig 6)",
                   g->last_lat_sum, g->multi_instrs, 1);
    xl_stats_ratio(s, "walk.last_first_2x_frac",
                   "multi-walk instructions whose last walk's latency was >= 2x the first's (Fig 6)",
                   g->lf_2x, g->multi_instrs, 4);
    xl_stats_ratio(s, "walk.last_first_3x_frac",
                   "multi-walk instructions whose last walk's latency was >= 3x the first's (Fig 6)",
                   g->lf_3x, g->multi_instrs, 4);
    xl_stats_ratio(s, "iommu.gap_first_last_avg",
                   "first-to-last walk completion gap per multi-walk instruction, mean cycles (Fig 10)",
                   g->gap_sum, g->multi_instrs, 1);
    xl_stats_counter(s, "walk.work_instrs", "memory instructions that caused at least one walk",
                     &g->work_instrs);
    xl_fig3_stats(s, "walk.work_hist", "instructions needing %s walk memory reads (ISCA'18 Fig 3)",
                  g->work_bucket);
    /* per PWC level: the counters of xl_pwc_level_t, named pwc.<level>.<counter> */
    static const char *const lvname[XL_PWC_LEVELS] = {"l4", "l3", "l2"};
    static const struct {
        const char *name, *desc;
        size_t off;
    } pwc_ctr[] = {
        {"hits", "walk-time lookups that hit", offsetof(xl_pwc_level_t, hits)},
        {"misses", "walk-time lookups that missed", offsetof(xl_pwc_level_t, misses)},
        {"fills", "entries written", offsetof(xl_pwc_level_t, fills)},
        {"evictions", "valid entries replaced", offsetof(xl_pwc_level_t, evictions)},
        {"protected_evictions", "victims chosen past a PLRU way with a pending counter (§2.6)",
         offsetof(xl_pwc_level_t, protected_evictions)},
        {"forced_evictions", "evictions with every way's pending counter above 0",
         offsetof(xl_pwc_level_t, forced_evictions)},
        {"cnt_incs", "pending counters raised by an arrival's probe",
         offsetof(xl_pwc_level_t, cnt_incs)},
        {"cnt_decs", "pending counters lowered by a walk's lookup",
         offsetof(xl_pwc_level_t, cnt_decs)},
    };
    for (unsigned i = 0; i < XL_PWC_LEVELS; i++)
        for (size_t k = 0; k < sizeof pwc_ctr / sizeof pwc_ctr[0]; k++) {
            snprintf(n, sizeof n, "pwc.%s.%s", lvname[i], pwc_ctr[k].name);
            snprintf(d, sizeof d, "%s entry cache: %s", lvname[i], pwc_ctr[k].desc);
            xl_stats_counter(s, n, d,
                             (const uint64_t *)((const char *)&g->io.pwc.lv[i] + pwc_ctr[k].off));
        }
    xl_stats_counter(s, "l1d.accesses", "L1 data cache load lookups", &g->l1d_acc);
    xl_stats_counter(s, "l1d.hits", "L1 data cache load hits", &g->l1d_hit);
    xl_stats_counter(s, "gpu.data_lines", "64 B data lines accessed by lanes (loads and stores)",
                     &g->lines);
    xl_memsys_stats(g->mem, s);
}
