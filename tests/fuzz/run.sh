#!/bin/sh
# fuzz/run.sh TARGET.c - build one libFuzzer target with clang (ASan+UBSan) and run it
# for XL_FUZZ_SECONDS (default 10, make test's bounded share; make fuzz runs 600). Prints "ok - ..." or "not ok - ..." for run.sh.
# Every target is built with the whole model, the workloads, the traces (sw/trace: the
# replay workload the registry names, the Accel-Sim reader) and the command line's files
# but its main (sw/cli/xlat.c), so the CLI's readers (results.c with jansson, opts.c) can
# be fuzzed too.
src=$1
name=$(basename "$src" .c)
out=build/fuzz
mkdir -p "$out/corpus-$name"
secs=${XL_FUZZ_SECONDS:-10}
sh model/tools/embed-presets.sh configs/*.ini > "$out/presets.c" || { echo "not ok - $name: presets"; exit 1; }
# Seed the corpus: a target's own seeds where it has them (tests/fuzz/corpus/NAME/ for
# fuzz_NAME.c), else the shipped presets so the fuzzer starts from valid files.
seeds=tests/fuzz/corpus/${name#fuzz_}
if [ -d "$seeds" ]; then
    cp "$seeds"/* "$out/corpus-$name/"
else
    cp configs/*.ini "$out/corpus-$name/" 2>/dev/null
fi
# The graph readers start from the shipped graph files instead.
[ "$name" = fuzz_graph ] && rm -f "$out/corpus-$name"/*.ini && cp tests/data/graphs/* "$out/corpus-$name/"
# The model, workloads and CLI files are compiled once for every target (instrumented for
# the fuzzer, not linked with its main), two at a time, and again only when a source is
# newer than the archive.
FLAGS="-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all -Imodel/include -Imodel/src
       -Isw/include -Isw/cli -D_POSIX_C_SOURCE=200809L -DXL_HAVE_JANSSON"
# sw/trace/ with zstd where clang finds it (the Makefile's probe), so the compressed
# blocks' path is fuzzed too (fuzz_itrace); the archive's name says which it holds.
ZSTD=
printf '#include <zstd.h>\nint main(void){return ZSTD_isError(ZSTD_compressBound(1));}\n' |
    clang -x c - -o "$out/zstd-probe" -lzstd > /dev/null 2>&1 && ZSTD=-lzstd
[ -n "$ZSTD" ] && FLAGS="$FLAGS -DXL_HAVE_ZSTD"
lib=$out/libfuzz${ZSTD:+-zstd}.a
srcs=$(ls model/src/*/*.c sw/workloads/*.c sw/trace/*.c sw/cli/*.c | grep -v '/xlat\.c$')
if [ ! -f "$lib" ] || [ -n "$(find model sw configs -newer "$lib" -type f | head -n 1)" ]; then
    rm -rf "$out/obj" "$lib"
    mkdir -p "$out/obj"
    # shellcheck disable=SC2086
    if ! { echo "$out/presets.c"; echo "$srcs"; } | tr ' ' '\n' | grep . |
            xargs -P 2 -I{} sh -c 'clang $0 -fsanitize=fuzzer-no-link -c "$1" -o "$2/$(echo "$1" | tr / _).o"' \
                "$FLAGS" {} "$out/obj" 2> "$out/lib.build.log" ||
       ! ar rcs "$lib" "$out"/obj/*.o 2>> "$out/lib.build.log"; then
        rm -f "$lib"
        echo "not ok - $name: build of the fuzzed sources failed"; cat "$out/lib.build.log"; exit 1
    fi
fi
# shellcheck disable=SC2086
if ! clang $FLAGS -fsanitize=fuzzer "$src" "$lib" -o "$out/$name" -ljansson $ZSTD \
        2> "$out/$name.build.log"; then
    echo "not ok - $name: build failed"; cat "$out/$name.build.log"; exit 1
fi
if "$out/$name" -max_total_time="$secs" -print_final_stats=1 -artifact_prefix="$out/" \
        "$out/corpus-$name" > "$out/$name.log" 2>&1; then
    echo "ok - $name: $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$name.log" | grep -o '[0-9]*$') runs in ${secs}s, no finding"
else
    echo "not ok - $name: finding, see $out/$name.log"; tail -n 30 "$out/$name.log"; exit 1
fi
