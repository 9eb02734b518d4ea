#!/bin/sh
# build_coalesce.sh [--mutant NAME] - builds the xl_coalesce Verilator lockstep harness
# (tests/lockstep/xl_coalesce_lockstep.cpp; docs/rtl.md §1.10, §1.11) into
# build/rtl/lockstep/coalesce/, never into the source tree:
#
#   1. the C twin's files (MODEL_SRC below: coalesce.c, rng.c) with cc;
#   2. rtl/xl_coalesce.sv Verilated once per parameter set and mode (Mode is an RTL
#      parameter), eight models Vxl_coalesce_{small,paper}_{off,leaf,upper,both}, and
#      twice more in mode both with ScanPipe 1 (Vxl_coalesce_{small,paper}_scan):
#        small  NumSlots 16,  NumWalkers 2, StatWidth 10 (counters compared modulo 2^10)
#        paper  NumSlots 256, NumWalkers 8, StatWidth 64 (MICRO'18: 256-entry buffer,
#               8 walkers)
#      two at a time (2 cores). The parameter sets are written here once and passed to
#      Verilator (-G) and to the harness (-DXL_CO_*_GEOM);
#   3. the harness linked with all ten: build/rtl/lockstep/coalesce/xl_coalesce_lockstep.
#
# --mutant NAME Verilates only the small "both" model (small "scan" for a SCAN_ mutant), from
# a copy of rtl/ with
# tests/lockstep/mutants/coalesce/NAME.patch applied and without --assert, so that only the
# C comparison can kill the mutant, and links
# build/rtl/lockstep/coalesce/mut-NAME/xl_coalesce_lockstep. Mutant builds have no waveform
# support and less C++ optimisation (they run 20k cycles).
# Steps whose inputs are older than their outputs are skipped. Prints the binary's path.
# XL_VL_OPT sets the C++ optimisation of the Verilated models (default -O1).
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/lockstep/build_coalesce.sh
. tests/lib/rtl.sh

OUT=build/rtl/lockstep/coalesce
OPT_FAST=${XL_VL_OPT:--O1}
xl_mutant_arg coalesce "$@"

# {NumSlots, NumWalkers, StatWidth}
SMALL="16 2 10"
PAPER="256 8 64"

gflags() {   # gflags "SLOTS WALKERS STATWIDTH" MODE [SCANPIPE]
    # shellcheck disable=SC2086  # split the parameter set into its fields
    set -- $1 "$2" "${3:-0}"
    echo "-GNumSlots=$1 -GNumWalkers=$2 -GStatWidth=$3 -GMode=$4 -GScanPipe=$5"
}

MODEL_SRC="model/src/iommu/coalesce.c model/src/kernel/rng.c"
VLT=tests/lockstep/verilator_coalesce.vlt
# model DIR NAME RTLDIR "GEOM" MODE [SCANPIPE]: the xl_verilate_list line of model
# Vxl_coalesce_NAME (one make job: two models build side by side).
model() {
    echo "$1/$2 Vxl_coalesce_$2 $(xl_vl_deps "$3" $VLT xl_coalesce.sv)" \
         "$(xl_vl_args "$3" xl_coalesce $VLT xl_coalesce.sv) -j 1" \
         "-MAKEFLAGS VM_PARALLEL_BUILDS=0 $(gflags "$4" "$(coal_num "$5")" "$6")"
}

# shellcheck disable=SC2086  # a list of files
MODEL_OBJ=$(xl_model_objs "$OUT/obj" $MODEL_SRC) || exit 1
CXXFLAGS="$XL_CXXFLAGS -DXL_CO_SMALL_GEOM=$(xl_geom "$SMALL")"
CXXFLAGS="$CXXFLAGS -DXL_CO_PAPER_GEOM=$(xl_geom "$PAPER")"

if [ -z "$MUTANT" ]; then
    # Paired by size, two at a time (the paper models dominate).
    for pm in paper_upper paper_both paper_scan paper_off paper_leaf small_upper small_both \
            small_scan small_off small_leaf; do
        if [ "${pm%_*}" = small ]; then g=$SMALL; else g=$PAPER; fi
        # the _scan models: mode both, ScanPipe 1
        case $pm in *_scan) md=both sp=1 ;; *) md=${pm#*_} sp=0 ;; esac
        echo "$(model "$OUT" "$pm" rtl "$g" "$md" "$sp") --assert --trace" \
             "-MAKEFLAGS OPT_FAST=$OPT_FAST"
    done | xl_verilate_list || exit 1
    INC=""
    LIBS=""
    for pm in small_off small_leaf small_upper small_both small_scan paper_off paper_leaf \
            paper_upper paper_both paper_scan; do
        INC="$INC -I$OUT/$pm"
        LIBS="$LIBS $OUT/$pm/Vxl_coalesce_${pm}__ALL.a"
    done
    VL_OBJ=$(xl_vl_runtime "$OUT/small_both" Vxl_coalesce_small_both "$OUT/runtime" \
        verilated.o verilated_vcd_c.o verilated_threads.o) || exit 1
    BIN="$OUT/xl_coalesce_lockstep"
    xl_harness tests/lockstep/xl_coalesce_lockstep.cpp "$OUT/obj/xl_coalesce_lockstep.o" "$BIN" \
        "$CXXFLAGS -O2 -DVM_TRACE=1 $INC" "$LIBS" "$MODEL_OBJ $LIBS $VL_OBJ"
else
    MD="$OUT/mut-$MUTANT"
    MRTL=$(xl_mutant_rtl coalesce "$MUTANT" "$MD") || exit 1
    # A SCAN_ mutant breaks the drained scan: the small model with ScanPipe 1.
    case $MUTANT in
        SCAN_*) pm=small_scan sp=1 only=-DXL_ONLY_SMALL_SCAN ;;
        *) pm=small_both sp=0 only=-DXL_ONLY_SMALL_BOTH ;;
    esac
    echo "$(model "$MD" $pm "$MRTL" "$SMALL" both $sp) -Wno-fatal -MAKEFLAGS OPT_FAST=-O0" |
        xl_verilate_list || exit 1
    VL_OBJ=$(xl_vl_runtime "$MD/$pm" Vxl_coalesce_$pm "$OUT/mut-runtime-$pm" \
        verilated.o verilated_threads.o) || exit 1
    LIB="$MD/$pm/Vxl_coalesce_${pm}__ALL.a"
    BIN="$MD/xl_coalesce_lockstep"
    xl_harness tests/lockstep/xl_coalesce_lockstep.cpp "$MD/xl_coalesce_lockstep.o" "$BIN" \
        "$CXXFLAGS -O1 -DVM_TRACE=0 $only -I$MD/$pm" "$LIB" \
        "$MODEL_OBJ $LIB $VL_OBJ"
fi
echo "$BIN"
