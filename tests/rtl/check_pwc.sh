#!/bin/sh
# tests/rtl/check_pwc.sh - every RTL check of xl_pwc (rtl/xl_pwc.sv, the page-walk caches of spec
# docs/isca18-micro18.md §1.4, §2.6), one TAP line each ("ok - NAME" / "not ok - NAME"), as
# tests/run.sh counts them; exit status 1 if anything failed. Builds only under build/rtl/pwc/.
#   icarus    tests/rtl/tb_xl_pwc.sv, directed hand-computed cases (Icarus 11)
#   yosys     read_verilog -sv, read_verilog -sv -formal, synth -top xl_pwc at the paper and
#             small parameter sets (cell counts printed); illegal parameters rejected
#   lint      verilator --lint-only -Wall (defaults, small, with --assert + waiver file)
#   lockstep  tests/lockstep/: the C twin against the Verilated RTL, both parameter sets,
#             random and pressure stimulus, several seeds; fault injection must be caught;
#             bad options exit 2; every mutant of tests/lockstep/mutants_pwc.sh must be killed
# Yosys synthesis and the mutant builds run in the background beside the other steps.
# Environment: XL_LOCKSTEP_CYCLES (default 150000) cycles per lockstep run.
# Style guide: docs/rtl.md §1.10, §1.11, §2.3, §5.3.
cd "$(dirname "$0")/../.." || exit 1

B=build/rtl/pwc
mkdir -p "$B/icarus" "$B/yosys" "$B/lint" "$B/logs"
FAILS=0
CYC=${XL_LOCKSTEP_CYCLES:-150000}
T0=$(date +%s)

ok() { echo "ok - $*"; }
notok() { echo "not ok - $*"; FAILS=$((FAILS + 1)); }

SMALL_P="-set L4Entries 2 -set L4Ways 2 -set L3Entries 4 -set L3Ways 2"
SMALL_P="$SMALL_P -set L2Entries 8 -set L2Ways 4 -set StatWidth 12"
SMALL_G="-GL4Entries=2 -GL4Ways=2 -GL3Entries=4 -GL3Ways=2 -GL2Entries=8 -GL2Ways=4 -GStatWidth=12"

