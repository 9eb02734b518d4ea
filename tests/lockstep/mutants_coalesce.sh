#!/bin/sh
# mutants_coalesce.sh [NAME...] - mutation test of the xl_coalesce lockstep checker: each
# mutant is a patch of rtl/xl_coalesce.sv (tests/lockstep/mutants/coalesce/NAME.patch; its
# header says which rule of docs/isca18-micro18.md it breaks: §1.3 neighbourhoods, §3.3 E2.2
# scan, §8 item 8 resume point, ...), built by build_coalesce.sh --mutant NAME (small
# parameter set, mode both) from a patched copy of rtl/ and without --assert (so the RTL's own
# assertions cannot be what catches it), and the lockstep against the unchanged C twin must
# report a MISMATCH for it. A mutant that survives every seed means the stimulus or the
# comparison is too weak. Default: every patch of the directory.
# Builds run two at a time; logs go to build/rtl/lockstep/coalesce/mutants/. Prints one TAP
# line per mutant ("ok - mutant X killed ..."); exit status 1 if one survives or fails to
# build.
cd "$(dirname "$0")/../.." || exit 1
XL_SELF=tests/lockstep/mutants_coalesce.sh
. tests/lib/rtl.sh

xl_mutants_begin coalesce build/rtl/lockstep/coalesce/mutants "$@"

# The first build alone: it makes the shared runtime objects the parallel builds then reuse.
# shellcheck disable=SC2086
set -- $MUTANTS
sh tests/lockstep/build_coalesce.sh --mutant "$1" > "$LOG/$1.build.log" 2>&1
shift
while [ $# -gt 0 ]; do
    a=$1; shift
    sh tests/lockstep/build_coalesce.sh --mutant "$a" > "$LOG/$a.build.log" 2>&1 &
    pid=$!
    if [ $# -gt 0 ]; then
        b=$1; shift
        sh tests/lockstep/build_coalesce.sh --mutant "$b" > "$LOG/$b.build.log" 2>&1
    fi
    wait "$pid"
done

for m in $MUTANTS; do
    case $m in SCAN_*) sp=1 ;; *) sp=0 ;; esac   # a SCAN_ mutant breaks ScanPipe 1
    xl_mutant_test "$m" "$m" "$(tail -n 1 "$LOG/$m.build.log")" both --params small \
        --scan-pipe $sp --cycles 20000 --cov-min 0 --no-rerun || status=1
done
exit $status
