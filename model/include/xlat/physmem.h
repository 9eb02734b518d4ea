/*
 * physmem.h - simulated physical memory: sparse 4 KB frames and a deterministic,
 * seeded frame allocator (docs/isca18-micro18.md §1.2, "deterministic seeded allocator
 * for data and page-table pages").
 *
 * Only frames that are written hold storage (page-table nodes); data frames are
 * allocated but never materialised, so a 500 MB footprint costs a bitmap bit per
 * frame plus the page tables. Reads of never-written bytes return 0.
 */
#ifndef XLAT_PHYSMEM_H
#define XLAT_PHYSMEM_H

#include "xlat/rng.h"
#include "xlat/types.h"

typedef enum {
    XL_ALLOC_SEQUENTIAL = 0,  /* lowest free frame first */
    XL_ALLOC_RANDOM = 1       /* uniformly random free frame, from the seeded rng */
} xl_alloc_policy_t;

typedef struct xl_physmem xl_physmem_t;   /* opaque */

/* size_bytes: a multiple of 2 MB, at least 4 MB. Frame 0 is never handed out so that a
 * zero PTE frame field can never look valid. Returns NULL with a message in err on bad
 * parameters. */
xl_physmem_t *xl_physmem_create(uint64_t size_bytes, xl_alloc_policy_t policy, uint64_t seed,
                                char *err, size_t errlen);
void xl_physmem_destroy(xl_physmem_t *pm);

uint64_t xl_physmem_size(const xl_physmem_t *pm);
uint64_t xl_physmem_frames_used(const xl_physmem_t *pm);   /* 4 KB frames allocated */
uint64_t xl_physmem_frames_stored(const xl_physmem_t *pm); /* frames with backing storage */

/* Policies: SEQUENTIAL hands out the lowest free frame (the lowest fully free 2 MB
 * chunk for alloc_2m). RANDOM draws an index uniformly with xl_rng_below from one rng
 * seeded once with `seed` (a frame index in [0, size/4K) or a chunk index in
 * [0, size/2M)) and, if it is in use, takes the next free one above it, wrapping; so
 * the sequence is a function of (size, seed, call order) only.
 * Allocate one 4 KB frame (pa aligned to 4 KB) or one 2 MB frame (512 contiguous free
 * frames aligned to 2 MB). Returns XL_OK, or XL_EINPUT when memory is exhausted
 * (XL_EINTERNAL only if the host itself is out of memory). */
int xl_physmem_alloc_4k(xl_physmem_t *pm, xl_pa_t *pa_out);
int xl_physmem_alloc_2m(xl_physmem_t *pm, xl_pa_t *pa_out);
/* One 64 KB frame: 16 contiguous free 4 KB frames aligned to 64 KB, by the same rules on
 * 64 KB blocks (RANDOM draws a block index in [0, size/64K), or in the zone). */
int xl_physmem_alloc_64k(xl_physmem_t *pm, xl_pa_t *pa_out);
/* Allocate from zone `zone` of `nzones` equal slices of the memory from now on (each a
 * whole number of 2 MB chunks: zone z is chunks [z * n / nzones, (z + 1) * n / nzones) of
 * the n chunks), as an operating system gives each partition of a statically partitioned
 * GPU its own memory slice (MASK's Static design, docs/papers/mask.md). The rules above
 * then draw and search inside the zone only; XL_EINPUT when the zone is full. The
 * default, zone 0 of 1, is the whole memory: the same sequence as without zones.
 * XL_EINPUT (nothing changed) when nzones is 0, zone >= nzones or a zone would be empty. */
int xl_physmem_set_zone(xl_physmem_t *pm, unsigned zone, unsigned nzones);

/* 8-byte aligned accesses; pa must be < size. Little-endian, as in x86. */
uint64_t xl_physmem_read64(const xl_physmem_t *pm, xl_pa_t pa);
void     xl_physmem_write64(xl_physmem_t *pm, xl_pa_t pa, uint64_t value);
/* Copy one 64-byte line (pa aligned to 64) into out[8]. */
void     xl_physmem_read_line(const xl_physmem_t *pm, xl_pa_t pa, uint64_t out[8]);

/* Added by the physmem implementation. */
/* Return one allocated 4 KB frame (for eviction; a 2 MB frame is 512 calls). Its
 * contents become 0. XL_EINPUT if pa is not a 4 KB-aligned frame in use (or frame 0).
 * Freed frames are found again by both policies' "next free" rules. */
int      xl_physmem_free_4k(xl_physmem_t *pm, xl_pa_t pa);
/* 1 if the 4 KB frame holding pa is in use (allocated, or the reserved frame 0). */
int      xl_physmem_frame_is_used(const xl_physmem_t *pm, xl_pa_t pa);
/* Zero the 4 KB frame at pa (4 KB aligned). An unstored frame already reads 0 and
 * stays unstored. Used for fresh page-table nodes. */
void     xl_physmem_zero_frame(xl_physmem_t *pm, xl_pa_t pa);
/* Accesses that could not be done (pa >= size, misaligned, or out of host memory on a
 * write): reads of them returned 0 and writes were dropped. Returns the count, and the
 * first such address in *first_pa when first_pa is not NULL. A correct run has 0. */
uint64_t xl_physmem_bad_accesses(const xl_physmem_t *pm, xl_pa_t *first_pa);

#endif
