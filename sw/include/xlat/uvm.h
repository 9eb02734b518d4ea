/*
 * uvm.h - the paging runtime of HPCA'16 (Zheng et al., "Towards High Performance Paged
 * Memory for GPUs"; docs/papers/paged-memory.md): the host-side software that drains the
 * GPU's fault buffer (§3), issues pages over a PCIe-like link, builds demand-prioritized
 * transfer sets each interval (§4.1), fills them with prefetches (§4.2) and, when only part
 * of the footprint fits, evicts pages (§5).
 *
 * A library with no clock and no globals: all state is in an xl_uvm_t, time is integer GPU
 * cycles passed in by the caller. A driver steps the cycle model to xl_uvm_next_event(),
 * calls xl_uvm_advance() there, and hears through callbacks of the pages to map
 * (page_arrived) and to unmap, shoot down and flush (page_evicted). Every decision is
 * integer arithmetic or a draw of xl_rng (model/include/xlat/rng.h), so a run is the same
 * bit for bit with every compiler and -O level.
 *
 * Page states (§3): CPU (valid, not on the GPU: a touch far-faults), INFLIGHT (chosen for
 * a transfer, its frame reserved), GPU (resident). Every allocated page starts CPU.
 *
 * The link (the project's reading of §2 and §4.1, a latency-plus-bandwidth pipe): a page
 * issued to the host-to-device pipe at t completes at c = max(t + l_ff, c_prev + t_page),
 * c_prev the previous page's completion (one FIFO in issue order), so a lone page costs
 * l_ff and the link never beats its rate. The device-to-host pipe of write-backs is the
 * same with l_evict, and independent (full duplex). A page that takes a frame whose victim
 * is being written back completes no earlier than that write-back; being a FIFO, the pipe
 * holds the pages behind it too.
 *
 * Engines:
 *  - XL_UVM_DRAIN (§3, no prefetch): every fault record drained at the interrupt goes to
 *    the link at the drain, in buffer order.
 *  - XL_UVM_SETS (§4.1): time is cut at k * t_int (k >= 1). At each close the set S takes
 *    demand pages first (drained records, first in first out, each page once, those beyond
 *    set_pages kept for later closes), then prefetch candidates as a last resort; a page
 *    already GPU, INFLIGHT or in S is skipped; an empty set is not issued; S goes to the
 *    link at t_close + t_select, demand pages first. Selection, frame reservation and
 *    evictions are done with the state at the close (the software decides then); the
 *    victims' write-backs start at the close.
 *
 * Prefetch (§4.2): none; random (a Fisher-Yates permutation of the pages, drawn once at
 * init: perm[i] = i, then for i = n-1 down to 1 swap perm[i] with perm[xl_rng_below(i+1)];
 * or draws with replacement, at most 4 * need a set); sequential (one forward cursor over
 * the pages in ascending VPN order, moved back to an evicted page behind it); locality
 * (the pages of (a, a + window] in ascending order, a the anchor, then the sequential
 * cursor); oracle (the next not-yet-fetched pages of a first-touch list, never rewound).
 * The random stream is xl_rng_derive(seed, 1), the eviction stream xl_rng_derive(seed, 2).
 *
 * Oversubscription (§5): capacity frames, numbered 0..capacity-1 and handed out lowest
 * first; when none is free a GPU-resident page is evicted (random: the k-th resident frame
 * in ascending order, k = xl_rng_below(resident count); LRU: the smallest last_access,
 * ties to the lowest frame, where arrival counts as an access). With capacity below the
 * footprint and warmup set, the oracle prefetches until resident + in flight reach the
 * capacity (the set that reaches it is cut to fit, the warm-up ends at that close); from
 * then on oversub_prefetch decides (none, or the locality window without the sequential
 * fallback unless oversub_seq_fallback); prefetch is not used while oversubscribed. An
 * evicted page is CPU again and can be chosen by any policy.
 *
 * Order of what is due at one time t (the project's fixed order [I]: pages that arrive are
 * mapped before the runtime acts, and the close, with its evictions, comes last):
 *   1. page arrivals due at t, in issue order (page_arrived);
 *   2. write-backs completed at t, in issue order (writeback_done);
 *   3. the interrupt: every fault record of time <= t drained, in buffer order (DRAIN:
 *      issued now, victims evicted as frames are needed);
 *   4. the interval close at t (SETS: the set built, victims evicted in the set's order,
 *      page_evicted for each, then the set issued).
 * Whatever this creates at t itself (l_ff = 0) is done in a further round at t.
 *
 * [I] marks the project's readings where the paper is silent; each is a parameter with its
 * default.
 */
#ifndef XLAT_UVM_H
#define XLAT_UVM_H

