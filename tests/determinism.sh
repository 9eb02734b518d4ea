#!/bin/sh
# determinism.sh - docs/design.md: the same config, workload and seed give bit-identical
# results with gcc and clang, at -O0 and -O2, and from `make fast`'s profile-guided,
# link-time optimised gcc build. Builds five binaries and compares the results JSON of a
# small run of every workload.
T=build/det
mkdir -p "$T"
set -- "gcc -O0" "gcc -O2" "clang -O0" "clang -O2" "gcc fast"
bin() { if [ "$2" = fast ]; then echo "$T/$1$2/fast/xlat"; else echo "$T/$1$2/xlat"; fi; }
for v in "$@"; do
    cc=${v% *}; opt=${v#* }
    d="$T/$cc$opt"
    if ! command -v "$cc" > /dev/null; then echo "not ok - det: $cc not installed"; exit 1; fi
    if [ "$opt" = fast ]; then
        make BUILD="$d" CC="$cc" fast > "$d.build.log" 2>&1
    else
        make -j2 BUILD="$d" CC="$cc" OPT="$opt" "$d/xlat" > "$d.build.log" 2>&1
    fi || { echo "not ok - det: build with $cc $opt failed (see $d.build.log)"; exit 1; }
done
# name:workload:extra settings (the baseline, plus the SIMT-aware scheduler with walk
# coalescing, the page-table line cache, oldest-first wavefront issue, the hashed L2 set
# index, the three graph kinds, a scaled run's whole rounds and MASK's designs on several
# applications with short epochs, and HPCA'16's paged runs, replayable with few far-fault
# MSHRs and oversubscribed with random eviction, so every model path is covered). Runs at scale 0.002 take the plain fraction (workload.min_rounds = 0) to stay
# small; xsb-rounds keeps the rounds on a 4-wave GPU.
for r in mvt:mvt: atax:atax: bicg:bicg: gesummv:gesummv: xsbench:xsbench: nw:nw: sssp:sssp: \
         hotspot:hotspot: lud:lud: \
         gev-simt-coal:gesummv:"--set iommu.sched=simt --set iommu.coalesce=both" \
         nw-random-ptc:nw:"--set iommu.sched=random --set iommu.ptcache_kb=8" \
         mvt-oldest:mvt:"--set gpu.wave_sched=oldest" \
         gev-l2xor:gesummv:"--set l2d.index=xor" mis:mis: color:color: \
         mvt-l2path:mvt:"--set iommu.walk_path=l2" \
         xsb-rounds:xsbench:"--set workload.min_rounds=4 --set gpu.cus=1 --set gpu.waves_per_simd=1" \
         mask-pair:3ds+histo:"--preset mask --design mask --set gpu.cus=4 --set sim.warmup=20000 --set sim.window=150000 --set mask.epoch=20000 --set mask.byp_period=5000" \
         mask-static:mm+cons:"--preset mask --design static --set gpu.cus=4 --set sim.warmup=10000 --set sim.window=60000" \
         mask-pwcache:bp+gup+sc:"--preset mask --design pwcache --set gpu.cus=6 --set sim.warmup=10000 --set sim.window=60000" \
         reach-ldsic:atax:"--preset reach --set reach.lds_tx=1 --set reach.ic_tx=v4 --set reach.sharing=1" \
         reach-nw:nw:"--preset reach --set workload.nw_n=256 --set reach.lds_tx=1 --set reach.ic_tx=v2 --set reach.tags=ideal" \
         uvm-rpl:hotspot:"--preset uvm --set paging.mode=replay --set uvm.engine=drain --set paging.ff_per_cu=2" \
         uvm-os:hotspot:"--preset uvm --set paging.mode=replay --set uvm.capacity_pct=5 --set uvm.evict=random --scale 0.05"; do
    name=${r%%:*}; rest=${r#*:}; w=${rest%%:*}; extra=${rest#*:}
    ref=""
    same=1
    for v in "$@"; do
        cc=${v% *}; opt=${v#* }
        d="$T/$cc$opt"
        # shellcheck disable=SC2086
        "$(bin "$cc" "$opt")" run --workload $w --scale 0.002 --seed 3 --set workload.min_rounds=0 $extra --json "$d/$name.json" > /dev/null 2>&1 || same=0
        if [ -z "$ref" ]; then ref="$d/$name.json"; else cmp -s "$ref" "$d/$name.json" || same=0; fi
    done
    [ $same = 1 ] && echo "ok - det: $name identical under gcc/clang -O0/-O2 and gcc PGO" \
        || echo "not ok - det: $name results differ between compilers or levels"
done
