#include "io/log/TrtexecLog.h"

#include <nlohmann/json.hpp>
#include <string_view>

namespace planscope {
namespace {

using Json = nlohmann::json;

bool isKeyChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '/' || c == '(' ||
           c == ')';
}

// One layer of IEngineInspector's ONELINE format, as --dumpLayerInfo prints it:
//   Name: conv1, LayerType: CaskConvolution, Inputs: [ { Name: x, Dimensions: [1,3,224,224],
//   Format/Datatype: Float }], ..., Weights: {"Type": "Float", "Count": 800}, Metadata: [ONNX..]
// Names and metadata are not quoted, so a text value runs to the next ", Key:" outside
// brackets (or to the end of its object).
class OneLineRecord {
  public:
    explicit OneLineRecord(std::string_view text) : m_text(text) {}

    Json object(char end) {
        Json result = Json::object();
        while (true) {
            skipSpaces();
            if (atEnd() || peek() == end) {
                ++m_pos;
                return result;
            }
            const std::size_t colon = m_text.find(':', m_pos);
            if (colon == std::string_view::npos)
                return result;
            const std::string key = trimmed(m_text.substr(m_pos, colon - m_pos));
            m_pos = colon + 1;
            if (!atEnd() && peek() == ' ')
                ++m_pos;
            result[key] = value(key, end);
            skipSpaces();
            if (!atEnd() && peek() == ',')
                ++m_pos;
        }
    }

  private:
    Json value(const std::string& key, char end) {
        if (!atEnd() && peek() == '[' && listFollows())
            return list();
        if (!atEnd() && peek() == '{' && key != "Name") {
            if (nextNonSpace(m_pos + 1) == '"')
                return jsonLiteral(end);
            ++m_pos;
            return object('}');
        }
        return typed(key, text(end));
    }

    bool listFollows() const {
        const char c = nextNonSpace(m_pos + 1);
        return c == '{' || c == ']' || c == '-' || std::isdigit(static_cast<unsigned char>(c));
    }

    Json list() {
        Json items = Json::array();
        ++m_pos; // '['
        while (true) {
            skipSpaces();
            if (atEnd())
                return items;
            if (peek() == ']') {
                ++m_pos;
                return items;
            }
            if (peek() == '{') {
                ++m_pos;
                items.push_back(object('}'));
            } else {
                const std::size_t stop = m_text.find_first_of(",]", m_pos);
                const std::size_t until = stop == std::string_view::npos ? m_text.size() : stop;
                items.push_back(typed({}, trimmed(m_text.substr(m_pos, until - m_pos))));
                m_pos = until;
            }
            skipSpaces();
            if (!atEnd() && peek() == ',')
                ++m_pos;
        }
    }

    // {"Type": "Float", "Count": 800}: real JSON inside the record.
    Json jsonLiteral(char end) {
        const std::size_t close = m_text.find('}', m_pos);
        if (close == std::string_view::npos)
            return text(end);
        const std::string_view literal = m_text.substr(m_pos, close + 1 - m_pos);
        Json parsed = Json::parse(literal, nullptr, false);
        if (parsed.is_discarded())
            return text(end);
        m_pos = close + 1;
        return parsed;
    }

    std::string text(char end) {
        const std::size_t start = m_pos;
        int depth = 0;
        for (; m_pos < m_text.size(); ++m_pos) {
            const char c = m_text[m_pos];
            if (c == '[' || c == '{' || c == '(') {
                ++depth;
            } else if (c == ']' || c == '}' || c == ')') {
                if (depth == 0 && c == end)
                    break;
                depth = std::max(0, depth - 1);
            } else if (c == ',' && depth == 0 && keyFollows(m_pos + 1)) {
                break;
            }
        }
        return trimmed(m_text.substr(start, m_pos - start));
    }

    bool keyFollows(std::size_t pos) const {
        if (pos < m_text.size() && m_text[pos] == ' ')
            ++pos;
        if (pos >= m_text.size() || !std::isalpha(static_cast<unsigned char>(m_text[pos])))
            return false;
        while (pos < m_text.size() && isKeyChar(m_text[pos]))
            ++pos;
        return pos < m_text.size() && m_text[pos] == ':';
    }

    // Numbers become numbers, as in the JSON export; names stay text even when numeric.
    static Json typed(const std::string& key, const std::string& text) {
        if (key == "Name" || key == "Metadata" || key == "TacticName" || text.empty())
            return text;
        Json number = Json::parse(text, nullptr, false);
        return number.is_number() ? number : Json(text);
    }

    char nextNonSpace(std::size_t pos) const {
        while (pos < m_text.size() && m_text[pos] == ' ')
            ++pos;
        return pos < m_text.size() ? m_text[pos] : '\0';
    }
    void skipSpaces() {
        while (!atEnd() && peek() == ' ')
            ++m_pos;
    }
    static std::string trimmed(std::string_view text) {
        const auto first = text.find_first_not_of(' ');
        if (first == std::string_view::npos)
            return {};
        return std::string(text.substr(first, text.find_last_not_of(' ') - first + 1));
    }
    bool atEnd() const { return m_pos >= m_text.size(); }
    char peek() const { return m_text[m_pos]; }

    std::string_view m_text;
    std::size_t m_pos = 0;
};

bool endsLayerList(const QByteArray& line) {
    return line.startsWith("&&&&") || infoLineText(line).has_value() ||
           (line.startsWith('[') && line.contains("] ["));
}

} // namespace

QByteArray parseLayerInformation(const QList<QByteArray>& lines, qsizetype first, qsizetype& next,
                                 QStringList& warnings) {
    Json layers = Json::array();
    Json bindings = Json::array();
    bool inBindings = false;
    qsizetype i = first + 1;
    for (; i < lines.size() && !endsLayerList(lines[i]); ++i) {
        const QByteArray line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        if (line == "Bindings:") {
            inBindings = true;
        } else if (inBindings) {
            bindings.push_back(line.toStdString());
        } else if (line.startsWith("Name: ") && line.contains(", LayerType: ")) {
            layers.push_back(
                OneLineRecord(std::string_view(line.constData(), line.size())).object('\0'));
        } else {
            layers.push_back(line.toStdString()); // built without detailed verbosity
        }
    }
    next = i;
    if (layers.empty()) {
        warnings << QStringLiteral("The layer list (--dumpLayerInfo) is empty.");
        return {};
    }
    const Json graph = {{"Layers", layers}, {"Bindings", bindings}};
    return QByteArray::fromStdString(graph.dump(-1, ' ', false, Json::error_handler_t::replace));
}

} // namespace planscope
