#pragma once

#include <QString>

namespace planscope {

struct TacticLog;
struct TacticSubject;

// The inspector's Tactics section for one layer: every tactic the builder timed as a bar,
// grouped by format combination and fastest first, the chosen and fastest marked, then the
// runners it skipped and why. Empty when the log says nothing about the layer.
QString tacticsHtml(const TacticLog& log, const TacticSubject& subject);

} // namespace planscope
