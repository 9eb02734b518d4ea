// xl_uart_tx - UART transmitter, 8N1, for the board top's host link (fpga/README.md "The
// protocol"): a byte offered with valid_i while ready_o is high goes out as a start bit,
// eight data bits LSB first and a stop bit, ClksPerBit clocks each. ready_o is high only
// while the line is idle, so a byte is taken at most every 10 bit times.
`include "xl_assert.svh"

module xl_uart_tx #(
  parameter int ClksPerBit = 12,
  localparam int CntW = $clog2(ClksPerBit + 1)
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       valid_i,
  input  logic [7:0] data_i,
  output logic       ready_o,
  output logic       tx_o          // the line, idle high
);

  `XL_ASSERT_PARAM(ClksPerBitRange, ClksPerBit >= 4)

  logic [9:0]      sh_q;           // stop, data[7:0], start; sh_q[0] is on the line
  logic [3:0]      left_q;         // bits still to send, 0 = idle
  logic [CntW-1:0] cnt_q;

  assign ready_o = left_q == 4'd0;
  assign tx_o    = (left_q == 4'd0) ? 1'b1 : sh_q[0];

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sh_q   <= '1;
      left_q <= '0;
      cnt_q  <= '0;
    end else if (left_q == 4'd0) begin
      if (valid_i) begin
        sh_q   <= {1'b1, data_i, 1'b0};
        left_q <= 4'd10;
        cnt_q  <= CntW'(ClksPerBit - 1);
      end
    end else if (cnt_q != '0) begin
      cnt_q <= cnt_q - CntW'(1);
    end else begin
      sh_q   <= {1'b1, sh_q[9:1]};
      left_q <= left_q - 4'd1;
      cnt_q  <= CntW'(ClksPerBit - 1);
    end
  end

endmodule
