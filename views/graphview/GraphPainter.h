#pragma once

#include "graph/GraphStyle.h"
#include "graphview/GraphLayout.h"

#include <QSet>

class QPainter;

namespace planscope {

// Draws a laid-out plan graph with QPainter (canvas, PNG and SVG alike). Scene units are
// Graphviz points.
class GraphPainter {
  public:
    GraphPainter(const PlanGraph& graph, const GraphLayout& layout, const EnginePlan& plan,
                 const GraphStyle& style, QSet<int> layersWithFindings = {});

    // Paints what intersects `visible` (scene coordinates), the `haloed` layers (the selected
    // one, a report's slowest) ringed in yellow, the `marked` ones (a lead's) in magenta;
    // `detailed` adds edge labels.
    void paint(QPainter& painter, const QRectF& visible, const QSet<int>& haloed,
               bool detailed = true, const QSet<int>& marked = {}) const;
    int nodeAt(const QPointF& scenePoint) const; // node index or -1
    // The innermost cluster (opened module) whose frame holds the point, or -1.
    int clusterAt(const QPointF& scenePoint) const;

    // The size (points) each node's label needs, for layoutGraph().
    static std::vector<QSizeF> nodeSizes(const PlanGraph& graph, const EnginePlan& plan,
                                         const GraphStyle& style);
    static QFont labelFont();
    static QFont edgeLabelFont();
    static QColor markColor(); // the halo of marked layers

  private:
    void paintNode(QPainter& painter, std::size_t node, bool selected, bool marked) const;
    void paintEdge(QPainter& painter, std::size_t edge, bool detailed) const;
    void paintCluster(QPainter& painter, std::size_t cluster) const;
    // Whether a node shows one of `layers`: its own layer, or one inside its module.
    bool showsAny(const GraphNode& node, const QSet<int>& layers) const;

    const PlanGraph& m_graph;
    const GraphLayout& m_layout;
    const EnginePlan& m_plan;
    const GraphStyle& m_style;
    QSet<int> m_flagged;
    // Where the edge labels go (EdgeLabelPlacement), placed when first drawn: a large graph
    // zoomed out draws none.
    mutable std::vector<QRectF> m_labelBoxes;
    mutable bool m_labelsPlaced = false;
};

// The picture exportGraphPicture (GraphExport.h) draws: the laid-out graph on white with a margin,
// `size` points large. paintGraphPicture draws what meets `visible` (picture coordinates), with the
// `haloed` layers ringed.
QSizeF graphPictureSize(const GraphLayout& layout);
void paintGraphPicture(QPainter& painter, const GraphPainter& graphPainter,
                       const GraphLayout& layout, const QRectF& visible,
                       const QSet<int>& haloed = {});
// Each node's box in that picture.
std::vector<QRectF> graphPictureNodes(const GraphLayout& layout);
// Heights in that picture between rows of nodes, ascending: where a page can end it.
std::vector<double> graphPictureBreaks(const GraphLayout& layout);

} // namespace planscope
