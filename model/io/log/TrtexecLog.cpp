#include "io/log/TrtexecLog.h"

#include "io/text/JsonFile.h"
#include "plan/DisplayName.h"
#include "plan/PlanError.h"

#include <QRegularExpression>

namespace planscope {
namespace {

const QString kFix =
    QStringLiteral("Pass trtexec's console output, saved with: trtexec ... 2>&1 | tee FILE.log "
                   "(or what TensorRT's logger printed during a build through its Python API).");

struct Section {
    const char* header;
    OrderedJson TrtexecLog::*slot;
};

const Section kSections[] = {
    {"=== Model Options ===", &TrtexecLog::modelOptions},
    {"=== Build Options ===", &TrtexecLog::buildOptions},
    {"=== System Options ===", &TrtexecLog::systemOptions},
    {"=== Inference Options ===", &TrtexecLog::inferenceOptions},
    {"=== Reporting Options ===", &TrtexecLog::reportingOptions},
    {"=== Device Information ===", &TrtexecLog::deviceInformation},
    {"=== Performance summary ===", &TrtexecLog::performanceSummary},
};

// trex's rule: a section holds "key: value" [I] lines and ends at the first line of another
// shape. Unlike trex, the value is everything after the first colon ("workspace: default, ...").
bool addKeyValue(OrderedJson& section, const QByteArray& line) {
    const auto text = infoLineText(line);
    if (!text)
        return false;
    const QByteArray entry = text->trimmed();
    const qsizetype colon = entry.indexOf(':');
    if (colon < 0)
        return false;
    // Through QString, so bytes that are not UTF-8 become U+FFFD and the JSON stays writable.
    section[QString::fromUtf8(entry.left(colon)).toStdString()] =
        QString::fromUtf8(entry.mid(colon + 1).trimmed()).toStdString();
    return true;
}

// "[TensorRT v8502]" is 8.5.2 and "[TensorRT v101601]" 10.16.1.
QString versionFromTag(const QByteArray& line) {
    static const QRegularExpression tag(QStringLiteral(R"(\[TensorRT v(\d+)\])"));
    const auto match = tag.match(QString::fromUtf8(line));
    if (!match.hasMatch())
        return {};
    const int n = match.captured(1).toInt();
    const int major = n >= 10000 ? n / 10000 : n / 1000;
    const int minor = n >= 10000 ? n / 100 % 100 : n / 100 % 10;
    return QStringLiteral("%1.%2.%3").arg(major).arg(minor).arg(n % 100);
}

void readStatusLine(TrtexecLog& log, const QByteArray& line) {
    if (line.startsWith("&&&& RUNNING")) {
        const qsizetype hash = line.indexOf(" # ");
        if (hash >= 0)
            log.commandLines << QString::fromUtf8(line.mid(hash + 3).trimmed());
        if (log.tensorrtVersion.isEmpty())
            log.tensorrtVersion = versionFromTag(line);
    } else if (line.startsWith("&&&& PASSED")) {
        log.result = QStringLiteral("PASSED");
    } else if (line.startsWith("&&&& FAILED")) {
        log.result = QStringLiteral("FAILED");
    }
}

class LogReader {
  public:
    explicit LogReader(TrtexecLog& log) : m_log(log) {}

    void read(const QList<QByteArray>& lines) {
        for (qsizetype i = 0; i < lines.size(); ++i) {
            const QByteArray& line = lines[i];
            if (m_section && addKeyValue(*m_section, line))
                continue;
            m_section = nullptr; // this line may open the next section
            if (line.startsWith("&&&&")) {
                readStatusLine(m_log, line);
                continue;
            }
            if (line.endsWith("] Engine Layer Information:") && m_log.layerGraphJson.isEmpty()) {
                m_log.layerGraphJson = parseEngineLayerInformation(lines, i, i, m_log.warnings);
                m_log.layerGraphIsEngineList = true;
                --i;
                continue;
            }
            const auto text = infoLineText(line);
            if (!text)
                continue;
            const QByteArray content = text->trimmed();
            if (content.startsWith("=== Profile (") && !m_log.profileTable) {
                m_log.profileTable = parseProfileTable(lines, i, i, m_log.warnings);
                --i;
            } else if (content == "Layers:" &&
                       (m_log.layerGraphJson.isEmpty() || m_log.layerGraphIsEngineList)) {
                m_log.layerGraphJson = parseLayerInformation(lines, i, i, m_log.warnings);
                m_log.layerGraphIsEngineList = false;
                --i;
            } else if (readBuildMemory(content) ||
                       readBuildRouteLine(content, m_log.buildRouteTuning)) {
                continue;
            } else if (content.startsWith("TensorRT version:")) {
                m_log.tensorrtVersion = QString::fromUtf8(content.mid(17).trimmed());
            } else if (content.startsWith("===")) {
                enterSection(content);
            }
        }
    }

