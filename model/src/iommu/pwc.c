/*
 * pwc.c - the IOMMU page-walk caches of pwc.h: one set-associative, tree-PLRU cache
 * per upper page-table level (L4, L3, L2), each entry with a 2-bit saturating pending
 * counter and counter-aware replacement (docs/isca18-micro18.md §1.4 walk cost, §2.6
 * reservation counters and replacement, §8 item 4).
 *
 * Entry of level L: tag = VA[47 : 12+9(L-1)] (L4: VA[47:39], L3: VA[47:30],
 * L2: VA[47:21]) plus asid; set = tag & (sets-1); next = base of the level L-1 node.
 * Because the tag of level L holds every upper index, a hit at L alone resolves the
 * walk down to L-1, so the deepest hit decides the cost (§1.4): L2 hit -> 1 read,
 * deepest L3 -> 2, L4 only -> 3, none -> 4.
 */
#include "xlat/pwc.h"
#include "xlat/repl.h"   /* tree-PLRU (header-only: the lockstep twin needs no other file) */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CNT_MAX 3u   /* 2-bit counter saturates at 3 (§2.6) */

static int is_pow2(uint32_t x)
{
    return x != 0u && (x & (x - 1u)) == 0u;
}

static xl_pwc_entry_t *lv_entry(const xl_pwc_level_t *l, uint32_t set, uint32_t way)
{
    return &l->e[(size_t)set * l->ways + way];
}

static uint8_t *lv_bits(const xl_pwc_level_t *l, uint32_t set)
{
    return l->plru + (size_t)set * l->ways;
}

/* The PLRU touch of a hit or fill. xl_repl_plru_touch writes only the nodes on the way's
 * path, each with a value fixed by the way, so when the set's last touch was of the same
 * way (mru) the bits already hold what it would write. */
static void lv_touch(xl_pwc_level_t *l, uint32_t set, uint32_t way)
{
    if (l->mru[set] == way)
        return;
    l->mru[set] = (uint8_t)way;
    xl_repl_plru_touch(lv_bits(l, set), l->ways, way);
}

/* Way of the valid (asid, tag) entry in its set, or -1. */
static int lv_find(const xl_pwc_level_t *l, uint16_t asid, uint64_t tag, uint32_t *set_out)
{
    uint32_t set = (uint32_t)(tag & (l->sets - 1u)), w;
    const uint64_t *k = l->key + (size_t)set * l->ways, want = xl_pwc_key(asid, tag);
    *set_out = set;
    for (w = 0; w < l->ways; w++)   /* key[] = valid && asid && tag, as one word */
        if (k[w] == want)
            return (int)w;
    return -1;
}

/*
 * Counter-aware victim (§2.6 [INF] bit-exact rule), for a set whose ways are all
 * valid. zero = mask of the ways whose counter is 0.
 *  - zero == 0 (every way is reserved): plain tree-PLRU, counted as forced.
 *  - otherwise start at the root n = 1 and, while n is an internal node (n < ways):
 *      pref  = 2n + bits[n]       (the child plain PLRU would take)
 *      other = 2n + 1 - bits[n]
 *      n = (subtree(pref) holds a counter-0 way) ? pref : other
 *    (xl_repl_plru_victim_in with the counter-0 ways allowed). The subtree entered
 *    always holds a counter-0 way (true at the root because zero != 0; a node whose
 *    preferred child has none passes to the other child, which must then have one), so
 *    the leaf reached has counter 0. Victim = n - ways. If the plain PLRU victim
 *    already has counter 0 every step takes pref and the two agree; otherwise the
 *    choice skipped a reserved way and counts as protected.
 */
static uint32_t lv_victim(xl_pwc_level_t *l, uint32_t set)
{
    const uint8_t *bits = lv_bits(l, set);
    unsigned ways = l->ways, plain, v;
    uint64_t zero = 0;
    uint32_t w;
    for (w = 0; w < ways; w++) {              /* invalid ways first, lowest index */
        const xl_pwc_entry_t *e = lv_entry(l, set, w);
        if (!e->valid)
            return w;
        if (e->cnt == 0u)
            zero |= UINT64_C(1) << w;
    }
    plain = xl_repl_plru_victim(bits, ways);
    if (zero == 0u) {
        l->forced_evictions++;
        return plain;
    }
    v = xl_repl_plru_victim_in(bits, ways, zero);
    if (v != plain)
        l->protected_evictions++;
    return v;
}

