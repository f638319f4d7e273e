#include "document/PlanDocument.h"

#include "io/PlanLoader.h"
#include "lint/Linter.h"

namespace planscope {

PlanDocument::PlanDocument(QObject* parent)
    : QObject(parent), m_selection(new LayerSelection(this)) {}

std::vector<const LintFinding*> PlanDocument::findingsFor(int layer) const {
    std::vector<const LintFinding*> found;
    for (const LintFinding& f : m_findings)
        if (f.layerIndex == layer)
            found.push_back(&f);
    return found;
}

void PlanDocument::setPlan(LoadedPlan loaded) {
    m_selection->clear();
    m_plan = std::move(loaded.plan);
    m_findings = std::move(loaded.findings);
    m_check = std::move(loaded.check);
    m_leads = std::move(loaded.leads);
    m_connections = m_plan ? std::make_unique<LayerConnections>(*m_plan) : nullptr;
    emit planChanged();
}

void PlanDocument::clear() {
    setPlan({});
}

void PlanDocument::setLintSettings(const LintSettings& settings) {
    m_lintSettings = settings;
    if (!m_plan)
        return;
    m_findings = lintPlan(*m_plan, settings);
    emit planChanged();
}

LoadedPlan loadAndLint(const QString& path, const LoadOptions& options, const LintSettings& lint) {
    auto plan = std::make_shared<EnginePlan>(loadPlan(path, options));
    std::vector<LintFinding> findings = lintPlan(*plan, lint);
    PlanCheck check = checkPlan(*plan);
    PlanLeads leads = findLeads(*plan);
    return {std::move(plan), std::move(findings), std::move(check), std::move(leads)};
}

} // namespace planscope
