/*
 * t24_lds_tx.c - area 24: the LDS of one CU as a TLB victim store, LDS-TX (block xl_ldstx,
 * model/include/xlat/lds_tx.h, model/src/gpu/lds_tx.c; MICRO'21 §4.2,
 * docs/papers/translation-reach.md): the tag-block geometry of the five configurations
 * (L, H, pad and the field positions from the header's formula), the codec on hand-built
 * blocks and at its maximum values, the ages of a 3-way set through inserts, hits
 * (exclusive and inclusive), updates and victims, compression conflicts (REBASE and
 * BYPASS), application stores and loads against translations, the release scrub and
 * EAGER allocation, the 64 B segment variant, 2 MB pages, IDEAL against STRICT, the
 * shootdowns, parameter checks, and a random run of both tag modes side by side.
 *
 * Unless a test says otherwise: the defaults (16 KB LDS, 32 B segments so 512 sets, 4 KB
 * pages, STRICT, REBASE, EXCLUSIVE, LAZY). Then set = VPN[8:0], tag = VPN >> 9 (27 bits),
 * tag_lo = tag[11:0], tag_hi = tag[26:12]; a way's 15-bit field is valid << 14 | age << 12
 * | tag_lo, way w at bit 15 w; tag_hi at bit 45, vfid at 60, vmid at 62; segment s is LDS
 * bytes 32 s .. 32 s + 31, tag block bytes 0-7, way w's PTE bytes 8 + 8 w. VPN(tag, set)
 * builds a VPN; the PTE of tag t is 0xA000 + t unless said.
 */
#include "xltest.h"

#include "xlat/lds_tx.h"
#include "xlat/rng.h"

#define VPN(tag, set) (((uint64_t)(tag) << 9) | (set))
#define PTE(tag) (UINT64_C(0xA000) + (tag))

static void mk(xl_ldstx_t *s, const xl_ldstx_params_t *p)
{
    char err[160] = "";
    memset(s, 0, sizeof *s);
    assert_int_equal(xl_ldstx_reset(s, p, err, sizeof err), XL_OK);
}

static void mk_def(xl_ldstx_t *s)
{
    xl_ldstx_params_t p = xl_ldstx_defaults();
    mk(s, &p);
}

static xl_ldstx_ins_t ins(xl_ldstx_t *s, uint8_t ctx, uint64_t vpn, uint64_t pte)
{
    xl_ldstx_insert_t r;
    xl_ldstx_insert(s, ctx, vpn, pte, &r);
    return r.res;
}

static xl_ldstx_lookup_t look(xl_ldstx_t *s, uint8_t ctx, uint64_t vpn)
{
    xl_ldstx_lookup_t r;
    xl_ldstx_lookup(s, ctx, vpn, &r);
    return r;
}

/* Way w of segment seg: valid, and if valid its age and full tag. */
static void expect_way(const xl_ldstx_t *s, uint32_t seg, uint32_t w, int valid, int age,
                       uint64_t tag)
{
    xl_ldstx_ideal_t v[XL_LDSTX_MAX_WAYS];
    xl_ldstx_ways(s, seg, v);
    assert_int_equal(v[w].valid, valid);
    if (valid) {
        assert_int_equal(v[w].age, age);
        assert_int_equal(v[w].tag, tag);
    }
}

static uint64_t tb0(const xl_ldstx_t *s, uint32_t seg)
{
    uint64_t tb[2];
    xl_ldstx_tb_read(s, seg, tb);
    return tb[0];
}

/* 24.01 The geometry table (header formula; W = 3, M = 3, TB = 64 for 32 B segments):
 *  16 KB, 4 KB:  512 sets (9 bits), T = 36 - 9 = 27, L = min(27, (64-4-27-9)/2 = 12) = 12,
 *                H = 15, pad = 64 - (4 + 15 + 3 x 15) = 0; way 15 b, base 19 b;
 *                tag_hi at 45, vfid 60, vmid 62
 *  64 KB, 4 KB:  2048 sets (11), T = 25, L = (64-4-25-9)/2 = 13, H = 12, pad 64-(4+12+48)
 *                = 0; way 16, base 16; tag_hi at 48
 *  16 KB, 64 KB: T = 32 - 9 = 23, L = (64-4-23-9)/2 = 14, H = 9, pad 64-(4+9+51) = 0;
 *                way 17, base 13; tag_hi at 51
 *  16 KB, 2 MB:  T = 27 - 9 = 18, L = floor((64-4-18-9)/2) = floor(16.5) = 16, H = 2, pad
 *                64-(4+2+57) = 1; way 19, base 4+2+1 = 7; tag_hi 57, vfid 59, vmid 61,
 *                pad at 63
 *  LDS_SEG64:    256 sets (8), W = 6, A = 3, M = 4, TB = 128, T = 36 - 8 = 28,
 *                L = floor((128-4-28-24)/5) = floor(14.4) = 14, H = 14, pad
 *                128-(4+14+6 x 18) = 2; way 18, base 20; tag_hi 108, vfid 122, vmid 124,
 *                pad at 126 */
static void test_24_01_geometry(void **st)
{
    (void)st;
    static const struct {
        uint32_t lds, seg, shift;
        uint32_t segs, set_bits, ways, age_bits, tb, T, L, H, pad, way_bits, base_bits;
        uint32_t hi_pos, vfid_pos, vmid_pos, pad_pos;
    } row[] = {
        {16384, 32, 12, 512, 9, 3, 2, 64, 27, 12, 15, 0, 15, 19, 45, 60, 62, 64},
        {65536, 32, 12, 2048, 11, 3, 2, 64, 25, 13, 12, 0, 16, 16, 48, 60, 62, 64},
        {16384, 32, 16, 512, 9, 3, 2, 64, 23, 14, 9, 0, 17, 13, 51, 60, 62, 64},
        {16384, 32, 21, 512, 9, 3, 2, 64, 18, 16, 2, 1, 19, 7, 57, 59, 61, 63},
        {16384, 64, 12, 256, 8, 6, 3, 128, 28, 14, 14, 2, 18, 20, 108, 122, 124, 126},
    };
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        xl_ldstx_params_t p = xl_ldstx_defaults();
        xl_ldstx_geom_t g;
        char err[160] = "";
        p.lds_bytes = row[i].lds;
        p.seg_bytes = row[i].seg;
        p.page_shift = row[i].shift;
        assert_int_equal(xl_ldstx_geom(&p, &g, err, sizeof err), XL_OK);
        assert_int_equal(g.segs, row[i].segs);
        assert_int_equal(g.set_bits, row[i].set_bits);
        assert_int_equal(g.tb.ways, row[i].ways);
        assert_int_equal(g.tb.age_bits, row[i].age_bits);
        assert_int_equal(g.tb.meta_bits, 1 + row[i].age_bits);
        assert_int_equal(g.tb.tb_bits, row[i].tb);
        assert_int_equal(g.tb.T, row[i].T);
        assert_int_equal(g.tb.L, row[i].L);
        assert_int_equal(g.tb.H, row[i].H);
        assert_int_equal(g.tb.pad, row[i].pad);
        assert_int_equal(g.tb.way_bits, row[i].way_bits);
        assert_int_equal(g.tb.base_bits, row[i].base_bits);
        assert_int_equal(g.tb.hi_pos, row[i].hi_pos);
        assert_int_equal(g.tb.vfid_pos, row[i].vfid_pos);
        assert_int_equal(g.tb.vmid_pos, row[i].vmid_pos);
        assert_int_equal(g.tb.pad_pos, row[i].pad_pos);
        /* every bit has one owner: ways, base with its pad, nothing left */
        assert_int_equal(g.tb.ways * g.tb.way_bits + g.tb.base_bits, g.tb.tb_bits);
    }
}

