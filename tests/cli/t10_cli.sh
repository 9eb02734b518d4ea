#!/bin/sh
# t10_cli.sh XLAT - area 10: the command line. Bad input gives exactly one line on
# stderr, nothing on stdout, exit status 2, and loses nothing; good runs write results.
# Prints "ok - ..." / "not ok - ..." per check (counted by tests/run.sh).
X=${1:-build/xlat}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
SCALE=0.0005   # tiny runs: these tests check behaviour, not numbers

AREA=10
. "$(dirname "$0")/../lib/cli.sh"


# --- 10.01-10.05: commands and options
"$X" --help > "$T/out" 2>&1 && grep -q "usage: xlat" "$T/out" && ok "10.01 --help exits 0 with usage" || no "10.01 --help"
"$X" > /dev/null 2>&1; [ $? = 2 ] && ok "10.02 no command exits 2" || no "10.02 no command exits 2"
bad "03 unknown command" "unknown command 'frobnicate'" frobnicate
bad "04 unknown option" "unknown option '--frob'" run --workload mvt --frob
bad "05 option without value" "--seed needs a value" run --workload mvt --seed

# --- 10.06-10.09: workloads and presets
bad "06 run without workload" "needs --workload" run
bad "07 unknown workload" "unknown workload 'nosuch'" run --workload nosuch
bad "08 unknown preset" "nosuch" run --workload mvt --preset nosuch
"$X" list > "$T/out" 2>&1
ok_list=1
for w in mvt atax bicg gesummv xsbench nw isca18 micro18; do grep -q "^  $w " "$T/out" || ok_list=0; done
[ $ok_list = 1 ] && ok "10.09 list shows the six workloads and the isca18 and micro18 presets" || no "10.09 list"

# --- 10.10-10.16: configuration errors name file, line and key
printf '[l1tlb]\nentries = 32\nfoo = 3\n' > "$T/unk.ini"
bad "10 unknown key names file:line:key" "unk.ini:3.*foo" run --workload mvt --config "$T/unk.ini"
printf '[l1tlb]\nentries = many\n' > "$T/val.ini"
bad "11 malformed value names file:line" "val.ini:2.*entries" run --workload mvt --config "$T/val.ini"
bad "12 missing config file" "$T/none.ini" run --workload mvt --config "$T/none.ini"
printf '[nosection]\nx = 1\n' > "$T/sec.ini"
bad "13 unknown section" "sec.ini:1" run --workload mvt --config "$T/sec.ini"
bad "14 --set without =" "l1tlb.entries" run --workload mvt --set l1tlb.entries
bad "15 --set unknown key" "l1tlb.bogus" run --workload mvt --set l1tlb.bogus=1
bad "16 --set bad enum" "iommu.sched" run --workload mvt --set iommu.sched=sjf

# --- 10.17-10.21: impossible geometry
bad "17 zero ways" "l2tlb" run --workload mvt --set l2tlb.ways=0
bad "18 sets not a power of two" "l2tlb" run --workload mvt --set l2tlb.entries=384
bad "19 zero-entry buffer" "iommu.buffer_entries" run --workload mvt --set iommu.buffer_entries=0
bad "20 lanes not a multiple of SIMD width" "wave_lanes" run --workload mvt --set gpu.wave_lanes=20
bad "21 PWC sets not a power of two" "pwc" run --workload mvt --set pwc.l2_entries=24

# --- 10.22-10.24: scale and seed
bad "22 scale zero" "scale" run --workload mvt --scale 0
bad "23 scale not a number" "scale" run --workload mvt --scale fast
bad "24 negative seed" "seed" run --workload mvt --seed -1

# --- 10.25-10.26: results files: bad path fails before running; nothing is lost
bad "25 unwritable json" "$T/no/dir/r.json" run --workload mvt --scale $SCALE --json "$T/no/dir/r.json"
echo keep > "$T/keep.json"
"$X" run --workload nosuch --json "$T/keep.json" > /dev/null 2>&1
[ "$(cat "$T/keep.json")" = keep ] && ok "10.26 a failed run leaves an existing results file intact" || no "10.26 results file clobbered"

# --- 10.27-10.31: good runs
if "$X" run --workload mvt --scale $SCALE --seed 7 --json "$T/a.json" > "$T/out" 2> "$T/err"; then
    ok "10.27 run mvt exits 0"
else
    no "10.27 run mvt failed: $(head -c 300 "$T/err")"
