#pragma once

#include "check/PlanCheck.h"

#include <vector>

namespace planscope {

// The checks, by what they compare; each appends its results, at most one per id.

// The profile's records against the graph's layers, by name (ProfileGraphChecks.cpp). False
// when the plan has a profile and it belongs to another engine.
bool checkProfileAgainstGraph(const EnginePlan& plan, std::vector<CheckResult>& results);

// The graph's tensors: who writes and reads each one (GraphChecks.cpp).
void checkGraph(const EnginePlan& plan, std::vector<CheckResult>& results);

// The profile's numbers against each other, the timing JSON and the performance summary
// (ProfileNumberChecks.cpp); those of another engine's profile are not looked into.
void checkProfileNumbers(const EnginePlan& plan, const CheckFigures& figures, bool ownProfile,
                         std::vector<CheckResult>& results);

// The plan's weights and activations against the build log's totals (MemoryChecks.cpp).
void checkMemory(const EnginePlan& plan, const CheckFigures& figures,
                 std::vector<CheckResult>& results);

} // namespace planscope
