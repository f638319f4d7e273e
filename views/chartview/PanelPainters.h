#pragma once

#include "chartview/ChartPainter.h"

#include <QColor>
#include <QSet>

class QFontMetricsF;

// The painters of each panel kind, used by ChartPainter.
namespace planscope::charts {

// What a panel painter draws with and what it reports back: hit shapes, marks and text.
struct PaintContext {
    QPainter& painter;
    int selectedLayer;
    QString drill;
    std::vector<ChartPainter::HitShape>& hits;
    std::vector<DrawnMark>& marks;
    std::vector<DrawnText>& texts;
    const QSet<int>& marked; // layers marked in the window (a lead's)
    int panel = -1;          // the panel being painted (-1: the chart's own parts)

    void addMark(const QRectF& rect, const Mark* mark) { marks.push_back({panel, rect, mark}); }
    void addTooltip(const QRectF& rect, const QString& tooltip) {
        hits.push_back({rect, {}, {-1, tooltip, {}, false}});
    }
};

inline QColor toColor(Rgb rgb) {
    return QColor::fromRgb(static_cast<QRgb>(rgb));
}
// Black or white, whichever reads better on `background`.
QColor inkOn(const QColor& background);

// Each painter draws its panel's plot and axes inside `body` (title and legend are placed
// around it by ChartPainter).
void paintBarPanel(PaintContext& context, const Panel& panel, const QRectF& body);
void paintScatterPanel(PaintContext& context, const Panel& panel, const QRectF& body);
void paintRingPanel(PaintContext& context, const Panel& panel, const QRectF& body);

// Legends: entries (a swatch and a key each) and the color scale of a panel.
QSizeF legendSize(const Panel& panel, const QFontMetricsF& metrics, double maxWidth);
void paintLegend(PaintContext& context, const Panel& panel, const QRectF& box);

} // namespace planscope::charts
