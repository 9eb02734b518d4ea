/*
 * config.h - the effective configuration of a run, its INI loader, `--set`
 * overrides and built-in presets (docs/design.md "Configuration and presets").
 *
 * INI: "[section]" headers, "key = value" lines, '#' or ';' comments on their own line
 * or after a value. Every key has a default, a unit and a one-line description in the
 * schema (config.c); an unknown section or key, a malformed or out-of-range value, a
 * duplicate key in one file, or a missing file is an error naming file, line and key.
 * Loading never half-applies: on error the caller's config is unchanged.
 */
#ifndef XLAT_CONFIG_H
#define XLAT_CONFIG_H

#include <stdio.h>
#include "xlat/physmem.h"
#include "xlat/tlb.h"
#include "xlat/types.h"
#include "xlat/coalesce.h"     /* xl_co_mode_t: iommu.coalesce */
#include "xlat/walk_sched.h"   /* xl_ws_policy_t: iommu.sched */

/* Which READY wavefront of a CU issues next (model/src/gpu/cu.c, cu_issue). */
typedef enum { XL_WAVE_SCHED_RR = 0, XL_WAVE_SCHED_OLDEST = 1 } xl_wave_sched_t;
typedef enum { XL_LOADS_BLOCKING = 0, XL_LOADS_WAITCNT = 1 } xl_loads_t;
typedef enum { XL_WALK_SRC_L2 = 0, XL_WALK_SRC_DRAM = 1 } xl_walk_src_t;   /* iommu.walk_path */
/* dram.mapping (model/src/mem/dram.c: address mapping): lines across channels, or 256 B
 * chunks across channels with a row's columns next (chunk, MASK's GPGPU-Sim-style map). */
typedef enum { XL_DRAM_MAP_LINEAR = 0, XL_DRAM_MAP_XOR = 1, XL_DRAM_MAP_CHUNK = 2 } xl_dram_map_t;
/* Set index of the shared L2 data cache (l2cache.c: "L2 set index"): bit-select or
 * XOR-folded. */
typedef enum { XL_L2_INDEX_MOD = 0, XL_L2_INDEX_XOR = 1 } xl_l2_index_t;
/* Graphs of the Pannotia workloads: a synthetic graph of the kind of the real input
 * (road network, 2-D mesh, circuit), or the R-MAT graph the earlier generators used. */
typedef enum { XL_GRAPH_INPUT = 0, XL_GRAPH_RMAT = 1 } xl_graph_kind_t;
/* The DRAM controller's queues (dram.sched): one FR-FCFS queue per channel and direction,
 * or MASK's Golden / Silver / Normal queues (ASPLOS'18 §5.4; docs/papers/mask.md). */
typedef enum { XL_DSCHED_FRFCFS = 0, XL_DSCHED_GSN = 1 } xl_dsched_kind_t;
/* A translation request that finds the Golden queue full (dram.gq_overflow). */
typedef enum { XL_GQ_TO_NQ = 0, XL_GQ_BACKPRESSURE = 1 } xl_gq_overflow_t;
/* MASK's open choices (section [mask], docs/papers/mask.md "Choices the paper leaves
 * open"): the token rule, which merged request decides an L2 TLB fill, how a merged L2 TLB
 * miss counts, the L2 bypass counters, how the Silver inputs become one number an epoch. */
typedef enum { XL_TOK_THRESHOLD = 0, XL_TOK_HILLCLIMB = 1 } xl_tok_policy_t;
typedef enum { XL_TOK_FILL_ANY = 0, XL_TOK_FILL_ORIGINATOR = 1 } xl_tok_fill_t;
typedef enum { XL_MERGED_MISS = 0, XL_MERGED_HIT = 1 } xl_merged_counts_t;
typedef enum { XL_BYP_CUMULATIVE = 0, XL_BYP_EPOCH = 1 } xl_byp_mode_t;
typedef enum { XL_DSTAT_MAX = 0, XL_DSTAT_SNAPSHOT = 1 } xl_dstat_mode_t;
/* MICRO'21's victim stores (sections [lds], [icache], [reach]; docs/papers/translation-reach.md):
 * the I-cache design of Fig 13a, the tag codec, the compression-conflict rule, whether a
 * hit leaves the store, how an LDS allocation sets the mode bits. */
