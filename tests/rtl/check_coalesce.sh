#!/bin/sh
# check_coalesce.sh - every RTL check of xl_coalesce (rtl/xl_coalesce.sv, neighbourhood-aware
# walk coalescing, docs/isca18-micro18.md §1.3, §3), one TAP line each ("ok - NAME" /
# "not ok - NAME"); exit status 1 if anything failed. Run from anywhere; builds only under
# build/rtl/lockstep/coalesce/ and build/rtl/coalesce/.
#   icarus    tests/rtl/tb_xl_coalesce.sv: directed, hand-computed cases, four modes (Icarus 11)
#   lint      verilator --lint-only -Wall at the default (paper) size and at the small size
#             in every mode, with --assert and tests/lockstep/verilator_coalesce.vlt
#   yosys     synth -top xl_coalesce at the small parameter set (cell count printed);
#             read_verilog -formal + prep (the assertions elaborate); illegal parameters
#             refused by yosys, verilator and icarus
#   lockstep  tests/lockstep/xl_coalesce_lockstep.cpp: C twin against the Verilated RTL,
#             small and paper parameter sets, every mode, several seeds, random and pressure
#             stimulus, and mode both with the scan drained one slot a cycle (ScanPipe 1);
#             fault injection must be caught; bad options exit 2; every mutant of
#             tests/lockstep/mutants_coalesce.sh must be killed
# Yosys synthesis and the mutation test run in the background beside the other steps.
# Environment: XL_CO_SMALL_CYCLES (default 25000) and XL_CO_PAPER_CYCLES (default 8000)
# cycles per mode and seed of the random runs (pressure runs use 4/5 and 1/2 of them).
# Shared steps: tests/lib/rtl.sh. Style guide: docs/rtl.md §1.10, §1.11, §2.3, §5.3.
# shellcheck disable=SC2086  # $RTL and the option variables are word lists
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/rtl/check_coalesce.sh
. tests/lib/rtl.sh

B=build/rtl/coalesce
xl_check_begin "$B"
SCYC=${XL_CO_SMALL_CYCLES:-25000}
PCYC=${XL_CO_PAPER_CYCLES:-8000}
RTL="$XL_PKG rtl/xl_coalesce.sv"

SMALL_SET="-set NumSlots 16 -set NumWalkers 2 -set StatWidth 10 -set Mode 3"
SMALL_G="-GNumSlots=16 -GNumWalkers=2 -GStatWidth=10"

# ---------------------------------------------------------------- yosys synth (background)
xl_yosys small "$B/yosys" "read_verilog -defer -sv -Irtl $RTL;
    chparam $SMALL_SET xl_coalesce; synth -top xl_coalesce;
    tee -o $B/yosys/stat-small.txt stat" &
YOSYS_PID=$!

# ---------------------------------------------------------------- icarus
xl_icarus tb_xl_coalesce "$B/icarus" " over 4 modes" $RTL tests/rtl/tb_xl_coalesce.sv

# ---------------------------------------------------------------- verilator lint
lint() {   # lint NAME ARGS...
    _name=$1; shift
    xl_lint "$B/lint/$_name.log" "$@" $RTL && return 0
    notok "verilator --lint-only -Wall ($_name) (see $B/lint/$_name.log)"
    return 1
}
lint_ok=1
lint paper-defaults || lint_ok=0
lint paper-assert --assert tests/lockstep/verilator_coalesce.vlt || lint_ok=0
for m in 0 1 2 3; do
    # shellcheck disable=SC2086
    lint "small-mode$m" --assert tests/lockstep/verilator_coalesce.vlt $SMALL_G -GMode=$m \
        || lint_ok=0
done
lint odd-size --assert tests/lockstep/verilator_coalesce.vlt -GNumSlots=5 -GNumWalkers=1 \
    -GStatWidth=7 || lint_ok=0
lint small-scan --assert tests/lockstep/verilator_coalesce.vlt $SMALL_G -GMode=3 \
    -GScanPipe=1 || lint_ok=0
lint paper-scan -GScanPipe=1 || lint_ok=0
if [ "$lint_ok" = 1 ]; then
    ok "verilator --lint-only -Wall: clean at 256x8 (plain and --assert), 16x2 in modes 0-3," \
       "5x1, ScanPipe 1 at 16x2 and 256x8 (waivers: tests/lockstep/verilator_coalesce.vlt)"
fi

# ---------------------------------------------------------------- yosys front end, params
if yosys -q -l "$B/yosys/formal.log" -p "read_verilog -defer -sv -formal -Irtl $RTL;
        chparam $SMALL_SET xl_coalesce; prep -top xl_coalesce" > /dev/null 2>&1; then
    ok "yosys read_verilog -sv -formal + prep (16x2): assertions elaborate"
else
    notok "yosys read_verilog -sv -formal (see $B/yosys/formal.log)"
fi
xl_badparam "$B/logs" xl_coalesce "$RTL" Mode=4 "-set NumSlots 4 -set Mode 4" \
    "-GNumSlots=4 -GMode=4" "-Pxl_coalesce.NumSlots=4 -Pxl_coalesce.Mode=4"
xl_badparam "$B/logs" xl_coalesce "$RTL" ScanPipe=2 "-set NumSlots 4 -set ScanPipe 2" \
    "-GNumSlots=4 -GScanPipe=2" "-Pxl_coalesce.NumSlots=4 -Pxl_coalesce.ScanPipe=2"

