#include "report/ReportSections.h"

#include "charts/ChartBuilders.h"
#include "chartview/ChartExport.h"
#include "chartview/ChartPainter.h"
#include "plan/FigureText.h"

#include <QCoreApplication>
#include <QDateTime>
#include <algorithm>
#include <memory>

namespace planscope::report {
namespace {

// Charts are drawn smaller than exported alone, so their text stays legible on an A4 page;
// grids of three columns need the export's room.
QSize reportChartSize(const charts::Chart& chart) {
    if (chart.columns > 2)
        return charts::defaultChartSize(chart);
    return chart.panels.size() > 2 ? QSize(1200, 820) : QSize(960, 540);
}

} // namespace

QString generatedBy() {
    const QString version = QCoreApplication::applicationVersion();
    return QStringLiteral("Written by PlanScope%1 on %2")
        .arg(version.isEmpty() ? QString() : QLatin1Char(' ') + version,
             QDateTime::currentDateTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")));
}

std::vector<const Layer*> slowestLayers(const EnginePlan& plan, std::size_t count) {
    std::vector<const Layer*> layers;
    for (const Layer& layer : plan.layers)
        if (layer.timing.measured)
            layers.push_back(&layer);
    count = std::min(count, layers.size());
    std::partial_sort(layers.begin(), layers.begin() + static_cast<std::ptrdiff_t>(count),
                      layers.end(), [](const Layer* a, const Layer* b) {
                          if (a->timing.averageMs != b->timing.averageMs)
                              return a->timing.averageMs > b->timing.averageMs;
                          return a->index < b->index;
                      });
    layers.resize(count);
    return layers;
}

Picture chartPicture(charts::Chart chart) {
    const QSizeF size = reportChartSize(chart);
    const QString caption = QStringLiteral("Chart %1").arg(chart.id);
    return {caption,
            size,
            [chart = std::make_shared<const charts::Chart>(std::move(chart)),
             size](QPainter& painter, const QRectF&) {
                charts::ChartPainter(chart.get()).paint(painter, QRectF(QPointF(0, 0), size));
            },
            {}};
}

Table groupTable(const QString& keyTitle, const std::vector<LayerGroup>& groups) {
    Table table;
    table.columns = {{keyTitle},
                     {QStringLiteral("Layers"), true},
                     {QStringLiteral("Latency (ms)"), true},
                     {QStringLiteral("Share"), true}};
    for (const LayerGroup& g : groups)
        table.rows.push_back(
            {{g.key, {}},
             {QString::number(g.count), {}},
             {g.latencyMs ? QString::number(*g.latencyMs, 'f', 3) : kMissingText, {}},
             {percentText(g.latencyPct), {}}});
    return table;
}

std::vector<std::pair<QString, QString>> planFacts(const EnginePlan& plan,
                                                   const std::vector<LintFinding>& findings) {
    const auto bindings = [](const std::vector<const Tensor*>& tensors) {
        QStringList lines;
        for (const Tensor* t : tensors)
            lines << t->description();
        return lines.join(QLatin1Char('\n'));
    };
    const std::optional<double> weights = plan.totalWeightsBytes();
    const EnginePlan::Bindings io = plan.bindingTensors();
    std::vector<std::pair<QString, QString>> facts = {
        {QStringLiteral("Plan"), plan.name},
        {QStringLiteral("Layers"), QString::number(plan.layers.size())},
        {QStringLiteral("Average time"), plan.hasProfile
                                             ? millisecondsText(plan.totalAverageMs())
                                             : QStringLiteral("- (no per-layer timings)")},
        {QStringLiteral("Weights"),
         bytesText(weights) + withoutWeightsText(weights, plan.layersWithoutWeights())},
        {QStringLiteral("Activations"), bytesText(plan.totalActivationBytes())},
        {QStringLiteral("Inputs"), bindings(io.inputs)},
        {QStringLiteral("Outputs"), bindings(io.outputs)},
    };
    if (plan.profileCount > 1)
        facts.emplace_back(
            QStringLiteral("Optimization profile"),
            QStringLiteral("%1 of %2").arg(plan.profileIndex).arg(plan.profileCount));
    if (!plan.metadata.deviceName().isEmpty())
        facts.emplace_back(QStringLiteral("Device"), plan.metadata.deviceName());
    if (!plan.metadata.tensorrtVersion.isEmpty())
        facts.emplace_back(QStringLiteral("TensorRT"), plan.metadata.tensorrtVersion);
    if (!plan.timingSamplesMs.empty())
        facts.emplace_back(QStringLiteral("Timing samples"),
                           QString::number(plan.timingSamplesMs.size()));
    facts.emplace_back(QStringLiteral("Lint findings"), QString::number(findings.size()));
    return facts;
}

} // namespace planscope::report
