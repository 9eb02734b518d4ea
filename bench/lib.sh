# lib.sh - helpers shared by the paper reproductions (sourced, not run). Sourcing it sets
# the defaults every reproduction shares: XLAT (build/xlat), JOBS (2 parallel runs), SEED (1)
# and OUT, the results folder (bench/results).
#   results_dir DIR                     DIR emptied (unless REUSE=1) and created
#   need_xlat NAME                      stop with "NAME.sh: build xlat first" unless $XLAT is built
#   repro_init NAME                     isca18.sh's and micro18.sh's settings: SCALE (default 1),
#                                       ALT_SCALE (0.1), J=$OUT/NAME-json (results_dir); need_xlat
#   repro_runs NAME L A                 run job list L at SCALE and A at ALT_SCALE into J; sets n
#                                       (runs), k (run now), start and end (date +%s)
#   run_jobs LIST DIR SCALE SEED JOBS   run every "name xlat-run-args..." line of LIST with
#                                       $XLAT (default build/xlat) at SCALE/SEED, JOBS at a time, writing
#                                       DIR/name.json (kept when REUSE=1 and present); each
#                                       finished run says "[k/N] done NAME". ENGINE=parallel
#                                       (SSHLOGIN=host1,host2) or ENGINE=slurm (SBATCH='--partition=P
#                                       ...') run them elsewhere: run_jobs_on (docs/sweeps.md)
#   missing LIST DIR                    how many of LIST's runs have no results in DIR yet
#   runs_said N K SECONDS JOBS          the report's sentence on how its N runs were obtained
#   jget NAME KEY                       a number from $J/NAME.json
#   ratio A B                           A / B to 3 decimals ("-" when B is 0 or empty)
#   geo                                 geometric mean of the numbers on stdin
#   open_choices                        the open choices both reproductions sweep, a line each:
#                                       suffix|report label|xlat arguments
#   alt_jobs LIST CHOICES KEY VALUES [ARGS]  the job list of the runs at ALT_SCALE: every
#                                       workload at each value of KEY, the irregular ones also
#                                       with each choice CHOICES prints (open_choices' lines)
#   scale_rows                          the scale check's table rows from "workload full scaled"
#                                       lines on stdin (same sign: both > 1.01, < 0.99 or between)
#   scale_check WHAT                    the scale check's section: heading, what it compares
#                                       (WHAT at SCALE and at ALT_SCALE), scale_rows of stdin
#   plot_style                          the gnuplot settings every figure starts from

XLAT=${XLAT:-build/xlat}
JOBS=${JOBS:-2}
SEED=${SEED:-1}
OUT=bench/results

# results_dir DIR: DIR emptied (REUSE=1 keeps the results JSON of an earlier run) and created
results_dir() {
    [ "${REUSE:-0}" = 1 ] || rm -rf "$1"
    mkdir -p "$1"
}

# need_xlat NAME: stop (exit 2) unless $XLAT is built
need_xlat() {
    [ -x "$XLAT" ] || { echo "$1.sh: build xlat first (make)"; exit 2; }
}

# repro_init NAME: the settings of the two paper reproductions (their headers say what each
# means) and their results folder J
repro_init() {
    SCALE=${SCALE:-1}
    ALT_SCALE=${ALT_SCALE:-0.1}
    J=$OUT/$1-json
    results_dir "$J"
    need_xlat "$1"
}

# repro_runs NAME L A: the runs of job list L at SCALE and of A (the open choices and the
# scale check) at ALT_SCALE, into J; sets n (runs in all), k (those run now, not reused),
# start and end (the time taken, for runs_said)
# shellcheck disable=SC2034   # n, k, start and end are the caller's
repro_runs() {
    n=$(( $(wc -l < "$2") + $(wc -l < "$3") ))
    echo "$1: $(wc -l < "$2") runs at scale $SCALE and $(wc -l < "$3") at $ALT_SCALE, $JOBS at a time (results in $J)"
    k=$(( $(missing "$2" "$J") + $(missing "$3" "$J") ))
    start=$(date +%s)
    run_jobs "$2" "$J" "$SCALE" "$SEED" "$JOBS"
    run_jobs "$3" "$J" "$ALT_SCALE" "$SEED" "$JOBS"
    end=$(date +%s)
    echo "$1: runs took $((end - start)) s"
}

# missing LIST DIR: how many of LIST's runs have no results in DIR yet (run_jobs runs them)
missing() {
    _k=0
    while read -r _n _rest; do [ -s "$2/$_n.json" ] || _k=$((_k + 1)); done < "$1"
    echo "$_k"
}

