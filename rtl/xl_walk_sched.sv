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
//   Policy          0 FCFS, 1 RANDOM, 2 SIMT-aware                          default 2
//   LfsrSeed        RANDOM: initial LFSR state; 0 is replaced by 1          default 1
//   TagWidth        1..32: the caller's request handle carried through      default 16
//   CntWidth        1..64: statistics counters, modulo 2^CntWidth           default 32
//   StampResetValue verification only: next_stamp after reset (the C twin's next_stamp can
//                   be set the same way), so the lockstep crosses the 2^32 stamp wrap
//                   within a short run. Default 0, which is the C's reset value.
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
//
// Test-only mutation hooks (tests/lockstep/mutants_walk_sched.sh; never defined in a real
// build):
//   XL_MUTANT_TIE_YOUNGEST   min score: equal scores go to the youngest, not the oldest
//   XL_MUTANT_AGING_EARLY    an entry counts as aged one bypass early (off-by-one threshold)
//   XL_MUTANT_NO_BATCH       batching ignored (same-instruction entries compete by score)
//   XL_MUTANT_MERGE_LEAVING  the score merge also sees the entry dispatched at this edge
//   XL_MUTANT_KILL_BYPASS    a cycle with a kill counts a bypass for every entry (kills
//                            treated as dispatches)
//   XL_MUTANT_RANDOM_NO_WRAP RANDOM: with no candidate at or after the LFSR index, take the
//                            highest candidate instead of wrapping to the lowest
//   XL_MUTANT_CL_IMMEDIATE   arr_blocked_i does not forbid the IMMEDIATE path
`include "xl_assert.svh"

module xl_walk_sched #(
  parameter int        NumSlots        = 16,
  parameter int        AgingThreshold  = 2000000,
  parameter int        Policy          = 2,
  parameter bit [31:0] LfsrSeed        = 32'h0000_0001,
  parameter int        TagWidth        = 16,
  parameter int        CntWidth        = 32,
  parameter bit [31:0] StampResetValue = 32'h0000_0000,
  // Derived widths (not to be overridden).
  localparam int       SlotW           = (NumSlots > 1) ? $clog2(NumSlots) : 1,
  localparam int       CountW          = $clog2(NumSlots + 1)
) (
  input  logic                clk_i,
  input  logic                rst_ni,

  // Arrival port: one walk request per cycle (an IOMMU TLB miss), with its PWC estimate.
  input  logic                arr_valid_i,
  input  logic [47:0]         arr_va_i,
  input  logic [19:0]         arr_instr_id_i,
  input  logic [7:0]          arr_est_i,
  input  logic [TagWidth-1:0] arr_tag_i,
  input  logic                arr_blocked_i,
  output logic                arr_ready_o,
  output logic                arr_buffered_o,
  output logic [SlotW-1:0]    arr_slot_o,
  output logic [8:0]          arr_score_o,

  // Dispatch port: one walker can take a walk this cycle.
  input  logic                disp_ready_i,
  output logic                disp_valid_o,
  output logic [2:0]          disp_rule_o,
  output logic [SlotW-1:0]    disp_slot_o,
  output logic [47:0]         disp_va_o,
  output logic [19:0]         disp_instr_id_o,
  output logic [31:0]         disp_stamp_o,
  output logic [8:0]          disp_score_o,
  output logic [TagWidth-1:0] disp_tag_o,

  // Walk coalescing (xl_coalesce): CL per slot, and slots completed by a leaf line.
  input  logic [NumSlots-1:0] blocked_i,
  input  logic [NumSlots-1:0] kill_i,

  // Status and statistics (C: count, arrivals, dispatched[rule], full_cycles, killed).
  output logic [CountW-1:0]   count_o,
  output logic [CntWidth-1:0] cnt_arrivals_o,
  output logic [CntWidth-1:0] cnt_immediate_o,
  output logic [CntWidth-1:0] cnt_aging_o,
  output logic [CntWidth-1:0] cnt_batch_o,
  output logic [CntWidth-1:0] cnt_minscore_o,
  output logic [CntWidth-1:0] cnt_fcfs_o,
  output logic [CntWidth-1:0] cnt_random_o,
  output logic [CntWidth-1:0] cnt_full_o,
  output logic [CntWidth-1:0] cnt_killed_o
);

  ///////////////////////////
  // Constants and checks  //
  ///////////////////////////

  localparam int PolicyFcfs   = 0;
  localparam int PolicyRandom = 1;
  localparam int PolicySimt   = 2;

  // disp_rule_o encoding (C: xl_ws_rule_t).
  localparam logic [2:0] RuleNone      = 3'd0;
  localparam logic [2:0] RuleImmediate = 3'd1;
  localparam logic [2:0] RuleAging     = 3'd2;
  localparam logic [2:0] RuleBatch     = 3'd3;
  localparam logic [2:0] RuleMinScore  = 3'd4;
  localparam logic [2:0] RuleFcfs      = 3'd5;
  localparam logic [2:0] RuleRandom    = 3'd6;

  localparam int          VaW       = 48;
  localparam int          InstrW    = 20;
  localparam int          StampW    = 32;
  localparam int          ScoreW    = 9;
  localparam int          BypassW   = $clog2(AgingThreshold + 1);
  localparam logic [31:0] LfsrTaps  = 32'h8020_0003;   // x^32 + x^22 + x^2 + x + 1
  localparam logic [31:0] LfsrReset = (LfsrSeed != 32'h0) ? LfsrSeed : 32'h1;
  localparam logic [8:0]  ScoreMax  = 9'd256;

  `XL_ASSERT_PARAM(NumSlotsRange, NumSlots >= 1 && NumSlots <= 1048576)
  `XL_ASSERT_PARAM(AgingRange, AgingThreshold >= 1 && AgingThreshold <= 1073741824)
  `XL_ASSERT_PARAM(PolicyRange, Policy >= 0 && Policy <= 2)
  `XL_ASSERT_PARAM(RandomPow2, Policy != 1 || (NumSlots & (NumSlots - 1)) == 0)
  `XL_ASSERT_PARAM(TagWidthRange, TagWidth >= 1 && TagWidth <= 32)
  `XL_ASSERT_PARAM(CntWidthRange, CntWidth >= 1 && CntWidth <= 64)

  // "a is older than b": (int32_t)(a - b) < 0 on 32-bit stamps.
  function automatic logic older(input logic [31:0] a, input logic [31:0] b);
    older = (a - b) >= 32'h8000_0000;
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

  logic [NumSlots-1:0] valid_q /*verilator public_flat_rd*/;
  // Per-slot fields, one array element per slot (form difference 9).
  logic [VaW-1:0]      va_q     [NumSlots] /*verilator public_flat_rd*/;   // no reset
  logic [InstrW-1:0]   instr_q  [NumSlots] /*verilator public_flat_rd*/;   // no reset
  logic [StampW-1:0]   stamp_q  [NumSlots] /*verilator public_flat_rd*/;   // no reset
  // Scores as bit planes (form difference 9): plane b, bits b*NumSlots +: NumSlots, holds
  // bit b of every slot's score (bit i for slot i).
  logic [ScoreW*NumSlots-1:0] score_pl_q /*verilator public_flat_rd*/;   // no reset
  logic [BypassW-1:0]  bypass_q [NumSlots] /*verilator public_flat_rd*/;   // no reset
  logic [TagWidth-1:0] tag_q    [NumSlots] /*verilator public_flat_rd*/;   // no reset
  logic [CountW-1:0]   count_q;
  logic [31:0]         next_stamp_q /*verilator public_flat_rd*/;
  logic [19:0]         last_id_q /*verilator public_flat_rd*/;      // last_sched_id
  logic                last_valid_q /*verilator public_flat_rd*/;   // a dispatch since reset
  logic [31:0]         lfsr_q /*verilator public_flat_rd*/;
  logic [CntWidth-1:0] arrivals_q, full_q, killed_q;
  logic [CntWidth-1:0] imm_q, aging_q, batch_q, minscore_q, fcfs_q, random_q;   // by rule

  //////////////////////////////////
  // Candidates and the arrival   //
  //////////////////////////////////

  logic [NumSlots-1:0] cand;        // may be picked: valid, not CL-blocked, not killed
  logic                buf_empty;
  logic                buf_full;
  logic                imm;         // IMMEDIATE: the arrival goes straight to the walker
  logic                arr_buf;     // the arrival is written to a slot at this edge

  assign cand      = valid_q & ~blocked_i & ~kill_i;
  assign buf_empty = ~|valid_q;
  assign buf_full  = &valid_q;
`ifdef XL_MUTANT_CL_IMMEDIATE
  assign imm       = buf_empty & arr_valid_i & disp_ready_i;
