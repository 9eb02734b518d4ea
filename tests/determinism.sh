#!/bin/sh
# determinism.sh - DESIGN.md: the same config, workload and seed give bit-identical
# results with gcc and clang, at -O0 and -O2. Builds four binaries and compares the
# results JSON of a small run of every workload.
T=build/det
mkdir -p "$T"
set -- "gcc -O0" "gcc -O2" "clang -O0" "clang -O2"
for v in "$@"; do
    cc=${v% *}; opt=${v#* }
    d="$T/$cc$opt"
    if ! command -v "$cc" > /dev/null; then echo "not ok - det: $cc not installed"; exit 1; fi
    if ! make -j2 BUILD="$d" CC="$cc" OPT="$opt" "$d/xlat" > "$d.build.log" 2>&1; then
        echo "not ok - det: build with $cc $opt failed (see $d.build.log)"; exit 1
    fi
done
for w in mvt atax bicg gesummv xsbench nw sssp hotspot lud; do
    ref=""
    same=1
    for v in "$@"; do
        cc=${v% *}; opt=${v#* }
        d="$T/$cc$opt"
        "$d/xlat" run --workload $w --scale 0.002 --seed 3 --json "$d/$w.json" > /dev/null 2>&1 || same=0
        if [ -z "$ref" ]; then ref="$d/$w.json"; else cmp -s "$ref" "$d/$w.json" || same=0; fi
    done
    [ $same = 1 ] && echo "ok - det: $w identical under gcc/clang -O0/-O2" \
        || echo "not ok - det: $w results differ between compilers or levels"
done