static void set_lv_err(char *err, size_t errlen, unsigned level, const char *msg)
{
    if (err != NULL && errlen > 0u)
        snprintf(err, errlen, "pwc.l%u: %s", level, msg);
}

int xl_pwc_init(xl_pwc_t *c, const xl_pwc_params_t *p, char *err, size_t errlen)
{
    unsigned i;
    memset(c, 0, sizeof *c);
    if (p == NULL) {
        if (err != NULL && errlen > 0u)
            snprintf(err, errlen, "pwc: no parameters given");
        return XL_EINPUT;
    }
    /* Validate every level before allocating anything. */
    for (i = 0; i < XL_PWC_LEVELS; i++) {
        unsigned level = 4u - i;
        uint32_t ent = p->entries[i], ways = p->ways[i], sets;
        char msg[160];
        if (ent == 0u) {
            set_lv_err(err, errlen, level, "entries must be at least 1 (got 0)");
            return XL_EINPUT;
        }
        if (ways == 0u) {
            set_lv_err(err, errlen, level, "ways must be at least 1 (got 0)");
            return XL_EINPUT;
        }
        if (!is_pow2(ways)) {
            snprintf(msg, sizeof msg, "tree-PLRU needs a power-of-two way count (got %lu ways)",
                     (unsigned long)ways);
            set_lv_err(err, errlen, level, msg);
            return XL_EINPUT;
        }
        if (ways > 64u) {
            snprintf(msg, sizeof msg, "tree-PLRU supports at most 64 ways (got %lu ways)",
                     (unsigned long)ways);
            set_lv_err(err, errlen, level, msg);
            return XL_EINPUT;
        }
        if (ent % ways != 0u) {
            snprintf(msg, sizeof msg, "entries %lu is not a multiple of ways %lu",
                     (unsigned long)ent, (unsigned long)ways);
            set_lv_err(err, errlen, level, msg);
            return XL_EINPUT;
        }
        sets = ent / ways;
        if (!is_pow2(sets)) {
            snprintf(msg, sizeof msg, "%lu sets is not a power of two (entries %lu / ways %lu)",
                     (unsigned long)sets, (unsigned long)ent, (unsigned long)ways);
            set_lv_err(err, errlen, level, msg);
            return XL_EINPUT;
        }
    }
    for (i = 0; i < XL_PWC_LEVELS; i++) {
        xl_pwc_level_t *l = &c->lv[i];
        l->ways = p->ways[i];
        l->sets = p->entries[i] / p->ways[i];
        l->e = calloc(p->entries[i], sizeof *l->e);
        l->plru = calloc(p->entries[i], sizeof *l->plru);   /* sets * ways bit slots */
        l->key = calloc(p->entries[i], sizeof *l->key);
        l->mru = malloc(l->sets);
        if (l->e == NULL || l->plru == NULL || l->key == NULL || l->mru == NULL) {
            xl_pwc_free(c);
            if (err != NULL && errlen > 0u)
                snprintf(err, errlen, "pwc.l%u: out of memory", 4u - i);
            return XL_EINTERNAL;
        }
    }
    xl_pwc_reset(c);
    return XL_OK;
}

void xl_pwc_free(xl_pwc_t *c)
{
    unsigned i;
    if (c == NULL)
        return;
    for (i = 0; i < XL_PWC_LEVELS; i++) {
        free(c->lv[i].e);
        free(c->lv[i].plru);
        free(c->lv[i].key);
        free(c->lv[i].mru);
        c->lv[i].e = NULL;
        c->lv[i].plru = NULL;
        c->lv[i].key = NULL;
        c->lv[i].mru = NULL;
    }
}

/* Shared body of lookup (walk = 1) and probe (walk = 0). Levels are visited from L4
 * down to L2 so that the last hit recorded is the deepest one. */
