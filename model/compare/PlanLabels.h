#pragma once

#include "plan/EnginePlan.h"

#include <QStringList>
#include <vector>

namespace planscope {

// What a comparison calls each plan: the shortest end of its path that tells the plans apart,
// without ".graph.json" ("fp32/resnet.onnx.engine" and "fp16/resnet.onnx.engine"; a plan's own
// name when the names differ). The same file twice is told apart by its place, "x (2)".
QStringList planLabels(const std::vector<const EnginePlan*>& plans);
QStringList planLabels(const EnginePlan& a, const EnginePlan& b);

} // namespace planscope
