#pragma once

#include <QString>
#include <string>
#include <string_view>
#include <unordered_map>

namespace planscope {

// Hashes std::string keys and std::string_view lookups alike (no temporary string per lookup).
struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const noexcept {
        return std::hash<std::string_view>{}(text);
    }
};

// Hands out one QString per distinct text, so text that repeats from record to record (layer
// types, formats, runner and tactic names) is stored once. Texts longer than `maxLength` are
// rarely repeated and are not kept.
class StringPool {
  public:
    explicit StringPool(std::size_t maxLength) : m_maxLength(maxLength) {}

    // Room for `count` texts, so the table does not grow (and rehash) while they arrive.
    void reserve(std::size_t count) { m_strings.reserve(count); }

    QString get(std::string_view text) {
        if (text.size() > m_maxLength)
            return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
        if (const auto it = m_strings.find(text); it != m_strings.end())
            return it->second;
        return m_strings
            .emplace(std::string(text),
                     QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())))
            .first->second;
    }

  private:
    std::size_t m_maxLength;
    std::unordered_map<std::string, QString, TextHash, std::equal_to<>> m_strings;
};

} // namespace planscope
