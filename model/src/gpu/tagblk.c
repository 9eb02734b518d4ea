/*
 * tagblk.c - module "xl_tagblk" of tagblk.h: the shared-high-bits tag-block codec of
 * MICRO'21's LDS-TX and IC-TX stores (lds_tx.c, icache_tx.c). The header states the
 * formula, the layout and the age rules; this file computes and packs them. Integer only,
 * no state.
 */
#include "xlat/tagblk.h"

#include <string.h>

static int fits(uint64_t v, uint32_t n)
{
    return (v & ~xl_tagblk_mask(n)) == 0u;
}

uint64_t xl_tagblk_get(const uint64_t tb[2], uint32_t pos, uint32_t n)
{
    uint32_t w = pos / 64u, o = pos % 64u;
    uint64_t v;
    if (n == 0u)
        return 0u;
    v = tb[w] >> o;
    if (o + n > 64u)
        v |= tb[w + 1u] << (64u - o);
    return v & xl_tagblk_mask(n);
}

void xl_tagblk_put(uint64_t tb[2], uint32_t pos, uint32_t n, uint64_t v)
{
    uint32_t w = pos / 64u, o = pos % 64u;
    uint64_t m = xl_tagblk_mask(n);
    if (n == 0u)
        return;
    v &= m;
    tb[w] = (tb[w] & ~(m << o)) | (v << o);
    if (o + n > 64u) {
        uint32_t r = 64u - o;                       /* bits in the low word */
        tb[w + 1u] = (tb[w + 1u] & ~(m >> r)) | (v >> r);
    }
}

int xl_tagblk_geom(xl_tagblk_geom_t *g, uint32_t tb_bits, uint32_t ways, uint32_t age_bits,
                   uint32_t T)
{
    int32_t x;
    memset(g, 0, sizeof *g);
    if (tb_bits > XL_TAGBLK_MAX_BITS || ways < 2u || ways > XL_TAGBLK_MAX_WAYS ||
        age_bits < 1u || age_bits > 8u || T > 64u)
        return XL_EINPUT;
    x = (int32_t)tb_bits - (int32_t)XL_TAGBLK_CTX_BITS - (int32_t)T -
        (int32_t)(ways * (1u + age_bits));
    if (x < 0)
        return XL_EINPUT;
    g->tb_bits = tb_bits;
    g->ways = ways;
    g->age_bits = age_bits;
    g->meta_bits = 1u + age_bits;
    g->T = T;
    g->L = (uint32_t)x / (ways - 1u);
    if (g->L > T)
        g->L = T;
    g->H = T - g->L;
    g->way_bits = g->meta_bits + g->L;
    g->pad = tb_bits - (XL_TAGBLK_CTX_BITS + g->H + ways * g->way_bits);
    g->base_bits = XL_TAGBLK_CTX_BITS + g->H + g->pad;
    g->hi_pos = ways * g->way_bits;
    g->vfid_pos = g->hi_pos + g->H;
    g->vmid_pos = g->vfid_pos + 2u;
    g->pad_pos = g->vmid_pos + 2u;
    return XL_OK;
}

int xl_tagblk_encode(const xl_tagblk_geom_t *g, const xl_tagblk_t *f, uint64_t tb[2])
{
    uint32_t w;
    tb[0] = tb[1] = 0u;
    if (!fits(f->ctx, XL_TAGBLK_CTX_BITS) || !fits(f->tag_hi, g->H))
        return XL_EINPUT;
    for (w = 0; w < g->ways; w++)
        if (f->way[w].valid > 1u || !fits(f->way[w].age, g->age_bits) ||
            !fits(f->way[w].tag_lo, g->L))
            return XL_EINPUT;
    for (w = 0; w < g->ways; w++) {
        uint32_t pos = w * g->way_bits;
        xl_tagblk_put(tb, pos, g->L, f->way[w].tag_lo);
        xl_tagblk_put(tb, pos + g->L, g->age_bits, f->way[w].age);
        xl_tagblk_put(tb, pos + g->L + g->age_bits, 1u, f->way[w].valid);
    }
    xl_tagblk_put(tb, g->hi_pos, g->H, f->tag_hi);
    xl_tagblk_put(tb, g->vfid_pos, 2u, f->ctx & 3u);
    xl_tagblk_put(tb, g->vmid_pos, 2u, f->ctx >> 2);
    return XL_OK;
}

