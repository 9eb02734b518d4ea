// xl_dram_gsn_fv - formal properties of MASK's Golden / Silver / Normal DRAM queues
// (rtl/xl_dram_gsn.sv; the rules, edge order and ties of model/include/xlat/dram_gsn.h),
// bounded model checking with Yosys's `sat` (tests/rtl/check_formal.sh; table in
// tests/formal/README.md). The proof pulses rst_ni in its first step only; every other input
// is free at every step (the application below NApps, the depth 0 or 1, quotas 0..3). The
// harness gives each accepted arrival its own tag (the count of accepted arrivals, so a
// smaller tag is an older request, and the tag equals the block's seq) and keeps a shadow of
// the three queues from the ports only: per queue and slot valid, tag, bank, row, app, depth,
// xlat. The queues' valid vectors are read through h_gv, h_sv, h_nv, which check_formal.sh
// connects to the flattened design (`connect -set h_gv \dut.g_q[0].valid_q`, ...).
//   (a) Golden first   a Golden entry g whose bank is ready (with GqStrictHead: g is the
//                      oldest Golden entry) is pending: no Silver or Normal entry issues,
//                      in particular none that arrived after g; Golden is a FIFO per bank
//                      (an issued Golden entry has no older Golden entry in its bank); the
//                      whole pick equals the harness's own: the first class with a
//                      candidate in a ready bank, in it a row hit before a miss, then the
//                      smaller tag (the header's pick);
//   (b) no loss, no    an arrival takes a slot the shadow has free (the lowest), where the
//       duplicate      header's admission rules send it (from silver_app_o / silver_cnt_o
//                      and the harness's own quotas); an issue names a shadow entry and
//                      reports its tag, seq, bank, row, app, depth and xlat mark; a tag is
//                      issued at most once and only after it was accepted; the block's valid
//                      bits equal the shadow's every cycle (an accepted request stays present
//                      until issued); occ_o equals the shadow's counts; enq - issued = occ
//                      modulo 2^StatWidth;
//   (c) Silver turn    with SilverTimeout = T > 0: let `since` count the edges since the
//                      last turn (any cause) or accepted data arrival of the Silver
//                      application (0 at the first edge after reset); since never exceeds T,
//                      and the timeout passes the turn at exactly the edges with since = T
//                      (timeout_advances_o counts one there and nowhere else): the turn
//                      passes within T cycles without a Silver data arrival;
//   progress           iss_en_i high and a Silver or Normal entry in a ready bank, or a
//                      Golden entry in a ready bank (with GqStrictHead: the oldest Golden
//                      entry's bank ready): iss_valid_o is high; iss_valid_o only with
//                      iss_en_i. The header's spec gives no bound on a Normal request's wait
//                      (strict priority), so no such bound is claimed.
// Covers (FSEEN_*): an issue from each queue, a Golden issue overtaking an older row hit of
// its bank, a rotation by quota exhaustion, a timeout turn (T > 0), a translation sent to
// Normal by a full Golden queue (GqBackpressure 0) or refused (1), and with GqStrictHead a
// younger Golden entry of a ready bank waiting behind the head in a busy bank.
//
// Geometry: 2 banks, 2 slots per queue, 2 applications, ThreshMax 4 (quotas 2, 2 after
// reset), 1-bit rows, 4-bit tags, 2-bit counters.

