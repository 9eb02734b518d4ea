/*
 * t17_repl.c - area 17: the replacement policies of every cache and TLB
 * (model/include/xlat/repl.h; docs/isca18-micro18.md §1.1, §1.2, §2.6): the stamp victim
 * rule, the four forms of LRU (stamps, list, ring, order word) giving one order, the
 * tree-PLRU victim among allowed ways, and the two caches of the cycle-level system that
 * still keep private copies (the L1 data cache's recency list and the page-table line
 * cache's stamps, model/src/gpu/l1d.h, iommu/ptcache.c before they used repl.h) replayed through repl.h calls, state for state.
 * Tree-PLRU's own victim and touch are t04's (04.01-04.03).
 */
#include "xltest.h"

#include <string.h>

#include "xlat/repl.h"
#include "xlat/rng.h"

/* 17.01 Stamp victim: the smallest stamp, lowest index on a tie; 0 = never used, so the
 * lowest unused way goes first. [5, 0, 3, 0] -> way 1; [5, 9, 3, 7] -> way 2 (stamp 3);
 * a touch from clock 9 writes 10 and the victim becomes way 0 (stamp 5). */
static void test_17_01_stamp_victim(void **st)
{
    uint64_t a[4] = {5, 0, 3, 0}, b[4] = {5, 9, 3, 7}, clock = 9;
    (void)st;
    assert_int_equal(xl_repl_stamp_victim(a, 4), 1);
    assert_int_equal(xl_repl_stamp_victim(b, 4), 2);
    xl_repl_stamp_touch(&b[2], &clock);
    assert_int_equal(clock, 10);
    assert_int_equal(b[2], 10);
    assert_int_equal(xl_repl_stamp_victim(b, 4), 0);
    assert_int_equal(xl_repl_stamp_victim(b, 1), 0);   /* one way: always it */
}

/* A record with ring links inside it, like the TLB's (tlb.h xl_tlb_slot_t). */
typedef struct {
    uint64_t payload;
    xl_repl_ring_t lru;
    uint32_t pad[2];
} rec_t;

/* 17.02 One order, four forms: per-way stamps, the recency list, the ring (links inside
 * 24-byte records) and, up to 16 ways, the order word. A random mix of uses of valid
 * ways and fills (the lowest invalid way first, else the LRU, which becomes the MRU)
 * must name the same victim in every form at every fill, for 1 to 16 and 32 ways. */
static void test_17_02_lru_forms_agree(void **st)
{
    static const unsigned wset[] = {1, 2, 3, 4, 7, 8, 16, 32};
    xl_rng_t r;
    unsigned g;
    (void)st;
    xl_rng_seed(&r, 13);
    for (g = 0; g < sizeof wset / sizeof wset[0]; g++) {
        unsigned ways = wset[g], nvalid = 0, step, w;
        uint64_t stamp[32] = {0}, clock = 0, order = 0;
        uint16_t prev[32], next[32], mru = XL_REPL_NIL, lru = XL_REPL_NIL;
        rec_t rec[32];
        uint32_t head = XL_REPL_RING_NIL, tail = XL_REPL_RING_NIL;
        memset(rec, 0, sizeof rec);
        for (step = 0; step < 4000; step++) {
            if (nvalid > 0u && xl_rng_below(&r, 3) != 0u) {     /* a use */
                w = (unsigned)xl_rng_below(&r, nvalid);
                xl_repl_stamp_touch(&stamp[w], &clock);
                xl_repl_list_touch(prev, next, &mru, &lru, w);
                xl_repl_ring_touch(&rec[0].lru, sizeof rec[0], &head, &tail, w);
                if (ways <= 16u && (order & 15u) != w)
                    order = xl_repl_order16_touch(order, w);
            } else if (nvalid < ways) {                         /* a fill, invalid way */
                w = nvalid++;
                assert_int_equal(xl_repl_stamp_victim(stamp, ways), w);
                xl_repl_stamp_touch(&stamp[w], &clock);
                xl_repl_list_push(prev, next, &mru, &lru, w);
                xl_repl_ring_push(&rec[0].lru, sizeof rec[0], &head, &tail, w);
                order = xl_repl_order16_push(order, w);
            } else {                                            /* a fill, the LRU */
                w = xl_repl_stamp_victim(stamp, ways);
                assert_int_equal(lru, w);
                assert_int_equal(tail, w);
                if (ways <= 16u)
                    assert_int_equal(xl_repl_order16_lru(order, ways), w);
                xl_repl_stamp_touch(&stamp[w], &clock);
                xl_repl_list_touch(prev, next, &mru, &lru, w);
                assert_int_equal(xl_repl_ring_replace(&rec[0].lru, sizeof rec[0], &head,
                                                      &tail), w);
                order = xl_repl_order16_push(order, w);
            }
            assert_int_equal(mru, head);
        }
    }
}

