#!/bin/sh
# build_walk_sched.sh [--aging-small LIST] [--aging-paper LIST] | [--mutant NAME:POLICY ...]
# builds the xl_walk_sched Verilator lockstep harness (docs/rtl.md §1.10,
# §1.11; same layout as build.sh of xl_pwc) under build/rtl/lockstep/walk_sched/, never in
# the source tree:
#
#   1. the C twin (model/src/iommu/walk_sched.c, rng.c) with cc;
#   2. rtl/xl_walk_sched.sv Verilated once per (parameter set, policy, AgingThreshold), each
#      a separate model class Vws_<set>_<policy>_a<aging> (Policy and AgingThreshold are RTL
#      parameters, so each value is its own model), two builds at a time:
#        small  NumSlots 16, TagWidth 8,  CntWidth 16 (counters wrap: compared modulo
#               2^16), StampResetValue 0xFFFFFF00 (stamps cross 2^32 after 256
#               arrivals, again after every reset), LfsrSeed 0xACE1; AgingThreshold 8
#               (aging fires often)
#        paper  NumSlots 256 (the ISCA'18 IOMMU buffer), TagWidth 16, CntWidth 64,
#               StampResetValue 0, LfsrSeed 0x2545F491; AgingThreshold 2000000 (the
#               paper's) and 64 (so aging fires with 256 slots)
#      The numbers are written here once and passed to Verilator (-G) and to the harness
#      (the generated ws_models.h: the model list and both parameter sets);
#   3. tests/lockstep/xl_walk_sched_lockstep.cpp linked with every model:
#      build/rtl/lockstep/walk_sched/xl_walk_sched_lockstep.
#
# --aging-small / --aging-paper "N ..." replace the AgingThreshold lists (the harness's
# --aging must be one of them); that build goes to walk_sched/aging-S-P/.
# --mutant NAME:POLICY (repeatable) builds instead walk_sched/mutants/xl_walk_sched_lockstep
# holding one small model per mutant, Verilated with +define+XL_MUTANT_NAME (hooks at the
# top of rtl/xl_walk_sched.sv) and the given policy; the harness picks one with --mutant.
# Steps whose inputs are older than their outputs are skipped. Prints the binary's path.
cd "$(dirname "$0")/../.." || exit 1

OUT=build/rtl/lockstep/walk_sched
AGING_SMALL="8"
AGING_PAPER="2000000 64"
custom_aging=
MUTANTS=

die() { echo "build_walk_sched.sh: $*" >&2; exit 1; }
usage() { echo "build_walk_sched.sh: error: $*" >&2; exit 2; }

policy_num() {
    case "$1" in
        fcfs) echo 0 ;; random) echo 1 ;; simt) echo 2 ;;
        *) return 1 ;;
    esac
}

