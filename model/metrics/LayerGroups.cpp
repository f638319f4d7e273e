#include "metrics/LayerGroups.h"

#include <QHash>
#include <algorithm>

namespace planscope {

QString layerTypeKey(const Layer& layer) {
    return layer.type;
}
QString layerPrecisionKey(const Layer& layer) {
    return layer.precision;
}
QString layerOutputPrecisionKey(const Layer& layer) {
    return layer.outputPrecision;
}

std::vector<LayerGroup> groupLayers(const std::vector<Layer>& layers, const LayerKey& key) {
    std::vector<LayerGroup> groups;
    QHash<QString, std::size_t> position;
    for (const Layer& layer : layers) {
        const QString k = key(layer);
        auto it = position.find(k);
        if (it == position.end()) {
            it = position.insert(k, groups.size());
            groups.push_back({k, 0, {}, {}});
        }
        LayerGroup& g = groups[*it];
        ++g.count;
        if (layer.timing.measured) {
            g.latencyMs = g.latencyMs.value_or(0) + layer.timing.averageMs;
            g.latencyPct = g.latencyPct.value_or(0) + layer.timing.percent;
        }
    }
    std::stable_sort(groups.begin(), groups.end(), [](const LayerGroup& a, const LayerGroup& b) {
        const double latencyA = a.latencyMs.value_or(-1);
        const double latencyB = b.latencyMs.value_or(-1);
        if (latencyA != latencyB)
            return latencyA > latencyB;
        if (a.count != b.count)
            return a.count > b.count;
        return a.key < b.key;
    });
    return groups;
}

} // namespace planscope
