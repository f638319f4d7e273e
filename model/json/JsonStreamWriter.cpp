#include "json/JsonStreamWriter.h"

#include "json/JsonValues.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>

namespace planscope {
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

constexpr std::size_t kNumberBytes = 32; // the longest number nlohmann or to_chars writes, 25

} // namespace

void JsonStreamWriter::flush() {
    out_.append(gathered_.data(), end_);
    end_ = 0;
}

char* JsonStreamWriter::room(std::size_t bytes) {
    if (end_ + bytes > kGathered)
        flush();
    return gathered_.data() + end_;
}

void JsonStreamWriter::put(std::string_view text) {
    if (text.size() > kGathered / 4) { // a long text goes straight on
        flush();
        out_ += text;
        return;
    }
    std::memcpy(room(text.size()), text.data(), text.size());
    end_ += text.size();
}

// A line break and the open containers' indentation at `at`; returns past them.
char* JsonStreamWriter::newLine(char* at) const {
    *at++ = '\n';
    return std::fill_n(at, 2 * hasItems_.size(), ' ');
}

void JsonStreamWriter::beforeValue() {
    if (afterKey_) {
        afterKey_ = false;
        return;
    }
    if (hasItems_.empty())
        return;
    char* p = room(2 + 2 * hasItems_.size());
    if (hasItems_.back())
        *p++ = ',';
    hasItems_.back() = true;
    end_ = std::size_t(newLine(p) - gathered_.data());
}

void JsonStreamWriter::quoted(std::string_view text) {
    if (!isPlain(text)) { // escapes and non-ASCII as nlohmann writes them
        put(nlohmann::json(text).dump());
        return;
    }
    put("\"");
    put(text);
    put("\"");
}

void JsonStreamWriter::quoted(QStringView text) {
    const bool ascii = std::all_of(text.begin(), text.end(), [](QChar c) {
        return c.unicode() >= 0x20 && c.unicode() < 0x7f && c != u'"' && c != u'\\';
    });
    const auto size = static_cast<std::size_t>(text.size());
    if (!ascii || size + 2 > kGathered / 4) {
        const QByteArray utf8 = text.toUtf8();
        quoted(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
        return;
    }
    char* p = room(size + 2);
    *p++ = '"';
    p = std::transform(text.begin(), text.end(), p,
                       [](QChar c) { return static_cast<char>(c.unicode()); });
    *p++ = '"';
    end_ = std::size_t(p - gathered_.data());
}

template <class Text> void JsonStreamWriter::writeKey(Text name) {
    beforeValue(); // the comma, line and indentation before a member as before an item
    quoted(name);
    put(": ");
    afterKey_ = true;
}

void JsonStreamWriter::key(std::string_view name) {
    // A plain key (every key the writers name) with its comma, line and indentation written in
    // one go.
    const std::size_t indent = 2 * hasItems_.size();
    if (!isPlain(name) || indent + name.size() + 6 > kGathered / 4)
        return writeKey(name);
    char* p = room(indent + name.size() + 6);
    if (hasItems_.back())
        *p++ = ',';
    hasItems_.back() = true;
    p = newLine(p);
    *p++ = '"';
    p = std::copy(name.begin(), name.end(), p);
    *p++ = '"';
    *p++ = ':';
    *p++ = ' ';
    end_ = std::size_t(p - gathered_.data());
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
    if (!std::isfinite(number)) {
        null();
        return;
    }
    beforeValue();
    // nlohmann's own shortest round-trip format (grisu2, "1.0", "1e-05"), so a streamed number
    // reads exactly as the same number in a dump().
    char* p = room(kNumberBytes);
    end_ = std::size_t(nlohmann::detail::to_chars(p, p + kNumberBytes, number) - gathered_.data());
}

void JsonStreamWriter::value(int number) {
    value(static_cast<long long>(number));
}

void JsonStreamWriter::value(long long number) {
    beforeValue();
    char* p = room(kNumberBytes);
    end_ = std::size_t(std::to_chars(p, p + kNumberBytes, number).ptr - gathered_.data());
}

void JsonStreamWriter::figure(std::optional<double> number) {
    if (number && isWholeJsonNumber(*number))
        value(static_cast<long long>(*number));
    else
        value(number);
}

void JsonStreamWriter::value(bool flag) {
    beforeValue();
    put(flag ? "true" : "false");
}

void JsonStreamWriter::value(std::optional<double> number) {
    if (number)
        value(*number);
    else
        null();
}

void JsonStreamWriter::null() {
    beforeValue();
    put("null");
}

void JsonStreamWriter::open(char bracket) {
    beforeValue();
    *room(1) = bracket;
    ++end_;
    hasItems_.push_back(false);
}

void JsonStreamWriter::close(char bracket) {
    const bool hadItems = hasItems_.back();
    hasItems_.pop_back();
    char* p = room(2 + 2 * hasItems_.size());
    if (hadItems)
        p = newLine(p);
    *p++ = bracket;
    end_ = std::size_t(p - gathered_.data());
}

} // namespace planscope
