/*
 * vstore.h - MICRO'21's LDS and I-cache in the timed GPU, and their use as victim TLBs
 * (Kotra et al., MICRO'21 §4.2-§4.4, §7.1; docs/papers/translation-reach.md): each CU's
 * LDS (work-group blocks, its port, the LDS-TX store of lds_tx.h), each I-cache shared by
 * icache.sharers CUs (its port, instruction fetch, the IC-TX store of icache_tx.h), the
 * lookups an L1 TLB miss makes in them, the fill chain of an L1 TLB victim (Fig 12), the
 * kernel-boundary flush (§4.3) and the record of which CUs use each page (Fig 14a).
 *
 * Ports ([I], the paper argues only that they idle for tens of cycles): one port per
 * LDS and per I-cache, granted in request order; a native access (an LDS instruction,
 * an instruction fetch) takes it for its cycles at the first free cycle; a translation
 * operation (lookup 1 read, + 1 write on an exclusive hit; fill 1 read + 1 write) takes
 * it the same way, but only while fewer than reach.txq translation operations wait for
 * it, and a lookup only if it would wait at most reach.max_wait cycles: otherwise the
 * lookup skips the store (counted as a port bypass) and a fill treats the store as
 * unavailable (the LDS as in LDS mode, the I-cache as in IC mode), as spec'd by the
 * project (§3.6, §4.6 of docs/papers/translation-reach.md). The paper's rule that native
 * accesses always win is approximated by the order: a granted translation cycle is not
 * pre-empted, so a native access waits behind at most reach.txq of them.
 *
 * Timing of the stores ([I]): a lookup or fill reads and changes the store when it is
 * requested; its result is due at the port's grant plus the latency (LDS
 * reach.lds_latency + reach.mux_latency + reach.lds_wire; I-cache as icache_tx.h's
 * lookup returns it). The fill chain runs at the L1 TLB fill, off the critical path.
 *
 * Instruction fetch ([I], MICRO'21 gives no front end): a wavefront fetches a new 64 B
 * line every 64 / icache.instr_bytes instructions; its kernel's code is one loop over
 * code_bytes (line k of fetch k mod lines), at an address of its own per application
 * and code object. A hit costs the port cycle only (the instruction buffer hides the tag
 * access); a miss fills the line at once and the wavefront waits icache.tag_latency +
 * icache.miss_latency; a fetch that hits a line still being filled waits for it.
 */
#ifndef XLAT_GPU_VSTORE_H
#define XLAT_GPU_VSTORE_H

#include <stdint.h>
#include <stdio.h>

#include "xlat/config.h"
#include "xlat/icache_tx.h"
#include "xlat/lds_tx.h"
#include "xlat/sim.h"
#include "xlat/stats.h"
#include "xlat/workload.h"

typedef struct xl_sim xl_sim_t;

#define VS_TXQ_MAX  64u   /* reach.txq's largest value */
#define VS_GAPS     12u   /* idle-gap histogram: 0, 1, 2-3, 4-7, ..., >= 1024 cycles */

/* One port (LDS or I-cache). */
typedef struct {
    uint64_t free_at;             /* first cycle the port is free */
    uint64_t pend[VS_TXQ_MAX];    /* grant cycles of translation operations not yet begun */
    uint32_t npend;
    uint64_t last_native;         /* end of the last native access (0: none yet) */
    uint64_t native_busy, tx_busy;   /* cycles granted: native accesses; translation
                                      * operations and scrubs */
    uint64_t native_wait;         /* cycles native accesses waited for the port */
    uint64_t natives;
    uint64_t gap[VS_GAPS];        /* idle cycles between consecutive native accesses (Fig 4b, 5b) */
    uint64_t byp_full, byp_wait;  /* lookups that skipped the store: queue full, too long a wait */
    uint64_t lk_wait;             /* cycles granted lookups waited for the port */
    uint64_t fill_full;           /* fills that found the queue full */
} vs_port_t;