# ---------------------------------------------------------------- lockstep
xl_harness_built tests/lockstep/build_coalesce.sh "$B/logs/lockstep-build.log" \
    ": 10 Verilated models, {small,paper} x {off,leaf,upper,both,both with ScanPipe 1}"

# The mutation test builds its own small models: run it beside the lockstep runs.
sh tests/lockstep/mutants_coalesce.sh > "$B/logs/mutants.log" 2>&1 &
MUT_PID=$!

TOTAL=0
if [ -n "$LS" ]; then
    : > "$B/logs/pass-all.txt"
    # run_ls PARAMS STIM SEED CYCLES: all four modes, must pass with full coverage.
    run_ls() {
        log="$B/logs/lockstep-$1-$2-seed$3.log"
        "$LS" --params "$1" --mode all --stim "$2" --seed "$3" --cycles "$4" > "$log" 2>&1
        rc=$?
        line=$(grep '^PASS-ALL' "$log")
        if [ "$rc" = 0 ] && [ -n "$line" ]; then
            echo "$line" >> "$B/logs/pass-all.txt"
            rate=$(echo "$line" | sed -n 's/.*rate=\([0-9]*\) cycles\/s.*/\1/p')
            ok "lockstep $1 $2 seed=$3: 4 modes x $4 cycles, every output every cycle and" \
               "the slot state every 64 equal, coverage met ($rate cycles/s)"
            TOTAL=$((TOTAL + 4 * $4))
        else
            first=$(grep -E '^(MISMATCH|FAIL)' "$log" | head -n 1)
            notok "lockstep $1 $2 seed=$3: ${first:-exit $rc} (see $log)"
        fi
    }
    run_ls small random 1 "$SCYC"
    run_ls small random 2 "$SCYC"
    run_ls small random 3 "$SCYC"
    run_ls small pressure 4 $((SCYC * 4 / 5))
    run_ls paper random 1 "$PCYC"
    run_ls paper random 2 "$PCYC"
    run_ls paper pressure 3 $((PCYC / 2))

    # run_scan PARAMS STIM SEED CYCLES: mode both with ScanPipe 1, full coverage.
    run_scan() {
        log="$B/logs/lockstep-$1-scan-$2-seed$3.log"
        "$LS" --params "$1" --mode both --scan-pipe 1 --stim "$2" --seed "$3" \
            --cycles "$4" > "$log" 2>&1
        rc=$?
        line=$(grep '^PASS ' "$log")
        if [ "$rc" = 0 ] && [ -n "$line" ]; then
            rate=$(echo "$line" | sed -n 's/.*rate=\([0-9]*\) cycles\/s.*/\1/p')
            ok "lockstep $1 ScanPipe 1 $2 seed=$3: $4 cycles, every output every cycle and" \
               "the slot state and pending set every 64 equal, coverage met ($rate cycles/s)"
            TOTAL=$((TOTAL + $4))
        else
            first=$(grep -E '^(MISMATCH|FAIL)' "$log" | head -n 1)
            notok "lockstep $1 ScanPipe 1 $2 seed=$3: ${first:-exit $rc} (see $log)"
        fi
    }
    run_scan small random 5 "$SCYC"
    run_scan small pressure 6 "$SCYC"
    run_scan paper random 7 "$PCYC"

    # Fault injection: a corrupted C output must be reported at exactly that cycle, and the
    # automatic re-run must write a waveform.
    inj() {   # inj PARAMS MODE FIELD CYCLE
        xl_inject "$1 $2, $3" "$4" "$B/logs/inject-$1-$2.log" \
            "$B/waves/xl_coalesce-$1-$2-random-seed9.vcd" \
            "$LS" --params "$1" --mode "$2" --seed 9 --cycles 3000 --inject-fault "$4" \
            --inject-field "$3" --wave-dir "$B/waves"
    }
    inj small both 'cpl_frame[5]' 1234
    inj paper upper resume_pa 777

    xl_badopts "$B/logs" "bad options" "$LS" <<EOF
--mode most
--stim burst
--state-every 0
--mode all --trace x.vcd
--scan-pipe 2
--mode leaf --scan-pipe 1
EOF
fi

# ---------------------------------------------------------------- mutation test results
wait "$MUT_PID"
xl_mutants_result "$B/logs/mutants.log" $?

# ---------------------------------------------------------------- yosys synth results
wait "$YOSYS_PID"
xl_yosys_result small "$B/yosys" \
    "yosys synth -top xl_coalesce (16 slots, 2 walkers, both, StatWidth 10)"

# ---------------------------------------------------------------- summary
if [ -s "$B/logs/pass-all.txt" ]; then
    for p in small paper; do
        grep "params=$p " "$B/logs/pass-all.txt" | awk -v p="$p" '
            { for (i = 1; i <= NF; i++) {
                  if ($i ~ /^cycles=/) { sub(/cycles=/, "", $i); c += $i }
                  if ($i ~ /^time=/) { sub(/time=/, "", $i); sub(/s$/, "", $i); t += $i } } }
            END { if (t > 0) printf "# lockstep %s: %d cycles in %.1f s, %.0f cycles/s\n",
                                    p, c, t, c / t }'
    done
fi
echo "# lockstep cycles compared: $TOTAL; wall time $(( $(date +%s) - T0 )) s"
[ "$XL_FAIL" = 0 ]
