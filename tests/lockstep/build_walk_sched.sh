#!/bin/sh
# build_walk_sched.sh [--aging-small LIST] [--aging-paper LIST] | [--mutant NAME:POLICY ...]
# builds the xl_walk_sched Verilator lockstep harness (docs/rtl.md §1.10, §1.11; same layout
# as build_pwc.sh) under build/rtl/lockstep/walk_sched/, never in the source tree:
#
#   1. the C twin (MODEL_SRC below: walk_sched.c, rng.c) with cc;
#   2. rtl/xl_walk_sched.sv Verilated once per (parameter set, policy, AgingThreshold), each
#      a separate model class Vws_<set>_<policy>_a<aging> (Policy and AgingThreshold are RTL
#      parameters, so each value is its own model), two builds at a time:
#        small  NumSlots 16, TagWidth 8,  CntWidth 16 (counters wrap: compared modulo
#               2^16), StampResetValue 0xFFFFFF00 (stamps cross 2^32 after 256
#               arrivals, again after every reset), LfsrSeed 0xACE1; AgingThreshold 8
#               (aging fires often)
#        paper  NumSlots 256 (the ISCA'18 IOMMU buffer), TagWidth 16, CntWidth 64,
#               StampResetValue 0xFFFFFF00 (the first 256 arrivals fill the buffer with
#               stamps below 2^32, later ones wrap, so picks by age compare stamps across
#               the wrap within a short run; the C's reset value 0 is the one the top's
#               lockstep runs, with the scheduler's state compared), LfsrSeed 0x2545F491;
#               AgingThreshold 2000000 (the paper's) and 64 (so aging fires with 256 slots)
#      The numbers are written here once and passed to Verilator (-G) and to the harness
#      (the generated ws_models.h: the model list and both parameter sets);
#   3. tests/lockstep/xl_walk_sched_lockstep.cpp linked with every model:
#      build/rtl/lockstep/walk_sched/xl_walk_sched_lockstep.
#
# --aging-small / --aging-paper "N ..." replace the AgingThreshold lists (the harness's
# --aging must be one of them); that build goes to walk_sched/aging-S-P/.
# --mutant NAME:POLICY (repeatable) builds instead walk_sched/mutants/xl_walk_sched_lockstep
# holding one small model per mutant, each Verilated from a copy of rtl/ with
# tests/lockstep/mutants/walk_sched/NAME.patch applied, with the given policy; the harness
# picks one with --mutant.
# Steps whose inputs are older than their outputs are skipped. Prints the binary's path.
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/lockstep/build_walk_sched.sh
. tests/lib/rtl.sh

OUT=build/rtl/lockstep/walk_sched
AGING_SMALL="8"
AGING_PAPER="2000000 64"
custom_aging=
MUTANTS=

while [ $# -gt 0 ]; do
    case "$1" in
        --mutant)
            [ $# -ge 2 ] || usage "--mutant needs NAME:POLICY[:SET]"
            name=${2%%:*}; rest=${2#*:}; pol=${rest%%:*}; mset=small
            [ "$rest" = "$pol" ] || mset=${rest#*:}
            xl_mutant_check walk_sched "$name"
            policy_num "$pol" > /dev/null || usage "--mutant $2: policy is fcfs|random|simt"
            case $mset in small|small_pipe|small_pipe2) ;;
                *) usage "--mutant $2: set is small, small_pipe or small_pipe2" ;; esac
            MUTANTS="$MUTANTS $name:$pol:$mset"
            shift 2 ;;
        --aging-small) [ $# -ge 2 ] || usage "--aging-small needs a list"
                       AGING_SMALL=$2; custom_aging=1; shift 2 ;;
        --aging-paper) [ $# -ge 2 ] || usage "--aging-paper needs a list"
                       AGING_PAPER=$2; custom_aging=1; shift 2 ;;
        *) usage "unknown option '$1' (--aging-small LIST, --aging-paper LIST," \
                 "--mutant NAME:POLICY)" ;;
    esac
done
for a in $AGING_SMALL $AGING_PAPER; do
    case "$a" in
        *[!0-9]*) usage "AgingThreshold '$a' is not a number" ;;
    esac
    if [ "$a" -lt 1 ] || [ "$a" -gt 1073741824 ]; then
        usage "AgingThreshold $a is outside 1..1073741824"
    fi
done
if [ -z "$AGING_SMALL" ] || [ -z "$AGING_PAPER" ]; then
    usage "empty AgingThreshold list"
fi
[ -z "$MUTANTS" ] || [ -z "$custom_aging" ] || usage "--mutant builds use the default agings"

# NumSlots TagWidth CntWidth StampResetValue LfsrSeed PickPipe; the _pipe sets are the
# registered pick, the _pipe2 sets the pick from registers (rtl/README.md, xl_walk_sched
# "PickPipe")
SMALL="16 8 16 FFFFFF00 0000ACE1 0"
PAPER="256 16 64 FFFFFF00 2545F491 0"
SMALL_PIPE="16 8 16 FFFFFF00 0000ACE1 1"
PAPER_PIPE="256 16 64 FFFFFF00 2545F491 1"
SMALL_PIPE2="16 8 16 FFFFFF00 0000ACE1 2"
PAPER_PIPE2="256 16 64 FFFFFF00 2545F491 2"

