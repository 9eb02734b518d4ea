// xl_pwc - the IOMMU page-walk caches (PWC): one small set-associative cache per upper
// page-table level (L4, L3, L2 entries), each entry with a 2-bit saturating pending counter
// and counter-aware tree-PLRU replacement; per-level hit/miss/fill/eviction counters.
//
// Spec: docs/isca18-micro18.md sec. 1.4 (deepest hit decides the walk cost:
// L2 hit -> 1 read, deepest L3 -> 2, L4 only -> 3, none -> 4), sec. 2.6 (reservation counters:
// +1 on an arrival-time probe hit, saturating at 3; -1 on a walk-time lookup hit, saturating
// at 0; never evict a counter>0 way while the set has a counter-0 way; [INF] bit-exact tree
// rule), sec. 8 item 4 (the probe does not move PLRU). docs/design.md "twin contract".
//
// C twin: model/include/xlat/pwc.h, model/src/iommu/pwc.c (xl_pwc_reset / xl_pwc_comb /
// xl_pwc_step, ports xl_pwc_in_t / xl_pwc_out_t; PLRU helpers in model/src/kernel/tlb.c). Ports and
// cycle semantics are the C's, bit for bit:
//   - one probe, one walk-time lookup and one fill per cycle;
//   - probe_* and lookup_* outputs are combinational answers from the state before the edge
//     (a port whose valid is low reads all-zero; a full miss reads hit_level 0, reads 4);
//   - the clock edge applies, in this order: the lookup's PLRU touch, counter decrement and
//     hit/miss counts; the probe's counter increment (only when probe_inc_i); then the fill,
//     which sees the PLRU bits and counters already updated by the first two.
//   - fill: present (asid, tag) -> refresh in place (new next, counter kept, PLRU touch);
//     otherwise the lowest-index invalid way of the set, else the counter-aware PLRU victim;
//     the new entry starts with counter 0. fill_level_i other than 2, 3, 4 is ignored.
//
// Entry of level L: tag = VA[VaWidth-1 : 12+9(L-1)] (L4: VA[47:39], L3: VA[47:30],
// L2: VA[47:21]) plus the asid; set = tag mod Sets; next = base of the level L-1 node.
//
// Parameters (legal ranges checked at elaboration with `XL_ASSERT_PARAM):
//   LxEntries, LxWays  per level (x = 4, 3, 2): Ways a power of two in 1..64, Entries a
//                      multiple of Ways, Sets = Entries/Ways a power of two with
//                      log2(Sets) < the level's tag width. Defaults 4/4, 8/4, 32/4
//                      (configs/isca18.ini [pwc]: 1, 2 and 8 sets of 4 ways).
//   AsidWidth 16, VaWidth xl_pkg::VaW (40..64), PaWidth xl_pkg::PaW (C XL_PA_BITS),
//   StatWidth 64 (1..64): width of the statistics counters; they wrap modulo 2^StatWidth,
//                      so a narrower build equals the C's 64-bit counters modulo 2^StatWidth.
//
// Where the hardware form differs from the C code's form (behaviour identical):
//   1. Lookup: the C scans the ways of one set and stops at the first match. Here every entry
//      compares (valid, set, asid, tag) in parallel and the per-level result is an AND-OR
//      mux. At most one entry of a set can match (a fill of a present tag refreshes it), so
//      "first match" and "the match" agree; assertion OneHot* checks it every cycle.
//   2. Only the tag bits above the set index are stored (the set index is implied by the
//      entry's position); the C stores the whole tag.
//   3. The C applies lookup, probe and fill one after the other to the state. Here the edge
//      is one next-state function: cnt_mid/plru_mid hold the state after the lookup and
//      probe, and the fill's victim choice and touch are computed from them.
//   4. Counter-aware victim: the C tests a subtree mask of counter-0 ways at each node. Here
//      an OR tree (has_zero, heap order like the PLRU bits) holds, for every node, whether
//      its subtree has a counter-0 way; the descent reads it. Same path, same victim.
//   5. PLRU touch: xl_pkg::plru_touch writes the nodes of the way's path as the C's
//      xl_plru_touch does, but on a copy: the set's bits are selected (the lookup's set, the
//      fill's set), touched, and the result is written back to that set only.
//   6. Tag, asid and next flops have no reset (lowRISC/ibex data-flop practice): they are
//      only read through a valid entry. Valid bits, counters, PLRU bits and statistics
//      reset asynchronously. The lockstep runs Verilator with random initial values to
//      prove the unreset flops are never observed.
// Coding note: a combinational value built in several steps lives in block-local variables
// and each module-level signal is assigned once per always_comb. Icarus 11 looped forever at
// time 0 when one always_comb accumulated into a module signal that another always_comb read.
//
// Widths, encodings and the tree-PLRU touch come from rtl/xl_pkg.sv. The mutants of the
// lockstep's mutation test are patches of this file (tests/lockstep/mutants/pwc/).
`include "xl_assert.svh"

module xl_pwc #(
  parameter int L4Entries = 4,
  parameter int L4Ways    = 4,
  parameter int L3Entries = 8,
  parameter int L3Ways    = 4,
  parameter int L2Entries = 32,
  parameter int L2Ways    = 4,
  parameter int AsidWidth = 16,
  parameter int VaWidth   = xl_pkg::VaW,
  parameter int PaWidth   = xl_pkg::PaW,
  parameter int StatWidth = 64
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,

  // Arrival-time probe (sec. 2.3 step 1-a): answer now; +1 on hit counters at the edge if inc.
  input  logic                      probe_valid_i,
  input  logic                      probe_inc_i,
  input  logic [AsidWidth-1:0]      probe_asid_i,
  input  logic [VaWidth-1:0]        probe_va_i,

  // Walk-time lookup (sec. 2.4 step 2-b): answer now; PLRU touch, -1 and hit/miss at the edge.
  input  logic                      lookup_valid_i,
  input  logic [AsidWidth-1:0]      lookup_asid_i,
  input  logic [VaWidth-1:0]        lookup_va_i,

  // Fill of one level's entry (level 4, 3 or 2; any other value is ignored).
  input  logic                      fill_valid_i,
  input  logic [xl_pkg::LevelW-1:0] fill_level_i,
  input  logic [AsidWidth-1:0]      fill_asid_i,
  input  logic [VaWidth-1:0]        fill_va_i,
  input  logic [PaWidth-1:0]        fill_next_i,

  // Probe answer: deepest level hit (2, 3, 4; 0 = full miss), its node, reads left (1..4).
  output logic [xl_pkg::LevelW-1:0] probe_hit_level_o,
  output logic [PaWidth-1:0]        probe_next_o,
  output logic [xl_pkg::ReadsW-1:0] probe_reads_o,

  // Lookup answer, same encoding.
  output logic [xl_pkg::LevelW-1:0] lookup_hit_level_o,
  output logic [PaWidth-1:0]        lookup_next_o,
  output logic [xl_pkg::ReadsW-1:0] lookup_reads_o,

  // Statistics (C: lv[i].hits, misses, fills, evictions, protected_evictions,
  // forced_evictions with i = 4 - level), modulo 2^StatWidth.
  output logic [StatWidth-1:0]      l4_hits_o,
  output logic [StatWidth-1:0]      l4_misses_o,
  output logic [StatWidth-1:0]      l4_fills_o,
  output logic [StatWidth-1:0]      l4_evictions_o,
  output logic [StatWidth-1:0]      l4_protected_evictions_o,
  output logic [StatWidth-1:0]      l4_forced_evictions_o,
  output logic [StatWidth-1:0]      l3_hits_o,
  output logic [StatWidth-1:0]      l3_misses_o,
  output logic [StatWidth-1:0]      l3_fills_o,
  output logic [StatWidth-1:0]      l3_evictions_o,
  output logic [StatWidth-1:0]      l3_protected_evictions_o,
  output logic [StatWidth-1:0]      l3_forced_evictions_o,
  output logic [StatWidth-1:0]      l2_hits_o,
  output logic [StatWidth-1:0]      l2_misses_o,
  output logic [StatWidth-1:0]      l2_fills_o,
  output logic [StatWidth-1:0]      l2_evictions_o,
  output logic [StatWidth-1:0]      l2_protected_evictions_o,
  output logic [StatWidth-1:0]      l2_forced_evictions_o
);

  localparam int NumLevels = xl_pkg::PwcLevels;       // index l = 0, 1, 2 is level 4 - l
  localparam int VaLowBits = xl_pkg::level_lsb(2);   // VA[20:0] (L1 index, offset): no tag
  localparam int CntW      = xl_pkg::PwcCntW;
  localparam int LevelW    = xl_pkg::LevelW;
  // Icarus 11 cannot size-cast with a package-scoped parameter (xl_pkg::X'(...)): local
  // names for the widths of the PLRU touch's arguments.
  localparam int PlruW     = xl_pkg::PlruMaxWays;
  localparam int PlruWayW  = xl_pkg::PlruWayW;

  // The PWC never looks at VA[20:0]; the lowRISC `unused_` idiom keeps lint quiet.
  logic unused_va_low;
  assign unused_va_low = ^{probe_va_i[VaLowBits-1:0], lookup_va_i[VaLowBits-1:0],
                           fill_va_i[VaLowBits-1:0]};

  ///////////////////////
  // Parameter checks  //
  ///////////////////////

  `XL_ASSERT_PARAM(VaWidthRange, VaWidth >= 40 && VaWidth <= 64)
  `XL_ASSERT_PARAM(PaWidthRange, PaWidth >= 1 && PaWidth <= 64)
  `XL_ASSERT_PARAM(AsidWidthRange, AsidWidth >= 1 && AsidWidth <= 32)
  `XL_ASSERT_PARAM(StatWidthRange, StatWidth >= 1 && StatWidth <= 64)

  ///////////////////////////////////////////////
  // Per-level results, packed by level index  //
  ///////////////////////////////////////////////

  logic [NumLevels-1:0]           pr_hit;    // probe hit at level index l
  logic [NumLevels-1:0]           lk_hit;    // lookup hit at level index l
  logic [NumLevels*PaWidth-1:0]   pr_next;   // slice l: node held by the probe's hit
  logic [NumLevels*PaWidth-1:0]   lk_next;   // slice l: node held by the lookup's hit
  logic [NumLevels*StatWidth-1:0] st_hits, st_misses, st_fills;
  logic [NumLevels*StatWidth-1:0] st_evictions, st_protected, st_forced;

  for (genvar l = 0; l < NumLevels; l++) begin : g_lv

    // Geometry of this level.
    localparam int Level   = xl_pkg::PtLevels - l;
    localparam int Entries = (l == 0) ? L4Entries : ((l == 1) ? L3Entries : L2Entries);
    localparam int Ways    = (l == 0) ? L4Ways : ((l == 1) ? L3Ways : L2Ways);
    localparam int Sets    = (Ways > 0) ? Entries / Ways : 1;
    localparam int SetBits = $clog2(Sets);             // 0 when there is one set
    localparam int SetW    = (SetBits > 0) ? SetBits : 1;
    localparam int WayBits = $clog2(Ways);             // tree depth; 0 for one way
    localparam int WayW    = (WayBits > 0) ? WayBits : 1;
    localparam int NodeW   = WayBits + 1;              // tree node index 1..2*Ways-1
    localparam int Lsb     = xl_pkg::level_lsb(Level); // lowest tag bit in the VA
    localparam int TagW    = VaWidth - Lsb;
    localparam int KeyW    = TagW - SetBits;           // stored tag bits (above the set index)

    `XL_ASSERT_PARAM(WaysRange, Ways >= 1 && Ways <= PlruW)
    `XL_ASSERT_PARAM(WaysPow2, (Ways & (Ways - 1)) == 0)
    `XL_ASSERT_PARAM(EntriesMultipleOfWays, Entries >= Ways && Entries % Ways == 0)
    `XL_ASSERT_PARAM(SetsPow2, (Sets & (Sets - 1)) == 0)
    `XL_ASSERT_PARAM(SetsFitTag, KeyW >= 1)

    ////////////
    // State  //
    ////////////

    logic                 valid_q [Entries];
    logic [CntW-1:0]      cnt_q   [Entries];   // 2-bit pending (reservation) counter
    logic [AsidWidth-1:0] asid_q  [Entries];   // no reset (read only through valid_q)
    logic [KeyW-1:0]      key_q   [Entries];   // tag above the set index; no reset
    logic [PaWidth-1:0]   next_q  [Entries];   // level L-1 node base; no reset
    // Tree-PLRU bits of each set in the heap order of xl_pkg::plru_touch (bit value 0 ->
    // victim on the left). Bit 0 is not a node and stays 0 (the C keeps the same unused
    // slot).
    logic [Ways-1:0]      plru_q  [Sets];
    logic [StatWidth-1:0] hits_q, misses_q, fills_q, evictions_q, protected_q, forced_q;

    ////////////////////////////////////////////
    // Tags, sets and the parallel compares   //
    ////////////////////////////////////////////

    logic [TagW-1:0] pr_tag, lk_tag, fl_tag;
    logic [SetW-1:0] pr_set, lk_set, fl_set;
    assign pr_tag = probe_va_i[VaWidth-1:Lsb];
    assign lk_tag = lookup_va_i[VaWidth-1:Lsb];
    assign fl_tag = fill_va_i[VaWidth-1:Lsb];
    if (SetBits > 0) begin : g_set
      assign pr_set = pr_tag[SetW-1:0];
      assign lk_set = lk_tag[SetW-1:0];
      assign fl_set = fl_tag[SetW-1:0];
    end else begin : g_one_set
      assign pr_set = 1'b0;
      assign lk_set = 1'b0;
      assign fl_set = 1'b0;
    end

    // Entry e lives in set e / Ways, way e % Ways. x_hit_e[e]: entry e holds the port's
    // (asid, tag) and is valid (its set equals the port's set).
    logic [Entries-1:0] pr_hit_e, lk_hit_e, fl_hit_e;
    always_comb begin
      for (int e = 0; e < Entries; e++) begin
        pr_hit_e[e] = valid_q[e] && (pr_set == SetW'(e / Ways)) &&
                      (asid_q[e] == probe_asid_i) && (key_q[e] == pr_tag[TagW-1:SetBits]);
        lk_hit_e[e] = valid_q[e] && (lk_set == SetW'(e / Ways)) &&
                      (asid_q[e] == lookup_asid_i) && (key_q[e] == lk_tag[TagW-1:SetBits]);
        fl_hit_e[e] = valid_q[e] && (fl_set == SetW'(e / Ways)) &&
                      (asid_q[e] == fill_asid_i) && (key_q[e] == fl_tag[TagW-1:SetBits]);
      end
    end

    // Per-level answers: hit flag and the hit entry's node (AND-OR mux; one-hot by
    // construction, see OneHot* below).
    logic [PaWidth-1:0] pr_next_l, lk_next_l;
    always_comb begin : p_next_mux
      logic [PaWidth-1:0] pr_acc, lk_acc;
      pr_acc = '0;
      lk_acc = '0;
      for (int e = 0; e < Entries; e++) begin
        pr_acc = pr_acc | ({PaWidth{pr_hit_e[e]}} & next_q[e]);
        lk_acc = lk_acc | ({PaWidth{lk_hit_e[e]}} & next_q[e]);
      end
      pr_next_l = pr_acc;
      lk_next_l = lk_acc;
    end
    assign pr_hit[l] = |pr_hit_e;
    assign lk_hit[l] = |lk_hit_e;
    assign pr_next[l*PaWidth +: PaWidth] = pr_next_l;
    assign lk_next[l*PaWidth +: PaWidth] = lk_next_l;

    ///////////////////////////////////////////////////////
    // Edge step 1 and 2: lookup decrement, probe +1     //
    ///////////////////////////////////////////////////////

    logic [CntW-1:0] cnt_mid [Entries];   // after the lookup's -1 and the probe's +1
    always_comb begin : p_cnt_mid
      logic [CntW-1:0] c;
      for (int e = 0; e < Entries; e++) begin
        c = cnt_q[e];
        if (lookup_valid_i && lk_hit_e[e]) begin
          if (c != '0) c = c - CntW'(1);
        end
        if (probe_valid_i && probe_inc_i && pr_hit_e[e]) begin
          if (c != xl_pkg::PwcCntMax) c = c + CntW'(1);
        end
        cnt_mid[e] = c;
      end
    end

    // The lookup's hit: its way within the set and the set's PLRU bits, touched
    // (form difference 5).
    logic [WayW-1:0]  lk_way;
    logic [Ways-1:0]  lk_bits;
    /* verilator lint_off UNUSEDSIGNAL */   // bits at and above Ways are not nodes
    logic [PlruW-1:0] lk_touched;
    /* verilator lint_on UNUSEDSIGNAL */
    always_comb begin : p_lk_set
      logic [WayW-1:0] way;
      logic [Ways-1:0] bits;
      way  = '0;
      bits = '0;
      for (int e = 0; e < Entries; e++) begin
        if (lk_hit_e[e]) way = way | WayW'(e % Ways);
      end
      for (int s = 0; s < Sets; s++) begin
        if (lk_set == SetW'(s)) bits = plru_q[s];
      end
      lk_way  = way;
      lk_bits = bits;
    end
    assign lk_touched = xl_pkg::plru_touch(PlruW'(lk_bits), WayBits, PlruWayW'(lk_way));

    logic [Ways-1:0] plru_mid [Sets];   // after the lookup's touch
    always_comb begin
      for (int s = 0; s < Sets; s++) begin
        plru_mid[s] = (lookup_valid_i && lk_hit[l] && lk_set == SetW'(s)) ?
                      lk_touched[Ways-1:0] : plru_q[s];
      end
    end

    /////////////////////////////////////////
    // Edge step 3: the fill and its victim //
    /////////////////////////////////////////

    logic            fill_do, fill_present, fill_alloc;
    logic [Ways-1:0] fl_valid_w, fl_zero_w;   // the fill set's ways: valid, counter 0
    logic [Ways-1:0] fl_bits;                 // the fill set's PLRU bits (after step 1)
    logic [WayW-1:0] fl_present_way;
    assign fill_do      = fill_valid_i && (fill_level_i == LevelW'(Level));
    assign fill_present = |fl_hit_e;
    assign fill_alloc   = fill_do && !fill_present;

    always_comb begin : p_fill_set
      logic [Ways-1:0] valid_w, zero_w, bits;
      logic [WayW-1:0] pway;
      valid_w = '0;
      zero_w  = '0;
      bits    = '0;
      pway    = '0;
      for (int e = 0; e < Entries; e++) begin
        if (fl_set == SetW'(e / Ways)) begin
          valid_w[e % Ways] = valid_q[e];
          zero_w[e % Ways]  = (cnt_mid[e] == '0);
        end
        if (fl_hit_e[e]) pway = pway | WayW'(e % Ways);
      end
      for (int s = 0; s < Sets; s++) begin
        if (fl_set == SetW'(s)) begin
          bits = plru_mid[s];
        end
      end
      fl_valid_w     = valid_w;
      fl_zero_w      = zero_w;
      fl_bits        = bits;
      fl_present_way = pway;
    end

    // Victim. inv_*: lowest-index invalid way. plain: follow the PLRU bits from the root.
    // aware (sec. 2.6 [INF]): at each node take the PLRU child unless its subtree has no
    // counter-0 way, then the other child. has_zero[n]: node n's subtree has a counter-0 way.
    logic            inv_any, zero_any;
    logic [WayW-1:0] victim_way, plain_way, aware_way;
    always_comb begin : p_victim
      logic [WayW-1:0]   inv_way;
      logic [2*Ways-1:0] has_zero;
      logic [NodeW-1:0]  n_plain, n_aware, n_pref;
      inv_way = '0;
      for (int w = Ways - 1; w >= 0; w--) begin
        if (!fl_valid_w[w]) inv_way = WayW'(w);
      end
      has_zero = '0;
      for (int w = 0; w < Ways; w++) has_zero[Ways + w] = fl_zero_w[w];
      for (int n = Ways - 1; n >= 1; n--) has_zero[n] = has_zero[2 * n] | has_zero[2 * n + 1];
      n_plain = NodeW'(1);
      n_aware = NodeW'(1);
      for (int k = 0; k < WayBits; k++) begin
        n_plain = (n_plain << 1) | NodeW'(fl_bits[WayW'(n_plain)]);   // 2n + bit
        n_pref  = (n_aware << 1) | NodeW'(fl_bits[WayW'(n_aware)]);
        n_aware = has_zero[n_pref] ? n_pref : (n_pref ^ NodeW'(1));
      end
      inv_any    = !(&fl_valid_w);
      zero_any   = |fl_zero_w;
      plain_way  = WayW'(n_plain - NodeW'(Ways));
      aware_way  = WayW'(n_aware - NodeW'(Ways));
      victim_way = inv_any ? inv_way : (zero_any ? aware_way : plain_way);
    end

    // Touch of the fill's way (present or victim) on the fill set's bits.
    logic [WayW-1:0]  fl_way;
    /* verilator lint_off UNUSEDSIGNAL */   // bits at and above Ways are not nodes
    logic [PlruW-1:0] fl_touched;
    /* verilator lint_on UNUSEDSIGNAL */
    assign fl_way     = fill_present ? fl_present_way : victim_way;
    assign fl_touched = xl_pkg::plru_touch(PlruW'(fl_bits), WayBits, PlruWayW'(fl_way));

    //////////////////////
    // Next state       //
    //////////////////////

    logic [Entries-1:0] alloc_e;     // entry e receives a new (asid, tag)
    logic [Entries-1:0] wr_next_e;   // entry e's next is written (new or refresh)
    logic               valid_d [Entries];
    logic [CntW-1:0]    cnt_d   [Entries];
    logic [Ways-1:0]    plru_d  [Sets];
    always_comb begin
      for (int e = 0; e < Entries; e++) begin
        alloc_e[e]   = fill_alloc && (fl_set == SetW'(e / Ways)) &&
                       (victim_way == WayW'(e % Ways));
        wr_next_e[e] = alloc_e[e] || (fill_do && fl_hit_e[e]);
        valid_d[e]   = valid_q[e] || alloc_e[e];
        cnt_d[e]     = alloc_e[e] ? '0 : cnt_mid[e];   // sec. 2.6 [INF]: new entry at 0
      end
      for (int s = 0; s < Sets; s++) begin
        plru_d[s] = (fill_do && fl_set == SetW'(s)) ? fl_touched[Ways-1:0] : plru_mid[s];
      end
    end

    logic evict, evict_protected, evict_forced;
    assign evict           = fill_alloc && !inv_any;
    assign evict_protected = evict && zero_any && (aware_way != plain_way);
    assign evict_forced    = evict && !zero_any;

    //////////////////
    // Registers    //
    //////////////////

    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        for (int e = 0; e < Entries; e++) begin
          valid_q[e] <= 1'b0;
          cnt_q[e]   <= '0;
        end
        for (int s = 0; s < Sets; s++) begin
          plru_q[s] <= '0;
        end
        hits_q      <= '0;
        misses_q    <= '0;
        fills_q     <= '0;
        evictions_q <= '0;
        protected_q <= '0;
        forced_q    <= '0;
      end else begin
        for (int e = 0; e < Entries; e++) begin
          valid_q[e] <= valid_d[e];
          cnt_q[e]   <= cnt_d[e];
        end
        for (int s = 0; s < Sets; s++) begin
          plru_q[s] <= plru_d[s];
        end
        hits_q      <= hits_q + StatWidth'(lookup_valid_i && lk_hit[l]);
        misses_q    <= misses_q + StatWidth'(lookup_valid_i && !lk_hit[l]);
        fills_q     <= fills_q + StatWidth'(fill_do);
        evictions_q <= evictions_q + StatWidth'(evict);
        protected_q <= protected_q + StatWidth'(evict_protected);
        forced_q    <= forced_q + StatWidth'(evict_forced);
      end
    end

    // Data flops: written on allocation (asid, tag) and on allocation or refresh (next).
    always_ff @(posedge clk_i) begin
      for (int e = 0; e < Entries; e++) begin
        if (alloc_e[e]) begin
          asid_q[e] <= fill_asid_i;
          key_q[e]  <= fl_tag[TagW-1:SetBits];
        end
        if (wr_next_e[e]) begin
          next_q[e] <= fill_next_i;
        end
      end
    end

    assign st_hits[l*StatWidth +: StatWidth]      = hits_q;
    assign st_misses[l*StatWidth +: StatWidth]    = misses_q;
    assign st_fills[l*StatWidth +: StatWidth]     = fills_q;
    assign st_evictions[l*StatWidth +: StatWidth] = evictions_q;
    assign st_protected[l*StatWidth +: StatWidth] = protected_q;
    assign st_forced[l*StatWidth +: StatWidth]    = forced_q;

    /////////////////
    // Assertions  //
    /////////////////

    // At most one entry holds a given (asid, tag): the parallel compare's AND-OR mux equals
    // the C's first-match scan.
    `XL_ASSERT(OneHotProbe, $onehot0(pr_hit_e), clk_i, rst_ni)
    `XL_ASSERT(OneHotLookup, $onehot0(lk_hit_e), clk_i, rst_ni)
    `XL_ASSERT(OneHotFill, $onehot0(fl_hit_e), clk_i, rst_ni)
    // sec. 2.6: with a counter-0 way in a full set, the victim has counter 0.
    `XL_ASSERT(VictimUnreserved, !(evict && zero_any) || fl_zero_w[victim_way], clk_i, rst_ni)
    // At most one entry is allocated per cycle, and only by a fill of this level.
    `XL_ASSERT(AllocOneHot, $onehot0(alloc_e) && (!(|alloc_e) || fill_alloc), clk_i, rst_ni)
  end

  ////////////////////////////////////
  // Answers: the deepest hit wins  //
  ////////////////////////////////////

  // Level index 2 is L2 (deepest), 0 is L4. reads = hit_level - 1, or 4 on a full miss;
  // a port whose valid is low reads all-zero.
  assign probe_hit_level_o = !probe_valid_i ? 3'd0 :
                             pr_hit[2] ? 3'd2 : pr_hit[1] ? 3'd3 : pr_hit[0] ? 3'd4 : 3'd0;
  assign probe_reads_o     = !probe_valid_i ? 3'd0 :
                             pr_hit[2] ? 3'd1 : pr_hit[1] ? 3'd2 : pr_hit[0] ? 3'd3 : 3'd4;
  assign probe_next_o      = !probe_valid_i ? '0 :
                             pr_hit[2] ? pr_next[2*PaWidth +: PaWidth] :
                             pr_hit[1] ? pr_next[1*PaWidth +: PaWidth] :
                             pr_hit[0] ? pr_next[0*PaWidth +: PaWidth] : '0;

  assign lookup_hit_level_o = !lookup_valid_i ? 3'd0 :
                              lk_hit[2] ? 3'd2 : lk_hit[1] ? 3'd3 : lk_hit[0] ? 3'd4 : 3'd0;
  assign lookup_reads_o     = !lookup_valid_i ? 3'd0 :
                              lk_hit[2] ? 3'd1 : lk_hit[1] ? 3'd2 : lk_hit[0] ? 3'd3 : 3'd4;
  assign lookup_next_o      = !lookup_valid_i ? '0 :
                              lk_hit[2] ? lk_next[2*PaWidth +: PaWidth] :
                              lk_hit[1] ? lk_next[1*PaWidth +: PaWidth] :
                              lk_hit[0] ? lk_next[0*PaWidth +: PaWidth] : '0;

  assign l4_hits_o                = st_hits[0*StatWidth +: StatWidth];
  assign l4_misses_o              = st_misses[0*StatWidth +: StatWidth];
  assign l4_fills_o               = st_fills[0*StatWidth +: StatWidth];
  assign l4_evictions_o           = st_evictions[0*StatWidth +: StatWidth];
  assign l4_protected_evictions_o = st_protected[0*StatWidth +: StatWidth];
  assign l4_forced_evictions_o    = st_forced[0*StatWidth +: StatWidth];
  assign l3_hits_o                = st_hits[1*StatWidth +: StatWidth];
  assign l3_misses_o              = st_misses[1*StatWidth +: StatWidth];
  assign l3_fills_o               = st_fills[1*StatWidth +: StatWidth];
  assign l3_evictions_o           = st_evictions[1*StatWidth +: StatWidth];
  assign l3_protected_evictions_o = st_protected[1*StatWidth +: StatWidth];
  assign l3_forced_evictions_o    = st_forced[1*StatWidth +: StatWidth];
  assign l2_hits_o                = st_hits[2*StatWidth +: StatWidth];
  assign l2_misses_o              = st_misses[2*StatWidth +: StatWidth];
  assign l2_fills_o               = st_fills[2*StatWidth +: StatWidth];
  assign l2_evictions_o           = st_evictions[2*StatWidth +: StatWidth];
  assign l2_protected_evictions_o = st_protected[2*StatWidth +: StatWidth];
  assign l2_forced_evictions_o    = st_forced[2*StatWidth +: StatWidth];

  /////////////////
  // Assertions  //
  /////////////////

  // Answers never carry X (the unreset data flops are read only through valid entries).
  `XL_ASSERT_KNOWN(KnownProbe, {probe_hit_level_o, probe_next_o, probe_reads_o}, clk_i, rst_ni)
  `XL_ASSERT_KNOWN(KnownLookup, {lookup_hit_level_o, lookup_next_o, lookup_reads_o}, clk_i,
                   rst_ni)

endmodule
