#!/bin/sh
# synth.sh - what the walk-path RTL costs on an iCE40: Yosys 0.23 synth_ice40 (LUT4, flip-
# flops, carry cells, block RAMs, synthesis time) and nextpnr-ice40 place and route on the
# HX8K (ct256): logic cells used of 7,680, block RAMs of 32, and Fmax. rtl/README.md's
# "Hardware on the iCE40" table comes from here. Writes bench/results/synth.md.
#
# Each block is wrapped by bench/synth-wrap.sh (its inputs from one shift register, its
# outputs registered and folded into one pin), so a block with hundreds of port bits can
# be placed; the wrapper's flip-flops (one per port bit) are in the counts and listed.
#   sh bench/synth.sh [CASE ...]   default: every case below
#   TIMEOUT   seconds per Yosys or nextpnr run (default 900); a run that takes longer is
#             reported as not finished, with the time it was given
set -e
cd "$(dirname "$0")/.."
TIMEOUT=${TIMEOUT:-900}
OUT=bench/results
D=build/synth
mkdir -p "$OUT" "$D"
M=$OUT/synth.md

# CASE: name, module, parameters (chparam pairs), place and route (pnr) or not (syn)
cases() {
cat <<'EOF'
ws_fcfs_16   xl_walk_sched  pnr NumSlots 16 Policy 0 TagWidth 8 CntWidth 16 AgingThreshold 64
ws_fcfs_32   xl_walk_sched  pnr NumSlots 32 Policy 0 TagWidth 8 CntWidth 16 AgingThreshold 64
ws_fcfs_64   xl_walk_sched  pnr NumSlots 64 Policy 0 TagWidth 8 CntWidth 16 AgingThreshold 64
ws_simt_16   xl_walk_sched  pnr NumSlots 16 Policy 2 TagWidth 8 CntWidth 16 AgingThreshold 64
ws_simt_256  xl_walk_sched  syn NumSlots 256 Policy 2 TagWidth 16 CntWidth 32 AgingThreshold 2000000
wsp_fcfs_16  xl_walk_sched  pnr NumSlots 16 Policy 0 TagWidth 8 CntWidth 16 AgingThreshold 64 PickPipe 1
wsp_fcfs_32  xl_walk_sched  pnr NumSlots 32 Policy 0 TagWidth 8 CntWidth 16 AgingThreshold 64 PickPipe 1
wsp_fcfs_64  xl_walk_sched  pnr NumSlots 64 Policy 0 TagWidth 8 CntWidth 16 AgingThreshold 64 PickPipe 1
wsp_simt_16  xl_walk_sched  pnr NumSlots 16 Policy 2 TagWidth 8 CntWidth 16 AgingThreshold 64 PickPipe 1
wsp_simt_32  xl_walk_sched  pnr NumSlots 32 Policy 2 TagWidth 8 CntWidth 16 AgingThreshold 64 PickPipe 1
wsp_simt_256 xl_walk_sched  syn NumSlots 256 Policy 2 TagWidth 16 CntWidth 32 AgingThreshold 2000000 PickPipe 1
wsp2_fcfs_16 xl_walk_sched  pnr NumSlots 16 Policy 0 TagWidth 8 CntWidth 16 AgingThreshold 64 PickPipe 2
wsp2_fcfs_32 xl_walk_sched  pnr NumSlots 32 Policy 0 TagWidth 8 CntWidth 16 AgingThreshold 64 PickPipe 2
wsp2_simt_16 xl_walk_sched  pnr NumSlots 16 Policy 2 TagWidth 8 CntWidth 16 AgingThreshold 64 PickPipe 2
wsp2_simt_32 xl_walk_sched  pnr NumSlots 32 Policy 2 TagWidth 8 CntWidth 16 AgingThreshold 64 PickPipe 2
wsp2_simt_256 xl_walk_sched syn NumSlots 256 Policy 2 TagWidth 16 CntWidth 32 AgingThreshold 2000000 PickPipe 2
pwc_paper    xl_pwc         pnr StatWidth 16
co_32_4      xl_coalesce    pnr NumSlots 32 NumWalkers 4 Mode 3 StatWidth 16
co_32_4_scan xl_coalesce    pnr NumSlots 32 NumWalkers 4 Mode 3 StatWidth 16 ScanPipe 1
co_256_8_scan xl_coalesce   syn NumSlots 256 NumWalkers 8 Mode 3 StatWidth 64 ScanPipe 1
top_4_2      xl_walk_path   pnr NumSlots 4 NumWalkers 2 Policy 0 Coalesce 3 L4Entries 2 L4Ways 2 L3Entries 4 L3Ways 2 L2Entries 8 L2Ways 4 TagWidth 8 StatWidth 16
top_8_2_pipe xl_walk_path   pnr NumSlots 8 NumWalkers 2 Policy 0 Coalesce 3 L4Entries 2 L4Ways 2 L3Entries 4 L3Ways 2 L2Entries 8 L2Ways 4 TagWidth 8 StatWidth 16 PickPipe 1
top_8_2_pipe2 xl_walk_path  pnr NumSlots 8 NumWalkers 2 Policy 0 Coalesce 3 L4Entries 2 L4Ways 2 L3Entries 4 L3Ways 2 L2Entries 8 L2Ways 4 TagWidth 8 StatWidth 16 PickPipe 2
top_8_2_scan xl_walk_path   pnr NumSlots 8 NumWalkers 2 Policy 0 Coalesce 3 L4Entries 2 L4Ways 2 L3Entries 4 L3Ways 2 L2Entries 8 L2Ways 4 TagWidth 8 StatWidth 16 PickPipe 2 ScanPipe 1
top_32_4_scan xl_walk_path  pnr NumSlots 32 NumWalkers 4 Policy 0 Coalesce 3 L4Entries 2 L4Ways 2 L3Entries 4 L3Ways 2 L2Entries 8 L2Ways 4 TagWidth 8 StatWidth 16 PickPipe 2 ScanPipe 1
gsn_board    xl_dram_gsn    pnr Banks 4 GqEntries 4 SqEntries 8 NqEntries 8 NApps 2 ThreshMax 16 RowW 8 TagW 8 StatWidth 16
gsn_16_32    xl_dram_gsn    pnr Banks 8 GqEntries 8 SqEntries 16 NqEntries 32 NApps 2 ThreshMax 500 RowW 12 TagW 8 StatWidth 16
gsn_paper    xl_dram_gsn    syn Banks 8 GqEntries 16 SqEntries 64 NqEntries 192 NApps 2 ThreshMax 500 RowW 16 TagW 32 StatWidth 64
top_paper    xl_walk_path   syn NumSlots 256 NumWalkers 8 Policy 2 Coalesce 3 TagWidth 16 StatWidth 64
top_paper_pipe xl_walk_path syn NumSlots 256 NumWalkers 8 Policy 2 Coalesce 3 TagWidth 16 StatWidth 64 PickPipe 2 ScanPipe 1
EOF
}

