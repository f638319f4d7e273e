#pragma once

#include <string_view>

namespace planscope {

// Walks JSON text without building anything: where a value ends.
// Only the brackets and the strings are looked at, so the text's grammar is checked elsewhere
// (the graph reader hands each span it finds to a full parser).

// Where the value starting at `pos` (after any white space) ends. kJsonEnded when the text ends
// first, kJsonBroken when no value starts at `pos` or its brackets do not match.
constexpr std::size_t kJsonEnded = std::string_view::npos;
constexpr std::size_t kJsonBroken = kJsonEnded - 1;
std::size_t skipJsonValue(std::string_view text, std::size_t pos);

// The first position at or after `pos` that is not JSON white space (text.size() if none).
std::size_t skipJsonSpace(std::string_view text, std::size_t pos);

} // namespace planscope
