#!/usr/bin/env bash
# Fuzzes every reader of a plan's files: builds the libFuzzer targets of tests/fuzz with clang,
# AddressSanitizer and UBSan (in build-fuzz/), seeds each corpus from ../shared/data and the test
# fixtures, and runs each target for SECONDS (default 60). Exits 1 when a target crashes, leaks,
# times out or runs out of memory; the input that did it is kept in build-fuzz/findings/TARGET/.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]     e.g. scripts/fuzz.sh 600 graph_json trtexec_log
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] &&
    targets=(graph_json profile_json timing_json profile_metadata build_metadata trtexec_log
        tactic_log accuracy_log onnx_model)

scripts/install-deps.sh clang libclang-rt-14-dev
cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DPLANSCOPE_FUZZ=ON >/dev/null
cmake --build build-fuzz -j"$(nproc)" --target "${targets[@]/#/fuzz_}"

data=../shared/data
fixtures=tests/fixtures
seeds() { # TARGET -> seed files
    case $1 in
    graph_json) find "$data" "$fixtures" -name '*.graph.json' -o -name 'layers_.json' \
                    -o -name '*exportLayerInfo.log' ;;
    profile_json) find "$data" "$fixtures" -name '*.profile.json' -o -name 'profile_.json' \
                      -o -name 'trt_layer_latency.json' ;;
    timing_json) find "$data" -name '*.timing.json' ;;
    profile_metadata) find "$data" -name '*.profile.metadata.json' ;;
    build_metadata) find "$data" -name '*.build.metadata.json' ;;
    trtexec_log) find "$data" "$fixtures" -name '*.log' ! -name '*exportLayerInfo.log' ;;
    tactic_log) find "$data" "$fixtures" -name '*verbose-build.log' -o -name 'tactics-*.log' ;;
    accuracy_log) find "$data" "$fixtures" -name 'polygraphy-*.log' ;;
    onnx_model) find build-fuzz/onnx-seeds -name '*.onnx' ;;
    esac
}

# ONNX seeds: the small models tst_weights reads (their external data left out, under 256 KiB).
if [[ " ${targets[*]} " == *" onnx_model "* ]]; then
    rm -rf build-fuzz/onnx-seeds
    /usr/bin/python3 tests/make_weight_models.py build-fuzz/onnx-seeds "$data" >/dev/null
fi

failed=()
for target in "${targets[@]}"; do
    corpus=build-fuzz/corpus/$target
    findings=build-fuzz/findings/$target
    mkdir -p "$corpus" "$findings"
    while IFS= read -r seed; do
        name=$corpus/seed$(echo "${seed#"$data"}" | tr / -)
        if [ "$target" = timing_json ]; then # one record a line: keep the first 20, still JSON
            { head -n 21 "$seed"; echo "]"; } >"$name"
        else # larger seeds than the inputs the fuzzer makes are cut to their first 256 KiB
            head -c 262144 "$seed" >"$name"
        fi
    done < <(seeds "$target")
    if [ "$target" = profile_json ]; then # an IProfiler's samples naming the fuzzed plan's layers
        echo '{"conv": [0.1, 0.12, 0.09], "reshape": [0, 0, 0]}' >"$corpus/seed-iprofiler"
    fi
    echo "== fuzz_$target for ${seconds}s ($(find "$corpus" -type f | wc -l) inputs in corpus)"
    if ! ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        LSAN_OPTIONS=suppressions="$PWD/tests/lsan.supp":print_suppressions=0 \
        QT_QPA_PLATFORM=offscreen \
        "build-fuzz/tests/fuzz/fuzz_$target" "$corpus" -max_total_time="$seconds" -timeout=10 \
        -max_len=262144 -rss_limit_mb=2048 -print_final_stats=1 \
        -artifact_prefix="$findings/" 2>"build-fuzz/fuzz_$target.log"; then
        failed+=("$target")
        echo "fuzz_$target FAILED: see build-fuzz/fuzz_$target.log and $findings/"
        grep -m3 -E "ERROR|runtime error|Timeout|out-of-memory" "build-fuzz/fuzz_$target.log" || true
    fi
    grep -E "^stat::number_of_executed_units|^stat::new_units_added" "build-fuzz/fuzz_$target.log" |
        sed "s/^/  /" || true
done
[ ${#failed[@]} -eq 0 ] || { echo "fuzzing found problems in: ${failed[*]}"; exit 1; }
echo "no target crashed, leaked or timed out"
