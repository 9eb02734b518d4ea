/*
 * repl.h - the replacement policies of every cache and TLB of the model, in one place:
 * tree-PLRU (the TLBs' plru option, the page-walk caches, docs/isca18-micro18.md §1.2 and
 * §2.6), and LRU in the three forms the model keeps it (docs/isca18-micro18.md §1.1: the
 * TLBs' lru option and the data caches): per-entry time stamps, a recency list per set,
 * and, for sets of at most 16 ways, the whole recency order in one 64-bit word.
 *
 * Header-only (static inline): the callers' hot paths inline it, and a C twin built
 * alone (the Verilator lockstep of pwc.c) needs no other file. Integer arithmetic only;
 * every tie has a rule (docs/design.md twin contract).
 *
 * What a policy does not decide is the caller's: every cache and TLB of the model takes an
 * invalid way before any valid one, the lowest index first, and asks a policy only
 * for the victim among valid ways (the stamp victim below folds that rule in).
 *
 * Tree-PLRU (xl_repl_plru_*), ways a power of two, at most 64: one byte per internal
 * node, heap order (node 1 is the root, node n has children 2n and 2n+1; leaves
 * ways .. 2 ways - 1 are ways 0 .. ways - 1), bits[0] unused. A node's bit 0 means "the
 * victim is on the left", 1 "on the right"; a use points every node on the way's path
 * away from it. Bits start at 0, so a fresh set's first victim is way 0; one way has no
 * node and is always the victim.
 *
 * LRU by stamps (xl_repl_stamp_*): a clock counts uses; a use writes ++clock into the
 * way's stamp, so stamps are unique and the least recently used way has the smallest.
 * A stamp of 0 means never used, and the victim is the smallest stamp, lowest index on
 * a tie: with ways that are never invalidated (stamp 0 exactly while invalid), the
 * lowest invalid way, else the least recently used.
 *
 * LRU list (xl_repl_list_*): a set's used ways doubly linked in order of last use, way
 * numbers as 16-bit links (at most 65535 ways; XL_REPL_NIL ends the list): prev[w]
 * toward the most recent, next[w] toward the least; *mru and *lru are the ends
 * (XL_REPL_NIL while the list is empty). prev and next point at the set's first way.
 * A use moves one way to the front and the victim is *lru, both in constant time, in
 * the order that stamps would give.
 *
 * LRU ring (xl_repl_ring_*): the same order with 32-bit entry numbers, closed into a ring
 * (the tail's next is the head), so replacing the least recent entry by a new most
 * recent one is a turn of the ring and writes no link. The links are an xl_repl_ring_t
 * inside each of the caller's records (`stride` bytes apart; `links` is the first
 * record's), so a use touches the entry's own host cache line only (tlb.h).
 *
 * LRU order word (xl_repl_order16_*), at most 16 ways: nibble i of a 64-bit word is the
 * way of rank i in the recency order (nibble 0 the most recent); with n ways in use,
 * nibbles 0 .. n - 1 hold them and the nibbles above are stale, never read as ways. A
 * set's whole order then fits in one word, beside its tags.
 */
#ifndef XLAT_REPL_H
#define XLAT_REPL_H

#include "xlat/types.h"

/* The TLBs' policy option (tlb.h, config l1tlb.repl and l2tlb.repl). */
typedef enum { XL_REPL_LRU = 0, XL_REPL_PLRU = 1 } xl_repl_t;

/* ------------------------------------------------------------ tree-PLRU */

/* Follow the bits from the root: bit 0 -> left child 2n, bit 1 -> right child 2n+1; the
 * leaf reached is the victim. */
static inline unsigned xl_repl_plru_victim(const uint8_t *bits, unsigned ways)
{
    unsigned n = 1u;
    while (n < ways)
        n = 2u * n + (bits[n] ? 1u : 0u);
    return n - ways;
}

/* Point every node on the way's path away from it: a path through a left child (even
 * node) sets its parent's bit to 1 ("victim on the right"), else 0. Only those nodes
 * are written, each with a value fixed by the way, so touching the same way twice in a
 * row changes nothing the second time (a caller may skip it). */
