/*
 * lds_tx.h - block "xl_ldstx": the LDS of one CU used as a victim store for translations
 * (LDS-TX), MICRO'21 §4.2 (Kotra et al.; docs/papers/translation-reach.md "LDS-TX"): the
 * segment store with its per-segment mode bits, the bit-exact compressed tag-block codec,
 * and the operations of lookup, insert, invalidate, application store / load, work-group
 * allocation and release scrub, with their counters, as plain calls without timing. The
 * timed GPU holds one per CU behind its port (model/src/gpu/vstore.h, which charges the
 * port cycles each call returns); the RTL twin is planned (the codec first).
 *
 *   xl_ldstx_reset(st, params, err, n)   validate, size and clear (rule 1 below)
 *   xl_ldstx_free(st)
 *   xl_ldstx_lookup / _insert / _inv / _inv_ctx / _inv_all      the translation side
 *   xl_ldstx_app_store / _app_load / _wg_alloc / _scrub         the application side
 *   xl_ldstx_geom                       the geometry; the codec is tagblk.h's
 *
 * Geometry (params): lds_bytes (power of two, default 16 KB), seg_bytes 32 (3 ways, 8 B
 * tag block) or 64 (the paper's LDS_SEG64 variant, §6.3.1: 6 ways, 16 B tag block), page
 * shift 12 / 16 / 21. Segment s is the LDS bytes [seg_bytes s, seg_bytes (s + 1)); the
 * set of a VPN is its low log2(segments) bits; the tag is the VPN's remaining bits, T =
 * 48 - shift - log2(segments) wide. Everything is integer; no state outside the struct.
 *
 * Tag block (TAGS = STRICT, the RTL golden model). TB = 8 seg_bytes / 4 bits (64 or 128)
 * at segment bytes [0, TB/8), little-endian (bit 0 = bit 0 of byte 0); way w's PTE (8 B,
 * little-endian) at bytes TB/8 + 8 w. W ways, A = ceil(log2 W) age bits, M = 1 + A, S = 4
 * context bits, and (MICRO'21 §4.2's "base-delta", read as shared high bits):
 *   L = min(T, floor((TB - S - T - W M) / (W - 1)))   low tag bits per way
 *   H = T - L                                         shared high tag bits (the base)
 *   pad = TB - (S + H + W (M + L))                    unused bits, always 0
 * Fields from bit 0 up: way w's field at bit w (M + L): [L-1:0] tag_lo, [L+A-1:L] age,
 * [L+A] valid; then tag_hi (H bits), vfid (2), vmid (2), then the pad bits at the top
 * ([I] the paper gives no layout; the pad goes at the top as in the I-cache's layout).
 * Default (16 KB, 32 B, 4 KB pages): T 27, L 12, H 15, pad 0: way fields at 0 / 15 / 30,
 * tag_hi [59:45], vfid [61:60], vmid [63:62]. The context ctx is 4 bits, vmid << 2 | vfid.
 * A way hits iff valid, base ctx == ctx, tag_hi == tag[T-1:L] and tag_lo == tag[L-1:0].
 * An invalid way's field is written all 0 ([I], so the block is canonical). The codec is
 * the one MICRO'21's I-cache store shares (xlat/tagblk.h).
 *
 * TAGS = IDEAL (model only, to measure the codec's cost): each way keeps its full tag and
 * its ctx in side storage, no compression check; the PTEs are in the LDS bytes as in
 * STRICT, the tag-block bytes are left as reset or scrub wrote them (0) [I].
 * With the same (ctx, tag_hi) for every entry of a set, IDEAL and STRICT give the same
 * results; they differ exactly where STRICT meets a compression conflict.
 *
 * Mode bits (a separate per-segment array, not the LDS bytes): TX or LDS, one per segment,
 * so one per 64 B under LDS_SEG64 ([I]; the paper's bit is per 32 B segment). Rules
 * (§4.2; the numbered ones are [I] choices where the paper is open):
 *  1. reset: every segment TX, the whole array 0 ([I] the PTE bytes too; the rule asks
 *     for the tag blocks only), so no valid way.
 *  2. application store (any bytes): each segment it touches becomes LDS; the valid ways
 *     of a segment that was TX are lost (clean: no write-back), counted lost_app_store.
 *  3. application load: bytes of TX segments read as 0 (no PFN leaks to user code), mode
 *     unchanged; counted per TX segment read (app_zero_reads).
 *  4. work-group allocation: LAZY (default) does nothing; EAGER sets LDS on the range,
 *     the valid ways of TX segments in it lost (lost_alloc).
 *  5. release scrub, one segment per call: an LDS segment gets its tag block zeroed and
 *     becomes TX (1 port write); a TX segment is left alone (it may hold live ways). The
 *     caller scrubs the released range in ascending order, one segment per idle port
 *     cycle; a segment stays LDS until its scrub call.
 *  A translation never writes an LDS segment: lookup and insert see LDS mode and skip.
 *
 * Ages (§4.2 "2 LRU bits", rules [I]): valid ways carry distinct ages 0..n-1, 0 = most
 * recent.
 *  - insert of (ctx, vpn) already present: PTE updated, promoted (age 0, younger ways +1).
 *  - else STRICT with valid ways and (ctx, tag_hi) != base: a compression conflict.
 *    REBASE (default): every valid way dropped (not returned), base rewritten, entry in
 *    way 0 at age 0; BYPASS: not inserted, the caller sends it on as if LDS mode.
 *  - else a free way: the lowest invalid; age 0, every valid way +1 (the base is written
 *    when the segment had no valid way).
 *  - else the way of age W-1 is the victim, returned with its ctx, vpn and PTE rebuilt
 *    from the block; the entry takes its way at age 0, the others +1.
 *  - hit, EXCLUSIVE (default [I]; the paper promotes hits to the L1 TLB): the way is
 *    invalidated, every older valid way -1. INCLUSIVE: the way is promoted as above.
 *  - invalidate (shootdown): like an exclusive hit, without returning anything.
 * A segment whose ways all went invalid keeps its old base; only an insert rewrites it
 * [I]. The scrub zeroes the tag block only, not the PTE bytes (rule 5).
 *
 * Port cycles each call would take at the LDS port (§4.2 costs, vstore.h's; each
 * result returns them as rd / wr, and the counters port_rd / port_wr sum them):
 *   lookup      LDS mode: 0 (mode bits are flops); TX: 1 read (whole segment), + 1 write
 *               (tag word) on a hit, exclusive or inclusive ([I] inclusive always writes)
 *   insert      LDS mode: 0; TX: 1 read + 1 write (read-modify-write), except a BYPASS
 *               conflict: 1 read, no write
 *   inv         LDS mode: 0; TX: 1 read, + 1 write if a way was found ([I] no write on a
 *               miss)
 *   inv_ctx/all per TX segment 1 read, + 1 write for each segment it changed
 *   scrub       1 write when it scrubs, else 0 (the mode bit tells without a read)
 *   app_store / app_load / wg_alloc   native LDS traffic or flops: not counted here
 * Order of same-cycle events for an RTL lockstep ([I], the project's rule): invalidations,
 * native accesses, fills, lookups (the timed GPU calls them in its event order).
 *
 * Inputs are masked, not checked, on the translation side: vpn to its 48 - shift bits, ctx
 * to 4 bits. PTEs are stored as given (the leaf x86-64 PTE, 8 B).
 */
