#!/usr/bin/env bash
# Opening a plan at every size (issue 42; see README.md here for the targets): the window to its
# first screenshot on generated plans of 21,002 layers (with and without PyTorch module paths)
# and 210,000 layers, the Charts tab's memory, `summary --json` against python3's json.load and
# across ten times the layers, `modules --json` against `summary --json`, and opening one module.
# Ratios are medians of paired whole-process runs (measure.sh). With BASELINE, a planscope
# binary built from another commit, the window and the summary are also paired against it.
# Usage: bench/opening_bench.sh [BUILD_DIR] [BASELINE]   (default: build)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/measure.sh
build=${1:-build}
baseline=${2:-}
planscope=$build/app/planscope
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

generate() { # NAME LAYERS [--module-paths]
    "$build/resources/planscope-generate-plan" --layers "$2" ${3:+"$3"} -o "$work/$1.onnx.engine"
}
generate plain 21002
generate paths 21002 --module-paths
generate large 210000
sync # the plans written back now, not during the first runs

# The window as the issue times it: offscreen, a fresh HOME for every run (a new settings folder:
# the wrapper's mktemp and rm are counted, about 2 ms), the picture written as PNG.
cat >"$work/window.sh" <<'EOF'
#!/bin/sh
home=$(mktemp -d)
HOME=$home XDG_CONFIG_HOME=$home/.config QT_QPA_PLATFORM=offscreen "$@" 2>/dev/null
status=$?
rm -rf "$home"
exit $status
EOF
chmod +x "$work/window.sh"
window() { # ARRAY_NAME PLANSCOPE PLAN [ARG...]: the window command into the named array
    local -n command=$1
    command=("$work/window.sh" "$2" --screenshot "$work/shot.png" "${@:4}" "$3")
}
python_load() { # ARRAY_NAME PLAN
    local -n command=$1
    command=(/usr/bin/python3 -c 'import json, sys
for path in sys.argv[1:]: json.load(open(path))' "$2.graph.json" "$2.profile.json")
}

for name in plain paths; do
    plan=$work/$name.onnx.engine
    window opened "$planscope" "$plan"
    python_load loaded "$plan"
    measure_pair 9 opened loaded
    echo "window, 21,002 layers ($name): median wall ${wall_a} s, python3 json.load ${wall_b} s," \
        "pairs' ratio ${ratio}, peak ${rss_a_mb} MiB"
    target "ratio to python3's json.load" "$ratio" 0.6 x
    if [ -n "$baseline" ]; then
        window before "$baseline" "$plan"
        measure_pair 9 opened before
        echo "  against the baseline: ${wall_a} s / ${wall_b} s, pairs' ratio ${ratio}"
    fi
done

large=$work/large.onnx.engine
window opened "$planscope" "$large"
measure 5 "${opened[@]}"
echo "window, 210,000 layers: median wall ${wall} s, peak ${rss_mb} MiB"
target "wall time" "$wall" 2.0 s
target "memory" "$rss_mb" 600 MiB
window_rss=$rss_mb
window charts "$planscope" "$large" --tab charts
measure 5 "${charts[@]}"
echo "window on its Charts tab, 210,000 layers: median wall ${wall} s, peak ${rss_mb} MiB," \
    "$(awk "BEGIN{printf \"%.2f\", $rss_mb / $window_rss}")x the window's"
target "memory, 2 x the window's" "$rss_mb" "$((2 * window_rss))" MiB
if [ -n "$baseline" ]; then
    window before "$baseline" "$large"
    measure 3 "${before[@]}"
    echo "  the baseline's window: median wall ${wall} s, peak ${rss_mb} MiB"
fi

plain=$work/plain.onnx.engine
summary=("$planscope" summary --json "$plain")
python_load loaded "$plain"
measure_pair 9 summary loaded
echo "summary --json, 21,002 layers: median wall ${wall_a} s, pairs' ratio to python3's" \
    "json.load ${ratio}"
target "ratio to python3's json.load" "$ratio" 0.25 x
large_summary=("$planscope" summary --json "$large")
measure_pair 5 large_summary summary
echo "summary --json, 210,000 layers: median wall ${wall_a} s, pairs' ratio to 21,002 layers" \
    "${ratio}"
target "ratio for ten times the layers" "$ratio" 10.5 x

paths=$work/paths.onnx.engine
tree=("$planscope" modules --json "$paths")
summary=("$planscope" summary --json "$paths")
measure_pair 9 tree summary
echo "modules --json, 21,002 layers with module paths: median wall ${wall_a} s, pairs' ratio" \
    "to summary --json ${ratio}"
target "ratio to summary --json" "$ratio" 1.1 x

# Opening one module (a stage of 64 blocks) lays the module graph out again: the graph with it
# open against the graph closed, both drawn to SVG; the difference of the medians.
closed=("$planscope" export-graph "$paths" --modules -o "$work/closed.svg")
opened=("$planscope" export-graph "$paths" --modules --open layer7 -o "$work/open.svg")
measure_pair 9 opened closed
echo "export-graph --modules --open layer7: median wall ${wall_a} s, closed ${wall_b} s"
target "opening one module (difference of medians)" \
    "$(awk "BEGIN{print $wall_a - $wall_b}")" 0.1 s
