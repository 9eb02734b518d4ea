/*
 * tagblk.h - module "xl_tagblk": the compressed tag block that MICRO'21's two victim
 * stores share (Kotra et al.; docs/papers/translation-reach.md): the LDS-TX segment's tag
 * block (lds_tx.h, §4.2) and the IC-TX line's Tx-mode tag payload (icache_tx.h, §4.3).
 * The paper calls the compression "base-delta" and gives only its sizes (a 16-bit base and
 * 3 x 16-bit deltas in the LDS, a 32-bit base and 64 bits of deltas in the I-cache); the
 * project reads it as shared high bits ([I]): all valid ways of one block share the
 * context and the tag's high bits, stored once as the base, and each way keeps its low tag
 * bits with a valid bit and an age. Pure functions, integer only, no state.
 *
 * Inputs: TB tag-block bits (<= 128), W ways (2..8), A age bits per way, T tag bits
 * (<= 64); M = 1 + A metadata bits per way, S = 4 context bits (vmid 2, vfid 2). Then
 *   L = min(T, floor((TB - S - T - W M) / (W - 1)))   low tag bits per way
 *   H = T - L                                         shared high tag bits (the base)
 *   pad = TB - (S + H + W (M + L))                    unused bits, always 0
 * Layout, from bit 0 up (little-endian: bit 0 is bit 0 of tb[0], bit 64 bit 0 of tb[1]):
 * way w's field (M + L bits) at bit w (M + L): [L-1:0] tag_lo, [L+A-1:L] age, [L+A]
 * valid; then tag_hi (H bits), vfid (2), vmid (2), and the pad bits at the top. The ctx
 * is 4 bits, vmid << 2 | vfid.
 *   LDS (TB 64, W 3, A 2, T 27): L 12, H 15, pad 0 - tag_hi [59:45], vfid [61:60], vmid
 *   [63:62]. I-cache (TB 96, W 8, A 3, T 28): L 4, H 24, pad 4 - sub-way k at [8k+7:8k],
 *   tag_hi [87:64], vfid [89:88], vmid [91:90], pad [95:92].
 * Bits at or above TB in tb[] are outside the block: written 0, and a decode that finds
 * one set (or a pad bit set) says so. Beside the codec: the ages of a block's ways, below.
 */
#ifndef XLAT_TAGBLK_H
#define XLAT_TAGBLK_H

#include <stddef.h>
#include <stdint.h>

#include "xlat/types.h"

/* Bit helpers of the codec and of both stores' byte arrays (little-endian, §2 of the
 * project's reading: bit 0 is bit 0 of byte 0). */
static inline uint64_t xl_tagblk_mask(uint32_t n)          /* n low bits set, n <= 64 */
{
    return n >= 64u ? UINT64_MAX : (UINT64_C(1) << n) - 1u;
}
static inline uint64_t xl_tagblk_rd_le64(const uint8_t *b)
{
    uint64_t v = 0;
    int i;
    for (i = 7; i >= 0; i--)
        v = (v << 8) | b[i];
    return v;
}
static inline void xl_tagblk_wr_le64(uint8_t *b, uint64_t v)
{
    int i;
    for (i = 0; i < 8; i++) {
        b[i] = (uint8_t)(v & 0xffu);
        v >>= 8;
    }
}
static inline uint32_t xl_tagblk_clog2(uint32_t v)         /* ceil(log2 v), v >= 1 */
{
    uint32_t n = 0;
    while ((UINT32_C(1) << n) < v)
        n++;
    return n;
}

#define XL_TAGBLK_MAX_WAYS  8u
#define XL_TAGBLK_MAX_BITS  128u
#define XL_TAGBLK_CTX_BITS  4u

typedef struct {
    uint32_t tb_bits, ways, age_bits, meta_bits;    /* TB, W, A, M = 1 + A */
    uint32_t T, L, H, pad;
    uint32_t way_bits;              /* M + L: one way's field */
    uint32_t base_bits;             /* S + H + pad: the base field with its pad */
    uint32_t hi_pos, vfid_pos, vmid_pos, pad_pos;   /* way w's field is at w way_bits */
} xl_tagblk_geom_t;

