// Layer::attributes() and attribute(): read from the layer's JSON text when asked for.
#include "plan/JsonSpan.h"
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

// A key as written between its quotes, unescaped.
std::string unescapedKey(std::string_view key) {
    if (key.find('\\') == std::string_view::npos)
        return std::string(key);
    return nlohmann::json::parse('"' + std::string(key) + '"').get<std::string>();
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
    if (isPlainInteger(value))
        return QString::fromLatin1(value.data(), static_cast<qsizetype>(value.size()));
    QString text;
    appendCompact(text, nlohmann::json::parse(value));
    return text;
}

bool isTensorOrName(std::string_view key) {
    return key == "Name" || key == "Inputs" || key == "Outputs";
}

// False when `text` cannot hold `key` as a key: it is not there quoted, and no escape could
// spell it otherwise. Most lookups are of keys most layers lack (a search costs far less than
// a walk over the layer's tensors).
bool mayHoldKey(std::string_view text, std::string_view key) {
    const std::string quoted = '"' + std::string(key) + '"';
    return text.find(quoted) != std::string_view::npos || text.find('\\') != std::string_view::npos;
}

} // namespace

std::string_view Layer::Json::text() const {
    return file ? std::string_view(file->constData() + begin, static_cast<std::size_t>(size))
                : std::string_view();
}

std::vector<std::pair<QString, QString>> Layer::attributes() const {
    std::vector<std::pair<std::string, std::string_view>> members;
    forEachJsonMember(json.text(), [&](const JsonMember& m) {
        std::string key = unescapedKey(m.key);
        if (!isTensorOrName(key))
            members.emplace_back(std::move(key), m.value);
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

QString Layer::attribute(const QString& key) const {
    const QByteArray wanted = key.toUtf8();
    const std::string_view name(wanted.constData(), static_cast<std::size_t>(wanted.size()));
    const std::string_view text = json.text();
    if (isTensorOrName(name) || !mayHoldKey(text, name))
        return {};
    std::string_view found;
    bool present = false;
    forEachJsonMember(text, [&](const JsonMember& m) {
        if (m.key == name ||
            (m.key.find('\\') != std::string_view::npos && unescapedKey(m.key) == name)) {
            found = m.value; // the last of a repeated key wins
            present = true;
        }
    });
    if (!present)
        return {};
    return name == "Metadata" ? metadata : valueText(found);
}

} // namespace planscope
