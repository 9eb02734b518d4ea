/*
 * t04_tlb.c - unit tests of the generic TLB (model/src/kernel/tlb.c, tlb.h): tree-PLRU
 * (repl.h) and LRU victims, set indexing of 4 KB and 2 MB entries, 2 MB translation, asid
 * isolation, refresh in place, invalid-ways-first, counters and geometry errors
 * (docs/isca18-micro18.md §1.1 Table I: 32-entry FA L1, 512-entry 16-way L2).
 */
#include "xltest.h"

#include <string.h>

#include "xlat/repl.h"
#include "xlat/tlb.h"

static xl_tlb_t mk(uint32_t entries, uint32_t ways, xl_repl_t repl)
{
    xl_tlb_t t;
    xl_tlb_params_t p = {entries, ways, repl, XL_TLB_INDEX_MOD};
    char err[160] = "";
    assert_int_equal(xl_tlb_init(&t, &p, "tlb", err, sizeof err), XL_OK);
    assert_string_equal(err, "");
    return t;
}

/* Fill a 4 KB page of asid 0 whose frame is va + 0x100000000 (easy to recognise). */
static void fill4k(xl_tlb_t *t, xl_va_t va, xl_tlb_entry_t *victim)
{
    xl_tlb_fill(t, 0, va, va + UINT64_C(0x100000000), XL_PAGE_SHIFT_4K, victim);
}

/* Pages A, B, C, D = 0xA000 .. 0xD000 filled in that order (fill4k). */
static void fill4k_abcd(xl_tlb_t *t)
{
    for (xl_va_t va = 0xA000; va <= 0xD000; va += 0x1000)
        fill4k(t, va, NULL);
}

/* A lookup (counted) or probe (not counted) of va in asid hits and translates to pa. */
static void expect_lookup(xl_tlb_t *t, uint16_t asid, xl_va_t va, xl_pa_t pa)
{
    xl_pa_t got = 0;
    assert_int_equal(xl_tlb_lookup(t, asid, va, &got), 1);
    assert_int_equal(got, pa);
}

static void expect_probe(xl_tlb_t *t, uint16_t asid, xl_va_t va, xl_pa_t pa)
{
    xl_pa_t got = 0;
    assert_int_equal(xl_tlb_probe(t, asid, va, &got), 1);
    assert_int_equal(got, pa);
}

/* A fill evicted the valid entry of page vpn. */
static void expect_victim(const xl_tlb_entry_t *v, uint64_t vpn)
{
    assert_int_equal(v->valid, 1);
    assert_int_equal(v->vpn, vpn);
}

/* The lookup counters: accesses = hits + misses. */
static void expect_counts(const xl_tlb_t *t, uint64_t accesses, uint64_t hits, uint64_t misses)
{
    assert_int_equal(t->accesses, accesses);
    assert_int_equal(t->hits, hits);
    assert_int_equal(t->misses, misses);
}

static unsigned count_valid(const xl_tlb_t *t)
{
    unsigned i, n = 0;
    for (i = 0; i < t->p.entries; i++)
        n += t->e[i].valid ? 1u : 0u;
    return n;
}

/* 4-way tree: node 1 = root (ways 0,1 | ways 2,3), node 2 = (0 | 1), node 3 = (2 | 3);
 * leaves 4..7 = ways 0..3. Touching way w walks leaf 4+w up to the root and sets each
 * parent to point away: an even (left) child sets the parent bit to 1, odd to 0.
 * Sequence 0,1,2,3,0:
 *   touch 0: leaf 4 -> b2=1, node 2 -> b1=1             b1b2b3 = 1 1 0
 *   touch 1: leaf 5 -> b2=0, node 2 -> b1=1             1 0 0
 *   touch 2: leaf 6 -> b3=1, node 3 -> b1=0             0 0 1
 *   touch 3: leaf 7 -> b3=0, node 3 -> b1=0             0 0 0   victim: 1->2->4 = way 0
 *   touch 0: leaf 4 -> b2=1, b1=1                       1 1 0   victim: 1->3->6 = way 2
 * (true LRU would say way 1: tree-PLRU is only an approximation). */
