#!/bin/sh
# tests/rtl/check_dram_gsn.sh - every RTL check of xl_dram_gsn (rtl/xl_dram_gsn.sv, MASK's
# Golden/Silver/Normal DRAM queues of one channel; its C twin model/src/mem/dram_gsn.c, every
# rule in model/include/xlat/dram_gsn.h), one TAP line each ("ok - NAME" / "not ok - NAME"),
# as tests/run.sh counts them; exit status 1 if anything failed. Builds only under
# build/rtl/dram_gsn/.
#   icarus    tests/rtl/tb_xl_dram_gsn.sv, directed cases (Icarus 11), when it exists
#   yosys     read_verilog -sv and -sv -formal at the paper and small parameter sets, synth
#             -top xl_dram_gsn at the small set (and the paper set in long runs: cell counts
#             printed); an illegal parameter rejected
#   lint      verilator --lint-only -Wall (defaults, small, with --assert + waiver file)
#   lockstep  tests/lockstep/: the C twin against the Verilated RTL (outputs, counters and
#             every slot's internal state, every cycle), both parameter sets, random and
#             pressure stimulus, several seeds; replays of two DRAM-boundary traces
#             recorded here from MASK pair runs (`xlat run --gsn-trace`, a 2-HMR and a
#             0-HMR pair of bench/mask/pairs.txt, mask preset with dram.sched = gsn) at the
#             paper set; fault injection (an output and a state item) must be caught; bad
#             options and unusable traces exit 2; every mutant of
#             tests/lockstep/mutants_dram_gsn.sh must be killed
# The harness build, Yosys synthesis and the mutant builds run in the background beside the
# other steps.
# Shared steps: tests/lib/rtl.sh. Environment: XL_LOCKSTEP_CYCLES (default 100000) cycles
# per small-set run; a paper-set run takes a fifth of that (the paper model runs about 15
# times slower); the replays run their whole trace. Style guide: docs/rtl.md §1.10, §1.11.
# shellcheck disable=SC2086  # $RTL and the option variables are word lists
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/rtl/check_dram_gsn.sh
. tests/lib/rtl.sh

B=build/rtl/dram_gsn
L=$B/logs
xl_check_begin "$B"
mkdir -p "$B/traces"
CYC=${XL_LOCKSTEP_CYCLES:-100000}
CYC_PAPER=$((CYC / 5))
RTL="$XL_PKG rtl/xl_dram_gsn.sv"

# The small set of tests/lockstep/build_dram_gsn.sh.
SMALL_P="-set Banks 4 -set GqEntries 2 -set SqEntries 4 -set NqEntries 6 -set NApps 3"
SMALL_P="$SMALL_P -set ThreshMax 9 -set GqBackpressure 1 -set GqStrictHead 1"
SMALL_P="$SMALL_P -set SilverTimeout 11 -set RowW 3 -set TagW 8 -set StatWidth 12"
SMALL_G="-GBanks=4 -GGqEntries=2 -GSqEntries=4 -GNqEntries=6 -GNApps=3 -GThreshMax=9"
SMALL_G="$SMALL_G -GGqBackpressure=1 -GGqStrictHead=1 -GSilverTimeout=11 -GRowW=3 -GTagW=8"
SMALL_G="$SMALL_G -GStatWidth=12"

# ---------------------------------------------------------------- in the background
# The lockstep harness (two Verilated models; about a minute from scratch on 2 cores, most
# of it the paper model's C++) builds beside the single-threaded steps below, and so does
# the mutation test (each mutant a small model, built one after the other at low priority);
# they share only the C twin's objects, built first.
sh tests/lockstep/build_dram_gsn.sh --model-objs > "$L/model-objs.log" 2>&1 ||
    notok "C twin objects (see $L/model-objs.log)"
sh tests/lockstep/build_dram_gsn.sh > "$L/lockstep-build.log" 2>&1 &
BUILD_PID=$!
sh tests/lockstep/mutants_dram_gsn.sh > "$L/mutants.log" 2>&1 &
MUT_PID=$!
# Synthesis of the small set (seconds); the paper set (213,000 cells, minutes on this
# 2-core machine) only in the long runs (XL_LOCKSTEP_CYCLES of 1,000,000 or more, as make
# lockstep sets) or with XL_SYNTH_PAPER=1. The paper set is read and elaborated below.
SYNTH_SETS=small
if [ "${XL_SYNTH_PAPER:-0}" = 1 ] || [ "$CYC" -ge 1000000 ]; then
    SYNTH_SETS="small paper"
