#include "io/graph/GraphEntryReader.h"

#include "io/LayerNames.h"
#include "io/text/JsonFile.h"
#include "io/text/JsonSpan.h"
#include "metrics/ConvolutionMetrics.h"
#include "plan/PlanError.h"

namespace planscope {

const QString kGraphFix = QStringLiteral(
    "Export the graph with trtexec --exportLayerInfo=FILE --profilingVerbosity=detailed.");
const QString kGraphRebuildHint = QStringLiteral(
    "Rebuild the engine with trtexec --profilingVerbosity=detailed --exportLayerInfo=FILE.");

namespace {

// Values this long are kept once in the table: kernel names, weight descriptions.
constexpr std::size_t kLongValue = 24;

} // namespace

void throwBrokenGraph(std::string_view text, std::size_t pos, const QString& path) {
    if (pos >= text.size())
        throwTruncatedJson(static_cast<qsizetype>(text.size()), path, kGraphFix);
    throwInvalidJson(static_cast<qsizetype>(pos), path, kGraphFix);
}

void throwNotALayer(std::size_t index, const QString& path) {
    throw PlanError(QStringLiteral("%1: layer %2 is neither a layer object with a Name nor a "
                                   "name like the layers before it. %3")
                        .arg(path)
                        .arg(index)
                        .arg(kGraphRebuildHint));
}

simdjson::dom::element parseGraphSpan(simdjson::dom::parser& parser, std::string_view text,
                                      std::size_t begin, std::size_t end, const QString& path) {
    simdjson::dom::element element;
    const auto error = parseJsonSpan(parser, text, text.size(), begin, end, element);
    if (error == simdjson::NUMBER_ERROR)
        throwNumberTooLarge(path, kGraphFix);
    if (error == simdjson::EMPTY)
        throwBrokenGraph(text, text.size(), path);
    if (error)
        throwBrokenGraph(text, begin, path);
    return element;
}

Layer GraphEntryReader::read(std::string_view text, std::size_t begin, std::size_t end,
                             std::size_t index, bool namesOnly) {
    m_attributes.clear();
    if (walkMembers(text, begin) != end)
        m_attributes.clear(); // not an object: the parse below says what it is
    const simdjson::dom::element entry = parseGraphSpan(m_parser, text, begin, end, m_path);
    const bool isName = entry.is_string();
    if (isName != namesOnly || (!isName && !entry.is_object()))
        throwNotALayer(index, m_path);
    if (isName) {
        const std::string_view name = entry.get_string().value_unsafe();
        return LayerBuilder::named(replaceRecordSeparators(
            QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()))));
    }
    const simdjson::dom::object object = entry.get_object().value_unsafe();
    if (object["Name"].error())
        throwNotALayer(index, m_path);
    Layer layer = m_builder.build(object, keptAttributes());
    if (layer.isConvolution())
        layer.convolution = convolutionOf(layer);
    return layer;
}

// The convolution's figures from the members just walked, not looked up again in the attribute
// text; a key spelled with escapes is looked up there, as it is unescaped only in the table.
std::optional<ConvolutionMetrics> GraphEntryReader::convolutionOf(const Layer& layer) const {
    std::optional<std::string_view> kernel;
    std::optional<std::string_view> groups;
    for (const auto& [key, value] : m_attributes) { // the last of a repeated key wins
        if (key.find('\\') != std::string_view::npos)
            return computeConvolutionMetrics(layer);
        if (key == "Kernel" || key == "ConvKernel") // ConvActPool: its convolution's
            kernel = value;
        else if (key == "Groups" || key == "ConvGroups")
            groups = value;
    }
    return computeConvolutionMetrics(layer, kernel, groups);
}

