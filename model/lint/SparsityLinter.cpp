#include "lint/EngineLinters.h"
#include "lint/LintCatalog.h"
#include "plan/EnginePlan.h"
#include "plan/LayerAttributes.h"

#include <array>
#include <optional>
#include <string_view>

namespace planscope {

QStringList SparsityLinter::rules() const {
    return {lintrules::kWeightsSparsity};
}

namespace {

// An attribute written as 1 or "1", as Layer::attribute() reads both.
bool isOne(const std::optional<std::string_view>& json) {
    return json && (*json == "1" || *json == "\"1\"");
}

} // namespace

void SparsityLinter::lint(const EnginePlan& plan, const LintSettings& settings,
                          std::vector<LintFinding>& findings) const {
    static constexpr std::array<std::string_view, 2> kKeys = {"HasSparseWeights", "AllowSparse"};
    for (const Layer& layer : plan.layers) {
        if (!settings.covers(layer.index))
            continue;
        std::array<std::optional<std::string_view>, kKeys.size()> json;
        attributesJson(layer, kKeys, json); // both in one walk
        const bool sparse = isOne(json[0]);
        const bool allowed = isOne(json[1]);
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
