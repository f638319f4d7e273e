#pragma once

#include <QString>

namespace planscope::palette {

using Rgb = quint32; // 0xRRGGBB

// The one palette of PlanScope: trex's color maps, shared by the charts, the plan graph and
// every legend, so a color means the same everywhere.
Rgb precisionColor(const QString& precision);
Rgb layerTypeColor(const QString& type);
Rgb unknownColor();
// trex's qualitative palette for keys without a fixed color (tactics, origins ...).
Rgb qualitativeColor(int index);
// A continuous scale from low (dark blue) to high (yellow), for values shown as colors.
Rgb scaleColor(double fraction);

} // namespace planscope::palette
