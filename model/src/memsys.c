/*
 * memsys.c - the memory system below the translation path (memsys.h): the shared L2
 * data cache and the DRAM timing model, spec seed-000-003 §1.1 (Table I: 4 MB 16-way
 * 64 B L2; DDR3-1600, 2 channels x 2 ranks x 16 banks), §1.2 (DDR3-1600 11-11-11,
 * BL8, 64-bit channel, FR-FCFS, open page) and §7.1 (DRAM reads and writes by source,
 * row hits and misses, queueing latency). Timing only: data contents are not modelled.
 *
 * ---- Time and clocks ----------------------------------------------------------------
 * Time is in GPU cycles. With G = gpu.clock_mhz, D = dram.mhz, g = G / gcd(G, D) and
 * d = D / gcd(G, D), DRAM clock k (k = 0, 1, ...) has its edge at GPU cycle
 *     cyc(k) = ceil(k * g / d)
 * (a fixed origin: DRAM clock 0 = GPU cycle 0), and the first DRAM edge at or after GPU
 * cycle t is DRAM clock
 *     clk(t) = ceil(t * d / g).
 * Defaults: g/d = 5/2, so DRAM clocks 0,1,2,3,4 are at GPU cycles 0,3,5,8,10; a DRAM
 * event is seen by the GPU at the first GPU cycle at or after it (memsys.h: "rounding
 * up each event to the next GPU cycle"). All DRAM timing is done in DRAM clocks and
 * converted once, when a result leaves the DRAM. Exact in 64 bits while t * d and
 * k * g stay below 2^64 (d, g <= 100000: over 10^14 cycles).
 *
 * ---- Path of a request (memsys.h) ---------------------------------------------------
 * submit at t (not bypass_l2):
 *   t + H        L2 lookup (H = l2d.hit_latency). Hit: LRU touch, a write sets the dirty
 *                bit, the request completes at t + H. Miss: if an MSHR holds the line,
 *                merge into it (completes when the line arrives; a write makes the
 *                filled line dirty); else allocate a free MSHR; else (all l2d.mshrs
 *                busy) wait in a FIFO, "in order". A miss that finds an MSHR of its line
 *                merges at once even while others wait (it needs no new MSHR).
 *   +C           the MSHR's 64 B read reaches its channel's queue (C = dram.ctrl_latency).
 *   DRAM         queued, issued by FR-FCFS, burst ends at DRAM clock e (below).
 *   cyc(e) + C   the line is filled into the L2 (victim: an invalid way, lowest index
 *                first, else the least recently used one; a dirty victim
 *                is written back: a DRAM write with no requester that reaches its
 *                channel's queue C cycles later); every merged request completes now;
 *                the MSHR is freed and waiting misses are retried in order (a retry
 *                that now finds its line in the L2 completes at once, one that finds an
 *                MSHR of its line merges, else it takes a free MSHR or stays waiting).
 *   Writes are write-allocate with fetch: a write miss reads the line like a read
 *   miss and completes when the line is filled (then the L2 "has taken it").
 * submit at t with bypass_l2: reaches its channel's queue at t + C, completes at
 *   cyc(e) + C; no L2 state or counter moves (memsys.h: "skip the L2 both ways").
 * Counters split by kind count XL_MEM_PT as page table and every other kind as data.
 *
 * ---- Address mapping (memsys.h: line interleaved across channels, then banks, then
 * ranks) -------------------------------------------------------------------------------
 *   line    = pa >> 6
 *   channel = line % channels;                x = line / channels
 *   bank    = x % banks;                      x = x / banks
 *   rank    = x % ranks;                      x = x / ranks
 *   column  = x % lines_per_row;              row = x / lines_per_row
 * with lines_per_row = dram.row_kb * 1024 / 64 (128 for 8 KB rows). With dram.mapping =
 * xor (the default) the row then permutes channel and bank:
 *   channel = (channel + row) % channels;  bank = (bank + row / channels) % banks
 * The examples below are for dram.mapping = linear (the tests use it). Linear:
 * pa 0x0 -> ch 0 bank 0 rank 0 col 0 row 0; 0x40 -> ch 1; 0x80 -> ch 0 bank 1;
 * 0x800 (line 32) -> ch 0 bank 0 rank 1; 0x1000 (line 64) -> ch 0 bank 0 rank 0 col 1
 * row 0; 0x80000 (line 8192) -> ch 0 bank 0 rank 0 col 0 row 1.
 * Every (rank, bank) pair of a channel is an independent bank with its own row buffer;
 * rank-to-rank switching has no extra cost.
 *
 * ---- DRAM timing (memsys.h; DRAM clocks) --------------------------------------------
 * Each channel decides at most once per DRAM clock (one command bus). At DRAM clock k
 * its candidates are the queued requests whose bank is ready (bank.ready <= k); FR-FCFS
 * takes the oldest (channel arrival order) whose row is open in its bank, else the
 * oldest candidate. Issued at k, a request of bank b for row R has its column command at
 *   row hit      (R open)         col = k                          dram.row_hits
 *   closed bank  (no row open)    act = k,  col = act + tRCD       dram.row_misses
 *   row conflict (another open)   pre = max(k, act_prev + tRAS),
 *                                 act = pre + tRP, col = act + tRCD  dram.row_conflicts
 * its data is ready at col + tCL and its burst takes the channel's data bus from
 *   start = max(col + tCL, bus_free) to end = start + tBURST; bus_free = end
 * (the bus serves bursts one at a time, in issue order). The bank serves one request at
 * a time: bank.ready = end. The row stays open (open-page policy). A write occupies the
 * bank and bus exactly like a read. Example (defaults, closed bank, queued at GPU cycle
 * 60 = DRAM clock 24): act 24, col 35, data 46, burst 46..50, cyc(50) = 125.
 *
 * ---- Event order (determinism) -------------------------------------------------------
 * Internal events are processed in (GPU cycle, class, tie number) order. Within one GPU
 * cycle: class 0 line fills, class 1 L2 lookups (submission order), class 2 arrivals at
 * a channel queue, class 3 channel decisions (DRAM edges). The tie number of a decision
 * is its channel index (channels decide in index order); that of any other event is its
 * insertion count, itself fixed by the order of the events before it. Each class keeps
 * its events in time order without a heap: lookups (t + H) and arrivals (t + C) are
 * created at the cycle being processed, which never decreases, so they form FIFOs; a
 * channel's fills come in the order its bursts end, so each channel has a fill FIFO
 * (ties across channels by insertion count); a channel has at most one pending decision
 * (an earlier one replaces a later one). A request reaching a channel at GPU
 * cycle t is seen by the decision at DRAM clock clk(t), or by the next undecided clock
 * if that one is already decided (only possible when dram.ctrl_latency = 0 sends a
 * bypass_l2 request to its queue in the very cycle it is submitted).
 * xl_memsys_submit and xl_memsys_pop first process every event up to `now` (submit
 * treats a `now` below one already seen as that one), so when and how often a caller
 * calls them (every cycle, or only at xl_memsys_next_event cycles; popping before or
 * after submitting in a cycle) cannot change any result. Completions wait ordered by
 * (completion cycle, submission seq), the pop order of memsys.h, in a FIFO when they
 * come in that order (most do) and else in a heap; pop takes the smaller of the heads.
 * Requests, DRAM operations and completion heap slots come from pools that grow by
 * doubling and are reused through free lists: no allocation in the steady state.
 */
#include "xlat/memsys.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NONE      UINT32_MAX
#define NO_ROW    UINT64_MAX
#define NO_LINE   UINT64_MAX
#define NO_TAG32  UINT32_MAX
#define LINE_SHIFT 6u

enum { OWN_NONE = 0, OWN_MSHR = 1, OWN_REQ = 2 };                  /* who waits for a DRAM op */
enum { K_DATA = 0, K_PT = 1 };

/* A caller's request while it is in the memory system. */
typedef struct {
    xl_mem_req_t req;
    uint64_t seq;        /* submission order: the tie-break of completions */
    uint64_t t_lookup;   /* GPU cycle of the L2 lookup (submit + H) */
    uint64_t line;       /* addr >> 6 */
    uint64_t done;       /* completion cycle, once completed */
    uint32_t next;       /* lookup FIFO, MSHR requester list, MSHR wait FIFO, completion
                          * FIFO or free list */
} mreq_t;

