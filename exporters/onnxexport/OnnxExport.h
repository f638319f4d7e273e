#pragma once

#include "plan/EnginePlan.h"

#include <QString>
#include <QStringList>

namespace planscope {

struct OnnxExport {
    int nodes = 0;
    int edges = 0;     // node inputs connected to another node's output
    QStringList notes; // what the file leaves out and why (names-only plan, unconnected inputs)
};

// Writes the plan graph as an ONNX model to `path`, for Netron and other ONNX tools: one node
// per engine layer (NoOps folded, as the graph view), op_type the layer type in the domain
// "planscope", inputs and outputs by the names TensorValues gives the tensors' values,
// attributes for what users look at; graph inputs and outputs are the plan's bindings, by their
// names; value_info for every tensor with a known shape.
// Weights are not in the plan files: their counts and sizes are attributes. The model is
// checked with ONNX's checker before it is written. Throws PlanError naming `path` when the
// file cannot be written.
OnnxExport exportOnnx(const EnginePlan& plan, const QString& path);

} // namespace planscope
