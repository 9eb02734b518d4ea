/*
 * itrace_w.c - the instruction-trace writer (docs/traces.md "Format", "Recording"): a
 * workload's regions, kernels and wavefront streams into PATH.tmp, each wavefront's
 * stream delta-encoded into blocks of at most 16 KB (zstd frames where the build has
 * zstd), the index of wavefronts in a side file that is unlinked as soon as it is open,
 * then the metadata, the index and the header; PATH.tmp is renamed to PATH only when all
 * of it is written. Everything given is checked against what the replay will need.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "itrace_fmt.h"

#ifdef XL_HAVE_ZSTD
#include <zstd.h>
#endif

struct xl_itw {
    char *path, *tmp, *idxpath;
    FILE *f, *idx;            /* the trace being written; its index, kept aside */
    uint64_t off;             /* bytes written to f */
    int compress, failed;
    char name[XL_IT_NAME_MAX + 1];
    uint32_t scale_ppm;
    uint64_t seed;
    unsigned nregions;
    char rname[XL_WL_MAX_REGIONS][XL_IT_RNAME_MAX + 1];
    uint64_t rbytes[XL_WL_MAX_REGIONS];
    xl_va_t rbase[XL_WL_MAX_REGIONS], va_end;
    xl_kernel_t *kern;        /* every kernel given so far */
    uint32_t nkern, kcap;
    int in_wave;              /* a wavefront is open */
    uint32_t next_wg, next_wave;
    uint32_t cur_wg, cur_wave;   /* the open wavefront's */
    /* the open wavefront */
    uint64_t wave_first, wave_ninstr, nwaves, ninstrs;
    uint32_t wave_nblocks;
    uint64_t prev_mask;
    uint32_t prev_pc;
    uint16_t prev_cyc;
    uint8_t prev_bytes;
    xl_va_t lane[XL_MAX_LANES];
    /* the block being filled */
    uint8_t raw[XL_IT_BLOCK_MAX];
    size_t rawlen;
    uint8_t *stored;          /* a compressed block */
    size_t stored_cap;
    uint32_t crc[256];
#ifdef XL_HAVE_ZSTD
    ZSTD_CCtx *zc;
#endif
};

int xl_itrace_have_zstd(void)
{
#ifdef XL_HAVE_ZSTD
    return 1;
#else
    return 0;
#endif
}

void xl_it_crc_table(uint32_t t[256])
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++)
            c = c & 1u ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        t[i] = c;
    }
}

uint32_t xl_it_crc(const uint32_t t[256], uint32_t crc, const void *buf, size_t n)
{
    const uint8_t *p = buf;
    crc = ~crc;
    for (size_t i = 0; i < n; i++)
        crc = t[(crc ^ p[i]) & 0xFFu] ^ (crc >> 8);
    return ~crc;
}

static void wfree(xl_itw_t *w)
{
    if (!w)
        return;
    if (w->f)
        fclose(w->f);
    if (w->idx)
        fclose(w->idx);
#ifdef XL_HAVE_ZSTD
    ZSTD_freeCCtx(w->zc);
#endif
    free(w->kern);
    free(w->stored);
    free(w->path);
    free(w->tmp);
    free(w->idxpath);
    free(w);
}

/* A refusal: one line naming the file; the writer is failed from then on. */
static int wfail(xl_itw_t *w, char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "trace %s: %s", w->path, what);
    w->failed = 1;
    return XL_EINPUT;
}

static int wwrite(xl_itw_t *w, FILE *f, const void *buf, size_t n, char *err, size_t errlen)
{
    if (n && fwrite(buf, 1, n, f) != n) {
        char m[160];
        snprintf(m, sizeof m, "cannot write: %s", strerror(errno));
        return wfail(w, err, errlen, m);
    }
    if (f == w->f)
        w->off += n;
    return XL_OK;
}

