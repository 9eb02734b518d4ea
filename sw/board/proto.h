/*
 * proto.h - the frames of the host <-> board UART protocol (fpga/README.md "The protocol"):
 * encoding of the host's Z, A, R, S, K and decoding of the board's z, E, C frames and
 * counter values, and the extension of the board's 32-bit cycle stamps to 64 bits. Header-only
 * (static inline), like tests/lockstep/xl_trace.h, so the unit test
 * (tests/unit/t19_board.c) checks the very code xlat-board runs without a library of its
 * own. Nothing here does I/O; every multi-byte field is little-endian.
 */
#ifndef XB_PROTO_H
#define XB_PROTO_H

#include <stddef.h>
#include <stdint.h>

#include "xlat/types.h"

/* Frame lengths, the naming byte included. */
#define XB_LEN_Z    8u     /* 'Z' root[7] */
#define XB_LEN_A    12u    /* 'A' va[6] instr[3] tag[2] */
#define XB_LEN_R    66u    /* 'R' walker[1] e0..e7[8 each] */
#define XB_LEN_S    1u
#define XB_LEN_K    2u     /* 'K' index[1] */
#define XB_LEN_ZP   25u    /* 'z' slots[2], 14 one-byte fields, aging[4], lfsr[4] */
#define XB_LEN_E    16u    /* 'E' cycle[4] flags[2] walker[1] level[1] addr[7] */
#define XB_LEN_C    13u    /* 'C' lane[1] tag[2] frame[7] shift[1] coal|reads<<1 [1] */
#define XB_LEN_CNT  8u     /* the counter a K named, no naming byte */
/* The walk path's counters, by the index a K names: 0 walks, 1-4 reads at L1-L4,
 * 5 coalesced, 6 resumed, 7 CL stalls, 8 faults. */
#define XB_NCNT     9u

/* The flags of an E record. */
enum {
    XB_F_MREQ = 1u << 0,
    XB_F_ARR_PRES = 1u << 1,
    XB_F_ARR_ACC = 1u << 2,
    XB_F_RSP = 1u << 3,
    XB_F_FAULT = 1u << 4,
    XB_F_SYNC = 1u << 5,
    XB_F_CNT = 1u << 6,
    XB_F_OVERRUN = 1u << 7,
    XB_F_BADCMD = 1u << 8
};
#define XB_F_KNOWN  0x01FFu          /* bits 8:0; 11:9 are unused */
#define XB_NCPL(flags) (((unsigned)(flags) >> 12) & 15u)

/* The board's parameters (the z frame), in its order. */
typedef struct {
    uint32_t slots;
    uint8_t walkers, policy, coalesce, pick_pipe, scan_pipe, tag_width, stat_width;
    uint8_t l4_entries, l4_ways, l3_entries, l3_ways, l2_entries, l2_ways, pwc_latency;
    uint32_t aging, lfsr;
} xb_params_t;

/* One E record. */
typedef struct {
    uint32_t cycle;      /* modulo 2^32 */
    uint16_t flags;
    uint8_t walker, level;
    uint64_t addr;       /* 52-bit PA in 7 bytes; 0 without MREQ */
} xb_rec_t;

/* One C frame. */
typedef struct {
    uint8_t lane;
    uint16_t tag;
    uint64_t frame;
    uint8_t shift;
    uint8_t coalesced;   /* bit 0 of the last byte */
    uint8_t reads;       /* bits 3:1 */
} xb_cpl_t;

static inline void xb_put_le(uint8_t *p, uint64_t v, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        p[i] = (uint8_t)(v >> (8u * i));
}

static inline uint64_t xb_get_le(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)p[i] << (8u * i);
    return v;
}

/* Host -> board. Each writes the frame into b and returns its length. Fields are cut to
 * their widths here, so the bytes say exactly what the board will see. */
static inline size_t xb_enc_z(uint8_t *b, uint64_t root)
{
    b[0] = 'Z';
    xb_put_le(b + 1, root & XL_PA_MASK, 7);
    return XB_LEN_Z;
}

static inline size_t xb_enc_a(uint8_t *b, uint64_t va, uint32_t instr, uint32_t tag)
{
    b[0] = 'A';
    xb_put_le(b + 1, va & XL_VA_MASK, 6);
    xb_put_le(b + 7, instr & 0xFFFFFu, 3);   /* the instruction id's low 20 bits */
    xb_put_le(b + 10, tag & 0xFFFFu, 2);
    return XB_LEN_A;
}

static inline size_t xb_enc_k(uint8_t *b, uint8_t index)
{
    b[0] = 'K';
    b[1] = index;
    return XB_LEN_K;
}

static inline size_t xb_enc_r(uint8_t *b, uint8_t walker, const uint64_t line[8])
{
    b[0] = 'R';
    b[1] = walker;
    for (unsigned i = 0; i < 8; i++)
        xb_put_le(b + 2 + 8 * i, line[i], 8);
    return XB_LEN_R;
}

/* Board -> host. Each checks the naming byte and returns 1, or 0 when it is wrong. */
static inline int xb_dec_params(const uint8_t *b, xb_params_t *p)
{
    if (b[0] != 'z')
        return 0;
    p->slots = (uint32_t)xb_get_le(b + 1, 2);
    p->walkers = b[3];
    p->policy = b[4];
    p->coalesce = b[5];
    p->pick_pipe = b[6];
    p->scan_pipe = b[7];
    p->tag_width = b[8];
    p->stat_width = b[9];
    p->l4_entries = b[10];
    p->l4_ways = b[11];
    p->l3_entries = b[12];
    p->l3_ways = b[13];
    p->l2_entries = b[14];
    p->l2_ways = b[15];
    p->pwc_latency = b[16];
    p->aging = (uint32_t)xb_get_le(b + 17, 4);
    p->lfsr = (uint32_t)xb_get_le(b + 21, 4);
    return 1;
}

static inline int xb_dec_rec(const uint8_t *b, xb_rec_t *r)
{
    if (b[0] != 'E')
        return 0;
    r->cycle = (uint32_t)xb_get_le(b + 1, 4);
    r->flags = (uint16_t)xb_get_le(b + 5, 2);
    r->walker = b[7];
    r->level = b[8];
    r->addr = xb_get_le(b + 9, 7);
    return 1;
}

static inline int xb_dec_cpl(const uint8_t *b, xb_cpl_t *c)
{
    if (b[0] != 'C')
        return 0;
    c->lane = b[1];
    c->tag = (uint16_t)xb_get_le(b + 2, 2);
    c->frame = xb_get_le(b + 4, 7);
    c->shift = b[11];
    c->coalesced = b[12] & 1u;
    c->reads = (b[12] >> 1) & 7u;
    return 1;
}

static inline uint64_t xb_dec_counter(const uint8_t *b)
{
    return xb_get_le(b, 8);
}

/* The 64-bit cycle of a record stamped `stamp` (the cycle modulo 2^32), given that the
 * host has stepped every cycle before `next`: the first cycle >= next with those low 32
 * bits. Right while the board never goes 2^32 cycles (six minutes at 12 MHz) between
 * two records; a result 2^31 or more past `next` means a stamp at or before a cycle the
 * host has already stepped (host.c refuses it). */
static inline uint64_t xb_extend_cycle(uint64_t next, uint32_t stamp)
{
    return next + (uint32_t)(stamp - (uint32_t)next);
}

#endif
