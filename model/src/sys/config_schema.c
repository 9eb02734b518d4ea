/*
 * config_schema.c - the key schema of the configuration (config_schema.h): every key
 * with its default, range, unit and meaning, in one table that loading, `--set`,
 * validation, the writers and `xlat keys` all walk. Defaults are the ISCA'18 baseline:
 * docs/isca18-micro18.md §1.1 (Table I) plus the proposed defaults of §1.2 and the open
 * choices of §8; a default that is the project's choice says so ([OPEN], [INF], [ADJ]).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "sys/config_schema.h"

static const char *const repl_names[]  = { "lru", "plru", NULL };
static const char *const index_names[] = { "mod", "xor", NULL };
static const char *const sched_names[] = { "fcfs", "random", "simt", NULL };
static const char *const wave_sched_names[] = { "rr", "oldest", NULL };
static const char *const loads_names[] = { "blocking", "waitcnt", NULL };
static const char *const coal_names[]  = { "off", "leaf", "upper", "both", NULL };
static const char *const alloc_names[] = { "sequential", "random", NULL };
static const char *const path_names[]  = { "l2", "dram", NULL };
static const char *const map_names[]   = { "linear", "xor", "chunk", NULL };
static const char *const graph_names[] = { "input", "rmat", NULL };
static const char *const dsched_names[] = { "frfcfs", "gsn", NULL };
static const char *const gqov_names[]  = { "to_nq", "backpressure", NULL };
static const char *const tokpol_names[] = { "threshold", "hillclimb", NULL };
static const char *const tokfill_names[] = { "any", "originator", NULL };
static const char *const merged_names[] = { "miss", "hit", NULL };
static const char *const bypmode_names[] = { "cumulative", "epoch", NULL };
static const char *const dstat_names[] = { "max", "snapshot", NULL };
static const char *const ric_names[]   = { "off", "v1", "v2", "v3", "v4", NULL };
static const char *const rtags_names[] = { "strict", "ideal", NULL };
static const char *const rconf_names[] = { "rebase", "bypass", NULL };
static const char *const rhit_names[]  = { "exclusive", "inclusive", NULL };
static const char *const ldsal_names[] = { "lazy", "eager", NULL };
static const char *const pgmode_names[] = { "off", "blocking", "replay", NULL };
static const char *const pgunt_names[] = { "on_free_slot", "on_replay_only", "replay_all", NULL };
static const char *const ueng_names[] = { "drain", "sets", NULL };
static const char *const upf_names[] = { "none", "random", "sequential", "locality", "oracle", NULL };
static const char *const uanc_names[] = { "last_arrived", "last_in_set", "each_demand_page", NULL };
static const char *const urnd_names[] = { "permutation", "replacement", NULL };
static const char *const uev_names[] = { "lru", "random", NULL };
static const char *const uwb_names[] = { "always", "dirty_only", "none", NULL };
static const char *const uospf_names[] = { "none", "locality", NULL };

#define FIELD(sec, fld) #sec, #fld, offsetof(xl_config_t, sec.fld), sizeof(((xl_config_t *)0)->sec.fld)
#define U32(sec, fld, def, lo, hi, unit, desc) \
    { FIELD(sec, fld), KT_U32, (def), (lo), (hi), NULL, (unit), (desc) }
#define U64(sec, fld, def, lo, hi, unit, desc) \
    { FIELD(sec, fld), KT_U64, (def), (lo), (hi), NULL, (unit), (desc) }
#define ENUM(sec, fld, def, names, unit, desc) \
    { FIELD(sec, fld), KT_ENUM, (def), 0, sizeof(names) / sizeof(names[0]) - 2u, (names), (unit), (desc) }
#define BOOL(sec, fld, def, desc) \
    { FIELD(sec, fld), KT_BOOL, (def), 0, 1, NULL, "0|1", (desc) }
/* A string key's default is always "" (the zeroed config). */
#define STR(sec, fld, unit, desc) \
    { FIELD(sec, fld), KT_STR, 0, 0, 0, NULL, (unit), (desc) }

#define MAX_ENTRIES 1048576u   /* 2^20: far above any paper's structure, bounds allocation */

/* Provenance tags follow docs/isca18-micro18.md: [ISCA] Table I, [ADJ] adjacent paper/gem5 default,
 * [INF] inferred, [OPEN] not given anywhere (a chosen default that can be swept). */
