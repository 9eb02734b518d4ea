/*
 * gen.c - writes the small Accel-Sim-format trace shipped in tests/data/accelsim/ (the
 * input of tests/cli/t35_import.sh and tests/unit/t35_accelsim.c; docs/traces-accelsim.md
 * "The shipped trace"): kernelslist.g and kernel-1..3.traceg in the layout NVBit's tracer
 * (tracer version 5) and Accel-Sim's post-traces-processing write (without the cluster
 * lines its newest version adds for Hopper), from three CUDA kernels whose SASS we write
 * by hand:
 *
 *   1. vecadd  c[i] = a[i] + b[i], n = 2000 floats, grid 8 x 256 threads: a and b copied
 *      in (MemcpyHtoD), c not; the last block's warp 6 has 16 threads in range, warp 7
 *      none (it exits at once). Addresses base+stride (mode 1).
 *   2. gather  out[i] = src[idx[i]], n = 1024, grid 4 x 256, idx[i] = (389 i + 5 (i mod 4))
 *      mod 16384 into a 64 KB src 2 MB above idx: the src loads are base+deltas (mode 2).
 *   3. blocksum  each of 4 blocks of 256 sums 256 floats of a through 1 KB of shared
 *      memory (STS, BAR, a tree of LDS/STS with a BAR per step); thread 0 stores the sum.
 *      Written as with TOOL_COMPRESS=0, so its addresses are listed (mode 0).
 *
 * usage: gen DIR   (the test compiles it and compares its output with the shipped files)
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define A_BASE    UINT64_C(0x7f3c40000000)   /* 2000 floats; MemcpyHtoD */
#define B_BASE    UINT64_C(0x7f3c40002000)   /* 2000 floats; MemcpyHtoD */
#define C_BASE    UINT64_C(0x7f3c40004000)   /* 2000 floats, written by kernel 1 */
#define SUMS_BASE UINT64_C(0x7f3c40006000)   /* 4 floats, written by kernel 3 */
#define IDX_BASE  UINT64_C(0x7f3c60000000)   /* 1024 ints; MemcpyHtoD */
#define OUT_BASE  UINT64_C(0x7f3c60001000)   /* 1024 floats, written by kernel 2 */
#define SRC_BASE  UINT64_C(0x7f3c60200000)   /* 16384 floats; MemcpyHtoD */
#define SHMEM_WIN UINT64_C(0x7f3c7e000000)   /* the generic shared-memory window */
#define LOCAL_WIN UINT64_C(0x7f3c80000000)   /* the generic local-memory window */

static FILE *f;
static int compress = 1;

static void header(const char *name, int id, int gx, int bx, int shmem, int nregs)
{
    fprintf(f, "-kernel name = %s\n-kernel id = %d\n-grid dim = (%d,1,1)\n"
            "-block dim = (%d,1,1)\n-shmem = %d\n-nregs = %d\n-binary version = 80\n"
            "-cuda stream id = 0\n-shmem base_addr = 0x%016llx\n"
            "-local mem base_addr = 0x%016llx\n-nvbit version = 1.5.5\n"
            "-accelsim tracer version = 5\n-enable lineinfo = 0\n\n",
            name, id, gx, bx, shmem, nregs, (unsigned long long)SHMEM_WIN,
            (unsigned long long)LOCAL_WIN);
    fprintf(f, "#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num "
            "[reg_srcs] mem_width [adrrescompress?] [mem_addresses] immediate\n\n");
}

/* A warp's lines are collected first: the post-processor writes "insts = N" before them. */
static char lines[128][1024];
static int nlines;

static void inst(unsigned pc, uint32_t mask, const char *dst, const char *op, const char *srcs)
{
    snprintf(lines[nlines++], sizeof lines[0], "%04x %08x %s %s %s 0 0 ", pc, mask, dst, op,
             srcs);
}

/* The tracer's address compression (tracer_tool.cu): base+stride for one contiguous run
 * of two or more lanes at a constant stride, else base+deltas; a list without it. */
static void mem(unsigned pc, uint32_t mask, const char *dst, const char *op, const char *srcs,
                int width, const uint64_t *addr)
{
    char *s = lines[nlines++];
    size_t n = sizeof lines[0];
    int k = snprintf(s, n, "%04x %08x %s %s %s %d ", pc, mask, dst, op, srcs, width);
    int first = -1, stride_ok = 1, ended = 0;
    int64_t stride = 0;
    for (int l = 0; l < 32; l++) {
        if (!(mask >> l & 1u)) {
            if (first >= 0)
                ended = 1;
            continue;
        }
        if (first < 0) {
            first = l;
            if (l == 31 || !(mask >> (l + 1) & 1u))
                stride_ok = 0;
            else
                stride = (int64_t)(addr[l + 1] - addr[l]);
        } else if (ended || (int64_t)(addr[l] - addr[l - 1]) != stride) {
            stride_ok = 0;
        }
    }
    if (!compress) {
        k += snprintf(s + k, n - (size_t)k, "0 ");
        for (int l = 0; l < 32; l++)
            if (mask >> l & 1u)
                k += snprintf(s + k, n - (size_t)k, "0x%016llx ", (unsigned long long)addr[l]);
    } else if (stride_ok) {
        k += snprintf(s + k, n - (size_t)k, "1 0x%llx %lld ",
                      (unsigned long long)(first >= 0 ? addr[first] : 0), (long long)stride);
    } else {
        uint64_t last = 0;
        k += snprintf(s + k, n - (size_t)k, "2 0x%llx ", (unsigned long long)addr[first]);
        for (int l = first; l < 32; l++) {
            if (!(mask >> l & 1u))
                continue;
            if (l != first)
                k += snprintf(s + k, n - (size_t)k, "%lld ", (long long)(addr[l] - last));
            last = addr[l];
        }
    }
    snprintf(s + k, n - (size_t)k, "0 ");
}

