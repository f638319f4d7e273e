#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "plan/FigureText.h"

namespace planscope {

// Many layers each too short to be worth a launch: the engine is bound by kernel launches.
void findTinyKernels(const LeadScale& scale, std::vector<Lead>& leads) {
    const EnginePlan& plan = scale.plan();
    Lead lead;
    int zero = 0; // layers that take no time at all (constants, clones): no launch to save
    for (const Layer& layer : plan.layers) {
        if (!layer.timing.measured || layer.timing.averageMs >= kTinyKernelMs)
            continue;
        if (layer.timing.averageMs > 0)
            lead.layers.push_back(layer.index);
        else
            ++zero;
    }
    scale.weigh(lead);
    const int count = static_cast<int>(lead.layers.size());
    if (count < kTinyKernelCount || lead.percent.value_or(0) < kTinyKernelPercent)
        return;
    lead.title = QStringLiteral("%1 tiny kernels take %2 of the latency")
                     .arg(count)
                     .arg(percentText(lead.percent));
    lead.evidence =
        QStringLiteral("%1 of the %2 layers average under %3 us each (%4), %5 together. A kernel "
                       "launch costs a few microseconds whatever its work, so these layers are "
                       "bound by launches, not by the GPU's math or memory.")
            .arg(count)
            .arg(plan.layers.size())
            .arg(kTinyKernelMs * 1000)
            .arg(typeCounts(plan, lead.layers), stakeText(lead.ms, lead.percent));
    if (zero > 0)
        lead.evidence += QStringLiteral(" Left out: %1 averaging 0 ms (no kernel time to save).")
                             .arg(countText(zero, QStringLiteral("layer")));
    lead.nextStep = QStringLiteral(
        "Run the engine as a CUDA graph (trtexec --useCudaGraph; in an application, capture "
        "enqueueV3 once with cudaStreamBeginCapture and replay it), and give TensorRT larger "
        "fusions: a larger batch, fewer plugins and shape operations between layers, "
        "normalizations and activations as single ONNX ops (a recent opset).");
    lead.facts = {{"threshold_ms", kTinyKernelMs}, {"count", count}, {"zero_ms_left_out", zero}};
    leads.push_back(std::move(lead));
}

} // namespace planscope
