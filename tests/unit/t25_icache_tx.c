/*
 * t25_icache_tx.c - area 25: an I-cache used as a TLB victim store, IC-TX (block xl_ictx,
 * model/include/xlat/icache_tx.h, model/src/gpu/icache_tx.c, with the shared tag-block
 * codec of xlat/tagblk.h; MICRO'21 §4.3, docs/papers/translation-reach.md): the Tx-mode
 * payload geometry of six configurations, one payload encoded by hand and through the
 * store, instruction-aware replacement (rules 1-3 in order, line-level LRU), V2 evicting
 * instructions, V1's one entry per line, the kernel-boundary flush, a fill bypassing an
 * IC-mode line, sub-way ages and victims, REBASE / BYPASS / IDEAL, instruction fetch never
 * hitting a TX line, the shootdowns, parameter checks and random runs with invariants.
 *
 * Unless a test says otherwise: the defaults (256 lines = 32 sets x 8 ways, 4 KB pages,
 * V4, STRICT, REBASE, EXCLUSIVE, no forwarding). Line l = way << 5 | set. A translation's
 * line is VPN[7:0] and its tag VPN >> 8 (28 bits: tag_hi = tag[27:4], tag_lo = tag[3:0]);
 * TVPN(tag, line) builds the VPN. An instruction address's set is A[10:6] and its tag
 * A[47:11]; IA(tag, set) builds it. In the payload, sub-way k's byte k is valid << 7 |
 * age << 4 | tag_lo; pl[1] holds tag_hi in bits 23:0, vfid 25:24, vmid 27:26, pad 31:28.
 */
#include "xltest.h"

#include "xlat/icache_tx.h"
#include "xlat/rng.h"

#define TVPN(tag, line) (((uint64_t)(tag) << 8) | (line))
#define IA(tag, set) (((uint64_t)(tag) << 11) | ((uint64_t)(set) << 6))

static void mk(xl_ictx_t *s, const xl_ictx_params_t *p)
{
    char err[160] = "";
    memset(s, 0, sizeof *s);
    assert_int_equal(xl_ictx_reset(s, p, err, sizeof err), XL_OK);
}

static void mk_var(xl_ictx_t *s, xl_ictx_var_t v)
{
    xl_ictx_params_t p = xl_ictx_defaults();
    p.variant = v;
    mk(s, &p);
}

static xl_ictx_fill_t fill(xl_ictx_t *s, uint8_t ctx, uint64_t vpn, uint64_t pte)
{
    xl_ictx_fill_t r;
    xl_ictx_fill(s, ctx, vpn, pte, &r);
    return r;
}

static xl_ictx_lookup_t look(xl_ictx_t *s, uint8_t ctx, uint64_t vpn)
{
    xl_ictx_lookup_t r;
    xl_ictx_lookup(s, ctx, vpn, &r);
    return r;
}

static xl_ictx_ifill_t ifill(xl_ictx_t *s, uint64_t addr)
{
    xl_ictx_ifill_t r;
    xl_ictx_ifill(s, addr, &r);
    return r;
}

/* The line-level ages of set `set`, ways 0..7. */
static void expect_ages(const xl_ictx_t *s, uint32_t set, const uint8_t want[8])
{
    for (uint32_t w = 0; w < 8; w++)
        if (s->age[w << s->g.set_bits | set] != want[w])
            fail_msg("set %u way %u: age %u, want %u", set, w,
                     s->age[w << s->g.set_bits | set], want[w]);
}

/* Sub-way k of line l: valid, and if valid its age and full tag. */
static void expect_sub(const xl_ictx_t *s, uint32_t l, uint32_t k, int valid, int age,
                       uint64_t tag)
{
    xl_ictx_sub_t w[XL_ICTX_SUBS];
    xl_ictx_subs(s, l, w);
    assert_int_equal(w[k].valid, valid);
    if (valid) {
        assert_int_equal(w[k].age, age);
        assert_int_equal(w[k].tag, tag);
    }
}

/* 25.01 The Tx-mode geometry (tagblk.h formula with TB 96, W 8, A 3, M 4, S 4; T =
 * vpn_bits - line_bits; L = min(T, floor((96 - 4 - T - 32) / 7)), H = T - L, pad = 96 -
 * (4 + H + 8 (4 + L)); tag_hi at 8 (4 + L)):
 *  256 lines, 4 KB:  T 36-8 = 28, L floor(32/7) = 4, H 24, pad 96-(4+24+64) = 4; way 8 b,
 *                    base 32 b; tag_hi 64, vfid 88, vmid 90, pad 92; itag 48-6-5 = 37;
 *                    V1 tag 36-5 = 31
 *  256 lines, 64 KB: T 32-8 = 24, L floor(36/7) = 5, H 19, pad 96-(4+19+72) = 1; way 9;
 *                    tag_hi 72, vfid 91, vmid 93, pad 95; V1 27
 *  256 lines, 2 MB:  T 27-8 = 19, L floor(41/7) = 5, H 14, pad 96-(4+14+72) = 6; tag_hi
 *                    72, vfid 86, vmid 88, pad 90; V1 22
 *  64 lines (8 sets): T 30, L floor(30/7) = 4, H 26, pad 2; vfid 90; itag 39; V1 33
 *  128 lines (16):    T 29, L floor(31/7) = 4, H 25, pad 3; vfid 89; itag 38; V1 32
 *  512 lines (64):    T 27, L floor(33/7) = 4, H 23, pad 5; vfid 87; itag 36; V1 30 */
static void test_25_01_geometry(void **st)
{
    (void)st;
    static const struct {
        uint32_t lines, shift, sets, set_bits, line_bits, T, L, H, pad, way_bits, base_bits;
        uint32_t hi_pos, vfid_pos, vmid_pos, pad_pos, itag, T1;
    } row[] = {
        {256, 12, 32, 5, 8, 28, 4, 24, 4, 8, 32, 64, 88, 90, 92, 37, 31},
        {256, 16, 32, 5, 8, 24, 5, 19, 1, 9, 24, 72, 91, 93, 95, 37, 27},
        {256, 21, 32, 5, 8, 19, 5, 14, 6, 9, 24, 72, 86, 88, 90, 37, 22},
        {64, 12, 8, 3, 6, 30, 4, 26, 2, 8, 32, 64, 90, 92, 94, 39, 33},
        {128, 12, 16, 4, 7, 29, 4, 25, 3, 8, 32, 64, 89, 91, 93, 38, 32},
        {512, 12, 64, 6, 9, 27, 4, 23, 5, 8, 32, 64, 87, 89, 91, 36, 30},
    };
    for (size_t i = 0; i < sizeof row / sizeof row[0]; i++) {
        xl_ictx_params_t p = xl_ictx_defaults();
        xl_ictx_geom_t g;
        p.lines = row[i].lines;
        p.page_shift = row[i].shift;
        assert_int_equal(xl_ictx_geom(&p, &g, NULL, 0), XL_OK);
        assert_int_equal(g.sets, row[i].sets);
        assert_int_equal(g.set_bits, row[i].set_bits);
        assert_int_equal(g.line_bits, row[i].line_bits);
        assert_int_equal(g.tb.tb_bits, 96);
        assert_int_equal(g.tb.ways, 8);
        assert_int_equal(g.tb.meta_bits, 4);
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
        assert_int_equal(g.itag_bits, row[i].itag);
        assert_int_equal(g.T1, row[i].T1);
        assert_int_equal(8 * g.tb.way_bits + g.tb.base_bits, 96);
    }
}

