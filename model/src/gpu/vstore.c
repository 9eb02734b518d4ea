/*
 * vstore.c - MICRO'21's LDS and I-cache in the timed GPU and their use as victim TLBs
 * (vstore.h; Kotra et al., MICRO'21 §4.2-§4.4 and Fig 12; docs/papers/translation-reach.md).
 */
#include <stdlib.h>
#include <string.h>

#include "gpu/vstore.h"
#include "xlat/types.h"

/* ------------------------------------------------------------------ ports */

static unsigned gap_bucket(uint64_t g)
{
    unsigned b = 0;
    while (g && b + 1u < VS_GAPS) {
        g >>= 1;
        b++;
    }
    return b;   /* 0: 0 cycles, 1: 1, 2: 2-3, 3: 4-7, ... */
}

/* A native access of n cycles asked for at t: the cycle it begins. */
static uint64_t port_native(vs_port_t *p, uint64_t t, uint32_t n)
{
    uint64_t s = p->free_at > t ? p->free_at : t;
    if (p->natives)
        p->gap[gap_bucket(s - p->last_native)]++;
    p->natives++;
    p->native_wait += s - t;
    p->free_at = s + n;
    p->native_busy += n;
    p->last_native = s + n;
    return s;
}

/* A translation operation of n cycles asked for at t: 1 and *start when granted; 0 when
 * reach.txq operations wait already, or (a lookup: max_wait given) it would wait longer
 * than max_wait. */
static int port_tx(vs_port_t *p, uint64_t t, uint32_t n, uint32_t depth, uint64_t max_wait,
                   uint64_t *start)
{
    uint32_t k = 0;
    for (uint32_t i = 0; i < p->npend; i++)   /* those begun by t leave the queue */
        if (p->pend[i] > t)
            p->pend[k++] = p->pend[i];
    p->npend = k;
    if (p->npend >= depth)
        return 0;
    uint64_t s = p->free_at > t ? p->free_at : t;
    if (s - t > max_wait)
        return 0;
    p->free_at = s + n;
    p->tx_busy += n;
    if (s > t)
        p->pend[p->npend++] = s;
    *start = s;
    return 1;
}

/* A translation write that follows a granted operation (an exclusive hit's tag word, a
 * scrub): the port's next free cycle, outside the queue's count. */
static void port_charge(vs_port_t *p, uint64_t t, uint32_t n)
{
    uint64_t s = p->free_at > t ? p->free_at : t;
    p->free_at = s + n;
    p->tx_busy += n;
}

static void occ_note(vs_occ_t *o, uint64_t valid, uint64_t now)
{
    if (now > o->last) {
        o->acc += valid * (now - o->last);
        o->last = now;
    }
}

static inline uint8_t ctx_of(uint16_t asid) { return (uint8_t)(asid & 0xFu); }

/* The 8-byte PTE a store keeps: the leaf x86-64 entry's frame with P (bit 0) set. */
static inline uint64_t pte_of(uint64_t frame) { return frame | 1u; }
static inline uint64_t frame_of(uint64_t pte) { return pte & UINT64_C(0x000FFFFFFFFFF000); }

/* ------------------------------------------------------------------ creation */

