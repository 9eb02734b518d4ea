// tb_xl_pwc.sv - self-checking Icarus testbench of rtl/xl_pwc.sv (the page-walk caches with
// 2-bit pending counters and counter-aware tree-PLRU; docs/isca18-micro18.md sec. 1.4, sec. 2.6,
// sec. 8 item 4).
// Directed cases whose expected values are worked out by hand in the comments, at the paper
// geometry (L4 1 set x 4 ways, L3 2 x 4, L2 8 x 4). Prints one "ok - ..." / "not ok - ..."
// line per check and exits non-zero ($fatal) if any check failed. Run by tests/rtl/check_pwc.sh.
//
// Conventions used in the hand traces:
//   va(i4, i3, i2) = {i4, i3, i2, 21'b0}: L4 index VA[47:39], L3 VA[38:30], L2 VA[29:21].
//   L2 tag = i4<<18 | i3<<9 | i2, set = i2 mod 8; L3 tag = i4<<9 | i3, set = i3 mod 2;
//   L4 tag = i4 (one set). Entry e of a level = set * 4 + way.
//   PLRU bits of a 4-way set: b1 (root), b2 (ways 0/1), b3 (ways 2/3); 0 = victim on the
//   left. Stored as plru_q[set] = {b3, b2, b1, 1'b0}. Touching way w points its path away:
//   w0: b1=1 b2=1; w1: b1=1 b2=0; w2: b1=0 b3=1; w3: b1=0 b3=0.
// Inputs change while clk_i is low; outputs are checked 1 time unit later, before the edge.
`timescale 1ns / 1ps

module tb_xl_pwc;

  localparam int PaWidth = 52;

  logic               clk_i = 1'b0;
  logic               rst_ni = 1'b1;
  logic               probe_valid_i, probe_inc_i;
  logic [15:0]        probe_asid_i;
  logic [47:0]        probe_va_i;
  logic               lookup_valid_i;
  logic [15:0]        lookup_asid_i;
  logic [47:0]        lookup_va_i;
  logic               fill_valid_i;
  logic [2:0]         fill_level_i;
  logic [15:0]        fill_asid_i;
  logic [47:0]        fill_va_i;
  logic [PaWidth-1:0] fill_next_i;
  logic [2:0]         probe_hit_level_o, probe_reads_o, lookup_hit_level_o, lookup_reads_o;
  logic [PaWidth-1:0] probe_next_o, lookup_next_o;
  logic [63:0]        l4_hits_o, l4_misses_o, l4_fills_o, l4_evictions_o;
  logic [63:0]        l4_protected_evictions_o, l4_forced_evictions_o;
  logic [63:0]        l3_hits_o, l3_misses_o, l3_fills_o, l3_evictions_o;
  logic [63:0]        l3_protected_evictions_o, l3_forced_evictions_o;
  logic [63:0]        l2_hits_o, l2_misses_o, l2_fills_o, l2_evictions_o;
  logic [63:0]        l2_protected_evictions_o, l2_forced_evictions_o;

  xl_pwc u_dut (
    .clk_i,
    .rst_ni,
    .probe_valid_i,
    .probe_inc_i,
    .probe_asid_i,
    .probe_va_i,
    .lookup_valid_i,
    .lookup_asid_i,
    .lookup_va_i,
    .fill_valid_i,
    .fill_level_i,
    .fill_asid_i,
    .fill_va_i,
    .fill_next_i,
    .probe_hit_level_o,
    .probe_next_o,
    .probe_reads_o,
    .lookup_hit_level_o,
    .lookup_next_o,
    .lookup_reads_o,
    .l4_hits_o,
    .l4_misses_o,
    .l4_fills_o,
    .l4_evictions_o,
    .l4_protected_evictions_o,
    .l4_forced_evictions_o,
    .l3_hits_o,
    .l3_misses_o,
    .l3_fills_o,
    .l3_evictions_o,
    .l3_protected_evictions_o,
    .l3_forced_evictions_o,
    .l2_hits_o,
    .l2_misses_o,
    .l2_fills_o,
    .l2_evictions_o,
    .l2_protected_evictions_o,
    .l2_forced_evictions_o
  );

  `include "xl_tb.svh"


  function automatic logic [47:0] va(input int i4, input int i3, input int i2);
    va = {9'(i4), 9'(i3), 9'(i2), 21'h0};
  endfunction

  // Internal state, read hierarchically (testbench only).
  function automatic logic [1:0] cnt_l2(input int e);
    cnt_l2 = u_dut.g_lv[2].cnt_q[e];
  endfunction
  function automatic logic [1:0] cnt_l4(input int e);
    cnt_l4 = u_dut.g_lv[0].cnt_q[e];
  endfunction

  task automatic idle;
    probe_valid_i  = 1'b0;
    probe_inc_i    = 1'b0;
    probe_asid_i   = '0;
    probe_va_i     = '0;
    lookup_valid_i = 1'b0;
    lookup_asid_i  = '0;
    lookup_va_i    = '0;
    fill_valid_i   = 1'b0;
    fill_level_i   = '0;
    fill_asid_i    = '0;
    fill_va_i      = '0;
    fill_next_i    = '0;
  endtask

  `include "xl_tb_clock.svh"

  task automatic fill(input int level, input int asid, input logic [47:0] v,
                      input logic [63:0] next);
    fill_valid_i = 1'b1;
    fill_level_i = 3'(level);
    fill_asid_i  = 16'(asid);
    fill_va_i    = v;
    fill_next_i  = PaWidth'(next);
    tick();
  endtask

  // Probe answer now (no edge): level, reads, next.
  task automatic probe_now(input string name, input int asid, input logic [47:0] v,
                           input int lvl, input int reads, input logic [63:0] next);
    probe_valid_i = 1'b1;
    probe_inc_i   = 1'b0;
    probe_asid_i  = 16'(asid);
    probe_va_i    = v;
    #1;
    check({name, ": probe hit_level"}, 64'(probe_hit_level_o), 64'(lvl));
    check({name, ": probe reads"}, 64'(probe_reads_o), 64'(reads));
    check({name, ": probe next"}, 64'(probe_next_o), next);
    idle();
  endtask

  // Walk-time lookup: answer before the edge, then the edge (touch, -1, hit/miss counts).
  task automatic lookup(input string name, input int asid, input logic [47:0] v,
                        input int lvl, input int reads, input logic [63:0] next);
    lookup_valid_i = 1'b1;
    lookup_asid_i  = 16'(asid);
    lookup_va_i    = v;
    #1;
    check({name, ": lookup hit_level"}, 64'(lookup_hit_level_o), 64'(lvl));
    check({name, ": lookup reads"}, 64'(lookup_reads_o), 64'(reads));
    check({name, ": lookup next"}, 64'(lookup_next_o), next);
    tick();
  endtask

  // Arrival-time probe with inc = 1 (an edge).
  task automatic probe_inc(input int asid, input logic [47:0] v);
    probe_valid_i = 1'b1;
    probe_inc_i   = 1'b1;
    probe_asid_i  = 16'(asid);
    probe_va_i    = v;
    tick();
  endtask

  logic [47:0] v, a, b, c, d, e_va, f;

  initial begin
    idle();

    // ------------------------------------------------------------ 1. reset, valid low
    reset();
    probe_now("reset: nothing cached", 0, va(1, 2, 3), 0, 4, 64'h0);
    // A port whose valid is low reads all-zero (C: xl_pwc_comb memset).
    probe_valid_i = 1'b0;
    lookup_valid_i = 1'b0;
    probe_va_i = va(1, 2, 3);
    #1;
    check("valid low: probe reads 0", 64'(probe_reads_o), 64'h0);
    check("valid low: lookup reads 0", 64'(lookup_reads_o), 64'h0);
    idle();

    // ------------------------------------------------------------ 2. deepest hit wins
    // V = (1,2,3): L4 -> 0x1000, L3 -> 0x2000, L2 -> 0x3000 (asid 5). Then
    //   V        L2, L3, L4 hit -> level 2, reads 1, next 0x3000
    //   (1,2,5)  L2 differs     -> level 3, reads 2, next 0x2000
    //   (1,7,3)  L3 differs     -> level 4, reads 3, next 0x1000
    //   (9,2,3)  L4 differs     -> level 0, reads 4
    // Per-level hit/miss after the 4 lookups: L4 3/1, L3 2/2, L2 1/3.
    reset();
    v = va(1, 2, 3);
    fill(4, 5, v, 64'h1000);
    fill(3, 5, v, 64'h2000);
    fill(2, 5, v, 64'h3000);
    probe_now("deepest L2", 5, v, 2, 1, 64'h3000);
    probe_now("deepest L3", 5, va(1, 2, 5), 3, 2, 64'h2000);
    probe_now("deepest L4", 5, va(1, 7, 3), 4, 3, 64'h1000);
    probe_now("full miss", 5, va(9, 2, 3), 0, 4, 64'h0);
    probe_now("other asid misses", 6, v, 0, 4, 64'h0);
    check("probes count no hit/miss", l4_hits_o + l4_misses_o, 64'd0);
    lookup("lookup reads 1", 5, v, 2, 1, 64'h3000);
    lookup("lookup reads 2", 5, va(1, 2, 5), 3, 2, 64'h2000);
    lookup("lookup reads 3", 5, va(1, 7, 3), 4, 3, 64'h1000);
    lookup("lookup reads 4", 5, va(9, 2, 3), 0, 4, 64'h0);
    check("L4 hits", l4_hits_o, 64'd3);
    check("L4 misses", l4_misses_o, 64'd1);
    check("L3 hits", l3_hits_o, 64'd2);
    check("L3 misses", l3_misses_o, 64'd2);
    check("L2 hits", l2_hits_o, 64'd1);
    check("L2 misses", l2_misses_o, 64'd3);
    check("L2 fills", l2_fills_o, 64'd1);
    // VA bits below 21 are in no tag.
    probe_now("VA[20:0] ignored", 5, v | 48'h1F_FFFF, 2, 1, 64'h3000);

    // ------------------------------------------------------------ 3. L2 set replacement
    // Four fills into L2 set 3 (i2 = 3, 11, 19, 27): invalid ways first, lowest index, so
    // A, B, C, D land in ways 0..3 (entries 12..15). Touches w0, w1, w2, w3 leave
    // b1 = b2 = b3 = 0 (plru_q[3] = 0000).
    reset();
    a = va(0, 0, 3);
    b = va(0, 0, 11);
    c = va(0, 0, 19);
    d = va(0, 0, 27);
    e_va = va(0, 0, 35);
    f = va(0, 0, 43);
    fill(2, 0, a, 64'hA000);
    fill(2, 0, b, 64'hB000);
    fill(2, 0, c, 64'hC000);
    fill(2, 0, d, 64'hD000);
    check("set 3 full: PLRU bits 000", 64'(u_dut.g_lv[2].plru_q[3]), 64'b0000);
    check("set 3 full: no eviction", l2_evictions_o, 64'd0);
    probe_now("A in way 0", 0, a, 2, 1, 64'hA000);
    probe_now("D in way 3", 0, d, 2, 1, 64'hD000);
    // Lookup A: touch way 0 -> b1 = 1, b2 = 1 (plru_q = 0110); its counter stays 0
    // (decrement saturating at 0).
    lookup("lookup A", 0, a, 2, 1, 64'hA000);
    check("touch of way 0: b1 = b2 = 1", 64'(u_dut.g_lv[2].plru_q[3]), 64'b0110);
    check("decrement at 0 stays 0", 64'(cnt_l2(12)), 64'd0);
    // Reserve C (way 2): counter 1. Plain PLRU now says b1 = 1 -> node 3, b3 = 0 -> way 2.
    probe_inc(0, c);
    check("probe inc: C counter 1", 64'(cnt_l2(14)), 64'd1);
    check("probe inc: PLRU unchanged", 64'(u_dut.g_lv[2].plru_q[3]), 64'b0110);
    // Fill E: counter-0 ways {0, 1, 3}. Root: PLRU child node 3 (ways 2, 3) holds way 3
    // (counter 0) -> node 3; its PLRU child leaf 6 (way 2) is reserved -> leaf 7 = way 3.
    // D is evicted instead of the reserved C: one protected eviction.
    fill(2, 0, e_va, 64'hE000);
    probe_now("protected: D evicted", 0, d, 0, 4, 64'h0);
    probe_now("protected: C kept", 0, c, 2, 1, 64'hC000);
    probe_now("protected: E in", 0, e_va, 2, 1, 64'hE000);
    check("protected: new entry counter 0", 64'(cnt_l2(15)), 64'd0);
    check("protected: C counter still 1", 64'(cnt_l2(14)), 64'd1);
    check("protected evictions", l2_protected_evictions_o, 64'd1);
    check("forced evictions (none yet)", l2_forced_evictions_o, 64'd0);
    check("evictions", l2_evictions_o, 64'd1);
    // Touch of way 3: b3 = 0, b1 = 0 -> plru_q = 0100 (b2 = 1 from the lookup).
    check("touch of way 3", 64'(u_dut.g_lv[2].plru_q[3]), 64'b0100);
    // Reserve A, B, E too: every way has counter 1. Fill F: plain PLRU, b1 = 0 -> node 2,
    // b2 = 1 -> leaf 5 = way 1: B is evicted, counted as forced.
    probe_inc(0, a);
    probe_inc(0, b);
    probe_inc(0, e_va);
    check("all reserved: A", 64'(cnt_l2(12)), 64'd1);
    check("all reserved: E", 64'(cnt_l2(15)), 64'd1);
    fill(2, 0, f, 64'hF000);
    probe_now("forced: B evicted", 0, b, 0, 4, 64'h0);
    probe_now("forced: F in", 0, f, 2, 1, 64'hF000);
    probe_now("forced: A kept", 0, a, 2, 1, 64'hA000);
    check("forced: F counter 0", 64'(cnt_l2(13)), 64'd0);
    check("forced evictions", l2_forced_evictions_o, 64'd1);
    check("protected evictions unchanged", l2_protected_evictions_o, 64'd1);
    check("evictions total", l2_evictions_o, 64'd2);
    check("L2 fills", l2_fills_o, 64'd6);

    // ------------------------------------------------------------ 4. counter saturation
    // Probe inc on a fresh L2 entry: 1, 2, 3, 3, 3. Then lookups: 2, 1, 0, 0, each a hit.
    reset();
    v = va(3, 4, 5);   // L2 set 5, way 0 -> entry 20
    fill(2, 0, v, 64'h5000);
    probe_inc(0, v);
    check("inc 1", 64'(cnt_l2(20)), 64'd1);
    probe_inc(0, v);
    check("inc 2", 64'(cnt_l2(20)), 64'd2);
    probe_inc(0, v);
    check("inc 3", 64'(cnt_l2(20)), 64'd3);
    probe_inc(0, v);
    check("inc saturates at 3", 64'(cnt_l2(20)), 64'd3);
    probe_inc(0, v);
    check("inc stays 3", 64'(cnt_l2(20)), 64'd3);
    // A probe with inc = 0 changes nothing.
    probe_valid_i = 1'b1;
    probe_asid_i  = '0;
    probe_va_i    = v;
    tick();
    check("probe without inc", 64'(cnt_l2(20)), 64'd3);
    lookup("dec from 3", 0, v, 2, 1, 64'h5000);
    check("dec 2", 64'(cnt_l2(20)), 64'd2);
    lookup("dec from 2", 0, v, 2, 1, 64'h5000);
    check("dec 1", 64'(cnt_l2(20)), 64'd1);
    lookup("dec from 1", 0, v, 2, 1, 64'h5000);
    check("dec 0", 64'(cnt_l2(20)), 64'd0);
    lookup("dec at 0", 0, v, 2, 1, 64'h5000);
    check("dec saturates at 0", 64'(cnt_l2(20)), 64'd0);
    check("L2 hits after 4 lookups", l2_hits_o, 64'd4);

    // ------------------------------------------------------------ 5. order inside one edge
    // L4 (1 set x 4 ways) holds tags 0..3 in ways 0..3, PLRU 000 (plain victim way 0).
    // (a) lookup of tag 0 and fill of tag 10 in one cycle: the answer is from before the
    //     edge (L4 hit, 0x1000); the lookup's touch (b1 = b2 = 1) comes first, so the fill
    //     takes b1 = 1 -> node 3, b3 = 0 -> way 2, not way 0. Fill's touch of way 2:
    //     b1 = 0, b3 = 1 -> plru_q = 1100.
    reset();
    for (int i = 0; i < 4; i++) fill(4, 0, va(i, 0, 0), 64'h1000 * (i + 1));
    lookup_valid_i = 1'b1;
    lookup_va_i    = va(0, 0, 0);
    fill_valid_i   = 1'b1;
    fill_level_i   = 3'd4;
    fill_va_i      = va(10, 0, 0);
    fill_next_i    = 52'hA000;
    #1;
    check("same cycle: lookup answer before the fill", 64'(lookup_next_o), 64'h1000);
    tick();
    probe_now("same cycle: way 2 (tag 2) replaced", 0, va(2, 0, 0), 0, 4, 64'h0);
    probe_now("same cycle: tag 0 kept", 0, va(0, 0, 0), 4, 3, 64'h1000);
    probe_now("same cycle: tag 10 in", 0, va(10, 0, 0), 4, 3, 64'hA000);
    check("same cycle: PLRU bits", 64'(u_dut.g_lv[0].plru_q[0]), 64'b1100);
    // (b) lookup (-1) and probe inc (+1) of tag 0 at counter 0 in one cycle: decrement
    //     first (0 stays 0), then +1 -> 1.
    lookup_valid_i = 1'b1;
    lookup_va_i    = va(0, 0, 0);
    probe_valid_i  = 1'b1;
    probe_inc_i    = 1'b1;
    probe_va_i     = va(0, 1, 2);
    tick();
    check("same cycle: -1 then +1 from 0 gives 1", 64'(cnt_l4(0)), 64'd1);
    // (c) From a fresh L4 (tags 0..3, PLRU 000): probe inc of tag 0 and fill of tag 10 in
    //     one cycle. The +1 comes before the fill, so way 0 is reserved when it chooses.
    reset();
    for (int i = 0; i < 4; i++) fill(4, 0, va(i, 0, 0), 64'h1000 * (i + 1));
    probe_valid_i = 1'b1;
    probe_inc_i   = 1'b1;
    probe_va_i    = va(0, 0, 0);
    fill_valid_i  = 1'b1;
    fill_level_i  = 3'd4;
    fill_va_i     = va(10, 0, 0);
    fill_next_i   = 52'hA000;
    tick();
    // Way 0 is reserved (counter 1) by the time the fill chooses: root PLRU child node 2
    // holds way 1 at 0 -> node 2; leaf 4 (way 0) reserved -> leaf 5 = way 1. Protected.
    probe_now("same cycle: probe reserve protects way 0", 0, va(0, 0, 0), 4, 3, 64'h1000);
    probe_now("same cycle: way 1 (tag 1) replaced", 0, va(1, 0, 0), 0, 4, 64'h0);
    check("same cycle: protected eviction", l4_protected_evictions_o, 64'd1);
    check("same cycle: reserved counter 1", 64'(cnt_l4(0)), 64'd1);

    // ------------------------------------------------------------ 6. refresh in place
    // Tag 0 (way 0, counter 1 from above) refilled with 0xF000: same way, counter kept,
    // next replaced, no eviction, fills + 1, touch of way 0 (b1 = b2 = 1).
    fill(4, 0, va(0, 0, 0), 64'hF000);
    probe_now("refresh: new next", 0, va(0, 0, 0), 4, 3, 64'hF000);
    check("refresh: counter kept", 64'(cnt_l4(0)), 64'd1);
    check("refresh: no eviction", l4_evictions_o, 64'd1);
    check("refresh: fills", l4_fills_o, 64'd6);
    check("refresh: touch of way 0", 64'(u_dut.g_lv[0].plru_q[0]) & 64'b0110, 64'b0110);

    // ------------------------------------------------------------ 7. ignored fill levels
    reset();
    fill(0, 0, va(1, 1, 1), 64'h1111);
    fill(1, 0, va(1, 1, 1), 64'h1111);
    fill(5, 0, va(1, 1, 1), 64'h1111);
    fill(7, 0, va(1, 1, 1), 64'h1111);
    check("levels 0,1,5,7 ignored: no fills",
          l4_fills_o + l3_fills_o + l2_fills_o, 64'd0);
    probe_now("levels 0,1,5,7 ignored: miss", 0, va(1, 1, 1), 0, 4, 64'h0);

    // ------------------------------------------------------------ 8. asid is in the tag
    fill(2, 1, v, 64'h3000);
    fill(2, 2, v, 64'h7000);
    probe_now("asid 1", 1, v, 2, 1, 64'h3000);
    probe_now("asid 2", 2, v, 2, 1, 64'h7000);
    check("asid: two entries, no eviction", l2_evictions_o, 64'd0);

    // ------------------------------------------------------------ 9. next keeps 52 bits
    fill(3, 0, va(7, 7, 0), 64'h000F_FFFF_FFFF_F123);
    probe_now("52-bit next", 0, va(7, 7, 0), 3, 2, 64'h000F_FFFF_FFFF_F123);

    // ------------------------------------------------------------ 10. reset clears state
    reset();
    probe_now("after reset: miss", 1, v, 0, 4, 64'h0);
    check("after reset: stats 0", l2_fills_o + l2_hits_o + l4_evictions_o, 64'd0);

    tb_done("tb_xl_pwc");
  end

endmodule
