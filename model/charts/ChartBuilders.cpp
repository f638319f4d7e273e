#include "charts/ChartBuilders.h"

#include "plan/FigureText.h"

#include <QHash>
#include <algorithm>
#include <cmath>

namespace planscope::charts {

namespace {

// The smallest and largest value over the layers that have one (nullopt: none has).
std::optional<std::pair<double, double>> valueRange(const Layers& layers, const LayerValue& value) {
    std::optional<std::pair<double, double>> range;
    for (const Layer* l : layers)
        if (const auto v = value(*l))
            range = range ? std::pair{std::min(range->first, *v), std::max(range->second, *v)}
                          : std::pair{*v, *v};
    return range;
}

// floor(log10(|v|)), robust to 1000 being 999.9999...
int decade(double v) {
    return static_cast<int>(std::floor(std::log10(std::abs(v)) + 1e-9));
}

// Fixed-point with `decimals`, without trailing zeros ("1.50" -> "1.5", "2.0" -> "2").
QString fixed(double value, int decimals) {
    QString text = QString::number(value, 'f', std::clamp(decimals, 0, 9));
    if (text.contains('.')) {
        while (text.endsWith('0'))
            text.chop(1);
        if (text.endsWith('.'))
            text.chop(1);
    }
    return text == QLatin1String("-0") ? QStringLiteral("0") : text;
}

QString valueLine(const QString& label, std::optional<double> value) {
    return label + QStringLiteral(": ") + (value ? formatNumber(*value) : QStringLiteral("-"));
}

// The color of `value` on a scale over `range`, or the not-measured color.
Rgb scaledColor(std::optional<double> value, std::optional<std::pair<double, double>> range) {
    if (!value || !range)
        return notMeasuredColor();
    const auto [lo, hi] = *range;
    return palette::scaleColor(hi > lo ? (*value - lo) / (hi - lo) : 0.5);
}

// The color scale of a panel whose marks are colored by a value; layers without the value
// get the not-measured color and a legend entry saying so.
void addColorScale(Panel& panel, const Layers& shown, const LayerValue& color,
                   const QString& label) {
    const auto range = valueRange(shown, color);
    if (range)
        panel.colorScale = ColorScale{label, range->first, range->second};
    if (std::any_of(shown.begin(), shown.end(), [&](const Layer* l) { return !color(*l); }))
        panel.legend.emplace_back(label + QStringLiteral(": not measured"), notMeasuredColor());
}

// A panel left empty because its layers have no value: say it is the timings that are missing.
void explainMissing(Panel& panel, const Layers& layers) {
    if (panel.isEmpty() && !layers.empty())
        panel.emptyMessage = noTimingsMessage();
}

} // namespace

std::optional<double> layerAverageMs(const Layer& layer) {
    return layer.timing.measured ? std::optional(layer.timing.averageMs) : std::nullopt;
}
std::optional<double> layerPercent(const Layer& layer) {
    return layer.timing.measured ? std::optional(layer.timing.percent) : std::nullopt;
}
double oneEach(const Layer&) {
    return 1;
}

QString noTimingsMessage() {
    return QStringLiteral("No per-layer timings in this plan. Export them with trtexec "
                          "--exportProfile=FILE --separateProfileRun "
                          "--profilingVerbosity=detailed and open the profile with the plan.");
}

Rgb notMeasuredColor() {
    return palette::unknownColor();
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

Chart explainNoConvolutions(Chart chart, const EnginePlan& plan) {
    if (!convolutions(plan).empty())
        return chart;
    const bool typed = std::any_of(plan.layers.begin(), plan.layers.end(),
                                   [](const Layer& l) { return l.isConvolution(); });
    const QString message =
        typed
            ? QStringLiteral("The files give no shapes of this plan's convolutions, so no MACs or "
                             "GEMM sizes: open the engine's graph JSON (trtexec "
                             "--exportLayerInfo=FILE --profilingVerbosity=detailed).")
            : QStringLiteral("This plan has no convolutions.");
    for (Panel& panel : chart.panels)
        panel.emptyMessage = message;
    return chart;
}

QString formatNumber(double value) {
    const double magnitude = std::abs(value);
    if (magnitude == 0)
        return QStringLiteral("0");
    if (magnitude >= 1e6 || magnitude < 1e-3)
        return formatShort(value);
    return QString::number(value, 'f', magnitude >= 100 ? 0 : magnitude >= 1 ? 2 : 4);
}

QString formatTick(double value, double step) {
    const double magnitude = std::abs(value);
    if (magnitude == 0 || magnitude < std::abs(step) * 1e-9)
        return QStringLiteral("0");
    const int stepDecade = decade(step);
    if (magnitude >= 1000) {
        static const char* const suffixes[] = {"k", "M", "G", "T", "P", "E"};
        const int group = std::min(6, decade(magnitude) / 3);
        return fixed(value / std::pow(10.0, 3 * group), 3 * group - stepDecade) +
               QLatin1String(suffixes[group - 1]);
    }
    if (magnitude >= 1e-3)
        return fixed(value, -stepDecade);
    const int e = decade(magnitude);
    return fixed(value / std::pow(10.0, e), e - stepDecade) + QStringLiteral("e%1").arg(e);
}

QString formatShort(double value) {
    if (value == 0 || !std::isfinite(value))
        return QString::number(value);
    return formatTick(value, std::pow(10.0, decade(value) - 2));
}

QString layerTooltip(const Layer& l, const QStringList& extra) {
    QStringList lines{QStringLiteral("%1: %2").arg(l.index).arg(l.name),
                      QStringLiteral("%1, %2").arg(l.type, l.precision),
                      l.timing.measured ? QStringLiteral("%1 ms (%2%)")
                                              .arg(QString::number(l.timing.averageMs, 'f', 4),
                                                   QString::number(l.timing.percent, 'f', 2))
                                        : QStringLiteral("Latency not measured")};
    return (lines + extra).join('\n');
}

KeyColor typeColors(const std::vector<const EnginePlan*>& plans) {
    QStringList types;
    for (const EnginePlan* plan : plans)
        for (const Layer& l : plan->layers)
            types << l.type;
    types.removeDuplicates();
    return [colors = palette::layerTypeColors(types)](const QString& type) {
        return colors.value(type, palette::layerTypeColor(type));
    };
}

KeyColor typeColors(const EnginePlan& plan) {
    return typeColors(std::vector<const EnginePlan*>{&plan});
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
    Layers shown;
    for (const Layer* l : layers) {
        const auto v = value(*l);
        if (!v)
            continue;
        Mark m;
        m.value = *v;
        m.key = key(*l);
        m.color = color(m.key);
        m.layer = l->index;
        m.tooltip = layerTooltip(*l, {valueLine(valueLabel, v)});
        panel.bars.push_back({QString::number(l->index), {std::move(m)}});
        shown.push_back(l);
    }
    panel.legend = legendOf(shown, key, color);
    explainMissing(panel, layers);
    return panel;
}

Panel perLayerBarsScaled(const Layers& layers, const LayerValue& value, const QString& valueLabel,
                         const LayerValue& colorValue, const QString& colorLabel) {
    Panel panel;
    panel.xLabel = QStringLiteral("Layer");
    panel.yLabel = valueLabel;
    Layers shown;
    for (const Layer* l : layers)
        if (value(*l))
            shown.push_back(l);
    const auto range = valueRange(shown, colorValue);
    for (const Layer* l : shown) {
        const auto v = value(*l);
        const auto c = colorValue(*l);
        Mark m;
        m.value = *v;
        m.color = scaledColor(c, range);
        m.layer = l->index;
        m.tooltip = layerTooltip(*l, {valueLine(valueLabel, v), valueLine(colorLabel, c)});
        panel.bars.push_back({QString::number(l->index), {std::move(m)}});
    }
    addColorScale(panel, shown, colorValue, colorLabel);
    explainMissing(panel, layers);
    return panel;
}

Panel keyBars(const Layers& layers, const LayerKey& key, const LayerValue& value,
              const QString& valueLabel, const KeyColor& color) {
    Panel panel;
    panel.horizontal = true;
    panel.xLabel = valueLabel;
    QHash<QString, std::size_t> position;
    for (const Layer* l : layers) {
        const auto v = value(*l);
        if (!v)
            continue;
        const QString k = key(*l);
        auto it = position.find(k);
        if (it == position.end()) {
            it = position.insert(k, panel.bars.size());
            Mark m;
            m.key = k;
            m.color = color(k);
            panel.bars.push_back({k, {m}});
        }
        panel.bars[*it].segments.front().value += *v;
    }
    std::stable_sort(panel.bars.begin(), panel.bars.end(),
                     [](const BarGroup& a, const BarGroup& b) {
                         return a.segments.front().value > b.segments.front().value;
                     });
    for (BarGroup& g : panel.bars)
        g.segments.front().tooltip = g.label + QStringLiteral("\n") + valueLabel +
                                     QStringLiteral(": ") + formatNumber(g.segments.front().value);
    explainMissing(panel, layers);
    return panel;
}

Panel histogram(const Layers& layers, const LayerValue& value, const QString& valueLabel,
                const LayerKey& key, const KeyColor& color, int bins) {
    Panel panel;
    panel.xLabel = valueLabel;
    panel.yLabel = QStringLiteral("Layers");
    Layers shown;
    for (const Layer* l : layers)
        if (value(*l))
            shown.push_back(l);
    const auto range = valueRange(shown, value);
    if (!range) {
        explainMissing(panel, layers);
        return panel;
    }
    const auto [lo, hi] = *range;
    const double width = hi > lo ? (hi - lo) / bins : 1.0;
    std::vector<std::vector<std::pair<QString, int>>> counts(static_cast<std::size_t>(bins));
    for (const Layer* l : shown) {
        const int bin = std::min(bins - 1, static_cast<int>((*value(*l) - lo) / width));
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
        BarGroup group{formatShort(from), {}};
        for (const auto& [k, n] : counts[static_cast<std::size_t>(b)]) {
            Mark m;
            m.value = n;
            m.key = k;
            m.color = color(k);
            m.tooltip = QStringLiteral("%1 to %2\n%3: %4")
                            .arg(formatNumber(from), formatNumber(from + width), k,
                                 countText(n, QStringLiteral("layer")));
            group.segments.push_back(std::move(m));
        }
        panel.bars.push_back(std::move(group));
    }
    panel.legend = legendOf(shown, key, color);
    return panel;
}

Panel scatter(const Layers& layers, const LayerValue& x, const QString& xLabel, const LayerValue& y,
              const QString& yLabel, const LayerValue& color, const QString& colorLabel,
              const LayerValue& size) {
    Panel panel;
    panel.kind = PanelKind::Scatter;
    panel.xLabel = xLabel;
    panel.yLabel = yLabel;
    Layers shown;
    for (const Layer* l : layers)
        if (x(*l) && y(*l))
            shown.push_back(l);
    const auto colorRange = valueRange(shown, color);
    const auto sizeRange = size ? valueRange(shown, size) : std::nullopt;
    for (const Layer* l : shown) {
        Mark m;
        m.x = *x(*l);
        m.y = *y(*l);
        const auto s = size ? size(*l) : std::nullopt;
        m.size = s ? *s : sizeRange ? sizeRange->first : 0; // no size: the smallest marker
        const auto c = color(*l);
        m.color = scaledColor(c, colorRange);
        m.layer = l->index;
        m.tooltip = layerTooltip(
            *l, {valueLine(xLabel, m.x), valueLine(yLabel, m.y), valueLine(colorLabel, c)});
        panel.points.push_back(std::move(m));
    }
    addColorScale(panel, shown, color, colorLabel);
    explainMissing(panel, layers);
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
