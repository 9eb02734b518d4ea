/*
 * t07_config.c - the configuration (config.h; docs/design.md "Configuration and presets"):
 * defaults equal to ISCA'18 Table I (docs/isca18-micro18.md §1.1) plus the §1.2 proposed
 * defaults, INI loading and overriding, every error message, --set, the INI round
 * trip, the isca18 preset, cross-key validation and atomic loading.
 */
#include "xltest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "xlat/config.h"
#include "xlat/tlb.h"

static char err[512];

/* Load INI text held in a string literal on top of *c. */
static int load(xl_config_t *c, const char *text)
{
    err[0] = '\0';
    return xl_config_load_string(c, text, strlen(text), "t.ini", err, sizeof err);
}

/* Expect `text` to fail with XL_EINPUT and a one-line message containing `want`. */
static void expect_load_error(const char *text, const char *want)
{
    xl_config_t c;
    xl_config_defaults(&c);
    int rc = load(&c, text);
    if (rc != XL_EINPUT || !strstr(err, want))
        print_error("text:\n%s\ngot rc %d, message '%s'; wanted '%s'\n", text, rc, err, want);
    assert_int_equal(rc, XL_EINPUT);
    assert_non_null(strstr(err, want));
    assert_null(strchr(err, '\n'));   /* one line */
}

static void expect_set_error(const char *assignment, const char *want)
{
    xl_config_t c;
    xl_config_defaults(&c);
    err[0] = '\0';
    int rc = xl_config_set(&c, assignment, err, sizeof err);
    if (rc != XL_EINPUT || !strstr(err, want))
        print_error("--set '%s': got rc %d, message '%s'; wanted '%s'\n", assignment, rc, err, want);
    assert_int_equal(rc, XL_EINPUT);
    assert_non_null(strstr(err, want));
}

static void expect_invalid(const xl_config_t *c, const char *want)
{
    err[0] = '\0';
    int rc = xl_config_validate(c, err, sizeof err);
    if (rc != XL_EINPUT || !strstr(err, want))
        print_error("validate: got rc %d, message '%s'; wanted '%s'\n", rc, err, want);
    assert_int_equal(rc, XL_EINPUT);
    assert_non_null(strstr(err, want));
}

/* Field-by-field comparison, written out independently of config.c's schema so that a
 * key missing from the schema (and so from write_ini) is caught by the round trip. */
static void assert_config_equal(const xl_config_t *a, const xl_config_t *b)
{
#define EQ(f) assert_true(a->f == b->f)
    EQ(gpu.cus); EQ(gpu.simds_per_cu); EQ(gpu.simd_width); EQ(gpu.wave_lanes);
    EQ(gpu.waves_per_simd); EQ(gpu.wave_sched); EQ(gpu.clock_mhz);
    EQ(l1d.size_kb); EQ(l1d.ways); EQ(l1d.line_bytes); EQ(l1d.hit_latency);
    EQ(l2d.size_kb); EQ(l2d.ways); EQ(l2d.line_bytes); EQ(l2d.hit_latency); EQ(l2d.mshrs);
    EQ(l2d.index);
    EQ(l1tlb.entries); EQ(l1tlb.ways); EQ(l1tlb.repl); EQ(l1tlb.index);
    EQ(l1tlb.hit_latency); EQ(l1tlb.mshrs); EQ(l1tlb.ports);
    EQ(l2tlb.entries); EQ(l2tlb.ways); EQ(l2tlb.repl); EQ(l2tlb.index);
    EQ(l2tlb.hit_latency); EQ(l2tlb.mshrs); EQ(l2tlb.ports);
    EQ(iommu.tlb1_entries); EQ(iommu.tlb1_ways); EQ(iommu.tlb2_entries); EQ(iommu.tlb2_ways);
    EQ(iommu.buffer_entries); EQ(iommu.walkers); EQ(iommu.sched); EQ(iommu.coalesce);
    EQ(iommu.aging_threshold); EQ(iommu.link_latency); EQ(iommu.tlb_latency);
    EQ(iommu.pwc_latency); EQ(iommu.pick_pipe); EQ(iommu.scan_pipe); EQ(iommu.walk_path);
    EQ(iommu.ptcache_kb); EQ(iommu.ptcache_ways);
    EQ(iommu.ptcache_latency);
    EQ(pwc.l4_entries); EQ(pwc.l4_ways); EQ(pwc.l3_entries); EQ(pwc.l3_ways);
    EQ(pwc.l2_entries); EQ(pwc.l2_ways);
    EQ(dram.mhz); EQ(dram.channels); EQ(dram.ranks); EQ(dram.banks);
    EQ(dram.tcl); EQ(dram.trcd); EQ(dram.trp); EQ(dram.tras); EQ(dram.tburst);
    EQ(dram.tcwl); EQ(dram.tccd); EQ(dram.trrd); EQ(dram.tfaw);
    EQ(dram.twr); EQ(dram.twtr); EQ(dram.trtp); EQ(dram.trtrs); EQ(dram.trefi); EQ(dram.trfc);
    EQ(dram.queue_depth); EQ(dram.write_queue_depth); EQ(dram.write_high); EQ(dram.write_low);
    EQ(dram.row_kb); EQ(dram.mapping); EQ(dram.ctrl_latency);
    EQ(mem.size_mb); EQ(mem.alloc); EQ(mem.page_kb);
    EQ(translation.ideal);
    EQ(workload.pb_wg_items); EQ(workload.nw_block); EQ(workload.graph);
    assert_string_equal(a->workload.graph_file, b->workload.graph_file);
    EQ(sim.seed); EQ(sim.watchdog); EQ(sim.max_memory_mb); EQ(sim.app0_cus);
#undef EQ
}

