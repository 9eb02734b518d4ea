/*
 * t02_physmem.c - area 02: simulated physical memory and the seeded frame allocator
 * (model/include/xlat/physmem.h; docs/isca18-micro18.md §1.2 "deterministic seeded
 * allocator for data and page-table pages").
 */
#include "xltest.h"
#include "xlat/physmem.h"

#include <stdlib.h>
#include <string.h>

#define MB (UINT64_C(1) << 20)
#define GB (UINT64_C(1) << 30)

static xl_physmem_t *mk(uint64_t size, xl_alloc_policy_t pol, uint64_t seed)
{
    char err[256] = "";
    xl_physmem_t *pm = xl_physmem_create(size, pol, seed, err, sizeof err);
    assert_non_null(pm);
    assert_string_equal(err, "");
    return pm;
}

/* A frame from pm (4 KB or 2 MB), which must have one: its address. */
static xl_pa_t alloc_4k(xl_physmem_t *pm)
{
    xl_pa_t pa = 0;
    assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_OK);
    return pa;
}

static xl_pa_t alloc_2m(xl_physmem_t *pm)
{
    xl_pa_t pa = 0;
    assert_int_equal(xl_physmem_alloc_2m(pm, &pa), XL_OK);
    return pa;
}

/* 02.01 Sequential: frame 0 is reserved, so the first three frames are 1, 2, 3, i.e.
 * pa = 1 * 4096 = 0x1000, 0x2000, 0x3000. */
static void test_02_01_sequential_order(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(4 * MB, XL_ALLOC_SEQUENTIAL, 0);
    assert_int_equal(xl_physmem_size(pm), 4 * MB);
    assert_int_equal(alloc_4k(pm), 0x1000);
    assert_int_equal(alloc_4k(pm), 0x2000);
    assert_int_equal(alloc_4k(pm), 0x3000);
    assert_int_equal(xl_physmem_frames_used(pm), 3);
    assert_true(xl_physmem_frame_is_used(pm, 0x3000));
    assert_false(xl_physmem_frame_is_used(pm, 0x4000));
    xl_physmem_destroy(pm);
}

/* 02.02 Random: the first frame is xl_rng_below(rng seeded with seed, 1024) for a
 * 4 MB memory (4 MB / 4 KB = 1024 frames); if that draw is 0 (the reserved frame) the
 * next free one above it, frame 1. So it can be recomputed from the rng alone. The same
 * seed repeats the whole sequence; seeds 7 and 8 differ somewhere in 16 draws (two
 * equal 16-draw sequences from 1024 frames would be a ~1024^-16 coincidence). */
static void test_02_02_random_deterministic(void **st)
{
    (void)st;
    xl_rng_t r;
    xl_rng_seed(&r, 7);
    uint64_t first = xl_rng_below(&r, 1024);
    if (first == 0)
        first = 1;

    xl_physmem_t *a = mk(4 * MB, XL_ALLOC_RANDOM, 7);
    xl_physmem_t *b = mk(4 * MB, XL_ALLOC_RANDOM, 7);
    xl_physmem_t *c = mk(4 * MB, XL_ALLOC_RANDOM, 8);
    int differ = 0;
    for (int i = 0; i < 16; i++) {
        xl_pa_t pa, pb, pc;
        assert_int_equal(xl_physmem_alloc_4k(a, &pa), XL_OK);
        assert_int_equal(xl_physmem_alloc_4k(b, &pb), XL_OK);
        assert_int_equal(xl_physmem_alloc_4k(c, &pc), XL_OK);
        if (i == 0)
            assert_int_equal(pa, first << 12);
        assert_int_equal(pa, pb);
        assert_int_equal(pa & 0xFFF, 0);
        differ |= pa != pc;
    }
    assert_true(differ);
    xl_physmem_destroy(a);
    xl_physmem_destroy(b);
    xl_physmem_destroy(c);
}

