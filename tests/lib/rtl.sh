# tests/lib/rtl.sh - shell helpers shared by the RTL scripts: the lockstep builds
# (tests/lockstep/build_*.sh), the mutation tests (tests/lockstep/mutants_*.sh) and the
# checks (tests/rtl/check_*.sh). Sourced, POSIX sh, from the repository root:
#
#   cd "$(dirname "$0")/../.." || exit 1
#   XL_SELF=tests/lockstep/build_pwc.sh   # the script itself: messages, build dependencies
#   . tests/lib/rtl.sh
#
# Sections: messages; file and build helpers (stale, model objects, Verilator, the harness);
# mutants (patch files applied to a copy of rtl/); TAP results of a check script; the steps
# that several check scripts share (Icarus testbench, lint, Yosys, refused parameters, fault
# injection, bad options).

# Variables set here are read by the scripts that source this file.
# shellcheck disable=SC2034

# ------------------------------------------------------------------------------ messages

XL_PROG=${XL_SELF##*/}

die() { echo "$XL_PROG: $*" >&2; exit 1; }
usage() { echo "$XL_PROG: error: $*" >&2; exit 2; }

# ------------------------------------------------------------------------------ the RTL

# The package every module reads first, and the assertion header.
XL_PKG=rtl/xl_pkg.sv
XL_RTL_COMMON="rtl/xl_pkg.sv rtl/xl_assert.svh"

# Parameter encodings of the build scripts' parameter tables (rtl/xl_pkg.sv Policy*, Coal*).
policy_num() { case "$1" in fcfs) echo 0 ;; random) echo 1 ;; simt) echo 2 ;; *) return 1 ;; esac; }
coal_num() {
    case "$1" in off) echo 0 ;; leaf) echo 1 ;; upper) echo 2 ;; both) echo 3 ;; *) return 1 ;; esac
}

# ------------------------------------------------------------------------------ builds

# stale OUTPUT INPUT...: true if OUTPUT is missing or older than an input.
stale() {
    _out=$1; shift
    [ -f "$_out" ] || return 0
    [ -n "$(find "$@" -newer "$_out" 2>/dev/null | head -n 1)" ]
}

# Verilator's include directory (the harness compiles against it).
xl_vinc() { echo "$(verilator --getenv VERILATOR_ROOT)/include"; }

# The C++ flags of every harness (a build adds -O and its VM_TRACE).
XL_CXXFLAGS="-std=c++17 -g0 -Wall -Wextra -Wno-unused-parameter -faligned-new
             -DVM_TRACE_VCD=1 -DVM_COVERAGE=0 -DVM_SC=0"

# xl_model_objs OBJDIR SRC...: the C twin's files compiled with cc into OBJDIR (skipped when
# newer than the source, the model headers and the calling script); prints the objects.
# The build scripts list their files in one MODEL_SRC line each.
xl_model_objs() {
    _od=$1; shift
    mkdir -p "$_od"
    for _src in "$@"; do
        _obj="$_od/$(basename "$_src" .c).o"
        if stale "$_obj" "$_src" model/include/xlat "$XL_SELF" tests/lib/rtl.sh; then
            cc -std=c11 -O2 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -Imodel/include \
                -c "$_src" -o "$_obj" >&2 || die "cc $_src failed"
        fi
        printf '%s ' "$_obj"
    done
}

# xl_vl_args RTLDIR TOP VLT FILE...: Verilator's arguments common to every model: the C++
# model (--cc --build), lint (-Wall) and the random X handling the lockstep relies on, with
# the waiver file VLT and the package and the RTL files FILE (names in rtl/) read from RTLDIR
# (rtl/ or a mutant's patched copy). A build adds -j, --assert, --trace, -MAKEFLAGS, -G.
xl_vl_args() {
    _r=$1; _top=$2; _vlt=$3; shift 3
    printf '%s' "--cc --build -Wall --x-assign unique --x-initial unique -O3 $_vlt -I$_r" \
        " --top-module $_top $_r/xl_pkg.sv"
    for _f in "$@"; do printf ' %s' "$_r/$_f"; done
}

# xl_vl_deps RTLDIR VLT FILE...: what such a model is built from, comma-separated (the DEPS
# of xl_verilate_list): the RTL files, the package and assertion header, the waiver file,
# the calling script and this file.
xl_vl_deps() {
    _r=$1; _vlt=$2; shift 2
    printf '%s' "$_r/xl_pkg.sv,$_r/xl_assert.svh,$_vlt,$XL_SELF,tests/lib/rtl.sh"
    for _f in "$@"; do printf ',%s' "$_r/$_f"; done
}

