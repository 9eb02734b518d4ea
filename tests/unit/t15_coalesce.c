/*
 * t15_coalesce.c - area 15: neighbourhood-aware walk coalescing (MICRO'18, spec
 * docs/isca18-micro18.md §3): the neighbourhood test at each level, CL, the leaf and upper-level
 * scan of xl_coalesce on hand-built lines, the scheduler's CL/kill ports, and the §3.4
 * walkthrough driven through the whole walk path block (xl_walk_path) on a real page table.
 */
#include "xltest.h"

#include <string.h>

#include "xlat/addrspace.h"
#include "xlat/coalesce.h"
#include "xlat/walk_path.h"
#include "xlat/pagetable.h"
#include "xlat/walk_sched.h"

/* 15.01 nbr(a, b, L): equal VA bits 47 .. 15+9(L-1).
 *   a = 0x0000_4000_0000 (1 GB). a + 0x7FFF is in a's 32 KB (bits 47:15 equal); a + 0x8000
 *   is not, but is in its 16 MB (bits 47:24 equal); a + 0x100_0000 (16 MB) is not in its
 *   16 MB but is in its 8 GB; a + 0x2_0000_0000 (8 GB) only in its 4 TB; a + 2^42 in none. */
static void test_15_01_neighbourhoods(void **state)
{
    uint64_t a = UINT64_C(0x40000000);
    (void)state;
    assert_true(xl_co_nbr(a, a + 0x7FFF, 1));
    assert_false(xl_co_nbr(a, a + 0x8000, 1));
    assert_true(xl_co_nbr(a, a + 0x8000, 2));
    assert_true(xl_co_nbr(a, a + 0xFFFFFF, 2));
    assert_false(xl_co_nbr(a, a + 0x1000000, 2));
    assert_true(xl_co_nbr(a, a + 0x1000000, 3));
    assert_false(xl_co_nbr(a, a + UINT64_C(0x200000000), 3));
    assert_true(xl_co_nbr(a, a + UINT64_C(0x200000000), 4));
    assert_false(xl_co_nbr(a, a + (UINT64_C(1) << 42), 4));
    /* only VA bits 47:0 count */
    assert_true(xl_co_nbr(a, a | (UINT64_C(0xFFFF) << 48), 1));
    /* modes */
    assert_true(xl_co_level_on(XL_CO_LEAF, 1) && !xl_co_level_on(XL_CO_LEAF, 2));
    assert_true(!xl_co_level_on(XL_CO_UPPER, 1) && xl_co_level_on(XL_CO_UPPER, 4));
    assert_true(xl_co_level_on(XL_CO_BOTH, 1) && xl_co_level_on(XL_CO_BOTH, 3));
    assert_true(!xl_co_level_on(XL_CO_OFF, 1) && !xl_co_level_on(XL_CO_OFF, 2));
}

static void mk(xl_coalesce_t *c, uint32_t slots, uint32_t walkers, xl_co_mode_t mode)
{
    xl_co_params_t p = {slots, walkers, mode, 0};
    char err[128] = "";
    assert_int_equal(xl_coalesce_init(c, &p, err, sizeof err), XL_OK);
    xl_coalesce_reset(c);
}

/* Write slot s with va (the arrival edge, nothing else in the cycle). */
static void arrive(xl_coalesce_t *c, const xl_pwst_t *pwst, uint32_t s, uint64_t va)
{
    xl_co_in_t in;
    xl_co_out_t o;
    memset(&in, 0, sizeof in);
    memset(&o, 0, sizeof o);
    in.pwst = pwst;
    in.arr_valid = 1;
    in.arr_slot = s;
    in.arr_va = va;
    xl_coalesce_comb(c, &in, &o);
    xl_coalesce_commit(c, &in, &o);
}

/* Inputs of a scan cycle with nothing set but the walkers' state; the outputs' CL and
 * kill masks go to bl and kl. */
