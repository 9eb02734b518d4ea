#!/bin/sh
# pick-pipe.sh - the papers' headlines with the registered pick (iommu.pick_pipe=1, the
# walk scheduler's PickPipe 1: rtl/README.md "The registered pick") and the pick from
# registers (pick_pipe=2) beside the one-cycle pick of the papers (pick_pipe=0): ISCA'18 SIMT-aware and random scheduling against FCFS
# (docs/isca18-micro18.md §5.1), MICRO'18 neighbourhood coalescing against none (§5.2).
# Writes bench/results/pick-pipe.md.
#   SCALE  work fraction of every workload (default 0.1, make run's; 1 = the papers' sizes)
#   SEED   seed (default 1)
set -e
cd "$(dirname "$0")/.."
SCALE=${SCALE:-0.1}
SEED=${SEED:-1}
X=build/xlat
OUT=bench/results
T=build/pick-pipe
mkdir -p "$OUT" "$T"
[ -x "$X" ] || { echo "pick-pipe.sh: build $X first (make)" >&2; exit 2; }
ISCA_WL=mvt,atax,bicg,gesummv,nw,sssp,mis,color,backprop,kmeans,hotspot
MICRO_WL=mvt,atax,nw,bicg,gesummv

for pp in 0 1 2; do
    "$X" sweep --preset isca18 --key iommu.sched --values fcfs,random,simt \
        --workloads "$ISCA_WL" --scale "$SCALE" --seed "$SEED" \
        --set iommu.pick_pipe=$pp --quiet > "$T/isca-$pp.txt"
    "$X" sweep --preset micro18 --key iommu.coalesce --values off,both \
        --workloads "$MICRO_WL" --scale "$SCALE" --seed "$SEED" \
        --set iommu.pick_pipe=$pp --quiet > "$T/micro-$pp.txt"
done

# The runtime table of a sweep's output (from its header line to the geomean rows).
runtimes() { sed -n '/^workload  *class/,/^$/p' "$1"; }

M=$OUT/pick-pipe.md
{
    echo "# The registered picks against the one-cycle pick"
    echo
    echo "\`sh bench/pick-pipe.sh\` at commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)," \
         "$(date -u +%Y-%m-%d), scale $SCALE, seed $SEED; host $(uname -m)."
    echo "GPU cycles of each run and the speedup over the baseline policy of the same pick."
    for paper in isca micro; do
        for pp in 0 1 2; do
            echo
            if [ $paper = isca ]; then
                echo "## ISCA'18 scheduling, iommu.pick_pipe=$pp"
            else
                echo "## MICRO'18 coalescing (FCFS), iommu.pick_pipe=$pp"
            fi
            echo
            echo '```'
            runtimes "$T/$paper-$pp.txt"
            echo '```'
        done
    done
} > "$M.tmp"
mv "$M.tmp" "$M"
echo "pick-pipe.sh: wrote $M"