/* 25.02 One Tx-mode payload by hand (default geometry): ctx vmid 2, vfid 1 = 9; tag_hi
 * 0xABCDEF; sub-way 0 valid, age 3, tag_lo 5: 0x80 | 0x30 | 5 = 0xB5; sub-way 3 valid,
 * age 0, tag_lo 0xF: 0x8F << 24; sub-way 7 valid, age 7, tag_lo 0: 0xF0 << 56. pl[0] =
 * 0xF00000008F0000B5; pl[1] = 0xABCDEF | 1 << 24 | 2 << 26 = 0x09ABCDEF. Decoding gives
 * the fields back; a pad bit (92 = pl[1] bit 28) or bit 96 set decodes as XL_EINPUT; a
 * tag_lo of 0x10 does not encode.
 * Through the store: ctx 9 fills TVPN(0xABCDEF5, 0x2A) (line 42 = set 10, way 1) with PTE
 * 0x1111: the entry {valid 1, mode TX, pl[0] 0x85 (sub-way 0 valid, age 0, tag_lo 5),
 * pl[1] 0x09ABCDEF}; TVPN(0xABCDEFF, 0x2A) with PTE 0x2222 goes to sub-way 1 (0x8F),
 * sub-way 0 ages to 1 (0x95): pl[0] 0x8F95; line bytes 0-7 hold 0x1111, 8-15 0x2222. */
static void test_25_02_payload_by_hand(void **st)
{
    (void)st;
    xl_ictx_params_t p = xl_ictx_defaults();
    xl_ictx_geom_t g;
    xl_tagblk_t f, d;
    uint64_t pl[2];
    xl_ictx_t s;
    xl_ictx_fill_t r;
    assert_int_equal(xl_ictx_geom(&p, &g, NULL, 0), XL_OK);
    memset(&f, 0, sizeof f);
    f.ctx = XL_ICTX_CTX(2, 1);
    f.tag_hi = 0xABCDEF;
    f.way[0].valid = 1;
    f.way[0].age = 3;
    f.way[0].tag_lo = 5;
    f.way[3].valid = 1;
    f.way[3].tag_lo = 0xF;
    f.way[7].valid = 1;
    f.way[7].age = 7;
    assert_int_equal(xl_tagblk_encode(&g.tb, &f, pl), XL_OK);
    assert_int_equal(pl[0], UINT64_C(0xF00000008F0000B5));
    assert_int_equal(pl[1], UINT64_C(0x09ABCDEF));
    assert_int_equal(xl_tagblk_decode(&g.tb, pl, &d), XL_OK);
    assert_memory_equal(&d, &f, sizeof f);
    pl[1] |= UINT64_C(1) << 28;
    assert_int_equal(xl_tagblk_decode(&g.tb, pl, &d), XL_EINPUT);
    pl[1] = UINT64_C(0x09ABCDEF) | UINT64_C(1) << 32;
    assert_int_equal(xl_tagblk_decode(&g.tb, pl, &d), XL_EINPUT);
    f.way[3].tag_lo = 0x10;
    assert_int_equal(xl_tagblk_encode(&g.tb, &f, pl), XL_EINPUT);
    assert_int_equal(pl[0] | pl[1], 0);

    mk(&s, &p);
    r = fill(&s, 9, TVPN(0xABCDEF5, 0x2A), 0x1111);
    assert_int_equal(r.res, XL_ICTX_INS_LINE);
    assert_int_equal(r.line, 42);
    assert_int_equal(r.sub, 0);
    assert_int_equal(s.tag[42].valid, 1);
    assert_int_equal(s.tag[42].mode, XL_ICTX_MODE_TX);
    assert_int_equal(s.tag[42].pl[0], 0x85);
    assert_int_equal(s.tag[42].pl[1], UINT64_C(0x09ABCDEF));
    r = fill(&s, 9, TVPN(0xABCDEFF, 0x2A), 0x2222);
    assert_int_equal(r.res, XL_ICTX_INS_FREE);
    assert_int_equal(r.sub, 1);
    assert_int_equal(s.tag[42].pl[0], 0x8F95);
    assert_int_equal(s.tag[42].pl[1], UINT64_C(0x09ABCDEF));
    assert_int_equal(s.data[42 * 64 + 0], 0x11);
    assert_int_equal(s.data[42 * 64 + 1], 0x11);
    assert_int_equal(s.data[42 * 64 + 2], 0);
    assert_int_equal(s.data[42 * 64 + 8], 0x22);
    assert_int_equal(s.data[42 * 64 + 9], 0x22);
    assert_int_equal(look(&s, 9, TVPN(0xABCDEF5, 0x2A)).pte, 0x1111);
    xl_ictx_free(&s);
}

/* 25.03 Instruction-aware replacement (V3), set 0 (lines 0, 32, .., 224 = ways 0..7; at
 * reset way w has age w). Ages are listed way 0..7.
 *   ifill I1                  rule 1: way 0                    0 1 2 3 4 5 6 7
 *   fill TVPN(1, 32), (1, 64) invalid lines: ways 1, 2 TX       2 1 0 3 4 5 6 7
 *   ifill I2..I6              rule 1: ways 3..7                7 6 5 4 3 2 1 0
 *   ifetch I1                 hit, way 0 most recent           0 7 6 5 4 3 2 1
 *   ifill I7                  rule 2: the LRU TX line, way 1 (age 7), not the LRU line
 *                             overall; its 1 entry dropped      1 0 7 6 5 4 3 2
 *   lookup TVPN(1, 32)        MISS_IC now
 *   fill TVPN(2, 64)          free sub-way 1 of way 2, way 2 used: 2 1 0 7 6 5 4 3
 *   ifill I8                  rule 2: way 2, the only TX line, though most recent; its
 *                             2 entries dropped (ages unchanged)
 *   ifill I9                  rule 3: no invalid, no TX: the LRU IC line, way 3 (I2)
 *                                                               3 2 1 0 7 6 5 4
 *   ifetch I2 misses, I1 hits. */