/* 24.02 One default block by hand: ctx = vmid 2, vfid 1 = 0b1001 = 9; tag_hi 0x5A5A; way 0
 * valid, age 1, tag_lo 0x123: 0x4000 | 0x1000 | 0x123 = 0x5123; way 1 invalid (0); way 2
 * valid, age 0, tag_lo 0xFFF: 0x4FFF << 30 = 0x13FFC0000000; 0x5A5A << 45 =
 * 0x0B4B400000000000; vfid 1 << 60 = 0x1000000000000000; vmid 2 << 62 =
 * 0x8000000000000000. Sum 0x9B4B53FFC0005123. Decoding gives the fields back. A tag_lo of
 * 0x1000 (13 bits) or a ctx of 16 does not fit: XL_EINPUT and an all-0 block. A 2 MB
 * block with its pad bit 63 set, or a 64-bit block with anything in tb[1], decodes with
 * XL_EINPUT. */
static void test_24_02_codec_by_hand(void **st)
{
    (void)st;
    xl_ldstx_params_t p = xl_ldstx_defaults();
    xl_ldstx_geom_t g;
    xl_tagblk_t f, d;
    uint64_t tb[2];
    assert_int_equal(xl_ldstx_geom(&p, &g, NULL, 0), XL_OK);
    memset(&f, 0, sizeof f);
    f.ctx = XL_LDSTX_CTX(2, 1);
    assert_int_equal(f.ctx, 9);
    f.tag_hi = 0x5A5A;
    f.way[0].valid = 1;
    f.way[0].age = 1;
    f.way[0].tag_lo = 0x123;
    f.way[2].valid = 1;
    f.way[2].tag_lo = 0xFFF;
    assert_int_equal(xl_tagblk_encode(&g.tb, &f, tb), XL_OK);
    assert_int_equal(tb[0], UINT64_C(0x9B4B53FFC0005123));
    assert_int_equal(tb[1], 0);
    assert_int_equal(xl_tagblk_decode(&g.tb, tb, &d), XL_OK);
    assert_memory_equal(&d, &f, sizeof f);

    f.way[0].tag_lo = 0x1000;
    assert_int_equal(xl_tagblk_encode(&g.tb, &f, tb), XL_EINPUT);
    assert_int_equal(tb[0], 0);
    f.way[0].tag_lo = 0x123;
    f.ctx = 16;
    assert_int_equal(xl_tagblk_encode(&g.tb, &f, tb), XL_EINPUT);

    tb[0] = 0;
    tb[1] = 1;
    assert_int_equal(xl_tagblk_decode(&g.tb, tb, &d), XL_EINPUT);
    p.page_shift = 21;
    assert_int_equal(xl_ldstx_geom(&p, &g, NULL, 0), XL_OK);
    tb[0] = UINT64_C(1) << 63;
    tb[1] = 0;
    assert_int_equal(xl_tagblk_decode(&g.tb, tb, &d), XL_EINPUT);
    tb[0] = (UINT64_C(1) << 63) - 1u;
    assert_int_equal(xl_tagblk_decode(&g.tb, tb, &d), XL_OK);
}

/* 24.03 Round trips at the maximum values of every field (ctx 15, tag_hi 2^H - 1, every
 * way valid with age 2^A - 1 and tag_lo 2^L - 1) in the five configurations of 24.01:
 * every bit below the pad is 1, the pad 0: 64-bit blocks with pad 0 are all ones; 2 MB
 * is 0x7FFFFFFFFFFFFFFF (pad bit 63); LDS_SEG64 is tb[0] all ones, tb[1] = 2^62 - 1 =
 * 0x3FFFFFFFFFFFFFFF (pad bits 126, 127). Single fields land where 24.01 says: vmid 1 in
 * LDS_SEG64 is bit 124 = tb[1] bit 60; way 3's tag_lo (bits 54..67) crosses the word
 * boundary: 0x3FFF there is tb[0] = 0x3FF << 54 = 0xFFC0000000000000 and tb[1] = 0xF. */
static void test_24_03_codec_max(void **st)
{
    (void)st;
    static const struct { uint32_t lds, seg, shift; uint64_t w0, w1; } row[] = {
        {16384, 32, 12, UINT64_MAX, 0},
        {65536, 32, 12, UINT64_MAX, 0},
        {16384, 32, 16, UINT64_MAX, 0},
        {16384, 32, 21, UINT64_C(0x7FFFFFFFFFFFFFFF), 0},
        {16384, 64, 12, UINT64_MAX, UINT64_C(0x3FFFFFFFFFFFFFFF)},
    };
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        xl_ldstx_params_t p = xl_ldstx_defaults();
        xl_ldstx_geom_t g;
        xl_tagblk_t f, d;
        uint64_t tb[2];
        p.lds_bytes = row[i].lds;
        p.seg_bytes = row[i].seg;
        p.page_shift = row[i].shift;
        assert_int_equal(xl_ldstx_geom(&p, &g, NULL, 0), XL_OK);
        memset(&f, 0, sizeof f);
        f.ctx = 15;
        f.tag_hi = (UINT64_C(1) << g.tb.H) - 1u;
        for (uint32_t w = 0; w < g.tb.ways; w++) {
            f.way[w].valid = 1;
            f.way[w].age = (uint8_t)((1u << g.tb.age_bits) - 1u);
            f.way[w].tag_lo = (UINT64_C(1) << g.tb.L) - 1u;
        }
        assert_int_equal(xl_tagblk_encode(&g.tb, &f, tb), XL_OK);
        assert_int_equal(tb[0], row[i].w0);
        assert_int_equal(tb[1], row[i].w1);
        assert_int_equal(xl_tagblk_decode(&g.tb, tb, &d), XL_OK);
        assert_memory_equal(&d, &f, sizeof f);
    }
    {
        xl_ldstx_params_t p = xl_ldstx_defaults();
        xl_ldstx_geom_t g;
        xl_tagblk_t f, d;
        uint64_t tb[2];
        p.seg_bytes = 64;
        assert_int_equal(xl_ldstx_geom(&p, &g, NULL, 0), XL_OK);
        memset(&f, 0, sizeof f);
        f.ctx = XL_LDSTX_CTX(1, 0);
        assert_int_equal(xl_tagblk_encode(&g.tb, &f, tb), XL_OK);
        assert_int_equal(tb[0], 0);
        assert_int_equal(tb[1], UINT64_C(1) << 60);
        memset(&f, 0, sizeof f);
        f.way[3].tag_lo = 0x3FFF;
        assert_int_equal(xl_tagblk_encode(&g.tb, &f, tb), XL_OK);
        assert_int_equal(tb[0], UINT64_C(0xFFC0000000000000));
        assert_int_equal(tb[1], 0xF);
        assert_int_equal(xl_tagblk_decode(&g.tb, tb, &d), XL_OK);
        assert_int_equal(d.way[3].tag_lo, 0x3FFF);
        assert_int_equal(d.way[2].tag_lo, 0);
        assert_int_equal(d.way[4].tag_lo, 0);
    }
}

