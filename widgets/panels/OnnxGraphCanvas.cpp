#include "panels/OnnxGraphCanvas.h"

#include <QPainter>

namespace planscope {

void OnnxGraphCanvas::setCharged(QSet<int> layers) {
    m_charged = std::move(layers);
    update();
}

void OnnxGraphCanvas::paintEvent(QPaintEvent* event) {
    GraphCanvas::paintEvent(event);
    if (m_charged.isEmpty() || !scene())
        return;
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(QPen(GraphPainter::markColor(), 2.5, Qt::DashLine));
    painter.setBrush(Qt::NoBrush);
    const std::vector<GraphNode>& nodes = scene()->graph.nodes();
    for (std::size_t n = 0; n < nodes.size(); ++n) {
        if (nodes[n].layer < 0 || !m_charged.contains(nodes[n].layer))
            continue;
        const QRectF node = scene()->layout.nodes[n];
        const QRectF ring(toWidget(node.topLeft()), toWidget(node.bottomRight()));
        painter.drawRoundedRect(ring.adjusted(-6, -6, 6, 6), 8, 8);
    }
}

} // namespace planscope
