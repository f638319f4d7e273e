#include "PlanLoader.h"

#include "ConvolutionMetrics.h"
#include "GraphParser.h"
#include "JsonFile.h"
#include "PlanError.h"
#include "ProfileMerge.h"
#include "TimingSamples.h"

#include <future>

namespace planscope {
namespace {

void overrideSource(QString& slot, const QString& given) {
    if (!given.isEmpty())
        slot = given;
}

void applyProfile(EnginePlan& plan, const ProfileFile& profile, const QStringList& ignoredNames) {
    plan.hasProfile = true;
    plan.profiledIterations = profile.iterations;
    if (profile.repaired)
        plan.warnings << QStringLiteral(
                             "%1 holds layer names that are not valid JSON (trtexec does "
                             "not escape them); it was read leniently.")
                             .arg(displayName(plan.sources.profile));
    plan.warnings << mergeProfile(plan.layers, profile.records, ignoredNames, plan.sources.profile,
                                  plan.sources.graph);
}

} // namespace

EnginePlan loadPlan(const QString& plan, const LoadOptions& options) {
    PlanSources sources = discoverPlanSources(plan);
    overrideSource(sources.profile, options.profileJson);
    overrideSource(sources.timing, options.timingJson);
    overrideSource(sources.profileMetadata, options.profileMetadata);
    overrideSource(sources.buildMetadata, options.buildMetadata);
    return loadPlan(sources, options.profile, options.progress);
}

EnginePlan loadPlan(const PlanSources& sources, int profile, const ProgressCallback& progress) {
    EnginePlan plan;
    plan.sources = sources;
    plan.name = displayName(sources.graph);
    plan.warnings = sources.notes;

    // The profile is read on a second thread while the (larger) graph is parsed.
    std::future<ProfileFile> profileFile;
    if (!sources.profile.isEmpty())
        profileFile = std::async(std::launch::async, readProfile, sources.profile);
    ParsedGraph graph = parseGraph(readFileBytes(sources.graph), sources.graph, profile, progress);
    plan.layers = std::move(graph.layers);
    plan.constants = std::move(graph.constants);
    plan.bindings = std::move(graph.bindings);
    plan.profileCount = graph.profileCount;
    plan.profileIndex = profile;
    plan.namesOnly = graph.namesOnly;
    if (plan.namesOnly)
        plan.warnings
            << QStringLiteral(
                   "%1 lists layer names only: it was exported without detailed profiling "
                   "verbosity, so "
                   "types, tensors and precisions are unknown. Rebuild the engine with trtexec "
                   "--profilingVerbosity=detailed --exportLayerInfo=FILE.")
                   .arg(plan.name);
    if (plan.profileCount > 1)
        plan.warnings << QStringLiteral("The engine has %1 optimization profiles; showing profile "
                                        "%2 (choose another with --profile N).")
                             .arg(plan.profileCount)
                             .arg(profile);

    if (profileFile.valid())
        applyProfile(plan, profileFile.get(), graph.ignoredNames);
    else
        plan.warnings << QStringLiteral("No per-layer profile was found, so latencies are zero. "
                                        "Export one with trtexec --exportProfile=FILE.");
    if (!sources.timing.isEmpty())
        plan.timingSamplesMs = readTimingSamples(sources.timing);
    if (!sources.profileMetadata.isEmpty())
        readProfileMetadata(sources.profileMetadata, plan.metadata);
    if (!sources.buildMetadata.isEmpty())
        readBuildMetadata(sources.buildMetadata, plan.metadata);
    if (!sources.deviceMetadata.isEmpty())
        readDeviceList(sources.deviceMetadata, plan.metadata);

    for (Layer& layer : plan.layers)
        layer.convolution = computeConvolutionMetrics(layer);
    if (progress && !progress(100))
        throw LoadCancelled();
    return plan;
}

} // namespace planscope
