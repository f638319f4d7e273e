#pragma once

#include "plan/EnginePlan.h"

#include <optional>

namespace planscope {

// The numbers the profile checks compare, taken once from the plan's files. Sums run over every
// record of the profile as written (constants and NoOps too), as NVIDIA's trt-perf-analysis
// skill sums them; a figure the files do not hold is missing.
struct CheckFigures {
    int records = 0;                      // the profile's layer records
    std::optional<long long> countHeader; // its {"count": N} header
    std::optional<double> medianRatio;    // median timeMs / averageMs (records with averageMs > 0)
    std::optional<long long> inferredCount; // the median rounded, when every record agrees with it
    std::optional<double> totalTimeMs;      // sum of timeMs
    std::optional<double> totalAverageMs;   // sum of averageMs: one iteration, layer by layer
    std::optional<double> totalPercent;     // sum of percentage
    std::optional<double> timingMeanMs;     // mean latencyMs of the timing JSON (--exportTimes)
    std::optional<double> gpuComputeMeanMs; // the performance summary's GPU Compute Time mean
    std::optional<double> gpuComputeMedianMs; // ... and median
    std::optional<double> latencyMeanMs;      // ... and its Latency mean
    std::optional<double> weightsBytes;       // the plan's weights (EnginePlan::totalWeightsBytes)
    std::optional<double> activationBytes;    // the plan's activations: every layer's I/O bytes
    std::optional<double> buildWeightsBytes;  // the build log's Total Weights Memory
    std::optional<double> buildActivationBytes; // the build log's Total Activation Memory

    // The iterations the profile timed: the header, else the count its records agree on.
    std::optional<long long> iterations() const {
        return countHeader ? countHeader : inferredCount;
    }
};

CheckFigures checkFigures(const EnginePlan& plan);

} // namespace planscope
