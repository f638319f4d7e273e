#!/usr/bin/env bash
# Installs what is missing, builds PlanScope (Release, in build/) and opens it.
# Extra arguments go to planscope, e.g. scripts/run-app.sh ../shared/data/trex/mobilenet/mobilenet.qat.onnx.engine
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j"$(nproc)"
exec build/app/planscope "$@"