static void scan_in(xl_co_in_t *in, xl_co_out_t *o, const xl_pwst_t *pwst, uint64_t *bl,
                    uint64_t *kl)
{
    memset(in, 0, sizeof *in);
    in->pwst = pwst;
    o->blocked = bl;
    o->kill = kl;
}

/* Lane `lane` completes the request of slot `slot` with frame and page shift. */
static void expect_cpl(const xl_co_out_t *o, unsigned lane, uint32_t slot, uint64_t frame,
                       unsigned shift)
{
    assert_int_equal(o->cpl_valid[lane], 1);
    assert_int_equal(o->cpl_slot[lane], slot);
    assert_int_equal(o->cpl_frame[lane], frame);
    assert_int_equal(o->cpl_shift[lane], shift);
}

/* Slot `slot`'s resume point: level pl, node pa. */
static void expect_resume(const xl_coalesce_t *c, uint32_t slot, unsigned pl, xl_pa_t pa)
{
    unsigned got_pl;
    xl_pa_t got_pa;
    xl_coalesce_resume(c, slot, &got_pl, &got_pa);
    assert_int_equal(got_pl, pl);
    assert_int_equal(got_pa, pa);
}

/* 15.02 CL: walker 0 serves a = 0x4000_0000 with its L2 read outstanding; slot 0 holds
 * a + 0x20_0000 (same 16 MB: CL), slot 1 a + 0x100_0000 (next 16 MB: no CL). In leaf
 * mode the L2 access blocks nobody; once the walker is at L1 only a's 32 KB blocks. */
static void test_15_02_cl(void **state)
{
    xl_coalesce_t c;
    xl_pwst_t pwst[2] = {{1, 2, 0x40000000}, {0, 0, 0}};
    uint64_t bl[1], kl[1];
    xl_co_in_t in;
    xl_co_out_t o;
    (void)state;
    mk(&c, 4, 2, XL_CO_BOTH);
    arrive(&c, pwst, 0, 0x40200000);
    arrive(&c, pwst, 1, 0x41000000);
    scan_in(&in, &o, pwst, bl, kl);
    in.arr_va = 0x40FFF000;   /* same 16 MB as the walker: CL */
    xl_coalesce_comb(&c, &in, &o);
    assert_int_equal(bl[0], 0x1);
    assert_int_equal(o.arr_blocked, 1);
    assert_int_equal(kl[0], 0);
    /* the walker moves to its leaf read: now only a's 32 KB */
    pwst[0].level = 1;
    in.arr_va = 0x40007000;
    xl_coalesce_comb(&c, &in, &o);
    assert_int_equal(bl[0], 0);
    assert_int_equal(o.arr_blocked, 1);
    xl_coalesce_free(&c);
    /* leaf mode: an L2 access blocks nothing */
    mk(&c, 4, 2, XL_CO_LEAF);
    pwst[0].level = 2;
    arrive(&c, pwst, 0, 0x40200000);
    xl_coalesce_comb(&c, &in, &o);
    assert_int_equal(bl[0], 0);
    assert_int_equal(xl_coalesce_cl(&c, pwst, 0x40000000), 0);
    xl_coalesce_free(&c);
}

/* A line of 8 present entries whose frames are base + i * 0x1000 (flags P). */
static void line_of(uint64_t *line, uint64_t base, uint64_t extra)
{
    for (unsigned i = 0; i < 8; i++)
        line[i] = xl_pte_make(base + i * 0x1000u, XL_PTE_P | extra);
}

/* 15.03 Leaf scan. The walker serves va 0x4000_2000 (its PTE is slot 2 of the line).
 * Buffered: slot 0 = 0x4000_5000 (PTE slot 5: completed on lane 5, frame 0x9000_5000),
 * slot 1 = 0x4000_8000 (next 32 KB: untouched), slot 2 = 0x4000_2000 again (same page as
 * the walker: lane 2 is the walker's own, never used here), slot 3 = 0x4000_0000 (lane 0,
 * frame 0x9000_0000). At the edge slots 0 and 3 leave; 1 and 2 stay. */
