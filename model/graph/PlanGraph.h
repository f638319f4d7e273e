#pragma once

#include "plan/EnginePlan.h"

#include <QSet>
#include <optional>
#include <vector>

namespace planscope {

// What the plan graph shows besides layers (trex's graphing options).
struct GraphOptions {
    bool regions = false;        // every memory region, not only the ones that must show
    bool forkingRegions = false; // regions read or written by several layers
    bool constants = false;      // constant layers and constant inputs
};

struct GraphNode {
    enum class Kind { Layer, Region, Module };
    Kind kind = Kind::Layer;
    int layer = -1;    // index into the plan's layers (Layer nodes)
    int constant = -1; // index into the plan's constants (a Constant layer shown as a node)
    QString name;      // layer name, or region name (".N" appended for a generation)
    Tensor tensor;     // the region's tensor (Region nodes)
    int generation = 0;
    bool isBinding = false; // an engine input or output
    // A module of the model shown closed (modules/ModuleGraph.h): its index in the plan's
    // module tree, its layers, figures and heat (its share over the largest module shown's).
    int module = -1;
    std::vector<int> layers;
    std::optional<double> ms;
    std::optional<double> percent;
    double heat = 0;
    int cluster = -1; // the opened module drawn around this node (index into clusters())
};

// An opened module, drawn as a frame around its submodules and layers.
struct GraphCluster {
    QString name;
    int module = -1; // index in the plan's module tree
    int parent = -1; // the cluster around this one
    std::optional<double> ms;
    std::optional<double> percent;
};

struct GraphEdge {
    int from = -1; // node indices
    int to = -1;
    Tensor tensor;
    int generation = 0;
    bool dependency = false; // TrainStation ordering, not data
    int tensors = 1;         // tensors the edge stands for (between modules, several)
};

// The plan as a data-dependency graph, as trex's PlanGraph: layer nodes; memory regions (a
// tensor's buffer, with a new generation whenever a write follows reads) shown as nodes when
// asked for, when they are bindings, when they have several generations, or when they fork
// and forking regions are asked for; otherwise writers connect straight to readers.
class PlanGraph {
  public:
    PlanGraph() = default;
    PlanGraph(std::vector<GraphNode> nodes, std::vector<GraphEdge> edges,
              std::vector<GraphCluster> clusters = {});
    static PlanGraph build(const EnginePlan& plan, const GraphOptions& options = {});
    // build(plan, options).neighbourhood(its nodes of `layers`, radius), without building the
    // whole plan's graph first: only the layers near `layers` and the tensors they touch.
    static PlanGraph around(const EnginePlan& plan, const std::vector<int>& layers, int radius,
                            const GraphOptions& options = {});

    const std::vector<GraphNode>& nodes() const { return m_nodes; }
    const std::vector<GraphEdge>& edges() const { return m_edges; }
    const std::vector<GraphCluster>& clusters() const { return m_clusters; }
    // The node showing the layer: its own, or the closed module's holding it; -1 if none.
    int nodeOfLayer(int layer) const;

    // The nodes within `radius` edges of `node`, following edges both ways, as a graph. An
    // engine input or output or a constant is shown but not walked through from one of its
    // readers to another: layers that read the same input are not related by it (ControlNet's
    // seven Myelin layers reading one binding would join every neighbourhood).
    PlanGraph neighbourhood(int node, int radius) const;
    // The nodes within `radius` edges of any of `nodes` (an ONNX group's layers), walked alike.
    PlanGraph neighbourhood(const std::vector<int>& nodes, int radius) const;
    // The layers whose names match `pattern`, with the regions between them.
    PlanGraph matching(const QString& pattern) const;

  private:
    // The layers and tensors a part of the graph is built from; build() takes all.
    struct Part {
        std::vector<bool> layers; // by layer index
        QSet<QString> tensors;
    };
    static PlanGraph build(const EnginePlan& plan, const GraphOptions& options, const Part* part);
    PlanGraph subgraph(const std::vector<bool>& keep) const;

    std::vector<GraphNode> m_nodes;
    std::vector<GraphEdge> m_edges;
    std::vector<GraphCluster> m_clusters;
};

} // namespace planscope
