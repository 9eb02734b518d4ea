/*
 * t09_funcsys.c - area 09: the functional translation system (model/src/sys/funcsys.c),
 * checked on MVT where the page-table shape makes the walk counts computable by hand.
 *
 * MVT's regions (a: 4096x4096 doubles = 128 MB; x1, x2, y1, y2: 32 KB each) are laid
 * out from VA 0x7F00_0000_0000, each 2 MB aligned, so everything lies under one L4
 * entry (VA[47:39] = 0xFE) and one L3 entry (VA[38:30] = 0): 128 MB + 4 x 2 MB < 1 GB.
 */
#include "xltest.h"

#include <stdio.h>
#include <string.h>

#include "xlat/config.h"
#include "xlat/funcsys.h"
#include "xlat/stats.h"
#include "xlat/workloads.h"

static xl_stats_t *run2(const char *wl_name, uint32_t scale_ppm, const char *set1,
                        const char *set2)
{
    xl_config_t c;
    xl_workload_t wl;
    xl_func_t *f = NULL;
    char err[256];
    xl_config_defaults(&c);
    if (set1)
        assert_int_equal(xl_config_set(&c, set1, err, sizeof err), XL_OK);
    if (set2)
        assert_int_equal(xl_config_set(&c, set2, err, sizeof err), XL_OK);
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_OK);
    assert_int_equal(xl_wl_open(&wl, wl_name, scale_ppm, c.sim.seed, &c.workload, err, sizeof err), XL_OK);
    assert_int_equal(xl_func_create(&f, &c, &wl, err, sizeof err), XL_OK);
    assert_int_equal(xl_func_run(f, err, sizeof err), XL_OK);
    xl_stats_t *s = xl_stats_create();
    xl_func_stats(f, s);
    xl_stats_freeze(s);
    xl_func_destroy(f);
    xl_wl_close(&wl);
    return s;
}

static xl_stats_t *run(const char *wl_name, uint32_t scale_ppm, const char *set1)
{
    return run2(wl_name, scale_ppm, set1, NULL);
}

/* 09.01 With 2 MB pages MVT touches 64 matrix pages (128 MB / 2 MB) and one page for
 * each of the four vectors: 68 pages. They fit the L2 TLB (512 entries; 68 pages over
 * 32 sets is at most 3 per set of 16 ways) and the IOMMU L2 TLB, so only compulsory
 * misses walk: 68 walks. A 2 MB walk reads L4, L3, L2 lines: the first walk misses every
 * PWC level (3 reads); all later walks hit the one L4 and the one L3 entry and read
 * only the L2 line: 3 + 67 = 70 reads, 68 of them leaf (L2 holds the mapping). */
static void test_09_01_mvt_2m_pages_compulsory_walks(void **st)
{
    (void)st;
    xl_stats_t *s = run("mvt", 20000, "mem.page_kb=2048");  /* scale 0.02 still touches every row */
    expect_stats(s, "iommu.walks=68 iommu.walk_mem_reads=70 iommu.walk_mem_reads_leaf=68 "
                    "iommu.walk_mem_reads_upper=2 iommu.walk_pwc_miss=1 iommu.walk_pwc_hit_l3=67");
    xl_stats_destroy(s);
}

/* 09.02 With 4 KB pages: the very first walk misses every PWC level; the single L4 and
 * L3 entries are never evicted (4 and 8 entries, one used), so no walk stops at L4 and
 * every other walk hits at least L3. */
static void test_09_02_mvt_4k_pwc_levels(void **st)
{
    (void)st;
    xl_stats_t *s = run("mvt", 5000, NULL);
    uint64_t walks = stat_get(s, "iommu.walks");
    assert_true(walks > 1000);
    assert_int_equal(stat_get(s, "iommu.walk_pwc_miss"), 1);
    assert_int_equal(stat_get(s, "iommu.walk_pwc_hit_l4"), 0);
    assert_int_equal(stat_get(s, "iommu.walk_pwc_hit_l3") + stat_get(s, "iommu.walk_pwc_hit_l2"), walks - 1);
    /* reads: 4 for the first walk, 2 per L3-deepest hit, 1 per L2 hit */
    assert_int_equal(stat_get(s, "iommu.walk_mem_reads"),
                     4 + 2 * stat_get(s, "iommu.walk_pwc_hit_l3") + stat_get(s, "iommu.walk_pwc_hit_l2"));
    assert_int_equal(stat_get(s, "iommu.walk_mem_reads_leaf"), walks);
    xl_stats_destroy(s);
}

/* 09.03 Accounting identities of the hierarchy: every coalesced request looks up an L1
 * TLB; L2 TLB accesses are L1 misses; IOMMU requests are L2 misses; IOMMU L2 TLB accesses
 * are IOMMU L1 TLB misses; walks are IOMMU L2 TLB misses. */