static void pwc_access(xl_pwc_t *c, uint16_t asid, xl_va_t va, int walk, int inc,
                       xl_pwc_result_t *r)
{
    xl_pwc_result_t res = { 0u, 0u, 4u };
    unsigned i;
    for (i = 0; i < XL_PWC_LEVELS; i++) {
        unsigned level = 4u - i;
        xl_pwc_level_t *l = &c->lv[i];
        uint32_t set;
        int w = lv_find(l, asid, xl_pwc_tag(va, level), &set);
        xl_pwc_entry_t *e;
        if (w < 0) {
            if (walk)
                l->misses++;
            continue;
        }
        e = lv_entry(l, set, (uint32_t)w);
        if (walk) {
            /* §2.6 Decrement: a dispatched walk's lookup (2-b) hits, saturating at 0;
             * only the walk-time lookup moves PLRU (§8 item 4). */
            l->hits++;
            if (e->cnt > 0u) {
                e->cnt--;
                l->cnt_decs++;
            }
            lv_touch(l, set, (uint32_t)w);
        } else if (inc) {
            /* §2.6 Increment: the arrival-time probe (1-a) hits, saturating at 3. */
            if (e->cnt < CNT_MAX) {
                e->cnt++;
                l->cnt_incs++;
            }
        }
        res.hit_level = level;
        res.next = e->next;
        res.reads = level - 1u;
    }
    if (r != NULL)
        *r = res;
}

void xl_pwc_lookup(xl_pwc_t *c, uint16_t asid, xl_va_t va, xl_pwc_result_t *r)
{
    pwc_access(c, asid, va, 1, 0, r);
}

void xl_pwc_probe(xl_pwc_t *c, uint16_t asid, xl_va_t va, int inc, xl_pwc_result_t *r)
{
    pwc_access(c, asid, va, 0, inc, r);
}

void xl_pwc_fill(xl_pwc_t *c, unsigned level, uint16_t asid, xl_va_t va, xl_pa_t next)
{
    xl_pwc_level_t *l;
    xl_pwc_entry_t *e;
    uint64_t tag;
    uint32_t set, way;
    int w;
    /* Only L4, L3 and L2 entries are cached; fill() has no error return, so another
     * level is a caller bug that leaves the cache unchanged. */
    if (level < 2u || level > 4u)
        return;
    c->memo[0].key = c->memo[1].key = 0u;   /* an answer may change (pwc.h) */
    l = &c->lv[4u - level];
    tag = xl_pwc_tag(va, level);
    w = lv_find(l, asid, tag, &set);
    if (w >= 0) {
        /* Present: refresh in place, keep the pending counter (pwc.h). */
        way = (uint32_t)w;
        e = lv_entry(l, set, way);
    } else {
        way = lv_victim(l, set);
        e = lv_entry(l, set, way);
        if (e->valid)
            l->evictions++;
        e->valid = 1u;
        e->cnt = 0u;   /* §2.6 [INF]: a newly filled entry starts with counter 0 */
        e->asid = asid;
        e->tag = tag;
        l->key[(size_t)set * l->ways + way] = xl_pwc_key(asid, tag);
    }
    e->next = next & XL_PA_MASK;
    l->fills++;
    lv_touch(l, set, way);
}

/* ---------------------------------------------------------------------------------
 * Twin block "xl_pwc" (pwc.h, docs/design.md twin contract; rtl/xl_pwc.sv will match).
 * Ports per cycle: one arrival-time probe (§2.3 1-a), one walk-time lookup (§2.4 2-b)
 * and one fill. comb answers probe and lookup from the state before the edge; step
 * applies, in this order, the lookup's PLRU touch and counter decrement, the probe's
 * counter increment (probe_inc), then the fill. A lookup or probe never changes which
 * entries are valid or what they hold, so the answer of comb equals what the
 * functional calls xl_pwc_lookup, xl_pwc_probe, xl_pwc_fill made in that order return,
 * and step leaves the same state as those calls.
 * --------------------------------------------------------------------------------- */

/* Reset: all entries invalid, pending counters 0, PLRU bits 0, and every statistics
 * counter 0; the geometry (sets, ways, arrays) is kept. Same state as a fresh init. */
void xl_pwc_reset(xl_pwc_t *c)
{
    unsigned i;
    for (i = 0; i < XL_PWC_LEVELS; i++) {
        xl_pwc_level_t *l = &c->lv[i];
        size_t n = (size_t)l->sets * l->ways;
        if (l->e != NULL)
            memset(l->e, 0, n * sizeof *l->e);
        if (l->plru != NULL)
            memset(l->plru, 0, n * sizeof *l->plru);
        if (l->key != NULL)
            memset(l->key, 0, n * sizeof *l->key);
        if (l->mru != NULL)
            memset(l->mru, 0xFF, l->sets);
        l->hits = 0u;
        l->misses = 0u;
        l->fills = 0u;
        l->evictions = 0u;
        l->protected_evictions = 0u;
        l->forced_evictions = 0u;
        l->cnt_incs = 0u;
        l->cnt_decs = 0u;
    }
    memset(c->memo, 0, sizeof c->memo);
}

