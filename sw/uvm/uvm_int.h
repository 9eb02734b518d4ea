/*
 * uvm_int.h - what the paging runtime's modules (uvm.c, uvm_pf.c, uvm_evict.c,
 * uvm_link.c) share and nobody else uses; the API is sw/include/xlat/uvm.h.
 */
#ifndef XLAT_UVM_INT_H
#define XLAT_UVM_INT_H

#include "xlat/uvm.h"

#define XL_UVM_NONE UINT32_MAX

/* uvm_link.c: the growable FIFO and the two pipes (HPCA'16 §2, §4.1) */
int  uvm_q_push(xl_uvm_q_t *q, uint64_t a, uint64_t b);
void uvm_q_front(const xl_uvm_q_t *q, uint64_t *a, uint64_t *b);
void uvm_q_pop(xl_uvm_q_t *q);
void uvm_q_free(xl_uvm_q_t *q);
/* Issue page (in frame) at t; returns its completion. */
uint64_t uvm_h2d_issue(xl_uvm_t *rt, uint32_t page, uint32_t frame, uint64_t t);
uint64_t uvm_d2h_issue(xl_uvm_t *rt, uint32_t page, uint32_t frame, uint64_t t);

/* uvm_evict.c: frames, the LRU list, victims (HPCA'16 §5.1) */
int  uvm_frames_init(xl_uvm_t *rt);
/* Frames a set may still take now: free ones plus resident (evictable) pages. */
uint64_t uvm_frames_available(const xl_uvm_t *rt);
/* A frame for a page about to be issued at t, evicting a victim if none is free. */
uint32_t uvm_reserve_frame(xl_uvm_t *rt, uint64_t t, const xl_uvm_cb_t *cb);
void uvm_resident(xl_uvm_t *rt, uint32_t page, uint64_t t);   /* arrival: GPU, LRU, fenwick */
void uvm_lru_touch(xl_uvm_t *rt, uint32_t page, uint64_t t);

/* uvm_pf.c: the prefetch policies (HPCA'16 §4.2) */
int  uvm_pf_init(xl_uvm_t *rt, char *err, size_t errlen);
/* Add up to need candidates of policy to the set (src is the source recorded); returns
 * how many were added. fallback: locality continues with the sequential cursor. */
uint32_t uvm_pf_fill(xl_uvm_t *rt, xl_uvm_prefetch_t policy, uint32_t need, uint8_t src,
                     int fallback);
/* A page may join the set: CPU-resident and not in it already. */
int  uvm_eligible(const xl_uvm_t *rt, uint32_t page);
void uvm_set_add(xl_uvm_t *rt, uint32_t page, uint8_t src);
/* An evicted page behind the sequential cursor moves it back. */
void uvm_pf_evicted(xl_uvm_t *rt, uint32_t page);

/* uvm.c */
int64_t uvm_page_index(const xl_uvm_t *rt, uint64_t vpn);

#endif
