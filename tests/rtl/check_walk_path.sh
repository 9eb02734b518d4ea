#!/bin/sh
# tests/rtl/check_walk_path.sh - every RTL check of xl_walk_path (rtl/xl_walk_path.sv, the IOMMU walk path
# top: scheduler, PWC, coalescing, walkers, one memory port; docs/isca18-micro18.md §1.5, §2, §3), one
# TAP line each ("ok - NAME" / "not ok - NAME", as tests/run.sh counts them); exit status 1 if
# anything failed. Runnable from anywhere; builds only under build/ (build/rtl/iommu/).
#   icarus    tests/rtl/tb_xl_walk_path.sv: the §3.4 walkthrough and directed cases, hand-computed
#   lint      verilator --lint-only -Wall of the top with its sub-blocks (paper and small sets;
#             waivers, each justified, in tests/lockstep/xl_walk_path_waiver.vlt)
#   yosys     synth -flatten -top xl_walk_path at the small parameter set (cells printed)
#   lockstep  tests/lockstep/xl_walk_path_lockstep (built by build_walk_path.sh): the C twin against
#             the Verilated RTL at every built parameter set, random and pressure stimulus with
#             several seeds, and workload replays of `xlat run --iommu-trace` recordings (MVT,
#             XSBench, GESUMMV, NW) made here with settings that match each model; the
#             sub-blocks' internal state is compared too; fault injection (outputs and state)
#             must be caught; bad options and mismatched traces exit 2; each mutant of
#             tests/lockstep/mutants_walk_path.sh must be killed
# Builds build/xlat first if it is missing (make build/xlat). Two lanes of work run side by
# side (2 cores); their TAP lines are printed when both are done.
# Environment: XL_LOCKSTEP_CYCLES (default 20000) cycles per random/pressure run; a replay runs
# its trace's first 2x that many cycles at the paper sets and 5x at the others (make lockstep's
# 2,000,000 replays whole traces). Traces: --scale 0.0002 at the paper sets, 0.001 at the others
# (XL_TRACE_SCALE overrides both; NW's trace does not shrink below about 800,000 cycles).
# Shared steps: tests/lib/rtl.sh. Style guide: docs/rtl.md §1.10, §1.11, §2.3.
# shellcheck disable=SC2086  # $RTL and the option variables are word lists
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/rtl/check_walk_path.sh
. tests/lib/rtl.sh

B=build/rtl/iommu
L=$B/logs
xl_check_begin "$B"
mkdir -p "$B/traces"
CYC=${XL_LOCKSTEP_CYCLES:-20000}
case "$CYC" in ''|*[!0-9]*) usage "XL_LOCKSTEP_CYCLES must be a number" ;; esac
RTL="$XL_PKG rtl/xl_walk_path.sv rtl/xl_walk_sched.sv rtl/xl_pwc.sv rtl/xl_coalesce.sv"
VLT=tests/lockstep/xl_walk_path_waiver.vlt
MAIN_TAP=$L/tap-main.txt
: > "$MAIN_TAP"

# TAP lines go to the lane's file (printed at the end, in order).
TAP=$MAIN_TAP

# The small parameter set (tests/rtl/tb_xl_walk_path.sv), for lint and synthesis.
SMALL_SET="NumSlots 4 NumWalkers 2 Policy 0 Coalesce 3 AgingThreshold 1000 L4Entries 2 L4Ways 2
           L3Entries 4 L3Ways 2 L2Entries 8 L2Ways 4 PwcLatency 1 TagWidth 8 StatWidth 16"
