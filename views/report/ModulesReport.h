#pragma once

#include "analysis/PlanAnalysis.h"
#include "report/Report.h"

namespace planscope::report {

// "Time by module": the model's top-level modules and the ten heaviest modules at any depth
// (modules/ModuleTree.h), or one line saying the plan names no module path.
void addModules(Report& report, const PlanAnalysis& analysis);

} // namespace planscope::report
