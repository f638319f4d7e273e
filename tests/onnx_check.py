#!/usr/bin/env python3
"""Exports every real plan in the data folder as ONNX with `planscope export-graph --format onnx`
and checks each file with onnx.checker.check_model (Debian's python3-onnx), as Netron's users'
tools would read it. Usage: onnx_check.py PLANSCOPE DATA_DIR"""
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
]


def main():
    planscope, data = sys.argv[1], pathlib.Path(sys.argv[2])
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for i, plan in enumerate(PLANS):
            out = pathlib.Path(folder) / f"{i}.onnx"
            run = subprocess.run([planscope, "export-graph", str(data / plan), "--format", "onnx",
                                  "-o", str(out)], capture_output=True, text=True)
            if run.returncode != 0:
                failures.append(f"{plan}: planscope exited {run.returncode}: {run.stderr}")
                continue
            model = onnx.load(str(out))
            try:
                onnx.checker.check_model(model)
            except onnx.checker.ValidationError as error:
                failures.append(f"{plan}: {error}")
                continue
            if not model.graph.node or not model.graph.input or not model.graph.output:
                failures.append(f"{plan}: no nodes, inputs or outputs")
            print(f"{plan}: {len(model.graph.node)} nodes, checker passed")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
