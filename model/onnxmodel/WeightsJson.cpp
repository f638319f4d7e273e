#include "onnxmodel/WeightsJson.h"

#include "json/CsvTable.h"
#include "json/JsonValues.h"

#include <algorithm>

namespace planscope {
namespace {

// The figures both formats share.
OrderedJson layerFigures(const LayerWeights& layer, const EnginePlan& plan) {
    const WeightFigures& f = layer.figures;
    const std::optional<double> ratio = f.channelRangeRatio();
    return OrderedJson{
        {"index", layer.layer},
        {"name", plan.layers[std::size_t(layer.layer)].name.toStdString()},
        {"nodes", textListJson(layer.nodes)},
        {"params", layer.params},
        {"dtype", optionalText(layer.dtype)},
        {"min", optionalJson(f.min)},
        {"max", optionalJson(f.max)},
        {"mean", optionalJson(f.mean)},
        {"std", optionalJson(f.std)},
        {"zero_percent", optionalJson(f.zeroPercent())},
        {"sparse_2_4_percent", optionalJson(f.sparse24Percent())},
        {"channel_range_ratio", optionalJson(ratio)},
        {"outlier_channel", ratio ? OrderedJson(layer.hasOutlierChannel()) : OrderedJson()}};
}

OrderedJson histogramJson(const std::vector<HistogramBin>& bins) {
    OrderedJson histogram = OrderedJson::array();
    for (const HistogramBin& bin : bins)
        histogram.push_back(OrderedJson::array({bin.low, bin.high, bin.count}));
    return histogram;
}

} // namespace

OrderedJson weightsJson(const ModelWeights& weights, const EnginePlan& plan) {
    OrderedJson without = OrderedJson::array();
    for (const NodeWithoutLayer& node : weights.nodesWithoutLayer)
        without.push_back({{"name", node.name.toStdString()}, {"op", node.op.toStdString()}});
    OrderedJson layers = OrderedJson::array();
    for (const LayerWeights& layer : weights.layers) {
        OrderedJson json = layerFigures(layer, plan);
        json["scales"] = layer.scales.empty() ? OrderedJson() : OrderedJson(layer.scales);
        json["histogram"] = histogramJson(layer.figures.histogram);
        layers.push_back(std::move(json));
    }
    OrderedJson json = coverageJson(weights);
    json["nodes_without_layer"] = std::move(without);
    json["layers"] = std::move(layers);
    return json;
}

OrderedJson coverageJson(const ModelWeights& weights) {
    return OrderedJson{{"model", weights.model.toStdString()},
                       {"graph", weights.graph.toStdString()},
                       {"onnx_nodes", weights.onnxNodes},
                       {"nodes_in_layers", weights.nodesInLayers},
                       {"node_share_percent", optionalJson(weights.nodeSharePercent())},
                       {"params", weights.params},
                       {"params_in_layers", weights.paramsInLayers},
                       {"param_share_percent", optionalJson(weights.paramSharePercent())}};
}

QByteArray weightsCsv(const ModelWeights& weights, const EnginePlan& plan) {
    std::vector<OrderedJson> rows;
    for (const LayerWeights& layer : weights.layers) {
        OrderedJson row = layerFigures(layer, plan);
        row["nodes"] = layer.nodes.join(u' ').toStdString();
        const auto [low, high] = std::minmax_element(layer.scales.begin(), layer.scales.end());
        const bool scaled = !layer.scales.empty();
        row["scales"] = layer.scales.size();
        row["scale_min"] = scaled ? OrderedJson(*low) : OrderedJson();
        row["scale_max"] = scaled ? OrderedJson(*high) : OrderedJson();
        rows.push_back(std::move(row));
    }
    if (rows.empty()) // no layer names a node of the model
        return QByteArray("index\n");
    return objectsCsv(rows.front(), rows);
}

} // namespace planscope
