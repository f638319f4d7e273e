#include "modules/ModulePath.h"

#include "plan/OnnxOrigin.h"

#include <QHash>
#include <algorithm>

namespace planscope {
namespace {

bool isBracket(QChar c) {
    return c == u'[' || c == u']' || c == u'{' || c == u'}' || c == u'(' || c == u')';
}

// The node names a layer's name holds: its pieces (split on " + ", "...", ", " and brackets)
// that hold a '/'.
std::vector<QStringList> modulesInName(QStringView name) {
    std::vector<QStringList> modules;
    auto take = [&](QStringView piece) {
        piece = piece.trimmed();
        if (piece.contains(u'/'))
            modules.push_back(moduleOfNode(piece));
    };
    qsizetype start = 0;
    for (qsizetype at = 0; at < name.size();) {
        qsizetype cut = 0;
        if (isBracket(name[at]))
            cut = 1;
        else if (name.sliced(at).startsWith(u" + "))
            cut = 3;
        else if (name.sliced(at).startsWith(u"..."))
            cut = 3;
        else if (name.sliced(at).startsWith(u", ")) // PWN(/a/Sigmoid, /a/Mul)
            cut = 2;
        if (cut == 0) {
            ++at;
            continue;
        }
        take(name.sliced(start, at - start));
        at += cut;
        start = at;
    }
    take(name.sliced(start));
    return modules;
}

} // namespace

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

std::optional<QStringList> moduleOfLayer(const Layer& layer) {
    std::vector<QStringList> modules;
    forEachOnnxNode(layer.metadata,
                    [&](QStringView node) { modules.push_back(moduleOfNode(node)); });
    if (modules.empty())
        modules = modulesInName(layer.name);
    return commonModule(modules);
}

std::vector<std::optional<QStringList>> layerModules(const EnginePlan& plan) {
    std::vector<std::optional<QStringList>> modules(plan.layers.size());
    QHash<QString, std::size_t> byName;
    std::vector<std::pair<std::size_t, QString>> copies; // Reformatting CopyNodes, their target
    for (std::size_t i = 0; i < plan.layers.size(); ++i) {
        const Layer& layer = plan.layers[i];
        byName.insert(layer.name, i);
        const QString target = reformatCopyTarget(layer.name);
        if (!target.isEmpty() && indexOfOnnxMarker(layer.metadata, 0) < 0)
            copies.emplace_back(i, target);
        else
            modules[i] = moduleOfLayer(layer);
    }
    for (const auto& [copy, target] : copies) {
        const auto found = byName.constFind(target);
        modules[copy] = found != byName.cend() && reformatCopyTarget(target).isEmpty()
                            ? modules[*found]
                            : commonModule(modulesInName(target));
    }
    return modules;
}

} // namespace planscope
