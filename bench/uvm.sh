#!/bin/sh
# uvm.sh - reproduce HPCA'16 (Zheng et al., "Towards High Performance Paged Memory for
# GPUs"; docs/papers/paged-memory.md): paged GPU memory with blocking and replayable
# far-faults, demand-prioritized prefetching and oversubscription, on the uvm preset
# (HPCA'16 Table 1) with the paging runtime of sw/uvm as the system's host. Runs each
# workload resident (the kernel time) and under the paper's named configurations (its
# §3.11: BLK(L), RPL(F), PF(policy), BLK_PF, LAT(L), OS(capacity, eviction, prefetch));
# writes bench/results/uvm.md, our numbers beside the paper's, and gnuplot PNGs.
#   sh bench/uvm.sh        (make repro-uvm)
# Environment: XLAT, JOBS (2), SEED (1), REUSE=1 keeps finished runs (bench/lib.sh);
# ENGINE=parallel (SSHLOGIN) or slurm (SBATCH) runs them elsewhere (docs/sweeps.md).
. bench/lib.sh
J=$OUT/uvm-json
results_dir "$J"
need_xlat uvm
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# The workloads: report name | xlat workload | its arguments | over 32 MB (Figs 9-10's set).
# Each runs at its generator's default size (its footprint: build/xlat list), except NW at
# N = 2048 (two 2049^2 int arrays are 32 MiB, just over HPCA'16's 32 MB line that NW
# crosses; Rodinia's 3 buffers here: 50 MB), XSBench at
# the 144 MB slot (workload.xsb_gridpts=6456; HPCA'16's footprints reach 144 MB), and spmv
# at 10 of Parboil's 50 launches (--scale 0.2: the same window as CoMD's and CNS's 2
# timesteps and miniFE's 2 iterations; all 50 take 40 s a run, 6 minutes of the report).
apps() {
    cat <<'EOF2'
backprop|backprop||y
hotspot|hotspot||n
sad|sad||y
sten|3ds||y
sgemm|sgemm||n
comd|comd||n
minife|minife||y
pathfinder|pathfinder||y
spmv|spmv|--scale 0.2|n
cns|cns||y
nw|nw|--set workload.nw_n=2048|y
xsbench|xsbench|--set workload.xsb_gridpts=6456|y
EOF2
}

# The configurations: run suffix | label | arguments (on the uvm preset). "res" is the
# resident run (no paging): the kernel time of the legacy baseline.
designs() {
    cat <<'EOF2'
res|resident|--set paging.mode=off
blk5|BLK(5 us)|--set paging.mode=blocking --set uvm.engine=drain --set uvm.fault_ns=5000
blk10|BLK(10 us)|--set paging.mode=blocking --set uvm.engine=drain --set uvm.fault_ns=10000
blk20|BLK(20 us)|--set paging.mode=blocking --set uvm.engine=drain --set uvm.fault_ns=20000
blk40|BLK(40 us)|--set paging.mode=blocking --set uvm.engine=drain --set uvm.fault_ns=40000
rpl1|RPL(1)|--set paging.mode=replay --set uvm.engine=drain --set paging.ff_per_cu=1
rpl2|RPL(2)|--set paging.mode=replay --set uvm.engine=drain --set paging.ff_per_cu=2
rpl4|RPL(4)|--set paging.mode=replay --set uvm.engine=drain --set paging.ff_per_cu=4
rpl8|RPL(8)|--set paging.mode=replay --set uvm.engine=drain --set paging.ff_per_cu=8
rpl16|RPL(16)|--set paging.mode=replay --set uvm.engine=drain --set paging.ff_per_cu=16
pfnone|sets, no prefetch|--set paging.mode=replay --set uvm.prefetch=none
pfrand|PF(random)|--set paging.mode=replay --set uvm.prefetch=random
pfseq|PF(sequential)|--set paging.mode=replay --set uvm.prefetch=sequential
pfloc|PF(locality)|--set paging.mode=replay --set uvm.prefetch=locality
pforc|PF(oracle)|--set paging.mode=replay --set uvm.prefetch=oracle
blkpf|BLK_PF|--set paging.mode=blocking --set uvm.prefetch=locality
lat30|LAT(30 us)|--set paging.mode=replay --set uvm.prefetch=locality --set uvm.fault_ns=30000
lat40|LAT(40 us)|--set paging.mode=replay --set uvm.prefetch=locality --set uvm.fault_ns=40000
EOF2
}
# Oversubscription, the workloads over 32 MB only (HPCA'16 §5): after the oracle warm-up,
# eviction random or LRU, with no prefetch or the locality window (Fig 9, 50 %), and the
# capacity sweep under LRU with the window (Fig 10).
osdesigns() {
    cat <<'EOF2'
os50rn|OS(50 %, random, on demand)|--set paging.mode=replay --set uvm.capacity_pct=50 --set uvm.evict=random --set uvm.oversub_prefetch=none
os50ln|OS(50 %, LRU, on demand)|--set paging.mode=replay --set uvm.capacity_pct=50 --set uvm.evict=lru --set uvm.oversub_prefetch=none
os50rp|OS(50 %, random, prefetch)|--set paging.mode=replay --set uvm.capacity_pct=50 --set uvm.evict=random --set uvm.oversub_prefetch=locality
os50lp|OS(50 %, LRU, prefetch)|--set paging.mode=replay --set uvm.capacity_pct=50 --set uvm.evict=lru --set uvm.oversub_prefetch=locality
os95|OS(95 %, LRU, prefetch)|--set paging.mode=replay --set uvm.capacity_pct=95 --set uvm.evict=lru --set uvm.oversub_prefetch=locality
os75|OS(75 %, LRU, prefetch)|--set paging.mode=replay --set uvm.capacity_pct=75 --set uvm.evict=lru --set uvm.oversub_prefetch=locality
os25|OS(25 %, LRU, prefetch)|--set paging.mode=replay --set uvm.capacity_pct=25 --set uvm.evict=lru --set uvm.oversub_prefetch=locality
EOF2
}

