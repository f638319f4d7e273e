#pragma once

#include "analysis/PlanAnalysis.h"

namespace planscope::test {

// The analysis of a plan a test has read (or made) itself, holding it.
inline PlanAnalysis analysisOf(EnginePlan&& plan) {
    return PlanAnalysis(std::make_shared<const EnginePlan>(std::move(plan)));
}

// The analysis of a plan the test keeps alive longer than the analysis (not copied).
inline PlanAnalysis analysisOf(const EnginePlan& plan) {
    return PlanAnalysis(std::shared_ptr<const EnginePlan>(std::shared_ptr<void>(), &plan));
}

} // namespace planscope::test
