#include "io/text/JsonSpan.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

// Where skipNested stands: the brackets open (which bracket closes each level), and whether it
// is inside a string or right after a backslash there.
struct NestingState {
    static constexpr int kDeepest = 64; // deeper nesting is refused
    char closers[kDeepest];
    int depth = 0;
    bool inString = false;
    bool escaped = false;

    // Takes the bracket `c` (outside strings): false when it does not match or nests too deep.
    bool bracket(char c) {
        if (c == '{' || c == '[') {
            if (depth == kDeepest)
                return false;
            closers[depth++] = c == '{' ? '}' : ']';
            return true;
        }
        return depth > 0 && closers[--depth] == c;
    }
};

// Steps through text[pos, end) byte by byte. Returns past the bracket closing the outermost
// level, kJsonBroken on a bracket that does not match, or kJsonEnded when `end` is reached first.
std::size_t stepNested(std::string_view text, std::size_t pos, std::size_t end,
                       NestingState& state) {
    for (; pos < end; ++pos) {
        const char c = text[pos];
        if (state.inString) {
            if (state.escaped)
                state.escaped = false;
            else if (c == '\\')
                state.escaped = true;
            else if (c == '"')
                state.inString = false;
        } else if (c == '"') {
            state.inString = true;
        } else if (c == '{' || c == '[' || c == '}' || c == ']') {
            if (!state.bracket(c))
                return kJsonBroken;
            if (state.depth == 0)
                return pos + 1;
        }
    }
    return kJsonEnded;
}

#if defined(__SSE2__)
// The bytes of text[pos, pos + 64) that are quotes, backslashes, opening and closing brackets,
// one bit each. OR-ing 0x20 folds '[' and ']' onto '{' and '}'.
struct Block {
    std::uint64_t quotes = 0, backslashes = 0, opens = 0, closes = 0;

    explicit Block(const char* p) {
        const __m128i fold = _mm_set1_epi8(0x20);
        for (int i = 0; i < 4; ++i) {
            const __m128i bytes =
                _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + std::ptrdiff_t{16} * i));
            const __m128i folded = _mm_or_si128(bytes, fold);
            const auto bits = [&](__m128i v, char c) {
                const auto mask = _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c)));
                return static_cast<std::uint64_t>(static_cast<std::uint16_t>(mask)) << (16 * i);
            };
            quotes |= bits(bytes, '"');
            backslashes |= bits(bytes, '\\');
            opens |= bits(folded, '{');
            closes |= bits(folded, '}');
        }
    }
};

// Bit i set when an odd number of bits 0..i of `bits` are set.
std::uint64_t prefixXor(std::uint64_t bits) {
    for (int shift = 1; shift < 64; shift *= 2)
        bits ^= bits << shift;
    return bits;
}
#endif

// Past the object or array whose opening bracket is at `pos`. Where SSE2 is there, 64 bytes
// are looked at at once: a block without backslashes has its strings found from its quotes
// alone, and only its brackets outside strings are visited.
std::size_t skipNested(std::string_view text, std::size_t pos) {
    NestingState state;
#if defined(__SSE2__)
    for (; pos + 64 <= text.size(); pos += 64) {
        const Block block(text.data() + pos);
        if (block.backslashes || state.escaped) {
            const std::size_t end = stepNested(text, pos, pos + 64, state);
            if (end != kJsonEnded)
                return end;
            continue;
        }
        const std::uint64_t inside = prefixXor(block.quotes) ^ (state.inString ? ~0ULL : 0);
        state.inString = (inside >> 63) != 0;
        for (std::uint64_t brackets = (block.opens | block.closes) & ~inside; brackets;
             brackets &= brackets - 1) {
            const std::size_t at = pos + static_cast<std::size_t>(std::countr_zero(brackets));
            if (!state.bracket(text[at]))
                return kJsonBroken;
            if (state.depth == 0)
                return at + 1;
        }
    }
#endif
    return stepNested(text, pos, text.size(), state);
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

simdjson::error_code parseJsonSpan(simdjson::dom::parser& parser, std::string_view text,
                                   std::size_t readable, std::size_t begin, std::size_t end,
                                   simdjson::dom::element& element) {
    const bool padded = end + simdjson::SIMDJSON_PADDING <= readable;
    return parser.parse(text.data() + begin, end - begin, !padded).get(element);
}

simdjson::error_code parseJsonSpan(simdjson::dom::parser& parser, const QByteArray& text,
                                   std::size_t begin, std::size_t end,
                                   simdjson::dom::element& element) {
    const std::string_view view(text.constData(), static_cast<std::size_t>(text.size()));
    const auto allocated = static_cast<std::size_t>(std::max(text.size(), text.capacity()));
    return parseJsonSpan(parser, view, allocated, begin, end, element);
}

} // namespace planscope
