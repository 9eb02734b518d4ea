#!/bin/sh
# build.sh [TARGET ...] - the iCE40 flow of the walk-path prototype (fpga/README.md "On an
# FPGA"): Yosys 0.23 `synth_ice40` -> nextpnr-ice40 (pin constraints, --seed 1, so a build is
# reproducible) -> icepack (the bitstream) -> icetime (an independent timing estimate, on a
# chip database icebox_chipdb writes into the build directory). Writes, per target,
# build/fpga/TARGET/ (netlists, logs, .asc, .bin) and fpga/reports/TARGET.txt (cells,
# utilisation, Fmax from nextpnr and from icetime, the critical path), then the table
# fpga/reports/README.md from every report there.
#
# Targets (default: hx8k):
#   hx8k          the board top fpga/hx8k/xl_board_hx8k.sv on the HX8K (ct256), bitstream: the
#                 largest walk path that fits (4 slots, 2 walkers, coalescing)
#   hx8k-small    the same top with 2 slots and 1 walker, whose place and route takes a
#                 fraction of the full one's (`make test` builds this one)
#   hx8k-blocks   the walk path, its three blocks and hx8k-gsn alone at the board's parameters, each
#                 wrapped (bench/synth-wrap.sh: inputs from a shift register, outputs folded
#                 to one pin), placed on the HX8K
#   hx8k-gsn      MASK's DRAM queue block (rtl/xl_dram_gsn.sv) alone, wrapped, on the HX8K:
#                 4 banks, 4 / 8 / 8 entries, 2 applications (part of hx8k-blocks)
#   up5k          the board top fpga/up5k/xl_board_up5k.sv on the UP5K (sg48, pinned for the
#                 UPduino v3.0), bitstream: 2 slots, 1 walker, coalescing, one-entry PWCs
#   up5k-blocks   the walk path and its blocks alone at the UP5K board's parameters, wrapped,
#                 placed on the UP5K
#   up5k-gsn      the DRAM queue block on the UP5K: 2 banks, 2 / 4 / 4 entries (part of
#                 up5k-blocks)
#   up5k-pwc      the board logic with hx8k-small's walk path (the PWCs of 2/2, 4/2, 8/4
#                 entries/ways) on the UP5K, placement only: what does not fit
#   all           all of the above
#   table         none: only the table of the reports already there
# TIMEOUT (seconds per tool run, default 1200). REPORTS: where the reports go (default
# fpga/reports; the check in `make test` writes to build/fpga/reports, leaving the tree as
# it is).
set -e
cd "$(dirname "$0")/.."
TIMEOUT=${TIMEOUT:-1200}
B=build/fpga
R=${REPORTS:-fpga/reports}
mkdir -p "$B" "$R"

WP="rtl/xl_pkg.sv rtl/xl_walk_sched.sv rtl/xl_pwc.sv rtl/xl_coalesce.sv rtl/xl_walk_path.sv"
BOARD="fpga/rtl/xl_uart_rx.sv fpga/rtl/xl_uart_tx.sv fpga/rtl/xl_fifo.sv fpga/rtl/xl_board.sv"

die() { echo "fpga/build.sh: $*" >&2; exit 1; }

# Netlists: $d/TOP.syn.v after synthesis (Yosys write_verilog, iCE40 cells) and, for a
# bitstream, $d/TOP.route.v after place and route (icebox_vlog of the .asc); the gate-level
# runs of tests/board/check_fpga.sh simulate both with Yosys's iCE40 cell models.

# chipdb DEV: the icebox chip database of a device (1 = 1k, 8 = 8k, 5 = up5k) for icetime.
chipdb() {
    [ -s "$B/chipdb-$1k.txt" ] || icebox_chipdb "-$1" > "$B/chipdb-$1k.txt" ||
        die "icebox_chipdb -$1 failed"
    echo "$B/chipdb-$1k.txt"
}

