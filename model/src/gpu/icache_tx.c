/*
 * icache_tx.c - block "xl_ictx" of icache_tx.h: one I-cache used as a TLB victim store
 * (IC-TX, MICRO'21 §4.3; docs/papers/translation-reach.md): the tag entries, line data and
 * line-level LRU, and the operations of the designs V1..V4. The header states the rules
 * and every [I] choice; this file says how. The TX payload codec is tagblk.h's (shared
 * with lds_tx.c). V2..V4 work on a line's view as lds_tx.c does on a segment's (valid,
 * age, ctx, full tag per sub-way; STRICT decodes and encodes the payload, IDEAL keeps side
 * storage); a valid TX line always holds an entry. Integer only, no state outside the
 * struct.
 */
#include "xlat/icache_tx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define set_err(err, errlen, ...)                          \
    do {                                                   \
        if ((err) != NULL && (errlen) > 0u)                \
            snprintf((err), (errlen), __VA_ARGS__);        \
    } while (0)

#define LAT_MAX 10000u                  /* each latency parameter; their sum fits 16 bits */

/* ------------------------------------------------------------ geometry */

xl_ictx_params_t xl_ictx_defaults(void)
{
    xl_ictx_params_t p;
    memset(&p, 0, sizeof p);
    p.lines = 256u;
    p.page_shift = XL_PAGE_SHIFT_4K;
    p.variant = XL_ICTX_V4;
    p.tags = XL_ICTX_STRICT;
    p.conflict = XL_ICTX_REBASE;
    p.hit = XL_ICTX_EXCLUSIVE;
    p.fwd_l2 = 0;
    p.ic_tag_lat = 16;
    p.tx_tag_lat = 20;
    p.mux_lat = 1;
    p.wire_lat = 0;
    return p;
}

int xl_ictx_geom(const xl_ictx_params_t *p, xl_ictx_geom_t *g, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    if (p->lines != 64u && p->lines != 128u && p->lines != 256u && p->lines != 512u) {
        set_err(err, errlen, "icache_tx: %u lines; 64, 128, 256 or 512 are supported",
                p->lines);
        return XL_EINPUT;
    }
    if (p->page_shift != 12u && p->page_shift != 16u && p->page_shift != 21u) {
        set_err(err, errlen, "icache_tx: page shift %u; 12, 16 or 21 are supported",
                p->page_shift);
        return XL_EINPUT;
    }
    if ((unsigned)p->variant < 1u || (unsigned)p->variant > 4u) {
        set_err(err, errlen, "icache_tx: variant %u; 1 to 4 (V1..V4) are supported",
                (unsigned)p->variant);
        return XL_EINPUT;
    }
    if ((unsigned)p->tags > 1u || (unsigned)p->conflict > 1u || (unsigned)p->hit > 1u ||
        p->fwd_l2 > 1u || p->ic_tag_lat > LAT_MAX || p->tx_tag_lat > LAT_MAX ||
        p->mux_lat > LAT_MAX || p->wire_lat > LAT_MAX) {
        set_err(err, errlen, "icache_tx: tags, conflict, hit and fwd_l2 take 0 or 1, "
                "each latency at most %u cycles", LAT_MAX);
        return XL_EINPUT;
    }
    g->lines = p->lines;
    g->line_bits = xl_tagblk_clog2(p->lines);
    g->sets = p->lines / XL_ICTX_WAYS;
    g->set_bits = xl_tagblk_clog2(g->sets);
    g->vpn_bits = XL_VA_BITS - p->page_shift;
    g->itag_bits = XL_VA_BITS - 6u - g->set_bits;
    g->T1 = g->vpn_bits - g->set_bits;
    if (xl_tagblk_geom(&g->tb, XL_ICTX_TB_BITS, XL_ICTX_SUBS, XL_ICTX_AGE_BITS,
                       g->vpn_bits - g->line_bits) != XL_OK) {
        set_err(err, errlen, "icache_tx: the tag does not fit the 96-bit payload");
        return XL_EINPUT;                           /* not reachable with the checks above */
    }
    return XL_OK;
}

/* ------------------------------------------------------------ lines */

