#include "graphview/GraphPainter.h"

#include "graphview/EdgeLabelPlacement.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QtMath>
#include <algorithm>

namespace planscope {
namespace {

constexpr double kPadding = 6;
constexpr double kMargin = 16;

QColor toColor(palette::Rgb rgb) {
    return QColor::fromRgb(static_cast<QRgb>(rgb));
}

QColor inkOn(const QColor& background) {
    return background.lightnessF() > 0.5 ? QColor(0x1A, 0x1A, 0x1A) : QColor(Qt::white);
}

void arrowHead(QPainter& painter, const QPainterPath& path, const QColor& color) {
    const QPointF tip = path.pointAtPercent(1);
    const QPointF before = path.pointAtPercent(std::max(0.0, 1 - 6 / std::max(6.0, path.length())));
    const double angle = std::atan2(tip.y() - before.y(), tip.x() - before.x());
    const QPointF left = tip - QPointF(std::cos(angle - 0.4), std::sin(angle - 0.4)) * 7;
    const QPointF right = tip - QPointF(std::cos(angle + 0.4), std::sin(angle + 0.4)) * 7;
    painter.setBrush(color);
    painter.setPen(Qt::NoPen);
    painter.drawPolygon(QPolygonF({tip, left, right}));
}

} // namespace

GraphPainter::GraphPainter(const PlanGraph& graph, const GraphLayout& layout,
                           const EnginePlan& plan, const GraphStyle& style,
                           QSet<int> layersWithFindings)
    : m_graph(graph), m_layout(layout), m_plan(plan), m_style(style),
      m_flagged(std::move(layersWithFindings)) {}

QFont GraphPainter::labelFont() {
    QFont font;
    font.setPixelSize(10);
    return font;
}

QFont GraphPainter::edgeLabelFont() {
    QFont small = labelFont();
    small.setPixelSize(8);
    return small;
}

std::vector<QSizeF> GraphPainter::nodeSizes(const PlanGraph& graph, const EnginePlan& plan,
                                            const GraphStyle& style) {
    const QFontMetricsF metrics(labelFont());
    std::vector<QSizeF> sizes;
    sizes.reserve(graph.nodes().size());
    for (const GraphNode& node : graph.nodes()) {
        const QStringList lines = nodeLabel(node, plan, style);
        double width = 40;
        for (const QString& line : lines)
            width = std::max(width, metrics.horizontalAdvance(line));
        const double height =
            static_cast<double>(std::max<qsizetype>(1, lines.size())) * metrics.height();
        sizes.emplace_back(width + 2 * kPadding + 4, height + 2 * kPadding);
    }
    return sizes;
}

void GraphPainter::paintEdge(QPainter& painter, std::size_t e, bool detailed) const {
    const GraphEdge& edge = m_graph.edges()[e];
    const QPainterPath& path = m_layout.edges[e];
    if (path.isEmpty())
        return;
    const QColor color = toColor(edgeColor(edge));
    painter.setBrush(Qt::NoBrush);
    painter.setPen(QPen(color, edge.dependency ? 1 : 1.6,
                        edge.dependency || edge.generation > 0 ? Qt::DashLine : Qt::SolidLine));
    painter.drawPath(path);
    arrowHead(painter, path, color);
    if (!detailed)
        return;
    if (!m_labelsPlaced) {
        m_labelBoxes = placeEdgeLabels(m_graph, m_layout, m_style, edgeLabelFont());
        m_labelsPlaced = true;
    }
    const QRectF& box = m_labelBoxes[e];
    if (box.isEmpty()) // no label, or no room beside its edge
        return;
    painter.setFont(edgeLabelFont());
    painter.setPen(QColor(0x55, 0x55, 0x55));
    painter.drawText(box, Qt::AlignLeft | Qt::AlignTop, edgeLabel(edge, m_style));
}

void GraphPainter::paintNode(QPainter& painter, std::size_t n, bool selected, bool marked) const {
    const GraphNode& node = m_graph.nodes()[n];
    const QRectF rect = m_layout.nodes[n];
    if (rect.isEmpty())
        return;
    const QColor fill = toColor(nodeColor(node, m_plan, m_style));
    // Halos at least 5 screen pixels wide, so a zoomed-out graph still shows them: trex's yellow
    // for the selected layer, outside the magenta of a marked one (no type or precision colour).
    const double zoom = painter.worldTransform().m11();
    const double width = std::max(6.0, zoom > 0 ? 5.0 / zoom : 6.0);
    painter.setBrush(Qt::NoBrush);
    const auto halo = [&](const QColor& color, double grow) {
        painter.setPen(QPen(color, width));
        painter.drawRoundedRect(rect.adjusted(-grow, -grow, grow, grow), 8, 8);
    };
    if (selected)
        halo(QColor(0xFF, 0xD7, 0x00), marked ? width * 1.5 : width / 2);
    if (marked)
        halo(markColor(), width / 2);
    painter.setBrush(fill);
    const bool region = node.kind == GraphNode::Kind::Region;
    const bool module = node.kind == GraphNode::Kind::Module;
    painter.setPen(QPen(region ? QColor(0x88, 0x88, 0x88) : QColor(0xB0, 0xB0, 0xB0), 1,
                        region && !node.isBinding ? Qt::DashLine : Qt::SolidLine));
    painter.drawRoundedRect(rect, region ? 2 : 6, region ? 2 : 6);
    if (module) { // a module is a box holding more: a second edge shows it can be opened
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(inkOn(fill), 0.8));
        painter.drawRoundedRect(rect.adjusted(2.5, 2.5, -2.5, -2.5), 4, 4);
    }
    const QStringList lines = nodeLabel(node, m_plan, m_style);
    QFont font = labelFont();
    const QFontMetricsF metrics(font);
    double y =
        rect.top() + (rect.height() - static_cast<double>(lines.size()) * metrics.height()) / 2;
    painter.setPen(inkOn(fill));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        font.setBold(i == 0 && !region);
        painter.setFont(font);
        painter.drawText(QRectF(rect.left() + 2, y, rect.width() - 4, metrics.height()),
                         Qt::AlignCenter,
                         metrics.elidedText(lines[i], Qt::ElideMiddle, rect.width() - 4));
        y += metrics.height();
    }
    if (showsAny(node, m_flagged)) {
        const QPointF corner = rect.topRight();
        painter.setBrush(QColor(0xE4, 0x6D, 0x00));
        painter.setPen(QPen(Qt::white, 1));
        painter.drawPolygon(QPolygonF({corner + QPointF(-14, 0), corner, corner + QPointF(0, 14)}));
    }
}

