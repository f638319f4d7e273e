#include "metrics/LatencyGap.h"

#include "plan/FigureText.h"

namespace planscope {

QString LatencyGap::text() const {
    const double gap = gapMs();
    return QStringLiteral("%1%2 (%3 of the GPU Compute Time mean, %4)")
        .arg(gap > 0 ? QStringLiteral("+") : QString(), millisecondsText(gap),
             percentText(percent()), millisecondsText(gpuComputeMs));
}

QString LatencyGap::meaning() const {
    if (gapMs() >= 0)
        return QStringLiteral(
            "Positive: the run spends that time between or outside the profiled layers (kernel "
            "launches, gaps between kernels, work the profile does not name).");
    return QStringLiteral(
        "Negative: profiling each layer slows the layers down (a synchronization after each, no "
        "overlap between them), so compare layers with each other, not with the end-to-end "
        "latency.");
}

std::optional<LatencyGap> latencyGap(const EnginePlan& plan) {
    const auto layers = plan.totalAverageMs();
    const auto gpu =
        performanceStatistic(plan.metadata, "GPU Compute Time", QStringLiteral("mean"));
    if (!layers || !gpu)
        return std::nullopt;
    return LatencyGap{*gpu, *layers};
}

} // namespace planscope
