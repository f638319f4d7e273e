#pragma once

#include "charts/Chart.h"
#include "plan/EnginePlan.h"

#include <functional>
#include <vector>

namespace planscope::charts {

using Plans = std::vector<const EnginePlan*>;

// Charts across plans (trex's engine comparison), under `planscope export-chart --compare`.
struct CompareChartDefinition {
    QString id;
    QString description;
    std::function<Chart(const Plans&)> build;
};

const std::vector<CompareChartDefinition>& compareChartCatalog();
// Throws PlanError for an unknown id.
Chart buildCompareChart(const Plans& plans, const QString& id);

} // namespace planscope::charts
