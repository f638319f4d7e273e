#include "io/log/TrtexecLog.h"

namespace planscope {
namespace {

void addMissing(OrderedJson& into, const OrderedJson& from) {
    for (const auto& [key, value] : from.items())
        if (!into.contains(key))
            into[key] = value;
}

} // namespace

OrderedJson buildMetadataJson(const TrtexecLog& log) {
    return {{"model_options", log.modelOptions},
            {"build_options", log.buildOptions},
            {"device_information", log.deviceInformation}};
}

OrderedJson profileMetadataJson(const TrtexecLog& log) {
    return {{"performance_summary", log.performanceSummary},
            {"inference_options", log.inferenceOptions},
            {"device_information", log.deviceInformation}};
}

void mergeLogMetadata(const TrtexecLog& log, EngineMetadata& metadata) {
    addMissing(metadata.builder, log.modelOptions);
    addMissing(metadata.builder, log.buildOptions);
    addMissing(metadata.system, log.systemOptions);
    addMissing(metadata.device, log.deviceInformation);
    addMissing(metadata.performance, log.performanceSummary);
    addMissing(metadata.inference, log.inferenceOptions);
    addMissing(metadata.buildMemory, log.buildMemory);
    addMissing(metadata.buildRouteTuning, log.buildRouteTuning);
    if (metadata.tensorrtVersion.isEmpty())
        metadata.tensorrtVersion = log.tensorrtVersion;
    metadata.commandLines << log.commandLines;
}

} // namespace planscope
