/*
 * tlb.c - the generic TLB of tlb.h: fully or set associative, LRU (per-entry stamps)
 * or tree-PLRU, asid-tagged, 4 KB, 64 KB and 2 MB pages. Implements the GPU L1/L2 TLBs and
 * the IOMMU TLBs of docs/isca18-micro18.md §1.1 (Table I: 32-entry FA L1, 512-entry 16-way
 * L2); its replacement policies are those of repl.h.
 *
 * Rules fixed here (all deterministic, no dependence on pointers or host word size):
 * - a 4 KB entry lives in set xl_tlb_set_of(va >> 12), a 64 KB entry in set
 *   xl_tlb_set_of(va >> 16), a 2 MB entry in set xl_tlb_set_of(va >> 21) (mod or xor
 *   index, tlb.h); a lookup probes the sizes in that order, each in its own set, and only
 *   the sizes the TLB holds (n64k, n2m), so with one size nothing is examined twice. If
 *   entries of several sizes cover va, the smallest wins (most specific); inside one set the
 *   lowest way wins (only possible if a caller filled duplicates under different
 *   page sizes, never from xl_tlb_fill alone);
 * - LRU: a global clock is incremented on every lookup hit and every fill and the
 *   new value is written into the touched entry's stamp (xl_repl_stamp_touch); the
 *   victim is the valid way with the smallest stamp (stamps are unique, so there are
 *   no ties), found as the tail of the set's LRU ring (xl_repl_ring_*, repl.h);
 * - invalid ways are always chosen first, lowest index first, for LRU and PLRU;
 * - fills counts every entry written, a refresh in place included (it rewrites the
 *   frame); evictions counts only valid entries displaced by a new page;
 * - a stored frame keeps only the page-base bits (bits below the page size are
 *   dropped, as a hardware entry would not have them) and the PA mask.
 */
#include "xlat/tlb.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ helpers */

static int is_pow2(uint32_t x)
{
    return x != 0u && (x & (x - 1u)) == 0u;
}

static void set_err(char *err, size_t errlen, const char *what, const char *msg)
{
    if (err != NULL && errlen > 0u)
        snprintf(err, errlen, "%s: %s", what, msg);
}

static uint64_t page_mask(unsigned shift)
{
    return (UINT64_C(1) << shift) - 1u;
}

#define NIL UINT32_MAX

_Static_assert(sizeof(xl_tlb_slot_t) == 32, "a record fills half a host cache line");

/* ------------------------------------------------------------ derived state
 * A hash of the valid entries keyed by (asid, page size, vpn): there is at most one
 * such entry (a fill refreshes in place), and a fill puts it in the set of its own
 * page number, so the hash answers exactly what a scan of that set would. And per set,
 * a ring of the valid ways in LRU order (head = most recent, the tail just before it):
 * touching moves a way to the head, exactly as a new stamp would, so the tail is the
 * way with the smallest stamp. The hash and ring links live in the entry's own 32-byte
 * record (tlb.h), so a fill or a chain step touches one host cache line per entry. */

/* The bucket of a page number: a multiplicative hash of vpn alone (the multiplier is
 * the golden-ratio constant shifted left by 17, which spreads the workloads' page
 * strides well), so the bucket of an entry to unhash is two instructions from its
 * record. Entries of other address spaces or page sizes with the same page number
 * share the chain; the compare tells them apart. */
static inline uint32_t h_of(const xl_tlb_t *t, uint64_t vpn)
{
    return (uint32_t)((vpn * (UINT64_C(0x9E3779B97F4A7C15) << 17)) >> t->hshift);
}

/* The entry index holding (asid, page size, vpn) in bucket h, or NIL. Hashed entries
 * are valid, so valid needs no compare. */
static inline uint32_t h_find(const xl_tlb_t *t, uint32_t h, uint16_t asid, unsigned shift,
                              uint64_t vpn)
{
    uint32_t i = t->hbucket[h];
    while (i != NIL && (t->e[i].vpn != vpn || t->e[i].asid != asid ||
                        t->e[i].page_shift != shift))
        i = t->e[i].hnext;
    return i;
}

