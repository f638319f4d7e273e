#pragma once

#include "plan/HistogramBin.h"

#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace planscope {

// What a `polygraphy run` log says about accuracy (its comparator's lines, with or without
// --verbose, prefixes such as "[I] " or none): the tensors compared between two runners, their
// statistics and histograms, the verdicts, and the outputs --validate checked.

// polygraphy's "Stats:" of one array. A figure the line does not give is missing; "inf" and
// "nan" are kept as the doubles they are (JSON writes them as null with a flag).
struct ArrayStats {
    std::optional<double> mean;
    std::optional<double> std;
    std::optional<double> var;
    std::optional<double> median;
    std::optional<double> min;
    std::optional<double> max;
    std::optional<double> avgMagnitude;
    std::optional<double> p90;
    std::optional<double> p95;
    std::optional<double> p99;
    QString minAt; // "(1, 24, 23, 18)"
    QString maxAt;
    std::vector<HistogramBin> histogram; // --verbose only
    bool present = false;                // the log gave these stats
};

struct RunnerStats {
    QString runner;
    ArrayStats stats;
};

// FP16's largest finite value: where TensorRT's FP16 kernels saturate (or overflow to inf).
inline constexpr double kFp16Max = 65504;

// How an array's values leave FP16's range, read from its min and max (polygraphy prints 5
// significant digits: "65504" is the saturated value): at -65504 or 65504, or infinite.
struct Overflow {
    bool saturated = false; // min at -65504 or max at 65504
    bool infinite = false;  // min at -inf or max at inf
    bool any() const { return saturated || infinite; }
};
Overflow overflowOf(const ArrayStats& stats);
// "at 65504", "at -65504 and inf": the bounds that overflow; empty when none does.
QString overflowBoundsText(const ArrayStats& stats);

// One "Comparing Output: 'NAME' ..." block.
struct ComparedTensor {
    QString name;
    QString dtype;
    QString shape; // "(4, 32, 28, 28)", as written
    QString check; // the error statistic checked: "elemwise", "max", "mean", "median", "quantile"
    std::optional<double> absTol;
    std::optional<double> relTol;
    std::vector<RunnerStats> runners;  // in the comparison's order
    std::optional<double> requiredAbs; // "Minimum Required Tolerance"
    std::optional<double> requiredRel;
    ArrayStats absError;
    ArrayStats relError;
    std::optional<bool> passed; // missing when the log ends before the verdict
    QString failure;            // why it failed when it says ("Will not compare outputs of ...")
    int iteration = 0;
    int line = 0; // where its block starts (1-based)

    // "trt-runner-N0 at 65504": each runner whose values overflow FP16 (runners' short names,
    // "; " between them); empty when none does.
    QString overflowText() const;
};

// One "Validating output: NAME" of --validate.
struct OutputValidation {
    QString runner;
    QString output;
    std::optional<bool> passed;
    bool nan = false;
    bool inf = false;
    ArrayStats stats;
    int line = 0;

    // "NaN Inf detected, FP16 overflow at 65504": what the check found (the saturation, which
    // --validate does not check, from the statistics); empty when nothing.
    QString findingsText() const;
};

struct AccuracyLog {
    QString path;
    QStringList commands; // each "RUNNING | Command: ..." (a log can hold several runs)
    QStringList runners;  // the runners compared, in order of appearance
    std::optional<int> iterationsPassed; // "Accuracy Summary | ... | Passed: 1/1 iterations"
    std::optional<int> iterationsTotal;
    std::optional<double> passRate;      // percent
    std::vector<ComparedTensor> tensors; // in the log's order
    std::vector<OutputValidation> validations;
    QStringList warnings; // "FILE:LINE: ..." for what looks cut short

    // The index of the first tensor that failed, -1 when none did.
    int firstFailed() const;
    int failedTensors() const;
    // The index of the first tensor a runner's values overflow FP16 in, -1 when none.
    int firstOverflow() const;
    bool anyFailed() const;
    // Outputs checked by --validate and nothing compared between runners.
    bool validationOnly() const { return tensors.empty() && !validations.empty(); }
    // The runners, " vs. " between those compared, ", " between those of a validation run; short:
    // without their start times, each name once.
    QString runnersText(bool shortNames = false) const;
    // "a validation run (--validate): 3 outputs checked for NaN and Inf, 1 failed; no runners
    // compared": how a validation-only log is headed.
    QString validationText() const;
};

// A figure as polygraphy prints it: 5 significant digits, "inf", "-inf" and "nan" kept, "-" where
// the log does not give it.
QString statText(const std::optional<double>& value);

// A runner's name without the time polygraphy appends: "trt-runner-N0-07/07/26-02:08:48" ->
// "trt-runner-N0" (for legends; the whole name stays in tooltips and JSON).
QString shortRunnerName(const QString& runner);

} // namespace planscope
