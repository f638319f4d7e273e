#pragma once

#include "modules/ModuleTree.h"

#include <QByteArray>
#include <optional>
#include <vector>

namespace planscope {

// One module's time in two engines, each engine's layers attributed by the same rule
// (modules/ModulePath.h). A module one engine lacks (its layers fused into a parent's, or
// renamed) has no time there: missing, not 0.
struct ModuleDelta {
    QString path;
    QString name;
    int depth = 0;
    int parent = -1;           // index into ModuleComparison::modules; -1 the root
    std::vector<int> children; // by |delta|, largest first
    int moduleA = -1;          // index into ModuleComparison::a.modules, -1 when A lacks it
    int moduleB = -1;
    std::optional<double> aMs;
    std::optional<double> bMs;
    int aLayers = 0;
    int bLayers = 0;
    // The layers in no module (no ONNX node in their names): one row under the root, whose
    // times are the engines' totals, so its children add up to it.
    bool unattributed = false;

    std::optional<double> delta() const;   // B's time minus A's
    std::optional<double> speedup() const; // A's time over B's
};

struct ModuleComparison {
    ModuleTree a;
    ModuleTree b;
    // [0] the root (each engine's total time and layers), a parent before its children; the
    // unattributed layers' row, where either engine has such layers, under the root.
    std::vector<ModuleDelta> modules;
    // Every module but the root and the unattributed row, by |delta|, largest first; those one
    // engine lacks last.
    std::vector<int> byDelta() const;
};

ModuleComparison compareByModule(const EnginePlan& a, const EnginePlan& b);
// The same from the engines' module trees made already (a plan analysis's).
ModuleComparison compareModuleTrees(ModuleTree a, ModuleTree b);

// `planscope compare A B --by module --json`: {"a", "b", "a_total_ms", "b_total_ms",
// "modules": [{"path", "depth", "a_ms", "b_ms", "delta_ms", "speedup", "a_layers",
// "b_layers"}]} in byDelta order, and the CSV of the same rows.
OrderedJson moduleComparisonJson(const EnginePlan& a, const EnginePlan& b,
                                 const ModuleComparison& comparison);
QByteArray moduleComparisonCsv(const ModuleComparison& comparison);

} // namespace planscope
