#pragma once

#include "graph/PlanGraph.h"
#include "modules/ModuleTree.h"

#include <QSet>

namespace planscope {

// Which modules a module graph shows open (their insides drawn in a frame) and which closed (one
// node): those above `depth` are open unless closed, deeper ones closed unless opened. The root
// is always open and never framed.
struct ModuleGraphView {
    int depth = 1;
    QSet<int> opened;
    QSet<int> closed;

    bool isOpen(const ModuleTree& tree, int module) const;
    // Opens or closes one module (a double-click on its node or its frame).
    void toggle(const ModuleTree& tree, int module);
    // Opens every module on the way to `layer`, so the layer has a node of its own.
    void reveal(const ModuleTree& tree, int layer);
};

// How many nodes moduleGraph() draws for `view`: its closed modules that hold layers, and the
// layers outside them. Counted without building the graph, to ask before laying out thousands.
int moduleGraphNodes(const ModuleTree& tree, const ModuleGraphView& view);

// The plan as its model's modules: each closed module one node (its name, time, share, layers;
// heat = its share over the largest module node's), each layer inside open modules (or in none) a
// layer node, open modules as clusters around what they hold; an edge wherever a tensor goes
// from one node to another (tensors counted), through the tensors the plan graph connects layers
// by (NoOps folded).
PlanGraph moduleGraph(const EnginePlan& plan, const ModuleTree& tree, const ModuleGraphView& view);

} // namespace planscope
