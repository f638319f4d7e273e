#include "charts/ChartBuilders.h"
#include "charts/ChartCatalog.h"

#include <QHash>
#include <nlohmann/json.hpp>

namespace planscope::charts {
namespace {

QString tacticOf(const Layer& l) {
    return l.tactic;
}
// The Reformat's origin (QDQ, REFORMAT ...); a log's layer list gives none.
QString originOf(const Layer& l) {
    const QString origin = l.attribute(QStringLiteral("Origin"));
    return origin.isEmpty() ? QStringLiteral("(no Origin)") : origin;
}

// Palette colors in first-seen order of the keys.
KeyColor paletteByOrder(const Layers& layers, const LayerKey& key) {
    QHash<QString, int> order;
    for (const Layer* l : layers)
        if (!order.contains(key(*l)))
            order.insert(key(*l), static_cast<int>(order.size()));
    return [order](const QString& k) { return palette::qualitativeColor(order.value(k)); };
}

Chart latencyPerTactic(const EnginePlan& plan) {
    const Layers convs = convolutions(plan);
    const KeyColor color = paletteByOrder(convs, tacticOf);
    Chart chart;
    Panel perConv =
        perLayerBars(convs, layerAverageMs, QStringLiteral("Latency (ms)"), tacticOf, color);
    perConv.title = QStringLiteral("Latency per convolution (color = tactic)");
    perConv.xLabel = QStringLiteral("Convolution (layer index)");
    Panel counts = keyBars(convs, tacticOf, oneEach, QStringLiteral("Convolutions"), color);
    counts.title = QStringLiteral("Convolutions per tactic");
    chart.panels.push_back(std::move(perConv));
    chart.panels.push_back(std::move(counts));
    return explainNoConvolutions(std::move(chart), plan);
}

Chart reformatByOrigin(const EnginePlan& plan) {
    const Layers reformats = layersOfType(plan, QStringLiteral("Reformat"));
    const KeyColor color = paletteByOrder(reformats, originOf);
    const std::tuple<LayerValue, const char*, const char*> measures[] = {
        {oneEach, "Reformats", "Count by origin"},
        {layerAverageMs, "Latency (ms)", "Latency by origin (ms)"},
        {layerPercent, "Latency (%)", "Latency by origin (%)"}};
    Chart chart;
    chart.columns = 3;
    for (const auto& [value, label, title] : measures) {
        Panel p = keyBars(reformats, originOf, value, QString::fromLatin1(label), color);
        p.title = QString::fromLatin1(title);
        if (reformats.empty())
            p.emptyMessage = QStringLiteral("This plan has no Reformat layers.");
        chart.panels.push_back(std::move(p));
    }
    return chart;
}

// PointWise layers say how many operations they fuse (NbOperations in V2, NbInstructions before).
int fusedOperations(const Layer& l) {
    for (const char* key : {"NbOperations", "NbInstructions"})
        if (const QString n = l.attribute(QString::fromLatin1(key)); !n.isEmpty())
            return n.toInt();
    return 0;
}

QStringList operationsOf(const Layer& l) {
    QStringList operations;
    for (const char* key : {"Operations", "Instructions"}) {
        const auto list = nlohmann::json::parse(l.attribute(QString::fromLatin1(key)).toStdString(),
                                                nullptr, false);
        if (list.is_array())
            for (const auto& op : list)
                operations << (op.is_string() ? QString::fromStdString(op.get<std::string>())
                                              : QString::fromStdString(op.dump()));
    }
    return operations;
}

Chart pointwiseFusion(const EnginePlan& plan) {
    const Layers pointwise = layersOfType(plan, QStringLiteral("PointWise"));
    const LayerKey opsKey = [](const Layer& l) { return QString::number(fusedOperations(l)); };
    const KeyColor color = paletteByOrder(pointwise, opsKey);
    const QString empty = QStringLiteral("This plan has no PointWise layers.");
    Chart chart;
    chart.columns = 2;
    Panel count = keyBars(pointwise, opsKey, oneEach, QStringLiteral("Layers"), color);
    count.title = QStringLiteral("PointWise layers by number of fused operations");
    Panel share = keyBars(pointwise, opsKey, layerPercent, QStringLiteral("Latency (%)"), color);
    share.title = QStringLiteral("Latency by number of fused operations (%)");
    // Per-op latency of each layer, the fused operations in its tooltip.
    Panel perOp = perLayerBars(
        pointwise,
        [](const Layer& l) -> std::optional<double> {
            if (const auto percent = layerPercent(l))
                return *percent / std::max(1, fusedOperations(l));
            return std::nullopt;
        },
        QStringLiteral("Latency per operation (%)"), opsKey, color);
    perOp.title = QStringLiteral("Latency per fused operation, per layer");
    for (BarGroup& bar : perOp.bars) {
        Mark& m = bar.segments.front();
        const QStringList ops = operationsOf(plan.layers[std::size_t(m.layer)]);
        if (!ops.isEmpty())
            m.tooltip += QStringLiteral("\nOperations:\n  ") + ops.join(QStringLiteral("\n  "));
    }
    for (Panel* p : {&count, &share, &perOp}) {
        if (pointwise.empty())
            p->emptyMessage = empty;
        chart.panels.push_back(std::move(*p));
    }
    return chart;
}

} // namespace

void addFusionCharts(std::vector<ChartDefinition>& charts) {
    const QString group = QStringLiteral("Tactics and fusion");
    charts.push_back({"latency-per-tactic", group, "Convolution latency and count per tactic",
                      latencyPerTactic});
    charts.push_back({"reformat-by-origin", group, "Reformat layers by origin", reformatByOrigin});
    charts.push_back(
        {"pointwise-fusion", group, "PointWise layers by fused operations", pointwiseFusion});
}

} // namespace planscope::charts