/* 02.03 The random rule, replayed by a shadow model in the test: draw
 * d = xl_rng_below(rng, 1024) from an rng seeded like the allocator's, then take the
 * first free frame at or above d, wrapping past frame 1023 to frame 0 (which is always
 * in use, reserved). In a 4 MB memory all 1023 usable frames are handed out exactly
 * once, in the order the shadow predicts (late draws mostly collide, so the wrap is
 * exercised), none is frame 0, and the 1024th request fails with XL_EINPUT. */
static void test_02_03_random_rule_fills_all_but_frame0(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(4 * MB, XL_ALLOC_RANDOM, 123);
    unsigned char used[1024] = {1};   /* frame 0 reserved */
    xl_rng_t r;
    xl_pa_t pa;
    unsigned wraps = 0;
    xl_rng_seed(&r, 123);
    for (int i = 0; i < 1023; i++) {
        uint64_t f = xl_rng_below(&r, 1024);
        while (used[f]) {
            if (f == 1023)
                wraps++;                 /* the search passes the top of memory */
            f = (f + 1) % 1024;
        }
        used[f] = 1;
        pa = alloc_4k(pm);
        assert_int_equal(pa, f << 12);
        assert_true(pa != 0);
    }
    assert_true(wraps > 0);
    assert_int_equal(xl_physmem_frames_used(pm), 1023);
    assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_EINPUT);
    assert_int_equal(xl_physmem_alloc_2m(pm, &pa), XL_EINPUT);
    xl_physmem_destroy(pm);
}

/* 02.04 Sequential exhaustion: 1023 frames of a 4 MB memory, the last one at
 * 1023 * 4096 = 0x3FF000, then XL_EINPUT. */
static void test_02_04_sequential_exhaustion(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(4 * MB, XL_ALLOC_SEQUENTIAL, 0);
    xl_pa_t pa = 0;
    for (int i = 0; i < 1023; i++)
        assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_OK);
    assert_int_equal(pa, 0x3FF000);
    assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_EINPUT);
    xl_physmem_destroy(pm);
}

/* 02.05 No duplicate among 20000 random frames of a 256 MB memory (65536 frames), and
 * none is frame 0. */
static void test_02_05_no_duplicates(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(256 * MB, XL_ALLOC_RANDOM, 99);
    unsigned char *seen = calloc(65536, 1);
    assert_non_null(seen);
    for (int i = 0; i < 20000; i++) {
        xl_pa_t pa;
        assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_OK);
        assert_true(pa != 0 && pa < 256 * MB);
        assert_int_equal(seen[pa >> 12], 0);
        seen[pa >> 12] = 1;
    }
    assert_int_equal(xl_physmem_frames_used(pm), 20000);
    free(seen);
    xl_physmem_destroy(pm);
}

/* 02.06 2 MB frames, sequential, 8 MB memory = chunks 0..3. Chunk 0 holds the reserved
 * frame 0, so the 2 MB frames are 0x200000, 0x400000, 0x600000, then XL_EINPUT. Each
 * uses 512 frames: frames_used = 3 * 512 = 1536. 4 KB frames still come from chunk 0:
 * the lowest free is 0x1000. */
static void test_02_06_alloc_2m_sequential(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(8 * MB, XL_ALLOC_SEQUENTIAL, 0);
    xl_pa_t pa;
    assert_int_equal(alloc_2m(pm), 0x200000);
    assert_int_equal(alloc_2m(pm), 0x400000);
    assert_int_equal(alloc_2m(pm), 0x600000);
    assert_int_equal(xl_physmem_alloc_2m(pm, &pa), XL_EINPUT);
    assert_int_equal(xl_physmem_frames_used(pm), 1536);
    assert_int_equal(alloc_4k(pm), 0x1000);
    xl_physmem_destroy(pm);
}