/* 17.03 Ring unlink (a TLB flush): the rest keep their order. Ways 0..3 pushed in order
 * (MRU 3 .. LRU 0); unlink 2, then 0: the LRU is 1, then 3 after replacing 1; unlinking
 * the last entries empties the ring. */
static void test_17_03_ring_unlink(void **st)
{
    rec_t rec[4];
    uint32_t head = XL_REPL_RING_NIL, tail = XL_REPL_RING_NIL, i;
    (void)st;
    memset(rec, 0, sizeof rec);
    for (i = 0; i < 4; i++)
        xl_repl_ring_push(&rec[0].lru, sizeof rec[0], &head, &tail, i);
    assert_int_equal(head, 3);
    assert_int_equal(tail, 0);
    xl_repl_ring_unlink(&rec[0].lru, sizeof rec[0], &head, &tail, 2);
    xl_repl_ring_unlink(&rec[0].lru, sizeof rec[0], &head, &tail, 0);
    assert_int_equal(tail, 1);
    assert_int_equal(xl_repl_ring_replace(&rec[0].lru, sizeof rec[0], &head, &tail), 1);
    assert_int_equal(head, 1);
    assert_int_equal(tail, 3);
    xl_repl_ring_unlink(&rec[0].lru, sizeof rec[0], &head, &tail, 1);
    xl_repl_ring_unlink(&rec[0].lru, sizeof rec[0], &head, &tail, 3);
    assert_int_equal(head, XL_REPL_RING_NIL);
    assert_int_equal(tail, XL_REPL_RING_NIL);
}

/* 17.04 Tree-PLRU victim among allowed ways, 8 ways, bits all 0 (plain victim 0):
 * allowed {0, 5} -> 0 (the plain victim is allowed); allowed {5} -> root prefers the
 * left half (ways 0-3, none allowed) so right, node 3 prefers 6 (ways 4-5, has 5), node
 * 6 prefers way 4 (not allowed) so way 5. Random bits and masks: the victim is always
 * allowed, and equals the plain one whenever that is allowed. */
static void test_17_04_plru_victim_in(void **st)
{
    uint8_t bits[64] = {0};
    xl_rng_t r;
    unsigned i, ways;
    (void)st;
    assert_int_equal(xl_repl_plru_victim_in(bits, 8, 0x21u), 0);
    assert_int_equal(xl_repl_plru_victim_in(bits, 8, 0x20u), 5);
    assert_int_equal(xl_repl_plru_subtree(1, 8), 0xFFu);
    assert_int_equal(xl_repl_plru_subtree(3, 8), 0xF0u);
    assert_int_equal(xl_repl_plru_subtree(13, 8), 0x20u);
    assert_true(xl_repl_plru_subtree(1, 64) == ~UINT64_C(0));
    xl_rng_seed(&r, 1313);
    for (ways = 2; ways <= 64u; ways *= 2u)
        for (i = 0; i < 2000; i++) {
            uint64_t allowed = xl_rng_next(&r) & (ways == 64u ? ~UINT64_C(0) :
                                                  (UINT64_C(1) << ways) - 1u);
            unsigned n, v, plain;
            for (n = 1; n < ways; n++)
                bits[n] = (uint8_t)xl_rng_below(&r, 2);
            if (allowed == 0u)
                continue;
            v = xl_repl_plru_victim_in(bits, ways, allowed);
            plain = xl_repl_plru_victim(bits, ways);
            assert_true(v < ways);
            assert_true((allowed >> v & 1u) != 0u);
            if (allowed >> plain & 1u)
                assert_int_equal(v, plain);
        }
}

