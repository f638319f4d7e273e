#pragma once

#include "plan/EnginePlan.h"

#include <QStringList>
#include <QStringView>
#include <optional>
#include <vector>

namespace planscope {

// Where a layer sits in the model it was built from: the module path its ONNX nodes' names
// carry. PyTorch's exporter names a node by its module path ("/input_blocks.1/input_blocks.1.1/
// proj_in/Conv"), TensorFlow's by its scope ("resnet50/conv1_conv/Conv2D").

// A node's module: its name split on '/', empty pieces dropped, without the last piece (the
// op). "/a/b/Conv" -> {a, b}; "Conv_12" -> {} (the root).
QStringList moduleOfNode(QStringView node);

// The longest common prefix, by pieces, of `paths`; nullopt when there are none.
std::optional<QStringList> commonModule(const std::vector<QStringList>& paths);

// A module path as the tree keys it: its pieces joined by '/' ("a/b"; "" the root).
QString joinModule(const QStringList& pieces);

// The module of one layer, by its own name and Metadata, as a joined path:
// - the common module of the ONNX nodes its Metadata names;
// - without Metadata, the common module of the path-like pieces of its name (split on " + ",
//   "...", brackets and the ", " between a pointwise layer's nodes; a piece is path-like when
//   it holds '/'): "{ForeignNode[/a/Mul.../a/b/Add]}" -> {a};
// - nullopt when neither names a node (unattributed).
// A Reformatting CopyNode is left to layerModules, which gives it its target's module.
// `before`, the module of the layer before, is given back (its text shared) when it is this
// one's too: most layers are in the module of the layer before them.
std::optional<QString> moduleOfLayer(const Layer& layer,
                                     const std::optional<QString>& before = std::nullopt);

// Every layer's module (nullopt: unattributed), a Reformatting CopyNode without Metadata taking
// the module of the layer it was inserted for (as the comparison by ONNX op charges it), or of
// the target's name when no layer has it.
std::vector<std::optional<QString>> layerModules(const EnginePlan& plan);

} // namespace planscope