/* 02.07 A chunk with any 4 KB frame in use is not a 2 MB candidate, and the 4 KB
 * allocator skips 2 MB frames. Sequential, 8 MB (chunks 0..3): one 4 KB frame (frame 1,
 * 0x1000, in chunk 0), then 2 MB -> chunk 1 (0x200000). 510 more 4 KB frames are
 * frames 2..511, the last at 511 * 4096 = 0x1FF000, filling chunk 0. The next 4 KB
 * frame skips chunk 1 (the 2 MB frame) and is frame 1024 = 0x400000 (chunk 2). So the
 * next 2 MB frame is chunk 3, 0x600000, and after it none is left. */
static void test_02_07_mixed_4k_2m(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(8 * MB, XL_ALLOC_SEQUENTIAL, 0);
    xl_pa_t pa = 0;
    assert_int_equal(alloc_4k(pm), 0x1000);
    assert_int_equal(alloc_2m(pm), 0x200000);
    for (int i = 0; i < 510; i++)       /* frames 2..511 */
        assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_OK);
    assert_int_equal(pa, 0x1FF000);
    assert_int_equal(alloc_4k(pm), 0x400000);
    assert_int_equal(alloc_2m(pm), 0x600000);
    assert_int_equal(xl_physmem_alloc_2m(pm, &pa), XL_EINPUT);
    xl_physmem_destroy(pm);
}

/* 02.08 Random 2 MB frames are 2 MB aligned (pa & 0x1FFFFF == 0), distinct, never
 * chunk 0 (it holds frame 0); a 64 MB memory has 32 chunks, so 31 succeed and the
 * 32nd fails. */
static void test_02_08_alloc_2m_random(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(64 * MB, XL_ALLOC_RANDOM, 5);
    unsigned char seen[32] = {0};
    xl_pa_t pa;
    for (int i = 0; i < 31; i++) {
        assert_int_equal(xl_physmem_alloc_2m(pm, &pa), XL_OK);
        assert_int_equal(pa & 0x1FFFFF, 0);
        assert_true(pa >= 2 * MB && pa < 64 * MB);
        assert_int_equal(seen[pa >> 21], 0);
        seen[pa >> 21] = 1;
    }
    assert_int_equal(xl_physmem_alloc_2m(pm, &pa), XL_EINPUT);
    /* 31 chunks * 512 = 15872 frames used; 511 free frames remain in chunk 0. */
    assert_int_equal(xl_physmem_frames_used(pm), 15872);
    assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_OK);
    assert_true(pa > 0 && pa < 2 * MB);
    xl_physmem_destroy(pm);
}

/* 02.09 Read after write; neighbouring words stay 0; storage is made for the written
 * frame only (frames_stored = 1); writing 0 to an unstored frame stores nothing. */
static void test_02_09_read_after_write(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(4 * MB, XL_ALLOC_SEQUENTIAL, 0);
    assert_int_equal(xl_physmem_frames_stored(pm), 0);
    xl_physmem_write64(pm, 0x1008, UINT64_C(0x8000000000123007));
    assert_int_equal(xl_physmem_read64(pm, 0x1008), UINT64_C(0x8000000000123007));
    assert_int_equal(xl_physmem_read64(pm, 0x1000), 0);
    assert_int_equal(xl_physmem_read64(pm, 0x1010), 0);
    assert_int_equal(xl_physmem_frames_stored(pm), 1);
    xl_physmem_write64(pm, 0x1008, 42);              /* overwrite */
    assert_int_equal(xl_physmem_read64(pm, 0x1008), 42);
    xl_physmem_write64(pm, 0x5000, 0);               /* zero into an unstored frame */
    assert_int_equal(xl_physmem_frames_stored(pm), 1);
    xl_physmem_write64(pm, 0x3FFFF8, 7);             /* last word of memory */
    assert_int_equal(xl_physmem_read64(pm, 0x3FFFF8), 7);
    assert_int_equal(xl_physmem_frames_stored(pm), 2);
    xl_physmem_zero_frame(pm, 0x1000);
    assert_int_equal(xl_physmem_read64(pm, 0x1008), 0);
    assert_int_equal(xl_physmem_bad_accesses(pm, NULL), 0);
    xl_physmem_destroy(pm);
}

