#pragma once

#include "analysis/PlanAnalysis.h"
#include "report/Report.h"

namespace planscope::report {

// "Speed of light" (README.md's): the device and its roofs, the engine's work and speed of light,
// and the layers with the most time above their speed of light (roofline/Roofline.h, the
// analysis's roofline: the files' device, or the one chosen in the window); without a device,
// one line saying how to give one.
void addSpeedOfLight(Report& report, const PlanAnalysis& analysis);

} // namespace planscope::report
