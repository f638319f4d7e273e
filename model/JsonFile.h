#pragma once

#include <QByteArray>
#include <QString>
#include <nlohmann/json.hpp>

namespace planscope {

// Reads a whole file; throws PlanError naming the file when it is missing or unreadable.
QByteArray readFileBytes(const QString& path);

// "mobilenet.graph.json" for messages where the full path is noise.
QString displayName(const QString& path);

// True when a parse failed only because the text ends early.
bool looksTruncated(const nlohmann::json::parse_error& error, qsizetype textSize);

void requireText(const QByteArray& text, const QString& path, const QString& fix);
[[noreturn]] void throwParseError(const nlohmann::json::parse_error& error, qsizetype textSize,
                                  const QString& path, const QString& fix);

// Parses JSON text; throws PlanError naming the file, where it broke and `fix`.
template <class Json = nlohmann::json>
Json parseJson(const QByteArray& text, const QString& path, const QString& fix) {
    requireText(text, path, fix);
    try {
        return Json::parse(text.constBegin(), text.constEnd());
    } catch (const nlohmann::json::parse_error& e) {
        throwParseError(e, text.size(), path, fix);
    }
}

} // namespace planscope
