// xl_walk_sched - the IOMMU page-walk request buffer and the walk scheduler: NumSlots
// buffered walk requests, one arrival and at most one dispatch per cycle, picked by FCFS,
// RANDOM (a 32-bit LFSR) or the SIMT-aware rule (aging > batching > lowest score, oldest
// on ties), with the walk-coalescing ports CL (blocked_i), kill_i and arr_blocked_i.
//
// Spec: docs/isca18-micro18.md §2.2 (per-entry fields and widths),
// §2.3 (arrival: immediate dispatch to an idle walker, per-instruction score merge, scores
// saturate at 256 and never decrease), §2.4 (walker free: aging > batching on
// last_sched_id > min score, oldest on ties), §2.5 (bypass counters), §2.7 (FCFS, random),
// §3.3/§3.5 (CL filter first, then the policy; coalesced entries leave); ISCA'18 §III-IV.
// docs/design.md "twin contract". Port table and timing: rtl/README.md (section xl_walk_sched).
//
// C twin: model/include/xlat/walk_sched.h, model/src/iommu/walk_sched.c (xl_walk_sched_reset /
// _comb / _commit; ports xl_ws_in_t / xl_ws_out_t; architectural view xl_walk_sched_view).
// Ports, widths and cycle semantics are the C's, bit for bit:
//   - every output is combinational from the state before the edge and this cycle's
//     inputs; a field whose valid is low reads 0 (the C's memset);
//   - arr_ready_o = arr_valid_i and a slot is free before the edge (a slot freed by this
//     cycle's dispatch or kill is reusable from the next cycle); IMMEDIATE needs an empty
//     buffer, disp_ready_i and !arr_blocked_i, and uses no slot, stamp, score or LFSR step;
//   - the edge: the dispatched entry and the killed entries leave; every remaining entry
//     older than the dispatched one counts a bypass (saturating at AgingThreshold; kills
//     are not dispatches); last_sched_id = any dispatch's instr_id (immediate included);
//     the LFSR steps once per RANDOM dispatch; then the arrival is written to the lowest
//     slot that was free before the edge, stamp next_stamp++, bypass 0, and every entry of
//     its instruction that stays takes its new score.
//
// Parameters (checked at elaboration with `XL_ASSERT_PARAM):
//   NumSlots        1..2^20 buffer entries (a power of two for Policy 1)   default 16
//   AgingThreshold  1..2^30 bypasses; the counters are $clog2(AgingThreshold+1) bits wide
//                   (the paper's 2,000,000 -> 21 bits)                      default 2000000
//   Policy          xl_pkg::Policy*: 0 FCFS, 1 RANDOM, 2 SIMT-aware         default 2
//   LfsrSeed        RANDOM: initial LFSR state; 0 is replaced by 1          default 1
//   TagWidth        1..32: the caller's request handle carried through      default 16
//   CntWidth        1..64: statistics counters, modulo 2^CntWidth           default 32
//   StampResetValue verification only: next_stamp after reset (the C twin's next_stamp can
//                   be set the same way), so the lockstep crosses the 2^32 stamp wrap
//                   within a short run. Default 0, which is the C's reset value.
//   PickPipe        0: the pick of a cycle is dispatched in that cycle (the papers'        default 0
//                   one-cycle scheduler). 1: the registered pick: the tree's result over
//                   the entries that stay past an edge is held in pick_*_q and dispatched
//                   in the next cycle, unless CL or a kill then excludes its slot (no
//                   dispatch that cycle); va and tag live in a payload RAM read with the
//                   pick (iCE40 block RAM). 2: the pick from registers: as 1, but the
//                   tree reads no input of the cycle: CL from last cycle (blocked_q, an
//                   arrival's slot taking arr_blocked_i), this cycle's kills not looked
//                   at, and the slot in pick_slot_q left out when disp_ready_i (it is
//                   dispatched or dropped); a pick whose slot a kill emptied meanwhile is
//                   dropped. The
//                   C twin's pick_pipe is the same machine (walk_sched.c, "registered
//                   pick", "pick from registers"); cycle costs in rtl/README.md.
//
// Where the hardware form differs from the C code's form (behaviour identical):
//   1. Bypass counters. The C counts bypasses lazily (bypass = b0 + (D - d0) - (o0 - r) over
//      dispatch counts and ranks on an age list, with a lower bound that skips the aging scan
//      while nothing can be aged). Here every slot has its own saturating counter, and at a
//      dispatch from the buffer every valid slot whose stamp is older than the dispatched
//      stamp (wrapping subtraction) increments it. The C's formula is exactly the number of
//      younger dispatches since arrival, clamped the same way (walk_sched.c comment).
//   2. The pick. The C keeps lists in stamp order (age list, one list per instruction) and
//      per-instruction records, and takes the age list's head (FCFS), the head of
//      last_sched_id's list (batching) or the record with the least (score, head stamp).
//      Here each candidate slot (valid, not blocked, not killed) forms the key
//      {class, score (class 2 only), stamp, slot} and one binary min-tree picks the least;
//      a pair with equal keys up to the stamp keeps the left (lower) slot. Live stamps span
//      less than 2^31 (walk_sched.c; it would take an entry held, e.g. CL-blocked, across
//      2^31 later arrivals to break this), so the wrapping "older" is a total order on
//      them and the tree's pairing gives the C's linear order's minimum.
//   3. Scores. The C holds one score per instruction record. Here every slot holds its own
//      9-bit score; an arrival's merge reads the score of the slots with the same instr_id
//      that stay (CAM match, AND-OR: they all hold one value, assertion OneScorePerInstr)
//      and rewrites all of them in parallel with the new score. The scores are stored as
//      nine bit planes (score_pl_q), so the AND-OR and the rewrite are word-wide.
//   4. Lowest free slot and the RANDOM pick: priority encoders over the valid vector
//      instead of the C's free bitmap scans with count-trailing-zeros.
//   5. Kills: the C adjusts its lazy-count bookkeeping (o0) of younger entries; here a kill
//      just clears the valid bit.
//   6. Unused fields: scores are held and read under every policy but stay 0 outside SIMT
//      (the C's records also hold 0). Under FCFS and RANDOM no output depends on the scores
//      or the bypass counters, so synthesis removes both (the lockstep still reads them).
//   7. va, instr_id, stamp, score, bypass and tag flops have no reset (lowRISC/ibex data-flop
//      practice): they are only read through a valid slot. valid, count, next_stamp,
//      last_sched_id, last_valid, the LFSR and the statistics reset asynchronously. The
//      lockstep runs Verilator with random initial values to prove it.
//   8. Statistics counters are CntWidth bits and wrap; the C's are 64-bit (equal modulo
//      2^CntWidth).
//   9. Storage and evaluation layout (simulation speed; no behaviour): each per-slot field
//      is an unpacked array (va_q[i]) written by one small always_ff per slot (g_slot), so
//      every slot's write uses a constant index. The per-slot enables that matter only at
//      the edge (bypass increment, score rewrite) are evaluated inside those blocks, not as
//      comb vectors; the per-slot SIMT class and key (state only) are kept apart from the
//      pick, which alone sees blocked_i and kill_i; one-hot vectors (free slot, dispatched
//      slot, RANDOM hi/lo) are word-wide operations on NumSlots-bit vectors and are encoded
//      to a slot number by OR masks (idx_mask), not by loops over the slots. The min-tree
//      is one 64-bit signal per node in a generate block, and the scores are bit planes
//      (difference 3): Verilator evaluates both as straight-line word operations, where a
//      procedural loop over the slots costs tens of instructions per slot and evaluation
//      (rtl/README.md, speed).
//  10. Arrival order under PickPipe 1 and 2 with NumSlots <= 64: an age matrix (age_q, one row of
//      NumSlots bits per slot: bit j of row i set when slot j arrived before slot i) instead
//      of 32-bit stamp comparisons. The pick takes the least 12-bit key {not a candidate,
//      class, score} by a min-tree, then the candidate holding it that no other holder is
//      older than; the bypass increment reads the dispatched slot's row. The stamps are
//      still kept (the C's view and the statistics read them), but no pick compares them,
//      so the tree is 12 bits wide instead of 64 (iCE40 timing, rtl/README.md). The C's
//      lists are in arrival order too, so the pick is the same.
//  11. The SIMT batching class: the C compares an entry's instr_id with last_sched_id when it
//      picks; here is_last_q holds that comparison per slot, registered at the edge from
//      the next values of instr_q, last_id_q and last_valid_q, so a pick reads it from a
//      flip-flop (iCE40 timing, rtl/README.md). The same bit as the comparison in that cycle.
//
// Widths and encodings (rules, policies, the LFSR) come from rtl/xl_pkg.sv. The mutants of
// the lockstep's mutation test and of the formal check are patches of this file
// (tests/lockstep/mutants/walk_sched/).
`include "xl_assert.svh"

module xl_walk_sched #(
  parameter int                      NumSlots        = 16,
  parameter int                      AgingThreshold  = 2000000,
  parameter int                      Policy          = xl_pkg::PolicySimt,
  parameter bit [xl_pkg::LfsrW-1:0]  LfsrSeed        = 32'h0000_0001,
  parameter int                      TagWidth        = 16,
  parameter int                      CntWidth        = 32,
  parameter bit [xl_pkg::StampW-1:0] StampResetValue = 32'h0000_0000,
  parameter int                      PickPipe        = 0,
  // Derived widths (not to be overridden).
  localparam int                     SlotW           = (NumSlots > 1) ? $clog2(NumSlots) : 1,
  localparam int                     CountW          = $clog2(NumSlots + 1)
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,

  // Arrival port: one walk request per cycle (an IOMMU TLB miss), with its PWC estimate.
  input  logic                      arr_valid_i,
  input  logic [xl_pkg::VaW-1:0]    arr_va_i,
  input  logic [xl_pkg::InstrW-1:0] arr_instr_id_i,
  input  logic [xl_pkg::EstW-1:0]   arr_est_i,
  input  logic [TagWidth-1:0]       arr_tag_i,
  input  logic                      arr_blocked_i,
  output logic                      arr_ready_o,
  output logic                      arr_buffered_o,
  output logic [SlotW-1:0]          arr_slot_o,
  output logic [xl_pkg::ScoreW-1:0] arr_score_o,

  // Dispatch port: one walker can take a walk this cycle.
  input  logic                      disp_ready_i,
  output logic                      disp_valid_o,
  output logic [xl_pkg::RuleW-1:0]  disp_rule_o,
  output logic [SlotW-1:0]          disp_slot_o,
  output logic [xl_pkg::VaW-1:0]    disp_va_o,
  output logic [xl_pkg::InstrW-1:0] disp_instr_id_o,
  output logic [xl_pkg::StampW-1:0] disp_stamp_o,
  output logic [xl_pkg::ScoreW-1:0] disp_score_o,
  output logic [TagWidth-1:0]       disp_tag_o,

  // Walk coalescing (xl_coalesce): CL per slot, and slots completed by a leaf line.
  input  logic [NumSlots-1:0]       blocked_i,
  input  logic [NumSlots-1:0]       kill_i,

  // Status and statistics (C: count, arrivals, dispatched[rule], full_cycles, killed).
  output logic [CountW-1:0]         count_o,
  output logic [CntWidth-1:0]       cnt_arrivals_o,
  output logic [CntWidth-1:0]       cnt_immediate_o,
  output logic [CntWidth-1:0]       cnt_aging_o,
  output logic [CntWidth-1:0]       cnt_batch_o,
  output logic [CntWidth-1:0]       cnt_minscore_o,
  output logic [CntWidth-1:0]       cnt_fcfs_o,
  output logic [CntWidth-1:0]       cnt_random_o,
  output logic [CntWidth-1:0]       cnt_full_o,
  output logic [CntWidth-1:0]       cnt_killed_o
);

  ///////////////////////////
  // Constants and checks  //
  ///////////////////////////

  // Icarus 11 crashes on a declaration typed with a package-scoped enum: a local alias.
  typedef xl_pkg::ws_rule_e ws_rule_e;

  localparam int          VaW       = xl_pkg::VaW;
  localparam int          InstrW    = xl_pkg::InstrW;
  localparam int          StampW    = xl_pkg::StampW;
  localparam int          ScoreW    = xl_pkg::ScoreW;
  localparam int          SumW      = ScoreW + 1;   // estimate + merged score, before the clamp
  localparam int          LfsrW     = xl_pkg::LfsrW;
  localparam int          BypassW   = $clog2(AgingThreshold + 1);
  localparam logic [LfsrW-1:0] LfsrReset = (LfsrSeed != '0) ? LfsrSeed : LfsrW'(1);
  // Form difference 10: the registered pick of a buffer of up to 64 slots keeps arrival
  // order in an age matrix instead of comparing 32-bit stamps.
  localparam bit          AgeMatrix = PickPipe >= 1 && NumSlots <= 64;

  `XL_ASSERT_PARAM(NumSlotsRange, NumSlots >= 1 && NumSlots <= 1048576)
  `XL_ASSERT_PARAM(AgingRange, AgingThreshold >= 1 && AgingThreshold <= 1073741824)
  `XL_ASSERT_PARAM(PolicyRange, Policy >= xl_pkg::PolicyFcfs && Policy <= xl_pkg::PolicySimt)
  `XL_ASSERT_PARAM(RandomPow2, Policy != xl_pkg::PolicyRandom || (NumSlots & (NumSlots - 1)) == 0)
  `XL_ASSERT_PARAM(TagWidthRange, TagWidth >= 1 && TagWidth <= 32)
  `XL_ASSERT_PARAM(CntWidthRange, CntWidth >= 1 && CntWidth <= 64)
  `XL_ASSERT_PARAM(PickPipeRange, PickPipe >= 0 && PickPipe <= 2)

  // "a is older than b": (int32_t)(a - b) < 0 on 32-bit stamps, the sign of the difference.
  function automatic logic older(input logic [StampW-1:0] a, input logic [StampW-1:0] b);
    logic [StampW-1:0] d;
    d     = a - b;
    older = d[StampW-1];
  endfunction

  // Constant: bit s is bit b of the number s (the OR masks of the one-hot encoders).
  function automatic logic [NumSlots-1:0] idx_mask(input int b);
    logic [NumSlots-1:0] r;
    for (int s = 0; s < NumSlots; s++) r[s] = ((s >> b) & 1) != 0;
    idx_mask = r;
  endfunction

  ////////////
  // State  //
  ////////////

  logic [NumSlots-1:0] valid_q;
  // Per-slot fields, one array element per slot (form difference 9).
  logic [InstrW-1:0]   instr_q  [NumSlots];   // no reset
  logic [StampW-1:0]   stamp_q  [NumSlots];   // no reset
  // Scores as bit planes (form difference 9): plane b, bits b*NumSlots +: NumSlots, holds
  // bit b of every slot's score (bit i for slot i).
  logic [ScoreW*NumSlots-1:0] score_pl_q;   // no reset
  logic [BypassW-1:0]  bypass_q [NumSlots];   // no reset
  // va and tag: per-slot flops (PickPipe 0, g_pay_flops) or the payload RAM (PickPipe 1, 2,
  // g_pay_ram), declared there.
  logic [CountW-1:0]   count_q;
  logic [StampW-1:0]   next_stamp_q;
  logic [InstrW-1:0]   last_id_q;      // last_sched_id
  // SIMT (form difference 11): bit i = slot i's instruction is last_sched_id (after a
  // dispatch), computed at the edge from the next values; 0 under FCFS and RANDOM.
  logic [NumSlots-1:0] is_last_q;
  logic                last_valid_q;   // a dispatch since reset
  logic [LfsrW-1:0]    lfsr_q;
  logic [CntWidth-1:0] arrivals_q, full_q, killed_q;
  logic [CntWidth-1:0] imm_q, aging_q, batch_q, minscore_q, fcfs_q, random_q;   // by rule

  //////////////////////////////////
  // Candidates and the arrival   //
  //////////////////////////////////

  logic [NumSlots-1:0] cand;        // may be picked: valid and not left out
  logic [NumSlots-1:0] pick_off;    // left out of the pick (g_pick_comb, g_pick_reg)
  logic                buf_empty;
  logic                buf_full;
  logic                imm;         // IMMEDIATE: the arrival goes straight to the walker
  logic                arr_buf;     // the arrival is written to a slot at this edge

  assign cand      = valid_q & ~pick_off;
  assign buf_empty = ~|valid_q;
  assign buf_full  = &valid_q;
  assign imm       = buf_empty & arr_valid_i & disp_ready_i & ~arr_blocked_i;
  assign arr_buf   = arr_valid_i & ~buf_full & ~imm;

  // Lowest free slot: one-hot of the lowest set bit of ~valid_q, and its index.
  logic [NumSlots-1:0] free_vec, free_oh;
  logic [SlotW-1:0]    free_idx;
  assign free_vec = ~valid_q;
  assign free_oh  = free_vec & (~free_vec + NumSlots'(1));
  for (genvar b = 0; b < SlotW; b++) begin : g_free_idx
    localparam logic [NumSlots-1:0] Mask = idx_mask(b);
    assign free_idx[b] = |(free_oh & Mask);
  end
  logic [NumSlots-1:0] arr_oh;   // the arrival's slot, one-hot
  assign arr_oh = arr_buf ? free_oh : '0;

  ////////////////////////////
  // The pick (per policy)  //
  ////////////////////////////

  logic             pick_any;   // some candidate exists
  logic [SlotW-1:0] pick_idx;   // the candidate picked (meaningful when pick_any)
  ws_rule_e         pick_rule;

  if (Policy == xl_pkg::PolicyRandom) begin : g_random
    // §2.7 random: the first candidate at or after start = lfsr & (NumSlots - 1),
    // wrapping; lfsr_q is this cycle's register value.
    // hi: the lowest candidate at or after start; lo: the lowest candidate (the wrap).
    logic [SlotW-1:0]    start;
    logic [NumSlots-1:0] hi_vec, hi_oh, lo_oh, pick_oh;
    logic                hi_any, lo_any;
    assign start  = SlotW'(lfsr_q & LfsrW'(NumSlots - 1));
    assign hi_vec = cand & ({NumSlots{1'b1}} << start);
    assign hi_oh  = hi_vec & (~hi_vec + NumSlots'(1));
    assign hi_any = |hi_vec;
    assign lo_any = |cand;
    assign lo_oh  = cand & (~cand + NumSlots'(1));
    assign pick_oh = hi_any ? hi_oh : lo_oh;
    for (genvar b = 0; b < SlotW; b++) begin : g_pick_idx
      localparam logic [NumSlots-1:0] Mask = idx_mask(b);
      assign pick_idx[b] = |(pick_oh & Mask);
    end
    assign pick_any  = lo_any;
    assign pick_rule = xl_pkg::RuleRandom;

  end else begin : g_tree
    // FCFS and SIMT: one min-reduction over the per-slot keys (form difference 2).
    // A node is {key, stamp, slot}; key = {not a candidate, class, score} with class
    // ClsAged, ClsBatch or ClsScore (SIMT) and the score only in class ClsScore; FCFS uses
    // class 0 and score 0 for every slot (key = not a candidate, then the stamp). A leaf
    // that is not a candidate has key KeyOff and stamp 0, so it loses to every candidate
    // and two of them keep the left one, as the C's !ok tests do.
    localparam int         ClsW       = 2;
    localparam logic [1:0] ClsAged    = 2'd0;   // aging (§2.5)
    localparam logic [1:0] ClsBatch   = 2'd1;   // batching (§2.4 2-a)
    localparam logic [1:0] ClsScore   = 2'd2;   // min score, oldest on ties
    localparam int         KeyW       = 1 + ClsW + ScoreW;
    localparam int         SlotFieldW = 20;     // NumSlots <= 2^20
    localparam int         NodeW      = KeyW + StampW + SlotFieldW;   // 64
    localparam int         KeyLsb     = StampW + SlotFieldW;
    localparam logic [KeyW-1:0] KeyOff = {1'b1, {(KeyW - 1){1'b0}}};

    // Per slot, from the registers only: {class, score (class ClsScore) or 0}.
    logic [KeyW-2:0] slot_key [NumSlots];
    if (Policy == xl_pkg::PolicySimt) begin : g_cls
      for (genvar i = 0; i < NumSlots; i++) begin : g_slot_key
        logic [ClsW-1:0] cls;
        assign cls = (bypass_q[i] == BypassW'(AgingThreshold)) ? ClsAged :
                     is_last_q[i] ? ClsBatch :
                     ClsScore;
        logic [ScoreW-1:0] sc;   // this slot's score, gathered from the planes
        for (genvar b = 0; b < ScoreW; b++) begin : g_sc
          assign sc[b] = score_pl_q[b*NumSlots + i];
        end
        assign slot_key[i] = {cls, (cls == ClsScore) ? sc : ScoreW'(0)};
      end
    end else begin : g_cls_fcfs
      for (genvar i = 0; i < NumSlots; i++) begin : g_zero
        assign slot_key[i] = '0;
      end
    end

    if (!AgeMatrix) begin : g_stamps
      // 1 when node b (key kb, stamp tb) goes before node a (the left, lower-slot side). One
      // expression, so the simulation selects rather than branches.
      function automatic logic b_first(input logic [KeyW-1:0] ka, input logic [StampW-1:0] ta,
                                       input logic [KeyW-1:0] kb, input logic [StampW-1:0] tb);
        b_first = (ka != kb) ? (kb < ka) : older(tb, ta);
      endfunction

      // The tree, one signal per node (form difference 9): g_lv[d].g_n[n].v is node n of
      // depth d, {key, stamp, slot} in 64 bits; depth Depth holds the leaves (slot i at
      // leaf i; leaves >= NumSlots are never candidates) and node n of depth d is the better of
      // nodes 2n (left) and 2n+1 of depth d+1. Each node is its own 64-bit signal with one
      // continuous assignment, so Verilator evaluates the tree as straight-line word
      // operations: not a loop over an array (slow, and circular to its scheduler), and not
      // part-selects of one wide vector per level (which it merges into wide concatenations).
      localparam int Depth = $clog2(NumSlots);   // 2^Depth leaves

      function automatic logic [NodeW-1:0] node_min(input logic [NodeW-1:0] a,
                                                    input logic [NodeW-1:0] b);
        node_min = b_first(a[KeyLsb +: KeyW], a[SlotFieldW +: StampW],
                           b[KeyLsb +: KeyW], b[SlotFieldW +: StampW]) ? b : a;
      endfunction

      for (genvar d = 0; d <= Depth; d++) begin : g_lv
        for (genvar n = 0; n < (1 << d); n++) begin : g_n
          logic [NodeW-1:0] v;
          if (d == Depth) begin : g_leaf
            if (n < NumSlots) begin : g_slot
              assign v = cand[n] ? {1'b0, slot_key[n], stamp_q[n], SlotFieldW'(n)}
                                 : {KeyOff, StampW'(0), SlotFieldW'(n)};
            end else begin : g_pad
              assign v = {KeyOff, StampW'(0), SlotFieldW'(0)};
            end
          end else begin : g_inner
            assign v = node_min(g_lv[d + 1].g_n[2 * n].v, g_lv[d + 1].g_n[2 * n + 1].v);
          end
        end
      end

      logic [ClsW:0]    root_top;    // the root's {not a candidate, class}
      logic [SlotW-1:0] root_slot;
      logic             unused_root;
      assign root_top    = g_lv[0].g_n[0].v[NodeW-1 -: ClsW + 1];
      assign root_slot   = g_lv[0].g_n[0].v[SlotW-1:0];
      assign unused_root = ^g_lv[0].g_n[0].v[NodeW-ClsW-2:SlotW];

      logic [ClsW-1:0] root_cls;
      assign pick_any = !root_top[ClsW];
      assign pick_idx = root_slot;
      assign root_cls = root_top[ClsW-1:0];
      assign pick_rule = (Policy == xl_pkg::PolicyFcfs) ? xl_pkg::RuleFcfs :
                         (root_cls == ClsAged) ? xl_pkg::RuleAging :
                         (root_cls == ClsBatch) ? xl_pkg::RuleBatch : xl_pkg::RuleMinScore;
    end else begin : g_age
      // Form difference 10. Arrival order comes from the age matrix (g_age_mat.age_q: bit j
      // of row i is set when slot j arrived before slot i), not from stamps: the least key
      // {not a candidate, class, score} over the slots by a min-tree of 12-bit keys, then
      // among the candidates holding it the one no other of them is older than. The same
      // pick as the stamp tree: the C's lists are in arrival order too.
      localparam int Depth = $clog2(NumSlots);
      for (genvar d = 0; d <= Depth; d++) begin : g_lv
        for (genvar n = 0; n < (1 << d); n++) begin : g_n
          logic [KeyW-1:0] v;
          if (d == Depth) begin : g_leaf
            if (n < NumSlots) begin : g_slot
              assign v = cand[n] ? {1'b0, slot_key[n]} : KeyOff;
            end else begin : g_pad
              assign v = KeyOff;
            end
          end else begin : g_inner
            assign v = (g_lv[d + 1].g_n[2 * n + 1].v < g_lv[d + 1].g_n[2 * n].v) ?
                       g_lv[d + 1].g_n[2 * n + 1].v : g_lv[d + 1].g_n[2 * n].v;
          end
        end
      end
      logic [KeyW-1:0]     min_key;
      logic [NumSlots-1:0] best, oldest;
      assign min_key = g_lv[0].g_n[0].v;
      for (genvar i = 0; i < NumSlots; i++) begin : g_best
        assign best[i]   = cand[i] && {1'b0, slot_key[i]} == min_key;
        assign oldest[i] = best[i] && (best & g_age_mat.age_q[i]) == '0;
      end
      for (genvar b = 0; b < SlotW; b++) begin : g_pick_idx
        localparam logic [NumSlots-1:0] Mask = idx_mask(b);
        assign pick_idx[b] = |(oldest & Mask);
      end
      logic [ClsW-1:0] root_cls;
      assign pick_any  = !min_key[KeyW-1];
      assign root_cls  = min_key[KeyW-2 -: ClsW];
      assign pick_rule = (Policy == xl_pkg::PolicyFcfs) ? xl_pkg::RuleFcfs :
                         (root_cls == ClsAged) ? xl_pkg::RuleAging :
                         (root_cls == ClsBatch) ? xl_pkg::RuleBatch : xl_pkg::RuleMinScore;
    end
  end

  // last_sched_id is kept under every policy (the C twin's view has it), but only SIMT
  // batching reads it (lowRISC `unused_` idiom).
  if (Policy != xl_pkg::PolicySimt) begin : g_unused_last
    logic unused_last;
    assign is_last_q   = '0;
    assign unused_last = ^{last_valid_q, last_id_q, is_last_q};
  end else begin : g_batch
    // Form difference 11: the batching test of each slot, last_valid && instr_id ==
    // last_sched_id, registered at the edge from the values the registers take there
    // (the dispatch's instr_id, the arrival's in the slot it takes), so the pick of the
    // next cycle reads one flip-flop per slot instead of a 20-bit compare.
    logic              last_valid_d;
    logic [InstrW-1:0] last_id_d;
    assign last_valid_d = last_valid_q | disp_valid_o;
    assign last_id_d    = disp_valid_o ? disp_instr_id_o : last_id_q;
    for (genvar i = 0; i < NumSlots; i++) begin : g_bq
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          is_last_q[i] <= 1'b0;
        end else begin
          is_last_q[i] <= last_valid_d &&
                        (arr_oh[i] ? arr_instr_id_i : instr_q[i]) == last_id_d;
        end
      end
    end
  end

  logic                disp_buf;   // a dispatch from the buffer at this edge
  logic [SlotW-1:0]    disp_idx;   // its slot
  ws_rule_e            disp_rule_buf;
  logic [NumSlots-1:0] disp_oh;    // its slot, one-hot

  // The dispatched slot's fields.
  logic [VaW-1:0]      sel_va;
  logic [InstrW-1:0]   sel_instr;
  logic [StampW-1:0]   sel_stamp;
  logic [ScoreW-1:0]   sel_score;
  logic [TagWidth-1:0] sel_tag;

  if (PickPipe == 0) begin : g_pick_comb
    // The pick of this cycle is dispatched in this cycle; va and tag are per-slot flops
    // read by the pick (a mux over the slots).
    assign disp_buf      = disp_ready_i & pick_any;
    assign disp_idx      = pick_idx;
    assign disp_rule_buf = pick_rule;
    assign pick_off      = blocked_i | kill_i;
  end else begin : g_pick_reg
    // The registered pick (PickPipe 1, 2): this cycle's tree result, over the entries that
    // stay past this edge's dispatch, is dispatched next cycle unless CL or a kill then
    // excludes its slot (a dropped pick: no dispatch that cycle). The slot it names is
    // still valid then: it was neither dispatched nor killed in the cycle of the pick, and
    // an arrival only takes a slot free before its edge. PickPipe 2 (the pick from
    // registers) leaves out last cycle's CL (blocked_q) and, with a walker ready, the slot
    // in the register, and does not look at kills, so its pick may name a slot a kill has emptied by the
    // dispatch cycle: dropped too (valid_q).
    logic        pick_valid_q;
    logic [SlotW-1:0] pick_slot_q;
    ws_rule_e    pick_rule_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        pick_valid_q <= 1'b0;
        pick_slot_q  <= '0;
        pick_rule_q  <= xl_pkg::RuleNone;
      end else begin
        pick_valid_q <= pick_any;
        pick_slot_q  <= pick_any ? pick_idx : '0;
        pick_rule_q  <= pick_any ? pick_rule : xl_pkg::RuleNone;
      end
    end
    assign disp_buf      = disp_ready_i & pick_valid_q & ~blocked_i[pick_slot_q] &
                           ~kill_i[pick_slot_q] & (PickPipe == 1 || valid_q[pick_slot_q]);
    assign disp_idx      = pick_slot_q;
    assign disp_rule_buf = pick_rule_q;
    if (PickPipe == 1) begin : g_off_now
      assign pick_off = blocked_i | kill_i | disp_oh;
    end else begin : g_off_regs
      // Last cycle's CL per slot; the slot taking an arrival holds the arrival's CL. Bits
      // of free slots are never read (cand masks them, and a slot becomes valid only
      // through an arrival, which writes its bit).
      logic [NumSlots-1:0] blocked_q;
      always_ff @(posedge clk_i or negedge rst_ni) begin
        if (!rst_ni) begin
          blocked_q <= '0;
        end else begin
          blocked_q <= (blocked_i & ~arr_oh) | (arr_oh & {NumSlots{arr_blocked_i}});
        end
      end
      // The slot in the register is left out when a walker is ready (it is dispatched or
      // dropped this cycle); without one it stays the pick.
      assign pick_off = blocked_q |
                        ((pick_valid_q && disp_ready_i) ? (NumSlots'(1) << pick_slot_q) : '0);
    end
  end
  assign disp_oh = disp_buf ? (NumSlots'(1) << disp_idx) : '0;

  // The age matrix (form difference 10) and, from it, the slots older than the dispatched
  // one (they count a bypass).
  logic [NumSlots-1:0] age_disp;
  if (AgeMatrix) begin : g_age_mat
    // Row i is written when slot i takes an arrival: every entry that stays past that edge
    // is older. An arrival into slot a clears column a in every other row (the new entry is
    // younger than all). Bits of free slots are stale and never read unmasked.
    logic [NumSlots-1:0] age_q [NumSlots];   // no reset: row i is written before it is read
    logic [NumSlots-1:0] stay_all;
    assign stay_all = valid_q & ~kill_i & ~disp_oh;
    for (genvar i = 0; i < NumSlots; i++) begin : g_row
      always_ff @(posedge clk_i) begin
        age_q[i] <= arr_oh[i] ? stay_all : (age_q[i] & ~arr_oh);
      end
    end
    assign age_disp = age_q[disp_idx];
  end else begin : g_no_age_mat
    assign age_disp = '0;
  end

  if (PickPipe == 0) begin : g_pay_flops
    logic [VaW-1:0]      va_q  [NumSlots];   // no reset
    logic [TagWidth-1:0] tag_q [NumSlots];   // no reset
    for (genvar i = 0; i < NumSlots; i++) begin : g_slot
      always_ff @(posedge clk_i) begin
        if (arr_oh[i]) begin
          va_q[i]  <= arr_va_i;
          tag_q[i] <= arr_tag_i;
        end
      end
    end
    assign sel_va    = va_q[pick_idx];
    assign sel_instr = instr_q[pick_idx];
    assign sel_stamp = stamp_q[pick_idx];
    assign sel_tag   = tag_q[pick_idx];
  end else begin : g_pay_ram
    // The payload RAM (PickPipe 1, 2): one write port (the arrival's slot) and one registered
    // read port addressed by this cycle's pick, so the dispatched entry's fields come
    // from its output register next cycle. Synchronous, no reset, no read of a slot
    // written at the same edge (the pick never names a free slot): block RAM on the
    // iCE40 (SB_RAM40_4K) and elsewhere.
    localparam int PayW = VaW + InstrW + StampW + TagWidth;
    logic [PayW-1:0] pay_mem [NumSlots];
    logic [PayW-1:0] pay_q;
    always_ff @(posedge clk_i) begin
      if (arr_buf) begin
        pay_mem[free_idx] <= {arr_va_i, arr_instr_id_i, next_stamp_q, arr_tag_i};
      end
      pay_q <= pay_mem[pick_idx];
    end
    assign {sel_va, sel_instr, sel_stamp, sel_tag} = pay_q;
    // The instr_id flops serve only SIMT's CAM and batching here (lowRISC unused_ idiom).
    if (Policy != xl_pkg::PolicySimt) begin : g_unused_instr
      logic [NumSlots-1:0] unused_instr;
      for (genvar i = 0; i < NumSlots; i++) begin : g_u
        assign unused_instr[i] = ^instr_q[i];
      end
    end
  end
  for (genvar b = 0; b < ScoreW; b++) begin : g_sel_score
    assign sel_score[b] = score_pl_q[b*NumSlots + 32'(disp_idx)];
  end

  /////////////////////////////
  // Score merge (SIMT §2.3) //
  /////////////////////////////

  // Slots of the arrival's instruction that stay at this edge (neither dispatched nor
  // killed); they all hold one score, read by an AND-OR (form difference 3).
  logic [NumSlots-1:0] stay;
  logic [ScoreW-1:0]   merged;
  logic [SumW-1:0]     sum;
  logic [ScoreW-1:0]   new_score;
  if (Policy == xl_pkg::PolicySimt) begin : g_merge
    logic [NumSlots-1:0] same_instr;   // the arrival's instruction (valid or not)
    for (genvar i = 0; i < NumSlots; i++) begin : g_cam
      assign same_instr[i] = instr_q[i] == arr_instr_id_i;
    end
    assign stay = valid_q & same_instr & ~kill_i & ~disp_oh;
    for (genvar b = 0; b < ScoreW; b++) begin : g_merged
      assign merged[b] = |(stay & score_pl_q[b*NumSlots +: NumSlots]);
    end
  end else begin : g_no_merge
    assign stay   = '0;
    assign merged = '0;
  end
  assign sum       = SumW'(arr_est_i) + SumW'(merged);
  assign new_score = (Policy != xl_pkg::PolicySimt) ? '0 :
                     (sum > SumW'(xl_pkg::ScoreMax)) ? xl_pkg::ScoreMax : sum[ScoreW-1:0];

  /////////////
  // Outputs //
  /////////////

  assign arr_ready_o    = arr_valid_i & ~buf_full;
  assign arr_buffered_o = arr_buf;
  assign arr_slot_o     = arr_buf ? free_idx : '0;
  assign arr_score_o    = arr_buf ? new_score : '0;

  assign disp_valid_o    = imm | disp_buf;
  assign disp_rule_o     = imm ? xl_pkg::RuleImmediate :
                           (disp_buf ? disp_rule_buf : xl_pkg::RuleNone);
  assign disp_slot_o     = disp_buf ? disp_idx : '0;
  assign disp_va_o       = imm ? arr_va_i : (disp_buf ? sel_va : '0);
  assign disp_instr_id_o = imm ? arr_instr_id_i : (disp_buf ? sel_instr : '0);
  assign disp_stamp_o    = disp_buf ? sel_stamp : '0;
  assign disp_score_o    = disp_buf ? sel_score : '0;
  assign disp_tag_o      = imm ? arr_tag_i : (disp_buf ? sel_tag : '0);

  assign count_o         = count_q;
  assign cnt_arrivals_o  = arrivals_q;
  assign cnt_immediate_o = imm_q;
  assign cnt_aging_o     = aging_q;
  assign cnt_batch_o     = batch_q;
  assign cnt_minscore_o  = minscore_q;
  assign cnt_fcfs_o      = fcfs_q;
  assign cnt_random_o    = random_q;
  assign cnt_full_o      = full_q;
  assign cnt_killed_o    = killed_q;

  ////////////////
  // Next state //
  ////////////////

  logic [NumSlots-1:0] killed_vec;   // valid slots completed by coalescing
  logic [NumSlots-1:0] valid_d;
  logic [CountW-1:0]   count_d;
  logic [LfsrW-1:0]    lfsr_step;

  assign killed_vec = valid_q & kill_i;
  assign valid_d    = (valid_q & ~kill_i & ~disp_oh) | arr_oh;
  assign count_d    = count_q - CountW'($countones(killed_vec)) - CountW'(disp_buf) +
                      CountW'(arr_buf);
  assign lfsr_step  = {1'b0, lfsr_q[LfsrW-1:1]} ^ (lfsr_q[0] ? xl_pkg::LfsrTaps : '0);

  // Control state and statistics: asynchronous reset.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q      <= '0;
      count_q      <= '0;
      next_stamp_q <= StampResetValue;
      last_id_q    <= '0;
      last_valid_q <= 1'b0;
      lfsr_q       <= LfsrReset;
      arrivals_q   <= '0;
      full_q       <= '0;
      killed_q     <= '0;
      imm_q        <= '0;
      aging_q      <= '0;
      batch_q      <= '0;
      minscore_q   <= '0;
      fcfs_q       <= '0;
      random_q     <= '0;
    end else begin
      valid_q <= valid_d;
      count_q <= count_d;
      if (arr_buf) begin
        next_stamp_q <= next_stamp_q + StampW'(1);
      end
      if (disp_valid_o) begin
        last_id_q    <= disp_instr_id_o;
        last_valid_q <= 1'b1;
      end
      if (disp_rule_o == xl_pkg::RuleImmediate) imm_q      <= imm_q + CntWidth'(1);
      if (disp_rule_o == xl_pkg::RuleAging)     aging_q    <= aging_q + CntWidth'(1);
      if (disp_rule_o == xl_pkg::RuleBatch)     batch_q    <= batch_q + CntWidth'(1);
      if (disp_rule_o == xl_pkg::RuleMinScore)  minscore_q <= minscore_q + CntWidth'(1);
      if (disp_rule_o == xl_pkg::RuleFcfs)      fcfs_q     <= fcfs_q + CntWidth'(1);
      if (disp_rule_o == xl_pkg::RuleRandom)    random_q   <= random_q + CntWidth'(1);
      if (disp_buf && Policy == xl_pkg::PolicyRandom) begin
        lfsr_q <= lfsr_step;
      end
      if (arr_valid_i && arr_ready_o) begin
        arrivals_q <= arrivals_q + CntWidth'(1);
      end
      if (arr_valid_i && !arr_ready_o) begin
        full_q <= full_q + CntWidth'(1);
      end
      killed_q <= killed_q + CntWidth'($countones(killed_vec));
    end
  end

  // Per-slot data: no reset (form difference 7), one block per slot (form difference 9).
  // The bypass increment (§2.5: passed by a younger request; the dispatched slot is not
  // older than itself) is the block's write enable, evaluated at the edge.
  for (genvar i = 0; i < NumSlots; i++) begin : g_slot
    always_ff @(posedge clk_i) begin
      if (arr_oh[i]) begin
        instr_q[i]  <= arr_instr_id_i;
        stamp_q[i]  <= next_stamp_q;
      end
      // 0 for an arrival, else +1 when passed (saturating at the threshold).
      bypass_q[i] <= arr_oh[i] ? '0 : bypass_q[i] + BypassW'(disp_buf && valid_q[i] &&
                     bypass_q[i] != BypassW'(AgingThreshold) &&
                     (AgeMatrix ? age_disp[i] : older(stamp_q[i], sel_stamp)));
    end
  end

  // Scores, plane by plane: the arrival's slot and the staying slots of its instruction
  // take new_score at this edge.
  logic [NumSlots-1:0] score_wr;
  assign score_wr = arr_oh | (arr_buf ? stay : '0);
  always_ff @(posedge clk_i) begin
    for (int b = 0; b < ScoreW; b++) begin
      score_pl_q[b*NumSlots +: NumSlots] <= (score_pl_q[b*NumSlots +: NumSlots] & ~score_wr) |
                                            (score_wr & {NumSlots{new_score[b]}});
    end
  end

  ////////////////
  // Assertions //
  ////////////////

  // Every slot of the arrival's instruction that stays holds the one merged score.
  if (Policy == xl_pkg::PolicySimt) begin : g_score_check
    logic [NumSlots-1:0] score_split;
    always_comb begin
      logic [NumSlots-1:0] diff;   // slots whose score differs from merged in some bit
      diff = '0;
      for (int b = 0; b < ScoreW; b++) begin
        diff = diff | (score_pl_q[b*NumSlots +: NumSlots] ^ {NumSlots{merged[b]}});
      end
      score_split = stay & diff;
    end
    `XL_ASSERT(OneScorePerInstr, !arr_valid_i || score_split == '0, clk_i, rst_ni)
  end

  // No valid counter beyond the threshold (only checkable when the width allows it).
  if ((64'd1 << BypassW) - 64'd1 > 64'(AgingThreshold)) begin : g_bypass_check
    logic [NumSlots-1:0] bypass_over;
    for (genvar i = 0; i < NumSlots; i++) begin : g_over
      assign bypass_over[i] = valid_q[i] && 32'(bypass_q[i]) > 32'(AgingThreshold);
    end
    `XL_ASSERT(BypassSaturates, bypass_over == '0, clk_i, rst_ni)
  end

  `XL_ASSERT(CountMatchesValid, 32'(count_q) == 32'($countones(valid_q)), clk_i, rst_ni)
  // The dispatched slot is valid and eligible (cand itself leaves it out under PickPipe 1 and 2).
  `XL_ASSERT(PickIsCandidate, !disp_buf || (disp_oh & valid_q & ~blocked_i & ~kill_i) != '0,
             clk_i, rst_ni)
  `XL_ASSERT(ArrivalSlotFree, !arr_buf || (arr_oh & valid_q) == '0, clk_i, rst_ni)
  `XL_ASSERT(ImmediateOnlyEmpty, !imm || (buf_empty && !disp_buf), clk_i, rst_ni)
  `XL_ASSERT_KNOWN(KnownArrival, {arr_ready_o, arr_buffered_o, arr_slot_o, arr_score_o},
                   clk_i, rst_ni)
  `XL_ASSERT_KNOWN(KnownDispatch, {disp_valid_o, disp_rule_o, disp_slot_o}, clk_i, rst_ni)

endmodule
