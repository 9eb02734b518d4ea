#!/bin/sh
# check_board.sh - the board top with its host program (fpga/README.md): the Verilated board
# (fpga/rtl/xl_board.sv, UART included; tests/board/xl_board_sim.cpp) behind a pseudo-
# terminal, and `xlat-board` (sw/board/) pointed at it as it would be at a board's serial
# port, comparing every cycle's record with the C twin. Random requests and replays of
# `xlat run --iommu-trace` recordings on the HX8K bitstream's parameters and on a set
# with the one-cycle scan and SIMT-aware selection (wide); two RTL mutants that the host must
# catch; the host against tests/board/fake_board.c (the C twin as the board) for what the
# simulation cannot reach: a corrupted completion, a board that goes silent, and runs past
# 2^32 cycles; bad options. Prints TAP lines.
#   XL_BOARD_REQUESTS   requests per run (default 300)
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/board/check_board.sh
. tests/lib/rtl.sh
. tests/board/lib.sh
T0=$(date +%s)
N=${XL_BOARD_REQUESTS:-300}

# --------------------------------------------------------------------------- builds
for s in hx8k wide; do
    if sh tests/board/build_board.sh "$s" > "$L/build-$s.log" 2>&1; then
        ok "board $s Verilated (walk path, UART, event stream; tests/board/build_board.sh)"
    else
        notok "board $s: Verilator build failed (see $L/build-$s.log)"
    fi
done
if make -s "$HOST" "$XLAT" build/libxlat.a > "$L/build-host.log" 2>&1; then
    ok "xlat-board built"
else
    notok "xlat-board: build failed (see $L/build-host.log)"
    exit 1
fi
FAKE=build/tests/fake_board
mkdir -p build/tests
if cc -std=c11 -O2 -Wall -Wextra -Imodel/include tests/board/fake_board.c build/libxlat.a -lm \
       -o "$FAKE" > "$L/build-fake.log" 2>&1; then
    ok "fake_board built (the C twin behind the protocol)"
else
    notok "fake_board: build failed (see $L/build-fake.log)"
fi

# --------------------------------------------------------------------------- runs
SIM=$B/hx8k/xl_board_sim
for seed in 1 2; do
    board hx8k "$SIM" "$L/hx8k-random-$seed.log" --requests "$N" --seed "$seed"
    pass "board hx8k, random requests, seed $seed" "$L/hx8k-random-$seed.log"
done
board hx8k "$SIM" "$L/hx8k-stepall.log" --requests "$N" --seed 3 --step-all --window 4
pass "board hx8k, random requests, seed 3, every cycle stepped, window 4" "$L/hx8k-stepall.log"
board wide "$B/wide/xl_board_sim" "$L/wide-random-1.log" --requests "$N" --seed 1
pass "board wide (SIMT, one-cycle scan, 3 walkers), random requests, seed 1" "$L/wide-random-1.log"

# Replays: traces recorded by the model with the HX8K board's parameters.
for w in mvt xsbench; do
    if t=$(record "$w"); then
        board hx8k "$SIM" "$L/hx8k-replay-$w.log" --replay "$t" --requests "$N"
        pass "board hx8k, replay of the first $N requests of $w (xlat run --iommu-trace)" \
            "$L/hx8k-replay-$w.log"
    else
        notok "record $w: xlat run failed (see $L/record-$w.log)"
    fi
done

# Mutants of the RTL the host must catch (tests/lockstep/mutants/).
for m in coalesce/NBR_SHIFT walk_path/RESUME_SHALLOW; do
    n=${m#*/}
    if ! sh tests/board/build_board.sh hx8k --mutant "$m" > "$L/build-$n.log" 2>&1; then
        notok "mutant $m: build failed (see $L/build-$n.log)"
        continue
    fi
    board "m-$n" "$B/hx8k-$n/xl_board_sim" "$L/mutant-$n.log" --requests 1000 --seed 1
    if [ "$HRC" = 1 ] && grep -q '^MISMATCH cycle' "$L/mutant-$n.log"; then
        ok "mutant $m caught by the host: $(grep -m 1 '^MISMATCH' "$L/mutant-$n.log")"
    else
        notok "mutant $m not caught: host exit $HRC (see $L/mutant-$n.log)"
    fi
done

# The fake board (the C twin): past 2^32 cycles, a corrupted completion, a silent board.
fake() {   # fake LOG FAKE-ARGS... -- HOST-ARGS...: sets HRC
    _log=$1; shift
    timeout 300 "$FAKE" "$@" > "$_log" 2>&1
    HRC=$?
}
if [ -x "$FAKE" ]; then
    fake "$L/fake-jump.log" --idle-jump 2000000000 -- "$HOST" --port @PTY --requests 200 --seed 4
    c=$(sed -n 's/^PASS cycles=\([0-9]*\) .*/\1/p' "$L/fake-jump.log")
    if [ "$HRC" = 0 ] && [ -n "$c" ] && [ "$c" -gt 4294967296 ]; then
        ok "fake board, idle jumps of 2e9 cycles: $c cycles (past 2^32), every record equal"
    else
        notok "fake board, idle jumps: exit $HRC, cycles ${c:-?} (see $L/fake-jump.log)"
    fi
    fake "$L/fake-corrupt.log" --corrupt-cpl 5 -- "$HOST" --port @PTY --requests 200 --seed 5
    if [ "$HRC" = 1 ] && grep -q "^MISMATCH .*tag: board" "$L/fake-corrupt.log"; then
        ok "fake board, the fifth completion's tag flipped: the host reports it"
    else
        notok "fake board, corrupted completion: exit $HRC (see $L/fake-corrupt.log)"
    fi
    fake "$L/fake-mute.log" --mute-after 20 -- "$HOST" --port @PTY --requests 200 --seed 6 \
        --timeout-ms 1000
    if [ "$HRC" = 1 ] && grep -q 'no answer from the board' "$L/fake-mute.log"; then
        ok "fake board silent after 20 records: the host stops with 'no answer'"
    else
        notok "fake board, silent: exit $HRC (see $L/fake-mute.log)"
    fi
fi

# --------------------------------------------------------------------------- bad input
# one line on stderr, exit 2, for each.
badopt() {   # badopt WHAT ARGS...
    _w=$1; shift
    "$HOST" "$@" > "$L/bad.out" 2> "$L/bad.err"
    _rc=$?
    if [ "$_rc" = 2 ] && [ "$(wc -l < "$L/bad.err")" = 1 ] && [ ! -s "$L/bad.out" ]; then
        ok "xlat-board $_w: exit 2, one line ($(cat "$L/bad.err"))"
    else
        notok "xlat-board $_w: exit $_rc, $(wc -l < "$L/bad.err") line(s) on stderr"
    fi
}
badopt "without --port" --requests 5
badopt "with a port that does not exist" --port "$B/no-such-tty"
badopt "--requests abc" --port "$B/no-such-tty" --requests abc
badopt "--mode sideways" --port "$B/no-such-tty" --mode sideways
badopt "--replay of a missing trace" --port "$B/no-such-tty" --replay "$B/no-such.tr"

info "wall time $(( $(date +%s) - T0 )) s"
[ "$XL_FAIL" = 0 ]