/* c written as JSON with `indent` (xl_config_write_json): a malloc'ed text of *len bytes. */
static char *json_of(const xl_config_t *c, unsigned indent, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    assert_non_null(f);
    xl_config_write_json(c, f, indent);
    fclose(f);
    return buf;
}

/* The defaults' numeric keys checked by name (expect_fields, xltest.h). */
#define F(f) XLTEST_FIELD(xl_config_t, f)
static const xltest_field_t config_fields[] = {
    F(gpu.clock_mhz), F(gpu.cus), F(gpu.simds_per_cu), F(gpu.simd_width), F(gpu.wave_lanes),
    F(gpu.waves_per_simd), F(l1d.size_kb), F(l1d.ways), F(l1d.line_bytes), F(l2d.size_kb),
    F(l2d.ways), F(l2d.line_bytes), F(l1tlb.entries), F(l1tlb.ways), F(l1tlb.hit_latency),
    F(l1tlb.mshrs), F(l2tlb.entries), F(l2tlb.ways), F(l2tlb.hit_latency), F(l2tlb.mshrs),
    F(iommu.buffer_entries), F(iommu.walkers), F(iommu.tlb1_entries), F(iommu.tlb1_ways),
    F(iommu.tlb2_entries), F(iommu.tlb2_ways), F(iommu.aging_threshold),
    F(iommu.link_latency), F(pwc.l4_entries), F(pwc.l4_ways), F(pwc.l3_entries),
    F(pwc.l3_ways), F(pwc.l2_entries), F(pwc.l2_ways), F(dram.mhz), F(dram.channels),
    F(dram.ranks), F(dram.banks), F(mem.page_kb), F(mem.size_mb), F(translation.ideal),
    F(sim.seed), {NULL, 0, 0}};
#undef F
XLTEST_EXPECT_FIELDS(config, xl_config_t)

static void test_07_01_defaults_are_table_i(void **state)
{
    (void)state;
    xl_config_t c;
    xl_config_defaults(&c);
    /* docs/isca18-micro18.md §1.1 Table I: 2 GHz; L2 4 MB = 4 * 1024 KB; a fully
     * associative L1 TLB; DDR3-1600 */
    expect_config(&c, "gpu.clock_mhz=2000 gpu.cus=8 gpu.simds_per_cu=4 gpu.simd_width=16 "
                      "gpu.wave_lanes=64");
    expect_config(&c, "l1d.size_kb=32 l1d.ways=16 l1d.line_bytes=64");
    expect_config(&c, "l2d.size_kb=4096 l2d.ways=16 l2d.line_bytes=64");
    assert_int_equal(c.l2d.index, XL_L2_INDEX_MOD);   /* [OPEN]: bit-select, as gem5 */
    expect_config(&c, "l1tlb.entries=32 l1tlb.ways=32 l2tlb.entries=512 l2tlb.ways=16");
    expect_config(&c, "iommu.buffer_entries=256 iommu.walkers=8 iommu.tlb1_entries=32 "
                      "iommu.tlb2_entries=256");
    assert_int_equal(c.iommu.sched, XL_WS_FCFS);
    expect_config(&c, "dram.mhz=800 dram.channels=2 dram.ranks=2 dram.banks=16 mem.page_kb=4");
    /* docs/isca18-micro18.md §1.2 proposed defaults and §2.5 aging; the L2 TLB's 1024
     * MSHRs are [INF]: above the 256-entry IOMMU buffer; the IOMMU L1 TLB is FA */
    expect_config(&c, "gpu.waves_per_simd=10");
    assert_int_equal(c.gpu.wave_sched, XL_WAVE_SCHED_RR);   /* [OPEN]: the model's first choice */
    expect_config(&c, "l1tlb.hit_latency=1 l2tlb.hit_latency=69 l1tlb.mshrs=64 l2tlb.mshrs=1024");
    assert_int_equal(c.l1tlb.repl, XL_REPL_LRU);
    assert_int_equal(c.l2tlb.repl, XL_REPL_LRU);
    expect_config(&c, "iommu.tlb1_ways=32 iommu.tlb2_ways=8");
    assert_int_equal(c.iommu.coalesce, XL_CO_OFF);
    expect_config(&c, "iommu.aging_threshold=2000000 iommu.link_latency=50");
    expect_config(&c, "pwc.l4_entries=4 pwc.l4_ways=4 pwc.l3_entries=8 pwc.l3_ways=4 "
                      "pwc.l2_entries=32 pwc.l2_ways=4");
    expect_config(&c, "mem.size_mb=4096");
    assert_int_equal(c.mem.alloc, XL_ALLOC_RANDOM);
    expect_config(&c, "translation.ideal=0 sim.seed=1");
    /* and the defaults pass validation */
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_OK);
}