/* A block's fields, decoded; ways at and above W are 0. */
typedef struct {
    uint8_t ctx;                    /* vmid << 2 | vfid */
    uint64_t tag_hi;
    struct { uint8_t valid, age; uint64_t tag_lo; } way[XL_TAGBLK_MAX_WAYS];
} xl_tagblk_t;

/* The geometry of (TB, W, A, T) by the formulas above: XL_OK, or XL_EINPUT (g all 0)
 * when TB > 128, W outside 2..8, A outside 1..8, T > 64 or the tag does not fit. */
int xl_tagblk_geom(xl_tagblk_geom_t *g, uint32_t tb_bits, uint32_t ways, uint32_t age_bits,
                   uint32_t T);
/* Encode: XL_OK, or XL_EINPUT (tb all 0) if a field is wider than its place. Ways are
 * encoded as given, valid or not. */
int xl_tagblk_encode(const xl_tagblk_geom_t *g, const xl_tagblk_t *f, uint64_t tb[2]);
/* Decode every field; XL_EINPUT if a pad bit or a bit at or above TB is 1, else XL_OK. */
int xl_tagblk_decode(const xl_tagblk_geom_t *g, const uint64_t tb[2], xl_tagblk_t *f);

/* One way as the stores see it, decoded (STRICT) or kept whole (IDEAL): valid, age, the
 * 4-bit ctx and the full T-bit tag. The ages of a set of n ways follow one rule ([I],
 * lds_tx.h "Ages"): valid ways carry distinct ages 0..(valid ways - 1), 0 = most recent;
 * promote makes way k age 0 (every younger valid way +1), remove invalidates it (every
 * older valid way -1), add puts (ctx, tag) into the invalid way k at age 0 (every valid
 * way +1). Both stores, lds_tx.c and icache_tx.c, use these. */
typedef struct { uint8_t valid, age, ctx; uint64_t tag; } xl_tagblk_way_t;

/* A block as the stores work on it: its base (ctx, tag_hi) and every way whole (valid,
 * age, ctx, the full tag tag_hi << L | tag_lo; an invalid way all 0). */
typedef struct {
    uint8_t ctx;
    uint64_t tag_hi;
    xl_tagblk_way_t w[XL_TAGBLK_MAX_WAYS];
} xl_tagblk_view_t;
/* The view of block tb; the return value is xl_tagblk_decode's. */
int  xl_tagblk_view_read(const xl_tagblk_geom_t *g, const uint64_t tb[2], xl_tagblk_view_t *v);
/* Block tb of view v: the base, and each valid way's age and low tag bits (an invalid
 * way's field 0); the return value is xl_tagblk_encode's. */
int  xl_tagblk_view_write(const xl_tagblk_geom_t *g, const xl_tagblk_view_t *v, uint64_t tb[2]);

uint32_t xl_tagblk_nvalid(const xl_tagblk_way_t *w, uint32_t n);
/* The valid way holding (ctx, tag), or -1. */
int  xl_tagblk_find(const xl_tagblk_way_t *w, uint32_t n, uint8_t ctx, uint64_t tag);
void xl_tagblk_promote(xl_tagblk_way_t *w, uint32_t n, uint32_t k);
void xl_tagblk_remove(xl_tagblk_way_t *w, uint32_t n, uint32_t k);
void xl_tagblk_add(xl_tagblk_way_t *w, uint32_t n, uint32_t k, uint8_t ctx, uint64_t tag);

/* n (<= 64) bits of the 128-bit word tb at bit pos (pos + n <= 128), and their write. */
uint64_t xl_tagblk_get(const uint64_t tb[2], uint32_t pos, uint32_t n);
void xl_tagblk_put(uint64_t tb[2], uint32_t pos, uint32_t n, uint64_t v);

#endif
