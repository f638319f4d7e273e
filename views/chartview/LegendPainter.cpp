#include "chartview/ChartAxis.h"
#include "chartview/PanelPainters.h"

#include <QFontMetricsF>
#include <QLinearGradient>
#include <QPainter>

namespace planscope::charts {

void paintLegend(QPainter& painter, const Panel& panel, const QRectF& box) {
    const QFontMetricsF metrics(painter.font());
    const double line = metrics.height() + 4;
    double y = box.top() + 4;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    const int room = static_cast<int>((box.height() - 8) / line);
    const int shown = std::min<int>(static_cast<int>(panel.legend.size()),
                                    room - (static_cast<int>(panel.legend.size()) > room ? 1 : 0));
    for (int i = 0; i < shown; ++i) {
        const auto& [key, color] = panel.legend[static_cast<std::size_t>(i)];
        painter.fillRect(QRectF(box.left() + 4, y + 2, 12, 12), toColor(color));
        painter.setPen(QColor(0x33, 0x33, 0x33));
        painter.drawText(QRectF(box.left() + 22, y, box.width() - 24, line), Qt::AlignVCenter,
                         metrics.elidedText(key.isEmpty() ? QStringLiteral("(none)") : key,
                                            Qt::ElideMiddle, box.width() - 26));
        y += line;
    }
    if (shown < static_cast<int>(panel.legend.size())) {
        painter.setPen(QColor(0x77, 0x77, 0x77));
        painter.drawText(QRectF(box.left() + 22, y, box.width() - 24, line), Qt::AlignVCenter,
                         QStringLiteral("+%1 more").arg(panel.legend.size() - std::size_t(shown)));
        y += line;
    }
    if (panel.colorScale) {
        const ColorScale& scale = *panel.colorScale;
        y += 6;
        painter.setPen(QColor(0x33, 0x33, 0x33));
        painter.drawText(QRectF(box.left() + 4, y, box.width() - 8, line), Qt::AlignVCenter,
                         metrics.elidedText(scale.label, Qt::ElideRight, box.width() - 8));
        y += line;
        const double barHeight = std::min(160.0, box.bottom() - y - 8);
        if (barHeight > 20) {
            const QRectF bar(box.left() + 6, y, 14, barHeight);
            QLinearGradient gradient(bar.bottomLeft(), bar.topLeft());
            for (int s = 0; s <= 4; ++s)
                gradient.setColorAt(s / 4.0, toColor(palette::scaleColor(s / 4.0)));
            painter.fillRect(bar, gradient);
            painter.drawText(QRectF(bar.right() + 6, bar.top() - 2, box.width() - 30, line),
                             ChartAxis::tickLabel(scale.max));
            painter.drawText(
                QRectF(bar.right() + 6, bar.bottom() - line + 2, box.width() - 30, line),
                ChartAxis::tickLabel(scale.min));
        }
    }
    painter.restore();
}

} // namespace planscope::charts
