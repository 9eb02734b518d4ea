#!/bin/sh
# golden.sh - the refactoring safety net: run one matrix of small runs with a reference
# xlat and with the one under test, and require byte-identical results (the statistics of
# the results JSON), event logs and IOMMU traces. A change that only restructures code must
# pass it on every line.
#   sh tests/golden.sh REF_XLAT NEW_XLAT      compare two binaries
#   make golden REF=<commit>                  build REF's xlat in a worktree and compare
# Prints "ok - golden: NAME" / "not ok - golden: NAME (what differs)" per run.
# Set XL_GOLDEN_SCALE to change the scale (default 0.002; runs take the plain fraction,
# workload.min_rounds = 0, so every workload stays small).
REF=$1
NEW=$2
if [ ! -x "$REF" ] || [ ! -x "$NEW" ]; then
    echo "usage: sh tests/golden.sh REF_XLAT NEW_XLAT (both executable)" >&2
    exit 2
fi
SCALE=${XL_GOLDEN_SCALE:-0.002}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# name:workload:settings. Every workload under the baseline, then each path of the model:
# the schedulers, each coalescing mode, both walk paths, the line cache, small TLBs, PWCs
# and miss queues, both wavefront issue orders and load modes, the hashed L2 index, ideal
# translation, 2 MB pages and the R-MAT graphs.
RUNS="
mvt:mvt:
atax:atax:
bicg:bicg:
gesummv:gesummv:
xsbench:xsbench:
nw:nw:
sssp:sssp:
mis:mis:
color:color:
backprop:backprop:
kmeans:kmeans:
hotspot:hotspot:
lud:lud:
mvt-random:mvt:--set iommu.sched=random
mvt-simt:mvt:--set iommu.sched=simt
gev-leaf:gesummv:--set iommu.coalesce=leaf
gev-upper:gesummv:--set iommu.coalesce=upper
gev-simt-both:gesummv:--set iommu.sched=simt --set iommu.coalesce=both
nw-both:nw:--set iommu.coalesce=both
xsb-simt:xsbench:--set iommu.sched=simt
atax-l2path:atax:--set iommu.walk_path=l2
atax-ptc:atax:--set iommu.ptcache_kb=8 --set iommu.coalesce=both
bicg-small-tlbs:bicg:--set l1tlb.entries=8 --set l1tlb.ways=8 --set l2tlb.entries=64 --set l2tlb.ways=4 --set l1tlb.mshrs=4 --set l2tlb.mshrs=32
nw-small-pwc:nw:--set pwc.l4_entries=1 --set pwc.l4_ways=1 --set pwc.l3_entries=2 --set pwc.l3_ways=2 --set pwc.l2_entries=4 --set pwc.l2_ways=2
mvt-oldest:mvt:--set gpu.wave_sched=oldest
xsb-waitcnt:xsbench:--set gpu.loads=waitcnt
bicg-waitcnt-simt:bicg:--set gpu.loads=waitcnt --set gpu.wave_mem_max=4 --set iommu.sched=simt
gev-l2xor:gesummv:--set l2d.index=xor
mvt-ideal:mvt:--set translation.ideal=1
atax-2m:atax:--set mem.page_kb=2048
sssp-rmat:sssp:--set workload.graph=rmat
nw-buf32-w2:nw:--set iommu.buffer_entries=32 --set iommu.walkers=2
"
echo "$RUNS" | while IFS=: read -r name w settings; do
    [ -n "$name" ] || continue
    for b in ref new; do
        x=$REF
        [ $b = new ] && x=$NEW
        # shellcheck disable=SC2086
        "$x" run --quiet --workload "$w" --scale "$SCALE" --seed 5 --set workload.min_rounds=0 \
            $settings --json "$T/$b.json" --events "$T/$b.ev" --iommu-trace "$T/$b.tr" \
            > /dev/null 2> "$T/$b.err"
        echo $? > "$T/$b.rc"
        sed '1,/"stats"/d' "$T/$b.json" > "$T/$b.stats" 2> /dev/null
    done
    what=""
    cmp -s "$T/ref.rc" "$T/new.rc" || what="$what exit status;"
    [ "$(cat "$T/new.rc")" = 0 ] || what="$what run failed: $(head -c 200 "$T/new.err");"
    cmp -s "$T/ref.stats" "$T/new.stats" || what="$what statistics;"
    cmp -s "$T/ref.ev" "$T/new.ev" || what="$what event log;"
    cmp -s "$T/ref.tr" "$T/new.tr" || what="$what IOMMU trace;"
    if [ -z "$what" ]; then
        echo "ok - golden: $name"
    else
        echo "not ok - golden: $name ($what)"
    fi
done > "$T/out"
cat "$T/out"
! grep -q '^not ok' "$T/out"
