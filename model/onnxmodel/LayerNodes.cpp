#include "onnxmodel/LayerNodes.h"

#include "plan/NameKey.h"
#include "plan/OnnxOrigin.h"
#include "plan/TensorIndex.h"

#include <QHash>
#include <QSet>
#include <deque>

namespace planscope {

std::vector<QStringList> layerNodes(const EnginePlan& plan, const OnnxGraph* model) {
    QSet<QStringView> known;
    if (model)
        for (const OnnxNode& node : model->nodes)
            known.insert(node.name);
    const auto isNode = [&](QStringView name) {
        return model ? known.contains(name) : name.contains(u'/');
    };
    std::vector<QStringList> nodes(plan.layers.size());
    for (std::size_t i = 0; i < plan.layers.size(); ++i) {
        const Layer& layer = plan.layers[i];
        if (!reformatCopyTarget(layer.name).isEmpty() && indexOfOnnxMarker(layer.metadata, 0) < 0)
            continue;
        QStringList& names = nodes[i];
        forEachOnnxNode(layer.metadata, [&](QStringView node) {
            if ((!model || known.contains(node)) && !names.contains(node))
                names << node.toString();
        });
        if (!names.isEmpty())
            continue;
        for (QStringView piece : nodesInName(layer.name))
            if (isNode(piece) && !names.contains(piece))
                names << piece.toString();
    }
    return nodes;
}

namespace {

// The nearest layer with nodes from `start`, walking the plan's tensors back (to the layers
// writing a layer's inputs) or forward (to those reading its outputs); -1 when none.
int nearestWithNodes(const EnginePlan& plan, const std::vector<QStringList>& nodes,
                     std::size_t start, bool back) {
    const TensorIndex& tensors = plan.tensorIndex();
    std::vector<bool> seen(plan.layers.size(), false);
    std::deque<std::size_t> queue{start};
    seen[start] = true;
    while (!queue.empty()) {
        const std::size_t at = queue.front();
        queue.pop_front();
        if (at != start && !nodes[at].isEmpty())
            return int(at);
        const Layer& layer = plan.layers[at];
        const auto visit = [&](int next) {
            if (next >= 0 && !seen[std::size_t(next)]) {
                seen[std::size_t(next)] = true;
                queue.push_back(std::size_t(next));
            }
        };
        for (const Tensor& tensor : back ? layer.inputs : layer.outputs) {
            if (back)
                tensors.forEachWriter(tensor.name, visit);
            else
                tensors.forEachReader(tensor.name, visit);
        }
    }
    return -1;
}

} // namespace

std::vector<QStringList> chargedLayerNodes(const EnginePlan& plan,
                                           const std::vector<QStringList>& nodes) {
    std::vector<QStringList> charged = nodes;
    QHash<NameKey, std::size_t> byName;
    for (std::size_t i = 0; i < plan.layers.size(); ++i)
        byName.insert(plan.layers[i].name, i);
    for (std::size_t i = 0; i < plan.layers.size(); ++i) {
        if (!nodes[i].isEmpty())
            continue;
        const auto target = byName.constFind(reformatCopyTarget(plan.layers[i].name));
        if (target != byName.cend() && !nodes[*target].isEmpty()) {
            charged[i] = nodes[*target];
            continue;
        }
        int nearest = nearestWithNodes(plan, nodes, i, true);
        if (nearest < 0)
            nearest = nearestWithNodes(plan, nodes, i, false);
        if (nearest >= 0)
            charged[i] = nodes[std::size_t(nearest)];
    }
    return charged;
}

} // namespace planscope
