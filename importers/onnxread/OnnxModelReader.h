#pragma once

#include "onnxmodel/OnnxGraph.h"
#include "plan/PlanError.h"

#include <QString>
#include <cstddef>
#include <span>

namespace planscope {

// Reads the ONNX model at `path`: its main graph's name, nodes and initializers (a Constant node's
// tensor one too, named by its output; values where they are: the model or its external data files
// beside it, mapped, never copied). The file is walked a field at a time (protobuf's
// CodedInputStream over the mapped file): one node or initializer is parsed at a time, so the model
// is never held twice. Subgraphs (If, Loop) and sparse initializers are not read. Throws PlanError
// naming the file and the fix when it is no ONNX model, is cut short, or its external data is
// missing.
OnnxGraph readOnnxModel(const QString& path);
// The same from bytes already in memory, which must outlive the graph (fuzzing); `path` names the
// model in errors and is where its external data files are looked for.
OnnxGraph parseOnnxModel(std::span<const std::byte> bytes, const QString& path);

// The error to throw when a model's figures were made while a file of it was cut short
// (OnnxGraph::wasCut).
PlanError cutShort(const QString& path);

} // namespace planscope
