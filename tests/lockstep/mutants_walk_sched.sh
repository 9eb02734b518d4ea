#!/bin/sh
# mutants_walk_sched.sh [NAME...] - mutation test of the xl_walk_sched lockstep checker: each
# mutant is rtl/xl_walk_sched.sv built with one XL_MUTANT_* define that breaks one rule of
# docs/isca18-micro18.md ( §2.3-§2.5, §2.7, §3.3), and the lockstep against the unchanged C
# twin must report a MISMATCH for it (same idea as mutants.sh of xl_pwc). A mutant that
# survives every seed means the stimulus or the comparison is too weak.
#   TIE_YOUNGEST    min score: equal scores go to the youngest (flipped oldest tie-break)
#   AGING_EARLY     an entry counts as aged one bypass early (off-by-one threshold)
#   NO_BATCH        batching ignored
#   MERGE_LEAVING   the score merge also sees the entry dispatched at the same edge
#   KILL_BYPASS     a kill counts as a bypass (run under FCFS: only the view compare sees it)
#   RANDOM_NO_WRAP  RANDOM takes the highest candidate instead of wrapping to the lowest
#   CL_IMMEDIATE    arr_blocked does not forbid the immediate path
# One binary holds a small model of every mutant, each with the policy it targets
# (build_walk_sched.sh --mutant NAME:POLICY ...); each runs a few short seeds in both
# stimulus modes until one fails. Prints one TAP line per mutant ("ok - mutant X killed
# ..."); exit status 1 if one survives or the build fails.
cd "$(dirname "$0")/../.." || exit 1

ALL="TIE_YOUNGEST AGING_EARLY NO_BATCH MERGE_LEAVING KILL_BYPASS RANDOM_NO_WRAP CL_IMMEDIATE"
MUTANTS=${*:-$ALL}
SEEDS="1 2 3"
CYCLES=20000
LOG=build/rtl/lockstep/walk_sched/mutants/logs
mkdir -p "$LOG"
status=0

policy_of() {
    case "$1" in
        KILL_BYPASS|CL_IMMEDIATE) echo fcfs ;;
        RANDOM_NO_WRAP) echo random ;;
        *) echo simt ;;
    esac
}

args=""
for m in $MUTANTS; do
    args="$args --mutant $m:$(policy_of "$m")"
done
# shellcheck disable=SC2086
if ! bin=$(sh tests/lockstep/build_walk_sched.sh $args 2> "$LOG/build.log"); then
    for m in $MUTANTS; do
        echo "not ok - mutant $m: build failed (see $LOG/build.log)"
    done
    exit 1
fi

for m in $MUTANTS; do
    pol=$(policy_of "$m")
    killed=""
    for seed in $SEEDS; do
        for mode in random pressure; do
            log="$LOG/$m-$mode-seed$seed.log"
            "$bin" --mutant "$m" --params small --policy "$pol" --mode "$mode" --seed "$seed" \
                --cycles "$CYCLES" --cov-min 0 --no-rerun > "$log" 2>&1
            rc=$?
            line=$(grep '^MISMATCH' "$log" | head -n 1)
            if [ "$rc" = 1 ] && [ -n "$line" ]; then
                killed=$(echo "$line" |
                    sed -n 's/.*\(mode=[a-z]*\) \(seed=[0-9]*\) \(cycle=[0-9]*\).*/\1 \2 \3/p')
                break 2
            fi
        done
    done
    if [ -n "$killed" ]; then
        echo "ok - mutant $m ($pol) killed by the lockstep ($killed)"
    else
        echo "not ok - mutant $m ($pol) survived seeds $SEEDS x $CYCLES cycles x 2 modes" \
             "(see $LOG/$m-*.log)"
        status=1
    fi
done
exit $status
