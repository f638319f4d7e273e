#pragma once

#include "accuracy/AccuracyLog.h"
#include "plan/EnginePlan.h"

#include <vector>

namespace planscope {

// The engine layer that computes a compared tensor, and how it was found.
struct TensorLayer {
    enum class How { None, Writes, OnnxNode };
    int layer = -1;
    How how = How::None;
    QString node; // the ONNX node that named it (How::OnnxNode)
};

// The names of the ONNX node that may write a tensor NAME, by the exporters' rules below: NAME,
// "node_" + NAME, and NAME without "_output_0".
QStringList nodesWritingTensor(const QString& tensor);

// Each of the log's tensors mapped to a layer of `plan` (in the log's order): the layer that
// writes a tensor of that name; otherwise the last layer, in engine order, whose Metadata names
// an ONNX node N with N == NAME, N == "node_" + NAME (PyTorch's dynamo exporter: node_relu writes
// relu) or NAME == N + "_output_0" (the older exporter: /layer1/Conv writes
// /layer1/Conv_output_0); otherwise none (folded away, or in a fusion that names no node).
// `mark all` builds another engine than the one profiled: the mapping uses the plan's fusions.
std::vector<TensorLayer> mapTensorsToLayers(const AccuracyLog& log, const EnginePlan& plan);

// How many of the log's tensors map to a layer.
int mappedTensors(const std::vector<TensorLayer>& mapping);
// When the log compares tensors and none of them maps to a layer of `plan`, the sentence saying
// so (the log is likely of another model); empty otherwise.
QString unmatchedPlanText(const AccuracyLog& log, const EnginePlan& plan,
                          const std::vector<TensorLayer>& mapping);

// A layer's largest relative error over the tensors mapped to it; missing where none maps.
std::vector<std::optional<double>> layerRelativeErrors(const AccuracyLog& log,
                                                       const std::vector<TensorLayer>& mapping,
                                                       std::size_t layers);

} // namespace planscope
