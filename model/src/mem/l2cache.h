/*
 * l2cache.h - the L2 data cache block of the memory system (memsys.h): the shared L2's
 * sets, tags, LRU order and dirty lines, and its MSHRs; docs/isca18-micro18.md §1.1
 * (Table I: 4 MB, 16-way, 64 B lines) and §7.1 (L2 accesses, hits and misses by source);
 * the set index of issue 16 (l2d.index, l2cache.c). Write-back, write-allocate; a line
 * leaves as a victim, or when its page is evicted (l2c_inv, HPCA'16 §5.1). What a
 * request does on a hit, a miss or a fill, and when, is the assembly's (memsys.c: path
 * of a request); this block keeps the state and counts.
 *
 * The lookups (l2c_set, l2c_find, l2c_hit) and the MSHR search are inline: they run per
 * request from memsys.c's event loop (the default build has no link-time inlining).
 */
#ifndef XLAT_MEM_L2CACHE_H
#define XLAT_MEM_L2CACHE_H

#include "xlat/config.h"
#include "xlat/repl.h"
#include "xlat/stats.h"
#include "xlat/types.h"

#define L2C_NONE    UINT32_MAX
#define L2C_NO_LINE UINT64_MAX
#define L2C_NO_TAG32 UINT32_MAX

/* A whole set's recency and state in 16 B, for l2d.ways <= 16 (the usual geometry): the
 * valid ways in an LRU order word (repl.h xl_repl_order16_*) with their dirty and class
 * bits. A hit touches this and the set's tags only, where the recency list of wider
 * sets needs up to five host lines; the order is the one the list would have. */
typedef struct {
    uint64_t order;         /* valid ways by recency, MRU in the low nibble */
    uint16_t dirty;         /* bit w: way w is dirty */
    uint16_t pt;            /* bit w: way w was filled by a page-table read (memkind.h) */
    uint16_t nvalid;        /* valid ways: ways 0 .. nvalid - 1 (fills take the lowest
                             * invalid way; l2c_inv keeps the valid ways packed) */
} l2c_set16_t;

/* With l2d.ways > 16: a set's valid ways and the ends of their recency list
 * (repl.h xl_repl_list_*; the links are per way, l2c_t.prev/next). */
typedef struct {
    uint16_t nvalid;        /* as in l2c_set16_t */
    uint16_t mru, lru;
} l2c_setn_t;

/* With l2d.ways > 16: a way's state. */
typedef struct {
    uint8_t dirty, kd;      /* kd: class of the read that filled it (memkind.h) */
} l2c_way_t;

/* A busy MSHR: the line it fetches. */
typedef struct {
    uint64_t line;
    uint32_t set;           /* L2 set of line, from its first requester */
    uint32_t next;          /* chain of its hash bucket's busy MSHRs, or free list */
    uint8_t dirty, kd;      /* a write merged into it (the filled line is dirty); class of
                             * its first requester */
} l2c_mshr_t;

typedef struct {
    uint32_t sets, ways, set_mask;
    uint32_t fold_mask;             /* l2d.index: xor set_mask, mod 0 (l2c_fold) */
    unsigned set_bits;              /* log2(sets) */
    /* sets * ways. A way's tag is kept in 32 bits, line >> set_bits (with the set,
     * implied by its place, it gives the line: l2cache.c line_of), while every line
     * submitted so far has such a tag below L2C_NO_TAG32: then a 16-way set's tags are one
     * 64 B host line instead of two. The first line whose tag does not fit (a byte
     * address of about 2^(38 + set_bits) or more) switches the L2 to full 64-bit line
     * numbers for good (l2c_widen): same lookups, same results. */
    uint32_t *tag32;                /* line >> set_bits or L2C_NO_TAG32; NULL once widened */
    uint64_t *tag;                  /* line number or L2C_NO_LINE; NULL until widened */
    uint64_t tag32_alim;            /* byte addresses from here on may need tag (the first
                                     * line of tag L2C_NO_TAG32, or UINT64_MAX once widened
                                     * or when no line reaches it) */
    l2c_set16_t *ls16;              /* per set, when ways <= 16 (else NULL), or: */
    l2c_setn_t *lset;               /* per set */
    uint16_t *prev, *next;          /* per way: recency links */
    l2c_way_t *way;                 /* per way: dirty bit and filling class */

    uint32_t *mshr_hash;            /* busy MSHRs by line: chain heads, mshr_hmask + 1 of
                                     * them (a power of two >= 2 l2d.mshrs: a few KB that
                                     * stay in the host cache, where one head per set did
                                     * not) */
    uint32_t mshr_hmask;
    l2c_mshr_t *mshr;
    uint32_t mshr_free, nmshr;

    /* MASK's Static design (l2c_partition): the sets split equally between part_n
     * applications, the application of a line being its memory zone (physmem zones) */
    uint32_t part_n;                /* 0: not partitioned */
    uint32_t part_sets;             /* sets per application, a power of two */
    uint64_t part_lines;            /* lines per memory zone */

    /* counters ([0] data, [1] page table) */
    uint64_t acc[2], hit[2], miss[2], merge[2], wb[2];
    uint64_t accesses, hits, misses, merges, writebacks, mshr_waits;
} l2c_t;