static void test_04_01_plru_victim_4way(void **state)
{
    uint8_t b[4] = { 0, 0, 0, 0 };
    xl_tlb_t t;
    xl_tlb_entry_t v;
    xl_pa_t pa = 0;
    (void)state;
    assert_int_equal(xl_repl_plru_victim(b, 4), 0);    /* reset: all bits 0 -> way 0 */
    xl_repl_plru_touch(b, 4, 0);
    xl_repl_plru_touch(b, 4, 1);
    xl_repl_plru_touch(b, 4, 2);
    xl_repl_plru_touch(b, 4, 3);
    assert_int_equal(b[1], 0);
    assert_int_equal(b[2], 0);
    assert_int_equal(b[3], 0);
    assert_int_equal(xl_repl_plru_victim(b, 4), 0);
    xl_repl_plru_touch(b, 4, 0);
    assert_int_equal(b[1], 1);
    assert_int_equal(b[2], 1);
    assert_int_equal(b[3], 0);
    assert_int_equal(xl_repl_plru_victim(b, 4), 2);

    /* Same sequence through a 4-entry FA PLRU TLB: fills of pages A..D go to ways 0..3
     * (invalid ways first, each fill touches its way), a lookup of A touches way 0,
     * and the fill of E evicts way 2 = page C (vpn 0x3). */
    t = mk(4, 4, XL_REPL_PLRU);
    fill4k(&t, 0x1000, NULL);
    fill4k(&t, 0x2000, NULL);
    fill4k(&t, 0x3000, NULL);
    fill4k(&t, 0x4000, NULL);
    assert_int_equal(xl_tlb_lookup(&t, 0, 0x1000, &pa), 1);
    fill4k(&t, 0x5000, &v);
    expect_victim(&v, 0x3);
    assert_int_equal(t.e[2].vpn, 0x5);
    xl_tlb_free(&t);
}

/* 8-way tree: node 1 = (0-3 | 4-7), 2 = (0-1 | 2-3), 3 = (4-5 | 6-7), 4 = (0|1),
 * 5 = (2|3), 6 = (4|5), 7 = (6|7); leaves 8..15 = ways 0..7. From reset (all 0):
 *   touch 3: leaf 11 odd -> b5=0; node 5 odd -> b2=0; node 2 even -> b1=1
 *   touch 6: leaf 14 even -> b7=1; node 7 odd -> b3=0; node 3 odd -> b1=0
 *   touch 0: leaf 8 even -> b4=1; node 4 even -> b2=1; node 2 even -> b1=1
 *   bits b1..b7 = 1 1 0 1 0 0 1; victim: 1 -(b1=1)-> 3 -(b3=0)-> 6 -(b6=0)-> 12 = way 4
 *   touch 4: leaf 12 even -> b6=1; node 6 even -> b3=1; node 3 odd -> b1=0
 *   bits = 0 1 1 1 0 1 1; victim: 1 -(0)-> 2 -(b2=1)-> 5 -(b5=0)-> 10 = way 2 */
static void test_04_02_plru_victim_8way(void **state)
{
    uint8_t b[8] = { 0 };
    static const uint8_t after3[8] = { 0, 1, 1, 0, 1, 0, 0, 1 };
    static const uint8_t after4[8] = { 0, 0, 1, 1, 1, 0, 1, 1 };
    (void)state;
    xl_repl_plru_touch(b, 8, 3);
    xl_repl_plru_touch(b, 8, 6);
    xl_repl_plru_touch(b, 8, 0);
    assert_memory_equal(b, after3, 8);
    assert_int_equal(xl_repl_plru_victim(b, 8), 4);
    xl_repl_plru_touch(b, 8, 4);
    assert_memory_equal(b, after4, 8);
    assert_int_equal(xl_repl_plru_victim(b, 8), 2);
}

/* 64-way FA PLRU: filling ways 0..63 in order leaves every node pointing left (the
 * last touch through any node is its highest way, which is in the right subtree),
 * so the victim is way 0. A lookup of way 0 sets every bit on its path (b1, b2, b4,
 * b8, b16, b32) to 1; the walk then goes right at the root to node 3 and left from
 * there on: 3 -> 6 -> 12 -> 24 -> 48 -> 96 = leaf 96 = way 32. */
