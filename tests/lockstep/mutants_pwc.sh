#!/bin/sh
# mutants_pwc.sh [NAME...] - mutation test of the xl_pwc lockstep checker: each mutant is
# rtl/xl_pwc.sv built with one XL_MUTANT_* define that breaks one rule of docs/isca18-micro18.md
# (docs/isca18-micro18.md §2.6 counters and counter-aware PLRU, and the twin's step order), and the
# lockstep against the unchanged C twin must report a MISMATCH for it. A mutant that
# survives every seed means the stimulus or the comparison is too weak.
#   PLRU_TIE    counter-aware descent prefers the non-PLRU child
#   CNT_SAT     probe increment saturates at 2 instead of 3 (off by one)
#   DEC_WRAP    lookup decrement wraps 0 -> 3 instead of saturating at 0
#   FILL_ORDER  fill picks its victim from the PLRU bits before the lookup's touch
# Prints one TAP line per mutant ("ok - mutant X killed ..."); exit status 1 if one survives
# or fails to build.
cd "$(dirname "$0")/../.." || exit 1

MUTANTS=${*:-"PLRU_TIE CNT_SAT DEC_WRAP FILL_ORDER"}
SEEDS="1 2 3"
CYCLES=20000
LOG=build/rtl/pwc/mutants
mkdir -p "$LOG"
status=0

for m in $MUTANTS; do
    # -O0: a mutant model compiles in half the time and is killed within a few hundred cycles.
    if ! bin=$(XL_VL_OPT=-O0 sh tests/lockstep/build_pwc.sh --mutant "$m" \
            2> "$LOG/$m.build.log"); then
        echo "not ok - mutant $m: build failed (see $LOG/$m.build.log)"
        status=1
        continue
    fi
    killed=""
    for seed in $SEEDS; do
        "$bin" --params small --mode random --seed "$seed" --cycles "$CYCLES" --cov-min 0 \
            --no-rerun > "$LOG/$m-seed$seed.log" 2>&1
        rc=$?
        line=$(grep '^MISMATCH' "$LOG/$m-seed$seed.log" | head -n 1)
        if [ "$rc" = 1 ] && [ -n "$line" ]; then
            killed=$(echo "$line" | sed -n 's/.*\(seed=[0-9]*\) \(cycle=[0-9]*\).*/\1 \2/p')
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
