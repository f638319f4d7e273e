#pragma once

#include "io/text/FileText.h"
#include "plan/IoTensor.h"
#include "plan/Layer.h"
#include "plan/PlanError.h"
#include "plan/PlanFacts.h"

#include <QByteArray>
#include <QStringList>
#include <vector>

namespace planscope {

// The engine graph as trex reads it (see "How a plan is read" in README.md).
struct ParsedGraph {
    std::vector<Layer> layers; // engine order; NoOps folded in the graph view, constants apart
    std::vector<Layer> constants;
    QStringList bindings;
    std::vector<IoTensor> ioTensors; // TensorRT 11's "I/O Tensors", empty before
    QStringList ignoredNames; // layers left out of `layers`: their profile records are skipped
    std::vector<GraphEntry> entries; // the file's layer list, each entry with where it went
    std::vector<Layer> setAside;     // this profile's NoOp and signal/wait/shape_call layers
    int profileCount = 1;            // optimization profiles found in the names
    bool namesOnly = false;          // exported without --profilingVerbosity=detailed
};

// Parses graph JSON text layer by layer (no whole-document tree, so large plans stay small).
// Throws PlanError naming `path` when the text is not an engine graph or lacks `profile`.
// `progress` (optional) hears 0-90 % while layers are read and may cancel.
ParsedGraph parseGraph(FileText& text, const QString& path, int profile,
                       const ProgressCallback& progress = {});

// Folds NoOp layers away as trex does, in the graph view only (Layer::graphInputs/Outputs):
// consumers read the NoOp's input instead, and a NoOp whose output is a binding hands that
// output to its producer. Exported tensors, and every figure taken from them, stay as they are.
void foldNoOps(std::vector<Layer>& layers, const QStringList& bindings);

// Marks the inputs of `layers` that no layer of `writers` writes and no binding names as
// constants (Tensor::constant), and counts their bytes as the layer's weights instead of its
// activations. Without bindings an input cannot be told from a constant: nothing is marked.
void markConstantInputs(std::vector<Layer>& layers,
                        const std::vector<const std::vector<Layer>*>& writers,
                        const QStringList& bindings);

} // namespace planscope