while [ $# -gt 0 ]; do
    case "$1" in
        --mutant)
            [ $# -ge 2 ] || usage "--mutant needs NAME:POLICY"
            name=${2%%:*}; pol=${2#*:}
            case "$name" in
                ''|*[!A-Z0-9_]*) usage "bad mutant name '$name'" ;;
            esac
            policy_num "$pol" > /dev/null || usage "--mutant $2: policy is fcfs|random|simt"
            grep -q "XL_MUTANT_$name\b" rtl/xl_walk_sched.sv ||
                usage "rtl/xl_walk_sched.sv has no hook XL_MUTANT_$name"
            MUTANTS="$MUTANTS $name:$pol"
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

# {NumSlots, TagWidth, CntWidth, StampResetValue (hex), LfsrSeed (hex)}
SMALL="16 8 16 FFFFFF00 0000ACE1"
PAPER="256 16 64 00000000 2545F491"

VINC="$(verilator --getenv VERILATOR_ROOT)/include"
RTL="rtl/xl_walk_sched.sv"
RTL_DEPS="rtl/xl_walk_sched.sv rtl/xl_assert.svh tests/lockstep/build_walk_sched.sh
          tests/lockstep/walk_sched_waiver.vlt"
MODEL_SRC="model/src/iommu/walk_sched.c model/src/kernel/rng.c"
VFLAGS="--cc --build -j 2 -Wall --assert --trace --x-assign unique --x-initial unique -O3
        tests/lockstep/walk_sched_waiver.vlt
        -Irtl --top-module xl_walk_sched -MAKEFLAGS OPT_FAST=-O1"
CXXFLAGS="-std=c++17 -O2 -g0 -Wall -Wextra -Wno-unused-parameter -faligned-new
          -DVM_TRACE=1 -DVM_TRACE_VCD=1 -DVM_COVERAGE=0 -DVM_SC=0"

# stale OUTPUT INPUT...: true if OUTPUT is missing or older than an input.
stale() {
    out=$1; shift
    [ -f "$out" ] || return 0
    [ -n "$(find "$@" -newer "$out" 2>/dev/null | head -n 1)" ]
}

# gflags "SLOTS TAGW CNTW STAMP SEED" POLICYNUM AGING
gflags() {
    # shellcheck disable=SC2086  # split the parameter set into its fields
    set -- $1 "$2" "$3"
    echo "-GNumSlots=$1 -GTagWidth=$2 -GCntWidth=$3 -GStampResetValue=32'h$4" \
         "-GLfsrSeed=32'h$5 -GPolicy=$6 -GAgingThreshold=$7"
}
# geom "SLOTS TAGW CNTW STAMP SEED" -> C initialiser
geom() {
    # shellcheck disable=SC2086  # split the parameter set into its fields
    set -- $1
    echo "{${1}u, ${2}u, ${3}u, 0x${4}u, 0x${5}u}"
}

# verilate DIR PREFIX "GEOM" POLICY AGING MUTANT ("-" = none); a subshell runs it, so a
# failure leaves DIR.failed behind.
verilate() {
    dir=$1; prefix=$2; g=$(gflags "$3" "$(policy_num "$4")" "$5")
    if [ "$6" = - ]; then def=""; else def="+define+XL_MUTANT_$6 -Wno-fatal"; fi
    # shellcheck disable=SC2086  # a list of files
    if stale "$dir/${prefix}__ALL.a" $RTL_DEPS; then
        rm -rf "$dir"
        # shellcheck disable=SC2086
        verilator $VFLAGS --prefix "$prefix" -Mdir "$dir" $g $def $RTL > "$dir.log" 2>&1 ||
            { cat "$dir.log" >&2; : > "$dir.failed"; }
    fi
}

mkdir -p "$OUT/obj"
for src in $MODEL_SRC; do
    obj="$OUT/obj/$(basename "$src" .c).o"
    if stale "$obj" "$src" model/include/xlat tests/lockstep/build_walk_sched.sh; then
        cc -std=c11 -O2 -Wall -Wextra -Imodel/include -c "$src" -o "$obj" || die "cc $src failed"
    fi
done
MODEL_OBJ="$OUT/obj/walk_sched.o $OUT/obj/rng.o"

# The models of this build: lines "SET POLICY AGING MUTANT PREFIX".
if [ -n "$MUTANTS" ]; then
    BOUT="$OUT/mutants"
    a=${AGING_SMALL%% *}
    LIST=""
    for mp in $MUTANTS; do
        LIST="${LIST}small ${mp#*:} $a ${mp%%:*} Vws_mut_${mp%%:*}
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
fi
mkdir -p "$BOUT"
printf '%s' "$LIST" > "$BOUT/models.txt"

# Verilate two models at a time (each compile is mostly one large file, so two parallel
# builds use two cores better than one build with make -j 2).
rm -f "$BOUT"/*.failed
n=0
while read -r set pol a mut prefix; do
    if [ "$set" = small ]; then g=$SMALL; else g=$PAPER; fi
    verilate "$BOUT/$prefix" "$prefix" "$g" "$pol" "$a" "$mut" &
    n=$((n + 1))
    if [ $n -ge 2 ]; then
        wait
        n=0
    fi
done < "$BOUT/models.txt"
wait
for f in "$BOUT"/*.failed; do
    [ -e "$f" ] && die "verilator failed for ${f%.failed} (see ${f%.failed}.log)"
done

# Include dirs, libraries and the generated header.
INCS=""
LIBS=""
FIRST=""
HDR_TMP="$BOUT/ws_models.h.tmp"
{
    echo "/* ws_models.h - generated by tests/lockstep/build_walk_sched.sh: the Verilated"
    echo " * models linked into this harness binary and their parameter sets. */"
    echo "#define XL_WS_SMALL_GEOM $(geom "$SMALL")"
    echo "#define XL_WS_PAPER_GEOM $(geom "$PAPER")"
} > "$HDR_TMP"
MODELS=""
while read -r set pol a mut prefix; do
    dir="$BOUT/$prefix"
    [ -n "$FIRST" ] || FIRST="$dir/$prefix"
    INCS="$INCS -I$dir"
    LIBS="$LIBS $dir/${prefix}__ALL.a"
    echo "#include \"$prefix.h\"" >> "$HDR_TMP"
    echo "#include \"${prefix}___024root.h\"" >> "$HDR_TMP"
    [ "$mut" = - ] && mut=""
    MODELS="$MODELS X(\"$set\", $(policy_num "$pol"), ${a}u, \"$mut\", $prefix)"
done < "$BOUT/models.txt"
echo "#define XL_WS_MODELS(X)$MODELS" >> "$HDR_TMP"
if cmp -s "$HDR_TMP" "$BOUT/ws_models.h"; then
    rm -f "$HDR_TMP"
else
    mv "$HDR_TMP" "$BOUT/ws_models.h"
fi

# Verilator's runtime (verilated.o, verilated_vcd_c.o, verilated_threads.o), once per
# binary: 5.006 builds it only for --exe, so ask the first model's makefile for it.
FDIR=$(dirname "$FIRST")
FPRE=$(basename "$FIRST")
VL_OBJ="$FDIR/verilated.o $FDIR/verilated_vcd_c.o $FDIR/verilated_threads.o"
if stale "$FDIR/verilated.o" "$FIRST.mk"; then
    make -C "$FDIR" -f "$FPRE.mk" verilated.o verilated_vcd_c.o verilated_threads.o \
        > "$BOUT/runtime.log" 2>&1 || { cat "$BOUT/runtime.log" >&2; die "runtime build failed"; }
fi

MAIN_O="$BOUT/xl_walk_sched_lockstep.o"
# shellcheck disable=SC2086
if stale "$MAIN_O" tests/lockstep/xl_walk_sched_lockstep.cpp tests/lockstep/lockstep.h \
        model/include/xlat "$BOUT/ws_models.h" $LIBS; then
    # shellcheck disable=SC2086
    g++ $CXXFLAGS -I"$VINC" -I"$VINC/vltstd" -I"$BOUT" $INCS -Imodel/include \
        -Itests/lockstep -c tests/lockstep/xl_walk_sched_lockstep.cpp -o "$MAIN_O" \
        || die "harness compile failed"
fi

BIN="$BOUT/xl_walk_sched_lockstep"
# shellcheck disable=SC2086
if stale "$BIN" "$MAIN_O" $MODEL_OBJ $LIBS; then
    # shellcheck disable=SC2086
    g++ -o "$BIN" "$MAIN_O" $MODEL_OBJ $LIBS $VL_OBJ -pthread -latomic || die "link of $BIN failed"
fi
echo "$BIN"
