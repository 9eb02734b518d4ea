#!/bin/sh
# build_walk_path.sh [--models "NAME ..."] | [--mutant NAME] - builds the xl_walk_path Verilator
# lockstep harness (tests/lockstep/xl_walk_path_lockstep.cpp; docs/rtl.md §1.10,
# §1.11; same layout as build_pwc.sh) under build/rtl/iommu/, never in the source tree:
#
#   1. the C twin of the walk path (model/src/iommu/walk_path.c, walk_sched.c, pwc.c, coalesce.c, tlb.c)
#      plus the page-table builder the harness uses as its memory (model/src/mem/addrspace.c,
#      model/src/mem/physmem.c, pagetable.c, rng.c) with cc;
#   2. rtl/xl_walk_path.sv with its sub-blocks (xl_walk_sched, xl_pwc, xl_coalesce) Verilated once
#      per parameter set below (Policy, Coalesce, sizes and the LFSR seed are RTL parameters,
#      so each set is its own model class Vxl_walk_path_<name>), two builds at a time;
#   3. the harness linked with every model: build/rtl/iommu/lockstep/xl_walk_path_lockstep.
#
# The parameter sets are written here once and reach both Verilator (-G) and the harness (the
# generated iommu_models.h). LFSR 0xc728efc6 is the seed `xlat run` derives for the walk
# scheduler from --seed 1 (model/src/iommu/iommu.c iommu_init: xl_rng_derive(seed, 0x5C4ED)), so traces recorded with
# --seed 1 and matching --set options replay on these models (the harness checks the trace's
# P line against the model and refuses a mismatch).
#
#   name              slots walkers policy coalesce aging   lfsr pwc E4 W4 E3 W3 E2 W2 lat tag stat
#   paper_simt_both     256   8     simt   both     2000000 seed     4  4  8  4 32  4   1  16  64
#   paper_fcfs_off      256   8     fcfs   off      2000000 seed     4  4  8  4 32  4   1  16  64
#   small_random_both    16   2     random both     2000000 seed     2  2  4  2  8  4   1  12  10
#   mid_simt_upper       32   4     simt   upper    24      seed     2  2  4  2  8  4   3  10  10
#   tiny_fcfs_leaf        8   3     fcfs   leaf     2000000 seed     2  2  2  2  4  2   2   8   8
# paper_* are ISCA'18/MICRO'18 Table I (256-entry buffer, 8 walkers, 4/8/32-entry PWCs);
# small_random_both is the FPGA-sized set; mid_simt_upper lowers the aging threshold so the
# AGING rule fires, and takes 3 cycles of PWC latency (walkers in LOOKUP); tiny_fcfs_leaf has
# a walker count that is not a power of two. Statistics narrower than 64 bits are compared
# modulo 2^StatWidth.
#
# --models "NAME ..." builds only those models (into build/rtl/iommu/lockstep-NAME_.../).
# --mutant NAME builds small_random_both with +define+XL_MUTANT_NAME (hooks at the top of
# rtl/xl_walk_path.sv) into build/rtl/iommu/mut-NAME/. Steps whose inputs are older than their
# outputs are skipped. Prints the binary's path on its last line. XL_VL_OPT sets the C++
# optimisation of the Verilated models (default -O1).
cd "$(dirname "$0")/../.." || exit 1

B=build/rtl/iommu
OPT_FAST=${XL_VL_OPT:--O1}
MUTANT=
ONLY=

die() { echo "build_walk_path.sh: $*" >&2; exit 1; }
usage() { echo "build_walk_path.sh: error: $* (--models \"NAME ...\" | --mutant NAME)" >&2; exit 2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --mutant) [ $# -ge 2 ] || usage "--mutant needs a name"; MUTANT=$2; shift 2 ;;
        --models) [ $# -ge 2 ] || usage "--models needs a list"; ONLY=$2; shift 2 ;;
        *) usage "unknown option '$1'" ;;
    esac
done
[ -z "$MUTANT" ] || [ -z "$ONLY" ] || usage "--mutant and --models exclude each other"

# name slots walkers policy coalesce aging lfsr e4 w4 e3 w3 e2 w2 pwc_latency tagw statw
ALL_MODELS="paper_simt_both 256 8 simt both 2000000 c728efc6 4 4 8 4 32 4 1 16 64
paper_fcfs_off 256 8 fcfs off 2000000 c728efc6 4 4 8 4 32 4 1 16 64
small_random_both 16 2 random both 2000000 c728efc6 2 2 4 2 8 4 1 12 10
mid_simt_upper 32 4 simt upper 24 c728efc6 2 2 4 2 8 4 3 10 10
tiny_fcfs_leaf 8 3 fcfs leaf 2000000 c728efc6 2 2 2 2 4 2 2 8 8"

