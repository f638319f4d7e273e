#include "charts/ChartCatalog.h"

#include "plan/PlanError.h"

namespace planscope::charts {

const std::vector<ChartDefinition>& chartCatalog() {
    static const std::vector<ChartDefinition> catalog = [] {
        std::vector<ChartDefinition> charts;
        addPerformanceCharts(charts);
        addModuleCharts(charts);
        addRooflineCharts(charts);
        addMemoryCharts(charts);
        addConvolutionCharts(charts);
        addFusionCharts(charts);
        addTacticCharts(charts);
        addWeightCharts(charts);
        return charts;
    }();
    return catalog;
}

const ChartDefinition* findChart(const QString& id) {
    for (const ChartDefinition& d : chartCatalog())
        if (d.id == id)
            return &d;
    return nullptr;
}

Chart buildChart(const PlanAnalysis& analysis, const QString& id) {
    const ChartDefinition* definition = findChart(id);
    if (!definition)
        throw PlanError(QStringLiteral("there is no chart '%1'. 'planscope export-chart --list' "
                                       "lists the charts.")
                            .arg(id));
    Chart chart = definition->build(analysis);
    chart.id = definition->id;
    if (chart.title.isEmpty())
        chart.title = definition->description;
    chart.title += QStringLiteral(" (%1)").arg(analysis.plan().name);
    return chart;
}

} // namespace planscope::charts