static void test_25_03_instruction_aware(void **st)
{
    (void)st;
    xl_ictx_t s;
    xl_ictx_ifill_t r;
    uint32_t line = 99;
    mk_var(&s, XL_ICTX_V3);
    assert_int_equal(ifill(&s, IA(1, 0)).res, XL_ICTX_IF_INVALID);
    expect_ages(&s, 0, (const uint8_t[8]){0, 1, 2, 3, 4, 5, 6, 7});
    assert_int_equal(s.tag[0].pl[0], 1);                /* the instruction tag */
    assert_int_equal(fill(&s, 0, TVPN(1, 32), 0xA1).res, XL_ICTX_INS_LINE);
    assert_int_equal(fill(&s, 0, TVPN(1, 64), 0xA2).res, XL_ICTX_INS_LINE);
    expect_ages(&s, 0, (const uint8_t[8]){2, 1, 0, 3, 4, 5, 6, 7});
    for (uint64_t t = 2; t <= 6; t++) {
        r = ifill(&s, IA(t, 0));
        assert_int_equal(r.res, XL_ICTX_IF_INVALID);
        assert_int_equal(r.line, (t + 1) * 32);
    }
    expect_ages(&s, 0, (const uint8_t[8]){7, 6, 5, 4, 3, 2, 1, 0});
    assert_int_equal(xl_ictx_ifetch(&s, IA(1, 0), &line), 1);
    assert_int_equal(line, 0);
    expect_ages(&s, 0, (const uint8_t[8]){0, 7, 6, 5, 4, 3, 2, 1});
    r = ifill(&s, IA(7, 0));
    assert_int_equal(r.res, XL_ICTX_IF_TX);
    assert_int_equal(r.line, 32);
    assert_int_equal(r.dropped, 1);
    assert_int_equal(r.nfwd, 0);
    expect_ages(&s, 0, (const uint8_t[8]){1, 0, 7, 6, 5, 4, 3, 2});
    assert_int_equal(look(&s, 0, TVPN(1, 32)).res, XL_ICTX_MISS_IC);
    assert_int_equal(fill(&s, 0, TVPN(2, 64), 0xA3).res, XL_ICTX_INS_FREE);
    expect_ages(&s, 0, (const uint8_t[8]){2, 1, 0, 7, 6, 5, 4, 3});
    r = ifill(&s, IA(8, 0));
    assert_int_equal(r.res, XL_ICTX_IF_TX);
    assert_int_equal(r.line, 64);
    assert_int_equal(r.dropped, 2);
    expect_ages(&s, 0, (const uint8_t[8]){2, 1, 0, 7, 6, 5, 4, 3});
    r = ifill(&s, IA(9, 0));
    assert_int_equal(r.res, XL_ICTX_IF_IC);
    assert_int_equal(r.line, 96);
    expect_ages(&s, 0, (const uint8_t[8]){3, 2, 1, 0, 7, 6, 5, 4});
    assert_int_equal(xl_ictx_ifetch(&s, IA(2, 0), NULL), 0);
    assert_int_equal(xl_ictx_ifetch(&s, IA(1, 0), NULL), 1);
    assert_int_equal(ifill(&s, IA(9, 0)).res, XL_ICTX_IF_PRESENT);
    assert_int_equal(s.c.ifills, 10);
    assert_int_equal(s.c.ifill_invalid, 6);
    assert_int_equal(s.c.ifill_tx_evict, 2);
    assert_int_equal(s.c.ifill_tx_dropped, 3);
    assert_int_equal(s.c.ifill_ic_evict, 1);
    assert_int_equal(s.c.ifill_present, 1);
    assert_int_equal(s.c.ifetches, 3);
    assert_int_equal(s.c.ihits, 2);
    assert_int_equal(s.c.valid, 0);
    assert_int_equal(s.c.tx_lines, 0);
    assert_int_equal(s.c.ic_lines, 8);
    xl_ictx_free(&s);
}

/* 25.04 V2 evicts instructions, both ways. ifill I1 -> set 0 way 0 (line 0). A translation
 * fill into line 0 (TVPN(5, 0)) takes it: INS_IC_EVICT, I1 no longer fetches. I2..I8 fill
 * ways 1..7 (ages 7 6 5 4 3 2 1 0); ifetch I2 (way 1, age 6; the younger +1):
 * 7 0 6 5 4 3 2 1; a second fill
 * into line 0 (free sub-way 1) uses way 0: 0 1 7 6 5 4 3 2. ifill I9: plain LRU takes
 * way 2 (I3, age 7), an IC line, although the TX line way 0 is there (V3 would take way
 * 0). With fwd_l2, an ifill that does take a TX line returns its entries in sub-way order:
 * line 0's are TVPN(5, 0) and TVPN(6, 0). */
static void test_25_04_v2_naive(void **st)
{
    (void)st;
    xl_ictx_t s;
    xl_ictx_params_t p = xl_ictx_defaults();
    xl_ictx_ifill_t r;
    p.variant = XL_ICTX_V2;
    p.fwd_l2 = 1;
    mk(&s, &p);
    ifill(&s, IA(1, 0));
    assert_int_equal(fill(&s, 0, TVPN(5, 0), 0x55).res, XL_ICTX_INS_IC_EVICT);
    assert_int_equal(s.c.fill_ic_evict, 1);
    assert_int_equal(xl_ictx_ifetch(&s, IA(1, 0), NULL), 0);
    for (uint64_t t = 2; t <= 8; t++)
        ifill(&s, IA(t, 0));
    expect_ages(&s, 0, (const uint8_t[8]){7, 6, 5, 4, 3, 2, 1, 0});
    assert_int_equal(xl_ictx_ifetch(&s, IA(2, 0), NULL), 1);
    expect_ages(&s, 0, (const uint8_t[8]){7, 0, 6, 5, 4, 3, 2, 1});
    assert_int_equal(fill(&s, 0, TVPN(6, 0), 0x66).res, XL_ICTX_INS_FREE);
    expect_ages(&s, 0, (const uint8_t[8]){0, 1, 7, 6, 5, 4, 3, 2});
    r = ifill(&s, IA(9, 0));
    assert_int_equal(r.res, XL_ICTX_IF_IC);
    assert_int_equal(r.line, 64);
    /* make line 0 the LRU: fetch every other way */
    for (uint64_t t = 2; t <= 9; t++)
        if (t != 3)
            assert_int_equal(xl_ictx_ifetch(&s, IA(t, 0), NULL), 1);
    assert_int_equal(s.age[0], 7);
    r = ifill(&s, IA(10, 0));
    assert_int_equal(r.res, XL_ICTX_IF_TX);
    assert_int_equal(r.line, 0);
    assert_int_equal(r.nfwd, 2);
    assert_int_equal(r.dropped, 0);
    assert_int_equal(r.fwd[0].vpn, TVPN(5, 0));
    assert_int_equal(r.fwd[0].pte, 0x55);
    assert_int_equal(r.fwd[1].vpn, TVPN(6, 0));
    assert_int_equal(r.fwd[1].pte, 0x66);
    assert_int_equal(s.c.ifill_tx_fwd, 2);
    assert_int_equal(s.c.valid, 0);
    for (int i = 0; i < 64; i++)
        assert_int_equal(s.data[i], 0);                 /* the PTEs are gone */
    xl_ictx_free(&s);
}

