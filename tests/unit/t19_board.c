/*
 * t19_board.c - area 19: the frames of the host <-> board protocol (fpga/README.md "The
 * protocol"; sw/board/proto.h, included by path as tests/fuzz includes xl_trace.h, since
 * sw/board is not in the library the unit tests link) and the extension of the board's
 * 32-bit cycle stamps. Every expected byte is worked out by hand from the README's
 * layouts: little-endian fields, in the order the tables give them.
 */
#include "xltest.h"

#include "../../sw/board/proto.h"

/* 19.01 A: 'A', VA in 6 bytes, the instruction id's low 20 bits in 3, the tag in 2.
 * 0x123456789ABC -> BC 9A 78 56 34 12; 0xABCDE -> DE BC 0A; 0x1234 -> 34 12. Bits above
 * VA[47] and instr[19] are not sent (0xFFFF... prefixes change nothing). */
static void test_19_01_arrival(void **st)
{
    (void)st;
    static const uint8_t want[] = {'A', 0xBC, 0x9A, 0x78, 0x56, 0x34, 0x12,
                                   0xDE, 0xBC, 0x0A, 0x34, 0x12};
    uint8_t b[XB_LEN_A];
    assert_int_equal(xb_enc_a(b, UINT64_C(0x123456789ABC), 0xABCDEu, 0x1234u), 12);
    assert_memory_equal(b, want, sizeof want);
    assert_int_equal(xb_enc_a(b, UINT64_C(0xFFFF123456789ABC), 0xFFFABCDEu, 0x1234u), 12);
    assert_memory_equal(b, want, sizeof want);
}

/* 19.02 Z: 'Z' and the root's 52 bits in 7 bytes: 0xFEDCBA98765000 -> 00 50 76 98 BA DC
 * 0E (bits 55:52 of the value, 0xF, are cut: the top byte is 0xFE & 0x0F). */
static void test_19_02_reset(void **st)
{
    (void)st;
    static const uint8_t want[] = {'Z', 0x00, 0x50, 0x76, 0x98, 0xBA, 0xDC, 0x0E};
    uint8_t b[XB_LEN_Z];
    assert_int_equal(xb_enc_z(b, UINT64_C(0xFEDCBA98765000)), 8);
    assert_memory_equal(b, want, sizeof want);
}

/* 19.03 R: 'R', the walker, eight 8-byte entries: 66 bytes. Entry i = 0x0807060504030201 + i
 * starts at byte 2 + 8i with its low byte 0x01 + i and ends with 0x08. */
static void test_19_03_response(void **st)
{
    (void)st;
    uint64_t line[8];
    uint8_t b[XB_LEN_R];
    for (unsigned i = 0; i < 8; i++)
        line[i] = UINT64_C(0x0807060504030201) + i;
    assert_int_equal(xb_enc_r(b, 3, line), 66);
    assert_int_equal(b[0], 'R');
    assert_int_equal(b[1], 3);
    for (unsigned i = 0; i < 8; i++) {
        assert_int_equal(b[2 + 8 * i], 0x01 + i);
        assert_int_equal(b[2 + 8 * i + 7], 0x08);
    }
}

/* 19.04 z: slots (2 bytes), 14 one-byte fields walkers .. pwc_latency, aging (4), LFSR
 * seed (4): 25 bytes. slots 0x0120 = 288 from 20 01; aging 2000000 = 0x001E8480 from
 * 80 84 1E 00; lfsr 0xC728EFC6 from C6 EF 28 C7. */
static void test_19_04_params(void **st)
{
    (void)st;
    static const uint8_t b[XB_LEN_ZP] = {'z', 0x20, 0x01, 4, 2, 3, 1, 1, 8, 16, 2, 2, 4, 2,
                                         8, 4, 3, 0x80, 0x84, 0x1E, 0x00,
                                         0xC6, 0xEF, 0x28, 0xC7};
    xb_params_t p;
    assert_int_equal(xb_dec_params(b, &p), 1);
    assert_int_equal(p.slots, 288);
    assert_int_equal(p.walkers, 4);
    assert_int_equal(p.policy, 2);
    assert_int_equal(p.coalesce, 3);
    assert_int_equal(p.pick_pipe, 1);
    assert_int_equal(p.scan_pipe, 1);
    assert_int_equal(p.tag_width, 8);
    assert_int_equal(p.stat_width, 16);
    assert_int_equal(p.l4_entries, 2);
    assert_int_equal(p.l4_ways, 2);
    assert_int_equal(p.l3_entries, 4);
    assert_int_equal(p.l3_ways, 2);
    assert_int_equal(p.l2_entries, 8);
    assert_int_equal(p.l2_ways, 4);
    assert_int_equal(p.pwc_latency, 3);
    assert_int_equal(p.aging, 2000000);
    assert_int_equal(p.lfsr, 0xC728EFC6u);
}

/* 19.05 E: cycle 0xDEADBEEF from EF BE AD DE; flags 0x3025 from 25 30 = NCPL 3 (15:12),
 * SYNC (5), ARR_ACC (2), MREQ (0); walker 1, level 4; line 0xABCDEF0123440 from 40 34 12
 * F0 DE BC 0A. */
