#!/bin/sh
# t35_import.sh XLAT - area 35: `xlat import accelsim DIR -o FILE` on the Accel-Sim-format
# trace shipped in tests/data/accelsim (docs/traces-accelsim.md "The shipped trace"), and
# its replay with `xlat run --workload trace:FILE`. Every expected value is computed here
# from the trace's text with awk, independently of the C reader: kernels and wavefronts
# from the headers, the instructions after the merging of compute runs, the global loads
# and stores, their active lanes, and the distinct 4 KB pages they touch (all three
# address modes decoded). Then damaged input: exit 2, one line, nothing left behind.
# Prints "ok - ..." / "not ok - ..." per check (counted by tests/run.sh).
X=${1:-build/xlat}
mkdir -p build
T=$(mktemp -d build/t35_import.XXXXXX) || exit 1
trap 'rm -rf "$T"' EXIT
D=tests/data/accelsim

AREA=35
. "$(dirname "$0")/../lib/cli.sh"

# --- 35.01: the shipped files are gen.c's output, byte for byte
mkdir "$T/gen"
if ${CC:-cc} -std=c11 -O1 -o "$T/gen/gen" "$D/gen.c" 2> "$T/err" && "$T/gen/gen" "$T/gen" &&
   cmp -s "$T/gen/kernelslist.g" "$D/kernelslist.g" &&
   cmp -s "$T/gen/kernel-1.traceg" "$D/kernel-1.traceg" &&
   cmp -s "$T/gen/kernel-2.traceg" "$D/kernel-2.traceg" &&
   cmp -s "$T/gen/kernel-3.traceg" "$D/kernel-3.traceg"; then
    ok "35.01 tests/data/accelsim is gen.c's output"
else
    no "35.01 tests/data/accelsim is gen.c's output ($(head -c 200 "$T/err"))"
fi

# --- 35.02: the import
if "$X" import accelsim "$D" -o "$T/t.xlt" > "$T/imp" 2> "$T/err" && [ -s "$T/t.xlt" ] &&
   [ ! -s "$T/err" ] && grep -q "kernels 3," "$T/imp"; then
    ok "35.02 import exits 0 and writes the trace"
else
    no "35.02 import exits 0 and writes the trace ($(head -c 300 "$T/err"))"
fi

# --- expected values, from the text. Per kernel file: the grid and block give
# wavefronts = blocks x ceil(threads / 32); per warp, instructions = the runs of
# compute lines plus each LDG/STG/LDS/STS/BAR line (a memory line with mask 0 is compute);
# LDG/STG lines with active lanes are the memory instructions (LDS/STS ones the shared);
# their lanes are decoded (mode 0: a list, 1: base + k * stride, 2: base then running
# deltas) into 4 KB pages.
awk '
function hex(s,   v, i, c) {
    sub(/^0x/, "", s); v = 0
    for (i = 1; i <= length(s); i++) {
        c = index("0123456789abcdef", substr(s, i, 1)) - 1
        v = v * 16 + c
    }
    return v
}
function page(a) { pages[sprintf("%.0f", int(a / 4096))] = 1 }
FILENAME ~ /kernelslist/ { if ($0 ~ /^kernel/) kernels++; next }
/^-grid dim/ { g = $0; gsub(/[^0-9,]/, "", g); split(g, gd, ","); next }
/^-block dim/ {
    b = $0; gsub(/[^0-9,]/, "", b); split(b, bd, ",")
    waves += gd[1] * gd[2] * gd[3] * int((bd[1] * bd[2] * bd[3] + 31) / 32); next
}
/^warp = / { run = 0; next }
/^[0-9a-f][0-9a-f][0-9a-f][0-9a-f] [0-9a-f]+ / {
    lines++
    op = $(4 + $3); split(op, parts, "."); base = parts[1]
    mask = hex($2)
    mem = (base == "LDG" || base == "STG" || base == "LDS" || base == "STS")
    if ((base == "LDS" || base == "STS") && mask > 0) lds++
    if (base == "BAR" || (mem && mask > 0)) { instrs++; run = 0 }
    else { if (!run) instrs++; run = 1 }
    if (!((base == "LDG" || base == "STG") && mask > 0)) next
    gmem++
    n = 0; for (l = 0; l < 32; l++) { bit[l] = int(mask / 2 ^ l) % 2; n += bit[l] }
    lanes += n
    f = 4 + $3 + 1; f += $f + 1   # past the sources: the width
    mode = $(f + 1); f += 2
    if (mode == 0) { for (l = 0; l < 32; l++) if (bit[l]) page(hex($(f++))) }
    else if (mode == 1) { a = hex($f); s = $(f + 1); for (l = 0; l < 32; l++) if (bit[l]) { page(a); a += s } }
    else { a = hex($(f++)); first = 1
           for (l = 0; l < 32; l++) if (bit[l]) { if (!first) a += $(f++); page(a); first = 0 } }
}
END {
    np = 0; for (p in pages) np++
    printf "kernels=%d waves=%d lines=%d instrs=%d gmem=%d lanes=%d pages=%d lds=%d\n",
           kernels, waves, lines, instrs, gmem, lanes, np, lds
}' "$D/kernelslist.g" "$D"/kernel-*.traceg > "$T/want"
# shellcheck disable=SC2046
set -- $(tr ' ' '\n' < "$T/want" | sed 's/.*=//')
W_K=$1 W_W=$2 W_L=$3 W_I=$4 W_M=$5 W_N=$6 W_P=$7 W_S=$8