/* 25.05 V1: one translation per line, set = VPN[4:0], tag = VPN >> 5 (31 bits). 300
 * distinct VPNs k = 0..299 (ctx 0): sets 0..11 get 10 each, sets 12..31 get 9; 8 lines
 * per set, so 256 INS_LINE and 2 x 12 + 20 = 44 victims: valid stays 256 (peak 256).
 * Set 0's lines were filled in way order (k = 0, 32, .., 224), so k = 256 evicts way 0
 * (VPN 0) and k = 288 way 1 (VPN 32). A hit costs 16 + 1 = 17 cycles (parallel compare),
 * a miss 16. The same 300 under V3 all fit (line = VPN[7:0], 8 sub-ways): valid 300.
 * V1's payload: after the hit freed line 0, ctx 9 at VPN 5 << 5 (set 0, tag 5; VPN 160
 * of ctx 0 is another entry) takes line 0: 5 | 1 << 31 | 2 << 33 = 0x480000005. A V1
 * fill into a set of 8 IC lines bypasses; lookups there miss as MISS_IC, in an empty set
 * as MISS_INV. */
static void test_25_05_v1(void **st)
{
    (void)st;
    xl_ictx_t s;
    xl_ictx_fill_t r;
    xl_ictx_lookup_t k;
    uint32_t victims = 0;
    mk_var(&s, XL_ICTX_V1);
    for (uint64_t v = 0; v < 300; v++) {
        r = fill(&s, 0, v, 0x1000 + v);
        if (v == 256 || v == 288) {
            assert_int_equal(r.res, XL_ICTX_INS_VICTIM);
            assert_int_equal(r.line, (v == 256) ? 0 : 32);
            assert_int_equal(r.victim.vpn, (v == 256) ? 0 : 32);
            assert_int_equal(r.victim.pte, (v == 256) ? 0x1000 : 0x1020);
        }
        victims += r.res == XL_ICTX_INS_VICTIM;
    }
    assert_int_equal(victims, 44);
    assert_int_equal(s.c.fill_line, 256);
    assert_int_equal(s.c.valid, 256);
    assert_int_equal(s.c.valid_peak, 256);
    assert_int_equal(s.c.tx_lines, 256);
    k = look(&s, 0, 0);
    assert_int_equal(k.res, XL_ICTX_MISS);
    assert_int_equal(k.lat, 16);
    k = look(&s, 0, 256);
    assert_int_equal(k.res, XL_ICTX_HIT);
    assert_int_equal(k.pte, 0x1100);
    assert_int_equal(k.lat, 17);
    assert_int_equal(s.c.valid, 255);                   /* exclusive: the line is free */
    assert_int_equal(fill(&s, 9, 5 << 5, 1).res, XL_ICTX_INS_LINE);   /* line 0 is free */
    assert_int_equal(s.tag[0].pl[0], UINT64_C(0x480000005));
    xl_ictx_free(&s);

    mk_var(&s, XL_ICTX_V1);
    for (uint64_t t = 0; t < 8; t++)
        ifill(&s, IA(t, 3));
    assert_int_equal(fill(&s, 0, 3, 1).res, XL_ICTX_INS_BYP_IC);
    assert_int_equal(look(&s, 0, 3).res, XL_ICTX_MISS_IC);
    assert_int_equal(look(&s, 0, 4).res, XL_ICTX_MISS_INV);
    xl_ictx_free(&s);

    mk_var(&s, XL_ICTX_V3);
    for (uint64_t v = 0; v < 300; v++)
        fill(&s, 0, v, 0x1000 + v);
    assert_int_equal(s.c.valid, 300);
    assert_int_equal(s.c.fill_victim, 0);
    xl_ictx_free(&s);
}

/* 25.06 The kernel-boundary flush (V4). The caller decides: boundary() flushes only when
 * the next kernel's code id differs from the last one's (as the runtime would). Kernel 1
 * fills 5 instruction lines (sets 0..4, way 0: lines 0..4) and 3 translations (lines 40,
 * 41, 42). Kernel 1 again: no flush, the lines stay. Kernel 2: 5 IC lines invalidated
 * (320 bytes), the 3 TX lines survive and hit; fetches miss; a fill into line 0 (former
 * I-cache line) now takes it (INS_LINE) where it bypassed before. Under V3 the same call
 * does nothing: 0 lines, no flush counted. */
static uint32_t boundary(xl_ictx_t *s, uint32_t *last, uint32_t next)
{
    uint32_t n = 0;
    if (*last != next)
        n = xl_ictx_kflush(s);
    *last = next;
    return n;
}