static int is_tx(const xl_ictx_t *s, uint32_t l)
{
    return s->tag[l].valid && s->tag[l].mode == XL_ICTX_MODE_TX;
}

static int is_ic(const xl_ictx_t *s, uint32_t l)
{
    return s->tag[l].valid && s->tag[l].mode == XL_ICTX_MODE_IC;
}

static uint32_t line_of(const xl_ictx_t *s, uint32_t set, uint32_t way)
{
    return way << s->g.set_bits | set;
}

/* Line l becomes the most recent of its set: every younger line ages by one. */
static void touch(xl_ictx_t *s, uint32_t l)
{
    uint32_t set = l & (s->g.sets - 1u), w;
    uint8_t a = s->age[l];
    for (w = 0; w < XL_ICTX_WAYS; w++) {
        uint32_t m = line_of(s, set, w);
        if (s->age[m] < a)
            s->age[m]++;
    }
    s->age[l] = 0;
}

/* Line l's tag entry becomes {valid, mode, payload 0}, its IDEAL side storage cleared;
 * the line counters follow. */
static void line_set(xl_ictx_t *s, uint32_t l, uint8_t valid, uint8_t mode)
{
    xl_ictx_tag_t *t = &s->tag[l];
    if (t->valid && t->mode == XL_ICTX_MODE_TX)
        s->c.tx_lines--;
    else if (t->valid)
        s->c.ic_lines--;
    t->valid = valid;
    t->mode = valid ? mode : (uint8_t)XL_ICTX_MODE_IC;
    t->pl[0] = t->pl[1] = 0u;
    if (s->ideal)
        memset(s->ideal + (size_t)l * XL_ICTX_SUBS, 0, XL_ICTX_SUBS * sizeof *s->ideal);
    if (valid) {
        if (mode == XL_ICTX_MODE_TX) {
            s->c.tx_lines++;
        } else if (++s->c.ic_lines > s->c.ic_lines_peak) {
            s->c.ic_lines_peak = s->c.ic_lines;
        }
    }
}

static uint64_t pte_get(const xl_ictx_t *s, uint32_t l, uint32_t sub)
{
    return xl_tagblk_rd_le64(s->data + (size_t)l * XL_ICTX_LINE_BYTES + 8u * sub);
}

static void pte_put(xl_ictx_t *s, uint32_t l, uint32_t sub, uint64_t pte)
{ xl_tagblk_wr_le64(s->data + (size_t)l * XL_ICTX_LINE_BYTES + 8u * sub, pte); }

static void valid_add(xl_ictx_t *s, uint64_t n)
{
    s->c.valid += n;
    if (s->c.valid > s->c.valid_peak)
        s->c.valid_peak = s->c.valid;
}

/* ------------------------------------------------------------ V1 lines */

static uint64_t v1_tag(const xl_ictx_t *s, uint32_t l)
{
    return s->tag[l].pl[0] & xl_tagblk_mask(s->g.T1);
}

static uint8_t v1_ctx(const xl_ictx_t *s, uint32_t l)
{
    uint64_t b = s->tag[l].pl[0] >> s->g.T1;        /* vfid, then vmid */
    return (uint8_t)(((b >> 2) & 3u) << 2 | (b & 3u));
}

static void v1_put(xl_ictx_t *s, uint32_t l, uint8_t ctx, uint64_t tag)
{
    s->tag[l].pl[0] = tag | (uint64_t)(ctx & 3u) << s->g.T1 |
                      (uint64_t)(ctx >> 2) << (s->g.T1 + 2u);
    s->tag[l].pl[1] = 0u;
}

/* The TX line of set holding (ctx, tag), or -1. */
static int v1_find(const xl_ictx_t *s, uint32_t set, uint8_t ctx, uint64_t tag)
{
    uint32_t w;
    for (w = 0; w < XL_ICTX_WAYS; w++) {
        uint32_t l = line_of(s, set, w);
        if (is_tx(s, l) && v1_tag(s, l) == tag && v1_ctx(s, l) == ctx)
            return (int)l;
    }
    return -1;
}

/* ------------------------------------------------------------ V2..V4 line views */

typedef xl_tagblk_view_t view_t;      /* (STRICT) the base, and the sub-ways whole */