/* 24.04 A 3-way set (set 5, ctx 0) through inserts; ages after each step (way: entry age):
 *   A (tag 1)     free, way 0          w0 A0
 *   B (tag 2)     free, way 1          w0 A1, w1 B0
 *   C (tag 3)     free, way 2          w0 A2, w1 B1, w2 C0
 *     tag block: 0x4000|2<<12|1 = 0x6001, 0x5002 << 15 = 0x28010000, 0x4003 << 30 =
 *     0x1000C0000000: 0x1000E8016001; C's PTE at LDS bytes 32 x 5 + 8 + 16 = 184..191
 *   D (tag 4)     victim A (age 2), D into way 0: w0 D0, w1 B2, w2 C1; A returned as
 *                 ctx 0, vpn 1 << 9 | 5 = 0x205, PTE 0xA001
 *   B again (PTE 0xB002): updated in place, promoted from age 2: younger D, C + 1:
 *                 w0 D1, w1 B0, w2 C2
 *   lookup B      exclusive hit, B leaves: w0 D0, w2 C1; B inserted again into the
 *                 free way 1: w0 D1, w1 B0, w2 C2 (as before)
 *   E (tag 5)     victim C (age 2, way 2): w0 D2, w1 B1, w2 E0
 * Counters: 7 inserts, 4 free, 2 victims, 1 update, 3 valid (peak 3); 8 port reads and 8
 * writes (each insert is a read-modify-write, the hit a read and a tag write). */
static void test_24_04_insert_sequence(void **st)
{
    (void)st;
    xl_ldstx_t s;
    xl_ldstx_insert_t r;
    mk_def(&s);
    assert_int_equal(ins(&s, 0, VPN(1, 5), PTE(1)), XL_LDSTX_INS_FREE);
    expect_way(&s, 5, 0, 1, 0, 1);
    expect_way(&s, 5, 1, 0, 0, 0);
    assert_int_equal(ins(&s, 0, VPN(2, 5), PTE(2)), XL_LDSTX_INS_FREE);
    expect_way(&s, 5, 0, 1, 1, 1);
    expect_way(&s, 5, 1, 1, 0, 2);
    xl_ldstx_insert(&s, 0, VPN(3, 5), PTE(3), &r);
    assert_int_equal(r.res, XL_LDSTX_INS_FREE);
    assert_int_equal(r.way, 2);
    assert_int_equal(r.set, 5);
    assert_int_equal(r.rd, 1);
    assert_int_equal(r.wr, 1);
    expect_way(&s, 5, 0, 1, 2, 1);
    expect_way(&s, 5, 1, 1, 1, 2);
    expect_way(&s, 5, 2, 1, 0, 3);
    assert_int_equal(tb0(&s, 5), UINT64_C(0x1000E8016001));
    assert_int_equal(s.lds[184], 0x03);
    assert_int_equal(s.lds[185], 0xA0);
    assert_int_equal(s.lds[186], 0);

    xl_ldstx_insert(&s, 0, VPN(4, 5), PTE(4), &r);
    assert_int_equal(r.res, XL_LDSTX_INS_VICTIM);
    assert_int_equal(r.way, 0);
    assert_int_equal(r.victim.ctx, 0);
    assert_int_equal(r.victim.vpn, 0x205);
    assert_int_equal(r.victim.pte, 0xA001);
    expect_way(&s, 5, 0, 1, 0, 4);
    expect_way(&s, 5, 1, 1, 2, 2);
    expect_way(&s, 5, 2, 1, 1, 3);

    xl_ldstx_insert(&s, 0, VPN(2, 5), 0xB002, &r);
    assert_int_equal(r.res, XL_LDSTX_INS_UPDATE);
    assert_int_equal(r.way, 1);
    expect_way(&s, 5, 0, 1, 1, 4);
    expect_way(&s, 5, 1, 1, 0, 2);
    expect_way(&s, 5, 2, 1, 2, 3);
    assert_int_equal(look(&s, 0, VPN(2, 5)).pte, 0xB002);   /* exclusive: B leaves */
    assert_int_equal(ins(&s, 0, VPN(2, 5), 0xB002), XL_LDSTX_INS_FREE);   /* back, way 1 */

    xl_ldstx_insert(&s, 0, VPN(5, 5), PTE(5), &r);
    assert_int_equal(r.res, XL_LDSTX_INS_VICTIM);
    assert_int_equal(r.way, 2);
    assert_int_equal(r.victim.vpn, VPN(3, 5));
    assert_int_equal(r.victim.pte, 0xA003);
    expect_way(&s, 5, 0, 1, 2, 4);
    expect_way(&s, 5, 1, 1, 1, 2);
    expect_way(&s, 5, 2, 1, 0, 5);
    /* 7 inserts, 4 free (B's re-insert among them), 2 victims, 1 update; 1 lookup hit */
    assert_int_equal(s.c.inserts, 7);
    assert_int_equal(s.c.ins_free, 4);
    assert_int_equal(s.c.ins_victim, 2);
    assert_int_equal(s.c.ins_update, 1);
    assert_int_equal(s.c.valid, 3);
    assert_int_equal(s.c.valid_peak, 3);
    assert_int_equal(s.c.port_rd, 8);
    assert_int_equal(s.c.port_wr, 8);
    xl_ldstx_free(&s);
}

/* 24.05 Hits. Start from w0 A2, w1 B1, w2 C0 (tags 1, 2, 3 in set 5).
 * Exclusive: lookup B -> hit way 1, PTE 0xA002, 1 read + 1 write; B invalid, A (age 2 >
 *   1) -> 1, C 0 stays: w0 A1, w2 C0; tag block 0x5001 | 0x4003 << 30 = 0x1000C0005001.
 *   Lookup B again: miss, 1 read, no write. A with ctx 1: miss. Insert E (tag 5): the
 *   lowest free way is 1: w0 A2, w1 E0, w2 C1. Lookup C (age 1): C leaves, A 2 -> 1.
 * Inclusive: lookup A (age 2) -> hit, A0, B (1) -> 2, C (0) -> 1; A again: hit, ages
 *   unchanged; C (age 1): C0, A1, B2 stays. Valid stays 3. */