/* Validate the l2d.* keys of c; 0, or -1 with a one-line message in err. */
int  l2c_check(const xl_config_t *c, char *err, size_t errlen);
/* Set up l2 (zeroed, c checked): every way invalid, every MSHR free; 0, or -1 when out
 * of memory (l2c_free then releases what was allocated). */
int  l2c_init(l2c_t *l2, const xl_config_t *c);
void l2c_free(l2c_t *l2);
/* Before the first request whose byte address is tag32_alim or more: 64-bit tags. */
void l2c_widen(l2c_t *l2);
/* The line of MSHR s arrives: it fills the lowest invalid way of its set, else the
 * least recently used one, as the most recently used, dirty if a write merged. Returns
 * 1 when the victim was dirty and must be written back (counted), with its line and
 * class. The MSHR stays busy (l2c_mshr_release). */
int  l2c_fill(l2c_t *l2, uint32_t s, uint64_t *wb_line, unsigned *wb_kd);
/* Valid way w of set `set` (base = set * ways, l2c_find) is invalidated: HPCA'16 §5.1's
 * selective flush of an evicted page's lines (memsys.c xl_memsys_flush_frame). Returns 1
 * when it was dirty, with its class in *kd (the caller writes it back). The set's last
 * valid way moves into w, keeping its recency rank, so that the valid ways stay 0 ..
 * nvalid - 1 and the next fill of the set takes the freed way before any victim: which
 * way holds a line is not observable, only the set's lines and their order. No counter
 * moves: the flush's caller counts. Never on the request path. */
int  l2c_inv(l2c_t *l2, uint32_t set, size_t base, uint32_t w, unsigned *kd);
/* MASK's Static design: the sets split equally between n applications, a line of memory
 * zone z (lines [z * zone_lines, (z + 1) * zone_lines)) going to application z's sets;
 * tags become full line numbers (l2c_widen), since a set no longer implies the low bits.
 * 0, or -1 when the sets do not split into n powers of two. Before any request. */
int  l2c_partition(l2c_t *l2, uint32_t n, uint64_t zone_lines);
/* Counters: l2d.accesses/hits/misses/mshr_merges/writebacks (each also by class) and
 * l2d.mshr_waits. */
void l2c_stats(const l2c_t *l2, xl_stats_t *s);

/* ------------------------------------------------------------ lookups */

/* The part of a line's set that its tag t = line >> set_bits contributes (l2cache.c: set
 * index): 0 under l2d.index = mod, (t ^ t >> set_bits) & set_mask under xor. */
static inline uint32_t l2c_fold(const l2c_t *l2, uint64_t t)
{
    return (uint32_t)((t ^ t >> l2->set_bits) & l2->fold_mask);
}

/* The L2 set of a line: its low set_bits bits XOR l2c_fold of its tag. Once per request,
 * kept in the request and its MSHR. */
static inline uint32_t l2c_set(const l2c_t *l2, uint64_t line)
{
    uint32_t set = ((uint32_t)line ^ l2c_fold(l2, line >> l2->set_bits)) & l2->set_mask;
    if (l2->part_n)   /* Static: the sets of the line's application only */
        set = (uint32_t)(line / l2->part_lines) * l2->part_sets + (set & (l2->part_sets - 1u));
    return set;
}

/* Way of line in its set, or -1. Four ways per loop test: the scan is the L2's most
 * frequent loop. */
#define L2C_SCAN(type, tg, n, key)                         \
    do {                                                   \
        const type *p, *end4 = (tg) + ((n) & ~3u), *end = (tg) + (n); \
        for (p = (tg); p != end4; p += 4) {                \
            if (p[0] == (key))                             \
                return (int)(p - (tg));                    \
            if (p[1] == (key))                             \
                return (int)(p - (tg)) + 1;                \
            if (p[2] == (key))                             \
                return (int)(p - (tg)) + 2;                \
            if (p[3] == (key))                             \
                return (int)(p - (tg)) + 3;                \
        }                                                  \
        for (; p != end; p++)                              \
            if (*p == (key))                               \
                return (int)(p - (tg));                    \
        return -1;                                         \
    } while (0)

/* The way of set `set` (l2c_set(line)) holding line, or -1; *base = set * ways. No
 * counter moves. */
static inline int l2c_find(const l2c_t *l2, uint64_t line, uint32_t set, size_t *base)
    __attribute__((always_inline));
