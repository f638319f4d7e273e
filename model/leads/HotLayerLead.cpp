#include "json/JsonValues.h"
#include "kernels/KernelName.h"
#include "kernels/KernelText.h"
#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "leads/PrecisionAdvice.h"
#include "plan/FigureText.h"

#include <algorithm>

namespace planscope {
namespace {

constexpr std::size_t kTopCount = 5;

// What to try first on the slowest layer, by what it is.
QString nextStepFor(const Layer& layer) {
    if (layer.type == QLatin1String("Myelin"))
        return QStringLiteral(
            "It is a subgraph Myelin compiled into its own kernels ({ForeignNode[...]}), timed as "
            "one layer. See which of its operations take the time: TensorRT 10 exports its "
            "kernels as layers of their own (kgen, gemm), and Nsight Systems times them in any "
            "version (nsys profile trtexec --loadEngine=ENGINE). Then fuse or simplify those "
            "operations in the model.");
    const KernelName kernel = decodeKernelName(layer.tactic);
    if (kernel.unit == MathUnit::CudaCores) {
        const std::optional<QString> narrower = narrowerPrecision(layer.precision);
        const QString precision =
            narrower == QLatin1String("fp16")
                ? QStringLiteral("Run it in FP16 (%1) or TF32 (not built with --noTF32), which "
                                 "Tensor Cores take")
                      .arg(layerPrecisionsCommand(layer, *narrower, QStringLiteral("obey")))
                : QStringLiteral("Its precision (%1) has Tensor Core kernels").arg(layer.precision);
        return QStringLiteral(
                   "Its kernel leaves the Tensor Cores idle (%1, as its name decodes): a Tensor "
                   "Core kernel is the first gain. %2; check that its channels or K and N are "
                   "multiples of 8 (16 for INT8), and a batch above 1 for GEMMs.")
            .arg(kernelMathText(kernel), precision);
    }
    const QString start = QStringLiteral(
        "Start here: a faster kernel for this layer pays most. Compare its tactic with the others "
        "the builder timed (a verbose build log: trtexec --verbose, then File > Add Build Log) "
        "and check whether the layers around it could fuse into it.");
    const std::optional<QString> narrower = narrowerPrecision(layer.precision);
    if (!narrower)
        return start + QStringLiteral(" It runs in %1 already: no narrower precision is left to "
                                      "try.")
                           .arg(layer.precision);
    const QString command = layerPrecisionsCommand(layer, *narrower, QStringLiteral("obey"));
    if (*narrower == QLatin1String("int8"))
        return start + QStringLiteral(" Then try INT8, which needs its scales (Q/DQ around it in "
                                      "the model, or calibration): %1.")
                           .arg(command);
    return start + QStringLiteral(" Then try %1: %2.").arg(narrower->toUpper(), command);
}

} // namespace

void findHotLayer(const LeadScale& scale, std::vector<Lead>& leads) {
    const EnginePlan& plan = scale.plan();
    std::vector<const Layer*> measured;
    for (const Layer& layer : plan.layers)
        if (layer.timing.measured)
            measured.push_back(&layer);
    if (measured.empty())
        return;
    const auto top5 = measured.begin() + std::ptrdiff_t(std::min(measured.size(), kTopCount));
    std::partial_sort(measured.begin(), top5, measured.end(), [](const Layer* a, const Layer* b) {
        return a->timing.averageMs > b->timing.averageMs ||
               (a->timing.averageMs == b->timing.averageMs && a->index < b->index);
    });
    Lead top;
    for (auto it = measured.begin(); it != top5; ++it)
        top.layers.push_back((*it)->index);
    scale.weigh(top);
    const Layer& hot = plan.layers[std::size_t(top.layers.front())];
    const std::optional<double> share = scale.share(hot);
    if (!share || *share < kHotLayerPercent)
        return;

    Lead lead;
    lead.layers = {hot.index};
    lead.title =
        QStringLiteral("%1 %2 of the latency")
            .arg(titleSubject(plan, lead.layers, "%1 takes", "%1 layers take"), percentText(share));
    lead.evidence =
        QStringLiteral("%1 (%2, %3) averages %4, %5 of the engine's %6. The %7 slowest layers "
                       "take %8 together.")
            .arg(quotedLayer(hot), hot.type, hot.precision,
                 millisecondsText(hot.timing.average(), 4), percentText(share),
                 millisecondsText(scale.latencyMs()), QString::number(top.layers.size()),
                 stakeText(top.ms, top.percent));
    const LayerRoofline roof = scale.roofline().layer(std::size_t(hot.index));
    if (roof.solPercent)
        lead.evidence +=
            QStringLiteral(" It runs at %1 of its speed of light (%2-bound: %3 on "
                           "the %4).")
                .arg(percentText(roof.solPercent), QLatin1String(boundName(*roof.bound)),
                     millisecondsText(roof.solMs, 4), scale.roofline().device->name);
    lead.nextStep = nextStepFor(hot);
    lead.facts = {{"top_five_ms", optionalJson(top.ms)},
                  {"top_five_percent", optionalJson(top.percent)},
                  {"top_five_layers", top.layers},
                  {"sol_percent", optionalJson(roof.solPercent)}};
    leads.push_back(std::move(lead));
}

} // namespace planscope