# runs_said N K SECONDS JOBS: the report's sentence on how its N runs were obtained (K run now).
runs_said() {
    if [ "$2" = "$1" ]; then
        echo "$1 cycle-level runs, all run now, in $3 s with $4 jobs"
    elif [ "$2" = 0 ]; then
        echo "$1 cycle-level runs, all reused from an earlier run (REUSE=1)"
    else
        echo "$1 cycle-level runs ($2 run now, in $3 s with $4 jobs; the rest reused, REUSE=1)"
    fi
}

run_jobs() {
    case ${ENGINE:-local} in
        local) ;;
        parallel|slurm) run_jobs_on "$@"; return ;;
        *) echo "ENGINE=$ENGINE: expected local, parallel or slurm"; return 2 ;;
    esac
    _l=$1 _d=$2 _s=$3 _seed=$4 _j=$5
    _n=$(wc -l < "$_l")
    : > "$_d/.done"   # a line per finished run, its number k (appends of one short line do not interleave)
    # shellcheck disable=SC2016
    xargs -P "$_j" -L 1 sh -c 'f='"$_d"'/$0.json; [ -s "$f" ] || '"$XLAT"' run --quiet --scale '"$_s"' --seed '"$_seed"' --json "$f" "$@" > /dev/null || { echo "run $0 failed"; exit 255; }; echo "$0" >> '"$_d"'/.done; echo "  [$(grep -n -x -F "$0" '"$_d"'/.done | cut -d: -f1)/'"$_n"'] done $0"' < "$_l"
    _rc=$?
    rm -f "$_d/.done"
    return $_rc
}

# run_jobs_on LIST DIR SCALE SEED JOBS: run_jobs through GNU parallel (ENGINE=parallel, over
# SSHLOGIN, JOBS per login) or a Slurm job array (ENGINE=slurm, JOBS at a time, SBATCH's
# options; squeue polled each second until the array has ended). DIR and XLAT must be at the
# same paths on every host (a shared filesystem; docs/sweeps.md). Each line runs as run_jobs
# runs it, by DIR/.job.sh K (line K of the round's list); the runs still missing after a
# round are run again, up to RETRIES more rounds (default 2); any still missing then are
# named and make the status 1.
run_jobs_on() {
    _l=$1 _s=$3 _seed=$4 _j=$5
    _d=$(cd "$2" && pwd) || return 2
    _x=$(cd "$(dirname "$XLAT")" && pwd)/$(basename "$XLAT")
    case "$_d$_x$_s$_seed" in *"'"*|*' '*) echo "run_jobs: a quote or blank in $_d or $_x"; return 2 ;; esac
    _n=$(wc -l < "$_l")
    {
        echo '#!/bin/sh'
        echo '# bench/lib.sh run_jobs_on: line $1 of the round'"'"'s job list, run as run_jobs runs it'
        echo 'set -f'
        echo "set -- \$(sed -n \"\$1p\" '$_d/.todo')"
        echo "f='$_d'/\$1.json"
        echo 'shift'
        echo "[ -s \"\$f\" ] || exec '$_x' run --quiet --scale '$_s' --seed '$_seed' --json \"\$f\" \"\$@\" > /dev/null"
    } > "$_d/.job.sh"
    _r=0
    while :; do
        while read -r _nm _rest; do
            [ -s "$_d/$_nm.json" ] || echo "$_nm $_rest"
        done < "$_l" > "$_d/.todo"
        _m=$(wc -l < "$_d/.todo")
        [ "$_m" = 0 ] && break
        if [ "$_r" -gt "${RETRIES:-2}" ]; then
            echo "run_jobs: $_m of $_n runs failed: $(cut -d' ' -f1 "$_d/.todo" | tr '\n' ' ')"
            rm -f "$_d/.job.sh" "$_d/.todo"
            return 1
        fi
        [ "$_r" -gt 0 ] && echo "  $_m runs again (retry $_r of ${RETRIES:-2})"
        if [ "$ENGINE" = parallel ]; then
            seq 1 "$_m" | parallel --will-cite -j "$_j" --sshlogin "${SSHLOGIN:-:}" sh "$_d/.job.sh" {}
        else
            # shellcheck disable=SC2086   # SBATCH's options are words
            _job=$(sbatch --parsable --job-name=xlat-runs --array=1-"$_m%$_j" \
                --output="$_d/.slurm-%A_%a.out" ${SBATCH:-} \
                --wrap "sh $_d/.job.sh \$SLURM_ARRAY_TASK_ID") || {
                echo "run_jobs: sbatch refused the array"
                rm -f "$_d/.job.sh" "$_d/.todo"
                return 2
            }
            _job=${_job%%;*}
            echo "  Slurm job $_job: $_m runs"
            _f=0   # squeue failing for two minutes: the array is taken as ended
            while [ "$_f" -lt 120 ]; do
                if _q=$(squeue --noheader --format=%i --jobs="$_job" 2> /dev/null); then
                    [ -z "$_q" ] && break
                    _f=0
                else
                    _f=$((_f + 1))
                fi
                sleep 1
            done
        fi
        echo "  [$((_n - $(missing "$_l" "$_d")))/$_n] done"
        _r=$((_r + 1))
    done
    rm -f "$_d/.job.sh" "$_d/.todo" "$_d"/.slurm-*.out
}

