#include "lint/EngineLinters.h"
#include "lint/LayerKinds.h"
#include "lint/LintCatalog.h"
#include "plan/EnginePlan.h"

namespace planscope {
namespace {

const QStringList kReduced = {QStringLiteral("FP16"), QStringLiteral("BF16"),
                              QStringLiteral("INT8"), QStringLiteral("FP8"),
                              QStringLiteral("INT4")};

// "FP32+FP16+INT8" from the builder configuration; without it, what the layers run in. A
// strongly typed network ("Strongly Typed", TensorRT 11's only mode) names no reduced precision:
// its layers run in the types the network gives them, so none falls back.
QString builtFor(const EnginePlan& plan) {
    const auto it = plan.metadata.builder.find("Precision");
    if (it != plan.metadata.builder.end() && it->is_string())
        return QString::fromStdString(it->get<std::string>());
    QStringList seen;
    for (const Layer& layer : plan.layers)
        if (kReduced.contains(layer.precision) && !seen.contains(layer.precision))
            seen << layer.precision;
    return seen.join('+');
}

} // namespace

QStringList PrecisionFallbackLinter::rules() const {
    return {lintrules::kPrecisionFallback};
}

void PrecisionFallbackLinter::lint(const EnginePlan& plan, const LintSettings& settings,
                                   std::vector<LintFinding>& findings) const {
    const QString target = builtFor(plan);
    if (!std::any_of(kReduced.begin(), kReduced.end(),
                     [&](const QString& p) { return target.contains(p); }))
        return;
    // Reformats (Myelin's too) are reported by the type-conversion rules and the reformats lead;
    // normalization statistics run in FP32 by design.
    std::vector<const Layer*> fallbacks;
    for (const Layer& layer : plan.layers)
        if (layer.precision == QLatin1String("FP32") && !isReformatLayer(layer) &&
            !computesNormalizationStatistics(layer) &&
            layer.timing.percent >= settings.fallbackMinPercent)
            fallbacks.push_back(&layer);
    std::stable_sort(fallbacks.begin(), fallbacks.end(), [](const Layer* a, const Layer* b) {
        return a->timing.averageMs > b->timing.averageMs;
    });
    for (const Layer* layer : fallbacks) {
        LintFinding f = findingOn(*layer, lintrules::kPrecisionFallback);
        f.hazard = QStringLiteral("%1 layer runs in FP32 in an engine built for %2.")
                       .arg(layer->type, target);
        f.mitigation = QStringLiteral("Check why TensorRT kept it in FP32: an FP32 input from the "
                                      "previous layer, a missing Q/DQ pair, an unsupported "
                                      "reduced-precision kernel or a layer precision constraint.");
        f.help = QStringLiteral("FP32 layers in a reduced-precision engine run slower and often "
                                "need Reformats on both sides.");
        f.details = {{QStringLiteral("latency"), latencyText(*layer)},
                     {QStringLiteral("built for"), target}};
        findings.push_back(std::move(f));
    }
}

} // namespace planscope
