#pragma once

#include "Layer.h"

#include <QStringList>

#include <nlohmann/json.hpp>

#include <vector>

namespace planscope {

// The engine graph as trex reads it (see docs in README: "How PlanScope reads a plan").
struct ParsedGraph {
    std::vector<Layer> layers;    // engine order; NoOps folded, constants set apart
    std::vector<Layer> constants;
    QStringList bindings;
    QStringList ignoredNames; // layers left out of `layers`: their profile records are skipped
    int profileCount = 1;     // optimization profiles found in the names
    bool namesOnly = false;   // exported without --profilingVerbosity=detailed
};

// Throws PlanError naming `path` when the document is not an engine graph or lacks `profile`.
ParsedGraph parseGraph(const nlohmann::json& document, const QString& path, int profile);

// Folds NoOp layers away as trex does: consumers read the NoOp's input instead, and a NoOp
// whose output is a binding hands that output to its producer.
void foldNoOps(std::vector<Layer>& layers, const QStringList& bindings);

} // namespace planscope
