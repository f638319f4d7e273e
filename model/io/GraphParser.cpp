#include "io/GraphParser.h"

#include "io/JsonFile.h"
#include "io/LayerBuilder.h"
#include "io/LayerNames.h"
#include "plan/PlanError.h"

#include <QHash>
#include <QRegularExpression>
#include <nlohmann/json.hpp>

namespace planscope {
namespace {

const QString kRebuildHint = QStringLiteral(
    "Rebuild the engine with trtexec --profilingVerbosity=detailed --exportLayerInfo=FILE.");

using Event = nlohmann::json::parse_event_t;

// Receives the parser's events and turns each entry of "Layers" into a Layer as soon as it is
// complete, then drops its JSON; everything else (Bindings) stays in the document.
class LayerCollector {
  public:
    LayerCollector(const QString& path, const ProgressCallback& progress, qsizetype expected)
        : m_path(path), m_progress(progress), m_expected(std::max<qsizetype>(1, expected)) {}

    bool operator()(int depth, Event event, nlohmann::json& parsed) {
        if (depth == 1 && event == Event::key) {
            m_inLayers = parsed.get_ref<const std::string&>() == "Layers";
            return true;
        }
        if (!m_inLayers || depth != 2 ||
            (event != Event::object_end && event != Event::value && event != Event::array_end))
            return true;
        if (event == Event::array_end) // an array nested in the list: not a graph we know
            fail();
        const bool isName = parsed.is_string();
        if (m_layers.empty())
            m_namesOnly = isName;
        if (isName != m_namesOnly || (!isName && !parsed.is_object()))
            fail();
        if (isName) {
            m_layers.push_back(LayerBuilder::named(replaceRecordSeparators(
                QString::fromStdString(parsed.get_ref<const std::string&>()))));
        } else {
            if (!parsed.contains("Name"))
                fail();
            m_layers.push_back(m_builder.build(parsed));
        }
        if (m_progress && m_layers.size() % kProgressStep == 0) {
            const auto done = static_cast<qsizetype>(m_layers.size());
            if (!m_progress(static_cast<int>(90 * std::min(done, m_expected) / m_expected)))
                throw LoadCancelled();
        }
        return false; // the layer's JSON is not needed any more
    }

    std::vector<Layer> takeLayers() { return std::move(m_layers); }
    bool namesOnly() const { return m_namesOnly; }

  private:
    [[noreturn]] void fail() const {
        throw PlanError(QStringLiteral("%1: layer %2 is neither a layer object with a Name nor a "
                                       "name like the layers before it. %3")
                            .arg(m_path)
                            .arg(m_layers.size())
                            .arg(kRebuildHint));
    }

    static constexpr std::size_t kProgressStep = 256;

