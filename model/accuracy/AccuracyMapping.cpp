#include "accuracy/AccuracyMapping.h"

#include "plan/FigureText.h"
#include "plan/OnnxOrigin.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace planscope {

QStringList nodesWritingTensor(const QString& tensor) {
    QStringList nodes{tensor, QStringLiteral("node_") + tensor};
    if (tensor.endsWith(QLatin1String("_output_0")))
        nodes << tensor.chopped(9);
    return nodes;
}

std::vector<TensorLayer> mapTensorsToLayers(const AccuracyLog& log, const EnginePlan& plan) {
    // The last layer naming each ONNX node, and each tensor's last writer.
    QHash<QString, int> lastNaming;
    QHash<QString, int> writer;
    for (const Layer& l : plan.layers) {
        forEachOnnxNode(l.metadata,
                        [&](QStringView node) { lastNaming.insert(node.toString(), l.index); });
        for (const Tensor& t : l.outputs)
            writer.insert(t.name, l.index);
    }
    std::vector<TensorLayer> mapping;
    mapping.reserve(log.tensors.size());
    for (const ComparedTensor& tensor : log.tensors) {
        TensorLayer found;
        if (const auto w = writer.constFind(tensor.name); w != writer.cend()) {
            found = {*w, TensorLayer::How::Writes, {}};
        } else {
            for (const QString& node : nodesWritingTensor(tensor.name))
                if (const auto n = lastNaming.constFind(node);
                    n != lastNaming.cend() && *n > found.layer)
                    found = {*n, TensorLayer::How::OnnxNode, node};
        }
        mapping.push_back(found);
    }
    return mapping;
}

int mappedTensors(const std::vector<TensorLayer>& mapping) {
    return int(std::count_if(mapping.begin(), mapping.end(),
                             [](const TensorLayer& m) { return m.layer >= 0; }));
}

QString unmatchedPlanText(const AccuracyLog& log, const EnginePlan& plan,
                          const std::vector<TensorLayer>& mapping) {
    if (log.tensors.empty() || mappedTensors(mapping) > 0)
        return {};
    return QStringLiteral("No layer of %1 writes any of the log's %2 or names its ONNX node: is "
                          "the log of another model?")
        .arg(plan.name, countText(qint64(log.tensors.size()), QStringLiteral("tensor")));
}

std::vector<std::optional<double>> layerRelativeErrors(const AccuracyLog& log,
                                                       const std::vector<TensorLayer>& mapping,
                                                       std::size_t layers) {
    std::vector<std::optional<double>> errors(layers);
    for (std::size_t i = 0; i < mapping.size() && i < log.tensors.size(); ++i) {
        const int layer = mapping[i].layer;
        const std::optional<double> max = log.tensors[i].relError.max;
        if (layer < 0 || std::size_t(layer) >= layers || !max || std::isnan(*max))
            continue;
        std::optional<double>& e = errors[std::size_t(layer)];
        e = std::max(e.value_or(0), *max);
    }
    return errors;
}

} // namespace planscope
