#include "graphview/EdgeLabelPlacement.h"

#include <QFontMetricsF>
#include <QHash>
#include <cmath>

namespace planscope {
namespace {

constexpr double kGap = 4; // between an edge and its label

// The boxes placed so far (nodes, then labels), found by the grid cells they cover.
class PlacedBoxes {
  public:
    void add(const QRectF& box) {
        const auto index = int(m_boxes.size());
        m_boxes.push_back(box);
        forEachCell(box, [&](quint64 cell) { m_cells[cell].push_back(index); });
    }
    bool meets(const QRectF& box) const {
        bool met = false;
        forEachCell(box, [&](quint64 cell) {
            const auto it = m_cells.constFind(cell);
            if (it == m_cells.constEnd())
                return;
            for (int other : *it)
                met = met || m_boxes[std::size_t(other)].intersects(box);
        });
        return met;
    }

  private:
    static constexpr double kCell = 64; // points
    template <class Visit> static void forEachCell(const QRectF& box, Visit&& visit) {
        const auto x0 = qint64(std::floor(box.left() / kCell));
        const auto x1 = qint64(std::floor(box.right() / kCell));
        const auto y0 = qint64(std::floor(box.top() / kCell));
        const auto y1 = qint64(std::floor(box.bottom() / kCell));
        for (qint64 x = x0; x <= x1; ++x)
            for (qint64 y = y0; y <= y1; ++y)
                visit(quint64(quint32(x)) << 32 | quint32(y));
    }
    std::vector<QRectF> m_boxes;
    QHash<quint64, std::vector<int>> m_cells;
};

} // namespace

std::vector<QRectF> placeEdgeLabels(const PlanGraph& graph, const GraphLayout& layout,
                                    const GraphStyle& style, const QFont& font) {
    std::vector<QRectF> boxes(graph.edges().size());
    PlacedBoxes placed;
    for (const QRectF& node : layout.nodes)
        if (!node.isEmpty())
            placed.add(node);
    const QFontMetricsF metrics(font);
    static constexpr double kAlong[] = {0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8};
    for (std::size_t e = 0; e < graph.edges().size(); ++e) {
        const QPainterPath& path = layout.edges[e];
        const QString label = edgeLabel(graph.edges()[e], style);
        if (path.isEmpty() || label.isEmpty())
            continue;
        const QSizeF size = metrics.boundingRect(QRectF(0, 0, 400, 400), Qt::AlignLeft, label)
                                .size()
                                .grownBy({1, 0, 1, 0});
        for (double along : kAlong) {
            const QPointF at = path.pointAtPercent(along);
            const QRectF right(QPointF(at.x() + kGap, at.y() - size.height() / 2), size);
            const QRectF left(QPointF(at.x() - kGap - size.width(), at.y() - size.height() / 2),
                              size);
            const QRectF* free = !placed.meets(right)  ? &right
                                 : !placed.meets(left) ? &left
                                                       : nullptr;
            if (free) {
                boxes[e] = *free;
                placed.add(*free);
                break;
            }
        }
    }
    return boxes;
}

} // namespace planscope
