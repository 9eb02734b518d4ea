/*
 * l2cache.c - the L2 data cache block of the memory system (l2cache.h): the shared L2 of
 * docs/isca18-micro18.md §1.1 (Table I: 4 MB, 16-way, 64 B lines) with its MSHRs, and
 * its counters by source (§7.1); the set index of issue 16 (l2d.index, below). Timing
 * state only: data contents are not modelled. A fill takes the lowest invalid way of
 * its set, else the least recently used one (repl.h: an LRU order word for up to 16
 * ways, a recency list beyond); a dirty victim is written back (memsys.c sends it).
 * An evicted page's lines are invalidated one by one (l2c_inv, HPCA'16 §5.1).
 *
 * ---- L2 set index (l2d.index) -------------------------------------------------------
 * With line = pa >> 6, b = log2(sets) and the tag t = line >> b, a line lives in set
 *   mod  line & (sets - 1)                                (bit-select: line bits 0..b-1)
 *   xor  (line ^ (line >> b) ^ (line >> 2b)) & (sets - 1) (line bits 0..b-1 XOR bits
 *        b..2b-1 XOR bits 2b..3b-1; = (line ^ f(t)) & (sets - 1) with
 *        f(t) = t ^ (t >> b))
 * computed once per request. The default 4 MB 16-way L2 has b = 12: xor folds pa bits
 * 18..29 and 30..41 onto pa bits 6..17, so every bit of a physical address below 4 TB
 * enters the index. Under mod, the lines of a PolyBench row-walk load (its lanes at one
 * page offset of 64 frames) differ only in pa bits 12..17 of the index: they fall into
 * at most 64 of the 4096 sets, with those of every wavefront at the same offset; under
 * xor the frame-number bits above spread them over all sets. Examples (b = 12): lines
 * 0 and 4096 (pa 0x0 and 0x40000) are both in set 0 under mod, in sets 0 and 1 under
 * xor; line 0x123456789 (pa 0x48d159e240) is in set 0x789 under mod and
 * 0x789 ^ 0x456 ^ 0x123 = 0x2fc under xor.
 * Either way (set, t) identifies the line, so ways keep t as their tag (tag32) and a
 * line is rebuilt from them as line = t << b | (set ^ f(t)) (f = 0 under mod): the
 * address of a dirty victim's write-back and the lines of l2c_widen.
 * Why both: neither paper states the index. mod is what gem5's caches do: AMD's GPU
 * model in gem5 keeps its L2 (TCC) in a Ruby CacheMemory (GPU_VIPER-TCC.sm), whose
 * addressToCacheSet is a bitSelect of the address bits from start_index_bit up. Real
 * GPUs hash: AMD's GCN/CDNA L2 maps requests to its channels "by a hashing mechanism
 * that attempts to evenly distribute requests across the L2 channels" (ROCm Compute
 * Profiler documentation, "L2 cache (TCC)"), and Accel-Sim's NVIDIA Volta model indexes
 * the L2 sets and the memory partitions with polynomial (IPOLY) hashes, added "to
 * reduce bank and cache set conflicts" (accel-sim-framework, gpgpu-sim4.md; Khairy et
 * al., ISCA 2020). xor is GPGPU-Sim's bitwise-XOR set index (index ^ the next b bits,
 * hashing.cc) taken one b-bit group further, so that every pa bit of a 4 GB memory
 * counts; it is a fold, not one of those vendors' (unpublished) functions.
 */
#include "mem/l2cache.h"

#include <stdio.h>
#include <stdlib.h>

#include "mem/hostbuf.h"
#include "mem/memkind.h"

#define LINE_SHIFT 6u

#define set_err(err, errlen, ...)                          \
    do {                                                   \
        if ((err) != NULL && (errlen) > 0u)                \
            snprintf((err), (errlen), __VA_ARGS__);        \
    } while (0)

static int is_pow2_64(uint64_t x)
{
    return x != 0u && (x & (x - 1u)) == 0u;
}

/* Line number held by the valid way at index i (set * ways + way) of the set `set`:
 * l2c_set inverted, line = t << set_bits | (set ^ l2c_fold(t)) with t its 32-bit tag
 * (under mod, t << set_bits | set). */
static uint64_t line_of(const l2c_t *l2, size_t i, uint32_t set)
{
    if (l2->tag32 != NULL) {
        uint64_t t = l2->tag32[i];
        return t << l2->set_bits | (set ^ l2c_fold(l2, t));
    }
    return l2->tag[i];
}

