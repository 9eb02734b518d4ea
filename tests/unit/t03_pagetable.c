/*
 * t03_pagetable.c - area 03: the x86-64 4-level page-table format, the functional
 * walker and the page-table builder (model/include/xlat/pagetable.h,
 * model/include/xlat/addrspace.h; docs/isca18-micro18.md §1.3).
 *
 * Most tests build tables with XL_ALLOC_SEQUENTIAL, so node addresses are predictable:
 * frame 0 is reserved, the root takes 0x1000, and xl_as_map allocates, page by page,
 * the missing nodes L3, L2, L1 and then the data frame.
 */
#include "xltest.h"
#include "xlat/addrspace.h"
#include "xlat/pagetable.h"
#include "xlat/physmem.h"

#include <string.h>

#define MB (UINT64_C(1) << 20)
#define GB (UINT64_C(1) << 30)
#define RW_US (XL_PTE_RW | XL_PTE_US)

typedef struct {
    xl_physmem_t *pm;
    xl_as_t as;
    char err[256];
} fx_t;

static void fx_init(fx_t *f, uint64_t size, xl_alloc_policy_t pol)
{
    memset(f, 0, sizeof *f);
    f->pm = xl_physmem_create(size, pol, 1, f->err, sizeof f->err);
    assert_non_null(f->pm);
    assert_int_equal(xl_as_init(&f->as, f->pm, 3, f->err, sizeof f->err), XL_OK);
}

static void fx_map(fx_t *f, xl_va_t va, uint64_t bytes, unsigned shift, uint64_t flags)
{
    int rc = xl_as_map(&f->as, va, bytes, shift, flags, f->err, sizeof f->err);
    if (rc != XL_OK)
        fail_msg("xl_as_map: %s", f->err);
}

/* Field checks by name (expect_fields, xltest.h) of a walk and of an address space. */
#define F(f) XLTEST_FIELD(xl_walk_t, f)
static const xltest_field_t walk_fields[] = {
    F(fault_level), F(pa), F(page_shift), F(leaf_level), F(leaf_pte), F(nreads),
    F(line_pa[0]), F(line_pa[1]), F(line_pa[2]), F(line_pa[3]),
    F(line_level[0]), F(line_level[1]), F(line_level[2]), F(line_level[3]),
    F(node_pa[1]), F(node_pa[2]), F(node_pa[3]), F(node_pa[4]), {NULL, 0, 0}};
#undef F
static const xltest_field_t as_fields[] = {XLTEST_FIELD(xl_as_t, pt_nodes),
                                           XLTEST_FIELD(xl_as_t, pages_4k),
                                           XLTEST_FIELD(xl_as_t, pages_2m),
                                           XLTEST_FIELD(xl_as_t, pages_64k), {NULL, 0, 0}};
XLTEST_EXPECT_FIELDS(walk, xl_walk_t)
XLTEST_EXPECT_FIELDS(as, xl_as_t)

/* Expect an XL_EINPUT from xl_as_map whose one-line message contains `needle`. */
static void fx_map_fails(fx_t *f, xl_va_t va, uint64_t bytes, unsigned shift, uint64_t flags,
                         const char *needle)
{
    f->err[0] = 0;
    assert_int_equal(xl_as_map(&f->as, va, bytes, shift, flags, f->err, sizeof f->err),
                     XL_EINPUT);
    if (!strstr(f->err, needle))
        fail_msg("message \"%s\" lacks \"%s\"", f->err, needle);
    assert_null(strchr(f->err, '\n'));
}

/* Expect an XL_EINPUT from xl_as_map_page of a 4 KB page whose message contains `needle`. */
static void map_page_fails(fx_t *f, xl_va_t va, xl_pa_t frame, const char *needle)
{
    assert_int_equal(xl_as_map_page(&f->as, va, frame, XL_PAGE_SHIFT_4K, 0, f->err,
                                    sizeof f->err), XL_EINPUT);
    assert_non_null(strstr(f->err, needle));
}

/* 03.01 PTE bit positions of §1.3: P=0, RW=1, US=2, PWT=3, PCD=4, A=5, D=6, PS=7, G=8,
 * NX=63, frame = bits 51:12; xl_pte_make keeps only frame bits 51:12 of the frame. */
