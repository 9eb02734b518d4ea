/*
 * accelsim.h - reading Accel-Sim's SASS traces (kernelslist.g and one kernel-N.traceg per
 * kernel, as NVBit's tracer and its post-processing write them) and converting them into
 * xlat's own instruction traces (itrace.h): `xlat import accelsim DIR -o FILE`.
 * The grammar read and every mapping choice are docs/traces-accelsim.md's.
 *
 * The pieces are separate so each can be tested alone: a .traceg line parser
 * (xl_accel_parse_inst), the streaming reader of one .traceg (xl_accel_rd_*: one line in
 * memory at a time, whatever the file's size), the lowering of one SASS instruction to an
 * xl_instr_t (xl_accel_lower), the wavefront converter that merges compute runs into ALU
 * gaps (xl_accel_conv_*), the grouping of device addresses into regions
 * (xl_accel_regions), and the two-pass import that drives them (xl_accel_import).
 * Every call returns XL_OK or XL_EINPUT with one line in err ("file:line: what").
 */
#ifndef XLAT_ACCELSIM_H
#define XLAT_ACCELSIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "xlat/workload.h"

#define XL_ACCEL_WARP      32u        /* threads of a warp: lanes 0-31 of a wavefront */
#define XL_ACCEL_LINE_MAX  8192u      /* longest line read (a full list-mode line is ~700 B) */
#define XL_ACCEL_OPC_MAX   64u        /* longest opcode kept, NUL included */
#define XL_ACCEL_NAME_MAX  256u       /* kernel name kept (longer names are cut) */
#define XL_ACCEL_GRAIN     (UINT64_C(1) << 21)   /* 2 MB: the region grouping's grain */

/* The tracer versions read ("-accelsim tracer version = N"): 3 (PC first), 4 (optional
 * leading line number under "-enable lineinfo = 1"), 5 (4 plus a trailing immediate). */
#define XL_ACCEL_VER_MIN 3u
#define XL_ACCEL_VER_MAX 5u

enum { XL_ACCEL_LIST = 0, XL_ACCEL_STRIDE = 1, XL_ACCEL_DELTA = 2 };   /* address modes */

/* One instruction line of a .traceg. */
typedef struct {
    uint32_t pc;                       /* byte offset of the instruction in the kernel */
    uint32_t mask;                     /* active (and predicate-true) threads */
    char     opcode[XL_ACCEL_OPC_MAX]; /* e.g. "LDG.E.128.SYS" */
    uint32_t width;                    /* bytes per thread; 0: no memory operand */
    int      mode;                     /* XL_ACCEL_LIST/STRIDE/DELTA when width > 0 */
    uint64_t addr[XL_ACCEL_WARP];      /* per lane, decompressed; 0 for inactive lanes */
} xl_accel_inst_t;

/* A kernel's header lines ("-kernel name = ...", "-grid dim = (x,y,z)", ...). */
typedef struct {
    char     name[XL_ACCEL_NAME_MAX];
    uint32_t grid[3], block[3];
    uint32_t shmem;                    /* bytes of shared memory per thread block */
    unsigned version;                  /* accelsim tracer version */
    int      lineinfo;                 /* "-enable lineinfo = 1": lines start with a number */
    uint64_t shmem_base, local_base;   /* generic windows of shared and local memory; 0: unknown */
    uint32_t workgroups, waves_per_wg; /* derived: grid product, ceil(block product / 32) */
} xl_accel_khdr_t;

/* Parses one instruction line of tracer version `version` (lineinfo: a leading line
 * number) into *out; lane addresses are decompressed from any of the three modes. */
int xl_accel_parse_inst(const char *line, unsigned version, int lineinfo,
                        xl_accel_inst_t *out, char *err, size_t errlen);

/* ---- the streaming reader of one .traceg ---- */

typedef enum {
    XL_ACCEL_EV_TB,      /* a thread block begins: tb[] and wg (linearised, x fastest) */
    XL_ACCEL_EV_WARP,    /* warp `warp` of it begins, with `insts` instruction lines */
    XL_ACCEL_EV_INST,    /* an instruction line of the current warp: inst */
    XL_ACCEL_EV_TB_END,  /* "#END_TB" */
    XL_ACCEL_EV_EOF      /* the file's end (after a complete thread block, or none) */
} xl_accel_ev_t;

typedef struct {
    FILE    *f;
    char     path[512];
    uint64_t line;                     /* number of the line last read */
    xl_accel_khdr_t h;
    char     buf[XL_ACCEL_LINE_MAX];
    int      pending;                  /* buf holds a line not yet consumed */
    int      in_tb, have_tb, have_warp;
    uint32_t tb[3], wg, warp, insts, left;
    int64_t  last_wg, last_warp;       /* for the increasing-order checks */
    xl_accel_inst_t inst;
} xl_accel_rd_t;

