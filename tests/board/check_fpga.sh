#!/bin/sh
# check_fpga.sh - an HX8K build of the board top in bounded time (fpga/build.sh hx8k-small:
# 2 slots and 1 walker, about two minutes; the full one, 4 slots and 3 walkers, and the
# other targets are `make fpga`): Yosys, nextpnr-ice40 with the pin constraints, icepack,
# icetime. Checks that the design fits the part, that the bitstream is written and has the
# HX8K's size, and that both timing estimates (nextpnr's and icetime's) are at or above the
# board's 12 MHz clock.
# Prints TAP lines.
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/board/check_fpga.sh
. tests/lib/rtl.sh
R=build/fpga/reports
mkdir -p "$R"
T0=$(date +%s)
if REPORTS=$R sh fpga/build.sh hx8k-small > build/fpga/check.log 2>&1; then
    ok "fpga/build.sh hx8k-small ran (synthesis, place and route, icepack, icetime)"
else
    notok "fpga/build.sh hx8k-small failed (see build/fpga/check.log)"
    exit 1
fi
rep=$R/hx8k-small.txt
if grep -q '^logic cells: .*fits: yes$' "$rep"; then
    ok "the board fits the HX8K: $(sed -n 's/^logic cells: \(.*\); block RAMs: \(.*\); fits.*/\1 logic cells, \2 block RAMs/p' "$rep")"
else
    notok "the board does not fit the HX8K ($rep)"
fi
bin=build/fpga/hx8k-small/xl_board_hx8k.bin
# An HX8K bitstream is 135,100 bytes (icepack, no comment): the size says it is the whole
# configuration of that part.
sz=$(wc -c < "$bin" 2>/dev/null || echo 0)
if [ "$sz" -eq 135100 ]; then ok "bitstream $bin written ($sz bytes)"
else notok "bitstream $bin: $sz bytes, expected 135100"; fi
fm=$(sed -n 's/^Fmax: nextpnr \([0-9.]*\) MHz, icetime \([0-9.]*\) MHz$/\1 \2/p' "$rep")
# shellcheck disable=SC2086  # two numbers
set -- $fm
if [ $# -eq 2 ] && awk -v a="$1" -v b="$2" 'BEGIN { exit !(a >= 12 && b >= 12) }'; then
    ok "timing at the board's 12 MHz: nextpnr $1 MHz, icetime $2 MHz"
else
    notok "timing: nextpnr ${1:-?} MHz, icetime ${2:-?} MHz (need 12 MHz; $rep)"
fi
info "wall time $(( $(date +%s) - T0 )) s"
[ "$XL_FAIL" = 0 ]
