#pragma once

#include "onnxmodel/ModelWeights.h"
#include "plan/EnginePlan.h"

#include <QCommandLineParser>
#include <memory>

namespace planscope {

// --onnx MODEL on the commands that print (summary, lint) or draw (report): the weights of the
// ONNX model the engine was built from, on the plan (PlanAnalysis::withModelWeights; PlanOptions'
// analysisFromArguments joins them). Reading a model takes ONNX and protobuf, which are in the
// app library: a command given --onnx runs there (runCli, namesModel), where cli/ModelOption
// installs the reader (installModelWeigher).
void addModelWeightsOption(QCommandLineParser& parser);
// Whether `arguments` (a command's) give --onnx.
bool namesModel(const QStringList& arguments);

using ModelWeigher = std::shared_ptr<const ModelWeights> (*)(const QString& model,
                                                             const EnginePlan& plan);
void installModelWeigher(ModelWeigher weigher);
// The weights of the model --onnx names on `plan`; null without --onnx (or without the option).
// Throws PlanError on bad input, and when no layer of the plan names a node of the model.
std::shared_ptr<const ModelWeights> modelWeightsFromArguments(const QCommandLineParser& parser,
                                                              const EnginePlan& plan);

} // namespace planscope
