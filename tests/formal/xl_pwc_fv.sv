// xl_pwc_fv - formal properties of the page-walk caches (rtl/xl_pwc.sv; spec rtl/README.md
// section xl_pwc, docs/isca18-micro18.md §2.6), bounded model checking with Yosys's `sat`
// (tests/rtl/check_formal.sh; table in tests/formal/README.md). Every input is free at every
// step, the proof starts in reset.
//
// The per-entry state (valid, asid, stored tag, pending counter) is read through the h*_
// wires, which check_formal.sh connects to the flattened design; everything else -- which
// entry a probe or lookup hits, the expected counter, whether a fill allocates -- is computed
// here from the ports and that state, not read from the block's own compare or victim logic.
// Per level (xl_pwc_fv_lv, one instance each):
//   counters saturate  an entry's 2-bit pending counter after an edge is
//                      min(3, max(0, c - dec) + inc), where dec is a walk-time lookup that
//                      hits the entry and inc an arrival probe with probe_inc_i that hits it,
//                      or 0 when the entry was (re)allocated at that edge: no underflow
//                      0 -> 3, no overflow 3 -> 0, no lost or extra count;
//   allocation         an entry takes a new (asid, tag) only at a fill of its level whose tag
//                      is not present in the set, and such a fill allocates exactly one entry
//                      of its set;
//   victim             the counter-aware rule as xl_pwc.sv's header promises it: the fill
//                      takes the lowest-index invalid way of the set if there is one;
//                      otherwise, if some way's counter is 0 after this cycle's lookup and
//                      probe, the victim is such a way -- a reserved way (counter > 0) is
//                      never evicted while the set has an unreserved one.
//                      (Which counter-0 way tree-PLRU names is the lockstep's business.)
// Covers (sticky bits f_seen, FSEEN_*): a probe increment at 3 (saturation), a lookup
// decrement at 0, an eviction in a full set with both reserved and unreserved ways, a forced
// eviction (every way reserved).
//
// Geometry: L4 1 set x 4 ways (a two-level PLRU tree), L3 1 x 2, L2 2 sets x 2; asid 1 bit;
// the VA carries only bits 40:39 (L4 tag), 30 (L3) and 22:21 (L2 tag and set), so tags
// collide and sets fill within a few cycles.

