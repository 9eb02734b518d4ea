#!/bin/sh
# pgo-train.sh XLAT - the training runs of `make fast` (gcc profile-guided optimisation).
# Small runs that cover the model's paths: the cycle-level model under each walk
# scheduler, walk coalescing, the page-table line cache, graph and regular workloads, and
# the functional model. MVT, the workload bench/speed.sh measures, is left out on
# purpose, so the speed figure is not measured on the training input.
set -e
X=$1
[ -x "$X" ] || { echo "pgo-train.sh: no instrumented xlat at '$X'"; exit 2; }
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# The plain fraction (workload.min_rounds = 0): at 0.03 with whole rounds XSBench would run
# most of its full size; training needs the paths, not the steady state.
run() { "$X" run --quiet --scale 0.03 --set workload.min_rounds=0 --json "$T/r.json" "$@" > /dev/null; }
for w in atax bicg gesummv xsbench nw; do
    for s in fcfs simt random; do
        run --workload "$w" --set iommu.sched="$s"
    done
done
run --workload gesummv --set iommu.sched=simt --set iommu.coalesce=both
run --workload atax --set iommu.sched=fcfs --set iommu.coalesce=both --set iommu.ptcache_kb=8
for w in sssp color kmeans hotspot; do
    run --workload "$w" --set iommu.sched=simt
done
"$X" run --quiet --model functional --workload atax --scale 0.1 --json "$T/r.json" > /dev/null
