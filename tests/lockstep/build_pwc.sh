#!/bin/sh
# build_pwc.sh [--mutant NAME] - builds the xl_pwc Verilator lockstep harness (tests/lockstep/
# README.md; docs/rtl.md §1.10, §1.11) into build/rtl/pwc/lockstep/.
#
#   1. the C twin's files (model/src/iommu/pwc.c, tlb.c for the tree-PLRU helpers, rng.c) with cc;
#   2. rtl/xl_pwc.sv Verilated twice (--cc --build, no SystemC), one model per parameter set:
#        small  Vxl_pwc_small  L4 2x2, L3 4x2, L2 8x4 entries x ways, StatWidth 12
#        paper  Vxl_pwc_paper  L4 4x4, L3 8x4, L2 32x4 (configs/isca18.ini), StatWidth 64
#      The geometry is written here once and passed to Verilator (-G) and to the harness
#      (-DXL_PWC_*_GEOM);
#   3. tests/lockstep/xl_pwc_lockstep.cpp linked with both models:
#      build/rtl/pwc/lockstep/xl_pwc_lockstep.
#
# --mutant NAME re-Verilates only the small model with +define+XL_MUTANT_NAME (see the hooks
# at the top of rtl/xl_pwc.sv) and links build/rtl/pwc/lockstep/mut-NAME/xl_pwc_lockstep.
# Steps whose inputs are older than their outputs are skipped. Prints the binary's path.
# XL_VL_OPT sets the C++ optimisation of the Verilated models (default -O1).
cd "$(dirname "$0")/../.." || exit 1

OUT=build/rtl/pwc/lockstep
OPT_FAST=${XL_VL_OPT:--O1}   # C++ optimisation of the Verilated models (mutants use -O0)
MUTANT=
case "$1" in
    --mutant) MUTANT=$2 ;;
    "") ;;
    *) echo "build_pwc.sh: error: unknown option '$1' (--mutant NAME)" >&2; exit 2 ;;
esac

# {L4Entries, L4Ways, L3Entries, L3Ways, L2Entries, L2Ways, StatWidth}
SMALL="2 2 4 2 8 4 12"
PAPER="4 4 8 4 32 4 64"

gflags() {   # gflags "E4 W4 E3 W3 E2 W2 SW"
    set -- $1
    echo "-GL4Entries=$1 -GL4Ways=$2 -GL3Entries=$3 -GL3Ways=$4" \
         "-GL2Entries=$5 -GL2Ways=$6 -GStatWidth=$7"
}
geom() {     # geom "E4 ..." -> {E4,...}
    echo "{$(echo "$1" | tr ' ' ',')}"
}

VINC="$(verilator --getenv VERILATOR_ROOT)/include"
RTL="rtl/xl_pwc.sv"
RTL_DEPS="rtl/xl_pwc.sv rtl/xl_assert.svh tests/lockstep/build_pwc.sh
          tests/lockstep/xl_pwc_waiver.vlt"
MODEL_SRC="model/src/iommu/pwc.c model/src/kernel/tlb.c model/src/kernel/rng.c"
VFLAGS="--cc --build -j 2 -Wall --assert --trace --x-assign unique --x-initial unique -O3
        tests/lockstep/xl_pwc_waiver.vlt
        -Irtl --top-module xl_pwc -MAKEFLAGS OPT_FAST=$OPT_FAST"
CXXFLAGS="-std=c++17 -O2 -g0 -Wall -Wextra -Wno-unused-parameter -faligned-new
          -DVM_TRACE=1 -DVM_TRACE_VCD=1 -DVM_COVERAGE=0 -DVM_SC=0"

# stale OUTPUT INPUT...: true if OUTPUT is missing or older than an input.
stale() {
    out=$1; shift
    [ -f "$out" ] || return 0
    [ -n "$(find "$@" -newer "$out" 2>/dev/null | head -n 1)" ]
}

die() { echo "build_pwc.sh: $*" >&2; exit 1; }

# verilate DIR PREFIX "GEOM" [+define+...]
verilate() {
    dir=$1; prefix=$2; g=$(gflags "$3"); def=$4
    if stale "$dir/${prefix}__ALL.a" $RTL_DEPS; then
        rm -rf "$dir"
        # shellcheck disable=SC2086
        verilator $VFLAGS --prefix "$prefix" -Mdir "$dir" $g $def $RTL \
            > "$dir.log" 2>&1 || { cat "$dir.log" >&2; die "verilator failed for $dir"; }
    fi
}

