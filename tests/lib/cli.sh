# cli.sh - what the command-line tests share (sourced by tests/cli/t*.sh, which set X, the
# xlat under test, T, their temporary directory, and AREA, their area number):
#   ok NAME / no NAME        one TAP line
#   bad NAME WANT ARGS...    xlat ARGS must exit 2 with exactly one line on stderr that
#                            contains WANT, and print nothing on stdout: the promise for
#                            every bad input (README "The xlat command")
ok() { echo "ok - $1"; }
no() { echo "not ok - $1"; }

bad() {
    _name=$1; _want=$2; shift 2
    "$X" "$@" > "$T/out" 2> "$T/err"
    _rc=$?
    _lines=$(wc -l < "$T/err")
    if [ "$_rc" = 2 ] && [ "$_lines" = 1 ] && [ ! -s "$T/out" ] && grep -q -- "$_want" "$T/err"; then
        ok "$AREA.$_name"
    else
        no "$AREA.$_name (rc=$_rc, stderr lines=$_lines: $(head -c 300 "$T/err"))"
    fi
}
