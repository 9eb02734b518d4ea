/*
 * t05_pwc.c - unit tests of the page-walk caches (model/src/iommu/pwc.c, pwc.h): deepest-hit
 * walk cost (docs/isca18-micro18.md §1.4), tags and sets per level, the 2-bit pending
 * counters and counter-aware tree-PLRU replacement (§2.6, §8 item 4), geometry errors.
 *
 * Geometry used unless a test says otherwise: docs/isca18-micro18.md's default 4/8/32 entries as
 * 1/2/8 sets x 4 ways (§1.2). Level index: lv[0] = L4, lv[1] = L3, lv[2] = L2.
 */
#include "xltest.h"

#include <string.h>

#include "xlat/pwc.h"
#include "xlat/rng.h"
#include "xlat/repl.h"

#define L4 0
#define L3 1
#define L2 2

/* VA from its four table indices: L4 = VA[47:39], L3 = VA[38:30], L2 = VA[29:21],
 * L1 = VA[20:12] (§1.3). */
static xl_va_t va_of(unsigned i4, unsigned i3, unsigned i2, unsigned i1)
{
    return ((xl_va_t)i4 << 39) | ((xl_va_t)i3 << 30) | ((xl_va_t)i2 << 21) | ((xl_va_t)i1 << 12);
}

static void mk(xl_pwc_t *c)
{
    xl_pwc_params_t p = { { 4, 8, 32 }, { 4, 4, 4 } };
    char err[160] = "";
    assert_int_equal(xl_pwc_init(c, &p, err, sizeof err), XL_OK);
    assert_string_equal(err, "");
    assert_int_equal(c->lv[L4].sets, 1);
    assert_int_equal(c->lv[L3].sets, 2);
    assert_int_equal(c->lv[L2].sets, 8);
}

/* A lookup of va in asid hits deepest at hit_level, costs `reads` memory reads and
 * goes on from node `next`. */
static void expect_lookup(xl_pwc_t *c, uint16_t asid, xl_va_t va, unsigned hit_level,
                          unsigned reads, uint64_t next)
{
    xl_pwc_result_t r;
    xl_pwc_lookup(c, asid, va, &r);
    assert_int_equal(r.hit_level, hit_level);
    assert_int_equal(r.reads, reads);
    assert_int_equal(r.next, next);
}

/* An arrival-time probe of va in asid 0 with inc: +1 on the counter of every level it hits. */
static void probe_inc(xl_pwc_t *c, xl_va_t va)
{
    xl_pwc_result_t r;
    xl_pwc_probe(c, 0, va, 1, &r);
}

/* The L4 set's tree-PLRU bits b1, b2, b3. */
static void expect_l4_plru(const xl_pwc_t *c, unsigned b1, unsigned b2, unsigned b3)
{
    assert_int_equal(c->lv[L4].plru[1], b1);
    assert_int_equal(c->lv[L4].plru[2], b2);
    assert_int_equal(c->lv[L4].plru[3], b3);
}

/* L4's evictions, and of them the protected and the forced ones. */
static void expect_l4_evictions(const xl_pwc_t *c, uint64_t evictions, uint64_t protected_ev,
                                uint64_t forced)
{
    assert_int_equal(c->lv[L4].evictions, evictions);
    assert_int_equal(c->lv[L4].protected_evictions, protected_ev);
    assert_int_equal(c->lv[L4].forced_evictions, forced);
}

static void expect_hits_misses(const xl_pwc_t *c, unsigned level, uint64_t hits,
                               uint64_t misses)
{
    assert_int_equal(c->lv[level].hits, hits);
    assert_int_equal(c->lv[level].misses, misses);
}

/* V = indices (1,2,3,4) = 0x8000000000 + 0x80000000 + 0x600000 + 0x4000 = 0x8080604000.
 * Its L4, L3 and L2 entries are filled with nodes 0x1000, 0x2000, 0x3000. Then:
 *   V              L2, L3, L4 hit -> deepest L2: reads 1, next 0x3000
 *   (1,2,5,0)      L2 index differs: L3, L4 hit  -> reads 2, next 0x2000
 *   (1,7,3,0)      L3 index differs: L4 only     -> reads 3, next 0x1000
 *   (9,2,3,4)      L4 index differs: nothing     -> reads 4, hit_level 0
 * Per-level hit/miss: L4 3/1, L3 2/2, L2 1/3. Another asid misses everywhere. */
