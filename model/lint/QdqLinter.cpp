#include "lint/QdqLinter.h"

#include "lint/LintCatalog.h"
#include "plan/EnginePlan.h"

namespace planscope {

QStringList QdqLinter::rules() const {
    return {lintrules::kUnfusedQdq};
}

void QdqLinter::lint(const EnginePlan& plan, const LintSettings& settings,
                     std::vector<LintFinding>& findings) const {
    for (const Layer& layer : plan.layers) {
        if (layer.type != QLatin1String("Scale") || layer.inputs.empty() || layer.outputs.empty() ||
            !settings.covers(layer.index))
            continue;
        const bool intIn = layer.inputs[0].precision() == QLatin1String("INT8");
        const bool intOut = layer.outputs[0].precision() == QLatin1String("INT8");
        if (intIn == intOut)
            continue;
        const QString role = intIn ? QStringLiteral("Dequantize") : QStringLiteral("Quantize");
        LintFinding f = findingOn(layer, lintrules::kUnfusedQdq);
        f.hazard = QStringLiteral("Unfused %1 layer").arg(role);
        f.mitigation = QStringLiteral("Check why the %1 layer is not fused").arg(role);
        f.help = QStringLiteral("Unfused Quantize/Dequantize nodes are wasteful and should be "
                                "avoided. Quantize nodes may be necessary for quantizing inputs.");
        f.details = {{QStringLiteral("type conversion"),
                      layer.inputs[0].format().section(' ', 0, 0) + " -> " +
                          layer.outputs[0].format().section(' ', 0, 0)}};
        findings.push_back(std::move(f));
    }
}

} // namespace planscope
