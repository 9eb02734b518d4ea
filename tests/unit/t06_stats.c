/*
 * t06_stats.c - the statistics registry (stats.h; docs/design.md results JSON "stats"):
 * registration order, live counters, exact integer ratio formatting, the JSON and text
 * layouts, and replace-on-reregister.
 */
#include "xltest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xlat/stats.h"

/* Capture what fn writes to a FILE* as a NUL-terminated string (caller frees). */
typedef struct {
    char *buf;
    size_t len;
    FILE *f;
} capture_t;

static FILE *cap_open(capture_t *c)
{
    c->buf = NULL;
    c->len = 0;
    c->f = open_memstream(&c->buf, &c->len);
    assert_non_null(c->f);
    return c->f;
}

static char *cap_close(capture_t *c)
{
    fclose(c->f);
    return c->buf;
}

static char *json_of(const xl_stats_t *s, unsigned indent)
{
    capture_t c;
    xl_stats_write_json(s, cap_open(&c), indent);
    return cap_close(&c);
}

/* s written as JSON with `indent` is exactly `want`. */
static void expect_json(const xl_stats_t *s, unsigned indent, const char *want)
{
    char *j = json_of(s, indent);
    assert_string_equal(j, want);
    free(j);
}

static char *ratio(uint64_t num, uint64_t den, unsigned decimals)
{
    static char buf[64];
    xl_fmt_ratio(buf, sizeof buf, num, den, decimals);
    return buf;
}

static void test_06_01_registration_order(void **state)
{
    (void)state;
    xl_stats_t *s = xl_stats_create();
    assert_non_null(s);
    /* registered z, a, m: printed z, a, m (not sorted) */
    xl_stats_value(s, "z.last", "registered first", 1);
    xl_stats_value(s, "a.first", "registered second", 2);
    xl_stats_value(s, "m.middle", "registered third", 3);
    assert_int_equal(xl_stats_count(s), 3);
    expect_json(s, 0, "{\"z.last\": 1, \"a.first\": 2, \"m.middle\": 3}");
    xl_stats_destroy(s);
}

static void test_06_02_counter_read_live(void **state)
{
    (void)state;
    xl_stats_t *s = xl_stats_create();
    uint64_t misses = 5;
    uint64_t v = 0;
    xl_stats_counter(s, "l1tlb.misses", "L1 TLB misses", &misses);
    assert_int_equal(xl_stats_get(s, "l1tlb.misses", &v), 1);
    assert_int_equal(v, 5);
    /* the registry holds the pointer, so a later increment shows: 5 + 4 = 9 */
    misses += 4;
    assert_int_equal(xl_stats_get(s, "l1tlb.misses", &v), 1);
    assert_int_equal(v, 9);
    expect_json(s, 0, "{\"l1tlb.misses\": 9}");
    /* unknown names are reported as absent and leave *value alone */
    v = 77;
    assert_int_equal(xl_stats_get(s, "l2tlb.misses", &v), 0);
    assert_int_equal(v, 77);
    xl_stats_destroy(s);
}

static void test_06_03_ratio_formatting(void **state)
{
    (void)state;
    /* 1/3 = 0.3333|33..., truncated to 4 decimals */
    assert_string_equal(ratio(1, 3, 4), "0.3333");
    /* 2/3 = 0.6666|66...: truncation, not rounding (rounded would be 0.6667) */
    assert_string_equal(ratio(2, 3, 4), "0.6666");
    /* 10/4 = 2.5 -> two decimals "2.50" */
    assert_string_equal(ratio(10, 4, 2), "2.50");
    /* 7/2 = 3.5 with 0 decimals -> integer part "3", no point */
    assert_string_equal(ratio(7, 2, 0), "3");
    /* 0/5 = 0 -> "0.00" */
    assert_string_equal(ratio(0, 5, 2), "0.00");
    /* den 0 prints "0" whatever the decimals (stats.h) */
    assert_string_equal(ratio(5, 0, 3), "0");
    /* 2^63 / 3: 3 * 3074457345618258602 = 9223372036854775806, remainder 2, and
     * 2/3 = 0.6666 -> "3074457345618258602.6666" */
    assert_string_equal(ratio(UINT64_C(1) << 63, 3, 4), "3074457345618258602.6666");
    /* (2^64-2)/(2^64-1) = 1 - 1/(2^64-1) = 0.99999999999999999994...; here rem*10
     * would overflow 64 bits, so this checks the overflow-free long division */
    assert_string_equal(ratio(UINT64_MAX - 1, UINT64_MAX, 9), "0.999999999");
    /* (2^64-1)/(2^64-2) = 1 + 1/(2^64-2) = 1.00000000000000000005... */
    assert_string_equal(ratio(UINT64_MAX, UINT64_MAX - 1, 9), "1.000000000");
    /* decimals are capped at 9: 1/7 = 0.142857142|857 */
    assert_string_equal(ratio(1, 7, 12), "0.142857142");
    /* a short buffer truncates the text: "0.3333" cut to 3 characters + NUL */
    char small[4];
    xl_fmt_ratio(small, sizeof small, 1, 3, 4);
    assert_string_equal(small, "0.3");
}

