#!/usr/bin/env bash
# Speed and memory of planscope on a large synthetic plan (see README.md here for targets).
# Usage: bench/run_bench.sh [BUILD_DIR] [LAYERS]   (default: build, 20000)
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
layers=${2:-20000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$build/resources/planscope-generate-plan" --layers "$layers" -o "$work/big.onnx.engine"
graph_mb=$(du -m "$work/big.onnx.engine.graph.json" | cut -f1)
echo "plan: $layers layers, graph JSON ${graph_mb} MB"

# Best of 5 wall times and the peak resident memory, whole process, cold start each time.
best=""
peak=0
for _ in 1 2 3 4 5; do
    /usr/bin/time -f "%e %M" -o "$work/time" "$build/app/planscope" summary --json \
        "$work/big.onnx.engine" >/dev/null
    read -r wall rss <"$work/time"
    if [ -z "$best" ] || awk "BEGIN{exit !($wall < $best)}"; then best=$wall; fi
    [ "$rss" -gt "$peak" ] && peak=$rss
done
echo "summary --json: best wall ${best} s, peak RSS $((peak / 1024)) MB"
awk "BEGIN{exit !($best < 1.0)}" && echo "  wall time target (< 1 s): met" || echo "  wall time target (< 1 s): MISSED"
[ $((peak / 1024)) -lt 400 ] && echo "  memory target (< 400 MB): met" || echo "  memory target (< 400 MB): MISSED"

# A per-layer chart of every layer, to PNG and to SVG, whole process.
for format in png svg; do
    /usr/bin/time -f "%e" -o "$work/time" "$build/app/planscope" export-chart "$work/big.onnx.engine" \
        --chart latency-per-layer-ms -o "$work/chart.$format"
    wall=$(cat "$work/time")
    echo "export-chart latency-per-layer-ms to $format: ${wall} s"
    awk "BEGIN{exit !($wall < 3.0)}" && echo "  target (< 3 s): met" || echo "  target (< 3 s): MISSED"
done

# The plan graph of a 5,000-layer plan: whole graph and a neighbourhood, whole process.
"$build/resources/planscope-generate-plan" --layers 5000 -o "$work/mid.onnx.engine"
for args in "" "--around 2500 --radius 4"; do
    # shellcheck disable=SC2086
    /usr/bin/time -f "%e" -o "$work/time" "$build/app/planscope" export-graph "$work/mid.onnx.engine" $args \
        -o "$work/graph.svg"
    wall=$(cat "$work/time")
    limit=$([ -z "$args" ] && echo 5.0 || echo 1.0)
    echo "export-graph 5,000 layers ${args:-(whole graph)}: ${wall} s"
    awk "BEGIN{exit !($wall < $limit)}" && echo "  target (< $limit s): met" || echo "  target (< $limit s): MISSED"
done