# xl_verilate DIR PREFIX DEPS ARGS...: verilator --prefix PREFIX -Mdir DIR ARGS when
# DIR/PREFIX__ALL.a is older than one of DEPS (a space-separated list); the log goes to
# DIR.log. On failure it leaves DIR.failed behind (so a build in the background can be
# checked) and returns 1.
xl_verilate() {
    _dir=$1; _pre=$2; _deps=$3; shift 3
    # shellcheck disable=SC2086  # a list of files
    if stale "$_dir/${_pre}__ALL.a" $_deps; then
        rm -rf "$_dir" "$_dir.failed"
        mkdir -p "$(dirname "$_dir")"
        verilator "$@" --prefix "$_pre" -Mdir "$_dir" > "$_dir.log" 2>&1 ||
            { : > "$_dir.failed"; return 1; }
    fi
    return 0
}

# xl_verilate_list < LINES: one model per line "DIR PREFIX DEPS ARGS..." (DEPS: the files
# the model is built from, separated by commas; no quoting inside ARGS), two at a time (each
# model's compile is mostly one large file, so two parallel builds use the two cores better
# than one build with make -j 2). Dies with the first failing log.
xl_verilate_list() {
    _n=0
    _dirs=""
    while read -r _d _p _deps _args; do
        [ -n "$_d" ] || continue
        _dirs="$_dirs $_d"
        # shellcheck disable=SC2086  # ARGS is a list
        xl_verilate "$_d" "$_p" "$(echo "$_deps" | tr ',' ' ')" $_args &
        _n=$((_n + 1))
        if [ $_n -ge 2 ]; then
            wait
            _n=0
        fi
    done
    wait
    for _d in $_dirs; do
        [ -e "$_d.failed" ] && { cat "$_d.log" >&2; die "verilator failed for $_d (see $_d.log)"; }
    done
    return 0
}

# xl_vl_runtime DIR PREFIX CACHE OBJ...: Verilator's runtime objects (verilated.o, ...) for a
# binary. 5.006 builds them only for --exe, so the first model's makefile in DIR builds them
# (-O1: they are not on the per-cycle path); they are kept in CACHE, where later builds with
# the same Verilator find them. Prints their paths.
xl_vl_runtime() {
    _dir=$1; _pre=$2; _cache=$3; shift 3
    mkdir -p "$_cache"
    for _o in "$@"; do
        if stale "$_cache/$_o" "$(command -v verilator)"; then
            make -j 2 -C "$_dir" -f "$_pre.mk" OPT_GLOBAL=-O1 "$_o" > "$_cache/runtime.log" 2>&1 ||
                { cat "$_cache/runtime.log" >&2; die "runtime build failed"; }
            cp "$_dir/$_o" "$_cache/$_o"
        fi
        printf '%s ' "$_cache/$_o"
    done
}

