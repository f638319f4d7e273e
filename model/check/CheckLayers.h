#pragma once

#include "check/PlanCheck.h"
#include "plan/PlanFacts.h"

#include <QStringList>
#include <optional>
#include <vector>

namespace planscope {

// A graph entry as results name it: with its index where it is one of the plan's layers.
CheckLayer entryLayer(const EnginePlan& plan, const GraphEntry& entry);

// A layer of the loaded optimization profile as the graph file lists it. Results name it by
// ref(), made when asked: a large plan's list is walked for a few results.
struct ExportedLayer {
    const Layer* layer;
    std::optional<int> index; // where it is one of the plan's layers
    const QString* name;      // the plan's name for one of its layers, else the file's
    CheckLayer ref() const { return {index, *name}; }
};

// The loaded optimization profile's layers in file order: the plan's layers, its constants and
// the layers trex sets aside (NoOps, signal/wait/shape_call). Without facts (a plan not read
// from files), the layers and the constants.
std::vector<ExportedLayer> exportedLayers(const EnginePlan& plan);

// Names for a message: "\"a\", \"b\", \"c\" and 4 more"; long names cut in the middle.
QString namesText(const QStringList& names, int shown = 3);
QString namesText(const std::vector<CheckLayer>& layers, int shown = 3);

// The results' JSON list of layers: [{"index": 3, "name": "conv"}, ...], index null when none.
OrderedJson layersJson(const std::vector<CheckLayer>& layers);

} // namespace planscope