static void test_04_03_plru_64way(void **state)
{
    xl_tlb_t t = mk(64, 64, XL_REPL_PLRU);
    xl_tlb_entry_t v;
    unsigned i;
    (void)state;
    for (i = 0; i < 64; i++)
        fill4k(&t, (xl_va_t)(i + 1u) << 12, NULL);
    assert_int_equal(xl_repl_plru_victim(t.plru, 64), 0);
    assert_int_equal(xl_tlb_lookup(&t, 0, UINT64_C(1) << 12, NULL), 1);
    fill4k(&t, UINT64_C(100) << 12, &v);
    expect_victim(&v, 33);   /* way 32 holds page i+1 = 33 */
    assert_int_equal(t.e[32].vpn, 100);
    xl_tlb_free(&t);
}

/* 4-entry FA LRU. Stamps (clock +1 on every fill and lookup hit):
 *   fill A=1, B=2, C=3, D=4; lookup A -> 5, C -> 6, B -> 7; lookup of a missing page
 *   and a probe of D change nothing. Smallest stamp = D (4): fill E evicts D, E=8.
 *   Next smallest = A (5): fill F evicts A. */
static void test_04_04_lru_victim_fa4(void **state)
{
    xl_tlb_t t = mk(4, 4, XL_REPL_LRU);
    xl_tlb_entry_t v;
    (void)state;
    fill4k_abcd(&t);
    assert_int_equal(xl_tlb_lookup(&t, 0, 0xA123, NULL), 1);
    assert_int_equal(xl_tlb_lookup(&t, 0, 0xC000, NULL), 1);
    assert_int_equal(xl_tlb_lookup(&t, 0, 0xBFFF, NULL), 1);
    assert_int_equal(xl_tlb_lookup(&t, 0, 0xF000, NULL), 0);
    assert_int_equal(xl_tlb_probe(&t, 0, 0xD000, NULL), 1);
    assert_int_equal(t.clock, 7);
    fill4k(&t, 0xE000, &v);
    expect_victim(&v, 0xD);
    assert_int_equal(t.e[3].vpn, 0xE);   /* D was in way 3 */
    assert_int_equal(t.stamp[3], 8);
    fill4k(&t, 0xF000, &v);
    assert_int_equal(v.vpn, 0xA);
    assert_int_equal(t.e[0].vpn, 0xF);
    xl_tlb_free(&t);
}

/* 512 entries / 16 ways = 32 sets. va = 0x12345678:
 *   4 KB: vpn = 0x12345, set = 0x12345 & 31 = 0x05 = 5
 *   2 MB: vpn = 0x12345678 >> 21 = 0x91 (0x91 << 21 = 0x12200000), set = 0x91 & 31 = 17
 * Each goes to way 0 of its (empty) set, i.e. e[set*16]. */
static void test_04_05_set_index(void **state)
{
    xl_tlb_t t = mk(512, 16, XL_REPL_PLRU);
    (void)state;
    assert_int_equal(t.sets, 32);
    xl_tlb_fill(&t, 7, 0x12345678, 0x55555000, XL_PAGE_SHIFT_4K, NULL);
    xl_tlb_fill(&t, 7, 0x12345678, 0x40000000, XL_PAGE_SHIFT_2M, NULL);
    assert_int_equal(t.e[5 * 16].valid, 1);
    assert_int_equal(t.e[5 * 16].page_shift, 12);
    assert_int_equal(t.e[5 * 16].vpn, 0x12345);
    assert_int_equal(t.e[5 * 16].frame, 0x55555000);
    assert_int_equal(t.e[17 * 16].valid, 1);
    assert_int_equal(t.e[17 * 16].page_shift, 21);
    assert_int_equal(t.e[17 * 16].vpn, 0x91);
    assert_int_equal(count_valid(&t), 2);
    xl_tlb_free(&t);
}

/* A 2 MB page at va 0x40000000 (vpn 0x200) mapped at frame 0x80200000 (= 0x401 << 21).
 * Every va in [0x40000000, 0x401FFFFF] hits with pa = 0x80200000 | (va & 0x1FFFFF);
 * the pages on either side miss. Same in a 32-set TLB and in an FA one (there the
 * 4 KB set and the 2 MB set are the same set and the lookup counts once). */
