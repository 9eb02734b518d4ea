// xl_walk_path - the IOMMU walk path top: the walk buffer and scheduler (xl_walk_sched), the
// page-walk caches (xl_pwc), neighbourhood-aware walk coalescing (xl_coalesce) and
// NumWalkers page-table walkers sharing one memory read port (valid/ready requests; tagged
// responses, any latency, any order, at most one per cycle).
//
// Spec: docs/isca18-micro18.md §1.5 steps 6-9 (the walk), §2 (SIMT-aware
// scheduling, PWC counters), §3 (coalescing). docs/design.md "twin contract".
//
// C twin: model/include/xlat/walk_path.h (its header comment is the behavioural spec of this
// module) and model/src/iommu/walk_path.c (xl_walk_path_reset / _comb / _commit, ports xl_walk_path_in_t /
// xl_walk_path_out_t). One cycle, as there:
//   1. the response (rsp_valid_i, walker rsp_walker_i, the 8 entries of its line): the
//      walker's own entry e = line[idx_L(va) & 7] ends the walk (L1, or L2 with PS: a
//      completion on lane idx_L(va) & 7) or fills the PWC (level L, next = frame(e)); a
//      not-present entry raises rsp_fault_o and ends the walk without a completion;
//   2. xl_coalesce with the PWST before the edge and the returned line: CL per slot, CL of
//      the arrival, leaf neighbours on their lanes (tag from this module's copy of the
//      slot's tag). With ScanPipe 1 the line is only registered and the neighbours come
//      one a cycle from the following cycles (xl_coalesce, "ScanPipe 1"); lane_busy_i
//      gives it the lane of step 1's completion, which a drained completion waits for;
//   3. the PWC probe of the arrival gives its estimate (1..4; 4 without an arrival);
//   4. xl_walk_sched with disp_ready = some walker IDLE before the edge;
//   5. the PWC lookup of the dispatched VA; the walk starts at PL-1 from PA when the request
//      has a coalescing resume point and the PWC has nothing deeper (hit level h, h < PL),
//      else at h-1 from the PWC's node, else at L4 from root_i; the walker is the
//      lowest-numbered IDLE one;
//   6. the memory port: the lowest-numbered walker in REQ asks (mem_req_*).
// The edge: the sub-blocks update; walkers in LOOKUP count down (to REQ at 0); the
// responding walker goes IDLE (leaf or fault) or to REQ one level down; a granted request
// moves its walker to WAIT; the dispatched walker starts in LOOKUP (PwcLatency - 1 cycles)
// or directly in REQ when PwcLatency is 1. Every field of a port whose valid is low reads 0,
// as the C's memset (mem_req_* and disp_walker_o are gated with their valid).
//
// Where the hardware form differs from the C code's form (behaviour identical):
//   1. Coalesced completions need the buffered request's tag: the C reads it from the
//      scheduler's slot; here slot_tag_q keeps a copy, written when an arrival is buffered
//      (the scheduler's arr_slot_o), so xl_walk_sched needs no extra read ports.
//   2. The C calls the coalescing block only when Mode != off and passes it no CL array when
//      no walker is idle or the buffer is empty; here xl_coalesce always runs (Mode 0 makes
//      it output zeros) and its CL vector always goes to the scheduler, which cannot pick in
//      those cycles anyway (with PickPipe 1 or 2 it picks every cycle, and the C passes CL
//      whenever the buffer holds an entry).
//   3. The C keeps counts of idle and active walkers; here they are OR-reductions of the
//      walker states.
//   4. Counters wrap modulo 2^StatWidth (the C's are 64-bit).
//   5. Each walker is a state machine (state wk_state_q, an enum of rtl/xl_pkg.sv) with its
//      level, read count and LOOKUP countdown as _q registers; one next-state function per
//      walker computes the _d values from the response, the port grant and the dispatch
//      that name it (the C updates the walker array in that order, so a later step wins;
//      here the three name different walkers: WAIT, REQ and IDLE).
//
// Where it departs from its C twin (the C does more): the C takes a per-request address
// space (arr_asid, a root per ASID, PWC entries tagged with the walk's ASID) for systems of
// several applications; this module has one address space, parameter Asid and root_i, and
// the lockstep drives the C with that one ASID (docs/architecture.md §5).
//
// Widths and encodings come from rtl/xl_pkg.sv. The mutants of the lockstep's mutation test
// are patches of this file (tests/lockstep/mutants/walk_path/).
`include "xl_assert.svh"

module xl_walk_path #(
  parameter int        NumSlots       = 256,
  parameter int        NumWalkers     = 8,
  parameter int        Policy         = xl_pkg::PolicyFcfs,   // xl_pkg::Policy*
  parameter int        AgingThreshold = 2000000,
  parameter bit [xl_pkg::LfsrW-1:0] LfsrSeed = 32'h1,
  parameter int        Coalesce       = xl_pkg::CoalOff,      // xl_pkg::Coal*
  parameter int        L4Entries      = 4,
  parameter int        L4Ways         = 4,
  parameter int        L3Entries      = 8,
  parameter int        L3Ways         = 4,
  parameter int        L2Entries      = 32,
  parameter int        L2Ways         = 4,
  parameter int        PwcLatency     = 1,
  parameter int        PickPipe       = 0,                    // xl_walk_sched PickPipe
  parameter int        ScanPipe       = 0,                    // xl_coalesce ScanPipe
  parameter bit [15:0] Asid           = 16'd1,
  parameter int        TagWidth       = 16,
  parameter int        StatWidth      = 64,
  localparam int       SlotW          = (NumSlots > 1) ? $clog2(NumSlots) : 1,
  localparam int       WalkW          = (NumWalkers > 1) ? $clog2(NumWalkers) : 1
) (
  input  logic                                          clk_i,
  input  logic                                          rst_ni,

  // Arrival: an IOMMU TLB miss.
  input  logic                                          arr_valid_i,
  input  logic [xl_pkg::VaW-1:0]                        arr_va_i,
  input  logic [xl_pkg::InstrW-1:0]                     arr_instr_id_i,
  input  logic [TagWidth-1:0]                           arr_tag_i,
  output logic                                          arr_ready_o,
  output logic [xl_pkg::ReadsW-1:0]                     arr_est_o,

  // Page-table root (CR3) of the address space.
  input  logic [xl_pkg::PaW-1:0]                        root_i,

  // Memory read port: 64 B page-table lines.
  output logic                                          mem_req_valid_o,
  input  logic                                          mem_req_ready_i,
  output logic [WalkW-1:0]                              mem_req_walker_o,
  output logic [xl_pkg::LevelW-1:0]                     mem_req_level_o,
  output logic [xl_pkg::PaW-1:0]                        mem_req_addr_o,
  input  logic                                          rsp_valid_i,
  input  logic [WalkW-1:0]                              rsp_walker_i,
  input  logic [xl_pkg::LineW-1:0]                      rsp_line_i,

  // Completions, lane i = slot of the completing entry in the returned line.
  output logic [xl_pkg::LineEntries-1:0]                cpl_valid_o,
  output logic [xl_pkg::LineEntries*TagWidth-1:0]       cpl_tag_o,
  output logic [xl_pkg::LineEntries*xl_pkg::PaW-1:0]    cpl_frame_o,
  output logic [xl_pkg::LineEntries*xl_pkg::ShiftW-1:0] cpl_shift_o,
  output logic [xl_pkg::LineEntries-1:0]                cpl_coalesced_o,
  output logic [xl_pkg::LineEntries*xl_pkg::ReadsW-1:0] cpl_reads_o,

  // Observability (event log, coverage, lockstep).
  output logic                                          disp_valid_o,
  output logic [WalkW-1:0]                              disp_walker_o,
  output logic [xl_pkg::RuleW-1:0]                      disp_rule_o,
  output logic [SlotW-1:0]                              disp_slot_o,
  output logic [TagWidth-1:0]                           disp_tag_o,
  output logic [xl_pkg::LevelW-1:0]                     disp_level_o,
  output logic [xl_pkg::PaW-1:0]                        disp_node_o,
  output logic                                          disp_resumed_o,
  output logic                                          arr_buffered_o,
  output logic [SlotW-1:0]                              arr_slot_o,
  output logic [xl_pkg::ScoreW-1:0]                     arr_score_o,
  output logic                                          rsp_fault_o,
  output logic                                          fill_valid_o,
  output logic                                          stuck_o,
  output logic [StatWidth-1:0]                          cnt_walks_o,
  output logic [StatWidth-1:0]                          cnt_reads_l1_o,
  output logic [StatWidth-1:0]                          cnt_reads_l2_o,
  output logic [StatWidth-1:0]                          cnt_reads_l3_o,
  output logic [StatWidth-1:0]                          cnt_reads_l4_o,
  output logic [StatWidth-1:0]                          cnt_coalesced_o,
  output logic [StatWidth-1:0]                          cnt_resumed_o,
  output logic [StatWidth-1:0]                          cnt_cl_stalls_o,
  output logic [StatWidth-1:0]                          cnt_faults_o
);

  `XL_ASSERT_PARAM(WalkersRange, NumWalkers >= 1 && NumWalkers <= 64)
  `XL_ASSERT_PARAM(PwcLatencyRange, PwcLatency >= 1 && PwcLatency <= 255)
  `XL_ASSERT_PARAM(CoalesceRange, Coalesce >= xl_pkg::CoalOff && Coalesce <= xl_pkg::CoalBoth)

  localparam int VaW    = xl_pkg::VaW;
  localparam int PaW    = xl_pkg::PaW;
  localparam int LevelW = xl_pkg::LevelW;
  localparam int ReadsW = xl_pkg::ReadsW;
  localparam int ScoreW = xl_pkg::ScoreW;
  localparam int ShiftW = xl_pkg::ShiftW;
  localparam int Lanes  = xl_pkg::LineEntries;
  localparam int LaneW  = xl_pkg::LaneW;
  localparam int PteW   = xl_pkg::PteW;
  localparam int EstW   = xl_pkg::EstW;
  localparam int PgSh   = xl_pkg::PageShift;
  localparam int LgSh   = xl_pkg::LargeShift;
  localparam int WaitW  = 8;   // LOOKUP countdown: PwcLatency - 1 <= 254

  // Icarus 11 crashes on a declaration typed with a package-scoped enum: a local alias.
  typedef xl_pkg::wk_state_e wk_state_e;

  ////////////
  // State  //
  ////////////

  // Walker w (form difference 5): state machine, level of its next or outstanding read,
  // reads so far, LOOKUP countdown (reset); VA, node to read and tag of its walk (no reset,
  // read only while the walker is busy).
  wk_state_e             wk_state_q [NumWalkers];
  wk_state_e             wk_state_d [NumWalkers];
  logic [LevelW-1:0]     wk_level_q [NumWalkers];
  logic [LevelW-1:0]     wk_level_d [NumWalkers];
  logic [ReadsW-1:0]     wk_reads_q [NumWalkers];
  logic [ReadsW-1:0]     wk_reads_d [NumWalkers];
  logic [WaitW-1:0]      wk_wait_q  [NumWalkers];
  logic [WaitW-1:0]      wk_wait_d  [NumWalkers];
  logic [VaW-1:0]        wk_va_q    [NumWalkers];
  logic [PaW-1:0]        wk_node_q  [NumWalkers];
  logic [TagWidth-1:0]   wk_tag_q   [NumWalkers];
  logic [TagWidth*NumSlots-1:0] slot_tag_q;   // form difference 1
  logic [StatWidth-1:0] walks_q, coalesced_q, resumed_q, cl_stalls_q, faults_q;
  logic [StatWidth-1:0] reads1_q, reads2_q, reads3_q, reads4_q;

  // Lowest set bit of a walker vector (0 when none).
  function automatic logic [WalkW-1:0] lowest(input logic [NumWalkers-1:0] v);
    lowest = '0;
    for (int w = NumWalkers - 1; w >= 0; w--) begin
      if (v[w]) lowest = WalkW'(w);
    end
  endfunction

  logic [NumWalkers-1:0] wk_idle, wk_req, wk_busy;
  for (genvar w = 0; w < NumWalkers; w++) begin : g_wk_flags
    assign wk_idle[w] = wk_state_q[w] == xl_pkg::WkIdle;
    assign wk_req[w]  = wk_state_q[w] == xl_pkg::WkReq;
    assign wk_busy[w] = !wk_idle[w];
  end

  //////////////////////////////////
  // 1. The response of a walker  //
  //////////////////////////////////

  logic [LevelW-1:0] rw_level;
  logic [VaW-1:0]    rw_va;
  logic [LaneW-1:0]  rw_lane;
  /* verilator lint_off UNUSEDSIGNAL */   // the line index above the slot; flag bits
  logic [xl_pkg::LevelIdxW-1:0] rw_idx;   // other than P and PS
  logic [PteW-1:0]   rw_pte;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [PaW-1:0]    rw_base;             // the node or 4 KB page the entry points to
  logic              rsp_leaf, rsp_fill;
  assign rw_level    = wk_level_q[rsp_walker_i];
  assign rw_va       = wk_va_q[rsp_walker_i];
  assign rw_idx      = xl_pkg::pt_index(rw_va, rw_level);
  assign rw_lane     = rw_idx[LaneW-1:0];
  assign rw_pte      = rsp_line_i[PteW*rw_lane +: PteW];
  assign rw_base     = xl_pkg::pte_base(rw_pte);
  assign rsp_fault_o = rsp_valid_i && !rw_pte[xl_pkg::PteP];
  assign rsp_leaf    = rsp_valid_i && rw_pte[xl_pkg::PteP] &&
                       (rw_level == LevelW'(1) ||
                        (rw_level == LevelW'(2) && rw_pte[xl_pkg::PtePs]));
  assign rsp_fill    = rsp_valid_i && rw_pte[xl_pkg::PteP] && !rsp_leaf;
  assign fill_valid_o = rsp_fill;

  /////////////////////////
  // 2. Walk coalescing  //
  /////////////////////////

  logic [NumSlots-1:0]        co_blocked, co_kill;
  logic                       co_arr_blocked;
  logic [Lanes-1:0]           co_cpl_valid;
  logic [Lanes*SlotW-1:0]     co_cpl_slot;
  logic [Lanes*PaW-1:0]       co_cpl_frame;
  logic [Lanes*ShiftW-1:0]    co_cpl_shift;
  logic [LevelW-1:0]          co_resume_pl;
  logic [PaW-1:0]             co_resume_pa;
  logic [LevelW*NumWalkers-1:0] pwst_level;
  logic [VaW*NumWalkers-1:0]    pwst_va;
  for (genvar w = 0; w < NumWalkers; w++) begin : g_pwst
    assign pwst_level[LevelW*w +: LevelW] = wk_level_q[w];
    assign pwst_va[VaW*w +: VaW]          = wk_va_q[w];
  end

  // Scheduler outputs used below.
  logic               ws_arr_ready, ws_arr_buffered, ws_disp_valid;
  logic [SlotW-1:0]   ws_arr_slot, ws_disp_slot;
  logic [ScoreW-1:0]  ws_arr_score;
  logic [xl_pkg::RuleW-1:0] ws_disp_rule;
  logic [VaW-1:0]     ws_disp_va;
  /* verilator lint_off UNUSEDSIGNAL */   // observed through the scheduler's own ports
  logic [ScoreW-1:0]  ws_disp_score;
  logic [xl_pkg::InstrW-1:0] ws_disp_instr_id;
  logic [xl_pkg::StampW-1:0] ws_disp_stamp;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [TagWidth-1:0] ws_disp_tag;
  logic               disp_from_buf;
  logic [$clog2(NumSlots + 1)-1:0] ws_count;
  assign disp_from_buf = ws_disp_valid && ws_disp_rule != xl_pkg::RuleImmediate;

  // The lane of this cycle's own leaf completion (step 1), which a drained scan's
  // completion leaves to it (xl_coalesce ScanPipe 1). A named signal: the same expression
  // written in the port connection stops Yosys 0.23 (read_verilog -defer, hierarchy with
  // chparam) on an internal assertion, "modules_.count(module->name) == 0".
  logic [Lanes-1:0] co_lane_busy;
  assign co_lane_busy = rsp_leaf ? (Lanes'(1) << rw_lane) : '0;

  xl_coalesce #(
    .NumSlots   (NumSlots),
    .NumWalkers (NumWalkers),
    .Mode       (Coalesce),
    .StatWidth  (StatWidth),
    .ScanPipe   (ScanPipe)
  ) u_coalesce (
    .clk_i,
    .rst_ni,
    .arr_valid_i    (ws_arr_buffered),
    .arr_slot_i     (ws_arr_slot),
    .arr_va_i       (arr_va_i),
    .disp_valid_i   (disp_from_buf),
    .disp_slot_i    (ws_disp_slot),
    .pwst_valid_i   (wk_busy),
    .pwst_level_i   (pwst_level),
    .pwst_va_i      (pwst_va),
    .line_valid_i   (rsp_valid_i && rw_pte[xl_pkg::PteP]),
    .line_level_i   (rw_level),
    .line_va_i      (rw_va),
    .line_i         (rsp_line_i),
    .lane_busy_i    (co_lane_busy),
    .resume_slot_i  (ws_disp_slot),
    .resume_pl_o    (co_resume_pl),
    .resume_pa_o    (co_resume_pa),
    .blocked_o      (co_blocked),
    .arr_blocked_o  (co_arr_blocked),
    .kill_o         (co_kill),
    .cpl_valid_o    (co_cpl_valid),
    .cpl_slot_o     (co_cpl_slot),
    .cpl_frame_o    (co_cpl_frame),
    .cpl_shift_o    (co_cpl_shift),
    .scans_o        (),
    .leaf_done_o    (),
    .upper_set_l2_o (),
    .upper_set_l3_o (),
    .upper_set_l4_o (),
    .scan_drops_o   ()
  );

  ///////////////////////////////////////////
  // 3., 5. The page-walk caches (xl_pwc)  //
  ///////////////////////////////////////////

  logic [ReadsW-1:0] probe_reads;
  logic [LevelW-1:0] lookup_hit_level;
  logic [PaW-1:0]    lookup_next;

  xl_pwc #(
    .L4Entries (L4Entries),
    .L4Ways    (L4Ways),
    .L3Entries (L3Entries),
    .L3Ways    (L3Ways),
    .L2Entries (L2Entries),
    .L2Ways    (L2Ways),
    .StatWidth (StatWidth)
  ) u_pwc (
    .clk_i,
    .rst_ni,
    .probe_valid_i      (arr_valid_i),
    .probe_inc_i        (ws_arr_buffered),
    .probe_asid_i       (Asid),
    .probe_va_i         (arr_va_i),
    .lookup_valid_i     (ws_disp_valid),
    .lookup_asid_i      (Asid),
    .lookup_va_i        (ws_disp_va),
    .fill_valid_i       (rsp_fill),
    .fill_level_i       (rw_level),
    .fill_asid_i        (Asid),
    .fill_va_i          (rw_va),
    .fill_next_i        (rw_base),
    .probe_hit_level_o  (),
    .probe_next_o       (),
    .probe_reads_o      (probe_reads),
    .lookup_hit_level_o (lookup_hit_level),
    .lookup_next_o      (lookup_next),
    .lookup_reads_o     (),
    .l4_hits_o (), .l4_misses_o (), .l4_fills_o (), .l4_evictions_o (),
    .l4_protected_evictions_o (), .l4_forced_evictions_o (),
    .l3_hits_o (), .l3_misses_o (), .l3_fills_o (), .l3_evictions_o (),
    .l3_protected_evictions_o (), .l3_forced_evictions_o (),
    .l2_hits_o (), .l2_misses_o (), .l2_fills_o (), .l2_evictions_o (),
    .l2_protected_evictions_o (), .l2_forced_evictions_o ()
  );
  // Without an arrival the estimate reads 4 (a full walk), as the C's.
  assign arr_est_o = arr_valid_i ? probe_reads : ReadsW'(xl_pkg::PtLevels);

  ///////////////////////
  // 4. The scheduler  //
  ///////////////////////

  xl_walk_sched #(
    .NumSlots       (NumSlots),
    .AgingThreshold (AgingThreshold),
    .Policy         (Policy),
    .LfsrSeed       (LfsrSeed),
    .TagWidth       (TagWidth),
    .CntWidth       (StatWidth),
    .PickPipe       (PickPipe)
  ) u_walk_sched (
    .clk_i,
    .rst_ni,
    .arr_valid_i     (arr_valid_i),
    .arr_va_i        (arr_va_i),
    .arr_instr_id_i  (arr_instr_id_i),
    .arr_est_i       (EstW'(arr_est_o)),
    .arr_tag_i       (arr_tag_i),
    .arr_blocked_i   (arr_valid_i && co_arr_blocked),
    .arr_ready_o     (ws_arr_ready),
    .arr_buffered_o  (ws_arr_buffered),
    .arr_slot_o      (ws_arr_slot),
    .arr_score_o     (ws_arr_score),
    .disp_ready_i    (|wk_idle),
    .disp_valid_o    (ws_disp_valid),
    .disp_rule_o     (ws_disp_rule),
    .disp_slot_o     (ws_disp_slot),
    .disp_va_o       (ws_disp_va),
    .disp_instr_id_o (ws_disp_instr_id),
    .disp_stamp_o    (ws_disp_stamp),
    .disp_score_o    (ws_disp_score),
    .disp_tag_o      (ws_disp_tag),
    .blocked_i       (co_blocked),
    .kill_i          (co_kill),
    .count_o         (ws_count),
    .cnt_arrivals_o  (), .cnt_immediate_o (), .cnt_aging_o (), .cnt_batch_o (),
    .cnt_minscore_o  (), .cnt_fcfs_o (), .cnt_random_o (), .cnt_full_o (), .cnt_killed_o ()
  );
  assign arr_ready_o    = ws_arr_ready;
  assign arr_buffered_o = ws_arr_buffered;
  assign arr_slot_o     = ws_arr_slot;
  assign arr_score_o    = ws_arr_score;
  assign disp_valid_o   = ws_disp_valid;
  assign disp_rule_o    = ws_disp_rule;
  assign disp_slot_o    = ws_disp_slot;
  assign disp_tag_o     = ws_disp_tag;
  assign stuck_o = (|wk_idle) && ws_count != '0 && !ws_disp_valid;

  /////////////////////////////////////////
  // 5. Where the dispatched walk starts //
  /////////////////////////////////////////

  logic [WalkW-1:0] idle_first;
  assign idle_first    = lowest(wk_idle);
  // Like every field of an invalid port, the walker reads 0 without a dispatch (C memset).
  assign disp_walker_o = ws_disp_valid ? idle_first : '0;

  logic use_resume;
  assign use_resume = disp_from_buf && co_resume_pl != '0 &&
                      !(lookup_hit_level != '0 && lookup_hit_level < co_resume_pl);
  always_comb begin
    if (!ws_disp_valid) begin
      disp_level_o = '0;
      disp_node_o  = '0;
    end else if (use_resume) begin
      disp_level_o = co_resume_pl - LevelW'(1);
      disp_node_o  = co_resume_pa;
    end else if (lookup_hit_level != '0) begin
      disp_level_o = lookup_hit_level - LevelW'(1);
      disp_node_o  = lookup_next;
    end else begin
      disp_level_o = LevelW'(xl_pkg::PtLevels);
      disp_node_o  = root_i;
    end
  end
  assign disp_resumed_o = ws_disp_valid && use_resume;

  /////////////////////////
  // 6. The memory port  //
  /////////////////////////

  logic [WalkW-1:0]  req_sel;
  logic [LevelW-1:0] rq_level;
  logic [VaW-1:0]    rq_va;
  logic [PaW-1:0]    rq_node;
  /* verilator lint_off UNUSEDSIGNAL */   // the entry's slot in its line
  logic [xl_pkg::LevelIdxW-1:0] rq_idx;
  /* verilator lint_on UNUSEDSIGNAL */
  assign req_sel          = lowest(wk_req);
  assign rq_level         = wk_level_q[req_sel];
  assign rq_va            = wk_va_q[req_sel];
  assign rq_node          = wk_node_q[req_sel];
  assign rq_idx           = xl_pkg::pt_index(rq_va, rq_level);
  assign mem_req_valid_o  = |wk_req;
  // Without a request every field reads 0 (C memset), not walker 0's registers, whose node
  // and VA have no reset.
  assign mem_req_walker_o = mem_req_valid_o ? req_sel : '0;
  assign mem_req_level_o  = mem_req_valid_o ? rq_level : '0;
  // line = node + 64 * (index >> 3)
  assign mem_req_addr_o   = mem_req_valid_o ?
                            rq_node + (PaW'(rq_idx[xl_pkg::LevelIdxW-1:LaneW]) << xl_pkg::LineShift)
                            : '0;

  /////////////////////
  // Completions     //
  /////////////////////

  // Lane i: the walker's own completion when i is its lane, else a coalesced neighbour's.
  logic [TagWidth-1:0] rw_tag;
  logic [ReadsW-1:0]   rw_reads;
  assign rw_tag   = wk_tag_q[rsp_walker_i];
  assign rw_reads = wk_reads_q[rsp_walker_i];
  for (genvar i = 0; i < Lanes; i++) begin : g_cpl
    logic own;
    assign own = rsp_leaf && rw_lane == LaneW'(i);
    assign cpl_valid_o[i]     = own || co_cpl_valid[i];
    assign cpl_coalesced_o[i] = !own && co_cpl_valid[i];
    assign cpl_tag_o[TagWidth*i +: TagWidth] =
        own ? rw_tag :
        co_cpl_valid[i] ? slot_tag_q[TagWidth*co_cpl_slot[SlotW*i +: SlotW] +: TagWidth] : '0;
    assign cpl_frame_o[PaW*i +: PaW] =
        own ? (rw_level == LevelW'(1) ? rw_base : {rw_pte[PaW-1:LgSh], LgSh'(0)}) :
        co_cpl_valid[i] ? co_cpl_frame[PaW*i +: PaW] : '0;
    assign cpl_shift_o[ShiftW*i +: ShiftW] =
        own ? (rw_level == LevelW'(1) ? ShiftW'(PgSh) : ShiftW'(LgSh)) :
        co_cpl_valid[i] ? co_cpl_shift[ShiftW*i +: ShiftW] : '0;
    assign cpl_reads_o[ReadsW*i +: ReadsW] = own ? rw_reads : '0;
  end

  ////////////////////////////////
  // The walkers' next state    //
  ////////////////////////////////

  // The three events of the edge that name a walker, one-hot over the walkers.
  logic [NumWalkers-1:0] rsp_w, grant_w, disp_w;
  logic                  grant;
  assign grant = mem_req_valid_o && mem_req_ready_i;
  for (genvar w = 0; w < NumWalkers; w++) begin : g_wk_events
    assign rsp_w[w]   = rsp_valid_i && rsp_walker_i == WalkW'(w);
    assign grant_w[w] = grant && req_sel == WalkW'(w);
    assign disp_w[w]  = ws_disp_valid && idle_first == WalkW'(w);
  end

  // Per walker, in the C's order, a later step overriding an earlier one, so written as
  // priority chains (the last step first): a dispatch starts the walker in LOOKUP, or in
  // REQ when PwcLatency is 1; a granted read moves it to WAIT; the response moves it one
  // level down to REQ (a pointer) or to IDLE (a leaf or a fault); LOOKUP counts down, to
  // REQ when the count reaches 0. (Continuous assignments: Icarus 11 rejects a blocking
  // assignment from an element of an enum array.)
  for (genvar w = 0; w < NumWalkers; w++) begin : g_wk
    logic lookup_w;
    assign lookup_w = wk_state_q[w] == xl_pkg::WkLookup;

    assign wk_state_d[w] = disp_w[w]  ? ((PwcLatency == 1) ? xl_pkg::WkReq : xl_pkg::WkLookup) :
                           grant_w[w] ? xl_pkg::WkWait :
                           rsp_w[w]   ? (rsp_fill ? xl_pkg::WkReq : xl_pkg::WkIdle) :
                           (lookup_w && wk_wait_q[w] == WaitW'(1)) ? xl_pkg::WkReq :
                           wk_state_q[w];
    assign wk_level_d[w] = disp_w[w]              ? disp_level_o :
                           (rsp_w[w] && rsp_fill) ? rw_level - LevelW'(1) :
                           wk_level_q[w];
    assign wk_reads_d[w] = disp_w[w]  ? '0 :
                           grant_w[w] ? wk_reads_q[w] + ReadsW'(1) :
                           wk_reads_q[w];
    assign wk_wait_d[w]  = disp_w[w] ? WaitW'(PwcLatency - 1) :
                           lookup_w  ? wk_wait_q[w] - WaitW'(1) :
                           wk_wait_q[w];

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        wk_state_q[w] <= xl_pkg::WkIdle;
        wk_level_q[w] <= '0;
        wk_reads_q[w] <= '0;
        wk_wait_q[w]  <= '0;
      end else begin
        wk_state_q[w] <= wk_state_d[w];
        wk_level_q[w] <= wk_level_d[w];
        wk_reads_q[w] <= wk_reads_d[w];
        wk_wait_q[w]  <= wk_wait_d[w];
      end
    end

    // Data fields: no reset (read only through a busy walker). A dispatch writes the walk;
    // a pointer entry in the response writes the next node to read.
    always_ff @(posedge clk_i) begin
      if (disp_w[w]) begin
        wk_va_q[w]   <= ws_disp_va;
        wk_node_q[w] <= disp_node_o;
        wk_tag_q[w]  <= ws_disp_tag;
      end else if (rsp_w[w] && rsp_fill) begin
        wk_node_q[w] <= rw_base;
      end
    end
  end

  //////////////////////////
  // Counters and tags    //
  //////////////////////////

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      walks_q     <= '0;
      reads1_q    <= '0;
      reads2_q    <= '0;
      reads3_q    <= '0;
      reads4_q    <= '0;
      coalesced_q <= '0;
      resumed_q   <= '0;
      cl_stalls_q <= '0;
      faults_q    <= '0;
    end else begin
      coalesced_q <= coalesced_q + StatWidth'($countones(co_cpl_valid));
      if (stuck_o) cl_stalls_q <= cl_stalls_q + StatWidth'(1);
      if (rsp_valid_i && !rsp_fill) begin
        if (rsp_fault_o) faults_q <= faults_q + StatWidth'(1);
        else             walks_q  <= walks_q + StatWidth'(1);
      end
      if (grant) begin
        case (rq_level)
          LevelW'(1): reads1_q <= reads1_q + StatWidth'(1);
          LevelW'(2): reads2_q <= reads2_q + StatWidth'(1);
          LevelW'(3): reads3_q <= reads3_q + StatWidth'(1);
          default:    reads4_q <= reads4_q + StatWidth'(1);
        endcase
      end
      if (disp_resumed_o) resumed_q <= resumed_q + StatWidth'(1);
    end
  end

  // The tag of a buffered request, for its coalesced completion (no reset: read only for a
  // valid slot).
  always_ff @(posedge clk_i) begin
    if (ws_arr_buffered) begin
      slot_tag_q[TagWidth*ws_arr_slot +: TagWidth] <= arr_tag_i;
    end
  end

  assign cnt_walks_o     = walks_q;
  assign cnt_reads_l1_o  = reads1_q;
  assign cnt_reads_l2_o  = reads2_q;
  assign cnt_reads_l3_o  = reads3_q;
  assign cnt_reads_l4_o  = reads4_q;
  assign cnt_coalesced_o = coalesced_q;
  assign cnt_resumed_o   = resumed_q;
  assign cnt_cl_stalls_o = cl_stalls_q;
  assign cnt_faults_o    = faults_q;

  // A response comes only for a walker waiting for one; the port is never granted to a
  // walker that is not asking.
  `XL_ASSERT(RspToWaiting, (!rsp_valid_i || wk_state_q[rsp_walker_i] == xl_pkg::WkWait), clk_i,
             rst_ni)
  `XL_ASSERT(DispToIdle, (!ws_disp_valid || wk_idle[idle_first]), clk_i, rst_ni)

endmodule
