#pragma once

#include "lint/LintFinding.h"
#include "plan/EngineMetadata.h"

#include <vector>

namespace planscope {

// `planscope lint --json` (documented in README.md): each finding with its rule, severity,
// layer, hazard, mitigation, help and details.
OrderedJson findingJson(const LintFinding& finding);
OrderedJson findingsJson(const std::vector<LintFinding>& findings); // {"findings": [...]}

} // namespace planscope
