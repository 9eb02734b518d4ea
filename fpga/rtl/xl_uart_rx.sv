// xl_uart_rx - UART receiver, 8 data bits, no parity, one stop bit (8N1), for the board top's
// host link (fpga/README.md "The protocol"). The line is synchronised through two flops; a
// falling edge starts a character, the start bit is checked at its middle (a glitch shorter
// than half a bit is ignored), then the eight data bits (LSB first) and the stop bit are
// sampled at their middles, ClksPerBit clocks apart. A character whose stop bit reads 0 is
// dropped and counted in frame_err_o (a pulse), so the parser never sees a broken byte.
`include "xl_assert.svh"

module xl_uart_rx #(
  parameter int ClksPerBit = 12,
  localparam int CntW = $clog2(ClksPerBit + 1)
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       rx_i,          // the line, idle high
  output logic       valid_o,       // one cycle: data_o is a received byte
  output logic [7:0] data_o,
  output logic       frame_err_o    // one cycle: a character with a bad stop bit was dropped
);

  `XL_ASSERT_PARAM(ClksPerBitRange, ClksPerBit >= 4)

  typedef enum logic [1:0] { RxIdle, RxStart, RxData, RxStop } rx_state_e;

  rx_state_e        state_q, state_d;
  logic [1:0]       sync_q;             // the line through two flops; sync_q[1] is used
  logic [CntW-1:0]  cnt_q, cnt_d;       // clocks to the next sample
  logic [2:0]       bit_q, bit_d;       // data bit being received
  logic [7:0]       sh_q, sh_d;
  logic             valid_d, err_d;
  logic             valid_q, err_q;

  always_comb begin
    state_d = state_q;
    cnt_d   = cnt_q;
    bit_d   = bit_q;
    sh_d    = sh_q;
    valid_d = 1'b0;
    err_d   = 1'b0;
    if (state_q != RxIdle && cnt_q != '0) begin
      cnt_d = cnt_q - CntW'(1);
    end else begin
      unique case (state_q)
        RxIdle: if (!sync_q[1]) begin
          state_d = RxStart;
          cnt_d   = CntW'(ClksPerBit / 2 - 1);    // to the middle of the start bit
        end
        RxStart: begin
          if (sync_q[1]) begin
            state_d = RxIdle;                    // a glitch, not a start bit
          end else begin
            state_d = RxData;
            bit_d   = 3'd0;
            cnt_d   = CntW'(ClksPerBit - 1);
          end
        end
        RxData: begin
          sh_d  = {sync_q[1], sh_q[7:1]};
          cnt_d = CntW'(ClksPerBit - 1);
          if (bit_q == 3'd7) state_d = RxStop;
          bit_d = bit_q + 3'd1;
        end
        RxStop: begin
          state_d = RxIdle;
          valid_d = sync_q[1];
          err_d   = !sync_q[1];
        end
        default: state_d = RxIdle;
      endcase
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= RxIdle;
      sync_q  <= 2'b11;
      cnt_q   <= '0;
      bit_q   <= '0;
      sh_q    <= '0;
      valid_q <= 1'b0;
      err_q   <= 1'b0;
    end else begin
      state_q <= state_d;
      sync_q  <= {sync_q[0], rx_i};
      cnt_q   <= cnt_d;
      bit_q   <= bit_d;
      sh_q    <= sh_d;
      valid_q <= valid_d;
      err_q   <= err_d;
    end
  end

  assign valid_o     = valid_q;
  assign data_o      = sh_q;
  assign frame_err_o = err_q;

endmodule