/* Opens PATH and reads its header (up to the first "#BEGIN_TB" or the end). */
int  xl_accel_rd_open(xl_accel_rd_t *r, const char *path, char *err, size_t errlen);
/* The next event into *ev (XL_ACCEL_EV_EOF at the end, after every check). */
int  xl_accel_rd_next(xl_accel_rd_t *r, xl_accel_ev_t *ev, char *err, size_t errlen);
void xl_accel_rd_close(xl_accel_rd_t *r);
/* The reader on a stream already open (tests, the fuzz target): name is used in errors. */
int  xl_accel_rd_stream(xl_accel_rd_t *r, FILE *f, const char *name, char *err, size_t errlen);

/* ---- lowering one SASS instruction ---- */

typedef enum {
    XL_ACCEL_K_COMPUTE = 0,  /* everything without a translated access: one issue cycle */
    XL_ACCEL_K_LOAD,         /* global load: LDG, LD to global, LDGSTS */
    XL_ACCEL_K_STORE,        /* global store or atomic: STG, ST to global, ATOM(G), RED */
    XL_ACCEL_K_LDS,          /* shared load: LDS, LDSM, LD to the shared window */
    XL_ACCEL_K_LDS_ST,       /* shared store or atomic: STS, ATOMS, ST to the shared window */
    XL_ACCEL_K_BARRIER,      /* BAR (but BAR.ARV, which does not wait) */
    XL_ACCEL_K_LOCAL,        /* local memory (LDL, STL, LD/ST to the local window): compute */
    XL_ACCEL_K_OTHER_MEM,    /* any other line with addresses (constant, texture, CCTL): compute */
    XL_ACCEL_K_N
} xl_accel_kind_t;

/* What the instruction becomes: *out gets op, bytes, mask, pc and, for global accesses,
 * the trace's own device addresses (rebasing is the converter's), for shared accesses
 * the offsets within the block (shmem_base subtracted); a shared offset at or past
 * h->shmem is refused (err names it, without file:line). */
int xl_accel_lower(const xl_accel_khdr_t *h, const xl_accel_inst_t *in, xl_accel_kind_t *kind,
                   xl_instr_t *out, char *err, size_t errlen);

/* ---- regions ---- */

typedef struct { uint64_t lo, hi; } xl_accel_span_t;   /* device bytes [lo, hi) */

/* Groups spans (any order; sorted in place) into at most max regions: spans touching the
 * same or neighbouring 2 MB grains are one region, then the two nearest regions are merged
 * while there are more than max. Each region's lo is rounded down to 2 MB, so a rebased
 * address keeps its offset within its 2 MB page (and so within its 4 KB page). */
int xl_accel_regions(xl_accel_span_t *spans, size_t n, unsigned max, xl_accel_span_t *out,
                     unsigned *nout, char *err, size_t errlen);

/* ---- the wavefront converter ---- */

typedef int (*xl_accel_emit_fn)(void *ctx, const xl_instr_t *in, char *err, size_t errlen);

typedef struct {
    unsigned nregions;
    xl_accel_span_t region[XL_WL_MAX_REGIONS];   /* the trace's regions, lo 2 MB aligned */
    xl_va_t  base[XL_WL_MAX_REGIONS];            /* where each is replayed */
    xl_accel_emit_fn emit;
    void    *ctx;
    uint32_t alu, alu_pc;                        /* the compute run not yet emitted */
    uint64_t kinds[XL_ACCEL_K_N];                /* instructions by kind */
    uint64_t emitted;                            /* xl_instr_t emitted */
} xl_accel_conv_t;

/* Feeds one lowered instruction: compute kinds lengthen the pending ALU gap (one issue
 * cycle each; a gap is cut at 65535 cycles); any other is emitted after the gap, its
 * global addresses rebased into the regions (XL_EINPUT if one lies outside them all). */
int xl_accel_conv_feed(xl_accel_conv_t *c, xl_accel_kind_t kind, const xl_instr_t *in,
                       char *err, size_t errlen);
/* The wavefront's end: emits the pending ALU gap. */
int xl_accel_conv_flush(xl_accel_conv_t *c, char *err, size_t errlen);

/* ---- the import ---- */

typedef struct {
    uint32_t kernels;
    uint64_t memcpys, waves, empty_waves, lines, instrs;   /* instrs: xl_instr_t written */
    uint64_t kinds[XL_ACCEL_K_N];
    unsigned nregions;
    xl_accel_span_t region[XL_WL_MAX_REGIONS];
    xl_va_t  base[XL_WL_MAX_REGIONS];
} xl_accel_summary_t;

/* Converts the trace directory DIR (its kernelslist.g) into the instruction trace OUT
 * (compress: 1 zstd, 0 none). Two passes: the first checks every file and collects the
 * device addresses used, the second writes. On any error nothing is left at OUT. */
int xl_accel_import(const char *dir, const char *out, int compress, xl_accel_summary_t *sum,
                    char *err, size_t errlen);

#endif