static void test_03_01_pte_bits(void **st)
{
    (void)st;
    assert_int_equal(XL_PTE_P, 0x1);
    assert_int_equal(XL_PTE_RW, 0x2);
    assert_int_equal(XL_PTE_US, 0x4);
    assert_int_equal(XL_PTE_PWT, 0x8);
    assert_int_equal(XL_PTE_PCD, 0x10);
    assert_int_equal(XL_PTE_A, 0x20);
    assert_int_equal(XL_PTE_D, 0x40);
    assert_int_equal(XL_PTE_PS, 0x80);
    assert_int_equal(XL_PTE_G, 0x100);
    assert_int_equal(XL_PTE_NX, UINT64_C(0x8000000000000000));
    assert_int_equal(XL_PTE_FRAME_MASK, UINT64_C(0x000FFFFFFFFFF000));
    /* 0xFFFF...FFFF frame masked to bits 51:12, plus P|RW. */
    assert_int_equal(xl_pte_make(UINT64_MAX, XL_PTE_P | XL_PTE_RW),
                     UINT64_C(0x000FFFFFFFFFF003));
    assert_int_equal(xl_pte_frame(UINT64_C(0x8000000123456FFF)), UINT64_C(0x123456000));
}

/* 03.02 A cold walk of VA 0x00007F0012345678, table built with sequential frames:
 * root 0x1000, then L3 node 0x2000, L2 node 0x3000, L1 node 0x4000, data 0x5000.
 *   VA = 0x7F00_1234_5678
 *   L4 idx = VA[47:39] = 0x7F0012345678 >> 39 = 0xFE = 254   (0x7F00 0000 0000 / 2^39)
 *   L3 idx = VA[38:30] = 0x12345678 >> 30 = 0
 *   L2 idx = VA[29:21] = 0x12345678 >> 21 = 0x91 = 145        (0x91 * 2 MB = 0x12200000)
 *   L1 idx = VA[20:12] = 0x145678 >> 12 = 0x145 = 325
 *   lines: 0x1000 + (254>>3)*64 = 0x1000 + 31*64 = 0x17C0
 *          0x2000 + (0>>3)*64   = 0x2000
 *          0x3000 + (145>>3)*64 = 0x3000 + 18*64 = 0x3480
 *          0x4000 + (325>>3)*64 = 0x4000 + 40*64 = 0x4A00
 *   entries: 0x1000 + 254*8 = 0x17F0 holds 0x2000|P|RW|US = 0x2007 (slot 254&7 = 6);
 *            the leaf 0x4000 + 325*8 = 0x4A28 holds 0x5000|RW|P = 0x5003.
 *   pa = 0x5000 | 0x678 = 0x5678. */
static void test_03_02_cold_walk_lines_by_hand(void **st)
{
    (void)st;
    fx_t f;
    xl_walk_t w;
    const xl_va_t va = UINT64_C(0x00007F0012345678);
    fx_init(&f, 8 * MB, XL_ALLOC_SEQUENTIAL);
    assert_int_equal(f.as.root, 0x1000);
    fx_map(&f, va & ~UINT64_C(0xFFF), 4096, XL_PAGE_SHIFT_4K, XL_PTE_RW);

    assert_int_equal(xl_pt_index(va, 4), 254);
    assert_int_equal(xl_pt_index(va, 3), 0);
    assert_int_equal(xl_pt_index(va, 2), 145);
    assert_int_equal(xl_pt_index(va, 1), 325);
    assert_int_equal(xl_physmem_read64(f.pm, 0x17F0), 0x2007);
    assert_int_equal(xl_physmem_read64(f.pm, 0x4A28), 0x5003);

    xl_pt_walk(f.pm, f.as.root, va, &w);
    assert_int_equal(w.status, XL_WALK_OK);
    expect_walk(&w, "fault_level=0 nreads=4");
    expect_walk(&w, "line_pa[0]=0x17C0 line_pa[1]=0x2000 line_pa[2]=0x3480 line_pa[3]=0x4A00");
    expect_walk(&w, "line_level[0]=4 line_level[1]=3 line_level[2]=2 line_level[3]=1");
    expect_walk(&w, "node_pa[4]=0x1000 node_pa[3]=0x2000 node_pa[2]=0x3000 node_pa[1]=0x4000");
    expect_walk(&w, "pa=0x5678 page_shift=12 leaf_level=1 leaf_pte=0x5003");
    expect_as(&f.as, "pt_nodes=4 pages_4k=1");
    xl_physmem_destroy(f.pm);
}

