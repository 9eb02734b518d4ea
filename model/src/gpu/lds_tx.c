/*
 * lds_tx.c - block "xl_ldstx" of lds_tx.h: one CU's LDS used as a TLB victim store
 * (LDS-TX, MICRO'21 §4.2; docs/papers/translation-reach.md): the geometry and the
 * tag-block codec, the mode bits, and the translation and application operations on the
 * LDS bytes. The rules, the layout and every [I] choice are in the header; this file says
 * how. The codec itself is the shared one of tagblk.h (also used by icache_tx.c); the
 * xl_ldstx_tb_* calls convert to and from its types. Integer only, no state outside the
 * struct.
 *
 * Every translation operation works on a segment's view: the valid bit, age, ctx and full
 * tag of each way, and (STRICT) the base. STRICT reads the view from the tag block in the
 * LDS bytes and writes it back encoded; IDEAL keeps it in side storage. A STRICT view's
 * valid ways all have the base's ctx and tag_hi (the compression check sees to it), so
 * the encode never fails on a view.
 */
#include "xlat/lds_tx.h"
#include "xlat/tagblk.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define set_err(err, errlen, ...)                          \
    do {                                                   \
        if ((err) != NULL && (errlen) > 0u)                \
            snprintf((err), (errlen), __VA_ARGS__);        \
    } while (0)

/* ------------------------------------------------------------ bits */

static uint64_t mask_of(uint32_t n)
{
    return n >= 64u ? UINT64_MAX : (UINT64_C(1) << n) - 1u;
}

static uint64_t rd_le64(const uint8_t *b)
{
    uint64_t v = 0;
    int i;
    for (i = 7; i >= 0; i--)
        v = (v << 8) | b[i];
    return v;
}

static void wr_le64(uint8_t *b, uint64_t v)
{
    int i;
    for (i = 0; i < 8; i++) {
        b[i] = (uint8_t)(v & 0xffu);
        v >>= 8;
    }
}

/* ------------------------------------------------------------ geometry, codec */

xl_ldstx_params_t xl_ldstx_defaults(void)
{
    xl_ldstx_params_t p;
    memset(&p, 0, sizeof p);
    p.lds_bytes = 16384u;
    p.seg_bytes = 32u;
    p.page_shift = XL_PAGE_SHIFT_4K;
    p.tags = XL_LDSTX_STRICT;
    p.conflict = XL_LDSTX_REBASE;
    p.hit = XL_LDSTX_EXCLUSIVE;
    p.alloc = XL_LDSTX_LAZY;
    return p;
}

static uint32_t log2_of(uint32_t v)
{
    uint32_t n = 0;
    while ((UINT32_C(1) << n) < v)
        n++;
    return n;                                       /* ceil(log2 v) */
}

