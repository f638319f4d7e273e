#pragma once

#include "analysis/PlanAnalysis.h"
#include "modules/ModuleComparison.h"

namespace planscope {

// Two engines' time by module from their analyses' module trees (made once, and shared with the
// Modules tab, the graph and the report), as compareByModule makes it from the plans.
ModuleComparison compareModules(const PlanAnalysis& a, const PlanAnalysis& b);

} // namespace planscope