int xl_itw_open(xl_itw_t **wp, const char *path, const char *workload_name, int compress,
                char *err, size_t errlen)
{
    *wp = NULL;
    if (!path || !*path) {
        snprintf(err, errlen, "trace: the file name is empty");
        return XL_EINPUT;
    }
    if (compress && !xl_itrace_have_zstd()) {
        snprintf(err, errlen, "trace %s: this build has no zstd (rebuild with libzstd-dev "
                 "installed, or record uncompressed)", path);
        return XL_EINPUT;
    }
    const char *nm = workload_name ? workload_name : "";
    if (strlen(nm) > XL_IT_NAME_MAX) {
        snprintf(err, errlen, "trace %s: workload name longer than %u bytes", path,
                 XL_IT_NAME_MAX);
        return XL_EINPUT;
    }
    xl_itw_t *w = calloc(1, sizeof *w);
    size_t pl = strlen(path);
    if (!w || !(w->path = malloc(pl + 1)) || !(w->tmp = malloc(pl + 5)) ||
        !(w->idxpath = malloc(pl + 9))) {
        wfree(w);
        snprintf(err, errlen, "trace %s: out of host memory", path);
        return XL_EINTERNAL;
    }
    memcpy(w->path, path, pl + 1);
    snprintf(w->tmp, pl + 5, "%s.tmp", path);
    snprintf(w->idxpath, pl + 9, "%s.tmp.idx", path);
    strcpy(w->name, nm);
    w->compress = compress ? 1 : 0;
    w->va_end = XL_WL_VA_BASE;
    xl_it_crc_table(w->crc);
    w->f = fopen(w->tmp, "wb");
    if (!w->f) {
        snprintf(err, errlen, "trace %s: cannot create %s: %s", path, w->tmp, strerror(errno));
        wfree(w);
        return XL_EINPUT;
    }
    /* The index is kept aside (24 bytes a wavefront, which a long trace would not fit in
     * memory) and copied after the blocks at close; unlinked now, it never outlives us. */
    w->idx = fopen(w->idxpath, "w+b");
    if (!w->idx) {
        snprintf(err, errlen, "trace %s: cannot create %s: %s", path, w->idxpath,
                 strerror(errno));
        fclose(w->f);
        w->f = NULL;
        remove(w->tmp);
        wfree(w);
        return XL_EINPUT;
    }
    remove(w->idxpath);
#ifdef XL_HAVE_ZSTD
    if (w->compress) {
        w->stored_cap = ZSTD_compressBound(XL_IT_BLOCK_MAX);
        w->zc = ZSTD_createCCtx();
        w->stored = malloc(w->stored_cap);
        if (!w->zc || !w->stored) {
            xl_itw_abort(w);
            snprintf(err, errlen, "trace %s: out of host memory", path);
            return XL_EINTERNAL;
        }
    }
#endif
    uint8_t hdr[XL_IT_HDR] = {0};   /* written for real at close */
    if (wwrite(w, w->f, hdr, sizeof hdr, err, errlen) != XL_OK) {
        xl_itw_abort(w);
        return XL_EINPUT;
    }
    *wp = w;
    return XL_OK;
}

int xl_itw_origin(xl_itw_t *w, uint32_t scale_ppm, uint64_t seed, char *err, size_t errlen)
{
    if (w->failed)
        return wfail(w, err, errlen, "an earlier call failed");
    if (w->nkern)
        return wfail(w, err, errlen, "the origin is given before the first kernel");
    w->scale_ppm = scale_ppm;
    w->seed = seed;
    return XL_OK;
}

int xl_itw_region(xl_itw_t *w, const char *name, uint64_t bytes, xl_va_t *base, char *err,
                  size_t errlen)
{
    char m[200];
    if (w->failed)
        return wfail(w, err, errlen, "an earlier call failed");
    if (w->nkern)
        return wfail(w, err, errlen, "a region is declared after the first kernel");
    if (w->nregions == XL_WL_MAX_REGIONS) {
        snprintf(m, sizeof m, "more than %u regions", XL_WL_MAX_REGIONS);
        return wfail(w, err, errlen, m);
    }
    if (!name || !*name || strlen(name) > XL_IT_RNAME_MAX) {
        snprintf(m, sizeof m, "region %u: its name must have 1 to %u bytes", w->nregions,
                 XL_IT_RNAME_MAX);
        return wfail(w, err, errlen, m);
    }
    xl_va_t va = xl_it_align2m(w->va_end);
    /* as xl_wl_open: no region past the canonical lower half (2^47) */
    if (bytes == 0 || bytes > (UINT64_C(1) << (XL_VA_BITS - 1)) - va) {
        snprintf(m, sizeof m, "region %s: size %llu is 0 or ends above 2^47", name,
                 (unsigned long long)bytes);
        return wfail(w, err, errlen, m);
    }
    unsigned i = w->nregions++;
    strcpy(w->rname[i], name);
    w->rbytes[i] = bytes;
    w->rbase[i] = va;
    w->va_end = va + bytes;
    if (base)
        *base = va;
    return XL_OK;
}

