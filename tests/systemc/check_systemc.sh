#!/bin/sh
# tests/systemc/check_systemc.sh - the SystemC side (docs/systemc.md): the IOMMU walk path's
# C twin and Verilated RTL as TLM-2.0 modules, one TAP line per check ("ok - NAME" /
# "not ok - NAME", as tests/run.sh counts them); exit status 1 if anything failed.
# Builds only under build/ (build/sc/); runnable from anywhere.
#   build      make systemc: the modules, the Verilated RTL (--sc), the platform and the
#              self-test against Debian's libsystemc-dev, -Wall -Wextra clean
#   selftest   tests/systemc/xl_sc_selftest.cpp: bad payloads get the standard's error
#              responses through b_transport and nb_transport_fw, never a crash; translations
#              on an idle walk path complete in the cycles computed by hand (both bodies)
#   compare    build/sc/xl_sc_platform --body both: the requests of two recorded workloads
#              (MVT, XSBench; `xlat run --iommu-trace`, settings of the RTL's parameter set)
#              through LT and AT into both bodies, every response compared (physical
#              address, fault, page size, reads, coalesced, cycles, time) and the counters
#              at the end; the answers' digest equals the direct run's (the C twin and the
#              same glue without SystemC), so SystemC changes no cycle
#   example    build/sc/one_translation (sc/examples/one_translation.cpp) prints the frame,
#              reads and cycle computed by hand, and the README shows that file's code
#   bad input  bad options, a missing file, a damaged trace, a trace of other parameters:
#              one line, exit status 2
#   mutant     the platform built on the RTL with tests/lockstep/mutants/walk_path/
#              PORT_HIGHEST.patch must report a MISMATCH (the comparison can fail)
# Environment: XL_SC_REQUESTS (default 6000) requests of MVT per compared run.
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/systemc/check_systemc.sh
. tests/lib/rtl.sh

B=build/sc
L=$B/logs
mkdir -p "$L" "$B/traces"
T0=$(date +%s)
REQ=${XL_SC_REQUESTS:-6000}
case "$REQ" in ''|*[!0-9]*) usage "XL_SC_REQUESTS must be a number" ;; esac
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1

# ------------------------------------------------------------------ build
t=$(date +%s)
if make -j2 systemc > "$L/build.log" 2>&1; then
    ok "make systemc: modules, Verilated RTL (--sc), platform and self-test built against libsystemc-dev, -Wall -Wextra clean ($(($(date +%s) - t)) s)"
else
    notok "make systemc failed (see $L/build.log)"
    echo "$XL_PASS passed, $XL_FAIL failed"
    exit 1
fi
P=$B/xl_sc_platform

# The mutant's build runs beside the comparisons (its own Verilated model; the shared
# objects are up to date now, so it only reads them).
(XL_VL_OPT=-O0 sh sc/build.sh --mutant PORT_HIGHEST > "$L/mutant-build.log" 2>&1;
 echo $? > "$L/mutant-build.rc") &
MUT_PID=$!

# ------------------------------------------------------------------ self-test
if "$B/xl_sc_selftest" > "$L/selftest.log" 2>&1; then :; fi
xl_tap_lines "$L/selftest.log"
grep -q '^ok ' "$L/selftest.log" || notok "selftest: no result (see $L/selftest.log)"

# ------------------------------------------------------------------ the README's example
EX=sc/examples/one_translation.cpp
out=$("$B/one_translation" 2>&1)
if [ "$out" = "frame 0x8000, 4 reads, done in cycle 93" ]; then
    ok "README example: one translation through the C twin's TLM target prints '$out' (1 + 4 (3 + 20))"
else
    notok "README example: expected 'frame 0x8000, 4 reads, done in cycle 93', got '$out'"
fi
# the README's block is the file from 'struct Gpu' on, byte for byte
sed -n '/^struct Gpu/,$p' "$EX" > "$L/example.want"
awk '/^```c[+][+]$/ {inb = 1; next} inb && /^```$/ {if (seen) exit; inb = 0; next}
     inb && (seen || /^struct Gpu/) {seen = 1; print}' \
    README.md > "$L/example.got"
if [ -s "$L/example.want" ] && cmp -s "$L/example.want" "$L/example.got"; then
    ok "README's SystemC example is $EX from 'struct Gpu' on ($(wc -l < "$L/example.want") lines)"
else
    notok "README's SystemC example differs from $EX (diff $L/example.want $L/example.got)"
fi

# ------------------------------------------------------------------ traces
XLAT=build/xlat
[ -x "$XLAT" ] || make build/xlat > "$L/make-xlat.log" 2>&1 || notok "make build/xlat failed"
SET="--seed 1 --set iommu.sched=simt --set iommu.coalesce=both --set iommu.buffer_entries=32
     --set iommu.walkers=4 --set iommu.aging_threshold=24 --set pwc.l4_entries=2
     --set pwc.l4_ways=2 --set pwc.l3_entries=4 --set pwc.l3_ways=2 --set pwc.l2_entries=8
     --set pwc.l2_ways=4"
record() {   # record WL: build/sc/traces/WL.tr, kept while newer than build/xlat
    tr=$B/traces/$1.tr
    if [ ! -s "$tr" ] || [ "$XLAT" -nt "$tr" ]; then
        # shellcheck disable=SC2086
        "$XLAT" run --quiet --workload "$1" --scale 0.001 --set workload.min_rounds=0 $SET \
            --iommu-trace "$tr.tmp" > "$L/record-$1.log" 2>&1 && mv "$tr.tmp" "$tr" ||
            { rm -f "$tr.tmp"; notok "record trace $1 (see $L/record-$1.log)"; return 1; }
    fi
}
record mvt
record xsbench

