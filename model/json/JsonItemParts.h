#pragma once

#include "json/JsonStreamWriter.h"

#include <array>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

namespace planscope {

// Writes the items of a container a JsonStreamWriter has open `depth` containers deep, in two
// parts side by side when there are at least `forTwoParts` of them (thousands of objects are
// most of a large output's time, and a second core may idle meanwhile). The parts' text is
// kept from one call to the next, so writing a long list in rounds reuses its room. The caller
// then tells the writer that opened the container (its itemsWritten()).
class JsonItemParts {
  public:
    using WriteItem = std::function<void(JsonStreamWriter&, std::size_t)>;
    using Write = std::function<void(std::string_view)>;

    // `itemBytes`: about how long an item's text is, so the parts are made that long at once
    // (grown as they are written, the copying and the fresh pages were a third of the time).
    JsonItemParts(int depth, std::size_t forTwoParts, std::size_t itemBytes)
        : m_depth(depth), m_forTwoParts(forTwoParts), m_itemBytes(itemBytes) {}

    // Writes items [first, last) and hands their text to `write` in order. With `itemsBefore`
    // the container already holds items, so the first of these starts with a comma.
    void write(std::size_t first, std::size_t last, bool itemsBefore, const WriteItem& writeItem,
               const Write& write);

  private:
    int m_depth;
    std::size_t m_forTwoParts;
    std::size_t m_itemBytes; // the largest average of the calls before, or the caller's guess
    std::array<std::string, 2> m_parts;
};

} // namespace planscope
