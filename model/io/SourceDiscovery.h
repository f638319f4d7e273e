#pragma once

#include "plan/PlanSources.h"

#include <QString>

namespace planscope {

// Resolves PLAN as given on a command line: an engine prefix (x.onnx.engine), a graph JSON
// under any name, a folder holding exactly one plan, or a trtexec log (then `graph` is the
// log); finds the sibling files.
// Throws PlanError naming the path and the fix.
PlanSources discoverPlanSources(const QString& plan);

} // namespace planscope
