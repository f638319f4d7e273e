#pragma once

#include "plan/EngineMetadata.h"
#include "plan/ProfileRecord.h"

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>

namespace planscope {

// What one trtexec console log says (see "trtexec logs" in README.md), or TensorRT's logger
// output alone, as a build through the Python API writes it (no trtexec lines around it).
struct TrtexecLog {
    QString path;
    bool fromTrtexec = false; // trtexec's own lines: "&&&& RUNNING", "=== ... ===" sections
    QString tensorrtVersion;  // "10.16.1", from "TensorRT version:" or the [TensorRT v101601] tag
    QStringList commandLines; // what follows '#' on each "&&&& RUNNING" line
    QString result;           // "PASSED" or "FAILED"; empty when the log stops early

    // The "=== Title ===" sections under trex's names, every key kept in log order. Numbers
    // are converted where trex converts them (see convertLogSectionValues).
    OrderedJson modelOptions = OrderedJson::object();
    OrderedJson buildOptions = OrderedJson::object();
    OrderedJson systemOptions = OrderedJson::object();
    OrderedJson inferenceOptions = OrderedJson::object();
    OrderedJson reportingOptions = OrderedJson::object();
    OrderedJson deviceInformation = OrderedJson::object();
    OrderedJson performanceSummary = OrderedJson::object();
    // The builder's "[TRT] Total Weights Memory: N bytes" lines and their kin, in bytes; the last
    // build's where the log holds several.
    OrderedJson buildMemory = OrderedJson::object();
    // trtexec 11.1's --tuneBuildRoutes: {"configurations", "iterations": [{"iteration", "route"}],
    // "best_route", "best_gpu_time_ms", "succeeded", "tried"}, each key only when logged.
    OrderedJson buildRouteTuning = OrderedJson::object();

    std::optional<ProfileFile> profileTable; // --dumpProfile's per-layer table
    // --dumpLayerInfo's layer list as an engine-graph JSON document (empty when absent); else
    // the verbose build's shorter "Engine Layer Information" list.
    QByteArray layerGraphJson;
    bool layerGraphIsEngineList = false; // the verbose build's list: no weights
    QStringList warnings;

    bool hasLayers() const { return profileTable.has_value() || !layerGraphJson.isEmpty(); }
    // A run trtexec timed as a whole, without a per-layer part: a plan of its device,
    // configuration and performance, with no layers.
    bool isRunWithoutLayers() const { return !hasLayers() && !performanceSummary.empty(); }
    bool hasBuildSections() const;
    bool hasProfileSections() const;
};

// Parses a trtexec log. Throws PlanError naming the file when it is empty, binary or holds
// nothing trtexec or TensorRT's logger prints (another tool's output).
TrtexecLog parseTrtexecLog(const QByteArray& text, const QString& path);
TrtexecLog readTrtexecLog(const QString& path);

// Converts, in place, the values trex converts: performance-summary statistics become lists
// [min, max, mean, median, p90, p95, p99], throughput and walltimes numbers; device compute
// capability, SMs, bus width and clock rates numbers. Anything else stays text.
void convertPerformanceSummary(OrderedJson& section);
void convertDeviceInformation(OrderedJson& section);

// The trtexec -dumpProfile table starting at `lines[first]` ("=== Profile (N iterations ) ===");
// `next` receives the index of the first line after it.
ProfileFile parseProfileTable(const QList<QByteArray>& lines, qsizetype first, qsizetype& next,
                              QStringList& warnings);

// The --dumpLayerInfo list starting at `lines[first]` ("Layers:"), as engine-graph JSON text.
QByteArray parseLayerInformation(const QList<QByteArray>& lines, qsizetype first, qsizetype& next,
                                 QStringList& warnings);

// The verbose build's "Engine Layer Information:" list starting at `lines[first]` (names, types,
// tactics, tensors with data types and dimensions), as engine-graph JSON text.
QByteArray parseEngineLayerInformation(const QList<QByteArray>& lines, qsizetype first,
                                       qsizetype& next, QStringList& warnings);

// Reads one --tuneBuildRoutes line ("Tuning iteration [2]: <route>", "Best iteration: <route>
// (gpu_time_ms=1.25)" ...; `content` without its "[I] ") into `tuning`; false for other lines.
bool readBuildRouteLine(const QByteArray& content, OrderedJson& tuning);

// The message text of a "[date-time] [I] text" line, or of TensorRT's logger's "[date-time] [TRT]
// [I] text" and "[TRT] [I] text"; nullopt for other lines ([W], raw text).
std::optional<QByteArray> infoLineText(const QByteArray& line);

// True when `text` holds a line of TensorRT's logger: "[TRT] [V] ...", with or without the time
// before it ("[11/27/2025-10:00:00] [TRT] [V] ...").
bool hasTensorRtLoggerLines(QByteArrayView text);

// trex's .build.metadata.json and .profile.metadata.json documents.
OrderedJson buildMetadataJson(const TrtexecLog& log);
OrderedJson profileMetadataJson(const TrtexecLog& log);

// Writes what the log holds as the files trex and PlanScope read: PREFIX.build.metadata.json,
// PREFIX.profile.metadata.json, and PREFIX.profile.json / PREFIX.graph.json when the log has a
// profile table / layer list. Returns the files written; throws PlanError when one cannot be
// written or the log holds none of these.
QStringList convertLog(const TrtexecLog& log, const QString& prefix);

// Adds what the log knows to `metadata`, leaving keys it already has alone.
void mergeLogMetadata(const TrtexecLog& log, EngineMetadata& metadata);

} // namespace planscope
