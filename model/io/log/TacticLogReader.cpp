#include "io/log/TacticLogReader.h"

#include "io/log/TacticLogBuilder.h"

#include <QFile>
#include <QFileInfo>

namespace planscope {
namespace {

constexpr qint64 kChunk = 1 << 20;

const QString kFix =
    QStringLiteral("Build the engine with trtexec --verbose (or the Python API's logger at "
                   "trt.Logger.VERBOSE) and save its whole output.");

void refuseBinary(const QByteArray& head, const QString& path) {
    if (head.left(4096).contains('\0'))
        throw PlanError(QStringLiteral("%1: this is a binary file, not a build log. Pass the text "
                                       "that trtexec --verbose printed while building.")
                            .arg(path));
}

TacticLog finish(TacticLogBuilder& builder, const QString& path) {
    TacticLog log = builder.finish();
    if (log.subjects.empty() && log.cachedOnly.empty())
        throw PlanError(QStringLiteral("%1: the log holds no tactic timings. %2").arg(path, kFix));
    return log;
}

} // namespace

TacticLog parseTacticLog(const QByteArray& text, const QString& path) {
    if (text.trimmed().isEmpty())
        throw PlanError(QStringLiteral("%1: the file is empty. %2").arg(path, kFix));
    refuseBinary(text, path);
    TacticLogBuilder builder(path);
    qsizetype start = 0;
    while (start < text.size()) {
        qsizetype end = text.indexOf('\n', start);
        if (end < 0)
            end = text.size();
        builder.line(std::string_view(text.constData() + start, std::size_t(end - start)));
        start = end + 1;
    }
    return finish(builder, path);
}

TacticLog readTacticLog(const QString& path, const ProgressCallback& progress) {
    QFile file(path);
    if (!file.exists())
        throw PlanError(QStringLiteral("%1: no such file. Check the path.").arg(path));
    if (!file.open(QIODevice::ReadOnly))
        throw PlanError(QStringLiteral("%1: cannot be read (%2).").arg(path, file.errorString()));
    const qint64 size = file.size();
    TacticLogBuilder builder(path);
    QByteArray pending;
    qint64 done = 0;
    bool first = true;
    while (!file.atEnd()) {
        QByteArray chunk = file.read(kChunk);
        if (chunk.isEmpty())
            break;
        if (first && !chunk.trimmed().isEmpty())
            refuseBinary(chunk, path);
        first = first && chunk.trimmed().isEmpty();
        done += chunk.size();
        pending += chunk;
        qsizetype start = 0;
        for (qsizetype end; (end = pending.indexOf('\n', start)) >= 0; start = end + 1)
            builder.line(std::string_view(pending.constData() + start, std::size_t(end - start)));
        pending.remove(0, start);
        if (progress && size > 0 && !progress(int(done * 100 / size)))
            throw LoadCancelled();
    }
    if (first)
        throw PlanError(QStringLiteral("%1: the file is empty. %2").arg(path, kFix));
    if (!pending.isEmpty())
        builder.line(std::string_view(pending.constData(), std::size_t(pending.size())));
    return finish(builder, path);
}

bool looksLikeTacticLog(const QByteArray& head) {
    return head.contains("Timing Runner: ") || head.contains("Autotuning format combination:") ||
           head.contains("Autotuning Reformat:") || head.contains("] got cached result: ");
}

} // namespace planscope
