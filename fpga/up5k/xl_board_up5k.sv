// xl_board_up5k - the board top for an iCE40 UP5K in the SG48 package, pinned for the
// UPduino v3.0: the walk-path board logic (fpga/rtl/xl_board.sv) on the board's 12 MHz
// oscillator (package pin 20, with the board's OSC jumper closed), its UART on two header
// pins for a 3.3 V USB-serial adapter (the UPduino's own USB chip drives the flash, not a
// UART), and the status on the RGB LED through the UP5K's LED driver. Pins: up5k.pcf.
//
// The parameters are the largest walk path that fits the part with coalescing (fpga/README.md
// "On an FPGA"): 2 slots, 1 walker, FCFS, coalescing both, one-entry page-walk caches, the
// pick from registers and the drained scan.
//
// Reset: the flip-flops come out of configuration at 0; a counter holds the board logic in
// reset for its first 15 cycles.
module xl_board_up5k (
  input  logic clk_i,        // 12 MHz oscillator (pin 20)
  input  logic uart_rx_i,    // from the adapter's TX (pin 23)
  output logic uart_tx_o,    // to the adapter's RX (pin 25)
  output logic led_r_o,      // RGB LED: red = OVERRUN or BADCMD
  output logic led_g_o,      //          green = heartbeat
  output logic led_b_o       //          blue = walk path running
);

  logic [3:0] por_q = 4'd0;
  logic       rst_n;
  logic [3:0] status;

  assign rst_n = &por_q;
  always_ff @(posedge clk_i) begin
    if (!rst_n) por_q <= por_q + 4'd1;
  end

  xl_board #(
    .NumSlots(2), .NumWalkers(1), .Policy(xl_pkg::PolicyFcfs), .Coalesce(xl_pkg::CoalBoth),
    .L4Entries(1), .L4Ways(1), .L3Entries(1), .L3Ways(1), .L2Entries(1), .L2Ways(1),
    .PickPipe(2), .ScanPipe(1), .TagWidth(8), .StatWidth(16),
    .ClksPerBit(12)                          // 12 MHz / 12 = 1 Mbaud
  ) u_board (
    .clk_i, .rst_ni(rst_n), .uart_rx_i, .uart_tx_o, .status_o(status)
  );

  // The RGB pins are current sinks of the LED driver, reachable only through it.
  SB_RGBA_DRV #(
    .CURRENT_MODE("0b1"),                    // half current
    .RGB0_CURRENT("0b000001"),
    .RGB1_CURRENT("0b000001"),
    .RGB2_CURRENT("0b000001")
  ) u_rgb (
    .CURREN  (1'b1),
    .RGBLEDEN(1'b1),
    .RGB0PWM (status[0]),                    // green: heartbeat
    .RGB1PWM (status[1]),                    // blue: running
    .RGB2PWM (status[2] | status[3]),        // red: OVERRUN or BADCMD
    .RGB0    (led_g_o),
    .RGB1    (led_b_o),
    .RGB2    (led_r_o)
  );

endmodule