static void test_24_05_hits(void **st)
{
    (void)st;
    xl_ldstx_t s;
    xl_ldstx_lookup_t r;
    xl_ldstx_params_t p = xl_ldstx_defaults();
    mk_def(&s);
    for (uint64_t t = 1; t <= 3; t++)
        ins(&s, 0, VPN(t, 5), PTE(t));
    r = look(&s, 0, VPN(2, 5));
    assert_int_equal(r.res, XL_LDSTX_HIT);
    assert_int_equal(r.way, 1);
    assert_int_equal(r.pte, 0xA002);
    assert_int_equal(r.rd, 1);
    assert_int_equal(r.wr, 1);
    expect_way(&s, 5, 0, 1, 1, 1);
    expect_way(&s, 5, 1, 0, 0, 0);
    expect_way(&s, 5, 2, 1, 0, 3);
    assert_int_equal(tb0(&s, 5), UINT64_C(0x1000C0005001));
    r = look(&s, 0, VPN(2, 5));
    assert_int_equal(r.res, XL_LDSTX_MISS);
    assert_int_equal(r.rd, 1);
    assert_int_equal(r.wr, 0);
    assert_int_equal(look(&s, 1, VPN(1, 5)).res, XL_LDSTX_MISS);
    assert_int_equal(ins(&s, 0, VPN(5, 5), PTE(5)), XL_LDSTX_INS_FREE);
    expect_way(&s, 5, 0, 1, 2, 1);
    expect_way(&s, 5, 1, 1, 0, 5);
    expect_way(&s, 5, 2, 1, 1, 3);
    assert_int_equal(look(&s, 0, VPN(3, 5)).res, XL_LDSTX_HIT);
    expect_way(&s, 5, 0, 1, 1, 1);
    expect_way(&s, 5, 1, 1, 0, 5);
    expect_way(&s, 5, 2, 0, 0, 0);
    assert_int_equal(s.c.hits, 2);
    assert_int_equal(s.c.misses, 2);
    assert_int_equal(s.c.valid, 2);
    xl_ldstx_free(&s);

    p.hit = XL_LDSTX_INCLUSIVE;
    mk(&s, &p);
    for (uint64_t t = 1; t <= 3; t++)
        ins(&s, 0, VPN(t, 5), PTE(t));
    r = look(&s, 0, VPN(1, 5));
    assert_int_equal(r.res, XL_LDSTX_HIT);
    assert_int_equal(r.way, 0);
    assert_int_equal(r.wr, 1);
    expect_way(&s, 5, 0, 1, 0, 1);
    expect_way(&s, 5, 1, 1, 2, 2);
    expect_way(&s, 5, 2, 1, 1, 3);
    assert_int_equal(look(&s, 0, VPN(1, 5)).res, XL_LDSTX_HIT);
    expect_way(&s, 5, 0, 1, 0, 1);
    expect_way(&s, 5, 1, 1, 2, 2);
    expect_way(&s, 5, 2, 1, 1, 3);
    assert_int_equal(look(&s, 0, VPN(3, 5)).res, XL_LDSTX_HIT);
    expect_way(&s, 5, 0, 1, 1, 1);
    expect_way(&s, 5, 1, 1, 2, 2);
    expect_way(&s, 5, 2, 1, 0, 3);
    assert_int_equal(s.c.valid, 3);
    xl_ldstx_free(&s);
}

/* 24.06 Compression conflicts in set 7. A (tag 0x001) and B (tag 0x002) share tag_hi 0
 * and ctx 0. X has tag 0x1001: tag_hi 1 (VPN bit 21, another 8 GB region).
 * REBASE: X drops A and B (dropped 2) and takes way 0 at age 0; block: way 0 0x4001,
 *   tag_hi 1 << 45 = 0x200000000000: 0x200000004001. A and B miss. Y (ctx 5, tag
 *   0x1002): same tag_hi, other ctx: a conflict again, X dropped (1). Counters: 2
 *   rebases, 3 dropped, 1 valid.
 * BYPASS: X is not inserted (1 read, no write); the block is as before, A and B still
 *   there, X misses; 1 conflict_bypass. */
static void test_24_06_conflicts(void **st)
{
    (void)st;
    xl_ldstx_t s;
    xl_ldstx_insert_t r;
    xl_ldstx_params_t p = xl_ldstx_defaults();
    uint64_t before;
    mk_def(&s);
    ins(&s, 0, VPN(0x001, 7), PTE(1));
    ins(&s, 0, VPN(0x002, 7), PTE(2));
    xl_ldstx_insert(&s, 0, VPN(0x1001, 7), 0xC001, &r);
    assert_int_equal(r.res, XL_LDSTX_INS_REBASE);
    assert_int_equal(r.dropped, 2);
    assert_int_equal(r.way, 0);
    assert_int_equal(r.wr, 1);
    expect_way(&s, 7, 0, 1, 0, 0x1001);
    expect_way(&s, 7, 1, 0, 0, 0);
    assert_int_equal(tb0(&s, 7), UINT64_C(0x200000004001));
    assert_int_equal(look(&s, 0, VPN(0x001, 7)).res, XL_LDSTX_MISS);
    assert_int_equal(look(&s, 0, VPN(0x002, 7)).res, XL_LDSTX_MISS);
    xl_ldstx_insert(&s, 5, VPN(0x1002, 7), 0xC002, &r);
    assert_int_equal(r.res, XL_LDSTX_INS_REBASE);
    assert_int_equal(r.dropped, 1);
    assert_int_equal(s.c.conflict_rebase, 2);
    assert_int_equal(s.c.rebase_dropped, 3);
    assert_int_equal(s.c.ins_free, 2);
    assert_int_equal(s.c.valid, 1);
    assert_int_equal(look(&s, 5, VPN(0x1002, 7)).pte, 0xC002);
    xl_ldstx_free(&s);

    p.conflict = XL_LDSTX_BYPASS;
    mk(&s, &p);
    ins(&s, 0, VPN(0x001, 7), PTE(1));
    ins(&s, 0, VPN(0x002, 7), PTE(2));
    before = tb0(&s, 7);
    xl_ldstx_insert(&s, 0, VPN(0x1001, 7), 0xC001, &r);
    assert_int_equal(r.res, XL_LDSTX_INS_BYP_CONFLICT);
    assert_int_equal(r.rd, 1);
    assert_int_equal(r.wr, 0);
    assert_int_equal(tb0(&s, 7), before);
    expect_way(&s, 7, 0, 1, 1, 0x001);
    expect_way(&s, 7, 1, 1, 0, 0x002);
    assert_int_equal(look(&s, 0, VPN(0x1001, 7)).res, XL_LDSTX_MISS);
    assert_int_equal(s.c.conflict_bypass, 1);
    assert_int_equal(s.c.conflict_rebase, 0);
    assert_int_equal(s.c.valid, 2);
    xl_ldstx_free(&s);
}

