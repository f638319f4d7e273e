#include "kernels/KernelName.h"
#include "kernels/KernelText.h"
#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "plan/FigureText.h"
#include "plan/LayerKind.h"

namespace planscope {
namespace {

constexpr int kKernelsShown = 3;

// GEMM and matrix-multiply layers, Myelin's gemm kernels, and convolutions run as GEMMs
// (CaskGemmConvolution: fully connected layers).
bool isGemm(const Layer& layer) {
    const LayerKind kind = layerKind(layer);
    return kind == LayerKind::MatrixMultiply || kind == LayerKind::FullyConnected ||
           layer.subtype.contains(QLatin1String("Gemm"));
}

// What to try for the kernels found, each advice once.
QString nextStepFor(const std::vector<std::pair<const Layer*, KernelName>>& gemms) {
    bool gemv = false;
    bool fp32 = false;
    bool other = false;
    for (const auto& [layer, kernel] : gemms) {
        if (kernel.operation == QLatin1String("GEMV") || kernel.mathEvidence == "gemv")
            gemv = true;
        else if (layer->precision == QLatin1String("FP32"))
            fp32 = true;
        else
            other = true;
    }
    QStringList steps;
    if (gemv)
        steps << QStringLiteral("Matrix-vector kernels serve a batch of one (M = 1): batch "
                                "requests so that M grows and a Tensor Core GEMM pays.");
    if (fp32)
        steps << QStringLiteral("FP32 GEMMs reach Tensor Cores through TF32 (on by default from "
                                "Ampere on, off with --noTF32) or in FP16 (--fp16).");
    if (other)
        steps << QStringLiteral("Check that K and N are multiples of 8 (16 for INT8) so Tensor "
                                "Core kernels apply, and that the precision is FP16, BF16 or "
                                "INT8.");
    return steps.join(' ');
}

} // namespace

// GEMMs whose kernel names say their math runs on CUDA cores (decoded as the Tensor Core lint
// does, never guessed from a token).
void findCudaCoreGemms(const LeadScale& scale, std::vector<Lead>& leads) {
    const EnginePlan& plan = scale.plan();
    std::vector<std::pair<const Layer*, KernelName>> gemms;
    Lead lead;
    for (const Layer& layer : plan.layers) {
        if (!isGemm(layer))
            continue;
        KernelName kernel = decodeKernelName(layer.tactic);
        if (kernel.unit != MathUnit::CudaCores)
            continue;
        lead.layers.push_back(layer.index);
        gemms.emplace_back(&layer, std::move(kernel));
    }
    scale.weigh(lead);
    // Without a time to judge by (no profile, or none of its layers measured), the finding is
    // shown by count.
    if (lead.layers.empty() || (lead.percent && *lead.percent < kCudaCoreGemmPercent))
        return;
    std::stable_sort(gemms.begin(), gemms.end(), [](const auto& a, const auto& b) {
        return a.first->timing.averageMs > b.first->timing.averageMs;
    });
    QStringList shown;
    OrderedJson kernels = OrderedJson::array();
    for (const auto& [layer, kernel] : gemms) {
        if (shown.size() < kKernelsShown)
            shown << QStringLiteral("%1: %2").arg(quotedLayer(*layer), kernelMathText(kernel));
        kernels.push_back(
            {{"layer", layer->index}, {"math", kernelMathText(kernel).toStdString()}});
    }
    const qint64 count = qint64(lead.layers.size());
    lead.title = QStringLiteral("%1 on CUDA cores, not Tensor Cores")
                     .arg(titleSubject(plan, lead.layers, "GEMM %1 runs", "%1 GEMMs run"));
    lead.evidence = QStringLiteral("%1 with kernels whose names decode to CUDA-core math%2: "
                                   "%3%4.")
                        .arg(countText(count, "GEMM layer", "GEMM layers"),
                             stakeClause(lead.ms, lead.percent, " together"), shown.join("; "),
                             count > shown.size() ? QStringLiteral("; ...") : QString());
    lead.nextStep = nextStepFor(gemms);
    lead.facts = {{"kernels", kernels}};
    leads.push_back(std::move(lead));
}

} // namespace planscope
