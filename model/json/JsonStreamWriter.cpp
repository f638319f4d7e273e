#include "json/JsonStreamWriter.h"

#include "json/JsonValues.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>

namespace planscope {

void JsonStreamWriter::newLine() {
    out_ += '\n';
    out_.append(2 * hasItems_.size(), ' ');
}

void JsonStreamWriter::beforeValue() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (hasItems_.empty())
        return;
    if (hasItems_.back())
        out_ += ',';
    hasItems_.back() = true;
    newLine();
}

namespace {

// The bytes written between quotes as they are: all but control characters, quote, backslash
// and DEL.
constexpr std::array<bool, 256> kPlainBytes = [] {
    std::array<bool, 256> plain{};
    for (int c = 0x20; c < 256; ++c)
        plain[std::size_t(c)] = c != '"' && c != '\\' && c != 0x7f;
    return plain;
}();

bool isPlain(std::string_view text) {
    return std::all_of(text.begin(), text.end(),
                       [](char c) { return kPlainBytes[static_cast<unsigned char>(c)]; });
}

} // namespace

void JsonStreamWriter::quoted(std::string_view text) {
    if (!isPlain(text)) { // escapes and non-ASCII as nlohmann writes them
        out_ += nlohmann::json(text).dump();
        return;
    }
    out_ += '"';
    out_ += text;
    out_ += '"';
}

void JsonStreamWriter::quoted(QStringView text) {
    const bool ascii = std::all_of(text.begin(), text.end(), [](QChar c) {
        return c.unicode() >= 0x20 && c.unicode() < 0x7f && c != u'"' && c != u'\\';
    });
    if (!ascii) {
        const QByteArray utf8 = text.toUtf8();
        quoted(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
        return;
    }
    const std::size_t at = out_.size();
    out_.resize(at + static_cast<std::size_t>(text.size()) + 2);
    out_[at] = '"';
    std::transform(text.begin(), text.end(), out_.begin() + static_cast<std::ptrdiff_t>(at) + 1,
                   [](QChar c) { return static_cast<char>(c.unicode()); });
    out_.back() = '"';
}

template <class Text> void JsonStreamWriter::writeKey(Text name) {
    if (hasItems_.back())
        out_ += ',';
    hasItems_.back() = true;
    newLine();
    quoted(name);
    out_ += ": ";
    afterKey_ = true;
}

void JsonStreamWriter::key(std::string_view name) {
    // A plain key (every key the writers name) with its comma, line and indentation made in one
    // append of spaces, the rest written over them: the pieces one by one were a tenth of
    // roofline --json's instructions.
    if (!isPlain(name))
        return writeKey(name);
    const bool comma = hasItems_.back();
    hasItems_.back() = true;
    const std::size_t indent = 2 * hasItems_.size();
    const std::size_t at = out_.size();
    out_.append(std::size_t(comma) + 1 + indent + name.size() + 4, ' ');
    char* p = out_.data() + at;
    if (comma)
        *p++ = ',';
    *p = '\n';
    p += 1 + indent;
    *p++ = '"';
    p = std::copy(name.begin(), name.end(), p);
    *p++ = '"';
    *p = ':'; // and the space after it
    afterKey_ = true;
}

void JsonStreamWriter::key(QStringView name) {
    writeKey(name);
}

void JsonStreamWriter::value(QStringView text) {
    beforeValue();
    quoted(text);
}

void JsonStreamWriter::value(std::string_view text) {
    beforeValue();
    quoted(text);
}

void JsonStreamWriter::value(double number) {
    beforeValue();
    if (!std::isfinite(number)) {
        out_ += "null";
        return;
    }
    // nlohmann's own shortest round-trip format (grisu2, "1.0", "1e-05"), so a streamed number
    // reads exactly as the same number in a dump().
    char buffer[64];
    const char* end = nlohmann::detail::to_chars(buffer, buffer + sizeof buffer, number);
    out_.append(buffer, std::size_t(end - buffer));
}

void JsonStreamWriter::value(int number) {
    beforeValue();
    char buffer[16];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, number);
    out_.append(buffer, std::size_t(result.ptr - buffer));
}

void JsonStreamWriter::value(long long number) {
    beforeValue();
    char buffer[24];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, number);
    out_.append(buffer, std::size_t(result.ptr - buffer));
}

void JsonStreamWriter::figure(std::optional<double> number) {
    if (number && isWholeJsonNumber(*number))
        value(static_cast<long long>(*number));
    else
        value(number);
}

void JsonStreamWriter::value(bool flag) {
    beforeValue();
    out_ += flag ? "true" : "false";
}

void JsonStreamWriter::value(std::optional<double> number) {
    if (number)
        value(*number);
    else
        null();
}

void JsonStreamWriter::null() {
    beforeValue();
    out_ += "null";
}

void JsonStreamWriter::open(char bracket) {
    beforeValue();
    out_ += bracket;
    hasItems_.push_back(false);
}

void JsonStreamWriter::close(char bracket) {
    const bool hadItems = hasItems_.back();
    hasItems_.pop_back();
    if (hadItems)
        newLine();
    out_ += bracket;
}

} // namespace planscope