static void test_15_03_leaf_scan(void **state)
{
    xl_coalesce_t c;
    xl_pwst_t pwst[1] = {{1, 1, 0x40002000}};
    uint64_t bl[1], kl[1];
    xl_co_in_t in;
    xl_co_out_t o;
    (void)state;
    mk(&c, 4, 1, XL_CO_BOTH);
    arrive(&c, pwst, 0, 0x40005000);
    arrive(&c, pwst, 1, 0x40008000);
    arrive(&c, pwst, 2, 0x40002000);
    arrive(&c, pwst, 3, 0x40000000);
    scan_in(&in, &o, pwst, bl, kl);
    in.line_valid = 1;
    in.line_level = 1;
    in.line_va = 0x40002000;
    line_of(in.line, 0x90000000, 0);
    xl_coalesce_comb(&c, &in, &o);
    assert_int_equal(kl[0], 0x9);                  /* slots 0 and 3 */
    expect_cpl(&o, 5, 0, 0x90005000, 12);
    expect_cpl(&o, 0, 3, 0x90000000, 12);
    assert_int_equal(o.cpl_valid[2], 0);           /* the walker's own lane */
    for (unsigned i = 1; i < 8; i++)
        if (i != 5)
            assert_int_equal(o.cpl_valid[i], 0);
    assert_int_equal(bl[0], 0xD);                  /* slots 0, 2 and 3: the walker's 32 KB */
    xl_coalesce_commit(&c, &in, &o);
    assert_int_equal(c.valid[0], 0x6);
    assert_int_equal(c.leaf_done, 2);
    assert_int_equal(c.scans, 1);
    /* leaf lines are ignored in upper mode */
    xl_coalesce_free(&c);
    mk(&c, 4, 1, XL_CO_UPPER);
    arrive(&c, pwst, 0, 0x40005000);
    xl_coalesce_comb(&c, &in, &o);
    assert_int_equal(kl[0], 0);
    assert_int_equal(o.cpl_valid[5], 0);
    xl_coalesce_free(&c);
}

/* 15.04 Upper scan and the resume point. Slot 0 = 0x4020_0000 (L3 index 1, L2 index 1).
 *  - an L3 line (walker va 0x4000_0000, same 8 GB) sets PL 3, PA = frame of entry 1 of
 *    the line = 0x7000_1000;
 *  - an L2 line (same 16 MB) moves it down: PL 2, PA = frame of entry 1 = 0x8000_1000;
 *  - a later L4 line does not move it up (PL stays 2);
 *  - a PS entry at L2 is a 2 MB leaf: with every entry of an L2 line PS, slot 1 =
 *    0x4040_0000 (L2 index 2) completes on lane 2 with frame 0x8000_2000 & ~(2 MB - 1) =
 *    0x8000_0000 and shift 21, and slot 0 (index 1) on lane 1 likewise. */
static void test_15_04_upper_scan(void **state)
{
    xl_coalesce_t c;
    xl_pwst_t pwst[1] = {{1, 3, 0x40000000}};
    uint64_t bl[1], kl[1];
    xl_co_in_t in;
    xl_co_out_t o;
    (void)state;
    mk(&c, 2, 1, XL_CO_BOTH);
    arrive(&c, pwst, 0, 0x40200000);
    scan_in(&in, &o, pwst, bl, kl);
    in.line_valid = 1;
    in.line_va = 0x40000000;

    in.line_level = 3;
    line_of(in.line, 0x70000000, 0);
    xl_coalesce_comb(&c, &in, &o);
    assert_int_equal(kl[0], 0);
    xl_coalesce_commit(&c, &in, &o);
    expect_resume(&c, 0, 3, 0x70001000);
    assert_int_equal(c.nmoved, 1);

    in.line_level = 2;
    line_of(in.line, 0x80000000, 0);
    xl_coalesce_comb(&c, &in, &o);
    xl_coalesce_commit(&c, &in, &o);
    expect_resume(&c, 0, 2, 0x80001000);

    in.line_level = 4;
    line_of(in.line, 0x60000000, 0);
    xl_coalesce_comb(&c, &in, &o);
    xl_coalesce_commit(&c, &in, &o);
    expect_resume(&c, 0, 2, 0x80001000);   /* never moves up */
    assert_int_equal(c.nmoved, 0);
    assert_int_equal(c.upper_set[3], 1);
    assert_int_equal(c.upper_set[2], 1);
    assert_int_equal(c.upper_set[4], 0);

    arrive(&c, pwst, 1, 0x40400000);
    in.line_level = 2;
    line_of(in.line, 0x80000000, XL_PTE_PS);
    xl_coalesce_comb(&c, &in, &o);
    expect_cpl(&o, 2, 1, 0x80000000, 21);
    expect_cpl(&o, 1, 0, 0x80000000, 21);
    assert_int_equal(kl[0], 0x3);
    xl_coalesce_free(&c);
}

