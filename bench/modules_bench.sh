#!/usr/bin/env bash
# Time by module on a 21k-layer plan whose layers carry PyTorch module paths three levels deep
# (stage, block, op module: /layer7/layer7.12/conv1/Conv), against the summary and python3's
# json.load of the same files (see README.md here for the targets).
# Usage: bench/modules_bench.sh [BUILD_DIR] [LAYERS]   (default: build, 21002)
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/measure.sh
build=${1:-build}
layers=${2:-21002}
planscope=$build/app/planscope
work=$(mktemp -d)
xvfb=
trap '[ -n "$xvfb" ] && kill "$xvfb"; rm -rf "$work"' EXIT

plan=$work/modules.onnx.engine
"$build/resources/planscope-generate-plan" --layers "$layers" --module-paths -o "$plan"
sync
modules=$("$planscope" modules --json "$plan" | grep -c '"path"')
echo "plan: $layers layers, $modules modules"

summary=("$planscope" summary --json "$plan")
tree=("$planscope" modules --json "$plan")
measure_pair 9 tree summary
echo "modules --json: median wall ${wall_a} s, summary --json ${wall_b} s, pairs' ratio ${ratio}"
target "ratio to summary --json" "$ratio" 1.1 x

# The Graph tab opens on the modules (depth 1) for a plan with module paths: the window to its
# first screenshot of that tab, fresh settings, against python3 loading the two JSON files.
# The window opens on a display that is already there, as on a desktop: one Xvfb serves every
# run (xvfb-run would start a server for each, about 50 ms that are not the window's). The
# picture is written as BMP: encoding a PNG (about 25 ms) is no part of opening the graph.
Xvfb -displayfd 1 -screen 0 1366x768x24 -nolisten tcp >"$work/display" 2>/dev/null &
xvfb=$!
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
python_load=(/usr/bin/python3 -c 'import json, sys
for path in sys.argv[1:]: json.load(open(path))' "$plan.graph.json" "$plan.profile.json")
window=(env -u QT_QPA_PLATFORM DISPLAY=":$(cat "$work/display")"
    XDG_CONFIG_HOME="$work/config" QT_SCALE_FACTOR=1
    "$planscope" --screenshot "$work/graph.bmp" --tab graph "$plan")
measure_pair 9 window python_load
echo "window on the module graph: median wall ${wall_a} s, python3 json.load ${wall_b} s," \
    "pairs' ratio ${ratio}"
target "ratio to python3's json.load" "$ratio" 1.0 x

# Opening one module (a stage of 64 blocks) re-lays the graph out: the module graph with it
# open against the module graph closed, both drawn to SVG; the difference of the medians is
# what opening it costs.
closed=("$planscope" export-graph "$plan" --modules -o "$work/closed.svg")
opened=("$planscope" export-graph "$plan" --modules --open layer7 -o "$work/open.svg")
measure_pair 9 opened closed
echo "export-graph --modules --open layer7: median wall ${wall_a} s, closed ${wall_b} s"
target "opening one module (difference of medians)" \
    "$(awk "BEGIN{print $wall_a - $wall_b}")" 0.1 s
