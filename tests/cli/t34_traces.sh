#!/bin/sh
# t34_traces.sh XLAT - area 34: xlat's own instruction traces (docs/traces.md). For four
# generators at small scale - MVT (regular), XSBench (irregular), NW on the reach preset
# (LDS and code footprints, MICRO'21's LDS and I-cache model) and PageRank, MICRO'21's own
# workload - `xlat run --record` writes the trace, compressed and not, and a replay with
# `--workload trace:FILE` gives results JSON equal to the generator's but for the
# workload's name. Then two at once (A+B) and a paged run replayed; an xlat linked without
# zstd records uncompressed and refuses a compressed trace in one line; damaged traces and
# misused options exit 2 with one line and leave no output behind.
# Prints "ok - ..." / "not ok - ..." per check (counted by tests/run.sh).
X=${1:-build/xlat}
mkdir -p build
T=$(mktemp -d build/t34_traces.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT

AREA=34
. "$(dirname "$0")/../lib/cli.sh"

# results JSON without its workload line: what a replay must equal
strip() { grep -v '^  "workload": ' "$1"; }
same() { strip "$1" > "$T/a.cmp" && strip "$2" > "$T/b.cmp" && [ -s "$T/a.cmp" ] && cmp -s "$T/a.cmp" "$T/b.cmp"; }

HAVE_ZSTD=1
"$X" run --workload mvt --scale 0.001 --model functional --quiet --record "$T/probe.xlt" \
    --compress zstd > /dev/null 2> "$T/err" || HAVE_ZSTD=0
grep -q "this build has no zstd" "$T/err" || [ $HAVE_ZSTD = 1 ] ||
    no "34.00 recording probe: $(head -c 300 "$T/err")"

# --- 34.01-34.04: record, replay, the same results (cycle-level model)
n=1
for spec in "mvt isca18 0.001 --quiet" \
            "xsbench isca18 0.001 --set workload.min_rounds=0" \
            "nw reach 0.002 --quiet" \
            "prk reach 0.001 --set workload.min_rounds=0"; do
    set -- $spec
    w=$1 p=$2 s=$3
    shift 3
    id="34.0$n $w ($p, scale $s)"
    n=$((n + 1))
    # recorded by a cycle-level run (compressed where the build has zstd), and again by
    # a functional run, uncompressed; both replayed on the cycle-level model. The replay
    # keeps the run's [workload] --set, which it ignores, so the configurations match.
    if ! "$X" run --preset "$p" --workload "$w" --scale "$s" "$@" --quiet --record "$T/$w.xlt" \
            --json "$T/$w.gen.json" > /dev/null 2> "$T/err" ||
       ! "$X" run --preset "$p" --workload "$w" --scale "$s" "$@" --quiet --model functional \
            --record "$T/$w.raw.xlt" --compress none > /dev/null 2>> "$T/err"; then
        no "$id: record ($(head -c 300 "$T/err"))"
        continue
    fi
    "$X" run --preset "$p" --workload "trace:$T/$w.xlt" "$@" --quiet --json "$T/$w.rep.json" \
        > /dev/null 2> "$T/err" &&
    "$X" run --preset "$p" --workload "trace:$T/$w.raw.xlt" "$@" --quiet --json "$T/$w.raw.json" \
        > /dev/null 2>> "$T/err"
    rc=$?
    cyc=$(grep -o '"sim.cycles": [0-9]*' "$T/$w.gen.json")
    if [ $rc = 0 ] && same "$T/$w.gen.json" "$T/$w.rep.json" && same "$T/$w.gen.json" "$T/$w.raw.json" &&
       grep -q "\"workload\": \"trace:$T/$w.xlt\"" "$T/$w.rep.json" && [ -n "$cyc" ]; then
        ok "$id: both replays' results equal the generator's ($cyc)"
    else
        no "$id: replay differs (rc $rc; $(head -c 300 "$T/err"); $(diff "$T/a.cmp" "$T/b.cmp" | head -4 | tr '\n' ' '))"
    fi
done
# compression: where the build has zstd, the compressed trace is the smaller one
if [ $HAVE_ZSTD = 1 ]; then
    a=$(wc -c < "$T/xsbench.xlt") b=$(wc -c < "$T/xsbench.raw.xlt")
    [ "$a" -lt "$b" ] && ok "34.05 XSBench's zstd trace is smaller: $a < $b bytes" ||
        no "34.05 XSBench's zstd trace is smaller ($a, $b)"
else
    ok "34.05 zstd trace smaller # SKIP this build has no zstd"
fi

# --- 34.06-34.07: two at once, and a paged run
"$X" run --workload bicg --scale 0.001 --model functional --quiet --record "$T/bicg.xlt" > /dev/null 2>&1
if "$X" run --workload mvt+bicg --scale 0.001 --quiet --json "$T/ab.gen.json" > /dev/null 2>&1 &&
   "$X" run --workload "trace:$T/mvt.xlt+trace:$T/bicg.xlt" --quiet --json "$T/ab.rep.json" > /dev/null 2> "$T/err" &&
   same "$T/ab.gen.json" "$T/ab.rep.json"; then
    ok "34.06 trace:A+trace:B replays mvt+bicg with equal results"
else
    no "34.06 trace:A+trace:B ($(head -c 300 "$T/err"))"
fi
if "$X" run --preset uvm --workload mvt --scale 0.001 --quiet --json "$T/uvm.gen.json" > /dev/null 2>&1 &&
   "$X" run --preset uvm --workload "trace:$T/mvt.xlt" --quiet --json "$T/uvm.rep.json" > /dev/null 2> "$T/err" &&
   same "$T/uvm.gen.json" "$T/uvm.rep.json"; then
    ok "34.07 a paged run (uvm preset) replays with equal results"
else
    no "34.07 a paged run replayed ($(head -c 300 "$T/err"))"
fi

# --- 34.08-34.10: an xlat linked without zstd (this build's objects, sw/trace compiled
# again without XL_HAVE_ZSTD and linked before the library, so the archive's are unused)
B=$(dirname "$X")
NZ=$T/xlat-nozstd
SANF=
nm "$X" 2> /dev/null | grep -q __asan_init && SANF="-fsanitize=address,undefined -fno-sanitize-recover=all"
JL=$(sed -n 's/^JANSSON = //p' "$B/gen/jansson.flag" 2> /dev/null)
built=1
for f in itrace_r itrace_w; do
    ${CC:-cc} -std=c11 -O1 $SANF -Imodel/include -Isw/include -D_POSIX_C_SOURCE=200809L \
        -c "sw/trace/$f.c" -o "$T/$f.o" 2>> "$T/nz.log" || built=0
done
[ $built = 1 ] && ${CC:-cc} -fno-lto $SANF -o "$NZ" "$B"/obj/sw/cli/*.o "$T/itrace_r.o" "$T/itrace_w.o" \
    "$B/libxlat.a" -lm $JL 2>> "$T/nz.log" || built=0
if [ $built = 0 ]; then
    no "34.08 link an xlat without zstd ($(head -c 300 "$T/nz.log"))"
else
    X0=$X
    X=$NZ
    bad "08 without zstd: --compress zstd refused" "this build has no zstd" \
        run --workload mvt --scale 0.001 --model functional --record "$T/nz.xlt" --compress zstd
    if "$NZ" run --workload mvt --scale 0.001 --quiet --record "$T/nz.xlt" --json "$T/nz.gen.json" > /dev/null 2> "$T/err" &&
       "$NZ" run --workload "trace:$T/nz.xlt" --quiet --json "$T/nz.rep.json" > /dev/null 2>> "$T/err" &&
       same "$T/nz.gen.json" "$T/nz.rep.json" && same "$T/mvt.gen.json" "$T/nz.rep.json" &&
       cmp -s "$T/nz.xlt" "$T/mvt.raw.xlt"; then
        ok "34.09 without zstd: records uncompressed (the same bytes as --compress none) and replays equal"
    else
        no "34.09 without zstd: record and replay ($(head -c 300 "$T/err"))"
    fi
    if [ $HAVE_ZSTD = 1 ]; then
        bad "10 without zstd: a compressed trace refused" "compressed with zstd, and this build has no zstd" \
            run --workload "trace:$T/mvt.xlt" --quiet --json "$T/nz.out.json"
        [ ! -e "$T/nz.out.json" ] || no "34.10 no results file left"
    else
        ok "34.10 without zstd: a compressed trace refused # SKIP no compressed trace to read"
    fi
    X=$X0
fi

# --- 34.11-34.22: damaged traces and misused options: exit 2, one line, nothing left
R=$T/mvt.raw.xlt
bad "11 missing trace" "cannot open" run --workload "trace:$T/none.xlt"
head -c 100 "$R" > "$T/short.xlt"
bad "12 truncated trace" "truncated: 100 bytes where the header says" run --workload "trace:$T/short.xlt"
cp "$R" "$T/flip.xlt"
v=$(od -An -tu1 -j 300 -N 1 "$R" | tr -d ' ')
printf "\\$(printf '%03o' $(( (v + 1) % 256 )))" | dd of="$T/flip.xlt" bs=1 seek=300 conv=notrunc 2> /dev/null
bad "13 a flipped byte in a block" "fails its checksum (damaged)" \
    run --workload "trace:$T/flip.xlt" --json "$T/flip.json" --record "$T/again.xlt"
if [ ! -e "$T/flip.json" ] && [ ! -e "$T/again.xlt" ] && [ ! -e "$T/again.xlt.tmp" ]; then
    ok "34.14 the refused replay left no results and no trace (nor .tmp)"
else
    no "34.14 the refused replay left a file behind"
fi
cp "$R" "$T/v9.xlt"
printf '\011' | dd of="$T/v9.xlt" bs=1 seek=8 conv=notrunc 2> /dev/null
bad "15 a later format version" "format version 9; this build reads version 1" run --workload "trace:$T/v9.xlt"
printf 'not a trace\n' > "$T/text.xlt"
bad "16 not a trace" "not an xlat instruction trace" run --workload "trace:$T/text.xlt"
bad "17 --scale on a trace" "--scale does not apply to a recorded trace (it was recorded at scale 0.001)" \
    run --workload "trace:$R" --scale 0.5
bad "18 --record with A+B" "--record takes one workload" run --workload mvt+bicg --scale 0.001 --record "$T/ab.xlt"
bad "19 --record -" "--record needs a file" run --workload mvt --scale 0.001 --record -
bad "20 --record into a missing directory" "cannot create" run --workload mvt --scale 0.001 --record "$T/no/dir/t.xlt"
bad "21 --compress without --record" "--compress goes with --record" run --workload mvt --compress none
bad "22 --record is run's" "--record and --compress are run's options" study --workloads mvt --record "$T/s.xlt"
bad "23 --compress bad value" "--compress 'lz4': expected zstd or none" run --workload mvt --record "$T/c.xlt" --compress lz4
ls "$T" | grep -q '\.tmp$' && no "34.24 a .tmp file was left in $T" || ok "34.24 no .tmp file left by any refusal"

# --- 34.25: the printed statistics too: a replay's report is the generator's but its first line
if "$X" run --workload mvt --scale 0.001 --quiet > "$T/g.txt" 2> "$T/err" &&
   "$X" run --workload "trace:$T/mvt.xlt" --quiet > "$T/r.txt" 2>> "$T/err" &&
   tail -n +2 "$T/g.txt" > "$T/g.tail" && tail -n +2 "$T/r.txt" > "$T/r.tail" &&
   [ "$(wc -l < "$T/r.tail")" -gt 100 ] && cmp -s "$T/g.tail" "$T/r.tail" &&
   grep -q "^xlat .*run of trace $T/mvt.xlt (recorded from mvt at scale 0.001" "$T/r.txt"; then
    ok "34.25 a replay prints the generator's statistics ($(wc -l < "$T/r.tail") lines), its first line naming the trace"
else
    no "34.25 a replay prints the generator's statistics ($(head -c 300 "$T/err"))"
fi