int vs_init(vstore_t *v, const xl_config_t *cfg, unsigned page_shift, char *err, size_t errlen)
{
    int rc;
    memset(v, 0, sizeof *v);
    v->lds_on = cfg->lds.model != 0;
    v->ic_on = cfg->icache.model != 0;
    v->ldstx = cfg->reach.lds_tx != 0;
    v->ictx = cfg->reach.ic_tx != XL_RIC_OFF;
    v->ncu = cfg->gpu.cus;
    v->sharers = cfg->icache.sharers;
    v->page_shift = page_shift;
    v->lds_lat = cfg->reach.lds_latency + cfg->reach.mux_latency + cfg->reach.lds_wire;
    v->txq = cfg->reach.txq;
    v->max_wait = cfg->reach.max_wait;
    v->exclusive = cfg->reach.hit == XL_RHIT_EXCLUSIVE;
    v->sh_on = cfg->reach.sharing != 0;
    if (v->lds_on) {
        xl_ldstx_params_t p = xl_ldstx_defaults();
        p.lds_bytes = cfg->lds.size_kb * 1024u;
        p.seg_bytes = cfg->lds.seg_bytes;
        p.page_shift = page_shift;
        p.tags = cfg->reach.tags == XL_RTAGS_IDEAL ? XL_LDSTX_IDEAL : XL_LDSTX_STRICT;
        p.conflict = cfg->reach.conflict == XL_RCONF_BYPASS ? XL_LDSTX_BYPASS : XL_LDSTX_REBASE;
        p.hit = v->exclusive ? XL_LDSTX_EXCLUSIVE : XL_LDSTX_INCLUSIVE;
        p.alloc = cfg->lds.alloc == XL_LDS_ALLOC_EAGER ? XL_LDSTX_EAGER : XL_LDSTX_LAZY;
        if (!(v->lds = calloc(v->ncu, sizeof *v->lds)))
            goto nomem;
        for (uint32_t c = 0; c < v->ncu; c++) {
            vs_lds_t *l = &v->lds[c];
            if ((rc = xl_ldstx_reset(&l->st, &p, err, errlen)) != XL_OK)
                return rc;
            l->segs = l->st.g.segs;
            l->seg_bytes = p.seg_bytes;
            if (!(l->used = calloc(l->segs, 1)))
                goto nomem;
        }
    }
    if (v->ic_on) {
        xl_ictx_params_t p = xl_ictx_defaults();
        p.lines = cfg->icache.lines;
        p.page_shift = page_shift;
        /* without translations (ic_tx = off) the store is a plain I-cache: V3's
         * instruction fills take invalid lines first, then the LRU line */
        p.variant = cfg->reach.ic_tx == XL_RIC_OFF ? XL_ICTX_V3 : (xl_ictx_var_t)cfg->reach.ic_tx;
        p.tags = cfg->reach.tags == XL_RTAGS_IDEAL ? XL_ICTX_IDEAL : XL_ICTX_STRICT;
        p.conflict = cfg->reach.conflict == XL_RCONF_BYPASS ? XL_ICTX_BYPASS : XL_ICTX_REBASE;
        p.hit = v->exclusive ? XL_ICTX_EXCLUSIVE : XL_ICTX_INCLUSIVE;
        p.fwd_l2 = (uint8_t)(cfg->reach.fwd_l2 != 0);
        p.ic_tag_lat = (uint16_t)cfg->icache.tag_latency;
        p.tx_tag_lat = (uint16_t)cfg->reach.ic_tx_latency;
        p.mux_lat = (uint16_t)cfg->reach.mux_latency;
        p.wire_lat = (uint16_t)cfg->reach.ic_wire;
        v->nic = v->ncu / v->sharers;
        if (!(v->ic = calloc(v->nic, sizeof *v->ic)))
            goto nomem;
        for (uint32_t i = 0; i < v->nic; i++) {
            vs_ic_t *ic = &v->ic[i];
            if ((rc = xl_ictx_reset(&ic->st, &p, err, errlen)) != XL_OK)
                return rc;
            if (!(ic->ready = calloc(p.lines, sizeof *ic->ready)))
                goto nomem;
        }
    }
    return XL_OK;
nomem:
    snprintf(err, errlen, "out of host memory");
    return XL_EINTERNAL;
}

void vs_free(vstore_t *v)
{
    if (v->lds)
        for (uint32_t c = 0; c < v->ncu; c++) {
            xl_ldstx_free(&v->lds[c].st);
            free(v->lds[c].used);
        }
    if (v->ic)
        for (uint32_t i = 0; i < v->nic; i++) {
            xl_ictx_free(&v->ic[i].st);
            free(v->ic[i].ready);
        }
    free(v->lds);
    free(v->ic);
    free(v->sh_key);
    free(v->sh_mask);
    memset(v, 0, sizeof *v);
}

/* ------------------------------------------------------------------ native side */

int vs_lds_alloc(vstore_t *v, uint32_t cu, uint32_t bytes, int eager, uint32_t *base,
                 uint64_t now)
{
    vs_lds_t *l = &v->lds[cu];
    uint32_t n = (bytes + l->seg_bytes - 1u) / l->seg_bytes, run = 0, s;
    if (n == 0u) {
        *base = 0;
        return 1;
    }
    for (s = 0; s < l->segs; s++) {
        run = l->used[s] ? 0 : run + 1u;
        if (run == n)
            break;
    }
    if (run < n) {
        l->alloc_waits++;
        return 0;
    }
    uint32_t first = s + 1u - n;
    memset(l->used + first, 1, n);
    *base = first * l->seg_bytes;
    l->allocs++;
    l->alloc_bytes += bytes;
    occ_note(&l->occ, l->st.c.valid, now);
    /* an eager block (lds.alloc = eager, or a kernel whose LDS instructions carry no
     * addresses) turns LDS mode at once; the store does that under its EAGER rule */
    xl_ldstx_alloc_t was = l->st.p.alloc;
    if (eager)
        l->st.p.alloc = XL_LDSTX_EAGER;
    xl_ldstx_wg_alloc(&l->st, *base, n * l->seg_bytes);
    l->st.p.alloc = was;
    return 1;
}