jget() { sed -n "s/^ *\"$2\": \([0-9.]*\),*$/\1/p" "$J/$1.json" | head -n 1; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b == "" || b == 0 || a == "") print "-"; else printf "%.3f", a / b }'; }
geo() { awk '$1 != "-" { s += log($1); n++ } END { if (n) printf "%.3f", exp(s / n); else print "-" }'; }
scale_rows() {
    awk 'function sg(r) { return r == "-" ? "?" : r > 1.01 ? "+" : r < 0.99 ? "-" : "0" }
         { y = sg($2) == sg($3) ? "yes" : "**no**"; same += y == "yes"; n++
           printf "| %s | %s | %s | %s |\n", $1, $2, $3, y }
         END { printf "| **all** | | | %d of %d |\n", same, n }'
}

# scale_check WHAT: the report's scale check, WHAT (the headline ratio) at SCALE and at
# ALT_SCALE, from "workload full scaled" lines on stdin
scale_check() {
    echo
    echo "## Scale check: does a run at scale $ALT_SCALE keep the full run's sign?"
    echo
    echo "$1 at scale $SCALE and at $ALT_SCALE (a scaled run keeps 12 rounds of resident"
    echo "wavefronts per kernel, \`workload.min_rounds\`). Same sign: both above 1, both below, or both"
    echo "within ±1 % of 1."
    echo
    echo "| workload | scale $SCALE | scale $ALT_SCALE | same sign |"
    echo "|---|---:|---:|---|"
    scale_rows
}

# plot_style: the settings every figure of the reproductions starts from (clustered
# histograms, one PNG each)
plot_style() {
    cat <<'EOF2'
set terminal pngcairo size 900,420 noenhanced
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set grid ytics
set xtics rotate by -30
EOF2
}

# The choices the papers leave open (docs/isca18-micro18.md §8) that both reproductions show
# their headline under: run-name suffix | the report's label | the xlat arguments.
open_choices() {
    cat <<'EOF2'
l2path|walks through the GPU's L2 data cache (`iommu.walk_path=l2`)|--set iommu.walk_path=l2
mshr1024|1024 L1 TLB misses per CU (`l1tlb.mshrs=1024`)|--set l1tlb.mshrs=1024
oldest|oldest-first wavefront issue (`gpu.wave_sched=oldest`)|--set gpu.wave_sched=oldest
l2xor|hashed L2 set index (`l2d.index=xor`)|--set l2d.index=xor
waitcnt|wavefronts wait for loads at first use (`gpu.loads=waitcnt`)|--set gpu.loads=waitcnt
EOF2
}

# alt_jobs LIST CHOICES KEY VALUES [ARGS]: write job list LIST, the runs at ALT_SCALE: for
# every workload of IRR and REG and each value V of KEY (VALUES, e.g. "fcfs simt"),
# "alt-W-V [ARGS] --workload W --set KEY=V", the scale check's runs and the open choices'
# baseline; then for each irregular workload and value, the same once per choice that the
# function CHOICES prints (lines as open_choices'), named alt-W-V-SUFFIX
alt_jobs() {
    : > "$1"
    for _w in $IRR $REG; do
        for _v in $4; do
            echo "alt-$_w-$_v ${5:+$5 }--workload $_w --set $3=$_v" >> "$1"
        done
    done
    for _w in $IRR; do
        for _v in $4; do
            "$2" | while IFS='|' read -r _c _ _a; do
                echo "alt-$_w-$_v-$_c ${5:+$5 }--workload $_w --set $3=$_v $_a"
            done >> "$1"
        done
    done
}
