#pragma once

#include <QRectF>
#include <QString>
#include <vector>

class QFontMetricsF;

namespace planscope::charts {

struct PaintContext;

struct AxisTick {
    double value = 0;
    QString label;
};

// A value range mapped onto pixels, linear or logarithmic, with ticks at 1, 2, 5 steps (linear)
// or at decades (logarithmic) labelled by formatTick (charts/ChartBuilders.h).
class ChartAxis {
  public:
    // An `integral` axis (counts) ticks at whole numbers only.
    ChartAxis(double min, double max, bool logarithmic, bool integral = false);

    // Maps a value to a pixel between `from` (the axis' min) and `to` (its max).
    double toPixel(double value, double from, double to) const;
    // At most about `maxTicks` ticks inside the range, labelled to their step.
    std::vector<AxisTick> ticks(int maxTicks) const;
    // The most ticks whose labels fit `length` pixels without touching each other: along the
    // axis, horizontal labels need their width, vertical ones a line each.
    std::vector<AxisTick> fittingTicks(const QFontMetricsF& metrics, double length,
                                       bool horizontal) const;

    double min() const { return m_min; }
    double max() const { return m_max; }
    bool logarithmic() const { return m_log; }

  private:
    double position(double value) const; // 0..1 along the axis
    double linearStep(int maxTicks) const;

    double m_min;
    double m_max;
    bool m_log;
    bool m_integral;
};

// Room the vertical axis' tick labels take beside a plot this tall.
double tickLabelWidth(const ChartAxis& axis, const QFontMetricsF& metrics, double height);

// The plot inside `body` with room for `vertical`'s labels and title on the left, a line of
// labels and the axis title below, half a label above and `right` on the right.
QRectF plotBesideAxes(const QRectF& body, const ChartAxis& vertical, const QFontMetricsF& metrics,
                      double right);

// Draws an axis line with grid lines, tick labels and a title along one side of `plot` (left
// or bottom). The title is elided to the plot's length (whole in a tooltip).
void drawValueAxis(PaintContext& context, const QRectF& plot, const ChartAxis& axis,
                   Qt::Orientation along, const QString& title);

} // namespace planscope::charts
