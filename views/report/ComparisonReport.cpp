#include "report/ComparisonReport.h"

#include "charts/CompareCharts.h"
#include "compare/PlanComparison.h"
#include "compare/PlanLabels.h"
#include "lint/Linter.h"
#include "plan/FigureText.h"
#include "report/PlanReport.h"
#include "report/ReportGraph.h"
#include "report/ReportSections.h"

#include <algorithm>
#include <map>

namespace planscope::report {
namespace {

QString speedupText(const EnginePlan& a, const EnginePlan& b) {
    if (b.totalAverageMs().value_or(0.0) <= 0 || a.totalAverageMs().value_or(0.0) <= 0)
        return QStringLiteral("Without timings for both plans there is no speedup to tell.");
    const double slowdown = slowdownPercent(a, b);
    return QStringLiteral("Speedup of B over A: %1x (B's total latency is %2 %3 A's).")
        .arg(a.totalAverageMs().value_or(0.0) / b.totalAverageMs().value_or(0.0), 0, 'f', 3)
        .arg(percentText(std::abs(slowdown)),
             slowdown > 0 ? QStringLiteral("above") : QStringLiteral("below"));
}

// planFacts of both plans in one table, a row per fact either plan has.
Table sideBySide(const EnginePlan& a, const std::vector<LintFinding>& findingsA,
                 const EnginePlan& b, const std::vector<LintFinding>& findingsB) {
    const auto factsA = planFacts(a, findingsA);
    const auto factsB = planFacts(b, findingsB);
    QStringList names;
    for (const auto* facts : {&factsA, &factsB})
        for (const auto& fact : *facts)
            if (!names.contains(fact.first))
                names << fact.first;
    const auto value = [](const auto& facts, const QString& name) {
        const auto it = std::find_if(facts.begin(), facts.end(),
                                     [&](const auto& fact) { return fact.first == name; });
        return it == facts.end() ? QString() : it->second;
    };
    const QStringList labels = planLabels(a, b);
    Table table;
    table.columns = {{},
                     {QStringLiteral("A: ") + labels[0], false, true},
                     {QStringLiteral("B: ") + labels[1], false, true}};
    for (const QString& name : names)
        table.rows.push_back({{name, {}}, {value(factsA, name), {}}, {value(factsB, name), {}}});
    return table;
}

QString orDash(const QString& text) {
    return text.isEmpty() ? QStringLiteral("-") : text;
}

Table largestDifferences(const std::vector<LayerComparison>& layers) {
    std::vector<const LayerComparison*> rows;
    rows.reserve(layers.size());
    for (const LayerComparison& l : layers)
        rows.push_back(&l);
    const std::size_t count = std::min(kTopLayers, rows.size());
    std::partial_sort(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(count), rows.end(),
                      [](const LayerComparison* x, const LayerComparison* y) {
                          return std::abs(x->latencyB - x->latencyA) >
                                 std::abs(y->latencyB - y->latencyA);
                      });
    rows.resize(count);
    const auto index = [](int i) { return i >= 0 ? QString::number(i) : QStringLiteral("-"); };
    Table table;
    table.columns = {{QStringLiteral("A #"), true},
                     {QStringLiteral("B #"), true},
                     {QStringLiteral("Type")},
                     {QStringLiteral("A (ms)"), true},
                     {QStringLiteral("B (ms)"), true},
                     {QStringLiteral("B - A (ms)"), true},
                     {QStringLiteral("Speedup"), true},
                     {QStringLiteral("Precision A / B"), false, true},
                     {QStringLiteral("Layer (A, else B)"), false, true}};
    for (const LayerComparison* r : rows)
        table.rows.push_back(
            {{index(r->pair.a), {}},
             {index(r->pair.b), {}},
             {r->type, {}},
             {QString::number(r->latencyA, 'f', 4), {}},
             {QString::number(r->latencyB, 'f', 4), {}},
             {QString::number(r->latencyB - r->latencyA, 'f', 4), {}},
             {r->speedup > 0 ? QString::number(r->speedup, 'f', 2) + 'x' : QStringLiteral("-"), {}},
             {orDash(r->precisionA) + QStringLiteral(" / ") + orDash(r->precisionB), {}},
             {r->nameA.isEmpty() ? r->nameB : r->nameA, {}}});
    return table;
}

Table findingCounts(const std::vector<LintFinding>& a, const std::vector<LintFinding>& b) {
    std::map<QString, std::pair<int, int>> counts;
    for (const LintFinding& f : a)
        ++counts[f.rule].first;
    for (const LintFinding& f : b)
        ++counts[f.rule].second;
    Table table;
    table.columns = {
        {QStringLiteral("Rule")}, {QStringLiteral("A"), true}, {QStringLiteral("B"), true}};
    for (const auto& [rule, count] : counts)
        table.rows.push_back(
            {{rule, {}}, {QString::number(count.first), {}}, {QString::number(count.second), {}}});
    table.rows.push_back({{QStringLiteral("Total"), {}},
                          {QString::number(a.size()), {}},
                          {QString::number(b.size()), {}}});
    return table;
}

} // namespace

Report comparisonReport(const EnginePlan& a, const EnginePlan& b, bool exact) {
    const std::vector<LintFinding> findingsA = lintPlan(a);
    const std::vector<LintFinding> findingsB = lintPlan(b);
    Report report;
    const QStringList labels = planLabels(a, b);
    report.title = QStringLiteral("PlanScope comparison: %1 vs. %2").arg(labels[0], labels[1]);
    report.subtitle = generatedBy();

    Section& summary = report.addSection(QStringLiteral("summary"), QStringLiteral("Summary"));
    summary.blocks = {sideBySide(a, findingsA, b, findingsB), Paragraph{speedupText(a, b)}};
    report.addSection(QStringLiteral("lint"), QStringLiteral("Lint findings by rule"), 2).blocks = {
        findingCounts(findingsA, findingsB)};

    const std::vector<LayerComparison> layers = compareLayers(a, b, matchLayers(a, b, exact));
    report
        .addSection(QStringLiteral("differences"),
                    QStringLiteral("The %1 largest latency differences")
                        .arg(std::min(kTopLayers, layers.size())))
        .blocks = {Paragraph{QStringLiteral("Layers matched by trex's %1 matching, by how much "
                                            "their average latency changed from A to B.")
                                 .arg(exact ? QStringLiteral("exact") : QStringLiteral("inexact"))},
                   largestDifferences(layers)};

    Section& chartSection = report.addSection(QStringLiteral("charts"), QStringLiteral("Charts"));
    for (const charts::CompareChartDefinition& d : charts::compareChartCatalog())
        chartSection.blocks.emplace_back(chartPicture(charts::buildCompareChart({&a, &b}, d.id)));

    report.addSection(QStringLiteral("graphs"), QStringLiteral("Graphs"));
    report.addSection(QStringLiteral("graph-a"), QStringLiteral("A: ") + labels[0], 2).blocks =
        graphBlocks(a, findingsA);
    report.addSection(QStringLiteral("graph-b"), QStringLiteral("B: ") + labels[1], 2).blocks =
        graphBlocks(b, findingsB);
    return report;
}

} // namespace planscope::report