static void test_05_01_deepest_hit(void **state)
{
    xl_pwc_t c;
    xl_pwc_result_t r;
    xl_va_t v = va_of(1, 2, 3, 4);
    (void)state;
    mk(&c);
    assert_int_equal(v, UINT64_C(0x8080604000));
    xl_pwc_fill(&c, 4, 5, v, 0x1000);
    xl_pwc_fill(&c, 3, 5, v, 0x2000);
    xl_pwc_fill(&c, 2, 5, v, 0x3000);

    expect_lookup(&c, 5, v, 2, 1, 0x3000);
    expect_lookup(&c, 5, va_of(1, 2, 5, 0), 3, 2, 0x2000);
    expect_lookup(&c, 5, va_of(1, 7, 3, 0), 4, 3, 0x1000);
    xl_pwc_lookup(&c, 5, va_of(9, 2, 3, 4), &r);
    assert_int_equal(r.hit_level, 0);
    assert_int_equal(r.reads, 4);

    expect_hits_misses(&c, L4, 3, 1);
    expect_hits_misses(&c, L3, 2, 2);
    expect_hits_misses(&c, L2, 1, 3);

    xl_pwc_lookup(&c, 6, v, &r);
    assert_int_equal(r.reads, 4);
    assert_int_equal(r.hit_level, 0);
    xl_pwc_free(&c);
}

/* Tags per level for V = 0x8080604000 (indices 1,2,3,4):
 *   L4 tag = VA[47:39] = 1                                 set 1 & 0 = 0
 *   L3 tag = VA[47:30] = 1<<9 | 2 = 0x202                  set 0x202 & 1 = 0
 *   L2 tag = VA[47:21] = 1<<18 | 2<<9 | 3 = 0x40403        set 0x40403 & 7 = 3
 * Bits above 47 are not part of the tag. With W = indices (1,2,4,0), L2 tag 0x40404
 * lands in set 4. */
static void test_05_02_tags_per_level(void **state)
{
    xl_pwc_t c;
    xl_pwc_result_t r;
    xl_va_t v = va_of(1, 2, 3, 4);
    (void)state;
    assert_int_equal(xl_pwc_tag(v, 4), 1);
    assert_int_equal(xl_pwc_tag(v, 3), 0x202);
    assert_int_equal(xl_pwc_tag(v, 2), 0x40403);
    assert_int_equal(xl_pwc_tag(v | UINT64_C(0xFFFF000000000000), 2), 0x40403);
    mk(&c);
    xl_pwc_fill(&c, 4, 0, v, 0x1000);
    xl_pwc_fill(&c, 3, 0, v, 0x2000);
    xl_pwc_fill(&c, 2, 0, v, 0x3000);
    xl_pwc_fill(&c, 2, 0, va_of(1, 2, 4, 0), 0x4000);
    assert_int_equal(c.lv[L4].e[0].valid, 1);
    assert_int_equal(c.lv[L4].e[0].tag, 1);
    assert_int_equal(c.lv[L4].e[0].next, 0x1000);
    assert_int_equal(c.lv[L3].e[0 * 4 + 0].tag, 0x202);
    assert_int_equal(c.lv[L3].e[1 * 4 + 0].valid, 0);
    assert_int_equal(c.lv[L2].e[3 * 4 + 0].tag, 0x40403);
    assert_int_equal(c.lv[L2].e[3 * 4 + 0].next, 0x3000);
    assert_int_equal(c.lv[L2].e[4 * 4 + 0].tag, 0x40404);
    assert_int_equal(c.lv[L2].e[4 * 4 + 0].next, 0x4000);
    /* the same VA with non-canonical high bits finds the same entries */
    xl_pwc_lookup(&c, 0, v | UINT64_C(0xFFFF000000000000), &r);
    assert_int_equal(r.reads, 1);
    assert_int_equal(r.next, 0x3000);
    xl_pwc_free(&c);
}

/* Arrival-time probe with inc: counters of every hit entry go 0 -> 1 -> 2 -> 3 -> 3
 * (2-bit saturation), PLRU bits and hit/miss counters do not move, and the result is
 * the lookup's (reads 1). A probe with inc = 0 changes nothing. The increment counts
 * (cnt_incs) see the three raises of each hit level, not the two saturated probes. */