  private:
    // "[TRT] Total Weights Memory: 13100672 bytes" (TensorRT 8.6 writes no unit).
    bool readBuildMemory(const QByteArray& content) {
        static const QRegularExpression line(QStringLiteral(
            R"(^(?:\[TRT\] )?((?:Total|Max) [A-Za-z ]+ Memory): (\d+)(?: bytes)?$)"));
        if (!content.contains(" Memory: "))
            return false;
        const auto match = line.match(QString::fromUtf8(content));
        if (!match.hasMatch())
            return false;
        m_log.buildMemory[match.captured(1).toStdString()] = match.captured(2).toDouble();
        return true;
    }

    void enterSection(const QByteArray& content) {
        for (const Section& section : kSections) {
            OrderedJson& slot = m_log.*section.slot;
            if (content.contains(section.header) && slot.empty()) {
                m_section = &slot;
                return;
            }
        }
    }

    TrtexecLog& m_log;
    OrderedJson* m_section = nullptr;
};

bool anySection(const TrtexecLog& log) {
    for (const Section& section : kSections)
        if (!(log.*section.slot).empty())
            return true;
    return false;
}

} // namespace

std::optional<QByteArray> infoLineText(const QByteArray& line) {
    // "[07/07/2026-02:11:40] [I] text", "[07/07/2026-02:11:40] [TRT] [I] text"
    static constexpr QByteArrayView kInfo = "] [I]";
    static constexpr QByteArrayView kLoggerInfo = "[TRT] [I] ";
    if (line.startsWith(kLoggerInfo)) // TensorRT's logger without the time
        return line.mid(kLoggerInfo.size());
    if (!line.startsWith('[') || line.size() < 2 || !std::isdigit(static_cast<uchar>(line[1])))
        return std::nullopt;
    const qsizetype close = line.indexOf(kInfo);
    if (close < 0 || close > 40)
        return std::nullopt;
    const QByteArray text = line.mid(close + kInfo.size());
    return text.startsWith(' ') ? text.mid(1) : text;
}

bool hasTensorRtLoggerLines(QByteArrayView text) {
    return text.startsWith("[TRT] [") || text.contains(QByteArrayView("\n[TRT] [")) ||
           text.contains(QByteArrayView("] [TRT] ["));
}

bool TrtexecLog::hasBuildSections() const {
    return !modelOptions.empty() || !buildOptions.empty();
}

bool TrtexecLog::hasProfileSections() const {
    return !performanceSummary.empty() || !inferenceOptions.empty();
}

TrtexecLog parseTrtexecLog(const QByteArray& text, const QString& path) {
    if (text.trimmed().isEmpty())
        throw PlanError(QStringLiteral("%1: the file is empty. %2").arg(path, kFix));
    if (text.contains('\0'))
        throw PlanError(QStringLiteral("%1: binary data, not a trtexec log. %2").arg(path, kFix));
    TrtexecLog log;
    log.path = path;
    QList<QByteArray> lines = text.split('\n');
    for (QByteArray& line : lines)
        if (line.endsWith('\r'))
            line.chop(1);
    LogReader(log).read(lines);

    log.fromTrtexec = !log.commandLines.isEmpty() || anySection(log);
    if (!log.fromTrtexec && !log.hasLayers() && !hasTensorRtLoggerLines(text))
        throw PlanError(QStringLiteral("%1: not a trtexec log: it has no \"&&&& RUNNING "
                                       "TensorRT.trtexec\" line, none of trtexec's \"=== ... "
                                       "===\" sections and no line of TensorRT's logger (\"[TRT] "
                                       "[V] ...\"). %2")
                            .arg(path, kFix));
    convertPerformanceSummary(log.performanceSummary);
    convertDeviceInformation(log.deviceInformation);
    if (!log.fromTrtexec) // TensorRT's logger alone: no trtexec run to finish
        return log;
    if (log.result.isEmpty())
        log.warnings << QStringLiteral("%1 ends before trtexec finished (no \"&&&& PASSED\" "
                                       "line): it may be cut short, so parts can be missing.")
                            .arg(displayName(path));
    else if (log.result == QLatin1String("FAILED"))
        log.warnings << QStringLiteral("%1: trtexec reported FAILED; what it printed before "
                                       "failing is shown.")
                            .arg(displayName(path));
    return log;
}

TrtexecLog readTrtexecLog(const QString& path) {
    return parseTrtexecLog(readFileBytes(path), path);
}

} // namespace planscope