policy_num() { case "$1" in fcfs) echo 0 ;; random) echo 1 ;; simt) echo 2 ;; *) return 1 ;; esac; }
coal_num() { case "$1" in off) echo 0 ;; leaf) echo 1 ;; upper) echo 2 ;; both) echo 3 ;;
                          *) return 1 ;; esac; }

if [ -n "$MUTANT" ]; then
    case "$MUTANT" in
        ''|*[!A-Z0-9_]*) usage "bad mutant name '$MUTANT'" ;;
    esac
    grep -q "XL_MUTANT_$MUTANT\b" rtl/xl_walk_path.sv ||
        usage "rtl/xl_walk_path.sv has no hook XL_MUTANT_$MUTANT"
    LIST=$(echo "$ALL_MODELS" | grep '^small_random_both ')
    OUT=$B/mut-$MUTANT
    DEF="+define+XL_MUTANT_$MUTANT"
    OPT_FAST=${XL_VL_OPT:--O0}
elif [ -n "$ONLY" ]; then
    LIST=""
    for n in $ONLY; do
        l=$(echo "$ALL_MODELS" | grep "^$n ") || usage "no model called '$n'"
        LIST="$LIST$l
"
    done
    OUT=$B/lockstep-$(echo $ONLY | tr ' ' '_')
    DEF=""
else
    LIST=$ALL_MODELS
    OUT=$B/lockstep
    DEF=""
fi

VINC="$(verilator --getenv VERILATOR_ROOT)/include"
RTL="rtl/xl_walk_path.sv rtl/xl_walk_sched.sv rtl/xl_pwc.sv rtl/xl_coalesce.sv"
VLT=tests/lockstep/xl_walk_path_waiver.vlt
RTL_DEPS="$RTL rtl/xl_assert.svh $VLT tests/lockstep/build_walk_path.sh"
MODEL_SRC="model/src/iommu/walk_path.c model/src/iommu/walk_sched.c model/src/iommu/pwc.c model/src/iommu/coalesce.c
           model/src/kernel/tlb.c model/src/mem/physmem.c model/src/mem/pagetable.c model/src/kernel/rng.c
           model/src/mem/addrspace.c"
VFLAGS="--cc --build -j 2 -Wall --assert --trace --x-assign unique --x-initial unique -O3
        $VLT -Irtl --top-module xl_walk_path -MAKEFLAGS OPT_FAST=$OPT_FAST"
CXXFLAGS="-std=c++17 -O2 -g0 -Wall -Wextra -Wno-unused-parameter -faligned-new
          -DVM_TRACE=1 -DVM_TRACE_VCD=1 -DVM_COVERAGE=0 -DVM_SC=0"

# stale OUTPUT INPUT...: true if OUTPUT is missing or older than an input.
stale() {
    out=$1; shift
    [ -f "$out" ] || return 0
    [ -n "$(find "$@" -newer "$out" 2>/dev/null | head -n 1)" ]
}

# verilate DIR PREFIX "MODEL LINE": in a subshell; a failure leaves DIR.failed behind.
verilate() {
    dir=$1; prefix=$2
    set -- $3
    g="-GNumSlots=$2 -GNumWalkers=$3 -GPolicy=$(policy_num "$4") -GCoalesce=$(coal_num "$5")
       -GAgingThreshold=$6 -GLfsrSeed=32'h$7 -GL4Entries=$8 -GL4Ways=$9 -GL3Entries=${10}
       -GL3Ways=${11} -GL2Entries=${12} -GL2Ways=${13} -GPwcLatency=${14} -GTagWidth=${15}
       -GStatWidth=${16}"
    if stale "$dir/${prefix}__ALL.a" $RTL_DEPS; then
        rm -rf "$dir"
        # shellcheck disable=SC2086
        verilator $VFLAGS --prefix "$prefix" -Mdir "$dir" $g $DEF $RTL > "$dir.log" 2>&1 ||
            { cat "$dir.log" >&2; : > "$dir.failed"; }
    fi
}

mkdir -p "$OUT" "$B/obj"
MODEL_OBJ=""
for src in $MODEL_SRC; do
    obj="$B/obj/$(basename "$src" .c).o"
    if stale "$obj" "$src" model/include/xlat tests/lockstep/build_walk_path.sh; then
        cc -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -Imodel/include \
            -c "$src" -o "$obj" || die "cc $src failed"
    fi
    MODEL_OBJ="$MODEL_OBJ $obj"
