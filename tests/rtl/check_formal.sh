#!/bin/sh
# check_formal.sh - formal properties of the RTL (docs/design.md verification stack item 4;
# docs/rtl.md §5), with Yosys's built-in SAT solver: bounded model checking (`sat -seq N
# -prove-asserts -set-assumes`), covers (`sat -seq N -set-assumes` asked for one trace that
# sets a sticky cover bit f_seen[b] of a harness at its last step, one call per bit) and temporal induction
# (`sat -tempinduct`). yosys-smtbmc with z3 took minutes where `sat` takes seconds. One
# "ok - NAME" / "not ok - NAME" line per check; the table of properties, depths, times and
# mutants is tests/formal/README.md.
#   tests/formal/xl_walk_sched_fv.sv  scheduler: no lost request, no duplicate grant, FCFS
#                                     order across the stamp wrap, RANDOM pick from the
#                                     harness's own LFSR, score merge and 256 clamp from the
#                                     harness's own scores, SIMT order, bounded starvation
#   tests/formal/xl_pwc_fv.sv         PWC: pending counters saturate, allocation, the
#                                     counter-aware victim rule
#   tests/formal/xl_coalesce_fv.sv    coalescing: a slot completes at most once, only from a
#                                     leaf line of its own neighbourhood, on its own lane
#   tests/formal/xl_coalesce_scan_fv.sv  the same with the scan drained one slot a cycle
#                                     (ScanPipe 1), from the line it took, one a cycle,
#                                     never on a busy lane
#   tests/formal/xl_dram_gsn_fv.sv    MASK's DRAM queues: Golden first (strict priority per
#                                     ready bank set, FIFO per bank, the whole pick), no lost
#                                     or twice-issued request, the Silver turn passes within
#                                     SilverTimeout cycles, no deadlock
#   tests/formal/xl_walk_path_fv.sv   the top: a request ends at most once, and within 12
#                                     cycles of its dispatch when memory answers in the cycle
#                                     after the grant (within 25 of its acceptance: long)
#   mutants                           each property fails on a broken copy of rtl/: a patch of
#                                     tests/formal/mutants/<block>/ or tests/lockstep/mutants/
#                                     <block>/ (the first lines of each say which rule it
#                                     breaks). A mutant is read with -DSYNTHESIS, which turns
#                                     the RTL's own XL_ASSERT checks off, so only a harness
#                                     property can fail it.
# The checks run two at a time (two cores); XL_FORMAL_ONLY="PATTERN..." runs the checks whose
# name matches one of the shell patterns.
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/rtl/check_formal.sh
. tests/lib/rtl.sh
B=build/formal
mkdir -p "$B"
rm -rf "$B/jobs"
mkdir -p "$B/jobs"

# The flattened design's registers a harness reads (its h_* wires): `connect -set` after
# `flatten`, before any optimisation can remove or merge them.
conn_walk_sched() {
    echo 'connect -set h_lfsr \dut.lfsr_q'
}
# conn_vec WIRE LEVEL ARRAY N W: WIRE = {ARRAY[N-1], ..., ARRAY[0]} of PWC level index LEVEL,
# W bits per element (connect takes one word per side, so one slice per element).
conn_vec() {
    _e=0
    while [ "$_e" -lt "$4" ]; do
        echo "connect -set $1[$((_e * $5 + $5 - 1)):$((_e * $5))] \\dut.g_lv[$2].$3[$_e]"
        _e=$((_e + 1))
    done
}
conn_pwc() {
    for _a in "h4 0 4 2" "h3 1 2 11" "h2 2 4 19"; do
        # shellcheck disable=SC2086  # "PREFIX LEVEL ENTRIES KEYBITS"
        set -- $_a
        conn_vec "${1}_valid" "$2" valid_q "$3" 1
        conn_vec "${1}_asid" "$2" asid_q "$3" 1
        conn_vec "${1}_key" "$2" key_q "$3" "$4"
        conn_vec "${1}_cnt" "$2" cnt_q "$3" 2
    done
}
conn_dram_gsn() {
    echo 'connect -set h_gv \dut.g_q[0].valid_q'
    echo 'connect -set h_sv \dut.g_q[1].valid_q'
    echo 'connect -set h_nv \dut.g_q[2].valid_q'
}
conn_coalesce() { :; }
conn_walk_path() { :; }

