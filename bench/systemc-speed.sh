#!/bin/sh
# bench/systemc-speed.sh - speed of the SystemC side (docs/systemc.md "Speed"), written to
# bench/results/systemc-speed.md: translation requests per second through the TLM target
# of the C twin's module, loosely timed (LT) and approximately timed (AT), against the same
# C twin and glue run directly without SystemC (xl_sc_platform --body direct), with and
# without an sc_clock in the platform; and the RTL module's cycles per second in SystemC
# against the Verilator lockstep harness of the walk path (C twin and RTL compared every
# cycle, and its RTL alone). Every run's answers are checked against the direct run's
# digest (a faster path that changed a cycle would be refused). Three runs per cell, the
# median. Never part of make test.
# Environment: SCALE (default 0.003): the workloads' scale for the recorded traces.
cd "$(dirname "$0")/.." || exit 1
set -u
OUT=bench/results/systemc-speed.md
B=build/sc
L=$B/bench
SCALE=${SCALE:-0.003}
mkdir -p "$L"
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
make -j2 build/xlat systemc > "$L/build.log" 2>&1 || { echo "systemc-speed: build failed ($L/build.log)"; exit 1; }
P=$B/xl_sc_platform
SET="--seed 1 --set iommu.sched=simt --set iommu.coalesce=both --set iommu.buffer_entries=32
     --set iommu.walkers=4 --set iommu.aging_threshold=24 --set pwc.l4_entries=2
     --set pwc.l4_ways=2 --set pwc.l3_entries=4 --set pwc.l3_ways=2 --set pwc.l2_entries=8
     --set pwc.l2_ways=4"
for w in mvt xsbench; do
    # shellcheck disable=SC2086
    build/xlat run --quiet --workload $w --scale "$SCALE" --set workload.min_rounds=0 $SET \
        --iommu-trace "$L/$w.tr" > "$L/record-$w.log" 2>&1 || { echo "record $w failed"; exit 1; }
done

# med3 ARGS...: the platform three times; prints "time rate cycles/s digest" of the median run
med3() {
    for i in 1 2 3; do
        "$P" "$@" 2>/dev/null | sed -n 's/^PASS .*cycles=\([0-9]*\) digest=\([0-9a-f]*\) time=\([0-9.]*\)s rate=\([0-9]*\) requests\/s.*/\3 \4 \1 \2/p'
    done | sort -n | sed -n 2p
}
row() {   # row LABEL TRACE ARGS...
    _l=$1; _t=$2; shift 2
    r=$(med3 --trace "$_t" "$@")
    set -- $r
    [ "$4" = "$DIGEST" ] || { echo "systemc-speed: $_l: answers differ from the direct run's"; exit 1; }
    echo "| $_l | $1 s | $2 | $(awk -v a="$DIRECT" -v b="$2" 'BEGIN{printf "%.1fx", a/b}') |"
}
{
    echo "# SystemC speed"
    echo
    echo "\`sh bench/systemc-speed.sh\`, $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD),"
    echo "$(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n 1), gcc $(gcc -dumpversion),"
    echo "SystemC $(dpkg-query -W -f='${Version}' libsystemc-dev 2>/dev/null), Verilator $(verilator --version | cut -d' ' -f2)."
    echo "Traces: \`xlat run --scale $SCALE --iommu-trace\` of MVT and XSBench at the RTL's parameter"
    echo "set (mid_simt_both: 32 slots, 4 walkers, SIMT-aware, coalescing both), memory latency 20"
    echo "cycles, 1 GHz clock. Median of three runs; every run's answers equal the direct run's"
    echo "(digest). Time is the simulation alone (the trace is read before)."
    echo
    for w in mvt xsbench; do
        T=$L/$w.tr
        d=$(med3 --trace "$T" --body direct)
        set -- $d
        DIRECT=$2
        DIGEST=$4
        echo "## $w ($3 cycles)"
        echo
        echo "| path | time | requests/s | cost against direct |"
        echo "|---|---:|---:|---:|"
        echo "| direct: the C twin and the glue, no SystemC | $1 s | $2 | 1.0x |"
        row "LT (b_transport), C body, no sc_clock" "$T" --body c --mode lt --no-clock
        row "AT (four phases, queue 4096), C body, no sc_clock" "$T" --body c --mode at --queue 4096 --no-clock
        row "LT, C body, with a 1 GHz sc_clock in the platform" "$T" --body c --mode lt
        row "AT, C body, with the sc_clock" "$T" --body c --mode at --queue 4096
        row "LT, RTL body (Verilated --sc + transactor)" "$T" --body rtl --mode lt
        row "LT, both bodies compared" "$T" --body both --mode lt
        echo
        r=$(med3 --trace "$T" --body rtl --mode lt)
        set -- $r
        echo "RTL module in SystemC: $(awk -v c="$3" -v t="$1" 'BEGIN{printf "%.0f", c/t}') cycles/s ($3 cycles in $1 s, every cycle clocked)."
        echo
    done
    # The lockstep harness at the closest of its parameter sets (the same sizes, SIMT-aware,
    # coalescing both, registered pick), random stimulus, 200000 cycles.
    if sh tests/lockstep/build_walk_path.sh --models mid_simt_both_pipe > "$L/lockstep-build.log" 2>&1; then
        H=$(tail -n 1 "$L/lockstep-build.log")
        ls=$("$H" --params mid_simt_both_pipe --mode random --cycles 200000 --seed 1 2>&1 | sed -n 's/^PASS.* rate=\([0-9]*\) cycles\/s.*/\1/p')
        ro=$("$H" --params mid_simt_both_pipe --mode random --cycles 200000 --seed 1 --rtl-only 2>&1 | sed -n 's/^PASS.* rate=\([0-9]*\) cycles\/s.*/\1/p')
        echo "Verilator lockstep harness (tests/lockstep/xl_walk_path_lockstep, parameter set"
        echo "mid_simt_both_pipe: the same sizes with the registered pick; random stimulus, 200000"
        echo "cycles): ${ls:-?} cycles/s C twin and RTL in lockstep, ${ro:-?} cycles/s RTL alone."
    else
        echo "Lockstep harness: build failed ($L/lockstep-build.log)."
    fi
} > "$OUT.tmp" && mv "$OUT.tmp" "$OUT"
cat "$OUT"
