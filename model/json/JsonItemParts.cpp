#include "json/JsonItemParts.h"

#include "plan/SideBySide.h"

#include <algorithm>

namespace planscope {

void JsonItemParts::write(std::size_t first, std::size_t last, bool itemsBefore,
                          const WriteItem& writeItem, const Write& write) {
    const std::size_t count = last - first;
    const std::size_t parts = count >= m_forTwoParts ? 2 : 1;
    const std::function<int(std::size_t)> writePart = [&](std::size_t part) {
        std::string& text = m_parts[part];
        text.clear();                                            // its room stays
        text.reserve((count / parts + 1) * m_itemBytes * 9 / 8); // a little over: no growing
        JsonStreamWriter items(text, m_depth, itemsBefore || part > 0);
        const std::size_t end = first + count * (part + 1) / parts;
        for (std::size_t i = first + count * part / parts; i < end; ++i)
            writeItem(items, i);
        return 0;
    };
    sideBySide<int>(parts, writePart);
    if (count > 0)
        m_itemBytes = std::max(m_itemBytes, m_parts[0].size() * parts / count);
    for (std::size_t part = 0; part < parts; ++part)
        write(m_parts[part]);
}

} // namespace planscope