# xl_harness SRC OBJ BIN "CXXFLAGS" "DEPS" "LINK": compiles the harness SRC to OBJ when older
# than SRC, the harnesses' shared headers (tests/lockstep/*.h), the model headers or DEPS
# (generated headers, the Verilated libraries), then links BIN from OBJ and LINK (objects
# and libraries) when older.
xl_harness() {
    _src=$1; _obj=$2; _bin=$3; _flags=$4; _hdeps=$5; _link=$6
    # shellcheck disable=SC2086  # lists
    if stale "$_obj" "$_src" tests/lockstep/*.h model/include/xlat $_hdeps; then
        g++ $_flags -I"$(xl_vinc)" -I"$(xl_vinc)/vltstd" -Imodel/include -Itests/lockstep \
            -c "$_src" -o "$_obj" || die "harness compile failed"
    fi
    # shellcheck disable=SC2086
    if stale "$_bin" "$_obj" $_link; then
        g++ -o "$_bin" "$_obj" $_link -pthread -latomic || die "link of $_bin failed"
    fi
}

# xl_model_add DIR PREFIX HDR: one Verilated model of a multi-model harness: its include
# directory joins INCS, its library LIBS, its headers the generated header HDR.tmp; FIRST
# names the first model (DIR/PREFIX), whose makefile builds the runtime.
xl_model_add() {
    [ -n "$FIRST" ] || FIRST="$1 $2"
    INCS="$INCS -I$1"
    LIBS="$LIBS $1/${2}__ALL.a"
    echo "#include \"$2.h\"" >> "$3.tmp"
    echo "#include \"${2}___024root.h\"" >> "$3.tmp"
}

# xl_models_harness NAME DIR HDR CACHE: the end of a build of several models (xl_model_add):
# HDR.tmp replaces HDR, the runtime is built (kept in CACHE), tests/lockstep/NAME.cpp is
# compiled against every model and linked with MODEL_OBJ into DIR/NAME, whose path is printed.
xl_models_harness() {
    xl_update "$3"
    # shellcheck disable=SC2086  # FIRST is "DIR PREFIX"
    _vl=$(xl_vl_runtime $FIRST "$4" verilated.o verilated_vcd_c.o verilated_threads.o) ||
        exit 1
    xl_harness "tests/lockstep/$1.cpp" "$2/$1.o" "$2/$1" \
        "$XL_CXXFLAGS -O2 -DVM_TRACE=1 -I$2 $INCS" "$3 $LIBS" "$MODEL_OBJ $LIBS $_vl"
    echo "$2/$1"
}

# xl_geom "A B C": the C initialiser {A,B,C} of a parameter set (the harness's -D...GEOM).
xl_geom() { echo "{$(echo "$1" | tr ' ' ',')}"; }

# xl_update FILE: FILE.tmp replaces FILE only when it differs (a generated header keeps its
# time stamp, so what includes it is not rebuilt).
xl_update() {
    if cmp -s "$1.tmp" "$1"; then rm -f "$1.tmp"; else mv "$1.tmp" "$1"; fi
}

# ------------------------------------------------------------------------------ mutants

# A mutant is a unified diff against the production RTL, tests/lockstep/mutants/BLOCK/NAME.patch
# (its first lines say what it breaks). The production RTL has no mutant hooks: a mutant build
# verilates a copy of rtl/ with one patch applied.
XL_MUTANTS=tests/lockstep/mutants

# xl_mutant_names BLOCK: the block's mutants, in name order.
xl_mutant_names() {
    for _p in "$XL_MUTANTS/$1"/*.patch; do
        [ -e "$_p" ] && basename "$_p" .patch
    done
}

# xl_mutant_arg BLOCK [--mutant NAME]: the option of a one-mutant build script; sets MUTANT
# (empty without the option).
xl_mutant_arg() {
    _b=$1; shift
    MUTANT=
    case "$1" in
        --mutant) MUTANT=$2; xl_mutant_check "$_b" "$MUTANT" ;;
        "") ;;
        *) usage "unknown option '$1' (--mutant NAME)" ;;
    esac
}

# xl_mutant_check BLOCK NAME: exit status 2 (usage) unless the patch exists.
xl_mutant_check() {
    case "$2" in
        ''|*[!A-Z0-9_]*) usage "bad mutant name '$2'" ;;
    esac
    [ -f "$XL_MUTANTS/$1/$2.patch" ] ||
        usage "no mutant $2 of $1 ($XL_MUTANTS/$1/ has: $(xl_mutant_names "$1" | tr '\n' ' '))"
}

# xl_mutant_field BLOCK NAME FIELD: the value of a "FIELD: value" line of the patch's header.
xl_mutant_field() {
    sed -n "/^--- /q; s/^$3: *//p" "$XL_MUTANTS/$1/$2.patch" | head -n 1
}