void xl_pwc_sync(xl_pwc_t *c)
{
    unsigned i;
    size_t k;
    for (i = 0; i < XL_PWC_LEVELS; i++) {
        xl_pwc_level_t *l = &c->lv[i];
        for (k = 0; k < (size_t)l->sets * l->ways; k++)
            l->key[k] = l->e[k].valid ? xl_pwc_key(l->e[k].asid, l->e[k].tag) : 0u;
        memset(l->mru, 0xFF, l->sets);   /* the PLRU bits may have been written too */
    }
    memset(c->memo, 0, sizeof c->memo);   /* and the entries the answers came from */
}

/* The result pwc_access would give, from a const state: the deepest hit decides (§1.4),
 * so levels are searched L2 -> L4 and the search stops at the first hit. at[i] records
 * the entry that hit at level 4 - i, XL_PWC_MISS, or, for levels above the hit,
 * PWC_UNKNOWN: commit looks those up only when it needs them (a lookup's per-level
 * counts, a buffered probe's increments). */
#define PWC_UNKNOWN (UINT32_MAX - 1u)

static void pwc_peek(const xl_pwc_t *c, uint16_t asid, xl_va_t va, xl_pwc_result_t *r,
                     uint32_t *at)
{
    xl_pwc_result_t res = { 0u, 0u, 4u };
    unsigned i = XL_PWC_LEVELS;
    while (i-- > 0u) {
        unsigned level = 4u - i;
        const xl_pwc_level_t *l = &c->lv[i];
        uint32_t set;
        int w = lv_find(l, asid, xl_pwc_tag(va, level), &set);
        if (w < 0) {
            at[i] = XL_PWC_MISS;
            continue;
        }
        at[i] = set * l->ways + (uint32_t)w;
        res.hit_level = level;
        res.next = l->e[at[i]].next;
        res.reads = level - 1u;
        while (i-- > 0u)
            at[i] = PWC_UNKNOWN;
        break;
    }
    *r = res;
}

/* at[i] of pwc_peek made exact: a level left unknown is looked up now. */
static uint32_t pwc_at(const xl_pwc_t *c, unsigned i, uint32_t at, uint16_t asid, xl_va_t va)
{
    const xl_pwc_level_t *l = &c->lv[i];
    uint32_t set;
    int w;
    if (at != PWC_UNKNOWN)
        return at;
    w = lv_find(l, asid, xl_pwc_tag(va, 4u - i), &set);
    return w < 0 ? XL_PWC_MISS : set * l->ways + (uint32_t)w;
}

/* The key of the memo that answers (asid, va): its 2 MB region (pwc.h). */
static uint64_t memo_key(uint16_t asid, xl_va_t va)
{
    return xl_pwc_key(asid, xl_pwc_tag(va, 2u));
}

/* One peek port (memo 0 = probe, 1 = lookup): its result, or all-zero with every level a
 * miss when its valid is low. Either port's memo of the same region gives the answer that
 * pwc_peek would (no fill since it was kept), so the levels are searched only without one. */
static void pwc_port(const xl_pwc_t *c, unsigned port, int valid, uint16_t asid, xl_va_t va,
                     xl_pwc_result_t *r, uint32_t *at)
{
    unsigned i;
    if (valid) {
        uint64_t key = memo_key(asid, va);
        const xl_pwc_memo_t *m = &c->memo[port];
        if (m->key != key)
            m = &c->memo[port ^ 1u];
        if (m->key == key) {
            *r = m->r;
            for (i = 0; i < XL_PWC_LEVELS; i++)
                at[i] = m->at[i];
            return;
        }
        pwc_peek(c, asid, va, r, at);
        return;
    }
    memset(r, 0, sizeof *r);
    for (i = 0; i < XL_PWC_LEVELS; i++)
        at[i] = XL_PWC_MISS;
}

/* Outputs of a port whose valid input is low read all-zero. */
void xl_pwc_comb(const xl_pwc_t *c, const xl_pwc_in_t *in, xl_pwc_out_t *out)
{
    pwc_port(c, 0u, in->probe_valid, in->probe_asid, in->probe_va, &out->probe,
             out->probe_at);
    xl_pwc_comb_lookup(c, in, out);
}

