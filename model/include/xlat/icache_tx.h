/*
 * icache_tx.h - block "xl_ictx": one L1 instruction cache used as a victim store for
 * translations (IC-TX), MICRO'21 §4.3 (Kotra et al.; docs/papers/translation-reach.md
 * "IC-TX"): the lines with their mode bits and bit-exact tag entries, the four designs of
 * the paper's Fig 13a (V1..V4), instruction fetch and fill with instruction-aware
 * replacement, translation lookup and fill, the kernel-boundary flush and the shootdowns,
 * with their counters, as plain calls without timing. The timed GPU holds one per
 * icache.sharers CUs behind its port, with instruction fetch (model/src/gpu/vstore.h,
 * which charges the port cycles and waits the latencies each call returns); the RTL
 * twin is planned.
 *
 *   xl_ictx_reset(st, params, err, n)   validate, size and clear (every line invalid)
 *   xl_ictx_free(st)
 *   xl_ictx_lookup / _fill / _inv / _inv_ctx / _inv_all   the translation side
 *   xl_ictx_ifetch / _ifill / _kflush                     the instruction side
 *   xl_ictx_geom; the codec is xl_tagblk_encode / _decode (tagblk.h) on its .tb
 *
 * Geometry (params): `lines` 64, 128, 256 (default: 16 KB) or 512 lines of 64 B, always 8
 * ways, so 8 .. 64 sets (the sharer sweep scales the cache); page shift 12 / 16 / 21. Line
 * number l = way << set_bits | set; every array below is indexed by l. VPN = VA[47:shift],
 * vpn_bits = 48 - shift. A translation's line (V2..V4, direct-mapped over all lines
 * [I]) is l = VPN[line_bits-1:0], so set = VPN[set_bits-1:0], way = VPN[line_bits-1:
 * set_bits] (at 256 lines: VPN[7:0], VPN[4:0], VPN[7:5]); its tag is VPN >> line_bits,
 * T = vpn_bits - line_bits bits. An instruction address A (48 bits) has set
 * A[6+set_bits-1:6] and tag A[47:6+set_bits] (itag_bits = 42 - set_bits: 37 at 32 sets).
 *
 * Tag entry of a line = {valid(1), mode(1), payload(96)}; mode 0 = IC (instructions), 1 =
 * TX (translations) [I]. An invalid line has mode 0 and payload 0 [I].
 *  - IC mode: payload [itag_bits-1:0] = the instruction tag, the rest 0.
 *  - TX mode, V2..V4, TAGS = STRICT: the shared codec of xlat/tagblk.h with TB = 96, W = 8
 *    sub-ways, A = 3 age bits, S = 4, T as above. At 256 lines, 4 KB pages: T 28, L 4,
 *    H 24, pad 4 (the paper's 32-bit base and 8 x 8-bit fields):
 *      [8k+7:8k] sub-way k: [7] valid, [6:4] age, [3:0] tag_lo;  [87:64] tag_hi;
 *      [89:88] vfid; [91:90] vmid; [95:92] pad 0
 *    64 KB pages: T 24, L 5, H 19, pad 1; 2 MB: T 19, L 5, H 14, pad 6; 64 / 128 / 512
 *    lines: T 30 / 29 / 27, L 4, pad 2 / 3 / 5. A sub-way hits iff valid, base ctx ==
 *    ctx, tag_hi == tag[T-1:L], tag_lo == tag[L-1:0]. An invalid sub-way's field is 0.
 *  - TX mode, V2..V4, TAGS = IDEAL (model only, the codec's cost): each sub-way keeps its
 *    full tag and ctx in side storage, no compression check; the payload stays 0 [I].
 *  - TX mode, V1 (one translation per line, uncompressed in the baseline's 6 B, either
 *    TAGS) [I]: payload [T1-1:0] = VPN >> set_bits (T1 = vpn_bits - set_bits, 31 at 256
 *    lines and 4 KB), then vfid (2), vmid (2), the rest 0.
 *  Data: sub-way k's PTE (8 B, little-endian) at line bytes [8k, 8k+8) (V1: bytes 0..7).
 *  Instruction bytes are not modelled: an instruction fill zeroes the line's 64 bytes [I]
 *  (no PFN of a former TX line can be fetched as an instruction).
 *
 * Line-level LRU (§4.3, [I] details): one 3-bit age per line, the 8 lines of a set always
 * a permutation of 0..7 (0 = most recent; at reset way w has age w). A use makes a line
 * most recent (every younger line +1): an instruction hit or fill, a translation hit, and
 * every translation fill that writes the line. Nothing else changes the ages:
 * invalidations leave them, since an invalid line is taken first anyway.
 *
 * Designs (params.variant; MICRO'21 Fig 13a):
 *  V1 one translation per line, set-associative by VPN[set_bits-1:0]; a translation
 *     takes an invalid line or a TX line of its set, never an IC line; at most `lines`
 *     entries. Instruction fills are instruction-aware (rules below).
 *  V2 naive: 8 per line, direct-mapped; a translation fill takes its line even in IC
 *     mode (the instructions are evicted, counted fill_ic_evict); instruction fills take
 *     the lowest invalid line, else the LRU line of the set whatever its mode.
 *  V3 instruction-aware: 8 per line, direct-mapped; a translation never displaces an
 *     instruction line (an IC-mode line bypasses the fill).
 *  V4 V3 + the kernel-boundary flush: xl_ictx_kflush invalidates every valid IC-mode line
 *     (TX lines survive); under V1..V3 the call does nothing and counts nothing, so a
 *     caller may issue it whatever the design. Deciding that the next kernel differs is
 *     the CALLER's (the runtime's command packet, §4.3): the same code object or entry PC
 *     means the same kernel [I]; the caller calls kflush on every I-cache only when the
 *     next kernel differs from the last one, never between back-to-back launches of one.
 *
 * Instruction side (native traffic; it never costs translation port cycles here):
 *  - fetch: compares the tag only against valid IC-mode lines of the set (a TX line never
 *    gives an instruction hit); a hit makes the line most recent. A miss does not fill:
 *    the caller fills when the line arrives.
 *  - fill into set S (a line already present is only made most recent, no duplicate):
 *    1. the lowest-index invalid line of S;
 *    2. (V1, V3, V4) else the TX line of S with the largest line age: its valid
 *       translations are dropped, or with fwd_l2 (IC_EVICT_FWD_L2 [I]) returned, in
 *       sub-way order, for the L2 TLB;
 *    3. else the IC line with the largest age (V2: the line with the largest age, of
 *       either mode, rule 2 not applying).
 *    The line becomes IC mode, most recent, its data zeroed.
 *
 * Translation side. Inputs are masked, not checked: vpn to vpn_bits, ctx to 4 bits; PTEs
 * are stored as given. Sub-way ages (3 bits) follow lds_tx.h's rules: valid sub-ways carry
 * distinct ages 0..n-1, 0 = most recent.
 *  - lookup: V2..V4: the line of the VPN; an invalid or IC line misses (MISS_INV,
 *    MISS_IC); a TX line is decoded and its sub-ways compared. V1: the TX lines of the
 *    set are compared. A hit makes the line most recent; EXCLUSIVE (default [I]; the
 *    paper promotes hits to the L1 TLB) invalidates the sub-way, every older one -1;
 *    INCLUSIVE promotes it (age 0, younger +1).
 *  - fill (V2..V4) of (ctx, vpn, pte) into line l:
 *    IC line: V3 / V4 bypass (BYP_IC: the caller sends it to the L2 TLB); V2 takes it.
 *    Invalid (or V2's IC) line: TX mode, base written, sub-way 0 at age 0 (INS_LINE, or
 *      INS_IC_EVICT under V2).
 *    TX line: already present: PTE updated, promoted (UPDATE); else STRICT with a
 *      (ctx, tag_hi) differing from the base: REBASE (default; every valid sub-way
 *      dropped, not returned, base rewritten, entry in sub-way 0) or BYPASS (not
 *      inserted, sent on to the L2 TLB); else the lowest invalid sub-way (FREE), every
 *      valid sub-way +1; else the sub-way of age 7 is the victim (VICTIM, returned with
 *      ctx, vpn and PTE for the L2 TLB), the entry takes it at age 0, the others +1.
 *    Every fill that writes the line makes it most recent; bypasses leave the ages.
 *  - fill (V1) into set S: present: UPDATE; else the lowest invalid line (INS_LINE); else
 *    the TX line with the largest line age, its one translation the VICTIM; else every
 *    line is IC: BYP_IC.
 *  - a TX line whose last valid translation leaves (exclusive hit, shootdown) becomes
 *    invalid [I], so an instruction fill takes it by rule 1 (a TX line with no entry
 *    would otherwise cost the LRU TX line of the set its entries).
 *  - inv (page shootdown), inv_ctx, inv_all: like an exclusive hit, nothing returned,
 *    the line ages unchanged.
 *
 * Costs (MICRO'21 §4.3 and Table 1; vstore.h's, returned by each call as rd / wr
 * port cycles and, for lookups, lat; the counters port_rd / port_wr sum them) [I]:
 *   lookup  1 read (tag entry and line; the mode is in the tag entry, so an IC or invalid
 *           line costs the read too), + 1 write on a hit (exclusive or inclusive).
 *           lat: V2..V4 TX line tx_tag_lat + mux_lat + wire_lat (20 + 1 + 0 = 21: the 16
 *           sequential compare cycles and 4 of decompression of Table 1's 20); an IC or
 *           invalid line ic_tag_lat + wire_lat (16). V1 compares the 8 lines in parallel
 *           with the existing comparators, no decompression: hit ic_tag_lat + mux_lat +
 *           wire_lat (17), miss ic_tag_lat + wire_lat (16). tx_tag_lat = 36 gives the
 *           other reading (16 tag + 16 compare + 4 decompression).
 *   fill    1 read, + 1 write unless it bypassed (BYP_IC, BYP_CONFLICT).
 *   inv     1 read, + 1 write if it found the entry.
 *   inv_ctx / inv_all   1 read per line (every tag entry), + 1 write per line changed.
 *   ifetch / ifill / kflush   native or a flash clear: 0 here.
 * Order of same-cycle events for an RTL lockstep ([I], the project's rule): invalidations,
 * native accesses, fills, lookups (the timed GPU calls them in its event order; its port,
 * queue and timeouts are vstore.h's, without instruction prefetch). Option IC_LRU=PLRU7
 * (a 7-bit tree-PLRU per line instead of 8 x 3-bit ages, L 7 H 21 at 4 KB): not built.
 */
