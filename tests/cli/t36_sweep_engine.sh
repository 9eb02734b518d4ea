#!/bin/sh
# t36_sweep_engine.sh XLAT - area 36: the sweep's execution engine (docs/sweeps.md). One
# sweep of 4 points (mvt, bicg under iommu.sched fcfs, simt) throughout: its runtimes are
# the ones `xlat run` gives; a store makes it resumable (run again: all 4 skipped); a point
# killed is retried; with --retries 0 it shows as failed, the exit status is 1 and the
# next run finishes only it; a sweep killed half-way runs only what is missing when started
# again; another build of xlat does not reuse the store; a point whose configuration file
# was changed refuses to run; GNU parallel on this machine (--sshlogin :) gives the same
# table, and so do the reproductions' run_jobs through it; bad engine options exit 2 with
# one line; two --key/--values pairs sweep their cross product; a recorded trace sweeps like
# its generator, and recorded again under the same name it is run again, not reused.
X=${1:-build/xlat}
T=$(mktemp -d)
PID=""
trap '[ -n "$PID" ] && kill "$PID" 2> /dev/null; rm -rf "$T"' EXIT
AREA=36
PARALLEL_HOME=$T/parallel-home   # GNU parallel's own files there, not in ~/.parallel
export PARALLEL_HOME
. "$(dirname "$0")/../lib/cli.sh"
SW="sweep --key iommu.sched --values fcfs,simt --workloads mvt,bicg --scale 0.005"

# table FILE: the sweep's table without its counts line (which says what this run did)
table() { grep -v '^points: ' "$1"; }
# counts FILE: the counts line
counts() { grep '^points: ' "$1"; }

# --- 36.01-36.09: bad engine options (and a missing trace): exit 2, one line, nothing run
bad "01 unknown engine" "--engine 'pbs': expected local, parallel or slurm" $SW --engine pbs
bad "02 --jobs 0" "--jobs '0': expected a whole number from 1 to 1024" $SW --jobs 0
bad "03 --retries not a number" "--retries 'x'" $SW --retries x
bad "04 slurm without a store" "--engine slurm needs --store DIR" $SW --engine slurm
bad "05 parallel without logins" "--engine parallel needs --sshlogin" $SW --engine parallel --store "$T/s0"
bad "06 --sshlogin without parallel" "--sshlogin is for --engine parallel" $SW --sshlogin :
bad "07 --store on run" "are sweep's options" run --workload mvt --store "$T/s0"
bad "08 --store a file" "not a folder" $SW --store "$(dirname "$0")/t36_sweep_engine.sh"
bad "09 a missing recorded trace" "trace $T/none.xlt: cannot read" \
    sweep --key iommu.sched --values fcfs,simt --workloads mvt,trace:$T/none.xlt --scale 0.005

# --- 36.10-36.11: a store: the table's runtimes are xlat run's; run again, all skipped
"$X" $SW -j 2 --store "$T/s1" > "$T/ref" 2> "$T/err1"
rc=$?
"$X" run --workload bicg --scale 0.005 --set iommu.sched=simt --json "$T/b.json" > /dev/null 2>&1
bs=$(sed -n 's/^    "sim.cycles": \([0-9]*\),$/\1/p' "$T/b.json")
row=$(grep "^bicg " "$T/ref" | head -n 1)
if [ $rc = 0 ] && [ "$(counts "$T/ref")" = "points: 4, ran 4, skipped 0 (already done), failed 0" ] &&
   [ -n "$bs" ] && [ "$(echo "$row" | awk '{print $4}')" = "$bs" ] &&
   [ "$(ls "$T/s1"/*.json | wc -l)" = 4 ]; then
    ok "36.10 a sweep into a store: 4 ran, bicg/simt's runtime $bs is xlat run's, 4 results files"
else
    no "36.10 sweep into a store: rc=$rc bicg=$bs row=$row $(counts "$T/ref") $(tail -n 2 "$T/err1")"
fi
"$X" $SW --store "$T/s1" > "$T/out" 2> /dev/null
rc=$?
if [ $rc = 0 ] && [ "$(counts "$T/out")" = "points: 4, ran 0, skipped 4 (already done), failed 0" ] &&
   [ "$(table "$T/out")" = "$(table "$T/ref")" ]; then
    ok "36.11 the same sweep again skips all 4 points, same table"
else
    no "36.11 sweep again: rc=$rc $(counts "$T/out")"
