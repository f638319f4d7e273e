#include "onnxmodel/ModelWeights.h"

#include "onnxmodel/LayerNodes.h"
#include "plan/DisplayName.h"
#include "plan/FigureText.h"
#include "plan/SideBySide.h"

#include <QHash>
#include <QSet>
#include <algorithm>

namespace planscope {
namespace {

bool isQuantizer(const OnnxNode& node) {
    return node.op == u"DequantizeLinear" || node.op == u"QuantizeLinear";
}

// The model's names: initializers, and the node writing each tensor.
struct ModelIndex {
    QHash<QStringView, const OnnxInitializer*> initializers;
    QHash<QStringView, const OnnxNode*> writers;
    QHash<QStringView, const OnnxNode*> nodes;

    explicit ModelIndex(const OnnxGraph& model) {
        for (const OnnxInitializer& tensor : model.initializers)
            initializers.insert(tensor.name, &tensor);
        for (const OnnxNode& node : model.nodes) {
            nodes.insert(node.name, &node);
            for (const QString& output : node.outputs)
                writers.insert(output, &node);
        }
    }

    // The initializer an input reads, directly or through a DequantizeLinear (then named too).
    struct Source {
        const OnnxInitializer* tensor = nullptr;
        const OnnxNode* dequantize = nullptr;
    };
    Source source(const QString& input) const {
        if (const OnnxInitializer* tensor = initializers.value(input))
            return {tensor, nullptr};
        const OnnxNode* writer = writers.value(input);
        if (writer && writer->op == u"DequantizeLinear" && !writer->inputs.isEmpty())
            if (const OnnxInitializer* tensor = initializers.value(writer->inputs[0]))
                return {tensor, writer};
        return {};
    }
};

bool isWeight(const OnnxInitializer* tensor) {
    return tensor && !isIndexType(tensor->type) && tensor->type != ElementType::String;
}

// A node's weights: its data inputs (a quantizer's first only).
std::vector<ModelIndex::Source> weightsOf(const OnnxNode& node, const ModelIndex& index) {
    std::vector<ModelIndex::Source> weights;
    const qsizetype inputs =
        isQuantizer(node) ? std::min<qsizetype>(1, node.inputs.size()) : node.inputs.size();
    for (qsizetype i = 0; i < inputs; ++i) {
        ModelIndex::Source source = index.source(node.inputs[i]);
        if (isQuantizer(node) && node.op == u"DequantizeLinear")
            source.dequantize = &node;
        if (isWeight(source.tensor))
            weights.push_back(source);
    }
    return weights;
}

// A Conv, ConvTranspose, Gemm or MatMul node's weight operand and its axes; none for others.
struct Operand {
    ModelIndex::Source source;
    int inputAxis = -1;
    int outputAxis = -1;
};

std::optional<Operand> weightOperand(const OnnxNode& node, const ModelIndex& index) {
    const auto operand = [&](int input) -> std::optional<Operand> {
        if (input >= node.inputs.size())
            return std::nullopt;
        const ModelIndex::Source source = index.source(node.inputs[input]);
        if (!isWeight(source.tensor))
            return std::nullopt;
        return Operand{source};
    };
    std::optional<Operand> found;
    if (node.op == u"Conv" && (found = operand(1))) {
        found->inputAxis = 1;
        found->outputAxis = 0;
    } else if (node.op == u"ConvTranspose" && (found = operand(1))) {
        found->inputAxis = 0;
        found->outputAxis = 1;
    } else if (node.op == u"Gemm" && (found = operand(1))) {
        const auto transB = node.intAttributes.find(QStringLiteral("transB"));
        const bool transposed = transB != node.intAttributes.end() && transB->second != 0;
        found->inputAxis = transposed ? 1 : 0;
        found->outputAxis = transposed ? 0 : 1;
    } else if (node.op == u"MatMul") {
        const bool second = (found = operand(1)).has_value();
        if (second || (found = operand(0))) {
            const int rank = int(found->source.tensor->dims.size());
            // B [..., K, N]: K the inputs, N the outputs; a weight A [..., M, K] the other way.
            found->inputAxis = second ? rank - 2 : rank - 1;
            found->outputAxis = second ? rank - 1 : rank - 2;
            if (rank < 2) {
                found->inputAxis = 0;
                found->outputAxis = -1;
            }
        }
    }
    return found;
}

template <class T> void addOnce(std::vector<T>& list, const T& item) {
    if (std::find(list.begin(), list.end(), item) == list.end())
        list.push_back(item);
}

LayerWeights weighLayer(int layer, const QStringList& nodes, const ModelIndex& index) {
    LayerWeights weights;
    weights.layer = layer;
    weights.nodes = nodes;
    std::vector<const OnnxInitializer*> all;
    std::vector<const OnnxNode*> allScales;
    std::vector<WeightTensor> operands;
    std::vector<const OnnxNode*> operandScales;
    for (const QString& name : nodes) {
        const OnnxNode* node = index.nodes.value(name);
        if (!node)
            continue;
        for (const ModelIndex::Source& source : weightsOf(*node, index)) {
            addOnce(all, source.tensor);
            if (source.dequantize)
                addOnce(allScales, source.dequantize);
        }
        if (const std::optional<Operand> operand = weightOperand(*node, index)) {
            const auto same = [&](const WeightTensor& w) {
                return w.tensor == operand->source.tensor;
            };
            if (std::none_of(operands.begin(), operands.end(), same))
                operands.push_back(
                    {operand->source.tensor, operand->inputAxis, operand->outputAxis});
            if (operand->source.dequantize)
                addOnce(operandScales, operand->source.dequantize);
        }
    }
    for (const OnnxInitializer* tensor : all)
        weights.params += tensor->elements();
    if (operands.empty()) {
        for (const OnnxInitializer* tensor : all)
            operands.push_back({tensor});
        operandScales = allScales;
    }
    QStringList types;
    for (const WeightTensor& operand : operands)
        if (const QString type = elementTypeName(operand.tensor->type); !types.contains(type))
            types << type;
    weights.dtype = types.join(u'+');
    weights.figures = weighTensors(operands);
    for (const OnnxNode* dequantize : operandScales)
        if (dequantize->inputs.size() > 1)
            if (const OnnxInitializer* scale = index.initializers.value(dequantize->inputs[1]))
                for (double value : tensorValues(*scale))
                    weights.scales.push_back(value);
    return weights;
}

std::optional<double> share(qint64 part, qint64 whole) {
    return whole > 0 ? std::optional(100.0 * double(part) / double(whole)) : std::nullopt;
}

} // namespace

bool LayerWeights::sparse24Ready() const {
    return figures.groups24 > 0 && figures.sparseGroups24 == figures.groups24;
}

bool LayerWeights::hasOutlierChannel() const {
    const std::optional<double> ratio = figures.channelRangeRatio();
    return ratio && *ratio > kOutlierChannelRatio;
}

std::optional<double> ModelWeights::nodeSharePercent() const {
    return share(nodesInLayers, onnxNodes);
}

std::optional<double> ModelWeights::paramSharePercent() const {
    return share(paramsInLayers, params);
}

const LayerWeights* ModelWeights::forLayer(int index) const {
    const auto found = std::lower_bound(
        layers.begin(), layers.end(), index,
        [](const LayerWeights& weights, int wanted) { return weights.layer < wanted; });
    return found != layers.end() && found->layer == index ? &*found : nullptr;
}

ModelWeights weighModel(const EnginePlan& plan, const OnnxGraph& model) {
    const ModelIndex index(model);
    ModelWeights result;
    result.model = model.file;
    result.graph = model.graphName;
    result.onnxNodes = int(model.nodes.size());
    const std::vector<QStringList> nodes = layerNodes(plan, &model);
    QSet<QStringView> inLayers;
    std::vector<int> mapped;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        for (const QString& node : nodes[i])
            inLayers.insert(node);
        if (!nodes[i].isEmpty())
            mapped.push_back(int(i));
    }
    result.layers = sideBySide<LayerWeights>(mapped.size(), [&](std::size_t i) {
        return weighLayer(mapped[i], nodes[std::size_t(mapped[i])], index);
    });
    QSet<const OnnxInitializer*> weights;
    QSet<const OnnxInitializer*> reached;
    for (const OnnxNode& node : model.nodes) {
        const bool inLayer = inLayers.contains(node.name);
        if (inLayer)
            ++result.nodesInLayers;
        else
            result.nodesWithoutLayer.push_back({node.name, node.op});
        for (const ModelIndex::Source& source : weightsOf(node, index)) {
            weights.insert(source.tensor);
            // A weight read through an unmapped DequantizeLinear reaches the layer reading it.
            if (inLayer)
                reached.insert(source.tensor);
        }
    }
    for (const OnnxInitializer* tensor : weights) {
        result.params += tensor->elements();
        if (reached.contains(tensor))
            result.paramsInLayers += tensor->elements();
    }
    return result;
}

