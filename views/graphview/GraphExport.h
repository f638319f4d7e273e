#pragma once

#include "graph/GraphStyle.h"
#include "graphview/GraphFormat.h"

#include <QString>

namespace planscope {

struct GraphLayout;
class GraphPainter;

// Writes the graph to `file` as DOT (Graphviz's text: no layout needed). Returns false with
// `error` set.
bool exportGraphDot(const PlanGraph& graph, const EnginePlan& plan, const GraphStyle& style,
                    const QString& file, QString* error);

// Writes the laid-out graph to `file` as SVG or PNG (device pixel ratio 2), by `format`
// (graphview/GraphFormat chose it; Svg or Png). Returns false with `error` set.
bool exportGraphPicture(const GraphPainter& painter, const GraphLayout& layout, GraphFormat format,
                        const QString& file, const QString& title, QString* error);

} // namespace planscope
