#!/bin/sh
# mutants_walk_path.sh [NAME...] - mutation test of the xl_walk_path lockstep checker: each mutant is
# rtl/xl_walk_path.sv built (small_random_both parameter set: 16 slots, 2 walkers, RANDOM,
# coalescing both) with one XL_MUTANT_* define that breaks one rule of the C twin
# (model/include/xlat/walk_path.h), and the lockstep against the unchanged twin must report a
# MISMATCH for it. A mutant that survives every seed means the stimulus or the comparison is
# too weak.
#   PORT_HIGHEST     the memory port goes to the highest-numbered walker that asks, not the
#                    lowest (walk_path.h "memory": the lowest-numbered walker)
#   RESUME_SHALLOW   a resumed walk ignores a deeper PWC hit (walk_path.h "Dispatch": start at
#                    PL - 1 unless the PWC hit is deeper; docs/isca18-micro18.md §3.3 E3.3)
# Prints one TAP line per mutant ("ok - mutant X killed ..."); exit status 1 if one survives or
# fails to build. Builds under build/rtl/iommu/mut-NAME/ (tests/lockstep/build_walk_path.sh).
cd "$(dirname "$0")/../.." || exit 1

MUTANTS=${*:-"PORT_HIGHEST RESUME_SHALLOW"}
SEEDS="1 2 3"
CYCLES=30000
LOG=build/rtl/iommu/mutants
mkdir -p "$LOG"
status=0

for m in $MUTANTS; do
    # -O0 (build_walk_path.sh's default for mutants): compiles fast, killed within a few thousand
    # cycles.
    if ! bin=$(sh tests/lockstep/build_walk_path.sh --mutant "$m" 2> "$LOG/$m.build.log" | tail -n 1) \
            || [ ! -x "$bin" ]; then
        echo "not ok - mutant $m: build failed (see $LOG/$m.build.log)"
        status=1
        continue
    fi
    killed=""
    for seed in $SEEDS; do
        "$bin" --params small_random_both --mode random --seed "$seed" --cycles "$CYCLES" \
            --cov-min 0 --no-rerun > "$LOG/$m-seed$seed.log" 2>&1
        rc=$?
        line=$(grep '^MISMATCH' "$LOG/$m-seed$seed.log" | head -n 1)
        if [ "$rc" = 1 ] && [ -n "$line" ]; then
            killed=$(echo "$line" | sed -n 's/.*\(seed=[0-9]*\) \(cycle=[0-9]*\).*/\1 \2/p')
            field=$(grep -- '<-- differs' "$LOG/$m-seed$seed.log" | head -n 1 | awk '{print $1}')
            break
        fi
    done
    if [ -n "$killed" ]; then
        echo "ok - mutant $m killed by the lockstep ($killed, first differing field $field)"
    else
        echo "not ok - mutant $m survived seeds $SEEDS x $CYCLES cycles (see $LOG/$m-seed*.log)"
        status=1
    fi
done
exit $status
