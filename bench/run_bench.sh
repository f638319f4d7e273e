#!/usr/bin/env bash
# Speed and memory of planscope on a large synthetic plan (see README.md here for targets):
# whole process, cold start, median wall time of 5 runs (ratios: median of 9 paired runs),
# largest peak RSS. The yardstick is Debian's python3 merely loading the graph and profile
# JSON (json.load); the window is timed to its first screenshot under xvfb-run.
# Usage: bench/run_bench.sh [BUILD_DIR] [LAYERS]   (default: build, 21002)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/measure.sh
build=${1:-build}
layers=${2:-21002}
planscope=$build/app/planscope
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$build/resources/planscope-generate-plan" --layers "$layers" -o "$work/big.onnx.engine"
sync # the plan's 30 MB written back now, not during the first runs
graph_mb=$(du -m "$work/big.onnx.engine.graph.json" | cut -f1)
echo "plan: $layers layers, graph JSON ${graph_mb} MB"

plan=$work/big.onnx.engine
python_load=(/usr/bin/python3 -c 'import json, sys
for path in sys.argv[1:]: json.load(open(path))' "$plan.graph.json" "$plan.profile.json")
summary=("$planscope" summary --json "$plan")

measure_pair 9 summary python_load
echo "summary --json: median wall ${wall_a} s, python3 json.load ${wall_b} s, pairs' ratio" \
    "median ${ratio}, peak RSS ${rss_a_mb} MB"
target "ratio to python3's json.load" "$ratio" 0.35 x
target "memory" "$rss_a_mb" 80 MB
summary_wall=$wall_a

# The window, fresh settings, on a virtual screen, to its first screenshot.
window=(xvfb-run -a -s "-screen 0 1366x768x24" env -u QT_QPA_PLATFORM
    XDG_CONFIG_HOME="$work/config" QT_SCALE_FACTOR=1
    "$planscope" --screenshot "$work/window.png" "$plan")
measure_pair 9 window python_load
echo "window to first screenshot: median wall ${wall_a} s, pairs' ratio to python3's" \
    "json.load ${ratio}"
target "ratio to python3's json.load" "$ratio" 1.0 x

# The neighbourhood of one layer, laid out and drawn, against the summary.
around=("$planscope" export-graph "$plan" --around $((layers / 2)) --radius 4
    -o "$work/around.svg")
measure_pair 9 around summary
echo "export-graph --around $((layers / 2)) --radius 4: median wall ${wall_a} s, pairs'" \
    "ratio to summary ${ratio}"
target "ratio to summary" "$ratio" 1.2 x

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
sync
for args in "" "--around 2500 --radius 4"; do
    # shellcheck disable=SC2086
    measure 5 "$planscope" export-graph "$work/mid.onnx.engine" $args -o "$work/graph.svg"
    echo "export-graph 5,000 layers ${args:-(whole graph)}: median wall ${wall} s"
    target "wall time" "$wall" "$([ -z "$args" ] && echo 5.0 || echo 1.0)" s
done