#ifndef XLAT_LDS_TX_H
#define XLAT_LDS_TX_H

#include <stddef.h>
#include <stdint.h>

#include "xlat/tagblk.h"
#include "xlat/types.h"

#define XL_LDSTX_MAX_WAYS   6u
#define XL_LDSTX_CTX_BITS   4u
#define XL_LDSTX_MAX_BYTES  (UINT32_C(1) << 20)   /* largest LDS accepted (1 MB) */
#define XL_LDSTX_CTX(vmid, vfid) ((uint8_t)((((vmid) & 3u) << 2) | ((vfid) & 3u)))

typedef enum { XL_LDSTX_STRICT = 0, XL_LDSTX_IDEAL = 1 } xl_ldstx_tags_t;
typedef enum { XL_LDSTX_REBASE = 0, XL_LDSTX_BYPASS = 1 } xl_ldstx_conflict_t;
typedef enum { XL_LDSTX_EXCLUSIVE = 0, XL_LDSTX_INCLUSIVE = 1 } xl_ldstx_hitmode_t;
typedef enum { XL_LDSTX_LAZY = 0, XL_LDSTX_EAGER = 1 } xl_ldstx_alloc_t;
enum { XL_LDSTX_MODE_TX = 0, XL_LDSTX_MODE_LDS = 1 };

