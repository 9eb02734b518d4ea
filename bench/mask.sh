#!/bin/sh
# mask.sh - reproduce MASK (Ausavarungnirun et al., ASPLOS'18) with the cycle-level model:
# Figs 3, 5-9, 11-15 and Table 3 (docs/papers/mask.md). Writes bench/results/mask.md
# (our numbers beside the paper's) and gnuplot PNGs.
#   WARMUP  cycles before the measured window (default 300000: 3 epochs)
#   WINDOW  measured window in GPU cycles (default 1000000 = 10 MASK epochs; the mask
#           preset's 500 K + 5 M which takes about 4 times as long: the default keeps
#           make repro-mask within 30 minutes on 2 cores, docs/papers/mask.md "Results")
#   SCALE   work fraction of every application (default 1; the window, not the size, bounds
#           a run: applications relaunch until it ends)
#   JOBS    parallel runs (default 2)
#   SEED    seed (default 1)
#   SETS    1: also the 3-, 4- and 5-application sets of Table 3 (default 1)
#   TABLE4  1: also Table 4's Fermi GPU, the 35 pairs on GPGPU-Sim's GTX 480 (default 1)
#   REUSE   1: keep results JSON of an earlier run with the same settings
#   PAIRS   the workload list (default bench/mask/pairs.txt: MASK-35R and the Table 3 sets)
set -e
cd "$(dirname "$0")/.."
. bench/lib.sh
. bench/mask/lib.sh
SCALE=${SCALE:-1}
WARMUP=${WARMUP:-300000}
WINDOW=${WINDOW:-1000000}
SETS=${SETS:-1}
TABLE4=${TABLE4:-1}
J=$OUT/mask-json
results_dir "$J"
need_xlat mask
PAIRS=${PAIRS:-bench/mask/pairs.txt}
[ -s "$PAIRS" ] || { echo "mask.sh: $PAIRS is missing"; exit 2; }
BASE="--preset mask --set sim.warmup=$WARMUP --set sim.window=$WINDOW"

# The designs of ASPLOS'18 §7 (their switches: bench/mask/lib.sh design_args).
DESIGNS="static pwcache sharedtlb mask-tlb mask-cache mask-dram mask ideal"
# Table 4's Fermi GPU (§7.3: "a Fermi-class GPU", its configuration not given): GPGPU-Sim's
# GTX 480 configuration, the Fermi the paper's simulator ships with (docs/papers/mask.md
# "Table 4"): 15 cores at 700 MHz, 1536 threads (24 wavefronts of 64) a core, a 768 KB L2
# (12 ways instead of 8, so its sets are a power of two), 12 L2 slices of 32 MSHRs, 6 GDDR5
# channels at 924 MHz of 64 bits (2 chips of 32; a 64 B line in 2 command clocks), 16 banks;
# the translation hardware and DRAM timing of the mask preset. FERMI_CUS: its cores.
FERMI_CUS=15
FERMI="--set gpu.cus=$FERMI_CUS --set gpu.clock_mhz=700 --set gpu.waves_per_simd=6 --set l2d.size_kb=768 --set l2d.ways=12 --set l2d.mshrs=384 --set dram.channels=6 --set dram.mhz=924 --set dram.tburst=2 --set dram.banks=16"
FERMI_DESIGNS="pwcache sharedtlb mask ideal"
# the 27 applications of Table 2 (Table 3's one-application column)
APPS27="lud nn bfs2 fft histo nw qtc ray sad scp bp gup hs lps 3ds blk cfd cons fwt luh mm mum red sc scan srad trd"

# ---- the job list: name, then xlat arguments
L=$OUT/mask-jobs.txt
: > "$L"
grep -v '^#' "$PAIRS" | while read -r w cat _; do
    [ -n "$w" ] || continue
    case $cat in *HMR) ;; *) [ "$SETS" = 1 ] || continue ;; esac
    case $cat in
    *HMR) ds=$DESIGNS ;;
    *) ds="sharedtlb mask ideal" ;;   # Table 3 compares these
    esac
    for d in $ds; do
        echo "$w-$d $BASE $(design_args $d) --workload $w" >> "$L"
    done