chparams() { set -- $SMALL_SET; s=""; while [ $# -gt 1 ]; do s="$s -chparam $1 $2"; shift 2
             done; echo "$s"; }
gflags() { set -- $SMALL_SET; s=""; while [ $# -gt 1 ]; do s="$s -G$1=$2"; shift 2; done
           echo "$s"; }

# ------------------------------------------------------------------ yosys (background)
# -defer: elaborate only at the small parameters (read_verilog alone would first elaborate the
# 256-slot defaults, three quarters of the time). -flatten: the sub-blocks' statistics outputs
# the top leaves open are removed, as in a real build. About 30 s: started first, collected
# at the end.
xl_yosys small "$B/yosys" "read_verilog -sv -defer -Irtl $RTL;
    hierarchy -top xl_walk_path $(chparams); synth -flatten -top xl_walk_path;
    tee -o $B/yosys/stat-small.txt stat" &
YOSYS_PID=$!

# ------------------------------------------------------------------ build/xlat
XLAT=build/xlat
if [ ! -x "$XLAT" ]; then
    if make build/xlat > "$L/make-xlat.log" 2>&1; then
        ok "build/xlat built (make build/xlat)"
    else
        notok "make build/xlat failed (see $L/make-xlat.log)"
    fi
fi

# ------------------------------------------------------------------ icarus
# shellcheck disable=SC2086  # a list of files
TB_WHAT=" (§3.4 walkthrough, immediate dispatch, PWC-shortened walks, 2 MB leaf, fault,"
TB_WHAT="$TB_WHAT buffer full, port arbitration)"
xl_icarus tb_xl_walk_path "$B/icarus" "$TB_WHAT" $RTL tests/rtl/tb_xl_walk_path.sv

# ------------------------------------------------------------------ verilator lint
lint() {   # lint NAME ARGS...
    _name=$1; shift
    # shellcheck disable=SC2086
    if xl_lint "$B/lint/$_name.log" --top-module xl_walk_path "$@" $VLT $RTL; then
        ok "verilator --lint-only -Wall xl_walk_path + sub-blocks ($_name): clean (waivers: $VLT)"
    else
        notok "verilator --lint-only -Wall xl_walk_path ($_name) (see $B/lint/$_name.log)"
    fi
}
lint "paper defaults, --assert" --assert
# shellcheck disable=SC2046
lint "small set, --assert" --assert $(gflags)
# shellcheck disable=SC2046
lint "small set, no --assert" $(gflags)

# ------------------------------------------------------------------ lockstep harness
# The parameter sets of tests/lockstep/build_walk_path.sh.
MODELS="paper_simt_both paper_fcfs_off small_random_both mid_simt_upper tiny_fcfs_leaf"
MODELS="$MODELS mid_simt_both_pipe mid_simt_both_pipe2 mid_simt_both_scan"
xl_harness_built tests/lockstep/build_walk_path.sh "$L/lockstep-build.log" ": $MODELS"

# ------------------------------------------------------------------ traces
# xlat settings of each parameter set (tests/lockstep/build_walk_path.sh); --seed 1 gives the LFSR
# seed 0xc728efc6 the models were built with.
SM="--set pwc.l4_entries=2 --set pwc.l4_ways=2 --set pwc.l3_entries=4 --set pwc.l3_ways=2"
SM="$SM --set pwc.l2_entries=8 --set pwc.l2_ways=4"
settings() {
    case $1 in
        paper_simt_both) echo "--set iommu.sched=simt --set iommu.coalesce=both" ;;
        paper_fcfs_off) echo "--set iommu.sched=fcfs --set iommu.coalesce=off" ;;
        small_random_both) echo "--set iommu.sched=random --set iommu.coalesce=both" \
            "--set iommu.buffer_entries=16 --set iommu.walkers=2 $SM" ;;
        mid_simt_upper) echo "--set iommu.sched=simt --set iommu.coalesce=upper" \
            "--set iommu.buffer_entries=32 --set iommu.walkers=4 --set iommu.aging_threshold=24" \
            "--set iommu.pwc_latency=3 $SM" ;;
        mid_simt_both_pipe) echo "--set iommu.sched=simt --set iommu.coalesce=both" \
            "--set iommu.buffer_entries=32 --set iommu.walkers=4 --set iommu.aging_threshold=24" \
            "--set iommu.pick_pipe=1 $SM" ;;
        mid_simt_both_pipe2) echo "--set iommu.sched=simt --set iommu.coalesce=both" \
            "--set iommu.buffer_entries=32 --set iommu.walkers=4 --set iommu.aging_threshold=24" \
            "--set iommu.pick_pipe=2 $SM" ;;
        mid_simt_both_scan) echo "--set iommu.sched=simt --set iommu.coalesce=both" \
            "--set iommu.buffer_entries=32 --set iommu.walkers=4 --set iommu.aging_threshold=24" \
            "--set iommu.pick_pipe=2 --set iommu.scan_pipe=1 $SM" ;;
        tiny_fcfs_leaf) echo "--set iommu.sched=fcfs --set iommu.coalesce=leaf" \
            "--set iommu.buffer_entries=8 --set iommu.walkers=3 --set iommu.pwc_latency=2" \
            "--set pwc.l4_entries=2 --set pwc.l4_ways=2 --set pwc.l3_entries=2" \
            "--set pwc.l3_ways=2 --set pwc.l2_entries=4 --set pwc.l2_ways=2" ;;
        *) return 1 ;;
    esac
}
WORKLOADS="mvt xsbench gesummv nw"
scale_of() { case $1 in paper_*) echo "${XL_TRACE_SCALE:-0.0002}" ;;
                        *) echo "${XL_TRACE_SCALE:-0.001}" ;; esac; }
