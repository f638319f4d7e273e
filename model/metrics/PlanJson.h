#pragma once

#include "plan/EngineMetadata.h"
#include "plan/EnginePlan.h"

#include <QByteArray>
#include <vector>

namespace planscope {

// The plan as the CLI prints it (documented in README.md).
OrderedJson summaryJson(const EnginePlan& plan);
OrderedJson filesJson(const PlanSources& sources); // {"graph": path, "profile": path, ...}
OrderedJson layerJson(const Layer& layer);

// One CSV row per layer with the columns of layerJson; tensors as "name: [shape]xformat; ...".
QByteArray layersCsv(const std::vector<const Layer*>& layers);

} // namespace planscope
