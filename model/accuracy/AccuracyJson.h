#pragma once

#include "accuracy/AccuracyMapping.h"
#include "plan/EngineMetadata.h"

#include <QByteArray>

namespace planscope {

// `planscope accuracy --json` (README.md, "Accuracy"): whether it is a validation-only run,
// runners, iterations, the tensors in the log's order with their tolerances, verdict, error and
// runner statistics and histograms, the runners whose values overflow FP16, and the layer each maps
// to (null without a plan or when none computes it), how many map, the first failing tensor and the
// first overflowing one, the output validations. A figure the log does not give, or that is not
// finite, is null. `mapping` is empty without a plan.
OrderedJson accuracyJson(const AccuracyLog& log, const EnginePlan* plan,
                         const std::vector<TensorLayer>& mapping);
// One row per tensor: verdict, FP16 overflow, tolerances, errors, both runners' mean and range, the
// layer.
QByteArray accuracyCsv(const AccuracyLog& log, const EnginePlan* plan,
                       const std::vector<TensorLayer>& mapping);

} // namespace planscope