/* 24.07 Application stores (rule 2). Segment 3 holds A and B (2 valid ways). A 1-byte
 * store of 0x77 at byte 32 x 3 + 20 (inside way 1's PTE): segment 3 -> LDS, 2 ways lost,
 * valid 0. Lookup: skipped, no port cycle; insert: bypassed (LDS mode), no port cycle. A
 * load of that byte gives 0x77 back. A second store to segment 3 loses nothing. A 4-byte
 * store at 32 x 4 + 30 covers bytes 158..161: segments 4 (empty) and 5 (1 way, C): both
 * -> LDS, 1 more way lost. Counters: 3 stores, 3 TX segments taken, 3 ways lost, 3 LDS
 * segments. A store past the end (16383 + 2 bytes) is refused. */
static void test_24_07_app_store(void **st)
{
    (void)st;
    xl_ldstx_t s;
    xl_ldstx_lookup_t r;
    xl_ldstx_insert_t q;
    uint8_t b = 0x77, four[4] = {1, 2, 3, 4}, out = 0;
    mk_def(&s);
    ins(&s, 0, VPN(1, 3), PTE(1));
    ins(&s, 0, VPN(2, 3), PTE(2));
    ins(&s, 0, VPN(3, 5), PTE(3));
    assert_int_equal(s.c.valid, 3);
    assert_int_equal(xl_ldstx_app_store(&s, 32 * 3 + 20, 1, &b), XL_OK);
    assert_int_equal(xl_ldstx_mode(&s, 3), XL_LDSTX_MODE_LDS);
    assert_int_equal(s.c.lost_app_store, 2);
    assert_int_equal(s.c.valid, 1);
    r = look(&s, 0, VPN(1, 3));
    assert_int_equal(r.res, XL_LDSTX_SKIP_LDS);
    assert_int_equal(r.rd + r.wr, 0);
    xl_ldstx_insert(&s, 0, VPN(9, 3), PTE(9), &q);
    assert_int_equal(q.res, XL_LDSTX_INS_BYP_LDS);
    assert_int_equal(q.rd + q.wr, 0);
    assert_int_equal(xl_ldstx_app_load(&s, 32 * 3 + 20, 1, &out), XL_OK);
    assert_int_equal(out, 0x77);
    assert_int_equal(xl_ldstx_app_store(&s, 32 * 3, 1, &b), XL_OK);
    assert_int_equal(s.c.lost_app_store, 2);
    assert_int_equal(xl_ldstx_app_store(&s, 32 * 4 + 30, 4, four), XL_OK);
    assert_int_equal(xl_ldstx_mode(&s, 4), XL_LDSTX_MODE_LDS);
    assert_int_equal(xl_ldstx_mode(&s, 5), XL_LDSTX_MODE_LDS);
    assert_int_equal(xl_ldstx_mode(&s, 6), XL_LDSTX_MODE_TX);
    assert_int_equal(s.lds[161], 4);
    assert_int_equal(s.c.app_stores, 3);
    assert_int_equal(s.c.app_tx_taken, 3);
    assert_int_equal(s.c.lost_app_store, 3);
    assert_int_equal(s.c.lds_segs, 3);
    assert_int_equal(s.c.valid, 0);
    assert_int_equal(s.c.lookup_lds_mode, 1);
    assert_int_equal(s.c.ins_lds_mode, 1);
    assert_int_equal(xl_ldstx_app_store(&s, 16383, 2, four), XL_EINPUT);
    assert_int_equal(s.c.app_stores, 3);
    xl_ldstx_free(&s);
}

/* 24.08 Application loads (rule 3). Segment 2 holds A with PTE 0x8000000012345067, whose
 * bytes are in the LDS at 32 x 2 + 8 = 72 (0x67 first). An 8-byte load there reads 0: 1
 * zero read, the mode stays TX and A still hits. Segment 1 gets 0x11 0x22 stored at its
 * last two bytes (62, 63): a 4-byte load at 62 reads 0x11 0x22 from segment 1 (LDS) and
 * 0 0 from segment 2 (TX): 1 more zero read. */
static void test_24_08_app_load(void **st)
{
    (void)st;
    xl_ldstx_t s;
    uint8_t out[8], two[2] = {0x11, 0x22};
    mk_def(&s);
    ins(&s, 0, VPN(1, 2), UINT64_C(0x8000000012345067));
    assert_int_equal(s.lds[72], 0x67);
    assert_int_equal(s.lds[79], 0x80);
    memset(out, 0xEE, sizeof out);
    assert_int_equal(xl_ldstx_app_load(&s, 72, 8, out), XL_OK);
    for (int i = 0; i < 8; i++)
        assert_int_equal(out[i], 0);
    assert_int_equal(s.c.app_zero_reads, 1);
    assert_int_equal(xl_ldstx_mode(&s, 2), XL_LDSTX_MODE_TX);
    assert_int_equal(look(&s, 0, VPN(1, 2)).pte, UINT64_C(0x8000000012345067));
    assert_int_equal(xl_ldstx_app_store(&s, 62, 2, two), XL_OK);
    memset(out, 0xEE, sizeof out);
    assert_int_equal(xl_ldstx_app_load(&s, 62, 4, out), XL_OK);
    assert_int_equal(out[0], 0x11);
    assert_int_equal(out[1], 0x22);
    assert_int_equal(out[2], 0);
    assert_int_equal(out[3], 0);
    assert_int_equal(out[4], 0xEE);
    assert_int_equal(s.c.app_zero_reads, 2);
    assert_int_equal(s.c.app_loads, 2);
    assert_int_equal(xl_ldstx_app_load(&s, 16384, 1, out), XL_EINPUT);
    xl_ldstx_free(&s);
}

/* 24.09 Release scrub (rule 5) and allocation (rule 4). The application writes 0xFF over
 * segment 3's tag block (bytes 96..103): read as tags it would be 3 valid ways. Scrub(3):
 * 1, the block is 0, TX again, 1 scrub write (port_wr 1), no LDS segment left; an insert
 * then goes to way 0 as in an empty set. Scrub of segment 4 (TX, holding A): 0, A still
 * hits. Scrub(512) is out of range: -1.
 * EAGER: segment 10 holds 2 ways, 11 none; an allocation of bytes 320..383 takes both: 2
 * ways lost, 2 segments taken. LAZY: the same call leaves them TX. */
