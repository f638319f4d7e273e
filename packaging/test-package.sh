#!/usr/bin/env bash
# CTest test of the Debian package: builds it with cpack from the build tree, unpacks it into a
# temporary root and checks what it installs: the program runs and reads a real plan, and the
# desktop entry, AppStream metadata, MIME type, man page and icons are there and valid.
# Usage: test-package.sh BUILD_DIR WORK_DIR DATA_DIR APP_ID VERSION
# Exit status: 0 passed, 1 failed, 77 (skipped) when every check ran passed but a validator
# tool is missing (its name and package are printed).
set -euo pipefail

build_dir=$1 work_dir=$2 data_dir=$3 app_id=$4 version=$5
plan=$data_dir/trex/mobilenet/mobilenet.qat.onnx.engine

failures=0
missing_tools=()
fail() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
pass() { echo "ok: $*"; }
# Runs a validator when it is installed; notes it as missing otherwise.
have_tool() {
    if command -v "$1" >/dev/null; then
        return 0
    fi
    echo "MISSING TOOL: $1 is not installed (Debian package $2): that check did NOT run"
    missing_tools+=("$1 ($2)")
    return 1
}

# A private folder under the build tree, removed on exit: parallel runs do not collide.
mkdir -p "$work_dir"
tmp=$(mktemp -d "$work_dir/package-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# 1. Build the package as a user does (cpack -G DEB in the build tree); -B keeps the .deb and
# cpack's staging tree in the private folder. cpack first runs the 'preinstall' target, which
# only checks the build is up to date after a full build (as scripts/run-tests.sh does), and
# else builds what is out of date (so CTest runs this test alone: RUN_SERIAL).
echo "== cpack -G DEB"
if ! (cd "$build_dir" && cpack -G DEB -B "$tmp/out") >"$tmp/cpack.log" 2>&1; then
    cat "$tmp/cpack.log"
    find "$tmp/out" -name '*Output.log' -exec sh -c 'echo "--- $1 (last lines)"; tail -40 "$1"' _ {} \;
    echo "FAIL: cpack could not build the package (is the build tree built and up to date?)"
    exit 1
fi
debs=("$tmp"/out/planscope_*.deb)
if [ ${#debs[@]} -ne 1 ] || [ ! -f "${debs[0]}" ]; then
    cat "$tmp/cpack.log"
    echo "FAIL: expected one planscope_*.deb, found: ${debs[*]}"
    exit 1
fi
deb=${debs[0]}
echo "built $(basename "$deb")"

# 2. Control fields.
echo "== dpkg-deb -I"
info=$(dpkg-deb -I "$deb")
echo "$info"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = planscope ] && pass "Package: planscope" || fail "Package is '$(field Package)'"
[ "$(field Version)" = "$version" ] && pass "Version: $version" || fail "Version is '$(field Version)'"
[ "$(field Section)" = devel ] && pass "Section: devel" || fail "Section is '$(field Section)'"
[ "$(field Maintainer)" = "PlanScope developers" ] && pass "Maintainer" ||
    fail "Maintainer is '$(field Maintainer)'"
depends=$(field Depends)
for dep in libqt6core6 libqt6gui6 libqt6widgets6 libqt6svg6 libgvc6 libcgraph6 fonts-dejavu-core; do
    [[ $depends == *"$dep"* ]] && pass "Depends on $dep" || fail "Depends lacks $dep: $depends"
done
[ "$(basename "$deb")" = "planscope_${version}_$(field Architecture).deb" ] &&
    pass "file name $(basename "$deb")" || fail "unexpected file name $(basename "$deb")"

# 3. Unpack and check the tree.
root=$tmp/root
dpkg-deb -x "$deb" "$root"
echo "== files"
share=$root/usr/share
files=(
    usr/bin/planscope
    "usr/share/applications/$app_id.desktop"
    "usr/share/metainfo/$app_id.metainfo.xml"
    "usr/share/mime/packages/$app_id.xml"
    usr/share/man/man1/planscope.1.gz
    usr/share/doc/planscope/copyright
    "usr/share/icons/hicolor/scalable/apps/$app_id.svg"
)
for size in 16 32 48 64 128 256; do
    files+=("usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png")
done
for f in "${files[@]}"; do
    [ -s "$root/$f" ] && pass "/$f" || fail "/$f is missing or empty"
done
[ -x "$root/usr/bin/planscope" ] || fail "/usr/bin/planscope is not executable"
app_library=$(find "$root/usr/lib" -name libplanscope-app.so 2>/dev/null | head -1)
[ -n "$app_library" ] && pass "${app_library#"$root"} (the window and the commands that draw)" ||
    fail "libplanscope-app.so is missing under /usr/lib"

# The PNGs hold the size their folder names (width and height from the IHDR chunk).
for size in 16 32 48 64 128 256; do
    png=$share/icons/hicolor/${size}x${size}/apps/$app_id.png
    [ -f "$png" ] || continue
    dims=$(od -An -tu1 -j16 -N8 "$png" | awk '{print $3*256+$4 "x" $7*256+$8}')
    [ "$dims" = "${size}x${size}" ] && pass "icon ${size}x${size} is ${dims}" ||
        fail "icon ${size}x${size} is ${dims}"
done

# 4. The unpacked program runs and reads a real plan.
echo "== the unpacked program"
bin=$root/usr/bin/planscope
if out=$("$bin" --version 2>&1) && [ "$out" = "planscope $version" ]; then
    pass "planscope --version: $out"
else
    fail "planscope --version printed: $out"
fi
if [ ! -e "$plan.graph.json" ]; then
    fail "real plan $plan.graph.json not found (PLANSCOPE_DATA_DIR=$data_dir)"
elif out=$("$bin" summary "$plan" 2>&1); then
    echo "$out" | head -8
    for want in "Layers: 72" "Average time: 0.470 ms" "Inputs: input1: [1, 3, 224, 224]xFP32 NCHW"; do
        grep -qF "$want" <<<"$out" && pass "summary shows '$want'" || fail "summary lacks '$want'"
    done
else
    echo "$out"
    fail "planscope summary $plan failed"
fi
# A command that draws runs from the app library, found from the installed program.
if [ -e "$plan.graph.json" ] &&
    out=$("$bin" export-chart "$plan" --chart latency-per-layer-ms -o "$tmp/chart.svg" 2>&1) &&
    grep -q "<svg" "$tmp/chart.svg"; then
    pass "planscope export-chart writes an SVG (the app library loads)"
else
    echo "$out"
    fail "planscope export-chart failed"
fi

# 5. Validators.
echo "== validators"
desktop=$share/applications/$app_id.desktop
grep -qx 'Exec=planscope %F' "$desktop" && pass "Exec=planscope %F" || fail "desktop Exec line"
grep -q '^MimeType=.*application/x-tensorrt-plan-graph+json;' "$desktop" &&
    pass "desktop MimeType" || fail "desktop MimeType lacks the plan graph type"
grep -q "^Icon=$app_id\$" "$desktop" && pass "desktop Icon" || fail "desktop Icon"
if have_tool desktop-file-validate desktop-file-utils; then
    if desktop-file-validate "$desktop"; then
        pass "desktop-file-validate $app_id.desktop"
    else
        fail "desktop-file-validate $app_id.desktop"
    fi
fi
if have_tool appstreamcli appstream; then
    if appstreamcli validate --no-net --explain "$share/metainfo/$app_id.metainfo.xml"; then
        pass "appstreamcli validate --no-net $app_id.metainfo.xml"
    else
        fail "appstreamcli validate --no-net $app_id.metainfo.xml"
    fi
fi
# The MIME type compiles, and *.graph.json maps to it (in a copy of the unpacked database).
if have_tool update-mime-database shared-mime-info; then
    cp -r "$share/mime" "$tmp/mime"
    if XDG_DATA_HOME=$tmp XDG_DATA_DIRS=$tmp update-mime-database "$tmp/mime" 2>"$tmp/mime.log" &&
        [ ! -s "$tmp/mime.log" ]; then
        grep -q '^60:application/x-tensorrt-plan-graph+json:\*\.graph\.json$' "$tmp/mime/globs2" &&
            pass "MIME glob *.graph.json -> application/x-tensorrt-plan-graph+json" ||
            fail "MIME glob missing from globs2: $(cat "$tmp/mime/globs2")"
    else
        cat "$tmp/mime.log"
        fail "update-mime-database rejected $app_id.xml"
    fi
fi
# The man page formats without warnings.
if have_tool groff groff-base; then
    if warnings=$(gzip -dc "$share/man/man1/planscope.1.gz" | groff -man -Tutf8 -ww -z 2>&1) &&
        [ -z "$warnings" ]; then
        pass "groff formats planscope.1 without warnings"
    else
        fail "groff on planscope.1: $warnings"
    fi
fi

echo "=="
if [ "$failures" -ne 0 ]; then
    echo "FAILED: $failures check(s)"
    exit 1
fi
if [ ${#missing_tools[@]} -ne 0 ]; then
    echo "SKIPPED: every check that ran passed, but these validators are not installed:" \
        "${missing_tools[*]}. Run scripts/install-deps.sh."
    exit 77
fi
echo "PASSED"
