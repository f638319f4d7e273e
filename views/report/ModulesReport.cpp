#include "report/ModulesReport.h"

#include "analysis/PlanAnalysis.h"
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

} // namespace

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
