/*
 * tlbh.h - the GPU's TLB hierarchy (docs/isca18-micro18.md §1.1, §1.5 steps 3-4 and 9,
 * §7.1): one L1 TLB per CU and the shared L2 TLB, each with MSHRs that merge misses of
 * one page, and the waits for a free MSHR. An L2 miss takes a translation request
 * (treq.h) and crosses the link to the IOMMU; the answer fills the L2 TLB, then every L1
 * TLB that waits for it, and releases the waiting pages' data accesses (cu_deliver).
 * With MASK's TLB-fill tokens (ASPLOS'18 §5.2; tokens.h) a walk of a request without a
 * token fills the bypass cache instead, and lookups probe both.
 */
#ifndef XLAT_GPU_TLBH_H
#define XLAT_GPU_TLBH_H

#include <stdint.h>

#include "gpu/cu.h"
#include "gpu/farfault.h"
#include "gpu/tokens.h"
#include "gpu/vstore.h"
#include "kernel/fifo.h"
#include "kernel/mtab.h"
#include "sys/treq.h"
#include "xlat/config.h"
#include "xlat/tlb.h"

typedef struct xl_sim xl_sim_t;

/* An L1 MSHR: MSHR m of CU c's L1 TLB, id = c * l1tlb.mshrs + m, what waits in the L2
 * TLB's MSHRs and what its answer comes back to. */
typedef struct { uint32_t id; } l1mshr_t;

typedef struct { preq_t req; uint32_t next; } l1w_t;      /* L1 MSHR waiter: a page request */
typedef struct { l1mshr_t mshr; uint32_t next; } l2w_t;   /* L2 MSHR waiter: an L1 MSHR */

typedef struct {
    uint64_t vpn;
    uint32_t head;           /* waiter list */
} l1m_t;

/* One CU's L1 TLB with its MSHRs. */
typedef struct {
    xl_tlb_t tlb;
    l1m_t *m;                /* l1tlb.mshrs */
    mtab_t t;                /* the MSHRs by page */
    l1w_t *w;                /* waiters: a pool of records x lanes */
    uint32_t w_free;
    fifo_t retry;            /* misses waiting for a free MSHR: page requests (preq_t.id) */
} l1tlb_t;

typedef struct {
    l1tlb_t *l1;              /* [cu] */
    uint32_t ncu;
    uint32_t l1_mshrs;        /* per CU */
    uint32_t *mshr_cu;        /* [l1mshr_t.id]: its CU */
    xl_tlb_t l2;
    int has_l2;               /* l2tlb.entries > 0; 0: no shared L2 TLB (MASK's PWCache
                               * design): L1 misses go straight to the L2 MSHRs */
    tok_unit_t mk;            /* MASK's tokens, bypass cache, epoch unit, counters (tokens.h) */
    uint32_t l2_port_used;
    uint64_t l2_port_cycle;
    mtab_t l2t;               /* the L2 MSHRs by page; entry k is translation request k */
    l2w_t *l2w;
    uint32_t l2w_free;
    fifo_t l2_retry;          /* L1 MSHRs (l1mshr_t.id) waiting for an L2 MSHR */
    /* Fig 12 epoch tracking */
    uint64_t *seen_epoch, *seen_uid;
    uint64_t epoch, epoch_acc, epoch_distinct, epoch_sum, epochs;
    /* counters */
    uint64_t l1_merges;       /* L1 TLB misses merged into an existing MSHR */
    uint64_t l1_mshr_full;    /* L1 TLB misses that waited for a free MSHR */
    uint64_t l2_merges;       /* L2 TLB misses merged into an existing MSHR */
    uint64_t l2_mshr_full;    /* L2 TLB misses that waited for a free MSHR */
    uint64_t l2_acc, l2_hit, l2_miss;
    uint64_t shootdowns, shot;  /* xl_sim_shootdown calls, the copies they dropped here */
    ff_t ff;                  /* HPCA'16 far-faults (paging.mode; farfault.h) */
} tlbh_t;

static inline l1mshr_t l1mshr_of(const tlbh_t *t, uint32_t c, uint32_t m)
{
    return (l1mshr_t){c * t->l1_mshrs + m};
}
static inline uint32_t l1mshr_cu(const tlbh_t *t, l1mshr_t h) { return t->mshr_cu[h.id]; }
static inline uint32_t l1mshr_idx(const tlbh_t *t, l1mshr_t h)
{
    return h.id - t->mshr_cu[h.id] * t->l1_mshrs;
}

/* Waiter record w of an L2 MSHR's list goes back to the pool: its L1 MSHR in *m; returns
 * the next record of the list. */
static inline uint32_t tlbh_l2w_take(tlbh_t *t, uint32_t w, l1mshr_t *m)
{
    uint32_t nx = t->l2w[w].next;
    *m = t->l2w[w].mshr;
    t->l2w[w].next = t->l2w_free;
    t->l2w_free = w;
    return nx;
}

/* rpc: memory records per CU (cu.h); slots: wavefront slots of the whole GPU. */
int  tlbh_init(tlbh_t *t, const xl_config_t *cfg, uint32_t ncu, uint32_t rpc, uint32_t slots,
               char *err, size_t errlen);
void tlbh_free(tlbh_t *t);

/* Step 3: page request h asks its CU's L1 TLB at cycle t (retry: a miss that waited for
 * an MSHR, counted already). */
void tlbh_issue_page(xl_sim_t *g, preq_t h, uint64_t t, int retry);
/* MICRO'21 §4.4: L1 MSHR h's lookup in its CU's LDS (stage 0) or I-cache (stage 1). */
void tlbh_vlookup(xl_sim_t *g, l1mshr_t h, unsigned stage);
/* The fill chain of CU c's L1 TLB victim v (Fig 12). */
void tlbh_victim(xl_sim_t *g, uint32_t c, const xl_tlb_entry_t *v);
/* n translations for the shared L2 TLB (an I-cache's evicted Tx line, reach.fwd_l2). */
void tlbh_l2_forward(xl_sim_t *g, const vs_out_t *o, uint32_t n);
/* L1 MSHR h at the L2 TLB (reserved: its port was taken in an earlier cycle). */
void tlbh_l2_access(xl_sim_t *g, l1mshr_t h, int reserved);
/* L1 MSHR h has its frame: fill, deliver to every waiting page request, retry waiters. */
void tlbh_l1_release(xl_sim_t *g, l1mshr_t h, xl_pa_t frame);
/* Step 9: translation request k is back at the GPU. */
void tlbh_gpu_resp(xl_sim_t *g, treq_h k);
/* MASK's epoch unit (ASPLOS'18 §5.2, §5.4; docs/papers/mask.md): phase 0 at every
 * mask.epoch boundary, phase 1 mask.epoch_commit cycles later, when the new token counts
 * and Silver quotas take effect. Called only when mask.tokens or dram.sched = gsn. */
void tlbh_epoch(xl_sim_t *g, unsigned phase);
/* A shootdown (xl_sim_shootdown): (asid, va) leaves every L1 TLB, the L2 TLB and the
 * bypass cache; the copies dropped. */
uint64_t tlbh_shootdown(xl_sim_t *g, uint16_t asid, xl_va_t va);
/* HPCA'16 far-faults (farfault.h): is paging on? */
static inline int tlbh_paging(const tlbh_t *t) { return ff_on(&t->ff); }
/* The L1 and L2 TLBs' counters. */
void tlbh_stats(const xl_sim_t *g, xl_stats_t *s);
/* The watchdog's report of the miss queues. */
void tlbh_waits(const xl_sim_t *g, FILE *f);

#endif
