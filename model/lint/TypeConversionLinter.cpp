#include "lint/TypeConversionLinter.h"

#include "plan/EnginePlan.h"

namespace planscope {
namespace {

// The data-type word of a short format: "Int8" of "Int8 NC/32HW32", "Half" of "Half".
QString typeWord(const Tensor& tensor) {
    return tensor.format().section(' ', 0, 0);
}

} // namespace

TypeConversionLinter::TypeConversionLinter(QString layerType, QString rule)
    : m_layerType(std::move(layerType)), m_rule(std::move(rule)) {}

void TypeConversionLinter::lint(const EnginePlan& plan, const LintSettings& settings,
                                std::vector<LintFinding>& findings) const {
    for (const Layer& layer : plan.layers) {
        if (layer.type != m_layerType || layer.inputs.empty() || layer.outputs.empty() ||
            !settings.covers(layer.index))
            continue;
        const Tensor& in = layer.inputs[0];
        const Tensor& out = layer.outputs[0];
        if (in.precision() == out.precision())
            continue;
        LintFinding f = findingOn(layer, m_rule);
        f.hazard = QStringLiteral("%1 layer is converting operand data type.").arg(m_layerType);
        const bool quantized =
            in.precision() == QLatin1String("INT8") || out.precision() == QLatin1String("INT8");
        f.mitigation = quantized
                           ? QStringLiteral("Consider adding quantization around float operations.")
                           : QStringLiteral("Check why the neighbouring layers run in different "
                                            "precisions; one precision on both sides removes the "
                                            "conversion.");
        f.help = QStringLiteral("Conversions between float32 and float16 are a red flag, as are "
                                "conversions between float32/16 and INT8.");
        f.details = {
            {QStringLiteral("type conversion"), typeWord(in) + " -> " + typeWord(out)},
            {QStringLiteral("shape conversion"), in.shapeText() + " -> " + out.shapeText()}};
        if (const QString origin = layer.attribute(QStringLiteral("Origin")); !origin.isEmpty())
            f.details.emplace_back(QStringLiteral("origin"), origin);
        findings.push_back(std::move(f));
    }
}

} // namespace planscope