static void test_25_06_kflush(void **st)
{
    (void)st;
    xl_ictx_t s;
    uint32_t last = 0;
    for (int v = 4; v >= 3; v--) {
        mk_var(&s, (xl_ictx_var_t)v);
        last = 0;
        assert_int_equal(boundary(&s, &last, 1), 0);    /* nothing resident yet */
        for (uint64_t set = 0; set < 5; set++)
            ifill(&s, IA(7, set));
        assert_int_equal(fill(&s, 0, TVPN(3, 0), 1).res, XL_ICTX_INS_BYP_IC);
        for (uint64_t l = 40; l < 43; l++)
            fill(&s, 0, TVPN(3, l), 0x300 + l);
        assert_int_equal(boundary(&s, &last, 1), 0);    /* same kernel: no flush */
        assert_int_equal(s.c.ic_lines, 5);
        if (v == 4) {
            assert_int_equal(s.c.kflushes, 1);
            assert_int_equal(boundary(&s, &last, 2), 5);
            assert_int_equal(s.c.kflushes, 2);
            assert_int_equal(s.c.kflush_lines, 5);
            assert_int_equal(s.c.ic_lines, 0);
            assert_int_equal(s.c.ic_lines_peak, 5);
            for (uint32_t l = 0; l < 5; l++)
                assert_int_equal(s.tag[l].valid, 0);
            assert_int_equal(xl_ictx_ifetch(&s, IA(7, 0), NULL), 0);
            assert_int_equal(fill(&s, 0, TVPN(3, 0), 1).res, XL_ICTX_INS_LINE);
        } else {
            assert_int_equal(boundary(&s, &last, 2), 0);
            assert_int_equal(s.c.kflushes, 0);
            assert_int_equal(s.c.ic_lines, 5);
            assert_int_equal(xl_ictx_ifetch(&s, IA(7, 0), NULL), 1);
        }
        assert_int_equal(s.c.tx_lines, v == 4 ? 4 : 3);
        for (uint64_t l = 40; l < 43; l++)
            assert_int_equal(look(&s, 0, TVPN(3, l)).pte, 0x300 + l);
        xl_ictx_free(&s);
    }
}

/* 25.07 A translation fill bypasses an IC-mode line (V3): ifill of set 3 takes line 3;
 * TVPN(1, 3) -> BYP_IC with 1 read and no write, nothing stored, the instructions still
 * fetch; a lookup of it misses after 16 cycles (MISS_IC), an invalid line too (MISS_INV),
 * a TX line's miss after 21. Port totals: 3 lookups + 2 fills = 5 reads, 1 write. */
static void test_25_07_bypass_ic(void **st)
{
    (void)st;
    xl_ictx_t s;
    xl_ictx_fill_t r;
    xl_ictx_lookup_t k;
    mk_var(&s, XL_ICTX_V3);
    assert_int_equal(ifill(&s, IA(1, 3)).line, 3);
    r = fill(&s, 0, TVPN(1, 3), 7);
    assert_int_equal(r.res, XL_ICTX_INS_BYP_IC);
    assert_int_equal(r.rd, 1);
    assert_int_equal(r.wr, 0);
    assert_int_equal(s.c.valid, 0);
    assert_int_equal(xl_ictx_ifetch(&s, IA(1, 3), NULL), 1);
    k = look(&s, 0, TVPN(1, 3));
    assert_int_equal(k.res, XL_ICTX_MISS_IC);
    assert_int_equal(k.lat, 16);
    assert_int_equal(look(&s, 0, TVPN(1, 4)).res, XL_ICTX_MISS_INV);
    fill(&s, 0, TVPN(1, 5), 7);
    k = look(&s, 0, TVPN(2, 5));
    assert_int_equal(k.res, XL_ICTX_MISS);
    assert_int_equal(k.lat, 21);
    assert_int_equal(s.c.fill_byp_ic, 1);
    assert_int_equal(s.c.lookup_ic, 1);
    assert_int_equal(s.c.lookup_inv, 1);
    assert_int_equal(s.c.misses, 1);
    assert_int_equal(s.c.port_rd, 5);
    assert_int_equal(s.c.port_wr, 1);
    xl_ictx_free(&s);
}

/* 25.08 Sub-way ages and the victim (line 5, ctx 0, tag_hi 1: tags 0x10..0x17): eight
 * FREE fills, sub-way k at age 7 - k. The ninth (tag 0x18) evicts sub-way 0 (age 7): the
 * victim is ctx 0, VPN 0x10 << 8 | 5 = 0x1005, PTE 0x10; then sub-way 0 age 0, k = 1..7
 * age 8 - k. Fill of tag 0x13 again (sub-way 3, age 5): UPDATE, 3 -> 0; the younger
 * (0: 0, 4: 4, 5: 3, 6: 2, 7: 1) +1: ages 1 7 6 0 5 4 3 2. Exclusive lookup of 0x13: 1
 * read + 1 write, 21 cycles; sub-way 3 (age 0) invalid, every older one -1: 0 6 5 - 4 3
 * 2 1. Inclusive: a hit promotes (1 write) and keeps the entry. */
static void test_25_08_subway_victim(void **st)
{
    (void)st;
    xl_ictx_t s;
    xl_ictx_params_t p = xl_ictx_defaults();
    xl_ictx_fill_t r;
    xl_ictx_lookup_t k;
    mk(&s, &p);
    for (uint64_t t = 0x10; t <= 0x17; t++)
        assert_int_equal(fill(&s, 0, TVPN(t, 5), t).res,
                         t == 0x10 ? XL_ICTX_INS_LINE : XL_ICTX_INS_FREE);
    for (uint32_t q = 0; q < 8; q++)
        expect_sub(&s, 5, q, 1, (int)(7 - q), 0x10 + q);
    r = fill(&s, 0, TVPN(0x18, 5), 0x18);
    assert_int_equal(r.res, XL_ICTX_INS_VICTIM);
    assert_int_equal(r.sub, 0);
    assert_int_equal(r.victim.ctx, 0);
    assert_int_equal(r.victim.vpn, 0x1005);
    assert_int_equal(r.victim.pte, 0x10);
    expect_sub(&s, 5, 0, 1, 0, 0x18);
    for (uint32_t q = 1; q < 8; q++)
        expect_sub(&s, 5, q, 1, (int)(8 - q), 0x10 + q);
    /* ages now: 0:0 1:7 2:6 3:5 4:4 5:3 6:2 7:1 */
    assert_int_equal(fill(&s, 0, TVPN(0x13, 5), 0x99).res, XL_ICTX_INS_UPDATE);
    /* 3 -> 0; younger 0:0->1, 4:4->5, 5:3->4, 6:2->3, 7:1->2; 1:7, 2:6 stay */
    static const int a1[8] = {1, 7, 6, 0, 5, 4, 3, 2};
    for (uint32_t q = 0; q < 8; q++)
        expect_sub(&s, 5, q, 1, a1[q], q ? 0x10 + q : 0x18);
    k = look(&s, 0, TVPN(0x13, 5));
    assert_int_equal(k.res, XL_ICTX_HIT);
    assert_int_equal(k.sub, 3);
    assert_int_equal(k.pte, 0x99);
    assert_int_equal(k.rd + 10 * k.wr, 11);
    assert_int_equal(k.lat, 21);
    /* sub-way 3 (age 0) leaves: every other age - 1 */
    static const int a2[8] = {0, 6, 5, -1, 4, 3, 2, 1};
    for (uint32_t q = 0; q < 8; q++)
        expect_sub(&s, 5, q, a2[q] >= 0, a2[q], q ? 0x10 + q : 0x18);
    assert_int_equal(s.c.valid, 7);
    xl_ictx_free(&s);

    p.hit = XL_ICTX_INCLUSIVE;
    mk(&s, &p);
    fill(&s, 0, TVPN(0x10, 5), 1);
    fill(&s, 0, TVPN(0x11, 5), 2);
    k = look(&s, 0, TVPN(0x10, 5));
    assert_int_equal(k.res, XL_ICTX_HIT);
    assert_int_equal(k.wr, 1);
    expect_sub(&s, 5, 0, 1, 0, 0x10);
    expect_sub(&s, 5, 1, 1, 1, 0x11);
    assert_int_equal(s.c.valid, 2);
    xl_ictx_free(&s);
}

