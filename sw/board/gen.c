/*
 * gen.c - random mode of work.h: a page table and a stream of walk requests, after the
 * random mode of tests/lockstep/xl_walk_path_lockstep.cpp (its PageTable and Stim), so the
 * board sees the same kinds of walks its RTL was checked on in simulation: 4 KB and 2 MB
 * pages under a few upper-level indices chosen so that neighbourhoods collide at every
 * level (every PWC level hits and misses, coalescing finds neighbours), with holes at
 * every level so some walks fault. Requests come as instructions of 1..16 requests with
 * one instruction id. Everything is drawn from the model's PRNG (xlat/rng.h) and seed;
 * the host's pacing is the protocol's, so there are no calm and busy phases here.
 * fpga/README.md "The protocol" says how the requests reach the board.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "work.h"
#include "xlat/pagetable.h"

/* Upper-level indices (the harness's, which explains the neighbourhoods): L4 indices 1, 2,
 * 3, 5 share one 4 TB neighbourhood (3 has nothing mapped: a fault at the L4 line; 5 only
 * L3 index 0), 12 and 40 have their own; L3 indices 0 and 5 share an 8 GB one; L2 indices
 * 0, 3, 7 a 16 MB one. More (L4, L3, L2) prefixes than the paper's PWCs hold. */
static const uint32_t kL4[] = {1, 2, 12, 40, 5, 3};
static const uint32_t kL4Weight[] = {32, 27, 18, 12, 9, 2};   /* percent; 3 is the hole */
static const uint32_t kL3[] = {0, 5, 9, 64, 300};
static const uint32_t kL3Weight[] = {40, 35, 12, 10, 3};
static const uint32_t kL2[] = {0, 3, 7, 8, 100};
/* Leaf indices in groups of eight (one 32 KB neighbourhood each); [0, 256) and [448, 512)
 * are mapped in a 4 KB table, [256, 448) only by a fresh random draw (a fault). */
static const uint32_t kL1Group[] = {0, 8, 16, 64, 200, 480, 504};

#define NELEM(a) (sizeof(a) / sizeof((a)[0]))

/* One L2 entry's 2 MB of VA: a hole (3 %), a 2 MB page (22 %) or a 4 KB leaf table (75 %)
 * with [0, 256) and [448, 512) mapped except one page in 64. Pass 0 maps only the 2 MB
 * pages, pass 1 the rest; both draw the same numbers. */
static int map_one(xb_work_t *w, int pass, xl_rng_t *r, uint32_t l4, uint32_t l3, uint32_t l2,
                   char *err, size_t errlen)
{
    uint64_t va = ((uint64_t)l4 << 39) | ((uint64_t)l3 << 30) | ((uint64_t)l2 << 21);
    uint64_t kind = xl_rng_below(r, 100);
    uint64_t flags = XL_PTE_RW | XL_PTE_US | XL_PTE_A | XL_PTE_D;
    if (kind < 3) {
        w->holes += (uint64_t)pass;
        return XL_OK;
    }
    if (kind < 25) {
        if (xl_rng_below(r, 2))
            flags |= XL_PTE_G;
        if (pass == 1)
            return XL_OK;
        if (xl_as_map(&w->as, va, XL_PAGE_2M, XL_PAGE_SHIFT_2M, flags, err, errlen) != XL_OK)
            return XL_EINTERNAL;
        w->pages2m++;
        return XL_OK;
    }
    /* PAT (bit 7, where PS sits in an L2 entry) and NX in some leaves: neither twin may
     * read bit 7 of an L1 entry as PS */
    if (xl_rng_below(r, 4) == 0)
        flags |= XL_PTE_PS;
    if (xl_rng_below(r, 4) == 0)
        flags |= XL_PTE_NX;
    uint32_t run = 0;
    for (uint32_t l1 = 0; l1 <= 512; l1++) {
        int in_range = l1 < 512 && (l1 < 256 || l1 >= 448);
        if (in_range && xl_rng_below(r, 64) != 0) {
            run++;
            continue;
        }
        if (in_range)
            w->holes += (uint64_t)pass;
        if (run > 0 && pass == 1) {
            uint64_t start = va + ((uint64_t)(l1 - run) << 12);
            if (xl_as_map(&w->as, start, (uint64_t)run << 12, XL_PAGE_SHIFT_4K, flags, err,
                          errlen) != XL_OK)
                return XL_EINTERNAL;
            w->pages4k += run;
        }
        run = 0;
    }
    return XL_OK;
}

static int build_table(xb_work_t *w, uint64_t seed, char *err, size_t errlen)
{
    xl_rng_t r;
    w->pm = xl_physmem_create(UINT64_C(1) << 30, XL_ALLOC_RANDOM, seed, err, errlen);
    if (w->pm == NULL || xl_as_init(&w->as, w->pm, 1, err, errlen) != XL_OK)
        return XL_EINTERNAL;
    /* two passes over the same draws: the 2 MB pages first (the random allocator
     * fragments physical memory with 4 KB frames, so 2 MB frames come before them) */
    for (int pass = 0; pass < 2; pass++) {
        xl_rng_derive(&r, seed, UINT64_C(0x9A6E7AB1E));
        for (size_t a = 0; a < NELEM(kL4); a++) {
            uint32_t l4 = kL4[a];
            if (l4 == 3)
                continue;   /* L4 hole */
            for (size_t b = 0; b < NELEM(kL3); b++) {
                uint32_t l3 = kL3[b];
                if ((l4 == 12 && l3 == 9) || (l4 == 40 && l3 == 300) || (l4 == 5 && l3 != 0))
                    continue;   /* L3 holes (the requests never draw L4 5 with L3 != 0) */
                for (size_t c = 0; c < NELEM(kL2); c++)
                    if (map_one(w, pass, &r, l4, l3, kL2[c], err, errlen) != XL_OK)
                        return XL_EINTERNAL;
            }
        }
    }
    w->root = w->as.root;
    return XL_OK;
}

