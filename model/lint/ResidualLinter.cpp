#include "lint/ResidualLinter.h"

#include "lint/LintCatalog.h"
#include "plan/EnginePlan.h"

#include <set>

namespace planscope {
namespace {

const QString kInt8 = QStringLiteral("INT8");

bool isFloat(const QString& precision) {
    return precision == QLatin1String("FP32") || precision == QLatin1String("FP16") ||
           precision == QLatin1String("BF16");
}

// The tensors a layer adds as a skip connection: a convolution's fused residual (its inputs
// after the first) or every input of an element-wise sum.
std::vector<const Tensor*> residualInputs(const Layer& layer) {
    std::vector<const Tensor*> inputs;
    const bool sum = layer.type == QLatin1String("ElementWise") &&
                     (layer.attribute(QStringLiteral("Operation")).contains(QLatin1String("SUM")) ||
                      layer.name.contains(QLatin1String("Add")));
    const std::size_t first = layer.isConvolution() ? 1 : 0;
    if (!layer.isConvolution() && !sum)
        return inputs;
    for (std::size_t i = first; i < layer.inputs.size(); ++i)
        inputs.push_back(&layer.inputs[i]);
    return inputs;
}

bool isInt8Convolution(const Layer& layer) {
    return layer.isConvolution() && layer.precision == kInt8;
}

// An element-wise sum belongs to the INT8 network when an INT8 convolution writes one of its
// inputs or reads its output, directly or through one Reformat.
bool besideInt8Convolution(const EnginePlan& plan, const TensorIndex& users, const Layer& layer,
                           int depth = 1) {
    std::vector<int> neighbours;
    for (const Tensor& t : layer.inputs)
        if (const int w = users.lastWriter(t.name); w >= 0)
            neighbours.push_back(w);
    for (const Tensor& t : layer.outputs)
        users.forEachReader(t.name, [&](int r) { neighbours.push_back(r); });
    return std::any_of(neighbours.begin(), neighbours.end(), [&](int n) {
        const Layer& other = plan.layers[n];
        return isInt8Convolution(other) || (depth > 0 && other.type == QLatin1String("Reformat") &&
                                            besideInt8Convolution(plan, users, other, depth - 1));
    });
}

bool isConversion(const Layer& layer, bool toInt8) {
    if (layer.type != QLatin1String("Reformat") || layer.inputs.empty() || layer.outputs.empty())
        return false;
    const QString& from = layer.inputs[0].precision();
    const QString& to = layer.outputs[0].precision();
    return toInt8 ? isFloat(from) && to == kInt8 : from == kInt8 && isFloat(to);
}

LintFinding residualFinding(const Layer& layer, const std::vector<const Tensor*>& floats) {
    LintFinding f = findingOn(layer, lintrules::kUnquantizedResidual);
    QStringList tensors;
    for (const Tensor* t : floats)
        tensors << QStringLiteral("%1 (%2)").arg(t->name, t->precision());
    f.hazard = QStringLiteral("Residual add runs on a %1 skip connection inside an INT8 network.")
                   .arg(floats.front()->precision());
    f.mitigation = QStringLiteral("Quantize the skip connection (Q/DQ on the residual input) so "
                                  "TensorRT fuses the add into the INT8 convolution.");
    f.help = QStringLiteral("A float residual keeps the add out of INT8 and needs Reformats to "
                            "convert the tensor to and from INT8 around it; quantizing the "
                            "residual removes both (compare ResNet 'qat' with 'qat-residual').");
    f.details = {
        {QStringLiteral("float residual"), tensors.join(QStringLiteral(", "))},
        {QStringLiteral("output"), layer.outputs.empty() ? QString() : layer.outputs[0].format()}};
    return f;
}

LintFinding reformatFinding(const Layer& reformat, const Layer& residual) {
    LintFinding f = findingOn(reformat, lintrules::kUnquantizedResidual);
    f.hazard =
        QStringLiteral("Reformat converts %1 to %2 only because the residual of \"%3\" "
                       "is not quantized.")
            .arg(reformat.inputs[0].precision(), reformat.outputs[0].precision(), residual.name);
    f.mitigation = QStringLiteral("Quantize the residual input of \"%1\"; this conversion then "
                                  "disappears.")
                       .arg(residual.name);
    f.help = QStringLiteral("Reformats only move and convert data: they add memory traffic and "
                            "latency without doing work of the network.");
    f.details = {{QStringLiteral("latency"), latencyText(reformat)}};
    return f;
}

} // namespace

QStringList ResidualLinter::rules() const {
    return {lintrules::kUnquantizedResidual};
}

void ResidualLinter::lint(const EnginePlan& plan, const LintSettings& /*settings*/,
                          std::vector<LintFinding>& findings) const {
    const bool quantized = std::any_of(plan.layers.begin(), plan.layers.end(),
                                       [](const Layer& l) { return l.precision == kInt8; });
    if (!quantized)
        return;
    const TensorIndex& users = plan.tensorIndex();
    std::set<int> reported;
    for (const Layer& layer : plan.layers) {
        std::vector<const Tensor*> floats;
        for (const Tensor* t : residualInputs(layer))
            if (isFloat(t->precision()))
                floats.push_back(t);
        if (floats.empty() ||
            !(isInt8Convolution(layer) || besideInt8Convolution(plan, users, layer)))
            continue;
        findings.push_back(residualFinding(layer, floats));
        // The conversions feeding the float skip path and quantizing the float result.
        std::vector<int> around;
        for (const Tensor* t : floats) {
            if (const int w = users.lastWriter(t->name);
                w >= 0 && isConversion(plan.layers[w], false))
                around.push_back(w);
            users.forEachReader(t->name, [&](int r) {
                if (isConversion(plan.layers[r], true))
                    around.push_back(r);
            });
        }
        for (const Tensor& out : layer.outputs)
            users.forEachReader(out.name, [&](int r) {
                if (isConversion(plan.layers[r], true))
                    around.push_back(r);
            });
        for (int r : around)
            if (reported.insert(r).second)
                findings.push_back(reformatFinding(plan.layers[r], layer));
    }
}

} // namespace planscope
