#pragma once

#include "analysis/PlanAnalysis.h"

namespace planscope::test {

// The analysis of a plan a test has read (or made) itself.
inline PlanAnalysis analysisOf(EnginePlan plan) {
    return PlanAnalysis(std::make_shared<const EnginePlan>(std::move(plan)));
}

} // namespace planscope::test