# job NAME BLOCK "RTL FILES" HARNESS "CHPARAM" MODE DEPTH EXPECT [SRC/MUTANT]: one check,
# queued. MODE: bmc (the assertions hold for DEPTH steps), cover=BITS (for each of the cover
# bits BITS, comma-separated, a trace sets it within DEPTH steps), induct (k-induction up to DEPTH).
# EXPECT: pass or fail. SRC is formal or lockstep (the mutant's directory). CHPARAM: the
# harness's "-set,P,V,..." (commas for spaces), or - for none; FILES likewise comma-separated.
NJOB=0
job() {
    NJOB=$((NJOB + 1))
    printf '%s\n' "$*" > "$B/jobs/$NJOB.args"
}

run_job() {
    res=$B/jobs/$1.res
    # shellcheck disable=SC2046,SC2086
    set -- $(cat "$B/jobs/$1.args")
    name=$1 block=$2 files=$3 harness=$4 cp=$5 mode=$6 depth=$7 expect=$8 mut=$9
    files=$(echo "$files" | tr ',' ' ')
    cp=$(echo "$cp" | tr ',' ' ')
    [ "$cp" = - ] && cp=""
    top=$(basename "$harness" .sv)
    r=rtl
    def=""
    if [ -n "$mut" ]; then
        src=${mut%%/*} m=${mut#*/}
        if [ "$src" = formal ]; then
            r=$(xl_formal_mutant_rtl "$block" "$m" "$B/$name" 2> "$B/$name.patch.log") || r=""
        else
            r=$(xl_mutant_rtl "$block" "$m" "$B/$name" 2> "$B/$name.patch.log") || r=""
        fi
        [ -n "$r" ] || { echo "not ok - formal $name: mutant $mut does not apply" > "$res"; return; }
        def=-DSYNTHESIS
    fi
    case $mode in
        bmc) sat="sat -seq $depth -prove-asserts -set-assumes -set-init-zero -timeout 600" ;;
        induct) sat="sat -tempinduct -maxsteps $depth -prove-asserts -set-assumes -set-init-zero -timeout 300" ;;
        cover=*)
            # one sat call per cover bit, in one Yosys run (elaborated once)
            sat=""
            ncov=0
            for _b in $(echo "${mode#cover=}" | tr ',' ' '); do
                sat="${sat}sat -seq $depth -set-assumes -set-init-zero -timeout 600"
                sat="$sat -set-at $depth f_seen[$_b] 1 $top
"
                ncov=$((ncov + 1))
            done ;;
    esac
    ys=$B/$name.ys
    {
        printf 'read_verilog -sv -formal %s -I%s %s/xl_pkg.sv' "$def" "$r" "$r"
        for _f in $files; do printf ' %s/%s' "$r" "$_f"; done
        echo " $harness"
        [ -n "$cp" ] && echo "chparam $cp $top"
        echo "hierarchy -top $top"
        echo "proc"
        echo "flatten"
        "conn_$block"
        echo "prep -top $top"
        echo "memory"
        echo "async2sync"
        echo "dffunmap"
        echo "opt -fast"
        case $mode in
            cover=*) printf '%s' "$sat" ;;
            *) echo "$sat $top" ;;
        esac
    } > "$ys"
    t0=$(date +%s)
    yosys -q -l "$B/$name.log" "$ys" > /dev/null 2>&1
    t=$(($(date +%s) - t0))
    case $mode in
        cover=*)
            _found=$(grep -c "SAT solving finished - model found" "$B/$name.log")
            _none=$(grep -c "SAT solving finished - no model found" "$B/$name.log")
            if [ "$_found" = "$ncov" ]; then got=pass
            elif [ $((_found + _none)) = "$ncov" ]; then got=fail
            else got=error; fi
            what="each cover of ${mode#cover=} reached within $depth steps" ;;
        induct)
            if grep -q "Induction step proven: SUCCESS" "$B/$name.log"; then got=pass
            elif grep -q "Reached maximum number of time steps" "$B/$name.log"; then got=fail
            else got=error; fi
            what="k-induction closes within $depth steps" ;;   # fail: it does not
        *)
            if grep -q "SAT proof finished - no model found: SUCCESS" "$B/$name.log"; then got=pass
            elif grep -q "SAT proof finished - model found: FAIL" "$B/$name.log"; then got=fail
            else got=error; fi
            what="$depth-step BMC"
            [ -n "$mut" ] && what="$what of mutant $mut" ;;
    esac
    if [ "$got" = "$expect" ]; then
        echo "ok - formal $name: $what: $expect, as expected (${t} s)"
    else
        echo "not ok - formal $name: $what: expected $expect, got $got after ${t} s (see $B/$name.log)"
    fi > "$res"
}