int xl_tagblk_decode(const xl_tagblk_geom_t *g, const uint64_t tb[2], xl_tagblk_t *f)
{
    uint32_t w;
    int bad = xl_tagblk_get(tb, g->pad_pos, g->pad) != 0u;
    if (g->tb_bits < 128u) {                        /* bits at or above TB */
        uint64_t above = g->tb_bits <= 64u ? tb[1] | (tb[0] & ~xl_tagblk_mask(g->tb_bits))
                                           : tb[1] & ~xl_tagblk_mask(g->tb_bits - 64u);
        bad |= above != 0u;
    }
    memset(f, 0, sizeof *f);
    for (w = 0; w < g->ways; w++) {
        uint32_t pos = w * g->way_bits;
        f->way[w].tag_lo = xl_tagblk_get(tb, pos, g->L);
        f->way[w].age = (uint8_t)xl_tagblk_get(tb, pos + g->L, g->age_bits);
        f->way[w].valid = (uint8_t)xl_tagblk_get(tb, pos + g->L + g->age_bits, 1u);
    }
    f->tag_hi = xl_tagblk_get(tb, g->hi_pos, g->H);
    f->ctx = (uint8_t)(xl_tagblk_get(tb, g->vmid_pos, 2u) << 2 |
                       xl_tagblk_get(tb, g->vfid_pos, 2u));
    return bad ? XL_EINPUT : XL_OK;
}

uint32_t xl_tagblk_nvalid(const xl_tagblk_way_t *w, uint32_t n)
{
    uint32_t i, c = 0;
    for (i = 0; i < n; i++)
        c += w[i].valid;
    return c;
}

int xl_tagblk_find(const xl_tagblk_way_t *w, uint32_t n, uint8_t ctx, uint64_t tag)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        if (w[i].valid && w[i].ctx == ctx && w[i].tag == tag)
            return (int)i;
    return -1;
}

void xl_tagblk_promote(xl_tagblk_way_t *w, uint32_t n, uint32_t k)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        if (i != k && w[i].valid && w[i].age < w[k].age)
            w[i].age++;
    w[k].age = 0;
}

void xl_tagblk_remove(xl_tagblk_way_t *w, uint32_t n, uint32_t k)
{
    uint32_t i;
    uint8_t a = w[k].age;
    memset(&w[k], 0, sizeof w[k]);
    for (i = 0; i < n; i++)
        if (w[i].valid && w[i].age > a)
            w[i].age--;
}

void xl_tagblk_add(xl_tagblk_way_t *w, uint32_t n, uint32_t k, uint8_t ctx, uint64_t tag)
{
    uint32_t i;
    for (i = 0; i < n; i++)
        if (w[i].valid)
            w[i].age++;
    w[k].valid = 1;
    w[k].age = 0;
    w[k].ctx = ctx;
    w[k].tag = tag;
}

int xl_tagblk_view_read(const xl_tagblk_geom_t *g, const uint64_t tb[2], xl_tagblk_view_t *v)
{
    xl_tagblk_t f;
    uint32_t w;
    int rc = xl_tagblk_decode(g, tb, &f);
    memset(v, 0, sizeof *v);
    v->ctx = f.ctx;
    v->tag_hi = f.tag_hi;
    for (w = 0; w < g->ways; w++)
        if (f.way[w].valid) {
            v->w[w].valid = 1;
            v->w[w].age = f.way[w].age;
            v->w[w].ctx = f.ctx;
            v->w[w].tag = f.tag_hi << g->L | f.way[w].tag_lo;
        }
    return rc;
}

int xl_tagblk_view_write(const xl_tagblk_geom_t *g, const xl_tagblk_view_t *v, uint64_t tb[2])
{
    xl_tagblk_t f;
    uint32_t w;
    memset(&f, 0, sizeof f);
    f.ctx = v->ctx;
    f.tag_hi = v->tag_hi;
    for (w = 0; w < g->ways; w++)
        if (v->w[w].valid) {
            f.way[w].valid = 1;
            f.way[w].age = v->w[w].age;
            f.way[w].tag_lo = v->w[w].tag & xl_tagblk_mask(g->L);
        }
    return xl_tagblk_encode(g, &f, tb);
}