static void test_04_06_2m_hit(void **state)
{
    static const uint32_t geo[2][2] = { { 512, 16 }, { 4, 4 } };
    unsigned g;
    (void)state;
    for (g = 0; g < 2; g++) {
        xl_tlb_t t = mk(geo[g][0], geo[g][1], XL_REPL_LRU);
        xl_pa_t pa = 0;
        xl_tlb_fill(&t, 3, 0x40000000, 0x80200000, XL_PAGE_SHIFT_2M, NULL);
        expect_lookup(&t, 3, 0x40000000, 0x80200000);
        expect_lookup(&t, 3, 0x40123456, 0x80323456);   /* 0x80200000 | 0x123456 */
        expect_lookup(&t, 3, 0x401FFFFF, 0x803FFFFF);
        expect_probe(&t, 3, 0x40001000, 0x80201000);
        assert_int_equal(xl_tlb_lookup(&t, 3, 0x40200000, &pa), 0);   /* next 2 MB page */
        assert_int_equal(xl_tlb_lookup(&t, 3, 0x3FFFFFFF, &pa), 0);   /* previous */
        /* 5 lookups: 3 hits, 2 misses, each counted once even with one set */
        expect_counts(&t, 5, 3, 2);
        xl_tlb_free(&t);
    }
}

/* The same va in asid 1 and asid 2 holds two entries with their own frames; asid 3
 * misses; flushing asid 1 removes exactly its one entry. */
static void test_04_07_asid_isolation(void **state)
{
    xl_tlb_t t = mk(32, 32, XL_REPL_LRU);
    xl_pa_t pa = 0;
    (void)state;
    xl_tlb_fill(&t, 1, 0x7000, 0xA000, XL_PAGE_SHIFT_4K, NULL);
    xl_tlb_fill(&t, 2, 0x7000, 0xB000, XL_PAGE_SHIFT_4K, NULL);
    assert_int_equal(count_valid(&t), 2);
    expect_lookup(&t, 1, 0x7abc, 0xAabc);
    expect_lookup(&t, 2, 0x7abc, 0xBabc);
    assert_int_equal(xl_tlb_lookup(&t, 3, 0x7abc, &pa), 0);
    assert_int_equal(xl_tlb_flush_asid(&t, 1), 1);
    assert_int_equal(xl_tlb_flush_asid(&t, 1), 0);
    assert_int_equal(xl_tlb_lookup(&t, 1, 0x7abc, &pa), 0);
    expect_lookup(&t, 2, 0x7abc, 0xBabc);
    xl_tlb_free(&t);
}

/* Filling a page that is present rewrites its frame in the same way: no second copy,
 * no eviction, victim->valid = 0, and it counts as a use for LRU. 4-entry FA LRU:
 * fill A=1, B=2, C=3, D=4, refill A (new frame) = 5 -> LRU is now B, so E evicts B. */
static void test_04_08_refresh_in_place(void **state)
{
    xl_tlb_t t = mk(4, 4, XL_REPL_LRU);
    xl_tlb_entry_t v;
    (void)state;
    fill4k_abcd(&t);
    xl_tlb_fill(&t, 0, 0xA000, 0x99000, XL_PAGE_SHIFT_4K, &v);
    assert_int_equal(v.valid, 0);
    assert_int_equal(count_valid(&t), 4);
    assert_int_equal(t.e[0].frame, 0x99000);
    assert_int_equal(t.evictions, 0);
    assert_int_equal(t.fills, 5);
    expect_probe(&t, 0, 0xA010, 0x99010);
    fill4k(&t, 0xE000, &v);
    expect_victim(&v, 0xB);
    xl_tlb_free(&t);
}

/* Invalid ways are taken before any valid one, lowest index first. 4-entry FA with
 * pages A,B,C,D in ways 0..3, B and D in asid 9; a lookup of A, then asid 9 is flushed
 * (ways 1 and 3 invalid). The replacement victim at that point would be way 2 for both
 * policies (LRU stamps A=5, C=3; PLRU bits b1b2b3 = 1 1 0, test_04_01), yet E goes to
 * way 1 and F to way 3. Only the third fill G evicts:
 *   LRU stamps: way0 A=5, way1 E=6, way2 C=3, way3 F=7 -> way 2 (C)
 *   PLRU: touch 1 (E): b2=0, b1=1; touch 3 (F): b3=0, b1=0 -> bits 0 0 0 -> way 0 (A) */
