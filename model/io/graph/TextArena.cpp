#include "io/graph/TextArena.h"

#include <algorithm>
#include <cstring>

namespace planscope {

std::shared_ptr<const char> TextArena::add(const std::vector<std::string_view>& parts) {
    std::size_t size = 0;
    for (const std::string_view part : parts)
        size += part.size();
    if (size > m_left) {
        const std::size_t blockSize = std::max(kBlockSize, size);
        m_blocks->list.push_back(std::make_unique_for_overwrite<char[]>(blockSize));
        m_free = m_blocks->list.back().get();
        m_left = blockSize;
    }
    char* start = m_free;
    for (const std::string_view part : parts) {
        std::memcpy(m_free, part.data(), part.size());
        m_free += part.size();
    }
    m_left -= size;
    return {m_blocks, start}; // shares the blocks' ownership, points at this text
}

} // namespace planscope
