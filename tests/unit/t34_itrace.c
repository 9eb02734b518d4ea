/*
 * t34_itrace.c - xlat's own instruction traces (sw/trace/; docs/traces.md), every
 * expected value worked out by hand in the comment beside it:
 *
 *   34.01 a two-kernel trace of two wavefronts each, written and read back field by
 *         field (wavefronts asked in an order other than the written one), uncompressed
 *         and, where the build has zstd, compressed; region bases as the opener lays out;
 *   34.02 the delta encoding of a hand-built address pattern: each instruction's bytes and
 *         the file's size, 142 bytes, counted by hand from docs/traces.md "Format";
 *   34.03 damaged input refused with one line naming the file and what is wrong: a
 *         truncated file, a flipped byte in a block, the header and the metadata, a wrong
 *         version, a bad index entry (checksums made right again) and a damaged index;
 *   34.04 streaming: 8 wavefronts read in turns through a cache of 2 decoded blocks return
 *         every instruction, with the number of block decodes counted by hand;
 *   34.05 the writer refuses what the replay could not use: an address outside every
 *         region, an LDS offset past lds_bytes, an address on an ALU instruction, a
 *         wavefront out of order, a kernel left short; no PATH or PATH.tmp is left.
 */
#include "xltest.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "xlat/itrace.h"

#define DIR "build/t34_itrace"   /* not under build/tests/, whose t* files run.sh runs */
#define BASE UINT64_C(0x7F0000000000)

static const char *path_of(const char *name, char buf[256])
{
    mkdir("build", 0755);
    mkdir(DIR, 0755);
    snprintf(buf, 256, DIR "/%s", name);
    return buf;
}

static void ok(int rc, const char *err)
{
    if (rc != XL_OK)
        print_error("%s\n", err);
    assert_int_equal(rc, XL_OK);
}

static long file_size(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 ? (long)sb.st_size : -1;
}

static xl_instr_t mk(uint8_t op, uint8_t bytes, uint16_t cycles, uint32_t pc, uint64_t mask)
{
    xl_instr_t in;
    memset(&in, 0, sizeof in);
    in.op = op;
    in.bytes = bytes;
    in.cycles = cycles;
    in.pc = pc;
    in.mask = mask;
    return in;
}

static void expect_instr(const xl_instr_t *got, const xl_instr_t *want)
{
    assert_int_equal(got->op, want->op);
    assert_int_equal(got->bytes, want->bytes);
    assert_int_equal(got->cycles, want->cycles);
    assert_int_equal(got->pc, want->pc);
    assert_int_equal(got->mask, want->mask);
    for (unsigned l = 0; l < XL_MAX_LANES; l++)   /* inactive lanes read back as 0 */
        assert_int_equal(got->va[l], want->mask >> l & 1u ? want->va[l] : 0);
}

/* ---- 34.01 ---- */

/* The instructions of wavefront (k, wg, wave) of 34.01: three, with the wave's number in
 * its addresses so a mix-up shows. */
static unsigned wave_01(uint32_t k, uint32_t wg, uint32_t wave, xl_instr_t *in)
{
    const uint64_t b = BASE + 0x200000u;   /* region B */
    unsigned id = k * 2 + wg + wave;       /* 0, 1 (k0 waves 0, 1); 2, 3 (k1 wgs 0, 1) */
    in[0] = mk(XL_OP_LOAD, 4, 0, 0, 0xFu);
    for (unsigned l = 0; l < 4; l++)
        in[0].va[l] = BASE + 4u * l + 64u * id;   /* region A */
    in[1] = mk(XL_OP_ALU, 0, (uint16_t)(5 + id), 1, 0xFu);
    in[2] = mk(XL_OP_STORE, 8, 0, 2, UINT64_C(0x8000000000000001));
    in[2].va[0] = b + 4096u * id;
    in[2].va[63] = b + 0x2FFFF8u - id;          /* B's last 8 bytes, and below */
    if (k == 1) {   /* kernel 1 has 1 KB of LDS: an LDS store at offsets below it */
        in[3] = mk(XL_OP_LDS_ST, 4, 2, 3, 0x3u);
        in[3].va[0] = 1020;
        in[3].va[1] = 4u * id;
        in[4] = mk(XL_OP_BARRIER, 0, 0, 4, 0x3u);
        return 5;
    }
    return 3;
}

