#include "charts/ChartBuilders.h"
#include "charts/ChartCatalog.h"
#include "metrics/LayerGroups.h"
#include "plan/EngineMetadata.h"
#include "plan/FigureText.h"

#include <QHash>
#include <algorithm>

namespace planscope::charts {
namespace {

// Inner ring: layer types; outer ring: their layers; angle = latency (measured layers only).
Chart latencySunburst(const EnginePlan& plan) {
    const KeyColor color = typeColors(plan);
    Panel panel;
    panel.kind = PanelKind::Rings;
    QHash<QString, std::size_t> position;
    for (const Layer& l : plan.layers) {
        if (!l.timing.measured)
            continue;
        auto it = position.find(l.type);
        if (it == position.end()) {
            it = position.insert(l.type, panel.rings.size());
            RingNode type{l.type, {}, {}};
            type.mark.key = l.type;
            type.mark.color = color(l.type);
            panel.rings.push_back(std::move(type));
        }
        RingNode& type = panel.rings[*it];
        Mark m;
        m.value = l.timing.averageMs;
        m.color = type.mark.color;
        m.layer = l.index;
        m.key = l.type;
        m.tooltip = layerTooltip(l);
        type.mark.value += m.value;
        type.children.push_back({l.name, std::move(m), {}});
    }
    const double total = plan.totalAverageMs().value_or(0.0);
    for (RingNode& type : panel.rings)
        type.mark.tooltip =
            QStringLiteral("%1: %2\n%3 ms (%4%)\nClick to look inside")
                .arg(type.label, countText(qint64(type.children.size()), QStringLiteral("layer")))
                .arg(QString::number(type.mark.value, 'f', 4))
                .arg(QString::number(total > 0 ? 100 * type.mark.value / total : 0, 'f', 1));
    std::stable_sort(
        panel.rings.begin(), panel.rings.end(),
        [](const RingNode& a, const RingNode& b) { return a.mark.value > b.mark.value; });
    for (const RingNode& type : panel.rings)
        panel.legend.emplace_back(type.label, type.mark.color);
    if (total <= 0)
        panel.rings.clear(); // nothing measured: nothing to divide
    panel.emptyMessage = noTimingsMessage();
    return singlePanel({}, {}, std::move(panel));
}

// Inner ring: layer types; outer ring: the precisions of their layers; angle = layer count.
Chart precisionPerType(const EnginePlan& plan) {
    const KeyColor color = typeColors(plan);
    Panel panel;
    panel.kind = PanelKind::Rings;
    for (const Layer& l : plan.layers) {
        auto type = std::find_if(panel.rings.begin(), panel.rings.end(),
                                 [&](const RingNode& n) { return n.label == l.type; });
        if (type == panel.rings.end()) {
            RingNode node{l.type, {}, {}};
            node.mark.color = color(l.type);
            node.mark.key = l.type;
            type = panel.rings.insert(panel.rings.end(), std::move(node));
        }
        type->mark.value += 1;
        auto precision = std::find_if(type->children.begin(), type->children.end(),
                                      [&](const RingNode& n) { return n.label == l.precision; });
        if (precision == type->children.end()) {
            RingNode node{l.precision, {}, {}};
            node.mark.color = palette::precisionColor(l.precision);
            node.mark.key = l.precision;
            precision = type->children.insert(type->children.end(), std::move(node));
        }
        precision->mark.value += 1;
    }
    for (RingNode& type : panel.rings) {
        type.mark.tooltip = QStringLiteral("%1: %2").arg(
            type.label, countText(qint64(type.mark.value), QStringLiteral("layer")));
        for (RingNode& p : type.children)
            p.mark.tooltip = QStringLiteral("%1 %2: %3")
                                 .arg(type.label, p.label,
                                      countText(qint64(p.mark.value), QStringLiteral("layer")));
    }
    panel.legend = legendOf(allLayers(plan), layerPrecisionKey, palette::precisionColor);
    return singlePanel({}, {}, std::move(panel));
}

Panel donut(const QString& title, const std::vector<std::pair<QString, double>>& slices) {
    Panel panel;
    panel.kind = PanelKind::Rings;
    panel.title = title;
    for (const auto& [key, value] : slices) {
        RingNode node{key, {}, {}};
        node.mark.value = value;
        node.mark.color = palette::precisionColor(key);
        node.mark.key = key;
        node.mark.tooltip = QStringLiteral("%1: %2").arg(key, formatNumber(value));
        panel.rings.push_back(std::move(node));
        panel.legend.emplace_back(key, palette::precisionColor(key));
    }
    return panel;
}

// Adds `value` to the slice of `key`, appending a slice for a new key.
void addToSlice(std::vector<std::pair<QString, double>>& slices, const QString& key, double value) {
    auto it = std::find_if(slices.begin(), slices.end(),
                           [&](const auto& slice) { return slice.first == key; });
    if (it == slices.end())
        slices.emplace_back(key, value);
    else
        it->second += value;
}

Chart precisionRollup(const EnginePlan& plan) {
    std::vector<std::pair<QString, double>> counts;
    std::vector<std::pair<QString, double>> shares; // of measured layers only
    for (const Layer& l : plan.layers) {
        addToSlice(counts, l.precision, 1);
        if (const auto percent = layerPercent(l))
            addToSlice(shares, l.precision, *percent);
    }
    Chart chart;
    chart.columns = 2;
    chart.panels.push_back(donut(QStringLiteral("Layer count by precision"), counts));
    Panel latency = donut(QStringLiteral("% latency by precision"), shares);
    if (plan.totalAverageMs().value_or(0.0) <= 0)
        latency.rings.clear();
    latency.emptyMessage = noTimingsMessage();
    chart.panels.push_back(std::move(latency));
    return chart;
}

// Engine latency of each timing sample, with the run's summary statistics as lines.
Chart timingSamples(const EnginePlan& plan) {
    Panel panel;
    panel.kind = PanelKind::Scatter;
    panel.xLabel = QStringLiteral("Timing sample");
    panel.yLabel = QStringLiteral("Latency (ms)");
    panel.emptyMessage =
        QStringLiteral("No timing samples: export them with trtexec --exportTimes.");
    panel.zeroBased = false;
    const auto& samples = plan.timingSamplesMs;
    for (std::size_t i = 0; i < samples.size(); ++i) {
        Mark m;
        m.x = static_cast<double>(i);
        m.y = samples[i];
        m.color = 0x76B900;
        m.tooltip = QStringLiteral("Sample %1: %2 ms").arg(i).arg(samples[i]);
        panel.points.push_back(std::move(m));
    }
    const auto latency = plan.metadata.performance.find("Latency");
    if (!samples.empty() && latency != plan.metadata.performance.end()) {
        const std::pair<const char*, Rgb> shown[] = {
            {"min", 0x4064EC}, {"median", 0x008619}, {"mean", 0xE46D00}, {"p99", 0xA11350}};
        for (const auto& [name, color] : shown) {
            const QString label = QString::fromLatin1(name);
            const auto value = latencyStatistic(*latency, label);
            if (!value)
                continue;
            panel.lines.push_back({*value, label, color});
            panel.legend.emplace_back(
                label + QStringLiteral(" ") + formatNumber(*value) + QStringLiteral(" ms"), color);
        }
    }
    return singlePanel({}, {}, std::move(panel));
}

KeyColor precisionColors(const EnginePlan&) {
    return palette::precisionColor;
}

} // namespace

void addPerformanceCharts(std::vector<ChartDefinition>& charts) {
    const QString group = QStringLiteral("Performance");
    // Bars per layer colored by a key, with the plan's colors of that key.
    const auto perLayer = [](const LayerValue& value, const QString& label, const LayerKey& key,
                             KeyColor (*colors)(const EnginePlan&)) {
        return [=](const EnginePlan& plan) {
            return singlePanel({}, {},
                               perLayerBars(allLayers(plan), value, label, key, colors(plan)));
        };
    };
    const auto perType = [](const LayerValue& value, const QString& label) {
        return [=](const EnginePlan& plan) {
            return singlePanel(
                {}, {}, keyBars(allLayers(plan), layerTypeKey, value, label, typeColors(plan)));
        };
    };
    KeyColor (*const byType)(const EnginePlan&) = typeColors;
    charts.push_back(
        {"latency-sunburst", group, "Latency by layer type and layer", latencySunburst});
    charts.push_back({"latency-per-layer-pct", group, "Latency per layer (%)",
                      perLayer(layerPercent, "Latency (%)", layerTypeKey, byType)});
    charts.push_back({"latency-per-layer-ms", group, "Latency per layer (ms)",
                      perLayer(layerAverageMs, "Latency (ms)", layerTypeKey, byType)});
    charts.push_back(
        {"precision-per-layer", group, "Latency per layer, colored by precision",
         perLayer(layerAverageMs, "Latency (ms)", layerPrecisionKey, precisionColors)});
    charts.push_back(
        {"output-precision-per-layer", group, "Latency per layer, colored by output precision",
         perLayer(layerAverageMs, "Latency (ms)", layerOutputPrecisionKey, precisionColors)});
    charts.push_back(
        {"latency-histogram", group, "Distribution of layer latency", [](const EnginePlan& plan) {
             return singlePanel({}, {},
                                histogram(allLayers(plan), layerAverageMs, "Latency (ms)",
                                          layerTypeKey, typeColors(plan)));
         }});
    charts.push_back({"count-per-type", group, "Layer count per type", perType(oneEach, "Layers")});
    charts.push_back({"latency-per-type-ms", group, "Latency per layer type (ms)",
                      perType(layerAverageMs, "Latency (ms)")});
    charts.push_back({"latency-per-type-pct", group, "Latency per layer type (%)",
                      perType(layerPercent, "Latency (%)")});
    charts.push_back(
        {"precision-per-type", group, "Precision per layer type (layer count)", precisionPerType});
    charts.push_back(
        {"precision-rollup", group, "Layer count and latency by precision", precisionRollup});
    charts.push_back({"timing-samples", group, "Engine latency per timing sample", timingSamples});
}

} // namespace planscope::charts
