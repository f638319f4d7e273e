#include "io/graph/GraphParser.h"

#include "io/LayerNames.h"
#include "io/graph/GraphReader.h"
#include "plan/NameKey.h"
#include "plan/PlanError.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

namespace planscope {
namespace {

const QString kRebuildHint = QStringLiteral(
    "Rebuild the engine with trtexec --profilingVerbosity=detailed --exportLayerInfo=FILE.");

// Synchronization and shape-computation layers do no work of their own.
bool isBookkeeping(const Layer& layer) {
    static const QStringList types = {"signal", "wait", "shape_call"};
    return types.contains(layer.subtype);
}

void disambiguateNames(std::vector<Layer>& layers) {
    QHash<NameKey, int> seen; // views of the layers' names: a name met first keeps its text
    seen.reserve(static_cast<qsizetype>(layers.size()));
    for (Layer& layer : layers)
        layer.name = disambiguatedName(seen, layer.name);
}

int profileOf(const QString& name) {
    // A bracket first: one character is found much faster than a word.
    if (!name.contains(u'[') || !name.contains(QLatin1String("[profile")))
        return 0;
    static const QRegularExpression suffix(QStringLiteral(R"(\[profile +(\d{1,4})\])"));
    const auto match = suffix.match(name);
    return match.hasMatch() ? match.captured(1).toInt() : 0;
}

// Moves the layers `which` picks out of `layers` (few, so the rest stays where it is).
template <class Which> std::vector<Layer> moveOut(std::vector<Layer>& layers, Which which) {
    std::vector<Layer> out;
    auto kept = layers.begin();
    for (auto it = layers.begin(); it != layers.end(); ++it) {
        if (which(*it))
            out.push_back(std::move(*it));
        else if (kept++ != it)
            *std::prev(kept) = std::move(*it);
    }
    layers.erase(kept, layers.end());
    return out;
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

} // namespace

ParsedGraph parseGraph(FileText& text, const QString& path, int profile,
                       const ProgressCallback& progress) {
    GraphEntries read = readGraphEntries(text, path, progress);
    ParsedGraph graph;
    graph.namesOnly = read.namesOnly;
    std::vector<Layer> all = std::move(read.layers);
    if (all.empty())
        throw PlanError(QStringLiteral("%1: the graph has no layers. %2").arg(path, kRebuildHint));

    // Until the layers are numbered below, a layer's index is its entry in the file's list.
    graph.entries.reserve(all.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        graph.entries.push_back({all[i].name});
        all[i].index = static_cast<int>(i);
    }
    // The layers are sorted out in place: a large plan's list is not copied.
    std::vector<Layer>& kept = all;
    std::vector<Layer> bookkeeping = moveOut(kept, isBookkeeping);
    for (const Layer& layer : bookkeeping)
        graph.ignoredNames << layer.name;
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
    for (const QString& binding : std::as_const(read.bindings))
        if (profileOf(binding) == profile)
            graph.bindings << binding;
    graph.ioTensors = std::move(read.ioTensors);
    if (profile > 0) // I/O tensors are named once for every profile; the layers of profile N
        for (const IoTensor& t : graph.ioTensors) // may call them "NAME [profile N]"
            graph.bindings << QStringLiteral("%1 [profile %2]").arg(t.name).arg(profile);

    const auto otherProfile = [&](const Layer& l) { return profileOf(l.name) != profile; };
    if (graph.profileCount > 1) // else every layer's name is of profile 0
        std::erase_if(kept, otherProfile);
    std::erase_if(bookkeeping, otherProfile); // (few; they did not count above)
    graph.setAside = std::move(bookkeeping);
    for (const Layer& layer : kept)
        if (layer.type == QLatin1String("Constant") || layer.type == QLatin1String("NoOp"))
            graph.ignoredNames << layer.name;
    for (const Layer& layer : kept)
        if (layer.type == QLatin1String("NoOp"))
            graph.setAside.push_back(layer); // before folding: foldNoOps drops them
    foldNoOps(kept, graph.bindings);
    graph.constants =
        moveOut(kept, [](const Layer& l) { return l.type == QLatin1String("Constant"); });
    graph.layers = std::move(kept);
    markConstantInputs(graph.layers, {&graph.layers, &graph.constants, &graph.setAside},
                       graph.bindings);
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
    const auto rewire = [](Layer& layer, bool input, int slot, const Tensor& tensor) {
        auto folded = layer.folded ? std::make_shared<Layer::FoldedTensors>(*layer.folded)
                                   : std::make_shared<Layer::FoldedTensors>();
        std::optional<std::vector<Tensor>>& view = input ? folded->inputs : folded->outputs;
        if (!view)
            view = input ? layer.inputs : layer.outputs;
        (*view)[static_cast<std::size_t>(slot)] = tensor;
        layer.folded = std::move(folded);
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
                rewire(l, true, reader.slot, in);
            }
        } else if (bindings.contains(out.name)) {
            for (const Port& writer : producers.value(in.name)) {
                Layer& l = layers[static_cast<std::size_t>(writer.layer)];
                rewire(l, false, writer.slot, out);
            }
        }
    }
    std::erase_if(layers, isNoOp);
}

void markConstantInputs(std::vector<Layer>& layers,
                        const std::vector<const std::vector<Layer>*>& writers,
                        const QStringList& bindings) {
    if (bindings.isEmpty())
        return;
    QSet<NameKey> written;
    written.reserve(qsizetype(layers.size()) + bindings.size());
    for (const std::vector<Layer>* list : writers)
        for (const Layer& layer : *list)
            for (const Tensor& t : layer.outputs)
                written.insert(t.name);
    for (const QString& binding : bindings)
        written.insert(binding);
    for (Layer& layer : layers) {
        bool marked = false;
        for (Tensor& t : layer.inputs) {
            if (t.name.isEmpty() || written.contains(t.name))
                continue;
            t.constant = marked = true;
            layer.addWeightTensor(t);
            layer.inputBytes -= t.bytes;
        }
        if (marked) {
            layer.ioBytes = layer.inputBytes + layer.outputBytes;
            layer.footprintBytes = layer.ioBytes + layer.weightsBytes;
        }
    }
}

} // namespace planscope
