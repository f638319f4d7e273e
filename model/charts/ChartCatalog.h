#pragma once

#include "analysis/PlanAnalysis.h"
#include "charts/Chart.h"
#include "plan/EnginePlan.h"

#include <concepts>
#include <functional>
#include <vector>

namespace planscope::charts {

// How a chart is made: from the plan alone (most charts), or from the plan's analysis where it
// shows a part of it (the module sunburst, from the analysis's module tree).
class ChartBuilder {
  public:
    template <class Build>
    requires std::invocable<const Build&, const EnginePlan&>
    ChartBuilder(Build build) // NOLINT(google-explicit-constructor): catalogs list builders
        : m_build([build = std::move(build)](const PlanAnalysis& a) { return build(a.plan()); }) {}
    template <class Build>
    requires(std::invocable<const Build&, const PlanAnalysis&> &&
             !std::invocable<const Build&, const EnginePlan&>)
        ChartBuilder(Build build) // NOLINT(google-explicit-constructor)
        : m_build(std::move(build)) {}

    Chart operator()(const PlanAnalysis& analysis) const { return m_build(analysis); }

  private:
    std::function<Chart(const PlanAnalysis&)> m_build;
};

struct ChartDefinition {
    QString id;          // the CLI id, e.g. "latency-sunburst"
    QString group;       // Performance, Memory, Convolutions, Tactics and fusion, Weights
    QString description; // one line, shown in lists and as the chart's title
    ChartBuilder build;
};

// Every chart, in the order the GUI lists them.
const std::vector<ChartDefinition>& chartCatalog();
const ChartDefinition* findChart(const QString& id);

// Throws PlanError for an unknown id (naming `planscope export-chart --list`).
Chart buildChart(const PlanAnalysis& analysis, const QString& id);

// The groups' chart lists, defined beside their builders.
void addPerformanceCharts(std::vector<ChartDefinition>& charts);
void addModuleCharts(std::vector<ChartDefinition>& charts);
void addRooflineCharts(std::vector<ChartDefinition>& charts);
void addMemoryCharts(std::vector<ChartDefinition>& charts);
void addConvolutionCharts(std::vector<ChartDefinition>& charts);
void addFusionCharts(std::vector<ChartDefinition>& charts);
void addTacticCharts(std::vector<ChartDefinition>& charts);
void addWeightCharts(std::vector<ChartDefinition>& charts); // the ONNX model's (--onnx)

} // namespace planscope::charts
