#include "chartview/ChartAxis.h"
#include "chartview/PanelPainters.h"

#include <QFontMetricsF>
#include <QPainter>
#include <cmath>

namespace planscope::charts {
namespace {

double stackTotal(const BarGroup& group) {
    double sum = 0;
    for (const Mark& m : group.segments)
        sum += std::max(0.0, m.value);
    return sum;
}

// A dark outline and a pointer, so even a hair-thin bar shows where the selection is.
void markSelection(QPainter& painter, const QRectF& bar, bool horizontal) {
    painter.setPen(QPen(QColor(0x11, 0x11, 0x11), 1.5));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar);
    painter.setBrush(QColor(0x11, 0x11, 0x11));
    const QPointF tip = horizontal ? QPointF(bar.right() + 3, bar.center().y())
                                   : QPointF(bar.center().x(), bar.top() - 3);
    const QPolygonF arrow = horizontal
                                ? QPolygonF({tip, tip + QPointF(7, -5), tip + QPointF(7, 5)})
                                : QPolygonF({tip, tip + QPointF(-5, -7), tip + QPointF(5, -7)});
    painter.drawPolygon(arrow);
}

} // namespace

void paintBarPanel(PaintContext& c, const Panel& panel, const QRectF& plot) {
    QPainter& painter = c.painter;
    double top = 0;
    for (const BarGroup& g : panel.bars)
        top = std::max(top, stackTotal(g));
    const ChartAxis axis(0, top > 0 ? top : 1, false);
    const bool horizontal = panel.horizontal;
    drawValueAxis(painter, plot, axis, horizontal ? Qt::Horizontal : Qt::Vertical,
                  horizontal ? panel.xLabel : panel.yLabel);

    const auto n = static_cast<double>(panel.bars.size());
    const double slot = (horizontal ? plot.height() : plot.width()) / n;
    const double thickness = slot >= 3 ? std::min(slot * 0.8, 36.0) : slot;
    const QFontMetricsF metrics(painter.font());
    // Category labels: every one if they fit, else every k-th.
    const double labelRoom = horizontal ? metrics.height() : 44;
    const int labelEvery = std::max(1, static_cast<int>(std::ceil(labelRoom / slot)));
    painter.setRenderHint(QPainter::Antialiasing, slot >= 3);
    QRectF selected;
    for (std::size_t i = 0; i < panel.bars.size(); ++i) {
        const BarGroup& group = panel.bars[i];
        const double start = (horizontal ? plot.top() : plot.left()) +
                             slot * static_cast<double>(i) + (slot - thickness) / 2;
        double base = 0;
        for (const Mark& m : group.segments) {
            const double value = std::max(0.0, m.value);
            const double from = axis.toPixel(base, 0, 1);
            const double to = axis.toPixel(base + value, 0, 1);
            QRectF bar = horizontal ? QRectF(plot.left() + from * plot.width(), start,
                                             (to - from) * plot.width(), thickness)
                                    : QRectF(start, plot.bottom() - to * plot.height(), thickness,
                                             (to - from) * plot.height());
            if (value > 0) {
                painter.fillRect(bar, toColor(m.color));
                ++c.paintedMarks;
            }
            if (horizontal && group.segments.size() == 1 && thickness >= 14) {
                painter.setPen(QColor(0x33, 0x33, 0x33));
                painter.drawText(QRectF(bar.right() + 4, bar.top(), 120, bar.height()),
                                 Qt::AlignLeft | Qt::AlignVCenter, ChartAxis::tickLabel(value));
            }
            // The whole slot answers for the bar, so thin bars are easy to point at.
            const QRectF hitArea =
                horizontal
                    ? QRectF(plot.left(), plot.top() + slot * double(i), plot.width(), slot)
                    : QRectF(plot.left() + slot * double(i), plot.top(), slot, plot.height());
            c.hits.push_back({group.segments.size() == 1 ? hitArea : bar.adjusted(-1, -1, 1, 1),
                              {},
                              {m.layer, m.tooltip, {}, false}});
            if (c.selectedLayer >= 0 && m.layer == c.selectedLayer)
                selected = bar;
            base += value;
        }
        if (static_cast<int>(i) % labelEvery == 0) {
            painter.setPen(QColor(0x44, 0x44, 0x44));
            if (horizontal)
                painter.drawText(QRectF(plot.left() - 196, start, 190, thickness),
                                 Qt::AlignRight | Qt::AlignVCenter,
                                 metrics.elidedText(group.label, Qt::ElideMiddle, 190));
            else {
                const double room = std::max(60.0, slot * static_cast<double>(labelEvery) - 6);
                painter.drawText(QRectF(start + thickness / 2 - room / 2, plot.bottom() + 3, room,
                                        metrics.height()),
                                 Qt::AlignHCenter,
                                 metrics.elidedText(group.label, Qt::ElideMiddle, room));
            }
        }
    }
    if (!panel.horizontal && !panel.xLabel.isEmpty()) {
        painter.setPen(QColor(0x44, 0x44, 0x44));
        painter.drawText(QRectF(plot.left(), plot.bottom() + metrics.height() + 4, plot.width(),
                                metrics.height()),
                         Qt::AlignHCenter, panel.xLabel);
    }
    if (!selected.isNull()) {
        painter.setRenderHint(QPainter::Antialiasing, true);
        markSelection(painter, selected, horizontal);
    }
}

} // namespace planscope::charts