typedef struct {
    uint32_t lds_bytes;             /* power of two, seg_bytes .. XL_LDSTX_MAX_BYTES */
    uint32_t seg_bytes;             /* 32 or 64 (LDS_SEG64) */
    uint32_t page_shift;            /* 12, 16 or 21 */
    xl_ldstx_tags_t tags;
    xl_ldstx_conflict_t conflict;
    xl_ldstx_hitmode_t hit;
    xl_ldstx_alloc_t alloc;
} xl_ldstx_params_t;

/* The defaults: 16 KB, 32 B segments, 4 KB pages, STRICT, REBASE, EXCLUSIVE, LAZY. */
xl_ldstx_params_t xl_ldstx_defaults(void);

/* The geometry derived from the parameters (header formulas): the store's sets and the
 * tag block's T, L, H, pad and field positions (tb, tagblk.h: W = tb.ways, TB = tb.tb_bits). */
typedef struct {
    uint32_t segs, set_bits;        /* segments (= sets) and log2 */
    uint32_t vpn_bits;
    xl_tagblk_geom_t tb;
} xl_ldstx_geom_t;

/* XL_OK and g filled, or XL_EINPUT with one line in err. */
int xl_ldstx_geom(const xl_ldstx_params_t *p, xl_ldstx_geom_t *g, char *err, size_t errlen);

/* A tag block's fields are tagblk.h's xl_tagblk_t, encoded and decoded by
 * xl_tagblk_encode / xl_tagblk_decode with the store's g.tb. */

/* IDEAL's side storage: one per way. */
typedef xl_tagblk_way_t xl_ldstx_ideal_t;     /* valid, age, ctx, full tag */

/* Counters: every outcome of every call (§4.2; the figures need them, docs/papers/
 * translation-reach.md "What it needs"). */
typedef struct {
    uint64_t lookups;               /* every lookup call: */
    uint64_t lookup_lds_mode;       /*   skipped: the segment was in LDS mode */
    uint64_t hits, misses;          /*   looked up in a TX segment */
    uint64_t inserts;               /* every insert call: */
    uint64_t ins_lds_mode;          /*   bypassed: the segment was in LDS mode */
    uint64_t ins_update;            /*   already present: PTE updated, promoted */
    uint64_t ins_free;              /*   into an invalid way (rebases not included) */
    uint64_t ins_victim;            /*   into the age W-1 way, its victim returned */
    uint64_t conflict_rebase;       /*   compression conflicts under REBASE */
    uint64_t conflict_bypass;       /*   compression conflicts under BYPASS (not inserted) */
    uint64_t rebase_dropped;        /* valid ways dropped by rebases */
    uint64_t invs, inv_hits;        /* invalidate calls, and those that found the entry */
    uint64_t inv_scans;             /* inv_ctx and inv_all calls */
    uint64_t inv_scan_ways;         /* valid ways they dropped */
    uint64_t app_stores, app_loads; /* application accesses (calls) */
    uint64_t app_tx_taken;          /* TX segments turned LDS by an application store */
    uint64_t lost_app_store;        /* valid ways lost to application stores (rule 2) */
    uint64_t app_zero_reads;        /* TX segments read as zero by loads (rule 3) */
    uint64_t wg_allocs;             /* wg_alloc calls */
    uint64_t alloc_tx_taken;        /* TX segments turned LDS by an EAGER allocation */
    uint64_t lost_alloc;            /* valid ways lost that way (rule 4) */
    uint64_t scrubs;                /* scrub writes (rule 5) */
    uint64_t port_rd, port_wr;      /* port cycles the translation calls would take */
    uint64_t valid, valid_peak;     /* valid ways now and their most */
    uint64_t lds_segs;              /* segments in LDS mode now */
} xl_ldstx_ctr_t;

typedef struct {
    xl_ldstx_params_t p;
    xl_ldstx_geom_t g;
    uint8_t *lds;                   /* the LDS array: lds_bytes */
    uint8_t *mode;                  /* per segment: XL_LDSTX_MODE_TX / _LDS */
    xl_ldstx_ideal_t *ideal;        /* IDEAL only: segs x ways */
    xl_ldstx_ctr_t c;
} xl_ldstx_t;