# ------------------------------------------------------------------ comparisons
# run NAME LOG ARGS...: the platform's PASS line, or not ok
digest() { sed -n 's/^PASS .* digest=\([0-9a-f]*\) .*/\1/p' "$1"; }
run() {
    _n=$1; _log=$L/$2.log; shift 2
    if "$P" "$@" > "$_log" 2>&1 && grep -q '^PASS ' "$_log"; then
        ok "$_n: $(grep '^PASS ' "$_log" | sed 's/ digest=[0-9a-f]*//; s/ time=.*//')"
    else
        notok "$_n (exit $?, see $_log): $(grep -m 1 '^MISMATCH\|^FAIL\|error' "$_log")"
    fi
}
MVT=$B/traces/mvt.tr
XSB=$B/traces/xsbench.tr
run "direct run of MVT (the C twin without SystemC)" direct-mvt --trace "$MVT" --body direct --requests "$REQ"
run "MVT, LT: C twin and RTL, every response compared" lt-mvt --trace "$MVT" --body both --mode lt --requests "$REQ"
run "MVT, AT (queue of 4096): C twin and RTL, every response compared" at-mvt --trace "$MVT" --body both --mode at --queue 4096 --requests "$REQ"
run "MVT, AT with back-pressure (queue of 2, END_REQ held), memory latency 3" at-q2-mvt --trace "$MVT" --body both --mode at --queue 2 --mem-latency 3 --requests "$REQ"
run "XSBench, LT, memory latency 5: every request of the trace" lt-xsb --trace "$XSB" --body both --mode lt --mem-latency 5
d0=$(digest "$L/direct-mvt.log")
d1=$(digest "$L/lt-mvt.log")
d2=$(digest "$L/at-mvt.log")
if [ -n "$d0" ] && [ "$d0" = "$d1" ] && [ "$d0" = "$d2" ]; then
    ok "MVT: the LT and AT answers equal the direct run's, cycle for cycle (digest $d0)"
else
    notok "MVT: digests differ: direct '$d0', LT '$d1', AT '$d2'"
fi

# ------------------------------------------------------------------ bad input
bad() {   # bad WHAT EXPECTED-TEXT ARGS...: exit 2 and one line naming the problem
    _w=$1; _e=$2; shift 2
    "$P" "$@" > "$L/bad.out" 2> "$L/bad.err"
    _rc=$?
    if [ "$_rc" = 2 ] && [ "$(wc -l < "$L/bad.err")" = 1 ] && grep -q -- "$_e" "$L/bad.err"; then
        ok "bad input: $_w -> exit 2, '$(cat "$L/bad.err")'"
    else
        notok "bad input: $_w -> exit $_rc, stderr '$(head -c 300 "$L/bad.err")'"
    fi
}
bad "no --trace" "--trace FILE is required"
bad "an unknown option" "unknown option '--frobnicate'" --trace "$MVT" --frobnicate
bad "--mode xx" "--mode: 'xx'" --trace "$MVT" --mode xx
bad "--mem-latency -1" "--mem-latency: '-1'" --trace "$MVT" --mem-latency -1
bad "--requests 0" "--requests: '0'" --trace "$MVT" --requests 0
bad "a missing trace" "cannot read" --trace "$B/traces/no-such.tr"
head -n 2000 "$MVT" | sed '1000s/| 0 /| 1 /; t; 1000s/| 1 /| 0 /' > "$B/traces/damaged.tr"
bad "a damaged trace (one digest changed)" "does not reproduce" --trace "$B/traces/damaged.tr"
sed '2s/walkers=4/walkers=2/' "$MVT" | head -n 100 > "$B/traces/other.tr"
bad "a trace of other parameters" "does not match the RTL" --trace "$B/traces/other.tr" --body rtl
printf 'P nonsense\n' > "$B/traces/garbage.tr"
bad "a file that is not a trace" "garbage.tr:1:" --trace "$B/traces/garbage.tr"

# ------------------------------------------------------------------ mutant
wait "$MUT_PID"
if [ "$(cat "$L/mutant-build.rc")" != 0 ]; then
    notok "mutant PORT_HIGHEST: build failed (see $L/mutant-build.log)"
else
    "$B/mut-PORT_HIGHEST/xl_sc_platform" --trace "$MVT" --body both --requests "$REQ" \
        > "$L/mutant.log" 2>&1
    rc=$?
    line=$(grep -m 1 '^MISMATCH' "$L/mutant.log")
    f=$(grep -m 1 -- '<-- differs' "$L/mutant.log" | awk '{print $1}')
    if [ "$rc" = 1 ] && [ -n "$line" ]; then
        ok "mutant PORT_HIGHEST (memory port to the highest walker) caught by the TLM comparison: $(echo "$line" | sed 's/.* \(request=[0-9]*\) .*/\1/'), first differing field $f"
    else
        notok "mutant PORT_HIGHEST survived the TLM comparison (exit $rc, see $L/mutant.log)"
    fi
fi

echo "# check_systemc.sh: $XL_PASS passed, $XL_FAIL failed in $(($(date +%s) - T0)) s"
[ "$XL_FAIL" = 0 ]