done
# the choices the paper leaves open (docs/papers/mask.md "Choices the paper leaves open"),
# each as MASK on the 2-HMR pairs: suffix|label|xlat arguments
mask_choices() {
    cat <<'EOF2'
hill|token hill climbing (`mask.tok_policy=hillclimb`)|--set mask.tok_policy=hillclimb
orig|the first merged request decides the fill (`mask.tok_fill=originator`)|--set mask.tok_fill=originator
bypep|L2 bypass counters per epoch, sampled (`mask.byp_mode=epoch`)|--set mask.byp_mode=epoch
snap|Silver inputs at the boundary (`mask.dsched_stat=snapshot`)|--set mask.dsched_stat=snapshot
head|Golden queue as a strict FIFO (`dram.gq_strict_head=1`)|--set dram.gq_strict_head=1
tmo|Silver turn timeout of 2000 clocks (`dram.silver_timeout=2000`)|--set dram.silver_timeout=2000
EOF2
}
grep -v '^#' "$PAIRS" | while read -r w cat _; do
    [ "$cat" = 2-HMR ] || continue
    mask_choices | while IFS='|' read -r suf _ args; do
        echo "$w-mask-$suf $BASE $(design_args mask) $args --workload $w"
    done
done >> "$L"
# sensitivity on the 2-HMR pairs (§7.3: an 8192-entry L2 TLB; and what bounds SharedTLB
# here: 256 walks at once instead of 64)
grep -v '^#' "$PAIRS" | while read -r w cat _; do
    [ "$cat" = 2-HMR ] || continue
    echo "$w-sharedtlb-l2t8k $BASE --set l2tlb.entries=8192 --workload $w"
    echo "$w-mask-l2t8k $BASE $(design_args mask) --set l2tlb.entries=8192 --workload $w"
    echo "$w-sharedtlb-w256 $BASE --set l2tlb.mshrs=256 --set iommu.walkers=256 --set iommu.buffer_entries=256 --workload $w"
done >> "$L"
# the alone runs: every application of a workload on the CUs it gets there, on SharedTLB
# (the reference of the weighted speedup, docs/papers/mask.md §4) and on Ideal
grep -v '^#' "$PAIRS" | while read -r w cat _; do
    [ -n "$w" ] || continue
    case $cat in *HMR) ;; *) [ "$SETS" = 1 ] || continue ;; esac
    n=$(echo "$w" | tr '+' '\n' | wc -l)
    i=0
    for a in $(echo "$w" | tr '+' ' '); do
        c=$(cus "$n" "$i")
        echo "alone-$a-$c-sharedtlb $BASE --set gpu.cus=$c --workload $a"
        echo "alone-$a-$c-ideal $BASE --set gpu.cus=$c --set translation.ideal=1 --workload $a"
        i=$((i + 1))
    done
done | sort -u >> "$L"
# Table 4's Fermi: the 35 pairs under four designs and their applications alone (SharedTLB)
if [ "$TABLE4" = 1 ]; then
    grep -v '^#' "$PAIRS" | while read -r w cat _; do
        case $cat in *HMR) ;; *) continue ;; esac
        for d in $FERMI_DESIGNS; do
            echo "$w-fermi-$d $BASE $FERMI $(design_args $d) --workload $w"
        done
    done >> "$L"
    grep -v '^#' "$PAIRS" | while read -r w cat _; do
        case $cat in *HMR) ;; *) continue ;; esac
        i=0
        for a in $(echo "$w" | tr '+' ' '); do
            c=$(cus 2 "$i" $FERMI_CUS)
            echo "alone-$a-$c-fermi-sharedtlb $BASE $FERMI --set gpu.cus=$c --workload $a"
            i=$((i + 1))
        done
    done | sort -u >> "$L"
fi
# Table 3's one-application column: every application of Table 2 alone on all 30 cores
if [ "$SETS" = 1 ]; then
    for a in $APPS27; do
        for d in sharedtlb mask ideal; do
            echo "alone-$a-30-$d $BASE $(design_args $d) --workload $a"
        done
    done >> "$L"