# xl_mutant_rtl BLOCK NAME DIR: DIR/rtl becomes a copy of rtl/ with the patch applied
# (patch -p1, no fuzz: a patch that no longer fits the RTL fails instead of landing
# elsewhere); redone only when rtl/ or the patch is newer. Prints DIR/rtl.
xl_mutant_rtl() {
    _patch=$XL_MUTANTS/$1/$2.patch
    _mr=$3/rtl
    if stale "$_mr/.patched" rtl "$_patch"; then
        rm -rf "$_mr"
        mkdir -p "$_mr"
        cp rtl/*.sv rtl/*.svh "$_mr/" || die "cannot copy rtl/ to $_mr"
        patch -s -p1 -F 0 --no-backup-if-mismatch -d "$3" < "$_patch" > "$3/patch.log" 2>&1 ||
            { cat "$3/patch.log" >&2; die "$_patch does not apply to rtl/ (see $3/patch.log)"; }
        : > "$_mr/.patched"
    fi
    echo "$_mr"
}

# xl_formal_mutant_rtl BLOCK NAME DIR: xl_mutant_rtl for a patch of the formal check's own
# mutants, tests/formal/mutants/BLOCK/NAME.patch (tests/rtl/check_formal.sh).
xl_formal_mutant_rtl() {
    _saved=$XL_MUTANTS
    XL_MUTANTS=tests/formal/mutants
    xl_mutant_rtl "$@"
    _rc=$?
    XL_MUTANTS=$_saved
    return $_rc
}

# xl_mutants_begin BLOCK LOGDIR [NAME...]: the start of a mutation test script: MUTANTS (the
# names given, else every patch of the block), SEEDS, LOG (created) and status.
xl_mutants_begin() {
    _b=$1; LOG=$2; shift 2
    MUTANTS=${*:-$(xl_mutant_names "$_b")}
    SEEDS="1 2 3"
    mkdir -p "$LOG"
    status=0
}

# xl_mutant_test NAME LABEL BIN MODES CMDARGS...: the TAP line of a mutant whose build gave BIN
# (its log: $LOG/NAME.build.log): "not ok" if it did not build, else xl_mutant_kill with BIN
# CMDARGS. Returns 1 unless the mutant was killed.
xl_mutant_test() {
    _name=$1; _label=$2; _bin=$3; _modes=$4; shift 4
    if [ -z "$_bin" ] || [ ! -x "$_bin" ]; then
        echo "not ok - mutant $_label: build failed (see $LOG/$_name.build.log)"
        return 1
    fi
    xl_mutant_kill "$_name" "$_label" "$LOG/$_name" "$_modes" "$_bin" "$@"
}

# xl_mutant_kill NAME LABEL LOG MODES CMD...: runs CMD --mode M --seed S for every seed of
# $SEEDS and every mode of MODES (seed by seed) until one run reports a MISMATCH (exit 1);
# prints the TAP line of the mutant (LABEL names it) and returns 1 if it survived. The
# runs' logs are LOG-MODE-seedS.log.
xl_mutant_kill() {
    _name=$1; _label=$2; _log=$3; _modes=$4; shift 4
    for _seed in $SEEDS; do
        for _mode in $_modes; do
            _l="$_log-$_mode-seed$_seed.log"
            "$@" --mode "$_mode" --seed "$_seed" > "$_l" 2>&1
            _rc=$?
            _line=$(grep -m 1 '^MISMATCH' "$_l")
            if [ "$_rc" = 1 ] && [ -n "$_line" ]; then
                _at=$(echo "$_line" | sed -n 's/.* \(seed=[0-9]*\) \(cycle=[0-9]*\).*/\1 \2/p')
                _f=$(grep -m 1 -- '<-- differs' "$_l" | awk '{print $1}')
                _f=${_f:+, first differing field $_f}
                echo "ok - mutant $_label killed by the lockstep (mode=$_mode $_at$_f)"
                return 0
            fi
        done
    done
    echo "not ok - mutant $_label survived seeds $SEEDS x modes $_modes (see $_log-*.log)"
    return 1
}

# ------------------------------------------------------------------------------ TAP

# ok / notok print one TAP line (to $TAP when set, else stdout) and count it.
XL_PASS=0
XL_FAIL=0
ok() { XL_PASS=$((XL_PASS + 1)); xl_tap "ok - $*"; }
notok() { XL_FAIL=$((XL_FAIL + 1)); xl_tap "not ok - $*"; }
info() { xl_tap "# $*"; }
xl_tap() { if [ -n "$TAP" ]; then echo "$*" >> "$TAP"; else echo "$*"; fi; }

# xl_tap_lines FILE: the TAP lines of a sub-script's output, counted as this script's.
xl_tap_lines() {
    while read -r _t; do
        case "$_t" in
            "ok - "*) ok "${_t#ok - }" ;;
            "not ok - "*) notok "${_t#not ok - }" ;;
        esac
    done < "$1"
}

# xl_mutants_result FILE RC: the mutation test's TAP lines; a failure without one is one
# failure of its own.
xl_mutants_result() {
    xl_tap_lines "$1"
    if [ "$2" != 0 ] && ! grep -q '^not ok ' "$1"; then
        notok "mutation test (exit $2, see $1)"
    fi
    grep -q '^ok \|^not ok ' "$1" || notok "mutation test: no result (see $1)"
}

