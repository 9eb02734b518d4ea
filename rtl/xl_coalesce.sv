// xl_coalesce - neighbourhood-aware walk coalescing (MICRO'18 §III-IV): the PL/PA fields of
// every IOMMU buffer slot, the CL flag ("blocked") computed every cycle against the page-walk
// service table (PWST), and the scan of every page-table line a walker receives: leaf
// neighbours complete at once on one of 8 lanes (full coalescing), upper-level neighbours
// record where their own walk will resume (partial coalescing).
//
// Spec: seed-000-003-walk-scheduling-coalescing.md §1.3 (x86-64 entry format, index and
// neighbourhood of each level: VA[47:15] at L1, VA[47:24] at L2, VA[47:33] at L3, VA[47:42]
// at L4), §3.2 (PL/PA/CL, PWST), §3.3 E1-E3 (arrival, scan on a line return, CL at every
// dispatch opportunity), §3.5 (modes off/leaf/upper/both), §8 items 7-8 (CL recomputed
// every cycle; the resume point only moves down). DESIGN.md "twin contract".
//
// Timing: every output but the counters answers in the cycle of its inputs; the state moves
// at the rising edge. rtl/xl_coalesce.md has the port table and an ASCII timing diagram of a
// line return and the following dispatch (checked by case F of tests/rtl/tb_xl_coalesce.sv).
//
// C twin: model/include/xlat/coalesce.h (the header comment is the behavioural spec of this
// module), model/src/coalesce.c (xl_coalesce_reset / _comb / _step / _resume, ports
// xl_co_in_t / xl_co_out_t). Ports and cycle semantics are the C's, bit for bit:
//   - every output except the counters is combinational from the state before the edge
//     and this cycle's inputs (C comb); the counters are registers (C state);
//   - blocked_o[s] = valid[s] and some valid PWST walker w at an enabled level L with
//     nbr(va[s], pwst_va[w], L); arr_blocked_o is the same test of arr_va_i (even when
//     arr_valid_i is low);
//   - when line_valid_i and line_level_i is enabled, every valid slot s in the line's
//     neighbourhood whose entry e = line[idx_L(va[s]) & 7] is present:
//       leaf (L = 1, or L = 2 with PS): lane idx_L(va[s]) & 7 gets cpl_* and kill_o[s],
//         except the walker's own lane idx_L(line_va) & 7; the lowest slot wins a lane;
//       upper (L > 1, not a leaf): at the edge PL = L, PA = frame(e) if PL is none or
//         L < PL;
//   - the edge: the departing slot and the killed slots become invalid with PL none, the
//     upper updates land (not on the departing slot), the arrival is written last
//     (valid, va, PL none, PA 0).
// In C, blocked and kill are filled only when the caller passes arrays; here they are
// always computed. A lane without a completion reads all-zero (slot, frame, shift).
//
// Where the hardware form differs from the C code's form (behaviour identical):
//   1. Neighbourhood: the C shifts (a ^ b) right by 15 + 9(L-1). Here four nested segment
//      equalities of the XOR (VA[47:42], [41:33], [32:24], [23:15]) give nbr at L4, L3, L2,
//      L1 in one 4-bit vector, and a one-hot level mask with the mode already folded in
//      (w_mask per walker, line_mask for the line) selects the level. Mode off makes every
//      mask zero, so all outputs are zero as in the C's early return, and synthesis removes
//      the logic. The slot of an entry in its line (idx_L & 7) is the same one-hot AND-OR
//      select of VA[14:12], [23:21], [32:30], [41:39].
//   2. CL: the C loops over walkers and stops at the first match; here every (slot, walker)
//      pair compares in parallel and the results are ORed.
//   3. Storage: VA[47:12] per slot (36 bits; bits 11:0 never matter: the smallest
//      neighbourhood starts at bit 15 and the lowest index at bit 12), PA[51:12] (40 bits;
//      a frame from an entry always has bits 11:0 zero), PL in 2 bits (0 none, 1..3 = L2..L4)
//      instead of the C's values 0, 2, 3, 4. resume_pl_o decodes it, resume_pa_o appends
//      12 zero bits, and the lockstep compares va >> 12.
//   4. Lane arbitration: the C visits the valid slots in ascending order and gives a free
//      lane to the first that wants it. Here each lane has a candidate vector over all slots
//      and cand & (~cand + 1) isolates its lowest set bit (a carry chain), which drives
//      kill_o and is encoded into cpl_slot_o. Every candidate of lane i reads the same line
//      entry i, so cpl_frame_o/cpl_shift_o come straight from entry i and the line level,
//      not from the winning slot.
//   5. The C step applies, in order, the departure, the kills, the upper updates (over the
//      slots still valid) and the arrival. Here each slot has one next-state function with
//      priority arrival > upper update > clear; the upper update is masked by "not the
//      departing slot" (the C skips it because it is no longer valid), and a killed slot
//      can never have an upper update (leaf and pointer entries are exclusive, assertion
//      KillUpdDisjoint).
//   6. Counters: the C adds 1 per lane in step and 1 per moved slot; here leaf_done adds
//      $countones(cpl_valid) and upper_set_lL adds $countones(upd) when the line is level L.
//      All counters wrap modulo 2^StatWidth (the C's are 64-bit).
//   7. Reset: valid, PL, PA and the counters reset asynchronously (PA too, because
//      resume_pa_o shows it even when PL is none, and the C clears it). The VA flops have
//      no reset (lowRISC data-flop practice): they are read only through a valid slot; the
//      lockstep runs Verilator with random initial values to show it.
//   8. Input domain: the C's shift and index formulas are meaningful only for levels 1..4
//      (coalesce.h: "level 1..4"). Here a level outside 1..4 matches nothing, and the
//      assertions LevelRangePwst/LevelRangeLine flag one on a valid PWST entry or a valid
//      line. Slot indices must be below NumSlots (assertion SlotRange, only when NumSlots
//      is not a power of two); the C would index out of bounds, the RTL reads zero.
//   9. The C keeps per-slot results implicit in its loops; here they are vectors over all
//      slots (match, upd, the per-lane candidate vectors cand) computed by for loops in
//      always_comb blocks, and the per-slot flops are written by one small always_ff per
//      slot (generate g_slot).
//
// Parameters (checked at elaboration with `XL_ASSERT_PARAM):
//   NumSlots   1..4096  IOMMU buffer slots (equal to the walk scheduler's); paper 256
//   NumWalkers 1..64    PWST entries; paper 8
//   Mode       0..3     iommu.coalesce: 0 off, 1 leaf (L1 lines), 2 upper (L4/L3/L2 lines),
//                       3 both (C enum xl_co_mode_t: bit 0 = leaf, bit 1 = upper)
//   StatWidth  1..64    width of the counters, equal to the C's modulo 2^StatWidth
//
// Test-only mutation hooks (tests/lockstep/mutants_coalesce.sh; never defined in a real
// build), each breaking one rule of the spec:
//   XL_MUTANT_NBR_SHIFT    every neighbourhood starts one VA bit higher (L1 VA[47:16], ...)
//   XL_MUTANT_PL_UP        an upper line may move the resume point up (no "L < PL" test)
//   XL_MUTANT_OWN_LANE     the walker's own lane is not excluded from leaf completions
//   XL_MUTANT_LANE_TIE     the highest slot wins a lane instead of the lowest
//   XL_MUTANT_PS_PTR       a PS entry at L2 is taken for a pointer, not a 2 MB leaf
//   XL_MUTANT_NOT_PRESENT  the present bit is not checked
//   XL_MUTANT_DISP_KEEP_PL a departure leaves the slot's PL in place
`include "xl_assert.svh"

module xl_coalesce #(
  parameter int NumSlots   = 256,
  parameter int NumWalkers = 8,
  parameter int Mode       = 3,
  parameter int StatWidth  = 64,
  localparam int SlotW     = (NumSlots > 1) ? $clog2(NumSlots) : 1
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,

  // Arrival: the scheduler buffers arr_va_i in slot arr_slot_i at this edge.
  input  logic                      arr_valid_i,
  input  logic [SlotW-1:0]          arr_slot_i,
  input  logic [47:0]               arr_va_i,

  // Departure: slot disp_slot_i leaves the buffer (dispatched) at this edge.
  input  logic                      disp_valid_i,
  input  logic [SlotW-1:0]          disp_slot_i,

  // PWST, walker w in bits [w], [3w +: 3], [48w +: 48]: valid, level (1..4) and VA of
  // the walker's outstanding access (state before the edge).
  input  logic [NumWalkers-1:0]     pwst_valid_i,
  input  logic [3*NumWalkers-1:0]   pwst_level_i,
  input  logic [48*NumWalkers-1:0]  pwst_va_i,

  // A walker's page-table line is back: its level (1..4), the VA the walker serves and the
  // 8 entries (entry i in line_i[64i +: 64]).
  input  logic                      line_valid_i,
  input  logic [2:0]                line_level_i,
  input  logic [47:0]               line_va_i,
  input  logic [8*64-1:0]           line_i,

  // Resume lookup (C xl_coalesce_resume): PL (0 none, else 2..4) and PA of a slot.
  input  logic [SlotW-1:0]          resume_slot_i,
  output logic [2:0]                resume_pl_o,
  output logic [51:0]               resume_pa_o,

  // CL per slot and of the arriving VA.
  output logic [NumSlots-1:0]       blocked_o,
  output logic                      arr_blocked_o,

  // Leaf completions by the scan: killed slots, and per lane i (bits [i], [SlotW*i +:
  // SlotW], [52i +: 52], [5i +: 5]) the slot, its page base and the page shift (12, 21).
  output logic [NumSlots-1:0]       kill_o,
  output logic [7:0]                cpl_valid_o,
  output logic [8*SlotW-1:0]        cpl_slot_o,
  output logic [8*52-1:0]           cpl_frame_o,
  output logic [8*5-1:0]            cpl_shift_o,

  // Counters (C: scans, leaf_done, upper_set[2..4]), modulo 2^StatWidth.
  output logic [StatWidth-1:0]      scans_o,
  output logic [StatWidth-1:0]      leaf_done_o,
  output logic [StatWidth-1:0]      upper_set_l2_o,
  output logic [StatWidth-1:0]      upper_set_l3_o,
  output logic [StatWidth-1:0]      upper_set_l4_o
);

  ///////////////////////
  // Parameter checks  //
  ///////////////////////

  `XL_ASSERT_PARAM(NumSlotsRange, NumSlots >= 1 && NumSlots <= 4096)
  `XL_ASSERT_PARAM(NumWalkersRange, NumWalkers >= 1 && NumWalkers <= 64)
  `XL_ASSERT_PARAM(ModeRange, Mode >= 0 && Mode <= 3)
  `XL_ASSERT_PARAM(StatWidthRange, StatWidth >= 1 && StatWidth <= 64)

  ////////////////
  // Constants  //
  ////////////////

  localparam int VpnW  = 36;   // VA[47:12], stored per slot
  localparam int FrmW  = 40;   // PA[51:12], an entry's frame
  localparam int Lanes = 8;    // entries per 64 B line

  // Levels enabled by the mode, bit L-1 for level L.
  localparam logic LeafOn  = (Mode == 1) || (Mode == 3);
  localparam logic UpperOn = (Mode == 2) || (Mode == 3);
  localparam logic [3:0] LevelOn = {UpperOn, UpperOn, UpperOn, LeafOn};

  // Lowest VPN bit of each level's neighbourhood key: VA bit 15 + 9(L-1), minus 12.
`ifdef XL_MUTANT_NBR_SHIFT
  localparam int NbrOff = 1;
