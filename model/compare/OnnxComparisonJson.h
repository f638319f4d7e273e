#pragma once

#include "compare/OnnxComparison.h"
#include "plan/EngineMetadata.h"

#include <QByteArray>
#include <vector>

namespace planscope {

// `planscope compare A B --by onnx --json` (README.md, "Compare by ONNX op"): {"groups": [...],
// "a_total_ms", "b_total_ms", "unattributed": {"a_ms", "b_ms", "a_layers": [{"name", "ms"}],
// "b_layers", "pairs"}, "a_grouped_ms", "b_grouped_ms", "shared_onnx_nodes", "notes"}. Layer
// names as the plans name them; a time the files do not hold is null.
OrderedJson onnxComparisonJson(const EnginePlan& a, const EnginePlan& b,
                               const OnnxComparison& comparison);

// One group as "groups" lists it: "onnx", "a_layers", "b_layers", "a_ms", "b_ms", "shape",
// "only_in" (null, "a" or "b"), "delta_ms", "speedup", "fusion_differs", "a_charged",
// "b_charged", "a_folded", "b_folded", "a_types", "b_types".
OrderedJson onnxGroupJson(const EnginePlan& a, const EnginePlan& b, const OnnxGroup& group);

// One CSV row per index of `groups` (into comparison.groups), in the order given: "group" (its
// number, from 1), then the fields of onnxGroupJson (a list one cell of one name a line, a
// missing time an empty cell). `compare --by onnx --csv` and the ONNX ops tab's export.
QByteArray onnxGroupsCsv(const EnginePlan& a, const EnginePlan& b, const OnnxComparison& comparison,
                         const std::vector<int>& groups);

} // namespace planscope
