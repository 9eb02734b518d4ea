#!/bin/sh
# mutants_coalesce.sh [NAME...] - mutation test of the xl_coalesce lockstep checker: each
# mutant is rtl/xl_coalesce.sv built with one XL_MUTANT_* define that breaks one rule of the
# spec (docs/isca18-micro18.md §1.3 neighbourhoods, §3.3 E2.2 scan, §8 item 8 resume point), Verilated
# without --assert (so the RTL's own assertions cannot be what catches it), and the lockstep
# against the unchanged C twin must report a MISMATCH for it. A mutant that survives every
# seed means the stimulus or the comparison is too weak.
#   NBR_SHIFT     every neighbourhood key starts one VA bit higher (L1 VA[47:16], ...)
#   PL_UP         an upper line may move the resume point up (no "L < PL" test)
#   OWN_LANE      the walker's own lane is not excluded from leaf completions
#   LANE_TIE      the highest slot wins a lane instead of the lowest
#   PS_PTR        a PS entry at L2 is taken for a pointer, not a 2 MB leaf
#   NOT_PRESENT   the present bit of an entry is not checked
#   DISP_KEEP_PL  a departure leaves the slot's PL in place
# Builds run two at a time (tests/lockstep/build_coalesce.sh --mutant NAME, small parameter
# set, mode both); logs go to build/rtl/lockstep/coalesce/mutants/. Prints one TAP line per
# mutant ("ok - mutant X killed ..."); exit status 1 if one survives or fails to build.
cd "$(dirname "$0")/../.." || exit 1

MUTANTS=${*:-"NBR_SHIFT PL_UP OWN_LANE LANE_TIE PS_PTR NOT_PRESENT DISP_KEEP_PL"}
SEEDS="1 2 3"
CYCLES=20000
LOG=build/rtl/lockstep/coalesce/mutants
mkdir -p "$LOG"
status=0

# The shared runtime objects first, so the parallel builds below do not race for them.
first=${MUTANTS%% *}
sh tests/lockstep/build_coalesce.sh --mutant "$first" > "$LOG/$first.build.log" 2>&1

# Build all mutants, two at a time.
set -- $MUTANTS
while [ $# -gt 0 ]; do
    a=$1; shift
    sh tests/lockstep/build_coalesce.sh --mutant "$a" > "$LOG/$a.build.log" 2>&1 &
    pid=$!
    if [ $# -gt 0 ]; then
        b=$1; shift
        sh tests/lockstep/build_coalesce.sh --mutant "$b" > "$LOG/$b.build.log" 2>&1
    fi
    wait "$pid"
done

for m in $MUTANTS; do
    bin=$(tail -n 1 "$LOG/$m.build.log")
    if [ ! -x "$bin" ]; then
        echo "not ok - mutant $m: build failed (see $LOG/$m.build.log)"
        status=1
        continue
    fi
    killed=""
    for seed in $SEEDS; do
        "$bin" --params small --mode both --seed "$seed" --cycles "$CYCLES" --cov-min 0 \
            --no-rerun > "$LOG/$m-seed$seed.log" 2>&1
        rc=$?
        line=$(grep '^MISMATCH' "$LOG/$m-seed$seed.log" | head -n 1)
        if [ "$rc" = 1 ] && [ -n "$line" ]; then
            field=$(grep -m 1 'differs' "$LOG/$m-seed$seed.log" | awk '{print $1}')
            killed="$(echo "$line" | sed -n 's/.*\(seed=[0-9]*\) \(cycle=[0-9]*\).*/\1 \2/p')"
            killed="$killed, field $field"
            break
        fi
    done
    if [ -n "$killed" ]; then
        echo "ok - mutant $m killed by the lockstep ($killed)"
    else
        echo "not ok - mutant $m survived seeds $SEEDS x $CYCLES cycles (see $LOG/$m-seed*.log)"
        status=1
    fi
done
exit $status
