#pragma once

#include "charts/Chart.h"
#include "lint/LintFinding.h"
#include "metrics/LayerGroups.h"
#include "plan/EnginePlan.h"
#include "report/Report.h"

// Pieces the plan report and the comparison report share.
namespace planscope::report {

// The report's title line: what it is about, by which PlanScope, when.
QString generatedBy();

// The measured layers by descending average latency (engine order among equals), at most `count`.
std::vector<const Layer*> slowestLayers(const EnginePlan& plan, std::size_t count);

// The chart as a picture, at the size the report gives charts.
Picture chartPicture(charts::Chart chart);

// Latency and count per group (type or precision).
Table groupTable(const QString& keyTitle, const std::vector<LayerGroup>& groups);

// The plan's name, size, latency, bindings, device and number of findings.
std::vector<std::pair<QString, QString>> planFacts(const EnginePlan& plan,
                                                   const std::vector<LintFinding>& findings);

} // namespace planscope::report
