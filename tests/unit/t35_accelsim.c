/*
 * t35_accelsim.c - the Accel-Sim trace import (sw/trace/accelsim.c; docs/traces-accelsim.md),
 * every expected value worked out by hand in the comment beside it:
 *
 *   35.01 one instruction line of each address mode decompressed to its lanes (list,
 *         base+stride with a negative stride, base+deltas), and the three tracer versions'
 *         line shapes (3: no immediate, 4: a leading line number, 5: a trailing immediate);
 *   35.02 a thread block's warps to wavefronts: the reader's events, the work-group id
 *         (x fastest) and waves_per_wg; then a whole import read back, with the warps and
 *         thread blocks the trace lacks given as empty wavefronts, and a relaunch's code_id;
 *   35.03 the lowering of each opcode family and the merging of compute runs into ALU gaps
 *         (and a run longer than 65535 cycles cut in two), global addresses rebased;
 *   35.04 the region grouping of a hand-built address set, at most 8 and at most 2 regions;
 *   35.05 damaged input: each malformed line kind refused with file:line and what is wrong.
 */
#include "xltest.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "xlat/accelsim.h"
#include "xlat/itrace.h"

#define V5 "-kernel name = k\n-grid dim = (2,2,1)\n-block dim = (40,1,1)\n-shmem = 256\n" \
           "-shmem base_addr = 0x00007f0070000000\n-local mem base_addr = 0x00007f0072000000\n" \
           "-accelsim tracer version = 5\n-enable lineinfo = 0\n\n#traces format = ...\n\n"

static void parse_ok(const char *line, unsigned ver, int lineinfo, xl_accel_inst_t *in)
{
    char err[256] = "";
    int rc = xl_accel_parse_inst(line, ver, lineinfo, in, err, sizeof err);
    if (rc != XL_OK)
        print_error("'%s': %s\n", line, err);
    assert_int_equal(rc, XL_OK);
}

static void test_35_01_address_modes(void **state)
{
    (void)state;
    xl_accel_inst_t in;
    /* list: mask 0x0b = lanes 0, 1, 3, one address each; lane 2 inactive stays 0 */
    parse_ok("0090 0000000b 1 R4 LDG.E.64 1 R2 8 0 0x00007f0000001000 0x00007f0000001010 "
             "0x00007f0000002000 0 ", 5, 0, &in);
    assert_int_equal(in.pc, 0x90);
    assert_int_equal(in.mask, 0x0b);
    assert_string_equal(in.opcode, "LDG.E.64");
    assert_int_equal(in.width, 8);
    assert_int_equal(in.mode, XL_ACCEL_LIST);
    assert_int_equal(in.addr[0], UINT64_C(0x7f0000001000));
    assert_int_equal(in.addr[1], UINT64_C(0x7f0000001010));
    assert_int_equal(in.addr[2], 0);
    assert_int_equal(in.addr[3], UINT64_C(0x7f0000002000));
    /* base+stride: lanes 4..11 (mask 0xff0), lane 4 at 0x100, each next 4 lower:
     * lane 11 at 0x100 - 7 * 4 = 0xe4 */
    parse_ok("0080 00000ff0 1 R2 LDG.E 1 R2 4 1 0x7f3c40000100 -4 0", 5, 0, &in);
    assert_int_equal(in.mode, XL_ACCEL_STRIDE);
    assert_int_equal(in.addr[3], 0);
    assert_int_equal(in.addr[4], UINT64_C(0x7f3c40000100));
    assert_int_equal(in.addr[5], UINT64_C(0x7f3c400000fc));
    assert_int_equal(in.addr[11], UINT64_C(0x7f3c400000e4));
    assert_int_equal(in.addr[12], 0);
    /* base+deltas: lanes 0, 2, 31 (mask 0x80000005): 0x1000, + 4096 = 0x2000, - 8 = 0x1ff8 */
    parse_ok("0090 80000005 1 R4 LDG.E 1 R4 4 2 0x1000 4096 -8 0", 5, 0, &in);
    assert_int_equal(in.mode, XL_ACCEL_DELTA);
    assert_int_equal(in.addr[0], 0x1000);
    assert_int_equal(in.addr[1], 0);
    assert_int_equal(in.addr[2], 0x2000);
    assert_int_equal(in.addr[31], 0x1ff8);
    /* the shipped trace's first gather load (kernel-2.traceg): lane 3 = base + 3 * 1576 -
     * ... : 0x7f3c60200000 + 1576 + 1576 + 1576 = 0x7f3c60201278; lane 4 adds 1496 */
    parse_ok("0090 ffffffff 1 R4 LDG.E 1 R4 4 2 0x7f3c60200000 1576 1576 1576 1496 1576 1576 "
             "1576 1496 1576 1576 1576 1496 1576 1576 1576 1496 1576 1576 1576 1496 1576 1576 "
             "1576 1496 1576 1576 1576 1496 1576 1576 1576 0 ", 5, 0, &in);
    assert_int_equal(in.addr[3], UINT64_C(0x7f3c60201278));
    assert_int_equal(in.addr[4], UINT64_C(0x7f3c60201278) + 1496u);
    /* version 3: no immediate, so the trailing 0 of a version-5 line is one token too many */
    parse_ok("0040 ffffffff 0 ISETP.GE.AND 1 R0 0", 3, 0, &in);
    assert_int_equal(in.width, 0);
    char err[256];
    assert_int_equal(xl_accel_parse_inst("0040 ffffffff 0 ISETP.GE.AND 1 R0 0 0", 3, 0, &in, err,
                                         sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "unexpected '0'"));
    /* version 4 with lineinfo: the line number (17) comes first */
    parse_ok("17 0070 00000003 0 STG.E 2 R6 R9 4 1 0x2000 4", 4, 1, &in);
    assert_int_equal(in.pc, 0x70);
    assert_int_equal(in.addr[1], 0x2004);
    /* version 5 without its immediate */
    assert_int_equal(xl_accel_parse_inst("0040 ffffffff 0 EXIT 0 0", 5, 0, &in, err,
                                         sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "immediate"));
    assert_int_equal(xl_accel_parse_inst("0040 ffffffff 0 EXIT 0 0", 6, 0, &in, err,
                                         sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "tracer version 6"));
}

