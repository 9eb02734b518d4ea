#!/bin/sh
# t18_out.sh XLAT - issue 18: the files xlat writes (results JSON, --events, --iommu-trace,
# --json-dir) and its standard output. A bad output path is refused before the run (exit 2,
# one line); a regular file is replaced only when complete, through a temporary that a kill
# or a failure never leaves behind; a device is written in place, a link followed and kept;
# "-" is standard output; a write error, standard output's included, is exit 1 with one line.
# Prints "ok - ..." / "not ok - ..." per check (counted by tests/run.sh).
#
# Safety (CI runs this as root): every file a test writes is under its own mktemp -d
# directory, removed by the trap, as is any run left in the background. Special files are
# nodes the test makes there with mknod; the machine's own are never named as outputs.
# Only /dev/full is used, and only as the target of a shell redirection (harmless).
X=${1:-build/xlat}
case $X in /*) ;; *) X=$(pwd)/$X ;; esac
T=$(mktemp -d)
PID=
trap '[ -n "$PID" ] && kill -9 "$PID" 2> /dev/null; rm -rf "$T"' EXIT
T=$(cd "$T" && pwd -P)   # links resolved: 18.18 counts the path's length
SCALE=0.0005   # tiny runs: these tests check behaviour, not numbers
RUN="run --workload mvt --scale $SCALE"
LONG="run --workload mvt --scale 0.5 --set workload.min_rounds=0"   # about 30 s: killed

ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; }
skip() { echo "ok - $1 # skipped: $2"; }
root() { [ "$(id -u)" = 0 ]; }

# refused NAME EXPECTED-SUBSTRING ARGS...: exit 2, one stderr line containing the substring,
# and nothing on stdout (the run never started: it would have printed its statistics).
refused() {
    name=$1; want=$2; shift 2
    (cd "$T" && "$X" "$@") > "$T/out" 2> "$T/err"
    rc=$?
    lines=$(wc -l < "$T/err")
    if [ "$rc" = 2 ] && [ "$lines" = 1 ] && [ ! -s "$T/out" ] && grep -q -- "$want" "$T/err"; then
        return 0
    fi
    echo "# $name: rc=$rc, stderr lines=$lines: $(head -c 300 "$T/err")"
    return 1
}

# full NAME ARGS...: with standard output on /dev/full, exit 1 and exactly one line,
# "xlat: standard output: write error: No space left on device" (study and sweep also
# show their progress on stderr, "  running mvt ...": lines not starting with "xlat:").
full() {
    name=$1; shift
    if [ ! -c /dev/full ]; then
        skip "$name" "no /dev/full"
        return
    fi
    (cd "$T" && "$X" "$@") > /dev/full 2> "$T/err"
    rc=$?
    lines=$(grep -c "^xlat:" "$T/err")
    if [ "$rc" = 1 ] && [ "$lines" = 1 ] && ! grep -q -v -e "^xlat:" -e "^  .* \.\.\.$" "$T/err" &&
       grep -q "^xlat: standard output: write error: No space left on device$" "$T/err"; then
        ok "$name"
    else
        no "$name (rc=$rc, stderr lines=$lines: $(head -c 300 "$T/err"))"
    fi
}

# kill_run SIG ARGS...: start xlat in the background and kill it with SIG a second later
# (its outputs are open by then: they are opened before the run); its exit status in KST.
kill_run() {
    sig=$1; shift
    "$X" "$@" > "$T/kill.out" 2>&1 &
    PID=$!
    sleep 1
    kill -"$sig" "$PID"
    { wait "$PID"; } 2> /dev/null   # not the shell's "Terminated"
    KST=$?
    PID=
}

# results files for compare
"$X" $RUN --json "$T/a.json" > /dev/null 2>&1
"$X" $RUN --set iommu.sched=simt --json "$T/b.json" > /dev/null 2>&1

# --- 18.01-18.03: standard output as an output ("-"), alone on stdout
if root && mknod "$T/null" c 1 3 2> /dev/null; then
    (cd "$T" && "$X" $RUN --events null --json -) > "$T/o1" 2> "$T/err"
    rc=$?
    if [ "$rc" = 0 ] && [ -c "$T/null" ] && [ "$(head -c 1 "$T/o1")" = "{" ] && [ ! -e "$T/-" ]; then
        ok "18.01 --events to a character device (a null node of the test's own) keeps it a device; --json - is stdout"
    else
        no "18.01 device or stdout (rc=$rc, device still a device: $([ -c "$T/null" ] && echo yes || echo no))"
    fi
else
    skip "18.01 --events to a character device" "making a device node needs root"
fi
(cd "$T" && "$X" $RUN --json -) > "$T/o2" 2> "$T/err"
rc=$?
parsed=yes
if command -v python3 > /dev/null 2>&1; then
    python3 -c 'import json, sys; json.load(sys.stdin)' < "$T/o2" 2> /dev/null || parsed=no
fi
if [ "$rc" = 0 ] && [ "$(head -c 1 "$T/o2")" = "{" ] && grep -q '"xlat_version"' "$T/o2" &&
   [ "$(tail -n 1 "$T/o2")" = "}" ] && [ $parsed = yes ] && [ ! -e "$T/-" ]; then
    ok "18.02 --json - writes the results JSON alone on stdout (parses as JSON)"
else
    no "18.02 --json - (rc=$rc, parsed=$parsed): $(head -c 100 "$T/o2")"
fi
(cd "$T" && "$X" $RUN --events -) > "$T/o3" 2> "$T/err"
rc=$?
if [ "$rc" = 0 ] && head -n 1 "$T/o3" | grep -q "^# xlat .* IOMMU event log" &&
   grep -q " DISPATCH walker=" "$T/o3" && ! grep -q "^sim.cycles" "$T/o3" && [ ! -e "$T/-" ]; then
    ok "18.03 --events - writes the event log on stdout, without the statistics table"
else
    no "18.03 --events - (rc=$rc): $(head -c 100 "$T/o3")"
fi

# --- 18.04: a link is followed: a killed run leaves its target as it was, a complete one
# writes the target and keeps the link
mkdir "$T/real" "$T/lk"
echo old > "$T/real/res.json"
ln -s ../real/res.json "$T/lk/r.json"
kill_run TERM $LONG --json "$T/lk/r.json"
st=$KST
after_kill=$(cat "$T/real/res.json")
"$X" $RUN --json "$T/lk/r.json" > /dev/null 2>&1
if [ "$st" = 143 ] && [ "$after_kill" = old ] && [ -L "$T/lk/r.json" ] &&
   grep -q '"stats"' "$T/real/res.json" && [ "$(ls -A "$T/real")" = res.json ] &&
   [ "$(ls -A "$T/lk")" = r.json ]; then
    ok "18.04 --json through a link: a killed run keeps the target's old content, a run writes it, the link stays"
else
    no "18.04 link (kill status $st, after kill '$after_kill', real/: $(ls -A "$T/real" | tr '\n' ' '))"
fi

# --- 18.05: a read-only results file is refused before the run, as root too
echo keep > "$T/ro.json"
chmod 444 "$T/ro.json"
if refused 18.05 "ro.json: cannot write" $RUN --json "$T/ro.json" && [ "$(cat "$T/ro.json")" = keep ]; then
    ok "18.05 a read-only (0444) results file is refused with exit 2 before the run and left as it was"
else
    no "18.05 read-only results file written or not refused"
fi

# --- 18.06-18.14: standard output on a full device: exit 1, one line, every command
full "18.06 run > /dev/full exits 1 with one line" $RUN
full "18.07 keys > /dev/full exits 1 with one line" keys
full "18.08 config > /dev/full exits 1 with one line" config
full "18.09 list > /dev/full exits 1 with one line" list
full "18.10 --help > /dev/full exits 1 with one line" --help
full "18.11 study > /dev/full exits 1 with one line" study --workloads mvt --scale $SCALE
full "18.12 sweep > /dev/full exits 1 with one line" sweep --key iommu.sched --values fcfs,simt --workloads mvt --scale $SCALE
full "18.13 compare > /dev/full exits 1 with one line" compare "$T/a.json" "$T/b.json"
full "18.14 run --json - > /dev/full exits 1 with one line" $RUN --json -

# --- 18.15-18.17: two outputs in one file are refused before the run
echo keep > "$T/same.txt"
if refused 18.15 "same.txt: the same file" $RUN --json same.txt --events same.txt &&
   refused 18.15 "the same file" $RUN --json "$T/new.txt" --iommu-trace new.txt &&
   [ "$(cat "$T/same.txt")" = keep ] && [ ! -e "$T/new.txt" ]; then
    ok "18.15 --json F --events F (and F by two spellings, not yet existing) refused with exit 2"
else
    no "18.15 the same file twice not refused"
fi
ln -s same.txt "$T/same.lnk"
ln "$T/same.txt" "$T/same.hard"
if refused 18.16 "the same file" $RUN --json same.lnk --events same.txt &&
   refused 18.16 "the same file" $RUN --json same.hard --events same.txt &&
   [ "$(cat "$T/same.txt")" = keep ]; then
    ok "18.16 a link or a hard link to the other output's file refused with exit 2"
else
    no "18.16 the same file through a link not refused"
fi
ok17=1
refused 18.17 "both write to standard output" $RUN --json - --events - || ok17=0
(cd "$T" && "$X" $RUN --json - --events o17.txt) > "$T/o17.txt" 2> "$T/err"
rc17=$?
[ "$rc17" = 2 ] && [ "$(wc -l < "$T/err")" = 1 ] && grep -q "the same file" "$T/err" || ok17=0
if [ $ok17 = 1 ]; then
    ok "18.17 two outputs on stdout, or one on stdout and one in stdout's file, refused with exit 2"
else
    no "18.17 two outputs on standard output not refused (rc=$rc17)"
fi

# --- 18.18: a path whose temporary would not fit PATH_MAX (4096) is refused up front. The
# target is 4093 characters; its temporary, ".NAME.XXXXXX" beside it, would be 4101.
d=$T/long
while [ ${#d} -lt 3850 ]; do d=$d/$(printf '%0200d' 0); done
mkdir -p "$d"
n=$((4093 - ${#d} - 1))
p=$d/$(printf "%0${n}d" 0)
if [ ${#p} = 4093 ] && refused 18.18 "cannot write" $RUN --json "$p" && [ -z "$(ls -A "$d")" ]; then
    ok "18.18 a results path whose temporary would exceed PATH_MAX is refused, nothing created"
else
    no "18.18 long path (length ${#p}): $(ls -A "$d" | head -c 80)"
fi

# --- 18.19: a user's own x.json.tmp is never touched
echo mine > "$T/x.json.tmp"
if "$X" $RUN --json "$T/x.json" > /dev/null 2>&1 && [ "$(cat "$T/x.json.tmp")" = mine ] &&
   grep -q '"stats"' "$T/x.json"; then
    ok "18.19 an existing x.json.tmp is left as it was"
else
    no "18.19 x.json.tmp touched or x.json not written"
fi

# --- 18.20-18.21: a killed run (SIGTERM, SIGHUP) leaves no temporary and the old files;
# it dies of the signal
# A signal ignored when this shell started (SIGHUP under nohup) stays ignored in the runs it
# starts, and the run rightly keeps it ignored: that case is reported as a skip, read from
# the SigIgn mask of /proc (bit 0 = SIGHUP) where there is one.
hup_ignored() {
    m=$(sed -n 's/^SigIgn:[[:space:]]*.*\(.\)$/\1/p' /proc/$$/status 2> /dev/null)
    [ -n "$m" ] && [ $(( 0x$m & 1 )) = 1 ]
}
for s in TERM:143:20 HUP:129:21; do
    sig=${s%%:*}; want=${s#*:}; want=${want%%:*}; num=${s##*:}
    if [ "$sig" = HUP ] && hup_ignored; then
        skip "18.$num a run killed by SIGHUP" "SIGHUP is ignored by the caller (nohup)"
        continue
    fi
    k=$T/k$num
    mkdir "$k"
    echo old-results > "$k/r.json"
    echo old-events > "$k/ev.txt"
    kill_run "$sig" $LONG --json "$k/r.json" --events "$k/ev.txt" --iommu-trace "$k/tr.txt"
    st=$KST
    left=$(ls -A "$k" | tr '\n' ' ')
    if [ "$st" = "$want" ] && [ "$left" = "ev.txt r.json " ] &&
       [ "$(cat "$k/r.json")" = old-results ] && [ "$(cat "$k/ev.txt")" = old-events ]; then
        ok "18.$num a run killed by SIG$sig leaves no temporary and the old results and event log"
    else
        no "18.$num SIG$sig: status $st (want $want), left: $left"
    fi
done

# --- 18.22: bad names are refused before the run, for each output option
mkdir "$T/adir"
ok22=1
refused 18.22 "--json '': cannot write" $RUN --json '' || ok22=0
refused 18.22 "--events '': cannot write" $RUN --events '' || ok22=0
refused 18.22 "adir: cannot write: Is a directory" $RUN --json adir || ok22=0
refused 18.22 "adir: cannot write: Is a directory" $RUN --iommu-trace "$T/adir" || ok22=0
refused 18.22 "missing/dir/x.json: cannot write: No such file" $RUN --json missing/dir/x.json || ok22=0
refused 18.22 "x.json/: cannot write" $RUN --events x.json/ || ok22=0
[ $ok22 = 1 ] && ok "18.22 '', a directory, a missing directory and a name ending in / refused with exit 2 before the run" \
    || no "18.22 a bad output name not refused before the run"

# --- 18.23-18.25: --json-dir is checked, with every file in it, before the first run
SWEEP="sweep --key iommu.sched --values fcfs,simt --workloads mvt --scale $SCALE"
mkdir "$T/jd"
if refused 18.23 "--json-dir missing: cannot write: No such file" $SWEEP --json-dir missing &&
   (cd "$T" && "$X" $SWEEP --json-dir jd) > /dev/null 2>&1 &&
   [ "$(ls -A "$T/jd" | tr '\n' ' ')" = "mvt-fcfs.json mvt-simt.json " ]; then
    ok "18.23 sweep --json-dir MISSING refused before the first run; an existing one gets the files"
else
    no "18.23 sweep --json-dir: $(ls -A "$T/jd" | tr '\n' ' ')"
fi
if refused 18.24 "--json-dir a.json: cannot write: Not a directory" study --workloads mvt --scale $SCALE --json-dir a.json; then
    ok "18.24 study --json-dir naming a file refused before the first run"
else
    no "18.24 study --json-dir naming a file"
fi
mkdir "$T/jr"
echo keep > "$T/jr/mvt-simt.json"
chmod 444 "$T/jr/mvt-simt.json"
if refused 18.25 "jr/mvt-simt.json: cannot write" $SWEEP --json-dir jr &&
   [ "$(ls -A "$T/jr")" = mvt-simt.json ] && [ "$(cat "$T/jr/mvt-simt.json")" = keep ]; then
    ok "18.25 sweep --json-dir with a read-only results file in it refused before the first run"
else
    no "18.25 read-only file in --json-dir: $(ls -A "$T/jr" | tr '\n' ' ')"
fi

# --- 18.26: the finished file's mode: an existing file keeps its own, a new one gets
# 0666 less the umask (not mkstemp's 0600)
echo old > "$T/m600.json"
chmod 600 "$T/m600.json"
(umask 022 && "$X" $RUN --json "$T/m600.json" --events "$T/m644.txt") > /dev/null 2>&1
m1=$(stat -c %a "$T/m600.json" 2> /dev/null); m2=$(stat -c %a "$T/m644.txt" 2> /dev/null)
if [ "$m1" = 600 ] && [ "$m2" = 644 ] && grep -q '"stats"' "$T/m600.json"; then
    ok "18.26 a replaced results file keeps its mode (600); a new one gets 644 under umask 022"
else
    no "18.26 modes: replaced $m1 (want 600), new $m2 (want 644)"
fi

# --- 18.27: a write that fails (the event log on a full device) is exit 1 with one line,
# and leaves the old results file and no temporary
if root && mknod "$T/full" c 1 7 2> /dev/null; then
    mkdir "$T/wf"
    echo old > "$T/wf/r.json"
    "$X" $RUN --json "$T/wf/r.json" --events "$T/full" > /dev/null 2> "$T/err"
    rc=$?
    if [ "$rc" = 1 ] && [ "$(wc -l < "$T/err")" = 1 ] &&
       grep -q "full: cannot write: No space left on device" "$T/err" &&
       [ "$(cat "$T/wf/r.json")" = old ] && [ "$(ls -A "$T/wf")" = r.json ] && [ -c "$T/full" ]; then
        ok "18.27 a failed write to one output is exit 1 with one line; the other output's old file stays"
    else
        no "18.27 failed write (rc=$rc): $(head -c 200 "$T/err"); r.json: $(head -c 20 "$T/wf/r.json")"
    fi
else
    skip "18.27 a failed write to a full device" "making a device node needs root"
fi
