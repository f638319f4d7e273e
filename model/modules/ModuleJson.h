#pragma once

#include "modules/ModuleTree.h"

#include <QByteArray>
#include <string>

namespace planscope {

// `planscope modules --json`: {"total_ms", "unattributed_ms", "unattributed_layers": [names],
// "has_paths", "modules": [{"path", "name", "depth", "ms", "percent", "self_ms", "layers",
// "precisions": {P: ms}, "types": {T: ms}}]}, the modules depth first, heaviest first, down to
// `maxDepth` (-1: all); times null without per-layer timings. Written as made (7,000 modules of
// a large model are megabytes), laid out as dump(2) would.
std::string modulesJsonText(const EnginePlan& plan, const ModuleTree& tree, int maxDepth = -1);
// The same modules as CSV, precisions and types as "FP16 1.234; INT8 0.5".
QByteArray modulesCsv(const ModuleTree& tree, int maxDepth = -1);

} // namespace planscope
