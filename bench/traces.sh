#!/bin/sh
# bench/traces.sh - instruction traces' sizes and speeds (docs/traces.md "Measured"): for
# three workloads, the trace `xlat run --record` writes with zstd and without (bytes, and
# bytes per instruction), the time recording adds to a functional run (the generator walked
# once more and encoded: instructions recorded per second), and a functional run replayed
# from each trace against the generator's own (seconds, and the peak resident memory of
# the process). Every replay's results must equal the generator's (checked). Prints a
# markdown table; never part of make test.
# Environment: XLAT (default build/xlat).
cd "$(dirname "$0")/.." || exit 1
set -u
X=${XLAT:-build/xlat}
L=build/bench-traces
mkdir -p "$L"
make -j2 build/xlat > "$L/build.log" 2>&1 || { echo "traces: build failed ($L/build.log)"; exit 1; }
now() { date +%s.%N; }
# sec CMD...: runs CMD; its seconds and peak resident KB into $L/t ("S KB")
sec() {
    t0=$(now)
    if [ -x /usr/bin/time ]; then
        /usr/bin/time -f %M -o "$L/rss" "$@" > /dev/null 2> "$L/err" || { cat "$L/err"; return 1; }
    else
        "$@" > /dev/null 2> "$L/err" || { cat "$L/err"; return 1; }
        echo 0 > "$L/rss"
    fi
    echo "$(echo "$(now) - $t0" | bc) $(cat "$L/rss")" > "$L/t"
}
same() { grep -v '"workload"' "$1" > "$L/a"; grep -v '"workload"' "$2" > "$L/b"; cmp -s "$L/a" "$L/b" || { echo "traces: $2 differs from $1"; exit 1; }; }
echo "| workload | instructions | zstd trace (B/instr) | plain trace (B/instr) | record adds (M instr/s) | generator run | replay, zstd | replay, plain |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
for spec in "mvt 0.1" "sssp 0.01" "xsbench 0.001"; do
    set -- $spec
    w=$1 s=$2
    R="run --workload $w --scale $s --model functional --quiet"
    # shellcheck disable=SC2086
    sec "$X" $R --json "$L/$w.gen.json" || exit 1
    read -r tg mg < "$L/t"
    # shellcheck disable=SC2086
    sec "$X" $R --record "$L/$w.xlt" --compress zstd || exit 1
    read -r tz _ < "$L/t"
    # shellcheck disable=SC2086
    sec "$X" $R --record "$L/$w.raw.xlt" --compress none || exit 1
    sec "$X" run --workload "trace:$L/$w.xlt" --model functional --quiet --json "$L/$w.z.json" || exit 1
    read -r rz mz < "$L/t"
    sec "$X" run --workload "trace:$L/$w.raw.xlt" --model functional --quiet --json "$L/$w.p.json" || exit 1
    read -r rp mp < "$L/t"
    same "$L/$w.gen.json" "$L/$w.z.json"
    same "$L/$w.gen.json" "$L/$w.p.json"
    n=$(grep -o '"gpu.instructions": [0-9]*' "$L/$w.gen.json" | grep -o '[0-9]*$')
    bz=$(wc -c < "$L/$w.xlt") bp=$(wc -c < "$L/$w.raw.xlt")
    echo "| $w $s | $n | $bz ($(echo "scale=2; $bz / $n" | bc)) | $bp ($(echo "scale=2; $bp / $n" | bc)) |" \
         "$(echo "scale=2; $n / ($tz - $tg) / 1000000" | bc) | ${tg} s, $((mg / 1024)) MB |" \
         "${rz} s, $((mz / 1024)) MB | ${rp} s, $((mp / 1024)) MB |"
done
echo
echo "$(date -u +%Y-%m-%d), $(nproc) cores, xlat at $(git rev-parse --short HEAD)"
