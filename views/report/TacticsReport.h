#pragma once

#include "plan/EnginePlan.h"
#include "report/Report.h"

namespace planscope::report {

// The Tactics section, when the plan was read with a verbose build log: per engine layer the
// tactics timed, the fastest and the chosen time, and autotuning time; and the builds made.
void addTactics(Report& report, const EnginePlan& plan);

} // namespace planscope::report
