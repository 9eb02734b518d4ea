/*
 * coalesce.c - twin block "xl_coalesce" of coalesce.h: the PL/PA/CL fields of the IOMMU
 * buffer and the neighbourhood scan of MICRO'18 §III-IV (docs/isca18-micro18.md §3.3 E1-E3,
 * §3.5 variants, §8 items 7-8). The comb/step split and every tie rule are written in
 * coalesce.h; the RTL module xl_coalesce.sv follows the same text.
 */
#include "xlat/coalesce.h"
#include "xlat/pagetable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NIL UINT32_MAX

static void set_err(char *err, size_t errlen, const char *msg)
{
    if (err != NULL && errlen > 0u)
        snprintf(err, errlen, "coalesce: %s", msg);
}

int xl_co_level_on(xl_co_mode_t mode, unsigned level)
{
    return level == 1u ? (mode & XL_CO_LEAF) != 0 : (mode & XL_CO_UPPER) != 0;
}

/* Same line at level L: VA bits 47 .. 15 + 9(L-1) equal (docs/isca18-micro18.md §1.3 neighbourhoods). */
int xl_co_nbr(uint64_t a, uint64_t b, unsigned level)
{
    return (((a ^ b) & XL_VA_MASK) >> xl_co_nbr_shift(level)) == 0u;
}

/* Key of va's level-lv neighbourhood: VA[47:S] << 3 | L (S as in xl_co_nbr). L >= 1
 * keeps a key non-zero. */
static inline uint64_t nbr_key(uint64_t va, unsigned lv)
{
    return ((va & XL_VA_MASK) >> xl_co_nbr_shift(lv)) << 3 | lv;
}

/* Key of a PWST entry's neighbourhood for an enabled level, 0 when it blocks nothing. */
uint64_t xl_co_pwst_key(xl_co_mode_t mode, const xl_pwst_t *pw)
{
    unsigned lv = pw->level;
    if (!pw->valid || !xl_co_level_on(mode, lv))
        return 0u;
    return nbr_key(pw->va, lv);
}

static unsigned key_shift(uint64_t key)
{
    return xl_co_nbr_shift((unsigned)(key & 7u));
}

/* ------------------------------------------------------------ neighbourhood index
 * Derived state (coalesce.h, ix): per enabled level, the valid slots grouped by their
 * neighbourhood key, a group being a list of slots reached through a hash of the key. The
 * edge adds a slot when it becomes valid and removes it when it leaves; the order of a
 * group's list is irrelevant because its users only set bits of a bitmap. */

