#include "plan/CompactJson.h"

#include <algorithm>
#include <charconv>

namespace planscope {

bool isPlainInteger(std::string_view text) {
    const std::size_t digits = text.size() - (text.starts_with('-') ? 1 : 0);
    return digits > 0 && digits <= 18 &&
           std::all_of(text.end() - static_cast<std::ptrdiff_t>(digits), text.end(),
                       [](char c) { return c >= '0' && c <= '9'; });
}

std::optional<std::vector<qint64>> compactIntegerList(std::string_view text) {
    if (text.size() < 2 || text.front() != '[' || text.back() != ']')
        return std::nullopt;
    std::vector<qint64> values;
    const std::string_view inner = text.substr(1, text.size() - 2);
    if (inner.empty())
        return values;
    values.reserve(static_cast<std::size_t>(std::count(inner.begin(), inner.end(), ',')) + 1);
    for (std::size_t from = 0; from <= inner.size();) {
        const std::size_t comma = std::min(inner.find(',', from), inner.size());
        const std::string_view number = inner.substr(from, comma - from);
        if (!isPlainInteger(number) || number == "-0")
            return std::nullopt;
        qint64 value = 0;
        std::from_chars(number.data(), number.data() + number.size(), value);
        values.push_back(value);
        from = comma + 1;
    }
    return values;
}

} // namespace planscope
