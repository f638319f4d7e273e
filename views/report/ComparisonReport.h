#pragma once

#include "analysis/PlanAnalysis.h"
#include "report/Report.h"

namespace planscope::report {

// The report card of a comparison of plan A with plan B: both summaries side by side, B's
// speedup, the comparison charts, the matched layers whose latency changed most, the ten groups
// of ONNX nodes whose time changed most (compare/OnnxComparison.h), the lint findings per plan
// and both plans' graphs. `exact` chooses trex's layer matching.
Report comparisonReport(const PlanAnalysis& analysisA, const PlanAnalysis& analysisB,
                        bool exact = true);

} // namespace planscope::report
