/*
 * memsys.c - the memory system below the translation path (memsys.h): the shared L2
 * data cache and the DRAM timing model, docs/isca18-micro18.md §1.1 (Table I: 4 MB 16-way
 * 64 B L2; DDR3-1600, 2 channels x 2 ranks x 16 banks), §1.2 (DDR3-1600 11-11-11,
 * BL8, 64-bit channel, FR-FCFS, open page) and §7.1 (DRAM reads and writes by source,
 * row hits and misses, queueing latency); the DRAM timing of issue 15 (refresh,
 * pipelined column commands, write timing and batched write drains, tRRD/tFAW, bounded
 * controller queues; checked against DRAMsim3, bench/results/dram.md); the L2 set index
 * of issue 16 (l2d.index, below). Timing only: data contents are not modelled.
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
 * ---- L2 set index (l2d.index) -------------------------------------------------------
 * With line = pa >> 6, b = log2(sets) and the tag t = line >> b, a line lives in set
 *   mod  line & (sets - 1)                                (bit-select: line bits 0..b-1)
 *   xor  (line ^ (line >> b) ^ (line >> 2b)) & (sets - 1) (line bits 0..b-1 XOR bits
 *        b..2b-1 XOR bits 2b..3b-1; = (line ^ f(t)) & (sets - 1) with
 *        f(t) = t ^ (t >> b))
 * computed once per request. The default 4 MB 16-way L2 has b = 12: xor folds pa bits
 * 18..29 and 30..41 onto pa bits 6..17, so every bit of a physical address below 4 TB
 * enters the index. Under mod, the lines of a PolyBench row-walk load (its lanes at one
 * page offset of 64 frames) differ only in pa bits 12..17 of the index: they fall into
 * at most 64 of the 4096 sets, with those of every wavefront at the same offset; under
 * xor the frame-number bits above spread them over all sets. Examples (b = 12): lines
 * 0 and 4096 (pa 0x0 and 0x40000) are both in set 0 under mod, in sets 0 and 1 under
 * xor; line 0x123456789 (pa 0x48d159e240) is in set 0x789 under mod and
 * 0x789 ^ 0x456 ^ 0x123 = 0x2fc under xor.
 * Either way (set, t) identifies the line, so ways keep t as their tag (tag32 below) and
 * a line is rebuilt from them as line = t << b | (set ^ f(t)) (f = 0 under mod): the
 * address of a dirty victim's write-back and the lines of tag_widen.
 * Why both: neither paper states the index. mod is what gem5's caches do: AMD's GPU
 * model in gem5 keeps its L2 (TCC) in a Ruby CacheMemory (GPU_VIPER-TCC.sm), whose
 * addressToCacheSet is a bitSelect of the address bits from start_index_bit up. Real
 * GPUs hash: AMD's GCN/CDNA L2 maps requests to its channels "by a hashing mechanism
 * that attempts to evenly distribute requests across the L2 channels" (ROCm Compute
 * Profiler documentation, "L2 cache (TCC)"), and Accel-Sim's NVIDIA Volta model indexes
 * the L2 sets and the memory partitions with polynomial (IPOLY) hashes, added "to
 * reduce bank and cache set conflicts" (accel-sim-framework, gpgpu-sim4.md; Khairy et
 * al., ISCA 2020). xor is GPGPU-Sim's bitwise-XOR set index (index ^ the next b bits,
 * hashing.cc) taken one b-bit group further, so that every pa bit of a 4 GB memory
 * counts; it is a fold, not one of those vendors' (unpublished) functions.
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
 * the ranks of a channel share its data bus (a switch costs tRTRS, below).
 *
 * ---- DRAM timing (memsys.h; DRAM clocks; names are dram.* keys) ----------------------
 * Controller queues. Each channel has a read queue of queue_depth entries and a write
 * queue of write_queue_depth. An op reaching its channel enters its queue if that has
 * room, else waits upstream in a FIFO of its direction (dram.backpressure_waits); when an
 * op of that direction issues, its slot goes to the oldest op waiting upstream, which
 * enters at that decision's clock and can issue from the next one
 * (dram.backpressure_cycles sums the GPU cycles from reaching the channel to entering).
 * Submit is never refused: an L2 miss's MSHR simply stays busy longer.
 * Direction. A channel serves either reads or writes. It drains writes while
 *   writes queued >= write_high, or (writes queued > 0 and no read queued), or
 *   (a drain has begun and writes queued > write_low);
 * else it serves reads. The rule is re-evaluated at every change of either queue (an
 * op entering or issuing), so it depends on the queues' contents over time alone;
 * dram.write_drains counts the switches to writes. Writes go out in batches, and a lone
 * write goes out when no read waits (no write waits for reads that may never come).
 * Decisions. A channel decides at most once per DRAM clock. At clock k, after any
 * refresh due (below), its candidates are the queued ops of the current direction whose
 * bank is ready (bank.ready <= k); FR-FCFS takes the oldest (queue entry order) whose
 * row is open in its bank, else the oldest candidate. Issued at k, an op of bank b,
 * rank r, for row R, with L = tCL for a read and tCWL for a write, has
 *   row hit      (R open)         col0 = k                               dram.row_hits
 *   closed bank  (no row open)    act = A(k), col0 = act + tRCD          dram.row_misses
 *   row conflict (another open)   pre = max(k, b.pre_ok),
 *                                 act = A(pre + tRP), col0 = act + tRCD   dram.row_conflicts
 * where A(t) is the earliest clock >= t at least tRRD from every activate booked so far
 * in rank r, before or after it, with no five activates of rank r within fewer than tFAW
 * clocks (dram.act_delays counts A(t) > t). Its data burst is [s, s + tBURST) with s
 * the earliest clock >= col0 + L that keeps the data-bus rules below with every burst
 * booked on the channel, before or after it; its column command is at col = s - L
 * (data is fixed relative to its command), so a row hit issued later may take a free
 * data slot ahead of the burst of an earlier-issued conflict. Then
 *   b.ready  = col + tCCD         (the bank takes its next op when its next column
 *                                  command may issue: row hits pipeline tCCD apart)
 *   b.pre_ok = max(act + tRAS (when activated), col + tRTP (read),
 *                  s + tBURST + tWR (write: recovery after the write data))
 * and the row stays open (open-page policy). The burst end e = s + tBURST is when the
 * data is back (a read) or written (a write): the L2 or the bypass requester sees it at
 * cyc(e) + C.
 * Data-bus rules. Between the end of a burst E and the start of a later burst N on one
 * channel the bus idles at least
 *   E and N of different ranks            tRTRS
 *   same rank, same direction             tCCD - tBURST (0 for BL8: back to back)
 *   same rank, E a read, N a write        tCCD + 2 - tBURST (2): JEDEC's read-to-write
 *                                         command spacing RL + tCCD + 2 - WL
 *   same rank, E a write, N a read        tWTR + tCL (17): tWTR from the end of the write
 *                                         data to the read command, then CL
 * (negative values count as 0). These are the command rules tCCD, read-to-write, tWTR
 * and the rank switch, written in data time; with every burst fixed relative to its
 * command they hold between the commands exactly.
 * Refresh. Rank r of every channel is due at n * tREFI + (r + 1) * tREFI / ranks (n = 0,
 * 1, ...; integer division; the ranks staggered as in DRAMsim3's rank-level staggered
 * policy); trefi = 0 turns refresh off. A refresh due at D precharges the rank's banks
 * at P = max(D, b.pre_ok of every open bank), issues REF at P + tRP (at D, or the end
 * of the rank's previous refresh if later, when no bank is open) and blocks the rank
 * until REF + tRFC: each of its banks gets ready = max(ready, REF + tRFC) and its row
 * closed. Ops already issued keep their commands (the precharge waits for them). A
 * refresh due at D is applied at the channel's first decision at a clock >= D, before
 * that decision: it reads only bank state, which only decisions change, and nothing
 * before that decision depends on it, so the state is the one applying it at D would
 * give; refreshes need no events of their own (xl_memsys_next_event does not stop for
 * them, and an idle memory system stays idle). dram.refreshes counts those applied.
 * Not modelled: the command bus beyond one decision per clock (commands of different
 * ops may share a clock), power-down, reads served from the write queue.
 * Examples (defaults, dram.mapping = linear, before the first refresh at clock 3120):
 *  (1) a closed bank, queued at GPU cycle 60 = DRAM clock 24: act 24, col 35, data
 *      46..50, cyc(50) = 125; the bank is ready again at 35 + tCCD = 39.
 *  (2) three more reads to that row queued with it: row hits at 39, 43, 47 with data
 *      50..54, 54..58, 58..62, back to back on the bus.
 *  (3) a write (row hit, col 466, data 474..478) then a read of the same rank (row
 *      hit, queued at 474): s >= 478 + tWTR + tCL = 495, col 484 (= 466 + CWL + tBURST +
 *      tWTR), data 495..499.
 *
 * ---- Event order (determinism) -------------------------------------------------------
 * Internal events are processed in (GPU cycle, class, tie number) order. Within one GPU
 * cycle: class 0 line fills, class 1 L2 lookups (submission order), class 2 arrivals at
 * a channel queue, class 3 channel decisions (DRAM edges). The tie number of a decision
 * is its channel index (channels decide in index order); that of any other event is its
 * insertion count, itself fixed by the order of the events before it. Each class keeps
 * its events in time order without a heap: lookups (t + H) and arrivals (t + C) are
 * created at the cycle being processed, which never decreases, so they form FIFOs; a
 * channel's fills are kept in a list in (cycle, insertion count) order, inserted from
 * its tail (a later-issued burst may end first, DRAM timing), and the earliest head over
 * the channels goes first (ties by insertion count); a channel has at most one pending
 * decision (an earlier one replaces a later one). A request entering a channel's queue
 * at GPU cycle t is seen by the decision at DRAM clock clk(t), or by the next undecided
 * clock if that one is already decided (only possible when dram.ctrl_latency = 0 sends
 * a bypass_l2 request to its queue in the very cycle it is submitted); one entering
 * from upstream at a decision's clock k is seen from k + 1. A decision may find no
 * ready op of its direction (an arrival schedules one for its own clock, a refresh may
 * then block the bank): it issues nothing; when it happens is fixed by the events
 * before it, like every other event.
 * xl_memsys_submit and xl_memsys_pop first process every event up to `now` (submit
 * treats a `now` below one already seen as that one), so when and how often a caller
 * calls them (every cycle, or only at xl_memsys_next_event cycles; popping before or
 * after submitting in a cycle) cannot change any result. Completions wait ordered by
 * (completion cycle, submission seq), the pop order of memsys.h, in a FIFO when they
 * come in that order (most do) and else in a heap; pop takes the smaller of the heads.
 * Requests, DRAM operations and completion heap slots come from pools that grow by
 * doubling and are reused through free lists; the booked activates and bursts sit in
 * per-rank and per-channel windows sized at creation: no allocation in the steady
 * state.
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
    uint32_t set;        /* L2 set of line (l2_set), computed once at submit */
} mreq_t;

