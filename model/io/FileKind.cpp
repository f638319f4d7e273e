#include "io/FileKind.h"

#include "io/log/TacticLogReader.h"
#include "io/log/TrtexecLog.h"
#include "io/profile/ProfileSamplesReader.h"

#include <QFile>
#include <algorithm>

namespace planscope {

QString fileKindName(FileKind kind) {
    switch (kind) {
    case FileKind::Graph:
        return QStringLiteral("engine graph JSON");
    case FileKind::Profile:
        return QStringLiteral("per-layer profile JSON");
    case FileKind::Timing:
        return QStringLiteral("per-iteration timing JSON");
    case FileKind::ProfileMetadata:
        return QStringLiteral("profile metadata JSON");
    case FileKind::BuildMetadata:
        return QStringLiteral("build metadata JSON");
    case FileKind::DeviceList:
        return QStringLiteral("device metadata JSON");
    case FileKind::TrtexecLog:
        return QStringLiteral("trtexec or TensorRT log");
    case FileKind::Unknown:
        break;
    }
    return QStringLiteral("file of unknown kind");
}

FileKind sniffTextKind(const QByteArray& head) {
    if (head.contains('\0'))
        return FileKind::Unknown;
    const QByteArray text = head.trimmed();
    if (text.startsWith('{')) {
        if (text.contains("\"Layers\""))
            return FileKind::Graph;
        if (text.contains("\"performance_summary\"") || text.contains("\"inference_options\""))
            return FileKind::ProfileMetadata;
        if (text.contains("\"build_options\"") || text.contains("\"model_options\""))
            return FileKind::BuildMetadata;
        if (text.contains("\"device_information\""))
            return FileKind::ProfileMetadata;
        if (looksLikeLayerSamples(text))
            return FileKind::Profile;
        return FileKind::Unknown;
    }
    if (text.startsWith('[')) {
        if (text.contains("\"latencyMs\"") || text.contains("\"startEnqMs\""))
            return FileKind::Timing;
        if (text.contains("\"averageMs\"") || text.contains("\"timeMs\"") ||
            text.contains("\"count\""))
            return FileKind::Profile;
        if (text.contains("\"ComputeCapability\"") || text.contains("\"TotalMemory\""))
            return FileKind::DeviceList;
        // else a log whose lines start with a tag ("[11/27/2025-10:00:00] [TRT] [V] ...")
    }
    static constexpr const char* kLogMarks[] = {
        "&&&& RUNNING TensorRT",      "=== Model Options ===",       "=== Build Options ===",
        "=== Device Information ===", "=== Performance summary ===", "=== Profile ("};
    if (std::any_of(std::begin(kLogMarks), std::end(kLogMarks),
                    [&](const char* mark) { return text.contains(mark); }))
        return FileKind::TrtexecLog;
    // A build through TensorRT's Python API: its logger's lines without trtexec's around them.
    if (hasTensorRtLoggerLines(text) && !looksLikePolygraphyLog(text))
        return FileKind::TrtexecLog;
    return FileKind::Unknown;
}

FileKind sniffFileKind(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return FileKind::Unknown;
    constexpr qint64 kHeadBytes = qint64(64) * 1024;
    return sniffTextKind(file.read(kHeadBytes));
}

bool looksLikePolygraphyLog(QByteArrayView head) {
    return head.contains(QByteArrayView("Comparing Output: '")) ||
           head.contains(QByteArrayView("| Validating output: ")) ||
           head.contains(QByteArrayView("RUNNING | Command: ")) ||
           head.contains(QByteArrayView("polygraphy run"));
}

QString pictureKind(QByteArrayView head) {
    static const std::pair<QByteArrayView, const char*> kMagic[] = {
        {"\x89PNG", "a PNG image"}, {"\xFF\xD8\xFF", "a JPEG image"},
        {"GIF8", "a GIF image"},    {"%PDF", "a PDF document"},
        {"<svg", "an SVG drawing"}, {"PK\x03\x04", "a ZIP archive"}};
    for (const auto& [magic, kind] : kMagic)
        if (head.startsWith(magic))
            return QString::fromLatin1(kind);
    if (head.startsWith(QByteArrayView("<?xml")) && head.contains(QByteArrayView("<svg")))
        return QStringLiteral("an SVG drawing");
    return {};
}

DroppedFile sniffDroppedFile(const QString& path) {
    // An ONNX model is a protobuf message, with no mark of its own: its suffix tells.
    if (path.endsWith(QStringLiteral(".onnx"), Qt::CaseInsensitive))
        return DroppedFile::OnnxModel;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return DroppedFile::Plan;
    // A polygraphy log says so in its first megabyte; a build log's tactic timings show within
    // the first few.
    const QByteArray head = file.read(8 << 20);
    if (looksLikePolygraphyLog(
            QByteArrayView(head).first(std::min(head.size(), qsizetype(1) << 20))))
        return DroppedFile::AccuracyLog;
    if (looksLikeTacticLog(head))
        return DroppedFile::BuildLog;
    return DroppedFile::Plan;
}

} // namespace planscope
