// xl_coalesce_scan_fv - formal properties of the scan drained one slot a cycle (rtl/
// xl_coalesce.sv with ScanPipe 1; rtl/README.md xl_coalesce "The scan drained one slot a
// cycle"), bounded model checking with Yosys's `sat` (tests/rtl/check_formal.sh; table in
// tests/formal/README.md). The proof starts in reset; every input is free, within the
// protocol xl_walk_path keeps (assumptions below). Shadows kept from the ports:
//   the slots (valid, VA), as in xl_coalesce_fv;
//   the kept line: a line is taken exactly when scans_o counts it (StatWidth 1: the
//     counter toggles), so the line of the cycle before a toggle is the one the drain
//     works from until the next toggle;
//   late[s]: slot s arrived at or after the edge that took the kept line, so it was not in
//     that line's pending set.
// Properties, in every cycle, for a completing slot s (kill_o[s]):
//   at most once   s is occupied (and leaves: a second completion needs a new arrival);
//   kept line      a line was taken and s is not late; the kept line is a leaf for s (an L1
//                  line, or an L2 line whose entry has PS), its entry for s is present and
//                  its VA is in s's neighbourhood;
//   lane           s completes on its lane idx_L(va[s]) & 7 of the kept line, never the
//                  kept line's own lane nor a lane lane_busy_i names, with that entry's page
//                  base and shift and its own slot number (cpl_slot_o);
//   one a cycle    at most one completion a cycle, on exactly one lane.
// Covers (sticky f_seen): a completion; a line left unscanned (scan_drops_o toggles); two
// completions from one kept line (in two cycles).
//
// Size: 4 slots, 1 walker, Mode both; the VAs and entries as in xl_coalesce_fv.