/* Writes the block being filled and adds it to the open wavefront. */
static int flush_block(xl_itw_t *w, char *err, size_t errlen)
{
    if (!w->rawlen)
        return XL_OK;
    const uint8_t *data = w->raw;
    size_t n = w->rawlen;
#ifdef XL_HAVE_ZSTD
    if (w->compress) {
        size_t c = ZSTD_compressCCtx(w->zc, w->stored, w->stored_cap, w->raw, w->rawlen, 3);
        if (ZSTD_isError(c)) {
            char m[160];
            snprintf(m, sizeof m, "zstd: %s", ZSTD_getErrorName(c));
            return wfail(w, err, errlen, m);
        }
        data = w->stored;
        n = c;
    }
#endif
    uint8_t bh[XL_IT_BLKHDR];
    xl_it_put32(bh, (uint32_t)n);
    xl_it_put32(bh + 4, (uint32_t)w->rawlen);
    xl_it_put32(bh + 8, xl_it_crc(w->crc, 0, data, n));
    if (w->wave_nblocks == 0)
        w->wave_first = w->off;
    if (wwrite(w, w->f, bh, sizeof bh, err, errlen) || wwrite(w, w->f, data, n, err, errlen))
        return XL_EINPUT;
    w->wave_nblocks++;
    w->rawlen = 0;
    return XL_OK;
}

/* Ends the open wavefront: its last block, its index entry. */
static int end_wave(xl_itw_t *w, char *err, size_t errlen)
{
    if (!w->in_wave)
        return XL_OK;
    if (flush_block(w, err, errlen))
        return XL_EINPUT;
    uint8_t e[XL_IT_IDX] = {0};
    xl_it_put64(e, w->wave_nblocks ? w->wave_first : w->off);
    xl_it_put64(e + 8, w->wave_ninstr);
    xl_it_put32(e + 16, w->wave_nblocks);
    w->in_wave = 0;
    w->nwaves++;
    return wwrite(w, w->idx, e, sizeof e, err, errlen);
}

/* Ends the current kernel: every wavefront of its geometry was given. */
static int end_kernel(xl_itw_t *w, char *err, size_t errlen)
{
    if (!w->nkern)
        return XL_OK;
    if (end_wave(w, err, errlen))
        return XL_EINPUT;
    const xl_kernel_t *k = &w->kern[w->nkern - 1];
    if (w->next_wg != k->workgroups) {
        char m[200];
        snprintf(m, sizeof m, "kernel %u ends at work-group %u wave %u of %u x %u: every "
                 "wavefront of its geometry must be given", w->nkern - 1, w->next_wg,
                 w->next_wave, k->workgroups, k->waves_per_wg);
        return wfail(w, err, errlen, m);
    }
    return XL_OK;
}

int xl_itw_kernel(xl_itw_t *w, const xl_kernel_t *k, char *err, size_t errlen)
{
    char m[200];
    if (w->failed)
        return wfail(w, err, errlen, "an earlier call failed");
    if (!w->nregions)
        return wfail(w, err, errlen, "a kernel before any region was declared");
    if (end_kernel(w, err, errlen))
        return XL_EINPUT;
    if (k->workgroups == 0 || k->waves_per_wg == 0 || k->waves_per_wg > 0xFFFFu) {
        snprintf(m, sizeof m, "kernel %u: %u work-groups of %u wavefronts (need >= 1, and "
                 "at most 65535 wavefronts a work-group)", w->nkern, k->workgroups,
                 k->waves_per_wg);
        return wfail(w, err, errlen, m);
    }
    if (w->nkern == 0xFFFFu)
        return wfail(w, err, errlen, "more than 65535 kernels");
    if (w->nkern == w->kcap) {
        uint32_t cap = w->kcap ? 2 * w->kcap : 16;
        xl_kernel_t *nk = realloc(w->kern, cap * sizeof *nk);
        if (!nk)
            return wfail(w, err, errlen, "out of host memory");
        w->kern = nk;
        w->kcap = cap;
    }
    w->kern[w->nkern++] = *k;
    w->next_wg = w->next_wave = 0;
    return XL_OK;
}

