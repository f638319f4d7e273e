#pragma once

#include <QRectF>
#include <QString>

namespace planscope::charts {

struct PaintContext;

// Text of a chart is drawn through these, so the painter knows where every word landed (tests
// check nothing is cut off or overlaps) and a shortened text shows whole in a tooltip.

// One line of `text` in `box` aligned by `flags`, with the painter's font and pen.
void drawText(PaintContext& context, const QRectF& box, int flags, const QString& text);
// One line shortened to the box's width; the whole text is the tooltip over it when cut.
void drawElidedText(PaintContext& context, const QRectF& box, int flags, const QString& text,
                    Qt::TextElideMode mode = Qt::ElideRight);
// Several lines wrapped at word boundaries inside `box`.
void drawWrappedText(PaintContext& context, const QRectF& box, int flags, const QString& text);

} // namespace planscope::charts
