#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "metrics/LatencyGap.h"
#include "plan/FigureText.h"

#include <cmath>

namespace planscope {

// The per-layer times and the end-to-end latency disagree (TensorRT issue #4657). A lead about
// the whole engine: it has no layers; time outside the layers is at stake, profiling overhead
// is not.
void findLatencyGap(const LeadScale& scale, std::vector<Lead>& leads) {
    const std::optional<LatencyGap> gap = latencyGap(scale.plan());
    if (!gap || std::abs(gap->percent()) <= kLatencyGapPercent)
        return;
    Lead lead;
    const QString figures =
        QStringLiteral("trtexec's GPU Compute Time averages %1; the per-layer averages add up "
                       "to %2")
            .arg(millisecondsText(gap->gpuComputeMs), millisecondsText(gap->layersMs));
    if (gap->gapMs() > 0) {
        lead.ms = gap->gapMs();
        lead.percent = scale.shareOfLatency(gap->gapMs());
        lead.title = QStringLiteral("%1 of the GPU time is outside the profiled layers")
                         .arg(percentText(gap->percent()));
        lead.evidence =
            QStringLiteral("%1: %2 more goes between or outside the layers (kernel launches, "
                           "gaps between kernels, work the profile does not name).")
                .arg(figures, millisecondsText(gap->gapMs()));
        lead.nextStep = QStringLiteral(
            "Run the engine as a CUDA graph (trtexec --useCudaGraph) to take out launch gaps, and "
            "see the gaps in Nsight Systems (nsys profile trtexec --loadEngine=ENGINE). Check "
            "first that the profile and the run are of this engine and batch (planscope check).");
    } else {
        lead.title = QStringLiteral("The per-layer times add up to %1 more than the run")
                         .arg(percentText(-gap->percent()));
        lead.evidence =
            QStringLiteral("%1: profiling each layer adds a synchronization after it and stops "
                           "layers overlapping, so the layers' times overstate the run by %2.")
                .arg(figures, millisecondsText(-gap->gapMs()));
        lead.nextStep = QStringLiteral(
            "Compare layers with each other, not with the end-to-end latency; judge end-to-end "
            "changes by the GPU Compute Time of a run without per-layer profiling (trtexec "
            "--separateProfileRun keeps the two apart).");
    }
    lead.facts = {{"gpu_compute_ms", gap->gpuComputeMs},
                  {"layers_ms", gap->layersMs},
                  {"gap_ms", gap->gapMs()},
                  {"gap_percent", gap->percent()}};
    leads.push_back(std::move(lead));
}

} // namespace planscope