std::vector<std::optional<double>> ModelWeights::sparse24Percents(std::size_t count) const {
    std::vector<std::optional<double>> percents(count);
    for (const LayerWeights& w : layers)
        if (w.layer >= 0 && std::size_t(w.layer) < count)
            percents[std::size_t(w.layer)] = w.figures.sparse24Percent();
    return percents;
}

QString nodeCoverageText(const ModelWeights& weights) {
    return QStringLiteral("%1, in a layer: %2 (%3)")
        .arg(weights.onnxNodes)
        .arg(weights.nodesInLayers)
        .arg(percentText(weights.nodeSharePercent()));
}

QString paramCoverageText(const ModelWeights& weights) {
    return QStringLiteral("%1, read by a layer: %2")
        .arg(countText(weights.params, QStringLiteral("parameter")),
             percentText(weights.paramSharePercent()));
}

QString nodesWithoutLayerText(const ModelWeights& weights) {
    std::vector<std::pair<QString, int>> ops; // in first-met order, then most first
    for (const NodeWithoutLayer& node : weights.nodesWithoutLayer) {
        const auto it = std::find_if(ops.begin(), ops.end(),
                                     [&](const auto& op) { return op.first == node.op; });
        if (it == ops.end())
            ops.emplace_back(node.op, 1);
        else
            ++it->second;
    }
    std::stable_sort(ops.begin(), ops.end(),
                     [](const auto& a, const auto& b) { return a.second > b.second; });
    QStringList parts;
    for (const auto& [op, count] : ops)
        parts << QStringLiteral("%1 %2").arg(op).arg(count);
    const QString count = QString::number(weights.nodesWithoutLayer.size());
    return parts.isEmpty() ? count
                           : QStringLiteral("%1 (%2)").arg(count, parts.join(QStringLiteral(", ")));
}

QString unmatchedModelText(const OnnxGraph& model, const EnginePlan& plan) {
    const std::vector<QStringList> nodes = layerNodes(plan, &model);
    if (std::any_of(nodes.begin(), nodes.end(), [](const QStringList& n) { return !n.isEmpty(); }))
        return {};
    return QStringLiteral(
               "%1: none of its %2 node names is named by a layer of %3 (by Metadata or by "
               "name): open the ONNX model this engine was built from, and build it with "
               "--profilingVerbosity=detailed so that its layers name their nodes")
        .arg(displayName(model.file))
        .arg(model.nodes.size())
        .arg(plan.name);
}

} // namespace planscope