/* ------------------------------------------------------------ the former private copies */

enum { SETS = 4, WAYS = 8, LINES = SETS * WAYS };

/* The L1 data cache as it was (l1d_touch, l1d_access): tags line + 1 (0 invalid),
 * per-line recency links, per-set head (MRU) and tail (LRU), 0xFFFF = none. */
typedef struct {
    uint64_t tag[LINES];
    uint16_t prev[LINES], next[LINES], head[SETS], tail[SETS];
    uint32_t nvalid[SETS];
} l1d_ref_t;

static void l1d_ref_touch(l1d_ref_t *d, uint32_t set, size_t base, uint32_t w, int linked)
{
    uint16_t *pv = d->prev + base, *nx = d->next + base;
    if (linked) {
        if (d->head[set] == w)
            return;
        nx[pv[w]] = nx[w];
        if (nx[w] == 0xFFFFu)
            d->tail[set] = pv[w];
        else
            pv[nx[w]] = pv[w];
    }
    pv[w] = 0xFFFFu;
    nx[w] = d->head[set];
    if (d->head[set] == 0xFFFFu)
        d->tail[set] = (uint16_t)w;
    else
        pv[d->head[set]] = (uint16_t)w;
    d->head[set] = (uint16_t)w;
}

/* Way w of `set` becomes the most recent: through the old cache's own list code
 * (use_repl = 0) or through repl.h (use_repl = 1: l1d_touch(linked) = xl_repl_list_touch,
 * l1d_touch(not linked) = xl_repl_list_push). linked: w is in the list already. */
static void l1d_touch(l1d_ref_t *d, uint32_t set, size_t base, uint32_t w, int linked,
                      int use_repl)
{
    if (!use_repl)
        l1d_ref_touch(d, set, base, w, linked);
    else if (linked)
        xl_repl_list_touch(d->prev + base, d->next + base, &d->head[set], &d->tail[set], w);
    else
        xl_repl_list_push(d->prev + base, d->next + base, &d->head[set], &d->tail[set], w);
}

/* One access: 1 on a hit; a miss fills the lowest invalid way, else the victim of a full
 * set, the tail (the same cache either way of touching, use_repl as l1d_touch). */
static int l1d_access(l1d_ref_t *d, uint64_t line, int use_repl)
{
    uint32_t set = (uint32_t)(line & (SETS - 1)), victim, w;
    size_t base = (size_t)set * WAYS;
    uint64_t *t = &d->tag[base];
    for (w = 0; w < WAYS; w++)
        if (t[w] == line + 1) {
            l1d_touch(d, set, base, w, 1, use_repl);
            return 1;
        }
    if (d->nvalid[set] < WAYS) {
        for (w = 0; t[w] != 0; w++)
            ;
        victim = w;
        d->nvalid[set]++;
        l1d_touch(d, set, base, victim, 0, use_repl);
    } else {
        victim = d->tail[set];
        l1d_touch(d, set, base, victim, 1, use_repl);
    }
    t[victim] = line + 1;
    return 0;
}

/* The page-table line cache as it was (ptc_lookup, ptc_fill): tags line + 1,
 * per-line stamps from one clock. */
typedef struct {
    uint64_t tag[LINES], stamp[LINES], clock;
} ptc_ref_t;

static int ptc_ref_lookup(ptc_ref_t *c, uint64_t line)
{
    uint32_t set = (uint32_t)((line >> 6) & (SETS - 1));
    uint64_t *t = &c->tag[(size_t)set * WAYS], *st = &c->stamp[(size_t)set * WAYS];
    for (uint32_t w = 0; w < WAYS; w++)
        if (t[w] == line + 1) {
            st[w] = ++c->clock;
            return 1;
        }
    return 0;
}