/* A translation, as a victim is returned. */
typedef struct { uint8_t ctx; uint64_t vpn, pte; } xl_ldstx_entry_t;

typedef enum {
    XL_LDSTX_MISS = 0, XL_LDSTX_HIT = 1, XL_LDSTX_SKIP_LDS = 2   /* segment in LDS mode */
} xl_ldstx_lk_t;

typedef struct {
    xl_ldstx_lk_t res;
    uint32_t set, way;              /* way: on a hit */
    uint64_t pte;                   /* on a hit */
    uint8_t rd, wr;                 /* port cycles */
} xl_ldstx_lookup_t;

typedef enum {
    XL_LDSTX_INS_UPDATE = 0,        /* already present: PTE updated, promoted */
    XL_LDSTX_INS_FREE = 1,          /* into an invalid way */
    XL_LDSTX_INS_VICTIM = 2,        /* a victim returned, to go on down the fill chain */
    XL_LDSTX_INS_REBASE = 3,        /* compression conflict: dropped ways, way 0 */
    XL_LDSTX_INS_BYP_LDS = 4,       /* not inserted: the segment is in LDS mode */
    XL_LDSTX_INS_BYP_CONFLICT = 5   /* not inserted: compression conflict under BYPASS */
} xl_ldstx_ins_t;

typedef struct {
    xl_ldstx_ins_t res;
    uint32_t set, way;              /* way: where it went, when inserted */
    uint32_t dropped;               /* REBASE: valid ways dropped */
    xl_ldstx_entry_t victim;        /* INS_VICTIM only */
    uint8_t rd, wr;                 /* port cycles */
} xl_ldstx_insert_t;

/* Reset st to p (rule 1; counters 0). st must be zeroed before its first reset. XL_EINPUT
 * with one line in err on bad params, XL_EINTERNAL when out of memory. */
int  xl_ldstx_reset(xl_ldstx_t *st, const xl_ldstx_params_t *p, char *err, size_t errlen);
void xl_ldstx_free(xl_ldstx_t *st);

void xl_ldstx_lookup(xl_ldstx_t *st, uint8_t ctx, uint64_t vpn, xl_ldstx_lookup_t *r);
void xl_ldstx_insert(xl_ldstx_t *st, uint8_t ctx, uint64_t vpn, uint64_t pte,
                     xl_ldstx_insert_t *r);
/* Shootdown of one page: 1 if a way held it (and was invalidated). rd / wr may be NULL. */
int  xl_ldstx_inv(xl_ldstx_t *st, uint8_t ctx, uint64_t vpn, uint8_t *rd, uint8_t *wr);
/* Every valid way of ctx (inv_ctx) or every valid way (inv_all): the ways dropped. */
uint64_t xl_ldstx_inv_ctx(xl_ldstx_t *st, uint8_t ctx);
uint64_t xl_ldstx_inv_all(xl_ldstx_t *st);

/* Application side, byte addresses into the LDS. XL_EINPUT (nothing done) when
 * [addr, addr + n) is not inside the LDS. */
int xl_ldstx_app_store(xl_ldstx_t *st, uint32_t addr, uint32_t n, const uint8_t *data);
int xl_ldstx_app_load(xl_ldstx_t *st, uint32_t addr, uint32_t n, uint8_t *out);
int xl_ldstx_wg_alloc(xl_ldstx_t *st, uint32_t addr, uint32_t n);
/* Rule 5 on segment seg: 1 if it scrubbed (it was LDS), 0 if it left it (TX), -1 when
 * seg >= segs. */
int xl_ldstx_scrub(xl_ldstx_t *st, uint32_t seg);

/* Views for tests and counters: the mode of a segment; its tag block as stored (tb[1] = 0
 * when TB is 64); the decoded ways of a TX segment in either tag mode (ctx, full tag,
 * age, valid per way; 0 for an LDS segment). */
static inline int xl_ldstx_mode(const xl_ldstx_t *st, uint32_t seg)
{
    return st->mode[seg];
}
void xl_ldstx_tb_read(const xl_ldstx_t *st, uint32_t seg, uint64_t tb[2]);
uint32_t xl_ldstx_ways(const xl_ldstx_t *st, uint32_t seg, xl_ldstx_ideal_t *w);

#endif