void xl_pwc_comb_lookup(const xl_pwc_t *c, const xl_pwc_in_t *in, xl_pwc_out_t *out)
{
    pwc_port(c, 1u, in->lookup_valid, in->lookup_asid, in->lookup_va, &out->lookup,
             out->lookup_at);
}

/* Remember a port's answer of this cycle for the next comb (a fill later in the same
 * edge clears it again). */
static void memo_keep(xl_pwc_memo_t *m, uint16_t asid, xl_va_t va, const xl_pwc_result_t *r,
                      const uint32_t *at)
{
    unsigned i;
    m->key = memo_key(asid, va);
    m->r = *r;
    for (i = 0; i < XL_PWC_LEVELS; i++)
        m->at[i] = at[i];
}

void xl_pwc_step(xl_pwc_t *c, const xl_pwc_in_t *in)
{
    xl_pwc_out_t o;
    xl_pwc_comb(c, in, &o);
    xl_pwc_commit(c, in, &o);
}

/* A refused arrival is offered again next cycle: keep the probe's answer as comb gave it
 * (levels above the hit may stay unknown; they are resolved when it is buffered). */
static void memo_keep_probe(xl_pwc_t *c, const xl_pwc_in_t *in, const xl_pwc_out_t *out)
{
    if (c->memo[0].key != memo_key(in->probe_asid, in->probe_va))
        memo_keep(&c->memo[0], in->probe_asid, in->probe_va, &out->probe, out->probe_at);
}

/* The edge of a cycle with a lookup, a buffered probe or a fill (the rest is below). */
static __attribute__((noinline)) void pwc_commit_busy(xl_pwc_t *c, const xl_pwc_in_t *in,
                                                      const xl_pwc_out_t *out)
{
    unsigned i;
    uint32_t at[XL_PWC_LEVELS];
    /* 1. walk-time lookup: PLRU touch, counter decrement, hit/miss counts (§2.6) */
    if (in->lookup_valid) {
        for (i = 0; i < XL_PWC_LEVELS; i++) {
            xl_pwc_level_t *l = &c->lv[i];
            uint32_t way;
            at[i] = pwc_at(c, i, out->lookup_at[i], in->lookup_asid, in->lookup_va);
            if (at[i] == XL_PWC_MISS) {
                l->misses++;
                continue;
            }
            /* §2.6 Decrement: a dispatched walk's lookup (2-b) hits, saturating at 0;
             * only the walk-time lookup moves PLRU (§8 item 4). */
            l->hits++;
            if (l->e[at[i]].cnt > 0u) {
                l->e[at[i]].cnt--;
                l->cnt_decs++;
            }
            way = at[i] & (l->ways - 1u);   /* ways is a power of two (init) */
            lv_touch(l, at[i] / l->ways, way);
        }
        memo_keep(&c->memo[1], in->lookup_asid, in->lookup_va, &out->lookup, at);
    }
    /* 2. arrival-time probe: counter increment only when the request is buffered */
    if (in->probe_valid && in->probe_inc) {
        for (i = 0; i < XL_PWC_LEVELS; i++) {
            at[i] = pwc_at(c, i, out->probe_at[i], in->probe_asid, in->probe_va);
            /* §2.6 Increment: the arrival-time probe (1-a) hits, saturating at 3. */
            if (at[i] != XL_PWC_MISS && c->lv[i].e[at[i]].cnt < CNT_MAX) {
                c->lv[i].e[at[i]].cnt++;
                c->lv[i].cnt_incs++;
            }
        }
        memo_keep(&c->memo[0], in->probe_asid, in->probe_va, &out->probe, at);
    } else if (in->probe_valid) {
        memo_keep_probe(c, in, out);
    }
    /* 3. fill: sees the PLRU bits and counters already updated by 1 and 2; a fill may
     * change an answer, so it clears the memos kept above (xl_pwc_fill) */
    if (in->fill_valid)
        xl_pwc_fill(c, in->fill_level, in->fill_asid, in->fill_va, in->fill_next);
}

void xl_pwc_commit(xl_pwc_t *c, const xl_pwc_in_t *in, const xl_pwc_out_t *out)
{
    /* Most cycles only probe a refused arrival: no counter, PLRU bit or entry changes,
     * only the probe's memo; those need no out-of-line call. */
    if (in->lookup_valid || in->fill_valid || (in->probe_valid && in->probe_inc))
        pwc_commit_busy(c, in, out);
    else if (in->probe_valid)
        memo_keep_probe(c, in, out);
}