#include <stddef.h>
#include <stdint.h>

#include "xlat/config.h"   /* the [uvm] keys' enums: xl_uvm_engine_t, xl_uvm_prefetch_t, ... */
#include "xlat/rng.h"
#include "xlat/stats.h"

/* One allocated region: pages vpn0 .. vpn0 + pages - 1 (the workload's allocations). */
typedef struct {
    uint64_t vpn0;
    uint64_t pages;
} xl_uvm_range_t;

typedef struct {
    xl_uvm_engine_t engine;       /* DRAIN (§3) or SETS (§4.1); default SETS */
    uint64_t l_ff;                /* far-fault latency on an idle link, cycles (20 us) */
    uint64_t t_page;              /* one 4 KB page at the link rate, cycles, >= 1 (250 ns) */
    uint64_t t_int;               /* transfer-set interval, cycles (20 us) */
    uint64_t t_select;            /* [I] selection time at each close, cycles (0) */
    uint64_t l_evict;             /* [I] device-to-host latency of a write-back, cycles (0) */
    uint64_t drain_delay;         /* [I] interrupt to drain, cycles (0: at the interrupt) */
    uint32_t set_pages;           /* N, pages per set (80) */
    xl_uvm_prefetch_t prefetch;   /* none | random | sequential | locality | oracle */
    uint32_t window;              /* locality window, pages (128) */
    xl_uvm_anchor_t anchor;       /* [I] last_arrived (default) | last_in_set | each_demand_page */
    xl_uvm_random_t random;       /* [I] permutation (default) | replacement */
    uint64_t capacity;            /* GPU memory in pages; 0 = unlimited */
    xl_uvm_evict_t evict;         /* lru (default) | random */
    xl_uvm_writeback_t writeback; /* [I] always (default) | dirty_only | none */
    xl_uvm_ospf_t oversub_prefetch;   /* after the warm-up: off | locality (default) */
    uint32_t oversub_seq_fallback;    /* [I] 1: the oversubscribed window falls back to sequential (0) */
    uint32_t warmup;              /* 1: oracle warm-up until full when oversubscribed (1) */
    uint64_t seed;                /* the PRNG seed (random prefetch, random eviction) */
    const uint64_t *oracle;       /* first-touch order of VPNs (oracle, warm-up); may be NULL */
    size_t n_oracle;
} xl_uvm_params_t;

/* Where a page came from (its latest fetch). */
enum { XL_USRC_DEMAND = 0, XL_USRC_RANDOM, XL_USRC_SEQUENTIAL, XL_USRC_LOCALITY,
       XL_USRC_ORACLE, XL_USRC_WARMUP, XL_USRC_N };
enum { XL_ULOC_CPU = 0, XL_ULOC_INFLIGHT = 1, XL_ULOC_GPU = 2 };

typedef struct {
    void *ctx;
    /* The page is resident in frame at t: map it, replay its faults. */
    void (*page_arrived)(void *ctx, uint64_t vpn, uint32_t frame, uint64_t t);
    /* The page leaves frame at t: unmap, shoot down, flush its lines. */
    void (*page_evicted)(void *ctx, uint64_t vpn, uint32_t frame, int dirty, uint64_t t);
    /* Optional (NULL): the page's write-back from frame completed at t. */
    void (*writeback_done)(void *ctx, uint64_t vpn, uint32_t frame, uint64_t t);
} xl_uvm_cb_t;

/* A FIFO of (a, b) pairs that grows (fault records, demand pages, the two pipes). */
typedef struct {
    uint64_t *a, *b;
    size_t cap, head, n;
} xl_uvm_q_t;

typedef struct {
    uint64_t faults;          /* fault records received */
    uint64_t faults_dropped;  /* records drained for a page no longer CPU-resident */
    uint64_t interrupts;      /* interrupts raised (= drains) */
    uint64_t closes;          /* interval closes that had something to do */
    uint64_t sets;            /* transfer sets issued (non-empty) */
    uint64_t carryover;       /* demand records left queued at a close, summed */
    uint64_t h2d_pages;       /* pages fetched (issued host to device) */
    uint64_t pages[XL_USRC_N];    /* pages fetched, by source */
    uint64_t pf_fallback;     /* locality pages that came from the sequential fallback */
    uint64_t refetches;       /* pages fetched again after an eviction */
    uint64_t evictions;
    uint64_t writebacks;      /* evictions written back over the device-to-host pipe */
    uint64_t pf_used;         /* prefetched (or warm-up) pages touched after arrival */
    uint64_t pf_evicted_unused;   /* prefetched pages evicted before any touch */
    uint64_t pf_untouched;    /* prefetched pages resident now, not touched yet */
    uint64_t h2d_busy, d2h_busy;  /* cycles each pipe spent moving pages */
    uint64_t warmup_end;      /* the close that ended the warm-up (0: none) */
} xl_uvm_counters_t;

