#!/bin/sh
# mutants_pwc.sh [NAME...] - mutation test of the xl_pwc lockstep checker: each mutant is a
# patch of rtl/xl_pwc.sv (tests/lockstep/mutants/pwc/NAME.patch; its header says which rule
# of docs/isca18-micro18.md §2.6 or of the twin's step order it breaks), built by
# build_pwc.sh --mutant NAME from a patched copy of rtl/, and the lockstep against the
# unchanged C twin must report a MISMATCH for it. A mutant that survives every seed means the
# stimulus or the comparison is too weak. Default: every patch of the directory.
# Prints one TAP line per mutant ("ok - mutant X killed ..."); exit status 1 if one survives
# or fails to build.
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/lockstep/mutants_pwc.sh
. tests/lib/rtl.sh

xl_mutants_begin pwc build/rtl/pwc/mutants "$@"

for m in $MUTANTS; do
    # -O0: a mutant model compiles in half the time and is killed within a few hundred cycles.
    bin=$(XL_VL_OPT=-O0 sh tests/lockstep/build_pwc.sh --mutant "$m" 2> "$LOG/$m.build.log")
    xl_mutant_test "$m" "$m" "$bin" random --params small --cycles 20000 --cov-min 0 \
        --no-rerun || status=1
done
exit $status
