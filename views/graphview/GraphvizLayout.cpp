#include "graphview/GraphLayout.h"

#include <QMutex>
#include <cstring>
#include <dlfcn.h>
#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>
#include <queue>

namespace planscope {
namespace {

QMutex& graphvizMutex() {
    static QMutex mutex;
    return mutex;
}

// A context with the dot layout alone. gvContext() reads the plugin configuration and loads the
// text layout plugin (pango, with cairo and fontconfig), a few milliseconds per layout, though
// the graphs laid out here carry no text: PlanScope sizes and draws the labels itself. Where
// the plugin is not where it was at build time, the full context.
GVC_t* newContext() {
    static const lt_symlist_t* const builtins = []() -> const lt_symlist_t* {
        void* library = dlopen(PLANSCOPE_GRAPHVIZ_DOT_PLUGIN, RTLD_NOW | RTLD_LOCAL);
        void* dot = library ? dlsym(library, "gvplugin_dot_layout_LTX_library") : nullptr;
        if (!dot)
            return nullptr;
        static const lt_symlist_t symbols[] = {{"gvplugin_dot_layout_LTX_library", dot},
                                               {nullptr, nullptr}};
        return symbols;
    }();
    return builtins ? gvContextPlugins(builtins, 0) : gvContext();
}

// The number in a Graphviz name such as "n12" or "e7", or -1.
long indexOf(const char* name, char prefix) {
    if (!name || name[0] != prefix)
        return -1;
    char* end = nullptr;
    const long value = std::strtol(name + 1, &end, 10);
    return end && *end == '\0' ? value : -1;
}

QPainterPath edgePath(Agedge_t* edge, double height) {
    QPainterPath path;
    const splines* spl = ED_spl(edge);
    if (!spl || spl->size == 0)
        return path;
    const bezier& bz = spl->list[0];
    const auto at = [height](pointf p) { return QPointF(p.x, height - p.y); };
    if (bz.size == 0)
        return path;
    path.moveTo(at(bz.sflag ? bz.sp : bz.list[0]));
    if (bz.sflag)
        path.lineTo(at(bz.list[0]));
    for (int i = 1; i + 2 < bz.size; i += 3)
        path.cubicTo(at(bz.list[i]), at(bz.list[i + 1]), at(bz.list[i + 2]));
    if (bz.eflag)
        path.lineTo(at(bz.ep));
    return path;
}

// The frames of the clusters "cluster_N" in `graph` and the subgraphs inside them.
void readClusters(Agraph_t* graph, double height, std::vector<QRectF>& clusters) {
    for (Agraph_t* sub = agfstsubg(graph); sub; sub = agnxtsubg(sub)) {
        const char* name = agnameof(sub);
        if (name && std::strncmp(name, "cluster_", 8) == 0) {
            const long c = std::strtol(name + 8, nullptr, 10);
            if (c >= 0 && std::size_t(c) < clusters.size()) {
                const boxf bb = GD_bb(sub);
                clusters[std::size_t(c)] =
                    QRectF(bb.LL.x, height - bb.UR.y, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);
            }
        }
        readClusters(sub, height, clusters);
    }
}

// Runs dot on `dot`, whose nodes are n0.., edges carry ids e0.. and clusters are cluster_0..
GraphLayout layoutDot(const QByteArray& dot, std::size_t nodeCount, std::size_t edgeCount,
                      std::size_t clusterCount = 0) {
    QMutexLocker lock(&graphvizMutex());
    GraphLayout layout;
    layout.nodes.resize(nodeCount);
    layout.edges.resize(edgeCount);
    layout.clusters.resize(clusterCount);
    GVC_t* context = newContext();
    Agraph_t* graph = agmemread(dot.constData());
    if (!graph) {
        gvFreeContext(context);
        layout.error = QStringLiteral("Graphviz could not read the graph.");
        return layout;
    }
    if (gvLayout(context, graph, "dot") != 0) {
        agclose(graph);
        gvFreeContext(context);
        layout.error = QStringLiteral("Graphviz could not lay out the graph.");
        return layout;
    }
    const boxf bb = GD_bb(graph);
    const double height = bb.UR.y;
    layout.bounds = QRectF(bb.LL.x, 0, bb.UR.x - bb.LL.x, bb.UR.y - bb.LL.y);
    for (Agnode_t* node = agfstnode(graph); node; node = agnxtnode(graph, node)) {
        const long n = indexOf(agnameof(node), 'n');
        if (n < 0 || static_cast<std::size_t>(n) >= nodeCount)
            continue;
        const double w = ND_width(node) * 72;
        const double h = ND_height(node) * 72;
        const pointf c = ND_coord(node);
        layout.nodes[static_cast<std::size_t>(n)] = QRectF(c.x - w / 2, height - c.y - h / 2, w, h);
        for (Agedge_t* edge = agfstout(graph, node); edge; edge = agnxtout(graph, edge)) {
            const long e = indexOf(agget(edge, const_cast<char*>("id")), 'e');
            if (e < 0 || static_cast<std::size_t>(e) >= edgeCount)
                continue;
            layout.edges[static_cast<std::size_t>(e)] = edgePath(edge, height);
        }
    }
    readClusters(graph, height, layout.clusters);
    gvFreeLayout(context, graph);
    agclose(graph);
    gvFreeContext(context);
    return layout;
}

constexpr double kClusterTitle = 16; // points above a cluster's contents for its title

// The clusters inside `parent` (-1: the top) and their nodes, nested as dot wants them.
QByteArray dotClusters(const PlanGraph& graph, int parent) {
    QByteArray dot;
    for (std::size_t c = 0; c < graph.clusters().size(); ++c) {
        if (graph.clusters()[c].parent != parent)
            continue;
        dot += QStringLiteral(" subgraph cluster_%1 {\n  margin=\"8,%2\";\n")
                   .arg(c)
                   .arg(kClusterTitle / 2 + 8)
                   .toUtf8();
        for (std::size_t n = 0; n < graph.nodes().size(); ++n)
            if (graph.nodes()[n].cluster == int(c))
                dot += QStringLiteral("  n%1;\n").arg(n).toUtf8();
        dot += dotClusters(graph, int(c)) + " }\n";
    }
    return dot;
}

// One dot run over a graph with clusters: module graphs are small, and clusters need it whole.
GraphLayout layoutClustered(const PlanGraph& graph, const std::vector<QSizeF>& sizes) {
    QByteArray dot = "digraph plan {\n graph [rankdir=TB, nodesep=0.25, ranksep=0.35];\n"
                     " node [shape=box, fixedsize=true, label=\"\"];\n";
    for (std::size_t n = 0; n < graph.nodes().size(); ++n)
        dot += QStringLiteral(" n%1 [width=%2, height=%3];\n")
                   .arg(n)
                   .arg(sizes[n].width() / 72, 0, 'f', 3)
                   .arg(sizes[n].height() / 72, 0, 'f', 3)
                   .toUtf8();
    dot += dotClusters(graph, -1);
    for (std::size_t e = 0; e < graph.edges().size(); ++e)
        dot += QStringLiteral(" n%1 -> n%2 [id=e%3];\n")
                   .arg(graph.edges()[e].from)
                   .arg(graph.edges()[e].to)
                   .arg(e)
                   .toUtf8();
    dot += "}\n";
    GraphLayout layout =
        layoutDot(dot, graph.nodes().size(), graph.edges().size(), graph.clusters().size());
    if (layout.ok()) { // dot's own bounding box starts at its lower left: move it to 0, 0
        const QPointF shift = -layout.bounds.topLeft();
        for (QRectF& r : layout.nodes)
            r.translate(shift);
        for (QRectF& r : layout.clusters)
            r.translate(shift);
        for (QPainterPath& p : layout.edges)
            p.translate(shift);
        layout.bounds.translate(shift);
    }
    return layout;
}

// Maximal runs of nodes linked one to one: each goes to dot as a single node.
std::vector<std::vector<int>> chainsOf(const PlanGraph& graph) {
    const std::size_t n = graph.nodes().size();
    std::vector<int> in(n), out(n), next(n, -1), previous(n, -1);
    for (const GraphEdge& e : graph.edges()) {
        ++out[static_cast<std::size_t>(e.from)];
        ++in[static_cast<std::size_t>(e.to)];
        next[static_cast<std::size_t>(e.from)] = e.to;
        previous[static_cast<std::size_t>(e.to)] = e.from;
    }
    const auto linked = [&](int from) { // from -> its only successor, which has only it
        return from >= 0 && out[std::size_t(from)] == 1 && next[std::size_t(from)] >= 0 &&
               in[std::size_t(next[std::size_t(from)])] == 1 && next[std::size_t(from)] != from;
    };
    std::vector<std::vector<int>> chains;
    std::vector<bool> placed(n);
    for (std::size_t start = 0; start < n; ++start) {
        const int before = in[start] == 1 ? previous[start] : -1;
        if (placed[start] || (before >= 0 && linked(before) && !placed[std::size_t(before)]))
            continue; // not the head of its chain; the head will collect it
        std::vector<int> chain{static_cast<int>(start)};
        placed[start] = true;
        while (linked(chain.back()) && !placed[std::size_t(next[std::size_t(chain.back())])]) {
            chain.push_back(next[std::size_t(chain.back())]);
            placed[std::size_t(chain.back())] = true;
        }
        chains.push_back(std::move(chain));
    }
    for (std::size_t node = 0; node < n; ++node) // cycles have no head: give them their own
        if (!placed[node])
            chains.push_back({static_cast<int>(node)});
    return chains;
}

constexpr double kChainGap = 25;         // points between stacked nodes, as dot's ranksep
constexpr double kBandGap = 40;          // points between bands
constexpr std::size_t kBandChains = 400; // chains per dot run

// Chains in an order where every edge points forward (Kahn's algorithm, ties by node index).
std::vector<int> chainOrder(const PlanGraph& graph, const std::vector<int>& chainOf,
                            std::size_t chainCount) {
    std::vector<std::vector<int>> successors(chainCount);
    std::vector<int> indegree(chainCount);
    for (const GraphEdge& e : graph.edges()) {
        const int from = chainOf[std::size_t(e.from)];
        const int to = chainOf[std::size_t(e.to)];
        if (from != to) {
            successors[std::size_t(from)].push_back(to);
            ++indegree[std::size_t(to)];
        }
    }
    std::priority_queue<int, std::vector<int>, std::greater<>> ready;
    for (std::size_t c = 0; c < chainCount; ++c)
        if (indegree[c] == 0)
            ready.push(static_cast<int>(c));
    std::vector<int> order;
    std::vector<bool> done(chainCount);
    while (order.size() < chainCount) {
        if (ready.empty()) // a cycle: take the first chain not yet placed
            for (std::size_t c = 0; c < chainCount; ++c)
                if (!done[c]) {
                    ready.push(static_cast<int>(c));
                    break;
                }
        const int c = ready.top();
        ready.pop();
        if (done[std::size_t(c)])
            continue;
        done[std::size_t(c)] = true;
        order.push_back(c);
        for (int next : successors[std::size_t(c)])
            if (--indegree[std::size_t(next)] == 0)
                ready.push(next);
    }
    return order;
}

// One dot run over a band of chains; edges leaving the band are left to the caller.
GraphLayout layoutBand(const PlanGraph& graph, const std::vector<std::vector<int>>& chains,
                       const std::vector<int>& band, const std::vector<int>& bandOf,
                       const std::vector<int>& chainOf, const std::vector<QSizeF>& sizes,
                       int bandIndex) {
    std::vector<int> local(chains.size(), -1);
    for (std::size_t i = 0; i < band.size(); ++i)
        local[std::size_t(band[i])] = static_cast<int>(i);
    QByteArray dot = "digraph plan {\n graph [rankdir=TB, nodesep=0.25, ranksep=0.35];\n"
                     " node [shape=box, fixedsize=true, label=\"\"];\n";
    for (std::size_t i = 0; i < band.size(); ++i) {
        const auto& chain = chains[std::size_t(band[i])];
        double width = 0;
        double height = kChainGap * static_cast<double>(chain.size() - 1);
        for (int node : chain) {
            width = std::max(width, sizes[std::size_t(node)].width());
            height += sizes[std::size_t(node)].height();
        }
        dot += QStringLiteral(" n%1 [width=%2, height=%3];\n")
                   .arg(i)
                   .arg(width / 72, 0, 'f', 3)
                   .arg(height / 72, 0, 'f', 3)
                   .toUtf8();
    }
    // A chain's box is as wide as its widest node and as tall as all of them: dot would end an
    // edge anywhere on that box, beside a narrower first node or halfway down its side. Edges
    // leave a chain from the middle of its bottom (its last node's) and enter it at the middle of
    // its top (its first node's).
    const auto stacked = [&](int chain) { return chains[std::size_t(chain)].size() > 1; };
    for (std::size_t e = 0; e < graph.edges().size(); ++e) {
        const int from = chainOf[std::size_t(graph.edges()[e].from)];
        const int to = chainOf[std::size_t(graph.edges()[e].to)];
        if (from != to && bandOf[std::size_t(from)] == bandIndex &&
            bandOf[std::size_t(to)] == bandIndex)
            dot += QStringLiteral(" n%1 -> n%2 [id=e%3%4%5];\n")
                       .arg(local[std::size_t(from)])
                       .arg(local[std::size_t(to)])
                       .arg(e)
                       .arg(stacked(from) ? ", tailport=s" : "")
                       .arg(stacked(to) ? ", headport=n" : "")
                       .toUtf8();
    }
    dot += "}\n";
    return layoutDot(dot, band.size(), graph.edges().size());
}

QPainterPath straightEdge(const QRectF& from, const QRectF& to) {
    const QPointF start(from.center().x(), from.bottom());
    const QPointF end(to.center().x(), to.top());
    QPainterPath path(start);
    const double bend = std::max(20.0, (end.y() - start.y()) / 3);
    path.cubicTo(start + QPointF(0, bend), end - QPointF(0, bend), end);
    return path;
}

} // namespace

GraphLayout layoutGraph(const PlanGraph& graph, const std::vector<QSizeF>& sizes) {
    if (!graph.clusters().empty())
        return layoutClustered(graph, sizes);
    const auto chains = chainsOf(graph);
    std::vector<int> chainOf(graph.nodes().size());
    for (std::size_t c = 0; c < chains.size(); ++c)
        for (int node : chains[c])
            chainOf[std::size_t(node)] = static_cast<int>(c);

    // dot's coordinate pass grows with the square of the graph: long engines are laid out in
    // bands of chains, in dependency order, stacked top to bottom.
    const std::vector<int> order = chainOrder(graph, chainOf, chains.size());
    std::vector<std::vector<int>> bands;
    std::vector<int> bandOf(chains.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        if (i % kBandChains == 0)
            bands.emplace_back();
        bands.back().push_back(order[i]);
        bandOf[std::size_t(order[i])] = static_cast<int>(bands.size() - 1);
    }

    GraphLayout layout;
    layout.nodes.resize(graph.nodes().size());
    layout.edges.resize(graph.edges().size());
    double top = 0;
    double width = 0;
    std::vector<GraphLayout> laid;
    for (std::size_t b = 0; b < bands.size(); ++b) {
        laid.push_back(
            layoutBand(graph, chains, bands[b], bandOf, chainOf, sizes, static_cast<int>(b)));
        if (!laid.back().ok()) {
            layout.error = laid.back().error;
            return layout;
        }
        width = std::max(width, laid.back().bounds.width());
    }
    for (std::size_t b = 0; b < bands.size(); ++b) {
        const GraphLayout& band = laid[b];
        const QPointF shift((width - band.bounds.width()) / 2 - band.bounds.left(), top);
        for (std::size_t i = 0; i < bands[b].size(); ++i) {
            const QRectF box = band.nodes[i].translated(shift);
            double y = box.top();
            for (int node : chains[std::size_t(bands[b][i])]) {
                const QSizeF size = sizes[std::size_t(node)];
                layout.nodes[std::size_t(node)] =
                    QRectF(box.center().x() - size.width() / 2, y, size.width(), size.height());
                y += size.height() + kChainGap;
            }
        }
        for (std::size_t e = 0; e < graph.edges().size(); ++e)
            if (!band.edges[e].isEmpty())
                layout.edges[e] = band.edges[e].translated(shift);
        top += band.bounds.height() + kBandGap;
    }
    // Links inside chains and between bands are drawn by us.
    for (std::size_t e = 0; e < graph.edges().size(); ++e) {
        if (!layout.edges[e].isEmpty())
            continue;
        const QRectF from = layout.nodes[std::size_t(graph.edges()[e].from)];
        const QRectF to = layout.nodes[std::size_t(graph.edges()[e].to)];
        QPainterPath path(QPointF(from.center().x(), from.bottom()));
        if (chainOf[std::size_t(graph.edges()[e].from)] ==
            chainOf[std::size_t(graph.edges()[e].to)])
            path.lineTo(QPointF(to.center().x(), to.top()));
        else
            path = straightEdge(from, to);
        layout.edges[e] = path;
    }
    layout.bounds = QRectF(0, 0, width, std::max(0.0, top - kBandGap));
    return layout;
}

} // namespace planscope
