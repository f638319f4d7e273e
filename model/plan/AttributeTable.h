#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace planscope {

// What the layers read from one file share of their raw attributes: the attributes' names and
// their long values, each with a short code that the layers' attribute texts hold in its place
// (a plan's thousands of layers repeat a few dozen names, and a few kernel names and weight
// descriptions). A code is kCodeSize bytes from 0x20 up, so it never holds a control character.
class AttributeTable {
  public:
    static constexpr std::size_t kCodeSize = 3;
    // Codes for at most this many names, and as many values.
    static constexpr std::size_t kMostEntries = std::size_t{224} * 224 * 224;

    // The code of a name (unescaped) or of a value (JSON text), given a new one when it is new;
    // none when there are kMostEntries of them already.
    std::optional<std::string> addName(std::string_view name) { return m_names.add(name); }
    std::optional<std::string> addValue(std::string_view value) { return m_values.add(value); }
    // The code of `name`; none when no layer has such an attribute.
    std::optional<std::string_view> findName(std::string_view name) const {
        return m_names.find(name);
    }
    // What a code stands for.
    const std::string& name(std::string_view code) const { return m_names.text(code); }
    const std::string& value(std::string_view code) const { return m_values.text(code); }

  private:
    class Texts {
      public:
        std::optional<std::string> add(std::string_view text);
        std::optional<std::string_view> find(std::string_view text) const;
        const std::string& text(std::string_view code) const;

      private:
        struct Hash {
            using is_transparent = void;
            std::size_t operator()(std::string_view text) const noexcept {
                return std::hash<std::string_view>{}(text);
            }
        };
        std::vector<std::string> m_texts;
        std::vector<std::string> m_codes;
        std::unordered_map<std::string, std::size_t, Hash, std::equal_to<>> m_ids;
    };
    Texts m_names;
    Texts m_values;
};

} // namespace planscope