/* One 64 B DRAM read or write. */
typedef struct {
    uint64_t row;
    uint64_t arrive;     /* GPU cycle it reached the channel queue */
    uint64_t age;        /* arrival order at the channels (FR-FCFS "oldest") */
    uint32_t ch, bank;   /* bank = rank * banks + bank within the channel */
    uint32_t prev, next; /* its bank's queue (arrival order) or free list */
    uint32_t owner;      /* MSHR index, request index, or NONE */
    uint8_t write, kind, own;
} dop_t;

typedef struct {
    uint64_t line;
    uint64_t fill_t;     /* GPU cycle its line arrives, once its read has issued */
    uint64_t fseq;       /* fill order: the tie-break of fills of one cycle */
    uint32_t head, tail; /* requesters (mreq indices), submission order */
    uint32_t next;       /* chain of its hash bucket's busy MSHRs, or free list */
    uint32_t fnext;      /* its channel's fill FIFO */
    uint8_t dirty, kind;
    uint8_t pad[22];     /* to 64 B: with the array on a host line (alloc_lines) an MSHR
                          * is one host cache line, not parts of two */
} mshr_t;
typedef char mshr_is_one_host_line[sizeof(mshr_t) == 64u ? 1 : -1];

/* A channel's queue is kept as one arrival-ordered queue per bank plus the list of
 * banks whose queue is not empty; FR-FCFS compares arrival ages across banks, which
 * gives exactly the order of one channel-wide queue at a cost per decision of the
 * number of busy banks, not of queued requests. That list is kept in order of
 * max(ready, next_clk) (bank_link), so a decision stops at the first bank still busy:
 * the banks it can start form a prefix, and the one after gives the earliest free
 * clock of the others. The order among banks of equal key does not matter: a decision
 * compares arrival ages, which are unique. */
typedef struct {
    uint64_t open_row;   /* NO_ROW: precharged */
    uint64_t act;        /* DRAM clock of the last activate (tRAS) */
    uint64_t ready;      /* DRAM clock from which it can start a new request */
    uint32_t qhead, qtail;   /* queued ops of this bank, arrival order */
    uint32_t hit;        /* oldest queued op whose row is open_row, or NONE */
    uint32_t aprev, anext;   /* list of the channel's banks with queued ops, by ready */
    uint8_t active;
} bank_t;

typedef struct {
    bank_t *bank;        /* ranks * banks */
    uint32_t ahead, atail;   /* banks with queued ops, by max(ready, next_clk) */
    uint64_t qlen;
    uint64_t bus_free;   /* DRAM clock the data bus is free from */
    uint64_t next_clk;   /* first DRAM clock not yet decided */
    uint64_t wake_clk;   /* the scheduled decision, UINT64_MAX if none */
    uint64_t wake_t;     /* its GPU cycle, cyc(wake_clk), UINT64_MAX if none */
    uint32_t fhead, ftail;   /* MSHRs whose read has issued, fill time order */
} chan_t;

#define LNONE UINT16_MAX   /* no way (l2d.ways <= 1024) */

/* With l2d.ways > 16 (else lset16_t below): an L2 way's recency links and state,
 * together, so that a hit's LRU update and dirty bit touch few host cache lines. */
typedef struct {
    uint16_t prev, next;    /* the set's recency list: toward the MRU, toward the LRU */
    uint8_t dirty, kind;
} lway_t;

typedef struct {
    uint16_t nvalid;        /* valid ways: ways 0 .. nvalid - 1 (fills take the lowest
                             * invalid way; lines are never invalidated) */
    uint16_t mru, lru;      /* ends of the recency list of the valid ways */
} lset_t;

/* A whole set's recency and state in 16 B, for l2d.ways <= 16 (the usual geometry): the
 * valid ways' numbers, 4 bits each, in order of last use (nibble 0 the MRU, nibble
 * nvalid - 1 the LRU; the nibbles above hold stale numbers and are never read as ways).
 * A hit touches this and the set's tags only, where lway_t/lset_t need up to five
 * lines; the order is the one the recency list would have. */
typedef struct {
    uint64_t order;         /* way numbers by recency, MRU in the low nibble */
    uint16_t dirty;         /* bit w: way w is dirty */
    uint16_t pt;            /* bit w: way w was filled by a page-table read (kidx) */
    uint16_t nvalid;        /* as in lset_t */
} lset16_t;

#define NIB_ONES UINT64_C(0x1111111111111111)

typedef struct {
    uint64_t done, seq;
    uint32_t idx;        /* mreq */
} cpl_t;

struct xl_memsys {
    /* parameters */
    uint64_t H, C;                  /* l2d.hit_latency, dram.ctrl_latency (GPU cycles) */
    uint64_t g, d;                  /* reduced clock ratio gpu : dram */
    uint32_t sets, ways, set_mask;
    uint32_t channels, ranks, banks;
    uint64_t lines_per_row;
    int map_pow2;               /* channels, ranks, banks, lines_per_row all powers of two: */
    unsigned ch_sh, rk_sh, bk_sh, lpr_sh;   /* map_line shifts instead of dividing (log2s) */
    int xor_map;                /* dram.mapping = xor */
    uint64_t tcl, trcd, trp, tras, tburst;

    uint64_t now;                   /* largest `now` seen */
    uint64_t seq;                   /* submissions */
    uint64_t fseq;                  /* fills scheduled */
    uint64_t next_t;                /* earliest pending internal event, UINT64_MAX if none */
    /* the head of each event class (UINT64_MAX: none), kept up to date so that the event
     * loop picks the next event with three comparisons */
    uint64_t fill_t, lk_t, ar_t, wake_t;
    uint32_t fill_c, wake_c;        /* channel of the earliest fill and decision */
    uint64_t age;                   /* arrivals at the channel queues */
    uint64_t pending;

    /* L2: sets * ways. A way's tag is kept in 32 bits, line >> set_bits (the set is implied
     * by its place), while every line submitted so far has such a tag below NO_TAG32:
     * then a 16-way set's tags are one 64 B host line instead of two. The first line
     * whose tag does not fit (a byte address of about 2^(38 + set_bits) or more) switches
     * the L2 to full 64-bit line numbers for good (tag_widen): same lookups, same
     * results. */
    uint32_t *tag32;                /* line >> set_bits or NO_TAG32; NULL once widened */
    uint64_t *tag;                  /* line number or NO_LINE; NULL until widened */
    uint64_t tag32_alim;            /* byte addresses from here on may need tag (the
                                     * first line of tag NO_TAG32, or UINT64_MAX once
                                     * widened or when no line reaches it) */
    unsigned set_bits;              /* log2(sets) */
    lset16_t *ls16;                 /* per set, when ways <= 16 (else NULL), or: */
    lway_t *way;                    /* recency links, dirty bit and filling kind */
    lset_t *lset;                   /* valid ways and recency list ends per set */
    uint32_t *mshr_hash;            /* busy MSHRs by line: chain heads, mshr_hmask + 1 of
                                     * them (a power of two >= 2 l2d.mshrs: a few KB that stay
                                     * in the host cache, where one head per set did not) */
    uint32_t mshr_hmask;
    mshr_t *mshr;
    uint32_t mshr_free, nmshr;
    uint32_t wq_head, wq_tail;      /* misses waiting for an MSHR */

    /* pools */
    mreq_t *rq;  uint32_t rq_cap, rq_free;
    dop_t *op;   uint32_t op_cap, op_free;
    uint32_t lk_head, lk_tail;      /* L2 lookup FIFO */
    uint32_t ar_head, ar_tail;      /* DRAM ops on their way to a channel queue (FIFO) */

    cpl_t *cp;   uint32_t cp_n, cp_cap;
    uint32_t cf_head, cf_tail;      /* completions in (cycle, seq) order, beside the heap */
    uint64_t cp_t;                  /* earliest completion not popped, UINT64_MAX if none */

    chan_t *ch;
    bank_t *banks_all;

    /* counters ([0] data, [1] page table) */
    uint64_t l2_acc[2], l2_hit[2], l2_miss[2], l2_merge[2], l2_wb[2];
    uint64_t l2_accesses, l2_hits, l2_misses, l2_merges, l2_writebacks, l2_mshr_waits;
    uint64_t dr_rd[2], dr_wr[2];
    uint64_t dram_reads, dram_writes, row_hits, row_misses, row_conflicts;
    uint64_t queue_latency, max_queue;
};

/* ------------------------------------------------------------ helpers */

