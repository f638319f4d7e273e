#include "analysis/ModuleCompare.h"

namespace planscope {

ModuleComparison compareModules(const PlanAnalysis& a, const PlanAnalysis& b) {
    return compareModuleTrees(*a.modules(), *b.modules());
}

} // namespace planscope