/* One 64 B DRAM read or write. */
typedef struct {
    uint64_t row;
    uint64_t arrive;     /* GPU cycle it reached the channel (its controller queue, or the
                          * upstream FIFO when that queue was full) */
    uint64_t age;        /* order of entering the controller queues (FR-FCFS "oldest") */
    uint32_t ch, bank;   /* bank = rank * banks + bank within the rank */
    uint32_t prev, next; /* its bank's queue (entry order), the upstream FIFO or free list */
    uint32_t owner;      /* MSHR index, request index, or NONE */
    uint8_t write, kind, own;
} dop_t;

typedef struct {
    uint64_t line;
    uint64_t fill_t;     /* GPU cycle its line arrives, once its read has issued */
    uint64_t fseq;       /* fill order: the tie-break of fills of one cycle */
    uint32_t head, tail; /* requesters (mreq indices), submission order */
    uint32_t next;       /* chain of its hash bucket's busy MSHRs, or free list */
    uint32_t fnext, fprev;   /* its channel's fill list, (fill_t, fseq) order */
    uint32_t set;        /* L2 set of line, from its first requester */
    uint8_t dirty, kind;
    uint8_t pad[14];     /* to 64 B: with the array on a host line (alloc_lines) an MSHR
                          * is one host cache line, not parts of two */
} mshr_t;
typedef char mshr_is_one_host_line[sizeof(mshr_t) == 64u ? 1 : -1];