static inline void h_remove(xl_tlb_t *t, uint32_t i)
{
    uint32_t *p = &t->hbucket[h_of(t, t->e[i].vpn)];
    while (*p != i)
        p = &t->e[*p].hnext;
    *p = t->e[i].hnext;
}

/* The LRU ring of a set (repl.h) runs through the entries' own records (e[].lru). */
static inline void lru_unlink(xl_tlb_t *t, uint32_t set, uint32_t i)
{
    xl_repl_ring_unlink(&t->e[0].lru, sizeof *t->e, &t->s[set].head, &t->s[set].tail, i);
}

/* Link i (not in the ring) in as the most recent way. */
static inline void lru_push_head(xl_tlb_t *t, uint32_t set, uint32_t i)
{
    xl_repl_ring_push(&t->e[0].lru, sizeof *t->e, &t->s[set].head, &t->s[set].tail, i);
}

static inline uint32_t set_of(const xl_tlb_t *t, uint64_t vpn)
{
    if (t->p.index == XL_TLB_INDEX_XOR)
        vpn ^= vpn >> t->set_bits;
    return (uint32_t)(vpn & (t->sets - 1u));
}

uint32_t xl_tlb_set_of(const xl_tlb_t *t, uint64_t vpn)
{
    return set_of(t, vpn);
}

/* A use of entry i (set `set`): a new stamp and the head of the LRU list, or the
 * tree-PLRU bits pointed away from it. */
static inline void touch(xl_tlb_t *t, uint32_t set, uint32_t i)
{
    if (t->p.repl == XL_REPL_LRU) {
        xl_repl_stamp_touch(&t->stamp[i], &t->clock);
        xl_repl_ring_touch(&t->e[0].lru, sizeof *t->e, &t->s[set].head, &t->s[set].tail, i);
    } else {
        uint32_t base = set * t->p.ways;
        xl_repl_plru_touch(t->plru + base, t->p.ways, i - base);
    }
}

/* ------------------------------------------------------------ API */

int xl_tlb_init(xl_tlb_t *t, const xl_tlb_params_t *p, const char *what, char *err,
                size_t errlen)
{
    char msg[160];
    uint32_t sets;
    void *mem;
    if (what == NULL)
        what = "tlb";
    memset(t, 0, sizeof *t);
    if (p == NULL) {
        set_err(err, errlen, what, "no parameters given");
        return XL_EINPUT;
    }
    if (p->entries == 0u) {
        set_err(err, errlen, what, "entries must be at least 1 (got 0)");
        return XL_EINPUT;
    }
    if (p->ways == 0u) {
        set_err(err, errlen, what, "ways must be at least 1 (got 0)");
        return XL_EINPUT;
    }
    if (p->repl != XL_REPL_LRU && p->repl != XL_REPL_PLRU) {
        snprintf(msg, sizeof msg, "unknown replacement policy %d (expected LRU or PLRU)",
                 (int)p->repl);
        set_err(err, errlen, what, msg);
        return XL_EINPUT;
    }
    if (p->index != XL_TLB_INDEX_MOD && p->index != XL_TLB_INDEX_XOR) {
        snprintf(msg, sizeof msg, "unknown set index function %d (expected mod or xor)",
                 (int)p->index);
        set_err(err, errlen, what, msg);
        return XL_EINPUT;
    }
    if (p->entries % p->ways != 0u) {
        snprintf(msg, sizeof msg, "entries %lu is not a multiple of ways %lu",
                 (unsigned long)p->entries, (unsigned long)p->ways);
        set_err(err, errlen, what, msg);
        return XL_EINPUT;
    }
    sets = p->entries / p->ways;
    if (!is_pow2(sets)) {
        snprintf(msg, sizeof msg, "%lu sets is not a power of two (entries %lu / ways %lu)",
                 (unsigned long)sets, (unsigned long)p->entries, (unsigned long)p->ways);
        set_err(err, errlen, what, msg);
        return XL_EINPUT;
    }
    if (p->repl == XL_REPL_PLRU && !is_pow2(p->ways)) {
        snprintf(msg, sizeof msg, "tree-PLRU needs a power-of-two way count (got %lu ways)",
                 (unsigned long)p->ways);
        set_err(err, errlen, what, msg);
        return XL_EINPUT;
    }
    if (p->repl == XL_REPL_PLRU && p->ways > 64u) {
        snprintf(msg, sizeof msg, "tree-PLRU supports at most 64 ways (got %lu ways)",
                 (unsigned long)p->ways);
        set_err(err, errlen, what, msg);
        return XL_EINPUT;
    }

    t->p = *p;
    t->sets = sets;
    while ((1u << t->set_bits) < sets)
        t->set_bits++;
    /* records on cache-line boundaries, so none straddles two host cache lines */
    if (posix_memalign(&mem, 64u, (size_t)p->entries * sizeof *t->e) == 0) {
        t->e = mem;
        memset(t->e, 0, (size_t)p->entries * sizeof *t->e);
    }
    if (p->repl == XL_REPL_LRU)
        t->stamp = calloc(p->entries, sizeof *t->stamp);
    else
        t->plru = calloc(p->entries, sizeof *t->plru);   /* sets * ways bit slots */
    {
        uint32_t nb = 1u, i;
        while (nb < 2u * p->entries)
            nb <<= 1;
        t->hshift = 64u;
        while ((UINT64_C(1) << (64u - t->hshift)) < nb)
            t->hshift--;
        t->hbucket = malloc(nb * sizeof *t->hbucket);
        t->s = calloc(sets, sizeof *t->s);
        if (t->hbucket && t->s) {
            for (i = 0; i < nb; i++)
                t->hbucket[i] = NIL;
            for (i = 0; i < sets; i++)
                t->s[i].head = t->s[i].tail = NIL;
        }
    }
    if (t->e == NULL || (t->stamp == NULL && t->plru == NULL) || !t->hbucket || !t->s) {
        xl_tlb_free(t);
        set_err(err, errlen, what, "out of memory");
        return XL_EINTERNAL;
    }
    return XL_OK;
}

