#pragma once

#include "analysis/PlanAnalysis.h"
#include "document/LayerSelection.h"
#include "lint/LintSettings.h"
#include "onnxmodel/ModelWeights.h"
#include "onnxmodel/OnnxGraph.h"

#include <QObject>
#include <memory>
#include <optional>
#include <vector>

namespace planscope {

// The open plan, its analysis (analysis/PlanAnalysis.h), and the window's layer selection. The
// window shows a plan as soon as it is read (planChanged), its modules as soon as a worker has
// made them (modulesChanged) and its findings, check and leads when the worker has made them
// (analysisChanged); until then those are empty and isAnalysing() true. Views read it and
// observe the signals and the selection.
class PlanDocument : public QObject {
    Q_OBJECT
  public:
    explicit PlanDocument(QObject* parent = nullptr);

    const EnginePlan* plan() const { return m_analysis ? &m_analysis->plan() : nullptr; }
    std::shared_ptr<const EnginePlan> sharedPlan() const;
    // The open plan's analysis (with the document's lint settings), null without a plan: the
    // report takes it. Its findings, check and leads may still be in the making: see
    // isAnalysing().
    const PlanAnalysis* analysis() const { return m_analysis ? &*m_analysis : nullptr; }
    bool isAnalysing() const { return m_analysis && !m_analysed; }
    const std::vector<LintFinding>& findings() const;
    const PlanCheck& check() const;
    const PlanLeads& leads() const; // with every lint rule on
    // Made when first asked for (the inspector, once a layer is chosen), not with every load.
    const LayerConnections* connections() const;
    // The model's modules (modules/ModuleTree.h), shared by the Modules tab and the graph's
    // module mode, made when first wanted: requestModules() makes them on a worker thread and
    // modulesChanged() says when they are there (a window showing another tab never makes
    // them; 210,000 layers: 0.3 s and 100 MB); modules() makes them here if they are not.
    // Null without a plan.
    std::shared_ptr<const ModuleTree> modules() const;
    // Made, and not waited for: a worker's are there once modulesChanged() says so.
    bool hasModules() const {
        return m_analysis && m_analysis->hasModules() && !m_modulesRequested;
    }
    void requestModules();
    bool modulesPending() const { return m_modulesRequested; }
    // A polygraphy log read beside the plan (or without one): the Accuracy tab, the graph's
    // color by accuracy and the report read it. Kept across plans until replaced or cleared.
    std::shared_ptr<const AccuracyLog> accuracyLog() const { return m_accuracy; }
    void setAccuracyLog(std::shared_ptr<const AccuracyLog> log);
    // The log on the open plan, made once per plan and log when first asked for: the Accuracy
    // tab, the layer table's column and the graph's colors read it.
    const AccuracyOnPlan& accuracyOnPlan() const;
    // The ONNX model the open plan was built from (File > Open Model, --onnx; read by the window
    // off the UI thread) and its weights on the plan: the Layers columns, the inspector's
    // Weights, the weights' charts, lint rules and report section read them (the analysis has
    // the weights too: analysis()->modelWeights()). Null without a model; another plan closes
    // it (the window reads it again for a reload of the same plan).
    std::shared_ptr<const OnnxGraph> model() const { return m_model; }
    std::shared_ptr<const ModelWeights> modelWeights() const { return m_modelWeights; }
    // `weights` are weighModel(*plan(), *model); ignored when `plan` is not the open plan.
    void setModel(const std::shared_ptr<const EnginePlan>& plan,
                  std::shared_ptr<const OnnxGraph> model,
                  std::shared_ptr<const ModelWeights> weights);
    void closeModel();
    LayerSelection* selection() const { return m_selection; }

    std::vector<const LintFinding*> findingsFor(int layer) const;

    // Opens a plan whose findings, check and leads are being made (setAnalysis() says when):
    // its analysis made here, or the worker's.
    void setPlan(std::shared_ptr<const EnginePlan> plan);
    void setPlan(const PlanAnalysis& analysis);
    // The findings, check and leads of `analysis` are made: shown if it is the open plan's.
    void setAnalysis(const PlanAnalysis& analysis);
    // They could not be made (the window says why): the plan shows without them.
    void setAnalysisFailed(const PlanAnalysis& analysis);
    // Opens a plan and shows its findings, check and leads at once (made when first read).
    void open(const PlanAnalysis& analysis);
    void clear();

    // The GPU the speed-of-light views judge the open plan by (the Layers SOL % column, the
    // inspector, the Roofline chart, the Summary): `gpu`, none for the files' device. Later
    // plans use it too (the window's GPU chooser sets it per plan). The roofline on it is made
    // on a worker once the plan is analysed; rooflineChanged() says when the analysis has it.
    void setGpu(const std::optional<GpuDevice>& gpu);
    const std::optional<GpuDevice>& gpu() const { return m_gpu; }
    // The open plan's roofline on gpu() is being made (the views show the files' meanwhile).
    bool rooflinePending() const { return m_rooflinePending; }

    // Lints the open plan again with `settings`, keeping the selection; later loads use them too.
    const LintSettings& lintSettings() const { return m_lintSettings; }
    void setLintSettings(const LintSettings& settings);

  signals:
    void planChanged();     // another plan (or none); its analysis follows
    void analysisChanged(); // findings, check or leads of the open plan
    void modulesChanged();  // the open plan's modules came from the worker (or will be made here)
    void accuracyChanged(); // another polygraphy log (or none)
    void rooflineChanged(); // the open plan's roofline is on another device (setGpu)
    void modelChanged();    // another ONNX model (or none); analysisChanged() follows

  private:
    void modulesMade(const std::shared_ptr<const EnginePlan>& plan);
    void makeRoofline(); // on gpu(), on a worker, unless the analysis has it
    void rooflineMade(const PlanAnalysis& analysis);
    void adopt(const PlanAnalysis& analysis);
    bool dropModel();                                              // whether there was one
    bool isOpen(const PlanAnalysis& analysis) const;               // of the open plan
    bool shown() const { return m_analysed && !m_analysisFailed; } // the findings, check, leads

    std::optional<PlanAnalysis> m_analysis;
    std::shared_ptr<const AccuracyLog> m_accuracy;
    std::shared_ptr<const OnnxGraph> m_model;
    std::shared_ptr<const ModelWeights> m_modelWeights;
    mutable std::shared_ptr<const AccuracyOnPlan> m_accuracyOnPlan; // of both, once asked for
    bool m_analysed = false;
    bool m_analysisFailed = false;
    bool m_modulesRequested = false; // of a worker, not come yet
    std::optional<GpuDevice> m_gpu;
    bool m_rooflinePending = false;
    LayerSelection* m_selection;
    LintSettings m_lintSettings;
};

} // namespace planscope
