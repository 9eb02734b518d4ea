// xl_tb.svh - the check bookkeeping of the self-checking Icarus testbenches in tests/rtl/:
// `include it inside the testbench module (the check scripts compile with -Itests/rtl).
//   check(name, got, exp)  one TAP line, "ok - name" or "not ok - name: got ..., expected ...",
//                          as tests/rtl/check_*.sh count them (4-state compare: X fails)
//   tb_done(tb)            the summary line; $fatal when a check failed, else $finish
int n_ok = 0;
int n_fail = 0;

task automatic check(input string name, input logic [63:0] got, input logic [63:0] exp);
  if (got === exp) begin
    $display("ok - %s", name);
    n_ok++;
  end else begin
    $display("not ok - %s: got 0x%0h, expected 0x%0h", name, got, exp);
    n_fail++;
  end
endtask

task automatic tb_done(input string tb);
  $display("# %s: %0d passed, %0d failed", tb, n_ok, n_fail);
  if (n_fail != 0) $fatal(1, "%s: %0d check(s) failed", tb, n_fail);
  $finish;
endtask