static void test_05_03_probe_increments(void **state)
{
    xl_pwc_t c;
    xl_pwc_result_t r;
    xl_va_t v = va_of(1, 2, 3, 4);
    uint8_t bits4[4], bits2[32];
    static const uint8_t want[5] = { 1, 2, 3, 3, 3 };
    unsigned i;
    (void)state;
    mk(&c);
    xl_pwc_fill(&c, 4, 0, v, 0x1000);
    xl_pwc_fill(&c, 2, 0, v, 0x3000);
    xl_pwc_fill(&c, 4, 0, va_of(2, 0, 0, 0), 0x5000);   /* L4 tag 2 -> way 1 */
    memcpy(bits4, c.lv[L4].plru, sizeof bits4);
    memcpy(bits2, c.lv[L2].plru, sizeof bits2);
    for (i = 0; i < 5; i++) {
        xl_pwc_probe(&c, 0, v, 1, &r);
        assert_int_equal(r.hit_level, 2);
        assert_int_equal(r.reads, 1);
        assert_int_equal(r.next, 0x3000);
        assert_int_equal(c.lv[L4].e[0].cnt, want[i]);
        assert_int_equal(c.lv[L2].e[3 * 4].cnt, want[i]);
    }
    assert_int_equal(c.lv[L4].e[1].cnt, 0);   /* not hit: untouched */
    xl_pwc_probe(&c, 0, v, 0, &r);
    assert_int_equal(c.lv[L4].e[0].cnt, 3);
    assert_int_equal(r.reads, 1);
    xl_pwc_probe(&c, 0, va_of(3, 0, 0, 0), 1, &r);  /* miss */
    assert_int_equal(r.reads, 4);
    assert_memory_equal(c.lv[L4].plru, bits4, sizeof bits4);
    assert_memory_equal(c.lv[L2].plru, bits2, sizeof bits2);
    for (i = 0; i < XL_PWC_LEVELS; i++) {
        assert_int_equal(c.lv[i].hits, 0);
        assert_int_equal(c.lv[i].misses, 0);
        assert_int_equal(c.lv[i].cnt_decs, 0);
    }
    assert_int_equal(c.lv[L4].cnt_incs, 3);
    assert_int_equal(c.lv[L3].cnt_incs, 0);   /* no L3 entry was filled */
    assert_int_equal(c.lv[L2].cnt_incs, 3);
    xl_pwc_free(&c);
}

/* Walk-time lookup: a counter at 3 goes 2, 1, 0, 0 (saturating: cnt_decs counts 3),
 * and each hit touches PLRU. L4 (1 set x 4 ways) filled with tags 0..3 in ways 0..3: touches 0,1,2,3 leave
 * b1b2b3 = 0 0 0 (plain victim way 0, see t04 test_04_01). A lookup hitting tag 0
 * touches way 0: b2 = 1, b1 = 1 -> plain victim 1 -> 3 -> 6 = way 2. */
static void test_05_04_lookup_decrements(void **state)
{
    xl_pwc_t c;
    static const uint8_t want[4] = { 2, 1, 0, 0 };
    unsigned i;
    (void)state;
    mk(&c);
    for (i = 0; i < 4; i++)
        xl_pwc_fill(&c, 4, 0, va_of(i, 0, 0, 0), 0x1000u * (i + 1u));
    expect_l4_plru(&c, 0, 0, 0);
    for (i = 0; i < 3; i++)
        probe_inc(&c, va_of(0, 0, 0, 0));
    assert_int_equal(c.lv[L4].e[0].cnt, 3);
    for (i = 0; i < 4; i++) {
        expect_lookup(&c, 0, va_of(0, 5, 5, 5), 4, 3, 0x1000);
        assert_int_equal(c.lv[L4].e[0].cnt, want[i]);
    }
    expect_l4_plru(&c, 1, 1, 0);
    assert_int_equal(c.lv[L4].hits, 4);
    assert_int_equal(c.lv[L4].cnt_incs, 3);
    assert_int_equal(c.lv[L4].cnt_decs, 3);
    /* the L3/L2 misses of those 4 lookups are counted too */
    assert_int_equal(c.lv[L3].misses, 4);
    assert_int_equal(c.lv[L2].misses, 4);
    xl_pwc_free(&c);
}

/* Fill L4 (1 set x 4 ways) with tags 0..3 (ways 0..3); PLRU bits end 0 0 0, plain
 * victim way 0 (test_05_04). */
static void fill_l4_full(xl_pwc_t *c)
{
    unsigned i;
    mk(c);
    for (i = 0; i < 4; i++)
        xl_pwc_fill(c, 4, 0, va_of(i, 0, 0, 0), 0x1000u * (i + 1u));
}

/* Counter-aware victim, hand-traced on the 4-way L4 set, bits b1 = b2 = b3 = 0.
 * Case A: way 0 reserved (cnt 1), ways 1..3 at 0. zero mask = {1,2,3}.
 *   node 1: pref = 2 + b1 = node 2 (ways 0,1) holds way 1 (cnt 0) -> go to node 2
 *   node 2: pref = 4 + b2 = leaf 4 (way 0) has cnt 1, no zero -> other = leaf 5
 *   victim = way 1 (plain PLRU said way 0): one protected eviction.
 * Case B: ways 0 and 1 reserved. zero mask = {2,3}.
 *   node 1: pref = node 2 (ways 0,1) has no zero way -> other = node 3
 *   node 3: pref = 6 + b3 = leaf 6 (way 2) has cnt 0 -> way 2. protected again. */