static void test_07_02_load_overrides(void **state)
{
    (void)state;
    xl_config_t c, d;
    xl_config_defaults(&c);
    xl_config_defaults(&d);
    int rc = load(&c, "# a sweep point\n"
                      "[l2tlb]\n"
                      "entries = 1024   ; ISCA Fig. 13\n"
                      "  ways=16\n"
                      "\n"
                      "[iommu]\r\n"                      /* CRLF line end */
                      "walkers = 16 # more walkers\n"
                      "sched = simt\n"
                      "coalesce = both\n"
                      "[translation]\n"
                      "ideal = 1\n"
                      "[sim]\n"
                      "seed = 0xFFFFFFFFFFFFFFFF\n"
                      "[iommu]\n"                        /* a section may reopen */
                      "buffer_entries = 512\n");
    assert_int_equal(rc, XL_OK);
    assert_int_equal(c.l2tlb.entries, 1024);
    assert_int_equal(c.l2tlb.ways, 16);
    assert_int_equal(c.iommu.walkers, 16);
    assert_int_equal(c.iommu.sched, XL_WS_SIMT);
    assert_int_equal(c.iommu.coalesce, XL_CO_BOTH);
    assert_int_equal(c.iommu.buffer_entries, 512);
    assert_int_equal(c.translation.ideal, 1);
    assert_true(c.sim.seed == UINT64_MAX);   /* 0xFFFFFFFFFFFFFFFF = 2^64 - 1 */
    /* keys not in the text keep their previous value */
    assert_int_equal(c.l1tlb.entries, d.l1tlb.entries);
    assert_int_equal(c.gpu.cus, 8);
    /* an empty text changes nothing */
    d = c;
    assert_int_equal(load(&c, ""), XL_OK);
    assert_config_equal(&c, &d);
}

