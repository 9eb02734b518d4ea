#!/bin/sh
# tests/rtl/check_pwc.sh - every RTL check of xl_pwc (rtl/xl_pwc.sv, the page-walk caches of spec
# docs/isca18-micro18.md §1.4, §2.6), one TAP line each ("ok - NAME" / "not ok - NAME"), as
# tests/run.sh counts them; exit status 1 if anything failed. Builds only under build/rtl/pwc/.
#   icarus    tests/rtl/tb_xl_pwc.sv, directed hand-computed cases (Icarus 11)
#   yosys     read_verilog -sv, read_verilog -sv -formal, synth -top xl_pwc at the paper and
#             small parameter sets (cell counts printed); illegal parameters rejected
#   lint      verilator --lint-only -Wall (defaults, small, with --assert + waiver file)
#   lockstep  tests/lockstep/: the C twin against the Verilated RTL (outputs, counters and
#             every entry's internal state), both parameter sets, random and pressure
#             stimulus, several seeds; fault injection (outputs and state) must be caught;
#             bad options exit 2; every mutant of tests/lockstep/mutants_pwc.sh must be killed
# Yosys synthesis and the mutant builds run in the background beside the other steps.
# Shared steps: tests/lib/rtl.sh. Environment: XL_LOCKSTEP_CYCLES (default 150000) cycles per
# lockstep run. Style guide: docs/rtl.md §1.10, §1.11, §2.3, §5.3.
# shellcheck disable=SC2086  # $RTL and the option variables are word lists
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/rtl/check_pwc.sh
. tests/lib/rtl.sh

B=build/rtl/pwc
xl_check_begin "$B"
CYC=${XL_LOCKSTEP_CYCLES:-150000}
RTL="$XL_PKG rtl/xl_pwc.sv"

SMALL_P="-set L4Entries 2 -set L4Ways 2 -set L3Entries 4 -set L3Ways 2"
SMALL_P="$SMALL_P -set L2Entries 8 -set L2Ways 4 -set StatWidth 12"
SMALL_G="-GL4Entries=2 -GL4Ways=2 -GL3Entries=4 -GL3Ways=2 -GL2Entries=8 -GL2Ways=4 -GStatWidth=12"

# ---------------------------------------------------------------- yosys (in the background)
# synth takes ~20 s at the paper size: start it first and collect it at the end.
ysynth() {   # ysynth NAME ["chparam -set ... xl_pwc;"]
    xl_yosys "$1" "$B/yosys" "read_verilog -sv -Irtl $RTL; $2 synth -top xl_pwc;
        tee -o $B/yosys/stat-$1.txt stat"
}
( ysynth paper ""; ysynth small "chparam $SMALL_P xl_pwc;" ) &
YOSYS_PID=$!

# ---------------------------------------------------------------- icarus
xl_icarus tb_xl_pwc "$B/icarus" "" $RTL tests/rtl/tb_xl_pwc.sv

# ---------------------------------------------------------------- yosys front ends
# shellcheck disable=SC2086
if yosys -q -l "$B/yosys/read.log" -p "read_verilog -sv -Irtl $RTL; hierarchy -top xl_pwc" \
        > /dev/null 2>&1 && ! grep -q 'ERROR' "$B/yosys/read.log"; then
    ok "yosys read_verilog -sv rtl/xl_pwc.sv: no errors"
else
    notok "yosys read_verilog -sv rtl/xl_pwc.sv (see $B/yosys/read.log)"
fi
if yosys -q -l "$B/yosys/formal.log" -p "read_verilog -sv -formal -Irtl $RTL; prep -top xl_pwc" \
        > /dev/null 2>&1; then
    ok "yosys read_verilog -sv -formal + prep: assertions elaborate"
else
    notok "yosys read_verilog -sv -formal (see $B/yosys/formal.log)"
fi
xl_badparam "$B/logs" xl_pwc "$RTL" L2Ways=3 "-set L2Ways 3" -GL2Ways=3 -Pxl_pwc.L2Ways=3

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
# shellcheck disable=SC2086
lint small $SMALL_G
lint assert --assert tests/lockstep/xl_pwc_waiver.vlt

# ---------------------------------------------------------------- lockstep
xl_harness_built tests/lockstep/build_pwc.sh "$B/logs/lockstep-build.log"

# The mutation test only needs the harness objects built above: start it now, beside the
# lockstep runs.
sh tests/lockstep/mutants_pwc.sh > "$B/logs/mutants.log" 2>&1 &
MUT_PID=$!

TOTAL=0
if [ -n "$LS" ]; then
    # run_ls PARAMS MODE SEED: a lockstep run that must pass with full coverage.
    run_ls() {
        log="$B/logs/lockstep-$1-$2-seed$3.log"
        "$LS" --params "$1" --mode "$2" --seed "$3" --cycles "$CYC" > "$log" 2>&1
        rc=$?
        line=$(grep '^PASS' "$log")
        if [ "$rc" = 0 ] && [ -n "$line" ]; then
            rate=$(echo "$line" | sed -n 's/.*rate=\([0-9]*\) cycles\/s.*/\1/p')
            ok "lockstep $1 $2 seed=$3: $CYC cycles, every output and counter equal," \
               "coverage met ($rate cycles/s)"
            TOTAL=$((TOTAL + CYC))
        else
            first=$(grep -E '^(MISMATCH|FAIL)' "$log" | head -n 1)
            notok "lockstep $1 $2 seed=$3: ${first:-exit $rc} (see $log)"
        fi
    }
    run_ls small random 1
    run_ls small random 2
    run_ls small random 3
    run_ls small pressure 4
    run_ls small pressure 5
    run_ls paper random 1
    run_ls paper random 2
    run_ls paper pressure 3

    # Fault injection: a corrupted C output must be reported at exactly that cycle, and the
    # automatic re-run must write a waveform.
    inj() {   # inj PARAMS FIELD CYCLE
        xl_inject "$1, $2" "$3" "$B/logs/inject-$1-$2.log" "$B/waves/xl_pwc-$1-random-seed9.vcd" \
            "$LS" --params "$1" --seed 9 --cycles 20000 --inject-fault "$3" --inject-field "$2" \
            --wave-dir "$B/waves"
    }
    inj small probe_reads 5000
    inj paper l2_forced_evictions 12345
    # ... and so must a corrupted item of the internal state (compared every cycle).
    inj small pwc_cnt 5000
    inj paper pwc_tag 12345

    xl_badopts "$B/logs" "bad options" "$LS" < /dev/null

    # Speed of the RTL alone (informational).
    for p in small paper; do
        info "rtl-only $p: $(xl_rate "$LS" --params "$p" --cycles 200000 --rtl-only) cycles/s" \
             "(Verilated model alone, same stimulus)"
    done
fi

# ---------------------------------------------------------------- mutation test results
wait "$MUT_PID"
xl_mutants_result "$B/logs/mutants.log" $?

# ---------------------------------------------------------------- yosys synth results
wait "$YOSYS_PID"
for p in paper small; do
    xl_yosys_result "$p" "$B/yosys" "yosys synth -top xl_pwc ($p)"
done

info "lockstep cycles compared: $TOTAL; wall time $(( $(date +%s) - T0 )) s"
[ "$XL_FAIL" = 0 ]
