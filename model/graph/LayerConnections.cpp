#include "graph/LayerConnections.h"

#include "plan/TensorIndex.h"

#include <algorithm>
#include <optional>

namespace planscope {
namespace {

void addOnce(std::vector<int>& list, int value) {
    if (std::find(list.begin(), list.end(), value) == list.end())
        list.push_back(value);
}

} // namespace

LayerConnections::LayerConnections(const EnginePlan& plan)
    : m_producers(plan.layers.size()), m_consumers(plan.layers.size()) {
    // The writers of each tensor: the plan's index, unless NoOps are folded into some layer's
    // view (the graph's own tensors are then indexed here).
    const TensorIndex& index = plan.tensorIndex();
    std::optional<TensorLayers> graphWriters;
    if (index.graphViewDiffers()) {
        graphWriters.emplace();
        for (const Layer& layer : plan.layers)
            for (const Tensor& t : layer.graphOutputs())
                graphWriters->add(t.name, layer.index);
    }
    for (const Layer& layer : plan.layers) {
        for (const Tensor& t : layer.graphInputs()) {
            const auto connect = [&](int writer) {
                if (writer == layer.index)
                    return;
                addOnce(m_producers[layer.index], writer);
                addOnce(m_consumers[writer], layer.index);
            };
            if (graphWriters)
                graphWriters->forEach(t.name, connect);
            else
                index.forEachWriter(t.name, connect);
        }
    }
}

} // namespace planscope