/* 15.05 The scheduler's CL/kill ports: FCFS over slots with stamps 0, 1, 2 (slot order).
 * Slot 0 blocked and slot 1 killed -> the pick is slot 2; at the edge slots 1 and 2 leave,
 * slot 0 stays and counts no bypass from the kill. An arrival with arr_blocked and an
 * empty buffer is buffered, not dispatched immediately. */
static void test_15_05_scheduler_ports(void **state)
{
    xl_walk_sched_t s;
    xl_ws_params_t p = {4, XL_WS_FCFS, 100, 1, 0};
    char err[128] = "";
    xl_ws_in_t in;
    xl_ws_out_t o;
    xl_ws_entry_t e;
    uint64_t bl = 0x1, kl = 0x2;
    (void)state;
    assert_int_equal(xl_walk_sched_init(&s, &p, err, sizeof err), XL_OK);
    for (uint32_t i = 0; i < 3; i++) {
        memset(&in, 0, sizeof in);
        in.arr_valid = 1;
        in.arr_va = (uint64_t)(i + 1) << 12;
        in.arr_instr_id = i;
        in.arr_tag = 10 + i;
        xl_walk_sched_step(&s, &in);
    }
    memset(&in, 0, sizeof in);
    in.disp_ready = 1;
    in.blocked = &bl;
    in.kill = &kl;
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_valid, 1);
    assert_int_equal(o.disp_slot, 2);
    assert_int_equal(o.disp_tag, 12);
    xl_walk_sched_commit(&s, &in, &o);
    assert_int_equal(s.count, 1);
    assert_int_equal(s.killed, 1);
    xl_walk_sched_entry(&s, 0, &e);
    assert_int_equal(e.valid, 1);
    assert_int_equal(e.bypass, 1);                 /* passed by slot 2 only */
    /* everything blocked: no pick */
    bl = 0x1;
    in.kill = NULL;
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_valid, 0);
    xl_walk_sched_free(&s);

    /* arr_blocked: buffered although a walker is free and the buffer is empty */
    assert_int_equal(xl_walk_sched_init(&s, &p, err, sizeof err), XL_OK);
    memset(&in, 0, sizeof in);
    in.arr_valid = 1;
    in.arr_va = 0x5000;
    in.arr_tag = 7;
    in.disp_ready = 1;
    in.arr_blocked = 1;
    xl_walk_sched_comb(&s, &in, &o);
    assert_int_equal(o.disp_valid, 0);
    assert_int_equal(o.arr_buffered, 1);
    xl_walk_sched_free(&s);
}

/* ------------------------------------------------------------------ 15.06 walkthrough */

typedef struct {
    xl_walk_path_t io;
    xl_walk_path_out_t o;
    xl_physmem_t *pm;
    xl_as_t as;
    xl_pa_t roots[XL_WP_ASIDS];   /* roots[1] = as.root: every request has ASID 1 */
    long long due[8];         /* response cycle per walker, -1 = none */
    long long cycle;
    int cpl_seen[8];          /* completions seen, by tag */
    unsigned cpl_reads[8];
    int cpl_coal[8];
    long long cpl_cycle[8];
} rig_t;