static void view_load(const xl_ictx_t *s, uint32_t l, view_t *v)
{
    if (s->p.tags == XL_ICTX_IDEAL) {
        memset(v, 0, sizeof *v);
        memcpy(v->w, s->ideal + (size_t)l * XL_ICTX_SUBS, XL_ICTX_SUBS * sizeof v->w[0]);
        return;
    }
    (void)xl_tagblk_view_read(&s->g.tb, s->tag[l].pl, v);   /* TX payloads are canonical */
}

static void view_store(xl_ictx_t *s, uint32_t l, const view_t *v)
{
    if (s->p.tags == XL_ICTX_IDEAL) {
        memcpy(s->ideal + (size_t)l * XL_ICTX_SUBS, v->w, XL_ICTX_SUBS * sizeof v->w[0]);
        return;
    }
    (void)xl_tagblk_view_write(&s->g.tb, v, s->tag[l].pl);
}

/* Write a changed view back; a line left with no entry becomes invalid. */
static void view_commit(xl_ictx_t *s, uint32_t l, const view_t *v)
{
    if (xl_tagblk_nvalid(v->w, XL_ICTX_SUBS) == 0u) {
        line_set(s, l, 0, XL_ICTX_MODE_IC);
        s->c.tx_emptied++;
    } else {
        view_store(s, l, v);
    }
}

/* ------------------------------------------------------------ reset */

int xl_ictx_reset(xl_ictx_t *s, const xl_ictx_params_t *p, char *err, size_t errlen)
{
    xl_ictx_geom_t g;
    uint32_t l;
    int rc = xl_ictx_geom(p, &g, err, errlen);
    if (rc != XL_OK)
        return rc;
    xl_ictx_free(s);
    memset(s, 0, sizeof *s);
    s->p = *p;
    s->g = g;
    s->tag = calloc(g.lines, sizeof *s->tag);
    s->data = calloc((size_t)g.lines * XL_ICTX_LINE_BYTES, 1);
    s->age = calloc(g.lines, 1);
    if (p->tags == XL_ICTX_IDEAL && p->variant != XL_ICTX_V1)
        s->ideal = calloc((size_t)g.lines * XL_ICTX_SUBS, sizeof *s->ideal);
    if (!s->tag || !s->data || !s->age ||
        (p->tags == XL_ICTX_IDEAL && p->variant != XL_ICTX_V1 && !s->ideal)) {
        xl_ictx_free(s);
        set_err(err, errlen, "icache_tx: out of host memory");
        return XL_EINTERNAL;
    }
    for (l = 0; l < g.lines; l++)
        s->age[l] = (uint8_t)(l >> g.set_bits);     /* way w: age w */
    return XL_OK;
}

void xl_ictx_free(xl_ictx_t *s)
{
    free(s->tag);
    free(s->data);
    free(s->age);
    free(s->ideal);
    s->tag = NULL;
    s->data = s->age = NULL;
    s->ideal = NULL;
}

/* ------------------------------------------------------------ translation lookup */

static void lookup_v1(xl_ictx_t *s, uint8_t ctx, uint64_t vpn, xl_ictx_lookup_t *r)
{
    uint32_t set = (uint32_t)(vpn & (s->g.sets - 1u)), w, ntx = 0, nic = 0;
    int l = v1_find(s, set, ctx, vpn >> s->g.set_bits);
    for (w = 0; w < XL_ICTX_WAYS; w++) {
        ntx += (uint32_t)is_tx(s, line_of(s, set, w));
        nic += (uint32_t)is_ic(s, line_of(s, set, w));
    }
    r->lat = (uint16_t)(s->p.ic_tag_lat + s->p.wire_lat);
    if (l < 0) {
        r->res = ntx ? XL_ICTX_MISS : nic ? XL_ICTX_MISS_IC : XL_ICTX_MISS_INV;
        return;
    }
    r->res = XL_ICTX_HIT;
    r->lat = (uint16_t)(r->lat + s->p.mux_lat);
    r->line = (uint32_t)l;
    r->pte = pte_get(s, r->line, 0);
    r->wr = 1;
    touch(s, r->line);
    if (s->p.hit == XL_ICTX_EXCLUSIVE) {
        line_set(s, r->line, 0, XL_ICTX_MODE_IC);
        s->c.tx_emptied++;
        s->c.valid--;
    }
}

