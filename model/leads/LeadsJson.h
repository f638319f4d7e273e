#pragma once

#include "leads/Lead.h"
#include "plan/EnginePlan.h"

namespace planscope {

// `planscope leads --json` (documented in README.md): the ranked leads, each with its layers by
// index and name, and the leads this plan cannot be judged on, with what they need.
OrderedJson leadsJson(const EnginePlan& plan, const PlanLeads& leads);

} // namespace planscope
