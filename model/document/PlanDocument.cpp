#include "document/PlanDocument.h"

#include "io/PlanLoader.h"
#include "lint/Linter.h"

#include <QCoreApplication>
#include <QPointer>
#include <QThreadPool>
#include <future>
#include <utility>

namespace planscope {

PlanDocument::PlanDocument(QObject* parent)
    : QObject(parent), m_selection(new LayerSelection(this)) {}

std::vector<const LintFinding*> PlanDocument::findingsFor(int layer) const {
    std::vector<const LintFinding*> found;
    for (const LintFinding& f : m_analysis.findings)
        if (f.layerIndex == layer)
            found.push_back(&f);
    return found;
}

void PlanDocument::setPlan(std::shared_ptr<const EnginePlan> plan) {
    m_selection->clear();
    m_plan = std::move(plan);
    m_connections.reset();
    m_modules.reset();
    m_accuracyOnPlan.reset();
    m_analysis = {};
    m_analysed = false;
    m_modulesRequested = false;
    m_lintSettingsChanged = false;
    emit planChanged();
}

const LayerConnections* PlanDocument::connections() const {
    if (!m_connections && m_plan)
        m_connections = std::make_unique<const LayerConnections>(*m_plan);
    return m_connections.get();
}

void PlanDocument::setAccuracyLog(std::shared_ptr<const AccuracyLog> log) {
    m_accuracy = std::move(log);
    m_accuracyOnPlan.reset();
    emit accuracyChanged();
}

const AccuracyOnPlan& PlanDocument::accuracyOnPlan() const {
    if (!m_accuracyOnPlan) {
        AccuracyOnPlan on;
        if (m_accuracy && m_plan)
            on.tensors = mapTensorsToLayers(*m_accuracy, *m_plan);
        on.layerErrors = std::make_shared<const std::vector<std::optional<double>>>(
            m_accuracy && m_plan
                ? layerRelativeErrors(*m_accuracy, on.tensors, m_plan->layers.size())
                : std::vector<std::optional<double>>{});
        m_accuracyOnPlan = std::move(on);
    }
    return *m_accuracyOnPlan;
}

std::shared_ptr<const ModuleTree> PlanDocument::modules() const {
    if (!m_modules && m_plan)
        m_modules = std::make_shared<const ModuleTree>(buildModuleTree(*m_plan));
    return m_modules;
}

void PlanDocument::requestModules() {
    if (!m_plan || m_modules || m_modulesRequested)
        return;
    m_modulesRequested = true;
    QThreadPool::globalInstance()->start([plan = m_plan, document = QPointer(this)] {
        std::shared_ptr<const ModuleTree> made;
        try {
            made = std::make_shared<const ModuleTree>(buildModuleTree(*plan));
        } catch (const std::exception&) { // out of memory: modules() tries again when asked
        }
        // Handed over on the application's thread, where the document lives and dies.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [document, plan, made] {
                if (document)
                    document->setModules(plan, made);
            },
            Qt::QueuedConnection);
    });
}

void PlanDocument::setModules(const std::shared_ptr<const EnginePlan>& plan,
                              std::shared_ptr<const ModuleTree> modules) {
    if (!m_plan || plan != m_plan)
        return;
    const bool requested = std::exchange(m_modulesRequested, false);
    if (m_modules) { // made here meanwhile (modules()): a view waiting for the worker goes on
        if (requested)
            emit modulesChanged();
        return;
    }
    m_modules = std::move(modules);
    emit modulesChanged();
}

void PlanDocument::setAnalysis(PlanAnalysis analysis) {
    m_analysis = std::move(analysis);
    m_analysed = true;
    if (m_lintSettingsChanged && m_plan) // while it was being made
        m_analysis.findings = lintPlan(*m_plan, m_lintSettings);
    m_lintSettingsChanged = false;
    emit analysisChanged();
}

void PlanDocument::setPlan(LoadedPlan loaded) {
    setPlan(std::move(loaded.plan));
    setAnalysis(std::move(loaded.analysis));
}

void PlanDocument::clear() {
    setPlan(LoadedPlan{});
}

void PlanDocument::setLintSettings(const LintSettings& settings) {
    m_lintSettings = settings;
    if (!m_plan)
        return;
    if (!m_analysed) { // the analysis in flight lints with the old settings
        m_lintSettingsChanged = true;
        return;
    }
    m_analysis.findings = lintPlan(*m_plan, settings);
    emit analysisChanged();
}

PlanAnalysis analysePlan(const EnginePlan& plan, const LintSettings& lint) {
    // Each pass reads the plan only; the leads and the check run beside the lint.
    auto leads = std::async(std::launch::async, [&plan] { return findLeads(plan); });
    auto check = std::async(std::launch::async, [&plan] { return checkPlan(plan); });
    PlanAnalysis analysis;
    analysis.findings = lintPlan(plan, lint);
    analysis.check = check.get();
    analysis.leads = leads.get();
    return analysis;
}

LoadedPlan loadAndLint(const QString& path, const LoadOptions& options, const LintSettings& lint) {
    auto plan = std::make_shared<const EnginePlan>(loadPlan(path, options));
    PlanAnalysis analysis = analysePlan(*plan, lint);
    return {std::move(plan), std::move(analysis)};
}

} // namespace planscope
