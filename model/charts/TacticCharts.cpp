#include "charts/ChartBuilders.h"
#include "charts/ChartCatalog.h"
#include "tactics/TacticLog.h"

#include <cmath>

namespace planscope::charts {
namespace {

const QString kNoLog = QStringLiteral(
    "No verbose build log is open with this plan. Open the log trtexec --verbose printed while "
    "building (File > Add Build Log), or drop it on the window.");

QString typeOf(const Layer& l) {
    return l.type;
}

// The layers the log says something about, each with its subject.
std::vector<std::pair<const Layer*, const TacticSubject*>> tunedLayers(const EnginePlan& plan) {
    std::vector<std::pair<const Layer*, const TacticSubject*>> tuned;
    if (!plan.tactics)
        return tuned;
    for (const Layer& l : plan.layers)
        if (const TacticSubject* s = plan.tactics->subjectForLayer(l.name))
            tuned.emplace_back(&l, s);
    return tuned;
}

Chart autotuneTime(const EnginePlan& plan) {
    // Only the layers whose autotuning time the log gives: one bar each.
    auto tuned = tunedLayers(plan);
    const std::size_t matched = tuned.size();
    std::erase_if(tuned, [](const auto& entry) { return !entry.second->autotuneSeconds; });
    Layers layers;
    for (const auto& entry : tuned)
        layers.push_back(entry.first);
    const LayerValue seconds = [&](const Layer& l) {
        return plan.tactics->subjectForLayer(l.name)->autotuneSeconds;
    };
    Panel panel =
        perLayerBars(layers, seconds, QStringLiteral("Autotuning (s)"), typeOf, typeColors(plan));
    for (std::size_t i = 0; i < panel.bars.size(); ++i)
        panel.bars[i].segments.front().tooltip +=
            QStringLiteral("\n%1 tactics timed").arg(tuned[i].second->timings.size());
    panel.title = QStringLiteral("Time the builder spent autotuning each layer (s)");
    panel.emptyMessage = !plan.tactics ? kNoLog
                         : matched > 0
                             ? QStringLiteral("The log gives no autotuning times: it has no "
                                              "\"profiling completed in S seconds\" lines "
                                              "(TensorRT 8.4 and before print none).")
                             : QStringLiteral("The log's subjects match no layer of this plan.");
    return singlePanel({}, {}, std::move(panel));
}

Chart chosenVsFastest(const EnginePlan& plan) {
    Panel ratio;
    ratio.title = QStringLiteral("Chosen tactic's time / fastest tactic's time, per layer");
    ratio.xLabel = QStringLiteral("Layer");
    ratio.yLabel = QStringLiteral("Chosen / fastest");
    ratio.lines.push_back({1.0, QStringLiteral("fastest"), palette::qualitativeColor(3)});
    Panel times;
    times.kind = PanelKind::Scatter;
    times.title = QStringLiteral("Fastest vs chosen time (ms)");
    times.xLabel = QStringLiteral("Fastest timed (ms)");
    times.yLabel = QStringLiteral("Chosen (ms)");
    const KeyColor color = typeColors(plan);
    Layers layers; // those with both times
    for (const auto& [layer, subject] : tunedLayers(plan)) {
        const TacticSummary summary = summarizeSubject(*plan.tactics, *subject);
        if (!summary.fastest || !summary.chosenMs || summary.fastest->timeMs <= 0)
            continue;
        layers.push_back(layer);
        Mark m;
        m.value = *summary.chosenMs / summary.fastest->timeMs;
        m.key = layer->type;
        m.color = color(layer->type);
        m.layer = layer->index;
        m.tooltip = layerTooltip(
            *layer, {QStringLiteral("Chosen: %1 (%2 ms)")
                         .arg(tacticText(summary.chosen->tactic), formatNumber(*summary.chosenMs)),
                     QStringLiteral("Fastest: %1 (%2 ms, %3)")
                         .arg(tacticText(summary.fastest->tactic),
                              formatNumber(summary.fastest->timeMs), summary.fastest->runner),
                     QStringLiteral("Chosen / fastest: %1").arg(formatNumber(m.value))});
        Mark point = m;
        point.x = summary.fastest->timeMs;
        point.y = *summary.chosenMs;
        ratio.bars.push_back({QString::number(layer->index), {std::move(m)}});
        times.points.push_back(std::move(point));
    }
    ratio.legend = legendOf(layers, typeOf, color); // the scatter's colors are the same
    for (Panel* p : {&ratio, &times})
        p->emptyMessage = plan.tactics ? QStringLiteral("No layer of this plan has both a "
                                                        "chosen and a timed tactic in the log.")
                                       : kNoLog;
    Chart chart; // stacked: side by side, small windows leave the plots no room beside legends
    chart.panels.push_back(std::move(ratio));
    chart.panels.push_back(std::move(times));
    return chart;
}

} // namespace

void addTacticCharts(std::vector<ChartDefinition>& charts) {
    const QString group = QStringLiteral("Tactics and fusion");
    charts.push_back({"tactics-autotune-time", group,
                      "Autotuning time per layer (verbose build log)", autotuneTime});
    charts.push_back({"tactics-chosen-vs-fastest", group,
                      "Chosen vs fastest tactic time per layer (verbose build log)",
                      chosenVsFastest});
}

} // namespace planscope::charts