#ifndef XLAT_ICACHE_TX_H
#define XLAT_ICACHE_TX_H

#include <stddef.h>
#include <stdint.h>

#include "xlat/tagblk.h"
#include "xlat/types.h"

#define XL_ICTX_WAYS       8u      /* lines per set */
#define XL_ICTX_SUBS       8u      /* translations per TX line (V2..V4) */
#define XL_ICTX_LINE_BYTES 64u
#define XL_ICTX_TB_BITS    96u
#define XL_ICTX_AGE_BITS   3u
#define XL_ICTX_CTX(vmid, vfid) ((uint8_t)((((vmid) & 3u) << 2) | ((vfid) & 3u)))

typedef enum {
    XL_ICTX_V1 = 1, XL_ICTX_V2 = 2, XL_ICTX_V3 = 3, XL_ICTX_V4 = 4
} xl_ictx_var_t;
typedef enum { XL_ICTX_STRICT = 0, XL_ICTX_IDEAL = 1 } xl_ictx_tags_t;
typedef enum { XL_ICTX_REBASE = 0, XL_ICTX_BYPASS = 1 } xl_ictx_conflict_t;
typedef enum { XL_ICTX_EXCLUSIVE = 0, XL_ICTX_INCLUSIVE = 1 } xl_ictx_hitmode_t;
enum { XL_ICTX_MODE_IC = 0, XL_ICTX_MODE_TX = 1 };

