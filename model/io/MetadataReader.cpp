#include "io/MetadataReader.h"

#include "io/text/JsonFile.h"
#include "plan/PlanError.h"

namespace planscope {
namespace {

const QString kFix = QStringLiteral("Re-create it with trex's process_engine or omit it.");

OrderedJson readObjectFile(const QString& path, const QString& expected) {
    // ordered_json keeps the file's key order, which is how trtexec prints the sections.
    auto json = parseJson<OrderedJson>(readFileBytes(path), path, kFix);
    if (!json.is_object() && !json.is_array())
        throw PlanError(QStringLiteral("%1: expected %2. %3").arg(path, expected, kFix));
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

void readProfileMetadata(const QString& path, EngineMetadata& metadata) {
    const auto json =
        readObjectFile(path, QStringLiteral("a JSON object with performance_summary"));
    if (!json.is_object())
        throw PlanError(QStringLiteral("%1: expected a JSON object with performance_summary. %2")
                            .arg(path, kFix));
    mergeSection(metadata.performance, json, "performance_summary");
    mergeSection(metadata.inference, json, "inference_options");
    mergeSection(metadata.device, json, "device_information");
}

void readBuildMetadata(const QString& path, EngineMetadata& metadata) {
    const auto json = readObjectFile(path, QStringLiteral("a JSON object with build_options"));
    if (!json.is_object())
        throw PlanError(
            QStringLiteral("%1: expected a JSON object with build_options. %2").arg(path, kFix));
    mergeSection(metadata.builder, json, "model_options");
    mergeSection(metadata.builder, json, "build_options");
    if (metadata.device.empty())
        mergeSection(metadata.device, json, "device_information");
}

void readDeviceList(const QString& path, EngineMetadata& metadata) {
    const auto json = readObjectFile(path, QStringLiteral("a JSON list of devices"));
    if (!json.is_array() || json.empty() || !json.front().is_object())
        throw PlanError(
            QStringLiteral("%1: expected a JSON list of device properties. %2").arg(path, kFix));
    if (metadata.device.empty())
        metadata.device = json.front();
}

} // namespace planscope
