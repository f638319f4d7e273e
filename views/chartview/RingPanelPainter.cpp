#include "chartview/ChartText.h"
#include "chartview/PanelPainters.h"
#include "palette/Palette.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <functional>

namespace planscope::charts {
namespace {

// A ring sector between two radii; Qt's angles run counter-clockwise from 3 o'clock.
QPainterPath sector(const QPointF& center, double inner, double outer, double start, double span) {
    const double qtStart = 90.0 - start;
    QPainterPath path;
    const QRectF outerBox(center.x() - outer, center.y() - outer, 2 * outer, 2 * outer);
    const QRectF innerBox(center.x() - inner, center.y() - inner, 2 * inner, 2 * inner);
    path.arcMoveTo(outerBox, qtStart);
    path.arcTo(outerBox, qtStart, -span);
    if (inner > 0)
        path.arcTo(innerBox, qtStart - span, span);
    else
        path.lineTo(center);
    path.closeSubpath();
    return path;
}

// The slice's name at `at`, shortened until it lies inside the slice; none when nothing fits.
void labelSlice(PaintContext& c, const QPainterPath& slice, const QPointF& at, const QString& label,
                Qt::TextElideMode elide) {
    const QFontMetricsF metrics(c.painter.font());
    for (double width = std::min(140.0, metrics.horizontalAdvance(label) + 2); width >= 24;
         width -= 12) {
        const QString text = metrics.elidedText(label, elide, width);
        const double w = metrics.horizontalAdvance(text) + 2;
        const QRectF box(at.x() - w / 2, at.y() - metrics.height() / 2, w, metrics.height());
        if (text != QStringLiteral("\u2026") && slice.contains(box)) {
            drawText(c, box, Qt::AlignCenter, text);
            return;
        }
    }
}

// What a slice of several nodes too thin to draw apart says.
QString thinSliceTooltip(const RingSlice& slice) {
    return QStringLiteral("%1 slices too thin to draw apart (each under half a pixel): %2 % of "
                          "the ring in all")
        .arg(slice.count)
        .arg(slice.spanDegrees / 3.6, 0, 'f', 2);
}

// Calls `visit` with each node a thin slice stands for: its siblings (consecutive nodes) and what
// the rings further out would hold of them, all drawn in it.
void forEachThinNode(const RingNode& node, int levelsLeft,
                     const std::function<void(const RingNode&)>& visit) {
    visit(node);
    if (levelsLeft > 1)
        for (const RingNode& child : node.children)
            forEachThinNode(child, levelsLeft - 1, visit);
}
void forEachThinNode(const RingSlice& slice, const std::function<void(const RingNode&)>& visit) {
    for (int i = 0; i < slice.count; ++i)
        forEachThinNode(*(slice.node + i), kMaxRingLevels - slice.level, visit);
}

bool holds(const RingSlice& slice, const std::function<bool(int)>& wanted) {
    bool held = false;
    forEachThinNode(slice, [&](const RingNode& node) {
        held = held || (node.mark.layer >= 0 && wanted(node.mark.layer));
    });
    return held;
}

} // namespace

void paintRingPanel(PaintContext& c, const Panel& panel, const QRectF& body) {
    const QRectF plot = body.adjusted(4, 4, -4, -4);
    QPainter& painter = c.painter;
    const QPointF center = plot.center();
    const double outer = std::min(plot.width(), plot.height()) / 2 - 4;
    constexpr double kThinPixels = 0.5; // slices narrower at the rim are drawn as one
    const std::vector<RingSlice> slices =
        ringLayout(panel, c.drill, kThinPixels / std::max(outer, 1.0) * 180 / M_PI);
    int levels = 1;
    for (const RingSlice& slice : slices)
        levels = std::max(levels, slice.level + 1);
    // One ring is a donut; several surround a hole (the way back out of a zoomed sunburst).
    const double hole = levels > 1 ? outer * 0.22 : outer * 0.5;
    const auto radius = [&](int level) { return hole + (outer - hole) * level / levels; };
    QPainterPath selected;
    QPainterPath marked;
    for (const RingSlice& slice : slices) {
        if (slice.spanDegrees <= 0)
            continue;
        const double inner = radius(slice.level);
        const double outerRadius = radius(slice.level + 1);
        // A full circle as one sector would collapse: draw it as two halves.
        QPainterPath path =
            slice.spanDegrees >= 359.999
                ? sector(center, inner, outerRadius, 0, 180) +
                      sector(center, inner, outerRadius, 180, 180)
                : sector(center, inner, outerRadius, slice.startDegrees, slice.spanDegrees);
        const QColor fill = toColor(slice.node->mark.color).lighter(100 + 15 * slice.level);
        painter.setPen(QPen(Qt::white, slice.spanDegrees > 2 ? 1 : 0.2));
        painter.setBrush(fill);
        painter.drawPath(path);
        const QRectF bounds = path.boundingRect();
        if (slice.thin)
            forEachThinNode(slice, [&](const RingNode& node) { c.addMark(bounds, &node.mark); });
        else
            c.addMark(bounds, &slice.node->mark);
        if (slice.count > 1) { // thin siblings drawn as one
            c.hits.push_back({bounds, path, {-1, thinSliceTooltip(slice), {}, false}});
            if (c.selectedLayer >= 0 &&
                holds(slice, [&](int layer) { return layer == c.selectedLayer; }))
                selected = path;
            if (!c.marked.isEmpty() &&
                holds(slice, [&](int layer) { return c.marked.contains(layer); }))
                marked.addPath(path);
            continue;
        }
        const bool zooms = !slice.node->children.empty() && levels > 1 && !slice.key.isEmpty();
        c.hits.push_back({bounds,
                          path,
                          {slice.node->mark.layer, slice.node->mark.tooltip,
                           zooms ? slice.key : QString(), false}});
        if (c.selectedLayer >= 0 && slice.node->mark.layer == c.selectedLayer)
            selected = path;
        if (slice.node->mark.layer >= 0 && c.marked.contains(slice.node->mark.layer))
            marked.addPath(path);
        // Name the slices that have room for it: the inner ring's, or every ring's.
        if (slice.level == 0 || levels == 1 || panel.labelEveryRing) {
            const double mid = (slice.startDegrees + slice.spanDegrees / 2 - 90) * M_PI / 180;
            const double labelRadius = (inner + outerRadius) / 2;
            painter.setPen(inkOn(fill));
            // Module names differ at their ends ("input_blocks.1", "input_blocks.10").
            labelSlice(c, path, center + QPointF(std::cos(mid), std::sin(mid)) * labelRadius,
                       slice.node->label, panel.labelEveryRing ? Qt::ElideMiddle : Qt::ElideRight);
        }
    }
    if (!c.drill.isEmpty() && levels > 1) {
        // The hole leads back out one level.
        const QString back = parentRingKey(c.drill);
        QPainterPath holePath;
        holePath.addEllipse(center, hole * 0.98, hole * 0.98);
        c.hits.push_back(
            {holePath.boundingRect(),
             holePath,
             {-1,
              back.isEmpty() ? QStringLiteral("Back to the whole chart")
                             : QStringLiteral("Back to %1").arg(back.section(QChar(0x1f), -1)),
              {},
              true}});
        painter.setPen(QColor(0x44, 0x44, 0x44));
        drawText(c, QRectF(center.x() - hole, center.y() - 8, 2 * hole, 16), Qt::AlignCenter,
                 QStringLiteral("back"));
    }
    if (!marked.isEmpty()) {
        painter.setPen(QPen(toColor(palette::markColor()), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(marked);
    }
    if (!selected.isEmpty()) {
        painter.setPen(QPen(QColor(0x11, 0x11, 0x11), 2.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawPath(selected);
    }
}

} // namespace planscope::charts
