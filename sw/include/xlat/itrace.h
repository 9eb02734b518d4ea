/*
 * itrace.h - xlat's own instruction-trace format: the writer (xl_itw_) and the streaming
 * reader (xl_itr_) of docs/traces.md, and the workload that replays a trace
 * (`--workload trace:FILE`).
 *
 * A trace holds what the generator contract of workload.h hands the model: the regions
 * (name and size, in declaration order; the replay lays them out as xl_wl_open does, from
 * XL_WL_VA_BASE upward, 2 MB aligned), every kernel's xl_kernel_t, and each wavefront's
 * instruction stream (op, bytes, cycles, pc, mask, the active lanes' addresses). Streams
 * are cut into blocks compressed independently (zstd where the build has it) and found
 * through an index, so a replay asks for wavefronts in any order and interleaving and
 * keeps only a bounded cache of decoded blocks in memory (docs/traces.md "Streaming").
 *
 * Every call returns XL_OK or XL_EINPUT with one line in err (the file and what is wrong).
 */
#ifndef XLAT_ITRACE_H
#define XLAT_ITRACE_H

#include "xlat/workload.h"

#include <stddef.h>
#include <stdint.h>

/* ---- writer ---- */

typedef struct xl_itw xl_itw_t;
/* Creates PATH.tmp; compress: 1 zstd (XL_EINPUT if built without), 0 none. */
int  xl_itw_open(xl_itw_t **w, const char *path, const char *workload_name, int compress,
                 char *err, size_t errlen);
/* Declares the next region, before the first kernel; *base gets the virtual base the
 * replay's opener will give it (XL_WL_VA_BASE upward, 2 MB aligned, declaration order). */
int  xl_itw_region(xl_itw_t *w, const char *name, uint64_t bytes, xl_va_t *base,
                   char *err, size_t errlen);
/* Begins the next kernel (0, 1, ...) with its geometry. */
int  xl_itw_kernel(xl_itw_t *w, const xl_kernel_t *k, char *err, size_t errlen);
/* Begins wavefront (wg, wave) of the current kernel; every wavefront of the kernel's
 * geometry must be given exactly once, in (wg, wave) order. */
int  xl_itw_wave(xl_itw_t *w, uint32_t wg, uint32_t wave, char *err, size_t errlen);
/* Appends an instruction (not XL_OP_END) to the current wavefront; va[] absolute. */
int  xl_itw_instr(xl_itw_t *w, const xl_instr_t *in, char *err, size_t errlen);
/* Finishes, then renames PATH.tmp to PATH (atomic); frees w either way. */
int  xl_itw_close(xl_itw_t *w, char *err, size_t errlen);
/* Removes PATH.tmp and frees w. */
void xl_itw_abort(xl_itw_t *w);

/* Added calls. The generator's scale (ppm) and seed, kept in the trace for information
 * only (a replay never uses them); before the first kernel. Default: 0 and 0. */
int  xl_itw_origin(xl_itw_t *w, uint32_t scale_ppm, uint64_t seed, char *err, size_t errlen);
/* 1 when this build can write and read zstd-compressed traces. */
int  xl_itrace_have_zstd(void);

/* ---- reader ---- */

typedef struct xl_itr xl_itr_t;
/* Opens PATH: checks magic, version, header, metadata and index (and, with verify, every
 * block: its checksum and every instruction it decodes to). cache_blocks decoded blocks
 * are kept (0: a default); memory is bounded by cache_blocks * the block size, whatever
 * the trace's size. */
int  xl_itr_open(xl_itr_t **r, const char *path, unsigned cache_blocks, int verify,
                 char *err, size_t errlen);
void xl_itr_close(xl_itr_t *r);
/* What the trace says of itself. */
const char *xl_itr_workload(const xl_itr_t *r);   /* the generator's name when recorded */
uint32_t xl_itr_scale_ppm(const xl_itr_t *r);
uint64_t xl_itr_seed(const xl_itr_t *r);
unsigned xl_itr_version(const xl_itr_t *r);
int      xl_itr_compressed(const xl_itr_t *r);
unsigned xl_itr_nregions(const xl_itr_t *r);
/* Region i's name and size; its base is where xl_wl_open lays it out. */
void     xl_itr_region(const xl_itr_t *r, unsigned i, const char **name, uint64_t *bytes);
uint32_t xl_itr_nkernels(const xl_itr_t *r);
/* Kernel k's geometry as recorded; 0 when k is past the last kernel. */
int      xl_itr_kernel(const xl_itr_t *r, uint32_t k, xl_kernel_t *out);
uint64_t xl_itr_nwaves(const xl_itr_t *r);
uint64_t xl_itr_ninstrs(const xl_itr_t *r);
/* A wavefront's stream, with the cursor of workload.h: w->kernel, wg, wave name it; the
 * reader keeps its position in w->step, w->a[] and its address history in w->lane[]. */
void xl_itr_wave_begin(xl_itr_t *r, xl_wave_t *w);
/* Next instruction (returns 1), or op = XL_OP_END (returns 0) at the wavefront's end or
 * after an error, which xl_itr_error then reports. */
int  xl_itr_wave_next(xl_itr_t *r, xl_wave_t *w, xl_instr_t *out);
/* NULL, or the first error met while streaming (a block that fails its check, a read
 * error): one line naming the file. */
const char *xl_itr_error(const xl_itr_t *r);
/* Blocks decoded since open (each cache miss decodes one): a measure of the cache. */
uint64_t xl_itr_decodes(const xl_itr_t *r);

/* ---- replay workload ---- */

/* The descriptor xl_wl_open uses for "trace:FILE": its create() opens FILE, ignoring the
 * scale, seed and [workload] parameters (the trace fixes everything they would). */
extern const xl_wl_desc_t xl_wl_trace;
/* The reader of an open trace workload; NULL for any other workload. */
xl_itr_t *xl_wl_trace_reader(const xl_workload_t *wl);

#endif