static void test_05_05_counter_aware_victim(void **state)
{
    xl_pwc_t c;
    (void)state;

    fill_l4_full(&c);
    probe_inc(&c, va_of(0, 0, 0, 0));
    xl_pwc_fill(&c, 4, 0, va_of(10, 0, 0, 0), 0xA000);
    assert_int_equal(c.lv[L4].e[1].tag, 10);
    assert_int_equal(c.lv[L4].e[1].cnt, 0);           /* new entry starts at 0 */
    assert_int_equal(c.lv[L4].e[0].tag, 0);           /* reserved way kept */
    assert_int_equal(c.lv[L4].e[0].cnt, 1);
    expect_l4_evictions(&c, 1, 1, 0);
    xl_pwc_free(&c);

    fill_l4_full(&c);
    probe_inc(&c, va_of(0, 0, 0, 0));
    probe_inc(&c, va_of(1, 0, 0, 0));
    xl_pwc_fill(&c, 4, 0, va_of(10, 0, 0, 0), 0xA000);
    assert_int_equal(c.lv[L4].e[2].tag, 10);
    assert_int_equal(c.lv[L4].e[0].tag, 0);
    assert_int_equal(c.lv[L4].e[1].tag, 1);
    expect_l4_evictions(&c, 1, 1, 0);
    xl_pwc_free(&c);
}

/* If the plain PLRU way already has counter 0 the rule changes nothing and nothing is
 * "protected": way 3 reserved, plain victim way 0 (cnt 0) -> way 0. */
static void test_05_06_plru_way_free(void **state)
{
    xl_pwc_t c;
    (void)state;
    fill_l4_full(&c);
    probe_inc(&c, va_of(3, 0, 0, 0));
    xl_pwc_fill(&c, 4, 0, va_of(10, 0, 0, 0), 0xA000);
    assert_int_equal(c.lv[L4].e[0].tag, 10);
    expect_l4_evictions(&c, 1, 0, 0);
    xl_pwc_free(&c);
}

/* Every way reserved: plain PLRU. After fill_l4_full a lookup of tag 0 points the
 * tree at way 2 (b1 = 1, b2 = 1, b3 = 0 -> 1 -> 3 -> 6); then all four tags are probed
 * (cnt 1 each; the lookup had left tag 0 at 0, the probe makes it 1). The fill takes
 * way 2: one forced eviction, no protected one. Its touch of way 2 sets b3 = 1,
 * b1 = 0 -> plain victim 1 -> 2 -> 5 = way 1 (b2 = 1), so a second fill with ways
 * 0, 1, 3 still at 1 and way 2 (new) at 0 goes: node 1 pref = node 2 (ways 0,1), no
 * zero -> node 3; node 3 pref = 6 + b3 = leaf 7 (way 3) cnt 1 -> leaf 6 = way 2.
 * That one is protected (plain said way 1). */
static void test_05_07_all_reserved_forced(void **state)
{
    xl_pwc_t c;
    xl_pwc_result_t r;
    unsigned i;
    (void)state;
    fill_l4_full(&c);
    xl_pwc_lookup(&c, 0, va_of(0, 0, 0, 0), &r);
    for (i = 0; i < 4; i++)
        probe_inc(&c, va_of(i, 0, 0, 0));
    xl_pwc_fill(&c, 4, 0, va_of(10, 0, 0, 0), 0xA000);
    assert_int_equal(c.lv[L4].e[2].tag, 10);
    expect_l4_evictions(&c, 1, 0, 1);
    expect_l4_plru(&c, 0, 1, 1);
    xl_pwc_fill(&c, 4, 0, va_of(11, 0, 0, 0), 0xB000);
    assert_int_equal(c.lv[L4].e[2].tag, 11);
    assert_int_equal(c.lv[L4].e[1].tag, 1);
    expect_l4_evictions(&c, 2, 1, 1);
    xl_pwc_free(&c);
}

/* Filling a present tag refreshes it: new next, counter kept, PLRU touched, no
 * eviction. Tag 0 (way 0) at cnt 2 refilled with 0xF000: way 0 touched -> b1 = b2 = 1.
 * Invalid ways are used first: after fills of tags 0, 1, 2 into an empty L4 set
 *   touch 0: b2 = 1, b1 = 1;  touch 1: b2 = 0, b1 = 1;  touch 2: b3 = 1, b1 = 0
 * plain PLRU (b1 = 0 -> node 2, b2 = 0 -> leaf 4) points at valid way 0, but the
 * fill of tag 3 takes the invalid way 3. */
