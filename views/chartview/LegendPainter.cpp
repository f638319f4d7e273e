#include "charts/ChartBuilders.h"
#include "chartview/ChartText.h"
#include "chartview/DistinctLabels.h"
#include "chartview/PanelPainters.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>
#include <algorithm>

namespace planscope::charts {
namespace {

constexpr double kSwatch = 12;
constexpr double kEntryIndent = 20; // swatch and the gap after it
constexpr double kScaleBar = 12;    // the gradient's width
constexpr double kMinScaleBar = 40; // shorter than this, the scale is not drawn
constexpr double kMaxScaleBar = 200;

QString keyText(const QString& key) {
    return key.isEmpty() ? QStringLiteral("(none)") : key;
}

// The color scale's tick values: max and min, and the middle when there is room; one value
// when all are the same.
std::vector<double> scaleValues(const ColorScale& scale, double barHeight) {
    if (scale.max == scale.min)
        return {scale.max};
    if (barHeight >= 90)
        return {scale.max, (scale.min + scale.max) / 2, scale.min};
    return {scale.max, scale.min};
}

double scaleWidth(const ColorScale& scale, const QFontMetricsF& metrics) {
    double labels = 0;
    for (double v : scaleValues(scale, kMaxScaleBar))
        labels = std::max(labels, metrics.horizontalAdvance(formatShort(v)));
    return 4 + kScaleBar + 4 + labels + 6 + metrics.height();
}

// A vertical gradient with its values beside it and its title turned along it.
void paintColorScale(PaintContext& c, const ColorScale& scale, const QRectF& box) {
    QPainter& painter = c.painter;
    const QFontMetricsF metrics(painter.font());
    const double barHeight = std::min(kMaxScaleBar, box.height() - metrics.height());
    if (barHeight < kMinScaleBar)
        return;
    const QRectF bar(box.left() + 4, box.top() + metrics.height() / 2, kScaleBar, barHeight);
    QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
    for (int s = 0; s <= 4; ++s)
        gradient.setColorAt(s / 4.0, toColor(palette::scaleColor(s / 4.0)));
    painter.fillRect(bar, gradient);
    painter.setPen(QColor(0x33, 0x33, 0x33));
    double labelWidth = 0;
    const std::vector<double> values = scaleValues(scale, barHeight);
    for (std::size_t i = 0; i < values.size(); ++i) {
        const double y = values.size() == 1
                             ? bar.center().y()
                             : bar.top() + bar.height() * double(i) / double(values.size() - 1);
        const QString label = formatShort(values[i]);
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(label));
        drawText(c,
                 QRectF(bar.right() + 4, y - metrics.height() / 2, box.right() - bar.right() - 4,
                        metrics.height()),
                 Qt::AlignLeft | Qt::AlignVCenter, label);
    }
    painter.save();
    painter.translate(bar.right() + 4 + labelWidth + 6, bar.center().y());
    painter.rotate(90);
    drawElidedText(c, QRectF(-bar.height() / 2, -metrics.height(), bar.height(), metrics.height()),
                   Qt::AlignHCenter, scale.label);
    painter.restore();
}

} // namespace

QSizeF legendSize(const Panel& panel, const QFontMetricsF& metrics, double maxWidth) {
    double width = 0;
    double height = 8;
    for (const auto& entry : panel.legend)
        width = std::max(width, kEntryIndent + 4 + metrics.horizontalAdvance(keyText(entry.first)));
    height += double(panel.legend.size()) * (metrics.height() + 4);
    if (panel.colorScale) {
        width = std::max(width, scaleWidth(*panel.colorScale, metrics));
        height += kMaxScaleBar + metrics.height() + 6;
    }
    return {std::min(width, maxWidth), height};
}

void paintLegend(PaintContext& c, const Panel& panel, const QRectF& box) {
    QPainter& painter = c.painter;
    const QFontMetricsF metrics(painter.font());
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    const double scaleRoom = panel.colorScale ? kMinScaleBar + metrics.height() + 6 : 0;
    const int count = static_cast<int>(panel.legend.size());
    // Entries close up to the font's height before any is left out (a sunburst's every
    // top-level module has a name only here when its slice is too small for it).
    const double height = box.height() - 8 - scaleRoom;
    const double line =
        std::clamp(height / std::max(count, 1), metrics.height(), metrics.height() + 4);
    const int room = std::max(0, static_cast<int>(height / line));
    const int shown = count <= room ? count : std::max(0, room - 1);
    QStringList keys;
    for (const auto& entry : panel.legend)
        keys << keyText(entry.first);
    const double textWidth = box.width() - kEntryIndent - 2;
    const QStringList labels = distinctLabels(keys, metrics, textWidth);
    double y = box.top() + 4;
    painter.setPen(QColor(0x33, 0x33, 0x33));
    for (int i = 0; i < shown; ++i) {
        const QRectF entry(box.left(), y, box.width(), line);
        painter.fillRect(QRectF(box.left() + 2, y + (line - kSwatch) / 2, kSwatch, kSwatch),
                         toColor(panel.legend[std::size_t(i)].second));
        drawText(c, QRectF(box.left() + kEntryIndent, y, textWidth, line), Qt::AlignVCenter,
                 labels[i]);
        if (labels[i] != keys[i])
            c.addTooltip(entry, keys[i]);
        y += line;
    }
    if (shown < count) {
        const QStringList rest = keys.mid(shown);
        painter.setPen(QColor(0x77, 0x77, 0x77));
        const QRectF more(box.left() + kEntryIndent, y, textWidth, line);
        drawText(c, more, Qt::AlignVCenter, QStringLiteral("+%1 more").arg(rest.size()));
        c.addTooltip(more, rest.mid(0, 30).join('\n') + (rest.size() > 30 ? "\n..." : ""));
        y += line;
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
    if (panel.colorScale)
        paintColorScale(c, *panel.colorScale,
                        QRectF(box.left(), y + 2, box.width(), box.bottom() - y - 2));
    painter.restore();
}

} // namespace planscope::charts
