#include "io/PlanLoader.h"

#include "io/FileKind.h"
#include "io/LayerNames.h"
#include "io/MetadataReader.h"
#include "io/SourceDiscovery.h"
#include "io/TimingReader.h"
#include "io/graph/GraphParser.h"
#include "io/graph/GraphReader.h"
#include "io/log/TacticLogReader.h"
#include "io/log/TrtexecLog.h"
#include "io/profile/ProfileMerge.h"
#include "io/profile/ProfileReader.h"
#include "metrics/ConvolutionMetrics.h"
#include "plan/DisplayName.h"
#include "plan/PlanError.h"
#include "plan/PlanFacts.h"

#include <QSet>
#include <algorithm>
#include <future>

namespace planscope {
namespace {

// A file named explicitly must be of the kind asked for. One plainly of another kind is refused
// here; one of no known kind (empty, cut short, damaged) goes to its reader, which says what is
// wrong with it.
void overrideSource(QString& slot, const QString& given, FileKind kind) {
    if (given.isEmpty())
        return;
    const FileKind actual = sniffFileKind(given);
    if (actual != FileKind::Unknown && actual != kind)
        throw PlanError(QStringLiteral("%1: a %2 was expected, and it holds: %3. Pass the %2 "
                                       "here, or leave it out.")
                            .arg(given, fileKindName(kind), fileKindName(actual)));
    slot = given;
}

// Puts the profile's timings on the layers, then moves its records as read into `facts`.
// Throws PlanError, leaving `profile` as it was, when it profiles another engine.
void applyProfile(EnginePlan& plan, PlanFacts& facts, ProfileFile& profile,
                  const QStringList& ignoredNames, bool allowPartial) {
    MergedProfile merged = mergeProfile(plan.layers, profile.records, ignoredNames,
                                        plan.sources.profile, plan.sources.graph, allowPartial);
    plan.warnings << merged.warnings;
    plan.profileOfAnotherBuild = merged.anotherBuild;
    if (merged.anotherBuild)
        plan.warnings << QStringLiteral("%1 names fewer than half of the layers: it is another "
                                        "build's profile, used as asked (--allow-partial-profile); "
                                        "its latencies are not this engine's.")
                             .arg(displayName(plan.sources.profile));
    plan.hasProfile = true;
    plan.profiledIterations = profile.iterations;
    if (profile.repaired)
        plan.warnings << QStringLiteral(
                             "%1 holds layer names that are not valid JSON (trtexec does "
                             "not escape them); it was read leniently.")
                             .arg(displayName(plan.sources.profile));
    facts.profile = std::move(profile);
    facts.profilePath = plan.sources.profile;
}

// A profile JSON that names none of the layers is refused, or left out (see LoadOptions).
void applyProfileJson(EnginePlan& plan, PlanFacts& facts, ProfileFile profile,
                      const QStringList& ignoredNames, const LoadOptions& options) {
    try {
        applyProfile(plan, facts, profile, ignoredNames, options.allowPartialProfile);
    } catch (const PlanError& error) {
        if (options.refuseForeignProfile)
            throw;
        facts.profile = std::move(profile);
        facts.profilePath = plan.sources.profile;
        facts.profileRefused = error.message();
        plan.sources.profile.clear();
        plan.warnings << error.message() +
                             QStringLiteral(" The plan was opened without its timings.");
    }
}

std::vector<TrtexecLog> readLogs(const QStringList& paths) {
    std::vector<TrtexecLog> logs;
    for (const QString& path : paths)
        logs.push_back(readTrtexecLog(path));
    return logs;
}

// The engine graph a log-only plan gets: --dumpLayerInfo's list (or the verbose build's engine
// layer list), else the names in the --dumpProfile table.
QByteArray graphTextOf(const TrtexecLog& log) {
    if (!log.layerGraphJson.isEmpty())
        return log.layerGraphJson;
    if (!log.profileTable && !log.fromTrtexec)
        throw PlanError(
            QStringLiteral("%1: this TensorRT log has no engine layer list (\"Engine Layer "
                           "Information\", logged at the end of a build), so there are no layers "
                           "to show. Build with the logger at trt.Logger.VERBOSE and save all of "
                           "its output, or pass the log with --log beside the plan's graph JSON. "
                           "planscope tactics reads the tactic timings it holds.")
                .arg(log.path));
    if (!log.profileTable)
        throw PlanError(
            QStringLiteral("%1: this trtexec log has no per-layer information and no performance "
                           "summary, so there is nothing to show. Run trtexec with --dumpProfile "
                           "(per-layer timings) and --dumpLayerInfo --profilingVerbosity=detailed "
                           "(the layers), or pass the log with --log beside the plan's graph "
                           "JSON. planscope convert-log extracts its device and build metadata.")
                .arg(log.path));
    nlohmann::json names = nlohmann::json::array();
    for (const ProfileRecord& record : log.profileTable->records)
        names.push_back(record.name.toStdString());
    return QByteArray::fromStdString(nlohmann::json{{"Layers", names}}.dump());
}

// The layer a record times, for every record of the table.
bool timesTheseLayers(const ProfileFile& table, const EnginePlan& plan,
                      const QStringList& ignoredNames) {
    QSet<QString> names(ignoredNames.cbegin(), ignoredNames.cend());
    for (const Layer& layer : plan.layers)
        names.insert(layer.name);
    return std::all_of(table.records.begin(), table.records.end(), [&](const ProfileRecord& r) {
        return names.contains(replaceRecordSeparators(r.name));
    });
}

// Without a profile JSON, the first log with a --dumpProfile table gives the timings. Another
// log's table must time exactly these layers: logs of other builds of the same model share
// some layer names, and their timings must not be lent to this engine.
void applyLogProfile(EnginePlan& plan, PlanFacts& facts, const std::vector<TrtexecLog>& logs,
                     const QStringList& ignoredNames, bool allowPartial) {
    for (const TrtexecLog& log : logs) {
        if (!log.profileTable)
            continue;
        if (log.path != plan.sources.graph &&
            !timesTheseLayers(*log.profileTable, plan, ignoredNames)) {
            plan.warnings << QStringLiteral("The per-layer table in %1 was not used: it times "
                                            "layers this plan does not have (another build?).")
                                 .arg(displayName(log.path));
            continue;
        }
        plan.sources.profile = log.path;
        try {
            ProfileFile table = *log.profileTable;
            applyProfile(plan, facts, table, ignoredNames, allowPartial);
            return;
        } catch (const PlanError& error) {
            plan.sources.profile.clear();
            plan.warnings << QStringLiteral("The per-layer table in %1 was not used: %2")
                                 .arg(displayName(log.path), error.message());
        }
    }
}

QString namesOnlyWarning(const EnginePlan& plan, bool fromLog) {
    if (fromLog)
        return QStringLiteral("%1 gives layer names and timings only (trtexec --dumpProfile), so "
                              "types, tensors and precisions are unknown. Add --dumpLayerInfo "
                              "--profilingVerbosity=detailed, or open the graph exported with "
                              "--exportLayerInfo=FILE.")
            .arg(plan.name);
    return QStringLiteral(
               "%1 lists layer names only: it was exported without detailed profiling "
               "verbosity, so types, tensors and precisions are unknown. Rebuild the "
               "engine with trtexec --profilingVerbosity=detailed --exportLayerInfo=FILE.")
        .arg(plan.name);
}

// The tactics of the first verbose build log among `logs`, linked to the plan's layers.
std::shared_ptr<const TacticLog> readTactics(const QStringList& logs, const EnginePlan& plan) {
    for (const QString& path : logs) {
        try {
            auto log = std::make_shared<TacticLog>(readTacticLog(path));
            log->linkEngine(engineLayersOf(plan));
            return log;
        } catch (const PlanError&) {
            // not a verbose build log: its metadata was read above, it has no tactics
        }
    }
    return nullptr;
}

// A layer list read from a verbose log gives each layer's tactic as a number only; the log's
// timings name it where the runner has names. Layers of a graph JSON keep trex's tactic.
void nameTacticsFromLog(EnginePlan& plan, const TacticLog& log) {
    for (Layer& layer : plan.layers) {
        const TacticSubject* subject = log.subjectForLayer(layer.name);
        const auto tactic = log.engineTactic(layer.name);
        if (!subject || !tactic || !layer.attribute(QStringLiteral("TacticName")).isEmpty())
            continue;
        const auto named = std::find_if(
            subject->timings.begin(), subject->timings.end(),
            [&](const TacticTiming& t) { return t.tactic == *tactic && !t.tacticName.isEmpty(); });
        if (named != subject->timings.end())
            layer.tactic = named->tacticName;
    }
}

EnginePlan loadSources(const PlanSources& sources, const LoadOptions& options) {
    const int profile = options.profile;
    const ProgressCallback& progress = options.progress;
    EnginePlan plan;
    plan.sources = sources;
    plan.name = displayName(sources.graph);
    plan.warnings = sources.notes;

    // The profile is read on a second thread while the (larger) graph is parsed.
    std::future<ProfileFile> profileFile;
    if (!sources.profile.isEmpty())
        profileFile = std::async(std::launch::async, readProfile, sources.profile);
    std::vector<TrtexecLog> logs = readLogs(sources.logs);
    // Read the plan's own log first, so its profile table is preferred.
    const auto graphLog = std::stable_partition(
        logs.begin(), logs.end(), [&](const TrtexecLog& log) { return log.path == sources.graph; });
    const bool fromLog = graphLog != logs.begin();
    const bool runWithoutLayers = fromLog && logs.front().isRunWithoutLayers();
    ParsedGraph graph = runWithoutLayers ? ParsedGraph() : [&] {
        FileText graphText =
            fromLog ? FileText(graphTextOf(logs.front())) : FileText::open(sources.graph);
        // What another program cut off while the file was read reads as zeros: whatever the
        // reader made of them, the file's text was not whole.
        ParsedGraph parsed;
        try {
            parsed = parseGraph(graphText, sources.graph, profile, progress);
        } catch (const PlanError&) {
            if (!graphText.wasCut())
                throw;
        }
        if (graphText.wasCut())
            throw PlanError(QStringLiteral("%1 was cut short by another program while it was "
                                           "read. Open it again once it is written whole.")
                                .arg(sources.graph));
        return parsed;
    }(); // the graph's text is let go here
    auto facts = std::make_shared<PlanFacts>();
    facts->graph = std::move(graph.entries);
    facts->setAside = std::move(graph.setAside);
    plan.layers = std::move(graph.layers);
    plan.constants = std::move(graph.constants);
    plan.bindings = std::move(graph.bindings);
    plan.ioTensors = std::move(graph.ioTensors);
    plan.profileCount = graph.profileCount;
    plan.profileIndex = profile;
    plan.namesOnly = graph.namesOnly;
    if (fromLog && logs.front().layerGraphIsEngineList)
        for (Layer& layer : plan.layers)
            layer.detail = LayerDetail::NoWeights;
    if (plan.namesOnly)
        plan.warnings << namesOnlyWarning(plan, fromLog);
    if (runWithoutLayers)
        plan.warnings << QStringLiteral(
                             "%1 is a run timed as a whole: its device, configuration and "
                             "performance are shown, and no layers. For the layers, run trtexec "
                             "with --dumpProfile (per-layer timings) and --dumpLayerInfo "
                             "--profilingVerbosity=detailed, or open the log beside the plan's "
                             "graph JSON (--log).")
                             .arg(plan.name);
    if (plan.profileCount > 1)
        plan.warnings << QStringLiteral("The engine has %1 optimization profiles; showing profile "
                                        "%2 (choose another with --profile N).")
                             .arg(plan.profileCount)
                             .arg(profile);

    if (profileFile.valid())
        applyProfileJson(plan, *facts, profileFile.get(), graph.ignoredNames, options);
    else
        applyLogProfile(plan, *facts, logs, graph.ignoredNames, options.allowPartialProfile);
    plan.facts = std::move(facts);
    if (!plan.hasProfile && !runWithoutLayers)
        plan.warnings << QStringLiteral("No per-layer profile was found, so the layers have no "
                                        "timings. %1")
                             .arg(QLatin1String(kPerLayerTimingsHint));
    if (!sources.timing.isEmpty())
        plan.timingSamplesMs = readTimingSamples(sources.timing);
    if (!sources.profileMetadata.isEmpty())
        readProfileMetadata(sources.profileMetadata, plan.metadata);
    if (!sources.buildMetadata.isEmpty())
        readBuildMetadata(sources.buildMetadata, plan.metadata);
    if (!sources.deviceMetadata.isEmpty())
        readDeviceList(sources.deviceMetadata, plan.metadata);
    for (const TrtexecLog& log : logs) {
        mergeLogMetadata(log, plan.metadata);
        plan.warnings << log.warnings;
    }
    markUnmeasuredTransfers(plan.metadata);

    for (Layer& layer : plan.layers) // figured by the graph reader, now timed
        if (layer.convolution)
            timeConvolution(*layer.convolution, layer.timing);
    plan.tactics = readTactics(sources.logs, plan);
    if (fromLog && plan.tactics)
        nameTacticsFromLog(plan, *plan.tactics);
    if (progress && !progress(100))
        throw LoadCancelled();
    return plan;
}

} // namespace

EnginePlan loadPlan(const QString& plan, const LoadOptions& options) {
    PlanSources sources = discoverPlanSources(plan);
    overrideSource(sources.profile, options.profileJson, FileKind::Profile);
    overrideSource(sources.timing, options.timingJson, FileKind::Timing);
    overrideSource(sources.profileMetadata, options.profileMetadata, FileKind::ProfileMetadata);
    overrideSource(sources.buildMetadata, options.buildMetadata, FileKind::BuildMetadata);
    for (const QString& log : options.logs)
        if (!sources.logs.contains(log))
            sources.logs << log;
    return loadSources(sources, options);
}

EnginePlan loadPlan(const PlanSources& sources, int profile, const ProgressCallback& progress) {
    LoadOptions options;
    options.profile = profile;
    options.progress = progress;
    return loadSources(sources, options);
}

} // namespace planscope