/* 25.09 Compression conflicts in line 9: A = tag 0x20, B = 0x21 (tag_hi 2). X = 0x30
 * (tag_hi 3): REBASE drops A and B (not returned), X in sub-way 0 at age 0, base tag_hi
 * 3: pl[1] = 3, pl[0] = 0x80; BYPASS leaves A and B, X not inserted, 1 read 0 writes. A
 * different ctx with the same tag_hi (ctx 1, tag 0x22) conflicts too. IDEAL: X and the
 * ctx 1 entry go to free sub-ways 2, 3. */
static void test_25_09_conflicts(void **st)
{
    (void)st;
    xl_ictx_t s;
    xl_ictx_params_t p = xl_ictx_defaults();
    xl_ictx_fill_t r;
    for (int mode = 0; mode < 3; mode++) {
        p = xl_ictx_defaults();
        p.conflict = mode == 1 ? XL_ICTX_BYPASS : XL_ICTX_REBASE;
        p.tags = mode == 2 ? XL_ICTX_IDEAL : XL_ICTX_STRICT;
        mk(&s, &p);
        fill(&s, 0, TVPN(0x20, 9), 0xA);
        fill(&s, 0, TVPN(0x21, 9), 0xB);
        r = fill(&s, 0, TVPN(0x30, 9), 0xC);
        if (mode == 0) {
            assert_int_equal(r.res, XL_ICTX_INS_REBASE);
            assert_int_equal(r.dropped, 2);
            assert_int_equal(r.sub, 0);
            assert_int_equal(s.tag[9].pl[0], 0x80);
            assert_int_equal(s.tag[9].pl[1], 3);
            assert_int_equal(look(&s, 0, TVPN(0x20, 9)).res, XL_ICTX_MISS);
            assert_int_equal(s.c.conflict_rebase, 1);
            assert_int_equal(s.c.rebase_dropped, 2);
            assert_int_equal(s.c.valid, 1);
        } else if (mode == 1) {
            assert_int_equal(r.res, XL_ICTX_INS_BYP_CONFLICT);
            assert_int_equal(r.rd, 1);
            assert_int_equal(r.wr, 0);
            r = fill(&s, 1, TVPN(0x22, 9), 0xD);
            assert_int_equal(r.res, XL_ICTX_INS_BYP_CONFLICT);
            assert_int_equal(s.c.conflict_bypass, 2);
            assert_int_equal(look(&s, 0, TVPN(0x20, 9)).pte, 0xA);
            assert_int_equal(s.c.valid, 1);
        } else {
            assert_int_equal(r.res, XL_ICTX_INS_FREE);
            assert_int_equal(r.sub, 2);
            assert_int_equal(fill(&s, 1, TVPN(0x22, 9), 0xD).sub, 3);
            assert_int_equal(s.tag[9].pl[0] | s.tag[9].pl[1], 0);   /* IDEAL: side storage */
            assert_int_equal(look(&s, 1, TVPN(0x22, 9)).pte, 0xD);
            assert_int_equal(look(&s, 0, TVPN(0x20, 9)).pte, 0xA);
            assert_int_equal(s.c.conflict_rebase + s.c.conflict_bypass, 0);
        }
        xl_ictx_free(&s);
    }
}

/* 25.10 Instruction fetch never hits a TX line. V3: TVPN(0, 0) makes line 0 a TX line with
 * pl[0] = 0x80 (sub-way 0 valid, age 0, tag_lo 0), pl[1] = 0; a fetch of IA(0x80, 0) (set
 * 0, tag 0x80, the same bits) misses; its fill takes the lowest invalid line, 32, not the
 * TX line; then it hits line 32. V1: a fill of VPN 9 << 5 (set 0, tag 9) writes pl[0] =
 * 9; IA(9, 0) misses too. */
static void test_25_10_fetch_not_tx(void **st)
{
    (void)st;
    xl_ictx_t s;
    uint32_t line = 0;
    mk_var(&s, XL_ICTX_V3);
    fill(&s, 0, TVPN(0, 0), 1);
    assert_int_equal(s.tag[0].pl[0], 0x80);
    assert_int_equal(xl_ictx_ifetch(&s, IA(0x80, 0), NULL), 0);
    assert_int_equal(ifill(&s, IA(0x80, 0)).line, 32);
    assert_int_equal(xl_ictx_ifetch(&s, IA(0x80, 0), &line), 1);
    assert_int_equal(line, 32);
    xl_ictx_free(&s);
    mk_var(&s, XL_ICTX_V1);
    fill(&s, 0, 9 << 5, 1);
    assert_int_equal(s.tag[0].pl[0], 9);
    assert_int_equal(xl_ictx_ifetch(&s, IA(9, 0), NULL), 0);
    assert_int_equal(s.c.imisses, 1);
    xl_ictx_free(&s);
}

/* 25.11 Shootdowns. Line 5 with tags 0x10, 0x11, 0x12 (ages 2, 1, 0): inv 0x11 -> 1, 1
 * read + 1 write, 0x10 2 -> 1; inv 0x11 again -> 0, 1 read, no write; inv of 0x10 and
 * 0x12 -> the line empties and becomes invalid (tx_emptied 1), its line ages unchanged;
 * inv in an IC line -> 0. inv_ctx: lines 1 and 2 hold ctx 1 (2 + 1 entries), line 3 ctx
 * 2: inv_ctx(1) drops 3, reading all 256 tag entries and writing 2; inv_all drops the
 * last. V1: inv finds the line of its set and frees it. */