    QString m_path;
    ProgressCallback m_progress;
    qsizetype m_expected;
    LayerBuilder m_builder;
    std::vector<Layer> m_layers;
    bool m_inLayers = false;
    bool m_namesOnly = false;
};

// Synchronization and shape-computation layers do no work of their own.
bool isBookkeeping(const Layer& layer) {
    static const QStringList types = {"signal", "wait", "shape_call"};
    return types.contains(layer.subtype);
}

void disambiguateNames(std::vector<Layer>& layers) {
    QHash<QString, int> seen;
    for (Layer& layer : layers)
        layer.name = disambiguatedName(seen, layer.name);
}

int profileOf(const QString& name) {
    if (!name.contains(QLatin1String("[profile")))
        return 0;
    static const QRegularExpression suffix(QStringLiteral(R"(\[profile +(\d{1,4})\])"));
    const auto match = suffix.match(name);
    return match.hasMatch() ? match.captured(1).toInt() : 0;
}

// Numbers `layers` in order, and tells each one's entry (its index until now) where it went.
void numberLayers(std::vector<Layer>& layers, GraphEntry::Place place,
                  std::vector<GraphEntry>& entries) {
    for (std::size_t i = 0; i < layers.size(); ++i) {
        GraphEntry& entry = entries[static_cast<std::size_t>(layers[i].index)];
        entry.place = place;
        entry.index = static_cast<int>(i);
        layers[i].index = static_cast<int>(i);
    }
}

QStringList bindingsOf(const nlohmann::json& document) {
    QStringList bindings;
    if (const auto b = document.find("Bindings"); b != document.end() && b->is_array())
        for (const auto& binding : *b)
            if (binding.is_string())
                bindings << QString::fromStdString(binding.get<std::string>());
    return bindings;
}

} // namespace

ParsedGraph parseGraph(const QByteArray& text, const QString& path, int profile,
                       const ProgressCallback& progress) {
    const QString fix = QStringLiteral(
        "Export the graph with trtexec --exportLayerInfo=FILE --profilingVerbosity=detailed.");
    // Counting layers first costs one fast scan, paid only when someone shows progress.
    const qsizetype expected = progress ? text.count("\"LayerType\"") : 0;
    LayerCollector collector(path, progress, expected);
    const nlohmann::json document = guardJson(text, path, fix, [&] {
        return nlohmann::json::parse(text.constBegin(), text.constEnd(), std::ref(collector));
    });
    if (!document.is_object() || !document.contains("Layers") || !document["Layers"].is_array())
        throw PlanError(QStringLiteral("%1: not an engine graph (expected a JSON object with a "
                                       "\"Layers\" list). %2")
                            .arg(path, kRebuildHint));

    ParsedGraph graph;
    graph.namesOnly = collector.namesOnly();
    std::vector<Layer> all = collector.takeLayers();
    if (all.empty())
        throw PlanError(QStringLiteral("%1: the graph has no layers. %2").arg(path, kRebuildHint));

    // Until the layers are numbered below, a layer's index is its entry in the file's list.
    graph.entries.reserve(all.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        graph.entries.push_back({all[i].name});
        all[i].index = static_cast<int>(i);
    }
    std::vector<Layer> kept;
    std::vector<Layer> bookkeeping;
    kept.reserve(all.size());
    for (Layer& layer : all) {
        if (isBookkeeping(layer)) {
            graph.ignoredNames << layer.name;
            bookkeeping.push_back(std::move(layer));
        } else {
            kept.push_back(std::move(layer));
        }
    }
    disambiguateNames(kept);

    // Engines built with several optimization profiles repeat the graph once per profile,
    // with " [profile N]" in the names of all but the first.
    for (const Layer& layer : kept)
        graph.profileCount = std::max(graph.profileCount, profileOf(layer.name) + 1);
    if (profile < 0 || profile >= graph.profileCount)
        throw PlanError(QStringLiteral("%1: the engine has %2 optimization profile(s), numbered "
                                       "from 0 to %3; profile %4 does not exist.")
                            .arg(path)
                            .arg(graph.profileCount)
                            .arg(graph.profileCount - 1)
                            .arg(profile));
    for (const QString& binding : bindingsOf(document))
        if (profileOf(binding) == profile)
            graph.bindings << binding;

    const auto otherProfile = [&](const Layer& l) { return profileOf(l.name) != profile; };
    std::erase_if(kept, otherProfile);
    std::erase_if(bookkeeping, otherProfile);
    graph.setAside = std::move(bookkeeping);
    for (const Layer& layer : kept)
        if (layer.type == QLatin1String("Constant") || layer.type == QLatin1String("NoOp"))
            graph.ignoredNames << layer.name;
    for (const Layer& layer : kept)
        if (layer.type == QLatin1String("NoOp"))
            graph.setAside.push_back(layer); // before folding: foldNoOps drops them
    foldNoOps(kept, graph.bindings);
    for (Layer& layer : kept) {
        if (layer.type == QLatin1String("Constant"))
            graph.constants.push_back(std::move(layer));
        else
            graph.layers.push_back(std::move(layer));
    }
    numberLayers(graph.layers, GraphEntry::Place::Layer, graph.entries);
    numberLayers(graph.constants, GraphEntry::Place::Constant, graph.entries);
    numberLayers(graph.setAside, GraphEntry::Place::SetAside, graph.entries);
    return graph;
}

void foldNoOps(std::vector<Layer>& layers, const QStringList& bindings) {
    const auto isNoOp = [](const Layer& l) { return l.type == QLatin1String("NoOp"); };
    if (std::none_of(layers.begin(), layers.end(), isNoOp))
        return;
    struct Port {
        int layer;
        int slot;
    };
    // Who reads and who writes each tensor, taken before any folding (as trex does).
    QHash<QString, std::vector<Port>> consumers;
    QHash<QString, std::vector<Port>> producers;
    for (int l = 0; l < static_cast<int>(layers.size()); ++l) {
        for (int s = 0; s < static_cast<int>(layers[l].inputs.size()); ++s)
            consumers[layers[l].inputs[s].name].push_back({l, s});
        for (int s = 0; s < static_cast<int>(layers[l].outputs.size()); ++s)
            producers[layers[l].outputs[s].name].push_back({l, s});
    }
    // The graph's view changes; the exported tensors stay as they are. A NoOp reads through
    // its graph view, so chains of NoOps fold in engine order as trex's in-place folding does.
    const auto rewire = [](std::optional<std::vector<Tensor>>& folded,
                           const std::vector<Tensor>& exported, int slot, const Tensor& tensor) {
        if (!folded)
            folded = exported;
        (*folded)[static_cast<std::size_t>(slot)] = tensor;
    };
    for (const Layer& noOp : layers) {
        if (!isNoOp(noOp) || noOp.inputs.empty() || noOp.outputs.empty())
            continue;
        const Tensor in = noOp.graphInputs()[0]; // copies: a port below may be the NoOp's own
        const Tensor out = noOp.graphOutputs()[0];
        const auto readers = consumers.constFind(out.name);
        if (readers != consumers.cend()) {
            for (const Port& reader : *readers) {
                Layer& l = layers[static_cast<std::size_t>(reader.layer)];
                rewire(l.foldedInputs, l.inputs, reader.slot, in);
            }
        } else if (bindings.contains(out.name)) {
            for (const Port& writer : producers.value(in.name)) {
                Layer& l = layers[static_cast<std::size_t>(writer.layer)];
                rewire(l.foldedOutputs, l.outputs, writer.slot, out);
            }
        }
    }
    std::erase_if(layers, isNoOp);
}

} // namespace planscope
