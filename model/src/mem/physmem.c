/*
 * physmem.c - simulated physical memory: a sparse store of 4 KB frames and the
 * deterministic, seeded frame allocator (docs/isca18-micro18.md §1.2, "deterministic
 * seeded allocator for data and page-table pages"; frames hold the x86-64 page
 * tables of §1.3).
 *
 * Two structures, both independent of host pointer values:
 *  - the frame-used bitmap, one bit per 4 KB frame, split into 1 GB regions that are
 *    allocated on first use (a never-touched region is all free). Each region also
 *    keeps a used count per 2 MB chunk, so scans skip full chunks and alloc_2m finds
 *    empty chunks without reading bits. A random allocation in a very large memory
 *    therefore costs one region (about 33 KB of host memory) per touched gigabyte.
 *  - the backing store, only for frames that were written with a non-zero value: an
 *    open-addressing hash (multiplicative hash of the frame number, linear probing,
 *    doubled at half load by re-inserting in table order) from frame number to a
 *    4 KB block of 512 64-bit words (every access is a whole word, so host byte order
 *    never shows).
 *
 * The sequential hints are exact: every frame below seq_frame_hint and every chunk
 * below seq_chunk_hint is in use; xl_physmem_free_4k lowers them again.
 */
#include "xlat/physmem.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PM_FRAME_SHIFT        12u
#define PM_CHUNK_FRAMES       512u                      /* 2 MB / 4 KB */
#define PM_REGION_SHIFT       18u                       /* frames per region = 2^18 (1 GB) */
#define PM_REGION_FRAMES      (UINT64_C(1) << PM_REGION_SHIFT)
#define PM_REGION_CHUNKS      (PM_REGION_FRAMES / PM_CHUNK_FRAMES)   /* 512 */
#define PM_REGION_WORDS       (PM_REGION_FRAMES / 64u)               /* 4096 */
#define PM_NONE               UINT64_MAX
#define PM_MIN_SIZE           (UINT64_C(4) << 20)
#define PM_MAX_SIZE           (UINT64_C(1) << 52)
#define PM_HASH_MULT          UINT64_C(0x9E3779B97F4A7C15)
#define PM_HASH_MIN_LOG2      8u

typedef struct {
    uint64_t bits[PM_REGION_WORDS];          /* bit f: frame (region base + f) is in use */
    uint16_t chunk_used[PM_REGION_CHUNKS];   /* frames in use per 2 MB chunk, 0..512 */
    uint32_t used;                           /* frames in use in this region */
} pm_region_t;

typedef struct {
    uint64_t key;      /* frame number + 1; 0 marks an empty slot */
    uint64_t *data;    /* 512 words of the frame */
} pm_slot_t;

/* Accessors return no status, so a bad access (out of range, misaligned, or out of
 * host memory on a write) is counted here and read back by xl_physmem_bad_accesses. */
typedef struct {
    uint64_t bad_accesses;     /* accesses refused: out of range, misaligned, host OOM */
    xl_pa_t first_bad_pa;      /* address of the first refused access */
} pm_diag_t;

struct xl_physmem {
    uint64_t size;             /* bytes */
    uint64_t nframes;          /* size / 4 KB */
    uint64_t nchunks;          /* size / 2 MB */
    uint64_t nregions;         /* ceil(nframes / 2^18) */
    xl_alloc_policy_t policy;
    xl_rng_t rng;              /* seeded once from `seed`; only XL_ALLOC_RANDOM draws */
    pm_region_t **regions;     /* nregions pointers, NULL = region never touched */
    uint64_t frames_used;      /* 4 KB frames handed out (reserved frame 0 not counted) */
    uint64_t chunks_free;      /* 2 MB chunks with no frame in use (chunk 0 never is) */
    uint64_t seq_frame_hint;   /* every frame below this is in use */
    uint64_t seq_chunk_hint;   /* every chunk below this has a frame in use */
    uint64_t zlo, zhi;         /* the allocation zone: chunks [zlo, zhi) (set_zone) */
    int zoned;                 /* a zone smaller than the whole memory is set */
    pm_slot_t *slots;          /* backing-store hash table, cap slots */
    uint64_t cap;              /* slots in the table, a power of two (0 before first use) */
    unsigned cap_log2;         /* log2(cap) */
    uint64_t stored;           /* frames with backing storage */
    pm_diag_t *diag;           /* bad-access record, behind a pointer so that reads through
                                * a const xl_physmem_t can still report */
};

/* ---- frame-used bitmap ------------------------------------------------------- */