fi
miss=0
for k in '"config"' '"workload": "mvt"' '"seed": 7' '"stats"' '"l1tlb.misses"' '"l2tlb.misses"' \
         '"iommu.walks"' '"iommu.walk_mem_reads"' '"iommu.walk_mem_reads_leaf"' \
         '"iommu.walk_mem_reads_upper"' '"sched": "fcfs"'; do
    grep -q "$k" "$T/a.json" 2>/dev/null || { miss=1; echo "# missing $k"; }
done
[ $miss = 0 ] && ok "10.28 results JSON has config, workload, seed and the named counters" || no "10.28 results JSON incomplete"
grep -q "^\[l2tlb\]" "$T/out" && grep -q "seed 7" "$T/out" && ok "10.29 run prints the effective config and the seed" || no "10.29 run output"
"$X" run --workload atx --scale $SCALE --seed 7 --quiet > "$T/out" 2>&1 && grep -q "run of atax" "$T/out" \
    && ok "10.30 alias atx runs atax" || no "10.30 alias atx"
"$X" config --set l2tlb.entries=1024 > "$T/out" 2>&1 && sed -n '/^\[l2tlb\]/,/^\[/p' "$T/out" | grep -q "^entries *= *1024" \
    && ok "10.31 config shows a --set override" || no "10.31 config --set"
"$X" run --workload mvt --scale $SCALE --seed 7 --json "$T/b.json" > /dev/null 2>&1
cmp -s "$T/a.json" "$T/b.json" && ok "10.32 same seed, same results JSON" || no "10.32 results differ between identical runs"
"$X" run --workload xsbench --scale $SCALE --set workload.min_rounds=0 --seed 8 --json "$T/c.json" > /dev/null 2>&1
"$X" run --workload xsbench --scale $SCALE --set workload.min_rounds=0 --seed 9 --json "$T/d.json" > /dev/null 2>&1
sed 1,/stats/d "$T/c.json" > "$T/c.s"; sed 1,/stats/d "$T/d.json" > "$T/d.s"
cmp -s "$T/c.s" "$T/d.s" && no "10.33 xsbench stats identical across seeds 8 and 9" || ok "10.33 the seed changes xsbench's random lookups"

# --- 10.34-10.42: the cycle-level model's options, sweep and compare
bad "34 unknown model" "--model 'fast'" run --workload mvt --model fast
bad "35 events need the cycle model" "--events needs the cycle-level model" run --workload mvt --model functional --events "$T/ev.txt"
bad "36 sweep without key" "sweep needs --key" sweep --values fcfs,simt
bad "37 sweep bad value checked before running" "iommu.sched" sweep --key iommu.sched --values fcfs,bogus --workloads mvt --scale $SCALE
bad "38 compare needs two files" "two or more" compare "$T/a.json"
bad "39 compare missing file" "$T/none.json" compare "$T/a.json" "$T/none.json"
if "$X" run --workload gesummv --scale $SCALE --events "$T/ev.txt" --quiet > /dev/null 2>&1 &&
   grep -q " DISPATCH walker=" "$T/ev.txt" && grep -q " COMPLETE walker=" "$T/ev.txt" && grep -q " MEM_REQ walker=" "$T/ev.txt"; then
    ok "10.40 --events writes DISPATCH, MEM_REQ and COMPLETE lines"
else
    no "10.40 --events log incomplete"
fi
"$X" run --workload mvt --scale $SCALE --seed 7 --set iommu.sched=simt --json "$T/s.json" > /dev/null 2>&1
if "$X" compare "$T/a.json" "$T/s.json" > "$T/out" 2>&1 && grep -q "speedup" "$T/out" && grep -q "1.000x" "$T/out"; then
    ok "10.41 compare prints a speedup table with the baseline at 1.000x"
else
    no "10.41 compare: $(head -c 300 "$T/out")"
fi
if "$X" sweep --key iommu.sched --values fcfs,simt --workloads mvt,kmeans --scale $SCALE --set workload.min_rounds=0 > "$T/out" 2>/dev/null &&
   grep -q "^geomean   irregular" "$T/out" && grep -q "^kmeans " "$T/out"; then
    ok "10.42 sweep prints per-workload speedups and class geomeans"
else
    no "10.42 sweep output: $(head -c 300 "$T/out")"
fi

