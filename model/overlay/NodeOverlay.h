#pragma once

#include "accuracy/AccuracyLog.h"
#include "onnxmodel/OnnxGraph.h"
#include "plan/EngineMetadata.h"
#include "plan/EnginePlan.h"

#include <QStringList>
#include <optional>
#include <vector>

namespace planscope {

// TensorRT's figures on the ONNX model's nodes, as Google's Model Explorer reads node data
// (`model-explorer MODEL.onnx --node_data_paths=FILE.json`; README.md, "Model Explorer
// overlays"): {"name", "results": {NODE: {"value"}}, "gradient": [{"stop", "bgColor"}]} for one
// graph, keyed by the graph's name when the model is known ({GRAPH: {...}}).

enum class OverlayMetric { Latency, Share, Precision, Module, Accuracy };

// The metrics' words for --metric, in order.
QStringList overlayMetricNames();
std::optional<OverlayMetric> overlayMetricNamed(const QString& word);

// What an overlay is made of: the plan, the model when known (its nodes key the results and its
// graph's name the file), and a polygraphy log for the accuracy.
struct OverlaySources {
    const EnginePlan* plan = nullptr;
    const OnnxGraph* model = nullptr;
    const AccuracyLog* accuracy = nullptr;
};

// Each node's value (numbers for latency, share and accuracy; texts for precision and module).
// Latency (the layers' average ms) and share (their percent of the plan's time) split a layer's
// time evenly among the nodes it is charged to (onnxmodel/LayerNodes' chargedLayerNodes), a
// node in several layers summing its parts: every node's values add up to the layers' time.
// Precision and module are the layers' (several layers' distinct ones joined by " + "); accuracy
// the largest relative error of the tensors a node writes (the model's outputs of the node, else
// polygraphy's tensor names read by accuracy/AccuracyMapping's nodesWritingTensor).
struct NodeValues {
    std::vector<QString> nodes; // in the order first met
    std::vector<double> numbers;
    std::vector<QString> texts;
    double unplacedMs = 0; // the time of layers charged to no node
};

// Throws PlanError when the plan lacks what the metric needs (a profile, a polygraphy log).
NodeValues overlayValues(const OverlaySources& sources, OverlayMetric metric);

// Model Explorer's node data of the values: keyed by the model's graph name when it is known.
OrderedJson nodeDataJson(const NodeValues& values, OverlayMetric metric,
                         const std::optional<QString>& graphName = std::nullopt);

} // namespace planscope
