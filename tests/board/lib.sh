# tests/board/lib.sh - what the board checks share (tests/board/check_board.sh,
# check_fpga.sh): running a simulated board behind a pty with xlat-board against it, the
# verdict of a run, and the recorded traces they replay. Sourced after tests/lib/rtl.sh.
# shellcheck disable=SC2034  # variables read by the scripts that source this file
B=build/board
L=$B/logs
HOST=build/xlat-board
XLAT=build/xlat
mkdir -p "$L" "$B/traces"

# board NAME SIM LOG HOST-ARGS...: the simulation behind a pty and the host against it. Sets
# HRC and SRC, the exit statuses of the host and of the simulation.
board() {
    _n=$1 _sim=$2 _log=$3; shift 3
    _tty=$B/$_n.tty
    rm -f "$_tty"
    "$_sim" --link "$_tty" --max-cycles 400000000 > "$_log.sim" 2>&1 &
    _pid=$!
    _i=0
    while [ ! -e "$_tty" ] && [ $_i -lt 100 ]; do sleep 0.1; _i=$((_i + 1)); done
    timeout 600 "$HOST" --port "$_tty" "$@" > "$_log" 2>&1
    HRC=$?
    # The simulation ends when the host closes the port; it is stopped if it does not.
    _i=0
    while kill -0 "$_pid" 2>/dev/null && [ $_i -lt 100 ]; do sleep 0.1; _i=$((_i + 1)); done
    kill "$_pid" 2>/dev/null
    wait "$_pid"
    SRC=$?
}

# pass NAME LOG: a run that must pass (host and simulation exit 0, the host's PASS line).
pass() {
    _p=$(sed -n 's/^PASS \(cycles=[0-9]*\).* \(requests=[0-9]*\) \(completions=[0-9]* (coalesced [0-9]*)\) \(faults=[0-9]*\).* \(records=[0-9]*\).*/\1 \2 \3 \4 \5/p' "$2")
    if [ "$HRC" = 0 ] && [ "$SRC" = 0 ] && [ -n "$_p" ]; then
        ok "$1: every record equal to the C twin ($_p)"
    else
        notok "$1: host exit $HRC, simulation exit $SRC (see $2, $2.sim)"
    fi
}

# record WORKLOAD: an IOMMU-boundary trace of the workload (xlat run --iommu-trace, scale
# 0.001, seed 1) with the HX8K board's parameters (fpga/hx8k/xl_board_hx8k.sv); prints its path.
record() {
    _t=$B/traces/$1.tr
    if [ ! -s "$_t" ] || [ "$XLAT" -nt "$_t" ]; then
        "$XLAT" run --quiet --seed 1 --workload "$1" --scale 0.001 --set workload.min_rounds=0 \
            --set iommu.sched=fcfs --set iommu.coalesce=both --set iommu.buffer_entries=4 \
            --set iommu.walkers=2 --set iommu.pick_pipe=2 --set iommu.scan_pipe=1 \
            --set pwc.l4_entries=2 --set pwc.l4_ways=2 --set pwc.l3_entries=4 \
            --set pwc.l3_ways=2 --set pwc.l2_entries=8 --set pwc.l2_ways=4 \
            --iommu-trace "$_t.tmp" > "$L/record-$1.log" 2>&1 &&
            mv "$_t.tmp" "$_t" || { rm -f "$_t.tmp"; return 1; }
    fi
    echo "$_t"
}
