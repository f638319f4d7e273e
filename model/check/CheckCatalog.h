#pragma once

#include <QLatin1String>
#include <QString>
#include <vector>

namespace planscope {

// How much a result matters: an error means the plan's timings cannot be trusted as they stand,
// a warning that some figures are missing or doubtful, a note something worth knowing.
enum class CheckLevel { Note, Warning, Error };
QString checkLevelName(CheckLevel level); // "note", "warning", "error"

// One kind of result of the file check: its stable id and its level, the most it reports (a
// kind whose figures can agree says so as a note). README.md ("Checking a plan's files") says
// what each finds.
struct CheckKind {
    QLatin1String id;
    CheckLevel level;
};

namespace checks {
// The profile's records against the graph's layers (ProfileGraphChecks.cpp).
inline constexpr CheckKind kProfileOtherEngine{QLatin1String("profile-other-engine"),
                                               CheckLevel::Error};
inline constexpr CheckKind kLayersWithoutRecord{QLatin1String("layers-without-record"),
                                                CheckLevel::Warning};
inline constexpr CheckKind kRecordsWithoutLayer{QLatin1String("records-without-layer"),
                                                CheckLevel::Warning};
inline constexpr CheckKind kDuplicateRecords{QLatin1String("duplicate-records"),
                                             CheckLevel::Warning};
inline constexpr CheckKind kDuplicateLayerNames{QLatin1String("duplicate-layer-names"),
                                                CheckLevel::Warning};
inline constexpr CheckKind kRecordFields{QLatin1String("record-fields"), CheckLevel::Warning};
inline constexpr CheckKind kNoMedian{QLatin1String("no-median"), CheckLevel::Note};
inline constexpr CheckKind kLenientProfile{QLatin1String("lenient-profile"), CheckLevel::Note};
inline constexpr CheckKind kNoProfile{QLatin1String("no-profile"), CheckLevel::Note};
inline constexpr CheckKind kLeftOutLayers{QLatin1String("left-out-layers"), CheckLevel::Note};
// The graph's tensors (GraphChecks.cpp).
inline constexpr CheckKind kNamesOnly{QLatin1String("names-only"), CheckLevel::Warning};
inline constexpr CheckKind kNoBindings{QLatin1String("no-bindings"), CheckLevel::Warning};
inline constexpr CheckKind kTensorWrittenTwice{QLatin1String("tensor-written-twice"),
                                               CheckLevel::Note};
inline constexpr CheckKind kInPlaceKernels{QLatin1String("in-place-kernels"), CheckLevel::Note};
inline constexpr CheckKind kLayerReadsOwnOutput{QLatin1String("layer-reads-own-output"),
                                                CheckLevel::Warning};
inline constexpr CheckKind kGraphCycle{QLatin1String("graph-cycle"), CheckLevel::Warning};
// The profile's numbers against each other, the timing JSON and the performance summary
// (ProfileNumberChecks.cpp).
inline constexpr CheckKind kCountHeader{QLatin1String("count-header"), CheckLevel::Warning};
inline constexpr CheckKind kRecordRatios{QLatin1String("record-ratios"), CheckLevel::Warning};
inline constexpr CheckKind kPercentSum{QLatin1String("percent-sum"), CheckLevel::Warning};
inline constexpr CheckKind kTotalTime{QLatin1String("total-time"), CheckLevel::Warning};
inline constexpr CheckKind kTimingVsProfile{QLatin1String("timing-vs-profile"),
                                            CheckLevel::Warning};
inline constexpr CheckKind kMetadataVsProfile{QLatin1String("metadata-vs-profile"),
                                              CheckLevel::Warning};
inline constexpr CheckKind kTimingVsMetadata{QLatin1String("timing-vs-metadata"),
                                             CheckLevel::Warning};

// The plan's weights and activations against the build log's (MemoryChecks.cpp).
inline constexpr CheckKind kWeightsVsBuild{QLatin1String("weights-vs-build"), CheckLevel::Warning};
inline constexpr CheckKind kActivationsVsBuild{QLatin1String("activations-vs-build"),
                                               CheckLevel::Note};

// The number checks' thresholds, as NVIDIA's trt-perf-analysis skill has them where it checks
// the same.
inline constexpr double kCountHeaderTolerance = 0.05; // the header within 1 and 5 % of the count
inline constexpr double kPercentTolerance = 2.0;      // the percentages sum to 100 +- 2
inline constexpr double kTotalTimeTolerance =
    0.02; // sum timeMs within 2 % of sum averageMs x count
inline constexpr double kRatioTolerance =
    0.05; // a record's timeMs / averageMs within 5 % of the count
// PlanScope's own: a run's latency against the per-layer sum. Profiling each layer adds some
// time (the sum is 6-34 % above the run's mean on the shared plans), launch gaps take some off;
// a factor of two means the files come from different engines, batch sizes or GPUs.
inline constexpr double kRunFactor = 2.0;
inline constexpr double kSameRunTolerance = 0.10; // the timing JSON and the summary of one run
// The plan's weights within 10 % of the build's Total Weights Memory: a note, else a warning.
inline constexpr double kWeightsTolerance = 0.10;
} // namespace checks

// Every kind, in the order README.md lists them.
const std::vector<CheckKind>& checkCatalog();

} // namespace planscope
