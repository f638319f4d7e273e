#pragma once

#include <QRectF>
#include <QString>
#include <vector>

class QPainter;

namespace planscope::charts {

// A value range mapped onto pixels, linear or logarithmic, with readable tick values.
class ChartAxis {
  public:
    ChartAxis(double min, double max, bool logarithmic);

    // Maps a value to a pixel between `from` (the axis' min) and `to` (its max).
    double toPixel(double value, double from, double to) const;
    std::vector<double> ticks(int maxTicks) const;
    static QString tickLabel(double value);

    double min() const { return m_min; }
    double max() const { return m_max; }
    bool logarithmic() const { return m_log; }

  private:
    double position(double value) const; // 0..1 along the axis

    double m_min;
    double m_max;
    bool m_log;
};

// Draws an axis line with ticks, tick labels and a title along one side of `plot`.
void drawValueAxis(QPainter& painter, const QRectF& plot, const ChartAxis& axis,
                   Qt::Orientation along, const QString& title);

} // namespace planscope::charts