# flow NAME TOP DEVICE PACKAGE PCF FREQ "FILES" "CHPARAMS" [bit]
# One design through the flow; the report goes to $R/NAME.txt.
flow() {
    name=$1 top=$2 dev=$3 pkg=$4 pcf=$5 freq=$6 files=$7 ch=$8 bit=$9
    d=$B/$name
    mkdir -p "$d"
    t0=$(date +%s)
    # shellcheck disable=SC2086  # lists of files and chparam options
    timeout "$TIMEOUT" yosys -q -l "$d/yosys.log" -p "
        read_verilog -sv -defer -Irtl -Ifpga/rtl $files;
        hierarchy -top $top $ch;
        synth_ice40 -top $top -json $d/$top.json;
        tee -q -o $d/stat.txt stat;
        write_verilog -noattr $d/$top.syn.v" > /dev/null 2>&1 ||
        die "$name: synthesis failed or took more than $TIMEOUT s (see $d/yosys.log)"
    t1=$(date +%s)
    lut=$(awk '$1 == "SB_LUT4" { n = $2 } END { print n + 0 }' "$d/stat.txt")
    ff=$(awk '$1 ~ /^SB_DFF/ { n += $2 } END { print n + 0 }' "$d/stat.txt")
    carry=$(awk '$1 == "SB_CARRY" { n = $2 } END { print n + 0 }' "$d/stat.txt")
    ram=$(awk '$1 == "SB_RAM40_4K" { n = $2 } END { print n + 0 }' "$d/stat.txt")
    pcfopt=""
    [ -n "$pcf" ] && pcfopt="--pcf $pcf"
    fit=yes
    # shellcheck disable=SC2086
    timeout "$TIMEOUT" nextpnr-ice40 "--$dev" --package "$pkg" $pcfopt --json "$d/$top.json" \
        --asc "$d/$top.asc" --freq "$freq" --seed 1 --timing-allow-fail -q \
        -l "$d/nextpnr.log" > /dev/null 2>&1 || fit=no
    t2=$(date +%s)
    lc=$(sed -n 's/.*ICESTORM_LC: *\([0-9]*\)\/ *\([0-9]*\) *\([0-9]*\)%.*/\1 of \2 (\3 %)/p' \
         "$d/nextpnr.log" | tail -n 1)
    bram=$(sed -n 's/.*ICESTORM_RAM: *\([0-9]*\)\/ *\([0-9]*\) .*/\1 of \2/p' "$d/nextpnr.log" |
           tail -n 1)
    fmax="—" itime="—" crit=""
    if [ "$fit" = yes ]; then
        fmax=$(sed -n "s/.*Max frequency for clock *'[^']*': \([0-9.]*\) MHz.*/\1 MHz/p" \
               "$d/nextpnr.log" | tail -n 1)
        case "$dev" in hx8k) db=8 ;; up5k) db=5 ;; *) die "no chip database for $dev" ;; esac
        db=$(chipdb $db)
        # shellcheck disable=SC2086
        icetime -d "$dev" -P "$pkg" ${pcf:+-p "$pcf"} -C "$db" -m -t -r "$d/icetime.txt" \
            "$d/$top.asc" > /dev/null 2>&1 || die "$name: icetime failed"
        itime=$(sed -n 's/.*Total path delay: *\([0-9.]*\) ns (\([0-9.]*\) MHz).*/\2 MHz/p' \
                "$d/icetime.txt" | tail -n 1)
        if [ "$bit" = bit ]; then
            icepack "$d/$top.asc" "$d/$top.bin" || die "$name: icepack failed"
            # The post-route netlist of the whole chip, its ports named by the pins.
            # shellcheck disable=SC2086
            icebox_vlog -s -c -n "$top" -d "$pkg" ${pcf:+-p "$pcf"} "$d/$top.asc" \
                > "$d/$top.route.v" \
                2> "$d/icebox_vlog.log" || die "$name: icebox_vlog failed"
        fi
    fi
    {
        echo "$name: $top on the $dev ($pkg), $(date -u +%Y-%m-%d), commit" \
             "$(git rev-parse --short HEAD 2>/dev/null || echo '?')"
        echo "parameters: $(echo "${ch:-as in the source}" | sed 's/ *-chparam \([^ ]*\) \([^ ]*\)/ \1=\2/g; s/^ //')"
        echo "synthesis: $((t1 - t0)) s; place and route: $((t2 - t1)) s (seed 1, --freq $freq)"
        echo "cells: $lut LUT4, $ff flip-flops, $carry carry, $ram block RAMs"
        echo "logic cells: ${lc:-?}; block RAMs: ${bram:-?}; fits: $fit"
        echo "Fmax: nextpnr ${fmax:-?}, icetime ${itime:-?}"
        [ "$bit" = bit ] && [ "$fit" = yes ] && echo "bitstream: $d/$top.bin"
        if [ "$fit" = yes ]; then
            echo
            echo "nextpnr critical path:"
            # Sources, nets and sinks with their delays (the source-file lines left out).
            awk '/Critical path report for clock/ { on = 1 } on && /^Info: *$/ { exit }
                 on && !/Defined in:/ && !/\.s?v:[0-9]/ { sub(/^Info: /, ""); print }' \
                "$d/nextpnr.log" | head -n 80
        else
            echo
            grep -m 3 'ERROR' "$d/nextpnr.log" || true
        fi
    } > "$R/$name.txt"
    echo "  $name: $lut LUT4, $ff FF, $ram RAM; ${lc:-does not fit}; ${fmax:-—} / ${itime:-—}"
}