/* 03.03 A 2 MB page at VA 0x40000000 (1 GB): root 0x1000, L3 node 0x2000, L2 node
 * 0x3000, data chunk 0x200000 (chunk 0 holds reserved frame 0 and the nodes). Walk of
 * VA 0x40123456: L4 idx 0 -> line 0x1000; L3 idx 1 -> line 0x2000 + (1>>3)*64 = 0x2000;
 * L2 idx 0 -> line 0x3000, entry = 0x200000|PS|P|RW|US = 0x200087, leaf.
 * pa = 0x200000 | (0x40123456 & 0x1FFFFF) = 0x200000 | 0x123456 = 0x323456; 3 reads. */
static void test_03_03_walk_2m_page(void **st)
{
    (void)st;
    fx_t f;
    xl_walk_t w;
    fx_init(&f, 8 * MB, XL_ALLOC_SEQUENTIAL);
    fx_map(&f, 0x40000000, 2 * MB, XL_PAGE_SHIFT_2M, RW_US);
    xl_pt_walk(f.pm, f.as.root, 0x40123456, &w);
    assert_int_equal(w.status, XL_WALK_OK);
    expect_walk(&w, "nreads=3 line_pa[0]=0x1000 line_pa[1]=0x2000 line_pa[2]=0x3000 "
                    "line_level[2]=2 node_pa[1]=0 leaf_level=2 page_shift=21 "
                    "leaf_pte=0x200087 pa=0x323456");
    expect_as(&f.as, "pt_nodes=3 pages_2m=1 pages_4k=0");
    xl_physmem_destroy(f.pm);
}

/* 03.04 Not-present faults at each level, with VA 0 mapped (one 4 KB page):
 *   VA 0x8000000000 (512 GB): L4 idx 1 empty           -> fault level 4, 1 read
 *   VA 0x40000000   (1 GB):   L3 idx 1 empty           -> fault level 3, 2 reads
 *   VA 0x200000     (2 MB):   L2 idx 1 empty           -> fault level 2, 3 reads
 *   VA 0x1000       (4 KB):   L1 idx 1 empty           -> fault level 1, 4 reads
 * An empty address space faults at level 4 on VA 0. */
static void test_03_04_fault_each_level(void **st)
{
    (void)st;
    static const struct { xl_va_t va; unsigned level; } c[] = {
        {UINT64_C(0x8000000000), 4}, {0x40000000, 3}, {0x200000, 2}, {0x1000, 1}};
    fx_t f;
    xl_walk_t w;
    fx_init(&f, 8 * MB, XL_ALLOC_SEQUENTIAL);
    xl_pt_walk(f.pm, f.as.root, 0, &w);
    assert_int_equal(w.status, XL_WALK_FAULT_NOT_PRESENT);
    expect_walk(&w, "fault_level=4 nreads=1");
    fx_map(&f, 0, 4096, XL_PAGE_SHIFT_4K, RW_US);
    for (unsigned i = 0; i < 4; i++) {
        xl_pt_walk(f.pm, f.as.root, c[i].va, &w);
        assert_int_equal(w.status, XL_WALK_FAULT_NOT_PRESENT);
        assert_int_equal(w.fault_level, c[i].level);
        assert_int_equal(w.nreads, 5 - c[i].level);
        assert_int_equal(w.line_level[w.nreads - 1], c[i].level);
        assert_int_equal(w.pa, 0);
    }
    xl_pt_walk(f.pm, f.as.root, 0xABC, &w);
    assert_int_equal(w.status, XL_WALK_OK);
    assert_int_equal(w.pa, 0x5ABC);   /* data frame after root, L3, L2, L1 = 0x5000 */
    xl_physmem_destroy(f.pm);
}

/* 03.05 PS faults: PS in an L4 entry is reserved (fault level 4, 1 read); PS in an L3
 * entry would be a 1 GB page, unsupported, so also a reserved fault (level 3, 2 reads).
 * Entries written by hand: root 0x1000 slot 0 = 0x2000|PS|P = 0x2081; for the second
 * case root slot 1 (VA 0x8000000000) = 0x2000|P = 0x2001 and node 0x2000 slot 0 =
 * 0x40000000|PS|P = 0x40000081. */