static void test_24_09_scrub_alloc(void **st)
{
    (void)st;
    xl_ldstx_t s;
    xl_ldstx_params_t p = xl_ldstx_defaults();
    uint8_t ff[8];
    xl_ldstx_insert_t r;
    memset(ff, 0xFF, sizeof ff);
    mk_def(&s);
    ins(&s, 0, VPN(1, 4), PTE(1));
    assert_int_equal(xl_ldstx_app_store(&s, 96, 8, ff), XL_OK);
    assert_int_equal(tb0(&s, 3), UINT64_MAX);
    assert_int_equal(xl_ldstx_scrub(&s, 3), 1);
    assert_int_equal(tb0(&s, 3), 0);
    assert_int_equal(xl_ldstx_mode(&s, 3), XL_LDSTX_MODE_TX);
    assert_int_equal(s.c.scrubs, 1);
    assert_int_equal(s.c.lds_segs, 0);
    assert_int_equal(s.c.port_wr, 2);   /* the insert's, the scrub's */
    xl_ldstx_insert(&s, 0, VPN(2, 3), PTE(2), &r);
    assert_int_equal(r.res, XL_LDSTX_INS_FREE);
    assert_int_equal(r.way, 0);
    assert_int_equal(xl_ldstx_scrub(&s, 4), 0);
    assert_int_equal(look(&s, 0, VPN(1, 4)).res, XL_LDSTX_HIT);
    assert_int_equal(xl_ldstx_scrub(&s, 512), -1);
    assert_int_equal(s.c.scrubs, 1);
    xl_ldstx_free(&s);

    p.alloc = XL_LDSTX_EAGER;
    mk(&s, &p);
    ins(&s, 0, VPN(1, 10), PTE(1));
    ins(&s, 0, VPN(2, 10), PTE(2));
    assert_int_equal(xl_ldstx_wg_alloc(&s, 320, 64), XL_OK);
    assert_int_equal(xl_ldstx_mode(&s, 10), XL_LDSTX_MODE_LDS);
    assert_int_equal(xl_ldstx_mode(&s, 11), XL_LDSTX_MODE_LDS);
    assert_int_equal(xl_ldstx_mode(&s, 12), XL_LDSTX_MODE_TX);
    assert_int_equal(s.c.lost_alloc, 2);
    assert_int_equal(s.c.alloc_tx_taken, 2);
    assert_int_equal(s.c.valid, 0);
    xl_ldstx_free(&s);

    p.alloc = XL_LDSTX_LAZY;
    mk(&s, &p);
    ins(&s, 0, VPN(1, 10), PTE(1));
    assert_int_equal(xl_ldstx_wg_alloc(&s, 320, 64), XL_OK);
    assert_int_equal(xl_ldstx_mode(&s, 10), XL_LDSTX_MODE_TX);
    assert_int_equal(s.c.wg_allocs, 1);
    assert_int_equal(s.c.lost_alloc, 0);
    assert_int_equal(look(&s, 0, VPN(1, 10)).res, XL_LDSTX_HIT);
    xl_ldstx_free(&s);
}

/* 24.10 LDS_SEG64: 64 B segments, 256 sets (set = VPN[7:0], tag = VPN >> 8), 6 ways, 3-bit
 * ages, 16 B tag block, PTEs at bytes 16 + 8 w. Set 9 (bytes 576..639), ctx 15, tags
 * 0x4001..0x4007 (tag_hi 1, tag_lo 1..7). After the first insert: way 0's field is valid
 * (bit 14 + 3 = 17) | tag_lo 1 = 0x20001 in tb[0]; tb[1] holds tag_hi 1 at bit 108 - 64 =
 * 44 and ctx 15 at 122 - 64 = 58..61: 0x100000000000 | 0x3C00000000000000 =
 * 0x3C00100000000000; way 0's PTE at byte 576 + 16 = 592. After six: way w has age 5 - w.
 * The seventh evicts way 0 (age 5): ctx 15, vpn 0x4001 << 8 | 9 = 0x400109; then way 0
 * age 0, ways 1..5 ages 5..1. */
static void test_24_10_seg64(void **st)
{
    (void)st;
    xl_ldstx_t s;
    xl_ldstx_params_t p = xl_ldstx_defaults();
    xl_ldstx_insert_t r;
    uint64_t tb[2];
    p.seg_bytes = 64;
    mk(&s, &p);
    assert_int_equal(s.g.segs, 256);
    ins(&s, 15, (UINT64_C(0x4001) << 8) | 9, 0x1234);
    xl_ldstx_tb_read(&s, 9, tb);
    assert_int_equal(tb[0], 0x20001);
    assert_int_equal(tb[1], UINT64_C(0x3C00100000000000));
    assert_int_equal(s.lds[592], 0x34);
    assert_int_equal(s.lds[593], 0x12);
    for (uint64_t k = 2; k <= 6; k++)
        assert_int_equal(ins(&s, 15, ((0x4000 + k) << 8) | 9, 0x1230 + k),
                         XL_LDSTX_INS_FREE);
    for (uint32_t w = 0; w < 6; w++)
        expect_way(&s, 9, w, 1, (int)(5 - w), 0x4001 + w);
    xl_ldstx_insert(&s, 15, (UINT64_C(0x4007) << 8) | 9, 0x1237, &r);
    assert_int_equal(r.res, XL_LDSTX_INS_VICTIM);
    assert_int_equal(r.way, 0);
    assert_int_equal(r.victim.ctx, 15);
    assert_int_equal(r.victim.vpn, 0x400109);
    assert_int_equal(r.victim.pte, 0x1234);
    expect_way(&s, 9, 0, 1, 0, 0x4007);
    for (uint32_t w = 1; w < 6; w++)
        expect_way(&s, 9, w, 1, (int)(6 - w), 0x4001 + w);
    /* an application store into bytes 16.. of segment 9 loses all six */
    assert_int_equal(xl_ldstx_app_store(&s, 592, 1, (const uint8_t *)"x"), XL_OK);
    assert_int_equal(s.c.lost_app_store, 6);
    xl_ldstx_free(&s);
}

/* 24.11 2 MB pages: VPN 27 bits, set VPN[8:0], T = 18, L = 16, H = 2, 1 pad bit (63). The
 * largest VPN 0x7FFFFFF (set 511, tag 0x3FFFF: tag_hi 3, tag_lo 0xFFFF) with ctx 15: way
 * 0 = valid (bit 16 + 2 = 18) | 0xFFFF = 0x4FFFF; tag_hi 3 at 57..58, vfid 3 at 59..60,
 * vmid 3 at 61..62: 0x7E00000000000000; the block is 0x7E0000000004FFFF, so byte 7 of
 * segment 511 (LDS byte 32 x 511 + 7 = 16359) is 0x7E and the pad bit stays 0. A VPN
 * given with bit 27 set is masked to 27 bits and hits the same entry. */
static void test_24_11_2m_pages(void **st)
{
    (void)st;
    xl_ldstx_t s;
    xl_ldstx_params_t p = xl_ldstx_defaults();
    xl_tagblk_t f;
    uint64_t tb[2];
    p.page_shift = 21;
    mk(&s, &p);
    assert_int_equal(ins(&s, 15, 0x7FFFFFF, 0x600083), XL_LDSTX_INS_FREE);
    assert_int_equal(tb0(&s, 511), UINT64_C(0x7E0000000004FFFF));
    assert_int_equal(s.lds[16359], 0x7E);
    xl_ldstx_tb_read(&s, 511, tb);
    assert_int_equal(xl_tagblk_decode(&s.g.tb, tb, &f), XL_OK);
    assert_int_equal(f.tag_hi, 3);
    assert_int_equal(f.way[0].tag_lo, 0xFFFF);
    assert_int_equal(look(&s, 15, 0x7FFFFFF | (UINT64_C(1) << 27)).pte, 0x600083);
    xl_ldstx_free(&s);
}

