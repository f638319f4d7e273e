#pragma once

#include "onnxmodel/ModelWeights.h"
#include "onnxmodel/OnnxGraph.h"

#include <QCommandLineParser>
#include <optional>

namespace planscope {

// The --onnx MODEL option of the commands that read the model a plan was built from (weights,
// export-overlay); they run in the app library, where the ONNX reader is.
void addModelOption(QCommandLineParser& parser, bool required);
// The model named by --onnx, read (importers/onnxread); nullopt when it is not given. Throws
// PlanError on bad input.
std::optional<OnnxGraph> modelFromArguments(const QCommandLineParser& parser);
// Throws PlanError (unmatchedModelText) when no layer of `plan` names a node of `model`.
void requireMatchedModel(const OnnxGraph& model, const EnginePlan& plan);
// The model at `path` read and weighed on `plan` (the ModelWeigher of cli/ModelWeightsOption:
// summary, lint and report --onnx); throws PlanError on bad input or a model the plan does not
// name.
std::shared_ptr<const ModelWeights> weighModelFile(const QString& path, const EnginePlan& plan);

} // namespace planscope