static inline void xl_repl_plru_touch(uint8_t *bits, unsigned ways, unsigned way)
{
    unsigned n = ways + way;
    while (n > 1u) {
        unsigned parent = n >> 1;
        bits[parent] = (uint8_t)((n & 1u) ? 0u : 1u);
        n = parent;
    }
}

/* Mask of the ways under node n. */
static inline uint64_t xl_repl_plru_subtree(unsigned n, unsigned ways)
{
    unsigned lo = n, width = 1u;
    while (lo < ways) {
        lo *= 2u;
        width *= 2u;
    }
    if (width >= 64u)
        return ~UINT64_C(0);
    return ((UINT64_C(1) << width) - 1u) << (lo - ways);
}

/* The PLRU victim among the ways of mask `allowed` (not 0): from the root, take the
 * child the bits point to unless its subtree holds no allowed way, then the other
 * (which must hold one). The leaf reached is allowed; when the plain victim is allowed
 * the two agree. The page-walk caches' counter-aware replacement (pwc.c, §2.6: allowed
 * = the ways whose pending counter is 0). */
static inline unsigned xl_repl_plru_victim_in(const uint8_t *bits, unsigned ways,
                                              uint64_t allowed)
{
    unsigned n = 1u;
    while (n < ways) {
        unsigned pref = 2u * n + (bits[n] ? 1u : 0u);
        n = (allowed & xl_repl_plru_subtree(pref, ways)) != 0u ? pref : pref ^ 1u;
    }
    return n - ways;
}

/* ------------------------------------------------------------ LRU by stamps */

/* A use of the way whose stamp is *stamp. */
static inline void xl_repl_stamp_touch(uint64_t *stamp, uint64_t *clock)
{
    *stamp = ++*clock;
}

/* The way with the smallest stamp, the lowest index on a tie (0: never used). */
static inline unsigned xl_repl_stamp_victim(const uint64_t *stamp, unsigned ways)
{
    unsigned w, v = 0;
    for (w = 1; w < ways; w++)
        if (stamp[w] < stamp[v])
            v = w;
    return v;
}

/* ------------------------------------------------------------ LRU list */

#define XL_REPL_NIL 0xFFFFu

/* Way w, not in the list, becomes its most recent. */
static inline void xl_repl_list_push(uint16_t *prev, uint16_t *next, uint16_t *mru,
                                     uint16_t *lru, unsigned w)
{
    prev[w] = XL_REPL_NIL;
    next[w] = *mru;
    if (*mru == XL_REPL_NIL)
        *lru = (uint16_t)w;
    else
        prev[*mru] = (uint16_t)w;
    *mru = (uint16_t)w;
}

/* A use of way w, in the list: it becomes the most recent. The victim of a full set is
 * *lru; replacing it is a touch of that way. */
static inline void xl_repl_list_touch(uint16_t *prev, uint16_t *next, uint16_t *mru,
                                      uint16_t *lru, unsigned w)
{
    uint16_t p, n;
    if (*mru == w)
        return;
    p = prev[w];                       /* w is not the front: p is a way */
    n = next[w];
    next[p] = n;
    if (n == XL_REPL_NIL)
        *lru = p;
    else
        prev[n] = p;
    prev[w] = XL_REPL_NIL;
    next[w] = *mru;
    prev[*mru] = (uint16_t)w;
    *mru = (uint16_t)w;
}

/* Way w, in the list, leaves it (an invalidated line: HPCA'16 §5.1's selective flush of
 * an evicted page, l1d_inv_range and l2c_inv). */
static inline void xl_repl_list_remove(uint16_t *prev, uint16_t *next, uint16_t *mru,
                                       uint16_t *lru, unsigned w)
{
    uint16_t p = prev[w], n = next[w];
    if (p == XL_REPL_NIL)
        *mru = n;
    else
        next[p] = n;
    if (n == XL_REPL_NIL)
        *lru = p;
    else
        prev[n] = p;
    prev[w] = next[w] = XL_REPL_NIL;
}

/* ------------------------------------------------------------ LRU ring */

#define XL_REPL_RING_NIL UINT32_MAX

typedef struct {
    uint32_t prev, next;   /* toward the more recent / the less recent entry (cyclic) */
} xl_repl_ring_t;

/* The links of entry i. */
static inline xl_repl_ring_t *xl_repl_ring_at(void *links, size_t stride, uint32_t i)
{
    return (xl_repl_ring_t *)(void *)((char *)links + (size_t)i * stride);
}

