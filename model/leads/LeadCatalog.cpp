#include "leads/LeadCatalog.h"

#include "lint/LintCatalog.h"

namespace planscope {
namespace {

QString number(double value) {
    return QString::number(value);
}

} // namespace

QString leadNeedsText(LeadNeeds needs) {
    switch (needs) {
    case LeadNeeds::Timings:
        return QStringLiteral("per-layer timings");
    case LeadNeeds::BuildLog:
        return QStringLiteral("a verbose build log");
    case LeadNeeds::RunSummary:
        return QStringLiteral("the run's performance summary");
    case LeadNeeds::Device:
        return QStringLiteral("the GPU's description");
    case LeadNeeds::Nothing:
        break;
    }
    return QStringLiteral("the layer list");
}

const std::vector<LeadKind>& leadCatalog() {
    static const std::vector<LeadKind> catalog = {
        {QStringLiteral("hot-layer"),
         QStringLiteral("the slowest layer takes at least %1 % of the latency")
             .arg(number(kHotLayerPercent)),
         LeadNeeds::Timings, findHotLayer},
        {QStringLiteral("far-from-roof"),
         QStringLiteral("layers run under %1 % of their speed of light (the lead's time: theirs "
                        "above %2 % of it)")
             .arg(number(kFarFromRoofPercent), number(kPracticalCeilingPercent)),
         LeadNeeds::Device, findFarFromRoof},
        {QStringLiteral("reformats"), QStringLiteral("any Reformat layer"), LeadNeeds::Nothing,
         findReformats},
        {QStringLiteral("precision-fallback"),
         QStringLiteral("an FP16/INT8 build with FP32 layers (Reformats aside), or unfused "
                        "Quantize/Dequantize layers"),
         LeadNeeds::Nothing, findPrecisionFallback},
        {QStringLiteral("tiny-kernels"),
         QStringLiteral(
             "at least %1 layers under %2 us each, together at least %3 % of the latency")
             .arg(kTinyKernelCount)
             .arg(number(kTinyKernelMs * 1000), number(kTinyKernelPercent)),
         LeadNeeds::Timings, findTinyKernels},
        {QStringLiteral("non-tensor-core-gemm"),
         QStringLiteral(
             "GEMM layers whose kernels run on CUDA cores, together at least %1 % of the "
             "latency (any without timings)")
             .arg(number(kCudaCoreGemmPercent)),
         LeadNeeds::Nothing, findCudaCoreGemms},
        {QStringLiteral("generated-kernels"),
         QStringLiteral("Myelin-generated kernels take at least %1 % of the latency")
             .arg(number(kGeneratedPercent)),
         LeadNeeds::Timings, findGeneratedKernels},
        {QStringLiteral("shape-overhead"),
         QStringLiteral("shape computations and casts take at least %1 % of the latency")
             .arg(number(kShapeOverheadPercent)),
         LeadNeeds::Timings, findShapeOverhead},
        {QStringLiteral("several-streams"),
         QStringLiteral("layers on more than one stream or sub-engine"), LeadNeeds::Nothing,
         findSeveralStreams},
        {QStringLiteral("slower-tactic"),
         QStringLiteral("a layer's chosen tactic is more than %1 % slower than the fastest timed")
             .arg(number((kSlowerTacticRatio - 1) * 100)),
         LeadNeeds::BuildLog, findSlowerTactics},
        {QStringLiteral("latency-gap"),
         QStringLiteral("trtexec's GPU Compute Time mean and the sum of the per-layer averages are "
                        "more than %1 % apart, either way")
             .arg(number(kLatencyGapPercent)),
         LeadNeeds::RunSummary, findLatencyGap},
        {lintrules::kConvChannelAlignment, QStringLiteral("any finding of the lint rule"),
         LeadNeeds::Nothing, findUnalignedConvolutions},
        {lintrules::kConvNonstandardPadding, QStringLiteral("any finding of the lint rule"),
         LeadNeeds::Nothing, findUnusualPadding},
    };
    return catalog;
}

} // namespace planscope
