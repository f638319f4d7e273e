#include "chartview/ChartAxis.h"

#include "charts/ChartBuilders.h"
#include "chartview/ChartText.h"
#include "chartview/PanelPainters.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace planscope::charts {
namespace {

constexpr double kLabelGap = 8; // pixels between neighbouring tick labels

// floor(log10(|v|)), robust to 1000 being 999.9999...
int decade(double v) {
    return static_cast<int>(std::floor(std::log10(std::abs(v)) + 1e-9));
}

} // namespace

ChartAxis::ChartAxis(double min, double max, bool logarithmic, bool integral)
    : m_min(min), m_max(max), m_log(logarithmic && min > 0 && max > 0), m_integral(integral) {
    if (!std::isfinite(m_min) || !std::isfinite(m_max))
        m_min = m_max = 0;
    if (m_log) {
        m_min = std::pow(10.0, std::floor(std::log10(m_min)));
        m_max = std::pow(10.0, std::ceil(std::log10(m_max)));
        if (m_max <= m_min)
            m_max = m_min * 10;
        return;
    }
    if (m_max <= m_min)
        m_max = m_min + (m_min == 0 ? 1 : std::abs(m_min) * 0.1);
    // Round the top up to a step of six ticks, so bars end below the last label.
    const double step = linearStep(6);
    m_max = std::ceil(m_max / step - 1e-9) * step;
}

double ChartAxis::position(double value) const {
    if (m_log)
        return (std::log10(std::max(value, m_min)) - std::log10(m_min)) /
               (std::log10(m_max) - std::log10(m_min));
    return (value - m_min) / (m_max - m_min);
}

double ChartAxis::toPixel(double value, double from, double to) const {
    return from + (to - from) * position(value);
}

double ChartAxis::linearStep(int maxTicks) const {
    const double raw = (m_max - m_min) / std::max(1, maxTicks);
    const double magnitude = std::pow(10.0, decade(raw));
    double step = magnitude * 10;
    for (double factor : {5.0, 2.0, 1.0})
        if (magnitude * factor >= raw * (1 - 1e-9))
            step = magnitude * factor;
    return m_integral ? std::max(1.0, step) : step;
}

std::vector<AxisTick> ChartAxis::ticks(int maxTicks) const {
    std::vector<AxisTick> result;
    maxTicks = std::max(1, maxTicks);
    if (m_log) {
        const int first = decade(m_min);
        const int last = decade(m_max);
        const int every = std::max(1, (last - first + maxTicks) / maxTicks);
        for (int e = first; e <= last; e += every) {
            const double v = std::pow(10.0, e);
            result.push_back({v, formatTick(v, v)});
        }
        return result;
    }
    const double step = linearStep(maxTicks);
    const auto first = static_cast<long long>(std::ceil(m_min / step - 1e-9));
    const auto last = static_cast<long long>(std::floor(m_max / step + 1e-9));
    for (long long k = first; k <= last; ++k) {
        const double v = static_cast<double>(k) * step;
        result.push_back({v, formatTick(v, step)});
    }
    return result;
}

std::vector<AxisTick> ChartAxis::fittingTicks(const QFontMetricsF& metrics, double length,
                                              bool horizontal) const {
    for (int wanted = std::max(2, static_cast<int>(length / 40)); wanted > 1; --wanted) {
        std::vector<AxisTick> t = ticks(wanted);
        bool fits = true;
        for (std::size_t i = 1; i < t.size() && fits; ++i) {
            const double gap =
                std::abs(toPixel(t[i].value, 0, length) - toPixel(t[i - 1].value, 0, length));
            const double need = horizontal ? (metrics.horizontalAdvance(t[i].label) +
                                              metrics.horizontalAdvance(t[i - 1].label)) /
                                                     2 +
                                                 kLabelGap
                                           : metrics.height() + 2;
            fits = gap >= need;
        }
        if (fits)
            return t;
    }
    std::vector<AxisTick> ends = ticks(1); // too short for two labels: the ends' only
    if (ends.size() > 2)
        ends = {ends.front(), ends.back()};
    return ends;
}

double tickLabelWidth(const ChartAxis& axis, const QFontMetricsF& metrics, double height) {
    double width = 0;
    for (const AxisTick& t : axis.fittingTicks(metrics, height, false))
        width = std::max(width, metrics.horizontalAdvance(t.label));
    return width;
}

QRectF plotBesideAxes(const QRectF& body, const ChartAxis& vertical, const QFontMetricsF& metrics,
                      double right) {
    const double line = metrics.height();
    const double bottom = 2 * line + 8; // tick or category labels, then the axis title
    // As drawValueAxis lays them out: labels 4 px from the plot, the title 4 px beyond them.
    const double left =
        8 + tickLabelWidth(vertical, metrics, body.height() - bottom - line / 2) + 2 + line + 2;
    return body.adjusted(left, line / 2, -right, -bottom);
}

void drawValueAxis(PaintContext& c, const QRectF& plot, const ChartAxis& axis,
                   Qt::Orientation along, const QString& title) {
    QPainter& painter = c.painter;
    const QFontMetricsF metrics(painter.font());
    const QPen grid(QColor(0xE6, 0xE6, 0xE6));
    const QPen ink(QColor(0x44, 0x44, 0x44));
    const bool horizontal = along == Qt::Horizontal;
    const std::vector<AxisTick> ticks =
        axis.fittingTicks(metrics, horizontal ? plot.width() : plot.height(), horizontal);
    double labelWidth = 0;
    for (const AxisTick& tick : ticks) {
        painter.setPen(grid);
        if (horizontal) {
            const double x = axis.toPixel(tick.value, plot.left(), plot.right());
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
            const double w = metrics.horizontalAdvance(tick.label) + 2;
            painter.setPen(ink);
            drawText(c, QRectF(x - w / 2, plot.bottom() + 3, w, metrics.height()), Qt::AlignHCenter,
                     tick.label);
        } else {
            const double y = axis.toPixel(tick.value, plot.bottom(), plot.top());
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
            const double w = metrics.horizontalAdvance(tick.label) + 2;
            labelWidth = std::max(labelWidth, w);
            painter.setPen(ink);
            drawText(c, QRectF(plot.left() - 4 - w, y - metrics.height() / 2, w, metrics.height()),
                     Qt::AlignRight | Qt::AlignVCenter, tick.label);
        }
    }
    painter.setPen(ink);
    if (horizontal) {
        painter.drawLine(plot.bottomLeft(), plot.bottomRight());
        drawElidedText(c,
                       QRectF(plot.left(), plot.bottom() + metrics.height() + 4, plot.width(),
                              metrics.height()),
                       Qt::AlignHCenter, title);
        return;
    }
    painter.drawLine(plot.bottomLeft(), plot.topLeft());
    painter.save();
    painter.translate(plot.left() - 8 - labelWidth - metrics.height(), plot.center().y());
    painter.rotate(-90);
    drawElidedText(c, QRectF(-plot.height() / 2, 0, plot.height(), metrics.height()),
                   Qt::AlignHCenter, title);
    painter.restore();
}

} // namespace planscope::charts
