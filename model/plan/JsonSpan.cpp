#include "plan/JsonSpan.h"

#include <bit>
#include <cstdint>
#include <cstring>

namespace planscope {
namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// Past the string whose opening quote is at `pos`; kJsonEnded when it is not closed.
std::size_t skipString(std::string_view text, std::size_t pos) {
    for (++pos; pos < text.size(); ++pos) {
        const void* stop = std::memchr(text.data() + pos, '"', text.size() - pos);
        if (!stop)
            return kJsonEnded;
        const std::size_t quote = static_cast<const char*>(stop) - text.data();
        std::size_t backslashes = 0;
        while (quote - backslashes > pos && text[quote - backslashes - 1] == '\\')
            ++backslashes;
        pos = quote;
        if (backslashes % 2 == 0)
            return quote + 1;
    }
    return kJsonEnded;
}

bool isStructural(char c) {
    return c == '"' || c == '{' || c == '}' || c == '[' || c == ']';
}

// The first byte at or after `pos` that is a quote or a bracket (text.size() if none), eight
// bytes at a time: OR-ing 0x20 folds '[' and ']' onto '{' and '}', and a byte equal to `c`
// sets the high bit of its lane in (x - 0x01..) & ~x & 0x80.. for x = word ^ c.
std::size_t nextStructural(std::string_view text, std::size_t pos) {
    constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
    constexpr std::uint64_t kHighs = 0x8080808080808080ULL;
    const auto lanesEqual = [](std::uint64_t word, unsigned char c) {
        const std::uint64_t x = word ^ (kOnes * c);
        return (x - kOnes) & ~x & kHighs;
    };
    const bool littleEndian = std::endian::native == std::endian::little; // lane 0 comes first
    for (; littleEndian && pos + 8 <= text.size(); pos += 8) {
        std::uint64_t word;
        std::memcpy(&word, text.data() + pos, 8);
        const std::uint64_t folded = word | (kOnes * 0x20);
        const std::uint64_t found =
            lanesEqual(word, '"') | lanesEqual(folded, '{') | lanesEqual(folded, '}');
        if (found) // the lowest lane found is exact (borrows only reach lanes above it)
            return pos + static_cast<std::size_t>(std::countr_zero(found)) / 8;
    }
    while (pos < text.size() && !isStructural(text[pos]))
        ++pos;
    return pos;
}

// Past the object or array whose opening bracket is at `pos`.
std::size_t skipNested(std::string_view text, std::size_t pos) {
    int depth = 0;
    char closers[64]; // which bracket closes each level; deeper nesting is refused
    while ((pos = nextStructural(text, pos)) < text.size()) {
        const char c = text[pos];
        if (c == '"') {
            pos = skipString(text, pos);
            if (pos == kJsonEnded)
                return kJsonEnded;
            continue;
        }
        if (c == '{' || c == '[') {
            if (depth == static_cast<int>(sizeof closers))
                return kJsonBroken;
            closers[depth++] = c == '{' ? '}' : ']';
        } else if (depth == 0 || closers[--depth] != c) {
            return kJsonBroken;
        } else if (depth == 0) {
            return pos + 1;
        }
        ++pos;
    }
    return kJsonEnded;
}

} // namespace

std::size_t skipJsonSpace(std::string_view text, std::size_t pos) {
    while (pos < text.size() && isSpace(text[pos]))
        ++pos;
    return pos;
}

std::size_t skipJsonValue(std::string_view text, std::size_t pos) {
    pos = skipJsonSpace(text, pos);
    if (pos >= text.size())
        return kJsonEnded;
    const char c = text[pos];
    if (c == '"')
        return skipString(text, pos);
    if (c == '{' || c == '[')
        return skipNested(text, pos);
    if (c == '}' || c == ']' || c == ',' || c == ':')
        return kJsonBroken;
    // A number or a literal: it runs to the next separator.
    while (pos < text.size() && !isSpace(text[pos]) && text[pos] != ',' && text[pos] != '}' &&
           text[pos] != ']' && text[pos] != ':' && text[pos] != '"')
        ++pos;
    return pos;
}

namespace detail {

JsonMember jsonMemberAt(std::string_view object, std::size_t& pos) {
    const std::size_t keyEnd = skipJsonValue(object, pos);
    JsonMember member;
    member.key = object.substr(pos + 1, keyEnd - pos - 2);
    const std::size_t valueStart = skipJsonSpace(object, skipJsonSpace(object, keyEnd) + 1);
    pos = skipJsonValue(object, valueStart);
    member.value = object.substr(valueStart, pos - valueStart);
    return member;
}

} // namespace detail
} // namespace planscope