# A lane takes the next unclaimed job (mkdir is atomic) until none is left.
lane() {
    _i=1
    while [ "$_i" -le "$NJOB" ]; do
        if mkdir "$B/jobs/$_i.claim" 2> /dev/null; then
            run_job "$_i"
        fi
        _i=$((_i + 1))
    done
}

WS="walk_sched xl_walk_sched.sv tests/formal/xl_walk_sched_fv.sv"
PW="pwc xl_pwc.sv tests/formal/xl_pwc_fv.sv"
CO="coalesce xl_coalesce.sv tests/formal/xl_coalesce_fv.sv"
CS="coalesce xl_coalesce.sv tests/formal/xl_coalesce_scan_fv.sv"
WP="walk_path xl_walk_sched.sv,xl_coalesce.sv,xl_pwc.sv,xl_walk_path.sv tests/formal/xl_walk_path_fv.sv"
DG="dram_gsn xl_dram_gsn.sv tests/formal/xl_dram_gsn_fv.sv"

# The jobs, longest first so the two lanes end together. Scheduler: SIMT needs 7 steps to
# age an entry at threshold 2 (reset, the entry, younger arrivals, two dispatches past it,
# the pick, the sampled step).
# shellcheck disable=SC2086  # WS, PW, CO and WP are lists of words
queue() {
    job walk_path $WP - bmc 16 pass
    job coalesce $CO - bmc 5 pass
    job dram_gsn_cover $DG -set,Timeout,2 cover=0,1,2,3,4,5,6 6 pass
    job dram_gsn $DG -set,Timeout,2 bmc 7 pass
    job walk_sched_simt $WS -set,Policy,2 bmc 7 pass
    job walk_sched_clamp $WS -set,Policy,2,-set,EstBig,1 bmc 5 pass
    job walk_sched_fcfs $WS -set,Policy,0 bmc 7 pass
    job walk_sched_random $WS -set,Policy,1,-set,Seed,32\'h2545F491 bmc 7 pass
    job walk_sched_simt_cover $WS -set,Policy,2 cover=0,1,2 8 pass
    job walk_sched_clamp_cover $WS -set,Policy,2,-set,EstBig,1 cover=3 5 pass
    job walk_sched_fcfs_cover $WS -set,Policy,0 cover=4,5,7 7 pass
    job walk_sched_random_cover $WS -set,Policy,1 cover=6 7 pass
    job mutant_tie_youngest $WS -set,Policy,2 bmc 7 fail lockstep/TIE_YOUNGEST
    job mutant_aging_early $WS -set,Policy,2 bmc 7 fail lockstep/AGING_EARLY
    job mutant_cl_immediate $WS -set,Policy,0 bmc 7 fail lockstep/CL_IMMEDIATE
    job mutant_stamp_wrap $WS -set,Policy,0 bmc 7 fail formal/STAMP_WRAP
    job mutant_score_trunc $WS -set,Policy,2,-set,EstBig,1 bmc 5 fail formal/SCORE_TRUNC
    job mutant_lfsr_taps $WS -set,Policy,1 bmc 7 fail formal/LFSR_TAPS
    job pwc $PW - bmc 8 pass
    job pwc_cover $PW - cover=0,1,2,3,4 10 pass
    job mutant_dec_wrap $PW - bmc 8 fail lockstep/DEC_WRAP
    job mutant_victim_reserved $PW - bmc 8 fail formal/VICTIM_RESERVED
    job coalesce_cover $CO - cover=0,1,2 5 pass
    job mutant_kill_stays $CO - bmc 5 fail formal/KILL_STAYS
    job mutant_nbr_shift $CO - bmc 4 fail lockstep/NBR_SHIFT
    job mutant_slot_off $CO - bmc 5 fail formal/SLOT_OFF
    job coalesce_scan $CS - bmc 6 pass
    job coalesce_scan_cover $CS - cover=0,1,2 7 pass
    job mutant_scan_no_wait $CS - bmc 6 fail lockstep/SCAN_NO_WAIT
    job mutant_scan_line_now $CS - bmc 6 fail formal/SCAN_LINE_NOW
    job walk_path_cover $WP - cover=1 13 pass
    job mutant_leaf_again $WP - bmc 12 fail formal/LEAF_AGAIN
    job mutant_no_descent $WP - bmc 16 fail formal/NO_DESCENT
    job dram_gsn_strict $DG -set,Strict,1,-set,Bp,1 bmc 6 pass
    job dram_gsn_strict_cover $DG -set,Strict,1,-set,Bp,1 cover=6,7 6 pass
    job mutant_silver_first $DG -set,Timeout,2 bmc 6 fail formal/SILVER_FIRST
    job mutant_issue_stays $DG -set,Timeout,2 bmc 6 fail formal/ISSUE_STAYS
    job mutant_timeout_late $DG -set,Timeout,2 bmc 7 fail formal/TIMEOUT_LATE

    # XL_FORMAL_LONG=1 adds the checks that do not fit make test's budget (about 150 s wall): FCFS
    # from the 2^31 stamp boundary, two more mutants of properties that have one above, the top's
    # end-to-end bound (25 cycles from acceptance: depth 31, so a request accepted in
    # step 5, the first with three walks ahead of it, is followed to the bound) and its cover, and the k-induction
    # attempts, which do not close (the induction step fails at every k up to 4: expected fail).
    if [ -n "$XL_FORMAL_LONG" ]; then
        job walk_sched_fcfs_sign $WS -set,Policy,0,-set,StampStart,32\'h7FFFFFFE bmc 8 pass
        job mutant_cnt_sat $PW - bmc 8 fail lockstep/CNT_SAT
        job mutant_own_lane $CO - bmc 4 fail lockstep/OWN_LANE
        job walk_path_end $WP - bmc 31 pass
        job walk_path_end_cover $WP - cover=2 28 pass
        job pwc_induct $PW - induct 4 fail
        job coalesce_induct $CO - induct 4 fail
        job walk_sched_fcfs_induct $WS -set,Policy,0 induct 4 fail
        job dram_gsn_deep $DG -set,Timeout,2 bmc 8 pass
        job dram_gsn_strict_deep $DG -set,Strict,1,-set,Bp,1 bmc 8 pass
        job mutant_gq_row_hit $DG -set,Timeout,2 bmc 6 fail formal/GQ_ROW_HIT
        job mutant_nq_overwrite $DG -set,Timeout,2 bmc 6 fail formal/NQ_OVERWRITE
        job dram_gsn_induct $DG -set,Timeout,2 induct 4 fail
    fi
}
queue

if [ -n "$XL_FORMAL_ONLY" ]; then
    _i=1
    while [ "$_i" -le "$NJOB" ]; do
        _n=$(cut -d ' ' -f 1 < "$B/jobs/$_i.args")
        _keep=0
        set -f   # the patterns are not file names
        for _p in $XL_FORMAL_ONLY; do
            # shellcheck disable=SC2254  # a pattern
            case $_n in $_p) _keep=1 ;; esac
        done
        set +f
        [ "$_keep" = 1 ] || mkdir "$B/jobs/$_i.claim"
        _i=$((_i + 1))
    done
fi

T0=$(date +%s)
lane &
lane
wait
_i=1
while [ "$_i" -le "$NJOB" ]; do
    [ -f "$B/jobs/$_i.res" ] && xl_tap_lines "$B/jobs/$_i.res"
    _i=$((_i + 1))
done
info "formal: $(($(date +%s) - T0)) s wall"
[ "$XL_FAIL" = 0 ]
