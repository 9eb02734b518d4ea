#!/bin/sh
# check_fpga.sh - an HX8K build of the board top in bounded time (fpga/build.sh hx8k-small:
# 2 slots and 1 walker, about two minutes; the full one, 4 slots and 3 walkers, and the
# other targets are `make fpga`): Yosys, nextpnr-ice40 with the pin constraints, icepack,
# icetime. Checks that the design fits the part, that the bitstream is written and has the
# HX8K's size, and that both timing estimates (nextpnr's and icetime's) are at or above the
# board's 12 MHz clock. Then gate-level equivalence: both netlists of that build, Yosys's
# after synthesis and icebox_vlog's of the placed and routed chip, Verilated with Yosys's
# iCE40 cell models (tests/board/build_gate.sh) and driven by xlat-board through their UART
# pins with random requests and a workload replay, every cycle's record compared with the C
# twin. Prints TAP lines.
#   XL_GATE_REQUESTS   requests per gate-level run (default 30)
#   XL_GATE_NETLISTS   which netlists (default "syn route"; make test checks "route", the
#                      chip as programmed, which a synthesis fault reaches too)
#   XL_FPGA_BUILD_RC   a file holding the exit status of an fpga/build.sh hx8k-small run
#                      already made into build/fpga (tests/run.sh starts it beside the RTL
#                      checks, as Yosys and nextpnr use one core): it is not run again
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/board/check_fpga.sh
. tests/lib/rtl.sh
. tests/board/lib.sh
R=build/fpga/reports
mkdir -p "$R"
T0=$(date +%s)
if [ -n "$XL_FPGA_BUILD_RC" ]; then
    [ "$(cat "$XL_FPGA_BUILD_RC" 2>/dev/null)" = 0 ]
else
    REPORTS=$R sh fpga/build.sh hx8k-small > build/fpga/check.log 2>&1
fi
if [ $? = 0 ]; then
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
# --------------------------------------------------------------------------- gate level
G=${XL_GATE_REQUESTS:-30}
if ! make -s "$HOST" "$XLAT" > "$L/build-host-fpga.log" 2>&1; then
    notok "xlat-board: build failed (see $L/build-host-fpga.log)"
    exit 1
fi
NETS=${XL_GATE_NETLISTS:-syn route}
for m in $NETS; do
    case $m in syn) what="post-synthesis netlist" ;; route) what="post-route netlist" ;; esac
    if ! sh tests/board/build_gate.sh "$m" > "$L/build-gate-$m.log" 2>&1; then
        notok "$what Verilated: failed (see $L/build-gate-$m.log)"
        continue
    fi
    ok "$what of hx8k-small Verilated with the iCE40 cell models"
    sim=$B/gate-$m/xl_board_sim
    board "gate-$m" "$sim" "$L/gate-$m-random.log" --requests "$G" --seed 7
    pass "$what, random requests, seed 7" "$L/gate-$m-random.log"
    if t=$(record mvt); then
        board "gate-$m" "$sim" "$L/gate-$m-replay.log" --replay "$t" --requests "$G"
        pass "$what, replay of the first $G requests of mvt" "$L/gate-$m-replay.log"
    else
        notok "record mvt: xlat run failed (see $L/record-mvt.log)"
    fi
done

info "wall time $(( $(date +%s) - T0 )) s"
[ "$XL_FAIL" = 0 ]
