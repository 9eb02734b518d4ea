#!/bin/sh
# build_coalesce.sh [--mutant NAME] - builds the xl_coalesce Verilator lockstep harness
# (tests/lockstep/xl_coalesce_lockstep.cpp; docs/rtl.md §1.10, §1.11) into
# build/rtl/lockstep/coalesce/, never into the source tree:
#
#   1. the C twin's files (model/src/iommu/coalesce.c, model/src/kernel/rng.c) with cc;
#   2. rtl/xl_coalesce.sv Verilated once per parameter set and mode (Mode is an RTL
#      parameter), eight models Vxl_coalesce_{small,paper}_{off,leaf,upper,both}:
#        small  NumSlots 16,  NumWalkers 2, StatWidth 10 (counters compared modulo 2^10)
#        paper  NumSlots 256, NumWalkers 8, StatWidth 64 (MICRO'18: 256-entry buffer,
#               8 walkers)
#      two at a time (2 cores). The parameter sets are written here once and passed to
#      Verilator (-G) and to the harness (-DXL_CO_*_GEOM);
#   3. the harness linked with all eight: build/rtl/lockstep/coalesce/xl_coalesce_lockstep.
#
# --mutant NAME Verilates only the small "both" model with +define+XL_MUTANT_NAME (hooks at
# the top of rtl/xl_coalesce.sv) and without --assert, so that only the C comparison can
# kill the mutant, and links build/rtl/lockstep/coalesce/mut-NAME/xl_coalesce_lockstep.
# Mutant builds have no waveform support and less C++ optimisation (they run 20k cycles).
# Steps whose inputs are older than their outputs are skipped. Prints the binary's path.
# XL_VL_OPT sets the C++ optimisation of the Verilated models (default -O1).
cd "$(dirname "$0")/../.." || exit 1

OUT=build/rtl/lockstep/coalesce
OPT_FAST=${XL_VL_OPT:--O1}
MUTANT=
case "$1" in
    --mutant)
        [ -n "$2" ] || { echo "build_coalesce.sh: error: --mutant needs a NAME" >&2; exit 2; }
        MUTANT=$2 ;;
    "") ;;
    *) echo "build_coalesce.sh: error: unknown option '$1' (--mutant NAME)" >&2; exit 2 ;;
esac

# {NumSlots, NumWalkers, StatWidth}
SMALL="16 2 10"
PAPER="256 8 64"

gflags() {   # gflags "SLOTS WALKERS STATWIDTH" MODE
    set -- $1 "$2"
    echo "-GNumSlots=$1 -GNumWalkers=$2 -GStatWidth=$3 -GMode=$4"
}
geom() {     # geom "A B C" -> {A,B,C}
    echo "{$(echo "$1" | tr ' ' ',')}"
}
mode_num() {
    case "$1" in off) echo 0 ;; leaf) echo 1 ;; upper) echo 2 ;; both) echo 3 ;; esac
}

VINC="$(verilator --getenv VERILATOR_ROOT)/include"
RTL="rtl/xl_coalesce.sv"
RTL_DEPS="rtl/xl_coalesce.sv rtl/xl_assert.svh tests/lockstep/build_coalesce.sh
          tests/lockstep/verilator_coalesce.vlt"
MODEL_SRC="model/src/iommu/coalesce.c model/src/kernel/rng.c"
VFLAGS="--cc --build -j 1 -Wall --x-assign unique --x-initial unique -O3
        tests/lockstep/verilator_coalesce.vlt -Irtl --top-module xl_coalesce
        -MAKEFLAGS VM_PARALLEL_BUILDS=0"
CXXFLAGS="-std=c++17 -g0 -Wall -Wextra -Wno-unused-parameter -faligned-new
          -DVM_TRACE_VCD=1 -DVM_COVERAGE=0 -DVM_SC=0"

# stale OUTPUT INPUT...: true if OUTPUT is missing or older than an input.
stale() {
    out=$1; shift
    [ -f "$out" ] || return 0
    [ -n "$(find "$@" -newer "$out" 2>/dev/null | head -n 1)" ]
}

die() { echo "build_coalesce.sh: $*" >&2; exit 1; }

# verilate DIR PREFIX "GEOM" MODE EXTRA-FLAGS: exit status 1 on failure (log in DIR.log).
verilate() {
    dir=$1; prefix=$2; g=$(gflags "$3" "$(mode_num "$4")"); extra=$5
    if stale "$dir/${prefix}__ALL.a" $RTL_DEPS; then
        rm -rf "$dir"
        mkdir -p "$(dirname "$dir")"
        # shellcheck disable=SC2086
        verilator $VFLAGS $extra --prefix "$prefix" -Mdir "$dir" $g $RTL \
            > "$dir.log" 2>&1 || return 1
    fi
    return 0
}

mkdir -p "$OUT/obj"
for src in $MODEL_SRC; do
    obj="$OUT/obj/$(basename "$src" .c).o"
    if stale "$obj" "$src" model/include/xlat tests/lockstep/build_coalesce.sh; then
        cc -std=c11 -O2 -Wall -Wextra -Imodel/include -c "$src" -o "$obj" || die "cc $src failed"
    fi
done
MODEL_OBJ="$OUT/obj/coalesce.o $OUT/obj/rng.o"
GEOMS="-DXL_CO_SMALL_GEOM=$(geom "$SMALL") -DXL_CO_PAPER_GEOM=$(geom "$PAPER")"

