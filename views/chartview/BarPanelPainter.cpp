#include "charts/ChartBuilders.h"
#include "chartview/ChartAxis.h"
#include "chartview/ChartText.h"
#include "chartview/DistinctLabels.h"
#include "chartview/PanelPainters.h"
#include "palette/Palette.h"

#include <QFontMetricsF>
#include <QPainter>
#include <cmath>

namespace planscope::charts {
namespace {

const QColor kLabelInk(0x44, 0x44, 0x44);

double stackTotal(const BarGroup& group) {
    double sum = 0;
    for (const Mark& m : group.segments)
        sum += std::max(0.0, m.value);
    return sum;
}

// From 0 past the longest stack; whole-number ticks when every value is one (counts).
ChartAxis valueAxis(const Panel& panel) {
    double top = panel.valueMax.value_or(0);
    bool integral = true;
    for (const BarGroup& g : panel.bars) {
        top = std::max(top, stackTotal(g));
        for (const Mark& m : g.segments)
            integral = integral && m.value == std::floor(m.value);
    }
    for (const ReferenceLine& line : panel.lines)
        top = std::max(top, line.value);
    return ChartAxis(0, top > 0 ? top : 1, false, integral);
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

// The plot inside `body`, leaving room for the axes' labels.
QRectF plotArea(const Panel& panel, const ChartAxis& axis, const QFontMetricsF& metrics,
                const QRectF& body, const QStringList& categories) {
    const double line = metrics.height();
    const double bottom = 2 * line + 8; // tick or category labels, then the axis title
    if (panel.horizontal) {
        double labels = 0;
        for (const QString& label : categories)
            labels = std::max(labels, metrics.horizontalAdvance(label));
        // Categories take up to 40% of the width (elided past it); bar values need their
        // labels' room right of the bars.
        const double left = std::min(labels, body.width() * 0.4) + 8;
        double values = metrics.horizontalAdvance(formatShort(axis.max()));
        for (const BarGroup& g : panel.bars)
            values = std::max(values, metrics.horizontalAdvance(formatShort(stackTotal(g))));
        const double right = std::min(values + 8, body.width() * 0.15);
        return body.adjusted(left, 2, -right, -bottom);
    }
    return plotBesideAxes(body, axis, metrics, 6);
}

// The categories' labels: each beside its bar (horizontal), or every k-th below (vertical).
void drawCategoryLabels(PaintContext& c, const Panel& panel, const QRectF& plot, const QRectF& body,
                        const QStringList& categories, double slot) {
    QPainter& painter = c.painter;
    const QFontMetricsF metrics(painter.font());
    painter.setPen(kLabelInk);
    if (panel.horizontal) {
        const double width = plot.left() - body.left() - 6;
        const QStringList shown = distinctLabels(categories, metrics, width);
        const int every = std::max(1, static_cast<int>(std::ceil(metrics.height() / slot)));
        for (qsizetype i = 0; i < categories.size(); i += every) {
            const QRectF box(body.left(), plot.top() + slot * double(i), width, slot);
            const QRectF line(box.left(), box.center().y() - metrics.height() / 2, box.width(),
                              metrics.height());
            drawText(c, line, Qt::AlignRight | Qt::AlignVCenter, shown[i]);
            if (shown[i] != categories[i])
                c.addTooltip(line, categories[i]);
        }
        return;
    }
    double widest = 0;
    for (const QString& label : categories)
        widest = std::max(widest, metrics.horizontalAdvance(label));
    widest = std::min(widest, std::max(80.0, slot - 8)); // a few categories: their whole names
    const int every = std::max(1, static_cast<int>(std::ceil((widest + 8) / slot)));
    for (qsizetype i = 0; i < categories.size(); i += every) {
        const double center = plot.left() + slot * (double(i) + 0.5);
        const QRectF box(center - widest / 2 - 1, plot.bottom() + 3, widest + 2, metrics.height());
        drawElidedText(c, box, Qt::AlignHCenter, categories[i], Qt::ElideMiddle);
    }
}

} // namespace

void paintBarPanel(PaintContext& c, const Panel& panel, const QRectF& body) {
    QPainter& painter = c.painter;
    const QFontMetricsF metrics(painter.font());
    const ChartAxis axis = valueAxis(panel);
    const bool horizontal = panel.horizontal;
    QStringList categories;
    for (const BarGroup& g : panel.bars)
        categories << g.label;
    const QRectF plot = plotArea(panel, axis, metrics, body, categories);
    drawValueAxis(c, plot, axis, horizontal ? Qt::Horizontal : Qt::Vertical,
                  horizontal ? panel.xLabel : panel.yLabel);

    const auto n = static_cast<double>(panel.bars.size());
    const double slot = (horizontal ? plot.height() : plot.width()) / n;
    const double thickness = slot >= 3 ? std::min(slot * 0.8, 36.0) : slot;
    drawCategoryLabels(c, panel, plot, body, categories, slot);
    painter.setRenderHint(QPainter::Antialiasing, slot >= 3);
    QRectF selected;
    std::vector<QRectF> marked; // strips along the category axis: visible on the thinnest bars
    for (std::size_t i = 0; i < panel.bars.size(); ++i) {
        const BarGroup& group = panel.bars[i];
        const double start = (horizontal ? plot.top() : plot.left()) +
                             slot * static_cast<double>(i) + (slot - thickness) / 2;
        if (!c.marked.isEmpty() &&
            std::any_of(group.segments.begin(), group.segments.end(), [&](const Mark& m) {
                return m.layer >= 0 && c.marked.contains(m.layer);
            })) {
            const double width = std::max(thickness, 2.0);
            marked.push_back(horizontal ? QRectF(plot.left(), start, 4, width)
                                        : QRectF(start, plot.bottom() - 4, width, 4));
        }
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
                c.addMark(bar, &m);
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
        // A single bar's value at its end, where a line of text fits beside it.
        if (horizontal && group.segments.size() == 1 && thickness >= metrics.height()) {
            const QString label = formatShort(base);
            const double width = metrics.horizontalAdvance(label) + 2;
            const double end = plot.left() + axis.toPixel(base, 0, 1) * plot.width();
            if (end + 4 + width <= body.right()) {
                painter.setPen(QColor(0x33, 0x33, 0x33));
                drawText(c, QRectF(end + 4, start, width, thickness),
                         Qt::AlignLeft | Qt::AlignVCenter, label);
            }
        }
    }
    for (const ReferenceLine& line : panel.lines) { // named in the legend or the title
        const double at = axis.toPixel(line.value, 0, 1);
        painter.setPen(QPen(toColor(line.color), 1.5, Qt::DashLine));
        if (horizontal)
            painter.drawLine(QPointF(plot.left() + at * plot.width(), plot.top()),
                             QPointF(plot.left() + at * plot.width(), plot.bottom()));
        else
            painter.drawLine(QPointF(plot.left(), plot.bottom() - at * plot.height()),
                             QPointF(plot.right(), plot.bottom() - at * plot.height()));
    }
    if (!horizontal) {
        painter.setPen(kLabelInk);
        drawElidedText(c,
                       QRectF(plot.left(), plot.bottom() + metrics.height() + 5, plot.width(),
                              metrics.height()),
                       Qt::AlignHCenter, panel.xLabel);
    }
    for (const QRectF& strip : marked)
        painter.fillRect(strip, toColor(palette::markColor()));
    if (!selected.isNull()) {
        painter.setRenderHint(QPainter::Antialiasing, true);
        markSelection(painter, selected, horizontal);
    }
}

} // namespace planscope::charts
