#!/bin/sh
# deps.sh - make sure the Debian packages the checks use are installed.
# As root (or with password-less sudo) it installs what is missing; otherwise it prints
# the exact apt-get line and fails. `make run` needs none of these: only cc and make.
# patch: the RTL mutants are patch files applied to a copy of rtl/ (tests/lockstep/mutants/).
# libjansson-dev: `xlat compare` reads results JSON with it (built in where the Makefile
# finds it) and tests/fuzz links it.
# libzstd-dev: instruction traces are zstd-compressed where the Makefile finds it (docs/traces.md).
# slurm-wlm, munge: the sweep test starts a one-node Slurm cluster on localhost; parallel: the
# sweep engine over ssh logins (docs/sweeps.md).
PKGS="libcmocka-dev clang libclang-rt-14-dev verilator iverilog yosys nextpnr-ice40 \
fpga-icestorm z3 libsystemc-dev gnuplot-nox patch libjansson-dev libzstd-dev slurm-wlm munge \
parallel"

missing=""
for p in $PKGS; do
    st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
    case "$st" in
        *"install ok installed"*) ;;
        *) missing="$missing $p" ;;
    esac
done
[ -z "$missing" ] && { echo "deps: all packages present"; exit 0; }

echo "deps: missing:$missing"
if [ "$(id -u)" = 0 ]; then
    SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
else
    echo "deps: not root and no password-less sudo; run:"
    echo "  sudo apt-get install -y --no-install-recommends$missing"
    exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || { echo "deps: apt-get update failed"; exit 1; }
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null || {
    echo "deps: apt-get install failed; run: apt-get install -y$missing"; exit 1; }
echo "deps: installed$missing"