uint64_t xl_tlb_bytes(const xl_tlb_params_t *p)
{
    uint64_t nb = 1u, sets = p->ways ? p->entries / p->ways : 0;
    while (nb < 2u * (uint64_t)p->entries)
        nb <<= 1;
    return (uint64_t)p->entries * (sizeof(xl_tlb_slot_t) + sizeof(uint64_t)) +
           nb * sizeof(uint32_t) + sets * sizeof(struct xl_tlb_set);
}

void xl_tlb_free(xl_tlb_t *t)
{
    if (t == NULL)
        return;
    free(t->e);
    free(t->stamp);
    free(t->plru);
    free(t->hbucket);
    free(t->s);
    t->e = NULL;
    t->stamp = NULL;
    t->plru = NULL;
    t->hbucket = NULL;
    t->s = NULL;
}

int xl_tlb_probe(const xl_tlb_t *t, uint16_t asid, xl_va_t va, xl_pa_t *pa)
{
    uint64_t v = va & XL_VA_MASK, vpn = v >> XL_PAGE_SHIFT_4K;
    uint32_t i = h_find(t, h_of(t, vpn), asid, XL_PAGE_SHIFT_4K, vpn);
    if (i == NIL && t->n64k != 0u) {   /* the 4 KB entry first, then 64 KB, then 2 MB */
        vpn = v >> XL_PAGE_SHIFT_64K;
        i = h_find(t, h_of(t, vpn), asid, XL_PAGE_SHIFT_64K, vpn);
    }
    if (i == NIL && t->n2m != 0u) {
        vpn = v >> XL_PAGE_SHIFT_2M;
        i = h_find(t, h_of(t, vpn), asid, XL_PAGE_SHIFT_2M, vpn);
    }
    if (i == NIL)
        return 0;
    if (pa != NULL)
        *pa = t->e[i].frame | (va & page_mask(t->e[i].page_shift));
    return 1;
}

/* The hit half of lookup, out of line so the miss path (the common case in a
 * streaming workload) saves no registers. */
static int lookup_hit(xl_tlb_t *t, uint32_t i, uint64_t vpn, xl_va_t va, xl_pa_t *pa)
    __attribute__((noinline));