# chparams "PAIRS": Yosys -chparam options from "Name value" pairs.
chparams() {
    # shellcheck disable=SC2086
    set -- $1
    o=""
    while [ $# -gt 1 ]; do o="$o -chparam $1 $2"; shift 2; done
    echo "$o"
}

hx8k() {
    flow hx8k xl_board_hx8k hx8k ct256 fpga/hx8k/hx8k.pcf 12 \
        "$WP $BOARD fpga/hx8k/xl_board_hx8k.sv" "" bit
}

hx8k_small() {
    flow hx8k-small xl_board_hx8k hx8k ct256 fpga/hx8k/hx8k.pcf 12 \
        "$WP $BOARD fpga/hx8k/xl_board_hx8k.sv" "$(chparams "NumSlots 2 NumWalkers 1")" bit
}

# blocks PART PACKAGE SLOTS WALKERS "PWC" "GSN": the walk path and its three blocks alone at
# a board's parameters (PWC: the six entries/ways numbers), and MASK's DRAM queue block
# xl_dram_gsn (GSN: its chparam pairs), each wrapped.
blocks() {
    gsn "$1" "$2" "$6"
    set -- "$1" "$2" "$3" "$4" $5
    for blk in xl_walk_path xl_walk_sched xl_pwc xl_coalesce; do
        pw="L4Entries $5 L4Ways $6 L3Entries $7 L3Ways $8 L2Entries $9 L2Ways ${10}"
        case $blk in
            xl_walk_path)  p="NumSlots $3 NumWalkers $4 Policy 0 Coalesce 3 $pw PickPipe 2
                              ScanPipe 1 TagWidth 8 StatWidth 16" ;;
            xl_walk_sched) p="NumSlots $3 Policy 0 TagWidth 8 CntWidth 16 PickPipe 2" ;;
            xl_pwc)        p="$pw StatWidth 16" ;;
            xl_coalesce)   p="NumSlots $3 NumWalkers $4 Mode 3 StatWidth 16 ScanPipe 1" ;;
        esac
        sh bench/synth-wrap.sh "$blk" "rtl/$blk.sv" > "$B/${blk}_pnr.sv"
        flow "$1-$blk" "${blk}_pnr" "$1" "$2" "" 12 "$WP $B/${blk}_pnr.sv" "$(chparams "$p")"
    done
}
# gsn PART PACKAGE "PARAMS": xl_dram_gsn alone, wrapped.
gsn() {
    sh bench/synth-wrap.sh xl_dram_gsn rtl/xl_dram_gsn.sv > "$B/xl_dram_gsn_pnr.sv"
    flow "$1-xl_dram_gsn" xl_dram_gsn_pnr "$1" "$2" "" 12 \
        "rtl/xl_pkg.sv rtl/xl_dram_gsn.sv $B/xl_dram_gsn_pnr.sv" "$(chparams "$3")"
}
# The DRAM queues on a board: 4 banks, 4 / 8 / 8 entries, two applications, 8-bit rows
# and tags (HX8K); 2 banks, 2 / 4 / 4 entries (UP5K).
GSN_HX8K="Banks 4 GqEntries 4 SqEntries 8 NqEntries 8 NApps 2 ThreshMax 16 RowW 8 TagW 8 StatWidth 16"
GSN_UP5K="Banks 2 GqEntries 2 SqEntries 4 NqEntries 4 NApps 2 ThreshMax 16 RowW 8 TagW 8 StatWidth 16"
hx8k_blocks() { blocks hx8k ct256 4 2 "2 2 4 2 8 4" "$GSN_HX8K"; }
up5k_blocks() { blocks up5k sg48 2 1 "1 1 1 1 1 1" "$GSN_UP5K"; }

