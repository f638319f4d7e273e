#include "chartview/ChartPainter.h"

#include "chartview/PanelPainters.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace planscope::charts {
namespace {

constexpr double kTitleHeight = 30;
constexpr double kLegendWidth = 190;

bool hasLegend(const Panel& panel) {
    return !panel.legend.empty() || panel.colorScale.has_value();
}

// Room for axis labels around the plot, by panel kind.
QMarginsF plotMargins(const Panel& panel, double lineHeight) {
    switch (panel.kind) {
    case PanelKind::Rings:
        return {8, 8, 8, 8};
    case PanelKind::Scatter:
        return {86 + lineHeight, 8, 14, 2 * lineHeight + 10};
    case PanelKind::Bars:
        return panel.horizontal ? QMarginsF{200, 8, 16, 2 * lineHeight + 10}
                                : QMarginsF{86 + lineHeight, 8, 10, 2 * lineHeight + 10};
    }
    return {};
}

} // namespace

QColor inkOn(const QColor& background) {
    return background.lightnessF() > 0.55 ? QColor(0x22, 0x22, 0x22) : QColor(Qt::white);
}

void ChartPainter::paint(QPainter& painter, const QRectF& area) {
    m_hits.clear();
    m_paintedMarks = 0;
    painter.save();
    painter.fillRect(area, Qt::white);
    painter.setRenderHint(QPainter::Antialiasing, true);
    QFont font = painter.font();
    font.setPixelSize(12);
    painter.setFont(font);
    QFont titleFont = font;
    titleFont.setPixelSize(15);
    titleFont.setBold(true);
    painter.setFont(titleFont);
    painter.setPen(QColor(0x22, 0x22, 0x22));
    const QRectF titleBox(area.left() + 8, area.top(), area.width() - 16, kTitleHeight);
    const QString title =
        QFontMetricsF(titleFont).elidedText(m_chart->title, Qt::ElideMiddle, titleBox.width());
    painter.drawText(titleBox, Qt::AlignCenter, title);
    if (title != m_chart->title) { // the whole title in a tooltip
        ChartHit hit;
        hit.tooltip = m_chart->title;
        m_hits.push_back({titleBox, {}, hit});
    }
    painter.setFont(font);

    const int count = static_cast<int>(m_chart->panels.size());
    const int columns = std::max(1, std::min(m_chart->columns, count));
    const int rows = std::max(1, (count + columns - 1) / columns);
    const QRectF grid = area.adjusted(4, kTitleHeight, -4, -4);
    const double w = grid.width() / columns;
    const double h = grid.height() / rows;
    for (int i = 0; i < count; ++i) {
        const int column = i % columns;
        const int row = i / columns;
        const QRectF box(grid.left() + column * w, grid.top() + row * h, w, h);
        paintPanel(painter, m_chart->panels[static_cast<std::size_t>(i)],
                   box.adjusted(4, 4, -4, -4));
    }
    painter.restore();
}

void ChartPainter::paintPanel(QPainter& painter, const Panel& panel, const QRectF& box) {
    const QFontMetricsF metrics(painter.font());
    QRectF body = box;
    if (!panel.title.isEmpty()) {
        QFont bold = painter.font();
        bold.setBold(true);
        painter.save();
        painter.setFont(bold);
        painter.setPen(QColor(0x33, 0x33, 0x33));
        painter.drawText(QRectF(box.left(), box.top(), box.width(), metrics.height() + 6),
                         Qt::AlignCenter,
                         metrics.elidedText(panel.title, Qt::ElideRight, box.width()));
        painter.restore();
        body.setTop(box.top() + metrics.height() + 8);
    }
    if (panel.isEmpty()) {
        painter.setPen(QColor(0x88, 0x88, 0x88));
        painter.drawText(body, Qt::AlignCenter | Qt::TextWordWrap, panel.emptyMessage);
        return;
    }
    if (hasLegend(panel)) {
        paintLegend(painter, panel,
                    QRectF(body.right() - kLegendWidth, body.top(), kLegendWidth, body.height()));
        body.setRight(body.right() - kLegendWidth - 6);
    }
    const QRectF plot = body.marginsRemoved(plotMargins(panel, metrics.height()));
    if (plot.width() < 20 || plot.height() < 20)
        return;
    PaintContext context{painter, m_selectedLayer, m_drill, m_hits, m_paintedMarks};
    switch (panel.kind) {
    case PanelKind::Bars:
        paintBarPanel(context, panel, plot);
        break;
    case PanelKind::Scatter:
        paintScatterPanel(context, panel, plot);
        break;
    case PanelKind::Rings:
        paintRingPanel(context, panel, plot);
        break;
    }
}

ChartHit ChartPainter::hitAt(const QPointF& point) const {
    const auto contains = [&point](const HitShape& shape) {
        return shape.path.isEmpty() ? shape.rect.contains(point) : shape.path.contains(point);
    };
    // Later shapes are drawn on top: look from the end.
    const auto it = std::find_if(m_hits.rbegin(), m_hits.rend(), contains);
    return it == m_hits.rend() ? ChartHit{} : it->hit;
}

std::vector<RingSlice> ringLayout(const Panel& panel, const QString& drill) {
    std::vector<RingSlice> slices;
    std::vector<const RingNode*> inner;
    for (const RingNode& node : panel.rings)
        if (drill.isEmpty() || node.label == drill)
            inner.push_back(&node);
    double total = 0;
    for (const RingNode* node : inner)
        total += std::max(0.0, node->mark.value);
    if (total <= 0)
        return slices;
    double angle = 0;
    for (const RingNode* node : inner) {
        const double span = 360.0 * std::max(0.0, node->mark.value) / total;
        slices.push_back({node, 0, angle, span});
        double childTotal = 0;
        for (const RingNode& child : node->children)
            childTotal += std::max(0.0, child.mark.value);
        double childAngle = angle;
        for (const RingNode& child : node->children) {
            const double childSpan =
                childTotal > 0 ? span * std::max(0.0, child.mark.value) / childTotal : 0;
            slices.push_back({&child, 1, childAngle, childSpan});
            childAngle += childSpan;
        }
        angle += span;
    }
    return slices;
}

} // namespace planscope::charts
