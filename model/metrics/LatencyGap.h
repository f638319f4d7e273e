#pragma once

#include "plan/EnginePlan.h"

#include <optional>

namespace planscope {

// Why the per-layer times don't add up to the end-to-end latency (TensorRT issue #4657): the gap
// between trtexec's GPU Compute Time mean and the sum of the per-layer averages.
struct LatencyGap {
    double gpuComputeMs = 0; // the run's GPU Compute Time mean
    double layersMs = 0;     // the sum of the per-layer averages
    double gapMs() const { return gpuComputeMs - layersMs; }
    double percent() const { return gpuComputeMs > 0 ? 100 * gapMs() / gpuComputeMs : 0; }
    // "+0.123 ms (12.3 % of the GPU Compute Time mean, 1.000 ms)".
    QString text() const;
    // What the gap means, by its sign, in a sentence or two.
    QString meaning() const;
};

// Missing when the plan has no per-layer timings or no performance summary.
std::optional<LatencyGap> latencyGap(const EnginePlan& plan);

} // namespace planscope