static void test_07_03_load_file(void **state)
{
    (void)state;
    const char *dir = getenv("TMPDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/xlat-t07-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs("[gpu]\ncus = 16\n[l1tlb]\nentries = 64\nentries = 32\n", f);
    fclose(f);

    xl_config_t c;
    xl_config_defaults(&c);
    /* the duplicate on line 5 names the file and both lines */
    int rc = xl_config_load_file(&c, path, err, sizeof err);
    assert_int_equal(rc, XL_EINPUT);
    char want[600];
    snprintf(want, sizeof want, "%s:5: duplicate key l1tlb.entries (already set on line 4)", path);
    assert_string_equal(err, want);
    assert_int_equal(c.gpu.cus, 8);   /* atomic: line 2 was not applied */

    f = fopen(path, "w");
    assert_non_null(f);
    fputs("[gpu]\ncus = 16\n", f);
    fclose(f);
    assert_int_equal(xl_config_load_file(&c, path, err, sizeof err), XL_OK);
    assert_int_equal(c.gpu.cus, 16);
    unlink(path);

    /* missing file: "FILE: cannot open: <strerror>" */
    rc = xl_config_load_file(&c, path, err, sizeof err);
    assert_int_equal(rc, XL_EINPUT);
    snprintf(want, sizeof want, "%s: cannot open: ", path);
    assert_true(strncmp(err, want, strlen(want)) == 0);
    assert_non_null(strstr(err, "No such file"));
}

static void test_07_04_error_messages(void **state)
{
    (void)state;
    expect_load_error("[gpu]\ncus = 8\n[bogus]\n", "t.ini:3: unknown section [bogus]");
    expect_load_error("[l1tlb]\nfoo = 1\n", "t.ini:2: unknown key 'foo' in [l1tlb]");
    expect_load_error("[l1tlb]\nentries = abc\n",
                      "t.ini:2: l1tlb.entries: 'abc' is not an unsigned integer");
    expect_load_error("[l1tlb]\nentries = -4\n", "'-4' is not an unsigned integer");
    expect_load_error("[l1tlb]\nentries = 12 34\n", "'12 34' is not an unsigned integer");
    /* max for TLB entries is 2^20 = 1048576 */
    expect_load_error("[l1tlb]\nentries = 2000000\n",
                      "t.ini:2: l1tlb.entries: 2000000 is out of range (min 1, max 1048576)");
    expect_load_error("[iommu]\nwalkers = 99999999999999999999999\n",
                      "iommu.walkers: 99999999999999999999999 is out of range (min 1, max 1024)");
    expect_load_error("[iommu]\nbuffer_entries = 0\n",
                      "t.ini:2: iommu.buffer_entries: 0 is out of range (min 1, max 65536)");
    expect_load_error("[iommu]\nsched = sjf\n",
                      "t.ini:2: iommu.sched: 'sjf' is not one of fcfs, random, simt");
    expect_load_error("[iommu]\ncoalesce =\n", "t.ini:2: iommu.coalesce: missing value");
    expect_load_error("[translation]\nideal = 2\n", "t.ini:2: translation.ideal: '2' is not 0 or 1");
    expect_load_error("# comment\ncus = 8\n", "t.ini:2: key 'cus' before any [section]");
    expect_load_error("[gpu]\ncus 8\n",
                      "t.ini:2: expected 'key = value' or '[section]', got 'cus 8'");
    expect_load_error("[gpu\n", "t.ini:1: section header '[gpu' has no closing ']'");
    expect_load_error("[gpu] x\n", "t.ini:1: unexpected text 'x' after section header");
    expect_load_error("[gpu]\n= 3\n", "t.ini:2: missing key before '='");
    expect_load_error("[dram]\nbanks = 8\n\n[dram]\nbanks = 4\n",
                      "t.ini:5: duplicate key dram.banks (already set on line 2)");
    /* a control byte in the value is shown as '?' so the message stays one line */
    expect_load_error("[gpu]\ncus = 1\x01\n", "'1?' is not an unsigned integer");
    /* a NUL byte inside the text (load_string takes a length) */
    {
        xl_config_t c;
        xl_config_defaults(&c);
        static const char nul_text[] = "[gpu]\ncus = 8\0\n";
        assert_int_equal(xl_config_load_string(&c, nul_text, sizeof nul_text - 1, "n.ini", err,
                                               sizeof err), XL_EINPUT);
        assert_string_equal(err, "n.ini:2: NUL byte in line");
    }
}

static void test_07_05_set(void **state)
{
    (void)state;
    xl_config_t c;
    xl_config_defaults(&c);
    assert_int_equal(xl_config_set(&c, "iommu.sched=simt", err, sizeof err), XL_OK);
    assert_int_equal(c.iommu.sched, XL_WS_SIMT);
    assert_int_equal(xl_config_set(&c, "gpu.wave_sched=oldest", err, sizeof err), XL_OK);
    assert_int_equal(c.gpu.wave_sched, XL_WAVE_SCHED_OLDEST);
    assert_int_equal(xl_config_set(&c, " l2tlb.entries = 1024 ", err, sizeof err), XL_OK);
    assert_int_equal(c.l2tlb.entries, 1024);
    /* 0x10 = 16 */
    assert_int_equal(xl_config_set(&c, "iommu.walkers=0x10", err, sizeof err), XL_OK);
    assert_int_equal(c.iommu.walkers, 16);
    /* 2^64 - 1 = 18446744073709551615 in decimal */
    assert_int_equal(xl_config_set(&c, "sim.seed=18446744073709551615", err, sizeof err), XL_OK);
    assert_true(c.sim.seed == UINT64_MAX);

    expect_set_error("x", "--set 'x': expected section.key=value");
    expect_set_error("walkers=8", "--set 'walkers=8': expected section.key=value");
    expect_set_error(".walkers=8", "expected section.key=value");
    expect_set_error("iommu.=8", "expected section.key=value");
    expect_set_error("l1tlb.foo=1", "--set l1tlb.foo=1: unknown key");
    expect_set_error("nosuch.walkers=1", "--set nosuch.walkers=1: unknown key");
    expect_set_error("iommu.buffer_entries=0",
                     "--set iommu.buffer_entries=0: 0 is out of range (min 1, max 65536)");
    expect_set_error("iommu.sched=best", "'best' is not one of fcfs, random, simt");
    expect_set_error("gpu.wave_sched=gto", "'gto' is not one of rr, oldest");
    /* 2^64 = 18446744073709551616 does not fit */
    expect_set_error("sim.seed=18446744073709551616", "is out of range");

    /* a failed set leaves the config unchanged */
    xl_config_t before = c;
    assert_int_equal(xl_config_set(&c, "iommu.walkers=0", err, sizeof err), XL_EINPUT);
    assert_config_equal(&c, &before);
}

static void test_07_06_ini_round_trip(void **state)
{
    (void)state;
    xl_config_t a, b;
    xl_config_defaults(&a);
    /* move every key away from its default, so a key that write_ini forgot would load
     * back as its default and differ */
    a.gpu.cus = 16; a.gpu.simds_per_cu = 2;
    a.gpu.waves_per_simd = 8; a.gpu.wave_sched = XL_WAVE_SCHED_OLDEST; a.gpu.clock_mhz = 1500;
    a.l1d.size_kb = 16; a.l1d.ways = 8;
    a.l2d.size_kb = 2048; a.l2d.ways = 8;
    a.l2d.index = XL_L2_INDEX_XOR;
    a.l1tlb.entries = 64; a.l1tlb.ways = 8; a.l1tlb.repl = XL_REPL_PLRU;
    a.l1tlb.hit_latency = 2; a.l1tlb.mshrs = 16;
    a.l2tlb.entries = 1024; a.l2tlb.ways = 32; a.l2tlb.repl = XL_REPL_PLRU;
    a.l2tlb.hit_latency = 100; a.l2tlb.mshrs = 128;
    a.iommu.tlb1_entries = 64; a.iommu.tlb1_ways = 4; a.iommu.tlb2_entries = 512;
    a.iommu.tlb2_ways = 16; a.iommu.buffer_entries = 128; a.iommu.walkers = 16;
    a.iommu.sched = XL_WS_RANDOM; a.iommu.coalesce = XL_CO_UPPER;
    a.iommu.aging_threshold = 16; a.iommu.link_latency = 0;
    a.pwc.l4_entries = 8; a.pwc.l4_ways = 2; a.pwc.l3_entries = 16; a.pwc.l3_ways = 8;
    a.pwc.l2_entries = 64; a.pwc.l2_ways = 8;
    a.dram.mhz = 1200; a.dram.channels = 4; a.dram.ranks = 1; a.dram.banks = 8;
    a.mem.size_mb = 8192; a.mem.alloc = XL_ALLOC_SEQUENTIAL; a.mem.page_kb = 2048;
    a.translation.ideal = 1;
    a.workload.pb_wg_items = 32; a.workload.nw_block = 64; a.workload.graph = XL_GRAPH_RMAT;
    snprintf(a.workload.graph_file, sizeof a.workload.graph_file, "graphs/road ny.gr");
    a.l1d.hit_latency = 20; a.l2d.hit_latency = 50; a.l2d.mshrs = 128;
    a.l1tlb.index = XL_TLB_INDEX_XOR; a.l1tlb.ports = 4;
    a.l2tlb.index = XL_TLB_INDEX_MOD; a.l2tlb.ports = 1;
    a.iommu.tlb_latency = 3; a.iommu.pwc_latency = 2; a.iommu.walk_path = XL_WALK_SRC_DRAM;
    a.iommu.ptcache_kb = 8; a.iommu.ptcache_ways = 4; a.iommu.ptcache_latency = 3;
    a.dram.tcl = 12; a.dram.trcd = 13; a.dram.trp = 14; a.dram.tras = 30; a.dram.tburst = 8;
    a.dram.tcwl = 9; a.dram.tccd = 5; a.dram.trrd = 6; a.dram.tfaw = 30; a.dram.twr = 13;
    a.dram.twtr = 7; a.dram.trtp = 7; a.dram.trtrs = 2; a.dram.trefi = 7000; a.dram.trfc = 300;
    a.dram.queue_depth = 16; a.dram.write_queue_depth = 24; a.dram.write_high = 20;
    a.dram.write_low = 4; a.dram.row_kb = 2; a.dram.mapping = XL_DRAM_MAP_LINEAR;
    a.dram.ctrl_latency = 30;
    a.sim.seed = UINT64_C(0x8000000000000001);   /* needs all 64 bits */
    a.sim.watchdog = UINT64_C(0x100000000);      /* and so does the watchdog */
    a.sim.max_memory_mb = 4096;
    assert_int_equal(xl_config_validate(&a, err, sizeof err), XL_OK);
    /* keys with one modelled value (validation refuses others) still round-trip */
    a.gpu.simd_width = 32; a.gpu.wave_lanes = 32; a.l1d.line_bytes = 128; a.l2d.line_bytes = 32;

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    xl_config_write_ini(&a, f);
    fclose(f);

    xl_config_defaults(&b);
    int rc = xl_config_load_string(&b, buf, len, "written.ini", err, sizeof err);
    if (rc != XL_OK)
        print_error("%s\n", err);
    assert_int_equal(rc, XL_OK);
    assert_config_equal(&a, &b);
    /* the text names enums by value and shows units */
    assert_non_null(strstr(buf, "\nsched = random"));
    assert_non_null(strstr(buf, "\nwave_sched = oldest"));
    assert_non_null(strstr(buf, "# lru|plru"));
    assert_non_null(strstr(buf, "seed = 9223372036854775809"));   /* 2^63 + 1 */
    free(buf);
}

static void test_07_07_json(void **state)
{
    (void)state;
    xl_config_t c;
    size_t len;
    xl_config_defaults(&c);
    c.iommu.sched = XL_WS_SIMT;
    char *buf = json_of(&c, 0, &len);
    /* one line, sections in schema order, enums as strings */
    assert_true(strncmp(buf, "{\"gpu\": {\"cus\": 8, \"simds_per_cu\": 4, ", 38) == 0);
    assert_non_null(strstr(buf, "\"sched\": \"simt\", \"coalesce\": \"off\""));
    assert_non_null(strstr(buf, "\"translation\": {\"ideal\": 0}, \"lds\": {\"model\": 0, \"size_kb\": 16, \"seg_bytes\": 32, \"alloc\": \"lazy\"}, \"icache\": {\"model\": 0, "));
    assert_non_null(strstr(buf, "\"reach\": {\"lds_tx\": 0, \"ic_tx\": \"off\", \"tags\": \"strict\", "));
    assert_non_null(strstr(buf, "\"workload\": {\"pb_wg_items\": 256, \"nw_block\": 16, \"graph\": \"input\", \"min_rounds\": 12, "));
    assert_non_null(strstr(buf, "\"sim\": {\"seed\": 1, \"watchdog\": 5000000, \"warmup\": 0, \"window\": 0, \"app0_cus\": 0, \"max_memory_mb\": 16384}}"));
    assert_null(strchr(buf, '\n'));
    free(buf);

    buf = json_of(&c, 2, &len);
    /* indented: sections at 2 spaces, keys at 4, final brace at column 0 */
    assert_true(strncmp(buf, "{\n  \"gpu\": {\n    \"cus\": 8,\n", 27) == 0);
    assert_non_null(strstr(buf, "\n  \"sim\": {\n    \"seed\": 1,\n    \"watchdog\": 5000000,\n    \"warmup\": 0,\n    \"window\": 0,\n    \"app0_cus\": 0,\n    \"max_memory_mb\": 16384\n  }\n}"));
    assert_int_equal(buf[len - 1], '}');
    free(buf);
}

/* The index of preset `name`, or xl_config_preset_count() when there is none. */
static unsigned preset_index(const char *name)
{
    unsigned n = xl_config_preset_count();
    for (unsigned i = 0; i < n; i++)
        if (strcmp(xl_config_preset_name(i), name) == 0)
            return i;
    return n;
}

/* Preset `name` loaded over a config apart from the defaults in several keys gives the
 * defaults back, key for key (the preset sets every key explicitly); it is listed, and
 * its summary starts with `summary`. *p is the loaded config. */
static void expect_preset_is_defaults(xl_config_t *p, const char *name, const char *summary)
{
    xl_config_t d;
    char sum[128];
    unsigned found = preset_index(name);
    xl_config_defaults(&d);
    *p = d;
    p->gpu.cus = 1;
    p->iommu.sched = XL_WS_SIMT;
    p->iommu.coalesce = XL_CO_BOTH;
    p->sim.seed = 42;
    assert_int_equal(xl_config_load_preset(p, name, err, sizeof err), XL_OK);
    assert_config_equal(p, &d);
    assert_true(found < xl_config_preset_count());
    assert_true(strncmp(xl_config_preset_summary(found, sum, sizeof sum), summary,
                        strlen(summary)) == 0);
}

static void test_07_08_preset_isca18(void **state)
{
    (void)state;
    xl_config_t p;
    expect_preset_is_defaults(&p, "isca18", "ISCA'18 baseline");
    unsigned n = xl_config_preset_count();
    assert_true(n >= 1);
    assert_null(xl_config_preset_name(n));

    assert_int_equal(xl_config_load_preset(&p, "isca19", err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "unknown preset 'isca19' (known: "));
    assert_non_null(strstr(err, "isca18"));
}

/* MICRO'18 Table I has ISCA'18's fields and values (docs/isca18-micro18.md §1.1), so the
 * micro18 preset equals the defaults key for key, and names its paper. */
static void test_07_13_preset_micro18(void **state)
{
    (void)state;
    xl_config_t p;
    expect_preset_is_defaults(&p, "micro18", "MICRO'18 baseline");
    assert_int_equal(p.iommu.coalesce, XL_CO_OFF);   /* the baseline has no coalescing */
}

/* The defaults with `field` set to `value` fail validation with `want`. */
#define EXPECT_INVALID_WITH(field, value, want)                                            \
    do {                                                                                   \
        xl_config_t c_;                                                                    \
        xl_config_defaults(&c_);                                                           \
        c_.field = (value);                                                                \
        expect_invalid(&c_, want);                                                         \
    } while (0)

static void test_07_09_validate(void **state)
{
    (void)state;
    xl_config_t c;

    /* caught by the schema range (min 1) before the geometry check */
    EXPECT_INVALID_WITH(l2tlb.ways, 0, "l2tlb.ways: 0 is out of range (min 1, max 1048576)");
    EXPECT_INVALID_WITH(pwc.l2_ways, 0, "pwc.l2_ways: 0 is out of range (min 1, max 64)");
    /* 768 entries / 16 ways = 48 sets, not a power of two */
    EXPECT_INVALID_WITH(l2tlb.entries, 768, "l2tlb.entries / l2tlb.ways = 768 / 16 = 48 sets");
    /* 20 lanes with simd_width 16: 20 % 16 = 4 */
    EXPECT_INVALID_WITH(gpu.wave_lanes, 20,
                        "gpu.wave_lanes (20) must be a multiple of gpu.simd_width (16)");
    /* 32 lanes on 16-wide SIMDs divide, but the workloads are written for 64 lanes */
    EXPECT_INVALID_WITH(gpu.wave_lanes, 32,
                        "gpu.wave_lanes (32) and gpu.simd_width (16): the workloads are written "
                        "for 64-lane wavefronts on 16-wide SIMDs");
    /* a 128 B L1 data line: a power of two, but the model moves 64 B lines */
    EXPECT_INVALID_WITH(l1d.line_bytes, 128, "l1d.line_bytes (128) must be 64");
    /* above the schema max 64 */
    EXPECT_INVALID_WITH(gpu.wave_lanes, 128, "gpu.wave_lanes: 128 is out of range (min 1, max 64)");
    /* more ways than the 256 entries */
    EXPECT_INVALID_WITH(iommu.tlb2_ways, 512,
                        "iommu.tlb2_ways (512) exceeds iommu.tlb2_entries (256)");

    xl_config_defaults(&c);
    c.l1tlb.entries = 36;     /* 36 % 32 = 4 */
    c.l1tlb.ways = 32;
    expect_invalid(&c, "l1tlb.entries (36) is not a multiple of l1tlb.ways (32)");

    /* PLRU needs power-of-two ways: 24 entries, 24 ways = 1 set, but 24 is not 2^k */
    xl_config_defaults(&c);
    c.l1tlb.entries = 24;
    c.l1tlb.ways = 24;
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_OK);   /* fine under LRU */
    c.l1tlb.repl = XL_REPL_PLRU;
    expect_invalid(&c, "l1tlb.ways (24) must be a power of two");

    xl_config_defaults(&c);
    c.pwc.l3_entries = 6;     /* 6 / 3 = 2 sets, but 3 ways cannot be tree-PLRU */
    c.pwc.l3_ways = 3;
    expect_invalid(&c, "pwc.l3_ways (3) must be a power of two");

    EXPECT_INVALID_WITH(iommu.walkers, 0, "iommu.walkers: 0 is out of range");
    EXPECT_INVALID_WITH(iommu.buffer_entries, 0, "iommu.buffer_entries: 0 is out of range");
    EXPECT_INVALID_WITH(gpu.cus, 0, "gpu.cus: 0 is out of range");
    EXPECT_INVALID_WITH(mem.page_kb, 8, "mem.page_kb (8) must be 4, 64 or 2048");
    EXPECT_INVALID_WITH(mem.size_mb, 4095,
                        "mem.size_mb (4095) must be a multiple of 2 and at least 4");
    /* 32 KB / 64 B / 16 ways = 32 sets: fine; with 12 ways 512 lines / 12 is not whole */
    EXPECT_INVALID_WITH(l1d.ways, 12,
                        "l1d.size_kb, l1d.line_bytes, l1d.ways: 32 KB / 64 B / 12 ways");
    EXPECT_INVALID_WITH(l2d.line_bytes, 48, "l2d.line_bytes (48) must be a power of two");
    /* built in code, not through the parser */
    EXPECT_INVALID_WITH(iommu.sched, (xl_ws_policy_t)7,
                        "iommu.sched: 7 is not a valid value (fcfs|random|simt)");
}

