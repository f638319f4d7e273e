#pragma once

#include "analysis/PlanAnalysis.h"
#include "report/Report.h"

namespace planscope::report {

// "Time by module": the model's top-level modules and the ten heaviest modules at any depth
// (modules/ModuleTree.h), or one line saying the plan names no module path.
void addModules(Report& report, const PlanAnalysis& analysis);

// "Time by module" of a comparison: the change every block shares where there is one, the
// engines' totals and unattributed time, and the modules with the largest |delta| at any depth.
void addModuleComparison(Report& report, const PlanAnalysis& a, const PlanAnalysis& b);

} // namespace planscope::report
