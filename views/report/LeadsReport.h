#pragma once

#include "analysis/PlanAnalysis.h"
#include "report/Report.h"

#include <QSet>

namespace planscope::report {

// The report's first section, what to fix first: the plan's leads ranked by the time at stake,
// each with its evidence and next step; a lead's slowest layer links to its row among the
// slowest layers when it is `listed` there. Then what the plan cannot be judged on.
void addLeads(Report& report, const PlanAnalysis& analysis, const QSet<int>& listed);

} // namespace planscope::report
