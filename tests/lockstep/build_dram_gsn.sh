#!/bin/sh
# build_dram_gsn.sh [--model-objs] [--mutant NAME] - builds the xl_dram_gsn Verilator lockstep harness
# (tests/lockstep/README.md; docs/rtl.md §1.10, §1.11; same layout as build_pwc.sh) into
# build/rtl/dram_gsn/lockstep/:
#
#   1. the C twin's files (MODEL_SRC below: dram_gsn.c, rng.c) with cc;
#   2. rtl/xl_dram_gsn.sv Verilated twice (--cc --build, no SystemC), one model per
#      parameter set (the numbers are written here once and passed to
#      Verilator as -G and to the harness as -DXL_GSN_*_GEOM):
#        small  Vxl_dram_gsn_small  Banks 4, GQ/SQ/NQ 2/4/6, NApps 3, ThreshMax 9,
#               GqBackpressure 1, GqStrictHead 1, SilverTimeout 11, RowW 3, TagW 8,
#               StatWidth 12 (counters compared modulo 2^12)
#        paper  Vxl_dram_gsn_paper  Banks 8, 16/64/192 (ASPLOS'18 §7.4, configs/mask.ini),
#               NApps 2, ThreshMax 500, GqBackpressure 0, GqStrictHead 0, SilverTimeout 0,
#               RowW 16, TagW 32, StatWidth 64
#   3. tests/lockstep/xl_dram_gsn_lockstep.cpp linked with both models:
#      build/rtl/dram_gsn/lockstep/xl_dram_gsn_lockstep.
#
# --mutant NAME Verilates only the small model, from a copy of rtl/ with
# tests/lockstep/mutants/dram_gsn/NAME.patch applied, and links it with a small-only
# harness without waveform support: build/rtl/dram_gsn/lockstep/mut-NAME/xl_dram_gsn_lockstep.
# A patch whose header has a line "Params: paper" builds the paper model instead (a
# paper-only harness), "Params: small_fifo" the small one with GqStrictHead 0 (SMALL_FIFO).
# --model-objs builds only the C twin's objects (step 1), which every build shares, so that
# a harness build and mutant builds can then run side by side.
# Steps whose inputs are older than their outputs are skipped. Prints the binary's path.
# XL_VL_OPT sets the C++ optimisation of the Verilated models (default -O1).
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/lockstep/build_dram_gsn.sh
. tests/lib/rtl.sh

OUT=build/rtl/dram_gsn/lockstep
OPT_FAST=${XL_VL_OPT:--O1}   # C++ optimisation of the Verilated models (mutants use -O0)
OBJS_ONLY=
if [ "$1" = --model-objs ]; then
    OBJS_ONLY=1
    shift
fi
xl_mutant_arg dram_gsn "$@"

# {Banks, GqEntries, SqEntries, NqEntries, NApps, ThreshMax, GqBackpressure, GqStrictHead,
#  SilverTimeout, RowW, TagW, StatWidth}
SMALL="4 2 4 6 3 9 1 1 11 3 8 12"
PAPER="8 16 64 192 2 500 0 0 0 16 32 64"
# Mutants only: the small set with the Golden queue a FIFO per bank (GqStrictHead 0), for
# mutants of that path, which the small set's strict head never takes ("Params: small_fifo").
SMALL_FIFO="4 2 4 6 3 9 1 0 11 3 8 12"

gflags() {   # gflags "the 12 numbers"
    # shellcheck disable=SC2086  # split the parameter set into its fields
    set -- $1
    echo "-GBanks=$1 -GGqEntries=$2 -GSqEntries=$3 -GNqEntries=$4 -GNApps=$5" \
         "-GThreshMax=$6 -GGqBackpressure=$7 -GGqStrictHead=$8 -GSilverTimeout=$9" \
         "-GRowW=${10} -GTagW=${11} -GStatWidth=${12}"
}

