#pragma once

#include "accuracy/AccuracyLog.h"
#include "lint/LintSettings.h"
#include "plan/EnginePlan.h"
#include "report/Report.h"

namespace planscope::report {

// The report card of one plan: summary, the slowest layers, every chart with data, the lint
// findings by rule and the plan graph (or the neighbourhoods of the slowest layers).
// The findings are those of the rules `lint` runs, as the window shows them. With a polygraphy
// log, an Accuracy section (keep the log alive until the report is written).
Report planReport(const EnginePlan& plan, const LintSettings& settings = {},
                  const AccuracyLog* accuracy = nullptr);

// How many of the slowest layers the report lists.
inline constexpr std::size_t kTopLayers = 20;

} // namespace planscope::report