// Walks the members of the object at `begin`, keeping the key and value text of each but Name,
// Inputs and Outputs in m_attributes; returns where the object ends, kJsonBroken when `begin`
// holds no object or a broken one (the parse then says what is wrong).
std::size_t GraphEntryReader::walkMembers(std::string_view text, std::size_t begin) {
    if (begin >= text.size() || text[begin] != '{')
        return kJsonBroken;
    std::size_t pos = skipJsonSpace(text, begin + 1);
    if (pos < text.size() && text[pos] == '}')
        return pos + 1;
    while (pos < text.size() && text[pos] == '"') {
        const std::size_t keyEnd = skipJsonValue(text, pos);
        std::size_t next = skipJsonSpace(text, keyEnd);
        if (keyEnd >= text.size() || next >= text.size() || text[next] != ':')
            return kJsonBroken;
        const std::size_t valueEnd = skipJsonValue(text, next + 1);
        if (valueEnd >= kJsonBroken)
            return kJsonBroken;
        const std::string_view key = text.substr(pos + 1, keyEnd - pos - 2);
        const std::size_t valueStart = skipJsonSpace(text, next + 1);
        if (key != "Name" && key != "Inputs" && key != "Outputs")
            m_attributes.emplace_back(key, text.substr(valueStart, valueEnd - valueStart));
        next = skipJsonSpace(text, valueEnd);
        if (next < text.size() && text[next] == '}')
            return next + 1;
        if (next >= text.size() || text[next] != ',')
            return kJsonBroken;
        pos = skipJsonSpace(text, next + 1);
    }
    return kJsonBroken;
}

// The kept members as an attribute text (see Layer::AttributeText), stored in the arena.
Layer::AttributeText GraphEntryReader::keptAttributes() {
    using Text = Layer::AttributeText;
    static constexpr std::string_view kMemberStart(&Text::kMemberStart, 1);
    static constexpr std::string_view kSharedValue(&Text::kSharedValue, 1);
    m_codes.clear();
    m_codes.reserve(2 * m_attributes.size()); // the parts point into it: it must not grow
    m_parts.clear();
    for (std::size_t i = 0; i < m_attributes.size(); ++i) {
        const auto& [key, value] = m_attributes[i];
        m_parts.push_back(kMemberStart);
        m_parts.push_back(m_codes.emplace_back(nameCode(i, key)));
        if (key == "Metadata") // the layer holds it (with trex's fixes): that is shown
            continue;
        if (value.size() < kLongValue) {
            m_parts.push_back(value);
            continue;
        }
        m_parts.push_back(kSharedValue);
        m_parts.push_back(m_codes.emplace_back(coded(m_table->addValue(value))));
    }
    Text text;
    for (const std::string_view part : m_parts)
        text.size += static_cast<qsizetype>(part.size());
    text.data = m_arena.add(m_parts);
    text.table = m_table;
    return text;
}

// The code of the `i`th kept member's name. Entries of one kind list the same names in the same
// order, so the name the entry before had at `i` is tried before the table.
std::string GraphEntryReader::nameCode(std::size_t i, std::string_view key) {
    if (i < m_namesBefore.size() && m_namesBefore[i].first == key)
        return m_namesBefore[i].second;
    const bool escaped = key.find('\\') != std::string_view::npos;
    std::string code = coded(m_table->addName(escaped ? unescaped(key) : key));
    m_namesBefore.resize(std::max(m_namesBefore.size(), i + 1));
    m_namesBefore[i] = {std::string(key), code};
    return code;
}

std::string GraphEntryReader::coded(std::optional<std::string> code) const {
    if (!code)
        throw PlanError(
            QStringLiteral("%1: holds more than %2 distinct attribute names or values. %3")
                .arg(m_path)
                .arg(AttributeTable::kMostEntries)
                .arg(kGraphRebuildHint));
    return std::move(*code);
}

// A key as written between its quotes, unescaped (the entry it is in is valid JSON).
std::string GraphEntryReader::unescaped(std::string_view key) {
    const std::string quoted = '"' + std::string(key) + '"';
    std::string_view text;
    if (m_keyParser.parse(quoted).get(text))
        return std::string(key);
    return std::string(text);
}

} // namespace planscope