apps > "$T/apps"
designs > "$T/designs"
osdesigns > "$T/os"
: > "$T/jobs"
while IFS='|' read -r name wl args big; do
    while IFS='|' read -r suf label dargs; do
        echo "$name-$suf --preset uvm --workload $wl $args $dargs" >> "$T/jobs"
    done < "$T/designs"
    [ "$big" = y ] || continue
    while IFS='|' read -r suf label dargs; do
        echo "$name-$suf --preset uvm --workload $wl $args $dargs" >> "$T/jobs"
    done < "$T/os"
done < "$T/apps"
n=$(wc -l < "$T/jobs")
start=$(date +%s)
echo "uvm: $n runs, $JOBS at a time"
if [ "${ENGINE:-local}" != local ]; then   # elsewhere: bench/lib.sh run_jobs_on, docs/sweeps.md
    while read -r name rest; do [ -s "$J/$name.json" ] || echo "  done $name"; done < "$T/jobs" > "$T/done"
    run_jobs_on "$T/jobs" "$J" 1 "$SEED" "$JOBS" || exit 1   # each job's own --scale comes later and wins
else
# shellcheck disable=SC2016
xargs -P "$JOBS" -L 1 sh -c 'f='"$J"'/$0.json; [ -s "$f" ] && exit 0; '"$XLAT"' run --quiet --seed '"$SEED"' --json "$f" "$@" > /dev/null || { echo "run $0 failed"; exit 255; }; echo "  done $0"' < "$T/jobs" | tee "$T/done" || exit 1
fi
while read -r name rest; do   # the pipe hides xargs' status: every run must have its results
    [ -s "$J/$name.json" ] || { echo "uvm: run $name has no results"; exit 1; }
done < "$T/jobs"
end=$(date +%s)
k=$(grep -c '^  done ' "$T/done")