done

# Verilate two models at a time (each compile is mostly a few large files, so two parallel
# builds use two cores better than one build with make -j 2).
rm -f "$OUT"/*.failed
echo "$LIST" | {
    n=0
    while read -r line; do
        [ -n "$line" ] || continue
        name=${line%% *}
        verilate "$OUT/$name" "Vxl_walk_path_$name" "$line" &
        n=$((n + 1))
        if [ $n -ge 2 ]; then
            wait
            n=0
        fi
    done
    wait   # the pipeline's subshell owns the background builds
}
for f in "$OUT"/*.failed; do
    [ -e "$f" ] && die "verilator failed for ${f%.failed} (see ${f%.failed}.log)"
done

# The generated header: every model's class and parameters (X-macro).
HDR_TMP="$OUT/iommu_models.h.tmp"
{
    echo "/* iommu_models.h - generated by tests/lockstep/build_walk_path.sh: the Verilated xl_walk_path"
    echo " * models linked into this harness binary and their parameter sets. */"
} > "$HDR_TMP"
INCS=""
LIBS=""
FIRST=""
MODELS=""
echo "$LIST" > "$OUT/models.txt"
while read -r name slots walkers pol coal aging lfsr e4 w4 e3 w3 e2 w2 lat tagw statw; do
    [ -n "$name" ] || continue
    dir="$OUT/$name"
    prefix="Vxl_walk_path_$name"
    [ -n "$FIRST" ] || FIRST="$dir/$prefix"
    INCS="$INCS -I$dir"
    LIBS="$LIBS $dir/${prefix}__ALL.a"
    echo "#include \"$prefix.h\"" >> "$HDR_TMP"
    echo "#include \"${prefix}___024root.h\"" >> "$HDR_TMP"
    MODELS="$MODELS X($prefix, \"$name\", $slots, $walkers, $(policy_num "$pol"),"
    MODELS="$MODELS $(coal_num "$coal"), ${aging}u, 0x${lfsr}u, $e4, $w4, $e3, $w3, $e2, $w2,"
    MODELS="$MODELS $lat, $tagw, $statw)"
done < "$OUT/models.txt"
echo "#define XL_WALK_PATH_MODELS(X)$MODELS" >> "$HDR_TMP"
[ -n "$DEF" ] && echo "#define XL_WALK_PATH_MUTANT \"$MUTANT\"" >> "$HDR_TMP"
if cmp -s "$HDR_TMP" "$OUT/iommu_models.h"; then
    rm -f "$HDR_TMP"
else
    mv "$HDR_TMP" "$OUT/iommu_models.h"
fi

# Verilator's runtime (verilated.o, verilated_vcd_c.o, verilated_threads.o), once per binary:
# 5.006 builds it only for --exe, so ask the first model's makefile for it.
FDIR=$(dirname "$FIRST")
FPRE=$(basename "$FIRST")
VL_OBJ="$FDIR/verilated.o $FDIR/verilated_vcd_c.o $FDIR/verilated_threads.o"
if stale "$FDIR/verilated.o" "$FIRST.mk"; then
    make -j 2 -C "$FDIR" -f "$FPRE.mk" OPT_GLOBAL=-O1 verilated.o verilated_vcd_c.o \
        verilated_threads.o > "$OUT/runtime.log" 2>&1 \
        || { cat "$OUT/runtime.log" >&2; die "runtime build failed"; }
fi

MAIN_O="$OUT/xl_walk_path_lockstep.o"
# shellcheck disable=SC2086
if stale "$MAIN_O" tests/lockstep/xl_walk_path_lockstep.cpp tests/lockstep/lockstep.h \
        model/include/xlat "$OUT/iommu_models.h" $LIBS; then
    # shellcheck disable=SC2086
    g++ $CXXFLAGS -I"$VINC" -I"$VINC/vltstd" -I"$OUT" $INCS -Imodel/include \
        -Itests/lockstep -c tests/lockstep/xl_walk_path_lockstep.cpp -o "$MAIN_O" \
        || die "harness compile failed"
fi

BIN="$OUT/xl_walk_path_lockstep"
# shellcheck disable=SC2086
if stale "$BIN" "$MAIN_O" $MODEL_OBJ $LIBS; then
    # shellcheck disable=SC2086
    g++ -o "$BIN" "$MAIN_O" $MODEL_OBJ $LIBS $VL_OBJ -pthread -latomic || die "link of $BIN failed"
fi
echo "$BIN"