static void test_04_09_invalid_first(void **state)
{
    static const struct { xl_repl_t r; unsigned way; uint64_t vpn; } cs[2] = {
        { XL_REPL_LRU, 2, 0xC }, { XL_REPL_PLRU, 0, 0xA }
    };
    unsigned i;
    (void)state;
    for (i = 0; i < 2; i++) {
        xl_tlb_t t = mk(4, 4, cs[i].r);
        xl_tlb_entry_t v;
        xl_tlb_fill(&t, 0, 0xA000, 0x1000, XL_PAGE_SHIFT_4K, NULL);
        xl_tlb_fill(&t, 9, 0xB000, 0x2000, XL_PAGE_SHIFT_4K, NULL);
        xl_tlb_fill(&t, 0, 0xC000, 0x3000, XL_PAGE_SHIFT_4K, NULL);
        xl_tlb_fill(&t, 9, 0xD000, 0x4000, XL_PAGE_SHIFT_4K, NULL);
        assert_int_equal(xl_tlb_lookup(&t, 0, 0xA000, NULL), 1);
        assert_int_equal(xl_tlb_flush_asid(&t, 9), 2);
        fill4k(&t, 0xE000, &v);
        assert_int_equal(v.valid, 0);
        assert_int_equal(t.e[1].vpn, 0xE);
        fill4k(&t, 0xF000, &v);
        assert_int_equal(v.valid, 0);
        assert_int_equal(t.e[3].vpn, 0xF);
        fill4k(&t, 0x10000, &v);
        expect_victim(&v, cs[i].vpn);
        assert_int_equal(t.e[cs[i].way].vpn, 0x10);
        assert_int_equal(t.evictions, 1);
        xl_tlb_free(&t);
    }
}

/* Counters on a 2-entry FA LRU:
 *   lookup A miss | fill A | lookup A hit | lookup B miss | fill B | fill C (evicts A,
 *   stamp 2 < B's 3) | refill C | lookup C hit | probe B (not counted)
 *   accesses 4 = hits 2 + misses 2; fills 4 (A, B, C, C again); evictions 1. */
static void test_04_10_counters(void **state)
{
    xl_tlb_t t = mk(2, 2, XL_REPL_LRU);
    (void)state;
    assert_int_equal(xl_tlb_lookup(&t, 0, 0xA000, NULL), 0);
    fill4k(&t, 0xA000, NULL);
    assert_int_equal(xl_tlb_lookup(&t, 0, 0xA000, NULL), 1);
    assert_int_equal(xl_tlb_lookup(&t, 0, 0xB000, NULL), 0);
    fill4k(&t, 0xB000, NULL);
    fill4k(&t, 0xC000, NULL);
    fill4k(&t, 0xC000, NULL);
    assert_int_equal(xl_tlb_lookup(&t, 0, 0xC000, NULL), 1);
    assert_int_equal(xl_tlb_probe(&t, 0, 0xB000, NULL), 1);
    assert_int_equal(xl_tlb_probe(&t, 0, 0xA000, NULL), 0);
    expect_counts(&t, 4, 2, 2);
    assert_int_equal(t.fills, 4);
    assert_int_equal(t.evictions, 1);
    xl_tlb_free(&t);
}

/* A 2 MB fill stores only the page base: a frame with low bits set (0x80212345) is
 * kept as 0x80200000, so translations stay frame | offset. A page size other than
 * 4 KB, 64 KB or 2 MB (here 8 KB, shift 13) writes nothing. */
static void test_04_11_frame_alignment_and_bad_shift(void **state)
{
    xl_tlb_t t = mk(4, 4, XL_REPL_LRU);
    xl_tlb_entry_t v;
    (void)state;
    xl_tlb_fill(&t, 0, 0x40000000, 0x80212345, XL_PAGE_SHIFT_2M, NULL);
    expect_lookup(&t, 0, 0x40000010, 0x80200010);
    xl_tlb_fill(&t, 0, 0x2000, 0x2000, 13, &v);
    assert_int_equal(v.valid, 0);
    assert_int_equal(count_valid(&t), 1);
    assert_int_equal(t.fills, 1);
    xl_tlb_free(&t);
}

/* If a 4 KB and a 2 MB entry both cover va, the 4 KB one answers (tlb.c rule):
 * 2 MB page 0x40000000 -> 0x80200000 and 4 KB page 0x40005000 -> 0x7000.
 *   va 0x40005123 -> 0x7000 | 0x123 = 0x7123 (4 KB); va 0x40006123 -> 0x80206123 (2 MB) */
