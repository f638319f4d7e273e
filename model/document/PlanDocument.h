#pragma once

#include "accuracy/AccuracyLog.h"
#include "accuracy/AccuracyMapping.h"
#include "check/PlanCheck.h"
#include "document/LayerSelection.h"
#include "graph/LayerConnections.h"
#include "io/PlanLoader.h"
#include "leads/Lead.h"
#include "lint/LintFinding.h"
#include "lint/LintSettings.h"
#include "modules/ModuleTree.h"
#include "plan/EnginePlan.h"

#include <QObject>
#include <memory>
#include <vector>

namespace planscope {

// What is derived from a plan once it is read: the lint findings (with the document's lint
// settings), the check of its files and the leads.
struct PlanAnalysis {
    std::vector<LintFinding> findings;
    PlanCheck check;
    PlanLeads leads;
};

// The open polygraphy log on the open plan (accuracy/AccuracyMapping.h): each tensor's layer and
// each layer's largest relative error; empty without a log or a plan.
struct AccuracyOnPlan {
    std::vector<TensorLayer> tensors;                                      // in the log's order
    std::shared_ptr<const std::vector<std::optional<double>>> layerErrors; // never null
};

// A plan with its analysis, made in one go (tests, and documents opened without a worker).
struct LoadedPlan {
    std::shared_ptr<const EnginePlan> plan;
    PlanAnalysis analysis;
};

// The open plan, its analysis, and the window's layer selection. The window shows a plan as soon
// as it is read (planChanged), its modules as soon as a worker has made them (modulesChanged) and
// its analysis when the worker has made it (analysisChanged); until then findings, check and
// leads are empty and isAnalysing() true. Views read it and observe the signals and the
// selection.
class PlanDocument : public QObject {
    Q_OBJECT
  public:
    explicit PlanDocument(QObject* parent = nullptr);

    const EnginePlan* plan() const { return m_plan.get(); }
    std::shared_ptr<const EnginePlan> sharedPlan() const { return m_plan; }
    bool isAnalysing() const { return m_plan && !m_analysed; }
    const std::vector<LintFinding>& findings() const { return m_analysis.findings; }
    const PlanCheck& check() const { return m_analysis.check; }
    const PlanLeads& leads() const { return m_analysis.leads; } // with every lint rule on
    // Made when first asked for (the inspector, once a layer is chosen), not with every load.
    const LayerConnections* connections() const;
    // The model's modules (modules/ModuleTree.h), shared by the Modules tab and the graph's
    // module mode, made when first wanted: requestModules() makes them on a worker thread and
    // modulesChanged() says when they are there (a window showing another tab never makes
    // them; 210,000 layers: 0.3 s and 100 MB); modules() makes them here if they are not.
    // Null without a plan.
    std::shared_ptr<const ModuleTree> modules() const;
    bool hasModules() const { return m_modules != nullptr; }
    void requestModules();
    bool modulesPending() const { return m_plan && !m_modules && m_modulesRequested; }
    // A polygraphy log read beside the plan (or without one): the Accuracy tab, the graph's
    // color by accuracy and the report read it. Kept across plans until replaced or cleared.
    std::shared_ptr<const AccuracyLog> accuracyLog() const { return m_accuracy; }
    void setAccuracyLog(std::shared_ptr<const AccuracyLog> log);
    // Made once per plan and log, when first asked for: the Accuracy tab, the layer table's
    // column and the graph's colors read it.
    const AccuracyOnPlan& accuracyOnPlan() const;
    LayerSelection* selection() const { return m_selection; }

    std::vector<const LintFinding*> findingsFor(int layer) const;

    // Opens a plan whose analysis is still being made (setAnalysis() delivers it).
    void setPlan(std::shared_ptr<const EnginePlan> plan);
    void setAnalysis(PlanAnalysis analysis);
    // The modules of `plan`, made on a worker: ignored unless it is the open plan and they were
    // not made meanwhile (then modulesChanged() still tells the views waiting for them). Null
    // when the worker could not make them: modules() makes them when asked.
    void setModules(const std::shared_ptr<const EnginePlan>& plan,
                    std::shared_ptr<const ModuleTree> modules);
    // Opens a plan with its analysis.
    void setPlan(LoadedPlan loaded);
    void clear();

    // Lints the open plan again with `settings`, keeping the selection; later loads use them too.
    const LintSettings& lintSettings() const { return m_lintSettings; }
    void setLintSettings(const LintSettings& settings);

  signals:
    void planChanged();     // another plan (or none); its analysis follows
    void analysisChanged(); // findings, check or leads of the open plan
    void modulesChanged();  // the open plan's modules came from the worker (or will be made here)
    void accuracyChanged(); // another polygraphy log (or none)

  private:
    std::shared_ptr<const EnginePlan> m_plan;
    PlanAnalysis m_analysis;
    mutable std::unique_ptr<const LayerConnections> m_connections; // of m_plan, once asked for
    mutable std::shared_ptr<const ModuleTree> m_modules;           // of m_plan, once made
    std::shared_ptr<const AccuracyLog> m_accuracy;
    mutable std::optional<AccuracyOnPlan> m_accuracyOnPlan; // of both, once asked for
    bool m_analysed = false;
    bool m_modulesRequested = false;    // of a worker, not come yet
    bool m_lintSettingsChanged = false; // while the analysis was being made
    LayerSelection* m_selection;
    LintSettings m_lintSettings;
};

// Lints, checks and finds the leads of a plan, side by side.
PlanAnalysis analysePlan(const EnginePlan& plan, const LintSettings& lint = {});

// Loads and analyses a plan in one go (what the window's worker does in two steps).
LoadedPlan loadAndLint(const QString& path, const LoadOptions& options,
                       const LintSettings& lint = {});

} // namespace planscope