static void ptc_ref_fill(ptc_ref_t *c, uint64_t line)
{
    uint32_t set = (uint32_t)((line >> 6) & (SETS - 1)), v = 0;
    uint64_t *t = &c->tag[(size_t)set * WAYS], *st = &c->stamp[(size_t)set * WAYS];
    for (uint32_t w = 0; w < WAYS; w++) {
        if (t[w] == line + 1)
            return;
        if (t[w] == 0) {
            if (t[v] != 0 || w < v)
                v = w;
        } else if (t[v] != 0 && st[w] < st[v]) {
            v = w;
        }
    }
    t[v] = line + 1;
    st[v] = ++c->clock;
}

/* The same cache through repl.h: a hit is xl_repl_stamp_touch; a fill of a line not
 * present takes xl_repl_stamp_victim (its unused ways have stamp 0, exactly while their
 * tag is 0: lines are never invalidated) and touches it. */
static int ptc_repl_lookup(ptc_ref_t *c, uint64_t line)
{
    uint32_t set = (uint32_t)((line >> 6) & (SETS - 1));
    uint64_t *t = &c->tag[(size_t)set * WAYS], *st = &c->stamp[(size_t)set * WAYS];
    for (uint32_t w = 0; w < WAYS; w++)
        if (t[w] == line + 1) {
            xl_repl_stamp_touch(&st[w], &c->clock);
            return 1;
        }
    return 0;
}

static void ptc_repl_fill(ptc_ref_t *c, uint64_t line)
{
    uint32_t set = (uint32_t)((line >> 6) & (SETS - 1)), v;
    uint64_t *t = &c->tag[(size_t)set * WAYS], *st = &c->stamp[(size_t)set * WAYS];
    for (uint32_t w = 0; w < WAYS; w++)
        if (t[w] == line + 1)
            return;
    v = xl_repl_stamp_victim(st, WAYS);
    t[v] = line + 1;
    xl_repl_stamp_touch(&st[v], &c->clock);
}

/* 17.05 The L1 data cache as it was and its repl.h form: the same hits and the same
 * state (tags, links, ends) after every one of 20000 random accesses over 48 lines
 * (more than the 32 it holds, so sets fill and evict). */
static void test_17_05_l1d_through_repl(void **st)
{
    static l1d_ref_t a, b;
    xl_rng_t r;
    int i;
    (void)st;
    memset(&a, 0, sizeof a);
    for (i = 0; i < SETS; i++)
        a.head[i] = a.tail[i] = 0xFFFFu;
    b = a;
    xl_rng_seed(&r, 5);
    for (i = 0; i < 20000; i++) {
        uint64_t line = xl_rng_below(&r, 48);
        assert_int_equal(l1d_access(&a, line, 0), l1d_access(&b, line, 1));
        assert_memory_equal(&a, &b, sizeof a);
    }
}

/* 17.06 The page-table line cache as it was and its repl.h form: the same hits and
 * the same tags, stamps and clock after every one of 20000 random lookups and fills
 * (a lookup that misses is followed by a fill, sometimes twice: two misses of a line). */
static void test_17_06_ptcache_through_repl(void **st)
{
    static ptc_ref_t a, b;
    xl_rng_t r;
    int i;
    (void)st;
    memset(&a, 0, sizeof a);
    b = a;
    xl_rng_seed(&r, 6);
    for (i = 0; i < 20000; i++) {
        uint64_t line = xl_rng_below(&r, 48) << 6;
        int ha = ptc_ref_lookup(&a, line), hb = ptc_repl_lookup(&b, line);
        assert_int_equal(ha, hb);
        if (!ha) {
            unsigned k, n = 1u + (unsigned)xl_rng_below(&r, 2);
            for (k = 0; k < n; k++) {
                ptc_ref_fill(&a, line);
                ptc_repl_fill(&b, line);
            }
        }
        assert_memory_equal(&a, &b, sizeof a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_17_01_stamp_victim),
        cmocka_unit_test(test_17_02_lru_forms_agree),
        cmocka_unit_test(test_17_03_ring_unlink),
        cmocka_unit_test(test_17_04_plru_victim_in),
        cmocka_unit_test(test_17_05_l1d_through_repl),
        cmocka_unit_test(test_17_06_ptcache_through_repl),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
