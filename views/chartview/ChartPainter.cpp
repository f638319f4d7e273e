#include "chartview/ChartPainter.h"

#include "chartview/ChartLayout.h"
#include "chartview/ChartText.h"
#include "chartview/PanelPainters.h"

#include <QFontMetricsF>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace planscope::charts {
namespace {

// A panel: its title, then its legend on the right and the plot in what is left.
void paintPanel(PaintContext& c, const Panel& panel, const QRectF& box, bool ownLegend) {
    QPainter& painter = c.painter;
    const QFontMetricsF metrics(painter.font());
    QRectF body = box;
    if (!panel.title.isEmpty()) {
        QFont bold = painter.font();
        bold.setBold(true);
        painter.save();
        painter.setFont(bold);
        painter.setPen(QColor(0x33, 0x33, 0x33));
        drawElidedText(c, QRectF(box.left(), box.top(), box.width(), metrics.height() + 4),
                       Qt::AlignCenter, panel.title);
        painter.restore();
        body.setTop(box.top() + metrics.height() + 6);
    }
    if (panel.isEmpty()) {
        painter.setPen(QColor(0x66, 0x66, 0x66));
        drawWrappedText(c, body.adjusted(8, 0, -8, 0), Qt::AlignCenter, panel.emptyMessage);
        return;
    }
    if (ownLegend) {
        if (const double width = legendWidth(panel, metrics, box.width()); width > 0) {
            paintLegend(c, panel, QRectF(body.right() - width, body.top(), width, body.height()));
            body.setRight(body.right() - width - 6);
        }
    }
    switch (panel.kind) {
    case PanelKind::Bars:
        paintBarPanel(c, panel, body);
        break;
    case PanelKind::Scatter:
        paintScatterPanel(c, panel, body);
        break;
    case PanelKind::Rings:
        paintRingPanel(c, panel, body);
        break;
    }
}

} // namespace

QColor inkOn(const QColor& background) {
    return background.lightnessF() > 0.55 ? QColor(0x22, 0x22, 0x22) : QColor(Qt::white);
}

void ChartPainter::paint(QPainter& painter, const QRectF& area) {
    m_hits.clear();
    m_marks.clear();
    m_texts.clear();
    painter.save();
    painter.fillRect(area, Qt::white);
    painter.setRenderHint(QPainter::Antialiasing, true);
    PaintContext c{painter, m_selectedLayer, m_drill, m_hits, m_marks, m_texts, m_marked};
    QFont font = painter.font();
    font.setPixelSize(kChartFontPixels);
    QFont titleFont = font;
    titleFont.setPixelSize(kChartTitlePixels);
    titleFont.setBold(true);
    painter.setFont(titleFont);
    painter.setPen(QColor(0x22, 0x22, 0x22));
    drawElidedText(c, QRectF(area.left() + 8, area.top(), area.width() - 16, kChartTitleHeight),
                   Qt::AlignCenter, m_chart->title, Qt::ElideMiddle);
    painter.setFont(font);

    const QFontMetricsF metrics(font);
    const ChartLayout layout =
        layoutChart(*m_chart, area.adjusted(4, kChartTitleHeight, -4, -4), metrics);
    m_panelBoxes = layout.panels;
    const bool shared = !layout.sharedLegend.isEmpty();
    if (shared)
        paintLegend(c, m_chart->panels.front(), layout.sharedLegend);
    for (std::size_t i = 0; i < m_chart->panels.size(); ++i) {
        c.panel = static_cast<int>(i);
        paintPanel(c, m_chart->panels[i], layout.panels[i], !shared);
    }
    painter.restore();
}

ChartHit ChartPainter::hitAt(const QPointF& point) const {
    const auto contains = [&point](const HitShape& shape) {
        return shape.path.isEmpty() ? shape.rect.contains(point) : shape.path.contains(point);
    };
    // Later shapes are drawn on top: look from the end.
    const auto it = std::find_if(m_hits.rbegin(), m_hits.rend(), contains);
    return it == m_hits.rend() ? ChartHit{} : it->hit;
}

QString ringKey(const QString& parentKey, const QString& label) {
    return parentKey.isEmpty() ? label : parentKey + QChar(0x1f) + label;
}

QString parentRingKey(const QString& key) {
    const qsizetype cut = key.lastIndexOf(QChar(0x1f));
    return cut < 0 ? QString() : key.left(cut);
}

namespace {

const RingNode* findRing(const std::vector<RingNode>& nodes, const QString& key) {
    const std::vector<RingNode>* level = &nodes;
    const RingNode* found = nullptr;
    for (const QString& label : key.split(QChar(0x1f))) {
        const auto it = std::find_if(level->begin(), level->end(),
                                     [&](const RingNode& n) { return n.label == label; });
        if (it == level->end())
            return nullptr;
        found = &*it;
        level = &it->children;
    }
    return found;
}

class RingLayout {
  public:
    explicit RingLayout(double thinDegrees) : m_thin(thinDegrees) {}

    // Lays out `nodes`, siblings sharing `span` from `start` by their values over `whole`.
    void addSiblings(const std::vector<const RingNode*>& nodes, int level, double start,
                     double span, double whole, const QString& parentKey,
                     const QString* onlyKey = nullptr) {
        constexpr std::size_t kNone = std::size_t(-1);
        double angle = start;
        std::size_t thinRun = kNone; // the slice the thin siblings just before joined
        for (const RingNode* node : nodes) {
            const double nodeSpan = whole > 0 ? span * std::max(0.0, node->mark.value) / whole : 0;
            if (nodeSpan < m_thin) {
                if (thinRun != kNone && m_slices[thinRun].node->mark.color == node->mark.color) {
                    m_slices[thinRun].spanDegrees += nodeSpan;
                    ++m_slices[thinRun].count;
                } else {
                    thinRun = m_slices.size();
                    m_slices.push_back({node, level, angle, nodeSpan, {}, true, 1});
                }
            } else {
                thinRun = kNone;
                add(*node, level, angle, nodeSpan,
                    onlyKey ? *onlyKey : ringKey(parentKey, node->label));
            }
            angle += nodeSpan;
        }
    }

    std::vector<RingSlice> take() { return std::move(m_slices); }

  private:
    void add(const RingNode& node, int level, double start, double span, const QString& key) {
        m_slices.push_back({&node, level, start, span, key, false, 1});
        if (level + 1 >= kMaxRingLevels || node.children.empty())
            return;
        double childTotal = 0;
        std::vector<const RingNode*> children;
        children.reserve(node.children.size());
        for (const RingNode& child : node.children) {
            childTotal += std::max(0.0, child.mark.value);
            children.push_back(&child);
        }
        addSiblings(children, level + 1, start, span, std::max(childTotal, node.mark.value), key);
    }

    double m_thin;
    std::vector<RingSlice> m_slices;
};

} // namespace

std::vector<RingSlice> ringLayout(const Panel& panel, const QString& drill, double thinDegrees) {
    std::vector<const RingNode*> inner;
    const RingNode* drilled = drill.isEmpty() ? nullptr : findRing(panel.rings, drill);
    if (drilled)
        inner.push_back(drilled);
    else
        for (const RingNode& node : panel.rings)
            inner.push_back(&node);
    double total = 0;
    for (const RingNode* node : inner)
        total += std::max(0.0, node->mark.value);
    if (total <= 0)
        return {};
    RingLayout layout(thinDegrees);
    layout.addSiblings(inner, 0, 0, 360.0, total, {}, drilled ? &drill : nullptr);
    return layout.take();
}

} // namespace planscope::charts
