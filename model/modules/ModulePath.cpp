#include "modules/ModulePath.h"

#include "plan/NameKey.h"
#include "plan/OnnxOrigin.h"
#include "plan/SideBySide.h"

#include <QHash>
#include <algorithm>
#include <future>

namespace planscope {
namespace {

// The modules of the node names a layer's name holds: its pieces that hold a '/'.
std::vector<QStringList> modulesInName(QStringView name) {
    std::vector<QStringList> modules;
    for (QStringView piece : nodesInName(name))
        if (piece.contains(u'/'))
            modules.push_back(moduleOfNode(piece));
    return modules;
}

// Where a node's name puts it, as a view into the name: "/a/b/Conv" is scoped, in "a/b"; a
// name without '/' is not scoped; one with empty pieces inside ("a//b/Conv") is not clean, and
// the slow path drops those. One pass over the characters: every layer of a plan comes here.
struct NodePlace {
    bool scoped = false;
    bool clean = true;
    QStringView module;
};

NodePlace placeOfNode(QStringView node) {
    NodePlace place;
    qsizetype first = 0;
    while (first < node.size() && node[first] == u'/')
        ++first;
    place.scoped = first > 0;
    qsizetype last = -1;
    for (qsizetype i = first; i < node.size(); ++i) {
        if (node[i] != u'/')
            continue;
        place.scoped = true;
        if (last == i - 1 && last >= 0) {
            place.clean = false;
            return place;
        }
        last = i;
    }
    if (last >= 0)
        place.module = node.sliced(first, last - first);
    return place;
}

// The longest common prefix of two module paths, by pieces.
QStringView commonPrefix(QStringView a, QStringView b) {
    const qsizetype n = std::min(a.size(), b.size());
    qsizetype same = 0;
    while (same < n && a[same] == b[same])
        ++same;
    if (same == a.size() && (same == b.size() || b[same] == u'/'))
        return a;
    if (same == b.size() && a[same] == u'/')
        return b;
    const qsizetype cut = a.first(same).lastIndexOf(u'/');
    return cut < 0 ? QStringView() : a.first(cut);
}

} // namespace

QString joinModule(const QStringList& pieces) {
    return pieces.join(u'/');
}

QStringList moduleOfNode(QStringView node) {
    QStringList pieces;
    for (QStringView piece : node.split(u'/', Qt::SkipEmptyParts))
        pieces << piece.toString();
    if (!pieces.isEmpty())
        pieces.removeLast();
    return pieces;
}

std::optional<QStringList> commonModule(const std::vector<QStringList>& paths) {
    if (paths.empty())
        return std::nullopt;
    QStringList common = paths.front();
    for (const QStringList& path : paths) {
        qsizetype same = 0;
        while (same < common.size() && same < path.size() && common[same] == path[same])
            ++same;
        common.resize(same);
    }
    return common;
}

std::optional<QString> moduleOfLayer(const Layer& layer, const std::optional<QString>& before) {
    // A node named without any '/' is not scoped (a QAT model's weight Q/DQ nodes,
    // "onnx::Conv_17859_DequantizeLinear"): beside scoped nodes it does not pull the layer up to
    // the root ("/Add_3" is scoped at the root and does). Alone, it stands at the root.
    const auto scoped = [](QStringView node) { return node.contains(u'/'); };
    // Most layers: scoped nodes named by clean paths, compared as views of the Metadata.
    std::optional<QStringView> common;
    bool clean = true;
    bool unscoped = false;
    forEachOnnxNode(layer.metadata, [&](QStringView node) {
        const NodePlace place = placeOfNode(node);
        if (!place.scoped)
            unscoped = true;
        else if (!place.clean)
            clean = false;
        else
            common = common ? commonPrefix(*common, place.module) : place.module;
    });
    if (clean && common)
        return before && *before == *common ? before : common->toString();
    if (clean && unscoped) // unscoped nodes only
        return QString();
    std::vector<QStringList> modules;
    forEachOnnxNode(layer.metadata, [&](QStringView node) {
        if (scoped(node))
            modules.push_back(moduleOfNode(node));
    });
    if (modules.empty())
        modules = modulesInName(layer.name);
    const std::optional<QStringList> pieces = commonModule(modules);
    return pieces ? std::optional(joinModule(*pieces)) : std::nullopt;
}

std::vector<std::optional<QString>> layerModules(const EnginePlan& plan) {
    std::vector<std::optional<QString>> modules(plan.layers.size());
    // Reformatting CopyNodes without Metadata, and their targets: placed once all others are.
    using Copies = std::vector<std::pair<std::size_t, QString>>;
    const auto read = [&](std::size_t from, std::size_t to) {
        Copies copies;
        for (std::size_t i = from; i < to; ++i) {
            const Layer& layer = plan.layers[i];
            const QString target = reformatCopyTarget(layer.name);
            if (!target.isEmpty() && indexOfOnnxMarker(layer.metadata, 0) < 0)
                copies.emplace_back(i, target);
            else
                modules[i] = moduleOfLayer(layer, i > from ? modules[i - 1] : std::nullopt);
        }
        return copies;
    };
    // Each layer's module depends on that layer only: a large plan's halves are read side by side.
    const std::size_t count = plan.layers.size();
    const std::size_t half = count >= kLayersForTwoThreads ? count / 2 : count;
    std::future<Copies> second;
    if (half < count)
        second = std::async(std::launch::async, read, half, count);
    Copies copies = read(0, half);
    if (second.valid())
        for (auto& copy : second.get())
            copies.push_back(std::move(copy));
    if (copies.empty())
        return modules;
    QHash<NameKey, std::size_t> byName; // the copies' targets, by the layers' names
    for (std::size_t i = 0; i < plan.layers.size(); ++i)
        byName.insert(plan.layers[i].name, i);
    for (const auto& [copy, target] : copies) {
        const auto found = byName.constFind(target);
        if (found != byName.cend() && reformatCopyTarget(target).isEmpty()) {
            modules[copy] = modules[*found];
        } else {
            const std::optional<QStringList> pieces = commonModule(modulesInName(target));
            modules[copy] = pieces ? std::optional(joinModule(*pieces)) : std::nullopt;
        }
    }
    return modules;
}

} // namespace planscope
