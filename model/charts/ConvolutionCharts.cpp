#include "charts/ChartBuilders.h"
#include "charts/ChartCatalog.h"
#include "metrics/LayerGroups.h"

#include <QHash>

namespace planscope::charts {
namespace {

double macs(const Layer& l) {
    return l.convolution->macs;
}
std::optional<double> footprint(const Layer& l) { // missing where the files lack a part
    return l.footprintKnown() ? std::optional(l.footprintBytes) : std::nullopt;
}
double intensity(const Layer& l) {
    return l.convolution->arithmeticIntensity;
}
// Efficiencies divide by the latency: none without a measured one.
std::optional<double> computeEfficiency(const Layer& l) {
    return l.timing.measured ? std::optional(l.convolution->computeEfficiency) : std::nullopt;
}
std::optional<double> memoryEfficiency(const Layer& l) {
    return l.timing.measured ? std::optional(l.convolution->memoryEfficiency) : std::nullopt;
}
double groups(const Layer& l) {
    return static_cast<double>(l.convolution->groups);
}
double gemmM(const Layer& l) {
    return static_cast<double>(l.convolution->gemmM);
}
double gemmN(const Layer& l) {
    return static_cast<double>(l.convolution->gemmN);
}
double gemmK(const Layer& l) {
    return static_cast<double>(l.convolution->gemmK);
}

QString kernelOf(const Layer& l) {
    QStringList sides;
    for (qint64 k : l.convolution->kernel)
        sides << QString::number(k);
    return sides.join('x');
}

const QString kLatencyPct = QStringLiteral("Latency (%)");
Chart convChart(const EnginePlan& plan, Panel (*make)(const Layers&)) {
    Panel panel = make(convolutions(plan));
    panel.xLabel = QStringLiteral("Convolution (layer index)");
    Chart chart = singlePanel({}, {}, std::move(panel));
    return explainNoConvolutions(std::move(chart), plan);
}

// Kernel sizes are few: give each its own palette color.
Panel latencyByKernel(const Layers& convs) {
    QHash<QString, int> order;
    for (const Layer* l : convs)
        if (!order.contains(kernelOf(*l)))
            order.insert(kernelOf(*l), static_cast<int>(order.size()));
    return perLayerBars(convs, layerPercent, kLatencyPct, kernelOf, [order](const QString& k) {
        return palette::qualitativeColor(order.value(k));
    });
}

Panel logScatter(const Layers& convs, const LayerValue& x, const QString& xLabel,
                 const LayerValue& y, const QString& yLabel, const LayerValue& color,
                 const QString& colorLabel, const LayerValue& size, const QString& title) {
    Panel panel = scatter(convs, x, xLabel, y, yLabel, color, colorLabel, size);
    panel.title = title;
    panel.logX = panel.logY = true;
    return panel;
}

// The implicit GEMM's dimensions against latency, and M x N with K as size (a 2-D projection
// of trex's 3-D scatter).
Chart gemmMnk(const EnginePlan& plan) {
    const Layers convs = convolutions(plan);
    Chart chart;
    chart.columns = 2;
    const std::pair<LayerValue, const char*> dims[] = {{gemmM, "M"}, {gemmN, "N"}, {gemmK, "K"}};
    for (const auto& [dim, name] : dims) {
        Panel p =
            scatter(convs, dim, QString::fromLatin1(name), layerAverageMs,
                    QStringLiteral("Latency (ms)"), footprint, QStringLiteral("Footprint (bytes)"));
        p.title = QStringLiteral("%1 vs. latency (color = footprint)").arg(QLatin1String(name));
        p.logX = true;
        chart.panels.push_back(std::move(p));
    }
    Panel mn = logScatter(convs, gemmM, QStringLiteral("M"), gemmN, QStringLiteral("N"),
                          layerAverageMs, QStringLiteral("Latency (ms)"), gemmK,
                          QStringLiteral("M x N x K (size = K, color = latency)"));
    chart.panels.push_back(std::move(mn));
    return explainNoConvolutions(std::move(chart), plan);
}

// trex's efficiency scatters: each pairs two measures, color = latency, size = a third measure.
Chart efficiencyScatter(const EnginePlan& plan) {
    const Layers convs = convolutions(plan);
    const QString ce = QStringLiteral("Compute efficiency (MACs/ms)");
    const QString me = QStringLiteral("Memory efficiency (B/ms)");
    const QString ai = QStringLiteral("Arithmetic intensity");
    const QString fp = QStringLiteral("Footprint (bytes)");
    const QString mc = QStringLiteral("MACs");
    const QString lat = QStringLiteral("Latency (ms)");
    Chart chart;
    chart.columns = 3;
    chart.panels.push_back(
        logScatter(convs, computeEfficiency, ce, macs, mc, layerAverageMs, lat, footprint,
                   QStringLiteral("Compute efficiency vs. MACs (size = footprint)")));
    chart.panels.push_back(
        logScatter(convs, memoryEfficiency, me, footprint, fp, layerAverageMs, lat, macs,
                   QStringLiteral("Memory efficiency vs. footprint (size = MACs)")));
    chart.panels.push_back(logScatter(convs, computeEfficiency, ce, memoryEfficiency, me,
                                      layerAverageMs, lat, intensity,
                                      QStringLiteral("Compute vs. memory efficiency (size = AI)")));
    chart.panels.push_back(logScatter(convs, footprint, fp, macs, mc, layerAverageMs, lat,
                                      intensity, QStringLiteral("Footprint vs. MACs (size = AI)")));
    chart.panels.push_back(logScatter(
        convs, intensity, ai, computeEfficiency, ce, layerAverageMs, lat, memoryEfficiency,
        QStringLiteral("AI vs. compute efficiency (size = memory eff.)")));
    chart.panels.push_back(logScatter(
        convs, intensity, ai, memoryEfficiency, me, layerAverageMs, lat, computeEfficiency,
        QStringLiteral("AI vs. memory efficiency (size = compute eff.)")));
    return explainNoConvolutions(std::move(chart), plan);
}

} // namespace

void addConvolutionCharts(std::vector<ChartDefinition>& charts) {
    const QString group = QStringLiteral("Convolutions");
    // Bars per convolution of one measure, colored by another.
    const auto scaled = [](const LayerValue& value, const QString& valueLabel,
                           const LayerValue& color, const QString& colorLabel) {
        return [=](const EnginePlan& plan) {
            Panel p = perLayerBarsScaled(convolutions(plan), value, valueLabel, color, colorLabel);
            p.xLabel = QStringLiteral("Convolution (layer index)");
            Chart chart = singlePanel({}, {}, std::move(p));
            return explainNoConvolutions(std::move(chart), plan);
        };
    };
    const auto colored = [&](const LayerValue& color, const QString& colorLabel) {
        return scaled(layerPercent, kLatencyPct, color, colorLabel);
    };
    const auto measured = [&](const LayerValue& value, const QString& label) {
        return scaled(value, label, layerPercent, kLatencyPct);
    };
    charts.push_back({"conv-latency-by-precision", group,
                      "Latency per convolution (color = precision)", [](const EnginePlan& plan) {
                          return convChart(plan, [](const Layers& c) {
                              return perLayerBars(c, layerPercent, kLatencyPct, layerPrecisionKey,
                                                  palette::precisionColor);
                          });
                      }});
    charts.push_back({"conv-latency-by-macs", group, "Latency per convolution (color = MACs)",
                      colored(macs, "MACs")});
    charts.push_back({"conv-latency-by-data-size", group,
                      "Latency per convolution (color = data size)",
                      colored(footprint, "Footprint (bytes)")});
    charts.push_back({"conv-latency-by-arithmetic-intensity", group,
                      "Latency per convolution (color = arithmetic intensity)",
                      colored(intensity, "Arithmetic intensity")});
    charts.push_back({"conv-latency-by-compute-efficiency", group,
                      "Latency per convolution (color = compute efficiency)",
                      colored(computeEfficiency, "Compute efficiency (MACs/ms)")});
    charts.push_back({"conv-latency-by-group-size", group,
                      "Latency per convolution (color = group size)", colored(groups, "Groups")});
    charts.push_back({"conv-latency-by-kernel-size", group,
                      "Latency per convolution (color = kernel size)",
                      [](const EnginePlan& plan) { return convChart(plan, latencyByKernel); }});
    charts.push_back({"conv-footprint", group, "Footprint per convolution (color = latency)",
                      measured(footprint, "Footprint (bytes)")});
    charts.push_back(
        {"conv-macs", group, "MACs per convolution (color = latency)", measured(macs, "MACs")});
    charts.push_back({"conv-arithmetic-intensity", group,
                      "Arithmetic intensity per convolution (color = latency)",
                      measured(intensity, "Arithmetic intensity (MACs/byte)")});
    charts.push_back({"conv-compute-efficiency", group,
                      "Compute efficiency per convolution (color = latency)",
                      measured(computeEfficiency, "Compute efficiency (MACs/ms)")});
    charts.push_back({"conv-memory-efficiency", group,
                      "Memory efficiency per convolution (color = latency)",
                      measured(memoryEfficiency, "Memory efficiency (B/ms)")});
    charts.push_back({"gemm-mnk", group, "Implicit GEMM M, N and K vs. latency", gemmMnk});
    charts.push_back({"efficiency-scatter", group, "Compute and memory efficiency of convolutions",
                      efficiencyScatter});
}

} // namespace planscope::charts
