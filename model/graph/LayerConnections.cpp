#include "graph/LayerConnections.h"

#include "graph/TensorLayers.h"

#include <algorithm>

namespace planscope {
namespace {

void addOnce(std::vector<int>& list, int value) {
    if (std::find(list.begin(), list.end(), value) == list.end())
        list.push_back(value);
}

} // namespace

LayerConnections::LayerConnections(const EnginePlan& plan)
    : m_producers(plan.layers.size()), m_consumers(plan.layers.size()) {
    TensorLayers writers;
    writers.reserve(qsizetype(plan.layers.size()), plan.layers.size()); // a tensor or so each
    for (const Layer& layer : plan.layers)
        for (const Tensor& t : layer.graphOutputs())
            writers.add(t.name, layer.index);
    for (const Layer& layer : plan.layers) {
        for (const Tensor& t : layer.graphInputs()) {
            writers.forEach(t.name, [&](int writer) {
                if (writer == layer.index)
                    return;
                addOnce(m_producers[layer.index], writer);
                addOnce(m_consumers[writer], layer.index);
            });
        }
    }
}

} // namespace planscope