typedef enum { XL_RIC_OFF = 0, XL_RIC_V1 = 1, XL_RIC_V2 = 2, XL_RIC_V3 = 3, XL_RIC_V4 = 4 } xl_reach_ic_t;
typedef enum { XL_RTAGS_STRICT = 0, XL_RTAGS_IDEAL = 1 } xl_reach_tags_t;
typedef enum { XL_RCONF_REBASE = 0, XL_RCONF_BYPASS = 1 } xl_reach_conflict_t;
typedef enum { XL_RHIT_EXCLUSIVE = 0, XL_RHIT_INCLUSIVE = 1 } xl_reach_hit_t;
/* HPCA'16's paged GPU memory (section [paging]; docs/papers/paged-memory.md): what a walk
 * that finds no present page does, and when a TLB replays far-faults the GMMU dropped. */
typedef enum { XL_PAGING_OFF = 0, XL_PAGING_BLOCKING = 1, XL_PAGING_REPLAY = 2 } xl_paging_mode_t;
typedef enum { XL_PGU_FREE_SLOT = 0, XL_PGU_ON_REPLAY = 1, XL_PGU_REPLAY_ALL = 2 } xl_paging_untracked_t;
/* The paging runtime's keys (section [uvm]; sw/include/xlat/uvm.h, docs/papers/paged-memory.md):
 * read by the host side, not by the model. */
typedef enum { XL_UVM_DRAIN = 0, XL_UVM_SETS = 1 } xl_uvm_engine_t;
typedef enum { XL_UPF_NONE = 0, XL_UPF_RANDOM = 1, XL_UPF_SEQUENTIAL = 2, XL_UPF_LOCALITY = 3,
               XL_UPF_ORACLE = 4 } xl_uvm_prefetch_t;
typedef enum { XL_UANC_LAST_ARRIVED = 0, XL_UANC_LAST_IN_SET = 1, XL_UANC_EACH_DEMAND = 2 } xl_uvm_anchor_t;
typedef enum { XL_URND_PERMUTATION = 0, XL_URND_REPLACEMENT = 1 } xl_uvm_random_t;
typedef enum { XL_UEV_LRU = 0, XL_UEV_RANDOM = 1 } xl_uvm_evict_t;
typedef enum { XL_UWB_ALWAYS = 0, XL_UWB_DIRTY = 1, XL_UWB_NONE = 2 } xl_uvm_writeback_t;
typedef enum { XL_UOSPF_OFF = 0, XL_UOSPF_LOCALITY = 1 } xl_uvm_ospf_t;
typedef enum { XL_LDS_ALLOC_LAZY = 0, XL_LDS_ALLOC_EAGER = 1 } xl_lds_alloc_t;

#define XL_CFG_PATH_MAX 256u   /* a path-valued key holds at most 255 bytes */

/* The workload generators' parameters (section [workload]): facts of the real
 * applications that differ between suites or inputs, so a study can show both
 * (model/include/xlat/workload.h; each generator's header gives the sources). */
typedef struct {
    uint32_t pb_wg_items;        /* MVT/ATAX work-items per work-group (BICG, GESUMMV: 256) */
    uint32_t nw_block;           /* NW tile width (Rodinia BLOCK_SIZE) */
    xl_graph_kind_t graph;       /* input | rmat */
    char graph_file[XL_CFG_PATH_MAX];   /* a real graph (DIMACS .gr, Matrix Market .mtx); "" = none */
    uint32_t min_rounds;         /* a scaled kernel keeps at least this many rounds of resident
                                  * wavefronts, or the whole kernel (0: the plain fraction) */
    uint32_t nw_n;               /* NW sequence length N (0: the tile width's default) */
    uint32_t gups_table_mb;      /* GUPS table size, MB (1: MASK's 2^17 words) */
    uint32_t pb_n;               /* PolyBench N (4096: the suites' STANDARD size) */
    uint32_t xsb_gridpts;        /* XSBench grid points per isotope (0: ISCA'18's 9,978) */
    uint32_t resident_waves;     /* not a key: wavefronts the GPU holds at once (cus x simds_per_cu
                                  * x waves_per_simd), filled by xl_config_wl_params */
} xl_wl_params_t;