fi
mask_runs mask "$L" "(window $WINDOW cycles after $WARMUP)"

# ---- metrics (ASPLOS'18 §6, bench/mask/lib.sh ws_of) per workload and design; REF =
# sharedtlb (default) or ideal alone runs
# metrics W D REF [C]: "WS MS IPCSUM" (C: the GPU's cores, default 30)
metrics() {
    _n=$(echo "$1" | tr '+' '\n' | wc -l)
    _i=0
    for _a in $(echo "$1" | tr '+' ' '); do
        echo "$(jget "$1-$2" "sim.app$_i.ipc") $(jget "alone-$_a-$(cus "$_n" "$_i" "${4:-30}")-$3" sim.app0.ipc)"
        _i=$((_i + 1))
    done | ws_of
}

M=$OUT/mask.md
T=$OUT/mask-data
mkdir -p "$T"
: > "$T/ws.dat"
grep -v '^#' "$PAIRS" | while read -r w cat _; do
    [ -n "$w" ] || continue
    case $cat in *HMR) ds=$DESIGNS ;; *) [ "$SETS" = 1 ] || continue; ds="sharedtlb mask ideal" ;; esac
    for d in $ds; do
        for r in sharedtlb ideal; do
            echo "$w $cat $d $r $(metrics "$w" "$d" "$r")"
        done
    done
done > "$T/ws.dat"
# mean over a category (or "all" pairs) of column C (5 WS, 6 MS, 7 IPC) for design D, REF R
mean() {
    awk -v c="$1" -v d="$2" -v r="$3" -v k="$4" '$3 == d && $4 == r && $c != "-" &&
        (k == "all" ? $2 ~ /HMR$/ : $2 == k) { s += $c; n++ } END { if (n) printf "%.3f", s / n; else print "-" }' "$T/ws.dat"
}

# sum of KEY over the runs of design D on the pairs of category K ("all": every pair)
ssum() {
    grep -v '^#' "$PAIRS" | while read -r _w _c _; do
        case $_c in *HMR) ;; *) continue ;; esac
        [ "$3" = all ] || [ "$3" = "$_c" ] || continue
        jget "$_w-$2" "$1"
    done | awk '{ s += $1 } END { printf "%.0f", s }'
}
# mean of KEY (appN: each application of the pair) over the pairs of category K, design D
appmean() {
    grep -v '^#' "$PAIRS" | while read -r _w _c _; do
        case $_c in *HMR) ;; *) continue ;; esac
        [ "$3" = all ] || [ "$3" = "$_c" ] || continue
        for _i in 0 1; do jget "$_w-$2" "$(echo "$1" | sed "s/appN/app$_i/")"; done
    done | awk '{ s += $1; n++ } END { if (n) printf "%.2f", s / n; else print "-" }'
}
# geometric mean over the 35 pairs of WS(design D) / WS(design E), as a change ("+x %")
gratio() {
    awk -v d="$1" -v e="$2" '$2 ~ /HMR$/ && $4 == "sharedtlb" && $5 != "-" { if ($3 == d) x[$1] = $5; if ($3 == e) y[$1] = $5 }
        END { for (w in x) if (w in y && y[w] > 0) { s += log(x[w] / y[w]); n++ }
              if (n) printf "%+.1f %%", (exp(s / n) - 1) * 100; else print "-" }' "$T/ws.dat"
}
avg() { awk -v s="$1" -v n="$2" 'BEGIN { if (n > 0) printf "%.1f", s / n; else print "-" }'; }
# mean WS (column 5) of design D over the workloads of category C, SharedTLB-alone reference
catmean() {
    awk -v c="$1" -v d="$2" '$2 == c && $3 == d && $4 == "sharedtlb" && $5 != "-" { s += $5; n++ }
        END { if (n) printf "%.3f", s / n; else print "-" }' "$T/ws.dat"
}