/* Frames in region r: 2^18, except a last region cut short by the memory size. */
static uint64_t pm_region_frames(const xl_physmem_t *pm, uint64_t r)
{
    uint64_t base = r << PM_REGION_SHIFT;
    uint64_t left = pm->nframes - base;
    return left < PM_REGION_FRAMES ? left : PM_REGION_FRAMES;
}

static int pm_frame_used(const xl_physmem_t *pm, uint64_t f)
{
    const pm_region_t *reg = pm->regions[f >> PM_REGION_SHIFT];
    uint64_t i = f & (PM_REGION_FRAMES - 1u);
    return reg ? (int)((reg->bits[i >> 6] >> (i & 63u)) & 1u) : 0;
}

static pm_region_t *pm_region_get(xl_physmem_t *pm, uint64_t f)
{
    pm_region_t **slot = &pm->regions[f >> PM_REGION_SHIFT];
    if (!*slot)
        *slot = calloc(1, sizeof **slot);
    return *slot;
}

/* Mark the free frame f in use. Returns XL_EINTERNAL only when the host is out of
 * memory for a new region. */
static int pm_mark_frame(xl_physmem_t *pm, uint64_t f)
{
    pm_region_t *reg = pm_region_get(pm, f);
    if (!reg)
        return XL_EINTERNAL;
    uint64_t i = f & (PM_REGION_FRAMES - 1u);
    reg->bits[i >> 6] |= UINT64_C(1) << (i & 63u);
    if (reg->chunk_used[i / PM_CHUNK_FRAMES]++ == 0)
        pm->chunks_free--;
    reg->used++;
    return XL_OK;
}

/* Mark the whole free chunk c (512 frames) in use. */
static int pm_mark_chunk(xl_physmem_t *pm, uint64_t c)
{
    uint64_t f = c * PM_CHUNK_FRAMES;
    pm_region_t *reg = pm_region_get(pm, f);
    if (!reg)
        return XL_EINTERNAL;
    uint64_t i = f & (PM_REGION_FRAMES - 1u);
    for (unsigned w = 0; w < PM_CHUNK_FRAMES / 64u; w++)
        reg->bits[(i >> 6) + w] = UINT64_MAX;
    reg->chunk_used[i / PM_CHUNK_FRAMES] = PM_CHUNK_FRAMES;
    reg->used += PM_CHUNK_FRAMES;
    pm->chunks_free--;
    return XL_OK;
}

/* Index of the lowest set bit of v != 0 (portable, no builtins). */
static unsigned pm_ctz64(uint64_t v)
{
    unsigned n = 0;
    if (!(v & UINT64_C(0xFFFFFFFF))) { n += 32; v >>= 32; }
    if (!(v & UINT64_C(0xFFFF)))     { n += 16; v >>= 16; }
    if (!(v & UINT64_C(0xFF)))       { n += 8;  v >>= 8; }
    if (!(v & UINT64_C(0xF)))        { n += 4;  v >>= 4; }
    if (!(v & UINT64_C(0x3)))        { n += 2;  v >>= 2; }
    if (!(v & UINT64_C(0x1)))        { n += 1; }
    return n;
}

/* Lowest free frame >= f, or PM_NONE if every frame in [f, nframes) is in use. */
static uint64_t pm_find_free_frame(const xl_physmem_t *pm, uint64_t f)
{
    while (f < pm->nframes) {
        uint64_t r = f >> PM_REGION_SHIFT;
        uint64_t rbase = r << PM_REGION_SHIFT;
        uint64_t rend = rbase + pm_region_frames(pm, r);
        const pm_region_t *reg = pm->regions[r];
        if (!reg)
            return f;                      /* untouched region: all free */
        if (reg->used == rend - rbase) {
            f = rend;                      /* full region */
            continue;
        }
        while (f < rend) {
            uint64_t i = f - rbase;
            if (reg->chunk_used[i / PM_CHUNK_FRAMES] == PM_CHUNK_FRAMES) {
                f = (f | (PM_CHUNK_FRAMES - 1u)) + 1u;   /* full chunk */
                continue;
            }
            uint64_t freebits = ~reg->bits[i >> 6] & (UINT64_MAX << (i & 63u));
            if (freebits)
                return (f & ~UINT64_C(63)) + pm_ctz64(freebits);
            f = (f | 63u) + 1u;
        }
    }
    return PM_NONE;
}

