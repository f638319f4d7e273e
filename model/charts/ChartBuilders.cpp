#include "charts/ChartBuilders.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace planscope::charts {

namespace {

// The smallest and largest value over the layers (0, 0 for none).
std::pair<double, double> valueRange(const Layers& layers, const LayerValue& value) {
    double lo = 0;
    double hi = 0;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const double v = value(*layers[i]);
        lo = i ? std::min(lo, v) : v;
        hi = i ? std::max(hi, v) : v;
    }
    return {lo, hi};
}

} // namespace

double layerAverageMs(const Layer& layer) {
    return layer.timing.averageMs;
}
double layerPercent(const Layer& layer) {
    return layer.timing.percent;
}
double oneEach(const Layer&) {
    return 1;
}

Layers allLayers(const EnginePlan& plan) {
    Layers layers;
    layers.reserve(plan.layers.size());
    for (const Layer& l : plan.layers)
        layers.push_back(&l);
    return layers;
}

Layers layersOfType(const EnginePlan& plan, const QString& type) {
    Layers layers;
    for (const Layer& l : plan.layers)
        if (l.type == type)
            layers.push_back(&l);
    return layers;
}

Layers convolutions(const EnginePlan& plan) {
    Layers layers;
    for (const Layer& l : plan.layers)
        if (l.convolution)
            layers.push_back(&l);
    return layers;
}

QString formatNumber(double value) {
    const double magnitude = std::abs(value);
    if (magnitude != 0 && (magnitude >= 1e6 || magnitude < 1e-3))
        return QString::number(value, 'g', 3);
    return QString::number(value, 'f', magnitude >= 100 ? 0 : magnitude >= 1 ? 2 : 4);
}

QString formatBytes(double bytes) {
    constexpr double kKilo = 1024.0;
    if (bytes >= kKilo * kKilo)
        return QString::number(bytes / (kKilo * kKilo), 'f', 1) + QStringLiteral(" MB");
    if (bytes >= kKilo)
        return QString::number(bytes / kKilo, 'f', 1) + QStringLiteral(" KB");
    return QString::number(bytes, 'f', 0) + QStringLiteral(" B");
}

QString layerTooltip(const Layer& l, const QStringList& extra) {
    QStringList lines{QStringLiteral("%1: %2").arg(l.index).arg(l.name),
                      QStringLiteral("%1, %2").arg(l.type, l.precision),
                      QStringLiteral("%1 ms (%2%)")
                          .arg(QString::number(l.timing.averageMs, 'f', 4),
                               QString::number(l.timing.percent, 'f', 2))};
    return (lines + extra).join('\n');
}

std::vector<std::pair<QString, Rgb>> legendOf(const Layers& layers, const LayerKey& key,
                                              const KeyColor& color) {
    std::vector<std::pair<QString, Rgb>> legend;
    QHash<QString, bool> seen;
    for (const Layer* l : layers) {
        const QString k = key(*l);
        if (!seen.contains(k)) {
            seen.insert(k, true);
            legend.emplace_back(k, color(k));
        }
    }
    return legend;
}

Panel perLayerBars(const Layers& layers, const LayerValue& value, const QString& valueLabel,
                   const LayerKey& key, const KeyColor& color) {
    Panel panel;
    panel.xLabel = QStringLiteral("Layer");
    panel.yLabel = valueLabel;
    panel.bars.reserve(layers.size());
    for (const Layer* l : layers) {
        Mark m;
        m.value = value(*l);
        m.key = key(*l);
        m.color = color(m.key);
        m.layer = l->index;
        m.tooltip = layerTooltip(*l, {valueLabel + QStringLiteral(": ") + formatNumber(m.value)});
        panel.bars.push_back({QString::number(l->index), {std::move(m)}});
    }
    panel.legend = legendOf(layers, key, color);
    return panel;
}

Panel perLayerBarsScaled(const Layers& layers, const LayerValue& value, const QString& valueLabel,
                         const LayerValue& colorValue, const QString& colorLabel) {
    const auto [lo, hi] = valueRange(layers, colorValue);
    Panel panel;
    panel.xLabel = QStringLiteral("Layer");
    panel.yLabel = valueLabel;
    for (const Layer* l : layers) {
        const double c = colorValue(*l);
        Mark m;
        m.value = value(*l);
        m.color = palette::scaleColor(hi > lo ? (c - lo) / (hi - lo) : 0.5);
        m.layer = l->index;
        m.tooltip = layerTooltip(*l, {valueLabel + QStringLiteral(": ") + formatNumber(m.value),
                                      colorLabel + QStringLiteral(": ") + formatNumber(c)});
        panel.bars.push_back({QString::number(l->index), {std::move(m)}});
    }
    panel.colorScale = ColorScale{colorLabel, lo, hi};
    return panel;
}

