#pragma once

#include <QString>
#include <QStringList>
#include <array>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

namespace planscope {

using OrderedJson = nlohmann::ordered_json;

// What trtexec (through trex's metadata files) says about the device, the build and the run.
struct EngineMetadata {
    OrderedJson device = OrderedJson::object();      // device_information
    OrderedJson builder = OrderedJson::object();     // model_options + build_options
    OrderedJson performance = OrderedJson::object(); // performance_summary
    OrderedJson inference = OrderedJson::object();   // inference_options
    OrderedJson system = OrderedJson::object();      // system_options (trtexec logs only)
    // What the builder reports of the engine's memory, in bytes ("Total Weights Memory",
    // "Total Activation Memory" ...; trtexec logs and verbose build logs only).
    OrderedJson buildMemory = OrderedJson::object();
    // trtexec 11.1's build-route tuner (--tuneBuildRoutes): the routes it tried and the best.
    OrderedJson buildRouteTuning = OrderedJson::object();
    QString tensorrtVersion;  // trtexec logs only
    QStringList commandLines; // trtexec logs only

    QString deviceName() const;
};

// A metadata value as people read it: strings unquoted, lists as written, whole numbers without
// ".0", and trtexec's units where its metadata files drop them (clock rates in GHz, the memory
// bus width in bits).
QString metadataText(const std::string& key, const OrderedJson& value);

// The statistics of a performance-summary list such as "Latency", in trtexec's order.
inline constexpr const char* kLatencyStatistics[] = {"min", "max", "mean", "median",
                                                     "p90", "p95", "p99"};

struct Statistic {
    QString name; // one of kLatencyStatistics
    double value = 0;
};
// The named values of a performance-summary list: trtexec 8.4 and later write seven (min, max,
// mean, median, p90, p95, p99), older versions five (min, max, mean, median, p99). Empty when
// `value` is not such a list of numbers.
std::vector<Statistic> latencyStatistics(const OrderedJson& value);
// The value of `name` in such a list, if it has one.
std::optional<double> latencyStatistic(const OrderedJson& value, const QString& name);
// The statistic `name` of the performance summary's list `metric` ("GPU Compute Time", "mean").
std::optional<double> performanceStatistic(const EngineMetadata& metadata, const char* metric,
                                           const QString& name);

// trtexec writes 0 for the host-device transfers it did not measure (--noDataTransfers, or
// "Data transfers: Disabled", TensorRT 11's default without --includeDataTransfers); those
// become null: not measured, never 0 ms.
void markUnmeasuredTransfers(EngineMetadata& metadata);

// A performance summary laid out as the Summary panel, the report and the CLI show it.
struct PerformanceTable {
    struct Row {
        QString metric; // "Latency", "GPU Compute Time" ...
        std::array<std::optional<double>, std::size(kLatencyStatistics)> values; // in ms
        bool measured() const; // false for a transfer trtexec did not measure
    };
    std::vector<Row> lists;
    std::vector<std::pair<QString, QString>> scalars; // "Throughput", "2829.15 qps"
};
PerformanceTable performanceTable(const OrderedJson& performance);

// trtexec 11.1's build-route tuning as the Summary and the CLI show it: each route tried, the
// best one marked with its GPU time, and how many iterations succeeded.
struct BuildRouteTable {
    struct Row {
        qint64 iteration = 0;
        QString route;
        bool best = false;
    };
    std::vector<Row> rows;
    std::optional<double> bestGpuTimeMs;
    QString outcome; // "3 / 4 iterations succeeded, of 4 configurations"; empty when not logged
    bool empty() const { return rows.empty() && outcome.isEmpty(); }
    QString bestGpuTimeText() const; // "0.0213 ms", as trtexec wrote it; "-" when not logged
};
BuildRouteTable buildRouteTable(const OrderedJson& tuning);

} // namespace planscope
