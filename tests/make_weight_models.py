#!/usr/bin/env python3
"""Writes the models tst_weights reads, and the figures it expects, computed here with numpy
(independently of PlanScope): an ONNX model with the node names of the shared plan
realworld/mnist-trt10.16-h100 (conv 32x1x5x5 with an outlier output channel, conv 64x32x5x5 in a
2:4 pattern, linear 1024x3136 all zeros, linear 10x1024 in INT8 behind a DequantizeLinear with
per-channel scales, a Reshape node_view no layer names), the same model with its weights in an
external data file, bad inputs, the plan (its graph JSON copied beside a profile made here).
Usage: make_weight_models.py OUT_DIR DATA_DIR"""
import json
import pathlib
import shutil
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

out = pathlib.Path(sys.argv[1])
data = pathlib.Path(sys.argv[2])
out.mkdir(parents=True, exist_ok=True)
rng = np.random.default_rng(46)

conv1_w = rng.normal(0, 0.1, (32, 1, 5, 5)).astype(np.float32)
conv1_w[7] *= 50  # the outlier output channel
conv1_b = rng.normal(0, 0.1, 32).astype(np.float32)
conv2_w = rng.normal(0, 0.05, (64, 32, 5, 5)).astype(np.float32)
for m in range(64):  # two zeros in every group of four input channels
    for g in range(0, 32, 4):
        for kh in range(5):
            for kw in range(5):
                for c in rng.choice(4, 2, replace=False):
                    conv2_w[m, g + c, kh, kw] = 0
conv2_b = rng.normal(0, 0.1, 64).astype(np.float32)
linear_w = np.zeros((1024, 3136), np.float32)
linear_b = rng.normal(0, 0.1, 1024).astype(np.float32)
linear1_q = rng.integers(-127, 128, (10, 1024)).astype(np.int8)
linear1_scale = rng.uniform(0.001, 0.01, 10).astype(np.float32)
linear1_zero = np.zeros(10, np.int8)
linear1_b = rng.normal(0, 0.1, 10).astype(np.float32)
shape = np.array([1, 3136], np.int64)

initializers = [
    numpy_helper.from_array(conv1_w, "conv1.weight"),
    # written in float_data, not raw_data: the reader converts typed fields too
    helper.make_tensor("conv1.bias", TensorProto.FLOAT, [32], conv1_b.tolist()),
    numpy_helper.from_array(conv2_w, "conv2.weight"),
    numpy_helper.from_array(conv2_b, "conv2.bias"),
    numpy_helper.from_array(shape, "view.shape"),
    numpy_helper.from_array(linear_w, "fc1.weight"),
    numpy_helper.from_array(linear_b, "fc1.bias"),
    numpy_helper.from_array(linear1_q, "fc2.weight_quantized"),
    numpy_helper.from_array(linear1_scale, "fc2.weight_scale"),
    numpy_helper.from_array(linear1_zero, "fc2.weight_zero_point"),
    numpy_helper.from_array(linear1_b, "fc2.bias"),
]
N = helper.make_node
nodes = [
    N("Conv", ["x", "conv1.weight", "conv1.bias"], ["conv2d"], "node_conv2d",
      kernel_shape=[5, 5], pads=[2, 2, 2, 2]),
    N("Relu", ["conv2d"], ["relu"], "node_relu"),
    N("MaxPool", ["relu"], ["max_pool2d"], "node_max_pool2d", kernel_shape=[2, 2], strides=[2, 2]),
    N("Conv", ["max_pool2d", "conv2.weight", "conv2.bias"], ["conv2d_1"], "node_conv2d_1",
      kernel_shape=[5, 5], pads=[2, 2, 2, 2]),
    N("Relu", ["conv2d_1"], ["relu_1"], "node_relu_1"),
    N("MaxPool", ["relu_1"], ["max_pool2d_1"], "node_max_pool2d_1", kernel_shape=[2, 2],
      strides=[2, 2]),
    N("Reshape", ["max_pool2d_1", "view.shape"], ["view"], "node_view"),
    N("Gemm", ["view", "fc1.weight", "fc1.bias"], ["linear"], "node_linear", transB=1),
    N("Relu", ["linear"], ["relu_2"], "node_relu_2"),
    N("DequantizeLinear", ["fc2.weight_quantized", "fc2.weight_scale", "fc2.weight_zero_point"],
      ["fc2.weight"], "fc2.weight_dequantize", axis=0),
    N("Gemm", ["relu_2", "fc2.weight", "fc2.bias"], ["linear_1"], "node_linear_1", transB=1),
    N("Softmax", ["linear_1"], ["y"], "node_softmax", axis=1),
    N("ArgMax", ["y"], ["z"], "node_argmax", axis=1, keepdims=0),
]
graph = helper.make_graph(
    nodes, "main_graph", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 1, 28, 28])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 10]),
     helper.make_tensor_value_info("z", TensorProto.INT64, [1])], initializers)
model = helper.make_model(graph, opset_imports=[helper.make_operatorsetid("", 13)])
onnx.checker.check_model(model)
onnx.save(model, str(out / "mnist.onnx"))

external = onnx.ModelProto()
external.CopyFrom(model)
(out / "external").mkdir(exist_ok=True)
onnx.save_model(external, str(out / "external" / "mnist.onnx"), save_as_external_data=True,
                all_tensors_to_one_file=True, location="mnist.onnx.data", size_threshold=0)
(out / "missing-data").mkdir(exist_ok=True)
shutil.copy(out / "external" / "mnist.onnx", out / "missing-data" / "mnist.onnx")

