#pragma once

#include "chartview/ChartPainter.h"

#include <QColor>

// The painters of each panel kind, used by ChartPainter.
namespace planscope::charts {

struct PaintContext {
    QPainter& painter;
    int selectedLayer;
    QString drill;
    std::vector<ChartPainter::HitShape>& hits;
    int& paintedMarks;
};

inline QColor toColor(Rgb rgb) {
    return QColor::fromRgb(static_cast<QRgb>(rgb));
}
// Black or white, whichever reads better on `background`.
QColor inkOn(const QColor& background);

void paintBarPanel(PaintContext& context, const Panel& panel, const QRectF& plot);
void paintScatterPanel(PaintContext& context, const Panel& panel, const QRectF& plot);
void paintRingPanel(PaintContext& context, const Panel& panel, const QRectF& plot);
void paintLegend(QPainter& painter, const Panel& panel, const QRectF& box);

} // namespace planscope::charts