{
echo "# MASK reproduction: several applications sharing the GPU's translation hardware"
echo
echo "Generated by \`make repro-mask\` (bench/mask.sh): preset mask, a window of $WINDOW cycles after"
echo "$WARMUP cycles of warm-up (applications relaunch until it ends), scale $SCALE, seed $SEED,"
echo "$(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown);"
echo "$(runs_said "$n" "$k" $((end - start)) "$JOBS")."
echo "Paper numbers: docs/papers/mask.md (the paper's per-bar values are in figures and cannot be"
echo "recovered; only the numbers of its prose and tables are listed). Weighted speedup (WS) is"
echo "against each application alone on SharedTLB with the CUs it has in the workload (15 of 30"
echo "in a pair), unless a column says Ideal-alone. Counters other than IPC cover the whole run,"
echo "warm-up included. Why the numbers differ from the paper's: docs/papers/mask.md \"Results\"."
echo
echo "## Fig 11 and §7.1: weighted speedup by category (mean over the pairs)"
echo
echo "\"vs SharedTLB\" is the ratio of the means; \"geomean\" the geometric mean of the pairs' own"
echo "ratios, which outliers move less (an application far slower alone on SharedTLB than on"
echo "Ideal, as GUP or MUM, gives Ideal a WS far above 2)."
echo
echo "| design | 0-HMR | 1-HMR | 2-HMR | all 35 | vs SharedTLB | geomean vs SharedTLB | of Ideal | geomean vs Ideal | WS, Ideal-alone ref | IPC sum | unfairness (max slowdown) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
b=$(mean 5 sharedtlb sharedtlb all)
id=$(mean 5 ideal sharedtlb all)
for d in $DESIGNS; do
    a=$(mean 5 "$d" sharedtlb all)
    echo "| $d | $(mean 5 "$d" sharedtlb 0-HMR) | $(mean 5 "$d" sharedtlb 1-HMR) | $(mean 5 "$d" sharedtlb 2-HMR) | $a | $(pct "$a" "$b") | $(gratio "$d" sharedtlb) | $(frac "$a" "$id") | $(gratio "$d" ideal) | $(mean 5 "$d" ideal all) | $(mean 7 "$d" sharedtlb all) | $(mean 6 "$d" sharedtlb all) |"
done
echo
echo "| claim (paper) | paper | ours |"
echo "|---|---:|---:|"
m=$(mean 5 mask sharedtlb all)
echo "| MASK over SharedTLB, weighted speedup (§7.1) | +57.8 % | $(pct "$m" "$b") |"
echo "| MASK over SharedTLB, IPC throughput (technical report) | +43.4 % | $(pct "$(mean 7 mask sharedtlb all)" "$(mean 7 sharedtlb sharedtlb all)") |"
echo "| MASK's unfairness against SharedTLB's (§7.1) | -22.4 % | $(pct "$(mean 6 mask sharedtlb all)" "$(mean 6 sharedtlb sharedtlb all)") |"
echo "| MASK against Ideal (§7.1) | 76.8 % of Ideal | $(frac "$m" "$id") of Ideal |"
echo "| MASK-Cache over SharedTLB (§7.2) | +43.6 % | $(pct "$(mean 5 mask-cache sharedtlb all)" "$b") |"
echo "| MASK-DRAM over SharedTLB (§7.2) | +22.7 % | $(pct "$(mean 5 mask-dram sharedtlb all)" "$b") |"
echo "| MASK-TLB over SharedTLB (§7.2: not stated) | - | $(pct "$(mean 5 mask-tlb sharedtlb all)" "$b") |"
for c in 0-HMR 1-HMR 2-HMR; do
    echo "| MASK over SharedTLB, $c (Figs 12-14: a gain in every category) | > 0 | $(pct "$(mean 5 mask sharedtlb $c)" "$(mean 5 sharedtlb sharedtlb $c)") |"
done
echo
echo "## Fig 3: translation overhead of the two baselines (1 - WS / WS of Ideal, all pairs)"
echo
echo "| design | paper | ours |"
echo "|---|---:|---:|"
echo "| PWCache | 45.0 % | $(awk -v a="$(mean 5 pwcache sharedtlb all)" -v b="$id" 'BEGIN { printf "%.1f %%", 100 * (1 - a / b) }') |"
echo "| SharedTLB | 40.6 % | $(awk -v a="$b" -v b="$id" 'BEGIN { printf "%.1f %%", 100 * (1 - a / b) }') |"
echo
echo "## Figs 12-14: weighted speedup of every pair"
echo
printf "| pair | category |"; for d in $DESIGNS; do printf " %s |" "$d"; done; echo
printf "|---|---|"; for d in $DESIGNS; do printf -- "---:|"; done; echo
grep -v '^#' "$PAIRS" | while read -r w c _; do
    case $c in *HMR) ;; *) continue ;; esac
    printf "| %s | %s |" "$w" "$c"
    for d in $DESIGNS; do printf " %s |" "$(awk -v w="$w" -v d="$d" '$1 == w && $3 == d && $4 == "sharedtlb" { print $5 }' "$T/ws.dat")"; done
    echo
