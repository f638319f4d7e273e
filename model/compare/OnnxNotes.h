#pragma once

#include "compare/OnnxComparison.h"

#include <vector>

namespace planscope {

// The notes of a comparison by ONNX op (OnnxNote lists their ids), from its groups, unattributed
// layers and totals.
std::vector<OnnxNote> onnxNotes(const EnginePlan& a, const EnginePlan& b,
                                const OnnxComparison& comparison);

// Share of an engine's time above which its unattributed layers get a note, in percent.
inline constexpr double kUnattributedNotePercent = 10;

} // namespace planscope