fi

# wait_child: the pid of the sweep's first child process (a point), polled for at most 20 s
wait_child() {
    i=0
    while [ $i -lt 400 ]; do
        c=$(pgrep -P "$PID" | head -n 1)
        [ -n "$c" ] && { echo "$c"; return; }
        sleep 0.05
        i=$((i + 1))
    done
}

# --- 36.12: a point killed (SIGKILL) is run again, the table complete
"$X" $SW -j 2 --store "$T/s2" > "$T/out" 2> "$T/err" &
PID=$!
c=$(wait_child)
[ -n "$c" ] && kill -9 "$c"
wait "$PID"
rc=$?
PID=""
if [ -n "$c" ] && [ $rc = 0 ] && grep -q "1 point again (retry 1 of 2)" "$T/err" &&
   [ "$(counts "$T/out")" = "points: 4, ran 4, skipped 0 (already done), failed 0" ] &&
   [ "$(table "$T/out")" = "$(table "$T/ref")" ]; then
    ok "36.12 a point killed with SIGKILL is retried: 4 ran, 0 failed, the same table"
else
    no "36.12 killed point: child=$c rc=$rc $(counts "$T/out") $(tail -n 3 "$T/err")"
fi

# --- 36.13-36.14: --retries 0: the killed point shows as failed, exit 1; run again, only it
"$X" $SW -j 2 --retries 0 --store "$T/s3" > "$T/out" 2> "$T/err" &
PID=$!
c=$(wait_child)
[ -n "$c" ] && kill -9 "$c"
wait "$PID"
rc=$?
PID=""
if [ -n "$c" ] && [ $rc = 1 ] && [ "$(counts "$T/out")" = "points: 4, ran 3, skipped 0 (already done), failed 1" ] &&
   grep -q "^mvt .* failed .*  -$" "$T/out" &&
   [ "$(tail -n 1 "$T/err")" = "xlat: sweep: 1 of 4 points failed after 0 retries (shown as failed; run the sweep again with the same --store to finish them)" ]; then
    ok "36.13 --retries 0: the killed point is 'failed' in the table, 3 ran, exit status 1"
else
    no "36.13 --retries 0: child=$c rc=$rc $(counts "$T/out") $(grep '^mvt' "$T/out") $(tail -n 1 "$T/err")"
fi
"$X" $SW --store "$T/s3" > "$T/out" 2> /dev/null
rc=$?
if [ $rc = 0 ] && [ "$(counts "$T/out")" = "points: 4, ran 1, skipped 3 (already done), failed 0" ] &&
   [ "$(table "$T/out")" = "$(table "$T/ref")" ]; then
    ok "36.14 started again, it runs the 1 failed point and skips 3: the reference table"
else
    no "36.14 resume: rc=$rc $(counts "$T/out")"
fi