static void test_04_12_4k_before_2m(void **state)
{
    xl_tlb_t t = mk(4, 4, XL_REPL_LRU);
    (void)state;
    xl_tlb_fill(&t, 0, 0x40000000, 0x80200000, XL_PAGE_SHIFT_2M, NULL);
    xl_tlb_fill(&t, 0, 0x40005000, 0x7000, XL_PAGE_SHIFT_4K, NULL);
    expect_lookup(&t, 0, 0x40005123, 0x7123);
    expect_lookup(&t, 0, 0x40006123, 0x80206123);
    xl_tlb_free(&t);
}

/* 64 KB pages (docs/architecture.md, "64 KB pages"): page 0x40010000 -> frame 0x90000
 * covers 0x40010000..0x4001FFFF, so 0x4001ABCD -> 0x90000 | 0xABCD = 0x9ABCD. The 4 KB
 * entry 0x4001A000 -> 0x5000 is more specific and answers 0x4001A123 -> 0x5123, the 2 MB
 * entry 0x40000000 -> 0x80200000 answers outside the 64 KB page: 0x40020000 -> 0x80220000.
 * Invalidating va 0x4001A000 drops every entry covering it: all three sizes. */
static void test_04_22_64k_pages(void **state)
{
    xl_tlb_t t = mk(4, 4, XL_REPL_LRU);
    (void)state;
    xl_tlb_fill(&t, 0, 0x40010000, 0x90000, XL_PAGE_SHIFT_64K, NULL);
    expect_lookup(&t, 0, 0x4001ABCD, 0x9ABCD);
    expect_lookup(&t, 0, 0x40010000, 0x90000);
    assert_int_equal(xl_tlb_probe(&t, 0, 0x40020000, NULL), 0);   /* next 64 KB page */
    xl_tlb_fill(&t, 0, 0x4001A000, 0x5000, XL_PAGE_SHIFT_4K, NULL);
    xl_tlb_fill(&t, 0, 0x40000000, 0x80200000, XL_PAGE_SHIFT_2M, NULL);
    expect_lookup(&t, 0, 0x4001A123, 0x5123);
    expect_lookup(&t, 0, 0x4001B123, 0x9B123);
    expect_probe(&t, 0, 0x40020000, 0x80220000);
    assert_int_equal(t.n64k, 1);
    assert_int_equal(xl_tlb_inv(&t, 0, 0x4001A000), 3);   /* all three sizes cover it */
    assert_int_equal(t.n64k, 0);
    assert_int_equal(t.n2m, 0);
    assert_int_equal(count_valid(&t), 0);
    xl_tlb_free(&t);
}

/* Each geometry error returns XL_EINPUT and one line starting with the `what` prefix. */
static void expect_err(uint32_t entries, uint32_t ways, xl_repl_t repl, const char *what,
                       const char *msg)
{
    xl_tlb_t t;
    xl_tlb_params_t p = {entries, ways, repl, XL_TLB_INDEX_MOD};
    char err[160] = "";
    assert_int_equal(xl_tlb_init(&t, &p, what, err, sizeof err), XL_EINPUT);
    assert_string_equal(err, msg);
    assert_null(strchr(err, '\n'));
    assert_null(t.e);
    xl_tlb_free(&t);   /* harmless after a failed init */
}

static void test_04_13_err_entries_zero(void **state)
{
    (void)state;
    expect_err(0, 4, XL_REPL_LRU, "l1tlb", "l1tlb: entries must be at least 1 (got 0)");
}

static void test_04_14_err_ways_zero(void **state)
{
    (void)state;
    expect_err(32, 0, XL_REPL_LRU, "l1tlb", "l1tlb: ways must be at least 1 (got 0)");
}

static void test_04_15_err_not_multiple(void **state)
{
    (void)state;
    /* 100 / 16 = 6 rem 4 */
    expect_err(100, 16, XL_REPL_LRU, "l2tlb", "l2tlb: entries 100 is not a multiple of ways 16");
}

static void test_04_16_err_sets_not_pow2(void **state)
{
    (void)state;
    /* 384 / 32 = 12 sets */
    expect_err(384, 32, XL_REPL_LRU, "l2tlb",
               "l2tlb: 12 sets is not a power of two (entries 384 / ways 32)");
}

