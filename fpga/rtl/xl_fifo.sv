// xl_fifo - synchronous FIFO whose storage is one inferred block RAM (on the iCE40 Yosys maps
// it to SB_RAM40_4K: Width/16 of them at Depth 256), for the board top's event and
// completion streams (fpga/README.md). The read is registered, as a block RAM's: pop_i in
// one cycle gives the word on data_o from the next cycle on (it stays until the next pop).
// clear_i empties the FIFO (the board's reset command) without touching the RAM.
`include "xl_assert.svh"

module xl_fifo #(
  parameter int Width = 16,
  parameter int Depth = 256,
  localparam int AddrW = $clog2(Depth)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             clear_i,
  input  logic             push_i,
  input  logic [Width-1:0] data_i,
  input  logic             pop_i,
  output logic [Width-1:0] data_o,
  output logic             empty_o,
  output logic             full_o
);

  `XL_ASSERT_PARAM(DepthPow2, Depth >= 2 && (Depth & (Depth - 1)) == 0)

  logic [Width-1:0] mem [Depth];
  logic [AddrW:0]   wptr_q, rptr_q;    // one extra bit tells full from empty
  logic [Width-1:0] rdata_q;
  logic             do_push, do_pop;

  assign empty_o = wptr_q == rptr_q;
  assign full_o  = wptr_q == {~rptr_q[AddrW], rptr_q[AddrW-1:0]};
  assign do_push = push_i && !full_o;
  assign do_pop  = pop_i && !empty_o;
  assign data_o  = rdata_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wptr_q <= '0;
      rptr_q <= '0;
    end else if (clear_i) begin
      wptr_q <= '0;
      rptr_q <= '0;
    end else begin
      if (do_push) wptr_q <= wptr_q + 1'b1;
      if (do_pop)  rptr_q <= rptr_q + 1'b1;
    end
  end

  // The RAM: no reset, one write port, one registered read port.
  always_ff @(posedge clk_i) begin
    if (do_push) mem[wptr_q[AddrW-1:0]] <= data_i;
    if (do_pop)  rdata_q <= mem[rptr_q[AddrW-1:0]];
  end

endmodule
