#include "cli/SummaryText.h"

#include "metrics/LatencyGap.h"
#include "metrics/LayerGroups.h"
#include "plan/FigureText.h"
#include "roofline/Roofline.h"
#include "roofline/RooflineTotalText.h"

#include <QTextStream>

namespace planscope {
namespace {

constexpr double kMegabyte = 1024.0 * 1024.0;

QString megabytes(std::optional<double> bytes) {
    return bytes ? QString::number(*bytes / kMegabyte, 'f', 1) + QStringLiteral(" MB")
                 : kMissingText;
}

void printSection(QTextStream& stream, const char* title, const OrderedJson& section) {
    if (section.empty())
        return;
    stream << title << ":\n";
    for (const auto& item : section.items())
        stream << '\t' << QString::fromStdString(item.key()) << ": "
               << metadataText(item.key(), item.value()) << '\n';
}

// A run without layers knows no inputs and outputs: "-".
void printIo(QTextStream& stream, const char* title, const QStringList& lines) {
    stream << '\t' << title << ": "
           << (lines.isEmpty() ? kMissingText : lines.join(QStringLiteral("\n\t\t"))) << '\n';
}

void printGroups(QTextStream& stream, const char* title, const std::vector<LayerGroup>& groups) {
    if (groups.empty()) // a run without layers
        return;
    stream << title << ":\n";
    for (const LayerGroup& g : groups)
        stream << '\t' << g.key.leftJustified(24) << QString::number(g.count).rightJustified(6)
               << (g.count == 1 ? " layer  " : " layers ")
               << millisecondsText(g.latencyMs).rightJustified(12) << ' '
               << percentText(g.latencyPct).rightJustified(7) << '\n';
}

// The performance summary's lists ("Latency": [min, max, ...]) with each statistic named.
void printPerformance(QTextStream& stream, const OrderedJson& performance) {
    if (performance.empty())
        return;
    stream << "Performance Summary:\n";
    const PerformanceTable table = performanceTable(performance);
    for (const PerformanceTable::Row& r : table.lists) {
        QStringList named;
        for (std::size_t c = 0; c < r.values.size(); ++c)
            if (r.values[c])
                named << QStringLiteral("%1 %2")
                             .arg(QLatin1String(kLatencyStatistics[c]))
                             .arg(*r.values[c]);
        stream << '\t' << r.metric << ": "
               << (r.measured() ? named.join(QStringLiteral(", ")) + QStringLiteral(" ms")
                                : QStringLiteral("not measured"))
               << '\n';
    }
    for (const auto& [key, value] : table.scalars)
        stream << '\t' << key << ": " << value << '\n';
}

// trtexec 11.1's --tuneBuildRoutes: the routes tried, the best marked with its GPU time.
void printBuildRoutes(QTextStream& stream, const OrderedJson& tuning) {
    const BuildRouteTable table = buildRouteTable(tuning);
    if (table.empty())
        return;
    stream << "Build Route Tuning:\n";
    for (const BuildRouteTable::Row& r : table.rows)
        stream << "\tIteration " << r.iteration << ": " << r.route
               << (r.best ? QStringLiteral("  (best, GPU time %1)").arg(table.bestGpuTimeText())
                          : QString())
               << '\n';
    if (!table.outcome.isEmpty())
        stream << '\t' << table.outcome << '\n';
}

// The engine's work and its speed of light on the files' device (roofline/Roofline).
void printWork(QTextStream& stream, const Roofline& roofline) {
    const RooflineTotal& total = roofline.total;
    stream << "\tGFLOPs: " << gigaflopsText(total) << '\n'
           << "\tParameters: " << parametersText(total) << '\n'
           << "\tSpeed of light: ";
    if (!roofline.device)
        stream << kMissingText << " (the files describe no GPU: planscope roofline --gpu NAME)";
    else
        stream << speedOfLightText(total) << " on " << roofline.device->name
               << (total.solPercent ? "" : " (no per-layer timings)");
    stream << '\n';
}

} // namespace

QString summaryText(const EnginePlan& plan) {
    QString text;
    QTextStream stream(&text);
    stream << "Model: " << plan.name << '\n';
    const EnginePlan::IoDescriptions io = plan.ioDescriptions();
    printIo(stream, "Inputs", io.inputs);
    printIo(stream, "Outputs", io.outputs);
    stream << "\tAverage time: " << millisecondsText(plan.totalAverageMs())
           << (plan.hasProfile ? "" : " (no per-layer timings)") << '\n';
    if (const auto gap = latencyGap(plan))
        stream << "\tLatency gap: " << gap->text() << "\n\t\t" << gap->meaning() << '\n';
    const std::optional<double> weights = plan.totalWeightsBytes();
    stream << "\tLayers: " << plan.layers.size() << '\n'
           << "\tWeights: " << megabytes(weights)
           << withoutWeightsText(weights, plan.layersWithoutWeights()) << '\n'
           << "\tActivations: " << megabytes(plan.totalActivationBytes()) << '\n';
    printWork(stream, rooflineFromFiles(plan));
    if (plan.profileCount > 1)
        stream << "\tOptimization profile: " << plan.profileIndex << " of " << plan.profileCount
               << '\n';
    printGroups(stream, "Latency by layer type", groupLayers(plan.layers, layerTypeKey));
    printGroups(stream, "Latency by precision", groupLayers(plan.layers, layerPrecisionKey));
    if (!plan.metadata.tensorrtVersion.isEmpty())
        stream << "TensorRT: " << plan.metadata.tensorrtVersion << '\n';
    for (const QString& command : plan.metadata.commandLines)
        stream << "Command: " << command << '\n';
    printSection(stream, "Device Properties", plan.metadata.device);
    printSection(stream, "Builder Configuration", plan.metadata.builder);
    printSection(stream, "System Options", plan.metadata.system);
    printSection(stream, "Inference Options", plan.metadata.inference);
    printPerformance(stream, plan.metadata.performance);
    printBuildRoutes(stream, plan.metadata.buildRouteTuning);
    if (!plan.warnings.isEmpty()) {
        stream << "Warnings:\n";
        for (const QString& w : plan.warnings)
            stream << "\t- " << w << '\n';
    }
    stream.flush();
    return text;
}

} // namespace planscope
