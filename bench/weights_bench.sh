#!/usr/bin/env bash
# Reading the ONNX model beside a plan (issue 46): makes a model of SIZE_MB of float32 weights and
# the graph of an engine built from it (bench/make_large_model.py), then times `planscope weights
# --json` against Debian's python3 merely loading the model with onnx.load (paired runs, the
# median of nine ratios; whole processes; largest peak RSS).
# Usage: bench/weights_bench.sh [BUILD_DIR] [SIZE_MB]   (default: build, 500)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/measure.sh
build=${1:-build}
mb=${2:-500}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

/usr/bin/python3 bench/make_large_model.py "$work" "$mb"
cat "$work/large.onnx" >/dev/null # in the page cache for both
weights=("$build/app/planscope" weights "$work/large.graph.json" --onnx "$work/large.onnx" --json)
python=(/usr/bin/python3 -c "import onnx, sys; onnx.load(sys.argv[1])" "$work/large.onnx")
measure_pair 9 weights python
echo "weights --json: median wall ${wall_a} s, python3 onnx.load ${wall_b} s, ratio ${ratio}, peak RSS ${rss_a_mb} MiB"
target "against onnx.load" "$ratio" 2 x
