#include "json/JsonValues.h"
#include "kernels/KernelName.h"
#include "leads/LeadCatalog.h"
#include "leads/LeadScale.h"
#include "lint/KernelNames.h"
#include "plan/FigureText.h"

#include <algorithm>
#include <array>

namespace planscope {
namespace {

constexpr std::size_t kLayersShown = 3;
// The furthest layers the facts list (the lead's layers list them all): a generated kernel per
// layer would otherwise write every layer twice.
constexpr std::size_t kLayersInFacts = 20;

// What holds a layer down, as the next step differs: its bytes, its math on CUDA cores, or its
// math on Tensor Cores.
enum class Holdup { Memory, CudaCores, TensorCores };

struct FarLayer {
    int index;
    double solPercent;
    double aboveCeilingMs; // ms - sol_ms / 0.8
    Holdup holdup;
};

Holdup holdupOf(const Layer& layer, const LayerRoofline& r, KernelNames& kernels) {
    if (r.bound == Bound::Memory)
        return Holdup::Memory;
    // A kernel's name decoded to CUDA-core math (fp32, DP4A, HFMA2), each name once; a class read
    // from the precision alone is a Tensor Core one.
    if (r.mathFromName && kernels.of(layer.tactic).unit == MathUnit::CudaCores)
        return Holdup::CudaCores;
    return Holdup::TensorCores;
}

// "memory-bound", "compute-bound on CUDA cores", "compute-bound on Tensor Cores".
QString holdupText(Holdup holdup) {
    switch (holdup) {
    case Holdup::Memory:
        return QStringLiteral("memory-bound");
    case Holdup::CudaCores:
        return QStringLiteral("compute-bound on CUDA cores");
    case Holdup::TensorCores:
        break;
    }
    return QStringLiteral("compute-bound on Tensor Cores");
}

QString stepFor(Holdup holdup) {
    switch (holdup) {
    case Holdup::Memory:
        return QStringLiteral(
            "fuse them with their neighbours (an activation, a residual add, a normalization "
            "into the convolution or GEMM before it) or change their format: a narrower data "
            "type, the layout their neighbours use, so no Reformat sits between them");
    case Holdup::CudaCores:
        return QStringLiteral(
            "give them a Tensor Core precision: FP16 (--fp16, or --layerPrecisions) or TF32 for "
            "FP32 (on by default from Ampere on, off with --noTF32), INT8 with scales");
    case Holdup::TensorCores:
        break;
    }
    return QStringLiteral("fill the Tensor Core tiles: channels, K and N in multiples of 8 (16 "
                          "for INT8), a larger batch, and the tactics the builder timed "
                          "compared (a verbose build log)");
}

} // namespace

// Layers under half their speed of light (README.md's "Speed of light"), ranked by their time
// above 80 % of it: what a kernel may reach in practice, so what fixing them may save.
void findFarFromRoof(const LeadScale& scale, std::vector<Lead>& leads) {
    const EnginePlan& plan = scale.plan();
    const Roofline& roofline = scale.roofline();
    std::vector<FarLayer> far;
    KernelNames kernels;
    for (std::size_t i = 0; i < roofline.size() && i < plan.layers.size(); ++i) {
        const LayerRoofline r = roofline.layer(i);
        if (!r.solPercent || *r.solPercent >= kFarFromRoofPercent)
            continue;
        const double above = *r.ms - *r.solMs / (kPracticalCeilingPercent / 100);
        far.push_back({int(i), *r.solPercent, above, holdupOf(plan.layers[i], r, kernels)});
    }
    if (far.empty())
        return;
    std::stable_sort(far.begin(), far.end(), [](const FarLayer& a, const FarLayer& b) {
        return a.aboveCeilingMs > b.aboveCeilingMs;
    });

    Lead lead;
    lead.partOfLayersTime = true;
    double aboveMs = 0;
    std::array<int, 3> counts{};
    std::array<double, 3> holdupMs{};
    OrderedJson layers = OrderedJson::array();
    QStringList shown;
    for (const FarLayer& f : far) {
        lead.layers.push_back(f.index);
        aboveMs += f.aboveCeilingMs;
        ++counts[std::size_t(f.holdup)];
        holdupMs[std::size_t(f.holdup)] += f.aboveCeilingMs;
        if (layers.size() < kLayersInFacts)
            layers.push_back(
                {{"index", f.index},
                 {"sol_percent", f.solPercent},
                 {"bound", f.holdup == Holdup::Memory ? "memory" : "compute"},
                 {"math_unit", f.holdup == Holdup::Memory      ? OrderedJson()
                               : f.holdup == Holdup::CudaCores ? OrderedJson("cuda cores")
                                                               : OrderedJson("tensor cores")},
                 {"above_ceiling_ms", f.aboveCeilingMs}});
        if (shown.size() < qsizetype(kLayersShown))
            shown << QStringLiteral("%1 at %2 (%3, %4 above the ceiling)")
                         .arg(quotedLayer(plan.layers[std::size_t(f.index)]),
                              percentText(f.solPercent), holdupText(f.holdup),
                              millisecondsText(f.aboveCeilingMs, 4));
    }
    lead.ms = aboveMs;
    lead.percent = scale.shareOfLatency(aboveMs);
    const qint64 count = qint64(far.size());
    lead.title = QStringLiteral("%1 under half of %2 speed of light")
                     .arg(titleSubject(plan, lead.layers, "%1 runs", "%1 layers run"),
                          count == 1 ? QStringLiteral("its") : QStringLiteral("their"));
    const GpuDevice& gpu = *roofline.device;
    lead.evidence =
        QStringLiteral("On the %1, %2 under %3 % of their speed of light; above %4 % of it, "
                       "a practical ceiling, they take %5. Furthest past it: %6%7")
            .arg(gpu.name,
                 countText(count, QStringLiteral("layer runs"), QStringLiteral("layers run")),
                 QString::number(kFarFromRoofPercent), QString::number(kPracticalCeilingPercent),
                 stakeText(lead.ms, lead.percent), shown.join(QStringLiteral("; ")),
                 count > qint64(shown.size())
                     ? QStringLiteral("; %1 more.").arg(count - qint64(shown.size()))
                     : QStringLiteral("."));
    QStringList steps;
    for (Holdup holdup : {Holdup::Memory, Holdup::CudaCores, Holdup::TensorCores}) {
        const auto h = std::size_t(holdup);
        if (counts[h] == 0)
            continue;
        QString text = holdupText(holdup);
        text[0] = text[0].toUpper();
        steps << QStringLiteral("%1 (%2, %3 above the ceiling): %4.")
                     .arg(text, countText(counts[h], QStringLiteral("layer")),
                          millisecondsText(holdupMs[h], 4), stepFor(holdup));
    }
    lead.nextStep = steps.join(QLatin1Char(' '));
    lead.facts = {{"device", gpu.name.toStdString()},
                  {"under_percent", kFarFromRoofPercent},
                  {"ceiling_percent", kPracticalCeilingPercent},
                  {"above_ceiling_ms", aboveMs},
                  {"layers", layers}};
    leads.push_back(std::move(lead));
}

} // namespace planscope