/* A bank's queued operations of one direction (q[0] reads, q[1] writes) and its place in
 * the channel's list of banks with operations of that direction queued. FR-FCFS compares
 * entry ages across banks, which gives exactly the order of one channel-wide queue at a
 * cost per decision of the number of banks with work, not of queued requests. Each list
 * is kept in order of max(ready, next_clk at insertion) (bank_insert): the banks a
 * decision at clock k can start are then a prefix (their key is at most k), and the head
 * gives the next clock at which any of them can start. The order among banks of equal
 * key does not matter: a decision compares entry ages, which are unique. */
typedef struct {
    uint32_t head, tail;     /* queued ops, entry order */
    uint32_t hit;            /* oldest of them whose row is open_row, or NONE */
    uint32_t aprev, anext;   /* the channel's list of banks with ops of this direction */
    uint32_t active;         /* in that list */
} bq_t;

typedef struct {
    uint64_t open_row;   /* NO_ROW: precharged */
    uint64_t pre_ok;     /* first DRAM clock a precharge may issue: tRAS after the last
                          * activate, tRTP after the last read, tWR after the last write's
                          * data */
    uint64_t ready;      /* first DRAM clock a decision can take a request of this bank: its
                          * last column command + tCCD, or the end of a refresh */
    bq_t q[2];
} bank_t;

/* Per rank of a channel: the activates still within reach of tRRD and tFAW, sorted
 * (act[a0 .. an)), and the refresh schedule. */
typedef struct {
    uint64_t *act;
    uint32_t a0, an, acap;
    uint64_t ref_due;    /* DRAM clock the next refresh is due (UINT64_MAX: refresh off) */
    uint64_t ref_end;    /* end of the last refresh: REF + tRFC */
} rank_t;

/* One data burst booked on a channel's data bus. */
typedef struct {
    uint64_t s;          /* DRAM clock its data starts (col + CL, or col + CWL) */
    uint32_t rank, w;    /* w = 1: a write */
} burst_t;

