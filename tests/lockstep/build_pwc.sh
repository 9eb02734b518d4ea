#!/bin/sh
# build_pwc.sh [--mutant NAME] - builds the xl_pwc Verilator lockstep harness (tests/lockstep/
# README.md; docs/rtl.md §1.10, §1.11) into build/rtl/pwc/lockstep/.
#
#   1. the C twin's files (MODEL_SRC below: pwc.c, tlb.c for the tree-PLRU helpers, rng.c)
#      with cc;
#   2. rtl/xl_pwc.sv Verilated twice (--cc --build, no SystemC), one model per parameter set:
#        small  Vxl_pwc_small  L4 2x2, L3 4x2, L2 8x4 entries x ways, StatWidth 12
#        paper  Vxl_pwc_paper  L4 4x4, L3 8x4, L2 32x4 (configs/isca18.ini), StatWidth 64
#      The geometry is written here once and passed to Verilator (-G) and to the harness
#      (-DXL_PWC_*_GEOM);
#   3. tests/lockstep/xl_pwc_lockstep.cpp linked with both models:
#      build/rtl/pwc/lockstep/xl_pwc_lockstep.
#
# --mutant NAME Verilates only the small model, from a copy of rtl/ with
# tests/lockstep/mutants/pwc/NAME.patch applied, and links it with a small-only harness:
# build/rtl/pwc/lockstep/mut-NAME/xl_pwc_lockstep.
# Steps whose inputs are older than their outputs are skipped. Prints the binary's path.
# XL_VL_OPT sets the C++ optimisation of the Verilated models (default -O1).
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/lockstep/build_pwc.sh
. tests/lib/rtl.sh

OUT=build/rtl/pwc/lockstep
OPT_FAST=${XL_VL_OPT:--O1}   # C++ optimisation of the Verilated models (mutants use -O0)
xl_mutant_arg pwc "$@"

# {L4Entries, L4Ways, L3Entries, L3Ways, L2Entries, L2Ways, StatWidth}
SMALL="2 2 4 2 8 4 12"
PAPER="4 4 8 4 32 4 64"

gflags() {   # gflags "E4 W4 E3 W3 E2 W2 SW"
    # shellcheck disable=SC2086  # split the parameter set into its fields
    set -- $1
    echo "-GL4Entries=$1 -GL4Ways=$2 -GL3Entries=$3 -GL3Ways=$4" \
         "-GL2Entries=$5 -GL2Ways=$6 -GStatWidth=$7"
}

MODEL_SRC="model/src/iommu/pwc.c model/src/kernel/tlb.c model/src/kernel/rng.c"
VLT=tests/lockstep/xl_pwc_waiver.vlt
# model DIR NAME RTLDIR "GEOM": the xl_verilate_list line of model Vxl_pwc_NAME.
model() {
    echo "$1/$2 Vxl_pwc_$2 $(xl_vl_deps "$3" $VLT xl_pwc.sv)" \
         "$(xl_vl_args "$3" xl_pwc $VLT xl_pwc.sv) -j 2 --assert --trace" \
         "-MAKEFLAGS OPT_FAST=$OPT_FAST $(gflags "$4")"
}

# shellcheck disable=SC2086  # a list of files
MODEL_OBJ=$(xl_model_objs "$OUT/obj" $MODEL_SRC) || exit 1
CXXFLAGS="$XL_CXXFLAGS -O2 -DVM_TRACE=1 -DXL_PWC_SMALL_GEOM=$(xl_geom "$SMALL")"
CXXFLAGS="$CXXFLAGS -DXL_PWC_PAPER_GEOM=$(xl_geom "$PAPER")"

if [ -z "$MUTANT" ]; then
    # The two models side by side (the paper model's largest file dominates either way).
    D=$OUT
    { model "$D" paper rtl "$PAPER"; model "$D" small rtl "$SMALL"; } | xl_verilate_list || exit 1
    LIBS="$D/small/Vxl_pwc_small__ALL.a $D/paper/Vxl_pwc_paper__ALL.a"
    OBJ=$OUT/obj/xl_pwc_lockstep.o
    HFLAGS="-I$D/small -I$D/paper"
    HDEPS=$LIBS
else
    D=$OUT/mut-$MUTANT
    MRTL=$(xl_mutant_rtl pwc "$MUTANT" "$D") || exit 1
    echo "$(model "$D" small "$MRTL" "$SMALL") -Wno-fatal" | xl_verilate_list || exit 1
    LIBS="$D/small/Vxl_pwc_small__ALL.a"
    # One small-only harness object serves every mutant: it reaches the model through its
    # ports only, and every mutant's Vxl_pwc_small has the same ports.
    OBJ=$OUT/obj/xl_pwc_lockstep_small.o
    HFLAGS="-DXL_ONLY_SMALL -I$D/small"
    HDEPS=""
fi
VL_OBJ=$(xl_vl_runtime "$D/small" Vxl_pwc_small "$OUT/runtime" verilated.o verilated_vcd_c.o \
    verilated_threads.o) || exit 1
xl_harness tests/lockstep/xl_pwc_lockstep.cpp "$OBJ" "$D/xl_pwc_lockstep" "$CXXFLAGS $HFLAGS" \
    "$HDEPS" "$MODEL_OBJ $LIBS $VL_OBJ"
echo "$D/xl_pwc_lockstep"
