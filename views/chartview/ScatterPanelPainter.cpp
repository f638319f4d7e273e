#include "chartview/ChartAxis.h"
#include "chartview/PanelPainters.h"
#include "palette/Palette.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>
#include <algorithm>
#include <cmath>

namespace planscope::charts {
namespace {

// The panel's range along one coordinate, including its reference lines and curves.
std::pair<double, double> range(const Panel& panel, bool y) {
    double lo = 0;
    double hi = 0;
    bool first = true;
    const auto take = [&](double v) {
        if ((y ? panel.logY : panel.logX) && v <= 0)
            return; // cannot sit on a log axis
        lo = first ? v : std::min(lo, v);
        hi = first ? v : std::max(hi, v);
        first = false;
    };
    for (const Mark& m : panel.points)
        take(y ? m.y : m.x);
    if (y)
        for (const ReferenceLine& line : panel.lines)
            take(line.value);
    for (const Curve& curve : panel.curves)
        for (const auto& [x, yValue] : curve.points)
            take(y ? yValue : x);
    if (y ? panel.logY : panel.logX)
        return {lo, hi};
    if (panel.zeroBased)
        return {std::min(lo, 0.0), hi};
    const double pad = (hi - lo) * 0.05;
    return {lo - pad, hi + pad};
}

} // namespace

void paintScatterPanel(PaintContext& c, const Panel& panel, const QRectF& body) {
    QPainter& painter = c.painter;
    const QFontMetricsF metrics(painter.font());
    const auto [xLo, xHi] = range(panel, false);
    const auto [yLo, yHi] = range(panel, true);
    const ChartAxis xAxis(xLo, xHi, panel.logX);
    const ChartAxis yAxis(yLo, yHi, panel.logY);
    // On the right, room for half the last x label.
    double right = 0;
    for (const AxisTick& t : xAxis.ticks(6))
        right = std::max(right, metrics.horizontalAdvance(t.label) / 2 + 4);
    const QRectF plot = plotBesideAxes(body, yAxis, metrics, right);
    drawValueAxis(c, plot, xAxis, Qt::Horizontal, panel.xLabel);
    drawValueAxis(c, plot, yAxis, Qt::Vertical, panel.yLabel);

    double sLo = 0;
    double sHi = 0;
    for (std::size_t i = 0; i < panel.points.size(); ++i) {
        sLo = i ? std::min(sLo, panel.points[i].size) : panel.points[i].size;
        sHi = i ? std::max(sHi, panel.points[i].size) : panel.points[i].size;
    }
    const double baseRadius = panel.points.size() > 2000 ? 1.8 : 3.5;
    // Sized markers grow up to 9 px more, less in a small plot so they do not cover it.
    const double growth = std::clamp(std::min(plot.width(), plot.height()) / 16, 3.0, 9.0);
    for (const Curve& curve : panel.curves) { // under the marks; named in the legend
        QPolygonF line;
        for (const auto& [x, y] : curve.points)
            if ((!panel.logX || x > 0) && (!panel.logY || y > 0))
                line << QPointF(xAxis.toPixel(x, plot.left(), plot.right()),
                                yAxis.toPixel(y, plot.bottom(), plot.top()));
        painter.setPen(QPen(toColor(curve.color), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawPolyline(line);
    }
    QRectF selected;
    std::vector<QRectF> marked;
    painter.setPen(Qt::NoPen);
    for (const Mark& m : panel.points) {
        if ((panel.logX && m.x <= 0) || (panel.logY && m.y <= 0))
            continue;
        const QPointF at(xAxis.toPixel(m.x, plot.left(), plot.right()),
                         yAxis.toPixel(m.y, plot.bottom(), plot.top()));
        const double r =
            sHi > sLo ? 3 + growth * std::sqrt((m.size - sLo) / (sHi - sLo)) : baseRadius;
        QColor fill = toColor(m.color);
        fill.setAlpha(190);
        painter.setBrush(fill);
        painter.drawEllipse(at, r, r);
        const QRectF bounds(at.x() - r - 1, at.y() - r - 1, 2 * r + 2, 2 * r + 2);
        c.addMark(bounds, &m);
        c.hits.push_back({bounds, {}, {m.layer, m.tooltip, {}, false}});
        if (c.selectedLayer >= 0 && m.layer == c.selectedLayer)
            selected = bounds;
        if (m.layer >= 0 && c.marked.contains(m.layer))
            marked.push_back(bounds);
    }
    if (!marked.empty()) { // the pen changes only when there is a ring to draw: exports stay alike
        painter.setPen(QPen(toColor(palette::markColor()), 2));
        painter.setBrush(Qt::NoBrush);
        for (const QRectF& point : marked)
            painter.drawEllipse(point.adjusted(-1, -1, 1, 1));
    }
    for (const ReferenceLine& line : panel.lines) {
        const double y = yAxis.toPixel(line.value, plot.bottom(), plot.top());
        painter.setPen(QPen(toColor(line.color), 1.5, Qt::DashLine));
        painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y)); // named in the legend
    }
    if (!selected.isNull()) {
        painter.setPen(QPen(QColor(0x11, 0x11, 0x11), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawEllipse(selected.adjusted(-2, -2, 2, 2));
    }
}

} // namespace planscope::charts