typedef struct {
    struct {
        uint32_t cus;            /* compute units */
        uint32_t simds_per_cu;   /* SIMD units per CU */
        uint32_t simd_width;     /* lanes per SIMD */
        uint32_t wave_lanes;     /* work-items per wavefront (<= 64) */
        uint32_t waves_per_simd; /* wavefront slots per SIMD */
        xl_wave_sched_t wave_sched;   /* rr | oldest: the CU's wavefront issue order */
        xl_loads_t loads;        /* blocking | waitcnt: when a wavefront waits for its loads */
        uint32_t wave_mem_max;   /* waitcnt: memory instructions a wavefront may have in flight */
        uint32_t clock_mhz;      /* GPU clock */
    } gpu;
    struct { uint32_t size_kb, ways, line_bytes, hit_latency; } l1d;   /* per-CU L1 data cache */
    struct {
        uint32_t size_kb, ways, line_bytes, hit_latency, mshrs;
        xl_l2_index_t index;     /* mod | xor: set index function (l2cache.c) */
    } l2d;                       /* shared L2 */
    struct {
        uint32_t entries, ways;  /* geometry (ways == entries: fully associative) */
        xl_repl_t repl;          /* lru | plru */
        xl_tlb_index_t index;    /* mod | xor: set index function (tlb.h) */
        uint32_t hit_latency;    /* GPU cycles */
        uint32_t mshrs;          /* outstanding misses */
        uint32_t ports;          /* lookups per cycle */
    } l1tlb, l2tlb;
    struct {
        uint32_t tlb1_entries, tlb1_ways;  /* IOMMU L1 TLB */
        uint32_t tlb2_entries, tlb2_ways;  /* IOMMU L2 TLB */
        uint32_t buffer_entries;           /* page-walk request buffer */
        uint32_t walkers;                  /* page-table walkers */
        xl_ws_policy_t sched;              /* fcfs | random | simt */
        xl_co_mode_t coalesce;             /* off | leaf | upper | both */
        uint32_t aging_threshold;          /* bypasses before a request is forced */
        uint32_t link_latency;             /* GPU L2 TLB <-> IOMMU, each way, GPU cycles */
        uint32_t tlb_latency;              /* IOMMU L1+L2 TLB lookup, GPU cycles */
        uint32_t pwc_latency;              /* walk-time PWC lookup, GPU cycles */
        uint32_t pick_pipe;                /* scheduler pick registered ahead: 0, 1 or 2 */
        uint32_t scan_pipe;                /* coalescing scan drained a slot a cycle: 0, 1 */
        xl_walk_src_t walk_path;          /* l2 | dram: where walker reads go */
        uint32_t ptcache_kb;               /* IOMMU page-table line cache, 0 = none */
        uint32_t ptcache_ways;
        uint32_t ptcache_latency;          /* hit latency, GPU cycles */
    } iommu;
    struct {
        uint32_t l4_entries, l4_ways;
        uint32_t l3_entries, l3_ways;
        uint32_t l2_entries, l2_ways;
        uint32_t fill;           /* 0: walks never fill the PWCs, so they never hit (no PWC) */
    } pwc;
    struct {
        uint32_t mhz;            /* DRAM I/O clock (DDR: 2 transfers per clock) */
        uint32_t channels, ranks, banks;
        uint32_t tcl, trcd, trp, tras, tburst;   /* DRAM clocks */
        uint32_t tcwl, tccd, trrd, tfaw;         /* DRAM clocks */
        uint32_t twr, twtr, trtp, trtrs;         /* DRAM clocks */
        uint32_t trefi, trfc;    /* DRAM clocks; trefi = 0: no refresh */
        uint32_t queue_depth;    /* controller read queue entries per channel */
        uint32_t write_queue_depth;   /* controller write queue entries per channel */
        uint32_t write_high, write_low;   /* write drain watermarks (writes queued) */
        uint32_t row_kb;         /* row (page) size per bank */
        xl_dram_map_t mapping;   /* linear | xor (rows permute channel and bank) */
        uint32_t ctrl_latency;   /* controller + interconnect, GPU cycles, each way */
        xl_dsched_kind_t sched;  /* frfcfs | gsn: the controller's queues */
        uint32_t golden_entries, silver_entries, normal_entries;   /* gsn, per channel */
        xl_gq_overflow_t gq_overflow;   /* gsn: to_nq | backpressure */
        uint32_t gq_strict_head; /* gsn: 1 = only the Golden queue's head may issue */
        uint32_t silver_timeout; /* gsn: DRAM clocks without a Silver insert before the turn
                                  * passes on; 0 = never (the paper's rule) */
        uint32_t thresh_max;     /* gsn: the Silver quotas' scale, thresh_max of Eq. 1 */
    } dram;
    struct {
        uint32_t epoch;          /* GPU cycles per epoch */
        uint32_t epoch_commit;   /* cycles after an epoch boundary the new settings apply */
        uint32_t tokens;         /* 1: TLB-fill tokens and the bypass cache (§5.2) */
        uint32_t initial_tokens_pct;   /* tokens after the first epoch, % of the warps */
        uint32_t tok_thresh_pp;  /* miss-rate change that moves tokens, percentage points */
        uint32_t tok_step_pct;   /* tokens moved per epoch, % of the application's warps */
        xl_tok_policy_t tok_policy;    /* threshold | hillclimb */
        xl_tok_fill_t tok_fill;        /* any | originator */
        xl_merged_counts_t merged_counts_as;   /* miss | hit */
        uint32_t bypass_entries; /* TLB bypass cache, fully associative */
        uint32_t l2_bypass;      /* 1: address-translation-aware L2 bypass (§5.3) */
        xl_byp_mode_t byp_mode;  /* cumulative | epoch */
        uint32_t byp_period;     /* GPU cycles between bypass decisions */
        uint32_t byp_min_samples;   /* accesses a level and the data need before a decision */
        uint32_t byp_sample_period; /* byp_mode epoch: every Nth read of a bypassed level probes */
        xl_dstat_mode_t dsched_stat;   /* max | snapshot: ConPTW and WarpsStalled per epoch */
        uint32_t partition;      /* 1: Static: L2 sets, DRAM channels and memory split
                                  * equally between the applications (§7) */
    } mask;
    struct {
        uint32_t size_mb;        /* simulated physical memory */
        xl_alloc_policy_t alloc; /* sequential | random */
        uint32_t page_kb;        /* 4, 64 or 2048: page size used to map workload data */
    } mem;
    struct { uint32_t ideal; } translation;   /* 1: every translation takes one cycle */
    struct {
        uint32_t model;          /* 1: the LDS as a resource: per-work-group blocks, its port,
                                  * the segments' mode bits (MICRO'21 §4.2) */
        uint32_t size_kb;        /* per CU */
        uint32_t seg_bytes;      /* 32 | 64 (LDS_SEG64) */
        xl_lds_alloc_t alloc;    /* lazy | eager: when a block's segments turn LDS mode */
    } lds;
    struct {
        uint32_t model;          /* 1: instruction fetch through shared I-caches */
        uint32_t lines;          /* 64 B lines per I-cache, 8-way */
        uint32_t sharers;        /* CUs per I-cache */
        uint32_t instr_bytes;    /* bytes of code per instruction: a wave fetches a new line
                                  * every 64 / instr_bytes instructions */
        uint32_t miss_latency;   /* GPU cycles to fill a missing instruction line */
        uint32_t code_bytes;     /* a kernel's code size when its generator gives none */
        uint32_t tag_latency;    /* IC-mode tag access, GPU cycles */
    } icache;
    struct {
        uint32_t lds_tx;         /* 1: L1 TLB victims in idle LDS segments (§4.2) */
        xl_reach_ic_t ic_tx;     /* off | v1 | v2 | v3 | v4: L1 TLB victims in the I-cache */
        xl_reach_tags_t tags;    /* strict | ideal */
        xl_reach_conflict_t conflict;   /* rebase | bypass */
        xl_reach_hit_t hit;      /* exclusive | inclusive */
        uint32_t lds_latency;    /* Tx-mode LDS access, GPU cycles (Table 1: 35) */
        uint32_t ic_tx_latency;  /* Tx-mode I-cache tag access + decompression (Table 1: 20) */
        uint32_t mux_latency;    /* Table 1: 1 */
        uint32_t lds_wire, ic_wire;   /* extra wire latency (Fig 16b) */
        uint32_t txq;            /* translation operations queued per LDS / I-cache port */
        uint32_t max_wait;       /* cycles a lookup waits for a port before it skips the store */
        uint32_t fwd_l2;         /* 1: an instruction fill's evicted translations go to the L2 TLB */
        uint32_t sharing;        /* 1: track which CUs look up each page (Fig 14a) */
    } reach;
    struct {
        xl_paging_mode_t mode;   /* off | blocking (Mode A) | replay (Mode B) */
        uint32_t ff_per_cu;      /* F: far-fault MSHRs per CU at the GMMU (replay mode) */
        xl_paging_untracked_t untracked;   /* when dropped far-faults are replayed */
    } paging;
    struct {
        xl_uvm_engine_t engine;  /* drain: each fault issued at the drain (HPCA'16 §3); sets: transfer sets (§4.1) */
        uint32_t fault_ns;       /* L_ff: far-fault service latency, ns */
        uint32_t link_mbps;      /* PCIe bytes per microsecond (= MB/s) */
        uint32_t interval_ns;    /* T_int: transfer-set interval, ns */
        uint32_t set_pages;      /* N: pages per transfer set */
        uint32_t select_ns;      /* t_select: prefetch selection time at each close, ns */
        xl_uvm_prefetch_t prefetch;
        uint32_t window;         /* locality window, pages */
        xl_uvm_anchor_t anchor;
        xl_uvm_random_t random;
        uint32_t capacity_pct;   /* GPU memory as a share of the footprint (100: all fits) */
        xl_uvm_evict_t evict;
        xl_uvm_writeback_t writeback;
        uint32_t evict_ns;       /* L_evict: device-to-host latency, ns */
        xl_uvm_ospf_t oversub_prefetch;   /* after the warm-up: none or the locality window */
        uint32_t seq_fallback;   /* 1: the oversubscribed locality prefetch falls back to sequential */
    } uvm;
    xl_wl_params_t workload;                  /* the workload generators' parameters */
    struct {
        uint64_t seed;
        uint64_t watchdog;       /* cycles with no retired instruction before a deadlock stop */
        uint32_t max_memory_mb;  /* host memory a configuration may need (xl_config_footprint) */
        uint64_t warmup;         /* window > 0: cycles before the measured window */
        uint64_t window;         /* > 0: applications relaunch until warmup + window cycles,
                                  * then the run stops; 0: run every kernel once */
        uint32_t app0_cus;       /* > 0: the CUs of application 0 (the others split the
                                  * rest evenly); 0: an even split */
    } sim;
} xl_config_t;