static void test_04_17_err_plru_ways_not_pow2(void **state)
{
    xl_tlb_t t;
    xl_tlb_params_t p = { 12, 12, XL_REPL_LRU, XL_TLB_INDEX_MOD };
    char err[160] = "";
    (void)state;
    /* 12 ways, 1 set: fine for LRU, not for a binary PLRU tree */
    expect_err(12, 12, XL_REPL_PLRU, "iommu.l1tlb",
               "iommu.l1tlb: tree-PLRU needs a power-of-two way count (got 12 ways)");
    assert_int_equal(xl_tlb_init(&t, &p, "iommu.l1tlb", err, sizeof err), XL_OK);
    xl_tlb_free(&t);
}

static void test_04_18_err_plru_too_many_ways(void **state)
{
    xl_tlb_t t;
    xl_tlb_params_t p = { 128, 128, XL_REPL_LRU, XL_TLB_INDEX_MOD };
    char err[160] = "";
    (void)state;
    expect_err(128, 128, XL_REPL_PLRU, "l1tlb",
               "l1tlb: tree-PLRU supports at most 64 ways (got 128 ways)");
    assert_int_equal(xl_tlb_init(&t, &p, "l1tlb", err, sizeof err), XL_OK);   /* LRU: no limit */
    xl_tlb_free(&t);
}

static void test_04_19_err_bad_policy_and_short_buffer(void **state)
{
    xl_tlb_t t;
    xl_tlb_params_t p = { 384, 32, XL_REPL_LRU, XL_TLB_INDEX_MOD };
    char err[8];
    (void)state;
    expect_err(32, 32, (xl_repl_t)7, "l1tlb",
               "l1tlb: unknown replacement policy 7 (expected LRU or PLRU)");
    /* a short buffer is truncated, not overrun; no buffer at all is allowed */
    assert_int_equal(xl_tlb_init(&t, &p, "l2tlb", err, sizeof err), XL_EINPUT);
    assert_string_equal(err, "l2tlb: ");
    assert_int_equal(xl_tlb_init(&t, &p, "l2tlb", NULL, 0), XL_EINPUT);
}

/* XOR index, 512 entries / 16 ways = 32 sets, b = 5: set = (vpn ^ (vpn >> 5)) & 31.
 *   vpn 0x12345 = ...1 1010 0 0101: low 5 bits 0x05, next 5 bits (0x12345 >> 5) & 31 = 0x1A,
 *   set 0x05 ^ 0x1A = 0x1F = 31 (mod would say 5).
 *   A row-walk: 64 pages 8 apart (vpn 0x10000 + 8k, k = 0..63, the 32 KB-pitch MVT rows):
 *   mod puts them in sets {0, 8, 16, 24}, 16 each, so only 4 x 16 = 64 of them fit and
 *   the 4 sets are full; xor gives set (8k ^ (k >> 2)) & 31 (0x10000 >> 5 = 0x800 has
 *   no low bits): with k = 4q + r that is 8r ^ q, r = 0..3, q = 0..15, which takes
 *   every value 0..31 exactly twice. */
static void test_04_20_xor_index(void **state)
{
    xl_tlb_t t;
    xl_tlb_params_t p = { 512, 16, XL_REPL_LRU, XL_TLB_INDEX_XOR };
    char err[160] = "";
    unsigned k, per_set[32] = { 0 };
    (void)state;
    assert_int_equal(xl_tlb_init(&t, &p, "l2tlb", err, sizeof err), XL_OK);
    assert_int_equal(t.set_bits, 5);
    assert_int_equal(xl_tlb_set_of(&t, 0x12345), 31);
    xl_tlb_fill(&t, 7, 0x12345678, 0x55555000, XL_PAGE_SHIFT_4K, NULL);
    assert_int_equal(t.e[31 * 16].valid, 1);
    assert_int_equal(t.e[31 * 16].vpn, 0x12345);
    assert_int_equal(xl_tlb_lookup(&t, 7, 0x12345FFF, NULL), 1);
    for (k = 0; k < 64; k++)
        per_set[xl_tlb_set_of(&t, 0x10000 + 8u * k)]++;
    for (k = 0; k < 32; k++)
        assert_int_equal(per_set[k], 2);
    /* every one of the 64 pages fits and still hits afterwards */
    for (k = 0; k < 64; k++)
        fill4k(&t, (xl_va_t)(0x10000 + 8u * k) << 12, NULL);
    for (k = 0; k < 64; k++)
        assert_int_equal(xl_tlb_lookup(&t, 0, (xl_va_t)(0x10000 + 8u * k) << 12, NULL), 1);
    assert_int_equal(t.evictions, 0);
    xl_tlb_free(&t);
    /* a bad index function is a geometry error like the others */
    p.index = (xl_tlb_index_t)9;
    assert_int_equal(xl_tlb_init(&t, &p, "l2tlb", err, sizeof err), XL_EINPUT);
    assert_string_equal(err, "l2tlb: unknown set index function 9 (expected mod or xor)");
}

