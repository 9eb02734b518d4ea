#!/bin/sh
# t18_inputs.sh XLAT - area 18: inputs that never get past a check. Numbers are decimal
# (or 0x hexadecimal) everywhere, over-long values are refused rather than cut, and a
# configuration that cannot run or does not fit the host is refused before its first
# cycle: exit 2, one line on stderr, nothing on stdout.
# Prints "ok - ..." / "not ok - ..." per check (counted by tests/run.sh).
X=${1:-build/xlat}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
TINY="--scale 0.0005 --set workload.min_rounds=0"

AREA=18
. "$(dirname "$0")/../lib/cli.sh"


# seed NAME VALUE EXPECTED: a run's first line names the seed it used
seed() {
    "$X" run --workload mvt $TINY --quiet --seed "$2" > "$T/out" 2> "$T/err"
    first=$(head -n 1 "$T/out")
    case $first in
    *", seed $3") ok "18.$1" ;;
    *) no "18.$1 (got '$first', $(head -c 200 "$T/err"))" ;;
    esac
}

# --- 18.31-18.34: numbers
seed "31 --seed 010 is ten, as --set sim.seed=010 reads it" 010 10
seed "32 --seed 0x10 is sixteen" 0x10 16
bad "33 --seed 1e3 refused" "--seed '1e3' is not an unsigned integer" run --workload mvt --seed 1e3
bad "34 --seed -1 refused" "--seed '-1'" run --workload mvt --seed -1

# --- 18.35-18.38: over-long values are refused, never cut
long=$(printf '%0600d' 0 | tr 0 a)
bad "35 --values over 511 characters" "--values: longer than 511 characters" \
    sweep --key iommu.sched --values "fcfs,$long"
v250=$(printf '%0250d' 0 | tr 0 b)
bad "36 a sweep's KEY=VALUE over 255 characters" "longer than 255 characters" \
    sweep --key iommu.sched --values "fcfs,$v250"
bad "37 --workloads over 511 characters" "--workloads: longer than 511 characters" \
    study --workloads "mvt,$long"
bad "38 --workload over 255 characters" "--workload: longer than 255 characters" \
    run --workload "mvt+$long"

# --- 18.39-18.40: error lines stay one line; sweep runtimes need time
bad "39 a newline in a value is shown as ?" "unknown workload 'mv?t'" run --workload "$(printf 'mv\nt')"
bad "40 sweep on the functional model refused" "the cycle-level model only" \
    sweep --model functional --key iommu.sched --values fcfs,simt

# --- 18.41-18.44: configurations that cannot run, refused before the first cycle
# (1024 CUs x 2^20 L1 TLB entries: 40 GB of TLB records alone)
bad "41 a geometry beyond sim.max_memory_mb" "more than sim.max_memory_mb (16384)" \
    run --workload mvt --set gpu.cus=1024 --set l1tlb.entries=1048576 --set l1tlb.ways=16
# 4 x (11 + 11 + 11 + 4) + 208 = 356 DRAM clocks x 100000 + 8 x 20 = 35600160 GPU cycles
bad "42 a clock pair no walk can finish within the watchdog" "about 35600160 GPU cycles" \
    run --workload mvt --set gpu.clock_mhz=100000 --set dram.mhz=1
bad "43 a 32-lane wavefront (not modelled) refused" "the only shape modelled" \
    run --workload mvt --set gpu.wave_lanes=32
bad "44 a 128 B L1 data line (not modelled) refused" "l1d.line_bytes (128) must be 64" \
    run --workload mvt --set l1d.line_bytes=128
"$X" run --workload mvt $TINY --quiet --set sim.max_memory_mb=64 > "$T/out" 2> "$T/err" &&
    grep -q "^sim.cycles" "$T/out" && ok "18.45 the default geometry runs under a 64 MB limit" ||
    no "18.45 default geometry under 64 MB ($(head -c 200 "$T/err"))"

# --- 18.46-18.47: progress of a long run (mvt at scale 0.1: several seconds, so that the
# first line, due after a second, comes while it runs)
"$X" run --workload mvt --scale 0.1 --progress > "$T/out" 2> "$T/err"
tr '\r' '\n' < "$T/err" > "$T/prog"
instrs=$(awk '$1 == "gpu.instructions" { print $2 }' "$T/out")
line=$(grep "% of [0-9]* instructions, cycle [0-9]*, [0-9.]* M/s, about .* left" "$T/prog" | head -n 1)
total=$(echo "$line" | sed -n 's/.*% of \([0-9]*\) instructions.*/\1/p')
if [ -n "$line" ] && [ -n "$instrs" ] && [ "$total" = "$instrs" ]; then
    ok "18.46 --progress shows the share of the workload's $total instructions (= gpu.instructions)"
else
    no "18.46 progress line (total '$total', gpu.instructions '$instrs', $(head -c 200 "$T/prog"))"
fi
"$X" run --workload mvt --scale 0.1 --quiet > "$T/out2" 2> "$T/err2"
awk 'f; /^# statistics/ { f = 1 }' "$T/out" > "$T/stats1"   # the progress run's statistics
tail -n +2 "$T/out2" > "$T/stats2"                             # --quiet: the first line, then them
[ ! -s "$T/err2" ] && [ -s "$T/stats1" ] && cmp -s "$T/stats1" "$T/stats2" &&
    ok "18.47 --quiet shows no progress, and the statistics equal the stepped run's" ||
    no "18.47 --quiet ($(head -c 200 "$T/err2"))"

# --- 18.48-18.49: a core split (sim.app0_cus) that cannot be made
bad "48 a core split of one application refused" "sim.app0_cus = 4: a core split needs a workload of 2 or more" \
    run --preset mask --workload lud --set gpu.cus=8 --set sim.app0_cus=4
bad "49 a core split that leaves an application no CU refused" "sim.app0_cus = 8 on gpu.cus = 8: the other 1 application(s) need a CU each (at most 7)" \
    run --preset mask --workload lud+nw --set gpu.cus=8 --set sim.app0_cus=8