static int lookup_hit(xl_tlb_t *t, uint32_t i, uint64_t vpn, xl_va_t va, xl_pa_t *pa)
{
    t->hits++;
    touch(t, set_of(t, vpn), i);
    if (pa != NULL)
        *pa = t->e[i].frame | (va & page_mask(t->e[i].page_shift));
    return 1;
}

/* The 64 KB and 2 MB probes of lookup after a 4 KB miss, out of line likewise. */
static int lookup_big(xl_tlb_t *t, uint16_t asid, xl_va_t va, xl_pa_t *pa)
    __attribute__((noinline));
static int lookup_big(xl_tlb_t *t, uint16_t asid, xl_va_t va, xl_pa_t *pa)
{
    static const unsigned shifts[2] = {XL_PAGE_SHIFT_64K, XL_PAGE_SHIFT_2M};
    const uint32_t held[2] = {t->n64k, t->n2m};
    for (unsigned k = 0; k < 2u; k++) {
        if (held[k] == 0u)
            continue;
        uint64_t vpn = (va & XL_VA_MASK) >> shifts[k];
        uint32_t i = h_find(t, h_of(t, vpn), asid, shifts[k], vpn);
        if (i != NIL)
            return lookup_hit(t, i, vpn, va, pa);
    }
    t->misses++;
    return 0;
}

int xl_tlb_lookup(xl_tlb_t *t, uint16_t asid, xl_va_t va, xl_pa_t *pa)
{
    uint64_t vpn = (va & XL_VA_MASK) >> XL_PAGE_SHIFT_4K;
    uint32_t i = h_find(t, h_of(t, vpn), asid, XL_PAGE_SHIFT_4K, vpn);
    t->accesses++;
    if (i != NIL)
        return lookup_hit(t, i, vpn, va, pa);
    if ((t->n64k | t->n2m) != 0u)
        return lookup_big(t, asid, va, pa);
    t->misses++;
    return 0;
}

/* Write the new page into entry i (set up for replacement already) and hash it. */
static inline void fill_write(xl_tlb_t *t, uint32_t i, uint16_t asid, uint64_t vpn,
                              xl_pa_t frame, unsigned page_shift, uint32_t h)
{
    xl_tlb_slot_t *e = &t->e[i];
    e->valid = 1u;
    e->page_shift = (uint8_t)page_shift;
    e->asid = asid;
    e->vpn = vpn;
    e->frame = frame & XL_PA_MASK & ~page_mask(page_shift);
    e->hnext = t->hbucket[h];
    t->hbucket[h] = i;
    if (page_shift == XL_PAGE_SHIFT_2M)
        t->n2m++;
    else if (page_shift == XL_PAGE_SHIFT_64K)
        t->n64k++;
}

/* Displace the valid entry i: counted, reported, unhashed. */
static inline void fill_evict(xl_tlb_t *t, uint32_t i, xl_tlb_entry_t *victim)
{
    t->evictions++;
    if (victim != NULL) {
        victim->valid = t->e[i].valid;
        victim->page_shift = t->e[i].page_shift;
        victim->asid = t->e[i].asid;
        victim->vpn = t->e[i].vpn;
        victim->frame = t->e[i].frame;
    }
    h_remove(t, i);
    if (t->e[i].page_shift == XL_PAGE_SHIFT_2M)
        t->n2m--;
    else if (t->e[i].page_shift == XL_PAGE_SHIFT_64K)
        t->n64k--;
}

/* The fills other than "LRU, every way of the set valid": a refresh in place (i is
 * the entry, else NIL), an invalid way (the lowest), or a tree-PLRU victim. Out of
 * line, so the common LRU replacement saves no registers. */
static void fill_other(xl_tlb_t *t, uint32_t i, uint32_t set, uint16_t asid, uint64_t vpn,
                       xl_pa_t frame, unsigned page_shift, uint32_t h,
                       xl_tlb_entry_t *victim) __attribute__((noinline));