static uint32_t pick(xb_work_t *w, const uint32_t *v, const uint32_t *wt, size_t n)
{
    uint64_t x = xl_rng_below(&w->rng, 100), acc = 0;
    for (size_t i = 0; i < n; i++) {
        acc += wt[i];
        if (x < acc)
            return v[i];
    }
    return v[n - 1];
}

static uint32_t draw_l4(xb_work_t *w) { return pick(w, kL4, kL4Weight, NELEM(kL4)); }
static uint32_t draw_l3(xb_work_t *w, uint32_t l4)
{
    return l4 == 5 ? 0u : pick(w, kL3, kL3Weight, NELEM(kL3));
}
static uint32_t draw_l2(xb_work_t *w) { return kL2[xl_rng_below(&w->rng, NELEM(kL2))]; }
static uint32_t draw_l1(xb_work_t *w)
{
    if (xl_rng_below(&w->rng, 32) == 0)
        return (uint32_t)xl_rng_below(&w->rng, 512);   /* anywhere: [256, 448) is unmapped */
    return kL1Group[xl_rng_below(&w->rng, NELEM(kL1Group))] + (uint32_t)xl_rng_below(&w->rng, 8);
}

/* A VA from its four indices and a random page offset. (The harness also sets bits above
 * VA[47] on the C side only; the board's A frame carries 48 bits, and both twins must
 * see the same input, so this one does not.) */
static uint64_t va_of(xb_work_t *w, uint32_t a, uint32_t b, uint32_t c, uint32_t e)
{
    return ((uint64_t)a << 39) | ((uint64_t)b << 30) | ((uint64_t)c << 21) |
           ((uint64_t)(e & 511u) << 12) | xl_rng_below(&w->rng, 4096);
}

/* The next instruction: 1..16 requests in one of four shapes, a row walk (one leaf index
 * stride apart), a gather (independent draws), a hot leaf line (one 32 KB neighbourhood,
 * duplicates possible) or an L2 stride (one request per 2 MB entry of the pool). One
 * instruction in 16 reuses a recent id (its SIMT score merges with entries still buffered). */
static void new_instr(xb_work_t *w)
{
    static const uint32_t strides[] = {1, 4, 8, 64};
    uint32_t id;
    if (w->nrecent > 0 && xl_rng_below(&w->rng, 16) == 0) {
        id = w->recent[xl_rng_below(&w->rng, w->nrecent)];
    } else {
        id = w->next_id;
        w->next_id = (w->next_id + 1u) & XL_WS_INSTR_MASK;
        w->recent[w->nrecent < 8 ? w->nrecent++ : xl_rng_below(&w->rng, 8)] = id;
    }
    w->ncur = 1u + (unsigned)xl_rng_below(&w->rng, 16);
    w->icur = 0;
    uint32_t a = draw_l4(w), b = draw_l3(w, a), c = draw_l2(w), e = draw_l1(w);
    uint32_t stride = strides[xl_rng_below(&w->rng, 4)];
    unsigned shape = (unsigned)xl_rng_below(&w->rng, 4);
    for (unsigned i = 0; i < w->ncur; i++) {
        uint64_t va;
        switch (shape) {
        case 0:
            va = va_of(w, a, b, c, e + i * stride);
            break;
        case 1: {
            uint32_t ga = draw_l4(w);
            uint32_t gb = draw_l3(w, ga), gc = draw_l2(w), ge = draw_l1(w);
            va = va_of(w, ga, gb, gc, ge);
            break;
        }
        case 2:
            va = va_of(w, a, b, c, (e & ~7u) + (uint32_t)xl_rng_below(&w->rng, 8));
            break;
        default:
            va = va_of(w, a, b, kL2[i % NELEM(kL2)], draw_l1(w));
            break;
        }
        w->cur[i].va = va;
        w->cur[i].instr = id;
    }
}

int xb_work_random(xb_work_t *w, uint64_t seed, uint64_t requests, char *err, size_t errlen)
{
    memset(w, 0, sizeof *w);
    w->limit = requests;
    if (build_table(w, seed, err, errlen) != XL_OK) {
        char e[256];
        snprintf(e, sizeof e, "%s", err);
        snprintf(err, errlen, "page table: %s", e);
        return XL_EINTERNAL;
    }
    xl_rng_derive(&w->rng, seed, UINT64_C(0x57173));
    w->next_id = (uint32_t)xl_rng_below(&w->rng, UINT64_C(1) << 20);
    return XL_OK;
}

void xb_gen_next(xb_work_t *w, xb_arrival_t *a)
{
    if (w->icur == w->ncur)
        new_instr(w);
    *a = w->cur[w->icur++];
}