/* At most once per run, and only for byte addresses of about 2^(38 + set_bits) or more:
 * every tag to 64 bits, for good. */
void l2c_widen(l2c_t *l2)
{
    size_t i, n = (size_t)l2->sets * l2->ways;
    uint64_t *t = hb_alloc_or_stop(n * sizeof *t);
    for (i = 0; i < n; i++)
        t[i] = l2->tag32[i] == L2C_NO_TAG32 ? L2C_NO_LINE :
               line_of(l2, i, (uint32_t)(i / l2->ways));
    free(l2->tag32);
    l2->tag32 = NULL;
    l2->tag = t;
    l2->tag32_alim = UINT64_MAX;
}

int l2c_fill(l2c_t *l2, uint32_t s, uint64_t *wb_line, unsigned *wb_kd)
{
    const l2c_mshr_t *e = &l2->mshr[s];
    uint32_t set = e->set, v;
    size_t base = (size_t)set * l2->ways;
    int wb = 0;

    if (l2->ls16 != NULL) {
        l2c_set16_t *s16 = &l2->ls16[set];
        if (s16->nvalid < l2->ways)        /* the lowest invalid way */
            v = s16->nvalid++;
        else {                             /* else the LRU, the last valid nibble */
            v = xl_repl_order16_lru(s16->order, l2->ways);
            if (s16->dirty >> v & 1u) {
                wb = 1;
                *wb_kd = s16->pt >> v & 1u ? MK_PT : MK_DATA;
            }
        }
        if (wb)
            *wb_line = line_of(l2, base + v, set);
        /* v becomes the MRU: as the LRU it was the last valid nibble, which the shift
         * moves into the stale ones */
        s16->order = xl_repl_order16_push(s16->order, v);
        s16->dirty = (uint16_t)((s16->dirty & ~(1u << v)) | (unsigned)e->dirty << v);
        s16->pt = (uint16_t)((s16->pt & ~(1u << v)) | (unsigned)e->kd << v);
    } else {
        l2c_setn_t *st = &l2->lset[set];
        uint16_t *prev = l2->prev + base, *next = l2->next + base;
        if (st->nvalid < l2->ways) {       /* the lowest invalid way, the most recent */
            v = st->nvalid++;
            xl_repl_list_push(prev, next, &st->mru, &st->lru, v);
        } else {                           /* else the least recently used way */
            v = st->lru;
            if (l2->way[base + v].dirty) {
                wb = 1;
                *wb_kd = l2->way[base + v].kd;
                *wb_line = line_of(l2, base + v, set);
            }
            xl_repl_list_touch(prev, next, &st->mru, &st->lru, v);
        }
        l2->way[base + v].dirty = e->dirty;
        l2->way[base + v].kd = e->kd;
    }
    if (wb) {
        l2->wb[*wb_kd]++;
        l2->writebacks++;
    }
    if (l2->tag32 != NULL)
        l2->tag32[base + v] = (uint32_t)(e->line >> l2->set_bits);
    else
        l2->tag[base + v] = e->line;
    return wb;
}