# ------------------------------------------------------------------------------ check steps

# xl_check_begin DIR: the start of a check script: its build directories DIR/{icarus, yosys,
# lint, logs} and T0, the start time for the wall-time line.
xl_check_begin() {
    mkdir -p "$1/icarus" "$1/yosys" "$1/lint" "$1/logs"
    T0=$(date +%s)
}

# xl_icarus NAME DIR WHAT FILE...: compiles the testbench and the RTL with Icarus 11
# (-g2012 -Wall) and runs it. The TAP line passes when the run exits 0 with at least one
# "ok" check, no "not ok" check, no assertion message and no compiler warning ("sorry:
# constant selects in always_*" only widens a sensitivity list, docs/rtl.md sec. 2.3, and is
# left out). The testbench's failing checks are printed as TAP lines of their own.
xl_icarus() {
    _n=$1; _d=$2; _what=$3; shift 3
    mkdir -p "$_d"
    if iverilog -g2012 -Wall -Wno-timescale -Irtl -Itests/rtl -o "$_d/$_n.vvp" "$@" \
            > "$_d/build.raw" 2>&1
    then
        grep -v 'sorry: constant selects in always_\* processes' "$_d/build.raw" > "$_d/build.log"
        vvp -n "$_d/$_n.vvp" > "$_d/$_n.log" 2>&1
        _rc=$?
        _np=$(grep -c '^ok ' "$_d/$_n.log")
        _nf=$(grep -c '^not ok ' "$_d/$_n.log")
        _na=$(grep -c 'ERROR' "$_d/$_n.log")
        _nw=$(grep -c . "$_d/build.log")
        grep '^not ok ' "$_d/$_n.log" | head -n 20 | while read -r _t; do
            notok "icarus $_n: ${_t#not ok - }"
        done
        XL_FAIL=$((XL_FAIL + _nf))
        if [ "$_rc" = 0 ] && [ "$_nf" = 0 ] && [ "$_na" = 0 ] && [ "$_np" -gt 0 ] && [ "$_nw" = 0 ]
        then
            ok "icarus $_n: $_np directed checks$_what, no assertion fired, no compiler warning"
        elif [ "$_nf" = 0 ]; then
            notok "icarus $_n: exit $_rc, $_na assertion message(s), $_nw warning(s) (see $_d/)"
        fi
    else
        notok "icarus $_n: compile failed (see $_d/build.raw)"
    fi
}

# xl_harness_built SCRIPT LOG: builds a lockstep harness (tests/lockstep/build_*.sh, output in
# LOG) and sets LS to the binary, with its TAP line; LS stays empty when the build failed.
xl_harness_built() {
    LS=""
    if sh "$1" > "$2" 2>&1; then
        LS=$(tail -n 1 "$2")
        ok "lockstep harness built ($LS$3)"
    else
        notok "lockstep harness build (see $2)"
    fi
}

# xl_rate CMD...: the cycles per second of a harness run's PASS line (RTL-alone speed).
xl_rate() {
    "$@" 2>&1 | sed -n 's/^PASS.* rate=\([0-9]*\) cycles\/s.*/\1/p'
}

# xl_lint LOG ARGS...: verilator --lint-only -Wall -Irtl ARGS (the caller lists the package
# and the files); the status is the lint's, and any message counts as a failure.
xl_lint() {
    _log=$1; shift
    verilator --lint-only -Wall -Irtl "$@" > "$_log" 2>&1 && [ ! -s "$_log" ]
}

# xl_yosys NAME DIR SCRIPT: a Yosys run (a synthesis takes the longest, so callers start it
# in the background first and collect it with xl_yosys_result); the log is
# DIR/synth-NAME.log, the exit status goes to DIR/synth-NAME.rc, and the script should end
# with `tee -o DIR/stat-NAME.txt stat`.
xl_yosys() {
    rm -f "$2/synth-$1.rc"
    yosys -q -l "$2/synth-$1.log" -p "$3" > /dev/null 2>&1
    echo $? > "$2/synth-$1.rc"
}

