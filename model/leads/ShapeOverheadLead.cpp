#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "plan/FigureText.h"
#include "plan/OnnxOrigin.h"

namespace planscope {
namespace {

// Layer types that compute shapes or convert data types, and the ONNX operators that do.
const QStringList kShapeTypes = {QStringLiteral("Shape"), QStringLiteral("Cast"),
                                 QStringLiteral("Assertion"), QStringLiteral("shape_call")};
const QStringList kShapeOps = {QStringLiteral("Shape"),
                               QStringLiteral("Size"),
                               QStringLiteral("Cast"),
                               QStringLiteral("CastLike"),
                               QStringLiteral("ConstantOfShape"),
                               QStringLiteral("Range"),
                               QStringLiteral("NonZero")};

// Whether every node a layer's Metadata names ("[ONNX Layer: /blocks.0/Cast_1]") is one of those
// operators. Names that do not hold the operator (node_linear) are none of them.
bool onlyShapeOperators(QStringView metadata) {
    bool any = false;
    bool all = true;
    forEachOnnxNode(metadata, [&](QStringView node) {
        any = true;
        all = all && kShapeOps.contains(onnxOperatorOf(node));
    });
    return any && all;
}

// A shape computation or a cast by its type, or a layer whose every ONNX origin is one; never
// by words inside a fused layer's name ("Slice" in a ForeignNode's name is no shape work).
bool isShapeWork(const Layer& layer) {
    if (kShapeTypes.contains(layer.type))
        return true;
    if (layer.type == QLatin1String("Identity") && !layer.inputs.empty() &&
        !layer.outputs.empty() && layer.inputs[0].precision() != layer.outputs[0].precision())
        return true; // TensorRT 8 runs ONNX Casts as Identity layers
    return onlyShapeOperators(layer.metadata);
}

} // namespace

void findShapeOverhead(const LeadScale& scale, std::vector<Lead>& leads) {
    const EnginePlan& plan = scale.plan();
    Lead lead;
    for (const Layer& layer : plan.layers)
        if (isShapeWork(layer))
            lead.layers.push_back(layer.index);
    scale.weigh(lead);
    if (lead.layers.empty() || lead.percent.value_or(0) < kShapeOverheadPercent)
        return;
    lead.title = QStringLiteral("%1 %2 of the latency")
                     .arg(titleSubject(plan, lead.layers, "Shape computation or cast %1 takes",
                                       "Shape computations and casts take"),
                          percentText(lead.percent));
    lead.evidence =
        QStringLiteral("%1 (%2) compute shapes or convert data types, by their type or their "
                       "ONNX origin: %3.")
            .arg(countText(qint64(lead.layers.size()), "layer"), typeCounts(plan, lead.layers),
                 stakeText(lead.ms, lead.percent));
    lead.nextStep = QStringLiteral(
        "Shapes known when building cost nothing at run time: export the model with static "
        "shapes, or build with one shape per optimization profile (--minShapes = --optShapes = "
        "--maxShapes), fold the shape arithmetic before building (polygraphy surgeon sanitize "
        "--fold-constants), and keep one data type through the model so casts disappear.");
    leads.push_back(std::move(lead));
}

} // namespace planscope