/* Lowest chunk >= c with no frame in use, or PM_NONE. */
static uint64_t pm_find_free_chunk(const xl_physmem_t *pm, uint64_t c)
{
    while (c < pm->nchunks) {
        uint64_t r = (c * PM_CHUNK_FRAMES) >> PM_REGION_SHIFT;
        uint64_t rend = (r + 1u) * PM_REGION_CHUNKS;
        const pm_region_t *reg = pm->regions[r];
        if (rend > pm->nchunks)
            rend = pm->nchunks;
        if (!reg)
            return c;
        for (; c < rend; c++)
            if (reg->chunk_used[c % PM_REGION_CHUNKS] == 0)
                return c;
    }
    return PM_NONE;
}

/* ---- creation ----------------------------------------------------------------- */

xl_physmem_t *xl_physmem_create(uint64_t size_bytes, xl_alloc_policy_t policy, uint64_t seed,
                                char *err, size_t errlen)
{
    if (size_bytes % XL_PAGE_2M != 0) {
        snprintf(err, errlen, "physical memory size %llu bytes is not a multiple of 2 MB",
                 (unsigned long long)size_bytes);
        return NULL;
    }
    if (size_bytes < PM_MIN_SIZE) {
        snprintf(err, errlen, "physical memory size %llu bytes is below the 4 MB minimum",
                 (unsigned long long)size_bytes);
        return NULL;
    }
    if (size_bytes > PM_MAX_SIZE) {
        snprintf(err, errlen, "physical memory size %llu bytes is above 2^52 bytes (52-bit PA)",
                 (unsigned long long)size_bytes);
        return NULL;
    }
    if (policy != XL_ALLOC_SEQUENTIAL && policy != XL_ALLOC_RANDOM) {
        snprintf(err, errlen, "frame allocation policy %d is neither sequential (0) nor random (1)",
                 (int)policy);
        return NULL;
    }
    xl_physmem_t *pm = calloc(1, sizeof *pm);
    if (pm) {
        pm->size = size_bytes;
        pm->nframes = size_bytes >> PM_FRAME_SHIFT;
        pm->nchunks = size_bytes / XL_PAGE_2M;
        pm->nregions = (pm->nframes + PM_REGION_FRAMES - 1u) >> PM_REGION_SHIFT;
        pm->chunks_free = pm->nchunks;
        pm->policy = policy;
        xl_rng_seed(&pm->rng, seed);
        pm->regions = calloc((size_t)pm->nregions, sizeof *pm->regions);
        pm->diag = calloc(1, sizeof *pm->diag);
    }
    /* Frame 0 is reserved, never handed out, so that a PTE whose frame field is 0 can
     * never point at a valid node or page. It is not counted in frames_used. */
    if (!pm || !pm->regions || !pm->diag || pm_mark_frame(pm, 0) != XL_OK) {
        xl_physmem_destroy(pm);
        snprintf(err, errlen, "out of host memory creating a %llu-byte physical memory",
                 (unsigned long long)size_bytes);
        return NULL;
    }
    pm->seq_frame_hint = 1;
    pm->zhi = pm->nchunks;
    return pm;
}

void xl_physmem_destroy(xl_physmem_t *pm)
{
    if (!pm)
        return;
    if (pm->regions)
        for (uint64_t r = 0; r < pm->nregions; r++)
            free(pm->regions[r]);
    free(pm->regions);
    for (uint64_t s = 0; s < pm->cap; s++)
        free(pm->slots[s].data);
    free(pm->slots);
    free(pm->diag);
    free(pm);
}

uint64_t xl_physmem_size(const xl_physmem_t *pm) { return pm->size; }
uint64_t xl_physmem_frames_used(const xl_physmem_t *pm) { return pm->frames_used; }
uint64_t xl_physmem_frames_stored(const xl_physmem_t *pm) { return pm->stored; }

int xl_physmem_frame_is_used(const xl_physmem_t *pm, xl_pa_t pa)
{
    uint64_t f = pa >> PM_FRAME_SHIFT;
    return f < pm->nframes ? pm_frame_used(pm, f) : 0;
}

uint64_t xl_physmem_bad_accesses(const xl_physmem_t *pm, xl_pa_t *first_pa)
{
    if (first_pa)
        *first_pa = pm->diag->first_bad_pa;
    return pm->diag->bad_accesses;
}

/* ---- allocation --------------------------------------------------------------- */

