#!/usr/bin/env python3
"""Writes an ONNX model of SIZE_MB of float32 weights (a chain of MatMul + Add nodes, 2048 x 2048
weights each, module paths three deep) and the graph JSON of an engine built from it (one layer
per MatMul + Add, its Metadata naming both nodes, as --profilingVerbosity=detailed writes it),
with a profile. Usage: make_large_model.py OUT_DIR [SIZE_MB]"""
import json
import pathlib
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = pathlib.Path(sys.argv[1])
size_mb = int(sys.argv[2]) if len(sys.argv) > 2 else 500
out.mkdir(parents=True, exist_ok=True)
n = 2048
blocks = max(1, size_mb * 1024 * 1024 // (n * n * 4))
rng = np.random.default_rng(0)
nodes, inits, layers, profile = [], [], [], [{"count": 10}]
x = "x"
for b in range(blocks):
    scope = f"/encoder/layer.{b}/dense"
    w = rng.standard_normal((n, n), dtype=np.float32)
    w[:, ::4] = 0  # a quarter zeros, for the counters
    inits += [numpy_helper.from_array(w, f"layer.{b}.weight"),
              numpy_helper.from_array(rng.standard_normal(n, dtype=np.float32), f"layer.{b}.bias")]
    nodes += [helper.make_node("MatMul", [x, f"layer.{b}.weight"], [f"{scope}/MatMul_output_0"],
                               f"{scope}/MatMul"),
              helper.make_node("Add", [f"{scope}/MatMul_output_0", f"layer.{b}.bias"],
                               [f"{scope}/Add_output_0"], f"{scope}/Add")]
    name = f"{scope}/MatMul + {scope}/Add"
    layers.append({
        "Name": name, "LayerType": "gemm",
        "Inputs": [{"Name": x, "Dimensions": [1, n], "Format/Datatype": "Float"}],
        "Outputs": [{"Name": f"{scope}/Add_output_0", "Dimensions": [1, n],
                     "Format/Datatype": "Float"}],
        "TacticName": "sm90_xmma_gemm_f32f32_f32f32_f32_tn_n_tilesize64x64x8_stage3_warpsize2x2x1",
        "Metadata": f"[ONNX Layer: {scope}/MatMul]\u001e[ONNX Layer: {scope}/Add]"})
    profile.append({"name": name, "timeMs": 0.5, "averageMs": 0.05, "medianMs": 0.05,
                    "percentage": 100 / blocks})
    x = f"{scope}/Add_output_0"
graph = helper.make_graph(nodes, "large", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, n])],
                          [helper.make_tensor_value_info(x, TensorProto.FLOAT, [1, n])], inits)
onnx.save(helper.make_model(graph, opset_imports=[helper.make_operatorsetid("", 13)]),
          str(out / "large.onnx"))
(out / "large.graph.json").write_text(json.dumps({"Layers": layers, "Bindings": ["x", x]}))
(out / "large.profile.json").write_text(json.dumps(profile))
print(f"{blocks} blocks, {(out / 'large.onnx').stat().st_size / 2**20:.0f} MiB")