static void test_03_05_reserved_ps(void **st)
{
    (void)st;
    fx_t f;
    xl_walk_t w;
    fx_init(&f, 8 * MB, XL_ALLOC_SEQUENTIAL);
    xl_physmem_write64(f.pm, 0x1000, 0x2081);
    xl_pt_walk(f.pm, f.as.root, 0x1234, &w);
    assert_int_equal(w.status, XL_WALK_FAULT_RESERVED);
    expect_walk(&w, "fault_level=4 nreads=1");
    xl_physmem_write64(f.pm, 0x1008, 0x2001);
    xl_physmem_write64(f.pm, 0x2000, 0x40000081);
    xl_pt_walk(f.pm, f.as.root, UINT64_C(0x8000001234), &w);
    assert_int_equal(w.status, XL_WALK_FAULT_RESERVED);
    expect_walk(&w, "fault_level=3 nreads=2");
    /* The builder refuses to map under the reserved L4 entry. */
    fx_map_fails(&f, 0x3000, 4096, XL_PAGE_SHIFT_4K, 0, "VA 0x3000");
    xl_physmem_destroy(f.pm);
}

/* 03.06 xl_pt_walk_from (a PWC hit / resumed walk). With the table of 03.02, starting
 * at L1 node 0x4000 reads only the leaf line 0x4A00 (1 read); starting at L2 node
 * 0x3000 reads 0x3480 then 0x4A00 (2 reads). node_pa above the start level stays 0.
 * A level outside 1..4 reads nothing and reports XL_WALK_BAD_LEVEL. */
static void test_03_06_walk_from(void **st)
{
    (void)st;
    fx_t f;
    xl_walk_t w;
    const xl_va_t va = UINT64_C(0x00007F0012345678);
    fx_init(&f, 8 * MB, XL_ALLOC_SEQUENTIAL);
    fx_map(&f, va & ~UINT64_C(0xFFF), 4096, XL_PAGE_SHIFT_4K, XL_PTE_RW);
    xl_pt_walk_from(f.pm, 0x4000, 1, va, &w);
    assert_int_equal(w.status, XL_WALK_OK);
    expect_walk(&w, "nreads=1 line_pa[0]=0x4A00 line_level[0]=1 node_pa[1]=0x4000 "
                    "node_pa[2]=0 node_pa[4]=0 pa=0x5678");
    xl_pt_walk_from(f.pm, 0x3000, 2, va, &w);
    expect_walk(&w, "nreads=2 line_pa[0]=0x3480 line_pa[1]=0x4A00 pa=0x5678");
    xl_pt_walk_from(f.pm, 0x4000, 0, va, &w);
    assert_int_equal(w.status, XL_WALK_BAD_LEVEL);
    assert_int_equal(w.nreads, 0);
    xl_pt_walk_from(f.pm, 0x4000, 5, va, &w);
    assert_int_equal(w.status, XL_WALK_BAD_LEVEL);
    xl_physmem_destroy(f.pm);
}

/* 03.07 The leaf neighbourhood is 8 entries = one 64 B line = 32 KB of VA (§1.3:
 * key VA[47:15]). Map 16 pages from VA 0x7F0012340000 (nodes as in 03.02, L1 node
 * 0x4000). L1 idx of 0x12340000 is 0x140 = 320 and of 0x12347FF8 is 0x147 = 327; both
 * >> 3 = 40, so both leaf lines are 0x4000 + 40*64 = 0x4A00, although the pages
 * differ. VA 0x12348000 has idx 0x148 = 328 -> 41 -> line 0x4A40, the next
 * neighbourhood. The upper lines are shared by all three. */