typedef struct {
    xl_uvm_params_t p;
    /* pages: index i in ascending VPN order */
    size_t npages, nranges;
    uint64_t *rvpn0;          /* ranges sorted by vpn0 */
    uint32_t *rfirst;         /* index of each range's first page */
    uint64_t *vpn;            /* page -> VPN */
    uint8_t *loc, *src, *dirty, *touched, *was_evicted;
    uint32_t *frame;          /* page -> frame (valid INFLIGHT and GPU) */
    uint64_t *last_access;    /* LRU stamp */
    uint64_t *set_mark;       /* == set id while the page is in the set being built */
    uint32_t *lru_prev, *lru_next;    /* LRU list of GPU pages, oldest first */
    uint32_t lru_head, lru_tail;
    /* frames */
    uint64_t nframes;         /* min(capacity, npages); 0 = unlimited */
    int oversub;              /* capacity below the footprint */
    uint32_t frames_used;     /* frames handed out so far (lowest first) */
    uint32_t *frame_page;     /* frame -> page (UINT32_MAX: none) */
    uint64_t *frame_free_at;  /* the victim's write-back completion */
    uint32_t *fenwick;        /* resident frames, for the k-th (random eviction) */
    uint64_t n_gpu, n_inflight;
    /* the runtime */
    xl_uvm_q_t fbuf;          /* fault buffer: a = page | cu << 32, b = time */
    xl_uvm_q_t demand;        /* drained pages not yet issued */
    xl_uvm_q_t h2d, d2h;      /* pipes: a = page | frame << 32, b = completion */
    uint64_t h2d_last, d2h_last;
    int h2d_any, d2h_any;
    int irq_pending;
    uint64_t irq_at;
    uint64_t close_at;        /* next interval close with work, UINT64_MAX none */
    uint64_t last_close;
    int pf_idle;              /* the last close found no prefetch candidate */
    int warm;                 /* the oracle warm-up is on */
    uint64_t set_id;
    uint32_t *set;            /* the set being built */
    uint8_t *set_src;
    uint32_t set_n;
    /* prefetch */
    uint32_t *perm;           /* random permutation */
    size_t cur_rand, cur_seq, cur_oracle;
    uint32_t *oracle_idx;
    size_t n_oracle;
    int64_t anchor;           /* page index of the locality anchor, -1 none */
    xl_rng_t rng_pf, rng_ev;
    xl_uvm_counters_t c;
} xl_uvm_t;

/* The defaults at 1.4 GHz (HPCA'16 Table 1; docs/papers/paged-memory.md): sets, l_ff =
 * t_int = 28000 (20 us), t_page = 350 (250 ns), N = 80, no prefetch, window 128, unlimited
 * capacity, LRU, always write back, warm-up on, seed 1. */
xl_uvm_params_t xl_uvm_defaults(void);

/* Set up rt over the ranges (non-empty, not overlapping); every page CPU. XL_EINPUT with
 * one line in err for a bad parameter; XL_EINTERNAL when memory runs out. */
int xl_uvm_init(xl_uvm_t *rt, const xl_uvm_params_t *p, const xl_uvm_range_t *ranges,
                size_t n, char *err, size_t errlen);
void xl_uvm_free(xl_uvm_t *rt);

/* A tracked far-fault's record {vpn, cu, now} written to the fault buffer; the first while
 * no interrupt is pending raises one, drained drain_delay later. XL_EINPUT if vpn is not
 * allocated (the paper's fatal access). */
int xl_uvm_fault(xl_uvm_t *rt, uint64_t vpn, uint32_t cu, uint64_t now);
/* A translated access to a resident page: its LRU stamp, dirty on a write, a prefetch
 * used. XL_EINPUT (and nothing changes) if the page is not allocated or not GPU-resident. */
int xl_uvm_touch(xl_uvm_t *rt, uint64_t vpn, uint64_t now, int is_write);
/* The earliest time with something to do; UINT64_MAX if none. */
uint64_t xl_uvm_next_event(const xl_uvm_t *rt);
/* Do everything due at times <= now, in the order of the header comment. */
void xl_uvm_advance(xl_uvm_t *rt, uint64_t now, const xl_uvm_cb_t *cb);

/* A page's state (XL_ULOC_*), or -1 if not allocated; frame if GPU or INFLIGHT. */
int xl_uvm_page_state(const xl_uvm_t *rt, uint64_t vpn, uint32_t *frame);
/* Register the counters as "uvm.*" (live: read when s is printed). */
void xl_uvm_stats(xl_uvm_t *rt, xl_stats_t *s);

#endif
