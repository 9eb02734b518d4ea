// xl_walk_path_fv - formal properties of the walk path top (rtl/xl_walk_path.sv; rtl/README.md
// section xl_walk_path), bounded model checking with Yosys's `sat` (tests/rtl/check_formal.sh;
// table and depths in tests/formal/README.md). Small instance: 2 slots, 2 walkers, FCFS,
// coalescing off, one-entry PWCs, PwcLatency 1, 2-bit tags. The proof starts in reset.
//
// The harness is the memory: it grants every read (mem_req_ready_i = 1) and answers every
// granted read in the cycle after the grant (K = 1; an assumption on rsp_valid_i, which
// answers only a waiting walker; grants come one per cycle, so one line per cycle is enough).
// A line is eight copies of one free entry (present, PS and two frame bits free), so walks
// end by a leaf, a 2 MB leaf or a fault. One request is watched: the one that arrives with
// tag 3, which no other request carries while it is in flight. It ends with a completion
// lane that carries tag 3, or with a fault of the walker that took it while the walk is on it.
//   no tag twice     it ends at most once, on at most one lane, and only after it was
//                    accepted;
//   walk bound       it ends within WalkBound = 12 cycles of its dispatch: the walker is in
//                    REQ from the cycle after the dispatch (PwcLatency 1); at most 4 reads,
//                    each at most 1 cycle in REQ while the other walker has the port (walker
//                    0 always wins it, but asks at most every other cycle), 1 grant cycle, 1
//                    cycle to the response: w_walk_age (0 in the cycle after the dispatch)
//                    < 12;
//   end-to-end bound an accepted request ends within EndBound = 25 cycles of its acceptance
//                    in cycle a: FCFS, 2 slots, 2 walkers, no coalescing, so ahead of it are
//                    at most the walks on the two walkers (dispatched in cycles a-1 and a at
//                    the latest, one dispatch per cycle) and one older buffered request. A
//                    walker is IDLE after its completion (<= 12 cycles after its dispatch) and
//                    takes the next walk in the following cycle, so the older request starts
//                    by a + 12, the watched one by a + 13, and it ends by a + 25: w_age (0 in
//                    the cycle after acceptance) < 25.
// Covers: it ends; its walk took at least 8 cycles (several reads); it ended at least 16
// cycles after its acceptance (it waited behind other walks).