Panel keyBars(const Layers& layers, const LayerKey& key, const LayerValue& value,
              const QString& valueLabel, const KeyColor& color) {
    Panel panel;
    panel.horizontal = true;
    panel.xLabel = valueLabel;
    QHash<QString, std::size_t> position;
    for (const Layer* l : layers) {
        const QString k = key(*l);
        auto it = position.find(k);
        if (it == position.end()) {
            it = position.insert(k, panel.bars.size());
            Mark m;
            m.key = k;
            m.color = color(k);
            panel.bars.push_back({k, {m}});
        }
        panel.bars[*it].segments.front().value += value(*l);
    }
    std::stable_sort(panel.bars.begin(), panel.bars.end(),
                     [](const BarGroup& a, const BarGroup& b) {
                         return a.segments.front().value > b.segments.front().value;
                     });
    for (BarGroup& g : panel.bars)
        g.segments.front().tooltip = g.label + QStringLiteral("\n") + valueLabel +
                                     QStringLiteral(": ") + formatNumber(g.segments.front().value);
    return panel;
}

Panel histogram(const Layers& layers, const LayerValue& value, const QString& valueLabel,
                const LayerKey& key, const KeyColor& color, int bins) {
    Panel panel;
    panel.xLabel = valueLabel;
    panel.yLabel = QStringLiteral("Layers");
    if (layers.empty())
        return panel;
    double lo = value(*layers.front());
    double hi = lo;
    for (const Layer* l : layers) {
        lo = std::min(lo, value(*l));
        hi = std::max(hi, value(*l));
    }
    const double width = hi > lo ? (hi - lo) / bins : 1.0;
    std::vector<std::vector<std::pair<QString, int>>> counts(static_cast<std::size_t>(bins));
    for (const Layer* l : layers) {
        const int bin = std::min(bins - 1, static_cast<int>((value(*l) - lo) / width));
        auto& stack = counts[static_cast<std::size_t>(bin)];
        const QString k = key(*l);
        auto it =
            std::find_if(stack.begin(), stack.end(), [&](const auto& e) { return e.first == k; });
        if (it == stack.end())
            stack.emplace_back(k, 1);
        else
            ++it->second;
    }
    for (int b = 0; b < bins; ++b) {
        const double from = lo + b * width;
        BarGroup group{formatNumber(from), {}};
        for (const auto& [k, n] : counts[static_cast<std::size_t>(b)]) {
            Mark m;
            m.value = n;
            m.key = k;
            m.color = color(k);
            m.tooltip = QStringLiteral("%1 to %2\n%3: %4 layers")
                            .arg(formatNumber(from), formatNumber(from + width), k)
                            .arg(n);
            group.segments.push_back(std::move(m));
        }
        panel.bars.push_back(std::move(group));
    }
    panel.legend = legendOf(layers, key, color);
    return panel;
}

Panel scatter(const Layers& layers, const LayerValue& x, const QString& xLabel, const LayerValue& y,
              const QString& yLabel, const LayerValue& color, const QString& colorLabel,
              const LayerValue& size) {
    Panel panel;
    panel.kind = PanelKind::Scatter;
    panel.xLabel = xLabel;
    panel.yLabel = yLabel;
    const auto [lo, hi] = valueRange(layers, color);
    for (const Layer* l : layers) {
        Mark m;
        m.x = x(*l);
        m.y = y(*l);
        m.size = size ? size(*l) : 0;
        const double c = color(*l);
        m.color = palette::scaleColor(hi > lo ? (c - lo) / (hi - lo) : 0.5);
        m.layer = l->index;
        m.tooltip = layerTooltip(*l, {xLabel + QStringLiteral(": ") + formatNumber(m.x),
                                      yLabel + QStringLiteral(": ") + formatNumber(m.y),
                                      colorLabel + QStringLiteral(": ") + formatNumber(c)});
        panel.points.push_back(std::move(m));
    }
    panel.colorScale = ColorScale{colorLabel, lo, hi};
    return panel;
}

Chart singlePanel(const QString& id, const QString& title, Panel panel) {
    Chart chart;
    chart.id = id;
    chart.title = title;
    chart.panels.push_back(std::move(panel));
    return chart;
}

} // namespace planscope::charts
