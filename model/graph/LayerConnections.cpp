#include "graph/LayerConnections.h"

#include <QHash>
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
    QHash<QString, std::vector<int>> writers;
    writers.reserve(qsizetype(plan.layers.size())); // about a tensor per layer: no rehashing
    for (const Layer& layer : plan.layers)
        for (const Tensor& t : layer.graphOutputs())
            writers[t.name].push_back(layer.index);
    for (const Layer& layer : plan.layers) {
        for (const Tensor& t : layer.graphInputs()) {
            for (int writer : writers.value(t.name)) {
                if (writer == layer.index)
                    continue;
                addOnce(m_producers[layer.index], writer);
                addOnce(m_consumers[writer], layer.index);
            }
        }
    }
}

} // namespace planscope
