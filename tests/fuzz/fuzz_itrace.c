/*
 * fuzz_itrace.c - libFuzzer target for the instruction-trace reader (sw/trace/itrace_r.c,
 * docs/traces.md "Format"): the input is written to a file and opened as a trace, once
 * with every block verified and once without, and every wavefront is then streamed in
 * turns through a cache of 2 decoded blocks. A crash, a sanitizer report or a broken
 * promise is a finding: a refusal says why in one line naming the file; a trace that
 * passed verification streams without an error, every wavefront's instructions adding up
 * to the count its metadata gives; an unverified one may stop early, but only with an
 * error that says why; an address read back lies in a region (a global access) or below
 * lds_bytes (an LDS access of a kernel that declares them).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xlat/itrace.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define TURN 7u    /* instructions a wavefront is read for before the next one's turn */
#define MAXW 64u   /* wavefronts streamed at most (the rest are left) */

static void one_line(const char *err, const char *path)
{
    if (!err[0] || strchr(err, '\n') || !strstr(err, path))
        abort();
}

static int in_regions(const xl_itr_t *r, xl_va_t va)
{
    xl_va_t base = XL_WL_VA_BASE;
    for (unsigned i = 0; i < xl_itr_nregions(r); i++) {
        const char *name;
        uint64_t bytes;
        xl_itr_region(r, i, &name, &bytes);
        base = (base + (UINT64_C(1) << 21) - 1) & ~((UINT64_C(1) << 21) - 1);
        if (va >= base && va - base < bytes)
            return 1;
        base += bytes;
    }
    return 0;
}

static void stream(xl_itr_t *r, int verified)
{
    xl_wave_t w[MAXW];
    unsigned n = 0, live;
    uint64_t got = 0, want = 0;
    xl_kernel_t k;
    for (uint32_t kid = 0; xl_itr_kernel(r, kid, &k) && n < MAXW; kid++)
        for (uint32_t g = 0; g < k.workgroups && n < MAXW; g++)
            for (uint32_t v = 0; v < k.waves_per_wg && n < MAXW; v++) {
                memset(&w[n], 0, sizeof w[n]);
                w[n].kernel = kid;
                w[n].wg = g;
                w[n].wave = v;
                xl_itr_wave_begin(r, &w[n]);
                want += w[n].a[3];   /* the index's count (itrace_r.c's cursor words) */
                n++;
            }
    do {
        live = 0;
        for (unsigned i = 0; i < n; i++)
            for (unsigned t = 0; t < TURN; t++) {
                xl_instr_t in;
                if (!xl_itr_wave_next(r, &w[i], &in)) {
                    if (in.op != XL_OP_END)
                        abort();
                    break;
                }
                live = 1;
                got++;
                xl_itr_kernel(r, w[i].kernel, &k);
                int lds = in.op == XL_OP_LDS || in.op == XL_OP_LDS_ST;
                for (unsigned l = 0; l < XL_MAX_LANES; l++) {
                    if (!(in.mask >> l & 1u)) {
                        if (in.va[l])
                            abort();   /* inactive lanes read back as 0 */
                        continue;
                    }
                    if ((in.op == XL_OP_LOAD || in.op == XL_OP_STORE) && !in_regions(r, in.va[l]))
                        abort();
                    if (lds && in.bytes && k.lds_bytes && in.va[l] >= k.lds_bytes)
                        abort();
                }
            }
    } while (live);
    if (verified && (xl_itr_error(r) || got != want))
        abort();   /* verification promised a clean stream */
    if (!verified && got != want && !xl_itr_error(r))
        abort();   /* stopping early is only allowed with a reason */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char path[64], err[512];
    snprintf(path, sizeof path, "build/fuzz/itrace-%ld.xlt", (long)getpid());
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    for (int verify = 1; verify >= 0; verify--) {
        xl_itr_t *r = NULL;
        err[0] = '\0';
        if (xl_itr_open(&r, path, 2, verify, err, sizeof err) != XL_OK) {
            one_line(err, path);
            if (r)
                abort();
            continue;   /* unverified, a damaged block is found while streaming */
        }
        stream(r, verify);
        if (xl_itr_error(r))
            one_line(xl_itr_error(r), path);
        xl_itr_close(r);
    }
    remove(path);
    return 0;
}
