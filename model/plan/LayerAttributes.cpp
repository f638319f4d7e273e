// Layer::attributes() and attribute(): read from the layer's attribute text when asked for.
#include "plan/Layer.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace planscope {
namespace {

// Compact JSON text of an attribute value, as nlohmann's dump() writes it but without its
// per-call set-up.
void appendCompact(QString& out, const nlohmann::json& value) {
    switch (value.type()) {
    case nlohmann::json::value_t::number_integer:
        out += QString::number(value.get<qint64>());
        return;
    case nlohmann::json::value_t::number_unsigned:
        out += QString::number(value.get<quint64>());
        return;
    case nlohmann::json::value_t::boolean:
        out += value.get<bool>() ? QLatin1String("true") : QLatin1String("false");
        return;
    case nlohmann::json::value_t::array:
        out += '[';
        for (std::size_t i = 0; i < value.size(); ++i) {
            if (i)
                out += ',';
            appendCompact(out, value[i]);
        }
        out += ']';
        return;
    default:
        out += QString::fromStdString(value.dump());
    }
}

QString fromUtf8(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

bool isPlainInteger(std::string_view text) {
    const std::size_t digits = text.size() - (text.starts_with('-') ? 1 : 0);
    return digits > 0 && digits <= 18 &&
           std::all_of(text.end() - static_cast<std::ptrdiff_t>(digits), text.end(),
                       [](char c) { return c >= '0' && c <= '9'; });
}

// A flat list of plain integers written without spaces, "[3,3]": compact as written.
bool isCompactIntegerList(std::string_view text) {
    if (text.size() < 2 || text.front() != '[' || text.back() != ']')
        return false;
    for (std::string_view rest = text.substr(1, text.size() - 2); !rest.empty();) {
        const std::size_t comma = std::min(rest.find(','), rest.size());
        const std::string_view number = rest.substr(0, comma);
        if (!isPlainInteger(number) || number == "-0") // nlohmann writes -0 as 0
            return false;
        rest.remove_prefix(std::min(comma + 1, rest.size()));
    }
    return text.back() == ']' && text[text.size() - 2] != ',';
}

// An attribute's value as text: a string unquoted, anything else as compact JSON. The layer's
// text was checked when the plan was read, so it parses.
QString valueText(std::string_view value) {
    if (value.starts_with('"')) {
        const std::string_view inner = value.substr(1, value.size() - 2);
        if (inner.find('\\') == std::string_view::npos)
            return fromUtf8(inner);
        return fromUtf8(nlohmann::json::parse(value).get_ref<const std::string&>());
    }
    if (isPlainInteger(value) || isCompactIntegerList(value))
        return QString::fromLatin1(value.data(), static_cast<qsizetype>(value.size()));
    QString text;
    appendCompact(text, nlohmann::json::parse(value));
    return text;
}

bool isTensorOrName(std::string_view key) {
    return key == "Name" || key == "Inputs" || key == "Outputs";
}

// Calls `visit(name code, value)` for each member of a layer's attribute text, in the file's
// order; a shared value is looked up in the table.
template <class Visit> void forEachMember(const Layer::AttributeText& attributes, Visit&& visit) {
    using Text = Layer::AttributeText;
    constexpr std::size_t kCode = AttributeTable::kCodeSize;
    const std::string_view text = attributes.text();
    for (std::size_t pos = 0; pos < text.size();) { // text[pos] starts a member
        const std::size_t next =
            std::min(text.find(Text::kMemberStart, pos + 1 + kCode), text.size());
        const std::string_view value = text.substr(pos + 1 + kCode, next - pos - 1 - kCode);
        visit(text.substr(pos + 1, kCode),
              value.starts_with(Text::kSharedValue)
                  ? std::string_view(attributes.table->value(value.substr(1)))
                  : value);
        pos = next;
    }
}

} // namespace

std::string_view Layer::AttributeText::text() const {
    return data ? std::string_view(data.get(), static_cast<std::size_t>(size)) : std::string_view();
}

std::vector<std::pair<QString, QString>> Layer::attributes() const {
    std::vector<std::pair<std::string_view, std::string_view>> members;
    forEachMember(attributeText, [&](std::string_view code, std::string_view value) {
        const std::string& key = attributeText.table->name(code);
        if (!isTensorOrName(key)) // a name or tensor list spelled with escapes
            members.emplace_back(key, value);
    });
    // Sorted by key, the last of a repeated key kept: as the whole-document reader had them.
    std::stable_sort(members.begin(), members.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::pair<QString, QString>> attributes;
    attributes.reserve(members.size());
    for (std::size_t i = 0; i < members.size(); ++i) {
        if (i + 1 < members.size() && members[i + 1].first == members[i].first)
            continue;
        const auto& [key, value] = members[i];
        attributes.emplace_back(fromUtf8(key), key == "Metadata" ? metadata : valueText(value));
    }
    return attributes;
}

std::optional<std::string_view> Layer::attributeJson(std::string_view key) const {
    if (isTensorOrName(key) || !attributeText.table)
        return std::nullopt;
    const std::optional<std::string_view> code = attributeText.table->findName(key);
    if (!code)
        return std::nullopt;
    // Only the codes are compared on the way; the value is read from the member found.
    constexpr std::size_t kCode = AttributeTable::kCodeSize;
    const std::string_view text = attributeText.text();
    std::size_t found = std::string_view::npos;
    for (std::size_t pos = 0; pos < text.size();
         pos = text.find(AttributeText::kMemberStart, pos + 1 + kCode)) {
        if (text.compare(pos + 1, kCode, *code) == 0)
            found = pos; // the last of a repeated key wins
    }
    if (found == std::string_view::npos)
        return std::nullopt;
    const std::size_t start = found + 1 + kCode;
    const std::size_t end = std::min(text.find(AttributeText::kMemberStart, start), text.size());
    const std::string_view value = text.substr(start, end - start);
    if (value.starts_with(AttributeText::kSharedValue))
        return attributeText.table->value(value.substr(1));
    return value;
}

QString Layer::attribute(const QString& key) const {
    const QByteArray wanted = key.toUtf8();
    const std::string_view name(wanted.constData(), static_cast<std::size_t>(wanted.size()));
    const std::optional<std::string_view> found = attributeJson(name);
    if (!found)
        return {};
    return name == "Metadata" ? metadata : valueText(*found);
}

} // namespace planscope