void vs_lds_release(vstore_t *v, uint32_t cu, uint32_t base, uint32_t bytes, uint64_t now)
{
    vs_lds_t *l = &v->lds[cu];
    uint32_t n = (bytes + l->seg_bytes - 1u) / l->seg_bytes, first = base / l->seg_bytes;
    for (uint32_t s = first; s < first + n; s++) {
        l->used[s] = 0;
        if (xl_ldstx_scrub(&l->st, s) == 1)   /* [I] the scrub writes at once, in order */
            port_charge(&l->port, now, 1);
    }
}

uint64_t vs_lds_native(vstore_t *v, uint32_t cu, const xl_instr_t *in, uint32_t base,
                       uint32_t bytes, uint8_t *all, uint64_t now)
{
    static const uint8_t zero[256];
    uint8_t buf[256];
    vs_lds_t *l = &v->lds[cu];
    uint32_t cycles = 0;
    if (in->bytes) {
        /* bank conflicts ([I] GCN: 32 banks of 4 B; a half-wavefront of 32 lanes a cycle,
         * which takes as many cycles as the most distinct words one bank serves) */
        int store = in->op == XL_OP_LDS_ST;
        uint32_t lds_bytes = l->segs * l->seg_bytes;
        for (unsigned h = 0; h < XL_MAX_LANES; h += 32u) {
            uint32_t word[32][32];
            uint8_t nw[32] = {0};
            unsigned worst = 0;
            for (unsigned lane = h; lane < h + 32u && lane < XL_MAX_LANES; lane++) {
                if (!((in->mask >> lane) & 1u))
                    continue;
                uint32_t a = base + (uint32_t)in->va[lane];
                if (a >= lds_bytes || in->bytes > lds_bytes - a)
                    continue;   /* outside the LDS: the generator's contract says never */
                if (store)
                    xl_ldstx_app_store(&l->st, a, in->bytes, zero);
                else
                    xl_ldstx_app_load(&l->st, a, in->bytes, buf);
                uint32_t w = a >> 2, b = w & 31u;
                unsigned k;
                for (k = 0; k < nw[b] && word[b][k] != w; k++)
                    ;
                if (k == nw[b] && nw[b] < 32u)
                    word[b][nw[b]++] = w;
                if (nw[b] > worst)
                    worst = nw[b];
            }
            cycles += worst;
        }
    } else {
        uint32_t lanes = (uint32_t)__builtin_popcountll(in->mask);
        cycles = (lanes + 31u) / 32u;   /* conflict-free */
        if (!*all && bytes) {
            *all = 1;
            for (uint32_t a = base; a < base + bytes; a += 256u) {
                uint32_t n = base + bytes - a < 256u ? base + bytes - a : 256u;
                xl_ldstx_app_store(&l->st, a, n, zero);
            }
        }
    }
    if (cycles == 0u)
        return now;
    occ_note(&l->occ, l->st.c.valid, now);
    return port_native(&l->port, now, cycles);
}

uint64_t vs_ifetch(vstore_t *v, const xl_config_t *cfg, uint32_t cu, uint64_t addr,
                   uint64_t now, vs_out_t *out, uint32_t *nout)
{
    vs_ic_t *ic = vs_ic_of(v, cu);
    uint32_t line;
    *nout = 0;
    ic->fetches++;
    uint64_t s = port_native(&ic->port, now, 1);
    if (xl_ictx_ifetch(&ic->st, addr, &line)) {
        uint64_t go = ic->ready[line] > s ? ic->ready[line] : s;
        ic->fwait += go - now;
        return go;
    }
    ic->fmiss++;
    occ_note(&ic->occ, ic->st.c.valid, now);
    xl_ictx_ifill_t r;
    xl_ictx_ifill(&ic->st, addr, &r);
    uint64_t go = s + cfg->icache.tag_latency + cfg->icache.miss_latency;
    ic->ready[r.line] = go;
    ic->fwait += go - now;
    for (uint32_t i = 0; i < r.nfwd; i++) {
        out[i].asid = r.fwd[i].ctx;   /* the model's ASIDs fit the 4-bit context */
        out[i].vpn = r.fwd[i].vpn;
        out[i].frame = frame_of(r.fwd[i].pte);
    }
    *nout = r.nfwd;
    v->flow[VS_F_L2_FWD] += r.nfwd;
    return go;
}

