#pragma once

#include "compare/LayerMatching.h"
#include "plan/EngineMetadata.h"

#include <QByteArray>
#include <optional>
#include <vector>

namespace planscope {

class Roofline; // roofline/Roofline.h

// One row of a layer-by-layer comparison of plan A and plan B (trex's aligned merge). What the
// files do not tell is missing, never zero: a side without a counterpart, or whose layer no
// profile timed, has no latency, and the speedup needs both latencies.
struct LayerComparison {
    LayerPair pair;
    QString type;
    std::optional<double> latencyA; // average, ms
    std::optional<double> latencyB;
    std::optional<double> speedup; // latencyA / latencyB
    // Each side's layer's speed-of-light share (roofline/Roofline.h, on its plan's device);
    // missing without a roofline, a device, or the figures it needs.
    std::optional<double> solPercentA;
    std::optional<double> solPercentB;
    QString nameA, nameB;
    QString precisionA, precisionB;             // inputs' precisions, comma-separated
    QString outputPrecisionA, outputPrecisionB; // outputs' precisions
    QString tacticA, tacticB;
    QString formatsA, formatsB; // "in: FORMAT:[shape], ...\tout: ..."
    bool precisionMismatch = false;
    bool tacticMismatch = false;
    std::optional<bool> onnxNamesAgree; // see onnxNamesAgree(): missing where not comparable
};

// With each plan's roofline (its analysis's, or rooflineFromFiles), each side's SOL % too.
std::vector<LayerComparison> compareLayers(const EnginePlan& a, const EnginePlan& b,
                                           const std::vector<LayerPair>& pairs,
                                           const Roofline* rooflineA = nullptr,
                                           const Roofline* rooflineB = nullptr);

// A's average time over B's; missing when either was not measured.
std::optional<double> planSpeedup(const EnginePlan& a, const EnginePlan& b);
// How much slower B is than A, in percent of A's average time (negative: faster); missing when
// either was not measured.
std::optional<double> slowdownPercent(const EnginePlan& a, const EnginePlan& b);

// Below this share of the larger plan's layers matched, with no engine input in common, A and B
// are taken for engines of different models: their speedup compares nothing.
inline constexpr double kRelatedMatchShare = 0.05;
// What to say on top when A and B look unrelated (few layers matched, no input name shared);
// empty when they look like builds of one model.
QString unrelatedEnginesWarning(const EnginePlan& a, const EnginePlan& b,
                                const std::vector<LayerComparison>& layers);

// What to say on top of a layer comparison: the unrelated engines' warning, the unlike pairs'
// (compare/PairNames), a change alike in nearly every pair (compare/UniformChange).
QStringList comparisonWarnings(const EnginePlan& a, const EnginePlan& b,
                               const std::vector<LayerComparison>& layers);

// The comparison as `planscope compare --json` prints it (documented in README.md), with
// "warnings" (comparisonWarnings).
OrderedJson comparisonJson(const EnginePlan& a, const EnginePlan& b,
                           const std::vector<LayerComparison>& layers, bool exact);
// One CSV row per layer pair, with the fields of comparisonJson's "layers" (missing values are
// empty cells), as `planscope compare --csv` prints and the compare window exports.
QByteArray comparisonCsv(const std::vector<const LayerComparison*>& layers);

} // namespace planscope