static void test_05_08_refresh_and_invalid_first(void **state)
{
    xl_pwc_t c;
    xl_pwc_result_t r;
    unsigned i;
    (void)state;
    fill_l4_full(&c);
    probe_inc(&c, va_of(0, 0, 0, 0));
    probe_inc(&c, va_of(0, 0, 0, 0));
    xl_pwc_fill(&c, 4, 0, va_of(0, 0, 0, 0), 0xF000);
    assert_int_equal(c.lv[L4].e[0].next, 0xF000);
    assert_int_equal(c.lv[L4].e[0].cnt, 2);
    assert_int_equal(c.lv[L4].plru[1], 1);
    assert_int_equal(c.lv[L4].plru[2], 1);
    assert_int_equal(c.lv[L4].evictions, 0);
    assert_int_equal(c.lv[L4].fills, 5);
    xl_pwc_lookup(&c, 0, va_of(0, 1, 1, 1), &r);
    assert_int_equal(r.next, 0xF000);
    xl_pwc_free(&c);

    mk(&c);
    for (i = 0; i < 3; i++)
        xl_pwc_fill(&c, 4, 0, va_of(i, 0, 0, 0), 0x1000u * (i + 1u));
    expect_l4_plru(&c, 0, 0, 1);
    xl_pwc_fill(&c, 4, 0, va_of(3, 0, 0, 0), 0x4000);
    assert_int_equal(c.lv[L4].e[3].tag, 3);
    assert_int_equal(c.lv[L4].e[0].tag, 0);
    assert_int_equal(c.lv[L4].evictions, 0);
    /* a level outside 2..4 is ignored */
    xl_pwc_fill(&c, 1, 0, va_of(5, 0, 0, 0), 0x5000);
    xl_pwc_fill(&c, 5, 0, va_of(5, 0, 0, 0), 0x5000);
    assert_int_equal(c.lv[L4].fills + c.lv[L3].fills + c.lv[L2].fills, 4);
    assert_int_equal(c.lv[L4].evictions, 0);
    xl_pwc_free(&c);
}

/* An asid is part of the tag: the same VA in asid 1 and 2 holds two entries. */
static void test_05_09_asid(void **state)
{
    xl_pwc_t c;
    xl_pwc_result_t r;
    xl_va_t v = va_of(1, 2, 3, 4);
    (void)state;
    mk(&c);
    xl_pwc_fill(&c, 2, 1, v, 0x3000);
    xl_pwc_fill(&c, 2, 2, v, 0x7000);
    xl_pwc_lookup(&c, 1, v, &r);
    assert_int_equal(r.next, 0x3000);
    xl_pwc_lookup(&c, 2, v, &r);
    assert_int_equal(r.next, 0x7000);
    xl_pwc_free(&c);
}

static void expect_err(uint32_t e4, uint32_t w4, uint32_t e3, uint32_t w3, uint32_t e2,
                       uint32_t w2, const char *msg)
{
    xl_pwc_t c;
    xl_pwc_params_t p;
    char err[160] = "";
    p.entries[0] = e4;
    p.ways[0] = w4;
    p.entries[1] = e3;
    p.ways[1] = w3;
    p.entries[2] = e2;
    p.ways[2] = w2;
    assert_int_equal(xl_pwc_init(&c, &p, err, sizeof err), XL_EINPUT);
    assert_string_equal(err, msg);
    assert_null(strchr(err, '\n'));
    xl_pwc_free(&c);   /* harmless after a failed init */
}

/* Geometry errors, one line naming the level. 12 / 4 = 3 sets; 10 = 2*4 + 2. */
static void test_05_10_geometry_errors(void **state)
{
    xl_pwc_t c;
    xl_pwc_params_t ok = { { 1, 64, 64 }, { 1, 64, 1 } };   /* 64 ways and 1 way are fine */
    char err[160] = "";
    (void)state;
    expect_err(4, 4, 12, 4, 32, 4, "pwc.l3: 3 sets is not a power of two (entries 12 / ways 4)");
    expect_err(3, 3, 8, 4, 32, 4,
               "pwc.l4: tree-PLRU needs a power-of-two way count (got 3 ways)");
    expect_err(4, 4, 8, 4, 128, 128,
               "pwc.l2: tree-PLRU supports at most 64 ways (got 128 ways)");
    expect_err(4, 4, 8, 4, 0, 4, "pwc.l2: entries must be at least 1 (got 0)");
    expect_err(4, 0, 8, 4, 32, 4, "pwc.l4: ways must be at least 1 (got 0)");
    expect_err(4, 4, 10, 4, 32, 4, "pwc.l3: entries 10 is not a multiple of ways 4");
    assert_int_equal(xl_pwc_init(&c, &ok, err, sizeof err), XL_OK);
    assert_int_equal(c.lv[L4].sets, 1);
    assert_int_equal(c.lv[L3].sets, 1);
    assert_int_equal(c.lv[L2].sets, 64);
    xl_pwc_free(&c);
}

/* Property check of the §2.6 rule on an 8-way set over 2000 seeded random states
 * (xl_rng seed 5; each counter uniform in 0..3, each PLRU bit uniform; a set with no
 * counter-0 way has probability (3/4)^8 = ~10%, so about 200 of them occur):
 *  - some way has counter 0 -> the victim has counter 0;
 *  - the plain PLRU way has counter 0 -> the victim is that way, nothing protected;
 *  - no way has counter 0 -> the victim is the plain PLRU way, counted as forced.
 * Each case is also counted and must occur, so the check cannot pass vacuously. */