static void test_06_04_ratio_get_fixed_point(void **state)
{
    (void)state;
    xl_stats_t *s = xl_stats_create();
    uint64_t v = 0;
    xl_stats_ratio(s, "third", "1/3", 1, 3, 4);
    xl_stats_ratio(s, "two_and_half", "10/4", 10, 4, 2);
    xl_stats_ratio(s, "nothing", "x/0", 9, 0, 2);
    xl_stats_ratio(s, "huge", "2^64-1 with 2 decimals", UINT64_MAX, 1, 2);
    /* get gives the printed digits without the point: 0.3333 -> 3333 */
    assert_int_equal(xl_stats_get(s, "third", &v), 1);
    assert_int_equal(v, 3333);
    /* 2.50 -> 250 */
    assert_int_equal(xl_stats_get(s, "two_and_half", &v), 1);
    assert_int_equal(v, 250);
    /* den 0 -> 0 */
    assert_int_equal(xl_stats_get(s, "nothing", &v), 1);
    assert_int_equal(v, 0);
    /* (2^64-1) * 100 does not fit in 64 bits: saturates at 2^64-1 */
    assert_int_equal(xl_stats_get(s, "huge", &v), 1);
    assert_true(v == UINT64_MAX);
    xl_stats_destroy(s);
}

static void test_06_05_json_exact_text(void **state)
{
    (void)state;
    xl_stats_t *s = xl_stats_create();
    uint64_t cycles = 1000;
    xl_stats_counter(s, "sim.cycles", "GPU cycles", &cycles);
    xl_stats_value(s, "l1tlb.misses", "L1 TLB misses", 7);
    /* 25/2 = 12.5 -> "12.50" */
    xl_stats_ratio(s, "iommu.gap_first_last_avg", "average gap", 25, 2, 2);
    /* indent 2: keys at two spaces, closing brace at 2 - 2 = 0 spaces, no final newline */
    expect_json(s, 2, "{\n"
                      "  \"sim.cycles\": 1000,\n"
                      "  \"l1tlb.misses\": 7,\n"
                      "  \"iommu.gap_first_last_avg\": 12.50\n"
                      "}");
    /* nested one level deeper (indent 4): closing brace at 2 spaces */
    expect_json(s, 4, "{\n"
                      "    \"sim.cycles\": 1000,\n"
                      "    \"l1tlb.misses\": 7,\n"
                      "    \"iommu.gap_first_last_avg\": 12.50\n"
                      "  }");
    xl_stats_destroy(s);

    /* an empty registry is an empty object */
    s = xl_stats_create();
    expect_json(s, 2, "{}");
    xl_stats_destroy(s);
}

static void test_06_06_replace_on_reregister(void **state)
{
    (void)state;
    xl_stats_t *s = xl_stats_create();
    uint64_t a = 3, v = 0;
    xl_stats_counter(s, "a", "counter a", &a);
    xl_stats_value(s, "b", "value b", 4);
    /* re-register "a" as a value: still 2 entries, "a" keeps first place, new value 10 */
    xl_stats_value(s, "a", "now a value", 10);
    assert_int_equal(xl_stats_count(s), 2);
    assert_int_equal(xl_stats_get(s, "a", &v), 1);
    assert_int_equal(v, 10);
    a = 99;   /* no longer read */
    expect_json(s, 0, "{\"a\": 10, \"b\": 4}");
    /* and again as a ratio: 1/4 = 0.25 */
    xl_stats_ratio(s, "b", "now a ratio", 1, 4, 2);
    expect_json(s, 0, "{\"a\": 10, \"b\": 0.25}");
    xl_stats_destroy(s);
}

