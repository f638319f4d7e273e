#pragma once

#include <memory>
#include <string_view>
#include <vector>

namespace planscope {

// Keeps many small texts (each layer's raw attributes) in a few large blocks, so a large plan
// pays no allocation per text. A stored text never moves: it stays valid while any pointer
// handed out by add() lives, since each one shares ownership of all the blocks.
class TextArena {
  public:
    // Appends the concatenation of `parts` as one text; returns its start.
    std::shared_ptr<const char> add(const std::vector<std::string_view>& parts);

  private:
    struct Blocks {
        std::vector<std::unique_ptr<char[]>> list;
    };
    static constexpr std::size_t kBlockSize = std::size_t{1} << 20;

    std::shared_ptr<Blocks> m_blocks = std::make_shared<Blocks>();
    char* m_free = nullptr; // the next free byte of the current block
    std::size_t m_left = 0; // bytes left in the current block
};

} // namespace planscope
