#!/bin/sh
# fuzz/run.sh TARGET.c - build one libFuzzer target with clang (ASan+UBSan) and run it
# for XL_FUZZ_SECONDS (default 30). Prints "ok - ..." or "not ok - ..." for run.sh.
src=$1
name=$(basename "$src" .c)
out=build/fuzz
mkdir -p "$out/corpus-$name"
secs=${XL_FUZZ_SECONDS:-30}
sh model/tools/embed-presets.sh configs/*.ini > "$out/presets.c" || { echo "not ok - $name: presets"; exit 1; }
# Seed the corpus with the shipped presets so the fuzzer starts from valid files.
cp configs/*.ini "$out/corpus-$name/" 2>/dev/null
# The graph readers start from the shipped graph files instead.
[ "$name" = fuzz_graph ] && rm -f "$out/corpus-$name"/*.ini && cp tests/data/graphs/* "$out/corpus-$name/"
if ! clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
        -Imodel/include -Imodel/src -Isw/include -D_POSIX_C_SOURCE=200809L \
        "$src" model/src/*/*.c sw/workloads/*.c "$out/presets.c" -o "$out/$name" 2> "$out/$name.build.log"; then
    echo "not ok - $name: build failed"; cat "$out/$name.build.log"; exit 1
fi
if "$out/$name" -max_total_time="$secs" -print_final_stats=1 -artifact_prefix="$out/" \
        "$out/corpus-$name" > "$out/$name.log" 2>&1; then
    echo "ok - $name: $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$name.log" | grep -o '[0-9]*$') runs in ${secs}s, no finding"
else
    echo "not ok - $name: finding, see $out/$name.log"; tail -n 30 "$out/$name.log"; exit 1
fi
