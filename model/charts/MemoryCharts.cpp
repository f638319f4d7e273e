#include "charts/ChartBuilders.h"
#include "charts/ChartCatalog.h"
#include "metrics/LayerGroups.h"

namespace planscope::charts {
namespace {

struct Measure {
    const char* name;
    const char* title;
    LayerValue value;
};

} // namespace

void addMemoryCharts(std::vector<ChartDefinition>& charts) {
    const QString group = QStringLiteral("Memory");
    const Measure measures[] = {
        {"weights", "Weights", [](const Layer& l) { return l.weightsBytes; }},
        {"activations", "Activations (inputs + outputs)", [](const Layer& l) { return l.ioBytes; }},
        {"footprint", "Total footprint", [](const Layer& l) { return l.footprintBytes; }},
    };
    for (const Measure& m : measures) {
        const QString label = QString::fromLatin1(m.title) + QStringLiteral(" (bytes)");
        const LayerValue value = m.value;
        charts.push_back({QString::fromLatin1(m.name) + QStringLiteral("-per-layer"), group,
                          QString::fromLatin1(m.title) + QStringLiteral(" per layer"),
                          [=](const EnginePlan& plan) {
                              return singlePanel({}, {},
                                                 perLayerBars(allLayers(plan), value, label,
                                                              layerTypeKey, typeColors(plan)));
                          }});
    }
    for (const Measure& m : measures) {
        const QString label = QString::fromLatin1(m.title) + QStringLiteral(" (bytes)");
        const LayerValue value = m.value;
        charts.push_back({QString::fromLatin1(m.name) + QStringLiteral("-distribution"), group,
                          QStringLiteral("Distribution of ") +
                              QString::fromLatin1(m.title).toLower() + QStringLiteral(" per layer"),
                          [=](const EnginePlan& plan) {
                              return singlePanel({}, {},
                                                 histogram(allLayers(plan), value, label,
                                                           layerTypeKey, typeColors(plan)));
                          }});
    }
}

} // namespace planscope::charts
