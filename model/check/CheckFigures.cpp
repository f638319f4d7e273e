#include "check/CheckFigures.h"

#include "check/CheckCatalog.h"
#include "plan/PlanFacts.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace planscope {
namespace {

// The sum of one number over the records that hold it; missing when none does.
std::optional<double> sumOf(const std::vector<ProfileRecord>& records, ProfileField field,
                            double ProfileRecord::*value) {
    std::optional<double> sum;
    for (const ProfileRecord& r : records)
        if (!(r.absent & field))
            sum = sum.value_or(0) + r.*value;
    return sum;
}

// timeMs / averageMs of every record that holds both with a positive average: each is the
// number of iterations the profiler timed.
std::vector<double> iterationRatios(const std::vector<ProfileRecord>& records) {
    std::vector<double> ratios;
    for (const ProfileRecord& r : records)
        if (!(r.absent & (TimeField | AverageField)) && r.averageMs > 0)
            ratios.push_back(r.totalMs / r.averageMs);
    return ratios;
}

} // namespace

CheckFigures checkFigures(const EnginePlan& plan) {
    CheckFigures figures;
    if (plan.facts && plan.facts->profile) {
        const ProfileFile& profile = *plan.facts->profile;
        const std::vector<ProfileRecord>& records = profile.records;
        figures.records = static_cast<int>(records.size());
        if (profile.iterations > 0 && !profile.countedSamples)
            figures.countHeader = profile.iterations;
        std::vector<double> ratios = iterationRatios(records);
        if (!ratios.empty()) {
            // The upper median, as NVIDIA's skill takes it, so the inferred counts agree.
            const auto middle = ratios.begin() + static_cast<std::ptrdiff_t>(ratios.size() / 2);
            std::nth_element(ratios.begin(), middle, ratios.end());
            figures.medianRatio = *middle;
            const long long rounded = std::llround(*middle);
            const double tolerance =
                std::max(checks::kRatioTolerance * static_cast<double>(rounded), 0.5);
            const bool agree = std::all_of(ratios.begin(), ratios.end(), [&](double r) {
                return std::abs(r - static_cast<double>(rounded)) <= tolerance;
            });
            if (rounded > 0 && agree)
                figures.inferredCount = rounded;
        }
        figures.totalTimeMs = sumOf(records, TimeField, &ProfileRecord::totalMs);
        figures.totalAverageMs = sumOf(records, AverageField, &ProfileRecord::averageMs);
        figures.totalPercent = sumOf(records, PercentField, &ProfileRecord::percent);
    }
    const std::vector<double>& samples = plan.timingSamplesMs;
    if (!samples.empty())
        figures.timingMeanMs = std::accumulate(samples.begin(), samples.end(), 0.0) /
                               static_cast<double>(samples.size());
    figures.gpuComputeMeanMs =
        performanceStatistic(plan.metadata, "GPU Compute Time", QStringLiteral("mean"));
    figures.gpuComputeMedianMs =
        performanceStatistic(plan.metadata, "GPU Compute Time", QStringLiteral("median"));
    figures.latencyMeanMs = performanceStatistic(plan.metadata, "Latency", QStringLiteral("mean"));
    figures.weightsBytes = plan.totalWeightsBytes();
    figures.activationBytes = plan.totalActivationBytes();
    const auto memory = [&](const char* key) -> std::optional<double> {
        const auto it = plan.metadata.buildMemory.find(key);
        return it != plan.metadata.buildMemory.end() && it->is_number()
                   ? std::optional(it->get<double>())
                   : std::nullopt;
    };
    figures.buildWeightsBytes = memory("Total Weights Memory");
    figures.buildActivationBytes = memory("Total Activation Memory");
    return figures;
}

} // namespace planscope