int l2c_inv(l2c_t *l2, uint32_t set, size_t base, uint32_t w, unsigned *kd)
{
    int dirty;
    uint32_t last;

    if (l2->ls16 != NULL) {
        l2c_set16_t *s16 = &l2->ls16[set];
        unsigned n = s16->nvalid, p, i;
        uint64_t below, above;
        last = n - 1u;
        dirty = s16->dirty >> w & 1u;
        *kd = s16->pt >> w & 1u ? MK_PT : MK_DATA;
        for (p = 0; ((s16->order >> (4u * p)) & 15u) != w; p++)   /* w's recency rank */
            ;
        /* w's nibble leaves; the less recent ones move down one place */
        below = s16->order & ((UINT64_C(1) << (4u * p)) - 1u);
        above = p == 15u ? 0u : s16->order >> (4u * (p + 1u)) << (4u * p);
        s16->order = below | above;
        if (w != last) {                    /* the last valid way moves into w */
            for (i = 0; ((s16->order >> (4u * i)) & 15u) != last; i++)
                ;
            s16->order = (s16->order & ~(UINT64_C(15) << (4u * i))) | (uint64_t)w << (4u * i);
            s16->dirty = (uint16_t)((s16->dirty & ~(1u << w)) | (unsigned)(s16->dirty >> last & 1u) << w);
            s16->pt = (uint16_t)((s16->pt & ~(1u << w)) | (unsigned)(s16->pt >> last & 1u) << w);
        }
        s16->dirty = (uint16_t)(s16->dirty & ~(1u << last));
        s16->pt = (uint16_t)(s16->pt & ~(1u << last));
        s16->nvalid--;
    } else {
        l2c_setn_t *st = &l2->lset[set];
        uint16_t *prev = l2->prev + base, *next = l2->next + base;
        last = st->nvalid - 1u;
        dirty = l2->way[base + w].dirty;
        *kd = l2->way[base + w].kd;
        xl_repl_list_remove(prev, next, &st->mru, &st->lru, w);
        if (w != last) {                    /* the last valid way moves into w */
            uint16_t p = prev[last], n = next[last];
            prev[w] = p;
            next[w] = n;
            if (p == XL_REPL_NIL)
                st->mru = (uint16_t)w;
            else
                next[p] = (uint16_t)w;
            if (n == XL_REPL_NIL)
                st->lru = (uint16_t)w;
            else
                prev[n] = (uint16_t)w;
            l2->way[base + w] = l2->way[base + last];
        }
        prev[last] = next[last] = XL_REPL_NIL;
        l2->way[base + last].dirty = 0;
        l2->way[base + last].kd = 0;
        st->nvalid--;
    }
    if (l2->tag32 != NULL) {
        l2->tag32[base + w] = l2->tag32[base + last];
        l2->tag32[base + last] = L2C_NO_TAG32;
    } else {
        l2->tag[base + w] = l2->tag[base + last];
        l2->tag[base + last] = L2C_NO_LINE;
    }
    return dirty;
}

/* ------------------------------------------------------------ set-up */

int l2c_check(const xl_config_t *c, char *err, size_t errlen)
{
    uint64_t lines;
    if (c->l2d.line_bytes != 64u) {
        set_err(err, errlen, "l2d.line_bytes (%u) must be 64: the memory system moves 64 B "
                "lines (one DRAM burst)", c->l2d.line_bytes);
        return -1;
    }
    lines = (uint64_t)c->l2d.size_kb * 1024u / 64u;
    if (c->l2d.size_kb == 0u || c->l2d.ways == 0u || lines % c->l2d.ways ||
        !is_pow2_64(lines / c->l2d.ways) || lines / c->l2d.ways > UINT32_MAX) {
        set_err(err, errlen, "l2d.size_kb, l2d.ways: %u KB / 64 B / %u ways does not give a "
                "power-of-two number of sets", c->l2d.size_kb, c->l2d.ways);
        return -1;
    }
    if (c->l2d.index != XL_L2_INDEX_MOD && c->l2d.index != XL_L2_INDEX_XOR) {
        set_err(err, errlen, "l2d.index (%d) must be mod or xor", (int)c->l2d.index);
        return -1;
    }
    if (c->l2d.mshrs == 0u || c->l2d.hit_latency == 0u) {
        set_err(err, errlen, "l2d.mshrs (%u) and l2d.hit_latency (%u) must be at least 1",
                c->l2d.mshrs, c->l2d.hit_latency);
        return -1;
    }
    return 0;
}

