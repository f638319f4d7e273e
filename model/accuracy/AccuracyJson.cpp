#include "accuracy/AccuracyJson.h"

#include "json/CsvTable.h"
#include "json/JsonValues.h"

#include <QFileInfo>
#include <cmath>

namespace planscope {
namespace {

OrderedJson finite(const std::optional<double>& value) {
    return value && std::isfinite(*value) ? OrderedJson(*value) : OrderedJson();
}

OrderedJson optional(const std::optional<bool>& value) {
    return value ? OrderedJson(*value) : OrderedJson();
}

OrderedJson statsJson(const ArrayStats& s) {
    if (!s.present)
        return OrderedJson();
    OrderedJson histogram = OrderedJson::array();
    for (const HistogramBin& b : s.histogram)
        histogram.push_back(OrderedJson::array({finite(b.low), finite(b.high), b.count}));
    return OrderedJson{{"mean", finite(s.mean)},
                       {"std", finite(s.std)},
                       {"var", finite(s.var)},
                       {"median", finite(s.median)},
                       {"min", finite(s.min)},
                       {"max", finite(s.max)},
                       {"avg_magnitude", finite(s.avgMagnitude)},
                       {"p90", finite(s.p90)},
                       {"p95", finite(s.p95)},
                       {"p99", finite(s.p99)},
                       {"min_at", optionalText(s.minAt)},
                       {"max_at", optionalText(s.maxAt)},
                       {"histogram", std::move(histogram)}};
}

OrderedJson layerJson(const EnginePlan* plan, const std::vector<TensorLayer>& mapping,
                      std::size_t tensor) {
    if (!plan || tensor >= mapping.size() || mapping[tensor].layer < 0)
        return OrderedJson();
    const TensorLayer& m = mapping[tensor];
    return OrderedJson{
        {"index", m.layer},
        {"name", plan->layers[std::size_t(m.layer)].name.toStdString()},
        {"how", m.how == TensorLayer::How::Writes ? "writes the tensor" : "names the ONNX node"},
        {"node", optionalText(m.node)}};
}

// The runners whose values overflow FP16.
OrderedJson overflowJson(const ComparedTensor& t) {
    OrderedJson runners = OrderedJson::array();
    for (const RunnerStats& r : t.runners)
        if (const Overflow o = overflowOf(r.stats); o.any())
            runners.push_back({{"runner", r.runner.toStdString()},
                               {"saturated", o.saturated},
                               {"inf", o.infinite}});
    return runners;
}

OrderedJson tensorJson(const AccuracyLog& log, std::size_t i, const EnginePlan* plan,
                       const std::vector<TensorLayer>& mapping) {
    const ComparedTensor& t = log.tensors[i];
    OrderedJson stats = OrderedJson::object();
    for (const RunnerStats& r : t.runners)
        stats[r.runner.toStdString()] = statsJson(r.stats);
    return OrderedJson{{"name", t.name.toStdString()},
                       {"dtype", t.dtype.toStdString()},
                       {"shape", t.shape.toStdString()},
                       {"iteration", t.iteration},
                       {"check", optionalText(t.check)},
                       {"abs_tol", finite(t.absTol)},
                       {"rel_tol", finite(t.relTol)},
                       {"passed", optional(t.passed)},
                       {"failure", optionalText(t.failure)},
                       {"required_abs", finite(t.requiredAbs)},
                       {"required_rel", finite(t.requiredRel)},
                       {"abs_error", statsJson(t.absError)},
                       {"rel_error", statsJson(t.relError)},
                       {"stats", std::move(stats)},
                       {"overflow", overflowJson(t)},
                       {"layer", layerJson(plan, mapping, i)},
                       {"line", t.line}};
}

} // namespace

OrderedJson accuracyJson(const AccuracyLog& log, const EnginePlan* plan,
                         const std::vector<TensorLayer>& mapping) {
    OrderedJson tensors = OrderedJson::array();
    for (std::size_t i = 0; i < log.tensors.size(); ++i)
        tensors.push_back(tensorJson(log, i, plan, mapping));
    OrderedJson validations = OrderedJson::array();
    for (const OutputValidation& v : log.validations)
        validations.push_back({{"runner", v.runner.toStdString()},
                               {"output", v.output.toStdString()},
                               {"passed", optional(v.passed)},
                               {"nan", v.nan},
                               {"inf", v.inf},
                               {"saturated", overflowOf(v.stats).saturated},
                               {"stats", statsJson(v.stats)},
                               {"line", v.line}});
    const auto nameOf = [&](int tensor) {
        return tensor < 0 ? OrderedJson()
                          : OrderedJson(log.tensors[std::size_t(tensor)].name.toStdString());
    };
    return OrderedJson{
        {"log", QFileInfo(log.path).fileName().toStdString()},
        {"plan", plan ? OrderedJson(plan->name.toStdString()) : OrderedJson()},
        {"validation_only", log.validationOnly()},
        {"runners", textListJson(log.runners)},
        {"iterations",
         {{"passed", log.iterationsPassed ? OrderedJson(*log.iterationsPassed) : OrderedJson()},
          {"total", log.iterationsTotal ? OrderedJson(*log.iterationsTotal) : OrderedJson()}}},
        {"pass_rate", finite(log.passRate)},
        {"tensors", std::move(tensors)},
        {"tensors_mapped", plan ? OrderedJson(mappedTensors(mapping)) : OrderedJson()},
        {"first_failed", nameOf(log.firstFailed())},
        {"first_overflow", nameOf(log.firstOverflow())},
        {"validations", std::move(validations)},
        {"warnings", textListJson(log.warnings)}};
}

QByteArray accuracyCsv(const AccuracyLog& log, const EnginePlan* plan,
                       const std::vector<TensorLayer>& mapping) {
    std::vector<OrderedJson> rows;
    for (std::size_t i = 0; i < log.tensors.size(); ++i) {
        const ComparedTensor& t = log.tensors[i];
        const auto runner = [&](std::size_t r, const char* key) -> OrderedJson {
            if (r >= t.runners.size())
                return OrderedJson();
            const ArrayStats& s = t.runners[r].stats;
            return finite(std::string(key) == "mean"  ? s.mean
                          : std::string(key) == "min" ? s.min
                                                      : s.max);
        };
        const OrderedJson layer = layerJson(plan, mapping, i);
        rows.push_back(
            OrderedJson{{"name", t.name.toStdString()},
                        {"iteration", t.iteration},
                        {"passed", optional(t.passed)},
                        {"overflow", optionalText(t.overflowText())},
                        {"check", t.check.toStdString()},
                        {"abs_tol", finite(t.absTol)},
                        {"rel_tol", finite(t.relTol)},
                        {"required_abs", finite(t.requiredAbs)},
                        {"required_rel", finite(t.requiredRel)},
                        {"abs_error_max", finite(t.absError.max)},
                        {"abs_error_median", finite(t.absError.median)},
                        {"rel_error_max", finite(t.relError.max)},
                        {"rel_error_median", finite(t.relError.median)},
                        {"a_mean", runner(0, "mean")},
                        {"a_min", runner(0, "min")},
                        {"a_max", runner(0, "max")},
                        {"b_mean", runner(1, "mean")},
                        {"b_min", runner(1, "min")},
                        {"b_max", runner(1, "max")},
                        {"layer_index", layer.is_null() ? OrderedJson() : layer["index"]},
                        {"layer_name", layer.is_null() ? OrderedJson() : layer["name"]}});
    }
    if (rows.empty())
        return QByteArray("name\n");
    return objectsCsv(rows.front(), rows);
}

} // namespace planscope