void vs_kernel_start(vstore_t *v, const xl_config_t *cfg, uint32_t app, uint32_t code_id)
{
    uint32_t last = v->last_code[app];
    v->last_code[app] = code_id;
    if (!v->ic_on || cfg->reach.ic_tx != XL_RIC_V4 || last == 0u || last == code_id)
        return;
    v->kflushes++;
    for (uint32_t i = 0; i < v->nic; i++)
        v->kflush_lines += xl_ictx_kflush(&v->ic[i].st);
}

/* ------------------------------------------------------------------ translation side */

void vs_lds_lookup(vstore_t *v, uint32_t cu, uint16_t asid, uint64_t vpn, uint64_t now,
                   vs_look_t *r)
{
    vs_lds_t *l = &v->lds[cu];
    uint32_t seg = (uint32_t)(vpn & (l->segs - 1u));
    uint64_t s;
    r->frame = 0;
    if (xl_ldstx_mode(&l->st, seg) == XL_LDSTX_MODE_LDS) {
        /* the mode bits are flops: one cycle to know, then on to the I-cache (the store
         * counts the skip, no port cycle) */
        xl_ldstx_lookup_t lk;
        xl_ldstx_lookup(&l->st, ctx_of(asid), vpn, &lk);
        l->lk_mode++;
        r->res = VS_LK_SKIP;
        r->done = now + 1u;
        return;
    }
    if (!port_tx(&l->port, now, 1, v->txq, v->max_wait, &s)) {
        if (l->port.npend >= v->txq)
            l->port.byp_full++;
        else
            l->port.byp_wait++;
        r->res = VS_LK_SKIP;
        r->done = now;
        return;
    }
    l->port.lk_wait += s - now;
    occ_note(&l->occ, l->st.c.valid, now);
    xl_ldstx_lookup_t lk;
    xl_ldstx_lookup(&l->st, ctx_of(asid), vpn, &lk);
    r->done = s + v->lds_lat;
    if (lk.res == XL_LDSTX_HIT) {
        l->lk_hit++;
        l->promote++;
        if (lk.wr)   /* the tag word written back (exclusive: the way invalidated) */
            port_charge(&l->port, s + 1u, lk.wr);
        r->res = VS_LK_HIT;
        r->frame = frame_of(lk.pte);
    } else {
        l->lk_miss++;
        r->res = VS_LK_MISS;
    }
}

void vs_ic_lookup(vstore_t *v, uint32_t cu, uint16_t asid, uint64_t vpn, uint64_t now,
                  vs_look_t *r)
{
    vs_ic_t *ic = vs_ic_of(v, cu);
    uint64_t s;
    r->frame = 0;
    if (!port_tx(&ic->port, now, 1, v->txq, v->max_wait, &s)) {
        if (ic->port.npend >= v->txq)
            ic->port.byp_full++;
        else
            ic->port.byp_wait++;
        r->res = VS_LK_SKIP;
        r->done = now;
        return;
    }
    ic->port.lk_wait += s - now;
    occ_note(&ic->occ, ic->st.c.valid, now);
    xl_ictx_lookup_t lk;
    xl_ictx_lookup(&ic->st, ctx_of(asid), vpn, &lk);
    r->done = s + lk.lat;
    switch (lk.res) {
    case XL_ICTX_HIT:
        ic->lk_hit++;
        ic->promote++;
        if (lk.wr)
            port_charge(&ic->port, s + 1u, lk.wr);
        r->res = VS_LK_HIT;
        r->frame = frame_of(lk.pte);
        return;
    case XL_ICTX_MISS_IC: ic->lk_ic++; break;
    case XL_ICTX_MISS_INV: ic->lk_inv++; break;
    default: ic->lk_miss++; break;
    }
    r->res = VS_LK_MISS;
}

