#pragma once

#include "check/PlanCheck.h"
#include "document/LayerSelection.h"
#include "graph/LayerConnections.h"
#include "io/PlanLoader.h"
#include "leads/Lead.h"
#include "lint/LintFinding.h"
#include "lint/LintSettings.h"
#include "plan/EnginePlan.h"

#include <QObject>
#include <memory>
#include <vector>

namespace planscope {

// A loaded plan with what is derived from it once (lint findings, the check of its files, layer
// connections), and the window's layer selection. Views read it and observe planChanged() and
// the selection.
struct LoadedPlan {
    std::shared_ptr<const EnginePlan> plan;
    std::vector<LintFinding> findings;
    PlanCheck check;
    PlanLeads leads;
};

class PlanDocument : public QObject {
    Q_OBJECT
  public:
    explicit PlanDocument(QObject* parent = nullptr);

    const EnginePlan* plan() const { return m_plan.get(); }
    std::shared_ptr<const EnginePlan> sharedPlan() const { return m_plan; }
    const std::vector<LintFinding>& findings() const { return m_findings; }
    const PlanCheck& check() const { return m_check; }
    const PlanLeads& leads() const { return m_leads; }
    const LayerConnections* connections() const { return m_connections.get(); }
    LayerSelection* selection() const { return m_selection; }

    std::vector<const LintFinding*> findingsFor(int layer) const;

    void setPlan(LoadedPlan loaded);
    void clear();

    // Lints the open plan again with `settings`, keeping the selection; later loads use them too.
    const LintSettings& lintSettings() const { return m_lintSettings; }
    void setLintSettings(const LintSettings& settings);

  signals:
    void planChanged();

  private:
    std::shared_ptr<const EnginePlan> m_plan;
    std::vector<LintFinding> m_findings;
    PlanCheck m_check;
    PlanLeads m_leads; // judged with every lint rule on, whatever the lint settings
    std::unique_ptr<LayerConnections> m_connections;
    LayerSelection* m_selection;
    LintSettings m_lintSettings;
};

// Loads, lints, checks and finds the leads in one go, as the window does on a worker thread.
LoadedPlan loadAndLint(const QString& path, const LoadOptions& options,
                       const LintSettings& lint = {});

} // namespace planscope