/* 02.10 Never-written memory reads 0, anywhere in a 4 GB memory, without storage. */
static void test_02_10_unwritten_reads_zero(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(4 * GB, XL_ALLOC_SEQUENTIAL, 0);
    uint64_t line[8];
    assert_int_equal(xl_physmem_read64(pm, 0), 0);
    assert_int_equal(xl_physmem_read64(pm, 0x12345678 & ~UINT64_C(7)), 0);
    assert_int_equal(xl_physmem_read64(pm, 4 * GB - 8), 0);
    memset(line, 0xAB, sizeof line);
    xl_physmem_read_line(pm, 0x7FFFFFC0, line);
    for (int i = 0; i < 8; i++)
        assert_int_equal(line[i], 0);
    assert_int_equal(xl_physmem_frames_stored(pm), 0);
    xl_physmem_destroy(pm);
}

/* 02.11 read_line returns the 8 words of a 64 B line in address order: word i of the
 * line at 0x2040 is at 0x2040 + 8i; we write 100 + i there. The line at 0x2000 (the
 * previous line of the same frame) stays zero. */
static void test_02_11_read_line(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(4 * MB, XL_ALLOC_SEQUENTIAL, 0);
    uint64_t line[8];
    for (unsigned i = 0; i < 8; i++)
        xl_physmem_write64(pm, 0x2040 + 8u * i, 100u + i);
    xl_physmem_read_line(pm, 0x2040, line);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(line[i], 100u + i);
    xl_physmem_read_line(pm, 0x2000, line);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(line[i], 0);
    xl_physmem_destroy(pm);
}

/* 02.12 Bad sizes give NULL and one line naming the problem: 1 byte and 3 MB are not
 * multiples of 2 MB, 2 MB and 0 are below the 4 MB minimum, 2^52 + 2 MB exceeds 52-bit
 * PAs; an unknown policy is refused too. 2^52 itself is accepted (the bitmap is
 * allocated lazily, 1 GB at a time). */
static void test_02_12_bad_sizes(void **st)
{
    (void)st;
    static const uint64_t bad[] = {1, 3 * MB, 2 * MB, (UINT64_C(1) << 52) + 2 * MB, 0};
    static const char *const what[] = {"multiple of 2 MB", "multiple of 2 MB", "4 MB minimum",
                                        "2^52", "4 MB minimum"};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char err[256] = "";
        assert_null(xl_physmem_create(bad[i], XL_ALLOC_SEQUENTIAL, 0, err, sizeof err));
        assert_non_null(strstr(err, what[i]));
        assert_null(strchr(err, '\n'));
    }
    char err[256] = "";
    assert_null(xl_physmem_create(4 * MB, (xl_alloc_policy_t)7, 0, err, sizeof err));
    assert_non_null(strstr(err, "policy 7"));

    xl_physmem_t *pm = mk(UINT64_C(1) << 52, XL_ALLOC_RANDOM, 1);
    xl_pa_t pa;
    assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_OK);
    assert_true(pa != 0 && pa < (UINT64_C(1) << 52) && (pa & 0xFFF) == 0);
    xl_physmem_write64(pm, pa + 8, 5);
    assert_int_equal(xl_physmem_read64(pm, pa + 8), 5);
    xl_physmem_destroy(pm);
}

/* 02.13 Accesses outside memory or misaligned are refused, counted, and the first
 * address is kept: a read at 4 MB (= size) returns 0, a write at 0x1004 (not 8-aligned)
 * is dropped, a line read at 0x1020 (not 64-aligned) returns zeros: 3 bad accesses,
 * first at 0x400000. */
