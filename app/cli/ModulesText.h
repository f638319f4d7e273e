#pragma once

#include "modules/ModuleComparison.h"
#include "modules/ModuleTree.h"

#include <QString>

namespace planscope {

// `planscope modules`: the module tree, heaviest first, indented, with time, share, layers and a
// bar; the unattributed layers after it.
QString moduleTreeText(const EnginePlan& plan, const ModuleTree& tree, int maxDepth);

// `planscope compare --by module`: each module's time in A and B, by |delta|.
QString moduleComparisonText(const EnginePlan& a, const EnginePlan& b,
                             const ModuleComparison& comparison, double threshold);

} // namespace planscope