static void warp_out(int w)
{
    fprintf(f, "\nwarp = %d\ninsts = %d\n", w, nlines);
    for (int i = 0; i < nlines; i++)
        fprintf(f, "%s\n", lines[i]);
    nlines = 0;
}

static void tb_begin(int x)
{
    fprintf(f, "\n#BEGIN_TB\n\nthread block = %d,0,0\n", x);
}

static void tb_end(void)
{
    fprintf(f, "\n#END_TB\n");
}

/* lanes of warp w of block b whose global index is below n */
static uint32_t in_range(int b, int w, int bdim, int n)
{
    uint32_t m = 0;
    for (int l = 0; l < 32; l++)
        if (b * bdim + w * 32 + l < n)
            m |= 1u << l;
    return m;
}

static void vecadd(void)
{
    const int n = 2000;
    header("_Z6vecaddPKfS0_Pfi", 1, 8, 256, 0, 10);
    for (int b = 0; b < 8; b++) {
        tb_begin(b);
        for (int w = 0; w < 8; w++) {
            uint32_t m = in_range(b, w, 256, n);
            uint64_t a[32], bb[32], c[32];
            for (int l = 0; l < 32; l++) {
                uint64_t i = (uint64_t)(b * 256 + w * 32 + l);
                a[l] = A_BASE + 4 * i, bb[l] = B_BASE + 4 * i, c[l] = C_BASE + 4 * i;
            }
            inst(0x0000, 0xffffffff, "1 R1", "IMAD.MOV.U32", "2 R255 R255");
            inst(0x0010, 0xffffffff, "1 R0", "S2R", "0");
            inst(0x0020, 0xffffffff, "1 R3", "S2R", "0");
            inst(0x0030, 0xffffffff, "1 R0", "IMAD", "3 R3 R255 R0");
            inst(0x0040, 0xffffffff, "0", "ISETP.GE.AND", "1 R0");
            inst(0x0050, ~m, "0", "EXIT", "0");   /* the threads past n leave */
            if (m) {
                inst(0x0060, m, "1 R2", "IMAD.WIDE", "2 R0 R255");
                inst(0x0070, m, "1 R4", "IMAD.WIDE", "2 R0 R255");
                mem(0x0080, m, "1 R2", "LDG.E", "1 R2", 4, a);
                mem(0x0090, m, "1 R5", "LDG.E", "1 R4", 4, bb);
                inst(0x00a0, m, "1 R6", "IMAD.WIDE", "2 R0 R255");
                inst(0x00b0, m, "1 R9", "FADD", "2 R2 R5");
                mem(0x00c0, m, "0", "STG.E", "2 R6 R9", 4, c);
                inst(0x00d0, m, "0", "EXIT", "0");
            }
            warp_out(w);
        }
        tb_end();
    }
}

static void gather(void)
{
    header("_Z6gatherPKiPKfPfi", 2, 4, 256, 0, 12);
    for (int b = 0; b < 4; b++) {
        tb_begin(b);
        for (int w = 0; w < 8; w++) {
            uint64_t ix[32], sx[32], ox[32];
            for (int l = 0; l < 32; l++) {
                uint64_t i = (uint64_t)(b * 256 + w * 32 + l);
                ix[l] = IDX_BASE + 4 * i;
                sx[l] = SRC_BASE + 4 * ((389 * i + 5 * (i % 4)) % 16384);
                ox[l] = OUT_BASE + 4 * i;
            }
            inst(0x0000, 0xffffffff, "1 R1", "IMAD.MOV.U32", "2 R255 R255");
            inst(0x0010, 0xffffffff, "1 R0", "S2R", "0");
            inst(0x0020, 0xffffffff, "1 R3", "S2R", "0");
            inst(0x0030, 0xffffffff, "1 R0", "IMAD", "3 R3 R255 R0");
            inst(0x0040, 0xffffffff, "0", "ISETP.GE.AND", "1 R0");
            inst(0x0050, 0x00000000, "0", "EXIT", "0");
            inst(0x0060, 0xffffffff, "1 R2", "IMAD.WIDE", "2 R0 R255");
            mem(0x0070, 0xffffffff, "1 R2", "LDG.E", "1 R2", 4, ix);
            inst(0x0080, 0xffffffff, "1 R4", "IMAD.WIDE", "2 R2 R255");
            mem(0x0090, 0xffffffff, "1 R4", "LDG.E", "1 R4", 4, sx);
            inst(0x00a0, 0xffffffff, "1 R6", "IMAD.WIDE", "2 R0 R255");
            mem(0x00b0, 0xffffffff, "0", "STG.E", "2 R6 R4", 4, ox);
            inst(0x00c0, 0xffffffff, "0", "EXIT", "0");
            warp_out(w);
        }
        tb_end();
    }
}

