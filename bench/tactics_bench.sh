#!/usr/bin/env bash
# Reading a large verbose build log: repeats the autotuning blocks of the three real logs in
# ../shared/data/realworld/mnist-verbose-builds until the log is SIZE_MB (default 100), then runs
# `planscope tactics` on it five times (whole process, median wall time, largest peak RSS).
# Usage: bench/tactics_bench.sh [BUILD_DIR] [SIZE_MB]   (default: build, 100)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/measure.sh
build=${1:-build}
mb=${2:-100}
data=../shared/data/realworld/mnist-verbose-builds
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

log=$work/big-verbose-build.log
for f in "$data"/*.log; do # every layer's autotuning, up to the engine's layer list
    sed -n '/Computing costs for/,/Engine Layer Information/p' "$f" |
        grep -v "Engine Layer Information" >>"$work/block"
done
head -n 120 "$data/trt10.16.1-h100-verbose-build.log" >"$log"
while [ "$(stat -c %s "$log")" -lt $((mb * 1024 * 1024)) ]; do cat "$work/block" >>"$log"; done
sed -n '/Engine Layer Information/,$p' "$data/trt10.16.1-h100-verbose-build.log" >>"$log"
echo "log: $(($(stat -c %s "$log") / 1024 / 1024)) MB, $(grep -c ' Time: ' "$log") timing lines"

measure 5 "$build/app/planscope" tactics "$log"
echo "tactics: median wall ${wall} s, peak RSS ${rss_mb} MB"
target "wall time (about 1 s)" "$wall" 1.5 s
target "memory (half the log)" "$rss_mb" $((mb / 2)) MB