static inline int l2c_find(const l2c_t *l2, uint64_t line, uint32_t set, size_t *base)
{
    size_t b = (size_t)set * l2->ways;
    *base = b;
    if (l2->tag32 != NULL) {
        const uint32_t *tg = l2->tag32 + b;
        uint32_t key = (uint32_t)(line >> l2->set_bits);
        L2C_SCAN(uint32_t, tg, l2->ways, key);
    } else {
        const uint64_t *tg = l2->tag + b;
        L2C_SCAN(uint64_t, tg, l2->ways, line);
    }
}

/* A request's lookup (class kd): l2c_find, counted as an access and a hit or a miss. */
static inline int l2c_lookup(l2c_t *l2, uint64_t line, uint32_t set, unsigned kd,
                             size_t *base) __attribute__((always_inline));
static inline int l2c_lookup(l2c_t *l2, uint64_t line, uint32_t set, unsigned kd,
                             size_t *base)
{
    int w;
    l2->acc[kd]++;
    l2->accesses++;
    w = l2c_find(l2, line, set, base);
    if (w >= 0) {
        l2->hit[kd]++;
        l2->hits++;
    } else {
        l2->miss[kd]++;
        l2->misses++;
    }
    return w;
}

/* A use of valid way w of set `set` (base = set * ways) by a request: it becomes the
 * most recently used; a write makes it dirty. */
static inline void l2c_hit(l2c_t *l2, uint32_t set, size_t base, uint32_t w, int write)
    __attribute__((always_inline));
static inline void l2c_hit(l2c_t *l2, uint32_t set, size_t base, uint32_t w, int write)
{
    if (l2->ls16 != NULL) {
        l2c_set16_t *st = &l2->ls16[set];
        if ((st->order & 15u) != w)           /* not already the MRU */
            st->order = xl_repl_order16_touch(st->order, w);
        if (write)
            st->dirty |= (uint16_t)(1u << w);
    } else {
        l2c_setn_t *st = &l2->lset[set];
        xl_repl_list_touch(l2->prev + base, l2->next + base, &st->mru, &st->lru, w);
        if (write)
            l2->way[base + w].dirty = 1;
    }
}

/* ------------------------------------------------------------ MSHRs */

/* Hash bucket of a busy MSHR's line. A line has at most one MSHR (a miss that finds one
 * merges), so the order within a chain does not matter. */
static inline uint32_t l2c_mshr_bucket(const l2c_t *l2, uint64_t line)
{
    return (uint32_t)((line * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & l2->mshr_hmask;
}

/* The busy MSHR of line, or L2C_NONE. */
static inline uint32_t l2c_mshr_find(const l2c_t *l2, uint64_t line)
{
    uint32_t i;
    for (i = l2->mshr_hash[l2c_mshr_bucket(l2, line)]; i != L2C_NONE; i = l2->mshr[i].next)
        if (l2->mshr[i].line == line)
            return i;
    return L2C_NONE;
}

/* Is an MSHR free? */
static inline int l2c_mshr_can_alloc(const l2c_t *l2)
{
    return l2->mshr_free != L2C_NONE;
}

/* A miss of class kd (a write when write != 0) takes a free MSHR for line (set): its
 * number. */
static inline uint32_t l2c_mshr_alloc(l2c_t *l2, uint64_t line, uint32_t set, unsigned kd,
                                      int write)
{
    uint32_t s = l2->mshr_free, h = l2c_mshr_bucket(l2, line);
    l2c_mshr_t *e = &l2->mshr[s];
    l2->mshr_free = e->next;
    e->line = line;
    e->set = set;
    e->dirty = write ? 1u : 0u;
    e->kd = (uint8_t)kd;
    e->next = l2->mshr_hash[h];
    l2->mshr_hash[h] = s;
    return s;
}

/* A miss of class kd merges into busy MSHR s (counted); a write makes the line dirty. */
static inline void l2c_mshr_merge(l2c_t *l2, uint32_t s, unsigned kd, int write)
{
    l2->merge[kd]++;
    l2->merges++;
    if (write)
        l2->mshr[s].dirty = 1;
}

/* A miss found every MSHR busy and waits (counted). */
static inline void l2c_mshr_wait(l2c_t *l2)
{
    l2->mshr_waits++;
}

/* MSHR s, filled, is free again. */
static inline void l2c_mshr_release(l2c_t *l2, uint32_t s)
{
    uint32_t *pp;
    for (pp = &l2->mshr_hash[l2c_mshr_bucket(l2, l2->mshr[s].line)]; *pp != s;
         pp = &l2->mshr[*pp].next)
        ;
    *pp = l2->mshr[s].next;
    l2->mshr[s].next = l2->mshr_free;
    l2->mshr_free = s;
}

#endif
