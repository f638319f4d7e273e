#pragma once

#include "charts/Chart.h"

#include <QRectF>
#include <vector>

class QFontMetricsF;

namespace planscope::charts {

// Where a chart's panels go in the room it gets. Panels keep the chart's columns while each
// has the room it needs; with less room they reflow to the grid that leaves the most cramped
// panel best off (so 600 px stack what 1600 px lay side by side).
struct ChartLayout {
    std::vector<QRectF> panels;
    QRectF sharedLegend; // empty unless every panel has the same legend: drawn once, here
};

ChartLayout layoutChart(const Chart& chart, const QRectF& area, const QFontMetricsF& metrics);

// The height at which every panel of `chart`, drawn `width` wide, gets the room it reads well
// in (a scrolling view grows the chart to it).
double comfortableHeight(const Chart& chart, double width, const QFontMetricsF& metrics);

// Charts are drawn in the painter's font at this size, titles a little larger.
constexpr int kChartFontPixels = 12;
constexpr int kChartTitlePixels = 15;
constexpr double kChartTitleHeight = 30;

// The legend every panel shares, or nullptr.
const Panel* sharedLegendPanel(const Chart& chart);

// How wide a panel's legend is drawn in a panel `panelWidth` wide.
double legendWidth(const Panel& panel, const QFontMetricsF& metrics, double panelWidth);

} // namespace planscope::charts
