#!/bin/sh
# mutants_dram_gsn.sh [NAME...] - mutation test of the xl_dram_gsn lockstep checker: each
# mutant is a patch of rtl/xl_dram_gsn.sv (tests/lockstep/mutants/dram_gsn/NAME.patch; its
# header says which rule of model/include/xlat/dram_gsn.h it breaks and, in a "Params:"
# line, the parameter set it needs when not the small one: paper, or small_fifo, the small
# set with GqStrictHead 0, see build_dram_gsn.sh), built by
# build_dram_gsn.sh --mutant NAME from a patched copy of rtl/, and the lockstep against the
# unchanged C twin must report a MISMATCH for it (random, then pressure stimulus, seeds 1 to
# 3, until one does). A mutant that survives every run means the stimulus or the comparison
# is too weak. Default: every patch of the directory.
# Prints one TAP line per mutant ("ok - mutant X killed ..."); exit status 1 if one survives
# or fails to build. Mutant builds go one at a time (nice): each is a Verilator build.
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/lockstep/mutants_dram_gsn.sh
. tests/lib/rtl.sh

xl_mutants_begin dram_gsn build/rtl/dram_gsn/mutants "$@"

for m in $MUTANTS; do
    set=$(xl_mutant_field dram_gsn "$m" Params)
    set=${set:-small}
    cyc=20000
    params=small
    case $set in
        paper) cyc=5000 params=paper ;;
    esac
    # -O0: a mutant model compiles in half the time and is killed within a few hundred cycles.
    bin=$(XL_VL_OPT=-O0 nice sh tests/lockstep/build_dram_gsn.sh --mutant "$m" \
          2> "$LOG/$m.build.log")
    xl_mutant_test "$m" "$m ($set)" "$bin" "random pressure" --params "$params" --cycles "$cyc" \
        --cov-min 0 --no-rerun || status=1
done
exit $status
