#pragma once

#include "plan/EnginePlan.h"

#include <QString>

namespace planscope {

// The plan summary as readable text, in trex's layout (Model, Device, Builder, Performance).
QString summaryText(const EnginePlan& plan);

} // namespace planscope