static void test_02_13_bad_access(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(4 * MB, XL_ALLOC_SEQUENTIAL, 0);
    uint64_t line[8];
    xl_pa_t first = 0;
    xl_physmem_write64(pm, 0x1000, 9);
    assert_int_equal(xl_physmem_read64(pm, 4 * MB), 0);
    xl_physmem_write64(pm, 0x1004, 1);
    xl_physmem_read_line(pm, 0x1020, line);
    assert_int_equal(line[0], 0);
    assert_int_equal(xl_physmem_read64(pm, 0x1000), 9);
    assert_int_equal(xl_physmem_bad_accesses(pm, &first), 3);
    assert_int_equal(first, 4 * MB);
    xl_physmem_destroy(pm);
}

/* 02.14 The setup-path load: 140,000 4 KB frames in a 4 GB memory (1,048,576 frames),
 * both policies, all distinct and non-zero; frames_used = 140000. (This must run well
 * under a second; the test's run time shows it.) With the sequential policy the last
 * frame is number 140000, pa = 140000 * 4096 = 0x222E0000. */
static void test_02_14_many_frames_4g(void **st)
{
    (void)st;
    for (int pol = 0; pol < 2; pol++) {
        xl_physmem_t *pm = mk(4 * GB, (xl_alloc_policy_t)pol, 2024);
        unsigned char *seen = calloc(1u << 20, 1);
        xl_pa_t pa = 0;
        assert_non_null(seen);
        for (int i = 0; i < 140000; i++) {
            assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_OK);
            assert_true(pa != 0 && pa < 4 * GB);
            if (seen[pa >> 12])
                fail_msg("frame 0x%llx handed out twice", (unsigned long long)pa);
            seen[pa >> 12] = 1;
        }
        if (pol == XL_ALLOC_SEQUENTIAL)
            assert_int_equal(pa, 0x222E0000);
        assert_int_equal(xl_physmem_frames_used(pm), 140000);
        free(seen);
        xl_physmem_destroy(pm);
    }
}

/* 02.15 The backing store keeps many frames apart: write one word into each of 3000
 * frames (frame k = 1..3000 at offset (k % 512) * 8, value k * 3 + 1), then read all
 * back. frames_stored = 3000; the neighbouring word of each stays 0. */
static void test_02_15_many_stored_frames(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(64 * MB, XL_ALLOC_SEQUENTIAL, 0);
    for (uint64_t k = 1; k <= 3000; k++)
        xl_physmem_write64(pm, (k << 12) + (k % 512) * 8, k * 3 + 1);
    assert_int_equal(xl_physmem_frames_stored(pm), 3000);
    for (uint64_t k = 1; k <= 3000; k++) {
        assert_int_equal(xl_physmem_read64(pm, (k << 12) + (k % 512) * 8), k * 3 + 1);
        assert_int_equal(xl_physmem_read64(pm, (k << 12) + ((k + 1) % 512) * 8), 0);
    }
    xl_physmem_destroy(pm);
}

/* 02.16 A size that is not a whole number of gigabytes: 1 GB + 2 MB = 262144 + 512 =
 * 262656 frames, 262655 usable. Sequentially the last one is frame 262655,
 * pa = 262655 * 4096 = 0x401FF000, past the first 1 GB bitmap region; then XL_EINPUT
 * for both sizes. */
static void test_02_16_partial_last_region(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(GB + 2 * MB, XL_ALLOC_SEQUENTIAL, 0);
    xl_pa_t pa = 0;
    for (int i = 0; i < 262655; i++)
        assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_OK);
    assert_int_equal(pa, 0x401FF000);
    assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_EINPUT);
    assert_int_equal(xl_physmem_alloc_2m(pm, &pa), XL_EINPUT);
    xl_physmem_destroy(pm);
}

/* 02.17 Freeing: sequential, 8 MB. Frames 1..3 (0x1000..0x3000) are allocated; freeing
 * 0x2000 makes it the lowest free frame again, so the next allocation returns 0x2000,
 * with its old contents gone (reads 0). Freeing frame 0, an unaligned address, a free
 * frame or an address past the end is refused. Freeing all 512 frames of a 2 MB frame
 * makes its chunk a 2 MB candidate again: 0x200000 comes back. */
