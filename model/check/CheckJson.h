#pragma once

#include "check/PlanCheck.h"

namespace planscope {

// What planscope check --json prints (README.md, "check --json"): the plan, its files, the
// counts per level, the figures compared and every result.
OrderedJson checkJson(const EnginePlan& plan, const PlanCheck& check);
OrderedJson checkResultJson(const CheckResult& result);
OrderedJson checkFiguresJson(const CheckFigures& figures);

// The files the check read: the plan's sources, and a profile it read but left out.
OrderedJson checkedFilesJson(const EnginePlan& plan);

} // namespace planscope
