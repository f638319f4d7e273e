#pragma once

#include "charts/Chart.h"
#include "plan/EnginePlan.h"

#include <functional>
#include <vector>

namespace planscope::charts {

struct ChartDefinition {
    QString id;          // the CLI id, e.g. "latency-sunburst"
    QString group;       // Performance, Memory, Convolutions, Tactics and fusion
    QString description; // one line, shown in lists and as the chart's title
    std::function<Chart(const EnginePlan&)> build;
};

// Every chart, in the order the GUI lists them.
const std::vector<ChartDefinition>& chartCatalog();
const ChartDefinition* findChart(const QString& id);

// Throws PlanError for an unknown id (naming `planscope export-chart --list`).
Chart buildChart(const EnginePlan& plan, const QString& id);

// The groups' chart lists, defined beside their builders.
void addPerformanceCharts(std::vector<ChartDefinition>& charts);
void addModuleCharts(std::vector<ChartDefinition>& charts);
void addMemoryCharts(std::vector<ChartDefinition>& charts);
void addConvolutionCharts(std::vector<ChartDefinition>& charts);
void addFusionCharts(std::vector<ChartDefinition>& charts);
void addTacticCharts(std::vector<ChartDefinition>& charts);

} // namespace planscope::charts