`else
  localparam int NbrOff = 0;
`endif
  localparam int Nb1  = 3 + NbrOff;
  localparam int Nb2  = 12 + NbrOff;
  localparam int Nb3  = 21 + NbrOff;
  localparam int Nb4  = 30 + NbrOff;
  localparam int KeyW = VpnW - Nb1;   // VA[47:15]: the bits any neighbourhood key reads

  // Entry bits (spec §1.3): P, PS and the frame.
  localparam int PteP  = 0;
  localparam int PtePs = 7;

  ////////////////
  // Functions  //
  ////////////////

  // Called only from continuous assignments and constant expressions: Icarus 11 puts a
  // called function's variables into an always_comb's sensitivity, and two always_comb
  // blocks calling one function with different arguments then wake each other forever.

  // One-hot of a level 1..4 (bit L-1); zero for any other value.
  function automatic logic [3:0] level_oh(input logic [2:0] level);
    logic [3:0] r;
    r = '0;
    if (level >= 3'd1 && level <= 3'd4) r[2'(level - 3'd1)] = 1'b1;
    level_oh = r;
  endfunction

  // Constant: bit s is bit b of the number s (the slot encoder's OR masks).
  function automatic logic [NumSlots-1:0] idx_mask(input int b);
    logic [NumSlots-1:0] r;
    for (int s = 0; s < NumSlots; s++) r[s] = ((s >> b) & 1) != 0;
    idx_mask = r;
  endfunction

  ////////////
  // State  //
  ////////////

  // Per slot s: valid_q[s]; vpn_q[s] = VA[47:12] (no reset, read only through a valid
  // slot); pl_q[s] (0 none, 1..3 = L2..L4); pa_q[s] = PA[51:12] of the node to read at
  // level PL-1. The arrays are written slot by slot from the g_slot generate blocks (one
  // small always_ff per slot) and read in loops.
  logic [NumSlots-1:0]  valid_q;
  logic [VpnW-1:0]      vpn_q [NumSlots];
  logic [1:0]           pl_q  [NumSlots];
  logic [FrmW-1:0]      pa_q  [NumSlots];
  logic [StatWidth-1:0] scans_q, leaf_done_q, upper_l2_q, upper_l3_q, upper_l4_q;

  ///////////////////////////
  // Inputs, split up      //
  ///////////////////////////

  logic [VpnW-1:0] arr_vpn, line_vpn;
  assign arr_vpn  = arr_va_i[47:12];
  assign line_vpn = line_va_i[47:12];

  // Per walker w: the neighbourhood key VA[47:15] and the level mask (one-hot level, enabled
  // by the mode, valid entry).
  logic [KeyW-1:0] w_key  [NumWalkers];
  logic [3:0]      w_mask [NumWalkers];
  for (genvar w = 0; w < NumWalkers; w++) begin : g_walker
    assign w_key[w]  = pwst_va_i[48*w+12+Nb1 +: KeyW];
    assign w_mask[w] = pwst_valid_i[w] ? (level_oh(pwst_level_i[3*w +: 3]) & LevelOn) : 4'd0;
  end

  // The line: its level mask (zero when no line or the level is off), the walker's own
  // lane, which lanes hold a present leaf or a present pointer, and each entry's frame.
  logic [3:0]       line_mask;
  logic             scan, scan_upper;
  logic [2:0]       own_lane;
  logic [Lanes-1:0] lane_leaf, lane_ptr;
  logic [1:0]       line_pl;   // the line's level in the PL encoding (L - 1)
  logic [FrmW-1:0]  ent_frame [Lanes];
  assign line_mask  = line_valid_i ? (level_oh(line_level_i) & LevelOn) : 4'd0;
  assign scan       = |line_mask;
  assign scan_upper = |line_mask[3:1];
  assign own_lane   = ({3{line_mask[0]}} & line_vpn[2:0]) |
                      ({3{line_mask[1]}} & line_vpn[11:9]) |
                      ({3{line_mask[2]}} & line_vpn[20:18]) |
                      ({3{line_mask[3]}} & line_vpn[29:27]);
  assign line_pl    = 2'(line_level_i - 3'd1);
  for (genvar i = 0; i < Lanes; i++) begin : g_entry
    assign ent_frame[i] = line_i[64*i+12 +: FrmW];