static void open_text(xl_accel_rd_t *r, const char *text, int expect_rc, char *err, size_t errlen)
{
    FILE *f = fmemopen((void *)text, strlen(text), "r");
    assert_non_null(f);
    int rc = xl_accel_rd_stream(r, f, "k.traceg", err, errlen);
    if (rc != expect_rc)
        print_error("%s\n", err);
    assert_int_equal(rc, expect_rc);
}

static void test_35_02_blocks_to_waves(void **state)
{
    (void)state;
    static xl_accel_rd_t r;
    char err[512] = "";
    xl_accel_ev_t ev;
    /* grid 2x2x1 of 40-thread blocks: 4 work-groups of ceil(40 / 32) = 2 wavefronts; block
     * (1,1,0) is work-group 1 + 2 * 1 = 3; its warp 1 holds threads 32-39 (mask 0xff) */
    open_text(&r, V5 "#BEGIN_TB\n\nthread block = 1,1,0\n\nwarp = 0\ninsts = 1\n"
              "0000 ffffffff 0 EXIT 0 0 0 \n\nwarp = 1\ninsts = 2\n"
              "0000 000000ff 1 R1 S2R 0 0 0 \n0010 000000ff 0 EXIT 0 0 0 \n\n#END_TB\n",
              XL_OK, err, sizeof err);
    assert_int_equal(r.h.workgroups, 4);
    assert_int_equal(r.h.waves_per_wg, 2);
    assert_int_equal(r.h.shmem, 256);
    static const xl_accel_ev_t want[] = {XL_ACCEL_EV_TB, XL_ACCEL_EV_WARP, XL_ACCEL_EV_INST,
                                         XL_ACCEL_EV_WARP, XL_ACCEL_EV_INST, XL_ACCEL_EV_INST,
                                         XL_ACCEL_EV_TB_END, XL_ACCEL_EV_EOF};
    for (unsigned i = 0; i < sizeof want / sizeof want[0]; i++) {
        assert_int_equal(xl_accel_rd_next(&r, &ev, err, sizeof err), XL_OK);
        assert_int_equal(ev, want[i]);
        if (ev == XL_ACCEL_EV_TB)
            assert_int_equal(r.wg, 3);
        if (i == 3)
            assert_int_equal(r.warp * 100 + r.insts, 102);   /* warp 1, insts 2 */
        if (i == 4)
            assert_int_equal(r.inst.mask, 0xff);
    }
    xl_accel_rd_close(&r);

    /* A whole import: grid (3,1,1) of 64 threads = 3 work-groups x 2 wavefronts; the trace
     * holds block 1's warp 0 only, so 5 of the 6 wavefronts are empty. Warp 0: S2R, IMAD
     * (compute run of 2), LDG (base+stride, lanes 0-31 from 0x7f0012340000 by 4), EXIT:
     * ALU(2), LOAD, ALU(1) = 3 instructions. The one region is the LDG's 128 B and the
     * 64 B copy at 0x7f0012340080 right after it: [0x7f0012200000, 0x7f00123400c0), lo
     * rounded down to 2 MB; the replay puts it at XL_WL_VA_BASE, so lane 1 lands at
     * XL_WL_VA_BASE + 0x140004. code_bytes = 0x30 + 16 = 64. The list launches the kernel
     * twice: 2 kernels, 12 wavefronts (10 empty), 6 instructions, and the second launch,
     * of the same name, runs the first one's code (code_id 1). */
    /* (not under build/tests/, whose every t* file tests/run.sh runs) */
    mkdir("build", 0755);
    const char *dir = "build/t35_accelsim";
    mkdir(dir, 0755);
    FILE *f = fopen("build/t35_accelsim/kernelslist.g", "w");
    assert_non_null(f);
    fputs("MemcpyHtoD,0x00007f0012340080,64\nkernel-1.traceg\nkernel-1.traceg\n", f);
    fclose(f);
    f = fopen("build/t35_accelsim/kernel-1.traceg", "w");
    assert_non_null(f);
    fputs("-kernel name = _Z1kv\n-grid dim = (3,1,1)\n-block dim = (64,1,1)\n-shmem = 0\n"
          "-accelsim tracer version = 4\n-enable lineinfo = 0\n\n"
          "#BEGIN_TB\n\nthread block = 1,0,0\n\nwarp = 0\ninsts = 4\n"
          "0000 ffffffff 1 R0 S2R 0 0 \n0010 ffffffff 1 R0 IMAD 2 R0 R1 0 \n"
          "0020 ffffffff 1 R2 LDG.E 1 R0 4 1 0x7f0012340000 4 \n0030 ffffffff 0 EXIT 0 0 \n"
          "\n#END_TB\n", f);
    fclose(f);
    xl_accel_summary_t s;
    const char *out = "build/t35_accelsim/out.xlt";
    int rc = xl_accel_import(dir, out, 0, &s, err, sizeof err);
    if (rc != XL_OK)
        print_error("%s\n", err);
    assert_int_equal(rc, XL_OK);
    assert_int_equal(s.kernels, 2);
    assert_int_equal(s.waves, 12);
    assert_int_equal(s.empty_waves, 10);
    assert_int_equal(s.instrs, 6);
    assert_int_equal(s.nregions, 1);
    assert_int_equal(s.region[0].lo, UINT64_C(0x7f0012200000));
    assert_int_equal(s.region[0].hi, UINT64_C(0x7f00123400c0));
    xl_itr_t *tr;
    rc = xl_itr_open(&tr, out, 0, 1, err, sizeof err);
    if (rc != XL_OK)
        print_error("%s\n", err);
    assert_int_equal(rc, XL_OK);
    assert_int_equal(xl_itr_nwaves(tr), 12);
    assert_int_equal(xl_itr_ninstrs(tr), 6);
    xl_kernel_t k;
    assert_int_equal(xl_itr_kernel(tr, 0, &k), 1);
    assert_int_equal(k.workgroups, 3);
    assert_int_equal(k.waves_per_wg, 2);
    assert_int_equal(k.code_bytes, 64);
    assert_int_equal(k.code_id, 1);
    assert_int_equal(xl_itr_kernel(tr, 1, &k), 1);
    assert_int_equal(k.code_id, 1);   /* the same name: the same code */
    assert_int_equal(xl_itr_kernel(tr, 2, &k), 0);
    static xl_wave_t w;
    xl_instr_t in;
    w.kernel = 0, w.wg = 1, w.wave = 0;
    xl_itr_wave_begin(tr, &w);
    assert_int_equal(xl_itr_wave_next(tr, &w, &in), 1);
    assert_int_equal(in.op * 1000 + in.cycles, XL_OP_ALU * 1000 + 2);
    assert_int_equal(xl_itr_wave_next(tr, &w, &in), 1);
    assert_int_equal(in.op, XL_OP_LOAD);
    assert_int_equal(in.bytes, 4);
    assert_int_equal(in.va[1], XL_WL_VA_BASE + UINT64_C(0x140004));
    assert_int_equal(xl_itr_wave_next(tr, &w, &in), 1);
    assert_int_equal(in.op * 1000 + in.cycles, XL_OP_ALU * 1000 + 1);
    assert_int_equal(xl_itr_wave_next(tr, &w, &in), 0);
    w.wg = 2, w.wave = 1;   /* a block the trace lacks: an empty wavefront */
    xl_itr_wave_begin(tr, &w);
    assert_int_equal(xl_itr_wave_next(tr, &w, &in), 0);
    assert_null(xl_itr_error(tr));
    xl_itr_close(tr);
    remove(out);
}

