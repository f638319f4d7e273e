#pragma once

#include "lint/LintSettings.h"
#include "plan/EnginePlan.h"
#include "report/Report.h"

namespace planscope::report {

// The report card of one plan: summary, the slowest layers, every chart with data, the lint
// findings by rule and the plan graph (or the neighbourhoods of the slowest layers).
// The findings are those of the rules `lint` runs, as the window shows them.
Report planReport(const EnginePlan& plan, const LintSettings& settings = {});

// How many of the slowest layers the report lists.
inline constexpr std::size_t kTopLayers = 20;

} // namespace planscope::report
