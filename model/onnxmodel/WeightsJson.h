#pragma once

#include "onnxmodel/ModelWeights.h"
#include "plan/EngineMetadata.h"

#include <QByteArray>

namespace planscope {

// `planscope weights --json` (README.md, "The ONNX model beside the engine"): the model, its graph,
// its nodes, those in a layer and those in none (name and op), the parameters and those a layer
// reads, and each layer naming a node: index, name, nodes, params, dtype, min, max, mean, std,
// zero_percent, non_finite, sparse_2_4_percent, channel_range_ratio, outlier_channel, scales (null
// without Q/DQ) and the histogram as [low, high, count] bins. A figure without values is null.
OrderedJson weightsJson(const ModelWeights& weights, const EnginePlan& plan);
// Its coverage alone (model, graph, onnx_nodes, nodes_in_layers, node_share_percent, params,
// params_in_layers, param_share_percent): `summary --onnx --json`'s "onnx_model".
OrderedJson coverageJson(const ModelWeights& weights);
// One row per layer: those figures, the histogram left out, the scales' count, min and max.
QByteArray weightsCsv(const ModelWeights& weights, const EnginePlan& plan);

} // namespace planscope