static void write_01(const char *p, int compress)
{
    char err[512] = "";
    xl_itw_t *w = NULL;
    xl_va_t base = 0;
    ok(xl_itw_open(&w, p, "t34", compress, err, sizeof err), err);
    ok(xl_itw_origin(w, 2000, 42, err, sizeof err), err);
    /* A at the base; B after A's 4 KB, aligned up to the next 2 MB: base + 0x200000 */
    ok(xl_itw_region(w, "A", 4096, &base, err, sizeof err), err);
    assert_int_equal(base, BASE);
    ok(xl_itw_region(w, "B", 3u << 20, &base, err, sizeof err), err);
    assert_int_equal(base, BASE + 0x200000u);
    const xl_kernel_t ks[2] = {{1, 2, 0, 0, 0}, {2, 1, 1024, 4096, 7}};
    for (uint32_t k = 0; k < 2; k++) {
        ok(xl_itw_kernel(w, &ks[k], err, sizeof err), err);
        for (uint32_t wg = 0; wg < ks[k].workgroups; wg++)
            for (uint32_t wv = 0; wv < ks[k].waves_per_wg; wv++) {
                xl_instr_t in[5];
                unsigned n = wave_01(k, wg, wv, in);
                ok(xl_itw_wave(w, wg, wv, err, sizeof err), err);
                for (unsigned i = 0; i < n; i++)
                    ok(xl_itw_instr(w, &in[i], err, sizeof err), err);
            }
    }
    ok(xl_itw_close(w, err, sizeof err), err);
}

static void read_01(const char *p, int compressed)
{
    char err[512] = "";
    xl_itr_t *r = NULL;
    ok(xl_itr_open(&r, p, 0, 1, err, sizeof err), err);
    assert_string_equal(xl_itr_workload(r), "t34");
    assert_int_equal(xl_itr_scale_ppm(r), 2000);
    assert_int_equal(xl_itr_seed(r), 42);
    assert_int_equal(xl_itr_version(r), 1);
    assert_int_equal(xl_itr_compressed(r), compressed);
    assert_int_equal(xl_itr_nregions(r), 2);
    const char *name;
    uint64_t bytes;
    xl_itr_region(r, 1, &name, &bytes);
    assert_string_equal(name, "B");
    assert_int_equal(bytes, 3u << 20);
    assert_int_equal(xl_itr_nkernels(r), 2);
    assert_int_equal(xl_itr_nwaves(r), 4);       /* 1 x 2 + 2 x 1 */
    assert_int_equal(xl_itr_ninstrs(r), 16);     /* 3 + 3 + 5 + 5 */
    xl_kernel_t k;
    assert_int_equal(xl_itr_kernel(r, 1, &k), 1);
    assert_int_equal(k.workgroups, 2);
    assert_int_equal(k.waves_per_wg, 1);
    assert_int_equal(k.lds_bytes, 1024);
    assert_int_equal(k.code_bytes, 4096);
    assert_int_equal(k.code_id, 7);
    assert_int_equal(xl_itr_kernel(r, 2, &k), 0);
    /* the wavefronts in the order k1 (1, 0), k0 (0, 1), k1 (0, 0), k0 (0, 0), and the
     * first two interleaved instruction by instruction */
    const uint32_t order[4][3] = {{1, 1, 0}, {0, 0, 1}, {1, 0, 0}, {0, 0, 0}};
    xl_wave_t c[4];
    xl_instr_t want[4][5], got;
    unsigned n[4];
    for (unsigned j = 0; j < 4; j++) {
        memset(&c[j], 0, sizeof c[j]);
        c[j].kernel = order[j][0];
        c[j].wg = order[j][1];
        c[j].wave = order[j][2];
        n[j] = wave_01(c[j].kernel, c[j].wg, c[j].wave, want[j]);
        xl_itr_wave_begin(r, &c[j]);
    }
    for (unsigned i = 0; i < 5; i++)
        for (unsigned j = 0; j < 2; j++)
            if (i < n[j]) {
                assert_int_equal(xl_itr_wave_next(r, &c[j], &got), 1);
                expect_instr(&got, &want[j][i]);
            }
    for (unsigned j = 2; j < 4; j++)
        for (unsigned i = 0; i < n[j]; i++) {
            assert_int_equal(xl_itr_wave_next(r, &c[j], &got), 1);
            expect_instr(&got, &want[j][i]);
        }
    for (unsigned j = 0; j < 4; j++) {   /* then the end, an all-zero instruction */
        assert_int_equal(xl_itr_wave_next(r, &c[j], &got), 0);
        assert_int_equal(got.op, XL_OP_END);
    }
    assert_null(xl_itr_error(r));
    xl_itr_close(r);
}

