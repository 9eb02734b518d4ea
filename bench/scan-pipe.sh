#!/bin/sh
# scan-pipe.sh - MICRO'18's headline (neighbourhood coalescing against none, docs/
# isca18-micro18.md §5.2) with the coalescing scan drained one slot a cycle
# (iommu.scan_pipe=1, xl_coalesce ScanPipe 1: rtl/README.md "The scan drained one slot a
# cycle") beside the papers' one-cycle scan (scan_pipe=0), each with the one-cycle pick and
# with the pick from registers (pick_pipe=2), and the coalescing counters of each run:
# requests completed by a neighbour's line, walks resumed from a resume point, and lines the
# drained scan left unscanned. Writes bench/results/scan-pipe.md.
#   SCALE  work fraction of every workload (default 0.1, make run's; 1 = the papers' sizes)
#   SEED   seed (default 1)
set -e
cd "$(dirname "$0")/.."
SCALE=${SCALE:-0.1}
SEED=${SEED:-1}
X=build/xlat
OUT=bench/results
T=build/scan-pipe
mkdir -p "$OUT" "$T"
[ -x "$X" ] || { echo "scan-pipe.sh: build $X first (make)" >&2; exit 2; }
WL="mvt atax nw bicg gesummv"
CONFIGS="0:0 0:1 2:0 2:1"   # pick_pipe:scan_pipe

for c in $CONFIGS; do
    pp=${c%:*} sp=${c#*:}
    "$X" sweep --preset micro18 --key iommu.coalesce --values off,both \
        --workloads "$(echo $WL | tr ' ' ,)" --scale "$SCALE" --seed "$SEED" \
        --set iommu.pick_pipe=$pp --set iommu.scan_pipe=$sp --quiet > "$T/micro-$pp-$sp.txt"
    for w in $WL; do
        "$X" run --preset micro18 --workload "$w" --scale "$SCALE" --seed "$SEED" \
            --set iommu.coalesce=both --set iommu.pick_pipe=$pp --set iommu.scan_pipe=$sp \
            --quiet > "$T/run-$w-$pp-$sp.txt"
    done
done

runtimes() { sed -n '/^workload  *class/,/^$/p' "$1"; }
stat() { awk -v k="$1" '$1 == k { print $2; f = 1 } END { if (!f) print "-" }' "$2"; }

M=$OUT/scan-pipe.md
{
    echo "# The drained coalescing scan against the one-cycle scan"
    echo
    echo "\`sh bench/scan-pipe.sh\` at commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)," \
         "$(date -u +%Y-%m-%d), scale $SCALE, seed $SEED, preset micro18 (FCFS); host $(uname -m)."
    echo "GPU cycles of each run and the speedup of coalescing (both) over none (off)."
    for c in $CONFIGS; do
        pp=${c%:*} sp=${c#*:}
        echo
        echo "## iommu.pick_pipe=$pp, iommu.scan_pipe=$sp"
        echo
        echo '```'
        runtimes "$T/micro-$pp-$sp.txt"
        echo '```'
    done
    echo
    echo "## Coalescing counters (iommu.coalesce=both)"
    echo
    echo "| workload | pick_pipe | scan_pipe | walks | coalesced | resumed walks | lines not scanned |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    for w in $WL; do
        for c in $CONFIGS; do
            pp=${c%:*} sp=${c#*:}
            f=$T/run-$w-$pp-$sp.txt
            echo "| $w | $pp | $sp | $(stat iommu.walks "$f") | $(stat iommu.coalesced "$f") |" \
                 "$(stat iommu.coalesce.resumed_walks "$f") | $(stat iommu.coalesce.scan_drops "$f") |"
        done
    done
} > "$M.tmp"
mv "$M.tmp" "$M"
echo "scan-pipe.sh: wrote $M"
