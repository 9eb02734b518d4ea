// tb_xl_walk_sched.sv - self-checking Icarus testbench of rtl/xl_walk_sched.sv (the IOMMU
// walk buffer and scheduler; docs/isca18-micro18.md §2.2-§2.5, §2.7, §3.3). Directed cases whose
// expected values are worked out by hand in the comments, most of them the hand-built cases
// of tests/unit/t11_walk_sched.c rebuilt through the ports (the RTL cannot be loaded by
// hand, so each buffer is filled by arrivals with the walkers busy). Prints one
// "ok - ..." / "not ok - ..." line per check and exits non-zero ($fatal) if any failed.
// Run by tests/rtl/check_walk_sched.sh.
//
// Five instances share the inputs (every case resets all of them first):
//   0 FCFS4   4 slots, FCFS
//   1 SIMT8   8 slots, SIMT, AgingThreshold 2,000,000 (the paper's; never reached here)
//   2 AGE4    4 slots, SIMT, AgingThreshold 2
//   3 RAND8   8 slots, RANDOM, LfsrSeed 1, AgingThreshold 1
//   4 WRAP4   4 slots, FCFS, StampResetValue 0xFFFFFFFE (stamps wrap after two arrivals)
// Conventions: a request's va is tag << 12; arrivals are buffered in the lowest free slot
// with stamps 0, 1, 2, ... (the immediate path takes no stamp). Rules: xl_pkg::Rule* (1
// immediate, 2 aging, 3 batch, 4 minscore, 5 fcfs, 6 random). Inputs change while clk_i is
// low; outputs are checked 1 time unit later, before the rising edge.
`timescale 1ns / 1ps

module tb_xl_walk_sched;

  localparam int NDut = 5;
  localparam int Fcfs4 = 0, Simt8 = 1, Age4 = 2, Rand8 = 3, Wrap4 = 4;
  // Dispatch rules (rtl/xl_pkg.sv), as ints for the checks.
  localparam int RImm = xl_pkg::RuleImmediate, RAging = xl_pkg::RuleAging;
  localparam int RBatch = xl_pkg::RuleBatch, RMin = xl_pkg::RuleMinScore;
  localparam int RFcfs = xl_pkg::RuleFcfs, RRand = xl_pkg::RuleRandom;

  function automatic int cfg_slots(input int k);
    cfg_slots = (k == Simt8 || k == Rand8) ? 8 : 4;
  endfunction
  function automatic int cfg_policy(input int k);
    case (k)
      Fcfs4, Wrap4: cfg_policy = xl_pkg::PolicyFcfs;
      Rand8:        cfg_policy = xl_pkg::PolicyRandom;
      default:      cfg_policy = xl_pkg::PolicySimt;
    endcase
  endfunction
  function automatic int cfg_aging(input int k);
    case (k)
      Age4:    cfg_aging = 2;
      Rand8:   cfg_aging = 1;
      default: cfg_aging = 2000000;
    endcase
  endfunction

  logic        clk_i = 1'b0;
  logic        rst_ni = 1'b1;
  logic        arr_valid_i, arr_blocked_i, disp_ready_i;
  logic [47:0] arr_va_i;
  logic [19:0] arr_instr_id_i;
  logic [7:0]  arr_est_i;
  logic [15:0] arr_tag_i;
  logic [7:0]  blocked_i, kill_i;

  // Outputs of instance k, zero-extended.
  logic        o_arr_ready [NDut];
  logic        o_arr_buffered [NDut];
  logic [7:0]  o_arr_slot [NDut];
  logic [8:0]  o_arr_score [NDut];
  logic        o_disp_valid [NDut];
  logic [2:0]  o_disp_rule [NDut];
  logic [7:0]  o_disp_slot [NDut];
  logic [47:0] o_disp_va [NDut];
  logic [19:0] o_disp_instr [NDut];
  logic [31:0] o_disp_stamp [NDut];
  logic [8:0]  o_disp_score [NDut];
  logic [15:0] o_disp_tag [NDut];
  logic [7:0]  o_count [NDut];
  logic [31:0] o_cnt_arrivals [NDut];
  logic [31:0] o_cnt_immediate [NDut];
  logic [31:0] o_cnt_aging [NDut];
  logic [31:0] o_cnt_batch [NDut];
  logic [31:0] o_cnt_minscore [NDut];
  logic [31:0] o_cnt_fcfs [NDut];
  logic [31:0] o_cnt_random [NDut];
  logic [31:0] o_cnt_full [NDut];
  logic [31:0] o_cnt_killed [NDut];

  for (genvar k = 0; k < NDut; k++) begin : g_dut
    localparam int N  = cfg_slots(k);
    localparam int SW = $clog2(N);
    localparam int CW = $clog2(N + 1);
    logic [SW-1:0] arr_slot, disp_slot;
    logic [CW-1:0] count;

    xl_walk_sched #(
      .NumSlots       (N),
      .AgingThreshold (cfg_aging(k)),
      .Policy         (cfg_policy(k)),
      .LfsrSeed       (32'h1),
      .TagWidth       (16),
      .CntWidth       (32),
      .StampResetValue((k == Wrap4) ? 32'hFFFF_FFFE : 32'h0)
    ) u (
      .clk_i,
      .rst_ni,
      .arr_valid_i,
      .arr_va_i,
      .arr_instr_id_i,
      .arr_est_i,
      .arr_tag_i,
      .arr_blocked_i,
      .arr_ready_o     (o_arr_ready[k]),
      .arr_buffered_o  (o_arr_buffered[k]),
      .arr_slot_o      (arr_slot),
      .arr_score_o     (o_arr_score[k]),
      .disp_ready_i,
      .disp_valid_o    (o_disp_valid[k]),
      .disp_rule_o     (o_disp_rule[k]),
      .disp_slot_o     (disp_slot),
      .disp_va_o       (o_disp_va[k]),
      .disp_instr_id_o (o_disp_instr[k]),
      .disp_stamp_o    (o_disp_stamp[k]),
      .disp_score_o    (o_disp_score[k]),
      .disp_tag_o      (o_disp_tag[k]),
      .blocked_i       (blocked_i[N-1:0]),
      .kill_i          (kill_i[N-1:0]),
      .count_o         (count),
      .cnt_arrivals_o  (o_cnt_arrivals[k]),
      .cnt_immediate_o (o_cnt_immediate[k]),
      .cnt_aging_o     (o_cnt_aging[k]),
      .cnt_batch_o     (o_cnt_batch[k]),
      .cnt_minscore_o  (o_cnt_minscore[k]),
      .cnt_fcfs_o      (o_cnt_fcfs[k]),
      .cnt_random_o    (o_cnt_random[k]),
      .cnt_full_o      (o_cnt_full[k]),
      .cnt_killed_o    (o_cnt_killed[k])
    );
    assign o_arr_slot[k]  = 8'(arr_slot);
    assign o_disp_slot[k] = 8'(disp_slot);
    assign o_count[k]     = 8'(count);
  end

  `include "xl_tb.svh"


  // Internal registers read hierarchically (testbench only).
  function automatic logic [31:0] bypass_of(input int k, input int slot);
    case (k)
      Simt8:   bypass_of = 32'(g_dut[1].u.bypass_q[slot]);
      Age4:    bypass_of = 32'(g_dut[2].u.bypass_q[slot]);
      Rand8:   bypass_of = 32'(g_dut[3].u.bypass_q[slot]);
      Wrap4:   bypass_of = 32'(g_dut[4].u.bypass_q[slot]);
      default: bypass_of = 32'(g_dut[0].u.bypass_q[slot]);
    endcase
  endfunction
  // Scores are stored as bit planes: bit b of slot s is bit b * NumSlots + s of score_pl_q.
  function automatic logic [8:0] score_of(input int k, input int slot);
    logic [9*8-1:0] pl;
    int n;
    case (k)
      Simt8:   begin pl = 72'(g_dut[1].u.score_pl_q); n = 8; end
      Age4:    begin pl = 72'(g_dut[2].u.score_pl_q); n = 4; end
      default: begin pl = '1; n = 8; end
    endcase
    for (int b = 0; b < 9; b++) begin
      score_of[b] = pl[b * n + slot];
    end
  endfunction
  function automatic logic [31:0] stamp_of(input int k, input int slot);
    case (k)
      Simt8:   stamp_of = g_dut[1].u.stamp_q[slot];
      Age4:    stamp_of = g_dut[2].u.stamp_q[slot];
      Rand8:   stamp_of = g_dut[3].u.stamp_q[slot];
      Wrap4:   stamp_of = g_dut[4].u.stamp_q[slot];
      default: stamp_of = g_dut[0].u.stamp_q[slot];
    endcase
  endfunction

  task automatic idle;
    arr_valid_i    = 1'b0;
    arr_va_i       = '0;
    arr_instr_id_i = '0;
    arr_est_i      = '0;
    arr_tag_i      = '0;
    arr_blocked_i  = 1'b0;
    disp_ready_i   = 1'b0;
    blocked_i      = '0;
    kill_i         = '0;
  endtask

  `include "xl_tb_clock.svh"

  // Present an arrival (no edge yet).
  task automatic offer(input int instr, input int est, input int tag, input logic ready);
    arr_valid_i    = 1'b1;
    arr_instr_id_i = 20'(instr);
    arr_est_i      = 8'(est);
    arr_tag_i      = 16'(tag);
    arr_va_i       = 48'(tag) << 12;
    disp_ready_i   = ready;
  endtask

  // An arrival with the walkers busy: buffered in `slot` with `score`; then the edge.
  task automatic put(input int k, input string name, input int instr, input int est,
                     input int tag, input int slot, input int score);
    offer(instr, est, tag, 1'b0);
    #1;
    check({name, ": arr_ready"}, 64'(o_arr_ready[k]), 64'd1);
    check({name, ": arr_buffered"}, 64'(o_arr_buffered[k]), 64'd1);
    check({name, ": arr_slot"}, 64'(o_arr_slot[k]), 64'(slot));
    check({name, ": arr_score"}, 64'(o_arr_score[k]), 64'(score));
    check({name, ": no dispatch"}, 64'(o_disp_valid[k]), 64'd0);
    tick();
  endtask

  // put() for each character c of labels: instr `instr`, est 1, named {prefix, c}, tags
  // tag0, tag0 + 1, ... into slots slot0, slot0 + 1, ... with score 0 (FCFS, RANDOM).
  task automatic put_each(input int k, input string prefix, input string labels,
                          input int instr, input int tag0, input int slot0);
    for (int i = 0; i < labels.len(); i++) begin
      put(k, $sformatf("%s%c", prefix, labels[i]), instr, 1, tag0 + i, slot0 + i, 0);
    end
  endtask

  // Dispatch outputs now (no edge).
  task automatic see(input int k, input string name, input int rule, input int slot,
                     input int tag, input logic [31:0] stamp, input int score);
    check({name, ": disp_valid"}, 64'(o_disp_valid[k]), 64'd1);
    check({name, ": disp_rule"}, 64'(o_disp_rule[k]), 64'(rule));
    check({name, ": disp_slot"}, 64'(o_disp_slot[k]), 64'(slot));
    check({name, ": disp_tag"}, 64'(o_disp_tag[k]), 64'(tag));
    check({name, ": disp_va"}, 64'(o_disp_va[k]), 64'(tag) << 12);
    check({name, ": disp_stamp"}, 64'(o_disp_stamp[k]), 64'(stamp));
    check({name, ": disp_score"}, 64'(o_disp_score[k]), 64'(score));
  endtask

  // A cycle with only disp_ready high: the pick must be as given; then the edge.
  task automatic take(input int k, input string name, input int rule, input int slot,
                      input int tag, input logic [31:0] stamp, input int score);
    disp_ready_i = 1'b1;
    #1;
    see(k, name, rule, slot, tag, stamp, score);
    tick();
  endtask

  initial begin
    idle();

    // ------------------------------------------------------------ 1. FCFS by stamp
    // FCFS4: A, B, C, D arrive (slots 0..3, stamps 0..3); A leaves; E arrives into slot 0
    // (the lowest free) with stamp 4. Oldest first is then B (slot 1), C, D, E (slot 0):
    // by stamp, not by slot. FCFS never passes an older entry: bypass stays 0.
    reset();
    put_each(Fcfs4, "fcfs: ", "ABCD", 1, 100, 0);
    check("fcfs: count 4", 64'(o_count[Fcfs4]), 64'd4);
    take(Fcfs4, "fcfs: A first", RFcfs, 0, 100, 0, 0);
    put(Fcfs4, "fcfs: E into slot 0", 1, 1, 104, 0, 0);
    check("fcfs: E stamp 4", 64'(stamp_of(Fcfs4, 0)), 64'd4);
    take(Fcfs4, "fcfs: B (slot 1) before E (slot 0)", RFcfs, 1, 101, 1, 0);
    take(Fcfs4, "fcfs: C", RFcfs, 2, 102, 2, 0);
    check("fcfs: D never passed", 64'(bypass_of(Fcfs4, 3)), 64'd0);
    take(Fcfs4, "fcfs: D", RFcfs, 3, 103, 3, 0);
    take(Fcfs4, "fcfs: E last", RFcfs, 0, 104, 4, 0);
    disp_ready_i = 1'b1;
    #1;
    check("fcfs: empty, ready, no arrival: no dispatch", 64'(o_disp_valid[Fcfs4]), 64'd0);
    check("fcfs: rule none", 64'(o_disp_rule[Fcfs4]), 64'd0);
    tick();
    check("fcfs: cnt_fcfs 5", 64'(o_cnt_fcfs[Fcfs4]), 64'd5);
    check("fcfs: cnt_arrivals 5", 64'(o_cnt_arrivals[Fcfs4]), 64'd5);
    check("fcfs: count 0", 64'(o_count[Fcfs4]), 64'd0);

    // ------------------------------------------------------------ 2. immediate dispatch
    // SIMT8, empty buffer, walker ready: instr 0x23456 goes straight out (rule 1), no slot,
    // stamp or score. Then instr 9 est 3 is buffered (slot 0, score 3, stamp 0: the
    // immediate one used no stamp). Then instr 10 with the walker ready is NOT immediate
    // (buffer not empty): slot 0 leaves by min score (last_sched_id 0x23456 has no
    // entry), and the arrival takes slot 1, the lowest slot free before the edge.
    reset();
    offer(32'h23456, 3, 77, 1'b1);
    arr_va_i = 48'h1234_5678_9000;
    #1;
    check("imm: arr_ready", 64'(o_arr_ready[Simt8]), 64'd1);
    check("imm: not buffered", 64'(o_arr_buffered[Simt8]), 64'd0);
    check("imm: arr_score 0", 64'(o_arr_score[Simt8]), 64'd0);
    check("imm: disp_valid", 64'(o_disp_valid[Simt8]), 64'd1);
    check("imm: rule immediate", 64'(o_disp_rule[Simt8]), 64'(RImm));
    check("imm: disp_va", 64'(o_disp_va[Simt8]), 64'h1234_5678_9000);
    check("imm: disp_instr_id", 64'(o_disp_instr[Simt8]), 64'h23456);
    check("imm: disp_tag", 64'(o_disp_tag[Simt8]), 64'd77);
    check("imm: disp_slot/stamp/score 0",
          64'(o_disp_slot[Simt8]) | 64'(o_disp_stamp[Simt8]) | 64'(o_disp_score[Simt8]), 64'd0);
    tick();
    check("imm: count 0", 64'(o_count[Simt8]), 64'd0);
    check("imm: cnt_immediate 1", 64'(o_cnt_immediate[Simt8]), 64'd1);
    check("imm: last_sched_id", 64'(g_dut[1].u.last_id_q), 64'h23456);
    put(Simt8, "imm: instr 9 buffered", 9, 3, 78, 0, 3);
    check("imm: stamp 0 (immediate took none)", 64'(stamp_of(Simt8, 0)), 64'd0);
    offer(10, 1, 79, 1'b1);
    #1;
    see(Simt8, "imm: not immediate with a buffered entry", RMin, 0, 78, 0, 3);
    check("imm: arrival buffered", 64'(o_arr_buffered[Simt8]), 64'd1);
    check("imm: arrival in slot 1", 64'(o_arr_slot[Simt8]), 64'd1);
    tick();
    check("imm: count 1", 64'(o_count[Simt8]), 64'd1);
    check("imm: new entry stamp 1", 64'(stamp_of(Simt8, 1)), 64'd1);
    check("imm: cnt_arrivals 3", 64'(o_cnt_arrivals[Simt8]), 64'd3);

    // ------------------------------------------------------------ 3. full buffer refusal
    // FCFS4 full: an arrival is refused (arr_ready 0, counted), also in a cycle that
    // dispatches (the freed slot is usable only from the next cycle); the retried arrival
    // then takes slot 0 with stamp 4.
    reset();
    put_each(Fcfs4, "full: fill ", "0123", 1, 1, 0);
    offer(1, 1, 5, 1'b0);
    #1;
    check("full: arr_ready 0", 64'(o_arr_ready[Fcfs4]), 64'd0);
    check("full: arr_buffered 0", 64'(o_arr_buffered[Fcfs4]), 64'd0);
    tick();
    check("full: cnt_full 1", 64'(o_cnt_full[Fcfs4]), 64'd1);
    offer(1, 1, 5, 1'b1);
    #1;
    see(Fcfs4, "full: dispatch while full", RFcfs, 0, 1, 0, 0);
    check("full: still refused in the dispatch cycle", 64'(o_arr_ready[Fcfs4]), 64'd0);
    tick();
    check("full: cnt_full 2", 64'(o_cnt_full[Fcfs4]), 64'd2);
    put(Fcfs4, "full: retried arrival into slot 0", 1, 1, 5, 0, 0);
    check("full: stamp 4", 64'(stamp_of(Fcfs4, 0)), 64'd4);
    check("full: cnt_arrivals 5", 64'(o_cnt_arrivals[Fcfs4]), 64'd5);

    // ------------------------------------------------------------ 4. SIMT score merge
    // SIMT8, walkers busy (docs/isca18-micro18.md §2.3 1-b; unit test 11.05):
    //   instr 7 est 4 -> 4 (slot 0); instr 7 est 3 -> 3 + 4 = 7 (slot 1, slot 0 too);
    //   instr 9 est 2 -> 2 (slot 2); instr 7 est 1 -> 1 + 7 = 8 (slot 3; slots 0, 1 too);
    //   instr 7 est 1 -> 9 (slot 4). Instr 9 keeps 2.
    // Saturation: instr 5 est 200 -> 200 (slot 5); est 100 -> min(256, 300) = 256 (slot 6);
    //   est 1 -> 256 (slot 7): the buffer is then full.
    reset();
    put(Simt8, "merge: 7 est 4", 7, 4, 10, 0, 4);
    put(Simt8, "merge: 7 est 3", 7, 3, 11, 1, 7);
    check("merge: slot 0 raised to 7", 64'(score_of(Simt8, 0)), 64'd7);
    put(Simt8, "merge: 9 est 2", 9, 2, 12, 2, 2);
    put(Simt8, "merge: 7 est 1", 7, 1, 13, 3, 8);
    put(Simt8, "merge: 7 est 1 again", 7, 1, 14, 4, 9);
    check("merge: slot 0 = 9", 64'(score_of(Simt8, 0)), 64'd9);
    check("merge: slot 1 = 9", 64'(score_of(Simt8, 1)), 64'd9);
    check("merge: slot 3 = 9", 64'(score_of(Simt8, 3)), 64'd9);
    check("merge: instr 9 keeps 2", 64'(score_of(Simt8, 2)), 64'd2);
    put(Simt8, "sat: 5 est 200", 5, 200, 15, 5, 200);
    put(Simt8, "sat: 5 est 100 -> 256", 5, 100, 16, 6, 256);
    put(Simt8, "sat: 5 est 1 stays 256", 5, 1, 17, 7, 256);
    check("sat: slot 5 = 256", 64'(score_of(Simt8, 5)), 64'd256);

    // ------------------------------------------------------------ 5. batching beats min score
    // SIMT8: instr 5 is dispatched immediately (last_sched_id = 5). Then, walkers busy:
    //   slot 0: instr 9 est 2 (stamp 0)      slot 1: instr 5 est 20 -> 20 (stamp 1)
    //   slot 2: instr 3 est 1 (stamp 2)      slot 3: instr 5 est 20 -> 40 (stamp 3)
    // Batching: slot 1 (oldest of instr 5) although slot 2 has score 1 < 40; it passes
    // slot 0 (bypass 1). Then slot 3 (batch); it passes slots 0 and 2 (bypass 2, 1). Then
    // no instr-5 entry is left: min score, slot 2 (1), then slot 0 (2).
    reset();
    offer(5, 4, 50, 1'b1);
    #1;
    check("batch: immediate instr 5", 64'(o_disp_rule[Simt8]), 64'(RImm));
    tick();
    put(Simt8, "batch: slot 0", 9, 2, 51, 0, 2);
    put(Simt8, "batch: slot 1", 5, 20, 52, 1, 20);
    put(Simt8, "batch: slot 2", 3, 1, 53, 2, 1);
    put(Simt8, "batch: slot 3", 5, 20, 54, 3, 40);
    take(Simt8, "batch: oldest of instr 5 over min score", RBatch, 1, 52, 1, 40);
    check("batch: slot 0 bypass 1", 64'(bypass_of(Simt8, 0)), 64'd1);
    check("batch: slot 2 bypass 0", 64'(bypass_of(Simt8, 2)), 64'd0);
    take(Simt8, "batch: its other entry", RBatch, 3, 54, 3, 40);
    check("batch: slot 0 bypass 2", 64'(bypass_of(Simt8, 0)), 64'd2);
    check("batch: slot 2 bypass 1", 64'(bypass_of(Simt8, 2)), 64'd1);
    take(Simt8, "batch: then min score 1", RMin, 2, 53, 2, 1);
    take(Simt8, "batch: then min score 2", RMin, 0, 51, 0, 2);
    check("batch: cnt_batch 2", 64'(o_cnt_batch[Simt8]), 64'd2);
    check("batch: cnt_minscore 2", 64'(o_cnt_minscore[Simt8]), 64'd2);

    // ------------------------------------------------------------ 6. min score, oldest on ties
    // SIMT8, no dispatch since reset (last_sched_id 0 is not a batch key):
    //   A instr 1 est 5 (slot 0, stamp 0), B instr 2 est 3 (slot 1, 1), C instr 3 est 3
    //   (slot 2, 2). Tie at 3: B is older -> B. D instr 4 est 3 goes to slot 1 (stamp 3).
    //   Tie at 3 between C (slot 2, stamp 2) and D (slot 1, stamp 3): C, although D has the
    //   lower slot. Then D (3), then A (5). A is passed by B, C and D: bypass 3.
    reset();
    put(Simt8, "tie: A", 1, 5, 60, 0, 5);
    put(Simt8, "tie: B", 2, 3, 61, 1, 3);
    put(Simt8, "tie: C", 3, 3, 62, 2, 3);
    take(Simt8, "tie: B older than C", RMin, 1, 61, 1, 3);
    put(Simt8, "tie: D into slot 1", 4, 3, 63, 1, 3);
    take(Simt8, "tie: C (stamp 2, slot 2) before D (stamp 3, slot 1)", RMin, 2, 62, 2, 3);
    take(Simt8, "tie: D before A", RMin, 1, 63, 3, 3);
    check("tie: A bypass 3", 64'(bypass_of(Simt8, 0)), 64'd3);
    take(Simt8, "tie: A last", RMin, 0, 60, 0, 5);

    // ------------------------------------------------------------ 7. aging, threshold 2
    // AGE4 (unit test 11.09):
    //   slot 0 instr 1 est 200 (stamp 0)   slot 1 instr 2 est 3 (stamp 1)
    //   slot 2 instr 3 est 4 (stamp 2)     slot 3 instr 3 est 4 -> 8, slot 2 too (stamp 3)
    // 1st: min score slot 1 (3); slot 0 passed -> bypass 1.
    // 2nd: min score 8, oldest slot 2; slot 0 -> bypass 2 = threshold; slot 3 younger: 0.
    // 3rd: slot 0 aged -> AGING, although slot 3 is a batching candidate (instr 3 = last).
    // 4th: last is now instr 1: slot 3 by min score. The counter saturates at 2.
    reset();
    put(Age4, "aging: slot 0", 1, 200, 70, 0, 200);
    put(Age4, "aging: slot 1", 2, 3, 71, 1, 3);
    put(Age4, "aging: slot 2", 3, 4, 72, 2, 4);
    put(Age4, "aging: slot 3", 3, 4, 73, 3, 8);
    take(Age4, "aging: 1st min score", RMin, 1, 71, 1, 3);
    check("aging: bypass 1", 64'(bypass_of(Age4, 0)), 64'd1);
    take(Age4, "aging: 2nd min score, oldest of two", RMin, 2, 72, 2, 8);
    check("aging: bypass 2", 64'(bypass_of(Age4, 0)), 64'd2);
    check("aging: younger not passed", 64'(bypass_of(Age4, 3)), 64'd0);
    take(Age4, "aging: aged entry beats batching", RAging, 0, 70, 0, 200);
    take(Age4, "aging: then min score", RMin, 3, 73, 3, 8);
    check("aging: cnt_aging 1", 64'(o_cnt_aging[Age4]), 64'd1);
    // Saturation and several aged entries: X instr 1 (slot 0, stamp 0, score 9), Y instr 2
    // (slot 1, 1, 9), Z instr 3 (slot 2, 2, score 1). Z leaves by min score (X, Y -> 1);
    // W (score 1, stamp 3) takes slot 2 and leaves too (X, Y -> 2 = threshold). V arrives
    // (stamp 4). X and Y are both aged: the oldest, X, goes first; Y is younger than X, so
    // not passed, and it stays at the threshold anyway; then Y by aging.
    reset();
    put(Age4, "aging sat: X", 1, 9, 80, 0, 9);
    put(Age4, "aging sat: Y", 2, 9, 81, 1, 9);
    put(Age4, "aging sat: Z", 3, 1, 82, 2, 1);
    take(Age4, "aging sat: Z by min score", RMin, 2, 82, 2, 1);
    put(Age4, "aging sat: W", 4, 1, 83, 2, 1);
    take(Age4, "aging sat: W by min score", RMin, 2, 83, 3, 1);
    check("aging sat: X at 2", 64'(bypass_of(Age4, 0)), 64'd2);
    check("aging sat: Y at 2", 64'(bypass_of(Age4, 1)), 64'd2);
    put(Age4, "aging sat: V", 5, 1, 84, 2, 1);
    take(Age4, "aging sat: X aged (oldest of two aged)", RAging, 0, 80, 0, 9);
    check("aging sat: Y stays 2", 64'(bypass_of(Age4, 1)), 64'd2);
    take(Age4, "aging sat: Y aged", RAging, 1, 81, 1, 9);

    // ------------------------------------------------------------ 8. random pick sequence
    // RAND8, LfsrSeed 1: the Galois LFSR (right shift, taps 0x80200003) runs
    //   1, 80200003, C0300002, 60180001, B02C0003, D8360002, 6C1B0001, B62D8003, DB36C002.
    // 8 slots full (stamp = slot); start = lfsr & 7; the first valid slot at or after it:
    //   1 -> 1;  3 -> 3;  2 -> 2;  1 -> 4 (1..3 gone);  3 -> 5;  2 -> 6;  1 -> 7;
    //   3 -> 3..7 gone: wraps to 0.
    // AgingThreshold 1: after two picks slot 0 has bypass 1 (saturated).
    reset();
    put_each(Rand8, "random: fill ", "01234567", 1, 200, 0);
    begin
      logic [31:0] lf [9];
      int          pk [8];
      lf[0] = 32'h00000001; lf[1] = 32'h80200003; lf[2] = 32'hC0300002;
      lf[3] = 32'h60180001; lf[4] = 32'hB02C0003; lf[5] = 32'hD8360002;
      lf[6] = 32'h6C1B0001; lf[7] = 32'hB62D8003; lf[8] = 32'hDB36C002;
      pk[0] = 1; pk[1] = 3; pk[2] = 2; pk[3] = 4; pk[4] = 5; pk[5] = 6; pk[6] = 7; pk[7] = 0;
      for (int i = 0; i < 8; i++) begin
        check($sformatf("random: lfsr before pick %0d", i), 64'(g_dut[3].u.lfsr_q), 64'(lf[i]));
        take(Rand8, $sformatf("random: pick %0d", i), RRand, pk[i], 200 + pk[i], pk[i], 0);
        if (i == 1) begin
          check("random: slot 0 bypass saturated at 1", 64'(bypass_of(Rand8, 0)), 64'd1);
          check("random: slot 2 passed once", 64'(bypass_of(Rand8, 2)), 64'd1);
          check("random: slot 4 younger than both", 64'(bypass_of(Rand8, 4)), 64'd0);
        end
      end
      check("random: lfsr after 8 picks", 64'(g_dut[3].u.lfsr_q), 64'(lf[8]));
      offer(3, 2, 300, 1'b1);
      #1;
      check("random: immediate", 64'(o_disp_rule[Rand8]), 64'(RImm));
      tick();
      check("random: immediate does not step the LFSR", 64'(g_dut[3].u.lfsr_q), 64'(lf[8]));
      check("random: cnt_random 8", 64'(o_cnt_random[Rand8]), 64'd8);
      // Wrap with two candidates below the index: slots 0, 1 (stamps 8, 9), start
      // 0xDB36C002 & 7 = 2 -> nothing at 2..7 -> the lowest valid slot, 0 (not 1).
      put(Rand8, "random wrap: slot 0", 1, 1, 210, 0, 0);
      put(Rand8, "random wrap: slot 1", 1, 1, 211, 1, 0);
      take(Rand8, "random wrap: lowest valid slot", RRand, 0, 210, 8, 0);
    end

    // ------------------------------------------------------------ 9. CL, kill, arr_blocked
    // FCFS4: A (slot 0), B (slot 1), C (slot 2).
    //  - CL on A: B is picked (oldest not blocked); A is passed -> bypass 1.
    //  - kill C, CL on A: nothing can be picked; C leaves at the edge (killed, not a
    //    dispatch: A's bypass stays 1).
    //  - D, E, F fill slots 1, 2, 3; kill D, E, F while a walker is ready: A (the one
    //    not killed) is picked; all four leave at one edge.
    //  - empty buffer, walker ready, arr_blocked: no immediate, the arrival is buffered
    //    (stamp 6: A..F took 0..5); picked next cycle.
    reset();
    put_each(Fcfs4, "cl: ", "ABC", 1, 90, 0);
    blocked_i = 8'b0001;
    take(Fcfs4, "cl: A blocked, B picked", RFcfs, 1, 91, 1, 0);
    check("cl: A passed", 64'(bypass_of(Fcfs4, 0)), 64'd1);
    blocked_i = 8'b0001;
    kill_i    = 8'b0100;
    disp_ready_i = 1'b1;
    #1;
    check("kill: no candidate, no dispatch", 64'(o_disp_valid[Fcfs4]), 64'd0);
    tick();
    check("kill: C left", 64'(o_count[Fcfs4]), 64'd1);
    check("kill: cnt_killed 1", 64'(o_cnt_killed[Fcfs4]), 64'd1);
    check("kill: not a dispatch, A bypass 1", 64'(bypass_of(Fcfs4, 0)), 64'd1);
    put_each(Fcfs4, "kill: ", "DEF", 2, 93, 1);
    kill_i = 8'b1110;
    take(Fcfs4, "kill: three killed, A picked", RFcfs, 0, 90, 0, 0);
    check("kill: buffer empty", 64'(o_count[Fcfs4]), 64'd0);
    check("kill: cnt_killed 4", 64'(o_cnt_killed[Fcfs4]), 64'd4);
    offer(3, 1, 96, 1'b1);
    arr_blocked_i = 1'b1;
    blocked_i = 8'b1111;   // CL on free slots is ignored
    #1;
    check("arr_blocked: no dispatch", 64'(o_disp_valid[Fcfs4]), 64'd0);
    check("arr_blocked: buffered", 64'(o_arr_buffered[Fcfs4]), 64'd1);
    check("arr_blocked: slot 0", 64'(o_arr_slot[Fcfs4]), 64'd0);
    tick();
    take(Fcfs4, "arr_blocked: picked next cycle", RFcfs, 0, 96, 6, 0);
    // SIMT8: the score merge sees only entries that stay. instr 7: 4 (slot 0), 7 (slot 1).
    // Arrival instr 7 est 1 while slot 0 is killed and slot 1 is CL-blocked: no dispatch,
    // merge with slot 1 -> 8 (slot 2). Then arrival instr 7 est 2 while slot 1 is killed
    // and slot 2 (score 8, the only candidate; no dispatch since reset, so min score) is
    // dispatched: nothing of instr 7 stays -> a fresh score 2, in slot 0.
    reset();
    put(Simt8, "merge/kill: 7 est 4", 7, 4, 30, 0, 4);
    put(Simt8, "merge/kill: 7 est 3", 7, 3, 31, 1, 7);
    offer(7, 1, 32, 1'b1);
    kill_i = 8'b0001;
    blocked_i = 8'b0010;
    #1;
    check("merge/kill: no dispatch", 64'(o_disp_valid[Simt8]), 64'd0);
    check("merge/kill: merges with the staying entry", 64'(o_arr_score[Simt8]), 64'd8);
    check("merge/kill: slot 2", 64'(o_arr_slot[Simt8]), 64'd2);
    tick();
    check("merge/kill: slot 1 raised to 8", 64'(score_of(Simt8, 1)), 64'd8);
    offer(7, 2, 33, 1'b1);
    kill_i = 8'b0010;
    #1;
    see(Simt8, "merge/kill: slot 2 leaves", RMin, 2, 32, 2, 8);
    check("merge/kill: nothing stays: fresh score 2", 64'(o_arr_score[Simt8]), 64'd2);
    check("merge/kill: into slot 0", 64'(o_arr_slot[Simt8]), 64'd0);
    tick();
    check("merge/kill: one entry left", 64'(o_count[Simt8]), 64'd1);

    // ------------------------------------------------------------ 10. stamps wrap at 2^32
    // WRAP4 starts at 0xFFFFFFFE: A..D get FFFFFFFE, FFFFFFFF, 0, 1 (slots 0..3); A leaves;
    // E gets stamp 2 in slot 0. Oldest first: B, C, D, E (raw values would take C first).
    reset();
    put_each(Wrap4, "wrap: ", "ABCD", 1, 40, 0);
    take(Wrap4, "wrap: A", RFcfs, 0, 40, 32'hFFFF_FFFE, 0);
    put(Wrap4, "wrap: E", 1, 1, 44, 0, 0);
    take(Wrap4, "wrap: B (FFFFFFFF) before C (0)", RFcfs, 1, 41, 32'hFFFF_FFFF, 0);
    take(Wrap4, "wrap: C", RFcfs, 2, 42, 0, 0);
    take(Wrap4, "wrap: D", RFcfs, 3, 43, 1, 0);
    take(Wrap4, "wrap: E", RFcfs, 0, 44, 2, 0);

    // ------------------------------------------------------------ 11. reset clears state
    // RAND8: one entry (slot 0); the pick wraps to it from start 1; the LFSR steps.
    reset();
    put(Rand8, "reset: one entry", 1, 1, 1, 0, 0);
    take(Rand8, "reset: a random pick", RRand, 0, 1, 0, 0);
    check("reset: lfsr stepped", 64'(g_dut[3].u.lfsr_q), 64'h8020_0003);
    reset();
    check("reset: count 0", 64'(o_count[Rand8]), 64'd0);
    check("reset: lfsr reloaded", 64'(g_dut[3].u.lfsr_q), 64'h1);
    check("reset: counters 0", 64'(o_cnt_random[Rand8]) | 64'(o_cnt_arrivals[Rand8]), 64'd0);
    check("reset: no last dispatch", 64'(g_dut[1].u.last_valid_q), 64'd0);

    tb_done("tb_xl_walk_sched");
  end

endmodule