# xl_yosys_result NAME DIR LABEL: the TAP line of a synthesis: cells and flip-flops.
xl_yosys_result() {
    if [ "$(cat "$2/synth-$1.rc" 2>/dev/null)" = 0 ]; then
        _cells=$(sed -n 's/^ *Number of cells: *\([0-9]*\).*/\1/p' "$2/stat-$1.txt" | tail -n 1)
        _ffs=$(grep -E '\$_(S)?DFF' "$2/stat-$1.txt" | awk '{s += $2} END {print s + 0}')
        ok "$3: $_cells cells, $_ffs flip-flops"
    else
        notok "$3 (see $2/synth-$1.log)"
    fi
}

# xl_badparam LOGDIR TOP FILES LABEL YOSYS_CHPARAM VERILATOR_G ICARUS_P: an illegal parameter
# value must be refused with the XL_ASSERT_PARAM message (rtl/xl_assert.svh) by Yosys and the
# Verilator front end at elaboration and by Icarus at time 0.
xl_badparam() {
    _d=$1; _top=$2; _files=$3; _label=$4; _ys=$5; _vg=$6; _ip=$7
    _bad=""
    # shellcheck disable=SC2086  # lists
    yosys -q -p "read_verilog -defer -sv -Irtl $_files; chparam $_ys $_top;
        hierarchy -top $_top" > "$_d/badparam-yosys.log" 2>&1
    grep -q 'illegal parameter value' "$_d/badparam-yosys.log" || _bad="$_bad yosys"
    # shellcheck disable=SC2086
    verilator --lint-only -Irtl $_vg $_files > "$_d/badparam-verilator.log" 2>&1
    grep -q 'illegal parameter value' "$_d/badparam-verilator.log" || _bad="$_bad verilator"
    # shellcheck disable=SC2086
    iverilog -g2012 -Irtl -s "$_top" $_ip -o "$_d/badparam.vvp" $_files \
        > "$_d/badparam-icarus.log" 2>&1 &&
        vvp -n "$_d/badparam.vvp" >> "$_d/badparam-icarus.log" 2>&1
    grep -q 'illegal parameter value' "$_d/badparam-icarus.log" || _bad="$_bad icarus"
    if [ -z "$_bad" ]; then
        ok "illegal parameter $_label refused by yosys, verilator and icarus (XL_ASSERT_PARAM)"
    else
        notok "illegal parameter $_label not refused with the XL_ASSERT_PARAM message by:$_bad" \
              "(see $_d/badparam-*.log)"
    fi
}

# xl_inject LABEL CYCLE LOG VCD CMD...: a corrupted C output (CMD carries --inject-fault
# CYCLE) must be reported at exactly that cycle, with a reproduce line, and the automatic
# re-run must write the waveform VCD.
xl_inject() {
    _label=$1; _c=$2; _log=$3; _vcd=$4; shift 4
    rm -f "$_vcd"
    "$@" > "$_log" 2>&1
    _rc=$?
    if [ "$_rc" = 1 ] && grep -q "^MISMATCH .* cycle=$_c\$" "$_log" &&
       grep -q '^reproduce: ' "$_log" && [ -s "$_vcd" ]; then
        ok "fault injection ($_label at cycle $_c) caught at that cycle; reproduce line and VCD" \
           "written"
    else
        notok "fault injection ($_label at cycle $_c) not caught as expected (exit $_rc, see $_log)"
    fi
}

# Bad options every harness must refuse (xl_badopts).
XL_BADOPTS="--bogus
--params tiny
--mode burst
--cycles 0
--seed x1
--seed
--cycles 10 --inject-fault 10
--inject-fault 1 --inject-field nope
--wave-dir="

# xl_badopts LOGDIR LABEL BIN < ARGLINES: every line of arguments, and each of XL_BADOPTS,
# must make BIN exit 2 with one line on stderr and nothing on stdout.
xl_badopts() {
    _d=$1; _label=$2; _bin=$3
    _bad=""
    { echo "$XL_BADOPTS"; cat; } > "$_d/badopts.txt"
    while read -r _args; do
        # shellcheck disable=SC2086  # the line is a list of arguments
        "$_bin" $_args > "$_d/badopt.out" 2> "$_d/badopt.err" < /dev/null
        _rc=$?
        if [ "$_rc" != 2 ] || [ "$(wc -l < "$_d/badopt.err")" != 1 ] || [ -s "$_d/badopt.out" ]
        then
            _bad="$_bad [$_args: exit $_rc]"
        fi
    done < "$_d/badopts.txt"
    if [ -z "$_bad" ]; then
        ok "lockstep rejects $_label with one line on stderr and exit 2"
    else
        notok "lockstep bad input:$_bad"
    fi
}
