#include "lint/WeightLinter.h"

#include "lint/KernelNames.h"
#include "lint/LintCatalog.h"
#include "lint/Linter.h"
#include "plan/FigureText.h"
#include "roofline/GpuDevice.h"

#include <optional>

namespace planscope {

QStringList modelWeightRules() {
    return {lintrules::kSparseReadyDenseKernel, lintrules::kQuantizedOutlierChannel};
}

namespace {

constexpr int kSparseTensorCoresSm = 80; // Ampere: the first GPUs with 2:4 sparse Tensor Cores

// 2:4-ready weights on a dense kernel: the compute capability says where the layer runs (the
// files' device, else what its kernel is built for); empty when neither says.
std::optional<LintFinding> sparseReadyDense(const Layer& layer, const LayerWeights& weights,
                                            const std::optional<GpuDevice>& device,
                                            KernelNames& kernels) {
    if (!weights.sparse24Ready() || layer.attribute(QStringLiteral("HasSparseWeights")) == "1")
        return std::nullopt;
    const KernelName& kernel = kernels.of(layer.tactic);
    if (!kernel.decoded || kernel.variants.contains(QStringLiteral("sparse")))
        return std::nullopt;
    const int sm = device ? device->major * 10 + device->minor : kernel.sm;
    if (sm < kSparseTensorCoresSm)
        return std::nullopt;
    LintFinding f = findingOn(layer, lintrules::kSparseReadyDenseKernel, Severity::Warning);
    f.hazard = QStringLiteral("Its weights are 2:4-ready (two zeros in every group of four input "
                              "channels) but it runs a dense kernel on a GPU with sparse Tensor "
                              "Cores: the zeros bring no speed.");
    f.mitigation = QStringLiteral("Build with --sparsity=enable (trtexec; "
                                  "BuilderFlag.SPARSE_WEIGHTS) so that TensorRT times sparse "
                                  "tactics for this layer; a verbose build log shows whether one "
                                  "won.");
    f.help = QStringLiteral("Ampere and later GPUs run 2:4 structured-sparse weights in sparse "
                            "Tensor Core kernels, up to twice as fast where the math dominates "
                            "(TensorRT #3849, #4065).");
    f.details = {{QStringLiteral("2:4 groups"), percentText(weights.figures.sparse24Percent())},
                 {QStringLiteral("compute capability"),
                  device ? device->computeCapability()
                         : QStringLiteral("%1.%2 (its kernel's)").arg(sm / 10).arg(sm % 10)}};
    return f;
}

std::optional<LintFinding> outlierChannel(const Layer& layer, const LayerWeights& weights) {
    const bool quantized =
        layer.precision.compare(QStringLiteral("INT8"), Qt::CaseInsensitive) == 0 ||
        layer.precision.startsWith(QStringLiteral("FP8"), Qt::CaseInsensitive);
    if (!quantized || !weights.hasOutlierChannel())
        return std::nullopt;
    LintFinding f = findingOn(layer, lintrules::kQuantizedOutlierChannel, Severity::Warning);
    f.hazard = QStringLiteral("An output channel's largest weight is %1 times the median "
                              "channel's: a %2 scale shared across channels loses the others' "
                              "resolution to it.")
                   .arg(numberText(weights.figures.channelRangeRatio(), 1), layer.precision);
    f.mitigation = QStringLiteral("Quantize the weights per output channel (a DequantizeLinear "
                                  "with axis 0, as TensorRT's INT8 convolutions expect), or clip "
                                  "or rescale the outlier channel (SmoothQuant-style), or keep "
                                  "the layer in FP16 (trtexec --layerPrecisions).");
    f.help = QStringLiteral("A channel range ratio above %1 marks a quantization outlier "
                            "(planscope weights).")
                 .arg(kOutlierChannelRatio);
    f.details = {
        {QStringLiteral("channel range ratio"), numberText(weights.figures.channelRangeRatio(), 1)},
        {QStringLiteral("scales"), weights.scales.empty()
                                       ? QStringLiteral("none (no Q/DQ on the weights)")
                                       : QString::number(weights.scales.size())}};
    return f;
}

} // namespace

void lintModelWeights(const EnginePlan& plan, const ModelWeights& weights,
                      const LintSettings& settings, std::vector<LintFinding>& findings) {
    const bool sparse = settings.runs(lintrules::kSparseReadyDenseKernel);
    const bool outliers = settings.runs(lintrules::kQuantizedOutlierChannel);
    const std::optional<GpuDevice> device = deviceFromMetadata(plan.metadata);
    KernelNames kernels;
    for (const LayerWeights& w : weights.layers) {
        if (w.layer < 0 || std::size_t(w.layer) >= plan.layers.size() || !settings.covers(w.layer))
            continue;
        const Layer& layer = plan.layers[std::size_t(w.layer)];
        if (sparse)
            if (std::optional<LintFinding> f = sparseReadyDense(layer, w, device, kernels))
                findings.push_back(std::move(*f));
        if (outliers)
            if (std::optional<LintFinding> f = outlierChannel(layer, w))
                findings.push_back(std::move(*f));
    }
}

} // namespace planscope