int xl_ldstx_geom(const xl_ldstx_params_t *p, xl_ldstx_geom_t *g, char *err, size_t errlen)
{
    xl_tagblk_geom_t t;
    memset(g, 0, sizeof *g);
    if (p->seg_bytes != 32u && p->seg_bytes != 64u) {
        set_err(err, errlen, "lds_tx: segment of %u bytes; 32 or 64 are supported",
                p->seg_bytes);
        return XL_EINPUT;
    }
    if (p->lds_bytes < p->seg_bytes || p->lds_bytes > XL_LDSTX_MAX_BYTES ||
        (p->lds_bytes & (p->lds_bytes - 1u)) != 0u) {
        set_err(err, errlen, "lds_tx: LDS of %u bytes; a power of two from %u to %u is "
                "supported", p->lds_bytes, p->seg_bytes, XL_LDSTX_MAX_BYTES);
        return XL_EINPUT;
    }
    if (p->page_shift != 12u && p->page_shift != 16u && p->page_shift != 21u) {
        set_err(err, errlen, "lds_tx: page shift %u; 12, 16 or 21 are supported",
                p->page_shift);
        return XL_EINPUT;
    }
    if ((unsigned)p->tags > 1u || (unsigned)p->conflict > 1u || (unsigned)p->hit > 1u ||
        (unsigned)p->alloc > 1u) {
        set_err(err, errlen, "lds_tx: tags, conflict, hit and alloc take 0 or 1");
        return XL_EINPUT;
    }
    g->segs = p->lds_bytes / p->seg_bytes;
    g->set_bits = log2_of(g->segs);
    g->ways = p->seg_bytes == 32u ? 3u : 6u;        /* (seg_bytes - tag block) / 8 */
    g->vpn_bits = XL_VA_BITS - p->page_shift;
    if (xl_tagblk_geom(&t, p->seg_bytes * 8u / 4u,  /* TB: a quarter of the segment */
                       g->ways, log2_of(g->ways), g->vpn_bits - g->set_bits) != XL_OK) {
        /* not reachable with the checks above */
        set_err(err, errlen, "lds_tx: a %u-bit tag does not fit the %u-bit tag block",
                g->vpn_bits - g->set_bits, p->seg_bytes * 8u / 4u);
        return XL_EINPUT;
    }
    g->tb_bits = t.tb_bits;
    g->age_bits = t.age_bits;
    g->meta_bits = t.meta_bits;
    g->T = t.T;
    g->L = t.L;
    g->H = t.H;
    g->pad = t.pad;
    g->way_bits = t.way_bits;
    g->base_bits = t.base_bits;
    g->hi_pos = t.hi_pos;
    g->vfid_pos = t.vfid_pos;
    g->vmid_pos = t.vmid_pos;
    g->pad_pos = t.pad_pos;
    return XL_OK;
}

/* The block geometry of g, for the shared codec (tagblk.h). */
static void tagblk_of(const xl_ldstx_geom_t *g, xl_tagblk_geom_t *t)
{
    (void)xl_tagblk_geom(t, g->tb_bits, g->ways, g->age_bits, g->T);
}

int xl_ldstx_tb_encode(const xl_ldstx_geom_t *g, const xl_ldstx_tb_t *f, uint64_t tb[2])
{
    xl_tagblk_geom_t t;
    xl_tagblk_t b;
    uint32_t w;
    tagblk_of(g, &t);
    memset(&b, 0, sizeof b);
    b.ctx = f->ctx;
    b.tag_hi = f->tag_hi;
    for (w = 0; w < g->ways; w++) {
        b.way[w].valid = f->way[w].valid;
        b.way[w].age = f->way[w].age;
        b.way[w].tag_lo = f->way[w].tag_lo;
    }
    return xl_tagblk_encode(&t, &b, tb);
}

int xl_ldstx_tb_decode(const xl_ldstx_geom_t *g, const uint64_t tb[2], xl_ldstx_tb_t *f)
{
    xl_tagblk_geom_t t;
    xl_tagblk_t b;
    uint32_t w;
    int rc;
    tagblk_of(g, &t);
    rc = xl_tagblk_decode(&t, tb, &b);
    memset(f, 0, sizeof *f);
    f->ctx = b.ctx;
    f->tag_hi = b.tag_hi;
    for (w = 0; w < g->ways; w++) {
        f->way[w].valid = b.way[w].valid;
        f->way[w].age = b.way[w].age;
        f->way[w].tag_lo = b.way[w].tag_lo;
    }
    return rc;
}

/* ------------------------------------------------------------ segment views */

typedef struct {
    uint8_t bctx;                   /* STRICT: the base */
    uint64_t bhi;
    xl_ldstx_ideal_t w[XL_LDSTX_MAX_WAYS];
} view_t;

static uint8_t *seg_at(const xl_ldstx_t *s, uint32_t seg)
{
    return s->lds + (size_t)seg * s->p.seg_bytes;
}

void xl_ldstx_tb_read(const xl_ldstx_t *s, uint32_t seg, uint64_t tb[2])
{
    const uint8_t *b = seg_at(s, seg);
    tb[0] = rd_le64(b);
    tb[1] = s->g.tb_bits > 64u ? rd_le64(b + 8) : 0u;
}