# --- 10.43-10.47: workload parameters ([workload]): bad values and bad graph files stop the
# run with one line naming what is wrong; a real graph file runs
bad "43 work-group not a power of two" "workload.pb_wg_items (48) must be a power of two" run --workload mvt --set workload.pb_wg_items=48
bad "44 NW tile width" "workload.nw_block (32) must be 16 or 64" run --workload nw --set workload.nw_block=32
bad "45 missing graph file" "$T/none.gr" run --workload sssp --scale $SCALE --set "workload.graph_file=$T/none.gr"
printf 'p sp 3 2\na 1 2 5\na 2 9 5\n' > "$T/bad.gr"   # line 3: node 9 > 3
bad "46 graph file: node out of range names its line" "bad.gr' line 3: head 9 out of range" run --workload sssp --scale $SCALE --set "workload.graph_file=$T/bad.gr"
if "$X" run --workload sssp --set workload.graph_file=tests/data/graphs/tiny.gr --json "$T/g.json" > /dev/null 2> "$T/err" &&
   grep -q '"graph_file": "tests/data/graphs/tiny.gr"' "$T/g.json"; then
    ok "10.47 sssp runs on a DIMACS graph file and records it in the results' config"
else
    no "10.47 sssp on tests/data/graphs/tiny.gr: $(head -c 300 "$T/err")"
fi

# --- 10.48-10.49: an output path that is not a regular file is written in place, never
# replaced (renaming over a device such as /dev/null destroys it as root). Only nodes made
# in this test's own directory are used: a test never touches the machine's special files.
printf 'old\n' > "$T/real.json"
ln -s real.json "$T/link.json"
if "$X" run --workload mvt --scale $SCALE --json "$T/link.json" > /dev/null 2>&1 &&
   [ -L "$T/link.json" ] && grep -q '"stats"' "$T/real.json" && [ ! -e "$T/link.json.tmp" ]; then
    ok "10.48 --json through a symbolic link writes its target and keeps the link"
else
    no "10.48 --json replaced or missed the link"
fi
if [ "$(id -u)" = 0 ] && mknod "$T/null" c 1 3 2> /dev/null; then
    if "$X" run --workload mvt --scale $SCALE --json "$T/null" --events "$T/null" > /dev/null 2>&1 &&
       [ -c "$T/null" ]; then
        ok "10.49 --json and --events to a character device (a null node of the test's own) keep it a device"
    else
        no "10.49 a character device given as output was replaced"
    fi
else
    ok "10.49 skipped: making a device node needs root"
fi

# --- 10.50: a scaled run keeps workload.min_rounds rounds of the resident wavefronts. On a
# GPU of 1 CU x 4 SIMDs x 1 slot (4 resident waves), XSBench at scale 0.0005 is
# ceil(131.072) = 132 lookups = 3 waves as a plain fraction, and 12 rounds x 4 = 48 waves
# (12 work-groups of 4) under the default of 12 rounds.
wf() { "$X" run --workload xsbench --scale 0.0005 --model functional --quiet --set gpu.cus=1 \
       --set gpu.waves_per_simd=1 "$@" 2>&1 | awk '$1 == "func.wavefronts" { print $2 }'; }
a=$(wf); b=$(wf --set workload.min_rounds=0)
[ "$a" = 48 ] && [ "$b" = 3 ] && ok "10.50 scaled XSBench keeps 12 rounds of resident waves (48), 3 waves without" \
    || no "10.50 wavefronts with rounds '$a' (want 48), without '$b' (want 3)"

# --- 10.51: several workloads at once (--workload A+B): each its own address space on half
# of 8 CUs; the results name both and count both applications' kernels (MVT 2 + BICG 2).
# Refused, one line and status 2 each: an unknown member, an empty member, the functional
# model, an IOMMU trace, coalescing on.
if "$X" run --workload mvt+bicg --scale 0.002 --set workload.min_rounds=0 --quiet \
       --json "$T/apps.json" > "$T/apps.txt" 2>&1 &&
   grep -q '"workload": "mvt+bicg"' "$T/apps.json" &&
   awk '$1 == "sim.apps" && $2 == 2 { a = 1 } $1 == "sim.app0.cus" && $2 == 4 { b = 1 }
        $1 == "sim.app1.cus" && $2 == 4 { c = 1 } $1 == "sim.kernels" && $2 == 4 { d = 1 }
        END { exit !(a && b && c && d) }' "$T/apps.txt"; then
    ok "10.51 mvt+bicg: 2 applications, 4 CUs each, 4 kernels, results name both"
else
    no "10.51 mvt+bicg run or its results"