`else
  assign imm       = buf_empty & arr_valid_i & disp_ready_i & ~arr_blocked_i;
`endif
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

  ////////////////////////////
  // The pick (per policy)  //
  ////////////////////////////

  logic             pick_any;   // some candidate exists
  logic [SlotW-1:0] pick_idx;   // the candidate picked (meaningful when pick_any)
  logic [2:0]       pick_rule;

  if (Policy == PolicyRandom) begin : g_random
    // §2.7 random: the first candidate at or after start = lfsr & (NumSlots - 1),
    // wrapping; lfsr_q is this cycle's register value.
    // hi: the lowest candidate at or after start; lo: the lowest candidate (the wrap).
    logic [SlotW-1:0]    start;
    logic [NumSlots-1:0] hi_vec, hi_oh, lo_oh, pick_oh;
    logic                hi_any, lo_any;
    assign start  = SlotW'(lfsr_q & 32'(NumSlots - 1));
    assign hi_vec = cand & ({NumSlots{1'b1}} << start);
    assign hi_oh  = hi_vec & (~hi_vec + NumSlots'(1));
    assign hi_any = |hi_vec;
    assign lo_any = |cand;
`ifdef XL_MUTANT_RANDOM_NO_WRAP
    // The highest candidate instead of the lowest.
    always_comb begin
      lo_oh = '0;
      for (int i = 0; i < NumSlots; i++) begin
        if (cand[i]) lo_oh = NumSlots'(1) << i;
      end
    end
`else
    assign lo_oh  = cand & (~cand + NumSlots'(1));
`endif
    assign pick_oh = hi_any ? hi_oh : lo_oh;
    for (genvar b = 0; b < SlotW; b++) begin : g_pick_idx
      localparam logic [NumSlots-1:0] Mask = idx_mask(b);
      assign pick_idx[b] = |(pick_oh & Mask);
    end
    assign pick_any  = lo_any;
    assign pick_rule = RuleRandom;

  end else begin : g_tree
    // FCFS and SIMT: one min-reduction over the per-slot keys (form difference 2).
    // A node is {key, stamp, slot}; key = {not a candidate, class[1:0], score[8:0]} with
    // class 0 aged, 1 batch, 2 the rest (SIMT) and the score only in class 2; FCFS uses
    // class 0 and score 0 for every slot (key = not a candidate, then the stamp). A leaf
    // that is not a candidate has key 12'h800 and stamp 0, so it loses to every candidate
    // and two of them keep the left one, as the C's !ok tests do.
    localparam logic [11:0] KeyOff = 12'h800;

    // Per slot, from the registers only: {class, score (class 2) or 0}.
    logic [10:0] slot_key [NumSlots];
    if (Policy == PolicySimt) begin : g_cls
      for (genvar i = 0; i < NumSlots; i++) begin : g_slot_key
        logic [1:0] cls;
`ifdef XL_MUTANT_AGING_EARLY
        assign cls = (32'(bypass_q[i]) + 32'd1 >= 32'(AgingThreshold)) ? 2'd0 :   // aging
`else
        assign cls = (bypass_q[i] == BypassW'(AgingThreshold)) ? 2'd0 :   // aging (§2.5)
`endif
`ifdef XL_MUTANT_NO_BATCH
                     1'b0 ? 2'd1 :
`else
                     (last_valid_q && instr_q[i] == last_id_q) ? 2'd1 :   // batch (§2.4 2-a)
`endif
                     2'd2;                                                // min score
        logic [ScoreW-1:0] sc;   // this slot's score, gathered from the planes
        for (genvar b = 0; b < ScoreW; b++) begin : g_sc
          assign sc[b] = score_pl_q[b*NumSlots + i];
        end
        assign slot_key[i] = {cls, (cls == 2'd2) ? sc : 9'd0};
      end
    end else begin : g_cls_fcfs
      for (genvar i = 0; i < NumSlots; i++) begin : g_zero
        assign slot_key[i] = '0;
      end
    end

    // 1 when node b (key kb, stamp tb) goes before node a (the left, lower-slot side). One
    // expression, so the simulation selects rather than branches.
    function automatic logic b_first(input logic [11:0] ka, input logic [31:0] ta,
                                     input logic [11:0] kb, input logic [31:0] tb);
`ifdef XL_MUTANT_TIE_YOUNGEST
      b_first = (ka != kb) ? (kb < ka) : (ka[10:9] == 2'd2) ? older(ta, tb) : older(tb, ta);
`else
      b_first = (ka != kb) ? (kb < ka) : older(tb, ta);
`endif
    endfunction

    // The tree, one signal per node (form difference 9): g_lv[d].g_n[n].v is node n of
    // depth d, {key[11:0], stamp[31:0], slot[19:0]}; depth Depth holds the leaves (slot i at
    // leaf i; leaves >= NumSlots are never candidates) and node n of depth d is the better of
    // nodes 2n (left) and 2n+1 of depth d+1. Each node is its own 64-bit signal with one
    // continuous assignment, so Verilator evaluates the tree as straight-line word
    // operations: not a loop over an array (slow, and circular to its scheduler), and not
    // part-selects of one wide vector per level (which it merges into wide concatenations).
    localparam int Depth = $clog2(NumSlots);   // 2^Depth leaves

    function automatic logic [63:0] node_min(input logic [63:0] a, input logic [63:0] b);
      node_min = b_first(a[63:52], a[51:20], b[63:52], b[51:20]) ? b : a;
    endfunction

    for (genvar d = 0; d <= Depth; d++) begin : g_lv
      for (genvar n = 0; n < (1 << d); n++) begin : g_n
        logic [63:0] v;
        if (d == Depth) begin : g_leaf
          if (n < NumSlots) begin : g_slot
            assign v = cand[n] ? {1'b0, slot_key[n], stamp_q[n], 20'(n)}
                               : {KeyOff, 32'd0, 20'(n)};
          end else begin : g_pad
            assign v = {KeyOff, 32'd0, 20'd0};
          end
        end else begin : g_inner
          assign v = node_min(g_lv[d + 1].g_n[2 * n].v, g_lv[d + 1].g_n[2 * n + 1].v);
        end
      end
    end

    logic [2:0]       root_top;    // the root's {not a candidate, class}
    logic [SlotW-1:0] root_slot;
    logic             unused_root;
    assign root_top    = g_lv[0].g_n[0].v[63:61];
    assign root_slot   = g_lv[0].g_n[0].v[SlotW-1:0];
    assign unused_root = ^g_lv[0].g_n[0].v[60:SlotW];

    logic [1:0] root_cls;
    assign pick_any = !root_top[2];
    assign pick_idx = root_slot;
    assign root_cls = root_top[1:0];
    assign pick_rule = (Policy == PolicyFcfs) ? RuleFcfs :
                       (root_cls == 2'd0) ? RuleAging :
                       (root_cls == 2'd1) ? RuleBatch : RuleMinScore;
  end

  logic                disp_buf;   // a dispatch from the buffer at this edge
  logic [NumSlots-1:0] disp_oh;    // its slot, one-hot
  assign disp_buf = disp_ready_i & pick_any;
  assign disp_oh  = disp_buf ? (NumSlots'(1) << pick_idx) : '0;

  // The picked slot's registers (read mux).
  logic [47:0]         sel_va;
  logic [19:0]         sel_instr;
  logic [31:0]         sel_stamp;
  logic [8:0]          sel_score;
  logic [TagWidth-1:0] sel_tag;
  assign sel_va    = va_q[pick_idx];
  assign sel_instr = instr_q[pick_idx];
  assign sel_stamp = stamp_q[pick_idx];
  for (genvar b = 0; b < ScoreW; b++) begin : g_sel_score
    assign sel_score[b] = score_pl_q[b*NumSlots + 32'(pick_idx)];
  end
  assign sel_tag   = tag_q[pick_idx];

  /////////////////////////////
  // Score merge (SIMT §2.3) //
  /////////////////////////////

  // Slots of the arrival's instruction that stay at this edge (neither dispatched nor
  // killed); they all hold one score, read by an AND-OR (form difference 3).
  logic [NumSlots-1:0] stay;
  logic [8:0]          merged;
  logic [9:0]          sum;
  logic [8:0]          new_score;
  if (Policy == PolicySimt) begin : g_merge
    logic [NumSlots-1:0] same_instr;   // the arrival's instruction (valid or not)
    for (genvar i = 0; i < NumSlots; i++) begin : g_cam
      assign same_instr[i] = instr_q[i] == arr_instr_id_i;
    end
`ifdef XL_MUTANT_MERGE_LEAVING
    assign stay = valid_q & same_instr & ~kill_i;
`else
    assign stay = valid_q & same_instr & ~kill_i & ~disp_oh;
`endif
    for (genvar b = 0; b < ScoreW; b++) begin : g_merged
      assign merged[b] = |(stay & score_pl_q[b*NumSlots +: NumSlots]);
    end
  end else begin : g_no_merge
    assign stay   = '0;
    assign merged = '0;
  end
  assign sum       = 10'(arr_est_i) + 10'(merged);
  assign new_score = (Policy != PolicySimt) ? 9'd0 :
                     (sum > 10'(ScoreMax)) ? ScoreMax : sum[8:0];

  /////////////
  // Outputs //
  /////////////

  assign arr_ready_o    = arr_valid_i & ~buf_full;
  assign arr_buffered_o = arr_buf;
  assign arr_slot_o     = arr_buf ? free_idx : '0;
  assign arr_score_o    = arr_buf ? new_score : '0;

  assign disp_valid_o    = imm | disp_buf;
  assign disp_rule_o     = imm ? RuleImmediate : (disp_buf ? pick_rule : RuleNone);
  assign disp_slot_o     = disp_buf ? pick_idx : '0;
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
  logic [NumSlots-1:0] arr_oh;       // the arrival's slot, one-hot
  logic [NumSlots-1:0] valid_d;
  logic [CountW-1:0]   count_d;
  logic [31:0]         lfsr_step;

  assign killed_vec = valid_q & kill_i;
  assign arr_oh     = arr_buf ? free_oh : '0;
  assign valid_d    = (valid_q & ~kill_i & ~disp_oh) | arr_oh;
  assign count_d    = count_q - CountW'($countones(killed_vec)) - CountW'(disp_buf) +
                      CountW'(arr_buf);
  assign lfsr_step  = {1'b0, lfsr_q[31:1]} ^ (lfsr_q[0] ? LfsrTaps : 32'h0);

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
        next_stamp_q <= next_stamp_q + 32'd1;
      end
      if (disp_valid_o) begin
        last_id_q    <= disp_instr_id_o;
        last_valid_q <= 1'b1;
      end
      if (disp_rule_o == RuleImmediate) imm_q      <= imm_q + CntWidth'(1);
      if (disp_rule_o == RuleAging)     aging_q    <= aging_q + CntWidth'(1);
      if (disp_rule_o == RuleBatch)     batch_q    <= batch_q + CntWidth'(1);
      if (disp_rule_o == RuleMinScore)  minscore_q <= minscore_q + CntWidth'(1);
      if (disp_rule_o == RuleFcfs)      fcfs_q     <= fcfs_q + CntWidth'(1);
      if (disp_rule_o == RuleRandom)    random_q   <= random_q + CntWidth'(1);
      if (disp_buf && Policy == PolicyRandom) begin
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
`ifdef XL_MUTANT_KILL_BYPASS
  logic kill_any;
  assign kill_any = killed_vec != '0;
`endif
  for (genvar i = 0; i < NumSlots; i++) begin : g_slot
    always_ff @(posedge clk_i) begin
      if (arr_oh[i]) begin
        va_q[i]     <= arr_va_i;
        instr_q[i]  <= arr_instr_id_i;
        stamp_q[i]  <= next_stamp_q;
        tag_q[i]    <= arr_tag_i;
      end
      // 0 for an arrival, else +1 when passed (saturating at the threshold).
`ifdef XL_MUTANT_KILL_BYPASS
      bypass_q[i] <= arr_oh[i] ? '0 : bypass_q[i] + BypassW'(valid_q[i] &&
                     bypass_q[i] != BypassW'(AgingThreshold) &&
                     ((disp_buf && older(stamp_q[i], sel_stamp)) || kill_any));
`else
      bypass_q[i] <= arr_oh[i] ? '0 : bypass_q[i] + BypassW'(disp_buf && valid_q[i] &&
                     bypass_q[i] != BypassW'(AgingThreshold) && older(stamp_q[i], sel_stamp));
`endif
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
  if (Policy == PolicySimt) begin : g_score_check
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
  `XL_ASSERT(PickIsCandidate, !disp_buf || (disp_oh & cand) != '0, clk_i, rst_ni)
  `XL_ASSERT(ArrivalSlotFree, !arr_buf || (arr_oh & valid_q) == '0, clk_i, rst_ni)
  `XL_ASSERT(ImmediateOnlyEmpty, !imm || (buf_empty && !disp_buf), clk_i, rst_ni)
  `XL_ASSERT_KNOWN(KnownArrival, {arr_ready_o, arr_buffered_o, arr_slot_o, arr_score_o},
                   clk_i, rst_ni)
  `XL_ASSERT_KNOWN(KnownDispatch, {disp_valid_o, disp_rule_o, disp_slot_o}, clk_i, rst_ni)

endmodule
