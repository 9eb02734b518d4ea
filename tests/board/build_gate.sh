#!/bin/sh
# build_gate.sh syn|route [BUILD] - Verilates a gate-level netlist of the HX8K board top with
# the driver of the simulated board (tests/board/xl_board_sim.cpp), so `xlat-board` runs
# against the netlist exactly as against the RTL (fpga/README.md "On an FPGA"):
#
#   syn     build/fpga/BUILD/xl_board_hx8k.syn.v, Yosys's netlist after synth_ice40
#           (SB_LUT4, SB_DFF*, SB_CARRY, SB_RAM40_4K cells)
#   route   build/fpga/BUILD/xl_board_hx8k.route.v, the chip as placed and routed: icebox_vlog
#           of the .asc the bitstream was packed from, its ports named by the pins
#
# BUILD is a bitstream build of fpga/build.sh (default hx8k-small, the one `make test` makes).
# The cells are Yosys's own simulation models (share/yosys/ice40/cells_sim.v). The top has
# no reset pin (its power-on counter releases the board) and runs its UART at 12 clocks a
# bit; the four status bits are LEDs D2-D5. Output: build/board/gate-MODE/xl_board_sim
# (printed on the last line); skipped when newer than its netlist.
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/board/build_gate.sh
. tests/lib/rtl.sh
MODE=$1
BUILD=${2:-hx8k-small}
case "$MODE" in
    syn|route) ;;
    *) usage "syn or route, then optionally the fpga/build.sh build (default hx8k-small)" ;;
esac
NET=build/fpga/$BUILD/xl_board_hx8k.$MODE.v
[ -f "$NET" ] || die "no netlist $NET: run sh fpga/build.sh $BUILD first"
CELLS=$(dirname "$(command -v yosys)")/../share/yosys/ice40/cells_sim.v
[ -f "$CELLS" ] || die "Yosys's iCE40 cell models are not at $CELLS"
OUT=build/board/gate-$MODE
BIN=$OUT/xl_board_sim
mkdir -p "$OUT"
if [ -x "$BIN" ] && [ "$BIN" -nt "$NET" ] && [ "$BIN" -nt tests/board/xl_board_sim.cpp ]; then
    echo "$BIN"; exit 0
fi
SRC=$NET
if [ "$MODE" = route ]; then
    # icebox_vlog declares the scalar pins again as wires; the copy drops those wires.
    pins=$(sed -n 's/^set_io \([A-Za-z_0-9]*\) .*/\1/p' fpga/hx8k/hx8k.pcf | tr '\n' '|')
    pins=${pins%|}
    sed -E "/^wire /{s/, ($pins)([,;])/\\2/g; s/^wire ($pins), /wire /}" "$NET" > "$OUT/netlist.v"
    SRC=$OUT/netlist.v
fi
# The cell models' default port values (`= 1'b1` in the port list) are not Verilator's
# syntax; both netlists connect every port of every cell, so they are left out.
verilator --cc --exe --build -j 2 -Wno-fatal -Wno-lint -Wno-style -Wno-TIMESCALEMOD \
    +define+NO_ICE40_DEFAULT_ASSIGNMENTS --top-module xl_board_hx8k \
    -CFLAGS "-O1 -DXL_CLKS_PER_BIT=12 -DXL_SIM_CLASS=Vxl_board_hx8k '-DXL_SIM_HEADER=\"Vxl_board_hx8k.h\"' -DXL_SIM_NO_RST '-DXL_SIM_STATUS(t)=((unsigned)((t).led_o)%16u)'" \
    -MAKEFLAGS "OPT_FAST=${XL_VL_OPT:--O1}" --Mdir "$OUT/obj" -o ../xl_board_sim \
    "$SRC" "$CELLS" "$(pwd)/tests/board/xl_board_sim.cpp" > "$OUT/build.log" 2>&1 ||
    { tail -n 20 "$OUT/build.log" >&2; die "Verilator build of $NET failed"; }
echo "$BIN"