/* Entry i, not in the ring, becomes its most recent (*head; *tail the least recent,
 * both XL_REPL_RING_NIL while the ring is empty). */
static inline void xl_repl_ring_push(void *links, size_t stride, uint32_t *head,
                                     uint32_t *tail, uint32_t i)
{
    xl_repl_ring_t *e = xl_repl_ring_at(links, stride, i);
    uint32_t hd = *head, tl = *tail;
    if (hd == XL_REPL_RING_NIL) {
        e->prev = e->next = i;
        *head = *tail = i;
        return;
    }
    e->prev = tl;
    e->next = hd;
    xl_repl_ring_at(links, stride, hd)->prev = i;
    xl_repl_ring_at(links, stride, tl)->next = i;
    *head = i;
}

/* Entry i leaves the ring. */
static inline void xl_repl_ring_unlink(void *links, size_t stride, uint32_t *head,
                                       uint32_t *tail, uint32_t i)
{
    xl_repl_ring_t *e = xl_repl_ring_at(links, stride, i);
    uint32_t pv = e->prev, nx = e->next;
    if (nx == i) {   /* the only entry */
        *head = *tail = XL_REPL_RING_NIL;
        return;
    }
    xl_repl_ring_at(links, stride, pv)->next = nx;
    xl_repl_ring_at(links, stride, nx)->prev = pv;
    if (*head == i)
        *head = nx;
    if (*tail == i)
        *tail = pv;
}

/* A use of entry i, in the ring: it becomes the most recent. The least recent (the
 * tail) only turns the ring by one. */
static inline void xl_repl_ring_touch(void *links, size_t stride, uint32_t *head,
                                      uint32_t *tail, uint32_t i)
{
    if (*head == i)
        return;
    if (*tail == i) {
        *head = i;
        *tail = xl_repl_ring_at(links, stride, i)->prev;
        return;
    }
    xl_repl_ring_unlink(links, stride, head, tail, i);
    xl_repl_ring_push(links, stride, head, tail, i);
}

/* The least recent entry of a non-empty ring, made the most recent (a turn): the victim
 * of a full set, which its new contents then occupy. */
static inline uint32_t xl_repl_ring_replace(void *links, size_t stride, uint32_t *head,
                                            uint32_t *tail)
{
    uint32_t i = *tail;
    *head = i;
    *tail = xl_repl_ring_at(links, stride, i)->prev;
    return i;
}

/* ------------------------------------------------------------ LRU order word */

#define XL_REPL_NIB_ONES UINT64_C(0x1111111111111111)

/* A use of way w, at some rank p among the n in use: w moves to nibble 0 and nibbles
 * 0 .. p - 1 up by one. The lowest nibble of order ^ (w * ones) that is zero is p: the
 * zero-nibble test below flags it exactly (a borrow can only add flags above a zero
 * nibble), and w occurs once among the nibbles in use, which lie below the stale ones.
 * A caller may skip the call when w is already nibble 0. */
static inline uint64_t xl_repl_order16_touch(uint64_t order, unsigned w)
{
    uint64_t x = order ^ (w * XL_REPL_NIB_ONES);
    unsigned sh = xl_ctz64((x - XL_REPL_NIB_ONES) & ~x & (XL_REPL_NIB_ONES << 3)) & ~3u;
    uint64_t below = (UINT64_C(1) << sh) - 1u;                 /* sh = 4 p */
    uint64_t above = ~((UINT64_C(16) << sh) - 1u);    /* 0 when p = 15 (16 << 60 wraps) */
    return (order & above) | (order & below) << 4 | w;
}

/* Way w, not in use, becomes the most recent: one more nibble in use. Also the
 * replacement of the least recent way of a full set (nibble n - 1) by w = that way,
 * which the shift moves into the stale nibbles. */
static inline uint64_t xl_repl_order16_push(uint64_t order, unsigned w)
{
    return order << 4 | w;
}

/* The least recent of the n ways in use (n >= 1). */
static inline unsigned xl_repl_order16_lru(uint64_t order, unsigned n)
{
    return (unsigned)(order >> (4u * (n - 1u))) & 15u;
}

#endif