MODEL_SRC="model/src/mem/dram_gsn.c model/src/kernel/rng.c"
VLT=tests/lockstep/xl_dram_gsn_waiver.vlt
# model DIR NAME RTLDIR "GEOM" [--trace]: the xl_verilate_list line of model
# Vxl_dram_gsn_NAME.
model() {
    echo "$1/$2 Vxl_dram_gsn_$2 $(xl_vl_deps "$3" $VLT xl_dram_gsn.sv)" \
         "$(xl_vl_args "$3" xl_dram_gsn $VLT xl_dram_gsn.sv) -j 2 --assert $5" \
         "-MAKEFLAGS OPT_FAST=$OPT_FAST $(gflags "$4")"
}

# shellcheck disable=SC2086  # a list of files
MODEL_OBJ=$(xl_model_objs "$OUT/obj" $MODEL_SRC) || exit 1
[ -z "$OBJS_ONLY" ] || exit 0
# cxxflags "SMALL GEOM": the harness's flags, with the small model's parameter set.
cxxflags() {
    echo "$XL_CXXFLAGS -O2 -DXL_GSN_SMALL_GEOM=$(xl_geom "$1")" \
         "-DXL_GSN_PAPER_GEOM=$(xl_geom "$PAPER")"
}
CXXFLAGS=$(cxxflags "$SMALL")

if [ -z "$MUTANT" ]; then
    D=$OUT
    { model "$D" paper rtl "$PAPER" --trace; model "$D" small rtl "$SMALL" --trace; } |
        xl_verilate_list || exit 1
    LIBS="$D/small/Vxl_dram_gsn_small__ALL.a $D/paper/Vxl_dram_gsn_paper__ALL.a"
    OBJ=$OUT/obj/xl_dram_gsn_lockstep.o
    HFLAGS="-DVM_TRACE=1 -I$D/small -I$D/paper"
    HDEPS=$LIBS
    FIRST_SET=small
    RUNTIME="$OUT/runtime verilated.o verilated_vcd_c.o verilated_threads.o"
else
    D=$OUT/mut-$MUTANT
    MRTL=$(xl_mutant_rtl dram_gsn "$MUTANT" "$D") || exit 1
    MSET=$(xl_mutant_field dram_gsn "$MUTANT" Params)
    MSET=${MSET:-small}
    # small_fifo is built as the harness's small model with the SMALL_FIFO numbers.
    case $MSET in
        small) MGEOM=$SMALL; ONLY=XL_ONLY_SMALL; MODEL=small ;;
        small_fifo) MGEOM=$SMALL_FIFO; ONLY=XL_ONLY_SMALL; MODEL=small
                    CXXFLAGS=$(cxxflags "$SMALL_FIFO") ;;
        paper) MGEOM=$PAPER; ONLY=XL_ONLY_PAPER; MODEL=paper ;;
        *) die "mutant $MUTANT: Params: $MSET is not small, small_fifo or paper" ;;
    esac
    # No waveform support in a mutant (it is only ever killed): its model compiles faster.
    echo "$(model "$D" "$MODEL" "$MRTL" "$MGEOM") -Wno-fatal" | xl_verilate_list || exit 1
    LIBS="$D/$MODEL/Vxl_dram_gsn_${MODEL}__ALL.a"
    # One harness object per set serves every mutant: it reaches the model through its
    # ports and, for the state, through the scope table by name (no root-class layout).
    OBJ=$OUT/obj/xl_dram_gsn_lockstep_${MSET}_mut.o
    HFLAGS="-DVM_TRACE=0 -D$ONLY -I$D/$MODEL"
    HDEPS=""
    FIRST_SET=$MODEL
    RUNTIME="$OUT/mut-runtime verilated.o verilated_threads.o"
fi
# shellcheck disable=SC2086  # RUNTIME is the cache directory and the objects
VL_OBJ=$(xl_vl_runtime "$D/$FIRST_SET" "Vxl_dram_gsn_$FIRST_SET" $RUNTIME) || exit 1
xl_harness tests/lockstep/xl_dram_gsn_lockstep.cpp "$OBJ" "$D/xl_dram_gsn_lockstep" \
    "$CXXFLAGS $HFLAGS" "$HDEPS tests/lockstep/xl_gsn_trace.h" "$MODEL_OBJ $LIBS $VL_OBJ"
echo "$D/xl_dram_gsn_lockstep"
