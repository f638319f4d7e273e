#include "lint/FusionLinter.h"

#include "lint/LayerKinds.h"
#include "lint/LintCatalog.h"
#include "plan/EnginePlan.h"
#include "plan/LayerKind.h"

namespace planscope {
namespace {

// The layer that writes the tensor a layer reads first, through Reformats (which only change its
// format); none where no layer writes it.
const Layer* producerOf(const EnginePlan& plan, const Layer& layer) {
    const Layer* at = &layer;
    for (std::size_t steps = 0; steps < plan.layers.size() && !at->inputs.empty(); ++steps) {
        const int writer = plan.tensorIndex().lastWriter(at->inputs[0].name);
        if (writer < 0 || writer == at->index)
            return nullptr;
        at = &plan.layers[std::size_t(writer)];
        if (!isReformatLayer(*at))
            return at;
    }
    return nullptr;
}

// The layers whose weights could take a scale that follows them.
bool canTakeScale(const Layer& layer) {
    return isGemmKind(layerKind(layer));
}

// A Scale a convolution or fully connected layer before it could have taken (an unfused batch
// normalization); not one after a normalization or plugin (a GroupNorm's affine part), which no
// layer's weights can take. Scales between INT8 and float are Q/DQ layers, reported by
// unfused-qdq.
void lintScale(const EnginePlan& plan, const Layer& layer, std::vector<LintFinding>& findings) {
    if (layer.type != QLatin1String("Scale") || layer.inputs.empty() || layer.outputs.empty() ||
        layer.inputs[0].precision() == QLatin1String("INT8") ||
        layer.outputs[0].precision() == QLatin1String("INT8"))
        return;
    const Layer* producer = producerOf(plan, layer);
    if (!producer || !canTakeScale(*producer))
        return;
    LintFinding f = findingOn(layer, lintrules::kUnfusedScale);
    f.hazard = QStringLiteral("Scale layer runs on its own after a %1 layer whose weights could "
                              "take it (an unfused batch normalization?).")
                   .arg(producer->type);
    f.mitigation = QStringLiteral("Fold the scale into the %1's weights and bias before export, "
                                  "or keep the normalization right after it, so TensorRT fuses "
                                  "it.")
                       .arg(producer->type);
    f.help = QStringLiteral("A standalone Scale reads and writes the whole tensor for a few "
                            "multiply-adds; fused into a convolution it is nearly free.");
    f.details = {{QStringLiteral("precision"), layer.precision},
                 {QStringLiteral("after"), producer->name},
                 {QStringLiteral("latency"), latencyText(layer)}};
    findings.push_back(std::move(f));
}

void lintShuffle(const Layer& layer, double percentLimit, std::vector<LintFinding>& findings) {
    if (layer.type != QLatin1String("Shuffle") || layer.inputs.empty() || layer.outputs.empty())
        return;
    const bool converts = layer.inputs[0].precision() != layer.outputs[0].precision();
    const bool costly = layer.timing.percent >= percentLimit;
    if (!converts && !costly)
        return;
    LintFinding f = findingOn(layer, lintrules::kShuffleCostly);
    f.hazard = converts ? QStringLiteral("Shuffle converts %1 to %2 while moving data.")
                              .arg(layer.inputs[0].precision(), layer.outputs[0].precision())
                        : QStringLiteral("Shuffle takes %1 % of the engine's latency.")
                              .arg(layer.timing.percent, 0, 'f', 1);
    f.mitigation = QStringLiteral("Remove transposes/reshapes that cancel out, keep tensors in one "
                                  "layout and type, or move the reshape next to a layer it can "
                                  "fuse with.");
    f.help = QStringLiteral("Shuffle layers only move data: their time is memory traffic that a "
                            "different layout or export would avoid.");
    f.details = {
        {QStringLiteral("latency"), latencyText(layer)},
        {QStringLiteral("formats"),
         QStringLiteral("%1 -> %2").arg(layer.inputs[0].format(), layer.outputs[0].format())}};
    findings.push_back(std::move(f));
}

} // namespace

QStringList FusionLinter::rules() const {
    return {lintrules::kUnfusedScale, lintrules::kShuffleCostly};
}

void FusionLinter::lint(const EnginePlan& plan, const LintSettings& settings,
                        std::vector<LintFinding>& findings) const {
    for (const Layer& layer : plan.layers)
        lintScale(plan, layer, findings);
    for (const Layer& layer : plan.layers)
        lintShuffle(layer, settings.shufflePercent, findings);
}

} // namespace planscope
