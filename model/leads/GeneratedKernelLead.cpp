#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "plan/FigureText.h"
#include "plan/OnnxOrigin.h"

#include <QRegularExpression>
#include <algorithm>

namespace planscope {
namespace {

// TensorRT 10 exports each kernel Myelin generates as a "kgen" layer; TensorRT 8.6 exports a
// subgraph Myelin compiled as one "Myelin" layer ({ForeignNode[...]}).
bool isKgen(const Layer& layer) {
    return layer.type == QLatin1String("kgen");
}
bool isForeignNode(const Layer& layer) {
    return layer.type == QLatin1String("Myelin");
}

// Whether a subgraph shows work Myelin runs with library kernels (GEMMs, attention,
// convolutions) in the nodes its name holds or in the operators its inputs are named for
// ("onnx::MatMul_3" feeds a MatMul inside it; "/x/Conv_output_0" comes from outside): such a
// subgraph (a transformer block) is no chain of generated kernels. Its Metadata is empty in the
// engines that export ForeignNodes.
bool holdsLibraryWork(const Layer& layer) {
    static const QRegularExpression marks(
        QStringLiteral("MatMul|Gemm|Conv|Einsum|Softmax|[Aa]ttn|[Aa]ttention|transformer|qkv"));
    if (layer.name.contains(marks))
        return true;
    return std::any_of(layer.inputs.begin(), layer.inputs.end(), [](const Tensor& t) {
        return t.name.startsWith(QLatin1String("onnx::")) && t.name.contains(marks);
    });
}

// Whether the model has an ONNX LayerNormalization (opset 17) already: a layer that names one.
bool hasLayerNormalization(const EnginePlan& plan) {
    return std::any_of(plan.layers.begin(), plan.layers.end(), [](const Layer& layer) {
        bool found = false;
        forEachOnnxNode(layer.metadata, [&found](QStringView node) {
            found = found || onnxOperatorOf(node) == QLatin1String("LayerNormalization");
        });
        return found || layer.name.contains(QLatin1String("LayerNormalization"));
    });
}

} // namespace

void findGeneratedKernels(const LeadScale& scale, std::vector<Lead>& leads) {
    const EnginePlan& plan = scale.plan();
    Lead kgen;
    Lead foreign;
    for (const Layer& layer : plan.layers) {
        if (isKgen(layer))
            kgen.layers.push_back(layer.index);
        else if (isForeignNode(layer) && !holdsLibraryWork(layer))
            foreign.layers.push_back(layer.index);
    }
    Lead lead;
    lead.layers = kgen.layers;
    lead.layers.insert(lead.layers.end(), foreign.layers.begin(), foreign.layers.end());
    scale.weigh(lead);
    if (lead.layers.empty() || lead.percent.value_or(0) < kGeneratedPercent)
        return;
    scale.weigh(kgen);
    scale.weigh(foreign);
    QStringList parts;
    if (!kgen.layers.empty())
        parts << QStringLiteral("kgen kernels: %1%2")
                     .arg(kgen.layers.size())
                     .arg(stakeClause(kgen.ms, kgen.percent));
    if (!foreign.layers.empty())
        parts << QStringLiteral("subgraphs compiled by Myelin ({ForeignNode[...]}): %1%2")
                     .arg(foreign.layers.size())
                     .arg(stakeClause(foreign.ms, foreign.percent));
    lead.title = QStringLiteral("%1 %2 of the latency")
                     .arg(titleSubject(plan, lead.layers, "Myelin-generated kernel %1 takes",
                                       "Myelin-generated kernels take"),
                          percentText(lead.percent));
    lead.evidence = QStringLiteral("%1. The slowest is %2.")
                        .arg(parts.join(QStringLiteral("; ")),
                             quotedLayer(plan.layers[std::size_t(lead.layers.front())]));
    const QString forms = hasLayerNormalization(plan)
                              ? QStringLiteral("a fused attention pattern")
                              : QStringLiteral("opset 17+ LayerNormalization, a fused attention "
                                               "pattern");
    lead.nextStep =
        QStringLiteral(
            "Generated kernels run what TensorRT has no library kernel for: element-wise chains, "
            "normalizations, reductions and shape arithmetic. See which operations they fuse "
            "(their ONNX origin in the Layer inspector; Nsight Systems times the kernels of a "
            "ForeignNode) and give the heavy ones a form TensorRT runs with its own kernels: %1, "
            "fewer reshapes between them.")
            .arg(forms);
    lead.facts = {{"kgen_layers", kgen.layers}, {"myelin_subgraphs", foreign.layers}};
    leads.push_back(std::move(lead));
}

} // namespace planscope
