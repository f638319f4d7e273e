#include "report/ComparisonReport.h"

#include "charts/CompareCharts.h"
#include "compare/OnnxComparison.h"
#include "compare/PlanComparison.h"
#include "compare/PlanLabels.h"
#include "compare/SummaryComparison.h"
#include "plan/FigureText.h"
#include "report/ModulesReport.h"
#include "report/PlanReport.h"
#include "report/ReportGraph.h"
#include "report/ReportSections.h"
#include "roofline/Roofline.h"

#include <algorithm>
#include <map>

namespace planscope::report {
namespace {

QString speedupText(const EnginePlan& a, const EnginePlan& b) {
    const std::optional<double> speedup = planSpeedup(a, b);
    const std::optional<double> slowdown = slowdownPercent(a, b);
    if (!speedup || !slowdown)
        return QStringLiteral("Speedup of B over A: - (%1 has no profile, so its average time "
                              "was not measured).")
            .arg(a.totalAverageMs() ? QStringLiteral("B") : QStringLiteral("A"));
    return QStringLiteral("Speedup of B over A: %1x (B's total latency is %2 %3 A's).")
        .arg(*speedup, 0, 'f', 3)
        .arg(percentText(std::abs(*slowdown)),
             *slowdown > 0 ? QStringLiteral("above") : QStringLiteral("below"));
}

// The main facts of both plans side by side (as the compare window's summary), and whether B's
// differs from A's.
Table sideBySide(const EnginePlan& a, const EnginePlan& b) {
    const QStringList labels = planLabels(a, b);
    Table table;
    table.columns = {{},
                     {QStringLiteral("A: ") + labels[0], false, true},
                     {QStringLiteral("B: ") + labels[1], false, true},
                     {QStringLiteral("B vs. A")}};
    for (const SummaryRow& row : summaryRows({&a, &b})) {
        if (row.detail)
            continue;
        const QString verdict = !row.compared      ? QString()
                                : row.differs(1)   ? QStringLiteral("differs")
                                : row.reordered(1) ? QStringLiteral("same, reordered")
                                                   : QString();
        table.rows.push_back(
            {{row.field, {}}, {row.text(0), {}}, {row.text(1), {}}, {verdict, {}}});
    }
    return table;
}

QString orDash(const QString& text) {
    return text.isEmpty() ? QStringLiteral("-") : text;
}

QString latencyText(std::optional<double> ms) {
    return ms ? QString::number(*ms, 'f', 4) : QStringLiteral("-");
}

// B's latency minus A's, where both were measured.
std::optional<double> change(const LayerComparison& r) {
    return r.latencyA && r.latencyB ? std::optional(*r.latencyB - *r.latencyA) : std::nullopt;
}

// The layer pairs whose latency changed most; pairs without both latencies are not ranked.
Table largestDifferences(const std::vector<LayerComparison>& layers) {
    std::vector<const LayerComparison*> rows;
    for (const LayerComparison& l : layers)
        if (change(l))
            rows.push_back(&l);
    const std::size_t count = std::min(kTopLayers, rows.size());
    std::partial_sort(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(count), rows.end(),
                      [](const LayerComparison* x, const LayerComparison* y) {
                          return std::abs(*change(*x)) > std::abs(*change(*y));
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
             {latencyText(r->latencyA), {}},
             {latencyText(r->latencyB), {}},
             {latencyText(change(*r)), {}},
             {r->speedup ? QString::number(*r->speedup, 'f', 2) + 'x' : QStringLiteral("-"), {}},
             {orDash(r->precisionA) + QStringLiteral(" / ") + orDash(r->precisionB), {}},
             {r->nameA.isEmpty() ? r->nameB : r->nameA, {}}});
    return table;
}

QString differencesText(const std::vector<LayerComparison>& layers, bool exact) {
    const auto unranked = std::count_if(layers.begin(), layers.end(),
                                        [](const LayerComparison& r) { return !change(r); });
    QString text = QStringLiteral("Layers matched by trex's %1 matching, by how much their "
                                  "average latency changed from A to B.")
                       .arg(exact ? QStringLiteral("exact") : QStringLiteral("inexact"));
    if (unranked > 0)
        text += QStringLiteral(" %1 of %2 rows are not ranked: their layer has no counterpart "
                               "or no timing in one plan.")
                    .arg(unranked)
                    .arg(layers.size());
    return text;
}

// How many groups of ONNX nodes the report shows, largest |B - A| first.
constexpr std::size_t kTopOnnxGroups = 10;

// A layer name for a table cell: one past kLongestName characters keeps its start and end (a
// horizontally fused name runs to hundreds).
QString cellName(const QString& name) {
    constexpr qsizetype kLongestName = 128;
    if (name.size() <= kLongestName)
        return name;
    const qsizetype kept = (kLongestName - 1) / 2;
    return name.left(kept) + QChar(0x2026) + name.right(kept);
}

// One engine's layers of a group for a cell, a line each: the first two (a NoOp marked), how
// many more, and the reformatting copies charged to the group; "-" without any.
QString groupLayersText(const EnginePlan& plan, const OnnxGroupSide& side) {
    QStringList names;
    for (int i : side.layers)
        names << cellName(plan.layers[std::size_t(i)].name);
    for (const QString& folded : side.folded)
        names << cellName(folded) + QStringLiteral(" (NoOp)");
    if (names.isEmpty())
        return QStringLiteral("-");
    constexpr qsizetype kShown = 2; // three fit as well as two and "+1 more"
    QStringList lines = names.size() <= kShown + 1 ? names : names.mid(0, kShown);
    if (lines.size() < names.size())
        lines << QStringLiteral("+%1 more").arg(names.size() - kShown);
    if (!side.charged.empty())
        lines << QStringLiteral("+ ") + countText(qint64(side.charged.size()),
                                                  QStringLiteral("reformatting copy"),
                                                  QStringLiteral("reformatting copies"));
    return lines.join('\n');
}

Table onnxGroupTable(const EnginePlan& a, const EnginePlan& b,
                     const std::vector<const OnnxGroup*>& groups) {
    Table table;
    table.columns = {{QStringLiteral("ONNX nodes"), false, true},
                     {QStringLiteral("Layers in A"), false, true},
                     {QStringLiteral("Layers in B"), false, true},
                     {QStringLiteral("A (ms)"), true},
                     {QStringLiteral("B (ms)"), true},
                     {QStringLiteral("B - A (ms)"), true},
                     {QStringLiteral("Speedup"), true},
                     {QStringLiteral("Shape")}};
    for (const OnnxGroup* g : groups)
        table.rows.push_back(
            {{onnxNodesText(g->nodes), {}},
             {groupLayersText(a, g->a), {}},
             {groupLayersText(b, g->b), {}},
             {latencyText(g->a.ms), {}},
             {latencyText(g->b.ms), {}},
             {latencyText(g->deltaMs), {}},
             {g->speedup ? QString::number(*g->speedup, 'f', 2) + 'x' : QStringLiteral("-"), {}},
             {g->shape + (g->fusionDiffers ? QStringLiteral("*") : QString()), {}}});
    return table;
}

QString onnxIntroText(const OnnxComparison& c, std::size_t shown) {
    const auto count = [&](auto predicate) {
        return std::count_if(c.groups.begin(), c.groups.end(), predicate);
    };
    return QStringLiteral(
               "Layers grouped by the ONNX nodes they implement (each layer's Metadata): a group "
               "is the smallest set of ONNX nodes both engines' fusions keep whole, so engines "
               "that fuse differently still compare part by part. %1: %2 fused differently (* "
               "after the shape, which counts the layers A:B), %3 only in A, %4 only in B. A "
               "group's time includes the reformatting copies "
               "TensorRT inserted for its layers. The %5 with the largest |B - A| are shown "
               "(groups without both times last); planscope compare A B --by onnx lists them "
               "all.")
        .arg(countText(qint64(c.groups.size()), QStringLiteral("group")))
        .arg(count([](const OnnxGroup& g) { return g.fusionDiffers; }))
        .arg(count([](const OnnxGroup& g) { return g.onlyIn == OnnxOnlyIn::A; }))
        .arg(count([](const OnnxGroup& g) { return g.onlyIn == OnnxOnlyIn::B; }))
        .arg(shown);
}

// Each engine's time split between the groups and the layers without ONNX origin.
QString onnxReconciliationText(const OnnxComparison& c) {
    const auto split = [](const QString& label, const OnnxEngineTotals& t) {
        if (!t.totalMs)
            return QStringLiteral("%1 has no profile, so its time was not measured.").arg(label);
        return QStringLiteral("%1's %2 = %3 in groups + %4 without ONNX origin.")
            .arg(label, millisecondsText(t.totalMs), millisecondsText(t.groupedMs),
                 millisecondsText(t.unattributedMs));
    };
    return split(QStringLiteral("A"), c.a) + ' ' + split(QStringLiteral("B"), c.b);
}

// The groups of ONNX nodes whose time changed most, with what the comparison needs said.
void addOnnxSection(Report& report, const EnginePlan& a, const EnginePlan& b) {
    const OnnxComparison c = compareByOnnx(a, b);
    std::vector<const OnnxGroup*> groups = groupsByDelta(c);
    groups.resize(std::min(kTopOnnxGroups, groups.size()));
    Section& section = report.addSection(
        QStringLiteral("onnx"),
        groups.empty()
            ? QStringLiteral("Differences by ONNX op")
            : QStringLiteral("The %1 ONNX groups whose time changed most").arg(groups.size()));
    if (!groups.empty())
        section.blocks.emplace_back(Paragraph{onnxIntroText(c, groups.size())});
    section.blocks.emplace_back(Paragraph{onnxReconciliationText(c)});
    for (const OnnxNote& note : c.notes)
        section.blocks.emplace_back(Paragraph{note.text, true});
    if (!groups.empty())
        section.blocks.emplace_back(onnxGroupTable(a, b, groups));
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

Report comparisonReport(const PlanAnalysis& analysisA, const PlanAnalysis& analysisB, bool exact) {
    const EnginePlan& a = analysisA.plan();
    const EnginePlan& b = analysisB.plan();
    const std::vector<LintFinding>& findingsA = analysisA.findings();
    const std::vector<LintFinding>& findingsB = analysisB.findings();
    Report report;
    const QStringList labels = planLabels(a, b);
    report.title = QStringLiteral("PlanScope comparison: %1 vs. %2").arg(labels[0], labels[1]);
    report.subtitle = generatedBy();
    report.drawnFrom = {analysisA.sharedPlan(), analysisB.sharedPlan()};

    const std::vector<LayerComparison> layers =
        compareLayers(a, b, matchLayers(a, b, exact), &analysisA.roofline(), &analysisB.roofline());
    Section& summary = report.addSection(QStringLiteral("summary"), QStringLiteral("Summary"));
    summary.blocks = {sideBySide(a, b), Paragraph{speedupText(a, b)}};
    for (const QString& warning : comparisonWarnings(a, b, layers)) // as compare prints on top
        summary.blocks.emplace_back(Paragraph{warning});
    report.addSection(QStringLiteral("lint"), QStringLiteral("Lint findings by rule"), 2).blocks = {
        findingCounts(findingsA, findingsB)};

    Table differences = largestDifferences(layers);
    Section& ranked = report.addSection(
        QStringLiteral("differences"),
        differences.rows.empty()
            ? QStringLiteral("Latency differences")
            : QStringLiteral("The %1 largest latency differences").arg(differences.rows.size()));
    ranked.blocks = {Paragraph{differencesText(layers, exact)}};
    if (!differences.rows.empty())
        ranked.blocks.emplace_back(std::move(differences));

    addOnnxSection(report, a, b);
    addModuleComparison(report, analysisA, analysisB);

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
