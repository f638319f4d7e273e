#pragma once

#include "json/JsonStreamWriter.h"

#include <cstddef>
#include <functional>
#include <string>

namespace planscope {

// Writes items [first, last) of the container a JsonStreamWriter has open `depth` containers
// deep, in two parts side by side when there are at least `forTwoParts` of them (thousands of
// objects are most of a large output's time, and a second core may idle meanwhile), and
// appends them to `text` in order. With `itemsBefore` the container already holds items, so
// the first of these starts with a comma. The caller then tells the writer that opened the
// container (its itemsWritten()).
void appendItemsSideBySide(std::string& text, std::size_t first, std::size_t last, int depth,
                           bool itemsBefore, std::size_t forTwoParts,
                           const std::function<void(JsonStreamWriter&, std::size_t)>& writeItem);

} // namespace planscope
