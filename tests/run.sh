#!/bin/sh
# run.sh - every check of the project, in order, counted test by test.
# Ends with "N passed, N failed"; exit status 1 if anything failed.
#   struct the model's shape (tests/structure.sh)
#   unit   cmocka unit tests of the C model (gcc -O2)
#   cli    command-line behaviour: bad input exits 2 with one line, good runs work
#   slurm  the sweep's Slurm engine on a one-node cluster started on localhost from a
#          generated slurm.conf under build/ (tests/slurm/check_slurm.sh; skipped, saying
#          why, where Slurm cannot start: not root, packages missing)
#   det    bit-identical results across gcc/clang, -O0/-O2 and the PGO build (make fast)
#   asan   the unit and cli tests again under AddressSanitizer + UBSan
#   fuzz   libFuzzer on every reader of outside input (tests/fuzz/fuzz_*.c: the config parser,
#          the graph files, the command line, compare's results files, the IOMMU and
#          DRAM-boundary traces),
#          each for a bounded time (make fuzz runs them long)
#   systemc the walk path's C twin and Verilated RTL as SystemC/TLM-2.0 modules
#          (tests/systemc/check_systemc.sh): built against libsystemc-dev, a recorded
#          workload's requests through both, every response compared; bad payloads; a mutant
#   rtl    each RTL block (tests/rtl/check_*.sh): Icarus testbench, lint, Yosys synthesis,
#          Verilator lockstep against the C twin (bounded), fault injection, mutants
#   board  the FPGA prototype (tests/board/check_*.sh): the Verilated board top behind a
#          pseudo-terminal with the host program xlat-board comparing it with the C twin,
#          and the HX8K build (synthesis, place and route, bitstream, timing; started
#          beside the rtl stage) with its post-route netlist at gate level (make fpga
#          checks the post-synthesis one too)
# Set XL_FUZZ_SECONDS to change the fuzzing time (default 10), XL_LOCKSTEP_CYCLES the
# cycles of each bounded lockstep run.
cd "$(dirname "$0")/.." || exit 1
START=$(date +%s)
PASS=0
FAIL=0
FAILED=""
JOBS=${JOBS:-2}
LOG=build/test-logs
mkdir -p "$LOG"

pass() { PASS=$((PASS + $1)); }
fail() { FAIL=$((FAIL + $1)); FAILED="$FAILED
  $2"; }

# run_cmocka LABEL BINARY: add the binary's passed/failed counts. Each line ends with the
# seconds it took, so the suite's share of its 30-minute budget can be read per check.
run_cmocka() {
    out="$LOG/$1-$(basename "$2").log"
    t0=$(date +%s)
    CMOCKA_MESSAGE_OUTPUT=stdout "$2" > "$out" 2>&1
    rc=$?
    p=$(sed -n 's/.*\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$out" | tail -n 1)
    f=$(sed -n 's/.*\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$out" | tail -n 1)
    p=${p:-0}; f=${f:-0}
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
        f=1   # crashed or aborted before cmocka could report
    fi
    pass "$p"
    [ "$f" != 0 ] && fail "$f" "$1 $(basename "$2") ($f failed; see $out)"
    printf '%-6s %-28s %3s passed %3s failed %5s s\n' "$1" "$(basename "$2")" "$p" "$f" "$(($(date +%s) - t0))"
}

# run_tap LABEL SCRIPT [ARGS]: scripts print "ok - name" / "not ok - name" lines.
run_tap() {
    name=$(basename "$2")
    [ "$1" = fuzz ] && name=$(basename "$3" .c)   # one runner, several targets
    out="$LOG/$1-$name.log"
    t0=$(date +%s)
    sh "$2" "$3" > "$out" 2>&1
    rc=$?
    p=$(grep -c '^ok ' "$out")
    f=$(grep -c '^not ok ' "$out")
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then f=1; fi
    pass "$p"
    [ "$f" != 0 ] && fail "$f" "$1 $name: $(grep '^not ok ' "$out" | head -n 3 | tr '\n' ';') (see $out)"
    printf '%-6s %-28s %3s passed %3s failed %5s s\n' "$1" "$name" "$p" "$f" "$(($(date +%s) - t0))"
}

build() {   # build LABEL MAKE-ARGS...
    label=$1; shift
    t0=$(date +%s)
    if make -j"$JOBS" "$@" > "$LOG/build-$label.log" 2>&1; then
        echo "build  $label: $(($(date +%s) - t0)) s"
        return 0
    fi
    fail 1 "build $label (see $LOG/build-$label.log)"
    tail -n 20 "$LOG/build-$label.log"
    return 1
}

echo "== structure (the model's shape: file sizes, layering, opening lines, no static state)"
run_tap struct tests/structure.sh

echo "== unit (gcc -O2)"
if build unit unit; then
    for t in build/tests/t*; do run_cmocka unit "$t"; done
    echo "== cli"
    for s in tests/cli/*.sh; do run_tap cli "$s" build/xlat; done
    echo "== slurm (a one-node cluster on localhost: a sweep through --engine slurm)"
    run_tap slurm tests/slurm/check_slurm.sh build/xlat
fi

echo "== determinism (gcc/clang, -O0/-O2, PGO)"
run_tap det tests/determinism.sh

echo "== asan+ubsan"
SANF="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
if build asan BUILD=build/asan OPT=-O1 SAN="$SANF" LTO= unit; then
    for t in build/asan/tests/t*; do
        ASAN_OPTIONS=detect_leaks=1 run_cmocka asan "$t"
    done
    for s in tests/cli/*.sh; do run_tap asan "$s" build/asan/xlat; done
fi

echo "== fuzz"
for f in tests/fuzz/fuzz_*.c; do run_tap fuzz tests/fuzz/run.sh "$f"; done

echo "== systemc (both bodies as TLM-2.0 modules, compared response by response)"
run_tap systemc tests/systemc/check_systemc.sh

# The HX8K build of the board stage (Yosys, nextpnr: one core, about three minutes) runs
# beside the RTL checks; check_fpga.sh takes its result (XL_FPGA_BUILD_RC).
mkdir -p build/fpga/reports
rm -f build/fpga/check.rc
(REPORTS=build/fpga/reports sh fpga/build.sh hx8k-small > build/fpga/check.log 2>&1
 echo $? > build/fpga/check.rc.tmp && mv build/fpga/check.rc.tmp build/fpga/check.rc) &
FPGA_PID=$!

echo "== rtl (Icarus, Verilator lockstep with the C twin, Yosys)"
for s in tests/rtl/check_*.sh; do run_tap rtl "$s"; done

echo "== board (the FPGA prototype: board top and host program, the HX8K build)"
wait "$FPGA_PID"
# the post-route netlist only (the chip as programmed); make fpga's check runs both
XL_FPGA_BUILD_RC=build/fpga/check.rc XL_GATE_NETLISTS=route
export XL_FPGA_BUILD_RC XL_GATE_NETLISTS
for s in tests/board/check_*.sh; do run_tap board "$s"; done

echo
echo "in $(($(date +%s) - START)) s"
if [ "$FAIL" != 0 ]; then
    echo "failures:$FAILED"
fi
echo "$PASS passed, $FAIL failed"
[ "$FAIL" = 0 ]