module xl_coalesce_scan_fv (
  input logic         clk_i,
  input logic         rst_ni,
  input logic         arr_valid_i,
  input logic [1:0]   arr_slot_i,
  input logic [9:0]   arr_vb_i,
  input logic         disp_valid_i,
  input logic [1:0]   disp_slot_i,
  input logic         pwst_valid_i,
  input logic [2:0]   pwst_level_i,
  input logic [9:0]   pwst_vb_i,
  input logic         line_valid_i,
  input logic [2:0]   line_level_i,
  input logic [9:0]   line_vb_i,
  input logic [31:0]  line_ent_i,   // per entry: present, PS, two frame bits
  input logic [7:0]   lane_busy_i,
  input logic [1:0]   resume_slot_i
);
  localparam int N = 4;

  `include "xl_coalesce_fv.svh"

  logic [N-1:0]  blocked, kill;
  logic [7:0]    cpl_valid;
  logic [15:0]   cpl_slot;
  logic [415:0]  cpl_frame;
  logic [39:0]   cpl_shift;
  logic          scans, drops;
  logic [511:0]  line_i;
  always @* begin
    line_i = '0;
    for (int i = 0; i < 8; i++) begin
      line_i[64 * i + 0]  = line_ent_i[4 * i + 0];
      line_i[64 * i + 7]  = line_ent_i[4 * i + 1];
      line_i[64 * i + 12] = line_ent_i[4 * i + 2];
      line_i[64 * i + 21] = line_ent_i[4 * i + 3];
    end
  end

  xl_coalesce #(
    .NumSlots (N), .NumWalkers (1), .Mode (3), .StatWidth (1), .ScanPipe (1)
  ) dut (
    .clk_i, .rst_ni,
    .arr_valid_i, .arr_slot_i, .arr_va_i (va(arr_vb_i)),
    .disp_valid_i, .disp_slot_i,
    .pwst_valid_i, .pwst_level_i, .pwst_va_i (va(pwst_vb_i)),
    .line_valid_i, .line_level_i, .line_va_i (va(line_vb_i)), .line_i, .lane_busy_i,
    .resume_slot_i, .resume_pl_o (), .resume_pa_o (),
    .blocked_o (blocked), .arr_blocked_o (),
    .kill_o (kill), .cpl_valid_o (cpl_valid), .cpl_slot_o (cpl_slot),
    .cpl_frame_o (cpl_frame), .cpl_shift_o (cpl_shift),
    .scans_o (scans), .leaf_done_o (), .upper_set_l2_o (), .upper_set_l3_o (),
    .upper_set_l4_o (), .scan_drops_o (drops)
  );

  // Start in reset.
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;

  // The shadow slots.
  logic [N-1:0] sv;
  logic [47:0]  sva [N];
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sv <= '0;
    end else begin
      for (int i = 0; i < N; i++)
        if (kill[i] || (disp_valid_i && disp_slot_i == 2'(i))) sv[i] <= 1'b0;
      if (arr_valid_i) begin
        sv[arr_slot_i]  <= 1'b1;
        sva[arr_slot_i] <= va(arr_vb_i);
      end
    end
  end

  // The protocol of xl_walk_path: an arrival takes a free slot; a departing slot is occupied,
  // not CL (the scheduler never dispatches a CL entry from the buffer, and pending slots are
  // CL) and not completed in the same cycle; levels are 1..4.
  always @* begin
    if (!f_past_valid) assume (!rst_ni);
    else assume (rst_ni);
    if (arr_valid_i) assume (!sv[arr_slot_i]);
    if (disp_valid_i) assume (sv[disp_slot_i] && !blocked[disp_slot_i] && !kill[disp_slot_i] &&
                              !(arr_valid_i && arr_slot_i == disp_slot_i));
    assume (line_level_i >= 3'd1 && line_level_i <= 3'd4);
    assume (pwst_level_i >= 3'd1 && pwst_level_i <= 3'd4);
  end

  // Last cycle's line and scans_o, and the kept line: taken when scans_o moved at the last
  // edge.
  logic        p_scans, p_line, p_arr;
  logic [2:0]  p_ll;
  logic [9:0]  p_vb;
  logic [31:0] p_ent;
  logic [1:0]  p_arr_slot;
  logic        k_q, k_now;   // a line was taken
  logic [2:0]  k_ll_q, k_ll;
  logic [9:0]  k_vb_q, k_vb;
  logic [31:0] k_ent_q, k_ent;
  logic [N-1:0] late_q, late_now;
  logic        took;
  assign took = f_past_valid && scans != p_scans;
  assign k_now = took || k_q;
  assign k_ll  = took ? p_ll : k_ll_q;
  assign k_vb  = took ? p_vb : k_vb_q;
  assign k_ent = took ? p_ent : k_ent_q;
  always @* begin
    for (int s = 0; s < N; s++)
      late_now[s] = took ? (p_arr && p_arr_slot == 2'(s)) : late_q[s];
  end
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      p_scans <= 1'b0;
      p_line  <= 1'b0;
      p_arr   <= 1'b0;
      k_q     <= 1'b0;
      late_q  <= '0;
    end else begin
      p_scans    <= scans;
      p_line     <= line_valid_i;
      p_ll       <= line_level_i;
      p_vb       <= line_vb_i;
      p_ent      <= line_ent_i;
      p_arr      <= arr_valid_i;
      p_arr_slot <= arr_slot_i;
      k_q        <= k_now;
      k_ll_q     <= k_ll;
      k_vb_q     <= k_vb;
      k_ent_q    <= k_ent;
      late_q     <= late_now;
      if (arr_valid_i) late_q[arr_slot_i] <= 1'b1;
    end
  end

  // What the kept line offers slot s.
  logic [47:0]  k_va;
  logic [2:0]   k_own;
  logic [N-1:0] may;
  logic [2:0]   lane [N];
  logic [3:0]   ent [N];   // present, PS, frame bits 12, 21
  assign k_va  = va(k_vb);
  assign k_own = lane_of(k_va, k_ll);
  always @* begin
    for (int s = 0; s < N; s++) begin
      lane[s] = lane_of(sva[s], k_ll);
      ent[s]  = k_ent[4 * lane[s] +: 4];
      may[s]  = k_now && !late_now[s] && nbr(sva[s], k_va, k_ll) && ent[s][0] &&
                (k_ll == 3'd1 || (k_ll == 3'd2 && ent[s][1]));
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && rst_ni) begin
      for (int s = 0; s < N; s++) begin
        if (kill[s]) begin
          assert (sv[s]);
          assert (may[s]);
          assert (lane[s] != k_own);
          assert (!lane_busy_i[lane[s]]);
          assert (cpl_valid[lane[s]]);
          assert (cpl_frame[52 * lane[s] +: 52] ==
                  (k_ll == 3'd1 ? 52'({ent[s][3], 8'd0, ent[s][2], 12'd0}) :
                                  52'({ent[s][3], 21'd0})));
          assert (cpl_shift[5 * lane[s] +: 5] == (k_ll == 3'd1 ? 5'd12 : 5'd21));
          assert (cpl_slot[2 * lane[s] +: 2] == 2'(s));
        end
      end
      // one completion a cycle at most, on one lane
      assert ($countones(kill) <= 1);
      assert ($countones(cpl_valid) == $countones(kill));
    end
  end

  // Covers: FSEEN_CPL (a completion), FSEEN_DROP (a line left unscanned), FSEEN_TWO (two
  // completions from one kept line).
  logic        f_one;   // the kept line has completed a slot
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) f_one <= 1'b0;
    else f_one <= (took ? 1'b0 : f_one) | (kill != '0);
  end
  (* keep *) logic [2:0] f_seen = '0;
  logic p_drops;
  always @(posedge clk_i) p_drops <= drops;
  always @(posedge clk_i)
    if (f_past_valid && rst_ni)
      f_seen <= f_seen | {kill != '0 && !took && f_one, drops != p_drops, kill != '0};
endmodule