static void test_03_07_leaf_neighbourhood_shares_line(void **st)
{
    (void)st;
    fx_t f;
    xl_walk_t a, b, c;
    const xl_va_t base = UINT64_C(0x7F0012340000);
    fx_init(&f, 8 * MB, XL_ALLOC_SEQUENTIAL);
    fx_map(&f, base, 16 * 4096, XL_PAGE_SHIFT_4K, RW_US);
    xl_pt_walk(f.pm, f.as.root, base, &a);
    xl_pt_walk(f.pm, f.as.root, base + 0x7FF8, &b);
    xl_pt_walk(f.pm, f.as.root, base + 0x8000, &c);
    assert_int_equal(a.status, XL_WALK_OK);
    assert_int_equal(b.status, XL_WALK_OK);
    assert_int_equal(c.status, XL_WALK_OK);
    assert_int_equal(a.line_pa[3], 0x4A00);
    assert_int_equal(b.line_pa[3], 0x4A00);
    assert_int_equal(c.line_pa[3], 0x4A40);
    assert_true(a.pa >> 12 != b.pa >> 12);
    for (int i = 0; i < 3; i++) {
        assert_int_equal(a.line_pa[i], b.line_pa[i]);
        assert_int_equal(a.line_pa[i], c.line_pa[i]);
    }
    xl_physmem_destroy(f.pm);
}

/* 03.08 xl_as_map refuses bad requests with one line naming the VA, and an overlap
 * error changes nothing (the range is checked before any write). */
static void test_03_08_map_errors(void **st)
{
    (void)st;
    fx_t f;
    fx_init(&f, 64 * MB, XL_ALLOC_SEQUENTIAL);
    fx_map(&f, 0x10000, 4 * 4096, XL_PAGE_SHIFT_4K, RW_US);     /* 0x10000..0x13FFF */
    fx_map(&f, 0x40000000, 2 * MB, XL_PAGE_SHIFT_2M, RW_US);    /* 1 GB .. 1 GB + 2 MB */
    uint64_t nodes = f.as.pt_nodes, used = xl_physmem_frames_used(f.pm);

    /* [0xE000, 0x12000) hits the mapped page 0x10000 on its third page. */
    fx_map_fails(&f, 0xE000, 4 * 4096, XL_PAGE_SHIFT_4K, 0, "VA 0x10000 is already mapped");
    assert_int_equal(f.as.pages_4k, 4);
    assert_int_equal(f.as.pt_nodes, nodes);
    assert_int_equal(xl_physmem_frames_used(f.pm), used);
    /* A 4 KB page inside the 2 MB page. */
    fx_map_fails(&f, 0x40101000, 4096, XL_PAGE_SHIFT_4K, 0, "VA 0x40101000");
    assert_non_null(strstr(f.err, "2 MB page"));
    /* A 2 MB page over it again. */
    fx_map_fails(&f, 0x40000000, 2 * MB, XL_PAGE_SHIFT_2M, 0, "2 MB page");
    /* A 2 MB page where an L1 node exists (the 4 KB pages at 0x10000). */
    fx_map_fails(&f, 0, 2 * MB, XL_PAGE_SHIFT_2M, 0, "VA 0x0 lies in a 2 MB range");
    /* Misalignment, zero length, range end, page size, frame bits in flags. */
    fx_map_fails(&f, 0x20800, 4096, XL_PAGE_SHIFT_4K, 0, "VA 0x20800 is not aligned");
    fx_map_fails(&f, 0x21000, 100, XL_PAGE_SHIFT_4K, 0, "VA 0x21000: length 0x64");
    fx_map_fails(&f, 0x80001000, 2 * MB, XL_PAGE_SHIFT_2M, 0, "VA 0x80001000 is not aligned");
    fx_map_fails(&f, 0x22000, 0, XL_PAGE_SHIFT_4K, 0, "VA 0x22000: zero-length");
    /* 2^47 - 4 KB + 8 KB reaches 2^47 = 0x800000000000. */
    fx_map_fails(&f, UINT64_C(0x7FFFFFFFF000), 8192, XL_PAGE_SHIFT_4K, 0,
                 "VA 0x7ffffffff000: range of 0x2000 bytes reaches 2^47");
    fx_map_fails(&f, UINT64_C(0x800000000000), 4096, XL_PAGE_SHIFT_4K, 0, "reaches 2^47");
    fx_map_fails(&f, 0x23000, UINT64_MAX & ~UINT64_C(0xFFF), XL_PAGE_SHIFT_4K, 0,
                 "reaches 2^47");
    fx_map_fails(&f, 0x24000, 8192, 13, 0, "page_shift 13");
    fx_map_fails(&f, 0x25000, 4096, XL_PAGE_SHIFT_4K, 0x1000, "frame bits 51:12");
    /* Nothing above changed the table. */
    expect_as(&f.as, "pages_4k=4 pages_2m=1");
    assert_int_equal(f.as.pt_nodes, nodes);
    /* The last page below 2^47 is fine: 0x7FFFFFFFF000 + 4 KB = 2^47 exactly. */
    fx_map(&f, UINT64_C(0x7FFFFFFFF000), 4096, XL_PAGE_SHIFT_4K, RW_US);
    xl_physmem_destroy(f.pm);
}