int l2c_init(l2c_t *l2, const xl_config_t *c)
{
    uint64_t lines = (uint64_t)c->l2d.size_kb * 1024u / 64u, sets = lines / c->l2d.ways;
    uint32_t i;
    l2->sets = (uint32_t)sets;
    l2->ways = c->l2d.ways;
    l2->set_mask = (uint32_t)(sets - 1u);
    l2->fold_mask = c->l2d.index == XL_L2_INDEX_XOR ? l2->set_mask : 0u;
    l2->set_bits = xl_ctz64(sets);
    /* the first line whose tag is L2C_NO_TAG32, as a byte address if one can have it
     * (widening for the address UINT64_MAX, whose tag fits, would only cost time) */
    l2->tag32_alim = (uint64_t)L2C_NO_TAG32 << l2->set_bits;
    l2->tag32_alim = l2->tag32_alim > UINT64_MAX >> LINE_SHIFT ? UINT64_MAX :
                     l2->tag32_alim << LINE_SHIFT;
    l2->tag32 = hb_alloc((size_t)lines * sizeof *l2->tag32);
    if (l2->ways <= 16u)
        l2->ls16 = hb_alloc((size_t)sets * sizeof *l2->ls16);    /* zero: all invalid */
    else {
        l2->lset = hb_alloc((size_t)sets * sizeof *l2->lset);
        l2->prev = hb_alloc((size_t)lines * sizeof *l2->prev);
        l2->next = hb_alloc((size_t)lines * sizeof *l2->next);
        l2->way = hb_alloc((size_t)lines * sizeof *l2->way);
    }
    l2->nmshr = c->l2d.mshrs;
    for (l2->mshr_hmask = 1u; l2->mshr_hmask < 2u * l2->nmshr; l2->mshr_hmask *= 2u)
        ;
    l2->mshr_hash = hb_alloc((size_t)l2->mshr_hmask * sizeof *l2->mshr_hash);
    l2->mshr_hmask--;
    l2->mshr = hb_alloc((size_t)l2->nmshr * sizeof *l2->mshr);
    if (!l2->tag32 || (!l2->ls16 && (!l2->lset || !l2->prev || !l2->next || !l2->way)) ||
        !l2->mshr_hash || !l2->mshr)
        return -1;
    for (i = 0; i < lines; i++)
        l2->tag32[i] = L2C_NO_TAG32;
    for (i = 0; i <= l2->mshr_hmask; i++)
        l2->mshr_hash[i] = L2C_NONE;
    for (i = 0; l2->lset != NULL && i < sets; i++) {
        l2->lset[i].nvalid = 0;
        l2->lset[i].mru = l2->lset[i].lru = XL_REPL_NIL;
    }
    l2->mshr_free = L2C_NONE;
    for (i = l2->nmshr; i-- > 0u;) {          /* free list hands out MSHR 0 first */
        l2->mshr[i].next = l2->mshr_free;
        l2->mshr_free = i;
    }
    return 0;
}

void l2c_free(l2c_t *l2)
{
    free(l2->tag32);
    free(l2->tag);
    free(l2->ls16);
    free(l2->lset);
    free(l2->prev);
    free(l2->next);
    free(l2->way);
    free(l2->mshr_hash);
    free(l2->mshr);
}

void l2c_stats(const l2c_t *l2, xl_stats_t *s)
{
    xl_stats_counter(s, "l2d.accesses", "L2 data cache lookups (bypass_l2 requests excluded)",
                     &l2->accesses);
    xl_stats_counter(s, "l2d.accesses_data", "L2 lookups by data requests", &l2->acc[MK_DATA]);
    xl_stats_counter(s, "l2d.accesses_pt", "L2 lookups by page-table reads", &l2->acc[MK_PT]);
    xl_stats_counter(s, "l2d.hits", "L2 lookups that found their line", &l2->hits);
    xl_stats_counter(s, "l2d.hits_data", "L2 hits of data requests", &l2->hit[MK_DATA]);
    xl_stats_counter(s, "l2d.hits_pt", "L2 hits of page-table reads", &l2->hit[MK_PT]);
    xl_stats_counter(s, "l2d.misses", "L2 lookups that did not find their line (merges included)",
                     &l2->misses);
    xl_stats_counter(s, "l2d.misses_data", "L2 misses of data requests", &l2->miss[MK_DATA]);
    xl_stats_counter(s, "l2d.misses_pt", "L2 misses of page-table reads", &l2->miss[MK_PT]);
    xl_stats_counter(s, "l2d.mshr_merges", "L2 misses merged into an MSHR of the same line",
                     &l2->merges);
    xl_stats_counter(s, "l2d.mshr_merges_data", "MSHR merges of data requests",
                     &l2->merge[MK_DATA]);
    xl_stats_counter(s, "l2d.mshr_merges_pt", "MSHR merges of page-table reads",
                     &l2->merge[MK_PT]);
    xl_stats_counter(s, "l2d.mshr_waits", "L2 misses that found every MSHR busy and waited",
                     &l2->mshr_waits);
    xl_stats_counter(s, "l2d.writebacks", "dirty L2 lines evicted and written to DRAM",
                     &l2->writebacks);
    xl_stats_counter(s, "l2d.writebacks_data", "write-backs of lines filled by data requests",
                     &l2->wb[MK_DATA]);
    xl_stats_counter(s, "l2d.writebacks_pt", "write-backs of lines filled by page-table reads",
                     &l2->wb[MK_PT]);
}

int l2c_partition(l2c_t *l2, uint32_t n, uint64_t zone_lines)
{
    uint32_t per = n ? l2->sets / n : 0u;
    if (n < 2u || per == 0u || per * n != l2->sets || (per & (per - 1u)) || zone_lines == 0u)
        return -1;
    if (l2->tag32 != NULL)
        l2c_widen(l2);
    l2->part_n = n;
    l2->part_sets = per;
    l2->part_lines = zone_lines;
    return 0;
}
