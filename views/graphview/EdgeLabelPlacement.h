#pragma once

#include "graph/GraphStyle.h"
#include "graphview/GraphLayout.h"

#include <QFont>
#include <QRectF>
#include <vector>

namespace planscope {

// Where each edge's label is drawn (by edge index): beside its edge, at the first spot along it
// (the middle, then further towards either end; right of it, then left) that meets no node and
// no label placed before it, in edge order. An empty box where no spot is free: the label is
// left out rather than drawn over a neighbour's (a fan of edges leaving one node, ControlNet's
// module graph). Edges without a label get an empty box too.
std::vector<QRectF> placeEdgeLabels(const PlanGraph& graph, const GraphLayout& layout,
                                    const GraphStyle& style, const QFont& font);

} // namespace planscope
