/*
 * types.h - widths, page geometry and error codes shared by every xlat module.
 *
 * Addresses are 64-bit integers; a virtual address uses bits 47:0 (x86-64 4-level
 * paging, docs/isca18-micro18.md §1.3), a physical address bits 51:0.
 */
#ifndef XLAT_TYPES_H
#define XLAT_TYPES_H

#include <stddef.h>
#include <stdint.h>

typedef uint64_t xl_va_t;   /* virtual address, bits 47:0 significant */
typedef uint64_t xl_pa_t;   /* physical address, bits 51:0 significant */

#define XL_VA_BITS      48u
#define XL_VA_MASK      ((UINT64_C(1) << XL_VA_BITS) - 1u)
#define XL_PA_BITS      52u
#define XL_PA_MASK      ((UINT64_C(1) << XL_PA_BITS) - 1u)

#define XL_PAGE_SHIFT_4K  12u
#define XL_PAGE_SHIFT_64K 16u   /* 16 contiguous 4 KB leaves (docs/architecture.md, 64 KB pages) */
#define XL_PAGE_SHIFT_2M  21u
#define XL_PAGE_4K        (UINT64_C(1) << XL_PAGE_SHIFT_4K)
#define XL_PAGE_64K       (UINT64_C(1) << XL_PAGE_SHIFT_64K)
#define XL_PAGE_2M        (UINT64_C(1) << XL_PAGE_SHIFT_2M)
#define XL_LINE_BYTES     64u   /* one page-table line = 8 entries of 8 B */

/* Lanes per wavefront (GCN: 64 work-items per wavefront, docs/isca18-micro18.md §1.1). */
#define XL_MAX_LANES      64u

/* Index of the lowest set bit of w (w != 0): the same answer from the compiler builtin
 * and the portable loop, so results never depend on which one a build uses. */
static inline unsigned xl_ctz64(uint64_t w)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctzll(w);
#else
    unsigned n = 0;
    while (!(w & 1u)) {
        w >>= 1;
        n++;
    }
    return n;
#endif
}

/* Return codes used by every fallible function. Exit statuses follow docs/design.md. */
enum {
    XL_OK = 0,
    XL_EINTERNAL = 1,   /* a bug or resource exhaustion: exit status 1 */
    XL_EINPUT = 2       /* bad input (config, workload, option, trace): exit status 2 */
};

#endif
