#include "lint/EngineLinters.h"
#include "lint/LintCatalog.h"
#include "plan/EnginePlan.h"

namespace planscope {

QStringList SparsityLinter::rules() const {
    return {lintrules::kWeightsSparsity};
}

void SparsityLinter::lint(const EnginePlan& plan, const LintSettings& settings,
                          std::vector<LintFinding>& findings) const {
    for (const Layer& layer : plan.layers) {
        if (!settings.covers(layer.index))
            continue;
        const bool sparse =
            layer.attribute(QStringLiteral("HasSparseWeights")) == QLatin1String("1");
        const bool allowed = layer.attribute(QStringLiteral("AllowSparse")) == QLatin1String("1");
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