static void test_06_07_print_aligned(void **state)
{
    (void)state;
    xl_stats_t *s = xl_stats_create();
    xl_stats_value(s, "a", "first", 7);
    xl_stats_ratio(s, "bb.cc", "second", 1, 2, 2);   /* 1/2 = "0.50" */
    xl_stats_value(s, "d", NULL, 12345);
    capture_t c;
    xl_stats_print(s, cap_open(&c));
    char *t = cap_close(&c);
    /* name column 5 wide ("bb.cc"), value column 5 wide ("12345"), right-aligned,
     * two spaces between columns; no trailing blanks when there is no description */
    assert_string_equal(t, "a          7  first\n"
                           "bb.cc   0.50  second\n"
                           "d      12345\n");
    free(t);
    xl_stats_destroy(s);
}

static void test_06_08_json_escapes_and_long_names(void **state)
{
    (void)state;
    xl_stats_t *s = xl_stats_create();
    xl_stats_value(s, "q\"b\\s", "odd name", 1);
    char long_name[100];
    memset(long_name, 'x', 80);
    long_name[80] = '\0';
    xl_stats_value(s, long_name, "80 characters", 2);
    /* the quote and backslash are escaped; the 80-char name is kept to 63 chars */
    char expect[200];
    snprintf(expect, sizeof expect, "{\"q\\\"b\\\\s\": 1, \"%.63s\": 2}", long_name);
    expect_json(s, 0, expect);
    /* lookup by the full name finds the truncated entry */
    uint64_t v = 0;
    assert_int_equal(xl_stats_get(s, long_name, &v), 1);
    assert_int_equal(v, 2);
    xl_stats_destroy(s);
}

static void test_06_09_many_entries(void **state)
{
    (void)state;
    /* 100 entries force the array to grow (32 -> 64 -> 128); order and values survive */
    xl_stats_t *s = xl_stats_create();
    char name[32];
    for (unsigned i = 0; i < 100; i++) {
        snprintf(name, sizeof name, "n%u", 99u - i);
        xl_stats_value(s, name, "", (uint64_t)i * 3u);
    }
    assert_int_equal(xl_stats_count(s), 100);
    uint64_t v = 0;
    /* "n0" was registered at i = 99: value 99 * 3 = 297 */
    assert_int_equal(xl_stats_get(s, "n0", &v), 1);
    assert_int_equal(v, 297);
    char *j = json_of(s, 0);
    assert_true(strncmp(j, "{\"n99\": 0, \"n98\": 3, ", 21) == 0);
    free(j);
    xl_stats_destroy(s);
}

/* 06.10 freeze: a counter frozen at 41 keeps 41 after its variable changes to 99, while
 * a counter registered afterwards is still read live. */
static void test_06_10_freeze(void **state)
{
    (void)state;
    xl_stats_t *s = xl_stats_create();
    uint64_t a = 41, b = 5, v = 0;
    xl_stats_counter(s, "x.a", "frozen", &a);
    xl_stats_freeze(s);
    a = 99;
    xl_stats_counter(s, "x.b", "live", &b);
    b = 6;
    assert_int_equal(xl_stats_get(s, "x.a", &v), 1);
    assert_int_equal(v, 41);
    assert_int_equal(xl_stats_get(s, "x.b", &v), 1);
    assert_int_equal(v, 6);
    xl_stats_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_06_01_registration_order),
        cmocka_unit_test(test_06_02_counter_read_live),
        cmocka_unit_test(test_06_03_ratio_formatting),
        cmocka_unit_test(test_06_04_ratio_get_fixed_point),
        cmocka_unit_test(test_06_05_json_exact_text),
        cmocka_unit_test(test_06_06_replace_on_reregister),
        cmocka_unit_test(test_06_07_print_aligned),
        cmocka_unit_test(test_06_08_json_escapes_and_long_names),
        cmocka_unit_test(test_06_09_many_entries),
        cmocka_unit_test(test_06_10_freeze),
    };
    return cmocka_run_group_tests_name("t06_stats", tests, NULL, NULL);
}
