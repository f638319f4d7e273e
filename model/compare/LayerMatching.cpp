#include "compare/LayerMatching.h"

#include <algorithm>
#include <numeric>

namespace planscope {
namespace {

using Dims = std::vector<qint64>;

struct Signature {
    QString type;
    std::vector<Dims> inputs;
    std::vector<Dims> outputs;
    bool operator==(const Signature&) const = default;
};

std::vector<Dims> dimsOf(const std::vector<Tensor>& tensors, bool all) {
    std::vector<Dims> dims;
    for (const Tensor& t : tensors) {
        dims.emplace_back(t.shape.size() > 1 ? Dims(t.shape.begin() + 1, t.shape.end()) : Dims());
        if (!all)
            break;
    }
    return dims;
}

Signature signatureOf(const Layer& layer, bool exact) {
    return {layer.type, dimsOf(layer.inputs, exact), dimsOf(layer.outputs, exact)};
}

// PointWise layers may take their two inputs in either order.
bool swappedPointWise(const Signature& a, const Signature& b) {
    return a.type == QLatin1String("PointWise") && b.type == a.type && a.inputs.size() == 2 &&
           b.inputs.size() == 2 && a.outputs.size() == 1 && b.outputs.size() == 1 &&
           a.inputs[0] == b.inputs[1] && a.inputs[1] == b.inputs[0];
}

} // namespace

std::vector<LayerPair> matchLayers(const EnginePlan& planA, const EnginePlan& planB, bool exact) {
    std::vector<Signature> sa, sb;
    for (const Layer& l : planA.layers)
        sa.push_back(signatureOf(l, exact));
    for (const Layer& l : planB.layers)
        sb.push_back(signatureOf(l, exact));
    const auto aligned = [&](int i, int j) {
        const Signature& x = sa[std::size_t(i)];
        const Signature& y = sb[std::size_t(j)];
        return x == y || swappedPointWise(x, y);
    };

    std::vector<int> restA(planA.layers.size());
    std::vector<int> restB(planB.layers.size());
    std::iota(restA.begin(), restA.end(), 0);
    std::iota(restB.begin(), restB.end(), 0);
    std::vector<LayerPair> pairs;
    while (!restA.empty() && !restB.empty()) {
        // First from A's first unmatched layer into B, then from B's into A.
        for (const bool searchB : {true, false}) {
            const std::vector<int>& scanned = searchB ? restB : restA;
            LayerPair pair = searchB ? LayerPair{restA.front(), -1} : LayerPair{-1, restB.front()};
            for (int candidate : scanned) {
                const int i = searchB ? restA.front() : candidate;
                const int j = searchB ? candidate : restB.front();
                if (aligned(i, j)) {
                    pair = {i, j};
                    break;
                }
            }
            pairs.push_back(pair);
            if (pair.a >= 0)
                restA.erase(std::find(restA.begin(), restA.end(), pair.a));
            if (pair.b >= 0)
                restB.erase(std::find(restB.begin(), restB.end(), pair.b));
            if (restA.empty() || restB.empty())
                break;
        }
    }
    for (int i : restA)
        pairs.push_back({i, -1});
    for (int j : restB)
        pairs.push_back({-1, j});
    return pairs;
}

} // namespace planscope