done
echo
echo "## Fig 15: unfairness (maximum slowdown) by category"
echo
echo "| design | 0-HMR | 1-HMR | 2-HMR | all |"
echo "|---|---:|---:|---:|---:|"
for d in static pwcache sharedtlb mask; do
    echo "| $d | $(mean 6 $d sharedtlb 0-HMR) | $(mean 6 $d sharedtlb 1-HMR) | $(mean 6 $d sharedtlb 2-HMR) | $(mean 6 $d sharedtlb all) |"
done
echo
echo "## Figs 5 and 6: concurrent walks and warps stalled per miss (SharedTLB)"
echo
echo "Concurrent walks: an application's L2 TLB MSHRs in use, sampled every 10,000 cycles (the"
echo "walker takes 64 walks at once, all applications together). Warps per miss: L1 TLB MSHRs"
echo "(warps' missing pages) waiting on one L2 TLB MSHR. Means over the applications of a"
echo "category's pairs."
echo
echo "| category | walks, mean | walks, max | warps per L2 TLB miss, mean | warps, max | paper (2-HMR) |"
echo "|---|---:|---:|---:|---:|---|"
for c in 0-HMR 1-HMR 2-HMR; do
    echo "| $c | $(appmean l2tlb.appN.walks.mean sharedtlb $c) | $(appmean l2tlb.appN.walks.max sharedtlb $c) | $(appmean l2tlb.appN.mshr_warps.mean sharedtlb $c) | $(appmean l2tlb.appN.mshr_warps.max sharedtlb $c) | > 20 walks, > 30 of 64 warps |"
done
echo
echo "## Fig 7: L2 TLB miss rate alone and shared (SharedTLB)"
echo
echo "| pair | application | alone | in the pair |"
echo "|---|---|---:|---:|"
for w in 3ds+histo red+ray mm+cons sc+fwt; do
    [ -s "$J/$w-sharedtlb.json" ] || continue   # a PAIRS list without it
    i=0
    for a in $(echo "$w" | tr '+' ' '); do
        al=$(frac "$(jget "alone-$a-15-sharedtlb" l2tlb.misses)" "$(jget "alone-$a-15-sharedtlb" l2tlb.accesses)")
        sh=$(frac "$(jget "$w-sharedtlb" "l2tlb.app$i.misses")" "$(jget "$w-sharedtlb" "l2tlb.app$i.accesses")")
        echo "| $w | $a | $al | $sh |"
        i=$((i + 1))
    done
done
echo
echo "## §4.3 and §5.3: L2 hit rate of page-table reads by level (all pairs)"
echo
echo "| design | level 1 (root) | level 2 | level 3 | level 4 (leaf) | data | paper |"
echo "|---|---:|---:|---:|---:|---:|---|"
for d in sharedtlb mask-cache mask; do
    row="| $d |"
    for L in 1 2 3 4; do row="$row $(frac "$(ssum l2d.hits_depth$L $d all)" "$(ssum l2d.accesses_depth$L $d all)") |"; done
    echo "$row $(frac "$(ssum l2d.hits_data $d all)" "$(ssum l2d.accesses_data $d all)") | 99.8 / 98.8 / 68.7 / 1.0 % |"