/* 03.09 Counters. 4 MB + 4 KB of 4 KB pages from VA 0x40000000 are 1025 pages, spread
 * over three L1 nodes (0x40000000, 0x40200000, 0x40400000), one L2 and one L3 node:
 * pt_nodes = 1 (root) + 1 + 1 + 3 = 6. Two 2 MB pages at VA 0x80000000 (L3 idx 2, same
 * L3 node) add one L2 node: pt_nodes = 7, pages_2m = 2. Frames used: 7 nodes +
 * 1025 data + 2 * 512 = 2056. */
static void test_03_09_counters(void **st)
{
    (void)st;
    fx_t f;
    fx_init(&f, 64 * MB, XL_ALLOC_SEQUENTIAL);
    fx_map(&f, 0x40000000, 4 * MB + 4096, XL_PAGE_SHIFT_4K, RW_US);
    expect_as(&f.as, "pages_4k=1025 pt_nodes=6");
    fx_map(&f, 0x80000000, 4 * MB, XL_PAGE_SHIFT_2M, RW_US);
    expect_as(&f.as, "pages_2m=2 pt_nodes=7");
    assert_int_equal(xl_physmem_frames_used(f.pm), 2056);
    assert_int_equal(f.as.asid, 3);
    xl_physmem_destroy(f.pm);
}

/* 03.10 xl_as_map_page maps a chosen frame: VA 0x7000 -> frame 0x3F0000 gives
 * pa 0x3F0123 for VA 0x7123, leaf = 0x3F0000 | NX | P (NX is bit 63). Frame 0, an
 * unaligned frame and a frame at the end of memory (8 MB) are refused, as is a second
 * mapping of the same VA. */
static void test_03_10_map_page(void **st)
{
    (void)st;
    fx_t f;
    xl_walk_t w;
    fx_init(&f, 8 * MB, XL_ALLOC_SEQUENTIAL);
    assert_int_equal(xl_as_map_page(&f.as, 0x7000, 0x3F0000, XL_PAGE_SHIFT_4K, XL_PTE_NX,
                                    f.err, sizeof f.err), XL_OK);
    xl_pt_walk(f.pm, f.as.root, 0x7123, &w);
    assert_int_equal(w.status, XL_WALK_OK);
    expect_walk(&w, "pa=0x3F0123 leaf_pte=0x80000000003F0001");
    map_page_fails(&f, 0x8000, 0, "VA 0x8000: frame 0x0");
    map_page_fails(&f, 0x8000, 0x3F0800, "");
    map_page_fails(&f, 0x8000, 8 * MB, "");
    map_page_fails(&f, 0x7000, 0x3F1000, "VA 0x7000 is already mapped");
    assert_int_equal(f.as.pages_4k, 1);
    xl_physmem_destroy(f.pm);
}

/* 03.11 Out of simulated physical memory: a 4 MB memory has 1023 usable frames; the
 * root takes one, so 8 MB of 4 KB pages (2048 pages) cannot fit. The error names the
 * VA where it stopped; pages before it stay mapped (documented: the caller aborts).
 * Frames: root + L3 + L2 + L1 = 4 nodes, then data pages; a second L1 node is needed
 * at VA 0x200000. 1023 - 4 = 1019 frames left; pages 0..511 use 512 (1019 -> 507),
 * the L1 node for 0x200000 uses 1 (506), and pages 512..1017 use the rest: the 1019th
 * page, VA 1018 * 4096 = 0x3FA000, finds no frame. */
static void test_03_11_out_of_memory(void **st)
{
    (void)st;
    fx_t f;
    fx_init(&f, 4 * MB, XL_ALLOC_SEQUENTIAL);
    fx_map_fails(&f, 0, 8 * MB, XL_PAGE_SHIFT_4K, RW_US,
                 "VA 0x3fa000: out of simulated physical memory");
    expect_as(&f.as, "pages_4k=1018 pt_nodes=5");
    xl_physmem_destroy(f.pm);
}