# ------------------------------------------------------------------ helpers
v() { jget "$1" "$2"; }
cyc() { v "$1" sim.cycles; }
copy() { v "$1-pfloc" uvm.copy_cycles; }                 # the legacy copy (footprint x page)
legacy() { echo "$(copy "$1") $(cyc "$1-res")" | awk '{ print $1 + $2 }'; }
ideal() { echo "$(copy "$1") $(cyc "$1-res")" | awk '{ print ($1 > $2) ? $1 : $2 }'; }
norm() { ratio "$(cyc "$2-$1")" "$(legacy "$2")"; }       # design $1 on app $2, against legacy
names() { cut -d'|' -f1 "$T/apps"; }
bigs() { awk -F'|' '$4 == "y" { print $1 }' "$T/apps"; }
col() { for a in $(names); do norm "$1" "$a"; echo; done | grep -v '^$' | geo; }
amean() { awk '$1 != "-" { s += $1; n++ } END { if (n) printf "%.3f", s / n; else print "-" }'; }
f2() { awk -v x="$1" 'BEGIN { if (x == "-" || x == "") print "-"; else printf "%.2f", x }'; }
chk() { if [ "$3" = 1 ]; then echo "| $1 | $2 | yes |"; else echo "| $1 | $2 | **no** |"; fi; }
tst() { awk "BEGIN { print (($*) ? 1 : 0) }" 2> /dev/null || echo 0; }   # an expression of numbers

