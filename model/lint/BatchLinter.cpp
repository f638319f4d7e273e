#include "lint/EngineLinters.h"
#include "lint/LintCatalog.h"
#include "plan/EnginePlan.h"

namespace planscope {
namespace {

// The layer the finding links to: the first one reading the input.
const Layer* firstReader(const EnginePlan& plan, const QString& tensor) {
    for (const Layer& layer : plan.layers)
        for (const Tensor& t : layer.graphInputs()) // the binding may reach it through a NoOp
            if (t.name == tensor)
                return &layer;
    return plan.layers.empty() ? nullptr : &plan.layers.front();
}

} // namespace

QStringList BatchLinter::rules() const {
    return {lintrules::kSmallBatch};
}

void BatchLinter::lint(const EnginePlan& plan, const LintSettings& settings,
                       std::vector<LintFinding>& findings) const {
    const auto inputs = plan.inputBindings();
    if (inputs.empty() || inputs.front()->shape.empty())
        return;
    const qint64 batch = inputs.front()->shape.front();
    const Layer* reader = firstReader(plan, inputs.front()->name);
    if (batch < 1 || static_cast<double>(batch) > settings.smallBatch || !reader)
        return;

    LintFinding f = findingOn(*reader, lintrules::kSmallBatch, Severity::Info);
    f.hazard = QStringLiteral("Batch %1 is small: the GPU is likely underused.").arg(batch);
    if (plan.hasProfile) {
        int bound = 0;
        double boundPercent = 0;
        for (const Layer& layer : plan.layers) {
            if (layer.timing.averageMs >= settings.latencyBoundMs)
                continue;
            ++bound;
            boundPercent += layer.timing.percent;
        }
        f.hazard += QStringLiteral(" %1 of %2 layers (%3 % of the latency) take under %4 ms "
                                   "each and are bound by launch latency, not by work.")
                        .arg(bound)
                        .arg(plan.layers.size())
                        .arg(boundPercent, 0, 'f', 1)
                        .arg(settings.latencyBoundMs);
        f.details.emplace_back(QStringLiteral("latency-bound layers"),
                               QStringLiteral("%1 of %2").arg(bound).arg(plan.layers.size()));
    }
    f.mitigation = QStringLiteral("If the application allows, batch more inputs per inference "
                                  "or run several inferences concurrently (streams); CUDA graphs "
                                  "(trtexec --useCudaGraph) cut the launch overhead.");
    f.help = QStringLiteral("With few items per inference, many kernels are too small to fill "
                            "the GPU's multiprocessors; time goes to launches and "
                            "synchronization rather than arithmetic.");
    f.details.emplace_back(QStringLiteral("input"), inputs.front()->description());
    findings.push_back(std::move(f));
}

} // namespace planscope
