/*
 * farfault.h - far-faults of paged GPU memory at the GPU's side (HPCA'16 §3;
 * docs/papers/paged-memory.md): the GMMU's far-fault MSHRs, the per-CU count of tracked
 * far-faults, the TLB's queue of dropped (untracked) ones and their replays, and the
 * blocking baseline. Off (paging.mode = off) nothing here runs.
 *
 * Ports and order. In: a translation request whose walk found the page not present comes
 * back to the GPU (ff_nack, from tlbh_gpu_resp, at the response's cycle); the host says
 * a page is resident (ff_resident, from xl_sim_page_resident, between steps); an L1 MSHR
 * gets its translation (ff_answered, from tlbh_l1_release); a CU's page request reaches
 * its L1 TLB (ff_blocked, from tlbh_issue_page). Out: the host's far_fault callback (one
 * record per page while a far-fault MSHR waits for it); replays and queued requests go
 * back to the TLB hierarchy (tlbh_l2_access, tlbh_issue_page). Everything happens at the
 * cycle of its cause, in the order of the calls, so a run is deterministic.
 *
 * Replay (Mode B, HPCA'16 §3.2, Fig 4): for each L1 MSHR waiting on the faulted request,
 * the GMMU takes a far-fault MSHR slot of the MSHR's CU while fewer than F are taken
 * (merging CUs that wait on one page into one entry with a CU mask), and Nacks it
 * Replayable either way; an MSHR Nacked beyond F is dropped: no record, and its TLB
 * queues it and replays it itself (paging.untracked). The TLB's count of tracked Nacks
 * mirrors the GMMU's occupancy exactly, because the model delivers every GMMU-to-CU
 * message at once and in order: one counter serves both. When the page is resident the
 * entry's CUs replay their MSHRs (a new L2 TLB access and, on a miss, a new walk).
 * Blocking (Mode A, §3.1, Fig 3): every Nacked MSHR is tracked, and a CU with one waits:
 * its L1 TLB takes no lookups, hits included, until all its far-faults are resolved; its
 * page requests queue in order and go in when it unblocks.
 */
#ifndef XLAT_GPU_FARFAULT_H
#define XLAT_GPU_FARFAULT_H

#include <stdint.h>
#include <stdio.h>

#include "kernel/fifo.h"
#include "kernel/mtab.h"
#include "xlat/config.h"
#include "xlat/stats.h"

typedef struct xl_sim xl_sim_t;

/* An L1 MSHR's far-fault state. */
enum { FF_WALK = 0, FF_TRACKED = 1, FF_UNTRACKED = 2, FF_REPLAY = 3 };

typedef struct {
    uint64_t cus;            /* CUs whose tracked far-fault waits on the page (bit c) */
    uint64_t t_alloc;        /* cycle the entry was taken */
} ff_ent_t;

typedef struct {
    xl_paging_mode_t mode;
    xl_paging_untracked_t policy;
    uint32_t F, ncu, l1_mshrs;
    uint8_t *st;              /* [l1mshr_t.id]: FF_* */
    uint32_t *occ;            /* [cu]: tracked far-faults (= the TLB's count of tracked Nacks) */
    uint32_t *inflight;       /* [cu]: replays of untracked far-faults in flight */
    fifo_t *untracked;        /* [cu]: L1 MSHR ids Nacked untracked, oldest first */
    fifo_t *blockq;           /* [cu]: blocking: page requests (preq_t.id) held back */
    uint64_t *blocked_since;  /* [cu]: blocking: cycle its TLB stopped, UINT64_MAX if not */
    mtab_t t;                 /* far-fault MSHRs by treq_key(asid, vpn) */
    ff_ent_t *e;
    /* counters */
    uint64_t nacks;           /* L1 MSHRs Nacked: tracked + dropped */
    uint64_t dropped;         /* Nacked beyond F: untracked */
    uint64_t records;         /* far-fault MSHRs taken: records reported to the host */
    uint64_t merged_cus;      /* tracked Nacks that joined an entry of their page */
    uint64_t replays;         /* tracked MSHRs replayed after their page was resident */
    uint64_t untracked_replays;   /* untracked MSHRs the TLB replayed itself */
    uint64_t resident_calls;  /* xl_sim_page_resident calls that resolved an entry */
    uint64_t lat_sum, lat_max;    /* entry taken to page resident, cycles */
    uint64_t occ_peak;        /* most far-fault MSHRs taken at once, all CUs */
    uint64_t blocked_cycles;  /* blocking: CU cycles with the L1 TLB stopped, summed */
    uint64_t rewalks;         /* L1 MSHRs whose walk came back stale (a shootdown while out) */
} ff_t;

int  ff_init(ff_t *f, const xl_config_t *cfg, uint32_t ncu, char *err, size_t errlen);
void ff_free(ff_t *f);
static inline int ff_on(const ff_t *f) { return f->mode != XL_PAGING_OFF; }
/* Translation request k came back not present: Nack its L1 MSHRs (the caller frees k). */
void ff_nack(xl_sim_t *g, uint32_t k);
/* The host made (asid, vpn) resident: replay what waits on it. Returns the CUs told. */
uint32_t ff_resident(xl_sim_t *g, uint16_t asid, uint64_t vpn);
/* L1 MSHR id got its translation (before it is released). */
void ff_answered(xl_sim_t *g, uint32_t id);
/* Blocking: is CU c's L1 TLB stopped? Then page request p waits (queued here): 1. */
int  ff_hold(xl_sim_t *g, uint32_t c, uint32_t p);
void ff_stats(const xl_sim_t *g, xl_stats_t *s);
void ff_waits(const xl_sim_t *g, FILE *out);

#endif
