// xl_walk_sched_fv - formal properties of the walk buffer and scheduler (rtl/xl_walk_sched.sv),
// proven by bounded model checking with yosys-smtbmc and z3 (docs/design.md verification stack
// item 4; docs/rtl.md §5). Every input is free at every step (the
// wrapper's ports become free variables); a shadow of the buffer, kept from the block's own
// ports, states what must hold:
//   no lost request   every buffered request stays in its slot until it is dispatched or
//                     killed, the buffer's count equals the shadow's, an arrival never
//                     takes an occupied slot;
//   no duplicate grant a dispatch from the buffer names an occupied, eligible (not CL, not
//                     killed) slot, with that slot's stamp, and an IMMEDIATE dispatch
//                     happens only with an empty buffer; a slot is dispatched at most once;
//   priority order    FCFS dispatches the oldest eligible entry; nothing eligible is left
//                     waiting while a walker is ready;
//   bounded starvation SIMT: an eligible entry passed by AgingThreshold younger dispatches is
//                     dispatched (rule AGING, oldest such first) at the next opportunity,
//                     and no entry is aged before that;
//   SIMT order        batching takes the oldest eligible entry of the last dispatched
//                     instruction whenever one exists; min score takes the lowest score,
//                     the oldest among equals (scores shadowed from arr_score_o).
// Instruction ids are limited to two values so batching and score merges are reachable.
`include "xl_assert.svh"

module xl_walk_sched_fv #(
  parameter int Policy = 0
) (
  input logic        clk_i,
  input logic        rst_ni,
  input logic        arr_valid_i,
  input logic [47:0] arr_va_i,
  input logic        arr_id_i,
  input logic [2:0]  arr_est_i,
  input logic [3:0]  arr_tag_i,
  input logic        arr_blocked_i,
  input logic        disp_ready_i,
  input logic [3:0]  blocked_i,
  input logic [3:0]  kill_i
);
  localparam int N   = 4;
  localparam int Thr = 3;

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
    .LfsrSeed       (32'h1),
    .TagWidth       (4),
    .CntWidth       (4)
  ) dut (
    .clk_i, .rst_ni,
    .arr_valid_i, .arr_va_i, .arr_instr_id_i ({19'd0, arr_id_i}), .arr_est_i ({5'd0, arr_est_i}),
    .arr_tag_i, .arr_blocked_i,
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

  // Start in reset.
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* if (!f_past_valid) assume (!rst_ni);

  // The shadow buffer, from the block's ports only.
  logic [N-1:0] sv;
  logic [31:0]  sstamp [N];
  logic [3:0]   stag [N];
  logic [2:0]   sbyp [N];     // younger dispatches that passed the entry (saturating at Thr)
  logic [31:0]  snext;
  logic         sid [N];      // instruction id (1 bit here)
  logic [8:0]   sscore [N];
  logic         slast, slast_valid;

  function automatic logic older(input logic [31:0] a, input logic [31:0] b);
    older = (a - b) >= 32'h8000_0000;
  endfunction

  logic [N-1:0] elig;
  assign elig = sv & ~blocked_i & ~kill_i;
  logic from_buf;
  assign from_buf = disp_valid && disp_rule != 3'd1;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sv    <= '0;
      snext <= 32'd0;
      slast <= 1'b0;
      slast_valid <= 1'b0;
      for (int i = 0; i < N; i++) sbyp[i] <= 3'd0;
    end else begin
      if (disp_valid) begin
        slast <= disp_instr_id[0];
        slast_valid <= 1'b1;
      end
      if (arr_buffered)
        for (int i = 0; i < N; i++)
          if (sv[i] && sid[i] == arr_id_i) sscore[i] <= arr_score;
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
        sid[arr_slot]    <= arr_id_i;
        sscore[arr_slot] <= arr_score;
        sbyp[arr_slot]   <= 3'd0;
        snext            <= snext + 32'd1;
      end
    end
  end

  // The oldest eligible entry, and the oldest eligible aged one.
  logic [1:0] oldest, oldest_aged, oldest_batch, best2;
  logic       any_aged, any_batch, any2;
  always @* begin
    logic found;
    found = 1'b0;
    oldest = 2'd0;
    oldest_aged = 2'd0;
    oldest_batch = 2'd0;
    best2 = 2'd0;
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
      end
      if (disp_valid && disp_rule == 3'd1) assert (sv == '0 && arr_valid_i && !arr_blocked_i);
      if (disp_valid) assert (disp_ready_i);
      // work conserving: an eligible entry and a ready walker give a dispatch
      if (disp_ready_i && elig != '0) assert (from_buf);
      // priority order
      if (Policy == 0 && from_buf) assert (disp_slot == oldest);
      // bounded starvation
      if (Policy == 2 && from_buf && any_aged) assert (disp_rule == 3'd2 && disp_slot == oldest_aged);
      if (Policy == 2 && from_buf && disp_rule == 3'd2) assert (sbyp[disp_slot] == 3'(Thr));
      // SIMT order: batching first, then the lowest score, oldest among equals
      if (Policy == 2 && from_buf && !any_aged && any_batch)
        assert (disp_rule == 3'd3 && disp_slot == oldest_batch);
      if (Policy == 2 && from_buf && !any_aged && !any_batch)
        assert (disp_rule == 3'd4 && disp_slot == best2 && disp_score == sscore[best2]);
    end
  end
endmodule
