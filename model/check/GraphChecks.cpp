#include "check/CheckLayers.h"
#include "check/CheckSteps.h"
#include "lint/LayerKinds.h"
#include "plan/DisplayName.h"
#include "plan/FigureText.h"
#include "plan/NameKey.h"

#include <QHash>
#include <QSet>
#include <algorithm>
#include <deque>
#include <future>

namespace planscope {
namespace {

const QString kReexportGraph =
    QStringLiteral("Re-export the graph from the engine with trtexec --loadEngine=ENGINE "
                   "--exportLayerInfo=PREFIX.graph.json --profilingVerbosity=detailed.");

// The exported layers with, for each tensor, the layers (positions in `layers`) writing it. The
// names are the plan's own, viewed (a copy would count a reference on each).
struct TensorGraph {
    // A tensor's first writer; the rare tensor with more, or written in place, has `others`.
    struct Writers {
        int first = -1;
        int others = -1; // in otherWriters, or -1
    };
    struct OtherWriters {
        std::vector<int> more;    // after the first
        std::vector<int> inPlace; // of all, the Myelin kernels that also read it
    };
    std::vector<ExportedLayer> layers;
    QHash<NameKey, Writers> writers;
    std::vector<OtherWriters> otherWriters;
    QStringList writtenTwice; // in the order of their second writer

