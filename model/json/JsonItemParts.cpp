#include "json/JsonItemParts.h"

#include "plan/SideBySide.h"

namespace planscope {

void appendItemsSideBySide(std::string& text, std::size_t first, std::size_t last, int depth,
                           bool itemsBefore, std::size_t forTwoParts,
                           const std::function<void(JsonStreamWriter&, std::size_t)>& writeItem) {
    const std::size_t count = last - first;
    const std::size_t parts = count >= forTwoParts ? 2 : 1;
    const std::function<std::string(std::size_t)> writePart = [&](std::size_t part) {
        std::string written;
        JsonStreamWriter items(written, depth, itemsBefore || part > 0);
        const std::size_t end = first + count * (part + 1) / parts;
        for (std::size_t i = first + count * part / parts; i < end; ++i)
            writeItem(items, i);
        return written;
    };
    for (const std::string& written : sideBySide<std::string>(parts, writePart))
        text += written;
}

} // namespace planscope