# --- 36.15: the sweep itself killed (SIGTERM) after its first point: its points die with
# it (no process left), and started again it runs only the missing ones
"$X" $SW -j 2 --store "$T/s4" > /dev/null 2>&1 &
PID=$!
i=0
while [ $i -lt 400 ] && ! ls "$T/s4"/*.json > /dev/null 2>&1; do sleep 0.05; i=$((i + 1)); done
kill -TERM "$PID"
wait "$PID" 2> /dev/null
kids=$(pgrep -P "$PID" | wc -l)
PID=""
sleep 0.3
k=$(ls "$T/s4"/*.json 2> /dev/null | wc -l)
left=$(ps -eo args | grep -c "^$X point $T/s4")
"$X" $SW --store "$T/s4" > "$T/out" 2> /dev/null
rc=$?
if [ "$k" -ge 1 ] && [ "$k" -lt 4 ] && [ "$left" = 0 ] && [ "$kids" = 0 ] && [ $rc = 0 ] &&
   [ "$(counts "$T/out")" = "points: 4, ran $((4 - k)), skipped $k (already done), failed 0" ] &&
   [ "$(table "$T/out")" = "$(table "$T/ref")" ]; then
    ok "36.15 a sweep killed after $k point(s) leaves no point running; again, it runs $((4 - k)) and skips $k"
else
    no "36.15 killed sweep: k=$k left=$left kids=$kids rc=$rc $(counts "$T/out")"
fi

# --- 36.16: another build of xlat (the same binary with one byte more) does not reuse s1
cp "$X" "$T/xlat2" && printf '\n' >> "$T/xlat2"
"$T/xlat2" $SW --store "$T/s1" > "$T/out" 2> /dev/null
rc=$?
if [ $rc = 0 ] && [ "$(counts "$T/out")" = "points: 4, ran 4, skipped 0 (already done), failed 0" ] &&
   [ "$(ls "$T/s1"/*.json | wc -l)" = 8 ] && [ "$(table "$T/out")" = "$(table "$T/ref")" ]; then
    ok "36.16 another xlat build reruns all 4 points into keys of its own (8 files)"
else
    no "36.16 another build: rc=$rc $(counts "$T/out")"
fi

# --- 36.17: a point whose configuration file was changed refuses to run (exit 2)
key=$(ls "$T/s2/cfg" | head -n 1 | sed 's/\.ini$//')
sed 's/^cus = .*/cus = 4/' "$T/s2/cfg/$key.ini" > "$T/c.ini" && cp "$T/c.ini" "$T/s2/cfg/$key.ini"
rm -f "$T/s2/$key.json"
printf 'xlat-plan 1 %s\n%s mvt 0.005 cycle\n' "$(cd "$T/s2" && pwd)" "$key" > "$T/plan"
"$X" point "$T/plan" 0 > "$T/out" 2> "$T/err"
rc=$?
if [ $rc = 2 ] && [ "$(wc -l < "$T/err")" = 1 ] && grep -q "not the sweep's build, or the point's files were changed" "$T/err" &&
   [ ! -e "$T/s2/$key.json" ] && grep -q '^cus = 4$' "$T/s2/cfg/$key.ini"; then
    ok "36.17 a point whose configuration was changed (gpu.cus) refuses to run: exit 2, one line, no results"
else
    no "36.17 changed point: rc=$rc $(head -c 200 "$T/err")"
fi

# --- 36.18: GNU parallel, on this machine (':'), 2 at a time: the same table
if command -v parallel > /dev/null 2>&1; then
    "$X" $SW --engine parallel --sshlogin : -j 2 --store "$T/s5" > "$T/out" 2> "$T/err"
    rc=$?
    if [ $rc = 0 ] && [ "$(counts "$T/out")" = "points: 4, ran 4, skipped 0 (already done), failed 0" ] &&
       [ "$(table "$T/out")" = "$(table "$T/ref")" ]; then
        ok "36.18 --engine parallel --sshlogin : gives the local engine's table"
    else
        no "36.18 parallel: rc=$rc $(counts "$T/out") $(tail -n 2 "$T/err")"
    fi
else
    ok "36.18 # SKIP GNU parallel not installed (make deps)"
fi

# --- 36.19: the reproductions' run_jobs (bench/lib.sh) through ENGINE=parallel on this
# machine writes the results files the local xargs run writes, byte for byte
if command -v parallel > /dev/null 2>&1; then
    mkdir -p "$T/ja" "$T/jb"
    printf 'm1 --workload mvt\nm2 --workload mvt --set iommu.sched=simt\nb1 --workload bicg\n' > "$T/jobs"
    here=$(pwd)
    (cd "$(dirname "$0")/../.." && XLAT=$(cd "$here" && cd "$(dirname "$X")" && pwd)/$(basename "$X") &&
     . bench/lib.sh && run_jobs "$T/jobs" "$T/ja" 0.005 1 2 > /dev/null 2>&1 &&
     ENGINE=parallel SSHLOGIN=: run_jobs "$T/jobs" "$T/jb" 0.005 1 2 > "$T/rj.out" 2>&1)
    rc=$?
    same=0
    for f in m1 m2 b1; do cmp -s "$T/ja/$f.json" "$T/jb/$f.json" && [ -s "$T/jb/$f.json" ] && same=$((same + 1)); done
    if [ $rc = 0 ] && [ $same = 3 ] && [ "$(ls -A "$T/jb" | tr '\n' ' ')" = "b1.json m1.json m2.json " ]; then
        ok "36.19 run_jobs with ENGINE=parallel SSHLOGIN=: writes the 3 results files of the local run, byte for byte"
    else
        no "36.19 run_jobs parallel: rc=$rc same=$same $(ls -A "$T/jb" | tr '\n' ' ') $(tail -n 2 "$T/rj.out")"
    fi
else
    ok "36.19 # SKIP GNU parallel not installed (make deps)"
fi