# record MODEL WL: build/rtl/iommu/traces/MODEL-WL.tr, kept while newer than build/xlat.
record() {
    t=$B/traces/$1-$2.tr
    if [ ! -s "$t" ] || [ "$XLAT" -nt "$t" ]; then
        # shellcheck disable=SC2046
        "$XLAT" run --quiet --seed 1 --workload "$2" --scale "$(scale_of "$1")" \
            --set workload.min_rounds=0 --iommu-trace "$t.tmp" $(settings "$1") > "$L/record-$1-$2.log" 2>&1 \
            && mv "$t.tmp" "$t" || { rm -f "$t.tmp"; return 1; }
    fi
}
nrec=0
for m in $MODELS; do
    for w in $WORKLOADS; do
        if record "$m" "$w"; then
            nrec=$((nrec + 1))
        else
            notok "record trace $m $w: xlat run failed (see $L/record-$m-$w.log)"
        fi
    done
done
[ "$nrec" -gt 0 ] && ok "$nrec IOMMU-boundary traces recorded or up to date in $B/traces" \
    "(xlat run --seed 1, settings matching each model)"

# ------------------------------------------------------------------ lockstep runs
# pass LOG: the run's PASS line fields.
rate_of() { sed -n 's/^PASS .* rate=\([0-9]*\) cycles\/s.*/\1/p' "$1"; }
cyc_of() { sed -n 's/^PASS .* cycles=\([0-9]*\) .*/\1/p' "$1"; }

# The coverage minimums (10 per bin, see the harness) are sized for runs of 20000 cycles or
# more; shorter runs report coverage without enforcing it.
if [ "$CYC" -ge 20000 ]; then COV=""; COVTXT="coverage met"
else COV="--cov-min 0"; COVTXT="coverage reported, not enforced below 20000 cycles"; fi

# run_ls MODEL MODE SEED: a random/pressure run that must pass with its coverage met.
run_ls() {
    log=$L/ls-$1-$2-seed$3.log
    # shellcheck disable=SC2086
    "$LS" --params "$1" --mode "$2" --seed "$3" --cycles "$CYC" $COV --no-rerun > "$log" 2>&1
    rc=$?
    if [ "$rc" = 0 ] && grep -q '^PASS' "$log"; then
        ok "lockstep $1 $2 seed=$3: $CYC cycles, every output and counter equal every cycle," \
           "sub-block state as tests/lockstep/README.md says, $COVTXT ($(rate_of "$log")" \
           "cycles/s)"
        echo "$CYC" >> "$TAP.cycles"
    else
        first=$(grep -E '^(MISMATCH|FAIL)' "$log" | head -n 1)
        notok "lockstep $1 $2 seed=$3: ${first:-exit $rc} (see $log)"
    fi
}