static xl_instr_t got[8];
static unsigned ngot;

static int capture(void *ctx, const xl_instr_t *in, char *err, size_t errlen)
{
    (void)ctx, (void)err, (void)errlen;
    if (ngot < 8)
        got[ngot] = *in;
    ngot++;
    return XL_OK;
}

static xl_accel_kind_t lower_line(const xl_accel_khdr_t *h, const char *line, xl_instr_t *out)
{
    xl_accel_inst_t in;
    xl_accel_kind_t kind;
    char err[256] = "";
    parse_ok(line, 5, 0, &in);
    int rc = xl_accel_lower(h, &in, &kind, out, err, sizeof err);
    if (rc != XL_OK)
        print_error("%s\n", err);
    assert_int_equal(rc, XL_OK);
    return kind;
}

static void test_35_03_lowering_and_alu_gaps(void **state)
{
    (void)state;
    xl_accel_khdr_t h;
    memset(&h, 0, sizeof h);
    h.shmem = 1024;
    h.shmem_base = UINT64_C(0x7f0070000000);   /* shared window up to local_base, */
    h.local_base = UINT64_C(0x7f0072000000);   /* local window 32 MB from there */
    xl_instr_t o;
    /* opcode families */
    assert_int_equal(lower_line(&h, "0 1 1 R1 LDG.E.128 1 R2 16 1 0x7f0000001000 16 0", &o),
                     XL_ACCEL_K_LOAD);
    assert_int_equal(o.bytes, 16);
    assert_int_equal(lower_line(&h, "0 1 0 RED.E.ADD.F32 2 R2 R3 4 1 0x7f0000001000 0 0", &o),
                     XL_ACCEL_K_STORE);
    assert_int_equal(lower_line(&h, "0 1 0 ATOMG.E.ADD 2 R2 R3 4 1 0x7f0000001000 0 0", &o),
                     XL_ACCEL_K_STORE);
    /* generic LD in the shared window: an LDS at offset 0x7f0070000040 - base = 64 */
    assert_int_equal(lower_line(&h, "0 1 1 R1 LD.E 1 R2 4 1 0x7f0070000040 0 0", &o),
                     XL_ACCEL_K_LDS);
    assert_int_equal(o.op, XL_OP_LDS);
    assert_int_equal(o.va[0], 64);
    /* an STS naming its offset directly (below the window): taken as it is */
    assert_int_equal(lower_line(&h, "0 1 0 STS 2 R0 R2 4 1 0x3fc 0 0", &o), XL_ACCEL_K_LDS_ST);
    assert_int_equal(o.va[0], 0x3fc);
    /* generic ST in the local window, LDL, constant and texture loads: compute */
    assert_int_equal(lower_line(&h, "0 1 0 ST.E 2 R0 R2 4 1 0x7f0072000100 0 0", &o),
                     XL_ACCEL_K_LOCAL);
    assert_int_equal(lower_line(&h, "0 1 1 R1 LDL 1 R2 4 1 0x7f0072000100 0 0", &o),
                     XL_ACCEL_K_LOCAL);
    assert_int_equal(lower_line(&h, "0 1 1 R1 LDC 1 R2 0 0", &o), XL_ACCEL_K_COMPUTE);
    assert_int_equal(lower_line(&h, "0 1 1 R1 TEX.SCR.B.LL 1 R2 4 1 0x10 0 0", &o),
                     XL_ACCEL_K_OTHER_MEM);
    assert_int_equal(lower_line(&h, "0 1 0 BAR.SYNC.DEFER_BLOCKING 0 0 0", &o),
                     XL_ACCEL_K_BARRIER);
    assert_int_equal(lower_line(&h, "0 1 0 BAR.ARV 0 0 0", &o), XL_ACCEL_K_COMPUTE);
    /* a load with every lane predicated off touches nothing */
    assert_int_equal(lower_line(&h, "0 0 1 R1 LDG.E 1 R2 4 1 0x0 0 0", &o), XL_ACCEL_K_COMPUTE);
    /* an STS at offset 1022 (+4 B) reaches past the 1024 B block */
    xl_accel_inst_t in;
    xl_accel_kind_t kind;
    char err[256];
    parse_ok("0 1 0 STS 2 R0 R2 4 1 0x7f00700003fe 0 0", 5, 0, &in);
    assert_int_equal(xl_accel_lower(&h, &in, &kind, &o, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "shared offset 1022 (+4 B) lies outside the block's 1024 B"));

    /* The converter: S2R, IMAD, LDL (local: compute) | LDG | FADD, LDC | BAR | EXIT, with
     * the one region [0x7f0000000000, 0x7f0000400000) replayed at 0x7f0000600000:
     * ALU(3, pc 0x00), LOAD (lane 0 at 0x7f0000001000 -> 0x7f0000601000), ALU(2, pc 0x40),
     * BARRIER, ALU(1, pc 0x70): 5 instructions for 8 lines. */
    static xl_accel_conv_t c;
    memset(&c, 0, sizeof c);
    c.nregions = 1;
    c.region[0] = (xl_accel_span_t){UINT64_C(0x7f0000000000), UINT64_C(0x7f0000400000)};
    c.base[0] = UINT64_C(0x7f0000600000);
    c.emit = capture;
    static const char *const lines[] = {
        "0000 ffffffff 1 R0 S2R 0 0 0", "0010 ffffffff 1 R0 IMAD 2 R0 R1 0 0",
        "0020 ffffffff 1 R1 LDL 1 R1 4 1 0x7f0072000000 4 0",
        "0030 00000001 1 R2 LDG.E 1 R0 4 1 0x7f0000001000 0 0",
        "0040 ffffffff 1 R2 FADD 2 R2 R2 0 0", "0050 ffffffff 1 R3 LDC 1 R0 0 0",
        "0060 ffffffff 0 BAR.SYNC 0 0 0", "0070 ffffffff 0 EXIT 0 0 0"};
    ngot = 0;
    for (unsigned i = 0; i < 8; i++) {
        xl_accel_kind_t k = lower_line(&h, lines[i], &o);
        assert_int_equal(xl_accel_conv_feed(&c, k, &o, err, sizeof err), XL_OK);
    }
    assert_int_equal(xl_accel_conv_flush(&c, err, sizeof err), XL_OK);
    assert_int_equal(ngot, 5);
    assert_int_equal(c.emitted, 5);
    assert_int_equal(got[0].op * 1000 + got[0].cycles, XL_OP_ALU * 1000 + 3);
    assert_int_equal(got[0].pc, 0x00);
    assert_int_equal(got[1].op, XL_OP_LOAD);
    assert_int_equal(got[1].va[0], UINT64_C(0x7f0000601000));
    assert_int_equal(got[2].op * 1000 + got[2].cycles, XL_OP_ALU * 1000 + 2);
    assert_int_equal(got[2].pc, 0x40);
    assert_int_equal(got[3].op, XL_OP_BARRIER);
    assert_int_equal(got[4].op * 1000 + got[4].cycles, XL_OP_ALU * 1000 + 1);
    assert_int_equal(got[4].pc, 0x70);
    assert_int_equal(c.kinds[XL_ACCEL_K_LOCAL], 1);
    /* 70000 compute instructions: a gap of 65535 cycles, then one of 70000 - 65535 = 4465 */
    ngot = 0;
    for (unsigned i = 0; i < 70000; i++)
        assert_int_equal(xl_accel_conv_feed(&c, XL_ACCEL_K_COMPUTE, &o, err, sizeof err), XL_OK);
    assert_int_equal(xl_accel_conv_flush(&c, err, sizeof err), XL_OK);
    assert_int_equal(ngot, 2);
    assert_int_equal(got[0].cycles, 65535);
    assert_int_equal(got[1].cycles, 4465);
    /* a load outside the region */
    lower_line(&h, "0030 00000001 1 R2 LDG.E 1 R0 4 1 0x7f0000400000 0 0", &o);
    assert_int_equal(xl_accel_conv_feed(&c, XL_ACCEL_K_LOAD, &o, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "0x7f0000400000 (+4 B) lies outside every region"));
}

