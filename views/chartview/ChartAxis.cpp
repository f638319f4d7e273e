#include "chartview/ChartAxis.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace planscope::charts {

ChartAxis::ChartAxis(double min, double max, bool logarithmic)
    : m_min(min), m_max(max), m_log(logarithmic && min > 0 && max > 0) {
    if (m_log) {
        m_min = std::pow(10.0, std::floor(std::log10(m_min)));
        m_max = std::pow(10.0, std::ceil(std::log10(m_max)));
        if (m_max <= m_min)
            m_max = m_min * 10;
        return;
    }
    if (m_max <= m_min)
        m_max = m_min + (m_min == 0 ? 1 : std::abs(m_min) * 0.1);
    // Round the top up to a tick so bars end below the last label.
    const std::vector<double> t = ticks(6);
    if (!t.empty() && t.back() < m_max) {
        const double step = t.size() > 1 ? t[1] - t[0] : m_max;
        m_max = t.back() + step;
    } else if (!t.empty()) {
        m_max = std::max(m_max, t.back());
    }
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

std::vector<double> ChartAxis::ticks(int maxTicks) const {
    std::vector<double> result;
    if (m_log) {
        for (double v = m_min; v <= m_max * 1.0001; v *= 10)
            result.push_back(v);
        return result;
    }
    const double raw = (m_max - m_min) / std::max(1, maxTicks);
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double step = magnitude;
    for (double factor : {1.0, 2.0, 2.5, 5.0, 10.0})
        if (magnitude * factor >= raw) {
            step = magnitude * factor;
            break;
        }
    for (double v = std::ceil(m_min / step) * step; v <= m_max + step * 1e-9; v += step)
        result.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
    return result;
}

QString ChartAxis::tickLabel(double value) {
    const double magnitude = std::abs(value);
    if (magnitude != 0 && (magnitude >= 1e5 || magnitude < 1e-3))
        return QString::number(value, 'g', 2);
    return QString::number(value, 'g', 4);
}

void drawValueAxis(QPainter& painter, const QRectF& plot, const ChartAxis& axis,
                   Qt::Orientation along, const QString& title) {
    const QFontMetricsF metrics(painter.font());
    const QPen grid(QColor(0xE6, 0xE6, 0xE6));
    const QPen ink(QColor(0x44, 0x44, 0x44));
    const bool horizontal = along == Qt::Horizontal;
    const int maxTicks =
        horizontal ? std::max(2, int(plot.width() / 90)) : std::max(2, int(plot.height() / 40));
    for (double tick : axis.ticks(maxTicks)) {
        const QString label = ChartAxis::tickLabel(tick);
        if (horizontal) {
            const double x = axis.toPixel(tick, plot.left(), plot.right());
            painter.setPen(grid);
            painter.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
            painter.setPen(ink);
            painter.drawText(QRectF(x - 45, plot.bottom() + 3, 90, metrics.height()),
                             Qt::AlignHCenter, label);
        } else {
            const double y = axis.toPixel(tick, plot.bottom(), plot.top());
            painter.setPen(grid);
            painter.drawLine(QPointF(plot.left(), y), QPointF(plot.right(), y));
            painter.setPen(ink);
            painter.drawText(
                QRectF(plot.left() - 66, y - metrics.height() / 2, 62, metrics.height()),
                Qt::AlignRight | Qt::AlignVCenter, label);
        }
    }
    painter.setPen(ink);
    if (horizontal) {
        painter.drawLine(plot.bottomLeft(), plot.bottomRight());
        painter.drawText(QRectF(plot.left(), plot.bottom() + metrics.height() + 4, plot.width(),
                                metrics.height()),
                         Qt::AlignHCenter, title);
    } else {
        painter.drawLine(plot.bottomLeft(), plot.topLeft());
        painter.save();
        painter.translate(plot.left() - 70 - metrics.height(), plot.center().y());
        painter.rotate(-90);
        painter.drawText(QRectF(-plot.height() / 2, 0, plot.height(), metrics.height()),
                         Qt::AlignHCenter, title);
        painter.restore();
    }
}

} // namespace planscope::charts