mkdir -p "$OUT/obj"
for src in $MODEL_SRC; do
    obj="$OUT/obj/$(basename "$src" .c).o"
    if stale "$obj" "$src" model/include/xlat tests/lockstep/build_pwc.sh; then
        cc -std=c11 -O2 -Wall -Wextra -Imodel/include -c "$src" -o "$obj" || die "cc $src failed"
    fi
done
MODEL_OBJ="$OUT/obj/pwc.o $OUT/obj/tlb.o $OUT/obj/rng.o"

# The two models build side by side (the paper model's largest file dominates either way).
verilate "$OUT/small" Vxl_pwc_small "$SMALL" &
SMALL_PID=$!
verilate "$OUT/paper" Vxl_pwc_paper "$PAPER"
wait "$SMALL_PID" || exit 1

# Verilator's runtime (verilated.o, verilated_vcd_c.o, verilated_threads.o), once per binary:
# 5.006 builds it only for --exe, so ask the small model's makefile for the objects.
VL_OBJ="$OUT/small/verilated.o $OUT/small/verilated_vcd_c.o $OUT/small/verilated_threads.o"
if stale "$OUT/small/verilated.o" "$OUT/small/Vxl_pwc_small__ALL.a"; then
    # -O1: the runtime is not on the per-cycle path; this halves its compile time.
    make -j 2 -C "$OUT/small" -f Vxl_pwc_small.mk OPT_GLOBAL=-O1 verilated.o verilated_vcd_c.o \
        verilated_threads.o > "$OUT/runtime.log" 2>&1 \
        || { cat "$OUT/runtime.log" >&2; die "runtime build failed"; }
fi

MAIN_O="$OUT/obj/xl_pwc_lockstep.o"
if stale "$MAIN_O" tests/lockstep/xl_pwc_lockstep.cpp tests/lockstep/lockstep.h \
        model/include/xlat "$OUT/small/Vxl_pwc_small.h" "$OUT/paper/Vxl_pwc_paper.h"; then
    # shellcheck disable=SC2086
    g++ $CXXFLAGS -I"$VINC" -I"$VINC/vltstd" -I"$OUT/small" -I"$OUT/paper" -Imodel/include \
        -Itests/lockstep "-DXL_PWC_SMALL_GEOM=$(geom "$SMALL")" \
        "-DXL_PWC_PAPER_GEOM=$(geom "$PAPER")" \
        -c tests/lockstep/xl_pwc_lockstep.cpp -o "$MAIN_O" || die "harness compile failed"
fi

# link BIN SMALL_LIB_DIR
link() {
    bin=$1; sdir=$2
    if stale "$bin" "$MAIN_O" $MODEL_OBJ "$sdir/Vxl_pwc_small__ALL.a" \
            "$OUT/paper/Vxl_pwc_paper__ALL.a"; then
        # shellcheck disable=SC2086
        g++ -o "$bin" "$MAIN_O" $MODEL_OBJ "$sdir/Vxl_pwc_small__ALL.a" \
            "$OUT/paper/Vxl_pwc_paper__ALL.a" $VL_OBJ -pthread -latomic \
            || die "link of $bin failed"
    fi
}

if [ -z "$MUTANT" ]; then
    link "$OUT/xl_pwc_lockstep" "$OUT/small"
    echo "$OUT/xl_pwc_lockstep"
else
    case "$MUTANT" in
        *[!A-Z0-9_]*) echo "build_pwc.sh: error: bad mutant name '$MUTANT'" >&2; exit 2 ;;
    esac
    grep -q "XL_MUTANT_$MUTANT\b" "$RTL" || {
        echo "build_pwc.sh: error: rtl/xl_pwc.sv has no hook XL_MUTANT_$MUTANT" >&2; exit 2; }
    mkdir -p "$OUT/mut-$MUTANT"
    verilate "$OUT/mut-$MUTANT/small" Vxl_pwc_small "$SMALL" "+define+XL_MUTANT_$MUTANT"
    link "$OUT/mut-$MUTANT/xl_pwc_lockstep" "$OUT/mut-$MUTANT/small"
    echo "$OUT/mut-$MUTANT/xl_pwc_lockstep"
fi
