#include "lint/ConvolutionLinter.h"

#include "kernels/KernelName.h"
#include "kernels/KernelText.h"
#include "lint/KernelNames.h"
#include "lint/LintCatalog.h"
#include "plan/EnginePlan.h"

#include <functional>
#include <utility>
#include <vector>

namespace planscope {
namespace {

LintFinding findingFor(const Layer& conv, const QString& rule) {
    LintFinding f = findingOn(conv, rule);
    f.details = {{QStringLiteral("tactic"), conv.tactic},
                 {QStringLiteral("subtype"), conv.subtype}};
    return f;
}

bool isFourDimensional(const std::vector<Tensor>& tensors) {
    return !tensors.empty() && tensors[0].shape.size() == 4;
}

// What the kernel's name says puts the convolution on CUDA cores.
QString cudaCoreReason(const KernelName& kernel) {
    if (kernel.mathEvidence == kernel.architecture)
        return QStringLiteral("its kernel is built for %1, which has no Tensor Cores")
            .arg(kernel.architecture);
    if (kernel.mathEvidence == QLatin1String("gemv"))
        return QStringLiteral("its kernel is a matrix-vector kernel, which runs on CUDA cores");
    if (kernel.math.isEmpty())
        return QStringLiteral("its kernel runs on CUDA cores (\"%1\" in its name), not on "
                              "Tensor Cores")
            .arg(kernel.mathEvidence);
    return QStringLiteral("its kernel runs %1 math on CUDA cores (\"%2\" in its name), not on "
                          "Tensor Cores")
        .arg(kernel.math, kernel.mathEvidence);
}

// Unlike trex, which looks for "imma|hmma|xmma|i88|884" in the tactic, the kernel's name is
// decoded: h16816 is HMMA, an xmma kernel may run SIMT. A kernel whose name does not say where
// its math runs is not flagged.
void lintTensorCores(const Layer& conv, KernelNames& kernels, std::vector<LintFinding>& findings) {
    if (conv.precision == QLatin1String("FP32"))
        return;
    const KernelName& kernel = kernels.of(conv.tactic);
    if (kernel.unit != MathUnit::CudaCores)
        return;
    LintFinding f = findingFor(conv, lintrules::kConvNotAccelerated);
    f.hazard = QStringLiteral("Convolution is not accelerated: %1.").arg(cudaCoreReason(kernel));
    const bool smallInput = isFourDimensional(conv.inputs) && conv.inputs[0].shape[1] < 32;
    if (smallInput)
        f.mitigation = QStringLiteral("This Convolution has a small number of input channels "
                                      "(%1) so acceleration may not be possible.")
                           .arg(conv.inputs[0].shape[1]);
    else if (kernel.operation == QLatin1String("GEMV"))
        f.mitigation = QStringLiteral("Matrix-vector kernels serve a batch of one; with a larger "
                                      "batch TensorRT can choose a Tensor Core GEMM.");
    else
        f.mitigation = QStringLiteral("Check that its precision, channel counts and alignment "
                                      "allow a Tensor Core kernel.");
    f.help = QStringLiteral("TensorCores accelerate large Convolution and GEMM operations.");
    f.details.emplace_back(QStringLiteral("kernel"), kernelMathText(kernel));
    findings.push_back(std::move(f));
}

void lintFloatOutput(const Layer& conv, std::vector<LintFinding>& findings) {
    if (conv.precision != QLatin1String("INT8") || conv.outputs.empty() ||
        conv.outputs[0].precision() == QLatin1String("INT8"))
        return;
    LintFinding f = findingFor(conv, lintrules::kConvInt8FloatOutput);
    f.hazard = QStringLiteral("Quantized Convolution has float outputs.");
    f.mitigation = QStringLiteral("Consider adding quantization after the convolution.");
    f.help = QStringLiteral("Quantized Convolution with float outputs is ill advised for "
                            "memory-limited convolutions.");
    f.details.emplace_back(QStringLiteral("output format"), conv.outputs[0].format());
    findings.push_back(std::move(f));
}

int channelAlignment(const Layer& conv) {
    return conv.precision == QLatin1String("INT8") ? 16 : 8;
}

void lintAlignment(const Layer& conv, std::vector<LintFinding>& findings) {
    if (!isFourDimensional(conv.inputs) || !isFourDimensional(conv.outputs))
        return;
    const qint64 c = conv.inputs[0].shape[1];
    const qint64 k = conv.outputs[0].shape[1];
    const int alignment = channelAlignment(conv);
    if (c % alignment == 0 && k % alignment == 0)
        return;
    LintFinding f = findingFor(conv, lintrules::kConvChannelAlignment);
    f.hazard = QStringLiteral("Convolution channels are not optimally aligned.");
    f.mitigation = QStringLiteral("Consider changing the alignment of the convolution's channels "
                                  "(C=%1, K=%2) to multiples of %3.")
                       .arg(c)
                       .arg(k)
                       .arg(alignment);
    f.help = QStringLiteral("For best performance, the input and outputs channels of a Tensor Core "
                            "accelerated convolution should be aligned to 8 (FP32/FP16) or 16 "
                            "(INT8).");
    f.details.emplace_back(QStringLiteral("channels"), QStringLiteral("C=%1, K=%2").arg(c).arg(k));
    findings.push_back(std::move(f));
}

} // namespace

bool readsImageChannels(const Layer& conv) {
    if (!isFourDimensional(conv.inputs) || !isFourDimensional(conv.outputs))
        return false;
    const qint64 c = conv.inputs[0].shape[1];
    return c > 0 && c <= 4 && conv.outputs[0].shape[1] % channelAlignment(conv) == 0;
}

QStringList ConvolutionLinter::rules() const {
    return {lintrules::kConvNotAccelerated, lintrules::kConvInt8FloatOutput,
            lintrules::kConvChannelAlignment};
}

void ConvolutionLinter::lint(const EnginePlan& plan, const LintSettings& settings,
                             std::vector<LintFinding>& findings) const {
    KernelNames kernels;
    using Check = std::function<void(const Layer&, std::vector<LintFinding>&)>;
    const std::pair<Check, QString> checks[] = {
        {[&](const Layer& l, auto& out) { lintTensorCores(l, kernels, out); }, rules()[0]},
        {lintFloatOutput, rules()[1]},
        {lintAlignment, rules()[2]}};
    // One walk over the layers; each rule's findings stay together, in the rules' order.
    std::vector<Check> running;
    for (const auto& [check, rule] : checks)
        if (settings.runs(rule))
            running.push_back(check);
    std::vector<std::vector<LintFinding>> found(running.size());
    forEachCoveredLayer(plan, settings, [&](const Layer& layer) {
        if (!layer.isConvolution())
            return;
        for (std::size_t c = 0; c < running.size(); ++c)
            running[c](layer, found[c]);
    });
    for (std::vector<LintFinding>& rule : found)
        findings.insert(findings.end(), std::make_move_iterator(rule.begin()),
                        std::make_move_iterator(rule.end()));
}

} // namespace planscope
