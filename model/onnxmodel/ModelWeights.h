#pragma once

#include "onnxmodel/OnnxGraph.h"
#include "onnxmodel/WeightFigures.h"
#include "plan/EnginePlan.h"

#include <QStringList>
#include <optional>
#include <vector>

namespace planscope {

// A plan beside the ONNX model it was built from: which nodes reached a layer (coverage) and
// each layer's weights. It holds no pointer into the model: the model may be closed once it is
// made (a panel or an item model keeps this alone).
//
// A layer's weights are the initializers its nodes (layerNodes) read: an input that is an
// initializer, or the output of a DequantizeLinear reading one (that DequantizeLinear's input
// counts as the weight, its scale as the weight's scales); a Quantize/DequantizeLinear's scale
// and zero point, and 32- and 64-bit integers (shapes, axes, indices) are no weights.
// `params` counts them all; the figures are of the weight operands of its Conv,
// ConvTranspose, Gemm and MatMul nodes (Conv: input channels axis 1, output channels axis 0;
// ConvTranspose: 0 and 1; Gemm's B: axis 1 and 0 with transB, else 0 and 1; MatMul's B: axis -2
// and -1), or of all its weights when it has none (without channel axes).

struct NodeWithoutLayer {
    QString name;
    QString op;
};

struct LayerWeights {
    int layer = -1; // the layer's index in plan.layers
    QStringList nodes;
    qint64 params = 0;
    QString dtype; // the figures' tensors' types, "+" between several; empty without weights
    WeightFigures figures;
    std::vector<double> scales; // the weight operands' DequantizeLinear scales, in order

    // 2:4-ready: every group of four along the input channels has two zeros.
    bool sparse24Ready() const;
    // An output channel's largest |w| above kOutlierChannelRatio times the median channel's.
    bool hasOutlierChannel() const;
};

struct ModelWeights {
    QString model; // the model's file as named
    QString graph; // its main graph's name
    int onnxNodes = 0;
    int nodesInLayers = 0;
    std::vector<NodeWithoutLayer> nodesWithoutLayer; // in the model's order
    qint64 params = 0;                               // the elements of every node's weights
    qint64 paramsInLayers = 0;                       // those a layer reads
    std::vector<LayerWeights> layers; // the layers naming a node of the model, in plan order

    std::optional<double> nodeSharePercent() const;
    std::optional<double> paramSharePercent() const;
    // The weights of plan layer `index`; null when it names no node of the model.
    const LayerWeights* forLayer(int index) const;
    // Each of `count` plan layers' 2:4 readiness (sparse24Percent), missing where it has none.
    std::vector<std::optional<double>> sparse24Percents(std::size_t count) const;
    // Whether any node of the model reached a layer: when not, nothing is mapped.
    bool matched() const { return nodesInLayers > 0; }
};

ModelWeights weighModel(const EnginePlan& plan, const OnnxGraph& model);

// The coverage as texts say it (planscope weights and summary, the window's Summary, the
// report): "13, in a layer: 11 (84.6 %)"; "5,000 parameters, read by a layer: 100.0 %"; the nodes
// in no layer by op, most first: "2 (Reshape 1, DequantizeLinear 1)", "0".
QString nodeCoverageText(const ModelWeights& weights);
QString paramCoverageText(const ModelWeights& weights);
QString nodesWithoutLayerText(const ModelWeights& weights);

// The sentence saying that no layer of `plan` names a node of `model`, and what to do; empty
// when a layer does (then the model is mapped).
QString unmatchedModelText(const OnnxGraph& model, const EnginePlan& plan);

} // namespace planscope
