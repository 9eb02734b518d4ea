# lib.sh - helpers shared by the paper reproductions (sourced, not run).
#   run_jobs LIST DIR SCALE SEED JOBS   run every "name xlat-run-args..." line of LIST with
#                                       $XLAT (default build/xlat) at SCALE/SEED, JOBS at a time, writing
#                                       DIR/name.json (kept when REUSE=1 and present)
#   missing LIST DIR                    how many of LIST's runs have no results in DIR yet
#   runs_said N K SECONDS JOBS          the report's sentence on how its N runs were obtained
#   jget NAME KEY                       a number from $J/NAME.json
#   ratio A B                           A / B to 3 decimals ("-" when B is 0 or empty)
#   geo                                 geometric mean of the numbers on stdin
#   open_choices                        the open choices both reproductions sweep, a line each:
#                                       suffix|report label|xlat arguments
#   scale_rows                          the scale check's table rows from "workload full scaled"
#                                       lines on stdin (same sign: both > 1.01, < 0.99 or between)

XLAT=${XLAT:-build/xlat}
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
    _l=$1 _d=$2 _s=$3 _seed=$4 _j=$5
    # shellcheck disable=SC2016
    xargs -P "$_j" -L 1 sh -c 'f='"$_d"'/$0.json; [ -s "$f" ] || '"$XLAT"' run --quiet --scale '"$_s"' --seed '"$_seed"' --json "$f" "$@" > /dev/null || { echo "run $0 failed"; exit 255; }; echo "  done $0"' < "$_l"
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

