// xl_walk_sched_fv - formal properties of the walk buffer and scheduler (rtl/xl_walk_sched.sv),
// proven by bounded model checking with Yosys's `sat` (tests/rtl/check_formal.sh; the table of
// properties, depths and mutants is tests/formal/README.md). Every input is free at every step;
// a shadow of the buffer, kept from the block's ports and never from its registers, states what
// must hold:
//   no lost request   every buffered request stays in its slot until it is dispatched or
//                     killed, the buffer's count equals the shadow's, an arrival never
//                     takes an occupied slot;
//   no duplicate grant a dispatch from the buffer names an occupied, eligible (not CL, not
//                     killed) slot, with that slot's stamp, va and tag, and an IMMEDIATE
//                     dispatch happens only with an empty buffer; a slot is dispatched at
//                     most once;
//   priority order    FCFS dispatches the oldest eligible entry ("older": the sign of the
//                     wrapping 32-bit stamp difference, rtl/README.md "Pick rules"); nothing
//                     eligible is left waiting while a walker is ready;
//   RANDOM pick       the first eligible slot at or after lfsr & (N-1), wrapping to the lowest,
//                     where lfsr is the harness's own Galois LFSR (taps 0x80200003, shifting
//                     right, stepped once per RANDOM dispatch); the block's LFSR register
//                     equals it every cycle;
//   score merge       SIMT: an arrival's score is min(256, est + the score of its
//                     instruction's entries that stay), computed here from arr_est_i and the
//                     shadow's own per-slot scores (never from arr_score_o); FCFS and RANDOM
//                     score 0;
//   bounded starvation SIMT: an eligible entry passed by AgingThreshold younger dispatches is
//                     dispatched (rule AGING, oldest such first) at the next opportunity,
//                     and no entry is aged before that;
//   SIMT order        batching takes the oldest eligible entry of the last dispatched
//                     instruction whenever one exists; min score takes the lowest shadow
//                     score, the oldest among equals.
//
// Where the stamps start: the proof pulses rst_ni in its first step and the block's
// StampResetValue is the harness parameter StampStart, which check_formal.sh sets to values
// next to the 2^32 wrap and the 2^31 sign change (so a short run crosses them); LfsrSeed is
// the parameter Seed. (A free start value, with the flattened registers constrained in the
// first step instead of a reset, made the 10-step FCFS proof run longer than 12 minutes.)
// The LFSR register is read through h_lfsr, which check_formal.sh connects to the flattened
// design (`connect -set h_lfsr \dut.lfsr_q`): the RTL carries no test hooks.
//
// Covers: f_seen collects one sticky bit per scenario (FSEEN_* below); check_formal.sh asks
// `sat` for one trace that reaches all of them at the last step, which shows that the
// assertions' premises are reachable (not vacuous).
//
// Instruction ids are limited to two values so batching and score merges are reachable; the
// estimate takes 0..3, or also 255 (EstBig), so the 256 clamp is reachable in two arrivals.

