#!/usr/bin/env bash
# Makes the pictures of the window: each one a fresh start (new settings) on a virtual screen of
# SIZE (default 1920x1080) under xvfb-run. Writes OUT/main-layer.png (demo plan, a layer
# selected), leads.png (a shared QAT ResNet, its Reformats lead chosen), charts.png, graph.png,
# tactics.png (a shared verbose build log, the inspector's
# Tactics section), compare.png (two shared ResNet plans) and compare-onnx.png (the shared AlexNet
# pair by ONNX op, the classifier chosen). The README shows
# the ones in docs/screenshots/; run this again whenever the window changes.
#
#   scripts/screenshots.sh [OUT] [SIZE] [PLANSCOPE]     e.g. scripts/screenshots.sh /tmp/s 1366x768
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-docs/screenshots}
size=${2:-1920x1080}
planscope=${3:-build/app/planscope}
data=../shared/data
if [ ! -x "$planscope" ]; then
    scripts/install-deps.sh
    cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build build -j"$(nproc)" --target planscope
fi
mkdir -p "$out"
settings=$(mktemp -d)
trap 'rm -rf "$settings"' EXIT

shot() { # NAME planscope-arguments...
    local name=$1
    shift
    rm -rf "${settings:?}"/*
    env -u QT_QPA_PLATFORM XDG_CONFIG_HOME="$settings" QT_SCALE_FACTOR=1 \
        xvfb-run -a -s "-screen 0 ${size}x24" "$planscope" --screenshot "$out/$name.png" "$@"
    echo "$out/$name.png"
}

layer="/layer1/layer1.2/conv3/Conv + /layer1/layer1.2/Add + /layer1/layer1.2/relu3/Relu"
shot main-layer --tab layers --select "$layer"
shot modules --tab modules \
    "$data/realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/b/layerinfo.json"
shot leads --tab leads --lead reformats "$data/trex/resnet-a100/qat/resnet-qat.onnx.engine"
shot charts --tab charts --chart latency-sunburst --select "$layer"
shot graph --tab graph --select "$layer"
shot tactics --tab layers --select "Conv-1 + ReLU-2" \
    "$data/realworld/mnist-verbose-builds/trt8.6.0-rtx3090-verbose-build.log"
shot compare --tab layers "$data/trex/resnet-a100/fp32/resnet.onnx.engine" \
    "$data/trex/resnet-a100/fp16/resnet.onnx.engine" --select 3
onnx_pair="$data/realworld/onnx-op-pairs/alexnet-pyapi-vs-trtexec"
shot compare-onnx --tab onnx "$onnx_pair/a/trt_engine_info.json" \
    "$onnx_pair/b/alexnet_fp16.graph.json" --select 0
