#pragma once

#include "compare/OnnxComparison.h"

#include <QString>

namespace planscope {

// `planscope compare A B --by onnx` as readable text: the groups by |delta| (largest first),
// the reconciliation of each engine's time, the unattributed layers and the notes. A speedup
// beyond `threshold` (a fraction) reads "faster" or "slower".
QString onnxComparisonText(const EnginePlan& a, const EnginePlan& b,
                           const OnnxComparison& comparison, double threshold);

} // namespace planscope