static void test_34_01_round_trip(void **state)
{
    (void)state;
    char p[256], err[512] = "";
    write_01(path_of("two.xlt", p), 0);
    read_01(p, 0);
    if (xl_itrace_have_zstd()) {
        write_01(path_of("two-z.xlt", p), 1);
        read_01(p, 1);
    } else {   /* a build without zstd refuses to write a compressed trace, and says why */
        xl_itw_t *w = NULL;
        assert_int_equal(xl_itw_open(&w, path_of("two-z.xlt", p), "t34", 1, err, sizeof err),
                         XL_EINPUT);
        assert_non_null(strstr(err, "this build has no zstd"));
        assert_int_equal(file_size(DIR "/two-z.xlt.tmp"), -1);
    }
}

/* ---- 34.02 ---- */

static void write_02(const char *p)
{
    char err[512] = "";
    xl_itw_t *w = NULL;
    ok(xl_itw_open(&w, p, "t", 0, err, sizeof err), err);
    ok(xl_itw_origin(w, 1000, 7, err, sizeof err), err);
    ok(xl_itw_region(w, "A", 8192, NULL, err, sizeof err), err);
    const xl_kernel_t k = {1, 1, 0, 0, 0};
    ok(xl_itw_kernel(w, &k, err, sizeof err), err);
    ok(xl_itw_wave(w, 0, 0, err, sizeof err), err);
    xl_instr_t in[5];
    /* 1: LOAD lanes 0-3 at A + 4 l. Tag (op 2; pc 0 = previous 0xFFFFFFFF + 1, cycles 0 =
     *    previous 0: flagged), mask 0x0F (1 byte), bytes 4 (1 byte): 3. Addresses, each
     *    lane's previous being XL_WL_VA_BASE = A: own deltas 0, 4, 8, 12; stride 4. LANE
     *    zz 0, 8, 16, 24 = 4 bytes; NBR 0, 8, 8, 8 = 4; STRIDE first 0 + stride 8 = 2;
     *    UNIFORM does not apply. Mode byte + STRIDE = 3. Total 6. */
    in[0] = mk(XL_OP_LOAD, 4, 0, 0, 0xFu);
    for (unsigned l = 0; l < 4; l++)
        in[0].va[l] = BASE + 4u * l;
    /* 2: LOAD, same mask, bytes, cycles, pc + 1: the tag alone. Every lane 4096 on: own
     *    deltas all 4096, zz 8192 = 2 bytes. LANE 8; NBR 2 + 1 + 1 + 1 = 5; STRIDE 2 + 1 =
     *    3; UNIFORM 2. Mode byte + UNIFORM = 3. Total 4. */
    in[1] = mk(XL_OP_LOAD, 4, 0, 1, 0xFu);
    for (unsigned l = 0; l < 4; l++)
        in[1].va[l] = BASE + 4096u + 4u * l;
    /* 3: ALU of 300 cycles at pc 1000. Tag; mask same; pc: zz(1000 - 1 - 1) = 1996 = 2
     *    bytes; cycles 300 = 2 bytes; bytes 0 after 4 = 1 byte. Total 6, no addresses. */
    in[2] = mk(XL_OP_ALU, 0, 300, 1000, 0xFu);
    /* 4: STORE lanes 0 and 2, pc 1001 (flagged). Tag; mask 0x05 = 1; cycles 0 after 300 =
     *    1; bytes 4 after 0 = 1: 4. Lane 0 at A + 4096 - 64 (own delta -64, zz 127 = 1
     *    byte), lane 2 at A + 4096 + 8 + 63 (own delta +63, zz 126 = 1 byte). LANE 2; NBR
     *    1 + zz(135) = 270 = 2 bytes = 3; STRIDE 1 + 2 = 3. Mode byte + LANE = 3. Total 7. */
    in[3] = mk(XL_OP_STORE, 4, 0, 1001, 0x5u);
    in[3].va[0] = BASE + 4096u - 64u;
    in[3].va[2] = BASE + 4096u + 8u + 63u;
    /* 5: BARRIER, same mask, pc 1002, cycles 0: tag, bytes 0 after 4 = 1. Total 2. */
    in[4] = mk(XL_OP_BARRIER, 0, 0, 1002, 0x5u);
    for (unsigned i = 0; i < 5; i++)
        ok(xl_itw_instr(w, &in[i], err, sizeof err), err);
    ok(xl_itw_close(w, err, sizeof err), err);
}

