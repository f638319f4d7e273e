#include "io/graph/GraphReader.h"

#include "io/graph/EntryChunks.h"
#include "io/graph/GraphEntryReader.h"
#include "io/graph/IoTensorReader.h"
#include "io/text/HugePages.h"
#include "io/text/JsonFile.h"
#include "io/text/JsonSpan.h"

#include <future>
#include <memory>

namespace planscope {
namespace {

class GraphWalk {
  public:
    GraphWalk(FileText& text, const QString& path, const ProgressCallback& progress)
        : m_source(text), m_text(text.view()), m_path(path),
          m_progress(progress), m_readers{GraphEntryReader(path), GraphEntryReader(path)} {}

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
                else if (key == "I/O Tensors")
                    m_ioTensors = readIoTensors(value);
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
            throwInvalidJson(static_cast<qsizetype>(skipJsonSpace(m_text, pos + 1)), m_path,
                             kGraphFix);
        if (!hasLayers)
            notAGraph();
        m_entries.ioTensors = std::move(m_ioTensors);
        if (!m_bindingsRead) // TensorRT 11 names the inputs and outputs as I/O tensors only
            for (const IoTensor& t : m_entries.ioTensors)
                m_entries.bindings << t.name;
        return std::move(m_entries);
    }

    // The readers' tables (the strings the layers share, the parsers' buffers) are taken apart
    // on another thread: a few milliseconds on a large plan, which the caller spends sorting out
    // the layers meanwhile.
    std::future<void> takeReadersApart() {
        auto readers = std::make_unique<std::array<GraphEntryReader, 2>>(std::move(m_readers));
        return std::async(std::launch::async,
                          [done = std::move(readers)]() mutable { done.reset(); });
    }

  private:
    [[noreturn]] void notAGraph() const {
        throw PlanError(QStringLiteral("%1: not an engine graph (expected a JSON object with a "
                                       "\"Layers\" list). %2")
                            .arg(m_path, kGraphRebuildHint));
    }

    void expect(std::size_t pos, char c) const {
        if (pos >= m_text.size() || m_text[pos] != c)
            throwBrokenGraph(m_text, pos, m_path);
    }

    // Where the value at `pos` ends; throws when it is cut short or its brackets do not match.
    std::size_t expectValue(std::size_t pos) const {
        const std::size_t end = skipJsonValue(m_text, pos);
        if (end == kJsonEnded)
            throwBrokenGraph(m_text, m_text.size(), m_path);
        if (end == kJsonBroken)
            throwBrokenGraph(m_text, pos, m_path);
        return end;
    }

    // Parses the value in [begin, end) as JSON; the element lasts until the next parse.
    simdjson::dom::element parse(std::size_t begin, std::size_t end) {
        return parseGraphSpan(m_parser, m_text, begin, end, m_path);
    }

    // The list's entries are found first (a quick walk that only matches brackets and quotes),
    // then read. An error found while finding them is said only after the entries before it
    // are read, so the first error in the file is the one reported.
    std::size_t readLayerList(std::size_t pos) {
        pos = skipJsonSpace(m_text, pos + 1);
        if (pos < m_text.size() && m_text[pos] == ']')
            return pos + 1;
        if (m_entries.layers.empty()) // the first entry says what the list holds
            m_entries.namesOnly = pos < m_text.size() && m_text[pos] == '"';
        std::vector<EntrySpan> spans;
        while (true) {
            const std::size_t end = skipJsonValue(m_text, pos);
            if (end >= kJsonBroken) {
                readEntries(spans, false);
                expectValue(pos); // throws
            }
            spans.push_back({pos, end});
            pos = skipJsonSpace(m_text, end);
            if (pos < m_text.size() && m_text[pos] == ']') {
                readEntries(spans);
                return pos + 1;
            }
            if (pos >= m_text.size() || m_text[pos] != ',') {
                readEntries(spans, false);
                expect(pos, ','); // throws
            }
            pos = skipJsonSpace(m_text, pos + 1);
        }
    }

    // Reads the entries into layers appended to the list, the text let go behind them; the
    // progress is told unless an error found while finding them follows.
    void readEntries(const std::vector<EntrySpan>& spans, bool tellProgress = true) {
        const std::size_t first = m_entries.layers.size();
        m_entries.layers.reserve(first + spans.size());
        adviseHugePages(m_entries.layers.data() + first, spans.size() * sizeof(Layer));
        m_entries.layers.resize(first + spans.size()); // 20,000 layers fill 12 MB
        for (GraphEntryReader& reader : m_readers)     // each reads about half
            reader.reserve(spans.size() / 2);
        EntryChunks chunks(m_source, spans, [&](std::size_t thread, std::size_t i) {
            m_entries.layers[first + i] = m_readers[thread].read(
                m_text, spans[i].begin, spans[i].end, first + i, m_entries.namesOnly);
        });
        if (!tellProgress || !m_progress)
            return chunks.read({});
        chunks.read([&](std::size_t done) {
            return m_progress(static_cast<int>(90.0 * static_cast<double>(done) /
                                               static_cast<double>(m_text.size())));
        });
    }

    void readBindings(simdjson::dom::element value) {
        m_bindingsRead = true;
        m_entries.bindings.clear(); // a key written twice keeps its last value
        simdjson::dom::array list;
        if (value.get(list))
            return;
        for (const simdjson::dom::element binding : list)
            if (std::string_view name; binding.get(name) == simdjson::SUCCESS)
                m_entries.bindings
                    << QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
    }

    FileText& m_source;
    std::string_view m_text;
    QString m_path;
    ProgressCallback m_progress;
    simdjson::dom::parser m_parser;
    std::array<GraphEntryReader, 2> m_readers;
    GraphEntries m_entries;
    std::vector<IoTensor> m_ioTensors;
    bool m_bindingsRead = false;
};

} // namespace

GraphEntries readGraphEntries(FileText& text, const QString& path,
                              const ProgressCallback& progress) {
    requireText(text.view(), path, kGraphFix);
    GraphWalk walk(text, path, progress);
    GraphEntries entries = walk.read();
    entries.readersTakenApart = walk.takeReadersApart();
    return entries;
}

} // namespace planscope
