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
#             stimulus; fault injection must be caught; bad options exit 2; every mutant of
#             tests/lockstep/mutants_coalesce.sh must be killed
# Yosys synthesis and the mutation test run in the background beside the other steps.
# Environment: XL_CO_SMALL_CYCLES (default 25000) and XL_CO_PAPER_CYCLES (default 8000)
# cycles per mode and seed of the random runs (pressure runs use 4/5 and 1/2 of them).
# Style guide: docs/rtl.md §1.10, §1.11, §2.3, §5.3.
cd "$(dirname "$0")/../.." || exit 1

B=build/rtl/coalesce
LS_DIR=build/rtl/lockstep/coalesce
mkdir -p "$B/icarus" "$B/yosys" "$B/lint" "$B/logs"
FAILS=0
SCYC=${XL_CO_SMALL_CYCLES:-25000}
PCYC=${XL_CO_PAPER_CYCLES:-8000}
T0=$(date +%s)

ok() { echo "ok - $*"; }
notok() { echo "not ok - $*"; FAILS=$((FAILS + 1)); }

SMALL_SET="-set NumSlots 16 -set NumWalkers 2 -set StatWidth 10 -set Mode 3"
SMALL_G="-GNumSlots=16 -GNumWalkers=2 -GStatWidth=10"

# ---------------------------------------------------------------- yosys synth (background)
rm -f "$B/yosys/synth-small.rc"
( yosys -q -l "$B/yosys/synth-small.log" -p "read_verilog -defer -sv -Irtl rtl/xl_coalesce.sv;
      chparam $SMALL_SET xl_coalesce; synth -top xl_coalesce;
      tee -o $B/yosys/stat-small.txt stat" > /dev/null 2>&1
  echo $? > "$B/yosys/synth-small.rc" ) &
YOSYS_PID=$!

# ---------------------------------------------------------------- icarus
# Icarus 11 prints "sorry: constant selects in always_* processes ..." for part-selects
# with constant bounds inside always_comb: harmless (it widens the sensitivity list only,
# docs/rtl.md §2.3), so those lines are filtered from the build log.
if iverilog -g2012 -Wall -Wno-timescale -Irtl -o "$B/icarus/tb_xl_coalesce.vvp" \
        rtl/xl_coalesce.sv tests/rtl/tb_xl_coalesce.sv > "$B/icarus/build.raw" 2>&1; then
    grep -v 'sorry: constant selects in always_\* processes' "$B/icarus/build.raw" \
        > "$B/icarus/build.log"
    vvp -n "$B/icarus/tb_xl_coalesce.vvp" > "$B/icarus/tb_xl_coalesce.log" 2>&1
    rc=$?
    np=$(grep -c '^ok ' "$B/icarus/tb_xl_coalesce.log")
    nf=$(grep -c '^not ok ' "$B/icarus/tb_xl_coalesce.log")
    na=$(grep -c 'ERROR' "$B/icarus/tb_xl_coalesce.log")
    nw=$(grep -c . "$B/icarus/build.log")
    grep '^not ok ' "$B/icarus/tb_xl_coalesce.log" | head -n 20 \
        | sed 's/^not ok - /not ok - icarus tb_xl_coalesce: /'
    FAILS=$((FAILS + nf))
    if [ "$rc" = 0 ] && [ "$nf" = 0 ] && [ "$na" = 0 ] && [ "$np" -gt 0 ] && [ "$nw" = 0 ]; then
        ok "icarus tb_xl_coalesce: $np directed checks over 4 modes, no assertion fired," \
           "no compiler warning"
    elif [ "$nf" = 0 ]; then
        notok "icarus tb_xl_coalesce: exit $rc, $na assertion message(s), $nw warning(s)" \
              "(see $B/icarus/)"
    fi
else
    notok "icarus tb_xl_coalesce: compile failed (see $B/icarus/build.raw)"
fi

