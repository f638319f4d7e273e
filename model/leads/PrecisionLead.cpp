#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "leads/PrecisionAdvice.h"
#include "lint/EngineLinters.h"
#include "lint/QdqLinter.h"
#include "plan/FigureText.h"

namespace planscope {
namespace {

std::vector<int> layersOf(const std::vector<LintFinding>& findings) {
    std::vector<int> layers;
    layers.reserve(findings.size());
    for (const LintFinding& f : findings)
        layers.push_back(f.layerIndex);
    return layers;
}

QString detail(const LintFinding& finding, const QString& key) {
    for (const auto& [name, value] : finding.details)
        if (name == key)
            return value;
    return {};
}

// The reduced precisions of a build ("FP32+FP16+INT8" -> "FP16+INT8"): what a title contrasts
// FP32 with.
QString narrowerThanFp32(const QString& built) {
    QStringList precisions = built.split(QLatin1Char('+'));
    precisions.removeAll(QStringLiteral("FP32"));
    return precisions.isEmpty() ? built : precisions.join(QLatin1Char('+'));
}

// The precision trtexec's --layerPrecisions should ask of an FP32 layer in an engine built for
// `built` ("FP32+FP16+INT8"): the widest reduced one the build allows, as trtexec spells it.
QString askedPrecision(const QString& built) {
    for (const char* precision : {"FP16", "BF16", "FP8", "INT8"})
        if (built.contains(QLatin1String(precision)))
            return QString::fromLatin1(precision).toLower();
    return QStringLiteral("fp16");
}

} // namespace

// The layers the precision-fallback and unfused-qdq lint rules find: FP32 layers in an engine
// built for FP16/INT8 (the builder's Precision, else the layers' own), and Quantize/Dequantize
// layers left on their own.
void findPrecisionFallback(const LeadScale& scale, std::vector<Lead>& leads) {
    const EnginePlan& plan = scale.plan();
    const LintSettings settings; // every fallback, however small
    std::vector<LintFinding> fallbacks;
    PrecisionFallbackLinter().lint(plan, settings, fallbacks);
    std::vector<LintFinding> qdq;
    QdqLinter().lint(plan, settings, qdq);
    if (fallbacks.empty() && qdq.empty())
        return;

    Lead wide;
    wide.layers = layersOf(fallbacks);
    scale.weigh(wide);
    Lead unfused;
    unfused.layers = layersOf(qdq);
    scale.weigh(unfused);
    const QString target = fallbacks.empty() ? QString() : detail(fallbacks.front(), "built for");

    Lead lead;
    lead.layers = wide.layers;
    lead.layers.insert(lead.layers.end(), unfused.layers.begin(), unfused.layers.end());
    QStringList evidence;
    QStringList steps;
    if (!fallbacks.empty()) {
        lead.title = QStringLiteral("%1 in FP32 though the engine may use %2")
                         .arg(titleSubject(plan, wide.layers, "%1 runs", "%1 layers run"),
                              narrowerThanFp32(target));
        evidence << QStringLiteral("The engine is built for %1; %2 in FP32 (%3)%4.")
                        .arg(target,
                             countText(qint64(wide.layers.size()), "layer runs", "layers run"),
                             typeCounts(plan, wide.layers), stakeClause(wide.ms, wide.percent));
        const Layer& slowest = plan.layers[std::size_t(fallbacks.front().layerIndex)];
        steps << QStringLiteral(
                     "Find out why each stays in FP32: the verbose build log names the "
                     "reduced-precision implementations it rejected and why (missing scales, no "
                     "kernel). Give its inputs quantization scales (Q/DQ in the model, or "
                     "calibration), or ask for the precision, for the slowest: %1 (TensorRT "
                     "issues #3197, #4341).")
                     .arg(layerPrecisionsCommand(slowest, askedPrecision(target),
                                                 QStringLiteral("prefer")));
    }
    if (!qdq.empty()) {
        if (lead.title.isEmpty())
            lead.title = QStringLiteral("%1 not fused")
                             .arg(titleSubject(plan, unfused.layers, "Quantize/Dequantize layer %1",
                                               "%1 Quantize/Dequantize layers"));
        evidence << QStringLiteral("%1 not fused into a neighbour%2.")
                        .arg(countText(qint64(unfused.layers.size()),
                                       "Quantize/Dequantize layer is",
                                       "Quantize/Dequantize layers are"),
                             stakeClause(unfused.ms, unfused.percent));
        steps << QStringLiteral(
            "Place Q/DQ pairs where TensorRT fuses them (a convolution's or GEMM's input and "
            "weights, an element-wise add's inputs), and drop those around operations that need "
            "no quantization.");
    }
    lead.evidence = evidence.join(' ');
    lead.nextStep = steps.join(' ');
    lead.facts = {
        {"built_for", fallbacks.empty() ? OrderedJson() : OrderedJson(target.toStdString())},
        {"fp32_layers", wide.layers},
        {"unfused_qdq_layers", unfused.layers}};
    leads.push_back(std::move(lead));
}

} // namespace planscope