# --- 36.20-36.22: several --key/--values pairs sweep their cross product (first key slowest)
mkdir -p "$T/jx"
"$X" sweep --key iommu.sched --values fcfs,simt --key iommu.walkers --values 8,16 --workloads mvt \
    --scale 0.002 -j 2 --json-dir "$T/jx" > "$T/out" 2> /dev/null
rc=$?
"$X" run --workload mvt --scale 0.002 --set iommu.sched=simt --set iommu.walkers=16 --json "$T/m.json" > /dev/null 2>&1
ms=$(sed -n 's/^    "sim.cycles": \([0-9]*\),$/\1/p' "$T/m.json")
hdr=$(grep '^workload  class' "$T/out" | head -n 1 | tr -s ' ')
if [ $rc = 0 ] && [ "$hdr" = "workload class fcfs/8 fcfs/16 simt/8 simt/16 fcfs/16 simt/8 simt/16" ] &&
   [ -n "$ms" ] && [ "$(grep '^mvt ' "$T/out" | head -n 1 | awk '{print $6}')" = "$ms" ] &&
   grep -q "^Runtime (GPU cycles) and speedup over iommu.sched=fcfs iommu.walkers=8$" "$T/out" &&
   [ "$(counts "$T/out")" = "points: 4, ran 4, skipped 0 (already done), failed 0" ] &&
   [ "$(ls "$T/jx" | tr '\n' ' ')" = "mvt-fcfs_16.json mvt-fcfs_8.json mvt-simt_16.json mvt-simt_8.json " ]; then
    ok "36.20 two keys of two values: 4 columns fcfs/8 .. simt/16, simt/16's runtime $ms is xlat run's, 4 files"
else
    no "36.20 cross product: rc=$rc hdr='$hdr' simt/16=$ms $(counts "$T/out") $(ls "$T/jx" | tr '\n' ' ')"
fi
bad "21 a --key without its --values" "one --values per --key (2 --key, 1 --values)" \
    sweep --key iommu.sched --values fcfs,simt --key iommu.walkers --workloads mvt
bad "22 more than 64 combinations" "more than 64 combinations of the values" \
    sweep --key iommu.walkers --values 1,2,3,4,5,6,7,8,9 --key l1tlb.mshrs --values 1,2,3,4,5,6,7,8 --workloads mvt

# --- 36.23: a recorded trace in a sweep: its row is its generator's (the trace runs as
# recorded; --scale is the generators'); its key holds the file's content, so the same name
# recorded again at another scale runs again and gives xlat run's runtime of the new trace
"$X" run --quiet --workload mvt --scale 0.002 --record "$T/m.xlt" > /dev/null 2>&1
"$X" sweep --key iommu.sched --values fcfs,simt --workloads "trace:$T/m.xlt,mvt" --scale 0.002 \
    --store "$T/st" > "$T/tr1" 2> /dev/null
rc1=$?
r1=$(grep '^trace:' "$T/tr1" | head -n 1 | awk '{print $3, $4}')
g1=$(grep '^mvt ' "$T/tr1" | head -n 1 | awk '{print $3, $4}')
"$X" run --quiet --workload mvt --scale 0.003 --record "$T/m.xlt" > /dev/null 2>&1
"$X" run --workload "trace:$T/m.xlt" --set iommu.sched=simt --json "$T/t3.json" > /dev/null 2>&1
t3=$(sed -n 's/^    "sim.cycles": \([0-9]*\),$/\1/p' "$T/t3.json")
"$X" sweep --key iommu.sched --values fcfs,simt --workloads "trace:$T/m.xlt" --store "$T/st" \
    > "$T/tr2" 2> /dev/null
rc2=$?
r2=$(grep '^trace:' "$T/tr2" | head -n 1 | awk '{print $4}')
if [ $rc1 = 0 ] && [ -n "$g1" ] && [ "$r1" = "$g1" ] && [ $rc2 = 0 ] && [ -n "$t3" ] &&
   [ "$r2" = "$t3" ] && [ "$(counts "$T/tr2")" = "points: 2, ran 2, skipped 0 (already done), failed 0" ]; then
    ok "36.23 trace:FILE sweeps as its generator ($r1); recorded again, its 2 points run again (simt $r2, xlat run's)"
else
    no "36.23 trace sweep: rc=$rc1/$rc2 trace='$r1' mvt='$g1' again='$r2' run='$t3' $(counts "$T/tr2")"
fi