fi
ysynth() {   # ysynth NAME ["chparam -set ... xl_dram_gsn;"]
    xl_yosys "$1" "$B/yosys" "read_verilog -sv -Irtl $RTL; $2 synth -top xl_dram_gsn;
        tee -o $B/yosys/stat-$1.txt stat"
}
(
    ysynth small "chparam $SMALL_P xl_dram_gsn;"
    case $SYNTH_SETS in *paper*) ysynth paper "" ;; esac
) &
YOSYS_PID=$!

# ---------------------------------------------------------------- icarus
if [ -f tests/rtl/tb_xl_dram_gsn.sv ]; then
    xl_icarus tb_xl_dram_gsn "$B/icarus" "" $RTL tests/rtl/tb_xl_dram_gsn.sv
fi

# ---------------------------------------------------------------- yosys front ends
# Both sets: read and elaborate; with -formal (the assertions) hierarchy and proc at the
# paper set (prep there takes 20 s), the whole prep at the small one.
yread() {   # yread NAME LABEL "chparam ...;" "PASSES"
    if yosys -q -l "$B/yosys/$1.log" -p "read_verilog $2 -Irtl $RTL; $3 $4" > /dev/null 2>&1 &&
        ! grep -q 'ERROR' "$B/yosys/$1.log"; then
        ok "yosys read_verilog $2 rtl/xl_dram_gsn.sv ($1: $4): no errors"
    else
        notok "yosys read_verilog $2 rtl/xl_dram_gsn.sv ($1) (see $B/yosys/$1.log)"
    fi
}
yread read-paper -sv "" "hierarchy -top xl_dram_gsn"
yread read-small -sv "chparam $SMALL_P xl_dram_gsn;" "hierarchy -top xl_dram_gsn"
yread formal-paper "-sv -formal" "" "hierarchy -top xl_dram_gsn; proc"
yread formal-small "-sv -formal" "chparam $SMALL_P xl_dram_gsn;" "prep -top xl_dram_gsn"
xl_badparam "$L" xl_dram_gsn "$RTL" ThreshMax=512 "-set ThreshMax 512" -GThreshMax=512 \
    -Pxl_dram_gsn.ThreshMax=512

# ---------------------------------------------------------------- verilator lint
lint() {   # lint NAME ARGS...
    _name=$1; shift
    if xl_lint "$B/lint/$_name.log" "$@" $RTL; then
        ok "verilator --lint-only -Wall ($_name): clean"
    else
        notok "verilator --lint-only -Wall ($_name) (see $B/lint/$_name.log)"
    fi
}
lint defaults
lint small $SMALL_G
lint assert --assert tests/lockstep/xl_dram_gsn_waiver.vlt

# ---------------------------------------------------------------- lockstep
LS=""
if wait "$BUILD_PID"; then
    LS=$(tail -n 1 "$L/lockstep-build.log")
    ok "lockstep harness built ($LS)"
else
    notok "lockstep harness build (see $L/lockstep-build.log)"
fi


