#pragma once

#include "charts/Chart.h"

#include <QPainterPath>
#include <QRectF>
#include <QSet>
#include <vector>

class QPainter;

namespace planscope::charts {

// What is under a point of a painted chart.
struct ChartHit {
    int layer = -1;          // the layer the mark stands for
    QString tooltip;         // empty: nothing there
    QString ring;            // a ring slice with slices outside it (a sunburst zooms into it)
    bool ringCenter = false; // the hole of a zoomed sunburst (zooms back out one level)
};

// A mark as painted: its panel, its bounds and the data it stands for.
struct DrawnMark {
    int panel = -1;
    QRectF rect;
    const Mark* mark = nullptr;
};

// A text as painted: where its ink lies, in the painted area's coordinates.
struct DrawnText {
    QRectF rect;
    QString text;
};

// A slice of a ring panel as drawn: angles in degrees, clockwise from 12 o'clock. Sibling
// nodes too thin to draw apart are one thin slice of `count` nodes from `node` on, without a key
// and without the slices their children would have further out.
struct RingSlice {
    const RingNode* node = nullptr;
    int level = 0; // 0 inner, then outwards
    double startDegrees = 0;
    double spanDegrees = 0;
    QString key; // the labels from the outermost panel ring to this node (ringKey)
    bool thin = false;
    int count = 1;
};

// Rings drawn at once (wide enough for a name at 600 px); deeper ones show when the sunburst
// zooms in.
inline constexpr int kMaxRingLevels = 3;
// A ring node's key: its ancestors' labels and its own, joined by U+001F.
QString ringKey(const QString& parentKey, const QString& label);
// The key of the node a zoomed sunburst backs out to; empty for the whole panel.
QString parentRingKey(const QString& key);

// The slices of a ring panel, up to kMaxRingLevels deep; with `drill` (a ringKey) set, that node
// whole and the nodes inside it. A node's children share its angle by their values, leaving a
// gap for what the node holds beyond them. Consecutive siblings of one color narrower than
// `thinDegrees` each are one slice, their children not laid out (a sunburst of 210,000 layers
// has slices of a thousandth of a pixel: drawn, hit-tested and keyed one by one they took
// seconds and a gigabyte).
std::vector<RingSlice> ringLayout(const Panel& panel, const QString& drill = {},
                                  double thinDegrees = 0);

// Paints a Chart with QPainter (screen, PNG and SVG alike) and answers what is at a point.
class ChartPainter {
  public:
    explicit ChartPainter(const Chart* chart) : m_chart(chart) {}

    void setSelectedLayer(int layer) { m_selectedLayer = layer; }
    void setMarkedLayers(QSet<int> layers) { m_marked = std::move(layers); }
    void setDrill(const QString& ring) { m_drill = ring; }
    QString drill() const { return m_drill; }

    void paint(QPainter& painter, const QRectF& area);
    // What the last paint() drew, and what is where.
    ChartHit hitAt(const QPointF& point) const;
    int paintedMarks() const { return static_cast<int>(m_marks.size()); }
    const std::vector<DrawnMark>& drawnMarks() const { return m_marks; }
    const std::vector<DrawnText>& drawnTexts() const { return m_texts; }
    // The panels' boxes as laid out (columns follow the room, see ChartLayout.h).
    const std::vector<QRectF>& panelBoxes() const { return m_panelBoxes; }

    struct HitShape {
        QRectF rect;
        QPainterPath path; // used when not empty
        ChartHit hit;
    };

  private:
    const Chart* m_chart;
    int m_selectedLayer = -1;
    QSet<int> m_marked;
    QString m_drill;
    std::vector<HitShape> m_hits;
    std::vector<DrawnMark> m_marks;
    std::vector<DrawnText> m_texts;
    std::vector<QRectF> m_panelBoxes;
};

} // namespace planscope::charts
