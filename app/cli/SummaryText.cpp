#include "cli/SummaryText.h"

#include "metrics/LayerGroups.h"

#include <QTextStream>

namespace planscope {
namespace {

constexpr double kMegabyte = 1024.0 * 1024.0;

void printSection(QTextStream& stream, const char* title, const OrderedJson& section) {
    if (section.empty())
        return;
    stream << title << ":\n";
    for (const auto& item : section.items())
        stream << '\t' << QString::fromStdString(item.key()) << ": " << metadataText(item.value())
               << '\n';
}

void printBindings(QTextStream& stream, const char* title,
                   const std::vector<const Tensor*>& tensors) {
    QStringList lines;
    for (const Tensor* t : tensors)
        lines << t->description();
    stream << '\t' << title << ": " << lines.join(QStringLiteral("\n\t\t")) << '\n';
}

void printGroups(QTextStream& stream, const char* title, const std::vector<LayerGroup>& groups) {
    stream << title << ":\n";
    for (const LayerGroup& g : groups)
        stream << '\t' << g.key.leftJustified(24) << QString::number(g.count).rightJustified(6)
               << " layers " << QString::number(g.latencyMs, 'f', 3).rightJustified(9) << " ms "
               << QString::number(g.latencyPct, 'f', 1).rightJustified(6) << " %\n";
}

// The performance summary's lists ("Latency": [min, max, ...]) with each statistic named.
void printPerformance(QTextStream& stream, const OrderedJson& performance) {
    if (performance.empty())
        return;
    stream << "Performance Summary:\n";
    for (const auto& item : performance.items()) {
        QString value = metadataText(item.value());
        if (const auto statistics = latencyStatistics(item.value()); !statistics.empty()) {
            QStringList named;
            for (const Statistic& s : statistics)
                named << QStringLiteral("%1 %2").arg(s.name).arg(s.value);
            value = named.join(QStringLiteral(", ")) + QStringLiteral(" ms");
        }
        stream << '\t' << QString::fromStdString(item.key()) << ": " << value << '\n';
    }
}

} // namespace

QString summaryText(const EnginePlan& plan) {
    QString text;
    QTextStream stream(&text);
    stream << "Model: " << plan.name << '\n';
    printBindings(stream, "Inputs", plan.inputBindings());
    printBindings(stream, "Outputs", plan.outputBindings());
    stream << "\tAverage time: " << QString::number(plan.totalAverageMs(), 'f', 3) << " ms\n"
           << "\tLayers: " << plan.layers.size() << '\n'
           << "\tWeights: " << QString::number(plan.totalWeightsBytes() / kMegabyte, 'f', 1)
           << " MB\n"
           << "\tActivations: " << QString::number(plan.totalActivationBytes() / kMegabyte, 'f', 1)
           << " MB\n";
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
    if (!plan.warnings.isEmpty()) {
        stream << "Warnings:\n";
        for (const QString& w : plan.warnings)
            stream << "\t- " << w << '\n';
    }
    stream.flush();
    return text;
}

} // namespace planscope