#define set_err(err, errlen, ...)                          \
    do {                                                   \
        if ((err) != NULL && (errlen) > 0u)                \
            snprintf((err), (errlen), __VA_ARGS__);        \
    } while (0)

static uint64_t gcd64(uint64_t a, uint64_t b)
{
    while (b) {
        uint64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

static int is_pow2_64(uint64_t x)
{
    return x != 0u && (x & (x - 1u)) == 0u;
}

static uint64_t max64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

/* GPU cycle of DRAM clock k: ceil(k * g / d). */
static uint64_t cyc_of(const xl_memsys_t *m, uint64_t k)
{
    return (k * m->g + m->d - 1u) / m->d;
}

/* First DRAM clock whose edge is at or after GPU cycle t: ceil(t * d / g). */
static uint64_t clk_of(const xl_memsys_t *m, uint64_t t)
{
    return (t * m->d + m->g - 1u) / m->g;
}

static unsigned kidx(uint8_t kind)
{
    return kind == XL_MEM_PT ? K_PT : K_DATA;   /* every other kind counts as data */
}

#define HOST_LINE 64u   /* host cache line: arrays start on one, so that an element or a
                         * set of HOST_LINE bytes (a request, a 16-way set's tags) is one
                         * host line and not two (malloc only aligns to 16) */

/* n bytes aligned to a host cache line, zeroed; NULL when out of memory. */
static void *alloc_lines(size_t n)
{
    void *p;
    if (n == 0u)
        n = 1u;
    if (posix_memalign(&p, HOST_LINE, n) != 0)
        return NULL;
    memset(p, 0, n);
    return p;
}

/* alloc_lines for memory needed in the middle of a run (a pool's growth, tag_widen): out
 * of memory there is an internal error we cannot report through the void API, and a
 * silently lost request or tag would be wrong output, so stop. */
static void *alloc_lines_or_stop(size_t n)
{
    void *p = alloc_lines(n);
    if (p == NULL) {
        fprintf(stderr, "xlat: memsys: out of memory\n");
        exit(1);
    }
    return p;
}

/* Growth of a pool (host-line aligned, like alloc_lines). */
static void *grow(void *p, uint32_t *cap, size_t elem)
{
    uint32_t ncap = *cap ? *cap * 2u : 64u;
    void *q = alloc_lines_or_stop((size_t)ncap * elem);
    if (p != NULL)
        memcpy(q, p, (size_t)*cap * elem);
    free(p);
    *cap = ncap;
    return q;
}

/* More request slots, onto the free list. Not inlined: rare, and it would make
 * rq_alloc's callers save registers. */
static void rq_grow(xl_memsys_t *m) __attribute__((noinline));
static void rq_grow(xl_memsys_t *m)
{
    uint32_t i, old = m->rq_cap;
    m->rq = grow(m->rq, &m->rq_cap, sizeof *m->rq);
    for (i = m->rq_cap; i-- > old;) {
        m->rq[i].next = m->rq_free;
        m->rq_free = i;
    }
}

static inline uint32_t rq_alloc(xl_memsys_t *m)
{
    uint32_t i;
    if (m->rq_free == NONE)
        rq_grow(m);
    i = m->rq_free;
    m->rq_free = m->rq[i].next;
    m->rq[i].next = NONE;
    return i;
}

static void rq_release(xl_memsys_t *m, uint32_t i)
{
    m->rq[i].next = m->rq_free;
    m->rq_free = i;
}

static uint32_t op_alloc(xl_memsys_t *m)
{
    uint32_t i;
    if (m->op_free == NONE) {
        uint32_t old = m->op_cap;
        m->op = grow(m->op, &m->op_cap, sizeof *m->op);
        for (i = m->op_cap; i-- > old;) {
            m->op[i].next = m->op_free;
            m->op_free = i;
        }
    }
    i = m->op_free;
    m->op_free = m->op[i].next;
    return i;
}

static void op_release(xl_memsys_t *m, uint32_t i)
{
    m->op[i].next = m->op_free;
    m->op_free = i;
}

/* ------------------------------------------------------------ completions */
/* Completions are popped in (cycle, seq) order from two sorted stores: a FIFO that takes
 * every completion ordered after the FIFO's last one, and a heap for the others. Most
 * completions come in that order (hits and fills complete at the cycle being
 * processed, mostly in submission order), so few pay the heap's cost. */

static int cp_less(const cpl_t *a, const cpl_t *b)
{
    return a->done < b->done || (a->done == b->done && a->seq < b->seq);
}

/* Completion of request idx at cycle t ordered before the FIFO's last one: into the
 * heap. Not inlined: rare (complete below is inlined at its callers). */
static void cp_push(xl_memsys_t *m, uint32_t idx, uint64_t t) __attribute__((noinline));
static void cp_push(xl_memsys_t *m, uint32_t idx, uint64_t t)
{
    uint32_t i;
    cpl_t e;
    if (m->cp_n == m->cp_cap)
        m->cp = grow(m->cp, &m->cp_cap, sizeof *m->cp);
    e.done = t;
    e.seq = m->rq[idx].seq;
    e.idx = idx;
    i = m->cp_n++;
    while (i > 0u) {
        uint32_t p = (i - 1u) / 2u;
        if (!cp_less(&e, &m->cp[p]))
            break;
        m->cp[i] = m->cp[p];
        i = p;
    }
    m->cp[i] = e;
}

/* Request idx completes at GPU cycle t. */
static inline void complete(xl_memsys_t *m, uint32_t idx, uint64_t t)
{
    mreq_t *q = &m->rq[idx];
    q->done = t;
    if (t < m->cp_t)
        m->cp_t = t;
    if (m->cf_tail == NONE || t > m->rq[m->cf_tail].done ||
        (t == m->rq[m->cf_tail].done && q->seq > m->rq[m->cf_tail].seq)) {
        q->next = NONE;
        if (m->cf_tail == NONE)
            m->cf_head = idx;
        else
            m->rq[m->cf_tail].next = idx;
        m->cf_tail = idx;
    } else
        cp_push(m, idx, t);
}

static cpl_t cp_pop(xl_memsys_t *m)
{
    cpl_t top = m->cp[0], last = m->cp[--m->cp_n];
    uint32_t i = 0, n = m->cp_n;
    for (;;) {
        uint32_t c = 2u * i + 1u;
        if (c >= n)
            break;
        if (c + 1u < n && cp_less(&m->cp[c + 1u], &m->cp[c]))
            c++;
        if (!cp_less(&m->cp[c], &last))
            break;
        m->cp[i] = m->cp[c];
        i = c;
    }
    if (n > 0u)
        m->cp[i] = last;
    return top;
}

/* ------------------------------------------------------------ DRAM */

/* The address mapping of the file comment. */
static void map_line(const xl_memsys_t *m, uint64_t line, uint32_t *ch, uint32_t *bank,
                     uint64_t *row)
{
    uint64_t x = line, rw;
    uint32_t c, b, r;
    if (m->map_pow2) {   /* the same arithmetic by shifts and masks (the usual geometry) */
        c = (uint32_t)(x & (m->channels - 1u));
        x >>= m->ch_sh;
        b = (uint32_t)(x & (m->banks - 1u));
        x >>= m->bk_sh;
        r = (uint32_t)(x & (m->ranks - 1u));
        x >>= m->rk_sh;
        rw = x >> m->lpr_sh;
        if (m->xor_map) {
            c = (uint32_t)((c + rw) & (m->channels - 1u));
            b = (uint32_t)((b + (rw >> m->ch_sh)) & (m->banks - 1u));
        }
        *ch = c;
        *bank = r * m->banks + b;
        *row = rw;
        return;
    }
    c = (uint32_t)(x % m->channels);
    x /= m->channels;
    b = (uint32_t)(x % m->banks);
    x /= m->banks;
    r = (uint32_t)(x % m->ranks);
    x /= m->ranks;
    rw = x / m->lines_per_row;
    if (m->xor_map) {
        /* permutation-based interleaving: for a fixed row, adding a constant modulo the
         * count permutes channels and banks, so the mapping stays one-to-one, while lines
         * at the same page offset of pages in different rows land on different banks */
        c = (uint32_t)((c + rw) % m->channels);
        b = (uint32_t)((b + rw / m->channels) % m->banks);
    }
    *ch = c;
    *bank = r * m->banks + b;
    *row = rw;
}

/* Schedule channel c's decision at DRAM clock w unless one is due no later. */
static void chan_wake(xl_memsys_t *m, uint32_t c, uint64_t w)
{
    chan_t *ch = &m->ch[c];
    if (w < ch->next_clk)
        w = ch->next_clk;
    if (w < ch->wake_clk) {
        ch->wake_clk = w;
        ch->wake_t = cyc_of(m, w);
        /* a channel's decision only moves earlier here: it is the earliest one if it
         * beats the current earliest, ties going to the lower channel index */
        if (ch->wake_t < m->wake_t || (ch->wake_t == m->wake_t && c < m->wake_c)) {
            m->wake_t = ch->wake_t;
            m->wake_c = c;
        }
    }
}

/* A DRAM operation is created now and reaches its channel queue at GPU cycle t. */
static void dram_send(xl_memsys_t *m, uint64_t line, uint8_t write, uint8_t kind,
                      uint8_t own, uint32_t owner, uint64_t t)
{
    uint32_t i = op_alloc(m);
    dop_t *o = &m->op[i];
    map_line(m, line, &o->ch, &o->bank, &o->row);
    o->write = write;
    o->kind = kind;
    o->own = own;
    o->owner = owner;
    o->arrive = t;
    /* every op is sent at the cycle being processed (or submitted) plus C, and that
     * never decreases: arrival times come in order, a FIFO keeps them sorted */
    o->next = NONE;
    if (m->ar_tail == NONE) {
        m->ar_head = i;
        m->ar_t = t;
    } else
        m->op[m->ar_tail].next = i;
    m->ar_tail = i;
    if (t < m->next_t)
        m->next_t = t;
}

/* Put bank bi of ch into the channel's list after bank `after` (NONE: at the head). */
static void bank_link(chan_t *ch, uint32_t bi, uint32_t after)
{
    bank_t *b = &ch->bank[bi];
    b->aprev = after;
    b->anext = after == NONE ? ch->ahead : ch->bank[after].anext;
    if (after == NONE)
        ch->ahead = bi;
    else
        ch->bank[after].anext = bi;
    if (b->anext == NONE)
        ch->atail = bi;
    else
        ch->bank[b->anext].aprev = bi;
}

static void bank_unlink(chan_t *ch, uint32_t bi)
{
    bank_t *b = &ch->bank[bi];
    if (b->aprev == NONE)
        ch->ahead = b->anext;
    else
        ch->bank[b->aprev].anext = b->anext;
    if (b->anext == NONE)
        ch->atail = b->aprev;
    else
        ch->bank[b->anext].aprev = b->aprev;
}

/* The op at the head of the arrival FIFO reaches its channel queue at cycle t. */
static void ev_arrive(xl_memsys_t *m, uint64_t t)
{
    uint32_t i = m->ar_head;
    dop_t *o = &m->op[i];
    chan_t *ch = &m->ch[o->ch];
    bank_t *b = &ch->bank[o->bank];
    m->ar_head = o->next;
    if (m->ar_head == NONE) {
        m->ar_tail = NONE;
        m->ar_t = UINT64_MAX;
    } else
        m->ar_t = m->op[m->ar_head].arrive;
    o->age = m->age++;
    o->next = NONE;
    o->prev = b->qtail;
    if (b->qtail == NONE)
        b->qhead = i;
    else
        m->op[b->qtail].next = i;
    b->qtail = i;
    if (b->hit == NONE && o->row == b->open_row)
        b->hit = i;
    if (!b->active) {
        /* into the list by max(ready, next_clk): a bank free by the next decision goes
         * first; one still busy goes after every bank that frees no later than it */
        uint32_t after = NONE;
        b->active = 1;
        if (b->ready > ch->next_clk)
            for (after = ch->atail; after != NONE && ch->bank[after].ready > b->ready;)
                after = ch->bank[after].aprev;
        bank_link(ch, o->bank, after);
    }
    if (++ch->qlen > m->max_queue)
        m->max_queue = ch->qlen;
    /* the earliest decision that could take it: its DRAM edge, once its bank is free */
    chan_wake(m, o->ch, max64(clk_of(m, t), b->ready));
}

/* Issue queued operation i of channel c at DRAM clock k (file comment: DRAM timing). */
static void dram_issue(xl_memsys_t *m, chan_t *ch, uint32_t i, uint64_t k)
{
    dop_t *o = &m->op[i];
    bank_t *b = &ch->bank[o->bank];
    uint64_t col, start, end, tdone;
    unsigned kd = kidx(o->kind);
    uint32_t j;

    if (b->open_row == o->row) {
        col = k;
        m->row_hits++;
    } else if (b->open_row == NO_ROW) {
        b->act = k;
        col = k + m->trcd;
        m->row_misses++;
    } else {
        uint64_t pre = max64(k, b->act + m->tras);   /* tRAS since the activate */
        b->act = pre + m->trp;
        col = b->act + m->trcd;
        m->row_conflicts++;
    }
    b->open_row = o->row;
    start = max64(col + m->tcl, ch->bus_free);
    end = start + m->tburst;
    ch->bus_free = end;
    b->ready = end;

    if (o->write) {
        m->dr_wr[kd]++;
        m->dram_writes++;
    } else {
        m->dr_rd[kd]++;
        m->dram_reads++;
    }
    m->queue_latency += cyc_of(m, k) - o->arrive;

    /* Unlink from the bank queue and find the bank's next row hit. Either o was the
     * bank's oldest row hit (row unchanged; nothing older has this row) or, with no
     * row hit queued, its oldest op (the new open row is o's): either way the next
     * row hit can only come after o. */
    b->hit = NONE;
    for (j = o->next; j != NONE; j = m->op[j].next)
        if (m->op[j].row == b->open_row) {
            b->hit = j;
            break;
        }
    if (o->prev == NONE)
        b->qhead = o->next;
    else
        m->op[o->prev].next = o->next;
    if (o->next == NONE)
        b->qtail = o->prev;
    else
        m->op[o->next].prev = o->prev;
    /* The bank leaves the list, or moves to its end: its new ready, the end of the
     * burst just placed on the bus, is later than that of every other bank (bus_free
     * only grows and every ready is a past bus_free). */
    if (b->qhead == NONE) {
        b->active = 0;
        bank_unlink(ch, o->bank);
    } else if (b->anext != NONE) {
        bank_unlink(ch, o->bank);
        bank_link(ch, o->bank, ch->atail);
    }
    ch->qlen--;

    tdone = cyc_of(m, end) + m->C;   /* data back through the controller */
    if (o->own == OWN_MSHR) {
        /* a channel's bursts end in issue order (bus_free only grows), so its fills
         * come in time order: a FIFO per channel */
        mshr_t *e = &m->mshr[o->owner];
        e->fill_t = tdone;
        e->fseq = m->fseq++;
        e->fnext = NONE;
        if (ch->ftail == NONE) {
            uint32_t c = (uint32_t)(ch - m->ch);
            ch->fhead = o->owner;
            /* a new head: the earliest fill if it beats the current one (a fill pushed
             * later wins no tie, its fseq being larger) */
            if (tdone < m->fill_t) {
                m->fill_t = tdone;
                m->fill_c = c;
            }
        } else
            m->mshr[ch->ftail].fnext = o->owner;
        ch->ftail = o->owner;
    } else if (o->own == OWN_REQ)
        complete(m, o->owner, tdone);
    op_release(m, i);
}

/* The earliest decision over the channels, after the earliest one was taken. */
static void wake_rescan(xl_memsys_t *m)
{
    uint32_t c;
    m->wake_t = UINT64_MAX;
    m->wake_c = 0;
    for (c = 0; c < m->channels; c++)
        if (m->ch[c].wake_t < m->wake_t) {
            m->wake_t = m->ch[c].wake_t;
            m->wake_c = c;
        }
}

/* The earliest fill over the channels' fill FIFOs, (time, fseq) order, after the
 * earliest one was taken. */
static void fill_rescan(xl_memsys_t *m)
{
    uint64_t fs = 0;
    uint32_t c;
    m->fill_t = UINT64_MAX;
    m->fill_c = 0;
    for (c = 0; c < m->channels; c++)
        if (m->ch[c].fhead != NONE) {
            const mshr_t *e = &m->mshr[m->ch[c].fhead];
            if (e->fill_t < m->fill_t || (e->fill_t == m->fill_t && e->fseq < fs)) {
                m->fill_t = e->fill_t;
                fs = e->fseq;
                m->fill_c = c;
            }
        }
}

/* Channel c decides at its DRAM clock wake_clk: FR-FCFS among requests whose bank is
 * ready. */
static void ev_wake(xl_memsys_t *m, uint32_t c)
{
    chan_t *ch = &m->ch[c];
    uint32_t bi, hit = NONE, any = NONE, nready = 0;
    uint64_t w = UINT64_MAX, k = ch->wake_clk;

    ch->next_clk = k + 1u;
    /* k >= the next_clk of the list order, so the banks ready at k come first */
    for (bi = ch->ahead; bi != NONE; bi = ch->bank[bi].anext) {
        const bank_t *b = &ch->bank[bi];
        if (b->ready > k) {
            w = b->ready;                      /* the earliest busy bank's free clock */
            break;
        }
        nready++;
        if (b->hit != NONE && (hit == NONE || m->op[b->hit].age < m->op[hit].age))
            hit = b->hit;                      /* the oldest row hit */
        if (any == NONE || m->op[b->qhead].age < m->op[any].age)
            any = b->qhead;                    /* the oldest request */
    }
    /* Next decision: the first clock after k at which a queued request's bank is free.
     * The issue changes only the issued bank, so that is the earliest free clock of the
     * busy banks seen above, unless another ready bank still has requests (k + 1), or
     * the issued bank keeps requests and frees first. */
    if (any != NONE) {
        const bank_t *ib = &ch->bank[m->op[hit != NONE ? hit : any].bank];
        dram_issue(m, ch, hit != NONE ? hit : any, k);
        if (nready > 1u)
            w = k + 1u;
        else if (ib->active && ib->ready < w)
            w = ib->ready;                     /* the end of its burst, after k */
    }
    ch->wake_clk = w;
    ch->wake_t = w != UINT64_MAX ? cyc_of(m, w) : UINT64_MAX;
    wake_rescan(m);
}

/* ------------------------------------------------------------ L2 */

/* Way of line in its set, or -1. Four ways per loop test: the scan is the L2's most
 * frequent loop. */
#define L2_SCAN(type, tg, n, key)                          \
    do {                                                   \
        const type *p, *end4 = (tg) + ((n) & ~3u), *end = (tg) + (n); \
        for (p = (tg); p != end4; p += 4) {                \
            if (p[0] == (key))                             \
                return (int)(p - (tg));                    \
            if (p[1] == (key))                             \
                return (int)(p - (tg)) + 1;                \
            if (p[2] == (key))                             \
                return (int)(p - (tg)) + 2;                \
            if (p[3] == (key))                             \
                return (int)(p - (tg)) + 3;                \
        }                                                  \
        for (; p != end; p++)                              \
            if (*p == (key))                               \
                return (int)(p - (tg));                    \
        return -1;                                         \
    } while (0)

static inline int l2_find(const xl_memsys_t *m, uint64_t line, size_t *base)
    __attribute__((always_inline));
static inline int l2_find(const xl_memsys_t *m, uint64_t line, size_t *base)
{
    size_t b = (size_t)(line & m->set_mask) * m->ways;
    *base = b;
    if (m->tag32 != NULL) {
        const uint32_t *tg = m->tag32 + b;
        uint32_t key = (uint32_t)(line >> m->set_bits);
        L2_SCAN(uint32_t, tg, m->ways, key);
    } else {
        const uint64_t *tg = m->tag + b;
        L2_SCAN(uint64_t, tg, m->ways, line);
    }
}

/* Line number held by the valid way at index i (set * ways + way) of the set `set`. */
static uint64_t l2_line(const xl_memsys_t *m, size_t i, uint32_t set)
{
    if (m->tag32 != NULL)
        return (uint64_t)m->tag32[i] << m->set_bits | set;
    return m->tag[i];
}

/* The first line whose tag does not fit in 32 bits: every tag to 64 bits, for good.
 * Not inlined: at most once per run, and only for byte addresses of about
 * 2^(38 + set_bits) or more. */
static void tag_widen(xl_memsys_t *m) __attribute__((noinline));
static void tag_widen(xl_memsys_t *m)
{
    size_t i, n = (size_t)m->sets * m->ways;
    uint64_t *t = alloc_lines_or_stop(n * sizeof *t);
    for (i = 0; i < n; i++)
        t[i] = m->tag32[i] == NO_TAG32 ? NO_LINE : l2_line(m, i, (uint32_t)(i / m->ways));
    free(m->tag32);
    m->tag32 = NULL;
    m->tag = t;
    m->tag32_alim = UINT64_MAX;
}

/* Hash bucket of a busy MSHR's line. A line has at most one MSHR (a miss that finds one
 * merges), so the order within a chain does not matter. */
static inline uint32_t mshr_bucket(const xl_memsys_t *m, uint64_t line)
{
    return (uint32_t)((line * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & m->mshr_hmask;
}

static uint32_t mshr_find(const xl_memsys_t *m, uint64_t line)
{
    uint32_t i;
    for (i = m->mshr_hash[mshr_bucket(m, line)]; i != NONE; i = m->mshr[i].next)
        if (m->mshr[i].line == line)
            return i;
    return NONE;
}

static void mshr_add_req(xl_memsys_t *m, uint32_t s, uint32_t r)
{
    mshr_t *e = &m->mshr[s];
    m->rq[r].next = NONE;
    if (e->tail == NONE)
        e->head = r;
    else
        m->rq[e->tail].next = r;
    e->tail = r;
    if (m->rq[r].req.write)
        e->dirty = 1;
}

/* Request r takes a free MSHR at GPU cycle t; its read reaches DRAM at t + C. Inline,
 * like l2_hit: called per miss from the event loop, which has its registers saved. */
static inline void mshr_alloc(xl_memsys_t *m, uint32_t r, uint64_t t)
{
    uint32_t s = m->mshr_free;
    mshr_t *e = &m->mshr[s];
    uint32_t h = mshr_bucket(m, m->rq[r].line);
    m->mshr_free = e->next;
    e->line = m->rq[r].line;
    e->head = e->tail = NONE;
    e->dirty = 0;
    e->kind = m->rq[r].req.kind;
    e->next = m->mshr_hash[h];
    m->mshr_hash[h] = s;
    mshr_add_req(m, s, r);
    dram_send(m, e->line, 0, e->kind, OWN_MSHR, s, t + m->C);
}

/* Make valid way w of the set at base its most recently used. The valid ways of a set
 * form a list in order of last use (mru first, lru last): a use moves one way to the
 * front and the LRU victim is the last, both in constant time, with the order that
 * per-use time stamps would give. */
static inline void lru_touch(xl_memsys_t *m, size_t base, uint32_t set, uint32_t w)
{
    lset_t *st = &m->lset[set];
    lway_t *wy = m->way + base;
    uint16_t p, n;
    if (st->mru == w)
        return;
    p = wy[w].prev;                        /* w is not the front: p is a way */
    n = wy[w].next;
    wy[p].next = n;
    if (n == LNONE)
        st->lru = p;
    else
        wy[n].prev = p;
    wy[w].prev = LNONE;
    wy[w].next = st->mru;
    wy[st->mru].prev = (uint16_t)w;
    st->mru = (uint16_t)w;
}

/* lru_touch for lset16_t: way w, at some nibble p below nvalid, moves to nibble 0 and
 * nibbles 0 .. p - 1 up by one. The lowest nibble of order ^ (w * NIB_ONES) that is zero
 * is p: the zero-nibble test below flags it exactly (a borrow can only add flags above a
 * zero nibble), and w occurs once among the valid nibbles, which lie below the stale
 * ones. */
static inline uint64_t lru16_touch(uint64_t order, uint32_t w)
{
    uint64_t x = order ^ (w * NIB_ONES);
    unsigned sh = xl_ctz64((x - NIB_ONES) & ~x & (NIB_ONES << 3)) & ~3u;   /* 4 p */
    uint64_t below = (UINT64_C(1) << sh) - 1u;
    uint64_t above = ~((UINT64_C(16) << sh) - 1u);    /* 0 when p = 15 (16 << 60 wraps) */
    return (order & above) | (order & below) << 4 | w;
}

/* L2 hit of request r at cycle t (also a retried waiter that finds its line). Always
 * inlined: it runs per hit from the event loop, which has its registers saved. */
static inline void l2_hit(xl_memsys_t *m, uint32_t r, size_t base, uint32_t w, uint64_t t)
    __attribute__((always_inline));
static inline void l2_hit(xl_memsys_t *m, uint32_t r, size_t base, uint32_t w, uint64_t t)
{
    if (m->ls16 != NULL) {
        lset16_t *st = &m->ls16[m->rq[r].line & m->set_mask];
        if ((st->order & 15u) != w)           /* not already the MRU */
            st->order = lru16_touch(st->order, w);
        if (m->rq[r].req.write)
            st->dirty |= (uint16_t)(1u << w);
    } else {
        lru_touch(m, base, (uint32_t)(m->rq[r].line & m->set_mask), w);
        if (m->rq[r].req.write)
            m->way[base + w].dirty = 1;
    }
    complete(m, r, t);
}

static void wq_push(xl_memsys_t *m, uint32_t r)
{
    m->rq[r].next = NONE;
    if (m->wq_tail == NONE)
        m->wq_head = r;
    else
        m->rq[m->wq_tail].next = r;
    m->wq_tail = r;
}

/* Retry the misses waiting for an MSHR, in order, until one still has to wait. */
static void wq_drain(xl_memsys_t *m, uint64_t t)
{
    while (m->wq_head != NONE) {
        uint32_t r = m->wq_head;
        uint32_t s = mshr_find(m, m->rq[r].line);
        size_t base;
        int w = l2_find(m, m->rq[r].line, &base);
        if (w < 0 && s == NONE && m->mshr_free == NONE)
            break;                             /* still no MSHR: it and all behind wait */
        m->wq_head = m->rq[r].next;
        if (m->wq_head == NONE)
            m->wq_tail = NONE;
        if (w >= 0)
            l2_hit(m, r, base, (uint32_t)w, t);
        else if (s != NONE) {
            m->l2_merge[kidx(m->rq[r].req.kind)]++;
            m->l2_merges++;
            mshr_add_req(m, s, r);
        } else
            mshr_alloc(m, r, t);
    }
}

/* The L2 lookup of the request at the head of the lookup FIFO, at its cycle t. */
static void ev_lookup(xl_memsys_t *m)
{
    uint32_t r = m->lk_head, s;
    mreq_t *q = &m->rq[r];
    uint64_t t = q->t_lookup;
    unsigned kd = kidx(q->req.kind);
    size_t base;
    int w;

    m->lk_head = q->next;
    if (m->lk_head == NONE) {
        m->lk_tail = NONE;
        m->lk_t = UINT64_MAX;
    } else
        m->lk_t = m->rq[m->lk_head].t_lookup;
    m->l2_acc[kd]++;
    m->l2_accesses++;
    w = l2_find(m, q->line, &base);
    if (w >= 0) {
        m->l2_hit[kd]++;
        m->l2_hits++;
        l2_hit(m, r, base, (uint32_t)w, t);
        return;
    }
    m->l2_miss[kd]++;
    m->l2_misses++;
    if ((s = mshr_find(m, q->line)) != NONE) {
        m->l2_merge[kd]++;
        m->l2_merges++;
        mshr_add_req(m, s, r);
    } else if (m->mshr_free == NONE) {
        m->l2_mshr_waits++;
        wq_push(m, r);
    } else
        mshr_alloc(m, r, t);
}

/* The line of the MSHR at the head of channel c's fill FIFO arrives at the L2. */
static void ev_fill(xl_memsys_t *m, uint32_t c)
{
    chan_t *ch = &m->ch[c];
    uint32_t s = ch->fhead;
    mshr_t *e = &m->mshr[s];
    uint64_t t = e->fill_t;
    uint32_t set = (uint32_t)(e->line & m->set_mask), v, r, *pp;
    size_t base = (size_t)set * m->ways;
    lset_t *st;
    lway_t *wy;

    ch->fhead = e->fnext;
    if (ch->fhead == NONE)
        ch->ftail = NONE;
    fill_rescan(m);

    if (m->ls16 != NULL) {
        lset16_t *s16 = &m->ls16[set];
        if (s16->nvalid < m->ways)         /* the lowest invalid way */
            v = s16->nvalid++;
        else {                             /* else the LRU, the last valid nibble */
            v = (uint32_t)(s16->order >> (4u * (m->ways - 1u))) & 15u;
            if (s16->dirty >> v & 1u) {
                unsigned kd = s16->pt >> v & 1u ? K_PT : K_DATA;
                m->l2_wb[kd]++;
                m->l2_writebacks++;
                /* the filling kind only ever counts through kidx: its class will do */
                dram_send(m, l2_line(m, base + v, set), 1,
                          kd == K_PT ? XL_MEM_PT : XL_MEM_DATA, OWN_NONE, NONE, t + m->C);
            }
        }
        /* v becomes the MRU: as the LRU it was the last valid nibble, which the shift
         * moves into the stale ones */
        s16->order = s16->order << 4 | v;
        s16->dirty = (uint16_t)((s16->dirty & ~(1u << v)) | (unsigned)e->dirty << v);
        s16->pt = (uint16_t)((s16->pt & ~(1u << v)) | kidx(e->kind) << v);
        goto filled;
    }
    st = &m->lset[set];
    if (st->nvalid < m->ways) {            /* the lowest invalid way, */
        v = st->nvalid++;
        wy = &m->way[base + v];            /* the most recently used one */
        wy->prev = LNONE;
        wy->next = st->mru;
        if (st->mru == LNONE)
            st->lru = (uint16_t)v;
        else
            m->way[base + st->mru].prev = (uint16_t)v;
        st->mru = (uint16_t)v;
    } else {                               /* else the least recently used way */
        v = st->lru;
        wy = &m->way[base + v];
        if (wy->dirty) {
            unsigned kd = kidx(wy->kind);
            m->l2_wb[kd]++;
            m->l2_writebacks++;
            dram_send(m, l2_line(m, base + v, set), 1, wy->kind, OWN_NONE, NONE, t + m->C);
        }
        lru_touch(m, base, set, v);
    }
    wy->dirty = e->dirty;
    wy->kind = e->kind;
filled:
    if (m->tag32 != NULL)
        m->tag32[base + v] = (uint32_t)(e->line >> m->set_bits);
    else
        m->tag[base + v] = e->line;

    for (r = e->head; r != NONE;) {
        uint32_t nx = m->rq[r].next;
        complete(m, r, t);
        r = nx;
    }
    for (pp = &m->mshr_hash[mshr_bucket(m, e->line)]; *pp != s; pp = &m->mshr[*pp].next)
        ;
    *pp = e->next;
    e->next = m->mshr_free;
    m->mshr_free = s;
    wq_drain(m, t);
}

/* ------------------------------------------------------------ event loop */

/* Process every event at or before GPU cycle `now`, in (cycle, class, tie) order
 * (file comment: event order). Each class has its own queue whose head is its
 * earliest event: fills (one FIFO per channel, ties by fseq), lookups and arrivals
 * (FIFOs) and decisions (one per channel, ties by channel index). Leaves next_t at the
 * earliest event left. Not inlined: advance() below is the cheap check in front of it. */
static void advance_events(xl_memsys_t *m, uint64_t now) __attribute__((noinline));
static void advance_events(xl_memsys_t *m, uint64_t now)
{
    for (;;) {
        uint64_t t = m->fill_t < m->lk_t ? m->fill_t : m->lk_t;
        if (m->ar_t < t)
            t = m->ar_t;
        if (m->wake_t < t)
            t = m->wake_t;
        if (t > now) {
            m->next_t = t;
            return;
        }
        if (m->fill_t == t)
            ev_fill(m, m->fill_c);
        else if (m->lk_t == t)
            ev_lookup(m);
        else if (m->ar_t == t)
            ev_arrive(m, t);
        else
            ev_wake(m, m->wake_c);
    }
}

/* advance_events when an event is due: most calls (every submit and every poll) find
 * none, and this check is much cheaper than entering the event loop. */
static inline void advance(xl_memsys_t *m, uint64_t now)
{
    if (m->next_t <= now)
        advance_events(m, now);
    if (now > m->now)
        m->now = now;
}

/* ------------------------------------------------------------ API */

xl_memsys_t *xl_memsys_create(const xl_config_t *c, char *err, size_t errlen)
{
    xl_memsys_t *m;
    uint64_t lines, sets, nb, gg;
    uint32_t i;

    if (err != NULL && errlen > 0u)
        err[0] = '\0';
    if (c == NULL) {
        set_err(err, errlen, "memsys: no configuration given");
        return NULL;
    }
    if (c->l2d.line_bytes != 64u) {
        set_err(err, errlen, "l2d.line_bytes (%u) must be 64: the memory system moves 64 B "
                "lines (one DRAM burst)", c->l2d.line_bytes);
        return NULL;
    }
    lines = (uint64_t)c->l2d.size_kb * 1024u / 64u;
    if (c->l2d.size_kb == 0u || c->l2d.ways == 0u || lines % c->l2d.ways ||
        !is_pow2_64(lines / c->l2d.ways) || lines / c->l2d.ways > UINT32_MAX) {
        set_err(err, errlen, "l2d.size_kb, l2d.ways: %u KB / 64 B / %u ways does not give a "
                "power-of-two number of sets", c->l2d.size_kb, c->l2d.ways);
        return NULL;
    }
    if (c->l2d.mshrs == 0u || c->l2d.hit_latency == 0u) {
        set_err(err, errlen, "l2d.mshrs (%u) and l2d.hit_latency (%u) must be at least 1",
                c->l2d.mshrs, c->l2d.hit_latency);
        return NULL;
    }
    if (c->gpu.clock_mhz == 0u || c->dram.mhz == 0u) {
        set_err(err, errlen, "gpu.clock_mhz (%u) and dram.mhz (%u) must be at least 1",
                c->gpu.clock_mhz, c->dram.mhz);
        return NULL;
    }
    if (c->dram.channels == 0u || c->dram.ranks == 0u || c->dram.banks == 0u) {
        set_err(err, errlen, "dram.channels (%u), dram.ranks (%u), dram.banks (%u) must be "
                "at least 1", c->dram.channels, c->dram.ranks, c->dram.banks);
        return NULL;
    }
    if (c->dram.row_kb == 0u || c->dram.tburst == 0u) {
        set_err(err, errlen, "dram.row_kb (%u) and dram.tburst (%u) must be at least 1",
                c->dram.row_kb, c->dram.tburst);
        return NULL;
    }

    m = calloc(1, sizeof *m);
    if (m == NULL)
        goto oom;
    sets = lines / c->l2d.ways;
    m->H = c->l2d.hit_latency;
    m->C = c->dram.ctrl_latency;
    gg = gcd64(c->gpu.clock_mhz, c->dram.mhz);
    m->g = c->gpu.clock_mhz / gg;
    m->d = c->dram.mhz / gg;
    m->sets = (uint32_t)sets;
    m->ways = c->l2d.ways;
    m->set_mask = (uint32_t)(sets - 1u);
    m->channels = c->dram.channels;
    m->ranks = c->dram.ranks;
    m->banks = c->dram.banks;
    m->lines_per_row = (uint64_t)c->dram.row_kb * 1024u / 64u;
    m->map_pow2 = is_pow2_64(m->channels) && is_pow2_64(m->ranks) && is_pow2_64(m->banks) &&
                  is_pow2_64(m->lines_per_row);
    if (m->map_pow2) {
        m->ch_sh = xl_ctz64(m->channels);
        m->rk_sh = xl_ctz64(m->ranks);
        m->bk_sh = xl_ctz64(m->banks);
        m->lpr_sh = xl_ctz64(m->lines_per_row);
    }
    m->xor_map = c->dram.mapping == XL_DRAM_MAP_XOR;
    m->tcl = c->dram.tcl;
    m->trcd = c->dram.trcd;
    m->trp = c->dram.trp;
    m->tras = c->dram.tras;
    m->tburst = c->dram.tburst;
    m->rq_free = m->op_free = NONE;
    m->lk_head = m->lk_tail = NONE;
    m->ar_head = m->ar_tail = NONE;
    m->next_t = UINT64_MAX;
    m->cf_head = m->cf_tail = NONE;
    m->cp_t = UINT64_MAX;
    m->fill_t = m->lk_t = m->ar_t = m->wake_t = UINT64_MAX;
    m->wq_head = m->wq_tail = NONE;

    m->set_bits = xl_ctz64(sets);
    /* the first line whose tag is NO_TAG32, as a byte address if one can have it (widening
     * for the address UINT64_MAX, whose tag fits, would only cost time) */
    m->tag32_alim = (uint64_t)NO_TAG32 << m->set_bits;
    m->tag32_alim = m->tag32_alim > UINT64_MAX >> LINE_SHIFT ? UINT64_MAX :
                    m->tag32_alim << LINE_SHIFT;
    m->tag32 = alloc_lines((size_t)lines * sizeof *m->tag32);
    if (m->ways <= 16u)
        m->ls16 = alloc_lines((size_t)sets * sizeof *m->ls16);    /* zero: all invalid */
    else {
        m->way = alloc_lines((size_t)lines * sizeof *m->way);
        m->lset = alloc_lines((size_t)sets * sizeof *m->lset);
    }
    m->nmshr = c->l2d.mshrs;
    for (m->mshr_hmask = 1u; m->mshr_hmask < 2u * m->nmshr; m->mshr_hmask *= 2u)
        ;
    m->mshr_hash = alloc_lines((size_t)m->mshr_hmask * sizeof *m->mshr_hash);
    m->mshr_hmask--;
    m->mshr = alloc_lines((size_t)m->nmshr * sizeof *m->mshr);
    nb = (uint64_t)m->channels * m->ranks * m->banks;
    m->ch = calloc(m->channels, sizeof *m->ch);
    m->banks_all = calloc((size_t)nb, sizeof *m->banks_all);
    if (!m->tag32 || (!m->ls16 && (!m->way || !m->lset)) || !m->mshr_hash || !m->mshr ||
        !m->ch || !m->banks_all)
        goto oom;
    for (i = 0; i < lines; i++)
        m->tag32[i] = NO_TAG32;
    for (i = 0; i <= m->mshr_hmask; i++)
        m->mshr_hash[i] = NONE;
    for (i = 0; m->lset != NULL && i < sets; i++) {
        m->lset[i].nvalid = 0;
        m->lset[i].mru = m->lset[i].lru = LNONE;
    }
    m->mshr_free = NONE;
    for (i = m->nmshr; i-- > 0u;) {          /* free list hands out MSHR 0 first */
        m->mshr[i].next = m->mshr_free;
        m->mshr_free = i;
    }
    for (i = 0; i < nb; i++) {
        m->banks_all[i].open_row = NO_ROW;
        m->banks_all[i].act = 0;
        m->banks_all[i].ready = 0;
        m->banks_all[i].qhead = m->banks_all[i].qtail = NONE;
        m->banks_all[i].hit = NONE;
        m->banks_all[i].aprev = m->banks_all[i].anext = NONE;
        m->banks_all[i].active = 0;
    }
    for (i = 0; i < m->channels; i++) {
        chan_t *ch = &m->ch[i];
        ch->bank = m->banks_all + (size_t)i * m->ranks * m->banks;
        ch->ahead = ch->atail = NONE;
        ch->wake_clk = ch->wake_t = UINT64_MAX;
        ch->fhead = ch->ftail = NONE;
    }
    return m;

oom:
    xl_memsys_destroy(m);
    set_err(err, errlen, "memsys: out of memory for the L2 (%u KB, %u ways)",
            c->l2d.size_kb, c->l2d.ways);
    return NULL;
}

void xl_memsys_destroy(xl_memsys_t *m)
{
    if (m == NULL)
        return;
    free(m->tag32);
    free(m->tag);
    free(m->ls16);
    free(m->way);
    free(m->lset);
    free(m->mshr_hash);
    free(m->mshr);
    free(m->rq);
    free(m->op);
    free(m->cp);
    free(m->ch);
    free(m->banks_all);
    free(m);
}

/* A request slot for r, submitted at the cycle being processed. */
static inline uint32_t submit_new(xl_memsys_t *m, const xl_mem_req_t *r)
{
    uint32_t i = rq_alloc(m);
    mreq_t *q = &m->rq[i];
    q->req = *r;
    q->seq = m->seq++;
    q->line = r->addr >> LINE_SHIFT;
    q->next = NONE;
    m->pending++;
    return i;
}

/* Request i, submitted at `now`, waits for its L2 lookup. */
static inline void submit_lookup(xl_memsys_t *m, uint32_t i, uint64_t now)
{
    mreq_t *q = &m->rq[i];
    q->t_lookup = now + m->H;                 /* H >= 1 and now never decreases: FIFO */
    if (m->lk_tail == NONE) {
        m->lk_head = i;
        m->lk_t = q->t_lookup;
    } else
        m->rq[m->lk_tail].next = i;
    m->lk_tail = i;
    if (q->t_lookup < m->next_t)
        m->next_t = q->t_lookup;
}

/* xl_memsys_submit when an event is due, the request bypasses the L2 or its line's tag
 * needs 64 bits. Not inlined: without these calls the common submit saves no
 * registers. */
static void submit_slow(xl_memsys_t *m, uint64_t now, const xl_mem_req_t *r)
    __attribute__((noinline));
static void submit_slow(xl_memsys_t *m, uint64_t now, const xl_mem_req_t *r)
{
    uint32_t i;
    if (r->addr >= m->tag32_alim)
        tag_widen(m);                         /* before any lookup or fill of this line */
    advance(m, now);
    i = submit_new(m, r);
    if (r->bypass_l2)
        dram_send(m, m->rq[i].line, r->write ? 1 : 0, r->kind, OWN_REQ, i, now + m->C);
    else
        submit_lookup(m, i, now);
}

void xl_memsys_submit(xl_memsys_t *m, uint64_t now, const xl_mem_req_t *r)
{
    if (now < m->now)
        now = m->now;                          /* time never runs backwards */
    if (m->next_t <= now || r->bypass_l2 || r->addr >= m->tag32_alim) {
        submit_slow(m, now, r);
        return;
    }
    m->now = now;                              /* advance() with no event due */
    submit_lookup(m, submit_new(m, r), now);
}

/* Hand request i, completed at cycle t, to the caller. */
static inline int pop_out(xl_memsys_t *m, uint32_t i, uint64_t t, xl_mem_req_t *out,
                          uint64_t *done)
{
    if (out != NULL)
        *out = m->rq[i].req;
    if (done != NULL)
        *done = t;
    rq_release(m, i);
    m->pending--;
    return 1;
}

/* cp_t after a pop: the earlier of the FIFO and heap heads. */
static inline void cp_t_refresh(xl_memsys_t *m)
{
    m->cp_t = m->cf_head != NONE ? m->rq[m->cf_head].done : UINT64_MAX;
    if (m->cp_n > 0u && m->cp[0].done < m->cp_t)
        m->cp_t = m->cp[0].done;
}

/* pop_done when the heap holds the next completion. Not inlined: rare. */
static int pop_heap(xl_memsys_t *m, xl_mem_req_t *out, uint64_t *done)
    __attribute__((noinline));
static int pop_heap(xl_memsys_t *m, xl_mem_req_t *out, uint64_t *done)
{
    cpl_t e = cp_pop(m);
    cp_t_refresh(m);
    return pop_out(m, e.idx, e.done, out, done);
}

/* The rest of xl_memsys_pop when a completion is due: the smaller of the FIFO and heap
 * heads. Not inlined: most polls find none, and without the heap code the poll needs
 * no saved registers; the FIFO path (most completions) is kept small the same way. */
static int pop_done(xl_memsys_t *m, xl_mem_req_t *out, uint64_t *done)
    __attribute__((noinline));
static int pop_done(xl_memsys_t *m, xl_mem_req_t *out, uint64_t *done)
{
    uint32_t i = m->cf_head;
    uint64_t t;
    if (m->cp_n != 0u && (i == NONE || m->cp[0].done < m->rq[i].done ||
                          (m->cp[0].done == m->rq[i].done && m->cp[0].seq < m->rq[i].seq)))
        return pop_heap(m, out, done);
    t = m->rq[i].done;
    m->cf_head = m->rq[i].next;
    if (m->cf_head == NONE)
        m->cf_tail = NONE;
    cp_t_refresh(m);
    return pop_out(m, i, t, out, done);
}

/* xl_memsys_pop when an event is due first. */
static int pop_events(xl_memsys_t *m, uint64_t now, xl_mem_req_t *out, uint64_t *done)
    __attribute__((noinline));
static int pop_events(xl_memsys_t *m, uint64_t now, xl_mem_req_t *out, uint64_t *done)
{
    advance(m, now);
    if (m->cp_t > now)
        return 0;
    return pop_done(m, out, done);
}

int xl_memsys_pop(xl_memsys_t *m, uint64_t now, xl_mem_req_t *out, uint64_t *done)
{
    /* the common poll (no event due, nothing to pop) makes no call and saves no
     * register: the other paths are tail calls */
    if (m->next_t <= now)
        return pop_events(m, now, out, done);
    if (now > m->now)
        m->now = now;
    if (m->cp_t > now)
        return 0;
    return pop_done(m, out, done);
}

uint64_t xl_memsys_next_event(const xl_memsys_t *m)
{
    uint64_t t = m->cp_t;
    if (m->next_t < t)
        t = m->next_t;
    if (t != UINT64_MAX && t < m->now)
        t = m->now;                            /* completions not yet popped: now */
    return t;
}

uint64_t xl_memsys_pending(const xl_memsys_t *m)
{
    return m->pending;
}

void xl_memsys_stats(const xl_memsys_t *m, xl_stats_t *s)
{
    xl_stats_counter(s, "l2d.accesses", "L2 data cache lookups (bypass_l2 requests excluded)",
                     &m->l2_accesses);
    xl_stats_counter(s, "l2d.accesses_data", "L2 lookups by data requests", &m->l2_acc[K_DATA]);
    xl_stats_counter(s, "l2d.accesses_pt", "L2 lookups by page-table reads", &m->l2_acc[K_PT]);
    xl_stats_counter(s, "l2d.hits", "L2 lookups that found their line", &m->l2_hits);
    xl_stats_counter(s, "l2d.hits_data", "L2 hits of data requests", &m->l2_hit[K_DATA]);
    xl_stats_counter(s, "l2d.hits_pt", "L2 hits of page-table reads", &m->l2_hit[K_PT]);
    xl_stats_counter(s, "l2d.misses", "L2 lookups that did not find their line (merges included)",
                     &m->l2_misses);
    xl_stats_counter(s, "l2d.misses_data", "L2 misses of data requests", &m->l2_miss[K_DATA]);
    xl_stats_counter(s, "l2d.misses_pt", "L2 misses of page-table reads", &m->l2_miss[K_PT]);
    xl_stats_counter(s, "l2d.mshr_merges", "L2 misses merged into an MSHR of the same line",
                     &m->l2_merges);
    xl_stats_counter(s, "l2d.mshr_merges_data", "MSHR merges of data requests",
                     &m->l2_merge[K_DATA]);
    xl_stats_counter(s, "l2d.mshr_merges_pt", "MSHR merges of page-table reads",
                     &m->l2_merge[K_PT]);
    xl_stats_counter(s, "l2d.mshr_waits", "L2 misses that found every MSHR busy and waited",
                     &m->l2_mshr_waits);
    xl_stats_counter(s, "l2d.writebacks", "dirty L2 lines evicted and written to DRAM",
                     &m->l2_writebacks);
    xl_stats_counter(s, "l2d.writebacks_data", "write-backs of lines filled by data requests",
                     &m->l2_wb[K_DATA]);
    xl_stats_counter(s, "l2d.writebacks_pt", "write-backs of lines filled by page-table reads",
                     &m->l2_wb[K_PT]);
    xl_stats_counter(s, "dram.reads", "64 B DRAM reads issued (L2 fills and bypass reads)",
                     &m->dram_reads);
    xl_stats_counter(s, "dram.reads_data", "DRAM reads for data", &m->dr_rd[K_DATA]);
    xl_stats_counter(s, "dram.reads_pt", "DRAM reads for page-table lines", &m->dr_rd[K_PT]);
    xl_stats_counter(s, "dram.writes", "64 B DRAM writes issued (write-backs and bypass writes)",
                     &m->dram_writes);
    xl_stats_counter(s, "dram.writes_data", "DRAM writes of data lines", &m->dr_wr[K_DATA]);
    xl_stats_counter(s, "dram.writes_pt", "DRAM writes of page-table lines", &m->dr_wr[K_PT]);
    xl_stats_counter(s, "dram.row_hits", "DRAM requests that found their row open", &m->row_hits);
    xl_stats_counter(s, "dram.row_misses", "DRAM requests to a precharged bank (activate)",
                     &m->row_misses);
    xl_stats_counter(s, "dram.row_conflicts",
                     "DRAM requests that found another row open (precharge + activate)",
                     &m->row_conflicts);
    xl_stats_counter(s, "dram.queue_latency",
                     "sum of GPU cycles from reaching a channel queue to being issued",
                     &m->queue_latency);
    xl_stats_counter(s, "dram.max_queue", "largest number of requests queued at one channel",
                     &m->max_queue);
}