static void test_05_11_victim_rule_property(void **state)
{
    xl_pwc_t c;
    xl_pwc_params_t p = { { 8, 8, 8 }, { 8, 8, 8 } };
    xl_rng_t rng;
    unsigned it, w, seen_forced = 0, seen_prot = 0, seen_plain = 0;
    char err[160] = "";
    (void)state;
    assert_int_equal(xl_pwc_init(&c, &p, err, sizeof err), XL_OK);
    xl_rng_seed(&rng, 5);
    for (it = 0; it < 2000; it++) {
        xl_pwc_level_t *l = &c.lv[L4];
        uint8_t cnt[8];
        unsigned plain, victim = 8, any_zero = 0;
        uint64_t prot0 = l->protected_evictions, forced0 = l->forced_evictions;
        for (w = 0; w < 8; w++) {
            l->e[w].valid = 1;
            l->e[w].asid = 0;
            l->e[w].tag = w;
            cnt[w] = (uint8_t)xl_rng_below(&rng, 4);
            l->e[w].cnt = cnt[w];
            any_zero |= cnt[w] == 0u;
            if (w > 0)
                l->plru[w] = (uint8_t)xl_rng_below(&rng, 2);
        }
        xl_pwc_sync(&c);   /* entries were written directly */
        plain = xl_repl_plru_victim(l->plru, 8);
        xl_pwc_fill(&c, 4, 0, va_of(100, 0, 0, 0), 0x1000);
        for (w = 0; w < 8; w++)
            if (l->e[w].tag == 100)
                victim = w;
        assert_true(victim < 8);
        if (!any_zero) {
            assert_int_equal(victim, plain);
            assert_int_equal(l->forced_evictions, forced0 + 1);
            seen_forced++;
        } else if (cnt[plain] == 0) {
            assert_int_equal(victim, plain);
            assert_int_equal(l->protected_evictions, prot0);
            seen_plain++;
        } else {
            assert_int_equal(cnt[victim], 0);
            assert_int_equal(l->protected_evictions, prot0 + 1);
            seen_prot++;
        }
    }
    assert_true(seen_forced > 0 && seen_prot > 0 && seen_plain > 0);
    xl_pwc_free(&c);
}

/* ------------------------------------------------------------ twin interface */

/* Every field of two caches of the same geometry: entries, PLRU bits, counters. */
static int pwc_same(const xl_pwc_t *a, const xl_pwc_t *b)
{
    unsigned i;
    size_t k, n;
    for (i = 0; i < XL_PWC_LEVELS; i++) {
        const xl_pwc_level_t *x = &a->lv[i], *y = &b->lv[i];
        if (x->sets != y->sets || x->ways != y->ways || x->hits != y->hits ||
            x->misses != y->misses || x->fills != y->fills || x->evictions != y->evictions ||
            x->protected_evictions != y->protected_evictions ||
            x->forced_evictions != y->forced_evictions || x->cnt_incs != y->cnt_incs ||
            x->cnt_decs != y->cnt_decs)
            return 0;
        n = (size_t)x->sets * x->ways;
        for (k = 0; k < n; k++) {
            const xl_pwc_entry_t *p = &x->e[k], *q = &y->e[k];
            if (p->valid != q->valid || p->cnt != q->cnt || p->asid != q->asid ||
                p->tag != q->tag || p->next != q->next || x->plru[k] != y->plru[k])
                return 0;
        }
    }
    return 1;
}

static void expect_result(const xl_pwc_result_t *got, const xl_pwc_result_t *want)
{
    assert_int_equal(got->hit_level, want->hit_level);
    assert_int_equal(got->reads, want->reads);
    assert_int_equal(got->next, want->next);
}

/* comb/step against the functional API: cache A runs the twin interface, cache B the
 * calls lookup, probe, fill in that order, on 20000 cycles of seeded random ports
 * (xl_rng seed 12; indices drawn from 0..3/0..3/0..5/0..7 and asid 0..1 so every level
 * hits, misses and evicts in the 1/2/8-set default geometry; 1 fill level in 16 is 1 or
 * 5, which both sides ignore). Every cycle: comb leaves A equal to B (no side effect),
 * comb's answers equal the functional results, and after step A equals B again. A port
 * whose valid is low reads all-zero. Hit, eviction and protection counts must be
 * non-zero so the comparison covers those paths. */
