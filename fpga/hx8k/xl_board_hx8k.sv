// xl_board_hx8k - the board top for the iCE40-HX8K breakout board (ct256): the walk-path
// board logic (fpga/rtl/xl_board.sv) on the board's 12 MHz oscillator, its UART on the FTDI
// chip's second channel (the host's second serial port), and the status on four of the eight
// LEDs. Pins: hx8k.pcf. The default parameters are the largest walk path that fits the part
// (fpga/README.md "On an FPGA" has the measurements): 4 slots, 2 walkers, FCFS, coalescing
// both, the pick from registers and the drained scan, small page-walk caches. `make test`
// builds a smaller one (fpga/build.sh hx8k-small) so that place and route stays short.
//
// Reset: the iCE40's flip-flops come out of configuration at 0, so a counter that has not
// yet reached its top value holds the board logic in reset for its first 15 cycles.
module xl_board_hx8k #(
  parameter int NumSlots   = 4,
  parameter int NumWalkers = 2,
  parameter int Coalesce   = xl_pkg::CoalBoth
) (
  input  logic       clk_i,        // 12 MHz oscillator (J3)
  input  logic       uart_rx_i,    // from the FTDI chip (B10)
  output logic       uart_tx_o,    // to the FTDI chip (B12)
  output logic [7:0] led_o
);

  logic [3:0] por_q = 4'd0;
  logic       rst_n;
  logic [3:0] status;

  assign rst_n = &por_q;
  always_ff @(posedge clk_i) begin
    if (!rst_n) por_q <= por_q + 4'd1;
  end

  xl_board #(
    .NumSlots(NumSlots), .NumWalkers(NumWalkers), .Policy(xl_pkg::PolicyFcfs),
    .Coalesce(Coalesce),
    .L4Entries(2), .L4Ways(2), .L3Entries(4), .L3Ways(2), .L2Entries(8), .L2Ways(4),
    .PickPipe(2), .ScanPipe(1), .TagWidth(8), .StatWidth(16),
    .ClksPerBit(12)                          // 12 MHz / 12 = 1 Mbaud
  ) u_board (
    .clk_i, .rst_ni(rst_n), .uart_rx_i, .uart_tx_o, .status_o(status)
  );

  // LEDs, left to right: heartbeat, walk path running, OVERRUN, BADCMD; the rest off.
  assign led_o = {4'b0000, status[3], status[2], status[1], status[0]};

endmodule
