// xl_board - the board's logic around the IOMMU walk path (rtl/xl_walk_path.sv): a UART to
// the host, the frame parser, the walk path's input registers, and the event stream that
// tells the host, cycle by cycle, what the walk path did (fpga/README.md "The protocol"). The
// host program (sw/board/) replays the same inputs into the C twin and compares.
//
// One cycle, in this order (fpga/README.md has the frames and flags):
//   1. the walk path runs on the input registers: the arrival (arr_pend_q) is presented
//      until it is accepted; the response (rsp_pend_q) is applied in the first cycle in
//      which the completion buffer is empty and RspGap cycles have passed since the
//      previous one; mem_req_ready is always 1;
//   2. if anything visible happened (a read request, the arrival presented for the first
//      time or accepted, the response applied, a fault, completions, or an `S` / `K` byte
//      in this cycle), one record {cycle, flags, read request} is pushed into the event
//      FIFO; the completions go to the completion buffer, from which one a cycle is
//      pushed into the completion FIFO, lowest lane first;
//   3. the transmitter sends, one frame after another: the `z` parameter frame after a
//      reset; an `E` record popped from the event FIFO, then its NCPL `C` frames (it waits
//      for the completion FIFO when the buffer has not pushed them yet), then the counter
//      a `K` latched when the record has CNT.
//   4. the parser takes a received byte: a frame's first byte selects the register its
//      payload is written into, byte by byte (the arrival, the response, the root); the
//      last byte of `A` or `R` sets its pending flag, that of `Z` holds the walk path in
//      reset for two cycles, that of `K` latches the counter it names.
// The edge updates all of it; the walk path's reset is the flop wp_rst_nq, low from power-up
// until the first `Z`.
//
// Completion buffer: with ScanPipe 1 the walk path completes at most one request a cycle
// while responses are RspGap = NumSlots + 2 apart (a line's own leaf in its cycle, its
// neighbours one a cycle in the NumSlots cycles after; rtl/README.md "The scan drained
// one slot a cycle"), so there is no buffer: a completion goes into the FIFO in its
// own cycle. With ScanPipe 0 a line completes up to eight at once, and the buffer holds the
// eight lanes and pushes one a cycle. Two completions in one cycle (ScanPipe 1), or a
// completion while the buffer is not empty, set OVERRUN; neither is expected.
`include "xl_assert.svh"

module xl_board #(
  // The walk path's parameters (rtl/xl_walk_path.sv).
  parameter int        NumSlots       = 4,
  parameter int        NumWalkers     = 2,
  parameter int        Policy         = xl_pkg::PolicyFcfs,
  parameter int        AgingThreshold = 2000000,
  parameter bit [xl_pkg::LfsrW-1:0] LfsrSeed = 32'h1,
  parameter int        Coalesce       = xl_pkg::CoalBoth,
  parameter int        L4Entries      = 2,
  parameter int        L4Ways         = 2,
  parameter int        L3Entries      = 4,
  parameter int        L3Ways         = 2,
  parameter int        L2Entries      = 8,
  parameter int        L2Ways         = 4,
  parameter int        PwcLatency     = 1,
  parameter int        PickPipe       = 2,
  parameter int        ScanPipe       = 1,
  parameter int        TagWidth       = 8,
  parameter int        StatWidth      = 16,
  // The board's own.
  parameter int        ClksPerBit     = 12,     // UART: clock / baud rate
  parameter int        FifoDepth      = 256,    // event and completion FIFOs (one RAM each)
  localparam int       WalkW          = (NumWalkers > 1) ? $clog2(NumWalkers) : 1
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       uart_rx_i,
  output logic       uart_tx_o,
  output logic [3:0] status_o      // {BADCMD, OVERRUN, walk path running, heartbeat}
);

  `XL_ASSERT_PARAM(TagWidthRange, TagWidth >= 1 && TagWidth <= 16)
  `XL_ASSERT_PARAM(StatWidthRange, StatWidth >= 1 && StatWidth <= 64)
  `XL_ASSERT_PARAM(SlotsRange, NumSlots >= 1 && NumSlots <= 65535)
  `XL_ASSERT_PARAM(WalkersByte, NumWalkers <= 64)
  `XL_ASSERT_PARAM(ScanPipeRange, ScanPipe == 0 || ScanPipe == 1)

  localparam int VaW    = xl_pkg::VaW;
  localparam int PaW    = xl_pkg::PaW;
  localparam int InstrW = xl_pkg::InstrW;
  localparam int Lanes  = xl_pkg::LineEntries;
  localparam int ShiftW = xl_pkg::ShiftW;
  localparam int ReadsW = xl_pkg::ReadsW;
  localparam int LevelW = xl_pkg::LevelW;
  localparam int LineW  = xl_pkg::LineW;
  localparam int RspGap = NumSlots + 2;
  localparam int GapW   = $clog2(RspGap + 1);
  localparam int NumCnt = 9;

  // Frame bytes (fpga/README.md).
  localparam logic [7:0] ChZ = 8'h5A, ChA = 8'h41, ChR = 8'h52, ChS = 8'h53, ChK = 8'h4B;
  localparam logic [7:0] ChLz = 8'h7A, ChE = 8'h45, ChC = 8'h43;
  localparam int ZBytes = 7, ABytes = 11, RBytes = 65;
  localparam int ZOut = 25, EOut = 16, COut = 13, KOut = 8;   // frames to the host

  // Flags of an E record; bits 7, 8 (OVERRUN, BADCMD) are added when it is sent.
  localparam int FMreq = 0, FPres = 1, FAcc = 2, FRsp = 3, FFault = 4, FSync = 5, FCnt = 6;
  localparam int EvFlagW = 7;

  // An event-FIFO word: cycle, flags, NCPL, read request. A completion-FIFO word: lane,
  // tag, frame, shift, coalesced, reads.
  localparam int EvW  = 32 + EvFlagW + 4 + WalkW + LevelW + PaW;
  localparam int CplW = 3 + TagWidth + PaW + ShiftW + 1 + ReadsW;

  ////////////////////
  // The walk path  //
  ////////////////////

  logic                        wp_rst_nq;
  logic                        arr_ready, mem_req_valid, rsp_valid, rsp_fault;
  logic [WalkW-1:0]            mem_req_walker;
  logic [LevelW-1:0]           mem_req_level;
  logic [PaW-1:0]              mem_req_addr;
  logic [Lanes-1:0]            cpl_valid, cpl_coalesced;
  logic [Lanes*TagWidth-1:0]   cpl_tag;
  logic [Lanes*PaW-1:0]        cpl_frame;
  logic [Lanes*ShiftW-1:0]     cpl_shift;
  logic [Lanes*ReadsW-1:0]     cpl_reads;
  logic [NumCnt*StatWidth-1:0] cnt;          // counter k at [k*StatWidth +: StatWidth]
  logic [8*ABytes-1:0]         arr_q;        // va[47:0], instr[71:48], tag[87:72]
  logic [8*RBytes-1:0]         rsp_q;        // walker[7:0], line[519:8]
  logic [8*ZBytes-1:0]         root_q;       // root[51:0]
  logic                        arr_pend_q, arr_pres_q, rsp_pend_q;

  // Observability outputs the board does not send.
  logic [ReadsW-1:0]           unused_est;
  logic                        unused_disp_valid, unused_disp_resumed, unused_arr_buffered;
  logic [WalkW-1:0]            unused_disp_walker;
  logic [xl_pkg::RuleW-1:0]    unused_disp_rule;
  logic [((NumSlots > 1) ? $clog2(NumSlots) : 1)-1:0] unused_disp_slot, unused_arr_slot;
  logic [TagWidth-1:0]         unused_disp_tag;
  logic [LevelW-1:0]           unused_disp_level;
  logic [PaW-1:0]              unused_disp_node;
  logic [xl_pkg::ScoreW-1:0]   unused_arr_score;
  logic                        unused_fill, unused_stuck;

  xl_walk_path #(
    .NumSlots(NumSlots), .NumWalkers(NumWalkers), .Policy(Policy),
    .AgingThreshold(AgingThreshold), .LfsrSeed(LfsrSeed), .Coalesce(Coalesce),
    .L4Entries(L4Entries), .L4Ways(L4Ways), .L3Entries(L3Entries), .L3Ways(L3Ways),
    .L2Entries(L2Entries), .L2Ways(L2Ways), .PwcLatency(PwcLatency), .PickPipe(PickPipe),
    .ScanPipe(ScanPipe), .TagWidth(TagWidth), .StatWidth(StatWidth)
  ) u_wp (
    .clk_i, .rst_ni(wp_rst_nq),
    .arr_valid_i     (arr_pend_q),
    .arr_va_i        (arr_q[VaW-1:0]),
    .arr_instr_id_i  (arr_q[48 +: InstrW]),
    .arr_tag_i       (arr_q[72 +: TagWidth]),
    .arr_ready_o     (arr_ready),
    .arr_est_o       (unused_est),
    .root_i          (root_q[PaW-1:0]),
    .mem_req_valid_o (mem_req_valid),
    .mem_req_ready_i (1'b1),
    .mem_req_walker_o(mem_req_walker),
    .mem_req_level_o (mem_req_level),
    .mem_req_addr_o  (mem_req_addr),
    .rsp_valid_i     (rsp_valid),
    .rsp_walker_i    (rsp_q[WalkW-1:0]),
    .rsp_line_i      (rsp_q[8 +: LineW]),
    .cpl_valid_o     (cpl_valid),
    .cpl_tag_o       (cpl_tag),
    .cpl_frame_o     (cpl_frame),
    .cpl_shift_o     (cpl_shift),
    .cpl_coalesced_o (cpl_coalesced),
    .cpl_reads_o     (cpl_reads),
    .disp_valid_o    (unused_disp_valid),
    .disp_walker_o   (unused_disp_walker),
    .disp_rule_o     (unused_disp_rule),
    .disp_slot_o     (unused_disp_slot),
    .disp_tag_o      (unused_disp_tag),
    .disp_level_o    (unused_disp_level),
    .disp_node_o     (unused_disp_node),
    .disp_resumed_o  (unused_disp_resumed),
    .arr_buffered_o  (unused_arr_buffered),
    .arr_slot_o      (unused_arr_slot),
    .arr_score_o     (unused_arr_score),
    .rsp_fault_o     (rsp_fault),
    .fill_valid_o    (unused_fill),
    .stuck_o         (unused_stuck),
    .cnt_walks_o     (cnt[0*StatWidth +: StatWidth]),
    .cnt_reads_l1_o  (cnt[1*StatWidth +: StatWidth]),
    .cnt_reads_l2_o  (cnt[2*StatWidth +: StatWidth]),
    .cnt_reads_l3_o  (cnt[3*StatWidth +: StatWidth]),
    .cnt_reads_l4_o  (cnt[4*StatWidth +: StatWidth]),
    .cnt_coalesced_o (cnt[5*StatWidth +: StatWidth]),
    .cnt_resumed_o   (cnt[6*StatWidth +: StatWidth]),
    .cnt_cl_stalls_o (cnt[7*StatWidth +: StatWidth]),
    .cnt_faults_o    (cnt[8*StatWidth +: StatWidth])
  );

  ////////////////////
  // UART           //
  ////////////////////

  logic       rx_valid, rx_err, tx_valid, tx_ready;
  logic [7:0] rx_data, tx_data;

  xl_uart_rx #(.ClksPerBit(ClksPerBit)) u_rx (
    .clk_i, .rst_ni, .rx_i(uart_rx_i), .valid_o(rx_valid), .data_o(rx_data),
    .frame_err_o(rx_err)
  );
  xl_uart_tx #(.ClksPerBit(ClksPerBit)) u_tx (
    .clk_i, .rst_ni, .valid_i(tx_valid), .data_i(tx_data), .ready_o(tx_ready),
    .tx_o(uart_tx_o)
  );

  //////////////////////////
  // 4. The frame parser  //
  //////////////////////////

  typedef enum logic [2:0] { PkNone, PkZ, PkA, PkR, PkK, PkSkip } pk_e;

  pk_e        pk_q;
  logic [6:0] left_q;                 // payload bytes still to come
  logic [1:0] rst_cnt_q;              // cycles of walk-path reset left after a Z
  logic       z_pend_q, badcmd_q, overrun_q, cnt_busy_q;
  logic       take_s, take_k, frame_start, bad_byte, z_done, a_done, r_done;

  assign frame_start = rx_valid && pk_q == PkNone;
  assign take_s      = frame_start && rx_data == ChS && wp_rst_nq;
  assign take_k      = rx_valid && pk_q == PkK && rx_data < 8'(NumCnt) && wp_rst_nq &&
                       !cnt_busy_q;
  assign bad_byte    = rx_err ||
                       (frame_start && rx_data != ChZ && rx_data != ChA && rx_data != ChR &&
                        rx_data != ChS && rx_data != ChK) ||
                       (frame_start && rx_data == ChA && arr_pend_q) ||
                       (frame_start && rx_data == ChR && rsp_pend_q) ||
                       (rx_valid && pk_q == PkK && wp_rst_nq &&
                        (cnt_busy_q || rx_data >= 8'(NumCnt)));
  assign z_done      = rx_valid && pk_q == PkZ && left_q == 7'd1;
  assign a_done      = rx_valid && pk_q == PkA && left_q == 7'd1;
  assign r_done      = rx_valid && pk_q == PkR && left_q == 7'd1;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      pk_q   <= PkNone;
      left_q <= '0;
    end else if (frame_start) begin
      unique case (rx_data)
        ChZ:     begin pk_q <= PkZ; left_q <= 7'(ZBytes); end
        ChA:     begin pk_q <= arr_pend_q ? PkSkip : PkA; left_q <= 7'(ABytes); end
        ChR:     begin pk_q <= rsp_pend_q ? PkSkip : PkR; left_q <= 7'(RBytes); end
        ChK:     begin pk_q <= PkK; left_q <= 7'd1; end
        default: pk_q <= PkNone;
      endcase
    end else if (rx_valid) begin
      left_q <= left_q - 7'd1;
      if (left_q == 7'd1) pk_q <= PkNone;
    end
  end

  // Payload registers: byte j of a frame's payload is written when left_q says it is the
  // one arriving (not shifted through, so synthesis drops the flops of the bits the walk
  // path never reads: an entry's bits 1-6 and 52-63, the VA's page offset). No reset: each
  // is read only after its frame (arr_pend_q, rsp_pend_q, the Z).
  for (genvar j = 0; j < ABytes; j++) begin : g_arr_byte
    always_ff @(posedge clk_i) begin
      if (rx_valid && pk_q == PkA && left_q == 7'(ABytes - j)) arr_q[8*j +: 8] <= rx_data;
    end
  end
  for (genvar j = 0; j < RBytes; j++) begin : g_rsp_byte
    always_ff @(posedge clk_i) begin
      if (rx_valid && pk_q == PkR && left_q == 7'(RBytes - j)) rsp_q[8*j +: 8] <= rx_data;
    end
  end
  for (genvar j = 0; j < ZBytes; j++) begin : g_root_byte
    always_ff @(posedge clk_i) begin
      if (rx_valid && pk_q == PkZ && left_q == 7'(ZBytes - j)) root_q[8*j +: 8] <= rx_data;
    end
  end

  //////////////////////////////////////////
  // 1. Inputs of the walk path           //
  //////////////////////////////////////////

  logic [GapW-1:0] gap_q;             // cycles since the last response, saturating at RspGap
  logic            buf_empty;         // the completion buffer (below)

  assign rsp_valid = rsp_pend_q && wp_rst_nq && gap_q == GapW'(RspGap) && buf_empty;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wp_rst_nq  <= 1'b0;
      rst_cnt_q  <= '0;
      arr_pend_q <= 1'b0;
      arr_pres_q <= 1'b0;
      rsp_pend_q <= 1'b0;
      gap_q      <= GapW'(RspGap);
    end else if (z_done) begin
      wp_rst_nq  <= 1'b0;
      rst_cnt_q  <= 2'd2;
      arr_pend_q <= 1'b0;
      arr_pres_q <= 1'b0;
      rsp_pend_q <= 1'b0;
      gap_q      <= GapW'(RspGap);
    end else begin
      if (rst_cnt_q != '0) begin
        rst_cnt_q <= rst_cnt_q - 2'd1;
        if (rst_cnt_q == 2'd1) wp_rst_nq <= 1'b1;
      end
      if (a_done) begin
        arr_pend_q <= 1'b1;
        arr_pres_q <= 1'b0;
      end else if (arr_pend_q && wp_rst_nq) begin
        arr_pres_q <= 1'b1;
        if (arr_ready) arr_pend_q <= 1'b0;
      end
      if (r_done)         rsp_pend_q <= 1'b1;
      else if (rsp_valid) rsp_pend_q <= 1'b0;
      if (rsp_valid)                   gap_q <= '0;
      else if (gap_q != GapW'(RspGap)) gap_q <= gap_q + GapW'(1);
    end
  end

  //////////////////////////////////////////
  // 2. The event record and completions  //
  //////////////////////////////////////////

  logic [31:0]        cyc_q;
  logic [EvFlagW-1:0] ev_flags;
  logic [3:0]         ncpl;
  logic               tx_cnt_done;   // the transmitter sent the counter's last byte (below)
  logic               ev_push, ev_full, ev_empty, ev_pop;
  logic [EvW-1:0]     ev_word, ev_rdata;
  logic               cp_push, cp_full, cp_empty, cp_pop;
  logic [CplW-1:0]    cp_word, cp_rdata;
  logic               buf_overrun;

  always_comb begin
    ncpl = '0;
    for (int i = 0; i < Lanes; i++) ncpl = ncpl + 4'(cpl_valid[i]);
  end

  assign ev_flags[FMreq]  = mem_req_valid;
  assign ev_flags[FPres]  = arr_pend_q && !arr_pres_q;
  assign ev_flags[FAcc]   = arr_pend_q && arr_ready;
  assign ev_flags[FRsp]   = rsp_valid;
  assign ev_flags[FFault] = rsp_fault;
  assign ev_flags[FSync]  = take_s;
  assign ev_flags[FCnt]   = take_k;
  assign ev_push = wp_rst_nq && (ev_flags != '0 || ncpl != '0);
  assign ev_word = {cyc_q, ev_flags, ncpl, mem_req_walker, mem_req_level, mem_req_addr};

  // A completion's FIFO word from lane l of this cycle's outputs.
  function automatic logic [CplW-1:0] cpl_word(input int l, input logic [Lanes-1:0] co,
      input logic [Lanes*TagWidth-1:0] tg, input logic [Lanes*PaW-1:0] fr,
      input logic [Lanes*ShiftW-1:0] sh, input logic [Lanes*ReadsW-1:0] rd);
    cpl_word = {3'(l), tg[l*TagWidth +: TagWidth], fr[l*PaW +: PaW], sh[l*ShiftW +: ShiftW],
                co[l], rd[l*ReadsW +: ReadsW]};
  endfunction

  if (ScanPipe == 1) begin : g_buf1
    // One lane: the completion of a cycle is pushed in that cycle. Its fields are the OR
    // of the lanes': the walk path drives a lane's fields to 0 while its valid is low
    // (rtl/xl_walk_path.sv), and an OR is cheaper than a multiplexer.
    always_comb begin
      cp_word = '0;
      for (int l = 0; l < Lanes; l++) begin
        cp_word = cp_word | (cpl_word(l, cpl_coalesced, cpl_tag, cpl_frame, cpl_shift,
                                      cpl_reads) & ~(CplW'(cpl_valid[l] ? 0 : 7) << (CplW - 3)));
      end
    end
    assign cp_push     = wp_rst_nq && cpl_valid != '0;
    assign buf_empty   = 1'b1;
    assign buf_overrun = ncpl > 4'd1;
  end else begin : g_buf8
    // Eight lanes: a cycle's completions are kept here and pushed one a cycle from the
    // next cycle on, lowest lane first.
    logic [Lanes-1:0]     bv_q, bv_low, bv_rest;
    logic [CplW-1:0]      bw_q [Lanes];
    always_comb begin
      bv_low = '0;
      for (int l = Lanes - 1; l >= 0; l--) if (bv_q[l]) bv_low = Lanes'(1) << l;
      cp_word = '0;
      for (int l = 0; l < Lanes; l++) if (bv_low[l]) cp_word = bw_q[l];
    end
    assign bv_rest     = bv_q & ~bv_low;
    assign cp_push     = bv_q != '0;
    assign buf_empty   = bv_q == '0;
    assign buf_overrun = cpl_valid != '0 && bv_rest != '0;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni)         bv_q <= '0;
      else if (!wp_rst_nq) bv_q <= '0;
      else                 bv_q <= bv_rest | cpl_valid;
    end
    for (genvar l = 0; l < Lanes; l++) begin : g_lane
      always_ff @(posedge clk_i) begin
        if (cpl_valid[l]) bw_q[l] <= cpl_word(l, cpl_coalesced, cpl_tag, cpl_frame, cpl_shift,
                                              cpl_reads);
      end
    end
  end

  xl_fifo #(.Width(EvW), .Depth(FifoDepth)) u_ev (
    .clk_i, .rst_ni, .clear_i(!wp_rst_nq), .push_i(ev_push), .data_i(ev_word),
    .pop_i(ev_pop), .data_o(ev_rdata), .empty_o(ev_empty), .full_o(ev_full)
  );
  xl_fifo #(.Width(CplW), .Depth(FifoDepth)) u_cp (
    .clk_i, .rst_ni, .clear_i(!wp_rst_nq), .push_i(cp_push), .data_i(cp_word),
    .pop_i(cp_pop), .data_o(cp_rdata), .empty_o(cp_empty), .full_o(cp_full)
  );

  // The counter a K names, latched in its cycle; cycle counter; sticky flags.
  logic [StatWidth-1:0] cnt_q;
  always_ff @(posedge clk_i) begin
    if (take_k) cnt_q <= cnt[rx_data[3:0]*StatWidth +: StatWidth];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cyc_q      <= '0;
      z_pend_q   <= 1'b0;
      badcmd_q   <= 1'b0;
      overrun_q  <= 1'b0;
      cnt_busy_q <= 1'b0;
    end else if (z_done) begin
      cyc_q      <= '0;
      z_pend_q   <= 1'b1;
      badcmd_q   <= 1'b0;
      overrun_q  <= 1'b0;
      cnt_busy_q <= 1'b0;
    end else begin
      cyc_q <= wp_rst_nq ? cyc_q + 32'd1 : '0;
      if (bad_byte) badcmd_q <= 1'b1;
      if (wp_rst_nq && ((ev_push && ev_full) || (cp_push && cp_full) || buf_overrun))
        overrun_q <= 1'b1;
      if (take_k)           cnt_busy_q <= 1'b1;
      else if (tx_cnt_done) cnt_busy_q <= 1'b0;
      if (tx_z_done) z_pend_q <= 1'b0;   // the parameter frame is out
    end
  end

  //////////////////////////
  // 3. The transmitter   //
  //////////////////////////

  // One frame at a time; b_q is the byte of it on offer. The bytes are selected from the
  // frame's fields as they are sent (the FIFOs' read registers hold a popped word until
  // the next pop), so no frame is copied into a shift register.
  typedef enum logic [2:0] { TxIdle, TxZ, TxEWait, TxE, TxCNext, TxCWait, TxC, TxCnt } tx_e;

  tx_e             tx_q;
  logic [4:0]      b_q;                // byte of the frame on offer
  logic [3:0]      c_left_q;           // C frames of the current record still to send
  logic            cnt_want_q;         // the current record has CNT
  logic            tx_z_done, tx_last;
  logic [8*ZOut-1:0] z_frame;
  logic [8*EOut-1:0] e_frame;
  logic [8*COut-1:0] c_frame;
  logic [8*KOut-1:0] k_frame;

  // z: slots, walkers, policy, coalesce, pick, scan, tag and stat widths, PWC entries and
  // ways by level, PWC latency, aging threshold, LFSR seed.
  assign z_frame = {LfsrSeed, 32'(AgingThreshold), 8'(PwcLatency), 8'(L2Ways), 8'(L2Entries),
                    8'(L3Ways), 8'(L3Entries), 8'(L4Ways), 8'(L4Entries), 8'(StatWidth),
                    8'(TagWidth), 8'(ScanPipe), 8'(PickPipe), 8'(Coalesce), 8'(Policy),
                    8'(NumWalkers), 16'(NumSlots), ChLz};
  // E: {cycle, flags, ncpl, walker, level, addr} from the event FIFO; flags 7 and 8 now.
  assign e_frame = {4'd0, ev_rdata[PaW-1:0],
                    8'(ev_rdata[PaW +: LevelW]), 8'(ev_rdata[PaW+LevelW +: WalkW]),
                    ev_rdata[PaW+LevelW+WalkW +: 4], 3'd0, badcmd_q,
                    overrun_q, ev_rdata[PaW+LevelW+WalkW+4 +: EvFlagW],
                    ev_rdata[EvW-32 +: 32], ChE};
  // C: {lane, tag, frame, shift, coalesced, reads} from the completion FIFO.
  assign c_frame = {4'd0, cp_rdata[ReadsW-1:0], cp_rdata[ReadsW],
                    8'(cp_rdata[ReadsW+1 +: ShiftW]),
                    4'd0, cp_rdata[ReadsW+1+ShiftW +: PaW],
                    16'(cp_rdata[ReadsW+1+ShiftW+PaW +: TagWidth]),
                    5'd0, cp_rdata[CplW-3 +: 3], ChC};
  assign k_frame = 64'(cnt_q);

  always_comb begin
    tx_valid = 1'b1;
    tx_last  = 1'b0;
    tx_data  = 8'h00;
    unique case (tx_q)
      TxZ:     begin tx_data = z_frame[8*b_q +: 8]; tx_last = b_q == 5'(ZOut - 1); end
      TxE:     begin tx_data = e_frame[8*b_q +: 8]; tx_last = b_q == 5'(EOut - 1); end
      TxC:     begin tx_data = c_frame[8*b_q +: 8]; tx_last = b_q == 5'(COut - 1); end
      TxCnt:   begin tx_data = k_frame[8*b_q +: 8]; tx_last = b_q == 5'(KOut - 1); end
      default: tx_valid = 1'b0;
    endcase
  end

  assign ev_pop      = wp_rst_nq && tx_q == TxIdle && !z_pend_q && !ev_empty;
  assign cp_pop      = tx_q == TxCNext && c_left_q != '0 && !cp_empty;
  assign tx_z_done   = tx_q == TxZ && tx_ready && tx_last;
  assign tx_cnt_done = tx_q == TxCnt && tx_ready && tx_last;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tx_q       <= TxIdle;
      b_q        <= '0;
      c_left_q   <= '0;
      cnt_want_q <= 1'b0;
    end else if (z_done) begin
      // A reset drops what was being sent after the byte on the line (the host reads
      // from the `z` on).
      tx_q <= TxIdle;
    end else begin
      unique case (tx_q)
        TxIdle: begin
          b_q <= '0;
          if (z_pend_q && wp_rst_nq) tx_q <= TxZ;
          else if (ev_pop)           tx_q <= TxEWait;
        end
        TxEWait: begin
          c_left_q   <= ev_rdata[PaW+LevelW+WalkW +: 4];
          cnt_want_q <= ev_rdata[PaW+LevelW+WalkW+4+FCnt];
          tx_q       <= TxE;
        end
        TxCNext: begin
          b_q <= '0;
          if (c_left_q != '0) begin
            if (cp_pop) tx_q <= TxCWait;
          end else begin
            tx_q <= cnt_want_q ? TxCnt : TxIdle;
          end
        end
        TxCWait: begin
          c_left_q <= c_left_q - 4'd1;
          tx_q     <= TxC;
        end
        default: begin   // TxZ, TxE, TxC, TxCnt: a byte on offer
          if (tx_ready) begin
            b_q <= b_q + 5'd1;
            if (tx_last) tx_q <= (tx_q == TxE || tx_q == TxC) ? TxCNext : TxIdle;
          end
        end
      endcase
    end
  end

  logic [23:0] status_hb_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) status_hb_q <= '0;
    else         status_hb_q <= status_hb_q + 24'd1;
  end
  assign status_o = {badcmd_q, overrun_q, wp_rst_nq, status_hb_q[23]};

  // The completion buffer never overflows while responses keep RspGap apart (header).
  `XL_ASSERT(CplBufferKeeps, !(wp_rst_nq && buf_overrun), clk_i, rst_ni)

  logic unused;
  assign unused = ^{unused_est, unused_disp_valid, unused_disp_resumed, unused_arr_buffered,
                    unused_disp_walker, unused_disp_rule, unused_disp_slot, unused_arr_slot,
                    unused_disp_tag, unused_disp_level, unused_disp_node, unused_arr_score,
                    unused_fill, unused_stuck, rsp_q[7:WalkW],
                    arr_q[71:48+InstrW], arr_q[8*ABytes-1:72+TagWidth],
                    root_q[8*ZBytes-1:PaW]};

endmodule
