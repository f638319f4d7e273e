#pragma once

#include <QHash>
#include <QStringList>

namespace planscope::palette {

using Rgb = quint32; // 0xRRGGBB

// The one palette of PlanScope: trex's color maps, shared by the charts, the plan graph and
// every legend, so a color means the same everywhere.
Rgb precisionColor(const QString& precision);
// trex's color of a layer type, or ours for the types newer than trex's table (Myelin's kinds,
// TensorRT 10.7+'s types); any other type gets its own, picked by its name (the same everywhere,
// unlike any fixed one), not one gray for all.
Rgb layerTypeColor(const QString& type);
// The colors of the layer types one view shows together (a plan, a comparison): as
// layerTypeColor, except that types without a fixed color never share one (up to 20 of them;
// in name order, a type whose color an earlier one took gets the next free one).
QHash<QString, Rgb> layerTypeColors(const QStringList& types);
Rgb unknownColor();
// Marked layers (a lead's) in the graph and the charts: a magenta no type or precision has.
Rgb markColor();
// trex's qualitative palette for keys without a fixed color (tactics, origins ...).
Rgb qualitativeColor(int index);
// A continuous scale from low (dark blue) to high (yellow), for values shown as colors.
Rgb scaleColor(double fraction);

} // namespace planscope::palette