done
echo
printf "Page-table reads that skipped the L2 in mask-cache:"
for L in 1 2 3 4; do printf " level %s %s;" $L "$(ssum l2d.bypassed_depth$L mask-cache all)"; done
echo
echo
echo "## Figs 8 and 9: DRAM bandwidth and latency of translation against data"
echo
echo "| design | translation share of utilized bandwidth | utilized of peak | translation read latency | data read latency | paper |"
echo "|---|---:|---:|---:|---:|---|"
for d in sharedtlb mask-dram mask; do
    pt=$(ssum dram.bus_busy_pt $d all); da=$(ssum dram.bus_busy_data $d all); cy=$(ssum sim.cycles $d all)
    echo "| $d | $(frac "$pt" $((pt + da))) | $(awk -v b=$((pt + da)) -v c="$cy" 'BEGIN { printf "%.1f %%", 100 * b / (c * 1674 / 1020 * 8) }') | $(avg "$(ssum dram.read_latency_pt $d all)" "$(ssum dram.reads_pt $d all)") | $(avg "$(ssum dram.read_latency_data $d all)" "$(ssum dram.reads_data $d all)") | 13.8 % of utilized, 2.4 % of peak; translation slower |"
done
echo
echo "## §7.2: the mechanisms at work (all pairs)"
echo
b1=$(ssum l2tlb.hits sharedtlb all); a1=$(ssum l2tlb.accesses sharedtlb all)
b2=$(ssum l2tlb.hits mask-tlb all); a2=$(ssum l2tlb.accesses mask-tlb all)
bh=$(ssum l2tlb.bypass.hits mask-tlb all); bm=$(ssum l2tlb.misses mask-tlb all)
echo "| claim | paper | ours |"
echo "|---|---:|---:|"
echo "| shared L2 TLB hit rate, SharedTLB -> MASK-TLB | +49.9 % | $(frac "$b1" "$a1") -> $(frac "$b2" "$a2") |"
echo "| TLB bypass cache hit rate (its hits / lookups that missed the L2 TLB) | 66.5 % | $(frac "$bh" $((bh + bm))) |"
echo "| Static and SharedTLB L2 TLB hit rates | similar | $(frac "$(ssum l2tlb.hits static all)" "$(ssum l2tlb.accesses static all)") and $(frac "$b1" "$a1") |"
echo "| translation DRAM read latency, SharedTLB -> MASK-DRAM (cycles) | down (up to 10.6 %) | $(avg "$(ssum dram.read_latency_pt sharedtlb all)" "$(ssum dram.reads_pt sharedtlb all)") -> $(avg "$(ssum dram.read_latency_pt mask-dram all)" "$(ssum dram.reads_pt mask-dram all)") |"
if [ "$SETS" = 1 ]; then
    echo
    echo "## Table 3: scalability, weighted speedup relative to Ideal (mean over the workloads)"
    echo
    echo "| applications | SharedTLB / Ideal | MASK / Ideal | MASK over SharedTLB | paper: SharedTLB / MASK of Ideal |"
    echo "|---:|---:|---:|---:|---|"
    # one application: its IPC on the design over its IPC on SharedTLB, all 30 cores
    one() {
        for _a in $APPS27; do
            echo "$(jget "alone-$_a-30-$1" sim.app0.ipc) $(jget "alone-$_a-30-sharedtlb" sim.app0.ipc)"
        done | awk '$1 > 0 && $2 > 0 { s += $1 / $2; n++ } END { if (n) printf "%.3f", s / n; else print "-" }'
    }
    o1=$(one sharedtlb); o2=$(one mask); o3=$(one ideal)
    echo "| 1 (each of the 27 on 30 cores) | $(frac "$o1" "$o3") | $(frac "$o2" "$o3") | $(pct "$o2" "$o1") | 47.1 % / 68.5 % |"
    echo "| 2 (the 35 pairs) | $(frac "$b" "$id") | $(frac "$m" "$id") | $(pct "$m" "$b") | 48.7 % / 76.8 % |"
    for N in 3 4 5; do
        s1=$(catmean "$N-app" sharedtlb); s2=$(catmean "$N-app" mask); s3=$(catmean "$N-app" ideal)
        case $N in 3) p="38.8 % / 62.3 %" ;; 4) p="34.2 % / 55.0 %" ;; 5) p="33.1 % / 52.9 %" ;; esac
        echo "| $N | $(frac "$s1" "$s3") | $(frac "$s2" "$s3") | $(pct "$s2" "$s1") | $p |"
    done