static uint64_t pte_get(const xl_ldstx_t *s, uint32_t seg, uint32_t way)
{
    return rd_le64(seg_at(s, seg) + s->g.tb_bits / 8u + 8u * way);
}

static void pte_put(xl_ldstx_t *s, uint32_t seg, uint32_t way, uint64_t pte)
{
    wr_le64(seg_at(s, seg) + s->g.tb_bits / 8u + 8u * way, pte);
}

static void view_load(const xl_ldstx_t *s, uint32_t seg, view_t *v)
{
    const xl_ldstx_geom_t *g = &s->g;
    uint32_t w;
    memset(v, 0, sizeof *v);
    if (s->p.tags == XL_LDSTX_IDEAL) {
        memcpy(v->w, s->ideal + (size_t)seg * g->ways, g->ways * sizeof v->w[0]);
        return;
    }
    {
        uint64_t tb[2];
        xl_ldstx_tb_t f;
        xl_ldstx_tb_read(s, seg, tb);
        (void)xl_ldstx_tb_decode(g, tb, &f);        /* TX blocks are canonical: pad 0 */
        v->bctx = f.ctx;
        v->bhi = f.tag_hi;
        for (w = 0; w < g->ways; w++)
            if (f.way[w].valid) {
                v->w[w].valid = 1;
                v->w[w].age = f.way[w].age;
                v->w[w].ctx = f.ctx;
                v->w[w].tag = f.tag_hi << g->L | f.way[w].tag_lo;
            }
    }
}

static void view_store(xl_ldstx_t *s, uint32_t seg, const view_t *v)
{
    const xl_ldstx_geom_t *g = &s->g;
    uint32_t w;
    if (s->p.tags == XL_LDSTX_IDEAL) {
        memcpy(s->ideal + (size_t)seg * g->ways, v->w, g->ways * sizeof v->w[0]);
        return;
    }
    {
        uint64_t tb[2];
        xl_ldstx_tb_t f;
        uint8_t *b = seg_at(s, seg);
        memset(&f, 0, sizeof f);
        f.ctx = v->bctx;
        f.tag_hi = v->bhi;
        for (w = 0; w < g->ways; w++)
            if (v->w[w].valid) {
                f.way[w].valid = 1;
                f.way[w].age = v->w[w].age;
                f.way[w].tag_lo = v->w[w].tag & mask_of(g->L);
            }
        (void)xl_ldstx_tb_encode(g, &f, tb);
        wr_le64(b, tb[0]);
        if (g->tb_bits > 64u)
            wr_le64(b + 8, tb[1]);
    }
}

/* The ages' rules are tagblk.h's, shared with the I-cache store. */
static uint32_t view_nvalid(const xl_ldstx_t *s, const view_t *v)
{
    return xl_tagblk_nvalid(v->w, s->g.ways);
}

/* The way holding (ctx, tag), or -1. */
static int view_find(const xl_ldstx_t *s, const view_t *v, uint8_t ctx, uint64_t tag)
{
    return xl_tagblk_find(v->w, s->g.ways, ctx, tag);
}

static void view_promote(const xl_ldstx_t *s, view_t *v, uint32_t w)
{
    xl_tagblk_promote(v->w, s->g.ways, w);
}

static void view_remove(const xl_ldstx_t *s, view_t *v, uint32_t w)
{
    xl_tagblk_remove(v->w, s->g.ways, w);
}

static void view_add(const xl_ldstx_t *s, view_t *v, uint32_t w, uint8_t ctx, uint64_t tag)
{
    xl_tagblk_add(v->w, s->g.ways, w, ctx, tag);
}

static void valid_add(xl_ldstx_t *s, uint64_t n)
{
    s->c.valid += n;
    if (s->c.valid > s->c.valid_peak)
        s->c.valid_peak = s->c.valid;
}

/* ------------------------------------------------------------ reset */

