#!/bin/sh
# rtl-speed.sh - simulation speed of each RTL block at the papers' parameters (256-entry
# buffer, 8 walkers, the ISCA'18 PWCs, MASK's 16/64/192 DRAM queues, which also run at
# their small set): cycles per second of the Verilator lockstep (C twin and Verilated RTL,
# every output compared every cycle) and of the Verilated RTL alone (--rtl-only). Issue 5's target: 200 k lockstep cycles/s for the IOMMU top.
# Writes bench/results/rtl-speed.md. Builds the harnesses first (tests/lockstep/build_*.sh).
#   CYCLES  cycles per run (default 200000)
#   SEED    stimulus seed (default 1)
#   BLOCKS  the blocks to measure, of pwc walk_sched coalesce walk_path dram_gsn (default
#           all); with a subset the table goes to build/bench-rtl-speed/rtl-speed-part.md
#           (printed) and bench/results/rtl-speed.md is left as it is
set -e
cd "$(dirname "$0")/.."
CYCLES=${CYCLES:-200000}
SEED=${SEED:-1}
ALL="pwc walk_sched coalesce walk_path dram_gsn"
BLOCKS=${BLOCKS:-$ALL}
for b in $BLOCKS; do
    case " $ALL " in *" $b "*) ;; *) echo "rtl-speed: unknown block '$b' (BLOCKS: $ALL)" >&2; exit 2 ;; esac
done
OUT=bench/results
mkdir -p "$OUT"
M=$OUT/rtl-speed.md
LOGD=build/bench-rtl-speed
mkdir -p "$LOGD"
[ "$BLOCKS" = "$ALL" ] || M=$LOGD/rtl-speed-part.md
want() { case " $BLOCKS " in *" $1 "*) return 0 ;; esac; return 1; }

build() {   # build NAME SCRIPT ARGS...: prints the harness binary
    _n=$1; shift
    sh "$@" > "$LOGD/build-$_n.log" 2>&1 || { echo "rtl-speed: $* failed (see $LOGD/build-$_n.log)" >&2; exit 1; }
    tail -n 1 "$LOGD/build-$_n.log"
}

echo "rtl-speed: building the lockstep harnesses ($BLOCKS)"
! want pwc || PWC=$(build pwc tests/lockstep/build_pwc.sh)
! want walk_sched || WS=$(build walk_sched tests/lockstep/build_walk_sched.sh)
! want coalesce || CO=$(build coalesce tests/lockstep/build_coalesce.sh)
if want walk_path; then
    IO=$(build iommu tests/lockstep/build_walk_path.sh)
    IOS=$(build iommu_scan tests/lockstep/build_walk_path.sh --models "paper_simt_both paper_simt_both_scan")
fi
! want dram_gsn || GSN=$(build dram_gsn tests/lockstep/build_dram_gsn.sh)

# one LABEL BINARY ARGS...: a row with the lockstep and the RTL-alone speed.
one() {
    _label=$1 _bin=$2; shift 2
    _row="| $_label |"
    for _only in "" --rtl-only; do
        _t0=$(date +%s%N)
        "$_bin" "$@" --seed "$SEED" --cycles "$CYCLES" --cov-min 0 --no-rerun $_only \
            > "$LOGD/run.log" 2>&1 || { echo "rtl-speed: $_bin $* $_only failed:" >&2;
                                         tail -n 20 "$LOGD/run.log" >&2; exit 1; }
        _t1=$(date +%s%N)
        _row="$_row $(awk -v c="$CYCLES" -v ns=$((_t1 - _t0)) \
            'BEGIN { printf "%.2f s, %.0f", ns / 1e9, c / (ns / 1e9) }') |"
    done
    echo "$_row" >> "$M"
    echo "  $_label done"
}

{
echo "# RTL simulation speed"
echo
echo "\`make bench-rtl-speed\` (bench/rtl-speed.sh): $CYCLES cycles per run, seed $SEED, random"
echo "stimulus, one process on one core; Verilator $(verilator --version | awk '{print $2}'),"
echo "host $(uname -m), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //')."
echo "Lockstep: the C twin and the Verilated RTL, every output and counter compared every cycle."
echo
echo "| block, parameters | lockstep: time, cycles/s | RTL alone: time, cycles/s |"
echo "|---|---:|---:|"
} > "$M"
if want pwc; then
one "xl_pwc, paper (L4 4x4, L3 8x4, L2 32x4)" "$PWC" --params paper --mode random
fi
if want walk_sched; then
one "xl_walk_sched, paper (256 slots), FCFS" "$WS" --params paper --policy fcfs --mode random
one "xl_walk_sched, paper (256 slots), SIMT-aware" "$WS" --params paper --policy simt --mode random
# the registered pick (PickPipe 1, built for SIMT with AgingThreshold 64) beside the one-cycle
# pick at the same threshold
one "xl_walk_sched, paper (256 slots), SIMT-aware, aging 64" "$WS" --params paper --policy simt --aging 64 --mode random
one "xl_walk_sched, paper (256 slots), SIMT-aware, aging 64, PickPipe 1" "$WS" --params paper_pipe --policy simt --aging 64 --mode random
fi
if want coalesce; then
one "xl_coalesce, paper (256 slots, 8 walkers), both" "$CO" --params paper --mode both --stim random
one "xl_coalesce, paper (256 slots, 8 walkers), both, ScanPipe 1" "$CO" --params paper --mode both --scan-pipe 1 --stim random
fi
if want walk_path; then
one "xl_walk_path, paper, FCFS, no coalescing" "$IO" --params paper_fcfs_off --mode random
one "xl_walk_path, paper, SIMT-aware, coalescing both" "$IO" --params paper_simt_both --mode random
# the pick from registers and the drained scan (PickPipe 2, ScanPipe 1) beside it, from one
# binary that holds both models
one "xl_walk_path, paper, SIMT-aware, coalescing both (second build)" "$IOS" --params paper_simt_both --mode random
one "xl_walk_path, paper, SIMT-aware, coalescing both, PickPipe 2, ScanPipe 1" "$IOS" --params paper_simt_both_scan --mode random
fi
if want dram_gsn; then
one "xl_dram_gsn, paper (8 banks, GQ/SQ/NQ 16/64/192, 2 applications)" "$GSN" --params paper --mode random
one "xl_dram_gsn, small (4 banks, 2/4/6, 3 applications, timeout 11)" "$GSN" --params small --mode random
fi
echo "rtl-speed: wrote $M"
[ "$M" = "$OUT/rtl-speed.md" ] || cat "$M"
