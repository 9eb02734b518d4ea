/*
 * fuzz_accelsim.c - libFuzzer target for the Accel-Sim .traceg reader (sw/trace/accelsim.c,
 * docs/traces-accelsim.md): the input is read as one kernel-N.traceg, every instruction is
 * lowered, the global accesses' ranges are grouped into regions and each is rebased by the
 * converter. A crash, a sanitizer report or a broken promise is a finding: a refusal says
 * why in one line; a global access keeps its width and lies in a region afterwards; a
 * shared access lies within the block's -shmem bytes; regions are at most 8, 2 MB aligned.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/accelsim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define NSPAN 256

static int sink(void *ctx, const xl_instr_t *in, char *err, size_t errlen)
{
    (void)err, (void)errlen;
    if (in->op == XL_OP_LOAD || in->op == XL_OP_STORE)
        for (unsigned l = 0; l < XL_ACCEL_WARP; l++)
            if ((in->mask >> l & 1u) && in->va[l] < *(const uint64_t *)ctx)
                abort();   /* rebased below the first region's base */
    if (in->mask >> 32)
        abort();           /* a warp has 32 lanes */
    return XL_OK;
}

static void refused(const char *err)
{
    if (err[0] == '\0' || strchr(err, '\n'))
        abort();   /* a refusal always says why, in one line */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static xl_accel_rd_t r;
    static xl_accel_conv_t c;
    static xl_accel_span_t span[NSPAN];
    static xl_instr_t low[NSPAN];
    static xl_accel_kind_t kinds[NSPAN];
    char err[512] = "";
    if (size == 0)
        return 0;
    FILE *f = fmemopen((void *)data, size, "r");
    if (!f)
        return 0;
    unsigned n = 0, nl = 0;
    xl_accel_ev_t ev = XL_ACCEL_EV_TB;
    int rc = xl_accel_rd_stream(&r, f, "fuzz.traceg", err, sizeof err);
    while (rc == XL_OK && ev != XL_ACCEL_EV_EOF) {
        if ((rc = xl_accel_rd_next(&r, &ev, err, sizeof err)) != XL_OK || ev != XL_ACCEL_EV_INST)
            continue;
        xl_accel_kind_t kind;
        xl_instr_t in;
        char e2[256] = "";
        if (xl_accel_lower(&r.h, &r.inst, &kind, &in, e2, sizeof e2) != XL_OK) {
            refused(e2);
            continue;
        }
        if (kind == XL_ACCEL_K_LDS || kind == XL_ACCEL_K_LDS_ST)
            for (unsigned l = 0; l < XL_ACCEL_WARP; l++)
                if ((in.mask >> l & 1u) && (in.va[l] >= r.h.shmem || in.bytes > r.h.shmem - in.va[l]))
                    abort();   /* the reader promised offsets inside the block */
        if (kind != XL_ACCEL_K_LOAD && kind != XL_ACCEL_K_STORE)
            continue;
        if (in.bytes != r.inst.width || in.bytes == 0)
            abort();
        if (nl < NSPAN)
            low[nl] = in, kinds[nl++] = kind;
        for (unsigned l = 0; l < XL_ACCEL_WARP && n < NSPAN; l++)
            if (in.mask >> l & 1u)
                span[n++] = (xl_accel_span_t){in.va[l], in.va[l] + in.bytes};
    }
    fclose(f);
    if (rc != XL_OK) {
        refused(err);
        return 0;
    }
    /* the regions of what was read, and every access rebased into them */
    memset(&c, 0, sizeof c);
    if (xl_accel_regions(span, n, XL_WL_MAX_REGIONS, c.region, &c.nregions, err, sizeof err) != XL_OK)
        abort();
    if (c.nregions > XL_WL_MAX_REGIONS || (n && !c.nregions))
        abort();
    uint64_t at = UINT64_C(0x7f0000000000);
    for (unsigned i = 0; i < c.nregions; i++) {
        if (c.region[i].lo % XL_ACCEL_GRAIN || c.region[i].hi <= c.region[i].lo ||
            (i && c.region[i].lo < c.region[i - 1].hi))
            abort();
        c.base[i] = at;
        at += (c.region[i].hi - c.region[i].lo + XL_ACCEL_GRAIN - 1u) / XL_ACCEL_GRAIN * XL_ACCEL_GRAIN;
    }
    c.emit = sink;
    c.ctx = &c.base[0];
    for (unsigned i = 0; i < nl; i++) {
        /* accesses whose spans were all kept must land in a region */
        if (xl_accel_conv_feed(&c, kinds[i], &low[i], err, sizeof err) != XL_OK && n < NSPAN)
            abort();
    }
    return 0;
}