# --- 35.03: the import's own count of lines and instructions agrees with the text's
if grep -q "kernels $W_K, memcpys 4, wavefronts $W_W (0 empty), instruction lines $W_L -> $W_I instructions" "$T/imp"; then
    ok "35.03 import: $W_K kernels, $W_W wavefronts, $W_L lines -> $W_I instructions"
else
    no "35.03 import counts (want $(cat "$T/want"); got $(head -n 2 "$T/imp" | tail -n 1))"
fi

# --- 35.04-35.08: the replay's counters equal the values computed from the text
"$X" run --workload "trace:$T/t.xlt" --set reach.sharing=1 --quiet --json "$T/r.json" \
    > /dev/null 2> "$T/err"
rc=$?
stat() { sed -n "s/^ *\"$1\": \([0-9]*\).*/\1/p" "$T/r.json"; }
check() {   # check NUM NAME COUNTER WANT
    got=$(stat "$3")
    if [ "$rc" = 0 ] && [ "$got" = "$4" ]; then ok "35.$1 replay: $2 ($3 = $4)"
    else no "35.$1 replay: $2 ($3 = '$got', want $4; rc=$rc $(head -c 200 "$T/err"))"; fi
}
check 04 "kernels" sim.kernels "$W_K"
check 05 "wavefronts (grid x warps per block)" gpu.wavefronts "$W_W"
check 06 "instructions after merging compute runs" gpu.instructions "$W_I"
check 07 "global loads and stores" gpu.mem_instructions "$W_M"
check 08 "their active lanes" coalescer.lanes "$W_N"
check 09 "distinct 4 KB pages touched (rebased, offsets kept)" reach.pages "$W_P"

# --- 35.10-35.18: bad input: exit 2, one line, nothing on stdout, no output left
gone() {   # gone NUM NAME: after a bad import, neither FILE nor FILE.tmp exists
    if [ ! -e "$T/o.xlt" ] && [ ! -e "$T/o.xlt.tmp" ]; then ok "35.$1 $2: no output left"
    else no "35.$1 $2: output left behind"; fi
}
bad "10 a missing directory" "cannot open $T/none/kernelslist.g" import accelsim "$T/none" -o "$T/o.xlt"
gone 11 "missing directory"
cp -r "$D" "$T/d1" && rm "$T/d1/kernel-2.traceg"
bad "12 a missing kernel-2.traceg" "cannot open $T/d1/kernel-2.traceg" import accelsim "$T/d1" -o "$T/o.xlt"
gone 13 "missing .traceg"
# line 32 of kernel-1.traceg is block 0 warp 0's LDG of a: its base address damaged
cp -r "$D" "$T/d2" && sed '32s/0x7f3c40000000/0x7f3c4000000g/' "$D/kernel-1.traceg" > "$T/d2/kernel-1.traceg"
bad "14 a bad address on line 32" "$T/d2/kernel-1.traceg:32: base address '0x7f3c4000000g' is not hexadecimal" \
    import accelsim "$T/d2" -o "$T/o.xlt"
gone 15 "bad line"
echo keep > "$T/o.xlt"
"$X" import accelsim "$T/d2" -o "$T/o.xlt" > /dev/null 2>&1
if [ "$(cat "$T/o.xlt")" = keep ] && [ ! -e "$T/o.xlt.tmp" ]; then ok "35.16 a failed import leaves an existing FILE as it was"
else no "35.16 a failed import leaves an existing FILE as it was"; fi
rm -f "$T/o.xlt"
cp -r "$D" "$T/d3" && sed 's/^-accelsim tracer version = 5/-accelsim tracer version = 2/' "$D/kernel-3.traceg" > "$T/d3/kernel-3.traceg"
bad "17 tracer version 2" "kernel-3.traceg:12: tracer version 2 is not read (3, 4 and 5 are)" \
    import accelsim "$T/d3" -o "$T/o.xlt"
cp -r "$D" "$T/d4" && sed 's/^kernel-2.traceg$/kernel-2.traceg.xz/' "$D/kernelslist.g" > "$T/d4/kernelslist.g"
bad "18 an xz-compressed kernel file" "kernelslist.g:6: kernel-2.traceg.xz is xz-compressed" \
    import accelsim "$T/d4" -o "$T/o.xlt"
bad "19 no -o" "import needs -o FILE" import accelsim "$D"
bad "20 an unknown format" "import reads 'accelsim' traces, not 'gpgpusim'" import gpgpusim "$D" -o "$T/o.xlt"
gone 21 "bad arguments"
bad "22 an output in a missing directory, said before the trace is read" "cannot create $T/none/o.xlt.tmp" \
    import accelsim "$D" -o "$T/none/o.xlt"

# --- 35.23: with the LDS modelled, every LDS/STS line is one native LDS access
"$X" run --workload "trace:$T/t.xlt" --set lds.model=1 --quiet --json "$T/r.json" \
    > /dev/null 2> "$T/err"
rc=$?
check 23 "with lds.model = 1, shared loads and stores" lds.native_accesses "$W_S"