module xl_dram_gsn_fv #(
  parameter int Strict  = 0,   // GqStrictHead
  parameter int Bp      = 0,   // GqBackpressure
  parameter int Timeout = 0    // SilverTimeout
) (
  input logic       clk_i,
  input logic       rst_ni,
  input logic       arr_valid_i,
  input logic       arr_bank_i,
  input logic       arr_row_i,
  input logic       arr_app_i,
  input logic       arr_depth_i,
  input logic       arr_write_i,
  input logic       iss_en_i,
  input logic [1:0] bank_ready_i,
  input logic [1:0] open_valid_i,
  input logic [1:0] open_row_i,
  input logic       quota_valid_i,
  input logic [1:0] quota0_i,
  input logic [1:0] quota1_i
);
  localparam int N  = 2;    // slots per queue
  localparam int SW = 2;    // StatWidth
  localparam int Gq = 0, Sq = 1, Nq = 2;

  logic        arr_ready, arr_xlat, iss_valid, iss_hit, iss_bank, iss_row, iss_write, iss_xlat;
  logic [1:0]  arr_queue, iss_queue;
  logic        arr_slot, iss_slot;
  logic [4:0]  iss_app, silver_app;
  logic [2:0]  iss_depth;
  logic [3:0]  iss_tag, tag_next;
  logic [31:0] iss_seq;
  logic [8:0]  silver_cnt;
  logic [3*SW-1:0] enq, issued;
  logic [SW-1:0]   silver_turns, timeout_advances, quota_exhaustions;
  logic [5:0]  occ;

  xl_dram_gsn #(
    .Banks         (2),
    .GqEntries     (N),
    .SqEntries     (N),
    .NqEntries     (N),
    .NApps         (2),
    .ThreshMax     (4),
    .GqBackpressure(Bp),
    .GqStrictHead  (Strict),
    .SilverTimeout (Timeout),
    .RowW          (1),
    .TagW          (4),
    .StatWidth     (SW)
  ) dut (
    .clk_i, .rst_ni,
    .arr_valid_i, .arr_bank_i, .arr_row_i, .arr_app_i ({4'd0, arr_app_i}),
    .arr_depth_i ({2'd0, arr_depth_i}), .arr_write_i, .arr_tag_i (tag_next),
    .arr_ready_o (arr_ready), .arr_queue_o (arr_queue), .arr_xlat_o (arr_xlat),
    .arr_slot_o (arr_slot),
    .iss_en_i, .bank_ready_i, .open_valid_i, .open_row_i,
    .iss_valid_o (iss_valid), .iss_queue_o (iss_queue), .iss_slot_o (iss_slot),
    .iss_hit_o (iss_hit), .iss_bank_o (iss_bank), .iss_row_o (iss_row), .iss_app_o (iss_app),
    .iss_depth_o (iss_depth), .iss_write_o (iss_write), .iss_xlat_o (iss_xlat),
    .iss_tag_o (iss_tag), .iss_seq_o (iss_seq),
    .quota_valid_i, .quota_i ({7'd0, quota1_i, 7'd0, quota0_i}),
    .silver_app_o (silver_app), .silver_cnt_o (silver_cnt),
    .occ_o (occ), .max_occ_o (),
    .enq_o (enq), .issued_o (issued), .issued_hit_o (), .occ_sum_o (),
    .gq_overflows_o (), .refused_o (), .issued_xlat_nq_o (), .silver_turns_o (silver_turns),
    .quota_exhaustions_o (quota_exhaustions), .commit_advances_o (),
    .timeout_advances_o (timeout_advances)
  );

  // The queues' valid bits (connected by check_formal.sh after flattening).
  logic [N-1:0] h_gv, h_sv, h_nv;

  // Reset in the first step only.
  logic f_past_valid = 1'b0;
  always @(posedge clk_i) f_past_valid <= 1'b1;
  always @* begin
    if (!f_past_valid) assume (!rst_ni);
    else assume (rst_ni);
  end

  // ------------------------------------------------------------ the shadow
  // Entry (q, i) at index q*N + i.
  logic [3*N-1:0] sv;
  logic [3:0]     stag [3*N];
  logic           sbank [3*N];
  logic           srow [3*N];
  logic           sapp [3*N];
  logic           sdepth [3*N];
  logic           sxlat [3*N];
  logic [15:0]    accepted, done;   // per tag: accepted, issued
  logic [3:0]     thr0, thr1;       // the quotas in force (the harness's own; at most 3)

  // The quotas this edge sees (header step 2) and the Silver application's.
  logic [3:0] q0, q1, qs;
  assign q0 = quota_valid_i ? {2'd0, quota0_i} : thr0;
  assign q1 = quota_valid_i ? {2'd0, quota1_i} : thr1;
  assign qs = silver_app[0] ? q1 : q0;

  // Where the arrival must go (header step 5): queue, xlat, accepted, slot (the lowest free).
  logic [1:0] eq;
  logic       ex, eok, eslot;
  always @* begin
    eq  = 2'(Nq);
    ex  = 1'b0;
    eok = 1'b0;
    if (arr_depth_i) begin
      if (sv[Gq*N +: N] != '1) begin
        eq  = 2'(Gq);
        eok = 1'b1;
      end else if (Bp == 0) begin
        ex  = 1'b1;
        eok = sv[Nq*N +: N] != '1;
      end
    end else if ({4'd0, arr_app_i} == silver_app && {5'd0, silver_cnt} < {5'd0, qs} &&
                 sv[Sq*N +: N] != '1) begin
      eq  = 2'(Sq);
      eok = 1'b1;
    end else begin
      eok = sv[Nq*N +: N] != '1;
    end
    eok   = eok && arr_valid_i;
    eslot = sv[eq*N] ? 1'b1 : 1'b0;
  end

  // The reference pick (header "The pick"): candidates, hits, the best per queue.
  logic [3*N-1:0] cand, hit;
  logic [3*N-1:0] gq_older_in_bank;   // a Golden entry with an older one in its bank
  logic           gq_head;            // the oldest Golden entry (when one is valid)
  logic           gq_any;
  always @* begin
    gq_any  = sv[Gq*N] || sv[Gq*N + 1];
    gq_head = (sv[Gq*N] && (!sv[Gq*N + 1] || stag[Gq*N] < stag[Gq*N + 1])) ? 1'b0 : 1'b1;
    for (int e = 0; e < 3*N; e++) begin
      hit[e] = open_valid_i[sbank[e]] && srow[e] == open_row_i[sbank[e]];
      gq_older_in_bank[e] = 1'b0;
    end
    for (int i = 0; i < N; i++)
      for (int j = 0; j < N; j++)
        if (i != j && sv[Gq*N + j] && sbank[Gq*N + j] == sbank[Gq*N + i] &&
            stag[Gq*N + j] < stag[Gq*N + i])
          gq_older_in_bank[Gq*N + i] = 1'b1;
    for (int e = 0; e < 3*N; e++) begin
      cand[e] = sv[e] && bank_ready_i[sbank[e]];
      if (e < N) begin
        if (Strict != 0) cand[e] = cand[e] && 1'(e) == gq_head;
        else cand[e] = cand[e] && !gq_older_in_bank[e];
      end
    end
  end
  logic       xfound, xhit, xslot;
  logic [1:0] xq;
  always @* begin
    logic [2:0] e0, e1;
    logic       b;
    xfound = 1'b0;
    xhit   = 1'b0;
    xslot  = 1'b0;
    xq     = 2'd0;
    for (int q = 2; q >= 0; q--) begin
      e0 = 3'(q*N);
      e1 = 3'(q*N + 1);
      if (cand[e0] || cand[e1]) begin
        // slot 1 wins if slot 0 is no candidate, or it hits and slot 0 does not, or both
        // hit alike and it is older
        b = !cand[e0] || (cand[e1] && ((hit[e1] && !hit[e0]) ||
                                       (hit[e1] == hit[e0] && stag[e1] < stag[e0])));
        xfound = 1'b1;
        xq     = 2'(q);
        xslot  = b;
        xhit   = hit[q*N + (b ? 1 : 0)];
      end
    end
  end

  // ------------------------------------------------------------ (c): edges since S
  logic [SW-1:0] turns_prev, to_prev;
  logic [4:0]    since_q, since;
  logic          exp_fire_q, live_q;
  logic          silver_arr;
  assign silver_arr = arr_ready && !arr_depth_i && {4'd0, arr_app_i} == silver_app;
  assign since = (silver_turns != turns_prev) ? 5'd1 : since_q;

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sv         <= '0;
      accepted   <= '0;
      done       <= '0;
      tag_next   <= '0;
      thr0       <= 4'd2;
      thr1       <= 4'd2;
      turns_prev <= '0;
      to_prev    <= '0;
      since_q    <= '0;
      exp_fire_q <= 1'b0;
      live_q     <= 1'b0;
    end else begin
      live_q     <= 1'b1;
      turns_prev <= silver_turns;
      to_prev    <= timeout_advances;
      since_q    <= silver_arr ? 5'd1 : (since == 5'd31 ? since : since + 5'd1);
      exp_fire_q <= Timeout > 0 && 32'(since) >= Timeout;
      thr0       <= q0;
      thr1       <= q1;
      if (iss_valid) begin
        sv[iss_queue*N + 32'(iss_slot)] <= 1'b0;
        done[iss_tag] <= 1'b1;
      end
      if (arr_ready) begin
        sv[arr_queue*N + 32'(arr_slot)]     <= 1'b1;
        stag[arr_queue*N + 32'(arr_slot)]   <= tag_next;
        sbank[arr_queue*N + 32'(arr_slot)]  <= arr_bank_i;
        srow[arr_queue*N + 32'(arr_slot)]   <= arr_row_i;
        sapp[arr_queue*N + 32'(arr_slot)]   <= arr_app_i;
        sdepth[arr_queue*N + 32'(arr_slot)] <= arr_depth_i;
        sxlat[arr_queue*N + 32'(arr_slot)]  <= arr_xlat;
        accepted[tag_next] <= 1'b1;
        tag_next <= tag_next + 4'd1;
      end
    end
  end

  logic [2:0] ie;   // the issued entry's shadow index
  assign ie = 3'(iss_queue*N) + 3'(iss_slot);
  // a Golden entry in a ready bank that the pick may take (strict: the head)
  logic gq_ready;
  assign gq_ready = cand[Gq*N] || cand[Gq*N + 1];

  always @(posedge clk_i) begin
    if (f_past_valid && rst_ni) begin
      // (b) the block holds exactly the shadow's entries
      assert ({h_nv, h_sv, h_gv} == sv);
      for (int q = 0; q < 3; q++) begin
        assert (occ[q*2 +: 2] == 2'(sv[q*N]) + 2'(sv[q*N + 1]));
        assert (enq[q*SW +: SW] - issued[q*SW +: SW] == SW'(occ[q*2 +: 2]));
      end
      // (b) arrivals: admission and the lowest free slot
      assert (arr_ready == eok);
      if (arr_ready) begin
        assert (arr_queue == eq && arr_xlat == ex && arr_slot == eslot);
        assert (!sv[arr_queue*N + 32'(arr_slot)]);
        assert (!accepted[tag_next]);
      end
      // (b) issues: a present entry, reported faithfully, at most once
      if (iss_valid) begin
        assert (iss_en_i && iss_queue != 2'd3);
        assert (sv[ie]);
        assert (iss_tag == stag[ie] && iss_seq == {28'd0, stag[ie]});
        assert (iss_bank == sbank[ie] && iss_row == srow[ie]);
        assert (iss_app == {4'd0, sapp[ie]} && iss_depth == {2'd0, sdepth[ie]});
        assert (iss_xlat == sxlat[ie] && iss_hit == hit[ie]);
        assert (accepted[iss_tag] && !done[iss_tag]);
      end
      // (a) Golden first: a pending Golden entry in a ready bank (strict: the head) keeps
      // every Silver and Normal entry (older or younger) from issuing
      if (iss_valid && iss_queue != 2'(Gq)) assert (!gq_ready);
      // (a) Golden is a FIFO per bank
      if (iss_valid && iss_queue == 2'(Gq)) assert (!gq_older_in_bank[ie]);
      // (a) the whole pick
      if (iss_en_i) assert (iss_valid == xfound);
      if (iss_valid) assert (iss_queue == xq && iss_slot == xslot && iss_hit == xhit);
      // progress: no deadlock
      if (iss_en_i && (Strict == 0) && sv != '0 &&
          ((sv[0] && bank_ready_i[sbank[0]]) || (sv[1] && bank_ready_i[sbank[1]]) ||
           (sv[2] && bank_ready_i[sbank[2]]) || (sv[3] && bank_ready_i[sbank[3]]) ||
           (sv[4] && bank_ready_i[sbank[4]]) || (sv[5] && bank_ready_i[sbank[5]])))
        assert (iss_valid);
      if (iss_en_i && (Strict != 0) &&
          ((gq_any && bank_ready_i[sbank[32'(gq_head)]]) ||
           (sv[2] && bank_ready_i[sbank[2]]) || (sv[3] && bank_ready_i[sbank[3]]) ||
           (sv[4] && bank_ready_i[sbank[4]]) || (sv[5] && bank_ready_i[sbank[5]])))
        assert (iss_valid);
      // (c) the Silver turn passes within T edges, by the timeout exactly at since = T
      if (Timeout > 0) begin
        assert (32'(since) <= Timeout);
        if (live_q) assert ((timeout_advances != to_prev) == exp_fire_q);
      end else begin
        assert (timeout_advances == '0);
      end
    end
  end

  // ------------------------------------------------------------ covers
  localparam int FSEEN_GQ       = 0;   // a Golden issue
  localparam int FSEEN_SQ       = 1;   // a Silver issue
  localparam int FSEEN_NQ       = 2;   // a Normal issue
  localparam int FSEEN_OVERTAKE = 3;   // a Golden miss issued over an older row hit of its bank
  localparam int FSEEN_EXHAUST  = 4;   // a rotation by quota exhaustion
  localparam int FSEEN_TIMEOUT  = 5;   // a timeout turn
  localparam int FSEEN_FULLGQ   = 6;   // a translation at a full GQ: to NQ (Bp 0) / refused (1)
  localparam int FSEEN_WAIT     = 7;   // GqStrictHead: a younger Golden entry in a ready bank
                                       // waits behind the head, whose bank is busy
  localparam int NSEEN = 8;
  (* keep *) logic [NSEEN-1:0] f_seen = '0;
  logic [NSEEN-1:0] f_now;
  logic [SW-1:0]    exh_prev;
  always @(posedge clk_i) exh_prev <= quota_exhaustions;
  always @* begin
    f_now = '0;
    f_now[FSEEN_GQ] = iss_valid && iss_queue == 2'(Gq);
    f_now[FSEEN_SQ] = iss_valid && iss_queue == 2'(Sq);
    f_now[FSEEN_NQ] = iss_valid && iss_queue == 2'(Nq);
    for (int e = N; e < 3*N; e++)
      if (iss_valid && iss_queue == 2'(Gq) && !iss_hit && sv[e] && hit[e] &&
          sbank[e] == iss_bank && stag[e] < iss_tag)
        f_now[FSEEN_OVERTAKE] = 1'b1;
    f_now[FSEEN_EXHAUST] = live_q && quota_exhaustions != exh_prev;
    f_now[FSEEN_TIMEOUT] = live_q && timeout_advances != to_prev;
    f_now[FSEEN_WAIT]    = iss_en_i && Strict != 0 && sv[Gq*N +: N] == '1 &&
                           !bank_ready_i[sbank[Gq*N + 32'(gq_head)]] &&
                           bank_ready_i[sbank[Gq*N + 32'(!gq_head)]];
    f_now[FSEEN_FULLGQ]  = arr_valid_i && arr_depth_i && sv[Gq*N +: N] == '1 &&
                           (Bp == 0 ? arr_xlat : !arr_ready);
  end
  always @(posedge clk_i) if (rst_ni) f_seen <= f_seen | f_now;
endmodule
