#pragma once

#include "plan/EngineMetadata.h"
#include "tactics/TacticLog.h"

namespace planscope {

// `planscope tactics --json` (documented in README.md): every subject in the log's order with
// its timings, skipped runners, choices and autotuning time, and the builds' totals.
OrderedJson tacticLogJson(const TacticLog& log);

} // namespace planscope
