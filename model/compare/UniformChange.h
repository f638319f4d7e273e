#pragma once

#include "plan/EnginePlan.h"

#include <QString>
#include <optional>
#include <vector>

namespace planscope {

struct LayerComparison;
struct ModuleComparison;

// One item's time in A and in B (a matched layer pair, a module), ms.

struct TimePair {
    double a = 0;
    double b = 0;
};

// B's time over A's, alike nearly everywhere: what a change of how the engines ran (the GPU, its
// clocks or power limit, the batch, profiling settings) does, rather than a change of one block.
struct UniformChange {
    int changed = 0;  // items B changed in the common direction, by more than a tenth
    int compared = 0; // items both engines timed
    double low = 0;   // the ratios' 10th percentile, B's time over A's
    double median = 0;
    double high = 0; // the 90th
    bool slower() const { return median > 1; }
};

// Nearly every item (9 in 10, at least 5 compared) changed in one direction, by a factor whose
// 10th and 90th percentiles lie within 4x of each other, the median at least 1.25x either way;
// none otherwise.
std::optional<UniformChange> findUniformChange(const std::vector<TimePair>& times);

// The change over the matched layer pairs both engines timed in the same precisions, and over
// the top-level modules whose heaviest precision is the same in both: a change of precision
// explains itself.
std::optional<UniformChange> layersUniformChange(const std::vector<LayerComparison>& layers);
std::optional<UniformChange> modulesUniformChange(const ModuleComparison& comparison);

// What to say on top: the change, that it touches every block, and each engine's device and
// clocks where the files give them. `items` names what was compared ("matched layers").
QString uniformChangeWarning(const EnginePlan& a, const EnginePlan& b, const UniformChange& change,
                             const QString& items);

// The warning over the top-level modules for the module comparison (text, JSON, window, report);
// empty when they did not change alike.
QString modulesUniformChangeWarning(const EnginePlan& a, const EnginePlan& b,
                                    const ModuleComparison& comparison);

} // namespace planscope
