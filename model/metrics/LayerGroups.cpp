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
            groups.push_back({k, 0, 0, 0});
        }
        LayerGroup& g = groups[*it];
        ++g.count;
        g.latencyMs += layer.timing.averageMs;
        g.latencyPct += layer.timing.percent;
    }
    std::stable_sort(groups.begin(), groups.end(), [](const LayerGroup& a, const LayerGroup& b) {
        if (a.latencyMs != b.latencyMs)
            return a.latencyMs > b.latencyMs;
        if (a.count != b.count)
            return a.count > b.count;
        return a.key < b.key;
    });
    return groups;
}

} // namespace planscope