/* Time-weighted count of valid translations (Fig 15): sum of valid x cycles. */
typedef struct { uint64_t last, acc; } vs_occ_t;

typedef struct {
    xl_ldstx_t st;
    vs_port_t port;
    vs_occ_t occ;
    uint8_t *used;                /* per segment: in a live work-group's block */
    uint32_t segs, seg_bytes;
    uint64_t allocs, alloc_bytes, alloc_waits;   /* blocks given, their bytes, dispatches refused */
    uint64_t lk_hit, lk_miss, lk_mode;           /* lookups: hit, miss in Tx, LDS-mode segment */
    uint64_t promote;             /* hits promoted to the L1 TLB */
} vs_lds_t;

typedef struct {
    xl_ictx_t st;
    vs_port_t port;
    vs_occ_t occ;
    uint64_t *ready;              /* per line: the cycle its instructions arrive */
    uint64_t fetches, fmiss, fwait;   /* instruction fetches, misses, cycles waves waited */
    uint64_t lk_hit, lk_miss, lk_ic, lk_inv;   /* lookups: hit, Tx miss, IC line, invalid line */
    uint64_t promote;
} vs_ic_t;

/* Fill-chain flows of an L1 victim (Fig 12's labels). */
enum {
    VS_F_LDS_FREE,      /* 1-2-4: into a free LDS way (or updated in place) */
    VS_F_LDS_EVICT,     /* 1-2-4-5-6: into the LDS, its victim on to the I-cache stage */
    VS_F_LDS_BYP,       /* 1-2-3-6: LDS mode (or port full / conflict): on to the I-cache stage */
    VS_F_IC_IN,         /* 6-7-8: into the I-cache without a victim */
    VS_F_IC_EVICT,      /* 8-10-11: into the I-cache, its victim to the L2 TLB */
    VS_F_IC_BYP,        /* 7-9-10: IC-mode line (or port full / conflict): to the L2 TLB */
    VS_F_L2,            /* 10-11: entries inserted into the L2 TLB by the chain */
    VS_F_L2_FWD,        /* translations of Tx lines evicted by instructions, to the L2 TLB */
    VS_NFLOWS
};

/* A translation leaving the chain for the L2 TLB. */
typedef struct { uint16_t asid; uint64_t vpn, frame; } vs_out_t;

typedef enum { VS_LK_SKIP = 0, VS_LK_HIT = 1, VS_LK_MISS = 2 } vs_lk_t;
typedef struct {
    vs_lk_t res;
    uint64_t done;      /* cycle the result (hit or miss) is known */
    uint64_t frame;     /* on a hit */
} vs_look_t;

typedef struct {
    int lds_on, ic_on;            /* lds.model, icache.model */
    int ldstx, ictx;              /* reach.lds_tx, reach.ic_tx != off */
    uint32_t ncu, nic, sharers;
    unsigned page_shift;
    uint32_t lds_lat;             /* Tx lookup latency: lds_latency + mux + wire */
    uint32_t txq, max_wait;
    int exclusive;
    vs_lds_t *lds;                /* [cu] (lds.model) */
    vs_ic_t *ic;                  /* [cu / sharers] (icache.model) */
    uint32_t last_code[XL_SIM_MAX_APPS];   /* code id of each application's last kernel */
    uint64_t kflushes, kflush_lines;
    uint64_t shot;                /* copies shootdowns dropped here */
    uint64_t flow[VS_NFLOWS];
    /* pages looked up, with the CUs that looked each up (reach.sharing): open addressing */
    int sh_on;
    uint64_t *sh_key, *sh_mask;
    uint64_t sh_cap, sh_n;
} vstore_t;

int  vs_init(vstore_t *v, const xl_config_t *cfg, unsigned page_shift, char *err, size_t errlen);
void vs_free(vstore_t *v);