static void test_07_10_atomic_load(void **state)
{
    (void)state;
    xl_config_t c, before;
    xl_config_defaults(&c);
    c.gpu.cus = 3;
    before = c;
    /* lines 2-3 are valid and would change cus and walkers; line 5 fails */
    assert_int_equal(load(&c, "[gpu]\ncus = 12\n[iommu]\nwalkers = 32\nwalkers = 16\n"), XL_EINPUT);
    assert_non_null(strstr(err, "t.ini:5: duplicate key iommu.walkers"));
    assert_config_equal(&c, &before);
    assert_int_equal(c.gpu.cus, 3);
    /* a failed preset load and a missing file are atomic too */
    assert_int_equal(xl_config_load_preset(&c, "nope", err, sizeof err), XL_EINPUT);
    assert_int_equal(xl_config_load_file(&c, "no/such/dir/x.ini", err, sizeof err), XL_EINPUT);
    assert_config_equal(&c, &before);
}

static void test_07_11_describe(void **state)
{
    (void)state;
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    xl_config_describe(f);
    fclose(f);
    /* one line per key: gpu 9 + l1d 4 + l2d 6 + l1tlb 7 + l2tlb 7 + iommu 18 + pwc 7
     * + dram 34 + mask 17 + mem 3 + translation 1 + lds 4 + icache 7 + reach 14
     * + paging 3 + uvm 16 + workload 9 + sim 6 = 172 */
    unsigned lines = 0;
    for (size_t i = 0; i < len; i++)
        lines += buf[i] == '\n';
    assert_int_equal(lines, 172);
    assert_true(strncmp(buf, "gpu.cus ", 8) == 0);
    /* open keys say that their default is a choice */
    const char *l = strstr(buf, "iommu.link_latency");
    assert_non_null(l);
    const char *eol = strchr(l, '\n');
    const char *ch = strstr(l, "chosen default");
    assert_true(ch && ch < eol);
    free(buf);
}