TOTAL=0
# result LOG LABEL RC: the TAP line of a lockstep run that must pass with its coverage.
result() {
    line=$(grep '^PASS' "$1")
    if [ "$3" = 0 ] && [ -n "$line" ]; then
        rate=$(echo "$line" | sed -n 's/.*rate=\([0-9]*\) cycles\/s.*/\1/p')
        n=$(echo "$line" | sed -n 's/.* cycles=\([0-9]*\) .*/\1/p')
        ok "lockstep $2: $n cycles, every output, counter and slot equal, coverage met" \
           "($rate cycles/s)"
        TOTAL=$((TOTAL + n))
    else
        first=$(grep -E '^(MISMATCH|REPLAY|FAIL)' "$1" | head -n 1)
        notok "lockstep $2: ${first:-exit $3} (see $1)"
    fi
}
if [ -n "$LS" ]; then
    run_ls() {   # run_ls PARAMS MODE SEED CYCLES
        log="$L/lockstep-$1-$2-seed$3.log"
        "$LS" --params "$1" --mode "$2" --seed "$3" --cycles "$4" > "$log" 2>&1
        result "$log" "$1 $2 seed=$3" $?
    }
    run_ls small random 1 "$CYC"
    run_ls small random 2 "$CYC"
    run_ls small pressure 3 "$CYC"
    run_ls small pressure 4 "$CYC"
    run_ls paper random 5 "$CYC_PAPER"
    run_ls paper pressure 6 "$CYC_PAPER"

    # ------------------------------------------------------------ workload replay
    # Two DRAM-boundary traces of MASK pair runs (bench/mask/pairs.txt: mm+cons 2-HMR,
    # bp+histo 0-HMR), mask preset with all three mechanisms (dram.sched = gsn, the paper
    # set's parameters), no warm-up, a 120,000-cycle window with 20,000-cycle epochs (so
    # the quotas commit six times), seed 1: under a second each, ~300,000 edges over the
    # 8 channels; recorded here (kept while newer than build/xlat) and replayed on
    # channel 0 (3 idle edges at most per clock gap).
    XLAT=build/xlat
    if [ ! -x "$XLAT" ]; then
        if make build/xlat > "$L/make-xlat.log" 2>&1; then
            ok "build/xlat built (make build/xlat)"
        else
            notok "make build/xlat failed (see $L/make-xlat.log)"
        fi
    fi
    record() {   # record PAIR: $B/traces/PAIR.tr
        t=$B/traces/$1.tr
        stale "$t" "$XLAT" || return 0
        if "$XLAT" run --config configs/mask.ini --design mask --workload "$1" --seed 1 \
                --set sim.warmup=0 --set sim.window=120000 --set mask.epoch=20000 --quiet \
                --gsn-trace "$t.tmp" > "$L/record-$1.log" 2>&1; then
            mv "$t.tmp" "$t"
        else
            rm -f "$t.tmp"
            return 1
        fi
    }
    for pair in mm+cons bp+histo; do
        if record "$pair"; then
            log="$L/replay-$pair.log"
            "$LS" --params paper --trace-file "$B/traces/$pair.tr" --channel 0 --no-rerun \
                > "$log" 2>&1
            rc=$?
            d=$(sed -n 's/^replay: .* \([0-9]*\) recorded digests reproduced.*/\1/p' "$log")
            result "$log" "replay paper $pair channel 0 ($d recorded digests reproduced)" $rc
        else
            notok "record trace $pair: xlat run --gsn-trace failed (see $L/record-$pair.log)"
        fi
    done

    # ------------------------------------------------------------ fault injection
    # A corrupted C output, or a corrupted item of the internal state (compared every
    # cycle), must be reported at exactly that cycle, and the re-run must write a waveform.
    inj() {   # inj PARAMS FIELD CYCLE
        xl_inject "$1, $2" "$3" "$L/inject-$1-$2.log" \
            "$B/waves/xl_dram_gsn-$1-random-seed9.vcd" \
            "$LS" --params "$1" --seed 9 --cycles 20000 --inject-fault "$3" --inject-field "$2" \
            --wave-dir "$B/waves"
    }
    inj small iss_slot 5000
    inj paper occ_sum_nq 12345
    inj small gsn_seq 5000
    inj paper gsn_row 12345

    # ------------------------------------------------------------ bad input
    # Unusable traces: another build's parameters, a malformed line, a row wider than
    # RowW, a channel the trace does not have.
    T=$B/traces/mm+cons.tr
    P8="P channels=2 banks=8 entries=16/64/192 napps=2 thresh_max=500 gq_backpressure=0"
    P8="$P8 gq_strict_head=0 silver_timeout=0"
    printf '%s\nE 0 5 1 3 1ffff 0 0 0 7 0 0 0 - 0 - | 1 2 0 0 0 0 0 0 0 0\n' "$P8" \
        > "$L/bad-row.tr"
    printf '%s\nE 0 5 1 3 ff 0 0 0 7 0 0 0 - 0 - | 1 2 0\n' "$P8" > "$L/bad-line.tr"
    xl_badopts "$L" "bad options and unusable traces" "$LS" <<EOF
--mode replay
--channel 1
--trace-file $L/no-such.tr
--trace-file $T --params small
--trace-file $T --channel 8
--trace-file $L/bad-row.tr --params paper
--trace-file $L/bad-line.tr --params paper
--trace-file $T --mode random
--trace-file $T --rtl-only
--seq-start 0x100000000
--state-every x
EOF

    # Speed of the RTL alone (informational).
    for p in small paper; do
        c=$CYC; [ "$p" = paper ] && c=$CYC_PAPER
        info "rtl-only $p: $(xl_rate "$LS" --params "$p" --cycles "$c" --rtl-only)" \
             "cycles/s (Verilated model alone, same stimulus)"
    done
fi

# ---------------------------------------------------------------- mutation test results
wait "$MUT_PID"
xl_mutants_result "$L/mutants.log" $?

# ---------------------------------------------------------------- yosys synth results
wait "$YOSYS_PID"
for p in $SYNTH_SETS; do
    xl_yosys_result "$p" "$B/yosys" "yosys synth -top xl_dram_gsn ($p)"
done

info "lockstep cycles compared: $TOTAL; wall time $(( $(date +%s) - T0 )) s"
[ "$XL_FAIL" = 0 ]
