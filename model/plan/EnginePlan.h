#pragma once

#include "plan/EngineMetadata.h"
#include "plan/IoTensor.h"
#include "plan/Layer.h"
#include "plan/PlanSources.h"
#include "plan/TensorIndex.h"

#include <QStringList>
#include <memory>
#include <optional>
#include <vector>

namespace planscope {

struct PlanFacts;
struct TacticLog;

// What gives per-layer timings, for every place that says a plan has none.
inline constexpr char kPerLayerTimingsHint[] =
    "Per-layer timings come from trtexec --loadEngine=ENGINE --exportProfile=PREFIX.profile.json "
    "--separateProfileRun (or a log of a run with --dumpProfile), or from planscope profile.";

// One engine plan: its layers with timings and sizes, bindings, metadata and load warnings.
struct EnginePlan {
    QString name; // the graph file's name, as trex names plans
    PlanSources sources;
    int profileIndex = 0;
    int profileCount = 1;
    bool namesOnly = false;
    bool hasProfile = false;
    // Its profile names fewer than half of its layers: another build's, used as asked
    // (LoadOptions::allowPartialProfile); no verdict on its latency holds.
    bool profileOfAnotherBuild = false;
    long long profiledIterations = 0;

    std::vector<Layer> layers;
    std::vector<Layer> constants;
    QStringList bindings;
    std::vector<IoTensor> ioTensors; // TensorRT 11's inputs and outputs in detail; empty before
    EngineMetadata metadata;
    std::vector<double> timingSamplesMs;
    // What the builder tried per layer, when a verbose build log was read (tactics/TacticLog.h).
    std::shared_ptr<const TacticLog> tactics;
    // The files' raw records and names, for the file check (plan/PlanFacts.h); null for a plan
    // not read from files.
    std::shared_ptr<const PlanFacts> facts;
    QStringList warnings;

    // Sums over the layers. A sum the files don't hold is missing, never 0: the average time
    // without a profile (layers the profile does not name are left out), the weights without a
    // detailed layer list, the activations when a tensor's shape is dynamic or unknown, the
    // weights and activations of a plan without layers (a run log).
    std::optional<double> totalAverageMs() const; // sum of per-layer averages
    // The sum of the known weights (bias excluded, as trex), a weight read as a tensor once;
    // missing when no layer's weights are known while some are not (a list without weights), or
    // without layers.
    std::optional<double> totalWeightsBytes() const;
    // How many layers hold weights the files do not give (Layer::weightsKnown): the total above
    // leaves them out.
    int layersWithoutWeights() const;
    std::optional<double> totalActivationBytes() const; // sum of every layer's input + output bytes

    // Engine inputs and outputs in engine order, each tensor once; both found in one pass over
    // the layers.
    struct Bindings {
        std::vector<const Tensor*> inputs;
        std::vector<const Tensor*> outputs;
    };
    Bindings bindingTensors() const;
    std::vector<const Tensor*> inputBindings() const { return bindingTensors().inputs; }
    std::vector<const Tensor*> outputBindings() const { return bindingTensors().outputs; }
    // The inputs' and the outputs' descriptions for people: the I/O tensors' where the graph
    // lists them (type, shape, format, the profile's min/opt/max), else the bindings' tensors'.
    struct IoDescriptions {
        QStringList inputs;
        QStringList outputs;
    };
    IoDescriptions ioDescriptions() const;

    const Layer* findLayer(const QString& name) const;

    // Which layers write and read each tensor, made on first use and kept (the lint, the
    // neighbourhoods and the layer connections share it); the layers must not change after.
    const TensorIndex& tensorIndex() const { return m_tensorIndex.get(layers); }

  private:
    TensorIndexSlot m_tensorIndex;
};

} // namespace planscope
