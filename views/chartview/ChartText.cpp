#include "chartview/ChartText.h"

#include "chartview/PanelPainters.h"

#include <QFontMetricsF>
#include <QPainter>

namespace planscope::charts {
namespace {

void record(PaintContext& c, const QRectF& ink, const QString& text) {
    c.texts.push_back({c.painter.transform().mapRect(ink), text});
}

} // namespace

void drawText(PaintContext& c, const QRectF& box, int flags, const QString& text) {
    if (text.isEmpty())
        return;
    c.painter.drawText(box, flags, text);
    const QFontMetricsF metrics(c.painter.font());
    const QRectF layout = c.painter.boundingRect(box, flags, text);
    record(
        c,
        metrics.tightBoundingRect(text).translated(layout.left(), layout.top() + metrics.ascent()),
        text);
}

void drawElidedText(PaintContext& c, const QRectF& box, int flags, const QString& text,
                    Qt::TextElideMode mode) {
    const QString shown = QFontMetricsF(c.painter.font()).elidedText(text, mode, box.width());
    drawText(c, box, flags, shown);
    if (shown != text)
        c.addTooltip(c.painter.transform().mapRect(box), text);
}

void drawWrappedText(PaintContext& c, const QRectF& box, int flags, const QString& text) {
    c.painter.drawText(box, flags | Qt::TextWordWrap, text);
    record(c, c.painter.boundingRect(box, flags | Qt::TextWordWrap, text), text);
}

} // namespace planscope::charts
