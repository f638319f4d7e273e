#pragma once

#include "graph/PlanGraph.h"
#include "palette/Palette.h"

#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

namespace planscope {

// How nodes and edges of the plan graph are labelled and colored (trex's graph options).
struct GraphStyle {
    enum class Color { Type, Precision, Accuracy, Sparsity };
    enum class Detail { Minimal, Standard, Detailed };
    enum class Latency { Average, Median, Total };
    Color color = Color::Type;
    Detail detail = Detail::Standard;
    Latency latency = Latency::Average;
    bool layerNames = true;
    bool metadataNames = false; // the ONNX origin instead of the layer name
    bool stackNames = true;     // one fused part per row
    bool edgeNames = false;
    bool edgeDetails = true; // shape and format on edges
    bool regionNames = false;
    bool regionReuse = false; // say which generation of its buffer a region is
    bool latencyHeat = false; // node color by share of latency
    int lineLength = 120;     // longer name lines are cut in the middle
    // Color::Accuracy: each layer's largest relative error in a polygraphy log (missing where no
    // tensor maps), colored on a log scale from kAccuracyScaleLow (dark) to 1 (yellow).
    std::shared_ptr<const std::vector<std::optional<double>>> layerErrors;
    // Color::Sparsity: each layer's 2:4 readiness in the ONNX model beside the plan (the share of
    // its weights' groups of four with two zeros: onnxmodel/ModelWeights; missing where the
    // layer has no such weights), colored from 0 % (dark) to 100 % (yellow, 2:4-ready).
    std::shared_ptr<const std::vector<std::optional<double>>> layerSparse24;
};

inline constexpr double kAccuracyScaleLow = 1e-7;

// The lines of a node's label, title (the type) first.
QStringList nodeLabel(const GraphNode& node, const EnginePlan& plan, const GraphStyle& style);
QString edgeLabel(const GraphEdge& edge, const GraphStyle& style);
palette::Rgb nodeColor(const GraphNode& node, const EnginePlan& plan, const GraphStyle& style);

// What a layer node's color stands for, as the legend lists it: the layer's precision or type;
// a Reformat that quantizes (Origin QDQ) is colored as trex colors Quantize layers. Legend and
// nodes take their colors from keyColor, so they always agree.
QString colorKey(const Layer& layer, const GraphStyle& style);
palette::Rgb keyColor(const QString& key, const GraphStyle& style);
inline const QString kQuantizingReformat = QStringLiteral("Reformat (Q/DQ)");
palette::Rgb edgeColor(const GraphEdge& edge);

// The graph in Graphviz's DOT language, labelled and colored, for `dot` and other tools.
QByteArray writeDot(const PlanGraph& graph, const EnginePlan& plan, const GraphStyle& style);

// A string safe inside a DOT double-quoted string, cut to what Graphviz accepts.
QString dotQuoted(const QString& text);

} // namespace planscope