# ---------------------------------------------------------------- verilator lint
lint() {   # lint NAME ARGS...
    name=$1; shift
    if verilator --lint-only -Wall -Irtl "$@" rtl/xl_coalesce.sv > "$B/lint/$name.log" 2>&1
    then
        return 0
    fi
    notok "verilator --lint-only -Wall ($name) (see $B/lint/$name.log)"
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
if [ "$lint_ok" = 1 ]; then
    ok "verilator --lint-only -Wall: clean at 256x8 (plain and --assert), 16x2 in modes 0-3," \
       "5x1 (waivers: tests/lockstep/verilator_coalesce.vlt)"
fi

# ---------------------------------------------------------------- yosys front end, params
if yosys -q -l "$B/yosys/formal.log" -p "read_verilog -defer -sv -formal -Irtl \
        rtl/xl_coalesce.sv; chparam $SMALL_SET xl_coalesce; prep -top xl_coalesce" \
        > /dev/null 2>&1; then
    ok "yosys read_verilog -sv -formal + prep (16x2): assertions elaborate"
else
    notok "yosys read_verilog -sv -formal (see $B/yosys/formal.log)"
fi
bad=""
yosys -q -p "read_verilog -defer -sv -Irtl rtl/xl_coalesce.sv; chparam -set NumSlots 4 \
        -set Mode 4 xl_coalesce; hierarchy -top xl_coalesce" > "$B/logs/badparam-yosys.log" 2>&1
grep -q 'illegal parameter value' "$B/logs/badparam-yosys.log" || bad="$bad yosys"
verilator --lint-only -Irtl -GNumSlots=4 -GMode=4 rtl/xl_coalesce.sv \
    > "$B/logs/badparam-verilator.log" 2>&1
grep -q 'illegal parameter value' "$B/logs/badparam-verilator.log" || bad="$bad verilator"
iverilog -g2012 -Irtl -s xl_coalesce -Pxl_coalesce.NumSlots=4 -Pxl_coalesce.Mode=4 \
    -o "$B/icarus/badparam.vvp" rtl/xl_coalesce.sv > "$B/logs/badparam-icarus.log" 2>&1 \
    && vvp -n "$B/icarus/badparam.vvp" >> "$B/logs/badparam-icarus.log" 2>&1
grep -q 'illegal parameter value' "$B/logs/badparam-icarus.log" || bad="$bad icarus"
if [ -z "$bad" ]; then
    ok "illegal parameter Mode=4 refused by yosys, verilator and icarus (XL_ASSERT_PARAM)"
else
    notok "illegal parameter Mode=4 not refused with the XL_ASSERT_PARAM message by:$bad" \
          "(see $B/logs/badparam-*.log)"
fi

# ---------------------------------------------------------------- lockstep
LS=""
if sh tests/lockstep/build_coalesce.sh > "$B/logs/lockstep-build.log" 2>&1; then
    LS=$(tail -n 1 "$B/logs/lockstep-build.log")
    ok "lockstep harness built ($LS: 8 Verilated models, {small,paper} x {off,leaf,upper,both})"
else
    notok "lockstep harness build (see $B/logs/lockstep-build.log)"
fi

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

    # Fault injection: a corrupted C output must be reported at exactly that cycle, and the
    # automatic re-run must write a waveform.
    inj() {   # inj PARAMS MODE FIELD CYCLE
        log="$B/logs/inject-$1-$2.log"
        vcd="$B/waves/xl_coalesce-$1-$2-random-seed9.vcd"
        rm -f "$vcd"
        "$LS" --params "$1" --mode "$2" --seed 9 --cycles 3000 --inject-fault "$4" \
            --inject-field "$3" --wave-dir "$B/waves" > "$log" 2>&1
        rc=$?
        if [ "$rc" = 1 ] && grep -q "^MISMATCH .* cycle=$4\$" "$log" \
                && grep -q '^reproduce: ' "$log" && [ -s "$vcd" ]; then
            ok "fault injection ($1 $2, $3 at cycle $4) caught at that cycle;" \
               "reproduce line and VCD written"
        else
            notok "fault injection ($1 $2, $3 at cycle $4) not caught as expected" \
                  "(exit $rc, see $log)"
        fi
    }
    inj small both 'cpl_frame[5]' 1234
    inj paper upper resume_pa 777

    # Bad options: one line on stderr, exit status 2.
    badopt=""
    for args in "--bogus" "--params tiny" "--mode most" "--stim burst" "--cycles 0" \
            "--seed x1" "--state-every 0" "--cycles 10 --inject-fault 10" \
            "--inject-fault 1 --inject-field nope" "--mode all --trace x.vcd" "--seed"; do
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
if [ "$(cat "$B/yosys/synth-small.rc" 2>/dev/null)" = 0 ]; then
    cells=$(sed -n 's/^ *Number of cells: *\([0-9]*\).*/\1/p' "$B/yosys/stat-small.txt" \
        | tail -n 1)
    ffs=$(grep -E '\$_(S)?DFF' "$B/yosys/stat-small.txt" | awk '{s += $2} END {print s + 0}')
    ok "yosys synth -top xl_coalesce (16 slots, 2 walkers, both, StatWidth 10): $cells cells," \
       "$ffs flip-flops"
else
    notok "yosys synth -top xl_coalesce (small) (see $B/yosys/synth-small.log)"
fi

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
[ "$FAILS" = 0 ]