up5k() {
    flow up5k xl_board_up5k up5k sg48 fpga/up5k/up5k.pcf 12 \
        "$WP $BOARD fpga/up5k/xl_board_up5k.sv" "" bit
}

up5k_pwc() {
    flow up5k-pwc xl_board up5k sg48 "" 12 "$WP $BOARD" \
        "$(chparams "NumSlots 2 NumWalkers 1 Policy 0 Coalesce 3 L4Entries 2 L4Ways 2 L3Entries 4
                    L3Ways 2 L2Entries 8 L2Ways 4 PickPipe 2 ScanPipe 1 TagWidth 8 StatWidth 16
                    ClksPerBit 12")"
}

[ $# -gt 0 ] || set -- hx8k
for t in "$@"; do
    case "$t" in
        hx8k) hx8k ;;
        hx8k-small) hx8k_small ;;
        hx8k-blocks) hx8k_blocks ;;
        hx8k-gsn) gsn hx8k ct256 "$GSN_HX8K" ;;
        up5k-gsn) gsn up5k sg48 "$GSN_UP5K" ;;
        up5k) up5k ;;
        up5k-blocks) up5k_blocks ;;
        up5k-pwc) up5k_pwc ;;
        all) hx8k; hx8k_small; hx8k_blocks; up5k; up5k_blocks; up5k_pwc ;;
        table) ;;
        *) echo "fpga/build.sh: error: no target '$t'" \
                "(hx8k | hx8k-small | hx8k-blocks | hx8k-gsn | up5k | up5k-blocks | up5k-gsn |" \
                "up5k-pwc | all |" \
                "table)" >&2
           exit 2 ;;
    esac
done

# The table of every report in $R.
{
    echo "# fpga/reports — the iCE40 builds"
    echo
    echo "Written by \`sh fpga/build.sh\` (\`make fpga\`) from the reports in this directory; each"
    echo "report has the date, commit, parameters, and nextpnr's critical path. Yosys 0.23"
    echo "\`synth_ice40\`, nextpnr-ice40 $(nextpnr-ice40 --version 2>&1 |
        sed -n 's/.*(Version \([^)]*\)).*/\1/p' | head -n 1), seed 1; Fmax from nextpnr and"
    echo "from icetime (\`-m\`, conservative)."
    echo
    echo "| build | LUT4 | FF | BRAM | logic cells | fits | Fmax nextpnr | Fmax icetime |"
    echo "|---|---:|---:|---:|---:|---|---:|---:|"
    for f in "$R"/*.txt; do
        [ -f "$f" ] || continue
        n=$(basename "$f" .txt)
        cells=$(sed -n 's/^cells: \([0-9]*\) LUT4, \([0-9]*\) flip-flops, [0-9]* carry, \([0-9]*\) block RAMs/\1|\2|\3/p' "$f")
        lc=$(sed -n 's/^logic cells: \(.*\); block RAMs.*; fits: \(.*\)$/\1|\2/p' "$f")
        fm=$(sed -n 's/^Fmax: nextpnr \(.*\), icetime \(.*\)$/\1|\2/p' "$f")
        echo "| $n | $cells | $lc | $fm |"
    done
} > "$R/README.md"
