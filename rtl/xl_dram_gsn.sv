// xl_dram_gsn - one DRAM channel's Golden / Silver / Normal request queues and their pick:
// MASK's address-space-aware DRAM scheduler (ASPLOS'18 sec. 5.4, Equation 1 for the
// quotas, sec. 7.4 for the 16 / 64 / 192 entries; docs/papers/mask.md "Golden / Silver /
// Normal queues"). Translation requests (page-table reads) wait in Golden, one
// application's data at a time in Silver (the Silver application rotates when its quota
// is used up), everything else in Normal; the pick is strict priority between the queues,
// a FIFO per bank inside Golden and FR-FCFS (row hit first, then oldest) inside Silver and
// Normal; one request issued per cycle.
//
// C twin: model/include/xlat/dram_gsn.h, model/src/mem/dram_gsn.c (xl_dram_gsn_reset /
// _comb / _step, ports xl_gsn_in_t / xl_gsn_out_t). The header states every rule, the order
// within an edge and every tie; this module follows it bit for bit with ONE EDGE PER CLOCK:
// the C's clk is the number of clocks since reset. The bank state (which banks can take a
// request, their open rows) is an input, as the C DRAM timing model gives it to the C host
// (model/src/mem/dram_sched_gsn.c).
//
// One clock edge, in the header's order (the outputs are combinational answers for it):
//   1. Silver timeout (SilverTimeout = T > 0): T clocks after the turn began or the Silver
//      application's last data arrival, the turn passes (advance_silver).
//   2. Quota commit (quota_valid_i): thresh = quota_i; advance_silver() when the Silver
//      application's new quota is 0 or already used up.
//   3. Occupancy statistics: each queue's occupancy before the edge is added to occ_sum.
//   4. Issue (iss_en_i): the picked entry (below) leaves.
//   5. Arrival (arr_valid_i): accepted when its queue has a free slot before the edge; the
//      lowest free slot; seq = next_seq++. Translation (depth != 0) -> Golden; a full Golden
//      -> Normal marked xlat (GqBackpressure 0) or refused (1). Data of the Silver
//      application within its quota -> Silver (silver_cnt + 1, advance at the quota); other
//      data -> Normal; a full Normal refuses. A data arrival of the Silver application
//      restarts the timeout.
//   advance_silver(): silver_cnt = 0; the next application (mod NApps) with a quota > 0, or
//   the same one when none has. After reset: application 0, count 0, every quota
//   ThreshMax / NApps.
//   The pick: the first queue class with an entry whose bank is ready (bank_ready_i); in
//   Golden each bank's oldest entry only (GqStrictHead: the oldest entry overall only); in
//   the class its oldest row hit (open_valid_i and the entry's row equal to open_row_i of
//   its bank), else its oldest entry.
//
// Parameters (checked at elaboration with `XL_ASSERT_PARAM):
//   Banks 1..64          banks of the channel (ranks x banks); default 8 (configs/mask.ini)
//   GqEntries, SqEntries, NqEntries 1..256   queue slots; default 16 / 64 / 192 (sec. 7.4)
//   NApps 1..32          applications; default 2 (the paper's pairs)
//   ThreshMax 1..511     the quotas' sum before the first commit (Equation 1); default 500
//   GqBackpressure 0/1   a full Golden queue: 0 sends translation to Normal marked xlat,
//                        1 refuses it (dram.gq_overflow = to_nq | backpressure)
//   GqStrictHead 0/1     1: only Golden's oldest entry may issue (a literal FIFO)
//   SilverTimeout 0..65535  clocks without a Silver data arrival before the turn passes;
//                        0 = off (the paper has no such guard)
//   RowW 1..64, TagW 1..32  row and host-tag widths (the C keeps 64 and 32 bits: the
//                        harness and the host give values that fit)
//   StatWidth 1..64      statistics counters wrap modulo 2^StatWidth (the C's are 64-bit)
//
// Where the hardware form differs from the C code's form (behaviour identical):
//   1. The C keeps, per queue, a linked list per bank in seq order, a bank mask and a
//      free-slot bitmap, and visits only the ready banks of one class. Here every entry
//      decides in parallel whether it is a candidate (valid, bank ready, and in Golden
//      the oldest of its bank) and whether it is a row hit, and a balanced tree per queue
//      keeps the best candidate (hit first, then the older seq). Seqs of live
//      entries are distinct, so the oldest hit / oldest entry is unique and both forms
//      pick the same slot: the C's "per bank target, then over banks hit first, then
//      older" equals "the class's oldest hit, else its oldest entry" (dram_gsn.h).
//   2. "Oldest of its bank" in Golden is a comparison of the entry's seq with every other
//      Golden entry of the same bank (the queue is 16 entries); the C reads its list head.
//   3. The timeout: the C stores the clock S at which the turn began and, at an edge,
//      passes n = (clk - S) / T turns at once. Here elapsed_q holds clk - S for the coming
//      edge and is compared with T every clock: with one edge per clock clk - S never
//      exceeds T, so n is 0 or 1 and the same turns pass at the same edges.
//   4. The occupancy sum adds each queue's count once per clock; the C adds count x
//      (clk - last_clk), which is the same with one edge per clock (the first edge after
//      reset adds 0 on both sides: the queues are empty).
//   5. Payload flops (app, depth, write, xlat, bank, row, seq, tag) have no reset
//      (lowRISC data-flop practice): they are read only through a valid entry. The
//      lockstep runs Verilator with random initial values to show they are never observed.
//
// Widths and encodings come from rtl/xl_pkg.sv (the Gsn* constants). The mutants of the
// lockstep's mutation test are patches of this file (tests/lockstep/mutants/dram_gsn/).
`include "xl_assert.svh"

module xl_dram_gsn #(
  parameter int Banks          = 8,
  parameter int GqEntries      = 16,
  parameter int SqEntries      = 64,
  parameter int NqEntries      = 192,
  parameter int NApps          = 2,
  parameter int ThreshMax      = 500,
  parameter int GqBackpressure = 0,
  parameter int GqStrictHead   = 0,
  parameter int SilverTimeout  = 0,
  parameter int RowW           = 16,
  parameter int TagW           = 32,
  parameter int StatWidth      = 64,
  // Derived widths (not to be overridden).
  localparam int BankW      = (Banks > 1) ? $clog2(Banks) : 1,
  localparam int MaxEntries = (GqEntries > SqEntries) ?
                              ((GqEntries > NqEntries) ? GqEntries : NqEntries) :
                              ((SqEntries > NqEntries) ? SqEntries : NqEntries),
  localparam int SlotW      = (MaxEntries > 1) ? $clog2(MaxEntries) : 1,
  localparam int CntW       = SlotW + 1,
  localparam int AppW       = xl_pkg::GsnAppW,
  localparam int DepthW     = xl_pkg::GsnDepthW,
  localparam int ThreshW    = xl_pkg::GsnThreshW,
  localparam int SeqW       = xl_pkg::GsnSeqW,
  localparam int QueueW     = xl_pkg::GsnQueueW,
  localparam int NumQ       = xl_pkg::GsnQueues
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,

  // Arrival: one request per cycle from the L2 side (C arr_*).
  input  logic                      arr_valid_i,
  input  logic [BankW-1:0]          arr_bank_i,
  input  logic [RowW-1:0]           arr_row_i,
  input  logic [AppW-1:0]           arr_app_i,
  input  logic [DepthW-1:0]         arr_depth_i,    // 0: data; 1..4: a page-table read
  input  logic                      arr_write_i,    // carried, never looked at
  input  logic [TagW-1:0]           arr_tag_i,      // the host's handle, carried
  output logic                      arr_ready_o,    // accepted at this edge
  output logic [QueueW-1:0]         arr_queue_o,    // xl_pkg::GsnGq / GsnSq / GsnNq
  output logic                      arr_xlat_o,     // translation sent to Normal (Golden full)
  output logic [SlotW-1:0]          arr_slot_o,

  // Issue: the channel takes one request this cycle; bank state from the DRAM timing model.
  input  logic                      iss_en_i,
  input  logic [Banks-1:0]          bank_ready_i,   // bit b: bank b can take a request now
  input  logic [Banks-1:0]          open_valid_i,   // bit b: bank b has a row open
  input  logic [Banks*RowW-1:0]     open_row_i,     // bank b's open row at [b*RowW +: RowW]
  output logic                      iss_valid_o,
  output logic [QueueW-1:0]         iss_queue_o,
  output logic [SlotW-1:0]          iss_slot_o,
  output logic                      iss_hit_o,      // the picked entry's row is open
  output logic [BankW-1:0]          iss_bank_o,
  output logic [RowW-1:0]           iss_row_o,
  output logic [AppW-1:0]           iss_app_o,
  output logic [DepthW-1:0]         iss_depth_o,
  output logic                      iss_write_o,
  output logic                      iss_xlat_o,
  output logic [TagW-1:0]           iss_tag_o,
  output logic [SeqW-1:0]           iss_seq_o,

  // Quota commit: thresh_a of Equation 1 for every application, in force from this edge.
  input  logic                      quota_valid_i,
  input  logic [NApps*ThreshW-1:0]  quota_i,        // application a at [a*ThreshW +: ThreshW]

  // The Silver state after this edge's timeout and quota commit (what the arrival sees).
  output logic [AppW-1:0]           silver_app_o,
  output logic [ThreshW-1:0]        silver_cnt_o,

  // Occupancy (registers): queue q at [q*CntW +: CntW] (C n[q], max_occ[q]).
  output logic [NumQ*CntW-1:0]      occ_o,
  output logic [NumQ*CntW-1:0]      max_occ_o,

  // Statistics modulo 2^StatWidth (C xl_dram_gsn_t); per queue at [q*StatWidth +: StatWidth].
  output logic [NumQ*StatWidth-1:0] enq_o,
  output logic [NumQ*StatWidth-1:0] issued_o,
  output logic [NumQ*StatWidth-1:0] issued_hit_o,
  output logic [NumQ*StatWidth-1:0] occ_sum_o,
  output logic [StatWidth-1:0]      gq_overflows_o,
  output logic [StatWidth-1:0]      refused_o,
  output logic [StatWidth-1:0]      issued_xlat_nq_o,
  output logic [StatWidth-1:0]      silver_turns_o,
  output logic [StatWidth-1:0]      quota_exhaustions_o,
  output logic [StatWidth-1:0]      commit_advances_o,
  output logic [StatWidth-1:0]      timeout_advances_o
);

  ///////////////////////////
  // Constants and checks  //
  ///////////////////////////

  localparam int ElW = (SilverTimeout > 0) ? $clog2(SilverTimeout + 1) : 1;
  localparam logic [ThreshW-1:0] ThreshReset = ThreshW'(ThreshMax / NApps);

  `XL_ASSERT_PARAM(BanksRange, Banks >= 1 && Banks <= xl_pkg::GsnMaxBanks)
  `XL_ASSERT_PARAM(GqEntriesRange, GqEntries >= 1 && GqEntries <= 256)
  `XL_ASSERT_PARAM(SqEntriesRange, SqEntries >= 1 && SqEntries <= 256)
  `XL_ASSERT_PARAM(NqEntriesRange, NqEntries >= 1 && NqEntries <= 256)
  `XL_ASSERT_PARAM(NAppsRange, NApps >= 1 && NApps <= xl_pkg::GsnMaxApps)
  `XL_ASSERT_PARAM(ThreshMaxRange, ThreshMax >= 1 && ThreshMax <= xl_pkg::GsnThreshMax)
  `XL_ASSERT_PARAM(GqBackpressureRange, GqBackpressure == 0 || GqBackpressure == 1)
  `XL_ASSERT_PARAM(GqStrictHeadRange, GqStrictHead == 0 || GqStrictHead == 1)
  `XL_ASSERT_PARAM(SilverTimeoutRange, SilverTimeout >= 0 && SilverTimeout <= 65535)
  `XL_ASSERT_PARAM(RowWRange, RowW >= 1 && RowW <= 64)
  `XL_ASSERT_PARAM(TagWRange, TagW >= 1 && TagW <= 32)
  `XL_ASSERT_PARAM(StatWidthRange, StatWidth >= 1 && StatWidth <= 64)

  // advance_silver()'s next application: the next one (mod NApps) whose quota is not 0, or
  // `app` itself when none has one (NApps steps bring it back).
  function automatic logic [AppW-1:0] next_app(input logic [AppW-1:0] app,
                                               input logic [NApps*ThreshW-1:0] th);
    logic [AppW-1:0] a;
    logic            done;
    a    = app;
    done = 1'b0;
    for (int i = 0; i < NApps; i++) begin
      if (!done) begin
        a = (a == AppW'(NApps - 1)) ? '0 : a + AppW'(1);
        if (th[a*ThreshW +: ThreshW] != '0) done = 1'b1;
      end
    end
    next_app = a;
  endfunction

  ////////////////////////////
  // Silver state registers //
  ////////////////////////////

  logic [SeqW-1:0]          next_seq_q;
  logic [AppW-1:0]          silver_app_q;
  logic [ThreshW-1:0]       silver_cnt_q;
  logic [NApps*ThreshW-1:0] thresh_q;        // application a at [a*ThreshW +: ThreshW]
  logic [ElW-1:0]           elapsed_q;       // clocks since the turn began (form diff. 3)

  ////////////////////////////////////////////////
  // Edge steps 1 and 2: timeout, quota commit  //
  ////////////////////////////////////////////////

  logic                     to_fire;         // step 1: the turn passes by the timeout
  logic [AppW-1:0]          app1;
  logic [ThreshW-1:0]       cnt1;
  logic [NApps*ThreshW-1:0] thr2;            // the quotas in force from this edge
  logic [ThreshW-1:0]       thr2_app1;
  logic                     commit_adv;      // step 2: the commit passes the turn
  logic [AppW-1:0]          app2;            // the Silver state the arrival sees
  logic [ThreshW-1:0]       cnt2;
  logic [ThreshW-1:0]       thr2_app2;

  assign to_fire    = (SilverTimeout > 0) && (32'(elapsed_q) >= SilverTimeout);
  assign app1       = to_fire ? next_app(silver_app_q, thresh_q) : silver_app_q;
  assign cnt1       = to_fire ? '0 : silver_cnt_q;
  assign thr2       = quota_valid_i ? quota_i : thresh_q;
  assign thr2_app1  = thr2[app1*ThreshW +: ThreshW];
  assign commit_adv = quota_valid_i && (thr2_app1 == '0 || cnt1 >= thr2_app1);
  assign app2       = commit_adv ? next_app(app1, thr2) : app1;
  assign cnt2       = commit_adv ? '0 : cnt1;
  assign thr2_app2  = thr2[app2*ThreshW +: ThreshW];

  assign silver_app_o = app2;
  assign silver_cnt_o = cnt2;

  //////////////////////////////////
  // Per queue: state and answers //
  //////////////////////////////////

  // Module-level views of each queue q (slice q of each vector), written by g_q[q].
  logic [NumQ-1:0]        q_room;    // a free slot before the edge
  logic [NumQ*SlotW-1:0]  q_free;    // its lowest free slot
  logic [NumQ-1:0]        q_found;   // a candidate in a ready bank
  logic [NumQ-1:0]        q_hit;     // the best candidate is a row hit
  logic [NumQ*SlotW-1:0]  q_pick;    // the best candidate's slot
  logic [NumQ*BankW-1:0]  q_bank;    // ... and its registers
  logic [NumQ*RowW-1:0]   q_row;
  logic [NumQ*AppW-1:0]   q_app;
  logic [NumQ*DepthW-1:0] q_depth;
  logic [NumQ-1:0]        q_write;
  logic [NumQ-1:0]        q_xlat;
  logic [NumQ*TagW-1:0]   q_tag;
  logic [NumQ*SeqW-1:0]   q_seq;
  logic [NumQ-1:0]        take_arr;  // this edge's arrival enters queue q
  logic [NumQ-1:0]        take_iss;  // this edge's issue leaves queue q
  logic [SlotW-1:0]       arr_slot;
  logic [SlotW-1:0]       iss_slot;

  for (genvar q = 0; q < NumQ; q++) begin : g_q
    localparam int Entries = (q == 0) ? GqEntries : ((q == 1) ? SqEntries : NqEntries);
    localparam bit FifoPerBank = (q == 0);                  // Golden: no row-hit reordering
    localparam bit StrictHead  = (q == 0) && (GqStrictHead != 0);
    localparam int IdxW        = (Entries > 1) ? $clog2(Entries) : 1;   // a slot of this queue

    logic [Entries-1:0] valid_q;
    logic [CntW-1:0]    occ_q;                              // valid entries
    // Payload: no reset (form difference 5).
    logic [AppW-1:0]    app_q   [Entries];
    logic [DepthW-1:0]  depth_q [Entries];
    logic               write_q [Entries];
    logic               xlat_q  [Entries];
    logic [BankW-1:0]   bank_q  [Entries];
    logic [RowW-1:0]    row_q   [Entries];
    logic [SeqW-1:0]    seq_q   [Entries];
    logic [TagW-1:0]    tag_q   [Entries];

    // The lowest free slot (priority encoder from the top down).
    logic [IdxW-1:0] free_idx;
    always_comb begin : p_free
      logic [IdxW-1:0] idx;
      idx = '0;
      for (int i = Entries - 1; i >= 0; i--) begin
        if (!valid_q[i]) idx = IdxW'(i);
      end
      free_idx = idx;
    end
    assign q_room[q] = (occ_q < CntW'(Entries));
    assign q_free[q*SlotW +: SlotW] = SlotW'(free_idx);

    // Each entry: its bank is ready, its row is open (a hit).
    logic [Entries-1:0] ready_e, hit_e;
    always_comb begin : p_entry
      for (int i = 0; i < Entries; i++) begin
        ready_e[i] = valid_q[i] && bank_ready_i[bank_q[i]];
        hit_e[i]   = open_valid_i[bank_q[i]] &&
                     (row_q[i] == open_row_i[bank_q[i]*RowW +: RowW]);
      end
    end

    // The best of a set of entries by a balanced tree (form difference 1): leaf i is entry i
    // (valid when t_cand[i]), an inner node keeps the better child: a row hit before a miss,
    // then the older seq. Seqs of live entries are distinct, so the result does not depend
    // on the tree's shape; a tree has log2(Entries) levels where a chain had Entries
    // (iCE40 timing, rtl/README.md). Tree 0 is the pick; with GqStrictHead, Golden has a
    // tree 1 that finds its oldest entry (every valid entry a candidate, no hits).
    logic [Entries-1:0] cand_e;
    logic               found, best_hit;
    logic [IdxW-1:0]    best;
    // A node: {has an entry, row hit, seq, slot}.
    localparam int NodeW = 2 + SeqW + IdxW;
    // The better of two nodes a (left: lower slots) and b.
    function automatic logic [NodeW-1:0] node_best(input logic [NodeW-1:0] a,
                                                   input logic [NodeW-1:0] b);
      logic [SeqW-1:0] d;
      logic            take_b;
      d      = b[IdxW +: SeqW] - a[IdxW +: SeqW];      // bit 31 set: b is older
      take_b = b[NodeW-1] && (!a[NodeW-1] || (b[NodeW-2] && !a[NodeW-2]) ||
                              (b[NodeW-2] == a[NodeW-2] && d[SeqW-1]));
      node_best = take_b ? b : a;
    endfunction
    for (genvar t = 0; t < (StrictHead ? 2 : 1); t++) begin : g_tree
      logic [Entries-1:0] t_cand, t_hit;
      assign t_cand = (t == 0) ? cand_e : valid_q;
      assign t_hit  = (t == 0) ? hit_e : '0;
      // One signal per node, as xl_walk_sched's tree (its form difference 9): g_lv[d].g_n[n].v
      // is node n of depth d; depth IdxW holds the leaves.
      for (genvar d = 0; d <= IdxW; d++) begin : g_lv
        for (genvar n = 0; n < (1 << d); n++) begin : g_n
          logic [NodeW-1:0] v;
          if (d == IdxW) begin : g_leaf
            if (n < Entries) begin : g_slot
              assign v = {t_cand[n], t_hit[n], seq_q[n], IdxW'(n)};
            end else begin : g_pad
              assign v = '0;
            end
          end else begin : g_inner
            assign v = node_best(g_lv[d + 1].g_n[2 * n].v, g_lv[d + 1].g_n[2 * n + 1].v);
          end
        end
      end
    end
    assign found    = g_tree[0].g_lv[0].g_n[0].v[NodeW-1];
    assign best_hit = g_tree[0].g_lv[0].g_n[0].v[NodeW-2];
    assign best     = g_tree[0].g_lv[0].g_n[0].v[IdxW-1:0];

    // Candidates: Golden takes each bank's oldest entry (form difference 2), or with
    // GqStrictHead the oldest entry overall; Silver and Normal every entry.
    if (StrictHead) begin : g_strict
      logic            oldest_any;             // tree 1: Golden holds an entry
      logic [IdxW-1:0] oldest;                 // ... and the oldest is this one
      assign oldest_any = g_tree[1].g_lv[0].g_n[0].v[NodeW-1];
      assign oldest     = g_tree[1].g_lv[0].g_n[0].v[IdxW-1:0];
      for (genvar i = 0; i < Entries; i++) begin : g_c
        assign cand_e[i] = oldest_any && oldest == IdxW'(i) && ready_e[i];
      end
    end else if (FifoPerBank) begin : g_fifo
      always_comb begin : p_cand
        logic            head;
        logic [SeqW-1:0] d;
        for (int i = 0; i < Entries; i++) begin
          head = 1'b1;
          for (int j = 0; j < Entries; j++) begin
            d = seq_q[j] - seq_q[i];
            if (j != i && valid_q[j] && bank_q[j] == bank_q[i] && d[SeqW-1]) head = 1'b0;
          end
          cand_e[i] = ready_e[i] && head;
        end
      end
    end else begin : g_frfcfs
      assign cand_e = ready_e;
    end
    assign q_found[q]                 = found;
    assign q_hit[q]                   = found && best_hit;
    assign q_pick[q*SlotW +: SlotW]   = SlotW'(best);
    assign q_bank[q*BankW +: BankW]   = bank_q[best];
    assign q_row[q*RowW +: RowW]      = row_q[best];
    assign q_app[q*AppW +: AppW]      = app_q[best];
    assign q_depth[q*DepthW +: DepthW] = depth_q[best];
    assign q_write[q]                 = write_q[best];
    assign q_xlat[q]                  = xlat_q[best];
    assign q_tag[q*TagW +: TagW]      = tag_q[best];
    assign q_seq[q*SeqW +: SeqW]      = seq_q[best];

    // The edge: steps 4 and 5 on this queue.
    logic [Entries-1:0] clr_e, set_e;
    always_comb begin : p_upd
      for (int i = 0; i < Entries; i++) begin
        clr_e[i] = take_iss[q] && iss_slot == SlotW'(i);
        set_e[i] = take_arr[q] && arr_slot == SlotW'(i);
      end
    end
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        valid_q <= '0;
        occ_q   <= '0;
      end else begin
        valid_q <= (valid_q & ~clr_e) | set_e;
        occ_q   <= occ_q - CntW'(take_iss[q]) + CntW'(take_arr[q]);
      end
    end
    // One process per slot: Verilator unrolls a loop of at most 64 iterations, and Normal
    // has 192 slots at the paper's size.
    for (genvar i = 0; i < Entries; i++) begin : g_slot
      always_ff @(posedge clk_i) begin
        if (set_e[i]) begin
          app_q[i]   <= arr_app_i;
          depth_q[i] <= arr_depth_i;
          write_q[i] <= arr_write_i;
          xlat_q[i]  <= arr_xlat_o;
          bank_q[i]  <= arr_bank_i;
          row_q[i]   <= arr_row_i;
          seq_q[i]   <= next_seq_q;
          tag_q[i]   <= arr_tag_i;
        end
      end
    end

    // The slot an arrival takes is free; the slot an issue takes is valid.
    `XL_ASSERT(ArrSlotFree, !take_arr[q] || ((set_e & ~valid_q) != '0), clk_i, rst_ni)
    `XL_ASSERT(IssSlotValid, !take_iss[q] || ((clr_e & valid_q) != '0), clk_i, rst_ni)
    `XL_ASSERT(OccCount, occ_q == CntW'($countones(valid_q)), clk_i, rst_ni)
  end

  ////////////////////////////////////////////////////////
  // Step 5: where the arrival goes (before the pick)   //
  ////////////////////////////////////////////////////////

  logic           is_xlat;
  logic           to_sq;
  logic           arr_ok;
  logic [QueueW-1:0] arr_q;
  logic           arr_x;
  always_comb begin : p_admit
    logic [QueueW-1:0] q;
    logic              x, ok;
    q  = QueueW'(xl_pkg::GsnNq);
    x  = 1'b0;
    ok = 1'b0;
    if (is_xlat) begin
      if (q_room[xl_pkg::GsnGq]) begin
        q  = QueueW'(xl_pkg::GsnGq);
        ok = 1'b1;
      end else if (GqBackpressure == 0) begin
        x  = 1'b1;
        ok = q_room[xl_pkg::GsnNq];
      end
    end else if (to_sq) begin
      q  = QueueW'(xl_pkg::GsnSq);
      ok = 1'b1;
    end else begin
      ok = q_room[xl_pkg::GsnNq];
    end
    arr_ok = arr_valid_i && ok;
    arr_q  = q;
    arr_x  = x;
  end
  assign is_xlat = arr_depth_i != '0;
  assign to_sq   = arr_app_i == app2 && cnt2 < thr2_app2 && q_room[xl_pkg::GsnSq];

  assign arr_ready_o = arr_ok;
  assign arr_queue_o = arr_ok ? arr_q : '0;
  assign arr_xlat_o  = arr_ok && arr_x;
  assign arr_slot    = q_free[arr_q*SlotW +: SlotW];
  assign arr_slot_o  = arr_ok ? arr_slot : '0;
  for (genvar q = 0; q < NumQ; q++) begin : g_take_arr
    assign take_arr[q] = arr_ok && arr_q == QueueW'(q);
  end

  ///////////////////////////////////////
  // Step 4: the pick between queues   //
  ///////////////////////////////////////

  logic              iss_ok;
  logic [QueueW-1:0] iss_q;
  assign iss_ok = iss_en_i && (|q_found);
  assign iss_q  = q_found[xl_pkg::GsnGq] ? QueueW'(xl_pkg::GsnGq) :
                  (q_found[xl_pkg::GsnSq] ? QueueW'(xl_pkg::GsnSq) : QueueW'(xl_pkg::GsnNq));
  assign iss_slot = q_pick[iss_q*SlotW +: SlotW];
  for (genvar q = 0; q < NumQ; q++) begin : g_take_iss
    assign take_iss[q] = iss_ok && iss_q == QueueW'(q);
  end

  assign iss_valid_o = iss_ok;
  assign iss_queue_o = iss_ok ? iss_q : '0;
  assign iss_slot_o  = iss_ok ? iss_slot : '0;
  assign iss_hit_o   = iss_ok && q_hit[iss_q];
  assign iss_bank_o  = iss_ok ? q_bank[iss_q*BankW +: BankW] : '0;
  assign iss_row_o   = iss_ok ? q_row[iss_q*RowW +: RowW] : '0;
  assign iss_app_o   = iss_ok ? q_app[iss_q*AppW +: AppW] : '0;
  assign iss_depth_o = iss_ok ? q_depth[iss_q*DepthW +: DepthW] : '0;
  assign iss_write_o = iss_ok && q_write[iss_q];
  assign iss_xlat_o  = iss_ok && q_xlat[iss_q];
  assign iss_tag_o   = iss_ok ? q_tag[iss_q*TagW +: TagW] : '0;
  assign iss_seq_o   = iss_ok ? q_seq[iss_q*SeqW +: SeqW] : '0;

  ///////////////////////////////////////////////
  // The Silver state after the edge           //
  ///////////////////////////////////////////////

  logic               silver_arr;   // an accepted data arrival of the Silver application
  logic               exhaust;      // ... into Silver, reaching the quota
  logic [ThreshW-1:0] cnt3;
  logic [AppW-1:0]    app3;
  logic [ElW-1:0]     el_next;
  assign silver_arr = arr_ok && !is_xlat && arr_app_i == app2;
  assign exhaust    = take_arr[xl_pkg::GsnSq] && (cnt2 + ThreshW'(1) >= thr2_app2);
  assign app3       = exhaust ? next_app(app2, thr2) : app2;
  assign cnt3       = exhaust ? '0 : (take_arr[xl_pkg::GsnSq] ? cnt2 + ThreshW'(1) : cnt2);
  // clk - S at the next edge: S moved to this clock by a commit advance, a Silver arrival or
  // an exhaustion, or by T at a timeout (clk - S was T: 0 after it).
  assign el_next = (SilverTimeout == 0) ? '0 :
                   ((commit_adv || silver_arr || exhaust || to_fire) ? ElW'(1) :
                                                                       elapsed_q + ElW'(1));

  ////////////////////////////
  // Statistics             //
  ////////////////////////////

  logic [NumQ*CntW-1:0]      occ, max_occ_q;
  logic [NumQ*StatWidth-1:0] enq_q, issued_q, issued_hit_q, occ_sum_q;
  logic [StatWidth-1:0]      gq_overflows_q, refused_q, issued_xlat_nq_q, silver_turns_q;
  logic [StatWidth-1:0]      quota_exhaustions_q, commit_advances_q, timeout_advances_q;
  logic [NumQ*CntW-1:0]      max_occ_d;   // the maximum with the occupancy after the edge
  for (genvar q = 0; q < NumQ; q++) begin : g_occ
    logic [CntW-1:0] n_after;
    assign occ[q*CntW +: CntW] = g_q[q].occ_q;
    assign n_after = g_q[q].occ_q - CntW'(take_iss[q]) + CntW'(take_arr[q]);
    assign max_occ_d[q*CntW +: CntW] = (n_after > max_occ_q[q*CntW +: CntW]) ?
                                       n_after : max_occ_q[q*CntW +: CntW];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      next_seq_q          <= '0;
      silver_app_q        <= '0;
      silver_cnt_q        <= '0;
      thresh_q            <= {NApps{ThreshReset}};
      elapsed_q           <= '0;
      max_occ_q           <= '0;
      enq_q               <= '0;
      issued_q            <= '0;
      issued_hit_q        <= '0;
      occ_sum_q           <= '0;
      gq_overflows_q      <= '0;
      refused_q           <= '0;
      issued_xlat_nq_q    <= '0;
      silver_turns_q      <= '0;
      quota_exhaustions_q <= '0;
      commit_advances_q   <= '0;
      timeout_advances_q  <= '0;
    end else begin
      next_seq_q   <= next_seq_q + SeqW'(arr_ok);
      silver_app_q <= app3;
      silver_cnt_q <= cnt3;
      thresh_q     <= thr2;
      elapsed_q    <= el_next;
      max_occ_q    <= max_occ_d;
      for (int q = 0; q < NumQ; q++) begin
        enq_q[q*StatWidth +: StatWidth] <= enq_q[q*StatWidth +: StatWidth] +
                                           StatWidth'(take_arr[q]);
        issued_q[q*StatWidth +: StatWidth] <= issued_q[q*StatWidth +: StatWidth] +
                                              StatWidth'(take_iss[q]);
        issued_hit_q[q*StatWidth +: StatWidth] <= issued_hit_q[q*StatWidth +: StatWidth] +
                                                  StatWidth'(take_iss[q] && q_hit[q]);
        occ_sum_q[q*StatWidth +: StatWidth] <= occ_sum_q[q*StatWidth +: StatWidth] +
                                               StatWidth'(occ[q*CntW +: CntW]);
      end
      gq_overflows_q      <= gq_overflows_q + StatWidth'(arr_ok && arr_x);
      refused_q           <= refused_q + StatWidth'(arr_valid_i && !arr_ok);
      issued_xlat_nq_q    <= issued_xlat_nq_q + StatWidth'(iss_ok && q_xlat[iss_q]);
      silver_turns_q      <= silver_turns_q + StatWidth'(to_fire) + StatWidth'(commit_adv) +
                             StatWidth'(exhaust);
      quota_exhaustions_q <= quota_exhaustions_q + StatWidth'(exhaust);
      commit_advances_q   <= commit_advances_q + StatWidth'(commit_adv);
      timeout_advances_q  <= timeout_advances_q + StatWidth'(to_fire);
    end
  end

  assign occ_o               = occ;
  assign max_occ_o           = max_occ_q;
  assign enq_o               = enq_q;
  assign issued_o            = issued_q;
  assign issued_hit_o        = issued_hit_q;
  assign occ_sum_o           = occ_sum_q;
  assign gq_overflows_o      = gq_overflows_q;
  assign refused_o           = refused_q;
  assign issued_xlat_nq_o    = issued_xlat_nq_q;
  assign silver_turns_o      = silver_turns_q;
  assign quota_exhaustions_o = quota_exhaustions_q;
  assign commit_advances_o   = commit_advances_q;
  assign timeout_advances_o  = timeout_advances_q;

  ////////////////
  // Assertions //
  ////////////////

  // The Silver application is always one of the NApps; its count stays below its quota
  // (a turn ends when the count reaches it), unless the quota is 0 and no application has one.
  `XL_ASSERT(SilverAppRange, silver_app_q < AppW'(NApps), clk_i, rst_ni)
  `XL_ASSERT(SilverCntBelowQuota,
             (silver_cnt_q < thresh_q[silver_app_q*ThreshW +: ThreshW]) || silver_cnt_q == '0,
             clk_i, rst_ni)
  // The timeout's counter never passes T (form difference 3); where ElW bits cannot exceed T
  // the check is left out (a constant comparison).
  if (SilverTimeout > 0 && (1 << ElW) - 1 > SilverTimeout) begin : g_el_chk
    `XL_ASSERT(ElapsedBound, 32'(elapsed_q) <= SilverTimeout, clk_i, rst_ni)
  end
  // Only a queue with a candidate issues, and Golden's candidate always beats the others.
  `XL_ASSERT(IssueFromFound, !iss_ok || q_found[iss_q], clk_i, rst_ni)
  `XL_ASSERT_KNOWN(IssKnown, {iss_valid_o, iss_queue_o, iss_slot_o}, clk_i, rst_ni)
  `XL_ASSERT_KNOWN(ArrKnown, {arr_ready_o, arr_queue_o, arr_slot_o}, clk_i, rst_ni)

endmodule
