#include "graph/GraphStyle.h"

#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace planscope {
namespace {

using palette::Rgb;

constexpr qsizetype kMaxLabelLength = 4000; // Graphviz rejects far longer labels

const Layer& layerOf(const GraphNode& node, const EnginePlan& plan) {
    return node.constant >= 0 ? plan.constants[static_cast<std::size_t>(node.constant)]
                              : plan.layers[static_cast<std::size_t>(node.layer)];
}

double latencyOf(const Layer& layer, GraphStyle::Latency kind) {
    switch (kind) {
    case GraphStyle::Latency::Average:
        return layer.timing.averageMs;
    case GraphStyle::Latency::Median:
        return layer.timing.medianMs;
    case GraphStyle::Latency::Total:
        return layer.timing.totalMs;
    }
    return 0;
}

// The line cut to `length` characters in its middle: a name's both ends say most.
QString shortened(const QString& line, int length) {
    if (line.size() <= length)
        return line;
    const qsizetype head = (length - 1) / 2;
    return line.left(head) + QChar(0x2026) + line.right(length - 1 - head);
}

void addDetails(const Layer& layer, QStringList& lines) {
    if (layer.type == QLatin1String("Reformat"))
        lines << layer.attribute(QStringLiteral("Origin"));
    if (layer.convolution) {
        const auto& c = *layer.convolution;
        QStringList kernel;
        for (qint64 k : c.kernel)
            kernel << QString::number(k);
        lines << QStringLiteral("kernel %1, groups %2").arg(kernel.join('x')).arg(c.groups)
              << QStringLiteral("stride %1").arg(layer.attribute(QStringLiteral("Stride")));
        const QString activation = layer.attribute(QStringLiteral("Activation"));
        if (!activation.isEmpty() && activation != QLatin1String("NONE"))
            lines << activation;
        if (layer.inputs.size() == 2)
            lines << QStringLiteral("Conv(input0) + input1");
    }
    if (layer.type == QLatin1String("PointWise")) {
        static const QRegularExpression op(QStringLiteral(R"re("([^"]+)")re"));
        for (const char* key : {"Operations", "Instructions"}) {
            auto it = op.globalMatch(layer.attribute(QString::fromLatin1(key)));
            while (it.hasNext())
                lines << it.next().captured(1).remove(QStringLiteral("const auto")).trimmed();
        }
    }
}

} // namespace

QStringList nodeLabel(const GraphNode& node, const EnginePlan& plan, const GraphStyle& style) {
    if (node.kind == GraphNode::Kind::Module) {
        QStringList lines{shortened(node.name, style.lineLength)};
        if (node.ms)
            lines << QStringLiteral("%1 ms, %2 %")
                         .arg(QString::number(*node.ms, 'f', 3),
                              QString::number(node.percent.value_or(0), 'f', 1));
        if (style.detail != GraphStyle::Detail::Minimal)
            lines << (node.layers.size() == 1
                          ? QStringLiteral("1 layer")
                          : QStringLiteral("%1 layers").arg(node.layers.size()));
        return lines;
    }
    if (node.kind == GraphNode::Kind::Region) {
        QStringList lines;
        if (style.regionNames || node.isBinding)
            lines << node.name;
        if (style.regionReuse && node.generation > 0)
            lines << QStringLiteral("(gen=%1)").arg(node.generation);
        lines << node.tensor.shapeText() << node.tensor.format();
        return lines;
    }
    const Layer& layer = layerOf(node, plan);
    QStringList lines{layer.type};
    if (style.detail == GraphStyle::Detail::Minimal)
        return lines;
    if (layer.timing.measured)
        lines << QStringLiteral("%1 ms").arg(
            QString::number(latencyOf(layer, style.latency), 'f', 4));
    if (style.layerNames) {
        const QString name =
            style.metadataNames && !layer.metadata.isEmpty() ? layer.metadata : layer.name;
        const QStringList parts =
            style.stackNames ? name.split(QLatin1Char('+')) : QStringList{name};
        for (const QString& part : parts)
            lines << shortened(part.trimmed(), style.lineLength);
    }
    if (style.detail == GraphStyle::Detail::Detailed)
        addDetails(layer, lines);
    lines.removeAll(QString());
    return lines;
}

QString edgeLabel(const GraphEdge& edge, const GraphStyle& style) {
    if (edge.dependency)
        return {};
    if (edge.tensors > 1)
        return style.edgeDetails || style.edgeNames ? QStringLiteral("%1 tensors").arg(edge.tensors)
                                                    : QString();
    QStringList parts;
    if (style.edgeNames)
        parts << edge.tensor.name;
    if (style.edgeDetails)
        parts << edge.tensor.shapeText() << edge.tensor.format();
    return parts.join('\n');
}

Rgb nodeColor(const GraphNode& node, const EnginePlan& plan, const GraphStyle& style) {
    if (node.kind == GraphNode::Kind::Region)
        return node.isBinding ? 0xC8C8C8 : 0xF4F4F4;
    if (node.kind == GraphNode::Kind::Module) // by its share; unmeasured ones have none
        return node.ms ? palette::scaleColor(node.heat) : Rgb(0xDDDDDD);
    const Layer& layer = layerOf(node, plan);
    if (style.color == GraphStyle::Color::Sparsity) { // gray where no weights say
        const auto* ready = style.layerSparse24.get();
        const std::size_t at = std::size_t(node.layer);
        if (!ready || node.layer < 0 || at >= ready->size() || !(*ready)[at])
            return Rgb(0xDDDDDD);
        return palette::scaleColor(*(*ready)[at] / 100);
    }
    if (style.color == GraphStyle::Color::Accuracy) { // gray where no compared tensor maps
        const auto* errors = style.layerErrors.get();
        const std::size_t at = std::size_t(node.layer);
        if (!errors || node.layer < 0 || at >= errors->size() || !(*errors)[at])
            return Rgb(0xDDDDDD);
        const double decades = -std::log10(kAccuracyScaleLow);
        return palette::scaleColor(
            (std::log10(std::max(*(*errors)[at], kAccuracyScaleLow)) + decades) / decades);
    }
    if (style.latencyHeat) // 10% of the engine is hot; an unmeasured layer has no heat
        return layer.timing.measured ? palette::scaleColor(layer.timing.percent / 10.0)
                                     : Rgb(0xDDDDDD);
    return keyColor(colorKey(layer, style), style);
}

QString colorKey(const Layer& layer, const GraphStyle& style) {
    if (style.color == GraphStyle::Color::Precision)
        return layer.precision;
    if (layer.type == QLatin1String("Reformat") &&
        layer.attribute(QStringLiteral("Origin")) == QLatin1String("QDQ"))
        return kQuantizingReformat;
    return layer.type;
}

Rgb keyColor(const QString& key, const GraphStyle& style) {
    if (style.color == GraphStyle::Color::Precision)
        return palette::precisionColor(key);
    return palette::layerTypeColor(key == kQuantizingReformat ? QStringLiteral("Quantize") : key);
}

Rgb edgeColor(const GraphEdge& edge) {
    return edge.dependency ? 0xC0C0C0 : palette::precisionColor(edge.tensor.precision());
}

QString dotQuoted(const QString& text) {
    QString safe = text.left(kMaxLabelLength);
    safe.replace('\\', QStringLiteral("\\\\"));
    safe.replace('"', QStringLiteral("\\\""));
    safe.replace('\n', QStringLiteral("\\n"));
    for (QChar& c : safe)
        if (c.unicode() < 0x20)
            c = QLatin1Char(' ');
    return '"' + safe + '"';
}

namespace {

// The opened modules inside `parent` (-1: the top) as nested clusters holding their nodes.
QString dotClusters(const PlanGraph& graph, int parent, int depth) {
    QString dot;
    const QString indent(2 * depth, QLatin1Char(' '));
    for (std::size_t c = 0; c < graph.clusters().size(); ++c) {
        const GraphCluster& cluster = graph.clusters()[c];
        if (cluster.parent != parent)
            continue;
        dot += QStringLiteral("%1subgraph cluster_%2 {\n%1  label=%3; style=rounded;\n")
                   .arg(indent)
                   .arg(c)
                   .arg(dotQuoted(cluster.name));
        for (std::size_t n = 0; n < graph.nodes().size(); ++n)
            if (graph.nodes()[n].cluster == int(c))
                dot += QStringLiteral("%1  n%2;\n").arg(indent).arg(n);
        dot += dotClusters(graph, int(c), depth + 1) + indent + QStringLiteral("}\n");
    }
    return dot;
}

} // namespace

QByteArray writeDot(const PlanGraph& graph, const EnginePlan& plan, const GraphStyle& style) {
    QString dot = QStringLiteral(
        "digraph plan {\n  graph [rankdir=TB, nodesep=0.25, ranksep=0.35];\n"
        "  node [shape=box, style=\"rounded,filled\", fontname=Helvetica, fontsize=10];\n"
        "  edge [fontname=Helvetica, fontsize=8];\n");
    const auto hex = [](Rgb rgb) {
        return QStringLiteral("#%1").arg(rgb, 6, 16, QLatin1Char('0'));
    };
    for (std::size_t n = 0; n < graph.nodes().size(); ++n) {
        const GraphNode& node = graph.nodes()[n];
        const QStringList label = nodeLabel(node, plan, style);
        dot += QStringLiteral("  n%1 [label=%2, fillcolor=\"%3\"")
                   .arg(n)
                   .arg(dotQuoted(label.join('\n')), hex(nodeColor(node, plan, style)));
        if (node.kind == GraphNode::Kind::Region)
            dot +=
                QStringLiteral(", shape=box, style=%1").arg(node.isBinding ? "filled" : "dashed");
        dot += QStringLiteral("];\n");
    }
    dot += dotClusters(graph, -1, 1);
    for (const GraphEdge& edge : graph.edges()) {
        dot += QStringLiteral("  n%1 -> n%2 [color=\"%3\"")
                   .arg(edge.from)
                   .arg(edge.to)
                   .arg(hex(edgeColor(edge)));
        if (edge.dependency)
            dot += QStringLiteral(", style=dashed");
        else if (const QString label = edgeLabel(edge, style); !label.isEmpty())
            dot += QStringLiteral(", label=") + dotQuoted(label);
        dot += QStringLiteral("];\n");
    }
    dot += QStringLiteral("}\n");
    return dot.toUtf8();
}

} // namespace planscope
