#include "graph/PlanGraph.h"

#include "plan/TensorIndex.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <algorithm>
#include <array>
#include <deque>
#include <optional>

namespace planscope {
namespace {

struct Port {
    int node; // layer node index
};

// One consumable state of a memory region: who wrote it, who read it.
struct Generation {
    Tensor tensor;
    std::vector<int> writers;
    std::vector<int> readers;
    bool isUser = false;
    bool isForked = false;
};

struct Region {
    QString name;
    std::vector<Generation> generations;
    bool hasWriter() const {
        for (const Generation& g : generations)
            if (!g.writers.empty())
                return true;
        return false;
    }
};

// Reads and writes of every tensor in engine order (of `tensors` only, when given); a write
// after reads starts a generation. Layers without a node (-1) are left out.
std::vector<Region> buildRegions(const EnginePlan& plan, const std::vector<int>& layerNode,
                                 const QSet<QString>& bindings, const QSet<QString>* tensors) {
    std::vector<Region> regions;
    QHash<QString, std::size_t> byName;
    QHash<QString, bool> lastWasWrite;
    const auto event = [&](const Tensor& t, int node, bool write) {
        if (tensors && !tensors->contains(t.name))
            return;
        auto it = byName.find(t.name);
        if (it == byName.end()) {
            it = byName.insert(t.name, regions.size());
            regions.push_back({t.name, {}});
        }
        Region& region = regions[*it];
        const auto previous = lastWasWrite.find(t.name);
        const bool first = previous == lastWasWrite.end();
        if (first || (write && !*previous))
            region.generations.push_back({t, {}, {}});
        (write ? region.generations.back().writers : region.generations.back().readers)
            .push_back(node);
        lastWasWrite[t.name] = write;
    };
    for (const Layer& layer : plan.layers) {
        const int node = layerNode[static_cast<std::size_t>(layer.index)];
        if (node < 0)
            continue;
        for (const Tensor& t : layer.graphInputs())
            event(t, node, false);
        for (const Tensor& t : layer.graphOutputs())
            event(t, node, true);
    }
    for (Region& region : regions) {
        const bool binding = bindings.contains(region.name);
        for (std::size_t g = 0; g < region.generations.size(); ++g) {
            Generation& gen = region.generations[g];
            const bool last = g + 1 == region.generations.size();
            gen.isUser = binding && (last || gen.readers.empty() || gen.writers.empty());
            gen.isForked = gen.writers.size() > 1 || gen.readers.size() > 1;
        }
    }
    return regions;
}

GraphNode layerGraphNode(int layer, int constant, const QString& name) {
    GraphNode node;
    node.layer = layer;
    node.constant = constant;
    node.name = name;
    return node;
}

GraphNode regionGraphNode(const QString& name, const Tensor& tensor, int generation, bool binding) {
    GraphNode node;
    node.kind = GraphNode::Kind::Region;
    node.name = name;
    node.tensor = tensor;
    node.generation = generation;
    node.isBinding = binding;
    return node;
}

// Whether the plan graph has a TrainStation ordering edge from layer i - 1 to layer i.
bool ordered(const EnginePlan& plan, std::size_t i) {
    const bool into =
        plan.layers[i].type == QLatin1String("TrainStation") && i + 1 < plan.layers.size();
    const bool outOf = plan.layers[i - 1].type == QLatin1String("TrainStation") && i > 1;
    return into || outOf;
}

} // namespace

PlanGraph PlanGraph::build(const EnginePlan& plan, const GraphOptions& options) {
    return build(plan, options, nullptr);
}

PlanGraph PlanGraph::build(const EnginePlan& plan, const GraphOptions& options, const Part* part) {
    PlanGraph graph;
    std::vector<int> layerNode(plan.layers.size(), -1);
    for (const Layer& layer : plan.layers) {
        if (part && !part->layers[static_cast<std::size_t>(layer.index)])
            continue;
        layerNode[static_cast<std::size_t>(layer.index)] = static_cast<int>(graph.m_nodes.size());
        graph.m_nodes.push_back(layerGraphNode(layer.index, -1, layer.name));
    }
    const QSet<QString> bindings(plan.bindings.cbegin(), plan.bindings.cend());
    QHash<QString, int> constantNode; // output tensor -> node of its Constant layer
    if (options.constants)
        for (std::size_t c = 0; c < plan.constants.size(); ++c) {
            const Layer& constant = plan.constants[c];
            const int node = static_cast<int>(graph.m_nodes.size());
            graph.m_nodes.push_back(layerGraphNode(-1, static_cast<int>(c), constant.name));
            for (const Tensor& t : constant.graphOutputs())
                constantNode.insert(t.name, node);
        }
    QSet<QString> constantOutputs;
    for (const Layer& constant : plan.constants)
        for (const Tensor& t : constant.graphOutputs())
            constantOutputs.insert(t.name);

    const auto connect = [&](int from, int to, const Tensor& t, int generation) {
        graph.m_edges.push_back({from, to, t, generation, false});
    };
    for (const Region& region :
         buildRegions(plan, layerNode, bindings, part ? &part->tensors : nullptr)) {
        const bool isConstant = constantOutputs.contains(region.name);
        const bool myelinConstant = !region.hasWriter() && !bindings.contains(region.name);
        if ((isConstant || myelinConstant) && !options.constants)
            continue;
        std::vector<int> shown(region.generations.size(), -1);
        for (std::size_t g = 0; g < region.generations.size(); ++g) {
            const Generation& gen = region.generations[g];
            const int generation = static_cast<int>(g);
            if (isConstant) { // the Constant layer writes straight to its readers
                for (int reader : gen.readers)
                    connect(constantNode.value(region.name, -1), reader, gen.tensor, generation);
                continue;
            }
            const bool include = options.regions || gen.isUser || region.generations.size() > 1 ||
                                 (options.forkingRegions && gen.isForked) || myelinConstant;
            if (!include) {
                for (int writer : gen.writers)
                    for (int reader : gen.readers)
                        connect(writer, reader, gen.tensor, generation);
                continue;
            }
            const int node = static_cast<int>(graph.m_nodes.size());
            const QString name = gen.isUser ? region.name : region.name + '.' + QString::number(g);
            graph.m_nodes.push_back(regionGraphNode(name, gen.tensor, generation, gen.isUser));
            shown[g] = node;
            for (int writer : gen.writers)
                connect(writer, node, gen.tensor, generation);
            for (int reader : gen.readers)
                connect(node, reader, gen.tensor, generation);
        }
        for (std::size_t g = 1; g < shown.size(); ++g) // successive generations of one buffer
            if (shown[g - 1] >= 0 && shown[g] >= 0)
                connect(shown[g - 1], shown[g], region.generations[g].tensor, static_cast<int>(g));
    }
    std::erase_if(graph.m_edges, [](const GraphEdge& e) { return e.from < 0 || e.to < 0; });

    // TrainStation layers order the work around them without data edges.
    for (std::size_t i = 1; i < plan.layers.size(); ++i)
        if (layerNode[i - 1] >= 0 && layerNode[i] >= 0 && ordered(plan, i))
            graph.m_edges.push_back({layerNode[i - 1], layerNode[i], {}, 0, true});
    return graph;
}

PlanGraph PlanGraph::around(const EnginePlan& plan, const std::vector<int>& layers, int radius,
                            const GraphOptions& options) {
    // Every step of the plan graph from a layer leads to a layer sharing a tensor with it (or
    // next to it in TrainStation order), perhaps through a region node: so the layers within
    // `radius` such steps hold the neighbourhood. Their tensors' regions need every layer that
    // touches them, so each generation and edge comes out as in the whole graph.
    const auto tensorsOf = [&](const Layer& layer, auto&& visit) {
        for (const Tensor& t : layer.graphInputs())
            visit(t.name);
        for (const Tensor& t : layer.graphOutputs())
            visit(t.name);
    };
    // Which layers use each tensor: the plan's index, unless NoOps are folded into some layer's
    // view (the graph's own tensors are then indexed here).
    const TensorIndex& index = plan.tensorIndex();
    std::optional<TensorLayers> graphUsers;
    if (index.graphViewDiffers()) {
        graphUsers.emplace();
        for (const Layer& layer : plan.layers)
            tensorsOf(layer, [&](const QString& name) { graphUsers->add(name, layer.index); });
    }
    const auto forEachUser = [&](const QString& name, auto&& visit) {
        if (graphUsers) {
            graphUsers->forEach(name, visit);
            return;
        }
        index.forEachWriter(name, visit);
        index.forEachReader(name, visit);
    };

    const std::size_t count = plan.layers.size();
    std::vector<int> distance(count, -1);
    std::deque<int> queue;
    const auto reach = [&](int layer, int steps) {
        if (layer >= 0 && static_cast<std::size_t>(layer) < count &&
            distance[static_cast<std::size_t>(layer)] < 0) {
            distance[static_cast<std::size_t>(layer)] = steps;
            queue.push_back(layer);
        }
    };
    for (int layer : layers)
        reach(layer, 0);
    Part part;
    part.layers.assign(count, false);
    while (!queue.empty()) {
        const int layer = queue.front();
        queue.pop_front();
        const auto i = static_cast<std::size_t>(layer);
        const int steps = distance[i];
        part.layers[i] = true;
        tensorsOf(plan.layers[i], [&](const QString& name) {
            part.tensors.insert(name);
            forEachUser(name, [&](int user) {
                part.layers[static_cast<std::size_t>(user)] = true;
                if (steps < radius)
                    reach(user, steps + 1);
            });
        });
        if (steps < radius && i > 0 && ordered(plan, i))
            reach(layer - 1, steps + 1);
        if (steps < radius && i + 1 < count && ordered(plan, i + 1))
            reach(layer + 1, steps + 1);
    }
    const PlanGraph built = build(plan, options, &part);
    std::vector<int> nodes;
    nodes.reserve(layers.size());
    for (int layer : layers)
        nodes.push_back(built.nodeOfLayer(layer));
    return built.neighbourhood(nodes, radius);
}

PlanGraph::PlanGraph(std::vector<GraphNode> nodes, std::vector<GraphEdge> edges,
                     std::vector<GraphCluster> clusters)
    : m_nodes(std::move(nodes)), m_edges(std::move(edges)), m_clusters(std::move(clusters)) {}

int PlanGraph::nodeOfLayer(int layer) const {
    for (std::size_t n = 0; n < m_nodes.size(); ++n) {
        const GraphNode& node = m_nodes[n];
        if ((node.kind == GraphNode::Kind::Layer && node.layer == layer) ||
            (node.kind == GraphNode::Kind::Module &&
             std::binary_search(node.layers.begin(), node.layers.end(), layer)))
            return static_cast<int>(n);
    }
    return -1;
}

PlanGraph PlanGraph::subgraph(const std::vector<bool>& keep) const {
    PlanGraph sub;
    std::vector<int> renumber(m_nodes.size(), -1);
    for (std::size_t n = 0; n < m_nodes.size(); ++n)
        if (keep[n]) {
            renumber[n] = static_cast<int>(sub.m_nodes.size());
            sub.m_nodes.push_back(m_nodes[n]);
        }
    for (const GraphEdge& e : m_edges) {
        const int from = renumber[static_cast<std::size_t>(e.from)];
        const int to = renumber[static_cast<std::size_t>(e.to)];
        if (from >= 0 && to >= 0)
            sub.m_edges.push_back({from, to, e.tensor, e.generation, e.dependency, e.tensors});
    }
    return sub;
}

PlanGraph PlanGraph::neighbourhood(int node, int radius) const {
    return neighbourhood(std::vector<int>{node}, radius);
}

PlanGraph PlanGraph::neighbourhood(const std::vector<int>& nodes, int radius) const {
    struct Step {
        int to;
        bool forward; // along the edge, from writer to reader
    };
    std::vector<std::vector<Step>> adjacent(m_nodes.size());
    std::vector<bool> written(m_nodes.size());
    for (const GraphEdge& e : m_edges) {
        adjacent[static_cast<std::size_t>(e.from)].push_back({e.to, true});
        adjacent[static_cast<std::size_t>(e.to)].push_back({e.from, false});
        written[static_cast<std::size_t>(e.to)] = true;
    }
    // An engine input or output, a constant: read by layers that are not related through it.
    const auto sharedInput = [&](int n) {
        const GraphNode& shared = m_nodes[static_cast<std::size_t>(n)];
        return shared.isBinding || shared.constant >= 0 ||
               (shared.kind == GraphNode::Kind::Region && !written[static_cast<std::size_t>(n)]);
    };
    // Breadth-first over (node, reached from one of its readers): a shared input reached from
    // a reader leads on to its writers only.
    std::vector<std::array<int, 2>> distance(m_nodes.size(), {-1, -1});
    std::deque<std::pair<int, bool>> queue;
    for (int node : nodes)
        if (node >= 0 && node < static_cast<int>(m_nodes.size()) &&
            distance[static_cast<std::size_t>(node)][0] < 0) {
            distance[static_cast<std::size_t>(node)][0] = 0;
            queue.emplace_back(node, false);
        }
    while (!queue.empty()) {
        const auto [current, fromReader] = queue.front();
        queue.pop_front();
        const int steps = distance[static_cast<std::size_t>(current)][fromReader ? 1 : 0];
        if (steps == radius)
            continue;
        for (const Step& step : adjacent[static_cast<std::size_t>(current)]) {
            if (fromReader && step.forward)
                continue; // from one reader of a shared input to another
            const bool blocked = !step.forward && sharedInput(step.to);
            int& reached = distance[static_cast<std::size_t>(step.to)][blocked ? 1 : 0];
            if (reached < 0) {
                reached = steps + 1;
                queue.emplace_back(step.to, blocked);
            }
        }
    }
    std::vector<bool> keep(m_nodes.size());
    for (std::size_t n = 0; n < m_nodes.size(); ++n)
        keep[n] = distance[n][0] >= 0 || distance[n][1] >= 0;
    return subgraph(keep);
}

PlanGraph PlanGraph::matching(const QString& pattern) const {
    const QRegularExpression re(pattern);
    std::vector<bool> keep(m_nodes.size());
    for (std::size_t n = 0; n < m_nodes.size(); ++n)
        keep[n] = m_nodes[n].kind == GraphNode::Kind::Layer && re.match(m_nodes[n].name).hasMatch();
    // Keep the regions that sit between two kept layers.
    std::vector<int> keptNeighbours(m_nodes.size());
    for (const GraphEdge& e : m_edges) {
        if (keep[static_cast<std::size_t>(e.from)])
            ++keptNeighbours[static_cast<std::size_t>(e.to)];
        if (keep[static_cast<std::size_t>(e.to)])
            ++keptNeighbours[static_cast<std::size_t>(e.from)];
    }
    for (std::size_t n = 0; n < m_nodes.size(); ++n)
        if (m_nodes[n].kind == GraphNode::Kind::Region && keptNeighbours[n] >= 2)
            keep[n] = true;
    return subgraph(keep);
}

} // namespace planscope
