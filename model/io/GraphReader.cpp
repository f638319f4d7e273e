#include "io/GraphReader.h"

#include "io/GraphEntryReader.h"
#include "io/JsonFile.h"
#include "io/JsonSpan.h"

#include <future>

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
        return std::move(m_entries);
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

    // The list's entries are found in stretches of about kStretch bytes; each stretch is read
    // by two readers side by side, then its text let go. An error found while finding entries
    // is said only after the entries before it are read, so the first error in the file is the
    // one reported.
    std::size_t readLayerList(std::size_t pos) {
        const std::size_t listStart = pos;
        pos = skipJsonSpace(m_text, pos + 1);
        if (pos < m_text.size() && m_text[pos] == ']')
            return pos + 1;
        if (m_entries.layers.empty()) // the first entry says what the list holds
            m_entries.namesOnly = pos < m_text.size() && m_text[pos] == '"';
        std::size_t stretchStart = pos;
        while (true) {
            const std::size_t end = skipJsonValue(m_text, pos);
            if (end >= kJsonBroken) {
                readStretch();
                expectValue(pos); // throws
            }
            m_stretch.emplace_back(pos, end);
            pos = skipJsonSpace(m_text, end);
            const bool last = pos < m_text.size() && m_text[pos] == ']';
            if (last || end - stretchStart >= kStretch) {
                readStretch();
                afterStretch(listStart, end);
                stretchStart = end;
            }
            if (last)
                return pos + 1;
            if (pos >= m_text.size() || m_text[pos] != ',') {
                readStretch();
                expect(pos, ','); // throws
            }
            pos = skipJsonSpace(m_text, pos + 1);
        }
    }

    // Reads the entries found since the last stretch into layers, the second half on a second
    // thread when there are enough of them.
    void readStretch() {
        std::vector<Layer>& layers = m_entries.layers;
        const std::size_t first = layers.size();
        const std::size_t count = m_stretch.size();
        layers.resize(first + count);
        const auto readRange = [&](GraphEntryReader& reader, std::size_t from, std::size_t to) {
            for (std::size_t i = from; i < to; ++i)
                layers[first + i] = reader.read(m_text, m_stretch[i].first, m_stretch[i].second,
                                                first + i, m_entries.namesOnly);
        };
        const std::size_t half = count >= kSideBySide ? count / 2 : count;
        std::future<void> second;
        if (half < count)
            second = std::async(std::launch::async, readRange, std::ref(m_readers[1]), half, count);
        readRange(m_readers[0], 0, half); // an error here is the earlier one: the second waits
        if (second.valid())
            second.get();
        m_stretch.clear();
    }

    // Reserves the layer list once the first stretch tells how large entries are; lets go of
    // the text read; reports progress and hears a cancel.
    void afterStretch(std::size_t listStart, std::size_t end) {
        const std::size_t count = m_entries.layers.size();
        if (!m_reserved) {
            m_reserved = true;
            const double perEntry =
                static_cast<double>(end - listStart) / static_cast<double>(count);
            const double left = static_cast<double>(m_text.size() - end) / perEntry;
            // A little more than the estimate: a list grown by doubling may hold twice its layers.
            const std::size_t expected = count + static_cast<std::size_t>(left * 1.05) + 16;
            m_entries.layers.reserve(expected);
            for (GraphEntryReader& reader : m_readers) // each reads half of every stretch
                reader.reserve(expected / 2);
        }
        m_source.release(end);
        if (m_progress) {
            const auto percent = static_cast<int>(90.0 * static_cast<double>(end) /
                                                  static_cast<double>(m_text.size()));
            if (!m_progress(percent))
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

    static constexpr std::size_t kStretch = std::size_t{1} << 20;
    static constexpr std::size_t kSideBySide = 64; // fewer entries are read by one thread

    FileText& m_source;
    std::string_view m_text;
    QString m_path;
    ProgressCallback m_progress;
    simdjson::dom::parser m_parser;
    GraphEntryReader m_readers[2];
    std::vector<std::pair<std::size_t, std::size_t>> m_stretch; // the entries found, to read
    bool m_reserved = false;
    GraphEntries m_entries;
};

} // namespace

GraphEntries readGraphEntries(FileText& text, const QString& path,
                              const ProgressCallback& progress) {
    requireText(text.view(), path, kGraphFix);
    return GraphWalk(text, path, progress).read();
}

} // namespace planscope
