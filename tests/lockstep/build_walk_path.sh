#!/bin/sh
# build_walk_path.sh [--models "NAME ..."] | [--mutant NAME] - builds the xl_walk_path Verilator
# lockstep harness (tests/lockstep/xl_walk_path_lockstep.cpp; docs/rtl.md §1.10,
# §1.11; same layout as build_pwc.sh) under build/rtl/iommu/, never in the source tree:
#
#   1. the C twin of the walk path (MODEL_SRC below: walk_path.c, walk_sched.c, pwc.c,
#      coalesce.c, tlb.c) plus the page-table builder the harness uses as its memory
#      (model/src/mem/addrspace.c, physmem.c, pagetable.c, rng.c) with cc;
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
#   mid_simt_both_pipe   32   4     simt   both     24      seed     2  2  4  2  8  4   1  10  10
#   mid_simt_both_pipe2  32   4     simt   both     24      seed     2  2  4  2  8  4   1  10  10
#   mid_simt_both_scan   32   4     simt   both     24      seed     2  2  4  2  8  4   1  10  10
# paper_* are ISCA'18/MICRO'18 Table I (256-entry buffer, 8 walkers, 4/8/32-entry PWCs);
# small_random_both is the FPGA-sized set; mid_simt_upper lowers the aging threshold so the
# AGING rule fires, and takes 3 cycles of PWC latency (walkers in LOOKUP); tiny_fcfs_leaf has
# a walker count that is not a power of two; mid_simt_both_pipe has the registered pick
# (PickPipe 1, the last column; 0 elsewhere), mid_simt_both_pipe2 the pick from registers
# (PickPipe 2), mid_simt_both_scan the pick from registers and the coalescing scan drained one
# slot a cycle (PickPipe 2, ScanPipe 1: the last column, 0 elsewhere). Statistics narrower
# than 64 bits are compared modulo 2^StatWidth.
#
# --models "NAME ..." builds only those models (into build/rtl/iommu/lockstep-NAME_.../).
# --mutant NAME builds small_random_both from a copy of rtl/ with
# tests/lockstep/mutants/walk_path/NAME.patch applied, into build/rtl/iommu/mut-NAME/. Steps
# whose inputs are older than their outputs are skipped. Prints the binary's path on its last
# line. XL_VL_OPT sets the C++ optimisation of the Verilated models (default -O1; mutants -O0).
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/lockstep/build_walk_path.sh
. tests/lib/rtl.sh

B=build/rtl/iommu
OPT_FAST=${XL_VL_OPT:--O1}
MUTANT=
ONLY=

while [ $# -gt 0 ]; do
    case "$1" in
        --mutant) [ $# -ge 2 ] || usage "--mutant needs a name"; MUTANT=$2; shift 2 ;;
        --models) [ $# -ge 2 ] || usage "--models needs a list"; ONLY=$2; shift 2 ;;
        *) usage "unknown option '$1' (--models \"NAME ...\" | --mutant NAME)" ;;
    esac
done
[ -z "$MUTANT" ] || [ -z "$ONLY" ] || usage "--mutant and --models exclude each other"

# name slots walkers policy coalesce aging lfsr e4 w4 e3 w3 e2 w2 pwc_latency tagw statw pick scan
ALL_MODELS="paper_simt_both 256 8 simt both 2000000 c728efc6 4 4 8 4 32 4 1 16 64 0 0
paper_fcfs_off 256 8 fcfs off 2000000 c728efc6 4 4 8 4 32 4 1 16 64 0 0
small_random_both 16 2 random both 2000000 c728efc6 2 2 4 2 8 4 1 12 10 0 0
mid_simt_upper 32 4 simt upper 24 c728efc6 2 2 4 2 8 4 3 10 10 0 0
tiny_fcfs_leaf 8 3 fcfs leaf 2000000 c728efc6 2 2 2 2 4 2 2 8 8 0 0
mid_simt_both_pipe 32 4 simt both 24 c728efc6 2 2 4 2 8 4 1 10 10 1 0
mid_simt_both_pipe2 32 4 simt both 24 c728efc6 2 2 4 2 8 4 1 10 10 2 0
mid_simt_both_scan 32 4 simt both 24 c728efc6 2 2 4 2 8 4 1 10 10 2 1"
# Built only when --models names them (make bench-rtl-speed): the paper set with the pick
# from registers and the drained scan.
EXTRA_MODELS="paper_simt_both_scan 256 8 simt both 2000000 c728efc6 4 4 8 4 32 4 1 16 64 2 1"