/* 24.12 IDEAL against STRICT on one sequence in set 7: A (tag 0x001), B (tag 0x002): both
 * free, ways 0 and 1, same ages. X (tag 0x1001, tag_hi 1): STRICT rebases (drops A and B,
 * X in way 0); IDEAL has no base, so X goes to the free way 2: w0 A2, w1 B1, w2 X0, and
 * A still hits in IDEAL only (an exclusive hit: A leaves, way 0 free). IDEAL keeps ways
 * of different contexts in one set: (ctx 3, tag 0x002) goes to the free way 0 beside
 * (ctx 0, tag 0x002), and each hits with its own PTE. IDEAL leaves the tag-block bytes 0. */
static void test_24_12_ideal_vs_strict(void **st)
{
    (void)st;
    xl_ldstx_t a, b;
    xl_ldstx_params_t p = xl_ldstx_defaults();
    mk(&a, &p);
    p.tags = XL_LDSTX_IDEAL;
    mk(&b, &p);
    assert_int_equal(ins(&a, 0, VPN(0x001, 7), PTE(1)), XL_LDSTX_INS_FREE);
    assert_int_equal(ins(&b, 0, VPN(0x001, 7), PTE(1)), XL_LDSTX_INS_FREE);
    assert_int_equal(ins(&a, 0, VPN(0x002, 7), PTE(2)), XL_LDSTX_INS_FREE);
    assert_int_equal(ins(&b, 0, VPN(0x002, 7), PTE(2)), XL_LDSTX_INS_FREE);
    for (uint32_t w = 0; w < 2; w++) {
        expect_way(&a, 7, w, 1, (int)(1 - w), 1 + w);
        expect_way(&b, 7, w, 1, (int)(1 - w), 1 + w);
    }
    assert_int_equal(ins(&a, 0, VPN(0x1001, 7), PTE(0x1001)), XL_LDSTX_INS_REBASE);
    assert_int_equal(ins(&b, 0, VPN(0x1001, 7), PTE(0x1001)), XL_LDSTX_INS_FREE);
    expect_way(&a, 7, 0, 1, 0, 0x1001);
    expect_way(&a, 7, 1, 0, 0, 0);
    expect_way(&b, 7, 0, 1, 2, 0x001);
    expect_way(&b, 7, 1, 1, 1, 0x002);
    expect_way(&b, 7, 2, 1, 0, 0x1001);
    assert_int_equal(look(&a, 0, VPN(0x001, 7)).res, XL_LDSTX_MISS);
    assert_int_equal(look(&b, 0, VPN(0x001, 7)).res, XL_LDSTX_HIT);
    assert_int_equal(ins(&b, 3, VPN(0x002, 7), 0x3002), XL_LDSTX_INS_FREE);
    expect_way(&b, 7, 0, 1, 0, 0x002);
    assert_int_equal(look(&b, 3, VPN(0x002, 7)).pte, 0x3002);
    assert_int_equal(look(&b, 0, VPN(0x002, 7)).pte, PTE(2));
    assert_int_equal(tb0(&b, 7), 0);
    assert_int_equal(a.c.conflict_rebase, 1);
    assert_int_equal(b.c.conflict_rebase, 0);
    xl_ldstx_free(&a);
    xl_ldstx_free(&b);
}

/* 24.13 Shootdowns. Set 5 with w0 A2, w1 B1, w2 C0: inv(B) -> 1 with 1 read + 1 write; A
 * (2 > 1) -> 1, C stays 0; inv(B) again -> 0 with 1 read, no write; inv in an LDS segment
 * -> 0, no port cycle.
 * inv_ctx (STRICT): segment 1 holds 2 ways of ctx 1, segment 2 one of ctx 2, segment 3
 * one of ctx 1: inv_ctx(1) drops 3, reading all 512 TX segments and writing 2; inv_all
 * then drops the last one.
 * inv_ctx (IDEAL, mixed contexts in set 4: ctx 1, 2, 1 in ways 0..2, ages 2, 1, 0):
 * inv_ctx(1) drops 2 and the ctx 2 way's age compacts from 1 to 0. */
static void test_24_13_shootdown(void **st)
{
    (void)st;
    xl_ldstx_t s;
    xl_ldstx_params_t p = xl_ldstx_defaults();
    uint8_t rd = 9, wr = 9, b = 1;
    uint64_t r0, w0;
    mk_def(&s);
    for (uint64_t t = 1; t <= 3; t++)
        ins(&s, 0, VPN(t, 5), PTE(t));
    assert_int_equal(xl_ldstx_inv(&s, 0, VPN(2, 5), &rd, &wr), 1);
    assert_int_equal(rd, 1);
    assert_int_equal(wr, 1);
    expect_way(&s, 5, 0, 1, 1, 1);
    expect_way(&s, 5, 1, 0, 0, 0);
    expect_way(&s, 5, 2, 1, 0, 3);
    assert_int_equal(xl_ldstx_inv(&s, 0, VPN(2, 5), &rd, &wr), 0);
    assert_int_equal(rd, 1);
    assert_int_equal(wr, 0);
    xl_ldstx_app_store(&s, 32 * 6, 1, &b);
    assert_int_equal(xl_ldstx_inv(&s, 0, VPN(2, 6), &rd, &wr), 0);
    assert_int_equal(rd + wr, 0);
    assert_int_equal(s.c.invs, 3);
    assert_int_equal(s.c.inv_hits, 1);
    xl_ldstx_free(&s);

    mk_def(&s);
    ins(&s, 1, VPN(1, 1), 1);
    ins(&s, 1, VPN(2, 1), 2);
    ins(&s, 2, VPN(1, 2), 3);
    ins(&s, 1, VPN(1, 3), 4);
    r0 = s.c.port_rd;
    w0 = s.c.port_wr;
    assert_int_equal(xl_ldstx_inv_ctx(&s, 1), 3);
    assert_int_equal(s.c.port_rd - r0, 512);
    assert_int_equal(s.c.port_wr - w0, 2);
    assert_int_equal(look(&s, 2, VPN(1, 2)).res, XL_LDSTX_HIT);
    ins(&s, 2, VPN(1, 2), 3);
    assert_int_equal(xl_ldstx_inv_all(&s), 1);
    assert_int_equal(s.c.inv_scans, 2);
    assert_int_equal(s.c.inv_scan_ways, 4);
    assert_int_equal(s.c.valid, 0);
    xl_ldstx_free(&s);

    p.tags = XL_LDSTX_IDEAL;
    mk(&s, &p);
    ins(&s, 1, VPN(1, 4), 1);
    ins(&s, 2, VPN(2, 4), 2);
    ins(&s, 1, VPN(3, 4), 3);
    expect_way(&s, 4, 1, 1, 1, 2);
    assert_int_equal(xl_ldstx_inv_ctx(&s, 1), 2);
    expect_way(&s, 4, 0, 0, 0, 0);
    expect_way(&s, 4, 1, 1, 0, 2);
    expect_way(&s, 4, 2, 0, 0, 0);
    xl_ldstx_free(&s);
}

