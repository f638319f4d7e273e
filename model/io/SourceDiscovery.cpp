#include "io/SourceDiscovery.h"

#include "io/FileKind.h"
#include "plan/DisplayName.h"
#include "plan/PlanError.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <map>

namespace planscope {
namespace {

const QString kGraphSuffix = QStringLiteral(".graph.json");

const QString kHowToExport = QStringLiteral(
    "Export the graph with trtexec --exportLayerInfo=FILE --profilingVerbosity=detailed.");

QString& slotFor(PlanSources& sources, FileKind kind) {
    switch (kind) {
    case FileKind::Profile:
        return sources.profile;
    case FileKind::ProfileMetadata:
        return sources.profileMetadata;
    case FileKind::BuildMetadata:
        return sources.buildMetadata;
    case FileKind::Timing:
        return sources.timing;
    case FileKind::DeviceList:
        return sources.deviceMetadata;
    default:
        return sources.graph;
    }
}

std::map<FileKind, QStringList> filesByKind(const QDir& dir) {
    std::map<FileKind, QStringList> kinds;
    const auto entries = dir.entryInfoList(QDir::Files | QDir::Readable, QDir::Name);
    for (const QFileInfo& entry : entries)
        kinds[sniffFileKind(entry.filePath())] << entry.filePath();
    return kinds;
}

// trex's naming: PREFIX.graph.json beside PREFIX.profile.json and friends.
constexpr std::pair<const char*, FileKind> kSiblings[] = {
    {".profile.json", FileKind::Profile},
    {".profile.metadata.json", FileKind::ProfileMetadata},
    {".build.metadata.json", FileKind::BuildMetadata},
    {".timing.json", FileKind::Timing},
    {".metadata.json", FileKind::DeviceList},
    {".build.log", FileKind::TrtexecLog}, // trex's process_engine saves these two
    {".profile.log", FileKind::TrtexecLog},
};

QString siblingSuffix(FileKind kind) {
    for (const auto& [suffix, sibling] : kSiblings)
        if (sibling == kind)
            return QLatin1String(suffix);
    return {};
}

void addPrefixSiblings(PlanSources& sources, const QString& prefix) {
    for (const auto& [suffix, kind] : kSiblings) {
        const QString path = prefix + QLatin1String(suffix);
        if (!QFileInfo::exists(path))
            continue;
        const FileKind actual = sniffFileKind(path);
        if (kind == FileKind::TrtexecLog && actual == kind) {
            sources.logs << path;
            continue;
        }
        if (actual != kind) {
            sources.notes << QStringLiteral("%1 was ignored: a %2 was expected, and it holds: %3.")
                                 .arg(displayName(path), fileKindName(kind), fileKindName(actual));
            continue;
        }
        slotFor(sources, kind) = path;
    }
}

// Files named freely (layers_.json, profile_.json): take the one file of each kind in the folder.
void addFolderSiblings(PlanSources& sources, const std::map<FileKind, QStringList>& kinds) {
    for (const auto& [kind, files] : kinds) {
        if (kind == FileKind::TrtexecLog)
            sources.logs << files;
        if (kind == FileKind::Graph || kind == FileKind::Unknown || kind == FileKind::TrtexecLog)
            continue;
        if (files.size() == 1)
            slotFor(sources, kind) = files.first();
        else
            sources.notes << QStringLiteral("%1 files of kind %2 sit beside the graph; none was "
                                            "used. Name the one to use with an option.")
                                 .arg(files.size())
                                 .arg(fileKindName(kind));
    }
}

PlanSources sourcesForGraph(const QString& graph) {
    PlanSources sources;
    sources.graph = graph;
    if (graph.endsWith(kGraphSuffix)) {
        addPrefixSiblings(sources, graph.chopped(kGraphSuffix.size()));
        return sources;
    }
    const auto kinds = filesByKind(QFileInfo(graph).dir());
    const auto graphs = kinds.find(FileKind::Graph);
    if (graphs != kinds.end() && graphs->second.size() == 1)
        addFolderSiblings(sources, kinds);
    return sources;
}

// A log saved as PREFIX.build.log or PREFIX.profile.log belongs to the plan PREFIX.graph.json;
// any other log is a plan of its own (layers from its profile table or layer list).
PlanSources sourcesForLog(const QString& log) {
    static const QRegularExpression suffix(QStringLiteral(R"(\.(build|profile)\.log$)"));
    const QString graph = QString(log).replace(suffix, kGraphSuffix);
    if (graph != log && sniffFileKind(graph) == FileKind::Graph)
        return sourcesForGraph(graph);
    PlanSources sources;
    sources.graph = log;
    sources.logs << log;
    return sources;
}

PlanSources sourcesForFolder(const QString& folder) {
    const auto kinds = filesByKind(QDir(folder));
    const auto graphs = kinds.find(FileKind::Graph);
    const auto logs = kinds.find(FileKind::TrtexecLog);
    if (graphs == kinds.end() && logs != kinds.end() && logs->second.size() == 1)
        return sourcesForLog(logs->second.first());
    if (graphs == kinds.end())
        throw PlanError(QStringLiteral("%1: the folder holds no engine graph JSON. %2")
                            .arg(folder, kHowToExport));
    if (graphs->second.size() > 1) {
        QStringList names;
        for (const QString& g : graphs->second)
            names << displayName(g);
        throw PlanError(QStringLiteral("%1: the folder holds %2 plans (%3). Pass one of them.")
                            .arg(folder)
                            .arg(names.size())
                            .arg(names.join(QStringLiteral(", "))));
    }
    return sourcesForGraph(graphs->second.first());
}

QByteArray fileHead(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.read(4096) : QByteArray();
}

// Files that are neither JSON nor a trtexec log get a message of their own; broken JSON is
// left to the graph parser, which says where it broke.
void refuseUnknownText(const QString& path) {
    const QByteArray head = fileHead(path);
    const QByteArray text = head.trimmed();
    if (looksLikePolygraphyLog(head)) // its lines start with "[I]": no JSON either
        throw PlanError(QStringLiteral("%1: a polygraphy run log, not a plan. Read it with "
                                       "planscope accuracy %1 --plan PLAN, or open it beside the "
                                       "plan in the window (planscope PLAN --accuracy %1).")
                            .arg(path));
    if (text.isEmpty() || text.startsWith('{') || text.startsWith('['))
        return;
    const QString picture = pictureKind(head);
    const QString what = !picture.isEmpty() ? picture
                         : head.contains('\0')
                             ? QStringLiteral("binary data (a serialized engine?)")
                             : QStringLiteral("text that is neither JSON nor a trtexec log");
    throw PlanError(QStringLiteral("%1: %2. Pass the graph JSON written by trtexec "
                                   "--exportLayerInfo=FILE, or trtexec's console output "
                                   "(trtexec ... 2>&1 | tee FILE.log).")
                        .arg(path, what));
}

} // namespace

PlanSources discoverPlanSources(const QString& plan) {
    const QFileInfo info(plan);
    if (info.isDir())
        return sourcesForFolder(info.filePath());
    const QString prefixed = plan + kGraphSuffix;
    if (!info.exists()) {
        if (QFileInfo::exists(prefixed))
            return sourcesForGraph(prefixed);
        throw PlanError(QStringLiteral("%1: no such file or folder. Pass the engine prefix "
                                       "(x.onnx.engine), its graph JSON (x.onnx.engine.graph.json) "
                                       "or a folder holding one plan.")
                            .arg(plan));
    }
    const FileKind kind = sniffFileKind(plan);
    if (kind == FileKind::Graph)
        return sourcesForGraph(info.filePath());
    if (QFileInfo::exists(prefixed)) // x.onnx.engine is the binary engine beside its exports
        return sourcesForGraph(prefixed);
    if (kind == FileKind::TrtexecLog)
        return sourcesForLog(info.filePath());
    if (kind == FileKind::Unknown) {
        refuseUnknownText(info.filePath());
        return sourcesForGraph(info.filePath());
    }
    throw PlanError(QStringLiteral("%1: this is a %2, not an engine graph. Open the plan's graph "
                                   "JSON (trtexec --exportLayerInfo) instead: a %2 named like it, "
                                   "PREFIX%3 beside PREFIX.graph.json, is read with it.")
                        .arg(plan, fileKindName(kind), siblingSuffix(kind)));
}

} // namespace planscope
