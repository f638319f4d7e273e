#pragma once

#include <QByteArray>
#include <simdjson.h>
#include <string_view>

namespace planscope {

// Spans of JSON text: where a value ends, found without building anything (only the brackets
// and the strings are looked at, so the text's grammar is checked elsewhere), and a span handed
// to simdjson, which checks and parses it.

// Where the value starting at `pos` (after any white space) ends. kJsonEnded when the text ends
// first, kJsonBroken when no value starts at `pos` or its brackets do not match.
constexpr std::size_t kJsonEnded = std::string_view::npos;
constexpr std::size_t kJsonBroken = kJsonEnded - 1;
std::size_t skipJsonValue(std::string_view text, std::size_t pos);

// The first position at or after `pos` that is not JSON white space (text.size() if none).
std::size_t skipJsonSpace(std::string_view text, std::size_t pos);

// Parses the JSON value in [begin, end) of `text` with `parser`, reading it in place when the
// room simdjson reads past a value's end is readable (`readable` bytes from the text's start),
// else from a padded copy. The element lasts until the parser's next parse.
simdjson::error_code parseJsonSpan(simdjson::dom::parser& parser, std::string_view text,
                                   std::size_t readable, std::size_t begin, std::size_t end,
                                   simdjson::dom::element& element);
// The same for a byte array, whose allocated room (readFileBytes' padding) is readable.
simdjson::error_code parseJsonSpan(simdjson::dom::parser& parser, const QByteArray& text,
                                   std::size_t begin, std::size_t end,
                                   simdjson::dom::element& element);

} // namespace planscope
