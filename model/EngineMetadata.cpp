#include "EngineMetadata.h"

#include "JsonFile.h"
#include "PlanError.h"

namespace planscope {
namespace {

OrderedJson readObjectFile(const QString& path, const QString& expected) {
    const QString fix = QStringLiteral("Re-create it with trex's process_engine or omit it.");
    // ordered_json keeps the file's key order, which is how trtexec prints the sections.
    auto json = parseJson<OrderedJson>(readFileBytes(path), path, fix);
    if (!json.is_object() && !json.is_array())
        throw PlanError(QStringLiteral("%1: expected %2. %3").arg(path, expected, fix));
    return json;
}

void mergeSection(OrderedJson& into, const OrderedJson& from, const char* section) {
    const auto it = from.find(section);
    if (it == from.end() || !it->is_object())
        return;
    for (const auto& [key, value] : it->items())
        into[key] = value;
}

} // namespace

QString EngineMetadata::deviceName() const {
    for (const char* key : {"Selected Device", "Name"}) {
        const auto it = device.find(key);
        if (it != device.end() && it->is_string())
            return QString::fromStdString(it->get<std::string>());
    }
    return {};
}

QString metadataText(const OrderedJson& value) {
    return value.is_string() ? QString::fromStdString(value.get<std::string>())
                             : QString::fromStdString(value.dump());
}

void readProfileMetadata(const QString& path, EngineMetadata& metadata) {
    const auto json =
        readObjectFile(path, QStringLiteral("a JSON object with performance_summary"));
    if (!json.is_object())
        throw PlanError(
            QStringLiteral("%1: expected a JSON object with performance_summary.").arg(path));
    mergeSection(metadata.performance, json, "performance_summary");
    mergeSection(metadata.inference, json, "inference_options");
    mergeSection(metadata.device, json, "device_information");
}

void readBuildMetadata(const QString& path, EngineMetadata& metadata) {
    const auto json = readObjectFile(path, QStringLiteral("a JSON object with build_options"));
    if (!json.is_object())
        throw PlanError(QStringLiteral("%1: expected a JSON object with build_options.").arg(path));
    mergeSection(metadata.builder, json, "model_options");
    mergeSection(metadata.builder, json, "build_options");
    if (metadata.device.empty())
        mergeSection(metadata.device, json, "device_information");
}

void readDeviceList(const QString& path, EngineMetadata& metadata) {
    const auto json = readObjectFile(path, QStringLiteral("a JSON list of devices"));
    if (!json.is_array() || json.empty() || !json.front().is_object())
        throw PlanError(QStringLiteral("%1: expected a JSON list of device properties.").arg(path));
    if (metadata.device.empty())
        metadata.device = json.front();
}

} // namespace planscope