int xl_physmem_set_zone(xl_physmem_t *pm, unsigned zone, unsigned nzones)
{
    if (nzones == 0 || zone >= nzones)
        return XL_EINPUT;
    uint64_t lo = pm->nchunks * zone / nzones, hi = pm->nchunks * (zone + 1u) / nzones;
    if (lo == hi)
        return XL_EINPUT;
    pm->zlo = lo;
    pm->zhi = hi;
    pm->zoned = nzones > 1;
    return XL_OK;
}

/* Inside a zone (set_zone): the first free frame or chunk (find) at or above start in
 * [lo, hi), else from lo; PM_NONE when the zone has none. */
static uint64_t pm_zone_frame(const xl_physmem_t *pm, uint64_t start)
{
    uint64_t lo = pm->zlo * PM_CHUNK_FRAMES, hi = pm->zhi * PM_CHUNK_FRAMES;
    uint64_t f = pm_find_free_frame(pm, start);
    if (f == PM_NONE || f >= hi)
        f = pm_find_free_frame(pm, lo);
    return f < hi ? f : PM_NONE;
}
static uint64_t pm_zone_chunk(const xl_physmem_t *pm, uint64_t start)
{
    uint64_t c = pm_find_free_chunk(pm, start);
    if (c == PM_NONE || c >= pm->zhi)
        c = pm_find_free_chunk(pm, pm->zlo);
    return c < pm->zhi ? c : PM_NONE;
}

int xl_physmem_alloc_4k(xl_physmem_t *pm, xl_pa_t *pa_out)
{
    if (pm->zoned) {   /* a zone: a random (or the lowest) free frame of it */
        uint64_t lo = pm->zlo * PM_CHUNK_FRAMES, n = (pm->zhi - pm->zlo) * PM_CHUNK_FRAMES;
        uint64_t z = pm->policy == XL_ALLOC_SEQUENTIAL ? pm_zone_frame(pm, lo)
                                                       : pm_zone_frame(pm, lo + xl_rng_below(&pm->rng, n));
        if (z == PM_NONE)
            return XL_EINPUT;
        if (pm_mark_frame(pm, z) != XL_OK)
            return XL_EINTERNAL;
        pm->frames_used++;
        *pa_out = z << PM_FRAME_SHIFT;
        return XL_OK;
    }
    uint64_t f;
    /* nframes - 1 frames can be handed out: frame 0 is reserved. */
    if (pm->frames_used + 1u >= pm->nframes)
        return XL_EINPUT;
    if (pm->policy == XL_ALLOC_SEQUENTIAL) {
        f = pm_find_free_frame(pm, pm->seq_frame_hint);
    } else {
        /* A uniformly random frame index; if it is in use, the next free frame above
         * it, wrapping to the bottom of memory. */
        uint64_t start = xl_rng_below(&pm->rng, pm->nframes);
        f = pm_find_free_frame(pm, start);
        if (f == PM_NONE)
            f = pm_find_free_frame(pm, 0);
    }
    if (f == PM_NONE)
        return XL_EINTERNAL;   /* cannot happen: frames_used says one is free */
    if (pm_mark_frame(pm, f) != XL_OK)
        return XL_EINTERNAL;
    if (pm->policy == XL_ALLOC_SEQUENTIAL)
        pm->seq_frame_hint = f + 1u;
    pm->frames_used++;
    *pa_out = f << PM_FRAME_SHIFT;
    return XL_OK;
}

int xl_physmem_alloc_2m(xl_physmem_t *pm, xl_pa_t *pa_out)
{
    uint64_t c;
    if (pm->zoned) {
        uint64_t z = pm->policy == XL_ALLOC_SEQUENTIAL
                         ? pm_zone_chunk(pm, pm->zlo)
                         : pm_zone_chunk(pm, pm->zlo + xl_rng_below(&pm->rng, pm->zhi - pm->zlo));
        if (z == PM_NONE)
            return XL_EINPUT;
        if (pm_mark_chunk(pm, z) != XL_OK)
            return XL_EINTERNAL;
        pm->frames_used += PM_CHUNK_FRAMES;
        *pa_out = z * XL_PAGE_2M;
        return XL_OK;
    }
    if (pm->chunks_free == 0)
        return XL_EINPUT;
    if (pm->policy == XL_ALLOC_SEQUENTIAL) {
        c = pm_find_free_chunk(pm, pm->seq_chunk_hint);
    } else {
        /* Same rule as 4 KB frames, on 2 MB chunks: a random chunk index, then the next
         * chunk with all 512 frames free, wrapping. */
        uint64_t start = xl_rng_below(&pm->rng, pm->nchunks);
        c = pm_find_free_chunk(pm, start);
        if (c == PM_NONE)
            c = pm_find_free_chunk(pm, 0);
    }
    if (c == PM_NONE)
        return XL_EINTERNAL;   /* cannot happen: chunks_free says one is free */
    if (pm_mark_chunk(pm, c) != XL_OK)
        return XL_EINTERNAL;
    if (pm->policy == XL_ALLOC_SEQUENTIAL)
        pm->seq_chunk_hint = c + 1u;
    pm->frames_used += PM_CHUNK_FRAMES;
    *pa_out = c * XL_PAGE_2M;
    return XL_OK;
}

