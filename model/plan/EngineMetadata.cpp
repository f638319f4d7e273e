#include "plan/EngineMetadata.h"

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

PerformanceTable performanceTable(const OrderedJson& performance) {
    PerformanceTable table;
    for (const auto& item : performance.items()) {
        const QString key = QString::fromStdString(item.key());
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
        const QString text = metadataText(item.value());
        table.scalars.emplace_back(key, item.value().is_number() ? text + unit : text);
    }
    return table;
}

QString metadataText(const OrderedJson& value) {
    return value.is_string() ? QString::fromStdString(value.get<std::string>())
                             : QString::fromStdString(value.dump());
}

} // namespace planscope