static void test_35_04_regions(void **state)
{
    (void)state;
    char err[256];
    xl_accel_span_t out[XL_WL_MAX_REGIONS];
    unsigned n;
    /* A and B share the 2 MB grain at 0x7f0000000000 (B runs into the next grain), C
     * starts in the grain after B's last byte (0x7f0000200fff): one cluster
     * [0x7f0000001000, 0x7f0000400100). D is 256 MB away, E 256 MB further: three. */
    xl_accel_span_t s[] = {
        {UINT64_C(0x7f0020000000), UINT64_C(0x7f0020000010)},   /* E (any order) */
        {UINT64_C(0x7f0000001000), UINT64_C(0x7f0000003000)},   /* A */
        {UINT64_C(0x7f0000400000), UINT64_C(0x7f0000400100)},   /* C */
        {UINT64_C(0x7f00001ff000), UINT64_C(0x7f0000201000)},   /* B */
        {UINT64_C(0x7f0010000000), UINT64_C(0x7f0010001000)},   /* D */
    };
    xl_accel_span_t t[5];
    memcpy(t, s, sizeof s);
    assert_int_equal(xl_accel_regions(t, 5, XL_WL_MAX_REGIONS, out, &n, err, sizeof err), XL_OK);
    assert_int_equal(n, 3);
    assert_int_equal(out[0].lo, UINT64_C(0x7f0000000000));   /* 0x7f0000001000 to 2 MB */
    assert_int_equal(out[0].hi, UINT64_C(0x7f0000400100));
    assert_int_equal(out[1].lo, UINT64_C(0x7f0010000000));
    assert_int_equal(out[1].hi, UINT64_C(0x7f0010001000));
    assert_int_equal(out[2].lo, UINT64_C(0x7f0020000000));
    assert_int_equal(out[2].hi, UINT64_C(0x7f0020000010));
    /* At most 2: the gaps are D - C = 0x7f0010000000 - 0x7f0000400100 = 0xfbfff00 and
     * E - D = 0xffff000, the larger; the cut stays there, so A-C and D become one region */
    memcpy(t, s, sizeof s);
    assert_int_equal(xl_accel_regions(t, 5, 2, out, &n, err, sizeof err), XL_OK);
    assert_int_equal(n, 2);
    assert_int_equal(out[0].lo, UINT64_C(0x7f0000000000));
    assert_int_equal(out[0].hi, UINT64_C(0x7f0010001000));
    assert_int_equal(out[1].lo, UINT64_C(0x7f0020000000));
    /* A grain apart but not adjacent (0x7f0000000000 and 0x7f0000400000: grains 0 and 2
     * of that base) are two regions */
    xl_accel_span_t u[] = {{UINT64_C(0x7f0000000000), UINT64_C(0x7f0000000004)},
                           {UINT64_C(0x7f0000400000), UINT64_C(0x7f0000400004)}};
    assert_int_equal(xl_accel_regions(u, 2, XL_WL_MAX_REGIONS, out, &n, err, sizeof err), XL_OK);
    assert_int_equal(n, 2);
}