# runtime DIR PREFIX SHARED OBJ...: Verilator's runtime objects, built once by the model's
# makefile in DIR (5.006 builds them only for --exe) and kept in SHARED for later builds.
runtime() {
    dir=$1; prefix=$2; shared=$3; shift 3
    mkdir -p "$shared"
    for o in "$@"; do
        if [ ! -f "$shared/$o" ]; then
            make -C "$dir" -f "$prefix.mk" "$o" > "$shared/runtime.log" 2>&1 \
                || { cat "$shared/runtime.log" >&2; die "runtime build failed"; }
            cp "$dir/$o" "$shared/$o"
        fi
        printf '%s ' "$shared/$o"
    done
}

if [ -z "$MUTANT" ]; then
    # Two lanes of four models, about equal work (the paper models dominate).
    lane() {
        for pm in "$@"; do
            p=${pm%_*}; m=${pm#*_}
            if [ "$p" = small ]; then g=$SMALL; else g=$PAPER; fi
            verilate "$OUT/$pm" "Vxl_coalesce_$pm" "$g" "$m" \
                "--assert --trace -MAKEFLAGS OPT_FAST=$OPT_FAST" || return 1
        done
    }
    lane paper_upper paper_off small_upper small_off &
    LANE_PID=$!
    lane paper_both paper_leaf small_both small_leaf
    rc_b=$?
    wait "$LANE_PID"
    rc_a=$?
    if [ "$rc_a" != 0 ] || [ "$rc_b" != 0 ]; then
        for l in "$OUT"/*.log; do
            grep -l '%Error' "$l" > /dev/null 2>&1 && cat "$l" >&2
        done
        die "verilator failed (logs in $OUT/*.log)"
    fi
    MODELS="small_off small_leaf small_upper small_both paper_off paper_leaf paper_upper
            paper_both"
    VL_OBJ=$(runtime "$OUT/small_both" Vxl_coalesce_small_both "$OUT/runtime" \
        verilated.o verilated_vcd_c.o verilated_threads.o)
    INC=""
    LIBS=""
    for pm in $MODELS; do
        INC="$INC -I$OUT/$pm"
        LIBS="$LIBS $OUT/$pm/Vxl_coalesce_${pm}__ALL.a"
    done
    MAIN_O="$OUT/obj/xl_coalesce_lockstep.o"
    # shellcheck disable=SC2086
    if stale "$MAIN_O" tests/lockstep/xl_coalesce_lockstep.cpp tests/lockstep/lockstep.h \
            model/include/xlat $LIBS; then
        # shellcheck disable=SC2086
        g++ $CXXFLAGS -O2 -DVM_TRACE=1 -I"$VINC" -I"$VINC/vltstd" $INC -Imodel/include \
            -Itests/lockstep \
            $GEOMS -c tests/lockstep/xl_coalesce_lockstep.cpp -o "$MAIN_O" \
            || die "harness compile failed"
    fi
    BIN="$OUT/xl_coalesce_lockstep"
    # shellcheck disable=SC2086
    if stale "$BIN" "$MAIN_O" $MODEL_OBJ $LIBS; then
        # shellcheck disable=SC2086
        g++ -o "$BIN" "$MAIN_O" $MODEL_OBJ $LIBS $VL_OBJ -pthread -latomic \
            || die "link of $BIN failed"
    fi
    echo "$BIN"
else
    case "$MUTANT" in
        *[!A-Z0-9_]*) echo "build_coalesce.sh: error: bad mutant name '$MUTANT'" >&2; exit 2 ;;
    esac
    grep -q "XL_MUTANT_$MUTANT\b" "$RTL" || {
        echo "build_coalesce.sh: error: $RTL has no hook XL_MUTANT_$MUTANT" >&2; exit 2; }
    MD="$OUT/mut-$MUTANT"
    mkdir -p "$MD/obj"
    verilate "$MD/small_both" Vxl_coalesce_small_both "$SMALL" both \
        "+define+XL_MUTANT_$MUTANT -Wno-fatal -MAKEFLAGS OPT_FAST=-O0" \
        || { cat "$MD/small_both.log" >&2; die "verilator failed"; }
    VL_OBJ=$(runtime "$MD/small_both" Vxl_coalesce_small_both "$OUT/mut-runtime" \
        verilated.o verilated_threads.o)
    LIB="$MD/small_both/Vxl_coalesce_small_both__ALL.a"
    MAIN_O="$MD/obj/xl_coalesce_lockstep.o"
    if stale "$MAIN_O" tests/lockstep/xl_coalesce_lockstep.cpp tests/lockstep/lockstep.h \
            model/include/xlat "$LIB"; then
        # shellcheck disable=SC2086
        g++ $CXXFLAGS -O1 -DVM_TRACE=0 -DXL_ONLY_SMALL_BOTH -I"$VINC" -I"$VINC/vltstd" \
            -I"$MD/small_both" \
            -Imodel/include -Itests/lockstep $GEOMS \
            -c tests/lockstep/xl_coalesce_lockstep.cpp -o "$MAIN_O" \
            || die "harness compile failed"
    fi
    BIN="$MD/xl_coalesce_lockstep"
    # shellcheck disable=SC2086
    if stale "$BIN" "$MAIN_O" $MODEL_OBJ "$LIB"; then
        # shellcheck disable=SC2086
        g++ -o "$BIN" "$MAIN_O" $MODEL_OBJ "$LIB" $VL_OBJ -pthread -latomic \
            || die "link of $BIN failed"
    fi
    echo "$BIN"
fi
