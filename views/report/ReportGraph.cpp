#include "report/ReportGraph.h"

#include "graphview/GraphLayout.h"
#include "graphview/GraphPainter.h"
#include "plan/FigureText.h"
#include "report/ReportSections.h"

#include <QPainter>
#include <QSet>
#include <algorithm>
#include <iterator>
#include <memory>
#include <optional>

namespace planscope::report {
namespace {

// What a graph picture draws from; GraphPainter keeps references to the rest.
struct LaidOutGraph {
    PlanGraph graph;
    GraphStyle style;
    GraphLayout layout;
    std::optional<GraphPainter> painter;
    QSizeF size() const { return graphPictureSize(layout); }
};

std::shared_ptr<LaidOutGraph> layOut(PlanGraph graph, const EnginePlan& plan,
                                     const QSet<int>& flagged) {
    auto g = std::make_shared<LaidOutGraph>();
    g->graph = std::move(graph);
    g->style.lineLength = kGraphLineLength;
    g->layout = layoutGraph(g->graph, GraphPainter::nodeSizes(g->graph, plan, g->style));
    if (g->layout.ok())
        g->painter.emplace(g->graph, g->layout, plan, g->style, flagged);
    return g;
}

// The column spans of a picture `width` wide, with `nodes`, that are at most
// kLegibleGraphWidth wide: each ends through as few nodes as can be, as far right as that
// allows (in its right three quarters), and the next starts with the nodes it cut, whole.
std::vector<std::pair<double, double>> slices(double width, const std::vector<QRectF>& nodes) {
    const auto cut = [&nodes](double x) {
        std::vector<QRectF> through;
        std::copy_if(nodes.begin(), nodes.end(), std::back_inserter(through),
                     [x](const QRectF& n) { return n.left() < x && n.right() > x; });
        return through;
    };
    std::vector<std::pair<double, double>> spans;
    double left = 0;
    while (width - left > kLegibleGraphWidth) {
        const double low = left + kLegibleGraphWidth / 4;
        const double high = left + kLegibleGraphWidth;
        std::vector<double> candidates{high};
        for (const QRectF& n : nodes)
            for (double x : {n.left() - 4, n.right() + 4}) // in the gap beside a node
                if (x >= low && x <= high)
                    candidates.push_back(x);
        const double right =
            *std::min_element(candidates.begin(), candidates.end(), [&cut](double a, double b) {
                const std::size_t cutA = cut(a).size();
                const std::size_t cutB = cut(b).size();
                return cutA != cutB ? cutA < cutB : a > b;
            });
        spans.emplace_back(left, right);
        double next = right;
        for (const QRectF& n : cut(right))
            next = std::min(next, n.left() - 4);
        left = std::max(next, low);
    }
    spans.emplace_back(left, width);
    return spans;
}

// The rows (picture heights, margin included) of the nodes centred between `left` and `right`:
// a slice of a wide graph leaves out the rows where it has only ends of nodes another shows.
std::pair<double, double> rowsBetween(const std::vector<QRectF>& nodes, double left, double right,
                                      double height) {
    constexpr double kSliceMargin = 16; // white above and below a slice's nodes
    double top = height;
    double bottom = 0;
    for (const QRectF& n : nodes)
        if (n.center().x() >= left && n.center().x() <= right) {
            top = std::min(top, n.top() - kSliceMargin);
            bottom = std::max(bottom, n.bottom() + kSliceMargin);
        }
    return top < bottom ? std::pair{std::max(0.0, top), std::min(height, bottom)}
                        : std::pair{0.0, height};
}

// The graph as pictures legible on a page: one, or slices side by side in the graph, one
// below the other in the report, when it is wider than a page holds legibly.
std::vector<Block> pictures(const std::shared_ptr<LaidOutGraph>& g, const QString& caption,
                            const QSet<int>& haloed) {
    if (!g->layout.ok())
        return {
            Paragraph{QStringLiteral("The graph could not be laid out: %1").arg(g->layout.error)}};
    const QSizeF size = g->size();
    const std::vector<QRectF> nodes = graphPictureNodes(g->layout);
    const auto spans = slices(size.width(), nodes);
    std::vector<Block> blocks;
    for (std::size_t i = 0; i < spans.size(); ++i) {
        const auto [left, right] = spans[i];
        const auto [top, bottom] = spans.size() > 1 ? rowsBetween(nodes, left, right, size.height())
                                                    : std::pair{0.0, size.height()};
        const QPointF corner(left, top);
        std::vector<double> breaks;
        for (double at : graphPictureBreaks(g->layout))
            if (at > top && at < bottom)
                breaks.push_back(at - top);
        const QString part =
            spans.size() > 1
                ? QStringLiteral(" (part %1 of %2, left to right)").arg(i + 1).arg(spans.size())
                : QString();
        blocks.emplace_back(Picture{caption + part, QSizeF(right - left, bottom - top),
                                    [g, haloed, corner](QPainter& painter, const QRectF& visible) {
                                        painter.save();
                                        painter.translate(-corner);
                                        paintGraphPicture(painter, *g->painter, g->layout,
                                                          visible.translated(corner), haloed);
                                        painter.restore();
                                    },
                                    std::move(breaks)});
    }
    return blocks;
}

struct Neighbourhood {
    const Layer* layer;
    int radius;
    std::shared_ptr<LaidOutGraph> graph;
};

// The slowest layers' neighbourhoods, narrowed to radius 1 where radius 2 is too wide to read;
// a layer already drawn around a slower one gets none of its own.
std::vector<Neighbourhood> hotNeighbourhoods(const PlanGraph& whole, const EnginePlan& plan,
                                             const QSet<int>& flagged) {
    std::vector<Neighbourhood> shown;
    QSet<int> drawn;
    for (const Layer* layer : slowestLayers(plan, plan.layers.size())) {
        if (shown.size() == std::size_t(kHotNeighbourhoods))
            break;
        const int node = whole.nodeOfLayer(layer->index);
        if (node < 0 || drawn.contains(layer->index))
            continue;
        Neighbourhood around{layer, kNeighbourhoodRadius + 1, nullptr};
        do {
            --around.radius;
            around.graph = layOut(whole.neighbourhood(node, around.radius), plan, flagged);
        } while (around.radius > 1 && around.graph->layout.ok() &&
                 around.graph->size().width() > kLegibleGraphWidth);
        for (const GraphNode& n : around.graph->graph.nodes())
            drawn.insert(n.layer);
        shown.push_back(std::move(around));
    }
    return shown;
}

// A neighbourhood that even at radius 1 would take more than three strips of a page (a layer
// feeding or fed by dozens, as the slowest gemm of a 1309-layer Blackwell plan, cut into seven):
// its layers listed, each with the tensor linking it to the slow layer. Up to three strips
// still read as one picture (aeb-bev's Myelin layer and its fifteen tensors).
bool listedRatherThanDrawn(const Neighbourhood& h) {
    return h.radius == 1 && h.graph->layout.ok() &&
           h.graph->size().width() > 3 * kLegibleGraphWidth;
}

std::vector<Block> neighbourhoodTable(const Neighbourhood& h, const EnginePlan& plan,
                                      const QString& caption) {
    const PlanGraph& graph = h.graph->graph;
    const int centre = graph.nodeOfLayer(h.layer->index);
    Table table;
    table.columns = {{QStringLiteral("#"), true},
                     {QStringLiteral("Link"), false, true},
                     {QStringLiteral("Layer"), false, true},
                     {QStringLiteral("Type")},
                     {QStringLiteral("Time (ms)"), true}};
    for (const bool feeds : {true, false})
        for (const GraphEdge& e : graph.edges()) {
            const int other = feeds ? e.from : e.to;
            if ((feeds ? e.to : e.from) != centre || other == centre)
                continue;
            const GraphNode& n = graph.nodes()[std::size_t(other)];
            const Layer* layer = n.layer >= 0 ? &plan.layers[std::size_t(n.layer)] : nullptr;
            table.rows.push_back(
                {{layer ? QString::number(layer->index) : QStringLiteral("-"), {}},
                 {(feeds ? QStringLiteral("feeds it: ") : QStringLiteral("reads its ")) +
                      e.tensor.name,
                  {}},
                 {n.name, {}},
                 {layer ? layer->type : QStringLiteral("tensor"), {}},
                 {layer ? numberText(layer->timing.average(), 4) : kMissingText, {}}});
        }
    return {Paragraph{QStringLiteral("%1: %2 links, too many to draw legibly; listed.")
                          .arg(caption)
                          .arg(table.rows.size())},
            std::move(table)};
}

} // namespace

std::vector<Block> graphBlocks(const EnginePlan& plan, const std::vector<LintFinding>& findings) {
    QSet<int> flagged;
    for (const LintFinding& f : findings)
        flagged.insert(f.layerIndex);
    const PlanGraph whole = PlanGraph::build(plan);
    const std::vector<Neighbourhood> hot = hotNeighbourhoods(whole, plan, flagged);
    QSet<int> hotLayers;
    double hotHeight = 0;
    for (const Neighbourhood& h : hot) {
        hotLayers.insert(h.layer->index);
        hotHeight += h.graph->size().height();
    }
    std::vector<Block> blocks;
    const auto add = [&blocks](std::vector<Block> more) {
        std::move(more.begin(), more.end(), std::back_inserter(blocks));
    };
    if (static_cast<int>(plan.layers.size()) <= kWholeGraphLimit) {
        const auto g = layOut(whole, plan, flagged);
        const bool legible = g->size().width() <= kLegibleGraphWidth;
        if (hot.empty() || (legible && g->size().height() <= hotHeight)) {
            blocks.emplace_back(Paragraph{
                QStringLiteral("The plan as a data-dependency graph, laid out by Graphviz%1; an "
                               "orange corner marks a layer with lint findings.")
                    .arg(hot.empty() ? QString() : QStringLiteral(", its slowest layers haloed"))});
            add(pictures(g, QStringLiteral("Plan graph of %1").arg(plan.name), hotLayers));
            return blocks;
        }
    }
    if (hot.empty()) {
        blocks.emplace_back(Paragraph{
            QStringLiteral("The plan has %1 layers and no profile, so no slowest layers to show; "
                           "its whole graph would fill dozens of pages. 'planscope export-graph' "
                           "writes it.")
                .arg(plan.layers.size())});
        return blocks;
    }
    blocks.emplace_back(Paragraph{
        QStringLiteral("The %1 slowest layers by average time (haloed), each with the layers "
                       "within %2 steps of it (1 where %2 would be too wide to read); a slow "
                       "layer already shown around a slower one is not drawn again. An orange "
                       "corner marks a layer with lint findings; 'planscope export-graph' "
                       "writes the whole graph of %3 layers.")
            .arg(hot.size())
            .arg(kNeighbourhoodRadius)
            .arg(plan.layers.size())});
    for (const Neighbourhood& h : hot) {
        const QString caption =
            QStringLiteral("Around layer %1, %2 (%3, %4), within %5 step%6")
                .arg(h.layer->index)
                .arg(h.layer->name, millisecondsText(h.layer->timing.average(), 4),
                     percentText(h.layer->timing.share()))
                .arg(h.radius)
                .arg(h.radius == 1 ? "" : "s");
        add(listedRatherThanDrawn(h) ? neighbourhoodTable(h, plan, caption)
                                     : pictures(h.graph, caption, {h.layer->index}));
    }
    return blocks;
}

} // namespace planscope::report