typedef struct {
    bank_t *bank;        /* ranks * banks */
    rank_t *rank;
    uint32_t ahead[2], atail[2];   /* banks with queued reads [0] / writes [1] */
    uint32_t qn[2];      /* reads / writes in the controller queues */
    uint32_t uhead[2], utail[2];   /* reads / writes waiting upstream (queue full) */
    uint32_t wmode;      /* 1: draining writes */
    burst_t *bk;         /* data bursts still in reach of a new one, by start: bk[b0 .. bn) */
    uint32_t b0, bn, bcap;
    uint64_t ref_next;   /* min over ranks of ref_due */
    uint64_t next_clk;   /* first DRAM clock not yet decided */
    uint64_t wake_clk;   /* the scheduled decision, UINT64_MAX if none */
    uint64_t wake_t;     /* its GPU cycle, cyc(wake_clk), UINT64_MAX if none */
    uint32_t fhead, ftail;   /* MSHRs whose read has issued, (fill_t, fseq) order */
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
    uint32_t fold_mask;             /* l2d.index: xor set_mask, mod 0 (l2_fold) */
    uint32_t channels, ranks, banks;
    uint64_t lines_per_row;
    int map_pow2;               /* channels, ranks, banks, lines_per_row all powers of two: */
    unsigned ch_sh, rk_sh, bk_sh, lpr_sh;   /* map_line shifts instead of dividing (log2s) */
    int xor_map;                /* dram.mapping = xor */
    uint64_t tcl, trcd, trp, tras, tburst;   /* DRAM clocks (file comment: DRAM timing) */
    uint64_t tcwl, tccd, trrd, tfaw, twr, twtr, trtp, trtrs, trefi, trfc;
    uint32_t qcap[2];               /* controller queue entries: reads, writes */
    uint32_t whigh, wlow;           /* write drain watermarks */
    uint64_t gap_same[2][2];        /* idle data-bus clocks between two bursts of one rank,
                                     * [first is a write][second is a write] */
    uint64_t bus_reach;             /* tBURST + the largest gap: a burst starting this many
                                     * clocks before another cannot constrain it */
    uint64_t lat_min;               /* min(CL, CWL) */
    uint64_t act_reach;             /* max(tRRD, tFAW) */

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

    /* L2: sets * ways. A way's tag is kept in 32 bits, line >> set_bits (with the set, implied
     * by its place, it gives the line: l2_line), while every line submitted so far has such
     * a tag below NO_TAG32:
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
    rank_t *ranks_all;

    /* counters ([0] data, [1] page table) */
    uint64_t l2_acc[2], l2_hit[2], l2_miss[2], l2_merge[2], l2_wb[2];
    uint64_t l2_accesses, l2_hits, l2_misses, l2_merges, l2_writebacks, l2_mshr_waits;
    uint64_t dr_rd[2], dr_wr[2];
    uint64_t dram_reads, dram_writes, row_hits, row_misses, row_conflicts;
    uint64_t queue_latency, max_queue;
    uint64_t refreshes, act_delays, write_drains, bp_waits, bp_cycles;
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

/* A DRAM operation is created now and reaches its channel at GPU cycle t. */
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

/* Put bank bi into list x of ch after bank `after` (NONE: at the head). */
static void bank_link(chan_t *ch, uint32_t x, uint32_t bi, uint32_t after)
{
    bq_t *q = &ch->bank[bi].q[x];
    q->aprev = after;
    q->anext = after == NONE ? ch->ahead[x] : ch->bank[after].q[x].anext;
    if (after == NONE)
        ch->ahead[x] = bi;
    else
        ch->bank[after].q[x].anext = bi;
    if (q->anext == NONE)
        ch->atail[x] = bi;
    else
        ch->bank[q->anext].q[x].aprev = bi;
}

static void bank_unlink(chan_t *ch, uint32_t x, uint32_t bi)
{
    bq_t *q = &ch->bank[bi].q[x];
    if (q->aprev == NONE)
        ch->ahead[x] = q->anext;
    else
        ch->bank[q->aprev].q[x].anext = q->anext;
    if (q->anext == NONE)
        ch->atail[x] = q->aprev;
    else
        ch->bank[q->anext].q[x].aprev = q->aprev;
}

/* Bank bi into list x by its key max(ready, next_clk): a bank free by the next decision
 * goes first; one still busy goes after every bank that frees no later than it. A bank
 * whose ready just moved is usually the latest, so the walk from the tail is short. */
static void bank_insert(chan_t *ch, uint32_t x, uint32_t bi)
{
    uint32_t after = NONE;
    uint64_t r = ch->bank[bi].ready;
    if (r > ch->next_clk)
        for (after = ch->atail[x]; after != NONE && ch->bank[after].ready > r;)
            after = ch->bank[after].q[x].aprev;
    bank_link(ch, x, bi, after);
}

/* Bank bi's ready has grown: move it to its new place in each list it is in. */
static void bank_relink(chan_t *ch, uint32_t bi)
{
    uint32_t x;
    for (x = 0; x < 2u; x++)
        if (ch->bank[bi].q[x].active) {
            bank_unlink(ch, x, bi);
            bank_insert(ch, x, bi);
        }
}

/* The oldest op from j on in a bank queue whose row is `row`, or NONE. */
static uint32_t find_hit(const xl_memsys_t *m, uint32_t j, uint64_t row)
{
    for (; j != NONE; j = m->op[j].next)
        if (m->op[j].row == row)
            return j;
    return NONE;
}

/* The write drain rule (file comment): draining while the write queue is at the high
 * watermark, or holds writes and no read is queued, or a drain has begun and more than
 * the low watermark remain. Evaluated at every change of either queue, so it is a
 * function of the queue contents over time alone. */
static void mode_update(xl_memsys_t *m, chan_t *ch)
{
    uint32_t w = ch->qn[1] >= m->whigh || (ch->qn[1] > 0u && ch->qn[0] == 0u) ||
                 (ch->wmode && ch->qn[1] > m->wlow);
    if (w && !ch->wmode)
        m->write_drains++;
    ch->wmode = w;
}

/* The earliest decision clock at or after `from` at which a queued op of the current
 * direction has its bank ready: the head of that list. UINT64_MAX if none is queued. */
static uint64_t chan_next(const chan_t *ch, uint64_t from)
{
    uint32_t h = ch->ahead[ch->wmode];
    if (h == NONE)
        return UINT64_MAX;
    return max64(from, ch->bank[h].ready);
}

/* Op i enters its channel's controller queue (it has room) at DRAM clock k: it can be
 * issued from the first decision at or after k. */
static void enter_queue(xl_memsys_t *m, chan_t *ch, uint32_t i)
{
    dop_t *o = &m->op[i];
    bank_t *b = &ch->bank[o->bank];
    uint32_t x = o->write;
    bq_t *q = &b->q[x];
    o->age = m->age++;
    o->next = NONE;
    o->prev = q->tail;
    if (q->tail == NONE)
        q->head = i;
    else
        m->op[q->tail].next = i;
    q->tail = i;
    if (q->hit == NONE && o->row == b->open_row)
        q->hit = i;
    if (!q->active) {
        q->active = 1;
        bank_insert(ch, x, o->bank);
    }
    ch->qn[x]++;
    if ((uint64_t)ch->qn[0] + ch->qn[1] > m->max_queue)
        m->max_queue = (uint64_t)ch->qn[0] + ch->qn[1];
    mode_update(m, ch);
}

/* The op at the head of the arrival FIFO reaches its channel at cycle t: into its
 * controller queue, or, that queue being full, to the tail of the upstream FIFO. */
static void ev_arrive(xl_memsys_t *m, uint64_t t)
{
    uint32_t i = m->ar_head, x;
    dop_t *o = &m->op[i];
    chan_t *ch = &m->ch[o->ch];
    m->ar_head = o->next;
    if (m->ar_head == NONE) {
        m->ar_tail = NONE;
        m->ar_t = UINT64_MAX;
    } else
        m->ar_t = m->op[m->ar_head].arrive;
    x = o->write;
    if (ch->qn[x] >= m->qcap[x]) {
        m->bp_waits++;
        o->next = NONE;
        if (ch->utail[x] == NONE)
            ch->uhead[x] = i;
        else
            m->op[ch->utail[x]].next = i;
        ch->utail[x] = i;
        return;                /* a full queue has ops, so a decision is scheduled */
    }
    enter_queue(m, ch, i);
    /* the earliest decision that could issue something: the op's DRAM edge, once a bank
     * of the current direction is free */
    chan_wake(m, o->ch, chan_next(ch, clk_of(m, t)));
}

/* Drop the bursts of ch and the activates of rank rk that no longer constrain anything
 * decided at clock k or later: a new burst starts at k + min(CL, CWL) or later, a new
 * activate at k or later. (A rank's activates are only read and added by an issue to
 * that rank, which prunes them first.) */
static void chan_prune(xl_memsys_t *m, chan_t *ch, uint32_t rk, uint64_t k)
{
    rank_t *r = &ch->rank[rk];
    while (ch->b0 < ch->bn && ch->bk[ch->b0].s + m->bus_reach <= k + m->lat_min)
        ch->b0++;
    while (r->a0 < r->an && r->act[r->a0] + m->act_reach <= k)
        r->a0++;
}

/* The earliest activate clock at or after t for rank r: at least tRRD from every booked
 * activate of the rank on either side, and no five activates (booked ones and this one)
 * within fewer than tFAW clocks. Booked activates may lie ahead of t (another bank's,
 * decided earlier but waiting for its own precharge), so both sides count. The booked
 * ones keep both rules among themselves, so only t's neighbours matter: the booked
 * activate just before t and just after it (tRRD), and the five groups of four
 * consecutive booked activates next to t in time order (tFAW). Each rule t breaks gives
 * a clock below which it stays broken (the other activate + tRRD, or the group's first
 * + tFAW); t moves to the largest of them and is checked again, so the first t that
 * breaks nothing is the earliest. */
static uint64_t act_slot(const xl_memsys_t *m, const rank_t *r, uint64_t t)
{
    const uint64_t *a = r->act + r->a0;
    uint32_t n = r->an - r->a0, p = 0, hi = n, q;
    while (p < hi) {                       /* p: the first booked activate after t */
        uint32_t mid = p + (hi - p) / 2u;
        if (a[mid] <= t)
            p = mid + 1u;
        else
            hi = mid;
    }
    for (;;) {
        uint64_t nt = t;
        while (p < n && a[p] <= t)
            p++;
        /* tRRD first: past a run of booked activates t moves one neighbour at a time */
        if (p > 0u && a[p - 1u] + m->trrd > t) {
            t = a[p - 1u] + m->trrd;
            continue;
        }
        if (p < n && t + m->trrd > a[p]) {
            t = a[p] + m->trrd;
            continue;
        }
        /* groups a[q .. q + 3] with t just before, inside or just after them */
        for (q = p >= 4u ? p - 4u : 0u; m->tfaw > 0u && q <= p && q + 3u < n; q++)
            if (max64(t, a[q + 3u]) - (a[q] < t ? a[q] : t) < m->tfaw)
                nt = max64(nt, a[q] + m->tfaw);
        if (nt == t)
            return t;
        t = nt;
    }
}

/* Idle data-bus clocks needed between the end of burst (r1, w1) and the start of a
 * later burst (r2, w2) on one channel. */
static inline uint64_t bus_gap(const xl_memsys_t *m, uint32_t r1, uint32_t w1, uint32_t r2,
                               uint32_t w2)
{
    return r1 != r2 ? m->trtrs : m->gap_same[w1][w2];
}

/* The earliest data start at or after s for a burst of rank r, direction w, that keeps
 * every gap rule with every booked burst, before it or after it (a later-decided burst
 * may take an earlier free slot). s only grows, by the smallest step that clears the
 * burst it collides with; repeat until a pass finds no collision. */
static uint64_t bus_slot(const xl_memsys_t *m, const chan_t *ch, uint64_t s, uint32_t r,
                         uint32_t w)
{
    const burst_t *b = ch->bk + ch->b0;
    uint32_t n = ch->bn - ch->b0, lo = 0, hi = n, i;
    int changed;
    /* sorted by start: a burst bus_reach or more before s cannot collide, nor can any
     * from the first that starts bus_reach or more after s; s only grows, so each pass
     * starts at the first burst within reach (binary search) */
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2u;
        if (b[mid].s + m->bus_reach <= s)
            lo = mid + 1u;
        else
            hi = mid;
    }
    do {
        changed = 0;
        while (lo < n && b[lo].s + m->bus_reach <= s)
            lo++;
        for (i = lo; i < n && b[i].s < s + m->bus_reach; i++) {
            uint64_t after = b[i].s + m->tburst + bus_gap(m, b[i].rank, b[i].w, r, w);
            if (b[i].s <= s ? s < after
                            : s + m->tburst + bus_gap(m, r, w, b[i].rank, b[i].w) > b[i].s) {
                s = after;
                changed = 1;
            }
        }
    } while (changed);
    return s;
}