static inline vs_ic_t *vs_ic_of(vstore_t *v, uint32_t cu) { return &v->ic[cu / v->sharers]; }

/* ---- native side (cu.c, dispatch.c) */

/* A work-group of the CU wants `bytes` of LDS: 1 and *base when a contiguous block of
 * segments is free (first fit), 0 when not now. eager: its segments turn LDS mode now. */
int  vs_lds_alloc(vstore_t *v, uint32_t cu, uint32_t bytes, int eager, uint32_t *base,
                  uint64_t now);
/* The block is free again: its LDS-mode segments are scrubbed (zero tag block, Tx mode:
 * rule 5 of lds_tx.h), each a translation write at the port. */
void vs_lds_release(vstore_t *v, uint32_t cu, uint32_t base, uint32_t bytes, uint64_t now);
/* An LDS instruction of a wavefront whose work-group's block is `bytes` at base: the
 * cycle its access begins (the port's first free cycle). Stores turn their segments LDS
 * mode; an address-less instruction (in->bytes = 0) turns the whole block LDS mode the
 * first time (*all records it), since the model cannot tell what it writes. */
uint64_t vs_lds_native(vstore_t *v, uint32_t cu, const xl_instr_t *in, uint32_t base,
                       uint32_t bytes, uint8_t *all, uint64_t now);
/* An instruction fetch of line `addr` by a wavefront of the CU at cycle now: the cycle
 * it may issue on. The translations an instruction fill evicts go to out (reach.fwd_l2),
 * *nout of them (at most XL_ICTX_SUBS). */
uint64_t vs_ifetch(vstore_t *v, const xl_config_t *cfg, uint32_t cu, uint64_t addr,
                   uint64_t now, vs_out_t *out, uint32_t *nout);
/* Application app starts a kernel of code object code_id: under reach.ic_tx = v4, a
 * different code object than its last kernel's flushes every I-cache's IC-mode lines. */
void vs_kernel_start(vstore_t *v, const xl_config_t *cfg, uint32_t app, uint32_t code_id);
/* The instruction address of line k of code object code_id of the application with
 * address space asid ([I]: each its own 1 MB, each application its own 4 GB). */
static inline uint64_t vs_code_addr(uint16_t asid, uint32_t code_id, uint64_t k)
{
    return ((uint64_t)asid << 32) | ((uint64_t)(code_id & 0xFFFu) << 20) | ((k & 0x3FFFu) << 6);
}

/* ---- translation side (tlbh.c) */

/* Lookups after an L1 TLB miss at cycle now: the LDS of the CU, then its I-cache. */
void vs_lds_lookup(vstore_t *v, uint32_t cu, uint16_t asid, uint64_t vpn, uint64_t now,
                   vs_look_t *r);
void vs_ic_lookup(vstore_t *v, uint32_t cu, uint16_t asid, uint64_t vpn, uint64_t now,
                  vs_look_t *r);
/* The fill chain of the CU's L1 TLB victim (asid, vpn, frame) at cycle now: 1 and *out
 * when a translation leaves it for the L2 TLB, 0 when the stores kept it. */
int  vs_fill(vstore_t *v, uint32_t cu, uint16_t asid, uint64_t vpn, uint64_t frame,
             uint64_t now, vs_out_t *out);

/* A shootdown of (asid, vpn) at every LDS and I-cache (MICRO'21 §7.1): the copies
 * dropped. Each costs its store's port a read (and a write when found), as lds_tx.h and
 * icache_tx.h count them. */
uint64_t vs_shootdown(vstore_t *v, uint16_t asid, uint64_t vpn);
/* A page looked up by the CU (reach.sharing). 0, or XL_EINTERNAL when out of memory. */
int  vs_share_note(vstore_t *v, uint16_t asid, uint64_t vpn, uint32_t cu);

void vs_stats(const vstore_t *v, uint64_t now, xl_stats_t *s);
void vs_waits(const vstore_t *v, FILE *f);

#endif
