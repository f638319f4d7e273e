#pragma once

#include "plan/EnginePlan.h"

#include <vector>

namespace planscope {

// A layer of plan A and its counterpart in plan B; -1 where one side has none.
struct LayerPair {
    int a = -1;
    int b = -1;
    bool operator==(const LayerPair&) const = default;
};

// trex's match_layers: aligns the layers of two plans by signature (type, and the input and
// output dimensions without the batch dimension: all tensors when `exact`, else the first input
// and output; a two-input PointWise also matches with its inputs swapped). Repeatedly takes the
// first unmatched layer of A and looks for the first unmatched layer of B with the same
// signature, then the other way round; left-overs end the list.
std::vector<LayerPair> matchLayers(const EnginePlan& a, const EnginePlan& b, bool exact = true);

} // namespace planscope