/* The built-in defaults (equal to the isca18 preset). */
void xl_config_defaults(xl_config_t *c);
/* The default workload parameters (the [workload] section of xl_config_defaults). */
void xl_wl_params_defaults(xl_wl_params_t *p);
/* The workload parameters of *c: its [workload] section plus the GPU's resident wavefronts,
 * which a scaled run needs (workload.min_rounds). */
void xl_config_wl_params(const xl_config_t *c, xl_wl_params_t *p);

/* Apply an INI file on top of *c. Returns XL_OK or XL_EINPUT with a one-line
 * message "FILE:LINE: ..." in err. */
int xl_config_load_file(xl_config_t *c, const char *path, char *err, size_t errlen);
/* Apply INI text held in memory; `name` is used in messages in place of a file name. */
int xl_config_load_string(xl_config_t *c, const char *text, size_t len, const char *name,
                          char *err, size_t errlen);
/* Apply "section.key=value". */
int xl_config_set(xl_config_t *c, const char *assignment, char *err, size_t errlen);
/* Presets compiled into the binary from configs/NAME.ini. */
int xl_config_load_preset(xl_config_t *c, const char *name, char *err, size_t errlen);
unsigned xl_config_preset_count(void);
const char *xl_config_preset_name(unsigned i);
/* The first comment line of preset i, copied into buf (len bytes, cut if longer); NULL
 * when there is no preset i. */
