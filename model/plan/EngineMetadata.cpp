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

namespace {

// Whether the run measured no host-device transfers: its options say so, or TensorRT 11's
// trtexec ran without --includeDataTransfers (transfers are off by default from 11.0).
bool transfersDisabled(const EngineMetadata& metadata) {
    const auto transfers = metadata.inference.find("Data transfers");
    if (transfers != metadata.inference.end() && transfers->is_string())
        return transfers->get<std::string>() == "Disabled";
    if (metadata.tensorrtVersion.section('.', 0, 0).toInt() < 11)
        return false;
    return std::none_of(metadata.commandLines.begin(), metadata.commandLines.end(),
                        [](const QString& command) {
                            return command.contains(QLatin1String("--includeDataTransfers"));
                        });
}

} // namespace

void markUnmeasuredTransfers(EngineMetadata& metadata) {
    const bool disabled = transfersDisabled(metadata);
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

QString BuildRouteTable::bestGpuTimeText() const {
    return bestGpuTimeMs ? QString::number(*bestGpuTimeMs, 'g', 6) + QStringLiteral(" ms")
                         : QStringLiteral("-");
}

BuildRouteTable buildRouteTable(const OrderedJson& tuning) {
    BuildRouteTable table;
    const std::string best = tuning.value("best_route", std::string());
    if (const auto it = tuning.find("iterations"); it != tuning.end() && it->is_array())
        for (const OrderedJson& iteration : *it)
            table.rows.push_back({iteration.value("iteration", qint64(0)),
                                  QString::fromStdString(iteration.value("route", std::string())),
                                  false});
    // The best route is the last iteration that ran it (a route is tried once per iteration).
    for (auto row = table.rows.rbegin(); row != table.rows.rend(); ++row)
        if (!best.empty() && row->route.toStdString() == best) {
            row->best = true;
            break;
        }
    if (const auto it = tuning.find("best_gpu_time_ms"); it != tuning.end() && it->is_number())
        table.bestGpuTimeMs = it->get<double>();
    QStringList outcome;
    if (tuning.contains("succeeded") && tuning.contains("tried"))
        outcome << QStringLiteral("%1 / %2 iterations succeeded")
                       .arg(tuning["succeeded"].get<qint64>())
                       .arg(tuning["tried"].get<qint64>());
    if (tuning.contains("configurations"))
        outcome << QStringLiteral("%1 route configurations")
                       .arg(tuning["configurations"].get<qint64>());
    if (!best.empty() && std::none_of(table.rows.begin(), table.rows.end(),
                                      [](const BuildRouteTable::Row& r) { return r.best; }))
        outcome << QStringLiteral("best: %1").arg(QString::fromStdString(best));
    table.outcome = outcome.join(QStringLiteral(", "));
    return table;
}

} // namespace planscope
