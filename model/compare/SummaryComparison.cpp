#include "compare/SummaryComparison.h"

#include "compare/PlanComparison.h"
#include "plan/FigureText.h"

#include <QRegularExpression>
#include <algorithm>
#include <functional>

namespace planscope {
namespace {

constexpr double kMegabyte = 1024.0 * 1024.0;

std::optional<double> megabytes(std::optional<double> bytes) {
    return bytes ? std::optional(*bytes / kMegabyte) : std::nullopt;
}

using Fact = std::function<QStringList(const EnginePlan&)>;

QStringList one(const QString& text) {
    return text.isEmpty() ? QStringList() : QStringList{text};
}

QStringList metadataField(const OrderedJson& section, const std::string& key) {
    const auto it = section.find(key);
    return it == section.end() ? QStringList() : one(metadataText(key, *it));
}

QStringList statistic(const EnginePlan& plan, const char* name) {
    const auto it = plan.metadata.performance.find("Latency");
    if (it == plan.metadata.performance.end())
        return {};
    const std::optional<double> value = latencyStatistic(*it, QLatin1String(name));
    return value ? QStringList{QString::number(*value)} : QStringList();
}

QStringList speedupOverFirst(const EnginePlan& first, const EnginePlan& plan) {
    if (&plan == &first)
        return {QStringLiteral("reference")};
    const std::optional<double> speedup = planSpeedup(first, plan);
    return speedup ? QStringList{QString::number(*speedup, 'f', 3) + 'x'} : QStringList();
}

// The entries of a value whose order means nothing, sorted.
QStringList entries(const QStringList& lines, SummaryRow::Unordered unordered) {
    static const QRegularExpression separators(QStringLiteral("[,+]"));
    QStringList parts;
    for (const QString& line : lines)
        if (unordered == SummaryRow::Unordered::Parts)
            for (const QString& part : line.split(separators))
                parts << part.trimmed();
        else
            parts << line;
    parts.sort();
    return parts;
}

} // namespace

QString SummaryRow::text(std::size_t plan) const {
    const QStringList& lines = values[plan];
    return lines.isEmpty() ? missing : lines.join('\n');
}

bool SummaryRow::differs(std::size_t plan) const {
    if (plan == 0 || values[plan].isEmpty() || values.front().isEmpty())
        return false;
    if (unordered != Unordered::No)
        return entries(values[plan], unordered) != entries(values.front(), unordered);
    return values[plan] != values.front();
}

bool SummaryRow::reordered(std::size_t plan) const {
    return unordered != Unordered::No && plan > 0 && !values[plan].isEmpty() &&
           !values.front().isEmpty() && !differs(plan) && values[plan] != values.front();
}

std::vector<SummaryRow> summaryRows(const std::vector<const EnginePlan*>& plans) {
    std::vector<SummaryRow> rows;
    const auto add = [&](const QString& field, const Fact& fact) -> SummaryRow& {
        SummaryRow& row = rows.emplace_back();
        row.field = field;
        for (const EnginePlan* plan : plans)
            row.values.push_back(fact(*plan));
        return row;
    };
    const auto number = [](std::optional<double> value, int decimals) {
        return value ? QStringList{QString::number(*value, 'f', decimals)} : QStringList();
    };
    add(QStringLiteral("Layers"), [](const EnginePlan& p) {
        return QStringList{QString::number(p.layers.size())};
    }).key = true;
    SummaryRow& time = add(QStringLiteral("Average time (ms)"),
                           [&](const EnginePlan& p) { return number(p.totalAverageMs(), 3); });
    time.key = true;
    time.missing = QStringLiteral("not measured");
    SummaryRow& speedup = add(QStringLiteral("Speedup over A"), [&](const EnginePlan& p) {
        return speedupOverFirst(*plans.front(), p);
    });
    speedup.key = true;
    speedup.compared = false;
    // Known weights only; a plan whose layers give none shows "-", so nothing is flagged.
    add(QStringLiteral("Weights (MB)"), [&](const EnginePlan& p) {
        const std::optional<double> weights = p.totalWeightsBytes();
        QStringList value = number(megabytes(weights), 1);
        if (!value.isEmpty())
            value.front() += withoutWeightsText(weights, p.layersWithoutWeights());
        return value;
    });
    add(QStringLiteral("Activations (MB)"),
        [&](const EnginePlan& p) { return number(megabytes(p.totalActivationBytes()), 1); });
    add(QStringLiteral("Device"), [](const EnginePlan& p) { return one(p.metadata.deviceName()); });
    add(QStringLiteral("Precision (build)"), [](const EnginePlan& p) {
        return metadataField(p.metadata.builder, "Precision");
    }).unordered = SummaryRow::Unordered::Parts;
    add(QStringLiteral("Throughput (qps)"),
        [](const EnginePlan& p) { return metadataField(p.metadata.performance, "Throughput"); });
    add(QStringLiteral("Latency, mean (ms)"),
        [](const EnginePlan& p) { return statistic(p, "mean"); });
    add(QStringLiteral("Latency, p99 (ms)"),
        [](const EnginePlan& p) { return statistic(p, "p99"); });
    add(QStringLiteral("Inputs"), [](const EnginePlan& p) {
        return p.ioDescriptions().inputs;
    }).unordered = SummaryRow::Unordered::Lines;
    add(QStringLiteral("Outputs"), [](const EnginePlan& p) {
        return p.ioDescriptions().outputs;
    }).unordered = SummaryRow::Unordered::Lines;

    // Then every metadata field any plan has; option lists ("a, b", "FP32+FP16") are unordered.
    const struct {
        const char* name;
        OrderedJson EngineMetadata::*member;
        bool options;
    } sections[] = {{"Device", &EngineMetadata::device, false},
                    {"Builder", &EngineMetadata::builder, true},
                    {"Inference", &EngineMetadata::inference, true},
                    {"System", &EngineMetadata::system, true},
                    {"Performance", &EngineMetadata::performance, false}};
    for (const auto& section : sections) {
        std::vector<std::string> keys;
        for (const EnginePlan* plan : plans)
            for (const auto& item : (plan->metadata.*section.member).items())
                if (std::find(keys.begin(), keys.end(), item.key()) == keys.end())
                    keys.push_back(item.key());
        for (const std::string& key : keys) {
            SummaryRow& row = add(QStringLiteral("%1: %2").arg(QLatin1String(section.name),
                                                               QString::fromStdString(key)),
                                  [&](const EnginePlan& p) {
                                      return metadataField(p.metadata.*section.member, key);
                                  });
            row.detail = true;
            if (section.options)
                row.unordered = SummaryRow::Unordered::Parts;
        }
    }
    SummaryRow& warnings =
        add(QStringLiteral("Warnings"), [](const EnginePlan& p) { return p.warnings; });
    warnings.detail = true;
    warnings.unordered = SummaryRow::Unordered::Lines;
    return rows;
}

} // namespace planscope
