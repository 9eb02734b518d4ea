// xl_coalesce - neighbourhood-aware walk coalescing (MICRO'18 §III-IV): the PL/PA fields of
// every IOMMU buffer slot, the CL flag ("blocked") computed every cycle against the page-walk
// service table (PWST), and the scan of every page-table line a walker receives: leaf
// neighbours complete at once on one of 8 lanes (full coalescing), upper-level neighbours
// record where their own walk will resume (partial coalescing).
//
// Spec: docs/isca18-micro18.md §1.3 (x86-64 entry format, index and
// neighbourhood of each level: VA[47:15] at L1, VA[47:24] at L2, VA[47:33] at L3, VA[47:42]
// at L4), §3.2 (PL/PA/CL, PWST), §3.3 E1-E3 (arrival, scan on a line return, CL at every
// dispatch opportunity), §3.5 (modes off/leaf/upper/both), §8 items 7-8 (CL recomputed
// every cycle; the resume point only moves down). docs/design.md "twin contract".
//
// Timing: every output but the counters answers in the cycle of its inputs; the state moves
// at the rising edge. rtl/README.md (section xl_coalesce) has the port table and an ASCII
// timing diagram of a line return and the following dispatch (checked by case F of
// tests/rtl/tb_xl_coalesce.sv).
//
// C twin: model/include/xlat/coalesce.h (the header comment is the behavioural spec of this
// module), model/src/iommu/coalesce.c (xl_coalesce_reset / _comb / _step / _resume, ports
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
//   1. Neighbourhood: the C shifts (a ^ b) right by 15 + 9(L-1). Here a one-hot level mask
//      with the mode already folded in (w_mask per walker, line_mask for the line) selects
//      the key bits the level compares (key_bits: VA[47:15+9(L-1)], the union of the four
//      nested segments VA[47:42], [41:33], [32:24], [23:15] from the top down to level L),
//      and nbr is the equality of the two VAs on those bits. Mode off makes every mask
//      zero, so all outputs are zero as in the C's early return, and synthesis removes the
//      logic. The slot of an entry in its line (idx_L & 7) is the same one-hot AND-OR
//      select of VA[14:12], [23:21], [32:30], [41:39] (three lane planes, item 9).
//   2. CL: the C loops over walkers and stops at the first match; here every walker compares
//      against all slots in parallel (per walker one NumSlots-bit vector: the AND over the
//      compared key bits of "VA bit plane equals the walker's key bit", masked by valid)
//      and the walkers' vectors are ORed.
//   3. Storage: VA[47:12] per slot (36 bits; bits 11:0 never matter: the smallest
//      neighbourhood starts at bit 15 and the lowest index at bit 12), PA[51:12] (40 bits;
//      a frame from an entry always has bits 11:0 zero), PL in 2 bits (0 none, 1..3 = L2..L4)
//      instead of the C's values 0, 2, 3, 4. resume_pl_o decodes it, resume_pa_o appends
//      12 zero bits, and the lockstep compares va >> 12.
//   4. Lane arbitration: the C visits the valid slots in ascending order and gives a free
//      lane to the first that wants it. Here each lane has a candidate vector over all slots
//      and cand & (~cand + 1) isolates its lowest set bit (a carry chain), which drives
//      kill_o and is encoded into cpl_slot_o as the number of bits below it
//      ($countones(one-hot - 1); a lane without a candidate reads 0 through cpl_valid_o).
//      Every candidate of lane i reads the same line entry i, so cpl_frame_o/cpl_shift_o
//      come straight from entry i and the line level, not from the winning slot.
//   5. The C step applies, in order, the departure, the kills, the upper updates (over the
//      slots still valid) and the arrival. Here each slot has one next-state function with
//      priority arrival > upper update > clear (valid and PL for all slots at once as
//      NumSlots-bit vector operations, PA per slot); the upper update is masked by "not
//      the departing slot" (the C skips it because it is no longer valid), and a killed
//      slot can never have an upper update (leaf and pointer entries are exclusive,
//      assertion KillUpdDisjoint).
//   6. Counters: the C adds 1 per lane in step and 1 per moved slot; here leaf_done adds
//      $countones(cpl_valid) and upper_set_lL adds $countones(upd) when the line is level L.
//      All counters wrap modulo 2^StatWidth (the C's are 64-bit).
//   7. Reset: valid, PL and the counters reset asynchronously. The VA and PA flops have no
//      reset and the PA flops no clear at an arrival (lowRISC data-flop practice): VA is
//      read only through a valid slot, PA only through a PL that is set (resume_pa_o reads
//      0 while PL is none, as the C's xl_coalesce_resume), so a PA flop is a plain enabled
//      register, written only by its slot's upper update. The lockstep runs Verilator with
//      random initial values to show it.
//   8. Input domain: the C's shift and index formulas are meaningful only for levels 1..4
//      (coalesce.h: "level 1..4"). Here a level outside 1..4 matches nothing, and the
//      assertions LevelRangePwst/LevelRangeLine flag one on a valid PWST entry or a valid
//      line. Slot indices must be below NumSlots (assertion SlotRange, only when NumSlots
//      is not a power of two); the C would index out of bounds, the RTL reads zero.
//   9. Storage and evaluation layout (simulation speed; no behaviour): the C keeps per-slot
//      results implicit in its loops; here they are NumSlots-bit vectors over all slots
//      (match, upd, kill_o, the per-lane candidate vectors cand[i]). VA[47:12] is stored as
//      36 bit planes (vpn_plane_q[j], bit s = bit 12+j of slot s's VA) and PL as two planes
//      (pl_lo_q, pl_hi_q), so the neighbourhood tests, the lane of every slot and the PL
//      updates are word-wide operations on those vectors rather than loops over the slots;
//      an arrival writes bit arr_slot of every VA plane. PA stays one array element per
//      slot, written by one small always_ff per slot (generate g_slot).
//
// The scan drained one slot a cycle (ScanPipe 1; C xl_co_params_t.scan_pipe, config
// iommu.scan_pipe). Not a form difference but a second cycle semantics, the same in both
// twins; ScanPipe 0 is everything above. rtl/README.md "The scan drained one slot a cycle"
// has the timing:
//   - the cycle a line returns, its scan only selects: the slots it will act on (want:
//     every candidate of a lane, every slot whose resume point it would move) become the
//     pending set pend_q at the edge, and the line's level, own lane and the P, PS and
//     frame of its 8 entries are registered (sl_*_q). Nothing completes or moves yet;
//   - from the next cycle, one pending slot a cycle, the lowest first (cur), is acted on
//     from the registered line: a leaf completes on its lane unless it is the walker's own
//     lane or a lower slot already took the lane for this line (used_q); a pointer moves
//     the resume point (the same PL rule). So the lowest slot still wins a lane;
//   - a completion waits (cur stays pending) while lane_busy_i names its lane: in the top,
//     a walker's own leaf completion holds that lane of the completion port this cycle;
//   - pending slots are CL (blocked_o), so the scheduler never dispatches one and cur is
//     always a valid slot (assertions PendValid, PendNotDeparting);
//   - a line is taken only when the pending set is empty after this cycle; a line that
//     comes while a scan is still draining is not scanned (scan_drops_o counts them; its
//     neighbours walk as they would without coalescing).
// The memory response then reaches only registers: no path from it to kill_o, cpl_*,
// the PL/PA registers or the scheduler. A scan costs one cycle per pending slot.
//
// Parameters (checked at elaboration with `XL_ASSERT_PARAM):
//   NumSlots   1..4096  IOMMU buffer slots (equal to the walk scheduler's); paper 256
//   NumWalkers 1..64    PWST entries; paper 8
//   Mode       0..3     iommu.coalesce, xl_pkg::Coal*: 0 off, 1 leaf (L1 lines), 2 upper
//                       (L4/L3/L2 lines), 3 both (C xl_co_mode_t: bit 0 leaf, bit 1 upper)
//   StatWidth  1..64    width of the counters, equal to the C's modulo 2^StatWidth
//   ScanPipe   0, 1     0: the scan acts in the cycle the line returns (the papers' one-
//                       cycle broadcast, docs/isca18-micro18.md §3.3 E2.3); 1: drained one
//                       slot a cycle from a registered line (above)
//
// Widths, the entry format and the mode encoding come from rtl/xl_pkg.sv. The mutants of the
// lockstep's mutation test are patches of this file (tests/lockstep/mutants/coalesce/).
`include "xl_assert.svh"

module xl_coalesce #(
  parameter int NumSlots   = 256,
  parameter int NumWalkers = 8,
  parameter int Mode       = xl_pkg::CoalBoth,
  parameter int StatWidth  = 64,
  parameter int ScanPipe   = 0,
  localparam int SlotW     = (NumSlots > 1) ? $clog2(NumSlots) : 1
) (
  input  logic                                          clk_i,
  input  logic                                          rst_ni,

  // Arrival: the scheduler buffers arr_va_i in slot arr_slot_i at this edge.
  input  logic                                          arr_valid_i,
  input  logic [SlotW-1:0]                              arr_slot_i,
  input  logic [xl_pkg::VaW-1:0]                        arr_va_i,

  // Departure: slot disp_slot_i leaves the buffer (dispatched) at this edge.
  input  logic                                          disp_valid_i,
  input  logic [SlotW-1:0]                              disp_slot_i,

  // PWST, walker w in bits [w], [3w +: 3], [48w +: 48]: valid, level (1..4) and VA of
  // the walker's outstanding access (state before the edge).
  input  logic [NumWalkers-1:0]                         pwst_valid_i,
  input  logic [xl_pkg::LevelW*NumWalkers-1:0]          pwst_level_i,
  input  logic [xl_pkg::VaW*NumWalkers-1:0]             pwst_va_i,

  // A walker's page-table line is back: its level (1..4), the VA the walker serves and the
  // 8 entries (entry i in line_i[64i +: 64]).
  input  logic                                          line_valid_i,
  input  logic [xl_pkg::LevelW-1:0]                     line_level_i,
  input  logic [xl_pkg::VaW-1:0]                        line_va_i,
  input  logic [xl_pkg::LineW-1:0]                      line_i,

  // ScanPipe 1: lanes of the completion port taken this cycle (the walker's own leaf
  // completion); a drained completion for such a lane waits. Unused with ScanPipe 0.
  input  logic [xl_pkg::LineEntries-1:0]                lane_busy_i,

  // Resume lookup (C xl_coalesce_resume): PL (0 none, else 2..4) and PA of a slot.
  input  logic [SlotW-1:0]                              resume_slot_i,
  output logic [xl_pkg::LevelW-1:0]                     resume_pl_o,
  output logic [xl_pkg::PaW-1:0]                        resume_pa_o,

  // CL per slot and of the arriving VA.
  output logic [NumSlots-1:0]                           blocked_o,
  output logic                                          arr_blocked_o,

  // Leaf completions by the scan: killed slots, and per lane i (bits [i], [SlotW*i +:
  // SlotW], [52i +: 52], [5i +: 5]) the slot, its page base and the page shift (12, 21).
  output logic [NumSlots-1:0]                           kill_o,
  output logic [xl_pkg::LineEntries-1:0]                cpl_valid_o,
  output logic [xl_pkg::LineEntries*SlotW-1:0]          cpl_slot_o,
  output logic [xl_pkg::LineEntries*xl_pkg::PaW-1:0]    cpl_frame_o,
  output logic [xl_pkg::LineEntries*xl_pkg::ShiftW-1:0] cpl_shift_o,

  // Counters (C: scans, leaf_done, upper_set[2..4]), modulo 2^StatWidth.
  output logic [StatWidth-1:0]                          scans_o,
  output logic [StatWidth-1:0]                          leaf_done_o,
  output logic [StatWidth-1:0]                          upper_set_l2_o,
  output logic [StatWidth-1:0]                          upper_set_l3_o,
  output logic [StatWidth-1:0]                          upper_set_l4_o,
  // ScanPipe 1: lines not scanned because a scan was still draining (C scan_drops); 0
  // with ScanPipe 0.
  output logic [StatWidth-1:0]                          scan_drops_o
);

  ///////////////////////
  // Parameter checks  //
  ///////////////////////

  `XL_ASSERT_PARAM(NumSlotsRange, NumSlots >= 1 && NumSlots <= 4096)
  `XL_ASSERT_PARAM(NumWalkersRange, NumWalkers >= 1 && NumWalkers <= 64)
  `XL_ASSERT_PARAM(ModeRange, Mode >= xl_pkg::CoalOff && Mode <= xl_pkg::CoalBoth)
  `XL_ASSERT_PARAM(StatWidthRange, StatWidth >= 1 && StatWidth <= 64)
  `XL_ASSERT_PARAM(ScanPipeRange, ScanPipe == 0 || ScanPipe == 1)

  ////////////////
  // Constants  //
  ////////////////

  localparam int VaW    = xl_pkg::VaW;
  localparam int PaW    = xl_pkg::PaW;
  localparam int VpnW   = xl_pkg::VpnW;          // VA[47:12], stored per slot
  localparam int FrmW   = xl_pkg::FrameW;        // PA[51:12], an entry's frame
  localparam int Lanes  = xl_pkg::LineEntries;   // entries per 64 B line
  localparam int LaneW  = xl_pkg::LaneW;
  localparam int LevelW = xl_pkg::LevelW;
  localparam int PteW   = xl_pkg::PteW;
  localparam int ShiftW = xl_pkg::ShiftW;
  localparam int PgSh   = xl_pkg::PageShift;     // 12: the page offset is in no VPN
  localparam int LgSh   = xl_pkg::LargeShift;    // 21: a 2 MB page

  // Levels enabled by the mode, bit L-1 for level L.
  localparam logic LeafOn  = (Mode == xl_pkg::CoalLeaf) || (Mode == xl_pkg::CoalBoth);
  localparam logic UpperOn = (Mode == xl_pkg::CoalUpper) || (Mode == xl_pkg::CoalBoth);
  localparam logic [3:0] LevelOn = {UpperOn, UpperOn, UpperOn, LeafOn};

  // Lowest VPN bit of level L's neighbourhood key: the line's 8 entries share it, so it is
  // 3 bits above the level's index (VA bit 15 + 9(L-1)), minus 12.
  localparam int Nb1  = xl_pkg::level_lsb(1) + LaneW - PgSh;
  localparam int Nb2  = xl_pkg::level_lsb(2) + LaneW - PgSh;
  localparam int Nb3  = xl_pkg::level_lsb(3) + LaneW - PgSh;
  localparam int Nb4  = xl_pkg::level_lsb(4) + LaneW - PgSh;
  localparam int KeyW = VpnW - Nb1;   // VA[47:15]: the bits any neighbourhood key reads

  // An entry's lane bits in the VPN: level L's index, VPN bits 9(L-1) +: 3.
  localparam int Ix1  = xl_pkg::level_lsb(1) - PgSh;
  localparam int Ix2  = xl_pkg::level_lsb(2) - PgSh;
  localparam int Ix3  = xl_pkg::level_lsb(3) - PgSh;
  localparam int Ix4  = xl_pkg::level_lsb(4) - PgSh;

  ////////////////
  // Functions  //
  ////////////////

  // Called only from continuous assignments and constant expressions: Icarus 11 puts a
  // called function's variables into an always_comb's sensitivity, and two always_comb
  // blocks calling one function with different arguments then wake each other forever.

  // One-hot of a level 1..4 (bit L-1); zero for any other value.
  function automatic logic [3:0] level_oh(input logic [LevelW-1:0] level);
    logic [3:0] r;
    r = '0;
    if (level >= LevelW'(1) && level <= LevelW'(4)) r[2'(level - LevelW'(1))] = 1'b1;
    level_oh = r;
  endfunction

  ////////////
  // State  //
  ////////////

  // Bit planes (form item 9): vpn_plane_q[j] holds bit j of VA[47:12] of every slot (bit s
  // for slot s; no reset, read only through a valid slot); pl_lo_q and pl_hi_q hold bits 0
  // and 1 of every slot's PL (0 none, 1..3 = L2..L4). pa_q[s] = PA[51:12] of the node to
  // read at level PL-1 (one array element per slot).
  logic [NumSlots-1:0]  valid_q;
  logic [NumSlots-1:0]  vpn_plane_q [VpnW];
  logic [NumSlots-1:0]  pl_lo_q, pl_hi_q;
  logic [FrmW-1:0]      pa_q        [NumSlots];
  logic [StatWidth-1:0] scans_q, leaf_done_q, upper_l2_q, upper_l3_q, upper_l4_q, drops_q;

  ///////////////////////////
  // Inputs, split up      //
  ///////////////////////////

  logic [VpnW-1:0] arr_vpn, line_vpn;
  assign arr_vpn  = arr_va_i[VaW-1:PgSh];
  assign line_vpn = line_va_i[VaW-1:PgSh];

  // Per walker w: the neighbourhood key VA[47:15] and the level mask (one-hot level, enabled
  // by the mode, valid entry).
  logic [KeyW-1:0] w_key  [NumWalkers];
  logic [3:0]      w_mask [NumWalkers];
  for (genvar w = 0; w < NumWalkers; w++) begin : g_walker
    assign w_key[w]  = pwst_va_i[VaW*w+PgSh+Nb1 +: KeyW];
    assign w_mask[w] = pwst_valid_i[w] ? (level_oh(pwst_level_i[LevelW*w +: LevelW]) & LevelOn)
                                       : 4'd0;
  end

  // The line: its level mask (zero when no line or the level is off), the walker's own
  // lane, which lanes hold a present leaf or a present pointer, and each entry's frame.
  logic [3:0]       line_mask;
  logic             scan, scan_upper;
  logic [LaneW-1:0] own_lane;
  logic [Lanes-1:0] lane_leaf, lane_ptr;
  logic [1:0]       line_pl;   // the line's level in the PL encoding (L - 1)
  logic [FrmW-1:0]  ent_frame [Lanes];
  assign line_mask  = line_valid_i ? (level_oh(line_level_i) & LevelOn) : 4'd0;
  assign scan       = |line_mask;
  assign scan_upper = |line_mask[3:1];
  assign own_lane   = ({LaneW{line_mask[0]}} & line_vpn[Ix1 +: LaneW]) |
                      ({LaneW{line_mask[1]}} & line_vpn[Ix2 +: LaneW]) |
                      ({LaneW{line_mask[2]}} & line_vpn[Ix3 +: LaneW]) |
                      ({LaneW{line_mask[3]}} & line_vpn[Ix4 +: LaneW]);
  assign line_pl    = 2'(line_level_i - LevelW'(1));
  for (genvar i = 0; i < Lanes; i++) begin : g_entry
    logic pte_p, pte_ps;   // the entry's present and page-size bits
    assign pte_p        = line_i[PteW*i+xl_pkg::PteP];
    assign pte_ps       = line_i[PteW*i+xl_pkg::PtePs];
    assign ent_frame[i] = line_i[PteW*i+PgSh +: FrmW];
    assign lane_leaf[i] = pte_p && (line_mask[0] || (line_mask[1] && pte_ps));
    assign lane_ptr[i]  = pte_p && scan_upper && !lane_leaf[i];
  end

  // The compared key bits of a level mask (form item 1): the four nested segment
  // equalities of the level L in the mask are the equality of key bits KeyW-1 down to
  // the level's lowest bit, so a one-hot mask selects those bits and a zero mask none.
  function automatic logic [KeyW-1:0] key_bits(input logic [3:0] m);
    key_bits = ({KeyW{m[0]}}) |
               ({KeyW{m[1]}} & ({KeyW{1'b1}} << (Nb2 - Nb1))) |
               ({KeyW{m[2]}} & ({KeyW{1'b1}} << (Nb3 - Nb1))) |
               ({KeyW{m[3]}} & ({KeyW{1'b1}} << (Nb4 - Nb1)));
  endfunction

  //////////////////////////////////////////////////
  // CL (§3.3 E3.1), of every slot and of arr_va  //
  //////////////////////////////////////////////////

  // Walker w blocks the slots whose key equals w_key on the bits its level compares: the
  // AND over those bits of each plane's equality with the key bit (form items 1, 2).
  logic [KeyW-1:0]     w_bits [NumWalkers];
  logic [NumSlots-1:0] w_nbr  [NumWalkers];
  for (genvar w = 0; w < NumWalkers; w++) begin : g_cl
    logic [NumSlots-1:0] nbr;
    assign w_bits[w] = key_bits(w_mask[w]);
    always_comb begin
      logic [NumSlots-1:0] e;   // accumulated in a local (Icarus: no self-wakeup)
      e = '0;
      if (w_mask[w] != 4'd0) begin
        e = valid_q;
        for (int j = 0; j < KeyW; j++) begin
          if (w_bits[w][j]) e = e & (vpn_plane_q[Nb1 + j] ^ {NumSlots{!w_key[w][j]}});
        end
      end
      nbr = e;
    end
    assign w_nbr[w] = nbr;
  end

  // ScanPipe 1: the slots a draining scan has yet to act on are CL as well.
  logic [NumSlots-1:0] scan_block;
  always_comb begin
    logic [NumSlots-1:0] b;
    b = scan_block;
    for (int w = 0; w < NumWalkers; w++) begin
      b = b | w_nbr[w];
    end
    blocked_o = b;
  end

  always_comb begin
    logic b;
    b = 1'b0;
    for (int w = 0; w < NumWalkers; w++) begin
      b = b || (w_mask[w] != 4'd0 && ((arr_vpn[VpnW-1:Nb1] ^ w_key[w]) & w_bits[w]) == '0);
    end
    arr_blocked_o = b;
  end

  /////////////////////////////////////
  // Scan of a returned line (E2.2)  //
  /////////////////////////////////////

  // match: valid slots in the line's neighbourhood; lane_oh[i]: the slots whose entry in
  // the line is entry i (idx_L & 7 = VPN bits 9(L-1) +: 3, read from three planes);
  // cand[i]: the slots that want lane i for a leaf completion (never the walker's own
  // lane); upd: the slots whose resume point moves at the edge.
  logic [KeyW-1:0]     line_bits;
  logic [NumSlots-1:0] match, upd, ptr_sel, pl_ok, disp_oh, arr_oh;
  logic [NumSlots-1:0] lane_p  [LaneW];
  logic [NumSlots-1:0] lane_oh [Lanes];
  logic [NumSlots-1:0] cand    [Lanes];
  assign line_bits = key_bits(line_mask);
  assign disp_oh   = disp_valid_i ? (NumSlots'(1) << disp_slot_i) : '0;
  assign arr_oh    = arr_valid_i ? (NumSlots'(1) << arr_slot_i) : '0;

  always_comb begin
    logic [NumSlots-1:0] e;
    e = '0;
    if (scan) begin
      e = valid_q;
      for (int j = 0; j < KeyW; j++) begin
        if (line_bits[j]) e = e & (vpn_plane_q[Nb1 + j] ^ {NumSlots{!line_vpn[Nb1 + j]}});
      end
    end
    match = e;
  end

  for (genvar k = 0; k < LaneW; k++) begin : g_lane_p
    assign lane_p[k] = ({NumSlots{line_mask[0]}} & vpn_plane_q[Ix1 + k]) |
                       ({NumSlots{line_mask[1]}} & vpn_plane_q[Ix2 + k]) |
                       ({NumSlots{line_mask[2]}} & vpn_plane_q[Ix3 + k]) |
                       ({NumSlots{line_mask[3]}} & vpn_plane_q[Ix4 + k]);
  end

  for (genvar i = 0; i < Lanes; i++) begin : g_lane_oh
    localparam logic [LaneW-1:0] Ln = LaneW'(i);
    assign lane_oh[i] = (lane_p[2] ^ {NumSlots{!Ln[2]}}) &
                        (lane_p[1] ^ {NumSlots{!Ln[1]}}) &
                        (lane_p[0] ^ {NumSlots{!Ln[0]}});
    assign cand[i]    = (lane_leaf[i] && Ln != own_lane) ? (match & lane_oh[i]) : '0;
  end

  always_comb begin
    logic [NumSlots-1:0] p;
    p = '0;
    for (int i = 0; i < Lanes; i++) begin
      if (lane_ptr[i]) p = p | lane_oh[i];
    end
    ptr_sel = p;
  end

  // §8 item 8: only when PL is none or the level (in the PL encoding, L - 1) is deeper
  // than PL (lp < PL).
  function automatic logic [NumSlots-1:0] pl_ok_f(input logic [1:0] lp,
                                                  input logic [NumSlots-1:0] hi,
                                                  input logic [NumSlots-1:0] lo);
    pl_ok_f = ~(hi | lo) |
              ((lp == 2'd1) ? hi :
               (lp == 2'd2) ? (hi & lo) :
               (lp == 2'd0) ? (hi | lo) : '0);
  endfunction
  assign pl_ok = pl_ok_f(line_pl, pl_hi_q, pl_lo_q);

  // What the edge applies, from the scan of either ScanPipe: upd (resume points that
  // move), upd_frame[s] (the frame slot s takes), and the level of the line that moves
  // them (upd_pl, upd_mask); the counters' increments (scan_cnt, scan_drop).
  logic [FrmW-1:0] upd_frame [NumSlots];
  logic [1:0]      upd_pl;
  logic [3:1]      upd_mask;   // the line's level among L2..L4
  logic            scan_cnt, scan_drop;

  if (ScanPipe == 0) begin : g_scan_now
    // (No pointer lane without an upper line: the scan_upper gate changes nothing, but it
    // folds to '0 in modes off and leaf, where Verilator 5.006 --assert otherwise fails on
    // "4-state numbers" in $countones(upd).)
    assign upd = scan_upper ? (match & ptr_sel & ~disp_oh & pl_ok) : '0;

    // Per lane: the lowest candidate wins (form item 4).
    logic [NumSlots-1:0] win [Lanes];
    for (genvar i = 0; i < Lanes; i++) begin : g_lane
      logic [NumSlots-1:0] c, wn, below;
      logic [SlotW-1:0]    ws;
      assign c = cand[i];
      assign wn = c & (~c + NumSlots'(1));   // lowest set bit (one-hot or zero)
      assign win[i] = wn;
      // Encoder of the one-hot winner: its slot number is the count of the bits below it.
      // The mask below it is its own signal: Yosys 0.23 elaborates $countones of the
      // expression (wn - 1) wrongly (0 for wn = 4'b0010; tests/formal/README.md), while
      // Icarus and Verilator give 1.
      assign below = wn - NumSlots'(1);
      assign ws = SlotW'($countones(below));

      // Lane outputs: a completion's page base and shift come from the lane's own entry.
      assign cpl_valid_o[i]               = |c;
      assign cpl_slot_o[SlotW*i +: SlotW] = cpl_valid_o[i] ? ws : '0;
      assign cpl_frame_o[PaW*i +: PaW]    = !cpl_valid_o[i] ? '0 :
                                            line_mask[0] ? {ent_frame[i], PgSh'(0)} :
                                            {ent_frame[i][FrmW-1:LgSh-PgSh], LgSh'(0)};
      assign cpl_shift_o[ShiftW*i +: ShiftW] = !cpl_valid_o[i] ? '0 :
                                               (line_mask[0] ? ShiftW'(PgSh) : ShiftW'(LgSh));
    end

    assign kill_o = win[0] | win[1] | win[2] | win[3] | win[4] | win[5] | win[6] | win[7];

    // The lane of an updated slot is its three lane-plane bits.
    for (genvar s = 0; s < NumSlots; s++) begin : g_upd_frame
      assign upd_frame[s] = ent_frame[{lane_p[2][s], lane_p[1][s], lane_p[0][s]}];
    end
    assign upd_pl     = line_pl;
    assign upd_mask   = line_mask[3:1];
    assign scan_cnt   = scan;
    assign scan_drop  = 1'b0;
    assign scan_block = '0;

    logic unused_busy;
    assign unused_busy = ^lane_busy_i;
  end else begin : g_scan_seq
    // The scan drained one slot a cycle (header, ScanPipe 1). State: the pending set, the
    // registered line (level mask, own lane, P, PS and frame of each entry) and the lanes
    // this line has completed on.
    logic [NumSlots-1:0] pend_q, pend_d, pend_left, want, want_leaf;
    logic [3:0]          sl_mask_q;
    logic [LaneW-1:0]    sl_own_q;
    logic [Lanes-1:0]    sl_p_q, sl_ps_q, used_q, used_d;
    logic [FrmW-1:0]     sl_frame_q [Lanes];
    logic [1:0]          sl_pl;
    logic [NumSlots-1:0] cur_oh, cur_below, pl_seq;
    logic [NumSlots-1:0] lp_q [LaneW];
    logic [SlotW-1:0]    cur_idx;
    logic [LaneW-1:0]    cur_lane;
    logic [FrmW-1:0]     cur_frame;
    logic                cur_any, cur_leaf, cur_ptr, cur_cpl, cur_stall, cur_fire, accept;

    // want: the slots this line acts on, as ScanPipe 0 would (a candidate of some lane,
    // or a resume point it moves); the lane arbitration is left to the drain.
    always_comb begin
      logic [NumSlots-1:0] c;
      c = '0;
      for (int i = 0; i < Lanes; i++) c = c | cand[i];
      want_leaf = c;
    end
    assign want = want_leaf | (scan_upper ? (match & ptr_sel & pl_ok) : '0);

    // cur: the lowest pending slot (the encoder as in ScanPipe 0), its lane from the VA
    // planes at the registered level, and its entry from the registered line.
    assign cur_any   = |pend_q;
    assign cur_oh    = pend_q & (~pend_q + NumSlots'(1));
    assign cur_below = cur_oh - NumSlots'(1);
    assign cur_idx   = SlotW'($countones(cur_below));
    for (genvar k = 0; k < LaneW; k++) begin : g_lane_q
      assign lp_q[k] = ({NumSlots{sl_mask_q[0]}} & vpn_plane_q[Ix1 + k]) |
                       ({NumSlots{sl_mask_q[1]}} & vpn_plane_q[Ix2 + k]) |
                       ({NumSlots{sl_mask_q[2]}} & vpn_plane_q[Ix3 + k]) |
                       ({NumSlots{sl_mask_q[3]}} & vpn_plane_q[Ix4 + k]);
    end
    assign cur_lane  = {|(cur_oh & lp_q[2]), |(cur_oh & lp_q[1]), |(cur_oh & lp_q[0])};
    assign cur_frame = sl_frame_q[cur_lane];
    assign sl_pl     = {sl_mask_q[3] | sl_mask_q[2], sl_mask_q[3] | sl_mask_q[1]};
    assign pl_seq    = pl_ok_f(sl_pl, pl_hi_q, pl_lo_q);
    assign cur_leaf  = cur_any && sl_p_q[cur_lane] &&
                       (sl_mask_q[0] || (sl_mask_q[1] && sl_ps_q[cur_lane]));
    assign cur_ptr   = cur_any && sl_p_q[cur_lane] && (|sl_mask_q[3:1]) && !cur_leaf;
    assign cur_cpl   = cur_leaf && cur_lane != sl_own_q && !used_q[cur_lane];
    assign cur_stall = cur_cpl && lane_busy_i[cur_lane];
    assign cur_fire  = cur_cpl && !lane_busy_i[cur_lane];

    // A line is taken when nothing stays pending past this edge.
    assign pend_left = cur_stall ? pend_q : (pend_q & ~cur_oh);
    assign accept    = scan && pend_left == '0;
    assign pend_d    = (accept ? want : pend_left) & ~disp_oh & ~kill_o & ~arr_oh;
    assign used_d    = accept ? '0 : (used_q | (cur_fire ? (Lanes'(1) << cur_lane) : '0));

    assign kill_o = cur_fire ? cur_oh : '0;
    assign upd    = (cur_ptr && (cur_oh & pl_seq) != '0) ? (cur_oh & ~disp_oh) : '0;
    for (genvar i = 0; i < Lanes; i++) begin : g_lane
      localparam logic [LaneW-1:0] Ln = LaneW'(i);
      assign cpl_valid_o[i]               = cur_fire && cur_lane == Ln;
      assign cpl_slot_o[SlotW*i +: SlotW] = cpl_valid_o[i] ? cur_idx : '0;
      assign cpl_frame_o[PaW*i +: PaW]    = !cpl_valid_o[i] ? '0 :
                                            sl_mask_q[0] ? {cur_frame, PgSh'(0)} :
                                            {cur_frame[FrmW-1:LgSh-PgSh], LgSh'(0)};
      assign cpl_shift_o[ShiftW*i +: ShiftW] = !cpl_valid_o[i] ? '0 :
                                               (sl_mask_q[0] ? ShiftW'(PgSh) : ShiftW'(LgSh));
    end
    for (genvar s = 0; s < NumSlots; s++) begin : g_upd_frame
      assign upd_frame[s] = cur_frame;
    end
    assign upd_pl     = sl_pl;
    assign upd_mask   = sl_mask_q[3:1];
    assign scan_cnt   = accept;
    assign scan_drop  = scan && !accept;
    assign scan_block = pend_q;

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        pend_q    <= '0;
        used_q    <= '0;
        sl_mask_q <= '0;
        sl_own_q  <= '0;
        sl_p_q    <= '0;
        sl_ps_q   <= '0;
      end else begin
        pend_q <= pend_d;
        used_q <= used_d;
        if (accept) begin
          sl_mask_q <= line_mask;
          sl_own_q  <= own_lane;
          for (int i = 0; i < Lanes; i++) begin
            sl_p_q[i]  <= line_i[PteW*i+xl_pkg::PteP];
            sl_ps_q[i] <= line_i[PteW*i+xl_pkg::PtePs];
          end
        end
      end
    end
    // Frame data flops: no reset, read only through a pending slot (written with the
    // accept that makes it pending).
    always_ff @(posedge clk_i) begin
      if (accept) begin
        for (int i = 0; i < Lanes; i++) sl_frame_q[i] <= ent_frame[i];
      end
    end

`ifndef SYNTHESIS
    // Pending slots are valid and CL, so the scheduler never dispatches one (header).
    `XL_ASSERT(PendValid, (pend_q & ~valid_q) == '0, clk_i, rst_ni)
    `XL_ASSERT(PendNotDeparting, (pend_q & disp_oh) == '0, clk_i, rst_ni)
`endif
  end

  /////////////////
  // Next state  //
  /////////////////

  // One next-state function per slot: arrival > upper update > clear (departure or kill),
  // form item 5, here plane-wise for valid and PL and per slot for PA.
  logic [NumSlots-1:0] clr, keep_pl, valid_d;
  logic [NumSlots-1:0] pl_lo_d, pl_hi_d;
  assign clr     = disp_oh | kill_o;
  assign valid_d = arr_oh | (valid_q & ~disp_oh & ~kill_o);
  assign keep_pl = ~arr_oh & ~upd & ~clr;
  assign pl_lo_d = (pl_lo_q & keep_pl) | (upd_pl[0] ? (upd & ~arr_oh) : '0);
  assign pl_hi_d = (pl_hi_q & keep_pl) | (upd_pl[1] ? (upd & ~arr_oh) : '0);

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
      pl_lo_q <= '0;
      pl_hi_q <= '0;
    end else begin
      valid_q <= valid_d;
      pl_lo_q <= pl_lo_d;
      pl_hi_q <= pl_hi_d;
    end
  end

  // VA data flops: no reset, written by an arrival only.
  always_ff @(posedge clk_i) begin
    if (arr_oh != '0) begin
      for (int j = 0; j < VpnW; j++) begin
        vpn_plane_q[j] <= (vpn_plane_q[j] & ~arr_oh) | (arr_vpn[j] ? arr_oh : '0);
      end
    end
  end

  // PA data flops (form item 7), one small block per slot (Verilator cannot delay-assign an
  // array in a loop it does not unroll; Yosys sees plain enabled registers).
  for (genvar s = 0; s < NumSlots; s++) begin : g_slot
    always_ff @(posedge clk_i) begin
      if (upd[s]) pa_q[s] <= upd_frame[s];
    end
  end

  ////////////////////
  // Resume lookup  //
  ////////////////////

  logic [1:0]      res_pl;
  logic [FrmW-1:0] res_pa;
  if (NumSlots == (1 << SlotW)) begin : g_res_full
    assign res_pl = {pl_hi_q[resume_slot_i], pl_lo_q[resume_slot_i]};
    assign res_pa = pa_q[resume_slot_i];
  end else begin : g_res_part
    // Indices NumSlots .. 2^SlotW-1 name no slot (assertion SlotRange): read 0.
    assign res_pl = (resume_slot_i < SlotW'(NumSlots)) ?
                    {pl_hi_q[resume_slot_i], pl_lo_q[resume_slot_i]} : 2'd0;
    assign res_pa = (resume_slot_i < SlotW'(NumSlots)) ? pa_q[resume_slot_i] : '0;
  end
  assign resume_pl_o = (res_pl == 2'd0) ? '0 : (LevelW'(res_pl) + LevelW'(1));
  assign resume_pa_o = (res_pl == 2'd0) ? '0 : {res_pa, PgSh'(0)};

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
      drops_q     <= '0;
    end else begin
      scans_q     <= scans_q + StatWidth'(scan_cnt);
      leaf_done_q <= leaf_done_q + n_cpl;
      if (upd_mask[1]) upper_l2_q <= upper_l2_q + n_upd;
      if (upd_mask[2]) upper_l3_q <= upper_l3_q + n_upd;
      if (upd_mask[3]) upper_l4_q <= upper_l4_q + n_upd;
      drops_q     <= drops_q + StatWidth'(scan_drop);
    end
  end

  assign scans_o        = scans_q;
  assign leaf_done_o    = leaf_done_q;
  assign upper_set_l2_o = upper_l2_q;
  assign upper_set_l3_o = upper_l3_q;
  assign upper_set_l4_o = upper_l4_q;
  assign scan_drops_o   = drops_q;

  // Bits no rule reads: the page offset of every VA, VA[14:0] of a PWST entry, and the
  // entry flags other than P and PS with bits 63:52 (lowRISC `unused_` idiom).
  logic                  unused_bits;
  logic [NumWalkers-1:0] unused_pwst;
  logic [Lanes-1:0]      unused_ent;
  for (genvar w = 0; w < NumWalkers; w++) begin : g_unused_pwst
    assign unused_pwst[w] = ^pwst_va_i[VaW*w +: PgSh+Nb1];
  end
  for (genvar i = 0; i < Lanes; i++) begin : g_unused_ent
    assign unused_ent[i] = ^{line_i[PteW*i+PaW +: PteW-PaW],
                             line_i[PteW*i+xl_pkg::PtePs+1 +: PgSh-xl_pkg::PtePs-1],
                             line_i[PteW*i+xl_pkg::PteP+1 +: xl_pkg::PtePs-xl_pkg::PteP-1]};
  end
  assign unused_bits = ^{arr_va_i[PgSh-1:0], line_va_i[PgSh-1:0], unused_pwst, unused_ent};

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
                      (pwst_level_i[LevelW*w +: LevelW] >= LevelW'(1) &&
                       pwst_level_i[LevelW*w +: LevelW] <= LevelW'(4));
    end
  end
  // §8 item 8: a slot that stays (no arrival, departure or kill) never loses its PL or
  // moves it up (plane-wise: PL' != 0 and PL' <= PL).
  assign f_pl_ok = ~(valid_q & ~arr_oh & ~disp_oh & ~kill_o & (pl_hi_q | pl_lo_q)) |
                   ((pl_hi_d | pl_lo_d) &
                    ((~pl_hi_d & pl_hi_q) |
                     (~(pl_hi_d ^ pl_hi_q) & (~pl_lo_d | pl_lo_q))));
  `XL_ASSERT(LevelRangePwst, &f_level_ok, clk_i, rst_ni)
  `XL_ASSERT(LevelRangeLine, !line_valid_i || (line_level_i >= LevelW'(1) &&
             line_level_i <= LevelW'(4)), clk_i, rst_ni)
  if (NumSlots < (1 << SlotW)) begin : g_slot_range
    `XL_ASSERT(SlotRange, (!arr_valid_i || arr_slot_i < SlotW'(NumSlots)) &&
               (!disp_valid_i || disp_slot_i < SlotW'(NumSlots)) &&
               resume_slot_i < SlotW'(NumSlots), clk_i, rst_ni)
  end
  // A completed slot never also gets an upper update (form item 5).
  `XL_ASSERT(KillUpdDisjoint, (kill_o & upd) == '0, clk_i, rst_ni)
  // Every completion kills exactly one slot, and only a matching one.
  `XL_ASSERT(KillCount, $countones(kill_o) == $countones(cpl_valid_o), clk_i, rst_ni)
  if (ScanPipe == 0) begin : g_assert_now
    `XL_ASSERT(KillMatch, (kill_o & ~match) == '0, clk_i, rst_ni)
    // The walker's own lane is never used by the scan (coalesce.h).
    `XL_ASSERT(OwnLaneFree, !scan || !cpl_valid_o[own_lane], clk_i, rst_ni)
  end else begin : g_assert_seq
    // A drained completion never takes a lane the port gives to a walker this cycle.
    `XL_ASSERT(LaneBusyFree, (cpl_valid_o & lane_busy_i) == '0, clk_i, rst_ni)
  end
  // §8 item 8: the resume point of a staying slot only moves down.
  `XL_ASSERT(PlOnlyDown, &f_pl_ok, clk_i, rst_ni)
  // Outputs never carry X (the VA flops without reset are read only through valid slots).
  `XL_ASSERT_KNOWN(KnownBlocked, {blocked_o, arr_blocked_o}, clk_i, rst_ni)
  `XL_ASSERT_KNOWN(KnownScan, {kill_o, cpl_valid_o, cpl_slot_o, cpl_frame_o, cpl_shift_o},
                   clk_i, rst_ni)
  `XL_ASSERT_KNOWN(KnownResume, {resume_pl_o, resume_pa_o}, clk_i, rst_ni)
`endif

endmodule
