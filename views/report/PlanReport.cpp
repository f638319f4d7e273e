#include "report/PlanReport.h"

#include "charts/ChartCatalog.h"
#include "plan/FigureText.h"
#include "report/AccuracyReport.h"
#include "report/LeadsReport.h"
#include "report/ModulesReport.h"
#include "report/ReportGraph.h"
#include "report/ReportSections.h"
#include "report/RooflineReport.h"
#include "report/TacticsReport.h"
#include "report/WeightsReport.h"

#include <QSet>
#include <map>

namespace planscope::report {
namespace {

// Beyond this many findings of one rule, the report says how many more there are.
constexpr std::size_t kFindingsPerRule = 100;

QString layerAnchor(int layer) {
    return QStringLiteral("layer-%1").arg(layer);
}
QString findingAnchor(int layer) {
    return QStringLiteral("lint-layer-%1").arg(layer);
}

// trtexec's statistics lists as one row per metric, one column per statistic; scalars below.
void addPerformance(Report& report, const OrderedJson& json) {
    const PerformanceTable performance = performanceTable(json);
    if (performance.lists.empty() && performance.scalars.empty())
        return;
    Table lists;
    lists.columns = {{QStringLiteral("Metric (ms)")}};
    for (const char* statistic : kLatencyStatistics)
        lists.columns.push_back({QString::fromLatin1(statistic), true});
    for (const PerformanceTable::Row& r : performance.lists) {
        std::vector<Cell> row{{r.metric, {}}};
        for (const auto& value : r.values)
            row.push_back({value ? QString::number(*value, 'f', 4) : QStringLiteral("-"), {}});
        lists.rows.push_back(std::move(row));
    }
    Section& section =
        report.addSection(QStringLiteral("performance"), QStringLiteral("Performance summary"), 2);
    if (!lists.rows.empty())
        section.blocks.emplace_back(std::move(lists));
    if (!performance.scalars.empty())
        section.blocks.emplace_back(keyValueTable(performance.scalars));
}

void addSummary(Report& report, const PlanAnalysis& analysis) {
    const EnginePlan& plan = analysis.plan();
    const std::vector<LintFinding>& findings = analysis.findings();
    Section& summary = report.addSection(QStringLiteral("summary"), QStringLiteral("Summary"));
    summary.blocks.emplace_back(keyValueTable(planFacts(plan, findings)));
    for (const QString& w : plan.warnings)
        summary.blocks.emplace_back(Paragraph{QStringLiteral("Warning: ") + w, true});
    report.addSection(QStringLiteral("by-type"), QStringLiteral("Latency by layer type"), 2)
        .blocks.emplace_back(
            groupTable(QStringLiteral("Type"), groupLayers(plan.layers, layerTypeKey)));
    report.addSection(QStringLiteral("by-precision"), QStringLiteral("Latency by precision"), 2)
        .blocks.emplace_back(
            groupTable(QStringLiteral("Precision"), groupLayers(plan.layers, layerPrecisionKey)));
    addModules(report, analysis);
    addSpeedOfLight(report, analysis);
    const std::pair<const char*, const OrderedJson*> metadata[] = {
        {"Device", &plan.metadata.device},
        {"Builder configuration", &plan.metadata.builder},
    };
    for (const auto& [title, json] : metadata) {
        if (json->empty())
            continue;
        std::vector<std::pair<QString, QString>> rows;
        for (const auto& item : json->items())
            rows.emplace_back(QString::fromStdString(item.key()),
                              metadataText(item.key(), item.value()));
        const QString name = QString::fromLatin1(title);
        report.addSection(name.toLower().replace(' ', '-'), name, 2)
            .blocks.emplace_back(keyValueTable(rows));
    }
    addPerformance(report, plan.metadata.performance);
}

void addTopLayers(Report& report, const EnginePlan& plan, const std::vector<LintFinding>& findings,
                  const std::vector<const Layer*>& top, const QSet<int>& anchored) {
    if (top.empty()) {
        report.addSection(QStringLiteral("top-layers"), QStringLiteral("The slowest layers"))
            .blocks.emplace_back(Paragraph{QStringLiteral("The plan has no per-layer timings. %1")
                                               .arg(QLatin1String(kPerLayerTimingsHint))});
        return;
    }
    std::map<int, int> findingsPerLayer;
    for (const LintFinding& f : findings)
        ++findingsPerLayer[f.layerIndex];
    Table table;
    table.columns = {{QStringLiteral("#"), true},
                     {QStringLiteral("Layer"), false, true},
                     {QStringLiteral("Type")},
                     {QStringLiteral("Precision")},
                     {QStringLiteral("Tactic"), false, true},
                     {QStringLiteral("Latency (ms)"), true},
                     {QStringLiteral("Share"), true},
                     {QStringLiteral("Lint"), true}};
    for (const Layer* l : top) {
        const int count = findingsPerLayer.count(l->index) ? findingsPerLayer[l->index] : 0;
        table.rows.push_back({{QString::number(l->index), {}},
                              {l->name, {}},
                              {l->type, {}},
                              {l->precision, {}},
                              {l->tactic, {}},
                              {QString::number(l->timing.averageMs, 'f', 4), {}},
                              {percentText(l->timing.share()), {}},
                              {count ? QString::number(count) : QString(),
                               anchored.contains(l->index) ? findingAnchor(l->index) : QString()}});
        table.rowAnchors.push_back(layerAnchor(l->index));
    }
    Section& section = report.addSection(QStringLiteral("top-layers"),
                                         QStringLiteral("The %1 slowest layers").arg(top.size()));
    section.blocks.emplace_back(
        Paragraph{QStringLiteral("Average latency per layer and its share of the engine's %1.")
                      .arg(millisecondsText(plan.totalAverageMs()))});
    section.blocks.emplace_back(std::move(table));
}

void addCharts(Report& report, const PlanAnalysis& analysis) {
    report.addSection(QStringLiteral("charts"), QStringLiteral("Charts"))
        .blocks.emplace_back(Paragraph{
            QStringLiteral("trex's report card; charts without data for this plan are left out.")});
    QString group;
    for (const charts::ChartDefinition& d : charts::chartCatalog()) {
        charts::Chart chart = charts::buildChart(analysis, d.id);
        if (std::all_of(chart.panels.begin(), chart.panels.end(),
                        [](const charts::Panel& p) { return p.isEmpty(); }))
            continue;
        if (d.group != group) {
            group = d.group;
            report.addSection(QStringLiteral("charts-") + group.toLower().replace(' ', '-'), group,
                              2);
        }
        report.sections.back().blocks.emplace_back(chartPicture(std::move(chart)));
    }
}

Table findingTable(const std::vector<const LintFinding*>& findings, const QSet<int>& listed,
                   QSet<int>& anchored) {
    Table table;
    table.columns = {{QStringLiteral("Layer"), false, true},
                     {QStringLiteral("Severity")},
                     {QStringLiteral("Hazard"), false, true},
                     {QStringLiteral("Mitigation"), false, true},
                     {QStringLiteral("Details"), false, true}};
    for (const LintFinding* f : findings) {
        QStringList details;
        for (const auto& [key, value] : f->details)
            details << key + QStringLiteral(": ") + value;
        const QString layer = QStringLiteral("%1: %2").arg(f->layerIndex).arg(f->layerName);
        table.rows.push_back(
            {{layer, listed.contains(f->layerIndex) ? layerAnchor(f->layerIndex) : QString()},
             {severityName(f->severity), {}},
             {f->hazard, {}},
             {f->mitigation, {}},
             {details.join(QLatin1Char('\n')), {}}});
        const bool first = !anchored.contains(f->layerIndex);
        anchored.insert(f->layerIndex);
        table.rowAnchors.push_back(first ? findingAnchor(f->layerIndex) : QString());
    }
    return table;
}

// The findings by rule; `anchored` gets the layers whose first finding carries an anchor.
std::vector<Section> findingSections(const std::vector<LintFinding>& findings,
                                     const std::vector<const Layer*>& top, QSet<int>& anchored) {
    Section intro{QStringLiteral("lint"), QStringLiteral("Lint findings"), 1, {}};
    if (findings.empty()) {
        intro.blocks.emplace_back(
            Paragraph{QStringLiteral("The linters found nothing to report.")});
        return {intro};
    }
    std::map<QString, std::vector<const LintFinding*>> byRule;
    for (const LintFinding& f : findings)
        byRule[f.rule].push_back(&f);
    intro.blocks.emplace_back(Paragraph{QStringLiteral("%1 findings of %2 rules, by rule.")
                                            .arg(findings.size())
                                            .arg(byRule.size())});
    std::vector<Section> sections{intro};
    QSet<int> listed;
    for (const Layer* l : top)
        listed.insert(l->index);
    for (auto& [rule, ruleFindings] : byRule) {
        Section section{QStringLiteral("lint-") + rule,
                        QStringLiteral("%1 (%2, %3)")
                            .arg(rule)
                            .arg(ruleFindings.size())
                            .arg(severityName(ruleFindings.front()->severity)),
                        2,
                        {Paragraph{ruleFindings.front()->help}}};
        const std::size_t more =
            ruleFindings.size() - std::min(ruleFindings.size(), kFindingsPerRule);
        ruleFindings.resize(ruleFindings.size() - more);
        section.blocks.emplace_back(findingTable(ruleFindings, listed, anchored));
        if (more > 0)
            section.blocks.emplace_back(Paragraph{
                QStringLiteral("... and %1 more; 'planscope lint' lists them all.").arg(more),
                true});
        sections.push_back(std::move(section));
    }
    return sections;
}

} // namespace

Report planReport(const PlanAnalysis& analysis,
                  const std::shared_ptr<const AccuracyLog>& accuracy) {
    const EnginePlan& plan = analysis.plan();
    const std::vector<LintFinding>& findings = analysis.findings();
    const std::vector<const Layer*> top = slowestLayers(plan, kTopLayers);
    Report report;
    report.title = QStringLiteral("PlanScope report: %1").arg(plan.name);
    report.subtitle = generatedBy();
    report.drawnFrom = {analysis.sharedPlan(), accuracy};
    QSet<int> listed; // the slowest layers' rows, which the leads link to
    for (const Layer* l : top)
        listed.insert(l->index);
    addLeads(report, analysis, listed);
    addSummary(report, analysis);
    QSet<int> anchored;
    std::vector<Section> lint = findingSections(findings, top, anchored);
    addTopLayers(report, plan, findings, top, anchored);
    if (accuracy)
        addAccuracy(report, *accuracy, &plan, analysis.accuracy(accuracy)->tensors);
    addTactics(report, plan);
    addWeights(report, analysis);
    addCharts(report, analysis);
    std::move(lint.begin(), lint.end(), std::back_inserter(report.sections));
    report.addSection(QStringLiteral("graph"), QStringLiteral("Graph")).blocks =
        graphBlocks(plan, findings);
    return report;
}

} // namespace planscope::report
