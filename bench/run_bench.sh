#!/usr/bin/env bash
# Speed and memory of planscope on a large synthetic plan (see README.md here for targets):
# whole process, cold start, median wall time of 5 runs, largest peak RSS.
# Usage: bench/run_bench.sh [BUILD_DIR] [LAYERS]   (default: build, 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/measure.sh
build=${1:-build}
layers=${2:-20000}
planscope=$build/app/planscope
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$build/resources/planscope-generate-plan" --layers "$layers" -o "$work/big.onnx.engine"
graph_mb=$(du -m "$work/big.onnx.engine.graph.json" | cut -f1)
echo "plan: $layers layers, graph JSON ${graph_mb} MB"

measure 5 "$planscope" summary --json "$work/big.onnx.engine"
echo "summary --json: median wall ${wall} s, peak RSS ${rss_mb} MB"
target "wall time" "$wall" 1.0 s
target "memory" "$rss_mb" 400 MB
summary_wall=$wall

# The check of the plan's files costs little on top of loading: within 10 % of summary's time.
measure 5 "$planscope" check "$work/big.onnx.engine"
echo "check: median wall ${wall} s, peak RSS ${rss_mb} MB"
target "wall time, 1.1 x summary's" "$wall" "$(awk "BEGIN{print $summary_wall * 1.1}")" s

# The leads read the same plan and weigh it: within 10 % of summary's time.
measure 5 "$planscope" leads --json "$work/big.onnx.engine"
echo "leads --json: median wall ${wall} s, peak RSS ${rss_mb} MB"
target "wall time, 1.1 x summary's" "$wall" "$(awk "BEGIN{print $summary_wall * 1.1}")" s

# A per-layer chart of every layer, to PNG and to SVG.
for format in png svg; do
    measure 5 "$planscope" export-chart "$work/big.onnx.engine" --chart latency-per-layer-ms \
        -o "$work/chart.$format"
    echo "export-chart latency-per-layer-ms to $format: median wall ${wall} s"
    target "wall time" "$wall" 3.0 s
done

# The plan graph of a 5,000-layer plan: whole graph and a neighbourhood.
"$build/resources/planscope-generate-plan" --layers 5000 -o "$work/mid.onnx.engine"
for args in "" "--around 2500 --radius 4"; do
    # shellcheck disable=SC2086
    measure 5 "$planscope" export-graph "$work/mid.onnx.engine" $args -o "$work/graph.svg"
    echo "export-graph 5,000 layers ${args:-(whole graph)}: median wall ${wall} s"
    target "wall time" "$wall" "$([ -z "$args" ] && echo 5.0 || echo 1.0)" s
done