# replay MODEL WL: the recorded trace, every cycle stepped (idle ones in between); C and RTL
# must agree every cycle and the C twin must reproduce every recorded digest. If the recording
# model skipped a cycle in which the block acts (the harness's diagnosis), that is reported as
# a failure of the model, and the trace is replayed once more on the model's own steps.
replay() {
    t=$B/traces/$1-$2.tr
    [ -s "$t" ] || { notok "replay $1 $2: no trace"; return; }
    case $1 in paper_*) cap=$((2 * CYC)) ;; *) cap=$((5 * CYC)) ;; esac
    tc=$(($(tail -n 1 "$t" | cut -d' ' -f2) - $(grep -m 1 '^C ' "$t" | cut -d' ' -f2) + 1))
    lim=""
    part=""
    if [ "$tc" -gt "$cap" ]; then
        lim="--cycles $cap"
        part=" (first $cap of $tc cycles)"
    fi
    log=$L/replay-$1-$2.log
    # shellcheck disable=SC2086
    "$LS" --params "$1" --replay "$t" $lim --no-rerun > "$log" 2>&1
    rc=$?
    lines=$(sed -n 's/^replay: \([0-9]*\) trace lines.*/\1/p' "$log")
    if [ "$rc" = 0 ] && grep -q '^PASS' "$log"; then
        ok "replay $1 $2$part: $lines trace lines over" \
           "$(cyc_of "$log") cycles, C = RTL every cycle, every recorded digest reproduced" \
           "($(rate_of "$log") cycles/s)"
        cyc_of "$log" >> "$TAP.cycles"
    elif grep -q 'the model skipped an active cycle' "$log"; then
        at=$(sed -n 's/^REPLAY DIGEST DIFFERS .*(trace cycle \([0-9]*\), not in the trace)/\1/p' \
            "$log")
        n=$(sed -n 's/^REPLAY DIGEST DIFFERS .* cycle=\([0-9]*\) .*/\1/p' "$log")
        echo "$n" >> "$TAP.cycles"
        notok "replay $1 $2$part: C = RTL for $n cycles, but the recording model (xlat run)" \
              "skipped trace cycle $at although the block dispatches in it (a stuck cycle" \
              "that buffered an arrival; model/src/iommu/walk_path.c xl_walk_path_busy, iommu.c io_stuck)" \
              "(see $log)"
        log2=$L/replay-listed-$1-$2.log
        # shellcheck disable=SC2086
        "$LS" --params "$1" --replay "$t" --replay-listed $lim --no-rerun > "$log2" 2>&1
        if [ $? = 0 ] && grep -q '^PASS' "$log2"; then
            ok "replay-listed $1 $2$part: on the model's own $(cyc_of "$log2") steps C = RTL" \
               "every step and every recorded digest reproduced ($(rate_of "$log2") steps/s)"
            cyc_of "$log2" >> "$TAP.cycles"
        else
            notok "replay-listed $1 $2: $(grep -E '^(MISMATCH|REPLAY|FAIL)' "$log2" | head -n 1)" \
                  "(see $log2)"
        fi
    else
        first=$(grep -E '^(MISMATCH|REPLAY|FAIL)' "$log" | head -n 1)
        notok "replay $1 $2: ${first:-exit $rc} (see $log)"
    fi
}

# model_checks MODEL: random (2 seeds) and pressure (1 seed) runs, then the four replays.
model_checks() {
    run_ls "$1" random 1
    run_ls "$1" random 2
    run_ls "$1" pressure 3
    for w in $WORKLOADS; do
        replay "$1" "$w"
    done
}

# Fault injection (tests/lib/rtl.sh xl_inject).
inject() {   # inject MODEL FIELD CYCLE [replay WL]
    m=$1; f=$2; c=$3
    if [ "$4" = replay ]; then
        src="--replay $B/traces/$m-$5.tr"; label="replay $5"; mode=replay
    else
        src="--mode random --cycles 20000"; label=random; mode=random
    fi
    # shellcheck disable=SC2086
    xl_inject "$m $label, $f" "$c" "$L/inject-$m-$mode.log" \
        "$B/waves/xl_walk_path-$m-$mode-seed9.vcd" \
        "$LS" --params "$m" $src --seed 9 --inject-fault "$c" --inject-field "$f" \
        --wave-dir "$B/waves"
}

