#pragma once

#include "graph/PlanGraph.h"

#include <QByteArray>
#include <QPainterPath>
#include <QRectF>
#include <QString>
#include <vector>

namespace planscope {

// Where Graphviz put each node and edge, in points (1/72 inch), y growing down.
struct GraphLayout {
    std::vector<QRectF> nodes;       // by node index (n0, n1 ...)
    std::vector<QPainterPath> edges; // by edge index (e0, e1 ...)
    std::vector<QRectF> clusters;    // by cluster index (PlanGraph::clusters)
    QRectF bounds;
    QString error;
    bool ok() const { return error.isEmpty(); }
};

// Lays out a plan graph with Graphviz's dot engine through libgvc, nodes at the given sizes
// (points). Chains of nodes (one way in, one way out) go to dot as one tall node and are
// stacked back afterwards: long engines lay out several times faster that way.
// A graph with clusters (opened modules) goes to dot whole, each cluster a frame with room for
// its title above its contents.
// cgraph is not thread safe: calls are serialized, so at most one layout runs at a time.
GraphLayout layoutGraph(const PlanGraph& graph, const std::vector<QSizeF>& nodeSizes);

} // namespace planscope
