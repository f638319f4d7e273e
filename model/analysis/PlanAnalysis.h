#pragma once

#include "accuracy/AccuracyLog.h"
#include "accuracy/AccuracyMapping.h"
#include "analysis/LazyPart.h"
#include "check/PlanCheck.h"
#include "graph/LayerConnections.h"
#include "io/PlanLoader.h"
#include "leads/Lead.h"
#include "lint/LintFinding.h"
#include "lint/LintSettings.h"
#include "modules/ModuleTree.h"
#include "plan/EnginePlan.h"
#include "roofline/GpuDevice.h"

#include <memory>
#include <optional>
#include <vector>

namespace planscope {

struct ModelWeights; // onnxmodel/ModelWeights.h
class Roofline;      // roofline/Roofline.h

// A polygraphy log on a plan (accuracy/AccuracyMapping.h): each tensor's layer and each layer's
// largest relative error.
struct AccuracyOnPlan {
    std::vector<TensorLayer> tensors;                                      // in the log's order
    std::shared_ptr<const std::vector<std::optional<double>>> layerErrors; // never null
};

// Everything derived from one plan: the lint findings (with the analysis's lint settings), the
// check of its files, the leads, the module tree, the layer connections and a polygraphy log's
// mapping. Each part is made once, when first asked for, from any thread (a second caller
// meanwhile waits), then kept. The CLI commands, the window's document and the reports take an
// analysis; none of them derives these parts itself.
//
// A PlanAnalysis is a handle: copies share the parts made and to be made, so a worker can make
// some while the window reads others.
class PlanAnalysis {
  public:
    explicit PlanAnalysis(std::shared_ptr<const EnginePlan> plan, LintSettings lint = {});
    // The same plan's analysis linted with `lint`: every other part is shared with this one.
    PlanAnalysis withLintSettings(LintSettings lint) const;
    // The same plan's analysis beside the weights of the ONNX model it was built from (null:
    // none): its findings then include the rules that read them (lint/WeightLinter); every other
    // part is shared with this one. withLintSettings keeps them.
    PlanAnalysis withModelWeights(std::shared_ptr<const ModelWeights> weights) const;
    // The model's weights on this plan; null without a model (File > Open Model, --onnx).
    const std::shared_ptr<const ModelWeights>& modelWeights() const;
    // The same plan's analysis whose roofline() is on `device` (none: the files'), every other
    // part shared with this one. It makes that roofline when rooflineOn has not: call it off
    // the UI thread (the window's GPU chooser does, on a worker).
    PlanAnalysis onDevice(const std::optional<GpuDevice>& device) const;
    // This analysis with the device and roofline of `other` (an onDevice of the same plan).
    PlanAnalysis withRooflineOf(const PlanAnalysis& other) const;
    // The device onDevice chose; empty: the files' (if they describe one).
    const std::optional<GpuDevice>& chosenDevice() const { return m_device; }

    const EnginePlan& plan() const { return *m_plan; }
    const std::shared_ptr<const EnginePlan>& sharedPlan() const { return m_plan; }
    const LintSettings& lintSettings() const;

    const std::vector<LintFinding>& findings() const;
    const PlanCheck& check() const;
    const PlanLeads& leads() const; // with every lint rule on, whatever the settings
    const std::shared_ptr<const ModuleTree>& modules() const;
    bool hasModules() const;
    const LayerConnections& connections() const;
    // The plan against the roofs of the chosen device (onDevice), else of the one its files
    // describe (roofline/Roofline: the work figures alone when they describe none).
    const Roofline& roofline() const;
    // On the files' device whatever was chosen: the leads judge by it.
    const Roofline& filesRoofline() const;
    // The plan on a chosen device (--gpu, a GPU chooser); the last device asked about is kept.
    std::shared_ptr<const Roofline> rooflineOn(const GpuDevice& device) const;
    // `log` on this plan; the last log asked about is kept.
    std::shared_ptr<const AccuracyOnPlan>
    accuracy(const std::shared_ptr<const AccuracyLog>& log) const;

    // Makes the findings, the check and the leads side by side (what the window's worker does
    // before the window shows them).
    void makeFindingsCheckAndLeads() const;

  private:
    struct Shared;   // the parts every lint setting shares
    struct Findings; // the parts of one lint setting
    PlanAnalysis(std::shared_ptr<const EnginePlan> plan, std::shared_ptr<Shared> shared,
                 LintSettings lint, std::shared_ptr<const ModelWeights> weights);

    std::shared_ptr<const EnginePlan> m_plan;
    std::shared_ptr<Shared> m_shared;
    std::shared_ptr<Findings> m_parts;
    std::optional<GpuDevice> m_device;
    std::shared_ptr<const Roofline> m_deviceRoofline; // rooflineOn(*m_device), kept alive
};

// Loads a plan and makes its findings, check and leads (the window's worker does it in two
// steps, showing the plan between them).
PlanAnalysis loadAnalysed(const QString& path, const LoadOptions& options = {},
                          const LintSettings& lint = {});

} // namespace planscope