static void test_02_17_free(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(8 * MB, XL_ALLOC_SEQUENTIAL, 0);
    xl_pa_t pa;
    for (int i = 0; i < 3; i++)
        assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_OK);
    xl_physmem_write64(pm, 0x2010, 77);
    assert_int_equal(xl_physmem_free_4k(pm, 0x2000), XL_OK);
    assert_int_equal(xl_physmem_frames_used(pm), 2);
    assert_false(xl_physmem_frame_is_used(pm, 0x2000));
    assert_int_equal(xl_physmem_free_4k(pm, 0x2000), XL_EINPUT);   /* already free */
    assert_int_equal(xl_physmem_free_4k(pm, 0), XL_EINPUT);        /* reserved */
    assert_int_equal(xl_physmem_free_4k(pm, 0x1008), XL_EINPUT);   /* unaligned */
    assert_int_equal(xl_physmem_free_4k(pm, 8 * MB), XL_EINPUT);   /* past the end */
    assert_int_equal(alloc_4k(pm), 0x2000);
    assert_int_equal(xl_physmem_read64(pm, 0x2010), 0);

    assert_int_equal(alloc_2m(pm), 0x200000);
    for (xl_pa_t p = 0x200000; p < 0x400000; p += 0x1000)
        assert_int_equal(xl_physmem_free_4k(pm, p), XL_OK);
    assert_int_equal(alloc_2m(pm), 0x200000);
    xl_physmem_destroy(pm);
}

/* Zones (MASK's Static design): memory of 16 MB = 8 chunks of 2 MB; zone 1 of 2 is chunks
 * 4..7, bytes [8 MB, 16 MB): every 4 KB and 2 MB frame drawn there lies in it, under both
 * policies; the zone holds 4 chunks = 2048 frames: 4 chunks, or 2048 frames, fill it
 * (then XL_EINPUT) while zone 0 still has room. Zone 0 of 1 draws exactly the sequence of no zone. */
static void test_02_18_zones(void **state)
{
    (void)state;
    for (int pol = 0; pol < 2; pol++) {
        xl_physmem_t *pm = mk(16 * MB, pol ? XL_ALLOC_RANDOM : XL_ALLOC_SEQUENTIAL, 7);
        assert_int_equal(xl_physmem_set_zone(pm, 2, 2), XL_EINPUT);
        assert_int_equal(xl_physmem_set_zone(pm, 0, 0), XL_EINPUT);
        assert_int_equal(xl_physmem_set_zone(pm, 0, 9), XL_EINPUT);   /* 8 chunks: zone 0 empty */
        assert_int_equal(xl_physmem_set_zone(pm, 1, 2), XL_OK);
        xl_pa_t pa = 0;
        int chunks = 0;
        while (xl_physmem_alloc_2m(pm, &pa) == XL_OK) {
            assert_true(pa >= 8 * MB && pa < 16 * MB && pa % (2 * MB) == 0);
            chunks++;
        }
        assert_int_equal(chunks, 4);
        assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_EINPUT);   /* the zone is full */
        xl_physmem_destroy(pm);
        pm = mk(16 * MB, pol ? XL_ALLOC_RANDOM : XL_ALLOC_SEQUENTIAL, 7);
        assert_int_equal(xl_physmem_set_zone(pm, 1, 2), XL_OK);
        for (int i = 0; i < 2048; i++) {   /* every frame of the zone, then none */
            pa = alloc_4k(pm);
            assert_true(pa >= 8 * MB && pa < 16 * MB);
        }
        assert_int_equal(xl_physmem_alloc_4k(pm, &pa), XL_EINPUT);
        assert_int_equal(xl_physmem_set_zone(pm, 0, 2), XL_OK);
        pa = alloc_4k(pm);
        assert_true(pa > 0 && pa < 8 * MB);
        xl_physmem_destroy(pm);
    }
    xl_physmem_t *a = mk(64 * MB, XL_ALLOC_RANDOM, 3), *b = mk(64 * MB, XL_ALLOC_RANDOM, 3);
    assert_int_equal(xl_physmem_set_zone(b, 0, 1), XL_OK);
    for (int i = 0; i < 1000; i++)
        assert_int_equal(alloc_4k(a), alloc_4k(b));
    xl_physmem_destroy(a);
    xl_physmem_destroy(b);
}