int xl_itw_wave(xl_itw_t *w, uint32_t wg, uint32_t wave, char *err, size_t errlen)
{
    char m[200];
    if (w->failed)
        return wfail(w, err, errlen, "an earlier call failed");
    if (!w->nkern)
        return wfail(w, err, errlen, "a wavefront before the first kernel");
    const xl_kernel_t *k = &w->kern[w->nkern - 1];
    if (wg != w->next_wg || wave != w->next_wave || wg >= k->workgroups) {
        snprintf(m, sizeof m, "kernel %u: wavefront (%u, %u) given where (%u, %u) comes next "
                 "(every wavefront of %u x %u once, in order)", w->nkern - 1, wg, wave,
                 w->next_wg, w->next_wave, k->workgroups, k->waves_per_wg);
        return wfail(w, err, errlen, m);
    }
    if (end_wave(w, err, errlen))
        return XL_EINPUT;
    w->cur_wg = wg;
    w->cur_wave = wave;
    if (++w->next_wave == k->waves_per_wg) {
        w->next_wave = 0;
        w->next_wg++;
    }
    w->in_wave = 1;
    w->wave_ninstr = 0;
    w->wave_nblocks = 0;
    w->prev_mask = 0;
    w->prev_pc = UINT32_MAX;   /* so a first pc of 0 is "previous + 1" */
    w->prev_cyc = 0;
    w->prev_bytes = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        w->lane[l] = XL_WL_VA_BASE;
    return XL_OK;
}

/* Encodes the active lanes' addresses of in at p (mode byte first); returns the bytes.
 * prev: each lane's previous address (the global history, or 0 for LDS offsets). The
 * writer tries every mode that applies and keeps the shortest (the lowest on a tie). */
static size_t enc_addrs(uint8_t *p, const xl_instr_t *in, const xl_va_t *prev)
{
    size_t sz[4] = {0, 0, 0, 0};
    int first = 1, stride_ok = 1, uni_ok = 1;
    uint64_t d0 = 0, s0 = 0, last = 0;
    unsigned na = 0;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        if (!(in->mask >> l & 1u))
            continue;
        uint64_t own = in->va[l] - prev[l];
        sz[0] += xl_it_lenv(xl_it_zz(own));
        if (first) {
            sz[1] += xl_it_lenv(xl_it_zz(own));
            sz[2] = sz[1];
            d0 = own;
            first = 0;
        } else {
            uint64_t nb = in->va[l] - last;
            sz[1] += xl_it_lenv(xl_it_zz(nb));
            if (na == 1)
                s0 = nb;
            else if (nb != s0)
                stride_ok = 0;
            if (own != d0)
                uni_ok = 0;
        }
        last = in->va[l];
        na++;
    }
    /* STRIDE needs two lanes to have a stride; UNIFORM one lane at least */
    sz[2] = stride_ok && na >= 2 ? sz[2] + xl_it_lenv(xl_it_zz(s0)) : SIZE_MAX;
    sz[3] = uni_ok && na >= 1 ? xl_it_lenv(xl_it_zz(d0)) : SIZE_MAX;
    unsigned mode = 0;
    for (unsigned m = 1; m < 4; m++)
        if (sz[m] < sz[mode])
            mode = m;
    size_t n = 0;
    p[n++] = (uint8_t)mode;
    if (mode == XL_IT_M_UNIFORM) {
        n += xl_it_putv(p + n, xl_it_zz(d0));
        return n;
    }
    first = 1;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        if (!(in->mask >> l & 1u))
            continue;
        if (first || mode == XL_IT_M_LANE)
            n += xl_it_putv(p + n, xl_it_zz(in->va[l] - prev[l]));
        else if (mode == XL_IT_M_NBR)
            n += xl_it_putv(p + n, xl_it_zz(in->va[l] - last));
        if (first && mode == XL_IT_M_STRIDE)
            n += xl_it_putv(p + n, xl_it_zz(s0));
        if (mode == XL_IT_M_STRIDE && !first)
            break;   /* the rest follow from the stride */
        first = 0;
        last = in->va[l];
    }
    return n;
}