typedef struct {
    uint32_t lines;                 /* 64, 128, 256 or 512 */
    uint32_t page_shift;            /* 12, 16 or 21 */
    xl_ictx_var_t variant;
    xl_ictx_tags_t tags;
    xl_ictx_conflict_t conflict;
    xl_ictx_hitmode_t hit;
    uint8_t fwd_l2;                 /* IC_EVICT_FWD_L2: 0 drop, 1 return */
    uint16_t ic_tag_lat, tx_tag_lat, mux_lat, wire_lat;   /* 16, 20, 1, 0 */
} xl_ictx_params_t;

/* The defaults: 256 lines, 4 KB pages, V4, STRICT, REBASE, EXCLUSIVE, drop; 16/20/1/0. */
xl_ictx_params_t xl_ictx_defaults(void);

typedef struct {
    uint32_t lines, line_bits, sets, set_bits;
    uint32_t vpn_bits;
    uint32_t itag_bits;             /* instruction tag: 42 - set_bits */
    uint32_t T1;                    /* V1's tag: vpn_bits - set_bits */
    xl_tagblk_geom_t tb;            /* V2..V4's TX payload: TB 96, W 8, A 3, T */
} xl_ictx_geom_t;

/* XL_OK and g filled, or XL_EINPUT with one line in err. */
int xl_ictx_geom(const xl_ictx_params_t *p, xl_ictx_geom_t *g, char *err, size_t errlen);
/* The TX payload codec (V2..V4, STRICT) is xl_tagblk_encode / _decode on g->tb. */

