#pragma once

#include "analysis/PlanAnalysis.h"
#include "report/Report.h"

namespace planscope::report {

// "Weights": the ONNX model beside the plan (onnxmodel/ModelWeights, the analysis's model
// weights): its coverage, the nodes in no layer, and the layers' weights (parameters, zeros, 2:4
// readiness, channel range). No section without a model.
void addWeights(Report& report, const PlanAnalysis& analysis);

} // namespace planscope::report
