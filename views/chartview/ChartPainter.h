#pragma once

#include "charts/Chart.h"

#include <QPainterPath>
#include <QRectF>
#include <vector>

class QPainter;

namespace planscope::charts {

// What is under a point of a painted chart.
struct ChartHit {
    int layer = -1;          // the layer the mark stands for
    QString tooltip;         // empty: nothing there
    QString ring;            // an inner-ring slice (a sunburst drills into it)
    bool ringCenter = false; // the hole of a drilled sunburst (drills back out)
};

// A slice of a ring panel as drawn: angles in degrees, clockwise from 12 o'clock.
struct RingSlice {
    const RingNode* node = nullptr;
    int level = 0; // 0 inner, 1 outer
    double startDegrees = 0;
    double spanDegrees = 0;
};

// The slices of a ring panel; with `drill` set, only that inner node and its children, whole.
std::vector<RingSlice> ringLayout(const Panel& panel, const QString& drill = {});

// Paints a Chart with QPainter (screen, PNG and SVG alike) and answers what is at a point.
class ChartPainter {
  public:
    explicit ChartPainter(const Chart* chart) : m_chart(chart) {}

    void setSelectedLayer(int layer) { m_selectedLayer = layer; }
    void setDrill(const QString& ring) { m_drill = ring; }
    QString drill() const { return m_drill; }

    void paint(QPainter& painter, const QRectF& area);
    ChartHit hitAt(const QPointF& point) const; // valid after paint()
    int paintedMarks() const { return m_paintedMarks; }

    struct HitShape {
        QRectF rect;
        QPainterPath path; // used when not empty
        ChartHit hit;
    };

  private:
    void paintPanel(QPainter& painter, const Panel& panel, const QRectF& box);

    const Chart* m_chart;
    int m_selectedLayer = -1;
    QString m_drill;
    std::vector<HitShape> m_hits;
    int m_paintedMarks = 0;
};

} // namespace planscope::charts
