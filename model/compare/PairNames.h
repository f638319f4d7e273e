#pragma once

#include "plan/Layer.h"

#include <QString>
#include <optional>
#include <vector>

namespace planscope {

struct LayerComparison;

// Whether two matched layers implement ONNX nodes of one name: the scoped nodes ("/layer1/
// layer1.0/conv1/Conv") their Metadata names, else their name's fused parts; missing when
// either names none (unscoped names, "Conv_9", differ between exports of one model). The layer
// matching pairs by type and shapes, so two layers of alike shape in different blocks pair.
std::optional<bool> onnxNamesAgree(const Layer& a, const Layer& b);

// More than this share of the pairs whose names can be compared disagree: said on top.
inline constexpr double kUnlikePairsShare = 0.1;

// What to say on top when more than a tenth of the pairs that name ONNX nodes on both sides
// name different ones; empty otherwise.
QString unlikePairsWarning(const std::vector<LayerComparison>& layers);

} // namespace planscope
