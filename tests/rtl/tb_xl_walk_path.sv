// tb_xl_walk_path.sv - self-checking Icarus testbench of rtl/xl_walk_path.sv, the IOMMU walk path top
// (scheduler, PWC, coalescing, 2 walkers, one memory port; docs/isca18-micro18.md §1.5, §2, §3; C
// twin model/include/xlat/walk_path.h). The small parameter set (also linted and synthesized by
// tests/rtl/check_walk_path.sh): 4 slots, 2 walkers, FCFS, coalescing both, PWC L4 2x2, L3 4x2,
// L2 8x4 (entries x ways), PwcLatency 1, TagWidth 8, StatWidth 16. Test 15.06
// (tests/unit/t15_coalesce.c) has the same sizes with PWCs of 4/8/32 entries; no case here
// uses more than one L4, one L3 and two L2 entries (in different L2 sets), so the smaller PWC
// evicts nothing and every expected value is 15.06's. The testbench holds a tiny page table
// in a memory model (function mem64 below) and answers every read after a fixed latency (2
// cycles unless a case says otherwise), so every expected value is worked out by hand in the
// comments:
//   T1  the MICRO'18 walkthrough of docs/isca18-micro18.md §3.4 (as 15.06): CL, partial coalescing, a resumed
//       walk, a leaf completion by coalescing;
//   T2  immediate dispatch and PWC hits shortening walks (1 and 2 reads), a 2 MB leaf at L2,
//       a fault (not-present L2 entry);
//   T3  a buffer-full refusal and the slot's reuse one cycle after the dispatch that frees it;
//   T4  memory port arbitration: the lowest walker first, even when a higher one waited longer.
// Prints one "ok - ..." / "not ok - ..." line per check and ends with $fatal if any failed.
// Run by tests/rtl/check_walk_path.sh.
//
// Page table (physical addresses; entries are frame | flags, P = bit 0, PS = bit 7):
//   root (L4 node) 0x1000: [0] = 0x2000 | 7                     VA[47:39] = 0
//   L3 node        0x2000: [1] = 0x3000 | 7                     VA[38:30] = 1 (1 GB)
//   L2 node        0x3000: [0] = 0x4000 | 7, [1] = 0x5000 | 7,  VA[29:21]
//                          [2] = 0x400000 | PS | 0x67 (a 2 MB page), [3] = 0 (not present)
//   L1 node        0x4000: [i] = (0x100000 + i * 0x1000) | 0x67, i = 0..7
//   L1 node        0x5000: [0] = 0x200000 | 0x67
// Everything else reads 0 (not present). VA0 = 0x4000_0000 (idx L4 0, L3 1, L2 0, L1 0),
// VA1 = VA0 + 2 MB (L2 idx 1), VA2 = VA0 + 0x3000 (L1 idx 3), VA3 = VA0 + 4 MB + 0x12345 (L2
// idx 2, the 2 MB page), VA4 = VA0 + 6 MB (L2 idx 3, a hole), VB = 0x0400_0000_0000 (L4 idx
// 8: not present, and outside VA0's 4 TB neighbourhood).
// A line address is node + 64 * (idx >> 3); a walker's own entry is lane idx & 7 of its line.
// Conventions: inputs change while clk_i is low, outputs are sampled 1 time unit later (before
// the rising edge); "cN" is the N-th cycle since the last reset. A read requested (granted)
// in cN is answered in c(N + latency).
`timescale 1ns / 1ps

module tb_xl_walk_path;

  localparam int NumSlots   = 4;
  localparam int NumWalkers = 2;
  localparam int TagWidth   = 8;
  localparam int StatWidth  = 16;

  localparam logic [47:0] VA0 = 48'h0000_4000_0000;
  localparam logic [47:0] VA1 = VA0 + 48'h20_0000;
  localparam logic [47:0] VA2 = VA0 + 48'h3000;
  localparam logic [47:0] VA3 = VA0 + 48'h40_0000 + 48'h1_2345;
  localparam logic [47:0] VA4 = VA0 + 48'h60_0000;
  localparam logic [47:0] VB  = 48'h0400_0000_0000;
  localparam logic [51:0] ROOT = 52'h1000;

  logic                  clk_i = 1'b0;
  logic                  rst_ni = 1'b1;
  logic                  arr_valid_i = 1'b0;
  logic [47:0]           arr_va_i = '0;
  logic [19:0]           arr_instr_id_i = '0;
  logic [TagWidth-1:0]   arr_tag_i = '0;
  logic                  arr_ready_o;
  logic [2:0]            arr_est_o;
  logic [51:0]           root_i = ROOT;
  logic                  mem_req_valid_o;
  logic                  mem_req_ready_i = 1'b1;
  logic                  mem_req_walker_o;
  logic [2:0]            mem_req_level_o;
  logic [51:0]           mem_req_addr_o;
  logic                  rsp_valid_i = 1'b0;
  logic                  rsp_walker_i = 1'b0;
  logic [8*64-1:0]       rsp_line_i = '0;
  logic [7:0]            cpl_valid_o, cpl_coalesced_o;
  logic [8*TagWidth-1:0] cpl_tag_o;
  logic [8*52-1:0]       cpl_frame_o;
  logic [8*5-1:0]        cpl_shift_o;
  logic [8*3-1:0]        cpl_reads_o;
  logic                  disp_valid_o, disp_walker_o, disp_resumed_o;
  logic [2:0]            disp_rule_o, disp_level_o;
  logic [1:0]            disp_slot_o, arr_slot_o;
  logic [TagWidth-1:0]   disp_tag_o;
  logic [51:0]           disp_node_o;
  logic                  arr_buffered_o, rsp_fault_o, fill_valid_o, stuck_o;
  logic [8:0]            arr_score_o;
  logic [StatWidth-1:0]  cnt_walks_o, cnt_reads_l1_o, cnt_reads_l2_o, cnt_reads_l3_o;
  logic [StatWidth-1:0]  cnt_reads_l4_o, cnt_coalesced_o, cnt_resumed_o, cnt_cl_stalls_o;
  logic [StatWidth-1:0]  cnt_faults_o;

  xl_walk_path #(
    .NumSlots       (NumSlots),
    .NumWalkers     (NumWalkers),
    .Policy         (0),
    .AgingThreshold (1000),
    .LfsrSeed       (32'h1),
    .Coalesce       (3),
    .L4Entries      (2),
    .L4Ways         (2),
    .L3Entries      (4),
    .L3Ways         (2),
    .L2Entries      (8),
    .L2Ways         (4),
    .PwcLatency     (1),
    .Asid           (16'd1),
    .TagWidth       (TagWidth),
    .StatWidth      (StatWidth)
  ) u_dut (
    .clk_i,
    .rst_ni,
    .arr_valid_i,
    .arr_va_i,
    .arr_instr_id_i,
    .arr_tag_i,
    .arr_ready_o,
    .arr_est_o,
    .root_i,
    .mem_req_valid_o,
    .mem_req_ready_i,
    .mem_req_walker_o,
    .mem_req_level_o,
    .mem_req_addr_o,
    .rsp_valid_i,
    .rsp_walker_i,
    .rsp_line_i,
    .cpl_valid_o,
    .cpl_tag_o,
    .cpl_frame_o,
    .cpl_shift_o,
    .cpl_coalesced_o,
    .cpl_reads_o,
    .disp_valid_o,
    .disp_walker_o,
    .disp_rule_o,
    .disp_slot_o,
    .disp_tag_o,
    .disp_level_o,
    .disp_node_o,
    .disp_resumed_o,
    .arr_buffered_o,
    .arr_slot_o,
    .arr_score_o,
    .rsp_fault_o,
    .fill_valid_o,
    .stuck_o,
    .cnt_walks_o,
    .cnt_reads_l1_o,
    .cnt_reads_l2_o,
    .cnt_reads_l3_o,
    .cnt_reads_l4_o,
    .cnt_coalesced_o,
    .cnt_resumed_o,
    .cnt_cl_stalls_o,
    .cnt_faults_o
  );

  ///////////////////////////
  // The memory model      //
  ///////////////////////////

  // One 8-byte entry of the page table above.
  function automatic logic [63:0] mem64(input logic [51:0] a);
    if (a == 52'h1000) mem64 = 64'h2007;
    else if (a == 52'h2008) mem64 = 64'h3007;
    else if (a == 52'h3000) mem64 = 64'h4007;
    else if (a == 52'h3008) mem64 = 64'h5007;
    else if (a == 52'h3010) mem64 = 64'h4000E7;   // 0x400000 | PS | P RW US A D
    else if (a >= 52'h4000 && a < 52'h4040)
      mem64 = (64'h100000 + 64'(a - 52'h4000) * 64'h200) | 64'h67;   // (a-0x4000)/8 * 0x1000
    else if (a == 52'h5000) mem64 = 64'h200067;
    else mem64 = 64'h0;
  endfunction

  function automatic logic [8*64-1:0] line_at(input logic [51:0] a);
    logic [8*64-1:0] l;
    for (int i = 0; i < 8; i++) l[64*i +: 64] = mem64(a + 52'(8 * i));
    line_at = l;
  endfunction

  int          cyc = 0;
  int          lat = 2;
  int          due [NumWalkers];
  logic [51:0] raddr [NumWalkers];

  // Outputs of the last cycle, sampled before its rising edge.
  logic                  s_arr_ready, s_arr_buffered, s_disp_valid, s_disp_walker;
  logic                  s_disp_resumed, s_mem_valid, s_mem_walker, s_fault, s_fill, s_stuck;
  logic [2:0]            s_arr_est, s_disp_rule, s_disp_level, s_mem_level;
  logic [1:0]            s_arr_slot, s_disp_slot;
  logic [TagWidth-1:0]   s_disp_tag;
  logic [51:0]           s_disp_node, s_mem_addr;
  logic [7:0]            s_cpl_valid, s_cpl_coal;
  logic [8*TagWidth-1:0] s_cpl_tag;
  logic [8*52-1:0]       s_cpl_frame;
  logic [8*5-1:0]        s_cpl_shift;
  logic [8*3-1:0]        s_cpl_reads;

  `include "xl_tb.svh"


  // One cycle: the arrival (av, va, instr id = tag), mem_req_ready, and the response that is
  // due (at most one per cycle: fixed latency and one grant per cycle never collide).
  task automatic tick(input logic av, input logic [47:0] va, input logic [TagWidth-1:0] tag,
                      input logic rdy);
    arr_valid_i     = av;
    arr_va_i        = av ? va : '0;
    arr_instr_id_i  = av ? 20'(tag) : '0;
    arr_tag_i       = av ? tag : '0;
    mem_req_ready_i = rdy;
    rsp_valid_i     = 1'b0;
    rsp_walker_i    = 1'b0;
    rsp_line_i      = '0;
    for (int k = 0; k < NumWalkers; k++) begin
      if (!rsp_valid_i && due[k] == cyc) begin
        rsp_valid_i  = 1'b1;
        rsp_walker_i = k[0];
        rsp_line_i   = line_at(raddr[k]);
        due[k]       = -1;
      end
    end
    #1;
    s_arr_ready    = arr_ready_o;
    s_arr_est      = arr_est_o;
    s_arr_buffered = arr_buffered_o;
    s_arr_slot     = arr_slot_o;
    s_disp_valid   = disp_valid_o;
    s_disp_walker  = disp_walker_o;
    s_disp_rule    = disp_rule_o;
    s_disp_slot    = disp_slot_o;
    s_disp_tag     = disp_tag_o;
    s_disp_level   = disp_level_o;
    s_disp_node    = disp_node_o;
    s_disp_resumed = disp_resumed_o;
    s_mem_valid    = mem_req_valid_o;
    s_mem_walker   = mem_req_walker_o;
    s_mem_level    = mem_req_level_o;
    s_mem_addr     = mem_req_addr_o;
    s_fault        = rsp_fault_o;
    s_fill         = fill_valid_o;
    s_stuck        = stuck_o;
    s_cpl_valid    = cpl_valid_o;
    s_cpl_coal     = cpl_coalesced_o;
    s_cpl_tag      = cpl_tag_o;
    s_cpl_frame    = cpl_frame_o;
    s_cpl_shift    = cpl_shift_o;
    s_cpl_reads    = cpl_reads_o;
    if (mem_req_valid_o && rdy) begin
      due[mem_req_walker_o]   = cyc + lat;
      raddr[mem_req_walker_o] = mem_req_addr_o;
    end
    #4 clk_i = 1'b1;
    #5 clk_i = 1'b0;
    cyc++;
  endtask

  task automatic idle(input int n);
    for (int i = 0; i < n; i++) tick(1'b0, '0, '0, 1'b1);
  endtask

  task automatic do_reset;
    arr_valid_i = 1'b0;
    rsp_valid_i = 1'b0;
    rst_ni = 1'b0;
    #1;
    for (int i = 0; i < 2; i++) begin
      #4 clk_i = 1'b1;
      #5 clk_i = 1'b0;
    end
    rst_ni = 1'b1;
    #1;
    cyc = 0;
    lat = 2;
    for (int k = 0; k < NumWalkers; k++) due[k] = -1;
  endtask

  // The sampled memory request of the last cycle: {valid, walker, level, line}.
  task automatic check_mem(input string name, input logic v, input logic w, input logic [2:0] lv,
                           input logic [51:0] a);
    check({name, ": mem_req_valid"}, s_mem_valid, v);
    check({name, ": mem_req_walker"}, s_mem_walker, w);
    check({name, ": mem_req_level"}, s_mem_level, lv);
    check({name, ": mem_req_addr"}, s_mem_addr, a);
  endtask

  // The sampled dispatch of the last cycle (no dispatch: every field reads 0).
  task automatic check_disp(input string name, input logic v, input logic w, input logic [2:0] rule,
                            input logic [1:0] slot, input logic [TagWidth-1:0] tag,
                            input logic [2:0] lv, input logic [51:0] node, input logic res);
    check({name, ": disp_valid"}, s_disp_valid, v);
    check({name, ": disp_walker"}, s_disp_walker, w);
    check({name, ": disp_rule"}, s_disp_rule, rule);
    check({name, ": disp_slot"}, s_disp_slot, slot);
    check({name, ": disp_tag"}, s_disp_tag, tag);
    check({name, ": disp_level"}, s_disp_level, lv);
    check({name, ": disp_node"}, s_disp_node, node);
    check({name, ": disp_resumed"}, s_disp_resumed, res);
  endtask

  // One completion lane of the last cycle.
  task automatic check_cpl(input string name, input int i, input logic [TagWidth-1:0] tag,
                           input logic [51:0] frame, input logic [4:0] shift, input logic coal,
                           input logic [2:0] reads);
    check({name, ": cpl_valid lane"}, s_cpl_valid[i], 1'b1);
    check({name, ": cpl_tag"}, s_cpl_tag[TagWidth*i +: TagWidth], tag);
    check({name, ": cpl_frame"}, s_cpl_frame[52*i +: 52], frame);
    check({name, ": cpl_shift"}, s_cpl_shift[5*i +: 5], shift);
    check({name, ": cpl_coalesced"}, s_cpl_coal[i], coal);
    check({name, ": cpl_reads"}, s_cpl_reads[3*i +: 3], reads);
  endtask

  initial begin
    for (int k = 0; k < NumWalkers; k++) begin
      due[k]   = -1;
      raddr[k] = '0;
    end

    ////////////////////////////////////////////////////////////////////////////////////////
    // T1: docs/isca18-micro18.md §3.4 (test 15.06). FCFS, cold PWCs, latency 2. req0 = VA0 (tag 0), req1 = VA1
    // (tag 1: VA0's 16 MB, so its L4/L3/L2 lines, another leaf node), req2 = VA2 (tag 2:
    // VA0's 32 KB, PTE lane 3).
    ////////////////////////////////////////////////////////////////////////////////////////
    do_reset();
    // c0: buffer empty, both walkers idle, no walker busy so no CL: req0 goes straight to
    // walker 0 (IMMEDIATE), cold PWC -> estimate 4, the walk starts at L4 from the root. No
    // read yet (the walker was IDLE before the edge): the port reads all-zero.
    tick(1'b1, VA0, 8'd0, 1'b1);
    check("T1 c0 req0: arr_ready", s_arr_ready, 1'b1);
    check("T1 c0 req0: arr_est 4 (cold PWC)", s_arr_est, 3'd4);
    check("T1 c0 req0: not buffered", s_arr_buffered, 1'b0);
    check_disp("T1 c0 req0 IMMEDIATE to walker 0 at L4", 1'b1, 1'b0, xl_pkg::RuleImmediate, 2'd0, 8'd0,
               3'd4, ROOT, 1'b0);
    check_mem("T1 c0 no read", 1'b0, 1'b0, 3'd0, 52'h0);
    // c1: walker 0 asks for its L4 line: root + 64 * (0 >> 3) = 0x1000 (due c3). req1 is in
    // walker 0's 4 TB (VA[47:42] equal): CL, so it is buffered (slot 0) although walker 1 is
    // idle and the buffer was empty.
    tick(1'b1, VA1, 8'd1, 1'b1);
    check("T1 c1 req1: buffered (CL of the arrival)", s_arr_buffered, 1'b1);
    check("T1 c1 req1: slot 0", s_arr_slot, 2'd0);
    check("T1 c1: no dispatch", s_disp_valid, 1'b0);
    check_mem("T1 c1 walker 0 reads the L4 line", 1'b1, 1'b0, 3'd4, 52'h1000);
    // c2: req2 buffered in slot 1. Walker 1 idle, slot 0 has CL: no dispatch -> stuck.
    tick(1'b1, VA2, 8'd2, 1'b1);
    check("T1 c2 req2: slot 1", s_arr_slot, 2'd1);
    check("T1 c2: no dispatch (every buffered request has CL)", s_disp_valid, 1'b0);
    check("T1 c2: stuck", s_stuck, 1'b1);
    // c3: the L4 line: walker 0's entry root[0] -> PWC fill (L4, next 0x2000); both slots
    // are in the line's 4 TB and their entry is also root[0]: PL 4, PA 0x2000. Still stuck
    // (walker 0's PWST is L4 before the edge).
    idle(1);
    check("T1 c3 L4 line: fill_valid", s_fill, 1'b1);
    check("T1 c3: stuck", s_stuck, 1'b1);
    // c4: walker 0 reads its L3 line: 0x2000 + 64 * (1 >> 3) = 0x2000 (due c6).
    idle(1);
    check_mem("T1 c4 walker 0 reads the L3 line", 1'b1, 1'b0, 3'd3, 52'h2000);
    // c5 waits; c6: the L3 line, entry [1] -> fill L3 (next 0x3000); both slots PL 3, PA 0x3000.
    idle(2);
    check("T1 c6 L3 line: fill_valid", s_fill, 1'b1);
    // c7: the L2 line 0x3000 + 64 * (0 >> 3) = 0x3000 (due c9); both still CL (VA[47:24]
    // equal to VA0's).
    idle(1);
    check_mem("T1 c7 walker 0 reads the L2 line", 1'b1, 1'b0, 3'd2, 52'h3000);
    check("T1 c7: stuck", s_stuck, 1'b1);
    // c8 waits; c9: the L2 line: walker 0's entry [0] -> fill L2 (next 0x4000). req1's entry
    // is [1] (0x5000): PL 2, PA 0x5000; req2's is [0]: PL 2, PA 0x4000.
    idle(2);
    check("T1 c9 L2 line: fill_valid", s_fill, 1'b1);
    check("T1 c9: stuck (PWST still L2)", s_stuck, 1'b1);
    // c10: walker 0 reads its leaf line 0x4000 (due c12); its PWST is now L1, whose
    // neighbourhood (32 KB) holds req2 but not req1: req1 loses CL and walker 1 takes it
    // (FCFS, slot 0, tag 1). Walk-time PWC lookup of VA1: L4 and L3 hit (filled at c3, c6),
    // L2 misses (VA0's 2 MB was filled, not VA1's): deepest hit 3, i.e. start at L2 - but the
    // resume point PL 2 is deeper, so the walk resumes at L1 from PA 0x5000.
    idle(1);
    check_mem("T1 c10 walker 0 reads its leaf line", 1'b1, 1'b0, 3'd1, 52'h4000);
    check_disp("T1 c10 req1 to walker 1, resumed at L1 from its PA", 1'b1, 1'b1, xl_pkg::RuleFcfs,
               2'd0, 8'd1, 3'd1, 52'h5000, 1'b1);
    check("T1 c10: not stuck (a dispatch)", s_stuck, 1'b0);
    // c11: walker 1 reads req1's leaf line 0x5000 (due c13); req2 keeps CL; no walker idle.
    idle(1);
    check_mem("T1 c11 walker 1 reads req1's leaf line", 1'b1, 1'b1, 3'd1, 52'h5000);
    check("T1 c11: no dispatch (req2 keeps CL)", s_disp_valid, 1'b0);
    // c12: walker 0's leaf line: req0 completes on lane 0 (frame 0x100000, 4 reads); req2's
    // PTE is lane 3 of the same line: completed by coalescing (frame 0x103000, 0 reads).
    idle(1);
    check("T1 c12: completion lanes 0 and 3", s_cpl_valid, 8'b0000_1001);
    check_cpl("T1 c12 req0 (own walk)", 0, 8'd0, 52'h100000, 5'd12, 1'b0, 3'd4);
    check_cpl("T1 c12 req2 (coalesced)", 3, 8'd2, 52'h103000, 5'd12, 1'b1, 3'd0);
    // c13: walker 1's leaf line: req1 completes after 1 read (lane 0, frame 0x200000).
    idle(1);
    check("T1 c13: completion lane 0 only", s_cpl_valid, 8'b0000_0001);
    check_cpl("T1 c13 req1 (resumed walk)", 0, 8'd1, 52'h200000, 5'd12, 1'b0, 3'd1);
    // Counters after c13's edge: 2 walks, 1 coalesced, 1 resumed, reads L4 1, L3 1, L2 1,
    // L1 2 (5 in total, as 15.06), cl_stalls = the stuck cycles c2..c9 = 8, no fault.
    #1;
    check("T1 cnt_walks", cnt_walks_o, 16'd2);
    check("T1 cnt_coalesced", cnt_coalesced_o, 16'd1);
    check("T1 cnt_resumed", cnt_resumed_o, 16'd1);
    check("T1 cnt_reads_l4", cnt_reads_l4_o, 16'd1);
    check("T1 cnt_reads_l3", cnt_reads_l3_o, 16'd1);
    check("T1 cnt_reads_l2", cnt_reads_l2_o, 16'd1);
    check("T1 cnt_reads_l1", cnt_reads_l1_o, 16'd2);
    check("T1 cnt_cl_stalls (c2..c9)", cnt_cl_stalls_o, 16'd8);
    check("T1 cnt_faults", cnt_faults_o, 16'd0);

    ////////////////////////////////////////////////////////////////////////////////////////
    // T2 (no reset: the PWCs hold VA0's L4, L3, L2 entries). Immediate dispatch, walks
    // shortened by PWC hits, a 2 MB leaf, a fault. Cycles continue from c14.
    ////////////////////////////////////////////////////////////////////////////////////////
    // c14: VA0 + 0x1000 (tag 3; L1 idx 1): buffer empty, walkers idle -> IMMEDIATE to walker
    // 0. The arrival probe hits L2 (VA[47:21] of VA0): estimate 1; the walk-time lookup too:
    // start at L1 from the L2 entry's node 0x4000.
    tick(1'b1, VA0 + 48'h1000, 8'd3, 1'b1);
    check("T2 c14: arr_est 1 (PWC L2 hit)", s_arr_est, 3'd1);
    check_disp("T2 c14 IMMEDIATE, PWC L2 hit: start at L1", 1'b1, 1'b0, xl_pkg::RuleImmediate, 2'd0,
               8'd3, 3'd1, 52'h4000, 1'b0);
    // c15: the leaf line 0x4000 (due c17); c17: lane 1, frame 0x101000, 1 read.
    idle(1);
    check_mem("T2 c15 the one read is the leaf line", 1'b1, 1'b0, 3'd1, 52'h4000);
    idle(2);
    check_cpl("T2 c17 one-read walk completes", 1, 8'd3, 52'h101000, 5'd12, 1'b0, 3'd1);
    // c18: VA1 (tag 4): its L2 entry was never filled (req1 resumed at L1 in T1), L3 hits:
    // estimate 2, start at L2 from node 0x3000. c19: L2 line (due c21); c21 fill (next
    // 0x5000); c22: leaf line 0x5000 (due c24); c24: lane 0, frame 0x200000, 2 reads.
    tick(1'b1, VA1, 8'd4, 1'b1);
    check("T2 c18: arr_est 2 (deepest PWC hit L3)", s_arr_est, 3'd2);
    check_disp("T2 c18 IMMEDIATE, PWC L3 hit: start at L2", 1'b1, 1'b0, xl_pkg::RuleImmediate, 2'd0,
               8'd4, 3'd2, 52'h3000, 1'b0);
    idle(1);
    check_mem("T2 c19 L2 line", 1'b1, 1'b0, 3'd2, 52'h3000);
    idle(2);
    check("T2 c21 L2 line: fill_valid", s_fill, 1'b1);
    idle(1);
    check_mem("T2 c22 leaf line", 1'b1, 1'b0, 3'd1, 52'h5000);
    idle(2);
    check_cpl("T2 c24 two-read walk completes", 0, 8'd4, 52'h200000, 5'd12, 1'b0, 3'd2);
    // c25: VA3 (tag 5; L2 idx 2): L3 hit, start at L2 (0x3000). c26: L2 line (due c28). c28:
    // entry [2] has PS: a 2 MB leaf on lane 2, page base 0x400000, shift 21, 1 read; no fill.
    tick(1'b1, VA3, 8'd5, 1'b1);
    check_disp("T2 c25 IMMEDIATE, start at L2", 1'b1, 1'b0, xl_pkg::RuleImmediate, 2'd0, 8'd5, 3'd2,
               52'h3000, 1'b0);
    idle(1);
    check_mem("T2 c26 L2 line", 1'b1, 1'b0, 3'd2, 52'h3000);
    idle(2);
    check("T2 c28: completion lane 2 only", s_cpl_valid, 8'b0000_0100);
    check_cpl("T2 c28 2 MB leaf at L2", 2, 8'd5, 52'h400000, 5'd21, 1'b0, 3'd1);
    check("T2 c28: no PWC fill for a leaf", s_fill, 1'b0);
    // c29: VA4 (tag 6; L2 idx 3): start at L2; c30 L2 line; c32: entry [3] is not present:
    // rsp_fault, no completion, no fill; the walker goes idle.
    tick(1'b1, VA4, 8'd6, 1'b1);
    check_disp("T2 c29 IMMEDIATE, start at L2", 1'b1, 1'b0, xl_pkg::RuleImmediate, 2'd0, 8'd6, 3'd2,
               52'h3000, 1'b0);
    idle(3);
    check("T2 c32: rsp_fault", s_fault, 1'b1);
    check("T2 c32: no completion", s_cpl_valid, 8'h00);
    check("T2 c32: no fill", s_fill, 1'b0);
    // Counters after c32: walks 2 + 3 = 5, faults 1, reads L2 1 + 3 = 4, L1 2 + 2 = 4.
    #1;
    check("T2 cnt_walks", cnt_walks_o, 16'd5);
    check("T2 cnt_faults", cnt_faults_o, 16'd1);
    check("T2 cnt_reads_l2", cnt_reads_l2_o, 16'd4);
    check("T2 cnt_reads_l1", cnt_reads_l1_o, 16'd4);
    check("T2 cnt_reads_l4 unchanged (PWC hits)", cnt_reads_l4_o, 16'd1);

    ////////////////////////////////////////////////////////////////////////////////////////
    // T3: buffer full. Reset, latency 6. One arrival offered every cycle.
    //   c0 VA0 (tag 10): IMMEDIATE to walker 0 (L4). c1 VB (tag 11): VB's 4 TB is not VA0's,
    //   so no CL: IMMEDIATE to walker 1. c2..c5: VB + 0x1000 * k (tags 12..15), both walkers
    //   busy: slots 0..3. c6..c9: tag 16 is refused (4 slots full). Walker 1's L4 read (c2,
    //   due c8) finds root[8] not present: a fault, walker 1 idle after c8. c9: walker 1 takes
    //   slot 0 (FCFS, tag 12) - but a slot freed by a dispatch is reusable only from the next
    //   cycle, so tag 16 is still refused in c9 and accepted in c10, into slot 0.
    ////////////////////////////////////////////////////////////////////////////////////////
    do_reset();
    lat = 6;
    tick(1'b1, VA0, 8'd10, 1'b1);
    check("T3 c0: IMMEDIATE to walker 0", s_disp_valid && s_disp_walker == 1'b0, 1'b1);
    tick(1'b1, VB, 8'd11, 1'b1);
    check_disp("T3 c1 VB IMMEDIATE to walker 1", 1'b1, 1'b1, xl_pkg::RuleImmediate, 2'd0, 8'd11, 3'd4,
               ROOT, 1'b0);
    for (int k = 0; k < 4; k++) begin
      tick(1'b1, VB + 48'(k + 1) * 48'h1000, 8'(12 + k), 1'b1);
      check($sformatf("T3 c%0d: buffered in slot %0d", 2 + k, k),
            {s_arr_ready, s_arr_buffered, s_arr_slot}, {1'b1, 1'b1, 2'(k)});
    end
    for (int c = 6; c <= 9; c++) begin
      tick(1'b1, VB + 48'h10000, 8'd16, 1'b1);
      check($sformatf("T3 c%0d: buffer full, arrival refused", c), s_arr_ready, 1'b0);
      check($sformatf("T3 c%0d: refused arrival not buffered", c), s_arr_buffered, 1'b0);
      if (c == 8) check("T3 c8: walker 1's L4 read finds root[8] not present", s_fault, 1'b1);
    end
    check_disp("T3 c9 walker 1 takes slot 0 (FCFS)", 1'b1, 1'b1, xl_pkg::RuleFcfs, 2'd0, 8'd12, 3'd4,
               ROOT, 1'b0);
    tick(1'b1, VB + 48'h10000, 8'd16, 1'b1);
    check("T3 c10: accepted into the freed slot 0",
          {s_arr_ready, s_arr_buffered, s_arr_slot}, {1'b1, 1'b1, 2'd0});
    #1;
    check("T3 cnt_faults (walker 1, root[8])", cnt_faults_o, 16'd1);

    ////////////////////////////////////////////////////////////////////////////////////////
    // T4: the memory port goes to the lowest-numbered walker that asks, not the one that
    // asked first. Reset, latency 2.
    //   c0 VA0 (tag 20) -> walker 0 (L4); c1 VB (tag 21) -> walker 1 (L4); walker 0's L4 read
    //   is granted in c1 (due c3). c2, c3, c4: mem_req_ready low. Walker 1 asks from c2 on
    //   (line 0x1000 + 64 * (8 >> 3) = 0x1040); walker 0 gets its L4 line in c3 and asks for
    //   L3 (0x2000) from c4. c4: both ask, the port shows walker 0. c5 (ready): walker 0 is
    //   granted although walker 1 has waited since c2; c6: walker 1.
    ////////////////////////////////////////////////////////////////////////////////////////
    do_reset();
    tick(1'b1, VA0, 8'd20, 1'b1);
    tick(1'b1, VB, 8'd21, 1'b1);
    check_mem("T4 c1 walker 0 granted (L4)", 1'b1, 1'b0, 3'd4, 52'h1000);
    tick(1'b0, '0, '0, 1'b0);
    check_mem("T4 c2 walker 1 asks, port not ready", 1'b1, 1'b1, 3'd4, 52'h1040);
    tick(1'b0, '0, '0, 1'b0);
    check_mem("T4 c3 walker 1 still asks", 1'b1, 1'b1, 3'd4, 52'h1040);
    check("T4 c3: walker 0's L4 line fills the PWC", s_fill, 1'b1);
    tick(1'b0, '0, '0, 1'b0);
    check_mem("T4 c4 both ask: the port shows walker 0", 1'b1, 1'b0, 3'd3, 52'h2000);
    idle(1);
    check_mem("T4 c5 walker 0 granted first (lowest index)", 1'b1, 1'b0, 3'd3, 52'h2000);
    idle(1);
    check_mem("T4 c6 then walker 1", 1'b1, 1'b1, 3'd4, 52'h1040);
    idle(1);
    check_mem("T4 c7 nobody asks: the port reads all-zero", 1'b0, 1'b0, 3'd0, 52'h0);

    tb_done("tb_xl_walk_path");
  end

endmodule
