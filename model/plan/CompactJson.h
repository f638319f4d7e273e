#pragma once

#include <QtGlobal>
#include <optional>
#include <string_view>
#include <vector>

namespace planscope {

// JSON text that reads the same as written: nlohmann writes these back digit for digit, so
// they need no parser.

// A plain integer, "-7" or "42": an optional minus and 1 to 18 digits.
bool isPlainInteger(std::string_view text);

// A flat list of plain integers written without spaces, "[3,3]" or "[]" (not "-0", which
// nlohmann writes as 0): its values; none for any other text.
std::optional<std::vector<qint64>> compactIntegerList(std::string_view text);

} // namespace planscope