int xl_itw_instr(xl_itw_t *w, const xl_instr_t *in, char *err, size_t errlen)
{
    char m[240];
    if (w->failed)
        return wfail(w, err, errlen, "an earlier call failed");
    if (!w->in_wave)
        return wfail(w, err, errlen, "an instruction outside a wavefront");
    const uint32_t kid = w->nkern - 1;
    if (in->op == XL_OP_END || in->op > XL_OP_LDS_ST) {
        snprintf(m, sizeof m, "kernel %u wavefront (%u, %u) instruction %llu: op %u is not "
                 "one of 1..6 (XL_OP_END is not written)", kid, w->cur_wg, w->cur_wave,
                 (unsigned long long)w->wave_ninstr, in->op);
        return wfail(w, err, errlen, m);
    }
    const int addr = xl_it_has_addr(in->op, in->bytes);
    const int lds = in->op == XL_OP_LDS || in->op == XL_OP_LDS_ST;
    const uint32_t lds_bytes = w->kern[kid].lds_bytes;
    for (unsigned l = 0; l < XL_MAX_LANES; l++) {
        if (!(in->mask >> l & 1u))
            continue;
        xl_va_t va = in->va[l];
        const char *bad = NULL;
        if (!addr) {
            if (va)
                bad = "carries an address in an instruction that has none";
        } else if (lds) {
            if (lds_bytes && va >= lds_bytes)
                bad = "has an LDS offset at or above the kernel's lds_bytes";
        } else {
            unsigned r;
            for (r = 0; r < w->nregions; r++)
                if (va >= w->rbase[r] && va - w->rbase[r] < w->rbytes[r])
                    break;
            if (r == w->nregions)
                bad = "has an address outside every declared region";
        }
        if (bad) {
            snprintf(m, sizeof m, "kernel %u wavefront (%u, %u) instruction %llu (op %u, pc "
                     "%u): lane %u %s (0x%llx)", kid, w->cur_wg, w->cur_wave,
                     (unsigned long long)w->wave_ninstr, in->op, in->pc, l, bad,
                     (unsigned long long)va);
            return wfail(w, err, errlen, m);
        }
    }
    uint8_t buf[XL_IT_INSTR_MAX];
    size_t n = 1;
    uint8_t tag = in->op;
    if (in->mask == w->prev_mask)
        tag |= XL_IT_T_MASK;
    else
        n += xl_it_putv(buf + n, in->mask);
    if (in->pc == (uint32_t)(w->prev_pc + 1u))
        tag |= XL_IT_T_PC;
    else
        n += xl_it_putv(buf + n, xl_it_zz((uint64_t)in->pc - (uint64_t)w->prev_pc - 1u));
    if (in->cycles == w->prev_cyc)
        tag |= XL_IT_T_CYC;
    else
        n += xl_it_putv(buf + n, in->cycles);
    if (in->bytes == w->prev_bytes)
        tag |= XL_IT_T_BYTES;
    else
        buf[n++] = in->bytes;
    buf[0] = tag;
    if (addr) {
        static const xl_va_t zero[XL_MAX_LANES];   /* LDS offsets: deltas from 0 */
        n += enc_addrs(buf + n, in, lds ? zero : w->lane);
        if (!lds)
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                if (in->mask >> l & 1u)
                    w->lane[l] = in->va[l];
    }
    w->prev_mask = in->mask;
    w->prev_pc = in->pc;
    w->prev_cyc = in->cycles;
    w->prev_bytes = in->bytes;
    if (w->rawlen + n > XL_IT_BLOCK_MAX && flush_block(w, err, errlen))
        return XL_EINPUT;
    memcpy(w->raw + w->rawlen, buf, n);
    w->rawlen += n;
    w->wave_ninstr++;
    w->ninstrs++;
    return XL_OK;
}

static void put_str(uint8_t *p, size_t *n, const char *s)
{
    size_t l = strlen(s);
    *n += xl_it_putv(p + *n, l);
    memcpy(p + *n, s, l);
    *n += l;
}