/* 04.21 Invalidating one page (a shootdown, xl_tlb_inv): in a 4-entry FA LRU TLB holding
 * 4 KB pages A, B (asid 1), A (asid 2) and a 2 MB page C (asid 1), invalidating asid 1's A
 * drops that entry only (asid 2's A stays); a VA inside C drops C; a second call finds
 * nothing. The freed way is the next fill's (invalid ways first): filling D then E evicts
 * nothing until the TLB is full again, then the LRU one (B, the oldest left). */
static void test_04_21_inv_page(void **state)
{
    (void)state;
    xl_tlb_t t = mk(4, 4, XL_REPL_LRU);
    xl_tlb_entry_t v;
    xl_va_t A = 0x10000, B = 0x20000, C = 0x40000000, D = 0x30000, E = 0x50000;
    xl_tlb_fill(&t, 1, A, 0x1000000, XL_PAGE_SHIFT_4K, NULL);
    xl_tlb_fill(&t, 1, B, 0x2000000, XL_PAGE_SHIFT_4K, NULL);
    xl_tlb_fill(&t, 2, A, 0x3000000, XL_PAGE_SHIFT_4K, NULL);
    xl_tlb_fill(&t, 1, C, 0x80000000, XL_PAGE_SHIFT_2M, NULL);
    assert_int_equal(xl_tlb_inv(&t, 1, A + 0x123), 1);
    assert_false(xl_tlb_probe(&t, 1, A, NULL));
    assert_true(xl_tlb_probe(&t, 2, A, NULL));
    assert_int_equal(xl_tlb_inv(&t, 1, C + 0x12345), 1);
    assert_false(xl_tlb_probe(&t, 1, C, NULL));
    assert_int_equal(xl_tlb_inv(&t, 1, A), 0);
    xl_tlb_fill(&t, 1, D, 0x4000000, XL_PAGE_SHIFT_4K, &v);
    assert_int_equal(v.valid, 0);
    xl_tlb_fill(&t, 1, E, 0x5000000, XL_PAGE_SHIFT_4K, &v);
    assert_int_equal(v.valid, 0);
    xl_tlb_fill(&t, 1, A, 0x6000000, XL_PAGE_SHIFT_4K, &v);
    assert_int_equal(v.valid, 1);
    assert_int_equal(v.asid, 1);
    assert_int_equal(v.vpn, B >> 12);   /* B, filled before asid 2's A, is the LRU */
    xl_tlb_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_04_01_plru_victim_4way),
        cmocka_unit_test(test_04_02_plru_victim_8way),
        cmocka_unit_test(test_04_03_plru_64way),
        cmocka_unit_test(test_04_04_lru_victim_fa4),
        cmocka_unit_test(test_04_05_set_index),
        cmocka_unit_test(test_04_06_2m_hit),
        cmocka_unit_test(test_04_07_asid_isolation),
        cmocka_unit_test(test_04_08_refresh_in_place),
        cmocka_unit_test(test_04_09_invalid_first),
        cmocka_unit_test(test_04_10_counters),
        cmocka_unit_test(test_04_11_frame_alignment_and_bad_shift),
        cmocka_unit_test(test_04_12_4k_before_2m),
        cmocka_unit_test(test_04_13_err_entries_zero),
        cmocka_unit_test(test_04_14_err_ways_zero),
        cmocka_unit_test(test_04_15_err_not_multiple),
        cmocka_unit_test(test_04_16_err_sets_not_pow2),
        cmocka_unit_test(test_04_17_err_plru_ways_not_pow2),
        cmocka_unit_test(test_04_18_err_plru_too_many_ways),
        cmocka_unit_test(test_04_19_err_bad_policy_and_short_buffer),
        cmocka_unit_test(test_04_20_xor_index),
        cmocka_unit_test(test_04_21_inv_page),
        cmocka_unit_test(test_04_22_64k_pages),
    };
    return cmocka_run_group_tests_name("t04_tlb", tests, NULL, NULL);
}
