#include "check/CheckSteps.h"
#include "plan/DisplayName.h"
#include "plan/FigureText.h"

#include <cmath>

namespace planscope {
namespace {

// The build's figures come from the logs read beside the plan (or the plan's own log).
QStringList filesOf(const EnginePlan& plan) {
    QStringList files{plan.sources.graph};
    for (const QString& log : plan.sources.logs)
        if (!files.contains(log))
            files << log;
    return files;
}

// Where the build's figures come from: the plan's own log, or the logs read beside it.
QString buildSource(const EnginePlan& plan) {
    if (plan.sources.logs.contains(plan.sources.graph))
        return QStringLiteral("its build");
    QStringList names;
    for (const QString& log : plan.sources.logs)
        names << displayName(log);
    return names.isEmpty() ? QStringLiteral("the build log") : names.join(QStringLiteral(", "));
}

QString ratioText(double part, double whole) {
    return whole > 0 ? percentText(100 * part / whole) : kMissingText;
}

// The plan's weights (the layers' Weights, TensorRT 11's Constants and the weights layers read as
// tensors) against what the builder says the engine holds.
void weightsAgainstBuild(const EnginePlan& plan, const CheckFigures& f,
                         std::vector<CheckResult>& results) {
    if (!f.weightsBytes || !f.buildWeightsBytes || *f.buildWeightsBytes <= 0)
        return;
    const double listed = *f.weightsBytes;
    const double built = *f.buildWeightsBytes;
    const double apart = std::abs(listed - built) / built;
    CheckResult r{checks::kWeightsVsBuild, filesOf(plan)};
    const QString figures =
        QStringLiteral("The layers of %1 list %2 of weights%3; %4 says the engine holds %5 "
                       "(Total Weights Memory).")
            .arg(displayName(plan.sources.graph), bytesText(listed),
                 withoutWeightsText(f.weightsBytes, plan.layersWithoutWeights()), buildSource(plan),
                 bytesText(built));
    if (apart <= checks::kWeightsTolerance) {
        r.level = CheckLevel::Note;
        r.message = figures + QStringLiteral(" They are %1 apart: the graph lists the engine's "
                                             "weights.")
                                  .arg(percentText(100 * apart));
        r.fix = QStringLiteral("Nothing to fix.");
    } else if (listed < built) {
        r.message =
            figures + QStringLiteral(" The graph lists %1 of them: some layers hold weights it "
                                     "does not list (TensorRT 10's Myelin GEMMs whose weight is "
                                     "no input tensor, TensorRT 8.6's Myelin ForeignNodes), so the "
                                     "plan's weights and footprints understate the engine.")
                          .arg(ratioText(listed, built));
        r.fix = QStringLiteral("Take the build log's figure for the engine's weights; per layer, "
                               "the weights of those layers are unknown.");
    } else {
        r.message = figures + QStringLiteral(" The graph lists %1 more than the engine holds: "
                                             "the log is of another build, or weights are "
                                             "shared between layers.")
                                  .arg(percentText(100 * apart));
        r.fix = QStringLiteral("Check that the log and the graph come from one build of this "
                               "engine (trtexec --verbose ... --exportLayerInfo in one run).");
    }
    r.details = {{"weights_bytes", listed},
                 {"layers_without_weights", plan.layersWithoutWeights()},
                 {"build_weights_bytes", built},
                 {"apart", apart}};
    results.push_back(std::move(r));
}

// TensorRT reuses activation memory between layers: its total is what the engine needs at once,
// not the sum of every layer's tensors.
void activationsAgainstBuild(const EnginePlan& plan, const CheckFigures& f,
                             std::vector<CheckResult>& results) {
    if (!f.activationBytes || !f.buildActivationBytes || *f.activationBytes <= 0)
        return;
    const double summed = *f.activationBytes;
    const double built = *f.buildActivationBytes;
    CheckResult r{checks::kActivationsVsBuild, filesOf(plan)};
    r.message = QStringLiteral("The layers of %1 read and write %2 of activations; %3 says the "
                               "engine's activations take %4 (Total Activation Memory), %5 of "
                               "that sum. TensorRT reuses activation memory between layers that "
                               "do not run at once, so its total is what the engine needs at one "
                               "time, at most the sum.")
                    .arg(displayName(plan.sources.graph), bytesText(summed), buildSource(plan),
                         bytesText(built), ratioText(built, summed));
    r.fix = QStringLiteral("Nothing to fix: judge the engine's memory by the build log's figure, "
                           "and the layers' by their own bytes.");
    r.details = {{"activations_bytes", summed}, {"build_activation_bytes", built}};
    results.push_back(std::move(r));
}

} // namespace

void checkMemory(const EnginePlan& plan, const CheckFigures& figures,
                 std::vector<CheckResult>& results) {
    weightsAgainstBuild(plan, figures, results);
    activationsAgainstBuild(plan, figures, results);
}

} // namespace planscope
