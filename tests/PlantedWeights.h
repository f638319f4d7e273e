#pragma once

#include "onnxmodel/ModelWeights.h"
#include "onnxmodel/WeightFigures.h"

#include <memory>
#include <span>
#include <vector>

namespace planscope::test {

// Weights planted on a plan's layers without an ONNX file, their figures made by
// onnxmodel/WeightFigures as for a model read from one: for the views, charts, lint and report.
// Each is 4 output channels (axis 0) x 8 input channels (axis 1), 32 parameters.

// Two zeros in every group of four input channels: 2:4 100 %, zeros 50 %, every channel's
// largest |w| 4 (range ratio 1).
inline std::vector<float> twoOfFourZeros() {
    std::vector<float> values;
    for (int row = 0; row < 4; ++row)
        values.insert(values.end(), {0, 0, 1, 2, 3, 0, 0, 4});
    return values;
}

// No zeros; the last output channel 50 times the others: channel maxima 4, 4, 4, 200, their
// median 4, range ratio 50 (an outlier channel); 2:4 0 %.
inline std::vector<float> outlierChannel() {
    std::vector<float> values;
    for (int row = 0; row < 4; ++row)
        for (float v : {1, 2, 3, 4, 1, 2, 3, 4})
            values.push_back(row == 3 ? v * 50 : v);
    return values;
}

inline LayerWeights plantedLayer(int layer, const std::vector<float>& values) {
    OnnxInitializer tensor;
    tensor.name = QStringLiteral("w%1").arg(layer);
    tensor.type = ElementType::Float;
    tensor.dims = {4, qint64(values.size() / 4)};
    tensor.data = std::as_bytes(std::span(values));
    LayerWeights w;
    w.layer = layer;
    w.nodes = {QStringLiteral("node_%1").arg(layer)};
    w.params = qint64(values.size());
    w.dtype = QStringLiteral("FLOAT");
    w.figures = weighTensors({{&tensor, 1, 0}});
    return w;
}

// A model of `nodes` nodes whose first layers.size() reached the layers planted.
inline std::shared_ptr<const ModelWeights> plantedModel(std::vector<LayerWeights> layers,
                                                        int nodes = 4) {
    auto model = std::make_shared<ModelWeights>();
    model->model = QStringLiteral("planted.onnx");
    model->graph = QStringLiteral("main_graph");
    model->onnxNodes = nodes;
    model->nodesInLayers = int(layers.size());
    for (const LayerWeights& w : layers)
        model->params += w.params;
    model->paramsInLayers = model->params;
    model->layers = std::move(layers);
    return model;
}

} // namespace planscope::test