static uint32_t ix_hash(const xl_co_index_t *x, uint64_t key)
{
    return (uint32_t)((key * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & x->bmask;
}

/* The group of neighbourhood `key` (an enabled level), NIL when no valid slot is in it. */
static uint32_t ix_find(const xl_co_index_t *x, uint64_t key)
{
    uint32_t g;
    for (g = x->bucket[ix_hash(x, key)]; g != NIL; g = x->grp[g].hnext)
        if (x->grp[g].key == key)
            return g;
    return NIL;
}

/* Valid slot s (va[s] written) joins its neighbourhood at every enabled level. */
static void ix_add(xl_coalesce_t *c, uint32_t s)
{
    unsigned lv;
    for (lv = 1u; lv <= 4u; lv++) {
        xl_co_index_t *x = &c->ix[lv - 1u];
        uint64_t key = nbr_key(c->va[s], lv);
        uint32_t g;
        if (x->grp == NULL)
            continue;
        g = ix_find(x, key);
        if (g == NIL) {   /* a free group always exists: groups <= valid slots <= slots */
            uint32_t h = ix_hash(x, key);
            g = x->gfree;
            x->gfree = x->grp[g].hnext;
            x->grp[g].key = key;
            x->grp[g].first = NIL;
            x->grp[g].hnext = x->bucket[h];
            x->bucket[h] = g;
        }
        x->link[s].grp = g;
        x->link[s].prev = NIL;
        x->link[s].next = x->grp[g].first;
        if (x->grp[g].first != NIL)
            x->link[x->grp[g].first].prev = s;
        x->grp[g].first = s;
    }
}

/* Valid slot s leaves its neighbourhoods; a group left empty is freed. */
static void ix_del(xl_coalesce_t *c, uint32_t s)
{
    unsigned lv;
    for (lv = 1u; lv <= 4u; lv++) {
        xl_co_index_t *x = &c->ix[lv - 1u];
        const xl_co_link_t *k = &x->link[s];
        xl_co_grp_t *gr;
        if (x->grp == NULL)
            continue;
        gr = &x->grp[k->grp];
        if (k->prev != NIL)
            x->link[k->prev].next = k->next;
        else
            gr->first = k->next;
        if (k->next != NIL)
            x->link[k->next].prev = k->prev;
        if (gr->first == NIL) {
            uint32_t *p = &x->bucket[ix_hash(x, gr->key)];
            while (*p != k->grp)
                p = &x->grp[*p].hnext;
            *p = gr->hnext;
            gr->key = 0u;
            gr->hnext = x->gfree;
            x->gfree = k->grp;
        }
    }
}

/* Slot s leaves the buffer (the index only if it was valid); PL cleared. */
static void slot_leave(xl_coalesce_t *c, uint32_t s)
{
    uint64_t bit = UINT64_C(1) << (s & 63u);
    if (c->valid[s >> 6] & bit) {
        ix_del(c, s);
        c->valid[s >> 6] &= ~bit;
    }
    c->pl[s] = 0u;
}

/* Bitmap (words of `bits`) of the valid slots inside the neighbourhood `key` (!= 0, an
 * enabled level): the members of its group. */
static void nbr_slots(const xl_coalesce_t *c, uint64_t key, uint64_t *bits)
{
    const xl_co_index_t *x = &c->ix[(key & 7u) - 1u];
    uint32_t g = ix_find(x, key), s;
    if (g == NIL)
        return;
    for (s = x->grp[g].first; s != NIL; s = x->link[s].next)
        bits[s >> 6] |= UINT64_C(1) << (s & 63u);
}

int xl_coalesce_cl(const xl_coalesce_t *c, const xl_pwst_t *pwst, uint64_t va)
{
    uint32_t w;
    for (w = 0; w < c->p.walkers; w++)
        if (pwst[w].valid && xl_co_level_on(c->p.mode, pwst[w].level) &&
            xl_co_nbr(va, pwst[w].va, pwst[w].level))
            return 1;
    return 0;
}

int xl_coalesce_init(xl_coalesce_t *c, const xl_co_params_t *p, char *err, size_t errlen)
{
    unsigned lv;
    memset(c, 0, sizeof *c);
    if (p == NULL || p->slots == 0u || p->walkers == 0u) {
        set_err(err, errlen, "slots and walkers must be at least 1");
        return XL_EINPUT;
    }
    if ((unsigned)p->mode > (unsigned)XL_CO_BOTH) {
        set_err(err, errlen, "mode is not off, leaf, upper or both");
        return XL_EINPUT;
    }
    if (p->scan_pipe > 1u) {
        set_err(err, errlen, "scan_pipe must be 0 or 1");
        return XL_EINPUT;
    }
    c->p = *p;
    c->words = (p->slots + 63u) / 64u;
    c->valid = calloc(c->words, sizeof *c->valid);
    c->va = calloc(p->slots, sizeof *c->va);
    c->pl = calloc(p->slots, sizeof *c->pl);
    c->pa = calloc(p->slots, sizeof *c->pa);
    c->moved = calloc(p->slots, sizeof *c->moved);
    c->nb_key = calloc(p->walkers, sizeof *c->nb_key);
    c->nb_slots = calloc((size_t)p->walkers * c->words, sizeof *c->nb_slots);
    c->nb_pw = calloc(p->walkers, sizeof *c->nb_pw);
    c->cl_all = calloc(c->words, sizeof *c->cl_all);
    c->pend = calloc(c->words, sizeof *c->pend);
    if (!c->valid || !c->va || !c->pl || !c->pa || !c->moved || !c->nb_key || !c->nb_slots ||
        !c->nb_pw || !c->cl_all || !c->pend) {
        xl_coalesce_free(c);
        set_err(err, errlen, "out of memory");
        return XL_EINTERNAL;
    }
    for (lv = 1u; lv <= 4u; lv++) {
        xl_co_index_t *x = &c->ix[lv - 1u];
        uint32_t nb = 1u;
        if (!xl_co_level_on(p->mode, lv))
            continue;
        while (nb < 2u * p->slots)   /* load factor at most 1/2 */
            nb <<= 1;
        x->bmask = nb - 1u;
        x->grp = calloc(p->slots, sizeof *x->grp);
        x->link = calloc(p->slots, sizeof *x->link);
        x->bucket = calloc(nb, sizeof *x->bucket);
        if (!x->grp || !x->link || !x->bucket) {
            xl_coalesce_free(c);
            set_err(err, errlen, "out of memory");
            return XL_EINTERNAL;
        }
    }
    xl_coalesce_reset(c);
    return XL_OK;
}

void xl_coalesce_free(xl_coalesce_t *c)
{
    unsigned lv;
    if (c == NULL)
        return;
    free(c->valid);
    free(c->va);
    free(c->pl);
    free(c->pa);
    free(c->moved);
    free(c->nb_key);
    free(c->nb_slots);
    free(c->nb_pw);
    free(c->cl_all);
    free(c->pend);
    c->nb_pw = NULL;
    c->cl_all = NULL;
    c->pend = NULL;
    for (lv = 0; lv < 4u; lv++) {
        free(c->ix[lv].grp);
        free(c->ix[lv].link);
        free(c->ix[lv].bucket);
        c->ix[lv].grp = NULL;
        c->ix[lv].link = NULL;
        c->ix[lv].bucket = NULL;
    }
    c->nb_key = NULL;
    c->nb_slots = NULL;
    c->valid = NULL;
    c->va = NULL;
    c->pl = NULL;
    c->pa = NULL;
    c->moved = NULL;
}

void xl_coalesce_reset(xl_coalesce_t *c)
{
    unsigned lv;
    if (c->valid == NULL)
        return;
    memset(c->valid, 0, c->words * sizeof *c->valid);
    memset(c->va, 0, c->p.slots * sizeof *c->va);
    memset(c->pl, 0, c->p.slots * sizeof *c->pl);
    memset(c->pa, 0, c->p.slots * sizeof *c->pa);
    c->scans = c->leaf_done = c->scan_drops = 0u;
    memset(c->upper_set, 0, sizeof c->upper_set);
    memset(c->pend, 0, c->words * sizeof *c->pend);
    c->sl_level = 0u;
    c->lane_used = 0u;
    c->drained = 0u;
    c->sl_va = 0u;
    memset(c->sl_line, 0, sizeof c->sl_line);
    c->nmoved = 0u;
    memset(c->nb_key, 0, c->p.walkers * sizeof *c->nb_key);
    memset(c->nb_slots, 0, (size_t)c->p.walkers * c->words * sizeof *c->nb_slots);
    memset(c->cl_all, 0, c->words * sizeof *c->cl_all);
    c->nb_pw_ok = 0u;
    for (lv = 0; lv < 4u; lv++) {   /* no valid slot: every group free */
        xl_co_index_t *x = &c->ix[lv];
        uint32_t g;
        if (x->grp == NULL)
            continue;
        for (g = 0; g <= x->bmask; g++)
            x->bucket[g] = NIL;
        for (g = 0; g < c->p.slots; g++) {
            x->grp[g].key = 0u;
            x->grp[g].hnext = g + 1u < c->p.slots ? g + 1u : NIL;
        }
        x->gfree = 0u;
    }
}

void xl_coalesce_resume(const xl_coalesce_t *c, uint32_t slot, unsigned *pl, xl_pa_t *pa)
{
    *pl = c->pl[slot];
    *pa = c->pl[slot] != 0u ? c->pa[slot] : 0u;   /* a node only with a resume point */
}

/* What the scan of a level-lv line (the walker's VA line_va, entries line[]) does to slot
 * s: 0 nothing, 1 leaf completion (frame/shift/lane set), 2 upper resume point (frame
 * set). */
static int scan_one(const xl_coalesce_t *c, unsigned lv, uint64_t line_va, const uint64_t *line,
                    uint32_t s, xl_pa_t *frame, unsigned *shift, unsigned *lane)
{
    unsigned idx;
    uint64_t e;
    if (!xl_co_nbr(c->va[s], line_va, lv))
        return 0;
    idx = xl_pt_index(c->va[s], lv) & 7u;
    e = line[idx];
    if (!(e & XL_PTE_P))
        return 0;   /* a fault is the request's own walk's business */
    if (lv == 1u || (lv == 2u && (e & XL_PTE_PS))) {
        *lane = idx;
        *shift = lv == 1u ? XL_PAGE_SHIFT_4K : XL_PAGE_SHIFT_2M;
        *frame = lv == 1u ? xl_pte_frame(e) : xl_pte_frame(e) & ~(XL_PAGE_2M - 1u);
        return 1;
    }
    if (c->pl[s] != 0u && lv >= c->pl[s])
        return 0;   /* the resume point only moves down */
    *frame = xl_pte_frame(e);
    return 2;
}

/* Is pwst the PWST the last edge keyed the walkers' bitmaps by? (Compared as bytes: a
 * difference in padding only costs the slow path.) */
static int pwst_seen(const xl_coalesce_t *c, const xl_pwst_t *pwst)
{
    return pwst != NULL && c->nb_pw_ok &&
           memcmp(pwst, c->nb_pw, c->p.walkers * sizeof *pwst) == 0;
}

/* Candidates for the scan of this cycle's line, valid slots only: the last edge's bitmap of
 * the line's neighbourhood, which is the PWST key of the walker that read it (so some
 * walker normally holds it), or NULL (every valid slot) when no walker does. Slots that
 * became valid since are never in the neighbourhood's bitmap, but the edge writes the
 * arrival only after its scan. */
static const uint64_t *line_cand(const xl_coalesce_t *c, const xl_co_in_t *in)
{
    uint64_t k = nbr_key(in->line_va, in->line_level);
    uint32_t w;
    for (w = 0; w < c->p.walkers; w++)
        if (c->nb_key[w] == k)
            return c->nb_slots + (size_t)w * c->words;
    return NULL;
}

/* scan_pipe 1: the lowest pending slot (cur) and what the kept line does to it. */
typedef struct {
    uint32_t s;          /* the slot */
    int r;               /* scan_one's answer */
    xl_pa_t frame;
    unsigned shift, lane;
    int fire;            /* a completion this cycle */
    int stall;           /* a completion that waits: its lane is busy */
} co_cur_t;

int xl_coalesce_draining(const xl_coalesce_t *c)
{
    uint32_t w;
    for (w = 0; w < c->words; w++)
        if (c->pend[w] != 0u)
            return 1;
    return 0;
}

static int drain_cur(const xl_coalesce_t *c, uint8_t lane_busy, co_cur_t *k)
{
    uint32_t w;
    int cpl;
    for (w = 0; w < c->words && c->pend[w] == 0u; w++)
        ;
    if (w == c->words)
        return 0;
    k->s = 64u * w + xl_ctz64(c->pend[w]);
    k->frame = 0u;
    k->shift = k->lane = 0u;
    k->r = scan_one(c, c->sl_level, c->sl_va, c->sl_line, k->s, &k->frame, &k->shift, &k->lane);
    cpl = k->r == 1 && k->lane != (xl_pt_index(c->sl_va, c->sl_level) & 7u) &&
          !((c->lane_used >> k->lane) & 1u);
    k->fire = cpl && !((lane_busy >> k->lane) & 1u);
    k->stall = cpl && !k->fire;
    return 1;
}

void xl_coalesce_comb(const xl_coalesce_t *c, const xl_co_in_t *in, xl_co_out_t *out)
{
    uint32_t w, s;
    int scan = in->line_valid && xl_co_level_on(c->p.mode, in->line_level);
    unsigned own = scan ? xl_pt_index(in->line_va, in->line_level) & 7u : 8u;
    uint64_t *bl = out->blocked, *kl = out->kill, arr_va = in->arr_va & XL_VA_MASK;

    memset(out, 0, sizeof *out);
    out->blocked = bl;
    out->kill = kl;
    if (bl)
        memset(bl, 0, c->words * sizeof *bl);
    if (kl)
        memset(kl, 0, c->words * sizeof *kl);
    if (c->p.mode == XL_CO_OFF)
        return;
    /* CL (E3.1): OR over the walkers of the valid slots in each one's neighbourhood. With
     * the PWST the last edge saw, every key is the recorded one and the OR is cl_all;
     * otherwise a walker whose PWST key is the one the last edge recorded reuses that
     * bitmap, another one collects its neighbourhood. Slots that left since are masked
     * off by valid[] below. */
    if (pwst_seen(c, in->pwst)) {
        for (w = 0; w < c->p.walkers; w++) {
            uint64_t k = c->nb_key[w];
            if (k != 0u && (arr_va >> key_shift(k)) == k >> 3)
                out->arr_blocked = 1u;
        }
        if (bl)
            for (s = 0; s < c->words; s++)
                bl[s] = c->cl_all[s];
    } else for (w = 0; w < c->p.walkers; w++) {
        uint64_t k = xl_co_pwst_key(c->p.mode, &in->pwst[w]);
        if (k == 0u)
            continue;
        if ((arr_va >> key_shift(k)) == k >> 3)
            out->arr_blocked = 1u;
        if (bl == NULL)
            continue;
        if (k == c->nb_key[w]) {
            const uint64_t *nb = c->nb_slots + (size_t)w * c->words;
            for (s = 0; s < c->words; s++)
                bl[s] |= nb[s];
        } else {
            nbr_slots(c, k, bl);
        }
    }
    if (bl)
        for (s = 0; s < c->words; s++)
            bl[s] = (bl[s] | c->pend[s]) & c->valid[s];   /* pend: scan_pipe 1 only */
    if (c->p.scan_pipe) {
        /* the drain: the lowest pending slot against the kept line */
        co_cur_t k;
        if (drain_cur(c, in->lane_busy, &k) && k.fire) {
            out->cpl_valid[k.lane] = 1u;
            out->cpl_slot[k.lane] = k.s;
            out->cpl_frame[k.lane] = k.frame;
            out->cpl_shift[k.lane] = (uint8_t)k.shift;
            if (kl)
                kl[k.s >> 6] |= UINT64_C(1) << (k.s & 63u);
        }
        return;
    }
    /* Scan (E2.2) for leaf completions: only an L1 line, or an L2 line with PS entries,
     * completes requests, so no other line is scanned here (step does the upper part). */
    if (scan && kl && in->line_level <= 2u) {
        unsigned sh = xl_co_nbr_shift(in->line_level);
        uint64_t hi = (in->line_va & XL_VA_MASK) >> sh;
        const uint64_t *cand = line_cand(c, in);
        for (w = 0; w < c->words; w++) {
            uint64_t v = c->valid[w] & (cand != NULL ? cand[w] : ~UINT64_C(0));
            while (v) {
                xl_pa_t frame;
                unsigned shift = 0, lane = 0;
                s = 64u * w + xl_ctz64(v);
                v &= v - 1u;
                if ((c->va[s] >> sh) != hi)
                    continue;   /* not a neighbour: scan_one would return 0 */
                if (scan_one(c, in->line_level, in->line_va, in->line, s, &frame, &shift,
                             &lane) == 1 && lane != own &&
                    !out->cpl_valid[lane]) {
                    out->cpl_valid[lane] = 1u;
                    out->cpl_slot[lane] = s;
                    out->cpl_frame[lane] = frame;
                    out->cpl_shift[lane] = (uint8_t)shift;
                    kl[w] |= UINT64_C(1) << (s & 63u);
                }
            }
        }
    }
}

/* scan_pipe 1's edge, before the arrival: the departure, cur's completion or resume
 * point, and the pending set (a new line's, when nothing else stays pending). */
static void drain_commit(xl_coalesce_t *c, const xl_co_in_t *in)
{
    co_cur_t k;
    int have = drain_cur(c, in->lane_busy, &k);
    int scan = in->line_valid && xl_co_level_on(c->p.mode, in->line_level);
    int accept = 0;
    uint32_t w, s;
    c->drained = (uint8_t)have;
    if (have && !k.stall)
        c->pend[k.s >> 6] &= ~(UINT64_C(1) << (k.s & 63u));
    if (scan && !xl_coalesce_draining(c)) {
        /* the slots the line acts on, from the state before the edge: a leaf off the
         * walker's own lane, or a resume point that moves (scan_one) */
        unsigned own = xl_pt_index(in->line_va, in->line_level) & 7u;
        const uint64_t *cand = line_cand(c, in);
        accept = 1;
        for (w = 0; w < c->words; w++) {
            uint64_t v = c->valid[w] & (cand != NULL ? cand[w] : ~UINT64_C(0));
            while (v) {
                xl_pa_t frame;
                unsigned shift, lane;
                int r;
                s = 64u * w + xl_ctz64(v);
                v &= v - 1u;
                r = scan_one(c, in->line_level, in->line_va, in->line, s, &frame, &shift, &lane);
                if ((r == 1 && lane != own) || r == 2)
                    c->pend[w] |= UINT64_C(1) << (s & 63u);
            }
        }
    }
    if (in->disp_valid)
        slot_leave(c, in->disp_slot);
    if (have && k.fire) {
        slot_leave(c, k.s);
        c->leaf_done++;
        c->lane_used |= (uint8_t)(1u << k.lane);
    }
    if (have && k.r == 2 && ((c->valid[k.s >> 6] >> (k.s & 63u)) & 1u)) {
        c->pl[k.s] = c->sl_level;
        c->pa[k.s] = k.frame;
        c->upper_set[c->sl_level]++;
        c->moved[c->nmoved++] = k.s;
    }
    for (w = 0; w < c->words; w++)   /* the departed and the completed */
        c->pend[w] &= c->valid[w];
    if (in->arr_valid)
        c->pend[in->arr_slot >> 6] &= ~(UINT64_C(1) << (in->arr_slot & 63u));
    if (accept) {
        c->drained = 1u;
        c->scans++;
        c->sl_level = in->line_level;
        c->sl_va = in->line_va;
        memcpy(c->sl_line, in->line, sizeof c->sl_line);
        c->lane_used = 0u;
    } else if (scan) {
        c->scan_drops++;
    }
}

/* scan_pipe 0's edge, before the arrival: the departure, the completions and this cycle's
 * upper updates (over the slots still valid). */
static void now_commit(xl_coalesce_t *c, const xl_co_in_t *in, const xl_co_out_t *out)
{
    uint32_t w, s, i;
    if (in->disp_valid)
        slot_leave(c, in->disp_slot);
    for (i = 0; i < XL_CO_LANES; i++)
        if (out->cpl_valid[i]) {
            slot_leave(c, out->cpl_slot[i]);
            c->leaf_done++;
        }
    if (in->line_valid && xl_co_level_on(c->p.mode, in->line_level)) {
        c->scans++;
        const uint64_t *cand = in->line_level > 1u ? line_cand(c, in) : NULL;
        if (in->line_level > 1u)
            for (w = 0; w < c->words; w++) {
                uint64_t v = c->valid[w] & (cand != NULL ? cand[w] : ~UINT64_C(0));
                while (v) {
                    xl_pa_t frame;
                    unsigned shift, lane;
                    s = 64u * w + xl_ctz64(v);
                    v &= v - 1u;
                    if (scan_one(c, in->line_level, in->line_va, in->line, s, &frame, &shift,
                                 &lane) == 2) {
                        c->pl[s] = in->line_level;
                        c->pa[s] = frame;
                        c->upper_set[in->line_level]++;
                        c->moved[c->nmoved++] = s;
                    }
                }
            }
    }
}

void xl_coalesce_commit(xl_coalesce_t *c, const xl_co_in_t *in, const xl_co_out_t *out)
{
    uint32_t w, s;
    c->nmoved = 0u;
    if (c->p.scan_pipe)
        drain_commit(c, in);
    else
        now_commit(c, in, out);
    if (in->arr_valid) {
        s = in->arr_slot;
        slot_leave(c, s);   /* a slot overwritten while valid leaves its old neighbourhoods */
        c->valid[s >> 6] |= UINT64_C(1) << (s & 63u);
        c->va[s] = in->arr_va & XL_VA_MASK;
        c->pa[s] = 0u;
        ix_add(c, s);
    }
    /* derived state: each walker's neighbourhood bitmap over the slots after this edge,
     * keyed by the PWST entry of this cycle (the next comb reuses it while it holds), and
     * their OR. With the PWST of the last edge every key holds and only the arrival's bit
     * (a slot that may hold a stale bit) is assigned. */
    if (pwst_seen(c, in->pwst)) {
        if (in->arr_valid) {
            uint32_t a = in->arr_slot;
            uint64_t bit = UINT64_C(1) << (a & 63u), any = 0u;
            for (w = 0; w < c->p.walkers; w++) {
                uint64_t k = c->nb_key[w], *nb = c->nb_slots + (size_t)w * c->words;
                if (k == 0u)
                    continue;   /* its bitmap is empty */
                if ((c->va[a] >> key_shift(k)) == k >> 3) {
                    nb[a >> 6] |= bit;
                    any = bit;
                } else {
                    nb[a >> 6] &= ~bit;
                }
            }
            c->cl_all[a >> 6] = (c->cl_all[a >> 6] & ~bit) | any;
        }
        return;
    }
    for (w = 0; w < c->p.walkers; w++) {
        uint64_t k = in->pwst != NULL ? xl_co_pwst_key(c->p.mode, &in->pwst[w]) : 0u;
        uint64_t *nb = c->nb_slots + (size_t)w * c->words;
        if (k != c->nb_key[w] || in->pwst == NULL) {
            uint32_t j;
            c->nb_key[w] = k;
            memset(nb, 0, c->words * sizeof *nb);
            for (j = 0; j < w && k != 0u && c->nb_key[j] != k; j++)
                ;
            if (k != 0u && j < w)   /* walker j (already brought up to date) has this key */
                memcpy(nb, c->nb_slots + (size_t)j * c->words, c->words * sizeof *nb);
            else if (k != 0u)
                nbr_slots(c, k, nb);
        } else if (k != 0u && in->arr_valid) {
            uint32_t a = in->arr_slot;   /* the slot may hold a stale bit: assign it */
            uint64_t bit = UINT64_C(1) << (a & 63u);
            if ((c->va[a] >> key_shift(k)) == k >> 3)
                nb[a >> 6] |= bit;
            else
                nb[a >> 6] &= ~bit;
        }
    }
    memset(c->cl_all, 0, c->words * sizeof *c->cl_all);
    for (w = 0; w < c->p.walkers; w++)
        for (s = 0; s < c->words; s++)
            c->cl_all[s] |= c->nb_slots[(size_t)w * c->words + s];
    c->nb_pw_ok = in->pwst != NULL;
    if (in->pwst != NULL)
        memcpy(c->nb_pw, in->pwst, c->p.walkers * sizeof *c->nb_pw);
}