int xl_ldstx_reset(xl_ldstx_t *s, const xl_ldstx_params_t *p, char *err, size_t errlen)
{
    xl_ldstx_geom_t g;
    int rc = xl_ldstx_geom(p, &g, err, errlen);
    if (rc != XL_OK)
        return rc;
    xl_ldstx_free(s);
    memset(s, 0, sizeof *s);
    s->p = *p;
    s->g = g;
    s->lds = calloc(p->lds_bytes, 1);
    s->mode = calloc(g.segs, 1);                    /* 0 = XL_LDSTX_MODE_TX */
    if (p->tags == XL_LDSTX_IDEAL)
        s->ideal = calloc((size_t)g.segs * g.ways, sizeof *s->ideal);
    if (!s->lds || !s->mode || (p->tags == XL_LDSTX_IDEAL && !s->ideal)) {
        xl_ldstx_free(s);
        set_err(err, errlen, "lds_tx: out of host memory");
        return XL_EINTERNAL;
    }
    return XL_OK;
}

void xl_ldstx_free(xl_ldstx_t *s)
{
    free(s->lds);
    free(s->mode);
    free(s->ideal);
    s->lds = s->mode = NULL;
    s->ideal = NULL;
}

/* ------------------------------------------------------------ translation side */

void xl_ldstx_lookup(xl_ldstx_t *s, uint8_t ctx, uint64_t vpn, xl_ldstx_lookup_t *r)
{
    const xl_ldstx_geom_t *g = &s->g;
    view_t v;
    int w;
    vpn &= mask_of(g->vpn_bits);
    ctx &= 15u;
    memset(r, 0, sizeof *r);
    r->set = (uint32_t)(vpn & mask_of(g->set_bits));
    s->c.lookups++;
    if (s->mode[r->set] == XL_LDSTX_MODE_LDS) {
        r->res = XL_LDSTX_SKIP_LDS;
        s->c.lookup_lds_mode++;
        return;
    }
    r->rd = 1;
    view_load(s, r->set, &v);
    w = view_find(s, &v, ctx, vpn >> g->set_bits);
    if (w < 0) {
        r->res = XL_LDSTX_MISS;
        s->c.misses++;
    } else {
        r->res = XL_LDSTX_HIT;
        r->way = (uint32_t)w;
        r->pte = pte_get(s, r->set, r->way);
        r->wr = 1;
        s->c.hits++;
        if (s->p.hit == XL_LDSTX_EXCLUSIVE) {
            view_remove(s, &v, r->way);
            s->c.valid--;
        } else {
            view_promote(s, &v, r->way);
        }
        view_store(s, r->set, &v);
    }
    s->c.port_rd += r->rd;
    s->c.port_wr += r->wr;
}