/* 24.14 Parameter checks: 48-byte segments, a 12 KB LDS (not a power of two), an LDS
 * smaller than a segment, page shift 13 and tags = 2 are each refused with XL_EINPUT and
 * one line (no newline) naming lds_tx; the 64 KB LDS is accepted (2048 segments). */
static void test_24_14_params(void **st)
{
    (void)st;
    xl_ldstx_t s;
    xl_ldstx_params_t p;
    char err[160];
    memset(&s, 0, sizeof s);
    for (int i = 0; i < 5; i++) {
        p = xl_ldstx_defaults();
        switch (i) {
        case 0: p.seg_bytes = 48; break;
        case 1: p.lds_bytes = 12288; break;
        case 2: p.lds_bytes = 16; break;
        case 3: p.page_shift = 13; break;
        default: p.tags = (xl_ldstx_tags_t)2; break;
        }
        err[0] = 0;
        assert_int_equal(xl_ldstx_reset(&s, &p, err, sizeof err), XL_EINPUT);
        assert_non_null(strstr(err, "lds_tx: "));
        assert_null(strchr(err, '\n'));
    }
    p = xl_ldstx_defaults();
    p.lds_bytes = 65536;
    assert_int_equal(xl_ldstx_reset(&s, &p, err, sizeof err), XL_OK);
    assert_int_equal(s.g.segs, 2048);
    xl_ldstx_free(&s);
}

/* 24.15 A random run (seed 24) of 20000 operations on a 1 KB LDS (32 sets) in STRICT and
 * IDEAL side by side, with one ctx and tags below 2^12 so no compression conflict can
 * happen: then the two modes must agree on every result, victim and way. After each
 * operation, in both: every TX segment's valid ways have the distinct ages 0..n-1, the
 * valid counter is their sum, lds_segs counts the LDS segments, every STRICT TX block
 * decodes with pad 0. */
static void check_invariants(const xl_ldstx_t *s)
{
    uint64_t valid = 0, lds = 0;
    for (uint32_t seg = 0; seg < s->g.segs; seg++) {
        xl_ldstx_ideal_t w[XL_LDSTX_MAX_WAYS];
        uint32_t n = xl_ldstx_ways(s, seg, w), seen = 0;
        if (xl_ldstx_mode(s, seg) == XL_LDSTX_MODE_LDS) {
            lds++;
            continue;
        }
        for (uint32_t i = 0; i < s->g.tb.ways; i++)
            if (w[i].valid) {
                assert_true(w[i].age < n);
                assert_int_equal(seen & (1u << w[i].age), 0);
                seen |= 1u << w[i].age;
            }
        valid += n;
        if (s->p.tags == XL_LDSTX_STRICT) {
            uint64_t tb[2];
            xl_tagblk_t f;
            xl_ldstx_tb_read(s, seg, tb);
            assert_int_equal(xl_tagblk_decode(&s->g.tb, tb, &f), XL_OK);
        }
    }
    assert_int_equal(valid, s->c.valid);
    assert_int_equal(lds, s->c.lds_segs);
}

static void test_24_15_random_modes_agree(void **st)
{
    (void)st;
    xl_ldstx_t a, b;
    xl_ldstx_params_t p = xl_ldstx_defaults();
    xl_rng_t rng;
    p.lds_bytes = 1024;
    mk(&a, &p);
    p.tags = XL_LDSTX_IDEAL;
    mk(&b, &p);
    xl_rng_seed(&rng, 24);
    for (int i = 0; i < 20000; i++) {
        uint32_t op = (uint32_t)xl_rng_below(&rng, 100);
        uint64_t vpn = xl_rng_below(&rng, 8) << 5 | xl_rng_below(&rng, 32);
        if (op < 45) {
            xl_ldstx_insert_t ra, rb;
            xl_ldstx_insert(&a, 1, vpn, vpn * 3 + 1, &ra);
            xl_ldstx_insert(&b, 1, vpn, vpn * 3 + 1, &rb);
            assert_memory_equal(&ra, &rb, sizeof ra);
        } else if (op < 85) {
            xl_ldstx_lookup_t ra, rb;
            xl_ldstx_lookup(&a, 1, vpn, &ra);
            xl_ldstx_lookup(&b, 1, vpn, &rb);
            assert_memory_equal(&ra, &rb, sizeof ra);
            if (ra.res == XL_LDSTX_HIT)
                assert_int_equal(ra.pte, vpn * 3 + 1);
        } else if (op < 92) {
            assert_int_equal(xl_ldstx_inv(&a, 1, vpn, NULL, NULL),
                             xl_ldstx_inv(&b, 1, vpn, NULL, NULL));
        } else if (op < 96) {
            uint32_t addr = (uint32_t)xl_rng_below(&rng, 1020);
            uint8_t d[4] = {1, 2, 3, 4};
            xl_ldstx_app_store(&a, addr, 4, d);
            xl_ldstx_app_store(&b, addr, 4, d);
        } else {
            uint32_t seg = (uint32_t)xl_rng_below(&rng, 32);
            assert_int_equal(xl_ldstx_scrub(&a, seg), xl_ldstx_scrub(&b, seg));
        }
        for (uint32_t seg = 0; seg < 32; seg++) {
            xl_ldstx_ideal_t wa[XL_LDSTX_MAX_WAYS], wb[XL_LDSTX_MAX_WAYS];
            assert_int_equal(xl_ldstx_ways(&a, seg, wa), xl_ldstx_ways(&b, seg, wb));
            assert_memory_equal(wa, wb, a.g.tb.ways * sizeof wa[0]);
        }
        if (i % 64 == 0) {
            check_invariants(&a);
            check_invariants(&b);
        }
    }
    check_invariants(&a);
    check_invariants(&b);
    assert_memory_equal(&a.c, &b.c, sizeof a.c);
    assert_true(a.c.ins_victim > 0 && a.c.hits > 0);
    assert_true(a.c.scrubs > 0 && a.c.lost_app_store > 0);
    xl_ldstx_free(&a);
    xl_ldstx_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_24_01_geometry),
        cmocka_unit_test(test_24_02_codec_by_hand),
        cmocka_unit_test(test_24_03_codec_max),
        cmocka_unit_test(test_24_04_insert_sequence),
        cmocka_unit_test(test_24_05_hits),
        cmocka_unit_test(test_24_06_conflicts),
        cmocka_unit_test(test_24_07_app_store),
        cmocka_unit_test(test_24_08_app_load),
        cmocka_unit_test(test_24_09_scrub_alloc),
        cmocka_unit_test(test_24_10_seg64),
        cmocka_unit_test(test_24_11_2m_pages),
        cmocka_unit_test(test_24_12_ideal_vs_strict),
        cmocka_unit_test(test_24_13_shootdown),
        cmocka_unit_test(test_24_14_params),
        cmocka_unit_test(test_24_15_random_modes_agree),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
