#pragma once

#include "io/graph/LayerBuilder.h"
#include "io/graph/TextArena.h"
#include "plan/AttributeTable.h"
#include "plan/Layer.h"

#include <QString>
#include <memory>
#include <optional>
#include <simdjson.h>
#include <string>
#include <string_view>
#include <vector>

namespace planscope {

// Reads single entries of a graph JSON's "Layers" list into Layers: each entry is checked and
// parsed by simdjson, and its members other than its name and tensors kept as its attribute
// text (Layer::AttributeText), and a convolution's figures made while the layer is in the cache.
// One reader serves one thread: the graph reader runs two side by side (EntryChunks).
class GraphEntryReader {
  public:
    explicit GraphEntryReader(const QString& path) : m_path(path) {}

    // The entry in text[begin, end) (a value's span, found by skipJsonValue), the `index`th of
    // the list; `namesOnly` when the list holds names rather than layer objects. Throws
    // PlanError naming the file when the entry is not such a layer or not valid JSON.
    Layer read(std::string_view text, std::size_t begin, std::size_t end, std::size_t index,
               bool namesOnly);
    void reserve(std::size_t layers) { m_builder.reserve(layers); } // that this reader will read

  private:
    std::size_t walkMembers(std::string_view text, std::size_t begin);
    Layer::AttributeText keptAttributes();
    std::optional<ConvolutionMetrics> convolutionOf(const Layer& layer) const;
    std::string nameCode(std::size_t i, std::string_view key);
    std::string coded(std::optional<std::string> code) const;
    std::string unescaped(std::string_view key);

    QString m_path;
    simdjson::dom::parser m_parser;
    simdjson::dom::parser m_keyParser;
    LayerBuilder m_builder;
    TextArena m_arena;
    std::shared_ptr<AttributeTable> m_table = std::make_shared<AttributeTable>();
    std::vector<std::pair<std::string_view, std::string_view>> m_attributes; // kept members
    std::vector<std::string> m_codes; // the kept members' names' and long values' codes
    std::vector<std::pair<std::string, std::string>> m_namesBefore; // raw name, code, by place
    std::vector<std::string_view> m_parts;
};

// The errors of the graph reader, each naming the file and how to export it again.
[[noreturn]] void throwBrokenGraph(std::string_view text, std::size_t pos, const QString& path);
[[noreturn]] void throwNotALayer(std::size_t index, const QString& path);
// Parses text[begin, end) with `parser`; throws as throwBrokenGraph where it is not JSON.
simdjson::dom::element parseGraphSpan(simdjson::dom::parser& parser, std::string_view text,
                                      std::size_t begin, std::size_t end, const QString& path);
extern const QString kGraphFix;
extern const QString kGraphRebuildHint;

} // namespace planscope