/* Field checks by name (expect_fields, xltest.h) of the walk path's outputs and counters. */
#define F(f) XLTEST_FIELD(xl_walk_path_out_t, f)
static const xltest_field_t wp_out_fields[] = {
    F(disp_valid), F(disp_walker), F(disp_level), F(disp_resumed), F(mem_req_valid),
    F(mem_req_walker), F(mem_req_level), F(fill_valid), F(stuck), F(cpl_valid[0]),
    F(cpl_valid[3]), {NULL, 0, 0}};
#undef F
static const xltest_field_t wp_fields[] = {XLTEST_FIELD(xl_walk_path_t, walks),
                                           XLTEST_FIELD(xl_walk_path_t, coalesced),
                                           XLTEST_FIELD(xl_walk_path_t, resumed),
                                           XLTEST_FIELD(xl_walk_path_t, idle), {NULL, 0, 0}};
XLTEST_EXPECT_FIELDS(wp_out, xl_walk_path_out_t)
XLTEST_EXPECT_FIELDS(wp, xl_walk_path_t)

/* One cycle: the arrival (tag < 0: none), the due response (latency 2 after the
 * request), then comb and commit. Returns the comb output in r->o. */
static void cycle(rig_t *r, int tag, uint64_t va)
{
    xl_walk_path_in_t in;
    memset(&in, 0, sizeof in);
    r->roots[1] = r->as.root;
    in.root = r->roots;
    in.mem_req_ready = 1;
    if (tag >= 0) {
        in.arr_valid = 1;
        in.arr_asid = 1;
        in.arr_va = va;
        in.arr_instr_id = (uint32_t)tag;
        in.arr_tag = (uint32_t)tag;
    }
    for (uint32_t w = 0; w < r->io.p.walkers; w++)
        if (r->due[w] == r->cycle) {
            xl_pa_t line = xl_walk_path_walker_line(&r->io, w);
            in.rsp_valid = 1;
            in.rsp_walker = w;
            for (unsigned i = 0; i < 8; i++)
                in.rsp_line[i] = xl_physmem_read64(r->pm, line + 8u * i);
            r->due[w] = -1;
            break;
        }
    xl_walk_path_comb(&r->io, &in, &r->o);
    if (r->o.mem_req_valid)
        r->due[r->o.mem_req_walker] = r->cycle + 2;
    for (unsigned i = 0; i < 8; i++)
        if (r->o.cpl_valid[i]) {
            uint32_t t = r->o.cpl_tag[i];
            r->cpl_seen[t]++;
            r->cpl_reads[t] = r->o.cpl_reads[i];
            r->cpl_coal[t] = r->o.cpl_coalesced[i];
            r->cpl_cycle[t] = r->cycle;
        }
    xl_walk_path_commit(&r->io, &in, &r->o);
    r->cycle++;
}

/* docs/isca18-micro18.md §3.4 with two walkers, FCFS, coalescing both, cold PWCs, memory latency 2.
 * VA0 = 0x4000_0000 (req0), VA1 = VA0 + 2 MB (req1: same 16 MB, so same L4/L3/L2 lines,
 * another leaf node), VA2 = VA0 + 0x3000 (req2: VA0's 32 KB, PTE slot 3).
 *   c0  req0 arrives, buffer empty, walkers idle: IMMEDIATE to walker 0 (start L4)
 *   c1  req1 arrives: CL (walker 0's L4 access covers its 4 TB) -> buffered, slot 0;
 *       walker 0 asks for the L4 line (due c3)
 *   c2  req2 arrives: CL -> slot 1; walker 1 is idle, both entries have CL: stuck
 *   c3  L4 line: PWC fill; both get PL 4, PA = the L3 node; walker 0 -> L3 (req c4, due c6)
 *   c6  L3 line: PL 3; c7 L2 request (due c9); c9 L2 line: PL 2, PA = each one's leaf
 *       node (VA1's differs from VA0's); c10 walker 0 requests its leaf line (due c12)
 *   c10 walker 0's access is now at L1: req1 (other 32 KB) loses CL and walker 1 takes it,
 *       resumed at L1 from its PA (the PWC's deepest hit for VA1 is L3, not deeper);
 *       req2 keeps CL
 *   c11 walker 1 requests req1's leaf line (due c13)
 *   c12 walker 0's leaf line: req0 completes (4 reads, lane 0) and req2 with it (lane 3,
 *       coalesced, 0 reads)
 *   c13 req1 completes after 1 read. */
