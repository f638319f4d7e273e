#include "io/log/TrtexecLog.h"

#include <QRegularExpression>

namespace planscope {
namespace {

// TensorRT 8.4 and later: "Time(ms)  Avg.(ms)  Median(ms)  Time(%)  Layer".
std::optional<ProfileRecord> numbersFirstRow(const QByteArray& row) {
    static const QRegularExpression shape(
        QStringLiteral(R"(^\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S.*?)\s*$)"));
    const auto match = shape.match(QString::fromUtf8(row));
    if (!match.hasMatch())
        return std::nullopt;
    bool ok[4] = {};
    ProfileRecord record;
    record.totalMs = match.captured(1).toDouble(&ok[0]);
    record.averageMs = match.captured(2).toDouble(&ok[1]);
    record.medianMs = match.captured(3).toDouble(&ok[2]);
    record.percent = match.captured(4).toDouble(&ok[3]);
    record.name = match.captured(5);
    return std::all_of(std::begin(ok), std::end(ok), [](bool b) { return b; })
               ? std::optional(record)
               : std::nullopt;
}

// Before 8.4: "Layer  Time (ms)  Avg. Time (ms)  Time %", names right-aligned, no median.
std::optional<ProfileRecord> nameFirstRow(const QByteArray& row) {
    static const QRegularExpression shape(
        QStringLiteral(R"(^\s*(\S.*?)\s+(\S+)\s+(\S+)\s+(\S+)\s*$)"));
    const auto match = shape.match(QString::fromUtf8(row));
    if (!match.hasMatch())
        return std::nullopt;
    bool ok[3] = {};
    ProfileRecord record;
    record.name = match.captured(1);
    record.totalMs = match.captured(2).toDouble(&ok[0]);
    record.averageMs = match.captured(3).toDouble(&ok[1]);
    record.percent = match.captured(4).toDouble(&ok[2]);
    record.absent = MedianField;
    return ok[0] && ok[1] && ok[2] ? std::optional(record) : std::nullopt;
}

long long iterationsOf(const QByteArray& header) {
    static const QRegularExpression count(QStringLiteral(R"(\((\d+) iterations)"));
    const auto match = count.match(QString::fromUtf8(header));
    return match.hasMatch() ? match.captured(1).toLongLong() : 0;
}

} // namespace

ProfileFile parseProfileTable(const QList<QByteArray>& lines, qsizetype first, qsizetype& next,
                              QStringList& warnings) {
    ProfileFile table;
    table.iterations = iterationsOf(lines[first]);
    const qsizetype headerLine = first + 1;
    const auto header = headerLine < lines.size() ? infoLineText(lines[headerLine]) : std::nullopt;
    const bool nameFirst = header && header->trimmed().startsWith("Layer");
    bool total = false;
    qsizetype i = headerLine + (header ? 1 : 0);
    for (; i < lines.size() && !total; ++i) {
        const auto text = infoLineText(lines[i]);
        if (!text || text->trimmed().isEmpty())
            break;
        const auto record = nameFirst ? nameFirstRow(*text) : numbersFirstRow(*text);
        if (!record) {
            warnings << QStringLiteral("Line %1 of the per-layer profile table is not a table "
                                       "row; the table was read up to it.")
                            .arg(i + 1);
            break;
        }
        total = record->name == QLatin1String("Total");
        if (!total)
            table.records.push_back(*record);
    }
    next = i;
    if (!total)
        warnings << QStringLiteral("The per-layer profile table (--dumpProfile) has no Total row: "
                                   "the log looks cut short, so some layers may be missing.");
    return table;
}

} // namespace planscope
