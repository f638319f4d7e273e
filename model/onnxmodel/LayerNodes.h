#pragma once

#include "onnxmodel/OnnxGraph.h"
#include "plan/EnginePlan.h"

#include <QStringList>
#include <vector>

namespace planscope {

// Each layer's ONNX nodes (in plan order), each node once, as the rest of PlanScope names them:
// - with the model: the nodes its Metadata names that the model holds; a layer whose Metadata
//   names none of them, the pieces of its name (plan/OnnxOrigin's nodesInName) that are nodes of
//   the model ("node_conv2d + node_relu", "{ForeignNode[/a/Mul.../a/b/Add]}": both ends);
// - without it: the nodes its Metadata names, else the pieces of its name that hold a '/' (as the
//   module rule reads them).
// A Reformatting CopyNode names no node of its own.
std::vector<QStringList> layerNodes(const EnginePlan& plan, const OnnxGraph* model = nullptr);

// The nodes each layer's time goes to, so that no time is lost: its own nodes (`nodes`, from
// layerNodes); a Reformatting CopyNode's, those of the layer it was inserted for; another layer
// naming none, those of the nearest layer before it, by the tensors it reads, that has nodes,
// else of the nearest one after it by the tensors it writes; none when no layer it connects to
// has any.
std::vector<QStringList> chargedLayerNodes(const EnginePlan& plan,
                                           const std::vector<QStringList>& nodes);

} // namespace planscope