void xl_ictx_lookup(xl_ictx_t *s, uint8_t ctx, uint64_t vpn, xl_ictx_lookup_t *r)
{
    view_t v;
    int k;
    vpn &= xl_tagblk_mask(s->g.vpn_bits);
    ctx &= 15u;
    memset(r, 0, sizeof *r);
    s->c.lookups++;
    r->rd = 1;
    if (s->p.variant == XL_ICTX_V1) {
        lookup_v1(s, ctx, vpn, r);
    } else {
        r->line = (uint32_t)(vpn & xl_tagblk_mask(s->g.line_bits));
        if (!is_tx(s, r->line)) {
            r->res = s->tag[r->line].valid ? XL_ICTX_MISS_IC : XL_ICTX_MISS_INV;
            r->lat = (uint16_t)(s->p.ic_tag_lat + s->p.wire_lat);
        } else {
            r->lat = (uint16_t)(s->p.tx_tag_lat + s->p.mux_lat + s->p.wire_lat);
            view_load(s, r->line, &v);
            k = xl_tagblk_find(v.w, XL_ICTX_SUBS, ctx, vpn >> s->g.line_bits);
            r->res = k < 0 ? XL_ICTX_MISS : XL_ICTX_HIT;
            if (k >= 0) {
                r->sub = (uint32_t)k;
                r->pte = pte_get(s, r->line, r->sub);
                r->wr = 1;
                touch(s, r->line);
                if (s->p.hit == XL_ICTX_EXCLUSIVE) {
                    xl_tagblk_remove(v.w, XL_ICTX_SUBS, r->sub);
                    s->c.valid--;
                } else {
                    xl_tagblk_promote(v.w, XL_ICTX_SUBS, r->sub);
                }
                view_commit(s, r->line, &v);
            }
        }
    }
    switch (r->res) {
    case XL_ICTX_HIT: s->c.hits++; break;
    case XL_ICTX_MISS: s->c.misses++; break;
    case XL_ICTX_MISS_IC: s->c.lookup_ic++; break;
    default: s->c.lookup_inv++; break;
    }
    s->c.port_rd += r->rd;
    s->c.port_wr += r->wr;
}

/* ------------------------------------------------------------ translation fill */

static void fill_v1(xl_ictx_t *s, uint8_t ctx, uint64_t vpn, uint64_t pte, xl_ictx_fill_t *r)
{
    uint32_t set = (uint32_t)(vpn & (s->g.sets - 1u)), w;
    uint64_t tag = vpn >> s->g.set_bits;
    int l = v1_find(s, set, ctx, tag), inv = -1, lru = -1;
    if (l >= 0) {
        r->res = XL_ICTX_INS_UPDATE;
        s->c.fill_update++;
    } else {
        for (w = 0; w < XL_ICTX_WAYS; w++) {
            uint32_t m = line_of(s, set, w);
            if (!s->tag[m].valid && inv < 0)
                inv = (int)m;
            if (is_tx(s, m) && (lru < 0 || s->age[m] > s->age[lru]))
                lru = (int)m;
        }
        if (inv >= 0) {
            l = inv;
            r->res = XL_ICTX_INS_LINE;
            line_set(s, (uint32_t)l, 1, XL_ICTX_MODE_TX);
            s->c.fill_line++;
            valid_add(s, 1);
        } else if (lru >= 0) {
            l = lru;
            r->res = XL_ICTX_INS_VICTIM;
            r->victim.ctx = v1_ctx(s, (uint32_t)l);
            r->victim.vpn = v1_tag(s, (uint32_t)l) << s->g.set_bits | set;
            r->victim.pte = pte_get(s, (uint32_t)l, 0);
            s->c.fill_victim++;
        } else {
            r->res = XL_ICTX_INS_BYP_IC;
            r->wr = 0;
            s->c.fill_byp_ic++;
            return;
        }
        v1_put(s, (uint32_t)l, ctx, tag);
    }
    r->line = (uint32_t)l;
    pte_put(s, r->line, 0, pte);
    touch(s, r->line);
}

