/*
 * treq.h - the translation request (docs/architecture.md §3): one page of one memory
 * instruction that missed in the GPU's L2 TLB, from its L2 MSHR through the link, the
 * IOMMU TLBs and the walk path, back to the L2 TLB. Requests live in one pool of
 * l2tlb.mshrs entries (an entry is held exactly as long as its L2 MSHR); a request is
 * named by a handle, treq_h, its index in the pool: the tag it carries through the walk
 * path and the FIFOs of the link and the IOMMU.
 */
#ifndef XLAT_SYS_TREQ_H
#define XLAT_SYS_TREQ_H

#include <stdint.h>

#include "gpu/cu.h"
#include "xlat/types.h"

typedef struct {
    uint64_t vpn;
    uint16_t asid;           /* its application's address space */
    uint32_t head;           /* L2 MSHR waiters (tlbh.h l2w_t), a list */
    preq_t owner;            /* the page request that missed first (cu.h) ... */
    uint32_t instr_id;       /* ... and its instruction, for that instruction's walk metrics */
    uint8_t app;             /* its application (the ASID's, app + 1) */
    uint8_t fault;           /* its walk found the page not present (paging.mode) */
    uint8_t stale;           /* a shootdown of its page came while it was out (paging.mode) */
    uint8_t token;           /* MASK §5.2: fill the L2 TLB (1) or the bypass cache (0);
                              * the token bits of its merged requests ORed (mask.tok_fill
                              * = any) or the first one's (originator) */
    uint32_t warps;          /* L1 MSHRs (warps) merged into it, the first included: MASK
                              * §5.4's WarpsStalled, Fig 6 */
    uint64_t t_iommu;        /* arrival at the IOMMU */
    uint64_t t_dispatch;     /* its walk started */
    uint64_t arr_idx;        /* order among walk-scheduler arrivals */
    uint32_t nbhd;           /* its level-1 neighbourhood node while in the IOMMU */
    xl_pa_t pa;              /* page frame when done */
} treq_t;

/* A translation request's handle: entry id of the pool (xl_sim.req), L2 MSHR id. */
typedef struct { uint32_t id; } treq_h;

static inline treq_t *treq_at(treq_t *pool, treq_h h) { return &pool[h.id]; }

/* The L2 MSHR key of (asid, vpn): page numbers are below 2^36 (48-bit VAs, 4 KB pages). */
static inline uint64_t treq_key(uint16_t asid, uint64_t vpn) { return (uint64_t)asid << 48 | vpn; }

#endif
