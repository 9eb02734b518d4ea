#!/bin/sh
# t18_compare.sh XLAT - issue 18: `xlat compare` reads results files with a JSON parser and
# refuses what it cannot honestly compare: a file cut short, another version's file, the
# functional model's results, a cycle count that is not an integer, different work
# (workload, scale, workload parameters) and any option. Each refusal is exactly one line
# on stderr, nothing on stdout, exit status 2. A good set of files prints the speedup
# table, each speedup the baseline's cycles over the file's. Different seeds are allowed.
# An xlat built without jansson (`make JANSSON=`) skips these checks (make deps installs it).
# Prints "ok - ..." / "not ok - ..." per check (counted by tests/run.sh).
X=${1:-build/xlat}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

AREA=18
. "$(dirname "$0")/../lib/cli.sh"


# run NAME ARGS...: a small cycle-level results file $T/NAME.json (MVT or as given).
run() {
    name=$1; shift
    "$X" run --scale 0.002 --set workload.min_rounds=0 --quiet --json "$T/$name.json" "$@" \
        > /dev/null 2> "$T/run.err" || echo "# run $name failed: $(head -c 300 "$T/run.err")"
}
cycles() { awk '/"sim.cycles":/ { v = $2; sub(/,$/, "", v); print v; exit }' "$1"; }

run fcfs --workload mvt --set iommu.sched=fcfs
run simt --workload mvt --set iommu.sched=simt

"$X" compare "$T/fcfs.json" "$T/simt.json" > /dev/null 2> "$T/err"
if grep -q "built without jansson" "$T/err"; then
    for n in 51 52 53 54 55 56 57 58 59 60 61 62; do
        echo "ok - 18.$n # SKIP built without jansson (make deps installs libjansson-dev)"
    done
    exit 0
fi

run random --workload mvt --set iommu.sched=random
run seed2 --workload mvt --set iommu.sched=simt --seed 2
run bicg --workload bicg
run func --workload mvt --model functional
run small --workload mvt --scale 0.001
run rounds --workload mvt --set workload.min_rounds=1

# --- 18.51-18.56: the issue's findings
sed '/"sim.kernels"/q' "$T/simt.json" > "$T/cut.json"   # cut in the stats, after sim.cycles
bad "51 a file cut short is not valid JSON" "cut.json: not valid JSON: .*line" \
    compare "$T/fcfs.json" "$T/cut.json"
sed 's/"xlat_version": "[^"]*"/"xlat_version": "0.0.1"/' "$T/simt.json" > "$T/old.json"
bad "52 another version's file" "old.json: made by xlat 0.0.1, this is " \
    compare "$T/fcfs.json" "$T/old.json"
bad "53 the functional model's results (no cycles)" "func.json: results of the functional model" \
    compare "$T/fcfs.json" "$T/func.json"
sed 's/"sim.cycles": [0-9]*/"sim.cycles": 1.5e6/' "$T/simt.json" > "$T/real.json"
bad "54 sim.cycles 1.5e6 is not an integer" "real.json: \"sim.cycles\" is the real number 1500000" \
    compare "$T/fcfs.json" "$T/real.json"
bad "55 two workloads" "not comparable: .*fcfs.json is mvt, .*bicg.json is bicg" \
    compare "$T/fcfs.json" "$T/bicg.json"
bad "56 an option" "compare takes only results files, not --seed" \
    compare "$T/fcfs.json" "$T/simt.json" --seed 3

# --- 18.57: a good set prints each file's speedup, the baseline's cycles over its own
c0=$(cycles "$T/fcfs.json")
if "$X" compare "$T/fcfs.json" "$T/simt.json" "$T/random.json" > "$T/out" 2> "$T/err"; then
    good=1
    for f in fcfs simt random; do
        want=$(awk -v a="$c0" -v b="$(cycles "$T/$f.json")" 'BEGIN { printf "%.3fx", a / b }')
        got=$(awk -v f="$T/$f.json" '$1 == f { print $2 " " $3 " " $4 }' "$T/out")
        [ "$got" = "mvt $(cycles "$T/$f.json") $want" ] || { good=0; echo "# $f: got '$got', want 'mvt ... $want'"; }
    done
    [ "$good" = 1 ] && [ "$want" != "1.000x" ] &&
        ok "18.57 fcfs, simt and random: each speedup is cycles(fcfs) / its cycles" ||
        no "18.57 the speedup table: $(head -c 400 "$T/out")"
else
    no "18.57 compare of a good set failed: $(head -c 300 "$T/err")"
fi

# --- 18.58-18.62: the same work is required (seeds may differ); one object, nothing after
# it; no option, not even one without a value
bad "58 two scales" "not comparable: .*fcfs.json is scale 0.002, .*small.json is scale 0.001" \
    compare "$T/fcfs.json" "$T/small.json"
bad "59 two workload parameters" "not comparable: .*fcfs.json has workload.min_rounds = 0, .*rounds.json has 1" \
    compare "$T/fcfs.json" "$T/rounds.json"
if "$X" compare "$T/simt.json" "$T/seed2.json" > "$T/out" 2> "$T/err" && grep -q "seed2.json" "$T/out"; then
    ok "18.60 results of two seeds compare"
else
    no "18.60 two seeds: $(head -c 300 "$T/err")"
fi
{ cat "$T/simt.json"; echo '{"sim.cycles": 1}'; } > "$T/two.json"
bad "61 text after the object" "two.json: not valid JSON: end of file expected" \
    compare "$T/fcfs.json" "$T/two.json"
bad "62 an option that takes no value" "compare takes only results files, not --progress" \
    compare "$T/fcfs.json" "$T/simt.json" --progress