/* V2..V4 into the valid TX line l: the header's TX-line rules. 0 if not inserted. */
static int fill_tx_line(xl_ictx_t *s, uint32_t l, uint8_t ctx, uint64_t tag,
                        xl_ictx_fill_t *r, view_t *v)
{
    const xl_tagblk_geom_t *g = &s->g.tb;
    uint64_t hi = tag >> g->L;
    uint32_t n, k;
    int f, rebased = 0;
    view_load(s, l, v);
    f = xl_tagblk_find(v->w, XL_ICTX_SUBS, ctx, tag);
    if (f >= 0) {
        r->res = XL_ICTX_INS_UPDATE;
        r->sub = (uint32_t)f;
        xl_tagblk_promote(v->w, XL_ICTX_SUBS, r->sub);
        s->c.fill_update++;
        return 1;
    }
    n = xl_tagblk_nvalid(v->w, XL_ICTX_SUBS);
    if (s->p.tags == XL_ICTX_STRICT && n > 0u && (v->ctx != ctx || v->tag_hi != hi)) {
        if (s->p.conflict == XL_ICTX_BYPASS) {
            r->res = XL_ICTX_INS_BYP_CONFLICT;
            s->c.conflict_bypass++;
            return 0;
        }
        memset(v->w, 0, sizeof v->w);
        r->dropped = n;
        s->c.conflict_rebase++;
        s->c.rebase_dropped += n;
        s->c.valid -= n;
        n = 0;
        rebased = 1;
    }
    if (n == 0u) {
        v->ctx = ctx;
        v->tag_hi = hi;
    }
    if (n < XL_ICTX_SUBS) {
        for (k = 0; v->w[k].valid; k++)
            ;
        r->res = rebased ? XL_ICTX_INS_REBASE : XL_ICTX_INS_FREE;
        if (!rebased)
            s->c.fill_free++;
        valid_add(s, 1);
    } else {
        for (k = 0; v->w[k].age != XL_ICTX_SUBS - 1u; k++)
            ;
        r->res = XL_ICTX_INS_VICTIM;
        r->victim.ctx = v->w[k].ctx;
        r->victim.vpn = v->w[k].tag << s->g.line_bits | l;
        r->victim.pte = pte_get(s, l, k);
        v->w[k].valid = 0;
        s->c.fill_victim++;
    }
    r->sub = k;
    xl_tagblk_add(v->w, XL_ICTX_SUBS, k, ctx, tag);
    return 1;
}

void xl_ictx_fill(xl_ictx_t *s, uint8_t ctx, uint64_t vpn, uint64_t pte, xl_ictx_fill_t *r)
{
    uint32_t l;
    uint64_t tag;
    view_t v;
    vpn &= xl_tagblk_mask(s->g.vpn_bits);
    ctx &= 15u;
    memset(r, 0, sizeof *r);
    s->c.fills++;
    r->rd = 1;
    r->wr = 1;
    if (s->p.variant == XL_ICTX_V1) {
        fill_v1(s, ctx, vpn, pte, r);
        goto done;
    }
    l = r->line = (uint32_t)(vpn & xl_tagblk_mask(s->g.line_bits));
    tag = vpn >> s->g.line_bits;
    if (is_ic(s, l) && s->p.variant != XL_ICTX_V2) {
        r->res = XL_ICTX_INS_BYP_IC;
        r->wr = 0;
        s->c.fill_byp_ic++;
        goto done;
    }
    if (is_tx(s, l)) {
        if (!fill_tx_line(s, l, ctx, tag, r, &v)) {
            r->wr = 0;
            goto done;
        }
    } else {                                        /* invalid, or V2's IC line */
        if (s->tag[l].valid) {
            r->res = XL_ICTX_INS_IC_EVICT;
            s->c.fill_ic_evict++;
        } else {
            r->res = XL_ICTX_INS_LINE;
            s->c.fill_line++;
        }
        line_set(s, l, 1, XL_ICTX_MODE_TX);
        memset(&v, 0, sizeof v);
        v.ctx = ctx;
        v.tag_hi = tag >> s->g.tb.L;
        xl_tagblk_add(v.w, XL_ICTX_SUBS, 0, ctx, tag);
        valid_add(s, 1);
    }
    pte_put(s, l, r->sub, pte);
    view_store(s, l, &v);
    touch(s, l);
done:
    s->c.port_rd += r->rd;
    s->c.port_wr += r->wr;
}