/* Make room for one more element at the end of a sorted window buf[lo .. hi) of a buffer
 * of cap elements of esz bytes: when the end is reached, compact the window to the front,
 * or double the buffer if the window fills more than half of it. Returns the buffer. */
static void *window_room(void *buf, uint32_t *lo, uint32_t *hi, uint32_t *cap, size_t esz)
{
    if (*hi < *cap)
        return buf;
    uint32_t n = *hi - *lo;
    if (n * 2u > *cap) {
        void *p = alloc_lines_or_stop((size_t)*cap * 2u * esz);
        memcpy(p, (char *)buf + (size_t)*lo * esz, (size_t)n * esz);
        free(buf);
        buf = p;
        *cap *= 2u;
    } else {
        memmove(buf, (char *)buf + (size_t)*lo * esz, (size_t)n * esz);
    }
    *lo = 0;
    *hi = n;
    return buf;
}

/* Insert v into the rank's sorted window act[a0 .. an). The window holds at most one
 * activate per bank ahead of the decision clock and the few within act_reach behind it,
 * and the buffer starts at that size (xl_memsys_create): the steady state does not
 * allocate. burst_insert is the same for a channel's bursts. */
static void act_insert(rank_t *r, uint64_t v)
{
    uint32_t i;
    r->act = window_room(r->act, &r->a0, &r->an, &r->acap, sizeof *r->act);
    for (i = r->an; i > r->a0 && r->act[i - 1u] > v; i--)
        r->act[i] = r->act[i - 1u];
    r->act[i] = v;
    r->an++;
}

static void burst_insert(chan_t *ch, uint64_t s, uint32_t rank, uint32_t w)
{
    uint32_t i;
    ch->bk = window_room(ch->bk, &ch->b0, &ch->bn, &ch->bcap, sizeof *ch->bk);
    for (i = ch->bn; i > ch->b0 && ch->bk[i - 1u].s > s; i--)
        ch->bk[i] = ch->bk[i - 1u];
    ch->bk[i].s = s;
    ch->bk[i].rank = rank;
    ch->bk[i].w = w;
    ch->bn++;
}

/* Rank rk of ch refreshes, due at DRAM clock d (file comment: refresh): precharge-all
 * once every open bank may precharge, REF tRP later, the rank blocked for tRFC; every
 * row closed. */
