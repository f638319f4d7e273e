#pragma once

#include "palette/Palette.h"

#include <QString>
#include <optional>
#include <utility>
#include <vector>

namespace planscope::charts {

using palette::Rgb;

// What a chart shows, independent of how it is drawn: panels of bars, points or rings whose
// marks carry their color, tooltip and the layer they stand for.

struct Mark {
    double value = 0; // bar length or ring slice size
    double x = 0;     // scatter position
    double y = 0;
    double size = 0; // scatter marker area weight (0: default size)
    Rgb color = 0;
    int layer = -1; // the layer this mark stands for, or -1
    QString key;    // legend key (type, precision ...)
    QString tooltip;
};

// One category of a bar panel; its marks stack.
struct BarGroup {
    QString label;
    std::vector<Mark> segments;
};

// A ring slice; children form the next ring out.
struct RingNode {
    QString label;
    Mark mark;
    std::vector<RingNode> children;
};

struct ReferenceLine {
    double value = 0;
    QString label;
    Rgb color = 0;
};

// A line through points in the panel's own coordinates (a roofline's roof), drawn under the
// marks of a scatter panel and named in its legend.
struct Curve {
    std::vector<std::pair<double, double>> points; // (x, y)
    Rgb color = 0;
};

struct ColorScale {
    QString label;
    double min = 0;
    double max = 0;

    bool operator==(const ColorScale&) const = default;
};

enum class PanelKind { Bars, Scatter, Rings };

struct Panel {
    PanelKind kind = PanelKind::Bars;
    QString title;
    QString xLabel;
    QString yLabel;
    bool horizontal = false; // bars grow to the right, categories down the side
    bool logX = false;
    bool logY = false;
    bool zeroBased = true;       // linear value axes start at zero
    bool labelEveryRing = false; // ring panels: name the slices of every ring, not the inner only
    // The bar value axis reaches at least this far: panels that show the same quantity side by
    // side (one per engine) share one range, so equal lengths mean equal values.
    std::optional<double> valueMax;
    std::vector<BarGroup> bars;
    std::vector<Mark> points;
    std::vector<RingNode> rings;
    std::vector<ReferenceLine> lines;
    std::vector<Curve> curves; // scatter panels
    std::vector<std::pair<QString, Rgb>> legend;
    std::optional<ColorScale> colorScale;
    QString emptyMessage = QStringLiteral("No data for this chart in this plan.");

    bool isEmpty() const { return bars.empty() && points.empty() && rings.empty(); }
    int markCount() const; // every bar segment, point and ring slice
};

struct Chart {
    QString id;
    QString title;
    std::vector<Panel> panels;
    int columns = 1; // panels are laid out in a grid this wide

    int markCount() const;
};

} // namespace planscope::charts