/* ------------------------------------------------------------ shootdowns */

int xl_ictx_inv(xl_ictx_t *s, uint8_t ctx, uint64_t vpn, uint8_t *rd, uint8_t *wr)
{
    uint8_t x = 0;
    vpn &= xl_tagblk_mask(s->g.vpn_bits);
    ctx &= 15u;
    s->c.invs++;
    if (s->p.variant == XL_ICTX_V1) {
        int l = v1_find(s, (uint32_t)(vpn & (s->g.sets - 1u)), ctx, vpn >> s->g.set_bits);
        if (l >= 0) {
            line_set(s, (uint32_t)l, 0, XL_ICTX_MODE_IC);
            s->c.tx_emptied++;
            x = 1;
        }
    } else {
        uint32_t l = (uint32_t)(vpn & xl_tagblk_mask(s->g.line_bits));
        if (is_tx(s, l)) {
            view_t v;
            int k;
            view_load(s, l, &v);
            k = xl_tagblk_find(v.w, XL_ICTX_SUBS, ctx, vpn >> s->g.line_bits);
            if (k >= 0) {
                xl_tagblk_remove(v.w, XL_ICTX_SUBS, (uint32_t)k);
                view_commit(s, l, &v);
                x = 1;
            }
        }
    }
    if (x) {
        s->c.inv_hits++;
        s->c.valid--;
    }
    s->c.port_rd++;
    s->c.port_wr += x;
    if (rd)
        *rd = 1;
    if (wr)
        *wr = x;
    return x;
}

static uint64_t inv_scan(xl_ictx_t *s, uint8_t ctx, int all)
{
    uint64_t dropped = 0;
    uint32_t l, k;
    s->c.inv_scans++;
    for (l = 0; l < s->g.lines; l++) {
        uint64_t before = dropped;
        s->c.port_rd++;
        if (!is_tx(s, l))
            continue;
        if (s->p.variant == XL_ICTX_V1) {
            if (all || v1_ctx(s, l) == ctx) {
                line_set(s, l, 0, XL_ICTX_MODE_IC);
                s->c.tx_emptied++;
                dropped++;
            }
        } else {
            view_t v;
            view_load(s, l, &v);
            for (k = 0; k < XL_ICTX_SUBS; k++)
                if (v.w[k].valid && (all || v.w[k].ctx == ctx)) {
                    xl_tagblk_remove(v.w, XL_ICTX_SUBS, k);
                    dropped++;
                }
            if (dropped != before)
                view_commit(s, l, &v);
        }
        if (dropped != before)
            s->c.port_wr++;
    }
    s->c.inv_scan_entries += dropped;
    s->c.valid -= dropped;
    return dropped;
}

uint64_t xl_ictx_inv_ctx(xl_ictx_t *s, uint8_t ctx)
{
    return inv_scan(s, (uint8_t)(ctx & 15u), 0);
}

uint64_t xl_ictx_inv_all(xl_ictx_t *s)
{
    return inv_scan(s, 0, 1);
}

uint32_t xl_ictx_subs(const xl_ictx_t *s, uint32_t l, xl_ictx_sub_t w[XL_ICTX_SUBS])
{
    view_t v;
    memset(w, 0, XL_ICTX_SUBS * sizeof *w);
    if (!is_tx(s, l))
        return 0;
    if (s->p.variant == XL_ICTX_V1) {
        w[0].valid = 1;
        w[0].ctx = v1_ctx(s, l);
        w[0].tag = v1_tag(s, l);
        return 1;
    }
    view_load(s, l, &v);
    memcpy(w, v.w, sizeof v.w);
    return xl_tagblk_nvalid(v.w, XL_ICTX_SUBS);
}

/* ------------------------------------------------------------ instruction side */

