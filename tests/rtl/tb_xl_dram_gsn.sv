// tb_xl_dram_gsn.sv - self-checking Icarus testbench of rtl/xl_dram_gsn.sv (one DRAM channel's
// Golden / Silver / Normal request queues, MASK ASPLOS'18 §5.4; the rules, the order within an
// edge and every tie are those of model/include/xlat/dram_gsn.h). Directed cases whose expected
// values are worked out by hand in the comments from the header's rules. Prints one
// "ok - ..." / "not ok - ..." line per check and exits non-zero ($fatal) if any failed. Run by
// tests/rtl/check_dram_gsn.sh.
//
// Three instances share the inputs (every case resets all of them first); the same small
// geometry (4 banks, GQ 2 / SQ 4 / NQ 6 entries, 3 applications, ThreshMax 9 so each quota
// starts at 3, 3-bit rows, 8-bit tags, 12-bit counters) and:
//   0 A  GqBackpressure 0, GqStrictHead 0, SilverTimeout 0 (off)
//   1 B  GqBackpressure 1, GqStrictHead 1, SilverTimeout 11 (the lockstep's "small" set)
//   2 C  GqBackpressure 0, GqStrictHead 0, SilverTimeout 3
// A and C differ only in the Silver timeout, so every pick is the same in both.
// Conventions: e<n> is the n-th edge after the reset (edge 0 is the C twin's clk 0): the
// Silver timeout fires at the edge e with e - S >= T, where S is the edge of the last turn
// start or accepted data arrival of the Silver application (0 after reset). Queues GQ 0,
// SQ 1, NQ 2. Seqs count accepted arrivals from 0. "x:y" in a comment is tag x in slot y.
// Inputs change while clk_i is low; outputs are checked 1 time unit later, before the edge.
`timescale 1ns / 1ps

module tb_xl_dram_gsn;

  localparam int NDut = 3;
  localparam int A = 0, B = 1, C = 2;
  localparam int Gq = 0, Sq = 1, Nq = 2;
  localparam int Banks = 4, RowW = 3, TagW = 8, NApps = 3, SW = 12;
  localparam int BankW = 2, SlotW = 3, CntW = 4;

  function automatic int cfg_bp(input int k);
    cfg_bp = (k == B) ? 1 : 0;
  endfunction
  function automatic int cfg_strict(input int k);
    cfg_strict = (k == B) ? 1 : 0;
  endfunction
  function automatic int cfg_timeout(input int k);
    case (k)
      B:       cfg_timeout = 11;
      C:       cfg_timeout = 3;
      default: cfg_timeout = 0;
    endcase
  endfunction
  function automatic string dut_name(input int k);
    case (k)
      A:       dut_name = "A";
      B:       dut_name = "B";
      default: dut_name = "C";
    endcase
  endfunction

  logic                  clk_i = 1'b0;
  logic                  rst_ni = 1'b1;
  logic                  arr_valid_i, arr_write_i;
  logic [BankW-1:0]      arr_bank_i;
  logic [RowW-1:0]       arr_row_i;
  logic [4:0]            arr_app_i;
  logic [2:0]            arr_depth_i;
  logic [TagW-1:0]       arr_tag_i;
  logic                  iss_en_i;
  logic [Banks-1:0]      bank_ready_i, open_valid_i;
  logic [Banks*RowW-1:0] open_row_i;
  logic                  quota_valid_i;
  logic [NApps*9-1:0]    quota_i;

  // Outputs of instance k (the same widths in every instance).
  logic             o_arr_ready [NDut];
  logic [1:0]       o_arr_queue [NDut];
  logic             o_arr_xlat [NDut];
  logic [SlotW-1:0] o_arr_slot [NDut];
  logic             o_iss_valid [NDut];
  logic [1:0]       o_iss_queue [NDut];
  logic [SlotW-1:0] o_iss_slot [NDut];
  logic             o_iss_hit [NDut];
  logic [BankW-1:0] o_iss_bank [NDut];
  logic [RowW-1:0]  o_iss_row [NDut];
  logic [4:0]       o_iss_app [NDut];
  logic [2:0]       o_iss_depth [NDut];
  logic             o_iss_write [NDut];
  logic             o_iss_xlat [NDut];
  logic [TagW-1:0]  o_iss_tag [NDut];
  logic [31:0]      o_iss_seq [NDut];
  logic [4:0]       o_silver_app [NDut];
  logic [8:0]       o_silver_cnt [NDut];
  logic [3*SW-1:0]  o_enq [NDut];
  logic [3*SW-1:0]  o_issued [NDut];
  logic [3*SW-1:0]  o_issued_hit [NDut];
  logic [3*SW-1:0]  o_occ_sum [NDut];
  logic [SW-1:0]    o_gq_overflows [NDut];
  logic [SW-1:0]    o_refused [NDut];
  logic [SW-1:0]    o_issued_xlat_nq [NDut];
  logic [SW-1:0]    o_silver_turns [NDut];
  logic [SW-1:0]    o_quota_exh [NDut];
  logic [SW-1:0]    o_commit_adv [NDut];
  logic [SW-1:0]    o_timeout_adv [NDut];
  logic [3*CntW-1:0] o_occ [NDut];
  logic [3*CntW-1:0] o_max_occ [NDut];

  for (genvar k = 0; k < NDut; k++) begin : g_dut
    xl_dram_gsn #(
      .Banks         (Banks),
      .GqEntries     (2),
      .SqEntries     (4),
      .NqEntries     (6),
      .NApps         (NApps),
      .ThreshMax     (9),
      .GqBackpressure(cfg_bp(k)),
      .GqStrictHead  (cfg_strict(k)),
      .SilverTimeout (cfg_timeout(k)),
      .RowW          (RowW),
      .TagW          (TagW),
      .StatWidth     (SW)
    ) u (
      .clk_i,
      .rst_ni,
      .arr_valid_i,
      .arr_bank_i,
      .arr_row_i,
      .arr_app_i,
      .arr_depth_i,
      .arr_write_i,
      .arr_tag_i,
      .arr_ready_o          (o_arr_ready[k]),
      .arr_queue_o          (o_arr_queue[k]),
      .arr_xlat_o           (o_arr_xlat[k]),
      .arr_slot_o           (o_arr_slot[k]),
      .iss_en_i,
      .bank_ready_i,
      .open_valid_i,
      .open_row_i,
      .iss_valid_o          (o_iss_valid[k]),
      .iss_queue_o          (o_iss_queue[k]),
      .iss_slot_o           (o_iss_slot[k]),
      .iss_hit_o            (o_iss_hit[k]),
      .iss_bank_o           (o_iss_bank[k]),
      .iss_row_o            (o_iss_row[k]),
      .iss_app_o            (o_iss_app[k]),
      .iss_depth_o          (o_iss_depth[k]),
      .iss_write_o          (o_iss_write[k]),
      .iss_xlat_o           (o_iss_xlat[k]),
      .iss_tag_o            (o_iss_tag[k]),
      .iss_seq_o            (o_iss_seq[k]),
      .quota_valid_i,
      .quota_i,
      .silver_app_o         (o_silver_app[k]),
      .silver_cnt_o         (o_silver_cnt[k]),
      .enq_o                (o_enq[k]),
      .issued_o             (o_issued[k]),
      .issued_hit_o         (o_issued_hit[k]),
      .occ_sum_o            (o_occ_sum[k]),
      .gq_overflows_o       (o_gq_overflows[k]),
      .refused_o            (o_refused[k]),
      .issued_xlat_nq_o     (o_issued_xlat_nq[k]),
      .silver_turns_o       (o_silver_turns[k]),
      .quota_exhaustions_o  (o_quota_exh[k]),
      .commit_advances_o    (o_commit_adv[k]),
      .timeout_advances_o   (o_timeout_adv[k]),
      .occ_o                (o_occ[k]),
      .max_occ_o            (o_max_occ[k])
    );
  end

  `include "xl_tb.svh"

  // check() of instance k, its name in the message.
  task automatic chk(input int k, input string name, input logic [63:0] got,
                     input logic [63:0] exp);
    check($sformatf("%s [%s]", name, dut_name(k)), got, exp);
  endtask

  // Queue q's field of a packed per-queue output.
  function automatic logic [SW-1:0] qs(input logic [3*SW-1:0] v, input int q);
    qs = v[q*SW +: SW];
  endfunction
  function automatic logic [CntW-1:0] qc(input logic [3*CntW-1:0] v, input int q);
    qc = v[q*CntW +: CntW];
  endfunction

  // open_row_i from bank 0..3's rows; the quota port from applications 0..2's quotas.
  function automatic logic [Banks*RowW-1:0] rows(input int r0, input int r1, input int r2,
                                                 input int r3);
    rows = {3'(r3), 3'(r2), 3'(r1), 3'(r0)};
  endfunction
  function automatic logic [NApps*9-1:0] quotas(input int a0, input int a1, input int a2);
    quotas = {9'(a2), 9'(a1), 9'(a0)};
  endfunction

  task automatic idle;
    arr_valid_i   = 1'b0;
    arr_bank_i    = '0;
    arr_row_i     = '0;
    arr_app_i     = '0;
    arr_depth_i   = '0;
    arr_write_i   = 1'b0;
    arr_tag_i     = '0;
    iss_en_i      = 1'b0;
    bank_ready_i  = '0;
    open_valid_i  = '0;
    open_row_i    = '0;
    quota_valid_i = 1'b0;
    quota_i       = '0;
  endtask

  `include "xl_tb_clock.svh"

  // n idle edges.
  task automatic idle_ticks(input int n);
    for (int i = 0; i < n; i++) tick();
  endtask

  // Present an arrival (no edge yet).
  task automatic offer(input int bank, input int row, input int app, input int depth,
                       input int tag);
    arr_valid_i = 1'b1;
    arr_bank_i  = BankW'(bank);
    arr_row_i   = RowW'(row);
    arr_app_i   = 5'(app);
    arr_depth_i = 3'(depth);
    arr_tag_i   = TagW'(tag);
  endtask

  // Present the issue inputs (no edge yet).
  task automatic bank_state(input logic [Banks-1:0] ready, input logic [Banks-1:0] ov,
                            input logic [Banks*RowW-1:0] orow);
    iss_en_i     = 1'b1;
    bank_ready_i = ready;
    open_valid_i = ov;
    open_row_i   = orow;
  endtask

  // The arrival outputs of instance k now: accepted into (queue, slot, xlat), or refused
  // (every arrival output 0).
  task automatic see_arr(input int k, input string name, input logic ready, input int queue,
                         input logic xlat, input int slot);
    chk(k, {name, ": arr_ready"}, 64'(o_arr_ready[k]), 64'(ready));
    chk(k, {name, ": arr_queue"}, 64'(o_arr_queue[k]), ready ? 64'(queue) : 64'd0);
    chk(k, {name, ": arr_xlat"}, 64'(o_arr_xlat[k]), ready ? 64'(xlat) : 64'd0);
    chk(k, {name, ": arr_slot"}, 64'(o_arr_slot[k]), ready ? 64'(slot) : 64'd0);
  endtask

  // An arrival every instance accepts alike (no xlat mark): checked, then the edge.
  task automatic put(input string name, input int bank, input int row, input int app,
                     input int depth, input int tag, input int queue, input int slot);
    offer(bank, row, app, depth, tag);
    #1;
    for (int k = 0; k < NDut; k++) see_arr(k, name, 1'b1, queue, 1'b0, slot);
    tick();
  endtask

  // The issue outputs of instance k now: the entry (queue, slot, hit, tag, seq).
  task automatic see_iss(input int k, input string name, input int queue, input int slot,
                         input logic hit, input int tag, input int seq);
    chk(k, {name, ": iss_valid"}, 64'(o_iss_valid[k]), 64'd1);
    chk(k, {name, ": iss_queue"}, 64'(o_iss_queue[k]), 64'(queue));
    chk(k, {name, ": iss_slot"}, 64'(o_iss_slot[k]), 64'(slot));
    chk(k, {name, ": iss_hit"}, 64'(o_iss_hit[k]), 64'(hit));
    chk(k, {name, ": iss_tag"}, 64'(o_iss_tag[k]), 64'(tag));
    chk(k, {name, ": iss_seq"}, 64'(o_iss_seq[k]), 64'(seq));
  endtask

  // No issue at instance k: iss_valid and every issue field 0.
  task automatic see_none(input int k, input string name);
    chk(k, {name, ": iss_valid 0"}, 64'(o_iss_valid[k]), 64'd0);
    chk(k, {name, ": iss fields 0"},
        64'({o_iss_queue[k], o_iss_slot[k], o_iss_hit[k], o_iss_bank[k], o_iss_row[k],
             o_iss_app[k], o_iss_depth[k], o_iss_write[k], o_iss_xlat[k], o_iss_tag[k]}) |
        64'(o_iss_seq[k]), 64'd0);
  endtask

  // The pick of every instance (the same entry in all), now, without an edge.
  task automatic pick_all(input string name, input logic [Banks-1:0] ready,
                          input logic [Banks-1:0] ov, input logic [Banks*RowW-1:0] orow,
                          input int queue, input int slot, input logic hit, input int tag,
                          input int seq);
    bank_state(ready, ov, orow);
    #1;
    for (int k = 0; k < NDut; k++) see_iss(k, name, queue, slot, hit, tag, seq);
    idle();
  endtask

  // The same pick in every instance, then the edge (the entry leaves).
  task automatic issue_all(input string name, input logic [Banks-1:0] ready,
                           input logic [Banks-1:0] ov, input logic [Banks*RowW-1:0] orow,
                           input int queue, input int slot, input logic hit, input int tag,
                           input int seq);
    bank_state(ready, ov, orow);
    #1;
    for (int k = 0; k < NDut; k++) see_iss(k, name, queue, slot, hit, tag, seq);
    tick();
  endtask

  // Silver state of instance k now (the state after this edge's timeout and commit; with
  // idle inputs and no timeout due, the state after the last edge).
  task automatic see_silver(input int k, input string name, input int app, input int cnt);
    chk(k, {name, ": silver_app"}, 64'(o_silver_app[k]), 64'(app));
    chk(k, {name, ": silver_cnt"}, 64'(o_silver_cnt[k]), 64'(cnt));
  endtask

  // Rotation counters of instance k.
  task automatic see_turns(input int k, input string name, input int turns, input int exh,
                           input int commits, input int timeouts);
    chk(k, {name, ": silver_turns"}, 64'(o_silver_turns[k]), 64'(turns));
    chk(k, {name, ": quota_exhaustions"}, 64'(o_quota_exh[k]), 64'(exh));
    chk(k, {name, ": commit_advances"}, 64'(o_commit_adv[k]), 64'(commits));
    chk(k, {name, ": timeout_advances"}, 64'(o_timeout_adv[k]), 64'(timeouts));
  endtask

  // Occupancy of instance k: occ and max_occ of GQ, SQ, NQ.
  task automatic see_occ(input int k, input string name, input int g, input int s, input int n,
                         input int mg, input int ms, input int mn);
    chk(k, {name, ": occ GQ"}, 64'(qc(o_occ[k], Gq)), 64'(g));
    chk(k, {name, ": occ SQ"}, 64'(qc(o_occ[k], Sq)), 64'(s));
    chk(k, {name, ": occ NQ"}, 64'(qc(o_occ[k], Nq)), 64'(n));
    chk(k, {name, ": max_occ GQ"}, 64'(qc(o_max_occ[k], Gq)), 64'(mg));
    chk(k, {name, ": max_occ SQ"}, 64'(qc(o_max_occ[k], Sq)), 64'(ms));
    chk(k, {name, ": max_occ NQ"}, 64'(qc(o_max_occ[k], Nq)), 64'(mn));
  endtask

  // A per-queue counter of instance k: GQ, SQ, NQ values.
  task automatic see_q3(input int k, input string name, input logic [3*SW-1:0] v, input int g,
                        input int s, input int n);
    chk(k, {name, " GQ"}, 64'(qs(v, Gq)), 64'(g));
    chk(k, {name, " SQ"}, 64'(qs(v, Sq)), 64'(s));
    chk(k, {name, " NQ"}, 64'(qs(v, Nq)), 64'(n));
  endtask

  localparam logic [Banks-1:0] All = 4'b1111, None = 4'b0000;

  initial begin
    idle();

    // ------------------------------------------------------------ 1. reset
    // After reset: every queue empty, Silver application 0 with count 0, counters 0. An
    // issue with every bank ready finds nothing; an arrival port with valid low reads 0.
    reset();
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_silver(k, "reset", 0, 0);
      see_occ(k, "reset", 0, 0, 0, 0, 0, 0);
      see_turns(k, "reset", 0, 0, 0, 0);
      see_q3(k, "reset: enq", o_enq[k], 0, 0, 0);
      see_q3(k, "reset: issued", o_issued[k], 0, 0, 0);
      see_q3(k, "reset: occ_sum", o_occ_sum[k], 0, 0, 0);
      chk(k, "reset: refused", 64'(o_refused[k]), 64'd0);
      chk(k, "reset: gq_overflows", 64'(o_gq_overflows[k]), 64'd0);
    end
    bank_state(All, All, rows(1, 2, 3, 4));
    offer(1, 2, 0, 0, 8'h55);
    arr_valid_i = 1'b0;
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_none(k, "reset: empty queues, every bank ready");
      see_arr(k, "reset: arr_valid low", 1'b0, 0, 1'b0, 0);
    end
    idle();

    // ------------------------------------------------------------ 2. GQ beats SQ/NQ
    // A translation request overtaking older row hits in its bank. Bank 1, open row 2:
    //   e0  data, app 0 (the Silver app, count 0 < quota 3) row 2  -> SQ 0x10:0, seq 0
    //   e1  data, app 1 (not Silver), write, row 2                 -> NQ 0x11:0, seq 1
    //   e2  translation (depth 1), app 1, row 5                    -> GQ 0x12:0, seq 2
    //   e3  issue: GQ first (a miss, the youngest), e4 SQ (hit), e5 NQ (hit), e6 nothing.
    // occ_sum adds each queue's occupancy before every edge after e0 (one clock each):
    //   GQ 0+0+1+0+0 = 1, SQ 1+1+1+1+0 = 4, NQ 0+1+1+1+1 = 4.
    reset();
    put("gq first: data of the Silver app", 1, 2, 0, 0, 8'h10, Sq, 0);
    #1;
    for (int k = 0; k < NDut; k++) see_silver(k, "gq first: Silver count counts", 0, 1);
    offer(1, 2, 1, 0, 8'h11);
    arr_write_i = 1'b1;
    #1;
    for (int k = 0; k < NDut; k++) see_arr(k, "gq first: data of app 1", 1'b1, Nq, 1'b0, 0);
    tick();
    put("gq first: translation", 1, 5, 1, 1, 8'h12, Gq, 0);
    bank_state(4'b0010, 4'b0010, rows(0, 2, 0, 0));
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_iss(k, "gq first: translation overtakes older row hits", Gq, 0, 1'b0, 8'h12, 2);
      chk(k, "gq first: iss_bank", 64'(o_iss_bank[k]), 64'd1);
      chk(k, "gq first: iss_row", 64'(o_iss_row[k]), 64'd5);
      chk(k, "gq first: iss_depth", 64'(o_iss_depth[k]), 64'd1);
      chk(k, "gq first: iss_app", 64'(o_iss_app[k]), 64'd1);
      chk(k, "gq first: iss_xlat", 64'(o_iss_xlat[k]), 64'd0);
    end
    tick();
    issue_all("gq first: then SQ's row hit", 4'b0010, 4'b0010, rows(0, 2, 0, 0),
              Sq, 0, 1'b1, 8'h10, 0);
    bank_state(4'b0010, 4'b0010, rows(0, 2, 0, 0));
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_iss(k, "gq first: then NQ's row hit", Nq, 0, 1'b1, 8'h11, 1);
      chk(k, "gq first: write carried", 64'(o_iss_write[k]), 64'd1);
      chk(k, "gq first: NQ entry app", 64'(o_iss_app[k]), 64'd1);
    end
    tick();
    bank_state(4'b0010, 4'b0010, rows(0, 2, 0, 0));
    #1;
    for (int k = 0; k < NDut; k++) see_none(k, "gq first: drained");
    idle();
    for (int k = 0; k < NDut; k++) begin
      see_q3(k, "gq first: enq", o_enq[k], 1, 1, 1);
      see_q3(k, "gq first: issued", o_issued[k], 1, 1, 1);
      see_q3(k, "gq first: issued_hit", o_issued_hit[k], 0, 1, 1);
      see_q3(k, "gq first: occ_sum", o_occ_sum[k], 1, 4, 4);
      see_occ(k, "gq first", 0, 0, 0, 1, 1, 1);
      chk(k, "gq first: issued_xlat_nq", 64'(o_issued_xlat_nq[k]), 64'd0);
    end

    // ------------------------------------------------------------ 3. FIFO vs FR-FCFS
    // GQ is FIFO per bank (no row-hit reordering); SQ and NQ are FR-FCFS (the oldest row
    // hit, else the oldest). Everything in bank 2, open row 3:
    //   e0..e2  data app 0, rows 1, 3, 3 -> SQ 0x30:0 (seq 0), 0x31:1 (1), 0x32:2 (2); the
    //           third reaches quota 3: a quota exhaustion, Silver app 1, count 0
    //   e3, e4  translation rows 1, 3    -> GQ 0x20:0 (3), 0x21:1 (4)
    //   e5, e6  data app 0 (no longer Silver; in C the timeout at e5 made app 2 Silver),
    //           rows 1, 3                -> NQ 0x40:0 (5), 0x41:1 (6)
    //   issue order: 0x20 (GQ head, a miss), 0x21 (hit), 0x31 (SQ's oldest hit), 0x32 (hit),
    //   0x30 (miss), 0x41 (NQ hit), 0x40 (miss).
    reset();
    put("fifo: SQ row 1", 2, 1, 0, 0, 8'h30, Sq, 0);
    put("fifo: SQ row 3", 2, 3, 0, 0, 8'h31, Sq, 1);
    offer(2, 3, 0, 0, 8'h32);
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_arr(k, "fifo: SQ row 3 again", 1'b1, Sq, 1'b0, 2);
      see_silver(k, "fifo: count 2 before the third", 0, 2);
    end
    tick();
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_silver(k, "fifo: quota 3 reached, app 1", 1, 0);
      see_turns(k, "fifo: a quota exhaustion", 1, 1, 0, 0);
    end
    put("fifo: GQ row 1", 2, 1, 0, 2, 8'h20, Gq, 0);
    put("fifo: GQ row 3", 2, 3, 0, 3, 8'h21, Gq, 1);
    put("fifo: NQ row 1", 2, 1, 0, 0, 8'h40, Nq, 0);
    put("fifo: NQ row 3", 2, 3, 0, 0, 8'h41, Nq, 1);
    issue_all("fifo: GQ head first, not its row hit", 4'b0100, 4'b0100, rows(0, 0, 3, 0),
              Gq, 0, 1'b0, 8'h20, 3);
    issue_all("fifo: then the next GQ entry", 4'b0100, 4'b0100, rows(0, 0, 3, 0),
              Gq, 1, 1'b1, 8'h21, 4);
    issue_all("fr-fcfs: SQ's oldest row hit before the older miss", 4'b0100, 4'b0100,
              rows(0, 0, 3, 0), Sq, 1, 1'b1, 8'h31, 1);
    issue_all("fr-fcfs: SQ's next row hit", 4'b0100, 4'b0100, rows(0, 0, 3, 0),
              Sq, 2, 1'b1, 8'h32, 2);
    issue_all("fr-fcfs: SQ's miss last", 4'b0100, 4'b0100, rows(0, 0, 3, 0),
              Sq, 0, 1'b0, 8'h30, 0);
    issue_all("fr-fcfs: NQ's younger row hit first", 4'b0100, 4'b0100, rows(0, 0, 3, 0),
              Nq, 1, 1'b1, 8'h41, 6);
    issue_all("fr-fcfs: NQ's miss", 4'b0100, 4'b0100, rows(0, 0, 3, 0),
              Nq, 0, 1'b0, 8'h40, 5);
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_q3(k, "fifo: issued", o_issued[k], 2, 3, 2);
      see_q3(k, "fifo: issued_hit", o_issued_hit[k], 1, 2, 1);
      see_occ(k, "fifo", 0, 0, 0, 2, 3, 2);
    end

    // ------------------------------------------------------------ 4. across banks
    // Class first, then a row hit, then the older.
    //   e0  data app 1, bank 0 row 2 -> NQ 0x50:0 (seq 0)
    //   e1  data app 0, bank 1 row 4 -> SQ 0x51:0 (1)
    //   e2  data app 0, bank 2 row 6 -> SQ 0x52:1 (2)
    //   e3  translation, bank 3 row 0 -> GQ 0x53:0 (3)
    // Picks at e4 (no edge), open rows 2, 7, 6, 1 (every bank open unless said):
    //   all ready           GQ 0x53 (the youngest, a miss: class first)
    //   banks 0-2           SQ 0x52 (bank 2's hit before bank 1's older miss)
    //   banks 0, 1          SQ 0x51 (a miss before NQ's row hit: class before hit)
    //   bank 0              NQ 0x50 (hit)
    //   banks 1, 2 rows 4, 6: both hit -> the older 0x51
    //   banks 1, 2, none open (rows 4, 6 on open_row, ignored): both miss -> 0x51, miss
    //   banks 1, 2, bank 2 open at 6: 0x52 (the hit)
    //   no bank ready, or iss_en low: nothing.
    // Then the drain with all ready: 0x53, SQ 0x52, SQ 0x51 (GQ empty), NQ 0x50 (GQ, SQ empty).
    reset();
    put("banks: NQ bank 0", 0, 2, 1, 0, 8'h50, Nq, 0);
    put("banks: SQ bank 1", 1, 4, 0, 0, 8'h51, Sq, 0);
    put("banks: SQ bank 2", 2, 6, 0, 0, 8'h52, Sq, 1);
    put("banks: GQ bank 3", 3, 0, 1, 2, 8'h53, Gq, 0);
    pick_all("banks: class first, GQ's youngest miss", All, All, rows(2, 7, 6, 1),
             Gq, 0, 1'b0, 8'h53, 3);
    pick_all("banks: then a row hit, bank 2 over bank 1's older miss", 4'b0111, All,
             rows(2, 7, 6, 1), Sq, 1, 1'b1, 8'h52, 2);
    pick_all("banks: class before hit, SQ miss over NQ hit", 4'b0011, All, rows(2, 7, 6, 1),
             Sq, 0, 1'b0, 8'h51, 1);
    pick_all("banks: NQ alone", 4'b0001, All, rows(2, 7, 6, 1), Nq, 0, 1'b1, 8'h50, 0);
    pick_all("banks: two hits, the older", 4'b0110, All, rows(2, 4, 6, 1),
             Sq, 0, 1'b1, 8'h51, 1);
    pick_all("banks: two misses (rows not open), the older", 4'b0110, None, rows(2, 4, 6, 1),
             Sq, 0, 1'b0, 8'h51, 1);
    pick_all("banks: one open row hit", 4'b0110, 4'b0100, rows(2, 4, 6, 1),
             Sq, 1, 1'b1, 8'h52, 2);
    bank_state(None, All, rows(2, 7, 6, 1));
    #1;
    for (int k = 0; k < NDut; k++) see_none(k, "banks: no bank ready");
    bank_state(All, All, rows(2, 7, 6, 1));
    iss_en_i = 1'b0;
    #1;
    for (int k = 0; k < NDut; k++) see_none(k, "banks: iss_en low");
    idle();
    issue_all("banks: drain GQ", All, All, rows(2, 7, 6, 1), Gq, 0, 1'b0, 8'h53, 3);
    issue_all("empty GQ: SQ issues (its hit)", All, All, rows(2, 7, 6, 1),
              Sq, 1, 1'b1, 8'h52, 2);
    issue_all("empty GQ: SQ issues (its miss)", All, All, rows(2, 7, 6, 1),
              Sq, 0, 1'b0, 8'h51, 1);
    issue_all("empty GQ and SQ: NQ issues", All, All, rows(2, 7, 6, 1),
              Nq, 0, 1'b1, 8'h50, 0);
    bank_state(All, All, rows(2, 7, 6, 1));
    #1;
    for (int k = 0; k < NDut; k++) see_none(k, "banks: all drained");
    idle();

    // ------------------------------------------------------------ 5. Silver rotation
    // Quotas 2, 0, 1 (committed at e0: app 0's count 0 < 2, no advance):
    //   e1, e2  data app 0 -> SQ 0x60:0, 0x61:1; count 1, 2 = quota: exhaustion, advance
    //           skips app 1 (quota 0) -> app 2
    //   e3      data app 0 -> NQ 0x62:0 (not Silver any more; count stays 0)
    //   e4      data app 2 -> SQ 0x63:2; count 1 = quota 1: exhaustion -> app 0
    //   e5      data app 1 -> NQ 0x64:1 (app 1 is never Silver)
    //   e6      data app 0 -> SQ 0x65:3, count 1
    // No gap of 3 edges without a turn or a Silver data arrival: C's timeout never fires.
    reset();
    quota_valid_i = 1'b1;
    quota_i = quotas(2, 0, 1);
    #1;
    for (int k = 0; k < NDut; k++) see_silver(k, "silver: commit without advance", 0, 0);
    tick();
    put("silver: app 0 into SQ", 0, 0, 0, 0, 8'h60, Sq, 0);
    offer(0, 0, 0, 0, 8'h61);
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_silver(k, "silver: count 1 before the second", 0, 1);
      see_arr(k, "silver: app 0 reaches its quota", 1'b1, Sq, 1'b0, 1);
    end
    tick();
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_silver(k, "silver: rotation skips app 1 (quota 0)", 2, 0);
      see_turns(k, "silver: first exhaustion", 1, 1, 0, 0);
    end
    put("silver: app 0 after its turn goes to NQ", 0, 0, 0, 0, 8'h62, Nq, 0);
    #1;
    for (int k = 0; k < NDut; k++) see_silver(k, "silver: NQ arrival leaves the count", 2, 0);
    put("silver: app 2 into SQ", 0, 0, 2, 0, 8'h63, Sq, 2);
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_silver(k, "silver: quota 1 exhausted, back to app 0", 0, 0);
      see_turns(k, "silver: second exhaustion", 2, 2, 0, 0);
    end
    put("silver: app 1 (quota 0) to NQ", 0, 0, 1, 0, 8'h64, Nq, 1);
    put("silver: app 0 again into SQ", 0, 0, 0, 0, 8'h65, Sq, 3);
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_silver(k, "silver: app 0 count 1", 0, 1);
      see_q3(k, "silver: enq", o_enq[k], 0, 4, 2);
    end

    // ------------------------------------------------------------ 6. quota commits
    // Quotas 3, 3, 3 after reset.
    //   e0, e1  data app 0 -> SQ 0x70:0, 0x71:1 (count 2)
    //   e2      commit 2, 1, 1: count 2 >= quota 2 -> advance to app 1 (a commit advance);
    //           the same edge's data arrival of app 1 sees app 1 with count 0 < 1 -> SQ
    //           0x72:2, count 1 = quota: exhaustion -> app 2
    //   e3      commit 0, 5, 0: app 2's quota is 0 -> advance, skipping app 0 -> app 1
    //   e4      commit 0, 0, 0: app 1's quota 0 -> advance; no app has a quota, so it comes
    //           back to app 1; the same edge's data arrival of app 1 -> NQ 0x73:0 (count
    //           0 is not below quota 0)
    reset();
    put("commit: app 0 into SQ", 0, 0, 0, 0, 8'h70, Sq, 0);
    put("commit: app 0 into SQ again", 0, 0, 0, 0, 8'h71, Sq, 1);
    quota_valid_i = 1'b1;
    quota_i = quotas(2, 1, 1);
    offer(0, 0, 1, 0, 8'h72);
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_silver(k, "commit: count 2 >= new quota 2 advances", 1, 0);
      see_arr(k, "commit: same-edge arrival sees the committed state", 1'b1, Sq, 1'b0, 2);
    end
    tick();
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_silver(k, "commit: then app 1's quota 1 exhausted", 2, 0);
      see_turns(k, "commit: a commit advance and an exhaustion", 2, 1, 1, 0);
    end
    quota_valid_i = 1'b1;
    quota_i = quotas(0, 5, 0);
    #1;
    for (int k = 0; k < NDut; k++)
      see_silver(k, "commit: quota 0 of the Silver app advances, skipping app 0", 1, 0);
    tick();
    quota_valid_i = 1'b1;
    quota_i = quotas(0, 0, 0);
    offer(0, 0, 1, 0, 8'h73);
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_silver(k, "commit: all quotas 0, back where it started", 1, 0);
      see_arr(k, "commit: quota 0, data to NQ", 1'b1, Nq, 1'b0, 0);
    end
    tick();
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_turns(k, "commit: three commit advances", 4, 1, 3, 0);
      see_silver(k, "commit: an NQ arrival leaves the count", 1, 0);
    end

    // ------------------------------------------------------------ 7. Silver timeout
    // C (T 3): turns at e3 (app 1) and e6 (app 2); at e7 a data arrival of app 2 (Silver in
    // C: SQ 0x80:0, S = 7; in A and B app 0 is Silver: NQ 0x80:0, and B's S stays 0); e8 a
    // translation of app 2 (GQ 0x81:0; no restart); e9 data app 0 (C: NQ 0x82:0; A, B: SQ
    // 0x82:0, B's S = 9). C's next turn is at e10 (10 - 7 = 3, not e9): app 0. Then C turns
    // at e13, e16, e19 (apps 1, 2, 0). B (T 11) turns at e20 (20 - 9), not at e11: app 1.
    // e22: C's timeout (22 - 19, its 7th) gives app 1, then the same edge's commit of quotas 3, 0, 3
    // advances again (app 1's quota 0) to app 2. B at e22: app 1 (S = 20); the commit
    // advances it to app 2. A: app 0, count 1 < 3: no advance.
    reset();
    idle_ticks(3);
    #1;
    see_silver(C, "timeout: C's turn passes at e3", 1, 0);
    see_silver(B, "timeout: B not yet at e3", 0, 0);
    see_silver(A, "timeout: A has none", 0, 0);
    tick();
    idle_ticks(2);
    #1;
    see_silver(C, "timeout: C's second turn at e6", 2, 0);
    tick();
    offer(0, 0, 2, 0, 8'h80);
    #1;
    see_arr(C, "timeout: C's Silver app 2 data into SQ", 1'b1, Sq, 1'b0, 0);
    see_arr(A, "timeout: app 2 data to NQ", 1'b1, Nq, 1'b0, 0);
    see_arr(B, "timeout: app 2 data to NQ", 1'b1, Nq, 1'b0, 0);
    tick();
    put("timeout: a translation of app 2", 0, 0, 2, 1, 8'h81, Gq, 0);
    offer(0, 0, 0, 0, 8'h82);
    #1;
    see_silver(C, "timeout: C's data arrival at e7 restarted it (no turn at e9)", 2, 1);
    see_arr(C, "timeout: app 0 data to NQ", 1'b1, Nq, 1'b0, 0);
    see_arr(A, "timeout: app 0 data into SQ", 1'b1, Sq, 1'b0, 0);
    see_arr(B, "timeout: app 0 data into SQ", 1'b1, Sq, 1'b0, 0);
    tick();
    #1;
    see_silver(C, "timeout: C's turn 3 edges after the arrival (e10)", 0, 0);
    see_silver(B, "timeout: B count 1", 0, 1);
    tick();
    #1;
    see_silver(B, "timeout: B's arrival at e9 restarted it (no turn at e11)", 0, 1);
    idle_ticks(8);
    #1;
    see_silver(B, "timeout: B not yet at e19", 0, 1);
    see_silver(C, "timeout: C at e19 (turns e13, e16, e19)", 0, 0);
    tick();
    #1;
    see_silver(B, "timeout: B's turn at e20", 1, 0);
    see_turns(C, "timeout: C's turns by e19", 6, 0, 0, 6);
    tick();
    #1;
    see_turns(B, "timeout: B's turn at e20 counted", 1, 0, 0, 1);
    tick();
    quota_valid_i = 1'b1;
    quota_i = quotas(3, 0, 3);
    #1;
    see_silver(C, "timeout then commit in one edge: C", 2, 0);
    see_silver(B, "timeout then commit: B", 2, 0);
    see_silver(A, "timeout then commit: A keeps app 0", 0, 1);
    tick();
    #1;
    see_turns(C, "timeout then commit: C", 8, 0, 1, 7);
    see_turns(B, "timeout then commit: B", 2, 0, 1, 1);
    see_turns(A, "timeout then commit: A", 0, 0, 0, 0);

    // ------------------------------------------------------------ 8. full GQ
    //   e0  data app 0, bank 2 row 3 -> SQ 0x93:0 (seq 0)
    //   e1  translation bank 0 -> GQ 0x90:0 (1); e2 bank 1 -> GQ 0x91:1 (2)
    //   e3  translation (depth 4), bank 2 row 3, GQ full:
    //       A, C (GqBackpressure 0): NQ 0x92:0 marked xlat (seq 3), a gq_overflow;
    //       B (GqBackpressure 1): refused, all arrival outputs 0, refused 1.
    //   issue, all banks ready, no row open: GQ 0x90 (older), GQ 0x91, SQ 0x93 (the xlat
    //   NQ entry is older but ranks as NQ), then A, C: NQ 0x92 with iss_xlat; B: nothing.
    reset();
    put("full GQ: SQ entry", 2, 3, 0, 0, 8'h93, Sq, 0);
    put("full GQ: GQ slot 0", 0, 1, 1, 1, 8'h90, Gq, 0);
    put("full GQ: GQ slot 1", 1, 1, 1, 1, 8'h91, Gq, 1);
    offer(2, 3, 1, 4, 8'h92);
    #1;
    see_arr(A, "full GQ, GqBackpressure 0: translation to NQ marked xlat", 1'b1, Nq, 1'b1, 0);
    see_arr(C, "full GQ, GqBackpressure 0: translation to NQ marked xlat", 1'b1, Nq, 1'b1, 0);
    see_arr(B, "full GQ, GqBackpressure 1: refused", 1'b0, 0, 1'b0, 0);
    tick();
    #1;
    for (int k = 0; k < NDut; k++) begin
      chk(k, "full GQ: gq_overflows", 64'(o_gq_overflows[k]), cfg_bp(k) ? 64'd0 : 64'd1);
      chk(k, "full GQ: refused", 64'(o_refused[k]), cfg_bp(k) ? 64'd1 : 64'd0);
      see_q3(k, "full GQ: enq", o_enq[k], 2, 1, cfg_bp(k) ? 0 : 1);
    end
    issue_all("full GQ: GQ's older", All, None, rows(0, 0, 0, 0), Gq, 0, 1'b0, 8'h90, 1);
    issue_all("full GQ: GQ's younger", All, None, rows(0, 0, 0, 0), Gq, 1, 1'b0, 8'h91, 2);
    issue_all("full GQ: SQ before the older xlat NQ entry", All, None, rows(0, 0, 0, 0),
              Sq, 0, 1'b0, 8'h93, 0);
    bank_state(All, None, rows(0, 0, 0, 0));
    #1;
    for (int k = 0; k < NDut; k++)
      if (cfg_bp(k) == 0) begin
        see_iss(k, "full GQ: the xlat NQ entry", Nq, 0, 1'b0, 8'h92, 3);
        chk(k, "full GQ: iss_xlat", 64'(o_iss_xlat[k]), 64'd1);
        chk(k, "full GQ: iss_depth", 64'(o_iss_depth[k]), 64'd4);
      end else begin
        see_none(k, "full GQ: nothing left");
      end
    tick();
    #1;
    for (int k = 0; k < NDut; k++)
      chk(k, "full GQ: issued_xlat_nq", 64'(o_issued_xlat_nq[k]), cfg_bp(k) ? 64'd0 : 64'd1);

    // ------------------------------------------------------------ 9. GqStrictHead
    //   e0  translation bank 0 row 0 -> GQ 0xA0:0 (seq 0)
    //   e1  translation bank 1 row 5 -> GQ 0xA1:1 (1)
    //   e2  data app 0 bank 1 -> SQ 0xA2:0 (2)
    //   e3  data app 2 bank 2 -> NQ 0xA3:0 (3)
    // Picks at e4 (no edge):
    //   bank 1 ready: A, C: GQ 0xA1 (bank 1's GQ head); B (strict): GQ's oldest 0xA0 is in
    //                 busy bank 0, so GQ waits and bank 1's SQ 0xA2 goes
    //   bank 2 ready: NQ 0xA3 in all
    //   banks 0, 1, bank 1 open at 5: A, C: 0xA1 (a hit before the older miss); B: 0xA0
    //   banks 0, 1, none open: 0xA0 in all (the older)
    // Edges: e4 bank 1 ready: A, C issue 0xA1, B 0xA2. e5 bank 1 ready: A, C: SQ 0xA2; B:
    // nothing (0xA1 waits behind the head 0xA0). e6 bank 0: 0xA0 in all. e7 bank 1: B: 0xA1
    // (now the head); A, C: nothing.
    reset();
    put("strict: GQ bank 0", 0, 0, 1, 1, 8'hA0, Gq, 0);
    put("strict: GQ bank 1", 1, 5, 1, 1, 8'hA1, Gq, 1);
    put("strict: SQ bank 1", 1, 0, 0, 0, 8'hA2, Sq, 0);
    put("strict: NQ bank 2", 2, 0, 2, 0, 8'hA3, Nq, 0);
    bank_state(4'b0010, None, rows(0, 0, 0, 0));
    #1;
    see_iss(A, "strict off: bank 1's GQ head", Gq, 1, 1'b0, 8'hA1, 1);
    see_iss(C, "strict off: bank 1's GQ head", Gq, 1, 1'b0, 8'hA1, 1);
    see_iss(B, "GqStrictHead: GQ head's bank busy, bank 1's SQ goes", Sq, 0, 1'b0, 8'hA2, 2);
    idle();
    pick_all("strict: NQ in bank 2", 4'b0100, None, rows(0, 0, 0, 0), Nq, 0, 1'b0, 8'hA3, 3);
    bank_state(4'b0011, 4'b0010, rows(0, 5, 0, 0));
    #1;
    see_iss(A, "strict off: GQ row hit across banks", Gq, 1, 1'b1, 8'hA1, 1);
    see_iss(C, "strict off: GQ row hit across banks", Gq, 1, 1'b1, 8'hA1, 1);
    see_iss(B, "GqStrictHead: only the oldest GQ entry", Gq, 0, 1'b0, 8'hA0, 0);
    idle();
    pick_all("strict: two GQ misses, the older", 4'b0011, None, rows(0, 0, 0, 0),
             Gq, 0, 1'b0, 8'hA0, 0);
    bank_state(4'b0010, None, rows(0, 0, 0, 0));
    #1;
    see_iss(A, "strict off: issue bank 1's GQ head", Gq, 1, 1'b0, 8'hA1, 1);
    see_iss(C, "strict off: issue bank 1's GQ head", Gq, 1, 1'b0, 8'hA1, 1);
    see_iss(B, "GqStrictHead: issue bank 1's SQ", Sq, 0, 1'b0, 8'hA2, 2);
    tick();
    bank_state(4'b0010, None, rows(0, 0, 0, 0));
    #1;
    see_iss(A, "strict off: then bank 1's SQ", Sq, 0, 1'b0, 8'hA2, 2);
    see_iss(C, "strict off: then bank 1's SQ", Sq, 0, 1'b0, 8'hA2, 2);
    see_none(B, "GqStrictHead: a younger GQ entry in a ready bank waits");
    tick();
    issue_all("strict: the head in bank 0", 4'b0001, None, rows(0, 0, 0, 0),
              Gq, 0, 1'b0, 8'hA0, 0);
    bank_state(4'b0010, None, rows(0, 0, 0, 0));
    #1;
    see_iss(B, "GqStrictHead: the younger GQ entry is now the head", Gq, 1, 1'b0, 8'hA1, 1);
    see_none(A, "strict off: bank 1 empty");
    see_none(C, "strict off: bank 1 empty");
    tick();

    // ------------------------------------------------------------ 10. all queues full
    //   e0        commit quotas 9, 0, 0 (app 0 keeps the turn: count 0 < 9)
    //   e1..e4    data app 0, bank 0 -> SQ 0xB0..0xB3 in slots 0..3 (count 4)
    //   e5        data app 0, bank 3: SQ full (count 4 < 9) -> NQ 0xB4:0
    //   e6..e10   data app 1, bank 3 -> NQ 0xB5..0xB9 in slots 1..5
    //   e11, e12  translation, bank 1 -> GQ 0xBA:0, 0xBB:1
    //   e13..e15  data app 0, a translation, data app 1: every one refused (a full GQ sends
    //             to a full NQ in A and C); refused 3, gq_overflows 0.
    // occ_sum after e15 (occupancy after e0..e14): GQ 1 + 3 x 2 = 7, SQ 1 + 2 + 3 + 11 x 4 =
    // 50, NQ 1 + 2 + 3 + 4 + 5 + 5 x 6 = 45.
    //   e16  issue with only bank 3 ready (NQ's oldest, 0xB4:0, leaves) and an arrival of app
    //        1: refused, NQ was full before the edge (the freed slot is not reusable yet)
    //   e17  the same arrival -> NQ slot 0
    // Then occ_sum after e17: GQ 7 + 2 + 2 = 11, SQ 50 + 4 + 4 = 58, NQ 45 + 6 + 5 = 56, and
    // 1010 idle edges add 2, 4, 6 each: GQ 2031, SQ 4098 mod 4096 = 2, NQ 6116 mod 4096 = 2020.
    reset();
    quota_valid_i = 1'b1;
    quota_i = quotas(9, 0, 0);
    tick();
    for (int i = 0; i < 4; i++)
      put($sformatf("full: SQ slot %0d", i), 0, 0, 0, 0, 8'hB0 + i, Sq, i);
    #1;
    for (int k = 0; k < NDut; k++) see_silver(k, "full: count 4 of quota 9", 0, 4);
    put("full: SQ full, Silver data to NQ", 3, 0, 0, 0, 8'hB4, Nq, 0);
    for (int i = 1; i < 6; i++)
      put($sformatf("full: NQ slot %0d", i), 3, 0, 1, 0, 8'hB4 + i, Nq, i);
    put("full: GQ slot 0", 1, 0, 1, 1, 8'hBA, Gq, 0);
    put("full: GQ slot 1", 1, 0, 1, 1, 8'hBB, Gq, 1);
    offer(0, 0, 0, 0, 8'hBC);
    #1;
    for (int k = 0; k < NDut; k++) see_arr(k, "all full: Silver data refused", 1'b0, 0, 1'b0, 0);
    tick();
    offer(1, 0, 1, 2, 8'hBD);
    #1;
    for (int k = 0; k < NDut; k++) see_arr(k, "all full: translation refused", 1'b0, 0, 1'b0, 0);
    tick();
    offer(2, 0, 1, 0, 8'hBE);
    #1;
    for (int k = 0; k < NDut; k++) see_arr(k, "all full: data refused", 1'b0, 0, 1'b0, 0);
    tick();
    #1;
    for (int k = 0; k < NDut; k++) begin
      chk(k, "all full: refused", 64'(o_refused[k]), 64'd3);
      chk(k, "all full: gq_overflows", 64'(o_gq_overflows[k]), 64'd0);
      see_q3(k, "all full: enq", o_enq[k], 2, 4, 6);
      see_occ(k, "all full", 2, 4, 6, 2, 4, 6);
      see_q3(k, "all full: occ_sum", o_occ_sum[k], 7, 50, 45);
    end
    bank_state(4'b1000, None, rows(0, 0, 0, 0));
    offer(3, 0, 1, 0, 8'hBF);
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_iss(k, "same edge: NQ's oldest leaves", Nq, 0, 1'b0, 8'hB4, 4);
      see_arr(k, "same edge: a slot freed by this edge's issue is not reusable", 1'b0, 0,
              1'b0, 0);
    end
    tick();
    put("next edge: the freed slot", 3, 0, 1, 0, 8'hBF, Nq, 0);
    #1;
    for (int k = 0; k < NDut; k++) begin
      chk(k, "same edge: refused", 64'(o_refused[k]), 64'd4);
      see_occ(k, "after the refill", 2, 4, 6, 2, 4, 6);
      see_q3(k, "after the refill: occ_sum", o_occ_sum[k], 11, 58, 56);
      see_q3(k, "after the refill: enq", o_enq[k], 2, 4, 7);
    end
    idle_ticks(1010);
    #1;
    for (int k = 0; k < NDut; k++)
      see_q3(k, "occ_sum modulo 2^StatWidth", o_occ_sum[k], 2031, 2, 2020);

    // ------------------------------------------------------------ 11. lowest free slot
    // Quotas 9, 0, 0 (so data of apps 1 and 2 always goes to NQ, in C too).
    //   e1..e4  data app 1 -> NQ 0xC0..0xC3 in slots 0..3, banks 0..3 (seqs 0..3)
    //   e5      bank 2 ready: slot 2 leaves; e6 bank 1 ready: slot 1 leaves
    //   e7, e8, e9  arrivals (bank 0) -> slots 1, 2, 4 (the lowest free each time)
    //   e10     bank 0 ready: its oldest, 0xC0:0 (seq 0) leaves; the same edge's arrival
    //           takes slot 5, the lowest free before the edge, not slot 0
    //   e11     an arrival -> slot 0
    reset();
    quota_valid_i = 1'b1;
    quota_i = quotas(9, 0, 0);
    tick();
    for (int i = 0; i < 4; i++)
      put($sformatf("lowest: NQ slot %0d", i), i, 0, 1, 0, 8'hC0 + i, Nq, i);
    issue_all("lowest: bank 2's entry leaves", 4'b0100, None, rows(0, 0, 0, 0),
              Nq, 2, 1'b0, 8'hC2, 2);
    issue_all("lowest: bank 1's entry leaves", 4'b0010, None, rows(0, 0, 0, 0),
              Nq, 1, 1'b0, 8'hC1, 1);
    put("lowest free slot: 1", 0, 0, 2, 0, 8'hC4, Nq, 1);
    put("lowest free slot: 2", 0, 0, 1, 0, 8'hC5, Nq, 2);
    put("lowest free slot: 4", 0, 0, 1, 0, 8'hC6, Nq, 4);
    bank_state(4'b0001, None, rows(0, 0, 0, 0));
    offer(0, 0, 1, 0, 8'hC7);
    #1;
    for (int k = 0; k < NDut; k++) begin
      see_iss(k, "lowest: bank 0's oldest leaves", Nq, 0, 1'b0, 8'hC0, 0);
      see_arr(k, "lowest: not the slot this edge frees", 1'b1, Nq, 1'b0, 5);
    end
    tick();
    put("lowest: the freed slot next edge", 0, 0, 1, 0, 8'hC8, Nq, 0);
    #1;
    for (int k = 0; k < NDut; k++) see_occ(k, "lowest: NQ full again", 0, 0, 6, 0, 0, 6);
    pick_all("lowest: bank 0's oldest by seq, not by slot", 4'b0001, None, rows(0, 0, 0, 0),
             Nq, 1, 1'b0, 8'hC4, 4);

    tb_done("tb_xl_dram_gsn");
  end

endmodule