const cfg_key_t cfg_schema[] = {
    U32(gpu, cus,            8,    1, 1024,   "CUs",     "compute units [ISCA Table I]"),
    U32(gpu, simds_per_cu,   4,    1, 64,     "SIMDs",   "SIMD units per CU [ISCA Table I]"),
    U32(gpu, simd_width,     16,   1, 64,     "lanes",   "lanes per SIMD; the workloads' vector instructions take wave_lanes/simd_width = 4 cycles, so 16 is the only value modelled [ISCA Table I]"),
    U32(gpu, wave_lanes,     64,   1, 64,     "lanes",   "work-items per wavefront; the workloads are written for 64, the only value modelled [ISCA Table I]"),
    U32(gpu, waves_per_simd, 10,   1, 256,    "slots",   "wavefront slots per SIMD; chosen default [ADJ MICRO'21 (Kotra et al.)]"),
    ENUM(gpu, wave_sched, XL_WAVE_SCHED_RR, wave_sched_names, "rr|oldest", "which READY wavefront of a CU issues next: rr = round-robin from the slot after the last issue (the model's choice so far), oldest = oldest-first, the wavefront dispatched earliest (gem5's GPU model default, ComputeUnit execPolicy OLDEST-FIRST); chosen default [OPEN]"),
    ENUM(gpu, loads, XL_LOADS_BLOCKING, loads_names, "blocking|waitcnt", "when a wavefront waits for its global memory instructions: blocking = after each one, before its next instruction (the model's choice so far); waitcnt = it issues on and waits, as GCN's s_waitcnt placed at first use, for its loads before its next non-memory instruction and for every load and store at a barrier or its end, with at most wave_mem_max in flight (the traces carry no register dependences); chosen default [OPEN]"),
    U32(gpu, wave_mem_max, 15, 1, 64, "instrs", "with gpu.loads = waitcnt, the most global memory instructions a wavefront has in flight; 15 = GCN3's 4-bit vmcnt counter [ADJ AMD GCN3 ISA s_waitcnt]"),
    U32(gpu, clock_mhz,      2000, 1, 100000, "MHz",     "GPU clock [ISCA Table I: 2 GHz]"),

    U32(l1d, size_kb,    32, 1, 1048576, "KB",    "per-CU L1 data cache capacity [ISCA Table I]"),
    U32(l1d, ways,       16, 1, 1024,    "ways",  "L1 data cache associativity [ISCA Table I]"),
    U32(l1d, line_bytes, 64, 4, 4096,    "bytes", "L1 data cache block size [ISCA Table I]"),
    U32(l1d, hit_latency, 16, 1, 100000, "cycles", "L1 data cache hit latency in GPU cycles; chosen default [OPEN]"),
    U32(l2d, size_kb,    4096, 1, 1048576, "KB",    "shared L2 data cache capacity [ISCA Table I: 4 MB]"),
    U32(l2d, ways,       16,   1, 1024,    "ways",  "L2 data cache associativity [ISCA Table I]"),
    U32(l2d, line_bytes, 64,   4, 4096,    "bytes", "L2 data cache block size [ISCA Table I]"),
    U32(l2d, hit_latency, 40,  1, 100000,  "cycles", "L2 data cache hit latency in GPU cycles (after the L1); chosen default [OPEN]"),
    U32(l2d, mshrs,      256,  1, 65536,   "misses", "L2 data cache outstanding line misses (same-line misses merge); chosen default [OPEN]"),
    ENUM(l2d, index, XL_L2_INDEX_MOD, index_names, "mod|xor", "L2 data cache set index (model/src/mem/l2cache.c): mod = the low log2(sets) bits of the line number pa >> 6; xor = those bits XOR the next two log2(sets)-bit groups of it; chosen default [OPEN] mod: bit-select, as gem5's caches; xor: hashed, as real GPUs' L2s"),

    U32(l1tlb, entries,     32, 1, MAX_ENTRIES, "entries", "per-CU GPU L1 TLB capacity [ISCA Table I]"),
    U32(l1tlb, ways,        32, 1, MAX_ENTRIES, "ways",    "GPU L1 TLB associativity; ways = entries is fully associative [ISCA Table I: FA]"),
    ENUM(l1tlb, repl, XL_REPL_LRU, repl_names, "lru|plru", "GPU L1 TLB replacement; chosen default [INF]"),
    ENUM(l1tlb, index, XL_TLB_INDEX_MOD, index_names, "mod|xor", "GPU L1 TLB set index (no effect when fully associative): low page-number bits, or low bits XOR the next log2(sets) bits; chosen default [OPEN]"),
    U32(l1tlb, hit_latency, 1,  1, 100000, "cycles",  "GPU L1 TLB hit latency in GPU cycles; chosen default [ADJ gem5]"),
    U32(l1tlb, mshrs,       64, 1, 4096,   "misses",  "GPU L1 TLB outstanding misses (same-VPN misses merge); chosen default [ADJ gem5]"),
    U32(l1tlb, ports,       2,  1, 64,     "lookups/cycle", "coalesced translation requests a CU's L1 TLB takes per cycle; chosen default [ADJ gem5 ProbesPerCycle]"),

    U32(l2tlb, entries,     512, 0, MAX_ENTRIES, "entries", "shared GPU L2 TLB capacity [ISCA Table I]; 0 = no shared L2 TLB (MASK's PWCache design): an L1 TLB miss goes straight to the L2 TLB's MSHRs, which still merge misses of one page, and on to the walker, with no lookup latency and no fill"),
    U32(l2tlb, ways,        16,  1, MAX_ENTRIES, "ways",    "GPU L2 TLB associativity [ISCA Table I: 16-way]"),
    ENUM(l2tlb, repl, XL_REPL_LRU, repl_names, "lru|plru", "GPU L2 TLB replacement; chosen default [INF]"),
    ENUM(l2tlb, index, XL_TLB_INDEX_XOR, index_names, "mod|xor", "GPU L2 TLB set index: mod = low page-number bits; xor = low bits XOR the next log2(sets) bits (the XOR hash of Intel's L2 sTLB, TLBleed 2018), so power-of-two row pitches do not crowd a few sets; chosen default [OPEN]"),
    U32(l2tlb, hit_latency, 69,  1, 100000, "cycles",  "GPU L2 TLB hit latency in GPU cycles; chosen default [ADJ gem5]"),
    U32(l2tlb, mshrs,       1024, 1, 65535, "misses",  "GPU L2 TLB outstanding misses (same-VPN misses merge); chosen default [INF]: above the IOMMU buffer, or the buffer could never fill (ISCA Fig 14)"),
    U32(l2tlb, ports,       2,   1, 64,     "lookups/cycle", "lookups the shared L2 TLB starts per cycle; chosen default [ADJ MASK: 2 ports]"),

    U32(iommu, tlb1_entries,    32,  0, MAX_ENTRIES, "entries", "IOMMU L1 TLB capacity; 0 (with tlb2_entries 0) = no IOMMU TLBs, the walker next to the GPU's L2 TLB as in MASK [ISCA Table I]"),
    U32(iommu, tlb1_ways,       32,  1, MAX_ENTRIES, "ways",    "IOMMU L1 TLB associativity (32 = FA); chosen default [OPEN]"),
    U32(iommu, tlb2_entries,    256, 0, MAX_ENTRIES, "entries", "IOMMU L2 TLB capacity; 0 (with tlb1_entries 0) = no IOMMU TLBs [ISCA Table I]"),
    U32(iommu, tlb2_ways,       8,   1, MAX_ENTRIES, "ways",    "IOMMU L2 TLB associativity; chosen default [OPEN]"),
    U32(iommu, buffer_entries,  256, 1, 65536, "entries", "page-walk request buffer slots [ISCA Table I]"),
    U32(iommu, walkers,         8,   1, 1024,  "walkers", "independent page-table walkers [ISCA Table I]"),
    ENUM(iommu, sched,    XL_WS_FCFS, sched_names, "fcfs|random|simt", "walk scheduler; fcfs is the baseline [ISCA Table I]"),
    ENUM(iommu, coalesce, XL_CO_OFF,   coal_names,  "off|leaf|upper|both", "neighbourhood walk coalescing; off is the baseline [MICRO'18]"),
    U32(iommu, aging_threshold, 2000000, 1, UINT32_MAX, "bypasses", "younger dispatches before a pending walk is forced [ISCA: 2 million]"),
    U32(iommu, link_latency,    50,  0, 1000000, "cycles", "GPU L2 TLB <-> IOMMU latency in GPU cycles, each way; chosen default [OPEN]"),
    U32(iommu, tlb_latency,     2,   0, 100000,  "cycles", "IOMMU L1+L2 TLB lookup latency in GPU cycles; chosen default [OPEN: 1-2]"),
    U32(iommu, pwc_latency,     1,   1, 100000,  "cycles", "walk-time PWC lookup latency in GPU cycles; chosen default [OPEN]"),
    U32(iommu, pick_pipe,       0,   0, 2,       "stages", "walk scheduler pick: 0 = made in the cycle a walker takes it (the papers' scheduler); 1 = made one cycle ahead and registered, dropped when its entry turns CL or is coalesced meanwhile; 2 = as 1, but made from registers only (last cycle's CL, this cycle's kills not seen, the registered entry left out), so no path runs from the memory response into the pick (rtl/README.md, xl_walk_sched PickPipe) [INF]"),
    U32(iommu, scan_pipe,       0,   0, 1,       "stages", "coalescing scan of a returned page-table line: 0 = every neighbour completes or moves its resume point in the cycle the line returns (the papers' broadcast); 1 = the line is registered and its neighbours are acted on one a cycle, lowest slot first, CL until then; a line returning while a scan drains is not scanned (rtl/README.md, xl_coalesce ScanPipe) [INF]"),
    ENUM(iommu, walk_path, XL_WALK_SRC_DRAM, path_names, "l2|dram", "where walker reads go: dram = straight to main memory, the IOMMU being in the CPU complex (ISCA'18 §II-B, MICRO'18 §VI); l2 = through the GPU's shared L2 data cache (a variant) [ISCA]"),
    U32(iommu, ptcache_kb,      0,   0, 1024,    "KB",     "IOMMU cache of 64 B page-table lines in front of the walkers' memory port, 0 = none [MICRO'18 §VI alternative; sizes INF 4-32]"),
    U32(iommu, ptcache_ways,    8,   1, 1024,    "ways",   "associativity of the page-table line cache (LRU); chosen default [INF]"),
    U32(iommu, ptcache_latency, 2,   1, 100000,  "cycles", "hit latency of the page-table line cache in GPU cycles; chosen default [INF]"),

    U32(pwc, l4_entries, 4,  1, 4096, "entries", "PWC entries for L4 (PML4E); chosen default [ADJ MICRO'21 (Kotra et al.) / OPEN]"),
    U32(pwc, l4_ways,    4,  1, 64,   "ways",    "L4 PWC associativity (tree-PLRU); chosen default [OPEN]"),
    U32(pwc, l3_entries, 8,  1, 4096, "entries", "PWC entries for L3 (PDPTE); chosen default [ADJ MICRO'21 (Kotra et al.) / OPEN]"),
    U32(pwc, l3_ways,    4,  1, 64,   "ways",    "L3 PWC associativity (tree-PLRU); chosen default [OPEN]"),
    U32(pwc, l2_entries, 32, 1, 4096, "entries", "PWC entries for L2 (PDE); chosen default [ADJ MICRO'21 (Kotra et al.) / OPEN]"),
    U32(pwc, l2_ways,    4,  1, 64,   "ways",    "L2 PWC associativity (tree-PLRU); chosen default [OPEN]"),
    BOOL(pwc, fill, 1, "0: walks never fill the page-walk caches, so every walk reads all four levels (MASK's SharedTLB has no PWC, ASPLOS'18 §3); 1: the PWCs work [ISCA]"),

    U32(dram, mhz,      800, 1, 100000, "MHz",      "DRAM I/O clock, DDR3-1600 [ISCA Table I]"),
    U32(dram, channels, 2,   1, 64,     "channels", "DRAM channels [ISCA Table I]"),
    U32(dram, ranks,    2,   1, 16,     "ranks",    "ranks per channel [ISCA Table I]"),
    U32(dram, banks,    16,  1, 64,     "banks",    "banks per rank [ISCA Table I]"),
    U32(dram, tcl,      11,  1, 1000,   "DRAM clocks", "CAS latency, DDR3-1600 11-11-11 [INF]"),
    U32(dram, trcd,     11,  1, 1000,   "DRAM clocks", "activate to read, DDR3-1600 11-11-11 [INF]"),
    U32(dram, trp,      11,  1, 1000,   "DRAM clocks", "precharge, DDR3-1600 11-11-11 [INF]"),
    U32(dram, tras,     28,  1, 1000,   "DRAM clocks", "activate to precharge, DDR3-1600 [INF]"),
    U32(dram, tburst,   4,   1, 64,     "DRAM clocks", "data burst of one 64 B line on a 64-bit channel (BL8) [INF]"),
    U32(dram, tcwl,     8,   1, 1000,   "DRAM clocks", "CAS write latency CWL, DDR3-1600 (CL 11 pairs with CWL 8 at tCK 1.25 ns) [INF JEDEC DDR3-1600K; DRAMsim3 DDR3_4Gb_x8_1600]"),
    U32(dram, tccd,     4,   1, 1000,   "DRAM clocks", "column to column command delay tCCD (same rank) [INF JEDEC DDR3: 4 nCK]"),
    U32(dram, trrd,     5,   1, 1000,   "DRAM clocks", "activate to activate delay tRRD (same rank), max(4 nCK, 6 ns) for 1 KB pages [INF JEDEC DDR3-1600]"),
    U32(dram, tfaw,     24,  0, 10000,  "DRAM clocks", "four-activate window tFAW (same rank), 30 ns for 1 KB pages; 0 = none [INF JEDEC DDR3-1600]"),
    U32(dram, twr,      12,  0, 1000,   "DRAM clocks", "write recovery tWR: end of write data to precharge, 15 ns [INF JEDEC DDR3-1600]"),
    U32(dram, twtr,     6,   0, 1000,   "DRAM clocks", "write to read tWTR (same rank): end of write data to read command, max(4 nCK, 7.5 ns) [INF JEDEC DDR3-1600]"),
    U32(dram, trtp,     6,   0, 1000,   "DRAM clocks", "read to precharge tRTP, max(4 nCK, 7.5 ns) [INF JEDEC DDR3-1600]"),
    U32(dram, trtrs,    1,   0, 1000,   "DRAM clocks", "idle data-bus clocks between bursts of different ranks (tRTRS, 1-2); chosen 1 [ADJ DRAMsim3 DDR3_4Gb_x8_1600]"),
    U32(dram, trefi,    6240, 0, 10000000, "DRAM clocks", "refresh interval per rank, 7.8 us, ranks staggered by tREFI / ranks; 0 = no refresh [INF JEDEC DDR3]"),
    U32(dram, trfc,     208, 1, 100000, "DRAM clocks", "refresh cycle time tRFC of a 4 Gb device, 260 ns [INF JEDEC DDR3 4 Gb]"),
    U32(dram, queue_depth, 32, 1, 1048576, "entries", "controller read queue per channel; a full queue holds arrivals upstream [ADJ DRAMsim3 trans_queue_size]"),
    U32(dram, write_queue_depth, 32, 1, 1048576, "entries", "controller write queue per channel; a full queue holds arrivals upstream [ADJ DRAMsim3: write buffer = trans_queue_size]"),
    U32(dram, write_high, 32, 1, 1048576, "writes", "start draining writes when this many are queued (or when no read is queued) [ADJ DRAMsim3: drains a full write buffer]"),
    U32(dram, write_low,  0,  0, 1048576, "writes", "a drain stops when this many writes or fewer remain [ADJ DRAMsim3: a drain empties the buffer]"),
    U32(dram, row_kb,   8,   1, 1024,   "KB",       "row buffer size per bank (rank-wide); chosen default [OPEN]"),
    ENUM(dram, mapping, XL_DRAM_MAP_XOR, map_names, "linear|xor|chunk", "address mapping: xor adds the row number to the channel and bank index (permutation-based interleaving), so lines at one page offset of many pages spread over banks; chunk interleaves channels by 256 B chunks with the row's columns next, then bank, rank, row (MASK's GPGPU-Sim-style map: streams find their rows open); chosen default [INF]"),
    U32(dram, ctrl_latency, 20, 0, 100000, "cycles", "memory controller and interconnect latency in GPU cycles, each way; chosen default [OPEN]"),
    ENUM(dram, sched, XL_DSCHED_FRFCFS, dsched_names, "frfcfs|gsn", "the controller's queues: frfcfs = one FR-FCFS read queue and write queue per channel; gsn = MASK's Golden (translation, FIFO) / Silver (one application's data, rotating by quota) / Normal queues, strict priority, FR-FCFS inside Silver and Normal [MASK §5.4]"),
    U32(dram, golden_entries, 16, 1, 65536, "entries", "dram.sched = gsn: Golden queue per channel [MASK §7.4: 16]"),
    U32(dram, silver_entries, 64, 1, 65536, "entries", "dram.sched = gsn: Silver queue per channel [MASK §7.4: 64]"),
    U32(dram, normal_entries, 192, 1, 65536, "entries", "dram.sched = gsn: Normal queue per channel [MASK §7.4: 192]"),
    ENUM(dram, gq_overflow, XL_GQ_TO_NQ, gqov_names, "to_nq|backpressure", "dram.sched = gsn: a translation request that finds the Golden queue full goes to the Normal queue (to_nq) or waits upstream (backpressure); chosen default [OPEN]"),
    BOOL(dram, gq_strict_head, 0, "dram.sched = gsn: 1 = only the Golden queue's oldest request may issue (a literal FIFO); 0 = its oldest request of each bank, keeping bank parallelism; chosen default [OPEN]"),
    U32(dram, silver_timeout, 0, 0, 100000000, "DRAM clocks", "dram.sched = gsn: the Silver turn passes on after this many clocks without a Silver insert; 0 = never, the paper's rule [OPEN]"),
    U32(dram, thresh_max, 500, 1, 511, "requests", "dram.sched = gsn: thresh_max of Equation 1, the sum of the applications' Silver quotas [MASK §6: 500]"),

    U32(mask, epoch, 100000, 1000, 100000000, "cycles", "MASK epoch in GPU cycles, for the tokens and the Silver quotas [MASK fn 5: 100 K cycles; the clock is not stated, INF: the core clock]"),
    U32(mask, epoch_commit, 32, 0, 1000, "cycles", "cycles after an epoch boundary before the new tokens and quotas apply (a sequential divider's time); chosen default [INF]"),
    BOOL(mask, tokens, 0, "1: TLB-fill tokens: only token-holding warps fill the shared L2 TLB, the others fill the bypass cache [MASK §5.2]"),
    U32(mask, initial_tokens_pct, 80, 0, 100, "%", "tokens of an application after the first epoch, as a share of its warps [MASK §6: 80 %]"),
    U32(mask, tok_thresh_pp, 2, 0, 100, "percentage points", "L2 TLB miss-rate change over the last epoch that moves an application's tokens [MASK §5.2: 2 %; INF: points, not relative]"),
    U32(mask, tok_step_pct, 10, 1, 100, "%", "tokens moved per epoch, as a share of the application's warps (rounded up); chosen default [OPEN]"),
    ENUM(mask, tok_policy, XL_TOK_THRESHOLD, tokpol_names, "threshold|hillclimb", "threshold = fewer tokens when the miss rate rose by more than tok_thresh_pp, more when it fell (the paper's text, §5.2); hillclimb = step in the direction register's direction, flipped when the miss rate got worse (what the direction registers of §7.4 suggest) [OPEN]"),
    ENUM(mask, tok_fill, XL_TOK_FILL_ANY, tokfill_names, "any|originator", "which request decides an L2 TLB fill when several merged in one MSHR: any = fill the L2 TLB if any of them held a token; originator = the first one [OPEN]"),
    ENUM(mask, merged_counts_as, XL_MERGED_MISS, merged_names, "miss|hit", "how a lookup that merges into an L2 TLB MSHR counts for the token miss rate; chosen default [INF] miss: it waits for a walk"),
    U32(mask, bypass_entries, 32, 1, 4096, "entries", "TLB bypass cache beside the shared L2 TLB, fully associative, LRU [MASK §5.2: 32]"),
    BOOL(mask, l2_bypass, 0, "1: address-translation-aware L2 bypass: page-table reads of a level whose L2 hit rate is below the data requests' skip the L2 data cache [MASK §5.3]"),
    ENUM(mask, byp_mode, XL_BYP_CUMULATIVE, bypmode_names, "cumulative|epoch", "L2 bypass hit-rate counters: cumulative (never reset; the paper's 8-byte counters) or epoch (reset each epoch, every byp_sample_period-th read of a bypassed level still probes the L2) [OPEN]"),
    U32(mask, byp_period, 10000, 1, 100000000, "cycles", "GPU cycles between L2 bypass decisions; chosen default [INF]"),
    U32(mask, byp_min_samples, 100, 0, 1000000000, "accesses", "L2 accesses a level and the data need before that level may bypass [INF: the authors' simulator waits for 100]"),
    U32(mask, byp_sample_period, 32, 1, 1000000, "reads", "byp_mode = epoch: every Nth read of a bypassed level goes through the L2 to keep its hit rate alive; chosen default [INF]"),
    ENUM(mask, dsched_stat, XL_DSTAT_MAX, dstat_names, "max|snapshot", "how an epoch's concurrent page walks (ConPTW) and warps stalled per miss become the Silver quota inputs: max = the epoch's high-water marks; snapshot = the live values at the boundary [OPEN]"),
    BOOL(mask, partition, 0, "1: the Static design: the L2 data cache's sets, the DRAM channels and physical memory split equally between the applications, each application's frames allocated in its own slice (as a statically partitioned GPU, NVIDIA GRID / AMD FirePro, ASPLOS'18 §7; [I]: by sets and channels, like NVIDIA MIG's memory slices)"),

    U32(mem, size_mb, 4096, 4, 4194304, "MB", "simulated physical memory (multiple of 2, at least 4); chosen default [INF]"),
    ENUM(mem, alloc, XL_ALLOC_RANDOM, alloc_names, "sequential|random", "physical frame allocator, seeded by sim.seed; chosen default [INF]"),
    U32(mem, page_kb, 4, 4, 2048, "KB", "page size mapping workload data: 4, 64 (16 contiguous 4 KB leaves, docs/architecture.md) or 2048 [ISCA: 4 KB pages]"),

    BOOL(translation, ideal, 0, "1: every translation completes in one cycle (ideal upper bound) [MICRO'18]"),
    BOOL(lds, model, 0, "1: the LDS as a resource: each work-group takes a contiguous block at dispatch (no room, no dispatch), LDS instructions use the CU's LDS port, segments carry mode bits [MICRO'21 §4.2]; 0: LDS instructions are timed only"),
    U32(lds, size_kb, 16, 1, 64, "KB", "LDS per CU, a power of two [MICRO'21 Table 1: 16 KB]"),
    U32(lds, seg_bytes, 32, 32, 64, "bytes", "LDS segment: 32 (3 translations) or 64 (LDS_SEG64: 6) [MICRO'21 §4.2, §6.3.1]"),
    ENUM(lds, alloc, XL_LDS_ALLOC_LAZY, ldsal_names, "lazy|eager", "when a work-group's block turns LDS mode: lazy = at the application's first store to each segment (the paper's rule), eager = the whole block at dispatch [I]"),
    BOOL(icache, model, 0, "1: wavefronts fetch instructions through I-caches shared by icache.sharers CUs, from each kernel's code [MICRO'21 §4.3]; 0: no instruction fetch"),
    U32(icache, lines, 256, 64, 512, "lines", "64 B lines per I-cache, 8-way: 64, 128, 256 or 512 [MICRO'21 Table 1: 16 KB = 256]"),
    U32(icache, sharers, 4, 1, 64, "CUs", "CUs per I-cache; divides gpu.cus [MICRO'21 Table 1: 4]"),
    U32(icache, instr_bytes, 8, 4, 64, "bytes", "code bytes per instruction: a wavefront fetches its next 64 B line every 64 / instr_bytes instructions through its instruction buffer [I: GCN instructions are 4 or 8 B]"),
    U32(icache, miss_latency, 100, 1, 100000, "cycles", "an instruction line's fill from the L2, GPU cycles [I]"),
    U32(icache, code_bytes, 4096, 64, 1048576, "bytes", "a kernel's code size when its generator states none [MICRO'21 §9: 4-8 KB, not given]"),
    U32(icache, tag_latency, 16, 1, 1000, "cycles", "IC-mode tag access: an instruction fetch's hit, and a translation lookup that finds an IC-mode or invalid line [MICRO'21 Table 1: 16]"),
    BOOL(reach, lds_tx, 0, "1: L1 TLB victims go to the CU's idle (Tx-mode) LDS segments and L1 misses look there first [MICRO'21 §4.2]; needs lds.model = 1"),
    ENUM(reach, ic_tx, XL_RIC_OFF, ric_names, "off|v1|v2|v3|v4", "L1 TLB victims in the I-cache, the designs of Fig 13a: v1 one per line, v2 naive replacement, v3 instruction-aware, v4 = v3 + kernel-boundary flush (the paper's IC) [MICRO'21 §4.3]; needs icache.model = 1"),
    ENUM(reach, tags, XL_RTAGS_STRICT, rtags_names, "strict|ideal", "strict = the compressed tag block bit for bit (shared high bits); ideal = full tags, to measure what the codec costs [I]"),
    ENUM(reach, conflict, XL_RCONF_REBASE, rconf_names, "rebase|bypass", "an insert whose high tag bits differ from its segment's / line's base: rebase = drop the others and insert; bypass = pass it on [I, the paper is silent]"),
    ENUM(reach, hit, XL_RHIT_EXCLUSIVE, rhit_names, "exclusive|inclusive", "a hit in the LDS or I-cache leaves it (exclusive; it is promoted to the L1 TLB) or keeps its copy [I]"),
    U32(reach, lds_latency, 35, 1, 10000, "cycles", "Tx-mode LDS access [MICRO'21 Table 1: 35]"),
    U32(reach, ic_tx_latency, 20, 1, 10000, "cycles", "Tx-mode I-cache tag access with decompression (16 compares + 4) [MICRO'21 Table 1: 20]"),
    U32(reach, mux_latency, 1, 0, 1000, "cycles", "MUX after either store [MICRO'21 Table 1: 1]"),
    U32(reach, lds_wire, 0, 0, 10000, "cycles", "extra wire latency of an LDS lookup (Fig 16b: 10, 50, 100)"),
    U32(reach, ic_wire, 0, 0, 10000, "cycles", "extra wire latency of an I-cache lookup (Fig 16b)"),
    U32(reach, txq, 8, 1, 64, "operations", "translation operations waiting for one LDS or I-cache port; a lookup finding it full skips the store [I]"),
    U32(reach, max_wait, 64, 0, 100000, "cycles", "a lookup that would wait longer for the port skips the store [I]"),
    BOOL(reach, fwd_l2, 0, "1: the translations of a Tx line an instruction fill evicts go to the L2 TLB (IC_EVICT_FWD_L2); 0: dropped [I]"),
    BOOL(reach, sharing, 0, "1: record which CUs look up each page, for Fig 14a's sharing (costs host memory per page)"),
    ENUM(paging, mode, XL_PAGING_OFF, pgmode_names, "off|blocking|replay", "a walk that finds no present page: off = the run stops with an error (every page is mapped before the first cycle); blocking = a far-fault that stops its CU's L1 TLB, hits included, until the page is resident (HPCA'16 §3.1, Fig 3); replay = Nack-Replayable, the GMMU's far-fault MSHRs replay the translation once the page is resident (HPCA'16 §3.2, Fig 4). The host makes pages resident (host.h far_fault, xl_sim_page_resident)"),
    U32(paging, ff_per_cu, 16, 1, 64, "faults", "F, far-fault MSHRs per CU at the GMMU (replay mode): a far-fault beyond F outstanding is dropped, still Nacked, and its TLB replays it itself [HPCA'16 §3.2: 4 suffice, more than 16 give nothing; Fig 5 sweeps it]"),
    ENUM(paging, untracked, XL_PGU_FREE_SLOT, pgunt_names, "on_free_slot|on_replay_only|replay_all", "when a TLB replays its dropped far-faults: on_free_slot = while its tracked faults plus such replays in flight are below F; on_replay_only = on a Replay only (the paper's wording, which can strand a request); replay_all = every queued one on every Replay [I]"),
    ENUM(uvm, engine, XL_UVM_SETS, ueng_names, "drain|sets", "the paging runtime (sw/include/xlat/uvm.h): drain = every fault record drained at the interrupt goes to the link at once (HPCA'16 §3, Figs 3, 5, 6); sets = demand-prioritized transfer sets each interval, filled with prefetches (§4.1, Figs 7-10)"),
    U32(uvm, fault_ns, 20000, 0, 100000000, "ns", "L_ff, far-fault service latency from the runtime's issue to the page resident on an idle link [P §2: 20 us; Fig 3 sweeps 5-50, Fig 8 20-40]"),
    U32(uvm, link_mbps, 16384, 1, 1000000, "MB/s", "host-to-device (and device-to-host) link rate, one page per 4096 B / rate [P Table 1: PCIe 3.0 x16, 16 GB/s; 16384 makes a page 250 ns exactly, the paper's arithmetic]"),
    U32(uvm, interval_ns, 20000, 1, 100000000, "ns", "T_int, the transfer-set interval [P §4.1: 20 us]"),
    U32(uvm, set_pages, 80, 1, 100000, "pages", "N, pages per transfer set, demand first [P §4.1: 80 = 16 GB/s x 20 us / 4 KB]"),
    U32(uvm, select_ns, 0, 0, 100000000, "ns", "t_select, prefetch selection time at each set's close, delaying the whole set [P §4.1: up to 30 us costs little; I: 0]"),
    ENUM(uvm, prefetch, XL_UPF_NONE, upf_names, "none|random|sequential|locality|oracle", "prefetch candidates that fill a set [P §4.2, Fig 7]"),
    U32(uvm, window, 128, 1, 1000000, "pages", "locality prefetch: the pages after the anchor [P §4.2: 128]"),
    ENUM(uvm, anchor, XL_UANC_LAST_ARRIVED, uanc_names, "last_arrived|last_in_set|each_demand_page", "the locality window's anchor [I: the paper's 'last far-faulting page']"),
    ENUM(uvm, random, XL_URND_PERMUTATION, urnd_names, "permutation|replacement", "random prefetch: a seeded permutation of the pages, or draws with replacement [I]"),
    U32(uvm, capacity_pct, 100, 1, 100, "%", "GPU memory as a share of the footprint's pages, rounded down; below 100 pages are evicted [P §5: Fig 9 50 %, Fig 10 95-25 %]"),
    ENUM(uvm, evict, XL_UEV_LRU, uev_names, "lru|random", "eviction candidate [P §5.1]"),
    ENUM(uvm, writeback, XL_UWB_ALWAYS, uwb_names, "always|dirty_only|none", "an evicted page goes back over the link: always (migration: the GPU copy is the only one), dirty pages only, or never [I]"),
    U32(uvm, evict_ns, 0, 0, 100000000, "ns", "L_evict, device-to-host latency of a write-back [I: 0]"),
    ENUM(uvm, oversub_prefetch, XL_UOSPF_LOCALITY, uospf_names, "none|locality", "once memory is full (after the oracle warm-up): no prefetch, or the locality window [P §5.1, §5.2]"),
    BOOL(uvm, seq_fallback, 0, "1: the oversubscribed locality prefetch falls back to the sequential cursor [I: 0, §5.2 describes the window only]"),

    U32(workload, pb_wg_items, 256, 32, 1024, "work-items", "MVT and ATAX work-group size, a power of two (256: PolyBench/GPU 1.0; 32: PolyBench-ACC; BICG and GESUMMV use 256 in both); see sw/workloads/polybench.c"),
    U32(workload, nw_block, 16, 16, 64, "items", "NW tile width, 16 or 64 (16: Rodinia 3.1 OpenCL BLOCK_SIZE, N 6816, 3 buffers; 64: a BLOCK_SIZE 64 build, N 8192, 2 buffers as in AMD's HIP port); see sw/workloads/nw.c"),
    ENUM(workload, graph, XL_GRAPH_INPUT, graph_names, "input|rmat", "Pannotia graphs: input = a synthetic graph of the real input's kind (road network, mesh, circuit); rmat = R-MAT communities; see sw/workloads/pannotia.c"),
    U32(workload, min_rounds, 12, 0, 1000, "rounds", "a scaled run (--scale < 1) keeps, in every kernel it runs, at least this many rounds of the GPU's resident wavefronts (cus x simds_per_cu x waves_per_simd), or the whole kernel if it is smaller, so it measures the kernel's steady state, not its ramp; 0 = the plain fraction; see docs/isca18-micro18.md §4.1"),
    U32(workload, nw_n, 0, 0, 16384, "items", "NW sequence length N, a multiple of nw_block: the matrices are (N+1)^2 ints and there are 2 N / nw_block - 1 kernels; 0 = the tile width's default (16: 6816, 64: 8192; MICRO'21: 2048 with 16, 255 kernels); see sw/workloads/nw.c"),
    U32(workload, pb_n, 4096, 64, 16384, "items", "PolyBench matrix size N, a multiple of 32: MVT, ATAX, GESUMMV are N x N, BICG 2N x N (4096: PolyBench/GPU's size, ISCA'18's; MICRO'21 ran smaller inputs it does not give: bench/results/reach-workloads.md); see sw/workloads/polybench.c"),
    U32(workload, gups_table_mb, 1, 1, 2048, "MB", "GUPS (gup) table size, a power of two (1: MASK's 2^17 8-byte words; MICRO'21 needs one well above the 64 MB its victim stores reach, e.g. 256); see sw/workloads/mask_apps.c"),
    U32(workload, xsb_gridpts, 0, 0, 15420, "points", "XSBench grid points per isotope G (XSBench -g): the data are 68 x G x 328 B; 0 = 9,978, ISCA'18 Table II's 212.25 MB; HPCA'16's 144 MB slot is 6,456; at most 15,420 (the union grid's index fits 20 bits); see sw/workloads/xsbench.c"),
    STR(workload, graph_file, "path", "a real graph for the Pannotia workloads (DIMACS .gr or Matrix Market .mtx), read instead of generating one; empty = none"),

    U64(sim, seed, 1, 0, UINT64_MAX, "integer", "seed of every random choice (decimal or 0x hex); chosen default [INF]"),
    U64(sim, watchdog, 5000000, 1000, UINT64_MAX, "cycles", "stop with a dump of who waits on what after this many cycles without a retired instruction"),
    U64(sim, warmup, 0, 0, UINT64_MAX, "cycles", "with sim.window > 0: cycles before the measured window (per-application instructions are counted in the window only); chosen default [INF]"),
    U64(sim, window, 0, 0, UINT64_MAX, "cycles", "> 0: every application relaunches its workload when it finishes, and the run stops after warmup + window cycles, so applications of unequal length overlap throughout (MASK §6); 0 = run every kernel once"),
    U32(sim, app0_cus, 0, 0, 65535, "CUs", "with 2 or more applications: the CUs of application 0, the first of the workload (the others split the rest evenly, the remainder to the lowest numbers), for a core split other than the even one, e.g. MASK's oracle split (ASPLOS'18 §6); 0 = every application an even share"),
    U32(sim, max_memory_mb, 16384, 1, 4194304, "MB", "refuse, before anything is allocated, a configuration whose system needs more host memory than this (estimated from its geometry: the CUs' slots and records, the TLBs, the data caches; model/src/sys/footprint.c); the default leaves room on a 24 GB machine"),
};

const size_t cfg_nkeys = sizeof cfg_schema / sizeof cfg_schema[0];

void cfg_err(char *err, size_t errlen, const char *fmt, ...)
{
    if (!err || errlen == 0)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