void xl_ldstx_insert(xl_ldstx_t *s, uint8_t ctx, uint64_t vpn, uint64_t pte,
                     xl_ldstx_insert_t *r)
{
    const xl_ldstx_geom_t *g = &s->g;
    view_t v;
    uint64_t tag, hi;
    uint32_t n, w;
    int f, rebased = 0;
    vpn &= mask_of(g->vpn_bits);
    ctx &= 15u;
    memset(r, 0, sizeof *r);
    r->set = (uint32_t)(vpn & mask_of(g->set_bits));
    tag = vpn >> g->set_bits;
    hi = tag >> g->L;
    s->c.inserts++;
    if (s->mode[r->set] == XL_LDSTX_MODE_LDS) {
        r->res = XL_LDSTX_INS_BYP_LDS;
        s->c.ins_lds_mode++;
        return;
    }
    r->rd = 1;
    r->wr = 1;
    view_load(s, r->set, &v);
    f = view_find(s, &v, ctx, tag);
    if (f >= 0) {
        r->res = XL_LDSTX_INS_UPDATE;
        r->way = (uint32_t)f;
        view_promote(s, &v, r->way);
        s->c.ins_update++;
        goto write;
    }
    n = view_nvalid(s, &v);
    if (s->p.tags == XL_LDSTX_STRICT && n > 0u && (v.bctx != ctx || v.bhi != hi)) {
        if (s->p.conflict == XL_LDSTX_BYPASS) {
            r->res = XL_LDSTX_INS_BYP_CONFLICT;
            r->wr = 0;
            s->c.conflict_bypass++;
            goto done;
        }
        for (w = 0; w < g->ways; w++)
            memset(&v.w[w], 0, sizeof v.w[w]);
        r->dropped = n;
        s->c.conflict_rebase++;
        s->c.rebase_dropped += n;
        s->c.valid -= n;
        n = 0;
        rebased = 1;
    }
    if (n == 0u) {
        v.bctx = ctx;
        v.bhi = hi;
    }
    if (n < g->ways) {
        for (w = 0; v.w[w].valid; w++)
            ;
        r->res = rebased ? XL_LDSTX_INS_REBASE : XL_LDSTX_INS_FREE;
        if (!rebased)
            s->c.ins_free++;
        valid_add(s, 1);
    } else {
        for (w = 0; v.w[w].age != g->ways - 1u; w++)
            ;
        r->res = XL_LDSTX_INS_VICTIM;
        r->victim.ctx = v.w[w].ctx;
        r->victim.vpn = v.w[w].tag << g->set_bits | r->set;
        r->victim.pte = pte_get(s, r->set, w);
        v.w[w].valid = 0;
        s->c.ins_victim++;
    }
    r->way = w;
    view_add(s, &v, w, ctx, tag);
write:
    pte_put(s, r->set, r->way, pte);
    view_store(s, r->set, &v);
done:
    s->c.port_rd += r->rd;
    s->c.port_wr += r->wr;
}

int xl_ldstx_inv(xl_ldstx_t *s, uint8_t ctx, uint64_t vpn, uint8_t *rd, uint8_t *wr)
{
    const xl_ldstx_geom_t *g = &s->g;
    uint32_t set;
    view_t v;
    int w;
    uint8_t r = 0, x = 0;
    vpn &= mask_of(g->vpn_bits);
    ctx &= 15u;
    set = (uint32_t)(vpn & mask_of(g->set_bits));
    s->c.invs++;
    if (s->mode[set] == XL_LDSTX_MODE_TX) {
        r = 1;
        view_load(s, set, &v);
        w = view_find(s, &v, ctx, vpn >> g->set_bits);
        if (w >= 0) {
            x = 1;
            view_remove(s, &v, (uint32_t)w);
            view_store(s, set, &v);
            s->c.inv_hits++;
            s->c.valid--;
        }
    }
    s->c.port_rd += r;
    s->c.port_wr += x;
    if (rd)
        *rd = r;
    if (wr)
        *wr = x;
    return x;
}

/* INV_CTX (all = 0) or INV_ALL: every TX segment read, changed ones written. */
static uint64_t inv_scan(xl_ldstx_t *s, uint8_t ctx, int all)
{
    uint64_t dropped = 0;
    uint32_t seg, w;
    s->c.inv_scans++;
    for (seg = 0; seg < s->g.segs; seg++) {
        view_t v;
        uint64_t before = dropped;
        if (s->mode[seg] != XL_LDSTX_MODE_TX)
            continue;
        s->c.port_rd++;
        view_load(s, seg, &v);
        for (w = 0; w < s->g.ways; w++)
            if (v.w[w].valid && (all || v.w[w].ctx == ctx)) {
                view_remove(s, &v, w);
                dropped++;
            }
        if (dropped != before) {
            view_store(s, seg, &v);
            s->c.port_wr++;
        }
    }
    s->c.inv_scan_ways += dropped;
    s->c.valid -= dropped;
    return dropped;
}

uint64_t xl_ldstx_inv_ctx(xl_ldstx_t *s, uint8_t ctx)
{
    return inv_scan(s, (uint8_t)(ctx & 15u), 0);
}

uint64_t xl_ldstx_inv_all(xl_ldstx_t *s)
{
    return inv_scan(s, 0, 1);
}