static void test_05_12_twin_equivalence(void **state)
{
    xl_pwc_t a, b;
    xl_rng_t rng;
    unsigned cyc, deep_hits = 0, full_cnt = 0;
    (void)state;
    mk(&a);
    mk(&b);
    xl_rng_seed(&rng, 12);
    for (cyc = 0; cyc < 20000; cyc++) {
        xl_pwc_in_t in;
        xl_pwc_out_t o;
        xl_pwc_result_t rl, rp;
        unsigned lv;
        memset(&in, 0, sizeof in);
        in.probe_valid = (uint8_t)xl_rng_below(&rng, 2);
        in.probe_inc = (uint8_t)xl_rng_below(&rng, 2);
        in.probe_asid = (uint16_t)xl_rng_below(&rng, 2);
        in.probe_va = va_of((unsigned)xl_rng_below(&rng, 4), (unsigned)xl_rng_below(&rng, 4),
                            (unsigned)xl_rng_below(&rng, 6), (unsigned)xl_rng_below(&rng, 8));
        in.lookup_valid = (uint8_t)xl_rng_below(&rng, 2);
        in.lookup_asid = (uint16_t)xl_rng_below(&rng, 2);
        in.lookup_va = va_of((unsigned)xl_rng_below(&rng, 4), (unsigned)xl_rng_below(&rng, 4),
                             (unsigned)xl_rng_below(&rng, 6), (unsigned)xl_rng_below(&rng, 8));
        in.fill_valid = (uint8_t)xl_rng_below(&rng, 2);
        lv = (unsigned)xl_rng_below(&rng, 16);
        in.fill_level = (uint8_t)(lv == 0 ? 1 : lv == 1 ? 5 : 2 + lv % 3);
        in.fill_asid = (uint16_t)xl_rng_below(&rng, 2);
        in.fill_va = va_of((unsigned)xl_rng_below(&rng, 4), (unsigned)xl_rng_below(&rng, 4),
                           (unsigned)xl_rng_below(&rng, 6), (unsigned)xl_rng_below(&rng, 8));
        in.fill_next = (xl_pa_t)(1u + xl_rng_below(&rng, 1000)) << 12;

        xl_pwc_comb(&a, &in, &o);
        assert_true(pwc_same(&a, &b));
        if (in.lookup_valid) {
            xl_pwc_lookup(&b, in.lookup_asid, in.lookup_va, &rl);
            expect_result(&o.lookup, &rl);
            deep_hits += rl.hit_level == 2;
        } else {
            assert_int_equal(o.lookup.reads, 0);
            assert_int_equal(o.lookup.hit_level, 0);
        }
        if (in.probe_valid) {
            xl_pwc_probe(&b, in.probe_asid, in.probe_va, in.probe_inc, &rp);
            expect_result(&o.probe, &rp);
        } else {
            assert_int_equal(o.probe.reads, 0);
        }
        if (in.fill_valid)
            xl_pwc_fill(&b, in.fill_level, in.fill_asid, in.fill_va, in.fill_next);
        xl_pwc_step(&a, &in);
        assert_true(pwc_same(&a, &b));
        full_cnt += a.lv[L4].e[0].cnt == 3;
    }
    assert_true(deep_hits > 0);
    assert_true(full_cnt > 0);
    assert_true(a.lv[L2].evictions > 0 && a.lv[L4].evictions > 0);
    assert_true(a.lv[L2].protected_evictions + a.lv[L3].protected_evictions +
                a.lv[L4].protected_evictions > 0);
    xl_pwc_free(&a);
    xl_pwc_free(&b);
}

/* Order inside one step (pwc.h): lookup touch + decrement, probe increment, fill.
 * L4 holds tags 0..3 in ways 0..3, PLRU bits 0 0 0 (plain victim way 0), counters 0.
 * A: lookup of tag 0 and a fill of tag 10 in one cycle. comb answers from the state
 *    before the edge (hit L4, next 0x1000). The lookup's touch of way 0 sets b1 = b2 = 1
 *    before the fill chooses: 1 -> 3 -> leaf 6 = way 2 is replaced and tag 0 stays.
 *    (Fill first would have replaced way 0.) The fill's touch of way 2: b1 = 0, b3 = 1.
 * B: lookup and probe (inc) of tag 0 in one cycle: decrement first, 0 stays 0
 *    (saturating), then the increment: 1. (The other order would end at 0.)
 * C: probe (inc) of tag 0 and a fill of tag 10 in one cycle: way 0 is reserved (cnt 1)
 *    when the fill chooses, so the victim is way 1 (test_05_05 case A), protected. */