static void test_25_11_shootdown(void **st)
{
    (void)st;
    xl_ictx_t s;
    uint8_t rd = 9, wr = 9;
    uint64_t r0, w0;
    mk_var(&s, XL_ICTX_V3);
    for (uint64_t t = 0x10; t <= 0x12; t++)
        fill(&s, 0, TVPN(t, 5), t);
    assert_int_equal(xl_ictx_inv(&s, 0, TVPN(0x11, 5), &rd, &wr), 1);
    assert_int_equal(rd + 10 * wr, 11);
    expect_sub(&s, 5, 0, 1, 1, 0x10);
    expect_sub(&s, 5, 1, 0, 0, 0);
    expect_sub(&s, 5, 2, 1, 0, 0x12);
    assert_int_equal(xl_ictx_inv(&s, 0, TVPN(0x11, 5), &rd, &wr), 0);
    assert_int_equal(rd + 10 * wr, 1);
    assert_int_equal(xl_ictx_inv(&s, 0, TVPN(0x10, 5), NULL, NULL), 1);
    assert_int_equal(xl_ictx_inv(&s, 0, TVPN(0x12, 5), NULL, NULL), 1);
    assert_int_equal(s.tag[5].valid, 0);
    assert_int_equal(s.tag[5].pl[0] | s.tag[5].pl[1], 0);
    assert_int_equal(s.c.tx_emptied, 1);
    assert_int_equal(s.c.tx_lines, 0);
    assert_int_equal(s.age[5], 0);
    ifill(&s, IA(1, 6));
    assert_int_equal(xl_ictx_inv(&s, 0, TVPN(1, 6), NULL, NULL), 0);
    assert_int_equal(s.c.invs, 5);
    assert_int_equal(s.c.inv_hits, 3);
    xl_ictx_free(&s);

    mk_var(&s, XL_ICTX_V3);
    fill(&s, 1, TVPN(1, 1), 1);
    fill(&s, 1, TVPN(2, 1), 2);
    fill(&s, 1, TVPN(1, 2), 3);
    fill(&s, 2, TVPN(1, 3), 4);
    r0 = s.c.port_rd;
    w0 = s.c.port_wr;
    assert_int_equal(xl_ictx_inv_ctx(&s, 1), 3);
    assert_int_equal(s.c.port_rd - r0, 256);
    assert_int_equal(s.c.port_wr - w0, 2);
    assert_int_equal(s.c.tx_lines, 1);
    assert_int_equal(xl_ictx_inv_all(&s), 1);
    assert_int_equal(s.c.inv_scan_entries, 4);
    assert_int_equal(s.c.valid, 0);
    assert_int_equal(s.c.tx_lines, 0);
    xl_ictx_free(&s);

    mk_var(&s, XL_ICTX_V1);
    fill(&s, 3, 7 << 5 | 2, 1);
    assert_int_equal(xl_ictx_inv(&s, 2, 7 << 5 | 2, NULL, NULL), 0);   /* other ctx */
    assert_int_equal(xl_ictx_inv(&s, 3, 7 << 5 | 2, NULL, NULL), 1);
    assert_int_equal(s.c.valid, 0);
    assert_int_equal(s.tag[2].valid, 0);
    xl_ictx_free(&s);
}

/* 25.12 Parameter checks: 32 and 1024 lines, page shift 13, variants 0 and 5, tags 2,
 * fwd_l2 2 and a latency of 10001 are refused with XL_EINPUT and one line naming
 * icache_tx; 512 lines at 2 MB pages is accepted (64 sets, V1 tag 27 - 6 = 21). */
static void test_25_12_params(void **st)
{
    (void)st;
    xl_ictx_t s;
    xl_ictx_params_t p;
    char err[160];
    memset(&s, 0, sizeof s);
    for (int i = 0; i < 8; i++) {
        p = xl_ictx_defaults();
        switch (i) {
        case 0: p.lines = 32; break;
        case 1: p.lines = 1024; break;
        case 2: p.page_shift = 13; break;
        case 3: p.variant = (xl_ictx_var_t)0; break;
        case 4: p.variant = (xl_ictx_var_t)5; break;
        case 5: p.tags = (xl_ictx_tags_t)2; break;
        case 6: p.fwd_l2 = 2; break;
        default: p.tx_tag_lat = 10001; break;
        }
        err[0] = 0;
        assert_int_equal(xl_ictx_reset(&s, &p, err, sizeof err), XL_EINPUT);
        assert_non_null(strstr(err, "icache_tx: "));
        assert_null(strchr(err, '\n'));
    }
    p = xl_ictx_defaults();
    p.lines = 512;
    p.page_shift = 21;
    assert_int_equal(xl_ictx_reset(&s, &p, err, sizeof err), XL_OK);
    assert_int_equal(s.g.sets, 64);
    assert_int_equal(s.g.T1, 21);
    xl_ictx_free(&s);
}

/* 25.13 Random runs (seed 25), each design V1..V4 on a 64-line cache (8 sets): STRICT and
 * IDEAL side by side with one ctx and tags below 16 (tag_hi 0, so no conflict): every
 * result and view must agree. Then STRICT alone with 4 contexts and wide tags
 * (conflicts). After every operation: each set's line ages are a permutation of 0..7;
 * each valid TX line holds 1..8 entries with distinct ages 0..n-1; STRICT payloads decode
 * with pad 0; IC payloads fit itag_bits; invalid lines are all 0; the counters valid,
 * tx_lines, ic_lines match the lines, and each call's outcomes add up to its calls. */