int xl_ictx_ifetch(xl_ictx_t *s, uint64_t addr, uint32_t *line)
{
    uint32_t set = (uint32_t)((addr >> 6) & (s->g.sets - 1u)), w;
    uint64_t itag = (addr & XL_VA_MASK) >> (6u + s->g.set_bits);
    s->c.ifetches++;
    for (w = 0; w < XL_ICTX_WAYS; w++) {
        uint32_t l = line_of(s, set, w);
        if (is_ic(s, l) && s->tag[l].pl[0] == itag) {
            touch(s, l);
            s->c.ihits++;
            if (line)
                *line = l;
            return 1;
        }
    }
    s->c.imisses++;
    return 0;
}

void xl_ictx_ifill(xl_ictx_t *s, uint64_t addr, xl_ictx_ifill_t *r)
{
    uint32_t set = (uint32_t)((addr >> 6) & (s->g.sets - 1u)), w;
    uint64_t itag = (addr & XL_VA_MASK) >> (6u + s->g.set_bits);
    int inv = -1, tx = -1, ic = -1, any = -1, l;
    memset(r, 0, sizeof *r);
    s->c.ifills++;
    for (w = 0; w < XL_ICTX_WAYS; w++) {
        uint32_t m = line_of(s, set, w);
        if (is_ic(s, m) && s->tag[m].pl[0] == itag) {
            r->res = XL_ICTX_IF_PRESENT;
            r->line = m;
            touch(s, m);
            s->c.ifill_present++;
            return;
        }
        if (!s->tag[m].valid) {
            if (inv < 0)
                inv = (int)m;
            continue;
        }
        if (any < 0 || s->age[m] > s->age[any])
            any = (int)m;
        if (is_tx(s, m) && (tx < 0 || s->age[m] > s->age[tx]))
            tx = (int)m;
        if (is_ic(s, m) && (ic < 0 || s->age[m] > s->age[ic]))
            ic = (int)m;
    }
    if (inv >= 0)
        l = inv;                                    /* rule 1 */
    else if (s->p.variant == XL_ICTX_V2)
        l = any;                                    /* plain LRU */
    else
        l = tx >= 0 ? tx : ic;                      /* rules 2 and 3 */
    r->line = (uint32_t)l;
    if (!s->tag[l].valid) {
        r->res = XL_ICTX_IF_INVALID;
        s->c.ifill_invalid++;
    } else if (is_ic(s, r->line)) {
        r->res = XL_ICTX_IF_IC;
        s->c.ifill_ic_evict++;
    } else {
        xl_ictx_sub_t sw[XL_ICTX_SUBS];
        uint32_t n = xl_ictx_subs(s, r->line, sw), k;
        r->res = XL_ICTX_IF_TX;
        s->c.ifill_tx_evict++;
        s->c.valid -= n;
        if (s->p.fwd_l2) {
            for (k = 0; k < XL_ICTX_SUBS; k++)
                if (sw[k].valid) {
                    xl_ictx_entry_t *e = &r->fwd[r->nfwd++];
                    e->ctx = sw[k].ctx;
                    e->vpn = s->p.variant == XL_ICTX_V1
                                 ? sw[k].tag << s->g.set_bits | set
                                 : sw[k].tag << s->g.line_bits | r->line;
                    e->pte = pte_get(s, r->line, k);
                }
            s->c.ifill_tx_fwd += n;
        } else {
            r->dropped = n;
            s->c.ifill_tx_dropped += n;
        }
    }
    line_set(s, r->line, 1, XL_ICTX_MODE_IC);
    s->tag[r->line].pl[0] = itag;
    memset(s->data + (size_t)r->line * XL_ICTX_LINE_BYTES, 0, XL_ICTX_LINE_BYTES);
    touch(s, r->line);
}

uint32_t xl_ictx_kflush(xl_ictx_t *s)
{
    uint32_t l, n = 0;
    if (s->p.variant != XL_ICTX_V4)
        return 0;
    for (l = 0; l < s->g.lines; l++)
        if (is_ic(s, l)) {
            line_set(s, l, 0, XL_ICTX_MODE_IC);
            n++;
        }
    s->c.kflushes++;
    s->c.kflush_lines += n;
    return n;
}