static void test_05_13_twin_step_order(void **state)
{
    xl_pwc_t c;
    xl_pwc_in_t in;
    xl_pwc_out_t o;
    (void)state;

    fill_l4_full(&c);
    memset(&in, 0, sizeof in);
    in.lookup_valid = 1;
    in.lookup_va = va_of(0, 0, 0, 0);
    in.fill_valid = 1;
    in.fill_level = 4;
    in.fill_va = va_of(10, 0, 0, 0);
    in.fill_next = 0xA000;
    xl_pwc_comb(&c, &in, &o);
    assert_int_equal(o.lookup.hit_level, 4);
    assert_int_equal(o.lookup.next, 0x1000);
    xl_pwc_step(&c, &in);
    assert_int_equal(c.lv[L4].e[2].tag, 10);
    assert_int_equal(c.lv[L4].e[0].tag, 0);
    expect_l4_plru(&c, 0, 1, 1);
    assert_int_equal(c.lv[L4].hits, 1);
    assert_int_equal(c.lv[L4].evictions, 1);
    xl_pwc_free(&c);

    fill_l4_full(&c);
    memset(&in, 0, sizeof in);
    in.lookup_valid = 1;
    in.lookup_va = va_of(0, 0, 0, 0);
    in.probe_valid = 1;
    in.probe_inc = 1;
    in.probe_va = va_of(0, 1, 2, 3);
    xl_pwc_comb(&c, &in, &o);
    assert_int_equal(o.probe.hit_level, 4);
    assert_int_equal(o.probe.reads, 3);
    xl_pwc_step(&c, &in);
    assert_int_equal(c.lv[L4].e[0].cnt, 1);
    /* the lookup (first in the edge) found the counter at 0, the probe raised it */
    assert_int_equal(c.lv[L4].cnt_decs, 0);
    assert_int_equal(c.lv[L4].cnt_incs, 1);
    in.probe_valid = 0;   /* a lookup alone now lowers it: one decrement */
    xl_pwc_step(&c, &in);
    assert_int_equal(c.lv[L4].e[0].cnt, 0);
    assert_int_equal(c.lv[L4].cnt_decs, 1);
    assert_int_equal(c.lv[L4].cnt_incs, 1);
    xl_pwc_free(&c);

    fill_l4_full(&c);
    memset(&in, 0, sizeof in);
    in.probe_valid = 1;
    in.probe_inc = 1;
    in.probe_va = va_of(0, 0, 0, 0);
    in.fill_valid = 1;
    in.fill_level = 4;
    in.fill_va = va_of(10, 0, 0, 0);
    in.fill_next = 0xA000;
    xl_pwc_step(&c, &in);
    assert_int_equal(c.lv[L4].e[1].tag, 10);
    assert_int_equal(c.lv[L4].e[0].tag, 0);
    assert_int_equal(c.lv[L4].e[0].cnt, 1);
    assert_int_equal(c.lv[L4].protected_evictions, 1);
    xl_pwc_free(&c);
}

/* Reset: after some traffic the cache equals a freshly initialised one (entries
 * invalid, counters and PLRU bits 0, statistics 0, geometry kept); a VA that hit before
 * now misses (reads 4) and a fill after reset lands in way 0 of its set. */
static void test_05_14_twin_reset(void **state)
{
    xl_pwc_t c, fresh;
    xl_pwc_in_t in;
    xl_pwc_out_t o;
    xl_va_t v = va_of(1, 2, 3, 4);
    (void)state;
    mk(&c);
    mk(&fresh);
    memset(&in, 0, sizeof in);
    in.fill_valid = 1;
    in.fill_level = 2;
    in.fill_va = v;
    in.fill_next = 0x3000;
    xl_pwc_step(&c, &in);
    in.fill_valid = 0;
    in.probe_valid = 1;
    in.probe_inc = 1;
    in.probe_va = v;
    in.lookup_valid = 1;
    in.lookup_va = va_of(1, 2, 4, 0);
    xl_pwc_step(&c, &in);
    assert_int_equal(c.lv[L2].e[3 * 4].cnt, 1);
    assert_int_equal(c.lv[L2].misses, 1);
    assert_false(pwc_same(&c, &fresh));

    xl_pwc_reset(&c);
    assert_true(pwc_same(&c, &fresh));
    assert_int_equal(c.lv[L2].sets, 8);
    xl_pwc_comb(&c, &in, &o);
    assert_int_equal(o.probe.hit_level, 0);
    assert_int_equal(o.probe.reads, 4);
    memset(&in, 0, sizeof in);
    in.fill_valid = 1;
    in.fill_level = 2;
    in.fill_va = v;
    in.fill_next = 0x5000;
    xl_pwc_step(&c, &in);
    assert_int_equal(c.lv[L2].e[3 * 4].valid, 1);
    assert_int_equal(c.lv[L2].e[3 * 4].next, 0x5000);
    assert_int_equal(c.lv[L2].fills, 1);
    xl_pwc_free(&c);
    xl_pwc_free(&fresh);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_05_01_deepest_hit),
        cmocka_unit_test(test_05_02_tags_per_level),
        cmocka_unit_test(test_05_03_probe_increments),
        cmocka_unit_test(test_05_04_lookup_decrements),
        cmocka_unit_test(test_05_05_counter_aware_victim),
        cmocka_unit_test(test_05_06_plru_way_free),
        cmocka_unit_test(test_05_07_all_reserved_forced),
        cmocka_unit_test(test_05_08_refresh_and_invalid_first),
        cmocka_unit_test(test_05_09_asid),
        cmocka_unit_test(test_05_10_geometry_errors),
        cmocka_unit_test(test_05_11_victim_rule_property),
        cmocka_unit_test(test_05_12_twin_equivalence),
        cmocka_unit_test(test_05_13_twin_step_order),
        cmocka_unit_test(test_05_14_twin_reset),
    };
    return cmocka_run_group_tests_name("t05_pwc", tests, NULL, NULL);
}
