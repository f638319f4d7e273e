#pragma once

#include "plan/EnginePlan.h"

#include <functional>
#include <optional>
#include <vector>

namespace planscope {

// Layers grouped by one attribute, with their share of the engine's latency: the sums over the
// group's measured layers, missing when the profile names none of them.
struct LayerGroup {
    QString key;
    int count = 0;
    std::optional<double> latencyMs;  // sum of averages
    std::optional<double> latencyPct; // sum of the profile's percentages
};

using LayerKey = std::function<QString(const Layer&)>;

QString layerTypeKey(const Layer& layer);
QString layerPrecisionKey(const Layer& layer);
QString layerOutputPrecisionKey(const Layer& layer);

// Groups in descending latency, then by descending count, then by name.
std::vector<LayerGroup> groupLayers(const std::vector<Layer>& layers, const LayerKey& key);

} // namespace planscope