/* 02.19 64 KB frames: 16 free frames aligned to 64 KB. Sequential in 4 MB (64 blocks):
 * after the 4 KB frame 0x1000, block 0 is taken, so the first 64 KB frame is block 1 =
 * 0x10000; the next 4 KB frame is 0x2000 (the lowest free), the next 64 KB one block 2 =
 * 0x20000. frames_used = 1 + 16 + 1 + 16 = 34. Blocks 3..63 are free: 61 more 64 KB frames,
 * then XL_EINPUT, while 4 KB frames still fit in block 0 (frame 3). Random: a 64 KB frame
 * is aligned and marks all 16 of its frames. */
static void test_02_19_alloc_64k(void **st)
{
    (void)st;
    xl_physmem_t *pm = mk(4 * MB, XL_ALLOC_SEQUENTIAL, 0);
    xl_pa_t pa = 0;
    assert_int_equal(alloc_4k(pm), 0x1000);
    assert_int_equal(xl_physmem_alloc_64k(pm, &pa), XL_OK);
    assert_int_equal(pa, 0x10000);
    assert_int_equal(alloc_4k(pm), 0x2000);
    assert_int_equal(xl_physmem_alloc_64k(pm, &pa), XL_OK);
    assert_int_equal(pa, 0x20000);
    assert_int_equal(xl_physmem_frames_used(pm), 34);
    for (int i = 0; i < 61; i++)
        assert_int_equal(xl_physmem_alloc_64k(pm, &pa), XL_OK);
    assert_int_equal(pa, 0x3F0000);
    assert_int_equal(xl_physmem_alloc_64k(pm, &pa), XL_EINPUT);
    assert_int_equal(alloc_4k(pm), 0x3000);
    xl_physmem_destroy(pm);

    pm = mk(64 * MB, XL_ALLOC_RANDOM, 5);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(xl_physmem_alloc_64k(pm, &pa), XL_OK);
        assert_int_equal(pa & 0xFFFF, 0);
        assert_true(xl_physmem_frame_is_used(pm, pa));
        assert_true(xl_physmem_frame_is_used(pm, pa + 15 * 4096));
    }
    assert_int_equal(xl_physmem_frames_used(pm), 8 * 16);
    xl_physmem_destroy(pm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_02_01_sequential_order),
        cmocka_unit_test(test_02_02_random_deterministic),
        cmocka_unit_test(test_02_03_random_rule_fills_all_but_frame0),
        cmocka_unit_test(test_02_04_sequential_exhaustion),
        cmocka_unit_test(test_02_05_no_duplicates),
        cmocka_unit_test(test_02_06_alloc_2m_sequential),
        cmocka_unit_test(test_02_07_mixed_4k_2m),
        cmocka_unit_test(test_02_08_alloc_2m_random),
        cmocka_unit_test(test_02_09_read_after_write),
        cmocka_unit_test(test_02_10_unwritten_reads_zero),
        cmocka_unit_test(test_02_11_read_line),
        cmocka_unit_test(test_02_12_bad_sizes),
        cmocka_unit_test(test_02_13_bad_access),
        cmocka_unit_test(test_02_14_many_frames_4g),
        cmocka_unit_test(test_02_15_many_stored_frames),
        cmocka_unit_test(test_02_16_partial_last_region),
        cmocka_unit_test(test_02_17_free),
        cmocka_unit_test(test_02_18_zones),
        cmocka_unit_test(test_02_19_alloc_64k),
    };
    return cmocka_run_group_tests_name("t02_physmem", tests, NULL, NULL);
}