R=rtl
if [ -n "$MUTANT" ]; then
    xl_mutant_check walk_path "$MUTANT"
    LIST=$(echo "$ALL_MODELS" | grep '^small_random_both ')
    OUT=$B/mut-$MUTANT
    R=$(xl_mutant_rtl walk_path "$MUTANT" "$OUT") || exit 1
    DEF=-Wno-fatal
    OPT_FAST=${XL_VL_OPT:--O0}
elif [ -n "$ONLY" ]; then
    LIST=""
    for n in $ONLY; do
        l=$(printf '%s\n%s\n' "$ALL_MODELS" "$EXTRA_MODELS" | grep "^$n ") ||
            usage "no model called '$n'"
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

MODEL_SRC="model/src/iommu/walk_path.c model/src/iommu/walk_sched.c model/src/iommu/pwc.c
           model/src/iommu/coalesce.c model/src/kernel/tlb.c model/src/kernel/rng.c
           model/src/mem/physmem.c model/src/mem/pagetable.c model/src/mem/addrspace.c"
VLT=tests/lockstep/xl_walk_path_waiver.vlt
RTL="xl_walk_path.sv xl_walk_sched.sv xl_pwc.sv xl_coalesce.sv"
# shellcheck disable=SC2086  # a list of files
DEPS=$(xl_vl_deps "$R" $VLT $RTL)
# shellcheck disable=SC2086
VFLAGS="$(xl_vl_args "$R" xl_walk_path $VLT $RTL) -j 2 --assert --trace
        -MAKEFLAGS OPT_FAST=$OPT_FAST"

# gflags "MODEL LINE": the model's parameters as Verilator -G options.
gflags() {
    # shellcheck disable=SC2086  # split the line into its fields
    set -- $1
    echo "-GNumSlots=$2 -GNumWalkers=$3 -GPolicy=$(policy_num "$4") -GCoalesce=$(coal_num "$5")" \
         "-GAgingThreshold=$6 -GLfsrSeed=32'h$7 -GL4Entries=$8 -GL4Ways=$9 -GL3Entries=${10}" \
         "-GL3Ways=${11} -GL2Entries=${12} -GL2Ways=${13} -GPwcLatency=${14} -GTagWidth=${15}" \
         "-GStatWidth=${16} -GPickPipe=${17} -GScanPipe=${18}"
}

mkdir -p "$OUT"
# shellcheck disable=SC2086  # a list of files
MODEL_OBJ=$(xl_model_objs "$B/obj" $MODEL_SRC) || exit 1

echo "$LIST" > "$OUT/models.txt"
while read -r line; do
    [ -n "$line" ] || continue
    name=${line%% *}
    # shellcheck disable=SC2086
    echo "$OUT/$name Vxl_walk_path_$name $DEPS" $VFLAGS "$(gflags "$line") $DEF"
done < "$OUT/models.txt" | xl_verilate_list || exit 1

# The generated header: every model's class and parameters (X-macro).
HDR="$OUT/iommu_models.h"
{
    echo "/* iommu_models.h - generated by tests/lockstep/build_walk_path.sh: the Verilated"
    echo " * xl_walk_path models linked into this harness binary and their parameter sets. */"
} > "$HDR.tmp"
INCS=""
LIBS=""
FIRST=""
MODELS=""
while read -r name slots walkers pol coal aging lfsr e4 w4 e3 w3 e2 w2 lat tagw statw pp sp; do
    [ -n "$name" ] || continue
    prefix="Vxl_walk_path_$name"
    xl_model_add "$OUT/$name" "$prefix" "$HDR"
    MODELS="$MODELS X($prefix, \"$name\", $slots, $walkers, $(policy_num "$pol"),"
    MODELS="$MODELS $(coal_num "$coal"), ${aging}u, 0x${lfsr}u, $e4, $w4, $e3, $w3, $e2, $w2,"
    MODELS="$MODELS $lat, $tagw, $statw, $pp, $sp)"
done < "$OUT/models.txt"
echo "#define XL_WALK_PATH_MODELS(X)$MODELS" >> "$HDR.tmp"
[ -n "$MUTANT" ] && echo "#define XL_WALK_PATH_MUTANT \"$MUTANT\"" >> "$HDR.tmp"
xl_models_harness xl_walk_path_lockstep "$OUT" "$HDR" "$B/runtime"