uint32_t xl_ldstx_ways(const xl_ldstx_t *s, uint32_t seg, xl_ldstx_ideal_t *w)
{
    view_t v;
    memset(w, 0, s->g.ways * sizeof *w);
    if (s->mode[seg] != XL_LDSTX_MODE_TX)
        return 0;
    view_load(s, seg, &v);
    memcpy(w, v.w, s->g.ways * sizeof *w);
    return view_nvalid(s, &v);
}

/* ------------------------------------------------------------ application side */

static int in_lds(const xl_ldstx_t *s, uint32_t addr, uint32_t n)
{
    return addr <= s->p.lds_bytes && n <= s->p.lds_bytes - addr;
}

/* Segment seg (TX) becomes LDS: its valid ways are lost; returns how many. */
static uint32_t take_seg(xl_ldstx_t *s, uint32_t seg)
{
    view_t v;
    uint32_t n;
    view_load(s, seg, &v);
    n = view_nvalid(s, &v);
    if (s->p.tags == XL_LDSTX_IDEAL)
        memset(s->ideal + (size_t)seg * s->g.ways, 0, s->g.ways * sizeof *s->ideal);
    s->mode[seg] = XL_LDSTX_MODE_LDS;
    s->c.lds_segs++;
    s->c.valid -= n;
    return n;
}

int xl_ldstx_app_store(xl_ldstx_t *s, uint32_t addr, uint32_t n, const uint8_t *data)
{
    uint32_t seg;
    if (!in_lds(s, addr, n))
        return XL_EINPUT;
    s->c.app_stores++;
    if (n == 0u)
        return XL_OK;
    for (seg = addr / s->p.seg_bytes; seg <= (addr + n - 1u) / s->p.seg_bytes; seg++)
        if (s->mode[seg] == XL_LDSTX_MODE_TX) {
            s->c.lost_app_store += take_seg(s, seg);   /* counted before the bytes go */
            s->c.app_tx_taken++;
        }
    memcpy(s->lds + addr, data, n);
    return XL_OK;
}

int xl_ldstx_app_load(xl_ldstx_t *s, uint32_t addr, uint32_t n, uint8_t *out)
{
    uint32_t a = addr, end = addr + n;
    if (!in_lds(s, addr, n))
        return XL_EINPUT;
    s->c.app_loads++;
    while (a < end) {
        uint32_t seg = a / s->p.seg_bytes, lim = (seg + 1u) * s->p.seg_bytes;
        uint32_t k = (lim < end ? lim : end) - a;
        if (s->mode[seg] == XL_LDSTX_MODE_TX) {
            memset(out + (a - addr), 0, k);
            s->c.app_zero_reads++;
        } else {
            memcpy(out + (a - addr), s->lds + a, k);
        }
        a += k;
    }
    return XL_OK;
}

int xl_ldstx_wg_alloc(xl_ldstx_t *s, uint32_t addr, uint32_t n)
{
    uint32_t seg;
    if (!in_lds(s, addr, n))
        return XL_EINPUT;
    s->c.wg_allocs++;
    if (s->p.alloc != XL_LDSTX_EAGER || n == 0u)
        return XL_OK;
    for (seg = addr / s->p.seg_bytes; seg <= (addr + n - 1u) / s->p.seg_bytes; seg++)
        if (s->mode[seg] == XL_LDSTX_MODE_TX) {
            s->c.lost_alloc += take_seg(s, seg);
            s->c.alloc_tx_taken++;
        }
    return XL_OK;
}

int xl_ldstx_scrub(xl_ldstx_t *s, uint32_t seg)
{
    if (seg >= s->g.segs)
        return -1;
    if (s->mode[seg] != XL_LDSTX_MODE_LDS)
        return 0;
    memset(seg_at(s, seg), 0, s->g.tb_bits / 8u);
    s->mode[seg] = XL_LDSTX_MODE_TX;
    s->c.lds_segs--;
    s->c.scrubs++;
    s->c.port_wr++;
    return 1;
}
