/*
 * itrace_r.c - the instruction-trace reader and the replay workload (docs/traces.md
 * "Format", "Replaying", "Streaming"). Open checks the header, the metadata and the
 * index (and, asked to, decodes every block once); wavefronts are then streamed in any
 * order and interleaving: a cursor (workload.h's xl_wave_t) holds a wavefront's place
 * and address history, and only a fixed number of decoded blocks are kept, so memory is
 * bounded by cache_blocks x the block size whatever the trace's length.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "itrace_fmt.h"
#include "xlat/workloads.h"

#ifdef XL_HAVE_ZSTD
#include <zstd.h>
#endif

typedef struct {
    uint64_t key;      /* file offset of the block; 0 = empty slot */
    uint32_t len;      /* raw bytes */
    uint32_t stored;   /* stored bytes (the next block starts 12 + stored after key) */
    uint8_t *buf;
} itr_slot_t;

struct xl_itr {
    char *path;
    int fd;
    unsigned version;
    int zstd;
    uint32_t block_max;
    uint64_t size, meta_off, index_off, nwaves, ninstrs;
    char name[XL_IT_NAME_MAX + 1];
    uint32_t scale_ppm;
    uint64_t seed;
    unsigned nregions;
    char rname[XL_WL_MAX_REGIONS][XL_IT_RNAME_MAX + 1];
    uint64_t rbytes[XL_WL_MAX_REGIONS];
    xl_va_t rbase[XL_WL_MAX_REGIONS];
    uint32_t nkern;
    xl_kernel_t *kern;
    uint64_t *kfirst;          /* index of each kernel's first wavefront */
    unsigned nslots, hand;     /* the slots; the next one to refill (first in, first out) */
    itr_slot_t *slot;
    uint32_t *hidx;            /* 2 x nslots: a block offset's hash -> the slot last given it */
    uint8_t *bufs;
    uint64_t decodes;
    uint8_t *stored;           /* a compressed block as read */
    size_t stored_cap;
    char error[600];
    uint32_t crc[256];
#ifdef XL_HAVE_ZSTD
    ZSTD_DCtx *zd;
#endif
};

/* The cursor's words (xl_wave_t, workload.h): a[0] the current block's offset, a[1] the
 * place in it (low 32 bits) and the cache slot last holding it (high 32), a[2] the
 * wavefront's blocks left counting the current one, a[3] its instructions left, a[4] the
 * previous mask, a[5] the previous pc (bits 31:0), cycles (47:32) and bytes (55:48);
 * lane[] each lane's previous global address; step the instructions returned. */
#define CUR_NOSLOT UINT64_C(0xFFFFFFFF)

