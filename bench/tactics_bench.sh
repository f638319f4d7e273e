#!/usr/bin/env bash
# Reading a large verbose build log: repeats the autotuning blocks of the three real logs in
# ../shared/data/realworld/mnist-verbose-builds until the log is SIZE_MB (default 100), then runs
# `planscope tactics` on it five times (whole process, best wall time, peak RSS from GNU time).
# Usage: bench/tactics_bench.sh [BUILD_DIR] [SIZE_MB]   (default: build, 100)
set -euo pipefail
cd "$(dirname "$0")/.."
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

best=""
peak=0
for _ in 1 2 3 4 5; do
    /usr/bin/time -f "%e %M" -o "$work/time" "$build/app/planscope" tactics "$log" >/dev/null
    read -r wall rss <"$work/time"
    if [ -z "$best" ] || awk "BEGIN{exit !($wall < $best)}"; then best=$wall; fi
    [ "$rss" -gt "$peak" ] && peak=$rss
done
echo "tactics: best wall ${best} s, peak RSS $((peak / 1024)) MB"
awk "BEGIN{exit !($best < 1.5)}" && echo "  wall time target (about 1 s): met" ||
    echo "  wall time target (about 1 s): MISSED"
[ $((peak / 1024)) -lt $((mb / 2)) ] && echo "  memory target (< half the log): met" ||
    echo "  memory target (< half the log): MISSED"
