#!/usr/bin/env bash
# Issue 45: `roofline --json` (every layer's FLOPs, bytes and speed of light) against
# `summary --json` on a generated plan of 21,002 layers (see README.md here for the target).
# The ratio is the median of 21 paired whole-process runs (measure.sh; nine until 2026-11-28
# session 5, whose median moved by a tenth between runs of the script).
# Usage: bench/roofline_bench.sh [BUILD_DIR]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/measure.sh
build=${1:-build}
planscope=$build/app/planscope
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$build/resources/planscope-generate-plan" --layers 21002 -o "$work/plain.onnx.engine"
sync # the plan written back now, not during the first runs

roofline=("$planscope" roofline --json "$work/plain.onnx.engine")
summary=("$planscope" summary --json "$work/plain.onnx.engine")
measure_pair 21 roofline summary
echo "roofline --json, 21,002 layers: median wall ${wall_a} s (summary --json ${wall_b} s)," \
    "pairs' ratio ${ratio}, peak ${rss_a_mb} MiB"
target "ratio to summary --json" "$ratio" 1.1 x
