#!/bin/sh
# speed.sh - simulation speed of the cycle-level model on one core: simulated translation
# requests per second and simulated GPU cycles per second (issue 3: MVT at the default
# size), plus the functional model for comparison. Writes bench/results/speed.md.
# Measures the default build (build/xlat, -O2) and, when present, `make fast`'s
# profile-guided build (build/fast/xlat), and stops if the two disagree on any result.
# Each cell is run REPEAT times, one run after another, and the table gives the median and
# the fastest run: a shared VM's slow moments stretch single runs by up to a quarter, and
# the median of several runs is the figure that holds; the fastest shows what the host can do.
#   SCALE (default 1)  WORKLOADS (default "mvt")  REPEAT (default 3)
set -e
cd "$(dirname "$0")/.."
X=build/xlat
F=build/fast/xlat
BUILDS="default"
[ -x "$F" ] && BUILDS="default fast"
SCALE=${SCALE:-1}
WORKLOADS=${WORKLOADS:-mvt}
REPEAT=${REPEAT:-3}
case $REPEAT in
    ''|*[!0-9]*|0) echo "speed: REPEAT must be a positive whole number, not '$REPEAT'"; exit 2 ;;
esac
OUT=bench/results
mkdir -p "$OUT"
M=$OUT/speed.md
jget() { sed -n "s/^ *\"$2\": \([0-9.]*\),*$/\1/p" "$1" | head -n 1; }
{
echo "# Simulation speed"
echo
echo "\`make bench-speed\` (bench/speed.sh), one process on one core, scale $SCALE, preset isca18,"
echo "host: $(uname -m), $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //'), $(cc --version | head -n 1)."
echo "Each cell: $REPEAT runs in a row; seconds are wall time, the rates use the median run."
echo
echo "| workload | model | scheduler | build | median s | fastest s | slowest s | translation requests | requests/s (median) | requests/s (fastest) | GPU cycles | cycles/s (median) |"
echo "|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
} > "$M"
for w in $WORKLOADS; do
    for run in "cycle fcfs" "cycle simt" "functional fcfs"; do
        model=${run% *}; sched=${run#* }
        for b in $BUILDS; do
            bin=$X; [ "$b" = fast ] && bin=$F
            times=""
            i=0
            while [ $i -lt "$REPEAT" ]; do
                t0=$(date +%s%N)
                $bin run --quiet --model "$model" --workload "$w" --scale "$SCALE" --set iommu.sched="$sched" \
                    --json "$OUT/speed-$w-$b.json" > /dev/null
                t1=$(date +%s%N)
                times="$times $((t1 - t0))"
                i=$((i + 1))
            done
            req=$(jget "$OUT/speed-$w-$b.json" coalescer.requests)
            cyc=$(jget "$OUT/speed-$w-$b.json" sim.cycles)
            echo $times | tr ' ' '\n' | sort -n | awk -v w="$w" -v m="$model" -v s="$sched" -v b="$b" \
                -v r="$req" -v c="${cyc:-0}" '{ t[NR] = $1 / 1e9 } END {
                med = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
                printf "| %s | %s | %s | %s | %.2f | %.2f | %.2f | %d | %.0f | %.0f | %s | %s |\n",
                       w, m, s, b, med, t[1], t[NR], r, r / med, r / t[1],
                       (c > 0 ? c : "-"), (c > 0 ? sprintf("%.0f", c / med) : "-") }' >> "$M"
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
