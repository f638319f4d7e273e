#include "chartview/ChartLayout.h"

#include "chartview/PanelPainters.h"

#include <QFontMetricsF>
#include <algorithm>

namespace planscope::charts {
namespace {

constexpr double kGap = 8; // between panels

bool hasLegend(const Panel& panel) {
    return !panel.legend.empty() || panel.colorScale.has_value();
}

// The room a panel reads well in, legend included.
QSizeF comfortableSize(const Panel& panel, const QFontMetricsF& metrics, bool ownLegend) {
    const double legend = ownLegend ? legendWidth(panel, metrics, 600) : 0;
    const double title = panel.title.isEmpty() ? 0 : metrics.height() + 6;
    if (panel.isEmpty())
        return {240, 100 + title};
    switch (panel.kind) {
    case PanelKind::Rings:
        return {220 + legend, 220 + title};
    case PanelKind::Scatter:
        return {300 + legend, 210 + title};
    case PanelKind::Bars:
        if (panel.horizontal) // a line per category, at least
            return {330 + legend,
                    std::clamp(metrics.height() * double(panel.bars.size()), 120.0, 400.0) + 60 +
                        title};
        return {320 + legend, 200 + title};
    }
    return {300, 200};
}

} // namespace

const Panel* sharedLegendPanel(const Chart& chart) {
    if (chart.panels.size() < 2 || !hasLegend(chart.panels.front()))
        return nullptr;
    const Panel& first = chart.panels.front();
    for (const Panel& p : chart.panels)
        if (p.legend != first.legend || p.colorScale != first.colorScale)
            return nullptr;
    return &first;
}

double legendWidth(const Panel& panel, const QFontMetricsF& metrics, double panelWidth) {
    if (!hasLegend(panel))
        return 0;
    // At most a third of a narrow panel, at most 200 px: the plot keeps the room.
    const double cap = std::clamp(panelWidth * 0.34, 70.0, 200.0);
    return std::min(cap, legendSize(panel, metrics, cap).width());
}

double comfortableHeight(const Chart& chart, double width, const QFontMetricsF& metrics) {
    const Panel* shared = sharedLegendPanel(chart);
    const double grid =
        width - 8 - (shared ? legendWidth(*shared, metrics, width) + kGap : 0); // as paint()
    const int count = static_cast<int>(chart.panels.size());
    // As many of the chart's columns as leave each panel most (80%) of the width it wants.
    int columns = std::clamp(chart.columns, 1, std::max(1, count));
    double tallest = 0;
    for (const Panel& p : chart.panels) {
        const QSizeF need = comfortableSize(p, metrics, !shared);
        while (columns > 1 && grid / columns < 0.8 * need.width())
            --columns;
        tallest = std::max(tallest, need.height());
    }
    const int rows = count > 0 ? (count + columns - 1) / columns : 0;
    return kChartTitleHeight + 4 + rows * (tallest + kGap);
}

ChartLayout layoutChart(const Chart& chart, const QRectF& area, const QFontMetricsF& metrics) {
    ChartLayout layout;
    QRectF grid = area;
    const Panel* shared = sharedLegendPanel(chart);
    if (shared) {
        const double width = legendWidth(*shared, metrics, area.width());
        layout.sharedLegend = QRectF(area.right() - width, area.top(), width, area.height());
        grid.setRight(area.right() - width - kGap);
    }
    const int count = static_cast<int>(chart.panels.size());
    if (count == 0)
        return layout;
    // How well the most cramped panel fares with `columns` columns (1: all it needs).
    const auto fit = [&](int columns) {
        const int rows = (count + columns - 1) / columns;
        const double w = grid.width() / columns;
        const double h = grid.height() / rows;
        double worst = 1e9;
        for (const Panel& p : chart.panels) {
            const QSizeF need = comfortableSize(p, metrics, !shared);
            worst = std::min({worst, w / need.width(), h / need.height()});
        }
        return worst;
    };
    int columns = std::clamp(chart.columns, 1, count);
    if (fit(columns) < 1)
        for (int c = 1; c <= count; ++c)
            if (fit(c) > fit(columns) + 1e-9)
                columns = c;
    const int rows = (count + columns - 1) / columns;
    const double w = grid.width() / columns;
    const double h = grid.height() / rows;
    for (int i = 0; i < count; ++i) {
        const int row = i / columns;
        const QRectF cell(grid.left() + (i % columns) * w, grid.top() + row * h, w, h);
        layout.panels.push_back(cell.adjusted(kGap / 2, kGap / 2, -kGap / 2, -kGap / 2));
    }
    return layout;
}

} // namespace planscope::charts
