// xl_assert.svh - the one assertion macro header of xlat's RTL (docs/rtl.md
// sec. 0 item 4, sec. 2.3 "Assertions", sec. 2.4 "The assertion macro header", sec. 5.3
// property style).
//
// Every module `include`s this file and writes its checks only through these macros, so the
// same properties run in Icarus, in Verilator (with --assert) and in yosys -formal, and vanish
// in synthesis. Forms measured on Icarus 11, Verilator 5.006 and Yosys 0.23 (sec. 2.3):
//   - immediate `assert` inside a clocked `always` block works in all three;
//   - the `else $error(...)` clause is a syntax error in Yosys 0.23, so Yosys gets the
//     plain form;
//   - the label goes on the `begin : Name` block (Icarus rejects `Name: assert`);
//   - no `$past` (Icarus cannot run it) and no concurrent SVA: keep history in explicit
//     registers;
//   - X checks are simulation-only (Yosys has no X) and use an XOR reduction compared with
//     1'bx: Icarus 11's `$isunknown` returned 1 on an all-zero 58-bit concatenation here.
// A plain `always @(posedge ...)` is used instead of `always_ff` because Icarus warns that a
// system task "cannot be synthesized in an always_ff process".
//
// Macros (a property that contains a top-level comma must be wrapped in parentheses):
//   `XL_ASSERT(Name, Prop, Clk, RstN)        at every rising edge of Clk while RstN is high,
//                                            Prop holds (sampled before the edge's updates)
//   `XL_ASSERT_KNOWN(Name, Sig, Clk, RstN)   simulation only: Sig has no X/Z bit
//   `XL_ASSERT_PARAM(Name, Cond)             elaboration: the parameter values satisfy Cond.
//                                            Put it at module scope; it is a generate `if`.
//                                            Elaboration stops in Yosys (synthesis too) and
//                                            in the Verilator front end (USERERROR); Icarus
//                                            stops at time 0.
// Predefined macros (sec. 2.3): Yosys defines YOSYS always, SYNTHESIS for a plain read_verilog,
// FORMAL (and not SYNTHESIS) under read_verilog -formal; Verilator VERILATOR; Icarus
// __ICARUS__.
`ifndef XL_ASSERT_SVH
`define XL_ASSERT_SVH

`ifdef SYNTHESIS
  // Synthesis: no run-time checks.
  `define XL_ASSERT(Name, Prop, Clk, RstN)
  `define XL_ASSERT_KNOWN(Name, Sig, Clk, RstN)
`elsif YOSYS
  // yosys read_verilog -formal: plain immediate assert, proven by yosys-smtbmc.
  `define XL_ASSERT(Name, Prop, Clk, RstN) \
    always @(posedge Clk) begin : Name \
      if (RstN) assert (Prop); \
    end
  `define XL_ASSERT_KNOWN(Name, Sig, Clk, RstN)
`else
  // Icarus and Verilator: the same check with a message naming the scope and the property.
  `define XL_ASSERT(Name, Prop, Clk, RstN) \
    always @(posedge Clk) begin : Name \
      if (RstN) begin \
        assert (Prop) else $error("%m: assertion failed: %s", `"Prop`"); \
      end \
    end
  `define XL_ASSERT_KNOWN(Name, Sig, Clk, RstN) \
    always @(posedge Clk) begin : Name \
      if (RstN) begin \
        assert ((^(Sig)) !== 1'bx) else $error("%m: X or Z on %s", `"Sig`"); \
      end \
    end
`endif

`ifdef __ICARUS__
  // Icarus 11 has no elaboration-time $error in a generate block: fail at time 0 instead.
  `define XL_ASSERT_PARAM(Name, Cond) \
    if (!(Cond)) begin : Name \
      initial $fatal(1, "%m: illegal parameter value, need %s", `"Cond`"); \
    end
`elsif YOSYS
  // Yosys prints the message as is (no format codes).
  `define XL_ASSERT_PARAM(Name, Cond) \
    if (!(Cond)) begin : Name \
      $error(`"illegal parameter value, need Cond`"); \
    end
`else
  `define XL_ASSERT_PARAM(Name, Cond) \
    if (!(Cond)) begin : Name \
      $error("illegal parameter value, need %s", `"Cond`"); \
    end
`endif

`endif // XL_ASSERT_SVH
