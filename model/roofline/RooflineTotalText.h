#pragma once

#include "roofline/Roofline.h"

#include <QString>

namespace planscope {

// The engine's work and speed of light as the summaries word them (`planscope summary`, the
// window's Summary); a missing figure reads "-".
QString gigaflopsText(const RooflineTotal& total);  // "116.10"
QString parametersText(const RooflineTotal& total); // "11.68 M"
// "0.449 ms, 44.1 % of the measured 1.017 ms"; the speed-of-light time alone without timings.
QString speedOfLightText(const RooflineTotal& total);

} // namespace planscope
