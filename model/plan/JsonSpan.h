#pragma once

#include <string_view>

namespace planscope {

// Walks JSON text without building anything: where a value ends, and the members of an object.
// Only the brackets and the strings are looked at, so the text's grammar is checked elsewhere
// (the graph reader hands each span it finds to a full parser).

// Where the value starting at `pos` (after any white space) ends. kJsonEnded when the text ends
// first, kJsonBroken when no value starts at `pos` or its brackets do not match.
constexpr std::size_t kJsonEnded = std::string_view::npos;
constexpr std::size_t kJsonBroken = kJsonEnded - 1;
std::size_t skipJsonValue(std::string_view text, std::size_t pos);

// The first position at or after `pos` that is not JSON white space (text.size() if none).
std::size_t skipJsonSpace(std::string_view text, std::size_t pos);

// One member of an object: its key as written (between the quotes, escapes as they are) and
// its value's text.
struct JsonMember {
    std::string_view key;
    std::string_view value;
};

// Calls `visit(member)` for each member of the valid JSON object `object`, in text order.
template <class Visit> void forEachJsonMember(std::string_view object, Visit&& visit);

// --- implementation ---

namespace detail {
// The member starting at `pos` (its key's opening quote); sets `pos` past its value.
JsonMember jsonMemberAt(std::string_view object, std::size_t& pos);
} // namespace detail

template <class Visit> void forEachJsonMember(std::string_view object, Visit&& visit) {
    std::size_t pos = skipJsonSpace(object, 1); // past '{'
    while (pos < object.size() && object[pos] == '"') {
        visit(detail::jsonMemberAt(object, pos));
        pos = skipJsonSpace(object, pos);
        if (pos < object.size() && object[pos] == ',')
            pos = skipJsonSpace(object, pos + 1);
    }
}

} // namespace planscope