/* ---- 64 KB blocks: 16 frames, a quarter of one bitmap word -------------------- */

#define PM_BLOCK_FRAMES 16u

/* Lowest block >= b whose 16 frames are all free, or PM_NONE. */
static uint64_t pm_find_free_block(const xl_physmem_t *pm, uint64_t b)
{
    uint64_t nb = pm->nframes / PM_BLOCK_FRAMES;
    while (b < nb) {
        uint64_t f = b * PM_BLOCK_FRAMES, i = f & (PM_REGION_FRAMES - 1u);
        const pm_region_t *reg = pm->regions[f >> PM_REGION_SHIFT];
        if (!reg)
            return b;                                   /* untouched region: all free */
        if (reg->chunk_used[i / PM_CHUNK_FRAMES] == PM_CHUNK_FRAMES) {
            b = ((f | (PM_CHUNK_FRAMES - 1u)) + 1u) / PM_BLOCK_FRAMES;   /* full chunk */
            continue;
        }
        if (((reg->bits[i >> 6] >> (i & 63u)) & 0xFFFFu) == 0)
            return b;
        b++;
    }
    return PM_NONE;
}

int xl_physmem_alloc_64k(xl_physmem_t *pm, xl_pa_t *pa_out)
{
    uint64_t per_chunk = PM_CHUNK_FRAMES / PM_BLOCK_FRAMES;
    uint64_t lo = pm->zlo * per_chunk, hi = pm->zhi * per_chunk;
    uint64_t start = pm->policy == XL_ALLOC_SEQUENTIAL ? lo : lo + xl_rng_below(&pm->rng, hi - lo);
    uint64_t b = pm_find_free_block(pm, start);
    if (b == PM_NONE || b >= hi)        /* the next free block above, wrapping in the zone */
        b = pm_find_free_block(pm, lo);
    if (b == PM_NONE || b >= hi)
        return XL_EINPUT;
    uint64_t f = b * PM_BLOCK_FRAMES, i = f & (PM_REGION_FRAMES - 1u);
    pm_region_t *reg = pm_region_get(pm, f);
    if (!reg)
        return XL_EINTERNAL;
    reg->bits[i >> 6] |= UINT64_C(0xFFFF) << (i & 63u);
    if (reg->chunk_used[i / PM_CHUNK_FRAMES] == 0)
        pm->chunks_free--;
    reg->chunk_used[i / PM_CHUNK_FRAMES] += PM_BLOCK_FRAMES;
    reg->used += PM_BLOCK_FRAMES;
    pm->frames_used += PM_BLOCK_FRAMES;
    *pa_out = f << PM_FRAME_SHIFT;
    return XL_OK;
}

int xl_physmem_free_4k(xl_physmem_t *pm, xl_pa_t pa)
{
    uint64_t f = pa >> PM_FRAME_SHIFT;
    if (pa >= pm->size || (pa & (XL_PAGE_4K - 1u)) || f == 0 || !pm_frame_used(pm, f))
        return XL_EINPUT;
    pm_region_t *reg = pm->regions[f >> PM_REGION_SHIFT];
    uint64_t i = f & (PM_REGION_FRAMES - 1u);
    reg->bits[i >> 6] &= ~(UINT64_C(1) << (i & 63u));
    if (--reg->chunk_used[i / PM_CHUNK_FRAMES] == 0)
        pm->chunks_free++;
    reg->used--;
    pm->frames_used--;
    if (f < pm->seq_frame_hint)
        pm->seq_frame_hint = f;
    if (f / PM_CHUNK_FRAMES < pm->seq_chunk_hint)
        pm->seq_chunk_hint = f / PM_CHUNK_FRAMES;
    /* A frame handed out again must read 0, like a never-written one. */
    xl_physmem_zero_frame(pm, pa);
    return XL_OK;
}

/* ---- backing store ------------------------------------------------------------ */