static void test_34_02_delta_encoding(void **state)
{
    (void)state;
    char p[256], err[512] = "";
    write_02(path_of("delta.xlt", p));
    /* header 64; one block: 12 + 6 + 4 + 6 + 7 + 2 = 37; metadata: name "t" 2, scale
     * 1000 2, seed 7 1, 1 region 1, "A" 2, 8192 2, 1 kernel 1, its five fields 5, 5
     * instructions 1 = 17; index 1 x 24. 64 + 37 + 17 + 24 = 142. */
    assert_int_equal(file_size(p), 142);
    FILE *f = fopen(p, "rb");
    assert_non_null(f);
    uint8_t b[142];
    assert_int_equal(fread(b, 1, sizeof b, f), 142);
    fclose(f);
    /* the block's raw length 25 at 64 + 4, and its first bytes: LOAD's tag 0x02 | 0x10
     * (pc) | 0x20 (cycles) = 0x32, mask 0x0F, bytes 4, mode 2, zz(0) 0, zz(4) 8 */
    assert_int_equal(b[68], 25);
    const uint8_t first[6] = {0x32, 0x0F, 0x04, 0x02, 0x00, 0x08};
    assert_memory_equal(b + 76, first, sizeof first);
    /* and it reads back: the STORE's negative delta included */
    xl_itr_t *r = NULL;
    ok(xl_itr_open(&r, p, 1, 1, err, sizeof err), err);
    xl_wave_t c;
    xl_instr_t got;
    memset(&c, 0, sizeof c);
    xl_itr_wave_begin(r, &c);
    for (unsigned i = 0; i < 4; i++)
        assert_int_equal(xl_itr_wave_next(r, &c, &got), 1);
    assert_int_equal(got.op, XL_OP_STORE);
    assert_int_equal(got.va[0], BASE + 4096u - 64u);
    assert_int_equal(got.va[2], BASE + 4096u + 71u);
    xl_itr_close(r);
}

/* ---- 34.03 ---- */

/* CRC-32 as zlib's, bit by bit (an implementation apart from the reader's table). */
static uint32_t crc32_bits(const uint8_t *p, size_t n)
{
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = c & 1u ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    }
    return ~c;
}

