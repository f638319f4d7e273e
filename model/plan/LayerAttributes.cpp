// Layer::attributes() and attribute(): read from the layer's attribute text when asked for.
#include "plan/LayerAttributes.h"

#include "plan/CompactJson.h"

#include <QVarLengthArray>
#include <algorithm>
#include <cstdint>
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

// An attribute's value as text: a string unquoted, anything else as compact JSON. The layer's
// text was checked when the plan was read, so it parses.
QString valueText(std::string_view value) {
    if (value.starts_with('"')) {
        const std::string_view inner = value.substr(1, value.size() - 2);
        if (inner.find('\\') == std::string_view::npos)
            return fromUtf8(inner);
        return fromUtf8(nlohmann::json::parse(value).get_ref<const std::string&>());
    }
    if (isPlainInteger(value) || compactIntegerList(value))
        return QString::fromLatin1(value.data(), static_cast<qsizetype>(value.size()));
    QString text;
    appendCompact(text, nlohmann::json::parse(value));
    return text;
}

bool isTensorOrName(std::string_view key) {
    return key == "Name" || key == "Inputs" || key == "Outputs";
}

// Calls `visit(name code, value as stored)` for each member of a layer's attribute text, in the
// file's order.
template <class Visit> void forEachMember(std::string_view text, Visit&& visit) {
    constexpr std::size_t kCode = AttributeTable::kCodeSize;
    for (std::size_t pos = 0; pos < text.size();) { // text[pos] starts a member
        const std::size_t next =
            std::min(text.find(Layer::AttributeText::kMemberStart, pos + 1 + kCode), text.size());
        visit(text.substr(pos + 1, kCode), text.substr(pos + 1 + kCode, next - pos - 1 - kCode));
        pos = next;
    }
}

// A name code as a number, never 0 (its bytes are 0x20 and up), to compare without a call.
std::uint32_t codeNumber(std::string_view code) {
    static_assert(AttributeTable::kCodeSize == 3);
    // Shifts, not a copy into a zeroed word: the compiler's partial stores then a whole load
    // stalled on every member (store forwarding fails), a third of the lookup's time.
    const auto byte = [&](std::size_t i) { return static_cast<std::uint8_t>(code[i]); };
    return byte(0) | (std::uint32_t{byte(1)} << 8) | (std::uint32_t{byte(2)} << 16);
}

// A member's value as stored: its JSON text, or the code of a value shared in the table.
std::string_view valueOf(const Layer::AttributeText& attributes, std::string_view stored) {
    if (stored.starts_with(Layer::AttributeText::kSharedValue))
        return attributes.table->value(stored.substr(1));
    return stored;
}

} // namespace

std::string_view Layer::AttributeText::text() const {
    return data ? std::string_view(data.get(), static_cast<std::size_t>(size)) : std::string_view();
}

std::vector<std::pair<QString, QString>> Layer::attributes() const {
    std::vector<std::pair<std::string_view, std::string_view>> members;
    forEachMember(attributeText.text(), [&](std::string_view code, std::string_view stored) {
        const std::string& key = attributeText.table->name(code);
        if (!isTensorOrName(key)) // a name or tensor list spelled with escapes
            members.emplace_back(key, valueOf(attributeText, stored));
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
    std::optional<std::string_view> value;
    attributesJson(*this, {&key, 1}, {&value, 1});
    return value;
}

void attributesJson(const Layer& layer, std::span<const std::string_view> keys,
                    std::span<std::optional<std::string_view>> values) {
    Q_ASSERT(keys.size() == values.size());
    std::fill(values.begin(), values.end(), std::nullopt);
    const Layer::AttributeText& attributes = layer.attributeText;
    if (!attributes.table)
        return;
    // Only the codes are compared on the way, as numbers; the values found are read at the end.
    QVarLengthArray<std::uint32_t, 8> storage(qsizetype(keys.size()));
    const std::span<std::uint32_t> codes(storage.data(), keys.size());
    for (std::size_t i = 0; i < keys.size(); ++i) {
        const std::optional<std::string_view> code =
            isTensorOrName(keys[i]) ? std::nullopt : attributes.table->findName(keys[i]);
        codes[i] = code ? codeNumber(*code) : 0;
    }
    if (std::all_of(codes.begin(), codes.end(), [](std::uint32_t code) { return code == 0; }))
        return; // no layer of the file has such an attribute: its text need not be walked
    forEachMember(attributes.text(), [&](std::string_view member, std::string_view stored) {
        const std::uint32_t code = codeNumber(member);
        for (std::size_t i = 0; i < keys.size(); ++i)
            if (codes[i] == code)
                values[i] = stored; // the last of a repeated key wins
    });
    for (std::optional<std::string_view>& value : values)
        if (value)
            value = valueOf(attributes, *value);
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