void GraphPainter::paintCluster(QPainter& painter, std::size_t c) const {
    const GraphCluster& cluster = m_graph.clusters()[c];
    const QRectF rect = m_layout.clusters[c];
    if (rect.isEmpty())
        return;
    painter.setBrush(QColor(0x88, 0x99, 0xAA, 22)); // nested frames darken inwards
    painter.setPen(QPen(QColor(0x8A, 0x9B, 0xAD), 1.2));
    painter.drawRoundedRect(rect, 8, 8);
    QFont font = labelFont();
    font.setBold(true);
    painter.setFont(font);
    painter.setPen(QColor(0x33, 0x44, 0x55));
    const QString figures = cluster.ms
                                ? QStringLiteral("  %1 ms, %2 %")
                                      .arg(QString::number(*cluster.ms, 'f', 3),
                                           QString::number(cluster.percent.value_or(0), 'f', 1))
                                : QString();
    const QFontMetricsF metrics(font);
    const QRectF title(rect.left() + 8, rect.top() + 3, rect.width() - 16, metrics.height());
    const QString name = cluster.name.section(QLatin1Char('/'), -1);
    painter.drawText(title, Qt::AlignLeft | Qt::AlignVCenter,
                     metrics.elidedText(name + figures, Qt::ElideMiddle, title.width()));
}

