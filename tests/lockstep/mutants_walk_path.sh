#!/bin/sh
# mutants_walk_path.sh [NAME...] - mutation test of the xl_walk_path lockstep checker: each
# mutant is a patch of rtl/xl_walk_path.sv (tests/lockstep/mutants/walk_path/NAME.patch; its
# header says which rule of the C twin, model/include/xlat/walk_path.h, it breaks), built by
# build_walk_path.sh --mutant NAME at the small_random_both parameter set (16 slots,
# 2 walkers, RANDOM, coalescing both) under build/rtl/iommu/mut-NAME/, and the lockstep
# against the unchanged twin must report a MISMATCH for it. A mutant that survives every seed
# means the stimulus or the comparison is too weak. Default: every patch of the directory.
# Prints one TAP line per mutant ("ok - mutant X killed ..."); exit status 1 if one survives
# or fails to build.
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/lockstep/mutants_walk_path.sh
. tests/lib/rtl.sh

xl_mutants_begin walk_path build/rtl/iommu/mutants "$@"

for m in $MUTANTS; do
    # -O0 (build_walk_path.sh's default for mutants): compiles fast, killed within a few
    # thousand cycles.
    bin=$(sh tests/lockstep/build_walk_path.sh --mutant "$m" 2> "$LOG/$m.build.log" | tail -n 1)
    xl_mutant_test "$m" "$m" "$bin" random --params small_random_both --cycles 30000 \
        --cov-min 0 --no-rerun || status=1
done
exit $status
