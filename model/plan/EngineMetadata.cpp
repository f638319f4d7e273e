#include "plan/EngineMetadata.h"

#include <algorithm>
#include <cmath>

namespace planscope {

QString EngineMetadata::deviceName() const {
    for (const char* key : {"Selected Device", "Name"}) {
        const auto it = device.find(key);
        if (it != device.end() && it->is_string())
            return QString::fromStdString(it->get<std::string>());
    }
    return {};
}

std::vector<Statistic> latencyStatistics(const OrderedJson& value) {
    static const char* const older[] = {"min", "max", "mean", "median", "p99"};
    const bool current = value.size() == std::size(kLatencyStatistics);
    if (!value.is_array() || (!current && value.size() != std::size(older)))
        return {};
    std::vector<Statistic> statistics;
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (!value[i].is_number())
            return {};
        statistics.push_back({QString::fromLatin1(current ? kLatencyStatistics[i] : older[i]),
                              value[i].get<double>()});
    }
    return statistics;
}

std::optional<double> latencyStatistic(const OrderedJson& value, const QString& name) {
    for (const Statistic& s : latencyStatistics(value))
        if (s.name == name)
            return s.value;
    return std::nullopt;
}

std::optional<double> performanceStatistic(const EngineMetadata& metadata, const char* metric,
                                           const QString& name) {
    const auto it = metadata.performance.find(metric);
    if (it == metadata.performance.end())
        return std::nullopt;
    return latencyStatistic(*it, name);
}

void markUnmeasuredTransfers(EngineMetadata& metadata) {
    const auto transfers = metadata.inference.find("Data transfers");
    const bool disabled = transfers != metadata.inference.end() && transfers->is_string() &&
                          transfers->get<std::string>() == "Disabled";
    for (const char* key : {"H2D Latency", "D2H Latency"}) {
        const auto it = metadata.performance.find(key);
        if (it == metadata.performance.end())
            continue;
        const auto statistics = latencyStatistics(*it);
        const bool allZero =
            !statistics.empty() && std::all_of(statistics.begin(), statistics.end(),
                                               [](const Statistic& s) { return s.value == 0; });
        if (disabled || allZero)
            *it = nullptr;
    }
}

bool PerformanceTable::Row::measured() const {
    return std::any_of(values.begin(), values.end(), [](const auto& v) { return v.has_value(); });
}

PerformanceTable performanceTable(const OrderedJson& performance) {
    PerformanceTable table;
    for (const auto& item : performance.items()) {
        const QString key = QString::fromStdString(item.key());
        if (item.value().is_null()) { // a statistic trtexec did not measure
            table.lists.push_back({key, {}});
            continue;
        }
        if (const auto statistics = latencyStatistics(item.value()); !statistics.empty()) {
            PerformanceTable::Row row{key, {}};
            for (const Statistic& s : statistics)
                for (std::size_t c = 0; c < row.values.size(); ++c)
                    if (s.name == QLatin1String(kLatencyStatistics[c]))
                        row.values[c] = s.value;
            table.lists.push_back(row);
            continue;
        }
        // trtexec's units: throughput in queries per second, walltimes and totals in seconds.
        QString unit;
        if (key == QLatin1String("Throughput"))
            unit = QStringLiteral(" qps");
        else if (key.contains(QLatin1String("Walltime")) || key.startsWith(QLatin1String("Total")))
            unit = QStringLiteral(" s");
        const QString text = metadataText(item.key(), item.value());
        table.scalars.emplace_back(key, item.value().is_number() ? text + unit : text);
    }
    return table;
}

QString metadataText(const std::string& key, const OrderedJson& value) {
    if (value.is_string())
        return QString::fromStdString(value.get<std::string>());
    if (!value.is_number())
        return QString::fromStdString(value.dump());
    const double number = value.get<double>();
    const bool whole = std::floor(number) == number && std::abs(number) < 1e15;
    // Compute capability reads as a version ("8.0"), so it keeps its decimal.
    QString text = whole && key != "Compute Capability"
                       ? QString::number(static_cast<long long>(number))
                       : QString::fromStdString(value.dump());
    const QString name = QString::fromStdString(key);
    if (name.endsWith(QLatin1String("Clock Rate")))
        text += QStringLiteral(" GHz");
    else if (name == QLatin1String("Memory Bus Width"))
        text += QStringLiteral(" bits");
    return text;
}

} // namespace planscope