fi
bad "52 an unknown member of A+B" "unknown workload 'nope'" run --workload mvt+nope --scale 0.002
bad "53 an empty member of A+B" "joined by '+'" run --workload mvt++bicg --scale 0.002
bad "54 A+B on the functional model" "cycle-level model" run --workload mvt+bicg --model functional --scale 0.002
bad "55 A+B with an IOMMU trace" "takes one workload" run --workload mvt+bicg --iommu-trace "$T/tr.txt" --scale 0.002
bad "56 A+B with walk coalescing" "iommu.coalesce = off" run --workload mvt+bicg --set iommu.coalesce=leaf --scale 0.002

# --- 10.57-10.62: MASK's system (docs/papers/mask.md): the designs as switches, the measured
# window, and the checks of its new keys
bad "57 an unknown design" "--design 'nope'" run --preset mask --workload lud --design nope
"$X" config --preset mask --design mask > "$T/design.ini" 2>&1
awk '$1 == "tokens" && $3 == 1 { a = 1 } $1 == "l2_bypass" && $3 == 1 { b = 1 }
     $1 == "sched" && $3 == "gsn" { c = 1 } END { exit !(a && b && c) }' "$T/design.ini" &&
    ok "10.58 --design mask switches on tokens, the L2 bypass and the gsn DRAM queues" ||
    no "10.58 --design mask"
# a window of 20,000 cycles after 1,000 of warm-up: the run stops at cycle 21,000 exactly
if "$X" run --preset mask --workload lud --set gpu.cus=2 --set sim.warmup=1000 \
       --set sim.window=20000 --quiet > "$T/win.txt" 2>&1 &&
   awk '$1 == "sim.cycles" && $2 == 21000 { a = 1 } $1 == "sim.window.cycles" && $2 == 20000 { b = 1 }
        $1 == "sim.app0.instructions" && $2 > 0 { c = 1 } END { exit !(a && b && c) }' "$T/win.txt"; then
    ok "10.59 sim.window: the run stops at warm-up + window (21000), instructions counted in it"
else
    no "10.59 sim.window run"
fi
bad "60 an IOMMU trace without PWC fills" "pwc.fill = 0" run --preset mask --workload lud --set gpu.cus=2 --iommu-trace "$T/tr2.txt"
bad "61 one IOMMU TLB of size 0" "iommu.tlb2_entries" run --workload mvt --set iommu.tlb1_entries=0
bad "62 the functional model without IOMMU TLBs" "functional model" run --preset mask --workload lud --model functional
bad "63 Static with 3 applications on 8 channels" "split dram.channels" run --preset mask --workload lud+nw+hs --set mask.partition=1 --set sim.window=1000
bad "64 the functional model without the shared L2 TLB" "l2tlb.entries = 0" run --workload mvt --set l2tlb.entries=0 --model functional

# --- 10.65-10.69: the DRAM-boundary trace of the Golden/Silver/Normal queues (--gsn-trace,
# model/README.md "DRAM-boundary trace"): refused without the queues, on the functional
# model and by study/sweep; written for a pair, one line per edge, a P line first
bad "65 a DRAM-boundary trace under dram.sched = frfcfs" "needs dram.sched = gsn" run --preset mask --workload lud --set gpu.cus=2 --gsn-trace "$T/g.tr"
[ ! -e "$T/g.tr" ] && ok "10.66 the refused --gsn-trace wrote no file" || no "10.66 a refused --gsn-trace left $T/g.tr"
bad "67 a DRAM-boundary trace on the functional model" "--gsn-trace needs the cycle-level model" run --preset mask --design mask --workload lud --model functional --gsn-trace "$T/g.tr"
bad "68 study with --gsn-trace" "study takes --workloads" study --gsn-trace "$T/g.tr"
if "$X" run --preset mask --design mask --workload lud+nw --set gpu.cus=2 --set sim.warmup=0 \
       --set sim.window=3000 --quiet --gsn-trace "$T/g2.tr" > /dev/null 2>&1 &&
   awk 'NR == 2 && /^P channels=8 banks=8 entries=16\/64\/192 napps=2 thresh_max=500 / { p = 1 }
        /^E [0-7] [0-9]+ / && / \| / { e++ } END { exit !(p && e > 0) }' "$T/g2.tr"; then
    ok "10.69 --gsn-trace for lud+nw: the P line of 8 channels and 2 applications, then E lines"
else
    no "10.69 --gsn-trace for lud+nw (see $T/g2.tr)"
fi