/* The I-cache stage of the chain: 1 and *out when the candidate goes on to the L2 TLB. */
static int fill_ic(vstore_t *v, uint32_t cu, uint16_t asid, uint64_t vpn, uint64_t frame,
                   uint64_t now, vs_out_t *out)
{
    vs_ic_t *ic = vs_ic_of(v, cu);
    uint64_t s;
    *out = (vs_out_t){asid, vpn, frame};
    if (!port_tx(&ic->port, now, 2, v->txq, UINT64_MAX, &s)) {
        ic->port.fill_full++;
        v->flow[VS_F_IC_BYP]++;
        return 1;
    }
    occ_note(&ic->occ, ic->st.c.valid, now);
    xl_ictx_fill_t f;
    xl_ictx_fill(&ic->st, ctx_of(asid), vpn, pte_of(frame), &f);
    switch (f.res) {
    case XL_ICTX_INS_VICTIM:
        v->flow[VS_F_IC_EVICT]++;
        *out = (vs_out_t){f.victim.ctx, f.victim.vpn, frame_of(f.victim.pte)};
        return 1;
    case XL_ICTX_INS_BYP_IC:
    case XL_ICTX_INS_BYP_CONFLICT:
        v->flow[VS_F_IC_BYP]++;
        return 1;
    default:
        v->flow[VS_F_IC_IN]++;
        return 0;
    }
}

int vs_fill(vstore_t *v, uint32_t cu, uint16_t asid, uint64_t vpn, uint64_t frame,
            uint64_t now, vs_out_t *out)
{
    *out = (vs_out_t){asid, vpn, frame};
    if (v->ldstx) {
        vs_lds_t *l = &v->lds[cu];
        uint32_t seg = (uint32_t)(vpn & (l->segs - 1u));
        uint64_t s;
        int go_on = 1;
        xl_ldstx_insert_t r;
        if (xl_ldstx_mode(&l->st, seg) == XL_LDSTX_MODE_LDS) {
            xl_ldstx_insert(&l->st, ctx_of(asid), vpn, pte_of(frame), &r);   /* counts it */
            v->flow[VS_F_LDS_BYP]++;
        } else if (!port_tx(&l->port, now, 2, v->txq, UINT64_MAX, &s)) {
            l->port.fill_full++;
            v->flow[VS_F_LDS_BYP]++;
        } else {
            occ_note(&l->occ, l->st.c.valid, now);
            xl_ldstx_insert(&l->st, ctx_of(asid), vpn, pte_of(frame), &r);
            if (r.res == XL_LDSTX_INS_VICTIM) {
                v->flow[VS_F_LDS_EVICT]++;
                *out = (vs_out_t){r.victim.ctx, r.victim.vpn, frame_of(r.victim.pte)};
            } else if (r.res == XL_LDSTX_INS_BYP_CONFLICT) {
                v->flow[VS_F_LDS_BYP]++;
            } else {
                v->flow[VS_F_LDS_FREE]++;
                go_on = 0;
            }
        }
        if (!go_on)
            return 0;
    }
    if (v->ictx && !fill_ic(v, cu, out->asid, out->vpn, out->frame, now, out))
        return 0;
    v->flow[VS_F_L2]++;
    return 1;
}

uint64_t vs_shootdown(vstore_t *v, uint16_t asid, uint64_t vpn)
{
    uint64_t n = 0;
    if (v->ldstx)
        for (uint32_t c = 0; c < v->ncu; c++)
            n += (uint64_t)xl_ldstx_inv(&v->lds[c].st, ctx_of(asid), vpn, NULL, NULL);
    if (v->ictx)
        for (uint32_t i = 0; i < v->nic; i++)
            n += (uint64_t)xl_ictx_inv(&v->ic[i].st, ctx_of(asid), vpn, NULL, NULL);
    v->shot += n;
    return n;
}

/* ------------------------------------------------------------------ sharing (Fig 14a) */

static uint64_t sh_hash(uint64_t k) { return (k * UINT64_C(0x9E3779B97F4A7C15)) >> 20; }

int vs_share_note(vstore_t *v, uint16_t asid, uint64_t vpn, uint32_t cu)
{
    uint64_t key = ((uint64_t)asid << 48) | vpn | (UINT64_C(1) << 63);   /* never 0 */
    if (2u * (v->sh_n + 1u) > v->sh_cap) {
        uint64_t cap = v->sh_cap ? 2u * v->sh_cap : 4096u;
        uint64_t *k2 = calloc(cap, sizeof *k2), *m2 = calloc(cap, sizeof *m2);
        if (!k2 || !m2) {
            free(k2);
            free(m2);
            return XL_EINTERNAL;
        }
        for (uint64_t i = 0; i < v->sh_cap; i++)
            if (v->sh_key[i]) {
                uint64_t h = sh_hash(v->sh_key[i]) & (cap - 1u);
                while (k2[h])
                    h = (h + 1u) & (cap - 1u);
                k2[h] = v->sh_key[i];
                m2[h] = v->sh_mask[i];
            }
        free(v->sh_key);
        free(v->sh_mask);
        v->sh_key = k2;
        v->sh_mask = m2;
        v->sh_cap = cap;
    }
    uint64_t h = sh_hash(key) & (v->sh_cap - 1u);
    while (v->sh_key[h] && v->sh_key[h] != key)
        h = (h + 1u) & (v->sh_cap - 1u);
    if (!v->sh_key[h]) {
        v->sh_key[h] = key;
        v->sh_n++;
    }
    v->sh_mask[h] |= UINT64_C(1) << (cu & 63u);
    return XL_OK;
}