# A seed for scripts/fuzz.sh: the same graph, small (every weight 4 wide).
tiny = helper.make_graph(
    [N("Conv", ["x", "w", "b"], ["c"], "node_conv2d"),
     N("DequantizeLinear", ["q", "s"], ["d"], "dq", axis=1),
     N("Gemm", ["c", "d"], ["y"], "/a/Gemm", transB=0)],
    "tiny", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, 1, 1])],
    [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1, 4])],
    [numpy_helper.from_array(np.eye(4, dtype=np.float32).reshape(4, 4, 1, 1), "w"),
     helper.make_tensor("b", TensorProto.FLOAT16, [4], [0, 1, 2, 3]),
     numpy_helper.from_array(np.arange(16, dtype=np.int8).reshape(4, 4), "q"),
     numpy_helper.from_array(np.full(4, 0.5, np.float32), "s")])
onnx.save(helper.make_model(tiny, opset_imports=[helper.make_operatorsetid("", 13)]),
          str(out / "tiny.onnx"))

# A weight written as a Constant node (fc1's bias), as some exporters write them.
constant = onnx.ModelProto()
constant.CopyFrom(model)
bias = next(t for t in constant.graph.initializer if t.name == "fc1.bias")
constant.graph.node.insert(0, N("Constant", [], ["fc1.bias"], "fc1.bias_constant", value=bias))
constant.graph.initializer.remove(bias)
onnx.checker.check_model(constant)
onnx.save(constant, str(out / "constant-weights.onnx"))

# Bad inputs: not a model, cut short, a model whose node names no layer names.
(out / "not-a-model.onnx").write_text("this is a text file, not an ONNX model\n")
whole = (out / "mnist.onnx").read_bytes()
(out / "truncated.onnx").write_bytes(whole[: len(whole) * 6 // 10])
other = onnx.ModelProto()
other.CopyFrom(model)
for node in other.graph.node:
    node.name = "other_" + node.name
onnx.save(other, str(out / "other-names.onnx"))

# The plan: the shared graph JSON, beside a profile of its nine layers.
(out / "plan").mkdir(exist_ok=True)
shutil.copy(data / "realworld/mnist-trt10.16-h100/model-trained-exportLayerInfo.log",
            out / "plan" / "mnist.graph.json")
layers = json.loads((out / "plan" / "mnist.graph.json").read_text())["Layers"]
times = [0.0105, 0.0045, 0.0114, 0.0045, 0.0112, 0.0106, 0.0044, 0.0044, 0.0036]
total = sum(times)
profile = [{"count": 100}] + [
    {"name": layer["Name"], "timeMs": t * 100, "averageMs": t, "medianMs": t,
     "percentage": 100 * t / total} for layer, t in zip(layers, times)]
(out / "plan" / "mnist.profile.json").write_text(json.dumps(profile, indent=1))


# The figures, by PlanScope's rules (README "Weights") computed independently here.
def figures(tensors):
    """tensors: [(array, input_axis, output_axis)] -> the layer's figures."""
    values = np.concatenate([a.astype(np.float64).ravel() for a, _, _ in tensors])
    groups = ready = 0
    channel_max = []
    for a, inp, outp in tensors:
        a = a.astype(np.float64)
        if inp is not None:
            moved = np.moveaxis(a, inp, -1)
            moved = moved[..., : moved.shape[-1] // 4 * 4]  # whole groups only
            zeros = (moved.reshape(-1, 4) == 0).sum(axis=1)
            groups += zeros.size
            ready += int((zeros >= 2).sum())
        if outp is not None:
            channel_max += list(np.abs(np.moveaxis(a, outp, 0)).reshape(a.shape[outp], -1).max(axis=1))
    counts, edges = np.histogram(values, bins=32)
    median = float(np.median(channel_max)) if channel_max else 0.0
    return {
        "min": float(values.min()), "max": float(values.max()), "mean": float(values.mean()),
        "std": float(values.std()), "zero_percent": 100 * float((values == 0).mean()),
        "sparse_2_4_percent": 100 * ready / groups if groups else None,
        "channel_range_ratio": max(channel_max) / median if median else None,
        "histogram": [[float(edges[i]), float(edges[i + 1]), int(counts[i])] for i in range(32)],
    }


def layer(index, nodes, params, dtype, tensors, scales=None):
    return dict(index=index, nodes=nodes, params=params, dtype=dtype, scales=scales,
                **figures(tensors))


fc2 = layer(0, [], linear1_q.size + linear1_b.size, "INT8", [(linear1_q, 1, 0)],
            [float(s) for s in linear1_scale])
expected = {
    "graph": "main_graph",
    "onnx_nodes": len(nodes),
    "nodes_in_layers": len(nodes) - 2,
    "params": sum(a.size for a in [conv1_w, conv1_b, conv2_w, conv2_b, linear_w, linear_b,
                                    linear1_q, linear1_b]),
    "nodes_without_layer": [{"name": "node_view", "op": "Reshape"},
                            {"name": "fc2.weight_dequantize", "op": "DequantizeLinear"}],
    "layers": [
        layer(0, ["node_conv2d", "node_relu"], conv1_w.size + conv1_b.size, "FLOAT",
              [(conv1_w, 1, 0)]),
        layer(2, ["node_conv2d_1", "node_relu_1"], conv2_w.size + conv2_b.size, "FLOAT",
              [(conv2_w, 1, 0)]),
        layer(4, ["node_linear", "node_relu_2"], linear_w.size + linear_b.size, "FLOAT",
              [(linear_w, 1, 0)]),
        dict(fc2, index=5, nodes=["node_linear_1"]),
        dict(fc2, index=6, nodes=["node_linear_1", "node_softmax"]),
    ],
    "plan_latency_ms": total,
    "node_names": [n.name for n in nodes],
}
(out / "expected.json").write_text(json.dumps(expected, indent=1))
