#!/bin/sh
# build_board.sh [NAME] [--mutant M] - Verilates the board top (fpga/rtl/xl_board.sv: the walk path, its
# UART and event stream) with the pseudo-terminal driver tests/board/xl_board_sim.cpp, into
# build/board/NAME/xl_board_sim (fpga/README.md). Parameter sets:
#
#   name   slots walkers policy coalesce pick scan pwc E4 W4 E3 W3 E2 W2 tag stat clks/bit
#   hx8k       4    2    fcfs   both      2    1      2  2  4  2  8  4   8   16    4
#   wide       8    3    simt   both      0    0      2  2  4  2  8  4   8   16    4
#
# hx8k is the HX8K bitstream's walk path (fpga/hx8k/xl_board_hx8k.sv) with 4 clocks a bit
# instead of 12, so a simulated run moves bytes three times faster; wide has the one-cycle
# scan (the board's eight-lane completion buffer) and SIMT-aware selection. Prints the binary's
# path on its last line; a build whose inputs are older than its binary is skipped.
# --mutant BLOCK/M builds from a copy of rtl/ with the lockstep's mutant
# tests/lockstep/mutants/BLOCK/M.patch applied, into build/board/NAME-M/ (the check that the
# host program catches a wrong board: tests/board/check_board.sh).
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/board/build_board.sh
. tests/lib/rtl.sh
NAME=hx8k
MUTANT=
while [ $# -gt 0 ]; do
    case "$1" in
        --mutant) [ $# -ge 2 ] || usage "--mutant needs a name"; MUTANT=$2; shift 2 ;;
        -*) usage "unknown option '$1'" ;;
        *) NAME=$1; shift ;;
    esac
done
case "$NAME" in
    hx8k)  G="-GNumSlots=4 -GNumWalkers=2 -GPolicy=0 -GCoalesce=3 -GPickPipe=2 -GScanPipe=1" ;;
    wide)  G="-GNumSlots=8 -GNumWalkers=3 -GPolicy=2 -GCoalesce=3 -GPickPipe=0 -GScanPipe=0
              -GAgingThreshold=24" ;;
    *) usage "no parameter set '$NAME' (hx8k | wide)" ;;
esac
R=rtl
OUT=build/board/$NAME
OPT=-O1
if [ -n "$MUTANT" ]; then
    case "$MUTANT" in */*) ;; *) usage "--mutant wants BLOCK/NAME, e.g. coalesce/NBR_SHIFT" ;; esac
    xl_mutant_check "${MUTANT%%/*}" "${MUTANT#*/}"
    OUT=build/board/$NAME-${MUTANT#*/}
    R=$(xl_mutant_rtl "${MUTANT%%/*}" "${MUTANT#*/}" "$OUT") || exit 1
    OPT=-O0   # a mutant runs until its first mismatch: build fast rather than run fast
fi
CLKS=4
G="$G -GL4Entries=2 -GL4Ways=2 -GL3Entries=4 -GL3Ways=2 -GL2Entries=8 -GL2Ways=4 -GTagWidth=8
   -GStatWidth=16 -GClksPerBit=$CLKS"
BIN=$OUT/xl_board_sim
SRC="tests/lockstep/xl_walk_path_waiver.vlt fpga/rtl/xl_board_waiver.vlt $R/xl_pkg.sv
     $R/xl_walk_sched.sv $R/xl_pwc.sv $R/xl_coalesce.sv $R/xl_walk_path.sv
     fpga/rtl/xl_uart_rx.sv fpga/rtl/xl_uart_tx.sv fpga/rtl/xl_fifo.sv fpga/rtl/xl_board.sv"
mkdir -p "$OUT"
# shellcheck disable=SC2086  # lists of files and flags
if [ -x "$BIN" ] && [ -z "$(find $SRC $R/xl_assert.svh tests/board/xl_board_sim.cpp \
        tests/board/build_board.sh -newer "$BIN" 2>/dev/null)" ]; then
    echo "$BIN"; exit 0
fi
# shellcheck disable=SC2086
verilator --cc --exe --build -j 2 -Wall -Wno-fatal -Wno-PINCONNECTEMPTY --assert \
    -I"$R" -Ifpga/rtl --top-module xl_board $G -CFLAGS "-O1 -DXL_CLKS_PER_BIT=$CLKS" \
    -MAKEFLAGS "OPT_FAST=$OPT" --Mdir "$OUT/obj" -o ../xl_board_sim \
    $SRC "$(pwd)/tests/board/xl_board_sim.cpp" > "$OUT/build.log" 2>&1 ||
    { tail -n 30 "$OUT/build.log" >&2; echo "build_board.sh: Verilator build failed" >&2; exit 1; }
# A mutant may leave a signal unused; the production RTL may not.
if [ -z "$MUTANT" ] && grep -q '^%Warning' "$OUT/build.log"; then
    grep '^%Warning' "$OUT/build.log" >&2
    echo "build_board.sh: lint warnings (above)" >&2; exit 1
fi
echo "$BIN"