R=$OUT/uvm.md
{
echo "# HPCA'16 paged GPU memory: far-faults, prefetching, oversubscription"
echo
echo "Produced by \`make repro-uvm\` (bench/uvm.sh) on $(date -u +%Y-%m-%d), commit"
echo "$(git rev-parse --short HEAD 2>/dev/null || echo unknown); $n runs ($k run now, the rest reused: REUSE=1), $JOBS at a time, in $((end - start)) s."
echo "Every run is the uvm preset (configs/uvm.ini: HPCA'16 Table 1's GPU at 1.4 GHz) plus the"
echo "arguments of its configuration; paged runs have the paging runtime of sw/uvm as the"
echo "system's host (20 us far-faults, a 4 KB page in 250 ns on the link, 80-page sets every"
echo "20 us unless the configuration says otherwise). Legacy = the bulk copy of the footprint"
echo "(pages x 350 cycles) + the resident run; ideal overlap = the larger of the two (HPCA'16"
echo "§2.8). The paper's numbers are from its text (docs/papers/paged-memory.md)."
echo
echo "## Fig 2: copy against kernel time"
echo
echo "| workload | footprint (pages) | copy (cycles) | kernel, resident (cycles) | kernel / copy | overlap gain 1 - ideal / legacy |"
echo "|---|---:|---:|---:|---:|---:|"
for a in $(names); do
    c=$(copy "$a"); r=$(cyc "$a-res")
    echo "| $a | $(v "$a-pfloc" uvm.footprint_pages) | $c | $r | $(ratio "$r" "$c") | $(awk -v c="$c" -v r="$r" 'BEGIN { i = (c > r) ? c : r; printf "%.0f %%", (1 - i / (c + r)) * 100 }') |"
done
echo
echo "The paper: transfer dominates for half of its 16 workloads; the most balanced gains 49 %."
echo
echo "## Figs 3, 5, 7: runtime against legacy (lower is better)"
echo
hdr="| workload"; sep="|---"
while IFS='|' read -r suf label dargs; do
    [ "$suf" = res ] && continue
    hdr="$hdr | $label"; sep="$sep|---:"
done < "$T/designs"
echo "$hdr | ideal |"; echo "$sep|---:|"
for a in $(names); do
    row="| $a"
    while IFS='|' read -r suf label dargs; do
        [ "$suf" = res ] && continue
        row="$row | $(f2 "$(norm "$suf" "$a")")"
    done < "$T/designs"
    echo "$row | $(f2 "$(ratio "$(ideal "$a")" "$(legacy "$a")")") |"
done
row="| geomean"
while IFS='|' read -r suf label dargs; do
    [ "$suf" = res ] && continue
    row="$row | $(f2 "$(col "$suf")")"
done < "$T/designs"
echo "$row | $(f2 "$(for a in $(names); do ratio "$(ideal "$a")" "$(legacy "$a")"; echo; done | grep -v '^$' | geo)") |"
echo
echo "The paper: BLK(20 us) about 6x slower on average (up to 15x), BLK(5 us) nearly 2x;"
echo "RPL(1) 3.6x falling to about 2x by 4 to 16 far-faults per CU; PF(locality) 0.88, within"
echo "3 % of the oracle, every prefetcher below legacy; BLK_PF 1.05; the ideal overlap within"
echo "15 % of PF(locality); LAT(40 us) only 4 % slower than 20 us."
echo
echo "## Fig 6: link use without prefetch (RPL(16))"
echo
echo "| workload | H2D busy / runtime |"
echo "|---|---:|"
for a in $(names); do
    echo "| $a | $(awk -v b="$(v "$a-rpl16" uvm.h2d_busy)" -v c="$(cyc "$a-rpl16")" 'BEGIN { printf "%.0f %%", b / c * 100 }') |"
done
echo
echo "The paper: 25 % on average; only a few workloads ever saturate the link."
echo
echo "## Figs 9-10: oversubscription (runtime against the same workload fitting, PF(locality))"
echo
echo "| workload | random, on demand | LRU, on demand | random, prefetch | LRU, prefetch | 95 % | 75 % | 25 % | evictions (50 %, LRU, prefetch) |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for a in $(bigs); do
    fit=$(cyc "$a-pfloc")
    echo "| $a | $(f2 "$(ratio "$(cyc "$a-os50rn")" "$fit")") | $(f2 "$(ratio "$(cyc "$a-os50ln")" "$fit")") | $(f2 "$(ratio "$(cyc "$a-os50rp")" "$fit")") | $(f2 "$(ratio "$(cyc "$a-os50lp")" "$fit")") | $(f2 "$(ratio "$(cyc "$a-os95")" "$fit")") | $(f2 "$(ratio "$(cyc "$a-os75")" "$fit")") | $(f2 "$(ratio "$(cyc "$a-os25")" "$fit")") | $(v "$a-os50lp" uvm.evictions) |"
done
echo
echo "The paper (50 %): random eviction 3.9x slower than fitting on demand, 2.5x with the"
echo "prefetch; LRU and random close except XSBench (LRU nearly 7x better); backprop, miniFE"
echo "and hotspot lose little at 50 %; 0-60x over 95-25 %."
echo
echo "## Targets: A1-A8 and the headline numbers H11, H13"
echo
echo "Averages are geomeans: over the $(names | wc -l) workloads for Figs 3-8, over the $(bigs | wc -l) over 32 MB"
echo "for Figs 9-10. The targets and their bands: docs/papers/paged-memory.md \"Results\"; the paper's value in brackets."
echo
echo "| target | ours | holds |"
echo "|---|---|---|"
b5=$(col blk5); b10=$(col blk10); b20=$(col blk20); b40=$(col blk40)
chk "A1 BLK(L) rises with L" "$(f2 "$b5"), $(f2 "$b10"), $(f2 "$b20"), $(f2 "$b40")" "$(tst "$b5 < $b10 && $b10 < $b20 && $b20 < $b40")"
chk "A1 BLK(20 us) at least 4x legacy [6x]" "$(f2 "$b20")" "$(tst "$b20 >= 4")"
chk "A1 BLK(5 us) 1.5-2.5x legacy [nearly 2x]" "$(f2 "$b5")" "$(tst "$b5 >= 1.5 && $b5 <= 2.5")"
r1=$(col rpl1); r2=$(col rpl2); r4=$(col rpl4); r8=$(col rpl8); r16=$(col rpl16)
chk "A2 RPL(F) falls with F" "$(f2 "$r1"), $(f2 "$r2"), $(f2 "$r4"), $(f2 "$r8"), $(f2 "$r16")" "$(tst "$r1 >= $r2 && $r2 >= $r4 && $r4 >= $r8 && $r8 >= $r16")"
chk "A2 flat by F = 4-8: RPL(8) within 10 % of RPL(16)" "$(f2 "$(ratio "$r8" "$r16")")" "$(tst "$r8 <= 1.1 * $r16")"
chk "A2 RPL(1) / RPL(16) 1.6-2.0 [3.6 / 2]" "$(f2 "$(ratio "$r1" "$r16")")" "$(tst "$r1 >= 1.6 * $r16 && $r1 <= 2.0 * $r16")"
for a in nw sgemm; do
    q=$(ratio "$(cyc "$a-rpl1")" "$(cyc "$a-rpl16")")
    chk "A2 $a insensitive to F: RPL(1) / RPL(16) within 10 %" "$(f2 "$q")" "$(tst "$q <= 1.1")"
done
u=$(for a in $(names); do awk -v b="$(v "$a-rpl16" uvm.h2d_busy)" -v c="$(cyc "$a-rpl16")" 'BEGIN { print b / c }'; done | amean)
chk "A3 RPL(16) mean H2D use 15-35 % [25 %]" "$(awk -v u="$u" 'BEGIN { printf "%.0f %%", u * 100 }')" "$(tst "$u >= 0.15 && $u <= 0.35")"
pr=$(col pfrand); ps=$(col pfseq); pl=$(col pfloc); po=$(col pforc)
chk "A4 oracle <= locality <= sequential <= random" "$(f2 "$po"), $(f2 "$pl"), $(f2 "$ps"), $(f2 "$pr")" "$(tst "$po <= $pl && $pl <= $ps && $ps <= $pr")"
chk "A4 locality within 5 % of oracle [3 %]" "$(f2 "$(ratio "$pl" "$po")")" "$(tst "$pl <= 1.05 * $po")"
chk "A4 every prefetcher below legacy" "worst $(f2 "$pr")" "$(tst "$pr < 1 && $ps < 1 && $pl < 1 && $po < 1")"
chk "A4 PF(locality) 0.85-0.92 [0.88]" "$(f2 "$pl")" "$(tst "$pl >= 0.85 && $pl <= 0.92")"
chk "A4 worst / best prefetcher 1.05-1.15 [1.11]" "$(f2 "$(ratio "$pr" "$po")")" "$(tst "$pr >= 1.05 * $po && $pr <= 1.15 * $po")"
bp=$(col blkpf)
chk "A5 BLK_PF 1.0-1.1 [1.05]" "$(f2 "$bp")" "$(tst "$bp >= 1.0 && $bp <= 1.1")"
chk "A5 PF(locality) < BLK_PF < RPL(16)" "$(f2 "$pl"), $(f2 "$bp"), $(f2 "$r16")" "$(tst "$pl < $bp && $bp < $r16")"
l40=$(col lat40)
chk "A6 LAT(40 us) / LAT(20 us) at most 1.08 [1.04]" "$(f2 "$(ratio "$l40" "$pl")")" "$(tst "$l40 <= 1.08 * $pl")"
id=$(for a in $(names); do ratio "$(ideal "$a")" "$(legacy "$a")"; echo; done | grep -v '^$' | geo)
chk "H11 PF(locality) within 15 % of the ideal overlap" "$(f2 "$(ratio "$pl" "$id")")" "$(tst "$pl <= 1.15 * $id")"
nh=$(names | wc -l)
h5=$(for a in $(names); do [ "$(tst "$(norm rpl16 "$a") >= 2 && $(norm rpl16 "$a") <= 7")" = 1 ] && echo "$a"; done | wc -l)
chk "H5 RPL(16) still 2-7x for about half the workloads (half, +-1)" "$h5 of $nh" "$(tst "2 * $h5 >= $nh - 2 && 2 * $h5 <= $nh + 2")"
h17=$(for a in $(names); do [ "$(tst "$(copy "$a") > $(cyc "$a-res")")" = 1 ] && echo "$a"; done | wc -l)
chk "H17 the copy outweighs the kernel for about half the workloads (half, +-1)" "$h17 of $nh" "$(tst "2 * $h17 >= $nh - 2 && 2 * $h17 <= $nh + 2")"
g17=$(for a in $(names); do awk -v c="$(copy "$a")" -v r="$(cyc "$a-res")" 'BEGIN { i = (c > r) ? c : r; print 1 - i / (c + r) }'; done | sort -n | tail -n 1)
chk "H17 the most balanced workload gains at least 40 % from ideal overlap [49 %]" "$(awk -v g="$g17" 'BEGIN { printf "%.0f %%", g * 100 }')" "$(tst "$g17 >= 0.40")"
h13=$(for a in $(names); do ratio "$(cyc "$a-rpl16")" "$(cyc "$a-pforc")"; echo; done | grep -v '^$' | sort -n | tail -n 1)
chk "H13 the oracle over 10x better than RPL(16) for some workload" "largest $(f2 "$h13")" "$(tst "$h13 > 10")"
bad=0
for a in $(names); do
    i=$(ideal "$a")
    while IFS='|' read -r suf label dargs; do
        [ "$suf" = res ] && continue
        [ "$(tst "$(cyc "$a-$suf") < $i")" = 1 ] && bad=$((bad + 1))
    done < "$T/designs"
done
chk "no paged run beats the ideal overlap (§2.8)" "$bad runs below it" "$(tst "$bad == 0")"
og() { for a in $(bigs); do ratio "$(cyc "$a-$1")" "$(cyc "$a-pfloc")"; echo; done | grep -v '^$' | geo; }
rn=$(og os50rn); ln=$(og os50ln); rp=$(og os50rp); lp=$(og os50lp)
chk "A7 50 %: random with prefetch beats random on demand [2.5 vs 3.9]" "$(f2 "$rp") vs $(f2 "$rn")" "$(tst "$rp < $rn")"
chk "A7 50 %: LRU beats random, on demand" "$(f2 "$ln") vs $(f2 "$rn")" "$(tst "$ln < $rn")"
xq=$(ratio "$(cyc xsbench-os50rn)" "$(cyc xsbench-os50ln)")
chk "A7 xsbench: LRU at least 3x better than random, on demand [nearly 7x]" "$(f2 "$xq")" "$(tst "$xq >= 3")"
for a in xsbench nw; do
    chk "A7 $a worse with prefetch under random eviction" "$(f2 "$(ratio "$(cyc "$a-os50rp")" "$(cyc "$a-pfloc")")") vs $(f2 "$(ratio "$(cyc "$a-os50rn")" "$(cyc "$a-pfloc")")")" "$(tst "$(cyc "$a-os50rp") > $(cyc "$a-os50rn")")"
done
chk "A7 LRU with prefetch the best average" "$(f2 "$lp")" "$(tst "$lp <= $rn && $lp <= $ln && $lp <= $rp")"
nm=""
for a in $(bigs); do
    [ "$(tst "$(cyc "$a-os95") <= $(cyc "$a-os75") && $(cyc "$a-os75") <= $(cyc "$a-os50lp") && $(cyc "$a-os50lp") <= $(cyc "$a-os25")")" = 1 ] || nm="$nm $a"
done
chk "A8 slowdown rises as less fits (95, 75, 50, 25 %), every workload" "${nm:+not:}${nm:-all}" "$([ -z "$nm" ] && echo 1 || echo 0)"
sm=$(for a in backprop minife; do ratio "$(cyc "$a-os50lp")" "$(cyc "$a-pfloc")"; echo; done | sort -n | tail -n 1)
chk "A8 streaming backprop and minife at most about 1.5x at 50 %" "worst $(f2 "$sm")" "$(tst "$sm <= 1.5")"
m25=$(for a in $(bigs); do ratio "$(cyc "$a-os25")" "$(cyc "$a-pfloc")"; echo; done | sort -n | tail -n 1)
chk "A8 some workload over 10x at 25 % [0-60x over the sweep]" "largest $(f2 "$m25")" "$(tst "$m25 > 10")"
echo
echo "What the misses mean, with the evidence: docs/papers/paged-memory.md \"Results\"."
} > "$R"
echo "uvm: wrote $R"