static void blocksum(void)
{
    header("_Z8blocksumPKfPf", 3, 4, 256, 1024, 8);
    for (int b = 0; b < 4; b++) {
        tb_begin(b);
        for (int w = 0; w < 8; w++) {
            uint64_t g[32], s[32], s2[32];
            for (int l = 0; l < 32; l++) {
                g[l] = A_BASE + 4 * (uint64_t)(b * 256 + w * 32 + l);
                s[l] = SHMEM_WIN + 4 * (uint64_t)(w * 32 + l);
            }
            inst(0x0000, 0xffffffff, "1 R1", "IMAD.MOV.U32", "2 R255 R255");
            inst(0x0010, 0xffffffff, "1 R0", "S2R", "0");
            inst(0x0020, 0xffffffff, "1 R3", "S2R", "0");
            inst(0x0030, 0xffffffff, "1 R2", "IMAD", "3 R3 R255 R0");
            inst(0x0040, 0xffffffff, "1 R2", "IMAD.WIDE", "2 R2 R255");
            mem(0x0050, 0xffffffff, "1 R2", "LDG.E", "1 R2", 4, g);
            mem(0x0060, 0xffffffff, "0", "STS", "2 R0 R2", 4, s);
            inst(0x0070, 0xffffffff, "0", "BAR.SYNC.DEFER_BLOCKING", "0");
            for (int st = 128; st >= 1; st /= 2) {
                uint32_t m = 0;
                for (int l = 0; l < 32; l++)
                    if (w * 32 + l < st)
                        m |= 1u << l;
                inst(0x0080, 0xffffffff, "0", "ISETP.GE.U32.AND", "1 R0");
                if (m) {
                    for (int l = 0; l < 32; l++)
                        s2[l] = s[l] + 4 * (uint64_t)st;
                    mem(0x0090, m, "1 R4", "LDS", "1 R0", 4, s);
                    mem(0x00a0, m, "1 R5", "LDS", "1 R0", 4, s2);
                    inst(0x00b0, m, "1 R4", "FADD", "2 R4 R5");
                    mem(0x00c0, m, "0", "STS", "2 R0 R4", 4, s);
                }
                inst(0x00d0, 0xffffffff, "0", "BAR.SYNC.DEFER_BLOCKING", "0");
                if (st > 1)
                    inst(0x00e0, 0xffffffff, "0", "BRA", "0");
            }
            inst(0x0100, 0xffffffff, "0", "ISETP.NE.AND", "1 R0");
            inst(0x0110, w ? 0xffffffff : 0xfffffffe, "0", "EXIT", "0");
            if (w == 0) {
                uint64_t z[32] = {SHMEM_WIN}, o[32] = {SUMS_BASE + 4 * (uint64_t)b};
                mem(0x0120, 0x00000001, "1 R4", "LDS", "1 R255", 4, z);
                inst(0x0130, 0x00000001, "1 R2", "IMAD.WIDE", "2 R3 R255");
                mem(0x0140, 0x00000001, "0", "STG.E", "2 R2 R4", 4, o);
                inst(0x0150, 0x00000001, "0", "EXIT", "0");
            }
            warp_out(w);
        }
        tb_end();
    }
}

static void open_out(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    if (!(f = fopen(path, "w"))) {
        perror(path);
        exit(1);
    }
}

static void close_out(void)
{
    if (ferror(f) | fclose(f)) {
        perror("write");
        exit(1);
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: gen DIR\n");
        return 2;
    }
    open_out(argv[1], "kernelslist.g");
    fprintf(f, "MemcpyHtoD,0x%016llx,8000\nMemcpyHtoD,0x%016llx,8000\nkernel-1.traceg\n"
            "MemcpyHtoD,0x%016llx,4096\nMemcpyHtoD,0x%016llx,65536\nkernel-2.traceg\n"
            "kernel-3.traceg\n", (unsigned long long)A_BASE, (unsigned long long)B_BASE,
            (unsigned long long)IDX_BASE, (unsigned long long)SRC_BASE);
    close_out();
    open_out(argv[1], "kernel-1.traceg");
    vecadd();
    close_out();
    open_out(argv[1], "kernel-2.traceg");
    gather();
    close_out();
    compress = 0;
    open_out(argv[1], "kernel-3.traceg");
    blocksum();
    close_out();
    return 0;
}
