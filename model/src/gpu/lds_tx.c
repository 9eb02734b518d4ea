/*
 * lds_tx.c - block "xl_ldstx" of lds_tx.h: one CU's LDS used as a TLB victim store
 * (LDS-TX, MICRO'21 §4.2; docs/papers/translation-reach.md): the geometry and the
 * tag-block codec, the mode bits, and the translation and application operations on the
 * LDS bytes. The rules, the layout and every [I] choice are in the header; this file says
 * how. The codec itself is the shared one of tagblk.h (also used by icache_tx.c).
 * Integer only, no state outside the struct.
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

int xl_ldstx_geom(const xl_ldstx_params_t *p, xl_ldstx_geom_t *g, char *err, size_t errlen)
{
    uint32_t ways;
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
    g->set_bits = xl_tagblk_clog2(g->segs);
    ways = p->seg_bytes == 32u ? 3u : 6u;           /* (seg_bytes - tag block) / 8 */
    g->vpn_bits = XL_VA_BITS - p->page_shift;
    if (xl_tagblk_geom(&g->tb, p->seg_bytes * 8u / 4u,  /* TB: a quarter of the segment */
                       ways, xl_tagblk_clog2(ways), g->vpn_bits - g->set_bits) != XL_OK) {
        /* not reachable with the checks above */
        set_err(err, errlen, "lds_tx: a %u-bit tag does not fit the %u-bit tag block",
                g->vpn_bits - g->set_bits, p->seg_bytes * 8u / 4u);
        return XL_EINPUT;
    }
    return XL_OK;
}

/* ------------------------------------------------------------ segment views */

typedef xl_tagblk_view_t view_t;      /* (STRICT) the base, and the ways whole */

static uint8_t *seg_at(const xl_ldstx_t *s, uint32_t seg)
{
    return s->lds + (size_t)seg * s->p.seg_bytes;
}

void xl_ldstx_tb_read(const xl_ldstx_t *s, uint32_t seg, uint64_t tb[2])
{
    const uint8_t *b = seg_at(s, seg);
    tb[0] = xl_tagblk_rd_le64(b);
    tb[1] = s->g.tb.tb_bits > 64u ? xl_tagblk_rd_le64(b + 8) : 0u;
}

static uint64_t pte_get(const xl_ldstx_t *s, uint32_t seg, uint32_t way)
{
    return xl_tagblk_rd_le64(seg_at(s, seg) + s->g.tb.tb_bits / 8u + 8u * way);
}

static void pte_put(xl_ldstx_t *s, uint32_t seg, uint32_t way, uint64_t pte)
{
    xl_tagblk_wr_le64(seg_at(s, seg) + s->g.tb.tb_bits / 8u + 8u * way, pte);
}

static void view_load(const xl_ldstx_t *s, uint32_t seg, view_t *v)
{
    const xl_ldstx_geom_t *g = &s->g;
    uint64_t tb[2];
    if (s->p.tags == XL_LDSTX_IDEAL) {
        memset(v, 0, sizeof *v);
        memcpy(v->w, s->ideal + (size_t)seg * g->tb.ways, g->tb.ways * sizeof v->w[0]);
        return;
    }
    xl_ldstx_tb_read(s, seg, tb);
    (void)xl_tagblk_view_read(&g->tb, tb, v);     /* TX blocks are canonical: pad 0 */
}

static void view_store(xl_ldstx_t *s, uint32_t seg, const view_t *v)
{
    const xl_ldstx_geom_t *g = &s->g;
    uint64_t tb[2];
    uint8_t *b = seg_at(s, seg);
    if (s->p.tags == XL_LDSTX_IDEAL) {
        memcpy(s->ideal + (size_t)seg * g->tb.ways, v->w, g->tb.ways * sizeof v->w[0]);
        return;
    }
    (void)xl_tagblk_view_write(&g->tb, v, tb);
    xl_tagblk_wr_le64(b, tb[0]);
    if (g->tb.tb_bits > 64u)
        xl_tagblk_wr_le64(b + 8, tb[1]);
}