const char *xl_config_preset_summary(unsigned i, char *buf, size_t len);

/* An unsigned integer as every key reads one: decimal digits, or 0x and hex digits;
 * nothing else (no sign, no spaces, no octal: 010 is ten). XL_EINPUT when malformed or
 * above 2^64 - 1. */
int xl_config_parse_u64(const char *s, uint64_t *v);

/* Cross-key checks (geometry, powers of two, lane counts, clocks that let a walk finish
 * within the watchdog, the host memory the system needs against sim.max_memory_mb).
 * XL_EINPUT with a message naming the key(s) on failure. */
int xl_config_validate(const xl_config_t *c, char *err, size_t errlen);
/* The host memory, in bytes, a system of configuration c allocates when created, from its
 * geometry (model/src/sys/footprint.c says what is counted); *largest (if not NULL) names
 * its largest part and *largest_bytes its size. */
uint64_t xl_config_footprint(const xl_config_t *c, const char **largest, uint64_t *largest_bytes);

/* The full effective config as INI text (every key, with its unit as a comment). */
void xl_config_write_ini(const xl_config_t *c, FILE *f);
/* As a JSON object {"section": {"key": value, ...}, ...}; indent as in stats. */
void xl_config_write_json(const xl_config_t *c, FILE *f, unsigned indent);
/* One line per key: section.key, default, unit, description (for --help-config). */
void xl_config_describe(FILE *f);

/* log2 of mem.page_kb in bytes: 12, 16 or 21 (the values config validation allows). */
static inline unsigned xl_config_page_shift(const xl_config_t *c)
{
    return c->mem.page_kb == 2048u ? XL_PAGE_SHIFT_2M
         : c->mem.page_kb == 64u   ? XL_PAGE_SHIFT_64K : XL_PAGE_SHIFT_4K;
}

#endif
