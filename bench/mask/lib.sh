# bench/mask/lib.sh - what bench/mask.sh and bench/mask-oracle.sh share (sourced after
# bench/lib.sh, not run): the designs of ASPLOS'18 §7 as switches, the core split, the
# metrics of §6 and the run of a job list.
#   design_args D        the xlat arguments of design D on the mask preset
#   cus N A [C]          the CUs application A (0-based) gets of C (default 30) split among N
#   ws_of                "WS MS IPCSUM" of a workload from stdin's "IPC_shared IPC_alone"
#                        lines, one per application ("- - -" if a number is missing or 0)
#   pct A B, frac A B    A over B as a change ("+x.x %") and as a share ("x.x %"); "-" if
#                        either is missing or B is 0
#   mask_runs NAME L SAID  run job list L into J (bench/lib.sh run_jobs), saying so with SAID;
#                        sets n (runs), k (run now), start and end (date +%s)

# The designs of ASPLOS'18 §7 as switches on the mask preset (docs/papers/mask.md §3).
design_args() {
    case $1 in
    sharedtlb) echo "" ;;
    pwcache) echo "--set l2tlb.entries=0 --set pwc.fill=1 --set iommu.pwc_latency=10" ;;
    static) echo "--set mask.partition=1" ;;
    ideal) echo "--set translation.ideal=1" ;;
    mask-tlb) echo "--set mask.tokens=1" ;;
    mask-cache) echo "--set mask.l2_bypass=1" ;;
    mask-dram) echo "--set dram.sched=gsn" ;;
    mask) echo "--set mask.tokens=1 --set mask.l2_bypass=1 --set dram.sched=gsn" ;;
    esac
}
# the remainder to the lowest numbers, as model/src/gpu/dispatch.c splits
cus() { _c=${3:-30}; echo $(( _c / $1 + ($2 < _c % $1) )); }
# ASPLOS'18 §6: weighted speedup WS = sum of IPC_shared / IPC_alone, maximum slowdown MS =
# max of IPC_alone / IPC_shared, IPC throughput = sum of IPC_shared
ws_of() {
    awk '{ if ($1 > 0 && $2 > 0) { ws += $1 / $2; s = $2 / $1; if (s > ms) ms = s } else bad = 1; ipc += $1 }
         END { if (bad) print "- - -"; else printf "%.3f %.3f %.3f\n", ws, ms, ipc }'
}
pct() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || a == "-" || b == "" || b == "-" || b == 0) print "-"; else printf "%+.1f %%", (a / b - 1) * 100 }'; }
frac() { awk -v a="$1" -v b="$2" 'BEGIN { if (a == "" || a == "-" || b == "" || b == "-" || b == 0) print "-"; else printf "%.1f %%", 100 * a / b }'; }
mask_runs() {
    n=$(wc -l < "$2")
    k=$(missing "$2" "$J")
    echo "$1: $n runs $3, $JOBS at a time (results in $J)"
    start=$(date +%s)
    run_jobs "$2" "$J" "$SCALE" "$SEED" "$JOBS"
    end=$(date +%s)
    echo "$1: runs took $((end - start)) s"
}
