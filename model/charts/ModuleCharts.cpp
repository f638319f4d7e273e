#include "analysis/PlanAnalysis.h"
#include "charts/ChartBuilders.h"
#include "charts/ChartCatalog.h"
#include "plan/FigureText.h"

namespace planscope::charts {
namespace {

QString moduleTooltip(const ModuleTree& tree, const Module& m) {
    QString tip = QStringLiteral("%1\n%2 (%3), %4")
                      .arg(m.path, millisecondsText(m.ms, 4), percentText(tree.percent(m)),
                           countText(m.layers, QStringLiteral("layer")));
    if (m.selfMs && !m.children.empty())
        tip += QStringLiteral("\nits own layers: %1").arg(millisecondsText(m.selfMs, 4));
    if (!m.children.empty())
        tip += QStringLiteral("\nClick to zoom in");
    return tip;
}

RingNode moduleRing(const ModuleTree& tree, int index, Rgb color) {
    const Module& m = tree.modules[std::size_t(index)];
    RingNode node{m.name, {}, {}};
    node.mark.value = m.ms.value_or(0);
    node.mark.color = color;
    node.mark.key = m.path;
    node.mark.tooltip = moduleTooltip(tree, m);
    for (int child : m.children)
        if (tree.modules[std::size_t(child)].ms.value_or(0) > 0)
            node.children.push_back(moduleRing(tree, child, color));
    return node;
}

// A slice for time that no submodule holds: the root's own layers, the unattributed layers.
RingNode restSlice(const QString& label, const QString& what, double ms, double total, Rgb color,
                   int layers) {
    RingNode node{label, {}, {}};
    node.mark.value = ms;
    node.mark.color = color;
    node.mark.tooltip = QStringLiteral("%1\n%2 (%3), %4")
                            .arg(what, millisecondsText(ms, 4), percentText(100 * ms / total),
                                 countText(layers, QStringLiteral("layer")));
    return node;
}

// Rings are depths of the model's modules (the top-level modules inside), angle = time; a
// module's own layers leave a gap in the ring outside it.
Chart moduleSunburst(const PlanAnalysis& analysis) {
    const ModuleTree& tree = *analysis.modules();
    Panel panel;
    panel.kind = PanelKind::Rings;
    panel.labelEveryRing = true;
    panel.emptyMessage = noTimingsMessage();
    const double total = tree.totalMs.value_or(0);
    if (total <= 0)
        return singlePanel({}, {}, std::move(panel));
    if (!tree.hasPaths())
        panel.emptyMessage = QStringLiteral(
            "No layer of this plan names a module path (its ONNX nodes are named like "
            "\"Conv_12\"): the model's modules are not known.");
    else {
        int color = 0;
        for (int child : tree.root().children) {
            if (tree.modules[std::size_t(child)].ms.value_or(0) <= 0)
                continue;
            panel.rings.push_back(moduleRing(tree, child, palette::qualitativeColor(color++)));
            panel.legend.emplace_back(panel.rings.back().label, panel.rings.back().mark.color);
        }
        if (const double self = tree.root().selfMs.value_or(0); self > 0)
            panel.rings.push_back(restSlice(QStringLiteral("(root)"),
                                            QStringLiteral("Layers whose nodes share no module "
                                                           "below the model's root"),
                                            self, total, Rgb(0xCFCFCF), // no module: gray
                                            int(tree.root().ownLayers.size())));
        if (const double rest = tree.unattributedMs.value_or(0); rest > 0)
            panel.rings.push_back(restSlice(
                QStringLiteral("(unattributed)"), QStringLiteral("Layers that name no ONNX node"),
                rest, total, palette::unknownColor(), int(tree.unattributedLayers.size())));
    }
    return singlePanel({}, {}, std::move(panel));
}

} // namespace

void addModuleCharts(std::vector<ChartDefinition>& charts) {
    charts.push_back({"module-sunburst", QStringLiteral("Performance"),
                      "Latency by module of the model (rings are depths)", moduleSunburst});
}

} // namespace planscope::charts