    explicit TensorGraph(const EnginePlan& plan) : layers(exportedLayers(plan)) {
        qsizetype outputs = 0;
        for (const ExportedLayer& l : layers)
            outputs += static_cast<qsizetype>(l.layer->outputs.size());
        writers.reserve(outputs);
        for (int i = 0; i < static_cast<int>(layers.size()); ++i)
            for (const Tensor& t : at(i).layer->outputs) {
                if (t.name.isEmpty())
                    continue;
                Writers& w = writers[t.name];
                if (updatesInPlace(*at(i).layer, t.name))
                    othersOf(w).inPlace.push_back(i);
                if (w.first < 0) {
                    w.first = i;
                    continue;
                }
                const std::vector<int>* more = w.others >= 0 ? &others(w).more : nullptr;
                if (w.first != i && (!more || more->empty() || more->back() != i)) {
                    if (!more || more->empty())
                        writtenTwice << t.name;
                    othersOf(w).more.push_back(i);
                }
            }
    }
    OtherWriters& othersOf(Writers& w) {
        if (w.others < 0) {
            w.others = static_cast<int>(otherWriters.size());
            otherWriters.emplace_back();
        }
        return otherWriters[static_cast<std::size_t>(w.others)];
    }
    const OtherWriters& others(const Writers& w) const {
        return otherWriters[static_cast<std::size_t>(w.others)];
    }
    const ExportedLayer& at(int i) const { return layers[static_cast<std::size_t>(i)]; }
    // A Myelin kernel that reads a tensor and writes it (TensorRT 10's ScatterND as kgen
    // "__myl_Scat_..."): it updates the tensor in place, in engine order.
    static bool updatesInPlace(const Layer& layer, QStringView tensor) {
        return isMyelinLayer(layer) &&
               std::any_of(layer.inputs.begin(), layer.inputs.end(),
                           [&](const Tensor& in) { return in.name == tensor; });
    }
    // Whether `reader` reads `tensor` as `writer` leaves it: a layer before an in-place update
    // reads the tensor before it, so that writer feeds only the layers after it.
    bool feeds(int writer, int reader, QStringView tensor) const {
        if (writer < reader)
            return true;
        const auto it = writers.constFind(tensor);
        if (it->others < 0)
            return true;
        const std::vector<int>& inPlace = others(*it).inPlace;
        return std::find(inPlace.begin(), inPlace.end(), writer) == inPlace.end();
    }
    // Calls `use` with each layer writing `tensor`, in file order.
    template <class Use> void forEachWriter(QStringView tensor, Use&& use) const {
        const auto it = writers.constFind(tensor);
        if (it == writers.cend())
            return;
        use(it->first);
        if (it->others >= 0)
            for (int w : others(*it).more)
                use(w);
    }
};

void namesOnly(const EnginePlan& plan, std::vector<CheckResult>& results) {
    CheckResult r{checks::kNamesOnly, {plan.sources.graph}};
    const bool log = plan.sources.logs.contains(plan.sources.graph);
    r.message = QStringLiteral("%1 %2, so types, tensors and precisions are unknown: the tensors "
                               "cannot be checked and lint has nothing to read.")
                    .arg(displayName(plan.sources.graph),
                         log ? QStringLiteral("names its layers in its --dumpProfile table only")
                             : QStringLiteral("lists layer names only: it was exported without "
                                              "detailed profiling verbosity"));
    r.fix = QStringLiteral("Export the graph with trtexec --profilingVerbosity=detailed "
                           "--exportLayerInfo=PREFIX.graph.json (with a console log: "
                           "--dumpLayerInfo --profilingVerbosity=detailed).");
    results.push_back(std::move(r));
}

// Tensors written by more than one layer, in the order of their first writer.
void tensorsWrittenTwice(const EnginePlan& plan, const TensorGraph& graph,
                         std::vector<CheckResult>& results) {
    QStringList tensors = graph.writtenTwice;
    std::stable_sort(tensors.begin(), tensors.end(), [&](const QString& a, const QString& b) {
        return graph.writers.constFind(a)->first < graph.writers.constFind(b)->first;
    });
    OrderedJson listed = OrderedJson::array();
    std::vector<CheckLayer> writers;
    for (const QString& tensor : tensors) {
        std::vector<CheckLayer> these;
        graph.forEachWriter(tensor, [&](int w) { these.push_back(graph.at(w).ref()); });
        listed.push_back({{"tensor", tensor.toStdString()}, {"writers", layersJson(these)}});
        writers.insert(writers.end(), these.begin(), these.end());
    }
    if (tensors.isEmpty())
        return;
    CheckResult r{checks::kTensorWrittenTwice, {plan.sources.graph}};
    r.message = QStringLiteral("%1 of %2 %3 written by more than one layer: %4 (by %5). TensorRT "
                               "does this where layers fill parts of one tensor (the inputs of a "
                               "concatenation it left out) and where a Myelin kernel updates a "
                               "tensor in place (a ScatterND): each writer writes a part or a "
                               "new version of one buffer, in engine order.")
                    .arg(countText(tensors.size(), QStringLiteral("tensor")),
                         displayName(plan.sources.graph),
                         tensors.size() == 1 ? QStringLiteral("is") : QStringLiteral("are"),
                         namesText(tensors, 2), namesText(writers, 4));
    r.fix = QStringLiteral("Nothing to fix when the writers fill parts of one tensor: the graph "
                           "view links each writer to the readers. Otherwise the file was "
                           "edited: %1")
                .arg(kReexportGraph);
    r.layers = std::move(writers);
    r.details["tensors"] = listed;
    results.push_back(std::move(r));
}

// The layers reading a tensor they write: Myelin kernels updating it in place (a note), any
// other layer (the file names its tensors wrongly).
void layersReadingOwnOutput(const EnginePlan& plan, const TensorGraph& graph,
                            std::vector<CheckResult>& results) {
    std::vector<CheckLayer> inPlace, broken;
    OrderedJson inPlaceListed = OrderedJson::array(), brokenListed = OrderedJson::array();
    for (const ExportedLayer& l : graph.layers)
        for (const Tensor& in : l.layer->inputs)
            if (std::any_of(l.layer->outputs.begin(), l.layer->outputs.end(),
                            [&](const Tensor& out) { return out.name == in.name; })) {
                const bool myelin = isMyelinLayer(*l.layer);
                (myelin ? inPlace : broken).push_back(l.ref());
                (myelin ? inPlaceListed : brokenListed)
                    .push_back(
                        {{"layer", l.name->toStdString()}, {"tensor", in.name.toStdString()}});
                break;
            }
    if (!inPlace.empty()) {
        CheckResult r{checks::kInPlaceKernels, {plan.sources.graph}};
        r.message =
            QStringLiteral("%1 of %2 %3 a tensor in place: %4. Myelin generates such kernels "
                           "(a ScatterND writing its updates into its data tensor), so the file "
                           "names that tensor as their input and their output; a layer before "
                           "one of them reads the tensor as it was before the update.")
                .arg(countText(static_cast<qint64>(inPlace.size()), QStringLiteral("kernel")),
                     displayName(plan.sources.graph),
                     inPlace.size() == 1 ? QStringLiteral("updates") : QStringLiteral("update"),
                     namesText(inPlace));
        r.fix = QStringLiteral("Nothing to fix: the graph is as TensorRT built it.");
        r.layers = std::move(inPlace);
        r.details["layers"] = inPlaceListed;
        results.push_back(std::move(r));
    }
    if (broken.empty())
        return;
    CheckResult r{checks::kLayerReadsOwnOutput, {plan.sources.graph}};
    r.message = QStringLiteral("%1 of %2 read a tensor they write: %3. Only Myelin's kernels "
                               "update a tensor in place; any other layer cannot run before its "
                               "own output exists, so the graph file names tensors wrongly.")
                    .arg(countText(static_cast<qint64>(broken.size()), QStringLiteral("layer")),
                         displayName(plan.sources.graph), namesText(broken));
    r.fix = kReexportGraph;
    r.layers = std::move(broken);
    r.details["layers"] = brokenListed;
    results.push_back(std::move(r));
}

// Whether a layer reads a tensor that a later layer writes (other than by updating it in
// place, which leaves the earlier reader the version before). Without such a back edge the file's
// order is an order of execution, and the graph has no cycle.
// The two halves of the readers are looked at side by side (a lookup for every input of a
// large plan).
bool hasBackEdge(const TensorGraph& graph) {
    const auto backEdgeIn = [&](int from, int to) {
        for (int reader = from; reader < to; ++reader)
            for (const Tensor& t : graph.at(reader).layer->inputs) {
                bool back = false;
                graph.forEachWriter(t.name, [&](int writer) {
                    back = back || (writer > reader && graph.feeds(writer, reader, t.name));
                });
                if (back)
                    return true;
            }
        return false;
    };
    const int count = static_cast<int>(graph.layers.size());
    std::future<bool> second = std::async(std::launch::async, backEdgeIn, count / 2, count);
    const bool first = backEdgeIn(0, count / 2);
    return second.get() || first;
}

// The layers on a cycle of the tensor graph, or on a path between two cycles: what is left
// after removing, again and again, the layers nothing left feeds and those feeding nothing left.
std::vector<int> layersOnCycles(const TensorGraph& graph) {
    if (!hasBackEdge(graph))
        return {};
    const int n = static_cast<int>(graph.layers.size());
    std::vector<std::vector<int>> next(static_cast<std::size_t>(n));
    std::vector<std::vector<int>> previous(static_cast<std::size_t>(n));
    for (int reader = 0; reader < n; ++reader)
        for (const Tensor& t : graph.at(reader).layer->inputs)
            graph.forEachWriter(t.name, [&](int writer) {
                // A layer reading its own output is reported apart.
                if (writer != reader && graph.feeds(writer, reader, t.name)) {
                    next[static_cast<std::size_t>(writer)].push_back(reader);
                    previous[static_cast<std::size_t>(reader)].push_back(writer);
                }
            });
    std::vector<bool> removed(static_cast<std::size_t>(n), false);
    const auto peel = [&](const std::vector<std::vector<int>>& in,
                          const std::vector<std::vector<int>>& out) {
        std::vector<int> degree(static_cast<std::size_t>(n), 0);
        for (int i = 0; i < n; ++i)
            for (int from : in[static_cast<std::size_t>(i)])
                degree[static_cast<std::size_t>(i)] +=
                    removed[static_cast<std::size_t>(from)] ? 0 : 1;
        std::deque<int> free;
        for (int i = 0; i < n; ++i)
            if (!removed[static_cast<std::size_t>(i)] && degree[static_cast<std::size_t>(i)] == 0)
                free.push_back(i);
        while (!free.empty()) {
            const int i = free.front();
            free.pop_front();
            removed[static_cast<std::size_t>(i)] = true;
            for (int to : out[static_cast<std::size_t>(i)])
                if (!removed[static_cast<std::size_t>(to)] &&
                    --degree[static_cast<std::size_t>(to)] == 0)
                    free.push_back(to);
        }
    };
    peel(previous, next); // layers nothing left feeds
    peel(next, previous); // layers feeding nothing left
    std::vector<int> left;
    for (int i = 0; i < n; ++i)
        if (!removed[static_cast<std::size_t>(i)])
            left.push_back(i);
    return left;
}

void cycles(const EnginePlan& plan, const TensorGraph& graph, std::vector<CheckResult>& results) {
    const std::vector<int> onCycles = layersOnCycles(graph);
    if (onCycles.empty())
        return;
    CheckResult r{checks::kGraphCycle, {plan.sources.graph}};
    bool loop = false;
    for (int i : onCycles) {
        r.layers.push_back(graph.at(i).ref());
        loop = loop || graph.at(i).layer->subtype.contains(QLatin1String("Recurrence"));
    }
    r.message = QStringLiteral("%1 of %2 depend on each other in a cycle (through the tensors "
                               "they read and write): %3. %4")
                    .arg(countText(static_cast<qint64>(onCycles.size()), QStringLiteral("layer")),
                         displayName(plan.sources.graph), namesText(r.layers),
                         loop ? QStringLiteral("A TensorRT loop's Recurrence layer reads a later "
                                               "layer's output by design.")
                              : QStringLiteral("An engine runs its layers one after another, so "
                                               "a tensor name was reused or the file edited."));
    r.fix = loop ? QStringLiteral("Nothing to fix where the cycle is a loop of the network. %1")
                       .arg(kReexportGraph)
                 : kReexportGraph;
    r.details["loop"] = loop;
    results.push_back(std::move(r));
}

// A graph that names no engine input or output: TensorRT 10 and before list them as "Bindings",
// TensorRT 11 as "I/O Tensors".
void noBindings(const EnginePlan& plan, std::vector<CheckResult>& results) {
    if (!plan.bindings.isEmpty() || plan.layers.empty())
        return;
    CheckResult r{checks::kNoBindings, {plan.sources.graph}};
    r.message = QStringLiteral("%1 names no engine input or output: it has neither a \"Bindings\" "
                               "list (TensorRT 10 and before) nor \"I/O Tensors\" (TensorRT 11). "
                               "The plan shows no inputs or outputs, NoOps beside them are not "
                               "folded as trex folds them, and a weight read as a tensor cannot "
                               "be told from an input, so it counts as an activation.")
                    .arg(displayName(plan.sources.graph));
    r.fix = QStringLiteral("%1 A file cut or edited by hand should keep its \"Bindings\" or "
                           "\"I/O Tensors\".")
                .arg(kReexportGraph);
    results.push_back(std::move(r));
}

} // namespace

void checkGraph(const EnginePlan& plan, std::vector<CheckResult>& results) {
    if (plan.namesOnly) {
        namesOnly(plan, results);
        return;
    }
    noBindings(plan, results);
    const TensorGraph graph(plan);
    tensorsWrittenTwice(plan, graph, results);
    layersReadingOwnOutput(plan, graph, results);
    cycles(plan, graph, results);
}

} // namespace planscope