/* 03.12 With the random allocator, every page of a 256-page mapping translates to its
 * own frame, each one marked used, each distinct; offsets pass through (VA low 12 bits
 * = pa low 12 bits). */
static void test_03_12_random_frames_translate(void **st)
{
    (void)st;
    fx_t f;
    xl_walk_t w;
    xl_pa_t pas[256];
    fx_init(&f, 64 * MB, XL_ALLOC_RANDOM);
    fx_map(&f, 0x10000000, 256 * 4096, XL_PAGE_SHIFT_4K, RW_US);
    for (unsigned i = 0; i < 256; i++) {
        xl_va_t va = 0x10000000 + 4096u * i + 8u * i;
        xl_pt_walk(f.pm, f.as.root, va, &w);
        assert_int_equal(w.status, XL_WALK_OK);
        assert_int_equal(w.pa & 0xFFF, 8u * i);
        assert_true(xl_physmem_frame_is_used(f.pm, w.pa));
        pas[i] = w.pa >> 12;
        for (unsigned j = 0; j < i; j++)
            assert_true(pas[j] != pas[i]);
    }
    assert_int_equal(xl_physmem_bad_accesses(f.pm, NULL), 0);
    xl_physmem_destroy(f.pm);
}

/* 03.13 A 64 KB page at VA 0x40010000 (docs/architecture.md, "64 KB pages"): root 0x1000,
 * then the L3, L2 and L1 nodes 0x2000, 0x3000, 0x4000; the 64 KB frame is the first
 * aligned block of 16 free frames, block 1 = 0x10000 (block 0 holds frames 0-4). Its 16
 * leaves are L1 entries 16..31, entry k mapping 0x10000 + (k - 16) * 0x1000 with P, RW,
 * US and the contiguous bit 52. Walk of VA 0x4001ABCD: L1 idx 0x1A = 26, line 0x4000 +
 * (26 >> 3) * 64 = 0x40C0, entry 0x1A000 | 1 << 52 | 7 = 0x1000000001A007, pa 0x1ABCD,
 * page_shift 16, 4 reads. Entries 15 and 32 stay empty. A 4 KB-aligned VA, or flags that
 * set the contiguous bit themselves, are refused. */
static void test_03_13_walk_64k_page(void **st)
{
    (void)st;
    fx_t f;
    xl_walk_t w;
    fx_init(&f, 8 * MB, XL_ALLOC_SEQUENTIAL);
    fx_map(&f, 0x40010000, 64 * 1024, XL_PAGE_SHIFT_64K, RW_US);
    xl_pt_walk(f.pm, f.as.root, 0x4001ABCD, &w);
    assert_int_equal(w.status, XL_WALK_OK);
    expect_walk(&w, "nreads=4 line_pa[0]=0x1000 line_pa[1]=0x2000 line_pa[2]=0x3000 "
                    "line_pa[3]=0x40C0 leaf_level=1 page_shift=16 "
                    "leaf_pte=0x1000000001A007 pa=0x1ABCD");
    expect_as(&f.as, "pt_nodes=4 pages_64k=1 pages_4k=0 pages_2m=0");
    assert_int_equal(xl_physmem_read64(f.pm, 0x4000 + 16 * 8), UINT64_C(0x10000000010007));
    assert_int_equal(xl_physmem_read64(f.pm, 0x4000 + 31 * 8), UINT64_C(0x1000000001F007));
    assert_int_equal(xl_physmem_read64(f.pm, 0x4000 + 15 * 8), 0);
    assert_int_equal(xl_physmem_read64(f.pm, 0x4000 + 32 * 8), 0);
    fx_map_fails(&f, 0x40021000, 64 * 1024, XL_PAGE_SHIFT_64K, RW_US,
                 "is not aligned to the 64 KB page size");
    fx_map_fails(&f, 0x40020000, 4096, XL_PAGE_SHIFT_4K, RW_US | XL_PTE_CONT,
                 "contiguous bit 52");
    fx_map_fails(&f, 0x40018000, 4096, XL_PAGE_SHIFT_4K, RW_US, "already");
    xl_physmem_destroy(f.pm);
}