/* A line's tag entry. pl[0] = payload bits 63:0, pl[1] = bits 95:64. */
typedef struct { uint8_t valid, mode; uint64_t pl[2]; } xl_ictx_tag_t;

/* A sub-way's view (IDEAL's side storage, and the view of xl_ictx_subs). */
typedef xl_tagblk_way_t xl_ictx_sub_t;

/* Counters: every outcome of every call (MICRO'21 §4.3; docs/papers/translation-reach.md
 * "What it needs"). */
typedef struct {
    uint64_t lookups;               /* every lookup call: */
    uint64_t lookup_ic, lookup_inv; /*   missed: line in IC mode / invalid (V1: no TX */
    uint64_t hits, misses;          /*   line in the set, then IC / invalid); looked up */
    uint64_t fills;                 /* every translation fill call: */
    uint64_t fill_byp_ic;           /*   bypassed: line (V1: every line of the set) IC */
    uint64_t fill_update;           /*   already present: updated, promoted */
    uint64_t fill_line;             /*   an invalid line taken over */
    uint64_t fill_ic_evict;         /*   V2: an IC line taken over (instructions evicted) */
    uint64_t fill_free;             /*   into a free sub-way of a TX line */
    uint64_t fill_victim;           /*   a sub-way (V1: a line) evicted, returned */
    uint64_t conflict_rebase, conflict_bypass;   /* compression conflicts */
    uint64_t rebase_dropped;        /* valid entries dropped by rebases */
    uint64_t ifetches, ihits, imisses;
    uint64_t ifills;                /* every instruction fill call: */
    uint64_t ifill_present;         /*   the line was there already */
    uint64_t ifill_invalid;         /*   rule 1 */
    uint64_t ifill_tx_evict;        /*   a TX line evicted (rule 2, or V2's LRU) */
    uint64_t ifill_ic_evict;        /*   an IC line evicted */
    uint64_t ifill_tx_dropped;      /* valid translations of those TX lines dropped */
    uint64_t ifill_tx_fwd;          /*   or returned (fwd_l2) */
    uint64_t kflushes;              /* flushes done (V4 only) */
    uint64_t kflush_lines;          /* IC lines they invalidated (x 64 B freed) */
    uint64_t invs, inv_hits;        /* page shootdowns, and those that found the entry */
    uint64_t inv_scans;             /* inv_ctx and inv_all calls */
    uint64_t inv_scan_entries;      /* valid entries they dropped */
    uint64_t tx_emptied;            /* TX lines invalidated because their last entry left */
    uint64_t port_rd, port_wr;      /* translation port cycles, summed */
    uint64_t valid, valid_peak;     /* valid translations now and their most */
    uint64_t tx_lines, ic_lines;    /* lines in each mode now (valid lines) */
    uint64_t ic_lines_peak;
} xl_ictx_ctr_t;

typedef struct {
    xl_ictx_params_t p;
    xl_ictx_geom_t g;
    xl_ictx_tag_t *tag;             /* per line */
    uint8_t *data;                  /* lines x 64 B */
    uint8_t *age;                   /* per line: its line-level LRU age in its set */
    xl_ictx_sub_t *ideal;           /* IDEAL, V2..V4 only: lines x 8 */
    xl_ictx_ctr_t c;
} xl_ictx_t;

/* A translation, as a victim or a forwarded entry is returned. */
typedef struct { uint8_t ctx; uint64_t vpn, pte; } xl_ictx_entry_t;

typedef enum {
    XL_ICTX_MISS = 0,               /* a TX line (V1: the set's TX lines) had no match */
    XL_ICTX_HIT = 1,
    XL_ICTX_MISS_IC = 2,            /* the line is in IC mode */
    XL_ICTX_MISS_INV = 3            /* the line is invalid */
} xl_ictx_lk_t;