static void test_19_05_record(void **st)
{
    (void)st;
    static const uint8_t b[XB_LEN_E] = {'E', 0xEF, 0xBE, 0xAD, 0xDE, 0x25, 0x30, 1, 4,
                                        0x40, 0x34, 0x12, 0xF0, 0xDE, 0xBC, 0x0A};
    xb_rec_t r;
    assert_int_equal(xb_dec_rec(b, &r), 1);
    assert_int_equal(r.cycle, 0xDEADBEEFu);
    assert_int_equal(r.flags, 0x3025);
    assert_int_equal(XB_NCPL(r.flags), 3);
    assert_int_equal(r.flags & XB_F_KNOWN, XB_F_MREQ | XB_F_ARR_ACC | XB_F_SYNC);
    assert_int_equal(r.walker, 1);
    assert_int_equal(r.level, 4);
    assert_int_equal(r.addr, UINT64_C(0xABCDEF0123440));
}

/* 19.06 C: lane 5, tag 0x00FE, frame 0x12345678000 (00 80 67 45 23 01 00), shift 21, last
 * byte 0x07 = coalesced (bit 0) and 3 reads (bits 3:1 = 011). */
static void test_19_06_completion(void **st)
{
    (void)st;
    static const uint8_t b[XB_LEN_C] = {'C', 5, 0xFE, 0x00, 0x00, 0x80, 0x67, 0x45, 0x23,
                                        0x01, 0x00, 21, 0x07};
    xb_cpl_t c;
    assert_int_equal(xb_dec_cpl(b, &c), 1);
    assert_int_equal(c.lane, 5);
    assert_int_equal(c.tag, 0xFE);
    assert_int_equal(c.frame, UINT64_C(0x12345678000));
    assert_int_equal(c.shift, 21);
    assert_int_equal(c.coalesced, 1);
    assert_int_equal(c.reads, 3);
}

/* 19.07 K and its answer: 'K' and the counter's index (7, CL stalls) in 2 bytes; the value
 * comes back as 8 bytes without a naming byte: 0x0000_0123_4567_89AB from AB 89 67 45 23
 * 01 00 00. */
static void test_19_07_counter(void **st)
{
    (void)st;
    static const uint8_t v[XB_LEN_CNT] = {0xAB, 0x89, 0x67, 0x45, 0x23, 0x01, 0x00, 0x00};
    uint8_t b[XB_LEN_K];
    assert_int_equal(xb_enc_k(b, 7), 2);
    assert_int_equal(b[0], 'K');
    assert_int_equal(b[1], 7);
    assert_int_equal(xb_dec_counter(v), UINT64_C(0x0123456789AB));
}

/* 19.08 A frame of the wrong kind is refused: its naming byte decides. */
static void test_19_08_naming_byte(void **st)
{
    (void)st;
    uint8_t b[XB_LEN_ZP] = {0};
    xb_params_t p;
    xb_rec_t r;
    xb_cpl_t c;
    b[0] = 'C';
    assert_int_equal(xb_dec_params(b, &p), 0);
    assert_int_equal(xb_dec_rec(b, &r), 0);
    b[0] = 'E';
    assert_int_equal(xb_dec_cpl(b, &c), 0);
}

/* 19.09 Cycle extension: the first cycle >= next whose low 32 bits are the stamp.
 * next 0, stamp 0 -> 0 (the first record may be cycle 0); next 5, stamp 7 -> 7;
 * next 0xFFFFFFF0, stamp 0x10 -> 0x1_0000_0010 (the stamp wrapped); next 0x1_FFFF_FFFF,
 * stamp 0xFFFFFFFF -> itself; next 0x2_0000_0000, stamp 0 -> itself. A stamp for a cycle
 * already stepped (next 10, stamp 9) lands 2^32 - 1 ahead, which host.c refuses
 * (>= 2^31 past next). */
static void test_19_09_cycle_extension(void **st)
{
    (void)st;
    assert_int_equal(xb_extend_cycle(0, 0), 0);
    assert_int_equal(xb_extend_cycle(5, 7), 7);
    assert_int_equal(xb_extend_cycle(UINT64_C(0xFFFFFFF0), 0x10u), UINT64_C(0x100000010));
    assert_int_equal(xb_extend_cycle(UINT64_C(0x1FFFFFFFF), 0xFFFFFFFFu), UINT64_C(0x1FFFFFFFF));
    assert_int_equal(xb_extend_cycle(UINT64_C(0x200000000), 0), UINT64_C(0x200000000));
    assert_int_equal(xb_extend_cycle(10, 9) - 10, UINT64_C(0xFFFFFFFF));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_19_01_arrival),
        cmocka_unit_test(test_19_02_reset),
        cmocka_unit_test(test_19_03_response),
        cmocka_unit_test(test_19_04_params),
        cmocka_unit_test(test_19_05_record),
        cmocka_unit_test(test_19_06_completion),
        cmocka_unit_test(test_19_07_counter),
        cmocka_unit_test(test_19_08_naming_byte),
        cmocka_unit_test(test_19_09_cycle_extension),
    };
    return cmocka_run_group_tests_name("t19_board", tests, NULL, NULL);
}
