#pragma once

#include "EnginePlan.h"
#include "Report.h"

namespace planscope::report {

// The report card of one plan: summary, the slowest layers, every chart with data, the lint
// findings by rule and the plan graph (or the neighbourhoods of the slowest layers).
Report planReport(const EnginePlan& plan);

// How many of the slowest layers the report lists.
inline constexpr std::size_t kTopLayers = 20;

} // namespace planscope::report
