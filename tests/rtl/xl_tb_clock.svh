// xl_tb_clock.svh - clock and reset of a testbench whose inputs go back to idle after every
// edge: `include it inside the module after its task idle() (every input of the DUT to its
// idle value) and its clk_i, rst_ni. Inputs change while clk_i is low; the caller checks the
// outputs after the tasks return, before the next rising edge.
//   tick()   one rising edge, then idle()
//   reset()  idle, rst_ni low (an asynchronous reset: it falls while the clock is low), two
//            edges, release, 1 time unit
task automatic tick;
  #5 clk_i = 1'b1;
  #5 clk_i = 1'b0;
  idle();
endtask

task automatic reset;
  idle();
  rst_ni = 1'b1;
  #1 rst_ni = 1'b0;
  tick();
  tick();
  rst_ni = 1'b1;
  #1;
endtask