fi
echo
echo "## The open choices: MASK under each alternative (2-HMR pairs, mean WS)"
echo
echo "| choice | MASK | over SharedTLB |"
echo "|---|---:|---:|"
s0=$(catmean 2-HMR sharedtlb)
echo "| the defaults | $(catmean 2-HMR mask) | $(pct "$(catmean 2-HMR mask)" "$s0") |"
mask_choices | while IFS='|' read -r suf label _; do
    v=$(grep -v '^#' "$PAIRS" | while read -r w c _; do
            [ "$c" = 2-HMR ] || continue
            metrics "$w" "mask-$suf" sharedtlb
        done | awk '$1 != "-" { s += $1; n++ } END { if (n) printf "%.3f", s / n; else print "-" }')
    echo "| $label | $v | $(pct "$v" "$s0") |"
done
echo
echo "## Sensitivity (2-HMR pairs, mean WS): the L2 TLB's size (§7.3) and the walker's concurrency"
echo
echo "| system | SharedTLB | MASK | MASK over SharedTLB | paper |"
echo "|---|---:|---:|---:|---|"
sens() {
    grep -v '^#' "$PAIRS" | while read -r w c _; do
        [ "$c" = 2-HMR ] || continue
        metrics "$w" "$1" sharedtlb
    done | awk '$1 != "-" { s += $1; n++ } END { if (n) printf "%.3f", s / n; else print "-" }'
}
s1=$(catmean 2-HMR sharedtlb); s2=$(catmean 2-HMR mask)
echo "| the preset: 512-entry L2 TLB, 64 walks | $s1 | $s2 | $(pct "$s2" "$s1") | MASK ahead |"
s1=$(sens sharedtlb-l2t8k); s2=$(sens mask-l2t8k)
echo "| 8192-entry L2 TLB | $s1 | $s2 | $(pct "$s2" "$s1") | a tie (the working set fits) |"
echo "| 256 walks at once (\`l2tlb.mshrs\`, \`iommu.walkers\`, \`iommu.buffer_entries\`) | $(sens sharedtlb-w256) | | | not studied |"
echo "| Ideal | $(catmean 2-HMR ideal) | | | |"
echo
echo "## Table 4: other GPUs (mean WS of the 35 pairs relative to Ideal's)"
echo
if [ "$TABLE4" = 1 ]; then
    echo "Fermi: GPGPU-Sim's GTX 480 configuration (15 cores at 700 MHz, 6 GDDR5 channels; the"
    echo "paper names the GPU only; bench/mask.sh's FERMI, docs/papers/mask.md \"Table 4\"), the 35"
    echo "pairs split 8 / 7 cores, each application alone on the Fermi's SharedTLB as the reference."
    echo "The integrated GPU (Power et al.'s configuration, which the paper cites without its"
    echo "values) is not reproduced."
    echo
    fws() {   # mean WS of Fermi design D over the 35 pairs
        grep -v '^#' "$PAIRS" | while read -r w c _; do
            case $c in *HMR) ;; *) continue ;; esac
            metrics "$w" "fermi-$1" fermi-sharedtlb $FERMI_CUS
        done | awk '$1 != "-" { s += $1; n++ } END { if (n) printf "%.3f", s / n; else print "-" }'
    }
    fp=$(fws pwcache); fs=$(fws sharedtlb); fm=$(fws mask); fi_=$(fws ideal)
    echo "| | Fermi, paper | Fermi, ours | the mask preset (Table 1), ours | integrated GPU, paper |"
    echo "|---|---:|---:|---:|---:|"
    echo "| PWCache of Ideal | 53.1 % | $(frac "$fp" "$fi_") | $(frac "$(mean 5 pwcache sharedtlb all)" "$id") | 52.1 % |"
    echo "| SharedTLB of Ideal | 60.4 % | $(frac "$fs" "$fi_") | $(frac "$b" "$id") | 38.2 % |"
    echo "| MASK of Ideal | 78.0 % | $(frac "$fm" "$fi_") | $(frac "$m" "$id") | 64.5 % |"
    echo "| MASK over PWCache | +46.9 % | $(pct "$fm" "$fp") | $(pct "$m" "$(mean 5 pwcache sharedtlb all)") | +23.8 % |"
    echo "| MASK over SharedTLB | +29.1 % | $(pct "$fm" "$fs") | $(pct "$m" "$b") | +68.8 % |"
    echo
    fb=0; fd=0; fc=0
    for w in $(grep -v '^#' "$PAIRS" | awk '$2 ~ /HMR$/ { print $1 }'); do
        fb=$((fb + $(jget "$w-fermi-sharedtlb" dram.bus_busy_pt) + $(jget "$w-fermi-sharedtlb" dram.bus_busy_data)))
        fc=$((fc + $(jget "$w-fermi-sharedtlb" sim.cycles)))
        fd=$((fd + $(jget "$w-fermi-sharedtlb" dram.bus_busy_pt)))
    done
    echo "DRAM data bus on the Fermi's SharedTLB: $(awk -v b="$fb" -v c="$fc" 'BEGIN { printf "%.1f %%", 100 * b / (c * 924 / 700 * 6) }') of peak busy,"
    echo "translation $(frac "$fd" "$fb") of the busy time (the mask preset: see Figs 8 and 9 above)."