MODEL_SRC="model/src/iommu/walk_sched.c model/src/kernel/rng.c"
VLT=tests/lockstep/walk_sched_waiver.vlt

# gflags "SLOTS TAGW CNTW STAMP SEED" POLICYNUM AGING
gflags() {
    # shellcheck disable=SC2086  # split the parameter set into its fields
    set -- $1 "$2" "$3"
    echo "-GNumSlots=$1 -GTagWidth=$2 -GCntWidth=$3 -GStampResetValue=32'h$4" \
         "-GLfsrSeed=32'h$5 -GPickPipe=$6 -GPolicy=$7 -GAgingThreshold=$8"
}
# geom "SLOTS TAGW CNTW STAMP SEED" -> C initialiser
geom() {
    # shellcheck disable=SC2086  # split the parameter set into its fields
    set -- $1
    echo "{${1}u, ${2}u, ${3}u, 0x${4}u, 0x${5}u, ${6}u}"
}

# shellcheck disable=SC2086  # a list of files
MODEL_OBJ=$(xl_model_objs "$OUT/obj" $MODEL_SRC) || exit 1

# The models of this build: lines "SET POLICY AGING MUTANT PREFIX".
if [ -n "$MUTANTS" ]; then
    BOUT="$OUT/mutants"
    a=${AGING_SMALL%% *}
    LIST=""
    for mp in $MUTANTS; do
        name=${mp%%:*}; rest=${mp#*:}
        LIST="${LIST}${rest#*:} ${rest%%:*} $a $name Vws_mut_$name
"
    done
else
    if [ -n "$custom_aging" ]; then
        BOUT="$OUT/aging-$(echo "$AGING_SMALL" | tr ' ' '_')-$(echo "$AGING_PAPER" | tr ' ' '_')"
    else
        BOUT="$OUT"
    fi
    LIST=""
    for set in small paper; do
        if [ $set = small ]; then agings=$AGING_SMALL; else agings=$AGING_PAPER; fi
        for pol in fcfs random simt; do
            for a in $agings; do
                LIST="${LIST}$set $pol $a - Vws_${set}_${pol}_a${a}
"
            done
        done
    done
    # The registered picks: the small set under every policy, the paper set under SIMT.
    if [ -z "$custom_aging" ]; then
        for pp in pipe pipe2; do
            for pol in fcfs random simt; do
                LIST="${LIST}small_$pp $pol 8 - Vws_small_${pp}_${pol}_a8
"
            done
            LIST="${LIST}paper_$pp simt 64 - Vws_paper_${pp}_simt_a64
"
        done
    fi
fi
mkdir -p "$BOUT"
printf '%s' "$LIST" > "$BOUT/models.txt"

# Each model's Verilator line (a mutant's from its patched copy of rtl/), two at a time.
while read -r set pol a mut prefix; do
    case $set in
        small) g=$SMALL ;; paper) g=$PAPER ;;
        small_pipe) g=$SMALL_PIPE ;; paper_pipe) g=$PAPER_PIPE ;;
        small_pipe2) g=$SMALL_PIPE2 ;; paper_pipe2) g=$PAPER_PIPE2 ;;
    esac
    if [ "$mut" = - ]; then
        r=rtl; extra=""
    else
        r=$(xl_mutant_rtl walk_sched "$mut" "$BOUT/$prefix-src") || exit 1
        extra=-Wno-fatal
    fi
    echo "$BOUT/$prefix $prefix $(xl_vl_deps "$r" $VLT xl_walk_sched.sv)" \
         "$(xl_vl_args "$r" xl_walk_sched $VLT xl_walk_sched.sv) -j 2 --assert --trace" \
         "-MAKEFLAGS OPT_FAST=-O1 $(gflags "$g" "$(policy_num "$pol")" "$a") $extra"
done < "$BOUT/models.txt" > "$BOUT/verilate.txt" || exit 1
xl_verilate_list < "$BOUT/verilate.txt"

# Include dirs, libraries and the generated header.
INCS=""
LIBS=""
FIRST=""
HDR="$BOUT/ws_models.h"
{
    echo "/* ws_models.h - generated by tests/lockstep/build_walk_sched.sh: the Verilated"
    echo " * models linked into this harness binary and their parameter sets. */"
    echo "#define XL_WS_SMALL_GEOM $(geom "$SMALL")"
    echo "#define XL_WS_PAPER_GEOM $(geom "$PAPER")"
    echo "#define XL_WS_SMALL_PIPE_GEOM $(geom "$SMALL_PIPE")"
    echo "#define XL_WS_PAPER_PIPE_GEOM $(geom "$PAPER_PIPE")"
    echo "#define XL_WS_SMALL_PIPE2_GEOM $(geom "$SMALL_PIPE2")"
    echo "#define XL_WS_PAPER_PIPE2_GEOM $(geom "$PAPER_PIPE2")"
} > "$HDR.tmp"
MODELS=""
while read -r set pol a mut prefix; do
    xl_model_add "$BOUT/$prefix" "$prefix" "$HDR"
    [ "$mut" = - ] && mut=""
    MODELS="$MODELS X(\"$set\", $(policy_num "$pol"), ${a}u, \"$mut\", $prefix)"
done < "$BOUT/models.txt"
echo "#define XL_WS_MODELS(X)$MODELS" >> "$HDR.tmp"
xl_models_harness xl_walk_sched_lockstep "$BOUT" "$HDR" "$OUT/runtime"
