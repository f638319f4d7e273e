#pragma once

#include <QString>

namespace planscope {

// The built-in demo plan (a synthetic QAT ResNet-50, batch 8, with profile, timing and
// metadata), copied out of the resources into a temporary folder once per run.
// Returns its engine prefix, or an empty string if it cannot be written.
QString demoPlanPath();
// Whether `path` is the demo plan's prefix (false before it is written: opening another plan
// never writes it).
bool isDemoPlan(const QString& path);

} // namespace planscope