static void refresh_rank(xl_memsys_t *m, chan_t *ch, uint32_t rk, uint64_t d)
{
    rank_t *r = &ch->rank[rk];
    bank_t *b = ch->bank + (size_t)rk * m->banks;
    uint64_t ref = max64(d, r->ref_end), pre = d, end;
    uint32_t j, open = 0;
    for (j = 0; j < m->banks; j++)
        if (b[j].open_row != NO_ROW) {
            open = 1;
            pre = max64(pre, b[j].pre_ok);
        }
    if (open)
        ref = max64(ref, pre + m->trp);
    end = ref + m->trfc;
    r->ref_end = end;
    m->refreshes++;
    for (j = 0; j < m->banks; j++) {
        b[j].open_row = NO_ROW;
        b[j].q[0].hit = b[j].q[1].hit = NONE;
        if (b[j].ready < end) {
            b[j].ready = end;
            bank_relink(ch, rk * m->banks + j);
        }
    }
}

/* Apply every refresh of ch due at or before DRAM clock k, in due order per rank (the
 * ranks do not interact). Nothing between a refresh's due clock and the channel's next
 * decision depends on it or changes what it does, so applying it here gives the state
 * that applying it at its due clock would (file comment: refresh). After one refresh
 * every row is closed and, with tRFC < tREFI, each further one due by k starts at its
 * due clock: only the last of them leaves a trace (the rank's banks blocked until its
 * end), so they are counted and skipped. */
static void refresh_catch_up(xl_memsys_t *m, chan_t *ch, uint64_t k)
{
    uint32_t rk;
    ch->ref_next = UINT64_MAX;
    for (rk = 0; rk < m->ranks; rk++) {
        rank_t *r = &ch->rank[rk];
        while (r->ref_due <= k) {
            refresh_rank(m, ch, rk, r->ref_due);
            r->ref_due += m->trefi;
            if (r->ref_due <= k && r->ref_end <= r->ref_due) {
                uint64_t n = (k - r->ref_due) / m->trefi;
                m->refreshes += n;
                r->ref_due += n * m->trefi;
            }
        }
        if (r->ref_due < ch->ref_next)
            ch->ref_next = r->ref_due;
    }
}