module xl_walk_sched_fv #(
  parameter int          Policy     = 0,
  parameter logic [31:0] StampStart = 32'hFFFF_FFFE,  // StampResetValue
  parameter logic [31:0] Seed       = 32'h1,          // LfsrSeed (not 0)
  parameter bit          EstBig     = 1'b0            // the estimate may also be 255
) (
  input logic        clk_i,
  input logic        rst_ni,
  input logic        arr_valid_i,
  input logic [1:0]  arr_va_i,
  input logic        arr_id_i,
  input logic [2:0]  arr_est_i,
  input logic [3:0]  arr_tag_i,
  input logic        arr_blocked_i,
  input logic        disp_ready_i,
  input logic [3:0]  blocked_i,
  input logic [3:0]  kill_i
);
  localparam int N   = 4;
  localparam int Thr = 2;   // aging threshold: an entry is aged within 7 steps
  localparam logic [31:0] Taps = 32'h8020_0003;   // rtl/README.md "Pick rules", written out

  // The estimate: 0..3, and with EstBig also 255, so the clamp at 256 is reachable in two
  // arrivals (a free 8-bit estimate made the SIMT proof time out, and even 255 makes the
  // 8-step SIMT proof slow, so the clamp has a shorter proof of its own).
  logic [7:0]  est;
  assign est = (EstBig && arr_est_i[2]) ? 8'd255 : {6'd0, arr_est_i[1:0]};

  logic        arr_ready, arr_buffered, disp_valid;
  logic [1:0]  arr_slot, disp_slot;
  logic [8:0]  arr_score, disp_score;
  logic [2:0]  disp_rule;
  logic [47:0] disp_va;
  logic [19:0] disp_instr_id;
  logic [31:0] disp_stamp;
  logic [3:0]  disp_tag;
  logic [2:0]  count;

  xl_walk_sched #(
    .NumSlots       (N),
    .AgingThreshold (Thr),
    .Policy         (Policy),
    .LfsrSeed       (Seed),
    .StampResetValue(StampStart),
    .TagWidth       (4),
    .CntWidth       (1)
  ) dut (
    .clk_i, .rst_ni,
    .arr_valid_i, .arr_va_i ({46'd0, arr_va_i}), .arr_instr_id_i ({19'd0, arr_id_i}),
    .arr_est_i (est), .arr_tag_i, .arr_blocked_i,
    .arr_ready_o (arr_ready), .arr_buffered_o (arr_buffered), .arr_slot_o (arr_slot),
    .arr_score_o (arr_score),
    .disp_ready_i, .disp_valid_o (disp_valid), .disp_rule_o (disp_rule), .disp_slot_o (disp_slot),
    .disp_va_o (disp_va), .disp_instr_id_o (disp_instr_id), .disp_stamp_o (disp_stamp),
    .disp_score_o (disp_score), .disp_tag_o (disp_tag),
    .blocked_i, .kill_i,
    .count_o (count),
    .cnt_arrivals_o (), .cnt_immediate_o (), .cnt_aging_o (), .cnt_batch_o (),
    .cnt_minscore_o (), .cnt_fcfs_o (), .cnt_random_o (), .cnt_full_o (), .cnt_killed_o ()
  );

  // The block's LFSR register (connected by check_formal.sh after flattening).
  logic [31:0]  h_lfsr;

  // Start in reset.
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);

  // The shadow buffer, from the block's ports only.
  logic [N-1:0] sv;
  logic [31:0]  sstamp [N];
  logic [3:0]   stag [N];
  logic [1:0]   sva [N];
  logic [2:0]   sbyp [N];     // younger dispatches that passed the entry (saturating at Thr)
  logic [31:0]  snext;
  logic [31:0]  slfsr;
  logic         sid [N];      // instruction id (1 bit here)
  logic [8:0]   sscore [N];
  logic         slast, slast_valid;

  // "a is older than b": the sign of the wrapping 32-bit difference.
  function automatic logic older(input logic [31:0] a, input logic [31:0] b);
    older = (a - b) >= 32'h8000_0000;
  endfunction

  logic [N-1:0] elig;
  assign elig = sv & ~blocked_i & ~kill_i;
  logic from_buf;
  assign from_buf = disp_valid && disp_rule != 3'd1;

  // The expected score of the arrival: its estimate plus the score of the entries of its
  // instruction that stay at this edge (neither dispatched nor killed; the shadow gives them
  // one score), clamped at 256 (xl_pkg::ScoreMax, written out).
  logic [N-1:0] stay;
  logic [8:0]   smerged;
  logic [9:0]   ssum;
  logic [8:0]   exp_score;
  always @* begin
    smerged = 9'd0;
    for (int i = N - 1; i >= 0; i--) begin
      stay[i] = sv[i] && sid[i] == arr_id_i && !kill_i[i] && !(from_buf && disp_slot == 2'(i));
      if (stay[i]) smerged = sscore[i];
    end
    ssum = 10'(est) + 10'(smerged);
    exp_score = (Policy != 2) ? 9'd0 : (ssum > 10'd256) ? 9'd256 : ssum[8:0];
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sv    <= '0;
      snext <= StampStart;
      slfsr <= Seed;
      slast <= 1'b0;
      slast_valid <= 1'b0;
    end else begin
    if (disp_valid) begin
      slast <= disp_instr_id[0];
      slast_valid <= 1'b1;
    end
    if (disp_valid && disp_rule == 3'd6)
      slfsr <= {1'b0, slfsr[31:1]} ^ (slfsr[0] ? Taps : 32'd0);
    if (arr_buffered)
      for (int i = 0; i < N; i++)
        if (stay[i]) sscore[i] <= exp_score;
    for (int i = 0; i < N; i++) begin
      if (from_buf && sv[i] && 2'(i) != disp_slot && older(sstamp[i], disp_stamp) &&
          sbyp[i] != 3'(Thr))
        sbyp[i] <= sbyp[i] + 3'd1;
      if ((from_buf && 2'(i) == disp_slot) || kill_i[i]) sv[i] <= 1'b0;
    end
    if (arr_buffered) begin
      sv[arr_slot]     <= 1'b1;
      sstamp[arr_slot] <= snext;
      stag[arr_slot]   <= arr_tag_i;
      sva[arr_slot]    <= arr_va_i;
      sid[arr_slot]    <= arr_id_i;
      sscore[arr_slot] <= exp_score;
      sbyp[arr_slot]   <= 3'd0;
      snext            <= snext + 32'd1;
    end
    end
  end

  // The oldest eligible entry, the oldest eligible aged one, the oldest of the last
  // instruction, the best of the rest (lowest score, then oldest), the RANDOM pick.
  logic [1:0] oldest, oldest_aged, oldest_batch, best2, rnd;
  logic       any_aged, any_batch, any2, tie2, rnd_hi;
  logic [1:0] rstart;
  assign rstart = slfsr[1:0];
  always @* begin
    logic found;
    found = 1'b0;
    oldest = 2'd0;
    oldest_aged = 2'd0;
    oldest_batch = 2'd0;
    best2 = 2'd0;
    rnd = 2'd0;
    rnd_hi = 1'b0;
    any_aged = 1'b0;
    any_batch = 1'b0;
    any2 = 1'b0;
    for (int i = 0; i < N; i++) begin
      if (elig[i] && slast_valid && sid[i] == slast &&
          (!any_batch || older(sstamp[i], sstamp[oldest_batch]))) begin
        oldest_batch = 2'(i);
        any_batch = 1'b1;
      end
      if (elig[i] && !(slast_valid && sid[i] == slast) && sbyp[i] != 3'(Thr) &&
          (!any2 || sscore[i] < sscore[best2] ||
           (sscore[i] == sscore[best2] && older(sstamp[i], sstamp[best2])))) begin
        best2 = 2'(i);
        any2 = 1'b1;
      end
      if (elig[i] && (!found || older(sstamp[i], sstamp[oldest]))) begin
        oldest = 2'(i);
        found = 1'b1;
      end
      if (elig[i] && sbyp[i] == 3'(Thr) && (!any_aged || older(sstamp[i], sstamp[oldest_aged]))) begin
        oldest_aged = 2'(i);
        any_aged = 1'b1;
      end
    end
    // RANDOM: scan from the highest slot down, so the last hit is the lowest; a hit at or
    // after the start beats every wrap-around hit.
    for (int i = N - 1; i >= 0; i--) begin
      if (elig[i] && 2'(i) >= rstart) begin
        rnd = 2'(i);
        rnd_hi = 1'b1;
      end
    end
    if (!rnd_hi)
      for (int i = N - 1; i >= 0; i--)
        if (elig[i]) rnd = 2'(i);
    // another eligible class-2 entry has best2's score (a tie the stamp decides)
    tie2 = 1'b0;
    for (int i = 0; i < N; i++)
      if (elig[i] && 2'(i) != best2 && !(slast_valid && sid[i] == slast) &&
          sbyp[i] != 3'(Thr) && sscore[i] == sscore[best2])
        tie2 = 1'b1;
  end

  always @(posedge clk_i) begin
    if (f_past_valid && rst_ni) begin
      // no lost request, no duplicate slot
      assert (count == 3'($countones(sv)));
      if (arr_buffered) assert (!sv[arr_slot]);
      if (arr_valid_i && !arr_ready) assert (sv == 4'hF);
      // no duplicate grant: a real, eligible, occupied slot, reported faithfully
      if (from_buf) begin
        assert (elig[disp_slot]);
        assert (disp_stamp == sstamp[disp_slot]);
        assert (disp_tag == stag[disp_slot]);
        assert (disp_va == {46'd0, sva[disp_slot]});
        assert (disp_instr_id == {19'd0, sid[disp_slot]});
      end
      if (disp_valid && disp_rule == 3'd1) assert (sv == '0 && arr_valid_i && !arr_blocked_i);
      if (disp_valid) assert (disp_ready_i);
      // work conserving: an eligible entry and a ready walker give a dispatch
      if (disp_ready_i && elig != '0) assert (from_buf);
      // priority order
      if (Policy == 0 && from_buf) assert (disp_rule == 3'd5 && disp_slot == oldest);
      // RANDOM: the independent LFSR, and the pick it names
      if (Policy == 1) assert (h_lfsr == slfsr);
      if (Policy == 1 && from_buf) assert (disp_rule == 3'd6 && disp_slot == rnd);
      // score merge and clamp
      if (arr_buffered) assert (arr_score == exp_score);
      if (Policy == 2 && from_buf) assert (disp_score == sscore[disp_slot]);
      // bounded starvation
      if (Policy == 2 && from_buf && any_aged) assert (disp_rule == 3'd2 && disp_slot == oldest_aged);
      if (Policy == 2 && from_buf && disp_rule == 3'd2) assert (sbyp[disp_slot] == 3'(Thr));
      // SIMT order: batching first, then the lowest score, oldest among equals
      if (Policy == 2 && from_buf && !any_aged && any_batch)
        assert (disp_rule == 3'd3 && disp_slot == oldest_batch);
      if (Policy == 2 && from_buf && !any_aged && !any_batch)
        assert (disp_rule == 3'd4 && disp_slot == best2);
    end
  end

  // Covers: sticky bits, one per scenario.
  localparam int FSEEN_AGED = 0;   // an AGING dispatch (SIMT)
  localparam int FSEEN_BATCH = 1;  // a BATCH dispatch (SIMT)
  localparam int FSEEN_TIE = 2;    // a MINSCORE dispatch while another eligible entry has its score
  localparam int FSEEN_CLAMP = 3;  // an arrival whose est + merged score exceeds 256 (SIMT)
  localparam int FSEEN_KILL = 4;   // a buffered entry killed
  localparam int FSEEN_WRAP = 5;   // a dispatch from the buffer while another live entry's
                                   // stamp is numerically smaller but younger (stamp wrap)
  localparam int FSEEN_RWRAP = 6;  // RANDOM: no eligible slot at or after the start (the wrap)
  localparam int FSEEN_IMM = 7;    // an IMMEDIATE dispatch
  localparam int NSEEN = 8;
  (* keep *) logic [NSEEN-1:0] f_seen = '0;   // init value: the harness's, not a reset
  logic [NSEEN-1:0] f_now;
  always @* begin
    f_now = '0;
    f_now[FSEEN_AGED]  = from_buf && disp_rule == 3'd2;
    f_now[FSEEN_BATCH] = from_buf && disp_rule == 3'd3;
    f_now[FSEEN_TIE]   = from_buf && disp_rule == 3'd4 && tie2;
    f_now[FSEEN_CLAMP] = arr_buffered && ssum > 10'd256;
    f_now[FSEEN_KILL]  = (kill_i & sv) != '0;
    for (int i = 0; i < N; i++)
      if (from_buf && sv[i] && 2'(i) != disp_slot && sstamp[i] < disp_stamp &&
          older(disp_stamp, sstamp[i]))
        f_now[FSEEN_WRAP] = 1'b1;
    f_now[FSEEN_RWRAP] = from_buf && !rnd_hi;
    f_now[FSEEN_IMM]   = disp_valid && disp_rule == 3'd1;
  end
  always @(posedge clk_i) if (rst_ni) f_seen <= f_seen | f_now;
endmodule