typedef struct {
    xl_ictx_lk_t res;
    uint32_t line, sub;             /* V2..V4: the VPN's line; on a hit (V1: the line hit) */
    uint64_t pte;                   /* on a hit */
    uint8_t rd, wr;                 /* port cycles */
    uint16_t lat;                   /* cycles to the result */
} xl_ictx_lookup_t;

typedef enum {
    XL_ICTX_INS_UPDATE = 0,
    XL_ICTX_INS_LINE = 1,           /* an invalid line taken, entry in sub-way 0 */
    XL_ICTX_INS_FREE = 2,
    XL_ICTX_INS_VICTIM = 3,         /* a victim returned, for the L2 TLB */
    XL_ICTX_INS_REBASE = 4,
    XL_ICTX_INS_IC_EVICT = 5,       /* V2: an IC line taken */
    XL_ICTX_INS_BYP_IC = 6,         /* not inserted: IC-mode line (set, V1) */
    XL_ICTX_INS_BYP_CONFLICT = 7    /* not inserted: compression conflict under BYPASS */
} xl_ictx_ins_t;

typedef struct {
    xl_ictx_ins_t res;
    uint32_t line, sub;             /* where it went, when inserted */
    uint32_t dropped;               /* REBASE: valid entries dropped */
    xl_ictx_entry_t victim;         /* INS_VICTIM only */
    uint8_t rd, wr;
} xl_ictx_fill_t;

typedef enum {
    XL_ICTX_IF_PRESENT = 0, XL_ICTX_IF_INVALID = 1, XL_ICTX_IF_TX = 2, XL_ICTX_IF_IC = 3
} xl_ictx_if_t;

typedef struct {
    xl_ictx_if_t res;
    uint32_t line;                  /* the line the instructions are in */
    uint32_t dropped;               /* IF_TX: valid translations dropped (not fwd_l2) */
    uint32_t nfwd;                  /* IF_TX with fwd_l2: entries returned in fwd[] */
    xl_ictx_entry_t fwd[XL_ICTX_SUBS];
} xl_ictx_ifill_t;

/* Reset st to p (every line invalid, counters 0). st must be zeroed before its first
 * reset. XL_EINPUT with one line in err on bad params, XL_EINTERNAL when out of memory. */
int  xl_ictx_reset(xl_ictx_t *st, const xl_ictx_params_t *p, char *err, size_t errlen);
void xl_ictx_free(xl_ictx_t *st);

void xl_ictx_lookup(xl_ictx_t *st, uint8_t ctx, uint64_t vpn, xl_ictx_lookup_t *r);
void xl_ictx_fill(xl_ictx_t *st, uint8_t ctx, uint64_t vpn, uint64_t pte, xl_ictx_fill_t *r);
/* Shootdown of one page: 1 if held (and invalidated). rd / wr may be NULL. */
int  xl_ictx_inv(xl_ictx_t *st, uint8_t ctx, uint64_t vpn, uint8_t *rd, uint8_t *wr);
/* Every valid entry of ctx (inv_ctx) or every one (inv_all): the entries dropped. */
uint64_t xl_ictx_inv_ctx(xl_ictx_t *st, uint8_t ctx);
uint64_t xl_ictx_inv_all(xl_ictx_t *st);

/* Instruction fetch of byte address addr: 1 on a hit (*line set when line is not NULL),
 * 0 on a miss. */
int  xl_ictx_ifetch(xl_ictx_t *st, uint64_t addr, uint32_t *line);
void xl_ictx_ifill(xl_ictx_t *st, uint64_t addr, xl_ictx_ifill_t *r);
/* The kernel-boundary flush (V4; see above): the IC lines invalidated (0 under V1..V3). */
uint32_t xl_ictx_kflush(xl_ictx_t *st);

/* Views for tests and counters: the translations of line l in either tag mode (ctx, full
 * tag, age, valid per sub-way; V1: sub-way 0 with tag VPN >> set_bits, age 0), their
 * count (0 unless a valid TX line). */
uint32_t xl_ictx_subs(const xl_ictx_t *st, uint32_t l, xl_ictx_sub_t w[XL_ICTX_SUBS]);

#endif