static void test_15_06_walkthrough(void **state)
{
    rig_t r;
    char err[256] = "";
    xl_walk_path_params_t p = {4, 2, XL_WS_FCFS, 1000, 1, XL_CO_BOTH,
                           {{4, 8, 32}, {4, 4, 4}}, 1, 0, 0, 0};
    const uint64_t va0 = 0x40000000, va1 = va0 + 0x200000, va2 = va0 + 0x3000;
    xl_walk_t w0, w1, w2;
    (void)state;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < 8; i++)
        r.due[i] = -1;
    r.pm = xl_physmem_create(64u << 20, XL_ALLOC_SEQUENTIAL, 1, err, sizeof err);
    assert_non_null(r.pm);
    assert_int_equal(xl_as_init(&r.as, r.pm, 1, err, sizeof err), XL_OK);
    assert_int_equal(xl_as_map(&r.as, va0, 0x8000, 12, 0, err, sizeof err), XL_OK);
    assert_int_equal(xl_as_map(&r.as, va1, 0x1000, 12, 0, err, sizeof err), XL_OK);
    xl_pt_walk(r.pm, r.as.root, va0, &w0);
    xl_pt_walk(r.pm, r.as.root, va1, &w1);
    xl_pt_walk(r.pm, r.as.root, va2, &w2);
    assert_int_equal(xl_walk_path_init(&r.io, &p, err, sizeof err), XL_OK);
    assert_int_equal(xl_walk_path_out_init(&r.o, &r.io), XL_OK);

    cycle(&r, 0, va0);                                       /* c0 */
    assert_int_equal(r.o.ws.disp_rule, XL_RULE_IMMEDIATE);
    expect_wp_out(&r.o, "disp_valid=1 disp_walker=0 disp_level=4");
    cycle(&r, 1, va1);                                       /* c1 */
    assert_int_equal(r.o.ws.arr_buffered, 1);
    assert_int_equal(r.o.ws.arr_slot, 0);
    expect_wp_out(&r.o, "disp_valid=0 mem_req_valid=1 mem_req_level=4");
    cycle(&r, 2, va2);                                       /* c2 */
    assert_int_equal(r.o.ws.arr_slot, 1);
    expect_wp_out(&r.o, "disp_valid=0 stuck=1");
    cycle(&r, -1, 0);                                        /* c3: L4 line */
    assert_int_equal(r.o.fill_valid, 1);
    expect_resume(&r.io.co, 0, 4, w1.node_pa[3]);
    expect_resume(&r.io.co, 1, 4, w2.node_pa[3]);
    while (r.cycle < 10)
        cycle(&r, -1, 0);                                    /* c4 .. c9 */
    expect_resume(&r.io.co, 0, 2, w1.node_pa[1]);
    expect_resume(&r.io.co, 1, 2, w0.node_pa[1]);
    assert_true(w1.node_pa[1] != w0.node_pa[1]);
    cycle(&r, -1, 0);                                        /* c10 */
    expect_wp_out(&r.o, "mem_req_valid=1 mem_req_walker=0 mem_req_level=1");
    expect_wp_out(&r.o, "disp_valid=1 disp_walker=1 disp_level=1 disp_resumed=1");
    assert_int_equal(r.o.ws.disp_tag, 1);
    assert_int_equal(r.o.disp_node, w1.node_pa[1]);
    assert_int_equal(r.o.pwc.lookup.hit_level, 3);
    cycle(&r, -1, 0);                                        /* c11 */
    expect_wp_out(&r.o, "mem_req_walker=1 disp_valid=0");   /* req2 still has CL */
    cycle(&r, -1, 0);                                        /* c12 */
    expect_wp_out(&r.o, "cpl_valid[0]=1 cpl_valid[3]=1");
    assert_int_equal(r.cpl_reads[0], 4);
    assert_int_equal(r.cpl_coal[0], 0);
    assert_int_equal(r.cpl_coal[2], 1);
    assert_int_equal(r.cpl_reads[2], 0);
    assert_int_equal(r.o.cpl_frame[3], w2.pa & ~UINT64_C(0xFFF));
    assert_int_equal(r.o.cpl_frame[0], w0.pa & ~UINT64_C(0xFFF));
    cycle(&r, -1, 0);                                        /* c13 */
    assert_int_equal(r.cpl_seen[1], 1);
    assert_int_equal(r.cpl_cycle[1], 13);
    assert_int_equal(r.cpl_reads[1], 1);
    assert_int_equal(r.cpl_coal[1], 0);
    for (int t = 0; t < 3; t++)
        assert_int_equal(r.cpl_seen[t], 1);
    expect_wp(&r.io, "walks=2 coalesced=1 resumed=1 idle=2");
    assert_int_equal(r.io.reads[4] + r.io.reads[3] + r.io.reads[2] + r.io.reads[1], 5);
    assert_int_equal(r.io.ws.count, 0);
    xl_walk_path_out_free(&r.o);
    xl_walk_path_free(&r.io);
    xl_physmem_destroy(r.pm);
}

