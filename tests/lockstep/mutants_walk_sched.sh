#!/bin/sh
# mutants_walk_sched.sh [NAME...] - mutation test of the xl_walk_sched lockstep checker: each
# mutant is a patch of rtl/xl_walk_sched.sv (tests/lockstep/mutants/walk_sched/NAME.patch; its
# header says which rule of docs/isca18-micro18.md §2.3-§2.5, §2.7 or §3.3 it breaks, and its
# "Policy:" line the policy it targets, its optional "Params:" line the parameter set, small
# or small_pipe, default small), and the lockstep against the unchanged C twin must
# report a MISMATCH for it. A mutant that survives every seed means the stimulus or the
# comparison is too weak. Default: every patch of the directory.
# One binary holds a small model of every mutant, each Verilated from its patched copy of
# rtl/ with its policy (build_walk_sched.sh --mutant NAME:POLICY ...); each runs a few short
# seeds in both stimulus modes until one fails. Prints one TAP line per mutant ("ok - mutant X
# killed ..."); exit status 1 if one survives or the build fails.
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/lockstep/mutants_walk_sched.sh
. tests/lib/rtl.sh

xl_mutants_begin walk_sched build/rtl/lockstep/walk_sched/mutants/logs "$@"

args=""
for m in $MUTANTS; do
    xl_mutant_check walk_sched "$m"
    set_=$(xl_mutant_field walk_sched "$m" Params)
    args="$args --mutant $m:$(xl_mutant_field walk_sched "$m" Policy):${set_:-small}"
done
# shellcheck disable=SC2086
if ! bin=$(sh tests/lockstep/build_walk_sched.sh $args 2> "$LOG/build.log"); then
    for m in $MUTANTS; do
        echo "not ok - mutant $m: build failed (see $LOG/build.log)"
    done
    exit 1
fi

for m in $MUTANTS; do
    pol=$(xl_mutant_field walk_sched "$m" Policy)
    set_=$(xl_mutant_field walk_sched "$m" Params)
    xl_mutant_kill "$m" "$m ($pol, ${set_:-small})" "$LOG/$m" "random pressure" "$bin" \
        --mutant "$m" --params "${set_:-small}" --policy "$pol" --cycles 20000 --cov-min 0 \
        --no-rerun || status=1
done
exit $status
