#pragma once

#include <QByteArray>
#include <QString>
#include <nlohmann/json.hpp>
#include <string_view>

namespace planscope {

// Reads a whole file; throws PlanError naming the file when it is missing or unreadable.
// `padding` bytes of room are left allocated past the end (simdjson reads ahead that far).
QByteArray readFileBytes(const QString& path, qsizetype padding = 0);

// True when a parse failed only because the text ends early.
bool looksTruncated(const nlohmann::json::parse_error& error, qsizetype textSize);

// Throws PlanError naming `path` when the text is empty or only white space.
void requireText(std::string_view text, const QString& path, const QString& fix);
inline void requireText(const QByteArray& text, const QString& path, const QString& fix) {
    requireText(std::string_view(text.constData(), static_cast<std::size_t>(text.size())), path,
                fix);
}
// The errors of any JSON reader, each naming the file and `fix`.
[[noreturn]] void throwTruncatedJson(qsizetype textSize, const QString& path, const QString& fix);
[[noreturn]] void throwInvalidJson(qsizetype byte, const QString& path, const QString& fix);
[[noreturn]] void throwNumberTooLarge(const QString& path, const QString& fix);
[[noreturn]] void throwParseError(const nlohmann::json::parse_error& error, qsizetype textSize,
                                  const QString& path, const QString& fix);
// Any other error of the JSON library (a number too large, a value of an unexpected type).
[[noreturn]] void throwJsonError(const nlohmann::json::exception& error, const QString& path,
                                 const QString& fix);

// Runs `read` over the text of `path`; every error of the JSON library it lets out becomes a
// PlanError naming the file and `fix`, so no reader reports a bare library message.
template <class Read>
auto guardJson(const QByteArray& text, const QString& path, const QString& fix, Read&& read) {
    requireText(text, path, fix);
    try {
        return read();
    } catch (const nlohmann::json::parse_error& e) {
        throwParseError(e, text.size(), path, fix);
    } catch (const nlohmann::json::exception& e) {
        throwJsonError(e, path, fix);
    }
}

// Parses JSON text; throws PlanError naming the file, where it broke and `fix`.
template <class Json = nlohmann::json>
Json parseJson(const QByteArray& text, const QString& path, const QString& fix) {
    return guardJson(text, path, fix,
                     [&] { return Json::parse(text.constBegin(), text.constEnd()); });
}

} // namespace planscope
