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

// The ways a name can be set: on one line, or broken in two after a '.', '_', '/' or '-'
// (the most even break first). Never cut short: a name that does not fit whole is left to the
// tooltip and the legend ("i...s" named nothing).
std::vector<QStringList> labelLayouts(const QString& label) {
    std::vector<QStringList> layouts = {{label}};
    std::vector<qsizetype> breaks;
    for (qsizetype i = 1; i + 1 < label.size(); ++i)
        if (QStringView(u"._/-").contains(label[i]))
            breaks.push_back(i + 1);
    std::sort(breaks.begin(), breaks.end(), [&](qsizetype a, qsizetype b) {
        return std::abs(2 * a - label.size()) < std::abs(2 * b - label.size());
    });
    for (qsizetype at : breaks)
        layouts.push_back({label.left(at), label.mid(at)});
    return layouts;
}

// The slice's name centred at `at`, on one line or two, where it lies inside the slice.
void labelSlice(PaintContext& c, const QPainterPath& slice, const QPointF& at,
                const QString& label) {
    const QFontMetricsF metrics(c.painter.font());
    for (const QStringList& lines : labelLayouts(label)) {
        double width = 0;
        for (const QString& line : lines)
            width = std::max(width, metrics.horizontalAdvance(line) + 2);
        const double height = metrics.height() * double(lines.size());
        const QRectF box(at.x() - width / 2, at.y() - height / 2, width, height);
        if (!slice.contains(box))
            continue;
        for (qsizetype i = 0; i < lines.size(); ++i)
            drawText(c,
                     QRectF(box.left(), box.top() + metrics.height() * double(i), width,
                            metrics.height()),
                     Qt::AlignCenter, lines[i]);
        return;
    }
}

// A ring's colour: its key's, lighter the further out, but never so pale that it fades into
// the white page (HSL lightness at most 0.78; the palette's palest keys are darkened to it).
QColor ringColor(Rgb key, int level) {
    constexpr double kLighterPerLevel = 0.12;
    constexpr double kMostLighter = 0.36;
    constexpr double kPalest = 0.78;
    const QColor base = toColor(key).toHsl();
    const double lightness = base.lightnessF();
    const double lighter =
        lightness + (1 - lightness) * std::min(kLighterPerLevel * level, kMostLighter);
    return QColor::fromHslF(base.hslHueF(), base.hslSaturationF(),
                            static_cast<float>(std::min(lighter, kPalest)))
        .toRgb();
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
        const QColor fill = ringColor(slice.node->mark.color, slice.level);
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
            labelSlice(c, path, center + QPointF(std::cos(mid), std::sin(mid)) * labelRadius,
                       slice.node->label);
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