# ------------------------------------------------------------------ figures
fig() {   # fig FILE SUFFIX... : one line per workload, its runs' normalized runtimes
    f=$1; shift
    for a in $(names); do
        row=$a
        for suf in "$@"; do row="$row $(norm "$suf" "$a")"; done
        echo "$row"
    done | sed 's/ - / 0 /g; s/ -$/ 0/' > "$T/$f.dat"
}
fig fig3 blk5 blk10 blk20 blk40
fig fig5 rpl1 rpl2 rpl4 rpl8 rpl16
for a in $(names); do
    echo "$a 1 $(ratio "$(cyc "$a-lat30")" "$(cyc "$a-pfloc")") $(ratio "$(cyc "$a-lat40")" "$(cyc "$a-pfloc")")"
done > "$T/fig8.dat"
for a in $(names); do
    echo "$a $(norm pfnone "$a") $(norm pfrand "$a") $(norm pfseq "$a") $(norm pfloc "$a") $(norm pforc "$a") $(ratio "$(ideal "$a")" "$(legacy "$a")")"
done > "$T/fig7.dat"
for a in $(names); do
    echo "$a $(awk -v b="$(v "$a-rpl16" uvm.h2d_busy)" -v c="$(cyc "$a-rpl16")" 'BEGIN { print b / c * 100 }')"