/* Issue queued operation i of ch at DRAM clock k (file comment: DRAM timing). */
static void dram_issue(xl_memsys_t *m, chan_t *ch, uint32_t i, uint64_t k)
{
    dop_t *o = &m->op[i];
    bank_t *b = &ch->bank[o->bank];
    uint32_t x = o->write, rk = o->bank / m->banks;
    bq_t *q = &b->q[x];
    uint64_t col, s, end, tdone, lat = x ? m->tcwl : m->tcl;
    unsigned kd = kidx(o->kind);
    int same_row = 0;

    chan_prune(m, ch, rk, k);
    if (b->open_row == o->row) {
        col = k;
        m->row_hits++;
        same_row = 1;
    } else {
        uint64_t t0, act;
        if (b->open_row == NO_ROW) {
            t0 = k;
            m->row_misses++;
        } else {
            t0 = max64(k, b->pre_ok) + m->trp;      /* precharge, then tRP */
            m->row_conflicts++;
        }
        act = act_slot(m, &ch->rank[rk], t0);
        if (act > t0)
            m->act_delays++;
        act_insert(&ch->rank[rk], act);
        b->pre_ok = act + m->tras;
        b->open_row = o->row;
        col = act + m->trcd;
    }
    s = bus_slot(m, ch, col + lat, rk, x);
    col = s - lat;                                  /* data fixed relative to its command */
    burst_insert(ch, s, rk, x);
    end = s + m->tburst;
    b->pre_ok = max64(b->pre_ok, x ? end + m->twr : col + m->trtp);
    b->ready = col + m->tccd;

    if (x) {
        m->dr_wr[kd]++;
        m->dram_writes++;
    } else {
        m->dr_rd[kd]++;
        m->dram_reads++;
    }
    m->queue_latency += cyc_of(m, k) - o->arrive;

    /* Unlink from the bank queue and find the bank's next row hits. If o was a row hit
     * (row unchanged) nothing older in its queue has the row; if not, o was its queue's
     * oldest op: either way that queue's next hit can only come after o. The other
     * direction's hit is looked for anew when the row changed. */
    q->hit = find_hit(m, o->next, b->open_row);
    if (!same_row)
        b->q[x ^ 1u].hit = find_hit(m, b->q[x ^ 1u].head, b->open_row);
    if (o->prev == NONE)
        q->head = o->next;
    else
        m->op[o->prev].next = o->next;
    if (o->next == NONE)
        q->tail = o->prev;
    else
        m->op[o->next].prev = o->prev;
    if (q->head == NONE) {
        q->active = 0;
        bank_unlink(ch, x, o->bank);
    }
    bank_relink(ch, o->bank);                       /* its ready has grown */
    ch->qn[x]--;
    /* the freed slot takes the oldest op waiting upstream */
    if (ch->uhead[x] != NONE) {
        uint32_t u = ch->uhead[x];
        ch->uhead[x] = m->op[u].next;
        if (ch->uhead[x] == NONE)
            ch->utail[x] = NONE;
        m->bp_cycles += cyc_of(m, k) - m->op[u].arrive;
        enter_queue(m, ch, u);
    }
    mode_update(m, ch);

    tdone = cyc_of(m, end) + m->C;   /* data back through the controller */
    if (o->own == OWN_MSHR) {
        /* a later-issued burst may end first (an earlier free data slot): the fill
         * list is kept in (fill_t, fseq) order, searched from its tail */
        mshr_t *e = &m->mshr[o->owner];
        uint32_t after = ch->ftail;
        e->fill_t = tdone;
        e->fseq = m->fseq++;
        while (after != NONE && m->mshr[after].fill_t > tdone)
            after = m->mshr[after].fprev;
        e->fprev = after;
        e->fnext = after == NONE ? ch->fhead : m->mshr[after].fnext;
        if (after == NONE)
            ch->fhead = o->owner;
        else
            m->mshr[after].fnext = o->owner;
        if (e->fnext == NONE)
            ch->ftail = o->owner;
        else
            m->mshr[e->fnext].fprev = o->owner;
        /* a new head: the earliest fill if it beats the current one (a fill pushed
         * later wins no tie, its fseq being larger) */
        if (after == NONE && tdone < m->fill_t) {
            m->fill_t = tdone;
            m->fill_c = o->ch;
        }
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

/* The earliest fill over the channels' fill lists, (time, fseq) order, after the
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

/* Channel c decides at its DRAM clock wake_clk: due refreshes first, then FR-FCFS among
 * the queued ops of the current direction whose bank is ready. */
static void ev_wake(xl_memsys_t *m, uint32_t c)
{
    chan_t *ch = &m->ch[c];
    uint32_t bi, x, hit = NONE, any = NONE;
    uint64_t k = ch->wake_clk;

    ch->next_clk = k + 1u;
    if (ch->ref_next <= k)
        refresh_catch_up(m, ch, k);
    x = ch->wmode;
    /* k >= the next_clk of the list order, so the banks ready at k come first */
    for (bi = ch->ahead[x]; bi != NONE; bi = ch->bank[bi].q[x].anext) {
        const bank_t *b = &ch->bank[bi];
        if (b->ready > k)
            break;
        if (b->q[x].hit != NONE && (hit == NONE || m->op[b->q[x].hit].age < m->op[hit].age))
            hit = b->q[x].hit;                 /* the oldest row hit */
        if (any == NONE || m->op[b->q[x].head].age < m->op[any].age)
            any = b->q[x].head;                /* the oldest request */
    }
    if (any != NONE)
        dram_issue(m, ch, hit != NONE ? hit : any, k);
    /* Next decision: the first clock after k at which a queued op of the (possibly new)
     * direction has its bank ready. */
    ch->wake_clk = chan_next(ch, k + 1u);
    ch->wake_t = ch->wake_clk != UINT64_MAX ? cyc_of(m, ch->wake_clk) : UINT64_MAX;
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

/* The part of a line's set that its tag t = line >> set_bits contributes (file comment:
 * L2 set index): 0 under l2d.index = mod, (t ^ t >> set_bits) & set_mask under xor. */
static inline uint32_t l2_fold(const xl_memsys_t *m, uint64_t t)
{
    return (uint32_t)((t ^ t >> m->set_bits) & m->fold_mask);
}

/* The L2 set of a line: its low set_bits bits XOR l2_fold of its tag. Once per request
 * (submit_new), kept in the request and its MSHR. */
static inline uint32_t l2_set(const xl_memsys_t *m, uint64_t line)
{
    return ((uint32_t)line ^ l2_fold(m, line >> m->set_bits)) & m->set_mask;
}

/* The way of set `set` (l2_set(line)) holding line, or -1; *base = set * ways. */
static inline int l2_find(const xl_memsys_t *m, uint64_t line, uint32_t set, size_t *base)
    __attribute__((always_inline));
static inline int l2_find(const xl_memsys_t *m, uint64_t line, uint32_t set, size_t *base)
{
    size_t b = (size_t)set * m->ways;
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

/* Line number held by the valid way at index i (set * ways + way) of the set `set`:
 * l2_set inverted, line = t << set_bits | (set ^ l2_fold(t)) with t its 32-bit tag
 * (under mod, t << set_bits | set). */
static uint64_t l2_line(const xl_memsys_t *m, size_t i, uint32_t set)
{
    if (m->tag32 != NULL) {
        uint64_t t = m->tag32[i];
        return t << m->set_bits | (set ^ l2_fold(m, t));
    }
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
    e->set = m->rq[r].set;
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
        lset16_t *st = &m->ls16[m->rq[r].set];
        if ((st->order & 15u) != w)           /* not already the MRU */
            st->order = lru16_touch(st->order, w);
        if (m->rq[r].req.write)
            st->dirty |= (uint16_t)(1u << w);
    } else {
        lru_touch(m, base, m->rq[r].set, w);
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
        int w = l2_find(m, m->rq[r].line, m->rq[r].set, &base);
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
    w = l2_find(m, q->line, q->set, &base);
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

/* The line of the MSHR at the head of channel c's fill list arrives at the L2. */
static void ev_fill(xl_memsys_t *m, uint32_t c)
{
    chan_t *ch = &m->ch[c];
    uint32_t s = ch->fhead;
    mshr_t *e = &m->mshr[s];
    uint64_t t = e->fill_t;
    uint32_t set = e->set, v, r, *pp;
    size_t base = (size_t)set * m->ways;
    lset_t *st;
    lway_t *wy;

    ch->fhead = e->fnext;
    if (ch->fhead == NONE)
        ch->ftail = NONE;
    else
        m->mshr[ch->fhead].fprev = NONE;
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
 * earliest event: fills (one sorted list per channel, ties by fseq), lookups and arrivals
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
    uint32_t i, acap, bcap;

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
    if (c->l2d.index != XL_L2_INDEX_MOD && c->l2d.index != XL_L2_INDEX_XOR) {
        set_err(err, errlen, "l2d.index (%d) must be mod or xor", (int)c->l2d.index);
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
    if (c->dram.tccd == 0u || c->dram.trrd == 0u) {
        set_err(err, errlen, "dram.tccd (%u) and dram.trrd (%u) must be at least 1",
                c->dram.tccd, c->dram.trrd);
        return NULL;
    }
    if (c->dram.queue_depth == 0u || c->dram.write_queue_depth == 0u) {
        set_err(err, errlen, "dram.queue_depth (%u) and dram.write_queue_depth (%u) must be "
                "at least 1", c->dram.queue_depth, c->dram.write_queue_depth);
        return NULL;
    }
    if (c->dram.write_high == 0u || c->dram.write_high > c->dram.write_queue_depth ||
        c->dram.write_low >= c->dram.write_high) {
        set_err(err, errlen, "dram.write_low (%u) < dram.write_high (%u) <= "
                "dram.write_queue_depth (%u) must hold, with write_high at least 1",
                c->dram.write_low, c->dram.write_high, c->dram.write_queue_depth);
        return NULL;
    }
    if (c->dram.trefi != 0u && c->dram.trfc >= c->dram.trefi) {
        set_err(err, errlen, "dram.trfc (%u) must be below dram.trefi (%u) (dram.trefi = 0 "
                "turns refresh off)", c->dram.trfc, c->dram.trefi);
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
    m->fold_mask = c->l2d.index == XL_L2_INDEX_XOR ? m->set_mask : 0u;
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
    m->tcwl = c->dram.tcwl;
    m->tccd = c->dram.tccd;
    m->trrd = c->dram.trrd;
    m->tfaw = c->dram.tfaw;
    m->twr = c->dram.twr;
    m->twtr = c->dram.twtr;
    m->trtp = c->dram.trtp;
    m->trtrs = c->dram.trtrs;
    m->trefi = c->dram.trefi;
    m->trfc = c->dram.trfc;
    m->qcap[0] = c->dram.queue_depth;
    m->qcap[1] = c->dram.write_queue_depth;
    m->whigh = c->dram.write_high;
    m->wlow = c->dram.write_low;
    /* data-bus gaps of one rank (file comment): same direction, column commands tCCD
     * apart; read then write, RL + tCCD + 2 - WL between the commands; write then read,
     * tWTR after the write data, then CL */
    m->gap_same[0][0] = m->gap_same[1][1] = m->tccd > m->tburst ? m->tccd - m->tburst : 0u;
    m->gap_same[0][1] = m->tccd + 2u > m->tburst ? m->tccd + 2u - m->tburst : 0u;
    m->gap_same[1][0] = m->twtr + m->tcl;
    m->bus_reach = m->tburst + max64(max64(m->gap_same[0][0], m->gap_same[0][1]),
                                     max64(m->gap_same[1][0], m->trtrs));
    m->lat_min = m->tcl < m->tcwl ? m->tcl : m->tcwl;
    m->act_reach = max64(m->trrd, m->tfaw);
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
    m->ranks_all = calloc((size_t)m->channels * m->ranks, sizeof *m->ranks_all);
    if (!m->tag32 || (!m->ls16 && (!m->way || !m->lset)) || !m->mshr_hash || !m->mshr ||
        !m->ch || !m->banks_all || !m->ranks_all)
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
        bank_t *b = &m->banks_all[i];
        unsigned x;
        b->open_row = NO_ROW;
        b->pre_ok = b->ready = 0;
        for (x = 0; x < 2u; x++) {
            b->q[x].head = b->q[x].tail = b->q[x].hit = NONE;
            b->q[x].aprev = b->q[x].anext = NONE;
            b->q[x].active = 0;
        }
    }
    /* buffer sizes that hold the windows of act_insert and burst_insert: one entry per
     * bank ahead of the decision clock plus those within reach behind it */
    acap = m->banks + (uint32_t)(m->act_reach / m->trrd) + 2u;
    bcap = m->ranks * m->banks + (uint32_t)(m->bus_reach / m->tburst) + 2u;
    for (i = 0; i < m->channels; i++) {
        chan_t *ch = &m->ch[i];
        unsigned x;
        uint32_t r;
        ch->bank = m->banks_all + (size_t)i * m->ranks * m->banks;
        ch->rank = m->ranks_all + (size_t)i * m->ranks;
        for (x = 0; x < 2u; x++) {
            ch->ahead[x] = ch->atail[x] = NONE;
            ch->uhead[x] = ch->utail[x] = NONE;
        }
        ch->wake_clk = ch->wake_t = UINT64_MAX;
        ch->fhead = ch->ftail = NONE;
        ch->bcap = bcap;
        if ((ch->bk = alloc_lines((size_t)bcap * sizeof *ch->bk)) == NULL)
            goto oom;
        ch->ref_next = UINT64_MAX;
        for (r = 0; r < m->ranks; r++) {
            rank_t *rk = &ch->rank[r];
            rk->acap = acap;
            if ((rk->act = alloc_lines((size_t)acap * sizeof *rk->act)) == NULL)
                goto oom;
            /* staggered: rank r's refreshes are due at n * tREFI + (r + 1) * tREFI / ranks
             * (n = 0, 1, ...), the same on every channel */
            rk->ref_due = m->trefi ? (uint64_t)(r + 1u) * m->trefi / m->ranks : UINT64_MAX;
            if (rk->ref_due < ch->ref_next)
                ch->ref_next = rk->ref_due;
        }
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
    size_t i;
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
    if (m->ch != NULL)
        for (i = 0; i < m->channels; i++)
            free(m->ch[i].bk);
    if (m->ranks_all != NULL)
        for (i = 0; i < (size_t)m->channels * m->ranks; i++)
            free(m->ranks_all[i].act);
    free(m->ch);
    free(m->banks_all);
    free(m->ranks_all);
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
    q->set = l2_set(m, q->line);
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
    xl_stats_counter(s, "dram.max_queue",
                     "largest number of reads and writes in one channel's controller queues",
                     &m->max_queue);
    xl_stats_counter(s, "dram.refreshes",
                     "rank refreshes applied (due at or before each channel's last decision)",
                     &m->refreshes);
    xl_stats_counter(s, "dram.act_delays", "activates held back by tRRD or tFAW",
                     &m->act_delays);
    xl_stats_counter(s, "dram.write_drains",
                     "switches of a channel from reads to draining writes", &m->write_drains);
    xl_stats_counter(s, "dram.backpressure_waits",
                     "DRAM requests that found their controller queue full and waited upstream",
                     &m->bp_waits);
    xl_stats_counter(s, "dram.backpressure_cycles",
                     "sum of GPU cycles DRAM requests waited upstream of a full controller queue",
                     &m->bp_cycles);
}