/* 15.07 The scan drained one slot a cycle (scan_pipe 1, coalesce.h). One walker serves
 * 0x4000_2000 at L1. Buffered: slot 0 = 0x4000_5000 (lane 5), slot 1 = 0x4000_8000 (next
 * 32 KB), slot 2 = 0x4000_2000 (the walker's own lane 2), slot 3 = 0x4000_0000 (lane 0),
 * slot 4 = 0x4000_5000 again (lane 5, behind slot 0).
 *  c1: the L1 line returns (frames 0x9000_0000 + i * 0x1000): nothing completes; at the
 *      edge slots 0, 3, 4 become pending (0x19; slot 2 is on the own lane), scans 1;
 *  c2: the walker is done (PWST empty): CL is the pending set; slot 0 completes on lane
 *      5; another L1 line comes but slots 3, 4 stay pending, so it is dropped;
 *  c3: slot 3's lane 0 is busy (the port gives it to a walker): it waits;
 *  c4: slot 3 completes on lane 0;
 *  c5: slot 4 wants lane 5, which this line already used: it stays buffered, the set
 *      empties;
 *  c6: an L2 line for 0x4000_0000 (pointers to 0x8000_0000 + i * 0x1000) is taken: slots
 *      1, 2, 4 (all L2 index 0) become pending, none moves yet;
 *  c7-c9: one a cycle, lowest first, they take PL 2, PA 0x8000_0000. */
