#include "io/GraphReader.h"

#include "io/JsonFile.h"
#include "io/JsonList.h"
#include "io/LayerBuilder.h"
#include "io/LayerNames.h"

namespace planscope {
namespace {

const QString kFix = QStringLiteral(
    "Export the graph with trtexec --exportLayerInfo=FILE --profilingVerbosity=detailed.");
const QString kRebuildHint = QStringLiteral(
    "Rebuild the engine with trtexec --profilingVerbosity=detailed --exportLayerInfo=FILE.");

class GraphWalk {
  public:
    GraphWalk(QByteArray text, const QString& path, const ProgressCallback& progress)
        : m_file(std::make_shared<const QByteArray>(std::move(text))),
          m_text(m_file->constData(), static_cast<std::size_t>(m_file->size())), m_path(path),
          m_progress(progress) {
        // Counting the layers first costs one fast scan; it gives the progress its end, and
        // the list its size (a vector grown by doubling would hold up to twice its layers).
        m_expected = std::max<qsizetype>(1, m_file->count("\"LayerType\""));
        m_entries.layers.reserve(static_cast<std::size_t>(m_expected));
    }

    GraphEntries read() {
        std::size_t pos = skipJsonSpace(m_text, 0);
        if (pos >= m_text.size() || m_text[pos] != '{') {
            parse(pos, m_text.size()); // says whether it is JSON at all
            notAGraph();
        }
        pos = skipJsonSpace(m_text, pos + 1);
        bool hasLayers = false;
        while (pos < m_text.size() && m_text[pos] == '"') {
            const std::size_t keyEnd = expectValue(pos);
            const std::string_view key = m_text.substr(pos + 1, keyEnd - pos - 2);
            pos = skipJsonSpace(m_text, keyEnd);
            expect(pos, ':');
            pos = skipJsonSpace(m_text, pos + 1);
            if (key == "Layers" && pos < m_text.size() && m_text[pos] == '[') {
                hasLayers = true;
                pos = readLayerList(pos);
            } else {
                const std::size_t end = expectValue(pos);
                const simdjson::dom::element value = parse(pos, end);
                if (key == "Layers")
                    notAGraph();
                if (key == "Bindings")
                    readBindings(value);
                pos = end;
            }
            pos = skipJsonSpace(m_text, pos);
            if (pos < m_text.size() && m_text[pos] == ',')
                pos = skipJsonSpace(m_text, pos + 1);
            else
                break;
        }
        expect(pos, '}');
        if (skipJsonSpace(m_text, pos + 1) != m_text.size())
            throwInvalidJson(static_cast<qsizetype>(skipJsonSpace(m_text, pos + 1)), m_path, kFix);
        if (!hasLayers)
            notAGraph();
        return std::move(m_entries);
    }

  private:
    [[noreturn]] void notAGraph() const {
        throw PlanError(QStringLiteral("%1: not an engine graph (expected a JSON object with a "
                                       "\"Layers\" list). %2")
                            .arg(m_path, kRebuildHint));
    }

    [[noreturn]] void notALayer() const {
        throw PlanError(QStringLiteral("%1: layer %2 is neither a layer object with a Name nor a "
                                       "name like the layers before it. %3")
                            .arg(m_path)
                            .arg(m_entries.layers.size())
                            .arg(kRebuildHint));
    }

    [[noreturn]] void broken(std::size_t pos) const {
        if (pos >= m_text.size())
            throwTruncatedJson(static_cast<qsizetype>(m_text.size()), m_path, kFix);
        throwInvalidJson(static_cast<qsizetype>(pos), m_path, kFix);
    }

    void expect(std::size_t pos, char c) const {
        if (pos >= m_text.size() || m_text[pos] != c)
            broken(pos);
    }

    // Where the value at `pos` ends; throws when it is cut short or its brackets do not match.
    std::size_t expectValue(std::size_t pos) const {
        const std::size_t end = skipJsonValue(m_text, pos);
        if (end == kJsonEnded)
            broken(m_text.size());
        if (end == kJsonBroken)
            broken(pos);
        return end;
    }

    // Parses the value in [begin, end) as JSON; the element lasts until the next parse.
    simdjson::dom::element parse(std::size_t begin, std::size_t end) {
        simdjson::dom::element element;
        const auto error = m_parser.parse(m_text.data() + begin, end - begin, false).get(element);
        if (error == simdjson::NUMBER_ERROR)
            throwNumberTooLarge(m_path, kFix);
        if (error == simdjson::EMPTY)
            broken(m_text.size());
        if (error)
            broken(begin);
        return element;
    }

    std::size_t readLayerList(std::size_t pos) {
        pos = skipJsonSpace(m_text, pos + 1);
        if (pos < m_text.size() && m_text[pos] == ']')
            return pos + 1;
        while (true) {
            const std::size_t end = expectValue(pos);
            readEntry(pos, end);
            pos = skipJsonSpace(m_text, end);
            if (pos < m_text.size() && m_text[pos] == ']')
                return pos + 1;
            expect(pos, ',');
            pos = skipJsonSpace(m_text, pos + 1);
        }
    }

    void readEntry(std::size_t begin, std::size_t end) {
        const simdjson::dom::element entry = parse(begin, end);
        const bool isName = entry.is_string();
        if (m_entries.layers.empty())
            m_entries.namesOnly = isName;
        if (isName != m_entries.namesOnly || (!isName && !entry.is_object()))
            notALayer();
        if (isName) {
            const std::string_view name = entry.get_string().value_unsafe();
            m_entries.layers.push_back(LayerBuilder::named(replaceRecordSeparators(
                QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())))));
        } else {
            const simdjson::dom::object object = entry.get_object().value_unsafe();
            if (object["Name"].error())
                notALayer();
            m_entries.layers.push_back(
                m_builder.build(object, {m_file, static_cast<qsizetype>(begin),
                                         static_cast<qsizetype>(end - begin)}));
        }
        if (m_progress && m_entries.layers.size() % kProgressStep == 0) {
            const auto done = static_cast<qsizetype>(m_entries.layers.size());
            if (!m_progress(static_cast<int>(90 * std::min(done, m_expected) / m_expected)))
                throw LoadCancelled();
        }
    }

    void readBindings(simdjson::dom::element value) {
        m_entries.bindings.clear(); // a key written twice keeps its last value
        simdjson::dom::array list;
        if (value.get(list))
            return;
        for (const simdjson::dom::element binding : list)
            if (std::string_view name; binding.get(name) == simdjson::SUCCESS)
                m_entries.bindings
                    << QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
    }

    static constexpr std::size_t kProgressStep = 256;

    std::shared_ptr<const QByteArray> m_file;
    std::string_view m_text;
    QString m_path;
    ProgressCallback m_progress;
    qsizetype m_expected = 1;
    simdjson::dom::parser m_parser;
    LayerBuilder m_builder;
    GraphEntries m_entries;
};

} // namespace

qsizetype jsonPadding() {
    return simdjson::SIMDJSON_PADDING;
}

GraphEntries readGraphEntries(QByteArray text, const QString& path,
                              const ProgressCallback& progress) {
    requireText(text, path, kFix);
    if (text.capacity() - text.size() < jsonPadding())
        text.reserve(text.size() + jsonPadding());
    return GraphWalk(std::move(text), path, progress).read();
}

} // namespace planscope