/* A path-valued key (workload.graph_file): default "", stored as given after trimming,
 * written back readable, escaped in JSON; too long, or holding '#', ';' or a control
 * byte, is an error that leaves the config unchanged. */
static void test_07_12_string_key(void **state)
{
    (void)state;
    xl_config_t c, before;
    xl_config_defaults(&c);
    assert_string_equal(c.workload.graph_file, "");
    assert_int_equal(xl_config_set(&c, "workload.graph_file=  in/USA-road-d.NY.gr ", err,
                                   sizeof err), XL_OK);
    assert_string_equal(c.workload.graph_file, "in/USA-road-d.NY.gr");
    assert_int_equal(load(&c, "[workload]\ngraph_file = a b.mtx   # a comment\n"), XL_OK);
    assert_string_equal(c.workload.graph_file, "a b.mtx");
    assert_int_equal(load(&c, "[workload]\ngraph_file =\n"), XL_OK);   /* back to none */
    assert_string_equal(c.workload.graph_file, "");

    /* 255 bytes fit (XL_CFG_PATH_MAX - 1), 256 do not */
    char set[300];
    memcpy(set, "workload.graph_file=", 20);
    memset(set + 20, 'p', 256);
    set[20 + 256] = '\0';
    before = c;
    assert_int_equal(xl_config_set(&c, set, err, sizeof err), XL_EINPUT);
    assert_non_null(strstr(err, "is longer than 255 bytes"));
    assert_config_equal(&c, &before);
    set[20 + 255] = '\0';
    assert_int_equal(xl_config_set(&c, set, err, sizeof err), XL_OK);
    assert_int_equal(strlen(c.workload.graph_file), 255);

    expect_set_error("workload.graph_file=a\tb", "holds a control byte, '#' or ';'");
    expect_set_error("workload.graph_file=a;b", "holds a control byte, '#' or ';'");

    /* JSON: '"' and '\\' escaped */
    xl_config_defaults(&c);
    snprintf(c.workload.graph_file, sizeof c.workload.graph_file, "q\"b\\s");
    size_t len;
    char *buf = json_of(&c, 0, &len);
    assert_non_null(strstr(buf, "\"graph_file\": \"q\\\"b\\\\s\""));
    free(buf);

    /* the workload keys' own checks */
    xl_config_defaults(&c);
    c.workload.pb_wg_items = 48;
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_EINPUT);
    assert_string_equal(err, "workload.pb_wg_items (48) must be a power of two");
    xl_config_defaults(&c);
    c.workload.nw_block = 32;
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_EINPUT);
    assert_string_equal(err, "workload.nw_block (32) must be 16 or 64");
}

