#pragma once

#include "compare/LayerMatching.h"
#include "plan/EngineMetadata.h"

#include <vector>

namespace planscope {

// One row of a layer-by-layer comparison of plan A and plan B (trex's aligned merge).
struct LayerComparison {
    LayerPair pair;
    QString type;
    double latencyA = 0;
    double latencyB = 0;
    double speedup = 0; // latencyA / latencyB; 0 when a side is missing or has no timing
    QString nameA, nameB;
    QString precisionA, precisionB;             // inputs' precisions, comma-separated
    QString outputPrecisionA, outputPrecisionB; // outputs' precisions
    QString tacticA, tacticB;
    QString formatsA, formatsB;
    bool precisionMismatch = false;
    bool tacticMismatch = false;
};

std::vector<LayerComparison> compareLayers(const EnginePlan& a, const EnginePlan& b,
                                           const std::vector<LayerPair>& pairs);

// How much slower B is than A, in percent of A's total latency (negative: faster).
double slowdownPercent(const EnginePlan& a, const EnginePlan& b);

// The comparison as `planscope compare --json` prints it (documented in README.md).
OrderedJson comparisonJson(const EnginePlan& a, const EnginePlan& b,
                           const std::vector<LayerComparison>& layers, bool exact);

} // namespace planscope
