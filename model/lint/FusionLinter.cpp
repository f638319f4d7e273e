#include "lint/FusionLinter.h"

#include "lint/LintCatalog.h"
#include "plan/EnginePlan.h"

namespace planscope {
namespace {

// Scales between INT8 and float are Q/DQ layers, reported by unfused-qdq.
void lintScale(const Layer& layer, std::vector<LintFinding>& findings) {
    if (layer.type != QLatin1String("Scale") || layer.inputs.empty() || layer.outputs.empty() ||
        layer.inputs[0].precision == QLatin1String("INT8") ||
        layer.outputs[0].precision == QLatin1String("INT8"))
        return;
    LintFinding f = findingOn(layer, lintrules::kUnfusedScale);
    f.hazard = QStringLiteral("Scale layer runs on its own (an unfused batch normalization?).");
    f.mitigation = QStringLiteral("Put the normalization right after a Convolution or fold it "
                                  "into the preceding layer's weights before export, so TensorRT "
                                  "fuses it.");
    f.help = QStringLiteral("A standalone Scale reads and writes the whole tensor for a few "
                            "multiply-adds; fused into a convolution it is nearly free.");
    f.details = {{QStringLiteral("precision"), layer.precision},
                 {QStringLiteral("latency"), latencyText(layer)}};
    findings.push_back(std::move(f));
}

void lintShuffle(const Layer& layer, double percentLimit, std::vector<LintFinding>& findings) {
    if (layer.type != QLatin1String("Shuffle") || layer.inputs.empty() || layer.outputs.empty())
        return;
    const bool converts = layer.inputs[0].precision != layer.outputs[0].precision;
    const bool costly = layer.timing.percent >= percentLimit;
    if (!converts && !costly)
        return;
    LintFinding f = findingOn(layer, lintrules::kShuffleCostly);
    f.hazard = converts ? QStringLiteral("Shuffle converts %1 to %2 while moving data.")
                              .arg(layer.inputs[0].precision, layer.outputs[0].precision)
                        : QStringLiteral("Shuffle takes %1 % of the engine's latency.")
                              .arg(layer.timing.percent, 0, 'f', 1);
    f.mitigation = QStringLiteral("Remove transposes/reshapes that cancel out, keep tensors in one "
                                  "layout and type, or move the reshape next to a layer it can "
                                  "fuse with.");
    f.help = QStringLiteral("Shuffle layers only move data: their time is memory traffic that a "
                            "different layout or export would avoid.");
    f.details = {{QStringLiteral("latency"), latencyText(layer)},
                 {QStringLiteral("formats"),
                  QStringLiteral("%1 -> %2").arg(layer.inputs[0].format, layer.outputs[0].format)}};
    findings.push_back(std::move(f));
}

} // namespace

QStringList FusionLinter::rules() const {
    return {lintrules::kUnfusedScale, lintrules::kShuffleCostly};
}

void FusionLinter::lint(const EnginePlan& plan, const LintSettings& settings,
                        std::vector<LintFinding>& findings) const {
    for (const Layer& layer : plan.layers)
        lintScale(layer, findings);
    for (const Layer& layer : plan.layers)
        lintShuffle(layer, settings.shufflePercent, findings);
}

} // namespace planscope