// One level's checks. Packed state: entry e at [e] / [e*KeyW +: KeyW] / [2e +: 2].
module xl_pwc_fv_lv #(
  parameter int Level   = 4,
  parameter int Entries = 4,
  parameter int Ways    = 4,
  parameter int Lsb     = 39,   // lowest tag bit of this level in the VA
  parameter int VaW     = 41
) (
  input logic                 clk_i,
  input logic                 f_past_valid,
  input logic                 probe_valid_i,
  input logic                 probe_inc_i,
  input logic                 probe_asid_i,
  input logic [VaW-1:0]       probe_va_i,
  input logic                 lookup_valid_i,
  input logic                 lookup_asid_i,
  input logic [VaW-1:0]       lookup_va_i,
  input logic                 fill_valid_i,
  input logic [2:0]           fill_level_i,
  input logic                 fill_asid_i,
  input logic [VaW-1:0]       fill_va_i,
  input logic [Entries-1:0]   h_valid,
  input logic [Entries-1:0]   h_asid,
  input logic [Entries*(VaW-Lsb-$clog2(Entries/Ways))-1:0] h_key,
  input logic [2*Entries-1:0] h_cnt,
  output logic [3:0]          f_now
);
  localparam int Sets    = Entries / Ways;
  localparam int SetBits = $clog2(Sets);
  localparam int TagW    = VaW - Lsb;
  localparam int KeyW    = TagW - SetBits;

  function automatic logic [SetBits:0] set_of(input logic [VaW-1:0] va);
    set_of = (SetBits == 0) ? '0 : (SetBits + 1)'(va[Lsb +: (SetBits == 0 ? 1 : SetBits)]);
  endfunction

  // Entry e holds the tag of va: its stored bits are the tag above the set index, and its
  // set (e / Ways) is the tag's low bits.
  function automatic logic holds(input logic [Entries*KeyW-1:0] keys, input int e,
                                 input logic [VaW-1:0] v);
    holds = keys[e*KeyW +: KeyW] == v[VaW-1:Lsb+SetBits] &&
            set_of(v) == (SetBits + 1)'(e / Ways);
  endfunction

  // Hits, per entry, computed here.
  logic [Entries-1:0] pr_hit, lk_hit, fl_hit;
  logic [2:0]         mid [Entries];   // the counter after the lookup and the probe

  // min(3, max(0, c - dec) + inc), in three bits so a wrap would show.
  function automatic logic [2:0] mid_of(input logic [1:0] c, input logic dec, input logic inc);
    logic [2:0] m;
    m = (dec && c != 2'd0) ? {1'b0, c} - 3'd1 : {1'b0, c};
    mid_of = (inc && m != 3'd3) ? m + 3'd1 : m;
  endfunction

  always @* begin
    for (int e = 0; e < Entries; e++) begin
      pr_hit[e] = h_valid[e] && h_asid[e] == probe_asid_i  && holds(h_key, e, probe_va_i);
      lk_hit[e] = h_valid[e] && h_asid[e] == lookup_asid_i && holds(h_key, e, lookup_va_i);
      fl_hit[e] = h_valid[e] && h_asid[e] == fill_asid_i   && holds(h_key, e, fill_va_i);
      mid[e] = mid_of(h_cnt[2*e +: 2], lookup_valid_i && lk_hit[e],
                      probe_valid_i && probe_inc_i && pr_hit[e]);
    end
  end

  logic fill_do, fill_new;
  logic [SetBits:0] fset;
  assign fill_do  = fill_valid_i && fill_level_i == 3'(Level);
  assign fill_new = fill_do && fl_hit == '0;
  assign fset     = set_of(fill_va_i);

  // In the fill's set: an invalid way (and the lowest one), a way with counter 0 after the
  // lookup and probe.
  logic            any_inv, any_zero;
  logic [31:0]     low_inv;
  always @* begin
    any_inv = 1'b0;
    any_zero = 1'b0;
    low_inv = 0;
    for (int e = Entries - 1; e >= 0; e--) begin
      if ((SetBits + 1)'(e / Ways) == fset) begin
        if (!h_valid[e]) begin
          any_inv = 1'b1;
          low_inv = e;
        end
        if (mid[e] == 3'd0) any_zero = 1'b1;
      end
    end
  end

  // Last cycle's view, to judge this cycle's state.
  logic [Entries-1:0]        p_valid, p_asid, p_inset, p_zero;
  logic [Entries*KeyW-1:0]   p_key;
  logic [2:0]                p_mid [Entries];
  logic                      p_new, p_any_inv, p_any_zero, p_fill_asid;
  logic [31:0]               p_low_inv;
  logic [VaW-1:0]            p_fill_va;
  always @(posedge clk_i) begin
    p_valid <= h_valid;
    p_asid <= h_asid;
    p_key <= h_key;
    for (int e = 0; e < Entries; e++) begin
      p_mid[e] <= mid[e];
      p_inset[e] <= (SetBits + 1)'(e / Ways) == fset;
      p_zero[e] <= mid[e] == 3'd0;
    end
    p_new <= fill_new;
    p_any_inv <= any_inv;
    p_any_zero <= any_zero;
    p_low_inv <= low_inv;
    p_fill_asid <= fill_asid_i;
    p_fill_va <= fill_va_i;
  end

  // Entry e was allocated at the last edge: it became valid or changed its (asid, tag).
  logic [Entries-1:0] alloc;
  always @* begin
    for (int e = 0; e < Entries; e++)
      alloc[e] = h_valid[e] && (!p_valid[e] || h_asid[e] != p_asid[e] ||
                                h_key[e*KeyW +: KeyW] != p_key[e*KeyW +: KeyW]);
  end

  always @* begin
    if (f_past_valid) begin
      assert ((alloc != '0) == p_new && (alloc & (alloc - 1'b1)) == '0);
      for (int e = 0; e < Entries; e++) begin
        // valid entries stay valid (there is no invalidation port)
        assert (!p_valid[e] || h_valid[e]);
        if (alloc[e]) begin
          assert (p_new && p_inset[e]);
          assert (h_asid[e] == p_fill_asid && holds(h_key, e, p_fill_va));
          assert (h_cnt[2*e +: 2] == 2'd0);
          // the victim rule
          if (p_any_inv) assert (e == p_low_inv);
          else if (p_any_zero) assert (p_zero[e]);
        end else if (p_valid[e]) begin
          assert ({1'b0, h_cnt[2*e +: 2]} == p_mid[e]);
        end
      end
    end
  end

  // Covers of this level.
  always @* begin
    f_now = '0;
    for (int e = 0; e < Entries; e++) begin
      if (probe_valid_i && probe_inc_i && pr_hit[e] && h_cnt[2*e +: 2] == 2'd3) f_now[0] = 1'b1;
      if (lookup_valid_i && lk_hit[e] && h_cnt[2*e +: 2] == 2'd0) f_now[1] = 1'b1;
    end
    for (int e = 0; e < Entries; e++)
      if (fill_new && !any_inv && any_zero && (SetBits + 1)'(e / Ways) == fset && mid[e] != 3'd0)
        f_now[2] = 1'b1;
    f_now[3] = fill_new && !any_inv && !any_zero;
  end
endmodule

module xl_pwc_fv (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       probe_valid_i,
  input logic       probe_inc_i,
  input logic       probe_asid_i,
  input logic [4:0] probe_vb_i,
  input logic       lookup_valid_i,
  input logic       lookup_asid_i,
  input logic [4:0] lookup_vb_i,
  input logic       fill_valid_i,
  input logic [2:0] fill_level_i,
  input logic       fill_asid_i,
  input logic [4:0] fill_vb_i,
  input logic [1:0] fill_next_i
);
  localparam int VaW = 41;

  // The VA bits that matter here: 40:39 (L4 tag), 30 (L3), 22:21 (L2).
  function automatic logic [VaW-1:0] va(input logic [4:0] b);
    logic [VaW-1:0] v;
    v = '0;
    v[40:39] = b[4:3];
    v[30] = b[2];
    v[22:21] = b[1:0];
    va = v;
  endfunction
  logic [VaW-1:0] probe_va, lookup_va, fill_va;
  assign probe_va  = va(probe_vb_i);
  assign lookup_va = va(lookup_vb_i);
  assign fill_va   = va(fill_vb_i);

  xl_pwc #(
    .L4Entries (4), .L4Ways (4),
    .L3Entries (2), .L3Ways (2),
    .L2Entries (4), .L2Ways (2),
    .AsidWidth (1), .VaWidth (VaW), .PaWidth (2), .StatWidth (1)
  ) dut (
    .clk_i, .rst_ni,
    .probe_valid_i, .probe_inc_i, .probe_asid_i, .probe_va_i (probe_va),
    .lookup_valid_i, .lookup_asid_i, .lookup_va_i (lookup_va),
    .fill_valid_i, .fill_level_i, .fill_asid_i, .fill_va_i (fill_va), .fill_next_i,
    .probe_hit_level_o (), .probe_next_o (), .probe_reads_o (),
    .lookup_hit_level_o (), .lookup_next_o (), .lookup_reads_o (),
    .l4_hits_o (), .l4_misses_o (), .l4_fills_o (), .l4_evictions_o (),
    .l4_protected_evictions_o (), .l4_forced_evictions_o (),
    .l3_hits_o (), .l3_misses_o (), .l3_fills_o (), .l3_evictions_o (),
    .l3_protected_evictions_o (), .l3_forced_evictions_o (),
    .l2_hits_o (), .l2_misses_o (), .l2_fills_o (), .l2_evictions_o (),
    .l2_protected_evictions_o (), .l2_forced_evictions_o ()
  );

  // Start in reset, then no reset.
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* assume (rst_ni == f_past_valid);
  // The last step was out of reset: the levels' one-step-old views (p_*) are meaningful.
  logic f_run = 1'b0;
  always @(posedge clk_i) f_run <= rst_ni;

  // The entries' state, connected by check_formal.sh (dut.g_lv[l].valid_q[e] and so on).
  logic [3:0] h4_valid, h4_asid;  logic [7:0] h4_key;   logic [7:0] h4_cnt;
  logic [1:0] h3_valid, h3_asid;  logic [21:0] h3_key;  logic [3:0] h3_cnt;
  logic [3:0] h2_valid, h2_asid;  logic [75:0] h2_key;  logic [7:0] h2_cnt;

  logic [3:0] f4, f3, f2;
  xl_pwc_fv_lv #(.Level (4), .Entries (4), .Ways (4), .Lsb (39), .VaW (VaW)) lv4 (
    .clk_i, .f_past_valid (f_run), .probe_valid_i, .probe_inc_i, .probe_asid_i, .probe_va_i (probe_va),
    .lookup_valid_i, .lookup_asid_i, .lookup_va_i (lookup_va),
    .fill_valid_i, .fill_level_i, .fill_asid_i, .fill_va_i (fill_va),
    .h_valid (h4_valid), .h_asid (h4_asid), .h_key (h4_key), .h_cnt (h4_cnt), .f_now (f4));
  xl_pwc_fv_lv #(.Level (3), .Entries (2), .Ways (2), .Lsb (30), .VaW (VaW)) lv3 (
    .clk_i, .f_past_valid (f_run), .probe_valid_i, .probe_inc_i, .probe_asid_i, .probe_va_i (probe_va),
    .lookup_valid_i, .lookup_asid_i, .lookup_va_i (lookup_va),
    .fill_valid_i, .fill_level_i, .fill_asid_i, .fill_va_i (fill_va),
    .h_valid (h3_valid), .h_asid (h3_asid), .h_key (h3_key), .h_cnt (h3_cnt), .f_now (f3));
  xl_pwc_fv_lv #(.Level (2), .Entries (4), .Ways (2), .Lsb (21), .VaW (VaW)) lv2 (
    .clk_i, .f_past_valid (f_run), .probe_valid_i, .probe_inc_i, .probe_asid_i, .probe_va_i (probe_va),
    .lookup_valid_i, .lookup_asid_i, .lookup_va_i (lookup_va),
    .fill_valid_i, .fill_level_i, .fill_asid_i, .fill_va_i (fill_va),
    .h_valid (h2_valid), .h_asid (h2_asid), .h_key (h2_key), .h_cnt (h2_cnt), .f_now (f2));

  // Covers: FSEEN_SAT (probe +1 at 3), FSEEN_ZERO (lookup -1 at 0), FSEEN_PROT (a fill into
  // a full L4 set with reserved and unreserved ways), FSEEN_FORCED (every L4 way reserved),
  // FSEEN_L2EVICT (an allocation into a full L2 set).
  localparam int NSEEN = 5;
  (* keep *) logic [NSEEN-1:0] f_seen = '0;
  always @(posedge clk_i)
    if (f_past_valid) f_seen <= f_seen | {f2[2] | f2[3], f4[3], f4[2], |{f4[1], f3[1], f2[1]},
                                          |{f4[0], f3[0], f2[0]}};
endmodule
