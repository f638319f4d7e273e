#pragma once

#include "compare/LayerMatching.h"
#include "plan/EngineMetadata.h"

#include <QByteArray>
#include <optional>
#include <vector>

namespace planscope {

// One row of a layer-by-layer comparison of plan A and plan B (trex's aligned merge). What the
// files do not tell is missing, never zero: a side without a counterpart, or whose layer no
// profile timed, has no latency, and the speedup needs both latencies.
struct LayerComparison {
    LayerPair pair;
    QString type;
    std::optional<double> latencyA; // average, ms
    std::optional<double> latencyB;
    std::optional<double> speedup; // latencyA / latencyB
    QString nameA, nameB;
    QString precisionA, precisionB;             // inputs' precisions, comma-separated
    QString outputPrecisionA, outputPrecisionB; // outputs' precisions
    QString tacticA, tacticB;
    QString formatsA, formatsB; // "in: FORMAT:[shape], ...\tout: ..."
    bool precisionMismatch = false;
    bool tacticMismatch = false;
};

std::vector<LayerComparison> compareLayers(const EnginePlan& a, const EnginePlan& b,
                                           const std::vector<LayerPair>& pairs);

// A's average time over B's; missing when either was not measured.
std::optional<double> planSpeedup(const EnginePlan& a, const EnginePlan& b);
// How much slower B is than A, in percent of A's average time (negative: faster); missing when
// either was not measured.
std::optional<double> slowdownPercent(const EnginePlan& a, const EnginePlan& b);

// The comparison as `planscope compare --json` prints it (documented in README.md).
OrderedJson comparisonJson(const EnginePlan& a, const EnginePlan& b,
                           const std::vector<LayerComparison>& layers, bool exact);
// One CSV row per layer pair, with the fields of comparisonJson's "layers" (missing values are
// empty cells), as `planscope compare --csv` prints and the compare window exports.
QByteArray comparisonCsv(const std::vector<const LayerComparison*>& layers);

} // namespace planscope
