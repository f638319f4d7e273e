#pragma once

#include "plan/EngineMetadata.h"
#include "plan/Layer.h"
#include "plan/PlanSources.h"

#include <QStringList>
#include <memory>
#include <vector>

namespace planscope {

struct TacticLog;

// One engine plan: its layers with timings and sizes, bindings, metadata and load warnings.
struct EnginePlan {
    QString name; // the graph file's name, as trex names plans
    PlanSources sources;
    int profileIndex = 0;
    int profileCount = 1;
    bool namesOnly = false;
    bool hasProfile = false;
    long long profiledIterations = 0;

    std::vector<Layer> layers;
    std::vector<Layer> constants;
    QStringList bindings;
    EngineMetadata metadata;
    std::vector<double> timingSamplesMs;
    // What the builder tried per layer, when a verbose build log was read (tactics/TacticLog.h).
    std::shared_ptr<const TacticLog> tactics;
    QStringList warnings;

    double totalAverageMs() const;       // sum of per-layer averages
    double totalWeightsBytes() const;    // sum of weights (bias excluded, as trex)
    double totalActivationBytes() const; // sum of every layer's input + output bytes

    // Engine inputs and outputs in engine order, each tensor once.
    std::vector<const Tensor*> inputBindings() const;
    std::vector<const Tensor*> outputBindings() const;

    const Layer* findLayer(const QString& name) const;

  private:
    std::vector<const Tensor*> bindingTensors(bool inputs) const;
};

} // namespace planscope