else
    echo "Not run (TABLE4=0)."
fi
} > "$M"

# ---- the figures
for d in $DESIGNS; do
    echo "$d $(mean 5 "$d" sharedtlb 0-HMR) $(mean 5 "$d" sharedtlb 1-HMR) $(mean 5 "$d" sharedtlb 2-HMR) $(mean 5 "$d" sharedtlb all)"
done > "$T/fig11.dat"
grep -v '^#' "$PAIRS" | while read -r w c _; do
    case $c in *HMR) ;; *) continue ;; esac
    printf "%s" "$w"
    for d in static pwcache sharedtlb mask ideal; do printf " %s" "$(awk -v w="$w" -v d="$d" '$1 == w && $3 == d && $4 == "sharedtlb" { print $5 }' "$T/ws.dat")"; done
    echo
done > "$T/fig12-14.dat"
{
plot_style
echo "set output \"$OUT/mask-fig11.png\""
echo "set title \"MASK Fig 11: weighted speedup by category (SharedTLB-alone reference)\""
echo "set ylabel \"weighted speedup\""
echo "plot \"$T/fig11.dat\" using 2:xtic(1) title \"0-HMR\", \"\" using 3 title \"1-HMR\", \"\" using 4 title \"2-HMR\", \"\" using 5 title \"all\""
} > "$T/fig11.gp"
{
plot_style
echo "set terminal pngcairo size 1500,460 noenhanced"
echo "set output \"$OUT/mask-fig12-14.png\""
echo "set title \"MASK Figs 12-14: weighted speedup of each pair (0-, 1-, 2-HMR, left to right)\""
echo "set ylabel \"weighted speedup\""
echo "plot \"$T/fig12-14.dat\" using 2:xtic(1) title \"Static\", \"\" using 3 title \"PWCache\", \"\" using 4 title \"SharedTLB\", \"\" using 5 title \"MASK\", \"\" using 6 title \"Ideal\""
} > "$T/fig12-14.gp"
if command -v gnuplot > /dev/null; then
    gnuplot "$T/fig11.gp" && gnuplot "$T/fig12-14.gp" && echo "mask: wrote $OUT/mask-fig11.png and $OUT/mask-fig12-14.png"
else
    echo "mask: gnuplot not found, no PNGs"
fi
echo "mask: wrote $M"
