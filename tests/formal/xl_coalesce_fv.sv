// xl_coalesce_fv - formal properties of walk coalescing (rtl/xl_coalesce.sv; rules in
// rtl/README.md section xl_coalesce, docs/isca18-micro18.md §1.3, §3.3), bounded model
// checking with Yosys's `sat` (tests/rtl/check_formal.sh; table in tests/formal/README.md).
// The proof starts in reset; every input is free, within the protocol xl_walk_path keeps
// (assumptions below). A shadow of the slots (valid, VA) is kept from the ports:
//   at most once   a completion (kill_o[s]) names an occupied slot, which then leaves: a
//                  slot completes at most once per arrival, and never in the cycle it is
//                  dispatched;
//   own neighbourhood  a completion comes only from a line being scanned (line_valid_i, its
//                  level enabled by Mode) that is a leaf for the slot -- an L1 line, or an
//                  L2 line whose entry has PS -- whose entry for the slot,
//                  line[idx_L(va[s]) & 7], is present, and whose VA is in the slot's
//                  neighbourhood: nbr(va[s], line_va, L), VA[47:15+9(L-1)] equal;
//   own lane       a completing slot is on exactly one lane, lane idx_L(va[s]) & 7, never
//                  the walker's own lane idx_L(line_va) & 7, with that entry's page base
//                  and shift (12 for L1, 21 for a 2 MB L2 leaf) and its own slot number
//                  (cpl_slot_o); a valid lane carries exactly one completing slot.
// Covers (sticky f_seen): a leaf completion from an L1 line, one from a 2 MB L2 entry, two
// completions from one line.
//
// Size: 4 slots, 1 walker. The VAs carry ten free bits: 42, 33, 24, 15 (one per level's
// neighbourhood boundary), 14:12 (L1 lane) and 23:21 (L2 lane), so neighbours, strangers
// and lane collisions all occur.

module xl_coalesce_fv #(
  parameter int Mode = 3
) (
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
  input logic [1:0]   resume_slot_i
);
  localparam int N = 4;

  `include "xl_coalesce_fv.svh"

  logic [N-1:0]  blocked, kill;
  logic          arr_blocked;
  logic [7:0]    cpl_valid;
  logic [15:0]   cpl_slot;
  logic [415:0]  cpl_frame;
  logic [39:0]   cpl_shift;
  logic [47:0]   line_va;
  assign line_va = va(line_vb_i);
  // The line: entry i has present = line_ent_i[4i], PS = [4i+1] and frame bits 21 and 12 from
  // [4i+3] and [4i+2] (so 4 KB and 2 MB bases differ), every other bit 0. (512 free bits made
  // each check about twice as slow.)
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
    .NumSlots (N), .NumWalkers (1), .Mode (Mode), .StatWidth (1)
  ) dut (
    .clk_i, .rst_ni,
    .arr_valid_i, .arr_slot_i, .arr_va_i (va(arr_vb_i)),
    .disp_valid_i, .disp_slot_i,
    .pwst_valid_i, .pwst_level_i, .pwst_va_i (va(pwst_vb_i)),
    .line_valid_i, .line_level_i, .line_va_i (line_va), .line_i,
    .resume_slot_i, .resume_pl_o (), .resume_pa_o (),
    .blocked_o (blocked), .arr_blocked_o (arr_blocked),
    .kill_o (kill), .cpl_valid_o (cpl_valid), .cpl_slot_o (cpl_slot),
    .cpl_frame_o (cpl_frame), .cpl_shift_o (cpl_shift),
    .scans_o (), .leaf_done_o (), .upper_set_l2_o (), .upper_set_l3_o (), .upper_set_l4_o ()
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

  // The protocol of xl_walk_path: an arrival takes a free slot; a departing slot is occupied
  // and not completed in the same cycle (the scheduler never picks a killed slot); levels
  // are 1..4.
  always @* begin
    if (!f_past_valid) assume (!rst_ni);
    else assume (rst_ni);
    if (arr_valid_i) assume (!sv[arr_slot_i]);
    if (disp_valid_i) assume (sv[disp_slot_i] && !kill[disp_slot_i] &&
                              !(arr_valid_i && arr_slot_i == disp_slot_i));
    assume (line_level_i >= 3'd1 && line_level_i <= 3'd4);
    assume (pwst_level_i >= 3'd1 && pwst_level_i <= 3'd4);
  end

  // What the line offers slot s: its level is scanned, it is a leaf for s, s is a
  // neighbour, its entry is present; and the entry's lane, base and shift.
  logic        scanned;
  logic [2:0]  ll;
  assign ll = line_level_i;
  assign scanned = line_valid_i &&
                   ((ll == 3'd1 && Mode[0]) || (ll >= 3'd2 && Mode[1]));
  logic [N-1:0] may;
  logic [2:0]   lane [N];
  logic [63:0]  ent [N];
  always @* begin
    for (int s = 0; s < N; s++) begin
      lane[s] = lane_of(sva[s], ll);
      ent[s] = line_i[64 * lane[s] +: 64];
      may[s] = scanned && nbr(sva[s], line_va, ll) && ent[s][0] &&
               (ll == 3'd1 || (ll == 3'd2 && ent[s][7]));
    end
  end

  logic [2:0] lane_n [8];   // completing slots on lane i
  always @* begin
    for (int i = 0; i < 8; i++) begin
      lane_n[i] = 3'd0;
      for (int s = 0; s < N; s++)
        if (kill[s] && lane[s] == 3'(i)) lane_n[i] = lane_n[i] + 3'd1;
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && rst_ni) begin
      for (int s = 0; s < N; s++) begin
        if (kill[s]) begin
          assert (sv[s]);
          assert (may[s]);
          assert (lane[s] != lane_of(line_va, ll));
          assert (cpl_valid[lane[s]]);
          assert (cpl_frame[52 * lane[s] +: 52] ==
                  (ll == 3'd1 ? {ent[s][51:12], 12'd0} : {ent[s][51:21], 21'd0}));
          assert (cpl_shift[5 * lane[s] +: 5] == (ll == 3'd1 ? 5'd12 : 5'd21));
          assert (cpl_slot[2 * lane[s] +: 2] == 2'(s));
        end
      end
      // a lane carries exactly one completing slot, or none
      for (int i = 0; i < 8; i++)
        assert (cpl_valid[i] == (lane_n[i] != 3'd0) && lane_n[i] <= 3'd1);
    end
  end

  // Covers: FSEEN_L1 (a completion from an L1 line), FSEEN_2M (from an L2 line),
  // FSEEN_TWO (two completions from one line).
  (* keep *) logic [2:0] f_seen = '0;
  always @(posedge clk_i)
    if (f_past_valid && rst_ni)
      f_seen <= f_seen | {$countones(kill) >= 2, kill != '0 && ll == 3'd2,
                          kill != '0 && ll == 3'd1};
endmodule