static void test_09_03_hierarchy_identities(void **st)
{
    (void)st;
    xl_stats_t *s = run("atax", 5000, NULL);
    assert_int_equal(stat_get(s, "l1tlb.accesses"), stat_get(s, "coalescer.requests"));
    assert_int_equal(stat_get(s, "l2tlb.accesses"), stat_get(s, "l1tlb.misses"));
    assert_int_equal(stat_get(s, "iommu.requests"), stat_get(s, "l2tlb.misses"));
    assert_int_equal(stat_get(s, "iommu.tlb1.accesses"), stat_get(s, "iommu.requests"));
    assert_int_equal(stat_get(s, "iommu.tlb2.accesses"), stat_get(s, "iommu.tlb1.misses"));
    assert_int_equal(stat_get(s, "iommu.walks"), stat_get(s, "iommu.tlb2.misses"));
    assert_int_equal(stat_get(s, "iommu.walk_mem_reads"),
                     stat_get(s, "iommu.walk_mem_reads_l4") + stat_get(s, "iommu.walk_mem_reads_l3") +
                         stat_get(s, "iommu.walk_mem_reads_l2") + stat_get(s, "iommu.walk_mem_reads_l1"));
    uint64_t hist = 0;
    for (unsigned b = 0; b < XL_FIG3_BUCKETS; b++) {
        char n[64];
        snprintf(n, sizeof n, "walk.work_hist.%s", xl_fig3_bucket_name[b]);
        hist += stat_get(s, n);
    }
    assert_int_equal(hist, stat_get(s, "walk.work_instrs"));
    xl_stats_destroy(s);
}

/* 09.04 ATAX kernel 1's A-load spans 64 rows of 16 KB = 64 pages, so the largest
 * instruction touches exactly 64 distinct pages; no instruction can touch more than
 * its 64 lanes. */
static void test_09_04_pages_per_instruction(void **st)
{
    (void)st;
    xl_stats_t *s = run("atax", 5000, NULL);
    assert_int_equal(stat_get(s, "coalescer.pages_per_instr_max"), 64);
    assert_int_equal(stat_get(s, "coalescer.pages_hist.65_up"), 0);
    xl_stats_destroy(s);
}

/* 09.05 Fig 3 bucket edges: 1..16 -> 0, 16 -> 0, 17 -> 1, 48 -> 2, 49 -> 3, 64 -> 3,
 * 65 -> 4, 256 -> 4. */
static void test_09_05_fig3_buckets(void **st)
{
    (void)st;
    assert_int_equal(xl_fig3_bucket(1), 0);
    assert_int_equal(xl_fig3_bucket(16), 0);
    assert_int_equal(xl_fig3_bucket(17), 1);
    assert_int_equal(xl_fig3_bucket(48), 2);
    assert_int_equal(xl_fig3_bucket(49), 3);
    assert_int_equal(xl_fig3_bucket(64), 3);
    assert_int_equal(xl_fig3_bucket(65), 4);
    assert_int_equal(xl_fig3_bucket(256), 4);
}

/* 09.06 With 64 KB pages (16 contiguous 4 KB leaves, docs/architecture.md) and an L2 TLB
 * of 4096 entries, MVT's 128 MB matrix is 2048 pages and its four 32 KB vectors one page
 * each: 2052 compulsory walks, no more (2052 pages over 256 sets of 16 ways fit). Every
 * walk ends at a level-1 leaf line. The pages lie in 64 + 4 = 68 distinct 2 MB regions,
 * each walked while its L2 (PMD) entry is cached, so the upper reads are 1 (L4) + 1 (L3)
 * + 68 (L2) = 70: 2122 reads in all. */
static void test_09_06_mvt_64k_pages(void **st)
{
    (void)st;
    xl_stats_t *s = run2("mvt", 20000, "mem.page_kb=64", "l2tlb.entries=4096");
    expect_stats(s, "l2tlb.misses=2052 iommu.walks=2052 iommu.walk_mem_reads=2122 "
                    "iommu.walk_mem_reads_leaf=2052 iommu.walk_mem_reads_l1=2052 "
                    "iommu.walk_mem_reads_l2=68 iommu.walk_mem_reads_l3=1 "
                    "iommu.walk_mem_reads_l4=1");
    xl_stats_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_09_01_mvt_2m_pages_compulsory_walks),
        cmocka_unit_test(test_09_02_mvt_4k_pwc_levels),
        cmocka_unit_test(test_09_03_hierarchy_identities),
        cmocka_unit_test(test_09_04_pages_per_instruction),
        cmocka_unit_test(test_09_05_fig3_buckets),
        cmocka_unit_test(test_09_06_mvt_64k_pages),
    };
    return cmocka_run_group_tests_name("t09_funcsys", tests, NULL, NULL);
}
