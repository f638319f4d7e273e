#include "check/CheckJson.h"

#include "check/CheckLayers.h"
#include "metrics/PlanJson.h"
#include "plan/PlanFacts.h"

namespace planscope {
namespace {

template <class T> OrderedJson optional(const std::optional<T>& value) {
    return value ? OrderedJson(*value) : OrderedJson();
}

} // namespace

OrderedJson checkedFilesJson(const EnginePlan& plan) {
    OrderedJson files = filesJson(plan.sources);
    if (plan.facts && !plan.facts->profilePath.isEmpty() && !files.contains("profile"))
        files["profile"] = plan.facts->profilePath.toStdString();
    return files;
}

OrderedJson checkResultJson(const CheckResult& result) {
    OrderedJson files = OrderedJson::array();
    for (const QString& file : result.files)
        files.push_back(file.toStdString());
    return {{"id", result.id.toStdString()},
            {"level", checkLevelName(result.level).toStdString()},
            {"files", files},
            {"layers", layersJson(result.layers)},
            {"message", result.message.toStdString()},
            {"fix", result.fix.toStdString()},
            {"details", result.details}};
}

OrderedJson checkFiguresJson(const CheckFigures& f) {
    return {{"records", f.records},
            {"count_header", optional(f.countHeader)},
            {"median_ratio", optional(f.medianRatio)},
            {"inferred_count", optional(f.inferredCount)},
            {"total_time_ms", optional(f.totalTimeMs)},
            {"total_average_ms", optional(f.totalAverageMs)},
            {"total_percent", optional(f.totalPercent)},
            {"timing_mean_ms", optional(f.timingMeanMs)},
            {"gpu_compute_mean_ms", optional(f.gpuComputeMeanMs)},
            {"gpu_compute_median_ms", optional(f.gpuComputeMedianMs)},
            {"latency_mean_ms", optional(f.latencyMeanMs)},
            {"weights_bytes", optional(f.weightsBytes)},
            {"activations_bytes", optional(f.activationBytes)},
            {"build_weights_bytes", optional(f.buildWeightsBytes)},
            {"build_activation_bytes", optional(f.buildActivationBytes)}};
}

OrderedJson checkJson(const EnginePlan& plan, const PlanCheck& check) {
    OrderedJson results = OrderedJson::array();
    for (const CheckResult& r : check.results)
        results.push_back(checkResultJson(r));
    return {{"plan", plan.name.toStdString()},
            {"files", checkedFilesJson(plan)},
            {"counts",
             {{"error", check.count(CheckLevel::Error)},
              {"warning", check.count(CheckLevel::Warning)},
              {"note", check.count(CheckLevel::Note)}}},
            {"figures", checkFiguresJson(check.figures)},
            {"results", results}};
}

} // namespace planscope
