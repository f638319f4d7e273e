#include "modules/ModuleGraph.h"

#include "plan/NameKey.h"
#include "plan/TensorIndex.h"

#include <QHash>
#include <algorithm>

namespace planscope {

bool ModuleGraphView::isOpen(const ModuleTree& tree, int module) const {
    const Module& m = tree.modules[std::size_t(module)];
    if (m.depth == 0)
        return true;
    return m.depth < depth ? !closed.contains(module) : opened.contains(module);
}

void ModuleGraphView::toggle(const ModuleTree& tree, int module) {
    const bool open = isOpen(tree, module);
    const bool byDepth = tree.modules[std::size_t(module)].depth < depth;
    if (byDepth)
        open ? (void)closed.insert(module) : (void)closed.remove(module);
    else
        open ? (void)opened.remove(module) : (void)opened.insert(module);
}

void ModuleGraphView::reveal(const ModuleTree& tree, int layer) {
    for (int m = tree.moduleOfLayer[std::size_t(layer)]; m > 0;
         m = tree.modules[std::size_t(m)].parent)
        if (!isOpen(tree, m))
            toggle(tree, m);
}

namespace {

// By module: the first closed module on the way down from the root (itself, when closed), or -1.
std::vector<int> closedAncestors(const ModuleTree& tree, const ModuleGraphView& view) {
    std::vector<int> closed(tree.modules.size(), -1);
    for (std::size_t m = 1; m < tree.modules.size(); ++m) { // parents come before children
        const int parent = tree.modules[m].parent;
        closed[m] = parent > 0 && closed[std::size_t(parent)] >= 0 ? closed[std::size_t(parent)]
                    : view.isOpen(tree, int(m))                    ? -1
                                                                   : int(m);
    }
    return closed;
}

// Builds the nodes and clusters, then the edges.
class Builder {
  public:
    Builder(const EnginePlan& plan, const ModuleTree& tree, const ModuleGraphView& view)
        : m_plan(plan), m_tree(tree), m_closedAncestor(closedAncestors(tree, view)),
          m_nodeOfModule(tree.modules.size(), -1), m_clusterOfModule(tree.modules.size(), -1),
          m_nodeOfLayer(plan.layers.size(), -1) {}

    PlanGraph build() {
        for (std::size_t l = 0; l < m_plan.layers.size(); ++l)
            placeLayer(int(l));
        double hottest = 0;
        for (const GraphNode& n : m_nodes)
            hottest = std::max(hottest, n.percent.value_or(0));
        for (GraphNode& n : m_nodes)
            n.heat = hottest > 0 ? n.percent.value_or(0) / hottest : 0;
        connect();
        return PlanGraph(std::move(m_nodes), std::move(m_edges), std::move(m_clusters));
    }

  private:
    void placeLayer(int layer) {
        const int own = m_tree.moduleOfLayer[std::size_t(layer)];
        const int closed = own > 0 ? m_closedAncestor[std::size_t(own)] : -1;
        if (closed >= 0) {
            int& node = m_nodeOfModule[std::size_t(closed)];
            if (node < 0) {
                const Module& m = m_tree.modules[std::size_t(closed)];
                GraphNode module;
                module.kind = GraphNode::Kind::Module;
                module.module = closed;
                module.name = moduleDisplayName(m);
                module.ms = m.ms;
                module.percent = m_tree.percent(m);
                module.cluster = clusterOf(m.parent);
                node = int(m_nodes.size());
                m_nodes.push_back(std::move(module));
            }
            m_nodes[std::size_t(node)].layers.push_back(layer);
            m_nodeOfLayer[std::size_t(layer)] = node;
            return;
        }
        GraphNode node;
        node.kind = GraphNode::Kind::Layer;
        node.layer = layer;
        node.name = m_plan.layers[std::size_t(layer)].name;
        node.cluster = own >= 0 ? clusterOf(own) : -1;
        m_nodeOfLayer[std::size_t(layer)] = int(m_nodes.size());
        m_nodes.push_back(std::move(node));
    }

    // The cluster drawn for open module `module`, made with its parents'; -1 for the root.
    int clusterOf(int module) {
        if (module <= 0)
            return -1;
        int& cluster = m_clusterOfModule[std::size_t(module)];
        if (cluster < 0) {
            const Module& m = m_tree.modules[std::size_t(module)];
            const int parent = clusterOf(m.parent);
            cluster = int(m_clusters.size());
            m_clusters.push_back({m.path, module, parent, m.ms, m_tree.percent(m)});
        }
        return cluster;
    }

    // A tensor's writer (the last, as the plan graph draws it): from the plan's index, which
    // the lint shares, unless NoOps are folded into some layer's view; then from the graph's
    // own tensors, indexed here.
    void connect() {
        const TensorIndex& index = m_plan.tensorIndex();
        QHash<NameKey, int> folded;
        if (index.graphViewDiffers()) {
            folded.reserve(qsizetype(m_plan.layers.size()));
            for (const Layer& l : m_plan.layers)
                for (const Tensor& t : l.graphOutputs())
                    folded.insert(t.name, l.index);
        }
        const auto writerOf = [&](QStringView tensor) {
            return index.graphViewDiffers() ? folded.value(tensor, -1) : index.lastWriter(tensor);
        };
        QHash<quint64, int> edgeOf;
        QHash<quint64, QSet<QStringView>> tensorsOf;
        for (const Layer& l : m_plan.layers) {
            const int to = m_nodeOfLayer[std::size_t(l.index)];
            for (const Tensor& t : l.graphInputs()) {
                const int writer = writerOf(t.name);
                if (writer < 0)
                    continue;
                const int from = m_nodeOfLayer[std::size_t(writer)];
                if (from == to)
                    continue;
                const quint64 key = (quint64(quint32(from)) << 32) | quint32(to);
                auto edge = edgeOf.find(key);
                if (edge == edgeOf.end()) {
                    edge = edgeOf.insert(key, int(m_edges.size()));
                    m_edges.push_back({from, to, t, 0, false, 0});
                }
                QSet<QStringView>& tensors = tensorsOf[key];
                if (!tensors.contains(t.name)) {
                    tensors.insert(t.name);
                    ++m_edges[std::size_t(*edge)].tensors;
                }
            }
        }
    }

    const EnginePlan& m_plan;
    const ModuleTree& m_tree;
    std::vector<int> m_closedAncestor; // by module: the first closed module from the root, or -1
    std::vector<int> m_nodeOfModule;
    std::vector<int> m_clusterOfModule;
    std::vector<int> m_nodeOfLayer;
    std::vector<GraphNode> m_nodes;
    std::vector<GraphEdge> m_edges;
    std::vector<GraphCluster> m_clusters;
};

} // namespace

int moduleGraphNodes(const ModuleTree& tree, const ModuleGraphView& view) {
    const std::vector<int> closed = closedAncestors(tree, view);
    std::vector<bool> drawn(tree.modules.size(), false);
    int nodes = 0;
    for (const int own : tree.moduleOfLayer) {
        const int module = own > 0 ? closed[std::size_t(own)] : -1;
        if (module < 0)
            ++nodes; // a layer node
        else if (!drawn[std::size_t(module)]) {
            drawn[std::size_t(module)] = true;
            ++nodes;
        }
    }
    return nodes;
}

PlanGraph moduleGraph(const EnginePlan& plan, const ModuleTree& tree, const ModuleGraphView& view) {
    return Builder(plan, tree, view).build();
}

} // namespace planscope