static void fill_other(xl_tlb_t *t, uint32_t i, uint32_t set, uint16_t asid, uint64_t vpn,
                       xl_pa_t frame, unsigned page_shift, uint32_t h,
                       xl_tlb_entry_t *victim)
{
    uint32_t ways = t->p.ways, base = set * ways;
    if (i != NIL) {   /* already present: refresh in place, no duplicate */
        t->e[i].valid = 1u;
        t->e[i].frame = frame & XL_PA_MASK & ~page_mask(page_shift);
        touch(t, set, i);
        return;
    }
    if (t->s[set].nvalid < ways) {   /* invalid ways first, lowest index */
        for (i = base; t->e[i].valid; i++)
            ;
        t->s[set].nvalid++;
        if (t->p.repl == XL_REPL_LRU) {
            lru_push_head(t, set, i);   /* the head already: touching changes no link */
            xl_repl_stamp_touch(&t->stamp[i], &t->clock);
        } else
            xl_repl_plru_touch(t->plru + base, ways, i - base);
    } else {   /* tree-PLRU (LRU with every way valid is xl_tlb_fill's own case) */
        uint32_t w = xl_repl_plru_victim(t->plru + base, ways);
        i = base + w;
        xl_repl_plru_touch(t->plru + base, ways, w);
        fill_evict(t, i, victim);
    }
    fill_write(t, i, asid, vpn, frame, page_shift, h);
}

void xl_tlb_fill(xl_tlb_t *t, uint16_t asid, xl_va_t va, xl_pa_t frame, unsigned page_shift,
                 xl_tlb_entry_t *victim)
{
    uint64_t vpn;
    uint32_t set, h, i;
    if (victim != NULL)
        memset(victim, 0, sizeof *victim);
    /* The entry format has only 4 KB, 64 KB and 2 MB pages; any other size is a caller bug.
     * fill() has no error return, so nothing is written (victim->valid stays 0) and
     * the miss repeats visibly instead of caching a wrong translation. */
    if (page_shift != XL_PAGE_SHIFT_4K && page_shift != XL_PAGE_SHIFT_64K &&
        page_shift != XL_PAGE_SHIFT_2M)
        return;
    vpn = (va & XL_VA_MASK) >> page_shift;
    h = h_of(t, vpn);
    set = set_of(t, vpn);
    i = h_find(t, h, asid, page_shift, vpn);
    t->fills++;
    if (i != NIL || t->p.repl != XL_REPL_LRU || t->s[set].nvalid < t->p.ways) {
        fill_other(t, i, set, asid, vpn, frame, page_shift, h, victim);
        return;
    }
    /* LRU, every way valid: the victim is the least recent, the ring's tail, and
     * becomes its head by turning the ring one step (no link changes). */
    i = xl_repl_ring_replace(&t->e[0].lru, sizeof *t->e, &t->s[set].head, &t->s[set].tail);
    fill_evict(t, i, victim);
    fill_write(t, i, asid, vpn, frame, page_shift, h);
    xl_repl_stamp_touch(&t->stamp[i], &t->clock);
}

/* Entry i leaves the TLB (flush, invalidate). */
static void entry_drop(xl_tlb_t *t, uint32_t i)
{
    uint32_t set = i / t->p.ways;
    h_remove(t, i);
    if (t->p.repl == XL_REPL_LRU)
        lru_unlink(t, set, i);
    t->s[set].nvalid--;
    if (t->e[i].page_shift == XL_PAGE_SHIFT_2M)
        t->n2m--;
    else if (t->e[i].page_shift == XL_PAGE_SHIFT_64K)
        t->n64k--;
    t->e[i].valid = 0u;
}

int xl_tlb_inv(xl_tlb_t *t, uint16_t asid, xl_va_t va)
{
    int n = 0;
    static const unsigned shifts[3] = {XL_PAGE_SHIFT_4K, XL_PAGE_SHIFT_64K, XL_PAGE_SHIFT_2M};
    for (unsigned k = 0; k < 3u; k++) {
        unsigned shift = shifts[k];
        uint64_t vpn = va >> shift;
        uint32_t i = h_find(t, h_of(t, vpn), asid, shift, vpn);
        if (i != NIL) {
            entry_drop(t, i);
            n++;
        }
    }
    return n;
}

uint32_t xl_tlb_flush_asid(xl_tlb_t *t, uint16_t asid)
{
    uint32_t i, n = 0;
    for (i = 0; i < t->p.entries; i++) {
        if (t->e[i].valid && t->e[i].asid == asid) {
            entry_drop(t, i);
            n++;
        }
    }
    return n;
}
