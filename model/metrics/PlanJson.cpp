#include "metrics/PlanJson.h"

#include "json/CsvTable.h"
#include "json/JsonValues.h"
#include "metrics/LatencyGap.h"
#include "metrics/LayerGroups.h"
#include "roofline/Roofline.h"

namespace planscope {
namespace {

std::string str(const QString& s) {
    return s.toStdString();
}

OrderedJson tensorJson(const Tensor& t) {
    return {{"name", str(t.name)},
            {"shape", t.shape},
            {"format", str(t.format())},
            {"precision", str(t.precision())},
            {"bytes", t.sized() ? jsonNumber(t.bytes) : OrderedJson()},
            {"constant", t.constant}};
}

OrderedJson tensorsJson(const std::vector<Tensor>& tensors) {
    OrderedJson list = OrderedJson::array();
    for (const Tensor& t : tensors)
        list.push_back(tensorJson(t));
    return list;
}

OrderedJson bindingsJson(const std::vector<const Tensor*>& tensors) {
    OrderedJson list = OrderedJson::array();
    for (const Tensor* t : tensors)
        list.push_back({{"name", str(t->name)}, {"shape", t->shape}, {"format", str(t->format())}});
    return list;
}

OrderedJson shapeJson(const std::vector<qint64>& shape) {
    return shape.empty() ? OrderedJson() : OrderedJson(shape);
}

// TensorRT 11's I/O tensors; null for a graph that names its bindings only.
OrderedJson ioTensorsJson(const std::vector<IoTensor>& tensors) {
    if (tensors.empty())
        return nullptr;
    OrderedJson list = OrderedJson::array();
    for (const IoTensor& t : tensors) {
        OrderedJson profiles = OrderedJson::array();
        for (const IoTensor::Profile& p : t.profiles)
            profiles.push_back({{"min_shape", shapeJson(p.minShape)},
                                {"opt_shape", shapeJson(p.optShape)},
                                {"max_shape", shapeJson(p.maxShape)},
                                {"format", optionalText(p.format)}});
        list.push_back({{"name", str(t.name)},
                        {"mode", t.input ? "input" : "output"},
                        {"data_type", optionalText(t.dataType)},
                        {"precision", str(t.precision)},
                        {"shape", t.shape},
                        {"location", optionalText(t.location)},
                        {"shape_inference", t.shapeIo ? OrderedJson(*t.shapeIo) : OrderedJson()},
                        {"profiles", profiles}});
    }
    return list;
}

OrderedJson groupsJson(const std::vector<LayerGroup>& groups) {
    OrderedJson object = OrderedJson::object();
    for (const LayerGroup& g : groups)
        object[str(g.key)] = {{"count", g.count},
                              {"latency_ms", optionalJson(g.latencyMs)},
                              {"latency_pct", optionalJson(g.latencyPct)}};
    return object;
}

} // namespace

OrderedJson filesJson(const PlanSources& s) {
    OrderedJson files = OrderedJson::object();
    const std::pair<const char*, const QString*> entries[] = {
        {"graph", &s.graph},
        {"profile", &s.profile},
        {"timing", &s.timing},
        {"profile_metadata", &s.profileMetadata},
        {"build_metadata", &s.buildMetadata},
        {"device_metadata", &s.deviceMetadata}};
    for (const auto& [key, path] : entries)
        if (!path->isEmpty())
            files[key] = str(*path);
    if (!s.logs.isEmpty()) {
        OrderedJson logs = OrderedJson::array();
        for (const QString& log : s.logs)
            logs.push_back(str(log));
        files["logs"] = logs;
    }
    return files;
}

OrderedJson summaryJson(const EnginePlan& plan) {
    const std::optional<LatencyGap> gap = latencyGap(plan);
    const Roofline roofline = rooflineFromFiles(plan);
    const RooflineTotal& work = roofline.total;
    const EnginePlan::Bindings bindings = plan.bindingTensors();
    OrderedJson timing = OrderedJson::object();
    if (!plan.timingSamplesMs.empty())
        timing = {{"samples", plan.timingSamplesMs.size()}};
    return {
        {"name", str(plan.name)},
        {"files", filesJson(plan.sources)},
        {"layers", plan.layers.size()},
        {"constants", plan.constants.size()},
        {"average_time_ms", optionalJson(plan.totalAverageMs())},
        {"latency_gap_ms", gap ? OrderedJson(gap->gapMs()) : OrderedJson()},
        {"weights_bytes", jsonNumber(plan.totalWeightsBytes())},
        {"layers_without_weights", plan.layersWithoutWeights()},
        {"activations_bytes", jsonNumber(plan.totalActivationBytes())},
        {"gflops", optionalJson(work.flops ? std::optional(*work.flops / 1e9) : std::nullopt)},
        {"params", jsonNumber(work.params)},
        {"sol_ms", optionalJson(work.solMs)},
        {"sol_percent", optionalJson(work.solPercent)},
        {"inputs", bindingsJson(bindings.inputs)},
        {"outputs", bindingsJson(bindings.outputs)},
        {"io_tensors", ioTensorsJson(plan.ioTensors)},
        {"by_type", groupsJson(groupLayers(plan.layers, layerTypeKey))},
        {"by_precision", groupsJson(groupLayers(plan.layers, layerPrecisionKey))},
        {"profiles", plan.profileCount},
        {"profile", plan.profileIndex},
        {"names_only", plan.namesOnly},
        {"has_profile", plan.hasProfile},
        {"profiled_iterations", plan.profiledIterations},
        {"timing", timing},
        {"device", plan.metadata.device},
        {"builder", plan.metadata.builder},
        {"performance", plan.metadata.performance},
        {"inference", plan.metadata.inference},
        {"system", plan.metadata.system},
        {"build_memory", plan.metadata.buildMemory},
        {"build_route_tuning", plan.metadata.buildRouteTuning},
        {"tensorrt_version", str(plan.metadata.tensorrtVersion)},
        {"commands", textListJson(plan.metadata.commandLines)},
        {"warnings", textListJson(plan.warnings)},
    };
}

OrderedJson layerJson(const Layer& l) {
    const auto timing = [&](double value) {
        return l.timing.measured ? OrderedJson(value) : OrderedJson();
    };
    const auto bytes = [](bool known, double value) {
        return known ? jsonNumber(value) : OrderedJson();
    };
    OrderedJson json = {
        {"index", l.index},
        {"name", str(l.name)},
        {"type", str(l.type)},
        {"subtype", str(l.subtype)},
        {"precision", str(l.precision)},
        {"output_precision", str(l.outputPrecision)},
        {"tactic", str(l.tactic)},
        {"latency_avg_ms", timing(l.timing.averageMs)},
        {"latency_median_ms", timing(l.timing.medianMs)},
        {"latency_total_ms", timing(l.timing.totalMs)},
        {"latency_pct", timing(l.timing.percent)},
        {"inputs", tensorsJson(l.inputs)},
        {"outputs", tensorsJson(l.outputs)},
        {"input_bytes", bytes(l.ioBytesKnown(), l.inputBytes)},
        {"output_bytes", bytes(l.ioBytesKnown(), l.outputBytes)},
        {"io_bytes", bytes(l.ioBytesKnown(), l.ioBytes)},
        {"weights_bytes", bytes(l.weightsKnown(), l.weightsBytes)},
        {"bias_bytes", bytes(l.weightsKnown(), l.biasBytes)},
        {"footprint_bytes", bytes(l.footprintKnown(), l.footprintBytes)},
        {"metadata", str(l.metadata)},
    };
    const OrderedJson none;
    const auto& c = l.convolution;
    json["macs"] = c ? jsonNumber(c->macs) : none;
    json["arithmetic_intensity"] = c ? OrderedJson(c->arithmeticIntensity) : none;
    json["compute_efficiency"] = c && l.timing.measured ? OrderedJson(c->computeEfficiency) : none;
    json["memory_efficiency"] = c && l.timing.measured ? OrderedJson(c->memoryEfficiency) : none;
    json["gemm_m"] = c ? OrderedJson(c->gemmM) : none;
    json["gemm_n"] = c ? OrderedJson(c->gemmN) : none;
    json["gemm_k"] = c ? OrderedJson(c->gemmK) : none;
    return json;
}

QByteArray layersCsv(const std::vector<const Layer*>& layers) {
    std::vector<OrderedJson> rows;
    rows.reserve(layers.size());
    for (const Layer* layer : layers)
        rows.push_back(layerJson(*layer));
    return objectsCsv(layerJson(Layer{}), rows);
}

} // namespace planscope
