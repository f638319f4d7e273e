#include "lint/EngineLinters.h"
#include "lint/KernelNames.h"
#include "lint/LintCatalog.h"
#include "plan/EnginePlan.h"
#include "plan/LayerAttributes.h"

#include <array>
#include <optional>
#include <string_view>

namespace planscope {

QStringList SparsityLinter::rules() const {
    return {lintrules::kWeightsSparsity, lintrules::kSparseKernelMismatch};
}

namespace {

// An attribute written as 1 or "1", as Layer::attribute() reads both.
bool isOne(const std::optional<std::string_view>& json) {
    return json && (*json == "1" || *json == "\"1\"");
}

// NVIDIA's word on where 2:4 sparse kernels gain (TensorRT #3849): layers of at least this many
// input and output channels.
constexpr qint64 kSparseMinChannels = 256;

qint64 channelsOf(const std::vector<Tensor>& tensors) { // the second dimension; -1 unknown
    return !tensors.empty() && tensors[0].shape.size() >= 2 ? tensors[0].shape[1] : -1;
}

// What the kernel's name says against the weights: sparse weights a dense kernel ignores
// (TensorRT #4694), or a sparse kernel on a convolution too narrow to gain from it.
std::optional<LintFinding> kernelMismatch(const Layer& layer, bool sparseWeights,
                                          KernelNames& kernels) {
    const KernelName& kernel = kernels.of(layer.tactic);
    if (!kernel.decoded)
        return std::nullopt; // a name of no known grammar says nothing of its sparsity
    const bool sparseKernel = kernel.variants.contains(QStringLiteral("sparse"));
    const qint64 c = channelsOf(layer.inputs);
    const qint64 k = channelsOf(layer.outputs);
    LintFinding f = findingOn(layer, lintrules::kSparseKernelMismatch, Severity::Warning);
    if (sparseWeights && !sparseKernel) {
        f.hazard = QStringLiteral("Layer has 2:4-sparse weights but runs a dense kernel: the "
                                  "sparsity brings no speed.");
        f.mitigation = QStringLiteral("Build with --sparsity=enable on a GPU with sparse Tensor "
                                      "Cores (Ampere or later) and check that TensorRT times "
                                      "sparse tactics for it (a verbose build log lists them).");
    } else if (sparseKernel && layer.isConvolution() && c > 0 && k > 0 &&
               (c < kSparseMinChannels || k < kSparseMinChannels)) {
        f.hazard = QStringLiteral("A sparse kernel on a convolution of %1 input and %2 output "
                                  "channels: too narrow for 2:4 sparsity to gain.")
                       .arg(c)
                       .arg(k);
        f.mitigation = QStringLiteral("Compare with a dense build: NVIDIA finds sparse kernels "
                                      "gain on layers of at least %1 channels each way.")
                           .arg(kSparseMinChannels);
        f.details = {{QStringLiteral("input channels"), QString::number(c)},
                     {QStringLiteral("output channels"), QString::number(k)}};
    } else {
        return std::nullopt;
    }
    f.help = QStringLiteral("2:4 sparse Tensor Core kernels skip half the weights' products, "
                            "which pays only where the math dominates (TensorRT #3849, #4694).");
    return f;
}

} // namespace

void SparsityLinter::lint(const EnginePlan& plan, const LintSettings& settings,
                          std::vector<LintFinding>& findings) const {
    static constexpr std::array<std::string_view, 2> kKeys = {"HasSparseWeights", "AllowSparse"};
    KernelNames kernels;
    for (const Layer& layer : plan.layers) {
        if (!settings.covers(layer.index))
            continue;
        std::array<std::optional<std::string_view>, kKeys.size()> json;
        attributesJson(layer, kKeys, json); // both in one walk
        const bool sparse = isOne(json[0]);
        const bool allowed = isOne(json[1]);
        if (std::optional<LintFinding> mismatch = kernelMismatch(layer, sparse, kernels))
            findings.push_back(std::move(*mismatch));
        if (!sparse && !allowed)
            continue;
        LintFinding f = findingOn(layer, lintrules::kWeightsSparsity, Severity::Info);
        f.hazard = sparse ? QStringLiteral("Layer runs with 2:4 structured-sparse weights.")
                          : QStringLiteral("Layer may use sparse weights but runs dense kernels.");
        f.mitigation = sparse ? QStringLiteral("Check the engine's accuracy: the weights must have "
                                               "been pruned to 2:4 sparsity for this to be exact.")
                              : QStringLiteral("Prune the weights to 2:4 sparsity and build with "
                                               "--sparsity=enable to let TensorRT pick sparse "
                                               "kernels, if accuracy allows.");
        f.help = QStringLiteral("Ampere and later GPUs run 2:4 structured-sparse weights up to "
                                "twice as fast in Tensor Core kernels.");
        findings.push_back(std::move(f));
    }
}

} // namespace planscope