# ---------------------------------------------------------------- yosys (in the background)
# synth takes ~20 s at the paper size: start it first and collect it at the end.
yosys_synth() {   # yosys_synth NAME ["chparam -set ... xl_pwc;"]
    yosys -q -l "$B/yosys/synth-$1.log" -p "read_verilog -sv -Irtl rtl/xl_pwc.sv; $2
        synth -top xl_pwc; tee -o $B/yosys/stat-$1.txt stat" > /dev/null 2>&1
    echo $? > "$B/yosys/synth-$1.rc"
}
rm -f "$B"/yosys/*.rc
( yosys_synth paper ""; yosys_synth small "chparam $SMALL_P xl_pwc;" ) &
YOSYS_PID=$!

# ---------------------------------------------------------------- icarus
if iverilog -g2012 -Wall -Irtl -o "$B/icarus/tb_xl_pwc.vvp" rtl/xl_pwc.sv tests/rtl/tb_xl_pwc.sv \
        > "$B/icarus/build.log" 2>&1; then
    vvp -n "$B/icarus/tb_xl_pwc.vvp" > "$B/icarus/tb_xl_pwc.log" 2>&1
    rc=$?
    np=$(grep -c '^ok ' "$B/icarus/tb_xl_pwc.log")
    nf=$(grep -c '^not ok ' "$B/icarus/tb_xl_pwc.log")
    na=$(grep -c 'ERROR:' "$B/icarus/tb_xl_pwc.log")
    grep '^not ok ' "$B/icarus/tb_xl_pwc.log" | sed 's/^not ok - /not ok - icarus tb_xl_pwc: /'
    FAILS=$((FAILS + nf))
    if [ "$rc" = 0 ] && [ "$nf" = 0 ] && [ "$na" = 0 ] && [ "$np" -gt 0 ]; then
        ok "icarus tb_xl_pwc: $np directed checks, no assertion fired"
    elif [ "$nf" = 0 ]; then
        notok "icarus tb_xl_pwc: exit $rc, $na assertion message(s) (see $B/icarus/tb_xl_pwc.log)"
    fi
else
    notok "icarus tb_xl_pwc: compile failed (see $B/icarus/build.log)"
fi

# ---------------------------------------------------------------- yosys front ends
if yosys -q -l "$B/yosys/read.log" \
        -p 'read_verilog -sv -Irtl rtl/xl_pwc.sv; hierarchy -top xl_pwc' > /dev/null 2>&1 \
        && ! grep -q 'ERROR' "$B/yosys/read.log"; then
    ok "yosys read_verilog -sv rtl/xl_pwc.sv: no errors"
else
    notok "yosys read_verilog -sv rtl/xl_pwc.sv (see $B/yosys/read.log)"
fi
if yosys -q -l "$B/yosys/formal.log" \
        -p 'read_verilog -sv -formal -Irtl rtl/xl_pwc.sv; prep -top xl_pwc' > /dev/null 2>&1; then
    ok "yosys read_verilog -sv -formal + prep: assertions elaborate"
else
    notok "yosys read_verilog -sv -formal (see $B/yosys/formal.log)"
fi

# Illegal parameters are refused by all three tools with the XL_ASSERT_PARAM message
# (rtl/xl_assert.svh): Yosys and Verilator at elaboration, Icarus at time 0.
bad=""
yosys -q -p 'read_verilog -sv -Irtl rtl/xl_pwc.sv; chparam -set L2Ways 3 xl_pwc;
        hierarchy -top xl_pwc' > "$B/logs/badparam-yosys.log" 2>&1
grep -q 'illegal parameter value' "$B/logs/badparam-yosys.log" || bad="$bad yosys"
verilator --lint-only -Irtl -GL2Ways=3 rtl/xl_pwc.sv > "$B/logs/badparam-verilator.log" 2>&1
grep -q 'illegal parameter value' "$B/logs/badparam-verilator.log" || bad="$bad verilator"
iverilog -g2012 -Irtl -s xl_pwc -Pxl_pwc.L2Ways=3 -o "$B/icarus/badparam.vvp" rtl/xl_pwc.sv \
    > "$B/logs/badparam-icarus.log" 2>&1 \
    && vvp -n "$B/icarus/badparam.vvp" >> "$B/logs/badparam-icarus.log" 2>&1
grep -q 'illegal parameter value' "$B/logs/badparam-icarus.log" || bad="$bad icarus"
if [ -z "$bad" ]; then
    ok "illegal parameter L2Ways=3 refused by yosys, verilator and icarus (XL_ASSERT_PARAM)"
else
    notok "illegal parameter L2Ways=3 not refused with the XL_ASSERT_PARAM message by:$bad" \
          "(see $B/logs/badparam-*.log)"
fi

# ---------------------------------------------------------------- verilator lint
lint() {   # lint NAME ARGS...
    name=$1; shift
    if verilator --lint-only -Wall -Irtl "$@" rtl/xl_pwc.sv > "$B/lint/$name.log" 2>&1; then
        ok "verilator --lint-only -Wall ($name): clean"
    else
        notok "verilator --lint-only -Wall ($name) (see $B/lint/$name.log)"
    fi
}
lint defaults
# shellcheck disable=SC2086
lint small $SMALL_G
lint assert --assert tests/lockstep/xl_pwc_waiver.vlt

# ---------------------------------------------------------------- lockstep
LS=""
if sh tests/lockstep/build_pwc.sh > "$B/logs/lockstep-build.log" 2>&1; then
    LS=$(tail -n 1 "$B/logs/lockstep-build.log")
    ok "lockstep harness built ($LS)"
else
    notok "lockstep harness build (see $B/logs/lockstep-build.log)"
fi

# The mutation test only needs the harness objects and the paper model built above: start it
# now, beside the lockstep runs.
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
        log="$B/logs/inject-$1-$2.log"
        vcd="$B/waves/xl_pwc-$1-random-seed9.vcd"
        rm -f "$vcd"
        "$LS" --params "$1" --seed 9 --cycles 20000 --inject-fault "$3" --inject-field "$2" \
            --wave-dir "$B/waves" > "$log" 2>&1
        rc=$?
        if [ "$rc" = 1 ] && grep -q "^MISMATCH .* cycle=$3\$" "$log" \
                && grep -q '^reproduce: ' "$log" && [ -s "$vcd" ]; then
            ok "fault injection ($1, $2 at cycle $3) caught at that cycle;" \
               "reproduce line and VCD written"
        else
            notok "fault injection ($1, $2 at cycle $3) not caught as expected (exit $rc, see $log)"
        fi
    }
    inj small probe_reads 5000
    inj paper l2_forced_evictions 12345

    # Bad options: one line on stderr, exit status 2.
    badopt=""
    for args in "--bogus" "--params tiny" "--mode burst" "--cycles 0" "--seed x1" \
            "--cycles 10 --inject-fault 10" "--inject-fault 1 --inject-field nope"; do
        # shellcheck disable=SC2086
        "$LS" $args > "$B/logs/badopt.out" 2> "$B/logs/badopt.err"
        rc=$?
        if [ "$rc" != 2 ] || [ "$(wc -l < "$B/logs/badopt.err")" != 1 ] \
                || [ -s "$B/logs/badopt.out" ]; then
            badopt="$badopt [$args: exit $rc]"
        fi
    done
    if [ -z "$badopt" ]; then
        ok "lockstep rejects bad options with one line on stderr and exit 2"
    else
        notok "lockstep bad options:$badopt"
    fi

    # Speed of the RTL alone (informational).
    for p in small paper; do
        r=$("$LS" --params "$p" --cycles 200000 --rtl-only \
            | sed -n 's/.*rate=\([0-9]*\) cycles\/s.*/\1/p')
        echo "# rtl-only $p: $r cycles/s (Verilated model alone, same stimulus)"
    done
fi

# ---------------------------------------------------------------- mutation test results
wait "$MUT_PID"
mrc=$?
cat "$B/logs/mutants.log"
FAILS=$((FAILS + $(grep -c '^not ok ' "$B/logs/mutants.log")))
if [ "$mrc" != 0 ] && ! grep -q '^not ok ' "$B/logs/mutants.log"; then
    notok "mutation test (exit $mrc, see $B/logs/mutants.log)"
fi

# ---------------------------------------------------------------- yosys synth results
wait "$YOSYS_PID"
for p in paper small; do
    if [ "$(cat "$B/yosys/synth-$p.rc" 2>/dev/null)" = 0 ]; then
        cells=$(sed -n 's/^ *Number of cells: *\([0-9]*\).*/\1/p' "$B/yosys/stat-$p.txt" \
            | tail -n 1)
        ffs=$(grep -E '\$_(S)?DFF' "$B/yosys/stat-$p.txt" | awk '{s += $2} END {print s + 0}')
        ok "yosys synth -top xl_pwc ($p): $cells cells, $ffs flip-flops"
    else
        notok "yosys synth -top xl_pwc ($p) (see $B/yosys/synth-$p.log)"
    fi
done

echo "# lockstep cycles compared: $TOTAL; wall time $(( $(date +%s) - T0 )) s"
[ "$FAILS" = 0 ]
