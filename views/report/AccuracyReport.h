#pragma once

#include "accuracy/AccuracyLog.h"
#include "accuracy/AccuracyMapping.h"
#include "plan/EnginePlan.h"
#include "report/Report.h"

namespace planscope::report {

// "Accuracy": the polygraphy log's verdicts (or its validation run's), the first failing tensor
// and the first overflowing FP16 with the layers computing them (with a plan, and `mapping`, the
// log's tensors on it: PlanAnalysis::accuracy; or that none maps), every tensor's FP16 overflow,
// errors and required tolerance, and the histograms of the first failing (else the worst) tensor.
void addAccuracy(Report& report, const AccuracyLog& log, const EnginePlan* plan,
                 const std::vector<TensorLayer>& mapping);

} // namespace planscope::report