bool GraphPainter::showsAny(const GraphNode& node, const QSet<int>& layers) const {
    if (node.kind != GraphNode::Kind::Module)
        return node.layer >= 0 && layers.contains(node.layer);
    for (int layer : layers)
        if (std::binary_search(node.layers.begin(), node.layers.end(), layer))
            return true;
    return false;
}

void GraphPainter::paint(QPainter& painter, const QRectF& visible, const QSet<int>& haloed,
                         bool detailed, const QSet<int>& marked) const {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    for (std::size_t c = 0; c < m_layout.clusters.size(); ++c)
        if (m_layout.clusters[c].intersects(visible))
            paintCluster(painter, c);
    for (std::size_t e = 0; e < m_graph.edges().size(); ++e)
        if (m_layout.edges[e]
                .controlPointRect()
                .adjusted(-2, -2, 2, 2)
                .intersects(visible)) // straight edges have no width
            paintEdge(painter, e, detailed);
    for (std::size_t n = 0; n < m_graph.nodes().size(); ++n)
        if (m_layout.nodes[n].intersects(visible))
            paintNode(painter, n, showsAny(m_graph.nodes()[n], haloed),
                      showsAny(m_graph.nodes()[n], marked));
    painter.restore();
}

QColor GraphPainter::markColor() {
    return toColor(palette::markColor());
}

int GraphPainter::nodeAt(const QPointF& scenePoint) const {
    for (std::size_t n = 0; n < m_layout.nodes.size(); ++n)
        if (m_layout.nodes[n].contains(scenePoint))
            return static_cast<int>(n);
    return -1;
}

int GraphPainter::clusterAt(const QPointF& scenePoint) const {
    int found = -1;
    for (std::size_t c = 0; c < m_layout.clusters.size(); ++c)
        if (m_layout.clusters[c].contains(scenePoint) &&
            (found < 0 || m_layout.clusters[std::size_t(found)].contains(m_layout.clusters[c])))
            found = int(c);
    return found;
}

QSizeF graphPictureSize(const GraphLayout& layout) {
    return layout.bounds.size() + QSizeF(2 * kMargin, 2 * kMargin);
}

void paintGraphPicture(QPainter& painter, const GraphPainter& graphPainter,
                       const GraphLayout& layout, const QRectF& visible, const QSet<int>& haloed) {
    const QPointF origin = layout.bounds.topLeft() - QPointF(kMargin, kMargin);
    painter.save();
    painter.fillRect(visible, Qt::white);
    painter.translate(-origin);
    graphPainter.paint(painter, visible.translated(origin), haloed, true);
    painter.restore();
}

std::vector<QRectF> graphPictureNodes(const GraphLayout& layout) {
    const QPointF origin = layout.bounds.topLeft() - QPointF(kMargin, kMargin);
    std::vector<QRectF> nodes;
    nodes.reserve(layout.nodes.size());
    for (const QRectF& node : layout.nodes)
        nodes.push_back(node.translated(-origin));
    return nodes;
}

std::vector<double> graphPictureBreaks(const GraphLayout& layout) {
    std::vector<std::pair<double, double>> spans; // each node's top and bottom
    for (const QRectF& node : layout.nodes)
        spans.emplace_back(node.top(), node.bottom());
    std::sort(spans.begin(), spans.end());
    const double origin = layout.bounds.top() - kMargin;
    std::vector<double> breaks;
    double covered = spans.empty() ? 0 : spans.front().first;
    for (const auto& [top, bottom] : spans) {
        if (top > covered)
            breaks.push_back((covered + top) / 2 - origin);
        covered = std::max(covered, bottom);
    }
    return breaks;
}

} // namespace planscope
