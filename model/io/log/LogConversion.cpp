#include "io/log/TrtexecLog.h"
#include "plan/PlanError.h"

#include <QFile>

namespace planscope {
namespace {

// trtexec --exportProfile's shape: [{"count": N}, {"name": ..., "timeMs": ...}, ...].
OrderedJson profileJsonOf(const ProfileFile& table) {
    OrderedJson records = OrderedJson::array();
    records.push_back({{"count", table.iterations}});
    for (const ProfileRecord& r : table.records)
        records.push_back({{"name", r.name.toStdString()},
                           {"timeMs", r.totalMs},
                           {"averageMs", r.averageMs},
                           {"medianMs", r.medianMs},
                           {"percentage", r.percent}});
    return records;
}

void writeFile(const QString& path, const QByteArray& bytes) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) < 0)
        throw PlanError(QStringLiteral("%1: cannot write (%2). Choose a writable output prefix.")
                            .arg(path, file.errorString()));
}

// Indented by four, as trex's json.dump(..., indent=4) writes its metadata.
QByteArray jsonBytes(const OrderedJson& json) {
    return QByteArray::fromStdString(
               json.dump(4, ' ', false, OrderedJson::error_handler_t::replace)) +
           '\n';
}

} // namespace

QStringList convertLog(const TrtexecLog& log, const QString& prefix) {
    QStringList written;
    const auto write = [&](const char* suffix, const QByteArray& bytes) {
        const QString path = prefix + QLatin1String(suffix);
        writeFile(path, bytes);
        written << path;
    };
    if (log.hasBuildSections())
        write(".build.metadata.json", jsonBytes(buildMetadataJson(log)));
    if (log.hasProfileSections())
        write(".profile.metadata.json", jsonBytes(profileMetadataJson(log)));
    if (log.profileTable)
        write(".profile.json", jsonBytes(profileJsonOf(*log.profileTable)));
    if (!log.layerGraphJson.isEmpty())
        write(".graph.json", log.layerGraphJson);
    if (written.isEmpty())
        throw PlanError(QStringLiteral("%1: nothing to convert: the log has no Model, Build or "
                                       "Inference Options, no Performance summary, no per-layer "
                                       "profile table and no layer list.")
                            .arg(log.path));
    return written;
}

} // namespace planscope
