/*
 * itrace_fmt.h - what the instruction-trace writer and reader share (docs/traces.md
 * "Format"): the constants of version 1, little-endian integers, LEB128 varints, zigzag,
 * CRC-32 and the layout of regions. Private to sw/trace/.
 */
#ifndef XLAT_ITRACE_FMT_H
#define XLAT_ITRACE_FMT_H

#include <stddef.h>
#include <stdint.h>

#include "xlat/itrace.h"

#define XL_IT_MAGIC       "XLITRACE"
#define XL_IT_VERSION     1u
#define XL_IT_HDR         64u         /* header bytes; blocks start here */
#define XL_IT_BLKHDR      12u         /* stored_len, raw_len, crc32 */
#define XL_IT_BLOCK_MAX   16384u      /* raw bytes of a block at most (version 1) */
#define XL_IT_IDX         24u         /* bytes per index entry */
#define XL_IT_F_ZSTD      1u          /* header flag: blocks are zstd frames */
#define XL_IT_NAME_MAX    255u        /* a workload name's bytes at most */
#define XL_IT_RNAME_MAX   63u         /* a region name's bytes at most */
#define XL_IT_INSTR_MAX   (1u + 10u + 10u + 3u + 1u + 1u + 10u * XL_MAX_LANES) /* worst case */

/* The tag byte of an instruction. */
#define XL_IT_T_OP    0x07u   /* op, 1..6 */
#define XL_IT_T_MASK  0x08u   /* mask equals the previous instruction's */
#define XL_IT_T_PC    0x10u   /* pc equals the previous pc + 1 */
#define XL_IT_T_CYC   0x20u   /* cycles equal the previous instruction's */
#define XL_IT_T_BYTES 0x40u   /* bytes equal the previous instruction's */
#define XL_IT_T_RSVD  0x80u   /* reserved: 0 in version 1 */

/* Address modes (the byte after the fields of an instruction that carries addresses). */
enum { XL_IT_M_LANE = 0, XL_IT_M_NBR = 1, XL_IT_M_STRIDE = 2, XL_IT_M_UNIFORM = 3 };

/* Does an instruction carry per-lane addresses? Global loads and stores always; LDS
 * instructions when bytes > 0 (workload.h "LDS addresses"). */
static inline int xl_it_has_addr(uint8_t op, uint8_t bytes)
{
    return op == XL_OP_LOAD || op == XL_OP_STORE ||
           ((op == XL_OP_LDS || op == XL_OP_LDS_ST) && bytes > 0);
}

static inline void xl_it_put32(uint8_t *p, uint32_t v)
{
    for (unsigned i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static inline void xl_it_put64(uint8_t *p, uint64_t v)
{
    for (unsigned i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}
static inline uint32_t xl_it_get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline uint64_t xl_it_get64(const uint8_t *p)
{
    return (uint64_t)xl_it_get32(p) | (uint64_t)xl_it_get32(p + 4) << 32;
}

/* LEB128: 7 bits a byte, low first, the high bit set on all but the last. */
static inline size_t xl_it_putv(uint8_t *p, uint64_t v)
{
    size_t n = 0;
    while (v >= 0x80u) {
        p[n++] = (uint8_t)(v | 0x80u);
        v >>= 7;
    }
    p[n++] = (uint8_t)v;
    return n;
}
static inline size_t xl_it_lenv(uint64_t v)
{
    size_t n = 1;
    while (v >= 0x80u) {
        v >>= 7;
        n++;
    }
    return n;
}
/* Reads a varint from p[*i..n); 0 when it runs past n, is longer than 10 bytes or
 * overflows 64 bits. */
static inline int xl_it_getv(const uint8_t *p, size_t n, size_t *i, uint64_t *v)
{
    uint64_t r = 0;
    for (unsigned s = 0; s < 70; s += 7) {
        if (*i >= n)
            return 0;
        uint8_t b = p[(*i)++];
        if (s == 63 && b > 1u)
            return 0;
        r |= (uint64_t)(b & 0x7Fu) << s;
        if (!(b & 0x80u)) {
            *v = r;
            return 1;
        }
    }
    return 0;
}
/* Zigzag: a signed difference (two's complement of the wrapped uint64 subtraction) as
 * an unsigned number, small either side of 0. */
static inline uint64_t xl_it_zz(uint64_t d)
{
    return (d << 1) ^ (uint64_t)(-(int64_t)(d >> 63));
}
static inline uint64_t xl_it_unzz(uint64_t z)
{
    return (z >> 1) ^ (uint64_t)(-(int64_t)(z & 1u));
}

/* CRC-32 (IEEE 802.3, reflected, as zlib's crc32), table held by the caller. */
void     xl_it_crc_table(uint32_t t[256]);
uint32_t xl_it_crc(const uint32_t t[256], uint32_t crc, const void *buf, size_t n);

/* Where the opener lays out a region after one ending at *end: 2 MB aligned. */
static inline xl_va_t xl_it_align2m(xl_va_t va)
{
    return (va + XL_PAGE_2M - 1) & ~(XL_PAGE_2M - 1);
}

#endif
