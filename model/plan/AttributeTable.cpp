#include "plan/AttributeTable.h"

namespace planscope {
namespace {

constexpr std::size_t kDigits = 224; // a code's bytes run from 0x20 to 0xFF

std::size_t idOf(std::string_view code) {
    std::size_t id = 0;
    for (std::size_t i = AttributeTable::kCodeSize; i-- > 0;)
        id = id * kDigits + (static_cast<unsigned char>(code[i]) - 0x20U);
    return id;
}

} // namespace

std::optional<std::string> AttributeTable::Texts::add(std::string_view text) {
    if (const auto known = m_ids.find(text); known != m_ids.end())
        return m_codes[known->second];
    const std::size_t id = m_texts.size();
    if (id >= kMostEntries)
        return std::nullopt;
    std::string code(kCodeSize, ' ');
    for (std::size_t i = 0, rest = id; i < kCodeSize; ++i, rest /= kDigits)
        code[i] = static_cast<char>(0x20 + rest % kDigits);
    m_texts.emplace_back(text);
    m_codes.push_back(code);
    m_ids.emplace(std::string(text), id);
    return code;
}

std::optional<std::string_view> AttributeTable::Texts::find(std::string_view text) const {
    const auto known = m_ids.find(text);
    if (known == m_ids.end())
        return std::nullopt;
    return m_codes[known->second];
}

const std::string& AttributeTable::Texts::text(std::string_view code) const {
    return m_texts[idOf(code)];
}

} // namespace planscope