done > "$T/fig6.dat"
for a in $(bigs); do
    fit=$(cyc "$a-pfloc")
    echo "$a $(ratio "$(cyc "$a-os50rn")" "$fit") $(ratio "$(cyc "$a-os50ln")" "$fit") $(ratio "$(cyc "$a-os50rp")" "$fit") $(ratio "$(cyc "$a-os50lp")" "$fit")" >> "$T/fig9.dat"
    echo "$a $(ratio "$(cyc "$a-os95")" "$fit") $(ratio "$(cyc "$a-os75")" "$fit") $(ratio "$(cyc "$a-os50lp")" "$fit") $(ratio "$(cyc "$a-os25")" "$fit")" >> "$T/fig10.dat"
done
{
    plot_style
    echo "set key above horizontal"
    echo "set logscale y"
    echo "set yrange [0.1:*]"
    echo "set ylabel 'runtime / legacy'"
    echo "set output '$OUT/uvm-fig3.png'"
    echo "set title 'HPCA16 Fig 3: blocking far-faults against legacy, by fault latency (bench/uvm.sh)'"
    echo "plot '$T/fig3.dat' using 2:xtic(1) title '5 us', '' using 3 title '10 us', '' using 4 title '20 us', '' using 5 title '40 us'"
    echo "set output '$OUT/uvm-fig5.png'"
    echo "set title 'HPCA16 Fig 5: replayable far-faults against legacy, by far-faults per CU (bench/uvm.sh)'"
    echo "plot '$T/fig5.dat' using 2:xtic(1) title 'F=1', '' using 3 title '2', '' using 4 title '4', '' using 5 title '8', '' using 6 title '16'"
    echo "set output '$OUT/uvm-fig7.png'"
    echo "set title 'HPCA16 Fig 7: prefetchers against legacy (bench/uvm.sh)'"
    echo "plot '$T/fig7.dat' using 2:xtic(1) title 'no prefetch', '' using 3 title 'random', '' using 4 title 'sequential', '' using 5 title 'locality', '' using 6 title 'oracle', '' using 7 title 'ideal overlap'"
    echo "set ylabel 'runtime / fitting, PF(locality)'"
    echo "set yrange [0.5:*]"
    echo "set output '$OUT/uvm-fig9.png'"
    echo "set title 'HPCA16 Fig 9: half the footprint fits (bench/uvm.sh)'"
    echo "plot '$T/fig9.dat' using 2:xtic(1) title 'random, on demand', '' using 3 title 'LRU, on demand', '' using 4 title 'random, prefetch', '' using 5 title 'LRU, prefetch'"
    echo "set output '$OUT/uvm-fig10.png'"
    echo "set title 'HPCA16 Fig 10: the part of the footprint that fits, LRU with prefetch (bench/uvm.sh)'"
    echo "plot '$T/fig10.dat' using 2:xtic(1) title '95 %', '' using 3 title '75 %', '' using 4 title '50 %', '' using 5 title '25 %'"
    echo "unset logscale y"
    echo "set yrange [0.9:1.15]"
    echo "set ylabel 'runtime / runtime at 20 us'"
    echo "set output '$OUT/uvm-fig8.png'"
    echo "set title 'HPCA16 Fig 8: far-fault latency under PF(locality) with replay (bench/uvm.sh)'"
    echo "plot '$T/fig8.dat' using 2:xtic(1) title '20 us', '' using 3 title '30 us', '' using 4 title '40 us'"
    echo "set yrange [0:100]"
    echo "set ylabel 'H2D busy, % of the run'"
    echo "set output '$OUT/uvm-fig6.png'"
    echo "set title 'HPCA16 Fig 6: link use with replayable faults, no prefetch, F=16 (bench/uvm.sh)'"
    echo "plot '$T/fig6.dat' using 2:xtic(1) notitle"
} > "$T/figs.gp"
if command -v gnuplot > /dev/null; then
    gnuplot "$T/figs.gp" && echo "uvm: wrote $OUT/uvm-fig3.png, uvm-fig5.png, uvm-fig6.png, uvm-fig7.png, uvm-fig8.png, uvm-fig9.png and uvm-fig10.png"
else
    echo "uvm: gnuplot not found, no PNGs"
fi
