#include "analysis/PlanAnalysis.h"

#include "lint/Linter.h"
#include "lint/WeightLinter.h"
#include "onnxmodel/ModelWeights.h"
#include "roofline/Roofline.h"

#include <mutex>
#include <utility>

namespace planscope {

struct PlanAnalysis::Shared {
    LazyPart<PlanCheck> check;
    LazyPart<PlanLeads> leads;
    LazyPart<std::shared_ptr<const ModuleTree>> modules;
    LazyPart<LayerConnections> connections;
    LazyPart<Roofline> roofline;
    std::mutex rooflineMutex;
    std::shared_ptr<const Roofline> chosenRoofline; // rooflineOn's last
    std::mutex accuracyMutex;
    std::shared_ptr<const AccuracyLog> accuracyLog; // the log `accuracy` was made of
    std::shared_ptr<const AccuracyOnPlan> accuracy;
};

struct PlanAnalysis::Findings {
    Findings(LintSettings settings, std::shared_ptr<const ModelWeights> model)
        : lint(std::move(settings)), weights(std::move(model)) {}
    LintSettings lint;
    std::shared_ptr<const ModelWeights> weights;
    LazyPart<std::vector<LintFinding>> findings;
};

PlanAnalysis::PlanAnalysis(std::shared_ptr<const EnginePlan> plan, LintSettings lint)
    : PlanAnalysis(std::move(plan), std::make_shared<Shared>(), std::move(lint), nullptr) {}

PlanAnalysis::PlanAnalysis(std::shared_ptr<const EnginePlan> plan, std::shared_ptr<Shared> shared,
                           LintSettings lint, std::shared_ptr<const ModelWeights> weights)
    : m_plan(std::move(plan)), m_shared(std::move(shared)),
      m_parts(std::make_shared<Findings>(std::move(lint), std::move(weights))) {
    Q_ASSERT(m_plan);
}

PlanAnalysis PlanAnalysis::withLintSettings(LintSettings lint) const {
    PlanAnalysis other(m_plan, m_shared, std::move(lint), m_parts->weights);
    other.m_device = m_device;
    other.m_deviceRoofline = m_deviceRoofline;
    return other;
}

PlanAnalysis PlanAnalysis::withModelWeights(std::shared_ptr<const ModelWeights> weights) const {
    PlanAnalysis other(m_plan, m_shared, m_parts->lint, std::move(weights));
    other.m_device = m_device;
    other.m_deviceRoofline = m_deviceRoofline;
    return other;
}

const std::shared_ptr<const ModelWeights>& PlanAnalysis::modelWeights() const {
    return m_parts->weights;
}

PlanAnalysis PlanAnalysis::withRooflineOf(const PlanAnalysis& other) const {
    Q_ASSERT(other.m_plan == m_plan);
    PlanAnalysis same = *this;
    same.m_device = other.m_device;
    same.m_deviceRoofline = other.m_deviceRoofline;
    return same;
}

PlanAnalysis PlanAnalysis::onDevice(const std::optional<GpuDevice>& device) const {
    PlanAnalysis other = *this;
    other.m_device = device;
    other.m_deviceRoofline = device ? rooflineOn(*device) : nullptr;
    return other;
}

const LintSettings& PlanAnalysis::lintSettings() const {
    return m_parts->lint;
}

bool PlanAnalysis::hasModules() const {
    return m_shared->modules.isMade();
}

const std::vector<LintFinding>& PlanAnalysis::findings() const {
    return m_parts->findings.get([&] {
        std::vector<LintFinding> findings = lintPlan(*m_plan, m_parts->lint);
        if (m_parts->weights && lintCanRun(*m_plan))
            lintModelWeights(*m_plan, *m_parts->weights, m_parts->lint, findings);
        return findings;
    });
}

const PlanCheck& PlanAnalysis::check() const {
    return m_shared->check.get([&] { return checkPlan(*m_plan); });
}

const PlanLeads& PlanAnalysis::leads() const {
    return m_shared->leads.get([&] { return findLeads(*m_plan, filesRoofline()); });
}

const std::shared_ptr<const ModuleTree>& PlanAnalysis::modules() const {
    return m_shared->modules.get(
        [&] { return std::make_shared<const ModuleTree>(buildModuleTree(*m_plan)); });
}

const LayerConnections& PlanAnalysis::connections() const {
    return m_shared->connections.get([&] { return LayerConnections(*m_plan); });
}

const Roofline& PlanAnalysis::roofline() const {
    return m_deviceRoofline ? *m_deviceRoofline : filesRoofline();
}

const Roofline& PlanAnalysis::filesRoofline() const {
    return m_shared->roofline.get([&] { return rooflineFromFiles(*m_plan); });
}

std::shared_ptr<const Roofline> PlanAnalysis::rooflineOn(const GpuDevice& device) const {
    const std::lock_guard lock(m_shared->rooflineMutex);
    if (!m_shared->chosenRoofline || m_shared->chosenRoofline->device != device)
        m_shared->chosenRoofline =
            std::make_shared<const Roofline>(computeRoofline(*m_plan, device));
    return m_shared->chosenRoofline;
}

std::shared_ptr<const AccuracyOnPlan>
PlanAnalysis::accuracy(const std::shared_ptr<const AccuracyLog>& log) const {
    const std::lock_guard lock(m_shared->accuracyMutex);
    if (!m_shared->accuracy || m_shared->accuracyLog != log) {
        auto on = std::make_shared<AccuracyOnPlan>();
        if (log)
            on->tensors = mapTensorsToLayers(*log, *m_plan);
        on->layerErrors = std::make_shared<const std::vector<std::optional<double>>>(
            log ? layerRelativeErrors(*log, on->tensors, m_plan->layers.size())
                : std::vector<std::optional<double>>{});
        m_shared->accuracyLog = log;
        m_shared->accuracy = std::move(on);
    }
    return m_shared->accuracy;
}

void PlanAnalysis::makeFindingsCheckAndLeads() const {
    // One after the other: each is made side by side on the machine's cores already.
    findings();
    check();
    leads(); // and the files' roofline, which the layer table's SOL % column and the inspector read
}

PlanAnalysis loadAnalysed(const QString& path, const LoadOptions& options,
                          const LintSettings& lint) {
    PlanAnalysis analysis(std::make_shared<const EnginePlan>(loadPlan(path, options)), lint);
    analysis.makeFindingsCheckAndLeads();
    return analysis;
}

} // namespace planscope