static int rerr(char *err, size_t errlen, const char *path, const char *fmt, ...)
{
    char m[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    snprintf(err, errlen, "trace %s: %s", path, m);
    return XL_EINPUT;
}

/* The first error met while streaming; later ones are dropped. */
static void sticky(xl_itr_t *r, const char *fmt, ...)
{
    if (r->error[0])
        return;
    char m[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    snprintf(r->error, sizeof r->error, "trace %s: %s", r->path, m);
}

static int read_at(const xl_itr_t *r, void *buf, size_t n, uint64_t off)
{
    size_t got = 0;
    while (got < n) {
        ssize_t k = pread(r->fd, (uint8_t *)buf + got, n - got, (off_t)(off + got));
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return 0;
        got += (size_t)k;
    }
    return 1;
}

void xl_itr_close(xl_itr_t *r)
{
    if (!r)
        return;
    if (r->fd >= 0)
        close(r->fd);
#ifdef XL_HAVE_ZSTD
    ZSTD_freeDCtx(r->zd);
#endif
    free(r->slot);
    free(r->hidx);
    free(r->bufs);
    free(r->stored);
    free(r->kern);
    free(r->kfirst);
    free(r->path);
    free(r);
}

/* Reads a string of at most max bytes (no NUL inside) from the metadata. */
static int meta_str(const uint8_t *p, size_t n, size_t *i, char *out, size_t max)
{
    uint64_t l;
    if (!xl_it_getv(p, n, i, &l) || l > max || l > n - *i || memchr(p + *i, 0, (size_t)l))
        return 0;
    memcpy(out, p + *i, (size_t)l);
    out[l] = '\0';
    *i += (size_t)l;
    return 1;
}

static int meta_u32(const uint8_t *p, size_t n, size_t *i, uint32_t *v)
{
    uint64_t x;
    if (!xl_it_getv(p, n, i, &x) || x > UINT32_MAX)
        return 0;
    *v = (uint32_t)x;
    return 1;
}

/* The metadata: name, origin, regions (laid out as xl_wl_open does), kernels. */
static int parse_meta(xl_itr_t *r, const uint8_t *p, size_t n, char *err, size_t errlen)
{
    size_t i = 0;
    uint64_t v;
    const char *P = r->path;
    if (!meta_str(p, n, &i, r->name, XL_IT_NAME_MAX) || !meta_u32(p, n, &i, &r->scale_ppm) ||
        !xl_it_getv(p, n, &i, &r->seed))
        return rerr(err, errlen, P, "metadata: bad workload name, scale or seed");
    if (!xl_it_getv(p, n, &i, &v) || v == 0 || v > XL_WL_MAX_REGIONS)
        return rerr(err, errlen, P, "metadata: region count is not 1..%u", XL_WL_MAX_REGIONS);
    r->nregions = (unsigned)v;
    xl_va_t va = XL_WL_VA_BASE;
    for (unsigned k = 0; k < r->nregions; k++) {
        if (!meta_str(p, n, &i, r->rname[k], XL_IT_RNAME_MAX) || !r->rname[k][0] ||
            !xl_it_getv(p, n, &i, &r->rbytes[k]))
            return rerr(err, errlen, P, "metadata: region %u has a bad name or size", k);
        va = xl_it_align2m(va);
        if (r->rbytes[k] == 0 || r->rbytes[k] > (UINT64_C(1) << (XL_VA_BITS - 1)) - va)
            return rerr(err, errlen, P, "metadata: region %s's size is 0 or ends above 2^47",
                        r->rname[k]);
        r->rbase[k] = va;
        va += r->rbytes[k];
    }
    if (!xl_it_getv(p, n, &i, &v) || v == 0 || v > 0xFFFFu)
        return rerr(err, errlen, P, "metadata: kernel count is not 1..65535");
    r->nkern = (uint32_t)v;
    r->kern = calloc(r->nkern, sizeof *r->kern);
    r->kfirst = calloc(r->nkern, sizeof *r->kfirst);
    if (!r->kern || !r->kfirst)
        return rerr(err, errlen, P, "out of host memory");
    uint64_t waves = 0;
    for (uint32_t k = 0; k < r->nkern; k++) {
        xl_kernel_t *kk = &r->kern[k];
        if (!meta_u32(p, n, &i, &kk->workgroups) || !meta_u32(p, n, &i, &kk->waves_per_wg) ||
            !meta_u32(p, n, &i, &kk->lds_bytes) || !meta_u32(p, n, &i, &kk->code_bytes) ||
            !meta_u32(p, n, &i, &kk->code_id))
            return rerr(err, errlen, P, "metadata: kernel %u's geometry is cut short", k);
        if (kk->workgroups == 0 || kk->waves_per_wg == 0 || kk->waves_per_wg > 0xFFFFu)
            return rerr(err, errlen, P, "metadata: kernel %u has %u work-groups of %u "
                        "wavefronts", k, kk->workgroups, kk->waves_per_wg);
        r->kfirst[k] = waves;
        waves += (uint64_t)kk->workgroups * kk->waves_per_wg;   /* < 2^64: 65535 x 2^48 */
    }
    if (!xl_it_getv(p, n, &i, &r->ninstrs))
        return rerr(err, errlen, P, "metadata: instruction count is cut short");
    if (i != n)
        return rerr(err, errlen, P, "metadata: %zu bytes left over after it", n - i);
    if (waves != r->nwaves)
        return rerr(err, errlen, P, "the kernels have %llu wavefronts and the index %llu",
                    (unsigned long long)waves, (unsigned long long)r->nwaves);
    return XL_OK;
}

/* The index, streamed twice (it may not fit in memory): its checksum first, so damage is
 * named as such, then each entry's sense. */
static int check_index(xl_itr_t *r, uint32_t index_crc, char *err, size_t errlen)
{
    uint8_t chunk[XL_IT_IDX * 512];
    uint32_t crc = 0;
    uint64_t sum = 0, last = XL_IT_HDR;
    const uint64_t maxblocks = (r->meta_off - XL_IT_HDR) / XL_IT_BLKHDR;
    for (int pass = 0; pass < 2; pass++)
        for (uint64_t w = 0; w < r->nwaves;) {
            uint64_t nn = r->nwaves - w < 512 ? r->nwaves - w : 512;
            if (!read_at(r, chunk, (size_t)nn * XL_IT_IDX, r->index_off + w * XL_IT_IDX))
                return rerr(err, errlen, r->path, "cannot read the index");
            if (pass == 0) {
                crc = xl_it_crc(r->crc, crc, chunk, (size_t)nn * XL_IT_IDX);
                w += nn;
                if (w == r->nwaves && crc != index_crc)
                    return rerr(err, errlen, r->path, "the index fails its checksum (damaged)");
                continue;
            }
            for (uint64_t j = 0; j < nn; j++, w++) {
                const uint8_t *e = chunk + j * XL_IT_IDX;
                uint64_t off = xl_it_get64(e), ni = xl_it_get64(e + 8);
                uint32_t nb = xl_it_get32(e + 16);
                if (xl_it_get32(e + 20) || off < last || off > r->meta_off ||
                    (nb == 0) != (ni == 0) || nb > maxblocks ||
                    (nb && off + XL_IT_BLKHDR > r->meta_off) || ni > r->ninstrs - sum)
                    return rerr(err, errlen, r->path, "bad index entry for wavefront %llu",
                                (unsigned long long)w);
                sum += ni;
                last = off;
            }
        }
    if (r->nwaves == 0 && index_crc != 0)
        return rerr(err, errlen, r->path, "the index fails its checksum (damaged)");
    if (sum != r->ninstrs)
        return rerr(err, errlen, r->path, "the index counts %llu instructions, the metadata %llu",
                    (unsigned long long)sum, (unsigned long long)r->ninstrs);
    return XL_OK;
}

/* The slot holding the block at key, decoding it there if no slot has it; NULL (and the
 * sticky error) if it fails its checks. A block is found through the cursor's hint (the
 * slot it was last read from) or the hash index, both O(1); a miss refills the slots in
 * turn (first in, first out: a wavefront streams its blocks once each, in order). */
static itr_slot_t *get_block(xl_itr_t *r, uint64_t key, uint64_t *hint)
{
    itr_slot_t *s;
    if (*hint < r->nslots && r->slot[*hint].key == key)
        return &r->slot[*hint];
    const size_t h = (size_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 32) % (2u * r->nslots);
    if (r->hidx[h] < r->nslots && r->slot[r->hidx[h]].key == key) {
        *hint = r->hidx[h];
        return &r->slot[*hint];
    }
    const unsigned victim = r->hand;
    r->hand = (r->hand + 1u) % r->nslots;
    s = &r->slot[victim];
    s->key = 0;
    uint8_t bh[XL_IT_BLKHDR];
    if (key < XL_IT_HDR || key > r->meta_off - XL_IT_BLKHDR || !read_at(r, bh, sizeof bh, key)) {
        sticky(r, "cannot read the block at offset %llu", (unsigned long long)key);
        return NULL;
    }
    uint32_t stored = xl_it_get32(bh), raw = xl_it_get32(bh + 4), crc = xl_it_get32(bh + 8);
    if (raw == 0 || raw > r->block_max || stored == 0 || stored > r->stored_cap ||
        stored > r->meta_off - key - XL_IT_BLKHDR || (!r->zstd && stored != raw)) {
        sticky(r, "the block at offset %llu has bad lengths (%u stored, %u raw)",
               (unsigned long long)key, stored, raw);
        return NULL;
    }
    uint8_t *dst = r->zstd ? r->stored : s->buf;
    if (!read_at(r, dst, stored, key + XL_IT_BLKHDR)) {
        sticky(r, "cannot read the block at offset %llu", (unsigned long long)key);
        return NULL;
    }
    if (xl_it_crc(r->crc, 0, dst, stored) != crc) {
        sticky(r, "the block at offset %llu fails its checksum (damaged)", (unsigned long long)key);
        return NULL;
    }
#ifdef XL_HAVE_ZSTD
    if (r->zstd) {
        size_t got = ZSTD_decompressDCtx(r->zd, s->buf, r->block_max, r->stored, stored);
        if (ZSTD_isError(got) || got != raw) {
            sticky(r, "the block at offset %llu does not decompress to %u bytes",
                   (unsigned long long)key, raw);
            return NULL;
        }
    }
#endif
    s->key = key;
    s->len = raw;
    s->stored = stored;
    r->hidx[h] = victim;
    r->decodes++;
    *hint = victim;
    return s;
}

/* Is va inside a region? *hint: the region the last address was in, tried first (the
 * lanes of one instruction mostly share one). */
static int lane_in_regions(const xl_itr_t *r, xl_va_t va, unsigned *hint)
{
    if (va - r->rbase[*hint] < r->rbytes[*hint] && va >= r->rbase[*hint])
        return 1;
    for (unsigned k = 0; k < r->nregions; k++)
        if (va >= r->rbase[k] && va - r->rbase[k] < r->rbytes[k]) {
            *hint = k;
            return 1;
        }
    return 0;
}

/* Decodes the instruction at buf[*i..n) with the cursor's history; 0 and a message in
 * why if it is malformed. */
static int decode(const xl_itr_t *r, const xl_kernel_t *k, xl_wave_t *w, const uint8_t *buf,
                  size_t n, size_t *i, xl_instr_t *out, const char **why)
{
    uint64_t v;
    if (*i >= n) {
        *why = "cut short";
        return 0;
    }
    uint8_t tag = buf[(*i)++], op = tag & XL_IT_T_OP;
    if ((tag & XL_IT_T_RSVD) || op == XL_OP_END || op > XL_OP_LDS_ST) {
        *why = "bad tag (unknown op or reserved bit set)";
        return 0;
    }
    uint64_t mask = w->a[4];
    uint32_t pc = (uint32_t)w->a[5];
    uint16_t cyc = (uint16_t)(w->a[5] >> 32);
    uint8_t bytes = (uint8_t)(w->a[5] >> 48);
    if (!(tag & XL_IT_T_MASK)) {
        if (!xl_it_getv(buf, n, i, &mask)) {
            *why = "bad mask";
            return 0;
        }
    }
    if (tag & XL_IT_T_PC) {
        pc = pc + 1u;
    } else {
        if (!xl_it_getv(buf, n, i, &v)) {
            *why = "bad pc";
            return 0;
        }
        uint64_t npc = (uint64_t)pc + 1u + xl_it_unzz(v);
        if (npc > UINT32_MAX) {
            *why = "pc out of range";
            return 0;
        }
        pc = (uint32_t)npc;
    }
    if (!(tag & XL_IT_T_CYC)) {
        if (!xl_it_getv(buf, n, i, &v) || v > UINT16_MAX) {
            *why = "bad cycles";
            return 0;
        }
        cyc = (uint16_t)v;
    }
    if (!(tag & XL_IT_T_BYTES)) {
        if (*i >= n) {
            *why = "cut short";
            return 0;
        }
        bytes = buf[(*i)++];
    }
    out->op = op;
    out->bytes = bytes;
    out->cycles = cyc;
    out->pc = pc;
    out->mask = mask;
    memset(out->va, 0, sizeof out->va);
    if (xl_it_has_addr(op, bytes)) {
        const int lds = op != XL_OP_LOAD && op != XL_OP_STORE;
        if (*i >= n || buf[*i] > XL_IT_M_UNIFORM) {
            *why = "bad address mode";
            return 0;
        }
        const unsigned mode = buf[(*i)++];
        uint64_t d0 = 0, s0 = 0;
        xl_va_t last = 0;
        int first = 1;
        unsigned rh = 0;
        if (mode == XL_IT_M_UNIFORM && !xl_it_getv(buf, n, i, &d0)) {
            *why = "bad address";
            return 0;
        }
        for (unsigned l = 0; l < XL_MAX_LANES; l++) {
            if (!(mask >> l & 1u))
                continue;
            const xl_va_t prev = lds ? 0 : w->lane[l];
            xl_va_t va;
            if (mode == XL_IT_M_UNIFORM) {
                va = prev + xl_it_unzz(d0);
            } else if (first || mode == XL_IT_M_LANE || mode == XL_IT_M_NBR) {
                if (!xl_it_getv(buf, n, i, &v)) {
                    *why = "bad address";
                    return 0;
                }
                va = (first || mode == XL_IT_M_LANE ? prev : last) + xl_it_unzz(v);
                if (first && mode == XL_IT_M_STRIDE && !xl_it_getv(buf, n, i, &s0)) {
                    *why = "bad stride";
                    return 0;
                }
            } else {
                va = last + xl_it_unzz(s0);
            }
            if (lds ? (k->lds_bytes && va >= k->lds_bytes) : !lane_in_regions(r, va, &rh)) {
                *why = lds ? "an LDS offset at or above the kernel's lds_bytes"
                           : "an address outside every region";
                return 0;
            }
            out->va[l] = va;
            last = va;
            first = 0;
        }
        if (!lds)
            for (unsigned l = 0; l < XL_MAX_LANES; l++)
                if (mask >> l & 1u)
                    w->lane[l] = out->va[l];
    }
    w->a[4] = mask;
    w->a[5] = pc | (uint64_t)cyc << 32 | (uint64_t)bytes << 48;
    return 1;
}

static int wave_index(const xl_itr_t *r, uint32_t k, uint32_t wg, uint32_t wave, uint64_t *gi)
{
    if (k >= r->nkern || wg >= r->kern[k].workgroups || wave >= r->kern[k].waves_per_wg)
        return 0;
    *gi = r->kfirst[k] + (uint64_t)wg * r->kern[k].waves_per_wg + wave;
    return 1;
}

void xl_itr_wave_begin(xl_itr_t *r, xl_wave_t *w)
{
    uint64_t gi;
    uint8_t e[XL_IT_IDX];
    memset(w->a, 0, sizeof w->a);
    w->step = 0;
    w->a[1] = CUR_NOSLOT << 32;
    w->a[5] = UINT32_MAX;   /* the previous pc: a first pc of 0 is "previous + 1" */
    for (unsigned l = 0; l < XL_MAX_LANES; l++)
        w->lane[l] = XL_WL_VA_BASE;
    if (!wave_index(r, w->kernel, w->wg, w->wave, &gi)) {
        sticky(r, "no wavefront (%u, %u) in kernel %u", w->wg, w->wave, w->kernel);
        return;
    }
    if (!read_at(r, e, sizeof e, r->index_off + gi * XL_IT_IDX)) {
        sticky(r, "cannot read the index");
        return;
    }
    w->a[0] = xl_it_get64(e);
    w->a[3] = xl_it_get64(e + 8);
    w->a[2] = xl_it_get32(e + 16);
}

int xl_itr_wave_next(xl_itr_t *r, xl_wave_t *w, xl_instr_t *out)
{
    if (r->error[0] || w->a[3] == 0 || w->a[2] == 0) {
        memset(out, 0, sizeof *out);
        return 0;
    }
    uint64_t hint = w->a[1] >> 32;
    size_t pos = (size_t)(w->a[1] & 0xFFFFFFFFu);
    itr_slot_t *s = get_block(r, w->a[0], &hint);
    if (s && pos >= s->len) {   /* this block is done: the next one follows it */
        if (w->a[2] < 2) {
            sticky(r, "kernel %u wavefront (%u, %u): its blocks end before its %llu "
                   "instructions", w->kernel, w->wg, w->wave,
                   (unsigned long long)(w->step + w->a[3]));
            s = NULL;
        } else {
            w->a[0] += XL_IT_BLKHDR + s->stored;
            w->a[2]--;
            pos = 0;
            s = get_block(r, w->a[0], &hint);
        }
    }
    const char *why = NULL;
    if (s && !decode(r, &r->kern[w->kernel], w, s->buf, s->len, &pos, out, &why))
        sticky(r, "kernel %u wavefront (%u, %u) instruction %llu: %s", w->kernel, w->wg,
               w->wave, (unsigned long long)w->step, why);
    if (!s || why) {
        memset(out, 0, sizeof *out);
        return 0;
    }
    w->a[1] = hint << 32 | pos;
    w->a[3]--;
    w->step++;
    return 1;
}

/* Decodes every wavefront once: each block's checksum and every instruction, and that
 * the blocks tile the data exactly (each wavefront's first where the previous ended). */
static int verify_all(xl_itr_t *r, char *err, size_t errlen)
{
    uint64_t expect = XL_IT_HDR;
    for (uint32_t k = 0; k < r->nkern; k++)
        for (uint32_t wg = 0; wg < r->kern[k].workgroups; wg++)
            for (uint32_t wv = 0; wv < r->kern[k].waves_per_wg; wv++) {
                xl_wave_t w;
                xl_instr_t in;
                memset(&w, 0, sizeof w);
                w.kernel = k;
                w.wg = wg;
                w.wave = wv;
                xl_itr_wave_begin(r, &w);
                if (w.a[2] && w.a[0] != expect && !r->error[0])
                    sticky(r, "kernel %u wavefront (%u, %u) starts at offset %llu, not %llu "
                           "where the previous ended", k, wg, wv,
                           (unsigned long long)w.a[0], (unsigned long long)expect);
                const uint64_t blocks = w.a[2];
                while (xl_itr_wave_next(r, &w, &in))
                    ;
                if (blocks && !r->error[0]) {
                    uint64_t hint = w.a[1] >> 32;
                    itr_slot_t *s = get_block(r, w.a[0], &hint);
                    if (s && ((w.a[1] & 0xFFFFFFFFu) != s->len || w.a[2] != 1))
                        sticky(r, "kernel %u wavefront (%u, %u): bytes left after its %llu "
                               "instructions", k, wg, wv, (unsigned long long)w.step);
                    if (s)
                        expect = w.a[0] + XL_IT_BLKHDR + s->stored;
                }
                if (r->error[0]) {
                    snprintf(err, errlen, "%s", r->error);
                    return XL_EINPUT;
                }
            }
    if (expect != r->meta_off)
        return rerr(err, errlen, r->path, "%llu bytes between the last block and the metadata",
                    (unsigned long long)(r->meta_off - expect));
    r->decodes = 0;
    return XL_OK;
}

int xl_itr_open(xl_itr_t **rp, const char *path, unsigned cache_blocks, int verify,
                char *err, size_t errlen)
{
    *rp = NULL;
    if (!path || !*path) {
        snprintf(err, errlen, "trace: no file named (trace:FILE)");
        return XL_EINPUT;
    }
    xl_itr_t *r = calloc(1, sizeof *r);
    if (!r || !(r->path = strdup(path))) {
        free(r);
        snprintf(err, errlen, "trace %s: out of host memory", path);
        return XL_EINTERNAL;
    }
    r->fd = open(path, O_RDONLY);
    xl_it_crc_table(r->crc);
    struct stat sb;
    int rc = XL_OK;
    uint8_t h[XL_IT_HDR];
    uint8_t *meta = NULL;
    if (r->fd < 0 || fstat(r->fd, &sb) != 0) {
        rc = rerr(err, errlen, path, "cannot open: %s", strerror(errno));
        goto out;
    }
    if (!S_ISREG(sb.st_mode)) {
        rc = rerr(err, errlen, path, "not a regular file");
        goto out;
    }
    r->size = (uint64_t)sb.st_size;
    if (r->size < 12 || !read_at(r, h, 12, 0) || memcmp(h, XL_IT_MAGIC, 8) != 0) {
        rc = rerr(err, errlen, path, "not an xlat instruction trace (no XLITRACE magic)");
        goto out;
    }
    /* the version is read before anything else of the header: a later version may lay
     * the rest out differently (docs/traces.md "Versions") */
    r->version = h[8] | (unsigned)h[9] << 8;
    if (r->version != XL_IT_VERSION) {
        rc = rerr(err, errlen, path, "format version %u; this build reads version %u",
                  r->version, XL_IT_VERSION);
        goto out;
    }
    if (r->size < XL_IT_HDR || !read_at(r, h, XL_IT_HDR, 0)) {
        rc = rerr(err, errlen, path, "truncated: %llu bytes, less than the %u-byte header",
                  (unsigned long long)r->size, XL_IT_HDR);
        goto out;
    }
    if (xl_it_crc(r->crc, 0, h, 60) != xl_it_get32(h + 60)) {
        rc = rerr(err, errlen, path, "the header fails its checksum (damaged)");
        goto out;
    }
    unsigned flags = h[10] | (unsigned)h[11] << 8;
    r->block_max = xl_it_get32(h + 12);
    r->meta_off = xl_it_get64(h + 16);
    uint32_t meta_len = xl_it_get32(h + 24), meta_crc = xl_it_get32(h + 28);
    r->index_off = xl_it_get64(h + 32);
    r->nwaves = xl_it_get64(h + 40);
    uint32_t index_crc = xl_it_get32(h + 48);
    if (flags & ~XL_IT_F_ZSTD || xl_it_get64(h + 52)) {
        rc = rerr(err, errlen, path, "unknown header flags 0x%x or reserved bytes set", flags);
        goto out;
    }
    r->zstd = flags & XL_IT_F_ZSTD ? 1 : 0;
    if (r->zstd && !xl_itrace_have_zstd()) {
        rc = rerr(err, errlen, path, "compressed with zstd, and this build has no zstd "
                  "(rebuild with libzstd-dev installed)");
        goto out;
    }
    if (r->block_max < XL_IT_INSTR_MAX || r->block_max > (1u << 20)) {
        rc = rerr(err, errlen, path, "block size %u outside %u..%u", r->block_max,
                  XL_IT_INSTR_MAX, 1u << 20);
        goto out;
    }
    if (r->meta_off < XL_IT_HDR || meta_len == 0 || meta_len > (1u << 26) ||
        r->index_off != r->meta_off + meta_len || r->nwaves > (UINT64_MAX - r->index_off) / XL_IT_IDX) {
        rc = rerr(err, errlen, path, "the header's offsets are inconsistent");
        goto out;
    }
    if (r->index_off + r->nwaves * XL_IT_IDX != r->size) {
        rc = rerr(err, errlen, path, "%s: %llu bytes where the header says %llu",
                  r->size < r->index_off + r->nwaves * XL_IT_IDX ? "truncated" : "trailing bytes",
                  (unsigned long long)r->size,
                  (unsigned long long)(r->index_off + r->nwaves * XL_IT_IDX));
        goto out;
    }
    meta = malloc(meta_len);
    if (!meta || !read_at(r, meta, meta_len, r->meta_off)) {
        rc = rerr(err, errlen, path, "cannot read the metadata");
        goto out;
    }
    if (xl_it_crc(r->crc, 0, meta, meta_len) != meta_crc) {
        rc = rerr(err, errlen, path, "the metadata fails its checksum (damaged)");
        goto out;
    }
    if ((rc = parse_meta(r, meta, meta_len, err, errlen)) != XL_OK)
        goto out;
    if ((rc = check_index(r, index_crc, err, errlen)) != XL_OK)
        goto out;
    r->nslots = cache_blocks ? cache_blocks : 256u;
    r->stored_cap = r->block_max;
#ifdef XL_HAVE_ZSTD
    if (r->zstd) {
        r->stored_cap = ZSTD_compressBound(r->block_max);
        r->stored = malloc(r->stored_cap);
        r->zd = ZSTD_createDCtx();
    }
#endif
    r->slot = calloc(r->nslots, sizeof *r->slot);
    r->hidx = malloc(2u * (size_t)r->nslots * sizeof *r->hidx);
    r->bufs = malloc((size_t)r->nslots * r->block_max);
    if (r->hidx)
        memset(r->hidx, 0xFF, 2u * (size_t)r->nslots * sizeof *r->hidx);   /* no slot */
    if (!r->slot || !r->hidx || !r->bufs || (r->zstd && !r->stored)
#ifdef XL_HAVE_ZSTD
        || (r->zstd && !r->zd)
#endif
    ) {
        rc = rerr(err, errlen, path, "out of host memory for %u cached blocks", r->nslots);
        goto out;
    }
    for (unsigned i = 0; i < r->nslots; i++)
        r->slot[i].buf = r->bufs + (size_t)i * r->block_max;
    if (verify)
        rc = verify_all(r, err, errlen);
out:
    free(meta);
    if (rc != XL_OK) {
        xl_itr_close(r);
        return rc;
    }
    *rp = r;
    return XL_OK;
}

const char *xl_itr_workload(const xl_itr_t *r) { return r->name; }
uint32_t xl_itr_scale_ppm(const xl_itr_t *r) { return r->scale_ppm; }
uint64_t xl_itr_seed(const xl_itr_t *r) { return r->seed; }
unsigned xl_itr_version(const xl_itr_t *r) { return r->version; }
int xl_itr_compressed(const xl_itr_t *r) { return r->zstd; }
unsigned xl_itr_nregions(const xl_itr_t *r) { return r->nregions; }
uint32_t xl_itr_nkernels(const xl_itr_t *r) { return r->nkern; }
uint64_t xl_itr_nwaves(const xl_itr_t *r) { return r->nwaves; }
uint64_t xl_itr_ninstrs(const xl_itr_t *r) { return r->ninstrs; }
const char *xl_itr_error(const xl_itr_t *r) { return r->error[0] ? r->error : NULL; }
uint64_t xl_itr_decodes(const xl_itr_t *r) { return r->decodes; }

void xl_itr_region(const xl_itr_t *r, unsigned i, const char **name, uint64_t *bytes)
{
    *name = i < r->nregions ? r->rname[i] : NULL;
    *bytes = i < r->nregions ? r->rbytes[i] : 0;
}

int xl_itr_kernel(const xl_itr_t *r, uint32_t k, xl_kernel_t *out)
{
    if (k >= r->nkern)
        return 0;
    *out = r->kern[k];
    return 1;
}

/* ---- the replay workload: --workload trace:FILE ---- */

static int tr_create(xl_workload_t *wl, char *err, size_t errlen)
{
    const char *path = wl->priv;   /* xl_wl_open hands the file name over in priv */
    wl->priv = NULL;
    /* two decoded blocks for each wavefront the GPU holds at once, so a wavefront's
     * block stays cached while the others run (docs/traces.md "Streaming") */
    uint64_t cache = 2u * (uint64_t)wl->params.resident_waves + 16u;
    if (cache < 64)
        cache = 64;
    if (cache > 65536)
        cache = 65536;
    xl_itr_t *r = NULL;
    int rc = xl_itr_open(&r, path, (unsigned)cache, 1, err, errlen);
    if (rc != XL_OK)
        return rc;
    if (wl->scale_ppm != XL_SCALE_ONE) {   /* the trace is the work: nothing to scale */
        rc = rerr(err, errlen, path, "--scale does not apply to a recorded trace (it was "
                  "recorded at scale %.6g)", r->scale_ppm / 1e6);
        xl_itr_close(r);
        return rc;
    }
    wl->priv = r;
    wl->nregions = r->nregions;
    for (unsigned i = 0; i < r->nregions; i++) {
        wl->regions[i].name = r->rname[i];
        wl->regions[i].bytes = r->rbytes[i];
    }
    return XL_OK;
}

static void tr_destroy(xl_workload_t *wl)
{
    xl_itr_close(wl->priv);
    wl->priv = NULL;
}

static int tr_kernel(const xl_workload_t *wl, uint32_t k, xl_kernel_t *out)
{
    return xl_itr_kernel(wl->priv, k, out);
}

static void tr_wave_begin(const xl_workload_t *wl, xl_wave_t *w)
{
    xl_itr_wave_begin(wl->priv, w);
}

static int tr_wave_next(const xl_workload_t *wl, xl_wave_t *w, xl_instr_t *out)
{
    return xl_itr_wave_next(wl->priv, w, out);
}

const xl_wl_desc_t xl_wl_trace = {
    "trace", "", "xlat trace", "recorded",
    "a recorded instruction trace (--workload trace:FILE; docs/traces.md)",
    tr_create, tr_destroy, tr_kernel, tr_wave_begin, tr_wave_next,
};

xl_itr_t *xl_wl_trace_reader(const xl_workload_t *wl)
{
    return wl && wl->desc == &xl_wl_trace ? wl->priv : NULL;
}
