#pragma once

#include "accuracy/AccuracyLog.h"
#include "analysis/PlanAnalysis.h"
#include "report/Report.h"

namespace planscope::report {

// The report card of one plan: summary, the slowest layers, every chart with data, the lint
// findings by rule and the plan graph (or the neighbourhoods of the slowest layers).
// The findings are the analysis's, of the rules its lint settings run, as the window shows them.
// With a polygraphy log, an Accuracy section.
Report planReport(const PlanAnalysis& analysis,
                  const std::shared_ptr<const AccuracyLog>& accuracy = nullptr);

// How many of the slowest layers the report lists.
inline constexpr std::size_t kTopLayers = 20;

} // namespace planscope::report
