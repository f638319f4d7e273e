#include "charts/CompareCharts.h"

#include "charts/ChartBuilders.h"
#include "compare/LayerMatching.h"
#include "compare/PlanLabels.h"
#include "metrics/LayerGroups.h"
#include "plan/EngineMetadata.h"
#include "plan/FigureText.h"
#include "plan/PlanError.h"

#include <QHash>

namespace planscope::charts {
namespace {

double batchOf(const EnginePlan& plan) {
    const auto inputs = plan.inputBindings();
    return !inputs.empty() && !inputs.front()->shape.empty() && inputs.front()->shape[0] > 0
               ? static_cast<double>(inputs.front()->shape[0])
               : 1.0;
}

// A value of a layer of a plan; nothing when the plan's files do not give it.
using PlanLayerValue = std::function<std::optional<double>(const Layer&, const EnginePlan&)>;

// One bar per plan, stacked by a key of its layers (those with a value).
Panel stackedPerPlan(const Plans& plans, const LayerKey& key, const KeyColor& color,
                     const PlanLayerValue& value, const QString& label) {
    Panel panel;
    panel.xLabel = QStringLiteral("Engine");
    panel.yLabel = label;
    const QStringList names = planLabels(plans);
    for (std::size_t p = 0; p < plans.size(); ++p) {
        BarGroup group{names[qsizetype(p)], {}};
        QHash<QString, std::size_t> position;
        Layers shown;
        for (const Layer& l : plans[p]->layers) {
            const auto v = value(l, *plans[p]);
            if (!v)
                continue;
            shown.push_back(&l);
            const QString k = key(l);
            auto it = position.find(k);
            if (it == position.end()) {
                it = position.insert(k, group.segments.size());
                Mark m;
                m.key = k;
                m.color = color(k);
                group.segments.push_back(m);
            }
            group.segments[*it].value += *v;
        }
        for (Mark& m : group.segments)
            m.tooltip =
                QStringLiteral("%1\n%2: %3").arg(names[qsizetype(p)], m.key, formatNumber(m.value));
        panel.bars.push_back(std::move(group));
        for (const auto& entry : legendOf(shown, key, color))
            if (std::find(panel.legend.begin(), panel.legend.end(), entry) == panel.legend.end())
                panel.legend.push_back(entry);
    }
    if (std::all_of(panel.bars.begin(), panel.bars.end(),
                    [](const BarGroup& g) { return g.segments.empty(); })) {
        panel.bars.clear();
        panel.emptyMessage = noTimingsMessage();
    }
    return panel;
}

Chart single(Panel panel) {
    return singlePanel({}, {}, std::move(panel));
}

// One donut per plan.
Chart donutsPerPlan(const Plans& plans, const LayerKey& key) {
    Chart chart;
    chart.columns = static_cast<int>(std::min<std::size_t>(plans.size(), 3));
    const QStringList names = planLabels(plans);
    for (std::size_t p = 0; p < plans.size(); ++p) {
        Panel panel;
        panel.kind = PanelKind::Rings;
        panel.title = names[qsizetype(p)];
        for (const Layer& l : plans[p]->layers) {
            const QString k = key(l);
            auto it = std::find_if(panel.rings.begin(), panel.rings.end(),
                                   [&](const RingNode& n) { return n.label == k; });
            if (it == panel.rings.end()) {
                RingNode node{k, {}, {}};
                node.mark.color = palette::precisionColor(k);
                node.mark.key = k;
                it = panel.rings.insert(panel.rings.end(), node);
                panel.legend.emplace_back(k, palette::precisionColor(k));
            }
            it->mark.value += 1;
            it->mark.tooltip = QStringLiteral("%1: %2").arg(
                k, countText(qint64(it->mark.value), QStringLiteral("layer")));
        }
        chart.panels.push_back(std::move(panel));
    }
    return chart;
}

Chart throughput(const Plans& plans) {
    const QStringList names = planLabels(plans);
    Panel ips;
    ips.horizontal = true;
    ips.title = QStringLiteral("Throughput (inferences / s)");
    ips.xLabel = QStringLiteral("Inferences / s");
    Panel latency;
    latency.horizontal = true;
    latency.title = QStringLiteral("Engine latency, mean (ms)");
    latency.xLabel = QStringLiteral("ms");
    for (std::size_t p = 0; p < plans.size(); ++p) {
        const OrderedJson& perf = plans[p]->metadata.performance;
        const auto t = perf.find("Throughput");
        const auto l = perf.find("Latency");
        Mark a;
        a.value = t != perf.end() && t->is_number() ? t->get<double>() : 0;
        a.color = palette::qualitativeColor(int(p));
        a.tooltip =
            QStringLiteral("%1: %2 inferences/s").arg(names[qsizetype(p)], formatNumber(a.value));
        Mark b;
        b.value = l != perf.end() && l->is_array() && l->size() > 2 && (*l)[2].is_number()
                      ? (*l)[2].get<double>()
                      : 0;
        b.color = palette::qualitativeColor(int(p));
        b.tooltip =
            QStringLiteral("%1: %2 ms mean").arg(names[qsizetype(p)], formatNumber(b.value));
        if (a.value > 0)
            ips.bars.push_back({names[qsizetype(p)], {a}});
        if (b.value > 0)
            latency.bars.push_back({names[qsizetype(p)], {b}});
    }
    ips.emptyMessage = latency.emptyMessage =
        QStringLiteral("No performance summary: export the profile metadata.");
    Chart chart;
    chart.columns = 2;
    chart.panels.push_back(std::move(ips));
    chart.panels.push_back(std::move(latency));
    return chart;
}

// The first two plans' layers aligned by trex's matching: one bar per pair, a gap where a
// plan has no counterpart (or no measured latency). Both panels share one latency axis, so a
// layer twice as fast is half as tall.
Chart alignedLayers(const Plans& plans) {
    Chart chart;
    if (plans.size() < 2)
        return chart;
    const auto pairs = matchLayers(*plans[0], *plans[1], true);
    const QStringList names = planLabels(plans);
    const KeyColor color = typeColors(Plans{plans[0], plans[1]});
    double longest = 0;
    std::vector<std::pair<QString, Rgb>> legend; // both plans' types: one legend for both
    for (int side = 0; side < 2; ++side) {
        const EnginePlan& plan = *plans[std::size_t(side)];
        Panel panel;
        panel.xLabel = QStringLiteral("Matched pair");
        panel.yLabel = QStringLiteral("Latency (ms)");
        const std::optional<double> total = plan.totalAverageMs();
        panel.title =
            total ? QStringLiteral("%1: %2 ms in all").arg(names[side], formatNumber(*total))
                  : QStringLiteral("%1: no per-layer timings").arg(names[side]);
        for (std::size_t i = 0; i < pairs.size(); ++i) {
            const int index = side == 0 ? pairs[i].a : pairs[i].b;
            BarGroup group{QString::number(i), {}};
            const Layer* l = index >= 0 ? &plan.layers[std::size_t(index)] : nullptr;
            if (l && l->timing.measured) {
                Mark m;
                m.value = l->timing.averageMs;
                m.key = l->type;
                m.color = color(l->type);
                m.layer = side == 0 ? l->index : -1; // selection follows plan A's layers
                m.tooltip = layerTooltip(*l);
                longest = std::max(longest, m.value);
                if (std::find(legend.begin(), legend.end(), std::pair(m.key, m.color)) ==
                    legend.end())
                    legend.emplace_back(m.key, m.color);
                group.segments.push_back(std::move(m));
            }
            panel.bars.push_back(std::move(group));
        }
        if (!std::any_of(plan.layers.begin(), plan.layers.end(),
                         [](const Layer& l) { return l.timing.measured; })) {
            panel.bars.clear();
            panel.emptyMessage = noTimingsMessage();
        }
        chart.panels.push_back(std::move(panel));
    }
    for (Panel& panel : chart.panels) {
        panel.valueMax = longest;
        panel.legend = legend;
    }
    return chart;
}

} // namespace

const std::vector<CompareChartDefinition>& compareChartCatalog() {
    static const std::vector<CompareChartDefinition> catalog = {
        {"compare-latency-by-type", "Latency by layer type, stacked per plan",
         [](const Plans& p) {
             return single(stackedPerPlan(
                 p, layerTypeKey, typeColors(p),
                 [](const Layer& l, const EnginePlan&) { return layerAverageMs(l); },
                 "Latency (ms)"));
         }},
        {"compare-latency-by-type-per-batch",
         "Latency by layer type per batch item (normalized by batch size)",
         [](const Plans& p) {
             return single(stackedPerPlan(
                 p, layerTypeKey, typeColors(p),
                 [](const Layer& l, const EnginePlan& plan) -> std::optional<double> {
                     if (const auto ms = layerAverageMs(l))
                         return *ms / batchOf(plan);
                     return std::nullopt;
                 },
                 "Latency per batch item (ms)"));
         }},
        {"compare-count-per-type", "Layer count per type, stacked per plan",
         [](const Plans& p) {
             return single(stackedPerPlan(
                 p, layerTypeKey, typeColors(p),
                 [](const Layer&, const EnginePlan&) { return std::optional(1.0); }, "Layers"));
         }},
        {"compare-latency-by-precision", "Latency by precision, stacked per plan",
         [](const Plans& p) {
             return single(stackedPerPlan(
                 p, layerPrecisionKey, palette::precisionColor,
                 [](const Layer& l, const EnginePlan&) { return layerAverageMs(l); },
                 "Latency (ms)"));
         }},
        {"compare-precision-counts", "Layer count by precision, per plan",
         [](const Plans& p) { return donutsPerPlan(p, layerPrecisionKey); }},
        {"compare-output-precision-counts", "Layer count by output precision, per plan",
         [](const Plans& p) { return donutsPerPlan(p, layerOutputPrecisionKey); }},
        {"compare-throughput", "Throughput and engine latency per plan", throughput},
        {"compare-aligned-layers", "Latency of matched layers, aligned (gaps: no counterpart)",
         alignedLayers},
    };
    return catalog;
}

Chart buildCompareChart(const Plans& plans, const QString& id) {
    for (const CompareChartDefinition& d : compareChartCatalog())
        if (d.id == id) {
            Chart chart = d.build(plans);
            chart.id = d.id;
            chart.title = d.description;
            return chart;
        }
    throw PlanError(QStringLiteral("there is no comparison chart '%1'. 'planscope export-chart "
                                   "--compare --list' lists them.")
                        .arg(id));
}

} // namespace planscope::charts
