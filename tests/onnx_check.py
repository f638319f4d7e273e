#!/usr/bin/env python3
"""Exports every real plan in the data folder as ONNX with `planscope export-graph --format onnx`
and checks each file with onnx.checker.check_model (Debian's python3-onnx), as Netron's users'
tools would read it: the checker passes and prints no warning (ONNX 1.12 warns of "experimental
ops" by op type, whatever the domain), every node is in the planscope domain, which the model
imports. Usage: onnx_check.py PLANSCOPE DATA_DIR"""
import pathlib
import subprocess
import sys
import tempfile

import onnx

PLANS = [
    "trex/mobilenet/mobilenet.qat.onnx.engine",
    "trex/mobilenet/mobilenet_v2_residuals.qat.onnx.engine",
    "trex/resnet-a100/fp32/resnet.onnx.engine",
    "trex/resnet-a100/fp16/resnet.onnx.engine",
    "trex/resnet-a100/qat/resnet-qat.onnx.engine",
    "trex/resnet-a100/qat-residual/resnet-qat-residual.onnx.engine",
    "trex/resnet-a100/qat-residual-qgap/resnet-qat-residual-qgap.onnx.engine",
    "realworld/alexnet-trt10-rtx3060/alexnet_fp16",
    "realworld/aeb-bev-trt86/layers_.json",
    "realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log",
    "realworld/mnist-verbose-builds/trt8.6.0-rtx3090-verbose-build.log",
    "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/a/layerinfo.json",
    "realworld/onnx-op-pairs/controlnet-trt86-7bb9d37-vs-d6f4129/b/layerinfo.json",
]

# The checker in a process of its own: its warnings go to that process's stderr.
CHECK = "import onnx, sys; onnx.checker.check_model(onnx.load(sys.argv[1]))"


def problems(plan, planscope, out):
    run = subprocess.run([planscope, "export-graph", str(plan), "--format", "onnx", "-o", str(out)],
                         capture_output=True, text=True)
    if run.returncode != 0:
        return [f"planscope exited {run.returncode}: {run.stderr}"], 0
    found = []
    if "Warning" in run.stderr:
        found.append(f"planscope's export printed a checker warning: {run.stderr.strip()}")
    check = subprocess.run([sys.executable, "-c", CHECK, str(out)], capture_output=True, text=True)
    if check.returncode != 0 or check.stderr.strip():
        found.append(f"onnx.checker: {check.stderr.strip()}")
    model = onnx.load(str(out))
    if not model.graph.node or not model.graph.input or not model.graph.output:
        found.append("no nodes, inputs or outputs")
    if ("planscope", 1) not in [(o.domain, o.version) for o in model.opset_import]:
        found.append("no opset import for the planscope domain")
    foreign = {node.domain for node in model.graph.node} - {"planscope"}
    if foreign:
        found.append(f"nodes outside the planscope domain: {sorted(foreign)}")
    return found, len(model.graph.node)


def main():
    planscope, data = sys.argv[1], pathlib.Path(sys.argv[2])
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for i, plan in enumerate(PLANS):
            out = pathlib.Path(folder) / f"{i}.onnx"
            found, nodes = problems(data / plan, planscope, out)
            failures += [f"{plan}: {p}" for p in found]
            if not found:
                print(f"{plan}: {nodes} nodes, checker passed without warnings")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
