#include "io/text/JsonFile.h"

#include "plan/PlanError.h"

#include <QFile>
#include <QFileInfo>
#include <algorithm>

namespace planscope {

QByteArray readFileBytes(const QString& path, qsizetype padding) {
    const QFileInfo info(path);
    if (!info.exists())
        throw PlanError(QStringLiteral("%1: no such file. Check the path.").arg(path));
    if (info.isDir())
        throw PlanError(QStringLiteral("%1: is a folder, not a file.").arg(path));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        throw PlanError(QStringLiteral("%1: cannot be read (%2). Check its permissions.")
                            .arg(path, file.errorString()));
    if (padding == 0)
        return file.readAll();
    QByteArray bytes;
    bytes.reserve(file.size() + padding);
    bytes.resize(file.size());
    bytes.resize(std::max<qint64>(0, file.read(bytes.data(), bytes.size())));
    bytes += file.readAll(); // what a file that grew meanwhile, or a pipe, holds past its size
    return bytes;
}

bool looksTruncated(const nlohmann::json::parse_error& error, qsizetype textSize) {
    return error.byte >= static_cast<std::size_t>(textSize);
}

void requireText(std::string_view text, const QString& path, const QString& fix) {
    const auto isSpace = [](char c) { return QChar::isSpace(static_cast<uchar>(c)); };
    if (std::all_of(text.begin(), text.end(), isSpace)) // no trimmed copy of a large file
        throw PlanError(QStringLiteral("%1: the file is empty. %2").arg(path, fix));
}

void throwTruncatedJson(qsizetype textSize, const QString& path, const QString& fix) {
    throw PlanError(QStringLiteral("%1: the JSON ends early (truncated after %2 bytes). Copy "
                                   "the file again or re-export it. %3")
                        .arg(path)
                        .arg(textSize)
                        .arg(fix));
}

void throwInvalidJson(qsizetype byte, const QString& path, const QString& fix) {
    throw PlanError(
        QStringLiteral("%1: not valid JSON (error at byte %2). %3").arg(path).arg(byte).arg(fix));
}

void throwNumberTooLarge(const QString& path, const QString& fix) {
    throw PlanError(QStringLiteral("%1: holds a number too large to read (beyond 1.8e308), so "
                                   "the file is damaged. %2")
                        .arg(path, fix));
}

void throwParseError(const nlohmann::json::parse_error& error, qsizetype textSize,
                     const QString& path, const QString& fix) {
    if (looksTruncated(error, textSize))
        throwTruncatedJson(textSize, path, fix);
    throwInvalidJson(static_cast<qsizetype>(error.byte), path, fix);
}

void throwJsonError(const nlohmann::json::exception& error, const QString& path,
                    const QString& fix) {
    constexpr int kNumberOverflow = 406; // out_of_range.406: a number beyond a double's range
    if (error.id == kNumberOverflow)
        throwNumberTooLarge(path, fix);
    constexpr qsizetype kLongest = 160; // the library quotes values, which may be long
    QString what = QString::fromUtf8(error.what());
    if (what.size() > kLongest)
        what = what.left(kLongest) + QStringLiteral("...");
    throw PlanError(
        QStringLiteral("%1: has an unexpected structure (%2). %3").arg(path, what, fix));
}

} // namespace planscope