/* ------------------------------------------------------------------ statistics */

/* The histogram of idle gaps between consecutive native accesses at the ports (Figs 4b,
 * 5b), summed over them: PFX.gap_0, _1, _2_3, ..., _ge1024. */
static void gap_stats(const uint64_t gap[VS_GAPS], const char *pfx, const char *fig,
                      xl_stats_t *s)
{
    static const char *const sfx[VS_GAPS] = {"0", "1", "2_3", "4_7", "8_15", "16_31", "32_63",
                                            "64_127", "128_255", "256_511", "512_1023",
                                            "ge1024"};
    static const char *const lbl[VS_GAPS] = {"0", "1", "2-3", "4-7", "8-15", "16-31", "32-63",
                                            "64-127", "128-255", "256-511", "512-1023",
                                            "1024 or more"};
    for (unsigned b = 0; b < VS_GAPS; b++) {
        char name[64], desc[128];
        snprintf(name, sizeof name, "%s.gap_%s", pfx, sfx[b]);
        snprintf(desc, sizeof desc, "native accesses after %s idle port cycles (%s)", lbl[b], fig);
        xl_stats_value(s, name, desc, gap[b]);
    }
}

void vs_stats(const vstore_t *v, uint64_t now, xl_stats_t *s)
{
    if (v->lds_on) {
        uint64_t a[24] = {0};
        for (uint32_t c = 0; c < v->ncu; c++) {
            const vs_lds_t *l = &v->lds[c];
            vs_occ_t o = l->occ;
            occ_note(&o, l->st.c.valid, now);
            a[0] += l->allocs;
            a[1] += l->alloc_bytes;
            a[2] += l->alloc_waits;
            a[3] += l->port.natives;
            a[4] += l->port.native_busy;
            a[5] += l->port.native_wait;
            a[6] += l->port.tx_busy;
            a[7] += l->lk_hit;
            a[8] += l->lk_miss;
            a[9] += l->lk_mode;
            a[10] += l->port.byp_full + l->port.byp_wait;
            a[11] += l->port.fill_full;
            a[12] += l->st.c.lost_app_store + l->st.c.lost_alloc;
            a[13] += l->st.c.scrubs;
            a[14] += l->st.c.app_zero_reads;
            a[15] += l->st.c.valid;
            a[16] += l->st.c.valid_peak;
            a[17] += o.acc;
            a[18] += l->st.c.conflict_rebase;
            a[19] += l->st.c.conflict_bypass;
            a[20] += l->st.c.rebase_dropped;
            a[21] += l->st.c.lds_segs;
            a[22] += l->port.lk_wait;
        }
        xl_stats_value(s, "lds.blocks", "work-group LDS blocks allocated, all CUs", a[0]);
        xl_stats_value(s, "lds.block_bytes", "LDS bytes those blocks asked for", a[1]);
        xl_stats_value(s, "lds.alloc_waits", "dispatches refused for want of LDS space", a[2]);
        xl_stats_value(s, "lds.native_accesses", "LDS instructions at the LDS ports", a[3]);
        xl_stats_value(s, "lds.native_busy", "LDS port cycles of LDS instructions, all CUs", a[4]);
        xl_stats_value(s, "lds.native_wait", "cycles LDS instructions waited for the port", a[5]);
        xl_stats_value(s, "lds.segs_lds_mode", "LDS segments in LDS mode at the end, all CUs", a[21]);
        uint64_t gap[VS_GAPS] = {0};
        for (uint32_t c = 0; c < v->ncu; c++)
            for (unsigned b = 0; b < VS_GAPS; b++)
                gap[b] += v->lds[c].port.gap[b];
        gap_stats(gap, "lds", "MICRO'21 Fig 4b", s);
        if (v->ldstx) {
            xl_stats_value(s, "lds_tx.port_busy", "LDS port cycles of translation operations", a[6]);
            xl_stats_value(s, "lds_tx.hits", "L1 TLB misses that hit in the LDS (promoted)", a[7]);
            xl_stats_value(s, "lds_tx.misses", "L1 TLB misses looked up in a Tx segment, missed", a[8]);
            xl_stats_value(s, "lds_tx.lds_mode", "L1 TLB misses whose segment was in LDS mode", a[9]);
            xl_stats_value(s, "lds_tx.port_wait", "cycles lookups waited for the LDS port", a[22]);
            xl_stats_value(s, "lds_tx.port_bypass", "lookups that skipped the LDS: port queue full or too long a wait", a[10]);
            xl_stats_value(s, "lds_tx.fill_full", "fills that found the LDS port queue full", a[11]);
            xl_stats_value(s, "lds_tx.lost_app", "translations lost to application stores and eager blocks", a[12]);
            xl_stats_value(s, "lds_tx.scrubs", "released LDS segments scrubbed back to Tx mode", a[13]);
            xl_stats_value(s, "lds_tx.zero_reads", "application loads of Tx segments (read as zero)", a[14]);
            xl_stats_value(s, "lds_tx.conflict_rebase", "compression conflicts that rebased a segment", a[18]);
            xl_stats_value(s, "lds_tx.conflict_bypass", "compression conflicts that bypassed the LDS", a[19]);
            xl_stats_value(s, "lds_tx.rebase_dropped", "translations dropped by rebases", a[20]);
            xl_stats_value(s, "lds_tx.valid", "translations held at the end, all CUs", a[15]);
            xl_stats_value(s, "lds_tx.valid_peak", "sum over CUs of each LDS's most translations (Fig 15)", a[16]);
            xl_stats_ratio(s, "lds_tx.valid_avg", "translations held, time-weighted mean, all CUs (Fig 15)", a[17], now, 1);
        }
    }
    if (v->ic_on) {
        uint64_t a[24] = {0};
        for (uint32_t i = 0; i < v->nic; i++) {
            const vs_ic_t *ic = &v->ic[i];
            vs_occ_t o = ic->occ;
            occ_note(&o, ic->st.c.valid, now);
            a[0] += ic->fetches;
            a[1] += ic->fmiss;
            a[2] += ic->fwait;
            a[3] += ic->st.c.ifill_tx_evict;
            a[4] += ic->st.c.fill_ic_evict;
            a[5] += ic->st.c.ic_lines_peak;
            a[6] += ic->port.native_busy;
            a[7] += ic->port.tx_busy;
            a[8] += ic->lk_hit;
            a[9] += ic->lk_miss;
            a[10] += ic->lk_ic;
            a[11] += ic->lk_inv;
            a[12] += ic->port.byp_full + ic->port.byp_wait;
            a[13] += ic->port.fill_full;
            a[14] += ic->st.c.valid;
            a[15] += ic->st.c.valid_peak;
            a[16] += o.acc;
            a[17] += ic->st.c.conflict_rebase;
            a[18] += ic->st.c.conflict_bypass;
            a[19] += ic->st.c.rebase_dropped;
            a[20] += ic->st.c.ifill_tx_dropped;
            a[21] += ic->st.c.ic_lines;
            a[22] += ic->port.lk_wait;
        }
        xl_stats_value(s, "icache.fetches", "instruction line fetches, all I-caches", a[0]);
        xl_stats_value(s, "icache.misses", "instruction fetches that missed", a[1]);
        xl_stats_value(s, "icache.fetch_wait", "cycles wavefronts waited for instruction lines", a[2]);
        xl_stats_value(s, "icache.ic_lines", "lines holding instructions at the end, all I-caches", a[21]);
        xl_stats_value(s, "icache.ic_lines_peak", "sum over I-caches of each one's most instruction lines", a[5]);
        xl_stats_value(s, "icache.port_busy", "I-cache port cycles of instruction fetches", a[6]);
        uint64_t gap[VS_GAPS] = {0};
        for (uint32_t i = 0; i < v->nic; i++)
            for (unsigned b = 0; b < VS_GAPS; b++)
                gap[b] += v->ic[i].port.gap[b];
        gap_stats(gap, "icache", "MICRO'21 Fig 5b", s);
        xl_stats_value(s, "icache.kflushes", "kernel-boundary flushes (reach.ic_tx = v4)", v->kflushes);
        xl_stats_value(s, "icache.kflush_lines", "instruction lines those flushes invalidated (x 64 B freed)", v->kflush_lines);
        if (v->ictx) {
            xl_stats_value(s, "ic_tx.port_busy", "I-cache port cycles of translation operations", a[7]);
            xl_stats_value(s, "ic_tx.hits", "L1 TLB misses that hit in the I-cache (promoted)", a[8]);
            xl_stats_value(s, "ic_tx.misses", "lookups in a Tx line that missed", a[9]);
            xl_stats_value(s, "ic_tx.line_ic", "lookups whose line held instructions", a[10]);
            xl_stats_value(s, "ic_tx.line_invalid", "lookups whose line was invalid", a[11]);
            xl_stats_value(s, "ic_tx.port_wait", "cycles lookups waited for the I-cache port", a[22]);
            xl_stats_value(s, "ic_tx.port_bypass", "lookups that skipped the I-cache: port queue full or too long a wait", a[12]);
            xl_stats_value(s, "ic_tx.fill_full", "fills that found the I-cache port queue full", a[13]);
            xl_stats_value(s, "ic_tx.tx_lines_evicted", "Tx lines instruction fills evicted", a[3]);
            xl_stats_value(s, "ic_tx.tx_dropped", "translations those evictions dropped", a[20]);
            xl_stats_value(s, "ic_tx.ic_lines_evicted", "instruction lines translation fills evicted (v2)", a[4]);
            xl_stats_value(s, "ic_tx.conflict_rebase", "compression conflicts that rebased a line", a[17]);
            xl_stats_value(s, "ic_tx.conflict_bypass", "compression conflicts that bypassed the I-cache", a[18]);
            xl_stats_value(s, "ic_tx.rebase_dropped", "translations dropped by rebases", a[19]);
            xl_stats_value(s, "ic_tx.valid", "translations held at the end, all I-caches", a[14]);
            xl_stats_value(s, "ic_tx.valid_peak", "sum over I-caches of each one's most translations (Fig 15)", a[15]);
            xl_stats_ratio(s, "ic_tx.valid_avg", "translations held, time-weighted mean, all I-caches (Fig 15)", a[16], now, 1);
        }
    }
    if (v->ldstx || v->ictx) {
        xl_stats_value(s, "reach.shootdown_copies", "copies shootdowns dropped from the LDS and I-cache stores", v->shot);
        static const char *const fname[VS_NFLOWS] = {
            "reach.flow_lds_free", "reach.flow_lds_evict", "reach.flow_lds_bypass",
            "reach.flow_ic_in", "reach.flow_ic_evict", "reach.flow_ic_bypass",
            "reach.flow_l2", "reach.flow_l2_fwd"};
        static const char *const fdesc[VS_NFLOWS] = {
            "L1 victims into a free LDS way (Fig 12: 1-2-4)",
            "L1 victims into the LDS evicting one (4-5-6)",
            "chain candidates passing the LDS: LDS mode, port full or conflict (3-6)",
            "candidates into the I-cache without a victim (6-7-8)",
            "candidates into the I-cache evicting one to the L2 TLB (8-10-11)",
            "candidates passing the I-cache: IC mode, port full or conflict (7-9-10)",
            "translations the chain inserted into the L2 TLB (10-11)",
            "translations of Tx lines evicted by instruction fills, to the L2 TLB"};
        for (unsigned f = 0; f < VS_NFLOWS; f++)
            xl_stats_value(s, fname[f], fdesc[f], v->flow[f]);
    }
    if (v->sh_cap) {
        uint64_t two = 0, all = 0, full = v->ncu >= 64 ? ~UINT64_C(0)
                                                       : (UINT64_C(1) << v->ncu) - 1u;
        for (uint64_t i = 0; i < v->sh_cap; i++)
            if (v->sh_key[i]) {
                two += (v->sh_mask[i] & (v->sh_mask[i] - 1u)) != 0;
                all += v->sh_mask[i] == full;
            }
        xl_stats_value(s, "reach.pages", "distinct pages looked up in the L1 TLBs", v->sh_n);
        xl_stats_value(s, "reach.pages_shared", "of them, looked up by two CUs or more (Fig 14a)", two);
        xl_stats_value(s, "reach.pages_all_cus", "of them, looked up by every CU", all);
    }
}

void vs_waits(const vstore_t *v, FILE *f)
{
    if (v->lds_on)
        for (uint32_t c = 0; c < v->ncu; c++)
            fprintf(f, "  cu %u: LDS port free at %llu, %u translation operations queued\n", c,
                    (unsigned long long)v->lds[c].port.free_at, v->lds[c].port.npend);
    if (v->ic_on)
        for (uint32_t i = 0; i < v->nic; i++)
            fprintf(f, "  I-cache %u: port free at %llu, %u translation operations queued\n", i,
                    (unsigned long long)v->ic[i].port.free_at, v->ic[i].port.npend);
}
