#include "charts/ChartBuilders.h"
#include "charts/ChartCatalog.h"
#include "metrics/LayerGroups.h"

#include <algorithm>

namespace planscope::charts {
namespace {

struct Measure {
    const char* name;
    const char* title;
    LayerValue value;
    bool fromTensorSizes = true; // missing where a tensor's size is (weights: where not given)
};

// A tensor has a size when its shape is known (a dynamic dimension, -1, has none) and so is its
// element type.
bool sized(const Tensor& t) {
    return t.elementSize() > 0 && std::all_of(t.shape.begin(), t.shape.end(),
                                              [](qint64 dimension) { return dimension >= 0; });
}

// The layer's tensor bytes, when the files give every one of its tensors' sizes.
std::optional<double> activations(const Layer& l) {
    const bool known = !(l.inputs.empty() && l.outputs.empty()) &&
                       std::all_of(l.inputs.begin(), l.inputs.end(), sized) &&
                       std::all_of(l.outputs.begin(), l.outputs.end(), sized);
    return known ? std::optional(l.ioBytes) : std::nullopt;
}

std::optional<double> footprint(const Layer& l) {
    return activations(l) && l.weightsKnown() ? std::optional(l.footprintBytes) : std::nullopt;
}

std::optional<double> weights(const Layer& l) {
    return l.weightsKnown() ? std::optional(l.weightsBytes) : std::nullopt;
}

// A memory panel with nothing to draw says why: no layer's tensors have sizes, or no layer has
// any of the measure in the files (a log's layer list gives no weights).
Chart explainNoSizes(Panel panel, const EnginePlan& plan, const Measure& measure) {
    bool known = false;
    bool positive = false;
    for (const Layer& l : plan.layers) {
        const auto v = measure.value(l);
        known = known || v.has_value();
        positive = positive || (v && *v > 0);
    }
    if (!plan.layers.empty() && !known && measure.fromTensorSizes) {
        panel.bars.clear();
        panel.emptyMessage = QStringLiteral(
            "The files give no tensor sizes for this plan (dynamic shapes, or a log's layer "
            "list): open the graph JSON of an engine built for fixed shapes (trtexec "
            "--exportLayerInfo=FILE --profilingVerbosity=detailed).");
    } else if (!plan.layers.empty() && !positive) {
        panel.bars.clear();
        panel.emptyMessage = QStringLiteral("No layer of this plan has %1 in its files.")
                                 .arg(QString::fromLatin1(measure.title).toLower());
    }
    return singlePanel({}, {}, std::move(panel));
}

} // namespace

void addMemoryCharts(std::vector<ChartDefinition>& charts) {
    const QString group = QStringLiteral("Memory");
    const Measure measures[] = {
        {"weights", "Weights", weights, false},
        {"activations", "Activations (inputs + outputs)", activations},
        {"footprint", "Total footprint", footprint},
    };
    for (const Measure& m : measures) {
        const QString label = QString::fromLatin1(m.title) + QStringLiteral(" (bytes)");
        const Measure measure = m;
        charts.push_back({QString::fromLatin1(m.name) + QStringLiteral("-per-layer"), group,
                          QString::fromLatin1(m.title) + QStringLiteral(" per layer"),
                          [=](const EnginePlan& plan) {
                              return explainNoSizes(perLayerBars(allLayers(plan), measure.value,
                                                                 label, layerTypeKey,
                                                                 typeColors(plan)),
                                                    plan, measure);
                          }});
    }
    for (const Measure& m : measures) {
        const QString label = QString::fromLatin1(m.title) + QStringLiteral(" (bytes)");
        const Measure measure = m;
        charts.push_back({QString::fromLatin1(m.name) + QStringLiteral("-distribution"), group,
                          QStringLiteral("Distribution of ") +
                              QString::fromLatin1(m.title).toLower() + QStringLiteral(" per layer"),
                          [=](const EnginePlan& plan) {
                              return explainNoSizes(histogram(allLayers(plan), measure.value, label,
                                                              layerTypeKey, typeColors(plan)),
                                                    plan, measure);
                          }});
    }
}

} // namespace planscope::charts