/* Each damaged kind of .traceg: the text after the header V5 and the message expected. */
static void test_35_05_damaged_input(void **state)
{
    (void)state;
    static const struct {
        const char *head, *body, *want;
    } cases[] = {
        {"-grid dim = (1,1,1)\n-block dim = (32,1,1)\n-shmem = 0\n-accelsim tracer version = 2\n",
         "", "k.traceg:4: tracer version 2 is not read (3, 4 and 5 are)"},
        {"-block dim = (32,1,1)\n-shmem = 0\n-accelsim tracer version = 4\n", "",
         "k.traceg:3: no '-grid dim = (x,y,z)' line"},
        {"-grid dim = (1,1)\n", "", "k.traceg:1: grid dim '(1,1)' is not (x,y,z)"},
        {"-grid dim = (1,1,1)\n-block dim = (2048,1,1)\n-shmem = 0\n-accelsim tracer version = 3\n",
         "", "k.traceg:4: block of 2048 threads (CUDA's limit is 1024)"},
        {"kernel = 1\n", "", "k.traceg:1: expected a header line"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\nzzzz ffffffff 0 EXIT 0 0 0\n",
         "k.traceg:16: PC 'zzzz' is not a 32-bit hexadecimal number"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0000 fffffffff 0 EXIT 0 0 0\n",
         "k.traceg:16: active mask 'fffffffff' is not a 32-bit"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
             "0000 00000003 1 R1 LDG.E 1 R2 4 0 0x10\n",
         "k.traceg:16: address of lane 1 '' is not hexadecimal"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
             "0000 00000005 1 R1 LDG.E 1 R2 4 1 0x10 4 0\n",
         "k.traceg:16: base+stride with active mask 00000005: the lanes must be one contiguous run"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
             "0000 00000007 1 R1 LDG.E 1 R2 4 2 0x10 4\n",
         "k.traceg:16: delta of lane 2 '' is not a decimal number (3 active lanes: 2 deltas)"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
             "0000 00000001 1 R1 LDG.E 1 R2 4 3 0x10 0\n",
         "k.traceg:16: address mode '3' is not 0 (list)"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n"
             "0000 00000001 1 R1 LDG.E 1 R2 4 1 0x10 0 0 7\n",
         "k.traceg:16: unexpected '7' after the instruction's last field"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 2\n0000 ffffffff 0 EXIT 0 0 0\n"
             "#END_TB\n", "k.traceg:17: warp 0 has fewer instruction lines than its 'insts = 2'"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 1\n0000 ffffffff 0 EXIT 0 0 0\n"
             "0010 ffffffff 0 EXIT 0 0 0\n",
         "k.traceg:17: warp 0 has more instruction lines than its 'insts = 1'"},
        {V5, "#BEGIN_TB\nthread block = 2,0,0\n", "k.traceg:13: thread block 2,0,0 lies outside"},
        {V5, "#BEGIN_TB\nthread block = 1,0,0\n#END_TB\n#BEGIN_TB\nthread block = 0,0,0\n",
         "k.traceg:16: thread block 0,0,0 after a later one"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 2\n", "k.traceg:14: warp 2 of a block of 2"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 1\ninsts = 0\nwarp = 0\n",
         "k.traceg:16: warp 0 after warp 1"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\n#END_TB\n",
         "k.traceg:15: 'warp = 0' without its 'insts = N' line"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 0\n",
         "k.traceg:15: the file ends inside a thread block (no #END_TB)"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\n#BEGIN_TB\n",
         "k.traceg:14: #BEGIN_TB before the previous thread block's #END_TB"},
        {V5, "#BEGIN_TB\nthread block = 0,0,0\n#END_TB\nwarp = 0\n",
         "k.traceg:15: 'warp = 0' outside a thread block"},
    };
    static xl_accel_rd_t r;
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024], err[512] = "";
        xl_accel_ev_t ev = XL_ACCEL_EV_TB;
        snprintf(text, sizeof text, "%s%s", cases[i].head, cases[i].body);
        FILE *f = fmemopen(text, strlen(text), "r");
        assert_non_null(f);
        int rc = xl_accel_rd_stream(&r, f, "k.traceg", err, sizeof err);
        while (rc == XL_OK && ev != XL_ACCEL_EV_EOF)
            rc = xl_accel_rd_next(&r, &ev, err, sizeof err);
        fclose(f);
        if (rc != XL_EINPUT || !strstr(err, cases[i].want))
            print_error("case %u: rc %d, '%s' (want '%s')\n", i, rc, err, cases[i].want);
        assert_int_equal(rc, XL_EINPUT);
        assert_non_null(strstr(err, cases[i].want));
        assert_null(strchr(err, '\n'));   /* one line */
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_35_01_address_modes),
        cmocka_unit_test(test_35_02_blocks_to_waves),
        cmocka_unit_test(test_35_03_lowering_and_alu_gaps),
        cmocka_unit_test(test_35_04_regions),
        cmocka_unit_test(test_35_05_damaged_input),
    };
    return cmocka_run_group_tests_name("t35_accelsim", tests, NULL, NULL);
}