/* The ages' rules are tagblk.h's, shared with the I-cache store. */
static uint32_t view_nvalid(const xl_ldstx_t *s, const view_t *v)
{
    return xl_tagblk_nvalid(v->w, s->g.tb.ways);
}

/* The way holding (ctx, tag), or -1. */
static int view_find(const xl_ldstx_t *s, const view_t *v, uint8_t ctx, uint64_t tag)
{
    return xl_tagblk_find(v->w, s->g.tb.ways, ctx, tag);
}

static void view_promote(const xl_ldstx_t *s, view_t *v, uint32_t w)
{
    xl_tagblk_promote(v->w, s->g.tb.ways, w);
}

static void view_remove(const xl_ldstx_t *s, view_t *v, uint32_t w)
{
    xl_tagblk_remove(v->w, s->g.tb.ways, w);
}

static void view_add(const xl_ldstx_t *s, view_t *v, uint32_t w, uint8_t ctx, uint64_t tag)
{
    xl_tagblk_add(v->w, s->g.tb.ways, w, ctx, tag);
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
        s->ideal = calloc((size_t)g.segs * g.tb.ways, sizeof *s->ideal);
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
    vpn &= xl_tagblk_mask(g->vpn_bits);
    ctx &= 15u;
    memset(r, 0, sizeof *r);
    r->set = (uint32_t)(vpn & xl_tagblk_mask(g->set_bits));
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
    vpn &= xl_tagblk_mask(g->vpn_bits);
    ctx &= 15u;
    memset(r, 0, sizeof *r);
    r->set = (uint32_t)(vpn & xl_tagblk_mask(g->set_bits));
    tag = vpn >> g->set_bits;
    hi = tag >> g->tb.L;
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
    if (s->p.tags == XL_LDSTX_STRICT && n > 0u && (v.ctx != ctx || v.tag_hi != hi)) {
        if (s->p.conflict == XL_LDSTX_BYPASS) {
            r->res = XL_LDSTX_INS_BYP_CONFLICT;
            r->wr = 0;
            s->c.conflict_bypass++;
            goto done;
        }
        for (w = 0; w < g->tb.ways; w++)
            memset(&v.w[w], 0, sizeof v.w[w]);
        r->dropped = n;
        s->c.conflict_rebase++;
        s->c.rebase_dropped += n;
        s->c.valid -= n;
        n = 0;
        rebased = 1;
    }
    if (n == 0u) {
        v.ctx = ctx;
        v.tag_hi = hi;
    }
    if (n < g->tb.ways) {
        for (w = 0; v.w[w].valid; w++)
            ;
        r->res = rebased ? XL_LDSTX_INS_REBASE : XL_LDSTX_INS_FREE;
        if (!rebased)
            s->c.ins_free++;
        valid_add(s, 1);
    } else {
        for (w = 0; v.w[w].age != g->tb.ways - 1u; w++)
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
    vpn &= xl_tagblk_mask(g->vpn_bits);
    ctx &= 15u;
    set = (uint32_t)(vpn & xl_tagblk_mask(g->set_bits));
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
        for (w = 0; w < s->g.tb.ways; w++)
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
    memset(w, 0, s->g.tb.ways * sizeof *w);
    if (s->mode[seg] != XL_LDSTX_MODE_TX)
        return 0;
    view_load(s, seg, &v);
    memcpy(w, v.w, s->g.tb.ways * sizeof *w);
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
        memset(s->ideal + (size_t)seg * s->g.tb.ways, 0, s->g.tb.ways * sizeof *s->ideal);
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
    memset(seg_at(s, seg), 0, s->g.tb.tb_bits / 8u);
    s->mode[seg] = XL_LDSTX_MODE_TX;
    s->c.lds_segs--;
    s->c.scrubs++;
    s->c.port_wr++;
    return 1;
}
