#pragma once

#include <QString>
#include <QStringList>
#include <nlohmann/json.hpp>

namespace planscope {

using OrderedJson = nlohmann::ordered_json;

// What trtexec (through trex's metadata files) says about the device, the build and the run.
struct EngineMetadata {
    OrderedJson device = OrderedJson::object();      // device_information
    OrderedJson builder = OrderedJson::object();     // model_options + build_options
    OrderedJson performance = OrderedJson::object(); // performance_summary
    OrderedJson inference = OrderedJson::object();   // inference_options
    OrderedJson system = OrderedJson::object();      // system_options (trtexec logs only)
    QString tensorrtVersion;                         // trtexec logs only
    QStringList commandLines;                        // trtexec logs only

    QString deviceName() const;
};

// A metadata value as text: strings unquoted, numbers and lists as written.
QString metadataText(const OrderedJson& value);

// The order of the statistics in a performance-summary list such as "Latency".
inline constexpr const char* kLatencyStatistics[] = {"min", "max", "mean", "median",
                                                     "p90", "p95", "p99"};

// Each reader throws PlanError naming the file when it cannot be used.
void readProfileMetadata(const QString& path, EngineMetadata& metadata);
void readBuildMetadata(const QString& path, EngineMetadata& metadata);
void readDeviceList(const QString& path, EngineMetadata& metadata); // older .metadata.json

} // namespace planscope