static void test_15_07_drained_scan(void **state)
{
    xl_coalesce_t c;
    xl_co_params_t p = {8, 1, XL_CO_BOTH, 1};
    xl_pwst_t pwst[1] = {{1, 1, 0x40002000}};
    uint64_t bl[1], kl[1];
    xl_co_in_t in;
    xl_co_out_t o;
    char err[128] = "";
    (void)state;
    assert_int_equal(xl_coalesce_init(&c, &p, err, sizeof err), XL_OK);
    arrive(&c, pwst, 0, 0x40005000);
    arrive(&c, pwst, 1, 0x40008000);
    arrive(&c, pwst, 2, 0x40002000);
    arrive(&c, pwst, 3, 0x40000000);
    arrive(&c, pwst, 4, 0x40005000);

    scan_in(&in, &o, pwst, bl, kl);                       /* c1 */
    in.line_valid = 1;
    in.line_level = 1;
    in.line_va = 0x40002000;
    line_of(in.line, 0x90000000, 0);
    xl_coalesce_comb(&c, &in, &o);
    assert_int_equal(kl[0], 0);
    for (unsigned i = 0; i < 8; i++)
        assert_int_equal(o.cpl_valid[i], 0);
    assert_int_equal(bl[0], 0x1D);                        /* the walker's 32 KB */
    xl_coalesce_commit(&c, &in, &o);
    assert_int_equal(c.pend[0], 0x19);
    assert_int_equal(c.scans, 1);
    assert_true(xl_coalesce_draining(&c));

    pwst[0].valid = 0;                                    /* c2 */
    in.line_va = 0x40010000;
    xl_coalesce_comb(&c, &in, &o);
    assert_int_equal(bl[0], 0x19);
    assert_int_equal(kl[0], 0x1);
    expect_cpl(&o, 5, 0, 0x90005000, 12);
    xl_coalesce_commit(&c, &in, &o);
    assert_int_equal(c.pend[0], 0x18);
    assert_int_equal(c.scans, 1);
    assert_int_equal(c.scan_drops, 1);

    in.line_valid = 0;                                    /* c3 */
    in.lane_busy = 0x1;
    xl_coalesce_comb(&c, &in, &o);
    assert_int_equal(kl[0], 0);
    assert_int_equal(o.cpl_valid[0], 0);
    xl_coalesce_commit(&c, &in, &o);
    assert_int_equal(c.pend[0], 0x18);

    in.lane_busy = 0;                                     /* c4 */
    xl_coalesce_comb(&c, &in, &o);
    assert_int_equal(kl[0], 0x8);
    expect_cpl(&o, 0, 3, 0x90000000, 12);
    xl_coalesce_commit(&c, &in, &o);
    assert_int_equal(c.pend[0], 0x10);

    xl_coalesce_comb(&c, &in, &o);                        /* c5 */
    assert_int_equal(kl[0], 0);
    assert_int_equal(o.cpl_valid[5], 0);
    xl_coalesce_commit(&c, &in, &o);
    assert_int_equal(c.pend[0], 0);
    assert_int_equal(c.valid[0], 0x16);
    assert_int_equal(c.leaf_done, 2);

    in.line_valid = 1;                                    /* c6 */
    in.line_level = 2;
    in.line_va = 0x40000000;
    line_of(in.line, 0x80000000, 0);
    xl_coalesce_comb(&c, &in, &o);
    xl_coalesce_commit(&c, &in, &o);
    assert_int_equal(c.pend[0], 0x16);
    assert_int_equal(c.scans, 2);
    expect_resume(&c, 1, 0, 0);

    in.line_valid = 0;                                    /* c7 */
    xl_coalesce_comb(&c, &in, &o);
    xl_coalesce_commit(&c, &in, &o);
    expect_resume(&c, 1, 2, 0x80000000);
    expect_resume(&c, 2, 0, 0);
    xl_coalesce_comb(&c, &in, &o);                        /* c8, c9 */
    xl_coalesce_commit(&c, &in, &o);
    xl_coalesce_comb(&c, &in, &o);
    xl_coalesce_commit(&c, &in, &o);
    expect_resume(&c, 2, 2, 0x80000000);
    expect_resume(&c, 4, 2, 0x80000000);
    assert_int_equal(c.pend[0], 0);
    assert_int_equal(c.upper_set[2], 3);
    assert_false(xl_coalesce_draining(&c));
    /* bad parameter: one clear line */
    xl_coalesce_free(&c);
    p.scan_pipe = 2;
    assert_int_equal(xl_coalesce_init(&c, &p, err, sizeof err), XL_EINPUT);
    assert_string_equal(err, "coalesce: scan_pipe must be 0 or 1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_15_01_neighbourhoods),
        cmocka_unit_test(test_15_02_cl),
        cmocka_unit_test(test_15_03_leaf_scan),
        cmocka_unit_test(test_15_04_upper_scan),
        cmocka_unit_test(test_15_05_scheduler_ports),
        cmocka_unit_test(test_15_06_walkthrough),
        cmocka_unit_test(test_15_07_drained_scan),
    };
    return cmocka_run_group_tests_name("t15_coalesce", tests, NULL, NULL);
}