static uint64_t pm_hash(uint64_t frame, unsigned log2)
{
    return (frame * PM_HASH_MULT) >> (64u - log2);
}

static uint64_t *pm_lookup(const xl_physmem_t *pm, uint64_t frame)
{
    if (!pm->cap)
        return NULL;
    uint64_t mask = pm->cap - 1u;
    for (uint64_t s = pm_hash(frame, pm->cap_log2);; s = (s + 1u) & mask) {
        if (pm->slots[s].key == frame + 1u)
            return pm->slots[s].data;
        if (pm->slots[s].key == 0)
            return NULL;
    }
}

static void pm_place(pm_slot_t *slots, uint64_t cap, unsigned log2, pm_slot_t e)
{
    uint64_t s = pm_hash(e.key - 1u, log2);
    while (slots[s].key != 0)
        s = (s + 1u) & (cap - 1u);
    slots[s] = e;
}

/* Storage for frame, created zeroed if absent; NULL when the host is out of memory. */
static uint64_t *pm_store(xl_physmem_t *pm, uint64_t frame)
{
    uint64_t *d = pm_lookup(pm, frame);
    if (d)
        return d;
    if ((pm->stored + 1u) * 2u > pm->cap) {
        /* Double at half load. Re-inserting in old-table order makes the new layout a
         * function of the keys and their history only. */
        unsigned nlog2 = pm->cap ? pm->cap_log2 + 1u : PM_HASH_MIN_LOG2;
        uint64_t ncap = UINT64_C(1) << nlog2;
        pm_slot_t *ns = calloc((size_t)ncap, sizeof *ns);
        if (!ns)
            return NULL;
        for (uint64_t s = 0; s < pm->cap; s++)
            if (pm->slots[s].key)
                pm_place(ns, ncap, nlog2, pm->slots[s]);
        free(pm->slots);
        pm->slots = ns;
        pm->cap = ncap;
        pm->cap_log2 = nlog2;
    }
    d = calloc(XL_PAGE_4K / 8u, sizeof *d);
    if (!d)
        return NULL;
    pm_place(pm->slots, pm->cap, pm->cap_log2, (pm_slot_t){frame + 1u, d});
    pm->stored++;
    return d;
}

static void pm_bad(const xl_physmem_t *pm, xl_pa_t pa)
{
    if (pm->diag->bad_accesses++ == 0)
        pm->diag->first_bad_pa = pa;
}

uint64_t xl_physmem_read64(const xl_physmem_t *pm, xl_pa_t pa)
{
    if (pa >= pm->size || (pa & 7u)) {
        pm_bad(pm, pa);
        return 0;
    }
    const uint64_t *d = pm_lookup(pm, pa >> PM_FRAME_SHIFT);
    return d ? d[(pa & (XL_PAGE_4K - 1u)) >> 3] : 0;
}

void xl_physmem_write64(xl_physmem_t *pm, xl_pa_t pa, uint64_t value)
{
    if (pa >= pm->size || (pa & 7u)) {
        pm_bad(pm, pa);
        return;
    }
    uint64_t frame = pa >> PM_FRAME_SHIFT;
    uint64_t *d = pm_lookup(pm, frame);
    if (!d) {
        if (value == 0)
            return;        /* an unstored frame already reads 0: keep it unstored */
        d = pm_store(pm, frame);
        if (!d) {
            pm_bad(pm, pa);
            return;
        }
    }
    d[(pa & (XL_PAGE_4K - 1u)) >> 3] = value;
}

void xl_physmem_read_line(const xl_physmem_t *pm, xl_pa_t pa, uint64_t out[8])
{
    if (pa >= pm->size || (pa & (XL_LINE_BYTES - 1u))) {
        pm_bad(pm, pa);
        memset(out, 0, 8u * sizeof out[0]);
        return;
    }
    const uint64_t *d = pm_lookup(pm, pa >> PM_FRAME_SHIFT);
    if (d)
        memcpy(out, d + ((pa & (XL_PAGE_4K - 1u)) >> 3), 8u * sizeof out[0]);
    else
        memset(out, 0, 8u * sizeof out[0]);
}

void xl_physmem_zero_frame(xl_physmem_t *pm, xl_pa_t pa)
{
    if (pa >= pm->size || (pa & (XL_PAGE_4K - 1u))) {
        pm_bad(pm, pa);
        return;
    }
    uint64_t *d = pm_lookup(pm, pa >> PM_FRAME_SHIFT);
    if (d)
        memset(d, 0, XL_PAGE_4K);
}