if [ -n "$LS" ]; then
    rm -f "$L"/tap-*.txt.cycles

    # Lane A (background): the mutants, then two parameter sets.
    (
        TAP=$L/tap-a.txt
        : > "$TAP"
        sh tests/lockstep/mutants_walk_path.sh > "$L/mutants.log" 2>&1
        xl_mutants_result "$L/mutants.log" $?
        model_checks paper_fcfs_off
        model_checks mid_simt_upper
        # the registered pick (PickPipe 1): one random and one pressure run, two replays
        run_ls mid_simt_both_pipe random 1
        run_ls mid_simt_both_pipe pressure 3
        replay mid_simt_both_pipe mvt
        replay mid_simt_both_pipe xsbench
    ) &
    LANE_A=$!

    # Lane B (here): the other three sets, fault injection, bad input, speed.
    TAP=$L/tap-b.txt
    : > "$TAP"
    model_checks paper_simt_both
    model_checks small_random_both
    model_checks tiny_fcfs_leaf

    inject small_random_both "cpl_frame[3]" 5000
    inject paper_simt_both mem_req_addr 2500
    inject tiny_fcfs_leaf disp_node 1000 replay mvt
    # ... and a corrupted item of each sub-block's internal state, and an internal output.
    inject paper_simt_both sched_score 4000
    inject small_random_both coal_pa 4000
    inject mid_simt_upper pwc_plru 3001
    inject paper_fcfs_off ws_disp_stamp 1500
    inject mid_simt_both_pipe sched_pick_slot 1501

    # the pick from registers (PickPipe 2): one random and one pressure run, two replays
    run_ls mid_simt_both_pipe2 random 1
    run_ls mid_simt_both_pipe2 pressure 3
    replay mid_simt_both_pipe2 mvt
    replay mid_simt_both_pipe2 xsbench

    # ... with the coalescing scan drained one slot a cycle (ScanPipe 1): the same runs
    run_ls mid_simt_both_scan random 1
    run_ls mid_simt_both_scan pressure 3
    replay mid_simt_both_scan mvt
    replay mid_simt_both_scan xsbench

    # Bad input: one line on stderr, exit status 2, nothing on stdout.
    badbin=$B/traces/bad.tr
    printf '%s\n' "$(sed -n 2p "$B/traces/small_random_both-mvt.tr")" "C 12 1 zz" > "$badbin"
    xl_badopts "$L" "bad options, a malformed trace and a trace of other parameters (P line)" \
        "$LS" <<EOF
--mode replay
--replay-listed
--replay $B/traces/none.tr
--params small_random_both --replay $B/traces/paper_simt_both-mvt.tr
--params small_random_both --replay $badbin
--mem-latency 0
--rtl-only --inject-fault 5
EOF
    wait "$LANE_A"

    # Speed of the RTL alone (same stimulus, nothing compared), per parameter set.
    for m in $MODELS; do
        case $m in paper_*) n=10000 ;; *) n=100000 ;; esac
        r=$(xl_rate "$LS" --params "$m" --cycles "$n" --rtl-only)
        l=$(rate_of "$L/ls-$m-random-seed1.log")
        info "speed $m: lockstep ${l:-?} cycles/s (random, seed 1), RTL alone $r cycles/s"
    done
fi

# ------------------------------------------------------------------ yosys results
wait "$YOSYS_PID"
TAP=$MAIN_TAP
xl_yosys_result small "$B/yosys" "yosys synth -flatten -top xl_walk_path (small set: 4 slots,\
 2 walkers, FCFS, coalescing both, PWC 2x2/4x2/8x4)"

# ------------------------------------------------------------------ summary
cat "$MAIN_TAP" "$L/tap-a.txt" "$L/tap-b.txt" 2>/dev/null
TOTAL=$(cat "$L"/tap-*.txt.cycles 2>/dev/null | awk '{s += $1} END {print s + 0}')
echo "# lockstep cycles compared (C twin against RTL): $TOTAL; wall time $(( $(date +%s) - T0 )) s"
! cat "$MAIN_TAP" "$L/tap-a.txt" "$L/tap-b.txt" 2>/dev/null | grep -q '^not ok '
