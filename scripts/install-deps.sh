#!/usr/bin/env bash
# Installs the Debian 12 packages PlanScope needs to build, test and run, if any are missing,
# and the packages named as arguments (scripts/fuzz.sh adds clang's). Idempotent and quiet when
# everything is present.
set -euo pipefail

packages=(
    build-essential cmake pkg-config
    qt6-base-dev qt6-base-dev-tools qt6-svg-dev libgl-dev
    nlohmann-json3-dev libsimdjson-dev libpng-dev libgraphviz-dev libonnx-dev libprotobuf-dev python3-onnx python3-numpy
    xvfb xauth fonts-dejavu-core time poppler-utils
    dpkg-dev file desktop-file-utils appstream shared-mime-info groff-base
    "$@"
)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