/* 7.14: clocks that cannot finish a walk within the watchdog, and a configuration too big
 * for the host, are refused before anything runs. A walk's reads: 4 x (tRP 11 + tRCD 11
 * + tCL 11 + tBURST 4) + tRFC 208 = 356 DRAM clocks, x 100000 / 1 GPU cycles per DRAM
 * clock, + 8 x ctrl_latency 20 = 35 600 160 GPU cycles, above the watchdog's 5 000 000. */
static void test_07_14_resource_checks(void **state)
{
    (void)state;
    xl_config_t c;
    xl_config_defaults(&c);
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_OK);
    c.gpu.clock_mhz = 100000;
    c.dram.mhz = 1;
    expect_invalid(&c, "one page walk's DRAM reads take about 35600160 GPU cycles, not less "
                       "than sim.watchdog (5000000)");
    c.sim.watchdog = 35600161;   /* one more than the walk: allowed */
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_OK);

    /* a fully associative 64-entry LRU TLB: 64 records of 32 B and 64 stamps of 8 B,
     * 128 hash buckets of 4 B (the smallest power of two >= 2 x entries), one set of
     * 16 B: 2560 + 512 + 16 */
    xl_tlb_params_t p = {64, 64, XL_REPL_LRU, XL_TLB_INDEX_MOD};
    assert_int_equal(xl_tlb_bytes(&p), 3088);

    /* 1024 CUs of 2^20-entry L1 TLBs: their records alone are 1024 x 2^20 x 40 B = 40 GB */
    xl_config_defaults(&c);
    c.gpu.cus = 1024;
    c.l1tlb.entries = 1048576;
    c.l1tlb.ways = 16;
    const char *big = NULL;
    uint64_t big_bytes = 0;
    assert_true(xl_config_footprint(&c, &big, &big_bytes) >= UINT64_C(40) << 30);
    assert_true(big_bytes >= UINT64_C(40) << 30);
    assert_string_equal(big, "the L1 TLBs with their MSHRs and waiters");
    expect_invalid(&c, "more than sim.max_memory_mb (16384)");
    c.sim.max_memory_mb = 4194304;   /* the limit is the user's to raise */
    assert_int_equal(xl_config_validate(&c, err, sizeof err), XL_OK);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_07_01_defaults_are_table_i),
        cmocka_unit_test(test_07_02_load_overrides),
        cmocka_unit_test(test_07_03_load_file),
        cmocka_unit_test(test_07_04_error_messages),
        cmocka_unit_test(test_07_05_set),
        cmocka_unit_test(test_07_06_ini_round_trip),
        cmocka_unit_test(test_07_07_json),
        cmocka_unit_test(test_07_08_preset_isca18),
        cmocka_unit_test(test_07_09_validate),
        cmocka_unit_test(test_07_10_atomic_load),
        cmocka_unit_test(test_07_11_describe),
        cmocka_unit_test(test_07_12_string_key),
        cmocka_unit_test(test_07_13_preset_micro18),
        cmocka_unit_test(test_07_14_resource_checks),
    };
    return cmocka_run_group_tests_name("t07_config", tests, NULL, NULL);
}