static void put32(uint8_t *p, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* 142 bytes of 34.02's file, changed by fn, written back (n bytes) and opened. */
static void refused(const char *name, size_t n, void (*fn)(uint8_t *), const char *want)
{
    char src[256], p[256], err[512] = "";
    write_02(path_of("delta.xlt", src));
    uint8_t b[142];
    FILE *f = fopen(src, "rb");
    assert_non_null(f);
    assert_int_equal(fread(b, 1, sizeof b, f), sizeof b);
    fclose(f);
    if (fn)
        fn(b);
    f = fopen(path_of(name, p), "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(b, 1, n, f), n);
    fclose(f);
    xl_itr_t *r = NULL;
    int rc = xl_itr_open(&r, p, 0, 1, err, sizeof err);
    if (rc != XL_EINPUT || !strstr(err, want))
        print_error("%s: rc %d, '%s' (want '%s')\n", name, rc, err, want);
    assert_int_equal(rc, XL_EINPUT);
    assert_null(r);
    assert_non_null(strstr(err, want));
    assert_non_null(strstr(err, p));       /* names the file */
    assert_null(strchr(err, '\n'));        /* one line */
}

static void flip_block(uint8_t *b) { b[64 + 12 + 7] ^= 0x40; }
static void flip_header(uint8_t *b) { b[20] ^= 0x01; }
static void flip_meta(uint8_t *b) { b[101 + 3] ^= 0x01; }
static void flip_index(uint8_t *b) { b[118 + 9] ^= 0x01; }
static void version2(uint8_t *b) { b[8] = 2; }
/* the index entry's offset 64 made 63 (before the first block), and the index's and the
 * header's checksums made right again: only the entry is wrong */
static void bad_entry(uint8_t *b)
{
    b[118] = 63;
    put32(b + 48, crc32_bits(b + 118, 24));
    put32(b + 60, crc32_bits(b, 60));
}

static void test_34_03_damaged(void **state)
{
    (void)state;
    /* blocks 64..101, metadata 101..118, index 118..142 (34.02) */
    refused("trunc.xlt", 100, NULL, "truncated: 100 bytes where the header says 142");
    refused("trunc-hdr.xlt", 40, NULL, "truncated: 40 bytes, less than the 64-byte header");
    refused("flip-block.xlt", 142, flip_block, "block at offset 64 fails its checksum");
    refused("flip-hdr.xlt", 142, flip_header, "the header fails its checksum");
    refused("flip-meta.xlt", 142, flip_meta, "the metadata fails its checksum");
    refused("flip-index.xlt", 142, flip_index, "the index fails its checksum");
    refused("v2.xlt", 142, version2, "format version 2; this build reads version 1");
    refused("entry.xlt", 142, bad_entry, "bad index entry for wavefront 0");
    char p[256], err[512] = "";
    xl_itr_t *r = NULL;
    FILE *f = fopen(path_of("text.xlt", p), "w");
    fputs("kernelslist.g\n", f);
    fclose(f);
    assert_int_equal(xl_itr_open(&r, p, 0, 1, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "not an xlat instruction trace"));
    assert_int_equal(xl_itr_open(&r, DIR "/absent.xlt", 0, 1, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "cannot open"));
}

/* ---- 34.04 ---- */

/* Wavefront j's instruction i: ALUs of 1 or 2 cycles in turn (2 bytes each but the first,
 * 3: docs/traces.md), except every 1000th, a one-lane LOAD whose address the reader
 * rebuilds from the lane's history. 9000 instructions a wavefront. */
#define N04 9000u
static xl_instr_t instr_04(unsigned j, unsigned i)
{
    if (i % 1000u == 999u) {
        xl_instr_t in = mk(XL_OP_LOAD, 4, 0, i, 1u);
        in.va[0] = BASE + (uint64_t)((i * 37u + j * 4096u) % 65536u);
        return in;
    }
    return mk(XL_OP_ALU, 0, (uint16_t)(1 + i % 2), i, 1u);
}

static void test_34_04_streaming(void **state)
{
    (void)state;
    char p[256], err[512] = "";
    xl_itw_t *w = NULL;
    ok(xl_itw_open(&w, path_of("stream.xlt", p), "s", 0, err, sizeof err), err);
    ok(xl_itw_region(w, "A", 65536, NULL, err, sizeof err), err);
    const xl_kernel_t k = {2, 4, 0, 0, 0};
    ok(xl_itw_kernel(w, &k, err, sizeof err), err);
    for (unsigned j = 0; j < 8; j++) {
        ok(xl_itw_wave(w, j / 4, j % 4, err, sizeof err), err);
        for (unsigned i = 0; i < N04; i++) {
            xl_instr_t in = instr_04(j, i);
            ok(xl_itw_instr(w, &in, err, sizeof err), err);
        }
    }
    ok(xl_itw_close(w, err, sizeof err), err);
    /* 2 decoded blocks for 8 wavefronts, read in turns of 1000 instructions: */
    xl_itr_t *r = NULL;
    ok(xl_itr_open(&r, p, 2, 1, err, sizeof err), err);
    xl_wave_t c[8];
    for (unsigned j = 0; j < 8; j++) {
        memset(&c[j], 0, sizeof c[j]);
        c[j].wg = j / 4;
        c[j].wave = j % 4;
        xl_itr_wave_begin(r, &c[j]);
    }
    for (unsigned t = 0; t < N04 / 1000u; t++)
        for (unsigned j = 0; j < 8; j++)
            for (unsigned i = t * 1000u; i < (t + 1) * 1000u; i++) {
                xl_instr_t got, want = instr_04(j, i);
                assert_int_equal(xl_itr_wave_next(r, &c[j], &got), 1);
                expect_instr(&got, &want);
            }
    xl_instr_t end;
    for (unsigned j = 0; j < 8; j++)
        assert_int_equal(xl_itr_wave_next(r, &c[j], &end), 0);
    assert_null(xl_itr_error(r));
    /* Each wavefront's stream, turn by turn of 1000 instructions: the turn's first ALU
     * 3 bytes (instruction 0: tag, mask, cycles; after a LOAD: tag, cycles, bytes 0), 998
     * ALUs of 2 (tag, cycles 1 or 2 in turn), the LOAD 7 (tag, cycles 0, bytes 4, mode,
     * a lane delta of 3 bytes: |delta| >= 8192) = 2006 bytes a turn. 8 turns fill 16048
     * bytes of the first 16384-byte block; turn 9 (the 9th) adds 3 + 166 x 2 = 16383 and
     * its next ALU starts the second block. With 2 slots and 7 other wavefronts between
     * its turns, a wavefront finds its block evicted at each turn: 1 decode a turn, 9
     * turns, + 1 where the 9th crosses into the second block: 10 a wavefront, 80 in all
     * (the verification at open decodes them too, and is not counted). */
    assert_int_equal(xl_itr_decodes(r), 80);
    xl_itr_close(r);
}

/* ---- 34.05 ---- */

static void refuse_write(const char *name, int what, const char *want)
{
    char p[256], err[512] = "";
    xl_itw_t *w = NULL;
    ok(xl_itw_open(&w, path_of(name, p), "r", 0, err, sizeof err), err);
    ok(xl_itw_region(w, "A", 4096, NULL, err, sizeof err), err);
    const xl_kernel_t k = {2, 1, 256, 0, 0};
    ok(xl_itw_kernel(w, &k, err, sizeof err), err);
    int rc = xl_itw_wave(w, what == 3 ? 1 : 0, 0, err, sizeof err);
    if (rc == XL_OK) {
        xl_instr_t in = mk(XL_OP_LOAD, 4, 0, 0, 1u);
        in.va[0] = BASE + 4096u;   /* what 0: one past the region's end */
        if (what == 1) {
            in = mk(XL_OP_LDS, 4, 1, 0, 1u);
            in.va[0] = 256;        /* lds_bytes 256: offsets 0..255 */
        } else if (what == 2) {
            in = mk(XL_OP_ALU, 0, 1, 0, 1u);
            in.va[0] = BASE;
        } else if (what == 4) {
            in.va[0] = BASE;
        }
        rc = xl_itw_instr(w, &in, err, sizeof err);
        if (rc == XL_OK)
            rc = xl_itw_close(w, err, sizeof err);   /* what 4: work-group 1 is missing */
        else
            xl_itw_abort(w);
    } else {
        xl_itw_abort(w);
    }
    if (rc != XL_EINPUT || !strstr(err, want))
        print_error("%s: rc %d, '%s' (want '%s')\n", name, rc, err, want);
    assert_int_equal(rc, XL_EINPUT);
    assert_non_null(strstr(err, want));
    assert_null(strchr(err, '\n'));
    char tmp[300];
    snprintf(tmp, sizeof tmp, "%s.tmp", p);
    assert_int_equal(file_size(p), -1);     /* nothing left: not the trace ... */
    assert_int_equal(file_size(tmp), -1);   /* ... nor its temporary */
}

static void test_34_05_writer_refuses(void **state)
{
    (void)state;
    refuse_write("w0.xlt", 0, "lane 0 has an address outside every declared region (0x7f0000001000)");
    refuse_write("w1.xlt", 1, "lane 0 has an LDS offset at or above the kernel's lds_bytes");
    refuse_write("w2.xlt", 2, "carries an address in an instruction that has none");
    refuse_write("w3.xlt", 3, "wavefront (1, 0) given where (0, 0) comes next");
    refuse_write("w4.xlt", 4, "kernel 0 ends at work-group 1 wave 0 of 2 x 1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_34_01_round_trip),
        cmocka_unit_test(test_34_02_delta_encoding),
        cmocka_unit_test(test_34_03_damaged),
        cmocka_unit_test(test_34_04_streaming),
        cmocka_unit_test(test_34_05_writer_refuses),
    };
    return cmocka_run_group_tests_name("t34_itrace", tests, NULL, NULL);
}
