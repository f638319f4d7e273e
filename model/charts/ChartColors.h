#pragma once

#include <QString>

namespace planscope::charts {

using Rgb = quint32; // 0xRRGGBB

// trex's color maps, shared by the charts, the graph and their legends.
Rgb precisionColor(const QString& precision);
Rgb layerTypeColor(const QString& type);
Rgb unknownColor();
// trex's qualitative palette for keys without a fixed color (tactics, origins ...).
Rgb paletteColor(int index);
// A continuous scale from low (dark blue) to high (yellow), for values shown as colors.
Rgb scaleColor(double fraction);

} // namespace planscope::charts