want() {   # want NAME: selected on the command line (or no selection)
    [ -z "$SEL" ] && return 0
    for s in $SEL; do [ "$s" = "$1" ] && return 0; done
    return 1
}
SEL="$*"

# cell NAME CELLFILE: a cell type's count from Yosys's stat (0 when absent)
cell() { awk -v c="$1" '$1 == c { n += $2 } END { print n + 0 }' "$2"; }

row() {   # row NAME MODULE MODE PARAMS...
    name=$1 mod=$2 mode=$3; shift 3
    ch=""; desc=""
    while [ $# -gt 1 ]; do ch="$ch -chparam $1 $2"; desc="$desc $1=$2"; shift 2; done
    sh bench/synth-wrap.sh "$mod" "rtl/$mod.sv" > "$D/$name-wrap.sv"
    t0=$(date +%s)
    st=ok
    timeout "$TIMEOUT" yosys -q -l "$D/$name-yosys.log" -p "
        read_verilog -sv -defer -Irtl rtl/xl_pkg.sv $(ls rtl/xl_*.sv | grep -v xl_pkg | tr "\n" " ") $D/$name-wrap.sv;
        hierarchy -top ${mod}_pnr $ch;
        synth_ice40 -top ${mod}_pnr -json $D/$name.json;
        tee -q -o $D/$name-stat.txt stat" > /dev/null 2>&1 || st=fail
    t1=$(date +%s)
    if [ "$st" != ok ]; then
        if [ $((t1 - t0)) -ge "$TIMEOUT" ]; then syn="not finished in $TIMEOUT s"
        else syn="failed (see $D/$name-yosys.log)"; fi
        echo "| $name ($(git rev-parse --short HEAD)) | \`$mod\`$desc | $syn | | | | | | |" \
            > "$D/$name.row"
        echo "  $name: synthesis $syn"
        return 0
    fi
    # The stat line per cell type: "     SB_LUT4     123"
    awk 'NF == 2 && $1 ~ /^SB_/ && $2 ~ /^[0-9]+$/' "$D/$name-stat.txt" > "$D/$name-cells.txt"
    lut=$(cell SB_LUT4 "$D/$name-cells.txt")
    ff=$(awk '$1 ~ /^SB_DFF/ { n += $2 } END { print n + 0 }' "$D/$name-cells.txt")
    carry=$(cell SB_CARRY "$D/$name-cells.txt")
    ram=$(cell SB_RAM40_4K "$D/$name-cells.txt")
    pnr="—" lc="—" fmax="—"
    if [ "$mode" = pnr ]; then
        t2=$(date +%s)
        if timeout "$TIMEOUT" nextpnr-ice40 --hx8k --package ct256 --json "$D/$name.json" \
               --freq 50 --timing-allow-fail --seed 1 -q -l "$D/$name-pnr.log" \
               > /dev/null 2>&1; then
            lc=$(sed -n 's/.*ICESTORM_LC: *\([0-9]*\)\/ *\([0-9]*\) *\([0-9]*\)%.*/\1 (\3 %)/p' \
                 "$D/$name-pnr.log" | tail -n 1)
            fmax=$(sed -n "s/.*Max frequency for clock '[^']*': \([0-9.]*\) MHz.*/\1/p" \
                   "$D/$name-pnr.log" | tail -n 1)
            fmax="$fmax MHz"
            pnr="$(( $(date +%s) - t2 )) s"
        else
            t3=$(date +%s)
            if [ $((t3 - t2)) -ge "$TIMEOUT" ]; then lc="not finished in $TIMEOUT s"
            else lc="does not fit"; fi
            pnr="$((t3 - t2)) s"
        fi
    fi
    echo "| $name ($(git rev-parse --short HEAD)) | \`$mod\`$desc | $((t1 - t0)) s | $lut | $ff | $carry | $ram | $lc | $fmax |" \
        > "$D/$name.row"
    echo "  $name: $lut LUT4, $ff FF, $ram RAM; $lc; $fmax"
}

cases | while read -r name mod mode params; do
    want "$name" || continue
    # shellcheck disable=SC2086
    row "$name" "$mod" "$mode" $params
done

# The table: every case measured so far (a run of some cases keeps the others' rows): a
# case without a row file of this build directory keeps its row of the table in the tree.
if [ -f "$M" ]; then
    cases | while read -r name rest; do
        [ -f "$D/$name.row" ] || grep "^| $name (" "$M" > "$D/$name.row" || rm -f "$D/$name.row"
    done
fi
{
echo "# The walk path and the DRAM queues on the iCE40"
echo
echo "\`sh bench/synth.sh\`, $(date -u +%Y-%m-%d), at commit $(git rev-parse --short HEAD 2>/dev/null || echo ?)" \
     "(rows measured earlier keep their numbers): $(yosys -V | awk '{print $1, $2}') \`synth_ice40\`, then"
echo "$(nextpnr-ice40 --version 2>&1 | head -n 1) on the HX8K (ct256; 7,680 logic cells, 32"
echo "block RAMs), \`--freq 50 --seed 1\`. Host $(uname -m), 2 cores."
echo "Each block is wrapped (bench/synth-wrap.sh): its port bits come from a shift register"
echo "and go to an output register, so the FF column includes one flip-flop per port bit."
echo
echo "| case | block, parameters | synthesis | LUT4 | FF | carry | BRAM | HX8K logic cells | Fmax |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
} > "$M"
cases | while read -r name rest; do
    if [ -f "$D/$name.row" ]; then cat "$D/$name.row"; fi
done >> "$M"
echo "synth: $M"