`ifdef XL_MUTANT_NOT_PRESENT
    assign lane_leaf[i] = line_mask[0] || (line_mask[1] && line_i[64*i+PtePs]);
    assign lane_ptr[i]  = scan_upper && !lane_leaf[i];
`elsif XL_MUTANT_PS_PTR
    assign lane_leaf[i] = line_i[64*i+PteP] && line_mask[0];
    assign lane_ptr[i]  = line_i[64*i+PteP] && scan_upper && !lane_leaf[i];
`else
    assign lane_leaf[i] = line_i[64*i+PteP] &&
                          (line_mask[0] || (line_mask[1] && line_i[64*i+PtePs]));
    assign lane_ptr[i]  = line_i[64*i+PteP] && scan_upper && !lane_leaf[i];
`endif
  end

  //////////////////////////////////////////////////
  // CL (§3.3 E3.1), of every slot and of arr_va  //
  //////////////////////////////////////////////////

  // nbr at every level from the XOR d of two keys: four nested segment equalities
  // (form item 1), ANDed with the walker's level mask and ORed over the walkers.
  always_comb begin
    logic [KeyW-1:0] d;
    logic [3:0]      nb;
    logic            cl;
    for (int s = 0; s < NumSlots; s++) begin
      cl = 1'b0;
      for (int w = 0; w < NumWalkers; w++) begin
        d     = vpn_q[s][VpnW-1:Nb1] ^ w_key[w];
        nb[3] = (d[KeyW-1:Nb4-Nb1] == '0);
        nb[2] = nb[3] && (d[Nb4-Nb1-1:Nb3-Nb1] == '0);
        nb[1] = nb[2] && (d[Nb3-Nb1-1:Nb2-Nb1] == '0);
        nb[0] = nb[1] && (d[Nb2-Nb1-1:0] == '0);
        cl    = cl || |(nb & w_mask[w]);
      end
      blocked_o[s] = valid_q[s] && cl;
    end
  end

  always_comb begin
    logic [KeyW-1:0] d;
    logic [3:0]      nb;
    arr_blocked_o = 1'b0;
    for (int w = 0; w < NumWalkers; w++) begin
      d     = arr_vpn[VpnW-1:Nb1] ^ w_key[w];
      nb[3] = (d[KeyW-1:Nb4-Nb1] == '0);
      nb[2] = nb[3] && (d[Nb4-Nb1-1:Nb3-Nb1] == '0);
      nb[1] = nb[2] && (d[Nb3-Nb1-1:Nb2-Nb1] == '0);
      nb[0] = nb[1] && (d[Nb2-Nb1-1:0] == '0);
      arr_blocked_o = arr_blocked_o || |(nb & w_mask[w]);
    end
  end

  /////////////////////////////////////
  // Scan of a returned line (E2.2)  //
  /////////////////////////////////////

  // Per slot: match (valid and in the line's neighbourhood), lane[s] (its entry's slot in
  // the line), upd (its resume point moves at the edge); cand[NumSlots*i + s]: slot s
  // wants lane i for a leaf completion (never the walker's own lane).
  logic [NumSlots-1:0]       match, upd, disp_oh, arr_oh;
  logic [2:0]                lane [NumSlots];
  logic [Lanes*NumSlots-1:0] cand;
  always_comb begin
    logic [KeyW-1:0] d;
    logic [3:0]      nb;
    logic [2:0]      ln;
    logic [VpnW-1:0] v;
    cand = '0;
    for (int s = 0; s < NumSlots; s++) begin
      v          = vpn_q[s];
      disp_oh[s] = disp_valid_i && (disp_slot_i == SlotW'(s));
      arr_oh[s]  = arr_valid_i && (arr_slot_i == SlotW'(s));
      d     = v[VpnW-1:Nb1] ^ line_vpn[VpnW-1:Nb1];
      nb[3] = (d[KeyW-1:Nb4-Nb1] == '0);
      nb[2] = nb[3] && (d[Nb4-Nb1-1:Nb3-Nb1] == '0);
      nb[1] = nb[2] && (d[Nb3-Nb1-1:Nb2-Nb1] == '0);
      nb[0] = nb[1] && (d[Nb2-Nb1-1:0] == '0);
      match[s] = valid_q[s] && |(nb & line_mask);
      ln = ({3{line_mask[0]}} & v[2:0]) | ({3{line_mask[1]}} & v[11:9]) |
           ({3{line_mask[2]}} & v[20:18]) | ({3{line_mask[3]}} & v[29:27]);
      lane[s] = ln;
`ifdef XL_MUTANT_OWN_LANE
      if (match[s] && lane_leaf[ln]) cand[NumSlots*ln + s] = 1'b1;
`else
      if (match[s] && lane_leaf[ln] && ln != own_lane) cand[NumSlots*ln + s] = 1'b1;
`endif
`ifdef XL_MUTANT_PL_UP
      upd[s] = match[s] && lane_ptr[ln] && !disp_oh[s];
`else
      // §8 item 8: only when PL is none or the line is deeper than PL.
      upd[s] = match[s] && lane_ptr[ln] && !disp_oh[s] &&
               (pl_q[s] == 2'd0 || line_pl < pl_q[s]);
`endif
    end
  end

  // Per lane: the lowest candidate wins (form item 4).
  logic [NumSlots-1:0] win [Lanes];
  for (genvar i = 0; i < Lanes; i++) begin : g_lane
    logic [NumSlots-1:0] c, wn;
    logic [SlotW-1:0]    ws;
    assign c = cand[NumSlots*i +: NumSlots];
`ifdef XL_MUTANT_LANE_TIE
    // Mutant: the highest set bit, as the lowest set bit of the reversed vector.
    logic [NumSlots-1:0] cr, wr;
    for (genvar s = 0; s < NumSlots; s++) begin : g_rev
      assign cr[s] = c[NumSlots-1-s];
      assign wn[s] = wr[NumSlots-1-s];
    end
    assign wr = cr & (~cr + NumSlots'(1));
`else
    assign wn = c & (~c + NumSlots'(1));   // lowest set bit (one-hot or zero)
`endif
    assign win[i] = wn;
    // Encoder of the one-hot winner: bit b of the slot number is the OR of the winner's
    // bits over the slots whose number has bit b set.
    for (genvar b = 0; b < SlotW; b++) begin : g_bit
      localparam logic [NumSlots-1:0] Mask = idx_mask(b);
      assign ws[b] = |(wn & Mask);
    end

    // Lane outputs: a completion's page base and shift come from the lane's own entry.
    assign cpl_valid_o[i]               = |c;
    assign cpl_slot_o[SlotW*i +: SlotW] = cpl_valid_o[i] ? ws : '0;
    assign cpl_frame_o[52*i +: 52]      = !cpl_valid_o[i] ? '0 :
                                          line_mask[0] ? {ent_frame[i], 12'd0} :
                                                         {ent_frame[i][FrmW-1:9], 21'd0};
    assign cpl_shift_o[5*i +: 5]        = !cpl_valid_o[i] ? 5'd0 :
                                          (line_mask[0] ? 5'd12 : 5'd21);
  end

  assign kill_o = win[0] | win[1] | win[2] | win[3] | win[4] | win[5] | win[6] | win[7];

  /////////////////
  // Next state  //
  /////////////////

  // One next-state function per slot: arrival > upper update > clear (departure or kill),
  // form item 5.
  logic [NumSlots-1:0] valid_d;
  logic [VpnW-1:0]     vpn_d [NumSlots];
  logic [1:0]          pl_d  [NumSlots];
  logic [FrmW-1:0]     pa_d  [NumSlots];
  always_comb begin
    logic clr;
    for (int s = 0; s < NumSlots; s++) begin
`ifdef XL_MUTANT_DISP_KEEP_PL
      clr = kill_o[s];
`else
      clr = disp_oh[s] || kill_o[s];
`endif
      valid_d[s] = arr_oh[s] || (valid_q[s] && !disp_oh[s] && !kill_o[s]);
      vpn_d[s]   = arr_oh[s] ? arr_vpn : vpn_q[s];
      pl_d[s]    = arr_oh[s] ? 2'd0 : (upd[s] ? line_pl : (clr ? 2'd0 : pl_q[s]));
      pa_d[s]    = arr_oh[s] ? '0 : (upd[s] ? ent_frame[lane[s]] : pa_q[s]);
    end
  end

  // Flops, one small block per slot (Verilator cannot delay-assign an array in a loop it
  // does not unroll; Yosys sees plain registers).
  for (genvar s = 0; s < NumSlots; s++) begin : g_slot
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q[s] <= 1'b0;
        pl_q[s]    <= 2'd0;
        pa_q[s]    <= '0;
      end else begin
        valid_q[s] <= valid_d[s];
        pl_q[s]    <= pl_d[s];
        pa_q[s]    <= pa_d[s];
      end
    end

    // VA data flops: no reset, written by an arrival only (vpn_d holds them otherwise).
    always_ff @(posedge clk_i) begin
      vpn_q[s] <= vpn_d[s];
    end
  end

  ////////////////////
  // Resume lookup  //
  ////////////////////

  logic [1:0]      res_pl;
  logic [FrmW-1:0] res_pa;
  if (NumSlots == (1 << SlotW)) begin : g_res_full
    assign res_pl = pl_q[resume_slot_i];
    assign res_pa = pa_q[resume_slot_i];
  end else begin : g_res_part
    // Indices NumSlots .. 2^SlotW-1 name no slot (assertion SlotRange): read 0.
    assign res_pl = (resume_slot_i < SlotW'(NumSlots)) ? pl_q[resume_slot_i] : 2'd0;
    assign res_pa = (resume_slot_i < SlotW'(NumSlots)) ? pa_q[resume_slot_i] : '0;
  end
  assign resume_pl_o = (res_pl == 2'd0) ? 3'd0 : (3'(res_pl) + 3'd1);
  assign resume_pa_o = {res_pa, 12'd0};

  //////////////////
  // Counters     //
  //////////////////

  logic [StatWidth-1:0] n_cpl, n_upd;
  assign n_cpl = StatWidth'($countones(cpl_valid_o));
  assign n_upd = StatWidth'($countones(upd));

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      scans_q     <= '0;
      leaf_done_q <= '0;
      upper_l2_q  <= '0;
      upper_l3_q  <= '0;
      upper_l4_q  <= '0;
    end else begin
      scans_q     <= scans_q + StatWidth'(scan);
      leaf_done_q <= leaf_done_q + n_cpl;
      if (line_mask[1]) upper_l2_q <= upper_l2_q + n_upd;
      if (line_mask[2]) upper_l3_q <= upper_l3_q + n_upd;
      if (line_mask[3]) upper_l4_q <= upper_l4_q + n_upd;
    end
  end

  assign scans_o        = scans_q;
  assign leaf_done_o    = leaf_done_q;
  assign upper_set_l2_o = upper_l2_q;
  assign upper_set_l3_o = upper_l3_q;
  assign upper_set_l4_o = upper_l4_q;

  // Bits no rule reads: the page offset of every VA, VA[14:0] of a PWST entry, and the
  // entry flags other than P and PS with bits 63:52 (lowRISC `unused_` idiom).
  logic                  unused_bits;
  logic [NumWalkers-1:0] unused_pwst;
  logic [Lanes-1:0]      unused_ent;
  for (genvar w = 0; w < NumWalkers; w++) begin : g_unused_pwst
    assign unused_pwst[w] = ^pwst_va_i[48*w +: 12+Nb1];
  end
  for (genvar i = 0; i < Lanes; i++) begin : g_unused_ent
    assign unused_ent[i] = ^{line_i[64*i+52 +: 12], line_i[64*i+8 +: 4], line_i[64*i+1 +: 6]};
  end
  assign unused_bits = ^{arr_va_i[11:0], line_va_i[11:0], unused_pwst, unused_ent};

  /////////////////
  // Assertions  //
  /////////////////

`ifndef SYNTHESIS
  // Input domain (form item 8): levels 1..4 where they are read, slots in range.
  logic [NumWalkers-1:0] f_level_ok;
  logic [NumSlots-1:0]   f_pl_ok;
  always_comb begin
    for (int w = 0; w < NumWalkers; w++) begin
      f_level_ok[w] = !pwst_valid_i[w] ||
                      (pwst_level_i[3*w +: 3] >= 3'd1 && pwst_level_i[3*w +: 3] <= 3'd4);
    end
    // §8 item 8: a slot that stays (no arrival, departure or kill) never loses its PL or
    // moves it up.
    for (int s = 0; s < NumSlots; s++) begin
      f_pl_ok[s] = !(valid_q[s] && !arr_oh[s] && !disp_oh[s] && !kill_o[s] &&
                     pl_q[s] != 2'd0) || (pl_d[s] != 2'd0 && pl_d[s] <= pl_q[s]);
    end
  end
  `XL_ASSERT(LevelRangePwst, &f_level_ok, clk_i, rst_ni)
  `XL_ASSERT(LevelRangeLine, !line_valid_i || (line_level_i >= 3'd1 && line_level_i <= 3'd4),
             clk_i, rst_ni)
  if (NumSlots < (1 << SlotW)) begin : g_slot_range
    `XL_ASSERT(SlotRange, (!arr_valid_i || arr_slot_i < SlotW'(NumSlots)) &&
               (!disp_valid_i || disp_slot_i < SlotW'(NumSlots)) &&
               resume_slot_i < SlotW'(NumSlots), clk_i, rst_ni)
  end
  // A completed slot never also gets an upper update (form item 5).
  `XL_ASSERT(KillUpdDisjoint, (kill_o & upd) == '0, clk_i, rst_ni)
  // Every completion kills exactly one slot, and only a matching one.
  `XL_ASSERT(KillCount, $countones(kill_o) == $countones(cpl_valid_o), clk_i, rst_ni)
  `XL_ASSERT(KillMatch, (kill_o & ~match) == '0, clk_i, rst_ni)
  // The walker's own lane is never used by the scan (coalesce.h).
  `XL_ASSERT(OwnLaneFree, !scan || !cpl_valid_o[own_lane], clk_i, rst_ni)
  // §8 item 8: the resume point of a staying slot only moves down.
  `XL_ASSERT(PlOnlyDown, &f_pl_ok, clk_i, rst_ni)
  // Outputs never carry X (the VA flops without reset are read only through valid slots).
  `XL_ASSERT_KNOWN(KnownBlocked, {blocked_o, arr_blocked_o}, clk_i, rst_ni)
  `XL_ASSERT_KNOWN(KnownScan, {kill_o, cpl_valid_o, cpl_slot_o, cpl_frame_o, cpl_shift_o},
                   clk_i, rst_ni)
  `XL_ASSERT_KNOWN(KnownResume, {resume_pl_o, resume_pa_o}, clk_i, rst_ni)
`endif

endmodule
