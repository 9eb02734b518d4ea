#!/bin/sh
# speed.sh - simulation speed of the cycle-level model on one core: simulated translation
# requests per second and simulated GPU cycles per second (issue 3: MVT at the default
# size), plus the functional model for comparison. Writes bench/results/speed.md.
# Measures the default build (build/xlat, -O2) and, when present, `make fast`'s
# profile-guided build (build/fast/xlat), and stops if the two disagree on any result.
#   SCALE (default 1)  WORKLOADS (default "mvt")
set -e
cd "$(dirname "$0")/.."
X=build/xlat
F=build/fast/xlat
BUILDS="default"
[ -x "$F" ] && BUILDS="default fast"
SCALE=${SCALE:-1}
WORKLOADS=${WORKLOADS:-mvt}
OUT=bench/results
mkdir -p "$OUT"
M=$OUT/speed.md
jget() { sed -n "s/^ *\"$2\": \([0-9.]*\),*$/\1/p" "$1" | head -n 1; }
{
echo "# Simulation speed"
echo
echo "\`make bench-speed\` (bench/speed.sh), one process on one core, scale $SCALE, preset isca18,"
echo "host: $(uname -m), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(cc --version | head -n 1)."
echo
echo "| workload | model | scheduler | build | host seconds | translation requests | requests/s | GPU cycles | cycles/s |"
echo "|---|---|---|---|---:|---:|---:|---:|---:|"
} > "$M"
for w in $WORKLOADS; do
    for run in "cycle fcfs" "cycle simt" "functional fcfs"; do
        model=${run% *}; sched=${run#* }
        for b in $BUILDS; do
            bin=$X; [ "$b" = fast ] && bin=$F
            t0=$(date +%s%N)
            $bin run --quiet --model "$model" --workload "$w" --scale "$SCALE" --set iommu.sched="$sched" \
                --json "$OUT/speed-$w-$b.json" > /dev/null
            t1=$(date +%s%N)
            req=$(jget "$OUT/speed-$w-$b.json" coalescer.requests)
            cyc=$(jget "$OUT/speed-$w-$b.json" sim.cycles)
            awk -v w="$w" -v m="$model" -v s="$sched" -v b="$b" -v ns=$((t1 - t0)) -v r="$req" -v c="${cyc:-0}" 'BEGIN {
                sec = ns / 1e9
                printf "| %s | %s | %s | %s | %.2f | %d | %.0f | %s | %s |\n", w, m, s, b, sec, r, r / sec,
                       (c > 0 ? c : "-"), (c > 0 ? sprintf("%.0f", c / sec) : "-") }' >> "$M"
        done
        if [ -f "$OUT/speed-$w-fast.json" ] && ! cmp -s "$OUT/speed-$w-default.json" "$OUT/speed-$w-fast.json"; then
            echo "speed: build/fast/xlat and build/xlat disagree on $w $model $sched (results JSON differ)"
            exit 1
        fi
        rm -f "$OUT/speed-$w-default.json" "$OUT/speed-$w-fast.json"
    done
done
echo "speed: wrote $M"
cat "$M"