int xl_itw_close(xl_itw_t *w, char *err, size_t errlen)
{
    char m[200];
    if (!w)
        return XL_OK;
    if (w->failed) {
        wfail(w, err, errlen, "an earlier call failed; nothing written");
        xl_itw_abort(w);
        return XL_EINPUT;
    }
    if (!w->nkern) {
        wfail(w, err, errlen, "no kernel was given");
        xl_itw_abort(w);
        return XL_EINPUT;
    }
    if (end_kernel(w, err, errlen)) {
        xl_itw_abort(w);
        return XL_EINPUT;
    }
    /* metadata: names, origin, regions, kernels, total instructions */
    size_t cap = 64 + XL_IT_NAME_MAX + XL_WL_MAX_REGIONS * (XL_IT_RNAME_MAX + 12) +
                 (size_t)w->nkern * 5 * 5, n = 0;
    uint8_t *meta = malloc(cap);
    if (!meta) {
        xl_itw_abort(w);
        snprintf(err, errlen, "trace: out of host memory");
        return XL_EINTERNAL;
    }
    put_str(meta, &n, w->name);
    n += xl_it_putv(meta + n, w->scale_ppm);
    n += xl_it_putv(meta + n, w->seed);
    n += xl_it_putv(meta + n, w->nregions);
    for (unsigned i = 0; i < w->nregions; i++) {
        put_str(meta, &n, w->rname[i]);
        n += xl_it_putv(meta + n, w->rbytes[i]);
    }
    n += xl_it_putv(meta + n, w->nkern);
    for (uint32_t k = 0; k < w->nkern; k++) {
        n += xl_it_putv(meta + n, w->kern[k].workgroups);
        n += xl_it_putv(meta + n, w->kern[k].waves_per_wg);
        n += xl_it_putv(meta + n, w->kern[k].lds_bytes);
        n += xl_it_putv(meta + n, w->kern[k].code_bytes);
        n += xl_it_putv(meta + n, w->kern[k].code_id);
    }
    n += xl_it_putv(meta + n, w->ninstrs);
    uint8_t hdr[XL_IT_HDR] = {0};
    memcpy(hdr, XL_IT_MAGIC, 8);
    xl_it_put32(hdr + 8, XL_IT_VERSION | (uint32_t)(w->compress ? XL_IT_F_ZSTD : 0u) << 16);
    xl_it_put32(hdr + 12, XL_IT_BLOCK_MAX);
    xl_it_put64(hdr + 16, w->off);
    xl_it_put32(hdr + 24, (uint32_t)n);
    xl_it_put32(hdr + 28, xl_it_crc(w->crc, 0, meta, n));
    int rc = wwrite(w, w->f, meta, n, err, errlen);
    free(meta);
    /* the index, copied from its side file, checksummed on the way */
    xl_it_put64(hdr + 32, w->off);
    xl_it_put64(hdr + 40, w->nwaves);
    uint32_t icrc = 0;
    if (rc == XL_OK && fseek(w->idx, 0, SEEK_SET) != 0)
        rc = wfail(w, err, errlen, "cannot rewind the index");
    uint8_t chunk[XL_IT_IDX * 512];
    size_t got;
    while (rc == XL_OK && (got = fread(chunk, 1, sizeof chunk, w->idx)) > 0) {
        icrc = xl_it_crc(w->crc, icrc, chunk, got);
        rc = wwrite(w, w->f, chunk, got, err, errlen);
    }
    if (rc == XL_OK && ferror(w->idx))
        rc = wfail(w, err, errlen, "cannot read the index back");
    xl_it_put32(hdr + 48, icrc);
    xl_it_put32(hdr + 60, xl_it_crc(w->crc, 0, hdr, 60));
    if (rc == XL_OK && (fseek(w->f, 0, SEEK_SET) != 0 || fwrite(hdr, 1, sizeof hdr, w->f) !=
                                                            sizeof hdr))
        rc = wfail(w, err, errlen, "cannot write the header");
    if (rc == XL_OK) {
        int bad = fflush(w->f) != 0 || fsync(fileno(w->f)) != 0;
        bad |= fclose(w->f) != 0;
        w->f = NULL;
        if (bad) {
            snprintf(m, sizeof m, "cannot finish writing: %s", strerror(errno));
            rc = wfail(w, err, errlen, m);
        }
    }
    if (rc == XL_OK && rename(w->tmp, w->path) != 0) {
        snprintf(m, sizeof m, "cannot rename %s into place: %s", w->tmp, strerror(errno));
        rc = wfail(w, err, errlen, m);
    }
    if (rc != XL_OK) {
        xl_itw_abort(w);
        return rc;
    }
    wfree(w);
    return XL_OK;
}

void xl_itw_abort(xl_itw_t *w)
{
    if (!w)
        return;
    if (w->f) {
        fclose(w->f);
        w->f = NULL;
    }
    remove(w->tmp);
    wfree(w);
}