module xl_walk_path_fv #(
  parameter int WalkBound = 12,
  parameter int EndBound  = 25
) (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       arr_valid_i,
  input logic [3:0] arr_vb_i,
  input logic [1:0] arr_tag_i,
  input logic       rsp_valid_i,
  input logic       rsp_walker_i,
  input logic [3:0] rsp_ent_i
);
  logic        arr_ready, mem_req_valid, mem_req_walker, disp_valid, disp_walker, rsp_fault;
  logic [7:0]  cpl_valid;
  logic [15:0] cpl_tag;
  logic [1:0]  disp_tag;
  logic [47:0] arr_va;
  logic [63:0] ent;
  // VA bits that change the walk: two L4/L3/L2/L1 index bits and the page offset does not
  // matter.
  assign arr_va = {8'd0, arr_vb_i[3], 8'd0, arr_vb_i[2], 8'd0, arr_vb_i[1], 8'd0,
                   arr_vb_i[0], 12'd0};
  assign ent = (64'(rsp_ent_i[3:2]) << 12) | (64'(rsp_ent_i[1]) << 7) | 64'(rsp_ent_i[0]);

  xl_walk_path #(
    .NumSlots (2), .NumWalkers (2), .Policy (0), .Coalesce (0),
    .L4Entries (1), .L4Ways (1), .L3Entries (1), .L3Ways (1), .L2Entries (1), .L2Ways (1),
    .PwcLatency (1), .TagWidth (2), .StatWidth (1)
  ) dut (
    .clk_i, .rst_ni,
    .arr_valid_i, .arr_va_i (arr_va), .arr_instr_id_i (20'd0), .arr_tag_i,
    .arr_ready_o (arr_ready), .arr_est_o (),
    .root_i (52'h1000),
    .mem_req_valid_o (mem_req_valid), .mem_req_ready_i (1'b1), .mem_req_walker_o (mem_req_walker),
    .mem_req_level_o (), .mem_req_addr_o (),
    .rsp_valid_i, .rsp_walker_i, .rsp_line_i ({8{ent}}),
    .cpl_valid_o (cpl_valid), .cpl_tag_o (cpl_tag), .cpl_frame_o (), .cpl_shift_o (),
    .cpl_coalesced_o (), .cpl_reads_o (),
    .disp_valid_o (disp_valid), .disp_walker_o (disp_walker), .disp_rule_o (), .disp_slot_o (),
    .disp_tag_o (disp_tag), .disp_level_o (), .disp_node_o (), .disp_resumed_o (),
    .arr_buffered_o (), .arr_slot_o (), .arr_score_o (),
    .rsp_fault_o (rsp_fault), .fill_valid_o (), .stuck_o (),
    .cnt_walks_o (), .cnt_reads_l1_o (), .cnt_reads_l2_o (), .cnt_reads_l3_o (),
    .cnt_reads_l4_o (), .cnt_coalesced_o (), .cnt_resumed_o (), .cnt_cl_stalls_o (),
    .cnt_faults_o ()
  );

  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;

  // The memory: walker w waits for a line from its grant to the response.
  logic [1:0] waiting;
  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) waiting <= '0;
    else begin
      if (rsp_valid_i) waiting[rsp_walker_i] <= 1'b0;
      if (mem_req_valid) waiting[mem_req_walker] <= 1'b1;
    end
  end

  // The watched request (tag 3): accepted, taken by a walker, ended.
  logic       w_acc, w_disp, w_done, w_walker;
  logic [4:0] w_walk_age;
  logic [5:0] w_age;   // cycles since acceptance
  logic       w_end;   // it ends in this cycle
  logic [3:0] n3;      // completion lanes with tag 3
  always @* begin
    n3 = '0;
    for (int i = 0; i < 8; i++)
      if (cpl_valid[i] && cpl_tag[2*i +: 2] == 2'd3) n3 = n3 + 4'd1;
  end
  // (a fault of that walker ends it only while the walk is on it: later walks of the same
  // walker carry other tags)
  assign w_end = n3 != '0 ||
                 (w_disp && !w_done && rsp_fault && rsp_valid_i && rsp_walker_i == w_walker);

  always @* begin
    if (!f_past_valid) assume (!rst_ni);
    else assume (rst_ni);
    // responses only to a waiting walker, each in the cycle after its grant
    if (rsp_valid_i) assume (waiting[rsp_walker_i]);
    for (int w = 0; w < 2; w++)
      if (waiting[w]) assume (rsp_valid_i && rsp_walker_i == 1'(w));
    // one request with tag 3, never another while it is in flight or after
    if (arr_valid_i && arr_tag_i == 2'd3) assume (!w_acc);
  end

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      w_acc <= 1'b0;
      w_disp <= 1'b0;
      w_done <= 1'b0;
      w_walker <= 1'b0;
      w_walk_age <= '0;
      w_age <= '0;
    end else begin
      if (w_acc && !w_done && w_age != 6'd63) w_age <= w_age + 6'd1;
      if (arr_valid_i && arr_ready && arr_tag_i == 2'd3) w_acc <= 1'b1;
      if (disp_valid && disp_tag == 2'd3) begin
        w_disp <= 1'b1;
        w_walker <= disp_walker;
      end
      if (w_disp && !w_done && w_walk_age != 5'd31) w_walk_age <= w_walk_age + 5'd1;
      if (w_end) w_done <= 1'b1;
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && rst_ni) begin
      // no tag twice: at most one end, on at most one lane, after acceptance
      if (w_end) assert (!w_done && n3 <= 4'd1);
      if (w_end || (disp_valid && disp_tag == 2'd3)) assert (w_acc || (arr_valid_i && arr_tag_i == 2'd3));
      // walk bound
      if (w_disp && !w_done) assert (w_walk_age < 5'(WalkBound));
      // end-to-end bound
      if (w_acc && !w_done) assert (w_age < 6'(EndBound));
    end
  end

  // Covers: bit 0 it ends, bit 1 its walk took at least 8 cycles (several reads), bit 2 it
  // ended at least 16 cycles after acceptance (it waited behind other walks).
  (* keep *) logic [2:0] f_seen = '0;
  always @(posedge clk_i)
    if (f_past_valid && rst_ni)
      f_seen <= f_seen | {w_end && w_age >= 6'd16, w_end && w_walk_age >= 5'd8, w_end};
endmodule
