#pragma once

#include "compare/OnnxComparison.h"

#include <QByteArray>
#include <vector>

namespace planscope {

// The groups of a comparison by ONNX op as CSV, one row per index of `groups` in that order
// (the ONNX ops tab exports what it shows). Columns: group (its place in the comparison, from
// 1), onnx, only_in ("a", "b" or empty), shape, a_ms, b_ms, delta_ms, speedup, fusion_differs,
// a_layers, a_types, a_folded, a_charged and the same for b. Lists are JSON arrays of names as
// the graph files write them; a missing time is an empty cell, never 0.
QByteArray onnxGroupsCsv(const OnnxComparison& comparison, const EnginePlan& a, const EnginePlan& b,
                         const std::vector<int>& groups);

} // namespace planscope