/* 03.14 Unmapping (paging's eviction): the 4 KB page at 0x7000 of 03.10's layout is
 * mapped, unmapped (its frame 0x3F0000 returned, its entry 0, a walk of it faults at
 * level 1 after the same 4 reads), and mapped again on frame 0x3E0000 through the nodes
 * that stayed (pt_nodes unchanged at 4). A 64 KB page unmaps its 16 entries at once. An
 * address not mapped, or mapped at another size, is refused with nothing changed. */
static void test_03_14_unmap_page(void **st)
{
    (void)st;
    fx_t f;
    xl_walk_t w;
    xl_pa_t frame = 0;
    fx_init(&f, 8 * MB, XL_ALLOC_SEQUENTIAL);
    assert_int_equal(xl_as_map_page(&f.as, 0x7000, 0x3F0000, XL_PAGE_SHIFT_4K, RW_US, f.err,
                                    sizeof f.err), XL_OK);
    expect_as(&f.as, "pt_nodes=4 pages_4k=1");
    assert_int_equal(xl_as_unmap_page(&f.as, 0x7000, XL_PAGE_SHIFT_4K, &frame, f.err,
                                      sizeof f.err), XL_OK);
    assert_int_equal(frame, 0x3F0000);
    expect_as(&f.as, "pt_nodes=4 pages_4k=0");
    xl_pt_walk(f.pm, f.as.root, 0x7123, &w);
    assert_int_equal(w.status, XL_WALK_FAULT_NOT_PRESENT);
    assert_int_equal(w.fault_level, 1);
    assert_int_equal(w.nreads, 4);
    f.err[0] = 0;
    assert_int_equal(xl_as_unmap_page(&f.as, 0x7000, XL_PAGE_SHIFT_4K, NULL, f.err,
                                      sizeof f.err), XL_EINPUT);
    assert_non_null(strstr(f.err, "is not mapped as a 4 KB page"));
    assert_int_equal(xl_as_map_page(&f.as, 0x7000, 0x3E0000, XL_PAGE_SHIFT_4K, RW_US, f.err,
                                    sizeof f.err), XL_OK);
    expect_as(&f.as, "pt_nodes=4 pages_4k=1");
    xl_pt_walk(f.pm, f.as.root, 0x7123, &w);
    assert_int_equal(w.pa, 0x3E0123);

    fx_map(&f, 0x40010000, 64 * 1024, XL_PAGE_SHIFT_64K, RW_US);
    assert_int_equal(xl_as_unmap_page(&f.as, 0x40010000, XL_PAGE_SHIFT_4K, NULL, f.err,
                                      sizeof f.err), XL_EINPUT);   /* another size */
    assert_int_equal(xl_as_unmap_page(&f.as, 0x40010000, XL_PAGE_SHIFT_64K, &frame, f.err,
                                      sizeof f.err), XL_OK);
    assert_int_equal(frame & 0xFFFF, 0);
    for (unsigned k = 0; k < 16; k++) {
        xl_pt_walk(f.pm, f.as.root, 0x40010000 + k * 4096, &w);
        assert_int_equal(w.status, XL_WALK_FAULT_NOT_PRESENT);
    }
    expect_as(&f.as, "pages_64k=0 pages_4k=1");
    xl_physmem_destroy(f.pm);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_03_01_pte_bits),
        cmocka_unit_test(test_03_02_cold_walk_lines_by_hand),
        cmocka_unit_test(test_03_03_walk_2m_page),
        cmocka_unit_test(test_03_04_fault_each_level),
        cmocka_unit_test(test_03_05_reserved_ps),
        cmocka_unit_test(test_03_06_walk_from),
        cmocka_unit_test(test_03_07_leaf_neighbourhood_shares_line),
        cmocka_unit_test(test_03_08_map_errors),
        cmocka_unit_test(test_03_09_counters),
        cmocka_unit_test(test_03_10_map_page),
        cmocka_unit_test(test_03_11_out_of_memory),
        cmocka_unit_test(test_03_12_random_frames_translate),
        cmocka_unit_test(test_03_13_walk_64k_page),
        cmocka_unit_test(test_03_14_unmap_page),
    };
    return cmocka_run_group_tests_name("t03_pagetable", tests, NULL, NULL);
}