static void check(const xl_ictx_t *s)
{
    uint64_t valid = 0, tx = 0, ic = 0;
    const xl_ictx_ctr_t *c = &s->c;
    for (uint32_t set = 0; set < s->g.sets; set++) {
        uint32_t seen = 0;
        for (uint32_t w = 0; w < 8; w++)
            seen |= 1u << s->age[w << s->g.set_bits | set];
        assert_int_equal(seen, 0xFF);
    }
    for (uint32_t l = 0; l < s->g.lines; l++) {
        const xl_ictx_tag_t *t = &s->tag[l];
        xl_ictx_sub_t w[XL_ICTX_SUBS];
        uint32_t n = xl_ictx_subs(s, l, w), seen = 0;
        if (!t->valid) {
            assert_int_equal(t->mode | t->pl[0] | t->pl[1], 0);
            continue;
        }
        if (t->mode == XL_ICTX_MODE_IC) {
            ic++;
            assert_int_equal(t->pl[1], 0);
            assert_int_equal(t->pl[0] >> s->g.itag_bits, 0);
            continue;
        }
        tx++;
        assert_true(n >= 1 && n <= 8);
        for (uint32_t k = 0; k < 8; k++)
            if (w[k].valid) {
                assert_true(w[k].age < n);
                assert_int_equal(seen & (1u << w[k].age), 0);
                seen |= 1u << w[k].age;
            }
        valid += n;
        if (s->p.variant != XL_ICTX_V1 && s->p.tags == XL_ICTX_STRICT) {
            xl_tagblk_t f;
            assert_int_equal(xl_tagblk_decode(&s->g.tb, t->pl, &f), XL_OK);
        }
    }
    assert_int_equal(valid, c->valid);
    assert_int_equal(tx, c->tx_lines);
    assert_int_equal(ic, c->ic_lines);
    assert_int_equal(c->lookups, c->hits + c->misses + c->lookup_ic + c->lookup_inv);
    assert_int_equal(c->fills, c->fill_byp_ic + c->fill_update + c->fill_line +
                     c->fill_ic_evict + c->fill_free + c->fill_victim +
                     c->conflict_rebase + c->conflict_bypass);
    assert_int_equal(c->ifetches, c->ihits + c->imisses);
    assert_int_equal(c->ifills, c->ifill_present + c->ifill_invalid + c->ifill_tx_evict +
                     c->ifill_ic_evict);
}

/* One random operation on a (and b when not NULL, which must agree). */
static void step(xl_rng_t *rng, xl_ictx_t *a, xl_ictx_t *b, int wide)
{
    uint32_t op = (uint32_t)xl_rng_below(rng, 100);
    uint8_t ctx = wide ? (uint8_t)xl_rng_below(rng, 4) : 1;
    uint64_t vpn = (xl_rng_below(rng, wide ? 1u << 20 : 16) << 6) | xl_rng_below(rng, 64);
    uint64_t addr = IA(xl_rng_below(rng, 9), xl_rng_below(rng, 8));
    if (op < 40) {
        xl_ictx_fill_t ra, rb;
        xl_ictx_fill(a, ctx, vpn, vpn * 3 + 1, &ra);
        if (b) {
            xl_ictx_fill(b, ctx, vpn, vpn * 3 + 1, &rb);
            assert_memory_equal(&ra, &rb, sizeof ra);
        }
    } else if (op < 70) {
        xl_ictx_lookup_t ra, rb;
        xl_ictx_lookup(a, ctx, vpn, &ra);
        if (ra.res == XL_ICTX_HIT)
            assert_int_equal(ra.pte, vpn * 3 + 1);
        if (b) {
            xl_ictx_lookup(b, ctx, vpn, &rb);
            assert_memory_equal(&ra, &rb, sizeof ra);
        }
    } else if (op < 75) {
        int x = xl_ictx_inv(a, ctx, vpn, NULL, NULL);
        if (b)
            assert_int_equal(x, xl_ictx_inv(b, ctx, vpn, NULL, NULL));
    } else if (op < 87) {
        int x = xl_ictx_ifetch(a, addr, NULL);
        if (b)
            assert_int_equal(x, xl_ictx_ifetch(b, addr, NULL));
    } else if (op < 99) {
        xl_ictx_ifill_t ra, rb;
        xl_ictx_ifill(a, addr, &ra);
        for (uint32_t k = 0; k < ra.nfwd; k++)
            assert_int_equal(ra.fwd[k].pte, ra.fwd[k].vpn * 3 + 1);
        if (b) {
            xl_ictx_ifill(b, addr, &rb);
            assert_memory_equal(&ra, &rb, sizeof ra);
        }
    } else {
        uint32_t x = xl_ictx_kflush(a);
        if (b)
            assert_int_equal(x, xl_ictx_kflush(b));
    }
}

static void test_25_13_random(void **st)
{
    (void)st;
    xl_rng_t rng;
    uint64_t ic_evicts = 0;
    xl_rng_seed(&rng, 25);
    for (int v = 1; v <= 4; v++) {
        xl_ictx_t a, b;
        xl_ictx_params_t p = xl_ictx_defaults();
        p.lines = 64;
        p.variant = (xl_ictx_var_t)v;
        p.fwd_l2 = (uint8_t)(v & 1);
        p.hit = v == 2 ? XL_ICTX_INCLUSIVE : XL_ICTX_EXCLUSIVE;
        mk(&a, &p);
        p.tags = XL_ICTX_IDEAL;
        mk(&b, &p);
        for (int i = 0; i < 6000; i++) {
            step(&rng, &a, &b, 0);
            for (uint32_t l = 0; l < 64; l++) {
                xl_ictx_sub_t wa[XL_ICTX_SUBS], wb[XL_ICTX_SUBS];
                assert_int_equal(xl_ictx_subs(&a, l, wa), xl_ictx_subs(&b, l, wb));
                assert_memory_equal(wa, wb, sizeof wa);
            }
            if (i % 32 == 0) {
                check(&a);
                check(&b);
            }
        }
        check(&a);
        check(&b);
        assert_memory_equal(&a.c, &b.c, sizeof a.c);
        assert_true(a.c.hits > 0 && a.c.ifill_tx_evict > 0 && a.c.fill_victim > 0);
        ic_evicts += a.c.ifill_ic_evict;
        xl_ictx_free(&a);
        xl_ictx_free(&b);

        p.tags = XL_ICTX_STRICT;
        p.conflict = v == 3 ? XL_ICTX_BYPASS : XL_ICTX_REBASE;
        mk(&a, &p);
        for (int i = 0; i < 6000; i++) {
            step(&rng, &a, NULL, 1);
            if (i % 32 == 0)
                check(&a);
        }
        check(&a);
        if (v != 1)
            assert_true(a.c.conflict_rebase + a.c.conflict_bypass > 0);
        xl_ictx_free(&a);
    }
    assert_true(ic_evicts > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_25_01_geometry),
        cmocka_unit_test(test_25_02_payload_by_hand),
        cmocka_unit_test(test_25_03_instruction_aware),
        cmocka_unit_test(test_25_04_v2_naive),
        cmocka_unit_test(test_25_05_v1),
        cmocka_unit_test(test_25_06_kflush),
        cmocka_unit_test(test_25_07_bypass_ic),
        cmocka_unit_test(test_25_08_subway_victim),
        cmocka_unit_test(test_25_09_conflicts),
        cmocka_unit_test(test_25_10_fetch_not_tx),
        cmocka_unit_test(test_25_11_shootdown),
        cmocka_unit_test(test_25_12_params),
        cmocka_unit_test(test_25_13_random),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
