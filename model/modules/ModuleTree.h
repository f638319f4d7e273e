#pragma once

#include "plan/EnginePlan.h"

#include <QString>
#include <optional>
#include <vector>

namespace planscope {

// Time spent on one precision or one layer type inside a module.
struct ModuleShare {
    QString key;
    double ms = 0; // the measured layers' averages
    int layers = 0;
};

// One module of the model an engine was built from (modules/ModulePath.h says which layers it
// holds). Its figures cover its layers and its submodules' layers, each layer once.
struct Module {
    QString path;  // "input_blocks.1/input_blocks.1.1"; "" the root
    QString name;  // the path's last piece; "" the root
    int depth = 0; // the root is 0
    int parent = -1;
    std::vector<int> children;  // heaviest first
    std::vector<int> ownLayers; // the layers whose module this is, in engine order
    int layers = 0;             // ownLayers here and in every submodule
    int measuredLayers = 0;
    // Missing without per-layer timings, or when no layer of it has a profile record.
    std::optional<double> ms;
    std::optional<double> selfMs;        // the own layers' time, not the submodules'
    std::vector<ModuleShare> precisions; // heaviest first
    std::vector<ModuleShare> types;
};

// The modules of a plan's layers as a tree. The layers the plan leaves out as trex does are in
// no module; a layer whose names carry no node is unattributed (outside the root).
struct ModuleTree {
    std::vector<Module> modules;    // [0] the root; a parent before its children
    std::vector<int> moduleOfLayer; // by layer index; -1 unattributed
    std::vector<int> unattributedLayers;
    std::optional<double> totalMs;        // every layer, as EnginePlan::totalAverageMs
    std::optional<double> unattributedMs; // the unattributed layers' (0 when there are none)

    const Module& root() const { return modules.front(); }
    // Whether any layer sits below the root: older exporters name nodes "Conv_12", no path.
    bool hasPaths() const { return !root().children.empty(); }
    // Whether the top-level modules fold the layers into a graph worth drawing: at most
    // kFoldingModules of them and at most a tenth of the layers. Names that carry one ONNX node
    // each give thousands of top-level modules of a layer or two: those do not fold.
    static constexpr std::size_t kFoldingModules = 200;
    bool folds() const;
    // The module at `path` ("a/b"; "" the root), or -1.
    int find(const QString& path) const;
    // The module's share of the plan's time, percent; missing without timings.
    std::optional<double> percent(const Module& module) const;
    // The modules depth first, heaviest first among siblings, down to `maxDepth` (-1: all).
    std::vector<int> preorder(int maxDepth = -1) const;
    // Every layer in the module or its submodules, in engine order.
    std::vector<int> layersUnder(int module) const;
    // The modules from the root down to `module`, both included.
    std::vector<int> ancestry(int module) const;
    // A per-layer figure (by layer index, NaN where missing) summed over each module, its
    // submodules' layers included, then over the unattributed layers (the last entry): missing
    // where none of the layers has it. The time above the speed of light per module.
    std::vector<std::optional<double>> sumOverModules(const std::vector<double>& perLayer) const;
};

ModuleTree buildModuleTree(const EnginePlan& plan);

// "a/b/c" -> "c"; the root is called "(model)".
QString moduleDisplayName(const Module& module);

} // namespace planscope
