#include "report/ModulesReport.h"

#include "analysis/ModuleCompare.h"
#include "analysis/PlanAnalysis.h"
#include "compare/UniformChange.h"
#include "plan/FigureText.h"

#include <algorithm>

namespace planscope::report {
namespace {

constexpr std::size_t kHeaviest = 10;

Table moduleTable(const ModuleTree& tree, const std::vector<int>& modules, bool paths) {
    Table table;
    table.columns = {
        {paths ? QStringLiteral("Module path") : QStringLiteral("Module"), false, true},
        {QStringLiteral("Time"), true},
        {QStringLiteral("Share"), true},
        {QStringLiteral("Self"), true},
        {QStringLiteral("Layers"), true},
        {QStringLiteral("Precisions"), false, true}};
    for (int index : modules) {
        const Module& m = tree.modules[std::size_t(index)];
        QStringList precisions;
        for (const ModuleShare& s : m.precisions)
            precisions << s.key;
        table.rows.push_back({{paths ? m.path : moduleDisplayName(m), {}},
                              {millisecondsText(m.ms), {}},
                              {percentText(tree.percent(m)), {}},
                              {millisecondsText(m.selfMs), {}},
                              {QString::number(m.layers), {}},
                              {precisions.join(QStringLiteral(", ")), {}}});
    }
    return table;
}

QString deltaText(const std::optional<double>& delta) {
    return delta ? QStringLiteral("%1%2 ms").arg(*delta >= 0 ? "+" : "").arg(*delta, 0, 'f', 3)
                 : kMissingText;
}

QString unattributedText(const ModuleTree& tree) {
    if (tree.unattributedLayers.empty())
        return QStringLiteral("every layer in a module");
    return QStringLiteral("%1 of it in no module, %2")
        .arg(millisecondsText(tree.unattributedMs),
             countText(qint64(tree.unattributedLayers.size()), QStringLiteral("layer")));
}

Table deltaTable(const ModuleComparison& comparison, const std::vector<int>& rows) {
    Table table;
    table.columns = {{QStringLiteral("Module path"), false, true},
                     {QStringLiteral("A"), true},
                     {QStringLiteral("B"), true},
                     {QStringLiteral("Delta"), true},
                     {QStringLiteral("Speedup"), true}};
    for (int row : rows) {
        const ModuleDelta& d = comparison.modules[std::size_t(row)];
        const std::optional<double> speedup = d.speedup();
        table.rows.push_back(
            {{d.path, {}},
             {millisecondsText(d.aMs), {}},
             {millisecondsText(d.bMs), {}},
             {deltaText(d.delta()), {}},
             {speedup ? QStringLiteral("%1x").arg(*speedup, 0, 'f', 2) : kMissingText, {}}});
    }
    return table;
}

} // namespace

void addModuleComparison(Report& report, const PlanAnalysis& a, const PlanAnalysis& b) {
    const ModuleComparison comparison = compareModules(a, b);
    Section& section =
        report.addSection(QStringLiteral("modules"), QStringLiteral("Time by module"));
    if (!comparison.a.hasPaths() && !comparison.b.hasPaths()) {
        section.blocks.emplace_back(Paragraph{
            QStringLiteral("Neither engine names a module path in its layers (ONNX nodes named "
                           "like \"Conv_12\", or no Metadata): their modules are not known."),
            true});
        return;
    }
    if (const QString warning = modulesUniformChangeWarning(a.plan(), b.plan(), comparison);
        !warning.isEmpty())
        section.blocks.emplace_back(Paragraph{warning});
    const ModuleTree& treeA = comparison.a;
    const ModuleTree& treeB = comparison.b;
    section.blocks.emplace_back(Paragraph{
        QStringLiteral("Each engine's layers attributed to the model's modules by the same rule: "
                       "A %1 (%2), B %3 (%4). The %5 largest changes at any depth, B's time "
                       "minus A's:")
            .arg(millisecondsText(treeA.totalMs), unattributedText(treeA),
                 millisecondsText(treeB.totalMs), unattributedText(treeB))
            .arg(kHeaviest)});
    std::vector<int> rows = comparison.byDelta();
    rows.resize(std::min(rows.size(), kHeaviest));
    section.blocks.emplace_back(deltaTable(comparison, rows));
}

void addModules(Report& report, const PlanAnalysis& analysis) {
    const ModuleTree& tree = *analysis.modules();
    Section& section =
        report.addSection(QStringLiteral("modules"), QStringLiteral("Time by module"), 2);
    if (!tree.hasPaths()) {
        section.blocks.emplace_back(Paragraph{
            QStringLiteral("No layer names a module path (ONNX nodes named like \"Conv_12\", or "
                           "no Metadata): the model's modules are not known."),
            true});
        return;
    }
    section.blocks.emplace_back(Paragraph{
        QStringLiteral("The model's modules, from the module paths of the ONNX nodes each layer "
                       "implements; a module's time holds its submodules'. %1 of %2 attributed "
                       "to modules%3.")
            .arg(millisecondsText(tree.root().ms), millisecondsText(tree.totalMs),
                 tree.unattributedLayers.empty()
                     ? QString()
                     : QStringLiteral("; %1 name no ONNX node")
                           .arg(countText(qint64(tree.unattributedLayers.size()),
                                          QStringLiteral("layer"))))});
    section.blocks.emplace_back(moduleTable(tree, tree.root().children, false));
    std::vector<int> all;
    for (std::size_t m = 1; m < tree.modules.size(); ++m)
        all.push_back(int(m));
    std::stable_sort(all.begin(), all.end(), [&](int a, int b) {
        return tree.modules[std::size_t(a)].ms.value_or(-1) >
               tree.modules[std::size_t(b)].ms.value_or(-1);
    });
    all.resize(std::min(all.size(), kHeaviest));
    section.blocks.emplace_back(Paragraph{QStringLiteral("The heaviest modules at any depth:")});
    section.blocks.emplace_back(moduleTable(tree, all, true));
}

} // namespace planscope::report
